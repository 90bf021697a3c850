//! `nonet print`: puzzles to a PDF booklet (`-o OUT.pdf`), or one puzzle to an SVG image
//! (`--format svg`). Reads its input as every other command does (puzzle lines, records, grids,
//! the CSV and JSON lines of `nonet generate` and `nonet rate`; also a JSON array), so
//! `nonet generate ... --format json | nonet print -o b.pdf` keeps each puzzle's level, rating
//! and seed on the page. A bad line is reported and left out; the others are printed.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use nonet_core::{Cell, CellSet, Puzzle, Solutions};
use nonet_logic::rate::{rate_se, SeOutcome};
use nonet_print::{
    annotate, read_puzzles, render_pdf, render_svg, Paper, PdfOptions, PrintPuzzle, SvgOptions,
};

use crate::input::{csv_header_of, read_text, split_puzzles_as, Givens};
use crate::output::Named;
use crate::status::Status;
use crate::variant::{Variant, VariantArgs};

/// Output formats of `nonet print`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PrintFormat {
    /// A PDF booklet of every puzzle.
    #[default]
    Pdf,
    /// One puzzle (the first of the input) as an SVG image.
    Svg,
}

/// Paper sizes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PaperArg {
    /// ISO A4.
    #[default]
    A4,
    /// US Letter.
    Letter,
}

// Arguments of `nonet print` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("print"))]
pub struct PrintArgs {
    /// Puzzle file (plain lines, or `nonet generate`/`nonet rate` CSV or JSON); standard input
    /// when absent or `-`.
    pub file: Option<PathBuf>,
    /// The output file. Required for PDF unless standard output is not a terminal; SVG goes to
    /// standard output without it.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: PrintFormat,
    /// Paper size (PDF).
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Puzzles per page (PDF): 1, 2, 4 or 6.
    #[arg(long, allow_negative_numbers = true, default_value_t = 4, value_parser = parse_per_page)]
    pub per_page: usize,
    /// Add the solutions, smaller, on pages after the puzzles (PDF); fill the grid with the
    /// solution (SVG).
    #[arg(long)]
    pub solutions: bool,
    /// Rate puzzles whose rating the input does not give (Sudoku Explainer's ER and the level),
    /// to show it in the captions.
    #[arg(long)]
    pub rate: bool,
    /// Title printed at the top of each page (PDF).
    #[arg(long, default_value = "nonet Sudoku")]
    pub title: String,
    /// Draw the candidates of the empty cells (SVG).
    #[arg(long)]
    pub pencil_marks: bool,
    /// Cells to highlight, e.g. `r1c2,r5c5` (SVG).
    #[arg(long, value_delimiter = ',', value_name = "CELLS")]
    pub highlight: Vec<String>,
    /// Image size in pixels (SVG), 32 to 16384.
    #[arg(long, allow_negative_numbers = true, value_name = "PIXELS", default_value_t = 450,
          value_parser = clap::value_parser!(u32).range(32..=16384))]
    pub size: u32,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The most input `print` reads: it holds every puzzle for the booklet, and 16 MiB is some
/// 200,000 puzzle lines (50,000 pages), so an endless input is refused rather than kept.
const MAX_BOOKLET: usize = 16 * 1024 * 1024;

fn parse_per_page(s: &str) -> Result<usize, String> {
    match s.trim() {
        "1" => Ok(1),
        "2" => Ok(2),
        "4" => Ok(4),
        "6" => Ok(6),
        _ => Err(format!("`{s}`: choose 1, 2, 4 or 6")),
    }
}

