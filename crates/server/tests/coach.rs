//! The coaching endpoints through the router: a game's logical path, the bot's singles run,
//! the check of a player's deduction, and the Learn view's catalogue and examples.

use axum::http::{Method, StatusCode};
use axum::Router;
use nonet_core::{Solutions, Sudoku};
use serde_json::{json, Value};

mod support;
use support::{call, new_app, EASY, EASY_SOLUTION};

/// HoDoKu's X-Wing exemplar: singles and easier steps first, then an X-Wing.
const XWING: &str =
    "9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2";

async fn new_game(app: &Router, puzzle: &str) -> (i64, Value) {
    let (s, g) = call(
        app,
        Method::POST,
        "/api/games",
        Some(json!({ "puzzle": puzzle })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    (g["id"].as_i64().unwrap(), g)
}

fn board_line(game: &Value) -> String {
    game["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c["value"]
                .as_u64()
                .map_or('.', |d| char::from(b'0' + d as u8))
        })
        .collect()
}

#[tokio::test]
async fn path_lists_every_step_with_its_difficulty_and_names_the_hardest() {
    let app = new_app();
    let (id, _) = new_game(&app, XWING).await;
    let (s, p) = call(&app, Method::GET, &format!("/api/games/{id}/path"), None).await;
    assert_eq!(s, StatusCode::OK, "{p}");
    assert_eq!(p["solved"], true);
    let steps = p["steps"].as_array().unwrap();
    assert!(steps.len() > 20, "{}", steps.len());
    assert_eq!(steps[0]["grid"], XWING, "the path starts from the givens");
    let mut max = 0.0_f64;
    let mut grid: Vec<u8> = XWING.bytes().collect();
    for (i, s) in steps.iter().enumerate() {
        let d = s["step"]["difficulty"]
            .as_f64()
            .expect("every step has a difficulty");
        max = max.max(d);
        // Each step starts from the position the steps before it left.
        assert_eq!(
            s["grid"].as_str().unwrap().as_bytes(),
            &grid[..],
            "step {i}"
        );
        assert_eq!(s["candidates"].as_array().unwrap().len(), 81);
        for pl in s["step"]["placements"].as_array().unwrap() {
            grid[pl["cell"].as_u64().unwrap() as usize] =
                b'0' + pl["digit"].as_u64().unwrap() as u8;
        }
    }
    assert!(grid.iter().all(|b| b.is_ascii_digit() && *b != b'0'));
    assert_eq!(p["hardest"]["difficulty"].as_f64(), Some(max));
    let at = p["hardest"]["index"].as_u64().unwrap() as usize;
    assert_eq!(p["hardest"]["name"], steps[at]["step"]["name"]);
    assert!(steps.iter().any(|s| s["step"]["technique"] == "x-wing"));

    let (s, e) = call(&app, Method::GET, "/api/games/999/path", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
}

/// Regression: the path and the finish summary named as the hardest step the hardest of the
/// steps with an SE number only. This puzzle's hardest step is an ALS-XZ (nonet's 7.2; SE has
/// no such technique), and it was named an XY-Wing.
#[tokio::test]
async fn path_names_the_hardest_step_even_without_an_se_number() {
    const SAMPLE_B: &str =
        "..........13.94..88..5.2....498..2.7.....1.8313......52...7...6.6.........72.53..";
    let app = new_app();
    let (id, _) = new_game(&app, SAMPLE_B).await;
    let (s, p) = call(&app, Method::GET, &format!("/api/games/{id}/path"), None).await;
    assert_eq!(s, StatusCode::OK, "{p}");
    let steps = p["steps"].as_array().unwrap();
    let top = steps
        .iter()
        .map(|s| {
            s["step"]["difficulty"]
                .as_f64()
                .expect("every step has one")
        })
        .fold(0.0, f64::max);
    assert_eq!(p["hardest"]["name"], "ALS-XZ", "{}", p["hardest"]);
    assert_eq!(p["hardest"]["difficulty"].as_f64(), Some(top));
    let at = p["hardest"]["index"].as_u64().unwrap() as usize;
    assert_eq!(steps[at]["step"]["name"], "ALS-XZ");
}

#[tokio::test]
async fn bot_singles_stops_before_the_first_step_that_is_not_a_single() {
    let app = new_app();
    let (id, g) = new_game(&app, XWING).await;
    let uri = format!("/api/games/{id}/bot/singles");
    let (s, r) = call(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "version": g["version"] })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let placed = r["placed"].as_array().unwrap();
    assert!(!placed.is_empty());
    for p in placed {
        let name = p["name"].as_str().unwrap();
        assert!(
            ["Full House", "Hidden Single", "Naked Single"].contains(&name),
            "{name}"
        );
    }
    let next = &r["next"]["step"];
    assert!(next.is_object(), "{r}");
    assert!(!["full-house", "hidden-single", "naked-single"]
        .contains(&next["technique"].as_str().unwrap()));
    assert_eq!(r["next"]["candidates"].as_array().unwrap().len(), 81);
    // The placements are on the board, the next step is not played, the game marks the bot.
    let line = board_line(&r["game"]);
    for p in placed {
        let c = p["cell"].as_u64().unwrap() as usize;
        assert_eq!(
            line.as_bytes()[c],
            b'0' + p["digit"].as_u64().unwrap() as u8
        );
    }
    assert_eq!(r["game"]["bot_used"], true);
    // One undo takes the whole run back.
    let v = r["game"]["version"].clone();
    let (s, back) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/undo"),
        Some(json!({ "version": v })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{back}");
    assert_eq!(board_line(&back), XWING);
}

#[tokio::test]
async fn bot_singles_finishes_a_puzzle_of_singles_and_names_no_next_step() {
    let app = new_app();
    let (id, g) = new_game(&app, EASY).await;
    let uri = format!("/api/games/{id}/bot/singles");
    let (s, r) = call(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "version": g["version"] })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["next"], Value::Null);
    assert_eq!(r["game"]["finished"], true);
    assert_eq!(board_line(&r["game"]), EASY_SOLUTION);
}

