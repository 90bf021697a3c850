//! Python's batches on `nonet-answers`'s batch runner, the `nonet` command's own: answers in
//! input order, and the first failure (by index, whatever the thread count) as an error that
//! names the puzzle's index. Generation as `nonet generate` does it: puzzle `i` of a run comes
//! from `puzzle_seed(seed, i)` only, so a run split into ranges (`start`, `count`), on any
//! number of threads or machines, gives the same puzzles as one run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonet_answers::batch::{Batch, Workers};
use nonet_answers::generation::{real_failure, Generation};
use nonet_answers::Deadline;
use nonet_core::Sudoku;
use nonet_generate::{puzzle_seed, GenerateError, GenerateOptions, Generated, Generator};
use nonet_logic::Observer;

use crate::answer::{self, PuzzleError};

/// Why a batch stopped: the puzzle (its index in the batch, from 0) and the reason.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("puzzle {index}: {reason}")]
pub struct BatchError {
    /// The puzzle's index, from 0 (for generation: its index in the whole run).
    pub index: u64,
    /// What went wrong, in the CLI's words.
    pub reason: String,
    /// Whether the puzzle itself is at fault (unreadable or clashing: a `ValueError` in
    /// Python), rather than the search (a generation that timed out).
    pub bad_input: bool,
}

/// A puzzle as a batch receives it: text, or 81 cells (a row of a numpy array).
#[derive(Clone, Debug)]
pub enum Source {
    /// A line or grid, as `nonet` reads it.
    Text(String),
    /// Row-major cells, 0 for empty.
    Cells([u8; 81]),
}

impl Source {
    /// The puzzle, or why it is none.
    pub fn read(&self) -> Result<Sudoku, PuzzleError> {
        match self {
            Source::Text(t) => answer::read(t),
            Source::Cells(c) => answer::from_cells(c),
        }
    }
}

/// The end of the run's range `start..start + count`, or why there is none: indices stop at
/// 2^64 - 1 (a `start + count` past it gave no puzzles without a word).
pub fn run_end(start: u64, count: u64) -> Result<u64, String> {
    start.checked_add(count).ok_or_else(|| {
        format!("start {start} + count {count} runs past the last puzzle index of a run, 2^64 - 1")
    })
}

/// Room for `count` generated answers, asked for before any search: a count no memory can
/// hold (`count=2**40`) is a reason here, where collecting the answers would abort the whole
/// interpreter on a failed allocation.
pub fn answer_room(count: u64) -> Result<Vec<Result<Generated, GenerateError>>, String> {
    let mut room = Vec::new();
    match usize::try_from(count).map(|n| room.try_reserve_exact(n)) {
        Ok(Ok(())) => Ok(room),
        _ => Err(format!(
            "{count} puzzles do not fit in memory: generate them in ranges (start, count)"
        )),
    }
}

/// Answers every puzzle with `f` on `workers`, in input order. The error is the lowest
/// index's, so it does not depend on the threads' timing. Once `cancel` is set, the puzzles not
/// yet started fail as cancelled (the caller has stopped waiting for the answers), and those
/// under way stop too: `f` gets the observer a long search asks (the SE rater, the teacher's
/// path), which says stop from then on.
pub fn map<R: Send>(
    puzzles: &[Source],
    workers: &Workers,
    cancel: &AtomicBool,
    f: impl Fn(&Sudoku, &Observer) -> Result<R, PuzzleError> + Sync,
) -> Result<Vec<R>, BatchError> {
    let job = |p: &Source, deadline: &Deadline| {
        let stop = || deadline.check(cancel.load(Ordering::Relaxed)).is_err();
        let obs = Observer::new(&stop);
        obs.check().map_err(|_| PuzzleError::Cancelled)?;
        p.read().and_then(|s| f(&s, &obs))
    };
    let mut out = Vec::with_capacity(puzzles.len());
    Batch::whole(workers).run_slice(puzzles, &job, &mut |_, r| match r {
        Ok(v) => {
            out.push(v);
            Ok(())
        }
        Err(e) => Err(BatchError {
            index: out.len() as u64,
            reason: e.to_string(),
            bad_input: true,
        }),
    })?;
    Ok(out)
}

