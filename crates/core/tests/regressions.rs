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