#[tokio::test]
async fn bot_singles_needs_the_version_seen_and_refuses_a_stale_one() {
    let app = new_app();
    let (id, g) = new_game(&app, EASY).await;
    let uri = format!("/api/games/{id}/bot/singles");
    let (s, e) = call(&app, Method::POST, &uri, Some(json!({}))).await;
    assert_eq!(s, StatusCode::PRECONDITION_REQUIRED, "{e}");
    let v = g["version"].as_i64().unwrap();
    let (s, _) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "type": "place", "cell": 2, "digit": 4, "version": v })),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, e) = call(&app, Method::POST, &uri, Some(json!({ "version": v }))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"]["code"], "stale");
}

#[tokio::test]
async fn bot_singles_plays_nothing_over_a_wrong_digit() {
    let app = new_app();
    let (id, g) = new_game(&app, EASY).await;
    // r1c3 is 4: a 1 there is wrong.
    let v = g["version"].as_i64().unwrap();
    let (s, g) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "type": "place", "cell": 2, "digit": 1, "version": v })),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, r) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/bot/singles"),
        Some(json!({ "version": g["version"] })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["placed"], json!([]));
    assert_eq!(r["next"], Value::Null);
    assert_eq!(r["game"]["version"], g["version"], "nothing changed");
}

#[tokio::test]
async fn check_step_accepts_the_hint_step_and_rejects_it_with_a_digit_changed() {
    let app = new_app();
    let (id, g) = new_game(&app, EASY).await;
    let (s, h) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/hint"),
        Some(json!({})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{h}");
    let step = &h["step"];
    let code = step["name"]
        .as_str()
        .unwrap()
        .to_ascii_lowercase()
        .replace(' ', "-");
    let placement = step["placements"][0].clone();
    let uri = format!("/api/games/{id}/check-step");
    let claim = json!({ "technique": code, "placements": [placement], "version": g["version"] });
    let (s, v) = call(&app, Method::POST, &uri, Some(claim)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], "valid", "{v}");
    assert_eq!(v["placements"], json!([placement]));

    let wrong = placement["digit"].as_u64().unwrap() % 9 + 1;
    let broken = json!({ "cell": placement["cell"], "digit": wrong });
    let (s, v) = call(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "technique": code, "placements": [broken] })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], "invalid");
    assert_eq!(v["valid"], false);
    assert!(!v["reason"].as_str().unwrap().is_empty());
    assert_eq!(v["step"], Value::Null);
}

