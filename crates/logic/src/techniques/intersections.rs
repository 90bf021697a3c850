//! Intersections of two houses (on the standard board a box and a line): pointing, claiming,
//! locked pair and locked triple.
//!
//! [`locked_candidates`] is the one search for pointing and claiming and [`locking_step`] the
//! one place their steps are built: the teacher's finders here and Sudoku Explainer's locking
//! producer (`crate::se::basic`, its direct form too) both run them. What differs is data: the
//! base houses and the order they come in, the cover houses a base is tried against, whether
//! a base's hints are listed cover by cover (SE) or digit by digit (the teacher), and which
//! name a base gets (the teacher's pointing takes every house but a row or column as base,
//! SE's every box-shaped one). Locked pairs and triples are naked sets (the search of
//! `super::subsets`) inside the part two houses share.

use nonet_core::{CellSet, DigitSet, House, HouseKind};

use crate::board::{bits16, many_bits, Board, Walk};
use crate::position::Position;
use crate::se::grid::Geometry;
use crate::step::Step;
use crate::technique::Technique;

use super::subsets::{naked_set_step, naked_sets_among};

/// Whether `house` is a line (row or column): a line's confined digit "claims", any other
/// house's "points".
fn is_line(house: House) -> bool {
    matches!(house.kind(), HouseKind::Row | HouseKind::Column)
}

/// Locked candidates type 1: the digit's candidates of a box all lie in one other house (a
/// row or column; on the variants also a diagonal, window or region, and the candidates of a
/// region, diagonal or window), so the digit leaves the rest of that house.
pub fn pointing(pos: &Position) -> Vec<Step> {
    locked(pos, Technique::Pointing, |h| !is_line(h))
}

/// Locked candidates type 2: the digit's candidates of a line all lie in one box (on the
/// variants: in one region, diagonal or window), so the digit leaves the rest of that house.
pub fn claiming(pos: &Position) -> Vec<Step> {
    locked(pos, Technique::Claiming, is_line)
}

/// The digit's candidates of a house taken by `base` all lie in another house too, so the digit
/// leaves the rest of that other house: bases in index order, then digits, then every house
/// the candidates share in index order (on the standard board a box's row then its column, a
/// line's box).
fn locked(pos: &Position, technique: Technique, base: fn(House) -> bool) -> Vec<Step> {
    let (geo, board) = (pos.geo(), pos.board());
    let order = geo.core_order();
    let mut out = Vec::new();
    for &h1 in order {
        let h1 = h1 as usize;
        let house = geo.core_house(h1);
        if !base(house) {
            continue;
        }
        locked_candidates(
            board,
            geo,
            h1,
            order,
            0x1ff,
            Nest::ByDigit,
            |h2, d, p1, elim| {
                if elim != 0 {
                    let s = locking_step(technique, d, (house, geo.core_house(h2)), p1, elim);
                    out.push(super::with_pattern(pos, s));
                }
                false
            },
        );
    }
    out
}

/// How [`locked_candidates`] lists the hints of one base house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Nest {
    /// Cover house by cover house (in the order given), digits in order within each: SE's.
    ByCover,
    /// Digit by digit, cover houses in the order given within each: the teacher's.
    ByDigit,
}

