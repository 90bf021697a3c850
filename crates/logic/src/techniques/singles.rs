//! Singles: full house, hidden single (box, row, column) and naked single.

use nonet_core::{CellSet, Digit, DigitSet, HouseKind};

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
    for house in pos.houses_of_kind(kinds) {
        for d in Digit::ALL {
            let cells = pos.cells_in(d, house);
            if cells.len() != 1 || pos.house_has_value(house, d) {
                continue;
            }
            let cell = cells.first().expect("one cell");
            let mut s = Step::new(technique);
            s.placement = Some(Candidate::new(cell, d));
            s.pattern.push(Candidate::new(cell, d));
            s.cells = pos.house_cells(house);
            s.houses.push(house);
            s.digits = DigitSet::single(d);
            out.push(s);
        }
    }
    out
}

/// A cell with one candidate left.
pub fn naked_single(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for cell in pos.empty_cells() {
        if let Some(d) = pos.cands(cell).single_digit() {
            let mut s = Step::new(Technique::NakedSingle);
            s.placement = Some(Candidate::new(cell, d));
            s.pattern.push(Candidate::new(cell, d));
            s.cells = CellSet::single(cell);
            s.digits = DigitSet::single(d);
            out.push(s);
        }
    }
    out
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
