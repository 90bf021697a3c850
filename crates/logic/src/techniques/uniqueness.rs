//! Uniqueness techniques: unique rectangles types 1-6, hidden rectangle, unique loops and the
//! bivalue universal grave.
//!
//! **Only valid for puzzles with exactly one solution.** Cells that could all take only the
//! digits a and b, two in each house they touch, would be a "deadly pattern": a and b could be
//! swapped, giving two solutions. A puzzle known to be unique cannot end that way, so whatever
//! would complete the pattern is false. The path can turn these off.
//!
//! [`deadly_loops`] is the one search for these patterns: from a start cell it walks, in Sudoku
//! Explainer's order, the loops of cells holding the pair whose every house (the layout's
//! extra houses too) holds two of their cells, one at an odd and one at an even place, so that
//! a and b can swap along the loop. The teacher's [`rectangles`] takes its four-cell loops and
//! Sudoku Explainer's unique loop producer (`crate::se::unique`) its loops of every length;
//! what differs is data (which cells may be on a loop, how long a loop may be, how many cells
//! with other digits the walk may enter). The deductions both make are one function each
//! ([`lone_roof`] for type 1, [`roof_digit`] for type 2, [`confined_to_roof`] for type 4,
//! the naked-set search with the roof's extra digits as one more cell for type 3,
//! `subsets::naked_sets_among`); the types only the teacher knows (5, 6,
//! the hidden rectangle) and the rules only SE has (its choice of type by the number of cells
//! with extra digits, its type 3 test on the digits the two extra cells share, the hidden sets
//! of its type 3) are written on top of them, each where it is used.
//!
//! BUG+1 holds on every layout: in a position where every digit has two places in each house
//! and every cell two candidates, any solution's other candidates make a second one, whatever
//! the houses.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use super::subsets::naked_sets_among;
use super::{elims_for, pattern_of};
use crate::board::{bit, bits, bits16, pop9, subsets_of, two_bits, Board, Walk};
use crate::position::Position;
use crate::se::grid::{Geometry, BLOCK, COL, ROW};
use crate::step::{Candidate, CandidateSet, Step};
use crate::technique::Technique;

/// How far a deadly-pattern walk ([`deadly_loops`]) goes: the two faces' data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    /// The most cells a loop may have.
    pub max_cells: usize,
    /// How many cells with digits besides the pair the walk may enter while those digits are
    /// more than one (SE's `allowedEx`; a bivalue cell, or a cell entered while the extra
    /// digits met so far are one digit, costs nothing).
    pub extra_cells: i32,
}

/// Sudoku Explainer's walk: loops of any length, two cells with extra digits unless those
/// digits are one (SE-SPEC §4.10).
pub(crate) const SE_LOOPS: Reach = Reach {
    max_cells: usize::MAX,
    extra_cells: 2,
};

/// The teacher's walk: rectangles, whatever the other corners hold (its type 5 and hidden
/// rectangle need three corners with different extra digits).
pub(crate) const RECTANGLES: Reach = Reach {
    max_cells: 4,
    extra_cells: 4,
};

/// What one walk reads: the board, its houses, the pair (a digit mask) and the cells that may
/// be on a loop.
struct Walker<'a> {
    board: &'a Board,
    geo: &'a Geometry,
    pair: u16,
    members: u128,
    max_cells: usize,
}

/// The deadly loops on the digits `pair` through `start`, appended to `loops` as their cells
/// in walk order (`path` is a buffer): Sudoku Explainer's `checkForLoops` with its validity
/// test. Depth first from `start`, along house kinds Block (or region), Row, Column except the
/// one used to arrive, the cells of `members` in each house in house (row-major) order; a path
/// that comes back to `start` with four cells or more is a loop. (The walk moves along blocks
/// or regions, rows and columns only; a loop's validity is checked on every house.)
///
/// A loop is kept only if every house of its cells holds two of them, of opposite parity
/// along the loop: then a and b can swap along it. A path whose new cell shares a house with
/// a cell of the same parity is not extended, as no loop through it is valid (SE enumerates
/// them and drops them afterwards; the loops kept and their order are the same). The same
/// loop is met once per route (both directions, and through a block or a line where a pair
/// shares both).
#[allow(clippy::too_many_arguments)]
pub(crate) fn deadly_loops(
    board: &Board,
    geo: &Geometry,
    start: usize,
    pair: u16,
    members: u128,
    reach: Reach,
    path: &mut Vec<u8>,
    loops: &mut Vec<Vec<u8>>,
) {
    let w = Walker {
        board,
        geo,
        pair,
        members,
        max_cells: reach.max_cells,
    };
    path.clear();
    walk(
        &w,
        start,
        path,
        0,
        [0; 2],
        None,
        reach.extra_cells,
        0,
        loops,
    );
}

