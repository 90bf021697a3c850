//! What the router tests share: a fresh app over an in-memory store, one request with its JSON
//! answer, and a classic easy puzzle with its solution.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use nonet_server::{app, AppState, Store};
use serde_json::Value;
use tower::ServiceExt;

/// A classic easy puzzle (singles only) and its solution.
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The game's router over a new in-memory store.
pub fn new_app() -> Router {
    app(Arc::new(AppState::new(Store::open_in_memory().unwrap())))
}

/// One request with a JSON body (or none); the status and the JSON answer (null if none).
pub async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost");
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    let resp = app.clone().oneshot(req.body(body).unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The houses of `kind` in a layout's JSON (a game's `layout`), as lists of cells.
pub fn houses(layout: &Value, kind: &str) -> Vec<Vec<usize>> {
    layout["houses"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["kind"] == kind)
        .map(|h| {
            h["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap() as usize)
                .collect()
        })
        .collect()
}

/// Holds one of the workers long searches may use, as a hard rating or a stated chain does,
/// until the sender returned is dropped; the handle ends with the job's result.
pub async fn hold_long_worker(
    state: &Arc<AppState>,
) -> (
    std::sync::mpsc::Sender<()>,
    tokio::task::JoinHandle<Result<(), nonet_server::pool::PoolError>>,
) {
    let (release, held) = std::sync::mpsc::channel::<()>();
    let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
    let state = Arc::clone(state);
    let holder = tokio::spawn(async move {
        state
            .pool
            .run_long(move |_| {
                let _ = started_tx.send(());
                let _ = held.recv();
            })
            .await
    });
    started.await.unwrap();
    (release, holder)
}
