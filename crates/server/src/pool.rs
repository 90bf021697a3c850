//! [`Pool`]: the one bounded pool that runs the engine's expensive work (ratings, hints, bot
//! plans, generation).
//!
//! A fixed set of worker threads, started once, and a limit on the jobs admitted (running plus
//! waiting). A job past the limit is refused at once ([`Busy`]: the API answers 503 with
//! `Retry-After`) instead of starting a thread or queueing without end, so a burst of requests
//! for hard work can neither multiply threads nor make every later request wait behind it.
//! A job keeps its worker until it ends (a rating no one waits for any more still counts).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// The pool is full: as many jobs as it admits are running or waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the engine is busy")]
pub struct Busy;

/// A job did not deliver its result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// The pool is full.
    #[error("the engine is busy")]
    Busy,
    /// The job panicked.
    #[error("an engine job failed")]
    Failed,
}

struct Shared {
    queue: Mutex<VecDeque<Job>>,
    ready: Condvar,
    /// Jobs admitted and not yet finished (running or waiting).
    admitted: AtomicUsize,
    /// Jobs running now, and the most ever running at once.
    running: AtomicUsize,
    peak: AtomicUsize,
    /// Set when the pool is dropped: idle workers stop.
    closed: std::sync::atomic::AtomicBool,
}

/// A fixed number of worker threads with a bounded number of admitted jobs.
pub struct Pool {
    shared: Arc<Shared>,
    workers: usize,
    capacity: usize,
}

/// How many jobs may wait for a worker by default, beyond the running ones.
pub const DEFAULT_QUEUE: usize = 16;

impl Pool {
    /// A pool of `workers` threads (at least 1) admitting `workers + queue` jobs at once.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            admitted: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            closed: std::sync::atomic::AtomicBool::new(false),
        });
        for i in 0..workers {
            let shared = Arc::clone(&shared);
            let spawned = std::thread::Builder::new()
                .name(format!("nonet-engine-{i}"))
                .spawn(move || work(&shared));
            if let Err(e) = spawned {
                // Fewer workers than asked still serve (jobs wait longer); none at all is
                // reported on each request as a failed job.
                eprintln!("nonet play: could not start an engine thread: {e}");
            }
        }
        Pool {
            shared,
            workers,
            capacity: workers + queue,
        }
    }

    /// One worker per core (at most 8), [`DEFAULT_QUEUE`] waiting.
    pub fn with_default_size() -> Pool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pool::new(cores.min(8), DEFAULT_QUEUE)
    }

    /// The number of worker threads.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The most jobs that ever ran at once (never above [`Pool::workers`]).
    pub fn peak_running(&self) -> usize {
        self.shared.peak.load(Ordering::SeqCst)
    }

    /// Admits `job` or refuses it when the pool is full. A panic in the job is caught (the
    /// worker goes on).
    pub fn spawn(&self, job: impl FnOnce() + Send + 'static) -> Result<(), Busy> {
        let admitted = self
            .shared
            .admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.capacity).then_some(n + 1)
            });
        if admitted.is_err() {
            return Err(Busy);
        }
        let mut queue = self.shared.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.push_back(Box::new(job));
        drop(queue);
        self.shared.ready.notify_one();
        Ok(())
    }

    /// Runs `f` in the pool and waits (asynchronously) for its result.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.spawn(move || {
            let _ = tx.send(f());
        })
        .map_err(|Busy| PoolError::Busy)?;
        rx.await.map_err(|_| PoolError::Failed)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.closed.store(true, Ordering::SeqCst);
        self.shared.ready.notify_all();
    }
}

/// A worker: takes jobs until the pool is dropped and its queue is empty.
fn work(shared: &Shared) {
    loop {
        let job = {
            let mut queue = shared.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = queue.pop_front() {
                    break job;
                }
                if shared.closed.load(Ordering::SeqCst) {
                    return;
                }
                queue = shared.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        let now = shared.running.fetch_add(1, Ordering::SeqCst) + 1;
        shared.peak.fetch_max(now, Ordering::SeqCst);
        // The job's result goes through its own channel; a panic drops that channel's sender,
        // which its waiter sees as a failed job.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        shared.running.fetch_sub(1, Ordering::SeqCst);
        shared.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn jobs_past_the_limit_are_refused_and_never_run_beyond_the_workers() {
        let pool = Pool::new(2, 3);
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let release_rx = Arc::new(Mutex::new(release_rx));
        let (started_tx, started_rx) = mpsc::channel();
        for _ in 0..5 {
            let rx = Arc::clone(&release_rx);
            let started = started_tx.clone();
            pool.spawn(move || {
                started.send(()).unwrap();
                let _ = rx.lock().unwrap().recv();
            })
            .unwrap();
        }
        // Two run (one holds the receiver's lock, one waits for it), three wait.
        started_rx.recv().unwrap();
        started_rx.recv().unwrap();
        assert_eq!(pool.spawn(|| {}), Err(Busy));
        for _ in 0..5 {
            release_tx.send(()).unwrap();
        }
        for _ in 0..3 {
            started_rx.recv().unwrap();
        }
        drop(release_tx);
        assert_eq!(pool.peak_running(), 2);
    }

    #[test]
    fn a_panicking_job_fails_alone() {
        let pool = Pool::new(1, 1);
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            assert_eq!(
                pool.run(|| panic!("boom")).await,
                Err::<(), _>(PoolError::Failed)
            );
            assert_eq!(pool.run(|| 7).await, Ok(7));
        });
    }
}
