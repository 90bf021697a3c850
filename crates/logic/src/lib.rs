//! # nonet-logic
//!
//! The human-style logical solver: techniques that find named steps on a pencil-mark position,
//! the path that applies the easiest step until solved, explanations rendered from each step's
//! data, and the difficulty ratings built on them.
//!
//! **Invariant:** depends on `nonet-core` only; no I/O.

#![forbid(unsafe_code)]

pub mod chains;
mod difficulty;
pub mod explain;
pub mod path;
pub mod position;
pub mod rate;
pub mod se;
pub mod step;
pub mod technique;
pub mod techniques;

pub use step::{Candidate, Chain, ChainLink, ChainNode, LinkKind, Step};
pub use technique::Technique;
