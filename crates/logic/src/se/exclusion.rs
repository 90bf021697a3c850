//! Aligned pair exclusion (SE-SPEC §4.12) and aligned triplet exclusion (§4.13): every
//! combination of digits for two or three base cells is tested against the "excluder" cells
//! that see them all; a candidate that appears in no allowed combination goes.

use crate::technique::Technique;

use std::cell::Cell;

use super::grid::{Geometry, Grid};
use super::{base_step, cand};
use crate::board::{bits16, many_bits, pop9};
use crate::step::Step;
use crate::techniques::exclusion::{allowed, Excluder};
use nonet_core::CellSet;

/// The last grid on which a producer's full scan gave no hint: its candidates and its base
/// cells, from which the next scan finds the tests that may give something (see the module's
/// `Changes`). Aligned pair and aligned triplet exclusion each have their own, in
/// [`super::Memory`].
#[derive(Default)]
pub struct Sterile(Cell<Option<([u16; 81], u128)>>);

/// What changed since the last grid on which the producer found nothing.
///
/// The test of a pair or triple of base cells reads only the candidates of its cells and of
/// the excluders that see them all: unless one of its cells changed (or became a base cell)
/// or a changed cell sees them all, it finds nothing again, and skipping it leaves the
/// other tests, their order and the first hint as they were. Consecutive chain steps change
/// a cell or two, and the rating loop runs these producers at each of them.
struct Changes {
    /// Cells whose candidates differ.
    changed: u128,
    /// Cells whose tests must run: changed cells and new base cells.
    redo: u128,
}

impl Changes {
    fn new(st: &Sterile, g: &Grid, base: u128) -> Changes {
        let last = st.0.get();
        match last {
            None => Changes {
                changed: !0,
                redo: !0,
            },
            Some((cands, base0)) => {
                let mut changed = 0u128;
                for c in 0..81 {
                    if cands[c] != g.cands[c] {
                        changed |= 1u128 << c;
                    }
                }
                Changes {
                    changed,
                    redo: changed | (base & !base0),
                }
            }
        }
    }

    /// The cells a test holding the cells of `cells` must include to run: everything when
    /// one of them is to redo, else the cells to redo and the peers of a changed cell that
    /// sees all of `cells` (`seen_by_all`: the cells that see them all).
    #[inline]
    fn needed(&self, t: &Geometry, cells: u128, seen_by_all: u128) -> u128 {
        if cells & self.redo != 0 {
            return !0;
        }
        let mut m = self.redo;
        for x in crate::board::bits(self.changed & seen_by_all) {
            m |= t.peer_mask[x];
        }
        m
    }

    /// Remembers `g` as a grid where the scan found nothing.
    fn sterile(st: &Sterile, g: &Grid, base: u128) {
        st.0.set(Some((g.cands, base)));
    }
}

/// Base cells (cell indices), each with its excluders as a mask.
type BaseCells = Vec<(usize, u128)>;

/// The mask of the base cells.
fn base_mask(cells: &[(usize, u128)]) -> u128 {
    cells.iter().fold(0, |m, &(c, _)| m | 1u128 << c)
}

/// The cells that may serve as base cells, with their excluders (peers with 2..=`max_ex`
/// candidates) as a mask.
fn base_cells(g: &Grid, max_ex: u32) -> BaseCells {
    let t = &*g.geo;
    // Cells with one candidate (a base cell must see none) and with 2..=max_ex (excluders).
    let (mut single, mut small) = (0u128, 0u128);
    for c in 0..81 {
        let n = g.count_at(c);
        if n == 1 {
            single |= 1u128 << c;
        } else if (2..=max_ex).contains(&n) {
            small |= 1u128 << c;
        }
    }
    let mut out = Vec::new();
    for c in 0..81 {
        if g.values[c].is_some() || g.count_at(c) < 2 || t.peer_mask[c] & single != 0 {
            continue;
        }
        let ex = t.peer_mask[c] & small;
        if ex != 0 {
            out.push((c, ex));
        }
    }
    out
}

