//! Running the server: [`run`] takes the database's instance lock, opens the store, binds the
//! socket and serves; [`serve`] is the accept loop (hyper, HTTP/1.1) with its limits.
//!
//! Limits, and why: a header read timeout and the app's body read timeout end clients that send
//! a byte now and then; a cap on open connections keeps such clients (or a flood of idle
//! keep-alive ones) from exhausting the process's file descriptors, which would stop normal
//! service. At the cap a new connection is taken by shedding an old one of the address holding
//! the most connections (a flood from one address sheds its own), and of those one that never
//! sent a whole request head first, then an idle one, then one in a request (see [`victim`]),
//! so a quick request gets in while slow clients reconnect as fast as they are shed.
//!
//! The socket's writer gives hyper's own answers to what it cannot parse (400, 414, 431) the
//! JSON error body of every other answer (`crate::wire`).
//!
//! One server per database: [`run`] holds an exclusive lock on the database file itself
//! (released by the operating system when the process ends, even by `kill -9`), whatever name
//! it is reached by, and records its pid and URL in the database, so a second `nonet play` on
//! the same database, through a link or not, is refused with the first one's address instead
//! of running beside it.

use std::collections::HashMap;
use std::fs::File;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;

use crate::hosts::AllowedHosts;
use crate::store::{Store, StoreError};
use crate::{app, AppState};

