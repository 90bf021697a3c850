//! SE's non-chaining producers up to the wings: singles, direct hints, locking, naked and hidden
//! sets, basic fish, XY- and XYZ-Wing. Each one scans in SE's order (SE-SPEC §4) and offers its
//! hints to an accumulator that returns `true` to stop the scan.
//!
//! Past the singles, each producer runs the search the teacher runs too (`crate::techniques`:
//! `intersections`, `subsets`, `fish`, `wings`), with SE's order as data (its houses, its colex
//! walk, its nesting) and the step built where the teacher builds it; what stays here is SE's
//! own: the sterile memory, the direct forms' placements, and the difficulty.

use crate::technique::Technique;

use super::grid::{Grid, BLOCK, COL, MAX_HOUSES, ROW};
use super::{base_step, cand};
use crate::board::{many_bits, pop9, Walk};
use crate::step::Step;
use crate::techniques::fish::{basic_fish, fish_step};
use crate::techniques::intersections::{locked_candidates, locking_step, Nest};
use crate::techniques::singles::{hidden_singles, naked_singles};
use crate::techniques::subsets::{hidden_set_step, hidden_sets, naked_set_step, naked_sets};
use crate::techniques::wings::{wing_step, xy_wings, Pincers};
use nonet_core::{CellSet, DigitSet};

use std::cell::Cell;

/// Digits and houses known to give no hint to a producer: the part of [`super::Memory`] that
/// locking, naked and hidden sets and basic fish read and write.
///
/// Fish and locking look at one digit at a time: the hints of digit `d` depend only on its
/// positions (and, for fish, on how many of it are placed). Naked and hidden sets look at one
/// house at a time: their hints there depend only on the candidates of its cells and its
/// number of empty cells. A digit or house whose full scan gave no hint gives none again
/// while those are the same, so its scan is skipped: the producer's other hints keep their
/// order, and the first one is the same. Consecutive chain steps change one digit or two,
/// and a few houses, and the rating loop runs these producers at each of them.
pub struct Sterile {
    /// Per fish degree (2 to 4) and digit: the (positions, placed count) last found sterile.
    fish: [[Cell<(u128, u32)>; 9]; 3],
    /// Per locking mode (normal, direct) and digit: the positions last found sterile.
    locking: [[Cell<u128>; 9]; 2],
    /// Per hidden-set variant (degree 2 to 4, normal or direct) and house: the house's
    /// content (see [`house_key`]) last found sterile.
    hidden: [[Cell<HouseKey>; MAX_HOUSES]; 6],
    /// Per naked-set degree (2 to 4) and house: the content last found sterile.
    naked: [[Cell<HouseKey>; MAX_HOUSES]; 3],
}

/// What a naked or hidden set in one house depends on: the candidates of its cells and its
/// number of empty cells (slot 9).
type HouseKey = [u16; 10];

/// A step of a search shared with the teacher, at its technique's SE base difficulty.
fn rated(mut step: Step) -> Step {
    step.difficulty = Some(super::se_base(step.technique));
    step
}

/// The [`HouseKey`] of house `h`.
#[inline]
fn house_key(g: &Grid, h: usize, empties: u32) -> HouseKey {
    let mut k = [0u16; 10];
    for (j, &c) in g.geo.cells[h].iter().enumerate() {
        k[j] = g.cands[c as usize];
    }
    k[9] = empties as u16;
    k
}

/// No house has this content (a candidate mask above nine bits).
const NEVER_HOUSE: HouseKey = [u16::MAX; 10];

/// No digit has these positions: a cell outside the grid.
const NEVER: u128 = 1 << 127;

impl Default for Sterile {
    /// A memory that knows nothing sterile yet.
    fn default() -> Self {
        Sterile {
            fish: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new((NEVER, 0)))),
            locking: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NEVER))),
            hidden: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NEVER_HOUSE))),
            naked: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NEVER_HOUSE))),
        }
    }
}

/// Hidden singles and full houses (SE-SPEC §4.1): first the "alone" pass, then the hidden pass,
/// each over Block, Column, Row, then the layout's extra houses.
///
/// A hidden single in a window is named (and rated) as one in a box, one in a diagonal as one
/// in a row: the shape, not the kind, is what makes it easy to see.
pub fn hidden_single(g: &Grid, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let all_empties = g.all_empties();
    for alone in [true, false] {
        let houses = t.bcr().iter().map(|&h| h as usize).filter(|&h| {
            let empties = all_empties[h];
            if alone {
                empties == 1
            } else {
                empties > 1
            }
        });
        let houses = houses.map(|h| (h, t.mask[h]));
        let stopped = hidden_singles(g, houses, |h, c, d| {
            let tech = if alone {
                Technique::FullHouse
            } else if t.box_shaped(h) {
                Technique::HiddenSingleBox
            } else if t.kind(h) == COL {
                Technique::HiddenSingleColumn
            } else {
                Technique::HiddenSingleRow
            };
            // The house is left out: no rule parent reads it, and singles are most of the
            // steps a rating walk takes (so the step allocates nothing).
            let mut hint = base_step(tech);
            hint.placement = Some(cand(c, d));
            hint.digits = DigitSet::from_bits(1 << d);
            acc(hint)
        });
        if stopped {
            return true;
        }
    }
    false
}

