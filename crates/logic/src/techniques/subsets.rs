//! Naked and hidden subsets (pairs, triples, quads) within one house.
//!
//! [`naked_sets`] and [`hidden_sets`] are the one search for them, and [`naked_set_step`] and
//! [`hidden_set_step`] the one place their steps are built: the teacher's finders here and
//! Sudoku Explainer's producers (`crate::se::basic`) both run them. What differs between the
//! two is data: the order of the houses (the teacher's in index order, SE's Block, Column,
//! Row), the order of the combination walk ([`Walk::Lex`] for the teacher, SE's
//! [`Walk::Colex`]), which houses a search may skip, and which houses a naked set clears (every
//! house its cells share for the teacher, the house it was found in for SE).

use nonet_core::{CellSet, DigitSet, House};

use crate::board::{bits, bits16, each_combination, pop9, Board, Walk};
use crate::position::Position;
use crate::se::grid::Geometry;
use crate::step::Step;
use crate::technique::Technique;

/// `size` cells of a house holding only `size` digits between them: those digits leave the
/// other cells of every house the cells share.
pub fn naked(pos: &Position, size: usize) -> Vec<Step> {
    let (geo, board) = (pos.geo(), pos.board());
    let mut out = Vec::new();
    // A set found in one house is not listed again from another house it lies in.
    let mut seen: Vec<u128> = Vec::new();
    for &h in geo.core_order() {
        let h = h as usize;
        naked_sets(
            board,
            &geo.cells[h],
            size as u32,
            0,
            Walk::Lex,
            |set, digits| {
                let cells = geo.house_cells_at(h, set);
                if seen.contains(&cells) {
                    return false;
                }
                let houses = pos
                    .common_houses(CellSet::from_bits(cells))
                    .map(|house| (house, pos.house_cells(house).bits()));
                if let Some(s) = naked_set_step(board, houses, cells, digits) {
                    seen.push(cells);
                    out.push(super::with_pattern(pos, s));
                }
                false
            },
        );
    }
    out
}

/// `size` digits of a house confined to `size` cells: the other digits leave those cells.
pub fn hidden(pos: &Position, size: usize) -> Vec<Step> {
    let (geo, board) = (pos.geo(), pos.board());
    let empty = pos.empty_cells().bits();
    let mut out = Vec::new();
    for &h in geo.core_order() {
        let h = h as usize;
        // A hidden subset in a house with few empty cells is the naked subset of the rest.
        if (geo.mask[h] & empty).count_ones() as usize <= size {
            continue;
        }
        let house = geo.core_house(h);
        hidden_sets(board, geo, h, size as u32, Walk::Lex, |digits, at| {
            let cells = geo.house_cells_at(h, at);
            if let Some(s) = hidden_set_step(board, house, cells, digits) {
                out.push(super::with_pattern(pos, s));
            }
            false
        });
    }
    out
}

/// The naked sets of `size` cells among `cells` (cell indices in row-major order: a house's,
/// or the part two houses share), in the order of `walk`: `found(set, digits)` is told of
/// each, the set as positions in `cells` and its cells' digits as a mask, and returns `true`
/// to stop the search, which then returns `true`.
///
/// `roof` (when not empty) is the digits of one more cell outside `cells` that takes part in
/// every set: a unique rectangle's roof, whose cells must hold one of them. A set is then
/// `size` cells of `cells` whose digits make `size + 1` with `roof`'s, and which cells may be
/// on it is the caller's choice (the teacher's type 3 lets a cell with one candidate in, SE's
/// does not); without a roof, only cells with two candidates or more can be on a set (a
/// placed cell has none).
#[inline]
pub(crate) fn naked_sets(
    board: &Board,
    cells: &[u8],
    size: u32,
    roof: u16,
    walk: Walk,
    mut found: impl FnMut(u16, u16) -> bool,
) -> bool {
    let digits = size + u32::from(roof != 0);
    let least = if roof == 0 { 2 } else { 0 };
    // A cell with more candidates than the set has digits is on no set.
    let mut q = 0u16;
    for (j, &c) in cells.iter().enumerate() {
        if (least..=digits).contains(&pop9(board.cands[c as usize])) {
            q |= 1 << j;
        }
    }
    each_combination(q, size, walk, |set| {
        let mut union = 0u16;
        for j in bits16(set) {
            union |= board.cands[cells[j] as usize];
        }
        pop9(roof | union) == digits && found(set, union)
    })
}

