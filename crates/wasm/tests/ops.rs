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
    let daily = ok(json!({ "op": "daily", "date": "2026-11-26", "level": "easy" }));
    let by_seed = ok(json!({ "op": "new_game", "level": "easy", "seed": 20261126u64 }));
    assert_eq!(daily, by_seed);
    assert_eq!(
        error(json!({ "op": "daily", "date": "2026-02-30", "level": "easy" })),
        (422, "invalid".into())
    );
    // A level needs the page's seed: the engine draws no randomness.
    assert_eq!(
        error(json!({ "op": "new_game", "level": "easy" })),
        (422, "invalid".into())
    );
    assert_eq!(
        error(json!({ "op": "new_game", "level": "hardest", "seed": 1 })),
        (422, "invalid".into())
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
    // A given cannot change: 422 `invalid` with the rule's words, as the server's.
    let given = json!({ "type": "place", "cell": 0, "digit": 1 });
    assert_eq!(
        error(json!({ "op": "move", "game": game, "move": given })),
        (422, "invalid".into())
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
    // An op no one has is the server's unknown endpoint; a missing field the server's
    // body of the wrong shape; text that is not JSON its malformed body.
    assert_eq!(error(json!({ "op": "fly" })), (404, "not_found".into()));
    assert_eq!(error(json!({ "level": "easy" })), (404, "not_found".into()));
    assert_eq!(error(json!({ "op": "view" })), (422, "invalid".into()));
    for text in ["not json", "", "{\"op\": \"levels\", \"op\": \"learn\"}"] {
        let answer: Value = serde_json::from_str(&nonet_wasm::call(text)).unwrap();
        assert_eq!(answer["error"]["status"], 400, "{text:?}");
        assert_eq!(answer["error"]["code"], "bad_request", "{text:?}");
    }
    let answer: Value =
        serde_json::from_str(&nonet_wasm::ops::call_bytes(b"{\"op\": \"\xff\"}")).unwrap();
    assert_eq!(answer["error"]["code"], "bad_request", "not UTF-8");
    // Every op named is one the engine reads (a wrong list would answer 404 for a real op).
    for op in nonet_wasm::ops::OPS {
        let answer = call(json!({ "op": op, "x": 1 }));
        assert_ne!(answer["error"]["status"], 404, "{op}: {answer}");
    }
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
    // The page's copy of a game stands where the server's database does: a variant, map or
    // solution it cannot read back is a damaged game, not a request to correct.
    for (field, value) in [
        ("variant", json!("hexagonal")),
        ("regions", json!("12")),
        ("solution", json!("123")),
    ] {
        let mut game = own_game();
        game[field] = value;
        assert_eq!(
            error(json!({ "op": "view", "game": game })),
            (410, "damaged".into()),
            "{field}"
        );
    }
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
    let techniques = ok(json!({ "op": "learn" }));
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
        (422, "invalid".into())
    );
}

const JIGSAW: &str =
    "..65..78..2.6.9....85.913..95.3....26.2...5.7..876..9.1.94...2..63....51.....7964";
const JIGSAW_REGIONS: &str =
    "111112223122222333112444333155554433666654444776655558777666988777999998799988888";

/// A jigsaw's map typed after its puzzle on one line was read as one 162-character puzzle
/// offline ("not a puzzle"); it is split as the server splits it, for a new game and for the
/// setter's verdict alike, and a broken map on the line is named as one in the field would be.
#[test]
fn a_jigsaw_map_typed_after_its_puzzle_was_not_split_offline() {
    for line in [
        format!("{JIGSAW} {JIGSAW_REGIONS}"),
        format!("{JIGSAW};{JIGSAW_REGIONS}"),
        format!("{JIGSAW}{JIGSAW_REGIONS}"),
    ] {
        let verdict = ok(json!({ "op": "check_puzzle", "puzzle": line, "variant": "jigsaw" }));
        assert_eq!(verdict["status"], "unique", "{line}");
        let made =
            ok(json!({ "op": "new_game", "puzzle": line, "variant": "jigsaw", "regions": "" }));
        assert_eq!(made["puzzle"], JIGSAW);
        assert_eq!(made["regions"], JIGSAW_REGIONS);
    }
    let mut broken = JIGSAW_REGIONS.to_string();
    broken.replace_range(0..1, "#");
    let line = format!("{JIGSAW} {broken}");
    let (status, code) = error(json!({ "op": "new_game", "puzzle": line, "variant": "jigsaw" }));
    assert_eq!((status, code.as_str()), (422, "bad_regions"));
    // Not a jigsaw: the line is no puzzle.
    let line = format!("{PUZZLE} {JIGSAW_REGIONS}");
    assert_eq!(
        error(json!({ "op": "new_game", "puzzle": line })),
        (422, "invalid".into())
    );
}