#[allow(clippy::too_many_arguments)]
fn walk(
    w: &Walker,
    cell: usize,
    path: &mut Vec<u8>,
    in_path: u128,
    used: [u64; 2],
    last_kind: Option<usize>,
    allowed_ex: i32,
    extra_in: u16,
    loops: &mut Vec<Vec<u8>>,
) {
    let t = w.geo;
    let parity = path.len() % 2;
    path.push(cell as u8);
    let in_path = in_path | 1u128 << cell;
    let mut used = used;
    used[parity] |= t.all_house_bits[cell];
    // The parity of the next cell's position.
    let next_parity = 1 - parity;
    let mut extra = extra_in;
    for kind in [BLOCK, ROW, COL] {
        if last_kind == Some(kind) {
            continue;
        }
        let h = t.houses[cell][kind] as usize;
        for next in bits(t.mask[h] & w.members) {
            if next == path[0] as usize && path.len() >= 4 {
                if is_valid_loop(t, path) {
                    loops.push(path.clone());
                }
            } else if !bit(in_path, next) && path.len() < w.max_cells {
                let nc = w.board.cands[next];
                // SE accumulates the extra digits over the siblings too.
                extra |= nc & !w.pair;
                // The last cell a loop may have must see the first, to close it.
                let may_close = path.len() + 1 < w.max_cells || t.is_peer(path[0] as usize, next);
                if (pop9(nc) == 2 || pop9(extra) == 1 || allowed_ex > 0)
                    && used[next_parity] & t.all_house_bits[next] == 0
                    && may_close
                {
                    let ex = if pop9(nc) > 2 {
                        allowed_ex - 1
                    } else {
                        allowed_ex
                    };
                    walk(w, next, path, in_path, used, Some(kind), ex, extra, loops);
                }
            }
        }
    }
    path.pop();
}

/// SE's `isValidLoop`: each house used holds exactly two loop cells of opposite parity. Every
/// house of the cells counts, the layout's extra houses too: only then does swapping the two
/// digits along the loop give another solution.
fn is_valid_loop(t: &Geometry, lp: &[u8]) -> bool {
    let mut sets = [0u64; 2];
    for (i, &c) in lp.iter().enumerate() {
        let s = &mut sets[i % 2];
        let hb = t.all_house_bits[c as usize];
        if *s & hb != 0 {
            return false;
        }
        *s |= hb;
    }
    sets[0] == sets[1]
}

/// Type 1: the one cell of the pattern with other digits (the roof) cannot be a or b. The
/// candidates of `pair` in `cell`.
pub(crate) fn lone_roof(board: &Board, cell: usize, pair: u16) -> CandidateSet {
    let mut e = CandidateSet::EMPTY;
    for d in bits16(pair) {
        e.set_mask(d, board.pos[d] & 1u128 << cell);
    }
    e
}

/// Type 2: one of the roof's cells is the digit index `z`, so it leaves every cell that sees
/// them all.
pub(crate) fn roof_digit(board: &Board, geo: &Geometry, roof: u128, z: usize) -> CandidateSet {
    let mut seen = crate::board::ALL;
    for c in bits(roof) {
        seen &= geo.peer_mask[c];
    }
    let mut e = CandidateSet::EMPTY;
    e.set_mask(z, seen & !roof & board.pos[z]);
    e
}

/// Type 4: whether the digit index `x` is, in the house of cells `house`, in the roof's cells
/// and nowhere else. Then one of them is x, and the pattern's other digit leaves both.
pub(crate) fn confined_to_roof(board: &Board, x: usize, house: u128, roof: u128) -> bool {
    board.pos[x] & house == roof
}

