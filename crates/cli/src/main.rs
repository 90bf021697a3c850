//! `nonet`: the command-line front end. Glue only: parse arguments, call the libraries, print,
//! and map outcomes to exit codes (0 all handled, 1 some puzzle unhandled, 2 invalid input or a
//! wrong command line). The contract is `shared/CLI.md`.

#![forbid(unsafe_code)]

mod batch;
mod cmd;
mod code;
mod color;
mod filter;
mod help;
mod input;
mod output;
mod status;
mod variant;

use std::process::ExitCode;
use std::sync::LazyLock;

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use status::Status;

/// `nonet --version`: the program's version, and the versions of the two algorithms whose
/// changes change answers: the generator's (which puzzles a seed gives) and the rater's (which
/// ratings come out).
static LONG_VERSION: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{}\ngenerator: {}\nrater: {}",
        env!("CARGO_PKG_VERSION"),
        nonet_generate::GENERATOR_VERSION,
        nonet_logic::rate::RATER_VERSION
    )
});

/// nonet: a Sudoku engine, puzzle maker and game.
#[derive(Parser, Debug)]
#[command(
    name = "nonet",
    version,
    long_version = LONG_VERSION.as_str(),
    about,
    long_about = None,
    after_help = help::after_help(""),
)]
struct Cli {
    /// When to colour the output: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "WHEN",
        default_value_t,
        help_heading = "Global options"
    )]
    color: color::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

/// The subcommands, in the order a newcomer needs them (the order `--help` lists them in):
/// play, then a puzzle's solution and the help to find it, making and printing puzzles, the
/// batch tools, and finally setting up the shell.
#[derive(Subcommand, Debug)]
// Each subcommand's arguments are built only when it runs: building all ten was a third of
// `nonet solve`'s start-up (callgrind, empty input: 754 k -> 597 k instructions; 183 -> 168 page
// faults; 1.165 -> 1.133 ms). The argument structs carry plain comments, not doc comments, which
// would replace these variants' help lines (test `subcommand_help_opens_with_its_summary`).
#[command(defer = true)]
enum Command {
    /// Play in the browser: serves the game on 127.0.0.1 and opens it.
    Play(cmd::play::PlayArgs),
    /// Solve puzzles: print each unique solution, or none / multiple / invalid.
    Solve(cmd::solve::SolveArgs),
    /// The next step of one puzzle or player's position, as a progressive hint.
    Hint(cmd::hint::HintArgs),
    /// Explain the whole logical path of one puzzle, step by step.
    Explain(cmd::explain::ExplainArgs),
    /// Check a deduction of your own (a step as JSON) on a pencil-mark position.
    CheckStep(cmd::check_step::CheckStepArgs),
    /// Generate puzzles: seeded, unique, optionally minimal, symmetric, at a difficulty.
    Generate(cmd::generate::GenerateArgs),
    /// Rate puzzles: classic scale, Sudoku Explainer's ER/EP/ED, or a player level.
    Rate(cmd::rate::RateArgs),
    /// Print puzzles: a PDF booklet, or one puzzle as SVG.
    Print(cmd::print::PrintArgs),
    /// Check that puzzles can be read and break no rule, without solving them.
    Check(cmd::check::CheckArgs),
    /// Count solutions of puzzles, up to a limit.
    Count(cmd::count::CountArgs),
    /// Print the pencil-mark grid of one puzzle.
    Candidates(cmd::candidates::CandidatesArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(cmd::completions::CompletionsArgs),
    /// Print the manual pages (roff), or write them all to a directory.
    Man(cmd::man::ManArgs),
}

fn run(cli: Cli) -> Result<Status> {
    match cli.command {
        Command::Solve(a) => cmd::solve::run(a),
        Command::Count(a) => cmd::count::run(a),
        Command::Check(a) => cmd::check::run(a),
        Command::Candidates(a) => cmd::candidates::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Hint(a) => cmd::hint::run(a),
        Command::CheckStep(a) => cmd::check_step::run(a),
        Command::Rate(a) => cmd::rate::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Generate(a) => cmd::generate::run(a),
        Command::Print(a) => cmd::print::run(a),
        Command::Completions(a) => cmd::completions::run(a, Cli::command()),
        Command::Man(a) => cmd::man::run(a, Cli::command()),
    }
}

/// Parses the command line. `--color` is looked for first, so that clap's own help and errors
/// follow it too.
fn parse() -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    if let Some(choice) = color::choice_in_args(std::env::args_os()) {
        command = command.color(choice.into());
    }
    Cli::from_arg_matches(&command.try_get_matches()?)
}

fn main() -> ExitCode {
    let cli = match parse() {
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
    color::init(cli.color);
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
            color::error(format_args!("{e:#}"));
            ExitCode::from(2)
        }
    }
}
