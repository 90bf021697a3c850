//! The shared step view on real steps: the command line's and the game's JSON carry the same
//! words and links, each face keeps its own fields, and a chain's links say what makes them.

use nonet_core::{PencilMarks, Sudoku, STANDARD};
use nonet_logic::{Step, Teacher, Technique};
use nonet_view::{GameStep, ReportStep};
use serde_json::Value;

/// HoDoKu's X-Chain exemplar (the logic crate's `exemplar-steps.txt`).
const X_CHAIN: &str =
    "....5..8...7.293..1...74..25.91.2..4....4.........816.718....2...........6......7";

/// Every step of `puzzle`'s path with the position it was found on.
fn steps_with_positions(puzzle: &str) -> Vec<(Step, PencilMarks)> {
    let sudoku = Sudoku::from_line(puzzle).expect("a puzzle");
    let teacher = Teacher::new();
    let path = teacher.path(&sudoku.into()).expect("a path");
    let mut position = path.start.clone();
    let mut out = Vec::new();
    for step in path.steps {
        let before = position.clone();
        step.apply_to(&mut position);
        out.push((step, before));
    }
    out
}

fn report(step: &Step, position: &PencilMarks) -> Value {
    serde_json::to_value(ReportStep::new(step, &STANDARD, Some(position))).expect("json")
}

