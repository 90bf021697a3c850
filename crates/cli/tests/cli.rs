//! CLI tests: run the built `nonet` binary on files and standard input, as a user would.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod support;
use support::run_stdin;

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// One `examples.txt` record: name, puzzle, solution count, classic rating, solution.
struct Example {
    puzzle: String,
    solutions: String,
    solution: String,
}

fn examples() -> Vec<Example> {
    std::fs::read_to_string(fixture("examples.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            Example {
                puzzle: f[1].to_string(),
                solutions: f[2].to_string(),
                solution: f[4].to_string(),
            }
        })
        .collect()
}

const GOOD: &str =
    ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
const GOOD_SOLUTION: &str =
    "248617593679253418153948726961534872735826149824791365516379284397482651482165937";

#[test]
fn solve_answers_every_example() {
    let ex = examples();
    let input: String = ex.iter().map(|e| format!("{}\n", e.puzzle)).collect();
    let out = run_stdin(&["solve"], &input);
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), ex.len());
    for (e, line) in ex.iter().zip(&lines) {
        let expected = match e.solutions.as_str() {
            "0" => "none",
            "1" => e.solution.as_str(),
            _ => "multiple",
        };
        assert_eq!(line, expected, "puzzle {}", e.puzzle);
    }
    // examples.txt has puzzles with no and with several solutions: exit 1.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn count_answers_every_example() {
    let ex = examples();
    let input: String = ex.iter().map(|e| format!("{}\n", e.puzzle)).collect();
    let out = run_stdin(&["count", "--threads", "2"], &input);
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    for (e, line) in ex.iter().zip(&lines) {
        let expected = if e.solutions == "2+" {
            "2"
        } else {
            &e.solutions
        };
        assert_eq!(line, expected, "puzzle {}", e.puzzle);
    }
    let out = run_stdin(&["count", "--limit", "10"], &format!("{}\n", ex[6].puzzle));
    assert_eq!(text(&out.stdout).trim(), "10");
}

#[test]
fn reference_solver_gives_the_same_answers() {
    let ex = examples();
    let input: String = ex.iter().map(|e| format!("{}\n", e.puzzle)).collect();
    let fast = run_stdin(&["solve"], &input);
    let reference = run_stdin(&["solve", "--reference", "--threads", "1"], &input);
    assert_eq!(text(&fast.stdout), text(&reference.stdout));
}