/// What can stop the server from starting.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened, or is not fit to serve from.
    #[error("cannot open the database {path}: {reason}")]
    Store {
        /// The database path.
        path: PathBuf,
        /// Why, and what to do about it.
        reason: String,
    },
    /// The database's directory could not be created.
    #[error("cannot create the directory {path}")]
    Dir {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Another server already serves this database.
    #[error(
        "another nonet play{} is already serving the database {path}{}; use it, or stop it first, \
         or give this one another database with --db",
        pid.map(|p| format!(" (pid {p})")).unwrap_or_default(),
        url.as_ref().map(|u| format!(" at {u}")).unwrap_or_default()
    )]
    AlreadyServing {
        /// The database path.
        path: PathBuf,
        /// The running server's page, when it has written it.
        url: Option<String>,
        /// The running server's process id, when known.
        pid: Option<u32>,
    },
    /// The instance lock beside the database could not be taken.
    #[error("cannot lock {path}")]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// An `--allow-host` value is not a host name.
    #[error("--allow-host: {0}")]
    AllowHost(#[from] crate::hosts::BadHostName),
    /// Binding or serving failed.
    #[error("cannot serve on {addr}")]
    Io {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The interface (127.0.0.1 unless the user asked for another).
    pub host: IpAddr,
    /// The port (0 picks a free one).
    pub port: u16,
    /// If the port is taken, take a free one instead of failing.
    pub fallback_to_free_port: bool,
    /// The database file.
    pub db: PathBuf,
    /// More names to answer to (`--allow-host`: a reverse proxy's name), as `NAME` or
    /// `NAME:PORT`.
    pub allow_hosts: Vec<String>,
}

/// How long a client may take to send a request's headers before its connection is closed:
/// without a limit, clients that send a byte now and then ("slow loris") each hold a
/// connection open for ever.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The most connections served at once, well under the usual limit of 1024 open files.
pub const MAX_CONNECTIONS: usize = 256;

/// Threads for the database's short blocking calls (tokio's default is 512, one per waiting
/// call: a burst of requests would each start one, only to queue on the store's one
/// connection). Calls beyond them wait for one to be free.
const BLOCKING_THREADS: usize = 8;

/// The accept loop's limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// See [`HEADER_READ_TIMEOUT`].
    pub header_read_timeout: Duration,
    /// See [`MAX_CONNECTIONS`].
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

/// The lock that makes one server per database, held while the server runs: an exclusive
/// `flock` on the database file itself (on Unix), so it holds whatever name the file is given
/// (a symbolic or a hard link locks the same file). SQLite's own locks are `fcntl` ones, which
/// a `flock` neither blocks nor is blocked by. Elsewhere (Windows locks are mandatory, and would
/// stop SQLite reading) it is a lock on `<db>.lock` beside the database's canonical path,
/// which follows symbolic links but not hard ones.
struct InstanceLock {
    /// Kept open (closing it releases the lock). On Unix it is the database file: closing a
    /// descriptor of it would also drop SQLite's `fcntl` locks, so it lives as long as the
    /// process serves.
    _file: File,
}

impl InstanceLock {
    /// Takes the lock on `db` (which exists), or says who holds it: the running server
    /// records its pid and URL in the database ([`Store::record_server`]).
    fn take(db: &Path) -> Result<InstanceLock, ServeError> {
        let path = InstanceLock::path(db);
        let lock_err = |source| ServeError::Lock {
            path: path.clone(),
            source,
        };
        let file = InstanceLock::open(&path).map_err(lock_err)?;
        match file.try_lock() {
            Ok(()) => Ok(InstanceLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => {
                // The holder records itself once it listens; it may not have yet.
                let (pid, url) = Store::recorded_server(db).unzip();
                Err(ServeError::AlreadyServing {
                    path: db.to_path_buf(),
                    url,
                    pid,
                })
            }
            Err(std::fs::TryLockError::Error(e)) => Err(lock_err(e)),
        }
    }

    #[cfg(unix)]
    fn path(db: &Path) -> PathBuf {
        db.to_path_buf()
    }

    #[cfg(not(unix))]
    fn path(db: &Path) -> PathBuf {
        let db = std::fs::canonicalize(db).unwrap_or_else(|_| db.to_path_buf());
        let mut name = db.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        db.with_file_name(name)
    }

    #[cfg(unix)]
    fn open(path: &Path) -> std::io::Result<File> {
        // Read access is enough for a lock: a read-only database is then refused by the store
        // with its own reason.
        File::open(path)
    }

    #[cfg(not(unix))]
    fn open(path: &Path) -> std::io::Result<File> {
        private_open_options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
    }
}

/// A directory builder that makes the directories it creates private to the user (0700 on
/// Unix): the games are the player's own, and other users of the machine have no business
/// reading them.
fn private_dir_builder() -> std::fs::DirBuilder {
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b
}

/// Open options that create files private to the user (0600 on Unix).
fn private_open_options() -> std::fs::OpenOptions {
    let mut o = std::fs::OpenOptions::new();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    o
}

/// Creates the database file, private to the user, if it does not exist yet (SQLite gives its
/// WAL and shared-memory files the database's permissions). An existing file is left as it is.
fn create_private(db: &Path) -> std::io::Result<()> {
    match private_open_options().write(true).create_new(true).open(db) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Takes the database's instance lock, opens and checks the store, binds the socket, calls
/// `on_ready` with the page's URL, and serves until Ctrl-C or SIGTERM (finishing the requests
/// in flight).
pub fn run(config: ServeConfig, on_ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    // Bad names are refused before anything is opened.
    for name in &config.allow_hosts {
        AllowedHosts::loopback(None).allow(name)?;
    }
    if let Some(dir) = config.db.parent().filter(|d| !d.as_os_str().is_empty()) {
        private_dir_builder()
            .create(dir)
            .map_err(|source| ServeError::Dir {
                path: dir.to_path_buf(),
                source,
            })?;
    }
    create_private(&config.db).map_err(|e| ServeError::Store {
        path: config.db.clone(),
        reason: e.to_string(),
    })?;
    let _lock = InstanceLock::take(&config.db)?;
    let store = Store::open(&config.db).map_err(|e| ServeError::Store {
        path: config.db.clone(),
        reason: match e {
            StoreError::Db(db) => db.to_string(),
            other => other.to_string(),
        },
    })?;
    let addr = SocketAddr::new(config.host, config.port);
    let io = |source| ServeError::Io { addr, source };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
        .map_err(io)?;
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) if config.fallback_to_free_port && e.kind() == std::io::ErrorKind::AddrInUse => {
                tokio::net::TcpListener::bind(SocketAddr::new(config.host, 0))
                    .await
                    .map_err(io)?
            }
            Err(e) => return Err(io(e)),
        };
        let local = listener.local_addr().map_err(io)?;
        let mut hosts = AllowedHosts::for_bind(local);
        for name in &config.allow_hosts {
            hosts.allow(name)?;
        }
        let state = Arc::new(AppState::new(store).with_allowed_hosts(hosts));
        let url = match local.ip() {
            IpAddr::V6(ip) if ip.is_unspecified() => format!("http://[::1]:{}/", local.port()),
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
            IpAddr::V4(ip) if ip.is_unspecified() => format!("http://127.0.0.1:{}/", local.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
        };
        if let Err(e) = state.store.record_server(std::process::id(), &url) {
            eprintln!("nonet play: could not record this server in the database: {e}");
        }
        on_ready(&url);
        serve(
            listener,
            app(Arc::clone(&state)),
            Limits::default(),
            shutdown_signal(),
        )
        .await;
        // Names no stale server once stopped (a server killed leaves its record behind, which
        // the next one replaces; a record is only read while the lock is held).
        let _ = state.store.clear_server();
        Ok(())
    })
    // The lock is released when it drops, after the runtime (and with it the store).
}

