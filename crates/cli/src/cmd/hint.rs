//! `nonet hint PUZZLE`: the next step only, at a chosen level of detail (`--level technique`
//! names the technique, `area` adds where to look, `move` explains the whole move). From a
//! player's pencil-mark grid it first checks the placed digits and the marks against the
//! solution and reports a mistake before any hint.

use std::ffi::OsString;
use std::io::Write;

use anyhow::Result;
use clap::Args;
use nonet_core::{Cell, Puzzle, Solutions, Sudoku};
use nonet_logic::{Hint, HintLevel, PathError, Teacher};
use serde_json::json;

use nonet_answers::answer;

use super::explain::{read_input_on, teacher, ExplainFormat, Input, SolverArgs};
use crate::status::Status;

// Arguments of `nonet hint` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("hint"))]
pub struct HintArgs {
    /// The puzzle or position: 81 characters, or `-` to read a line, a grid or a pencil-mark
    /// grid (the player's digits and marks) from standard input.
    pub puzzle: OsString,
    /// How much to give away: technique, area or move.
    #[arg(long, default_value = "move")]
    pub level: HintLevel,
    /// The puzzle's givens (81 characters), to tell the player's digits from the givens and
    /// check them against the solution.
    #[arg(long, value_name = "PUZZLE")]
    pub givens: Option<String>,
    #[command(flatten)]
    pub solver: SolverArgs,
}

pub fn run(args: HintArgs) -> Result<Status> {
    let teacher = teacher(&args.solver)?;
    let input = match read_input_on(&args.puzzle, &args.solver.variant) {
        Ok(i) => i,
        Err(e) => {
            crate::color::error(format_args!("{e:#}"));
            return Ok(Status::Invalid);
        }
    };
    let givens = match &args.givens {
        Some(g) => match given_on(g, &input) {
            Ok(s) => Some(s),
            Err(e) => {
                crate::color::error(format_args!("--givens: {e}"));
                return Ok(Status::Invalid);
            }
        },
        None => input.givens,
    };
    let mut out = crate::output::stdout();
    // As `explain`: a puzzle without a unique solution gets its hint (a guess settles which
    // solution), and exit status 1.
    let puzzle = Puzzle::new(
        givens.unwrap_or_else(|| input.position.to_sudoku()),
        input.layout.clone(),
    );
    let several = matches!(puzzle.solutions(), Solutions::Multiple(_));
    if several {
        eprintln!(
            "the puzzle has more than one solution: uniqueness techniques are off and a guess \
             picks one solution"
        );
    }
    let status = write_hint(&mut out, &args, &input, givens.as_ref(), &teacher, several)?;
    out.flush()?;
    Ok(if several {
        status.max(Status::Unhandled)
    } else {
        status
    })
}

/// `--givens`, read and checked on the input's layout, and against the position: each given
/// must stand in it (a position that changed or lost a given was judged as if the player had
/// placed a wrong digit, or hinted from without a word).
fn given_on(text: &str, input: &Input) -> Result<Sudoku, String> {
    let s = Sudoku::parse(text).map_err(|e| e.to_string())?;
    Puzzle::new(s, input.layout.clone())
        .check()
        .map_err(|c| c.to_string())?;
    for cell in Cell::all() {
        let Some(given) = s.get(cell) else { continue };
        match input.position.value(cell) {
            Some(d) if d == given => {}
            Some(d) => {
                return Err(format!(
                    "{cell} is the given {given}, but the position has {d} there"
                ))
            }
            None => return Err(format!("the position lacks the given {given} at {cell}")),
        }
    }
    Ok(s)
}

/// Writes the hint for `input` and says how it went: 1 when there is no step to give (no
/// solution, a mistake in the position, or no technique applies).
fn write_hint(
    out: &mut dyn Write,
    args: &HintArgs,
    input: &Input,
    givens: Option<&Sudoku>,
    teacher: &Teacher,
    several: bool,
) -> Result<Status> {
    let json = args.solver.format == ExplainFormat::Json;
    match teacher.hint(&input.position, givens) {
        Ok(Hint::Solved) => {
            if json {
                let mut v = json!({ "solved": true });
                input.describe(&mut v);
                writeln!(out, "{v}")?;
            } else {
                writeln!(out, "The grid is solved.")?;
            }
            Ok(Status::Ok)
        }
        Ok(Hint::Mistake(m)) => {
            if json {
                let mut v = answer::mistake_json(&m);
                input.describe(&mut v);
                writeln!(out, "{v}")?;
            } else {
                writeln!(out, "{m}")?;
            }
            // As `explain`, which stops at a mistake: no step is given from a wrong position.
            Ok(Status::Unhandled)
        }
        Ok(Hint::Step(step)) => {
            if json {
                let mut v = answer::hint_json(&step, &input.layout, &input.position, args.level);
                if several {
                    // As `solve -f json` says it; the notice on standard error is not in a
                    // record a program reads.
                    v["status"] = json!("multiple");
                }
                input.describe(&mut v);
                writeln!(out, "{v}")?;
            } else {
                writeln!(out, "{}", step.hint_text(args.level, &input.layout))?;
                // The whole move gives the expert notation too, as `explain` does, under it.
                if args.level == HintLevel::Move {
                    if let Some(notation) = step.notation() {
                        writeln!(out, "    {notation}")?;
                    }
                }
            }
            Ok(Status::Ok)
        }
        Ok(_) => Ok(Status::Ok),
        Err(PathError::NoSolution) => {
            eprintln!("the puzzle has no solution");
            if json {
                // As `explain -f json` says it.
                let line = input.position.to_sudoku().to_line();
                let mut v = json!({ "puzzle": line, "error": "none" });
                input.describe(&mut v);
                writeln!(out, "{v}")?;
            } else {
                writeln!(out, "none")?;
            }
            Ok(Status::Unhandled)
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(Status::Unhandled)
        }
    }
}
