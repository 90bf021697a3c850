//! Regression tests named after the bug they pin down, mostly cases found by fuzzing
//! (`fuzz/`, see the README): each is checked against the reference solver.

use nonet_core::{Solver, Sudoku};

fn agree(line: &str) {
    let s = Sudoku::from_line(line).unwrap();
    for limit in [1, 2, 5] {
        assert_eq!(
            s.count_solutions_with(Solver::Fast, limit),
            s.count_solutions_with(Solver::Reference, limit),
            "{line} limit {limit}"
        );
    }
}

/// fuzz `solvers_agree`, slow unit: ten sparse givens with many solutions, where the fast
/// solver's search once wandered for seconds through contradictory branches.
#[test]
fn fuzz_slow_sparse_multiple_solutions() {
    agree(".2........1.......3.....4.....6..512...........3................5.....6..........");
}

/// fuzz `solvers_agree`, timeout: clashing givens (row 7 full of 5s) given straight to the
/// library. The front door must answer "no solution" at once, for both solvers.
#[test]
fn fuzz_clashing_givens_are_answered_at_once() {
    let line = ".....2...........4....6..........39.......................55555555555555555555555";
    let s = Sudoku::from_line(line).unwrap();
    assert!(s.check().is_err());
    for solver in [Solver::Fast, Solver::Reference] {
        assert_eq!(s.count_solutions_with(solver, 2), 0);
        assert_eq!(s.solutions_with(solver), nonet_core::Solutions::None);
    }
}

/// fuzz `solvers_agree`, timeout of the *reference* solver (2.5 s in release): fifteen sparse
/// givens with many solutions. Its first guess, a 6 in r3c2, is wrong, but elimination alone
/// only noticed after filling the rest of the grid in every possible way (8 million nodes).
/// Answers checked with the `sudoku` crate.
#[test]
fn fuzz_reference_slow_sparse_grid() {
    let line = ".2..6.....1......63.....4.....6..512...........3...........7....5....2.....5.....";
    agree(line);
    let s = Sudoku::from_line(line).unwrap();
    assert_eq!(s.count_solutions_with(Solver::Reference, 2), 2);
    let third = sudoku::Sudoku::from_str_line(line).unwrap();
    assert_eq!(third.solutions_count_up_to(2), 2);
    let ours = s.solutions_with(Solver::Reference);
    let nonet_core::Solutions::Multiple(solution) = ours else {
        panic!("{ours:?}");
    };
    assert!(solution.is_full() && solution.check().is_ok());
    assert!(line
        .bytes()
        .zip(solution.to_line().bytes())
        .all(|(g, v)| g == b'.' || g == v));
}

/// The pigeonhole the reference solver's Hall check exists for, found in the fuzz corpus:
/// 1, 5 and 7 are in rows 4 and 6 of the middle band, so box 5 must hold all three in row 5,
/// where r5c4 is taken: three digits for two cells. No solution; a search that fills the other
/// boxes first only finds out at the very end (the `sudoku` crate agrees, after seconds).
#[test]
fn three_digits_for_two_cells_have_no_solution() {
    let line = "..57.....1....6......1.....57.....1....6......1.....57...........................";
    agree(line);
    let s = Sudoku::from_line(line).unwrap();
    assert_eq!(s.count_solutions_with(Solver::Reference, 1), 0);
    assert_eq!(
        s.solutions_with(Solver::Reference),
        nonet_core::Solutions::None
    );
}

/// fuzz `solvers_agree`, slow unit (12 s under libFuzzer): fourteen sparse givens with no
/// solution (the `sudoku` crate agrees). The reference solver answers at once; the fast solver
/// searched for 0.85 s (release, 2.6 million guesses) before giving the same answer: five cells
/// of a box hold only four digits, which its propagation did not see. It now checks Hall's
/// condition in long searches and answers in about 5 ms.
const FAST_SLOW_NO_SOLUTION: &str =
    ".2........1........6....4.....6..512...........3................5....2.......3...";

#[test]
fn fuzz_fast_slow_no_solution_reference_answer() {
    let s = Sudoku::from_line(FAST_SLOW_NO_SOLUTION).unwrap();
    assert_eq!(s.count_solutions_with(Solver::Reference, 2), 0);
    assert_eq!(
        s.solutions_with(Solver::Reference),
        nonet_core::Solutions::None
    );
}

#[test]
fn fuzz_fast_slow_no_solution_solvers_agree() {
    agree(FAST_SLOW_NO_SOLUTION);
}
