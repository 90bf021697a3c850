//! [`Pool`]: the one bounded pool that runs the engine's expensive work (ratings, hints, bot
//! plans, generation).
//!
//! A fixed set of worker threads, started once, and a limit on the jobs admitted (running plus
//! waiting). A job past the limit is refused at once ([`Busy::Full`]: the API answers 503 with
//! `Retry-After`) instead of starting a thread or queueing without end, so a burst of requests
//! for hard work can neither multiply threads nor make every later request wait behind it.
//! A job keeps its worker until it ends.
//!
//! The work is shared per client ([`ClientKey`]: the peer's address and the id the page sends
//! in `X-Nonet-Client`): a pool made [`Pool::with_client_share`] admits at most that many jobs
//! of one client at once ([`Busy::Share`]: 429), and the workers take the waiting jobs of the
//! clients in turn, so one client keeping many requests in flight neither fills the pool nor
//! makes another client's hint wait behind all of its own. The id is the client's own word, so
//! a client could claim many: the clients of one address together have a bound too (twice a
//! client's share), and the workers take the addresses in turn before the ids within each, so
//! a machine claiming many ids gets no more than one address's turn and bound. (Clients on one
//! address, such as every page on the loopback, are told apart by their ids alone.)
//!
//! A job its request no longer waits for (a rating answered without, that goes on to be saved
//! with its game) is moved out of its client's share ([`Detach::to_background`]) into the
//! pool's background jobs, which have a bound of their own ([`Pool::with_background`]): a page
//! that checks one hard puzzle after another is not refused for work it stopped waiting for,
//! and the background cannot grow past its bound (a job it has no room for stays in its
//! client's share). A job whose result no one will read is the job's own to stop: the rating's
//! observer watches its receiver (docs/reliability.md, "Ratings no one waits for").
//!
//! Two bounds keep the pool answering while it is saturated. A long search (a stated
//! deduction checked, a whole path, a practice set, a player's puzzle rated: seconds of work
//! each, and a client chooses how many to ask for under as many ids as it likes) runs on at
//! most all the workers but one ([`Pool::run_long`], [`Pool::spawn_long_detachable`]): the
//! last worker is kept for the short work (hints, bot steps), so a flood of long searches
//! cannot make an easy hint wait behind them. And a job that no worker
//! has taken within the pool's wait ([`Pool::with_queue_wait`]) is taken back out of the queue
//! and refused ([`Busy::Saturated`]: 503 with `Retry-After`), so a request never waits minutes
//! for a worker: the client is told promptly to come back.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// A job waiting for a worker: the work, its account, and whether it is a long search (see
/// [`Pool::run_long`]).
struct Waiting {
    job: Job,
    account: AccountCell,
    long: bool,
}

/// Whose share a job counts against: its client's, the background's (moved there by
/// [`Detach::to_background`]), or none any more (it has ended). Read and changed under the
/// queue's lock only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Account {
    Client,
    Background,
    Ended,
}

/// A job's account, shared by the job in the queue and its [`Detach`] handle.
type AccountCell = Arc<Mutex<Account>>;

/// Who a job is done for: the peer's address and the client id its page sends
/// (`X-Nonet-Client`), each when known. Jobs started outside a request share one key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClientKey {
    /// The peer's address.
    pub addr: Option<IpAddr>,
    /// The page's own id.
    pub id: Option<String>,
}

tokio::task_local! {
    /// The client the request being handled on this task is for.
    static CLIENT: ClientKey;
}

/// Runs `f` (a request's handling) as work for `client`: the jobs it gives the pool count
/// against that client's share.
pub async fn for_client<F: Future>(client: ClientKey, f: F) -> F::Output {
    CLIENT.scope(client, f).await
}

fn current_client() -> ClientKey {
    CLIENT.try_with(Clone::clone).unwrap_or_default()
}

