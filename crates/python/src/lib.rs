//! nonet for Python: the engine crates' answers as the `nonet` Python module.
//!
//! The crate has two layers. [`batch`] is plain Rust: the answers of `nonet-answers` (each exactly
//! as the `nonet` command prints it: the same words, numbers and JSON fields, from the same
//! code), on that crate's batch runner (the command's own), with errors that name the puzzle's
//! index. They are tested by `cargo test` like any crate, with no Python at hand. The `python`
//! feature adds `python`, the PyO3 module over them (converting arguments, releasing the GIL
//! around batches, raising exceptions), and `read`, `nonet.read` over the command's record
//! reader; maturin builds it into the wheel (`pyproject.toml`), and the Python tests in
//! `tests/` check it against the `nonet` binary.
//!
//! Only the engine crates and the answers layer over them are used (nonet-core, nonet-logic,
//! nonet-generate, nonet-answers): no HTTP, no SQL.

#![forbid(unsafe_code)]

pub use nonet_answers::answer;
pub mod batch;
#[cfg(feature = "python")]
mod python;
#[cfg(feature = "python")]
mod read;

pub use answer::{PuzzleError, Rated, Scale, Solved};
pub use batch::{BatchError, GenerateJob, Source};
