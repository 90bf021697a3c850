//! # nonet-server
//!
//! The web game behind `nonet play`: an axum app that serves the page (HTML, CSS and JavaScript
//! modules embedded in the binary) and a JSON API over an SQLite store of games.
//!
//! [`app`] builds the router (tests drive it with `tower::ServiceExt::oneshot` over
//! [`Store::open_in_memory`]); [`run`] binds a socket and serves until Ctrl-C.
//!
//! **Invariant:** this is the only crate that knows HTTP or SQL. The rules of Sudoku, the solver
//! and the generator live in the engine crates, the rules of play (moves, clashes, mistakes,
//! hints, the bot) in `nonet-game`; [`engine`] bridges to the solver, the rater and the
//! generator, [`api`] and [`coach`] answer the game's rules as JSON.
//!
//! Hardening: every request body is capped at [`BODY_LIMIT`] (413 above) and must arrive within
//! [`BODY_READ_TIMEOUT`] (408), JSON bodies are parsed strictly (400 malformed or with a key
//! named twice, 422 wrong shape or an unknown field, 415 not JSON), every error answer is JSON,
//! internal errors never show their cause, responses carry a strict Content-Security-Policy and
//! frame denial, every request's `Host` must be one of the server's names ([`AllowedHosts`], on
//! every bind: DNS-rebinding pages are refused), and state-changing requests whose `Origin` is
//! not the server's own are refused. Requests that change a board name the game's version (409
//! when another tab changed it first), expensive engine work goes through one bounded [`Pool`]
//! (503 past it), and the accept loop ([`serve`]) caps open connections. `docs/reliability.md`
//! has the threat model.

#![forbid(unsafe_code)]

pub mod api;
mod assets;
pub mod coach;
pub mod engine;
pub mod error;
pub mod hosts;
pub mod layout;
pub mod learn;
pub mod pool;
mod serve;
pub mod store;
mod wire;

/// The board of a game in play and its moves: the rules of play crate's ([`nonet_game`]).
pub use nonet_game::board;
/// A game's progress as a pencil-mark grid: the rules of play crate's ([`nonet_game::progress`]).
pub use nonet_game::progress;

use std::path::PathBuf;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body_util::BodyExt;

pub use api::{AppState, Shared};
pub use error::ApiError;
pub use hosts::{AllowedHosts, BadHostName};
pub use pool::{Busy, ClientKey, Pool, PoolError};
pub use serve::{
    run, serve, Limits, ServeConfig, ServeError, HEADER_READ_TIMEOUT, MAX_CONNECTIONS,
};
pub use store::{Store, StoreError};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// How long a client may take to send a request's whole body once its headers are in (a body
/// trickled a byte at a time would otherwise hold its connection for ever).
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The Content-Security-Policy of every response: only this origin's own scripts, styles and
/// images, no inline script, no framing, no plugins; WebAssembly compiled from this origin's own
/// `nonet.wasm` (`'wasm-unsafe-eval'`, which allows no JavaScript `eval`).
pub const CSP: &str =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; manifest-src 'self'; font-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

impl AppState {
    /// State over `store` answering to the loopback names on any port (tests drive the router
    /// without a socket; [`run`] always names the bound port), with the default engine pool
    /// and body read timeout.
    pub fn new(store: Store) -> AppState {
        AppState {
            store,
            allowed_hosts: AllowedHosts::loopback(None),
            pool: Pool::with_default_size(),
            body_read_timeout: BODY_READ_TIMEOUT,
            rating_wait: engine::RATING_WAIT,
            check_step_timeout: engine::CHECK_STEP_TIMEOUT,
            ratings_stopped: Default::default(),
        }
    }

    /// Answer only to `hosts`.
    pub fn with_allowed_hosts(mut self, hosts: AllowedHosts) -> AppState {
        self.allowed_hosts = hosts;
        self
    }

    /// Run the engine's expensive work on `pool`.
    pub fn with_pool(mut self, pool: Pool) -> AppState {
        self.pool = pool;
        self
    }

