//! Speed of the variants' solver beside the standard one, one thread: puzzles/s for the shared
//! jigsaw, X-Sudoku and Windoku puzzles on their layouts (solve with the uniqueness check:
//! `Puzzle::solutions`, which builds the layout's masks on every call, as the CLI does),
//! the standard fast solver on standard puzzles of similar clue counts (`se-rated.txt`,
//! 17-40 givens, most 22-29; the X and Windoku puzzles have 14-36), and the variants' solver
//! on the same standard puzzles given as a jigsaw whose regions are the boxes. Then the time to answer the empty grid of every shared layout (`none` for the
//! impossible ones, `multiple` for the others): total and slowest.
//!
//! ```text
//! cargo run --release -p nonet-core --example variants_bench [-- ROUNDS]
//! ```
//!
//! Each set is timed `ROUNDS` times (default 5), the sets alternating, and the best round
//! counts (robust on a shared machine).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use nonet_core::{Layout, Puzzle, RegionMap, Solutions, Sudoku, STANDARD};

fn shared(file: &str) -> Vec<String> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "../../../shared/puzzles", file]
        .iter()
        .collect();
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// A set to time: puzzles, each with its layout.
struct Set {
    name: &'static str,
    puzzles: Vec<(Sudoku, Layout)>,
    best: Duration,
}

impl Set {
    fn new(name: &'static str, puzzles: Vec<(Sudoku, Layout)>) -> Set {
        Set {
            name,
            puzzles,
            best: Duration::MAX,
        }
    }

    /// One round: every puzzle solved with the uniqueness check; all must be unique.
    fn round(&mut self) {
        let start = Instant::now();
        let mut unique = 0;
        for (p, layout) in &self.puzzles {
            if let Solutions::Unique(_) = black_box(Puzzle::new(*p, layout.clone()).solutions()) {
                unique += 1;
            }
        }
        self.best = self.best.min(start.elapsed());
        assert_eq!(
            unique,
            self.puzzles.len(),
            "{}: a puzzle is not unique",
            self.name
        );
    }

    fn rate(&self) -> f64 {
        self.puzzles.len() as f64 / self.best.as_secs_f64()
    }
}

fn line(s: &str) -> Sudoku {
    Sudoku::from_line(s).expect("a puzzle line")
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(5, |a| a.parse().expect("ROUNDS is a number"));
    let x = STANDARD.with_diagonals();
    let windoku = STANDARD.with_windows();
    let jigsaw: Vec<_> = shared("variants/jigsaw-puzzles.txt")
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let map = RegionMap::parse(f[1]).expect("a region map");
            (line(f[0]), Layout::jigsaw(&map))
        })
        .collect();
    let with = |file: &str, layout: &Layout| -> Vec<(Sudoku, Layout)> {
        shared(file)
            .iter()
            .map(|l| (line(l.split_whitespace().next().unwrap()), layout.clone()))
            .collect()
    };
    let standard: Vec<(Sudoku, Layout)> = shared("se-rated.txt")
        .iter()
        .map(|l| (line(&l[..81]), STANDARD.clone()))
        .collect();
    let mut sets = vec![
        Set::new("jigsaw (jigsaw-puzzles.txt)", jigsaw),
        Set::new("x (x-puzzles.txt)", with("variants/x-puzzles.txt", &x)),
        Set::new(
            "windoku (windoku-puzzles.txt)",
            with("variants/windoku-puzzles.txt", &windoku),
        ),
        Set::new("standard, band solver (se-rated.txt)", standard.clone()),
        Set::new(
            "standard as a jigsaw (se-rated.txt, boxes as regions)",
            standard
                .iter()
                .map(|(p, _)| (*p, Layout::jigsaw(&RegionMap::boxes())))
                .collect(),
        ),
    ];
    for _ in 0..rounds {
        for set in &mut sets {
            set.round();
        }
    }
    println!("{:<56} {:>8} {:>12}", "set", "puzzles", "puzzles/s");
    for set in &sets {
        println!(
            "{:<56} {:>8} {:>12.0}",
            set.name,
            set.puzzles.len(),
            set.rate()
        );
    }
    println!();
    let empty = Sudoku::empty();
    for (file, want) in [
        ("variants/jigsaw-empty-invalid.txt", "none"),
        ("variants/jigsaw-empty-valid.txt", "multiple"),
        ("variants/jigsaw-layouts.txt", "multiple"),
    ] {
        let (mut total, mut slowest) = (Duration::ZERO, (Duration::ZERO, String::new()));
        let maps = shared(file);
        for map in &maps {
            let layout = Layout::jigsaw(&RegionMap::parse(map.trim()).expect("a region map"));
            let start = Instant::now();
            let answer = match Puzzle::new(empty, layout.clone()).solutions() {
                Solutions::None => "none",
                Solutions::Unique(_) => "unique",
                Solutions::Multiple(_) => "multiple",
            };
            let t = start.elapsed();
            assert_eq!(answer, want, "{map}");
            total += t;
            if t > slowest.0 {
                slowest = (t, map.clone());
            }
        }
        println!(
            "{file}: {} layouts, all {want}: total {:.3} s, slowest {:.3} s ({})",
            maps.len(),
            total.as_secs_f64(),
            slowest.0.as_secs_f64(),
            slowest.1
        );
    }
}
