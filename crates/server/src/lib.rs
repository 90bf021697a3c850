//! # nonet-server
//!
//! The web game behind `nonet play`: an axum app that serves the page (HTML, CSS and JavaScript
//! modules embedded in the binary) and a JSON API over an SQLite store of games.
//!
//! [`app`] builds the router (tests drive it with `tower::ServiceExt::oneshot` over
//! [`Store::open_in_memory`]); [`run`] binds a socket and serves until Ctrl-C.
//!
//! **Invariant:** this is the only crate that knows HTTP or SQL. The rules of Sudoku, the solver
//! and the generator live in the engine crates; [`engine`] is the one place that calls them.
//!
//! Hardening: every request body is capped at [`BODY_LIMIT`] (413 above), JSON bodies are parsed
//! strictly (400 malformed, 422 wrong shape, 415 not JSON), every error answer is JSON, internal
//! errors never show their cause, responses carry a strict Content-Security-Policy and frame
//! denial, state-changing requests from other sites are refused, and when serving on loopback
//! the `Host` header must name loopback (which stops DNS-rebinding pages from reaching the API).

#![forbid(unsafe_code)]

pub mod api;
mod assets;
pub mod board;
pub mod engine;
pub mod error;
pub mod store;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use api::{AppState, Shared};
pub use error::ApiError;
pub use store::{Store, StoreError};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The Content-Security-Policy of every response: only this origin's own scripts, styles and
/// images, no inline script, no framing, no plugins.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; manifest-src 'self'; font-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

impl AppState {
    /// State over `store`, accepting any `Host` header (tests, or serving on all interfaces).
    pub fn new(store: Store) -> AppState {
        AppState {
            store,
            allowed_hosts: None,
        }
    }

    /// Accept only requests whose `Host` is one of `hosts` (e.g. `127.0.0.1:8080`).
    pub fn with_allowed_hosts(mut self, hosts: Vec<String>) -> AppState {
        self.allowed_hosts = Some(hosts);
        self
    }
}

/// The whole app: API routes, static assets, and the hardening middleware.
pub fn app(state: Shared) -> Router {
    let api = Router::new()
        .route("/openapi.json", get(api::openapi))
        .route("/levels", get(api::levels))
        .route("/stats", get(api::stats))
        .route("/puzzles/check", post(api::check_puzzle))
        .route("/games", get(api::list_games).post(api::create_game))
        .route("/games/{id}", get(api::get_game).delete(api::delete_game))
        .route("/games/{id}/moves", post(api::play_move))
        .route("/games/{id}/undo", post(api::undo))
        .route("/games/{id}/redo", post(api::redo))
        .route("/games/{id}/clock", axum::routing::put(api::set_clock))
        .route("/games/{id}/check", post(api::check_game))
        .route("/games/{id}/hint", post(api::hint))
        .route("/games/{id}/bot", post(api::bot_step))
        .fallback(|| async { ApiError::not_found("no such API endpoint") });
    Router::new()
        .nest("/api", api)
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

fn error_response(e: ApiError) -> Response {
    e.into_response()
}

/// The middleware every request passes: size, origin and host checks before, security headers
/// and JSON error bodies after.
async fn guard(State(st): State<Shared>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let declared_len = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let mut early = None;
    if declared_len.is_some_and(|n| n > BODY_LIMIT as u64) {
        early = Some(api::too_large());
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if early.is_none() {
        if let (Some(allowed), Some(host)) = (&st.allowed_hosts, host) {
            if !allowed.iter().any(|a| a.eq_ignore_ascii_case(host)) {
                early = Some(ApiError::new(
                    StatusCode::MISDIRECTED_REQUEST,
                    "bad_host",
                    "this server only answers requests addressed to it",
                ));
            }
        }
    }
    let changes_state = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if early.is_none() && changes_state && is_cross_site(headers, host) {
        early = Some(ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_site",
            "requests from other sites are not accepted",
        ));
    }
    let is_api = req.uri().path().starts_with("/api/");
    let mut resp = match early {
        Some(e) => error_response(e),
        None => next.run(req).await,
    };
    // Errors produced by the framework itself (405, a path that does not match) have no JSON
    // body: give them one, so every error a client sees has the same shape.
    let status = resp.status();
    if (status.is_client_error() || status.is_server_error())
        && !resp.headers().contains_key(header::CONTENT_TYPE)
    {
        let message = status.canonical_reason().unwrap_or("error").to_lowercase();
        resp = ApiError::new(status, "http", message).into_response();
        resp = with_status(resp, status);
    }
    let h = resp.headers_mut();
    h.insert("content-security-policy", HeaderValue::from_static(CSP));
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    if is_api {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    resp
}

fn with_status(mut resp: Response, status: StatusCode) -> Response {
    *resp.status_mut() = status;
    resp
}

/// Whether a request comes from another site: the browser says so in `Sec-Fetch-Site`, or the
/// `Origin` it sends names a different host.
fn is_cross_site(headers: &axum::http::HeaderMap, host: Option<&str>) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        if site == "cross-site" || site == "same-site" {
            return true;
        }
    }
    match (
        headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()),
        host,
    ) {
        (Some("null"), _) => true,
        (Some(origin), Some(host)) => {
            let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
            !origin_host.eq_ignore_ascii_case(host)
        }
        _ => false,
    }
}