/// Why the pool refused a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    /// As many jobs as the pool admits are running or waiting.
    #[error("the engine is busy")]
    Full,
    /// The client already has its share of jobs running or waiting (the number).
    #[error("this client already has {0} engine jobs running or waiting")]
    Share(usize),
    /// The clients of the client's address already have their bound of jobs (the number).
    #[error("the clients of this address already have {0} engine jobs running or waiting")]
    Address(usize),
    /// No worker took the job within the pool's wait: every worker it may use was busy with
    /// other jobs the whole time (it was taken back out of the queue, and never runs).
    #[error("no engine worker was free for this job in time")]
    Saturated,
}

/// A job did not deliver its result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// The pool, or the client's share of it, is full.
    #[error(transparent)]
    Busy(#[from] Busy),
    /// The job panicked.
    #[error("an engine job failed")]
    Failed,
}

/// The jobs admitted, under one lock: waiting ones per client, the order in which the
/// addresses and their clients are served, and the count of each client's and each address's
/// running and waiting jobs.
#[derive(Default)]
struct Queue {
    waiting: HashMap<ClientKey, VecDeque<Waiting>>,
    /// Addresses with jobs waiting, the next to be served first.
    turn: VecDeque<Option<IpAddr>>,
    /// Per address with jobs waiting, its clients with jobs waiting, the next first.
    clients: HashMap<Option<IpAddr>, VecDeque<ClientKey>>,
    /// Jobs admitted and not yet finished (running or waiting), per client.
    admitted: HashMap<ClientKey, usize>,
    /// The same, per address.
    from_address: HashMap<Option<IpAddr>, usize>,
    /// Jobs admitted and not yet finished, moved out of their client's share.
    background: usize,
    total: usize,
    /// Long searches running now (never above [`Shared::long_workers`]).
    long_running: usize,
}

impl Queue {
    /// The next job a worker may take, from the first address in line with one and its first
    /// client in line with one (each then goes to the back of its line): a client's oldest job,
    /// or its oldest short one when `long_ok` is false (the long searches already hold every
    /// worker they may).
    fn next(&mut self, long_ok: bool) -> Option<(ClientKey, Waiting)> {
        for a in 0..self.turn.len() {
            let addr = self.turn[a];
            let Some(clients) = self.clients.get_mut(&addr) else {
                continue;
            };
            for c in 0..clients.len() {
                let key = clients[c].clone();
                let Some(jobs) = self.waiting.get_mut(&key) else {
                    continue;
                };
                let Some(j) = jobs.iter().position(|w| long_ok || !w.long) else {
                    continue;
                };
                let Some(taken) = jobs.remove(j) else {
                    continue;
                };
                clients.remove(c);
                if jobs.is_empty() {
                    self.waiting.remove(&key);
                } else {
                    clients.push_back(key.clone());
                }
                self.turn.remove(a);
                if clients.is_empty() {
                    self.clients.remove(&addr);
                } else {
                    self.turn.push_back(addr);
                }
                if taken.long {
                    self.long_running += 1;
                }
                return Some((key, taken));
            }
        }
        None
    }

    /// Takes the job of `key` with `account` back out of the queue, when no worker has taken
    /// it yet (whether it was still there): it will never run, and leaves every count.
    fn withdraw(&mut self, key: &ClientKey, account: &AccountCell) -> bool {
        let Some(jobs) = self.waiting.get_mut(key) else {
            return false;
        };
        let Some(j) = jobs.iter().position(|w| Arc::ptr_eq(&w.account, account)) else {
            return false;
        };
        jobs.remove(j);
        if jobs.is_empty() {
            self.waiting.remove(key);
            if let Some(clients) = self.clients.get_mut(&key.addr) {
                clients.retain(|k| k != key);
                if clients.is_empty() {
                    self.clients.remove(&key.addr);
                    self.turn.retain(|a| *a != key.addr);
                }
            }
        }
        self.finished(key, account, false);
        true
    }

    /// Queues `job` of `key`, putting the client (and its address) in line if it had nothing
    /// waiting.
    fn push(&mut self, key: ClientKey, job: Waiting) {
        let jobs = self.waiting.entry(key.clone()).or_default();
        jobs.push_back(job);
        if jobs.len() == 1 {
            let clients = self.clients.entry(key.addr).or_default();
            if clients.is_empty() {
                self.turn.push_back(key.addr);
            }
            clients.push_back(key);
        }
    }

