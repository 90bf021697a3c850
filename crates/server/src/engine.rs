//! The bridge to the engine crates: checking a player's own puzzle, generating puzzles by level
//! and seed (`nonet-generate`), rating (`nonet-logic`'s rater) and the next logical step with its
//! explanation (`nonet-logic`'s path and explain modules).
//!
//! Everything here is CPU work without I/O; the API runs it on the blocking thread pool.

use nonet_core::{PencilMarks, Solutions, Sudoku};
use nonet_logic::Step;

/// The levels a player picks from, easiest first, with the upper bound of Sudoku Explainer's ER
/// for each (RATING.md section 3; `extreme` has none).
pub const LEVELS: [(&str, Option<f64>); 5] = [
    ("easy", Some(1.5)),
    ("medium", Some(2.6)),
    ("hard", Some(4.5)),
    ("expert", Some(6.6)),
    ("extreme", None),
];

/// Why the engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// This build lacks the part needed (reported as 503 so the page can say so).
    #[error("{0} is not available in this build yet")]
    Unavailable(&'static str),
    /// The engine failed to produce a puzzle (for example it timed out).
    #[error("{0}")]
    Failed(String),
}

/// What checking a player's puzzle found.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleCheck {
    /// Two givens clash (so there is no solution); the sentence says which.
    Clash(String),
    /// No way to fill the grid.
    NoSolution,
    /// Two or more solutions.
    Several,
    /// Exactly one solution, with the rating when the rater is available.
    Unique {
        /// The solution.
        solution: Sudoku,
        /// ER and level name.
        rating: Option<(f64, &'static str)>,
    },
}

/// Checks a puzzle: clashing givens, no solution, several, or one (then rated).
pub fn check_puzzle(puzzle: &Sudoku) -> PuzzleCheck {
    if let Err(conflict) = puzzle.check() {
        return PuzzleCheck::Clash(format!("the givens break a rule: {conflict}"));
    }
    match puzzle.solutions() {
        Solutions::None => PuzzleCheck::NoSolution,
        Solutions::Multiple(_) => PuzzleCheck::Several,
        Solutions::Unique(solution) => PuzzleCheck::Unique {
            solution,
            rating: rate(puzzle),
        },
    }
}

/// The level name of an ER value.
pub fn level_of(er: f64) -> &'static str {
    LEVELS
        .iter()
        .find(|(_, max)| max.map_or(true, |m| er <= m + 1e-9))
        .map_or("extreme", |(name, _)| name)
}

/// The ER rating and level of a puzzle with a unique solution, when the rater is available.
pub fn rate(_puzzle: &Sudoku) -> Option<(f64, &'static str)> {
    None
}

/// A new puzzle of `level` from `seed`, with its solution and rating.
pub fn generate(_level: &str, _seed: u64) -> Result<(Sudoku, Sudoku, Option<f64>), EngineError> {
    Err(EngineError::Unavailable("the puzzle generator"))
}

/// The next logical step from a position, `None` when the solver finds none.
pub fn next_step(_position: &PencilMarks) -> Result<Option<Step>, EngineError> {
    Err(EngineError::Unavailable("the logical solver"))
}

/// The explanation sentence of a step.
pub fn explain(step: &Step) -> String {
    step.technique.name().to_string()
}
