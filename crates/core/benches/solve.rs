//! Solver benchmark: nonet's fast solver against the `sudoku` crate on the same transformed
//! copies of each shared puzzle set, one thread, uniqueness checked (count up to 2).
//!
//! Run: `cargo bench -p nonet-core --bench solve` (all sets), or add set names to filter:
//! `cargo bench -p nonet-core --bench solve -- magictour`. With `-- --write-copies DIR` it writes
//! the transformed copies instead, for whole-process timing (see `benches/peer_solve.rs`). Each set's puzzles are copied under a
//! deterministic random symmetry (digit relabelling, rows within bands, bands, columns within
//! stacks, stacks, transposition) from a fixed-seed xorshift generator, so that neither solver
//! profits from the orientation the puzzles were published in. The solvers alternate chunk by
//! chunk, several rounds, and each chunk's best time counts (robust on a shared machine). The
//! last column is the rate of the front door's clash check alone, timed apart.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use nonet_core::Sudoku;

/// The sets measured.
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

/// Per-chunk best times (seconds) of nonet, of the `sudoku` crate and of the front door's
/// clash check alone, plus each solver's sum of counts (to check that they agree).
struct Timings {
    ours: Vec<f64>,
    theirs: Vec<f64>,
    check: Vec<f64>,
    sums: (usize, usize),
}

/// Times both solvers chunk by chunk (500 puzzles), alternating, for at least `rounds` rounds
/// and about `budget`, keeping each chunk's best time: a busy machine then slows a chunk's
/// worst runs, not the figure.
fn measure(ours: &[Sudoku], theirs: &[sudoku::Sudoku], rounds: usize, budget: Duration) -> Timings {
    const CHUNK: usize = 500;
    let chunks = ours.len().div_ceil(CHUNK);
    let mut t = Timings {
        ours: vec![f64::MAX; chunks],
        theirs: vec![f64::MAX; chunks],
        check: vec![f64::MAX; chunks],
        sums: (0, 0),
    };
    let start = Instant::now();
    let mut round = 0;
    while round < rounds || start.elapsed() < budget {
        let (mut a, mut b) = (0, 0);
        for c in 0..chunks {
            let range = c * CHUNK..((c + 1) * CHUNK).min(ours.len());
            let clock = Instant::now();
            for p in &ours[range.clone()] {
                a += black_box(p).count_solutions_up_to(2);
            }
            t.ours[c] = t.ours[c].min(clock.elapsed().as_secs_f64());
            let clock = Instant::now();
            for p in &theirs[range.clone()] {
                b += black_box(*p).solutions_count_up_to(2);
            }
            t.theirs[c] = t.theirs[c].min(clock.elapsed().as_secs_f64());
            let clock = Instant::now();
            for p in &ours[range] {
                black_box(black_box(p).check().is_ok());
            }
            t.check[c] = t.check[c].min(clock.elapsed().as_secs_f64());
        }
        t.sums = (a, b);
        round += 1;
    }
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--write-copies DIR`: write each set's transformed copies to DIR (for whole-process
    // timing of `nonet solve` against `peer_solve`), then stop.
    if let Some(i) = args.iter().position(|a| a == "--write-copies") {
        let dir = PathBuf::from(args.get(i + 1).expect("--write-copies needs a directory"));
        std::fs::create_dir_all(&dir).expect("create the copies directory");
        for name in SETS {
            let text: String = load(name)
                .iter()
                .map(|c| Sudoku::from_bytes(*c).expect("digits").to_line() + "\n")
                .collect();
            std::fs::write(dir.join(name), text).expect("write copies");
        }
        return;
    }
    let filters: Vec<String> = args.into_iter().filter(|a| !a.starts_with('-')).collect();
    println!(
        "{:<32} {:>8} {:>14} {:>14} {:>7} {:>14}",
        "set (transformed copies)",
        "puzzles",
        "nonet /s",
        "sudoku 0.8 /s",
        "ratio",
        "check only /s"
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
        let t = measure(&ours, &theirs, 5, Duration::from_secs(4));
        assert_eq!(
            t.sums.0, t.sums.1,
            "{name}: the solvers disagree on the counts"
        );
        let rate = |times: &[f64]| raw.len() as f64 / times.iter().sum::<f64>();
        let (r_ours, r_theirs) = (rate(&t.ours), rate(&t.theirs));
        println!(
            "{:<32} {:>8} {:>14.0} {:>14.0} {:>6.2}x {:>14.0}",
            name,
            raw.len(),
            r_ours,
            r_theirs,
            r_ours / r_theirs,
            rate(&t.check)
        );
    }
}
