//! Hostile input through the router (`tower::ServiceExt::oneshot`, in-memory database), driven
//! by the OpenAPI description so that a new endpoint is covered without editing this file:
//! every POST/PUT endpoint gets malformed JSON, JSON of every wrong type, deeply nested JSON,
//! NUL bytes and invalid UTF-8, bodies just over the limit; every `{id}` endpoint gets unknown
//! and out-of-range ids. Each answer must be a 4xx with a JSON error body and the security
//! headers, and the app must keep serving with the game untouched.
//!
//! Tests that need a real socket (12 MB over TCP, chunked bodies, raw paths, loopback binding,
//! two clients at once) run the real binary in `crates/cli/tests/hostile.rs`.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use nonet_server::{app, AppState, Store, BODY_LIMIT};
use serde_json::{json, Value};
use tower::ServiceExt;

/// A classic easy puzzle.
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn new_app() -> Router {
    app(Arc::new(AppState::new(Store::open_in_memory().unwrap())))
}

async fn send(
    app: &Router,
    method: &Method,
    uri: &str,
    body: Option<Vec<u8>>,
) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = Request::builder()
        .method(method.clone())
        .uri(uri)
        .header("host", "localhost");
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req.body(body.map_or_else(Body::empty, Body::from)).unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let bytes = resp
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, headers, bytes)
}

/// Asserts a 4xx answer (one of `allowed` if given) with a JSON error body and the security
/// headers, and no internals in the message.
fn assert_rejected(what: &str, allowed: &[u16], (s, h, body): &(StatusCode, HeaderMap, Vec<u8>)) {
    assert!(s.is_client_error(), "{what}: {s}");
    if !allowed.is_empty() {
        assert!(
            allowed.contains(&s.as_u16()),
            "{what}: {s} not in {allowed:?}"
        );
    }
    let v: Value = serde_json::from_slice(body)
        .unwrap_or_else(|_| panic!("{what}: not JSON: {}", String::from_utf8_lossy(body)));
    assert!(v["error"]["code"].is_string(), "{what}: {v}");
    let msg = v["error"]["message"].as_str().expect("a message");
    for leak in ["rusqlite", "panicked", "src/", ".rs:", "SQLITE"] {
        assert!(
            !msg.contains(leak),
            "{what}: the message leaks {leak:?}: {msg}"
        );
    }
    assert!(h
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.starts_with("application/json")));
    assert_headers(what, h);
}

/// The security headers every answer carries.
fn assert_headers(what: &str, h: &HeaderMap) {
    let csp = h
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    for part in [
        "default-src 'none'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ] {
        assert!(csp.contains(part), "{what}: CSP lacks {part}: {csp}");
    }
    // `'wasm-unsafe-eval'` compiles the page's engine; it allows no JavaScript eval.
    for weak in ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:"] {
        assert!(!csp.contains(weak), "{what}: CSP allows {weak}: {csp}");
    }
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(h["x-frame-options"], "DENY", "{what}");
}

/// The write endpoints of the description, as `(method, path template)`.
async fn write_endpoints(app: &Router) -> Vec<(Method, String)> {
    let (s, _, body) = send(app, &Method::GET, "/api/openapi.json", None).await;
    assert_eq!(s, StatusCode::OK);
    let spec: Value = serde_json::from_slice(&body).unwrap();
    let mut out = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for m in ["post", "put"] {
            if item.get(m).is_some() {
                let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
                out.push((method, path.clone()));
            }
        }
    }
    assert!(out.len() >= 9, "the description lists the write endpoints");
    out
}

async fn new_game(app: &Router) -> i64 {
    let body = json!({ "puzzle": PUZZLE }).to_string().into_bytes();
    let (s, _, b) = send(app, &Method::POST, "/api/games", Some(body)).await;
    assert_eq!(s, StatusCode::CREATED);
    serde_json::from_slice::<Value>(&b).unwrap()["id"]
        .as_i64()
        .unwrap()
}

