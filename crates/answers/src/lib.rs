//! nonet-answers: the layer between the engine crates and their front ends (the `nonet` command
//! line, the Python module, the game's server).
//!
//! - [`answer`]: each command's answer for one puzzle as a type (`solve`'s [`Solved`], `count`'s
//!   number, `rate`'s [`Rated`] on a [`Scale`]), with the command line's words and JSON, so a
//!   front end prints or converts an answer and never works it out again.
//! - [`Deadline`]: the time limit (and cancellation) a front end gives one search, handed to the
//!   engine through its observer: the engine crates read no clock, this crate does.
//! - [`read`]: the one record reader: puzzles from files, standard input or any stream (lines,
//!   multi-line grids, records with a puzzle field), in blocks of bounded size whatever the
//!   input, each puzzle with its line number and typed errors that name line, cell and
//!   character.
//! - [`batch`]: the one batch runner: a job over many items on [`Workers`], a chunk at a time,
//!   answers in input order, each item under its [`Deadline`]; over a reader's blocks in
//!   constant memory ([`Batch::run_input`]) or over items in memory.
//! - [`generation`]: a run of generated puzzles, a range at a time on the batch runner, each
//!   under its deadline, the first failure stopping the rest.
//! - [`max_threads`]: the most worker threads a batch is given.
//!
//! Reading is the only I/O here: the front ends write the answers.

#![forbid(unsafe_code)]

pub mod answer;
pub mod batch;
mod deadline;
pub mod generation;
pub mod read;

pub use answer::{PuzzleError, Rated, Scale, Solved};
pub use batch::{Batch, Pace, Workers};
pub use deadline::Deadline;

/// The most worker threads a batch gets (`nonet --threads`, Python's `threads=`): four a core,
/// between 8 and 256. More only adds start-up time and memory: 20,000 threads took over 30 s on
/// 9 puzzles, and `threads=2**62` spent over a minute starting threads before the first puzzle.
/// A few per core still helps when some block.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (cores * 4).clamp(8, 256)
}
