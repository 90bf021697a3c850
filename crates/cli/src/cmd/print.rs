//! `nonet print`: puzzles to a PDF booklet (`-o OUT.pdf`), or one puzzle to an SVG image
//! (`--format svg`). Reads plain puzzle lines and the CSV/JSON of `nonet generate` and
//! `nonet rate`, so `nonet generate ... --format json | nonet print -o b.pdf` keeps each
//! puzzle's number, level, rating and seed on the page.

use std::io::{IsTerminal, Read, Write};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use nonet_core::{Cell, CellSet};
use nonet_logic::rate::{rate_se, SeOutcome};
use nonet_print::{read_puzzles, render_pdf, render_svg, Paper, PdfOptions, SvgOptions};

use crate::status::Status;

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
    pub file: Option<String>,
    /// The output file. Required for PDF unless standard output is not a terminal; SVG goes to
    /// standard output without it.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<String>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: PrintFormat,
    /// Paper size (PDF).
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Puzzles per page (PDF): 1, 2, 4 or 6.
    #[arg(long, default_value_t = 4, value_parser = parse_per_page)]
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
    /// Image size in pixels (SVG).
    #[arg(long, default_value_t = 450)]
    pub size: u32,
}

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
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .context("cannot read standard input")?;
            s
        }
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?
        }
    };
    let mut puzzles = read_puzzles(&text)?;
    if args.rate {
        use rayon::prelude::*;
        puzzles
            .par_iter_mut()
            .filter(|p| p.er.is_none())
            .for_each(|p| {
                if let Ok(SeOutcome::Rated(r)) = rate_se(&p.puzzle) {
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
                        .solution
                        .or_else(|| first.puzzle.unique_solution())
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
            };
            render_svg(&first.puzzle, &options).into_bytes()
        }
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, &bytes).with_context(|| format!("cannot write {path}"))?
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(Status::Ok)
}
