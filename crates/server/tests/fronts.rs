//! The two fronts of the game's API answer the same bad request alike: the server (`app()`,
//! driven without a network) and the page's engine (`nonet-wasm`, called natively as the
//! library it also is). One table of bad requests, each written as either front takes it (the
//! server's method, path and body; the engine's op and fields), with the status and code both
//! must answer, and for a broken region map the same `rule` and `region`.

mod support;

use axum::body::Body;
use axum::http::{Method, Request};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use support::{new_app, EASY, EASY_SOLUTION};
use tower::ServiceExt;

/// One bad request as each front takes it, and the answer both give.
struct Case {
    what: &'static str,
    /// The engine's request, as JSON text; `$GAME`, `$MISTAKEN`, `$SOLVED` stand for the game
    /// of that name as the page keeps it.
    wasm: String,
    /// The server's method: GET or POST.
    get: bool,
    /// The server's path; `$GAME`, `$MISTAKEN`, `$SOLVED` stand for that game's id.
    path: &'static str,
    /// The server's body, as JSON text (none for a GET).
    body: Option<String>,
    /// The status both answer.
    status: u16,
    /// The code both answer.
    code: &'static str,
}

fn case(
    what: &'static str,
    wasm: impl ToString,
    (get, path): (bool, &'static str),
    body: Option<&dyn ToString>,
    (status, code): (u16, &'static str),
) -> Case {
    Case {
        what,
        wasm: wasm.to_string(),
        get,
        path,
        body: body.map(ToString::to_string),
        status,
        code,
    }
}

/// A region map of the boxes themselves: sound, but a jigsaw's only.
fn boxes_map() -> String {
    (0..81)
        .map(|i| char::from(b'1' + (i / 27 * 3 + i % 9 / 3) as u8))
        .collect()
}

fn cases() -> Vec<Case> {
    let post = |path| (false, path);
    let get = |path| (true, path);
    let games = post("/games");
    let layout = post("/layout");
    let moves = post("/games/$GAME/moves");
    let check_step = post("/games/$GAME/check-step");
    let two_solutions = format!("{}.{}", &EASY[..25], &EASY[26..]);
    let clash = format!("55{}", &EASY[2..]);
    // Region 1 takes a cell of region 2: ten cells against eight.
    let mut lopsided = boxes_map();
    lopsided.replace_range(3..4, "1");
    let mv = |m: Value| json!({ "op": "move", "game": "$GAME", "move": m });
    let step = |c: Value| json!({ "op": "check_step", "game": "$GAME", "claim": c });
    let unknown = json!({ "technique": "sashimi-wobble" });
    let off_board = json!({ "technique": "x-wing", "cells": [81] });
    let zero = json!({ "technique": "x-wing", "eliminations": [{ "cell": 2, "digit": 0 }] });
    let invalid = (422, "invalid");
    let bad_regions = (422, "bad_regions");
    vec![
        // The request itself.
        case(
            "malformed JSON",
            r#"{"op": "new_game", "level": "#,
            games,
            Some(&r#"{"level": "#),
            (400, "bad_request"),
        ),
        case(
            "a key named twice",
            r#"{"op": "new_game", "seed": 1, "seed": 2}"#,
            games,
            Some(&r#"{"seed": 1, "seed": 2}"#),
            (400, "bad_request"),
        ),
        case(
            "no JSON at all",
            " ",
            games,
            Some(&" "),
            (400, "bad_request"),
        ),
        case(
            "JSON that is no object",
            "[1, 2]",
            games,
            Some(&"[1, 2]"),
            invalid,
        ),
        case(
            "an op or endpoint no one has",
            json!({ "op": "fly" }),
            post("/fly"),
            Some(&json!({})),
            (404, "not_found"),
        ),
        case(
            "a field of the wrong type",
            json!({ "op": "new_game", "level": "easy", "seed": "x" }),
            games,
            Some(&json!({ "level": "easy", "seed": "x" })),
            invalid,
        ),
        case(
            "an unknown field",
            json!({ "op": "new_game", "colour": "red" }),
            games,
            Some(&json!({ "colour": "red" })),
            invalid,
        ),
        case(
            "a missing field",
            json!({ "op": "daily", "level": "easy" }),
            post("/daily"),
            Some(&json!({ "level": "easy" })),
            invalid,
        ),
        // A field's value.
        case(
            "an unknown level",
            json!({ "op": "new_game", "level": "hardest", "seed": 1 }),
            games,
            Some(&json!({ "level": "hardest", "seed": 1 })),
            invalid,
        ),
        case(
            "a level in capitals",
            json!({ "op": "new_game", "level": "Easy", "seed": 1 }),
            games,
            Some(&json!({ "level": "Easy", "seed": 1 })),
            invalid,
        ),
        case(
            "a daily puzzle of a day that is not one",
            json!({ "op": "daily", "date": "2026-02-30", "level": "easy" }),
            post("/daily"),
            Some(&json!({ "date": "2026-02-30", "level": "easy" })),
            invalid,
        ),
        case(
            "a daily puzzle of an unknown level",
            json!({ "op": "daily", "date": "2026-11-26", "level": "any" }),
            post("/daily"),
            Some(&json!({ "date": "2026-11-26", "level": "any" })),
            invalid,
        ),
        case(
            "an unknown variant",
            json!({ "op": "new_game", "variant": "hexagonal", "level": "easy", "seed": 1 }),
            games,
            Some(&json!({ "variant": "hexagonal", "level": "easy", "seed": 1 })),
            (422, "bad_variant"),
        ),
        case(
            "progress without its puzzle",
            json!({ "op": "new_game", "level": "easy", "seed": 1, "pencil": "x" }),
            games,
            Some(&json!({ "level": "easy", "seed": 1, "pencil": "x" })),
            invalid,
        ),
        case(
            "a puzzle and a level",
            json!({ "op": "new_game", "puzzle": EASY, "level": "easy" }),
            games,
            Some(&json!({ "puzzle": EASY, "level": "easy" })),
            invalid,
        ),
        case(
            "a puzzle that is not one",
            json!({ "op": "new_game", "puzzle": "12" }),
            games,
            Some(&json!({ "puzzle": "12" })),
            invalid,
        ),
        case(
            "a puzzle with two solutions",
            json!({ "op": "new_game", "puzzle": two_solutions }),
            games,
            Some(&json!({ "puzzle": two_solutions })),
            (422, "multiple_solutions"),
        ),
        case(
            "a puzzle whose givens clash",
            json!({ "op": "new_game", "puzzle": clash }),
            games,
            Some(&json!({ "puzzle": clash })),
            (422, "clash"),
        ),
        case(
            "progress that is no grid",
            json!({ "op": "new_game", "puzzle": EASY, "pencil": "not a grid" }),
            games,
            Some(&json!({ "puzzle": EASY, "pencil": "not a grid" })),
            (422, "bad_progress"),
        ),
        case(
            "the setter's puzzle that is not one",
            json!({ "op": "check_puzzle", "puzzle": "12" }),
            post("/puzzles/check"),
            Some(&json!({ "puzzle": "12" })),
            invalid,
        ),
        // A region map.
        case(
            "a region map of the wrong length",
            json!({ "op": "layout", "variant": "jigsaw", "regions": "12" }),
            layout,
            Some(&json!({ "variant": "jigsaw", "regions": "12" })),
            bad_regions,
        ),
        case(
            "a region map with a lopsided region",
            json!({ "op": "layout", "variant": "jigsaw", "regions": lopsided }),
            layout,
            Some(&json!({ "variant": "jigsaw", "regions": lopsided })),
            bad_regions,
        ),
        case(
            "a jigsaw without its map",
            json!({ "op": "layout", "variant": "jigsaw" }),
            layout,
            Some(&json!({ "variant": "jigsaw" })),
            bad_regions,
        ),
        case(
            "a map for a variant with boxes",
            json!({ "op": "layout", "variant": "x", "regions": boxes_map() }),
            layout,
            Some(&json!({ "variant": "x", "regions": boxes_map() })),
            bad_regions,
        ),
        case(
            "a jigsaw puzzle typed with a broken map",
            json!({ "op": "new_game", "variant": "jigsaw", "puzzle": format!("{EASY} {lopsided}") }),
            games,
            Some(&json!({ "variant": "jigsaw", "puzzle": format!("{EASY} {lopsided}") })),
            bad_regions,
        ),
        case(
            "the setter's jigsaw without its map",
            json!({ "op": "check_puzzle", "variant": "jigsaw", "puzzle": EASY }),
            post("/puzzles/check"),
            Some(&json!({ "variant": "jigsaw", "puzzle": EASY })),
            bad_regions,
        ),
        // A move.
        case(
            "a digit off the scale",
            mv(json!({ "type": "place", "cell": 2, "digit": 10 })),
            moves,
            Some(&json!({ "type": "place", "cell": 2, "digit": 10 })),
            invalid,
        ),
        case(
            "a cell off the board",
            mv(json!({ "type": "centre", "cell": 81, "digit": 4 })),
            moves,
            Some(&json!({ "type": "centre", "cell": 81, "digit": 4 })),
            invalid,
        ),
        case(
            "a given changed",
            mv(json!({ "type": "place", "cell": 0, "digit": 1 })),
            moves,
            Some(&json!({ "type": "place", "cell": 0, "digit": 1 })),
            invalid,
        ),
        case(
            "an unknown kind of move",
            mv(json!({ "type": "paint", "cell": 2 })),
            moves,
            Some(&json!({ "type": "paint", "cell": 2 })),
            invalid,
        ),
        case(
            "a digit of the wrong type",
            mv(json!({ "type": "place", "cell": 2, "digit": "4" })),
            moves,
            Some(&json!({ "type": "place", "cell": 2, "digit": "4" })),
            invalid,
        ),
        case(
            "a move on a solved game",
            json!({ "op": "move", "game": "$SOLVED", "move": { "type": "clear", "cell": 0 } }),
            post("/games/$SOLVED/moves"),
            Some(&json!({ "type": "clear", "cell": 0 })),
            (409, "conflict"),
        ),
        case(
            "a hint applied over a mistake",
            json!({ "op": "apply", "game": "$MISTAKEN" }),
            post("/games/$MISTAKEN/hint/apply"),
            Some(&json!({})),
            (409, "conflict"),
        ),
        // A deduction stated.
        case(
            "an unknown technique",
            step(unknown.clone()),
            check_step,
            Some(&unknown),
            (422, "unknown_technique"),
        ),
        case(
            "a pattern's cell off the board",
            step(off_board.clone()),
            check_step,
            Some(&off_board),
            invalid,
        ),
        case(
            "an elimination of digit 0",
            step(zero.clone()),
            check_step,
            Some(&zero),
            invalid,
        ),
        // Learn.
        case(
            "an unknown technique's page",
            json!({ "op": "learn_technique", "code": "no-such" }),
            get("/learn/no-such"),
            None,
            (404, "not_found"),
        ),
        case(
            "practice of an unknown technique",
            json!({ "op": "learn_practice", "code": "no-such", "seed": 1 }),
            get("/learn/no-such/practice?seed=1"),
            None,
            (404, "not_found"),
        ),
        case(
            "practice with a seed that is no number",
            json!({ "op": "learn_practice", "code": "x-wing", "seed": "x" }),
            get("/learn/x-wing/practice?seed=x"),
            None,
            invalid,
        ),
    ]
}

/// A game on both fronts: its id and version on the server, and the game as the page keeps it.
struct Both {
    id: i64,
    version: i64,
    kept: Value,
}

/// The raw answer of the server: status and JSON.
async fn server(
    app: &Router,
    method: Method,
    path: &str,
    version: Option<i64>,
    body: Option<String>,
) -> (u16, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(format!("/api{path}"))
        .header("host", "localhost");
    if let Some(v) = version {
        req = req.header("if-match", format!("\"{v}\""));
    }
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let body = body.map_or_else(Body::empty, Body::from);
    let resp = app.clone().oneshot(req.body(body).unwrap()).await.unwrap();
    let status = resp.status().as_u16();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn engine(request: &str) -> Value {
    serde_json::from_str(&nonet_wasm::call(request)).expect("the engine answers JSON")
}

/// The game of `puzzle` after `moves`, made the same way on both fronts.
async fn both(app: &Router, puzzle: &str, moves: &[Value]) -> Both {
    let (status, made) = server(
        app,
        Method::POST,
        "/games",
        None,
        Some(json!({ "puzzle": puzzle }).to_string()),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_i64().unwrap();
    let mut version = made["version"].as_i64().unwrap();
    let ok = engine(&json!({ "op": "new_game", "puzzle": puzzle }).to_string())["ok"].clone();
    let mut kept = json!({
        "puzzle": ok["puzzle"], "solution": ok["solution"], "variant": ok["variant"],
        "regions": ok["regions"], "board": ok["board"],
    });
    for m in moves {
        let path = format!("/games/{id}/moves");
        let (status, after) =
            server(app, Method::POST, &path, Some(version), Some(m.to_string())).await;
        assert_eq!(status, 200, "{after}");
        version = after["version"].as_i64().unwrap();
        let played = engine(&json!({ "op": "move", "game": kept, "move": m }).to_string());
        kept["board"] = played["ok"]["board"].clone();
        assert!(!kept["board"].is_null(), "{played}");
    }
    Both { id, version, kept }
}

/// Every bad request of the table gets the same status and code from both fronts (and a
/// broken region map the same `rule` and `region`), the status and code the table names.
#[tokio::test]
async fn both_fronts_refuse_a_bad_request_alike() {
    let app = new_app();
    // A wrong digit in r1c3 (4 there; 2 clashes with nothing), and a puzzle one digit short of
    // its solution, solved.
    let wrong = json!({ "type": "place", "cell": 2, "digit": 2 });
    let last = json!({ "type": "place", "cell": 0, "digit": 5 });
    let games = [
        ("$GAME", both(&app, EASY, &[]).await),
        ("$MISTAKEN", both(&app, EASY, &[wrong]).await),
        (
            "$SOLVED",
            both(&app, &format!(".{}", &EASY_SOLUTION[1..]), &[last]).await,
        ),
    ];
    let mut failures = Vec::new();
    let all = cases();
    for c in &all {
        let (mut wasm, mut path, mut version) = (c.wasm.clone(), c.path.to_string(), None);
        for (name, g) in &games {
            wasm = wasm.replace(&format!("\"{name}\""), &g.kept.to_string());
            if path.contains(name) {
                path = path.replace(name, &g.id.to_string());
                version = Some(g.version);
            }
        }
        let method = if c.get { Method::GET } else { Method::POST };
        let (status, answer) = server(&app, method, &path, version, c.body.clone()).await;
        let by_server = (status, answer["error"].clone());
        let e = engine(&wasm)["error"].clone();
        let by_engine = (e["status"].as_u64().unwrap_or(0) as u16, e.clone());
        let expected = (c.status, c.code);
        let mut problems = Vec::new();
        for (front, (status, error)) in [("server", &by_server), ("engine", &by_engine)] {
            let got = (*status, error["code"].as_str().unwrap_or("(none)"));
            if got != expected {
                problems.push(format!("{front} answered {got:?}: {error}"));
            }
        }
        for field in ["rule", "region"] {
            if by_server.1[field] != by_engine.1[field] {
                problems.push(format!(
                    "{field}: server {} engine {}",
                    by_server.1[field], by_engine.1[field]
                ));
            }
        }
        if c.code == "bad_regions" && !by_server.1["rule"].is_string() {
            problems.push("a broken map's answer names no rule".into());
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{} (expected {expected:?}): {}",
                c.what,
                problems.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}