    /// Wait `wait` for a player's puzzle to be rated before answering without the rating.
    pub fn with_rating_wait(mut self, wait: Duration) -> AppState {
        self.rating_wait = wait;
        self
    }

    /// Let the check of a stated deduction search for `timeout` before it is answered 422
    /// `out_of_time`.
    pub fn with_check_step_timeout(mut self, timeout: Duration) -> AppState {
        self.check_step_timeout = timeout;
        self
    }

    /// Give clients `timeout` to send a request's whole body.
    pub fn with_body_read_timeout(mut self, timeout: Duration) -> AppState {
        self.body_read_timeout = timeout;
        self
    }
}

/// The whole app: API routes, static assets, and the hardening middleware.
pub fn app(state: Shared) -> Router {
    let api = api::router().fallback(|| async { ApiError::not_found("no such API endpoint") });
    Router::new()
        .nest("/api", api)
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Why a request is refused before any handler sees it: its size, its `Host`, its `Origin`.
fn check_request(st: &AppState, req: &Request) -> Result<(), ApiError> {
    let headers = req.headers();
    let declared_len = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared_len.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(api::too_large());
    }
    let misdirected = || {
        ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "bad_host",
            "this server only answers requests addressed to it by one of its names \
             (`nonet play --allow-host NAME` adds one)",
        )
    };
    let mut hosts = headers.get_all(header::HOST).iter();
    let host =
        match (hosts.next(), hosts.next()) {
            (None, _) => return Err(ApiError::bad_request(
                "the request has no Host header: this server answers only requests that name it",
            )),
            (Some(_), Some(_)) => {
                return Err(ApiError::bad_request(
                    "the request has two Host headers: this server needs exactly one",
                ))
            }
            (Some(h), None) => h.to_str().map_err(|_| misdirected())?,
        };
    if !st.allowed_hosts.allows_host(host) {
        return Err(misdirected());
    }
    // A request target in absolute form (`GET http://other/ HTTP/1.1`) names a host too.
    if let Some(authority) = req.uri().authority() {
        if !st.allowed_hosts.allows_host(authority.as_str()) {
            return Err(misdirected());
        }
    }
    let changes_state = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state && is_cross_site(&st.allowed_hosts, headers) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_site",
            "requests from other sites are not accepted",
        ));
    }
    Ok(())
}

/// Reads the whole body of `req` within the state's body read timeout (a client trickling its
/// body keeps a connection and a task for ever otherwise), so handlers get it in memory.
async fn buffer_body(st: &AppState, req: Request) -> Result<Request, ApiError> {
    let headers = req.headers();
    let has_body = headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0");
    if !has_body {
        return Ok(req);
    }
    let (parts, body) = req.into_parts();
    let limited = http_body_util::Limited::new(body, BODY_LIMIT);
    let read = tokio::time::timeout(st.body_read_timeout, limited.collect()).await;
    let bytes = match read {
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!(
                    "the request body did not arrive within {} s",
                    st.body_read_timeout.as_secs_f64()
                ),
            ))
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return Err(api::too_large()),
        Ok(Err(_)) => return Err(ApiError::bad_request("could not read the request body")),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    Ok(Request::from_parts(parts, axum::body::Body::from(bytes)))
}

