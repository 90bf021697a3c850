//! `nonet solve`: the unique solution of each puzzle, or `none` / `multiple` / `invalid`.

use anyhow::Result;
use clap::Args;
use nonet_answers::answer::{self, Solved as Answer};
use nonet_core::{Conflict, Solver};
use serde_json::json;

use super::{BatchArgs, Format};
use crate::batch::{self, Streams};
use crate::filter::{Filter, Outcome, PlaceArgs, Solved};
use crate::input::{Givens, Input, InputPuzzle};
use crate::status::Status;
use crate::variant::{self, Question, VariantArgs};

// Arguments of `nonet solve` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("solve"))]
pub struct SolveArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output shape.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: Format,
    /// Print only the puzzles with these outcomes (comma-separated), as their input lines
    /// (with `--format json`: their records).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "OUTCOMES")]
    pub only: Vec<Solved>,
    #[command(flatten)]
    pub place: PlaceArgs,
    /// Use the simple reference solver instead of the fast one (for debugging).
    #[arg(long)]
    pub reference: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: SolveArgs) -> Result<Status> {
    batch::set_quiet(args.batch.quiet);
    let variant = args.variant.variant()?;
    let filter = Filter::new(
        args.only.iter().map(|&o| Outcome::from(o)),
        &args.place,
        &args.batch.files,
        args.format,
    )?;
    if let Some(v) = variant {
        return variant::answer(&v, Question::Solve, &args.batch, &filter, args.format);
    }
    let input = Input::new(&args.batch.files, Givens::Unchecked);
    let solver = if args.reference {
        Solver::Reference
    } else {
        Solver::Fast
    };
    let mut status = Status::Ok;
    let read = batch::run(
        &input,
        args.batch.threads,
        |p: &InputPuzzle| {
            // Read unchecked: `solve_with` checks the givens only when there is no solution.
            p.parsed
                .as_ref()
                .ok()
                .map(|s| answer::solve_with(s, solver))
        },
        |p, result, io: &mut Streams| {
            let mut conflict = None;
            let (word, solution, outcome) = match result {
                None => {
                    report_invalid(p, &mut status, io);
                    ("invalid", None, Outcome::Invalid)
                }
                Some(Err(c)) => {
                    conflict = Some(report_conflict(p, c, &mut status, io));
                    ("invalid", None, Outcome::Invalid)
                }
                Some(Ok(Answer::None)) => {
                    p.report(io, "no solution");
                    status.note(Status::Unhandled);
                    ("none", None, Outcome::None)
                }
                Some(Ok(Answer::Multiple)) => {
                    p.report(io, "more than one solution");
                    status.note(Status::Unhandled);
                    ("multiple", None, Outcome::Multiple)
                }
                Some(Ok(Answer::Unique(s))) => ("unique", Some(s), Outcome::Unique),
            };
            if !filter.keeps(outcome) {
                return Ok(());
            }
            let out = &mut *io.out;
            match args.format {
                Format::Line => {
                    // Bytes, not `writeln!`: formatting cost as much as a fifth of an easy
                    // solve.
                    let line;
                    let answer = match solution {
                        Some(s) => {
                            line = s.to_line_bytes();
                            &line[..]
                        }
                        None => word.as_bytes(),
                    };
                    filter.write_line(p, outcome, answer, out)?;
                }
                Format::Grid => match solution {
                    Some(s) => writeln!(out, "{}", s.to_grid_string())?,
                    None => writeln!(out, "{word}\n")?,
                },
                Format::Json => {
                    let mut v = json_record(p);
                    v["status"] = json!(word);
                    if let Some(reason) = conflict {
                        v["error"] = json!(reason);
                    }
                    if let Some(s) = solution {
                        v["solution"] = json!(s.to_line());
                    }
                    writeln!(out, "{v}")?;
                }
            }
            Ok(())
        },
    )?;
    status.note(read);
    Ok(status)
}

/// The JSON record every batch command starts from: the input line (and its file, when several
/// are read), the puzzle, and the reason it is unusable, if it is.
pub fn json_record(p: &InputPuzzle) -> serde_json::Value {
    let mut v = json!({ "line": p.line, "puzzle": puzzle_text(p) });
    name_file(&mut v, p);
    if let Some(e) = p.parsed.as_ref().err() {
        v["error"] = json!(e.to_string());
    }
    v
}

/// Adds the `file` a record's line counts in, when several files are read (`line` alone would
/// repeat from one file to the next).
pub fn name_file(v: &mut serde_json::Value, p: &InputPuzzle) {
    if let Some(file) = p.file() {
        v["file"] = json!(file);
    }
}

/// Reports clashing givens found after reading (see [`Givens::Unchecked`]) as
/// [`report_invalid`] does, and returns the reason for JSON output.
pub fn report_conflict(
    p: &InputPuzzle,
    conflict: Conflict,
    status: &mut Status,
    io: &mut Streams,
) -> String {
    let reason = conflict.to_string();
    p.report(io, &reason);
    status.note(Status::Invalid);
    reason
}

/// Reports an unusable puzzle on standard error (`line N: reason`) and marks the run invalid.
pub fn report_invalid(p: &InputPuzzle, status: &mut Status, io: &mut Streams) {
    if let Some(msg) = p.error_message() {
        io.note(&[&msg]);
    }
    status.note(Status::Invalid);
}

/// The puzzle as an 81-character line when it could be read, else the raw text as given.
pub fn puzzle_text(p: &InputPuzzle) -> String {
    match &p.parsed {
        Ok(s) => s.to_line(),
        Err(_) => p.text.chars().take(200).collect(),
    }
}
