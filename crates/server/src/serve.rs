//! Running the server: [`run`] takes the database's instance lock, opens the store, binds the
//! socket and serves; [`serve`] is the accept loop (hyper, HTTP/1.1) with its limits.
//!
//! Limits, and why: a header read timeout and the app's body read timeout end clients that send
//! a byte now and then; a cap on open connections keeps such clients (or a flood of idle
//! keep-alive ones) from exhausting the process's file descriptors, which would stop normal
//! service. At the cap a new connection is taken by shedding an old one: the oldest idle one
//! first (no request in a handler), else the oldest of all, so a quick request always gets in.
//!
//! One server per database: [`run`] holds an exclusive lock on `<db>.lock` (released by the
//! operating system when the process ends, even by `kill -9`) and writes its pid and URL in it,
//! so a second `nonet play` on the same database is refused with the first one's address
//! instead of running beside it.

use std::collections::HashMap;
use std::fs::File;
use std::future::Future;
use std::io::{Read, Seek, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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

/// The exclusive lock on `<db>.lock`, held while the server runs.
struct InstanceLock {
    file: File,
    path: PathBuf,
    /// Whether this process created the file (then a refused start removes it again, leaving
    /// nothing beside a file that is not nonet's).
    created: bool,
}

impl InstanceLock {
    fn path(db: &Path) -> PathBuf {
        let mut name = db.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        db.with_file_name(name)
    }

    /// Takes the lock, or says who holds it.
    fn take(db: &Path) -> Result<InstanceLock, ServeError> {
        let path = InstanceLock::path(db);
        let lock_err = |source| ServeError::Lock {
            path: path.clone(),
            source,
        };
        let created = !path.exists();
        let mut file = private_open_options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(lock_err)?;
        match file.try_lock() {
            Ok(()) => Ok(InstanceLock {
                file,
                path,
                created,
            }),
            Err(std::fs::TryLockError::WouldBlock) => {
                // The holder writes "PID URL" once it listens; it may not have yet.
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                let mut words = text.split_whitespace();
                let pid = words.next().and_then(|p| p.parse().ok());
                let url = words.next().map(str::to_string);
                Err(ServeError::AlreadyServing {
                    path: db.to_path_buf(),
                    url,
                    pid,
                })
            }
            Err(std::fs::TryLockError::Error(e)) => Err(lock_err(e)),
        }
    }

    /// Gives the lock up after a refused start, removing the file if this process made it.
    fn abandon(self) {
        if self.created {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// Records this server's pid and page for a second instance to show.
    fn record(&mut self, url: &str) {
        let text = format!("{} {url}\n", std::process::id());
        let written = self.file.set_len(0).and_then(|()| {
            self.file.rewind()?;
            self.file.write_all(text.as_bytes())?;
            self.file.flush()
        });
        if let Err(e) = written {
            eprintln!("nonet play: could not record this server in its lock file: {e}");
        }
    }
}

impl Drop for InstanceLock {
    fn drop(&mut self) {
        // Not removed: a second instance may already hold the file open, and a lock on a file
        // that has been removed would lock nothing. Emptied, so it names no stale server.
        let _ = self.file.set_len(0);
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
    let mut lock = InstanceLock::take(&config.db)?;
    create_private(&config.db).map_err(|e| ServeError::Store {
        path: config.db.clone(),
        reason: e.to_string(),
    })?;
    let store = match Store::open(&config.db) {
        Ok(store) => store,
        Err(e) => {
            lock.abandon();
            return Err(ServeError::Store {
                path: config.db.clone(),
                reason: match e {
                    StoreError::Db(db) => db.to_string(),
                    other => other.to_string(),
                },
            });
        }
    };
    let addr = SocketAddr::new(config.host, config.port);
    let io = |source| ServeError::Io { addr, source };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
        .map_err(io)?;
    let lock = &mut lock;
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
        let state = AppState::new(store).with_allowed_hosts(hosts);
        let url = match local.ip() {
            IpAddr::V6(ip) if ip.is_unspecified() => format!("http://[::1]:{}/", local.port()),
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
            IpAddr::V4(ip) if ip.is_unspecified() => format!("http://127.0.0.1:{}/", local.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
        };
        lock.record(&url);
        on_ready(&url);
        serve(
            listener,
            app(Arc::new(state)),
            Limits::default(),
            shutdown_signal(),
        )
        .await;
        Ok(())
    })
    // The lock is released when it drops, after the last connection has finished.
}

/// One open connection, as the accept loop sees it.
struct Conn {
    /// Milliseconds since the loop started, at the last request's start or end (or the
    /// accept).
    last_active: AtomicU64,
    /// Requests of this connection in a handler now.
    busy: AtomicUsize,
    /// Told when the connection is shed.
    shed: tokio::sync::Notify,
}

/// Keeps a connection counted as busy while a request of it is in a handler.
struct BusyGuard {
    conn: Arc<Conn>,
    epoch: Instant,
}

impl BusyGuard {
    fn new(conn: Arc<Conn>, epoch: Instant) -> BusyGuard {
        conn.busy.fetch_add(1, Ordering::SeqCst);
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

/// The connection to shed for a new one: the least recently active idle one, else the least
/// recently active of all.
fn victim(table: &HashMap<u64, Arc<Conn>>) -> Option<u64> {
    let age = |c: &Arc<Conn>| c.last_active.load(Ordering::SeqCst);
    let idle = table
        .iter()
        .filter(|(_, c)| c.busy.load(Ordering::SeqCst) == 0)
        .min_by_key(|(_, c)| age(c));
    idle.or_else(|| table.iter().min_by_key(|(_, c)| age(c)))
        .map(|(&id, _)| id)
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
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors and the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let conn = Arc::new(Conn {
            last_active: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            shed: tokio::sync::Notify::new(),
        });
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
        let service = hyper::service::service_fn(move |req| {
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
            .serve_connection(TokioIo::new(stream), service);
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

    fn conn(last_active: u64, busy: usize) -> Arc<Conn> {
        Arc::new(Conn {
            last_active: AtomicU64::new(last_active),
            busy: AtomicUsize::new(busy),
            shed: tokio::sync::Notify::new(),
        })
    }

    #[test]
    fn the_oldest_idle_connection_is_shed_first_then_the_oldest_of_all() {
        let mut table = HashMap::new();
        table.insert(1, conn(10, 1));
        table.insert(2, conn(50, 0));
        table.insert(3, conn(30, 0));
        table.insert(4, conn(5, 2));
        assert_eq!(victim(&table), Some(3));
        table.remove(&3);
        assert_eq!(victim(&table), Some(2));
        table.remove(&2);
        assert_eq!(victim(&table), Some(4));
        table.clear();
        assert_eq!(victim(&table), None);
    }
}
