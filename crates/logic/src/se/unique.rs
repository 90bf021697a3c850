//! SE's uniqueness producers: unique rectangles and loops (SE-SPEC §4.10) and the bivalue
//! universal grave (§4.11). The searches and the deductions are the teacher's too
//! (`techniques::uniqueness`: the deadly-loop walk, the grave, the rectangle types both know,
//! SE's own type rules beside them); what is here is SE's glue: the order the producers ask
//! in, the memory of loops already found, the choice of the hint to emit and the difficulty.
//! Both follow SE's scan and its odd corners literally, since the first hint found decides the
//! next position.

use crate::technique::Technique;

use super::grid::{Grid, BLOCK, COL, ROW};
use super::{cand, rated_step, se_base};
use crate::board::{bits, bits16, pop9, subsets};
use crate::step::Step;
use crate::techniques::uniqueness::{bug_grave, deadly_loops, se_loop_hints, Grave, SE_LOOPS};
use nonet_core::{CellSet, DigitSet};

/// The loops found from one start cell, with what they were found from.
///
/// The search from a cell reads only its two digits, the cells holding both and those
/// cells' candidates: while these are the same, it finds the same loops in the same order,
/// and they are taken from here. The hints of a loop are worked out again on each grid.
/// Consecutive chain steps change a cell or two, and the rating loop runs this producer at
/// each of them.
struct Found {
    vm: u16,
    both: u128,
    /// The candidates of the cells of `both`, in cell order.
    cands: Vec<u16>,
    loops: Vec<Vec<u8>>,
}

/// Per start cell, the loops last found from it and what they were found from (see the
/// module's `Found`): the part of [`super::Memory`] that the unique loop producer reads and
/// writes.
pub struct Loops(Vec<Option<Found>>);

impl Default for Loops {
    /// A memory that knows no loop yet.
    fn default() -> Self {
        Loops((0..81).map(|_| None).collect())
    }
}

/// The base difficulty of a loop of `len` cells, summed in SE's order.
pub(crate) fn loop_base(len: usize) -> f64 {
    let mut r = se_base(Technique::UniqueLoop);
    if len >= 10 {
        r += 0.3;
    }
    if len >= 8 {
        r += 0.2;
    } else if len >= 6 {
        r += 0.1;
    }
    r
}

/// Whether SE's `searchCommonTuple` accepts `sets`: none has one element or fewer, and the
/// union has exactly `k` elements.
fn common_tuple(sets: &[u16], k: u32) -> Option<u16> {
    let mut u = 0;
    for &s in sets {
        if pop9(s) <= 1 {
            return None;
        }
        u |= s;
    }
    (pop9(u) == k).then_some(u)
}

/// Unique rectangles and loops: all hints collected, the easiest (then lowest type) emitted.
///
/// The loops are `uniqueness::deadly_loops`' from every bivalue cell in row-major order, on its pair, over
/// the cells holding both digits, as far as SE's walk goes (`SE_LOOPS`); the hints of each
/// are `se_loop_hints`'. A loop gives a hint only through a cell with more candidates than
/// the two, and a start cell's loops are found again only when what its walk reads changed
/// (see the module's `Found`).
pub fn unique_loops(g: &Grid, found: &mut Loops, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let mut best: Option<(Step, u8)> = None;
    let mut offer = |h: Step, ty: u8| {
        if h.eliminations.is_empty() {
            return;
        }
        let better = match &best {
            None => true,
            Some((b, bt)) => {
                h.difficulty < b.difficulty || (h.difficulty == b.difficulty && ty < *bt)
            }
        };
        if better {
            best = Some((h, ty));
        }
    };
    // One buffer for every loop's extra cells (this runs at every step of a rating walk).
    let mut extra: Vec<usize> = Vec::new();
    let mut type3_done: Vec<(u128, u16, u8, u8)> = Vec::new();
    let mut path = Vec::with_capacity(16);
    for c0 in 0..81 {
        let vm = g.cands[c0];
        if g.values[c0].is_some() || pop9(vm) != 2 {
            continue;
        }
        // A loop needs at least four cells holding both digits.
        let both = g.pos[vm.trailing_zeros() as usize] & g.pos[15 - vm.leading_zeros() as usize];
        if both.count_ones() < 4 {
            continue;
        }
        // A loop gives a hint only through a cell with more candidates than the two.
        if bits(both).all(|c| g.cands[c] == vm) {
            continue;
        }
        {
            let f = &mut found.0;
            let same = matches!(&f[c0], Some(x) if x.vm == vm
                && x.both == both
                && bits(both).zip(&x.cands).all(|(c, &m)| g.cands[c] == m));
            if !same {
                // The old entry's buffers are reused.
                let (mut loops, mut cands) =
                    f[c0].take().map(|x| (x.loops, x.cands)).unwrap_or_default();
                loops.clear();
                deadly_loops(g, t, c0, vm, both, SE_LOOPS, &mut path, &mut loops);
                cands.clear();
                cands.extend(bits(both).map(|c| g.cands[c]));
                f[c0] = Some(Found {
                    vm,
                    both,
                    cands,
                    loops,
                });
            }
        }
        for lp in &found.0[c0].as_ref().expect("just set").loops {
            let base = loop_base(lp.len());
            se_loop_hints(
                g,
                t,
                lp,
                vm,
                &mut extra,
                &mut type3_done,
                &mut |mut h, ty, bonus| {
                    h.difficulty = Some(base + bonus);
                    offer(h, ty);
                },
            );
        }
    }
    match best {
        Some((h, _)) => acc(h),
        None => false,
    }
}