/// The base cells of groups of `size` cells (with excluders of up to `size` candidates), their
/// mask and what changed since the last sterile grid; `None`, the grid remembered as sterile,
/// when there are fewer than `size`.
fn start(g: &Grid, st: &Sterile, size: u32) -> Option<(BaseCells, u128, Changes)> {
    let cells = base_cells(g, size);
    let base = base_mask(&cells);
    if cells.len() < size as usize {
        Changes::sterile(st, g, base);
        return None;
    }
    let ch = Changes::new(st, g, base);
    Some((cells, base, ch))
}

/// Offers `acc` the step of `technique` on the base cells `found` (each a cell index with the
/// digits found in an allowed combination) and the excluders `common`, whose base cells lose
/// their other candidates, if any; `offered` records that a step was offered. Returns `true`
/// when `acc` stops the scan.
fn offer(
    g: &Grid,
    technique: Technique,
    (found, common): (&[(usize, u16)], u128),
    offered: &mut bool,
    acc: &mut impl FnMut(Step) -> bool,
) -> bool {
    let mut h = base_step(technique);
    let mut cells = common;
    for &(c, ok) in found {
        cells |= 1u128 << c;
        for d in bits16(g.cands[c] & !ok) {
            h.eliminations.insert(cand(c, d));
        }
    }
    if h.eliminations.is_empty() {
        return false;
    }
    h.cells = CellSet::from_bits(cells);
    *offered = true;
    acc(h)
}

/// Aligned pair exclusion (6.2).
pub fn aligned_pair(g: &Grid, st: &Sterile, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let Some((cells, base, ch)) = start(g, st, 2) else {
        return false;
    };
    let mut offered = false;
    // The excluders of a pair, one buffer for every pair.
    let mut buf: Vec<Excluder> = Vec::with_capacity(20);
    for j in 1..cells.len() {
        for i in 0..j {
            let (c0, e0) = cells[i];
            let (c1, e1) = cells[j];
            let common = e0 & e1;
            if !many_bits(common) {
                continue;
            }
            let pair = (1u128 << c0) | (1u128 << c1);
            if pair & ch.redo == 0 && ch.changed & t.peer_mask[c0] & t.peer_mask[c1] == 0 {
                continue;
            }
            // Every candidate of a base cell has a partner digit in the other cell that no
            // peer rule forbids (each has two candidates or more), so only an excluder whose
            // candidates lie within the two cells can remove anything.
            let (m0, m1) = (g.cands[c0], g.cands[c1]);
            buf.clear();
            buf.extend(crate::board::bits(common).filter_map(|e| {
                Excluder::new([g.cands[e] & m0, g.cands[e] & m1, 0], pop9(g.cands[e]))
            }));
            if buf.is_empty() {
                continue;
            }
            let peers = t.peer_mask[c0] >> c1 & 1 != 0;
            let [ok0, ok1, _] = allowed(&[m0, m1], [peers, false, false], &buf);
            if ok0 == m0 && ok1 == m1 {
                continue;
            }
            let found = [(c0, ok0), (c1, ok1)];
            let tech = Technique::AlignedPairExclusion;
            if offer(g, tech, (&found, common), &mut offered, acc) {
                return true;
            }
        }
    }
    if !offered {
        Changes::sterile(st, g, base);
    }
    false
}

