//! `POST /api/layout`: the layout of a variant and a jigsaw's region map as a game carries it,
//! and every kind of broken map answered with a 422 naming the rule and the region.

mod support;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use support::{call, houses, new_app, EASY};

/// A jigsaw map of the shared set (/work/shared/puzzles/variants/jigsaw-puzzles.txt, line 1).
const REGIONS: &str =
    "111112223122222333112444333155554433666654444776655558777666988777999998799988888";
const BOXES: &str =
    "111222333111222333111222333444555666444555666444555666777888999777888999777888999";

async fn layout(body: Value) -> (StatusCode, Value) {
    call(&new_app(), Method::POST, "/api/layout", Some(body)).await
}

#[tokio::test]
async fn a_jigsaw_map_gives_its_regions_as_houses_and_boxes() {
    let (s, v) = layout(json!({ "variant": "jigsaw", "regions": REGIONS })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], "jigsaw");
    assert_eq!(v["regions"], REGIONS);
    // The shared map labels its regions 1-9 in the order of their first cells already.
    assert_eq!(v["boxes"], REGIONS);
    let regions = houses(&v, "region");
    assert_eq!(regions.len(), 9);
    for cells in &regions {
        let label = REGIONS.as_bytes()[cells[0]];
        assert!(cells.iter().all(|&c| REGIONS.as_bytes()[c] == label));
        assert_eq!(cells.len(), 9);
    }
    assert_eq!(houses(&v, "row").len(), 9);
    assert_eq!(houses(&v, "column").len(), 9);
    assert!(houses(&v, "box").is_empty());
}

/// The same JSON a game of that layout carries: the setter draws what the game will.
#[tokio::test]
async fn the_layout_is_the_one_a_game_on_that_map_carries() {
    let app = new_app();
    let puzzle =
        "..65..78..2.6.9....85.913..95.3....26.2...5.7..876..9.1.94...2..63....51.....7964";
    let body = json!({ "variant": "jigsaw", "regions": REGIONS });
    let (_, v) = call(&app, Method::POST, "/api/layout", Some(body.clone())).await;
    let mut game = body;
    game["puzzle"] = json!(puzzle);
    let (s, g) = call(&app, Method::POST, "/api/games", Some(game)).await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    assert_eq!(g["layout"], v);
    // Combined with X, the diagonals join the regions.
    let (_, v) = layout(json!({ "variant": "jigsaw,x", "regions": REGIONS })).await;
    assert_eq!(houses(&v, "diagonal").len(), 2);
    assert_eq!(houses(&v, "region").len(), 9);
}

#[tokio::test]
async fn standard_x_and_windoku_need_no_map() {
    for (variant, extra, kind) in [
        ("standard", 0, ""),
        ("x", 2, "diagonal"),
        ("windoku", 4, "window"),
    ] {
        let (s, v) = layout(json!({ "variant": variant })).await;
        assert_eq!(s, StatusCode::OK, "{variant}: {v}");
        assert_eq!(v["boxes"], BOXES, "{variant}");
        assert_eq!(v["regions"], Value::Null);
        assert_eq!(
            v["houses"].as_array().unwrap().len(),
            27 + extra,
            "{variant}"
        );
        if extra > 0 {
            assert_eq!(houses(&v, kind).len(), extra, "{variant}");
        }
    }
    // No variant at all is the standard layout, the one a classic game carries.
    let app = new_app();
    let (s, v) = call(&app, Method::POST, "/api/layout", Some(json!({}))).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["variant"], "standard");
    let (_, g) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "puzzle": EASY })),
    )
    .await;
    assert_eq!(g["layout"], v);
}

/// Each kind of broken map: its rule, the region at fault (if one is), and words naming both.
#[tokio::test]
async fn every_broken_map_is_a_422_naming_the_rule_and_the_region() {
    let with = |i: usize, label: &str| {
        let mut m = REGIONS.to_string();
        m.replace_range(i..i + 1, label);
        m
    };
    // r1c1 and r1c9 swap regions: each is cut off from the rest of its own.
    let split = with(0, "3");
    let split = {
        let mut m = split;
        m.replace_range(8..9, "1");
        m
    };
    let cases: Vec<(Value, &str, Option<&str>, &str)> = vec![
        (
            json!({ "variant": "jigsaw", "regions": with(8, "1") }),
            "size",
            Some("1"),
            "region 1 has 10 cells; a region has nine",
        ),
        (
            json!({ "variant": "jigsaw", "regions": split }),
            "connected",
            Some("3"),
            "region 3 is in two pieces",
        ),
        (
            json!({ "variant": "jigsaw", "regions": with(40, "#") }),
            "label",
            None,
            "'#' at r5c5 is not a region label",
        ),
        (
            json!({ "variant": "jigsaw", "regions": with(40, "a") }),
            "count",
            Some("a"),
            // The stray label, not the first '9' (which comes tenth in reading order).
            "a tenth region label 'a' at r5c5",
        ),
        (
            json!({ "variant": "jigsaw", "regions": REGIONS.replace('9', "8") }),
            "count",
            None,
            "only 8 region labels",
        ),
        (
            json!({ "variant": "jigsaw", "regions": &REGIONS[1..] }),
            "length",
            None,
            "this one has 80",
        ),
        (
            json!({ "variant": "jigsaw" }),
            "missing",
            None,
            "a jigsaw needs its region map",
        ),
        (
            json!({ "variant": "windoku", "regions": REGIONS }),
            "not_jigsaw",
            None,
            "not a jigsaw",
        ),
    ];
    for (body, rule, region, says) in cases {
        let (s, v) = layout(body.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        let e = &v["error"];
        assert_eq!(e["code"], "bad_regions", "{body}: {v}");
        assert_eq!(e["rule"], rule, "{body}: {v}");
        assert_eq!(e["region"].as_str(), region, "{body}: {v}");
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
    }
    // A letter label is quoted, so it does not read as a word.
    let lettered = REGIONS.replace('1', "a");
    let mut ten = lettered.clone();
    ten.replace_range(8..9, "a");
    let (_, v) = layout(json!({ "variant": "jigsaw", "regions": ten })).await;
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("region 'a' has 10 cells"),
        "{v}"
    );
    // An unknown variant word is its own code.
    let (s, v) = layout(json!({ "variant": "sudoku" })).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"]["code"], "bad_variant");
}

#[tokio::test]
async fn a_body_of_the_wrong_shape_is_refused() {
    let (s, v) = layout(json!({ "variant": "jigsaw", "puzzle": "x" })).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"]["message"].is_string());
    let (s, v) = layout(json!({ "regions": 5 })).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}