#[tokio::test]
async fn check_step_refuses_unknown_techniques_and_cells_off_the_board() {
    let app = new_app();
    let (id, _) = new_game(&app, EASY).await;
    let uri = format!("/api/games/{id}/check-step");
    for (body, code) in [
        (json!({ "technique": "telepathy" }), "unknown_technique"),
        (json!({ "technique": "x-wing", "cells": [81] }), "invalid"),
        (json!({ "technique": "x-wing", "digits": [0] }), "invalid"),
        (
            json!({ "technique": "x-wing", "eliminations": [{ "cell": 3, "digit": 10 }] }),
            "invalid",
        ),
    ] {
        let (s, e) = call(&app, Method::POST, &uri, Some(body.clone())).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body} -> {e}");
        assert_eq!(e["error"]["code"], code, "{body} -> {e}");
    }
    let (s, _) = call(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "technique": "x-wing", "colour": 3 })),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = call(&app, Method::POST, &uri, Some(json!({}))).await;
    assert_eq!(
        s,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a claim names a technique"
    );
}

#[tokio::test]
async fn learn_lists_every_technique_once_with_a_paragraph() {
    let app = new_app();
    let (s, l) = call(&app, Method::GET, "/api/learn", None).await;
    assert_eq!(s, StatusCode::OK);
    let list = l["techniques"].as_array().unwrap();
    let codes: Vec<&str> = list.iter().map(|t| t["code"].as_str().unwrap()).collect();
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "one entry per code");
    for code in [
        "full-house",
        "hidden-single",
        "naked-pair",
        "x-wing",
        "xy-wing",
        "aic",
    ] {
        assert!(codes.contains(&code), "{code}");
    }
    assert!(!codes.contains(&"trial-and-error"));
    for t in list {
        let about = t["about"].as_str().unwrap();
        assert!(
            about.len() > 60 && about != "A technique of the catalogue.",
            "{t}"
        );
    }
    assert!(list.iter().filter(|t| t["has_example"] == true).count() >= 40);
}

#[tokio::test]
async fn learn_draws_an_example_from_the_techniques_own_step_and_offers_practice() {
    let app = new_app();
    let (s, t) = call(&app, Method::GET, "/api/learn/x-wing", None).await;
    assert_eq!(s, StatusCode::OK, "{t}");
    let ex = &t["example"];
    assert_eq!(ex["step"]["technique"], "x-wing");
    assert!(!ex["step"]["eliminations"].as_array().unwrap().is_empty());
    assert_eq!(ex["candidates"].as_array().unwrap().len(), 81);
    let practice = t["practice"].as_array().unwrap();
    assert_eq!(practice.len(), 3);
    for p in practice {
        let (s, g) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "puzzle": p })),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "a practice puzzle is playable: {g}");
    }
    let (s, e) = call(&app, Method::GET, "/api/learn/telepathy", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
}

/// Every technique the stock claims an example for gets one (the stock's puzzles really use
/// their technique on the teacher's path), and every practice puzzle has one solution.
#[tokio::test]
async fn every_stocked_technique_has_its_example_and_playable_practice() {
    let app = new_app();
    let (_, l) = call(&app, Method::GET, "/api/learn", None).await;
    let mut examples = 0;
    for t in l["techniques"].as_array().unwrap() {
        if t["has_example"] != true {
            continue;
        }
        let code = t["code"].as_str().unwrap();
        let (s, v) = call(&app, Method::GET, &format!("/api/learn/{code}"), None).await;
        assert_eq!(s, StatusCode::OK, "{code}");
        assert!(v["example"]["step"].is_object(), "{code}: no example");
        examples += 1;
        let practice = v["practice"].as_array().unwrap();
        assert!(!practice.is_empty(), "{code}: nothing to practise");
        for p in practice {
            let puzzle = Sudoku::from_line(p.as_str().unwrap()).unwrap();
            assert!(
                matches!(puzzle.solutions(), Solutions::Unique(_)),
                "{code}: {p} has not one solution"
            );
        }
    }
    assert!(examples >= 40, "{examples}");
}

