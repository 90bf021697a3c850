//! `nonet count`: how many solutions each puzzle has, counting up to a limit.

use anyhow::{bail, Result};
use clap::Args;
use nonet_answers::answer;
use nonet_core::Solver;
use serde_json::json;

use super::solve::{json_record, report_conflict, report_invalid};
use super::{BatchArgs, Format};
use crate::batch::{self, Streams};
use crate::filter::{Filter, Outcome, PlaceArgs, Solved};
use crate::input::{Givens, Input, InputPuzzle};
use crate::status::Status;
use crate::variant::{self, Question, VariantArgs};

// Arguments of `nonet count` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("count"))]
pub struct CountArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Stop counting once this many solutions are found (at least 1).
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = 2, value_parser = parse_limit)]
    pub limit: usize,
    /// Output shape (`grid` prints the same as `line`).
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: Format,
    /// Print only the puzzles with these outcomes (comma-separated), as their input lines
    /// (with `--format json`: their records). `unique` and `multiple` need `--limit` 2 or more.
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

/// `--limit`: a count of solutions, at least 1.
fn parse_limit(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("the limit must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("`{s}` is not a count of solutions ({e})")),
    }
}

pub fn run(args: CountArgs) -> Result<Status> {
    batch::set_quiet(args.batch.quiet);
    let variant = args.variant.variant()?;
    if args.limit == 1
        && args
            .only
            .iter()
            .any(|o| matches!(o, Solved::Unique | Solved::Multiple))
    {
        bail!("--only unique or multiple needs --limit 2 or more: with --limit 1 a count of 1 can be either");
    }
    let (format, filter) =
        Filter::gridless(&args.only, &args.place, &args.batch.files, args.format)?;
    if let Some(v) = variant {
        let question = Question::Count(args.limit);
        return variant::answer(&v, question, &args.batch, &filter, format);
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
            // Read unchecked: `count_with` checks the givens only when there is no solution.
            p.parsed
                .as_ref()
                .ok()
                .map(|s| answer::count_with(s, solver, args.limit))
        },
        |p, result, io: &mut Streams| {
            let mut conflict = None;
            let result = match result {
                None => {
                    report_invalid(p, &mut status, io);
                    None
                }
                Some(Err(c)) => {
                    conflict = Some(report_conflict(p, c, &mut status, io));
                    None
                }
                Some(Ok(n)) => Some(n),
            };
            let outcome = match result {
                None => Outcome::Invalid,
                Some(0) => Outcome::None,
                Some(1) => Outcome::Unique,
                Some(_) => Outcome::Multiple,
            };
            if !filter.keeps(outcome) {
                return Ok(());
            }
            let out = &mut *io.out;
            match format {
                Format::Line | Format::Grid => {
                    let mut number = itoa::Buffer::new();
                    let answer = match result {
                        Some(n) => number.format(n),
                        None => "invalid",
                    };
                    filter.write_line(p, outcome, answer.as_bytes(), out)?;
                }
                Format::Json => {
                    // Every row has the same fields: `status` (`ok` or `invalid`, the line
                    // shape's word) and `count` (null when there is none).
                    let mut v = json_record(p);
                    v["status"] = json!(if result.is_some() { "ok" } else { "invalid" });
                    v["count"] = json!(result);
                    v["limit_reached"] = json!(result.map(|n| n >= args.limit));
                    if let Some(reason) = conflict {
                        v["error"] = json!(reason);
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
