//! The exit status of a batch: the worst outcome over its puzzles, as the contract defines it.

use std::process::ExitCode;

/// How a run went, worst wins: `Ok` (0) < `Unhandled` (1: a puzzle was `none`, `multiple` or
/// unrateable) < `Invalid` (2: input unreadable, a puzzle invalid, or a bad command line).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum Status {
    /// Every puzzle was handled.
    #[default]
    Ok,
    /// At least one puzzle had no solution, several, or could not be rated.
    Unhandled,
    /// At least one puzzle could not be read or broke a rule.
    Invalid,
}

impl Status {
    /// Records another outcome; the worse one is kept.
    pub fn note(&mut self, other: Status) {
        *self = (*self).max(other);
    }

    /// The process exit code: 0, 1 or 2.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Status::Ok => ExitCode::SUCCESS,
            Status::Unhandled => ExitCode::from(1),
            Status::Invalid => ExitCode::from(2),
        }
    }
}
