//! `--variant` and `--regions` on `solve`, `count` and `check` (`shared/CLI.md`, "Variants"),
//! on samples of the shared jigsaw, X-Sudoku and Windoku sets (`../shared/puzzles/variants/`).

use std::path::PathBuf;

mod support;
use support::run_stdin;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn variants(file: &str) -> Vec<Vec<String>> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "../../../shared/puzzles/variants",
        file,
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(7)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn jigsaw_puzzles_with_their_maps_in_every_shape_get_their_solutions() {
    let rows = variants("jigsaw-puzzles.txt");
    let separators = [" ", ":", ";", ",", "\t", ""];
    let input: String = rows
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{}{}{}\n", f[0], separators[i % separators.len()], f[1]))
        .collect();
    let want: String = rows.iter().map(|f| format!("{}\n", f[2])).collect();
    let out = run_stdin(&["solve", "--variant", "jigsaw"], &input);
    assert_eq!(text(&out.stdout), want, "{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0));
    // One map for the whole input: the first puzzle's.
    let out = run_stdin(
        &["solve", "--variant", "jigsaw", "--regions", &rows[0][1]],
        &format!("{}\n", rows[0][0]),
    );
    assert_eq!(text(&out.stdout), format!("{}\n", rows[0][2]));
}

#[test]
fn x_and_windoku_puzzles_get_their_solutions_and_fail_as_standard_ones() {
    for (file, variant) in [("x-puzzles.txt", "x"), ("windoku-puzzles.txt", "windoku")] {
        let rows = variants(file);
        let input: String = rows.iter().map(|f| format!("{}\n", f[0])).collect();
        let want: String = rows.iter().map(|f| format!("{}\n", f[1])).collect();
        let out = run_stdin(&["solve", "--variant", variant], &input);
        assert_eq!(text(&out.stdout), want, "{variant}: {}", text(&out.stderr));
        let out = run_stdin(&["count", "--variant", variant, "-f", "json"], &input);
        for line in text(&out.stdout).lines() {
            assert!(
                line.contains("\"count\":1") && line.contains(variant),
                "{line}"
            );
        }
        // Without the extra houses these puzzles have several solutions.
        let out = run_stdin(&["count"], &input);
        assert!(text(&out.stdout).lines().all(|l| l == "2"), "{variant}");
    }
}

#[test]
fn broken_region_maps_are_invalid_with_a_reason_naming_the_label() {
    let rows = variants("jigsaw-puzzles.txt");
    let (puzzle, map) = (&rows[0][0], &rows[0][1]);
    // A map whose first label is used once more than nine times.
    let first = map.chars().next().unwrap();
    let other = map.chars().find(|&c| c != first).unwrap();
    let broken: String = map.replacen(other, &first.to_string(), 1);
    let input = format!("{puzzle} {map}\n{puzzle} {broken}\n{puzzle}\n");
    let out = run_stdin(&["check", "--variant", "jigsaw"], &input);
    assert_eq!(text(&out.stdout), "ok\ninvalid\ninvalid\n");
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("line 2: region label '{first}' is used 10 times")),
        "{err}"
    );
    assert!(
        err.contains("line 3: a jigsaw puzzle needs its region map"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(2));
    // A bad --regions is a wrong command line, and --regions needs jigsaw.
    for args in [
        vec!["solve", "--variant", "jigsaw", "--regions", &broken],
        vec!["solve", "--variant", "x", "--regions", map],
        vec!["solve", "--regions", map],
    ] {
        let out = run_stdin(&args, &format!("{puzzle}\n"));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("--regions"), "{args:?}");
    }
}

#[test]
fn empty_grids_of_layouts_with_and_without_solutions() {
    let empty = ".".repeat(81);
    let valid = &variants("jigsaw-empty-valid.txt")[0][0];
    let out = run_stdin(
        &["solve", "--variant", "jigsaw"],
        &format!("{empty} {valid}\n"),
    );
    assert_eq!(text(&out.stdout), "multiple\n");
    assert_eq!(out.status.code(), Some(1));
    // The first impossible layouts of the list are refuted quickly by the reference solver.
    let invalid = &variants("jigsaw-empty-invalid.txt")[1][0];
    let out = run_stdin(
        &["count", "--variant", "jigsaw", "--regions", invalid],
        &format!("{empty}\n"),
    );
    assert_eq!(text(&out.stdout), "0\n");
}

