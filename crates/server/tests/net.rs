//! Moves that survive a flaky connection, statistics and the daily puzzle, through the router:
//! a move resent with its client id and sequence number is applied once, a bot-finished game
//! and a hinted one are their own outcomes, streaks and mistakes are counted, and the daily
//! puzzle is one reproducible game per date and level.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod support;
use support::{call, new_app, EASY, EASY_SOLUTION};

async fn new_game(app: &Router) -> (i64, i64) {
    let (s, g) = call(
        app,
        Method::POST,
        "/api/games",
        Some(json!({ "puzzle": EASY })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    (g["id"].as_i64().unwrap(), g["version"].as_i64().unwrap())
}

/// Plays `body` (a move) on game `id`, naming the version the game has now.
async fn play(app: &Router, id: i64, mut body: Value) -> (StatusCode, Value) {
    let (_, g) = call(app, Method::GET, &format!("/api/games/{id}"), None).await;
    body["version"] = g["version"].clone();
    call(
        app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(body),
    )
    .await
}

fn digit_at(line: &str, i: usize) -> u8 {
    line.as_bytes()[i] - b'0'
}

fn empties() -> Vec<usize> {
    (0..81).filter(|&i| EASY.as_bytes()[i] == b'.').collect()
}

/// Solves game `id` by placing every missing digit, each with its elapsed time.
async fn solve_by_hand(app: &Router, id: i64, elapsed_ms: i64) -> Value {
    let mut g = Value::Null;
    for i in empties() {
        let (s, v) = play(
            app,
            id,
            json!({ "type": "place", "cell": i, "digit": digit_at(EASY_SOLUTION, i), "elapsed_ms": elapsed_ms }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        g = v;
    }
    assert_eq!(g["finished"], true);
    g
}

async fn stats_of(app: &Router, level: &str) -> Value {
    let (s, stats) = call(app, Method::GET, "/api/stats", None).await;
    assert_eq!(s, StatusCode::OK);
    if level == "all" {
        return stats["all"].clone();
    }
    stats["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == level)
        .cloned()
        .unwrap()
}

/// Regression (issue 23, defect 5): a move whose answer was lost and which the page sends
/// again (the same client id and sequence number, naming the version it saw before) is not
/// played twice and is no 409: the answer is the game as it stands.
#[tokio::test]
async fn a_move_resent_after_a_lost_answer_is_applied_once() {
    let app = new_app();
    let (id, v0) = new_game(&app).await;
    let uri = format!("/api/games/{id}/moves");
    let place = json!({ "type": "place", "cell": 2, "digit": 4, "version": v0, "client": "tab-1", "seq": 1 });
    let (s, first) = call(&app, Method::POST, &uri, Some(place.clone())).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    assert_eq!(first["cells"][2]["value"], 4);
    let v1 = first["version"].as_i64().unwrap();
    assert_eq!(v1, v0 + 1);
    // A centre mark toggles: played twice it would vanish again.
    let mark = json!({ "type": "centre", "cell": 3, "digit": 6, "version": v1, "client": "tab-1", "seq": 2 });
    let (s, second) = call(&app, Method::POST, &uri, Some(mark.clone())).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(second["cells"][3]["centre"], json!([6]));
    for resend in [place, mark] {
        let (s, again) = call(&app, Method::POST, &uri, Some(resend)).await;
        assert_eq!(s, StatusCode::OK, "{again}");
        assert_eq!(
            again["version"], second["version"],
            "nothing was played again"
        );
        assert_eq!(again["cells"][3]["centre"], json!([6]));
    }
    let (_, g) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(g["cells"][3]["centre"], json!([6]));
    assert_eq!(g["can_undo"], true);
    // Another client's sequence is its own; the next number of this one plays.
    let v = g["version"].as_i64().unwrap();
    let other = json!({ "type": "place", "cell": 5, "digit": 8, "version": v, "client": "tab-2", "seq": 1 });
    let (s, g) = call(&app, Method::POST, &uri, Some(other)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["cells"][5]["value"], 8);
    let next =
        json!({ "type": "clear", "cell": 2, "version": g["version"], "client": "tab-1", "seq": 3 });
    let (s, g) = call(&app, Method::POST, &uri, Some(next)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["cells"][2]["value"], Value::Null);
}

/// A refused move (a given cannot change) does not use up its sequence number: sent again once
/// it can be played, it is, and a stale version is still refused for a new number.
#[tokio::test]
async fn a_refused_move_keeps_its_sequence_number_free() {
    let app = new_app();
    let (id, v0) = new_game(&app).await;
    let uri = format!("/api/games/{id}/moves");
    let on_given =
        json!({ "type": "place", "cell": 0, "digit": 4, "version": v0, "client": "c", "seq": 1 });
    let (s, e) = call(&app, Method::POST, &uri, Some(on_given)).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    let fine =
        json!({ "type": "place", "cell": 2, "digit": 4, "version": v0, "client": "c", "seq": 1 });
    let (s, g) = call(&app, Method::POST, &uri, Some(fine)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["cells"][2]["value"], 4);
    let stale =
        json!({ "type": "place", "cell": 3, "digit": 6, "version": v0, "client": "c", "seq": 2 });
    let (s, e) = call(&app, Method::POST, &uri, Some(stale)).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["error"]["code"], "stale");
}

/// `client` and `seq` go together and are checked, each problem named.
#[tokio::test]
async fn a_bad_client_or_sequence_number_is_refused_by_name() {
    let app = new_app();
    let (id, v) = new_game(&app).await;
    let uri = format!("/api/games/{id}/moves");
    let cases = [
        (json!({ "client": "a" }), "together"),
        (json!({ "seq": 1 }), "together"),
        (json!({ "client": "", "seq": 1 }), "client must be"),
        (json!({ "client": "a b", "seq": 1 }), "client must be"),
        (
            json!({ "client": "x".repeat(65), "seq": 1 }),
            "client must be",
        ),
        (
            json!({ "client": 7, "seq": 1 }),
            "client: expected a string",
        ),
        (
            json!({ "client": "a", "seq": 0 }),
            "seq must be a positive number",
        ),
        (json!({ "client": "a", "seq": "1" }), "seq"),
    ];
    for (extra, needle) in cases {
        let mut body = json!({ "type": "place", "cell": 2, "digit": 4, "version": v });
        for (k, val) in extra.as_object().unwrap() {
            body[k] = val.clone();
        }
        let (s, e) = call(&app, Method::POST, &uri, Some(body.clone())).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let message = e["error"]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{body}: {message}");
    }
}

/// Regression: a duplicate (a resend) or out-of-order move was dropped with the same 200 as an
/// applied one. Each answer says whether the move was applied, and a move that was not says
/// why (`duplicate`: this number was the last applied; `out_of_order`: a later one was).
#[tokio::test]
async fn a_duplicate_or_out_of_order_move_is_answered_as_not_applied() {
    let app = new_app();
    let (id, v0) = new_game(&app).await;
    let uri = format!("/api/games/{id}/moves");
    let place =
        json!({ "type": "place", "cell": 2, "digit": 4, "version": v0, "client": "t", "seq": 1 });
    let (s, first) = call(&app, Method::POST, &uri, Some(place.clone())).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    assert_eq!(first["applied"], true, "{first}");
    assert!(first.get("skipped").is_none());
    let v1 = first["version"].clone();
    let mark =
        json!({ "type": "centre", "cell": 3, "digit": 6, "version": v1, "client": "t", "seq": 2 });
    let (_, second) = call(&app, Method::POST, &uri, Some(mark.clone())).await;
    assert_eq!(second["applied"], true);
    for (resend, reason) in [(mark, "duplicate"), (place, "out_of_order")] {
        let (s, again) = call(&app, Method::POST, &uri, Some(resend)).await;
        assert_eq!(s, StatusCode::OK, "{again}");
        assert_eq!(again["applied"], false, "{again}");
        assert_eq!(again["skipped"]["reason"], reason, "{again}");
        assert_eq!(again["skipped"]["last_seq"], 2);
        assert!(
            again["skipped"]["message"]
                .as_str()
                .unwrap()
                .contains("not applied")
                || reason == "duplicate"
        );
        assert_eq!(again["version"], second["version"], "nothing played again");
    }
    // A move without a number is applied or refused, never skipped.
    let (_, g) = play(&app, id, json!({ "type": "place", "cell": 5, "digit": 8 })).await;
    assert_eq!(g["applied"], true, "{g}");
}

/// Regression: a move numbered near 2^63 was taken as the client's latest, and every later
/// move of that client was dropped as already seen. Numbers go up to 2^53 - 1 (what the page's
/// JavaScript counts exactly), and a number more than a million past the client's last one on
/// the game is refused (422 `seq_jump`, naming the last), so the client's next moves still play.
#[tokio::test]
async fn a_sequence_number_near_2_63_is_refused_and_does_not_lock_the_client_out() {
    let app = new_app();
    let (id, _) = new_game(&app).await;
    for (seq, code, needle) in [
        (json!(i64::MAX), "invalid", "up to 9007199254740991"),
        (json!(1_i64 << 53), "invalid", "up to 9007199254740991"),
        (json!(1_000_001), "seq_jump", "more than 1000000 past"),
    ] {
        let (s, e) = play(
            &app,
            id,
            json!({ "type": "place", "cell": 2, "digit": 4, "client": "t", "seq": seq }),
        )
        .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{seq}: {e}");
        assert_eq!(e["error"]["code"], code, "{e}");
        assert!(
            e["error"]["message"].as_str().unwrap().contains(needle),
            "{e}"
        );
    }
    let (s, g) = play(
        &app,
        id,
        json!({ "type": "place", "cell": 2, "digit": 4, "client": "t", "seq": 1_000_000 }),
    )
    .await;
    assert_eq!((s, &g["applied"]), (StatusCode::OK, &json!(true)), "{g}");
    // A jump is measured from the last number applied.
    let (s, e) = play(
        &app,
        id,
        json!({ "type": "place", "cell": 3, "digit": 6, "client": "t", "seq": 2_000_001 }),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"]["last_seq"], 1_000_000);
    let (s, g) = play(
        &app,
        id,
        json!({ "type": "place", "cell": 3, "digit": 6, "client": "t", "seq": 1_000_001 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["applied"], true);
    assert_eq!(g["cells"][3]["value"], 6);
}

/// Regression (issue 23, defect 9): a game the bot finished counted as "started, never
/// solved"; it is its own outcome, and neither a solve nor a streak.
#[tokio::test]
async fn a_bot_finished_game_is_its_own_outcome_not_an_unsolved_one() {
    let app = new_app();
    let (id, _) = new_game(&app).await;
    for n in 0.. {
        assert!(n < 200, "the bot does not finish");
        let (_, g) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
        if g["finished"] == true {
            break;
        }
        let body = json!({ "version": g["version"] });
        let (s, r) = call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/bot"),
            Some(body),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{r}");
    }
    let custom = stats_of(&app, "custom").await;
    assert_eq!(custom["started"], 1);
    assert_eq!(custom["bot_finished"], 1);
    assert_eq!(custom["unfinished"], 0);
    assert_eq!(custom["solved"], 0);
    assert_eq!(custom["best_ms"], Value::Null);
    assert_eq!(custom["current_streak"], 0);
}

/// Regression (issue 32, item 2): applying a hint filed the game as finished by the bot and
/// broke the streak. A hint applied is the player's move: a game finished with hints applied
/// is solved by the player (with its hints counted) and extends the streak; only a game the bot
/// played is bot-finished, and a game started and left is unfinished.
#[tokio::test]
async fn applying_a_hint_files_the_game_as_solved_by_the_player_not_the_bot() {
    let app = new_app();
    let (a, _) = new_game(&app).await;
    solve_by_hand(&app, a, 4_000).await;
    let (hinted, _) = new_game(&app).await;
    let mut applied = 0;
    for n in 0.. {
        assert!(n < 200, "the hints do not finish the game");
        let (_, g) = call(&app, Method::GET, &format!("/api/games/{hinted}"), None).await;
        if g["finished"] == true {
            break;
        }
        let (s, h) = call(
            &app,
            Method::POST,
            &format!("/api/games/{hinted}/hint"),
            Some(json!({ "version": g["version"] })),
        )
        .await;
        assert_eq!(
            (s, h["kind"].as_str()),
            (StatusCode::OK, Some("step")),
            "{h}"
        );
        let (s, r) = call(
            &app,
            Method::POST,
            &format!("/api/games/{hinted}/hint/apply"),
            Some(json!({ "version": g["version"], "elapsed_ms": 6_000 })),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{r}");
        assert_eq!(r["action"]["step"]["name"], h["step"]["name"]);
        assert_eq!(r["game"]["bot_used"], false, "{r}");
        applied += 1;
    }
    new_game(&app).await; // started, left unfinished
    let s = stats_of(&app, "custom").await;
    assert_eq!(
        (
            s["started"].as_i64(),
            s["solved"].as_i64(),
            s["clean"].as_i64()
        ),
        (Some(3), Some(2), Some(1)),
        "{s}"
    );
    assert_eq!(
        (s["bot_finished"].as_i64(), s["unfinished"].as_i64()),
        (Some(0), Some(1)),
        "{s}"
    );
    assert_eq!(s["hints"], applied);
    assert_eq!(
        (s["current_streak"].as_i64(), s["best_streak"].as_i64()),
        (Some(2), Some(2)),
        "the hinted solve extends the streak: {s}"
    );
    // A board with a wrong digit has no step to apply: the hint names the mistake.
    let (c, _) = new_game(&app).await;
    let i = empties()[0];
    let wrong = digit_at(EASY_SOLUTION, i) % 9 + 1;
    let (_, g) = play(
        &app,
        c,
        json!({ "type": "place", "cell": i, "digit": wrong }),
    )
    .await;
    let (s, e) = call(
        &app,
        Method::POST,
        &format!("/api/games/{c}/hint/apply"),
        Some(json!({ "version": g["version"] })),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert!(
        e["error"]["message"].as_str().unwrap().contains("mistake"),
        "{e}"
    );
}

/// Regression (issue 23, defect 9): a game solved after asking for hints gave a clean best
/// time; it counts as solved (with its hints) but the best time is a clean solve's.
#[tokio::test]
async fn a_game_solved_with_hints_is_no_clean_best_time() {
    let app = new_app();
    let (hinted, _) = new_game(&app).await;
    for _ in 0..3 {
        let (s, h) = call(
            &app,
            Method::POST,
            &format!("/api/games/{hinted}/hint"),
            Some(json!({})),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(h["kind"], "step");
    }
    solve_by_hand(&app, hinted, 1_000).await;
    let s = stats_of(&app, "custom").await;
    assert_eq!(
        (s["solved"].as_i64(), s["clean"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(s["hints"], 3);
    assert_eq!(s["best_ms"], Value::Null, "a hinted time is no record");
    assert_eq!(s["average_ms"], 1_000);
    let (clean, _) = new_game(&app).await;
    solve_by_hand(&app, clean, 5_000).await;
    let s = stats_of(&app, "custom").await;
    assert_eq!(
        (s["solved"].as_i64(), s["clean"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(s["best_ms"], 5_000, "the slower clean time is the best");
    assert_eq!(s["average_ms"], 3_000);
}

/// Wrong digits count as mistakes (a digit the solution does not have there, placed; marks and
/// the same digit placed again do not count), and streaks count games solved without the bot
/// in the order they were finished, broken by a bot-finished one; a game in progress does not
/// break a streak.
#[tokio::test]
async fn mistakes_and_streaks_are_counted() {
    let app = new_app();
    let (a, _) = new_game(&app).await;
    play(&app, a, json!({ "type": "place", "cell": 2, "digit": 2 })).await;
    play(&app, a, json!({ "type": "place", "cell": 2, "digit": 2 })).await;
    play(&app, a, json!({ "type": "place", "cell": 3, "digit": 2 })).await;
    play(&app, a, json!({ "type": "centre", "cell": 5, "digit": 1 })).await;
    let (_, g) = call(&app, Method::GET, &format!("/api/games/{a}"), None).await;
    assert_eq!(g["mistakes"], 2);
    solve_by_hand(&app, a, 9_000).await;
    let (b, _) = new_game(&app).await;
    solve_by_hand(&app, b, 8_000).await;
    let s = stats_of(&app, "custom").await;
    assert_eq!(
        (s["current_streak"].as_i64(), s["best_streak"].as_i64()),
        (Some(2), Some(2))
    );
    assert_eq!(s["mistakes"], 2);
    // The bot finishes the third: the streak breaks.
    let (c, _) = new_game(&app).await;
    for i in empties().into_iter().skip(1) {
        play(
            &app,
            c,
            json!({ "type": "place", "cell": i, "digit": digit_at(EASY_SOLUTION, i) }),
        )
        .await;
    }
    let (_, g) = call(&app, Method::GET, &format!("/api/games/{c}"), None).await;
    let body = json!({ "version": g["version"] });
    let (_, r) = call(
        &app,
        Method::POST,
        &format!("/api/games/{c}/bot"),
        Some(body),
    )
    .await;
    assert_eq!(r["game"]["finished"], true);
    new_game(&app).await; // in progress: no effect
    let (d, _) = new_game(&app).await;
    solve_by_hand(&app, d, 7_000).await;
    let s = stats_of(&app, "custom").await;
    assert_eq!(
        (s["current_streak"].as_i64(), s["best_streak"].as_i64()),
        (Some(1), Some(2))
    );
    assert_eq!(
        (s["started"].as_i64(), s["unfinished"].as_i64()),
        (Some(5), Some(1))
    );
    assert_eq!(
        (s["solved"].as_i64(), s["bot_finished"].as_i64()),
        (Some(3), Some(1))
    );
    let all = stats_of(&app, "all").await;
    assert_eq!(all["started"], 5);
    assert_eq!(all["best_streak"], 2);
}

/// The daily puzzle: one game per date and level (asked twice, the same game), made from the
/// date's seed, so a game by seed 20261126 at that level is the same puzzle.
#[tokio::test]
async fn the_daily_puzzle_is_one_game_per_date_and_level_from_its_date_seed() {
    let app = new_app();
    let ask = json!({ "date": "2026-11-26", "level": "easy" });
    let (s, first) = call(&app, Method::POST, "/api/daily", Some(ask.clone())).await;
    assert_eq!(s, StatusCode::CREATED, "{first}");
    assert_eq!(first["source"], "daily");
    assert_eq!(first["daily"], "2026-11-26");
    assert_eq!(first["level"], "easy");
    assert_eq!(first["seed"], "20261126");
    let (s, again) = call(&app, Method::POST, "/api/daily", Some(ask)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(again["id"], first["id"]);
    let by_seed = json!({ "level": "easy", "seed": 20261126 });
    let (_, seeded) = call(&app, Method::POST, "/api/games", Some(by_seed)).await;
    assert_eq!(seeded["puzzle"], first["puzzle"]);
    let other_day = json!({ "date": "2026-11-27", "level": "easy" });
    let (s, next) = call(&app, Method::POST, "/api/daily", Some(other_day)).await;
    assert_eq!(s, StatusCode::CREATED);
    assert_ne!(next["puzzle"], first["puzzle"]);
    let s = stats_of(&app, "easy").await;
    assert_eq!(s["started"], 3, "daily games count in their level");
}

/// A date that is no day, or a level that is none, is a 422 naming it.
#[tokio::test]
async fn a_daily_puzzle_of_a_bad_date_or_level_is_refused_by_name() {
    let app = new_app();
    for date in [
        "2026-02-30",
        "2025-02-29",
        "2026-13-01",
        "26-11-26",
        "2026-1-26",
        "1999-12-31",
        "２０２６-11-26",
    ] {
        let (s, e) = call(
            &app,
            Method::POST,
            "/api/daily",
            Some(json!({ "date": date, "level": "easy" })),
        )
        .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{date}");
        assert!(
            e["error"]["message"]
                .as_str()
                .unwrap()
                .contains("YYYY-MM-DD"),
            "{date}: {e}"
        );
    }
    let (s, e) = call(
        &app,
        Method::POST,
        "/api/daily",
        Some(json!({ "date": "2024-02-29", "level": "easiest" })),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(e["error"]["message"]
        .as_str()
        .unwrap()
        .contains("unknown level"));
    assert_eq!(nonet_server::api::daily_seed("2024-02-29"), Some(20240229));
}

/// The service worker is served from the root (its scope is the whole page) as JavaScript,
/// with the list of every asset to keep filled in and a version, and nothing left to fill.
#[tokio::test]
async fn the_service_worker_is_served_with_every_asset_to_keep() {
    let app = new_app();
    let req = Request::builder()
        .uri("/sw.js")
        .header("host", "localhost")
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let mime = resp.headers()["content-type"].to_str().unwrap().to_string();
    assert!(mime.starts_with("text/javascript"), "{mime}");
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert!(!text.contains("__ASSETS__") && !text.contains("__VERSION__"));
    for path in [
        "\"/\"",
        "\"/style.css\"",
        "\"/js/main.js\"",
        "\"/js/net.js\"",
        "\"/net.css\"",
    ] {
        assert!(text.contains(path), "{path} is not kept");
    }
    let version = text.split("const VERSION = '").nth(1).unwrap();
    assert!(
        version[..16].bytes().all(|b| b.is_ascii_hexdigit()),
        "{version}"
    );
}

/// Regression (issue 23, defect 10): a puzzle with several solutions was refused outright; the
/// check now offers it made proper, with clues added from one of its solutions: every given
/// kept, the added cells named, and exactly one solution.
#[tokio::test]
async fn a_puzzle_with_several_solutions_is_offered_with_clues_added() {
    let app = new_app();
    // The classic puzzle without its r3c8 given: two solutions.
    let two = "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let (s, r) = call(
        &app,
        Method::POST,
        "/api/puzzles/check",
        Some(json!({ "puzzle": two })),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r["status"], "multiple");
    let line = r["with_clues"].as_str().unwrap();
    let added: Vec<usize> = r["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    assert!(!added.is_empty() && added.len() <= 3, "{added:?}");
    for (i, (a, b)) in two.bytes().zip(line.bytes()).enumerate() {
        if a != b'.' {
            assert_eq!(a, b, "given {i} kept");
        } else {
            assert_eq!(b != b'.', added.contains(&i), "cell {i}");
        }
    }
    let (s, r) = call(
        &app,
        Method::POST,
        "/api/puzzles/check",
        Some(json!({ "puzzle": line })),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r["status"], "unique", "{r}");
    // A proper puzzle gets no offer.
    let (_, r) = call(
        &app,
        Method::POST,
        "/api/puzzles/check",
        Some(json!({ "puzzle": EASY })),
    )
    .await;
    assert!(r.get("with_clues").is_none());
}

/// Progress exported as a pencil-mark grid comes back as the same board in a new game (digits,
/// candidates, a single candidate kept a candidate), played as its first move; a grid that changes a
/// given, or no puzzle with it, is refused by name.
#[tokio::test]
async fn progress_exported_as_a_pencil_grid_comes_back_in_a_new_game() {
    let app = new_app();
    let (id, _) = new_game(&app).await;
    play(&app, id, json!({ "type": "place", "cell": 2, "digit": 4 })).await;
    for (cell, digit) in [(5, 2), (5, 8), (6, 9)] {
        let mv = json!({ "type": "candidate", "cell": cell, "digit": digit });
        play(&app, id, mv).await;
    }
    let (s, out) = call(
        &app,
        Method::GET,
        &format!("/api/games/{id}/progress"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(out["puzzle"], EASY);
    let pencil = out["pencil"].as_str().unwrap();
    assert!(pencil.starts_with("# nonet progress: 534.7"), "{pencil}");
    let body = json!({ "puzzle": EASY, "pencil": pencil });
    let (s, g) = call(&app, Method::POST, "/api/games", Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    let (_, old) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(g["cells"], old["cells"]);
    assert_eq!(g["can_undo"], true);
    let bad = pencil.replacen("534.7", "634.7", 1);
    let (s, e) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "puzzle": EASY, "pencil": bad })),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"]["code"], "bad_progress");
    assert!(
        e["error"]["message"].as_str().unwrap().contains("r1c1"),
        "{e}"
    );
    let (s, e) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "level": "easy", "pencil": pencil })),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        e["error"]["message"].as_str().unwrap().contains("puzzle"),
        "{e}"
    );
}

/// A puzzle and a grid both broken: the grid is named first, as the page's engine names it
/// (the order is nonet-view's `own_game`, used by both); with no grid, the puzzle's problem.
#[tokio::test]
async fn a_broken_puzzle_with_a_bad_grid_is_refused_for_the_grid_first() {
    let app = new_app();
    let clashing = format!("55{}", &EASY[2..]);
    let both = json!({ "puzzle": clashing, "pencil": "not a grid" });
    let (s, e) = call(&app, Method::POST, "/api/games", Some(both)).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"]["code"], "bad_progress", "{e}");
    let alone = json!({ "puzzle": clashing });
    let (s, e) = call(&app, Method::POST, "/api/games", Some(alone)).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"]["code"], "clash", "{e}");
}