/// Every unique rectangle (types 1-6) and hidden rectangle, by corners (first row, second row,
/// first column, second column), then digits.
///
/// The rectangles are `deadly_loops` of four cells through a corner holding the pair and
/// nothing else (every type needs one): from every empty cell with one or two candidates, on
/// every pair holding them. A corner may lack a or b (it was eliminated): the deadly pattern
/// is about the solution, not the marks, so the cells holding either may be on it, as long as
/// two corners hold both. The walk's validity test is SE's: a house holding two opposite
/// corners rules the rectangle out (filled with a and b it would hold one digit twice, so
/// nothing could swap), where the teacher's own test used to count only that every house held
/// two corners. Only a jigsaw region can do that (a diagonal through two opposite corners
/// puts the rectangle in one box or four; a window holding two holds all four).
pub fn rectangles(pos: &Position) -> Vec<Step> {
    let (board, geo) = (pos.board(), pos.geo());
    let mut found: Vec<(usize, usize, usize, usize, usize, usize)> = Vec::new();
    let mut path = Vec::with_capacity(4);
    let mut loops = Vec::new();
    for c0 in 0..81 {
        let m = board.cands[c0];
        if board.values[c0].is_some() || !(1..=2).contains(&pop9(m)) {
            continue;
        }
        // A bivalue cell's own pair, or a single's digit with each other one.
        let others = if pop9(m) == 2 { 0 } else { 0x1ff & !m };
        let pairs = std::iter::once(m)
            .filter(|_| others == 0)
            .chain(bits16(others).map(|o| m | 1 << o));
        for pair in pairs {
            let (a, b) = (
                pair.trailing_zeros() as usize,
                15 - pair.leading_zeros() as usize,
            );
            let members = board.pos[a] | board.pos[b];
            loops.clear();
            deadly_loops(
                board, geo, c0, pair, members, RECTANGLES, &mut path, &mut loops,
            );
            for lp in &loops {
                let (mut r1, mut r2, mut c1, mut c2) = (8, 0, 8, 0);
                for &x in lp {
                    let cell = Cell::from_index(x as usize);
                    (r1, r2) = (r1.min(cell.row()), r2.max(cell.row()));
                    (c1, c2) = (c1.min(cell.col()), c2.max(cell.col()));
                }
                found.push((r1, r2, c1, c2, a, b));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    let mut out: Vec<Step> = Vec::new();
    for (r1, r2, c1, c2, a, b) in found {
        // Corners in order: 0 = (r1,c1), 1 = (r1,c2), 2 = (r2,c1), 3 = (r2,c2); the diagonal
        // partner of corner i is 3 - i.
        let corners = [
            Cell::at(r1, c1),
            Cell::at(r1, c2),
            Cell::at(r2, c1),
            Cell::at(r2, c2),
        ];
        let (a, b) = (Digit::from_index(a), Digit::from_index(b));
        let ab = DigitSet::single(a) | DigitSet::single(b);
        let full = corners
            .iter()
            .filter(|&&c| (pos.cands(c) & ab) == ab)
            .count();
        if full >= 2 {
            rectangle(pos, corners, a, b, &mut out);
        }
    }
    out
}

/// The teacher's steps on the rectangle `corners` over the digits `a` and `b`.
fn rectangle(pos: &Position, corners: [Cell; 4], a: Digit, b: Digit, out: &mut Vec<Step>) {
    let (board, geo) = (pos.board(), pos.geo());
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
            lone_roof(board, c.index(), ab.bits()),
        ));
    }
    // Types 2 and 5: every roof corner has the same single extra digit z; one of them is z.
    if (1..=2).contains(&floor.len()) {
        let z = extras[roof[0]];
        if z.len() == 1 && roof.iter().all(|&i| extras[i] == z) {
            let z = z.first().expect("one");
            let elims = roof_digit(board, geo, roof_cells.bits(), z.index());
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
        // Type 4: a is confined to the roof in a house they share, so b leaves the roof. Every
        // house the roof shares counts (SE looks at its block, row and column only: on the
        // variants the teacher finds more).
        for (x, y) in [(a, b), (b, a)] {
            for &h in &shared {
                if confined_to_roof(
                    board,
                    x.index(),
                    pos.house_cells(h).bits(),
                    roof_cells.bits(),
                ) {
                    let mut s = make(Technique::UniqueRectangle4, elims_for(pos, y, roof_cells));
                    s.houses = vec![h];
                    push(s);
                }
            }
        }
        // Type 3: the roof's extras act as one cell; with k other cells of a shared house they
        // form a naked subset. All such subsets of one rectangle make one step, each removing
        // its digits from every shared house holding it (SE makes a step of each set and
        // house, in its own order, and tests the digits the two roof cells share).
        let e = extras[roof[0]] | extras[roof[1]];
        let mut t3 = make(Technique::UniqueRectangle3, CandidateSet::EMPTY);
        for &h in &shared {
            let free = (pos.house_cells(h) & pos.empty_cells()).difference(roof_cells);
            for k in 1..=3 {
                naked_sets_among(board, free.bits(), k, e.bits(), Walk::Lex, |set, cands| {
                    let set = CellSet::from_bits(set);
                    let digits = e | DigitSet::from_bits(cands);
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
                    false
                });
            }
        }
        push(t3);
    }
    // Type 6: the floor is a diagonal; if x is confined to the rectangle in both rows (or both
    // columns), x leaves the roof.
    if floor.len() == 2 && floor[0] + floor[1] == 3 {
        for x in [a, b] {
            let rows_locked = [corners[0], corners[2]]
                .iter()
                .all(|&c| confined_to_rectangle(pos, x, House::row(c.row()), all));
            let cols_locked = [corners[0], corners[1]]
                .iter()
                .all(|&c| confined_to_rectangle(pos, x, House::column(c.col()), all));
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
                if confined_to_rectangle(pos, x, row, all)
                    && confined_to_rectangle(pos, x, col, all)
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

/// Whether the digit `x` still has to go in `house` and can go only in the rectangle's cells
/// `all` there. A digit already placed in the house has no cells in it, and "all of its cells
/// are in the rectangle" would hold of nothing: the hidden rectangle then removed the solution's
/// digit (`a_hidden_rectangle_needs_its_digit_still_to_place_in_the_row_and_column`).
fn confined_to_rectangle(pos: &Position, x: Digit, house: House, all: CellSet) -> bool {
    let cells = pos.cells_in(x, house);
    !cells.is_empty() && cells.difference(all).is_empty()
}

/// The technique of a hint of SE's `ty` on a loop of `len` cells: rectangles have their own.
fn loop_technique(len: usize, ty: u8) -> Technique {
    match (len, ty) {
        (4, 1) => Technique::UniqueRectangle1,
        (4, 2) => Technique::UniqueRectangle2,
        (4, 3) => Technique::UniqueRectangle3,
        (4, _) => Technique::UniqueRectangle4,
        _ => Technique::UniqueLoop,
    }
}

/// Sudoku Explainer's hints on one deadly loop `lp` over the digit mask `pair` (SE-SPEC
/// §4.10), each told to `offer` with its type and its difficulty's bonus over the loop's base
/// (type 3's set size). The type is chosen by the number of cells with extra digits, as SE
/// does: one, type 1; two, type 2 if their extra digits are one, else type 3, and type 4 in
/// both cases; more, type 2 on the first extra cell's lowest extra digit. `extra` is a buffer;
/// `met` lists the loops whose type 3 was looked at (the same loop met again, from another
/// cell or the other way round, would offer the same hints again).
pub(crate) fn se_loop_hints(
    board: &Board,
    geo: &Geometry,
    lp: &[u8],
    pair: u16,
    extra: &mut Vec<usize>,
    met: &mut Vec<(u128, u16, u8, u8)>,
    offer: &mut dyn FnMut(Step, u8, f64),
) {
    let t = geo;
    let mut loop_mask = 0u128;
    for &c in lp {
        loop_mask |= 1u128 << c;
    }
    extra.clear();
    extra.extend(
        lp.iter()
            .map(|&c| c as usize)
            .filter(|&c| pop9(board.cands[c]) > 2),
    );
    let mk = |ty: u8, elims: CandidateSet| {
        let mut h = Step::new(loop_technique(lp.len(), ty));
        h.cells = CellSet::from_bits(loop_mask);
        h.digits = DigitSet::from_bits(pair);
        h.eliminations = elims;
        h
    };
    let type2 = |offer: &mut dyn FnMut(Step, u8, f64)| {
        let first = extra[0];
        let z = (board.cands[first] & !pair).trailing_zeros() as usize;
        let roof = extra.iter().fold(0u128, |m, &c| m | 1u128 << c);
        offer(mk(2, roof_digit(board, geo, roof, z)), 2, 0.0);
    };
    match extra.len() {
        0 => {}
        1 => offer(mk(1, lone_roof(board, extra[0], pair)), 1, 0.0),
        2 => {
            let (c1, c2) = (extra[0], extra[1]);
            let x = (board.cands[c1] | board.cands[c2]) & !pair;
            if pop9(x) == 1 {
                type2(offer);
            } else if !met.contains(&(loop_mask, pair, c1 as u8, c2 as u8)) {
                met.push((loop_mask, pair, c1 as u8, c2 as u8));
                se_type3(board, geo, lp.len(), pair, c1, c2, x, loop_mask, offer);
            }
            // Type 4: in a block, row or column the two share, the first digit confined to
            // them (else the second) makes the other leave them.
            let v1 = pair.trailing_zeros() as usize;
            let v2 = 15 - pair.leading_zeros() as usize;
            let roof = (1u128 << c1) | (1u128 << c2);
            let (mut r1, mut r2) = (false, false);
            for kind in [BLOCK, ROW, COL] {
                if t.houses[c1][kind] != t.houses[c2][kind] {
                    continue;
                }
                let hm = t.mask[t.houses[c1][kind] as usize];
                r1 |= confined_to_roof(board, v1, hm, roof);
                r2 |= confined_to_roof(board, v2, hm, roof);
            }
            let mut elims = CandidateSet::EMPTY;
            if r1 {
                elims.set_mask(v2, roof & board.pos[v2]);
            } else if r2 {
                elims.set_mask(v1, roof & board.pos[v1]);
            }
            offer(mk(4, elims), 4, 0.0);
        }
        _ => type2(offer),
    }
}

/// SE's unique loop type 3 (SE-SPEC §4.10): a naked or hidden set formed with the two extra
/// cells `c1` and `c2`, whose extra digits are `x`, in each block, row or column they share,
/// by set size. The naked sets are `subsets::naked_sets_among`'s with the roof, in colex order, with SE's further test
/// that the digits `c1` and `c2` share among `x` and the set's other candidates make the set's
/// digits already; the hidden sets are SE's alone.
#[allow(clippy::too_many_arguments)]
fn se_type3(
    board: &Board,
    geo: &Geometry,
    len: usize,
    pair: u16,
    c1: usize,
    c2: usize,
    x: u16,
    loop_mask: u128,
    offer: &mut dyn FnMut(Step, u8, f64),
) {
    let t = geo;
    let tech = loop_technique(len, 3);
    // Cells with two candidates or more: a cell with fewer fails SE's common-tuple test.
    let mut live = 0u128;
    for c in 0..81 {
        if pop9(board.cands[c]) >= 2 {
            live |= 1u128 << c;
        }
    }
    let both = (1u128 << c1) | (1u128 << c2);
    let shared = x & board.cands[c1] & board.cands[c2];
    for degree in pop9(x)..=7 {
        for kind in [BLOCK, ROW, COL] {
            if t.houses[c1][kind] != t.houses[c2][kind] {
                continue;
            }
            let h = t.houses[c1][kind] as usize;
            let empties = t.cells[h]
                .iter()
                .filter(|&&c| board.values[c as usize].is_none())
                .count() as u32;
            if 2 * degree <= empties {
                let free = t.mask[h] & live & !both;
                naked_sets_among(board, free, degree - 1, x, Walk::Colex, |set, cands| {
                    if pop9(shared | cands) == degree {
                        let digits = x | cands;
                        let rest = t.mask[h] & !set & !both;
                        let mut hint = Step::new(tech);
                        hint.cells = CellSet::from_bits(loop_mask | set);
                        hint.digits = DigitSet::from_bits(pair | digits);
                        for d in bits16(digits) {
                            hint.eliminations.set_mask(d, board.pos[d] & rest);
                        }
                        offer(hint, 3, (degree as f64 - 1.0) * 0.1);
                    }
                    false
                });
            }
            if 2 * degree < empties {
                let other_digits = 0x1ff & !pair & !x;
                // SE's (degree - 2)-subsets of the other digits, in increasing order.
                let subs = std::iter::once(0)
                    .filter(|_| degree == 2)
                    .chain(subsets_of(other_digits, degree - 2));
                for sub in subs {
                    let digits = sub | pair;
                    let mut union = 0u128;
                    let mut ok = true;
                    for d in bits16(digits) {
                        let p = board.pos[d] & t.mask[h] & !(1u128 << c2);
                        if p == 0 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let at = union & !both;
                    let mut hint = Step::new(tech);
                    hint.cells = CellSet::from_bits(loop_mask | union);
                    hint.digits = DigitSet::from_bits(digits);
                    for d in 0..9 {
                        if digits >> d & 1 == 0 {
                            hint.eliminations.set_mask(d, board.pos[d] & at);
                        }
                    }
                    offer(hint, 3, (degree as f64 - 2.0) * 0.1);
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
