//! `nonet check`: reads and validates each puzzle (format and rules) without solving it.

use anyhow::Result;
use clap::Args;
use serde_json::json;

use super::solve::{json_record, report_invalid};
use super::{BatchArgs, Format};
use crate::batch::{self, Streams};
use crate::filter::{Checked, Filter, Outcome, PlaceArgs};
use crate::input::{Givens, Input, InputPuzzle};
use crate::status::Status;
use crate::variant::{self, Question, VariantArgs};

// Arguments of `nonet check` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("check"))]
pub struct CheckArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output shape (`grid` prints the same as `line`).
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: Format,
    /// Print only the puzzles with these outcomes (comma-separated), as their input lines
    /// (with `--format json`: their records).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "OUTCOMES")]
    pub only: Vec<Checked>,
    #[command(flatten)]
    pub place: PlaceArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Prints `ok` for a readable puzzle whose givens break no rule, `invalid` otherwise (with the
/// reason on standard error). Nothing is solved: uniqueness is `nonet count`'s job.
pub fn run(args: CheckArgs) -> Result<Status> {
    batch::set_quiet(args.batch.quiet);
    let variant = args.variant.variant()?;
    let (format, filter) =
        Filter::gridless(&args.only, &args.place, &args.batch.files, args.format)?;
    if let Some(v) = variant {
        return variant::answer(&v, Question::Check, &args.batch, &filter, format);
    }
    let input = Input::new(&args.batch.files, Givens::Checked);
    let mut status = Status::Ok;
    let read = batch::run(
        &input,
        args.batch.threads,
        |p: &InputPuzzle| p.parsed.as_ref().map(|s| s.filled_count()).ok(),
        |p, givens, io: &mut Streams| {
            if givens.is_none() {
                report_invalid(p, &mut status, io);
            }
            let (outcome, answer) = match givens {
                Some(_) => (Outcome::Ok, "ok"),
                None => (Outcome::Invalid, "invalid"),
            };
            if !filter.keeps(outcome) {
                return Ok(());
            }
            let out = &mut *io.out;
            match format {
                Format::Line | Format::Grid => {
                    filter.write_line(p, outcome, answer.as_bytes(), out)?
                }
                Format::Json => {
                    let mut v = json_record(p);
                    v["status"] = json!(if givens.is_some() { "ok" } else { "invalid" });
                    v["valid"] = json!(givens.is_some());
                    if let Some(n) = givens {
                        v["givens"] = json!(n);
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
