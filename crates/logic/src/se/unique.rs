//! SE's uniqueness producers: unique rectangles and loops (SE-SPEC §4.10) and the bivalue
//! universal grave (§4.11, whose search is the teacher's too: `techniques::uniqueness`). Both
//! follow SE's scan and its odd corners literally, since the first hint found decides the next
//! position.

use crate::technique::Technique;

use super::grid::{Geometry, Grid, BLOCK, COL, ROW};
use super::{cand, rated_step, se_base};
use crate::board::{bit, bits, bits16, pop9, subsets, subsets_of};
use crate::step::Step;
use crate::techniques::uniqueness::{bug_grave, Grave};
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

/// The ids of every house of cell `c`, the layout's extra houses included, as a mask.
#[inline]
fn house_bits(t: &Geometry, c: usize) -> u64 {
    t.all_house_bits[c]
}

/// Searches loops from `cell` (SE's `checkForLoops`): depth first, house kinds Block, Row,
/// Column except the one used to arrive, cells in house order. (The search moves along blocks
/// or regions, rows and columns only; the loops' validity is checked on every house.)
///
/// SE enumerates every path and keeps the valid loops afterwards (`is_valid_loop`). A loop is
/// valid only if no two of its cells at positions of the same parity share a house, and a loop
/// contains every prefix of its path: so a path whose new cell breaks that rule is not
/// extended (`used` holds the houses of the path's cells at even and odd positions). The
/// loops found are the valid loops SE keeps, in SE's order.
#[allow(clippy::too_many_arguments)]
fn check_loops(
    g: &Grid,
    cell: usize,
    vm: u16,
    both: u128,
    path: &mut Vec<u8>,
    in_path: u128,
    used: [u64; 2],
    last_kind: Option<usize>,
    allowed_ex: i32,
    extra_in: u16,
    loops: &mut Vec<Vec<u8>>,
) {
    let t = &*g.geo;
    let parity = path.len() % 2;
    path.push(cell as u8);
    let in_path = in_path | 1u128 << cell;
    let mut used = used;
    used[parity] |= house_bits(t, cell);
    // The parity of the next cell's position.
    let next_parity = 1 - parity;
    let mut extra = extra_in;
    for kind in [BLOCK, ROW, COL] {
        if last_kind == Some(kind) {
            continue;
        }
        let h = t.houses[cell][kind] as usize;
        // The cells of the house holding both digits, in house (row-major) order: SE skips
        // the others.
        for next in bits(t.mask[h] & both) {
            if next == path[0] as usize && path.len() >= 4 {
                if is_valid_loop(t, path) {
                    loops.push(path.clone());
                }
            } else if !bit(in_path, next) {
                let nc = g.cands[next];
                // SE accumulates the extra digits over the siblings too.
                extra |= nc & !vm;
                if (pop9(nc) == 2 || pop9(extra) == 1 || allowed_ex > 0)
                    && used[next_parity] & house_bits(t, next) == 0
                {
                    let ex = if pop9(nc) > 2 {
                        allowed_ex - 1
                    } else {
                        allowed_ex
                    };
                    check_loops(
                        g,
                        next,
                        vm,
                        both,
                        path,
                        in_path,
                        used,
                        Some(kind),
                        ex,
                        extra,
                        loops,
                    );
                }
            }
        }
    }
    path.pop();
}

