//! `nonet generate --variant` from the outside (`shared/CLI.md`, "Variants"): a jigsaw's line is
//! `PUZZLE REGIONS` (one space), the other variants' the puzzle alone; `--format json` adds
//! `variant` (and `regions`); the same bytes with any `--threads`; every puzzle unique on its
//! layout by nonet-core's count; `--minimal` minimal there; `--regions` fixes the map; and what
//! cannot be done is refused with exit status 2 and a reason.

use std::process::{Command, Output};

use nonet_core::{Cell, Layout, Puzzle, RegionMap, Sudoku, Variant};

mod support;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
        .args(args)
        .output()
        .expect("nonet runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Standard output of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// A run refused on its command line: exit status 2, with `reason` on standard error.
fn refused(args: &[&str], reason: &str) {
    let out = run(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(reason), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// The puzzle and layout of an output line, checked against the contract's shape.
fn read_line(line: &str, v: Variant) -> (Sudoku, Layout) {
    if v.jigsaw {
        let (puzzle, map) = line.split_once(' ').expect("PUZZLE REGIONS");
        assert_eq!(puzzle.len(), 81, "{line}");
        let map = RegionMap::parse(map).expect("a valid region map: nine connected regions");
        let layout = v.layout(Some(&map)).unwrap();
        (Sudoku::from_line(puzzle).unwrap(), layout)
    } else {
        assert_eq!(line.len(), 81, "{line}");
        (Sudoku::from_line(line).unwrap(), v.layout(None).unwrap())
    }
}

#[test]
fn each_variant_prints_unique_puzzles_in_the_contract_s_shape_on_any_thread_count() {
    for v in ["jigsaw", "x", "windoku", "jigsaw,x,windoku"] {
        let base = ["generate", "--variant", v, "--seed", "7", "--count", "5"];
        let one = ok(&[&base[..], &["--threads", "1"]].concat());
        let two = ok(&[&base[..], &["--threads", "2"]].concat());
        assert_eq!(one, two, "{v}: --threads changed the output");
        let variant: Variant = v.parse().unwrap();
        let lines: Vec<&str> = one.lines().collect();
        assert_eq!(lines.len(), 5);
        for line in lines {
            let (puzzle, layout) = read_line(line, variant);
            assert_eq!(
                Puzzle::new(puzzle, layout.clone()).count_solutions(2),
                1,
                "{v}: {line}"
            );
        }
    }
}

#[test]
fn minimal_variant_puzzles_are_minimal_on_their_layout() {
    for v in ["jigsaw", "x,windoku"] {
        let out = ok(&[
            "generate",
            "--variant",
            v,
            "--seed",
            "3",
            "--count",
            "2",
            "--minimal",
        ]);
        let variant: Variant = v.parse().unwrap();
        for line in out.lines() {
            let (puzzle, layout) = read_line(line, variant);
            assert_eq!(Puzzle::new(puzzle, layout.clone()).count_solutions(2), 1);
            for c in Cell::all().filter(|&c| puzzle.get(c).is_some()) {
                let mut q = puzzle;
                q.set(c, None);
                assert_eq!(
                    Puzzle::new(q, layout.clone()).count_solutions(2),
                    2,
                    "{v}: {line} without {c}"
                );
            }
        }
    }
}

#[test]
fn json_names_the_variant_and_a_jigsaw_s_regions() {
    let out = ok(&[
        "generate",
        "--variant",
        "jigsaw,x",
        "--seed",
        "9",
        "--count",
        "2",
        "--format",
        "json",
    ]);
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["variant"], "jigsaw,x");
        let map = RegionMap::parse(v["regions"].as_str().unwrap()).unwrap();
        let layout = Layout::jigsaw(&map).with_diagonals();
        let puzzle = Sudoku::from_line(v["puzzle"].as_str().unwrap()).unwrap();
        let solution = Sudoku::from_line(v["solution"].as_str().unwrap()).unwrap();
        assert_eq!(
            Puzzle::new(puzzle, layout.clone()).solutions(),
            nonet_core::Solutions::Unique(solution)
        );
        // No rating unless a target asks for one.
        assert!(v.get("er").is_none());
    }
    let out = ok(&[
        "generate",
        "--variant",
        "windoku",
        "--seed",
        "9",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["variant"], "windoku");
    assert!(v.get("regions").is_none());
    // CSV: the variant and the regions in two more columns (the variant quoted: it has commas).
    let out = ok(&[
        "generate",
        "--variant",
        "jigsaw,x",
        "--seed",
        "9",
        "--format",
        "csv",
    ]);
    let mut lines = out.lines();
    assert!(lines
        .next()
        .unwrap()
        .ends_with(",generator,variant,regions"));
    let row = lines.next().unwrap();
    let map = row.rsplit(',').next().unwrap();
    assert!(
        row.contains(",\"jigsaw,x\",") && RegionMap::parse(map).is_ok(),
        "{row}"
    );
    // The standard layout's JSON is as it was: no variant field.
    let out = ok(&["generate", "--seed", "9", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v.get("variant").is_none() && v.get("er").is_some());
}

/// The map is printed as given, labels and all (it was printed renumbered 1-9).
#[test]
fn regions_fix_every_puzzle_s_map_and_keep_their_labels() {
    let map = "AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let out = ok(&[
        "generate",
        "--variant",
        "jigsaw",
        "--regions",
        map,
        "--seed",
        "4",
        "--count",
        "3",
        "--symmetry",
        "dihedral",
    ]);
    for line in out.lines() {
        assert_eq!(line.split_once(' ').map(|(_, m)| m), Some(map));
    }
}

#[test]
fn jigsaw_with_a_symmetry_draws_maps_with_it() {
    let out = ok(&[
        "generate",
        "--variant",
        "jigsaw",
        "--symmetry",
        "rot180",
        "--seed",
        "5",
        "--count",
        "3",
    ]);
    for line in out.lines() {
        let (_, map) = line.split_once(' ').unwrap();
        let r = RegionMap::parse(map).unwrap();
        let regions = r.regions();
        // Under a half turn, cells of one region go to cells of one region.
        for a in 0..81 {
            for b in 0..81 {
                if regions[a] == regions[b] {
                    assert_eq!(regions[80 - a], regions[80 - b], "{map}");
                }
            }
        }
    }
}

#[test]
fn what_variants_cannot_do_is_refused() {
    refused(
        &["generate", "--variant", "x", "--regions", &"1".repeat(81)],
        "needs --variant jigsaw",
    );
    refused(
        &["generate", "--variant", "jigsaw", "--regions", "123"],
        "81 labels",
    );
    refused(&["generate", "--variant", "sudoku"], "sudoku");
    // This map has no mirror symmetry.
    refused(
        &[
            "generate",
            "--variant",
            "jigsaw",
            "--symmetry",
            "mirror",
            "--regions",
            "111222223111222233111555333444453336444456666477756666777555999778888999788888999",
        ],
        "symmetry",
    );
}

#[test]
fn a_variant_at_a_level_rates_at_that_level_on_its_houses() {
    let made = ok(&[
        "generate",
        "--variant",
        "jigsaw",
        "--level",
        "medium",
        "--seed",
        "3",
        "--count",
        "3",
        "--threads",
        "1",
    ]);
    let path = std::env::temp_dir().join(format!("nonet-level-{}.txt", std::process::id()));
    std::fs::write(&path, &made).unwrap();
    let levels = ok(&[
        "rate",
        "--variant",
        "jigsaw",
        "--scale",
        "level",
        path.to_str().unwrap(),
    ]);
    std::fs::remove_file(&path).ok();
    assert_eq!(levels, "medium\nmedium\nmedium\n", "{made}");
}

/// `--format grid` on a jigsaw was refused ("shows no regions") while `solve --format grid`
/// wrote the rows beside their labels: it now writes them so too, the same map as JSON's.
#[test]
fn a_jigsaw_grid_shows_each_row_beside_its_region_labels() {
    let args = [
        "generate",
        "--variant",
        "jigsaw",
        "--seed",
        "3",
        "--count",
        "2",
    ];
    let grids = ok(&[&args[..], &["-f", "grid"]].concat());
    let json = ok(&[&args[..], &["-f", "json"]].concat());
    let blocks: Vec<&str> = grids
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .collect();
    assert_eq!(blocks.len(), 2, "{grids}");
    for (block, record) in blocks.iter().zip(json.lines()) {
        let v: serde_json::Value = serde_json::from_str(record).unwrap();
        let rows: Vec<&str> = block.lines().collect();
        assert_eq!(rows.len(), 9, "{block}");
        let cells: String = rows.iter().map(|r| r[..17].replace(' ', "")).collect();
        let labels: String = rows.iter().map(|r| r[20..].replace(' ', "")).collect();
        assert_eq!(cells, v["puzzle"].as_str().unwrap());
        assert_eq!(labels, v["regions"].as_str().unwrap());
    }
}

/// A variant's drill (`--at-start`) is a pencil-mark grid, which does not carry its layout: it
/// was printed alone, and `hint -` read it on the standard layout or refused it for want of a
/// map. A comment line after it now gives the options that read it back.
#[test]
fn a_variant_drill_says_the_options_that_read_it_back() {
    let out = ok(&[
        "generate",
        "--variant",
        "jigsaw",
        "--seed",
        "3",
        "--technique",
        "naked-pair",
        "--at-start",
        "--count",
        "1",
    ]);
    let options = out
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or_else(|| panic!("no comment line: {out}"));
    let mut args: Vec<&str> = vec!["hint", "-f", "json"];
    args.extend(options.split(' '));
    args.push("-");
    let done = support::run_stdin(&args, &out);
    assert_eq!(done.status.code(), Some(0), "{}", text(&done.stderr));
    let v: serde_json::Value = serde_json::from_slice(&done.stdout).unwrap();
    assert_eq!(v["code"], "naked-pair", "{v}");
    assert_eq!(v["variant"], "jigsaw");
}
