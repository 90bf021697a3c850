//! Data-driven tests of the reference solver and the front door over `tests/fixtures/examples.txt`
//! (a copy of `shared/puzzles/examples.txt`), and over the first 2,000 17-clue puzzles with the
//! `sudoku` crate as a second, independent source.

use std::path::PathBuf;

use nonet_core::{PencilMarks, Solutions, Solver, Sudoku};

fn repo_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// One record of examples.txt: `name:puzzle:solutions:classic:solution`.
struct Example {
    name: String,
    puzzle: Sudoku,
    solutions: String,
    classic: String,
    solution: String,
}

fn examples() -> Vec<Example> {
    let text = std::fs::read_to_string(repo_file("tests/fixtures/examples.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            Example {
                name: f[0].into(),
                puzzle: Sudoku::from_line(f[1]).unwrap(),
                solutions: f[2].into(),
                classic: f[3].into(),
                solution: f[4].into(),
            }
        })
        .collect()
}

#[test]
fn examples_solution_counts_and_solutions() {
    let all = examples();
    assert_eq!(all.len(), 9);
    for solver in [Solver::Reference, Solver::Fast] {
        for e in &all {
            let n = e.puzzle.count_solutions_with(solver, 2);
            let expected = match e.solutions.as_str() {
                "0" => 0,
                "1" => 1,
                _ => 2,
            };
            assert_eq!(n, expected, "{} ({solver:?})", e.name);
            match e.puzzle.solutions_with(solver) {
                Solutions::Unique(s) => assert_eq!(s.to_line(), e.solution, "{}", e.name),
                Solutions::Multiple(s) => {
                    // The one solution given must be a completion of the puzzle and valid.
                    assert!(s.is_full() && s.check().is_ok(), "{}", e.name);
                    let given = Sudoku::from_line(&e.solution).unwrap();
                    assert_eq!(given.count_solutions_with(solver, 2), 1);
                }
                Solutions::None => assert_eq!(e.solutions, "0", "{}", e.name),
            }
        }
    }
}

#[test]
fn examples_elimination_alone() {
    for e in examples() {
        if e.classic == "0" {
            assert!(e.puzzle.is_solved_by_elimination(), "{}", e.name);
            let pm = PencilMarks::after_elimination(&e.puzzle.into());
            assert_eq!(pm.to_sudoku().to_line(), e.solution, "{}", e.name);
        } else {
            assert!(!e.puzzle.is_solved_by_elimination(), "{}", e.name);
        }
    }
}

#[test]
fn counting_respects_the_limit() {
    let nine = examples()
        .into_iter()
        .find(|e| e.name == "nine-clues")
        .unwrap();
    for solver in [Solver::Reference, Solver::Fast] {
        assert_eq!(nine.puzzle.count_solutions_with(solver, 1), 1);
        assert_eq!(nine.puzzle.count_solutions_with(solver, 25), 25);
        assert_eq!(nine.puzzle.count_solutions_with(solver, 0), 0);
    }
    // The empty grid has billions of solutions: counting must stop at the limit, quickly.
    assert_eq!(Sudoku::empty().count_solutions_up_to(100), 100);
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut s = examples()[0].puzzle;
    let c = nonet_core::Cell::at(0, 0);
    s.set(c, nonet_core::Digit::new(4));
    assert!(s.check().is_err());
    assert_eq!(s.solutions_with(Solver::Reference), Solutions::None);
    assert_eq!(s.solutions(), Solutions::None);
}

/// The first 2,000 17-clue puzzles: the reference solver's unique solutions agree with the
/// `sudoku` crate's.
#[test]
fn seventeen_clue_reference_agrees_with_sudoku_crate() {
    let path = repo_file("../shared/puzzles/17-clue.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} is needed beside the repo: {e}", path.display()));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(2000)
        .collect();
    assert_eq!(lines.len(), 2000);
    for line in lines {
        let ours = Sudoku::from_line(line).unwrap();
        let theirs = sudoku::Sudoku::from_str_line(line).unwrap();
        let expected = theirs
            .solution()
            .expect("17-clue puzzles are unique")
            .to_str_line();
        match ours.solutions_with(Solver::Reference) {
            Solutions::Unique(s) => assert_eq!(s.to_line(), expected.to_string(), "{line}"),
            other => panic!("{line}: {other:?}"),
        }
    }
}
