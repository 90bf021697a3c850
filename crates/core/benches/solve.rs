//! Solver benchmark: nonet's fast solver against peers on the same transformed copies of each
//! shared puzzle set, one thread, in one process: the `sudoku` crate 0.8 always, and tdoku
//! when a build of it is given (`--tdoku path/to/libtdoku.so`, made by `benches/tdoku.sh` from
//! a fetched copy; nothing of tdoku is in the repository).
//!
//! Run: `cargo bench -p nonet-core --bench solve` (all sets), or add set names to filter:
//! `cargo bench -p nonet-core --bench solve -- magictour`. Options: `--rounds N` (default 7),
//! `--tdoku LIB`, `--guesses` (guesses a puzzle only, no timing), `--once` (one pass of nonet
//! alone, for `valgrind --tool=callgrind` or `perf stat`), `--write-copies DIR` (write each
//! set's transformed copies instead, for whole-process timing, see `benches/peer_solve.rs`).
//!
//! Each set's puzzles are copied under a deterministic random symmetry (digit relabelling,
//! rows within bands, bands, columns within stacks, stacks, transposition) from a fixed-seed
//! xorshift generator, so that no solver profits from the orientation the puzzles were
//! published in. Two questions per set: up to 2 solutions (uniqueness) and the first solution.
//! Times are the thread's CPU time (Linux; wall time elsewhere). The solvers take turns chunk
//! by chunk (500 puzzles), the one going first rotating, for several rounds; each round gives
//! a ratio per peer (the peer's time over nonet's), and the median ratio is the figure, so a
//! busy moment of a shared machine slows one round, not the figure. The rates shown are from
//! each solver's best round. Guesses a puzzle: the two-way branches of each search, from
//! nonet's `count_solutions_and_guesses` and tdoku's own counter (tdoku branches on a digit's
//! placement in a band, nonet mostly on a bivalue cell: both are two-way).

use std::hint::black_box;
use std::path::PathBuf;

use nonet_core::Sudoku;

/// The sets measured.
const SETS: [&str; 5] = [
    "17-clue.txt",
    "serg-benchmark.txt",
    "magictour-top1465.txt",
    "forum-hardest-1905-11plus.txt",
    "hardest-database-2011.csv",
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

/// The transformed copies of a set's puzzles: lines of 81 characters (for the CSV, its
/// first field), comments and headers skipped.
fn load(name: &str) -> Vec<[u8; 81]> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/puzzles")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rng = Rng(0x6E6F_6E65_7421_2026);
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| {
            let s = Sudoku::from_line(&l[..81]).expect("puzzle line");
            transform(&s.to_bytes(), &mut rng)
        })
        .collect()
}

/// The calling thread's CPU time, and the C library's dynamic loading, for tdoku.
#[allow(unsafe_code)]
mod sys {
    use std::ffi::{c_char, c_int, c_void, CStr, CString};