/// The (region1, region2) kind pairs of SE's Locking, in its order.
const LOCK_PAIRS: [(usize, usize); 4] = [(BLOCK, COL), (BLOCK, ROW), (COL, BLOCK), (ROW, BLOCK)];

/// The house ids of each kind: blocks, rows, columns.
const KIND_IDS: [[u8; 9]; 3] = {
    let mut ids = [[0u8; 9]; 3];
    let mut i = 0;
    while i < 27 {
        ids[i / 9][i % 9] = i as u8;
        i += 1;
    }
    ids
};

/// Pointing and claiming (SE-SPEC §4.2 and §4.5). In direct mode a hint places the hidden single
/// the locking would create in another house of region1's kind (and removes nothing).
pub fn locking(g: &Grid, direct: bool, st: &Sterile, acc: &mut impl FnMut(Step) -> bool) -> bool {
    // The digits known to give nothing (see [`Sterile`]), and those that gave a hint.
    let mut skip = 0u16;
    for d in 0..9 {
        if st.locking[direct as usize][d].get() == g.pos[d] {
            skip |= 1 << d;
        }
    }
    let mut offered = 0u16;
    let mut acc = |h: Step| {
        offered |= h.digits.bits();
        acc(h)
    };
    if locking_scan(g, direct, !skip & 0x1ff, &mut acc) {
        return true;
    }
    for d in 0..9 {
        if (skip | offered) >> d & 1 == 0 {
            st.locking[direct as usize][d].set(g.pos[d]);
        }
    }
    false
}

/// [`locking`]'s scan over `digits`: SE's pairs of house kinds (for each region1, the
/// region2 houses in order, digits in order within each), then (normal mode only) every pair
/// of houses of which one is an extra house of the layout.
fn locking_scan(g: &Grid, direct: bool, digits: u16, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let name = |h1: usize| match (t.box_shaped(h1), direct) {
        (true, false) => Technique::Pointing,
        (false, false) => Technique::Claiming,
        (true, true) => Technique::DirectPointing,
        (false, true) => Technique::DirectClaiming,
    };
    for (k1, k2) in LOCK_PAIRS {
        for &h1 in &KIND_IDS[k1] {
            let h1 = h1 as usize;
            let houses = |h2: usize| (t.core_house(h1), t.core_house(h2));
            let stopped = locked_candidates(
                g,
                t,
                h1,
                &KIND_IDS[k2],
                digits,
                Nest::ByCover,
                |h2, d, p1, elim| {
                    if !direct {
                        return elim != 0
                            && acc(rated(locking_step(name(h1), d, houses(h2), p1, elim)));
                    }
                    // Each other house of region1's kind where the locking leaves one place.
                    for &h3 in &KIND_IDS[k1] {
                        let h3 = h3 as usize;
                        if h3 == h1 || t.mask[h3] & t.mask[h2] == 0 {
                            continue;
                        }
                        let p3 = g.pos[d] & t.mask[h3];
                        let out = p3 & !t.mask[h2];
                        if many_bits(p3) && out != 0 && !many_bits(out) {
                            let mut hint = rated(locking_step(name(h1), d, houses(h2), p1, 0));
                            hint.placement = Some(cand(out.trailing_zeros() as usize, d));
                            if acc(hint) {
                                return true;
                            }
                        }
                    }
                    false
                },
            );
            if stopped {
                return true;
            }
        }
    }
    if !direct && !t.extras().is_empty() {
        let extras = &t.brc()[27..];
        for &h1 in t.brc() {
            let h1 = h1 as usize;
            let covers = if h1 < 27 { extras } else { t.brc() };
            let stopped = locked_candidates(
                g,
                t,
                h1,
                covers,
                digits,
                Nest::ByCover,
                |h2, d, p1, elim| {
                    elim != 0
                        && acc(rated(locking_step(
                            name(h1),
                            d,
                            (t.core_house(h1), t.core_house(h2)),
                            p1,
                            elim,
                        )))
                },
            );
            if stopped {
                return true;
            }
        }
    }
    false
}

