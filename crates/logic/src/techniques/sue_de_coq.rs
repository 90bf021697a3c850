//! Sue de Coq: two or three cells where two houses meet (on the standard board a box and a
//! line), with cells of the line and of the box whose digits are disjoint, together holding as
//! many digits as cells. Any two houses do: the argument only needs the intersection and each
//! part to lie in one house.
//!
//! Then each digit of the whole set is placed exactly once in it (no digit can appear twice:
//! that would need it in both the line part and the box part). A digit not among the box
//! part's digits ends up in the line (intersection or line part), so it leaves the rest of the
//! line; likewise for the box.

use nonet_core::{Cell, CellSet, DigitSet, House};

use super::{elims_for, pattern_of, subsets};
use crate::position::Position;
use crate::step::Step;
use crate::technique::Technique;

/// Every Sue de Coq.
pub fn sue_de_coq(pos: &Position) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    // Each pair of houses meeting in two cells or more, the later house playing the box's part
    // (on the standard board: a box with its three rows, then its three columns).
    let houses: Vec<House> = pos.houses().collect();
    for (i, &bx) in houses.iter().enumerate() {
        for &line in &houses[..i] {
            let inter = pos.house_cells(bx) & pos.house_cells(line) & pos.empty_cells();
            if inter.len() < 2 {
                continue;
            }
            let inter_list: Vec<Cell> = inter.iter().collect();
            let line_rest: Vec<Cell> = (pos.house_cells(line) & pos.empty_cells())
                .difference(pos.house_cells(bx))
                .iter()
                .collect();
            let box_rest: Vec<Cell> = (pos.house_cells(bx) & pos.empty_cells())
                .difference(pos.house_cells(line))
                .iter()
                .collect();
            for k in 2..=3 {
                for core in subsets(&inter_list, k) {
                    let core: CellSet = core.into_iter().collect();
                    let v = pos.cands_of(core);
                    if v.len() < k + 2 {
                        continue;
                    }
                    let line_parts = parts(pos, &line_rest, v);
                    let box_parts = parts(pos, &box_rest, v);
                    for &(lc, ld) in &line_parts {
                        for &(bc, bd) in &box_parts {
                            if !(ld & bd).is_empty() {
                                continue;
                            }
                            let n = core.len() + lc.len() + bc.len();
                            if (v | ld | bd).len() != n {
                                continue;
                            }
                            let mut s = Step::new(Technique::SueDeCoq);
                            let line_digits = (v | ld).difference(bd);
                            let box_digits = (v | bd).difference(ld);
                            for d in line_digits {
                                s.eliminations.extend(elims_for(
                                    pos,
                                    d,
                                    pos.house_cells(line).difference(core | lc),
                                ));
                            }
                            for d in box_digits {
                                s.eliminations.extend(elims_for(
                                    pos,
                                    d,
                                    pos.house_cells(bx).difference(core | bc),
                                ));
                            }
                            if s.eliminations.is_empty() {
                                continue;
                            }
                            s.pattern = pattern_of(pos, core, DigitSet::ALL);
                            s.secondary = pattern_of(pos, lc | bc, DigitSet::ALL);
                            s.cells = core | lc | bc;
                            s.sets = vec![core, lc, bc];
                            s.houses = vec![bx, line];
                            s.digits = v | ld | bd;
                            if !out.iter().any(|o| o.eliminations == s.eliminations) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Candidate parts (1-3 cells) outside the intersection, sharing a digit with `v`.
fn parts(pos: &Position, cells: &[Cell], v: DigitSet) -> Vec<(CellSet, DigitSet)> {
    let mut out = Vec::new();
    for k in 1..=3 {
        for sub in subsets(cells, k) {
            let set: CellSet = sub.into_iter().collect();
            let d = pos.cands_of(set);
            // Each cell must share a digit with the intersection.
            if set.iter().any(|c| (pos.cands(c) & v).is_empty()) {
                continue;
            }
            out.push((set, d));
        }
    }
    out
}
