//! # nonet-generate
//!
//! The puzzle generator: seeded and reproducible, every puzzle with exactly one solution,
//! optionally minimal and symmetric, at a target difficulty.
//!
//! ```
//! use nonet_generate::{GenerateOptions, Generator, Symmetry};
//!
//! let generator = Generator::new(GenerateOptions {
//!     symmetry: Symmetry::Rot180,
//!     ..GenerateOptions::default()
//! })
//! .unwrap();
//! let first = generator.generate_nth(2024, 0).unwrap();
//! assert!(first.puzzle.has_unique_solution());
//! // The same seed gives the same puzzle, on any machine, in any thread.
//! assert_eq!(generator.generate_nth(2024, 0).unwrap().puzzle, first.puzzle);
//! ```
//!
//! How it works: a random complete grid (random boxes and first row, completed by nonet-core's
//! solver in its fixed order, then shuffled by validity-keeping moves), then clues are emptied one
//! symmetry orbit at a time in random order, each removal kept only if the solution stays unique
//! (checked with nonet-core's solver, after a one-step deduction shortcut) and the puzzle stays
//! within the difficulty's upper bound. See `docs/generator.md`.
//!
//! Any layout of nonet-core (`GenerateOptions::variant`: jigsaw, X-Sudoku, Windoku, combined)
//! is generated the same way from the layout's own houses: a jigsaw puzzle gets a random region
//! map from its seed (or the fixed `GenerateOptions::regions`), uniqueness and minimality hold on
//! the layout, and difficulty targets are rated over the layout's houses.
//!
//! **Invariant:** all randomness comes from [`PuzzleRng`], keyed by the puzzle's seed alone; no
//! thread, clock or global state can change a puzzle. The engine reads no clock: a caller's
//! deadline, checked between attempts and between a climb's rated moves through
//! [`Generator::generate_observed`], only turns a result into an error.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod climb;
mod error;
mod generator;
mod grid;
mod rating;
mod regions;
mod rng;
mod symmetry;
mod technique;

/// The version of the generating algorithm. A seed and options name the same puzzle for as long
/// as this stays the same; it is bumped whenever a change alters any generated puzzle. Version 4:
/// a band's puzzles spread over it (each aims at one part of the band), which changed every
/// puzzle made for a level but extreme or an `se` band; the others are those of version 3.
/// Version 5: a part no dig reaches is climbed toward from the best puzzle found (changing the
/// band puzzles whose first part was not reached by a dig); the others are those of version 4.
pub const GENERATOR_VERSION: &str = "nonet-generate 5";

pub use error::{GenerateError, Impossible};
pub use generator::{is_minimal, GenerateOptions, Generated, Generator, Stop};
/// The player levels, as nonet-logic defines them (re-exported for `Target::level`).
pub use nonet_logic::rate::Level;
/// The techniques of nonet-logic's catalogue (re-exported for `GenerateOptions::techniques`).
pub use nonet_logic::Technique;
pub use rating::{Rating, Target};
pub use rng::{puzzle_seed, PuzzleRng};
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use technique::{targetable, Drill};