async fn game(app: &Router, id: i64) -> Value {
    let (s, _, b) = send(app, &Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(s, StatusCode::OK);
    serde_json::from_slice(&b).unwrap()
}

/// A body valid for the write endpoint `path` on version 0 of a game, so that only its id can
/// be wrong.
fn valid_body_for(path: &str) -> Vec<u8> {
    let v = if path.ends_with("/moves") {
        json!({ "type": "clear_marks", "version": 0 })
    } else if path.ends_with("/clock") {
        json!({ "elapsed_ms": 5 })
    } else if path.ends_with("/check-step") {
        json!({ "technique": "x-wing", "version": 0 })
    } else {
        json!({ "version": 0 })
    };
    v.to_string().into_bytes()
}

/// Bodies of every wrong type for the fields the API knows, and shapes that are not objects.
fn wrong_bodies() -> Vec<Vec<u8>> {
    let mut bodies: Vec<Value> = vec![
        json!(null),
        json!(42),
        json!(-1.5),
        json!(true),
        json!([]),
        json!([1, 2, 3]),
        json!("a string"),
        json!({ "puzzle": 5 }),
        json!({ "puzzle": [PUZZLE] }),
        json!({ "puzzle": { "a": 1 } }),
        json!({ "level": 3 }),
        json!({ "level": "impossible" }),
        json!({ "seed": "abc" }),
        json!({ "seed": -1 }),
        json!({ "seed": 1e300 }),
        json!({ "type": "place", "cell": "x", "digit": 1 }),
        json!({ "type": "place", "cell": 3, "digit": "1" }),
        json!({ "type": "place", "cell": 300, "digit": 1 }),
        json!({ "type": "place", "cell": -1, "digit": 1 }),
        json!({ "type": "place", "cell": 81, "digit": 1 }),
        json!({ "type": "place", "cell": 2, "digit": 0 }),
        json!({ "type": "place", "cell": 2, "digit": 10 }),
        json!({ "type": "place", "cell": 2.5, "digit": 1 }),
        json!({ "type": "teleport", "cell": 2 }),
        json!({ "type": 7 }),
        json!({ "elapsed_ms": "soon" }),
        json!({ "elapsed_ms": -5 }),
        json!({ "elapsed_ms": 1e300 }),
        json!({ "elapsed_ms": 9_223_372_036_854_775_807i64 }),
        json!({ "elapsed_ms": [1] }),
        json!({ "unknown_field": 1 }),
    ];
    bodies.push(json!({ "puzzle": "x".repeat(5000) }));
    let mut out: Vec<Vec<u8>> = bodies.iter().map(|b| b.to_string().into_bytes()).collect();
    // Not JSON values: malformed, truncated, NUL bytes, invalid UTF-8, nesting bombs.
    for raw in [
        &b"{"[..],
        b"{\"type\":",
        b"{'type': 'place'}",
        b"{\"type\":\"place\",\"cell\":1,\"digit\":1,}",
        b"\0\0\0\0",
        b"{\"puzzle\":\"\xff\xfe\"}",
        b"\xef\xbb\xbf{}x",
        b"NaN",
        b"{\"elapsed_ms\": 1}{\"elapsed_ms\": 2}",
    ] {
        out.push(raw.to_vec());
    }
    let depth = 20_000;
    out.push(format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes());
    let obj = "{\"a\":".repeat(depth) + "1" + &"}".repeat(depth);
    out.push(obj.into_bytes());
    out
}

#[tokio::test]
async fn every_write_endpoint_rejects_every_wrong_body() {
    let app = new_app();
    let id = new_game(&app).await;
    let before = game(&app, id).await;
    let endpoints = write_endpoints(&app).await;
    let bodies = wrong_bodies();
    let mut rejected = 0;
    for (method, template) in &endpoints {
        let uri = template.replace("{id}", &id.to_string());
        for body in &bodies {
            let what = format!(
                "{method} {uri} {}",
                String::from_utf8_lossy(&body[..body.len().min(60)])
            );
            let answer = send(&app, method, &uri, Some(body.clone())).await;
            // Some bodies are valid for some endpoints (an unknown level is a 422 there, a
            // body `{}` for the optional-body endpoints): only count the rejected ones, but
            // never accept a 5xx.
            assert!(!answer.0.is_server_error(), "{what}: {}", answer.0);
            if answer.0.is_success() {
                continue;
            }
            assert_rejected(&what, &[400, 404, 409, 413, 422, 428], &answer);
            rejected += 1;
        }
    }
    // Nearly every (endpoint, body) pair is a rejection; a few are valid by design.
    assert!(
        rejected >= endpoints.len() * (bodies.len() - 3),
        "{rejected} rejections"
    );
    // The game was not changed by any of it, beyond what a valid body may do.
    let after = game(&app, id).await;
    assert_eq!(before["cells"], after["cells"]);
    assert_eq!(before["version"], after["version"]);
}

#[tokio::test]
async fn malformed_json_is_400_and_wrong_types_are_422_everywhere() {
    let app = new_app();
    let id = new_game(&app).await;
    for (method, template) in write_endpoints(&app).await {
        let uri = template.replace("{id}", &id.to_string());
        let a = send(&app, &method, &uri, Some(b"{,\"x\": [1, 2".to_vec())).await;
        assert_rejected(&format!("{method} {uri} malformed"), &[400], &a);
        // Well-formed JSON of the wrong shape, including an array where an object is expected
        // (serde_json calls its surplus elements a syntax error when reading a struct straight
        // from the bytes: regression, it once got 400 on some endpoints).
        for body in [
            &b"[1, 2]"[..],
            b"[]",
            b"[{}]",
            b"\"text\"",
            b"42",
            b"null",
            b"true",
        ] {
            let a = send(&app, &method, &uri, Some(body.to_vec())).await;
            let what = String::from_utf8_lossy(body);
            assert_rejected(&format!("{method} {uri} {what}"), &[422], &a);
        }
        let a = send(
            &app,
            &method,
            &uri,
            Some(b"{\"elapsed_ms\":\"x\",\"puzzle\":1}".to_vec()),
        )
        .await;
        assert_rejected(&format!("{method} {uri} types"), &[422], &a);
    }
}

#[tokio::test]
async fn bodies_over_the_limit_are_413_and_the_app_keeps_serving() {
    let app = new_app();
    let id = new_game(&app).await;
    // Just over the limit, and 12 MB; a valid JSON document padded with spaces, so only its
    // size is wrong.
    for size in [BODY_LIMIT + 1, 12 * 1024 * 1024] {
        let mut body = b"{\"elapsed_ms\": 1".to_vec();
        body.resize(size - 1, b' ');
        body.push(b'}');
        for (method, template) in write_endpoints(&app).await {
            let uri = template.replace("{id}", &id.to_string());
            let a = send(&app, &method, &uri, Some(body.clone())).await;
            assert_rejected(&format!("{method} {uri} {size} bytes"), &[413], &a);
        }
    }
    // A body right at the limit is read (and rejected only for what it says, if at all).
    let mut body = b"{\"elapsed_ms\": 1".to_vec();
    body.resize(BODY_LIMIT - 1, b' ');
    body.push(b'}');
    let (s, _, _) = send(
        &app,
        &Method::PUT,
        &format!("/api/games/{id}/clock"),
        Some(body),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(game(&app, id).await["elapsed_ms"], 1);
}

#[tokio::test]
async fn unknown_and_malformed_ids() {
    let app = new_app();
    let id = new_game(&app).await;
    let mut endpoints = write_endpoints(&app).await;
    endpoints.push((Method::GET, "/api/games/{id}".into()));
    endpoints.push((Method::DELETE, "/api/games/{id}".into()));
    for (method, template) in endpoints.iter().filter(|(_, p)| p.contains("{id}")) {
        let body = if *method == Method::GET || *method == Method::DELETE {
            None
        } else {
            Some(valid_body_for(template))
        };
        for (bad, status) in [
            ("999999", 404),
            ("9223372036854775807", 404),
            ("99999999999999999999999", 400),
            ("0", 400),
            ("-1", 400),
            ("1e3", 400),
            ("%20", 400),
            ("abc", 400),
            ("1%00", 400),
        ] {
            let uri = template.replace("{id}", bad);
            let a = send(&app, method, &uri, body.clone()).await;
            assert_rejected(&format!("{method} {uri}"), &[status], &a);
        }
    }
    // Still there, untouched.
    assert_eq!(game(&app, id).await["version"], 0);
}

/// Regression: a game id `+1` (or `01`) was read as game 1. An id is written in decimal digits
/// alone, so each game has one name: anything else is a 400 on every `{id}` endpoint.
#[tokio::test]
async fn a_game_id_with_a_sign_or_leading_zero_is_refused_not_read_as_another() {
    let app = new_app();
    let id = new_game(&app).await;
    assert_eq!(id, 1);
    let mut endpoints = write_endpoints(&app).await;
    endpoints.push((Method::GET, "/api/games/{id}".into()));
    endpoints.push((Method::DELETE, "/api/games/{id}".into()));
    for (method, template) in endpoints.iter().filter(|(_, p)| p.contains("{id}")) {
        let body =
            (*method != Method::GET && *method != Method::DELETE).then(|| valid_body_for(template));
        for bad in ["+1", "%2B1", "01", "0001"] {
            let uri = template.replace("{id}", bad);
            let a = send(&app, method, &uri, body.clone()).await;
            assert_rejected(&format!("{method} {uri}"), &[400], &a);
        }
    }
    assert_eq!(game(&app, id).await["version"], 0);
}

/// Regression: `Content-Type: application/json; charset=utf-16` was accepted (and its body read
/// as UTF-8). JSON bodies are UTF-8: another charset is a 415 naming it, on every write
/// endpoint; `charset=utf-8` in any case, quoted or not, is fine.
#[tokio::test]
async fn a_body_declared_in_another_charset_is_refused_naming_it() {
    let app = new_app();
    let id = new_game(&app).await;
    for (method, template) in write_endpoints(&app).await {
        let uri = template.replace("{id}", &id.to_string());
        for charset in ["utf-16", "UTF-16LE", "\"iso-8859-1\""] {
            let req = Request::builder()
                .method(method.clone())
                .uri(&uri)
                .header("host", "localhost")
                .header(
                    "content-type",
                    format!("application/json; charset={charset}"),
                )
                .body(Body::from(json!({ "version": 0 }).to_string()))
                .unwrap();
            let resp = app.clone().oneshot(req).await.unwrap();
            let status = resp.status();
            let body = resp.into_body().collect().await.unwrap().to_bytes();
            let v: Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(
                status,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "{method} {uri}: {v}"
            );
            assert_eq!(v["error"]["code"], "unsupported_charset");
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(charset.trim_matches('"')), "{message}");
        }
    }
    // UTF-8 named in any of its spellings is read.
    for charset in ["utf-8", "UTF-8", "\"utf-8\""] {
        let req = Request::builder()
            .method(Method::POST)
            .uri("/api/puzzles/check")
            .header("host", "localhost")
            .header(
                "content-type",
                format!("application/json;charset={charset}"),
            )
            .body(Body::from(json!({ "puzzle": PUZZLE }).to_string()))
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{charset}");
    }
}

/// A body's `"version": -1` was answered 409 "changed since version -1" with the whole game,
/// while `If-Match: -1` was a 400: a negative version is a mistake on every endpoint that
/// takes one, and the game is untouched.
#[tokio::test]
async fn a_negative_version_is_refused_as_a_mistake_not_answered_as_stale() {
    let app = new_app();
    let id = new_game(&app).await;
    let endpoints = write_endpoints(&app).await;
    let mut checked = 0;
    for (method, template) in endpoints.iter().filter(|(_, p)| p.contains("{id}")) {
        let body = if template.ends_with("/moves") {
            json!({ "type": "clear_marks", "version": -1 })
        } else if template.ends_with("/clock") {
            json!({ "elapsed_ms": 5, "version": -1 })
        } else if template.ends_with("/check-step") {
            json!({ "technique": "x-wing", "version": -1 })
        } else {
            json!({ "version": -1 })
        };
        let uri = template.replace("{id}", &id.to_string());
        let a = send(&app, method, &uri, Some(body.to_string().into_bytes())).await;
        assert_rejected(&format!("{method} {uri}"), &[422], &a);
        let v: Value = serde_json::from_slice(&a.2).unwrap();
        assert!(
            v["error"]["message"].as_str().unwrap().contains("got -1"),
            "{method} {uri}: {v}"
        );
        checked += 1;
    }
    assert!(checked >= 8, "{checked} endpoints");
    assert_eq!(game(&app, id).await["version"], 0);
}

/// A path parameter that is not UTF-8 (`%FF`) was refused by the framework's extractor with a
/// plain-text 400 ("Invalid URL: ..."), the one error without the JSON shape. Every templated
/// path of the description, with every method it has, gets each such parameter.
#[tokio::test]
async fn a_path_parameter_that_is_not_utf8_gets_a_json_400() {
    let app = new_app();
    let id = new_game(&app).await;
    let (_, _, body) = send(&app, &Method::GET, "/api/openapi.json", None).await;
    let spec: Value = serde_json::from_slice(&body).unwrap();
    let mut checked = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        if !path.contains('{') {
            continue;
        }
        let methods = item.as_object().unwrap().keys();
        for m in methods.filter(|m| ["get", "post", "put", "delete"].contains(&m.as_str())) {
            let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
            let body = (method == Method::POST || method == Method::PUT)
                .then(|| json!({ "version": 0 }).to_string().into_bytes());
            for bad in ["%FF", "%C3%28", "1%FF", "%ED%A0%80"] {
                let uri = path
                    .split('/')
                    .map(|seg| if seg.starts_with('{') { bad } else { seg })
                    .collect::<Vec<_>>()
                    .join("/");
                let a = send(&app, &method, &uri, body.clone()).await;
                assert_rejected(&format!("{method} {uri}"), &[400], &a);
                let v: Value = serde_json::from_slice(&a.2).unwrap();
                let msg = v["error"]["message"].as_str().unwrap();
                assert!(msg.contains("UTF-8"), "{method} {uri}: {msg}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked} requests");
    assert_eq!(game(&app, id).await["version"], 0);
}

#[tokio::test]
async fn static_paths_never_escape_and_carry_the_headers() {
    let app = new_app();
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2e%2e%2fCargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/assets/../../Cargo.toml",
        "/js/..%2f..%2fCargo.toml",
        "/js/%2e%2e/%2e%2e/Cargo.toml",
        "/..%5c..%5cCargo.toml",
        "//etc/passwd",
        "/etc/passwd",
        "/web/index.html",
        "/src/lib.rs",
        "/index.html%00.js",
        "/js/main.js/..",
        "/.git/config",
    ] {
        let a = send(&app, &Method::GET, path, None).await;
        assert_rejected(path, &[400, 404], &a);
        let text = String::from_utf8_lossy(&a.2);
        assert!(
            !text.contains("[package]") && !text.contains("root:"),
            "{path}"
        );
    }
    // Every asset the page links to is served with the headers, and no listing exists.
    for path in ["/", "/js/main.js", "/style.css"] {
        let (s, h, _) = send(&app, &Method::GET, path, None).await;
        assert_eq!(s, StatusCode::OK);
        assert_headers(path, &h);
    }
    let a = send(&app, &Method::GET, "/js/", None).await;
    assert_rejected("/js/", &[404], &a);
}

/// Regression: a 405 on a page path had no `Allow` header (the API's 405s had one), and the
/// errors the framework answered itself came with the code `http` and the framework's words
/// (an API 405; "Invalid URL: Invalid UTF-8 in `code`" for a path not UTF-8), where the
/// server's own answers say `method_not_allowed` and `bad_request`.
#[tokio::test]
async fn framework_errors_had_code_http_and_page_405s_no_allow_header() {
    let app = new_app();
    for path in ["/", "/js/main.js", "/no-such-page"] {
        for method in [Method::POST, Method::PUT, Method::DELETE] {
            let a = send(&app, &method, path, None).await;
            assert_rejected(&format!("{method} {path}"), &[405], &a);
            assert_eq!(a.1["allow"], "GET, HEAD", "{method} {path}");
            let v: Value = serde_json::from_slice(&a.2).unwrap();
            assert_eq!(v["error"]["code"], "method_not_allowed", "{method} {path}");
        }
    }
    for (method, path) in [(Method::DELETE, "/api/levels"), (Method::PUT, "/api/games")] {
        let a = send(&app, &method, path, None).await;
        assert_rejected(&format!("{method} {path}"), &[405], &a);
        assert!(a.1.contains_key("allow"), "{method} {path}");
        let v: Value = serde_json::from_slice(&a.2).unwrap();
        assert_eq!(v["error"]["code"], "method_not_allowed", "{method} {path}");
    }
    for path in ["/api/learn/%ff", "/api/games/%ff/path"] {
        let a = send(&app, &Method::GET, path, None).await;
        assert_rejected(path, &[400], &a);
        let v: Value = serde_json::from_slice(&a.2).unwrap();
        assert_eq!(v["error"]["code"], "bad_request", "{path}");
        let msg = v["error"]["message"].as_str().unwrap();
        assert!(!msg.contains("Invalid URL"), "{path}: {msg}");
        assert!(msg.contains("UTF-8"), "{path}: {msg}");
    }
}
