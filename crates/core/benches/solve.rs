//! Solver benchmark: nonet's fast solver against the `sudoku` crate on the same transformed
//! copies of each shared puzzle set, one thread, uniqueness checked (count up to 2).
//!
//! Run: `cargo bench -p nonet-core --bench solve` (all sets), or add set names to filter:
//! `cargo bench -p nonet-core --bench solve -- magictour`. Each set's puzzles are copied under a
//! deterministic random symmetry (digit relabelling, rows within bands, bands, columns within
//! stacks, stacks, transposition) from a fixed-seed xorshift generator, so that neither solver
//! profits from the orientation the puzzles were published in. Each solver runs the whole set
//! several times in alternation; the best pass is reported.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use nonet_core::Sudoku;

/// The sets measured, with the `sudoku` crate's throughput quoted in the issue for comparison.
const SETS: [&str; 4] = [
    "17-clue.txt",
    "serg-benchmark.txt",
    "magictour-top1465.txt",
    "forum-hardest-1905-11plus.txt",
];

/// A small fixed-seed xorshift64* generator: reproducible copies on every machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// A random permutation of 0..N (Fisher-Yates).
    fn permutation<const N: usize>(&mut self) -> [usize; N] {
        let mut p = [0; N];
        for (i, v) in p.iter_mut().enumerate() {
            *v = i;
        }
        for i in (1..N).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }

    /// A line order that keeps bands (or stacks) together: bands permuted, lines within each.
    fn lines(&mut self) -> [usize; 9] {
        let outer = self.permutation::<3>();
        let mut order = [0; 9];
        for (b, &ob) in outer.iter().enumerate() {
            let inner = self.permutation::<3>();
            for (r, &ir) in inner.iter().enumerate() {
                order[3 * b + r] = 3 * ob + ir;
            }
        }
        order
    }
}

/// `cells` under a random validity-preserving transformation.
fn transform(cells: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let rows = rng.lines();
    let cols = rng.lines();
    let digits = rng.permutation::<9>();
    let transpose = rng.below(2) == 1;
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            let v = cells[9 * sr + sc];
            out[9 * r + c] = if v == 0 {
                0
            } else {
                digits[v as usize - 1] as u8 + 1
            };
        }
    }
    out
}

fn load(name: &str) -> Vec<[u8; 81]> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/puzzles")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rng = Rng(0x6E6F_6E65_7421_2026);
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let s = Sudoku::from_line(&l[..81]).expect("puzzle line");
            transform(&s.to_bytes(), &mut rng)
        })
        .collect()
}

/// Runs `f` over the whole set repeatedly for about `budget`, returning the best pass's
/// puzzles per second and the sum of the counts (to check both solvers agree).
fn measure<T>(puzzles: &[T], budget: Duration, f: impl Fn(&T) -> usize) -> (f64, usize) {
    let mut best = Duration::MAX;
    let mut total = 0;
    let start = Instant::now();
    let mut passes = 0;
    while passes < 2 || start.elapsed() < budget {
        let t = Instant::now();
        let mut sum = 0;
        for p in puzzles {
            sum += f(black_box(p));
        }
        best = best.min(t.elapsed());
        total = sum;
        passes += 1;
    }
    (puzzles.len() as f64 / best.as_secs_f64(), total)
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    println!(
        "{:<32} {:>8} {:>14} {:>14} {:>7}",
        "set (transformed copies)", "puzzles", "nonet /s", "sudoku 0.8 /s", "ratio"
    );
    for name in SETS {
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let raw = load(name);
        let ours: Vec<Sudoku> = raw
            .iter()
            .map(|c| Sudoku::from_bytes(*c).expect("digits"))
            .collect();
        let theirs: Vec<sudoku::Sudoku> = raw
            .iter()
            .map(|c| sudoku::Sudoku::from_bytes(*c).expect("digits"))
            .collect();
        let budget = Duration::from_millis(1500);
        // Alternate the two solvers so that both see the same machine conditions.
        let (mut best_ours, mut best_theirs) = (0f64, 0f64);
        let (mut sum_ours, mut sum_theirs) = (0, 0);
        for _ in 0..3 {
            let (rate, sum) = measure(&ours, budget, |s| s.count_solutions_up_to(2));
            best_ours = best_ours.max(rate);
            sum_ours = sum;
            let (rate, sum) = measure(&theirs, budget, |s| s.solutions_count_up_to(2));
            best_theirs = best_theirs.max(rate);
            sum_theirs = sum;
        }
        assert_eq!(
            sum_ours, sum_theirs,
            "{name}: the solvers disagree on the counts"
        );
        println!(
            "{:<32} {:>8} {:>14.0} {:>14.0} {:>6.2}x",
            name,
            raw.len(),
            best_ours,
            best_theirs,
            best_ours / best_theirs
        );
    }
}