/// A game's progress goes out as the server's pencil-mark grid and comes back as a new game
/// whose first move it is (the bare puzzle, then the board with the progress).
#[test]
fn progress_goes_out_as_a_pencil_mark_grid_and_comes_back_as_a_game() {
    let game = own_game();
    let placed = ok(
        json!({ "op": "move", "game": game, "move": { "type": "place", "cell": 2, "digit": 4 } }),
    );
    let marked = with_board(&game, &placed["board"]);
    let marked = with_board(
        &marked,
        &ok(
            json!({ "op": "move", "game": marked, "move": { "type": "candidate", "cell": 3, "digit": 2 } }),
        )["board"],
    );
    let out = ok(json!({ "op": "progress", "game": marked }));
    assert_eq!(out["puzzle"], PUZZLE);
    let pencil = out["pencil"].as_str().unwrap();
    assert!(
        pencil.starts_with("# nonet progress: 534.7...."),
        "{pencil}"
    );
    let back = ok(json!({ "op": "new_game", "puzzle": PUZZLE, "pencil": pencil }));
    assert_eq!(back["board"], game["board"], "the bare puzzle first");
    assert_eq!(
        back["progress"], marked["board"],
        "then the board as it was"
    );
    // A grid that changes a given is refused, naming the cell; progress needs its puzzle.
    let changed = pencil.replacen("# nonet progress: 5", "# nonet progress: 6", 1);
    let (status, code) = error(json!({ "op": "new_game", "puzzle": PUZZLE, "pencil": changed }));
    assert_eq!((status, code.as_str()), (422, "bad_progress"));
    assert_eq!(
        error(json!({ "op": "new_game", "level": "easy", "seed": 1, "pencil": pencil })),
        (422, "invalid".into()),
        "as the server answers it"
    );
}

/// A puzzle and a grid both broken: the grid is named first, as the server names it (the
/// order is nonet-view's `own_game`, used by both); with no grid, the puzzle's problem.
#[test]
fn a_broken_puzzle_with_a_bad_grid_is_refused_for_the_grid_first() {
    let clashing = format!("55{}", &PUZZLE[2..]);
    assert_eq!(
        error(json!({ "op": "new_game", "puzzle": clashing, "pencil": "not a grid" })),
        (422, "bad_progress".into())
    );
    assert_eq!(
        error(json!({ "op": "new_game", "puzzle": clashing })),
        (422, "clash".into())
    );
}

/// Learn's pages offline: the catalogue, a technique's worked example drawn by the teacher
/// from the stock (the server's JSON, from the same `nonet_view::learn`), practice puzzles
/// generated from the page's seed with their drills, the stock's with a note where the
/// generator cannot aim, and an unknown code a 404.
#[test]
fn learns_pages_are_the_servers_from_the_one_learn_module() {
    let list = ok(json!({ "op": "learn" }));
    let list = list["techniques"].as_array().unwrap();
    let xwing = list
        .iter()
        .find(|t| t["code"] == "x-wing")
        .expect("x-wing listed");
    assert_eq!(xwing["has_example"], true);
    let page = ok(json!({ "op": "learn_technique", "code": "x-wing" }));
    assert_eq!(page["name"], "X-Wing");
    assert!(page["about"].as_str().unwrap().len() > 40);
    let example = &page["example"];
    assert_eq!(example["step"]["technique"], "x-wing", "{example}");
    assert_eq!(example["grid"].as_str().unwrap().len(), 81);
    assert_eq!(example["candidates"].as_array().unwrap().len(), 81);
    assert_eq!(example["layout"]["houses"].as_array().unwrap().len(), 27);
    assert!(!page["practice"].as_array().unwrap().is_empty());

    let request = json!({ "op": "learn_practice", "code": "naked-pair", "seed": 5 });
    let practice = ok(request.clone());
    assert_eq!(practice, ok(request), "the same seed, the same puzzles");
    let puzzles = practice["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    let made = practice["generated"].as_u64().unwrap() as usize;
    assert!(made > 0, "{practice}");
    for p in &puzzles[..made] {
        assert_eq!(p["source"], "generated");
        let drill = p["drill"]["pencil"].as_str().unwrap();
        // The drill starts a game as progress on its puzzle.
        let game = ok(json!({ "op": "new_game", "puzzle": p["puzzle"], "pencil": drill }));
        assert!(game["progress"].is_object(), "{game}");
    }
    // A jellyfish is too rare to aim at: the stock with the reason.
    let rare = ok(json!({ "op": "learn_practice", "code": "jellyfish", "seed": 1 }));
    assert_eq!(rare["generated"], 0);
    assert!(
        rare["note"].as_str().unwrap().contains("too rare"),
        "{rare}"
    );
    assert!(rare["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["source"] == "stock"));
    assert_eq!(
        error(json!({ "op": "learn_technique", "code": "no-such" })),
        (404, "not_found".to_string())
    );
}

/// A jigsaw asked for by level with no map gets one from the generator, as on the server (the
/// engine used to ask for the map first, and refused it with a 422).
#[test]
fn a_jigsaw_from_a_level_gets_its_map_from_the_generator() {
    let made = ok(json!({ "op": "new_game", "level": "any", "seed": 3, "variant": "jigsaw" }));
    assert_eq!(made["variant"], "jigsaw");
    let regions = made["regions"].as_str().expect("a map");
    assert_eq!(regions.len(), 81);
    assert_eq!(made["layout"]["boxes"].as_str().unwrap().len(), 81);
}
