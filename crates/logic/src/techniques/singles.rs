//! Singles: full house, hidden single (box, row, column) and naked single.
//!
//! [`hidden_singles`] and [`naked_singles`] are the one search for them: the teacher's finders
//! here and Sudoku Explainer's producers (`crate::se::basic`) both run them on their board,
//! each in its own order of houses and each building its own step (SE's leaves out what no
//! rule reads, since singles are most of the steps a rating walk takes).

use nonet_core::{Cell, CellSet, Digit, DigitSet, HouseKind};

use crate::board::{many_bits, pop9, Board};
use crate::position::Position;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// Houses with exactly one empty cell: that cell takes the house's missing digit.
pub fn full_house(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for house in pos.houses() {
        let empty = pos.house_cells(house) & pos.empty_cells();
        if empty.len() != 1 {
            continue;
        }
        let cell = empty.first().expect("one cell");
        let present: DigitSet = pos
            .layout()
            .cells(house)
            .iter()
            .filter_map(|&c| pos.value(c))
            .collect();
        let Some(d) = present.complement().single_digit() else {
            continue;
        };
        if !pos.has(cell, d) {
            continue;
        }
        let mut s = Step::new(Technique::FullHouse);
        s.placement = Some(Candidate::new(cell, d));
        s.pattern.push(Candidate::new(cell, d));
        s.cells = pos.house_cells(house);
        s.houses.push(house);
        s.digits = DigitSet::single(d);
        out.push(s);
    }
    dedup_placements(out)
}

/// A digit with a single place left in a house of `kind`; `kind` is the technique's own kind
/// (box, row or column), and the variants' houses go with the one whose part they play: a
/// jigsaw region with the box (SE rates a single there as in a block), a diagonal or a window
/// with the row (a line of nine cells, and the explanation names the house).
pub fn hidden_single(pos: &Position, kind: HouseKind) -> Vec<Step> {
    let (technique, kinds): (Technique, &[HouseKind]) = match kind {
        HouseKind::Box | HouseKind::Region => (
            Technique::HiddenSingleBox,
            &[HouseKind::Box, HouseKind::Region],
        ),
        HouseKind::Row | HouseKind::Diagonal | HouseKind::Window => (
            Technique::HiddenSingleRow,
            &[HouseKind::Row, HouseKind::Diagonal, HouseKind::Window],
        ),
        HouseKind::Column => (Technique::HiddenSingleColumn, &[HouseKind::Column]),
    };
    let mut out = Vec::new();
    let houses = pos
        .houses_of_kind(kinds)
        .map(|h| (h, pos.house_cells(h).bits()));
    hidden_singles(pos.board(), houses, |house, c, d| {
        let (cell, d) = (Cell::from_index(c), Digit::from_index(d));
        if !pos.house_has_value(house, d) {
            let mut s = Step::new(technique);
            s.placement = Some(Candidate::new(cell, d));
            s.pattern.push(Candidate::new(cell, d));
            s.cells = pos.house_cells(house);
            s.houses.push(house);
            s.digits = DigitSet::single(d);
            out.push(s);
        }
        false
    });
    out
}

/// A cell with one candidate left.
pub fn naked_single(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    naked_singles(pos.board(), |c, d| {
        let (cell, d) = (Cell::from_index(c), Digit::from_index(d));
        let mut s = Step::new(Technique::NakedSingle);
        s.placement = Some(Candidate::new(cell, d));
        s.pattern.push(Candidate::new(cell, d));
        s.cells = CellSet::single(cell);
        s.digits = DigitSet::single(d);
        out.push(s);
        false
    });
    out
}

/// Every digit with one place left in one of `houses` (each given with its cells), house by
/// house in the order given and digits in order within a house: `found(house, cell, digit)`
/// (indices) is told of each, and returns `true` to stop the search, which then returns `true`.
#[inline]
pub(crate) fn hidden_singles<H: Copy>(
    board: &Board,
    houses: impl IntoIterator<Item = (H, u128)>,
    mut found: impl FnMut(H, usize, usize) -> bool,
) -> bool {
    for (house, mask) in houses {
        for d in 0..9 {
            let p = board.pos[d] & mask;
            // One place (no popcount instruction on baseline x86-64).
            if p != 0 && !many_bits(p) && found(house, p.trailing_zeros() as usize, d) {
                return true;
            }
        }
    }
    false
}

/// Every empty cell with one candidate left, in row-major order: `found(cell, digit)` (indices)
/// is told of each, and returns `true` to stop the search, which then returns `true`.
#[inline]
pub(crate) fn naked_singles(board: &Board, mut found: impl FnMut(usize, usize) -> bool) -> bool {
    for c in 0..81 {
        let m = board.cands[c];
        if board.values[c].is_none() && pop9(m) == 1 && found(c, m.trailing_zeros() as usize) {
            return true;
        }
    }
    false
}

/// Keeps the first step for each placement (a cell can be the last of its row and its box).
fn dedup_placements(steps: Vec<Step>) -> Vec<Step> {
    let mut seen = Vec::new();
    steps
        .into_iter()
        .filter(|s| {
            let key = s.placement;
            if seen.contains(&key) {
                false
            } else {
                seen.push(key);
                true
            }
        })
        .collect()
}