fn game(step: &Step, position: &PencilMarks) -> Value {
    serde_json::to_value(GameStep::new(step, &STANDARD, Some(position))).expect("json")
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn each_face_keeps_its_fields_and_both_gain_the_words() {
    for (step, position) in steps_with_positions(X_CHAIN) {
        let (r, g) = (report(&step, &position), game(&step, &position));
        for key in [
            "technique",
            "code",
            "placements",
            "eliminations",
            "explanation",
            "cells",
            "houses",
            "digits",
            "pattern",
            "secondary",
            "uniqueness",
            "text",
            "notation",
            "links",
        ] {
            assert!(r.get(key).is_some(), "the CLI's step lacks {key}: {r}");
        }
        for key in [
            "technique",
            "name",
            "explanation",
            "hints",
            "difficulty",
            "houses",
            "cover_houses",
            "cells",
            "digits",
            "pattern",
            "secondary",
            "placements",
            "eliminations",
            "chain",
            "text",
            "notation",
            "links",
        ] {
            assert!(g.get(key).is_some(), "the game's step lacks {key}: {g}");
        }
        // The CLI leaves out what does not apply; the game writes null or [].
        assert_eq!(
            r.get("chain").is_some(),
            step.chain.is_some(),
            "{:?}",
            keys(&r)
        );
        assert_eq!(
            r.get("cover_houses").is_some(),
            !step.cover_houses.is_empty()
        );
        // The same words on both faces, the contract's `explanation` being the plain text.
        assert_eq!(r["text"], g["text"]);
        assert_eq!(r["explanation"], r["text"]);
        assert_eq!(r["notation"], g["notation"]);
        assert_eq!(r["technique"], step.technique.name());
        assert_eq!(g["technique"], r["code"]);
        // Cells by name for people, by index for the page.
        for (rp, gp) in r["placements"]
            .as_array()
            .unwrap()
            .iter()
            .zip(g["placements"].as_array().unwrap())
        {
            let i = gp["cell"].as_u64().unwrap() as usize;
            assert_eq!(
                rp["cell"],
                format!("r{}c{}", i / 9 + 1, i % 9 + 1),
                "{rp} {gp}"
            );
        }
        assert_eq!(
            r["links"].as_array().unwrap().len(),
            g["links"].as_array().unwrap().len()
        );
    }
}

/// The game's step once carried the Rust identifier (`"XWing"`, `"HiddenSingleBox"`), a second
/// wire name beside the code every other face reads and writes.
#[test]
fn the_games_step_names_its_technique_by_code_not_by_debug_identifier() {
    let mut seen = Vec::new();
    for (step, position) in steps_with_positions(X_CHAIN) {
        let g = game(&step, &position);
        let t = step.technique;
        assert_eq!(g["technique"], t.code(), "{g}");
        assert_ne!(g["technique"], format!("{t:?}"), "{g}");
        let named = Technique::named(g["technique"].as_str().unwrap()).unwrap();
        assert!(named.contains(&t), "{t}");
        seen.push(t);
    }
    // The path's hidden singles and X-Chain: names that differ from their identifiers.
    assert!(seen.contains(&Technique::XChain), "{seen:?}");
    assert!(seen.iter().any(|t| t.code() == "hidden-single"), "{seen:?}");
}

#[test]
fn an_x_chain_gives_its_links_in_order_with_the_house_that_makes_each() {
    let (step, position) = steps_with_positions(X_CHAIN)
        .into_iter()
        .find(|(s, _)| s.technique == Technique::XChain)
        .expect("the exemplar's X-Chain");
    let r = report(&step, &position);
    let links = r["links"].as_array().expect("links");
    let branch = &step.chain.as_ref().expect("a chain").branches[0];
    assert_eq!(links.len(), branch.len());
    // Read end to end, the links are the chain's notation.
    let mut notation = links[0]["from"]["name"].as_str().unwrap().to_string();
    for l in links {
        let sign = if l["kind"] == "strong" { " = " } else { " - " };
        notation.push_str(sign);
        notation.push_str(l["to"]["name"].as_str().unwrap());
    }
    assert_eq!(r["chain"], notation.as_str());
    assert!(r["notation"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{notation} => ")));
    for (l, link) in links.iter().zip(branch) {
        assert_eq!(l["branch"], 0);
        // An X-Chain's links all join two cells of one digit in a house.
        let house = l["house"].as_str().expect("a house");
        assert_eq!(l["why"], house);
        assert!(l["cell"].is_null());
        assert!(l["text"].as_str().unwrap().starts_with("if r"), "{l}");
        if l["kind"] == "strong" {
            // The digit has no other place in that house on the position.
            let h = nonet_core::House::all()
                .find(|h| h.to_string() == house)
                .expect("a house name");
            let d = link.from.digit;
            let places = STANDARD
                .cells(h)
                .iter()
                .filter(|&&c| position.value(c).is_none() && position.candidates(c).contains(d))
                .count();
            assert_eq!(places, 2, "{l}");
            assert!(l["text"].as_str().unwrap().contains(" only there)"), "{l}");
        }
    }
    // The game gets the same links with cells and houses as it reads them.
    let g = game(&step, &position);
    let gl = &g["links"][0];
    assert!(gl["from"]["cells"][0].is_u64());
    assert!(gl["house"]["index"].is_u64());
    assert_eq!(gl["why"], links[0]["why"]);
}

#[test]
fn a_cell_forcing_chain_gives_each_branch_from_its_own_assumption() {
    // A sample-set puzzle whose path takes a cell forcing chain (logic's sentences.tsv).
    const PUZZLE: &str =
        "...3...1..14.27........5..6653...1.747.......1......8......49.58......2....5.....";
    let (step, position) = steps_with_positions(PUZZLE)
        .into_iter()
        .find(|(s, _)| s.technique == Technique::CellForcingChain)
        .expect("a cell forcing chain");
    let r = report(&step, &position);
    let links = r["links"].as_array().expect("links");
    let branches = &step.chain.as_ref().expect("a chain").branches;
    assert!(branches.len() >= 2);
    assert_eq!(
        links.len(),
        branches.iter().map(Vec::len).sum::<usize>(),
        "every link of every branch"
    );
    // Each branch starts from one candidate of the same cell, assumed true, and the branches
    // follow each other in order.
    let mut seen = Vec::new();
    for (k, l) in links.iter().enumerate() {
        let b = l["branch"].as_u64().unwrap() as usize;
        if k == 0 || links[k - 1]["branch"] != l["branch"] {
            assert_eq!(b, seen.len(), "branches in order");
            assert_eq!(l["from"]["on"], true, "{l}");
            assert!(l["text"].as_str().unwrap().starts_with("if "), "{l}");
            seen.push(l["from"]["cells"].clone());
        }
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "one cell: {seen:?}");
    assert_eq!(seen.len(), branches.len());
}