    /// One job fewer in `key`'s share and its address's.
    fn leave_share(&mut self, key: &ClientKey) {
        fn down<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, k: &K) {
            if let Some(n) = counts.get_mut(k) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(k);
                }
            }
        }
        down(&mut self.admitted, key);
        down(&mut self.from_address, &key.addr);
    }

    /// A job leaves the pool (it ran, or was withdrawn before it could): out of the total, the
    /// share it counts against, and the long searches running when it was one.
    fn finished(&mut self, key: &ClientKey, account: &AccountCell, long_ran: bool) {
        self.total -= 1;
        if long_ran {
            self.long_running -= 1;
        }
        let mut account = lock(account);
        match *account {
            Account::Client => self.leave_share(key),
            Account::Background => self.background -= 1,
            Account::Ended => {}
        }
        *account = Account::Ended;
    }
}

/// A lock whose holder cannot panic half-way through an update.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Jobs running now, and the most ever running at once.
    running: AtomicUsize,
    peak: AtomicUsize,
    /// Set when the pool is dropped: idle workers stop.
    closed: AtomicBool,
    /// The most long searches running at once: all the workers but one (at least one).
    long_workers: usize,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // A job runs outside the lock and the queue's updates cannot panic half-way.
        lock(&self.queue)
    }
}

/// A fixed number of worker threads with a bounded number of admitted jobs.
pub struct Pool {
    shared: Arc<Shared>,
    workers: usize,
    capacity: usize,
    /// The most jobs of one client admitted at once.
    share: usize,
    /// The most jobs moved out of their client's share at once.
    background: usize,
    /// How long a job may wait for a worker before it is refused.
    queue_wait: Duration,
}

/// How many jobs may wait for a worker by default, beyond the running ones.
pub const DEFAULT_QUEUE: usize = 16;

/// How long a job may wait for a worker by default before it is refused as
/// [`Busy::Saturated`]: long enough for a short job behind a few others, short enough that a
/// player whose request cannot be served soon is told so within seconds.
pub const DEFAULT_QUEUE_WAIT: Duration = Duration::from_secs(5);

