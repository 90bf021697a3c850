//! The batch commands' face of `nonet-answers`'s batch runner: `--threads` and `-q`, answers
//! printed in input order as they complete chunk by chunk, reasons buffered on standard error,
//! and a progress bar only when standard error is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use nonet_answers::batch::{Batch, Sink, Workers};
use nonet_answers::max_threads;
use nonet_answers::read::{InputError, Notes};

pub use nonet_answers::batch::Pace;

use crate::input::{Input, InputPuzzle};
use crate::status::Status;

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

/// The workers for `--threads` (0 or absent: all cores; 1: the calling thread alone), capped as
/// [`threads`] says.
pub fn workers(asked: Option<usize>) -> Result<Workers> {
    Ok(Workers::new(threads(asked))?)
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

impl Notes for Streams<'_> {
    fn note(&mut self, pieces: &[&str]) {
        Streams::note(self, pieces);
    }
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

/// As [`run`], for jobs of the given [`Pace`], on `nonet-answers`'s runner
/// ([`Batch::run_input`]): memory stays that of one block whatever the input's size, and what
/// came from a pipe is answered (and flushed) before the next read waits. With one thread the
/// jobs run on the calling thread, without a pool.
pub fn run_paced<R, J, E>(
    input: &Input,
    threads: Option<usize>,
    pace: Pace,
    job: J,
    emit: E,
) -> Result<Status>
where
    R: Send,
    J: Fn(&InputPuzzle) -> R + Sync,
    E: FnMut(&InputPuzzle, R, &mut Streams) -> Result<()>,
{
    let workers = workers(threads)?;
    let batch = Batch::new(&workers, pace);
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
    let mut printer = Printer {
        streams: Streams {
            out: &mut *out,
            err: &mut err,
        },
        // On a terminal the reasons show chunk by chunk (between the progress bar's redraws);
        // elsewhere the buffer writes them when full (serg with one thread: 157 writes -> 8).
        err_is_terminal: std::io::stderr().is_terminal(),
        bar: bar.as_ref(),
        status: Status::Ok,
        emit,
    };
    batch.run_input(input, &|p, _| job(p), &mut printer)?;
    let status = printer.status;
    let _ = err.flush();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out.flush()?;
    Ok(status)
}

/// Where a batch's answers go: `emit` writes each, and the streams are flushed as the run goes.
struct Printer<'a, E> {
    streams: Streams<'a>,
    err_is_terminal: bool,
    bar: Option<&'a ProgressBar>,
    /// How reading went.
    status: Status,
    emit: E,
}

impl<R, E> Sink<R> for Printer<'_, E>
where
    E: FnMut(&InputPuzzle, R, &mut Streams) -> Result<()>,
{
    type Error = anyhow::Error;

    // Inlined into the runner's loop: one call a puzzle was 0.1% of a solve.
    #[inline]
    fn answer(&mut self, puzzle: &InputPuzzle, answer: R) -> Result<()> {
        (self.emit)(puzzle, answer, &mut self.streams)
    }

    fn chunk_done(&mut self) -> Result<()> {
        if self.err_is_terminal {
            let _ = self.streams.err.flush();
        }
        Ok(())
    }

    fn block_done(&mut self, bytes: usize, live: bool) -> Result<()> {
        if let Some(b) = self.bar {
            b.inc(bytes as u64);
        }
        if live {
            // The next read may wait for the writer: what is answered goes out now.
            let _ = self.streams.err.flush();
            self.streams.out.flush()?;
        }
        Ok(())
    }

    fn unreadable(&mut self, error: InputError) -> Result<()> {
        // An input that cannot be read is an error, not a puzzle's reason: it is reported even
        // with `-q`, as `nonet: FILE: reason` (as rg does), after the reasons before it, and
        // the other inputs are still answered.
        let _ = self.streams.err.flush();
        crate::color::error(format_args!("{error}"));
        self.status.note(Status::Invalid);
        Ok(())
    }
}
