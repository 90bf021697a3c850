//! Fish: X-Wing, Swordfish and Jellyfish, basic, finned and sashimi.
//!
//! A fish of size n on digit d takes n base lines (rows, say) whose candidates of d lie in n
//! cover lines (columns): d then fills the n intersections of base and cover, and leaves the
//! rest of the cover lines. A finned fish has extra base candidates (fins) all in one box:
//! either the fish holds or a fin is true, so only cover cells in the fins' box are eliminated.
//! It is sashimi when some base line has only one candidate left outside the fins.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use super::{elims_for, pattern_of};
use crate::board::{bits16 as bits, subsets};
use crate::position::Position;
use crate::step::Step;
use crate::technique::Technique;

/// All fish of `size` (2-4) on every digit: basic ones when `finned` is false, finned and
/// sashimi ones when it is true.
pub fn fish(pos: &Position, size: usize, finned: bool) -> Vec<Step> {
    let mut out = Vec::new();
    for d in Digit::ALL {
        for rows_base in [true, false] {
            search(pos, d, size, finned, rows_base, &mut out);
        }
    }
    out
}

fn cell_of(rows_base: bool, base: usize, cover: usize) -> Cell {
    if rows_base {
        Cell::at(base, cover)
    } else {
        Cell::at(cover, base)
    }
}

fn line(rows_base: bool, is_base: bool, i: usize) -> House {
    if rows_base == is_base {
        House::row(i)
    } else {
        House::column(i)
    }
}

fn search(
    pos: &Position,
    d: Digit,
    size: usize,
    finned: bool,
    rows_base: bool,
    out: &mut Vec<Step>,
) {
    let mut masks = [0u16; 9];
    for (i, m) in masks.iter_mut().enumerate() {
        for j in 0..9 {
            if pos.has(cell_of(rows_base, i, j), d) {
                *m |= 1 << j;
            }
        }
    }
    let allowed: u16 = (0..9)
        .filter(|&i| {
            let n = masks[i].count_ones() as usize;
            if finned {
                n >= 1
            } else {
                (2..=size).contains(&n)
            }
        })
        .fold(0, |m, i| m | 1 << i);
    for base_set in subsets(size as u32) {
        if base_set & !allowed != 0 {
            continue;
        }
        let base: Vec<usize> = bits(base_set).collect();
        let union = base.iter().fold(0u16, |u, &i| u | masks[i]);
        let width = union.count_ones() as usize;
        if !finned {
            if width != size {
                continue;
            }
            let targets = cover_cells(pos, d, rows_base, union, base_set);
            if targets.is_empty() {
                continue;
            }
            let mut s = Step::new(match size {
                2 => Technique::XWing,
                3 => Technique::Swordfish,
                _ => Technique::Jellyfish,
            });
            let base_cells = cells_of(&base, &masks, rows_base);
            fill(
                &mut s,
                pos,
                d,
                rows_base,
                &base,
                union,
                base_cells,
                CellSet::EMPTY,
                targets,
            );
            out.push(s);
            continue;
        }
        // Fins span at most the three lines of one box.
        if width <= size || width > size + 3 {
            continue;
        }
        let base_lines = base.iter().fold(CellSet::EMPTY, |u, &i| {
            u | pos.house_cells(line(rows_base, true, i))
        });
        for cover_mask in subsets(size as u32) {
            if cover_mask & !union != 0 {
                continue;
            }
            let fin_lines = union & !cover_mask;
            // On the standard board every fin sits in one box, so the fin lines lie in one
            // band: a cheap test that skips most cover sets before the fins are computed.
            if pos.is_standard() && ![0o7u16, 0o70, 0o700].iter().any(|&m| fin_lines & !m == 0) {
                continue;
            }
            if base.iter().any(|&i| masks[i] & cover_mask == 0) {
                continue;
            }
            let base_cells = cells_of(&base, &masks, rows_base);
            let fins: CellSet = base_cells
                .iter()
                .filter(|c| {
                    let j = if rows_base { c.col() } else { c.row() };
                    cover_mask & (1 << j) == 0
                })
                .collect();
            // One of the cover cells is true unless a fin is; a cover cell seeing every fin
            // (on the standard board: one in the fins' box) is false either way.
            let seen = pos.common_peers(fins);
            if seen.is_empty() {
                continue;
            }
            let cover_lines = bits(cover_mask).fold(CellSet::EMPTY, |u, j| {
                u | pos.house_cells(line(rows_base, false, j))
            });
            let targets = (seen & cover_lines & pos.cells_of(d)).difference(base_lines);
            if targets.is_empty() {
                continue;
            }
            let sashimi = base
                .iter()
                .any(|&i| (masks[i] & cover_mask).count_ones() <= 1);
            let technique = match (size, sashimi) {
                (2, false) => Technique::FinnedXWing,
                (3, false) => Technique::FinnedSwordfish,
                (_, false) => Technique::FinnedJellyfish,
                (2, true) => Technique::SashimiXWing,
                (3, true) => Technique::SashimiSwordfish,
                (_, true) => Technique::SashimiJellyfish,
            };
            let mut s = Step::new(technique);
            fill(
                &mut s, pos, d, rows_base, &base, cover_mask, base_cells, fins, targets,
            );
            out.push(s);
        }
    }
}

fn cells_of(base: &[usize], masks: &[u16; 9], rows_base: bool) -> CellSet {
    base.iter()
        .flat_map(|&i| bits(masks[i]).map(move |j| cell_of(rows_base, i, j)))
        .collect()
}

/// The candidates of `d` in the cover lines `cover` outside the base lines `base_set`.
fn cover_cells(pos: &Position, d: Digit, rows_base: bool, cover: u16, base_set: u16) -> CellSet {
    let mut t = CellSet::EMPTY;
    for j in bits(cover) {
        for i in 0..9 {
            if base_set & (1 << i) == 0 {
                let c = cell_of(rows_base, i, j);
                if pos.has(c, d) {
                    t.insert(c);
                }
            }
        }
    }
    t
}

#[allow(clippy::too_many_arguments)]
fn fill(
    s: &mut Step,
    pos: &Position,
    d: Digit,
    rows_base: bool,
    base: &[usize],
    cover: u16,
    base_cells: CellSet,
    fins: CellSet,
    targets: CellSet,
) {
    let ds = DigitSet::single(d);
    s.eliminations = elims_for(pos, d, targets);
    s.pattern = pattern_of(pos, base_cells.difference(fins), ds);
    s.secondary = pattern_of(pos, fins, ds);
    s.cells = base_cells;
    s.houses = base.iter().map(|&i| line(rows_base, true, i)).collect();
    s.cover_houses = bits(cover).map(|j| line(rows_base, false, j)).collect();
    s.digits = ds;
}
