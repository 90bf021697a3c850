//! `nonet check-step`: every step of `nonet explain -f json --pencil`, given back with the
//! pencil-mark grid it was found on, is valid (exit 0); a broken one is not valid, with a
//! reason (exit 1); input that cannot be read exits 2 with the problem named. The engine's own
//! tests (`crates/logic/tests/check_step.rs`) cover the shared sets; these cover the command.

use std::process::Command;

use serde_json::Value;

mod support;
use support::run_stdin as run;

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A puzzle whose path takes singles, intersections, subsets, a skyscraper, unique
/// rectangles, ALS steps and a dynamic forcing chain.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const EASY: &str =
    ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.";

/// Runs `nonet explain -f json --pencil` on `puzzle` (with `variant`'s options) and checks
/// every step, as printed, on its pencil-mark grid: valid, with the same results.
fn every_step_checks_valid(puzzle: &str, variant: &[&str]) {
    let out = nonet()
        .args(["explain", "-f", "json", "--pencil"])
        .args(variant)
        .arg(puzzle)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = doc["steps"].as_array().unwrap();
    assert!(steps.len() > 20);
    for (i, step) in steps.iter().enumerate() {
        let grid = step["pencil_marks"].as_str().unwrap();
        // The step exactly as explain printed it (its pencil grid included: a known field).
        let json = step.to_string();
        let mut args = vec!["check-step", "-f", "json"];
        args.extend(variant);
        args.extend(["-", json.as_str()]);
        let out = run(&args, grid);
        let v: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|_| panic!("step {i}: {}", text(&out.stderr)));
        assert_eq!(out.status.code(), Some(0), "step {i} {step}: {v}");
        assert_eq!(v["valid"], true);
        assert_eq!(v["eliminations"], step["eliminations"], "step {i}");
        assert_eq!(v["placements"], step["placements"], "step {i}");
        // The answer says its layout as every JSON answer on a variant does.
        if let Some(regions) = variant.iter().skip_while(|a| **a != "--regions").nth(1) {
            assert_eq!(v["regions"].as_str(), Some(*regions), "step {i}");
        }
    }
}

#[test]
fn every_step_of_explain_checks_valid_on_its_pencil_grid() {
    every_step_checks_valid(HARD, &[]);
}

/// On X-Sudoku the grids `explain --pencil` prints follow the diagonals too (a placement once
/// left its diagonal peers' candidates alone there), and a multi-line pencil grid is read on a
/// variant (it was refused as "many puzzles").
#[test]
fn every_step_of_an_x_sudoku_checks_valid_on_its_pencil_grid() {
    every_step_checks_valid(
        "..6......5...8...67......5...862......9...8.43..........1.....9..73.4......2987..",
        &["--variant", "x"],
    );
}

/// A jigsaw's steps name its regions by their labels, and a step read back finds its regions
/// by them: a map labelled with letters, out of the order of the regions' first cells.
#[test]
fn every_step_of_a_jigsaw_checks_valid_naming_regions_by_their_labels() {
    every_step_checks_valid(
        "..65..78..2.6.9....85.913..95.3....26.2...5.7..876..9.1.94...2..63....51.....7964",
        &[
            "--variant",
            "jigsaw",
            "--regions",
            "IIIIIHHHGIHHHHHGGGIIHFFFGGGIEEEEFFGGDDDDEFFFFCCDDEEEEBCCCDDDABBCCCAAAAABCAAABBBBB",
        ],
    );
}

