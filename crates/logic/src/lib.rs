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
//! use nonet_core::{Sudoku, STANDARD};
//! use nonet_logic::{rate, HintLevel, Teacher, Technique};
//!
//! let puzzle = Sudoku::from_line(
//!     "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
//! )
//! .unwrap();
//! let path = Teacher::new().path(&puzzle.into()).unwrap();
//! assert!(path.is_solved());
//! let first = &path.steps[0];
//! assert_eq!(first.technique, Technique::HiddenSingleBox);
//! assert_eq!(first.difficulty, Some(1.2)); // Sudoku Explainer's difficulty of the step
//! println!("{}", first.explanation(&STANDARD));
//! println!("{}", first.hint_text(HintLevel::Technique, &STANDARD)); // "Look for a Hidden Single."
//!
//! let rating = rate::rate_se_unchecked(&puzzle.into());
//! assert_eq!(rating.level(), rate::Level::from_er(rating.er));
//! ```
//!
//! **Invariant:** depends on `nonet-core` only; no I/O, no clock, no global state.

#![forbid(unsafe_code)]

// The modules behind the front door: private, reached from outside only through the root
// re-exports, the `rate` module and `internals`.
mod board;
mod chains;
mod check;
mod difficulty;
mod explain;
mod observer;
mod path;
mod position;
pub mod rate;
mod se;
mod step;
mod teacher;
mod technique;
mod techniques;

pub use check::{chain_candidates, CheckError, Claim, Outcome, Verdict};
pub use explain::{HintLevel, LinkReason, LinkWords, UnknownHintLevel};
pub use observer::{Observer, Stopped};
pub use path::{Hint, Mistake, Path, PathError};
pub use step::{
    Candidate, CandidateSet, CandidateSetIter, Chain, ChainLink, ChainNode, LinkKind, Step,
};
pub use teacher::Teacher;
pub use technique::{Family, Technique, UnknownTechnique};

/// Not part of the interface: the engine's inner parts, for the crate's own tests, examples and
/// fuzz targets; no stability. Each item here is one that such a caller needs and that the front
/// door does not give (a single technique's finder on a position, SE's rating loop stage by
/// stage, the path's options without a [`Teacher`]). Programs use the items at the crate root.
/// Its modules mirror the crate's own, so an item that moves or is renamed inside the crate
/// changes one line here and its callers' imports.
#[doc(hidden)]
pub mod internals {
    /// The path's loop: its options, its order and its steps one at a time.
    pub mod path {
        pub use crate::path::{apply, next_step_or_guess, PathOptions, ORDER};
    }

    /// The candidate board both policies read (`se::Grid` dereferences to it).
    pub use crate::board::Board;

    /// The board the techniques search.
    pub use crate::position::Position;

    /// The techniques' finders, one technique or family at a time.
    pub mod techniques {
        pub use crate::techniques::{find, find_family};

        /// The almost-locked-set searches.
        pub mod als {
            pub use crate::techniques::als::MAX_STEPS;
        }

        /// The uniqueness finders.
        pub mod uniqueness {
            pub use crate::techniques::uniqueness::rectangles;
        }
    }

    /// Sudoku Explainer's rating loop and its board.
    pub mod se {
        pub use crate::se::grid::{Geometry, Grid};
        pub use crate::se::{
            next_basic_hint, rate_grid_observed, rate_grid_with, rate_sudoku, round1, stage_hint,
            Memory, Truth,
        };
        /// SE's producers in its order, from the technique catalogue.
        pub use crate::technique::{SeProducer, SeStage, SE_ORDER};

        /// The uniqueness producers.
        pub mod unique {
            pub use crate::se::unique::{bug, unique_loops, Loops};
        }
    }

    /// Sudoku Explainer's forcing chains, level by level.
    pub mod chains {
        pub use crate::chains::{
            find_forcing_chains, se_chains_with, se_static_chains_with, ChainLevel,
        };
    }
}
