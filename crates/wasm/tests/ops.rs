//! The binding's JSON, natively: each request the page makes and the shape of its answer
//! (the server's shapes, from `nonet_view::game`), and the errors with the server's statuses.

use serde_json::{json, Value};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn call(request: Value) -> Value {
    serde_json::from_str(&nonet_wasm::call(&request.to_string())).expect("the answer is JSON")
}

fn ok(request: Value) -> Value {
    let answer = call(request);
    assert!(answer["error"].is_null(), "{answer}");
    answer["ok"].clone()
}

fn error(request: Value) -> (u64, String) {
    let e = call(request)["error"].clone();
    (
        e["status"].as_u64().expect("a status"),
        e["code"].as_str().expect("a code").to_string(),
    )
}

/// A game of `PUZZLE` as the page keeps it (the board of `new_game`).
fn own_game() -> Value {
    let made = ok(json!({ "op": "new_game", "puzzle": PUZZLE }));
    json!({
        "puzzle": made["puzzle"],
        "solution": made["solution"],
        "variant": made["variant"],
        "regions": made["regions"],
        "board": made["board"],
    })
}

fn with_board(game: &Value, board: &Value) -> Value {
    let mut g = game.clone();
    g["board"] = board.clone();
    g
}

#[test]
fn a_generated_game_is_the_seeds_and_carries_its_layout_and_rating() {
    let request = json!({ "op": "new_game", "level": "easy", "seed": 7 });
    let made = ok(request.clone());
    assert_eq!(made, ok(request), "the same seed, the same game");
    assert_eq!(made["level"], "easy");
    assert_eq!(made["seed"], "7");
    assert!(made["rating"].as_f64().unwrap() > 0.0);
    assert_eq!(made["variant"], "standard");
    assert_eq!(made["layout"]["houses"].as_array().unwrap().len(), 27);
    assert_eq!(made["layout"]["boxes"].as_str().unwrap().len(), 81);
    let solution = made["solution"].as_str().unwrap();
    assert!(solution.chars().all(|c| c.is_ascii_digit() && c != '0'));
    // A daily puzzle is the game of its date's seed at that level.
    let daily = ok(json!({ "op": "new_game", "level": "easy", "daily": "2026-11-26" }));
    let by_seed = ok(json!({ "op": "new_game", "level": "easy", "seed": 20261126u64 }));
    assert_eq!(daily, by_seed);
    assert_eq!(
        error(json!({ "op": "new_game", "level": "easy", "daily": "2026-02-30" })),
        (400, "invalid".into())
    );
    // A level needs the page's seed: the engine draws no randomness.
    assert_eq!(
        error(json!({ "op": "new_game", "level": "easy" })),
        (400, "invalid".into())
    );
    assert_eq!(
        error(json!({ "op": "new_game", "level": "hardest", "seed": 1 })),
        (400, "invalid".into())
    );
}

#[test]
fn an_own_puzzle_is_checked_like_the_servers() {
    let made = ok(json!({ "op": "new_game", "puzzle": PUZZLE }));
    assert_eq!(made["puzzle"], PUZZLE);
    assert!(made["seed"].is_null());
    let two = format!("{}.{}", &PUZZLE[..25], &PUZZLE[26..]);
    assert_eq!(
        error(json!({ "op": "new_game", "puzzle": two })),
        (422, "multiple_solutions".into())
    );
    let clash = format!("55{}", &PUZZLE[2..]);
    assert_eq!(
        error(json!({ "op": "new_game", "puzzle": clash })),
        (422, "clash".into())
    );
}

