//! Running a job over many puzzles on a thread pool, printing results in input order as they
//! complete chunk by chunk, with a progress bar only when standard error is a terminal.

use std::io::{IsTerminal, Write};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// How long one puzzle's job takes, which sets the chunk size and when a progress bar is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Microseconds a puzzle (solving, counting, checking).
    Fast,
    /// Up to seconds a puzzle (rating): small chunks so output and progress keep moving.
    Slow,
}

impl Pace {
    /// Puzzles handed to the pool at once: enough to keep every thread busy, few enough that
    /// output starts flowing early.
    fn chunk(self) -> usize {
        match self {
            Pace::Fast => 4096,
            Pace::Slow => 32,
        }
    }

    /// Inputs of at least this many puzzles get a progress bar (on a terminal only).
    fn progress_min(self) -> usize {
        match self {
            Pace::Fast => 2000,
            Pace::Slow => 20,
        }
    }
}

/// Builds the thread pool for `--threads` (0 or absent: all cores).
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads.filter(|&n| n > 0) {
        b = b.num_threads(n);
    }
    b.build().context("cannot start worker threads")
}

/// Applies `job` (a fast one) to every item on `threads` workers and hands each result, in
/// input order, to `emit`, which writes its output line(s).
pub fn run<T, R, J, E>(items: &[T], threads: Option<usize>, job: J, emit: E) -> Result<()>
where
    T: Sync,
    R: Send,
    J: Fn(&T) -> R + Sync,
    E: FnMut(&T, R, &mut dyn Write) -> Result<()>,
{
    run_paced(items, threads, Pace::Fast, job, emit)
}

/// As [`run`], for jobs of the given [`Pace`].
pub fn run_paced<T, R, J, E>(
    items: &[T],
    threads: Option<usize>,
    pace: Pace,
    job: J,
    mut emit: E,
) -> Result<()>
where
    T: Sync,
    R: Send,
    J: Fn(&T) -> R + Sync,
    E: FnMut(&T, R, &mut dyn Write) -> Result<()>,
{
    let pool = pool(threads)?;
    let bar = (items.len() >= pace.progress_min() && std::io::stderr().is_terminal()).then(|| {
        let b = ProgressBar::new(items.len() as u64);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    });
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for chunk in items.chunks(pace.chunk()) {
        let results: Vec<R> = pool.install(|| chunk.par_iter().map(&job).collect());
        for (item, r) in chunk.iter().zip(results) {
            emit(item, r, &mut out)?;
        }
        if let Some(b) = &bar {
            b.inc(chunk.len() as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out.flush().context("cannot write output")?;
    Ok(())
}
