//! The reference solver: deliberately simple and readable, the oracle every faster path is
//! tested against. Keep it that way: correctness here is checked by reading, not by cleverness.
//!
//! Method: candidate elimination (a solved cell's digit leaves its row, column and box) repeated
//! to a fixpoint, then depth-first trial and error on the empty cell with the fewest candidates.
//! No other rule (not even hidden singles) is used, so "solved without a guess" means exactly
//! "solved by elimination alone".

use std::sync::OnceLock;

use crate::cell::Cell;
use crate::house::STANDARD;

/// Counts the solutions of `cells` (row-major, 0 for empty), stopping at `limit`. The first
/// solution found is stored in `first`. The givens must not clash (the caller checks).
pub(crate) fn count(cells: &[u8; 81], limit: usize, first: &mut Option<[u8; 81]>) -> usize {
    let mut state = State {
        values: [0; 81],
        candidates: [ALL; 81],
    };
    let mut found = 0;
    let mut ok = true;
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            ok &= state.assign(i, v);
        }
    }
    if ok {
        search(state, limit, &mut found, first);
    }
    found
}

/// Candidate mask with all nine digits: bit `d - 1` stands for digit `d`.
const ALL: u16 = 0x1ff;

/// The 20 peers of each cell, as indices (computed once from the layout's tables).
fn peers() -> &'static [[u8; 20]; 81] {
    static PEERS: OnceLock<[[u8; 20]; 81]> = OnceLock::new();
    PEERS.get_or_init(|| {
        let mut table = [[0u8; 20]; 81];
        for cell in Cell::all() {
            for (k, p) in STANDARD.peers(cell).iter().enumerate() {
                table[cell.index()][k] = p.index() as u8;
            }
        }
        table
    })
}

/// A position: each cell's value (0 = empty) and its remaining candidates.
#[derive(Clone)]
struct State {
    values: [u8; 81],
    candidates: [u16; 81],
}

impl State {
    /// Puts digit `v` in cell `i`, then eliminates to a fixpoint: the digit leaves every peer,
    /// and a peer left with one candidate is assigned in turn. `false` on a contradiction (a cell
    /// with no candidate, or a digit that is no longer a candidate of its cell).
    fn assign(&mut self, i: usize, v: u8) -> bool {
        let mut todo: Vec<(usize, u8)> = vec![(i, v)];
        while let Some((cell, digit)) = todo.pop() {
            let bit = 1u16 << (digit - 1);
            if self.values[cell] == digit {
                continue;
            }
            if self.values[cell] != 0 || self.candidates[cell] & bit == 0 {
                return false;
            }
            self.values[cell] = digit;
            self.candidates[cell] = bit;
            for &p in &peers()[cell] {
                let p = p as usize;
                if self.candidates[p] & bit == 0 {
                    continue;
                }
                if self.values[p] != 0 {
                    return false; // a solved peer holds the same digit
                }
                self.candidates[p] &= !bit;
                match self.candidates[p].count_ones() {
                    0 => return false,
                    1 => todo.push((p, self.candidates[p].trailing_zeros() as u8 + 1)),
                    _ => {}
                }
            }
        }
        true
    }
}

fn search(state: State, limit: usize, found: &mut usize, first: &mut Option<[u8; 81]>) {
    let Some(branch) = narrowest_choice(&state) else {
        *found += 1;
        if first.is_none() {
            *first = Some(state.values);
        }
        return;
    };
    let options: Vec<(usize, u8)> = match branch {
        Choice::Dead => return,
        Choice::Cell(cell) => (1..=9u8)
            .filter(|d| state.candidates[cell] & (1 << (d - 1)) != 0)
            .map(|d| (cell, d))
            .collect(),
        Choice::Place(house, digit) => STANDARD
            .cells(crate::house::House::from_index(house))
            .iter()
            .map(|c| c.index())
            .filter(|&c| state.values[c] == 0 && state.candidates[c] & (1 << (digit - 1)) != 0)
            .map(|c| (c, digit))
            .collect(),
    };
    for (cell, digit) in options {
        let mut next = state.clone();
        if next.assign(cell, digit) {
            search(next, limit, found, first);
            if *found >= limit {
                return;
            }
        }
    }
}

/// What the search tries next.
enum Choice {
    /// Some digit has no place left in some house: no completion exists.
    Dead,
    /// Try each candidate of this empty cell.
    Cell(usize),
    /// Try each place left for this digit in this house (house index, digit).
    Place(usize, u8),
}

/// The choice with the fewest options: an empty cell's candidates, or a missing digit's places
/// in a house, whichever is smaller (cells win ties). Both are exhaustive, so either way the
/// search visits every solution; the narrower one just visits fewer dead ends. `None` when the
/// grid is full.
fn narrowest_choice(state: &State) -> Option<Choice> {
    let mut best: Option<(u32, Choice)> = None;
    for i in 0..81 {
        if state.values[i] == 0 {
            let n = state.candidates[i].count_ones();
            if best.as_ref().is_none_or(|(m, _)| n < *m) {
                best = Some((n, Choice::Cell(i)));
            }
        }
    }
    let fewest = best.as_ref()?.0;
    if fewest <= 1 {
        return best.map(|(_, c)| c);
    }
    for (h, cells) in STANDARD.houses_all().enumerate() {
        // Digits seen among the house's empty cells' candidates once, and twice or more.
        let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
        for c in cells {
            let i = c.index();
            if state.values[i] != 0 {
                placed |= 1 << (state.values[i] - 1);
            } else {
                twice |= once & state.candidates[i];
                once |= state.candidates[i];
            }
        }
        let missing = ALL & !placed;
        if missing & !once != 0 {
            return Some(Choice::Dead);
        }
        let single = missing & once & !twice;
        if single != 0 {
            // One place left: nothing can be narrower.
            return Some(Choice::Place(h, single.trailing_zeros() as u8 + 1));
        }
        if fewest <= 2 {
            continue;
        }
        for digit in 1..=9u8 {
            let bit = 1u16 << (digit - 1);
            if missing & bit == 0 {
                continue;
            }
            let places = cells
                .iter()
                .filter(|c| state.values[c.index()] == 0 && state.candidates[c.index()] & bit != 0)
                .count() as u32;
            if best.as_ref().is_none_or(|(m, _)| places < *m) {
                best = Some((places, Choice::Place(h, digit)));
            }
        }
    }
    best.map(|(_, c)| c)
}
