//! The printing errors: input that cannot be read as puzzles, or options that cannot be laid out.

/// Why nothing was printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PrintError {
    /// A line (counting from 1) of the input is not a puzzle in any accepted shape.
    #[error("line {line}: {reason}")]
    Input {
        /// The line of the input.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The input holds no puzzle.
    #[error("no puzzle in the input")]
    Empty,
    /// Solutions were asked for, and a puzzle has none or several.
    #[error("line {number}: the puzzle has no unique solution")]
    NoUniqueSolution {
        /// The puzzle's line in the input.
        number: usize,
    },
    /// A paper name that is not one of the sizes (the name as given).
    #[error("unknown paper `{0}` (expected a4 or letter)")]
    UnknownPaper(String),
    /// A number of puzzles a page that no arrangement lays out.
    #[error("{0} puzzles per page: choose 1, 2, 4 or 6")]
    PerPage(usize),
}
