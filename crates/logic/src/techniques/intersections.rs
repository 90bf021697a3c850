//! Intersections of two houses (on the standard board a box and a line): pointing, claiming,
//! locked pair and locked triple.

use nonet_core::{CellSet, Digit, DigitSet, House, HouseKind};

use super::{elims_for, pattern_of};
use crate::position::Position;
use crate::step::Step;
use crate::technique::Technique;

/// Whether `house` is a line (row or column): a line's confined digit "claims", any other
/// house's "points".
fn is_line(house: House) -> bool {
    matches!(house.kind(), HouseKind::Row | HouseKind::Column)
}

/// Locked candidates type 1: the digit's candidates of a box all lie in one other house (a
/// row or column; on the variants also a diagonal, window or region, and the candidates of a
/// region, diagonal or window), so the digit leaves the rest of that house.
pub fn pointing(pos: &Position) -> Vec<Step> {
    locked_candidates(pos, Technique::Pointing, |h| !is_line(h))
}

/// Locked candidates type 2: the digit's candidates of a line all lie in one box (on the
/// variants: in one region, diagonal or window), so the digit leaves the rest of that house.
pub fn claiming(pos: &Position) -> Vec<Step> {
    locked_candidates(pos, Technique::Claiming, is_line)
}

/// The digit's candidates of a house taken by `base` all lie in another house too, so the digit
/// leaves the rest of that other house (every house the candidates share, in index order: on
/// the standard board a box's row then its column, a line's box).
fn locked_candidates(pos: &Position, technique: Technique, base: fn(House) -> bool) -> Vec<Step> {
    let mut out = Vec::new();
    for bx in pos.houses().filter(|&h| base(h)) {
        for d in Digit::ALL {
            let cells = pos.cells_in(d, bx);
            if cells.len() < 2 {
                continue;
            }
            for cover in pos.common_houses(cells).filter(|&h| h != bx) {
                let targets = pos.cells_in(d, cover).difference(pos.house_cells(bx));
                if targets.is_empty() {
                    continue;
                }
                let mut s = Step::new(technique);
                s.eliminations = elims_for(pos, d, targets);
                s.pattern = pattern_of(pos, cells, DigitSet::single(d));
                s.cells = cells;
                s.houses = vec![bx];
                s.cover_houses = vec![cover];
                s.digits = DigitSet::single(d);
                out.push(s);
            }
        }
    }
    out
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
    // Each pair of houses once: a box (region, diagonal, window) with every house before it in
    // index order. On the standard board that is a box with its three rows, then its three
    // columns (the other lines do not meet it).
    // (Two lines meet in one cell at most, so a line never plays the box's part.)
    let houses: Vec<House> = pos.houses().collect();
    for (i, &bx) in houses.iter().enumerate().filter(|&(_, &h)| !is_line(h)) {
        for &line in &houses[..i] {
            let inter = pos.house_cells(bx) & pos.house_cells(line) & pos.empty_cells();
            if inter.len() < size {
                continue;
            }
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
                if s.eliminations.is_empty() {
                    continue;
                }
                // Only call it locked when it eliminates in both houses; otherwise it is an
                // ordinary naked subset.
                let in_box = s
                    .eliminations
                    .iter()
                    .any(|e| pos.house_cells(bx).contains(e.cell));
                let in_line = s
                    .eliminations
                    .iter()
                    .any(|e| pos.house_cells(line).contains(e.cell));
                if !(in_box && in_line) {
                    continue;
                }
                debug_assert!(pos.common_house(cells).is_some());
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