/// `nonet print`.
pub fn run(args: PrintArgs) -> Result<Status> {
    let variant = args.variant.variant()?;
    let text = read_text(
        args.file.as_deref().unwrap_or(Path::new("-")),
        MAX_BOOKLET,
        "a booklet prints (split the input)",
    )?;
    let (mut puzzles, mut status) = if text.trim_start().starts_with('[') && variant.is_none() {
        // A JSON array is one document, not a record a line.
        (read_puzzles(&text)?, Status::Ok)
    } else {
        read_records(&text, variant.as_ref())
    };
    if puzzles.is_empty() {
        bail!("no puzzle in the input");
    }
    // A puzzle without exactly one solution is nothing to solve by hand: it was printed
    // without a word. It is reported and left out, as an unreadable line is.
    puzzles.retain_mut(|p| {
        let why = match Puzzle::new(p.puzzle, p.layout.clone()).solutions() {
            Solutions::Unique(s) => {
                p.solution.get_or_insert(s);
                return true;
            }
            Solutions::None => "no solution",
            Solutions::Multiple(_) => "more than one solution",
        };
        eprintln!("line {}: {why} (left out)", p.number);
        status.note(Status::Unhandled);
        false
    });
    if puzzles.is_empty() {
        bail!("no puzzle with exactly one solution in the input");
    }
    if args.rate {
        use rayon::prelude::*;
        puzzles
            .par_iter_mut()
            .filter(|p| p.er.is_none() && p.layout.is_standard())
            .for_each(|p| {
                if let Ok(SeOutcome::Rated(r)) = rate_se(&p.puzzle.into()) {
                    p.er = Some(r.er);
                    p.level = Some(r.level());
                }
            });
    }
    let bytes = match args.format {
        PrintFormat::Pdf => {
            if args.output.is_none() && std::io::stdout().is_terminal() {
                bail!("a PDF is binary: give -o FILE.pdf (or redirect standard output)");
            }
            let options = PdfOptions {
                paper: match args.paper {
                    PaperArg::A4 => Paper::A4,
                    PaperArg::Letter => Paper::Letter,
                },
                per_page: args.per_page,
                solutions: args.solutions,
                title: args.title,
            };
            render_pdf(&puzzles, &options)?
        }
        PrintFormat::Svg => {
            let first = &puzzles[0];
            if puzzles.len() > 1 {
                eprintln!(
                    "nonet: {} puzzles in the input; the SVG shows the first",
                    puzzles.len()
                );
            }
            let mut highlight = CellSet::EMPTY;
            for name in &args.highlight {
                let cell = Cell::parse_name(name.trim())
                    .with_context(|| format!("`{name}` is not a cell like r3c7"))?;
                highlight.insert(cell);
            }
            let solution = if args.solutions {
                Some(
                    first
                        .unique_solution()
                        .context("the puzzle has no unique solution to show")?,
                )
            } else {
                None
            };
            let options = SvgOptions {
                size: args.size,
                pencil_marks: args.pencil_marks,
                marks: None,
                highlight,
                solution,
                layout: first.layout.clone(),
            };
            render_svg(&first.puzzle, &options).into_bytes()
        }
    };
    match &args.output {
        Some(path) => {
            let name = path.to_string_lossy();
            let mut out = Named::new(crate::output::create_file(path)?, name);
            out.write_all(&bytes)?;
            out.flush()?;
        }
        None => {
            let mut out = crate::output::stdout();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(status)
}

/// The puzzles of `text` as every command reads them (one a line, or one grid; records, CSV
/// and JSON lines), each with what its record says (solution, seed, level, ER) and named by its
/// line; on a variant, each on its layout (a jigsaw's region map after its puzzle, or
/// `--regions`). A line that is not a puzzle is reported as `line N: reason` and left out, so
/// the others are still printed; the status says so.
fn read_records(text: &str, variant: Option<&Variant>) -> (Vec<PrintPuzzle>, Status) {
    let header = csv_header_of(text);
    let mut status = Status::Ok;
    let mut puzzles = Vec::new();
    // A variant's givens are checked on its own houses (a jigsaw's may repeat in a box).
    let givens = match variant {
        Some(_) => Givens::Unchecked,
        None => Givens::Checked,
    };
    for p in split_puzzles_as(text, "", givens) {
        let read = match variant {
            None => p.parsed.clone().map(|s| (s, None)).map_err(|_| None),
            Some(v) => v
                .puzzle(&p)
                .and_then(|(s, layout)| {
                    let layout = layout.into_owned();
                    match Puzzle::new(s, layout.clone()).check() {
                        Ok(()) => Ok((s, Some(layout))),
                        Err(conflict) => Err(conflict.to_string().into()),
                    }
                })
                .map_err(Some),
        };
        let (sudoku, layout) = match read {
            Ok(x) => x,
            Err(reason) => {
                match reason {
                    Some(reason) => eprintln!("{}", reason.message(&p)),
                    None => {
                        if let Some(msg) = p.error_message() {
                            eprintln!("{msg}");
                        }
                    }
                }
                status.note(Status::Invalid);
                continue;
            }
        };
        let mut q = PrintPuzzle::new(sudoku, p.line);
        if let Some(layout) = layout {
            q.layout = layout;
        }
        match annotate(&mut q, p.source, header) {
            Ok(()) => puzzles.push(q),
            Err(e) => {
                eprintln!("{e}");
                status.note(Status::Invalid);
            }
        }
    }
    (puzzles, status)
}
