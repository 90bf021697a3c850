//! Naked and hidden subsets (pairs, triples, quads) within one house.

use nonet_core::{CellSet, Digit, DigitSet};

use super::{elims_for, pattern_of, subsets};
use crate::position::Position;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// `size` cells of a house holding only `size` digits between them: those digits leave the
/// other cells of every house the cells share.
pub fn naked(pos: &Position, size: usize) -> Vec<Step> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let mut out = Vec::new();
    let mut seen: Vec<CellSet> = Vec::new();
    for house in pos.houses() {
        let cells: Vec<_> = (pos.house_cells(house) & pos.empty_cells())
            .iter()
            .filter(|&c| (2..=size).contains(&pos.cands(c).len()))
            .collect();
        for subset in subsets(&cells, size) {
            let set: CellSet = subset.iter().copied().collect();
            let digits = pos.cands_of(set);
            if digits.len() != size || seen.contains(&set) {
                continue;
            }
            let mut s = Step::new(technique);
            let mut houses = Vec::new();
            for h in pos.common_houses(set) {
                houses.push(h);
                for d in digits {
                    let t = pos.cells_in(d, h).difference(set);
                    s.eliminations.extend(elims_for(pos, d, t));
                }
            }
            if s.eliminations.is_empty() {
                continue;
            }
            seen.push(set);
            s.pattern = pattern_of(pos, set, digits);
            s.cells = set;
            s.houses = houses;
            s.digits = digits;
            out.push(s);
        }
    }
    out
}

/// `size` digits of a house confined to `size` cells: the other digits leave those cells.
pub fn hidden(pos: &Position, size: usize) -> Vec<Step> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let mut out = Vec::new();
    for house in pos.houses() {
        let empty = pos.house_cells(house) & pos.empty_cells();
        // A hidden subset in a house with few empty cells is the naked subset of the rest.
        if empty.len() <= size {
            continue;
        }
        let digits: Vec<Digit> = Digit::ALL
            .into_iter()
            .filter(|&d| (2..=size).contains(&pos.cells_in(d, house).len()))
            .collect();
        for subset in subsets(&digits, size) {
            let mut cells = CellSet::EMPTY;
            for &d in &subset {
                cells |= pos.cells_in(d, house);
            }
            if cells.len() != size {
                continue;
            }
            let ds: DigitSet = subset.iter().copied().collect();
            let mut s = Step::new(technique);
            for c in cells {
                for d in pos.cands(c).difference(ds) {
                    s.eliminations.insert(Candidate::new(c, d));
                }
            }
            if s.eliminations.is_empty() {
                continue;
            }
            s.pattern = pattern_of(pos, cells, ds);
            s.cells = cells;
            s.houses = vec![house];
            s.digits = ds;
            out.push(s);
        }
    }
    out
}
