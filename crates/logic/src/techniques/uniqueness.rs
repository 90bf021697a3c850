//! Uniqueness techniques: unique rectangles types 1-6, hidden rectangle and BUG+1.
//!
//! **Only valid for puzzles with exactly one solution.** Four cells in two rows, two columns
//! and two boxes that could all take only the digits a and b would be a "deadly pattern": a and
//! b could be swapped, giving two solutions. A puzzle known to be unique cannot end that way,
//! so whatever would complete the pattern is false. The path can turn these off.
//!
//! On the variants' layouts a rectangle counts only if every house through a corner holds two
//! corners (so a and b can still swap). BUG+1 holds on every layout: in a position where every
//! digit has two places in each house and every cell two candidates, any solution's other
//! candidates make a second one, whatever the houses.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use super::{elims_for, pattern_of, subsets};
use crate::board::{bits, pop9, two_bits, Board};
use crate::position::Position;
use crate::step::{Candidate, CandidateSet, Step};
use crate::technique::Technique;

/// Every unique rectangle (types 1-6) and hidden rectangle.
pub fn rectangles(pos: &Position) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Corners in order: 0 = (r1,c1), 1 = (r1,c2), 2 = (r2,c1), 3 = (r2,c2);
                    // the diagonal partner of corner i is 3 - i.
                    let corners = [
                        Cell::at(r1, c1),
                        Cell::at(r1, c2),
                        Cell::at(r2, c1),
                        Cell::at(r2, c2),
                    ];
                    if !swappable(pos, corners) {
                        continue;
                    }
                    if corners.iter().any(|&c| pos.value(c).is_some()) {
                        continue;
                    }
                    // A corner may lack a or b (it was eliminated): the deadly pattern is
                    // about the solution, not the marks. Each corner needs one of them.
                    let union = corners
                        .iter()
                        .fold(DigitSet::EMPTY, |acc, &c| acc | pos.cands(c));
                    let digits: Vec<Digit> = union.iter().collect();
                    for pair in subsets(&digits, 2) {
                        let ab = DigitSet::single(pair[0]) | DigitSet::single(pair[1]);
                        let full = corners
                            .iter()
                            .filter(|&&c| (pos.cands(c) & ab) == ab)
                            .count();
                        if full >= 2 && corners.iter().all(|&c| !(pos.cands(c) & ab).is_empty()) {
                            rectangle(pos, corners, pair[0], pair[1], &mut out);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether a and b could swap in the four corners of a rectangle filled with them: every house
/// holding a corner must hold exactly two (on the standard board: the corners lie in two
/// boxes). A diagonal or window through one corner alone would break the swap, so that
/// rectangle proves nothing.
fn swappable(pos: &Position, corners: [Cell; 4]) -> bool {
    if pos.is_standard() {
        // Two boxes: the rows in one band or the columns in one stack, not both.
        let [a, _, _, d] = corners;
        return (a.row() / 3 == d.row() / 3) != (a.col() / 3 == d.col() / 3);
    }
    let all: CellSet = corners.iter().copied().collect();
    // Rows and columns hold two corners by construction.
    corners.iter().all(|&c| {
        pos.layout().all_houses_of(c)[2..]
            .iter()
            .all(|&h| (pos.house_cells(h) & all).len() == 2)
    })
}

fn rectangle(pos: &Position, corners: [Cell; 4], a: Digit, b: Digit, out: &mut Vec<Step>) {
    let ab = DigitSet::single(a) | DigitSet::single(b);
    let all: CellSet = corners.iter().copied().collect();
    let extras: Vec<DigitSet> = corners
        .iter()
        .map(|&c| pos.cands(c).difference(ab))
        .collect();
    let floor: Vec<usize> = (0..4).filter(|&i| extras[i].is_empty()).collect();
    let roof: Vec<usize> = (0..4).filter(|&i| !extras[i].is_empty()).collect();
    let roof_cells: CellSet = roof.iter().map(|&i| corners[i]).collect();
    let make = |t: Technique, elims: CandidateSet| -> Step {
        let mut s = Step::new(t);
        s.eliminations = elims;
        s.pattern = pattern_of(pos, all, ab);
        s.secondary = roof
            .iter()
            .flat_map(|&i| extras[i].iter().map(move |d| Candidate::new(corners[i], d)))
            .collect();
        s.cells = all;
        s.digits = ab;
        s
    };
    let mut push = |s: Step| {
        if !s.eliminations.is_empty()
            && !out.iter().any(|o| {
                o.technique == s.technique && o.cells == s.cells && o.eliminations == s.eliminations
            })
        {
            out.push(s);
        }
    };
    // Type 1: three corners hold only a and b; the fourth cannot.
    if floor.len() == 3 {
        let c = corners[roof[0]];
        push(make(
            Technique::UniqueRectangle1,
            pattern_of(pos, CellSet::single(c), ab)
                .into_iter()
                .collect(),
        ));
    }
    // Types 2 and 5: every roof corner has the same single extra digit z; one of them is z.
    if (1..=2).contains(&floor.len()) {
        let z = extras[roof[0]];
        if z.len() == 1 && roof.iter().all(|&i| extras[i] == z) {
            let z = z.first().expect("one");
            let elims = elims_for(pos, z, pos.common_peers(roof_cells));
            let in_line = roof.len() == 2 && crate::position::same_line(roof_cells);
            let t = if in_line {
                Technique::UniqueRectangle2
            } else {
                Technique::UniqueRectangle5
            };
            push(make(t, elims));
        }
    }
    if floor.len() == 2 && crate::position::same_line(roof_cells) {
        let shared: Vec<House> = pos.common_houses(roof_cells).collect();
        // Type 4: a is confined to the roof in a house they share, so b leaves the roof.
        for (x, y) in [(a, b), (b, a)] {
            for &h in &shared {
                if pos.cells_in(x, h) == roof_cells {
                    let mut s = make(Technique::UniqueRectangle4, elims_for(pos, y, roof_cells));
                    s.houses = vec![h];
                    push(s);
                }
            }
        }
        // Type 3: the roof's extras act as one cell; with k other cells of a shared house they
        // form a naked subset. All such subsets of one rectangle make one step.
        let e = extras[roof[0]] | extras[roof[1]];
        let mut t3 = make(Technique::UniqueRectangle3, CandidateSet::EMPTY);
        for &h in &shared {
            let others: Vec<Cell> = (pos.house_cells(h) & pos.empty_cells())
                .difference(roof_cells)
                .iter()
                .collect();
            for k in 1..=3 {
                for subset in subsets(&others, k) {
                    let set: CellSet = subset.iter().copied().collect();
                    let digits = e | pos.cands_of(set);
                    if digits.len() != k + 1 {
                        continue;
                    }
                    // Whether the subset removes anything, even what an earlier subset
                    // removes too: every such subset joins the step.
                    let mut removes = false;
                    for &h2 in &shared {
                        if !set.difference(pos.house_cells(h2)).is_empty() {
                            continue;
                        }
                        for d in digits {
                            let e =
                                elims_for(pos, d, pos.house_cells(h2).difference(set | roof_cells));
                            removes |= !e.is_empty();
                            t3.eliminations.extend(e);
                        }
                    }
                    if removes {
                        t3.secondary.extend(pattern_of(pos, set, digits));
                        t3.cells |= set;
                        if !t3.houses.contains(&h) {
                            t3.houses.push(h);
                        }
                    }
                }
            }
        }
        push(t3);
    }
    // Type 6: the floor is a diagonal; if x is confined to the rectangle in both rows (or both
    // columns), x leaves the roof.
    if floor.len() == 2 && floor[0] + floor[1] == 3 {
        for x in [a, b] {
            let rows_locked = [corners[0], corners[2]].iter().all(|&c| {
                let r = House::row(c.row());
                pos.cells_in(x, r).difference(all).is_empty()
            });
            let cols_locked = [corners[0], corners[1]].iter().all(|&c| {
                let col = House::column(c.col());
                pos.cells_in(x, col).difference(all).is_empty()
            });
            if rows_locked || cols_locked {
                push(make(
                    Technique::UniqueRectangle6,
                    elims_for(pos, x, roof_cells),
                ));
            }
        }
    }
    // Hidden rectangle: a corner holding only a and b; if x is confined to the rectangle in the
    // row and the column of the opposite corner, y leaves that corner.
    if floor.len() <= 2 {
        for &f in &floor {
            let opp = corners[3 - f];
            let row = House::row(opp.row());
            let col = House::column(opp.col());
            for (x, y) in [(a, b), (b, a)] {
                if pos.cells_in(x, row).difference(all).is_empty()
                    && pos.cells_in(x, col).difference(all).is_empty()
                {
                    push(make(
                        Technique::HiddenRectangle,
                        elims_for(pos, y, CellSet::single(opp)),
                    ));
                }
            }
        }
    }
}

/// BUG+1: every empty cell but one is bivalue and every digit appears twice in each house
/// but for one cell with three candidates; that cell must take the digit that would otherwise
/// appear three times. The grave is [`bug_grave`]'s, over every house of the layout; BUG+1 is
/// its one-cell, one-digit case (Sudoku Explainer's types 2-4 are layered on the same search in
/// `crate::se::unique`).
pub fn bug_plus_one(pos: &Position) -> Vec<Step> {
    let houses = pos.houses().map(|h| pos.house_cells(h).bits());
    let peers = |c: usize| pos.peers(Cell::from_index(c)).bits();
    let Some(grave) = bug_grave(pos.board(), houses, peers) else {
        return Vec::new();
    };
    let &[c] = &grave.cells[..] else {
        return Vec::new();
    };
    let Some(d) = DigitSet::from_bits(grave.digits[c]).single_digit() else {
        return Vec::new();
    };
    let cell = Cell::from_index(c);
    let mut s = Step::new(Technique::Bug1);
    // Written as eliminations (the other candidates leave the cell), as HoDoKu does; the
    // cell is then a naked single.
    s.eliminations = pos
        .cands(cell)
        .iter()
        .filter(|&x| x != d)
        .map(|x| Candidate::new(cell, x))
        .collect();
    s.pattern = pattern_of(pos, pos.empty_cells(), DigitSet::ALL);
    s.secondary = vec![Candidate::new(cell, d)];
    s.cells = CellSet::single(cell);
    s.digits = DigitSet::single(d);
    vec![s]
}

/// A bivalue universal grave on a board (SE-SPEC §4.11): the candidates whose removal would
/// leave every empty cell two candidates and every digit two places (or none) in every house.
pub(crate) struct Grave {
    /// The cells (indices) holding those candidates, in the order the scan met them.
    pub cells: Vec<usize>,
    /// Per cell index, its grave-breaking digits (bit `d` for digit index `d`).
    pub digits: [u16; 81],
    /// Every grave-breaking digit.
    pub all_digits: u16,
    /// The cells that see every cell of `cells`, those excluded.
    pub common: u128,
}

/// The one search for the bivalue universal grave, run by the teacher's BUG+1 and Sudoku
/// Explainer's BUG producer: `houses` (each a cell mask) in the order to scan them, `peers` of
/// a cell index as a mask.
///
/// A digit with more than two places in a house breaks the grave through its one place in a
/// cell of three candidates or more: none, and there is no grave; several, and the house is
/// passed over (the final check decides). Then, without those candidates, every empty cell
/// must have two and every digit two places or none in every house. It reads the board as it
/// is throughout, as SE does (a cell whose breaking digit was found already still counts it).
/// The scan gives up as soon as two cells with two digits between them have no common peer.
// Per-digit and per-cell arrays are indexed by one digit or cell index: range loops read best.
#[allow(clippy::needless_range_loop)]
pub(crate) fn bug_grave(
    board: &Board,
    houses: impl Iterator<Item = u128> + Clone,
    peers: impl Fn(usize) -> u128,
) -> Option<Grave> {
    let mut cells: Vec<usize> = Vec::new();
    let mut digits = [0u16; 81];
    let mut all_digits = 0u16;
    // Per digit, the cells it breaks the grave in: the grave is the board without them.
    let mut removed = [0u128; 9];
    let mut common = 0u128;
    for mask in houses.clone() {
        for d in 0..9 {
            let p = board.pos[d] & mask;
            if p == 0 || two_bits(p) {
                continue;
            }
            let heavy: u128 = bits(p)
                .filter(|&c| board.count_at(c) >= 3)
                .fold(0, |m, c| m | 1u128 << c);
            match heavy.count_ones() {
                0 => return None,
                1 => {
                    let c = heavy.trailing_zeros() as usize;
                    if !cells.contains(&c) {
                        if cells.is_empty() {
                            common = peers(c);
                        } else {
                            common &= peers(c);
                        }
                        cells.push(c);
                    }
                    digits[c] |= 1 << d;
                    all_digits |= 1 << d;
                    removed[d] |= 1u128 << c;
                    for &b in &cells {
                        common &= !(1u128 << b);
                    }
                    if cells.len() >= 2 && all_digits.count_ones() >= 2 && common == 0 {
                        return None;
                    }
                }
                _ => {}
            }
        }
    }
    for c in 0..81 {
        if board.values[c].is_none() && pop9(board.cands[c] & !digits[c]) != 2 {
            return None;
        }
    }
    for mask in houses {
        for d in 0..9 {
            let p = board.pos[d] & !removed[d] & mask;
            if p != 0 && !two_bits(p) {
                return None;
            }
        }
    }
    if cells.is_empty() {
        return None;
    }
    Some(Grave {
        cells,
        digits,
        all_digits,
        common,
    })
}
