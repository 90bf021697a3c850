//! Intersections of a box and a line: pointing, claiming, locked pair and locked triple.

use nonet_core::{CellSet, Digit, DigitSet, House, HouseKind};

use super::{elims_for, pattern_of};
use crate::position::{common_house, house_cells, Position};
use crate::step::Step;
use crate::technique::Technique;

/// Locked candidates type 1: the digit's candidates of a box all lie on one line, so the digit
/// leaves the rest of that line.
pub fn pointing(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for b in 0..9 {
        let bx = House::box_(b);
        for d in Digit::ALL {
            let cells = pos.cells_in(d, bx);
            if cells.len() < 2 {
                continue;
            }
            for line in line_of(cells) {
                let targets = pos.cells_in(d, line).difference(house_cells(bx));
                if targets.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::Pointing);
                s.eliminations = elims_for(pos, d, targets);
                s.pattern = pattern_of(pos, cells, DigitSet::single(d));
                s.cells = cells;
                s.houses = vec![bx];
                s.cover_houses = vec![line];
                s.digits = DigitSet::single(d);
                out.push(s);
            }
        }
    }
    out
}

/// Locked candidates type 2: the digit's candidates of a line all lie in one box, so the digit
/// leaves the rest of that box.
pub fn claiming(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for line in House::all().filter(|h| h.kind() != HouseKind::Box) {
        for d in Digit::ALL {
            let cells = pos.cells_in(d, line);
            if cells.len() < 2 {
                continue;
            }
            let first = cells.first().expect("non-empty");
            let bx = House::box_(first.box_index());
            if !cells.difference(house_cells(bx)).is_empty() {
                continue;
            }
            let targets = pos.cells_in(d, bx).difference(house_cells(line));
            if targets.is_empty() {
                continue;
            }
            let mut s = Step::new(Technique::Claiming);
            s.eliminations = elims_for(pos, d, targets);
            s.pattern = pattern_of(pos, cells, DigitSet::single(d));
            s.cells = cells;
            s.houses = vec![line];
            s.cover_houses = vec![bx];
            s.digits = DigitSet::single(d);
            out.push(s);
        }
    }
    out
}

/// The row and/or column holding all of `cells` (both only for a single cell).
fn line_of(cells: CellSet) -> Vec<House> {
    let mut v = Vec::new();
    let first = cells.first().expect("non-empty");
    if cells.iter().all(|c| c.row() == first.row()) {
        v.push(House::row(first.row()));
    }
    if cells.iter().all(|c| c.col() == first.col()) {
        v.push(House::column(first.col()));
    }
    v
}

/// A naked pair (`size` 2) or triple (3) inside a box-line intersection: its digits leave the
/// rest of both the box and the line.
pub fn locked_subset(pos: &Position, size: usize) -> Vec<Step> {
    let technique = if size == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let mut out = Vec::new();
    for b in 0..9 {
        let bx = House::box_(b);
        let band = b / 3;
        let stack = b % 3;
        let lines = (0..3)
            .map(|i| House::row(band * 3 + i))
            .chain((0..3).map(|i| House::column(stack * 3 + i)));
        for line in lines {
            let inter = house_cells(bx) & house_cells(line) & pos.empty_cells();
            let cells_list: Vec<_> = inter.iter().collect();
            for subset in super::subsets(&cells_list, size) {
                let cells: CellSet = subset.iter().copied().collect();
                let digits = pos.cands_of(cells);
                if digits.len() != size || cells.iter().any(|c| pos.cands(c).len() < 2) {
                    continue;
                }
                let mut s = Step::new(technique);
                for h in [bx, line] {
                    for d in digits {
                        let t = pos.cells_in(d, h).difference(cells);
                        s.eliminations.extend(elims_for(pos, d, t));
                    }
                }
                s.eliminations.sort();
                s.eliminations.dedup();
                if s.eliminations.is_empty() {
                    continue;
                }
                // Only call it locked when it eliminates in both houses; otherwise it is an
                // ordinary naked subset.
                let in_box = s
                    .eliminations
                    .iter()
                    .any(|e| house_cells(bx).contains(e.cell));
                let in_line = s
                    .eliminations
                    .iter()
                    .any(|e| house_cells(line).contains(e.cell));
                if !(in_box && in_line) {
                    continue;
                }
                debug_assert!(common_house(cells).is_some());
                s.pattern = pattern_of(pos, cells, digits);
                s.cells = cells;
                s.houses = vec![bx, line];
                s.digits = digits;
                out.push(s);
            }
        }
    }
    out
}
