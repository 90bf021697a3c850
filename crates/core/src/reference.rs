//! The reference solver: deliberately simple and readable, the oracle every faster path is
//! tested against. Keep it that way: correctness here is checked by reading, not by cleverness.
//!
//! Method: candidate elimination (a solved cell's digit leaves its row, column and box) repeated
//! to a fixpoint, then depth-first trial and error on the empty cell with the fewest candidates.

use crate::cell::Cell;
use crate::digit::DigitSet;
use crate::house::STANDARD;
use crate::pencil::PencilMarks;
use crate::sudoku::Sudoku;

/// Counts the solutions of `cells` (row-major, 0 for empty), stopping at `limit`. The first
/// solution found is stored in `first`. The givens must not clash (the caller checks).
pub(crate) fn count(cells: &[u8; 81], limit: usize, first: &mut Option<[u8; 81]>) -> usize {
    let sudoku = Sudoku::from_bytes(*cells).expect("cells hold 0-9");
    let mut found = 0;
    search(PencilMarks::raw(&sudoku), limit, &mut found, first);
    found
}

fn search(mut pm: PencilMarks, limit: usize, found: &mut usize, first: &mut Option<[u8; 81]>) {
    pm.eliminate_to_fixpoint();
    if pm.has_dead_cell() || !consistent(&pm) {
        return;
    }
    // The empty cell with the fewest candidates; none left means the grid is full.
    let Some(cell) = Cell::all()
        .filter(|&c| pm.value(c).is_none())
        .min_by_key(|&c| pm.candidates(c).len())
    else {
        *found += 1;
        if first.is_none() {
            *first = Some(pm.to_sudoku().to_bytes());
        }
        return;
    };
    for digit in pm.candidates(cell) {
        let mut next = pm.clone();
        next.place(cell, digit);
        search(next, limit, found, first);
        if *found >= limit {
            return;
        }
    }
}

/// Whether no two solved cells of a house share a digit. Elimination alone can place the same
/// naked single twice in a house in one sweep (two cells both left with only `5`), so this is
/// checked after every fixpoint.
fn consistent(pm: &PencilMarks) -> bool {
    STANDARD.houses_all().all(|cells| {
        let mut seen = DigitSet::EMPTY;
        cells.iter().filter_map(|&c| pm.value(c)).all(|d| {
            let fresh = !seen.contains(d);
            seen.insert(d);
            fresh
        })
    })
}