/// A range of a generation run: puzzles `start .. start + count` of `seed` with `options`.
#[derive(Clone, Debug)]
pub struct GenerateJob {
    /// The generator's options (symmetry, minimality, target).
    pub options: GenerateOptions,
    /// The run's seed.
    pub seed: u64,
    /// The index of the first puzzle.
    pub start: u64,
    /// How many puzzles.
    pub count: u64,
    /// Give up on a puzzle after this long (`nonet generate --timeout`; `None`: never).
    pub timeout: Option<Duration>,
}

/// Generates a job's puzzles in parallel, in index order: the same puzzles as
/// `nonet generate --seed SEED` prints at those indices. When one fails, the others still being
/// searched stop, and the error is the real failure's (the others were only cancelled). Setting
/// `cancel` stops every search.
pub fn generate(
    job: &GenerateJob,
    workers: &Workers,
    cancel: &AtomicBool,
) -> Result<Vec<Generated>, BatchError> {
    let generator = Generator::new(job.options.clone()).map_err(|e| BatchError {
        index: job.start,
        reason: e.to_string(),
        bad_input: true,
    })?;
    let refused = |reason: String| BatchError {
        index: job.start,
        reason,
        bad_input: true,
    };
    let end = run_end(job.start, job.count).map_err(refused)?;
    let mut results = answer_room(job.count).map_err(refused)?;
    Generation::new(&generator, job.seed, job.timeout).range(
        workers,
        job.start..end,
        &|| cancel.load(Ordering::Relaxed),
        &|| {},
        &|| {},
        &mut results,
    );
    let real = real_failure(&results);
    if cancel.load(Ordering::Relaxed) {
        return Err(BatchError {
            index: job.start,
            reason: GenerateError::Cancelled.to_string(),
            bad_input: false,
        });
    }
    if let Some((k, e)) = real {
        let index = job.start + k as u64;
        return Err(BatchError {
            index,
            reason: format!("(seed {}) {e}", puzzle_seed(job.seed, index)),
            bad_input: false,
        });
    }
    Ok(results.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_generate::Symmetry;
    use std::sync::atomic::AtomicUsize;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// A flag nobody sets.
    fn go() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// `count=2**40` aborted the interpreter (a failed allocation of a petabyte for the
    /// answers), and a `start + count` past 2^64 - 1 gave no puzzles without a word: both
    /// are refused with a reason, before any search.
    #[test]
    fn a_count_beyond_memory_or_past_the_last_index_is_refused() {
        let mut job = GenerateJob {
            options: GenerateOptions::default(),
            seed: 1,
            start: 0,
            // Past what any address space holds, whatever the system's overcommit policy.
            count: 1 << 62,
            timeout: None,
        };
        let e = generate_all(&job).unwrap_err();
        assert!(
            e.bad_input && e.reason.contains("do not fit in memory"),
            "{e}"
        );
        job.start = u64::MAX - 1;
        job.count = 2;
        let e = generate_all(&job).unwrap_err();
        assert!(
            e.bad_input && e.reason.contains("runs past the last"),
            "{e}"
        );
        job.count = 1;
        job.timeout = Some(Duration::from_secs(60));
        assert_eq!(generate_all(&job).unwrap().len(), 1);
    }

    fn generate_all(job: &GenerateJob) -> Result<Vec<Generated>, BatchError> {
        generate(job, &Workers::new(None).unwrap(), &go())
    }

    /// [`map`] on every core.
    fn map_all<R: Send>(
        puzzles: &[Source],
        cancel: &AtomicBool,
        f: impl Fn(&Sudoku, &Observer) -> Result<R, PuzzleError> + Sync,
    ) -> Result<Vec<R>, BatchError> {
        map(puzzles, &Workers::new(None).unwrap(), cancel, f)
    }

    #[test]
    fn a_bad_puzzle_is_named_by_its_index() {
        let puzzles = vec![
            Source::Text(PUZZLE.to_string()),
            Source::Text("12x".to_string()),
            Source::Text(format!("11{}", ".".repeat(79))),
        ];
        let e = map_all(&puzzles, &go(), |s, _| answer::solve(s)).unwrap_err();
        assert_eq!(e.index, 1);
        assert!(e.bad_input);
        assert!(e.to_string().starts_with("puzzle 1: "), "{e}");
        let answers = map_all(&puzzles[..1], &go(), |s, _| answer::solve(s)).unwrap();
        assert_eq!(answers.len(), 1);
    }

    #[test]
    fn text_and_cells_give_the_same_answers() {
        let s = answer::read(PUZZLE).unwrap();
        let puzzles = [
            Source::Text(PUZZLE.to_string()),
            Source::Cells(s.to_bytes()),
        ];
        let counts = map_all(&puzzles, &go(), |s, _| answer::count(s, 2)).unwrap();
        assert_eq!(counts, vec![1, 1]);
    }

    #[test]
    fn a_run_split_in_ranges_gives_the_same_puzzles() {
        let options = GenerateOptions {
            symmetry: Symmetry::Rot180,
            ..GenerateOptions::default()
        };
        let job = |start, count| GenerateJob {
            options: options.clone(),
            seed: 7,
            start,
            count,
            timeout: None,
        };
        let whole: Vec<Sudoku> = generate_all(&job(0, 6))
            .unwrap()
            .iter()
            .map(|g| g.puzzle)
            .collect();
        let mut parts: Vec<Sudoku> = generate_all(&job(0, 2))
            .unwrap()
            .iter()
            .map(|g| g.puzzle)
            .collect();
        parts.extend(generate_all(&job(2, 4)).unwrap().iter().map(|g| g.puzzle));
        assert_eq!(whole, parts);
        let one_thread = generate(&job(0, 6), &Workers::new(Some(1)).unwrap(), &go()).unwrap();
        assert_eq!(
            whole,
            one_thread.iter().map(|g| g.puzzle).collect::<Vec<_>>()
        );
    }

    /// Regression: Ctrl-C during `rate_many` on the forum's hardest puzzles waited for every
    /// puzzle under way (the batch read `cancel` only between puzzles: minutes in a debug
    /// build on a loaded machine). The rater's observer reads it inside the puzzle now: here
    /// `cancel` is set in the middle of a puzzle's search (at its observer's 2,000th question,
    /// deep in its nested chains), and the rating stops at once.
    #[test]
    fn cancelling_a_batch_stops_the_puzzles_under_way() {
        // The first of the forum's hardest set: ER 11.1, nested forcing chains.
        let hard =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let puzzles = vec![Source::Text(hard.to_string())];
        let cancel = AtomicBool::new(false);
        let asked = AtomicUsize::new(0);
        let e = map(
            &puzzles,
            &Workers::new(Some(1)).unwrap(),
            &cancel,
            |s, obs| {
                let watch = || {
                    if asked.fetch_add(1, Ordering::Relaxed) + 1 == 2000 {
                        cancel.store(true, Ordering::Relaxed);
                    }
                    obs.poll()
                };
                answer::rate_observed(s, answer::Scale::Se, &Observer::new(&watch))
            },
        )
        .unwrap_err();
        assert_eq!(e.reason, "cancelled");
        // The question that saw the cancel was the last one.
        assert_eq!(asked.load(Ordering::Relaxed), 2000);
    }

    #[test]
    fn a_cancelled_batch_stops_with_an_error() {
        let stop = AtomicBool::new(true);
        let puzzles = vec![Source::Text(PUZZLE.to_string()); 3];
        let e = map_all(&puzzles, &stop, |s, _| answer::solve(s)).unwrap_err();
        assert_eq!(e.reason, "cancelled");
        let job = GenerateJob {
            options: GenerateOptions::default(),
            seed: 1,
            start: 0,
            count: 4,
            timeout: None,
        };
        let workers = Workers::new(Some(2)).unwrap();
        assert!(!generate(&job, &workers, &stop).unwrap_err().bad_input);
    }
}
