//! The bridge to the engine crates: checking a player's own puzzle, generating puzzles by level
//! and seed (`nonet-generate`), rating (`nonet-logic`'s rater) and the next logical step with its
//! explanation (`nonet-logic`'s path and explain modules).
//!
//! Everything here is CPU work without I/O; the API runs it on the blocking thread pool.

use nonet_core::{PencilMarks, Solutions, Sudoku};
use nonet_logic::path::{self, PathOptions};
use nonet_logic::{rate, Step};

/// The levels a player picks from, easiest first (nonet-logic's [`rate::Level`]).
pub fn levels() -> impl Iterator<Item = rate::Level> {
    rate::Level::ALL.into_iter()
}

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

/// The ER rating (Sudoku Explainer's scale) and level of a puzzle with a unique solution.
pub fn rate(puzzle: &Sudoku) -> Option<(f64, &'static str)> {
    let r = rate::rate_se_unchecked(puzzle);
    Some((r.er, r.level().name()))
}

/// A new puzzle of `level` from `seed`, with its solution and rating.
pub fn generate(_level: &str, _seed: u64) -> Result<(Sudoku, Sudoku, Option<f64>), EngineError> {
    Err(EngineError::Unavailable("the puzzle generator"))
}

/// The next logical step from a player's position (normalised first: candidates that clash
/// with placed digits dropped), falling back on a guess from `solution` when no technique
/// applies. `None` only when the position is solved or broken.
pub fn next_step(position: &PencilMarks, solution: &Sudoku) -> Option<Step> {
    let pm = path::normalize(position);
    path::next_step_or_guess(&pm, &PathOptions::default(), Some(solution))
}

/// The sentence shown with a step: what the pattern is and what it does.
pub fn explain(step: &Step) -> String {
    let list = |cs: &[nonet_logic::Candidate]| {
        cs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = step.technique.name().to_string();
    if !step.houses.is_empty() {
        let houses: Vec<String> = step.houses.iter().map(ToString::to_string).collect();
        out.push_str(&format!(" in {}", houses.join(", ")));
    }
    if !step.digits.is_empty() {
        let ds: Vec<String> = step.digits.iter().map(|d| d.to_string()).collect();
        out.push_str(&format!(" on {}", ds.join(", ")));
    }
    let mut parts = Vec::new();
    if !step.placements.is_empty() {
        let p: Vec<String> = step
            .placements
            .iter()
            .map(|c| format!("{} in {}", c.digit, c.cell))
            .collect();
        parts.push(format!("places {}", p.join(", ")));
    }
    if !step.eliminations.is_empty() {
        parts.push(format!("removes {}", list(&step.eliminations)));
    }
    if !parts.is_empty() {
        out.push_str(": ");
        out.push_str(&parts.join(" and "));
    }
    out.push('.');
    out
}