/// Aligned triplet exclusion (7.5). Each triple of cells is tested once, where SE's scan first
/// meets it: a later meeting would give the same hint again.
pub fn aligned_triplet(g: &Grid, st: &Sterile, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let Some((cells, base, ch)) = start(g, st, 3) else {
        return false;
    };
    let mut offered = false;
    // The excluders of a triple, one buffer for every triple.
    let mut buf: Vec<Excluder> = Vec::with_capacity(20);
    let mut qualifying = 0u128;
    let mut ex_of = [0u128; 81];
    // For each excluder cell, the base cells it serves.
    let mut served = [0u128; 81];
    for &(c, e) in &cells {
        qualifying |= 1u128 << c;
        ex_of[c] = e;
        for x in crate::board::bits(e) {
            served[x] |= 1u128 << c;
        }
    }
    for j in 1..cells.len() {
        for i in 0..j {
            let (c0, e0) = cells[i];
            let (c1, e1) = cells[j];
            // All three cells need two common excluders, so the pair needs them already.
            let common01 = e0 & e1;
            if !many_bits(common01) {
                continue;
            }
            let pair = (1u128 << c0) | (1u128 << c1);
            let twins = (e0 | e1)
                & qualifying
                & !pair
                & ch.needed(t, pair, t.peer_mask[c0] & t.peer_mask[c1]);
            if twins == 0 {
                continue;
            }
            // The base cells served by two excluders of the pair or more: the third cells
            // with two common excluders (the test below, done for all at once).
            let (mut once, mut twice) = (0u128, 0u128);
            for x in crate::board::bits(common01) {
                twice |= once & served[x];
                once |= served[x];
            }
            let p01 = t.is_peer(c0, c1);
            let (b0, b1) = (1u128 << c0, 1u128 << c1);
            for c2 in crate::board::bits(twins & twice) {
                // The test of a triple does not depend on the order of its cells, and the
                // scan meets a triple once per pair of it whose excluders hold the third
                // cell. Pairs come in colex order of the cells (row-major order): with
                // c0 < c1, the triple was met before at (c0, c2) with third c1 when c2 < c1
                // and c1 is an excluder of c0 or c2, and at (c2, c0) with third c1 or at
                // (c2, c1) with third c0 when c2 < c0. That earlier test found nothing (or
                // its hint was offered already): skip it.
                let e2 = ex_of[c2];
                if c2 < c1 && (e0 | e2) & b1 != 0 {
                    continue;
                }
                if c2 < c0 && (e2 & (b0 | b1) != 0 || e1 & b0 != 0) {
                    continue;
                }
                let common = common01 & ex_of[c2];
                debug_assert!(many_bits(common));
                let p02 = t.is_peer(c0, c2);
                let p12 = t.is_peer(c1, c2);
                // The excluders inside the three cells' candidates, and their digits. Without
                // one, only the peer rule forbids combinations, and that can remove a
                // candidate only when the three cells see each other.
                let (m0, m1, m2) = (g.cands[c0], g.cands[c1], g.cands[c2]);
                buf.clear();
                let mut bad = 0u16;
                for e in crate::board::bits(common) {
                    let m = g.cands[e];
                    if let Some(x) = Excluder::new([m & m0, m & m1, m & m2], pop9(m)) {
                        buf.push(x);
                        bad |= m;
                    }
                }
                let mutual = p01 && p02 && p12;
                if buf.is_empty() && !mutual {
                    continue;
                }
                // A combination whose two other digits are outside `bad` contains no excluded
                // set, so a digit is allowed when the other two cells offer two different such
                // digits, both unlike it. When every digit of the three cells is allowed so,
                // nothing goes.
                let free = [m0 & !bad, m1 & !bad, m2 & !bad];
                let covers = |x: u16, y: u16| {
                    let (nx, ny) = (pop9(x), pop9(y));
                    (nx >= 3 && ny >= 2) || (nx >= 2 && ny >= 3) || (nx == 2 && ny == 2 && x != y)
                };
                if covers(free[1], free[2]) && covers(free[0], free[2]) && covers(free[0], free[1])
                {
                    continue;
                }
                let [ok0, ok1, ok2] = allowed(&[m0, m1, m2], [p01, p02, p12], &buf);
                if ok0 == m0 && ok1 == m1 && ok2 == m2 {
                    continue;
                }
                let found = [(c0, ok0), (c1, ok1), (c2, ok2)];
                let tech = Technique::AlignedTripletExclusion;
                if offer(g, tech, (&found, common), &mut offered, acc) {
                    return true;
                }
            }
        }
    }
    if !offered {
        Changes::sterile(st, g, base);
    }
    false
}