/// One open connection, as the accept loop sees it.
struct Conn {
    /// The peer's address.
    peer: IpAddr,
    /// Milliseconds since the loop started, at the last request's start or end (or the
    /// accept).
    last_active: AtomicU64,
    /// Requests of this connection in a handler now.
    busy: AtomicUsize,
    /// Whether a whole request head has come in on it, waiting at the accept or read by
    /// hyper (a client that never sends one, such as a slow loris, never gets this far).
    served: AtomicBool,
    /// Told when the connection is shed.
    shed: tokio::sync::Notify,
}

impl Conn {
    fn new(peer: IpAddr) -> Conn {
        Conn {
            peer,
            last_active: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            served: AtomicBool::new(false),
            shed: tokio::sync::Notify::new(),
        }
    }

    /// How much the connection is worth keeping, least first: idle and never sent a whole
    /// request, idle after requests, in a request now.
    fn worth(&self) -> u8 {
        if self.busy.load(Ordering::SeqCst) > 0 {
            2
        } else if self.served.load(Ordering::SeqCst) {
            1
        } else {
            0
        }
    }
}

/// Keeps a connection counted as busy while a request of it is in a handler.
struct BusyGuard {
    conn: Arc<Conn>,
    epoch: Instant,
}

impl BusyGuard {
    fn new(conn: Arc<Conn>, epoch: Instant) -> BusyGuard {
        conn.busy.fetch_add(1, Ordering::SeqCst);
        conn.served.store(true, Ordering::SeqCst);
        touch(&conn, epoch);
        BusyGuard { conn, epoch }
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        touch(&self.conn, self.epoch);
        self.conn.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

fn touch(conn: &Conn, epoch: Instant) {
    let ms = u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
    conn.last_active.store(ms, Ordering::SeqCst);
}

/// The connection to shed for a new one. The address holding the most connections gives one
/// up (a flood from one address sheds its own connections, not other clients'); of its
/// connections, the least worth keeping ([`Conn::worth`]: one that never sent a whole request
/// goes before one that has been served, an idle one before one in a request), the least
/// recently active of those. On loopback every client may share one address; then the order
/// alone spares a client that sends its request at once over connections that trickle.
fn victim(table: &HashMap<u64, Arc<Conn>>) -> Option<u64> {
    let mut per_peer: HashMap<IpAddr, usize> = HashMap::new();
    for c in table.values() {
        *per_peer.entry(c.peer).or_default() += 1;
    }
    let most = per_peer.values().copied().max()?;
    table
        .iter()
        .filter(|(_, c)| per_peer[&c.peer] == most)
        .min_by_key(|(_, c)| (c.worth(), c.last_active.load(Ordering::SeqCst)))
        .map(|(&id, _)| id)
}

/// Whether a whole request head is already waiting on `stream` (peeked, not read: hyper reads
/// it). Never waits.
fn has_whole_head(stream: &tokio::net::TcpStream) -> bool {
    let mut bytes = [0u8; 4096];
    let mut buf = tokio::io::ReadBuf::new(&mut bytes);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match stream.poll_peek(&mut cx, &mut buf) {
        std::task::Poll::Ready(Ok(_)) => buf.filled().windows(4).any(|w| w == b"\r\n\r\n"),
        _ => false,
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then lets the connections finish
/// the requests in flight (for a few seconds at most). HTTP/1.1, with `limits`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let table: Arc<Mutex<HashMap<u64, Arc<Conn>>>> = Arc::default();
    let epoch = Instant::now();
    let mut next_id = 0u64;
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors and the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let conn = Arc::new(Conn::new(peer.ip()));
        // A client that sent its whole request head with the connection (any ordinary one)
        // is known as such from the start: at the cap it is not shed for a slow one.
        if has_whole_head(&stream) {
            conn.served.store(true, Ordering::SeqCst);
        }
        touch(&conn, epoch);
        let id = next_id;
        next_id += 1;
        {
            let mut open = table.lock().unwrap_or_else(|e| e.into_inner());
            while open.len() >= limits.max_connections.max(1) {
                let Some(old) = victim(&open) else { break };
                if let Some(c) = open.remove(&old) {
                    c.shed.notify_one();
                }
            }
            open.insert(id, Arc::clone(&conn));
        }
        let inner = TowerToHyperService::new(router.clone());
        let tracked = Arc::clone(&conn);
        let service = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
            // The peer's address, for sharing the engine's work per client.
            req.extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
            let guard = BusyGuard::new(Arc::clone(&tracked), epoch);
            let call = hyper::service::Service::call(&inner, req);
            async move {
                let resp = call.await;
                drop(guard);
                resp
            }
        });
        let served = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .serve_connection(TokioIo::new(crate::wire::JsonErrors::new(stream)), service);
        let served = graceful.watch(served);
        let table = Arc::clone(&table);
        tokio::spawn(async move {
            // A client that goes away mid-request is its own business; a shed connection is
            // dropped, which closes its socket.
            tokio::select! {
                _ = served => {}
                () = conn.shed.notified() => {}
            }
            table.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
        });
    }
    drop(listener);
    // Requests in flight finish (a hint takes well under a second); a client stuck in the
    // middle of its headers is not waited for beyond the grace period.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

/// How long a stopping server waits for the requests in flight.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn(peer: [u8; 4], last_active: u64, busy: usize, served: bool) -> Arc<Conn> {
        let c = Conn::new(IpAddr::from(peer));
        c.last_active.store(last_active, Ordering::SeqCst);
        c.busy.store(busy, Ordering::SeqCst);
        c.served.store(served, Ordering::SeqCst);
        Arc::new(c)
    }

    #[test]
    fn connections_that_never_sent_a_request_go_first_then_idle_ones_then_the_oldest() {
        const ME: [u8; 4] = [127, 0, 0, 1];
        let mut table = HashMap::new();
        table.insert(1, conn(ME, 10, 1, true));
        table.insert(2, conn(ME, 50, 0, true));
        table.insert(3, conn(ME, 30, 0, true));
        table.insert(4, conn(ME, 5, 2, true));
        table.insert(5, conn(ME, 60, 0, false));
        table.insert(6, conn(ME, 70, 0, false));
        let order: Vec<u64> = std::iter::from_fn(|| {
            let id = victim(&table)?;
            table.remove(&id);
            Some(id)
        })
        .collect();
        assert_eq!(order, [5, 6, 3, 2, 4, 1]);
    }

    #[test]
    fn the_address_holding_the_most_connections_gives_one_up() {
        let mut table = HashMap::new();
        // A client that has been served long ago, and a flood from another address.
        table.insert(1, conn([127, 0, 0, 1], 1, 0, false));
        for id in 2..6 {
            table.insert(id, conn([127, 0, 0, 2], 100 + id, 1, true));
        }
        assert_eq!(victim(&table), Some(2));
        table.retain(|&id, _| id < 3);
        // One each: the order decides.
        assert_eq!(victim(&table), Some(1));
    }
}
