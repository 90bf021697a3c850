//! `nonet count`: how many solutions each puzzle has, counting up to a limit.

use std::io::Write;

use anyhow::{bail, Result};
use clap::Args;
use nonet_core::Solver;
use serde_json::json;

use super::solve::{json_record, report_invalid};
use super::{BatchArgs, Format};
use crate::batch;
use crate::input::{read_puzzles, InputPuzzle};
use crate::status::Status;

/// Arguments of `nonet count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Stop counting once this many solutions are found.
    #[arg(long, default_value_t = 2)]
    pub limit: usize,
    /// Output shape (`grid` prints the same as `line`).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Use the simple reference solver instead of the fast one (for debugging).
    #[arg(long)]
    pub reference: bool,
}

pub fn run(args: CountArgs) -> Result<Status> {
    if args.limit == 0 {
        bail!("--limit must be at least 1");
    }
    let puzzles = read_puzzles(&args.batch.files)?;
    let solver = if args.reference {
        Solver::Reference
    } else {
        Solver::Fast
    };
    let mut status = Status::Ok;
    batch::run(
        &puzzles,
        args.batch.threads,
        |p: &InputPuzzle| {
            p.parsed
                .as_ref()
                .ok()
                .map(|s| s.count_solutions_with(solver, args.limit))
        },
        |p, result, out: &mut dyn Write| {
            if result.is_none() {
                report_invalid(p, &mut status);
            }
            match args.format {
                Format::Line | Format::Grid => match result {
                    Some(n) => writeln!(out, "{n}")?,
                    None => writeln!(out, "invalid")?,
                },
                Format::Json => {
                    let mut v = json_record(p);
                    match result {
                        Some(n) => {
                            v["count"] = json!(n);
                            v["limit_reached"] = json!(n >= args.limit);
                        }
                        None => v["status"] = json!("invalid"),
                    }
                    writeln!(out, "{v}")?;
                }
            }
            Ok(())
        },
    )?;
    Ok(status)
}
