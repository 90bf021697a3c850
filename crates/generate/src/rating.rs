//! Difficulty targets and ratings: what `--level`, `--se` and `--classic` ask for, and the
//! ratings (from nonet-logic) the generator checks them against.

use nonet_core::Sudoku;

use crate::error::GenerateError;

/// A puzzle's ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Sudoku Explainer's ER (hardest step).
    pub er: f64,
    /// SE's EP (hardest step up to the first placement).
    pub ep: f64,
    /// SE's ED (first step).
    pub ed: f64,
    /// The classic grade: 0, 3 or 5.
    pub classic: u8,
}

impl Rating {
    /// Rates a puzzle with a unique solution.
    pub fn of(_puzzle: &Sudoku) -> Rating {
        unreachable!("ratings are wired in when nonet-logic's rater lands")
    }
}

/// The difficulty asked for. All parts given must hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Target {
    /// An inclusive band of SE ER values.
    pub se: Option<(f64, f64)>,
    /// The classic grade (0, 3 or 5).
    pub classic: Option<u8>,
}

impl Target {
    pub(crate) fn validate(&self) -> Result<(), GenerateError> {
        if self.se.is_some() || self.classic.is_some() {
            return Err(GenerateError::Impossible(
                "difficulty targets need nonet-logic's rater, which is not in this build yet"
                    .into(),
            ));
        }
        Ok(())
    }

    pub(crate) fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some((lo, hi)) = self.se {
            out.push(format!("ER {lo:.1}..{hi:.1}"));
        }
        if let Some(c) = self.classic {
            out.push(format!("classic {c}"));
        }
        out
    }

    pub(crate) fn needs_rating(&self) -> bool {
        self.se.is_some() || self.classic.is_some()
    }

    pub(crate) fn has_upper_bound(&self) -> bool {
        self.needs_rating()
    }

    pub(crate) fn fits_upper(&self, _puzzle: &[u8; 81]) -> bool {
        true
    }

    pub(crate) fn accepts(&self, _rating: &Rating) -> bool {
        true
    }
}
