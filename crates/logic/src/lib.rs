//! # nonet-logic
//!
//! The human-style logical solver: techniques that find named steps on a pencil-mark position,
//! the path that applies the easiest step until solved, explanations rendered from each step's
//! data, and the difficulty ratings built on them.
//!
//! The front door is small: [`Teacher`] (next step, whole path, hint, mistake check, and the
//! check of a player's own step: [`Claim`], [`Verdict`]), [`Step`] (a step as data that
//! explains itself and carries Sudoku Explainer's difficulty), the technique catalogue
//! ([`Technique`], [`Family`]) and the [`rate`] module (classic scale, SE's ER/EP/ED, player
//! levels).
//!
//! ```
//! use nonet_core::Sudoku;
//! use nonet_logic::{rate, HintLevel, Teacher, Technique};
//!
//! let puzzle = Sudoku::from_line(
//!     "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
//! )
//! .unwrap();
//! let path = Teacher::new().path(&puzzle).unwrap();
//! assert!(path.is_solved());
//! let first = &path.steps[0];
//! assert_eq!(first.technique, Technique::HiddenSingleBox);
//! assert_eq!(first.difficulty, Some(1.2)); // Sudoku Explainer's difficulty of the step
//! println!("{}", first.explanation());
//! println!("{}", first.hint_text(HintLevel::Technique)); // "Look for a Hidden Single."
//!
//! let rating = rate::rate_se_unchecked(&puzzle);
//! assert_eq!(rating.level(), rate::Level::from_er(rating.er));
//! ```
//!
//! **Invariant:** depends on `nonet-core` only; no I/O, no clock, no global state.

#![forbid(unsafe_code)]

// The modules behind the front door. They stay reachable for the crate's own tests, fuzz
// targets and tools, but are not part of the documented interface.
#[doc(hidden)]
pub mod board;
#[doc(hidden)]
pub mod chains;
mod check;
mod difficulty;
#[doc(hidden)]
pub mod explain;
#[doc(hidden)]
pub mod path;
#[doc(hidden)]
pub mod position;
pub mod rate;
#[doc(hidden)]
pub mod se;
#[doc(hidden)]
pub mod step;
mod teacher;
pub mod technique;
#[doc(hidden)]
pub mod techniques;

pub use check::{CheckError, Claim, Outcome, Verdict};
pub use explain::{HintLevel, LinkReason, LinkWords, UnknownHintLevel};
pub use path::{Hint, Mistake, Path, PathError};
pub use step::{
    Candidate, CandidateSet, CandidateSetIter, Chain, ChainLink, ChainNode, LinkKind, Step,
};
pub use teacher::Teacher;
pub use technique::{Family, Technique};