/// The bivalue universal grave, types 1 to 4 (SE-SPEC §4.11): the grave is the shared search's
/// (`techniques::uniqueness::bug_grave`, the teacher's BUG+1 runs it too) over SE's houses,
/// Block, Row, Column, with SE's peers; the types are worked out here from what it found.
///
/// Only on the standard layout: SE's argument that a BUG has no unique solution counts three
/// houses per cell, and is not carried over to the variants' houses.
pub fn bug(g: &Grid, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let geo = &*g.geo;
    if !geo.is_standard() {
        return false;
    }
    let Some(grave) = bug_grave(g, geo.mask[..27].iter().copied(), |c| geo.peer_mask[c]) else {
        return false;
    };
    let Grave {
        cells: bug_cells,
        digits: bug_digits,
        all_digits,
        common,
    } = grave;
    let mut cells_mask = 0u128;
    for &c in &bug_cells {
        cells_mask |= 1u128 << c;
    }
    let mk = |tech, diff| {
        let mut h = rated_step(tech, diff);
        h.cells = CellSet::from_bits(cells_mask);
        h.digits = DigitSet::from_bits(all_digits);
        h
    };
    let worth = |h: &Step| !h.eliminations.is_empty();
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let mut h = mk(Technique::Bug1, se_base(Technique::Bug1));
        for d in bits16(g.cands[c] & !bug_digits[c]) {
            h.eliminations.set_mask(d, 1u128 << c);
        }
        return worth(&h) && acc(h);
    }
    let type4 = |acc: &mut dyn FnMut(Step) -> bool| -> bool {
        if bug_cells.len() != 2 {
            return false;
        }
        let (c1, c2) = (bug_cells[0], bug_cells[1]);
        let shared = (g.cands[c1] & g.cands[c2]) & !(bug_digits[c1] | bug_digits[c2]);
        if pop9(shared) != 1 {
            return false;
        }
        for kind in [BLOCK, ROW, COL] {
            if geo.houses[c1][kind] != geo.houses[c2][kind] {
                continue;
            }
            let mut h = mk(Technique::Bug4, se_base(Technique::Bug4));
            for &c in &[c1, c2] {
                for d in bits16(g.cands[c] & !bug_digits[c] & !shared) {
                    h.eliminations.insert(cand(c, d));
                }
            }
            if worth(&h) && acc(h) {
                return true;
            }
        }
        false
    };
    if pop9(all_digits) == 1 {
        let d = all_digits.trailing_zeros() as usize;
        let mut h = mk(Technique::Bug2, se_base(Technique::Bug2));
        h.eliminations.set_mask(d, common & g.pos[d]);
        if worth(&h) && acc(h) {
            return true;
        }
        return type4(acc);
    }
    if common != 0 {
        if type4(acc) {
            return true;
        }
        // Type 3: a naked set in a house shared by every BUG cell, with the BUG digits acting
        // as one more cell of the set.
        for kind in [BLOCK, ROW, COL] {
            let hid = geo.houses[bug_cells[0]][kind];
            if bug_cells.iter().any(|&c| geo.houses[c][kind] != hid) {
                continue;
            }
            let r: Vec<usize> = bits(common & geo.mask[hid as usize]).collect();
            for degree in 2..=6u32 {
                for set in subsets(degree - 1) {
                    if (set as usize) >> r.len() != 0 {
                        continue;
                    }
                    let mut sets = [0u16; 8];
                    let mut n = 0;
                    let mut union = 0u16;
                    let mut set_cells = 0u128;
                    for j in bits16(set) {
                        let c = r[j];
                        sets[n] = g.cands[c];
                        n += 1;
                        union |= g.cands[c];
                        set_cells |= 1u128 << c;
                    }
                    if pop9(union) != degree {
                        continue;
                    }
                    sets[n] = all_digits;
                    n += 1;
                    let Some(digits) = common_tuple(&sets[..n], degree) else {
                        continue;
                    };
                    let mut h = mk(
                        Technique::Bug3,
                        se_base(Technique::Bug3) + (degree as f64 - 1.0) * 0.1,
                    );
                    let others =
                        r.iter().fold(0u128, |m, &c| m | 1u128 << c) & !set_cells & !cells_mask;
                    for d in bits16(digits) {
                        h.eliminations.set_mask(d, g.pos[d] & others);
                    }
                    if worth(&h) && acc(h) {
                        return true;
                    }
                }
            }
        }
    }
    false
}
