//! Fish: X-Wing, Swordfish and Jellyfish, basic, finned and sashimi.
//!
//! A fish of size n on digit d takes n base lines (rows, say) whose candidates of d lie in n
//! cover lines (columns): d then fills the n intersections of base and cover, and leaves the
//! rest of the cover lines. A finned fish has extra base candidates (fins) all in one box:
//! either the fish holds or a fin is true, so only cover cells in the fins' box are eliminated.
//! It is sashimi when some base line has only one candidate left outside the fins.
//!
//! [`basic_fish`] is the one search for basic fish and [`fish_step`] the one place their steps
//! are built: the teacher's finder here and Sudoku Explainer's fish producer
//! (`crate::se::basic`) both run them. What differs is data: the digits searched and the
//! orientations in their order (the teacher one digit at a time, rows as base first; SE every
//! digit at once, columns as base first, leaving out the digits placed too often to make a
//! fish with an elimination).

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use super::{elims_for, pattern_of};
use crate::board::{bits16 as bits, pop9, subsets, subsets_of, Board};
use crate::position::Position;
use crate::se::grid::{Geometry, COL, ROW};
use crate::step::Step;
use crate::technique::Technique;

/// All fish of `size` (2-4) on every digit: basic ones when `finned` is false, finned and
/// sashimi ones when it is true; digit by digit, rows as base before columns.
pub fn fish(pos: &Position, size: usize, finned: bool) -> Vec<Step> {
    let mut out = Vec::new();
    for d in Digit::ALL {
        if !finned {
            let (geo, board) = (pos.geo(), pos.board());
            let lines = [(ROW, COL), (COL, ROW)];
            basic_fish(
                board,
                geo,
                size as u32,
                &lines,
                1 << d.index(),
                |d, sides, sets, elim| {
                    let s = fish_step(board, geo, d, sides, sets, elim);
                    out.push(super::with_pattern(pos, s));
                    false
                },
            );
            continue;
        }
        for rows_base in [true, false] {
            search(pos, d, size, rows_base, &mut out);
        }
    }
    out
}

/// The basic fish of `size` lines on the digits of `digits` (a mask), for each (base kind,
/// cover kind) of `sides` in turn (SE's kinds: rows and columns), base sets in colex order,
/// digits in order within each: `found(d, sides, (base, cover), elim)` is told of each fish
/// with an elimination, its base and cover lines as index masks and `elim` the digit's candidates
/// it removes, and returns `true` to stop the search, which then returns `true`.
#[inline]
pub(crate) fn basic_fish(
    board: &Board,
    geo: &Geometry,
    size: u32,
    sides: &[(usize, usize)],
    digits: u16,
    mut found: impl FnMut(usize, (usize, usize), (u16, u16), u128) -> bool,
) -> bool {
    for &(bk, ck) in sides {
        // Inside a row the positions are column numbers and vice versa, so the house
        // positions are the cover indices. Lines with 2..=size positions can be bases.
        let mut lines = [[0u16; 9]; 9];
        let mut q = [0u16; 9];
        for d in bits(digits) {
            for (b, line) in lines[d].iter_mut().enumerate() {
                let p = geo.house_positions(bk * 9 + b, board.pos[d]);
                *line = p;
                if (2..=size).contains(&pop9(p)) {
                    q[d] |= 1 << b;
                }
            }
        }
        let any_q = q.iter().fold(0, |a, &m| a | m);
        for set in subsets_of(any_q, size) {
            for d in bits(digits) {
                if set & !q[d] != 0 {
                    continue;
                }
                let mut union = 0u16;
                let mut base = 0u128;
                for b in bits(set) {
                    union |= lines[d][b];
                    base |= geo.mask[bk * 9 + b];
                }
                if pop9(union) != size {
                    continue;
                }
                let mut cover = 0u128;
                for c in bits(union) {
                    cover |= geo.mask[ck * 9 + c];
                }
                let elim = board.pos[d] & cover & !base;
                if elim != 0 && found(d, (bk, ck), (set, union), elim) {
                    return true;
                }
            }
        }
    }
    false
}

/// The step of the basic fish on digit index `d` with base lines `lines.0` of kind `sides.0`
/// and cover lines `lines.1` of kind `sides.1` (index masks), removing `elim`. Without its
/// pattern's candidates or a difficulty.
pub(crate) fn fish_step(
    board: &Board,
    geo: &Geometry,
    d: usize,
    (bk, ck): (usize, usize),
    (set, union): (u16, u16),
    elim: u128,
) -> Step {
    let mut s = Step::new(match pop9(set) {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    });
    let (mut base, mut cover) = (0u128, 0u128);
    for b in bits(set) {
        base |= geo.mask[bk * 9 + b];
        s.houses.push(geo.core_house(bk * 9 + b));
    }
    for c in bits(union) {
        cover |= geo.mask[ck * 9 + c];
        s.cover_houses.push(geo.core_house(ck * 9 + c));
    }
    s.eliminations.set_mask(d, elim);
    s.digits = DigitSet::from_bits(1 << d);
    s.cells = CellSet::from_bits(board.pos[d] & base & cover);
    s
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

/// The finned and sashimi fish of `size` on `d` with rows (or columns) as base.
fn search(pos: &Position, d: Digit, size: usize, rows_base: bool, out: &mut Vec<Step>) {
    let mut masks = [0u16; 9];
    for (i, m) in masks.iter_mut().enumerate() {
        for j in 0..9 {
            if pos.has(cell_of(rows_base, i, j), d) {
                *m |= 1 << j;
            }
        }
    }
    let allowed: u16 = (0..9).filter(|&i| masks[i] != 0).fold(0, |m, i| m | 1 << i);
    for base_set in subsets(size as u32) {
        if base_set & !allowed != 0 {
            continue;
        }
        let base: Vec<usize> = bits(base_set).collect();
        let union = base.iter().fold(0u16, |u, &i| u | masks[i]);
        let width = union.count_ones() as usize;
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
