//! Single-digit patterns: skyscraper, 2-string kite, turbot fish and empty rectangle.
//!
//! The first three are one shape: a strong link, a weak link, a strong link, all on one digit.
//! One end of the chain is true, so the digit leaves every cell seeing both ends. The name
//! depends on the houses of the strong links.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind};

use super::{elims_for, pattern_of};
use crate::position::Position;
use crate::step::{Chain, ChainLink, ChainNode, LinkKind, Step};
use crate::technique::Technique;

/// The conjugate pairs of `d`: houses where it has exactly two places.
pub(crate) fn strong_links(pos: &Position, d: Digit) -> Vec<(Cell, Cell, House)> {
    let mut v = Vec::new();
    for h in pos.houses() {
        let cells = pos.cells_in(d, h);
        if cells.len() == 2 {
            let mut it = cells.iter();
            let a = it.next().expect("two");
            let b = it.next().expect("two");
            v.push((a, b, h));
        }
    }
    v
}

/// Skyscrapers, 2-string kites and turbot fish on every digit.
pub fn turbot_family(pos: &Position) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for d in Digit::ALL {
        let links = strong_links(pos, d);
        for (i, &(a1, b1, h1)) in links.iter().enumerate() {
            for &(a2, b2, h2) in links.iter().skip(i + 1) {
                for (x, y) in [(a1, b1), (b1, a1)] {
                    for (z, w) in [(a2, b2), (b2, a2)] {
                        // Chain x = y - z = w.
                        let cells: CellSet = [x, y, z, w].into_iter().collect();
                        if cells.len() != 4 || !pos.sees(y, z) {
                            continue;
                        }
                        let targets = pos
                            .common_peers(CellSet::single(x) | CellSet::single(w))
                            .difference(cells);
                        if (targets & pos.cells_of(d)).is_empty() {
                            continue;
                        }
                        let technique = classify(pos, h1, h2, x, y, z, w);
                        let Some(technique) = technique else {
                            continue;
                        };
                        let mut s = Step::new(technique);
                        s.eliminations = elims_for(pos, d, targets);
                        s.pattern = pattern_of(pos, cells, DigitSet::single(d));
                        s.cells = cells;
                        s.houses = vec![h1, h2];
                        s.digits = DigitSet::single(d);
                        s.chain = Some(single_chain(d, &[x, y, z, w]));
                        if !out.iter().any(|o| {
                            o.technique == s.technique
                                && o.cells == s.cells
                                && o.eliminations == s.eliminations
                        }) {
                            out.push(s);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Names the chain `x = y - z = w` (strong links in `h1` and `h2`); `None` for the shapes that
/// are really X-Wings.
fn classify(
    pos: &Position,
    h1: House,
    h2: House,
    x: Cell,
    y: Cell,
    z: Cell,
    w: Cell,
) -> Option<Technique> {
    use HouseKind::*;
    match (h1.kind(), h2.kind()) {
        (Row, Row) | (Column, Column) => {
            let same_cross = |a: Cell, b: Cell| {
                if h1.kind() == Row {
                    a.col() == b.col()
                } else {
                    a.row() == b.row()
                }
            };
            if same_cross(y, z) {
                if same_cross(x, w) {
                    None
                } else {
                    Some(Technique::Skyscraper)
                }
            } else {
                Some(Technique::TurbotFish)
            }
        }
        (Row, Column) | (Column, Row) => {
            // The box joining the two links (a jigsaw's region plays its part).
            let bx = |c: Cell| pos.box_of(c);
            if bx(y) == bx(z) && bx(x) != bx(y) && bx(w) != bx(z) {
                Some(Technique::TwoStringKite)
            } else {
                Some(Technique::TurbotFish)
            }
        }
        _ => Some(Technique::TurbotFish),
    }
}

/// The chain `c0 = c1 - c2 = c3 ...` on one digit (strong links first).
pub(crate) fn single_chain(d: Digit, cells: &[Cell]) -> Chain {
    let mut links = Vec::new();
    for (k, pair) in cells.windows(2).enumerate() {
        let strong = k % 2 == 0;
        links.push(ChainLink {
            from: ChainNode {
                cells: CellSet::single(pair[0]),
                digit: d,
                on: !strong,
            },
            to: ChainNode {
                cells: CellSet::single(pair[1]),
                digit: d,
                on: strong,
            },
            kind: if strong {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            },
        });
    }
    Chain {
        branches: vec![links],
        is_loop: false,
    }
}

/// Empty rectangles: a box (or a jigsaw's region) whose candidates of a digit lie on one row
/// and one column through it, together with a conjugate pair outside the box. The argument
/// needs only the box, the row, the column and the pair's line, so it holds on every layout.
pub fn empty_rectangle(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for d in Digit::ALL {
        let links = strong_links(pos, d);
        for bx in pos.houses_of_kind(&[HouseKind::Box, HouseKind::Region]) {
            let cells = pos.cells_in(d, bx);
            if cells.len() < 2 {
                continue;
            }
            let inside = pos.house_cells(bx);
            // The rows and columns through the box (a jigsaw's region), in order: the box's
            // band and stack on the standard board.
            let meets = |h: &House| !(pos.house_cells(*h) & inside).is_empty();
            let rows: Vec<House> = (0..9).map(House::row).filter(meets).collect();
            let cols: Vec<House> = (0..9).map(House::column).filter(meets).collect();
            for &row_house in &rows {
                for &col_house in &cols {
                    let (r, c) = (row_house.number(), col_house.number());
                    let row = pos.house_cells(row_house);
                    let col = pos.house_cells(col_house);
                    if !cells.difference(row | col).is_empty()
                        || cells.difference(col).is_empty()
                        || cells.difference(row).is_empty()
                    {
                        continue;
                    }
                    for &(p1, p2, h) in &links {
                        for (p, q) in [(p1, p2), (p2, p1)] {
                            // Conjugate pair in a column: p on the ER's row, target (q.row, c).
                            // In a row: p on the ER's column, target (r, q.col). Both p and the
                            // target lie outside the box (p off the ER's other line).
                            let target = match h.kind() {
                                HouseKind::Column
                                    if p.row() == r && p.col() != c && !inside.contains(p) =>
                                {
                                    Cell::at(q.row(), c)
                                }
                                HouseKind::Row
                                    if p.col() == c && p.row() != r && !inside.contains(p) =>
                                {
                                    Cell::at(r, q.col())
                                }
                                _ => continue,
                            };
                            if inside.contains(target) {
                                continue;
                            }
                            if !pos.has(target, d) {
                                continue;
                            }
                            let mut s = Step::new(Technique::EmptyRectangle);
                            s.eliminations = elims_for(pos, d, CellSet::single(target));
                            let link_cells = CellSet::single(p) | CellSet::single(q);
                            s.pattern = pattern_of(pos, cells, DigitSet::single(d));
                            s.secondary = pattern_of(pos, link_cells, DigitSet::single(d));
                            s.cells = cells | link_cells;
                            s.houses = vec![bx, h];
                            s.cover_houses = vec![row_house, col_house];
                            s.digits = DigitSet::single(d);
                            if !out.iter().any(|o: &Step| {
                                o.eliminations == s.eliminations && o.cells == s.cells
                            }) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
