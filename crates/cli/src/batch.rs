//! Running a job over many puzzles on a thread pool, printing results in input order as they
//! complete chunk by chunk, with a progress bar only when standard error is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use nonet_answers::max_threads;
use rayon::prelude::*;

use crate::input::{Event, Input, InputPuzzle};
use crate::status::Status;

/// How long one puzzle's job takes, which sets the chunk size and when a progress bar is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Microseconds a puzzle (solving, counting, checking).
    Fast,
    /// Up to seconds a puzzle (rating): small chunks so output and progress keep moving.
    Slow,
}

impl Pace {
    /// Puzzles handed to the pool at once, per worker thread: enough to keep every thread
    /// busy, few enough that output starts flowing early and the chunk's buffers stay small
    /// (on one thread, 1,024 fast puzzles rather than 4,096 took 140 page faults off a
    /// 10,000-puzzle solve).
    fn chunk(self) -> usize {
        match self {
            Pace::Fast => 1024,
            Pace::Slow => 32,
        }
    }

    /// Puzzles read at once without a pool (one thread): no worker to keep busy, so a chunk
    /// small enough that its buffers are reused from the first page faults on (a 1,024-puzzle
    /// chunk's 130 KB buffer took a fresh mapping; magictour solve: 248 -> 196 page faults).
    fn chunk_alone(self) -> usize {
        self.chunk().min(64)
    }

    /// Inputs of at least this many puzzle lines get a progress bar (on a terminal only).
    fn progress_min(self) -> usize {
        match self {
            Pace::Fast => 2000,
            Pace::Slow => 20,
        }
    }
}

/// Set by `-q/--quiet`: the batch prints nothing (no lines, reasons or progress bar), only its
/// exit status tells how it went. Process-wide, as a run has one command line.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Makes the batch quiet (`-q`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether the batch is quiet (`-q`).
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// The thread count for `--threads` (0 or absent: all cores), capped at [`max_threads`] (as
/// Python's `threads=` is) with a note on standard error when it is.
pub fn threads(asked: Option<usize>) -> Option<usize> {
    let n = asked.filter(|&n| n > 0)?;
    let max = max_threads();
    if n > max {
        eprintln!("nonet: --threads {n} is more than this machine can use: using {max}");
        return Some(max);
    }
    Some(n)
}

/// Builds the thread pool for `--threads` (0 or absent: all cores), capped as [`threads`] says.
pub fn pool(asked: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads(asked) {
        b = b.num_threads(n);
    }
    b.build().context("cannot start worker threads")
}

/// Where `emit` writes: the output lines, and the reasons for puzzles that could not be
/// handled. Both are buffered (a solve of 10,000 puzzles with several solutions writes 10,000
/// reasons, which were one unbuffered write each); the reasons are flushed after each chunk,
/// and written with `note`, which ignores a failing standard error as `eprintln!` cannot.
pub struct Streams<'a> {
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    err: &'a mut dyn Write,
}

impl Streams<'_> {
    /// Writes one line to standard error, made of `pieces` (pieces rather than
    /// `format_args!`: a solve of puzzles that mostly have several solutions writes one line
    /// per puzzle).
    pub fn note(&mut self, pieces: &[&str]) {
        if quiet() {
            return;
        }
        if crate::color::stderr() {
            let _ = writeln!(self.err, "{}", crate::color::reason(&pieces.concat(), true));
            return;
        }
        // Nowhere to report a failing standard error: the output itself still matters.
        for piece in pieces {
            let _ = self.err.write_all(piece.as_bytes());
        }
        let _ = self.err.write_all(b"\n");
    }
}

/// Applies `job` (a fast one) to every puzzle of `input` on `threads` workers and hands each
/// result, in input order, to `emit`, which writes its output line(s). Returns how reading went:
/// [`Status::Invalid`] when an input could not be read (reported as `NAME: reason`; the other
/// inputs are still answered).
pub fn run<R, J, E>(input: &Input, threads: Option<usize>, job: J, emit: E) -> Result<Status>
where
    R: Send,
    J: Fn(&InputPuzzle) -> R + Sync,
    E: FnMut(&InputPuzzle, R, &mut Streams) -> Result<()>,
{
    run_paced(input, threads, Pace::Fast, job, emit)
}