/// `naked_sets` among the cells of the mask `cells` (at most nine, taken in row-major order),
/// each set told to `found` as a mask of cells, with its digits.
pub(crate) fn naked_sets_among(
    board: &Board,
    cells: u128,
    size: u32,
    roof: u16,
    walk: Walk,
    mut found: impl FnMut(u128, u16) -> bool,
) -> bool {
    let mut list = [0u8; 9];
    let mut n = 0;
    for c in bits(cells) {
        list[n] = c as u8;
        n += 1;
    }
    let list = &list[..n];
    naked_sets(board, list, size, roof, walk, |set, digits| {
        found(bits16(set).fold(0, |m, j| m | 1u128 << list[j]), digits)
    })
}

/// The hidden sets of `size` digits in house `h` (an id of `geo`), in the order of `walk`:
/// `found(digits, positions)` is told of each, its digits as a mask and the positions in the
/// house of its `size` cells, and returns `true` to stop the search, which then returns
/// `true`.
#[inline]
pub(crate) fn hidden_sets(
    board: &Board,
    geo: &Geometry,
    h: usize,
    size: u32,
    walk: Walk,
    mut found: impl FnMut(u16, u16) -> bool,
) -> bool {
    let mut dpos = [0u16; 9];
    for (d, slot) in dpos.iter_mut().enumerate() {
        *slot = geo.house_positions(h, board.pos[d]);
    }
    // Only digits with 2..=size positions can be part of a set.
    let mut q = 0u16;
    for (d, &p) in dpos.iter().enumerate() {
        if (2..=size).contains(&pop9(p)) {
            q |= 1 << d;
        }
    }
    each_combination(q, size, walk, |set| {
        let mut union = 0u16;
        for d in bits16(set) {
            union |= dpos[d];
        }
        pop9(union) == size && found(set, union)
    })
}

/// The technique of a naked (`hidden` false) or hidden set of `size` digits (2 to 4).
fn subset_technique(size: u32, hidden: bool) -> Technique {
    use Technique::*;
    const BY_SIZE: [[Technique; 3]; 2] = [
        [NakedPair, NakedTriple, NakedQuad],
        [HiddenPair, HiddenTriple, HiddenQuad],
    ];
    BY_SIZE[hidden as usize][(size as usize).clamp(2, 4) - 2]
}

/// The step of the naked set of `cells` (a mask) holding `digits`, clearing them from the
/// rest of `houses` (each with its cells' mask, all listed as the step's houses); `None` when
/// that removes nothing. Without its pattern's candidates (see `techniques::with_pattern`)
/// or a difficulty.
pub(crate) fn naked_set_step(
    board: &Board,
    houses: impl IntoIterator<Item = (House, u128)>,
    cells: u128,
    digits: u16,
) -> Option<Step> {
    let mut s = Step::new(subset_technique(pop9(digits), false));
    let mut any = 0u128;
    for (house, mask) in houses {
        s.houses.push(house);
        for d in bits16(digits) {
            let elim = board.pos[d] & mask & !cells;
            s.eliminations.set_mask(d, s.eliminations.mask(d) | elim);
            any |= elim;
        }
    }
    if any == 0 {
        return None;
    }
    s.cells = CellSet::from_bits(cells);
    s.digits = DigitSet::from_bits(digits);
    Some(s)
}

/// The step of the hidden set of `digits` confined to `cells` (a mask) of `house`: the other
/// digits leave those cells; `None` when that removes nothing. Without its pattern's
/// candidates or a difficulty.
pub(crate) fn hidden_set_step(
    board: &Board,
    house: House,
    cells: u128,
    digits: u16,
) -> Option<Step> {
    let mut s = Step::new(subset_technique(pop9(digits), true));
    let mut any = 0u128;
    for d in bits16(!digits & 0x1ff) {
        let elim = board.pos[d] & cells;
        s.eliminations.set_mask(d, elim);
        any |= elim;
    }
    if any == 0 {
        return None;
    }
    s.cells = CellSet::from_bits(cells);
    s.digits = DigitSet::from_bits(digits);
    s.houses.push(house);
    Some(s)
}
