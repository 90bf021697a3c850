//! `nonet`: the command-line front end. Glue only: parse arguments, call the libraries, print,
//! and map outcomes to exit codes (0 all handled, 1 some puzzle unhandled, 2 invalid input or a
//! wrong command line). The contract is `shared/CLI.md`.

#![forbid(unsafe_code)]

mod batch;
mod cmd;
mod input;
mod output;
mod status;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

use status::Status;

/// nonet: a Sudoku engine, puzzle maker and game.
#[derive(Parser, Debug)]
#[command(name = "nonet", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
// Each subcommand's arguments are built only when it runs: building all ten was a third of
// `nonet solve`'s start-up (callgrind, empty input: 754 k -> 597 k instructions; 183 -> 168 page
// faults; 1.165 -> 1.133 ms). The argument structs carry plain comments, not doc comments, which
// would replace these variants' help lines (test `subcommand_help_opens_with_its_summary`).
#[command(defer = true)]
enum Command {
    /// Solve puzzles: print each unique solution, or none / multiple / invalid.
    Solve(cmd::solve::SolveArgs),
    /// Count solutions of puzzles, up to a limit.
    Count(cmd::count::CountArgs),
    /// Check that puzzles can be read and break no rule, without solving them.
    Check(cmd::check::CheckArgs),
    /// Print the pencil-mark grid of one puzzle.
    Candidates(cmd::candidates::CandidatesArgs),
    /// Explain the whole logical path of one puzzle, step by step.
    Explain(cmd::explain::ExplainArgs),
    /// The next step of one puzzle or player's position, as a progressive hint.
    Hint(cmd::hint::HintArgs),
    /// Rate puzzles: classic scale, Sudoku Explainer's ER/EP/ED, or a player level.
    Rate(cmd::rate::RateArgs),
    /// Play in the browser: serves the game on 127.0.0.1 and opens it.
    Play(cmd::play::PlayArgs),
    /// Generate puzzles: seeded, unique, optionally minimal, symmetric, at a difficulty.
    Generate(cmd::generate::GenerateArgs),
    /// Print puzzles: a PDF booklet, or one puzzle as SVG.
    Print(cmd::print::PrintArgs),
}

fn run(cli: Cli) -> Result<Status> {
    match cli.command {
        Command::Solve(a) => cmd::solve::run(a),
        Command::Count(a) => cmd::count::run(a),
        Command::Check(a) => cmd::check::run(a),
        Command::Candidates(a) => cmd::candidates::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Hint(a) => cmd::hint::run(a),
        Command::Rate(a) => cmd::rate::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Generate(a) => cmd::generate::run(a),
        Command::Print(a) => cmd::print::run(a),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with success; real errors exit 2.
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(status) => status.exit_code(),
        Err(e) => {
            // A closed pipe (`nonet solve big.txt | head`) is the reader's choice, not an error.
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            eprintln!("nonet: {e:#}");
            ExitCode::from(2)
        }
    }
}
