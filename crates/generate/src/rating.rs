//! Difficulty targets and ratings: what `--level`, `--se` and `--classic` ask for, and the
//! ratings (from nonet-logic) the generator checks them against.
//!
//! The final word on a puzzle's difficulty is always nonet-logic's full rating (`rate_se`,
//! `rate_classic`), the same one `nonet rate` prints, so a generated puzzle's level and
//! `nonet rate --scale level` agree by construction. While digging, a cheaper *capped* check
//! keeps the puzzle under the target's upper bound: it follows Sudoku Explainer's steps only
//! while they stay under the cap and stops at the first step above it, never running the
//! expensive chain searches a harder puzzle would need.

use nonet_core::{PencilMarks, Puzzle, Sudoku};
use nonet_logic::rate::{
    rate_classic, rate_se, rate_se_at_most, rate_se_unchecked, ClassicRating, Level, SeOutcome,
};
use nonet_logic::Technique;

use crate::error::{GenerateError, Impossible};
use crate::grid::{self, Geometry, Singles};

/// A puzzle's ratings, as `nonet rate` gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Sudoku Explainer's ER (hardest step), one decimal.
    pub er: f64,
    /// SE's EP (hardest step up to the first placement).
    pub ep: f64,
    /// SE's ED (first step).
    pub ed: f64,
    /// The level derived from ER.
    pub level: Level,
    /// The classic grade: 0, 3 or 5.
    pub classic: u8,
    /// The technique of the hardest step, if any.
    pub hardest: Option<Technique>,
}

impl Rating {
    /// Rates a puzzle that has a unique solution (nonet-logic's full SE and classic ratings).
    pub fn of(puzzle: &Sudoku) -> Rating {
        let se = rate_se_unchecked(&puzzle.into());
        let classic = grade(rate_classic(&puzzle.into()));
        Rating {
            er: se.er,
            ep: se.ep,
            ed: se.ed,
            level: se.level(),
            classic,
            hardest: se.hardest,
        }
    }
}

/// The classic grade of a rating outcome: 0, 3 or 5.
fn grade(classic: Result<ClassicRating, nonet_logic::rate::RateError>) -> u8 {
    match classic {
        Ok(ClassicRating::Elimination) => 0,
        Ok(ClassicRating::NakedPairs) => 3,
        // Guessing; the other outcomes cannot happen for a unique puzzle.
        _ => 5,
    }
}

/// The generator's one way to rate a puzzle (unique on its layout): nonet-logic's ratings, with
/// Sudoku Explainer's rules over the layout's houses on a variant (`nonet rate --variant`'s).
/// `None` only if the puzzle is not unique (the generator's puzzles always are).
pub(crate) fn rate(puzzle: &Puzzle) -> Option<Rating> {
    let SeOutcome::Rated(se) = rate_se(puzzle).ok()? else {
        return None;
    };
    Some(Rating {
        er: se.er,
        ep: se.ep,
        ed: se.ed,
        level: se.level(),
        classic: grade(rate_classic(puzzle)),
        hardest: se.hardest,
    })
}

/// The difficulty asked for. Every part given must hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Target {
    /// A player level (as nonet-logic derives it from ER).
    pub level: Option<Level>,
    /// An inclusive band of SE ER values (`--se MIN..MAX`).
    pub se: Option<(f64, f64)>,
    /// The classic grade (0, 3 or 5).
    pub classic: Option<u8>,
}

/// ER in tenths, the precision ratings are given in (2.6 may arrive as 2.6000000000000005).
pub(crate) fn tenths(er: f64) -> i64 {
    (er * 10.0).round() as i64
}

/// The ER band of a level, in tenths (the level's own thresholds, from nonet-core).
fn level_band(level: Level) -> (i64, i64) {
    let (lo, hi) = level.er_tenths();
    (lo, hi.unwrap_or(i64::MAX))
}

impl Target {
    /// The effective ER band in tenths (level and `se` intersected), if any part asks for one.
    fn er_band(&self) -> Option<(i64, i64)> {
        let mut band: Option<(i64, i64)> = None;
        let mut meet = |(lo, hi): (i64, i64)| {
            band = Some(match band {
                None => (lo, hi),
                Some((a, b)) => (a.max(lo), b.min(hi)),
            });
        };
        if let Some(level) = self.level {
            meet(level_band(level));
        }
        if let Some((lo, hi)) = self.se {
            meet((tenths(lo), tenths(hi)));
        }
        band
    }

    pub(crate) fn validate(&self) -> Result<(), GenerateError> {
        if let Some((lo, hi)) = self.se {
            if !(lo.is_finite() && hi.is_finite()) || lo > hi {
                return Err(Impossible::EmptyErBand(lo, hi).into());
            }
            if tenths(lo) > 120 {
                return Err(Impossible::ErTooHigh(lo).into());
            }
            if tenths(hi) < 10 {
                return Err(Impossible::ErTooLow(hi).into());
            }
        }
        if let Some((lo, hi)) = self.er_band() {
            if lo > hi {
                return Err(Impossible::LevelOutsideBand.into());
            }
        }
        if let Some(c) = self.classic {
            if ![0, 3, 5].contains(&c) {
                return Err(Impossible::ClassicGrade(c).into());
            }
            // Elimination alone (classic 0) only uses naked singles, rated 2.3 at most by SE;
            // below that only hidden singles would remain, which classic 0 does not use, but
            // puzzles solved by both exist, so only a band above 2.3 truly conflicts.
            if let Some((lo, _)) = self.er_band() {
                if c == 0 && lo > 23 {
                    return Err(Impossible::ClassicZeroAboveSingles.into());
                }
            }
        }
        Ok(())
    }