impl Pool {
    /// A pool of `workers` threads (at least 1) admitting `workers + queue` jobs at once, with
    /// no share per client below that.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            closed: AtomicBool::new(false),
            long_workers: workers.saturating_sub(1).max(1),
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
            share: workers + queue,
            background: workers,
            queue_wait: DEFAULT_QUEUE_WAIT,
        }
    }

    /// One worker per core (at most 8), [`DEFAULT_QUEUE`] waiting, and a third of that (at
    /// least 2) for one client: a page has a hint, a rating and a path at most in flight.
    pub fn with_default_size() -> Pool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let pool = Pool::new(cores.min(8), DEFAULT_QUEUE);
        let share = (pool.capacity / 3).max(2);
        pool.with_client_share(share)
    }

    /// The same pool admitting at most `share` jobs (at least 1) of one client at once, and
    /// twice that of the clients of one address.
    pub fn with_client_share(mut self, share: usize) -> Pool {
        self.share = share.max(1);
        self
    }

    /// The same pool keeping at most `bound` jobs (at least 1) out of their clients' shares at
    /// once (by default, one a worker).
    pub fn with_background(mut self, bound: usize) -> Pool {
        self.background = bound.max(1);
        self
    }

    /// The same pool refusing a job no worker has taken within `wait` ([`Busy::Saturated`];
    /// [`DEFAULT_QUEUE_WAIT`] by default).
    pub fn with_queue_wait(mut self, wait: Duration) -> Pool {
        self.queue_wait = wait;
        self
    }

    /// The most long searches running at once ([`Pool::run_long`]): all the workers but one,
    /// at least one.
    pub fn long_workers(&self) -> usize {
        self.shared.long_workers
    }

    /// The most jobs of the clients of one address admitted at once: twice a client's share,
    /// within the pool's limit.
    fn address_share(&self) -> usize {
        (2 * self.share).min(self.capacity)
    }

    /// The number of worker threads.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The most jobs of one client admitted at once.
    pub fn client_share(&self) -> usize {
        self.share
    }

    /// The most jobs that ever ran at once (never above [`Pool::workers`]).
    pub fn peak_running(&self) -> usize {
        self.shared.peak.load(Ordering::SeqCst)
    }

    /// Admits `job` for the client of the request being handled (see [`for_client`]), or
    /// refuses it when the pool or that client's share is full. A panic in the job is caught
    /// (the worker goes on).
    pub fn spawn(&self, job: impl FnOnce() + Send + 'static) -> Result<(), Busy> {
        self.spawn_detachable(job).map(drop)
    }

    /// [`Pool::spawn`], with the handle that moves the job out of its client's share once its
    /// request no longer waits for it.
    pub fn spawn_detachable(&self, job: impl FnOnce() + Send + 'static) -> Result<Detach, Busy> {
        self.admit(false, Box::new(job))
    }

    /// [`Pool::spawn_detachable`] for a long search (a puzzle's rating: seconds on the hardest),
    /// which runs on at most [`Pool::long_workers`] workers with the others, as
    /// [`Pool::run_long`]'s do.
    pub fn spawn_long_detachable(
        &self,
        job: impl FnOnce() + Send + 'static,
    ) -> Result<Detach, Busy> {
        self.admit(true, Box::new(job))
    }

    /// Admits `job` (a long search when `long`) for the current client, or refuses it.
    fn admit(&self, long: bool, job: Job) -> Result<Detach, Busy> {
        let key = current_client();
        let mut queue = self.shared.lock();
        if queue.total >= self.capacity {
            return Err(Busy::Full);
        }
        let mine = queue.admitted.get(&key).copied().unwrap_or(0);
        if mine >= self.share {
            return Err(Busy::Share(mine));
        }
        let address = queue.from_address.get(&key.addr).copied().unwrap_or(0);
        if address >= self.address_share() {
            return Err(Busy::Address(address));
        }
        queue.total += 1;
        *queue.admitted.entry(key.clone()).or_default() += 1;
        *queue.from_address.entry(key.addr).or_default() += 1;
        let account = Arc::new(Mutex::new(Account::Client));
        let waiting = Waiting {
            job,
            account: Arc::clone(&account),
            long,
        };
        queue.push(key.clone(), waiting);
        drop(queue);
        self.shared.ready.notify_one();
        Ok(Detach {
            shared: Arc::clone(&self.shared),
            key,
            account,
            bound: self.background,
        })
    }

    /// How many jobs of `client` count against its share now.
    pub fn jobs_of(&self, client: &ClientKey) -> usize {
        self.shared
            .lock()
            .admitted
            .get(client)
            .copied()
            .unwrap_or(0)
    }

    /// How many jobs are out of their clients' shares now (see [`Detach::to_background`]).
    pub fn background_jobs(&self) -> usize {
        self.shared.lock().background
    }

    /// Runs `f` in the pool and waits (asynchronously) for its result. A job whose waiter has
    /// gone before a worker takes it (its request was dropped: the client left) is not run,
    /// nor one no worker has taken within the pool's wait ([`Busy::Saturated`]), which is timed
    /// on Tokio's clock: the runtime needs its time driver, as the server's has.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        self.run_watched(move |_| f()).await
    }

    /// [`Pool::run`] for a long job that can stop part-way: `f` is given a check that answers
    /// whether anyone still waits for its result (`true` once the waiting future is dropped:
    /// the client left or its request was cut), for the engine's observer to ask, so a job no
    /// one will read frees its worker within the observer's bound instead of running to the end.
    pub async fn run_watched<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn Fn() -> bool) -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        self.run_job(false, f).await
    }

    /// [`Pool::run_watched`] for a long search (seconds of work: a stated deduction checked, a
    /// whole path, a practice set), which runs on at most [`Pool::long_workers`] workers with the
    /// others: the last worker stays free for the short work however many long searches wait.
    pub async fn run_long<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn Fn() -> bool) -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        self.run_job(true, f).await
    }

    /// Admits `f` and waits for its result; refused as [`Busy::Saturated`] when no worker has
    /// taken it within the pool's wait (it is taken back out of the queue: it never runs).
    async fn run_job<T: Send + 'static>(
        &self,
        long: bool,
        f: impl FnOnce(&dyn Fn() -> bool) -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (tx, mut rx) = tokio::sync::oneshot::channel();
        let admitted = self.admit(
            long,
            Box::new(move || {
                if tx.is_closed() {
                    return;
                }
                let out = f(&|| tx.is_closed());
                let _ = tx.send(out);
            }),
        )?;
        match tokio::time::timeout(self.queue_wait, &mut rx).await {
            Ok(out) => out.map_err(|_| PoolError::Failed),
            Err(_) => {
                if admitted.withdraw() {
                    return Err(Busy::Saturated.into());
                }
                // A worker has it: it runs to its end (or its own deadline) and answers.
                rx.await.map_err(|_| PoolError::Failed)
            }
        }
    }
}

