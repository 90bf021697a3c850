//! Arbitrary JSON request bodies sent to every POST/PUT endpoint of the game's API, through the
//! real router over an in-memory database: the answer is never a 5xx, an error answer is a JSON
//! object with an error code, and the app keeps serving.
#![no_main]
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{Method, Request};
use axum::Router;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use nonet_server::{app, AppState, Store};
use tower::ServiceExt;

/// An easy puzzle the game can start from.
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The endpoints that take a body (from /api/openapi.json), `{id}` filled with a real game.
const ENDPOINTS: &[(&str, &str)] = &[
    ("POST", "/api/puzzles/check"),
    ("POST", "/api/games"),
    ("POST", "/api/games/{id}/moves"),
    ("POST", "/api/games/{id}/undo"),
    ("POST", "/api/games/{id}/redo"),
    ("POST", "/api/games/{id}/clock"),
    ("POST", "/api/games/{id}/check"),
    ("POST", "/api/games/{id}/hint"),
    ("POST", "/api/games/{id}/bot"),
];

struct World {
    rt: tokio::runtime::Runtime,
    app: Router,
    game: String,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let app = app(Arc::new(AppState::new(Store::open_in_memory().unwrap())));
        let body = format!(r#"{{"puzzle":"{PUZZLE}"}}"#);
        let (status, answer) = rt.block_on(send(&app, "POST", "/api/games", body.into_bytes()));
        assert!(status < 300, "cannot create a game: {status}");
        let v: serde_json::Value = serde_json::from_slice(&answer).unwrap();
        let game = v["id"]
            .as_str()
            .map(str::to_string)
            .or_else(|| v["id"].as_i64().map(|n| n.to_string()))
            .or_else(|| v["game"]["id"].as_i64().map(|n| n.to_string()))
            .or_else(|| v["game"]["id"].as_str().map(str::to_string))
            .expect("the new game's id");
        World { rt, app, game }
    })
}

async fn send(app: &Router, method: &str, uri: &str, body: Vec<u8>) -> (u16, Vec<u8>) {
    let req = Request::builder()
        .method(Method::from_bytes(method.as_bytes()).unwrap())
        .uri(uri)
        .header("content-type", "application/json")
        .header("host", "127.0.0.1")
        .body(Body::from(body))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status().as_u16();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, bytes)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let w = world();
    let (method, path) = ENDPOINTS[pick as usize % ENDPOINTS.len()];
    let uri = path.replace("{id}", &w.game);
    let (status, answer) = w.rt.block_on(send(&w.app, method, &uri, body.to_vec()));
    assert!(status < 500, "{method} {uri} answered {status}");
    if status >= 400 {
        let v: serde_json::Value = serde_json::from_slice(&answer).expect("a JSON error body");
        assert!(v["error"]["code"].is_string(), "{v}");
    }
});