/// The middleware every request passes: size, host and origin checks and the body read
/// before, security headers and JSON error bodies after.
async fn guard(State(st): State<Shared>, req: Request, next: Next) -> Response {
    let is_api = req.uri().path().starts_with("/api/");
    let checked = match check_request(&st, &req) {
        Ok(()) => buffer_body(&st, req).await,
        Err(e) => Err(e),
    };
    let mut resp = match checked {
        Ok(req) => {
            let client = client_key(&req);
            pool::for_client(client, next.run(req)).await
        }
        Err(e) => e.into_response(),
    };
    // Errors produced by the framework itself (405, a path segment that is not UTF-8) have no
    // JSON body, or a plain-text one in the framework's words: answer them as the server's own,
    // so every error a client sees has the same shape and codes.
    let status = resp.status();
    if (status.is_client_error() || status.is_server_error()) && !is_json(&resp) {
        resp = framework_error(resp).await;
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

/// The header in which the page names itself (a random id per page), so that the engine's
/// work is shared per page even when every page comes from the same address.
pub const CLIENT_HEADER: &str = "x-nonet-client";

/// Who a request is from, for sharing the engine's work: the peer's address (the accept loop
/// records it) and the page's id from [`CLIENT_HEADER`] when it is one (1 to 64 letters,
/// digits, `-` or `_`; anything else counts as none).
fn client_key(req: &Request) -> ClientKey {
    let addr = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let id = req
        .headers()
        .get(CLIENT_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| api::is_client_id(v))
        .map(str::to_string);
    ClientKey { addr, id }
}

/// Whether a response's body is JSON (every error the handlers make is).
fn is_json(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
}

/// An error the framework answered by itself, as the server's own error of its status: the
/// same codes the handlers use (`bad_request`, `method_not_allowed`, `not_found`, `too_large`)
/// in the server's words, never the framework's text; a 405 keeps its `Allow`.
async fn framework_error(resp: Response) -> Response {
    let status = resp.status();
    let allow = resp.headers().get(header::ALLOW).cloned();
    // Rejection texts are a line; only read to tell which part of the request was wrong.
    let text = axum::body::to_bytes(resp.into_body(), 1024)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .unwrap_or_default();
    let error = match status {
        StatusCode::BAD_REQUEST => ApiError::bad_request(unreadable_request(&text)),
        // The router adds `Allow` to its 405 on the way out, after this layer.
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            status,
            "method_not_allowed",
            "this method is not allowed here: the Allow header names those that are",
        ),
        StatusCode::NOT_FOUND => ApiError::not_found("no such page"),
        StatusCode::PAYLOAD_TOO_LARGE => api::too_large(),
        _ => {
            // No handler-made error has this status: its own name is its code.
            let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
            let code = match status {
                StatusCode::REQUEST_TIMEOUT => "request_timeout",
                StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
                s if s.is_server_error() => "internal",
                _ => "bad_request",
            };
            ApiError::new(status, code, reason)
        }
    };
    let mut resp = error.into_response();
    if let Some(allow) = allow {
        resp.headers_mut().insert(header::ALLOW, allow);
    }
    resp
}

/// What was wrong with a request the framework could not read, from its rejection's text
/// (such as "Invalid URL: Invalid UTF-8 in `id`"): the part of the URL named when it is one.
fn unreadable_request(rejection: &str) -> String {
    let part = rejection
        .split('`')
        .nth(1)
        .filter(|p| !p.is_empty() && p.len() <= 32);
    match part {
        Some(part) if rejection.contains("UTF-8") => {
            format!("the URL's {part} is not valid UTF-8: its %-escapes must spell UTF-8 text")
        }
        None if rejection.contains("UTF-8") => {
            "the URL is not valid UTF-8: its %-escapes must spell UTF-8 text".to_string()
        }
        Some(part) => format!("the URL's {part} cannot be read"),
        None => "the request cannot be read".to_string(),
    }
}

/// Whether a state-changing request comes from another site: the browser says so in
/// `Sec-Fetch-Site`, or its `Origin` is not one of this server's own (compared with the allow
/// list, never with `Host`, which a rebinding page chooses as freely as `Origin`).
fn is_cross_site(allowed: &AllowedHosts, headers: &axum::http::HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        if site == "cross-site" || site == "same-site" {
            return true;
        }
    }
    let mut origins = headers.get_all(header::ORIGIN).iter();
    match (origins.next(), origins.next()) {
        (None, _) => false,
        (Some(origin), None) => origin.to_str().map_or(true, |o| !allowed.allows_origin(o)),
        (Some(_), Some(_)) => true,
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
