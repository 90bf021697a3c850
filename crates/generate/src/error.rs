//! The generator's errors: options that can never be met, and targets not met in time.

use std::time::Duration;

use nonet_core::{Variant, VariantError};
use nonet_logic::Technique;

use crate::symmetry::Symmetry;

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The options contradict each other or ask for the impossible (checked before any work).
    #[error("impossible target: {0}")]
    Impossible(Impossible),
    /// The caller asked the search to stop (see `Generator::generate_observed`).
    #[error("cancelled")]
    Cancelled,
    /// The target was not met within the number of attempts allowed.
    #[error("no puzzle matching {target} found in {attempts} attempts; loosen the target")]
    GaveUp {
        /// A description of what was asked for.
        target: String,
        /// Puzzles built and rejected.
        attempts: u64,
    },
    /// The target was not met within the caller's time limit.
    #[error(
        "no puzzle matching {target} found in {:.1} s ({attempts} attempts); \
         loosen the target or raise --timeout",
        elapsed.as_secs_f64()
    )]
    Timeout {
        /// A description of what was asked for.
        target: String,
        /// Puzzles built and rejected.
        attempts: u64,
        /// Time spent.
        elapsed: Duration,
    },
}

/// What makes a set of options impossible to meet, found before any work (its message says why
/// in the player's terms).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Impossible {
    /// The variant and region map give no layout (a jigsaw without its map, ...).
    #[error("{0}")]
    Layout(#[from] VariantError),
    /// The region map asked for does not have the symmetry asked for.
    #[error(
        "symmetry {0} on a region map without it: a jigsaw's givens keep a symmetry of its \
         regions (leave out --regions for random maps with it)"
    )]
    SymmetryOffRegions(Symmetry),
    /// The region map admits no filled grid.
    #[error("no {0} grid fits these regions: an empty grid on them has no solution")]
    NoGrid(Variant),
    /// `--clues LO..HI` with LO above HI.
    #[error("clue range {0}..{1} is empty")]
    EmptyClueRange(usize, usize),
    /// At most `hi` clues, under the fewest a unique puzzle of the variant has.
    #[error(
        "at most {hi} clues: no {} with fewer than {floor} clues has a unique solution",
        sudoku_of(*variant)
    )]
    TooFewClues {
        /// The most clues asked for.
        hi: usize,
        /// The fewest clues a unique puzzle of the variant has.
        floor: usize,
        /// The variant.
        variant: Variant,
    },
    /// At least more clues than a grid has cells.
    #[error("at least {0} clues: a grid has 81 cells")]
    TooManyClues(usize),
    /// A minimal puzzle with more clues than any minimal puzzle known.
    #[error("a minimal puzzle with at least {0} clues: minimal puzzles have at most 40")]
    MinimalTooMany(usize),
    /// A drill position asked for without a technique to drill.
    #[error("a drill position (at start) needs a technique to drill")]
    DrillWithoutTechnique,
    /// Trial and error asked for as a technique.
    #[error("trial and error is a guess, not a technique: no puzzle is made to need it")]
    Guess,
    /// A form Sudoku Explainer's rating uses that the explaining path never does.
    #[error(
        "{0} is part of Sudoku Explainer's rating only: the explaining path never uses it (see \
         `nonet explain --list-techniques`)"
    )]
    RatingOnly(Technique),
    /// A technique of SE's chaining engine, asked for on a variant.
    #[error(
        "{0} is not used on the {1} layout: Sudoku Explainer's chains know only the standard \
         houses"
    )]
    StandardOnly(Technique, Variant),
    /// A technique no measured dig left as a puzzle's hardest step.
    #[error(
        "{0} is too rare to target: no dig measured left a puzzle whose hardest step it is (see \
         docs/generator.md, \"Techniques\")"
    )]
    TooRare(Technique),
    /// An ER band whose ends are not numbers or are the wrong way round.
    #[error("ER band {0}..{1} is empty")]
    EmptyErBand(f64, f64),
    /// An ER band above the hardest puzzles known.
    #[error("ER at least {0:.1}: the hardest puzzles known rate 11.9")]
    ErTooHigh(f64),
    /// An ER band below the easiest step.
    #[error("ER at most {0:.1}: the easiest step rates 1.0")]
    ErTooLow(f64),
    /// A level and an ER band that share no value.
    #[error("the level and the ER band do not overlap")]
    LevelOutsideBand,
    /// A classic grade the classic scale does not have.
    #[error("classic grade {0}: the classic scale has 0, 3 and 5")]
    ClassicGrade(u8),
    /// Classic 0 (naked singles only) with an ER band above what naked singles rate.
    #[error("classic 0 (naked singles only) never rates above ER 2.3")]
    ClassicZeroAboveSingles,
}

impl From<Impossible> for GenerateError {
    fn from(why: Impossible) -> GenerateError {
        GenerateError::Impossible(why)
    }
}

/// "Sudoku", or "jigsaw Sudoku" and the like for a variant.
fn sudoku_of(variant: Variant) -> String {
    if variant.is_standard() {
        "Sudoku".to_string()
    } else {
        format!("{variant} Sudoku")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{targetable, GenerateOptions, Generator, Target};

    #[test]
    fn impossible_targets_are_typed_with_the_same_words() {
        let with = |f: fn(&mut GenerateOptions)| {
            let mut o = GenerateOptions::default();
            f(&mut o);
            Generator::new(o).err()
        };
        let cases = [
            (
                with(|o| o.clues = Some((30, 20))),
                Impossible::EmptyClueRange(30, 20),
                "clue range 30..20 is empty",
            ),
            (
                with(|o| o.clues = Some((10, 16))),
                Impossible::TooFewClues {
                    hi: 16,
                    floor: 17,
                    variant: Variant::STANDARD,
                },
                "at most 16 clues: no Sudoku with fewer than 17 clues has a unique solution",
            ),
            (
                with(|o| {
                    o.target = Target {
                        se: Some((12.5, 13.0)),
                        ..Target::default()
                    }
                }),
                Impossible::ErTooHigh(12.5),
                "ER at least 12.5: the hardest puzzles known rate 11.9",
            ),
            (
                with(|o| o.at_start = true),
                Impossible::DrillWithoutTechnique,
                "a drill position (at start) needs a technique to drill",
            ),
            (
                targetable(Technique::TrialAndError, Variant::STANDARD).err(),
                Impossible::Guess,
                "trial and error is a guess, not a technique: no puzzle is made to need it",
            ),
        ];
        for (got, want, words) in cases {
            assert_eq!(got, Some(GenerateError::Impossible(want)), "{words}");
            assert_eq!(
                got.unwrap().to_string(),
                format!("impossible target: {words}")
            );
        }
    }
}