/// The thick black lines of an SVG grid (boxes' or regions' borders and the outline).
fn thick_lines(svg: &str) -> usize {
    svg.split("<line")
        .skip(1)
        .filter(|l| l.contains("stroke=\"#000000\""))
        .count()
}

#[test]
fn print_draws_a_jigsaws_regions_and_fills_its_solution_on_its_layout() {
    let rows = variants("jigsaw-puzzles.txt");
    let line = format!("{} {}\n", rows[0][0], rows[0][1]);
    let out = run_stdin(
        &["print", "--variant", "jigsaw", "-f", "svg", "--solutions"],
        &line,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    // Box borders are 4 long lines each way; a jigsaw's borders are broken into runs.
    assert!(thick_lines(&svg) > 8, "{svg}");
    // Every cell shows a digit: the givens and the jigsaw solution's.
    let solution = &rows[0][2];
    let digits: String = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split('>').nth(1)?.split('<').next().map(str::trim))
        .collect();
    assert_eq!(digits, *solution);
    // A PDF with the solutions, and a broken map named by its label.
    let out = run_stdin(&["print", "--variant", "jigsaw", "--solutions"], &line);
    assert!(out.stdout.starts_with(b"%PDF-"), "{}", text(&out.stderr));
    let broken = format!("{} {}\n", rows[0][0], rows[0][1].replacen('1', "2", 1));
    let out = run_stdin(&["print", "--variant", "jigsaw", "-f", "svg"], &broken);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("line 1: region label"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn print_draws_x_diagonals_and_windoku_windows() {
    let x = &variants("x-puzzles.txt")[0][0];
    let out = run_stdin(&["print", "--variant", "x", "-f", "svg"], &format!("{x}\n"));
    let svg = text(&out.stdout);
    assert_eq!(svg.matches("stroke=\"#9e9e9e\"").count(), 2, "{svg}");
    let w = &variants("windoku-puzzles.txt")[0][0];
    let out = run_stdin(
        &["print", "--variant", "windoku", "-f", "svg"],
        &format!("{w}\n"),
    );
    let svg = text(&out.stdout);
    // The background, then the 36 window cells.
    assert_eq!(svg.matches("fill=\"#e0e0e0\"").count(), 36, "{svg}");
}

#[test]
fn variant_runs_filter_and_number_lines_as_standard_ones_do() {
    let rows = variants("jigsaw-puzzles.txt");
    let input = format!(
        "{} {}\n{}\n{} {}\n",
        rows[0][0], rows[0][1], rows[1][0], rows[1][0], rows[1][1]
    );
    let out = run_stdin(
        &["solve", "--variant", "jigsaw", "--only", "invalid", "-n"],
        &input,
    );
    assert_eq!(text(&out.stdout), format!("2:{}\n", rows[1][0]));
    let out = run_stdin(
        &["count", "--variant", "jigsaw", "-H", "--limit", "2"],
        &input,
    );
    assert_eq!(text(&out.stdout), "<stdin>:1\n<stdin>:invalid\n<stdin>:1\n");
    let out = run_stdin(&["check", "--variant", "jigsaw", "--only", "ok"], &input);
    assert_eq!(text(&out.stdout).lines().count(), 2);
    // A jigsaw's grid shows each row beside its region labels.
    let out = run_stdin(&["solve", "--variant", "jigsaw", "-f", "grid"], &input);
    let grid = text(&out.stdout);
    let first: String = grid
        .lines()
        .take(9)
        .map(|l| l[..17].replace(' ', ""))
        .collect();
    assert_eq!(first, rows[0][2]);
    // The shared map's labels are 1-9 in region order already, as the grid writes them.
    let labels: String = grid
        .lines()
        .take(9)
        .map(|l| l[20..].replace(' ', ""))
        .collect();
    assert_eq!(labels, rows[0][1]);
}

/// Whether every step of an `explain -f json` document agrees with `solution`: no placement of
/// another digit, no elimination of the solution's digit.
fn steps_agree_with(doc: &serde_json::Value, solution: &str) -> Result<(), String> {
    let digit_at = |cell: &str| -> u64 {
        let b = cell.as_bytes();
        let (r, c) = ((b[1] - b'1') as usize, (b[3] - b'1') as usize);
        u64::from(solution.as_bytes()[r * 9 + c] - b'0')
    };
    for step in doc["steps"].as_array().ok_or("no steps")? {
        for p in step["placements"].as_array().unwrap() {
            if p["digit"].as_u64() != Some(digit_at(p["cell"].as_str().unwrap())) {
                return Err(format!("wrong placement in {step}"));
            }
        }
        for e in step["eliminations"].as_array().unwrap() {
            if e["digit"].as_u64() == Some(digit_at(e["cell"].as_str().unwrap())) {
                return Err(format!("eliminates the solution in {step}"));
            }
        }
    }
    Ok(())
}

#[test]
fn explain_walks_variant_puzzles_with_sound_steps_and_names_their_houses() {
    let sets = [
        ("jigsaw-puzzles.txt", "jigsaw"),
        ("x-puzzles.txt", "x"),
        ("windoku-puzzles.txt", "windoku"),
    ];
    for (file, variant) in sets {
        for row in variants(file).iter().take(4) {
            let (line, solution) = match variant {
                "jigsaw" => (format!("{} {}", row[0], row[1]), &row[2]),
                _ => (row[0].clone(), &row[1]),
            };
            let out = run_stdin(&["explain", "--variant", variant, "-f", "json", "-"], &line);
            let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
                .unwrap_or_else(|e| panic!("{variant} {line}: {e}: {}", text(&out.stderr)));
            assert_eq!(doc["solution"].as_str(), Some(solution.as_str()), "{line}");
            assert_eq!(doc["variant"].as_str(), Some(variant));
            steps_agree_with(&doc, solution).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    // A jigsaw's hint names its region; its candidates follow the regions.
    let row = &variants("jigsaw-puzzles.txt")[0];
    let line = format!("{} {}", row[0], row[1]);
    let out = run_stdin(&["explain", "--variant", "jigsaw", "-"], &line);
    assert!(
        text(&out.stdout).contains(" of region "),
        "{}",
        text(&out.stdout)
    );
    let out = run_stdin(&["hint", "--variant", "jigsaw", "-"], &line);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run_stdin(
        &["candidates", "--variant", "jigsaw", "-f", "json", "-"],
        &line,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for cell in doc["cells"].as_array().unwrap() {
        if let Some(cands) = cell["candidates"].as_array() {
            let name = cell["cell"].as_str().unwrap();
            let b = name.as_bytes();
            let i = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
            let want = u64::from(row[2].as_bytes()[i] - b'0');
            assert!(cands.iter().any(|d| d.as_u64() == Some(want)), "{name}");
        }
    }
}

#[test]
fn explain_on_a_broken_jigsaw_map_names_the_label() {
    let row = &variants("jigsaw-puzzles.txt")[0];
    let line = format!("{} {}", row[0], row[1].replacen('1', "2", 1));
    let out = run_stdin(&["explain", "--variant", "jigsaw", "-"], &line);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("region label '2' is used 10 times"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn rate_rates_variants_on_their_houses_on_every_scale() {
    let rows = variants("jigsaw-puzzles.txt");
    let input: String = rows
        .iter()
        .take(3)
        .map(|f| format!("{} {}\n", f[0], f[1]))
        .collect();
    let out = run_stdin(&["rate", "--variant", "jigsaw", "-f", "json"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for (line, row) in text(&out.stdout).lines().zip(&rows) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["status"], "rated", "{line}");
        assert_eq!(v["puzzle"].as_str(), Some(row[0].as_str()));
        assert_eq!(v["variant"], "jigsaw");
        assert_eq!(v["regions"].as_str(), Some(row[1].as_str()));
        assert!(v["er"].as_f64().unwrap() >= 1.0 && v["classic"].as_i64().is_some());
    }
    // CSV rows carry the variant and the map as read, as `generate`'s do; an invalid row its
    // variant only.
    let csv_input = format!("{input}{}\n", rows[0][0]);
    let out = run_stdin(&["rate", "--variant", "jigsaw", "-f", "csv"], &csv_input);
    let csv = text(&out.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].ends_with(",rater,variant,regions"), "{csv}");
    for (line, row) in lines[1..4].iter().zip(&rows) {
        assert!(line.ends_with(&format!(",jigsaw,{}", row[1])), "{line}");
    }
    assert!(
        lines[4].contains(",invalid,") && lines[4].ends_with(",jigsaw,"),
        "{csv}"
    );
    let out = run_stdin(&["rate", "--variant", "jigsaw,x", "-f", "csv"], &csv_input);
    assert!(text(&out.stdout)
        .lines()
        .nth(1)
        .unwrap()
        .contains(",\"jigsaw,x\","));
    // A jigsaw line without its map is invalid, with the reason.
    let out = run_stdin(
        &["rate", "--variant", "jigsaw"],
        &format!("{}\n", rows[0][0]),
    );
    assert_eq!(text(&out.stdout), "invalid\n");
    assert!(text(&out.stderr).contains("line 1: a jigsaw puzzle needs its region map"));
    assert_eq!(out.status.code(), Some(2));
}

/// A jigsaw line whose map was one label short or long, or held a separator, was answered
/// "needs its region map after it", as if it had none: the reason now names what is wrong with
/// the puzzle or the map that is there, for every batch command and `hint`, and the good lines
/// beside it are still answered.
#[test]
fn a_jigsaw_line_with_a_broken_map_names_the_map_not_a_missing_one() {
    let rows = variants("jigsaw-puzzles.txt");
    let (p, m, solution) = (&rows[0][0], &rows[0][1], &rows[0][2]);
    let mut colon = m.clone();
    colon.replace_range(40..41, ":");
    let cases = [
        (format!("{p} {}", &m[..80]), "the region map after the puzzle: a region map has 81 labels, one per cell; this one has 80"),
        (format!("{p} {m}9"), "this one has 82"),
        (format!("{p},{colon}"), "the region map after the puzzle: ':' at r5c5 is not a region label"),
        (format!("{} {m}", &p[1..]), "the puzzle: 80 cells, expected 81"),
        (p.to_string(), "needs its region map after it"),
    ];
    for (line, reason) in &cases {
        let input = format!("{line}\n{p} {m}\n");
        for cmd in ["solve", "count", "check", "rate"] {
            let out = run_stdin(&[cmd, "--variant", "jigsaw"], &input);
            let err = text(&out.stderr);
            assert!(err.contains(reason), "{cmd} {line}: {err}");
            assert!(err.starts_with("line 1: "), "{cmd} {line}: {err}");
            assert_eq!(out.status.code(), Some(2), "{cmd} {line}");
            let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
            assert_eq!(lines.len(), 2, "{cmd} {line}: {lines:?}");
            assert_eq!(lines[0], "invalid", "{cmd} {line}");
            if cmd == "solve" {
                assert_eq!(&lines[1], solution);
            }
        }
        let out = run_stdin(&["hint", "--variant", "jigsaw", "-"], &format!("{line}\n"));
        assert!(
            text(&out.stderr).contains(reason),
            "hint {line}: {}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// With `--regions`, a line carrying a map of its own (a file written for maps on their lines)
/// was answered on `--regions`' map, its own read as a comment: a different map is now
/// refused; the same regions under other labels, and text that is no map, pass. And a line
/// with anything after its puzzle was checked on the standard boxes, which a jigsaw does not
/// have ("digit 9 repeats in box 2"): it is now checked on its regions.
#[test]
fn a_line_whose_own_map_differs_from_regions_is_refused_not_answered_on_the_other() {
    let rows = variants("jigsaw-puzzles.txt");
    let (p, m, solution) = (&rows[0][0], &rows[0][1], &rows[0][2]);
    let other = rows
        .iter()
        .map(|r| &r[1])
        .find(|o| o != &m)
        .expect("two maps in the shared set");
    // The same regions under other labels: letters in place of digits.
    let relabelled: String = m
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                (b'A' + (c as u8 - b'0')) as char
            } else {
                c
            }
        })
        .collect();
    let record = format!("{{\"puzzle\": \"{p}\", \"regions\": \"{other}\"}}");
    let input = format!("{p} {other}\n{record}\n{p} {relabelled}\n{p} a comment\n{p}\n");
    for cmd in ["solve", "check", "rate"] {
        let out = run_stdin(&[cmd, "--variant", "jigsaw", "--regions", m], &input);
        let err = text(&out.stderr);
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 5, "{cmd}: {lines:?} {err}");
        for (i, line) in lines.iter().enumerate().take(2) {
            assert_eq!(line, "invalid", "{cmd} line {}: {err}", i + 1);
            assert!(
                err.contains(&format!("line {}: ", i + 1))
                    && err.contains(
                        "a region map of its own that draws other regions than --regions"
                    ),
                "{cmd}: {err}"
            );
        }
        if cmd == "solve" {
            for line in &lines[2..] {
                assert_eq!(line, solution, "{cmd}: {err}");
            }
        }
        assert_eq!(out.status.code(), Some(2), "{cmd}");
    }
}

/// A jigsaw JSON record without its `regions` (or `puzzle`), or with one that is not a
/// string, was reported as "the puzzle: unexpected character '{'": the reason now names the
/// member, and the good record beside it is answered.
#[test]
fn a_jigsaw_json_record_missing_a_member_names_the_member() {
    let rows = variants("jigsaw-puzzles.txt");
    let (p, m, solution) = (&rows[0][0], &rows[0][1], &rows[0][2]);
    let cases = [
        (
            format!(r#"{{"puzzle":"{p}"}}"#),
            r#"the JSON record has no "regions" member"#,
        ),
        (
            format!(r#"{{"regions":"{m}"}}"#),
            r#"the JSON record has no "puzzle" member"#,
        ),
        (
            format!(r#"{{"puzzle":"{p}","regions":5}}"#),
            r#"the JSON record's "regions" is 5, not a string"#,
        ),
    ];
    for (line, reason) in &cases {
        let input = format!("{line}\n{{\"puzzle\":\"{p}\",\"regions\":\"{m}\"}}\n");
        let out = run_stdin(&["solve", "--variant", "jigsaw"], &input);
        assert_eq!(text(&out.stderr), format!("line 1: {reason}\n"), "{line}");
        assert_eq!(
            text(&out.stdout),
            format!("invalid\n{solution}\n"),
            "{line}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// Regression: a multi-line grid read as a jigsaw without `--regions` was refused as "the
/// puzzle: 9 cells, expected 81" (its first row read as the puzzle); a grid has no line for a
/// map, so the reason is the map's absence, as for a line without one.
#[test]
fn a_jigsaw_grid_without_regions_is_refused_for_its_missing_map() {
    let grid = ".9..76.1.\n.374.....\n.......57\n.2..54...\n....6.9.5\n.1.9.3...\n.5.31..4.\n..4..2...\n1.9....8.\n";
    let out = run_stdin(&["solve", "--variant", "jigsaw"], grid);
    assert_eq!(text(&out.stdout), "invalid\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("needs its region map"), "{err}");
}

/// Every "region X" and "regions X and Y" in `text`, as the labels named.
fn region_labels_named(text: &str) -> Vec<char> {
    let mut out = Vec::new();
    for word in ["region ", "regions "] {
        for (i, _) in text.match_indices(word) {
            let rest = &text[i + word.len()..];
            // "regions A, B and C": every single-character word up to the first longer one.
            for w in rest
                .split([' ', ',', ')', '.', ';'])
                .filter(|w| !w.is_empty())
            {
                match w {
                    "and" | "or" => continue,
                    _ if w.chars().count() == 1 => out.push(w.chars().next().unwrap()),
                    _ => break,
                }
                if word == "region " {
                    break;
                }
            }
        }
    }
    out
}

/// A jigsaw's regions are named by the labels of its map in every output: the steps' texts and
/// houses, a clash, the map echoed back. (They were renumbered 1-9 in the order of their first
/// cells: "region 1" where the map said `I`, and `regions` echoed as digits.)
#[test]
fn a_jigsaw_is_told_in_its_own_region_labels() {
    let row = &variants("jigsaw-puzzles.txt")[0];
    // The digits 1-9 of the shared map as the letters I down to A.
    let map: String = row[1]
        .chars()
        .map(|c| char::from(b'I' - (c as u8 - b'1')))
        .collect();
    let line = format!("{} {map}", row[0]);
    let out = run_stdin(
        &["explain", "--variant", "jigsaw", "-f", "json", "-"],
        &line,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stderr)));
    assert_eq!(doc["regions"].as_str(), Some(map.as_str()));
    let mut named = Vec::new();
    for step in doc["steps"].as_array().unwrap() {
        for key in ["houses", "cover_houses"] {
            for h in step[key].as_array().into_iter().flatten() {
                named.extend(region_labels_named(h.as_str().unwrap()));
            }
        }
        named.extend(region_labels_named(step["explanation"].as_str().unwrap()));
    }
    assert!(named.len() > 5, "{named:?}");
    assert!(named.iter().all(|&l| map.contains(l)), "{named:?}");
    // Every JSON answer about the puzzle says its layout the same way.
    for args in [
        &["solve", "--variant", "jigsaw", "-f", "json"][..],
        &["hint", "--variant", "jigsaw", "-f", "json", "-"],
        &["candidates", "--variant", "jigsaw", "-f", "json", "-"],
        &["rate", "--variant", "jigsaw", "-f", "json"],
    ] {
        let out = run_stdin(args, &line);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", text(&out.stderr)));
        assert_eq!(v["regions"].as_str(), Some(map.as_str()), "{args:?}");
        assert_eq!(v["variant"].as_str(), Some("jigsaw"), "{args:?}");
    }
    // A clash in the region of r1c1, between two cells sharing no row or column.
    let label = map.chars().next().unwrap();
    let (a, b) = (0..81)
        .filter(|&i| map.as_bytes()[i] == label as u8)
        .flat_map(|i| (0..81).map(move |j| (i, j)))
        .find(|&(i, j)| {
            i < j && map.as_bytes()[j] == label as u8 && i / 9 != j / 9 && i % 9 != j % 9
        })
        .expect("a region spans two rows and columns");
    let mut grid = vec![b'.'; 81];
    (grid[a], grid[b]) = (b'5', b'5');
    let clash = format!("{} {map}", String::from_utf8(grid).unwrap());
    let out = run_stdin(&["check", "--variant", "jigsaw"], &clash);
    assert!(
        text(&out.stderr).contains(&format!("digit 5 repeats in region {label} (")),
        "{}",
        text(&out.stderr)
    );
    let out = run_stdin(&["rate", "--variant", "jigsaw", "-f", "json"], &clash);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["variant"].as_str()),
        (Some("invalid"), Some("jigsaw"))
    );
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains(&format!("region {label}")),
        "{v}"
    );
}

/// A multi-line grid read as a jigsaw with `--regions` was checked on the boxes as it was read:
/// a jigsaw whose givens repeat in a box (as most do) was `invalid`, "digit 9 repeats in box 2".
/// It is now checked on its regions; a grid on the boxes still has its clashes found.
#[test]
fn a_jigsaw_grid_with_regions_is_checked_on_its_regions_not_the_boxes() {
    let row = &variants("jigsaw-puzzles.txt")[0];
    let grid: String = row[0]
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r).replace("", " ").trim()))
        .collect();
    for (cmd, want) in [("solve", row[2].as_str()), ("count", "1"), ("check", "ok")] {
        let out = run_stdin(
            &[cmd, "--variant", "jigsaw", "--regions", &row[1], "-"],
            &grid,
        );
        assert_eq!(
            text(&out.stdout).trim(),
            want,
            "{cmd}: {}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0), "{cmd}");
    }
    let clash =
        format!("5 . . . . . . . .\n. 5{}\n", " .".repeat(7)) + &". . . . . . . . .\n".repeat(7);
    for cmd in ["solve", "count", "check"] {
        let out = run_stdin(&[cmd, "-"], &clash);
        assert_eq!(text(&out.stdout).trim(), "invalid", "{cmd}");
        assert!(
            text(&out.stderr).contains("digit 5 repeats in"),
            "{cmd}: {}",
            text(&out.stderr)
        );
    }
}

/// A jigsaw's grid (each row's cells beside its region labels, as `solve` and `generate` write
/// it with `--format grid`) was read as nine short lines, each `invalid`: it now reads back as
/// the puzzle and map it shows, on every command, and its own faults are named on their lines
/// (a variant's grid said every fault on its first line).
#[test]
fn a_jigsaw_grid_reads_back_as_it_is_written() {
    for row in variants("jigsaw-puzzles.txt").iter().take(4) {
        // Letters for labels, so that the map is read from the grid and not taken for digits.
        let map: String = row[1]
            .chars()
            .map(|c| (c as u8 - b'1' + b'A') as char)
            .collect();
        let line = format!("{} {map}\n", row[0]);
        let grid = |cmd: &str, input: &str| {
            let out = run_stdin(&[cmd, "--variant", "jigsaw", "-f", "grid"], input);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            text(&out.stdout)
        };
        let solved = grid("solve", &line);
        assert!(
            solved
                .lines()
                .next()
                .unwrap()
                .ends_with(&map[..9].replace("", " ").trim().to_string()),
            "{solved}"
        );
        let out = run_stdin(&["check", "--variant", "jigsaw", "-"], &solved);
        assert_eq!(text(&out.stdout), "ok\n", "{}", text(&out.stderr));
        // The puzzle's own grid: its cells, with `.` for the empty ones, beside the labels.
        let puzzle: String = row[0]
            .as_bytes()
            .chunks(9)
            .zip(map.as_bytes().chunks(9))
            .map(|(cells, labels)| {
                let spaced = |b: &[u8]| {
                    String::from_utf8_lossy(b)
                        .replace("", " ")
                        .trim()
                        .to_string()
                };
                format!("{}   {}\n", spaced(cells), spaced(labels))
            })
            .collect();
        for (cmd, want) in [("solve", row[2].as_str()), ("count", "1")] {
            let out = run_stdin(&[cmd, "--variant", "jigsaw", "-"], &puzzle);
            assert_eq!(
                text(&out.stdout).trim(),
                want,
                "{cmd}: {}",
                text(&out.stderr)
            );
        }
        let out = run_stdin(&["hint", "--variant", "jigsaw", "-f", "json", "-"], &puzzle);
        let hint: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(hint["regions"], map.as_str(), "{}", text(&out.stderr));
        // The same regions under `--regions` (other labels) agree; other regions do not.
        let out = run_stdin(
            &["solve", "--variant", "jigsaw", "--regions", &row[1], "-"],
            &puzzle,
        );
        assert_eq!(text(&out.stdout).trim(), row[2], "{}", text(&out.stderr));
        let boxes = "111222333".repeat(3) + &"444555666".repeat(3) + &"777888999".repeat(3);
        let out = run_stdin(
            &["solve", "--variant", "jigsaw", "--regions", &boxes, "-"],
            &puzzle,
        );
        assert_eq!(text(&out.stdout), "invalid\n");
        assert!(
            text(&out.stderr).contains("region map of its own"),
            "{}",
            text(&out.stderr)
        );
        // Read on the boxes, the grid is refused for the map it carries.
        let out = run_stdin(&["solve", "-"], &puzzle);
        assert_eq!(text(&out.stdout), "invalid\n");
        assert!(
            text(&out.stderr).contains("variant jigsaw"),
            "{}",
            text(&out.stderr)
        );
    }
    let puzzle = ". . . . . . . . .   A A A B B B C C C\n".repeat(9);
    let short = puzzle.replacen(" C\n", "\n", 1);
    // A fault on a grid's third row is said on the input's third line, as on the boxes.
    let mut rows: Vec<String> = puzzle.lines().map(String::from).collect();
    rows[2].replace_range(..1, "x");
    let bad_cell = rows.join("\n");
    let bad_label = puzzle.replacen(" A", " ?", 1);
    for (grid, reason) in [
        (
            &short,
            "row 1 has 17 cells and labels, expected 9 cells then 9 region labels",
        ),
        (
            &bad_cell,
            "line 3: unexpected character 'x' at column 1 (r3c1)",
        ),
        (&bad_label, "'?' at r1c1 is not a region label"),
    ] {
        let out = run_stdin(&["solve", "--variant", "jigsaw", "-"], grid);
        assert_eq!(text(&out.stdout), "invalid\n");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(reason), "{}", text(&out.stderr));
    }
}

/// Sudoku Explainer's nested chains ran for minutes on a sparse puzzle of a combined variant
/// (this one, from `generate --seed 5 --variant jigsaw,x,windoku`, ran over six), and `rate`
/// had no limit to give: `--timeout` now gives up on the puzzle, `timeout` on its line (exit
/// status 1, as for an unrateable puzzle), and rates the others.
#[test]
fn rate_gives_up_on_a_puzzle_at_its_timeout() {
    const SLOW: &str = "..1....6........................................7...58......9.....2......3....... 111222333111222333114222339714558639774558669774558669774588669744588669744588999";
    // An easy one of the same variant (`generate --seed 1 --level easy`), rated as ever.
    const EASY: &str = "7...5......4....35.1.....8.........8..2..4.9..........9......2.....4....4.....7.. 122223333111123533411225533441225699441555699444885669477785669777786669778888899";
    let input = format!("{SLOW}\n{EASY}\n");
    let variant = ["--variant", "jigsaw,x,windoku"];
    let out = run_stdin(
        &[&["rate", "--timeout", "0.5"], &variant[..]].concat(),
        &input,
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], "timeout");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains('/'), "{lines:?}");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("line 1: not rated within 0.5 s (--timeout)"),
        "{}",
        text(&out.stderr)
    );
    let args = [&["rate", "--timeout", "0.5", "-f", "json"], &variant[..]].concat();
    let out = run_stdin(&args, &format!("{SLOW}\n"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "timeout");
    assert_eq!(
        v["classic"], 5,
        "the classic scale is quick and still given"
    );
    assert!(v.get("er").is_none());
}

/// `generate --variant jigsaw`'s CSV and JSON read back: the CSV's map was taken from its
/// `solution` column (the first 81-character field after the puzzle), so every row was
/// `invalid` ("region '6' is in 9 pieces"); `print` checked a record's puzzle and solution on
/// the boxes ("digit 4 repeats in box 1"). Now every command reads them on their regions.
#[test]
fn a_generated_jigsaw_s_csv_and_json_read_back_everywhere() {
    let gen = |format: &str| {
        let args = ["generate", "--seed", "1", "-n", "2", "--variant", "jigsaw"];
        let out = run_stdin(&[&args[..], &["-f", format]].concat(), "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let json = gen("json");
    let solutions: Vec<String> = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["solution"].as_str().unwrap().to_string()
        })
        .collect();
    for input in [gen("csv"), json] {
        let out = run_stdin(&["solve", "--variant", "jigsaw"], &input);
        assert_eq!(
            text(&out.stdout),
            solutions.join("\n") + "\n",
            "{}",
            text(&out.stderr)
        );
        for cmd in ["rate", "check", "count"] {
            let out = run_stdin(&[cmd, "--variant", "jigsaw"], &input);
            assert_eq!(out.status.code(), Some(0), "{cmd}: {}", text(&out.stderr));
            assert_eq!(text(&out.stdout).lines().count(), 2, "{cmd}");
        }
        let args = ["print", "--variant", "jigsaw", "-f", "svg", "--solutions"];
        let out = run_stdin(&args, &input);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(thick_lines(&text(&out.stdout)) > 8);
    }
}

/// A line with two puzzles is refused on a variant's layout too: with `--regions`, a jigsaw's
/// line was read again for its first puzzle (its givens may repeat in a box) and the second
/// was dropped without a word.
#[test]
fn a_second_puzzle_on_a_variant_s_line_is_refused() {
    let row = &variants("jigsaw-puzzles.txt")[0];
    let second = row[0].replacen(|c: char| c.is_ascii_digit(), ".", 1);
    let line = format!("{} {second}\n", row[0]);
    let cases: [&[&str]; 2] = [
        &["--variant", "jigsaw", "--regions", &row[1]],
        &["--variant", "x"],
    ];
    for variant in cases {
        let out = run_stdin(&[&["solve"], variant].concat(), &line);
        assert_eq!(text(&out.stdout), "invalid\n", "{variant:?}");
        assert!(
            text(&out.stderr).contains("a second puzzle follows the first"),
            "{variant:?}: {}",
            text(&out.stderr)
        );
    }
}
