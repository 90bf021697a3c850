//! One module per subcommand. Each exposes an `Args` struct (clap) and `run(args) -> Result<Status>`.

pub mod candidates;
pub mod check;
pub mod check_step;
pub mod completions;
pub mod count;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod man;
pub mod play;
pub mod print;
pub mod rate;
pub mod solve;

use std::path::PathBuf;

use clap::{Args, ValueEnum};

// Options shared by every batch subcommand (a plain comment, as on the subcommands' own
// argument structs: a doc comment would become their help text).
#[derive(Args, Debug, Clone)]
pub struct BatchArgs {
    /// Puzzle files, one puzzle per line (or one multi-line grid); standard input when none or `-`.
    pub files: Vec<PathBuf>,
    /// Worker threads (default, or 0: all cores; 1 is single-threaded; capped at four a core,
    /// between 8 and 256). Output order is always kept.
    #[arg(long, allow_negative_numbers = true, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Print nothing: no lines, no reasons, no progress bar; only the exit status tells how the
    /// run went (errors that stop it are still reported).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Output shapes of the solving subcommands.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// One line per puzzle (the contract's default).
    #[default]
    Line,
    /// A 9x9 grid per puzzle, followed by a blank line.
    Grid,
    /// One JSON object per puzzle, one per line (JSON Lines).
    Json,
}
