//! The variants' layouts: every shared jigsaw, X-Sudoku and Windoku puzzle has its known
//! solution as its only one on its layout, a layout's empty grid has many solutions or none as
//! the shared lists say, and region maps are read as the contract says. The data sets live
//! beside the repository (`../shared/puzzles/variants/`), as CI has them; the full lists run
//! with `-- --ignored`, a sample always.

mod common;

use nonet_core::{Cell, Layout, Puzzle, RegionMap, Solutions, Sudoku, STANDARD};

use common::variants;

/// Every `step`-th line (the sample the normal run checks).
fn every(lines: Vec<String>, step: usize) -> impl Iterator<Item = String> {
    lines.into_iter().step_by(step)
}

/// Checks that `puzzle` has exactly `solution` on `layout`, and that `solution` keeps every
/// house of the layout.
fn unique_on(layout: &Layout, puzzle: &str, solution: &str) {
    let p = Sudoku::from_line(puzzle).expect("a puzzle line");
    let s = Sudoku::from_line(solution).expect("a solution line");
    assert!(
        Puzzle::new(s, layout.clone()).check().is_ok(),
        "{solution} breaks a house"
    );
    match Puzzle::new(p, layout.clone()).solutions() {
        Solutions::Unique(found) => assert_eq!(found, s, "{puzzle}"),
        other => panic!("{puzzle}: {other:?}"),
    }
}

fn jigsaw_puzzles(step: usize) {
    for line in every(variants("jigsaw-puzzles.txt"), step) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let layout = Layout::jigsaw(&RegionMap::parse(f[1]).expect("a valid region map"));
        unique_on(&layout, f[0], f[2]);
        // The same givens are not a standard puzzle with that solution.
        let s = Sudoku::from_line(f[2]).unwrap();
        assert!(Puzzle::new(s, STANDARD.clone()).check().is_err() || !layout.is_standard());
    }
}

fn extra_house_puzzles(file: &str, layout: &Layout, step: usize) {
    for line in every(variants(file), step) {
        let f: Vec<&str> = line.split_whitespace().collect();
        unique_on(layout, f[0], f[1]);
    }
}

#[test]
fn jigsaw_sample() {
    jigsaw_puzzles(10);
}

#[test]
fn x_and_windoku_sample() {
    extra_house_puzzles("x-puzzles.txt", &STANDARD.with_diagonals(), 5);
    extra_house_puzzles("windoku-puzzles.txt", &STANDARD.with_windows(), 5);
}

#[test]
#[ignore = "every shared variant puzzle (the sample runs always)"]
fn every_variant_puzzle() {
    jigsaw_puzzles(1);
    extra_house_puzzles("x-puzzles.txt", &STANDARD.with_diagonals(), 1);
    extra_house_puzzles("windoku-puzzles.txt", &STANDARD.with_windows(), 1);
}

fn empty_layouts(file: &str, skip: usize, take: usize, solvable: bool) {
    for map in variants(file).into_iter().skip(skip).take(take) {
        let layout = Layout::jigsaw(&RegionMap::parse(map.trim()).expect("a valid region map"));
        let empty = Sudoku::from_line(&".".repeat(81)).unwrap();
        match (Puzzle::new(empty, layout.clone()).solutions(), solvable) {
            (Solutions::Multiple(s), true) => {
                assert!(Puzzle::new(s, layout.clone()).check().is_ok(), "{map}")
            }
            (Solutions::None, false) => {}
            (other, _) => panic!("{map}: {other:?}"),
        }
    }
}

#[test]
fn counting_on_an_empty_layout() {
    let empty = Sudoku::from_line(&".".repeat(81)).unwrap();
    let valid = &variants("jigsaw-empty-valid.txt")[0];
    let layout = Layout::jigsaw(&RegionMap::parse(valid).unwrap());
    assert_eq!(Puzzle::new(empty, layout.clone()).count_solutions(2), 2);
    assert_eq!(
        Puzzle::new(empty, layout.clone()).count_solutions(1000),
        1000
    );
    let invalid = &variants("jigsaw-empty-invalid.txt")[1];
    let layout = Layout::jigsaw(&RegionMap::parse(invalid).unwrap());
    assert_eq!(Puzzle::new(empty, layout.clone()).count_solutions(2), 0);
}

#[test]
fn every_empty_layout() {
    // The solver over generic houses answers all 468 in a fraction of a second (the reference
    // solver took minutes on some impossible layouts).
    empty_layouts("jigsaw-empty-valid.txt", 0, usize::MAX, true);
    empty_layouts("jigsaw-layouts.txt", 0, usize::MAX, true);
    empty_layouts("jigsaw-empty-invalid.txt", 0, usize::MAX, false);
}

#[test]
fn the_standard_boxes_as_a_jigsaw_are_the_standard_layout() {
    let boxes = Layout::jigsaw(&RegionMap::boxes());
    assert!(boxes.is_jigsaw() && !boxes.is_standard());
    for c in Cell::all() {
        assert_eq!(boxes.peers(c), STANDARD.peers(c));
    }
    // Same puzzle, same answer through either path (reference against fast).
    let p = Sudoku::from_line(
        "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
    )
    .unwrap();
    assert_eq!(Puzzle::new(p, boxes.clone()).solutions(), p.solutions());
}

/// Issue #22: impossible layouts of sigh/Interactive-Sudoku-Solver's list that took the solver
/// seconds to minutes each (up to 482 s) before the wider leftovers, the quadrupling budget and
/// no Hall's condition in searches with interchangeable digits; each answers `none` (the reference solver cannot refute them in a
/// reasonable time, so there is no comparison: `every_empty_layout` checks that the same
/// reasoning still finds the valid layouts' grids).
#[test]
fn slow_impossible_layouts_from_sighs_list_answer_none() {
    let maps: Vec<&str> = include_str!("sigh-invalid-layouts.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(maps.len(), 14);
    let empty = Sudoku::empty();
    for map in maps {
        let layout = Layout::jigsaw(&RegionMap::parse(map).expect("a valid region map"));
        assert_eq!(
            Puzzle::new(empty, layout.clone()).solutions(),
            Solutions::None,
            "{map}"
        );
    }
}
