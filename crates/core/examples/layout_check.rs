//! Times the answer for the empty grid of each region map read from standard input (one map
//! a line): `none` when the layout admits no solution grid, `multiple` otherwise.
//!
//! ```text
//! grep -v '^#' ../shared/puzzles/variants/jigsaw-empty-invalid.txt |
//!   cargo run --release -p nonet-core --example layout_check [-- --reference]
//! ```
//!
//! `--reference` answers with the reference solver instead of the default one.

use std::io::BufRead;
use std::time::Instant;

use nonet_core::{Layout, Puzzle, RegionMap, Solutions, Solver, Sudoku};

fn main() {
    let solver = if std::env::args().any(|a| a == "--reference") {
        Solver::Reference
    } else {
        Solver::Fast
    };
    let empty = Sudoku::empty();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let map = line.trim();
        if map.is_empty() || map.starts_with('#') {
            continue;
        }
        let layout = match RegionMap::parse(map) {
            Ok(m) => Layout::jigsaw(&m),
            Err(e) => {
                println!("{map} invalid: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let answer = match Puzzle::new(empty, layout.clone()).solutions_with(solver) {
            Solutions::None => "none",
            Solutions::Unique(_) => "unique",
            Solutions::Multiple(_) => "multiple",
        };
        println!("{map} {answer} {:.3} s", start.elapsed().as_secs_f64());
    }
}