/// Where `nonet play` keeps its database when no `--db` is given:
/// `$XDG_DATA_HOME/nonet/nonet.db`, else `~/.local/share/nonet/nonet.db` (on Windows
/// `%APPDATA%\nonet\nonet.db`), else `nonet.db` in the current directory.
pub fn default_db_path() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".local").join("share")))
        .or_else(|| env("APPDATA"));
    match base {
        Some(b) => b.join("nonet").join("nonet.db"),
        None => PathBuf::from("nonet.db"),
    }
}

/// What can stop the server from starting.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or created.
    #[error("cannot open the database {path}: {reason}")]
    Store {
        /// The database path.
        path: PathBuf,
        /// Why, in one sentence (SQLite's own error chain repeats itself).
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
}

/// Opens the store, binds the socket, calls `on_ready` with the page's URL, and serves until
/// Ctrl-C or SIGTERM (finishing the requests in flight).
pub fn run(config: ServeConfig, on_ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    if let Some(dir) = config.db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| ServeError::Dir {
            path: dir.to_path_buf(),
            source,
        })?;
    }
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
        let mut state = AppState::new(store);
        if config.host.is_loopback() {
            let p = local.port();
            state = state.with_allowed_hosts(vec![
                format!("127.0.0.1:{p}"),
                format!("localhost:{p}"),
                format!("[::1]:{p}"),
            ]);
        }
        let url = match local.ip() {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
            IpAddr::V4(ip) if ip.is_unspecified() => format!("http://127.0.0.1:{}/", local.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
        };
        on_ready(&url);
        serve(listener, app(Arc::new(state))).await;
        Ok(())
    })
}

/// How long a client may take to send a request's headers before its connection is closed:
/// without a limit, clients that send a byte now and then ("slow loris") each hold a
/// connection open for ever.
pub const HEADER_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Serves `router` on `listener` until Ctrl-C or SIGTERM, then lets the connections finish
/// the requests in flight. HTTP/1.1 with [`HEADER_READ_TIMEOUT`].
async fn serve(listener: tokio::net::TcpListener, router: Router) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown_signal());
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors and the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(router.clone());
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_READ_TIMEOUT)
            .serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // A client that goes away mid-request is its own business.
            let _ = conn.await;
        });
    }
    drop(listener);
    // Requests in flight finish (a hint takes well under a second); a client stuck in the
    // middle of its headers is not waited for beyond the grace period.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

/// How long a stopping server waits for the requests in flight.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

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