/// The digits of `digits` (a mask) whose candidates in house `h1` (an id of `geo`), two or
/// more, all lie in another house among `covers`, in the order of `nest`: `found(h2, d, p1,
/// elim)` is told of each, with the digit's candidates `p1` of `h1` and `elim`, its other
/// candidates in `h2` (none is still a locking: SE's direct form places a digit with it), and
/// returns `true` to stop the search, which then returns `true`.
#[inline]
pub(crate) fn locked_candidates(
    board: &Board,
    geo: &Geometry,
    h1: usize,
    covers: &[u8],
    digits: u16,
    nest: Nest,
    mut found: impl FnMut(usize, usize, u128, u128) -> bool,
) -> bool {
    let m1 = geo.mask[h1];
    // Per digit, the houses (id bits) holding all its candidates of h1, and their union.
    let mut holds = [0u64; 9];
    let mut any = 0u64;
    for d in bits16(digits) {
        let p1 = board.pos[d] & m1;
        if !many_bits(p1) {
            continue;
        }
        let mut hs = geo.all_house_bits[p1.trailing_zeros() as usize] & !(1 << h1);
        let mut each = hs;
        while each != 0 {
            let h = each.trailing_zeros() as usize;
            each &= each - 1;
            if p1 & !geo.mask[h] != 0 {
                hs &= !(1 << h);
            }
        }
        holds[d] = hs;
        any |= hs;
    }
    if any == 0 {
        return false;
    }
    let mut hit = |h2: usize, d: usize| {
        let p = board.pos[d];
        found(h2, d, p & m1, p & geo.mask[h2] & !m1)
    };
    match nest {
        Nest::ByCover => {
            for &h2 in covers {
                let h2 = h2 as usize;
                if any >> h2 & 1 == 0 {
                    continue;
                }
                for d in bits16(digits) {
                    if holds[d] >> h2 & 1 != 0 && hit(h2, d) {
                        return true;
                    }
                }
            }
        }
        Nest::ByDigit => {
            for d in bits16(digits) {
                let hs = holds[d];
                if hs == 0 {
                    continue;
                }
                // One house: no order to follow.
                if hs & (hs - 1) == 0 {
                    let h2 = hs.trailing_zeros() as usize;
                    if covers.contains(&(h2 as u8)) && hit(h2, d) {
                        return true;
                    }
                    continue;
                }
                for &h2 in covers {
                    let h2 = h2 as usize;
                    if holds[d] >> h2 & 1 != 0 && hit(h2, d) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The step of a locking of `technique` on digit index `d`: its candidates `p1` of house
/// `houses.0` all lie in house `houses.1`, and `elim` (a mask, the digit's other candidates
/// there) leaves. Without its pattern's candidates or a difficulty.
pub(crate) fn locking_step(
    technique: Technique,
    d: usize,
    (h1, h2): (House, House),
    p1: u128,
    elim: u128,
) -> Step {
    let mut s = Step::new(technique);
    s.eliminations.set_mask(d, elim);
    s.digits = DigitSet::from_bits(1 << d);
    s.houses.push(h1);
    s.cover_houses.push(h2);
    s.cells = CellSet::from_bits(p1);
    s
}

/// A naked pair (`size` 2) or triple (3) inside a box-line intersection: its digits leave the
/// rest of both the box and the line.
pub fn locked_subset(pos: &Position, size: usize) -> Vec<Step> {
    let technique = if size == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let board = pos.board();
    let mut out = Vec::new();
    // Each pair of houses once: a box (region, diagonal, window) with every house before it in
    // index order. On the standard board that is a box with its three rows, then its three
    // columns (the other lines do not meet it).
    // (Two lines meet in one cell at most, so a line never plays the box's part.)
    let houses: Vec<House> = pos.houses().collect();
    for (i, &bx) in houses.iter().enumerate().filter(|&(_, &h)| !is_line(h)) {
        for &line in &houses[..i] {
            let (in_box, in_line) = (pos.house_cells(bx), pos.house_cells(line));
            let inter = in_box & in_line & pos.empty_cells();
            if inter.len() < size {
                continue;
            }
            naked_sets_among(
                board,
                inter.bits(),
                size as u32,
                0,
                Walk::Lex,
                |set, digits| {
                    let both = [(bx, in_box.bits()), (line, in_line.bits())];
                    let Some(mut s) = naked_set_step(board, both, set, digits) else {
                        return false;
                    };
                    // Only call it locked when it eliminates in both houses; otherwise it is an
                    // ordinary naked subset.
                    let elims = s.eliminations.cells().bits();
                    if elims & in_box.bits() != 0 && elims & in_line.bits() != 0 {
                        debug_assert!(pos.common_house(CellSet::from_bits(set)).is_some());
                        s.technique = technique;
                        out.push(super::with_pattern(pos, s));
                    }
                    false
                },
            );
        }
    }
    out
}