/// As [`run`], for jobs of the given [`Pace`]. Puzzles are read a block at a time as they
/// arrive, and answered a chunk at a time with the chunk's buffers reused, so memory stays that
/// of one block whatever the input's size; what came from a pipe is answered (and flushed)
/// before the next read waits. With one thread the jobs run on the calling thread, without a
/// pool.
pub fn run_paced<R, J, E>(
    input: &Input,
    threads: Option<usize>,
    pace: Pace,
    job: J,
    mut emit: E,
) -> Result<Status>
where
    R: Send,
    J: Fn(&InputPuzzle) -> R + Sync,
    E: FnMut(&InputPuzzle, R, &mut Streams) -> Result<()>,
{
    let pool = match threads {
        Some(1) => None,
        _ => Some(pool(threads)?),
    };
    let size = pool.as_ref().map_or(pace.chunk_alone(), |p| {
        pace.chunk() * p.current_num_threads()
    });
    // A block holds a chunk of puzzle lines (82 bytes each), and no less than 64 KiB.
    let block = (size * 82).max(64 * 1024);
    let bar = (std::io::stderr().is_terminal() && !quiet())
        .then(|| input.size())
        .flatten()
        .filter(|&n| n >= pace.progress_min() as u64 * 82)
        .map(|n| {
            let b = ProgressBar::new(n);
            b.set_style(
                ProgressStyle::with_template(&crate::color::bar_template(
                    "{percent}%, {elapsed}, eta {eta}",
                ))
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b
        });
    let mut stdout = crate::output::stdout();
    let mut sink = std::io::sink();
    let out: &mut dyn Write = if quiet() { &mut sink } else { &mut stdout };
    // Not locked for the whole run: the progress bar draws on standard error too.
    let mut err = std::io::BufWriter::new(std::io::stderr());
    // On a terminal the reasons show chunk by chunk (between the progress bar's redraws);
    // elsewhere the buffer writes them when full (serg with one thread: 157 writes -> 8).
    let err_is_terminal = std::io::stderr().is_terminal();
    let mut status = Status::Ok;
    let mut reader = input.reader(block);
    // The chunk's buffer outlives each block it borrows from (see `recycle`).
    let mut spare: Vec<InputPuzzle<'static>> = Vec::with_capacity(size);
    let mut results = Vec::with_capacity(size);
    while let Some(event) = reader.next() {
        let block = match event {
            Event::Block(block) => block,
            Event::Unreadable { name, reason } => {
                // An input that cannot be read is an error, not a puzzle's reason: it is
                // reported even with `-q`, as `nonet: FILE: reason` (as rg does), after the
                // reasons before it, and the other inputs are still answered.
                let _ = err.flush();
                crate::color::error(format_args!("{name}: {reason}"));
                status.note(Status::Invalid);
                continue;
            }
        };
        let mut chunk = recycle(std::mem::take(&mut spare));
        let mut puzzles = block.puzzles();
        loop {
            chunk.clear();
            chunk.extend(puzzles.by_ref().take(size));
            if chunk.is_empty() {
                break;
            }
            match &pool {
                Some(pool) => {
                    pool.install(|| chunk.par_iter().map(&job).collect_into_vec(&mut results))
                }
                None => {
                    results.clear();
                    results.extend(chunk.iter().map(&job));
                }
            }
            let mut streams = Streams {
                out: &mut *out,
                err: &mut err,
            };
            for (item, r) in chunk.iter().zip(results.drain(..)) {
                emit(item, r, &mut streams)?;
            }
            if err_is_terminal {
                let _ = err.flush();
            }
        }
        spare = recycle(chunk);
        if let Some(b) = &bar {
            b.inc(block.len() as u64);
        }
        if block.live {
            // The next read may wait for the writer: what is answered goes out now.
            let _ = err.flush();
            out.flush()?;
        }
    }
    let _ = err.flush();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out.flush()?;
    Ok(status)
}

/// An empty vector for items of another lifetime, on the same allocation: collecting from a
/// vector's own iterator reuses its buffer when the items have the same size. So the chunk's
/// buffer is allocated once, not once per block.
// `filter_map` rather than `filter`: the items change type (their lifetime), and there are none.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'a, 'b>(mut v: Vec<InputPuzzle<'a>>) -> Vec<InputPuzzle<'b>> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}
