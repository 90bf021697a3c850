//! `nonet generate --technique` from the outside: every puzzle's `nonet explain --format json`
//! path uses the technique asked for and nothing later in the teacher's order (the order
//! `nonet explain --list-techniques` prints), the same bytes at any `--threads`, drills
//! (`--at-start`) whose next step is the technique, and clear refusals.

use std::process::{Command, Output};

use serde_json::Value;

mod support;
use support::run_stdin;

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn run(args: &[&str]) -> Output {
    nonet().args(args).output().expect("nonet runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The technique codes in the teacher's order, as `nonet explain --list-techniques` prints
/// them (one code a line, then its name).
fn teachers_order() -> Vec<String> {
    let out = run(&["explain", "--list-techniques"]);
    assert!(out.status.success());
    text(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect()
}

/// The codes of the steps of `nonet explain --format json` on `input` (extra arguments first).
fn path_codes(extra: &[&str], input: &str) -> Vec<String> {
    let mut args = vec!["explain", "--format", "json"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = run_stdin(&args, input);
    assert!(
        out.status.success(),
        "explain {input}: {}",
        text(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("explain's JSON");
    assert_eq!(doc["solved"], true, "{input}");
    doc["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["code"].as_str().expect("a step's code").to_string())
        .collect()
}

/// Whether a path (step codes) uses `code` and nothing later than it in `order`.
fn uses_and_nothing_harder(order: &[String], codes: &[String], code: &str) -> bool {
    let rank = |c: &str| order.iter().position(|o| o == c);
    let hardest = codes.iter().filter_map(|c| rank(c)).max();
    codes.iter().any(|c| c == code) && hardest == rank(code)
}

/// Twenty-two techniques from singles to chains, each quick enough to target in a test.
const TECHNIQUES: &[&str] = &[
    "full-house",
    "hidden-single",
    "naked-single",
    "locked-pair",
    "pointing",
    "claiming",
    "naked-pair",
    "x-wing",
    "hidden-pair",
    "skyscraper",
    "2-string-kite",
    "empty-rectangle",
    "xy-wing",
    "xyz-wing",
    "w-wing",
    "unique-rectangle-type-1",
    "bug+1",
    "finned-swordfish",
    "sue-de-coq",
    "xy-chain",
    "als-xz",
    "aic",
];

#[test]
fn technique_puzzles_use_it_and_nothing_harder_in_explains_path() {
    let order = teachers_order();
    let mut checked = 0;
    for &code in TECHNIQUES {
        assert!(order.iter().any(|o| o == code), "{code} is not listed");
        let out = run(&[
            "generate",
            "--technique",
            code,
            "--count",
            "5",
            "--seed",
            "1",
        ]);
        assert!(out.status.success(), "{code}: {}", text(&out.stderr));
        let lines = text(&out.stdout);
        assert_eq!(lines.lines().count(), 5, "{code}");
        for puzzle in lines.lines() {
            let codes = path_codes(&[], puzzle);
            assert!(
                uses_and_nothing_harder(&order, &codes, code),
                "{code}: {puzzle} has the path {codes:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 5 * TECHNIQUES.len());
}

#[test]
fn technique_puzzles_are_the_same_at_any_thread_count() {
    let args = |threads: &'static str| {
        [
            "generate",
            "--technique",
            "x-wing,skyscraper",
            "--count",
            "6",
            "--seed",
            "9",
            "--threads",
            threads,
        ]
    };
    let one = run(&args("1"));
    let two = run(&args("2"));
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert_eq!(one.stdout, two.stdout);
    // Several techniques: each puzzle's hardest step is one of them.
    let order = teachers_order();
    for puzzle in text(&one.stdout).lines() {
        let codes = path_codes(&[], puzzle);
        assert!(
            uses_and_nothing_harder(&order, &codes, "x-wing")
                || uses_and_nothing_harder(&order, &codes, "skyscraper"),
            "{puzzle}: {codes:?}"
        );
    }
}

#[test]
fn a_drill_is_a_pencil_grid_whose_next_step_is_the_technique() {
    for code in ["x-wing", "xy-wing", "pointing"] {
        let out = run(&[
            "generate",
            "--technique",
            code,
            "--at-start",
            "--count",
            "2",
            "--seed",
            "3",
        ]);
        assert!(out.status.success(), "{code}: {}", text(&out.stderr));
        let grids = text(&out.stdout);
        let positions: Vec<&str> = grids
            .split("\n\n")
            .filter(|g| !g.trim().is_empty())
            .collect();
        assert_eq!(positions.len(), 2, "{code}: {grids}");
        for grid in &positions {
            let codes = path_codes(&[], grid);
            assert_eq!(codes[0], code, "{code}: the next step from\n{grid}");
        }
        // The JSON carries the same position, and the puzzle it comes from.
        let json = run(&[
            "generate",
            "--technique",
            code,
            "--at-start",
            "--count",
            "2",
            "--seed",
            "3",
            "--format",
            "json",
        ]);
        assert!(json.status.success());
        for (line, grid) in text(&json.stdout).lines().zip(&positions) {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["drill"]["position"].as_str().unwrap().trim(), grid.trim());
            let steps_before = v["drill"]["step"].as_u64().unwrap() as usize;
            let codes = path_codes(&[], v["puzzle"].as_str().unwrap());
            assert_eq!(codes[steps_before], code);
            assert!(codes[..steps_before].iter().all(|c| c != code));
        }
    }
}

#[test]
fn technique_targets_combine_with_symmetry_minimal_formats_and_variants() {
    let order = teachers_order();
    let out = run(&[
        "generate",
        "--technique",
        "naked-pair",
        "--symmetry",
        "rot180",
        "--minimal",
        "--count",
        "2",
        "--seed",
        "4",
        "--format",
        "csv",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut rows = csv.lines();
    assert!(rows.next().unwrap().ends_with(",generator,technique"));
    for row in rows {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.last(), Some(&"Naked Pair"));
        let puzzle = fields[2];
        // The givens keep the half-turn symmetry.
        let b = puzzle.as_bytes();
        assert!(
            (0..81).all(|i| (b[i] == b'.') == (b[80 - i] == b'.')),
            "{puzzle}"
        );
        assert!(uses_and_nothing_harder(
            &order,
            &path_codes(&[], puzzle),
            "naked-pair"
        ));
    }
    // On X-Sudoku, with the diagonals in the teacher's houses.
    let out = run(&[
        "generate",
        "--variant",
        "x",
        "--technique",
        "pointing",
        "--count",
        "2",
        "--seed",
        "5",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for puzzle in text(&out.stdout).lines() {
        let codes = path_codes(&["--variant", "x"], puzzle);
        assert!(
            uses_and_nothing_harder(&order, &codes, "pointing"),
            "{codes:?}"
        );
    }
}

#[test]
fn untargetable_techniques_and_bad_combinations_are_refused_with_a_reason() {
    for (args, says) in [
        (&["--technique", "direct-pointing"][..], "rating only"),
        (&["--technique", "trial-and-error"][..], "a guess"),
        (&["--technique", "jellyfish"][..], "too rare to target"),
        (
            &["--technique", "x-wing,jellyfish"][..],
            "too rare to target",
        ),
        (
            &["--technique", "x-wingg"][..],
            "unknown technique 'x-wingg'",
        ),
        (
            &["--technique", "nishio-forcing-chain", "--variant", "x"][..],
            "standard houses",
        ),
        (
            &["--technique", "x-wing", "--at-start", "--format", "csv"][..],
            "pencil-mark grid",
        ),
        (&["--at-start"][..], "--technique"),
    ] {
        let mut all = vec!["generate", "--seed", "1"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