/// SE's `isValidLoop`: each house used holds exactly two loop cells of opposite parity. Every
/// house of the cells counts, the layout's extra houses too: only then does swapping the two
/// digits along the loop give another solution.
fn is_valid_loop(t: &Geometry, lp: &[u8]) -> bool {
    let mut sets = [0u64; 2];
    for (i, &c) in lp.iter().enumerate() {
        let s = &mut sets[i % 2];
        let hb = house_bits(t, c as usize);
        if *s & hb != 0 {
            return false;
        }
        *s |= hb;
    }
    sets[0] == sets[1]
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
        if crate::board::bits(both).all(|c| g.cands[c] == vm) {
            continue;
        }
        {
            let f = &mut found.0;
            let same = matches!(&f[c0], Some(x) if x.vm == vm
                && x.both == both
                && crate::board::bits(both).zip(&x.cands).all(|(c, &m)| g.cands[c] == m));
            if !same {
                // The old entry's buffers are reused.
                let (mut loops, mut cands) =
                    f[c0].take().map(|x| (x.loops, x.cands)).unwrap_or_default();
                loops.clear();
                check_loops(
                    g, c0, vm, both, &mut path, 0, [0; 2], None, 2, 0, &mut loops,
                );
                cands.clear();
                cands.extend(crate::board::bits(both).map(|c| g.cands[c]));
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
            let mut loop_mask = 0u128;
            for &c in lp {
                loop_mask |= 1u128 << c;
            }
            extra.clear();
            extra.extend(
                lp.iter()
                    .map(|&c| c as usize)
                    .filter(|&c| pop9(g.cands[c]) > 2),
            );
            let mk = |diff: f64| {
                let mut h = rated_step(Technique::UniqueLoop, diff);
                h.cells = CellSet::from_bits(loop_mask);
                h.digits = DigitSet::from_bits(vm);
                h
            };
            let tech_for = |len: usize, ty: u8| {
                if len == 4 {
                    match ty {
                        1 => Technique::UniqueRectangle1,
                        2 => Technique::UniqueRectangle2,
                        3 => Technique::UniqueRectangle3,
                        _ => Technique::UniqueRectangle4,
                    }
                } else {
                    Technique::UniqueLoop
                }
            };
            let type2 = |offer: &mut dyn FnMut(Step, u8)| {
                let first = extra[0];
                let d = (g.cands[first] & !vm).trailing_zeros() as usize;
                let mut seen = crate::board::ALL;
                let mut ex = 0u128;
                for &c in &extra {
                    seen &= t.peer_mask[c];
                    ex |= 1u128 << c;
                }
                let mut h = mk(base);
                h.technique = tech_for(lp.len(), 2);
                h.eliminations.set_mask(d, seen & !ex & g.pos[d]);
                offer(h, 2);
            };
            match extra.len() {
                0 => {}
                1 => {
                    let c = extra[0];
                    let mut h = mk(base);
                    h.technique = tech_for(lp.len(), 1);
                    for d in bits16(vm) {
                        h.eliminations.set_mask(d, 1u128 << c);
                    }
                    offer(h, 1);
                }
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let x = (g.cands[c1] | g.cands[c2]) & !vm;
                    if pop9(x) == 1 {
                        type2(&mut offer);
                    } else if !type3_done.contains(&(loop_mask, vm, c1 as u8, c2 as u8)) {
                        // The same loop met again (from another cell or the other way round)
                        // would offer the same hints again, which cannot change the best.
                        type3_done.push((loop_mask, vm, c1 as u8, c2 as u8));
                        type3(g, lp.len(), base, vm, c1, c2, x, loop_mask, &mut |h| {
                            offer(h, 3)
                        });
                    }
                    // Type 4.
                    let v1 = vm.trailing_zeros() as usize;
                    let v2 = 15 - vm.leading_zeros() as usize;
                    let pair = (1u128 << c1) | (1u128 << c2);
                    let (mut r1, mut r2) = (false, false);
                    for kind in [BLOCK, ROW, COL] {
                        if t.houses[c1][kind] != t.houses[c2][kind] {
                            continue;
                        }
                        let hm = t.mask[t.houses[c1][kind] as usize];
                        if g.pos[v1] & hm & !pair == 0 {
                            r1 = true;
                        }
                        if g.pos[v2] & hm & !pair == 0 {
                            r2 = true;
                        }
                    }
                    let mut h = mk(base);
                    h.technique = tech_for(lp.len(), 4);
                    if r1 {
                        h.eliminations.set_mask(v2, pair);
                    } else if r2 {
                        h.eliminations.set_mask(v1, pair);
                    }
                    for d in 0..9 {
                        h.eliminations
                            .set_mask(d, h.eliminations.mask(d) & g.pos[d]);
                    }
                    offer(h, 4);
                }
                _ => type2(&mut offer),
            }
        }
    }
    match best {
        Some((h, _)) => acc(h),
        None => false,
    }
}

