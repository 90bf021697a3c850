//! The reference solver: deliberately simple and readable, the oracle every faster path is
//! tested against. Keep it that way: correctness here is checked by reading, not by cleverness.
//!
//! Method: depth-first trial and error on the empty cell with the fewest candidates. Before each
//! choice the position is narrowed by three rules, each a direct consequence of "every house
//! holds each of the nine digits exactly once":
//!
//! - *elimination*: a placed digit leaves its peers (20 in the standard layout); a cell left with one candidate is placed;
//! - *hidden single*: a digit with one cell left in a house is placed there;
//! - *locked candidates* (on the variants' layouts): a digit whose cells in one house all lie
//!   in a second house leaves the rest of the second;
//! - *Hall's condition*: any k digits of a house need k different cells, so when the cells that
//!   can still hold some k digits of a house are fewer than k, the position is dead.
//!
//! The rules only ever discard positions that have no solution, and every candidate of the
//! chosen cell is tried, so the search visits every solution.
//!
//! Why Hall's condition: on sparse grids the first two rules miss pigeonhole contradictions such
//! as "three digits left for two cells of a box". A search that does not happen to branch in that
//! box first then fills the rest of the grid in every possible way before it notices: with
//! elimination alone, the fuzzed grid pinned by `fuzz_reference_slow_sparse_grid` took 8 million
//! nodes (2.5 s) to refute a wrong first guess. The check sees such dead ends where they appear.

use crate::cell::Cell;
use crate::house::{Layout, STANDARD};

/// Counts the solutions of `cells` (row-major, 0 for empty) on the standard layout, stopping at
/// `limit`. The first solution found is stored in `first`. The givens must not clash (the
/// caller checks).
pub(crate) fn count(cells: &[u8; 81], limit: usize, first: &mut Option<[u8; 81]>) -> usize {
    count_in(&STANDARD, cells, limit, first)
}

/// [`count`] on any layout: every house of `layout` holds each digit once.
pub(crate) fn count_in(
    layout: &Layout,
    cells: &[u8; 81],
    limit: usize,
    first: &mut Option<[u8; 81]>,
) -> usize {
    let mut state = State {
        layout,
        locked: !layout.is_standard(),
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

/// A position: each cell's value (0 = empty) and its remaining candidates (a placed cell keeps
/// exactly its own digit as candidate).
#[derive(Clone)]
struct State<'a> {
    /// The houses.
    layout: &'a Layout,
    /// Whether to apply locked candidates (the variants' layouts; on the standard one the
    /// search is quick without, and the oracle's differential tests twice as slow with).
    locked: bool,
    values: [u8; 81],
    candidates: [u16; 81],
}

impl State<'_> {
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
            for p in self.layout.peers(Cell::from_index(cell)) {
                let p = p.index();
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

    /// Places hidden singles (with their eliminations) until there are none left, then checks
    /// Hall's condition. `false` when the position has no solution.
    fn settle(&mut self) -> bool {
        loop {
            let mut progress = false;
            for cells in self.layout.houses_all() {
                // Digits that are candidates in one cell of the house, and in two or more.
                let (mut once, mut twice) = (0u16, 0u16);
                for c in cells {
                    twice |= once & self.candidates[c.index()];
                    once |= self.candidates[c.index()];
                }
                if once != ALL {
                    return false; // some digit has nowhere to go
                }
                for c in cells {
                    let i = c.index();
                    let single = self.candidates[i] & !twice;
                    if self.values[i] == 0 && single != 0 {
                        // Two hidden singles in one cell are a contradiction: `assign` takes
                        // the first, and the second then has no cell left (next pass).
                        if !self.assign(i, single.trailing_zeros() as u8 + 1) {
                            return false;
                        }
                        progress = true;
                    }
                }
            }
            if !progress {
                if !self.locked {
                    return self.halls_condition_holds();
                }
                match self.locked_candidates() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => return self.halls_condition_holds(),
                }
            }
        }
    }

    /// Locked candidates between any two houses: when a digit's places in a house all lie in
    /// another house too, the digit goes in the first house's part of the second, so it
    /// leaves the rest of the second. `None` on a contradiction, else whether anything was
    /// removed. (Irregular regions overlap rows and columns in many ways, and this rule is what
    /// lets the search see most dead layouts early.)
    fn locked_candidates(&mut self) -> Option<bool> {
        let layout = self.layout;
        let mut progress = false;
        for a in layout.houses() {
            for digit in 1..=9u8 {
                let bit = 1u16 << (digit - 1);
                let places: crate::cell::CellSet = layout
                    .cells(a)
                    .iter()
                    .copied()
                    .filter(|c| {
                        self.values[c.index()] == 0 && self.candidates[c.index()] & bit != 0
                    })
                    .collect();
                if places.is_empty() {
                    continue;
                }
                let others: Vec<_> = layout.common_houses(places).filter(|&b| b != a).collect();
                for b in others {
                    for c in layout.cell_set(b).difference(layout.cell_set(a)) {
                        let i = c.index();
                        if self.values[i] != 0 || self.candidates[i] & bit == 0 {
                            continue;
                        }
                        self.candidates[i] &= !bit;
                        progress = true;
                        match self.candidates[i].count_ones() {
                            0 => return None,
                            1 => {
                                let last = self.candidates[i].trailing_zeros() as u8 + 1;
                                // Let `assign` place it: it wants the digit still a candidate.
                                if !self.assign(i, last) {
                                    return None;
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        Some(progress)
    }

    /// Hall's condition in every house: any k empty cells of a house need k different digits
    /// among their candidates. (By Hall's theorem this is also "any k missing digits need k
    /// cells": it fails exactly when no way is left to give each empty cell its own digit.)
    fn halls_condition_holds(&self) -> bool {
        for cells in self.layout.houses_all() {
            let mut empty = [0u16; 9]; // the candidates of the house's empty cells
            let mut n = 0;
            for c in cells {
                if self.values[c.index()] == 0 {
                    empty[n] = self.candidates[c.index()];
                    n += 1;
                }
            }
            // digits[s]: the candidates of the set s of empty cells (bit k = empty[k]), built
            // from the same set without its lowest cell.
            let mut digits = [0u16; 512];
            for s in 1..1usize << n {
                digits[s] = digits[s & (s - 1)] | empty[s.trailing_zeros() as usize];
                if digits[s].count_ones() < s.count_ones() {
                    return false;
                }
            }
        }
        true
    }
}

/// Settles `state`, then tries each candidate of its empty cell with the fewest candidates.
fn search(mut state: State<'_>, limit: usize, found: &mut usize, first: &mut Option<[u8; 81]>) {
    if !state.settle() {
        return;
    }
    let narrowest = (0..81)
        .filter(|&i| state.values[i] == 0)
        .min_by_key(|&i| state.candidates[i].count_ones());
    let Some(cell) = narrowest else {
        *found += 1;
        if first.is_none() {
            *first = Some(state.values);
        }
        return;
    };
    for digit in 1..=9u8 {
        if state.candidates[cell] & (1 << (digit - 1)) == 0 {
            continue;
        }
        let mut next = state.clone();
        if next.assign(cell, digit) {
            search(next, limit, found, first);
            if *found >= limit {
                return;
            }
        }
    }
}