/// The technique of the hardest step of `puzzle`'s easiest-first path, by the teacher's order.
fn hardest_on_path(puzzle: &str) -> nonet_logic::Technique {
    let order = nonet_logic::Teacher::techniques();
    let path = nonet_logic::Teacher::new()
        .path(&Sudoku::from_line(puzzle).unwrap().into())
        .unwrap();
    path.steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|t| order.iter().position(|o| o == t))
        .unwrap()
}

#[tokio::test]
async fn practice_of_x_wing_is_generated_to_need_an_x_wing_and_its_drill_starts_at_it() {
    let app = new_app();
    let (s, v) = call(&app, Method::GET, "/api/learn/x-wing/practice?seed=7", None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["generated"], 3, "{v}");
    assert_eq!(v["note"], Value::Null);
    assert_eq!(v["seed"], 7);
    let puzzles = v["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    let mut lines: Vec<&str> = puzzles
        .iter()
        .map(|p| p["puzzle"].as_str().unwrap())
        .collect();
    lines.dedup();
    assert_eq!(lines.len(), 3, "three different puzzles");
    for (k, p) in puzzles.iter().enumerate() {
        assert_eq!(p["source"], "generated");
        assert_eq!(p["seed"], 7 + k as u64);
        let puzzle = p["puzzle"].as_str().unwrap();
        assert_eq!(
            hardest_on_path(puzzle),
            nonet_logic::Technique::XWing,
            "{puzzle}"
        );
        // The drill is a game whose first hint is the X-Wing.
        let pencil = p["drill"]["pencil"].as_str().unwrap();
        let (s, g) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "puzzle": puzzle, "pencil": pencil })),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{g}");
        let uri = format!("/api/games/{}/hint", g["id"]);
        let (s, h) = call(&app, Method::POST, &uri, Some(json!({}))).await;
        assert_eq!(s, StatusCode::OK, "{h}");
        assert_eq!(h["step"]["technique"], "x-wing", "{h}");
    }
    // The same seed gives the same puzzles; none asked, a fresh seed each time.
    let (_, again) = call(&app, Method::GET, "/api/learn/x-wing/practice?seed=7", None).await;
    assert_eq!(again["puzzles"], v["puzzles"]);
    let (_, fresh) = call(&app, Method::GET, "/api/learn/x-wing/practice", None).await;
    assert!(fresh["seed"].is_u64(), "{fresh}");
}

#[tokio::test]
async fn practice_of_a_technique_too_rare_to_target_keeps_the_stock_and_says_so() {
    let app = new_app();
    let (_, t) = call(&app, Method::GET, "/api/learn/jellyfish", None).await;
    let (s, v) = call(&app, Method::GET, "/api/learn/jellyfish/practice", None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["generated"], 0);
    assert_eq!(v["seed"], Value::Null);
    assert!(
        v["note"].as_str().unwrap().contains("too rare"),
        "the page says why: {v}"
    );
    let puzzles: Vec<&Value> = v["puzzles"].as_array().unwrap().iter().collect();
    assert!(!puzzles.is_empty());
    for (p, stocked) in puzzles.iter().zip(t["practice"].as_array().unwrap()) {
        assert_eq!(p["source"], "stock");
        assert_eq!(&p["puzzle"], stocked);
        assert_eq!(p["drill"], Value::Null);
    }
}

