//! `nonet candidates PUZZLE`: the pencil-mark grid of a puzzle, after candidate elimination
//! (naked singles placed to a fixpoint) or, with `--raw`, straight from the givens.

use std::ffi::OsString;
use std::io::Write;

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use nonet_core::{Cell, Layout, PencilMarks, Puzzle};
use serde_json::json;

use crate::input::{read_single, split_puzzles_as, Givens};
use crate::status::Status;

/// Output shapes of `nonet candidates`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CandidatesFormat {
    /// The framed pencil-mark grid.
    #[default]
    Grid,
    /// One line: the 81 cells' candidate strings separated by spaces.
    Line,
    /// A JSON object with the 81 cells.
    Json,
}

// Arguments of `nonet candidates` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("candidates"))]
pub struct CandidatesArgs {
    /// The puzzle: 81 characters, or `-` to read a line or grid from standard input.
    pub puzzle: OsString,
    /// Candidates straight from the givens, before any elimination is repeated.
    #[arg(long)]
    pub raw: bool,
    /// Output shape.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: CandidatesFormat,
    #[command(flatten)]
    pub variant: crate::variant::VariantArgs,
}

pub fn run(args: CandidatesArgs) -> Result<Status> {
    let variant = args.variant.variant()?;
    let text = read_single(&args.puzzle)?;
    // A variant's givens are checked on its own houses (a jigsaw's may repeat in a box).
    let givens = match variant {
        Some(_) => Givens::Unchecked,
        None => Givens::Checked,
    };
    let mut puzzles = split_puzzles_as(&text, "", givens);
    let unread = puzzles.first().is_some_and(|p| p.parsed.is_err());
    if puzzles.len() != 1 || (unread && PencilMarks::from_pencil_grid(&text).is_ok()) {
        // A pencil-mark grid is a position, not the puzzle this command starts from: say so
        // rather than count its lines as puzzles.
        if PencilMarks::from_pencil_grid(&text).is_ok() {
            return Err(anyhow!(
                "this is a pencil-mark grid: candidates starts from the puzzle's givens (81 \
                 characters or a grid); `nonet hint -` or `nonet explain -` read a grid"
            ));
        }
        return Err(anyhow!(
            "expected one puzzle, found {} (use `nonet solve` for files of puzzles)",
            puzzles.len()
        ));
    }
    let p = puzzles.remove(0);
    let read = match &variant {
        None => p
            .parsed
            .clone()
            .map(|s| (s, Layout::default()))
            .map_err(|_| None),
        Some(v) => v
            .puzzle(&p)
            .and_then(|(s, layout)| {
                let layout = layout.into_owned();
                match Puzzle::new(s, layout.clone()).check() {
                    Ok(()) => Ok((s, layout)),
                    Err(c) => Err(c.to_string().into()),
                }
            })
            .map_err(Some),
    };
    let (sudoku, layout) = match read {
        Ok(x) => x,
        Err(reason) => {
            let msg = match reason {
                Some(reason) => Some(reason.message(&p)),
                None => p.error_message(),
            };
            if let Some(msg) = msg {
                eprintln!("{}", crate::color::reason(&msg, crate::color::stderr()));
            }
            return Ok(Status::Invalid);
        }
    };
    let puzzle = Puzzle::new(sudoku, layout);
    let pm = if args.raw {
        PencilMarks::raw(&puzzle)
    } else {
        PencilMarks::after_elimination(&puzzle)
    };
    let cell_text = |c: Cell| match pm.value(c) {
        Some(d) => d.to_string(),
        None => pm.candidates(c).to_string(),
    };
    let mut out = crate::output::stdout();
    match args.format {
        CandidatesFormat::Grid => write!(out, "{}", pm.to_pencil_grid())?,
        CandidatesFormat::Line => {
            let cells: Vec<String> = Cell::all().map(cell_text).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        CandidatesFormat::Json => {
            let cells: Vec<_> = Cell::all()
                .map(|c| {
                    let mut v = json!({ "cell": c.to_string() });
                    match pm.value(c) {
                        Some(d) => {
                            v["value"] = json!(d.get());
                            v["given"] = json!(sudoku.get(c).is_some());
                        }
                        None => {
                            v["candidates"] =
                                json!(pm.candidates(c).iter().map(|d| d.get()).collect::<Vec<_>>())
                        }
                    }
                    v
                })
                .collect();
            let mut doc = json!({ "puzzle": sudoku.to_line(), "raw": args.raw, "cells": cells });
            crate::cmd::explain::describe_layout(puzzle.layout(), &mut doc);
            writeln!(out, "{doc}")?;
        }
    }
    out.flush()?;
    if pm.has_dead_cell() {
        eprintln!("a cell has no candidate left: the puzzle has no solution");
        return Ok(Status::Unhandled);
    }
    Ok(Status::Ok)
}
