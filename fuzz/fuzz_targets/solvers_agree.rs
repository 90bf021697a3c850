//! Arbitrary givens (any density, clashing or not): the fast and the reference solver agree on
//! the solution count (limit 2) and, when unique, on the solution; a solution is a valid
//! completion of the givens.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::{Cell, Solutions, Solver, Sudoku};

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(data) {
        // Mostly empty cells, so that both sparse and dense grids come up.
        *c = if b % 3 == 0 { b % 10 } else { 0 };
    }
    let s = Sudoku::from_bytes(cells).unwrap();
    let fast = s.solutions_with(Solver::Fast);
    let reference = s.solutions_with(Solver::Reference);
    match (fast, reference) {
        (Solutions::None, Solutions::None) => {}
        (Solutions::Unique(a), Solutions::Unique(b)) => assert_eq!(a, b),
        (Solutions::Multiple(a), Solutions::Multiple(_)) => {
            assert!(a.is_full() && a.check().is_ok());
            for cell in Cell::all() {
                if let Some(d) = s.get(cell) {
                    assert_eq!(a.get(cell), Some(d));
                }
            }
        }
        (f, r) => panic!("fast {f:?} != reference {r:?} on {s}"),
    }
});