#[test]
fn mixed_file_reports_bad_lines_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("nonet-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.txt");
    let short = &GOOD[..80];
    let stray = format!("{}x{}", &GOOD[..40], &GOOD[41..]);
    // Row 1 holds a 4 at r1c2: put another 4 at r1c1.
    let repeat = format!("4{}", &GOOD[1..]);
    std::fs::write(&path, format!("{GOOD}\n{short}\n{stray}\n{repeat}\n")).unwrap();
    let out = nonet().arg("solve").arg(&path).output().unwrap();
    assert_eq!(
        text(&out.stdout),
        format!("{GOOD_SOLUTION}\ninvalid\ninvalid\ninvalid\n")
    );
    let err = text(&out.stderr);
    assert!(err.contains("line 2: 80 cells, expected 81"), "{err}");
    assert!(
        err.contains("line 3: unexpected character 'x' at column 41 (r5c5)"),
        "{err}"
    );
    assert!(
        err.contains("line 4: digit 4 repeats in row 1 (r1c1, r1c2)"),
        "{err}"
    );
    assert!(!err.contains("line 1:"), "{err}");
    assert_eq!(out.status.code(), Some(2));

    // `solve` and `count` read bare lines without the clash check and check only puzzles with
    // no solution: the clash must still be `invalid`, with its reason, in every output shape.
    let out = nonet().arg("count").arg(&path).output().unwrap();
    assert_eq!(text(&out.stdout), "1\ninvalid\ninvalid\ninvalid\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("line 4: digit 4 repeats in row 1 (r1c1, r1c2)"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(2));
    for command in ["solve", "count"] {
        let out = nonet()
            .args([command, "--format", "json"])
            .arg(&path)
            .output()
            .unwrap();
        let last = text(&out.stdout).lines().nth(3).unwrap().to_string();
        let v: serde_json::Value = serde_json::from_str(&last).unwrap();
        assert_eq!(v["status"], "invalid", "{command}: {last}");
        assert_eq!(
            v["error"], "digit 4 repeats in row 1 (r1c1, r1c2)",
            "{command}: {last}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn a_multi_line_grid_on_stdin() {
    let grid = "\
. 4 . | 6 1 . | . 9 .
. 7 . | . 5 . | . . .
1 . 3 | 9 4 8 | . . .
------+-------+------
9 6 1 | . . . | . . 2
. . 5 | 8 2 6 | 1 . .
8 . . | . . . | 3 6 5
------+-------+------
. . . | 3 7 9 | 2 . 4
. . . | . 8 . | . 5 .
. 8 . | . 6 5 | . 3 .
";
    let out = run_stdin(&["solve"], grid);
    assert_eq!(text(&out.stdout).trim(), GOOD_SOLUTION);
    assert_eq!(out.status.code(), Some(0));
    let out = run_stdin(&["solve", "--format", "grid"], grid);
    assert_eq!(text(&out.stdout).lines().count(), 12);
}

#[test]
fn a_broken_grid_names_its_line() {
    let grid = "\
. 4 . | 6 1 . | . 9 .
. 7 . | . 5 . | . . .
1 . 3 | 9 4 8 | . . .
------+-------+------
9 6 1 | . . . | . . 2
. . 5 | 8 2 6 | 1 .
8 . . | . . . | 3 6 5
";
    let out = run_stdin(&["solve"], grid);
    assert_eq!(text(&out.stdout).trim(), "invalid");
    assert!(text(&out.stderr).contains("line 6: row 5 has 8 cells, expected 9"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn json_lines() {
    let out = run_stdin(&["solve", "--format", "json"], &format!("{GOOD}\n"));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["status"], "unique");
    assert_eq!(v["solution"], GOOD_SOLUTION);
    assert_eq!(v["line"], 1);
}

#[test]
fn check_validates_without_solving() {
    let no_solution = examples()
        .into_iter()
        .find(|e| e.solutions == "0")
        .unwrap()
        .puzzle;
    let out = run_stdin(&["check"], &format!("{GOOD}\n{no_solution}\n123\n"));
    assert_eq!(text(&out.stdout), "ok\nok\ninvalid\n");
    assert!(text(&out.stderr).contains("line 3: 3 cells, expected 81"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn candidates_before_and_after_elimination() {
    let needs_search =
        "9.1..4.........296.8....4.721...6.....6.23..4.5.94.........8.4.....7..3.....316.5";
    let out = nonet().args(["candidates", needs_search]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let after = text(&out.stdout);
    assert_eq!(after.lines().count(), 13);
    let raw = text(
        &nonet()
            .args(["candidates", "--raw", GOOD])
            .output()
            .unwrap()
            .stdout,
    );
    let solved = text(&nonet().args(["candidates", GOOD]).output().unwrap().stdout);
    assert!(raw.len() > solved.len());
    assert!(solved.contains("| 2 4 8 | 6 1 7 | 5 9 3 |"), "{solved}");
    let out = nonet()
        .args(["candidates", "--format", "json", GOOD])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cells"].as_array().unwrap().len(), 81);
}

#[test]
fn bad_command_lines_exit_2() {
    assert_eq!(
        nonet().arg("frobnicate").output().unwrap().status.code(),
        Some(2)
    );
    assert_eq!(
        nonet()
            .args(["solve", "--bogus"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
    let out = nonet()
        .args(["solve", "/no/such/file.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/no/such/file.txt: No such file or directory"));
    assert_eq!(
        nonet()
            .args(["count", "--limit", "0"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn empty_input_and_garbage() {
    let out = run_stdin(&["solve"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let garbage: Vec<u8> = (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let mut child = nonet()
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&garbage).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"));
    // A line longer than any puzzle record is refused by its length (it is not kept to count
    // its cells: `tests/endless.rs`).
    let long = "1".repeat(1_000_000);
    let out = run_stdin(&["solve"], &long);
    assert_eq!(text(&out.stdout).trim(), "invalid");
    assert!(text(&out.stderr).contains("line 1: too long: over 65536 bytes"));
}

#[test]
fn output_order_is_kept_with_many_threads() {
    let ex = examples();
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&ex[i % ex.len()].puzzle);
        input.push('\n');
    }
    let one = run_stdin(&["solve", "--threads", "1"], &input);
    let many = run_stdin(&["solve", "--threads", "4"], &input);
    assert_eq!(text(&one.stdout), text(&many.stdout));
    assert_eq!(text(&one.stdout).lines().count(), 300);
}

#[test]
fn record_files_are_read_field_by_field() {
    // examples.txt lines are `name:puzzle:count:classic:solution`: the puzzle field is used.
    let out = nonet()
        .arg("solve")
        .arg(fixture("examples.txt"))
        .output()
        .unwrap();
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    let ex = examples();
    assert_eq!(lines.len(), ex.len());
    for (e, line) in ex.iter().zip(&lines) {
        let expected = match e.solutions.as_str() {
            "0" => "none",
            "1" => e.solution.as_str(),
            _ => "multiple",
        };
        assert_eq!(line, expected);
    }
    // Stderr names the file's own line numbers (the header comments count).
    assert!(
        text(&out.stderr).contains("line 15: no solution"),
        "{}",
        text(&out.stderr)
    );
}

/// Each subcommand's `--help` opens with the line the top-level help lists for it. The
/// subcommands' arguments are built lazily (`#[command(defer = true)]`, for start-up time), after
/// that line is set, so a doc comment on an argument struct would silently replace it (it once
/// read "Arguments of `nonet solve`").
#[test]
fn subcommand_help_opens_with_its_summary() {
    let top = nonet().arg("--help").output().unwrap();
    let top = text(&top.stdout);
    let listed: Vec<(String, String)> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| {
            let (name, summary) = l.trim().split_once(' ')?;
            (name != "help").then(|| (name.to_string(), summary.trim().to_string()))
        })
        .collect();
    assert!(listed.len() >= 10, "subcommands listed: {listed:?}");
    for (name, summary) in listed {
        let out = nonet().args([name.as_str(), "--help"]).output().unwrap();
        assert!(out.status.success(), "nonet {name} --help");
        let help = text(&out.stdout);
        assert_eq!(
            help.lines().next(),
            Some(summary.as_str()),
            "nonet {name} --help"
        );
        assert!(
            help.contains(&format!("Usage: nonet {name}")),
            "nonet {name} --help: {help}"
        );
    }
}

/// A puzzle whose path takes a skyscraper, ALS steps and a dynamic forcing chain.
const CHAINS: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn explain_prints_a_chain_notation_indented_under_its_sentence() {
    let out = nonet().args(["explain", CHAINS]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let mut notations = 0;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("    ") && line.contains(" => ") {
            notations += 1;
            // The sentence above it is a numbered step, in words.
            let above = lines[i - 1].trim_start();
            assert!(
                above.split('.').next().unwrap().parse::<usize>().is_ok(),
                "{above}"
            );
            assert!(above.contains(": "), "{above}");
        }
    }
    assert!(notations >= 2, "{stdout}");
}

/// A pencil-mark position whose next step is a Skyscraper (from `nonet generate --technique
/// skyscraper --at-start --seed 1`, kept here so the test does not depend on the generator).
const SKYSCRAPER_NEXT: &str = "\
.---------+---------+---------------.
| 89 3  2 | 1  6 4  | 7   89   5    |
| 6  89 1 | 5  2 7  | 89  3    4    |
| 4  7  5 | 8  9 3  | 2   16   16   |
+---------+---------+---------------+
| 89 4  6 | 7  1 58 | 589 2    3    |
| 1  2  7 | 69 3 58 | 589 4    689  |
| 5  89 3 | 69 4 2  | 1   6789 6789 |
+---------+---------+---------------+
| 7  6  9 | 3  8 1  | 4   5    2    |
| 3  5  4 | 2  7 9  | 6   18   18   |
| 2  1  8 | 4  5 6  | 3   79   79   |
.---------+---------+---------------.

";

#[test]
fn hint_move_prints_the_chain_notation_under_its_sentence_as_explain_does() {
    let out = run_stdin(&["hint", "-"], SKYSCRAPER_NEXT);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].contains("Skyscraper"), "{stdout}");
    assert!(
        lines[1].starts_with("    9r") && lines[1].contains(" => "),
        "{stdout}"
    );
    // A hint that names only the technique or the area gives no notation away.
    for level in ["technique", "area"] {
        let out = run_stdin(&["hint", "--level", level, "-"], SKYSCRAPER_NEXT);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).lines().count(), 1, "{level}");
    }
}

/// `hint --level technique -f json` (or `area`) gave the whole move away beside its text: the
/// placements, eliminations, explanation and pattern. The object now keeps what the level
/// says, as the text does.
#[test]
fn a_json_hint_gives_away_no_more_than_its_level() {
    let keys = |level: &str| -> Vec<String> {
        let out = run_stdin(
            &["hint", "-f", "json", "--level", level, "-"],
            SKYSCRAPER_NEXT,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["technique"], "Skyscraper");
        v.as_object().unwrap().keys().cloned().collect()
    };
    let technique = keys("technique");
    assert_eq!(
        technique,
        ["code", "hint", "level", "technique", "uniqueness"]
    );
    let area = keys("area");
    assert!(area.iter().any(|k| k == "digits"), "{area:?}");
    for k in [
        "placements",
        "eliminations",
        "explanation",
        "text",
        "pattern",
        "links",
    ] {
        assert!(!area.iter().any(|a| a == k), "{area:?}");
    }
    assert!(keys("move").iter().any(|k| k == "eliminations"));
}

/// `hint -f json` on a puzzle without a solution printed the word `none`, which no JSON reader
/// takes; it is now an object, as `explain -f json` gives.
#[test]
fn a_json_hint_without_a_solution_is_json() {
    const NONE: &str =
        "54.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
    let out = nonet().args(["hint", "-f", "json", NONE]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"], "none");
    assert_eq!(v["puzzle"], NONE);
}

/// `hint -f json` and `explain -f json` on a puzzle with several solutions gave a step that
/// looked like any other: the notice went to standard error only. The record now says
/// `"status": "multiple"`, as `solve -f json` does, and check-step still reads the hint.
#[test]
fn a_json_hint_on_several_solutions_says_so() {
    const SEVERAL: &str =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    for cmd in ["hint", "explain"] {
        let out = nonet().args([cmd, "-f", "json", SEVERAL]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["status"], "multiple", "{cmd}");
    }
    let hint = run_stdin(&["hint", "-f", "json", "-"], SKYSCRAPER_NEXT);
    let v: serde_json::Value = serde_json::from_slice(&hint.stdout).unwrap();
    assert!(v.get("status").is_none(), "{v}");
    let hint = nonet()
        .args(["hint", "-f", "json", SEVERAL])
        .output()
        .unwrap();
    let step = text(&hint.stdout).trim().to_string();
    let out = nonet()
        .args(["check-step", "-f", "json", SEVERAL, &step])
        .output()
        .unwrap();
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)));
    assert_eq!(v["valid"], true, "{v}");
}

/// `candidates -f json` pretty-printed (by `jq` or `python -m json.tool`) and given to `hint`
/// was read as hundreds of puzzle lines ("expected one puzzle, found 597 lines"): a JSON
/// object over several lines is one record.
#[test]
fn a_pretty_printed_json_position_reads_as_one_record() {
    const PUZZLE: &str =
        ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.";
    let out = nonet()
        .args(["candidates", "-f", "json", PUZZLE])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pretty = serde_json::to_string_pretty(&v).unwrap();
    assert!(pretty.lines().count() > 100);
    let one = run_stdin(&["hint", "-"], &text(&out.stdout));
    let many = run_stdin(&["hint", "-"], &pretty);
    assert!(many.status.success(), "{}", text(&many.stderr));
    assert_eq!(text(&many.stdout), text(&one.stdout));
}

/// Two pencil-mark grids given to `hint` were refused as "18 rows, expected 9", and two
/// puzzle grids as "2 lines": each is a grid, and the command takes one.
#[test]
fn several_grids_given_to_hint_are_counted_as_grids() {
    for args in [
        &["generate", "--seed", "3", "-n", "2", "-f", "grid"][..],
        &[
            "generate",
            "--seed",
            "3",
            "-n",
            "2",
            "--technique",
            "x-wing",
            "--at-start",
        ][..],
    ] {
        let grids = nonet().args(args).output().unwrap();
        assert!(grids.status.success(), "{}", text(&grids.stderr));
        for cmd in ["hint", "explain"] {
            let out = run_stdin(&[cmd, "-"], &text(&grids.stdout));
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                text(&out.stderr).contains("expected one position, found 2 grids"),
                "{args:?}: {}",
                text(&out.stderr)
            );
        }
    }
}

#[test]
fn explain_json_gives_a_chain_link_by_link_with_what_makes_each() {
    let out = nonet()
        .args(["explain", "-f", "json", CHAINS])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = doc["steps"].as_array().unwrap();
    let mut chained = 0;
    for step in steps {
        assert_eq!(step["explanation"], step["text"]);
        let links = step["links"].as_array().unwrap();
        assert_eq!(links.is_empty(), step["notation"].is_null(), "{step}");
        if links.is_empty() {
            continue;
        }
        chained += 1;
        for l in links {
            assert!(l["text"].as_str().unwrap().starts_with("if "), "{l}");
            assert!(["strong", "weak"].contains(&l["kind"].as_str().unwrap()));
            // A link between two cells of one digit in one house is that house's.
            let same_digit = l["from"]["digit"] == l["to"]["digit"];
            if same_digit && l["from"]["cells"].as_array().unwrap().len() == 1 {
                assert!(l["house"].is_string() || l["why"].is_null(), "{l}");
            }
        }
        // Its first branch, node by node, is the chain's notation.
        let first: Vec<&serde_json::Value> = links.iter().filter(|l| l["branch"] == 0).collect();
        let mut notation = first[0]["from"]["name"].as_str().unwrap().to_string();
        for l in &first {
            notation.push_str(if l["kind"] == "strong" { " = " } else { " - " });
            notation.push_str(l["to"]["name"].as_str().unwrap());
        }
        assert!(
            step["notation"].as_str().unwrap().starts_with(&notation),
            "{step}"
        );
    }
    assert!(chained >= 2, "{doc}");
}

/// `candidates` output read back: its JSON was read for its `puzzle` member alone, so a hint
/// came from the givens, not the position the JSON gives (a placed digit, a removed candidate
/// ignored); its `--format line` was refused as a puzzle line "with a space at column 2". Both
/// are now read as the position they write.
#[test]
fn candidates_output_reads_back_as_its_position() {
    const P: &str =
        ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.";
    let candidates = |format: &str| {
        let out = nonet()
            .args(["candidates", "-f", format, P])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let grid_hint = run_stdin(&["hint", "-"], &candidates("grid"));
    for format in ["json", "line"] {
        let hint = run_stdin(&["hint", "-"], &candidates(format));
        assert_eq!(text(&hint.stdout), text(&grid_hint.stdout), "{format}");
        assert!(hint.status.success(), "{}", text(&hint.stderr));
    }
    // The position, not the givens: a wrong digit placed in the JSON is found (r1c1 is 4; 2
    // breaks no rule).
    let mut doc: serde_json::Value = serde_json::from_str(&candidates("json")).unwrap();
    doc["cells"][0] = serde_json::json!({ "cell": "r1c1", "value": 2 });
    let hint = run_stdin(&["hint", "-"], &doc.to_string());
    assert!(
        text(&hint.stdout).contains("The 2 in r1c1 is wrong"),
        "{}",
        text(&hint.stdout)
    );
    // A JSON position that lost a given, or a cell, says so.
    doc["cells"][1] = serde_json::json!({ "cell": "r1c2", "candidates": [9] });
    let hint = run_stdin(&["hint", "-"], &doc.to_string());
    assert!(
        text(&hint.stderr).contains("\"cells\" lacks r1c2's given 9"),
        "{}",
        text(&hint.stderr)
    );
    assert_eq!(hint.status.code(), Some(2));
    let line = candidates("line");
    let short: Vec<&str> = line.split_whitespace().take(80).collect();
    let hint = run_stdin(&["hint", "-"], &short.join(" "));
    assert!(
        text(&hint.stderr).contains("line 1: 80 cells, expected 81"),
        "{}",
        text(&hint.stderr)
    );
    // A JSON position is refused for what a grid is refused for, and for its own faults.
    let json = candidates("json");
    let edited = |cell: usize, entry: serde_json::Value| {
        let mut doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        doc["cells"][cell] = entry;
        doc.to_string()
    };
    let cases = [
        // r1c1 holds 9 where the given r1c2 is 9.
        (
            edited(0, serde_json::json!({ "cell": "r1c1", "value": 9 })),
            "digit 9 repeats in row 1",
        ),
        (
            edited(
                0,
                serde_json::json!({ "cell": "r1c1", "value": 2, "candidates": [2] }),
            ),
            "r1c1 has both a \"value\" and \"candidates\"",
        ),
        (
            edited(0, serde_json::json!({ "cell": "r1c1", "candidates": 3 })),
            "r1c1's \"candidates\" is 3, not a list of digits",
        ),
    ];
    for (doc, reason) in cases {
        let hint = run_stdin(&["hint", "-"], &doc);
        assert_eq!(hint.status.code(), Some(2), "{reason}");
        assert!(
            text(&hint.stderr).contains(reason),
            "{}",
            text(&hint.stderr)
        );
    }
}

/// A jigsaw's JSON (its `regions` draw other houses than the boxes) read without `--variant
/// jigsaw` was checked on the boxes ("digit 9 repeats in box 2"), or, when its givens happened
/// not to clash there, answered on the boxes; it is refused as a jigsaw's line is.
#[test]
fn a_jigsaw_s_json_read_on_the_boxes_is_refused_as_a_jigsaw_s() {
    let gen = nonet()
        .args([
            "generate",
            "--variant",
            "jigsaw",
            "--seed",
            "2",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    let json = text(&gen.stdout);
    for cmd in [&["solve"][..], &["hint", "-"][..]] {
        let out = run_stdin(cmd, &json);
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
        assert!(
            text(&out.stderr).contains("read the puzzle as a jigsaw"),
            "{cmd:?}: {}",
            text(&out.stderr)
        );
    }
}

/// `generate --format grid` with several puzzles, read back: every row of every grid was a
/// puzzle line, `invalid` ("unexpected character '-' at column 1"). Each grid is now a puzzle,
/// answered on its own line and numbered by its first line, on the standard layout and a
/// jigsaw's (rows beside their labels).
#[test]
fn several_grids_read_back_as_a_puzzle_each() {
    for variant in [&[][..], &["--variant", "jigsaw"][..]] {
        let generate = |format: &[&str]| {
            let out = nonet()
                .args(["generate", "--seed", "4", "-n", "3"])
                .args(variant)
                .args(format)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", text(&out.stderr));
            text(&out.stdout)
        };
        let solve = |input: &str| {
            let out = run_stdin(&[&["solve"], variant].concat(), input);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            text(&out.stdout)
        };
        let grids = generate(&["-f", "grid"]);
        let solved = solve(&grids);
        assert_eq!(solved, solve(&generate(&[])), "{variant:?}");
        assert_eq!(solved.lines().count(), 3);
        let numbered = run_stdin(&[&["solve", "-n"], variant].concat(), &grids);
        let first = text(&numbered.stdout)
            .lines()
            .nth(1)
            .map(|l| l.split(':').next().unwrap().to_string());
        let rows = if variant.is_empty() { 12 } else { 10 };
        assert_eq!(
            first.as_deref(),
            Some(&*(1 + rows).to_string()),
            "{variant:?}"
        );
        // The grids `--only` keeps read back as grids: each still ends with its blank line.
        let kept = run_stdin(&[&["count", "--only", "unique"], variant].concat(), &grids);
        assert_eq!(solve(&text(&kept.stdout)), solved, "{variant:?}");
    }
}