#[test]
fn a_broken_step_is_not_valid_and_says_why() {
    // r3c3 = 1 is a hidden single in box 1; 2 is not.
    let out = run(
        &[
            "check-step",
            EASY,
            r#"{"code":"hidden-single","placements":[{"cell":"r3c3","digit":2}]}"#,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    // What is wrong with the claim itself, not the digit that does go there (which the
    // reason gave away before).
    assert_eq!(
        stdout,
        "not valid: 2 has other places in row 3: r3c1, r3c4, r3c5 and r3c7; 2 has other places \
         in column 3: r1c3 and r7c3; 2 has other places in box 1: r1c1, r1c3, r2c1 and r3c1: not \
         a Hidden Single\n"
    );
    // A claimed elimination the step does not give is named.
    let out = run(
        &[
            "check-step",
            "-f",
            "json",
            EASY,
            r#"{"code":"hidden-single","cells":["r3c3"],"digits":[1],"eliminations":["1r3c1"]}"#,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["verdict"], "not-valid");
    assert!(
        v["reason"].as_str().unwrap().contains("1r3c1")
            || v["reason"].as_str().unwrap().contains("r3c1"),
        "{v}"
    );
}

#[test]
fn the_step_can_come_from_a_file() {
    let dir = std::env::temp_dir().join(format!("nonet-check-step-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("step.json");
    std::fs::write(
        &file,
        r#"{"code":"hidden-single","cells":["r2c6"],"digits":[1]}"#,
    )
    .unwrap();
    let arg = format!("@{}", file.display());
    let out = run(&["check-step", EASY, &arg], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "valid: a Hidden Single on 1 in row 2 (r2c6): it places 1 in r2c6. r2c6 is 1: it is \
         the only cell of row 2 where 1 can still go (a Hidden Single).\nplaces: r2c6=1\n"
    );
    // The position from standard input, the step from a file.
    let grid = text(
        &nonet()
            .args(["candidates", "--raw", EASY])
            .output()
            .unwrap()
            .stdout,
    );
    let out = run(&["check-step", "-", &arg], &grid);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_input_exits_2_and_names_the_problem() {
    let mut clash = EASY.to_string();
    clash.replace_range(0..1, "9");
    for (args, stdin, needle) in [
        (vec![EASY, "{not json"], "", "not JSON"),
        (vec![EASY, r#"{"code":"x-wingg"}"#], "", "unknown technique"),
        (
            vec![EASY, r#"{"code":"x-wing","cells":["r10c1"]}"#],
            "",
            "not a cell",
        ),
        (
            vec![EASY, r#"{"code":"x-wing","digits":[0]}"#],
            "",
            "not a digit",
        ),
        (vec![&clash, r#"{"code":"naked-single"}"#], "", "repeats"),
        (vec!["-", "@-"], "", "both be read from standard input"),
        (
            vec!["-", r#"{"code":"naked-single"}"#],
            "garbage",
            "unexpected character",
        ),
        (
            vec![EASY, "@/no/such/step.json"],
            "",
            "cannot read the step",
        ),
        (vec![EASY, r#"{"code":"trial-and-error"}"#], "", "a guess"),
    ] {
        let mut full = vec!["check-step"];
        full.extend(args.iter().copied());
        let out = run(&full, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// A claim naming a house the layout does not have (a window without Windoku, a region
/// without a jigsaw, a diagonal without X) was judged "not valid: ... is not one of its
/// houses", as if the deduction were merely wrong: the step cannot be read on that layout
/// (exit 2), while the same house on its own variant is judged as usual.
#[test]
fn a_house_the_layout_does_not_have_makes_the_step_unreadable() {
    // Sound puzzles of X-Sudoku and Windoku (from the shared variant sets).
    const X: &str =
        "..6......5...8...67......5...862......9...8.43..........1.....9..73.4......2987..";
    const WINDOKU: &str =
        ".....18....8.9..37....2.5........17.169..........1..8..8...56....5.64.1.6.21..3.5";
    let cases = [
        ("window 1", EASY, &[][..], "(standard)"),
        ("region 1", EASY, &[][..], "(standard)"),
        ("main diagonal", EASY, &[][..], "(standard)"),
        ("window 2", X, &["--variant", "x"][..], "(x)"),
    ];
    for (house, puzzle, variant, layout) in cases {
        for key in ["houses", "cover_houses"] {
            let step = format!(r#"{{"code":"x-wing","{key}":["{house}"]}}"#);
            let out = nonet()
                .args(["check-step"])
                .args(variant)
                .args([puzzle, &step])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{step} {variant:?}");
            let err = text(&out.stderr);
            assert!(
                err.contains(&format!(
                    "{house} is not a house of this puzzle's layout {layout}"
                )),
                "{step}: {err}"
            );
        }
    }
    // On a layout that has it, the house is part of an ordinary verdict.
    let out = nonet()
        .args(["check-step", "--variant", "windoku", WINDOKU])
        .arg(r#"{"code":"x-wing","houses":["window 1"]}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("not valid: "));
}

/// A pencil-mark grid whose one X-Wing is on 4 in rows 2 and 6, columns 2 and 6.
fn one_x_wing_grid() -> String {
    use nonet_core::{Cell, Digit, PencilMarks, Sudoku};
    let mut pm = PencilMarks::raw(&Sudoku::from_line(&".".repeat(81)).unwrap().into());
    for row in [1, 5] {
        for col in [0, 2, 3, 4, 6, 7, 8] {
            pm.eliminate(Cell::at(row, col), Digit::new(4).unwrap());
        }
    }
    pm.to_pencil_grid()
}

/// Regression: `valid:` gave the step's sentence without naming the step found; it now names
/// its technique, digit, houses and cells and what it removes, before the sentence.
#[test]
fn a_valid_step_names_the_step_found_its_houses_cells_and_removals() {
    let claim = r#"{"code":"x-wing","digits":[4],"cells":["r2c2","r6c6"]}"#;
    let out = run(&["check-step", "-", claim], &one_x_wing_grid());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(
            "valid: an X-Wing on 4 in row 2 and row 6, over column 2 and column 6 (r2c2, \
             r2c6, r6c2 and r6c6): it removes 4 from r1c2, r1c6, r3c2"
        ),
        "{stdout}"
    );
}

/// Regression: a wrong X-Wing claim was answered "the nearest X-Wing found is on 4 in r2c2,
/// r2c6, r6c2 and r6c6": the reason gave away the pattern the player had not found. It now
/// says what is wrong with the cells claimed, and the JSON carries no step.
#[test]
fn a_wrong_x_wing_claim_does_not_reveal_the_real_one() {
    let grid = one_x_wing_grid();
    let claim = r#"{"code":"x-wing","digits":[4],"cells":["r3c3","r3c8","r7c3","r7c8"]}"#;
    let out = run(&["check-step", "-f", "json", "-", claim], &grid);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "not-valid");
    assert_eq!(v.get("step"), None, "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("r3c1 also holds 4, outside column 3 and column 8"),
        "{reason}"
    );
    for real in [
        "r2c2", "r2c6", "r6c2", "r6c6", "row 2", "row 6", "column 2", "column 6",
    ] {
        assert!(!reason.contains(real), "{real} in {reason}");
    }
    // Nor with only a digit the X-Wing is not on.
    let out = run(
        &["check-step", "-", r#"{"code":"x-wing","digits":[5]}"#],
        &grid,
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout,
        "not valid: no X-Wing in this position matches the claim: none is on 5\n"
    );
}

/// A region named by a label its map does not have is refused naming the map's labels, and the
/// same letter in the other case is pointed out (labels are case-sensitive).
#[test]
fn a_region_label_not_in_the_map_is_refused_naming_the_labels() {
    const MAP: &str =
        "IIIIIHHHGIHHHHHGGGIIHFFFGGGIEEEEFFGGDDDDEFFFFCCDDEEEEBCCCDDDABBCCCAAAAABCAAABBBBB";
    let puzzle =
        "..65..78..2.6.9....85.913..95.3....26.2...5.7..876..9.1.94...2..63....51.....7964";
    for (region, want) in [
        ("region i", "no region labelled 'i' (its labels: IHGFEDCBA); labels are case-sensitive: 'region I' is one"),
        ("region Z", "no region labelled 'Z' (its labels: IHGFEDCBA)"),
        ("region IH", "such as 'region I'"),
    ] {
        let step = format!(r#"{{"code":"hidden-single","houses":["{region}"]}}"#);
        let out = run(
            &["check-step", "--variant", "jigsaw", "--regions", MAP, puzzle, &step],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{region}");
        assert!(text(&out.stderr).contains(want), "{region}: {}", text(&out.stderr));
    }
}

/// A step as `hint -f json` writes it was refused: "unknown field 'hint' in the step" (and
/// `level`, and a variant's `variant` and `regions`), though check-step takes every field a
/// step of `explain` carries. A hint's move now checks valid, on the standard layout and on a
/// jigsaw.
#[test]
fn a_hint_s_json_checks_valid() {
    let jigsaw = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/puzzles/variants/jigsaw-puzzles.txt"
    ))
    .unwrap();
    let line: Vec<&str> = jigsaw
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap()
        .split_whitespace()
        .collect();
    let cases: [(&str, &[&str]); 2] = [
        (EASY, &[]),
        (line[0], &["--variant", "jigsaw", "--regions", line[1]]),
    ];
    for (puzzle, variant) in cases {
        let hint = nonet()
            .args(["hint", "-f", "json"])
            .args(variant)
            .arg(puzzle)
            .output()
            .unwrap();
        assert!(hint.status.success(), "{}", text(&hint.stderr));
        let step = String::from_utf8(hint.stdout).unwrap();
        let out = nonet()
            .args(["check-step", "-f", "json"])
            .args(variant)
            .args([puzzle, step.trim()])
            .output()
            .unwrap();
        let verdict: Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)));
        assert_eq!(verdict["verdict"], "valid", "{verdict}");
        assert_eq!(out.status.code(), Some(0));
    }
}

/// A path without naked singles leaves cells down to one candidate, which a pencil-mark grid
/// writes as it writes a placed digit; read back, a step naming such a cell in its pattern was
/// refused ("r7c9 is already solved (9)"), while a naked single there was valid. A cell the
/// claim names as a candidate of its pattern now reads as that one candidate (here the naked
/// subset of a Unique Rectangle Type 3 takes r7c8's 7 and r7c9's 9).
#[test]
fn a_pattern_cell_down_to_one_candidate_reads_as_a_candidate_from_the_grid() {
    const GRID: &str = "\
.------------+---------+----------.
| 8   7  14  | 3  6 9  | 5  2  14 |
| 6   2  34  | 8  5 1  | 79 79 34 |
| 135 35 9   | 4  7 2  | 6  8  13 |
+------------+---------+----------+
| 2   35 357 | 79 1 3  | 4  6  8  |
| 9   1  8   | 6  4 5  | 2  3  7  |
| 4   6  37  | 79 2 38 | 9  1  5  |
+------------+---------+----------+
| 35  34 235 | 25 8 6  | 1  7  9  |
| 7   9  12  | 12 3 4  | 8  5  6  |
| 15  8  6   | 15 9 7  | 3  4  2  |
.------------+---------+----------.
";
    let step = r#"{"code":"unique-rectangle-type-3","digits":[1,2],
        "pattern":[{"cell":"r7c3","digit":2},{"cell":"r7c4","digit":2},{"cell":"r8c3","digit":1},
                   {"cell":"r8c3","digit":2},{"cell":"r8c4","digit":1},{"cell":"r8c4","digit":2}],
        "secondary":[{"cell":"r7c1","digit":3},{"cell":"r7c1","digit":5},{"cell":"r7c8","digit":7},
                     {"cell":"r7c9","digit":9}],
        "eliminations":[{"cell":"r7c2","digit":3}]}"#;
    let out = run(&["check-step", "-f", "json", "-", step], GRID);
    let v: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(out.status.code(), Some(0));
}

/// `check-step` read a step's `chain` and `notation` but did not check them: an AIC stated
/// through 1 in r1c2, which r1c2 does not hold, was valid because another AIC removes the
/// same. The chain's candidates must now be nodes of the chain found.
#[test]
fn a_stated_chain_through_a_candidate_not_there_is_not_valid() {
    const GRID: &str = "\
.--------------------+---------------------+--------------------.
| 4    68     3      | 5     79     78     | 179   2     16789  |
| 589  258    2589   | 2789  1      6      | 3479  34589 345789 |
| 7    2568   125689 | 289   2349   2348   | 9     5689  5689   |
+--------------------+---------------------+--------------------+
| 136  3467   67     | 1267  8      9      | 5     1346  123467 |
| 1569 4567   5679   | 3     24567  12457  | 8     1469  124679 |
| 2    345678 56789  | 167   4567   1457   | 13479 13469 134679 |
+--------------------+---------------------+--------------------+
| 3568 23568  2568   | 4     23569  12358  | 1239  7     13589  |
| 358  9      24578  | 1278  2357   123578 | 6     13458 13458  |
| 3568 1      245678 | 26789 235679 23578  | 2349  34589 34589  |
.--------------------+---------------------+--------------------.
";
    let verdict = |step: &str| -> Value {
        let out = run(&["check-step", "-f", "json", "-", step], GRID);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)))
    };
    let elim = r#""eliminations":[{"cell":"r9c3","digit":2}]"#;
    for field in ["chain", "notation"] {
        let v = verdict(&format!(
            r#"{{"code":"aic","{field}":"1r1c2 = 1r1c4",{elim}}}"#
        ));
        assert_eq!(v["valid"], false, "{v}");
        assert!(
            v["reason"]
                .as_str()
                .unwrap()
                .contains("r1c2 does not hold 1"),
            "{v}"
        );
    }
    // The chain that is there, stated, is valid; so is the claim without a chain.
    let v = verdict(&format!(
        r#"{{"code":"aic","chain":"4r8c3 = 4r9c3 - 7r9c3 = 7r8c3",{elim}}}"#
    ));
    assert_eq!(v["valid"], true, "{v}");
    let v = verdict(&format!(r#"{{"code":"aic",{elim}}}"#));
    assert_eq!(v["valid"], true, "{v}");
}
