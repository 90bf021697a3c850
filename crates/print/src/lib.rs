//! # nonet-print
//!
//! Printing: puzzle booklets as PDF ([`render_pdf`]: A4 or Letter, 1, 2, 4 or 6 puzzles to a
//! page, each captioned with its number, level, rating and seed when known, solutions on the
//! pages after) and single puzzles as SVG ([`render_svg`], with optional pencil marks and
//! highlighted cells). [`read_puzzles`] takes plain puzzle lines and the CSV/JSON that
//! `nonet generate` and `nonet rate` write.
//!
//! ```
//! use nonet_print::{read_puzzles, render_pdf, PdfOptions};
//!
//! let puzzles = read_puzzles(
//!     "...6.7....5.1....368..9..453...8.9...4.....2....4.9....71............8...3.....76\n",
//! )
//! .unwrap();
//! let pdf = render_pdf(&puzzles, &PdfOptions::default()).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! ```
//!
//! **Invariant:** no I/O here: text in, bytes or strings out. Grids are drawn once, by
//! `draw::grid` on a small canvas trait, for both formats.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod draw;
mod error;
mod pdf;
mod records;
mod svg_out;

pub use error::PrintError;
pub use pdf::{render_pdf, Paper, PdfOptions};
pub use records::{annotate, read_puzzles, PrintPuzzle};
pub use svg_out::{render_svg, SvgOptions};