#[tokio::test]
async fn practice_with_a_seed_that_is_not_a_number_or_an_unknown_code_is_refused_as_json() {
    let app = new_app();
    let (s, e) = call(
        &app,
        Method::GET,
        "/api/learn/x-wing/practice?seed=-1",
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(
        e["error"]["message"].as_str().unwrap().contains("seed"),
        "{e}"
    );
    let (s, e) = call(&app, Method::GET, "/api/learn/telepathy/practice", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
}

/// Easter Monster: on it a stated nested forcing chain that no chain proves sends the check
/// through every chain level, about 35 s (release build).
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// A claim of that kind on [`EASTER_MONSTER`]: 4 leaves r1c2 (a candidate there, but no
/// nested chain removes it). (The tester's own, 6 placed at r9c9, is now refused at once: r9c9
/// is a given.)
fn nested_chain_claim() -> Value {
    json!({
        "technique": "nested-forcing-chain",
        "version": 0,
        "eliminations": [{ "cell": 1, "digit": 4 }],
    })
}

/// One request with a JSON body as `client` (`X-Nonet-Client`): status, headers and answer.
async fn call_as(
    app: &Router,
    client: &str,
    uri: &str,
    body: Value,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .header("x-nonet-client", client)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let (status, headers) = (resp.status(), resp.headers().clone());
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, headers, v)
}

/// An app whose state is `state` with a rating wait of nothing (a hard puzzle's game is
/// answered at once; its rating is not what these tests are about).
fn app_with(state: nonet_server::AppState) -> (std::sync::Arc<nonet_server::AppState>, Router) {
    let state = std::sync::Arc::new(state.with_rating_wait(std::time::Duration::ZERO));
    (state.clone(), nonet_server::app(state))
}

/// Regression: `check-step` had no time limit, and a nested forcing chain stated on Easter
/// Monster searched for most of a minute. The check now stops at the state's deadline (here
/// none at all: the first poll is past it) and says so: 422 `out_of_time`, a refusal the page
/// shows, not a 503 to retry (the same claim takes as long again).
#[tokio::test]
async fn check_step_without_a_time_limit_ran_for_most_of_a_minute() {
    let state = nonet_server::AppState::new(nonet_server::Store::open_in_memory().unwrap())
        .with_check_step_timeout(std::time::Duration::ZERO);
    let (_, app) = app_with(state);
    let (id, _) = new_game(&app, EASTER_MONSTER).await;
    let uri = format!("/api/games/{id}/check-step");
    let (s, _, v) = call_as(&app, "page", &uri, nested_chain_claim()).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"]["code"], "out_of_time", "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("within"),
        "{v}"
    );
}

/// Regression: eight such checks in flight under eight made-up client ids (the per-client
/// share does not see through them) took every engine worker, and an easy hint from another
/// page waited 73-99 s behind them. Long searches now run on all the workers but one, and a
/// job that no worker takes within the pool's wait is taken back and refused with 503 `busy`
/// and `Retry-After`: the hint is served by the worker kept free, the checks are told to come
/// back.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn spoofed_clients_stating_long_chains_starved_every_other_clients_hints() {
    let pool = nonet_server::Pool::new(2, 16).with_queue_wait(std::time::Duration::from_secs(1));
    assert_eq!(pool.long_workers(), 1);
    let state =
        nonet_server::AppState::new(nonet_server::Store::open_in_memory().unwrap()).with_pool(pool);
    let (state, app) = app_with(state);
    // One game for all: the chains never get a worker, so their puzzle does not matter (and
    // an easy one's rating frees its worker at once).
    let (id, _) = new_game(&app, EASY).await;
    // A long search holds the one worker long searches may use, as a stated chain does until
    // its deadline.
    let (release, holder) = support::hold_long_worker(&state).await;
    let uri = format!("/api/games/{id}/check-step");
    let chains: Vec<_> = (0..8)
        .map(|i| {
            let (app, uri) = (app.clone(), uri.clone());
            tokio::spawn(async move {
                call_as(&app, &format!("attacker{i}"), &uri, nested_chain_claim()).await
            })
        })
        .collect();
    // Another page's hint on an easy position is served while the chains wait.
    let hint = format!("/api/games/{id}/hint");
    let (s, _, v) = call_as(&app, "victim", &hint, json!({ "version": 0 })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    for chain in chains {
        let (s, h, v) = chain.await.unwrap();
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert_eq!(v["error"]["code"], "busy", "{v}");
        assert_eq!(h["retry-after"], "2");
    }
    drop(release);
    assert_eq!(holder.await.unwrap(), Ok(()));
    // Nothing refused stays counted against its client.
    let attacker = nonet_server::ClientKey {
        addr: None,
        id: Some("attacker0".to_string()),
    };
    assert_eq!(state.pool.jobs_of(&attacker), 0);
}