/// A job admitted by [`Pool::spawn_detachable`], for its request to let go of.
pub struct Detach {
    shared: Arc<Shared>,
    key: ClientKey,
    account: AccountCell,
    bound: usize,
}

impl Detach {
    /// Takes the job back out of the queue when no worker has taken it yet: whether it was
    /// (then it never runs).
    fn withdraw(&self) -> bool {
        self.shared.lock().withdraw(&self.key, &self.account)
    }

    /// Moves the job out of its client's share into the pool's background jobs, when they have
    /// room: the request no longer waits for it. Whether it is out of the share now (it is too
    /// once it has ended); without room it stays in its client's share.
    pub fn to_background(self) -> bool {
        let mut queue = self.shared.lock();
        let mut account = lock(&self.account);
        match *account {
            Account::Ended | Account::Background => true,
            Account::Client if queue.background < self.bound => {
                queue.leave_share(&self.key);
                queue.background += 1;
                *account = Account::Background;
                true
            }
            Account::Client => false,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.closed.store(true, Ordering::SeqCst);
        self.shared.ready.notify_all();
    }
}

/// A worker: takes jobs, the clients in turn, until the pool is dropped and its queue is empty.
fn work(shared: &Shared) {
    loop {
        let (key, Waiting { job, account, long }) = {
            let mut queue = shared.lock();
            loop {
                let long_ok = queue.long_running < shared.long_workers;
                if let Some(next) = queue.next(long_ok) {
                    break next;
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
        shared.lock().finished(&key, &account, long);
        if long {
            // A long search waiting behind this one may run now: an idle worker may be
            // asleep with only long searches queued.
            shared.ready.notify_one();
        }
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
        assert_eq!(pool.spawn(|| {}), Err(Busy::Full));
        for _ in 0..5 {
            release_tx.send(()).unwrap();
        }
        for _ in 0..3 {
            started_rx.recv().unwrap();
        }
        drop(release_tx);
        assert_eq!(pool.peak_running(), 2);
    }

    /// Gives `pool` a job of `key` that holds its worker until the returned sender sends (or
    /// is dropped), once the job has started.
    fn hold_worker(rt: &tokio::runtime::Runtime, pool: &Pool, key: ClientKey) -> mpsc::Sender<()> {
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let (started_tx, started_rx) = mpsc::channel();
        rt.block_on(for_client(key, async {
            pool.spawn(move || {
                started_tx.send(()).unwrap();
                let _ = release_rx.recv();
            })
        }))
        .unwrap();
        started_rx.recv().unwrap();
        release_tx
    }

    /// Regression: one client keeping as many requests in flight as the pool admits had every
    /// other client's hints refused (503) for as long as it went on.
    #[test]
    fn one_client_keeping_many_jobs_in_flight_leaves_room_for_the_others_served_in_turn() {
        let pool = Pool::new(1, 10).with_client_share(3);
        let client = |name: &str| ClientKey {
            addr: None,
            id: Some(name.to_string()),
        };
        let rt = runtime();
        let (order_tx, order_rx) = mpsc::channel();
        // A job of client `name[..1]`, which says `name` when it runs.
        let spawn = |name: &'static str| {
            let order = order_tx.clone();
            rt.block_on(for_client(client(&name[..1]), async {
                pool.spawn(move || order.send(name).unwrap())
            }))
        };
        // Client a holds the only worker and queues two more: its share of 3.
        let release_tx = hold_worker(&rt, &pool, client("a"));
        spawn("a2").unwrap();
        spawn("a3").unwrap();
        assert_eq!(spawn("a4"), Err(Busy::Share(3)));
        // The others still get in, and are served before a's last job.
        spawn("b1").unwrap();
        spawn("c1").unwrap();
        // Outside any request: the anonymous client has a share of its own.
        pool.spawn(|| {}).unwrap();
        release_tx.send(()).unwrap();
        let order: Vec<&str> = (0..4).map(|_| order_rx.recv().unwrap()).collect();
        assert_eq!(order, ["a2", "b1", "c1", "a3"]);
    }

    /// Regression: a client that gave each request a new id (`X-Nonet-Client` is the client's
    /// own word) filled the pool, and the round went through all its ids before another
    /// client's: another machine's hint waited behind every one of them (18 s, measured). The
    /// clients of one address now have a bound together, and the addresses take turns.
    #[test]
    fn a_client_claiming_many_ids_gets_one_address_bound_and_turn() {
        let pool = Pool::new(1, 20).with_client_share(2);
        let at = |addr: [u8; 4], name: &str| ClientKey {
            addr: Some(IpAddr::from(addr)),
            id: Some(name.to_string()),
        };
        let rt = runtime();
        let (order_tx, order_rx) = mpsc::channel();
        let spawn = |key: ClientKey, name: &'static str| {
            let order = order_tx.clone();
            rt.block_on(for_client(key, async {
                pool.spawn(move || order.send(name).unwrap())
            }))
        };
        let release_tx = hold_worker(&rt, &pool, at([10, 0, 0, 1], "x"));
        spawn(at([10, 0, 0, 1], "y1"), "y1").unwrap();
        spawn(at([10, 0, 0, 1], "y2"), "y2").unwrap();
        spawn(at([10, 0, 0, 1], "y3"), "y3").unwrap();
        assert_eq!(spawn(at([10, 0, 0, 1], "y4"), "y4"), Err(Busy::Address(4)));
        spawn(at([10, 0, 0, 2], "b"), "b1").unwrap();
        spawn(at([10, 0, 0, 2], "b"), "b2").unwrap();
        release_tx.send(()).unwrap();
        let order: Vec<&str> = (0..5).map(|_| order_rx.recv().unwrap()).collect();
        assert_eq!(order, ["y1", "b1", "y2", "b2", "y3"]);
    }

    /// A job its request let go of leaves its client's share for the background while the
    /// background has room; past its bound it stays in the share, and both counts fall back
    /// to zero as the jobs end.
    #[test]
    fn a_detached_job_leaves_its_clients_share_while_the_background_has_room() {
        let pool = Pool::new(1, 4).with_client_share(1).with_background(1);
        let anyone = ClientKey::default();
        let (release, held) = mpsc::channel::<()>();
        let a = pool
            .spawn_detachable(move || {
                let _ = held.recv();
            })
            .unwrap();
        assert_eq!(pool.spawn(|| {}), Err(Busy::Share(1)));
        assert!(a.to_background());
        assert_eq!((pool.jobs_of(&anyone), pool.background_jobs()), (0, 1));
        // The next waits behind the first (one worker); the background has no room for it.
        let b = pool.spawn_detachable(|| {}).unwrap();
        assert!(!b.to_background());
        assert_eq!((pool.jobs_of(&anyone), pool.background_jobs()), (1, 1));
        assert_eq!(pool.spawn(|| {}), Err(Busy::Share(1)));
        drop(release);
        for _ in 0..500 {
            if (pool.jobs_of(&anyone), pool.background_jobs()) == (0, 0) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!((pool.jobs_of(&anyone), pool.background_jobs()), (0, 0));
        // A job that has ended is out of every share: letting go of it changes nothing.
        let (done_tx, done) = mpsc::channel();
        let c = pool
            .spawn_detachable(move || done_tx.send(()).unwrap())
            .unwrap();
        done.recv().unwrap();
        for _ in 0..500 {
            if pool.jobs_of(&anyone) == 0 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(c.to_background());
        assert_eq!((pool.jobs_of(&anyone), pool.background_jobs()), (0, 0));
    }

    /// A runtime for a test to wait on the pool in (with the timer its queue wait needs).
    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    /// Polls `fut` once, so that its job is admitted, and hands it back for the test to drop:
    /// a client that leaves.
    fn admit<F: Future>(rt: &tokio::runtime::Runtime, fut: F) -> std::pin::Pin<Box<F>> {
        let mut fut = Box::pin(fut);
        rt.block_on(std::future::poll_fn(|cx| {
            let _ = fut.as_mut().poll(cx);
            std::task::Poll::Ready(())
        }));
        fut
    }

    #[test]
    fn a_job_whose_waiter_left_before_a_worker_took_it_is_not_run() {
        let pool = Pool::new(1, 2);
        let rt = runtime();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let (started_tx, started_rx) = mpsc::channel();
        pool.spawn(move || {
            started_tx.send(()).unwrap();
            let _ = release_rx.recv();
        })
        .unwrap();
        started_rx.recv().unwrap();
        let ran = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&ran);
        drop(admit(
            &rt,
            pool.run(move || flag.store(true, Ordering::SeqCst)),
        ));
        release_tx.send(()).unwrap();
        // One worker takes the jobs in order: this one runs after the abandoned one's turn.
        assert_eq!(rt.block_on(pool.run(|| 7)), Ok(7));
        assert!(!ran.load(Ordering::SeqCst), "the abandoned job ran");
    }

    #[test]
    fn a_watched_job_learns_that_its_waiter_left() {
        let pool = Pool::new(1, 1);
        let rt = runtime();
        let (started_tx, started_rx) = mpsc::channel();
        let (seen_tx, seen_rx) = mpsc::channel();
        let job = pool.run_watched(move |gone| {
            assert!(!gone(), "its waiter is there when it starts");
            started_tx.send(()).unwrap();
            // A bounded wait for the news (the test fails instead of hanging).
            let seen = (0..10_000).any(|_| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                gone()
            });
            seen_tx.send(seen).unwrap();
        });
        let job = admit(&rt, job);
        started_rx.recv().unwrap();
        drop(job);
        assert_eq!(seen_rx.recv(), Ok(true));
    }

    /// Long searches hold at most all the workers but one: a short job queued behind them runs
    /// on the last, and a long one no worker takes within the wait is withdrawn and refused,
    /// leaving no count behind.
    #[test]
    fn long_searches_leave_a_worker_and_a_job_not_taken_in_time_is_refused() {
        let pool = Pool::new(2, 8).with_queue_wait(Duration::from_millis(100));
        let rt = runtime();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let (started_tx, started_rx) = mpsc::channel();
        let held = admit(
            &rt,
            pool.run_long(move |_| {
                started_tx.send(()).unwrap();
                let _ = release_rx.recv();
            }),
        );
        started_rx.recv().unwrap();
        rt.block_on(async {
            assert_eq!(pool.run(|| 7).await, Ok(7));
            assert_eq!(
                pool.run_long(|_| 8).await,
                Err(PoolError::Busy(Busy::Saturated))
            );
        });
        assert_eq!(
            pool.jobs_of(&ClientKey::default()),
            1,
            "the held search alone"
        );
        release_tx.send(()).unwrap();
        drop(held);
        assert_eq!(rt.block_on(pool.run_long(|_| 9)), Ok(9));
        assert_eq!(pool.peak_running(), 2);
    }

    #[test]
    fn a_panicking_job_fails_alone() {
        let pool = Pool::new(1, 1);
        let rt = runtime();
        rt.block_on(async {
            assert_eq!(
                pool.run(|| panic!("boom")).await,
                Err::<(), _>(PoolError::Failed)
            );
            assert_eq!(pool.run(|| 7).await, Ok(7));
        });
    }
}