/// Unique loop type 3 (SE-SPEC §4.10): a naked or hidden set formed with the two extra cells.
#[allow(clippy::too_many_arguments)]
fn type3(
    g: &Grid,
    len: usize,
    base: f64,
    vm: u16,
    c1: usize,
    c2: usize,
    x: u16,
    loop_mask: u128,
    offer: &mut dyn FnMut(Step),
) {
    let t = &*g.geo;
    let tech = if len == 4 {
        Technique::UniqueRectangle3
    } else {
        Technique::UniqueLoop
    };
    // Cells with two candidates or more.
    let mut live = 0u128;
    for c in 0..81 {
        if pop9(g.cands[c]) >= 2 {
            live |= 1u128 << c;
        }
    }
    for degree in pop9(x)..=7 {
        for kind in [BLOCK, ROW, COL] {
            if t.houses[c1][kind] != t.houses[c2][kind] {
                continue;
            }
            let h = t.houses[c1][kind] as usize;
            let hc = &t.cells[h];
            let i1 = hc.iter().position(|&c| c as usize == c1).expect("in house");
            let i2 = hc.iter().position(|&c| c as usize == c2).expect("in house");
            let empties = g.empties(h);
            if 2 * degree <= empties {
                // SE's k-subsets holding position i1 and not i2, in SE's increasing order.
                // A cell with fewer than two candidates fails SE's common-tuple test: such
                // positions are left out.
                let free = t.house_positions(h, live) & !(1u16 << i1) & !(1u16 << i2);
                for rest in subsets_of(free, degree - 1) {
                    let set = rest | 1 << i1;
                    let mut others = 0u16;
                    let mut sets = [0u16; 8];
                    sets[0] = x;
                    let mut n = 1;
                    let mut set_cells = 0u128;
                    for j in bits16(set) {
                        if j == i1 {
                            continue;
                        }
                        let c = hc[j] as usize;
                        others |= g.cands[c];
                        sets[n] = g.cands[c];
                        n += 1;
                        set_cells |= 1u128 << c;
                    }
                    let cond1 = pop9((x & g.cands[c1] & g.cands[c2]) | others) == degree;
                    let Some(digits) = common_tuple(&sets[..n], degree) else {
                        continue;
                    };
                    if !cond1 {
                        continue;
                    }
                    let rest = t.mask[h] & !set_cells & !(1u128 << c1) & !(1u128 << c2);
                    let mut hint = rated_step(tech, base + (degree as f64 - 1.0) * 0.1);
                    hint.cells = CellSet::from_bits(loop_mask | set_cells);
                    hint.digits = DigitSet::from_bits(vm | digits);
                    for d in bits16(digits) {
                        hint.eliminations.set_mask(d, g.pos[d] & rest);
                    }
                    offer(hint);
                }
            }
            if 2 * degree < empties {
                let other_digits = 0x1ff & !vm & !x;
                // SE's (degree - 2)-subsets of the other digits, in increasing order.
                let subs = std::iter::once(0)
                    .filter(|_| degree == 2)
                    .chain(subsets_of(other_digits, degree - 2));
                for sub in subs {
                    let digits = sub | vm;
                    let mut union = 0u128;
                    let mut ok = true;
                    for d in bits16(digits) {
                        let p = g.pos[d] & t.mask[h] & !(1u128 << c2);
                        if p == 0 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let at = union & !(1u128 << c1) & !(1u128 << c2);
                    let mut hint = rated_step(tech, base + (degree as f64 - 2.0) * 0.1);
                    hint.cells = CellSet::from_bits(loop_mask | union);
                    hint.digits = DigitSet::from_bits(digits);
                    for d in 0..9 {
                        if digits >> d & 1 == 0 {
                            hint.eliminations.set_mask(d, g.pos[d] & at);
                        }
                    }
                    offer(hint);
                }
            }
        }
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