/// Hidden pairs, triplets and quads (SE-SPEC §4.3 and §4.7). In direct mode a hint places the
/// hidden single that removing the set's cells leaves for another digit of the house.
pub fn hidden_set(
    g: &Grid,
    degree: u32,
    direct: bool,
    st: &Sterile,
    acc: &mut impl FnMut(Step) -> bool,
) -> bool {
    let t = &*g.geo;
    // Direct mode needs more than `degree` empty cells, the normal mode more than twice that
    // (SE's own asymmetry with naked sets, which need at least twice).
    let fewest = if direct { degree } else { 2 * degree } + 1;
    let memo = &st.hidden[(degree as usize - 2) * 2 + direct as usize];
    each_house(g, fewest, memo, |h, offered| {
        let house = t.core_house(h);
        hidden_sets(g, t, h, degree, Walk::Colex, |set, at| {
            let cells = t.house_cells_at(h, at);
            if !direct {
                return hidden_set_step(g, house, cells, set).is_some_and(|s| {
                    *offered = true;
                    acc(rated(s))
                });
            }
            // The first other digit the set's cells leave one place in the house.
            for d in 0..9 {
                let p = t.house_positions(h, g.pos[d]);
                if set >> d & 1 != 0 || pop9(p) <= 1 {
                    continue;
                }
                let rest = p & !at;
                if pop9(rest) == 1 {
                    let tech = if degree == 2 {
                        Technique::DirectHiddenPair
                    } else {
                        Technique::DirectHiddenTriple
                    };
                    let mut hint = base_step(tech);
                    let c = t.cells[h][rest.trailing_zeros() as usize];
                    hint.placement = Some(cand(c as usize, d));
                    hint.digits = DigitSet::from_bits(set);
                    hint.cells = CellSet::from_bits(cells);
                    hint.houses.push(house);
                    *offered = true;
                    return acc(hint);
                }
            }
            false
        })
    })
}

/// SE's house-by-house scan for naked and hidden sets (Block, Column, Row, then the extra
/// houses): `scan(h, offered)` searches house `h` and sets `offered` when it offers a hint;
/// houses with fewer than `fewest` empty cells are left out, and so are those `memo` knows
/// to give nothing (see [`Sterile`]), which learns the houses whose scan offered nothing.
fn each_house(
    g: &Grid,
    fewest: u32,
    memo: &[Cell<HouseKey>; MAX_HOUSES],
    mut scan: impl FnMut(usize, &mut bool) -> bool,
) -> bool {
    let all_empties = g.all_empties();
    for &h in g.geo.bcr() {
        let h = h as usize;
        if all_empties[h] < fewest {
            continue;
        }
        let key = house_key(g, h, all_empties[h]);
        if memo[h].get() == key {
            continue;
        }
        let mut offered = false;
        if scan(h, &mut offered) {
            return true;
        }
        if !offered {
            memo[h].set(key);
        }
    }
    false
}

/// Naked singles in row-major order (SE-SPEC §4.4).
pub fn naked_single(g: &Grid, acc: &mut impl FnMut(Step) -> bool) -> bool {
    naked_singles(g, |c, d| {
        let mut hint = base_step(Technique::NakedSingle);
        hint.placement = Some(cand(c, d));
        hint.cells = CellSet::from_bits(1u128 << c);
        acc(hint)
    })
}

/// Naked pairs, triplets and quads (SE-SPEC §4.6).
pub fn naked_set(g: &Grid, degree: u32, st: &Sterile, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    each_house(
        g,
        2 * degree,
        &st.naked[degree as usize - 2],
        |h, offered| {
            let house = [(t.core_house(h), t.mask[h])];
            naked_sets(g, &t.cells[h], degree, 0, Walk::Colex, |set, digits| {
                let cells = t.house_cells_at(h, set);
                naked_set_step(g, house, cells, digits).is_some_and(|s| {
                    *offered = true;
                    acc(rated(s))
                })
            })
        },
    )
}

/// Basic fish of size `degree` (SE-SPEC §4.8): columns as base first, then rows.
pub fn fish(g: &Grid, degree: u32, st: &Sterile, acc: &mut impl FnMut(Step) -> bool) -> bool {
    let t = &*g.geo;
    let mut placed = [0u32; 9];
    for d in g.values.iter().flatten() {
        placed[d.index()] += 1;
    }
    // The digits known to give nothing (see [`Sterile`]), and those that gave a hint.
    let slot = degree as usize - 2;
    let mut skip = 0u16;
    for d in 0..9 {
        if st.fish[slot][d].get() == (g.pos[d], placed[d]) {
            skip |= 1 << d;
        }
    }
    let mut offered = 0u16;
    let mut acc = |h: Step| {
        offered |= h.digits.bits();
        acc(h)
    };
    // A digit placed more than 9 - 2 * degree times has no fish with an elimination that
    // singles would not take first: SE leaves it out.
    let mut digits = !skip & 0x1ff;
    for d in 0..9 {
        if placed[d] + 2 * degree > 9 {
            digits &= !(1 << d);
        }
    }
    let sides = [(COL, ROW), (ROW, COL)];
    let stopped = basic_fish(g, t, degree, &sides, digits, |d, sides, lines, elim| {
        acc(rated(fish_step(g, t, d, sides, lines, elim)))
    });
    if stopped {
        return true;
    }
    for d in 0..9 {
        if (skip | offered) >> d & 1 == 0 {
            st.fish[slot][d].set((g.pos[d], placed[d]));
        }
    }
    false
}

/// XY-Wing (`xyz == false`) or XYZ-Wing (SE-SPEC §4.9).
pub fn xy_wing(g: &Grid, xyz: bool, acc: &mut impl FnMut(Step) -> bool) -> bool {
    xy_wings(g, &g.geo, xyz, Pincers::Ordered, |cells, z, elim| {
        acc(rated(wing_step(g, xyz, cells, z, elim)))
    })
}
