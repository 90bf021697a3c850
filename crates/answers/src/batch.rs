//! The one batch runner: a job over many puzzles (or generator indices) on rayon's threads, a
//! chunk at a time, its answers handed on in input order whatever the thread count, each item
//! under its own [`Deadline`] from the moment it starts. The `nonet` command's batch
//! commands stream their inputs through it ([`Batch::run_input`], one block of the
//! [`Reader`](crate::read::Reader) at a time, in constant memory), Python's batch forms and
//! every generation run ([`crate::generation`]) hand it their items ([`Batch::run_slice`]).

use std::time::Duration;

use rayon::prelude::*;

use crate::read::{Event, Input, InputError, InputPuzzle};
use crate::{max_threads, Deadline};

/// How long one puzzle's job takes, which sets the chunk size (and when the command line shows
/// a progress bar).
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

    /// Inputs of at least this many puzzle lines are worth a progress bar (on a terminal).
    pub fn progress_min(self) -> usize {
        match self {
            Pace::Fast => 2000,
            Pace::Slow => 20,
        }
    }
}

/// The worker threads could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot start worker threads: {0}")]
pub struct ThreadsError(#[from] rayon::ThreadPoolBuildError);

/// The threads a batch runs on.
pub struct Workers(Kind);

enum Kind {
    /// rayon's global pool, one thread a core.
    Global,
    /// The calling thread alone, without a pool.
    Alone,
    /// A pool of its own.
    Pool(rayon::ThreadPool),
}

impl Workers {
    /// `threads` workers: `None` or 0, one a core (rayon's global pool); 1, the calling thread;
    /// more, a pool of that many, at most [`max_threads`].
    pub fn new(threads: Option<usize>) -> Result<Workers, ThreadsError> {
        Ok(Workers(match threads {
            None | Some(0) => Kind::Global,
            Some(1) => Kind::Alone,
            Some(n) => Kind::Pool(pool(n.min(max_threads()))?),
        }))
    }

    /// How many threads work.
    pub fn count(&self) -> usize {
        match &self.0 {
            Kind::Global => rayon::current_num_threads(),
            Kind::Alone => 1,
            Kind::Pool(p) => p.current_num_threads(),
        }
    }

    /// `job` of every item into `results`, in order.
    fn map_into<T: Sync, R: Send>(
        &self,
        items: &[T],
        job: &(impl Fn(&T) -> R + Sync),
        results: &mut Vec<R>,
    ) {
        match &self.0 {
            Kind::Alone => {
                results.clear();
                results.extend(items.iter().map(job));
            }
            Kind::Global => items.par_iter().map(job).collect_into_vec(results),
            Kind::Pool(p) => p.install(|| items.par_iter().map(job).collect_into_vec(results)),
        }
    }
}

fn pool(n: usize) -> Result<rayon::ThreadPool, ThreadsError> {
    Ok(rayon::ThreadPoolBuilder::new().num_threads(n).build()?)
}

/// What [`Batch::run_input`] does with each answer and around each chunk and block.
pub trait Sink<R> {
    /// What stops the run (a failed write).
    type Error;

    /// One puzzle's answer, in input order.
    fn answer(&mut self, puzzle: &InputPuzzle, answer: R) -> Result<(), Self::Error>;

    /// After each chunk's answers.
    fn chunk_done(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After each block: the bytes of input it covered, and whether the input may pause before
    /// the next (a pipe: what is answered should go out now).
    fn block_done(&mut self, bytes: usize, live: bool) -> Result<(), Self::Error> {
        let _ = (bytes, live);
        Ok(())
    }

    /// An input that cannot be read (the others are still answered).
    fn unreadable(&mut self, error: InputError) -> Result<(), Self::Error>;
}

/// A run over many items on [`Workers`], a chunk at a time.
pub struct Batch<'w> {
    workers: &'w Workers,
    chunk: usize,
    limit: Option<Duration>,
}

impl<'w> Batch<'w> {
    /// A batch of jobs of `pace`: chunks of that many items per worker (a few on one thread).
    pub fn new(workers: &'w Workers, pace: Pace) -> Batch<'w> {
        let chunk = match workers.0 {
            Kind::Alone => pace.chunk_alone(),
            _ => pace.chunk() * workers.count(),
        };
        Batch {
            workers,
            chunk,
            limit: None,
        }
    }

    /// A batch of items all handed to the workers at once: for items already in memory whose
    /// answers are all wanted together (Python's batches, a range of a generation run), where
    /// a chunk's end would only leave threads idle.
    pub fn whole(workers: &'w Workers) -> Batch<'w> {
        Batch {
            workers,
            chunk: usize::MAX,
            limit: None,
        }
    }

    /// Each item's time limit from when it starts (`None`, the default: none).
    pub fn limit(mut self, limit: Option<Duration>) -> Batch<'w> {
        self.limit = limit;
        self
    }

    /// Items handed to the workers at once.
    pub fn chunk(&self) -> usize {
        self.chunk
    }

    /// Takes the next chunk of `items` into `chunk` and their answers into `results`; `false`
    /// once there are none.
    fn next_chunk<T: Sync, R: Send>(
        &self,
        items: &mut impl Iterator<Item = T>,
        chunk: &mut Vec<T>,
        results: &mut Vec<R>,
        job: &(impl Fn(&T, &Deadline) -> R + Sync),
    ) -> bool {
        chunk.clear();
        chunk.extend(items.by_ref().take(self.chunk));
        if chunk.is_empty() {
            return false;
        }
        self.answer(chunk, results, job);
        true
    }

    /// The answers of one chunk into `results`, in order, each item given its deadline as it
    /// starts.
    fn answer<T: Sync, R: Send>(
        &self,
        chunk: &[T],
        results: &mut Vec<R>,
        job: &(impl Fn(&T, &Deadline) -> R + Sync),
    ) {
        // Without a time limit every item's deadline is the same (no clock to read).
        let untimed = Deadline::after(None);
        let timed = |item: &T| match self.limit {
            None => job(item, &untimed),
            limit => job(item, &Deadline::after(limit)),
        };
        self.workers.map_into(chunk, &timed, results);
    }

    /// Applies `job` to every item, a chunk at a time in parallel (each chunk read in place),
    /// each item given its [`Deadline`] as it starts, and hands each answer to `emit` in item
    /// order. The first error of `emit` stops the run (the chunk under way is finished first,
    /// no later one is started).
    pub fn run_slice<T: Sync, R: Send, E>(
        &self,
        items: &[T],
        job: &(impl Fn(&T, &Deadline) -> R + Sync),
        emit: &mut impl FnMut(&T, R) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut results = Vec::new();
        for chunk in items.chunks(self.chunk) {
            self.answer(chunk, &mut results, job);
            for (item, r) in chunk.iter().zip(results.drain(..)) {
                emit(item, r)?;
            }
        }
        Ok(())
    }

    /// Applies `job` to every puzzle of `input`, read a block at a time as it arrives, and
    /// hands each answer to `sink` in input order. The chunk's buffers are reused, so memory
    /// stays that of one block whatever the input's size; what came from a pipe is answered
    /// (and `sink` told so) before the next read waits. An input that cannot be read is handed
    /// to `sink` and the others are still read.
    pub fn run_input<R, S>(
        &self,
        input: &Input,
        job: &(impl Fn(&InputPuzzle, &Deadline) -> R + Sync),
        sink: &mut S,
    ) -> Result<(), S::Error>
    where
        R: Send,
        S: Sink<R>,
    {
        // A block holds a chunk of puzzle lines (82 bytes each), and no less than 64 KiB (nor
        // more than 64 MiB, for a whole batch).
        let block = self.chunk.saturating_mul(82).clamp(64 * 1024, 64 << 20);
        let mut reader = input.reader(block);
        // The chunk's buffer outlives each block it borrows from (see `recycle`).
        let room = self.chunk.min(block / 82);
        let mut spare: Vec<InputPuzzle<'static>> = Vec::with_capacity(room);
        let mut results = Vec::with_capacity(room);
        while let Some(event) = reader.next_event() {
            let block = match event {
                Event::Block(block) => block,
                Event::Unreadable(e) => {
                    sink.unreadable(e)?;
                    continue;
                }
            };
            let mut chunk = recycle(std::mem::take(&mut spare));
            let mut puzzles = block.puzzles();
            while self.next_chunk(&mut puzzles, &mut chunk, &mut results, job) {
                for (p, r) in chunk.iter().zip(results.drain(..)) {
                    sink.answer(p, r)?;
                }
                sink.chunk_done()?;
            }
            spare = recycle(chunk);
            sink.block_done(block.len(), block.live)?;
        }
        Ok(())
    }
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::read::Givens;

    const P: &str =
        ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";

    /// Every way of running gives the answers in item order: one thread, a pool, the global
    /// pool, chunked or whole; an error from `emit` stops the run after its chunk.
    #[test]
    fn answers_come_in_item_order_and_an_emit_error_stops_the_run() {
        let items: Vec<u32> = (0..5000).collect();
        for threads in [Some(1), Some(3), None] {
            let workers = Workers::new(threads).unwrap();
            for batch in [
                Batch::new(&workers, Pace::Fast),
                Batch::new(&workers, Pace::Slow),
                Batch::whole(&workers),
            ] {
                let mut got = Vec::new();
                let run = batch.run_slice(&items, &|i, _| *i * 2, &mut |_, r| {
                    got.push(r);
                    Ok::<(), ()>(())
                });
                assert_eq!(run, Ok(()));
                assert_eq!(got, items.iter().map(|i| i * 2).collect::<Vec<_>>());
                let started = AtomicUsize::new(0);
                let mut seen = 0;
                let stop = batch.run_slice(
                    &items,
                    &|i, _| {
                        started.fetch_add(1, Ordering::Relaxed);
                        *i
                    },
                    &mut |_, r| {
                        seen += 1;
                        if r == 100 {
                            Err(r)
                        } else {
                            Ok(())
                        }
                    },
                );
                assert_eq!(stop, Err(100));
                assert_eq!(seen, 101);
                // The chunk under way is finished, no chunk after it is started.
                let ran = started.load(Ordering::Relaxed);
                let chunks = 101usize.div_ceil(batch.chunk());
                let want = chunks.saturating_mul(batch.chunk()).min(items.len());
                assert_eq!(ran, want, "{threads:?}");
            }
        }
    }

    /// `threads=2**62` started threads for over a minute before the first puzzle: a count
    /// beyond the cap runs on the cap's threads.
    #[test]
    fn a_huge_thread_count_runs_on_the_capped_pool() {
        for asked in [usize::MAX, 1 << 62, max_threads() + 1] {
            let workers = Workers::new(Some(asked)).unwrap();
            assert_eq!(workers.count(), max_threads(), "{asked}");
        }
        assert_eq!(Workers::new(Some(3)).unwrap().count(), 3);
        assert_eq!(Workers::new(Some(1)).unwrap().count(), 1);
    }

    /// Each item gets its deadline as it starts: a zero limit is spent at once, none never.
    #[test]
    fn each_item_has_its_deadline() {
        let workers = Workers::new(Some(2)).unwrap();
        let late = |_: &u8, d: &Deadline| d.check(false).is_err();
        for (limit, out) in [(Some(Duration::ZERO), true), (None, false)] {
            let batch = Batch::whole(&workers).limit(limit);
            let mut got = Vec::new();
            let _ = batch.run_slice(&[1u8, 2, 3], &late, &mut |_, r| {
                got.push(r);
                Ok::<(), ()>(())
            });
            assert_eq!(got, [out; 3]);
        }
    }

    /// What a sink saw of a run over an input.
    #[derive(Default)]
    struct Seen {
        answers: Vec<(usize, Option<String>)>,
        unreadable: Vec<String>,
        blocks: usize,
    }

    impl Sink<Option<String>> for Seen {
        type Error = ();

        fn answer(&mut self, p: &InputPuzzle, answer: Option<String>) -> Result<(), ()> {
            self.answers.push((p.line, answer));
            Ok(())
        }

        fn block_done(&mut self, _: usize, _: bool) -> Result<(), ()> {
            self.blocks += 1;
            Ok(())
        }

        fn unreadable(&mut self, e: InputError) -> Result<(), ()> {
            self.unreadable.push(e.to_string());
            Ok(())
        }
    }

    /// Over files, with a missing one between them: every puzzle answered in order with its
    /// line, the missing file handed to the sink, the next file read on, on any thread count.
    #[test]
    fn an_input_is_answered_in_order_and_an_unreadable_one_is_reported() {
        let dir = std::env::temp_dir().join(format!("nonet-batch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.txt");
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(if i % 10 == 3 { "bad\n" } else { P });
            if i % 10 != 3 {
                text.push('\n');
            }
        }
        std::fs::write(&a, &text).unwrap();
        let missing = dir.join("missing.txt");
        let input = Input::new(&[a.clone(), missing, a.clone()], Givens::Checked);
        let job = |p: &InputPuzzle, _: &Deadline| p.parsed.as_ref().ok().map(|s| s.to_line());
        let mut first: Option<Seen> = None;
        for (threads, whole) in [
            (Some(1), false),
            (Some(2), false),
            (None, false),
            (None, true),
        ] {
            let workers = Workers::new(threads).unwrap();
            let batch = match whole {
                true => Batch::whole(&workers),
                false => Batch::new(&workers, Pace::Fast),
            };
            let mut seen = Seen::default();
            batch.run_input(&input, &job, &mut seen).unwrap();
            assert_eq!(seen.answers.len(), 6000);
            assert_eq!(seen.answers[3], (4, None));
            // The second file numbers its lines from 1 again.
            assert_eq!(seen.answers[2999].0, 3000);
            assert_eq!(seen.answers[3004].0, 5);
            assert_eq!(seen.answers[4].1.as_deref(), Some(P));
            assert_eq!(seen.unreadable.len(), 1);
            assert!(
                seen.unreadable[0].contains("missing.txt: "),
                "{:?}",
                seen.unreadable
            );
            assert!(!seen.unreadable[0].contains("os error"));
            assert!(seen.blocks >= 2);
            match &first {
                None => first = Some(seen),
                Some(f) => assert_eq!(f.answers, seen.answers, "{threads:?}"),
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