#[test]
fn a_move_answers_the_board_its_clashes_and_whether_it_was_a_mistake() {
    let game = own_game();
    let view = ok(json!({ "op": "view", "game": game }));
    assert_eq!(
        view["cells"][0],
        json!({ "value": 5, "origin": "given", "candidates": [], "centre": [], "corner": [] })
    );
    assert_eq!(view["clashes"], json!([]));
    // 5 in r1c3 repeats the given 5 of r1c1.
    let mv = json!({ "type": "place", "cell": 2, "digit": 5 });
    let a = ok(json!({ "op": "move", "game": game, "move": mv }));
    assert_eq!(a["changed"], true);
    assert_eq!(a["mistake"], true);
    assert_eq!(a["solved"], false);
    assert_eq!(a["cells"][2]["origin"], "player");
    let clash = &a["clashes"][0];
    assert_eq!(
        (clash["cell"].clone(), clash["other"].clone()),
        (json!(2), json!(0))
    );
    assert_eq!(clash["house"]["kind"], "row");
    assert_eq!(clash["message"], "5 is already in this row");
    // The page's preview of the same move on the view's cells is the same board.
    let shown = ok(json!({ "op": "preview", "cells": view["cells"], "move": mv }));
    assert_eq!(shown["cells"], a["cells"]);
    assert_eq!(shown["clashes"], a["clashes"]);
    assert_eq!(shown["board"], a["board"]);
    // A given cannot change: 422 with the rule's words.
    let given = json!({ "type": "place", "cell": 0, "digit": 1 });
    assert_eq!(
        error(json!({ "op": "move", "game": game, "move": given })),
        (422, "bad_move".into())
    );
}

