//! The generator's errors: options that can never be met, and targets not met in time.

use std::time::Duration;

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The options contradict each other or ask for the impossible (checked before any work).
    #[error("impossible target: {0}")]
    Impossible(String),
    /// The options ask for something the generator does not do yet (a difficulty target or a
    /// rating on a variant).
    #[error("not available yet: {0}")]
    Unsupported(String),
    /// The caller asked the search to stop (see `Generator::generate_observed`).
    #[error("cancelled")]
    Cancelled,
    /// The target was not met within the number of attempts allowed.
    #[error("no puzzle matching {target} found in {attempts} attempts; loosen the target")]
    GaveUp {
        /// A description of what was asked for.
        target: String,
        /// Puzzles built and rejected.
        attempts: u64,
    },
    /// The target was not met within the caller's time limit.
    #[error(
        "no puzzle matching {target} found in {:.1} s ({attempts} attempts); \
         loosen the target or raise --timeout",
        elapsed.as_secs_f64()
    )]
    Timeout {
        /// A description of what was asked for.
        target: String,
        /// Puzzles built and rejected.
        attempts: u64,
        /// Time spent.
        elapsed: Duration,
    },
}
