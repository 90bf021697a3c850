//! # nonet-core
//!
//! The engine core of nonet: the board's vocabulary ([`Digit`], [`Cell`], [`House`],
//! [`DigitSet`], [`CellSet`]), the [`Layout`] that describes houses as data, the [`Sudoku`] front
//! door (read, write, check, solve, count), the [`Puzzle`] that carries its givens' layout (the
//! same questions on any variant), the [`Clues`] of a puzzle edited clue by clue, the
//! [`PencilMarks`] of a position on its layout, and two solvers that always agree: a fast
//! bit-parallel one and a simple reference one.
//!
//! **Invariant:** this crate does no I/O and knows nothing of HTTP, JSON or SQL.

// One module opts in: `fast::bmi`, the solver compiled for newer x86-64 instructions, called
// after checking the processor has them.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod cell;
mod clues;
mod digit;
mod error;
mod fast;
mod format;
mod generic;
mod house;
mod level;
mod pencil;
mod puzzle;
mod reference;
mod region;
mod sudoku;
mod variant;

pub use cell::{Cell, CellSet, CellSetIter};
pub use clues::Clues;
pub use digit::{Digit, DigitSet, DigitSetIter};
pub use error::{Conflict, ParseError, ParseErrorKind, PuzzleError};
pub use house::{House, HouseKind, HouseName, Layout, STANDARD};
pub use level::{Level, UnknownLevel};
pub use pencil::PencilMarks;
pub use puzzle::Puzzle;
pub use region::{RegionMap, RegionMapError};
pub use sudoku::{Solutions, Solver, Sudoku, Uniqueness};
pub use variant::{Variant, VariantError};