    pub(crate) fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(level) = self.level {
            out.push(format!("level {level}"));
        }
        if let Some((lo, hi)) = self.se {
            out.push(format!("ER {lo:.1}..{hi:.1}"));
        }
        if let Some(c) = self.classic {
            out.push(format!("classic {c}"));
        }
        out
    }

    /// The parts of the band a puzzle may aim at (inclusive, in tenths): the band's tenths
    /// cut into as many runs of nearly equal length as make them at most `PART` long, when the
    /// band has an upper end and more than one value (every level but extreme, `--se
    /// MIN..MAX`).
    pub(crate) fn parts(&self) -> Option<Vec<(i64, i64)>> {
        const PART: i64 = 2;
        let (lo, hi) = match self.er_band() {
            // No step rates under 1.0 nor above 20.0.
            Some((lo, hi)) if hi < i64::MAX => (lo.max(10), hi.min(200)),
            _ => return None,
        };
        let n = hi - lo + 1;
        if n < 2 {
            return None;
        }
        let k = (n + PART - 1) / PART;
        Some(
            (0..k)
                .map(|i| (lo + n * i / k, lo + n * (i + 1) / k - 1))
                .collect(),
        )
    }

    /// This target narrowed to the ER values `lo..=hi` (in tenths): a dig bounded by it goes up
    /// to `hi`, and only those values are accepted.
    pub(crate) fn within(&self, (lo, hi): (i64, i64)) -> Target {
        Target {
            se: Some((lo as f64 / 10.0, hi as f64 / 10.0)),
            ..*self
        }
    }

    pub(crate) fn needs_rating(&self) -> bool {
        self.er_band().is_some() || self.classic.is_some()
    }

    pub(crate) fn has_upper_bound(&self) -> bool {
        self.er_band().is_some_and(|(_, hi)| hi < i64::MAX) || matches!(self.classic, Some(0 | 3))
    }

    /// Whether the puzzle (unique on `geo`'s layout) is still at or under the target's upper
    /// bounds, rated on that layout.
    pub(crate) fn fits_upper(&self, geo: &Geometry, puzzle: &[u8; 81]) -> bool {
        let on_layout = || {
            Puzzle::new(
                Sudoku::from_bytes(*puzzle).expect("digits 0-9"),
                geo.layout().clone(),
            )
        };
        match self.classic {
            Some(0) => {
                let s = on_layout();
                if !PencilMarks::after_elimination(&s).is_solved() {
                    return false;
                }
            }
            Some(3) => {
                let s = on_layout();
                if matches!(rate_classic(&s), Ok(ClassicRating::Guessing)) {
                    return false;
                }
            }
            _ => {}
        }
        match self.er_band() {
            Some((_, hi)) if hi < i64::MAX => {
                // Hidden singles alone: ER at most 1.5, and no rater needed.
                if hi >= 15 && grid::solves_with_singles(geo, puzzle, Singles::Hidden) {
                    return true;
                }
                capped_er(&on_layout(), hi).is_some()
            }
            _ => true,
        }
    }

    /// Whether a finished puzzle's rating is on target.
    pub(crate) fn accepts(&self, rating: &Rating) -> bool {
        if let Some((lo, hi)) = self.er_band() {
            let er = tenths(rating.er);
            if er < lo || er > hi {
                return false;
            }
        }
        if let Some(level) = self.level {
            if rating.level != level {
                return false;
            }
        }
        self.classic.is_none_or(|c| c == rating.classic)
    }
}

/// SE's ER for `puzzle` on its layout in tenths if it is at most `cap` tenths, else `None`,
/// without ever searching for a step harder than the cap
/// (`nonet_logic::rate::rate_se_at_most`).
pub(crate) fn capped_er(puzzle: &Puzzle, cap: i64) -> Option<i64> {
    rate_se_at_most(puzzle, cap as f64 / 10.0).map(tenths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_bands_come_from_the_levels_thresholds_not_a_copy() {
        // The generator once kept its own copy of the lower ends; these are RATING.md §3's.
        let bands: Vec<_> = Level::ALL.into_iter().map(level_band).collect();
        assert_eq!(
            bands,
            [(0, 15), (16, 26), (27, 45), (46, 66), (67, i64::MAX)]
        );
    }

    #[test]
    fn bands_intersect() {
        let t = Target {
            level: Some(Level::Hard),
            se: Some((3.0, 9.0)),
            classic: None,
        };
        assert_eq!(t.er_band(), Some((30, 45)));
        assert_eq!(
            t.parts(),
            Some(vec![
                (30, 31),
                (32, 33),
                (34, 35),
                (36, 37),
                (38, 39),
                (40, 41),
                (42, 43),
                (44, 45)
            ])
        );
        let expert = Target {
            level: Some(Level::Expert),
            ..Target::default()
        };
        // 21 tenths: eleven parts of one or two, the top one 6.5-6.6.
        let parts = expert.parts().unwrap();
        assert_eq!(parts.len(), 11);
        assert_eq!((parts[0], parts[10]), ((46, 46), (65, 66)));
        assert!(parts.windows(2).all(|w| w[0].1 + 1 == w[1].0));
        assert_eq!(expert.within((52, 54)).er_band(), Some((52, 54)));
        let extreme = Target {
            level: Some(Level::Extreme),
            ..Target::default()
        };
        assert_eq!(extreme.parts(), None);
        let bad = Target {
            level: Some(Level::Easy),
            se: Some((3.0, 9.0)),
            classic: None,
        };
        assert!(bad.validate().is_err());
        assert!(Target {
            classic: Some(4),
            ..Target::default()
        }
        .validate()
        .is_err());
    }
}