#[test]
fn a_hint_names_a_mistake_first_and_a_step_on_a_sound_board() {
    let game = own_game();
    let h = ok(json!({ "op": "hint", "game": game }));
    assert_eq!(h["counts"], true);
    assert_eq!(h["hint"]["kind"], "step");
    assert!(h["hint"]["step"]["technique"].is_string());
    assert_eq!(h["hint"]["candidates"].as_array().unwrap().len(), 81);
    // The hint applied places the step's digit for the player.
    let applied = ok(json!({ "op": "apply", "game": game }));
    assert_eq!(applied["action"]["kind"], "step");
    let placed = applied["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["origin"] == "bot")
        .count();
    assert_eq!(placed, 1);
    // A wrong digit (no clash: r1c3 is 4, and 2 is free there) comes first.
    let mv = json!({ "type": "place", "cell": 2, "digit": 2 });
    let wrong = ok(json!({ "op": "move", "game": game, "move": mv }));
    let g = with_board(&game, &wrong["board"]);
    let h = ok(json!({ "op": "hint", "game": g }));
    assert_eq!(h["counts"], false);
    assert_eq!(h["hint"]["kind"], "mistake");
    assert_eq!(h["hint"]["cells"], json!([2]));
    // No step to apply then; the bot fixes the mistake instead.
    assert_eq!(
        error(json!({ "op": "apply", "game": g })),
        (409, "conflict".into())
    );
    let bot = ok(json!({ "op": "bot", "game": g }));
    assert_eq!(bot["action"]["kind"], "fix");
    assert_eq!(bot["action"]["cells"], json!([2]));
    assert!(bot["cells"][2]["value"].is_null());
}

#[test]
fn the_singles_run_solves_an_easy_puzzle_and_the_path_rates_it() {
    let game = own_game();
    let run = ok(json!({ "op": "singles", "game": game }));
    assert_eq!(run["placed"].as_array().unwrap().len(), 81 - 30);
    assert_eq!(run["solved"], true);
    assert!(run["next"].is_null());
    let path = ok(json!({ "op": "path", "game": game }));
    assert_eq!(path["solved"], true);
    assert_eq!(path["steps"].as_array().unwrap().len(), 81 - 30);
    assert_eq!(path["steps"][0]["grid"], PUZZLE);
    assert!(path["hardest"]["difficulty"].as_f64().unwrap() > 0.0);
    let check = ok(json!({ "op": "check", "game": game }));
    assert_eq!(
        check,
        json!({ "right": [], "wrong": [], "wrong_marks": [] })
    );
}

#[test]
fn statistics_and_levels_have_the_servers_shape() {
    let levels = ok(json!({ "op": "levels" }));
    assert_eq!(levels["levels"].as_array().unwrap().len(), 5);
    assert!(levels["levels_on_variants"].is_boolean());
    let games = json!([
        { "key": "easy", "finished_at": 10, "bot_used": false, "hints": 0, "mistakes": 1, "elapsed_ms": 60000 },
        { "key": "easy", "finished_at": null, "bot_used": false, "hints": 2, "mistakes": 0, "elapsed_ms": 5000 },
    ]);
    let stats = ok(json!({ "op": "stats", "games": games }));
    let easy = &stats["levels"][0];
    assert_eq!(easy["level"], "easy");
    assert_eq!(
        (
            easy["started"].clone(),
            easy["clean"].clone(),
            easy["unfinished"].clone()
        ),
        (json!(2), json!(1), json!(1))
    );
    assert_eq!(easy["best_ms"], 60000);
    assert_eq!(stats["all"]["hints"], 2);
}

#[test]
fn bad_requests_are_errors_never_panics() {
    assert_eq!(error(json!({ "op": "fly" })), (400, "invalid".into()));
    assert_eq!(error(json!({ "op": "view" })), (400, "invalid".into()));
    let answer: Value = serde_json::from_str(&nonet_wasm::call("not json")).unwrap();
    assert_eq!(answer["error"]["status"], 400);
    let mut game = own_game();
    game["board"]["v"] = json!("123");
    assert_eq!(
        error(json!({ "op": "view", "game": game })),
        (410, "damaged".into())
    );
    let mut game = own_game();
    game["puzzle"] = json!(".".repeat(81));
    assert_eq!(
        error(json!({ "op": "hint", "game": game })),
        (410, "damaged".into())
    );
    assert_eq!(
        error(json!({ "op": "new_game", "variant": "hexagonal", "level": "easy", "seed": 1 })),
        (422, "bad_variant".into())
    );
}

#[test]
fn the_setters_verdict_names_none_one_or_several_solutions() {
    let one = ok(json!({ "op": "check_puzzle", "puzzle": PUZZLE }));
    assert_eq!(
        (one["status"].clone(), one["ok"].clone()),
        (json!("unique"), json!(true))
    );
    assert_eq!(one["level"], "easy");
    assert!(one["message"]
        .as_str()
        .unwrap()
        .starts_with("A fine puzzle with one solution: easy"));
    let two = format!("{}.{}", &PUZZLE[..25], &PUZZLE[26..]);
    let several = ok(json!({ "op": "check_puzzle", "puzzle": two }));
    assert_eq!(several["status"], "multiple");
    let added = several["added"].as_array().unwrap();
    assert!(!added.is_empty());
    let proper = several["with_clues"].as_str().unwrap();
    assert_eq!(
        ok(json!({ "op": "check_puzzle", "puzzle": proper }))["status"],
        "unique"
    );
    let none = ok(
        json!({ "op": "check_puzzle", "puzzle": format!("12345678.{}", &".".repeat(63)) + "........9" }),
    );
    assert_eq!(none["status"], "none");
    let layout = ok(json!({ "op": "layout", "variant": "x" }));
    assert_eq!(layout["houses"].as_array().unwrap().len(), 29);
    // A broken map: the server's words, rule and region.
    let map = format!("{}{}", "1".repeat(10), &"2".repeat(71));
    let e = call(json!({ "op": "layout", "variant": "jigsaw", "regions": map }))["error"].clone();
    assert_eq!(e["code"], "bad_regions");
    assert!(e["rule"].is_string(), "{e}");
    assert!(
        e["message"].as_str().unwrap().starts_with("region map: "),
        "{e}"
    );
}

#[test]
fn a_stated_deduction_is_judged_on_the_board() {
    let game = own_game();
    let techniques = ok(json!({ "op": "techniques" }));
    let list = techniques["techniques"].as_array().unwrap();
    assert!(list.iter().any(|t| t["code"] == "hidden-single"));
    // r5c5 (index 40) is a naked single: 5 in the classic puzzle.
    let claim = json!({ "technique": "naked-single", "cells": [40] });
    let v = ok(json!({ "op": "check_step", "game": game, "claim": claim }));
    assert_eq!(v["outcome"], "valid", "{v}");
    assert_eq!(v["placements"], json!([{ "cell": 40, "digit": 5 }]));
    assert_eq!(v["candidates"].as_array().unwrap().len(), 81);
    let wrong = json!({ "technique": "naked-single", "cells": [2] });
    assert_eq!(
        ok(json!({ "op": "check_step", "game": game, "claim": wrong }))["valid"],
        false
    );
    let unknown = json!({ "technique": "sashimi-wobble" });
    assert_eq!(
        error(json!({ "op": "check_step", "game": game, "claim": unknown })),
        (422, "unknown_technique".into())
    );
    let off = json!({ "technique": "x-wing", "cells": [81] });
    assert_eq!(
        error(json!({ "op": "check_step", "game": game, "claim": off })),
        (400, "invalid".into())
    );
}