    /// `struct timespec` on 64-bit Linux.
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }

    extern "C" {
        fn clock_gettime(clock: c_int, time: *mut Timespec) -> c_int;
        fn dlopen(file: *const c_char, flags: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
        fn dlerror() -> *const c_char;
    }

    /// Seconds of CPU time this thread has used (Linux `CLOCK_THREAD_CPUTIME_ID`).
    #[cfg(target_os = "linux")]
    pub fn thread_time() -> f64 {
        let mut t = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `t` is a valid `timespec`; clock 3 is CLOCK_THREAD_CPUTIME_ID.
        let rc = unsafe { clock_gettime(3, &mut t) };
        assert_eq!(rc, 0, "clock_gettime");
        t.sec as f64 + t.nsec as f64 * 1e-9
    }

    /// Wall time elsewhere.
    #[cfg(not(target_os = "linux"))]
    pub fn thread_time() -> f64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
    }

    /// tdoku's solver: `TdokuSolverDpllTriadSimd(puzzle, limit, configuration, solution,
    /// &guesses)`, puzzle as 81 characters ('.' empty) and a NUL.
    pub type TdokuSolve =
        unsafe extern "C" fn(*const c_char, usize, u32, *mut c_char, *mut usize) -> usize;

    /// The solver of the tdoku library at `path`, loaded for the life of the process.
    pub fn load_tdoku(path: &str) -> Result<TdokuSolve, String> {
        let file = CString::new(path).map_err(|e| e.to_string())?;
        // SAFETY: NUL-terminated strings; RTLD_NOW (2). The library is never closed.
        unsafe {
            let handle = dlopen(file.as_ptr(), 2);
            if handle.is_null() {
                return Err(CStr::from_ptr(dlerror()).to_string_lossy().into_owned());
            }
            let f = dlsym(handle, c"TdokuSolverDpllTriadSimd".as_ptr());
            if f.is_null() {
                return Err(format!("{path}: no TdokuSolverDpllTriadSimd"));
            }
            Ok(std::mem::transmute::<*mut c_void, TdokuSolve>(f))
        }
    }

    /// Solves `puzzle` (82 bytes, NUL-terminated) with tdoku: the count up to `limit` and the
    /// guesses made.
    pub fn tdoku(solve: TdokuSolve, puzzle: &[u8; 82], limit: usize) -> (usize, usize) {
        let mut solution = [0u8; 82];
        let mut guesses = 0usize;
        // SAFETY: `puzzle` is 81 characters and a NUL, `solution` has room for 81.
        let n = unsafe {
            solve(
                puzzle.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        (n, guesses)
    }
}

/// One set in the form each solver reads.
struct Set {
    ours: Vec<Sudoku>,
    crate_: Vec<sudoku::Sudoku>,
    tdoku: Vec<[u8; 82]>,
}

impl Set {
    fn new(raw: &[[u8; 81]]) -> Set {
        Set {
            ours: raw
                .iter()
                .map(|c| Sudoku::from_bytes(*c).expect("digits"))
                .collect(),
            crate_: raw
                .iter()
                .map(|c| sudoku::Sudoku::from_bytes(*c).expect("digits"))
                .collect(),
            tdoku: raw
                .iter()
                .map(|c| {
                    let mut line = [0u8; 82];
                    for (l, &v) in line.iter_mut().zip(c) {
                        *l = if v == 0 { b'.' } else { b'0' + v };
                    }
                    line
                })
                .collect(),
        }
    }
}

/// The solvers: nonet, the `sudoku` crate, tdoku if loaded.
#[derive(Clone, Copy, PartialEq)]
enum Solver {
    Nonet,
    Crate,
    Tdoku,
}

/// Solves puzzles `range` of `set` with `solver`, up to `limit` (1: the first solution, kept;
/// 2: the count) and returns the sum of the counts.
fn run(
    solver: Solver,
    set: &Set,
    range: std::ops::Range<usize>,
    limit: usize,
    tdoku: Option<sys::TdokuSolve>,
) -> usize {
    let mut sum = 0;
    match (solver, limit) {
        (Solver::Nonet, 1) => {
            for p in &set.ours[range] {
                sum += usize::from(black_box(p).some_solution().is_some());
            }
        }
        (Solver::Nonet, _) => {
            for p in &set.ours[range] {
                sum += black_box(p).count_solutions_up_to(limit);
            }
        }
        (Solver::Crate, 1) => {
            for p in &set.crate_[range] {
                sum += usize::from(black_box(*p).some_solution().is_some());
            }
        }
        (Solver::Crate, _) => {
            for p in &set.crate_[range] {
                sum += black_box(*p).solutions_count_up_to(limit);
            }
        }
        (Solver::Tdoku, _) => {
            let solve = tdoku.expect("tdoku loaded");
            for p in &set.tdoku[range] {
                sum += sys::tdoku(solve, black_box(p), limit).0;
            }
        }
    }
    sum
}

/// Per round, each solver's CPU time for the whole set, and each solver's sum of counts.
struct Rounds {
    times: Vec<Vec<f64>>,
    sums: Vec<usize>,
}

/// Times `solvers` on `set` chunk by chunk (500 puzzles), taking turns (who goes first
/// rotates with the chunk), for `rounds` rounds.
fn measure(
    solvers: &[Solver],
    set: &Set,
    limit: usize,
    rounds: usize,
    tdoku: Option<sys::TdokuSolve>,
) -> Rounds {
    const CHUNK: usize = 500;
    let n = set.ours.len();
    let chunks = n.div_ceil(CHUNK);
    let mut r = Rounds {
        times: vec![Vec::new(); solvers.len()],
        sums: vec![0; solvers.len()],
    };
    for _ in 0..rounds {
        let mut round = vec![0.0; solvers.len()];
        for c in 0..chunks {
            let range = c * CHUNK..((c + 1) * CHUNK).min(n);
            for k in 0..solvers.len() {
                let i = (c + k) % solvers.len();
                let clock = sys::thread_time();
                r.sums[i] = run(solvers[i], set, range.clone(), limit, tdoku)
                    + if c == 0 { 0 } else { r.sums[i] };
                round[i] += sys::thread_time() - clock;
            }
        }
        for (t, x) in r.times.iter_mut().zip(round) {
            t.push(x);
        }
    }
    r
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// Guesses a puzzle of nonet and of tdoku (if loaded) at `limit`.
fn guesses(set: &Set, limit: usize, tdoku: Option<sys::TdokuSolve>) -> (f64, Option<f64>) {
    let n = set.ours.len() as f64;
    let ours: u64 = set
        .ours
        .iter()
        .map(|p| u64::from(p.count_solutions_and_guesses(limit).1))
        .sum();
    let theirs = tdoku.map(|solve| {
        let g: usize = set
            .tdoku
            .iter()
            .map(|p| sys::tdoku(solve, p, limit).1)
            .sum();
        g as f64 / n
    });
    (ours as f64 / n, theirs)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter().position(|a| a == flag).map(|i| {
            args.get(i + 1)
                .unwrap_or_else(|| panic!("{flag} needs a value"))
        })
    };
    // `--write-copies DIR`: write each set's transformed copies to DIR (for whole-process
    // timing of `nonet solve` against `peer_solve`), then stop.
    if let Some(dir) = value("--write-copies") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("create the copies directory");
        for name in SETS {
            let text: String = load(name)
                .iter()
                .map(|c| Sudoku::from_bytes(*c).expect("digits").to_line() + "\n")
                .collect();
            std::fs::write(dir.join(name.replace(".csv", ".txt")), text).expect("write copies");
        }
        return;
    }
    let rounds: usize = value("--rounds").map_or(7, |r| r.parse().expect("--rounds N"));
    let tdoku = value("--tdoku").map(|path| sys::load_tdoku(path).expect("load tdoku"));
    let only_guesses = args.iter().any(|a| a == "--guesses");
    let once = args.iter().any(|a| a == "--once");
    let mut skip = false;
    let filters: Vec<&String> = args
        .iter()
        .filter(|a| {
            let flag = std::mem::replace(&mut skip, ["--rounds", "--tdoku"].contains(&a.as_str()));
            !flag && !a.starts_with('-')
        })
        .collect();
    let mut solvers = vec![Solver::Nonet, Solver::Crate];
    if tdoku.is_some() {
        solvers.push(Solver::Tdoku);
    }
    println!(
        "{:<30} {:>6} {:>5} {:>11} {:>11} {:>7} {:>11} {:>7} {:>8} {:>8}",
        "set (transformed copies)",
        "n",
        "limit",
        "nonet /s",
        "sudoku /s",
        "ratio",
        "tdoku /s",
        "ratio",
        "guesses",
        "tdoku's"
    );
    for name in SETS {
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let set = Set::new(&load(name));
        if once {
            let t = sys::thread_time();
            let sum = run(Solver::Nonet, &set, 0..set.ours.len(), 2, None);
            println!("{name}: {sum} solutions, {:.3} s", sys::thread_time() - t);
            continue;
        }
        for limit in [2, 1] {
            let (g_ours, g_theirs) = guesses(&set, limit, tdoku);
            let g_theirs = g_theirs.map_or("-".into(), |g| format!("{g:.2}"));
            let n = set.ours.len();
            if only_guesses {
                println!(
                    "{name:<30} {n:>6} {limit:>5} {:>11} {:>11} {:>7} {:>11} {:>7} {g_ours:>8.2} {g_theirs:>8}",
                    "", "", "", "", ""
                );
                continue;
            }
            let r = measure(&solvers, &set, limit, rounds, tdoku);
            assert!(
                r.sums.iter().all(|&s| s == r.sums[0]),
                "{name}: the solvers disagree on the counts: {:?}",
                r.sums
            );
            let best = |i: usize| n as f64 / r.times[i].iter().copied().fold(f64::MAX, f64::min);
            let ratio = |i: usize| {
                median(
                    r.times[i]
                        .iter()
                        .zip(&r.times[0])
                        .map(|(t, ours)| t / ours)
                        .collect(),
                )
            };
            let (tdoku_rate, tdoku_ratio) = if tdoku.is_some() {
                (format!("{:.0}", best(2)), format!("{:.2}x", ratio(2)))
            } else {
                ("-".into(), "-".into())
            };
            println!(
                "{name:<30} {n:>6} {limit:>5} {:>11.0} {:>11.0} {:>6.2}x {tdoku_rate:>11} {tdoku_ratio:>7} {g_ours:>8.2} {g_theirs:>8}",
                best(0),
                best(1),
                ratio(1),
            );
        }
    }
}
