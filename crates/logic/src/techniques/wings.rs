//! Wings: XY-Wing, XYZ-Wing and W-Wing.
//!
//! [`xy_wings`] is the one search for XY- and XYZ-Wings and [`wing_step`] the one place their
//! steps are built: the teacher's finders here and Sudoku Explainer's producer
//! (`crate::se::basic`) both run them. What differs is data, the [`Pincers`] walk: SE tries
//! every ordered pair of a pivot's peers in its peer order (block, row, column), the teacher
//! each pair once in cell order.

use nonet_core::{CellSet, Digit, DigitSet};

use super::single_digit::strong_links;
use super::{elims_for, pattern_of};
use crate::board::{bits, pop9, Board};
use crate::position::Position;
use crate::se::grid::Geometry;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// A bivalue pivot `xy` seeing pincers `xz` and `yz`: `z` leaves every cell seeing both pincers.
pub fn xy_wing(pos: &Position) -> Vec<Step> {
    wings(pos, false)
}

/// A pivot `xyz` seeing pincers `xz` and `yz`: `z` leaves every cell seeing all three.
pub fn xyz_wing(pos: &Position) -> Vec<Step> {
    wings(pos, true)
}

/// Every XY-Wing (`xyz` false) or XYZ-Wing, pivots in cell order, each pair of pincers once.
fn wings(pos: &Position, xyz: bool) -> Vec<Step> {
    let mut out = Vec::new();
    xy_wings(
        pos.board(),
        pos.geo(),
        xyz,
        Pincers::Ascending,
        |cells, z, elim| {
            let mut s = super::with_pattern(pos, wing_step(pos.board(), xyz, cells, z, elim));
            s.secondary = pattern_of(pos, CellSet::from_bits(1 << cells[0]), DigitSet::ALL);
            out.push(s);
            false
        },
    );
    out
}

/// How [`xy_wings`] pairs the pincers of a pivot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Pincers {
    /// Every ordered pair of the pivot's peers, in SE's peer order (block, row, column, then
    /// the extra houses): SE's.
    Ordered,
    /// Each unordered pair once, the pincers in cell order: the teacher's.
    Ascending,
}

/// The XY-Wings (`xyz` false: a pivot with two candidates) or XYZ-Wings (three), pivots in
/// cell order, pincers as `pincers` says: `found([pivot, xz, yz], z, elim)` is told of each
/// wing with an elimination, the digit index `z` and `elim` its candidates the wing removes,
/// and returns `true` to stop the search, which then returns `true`.
#[inline]
pub(crate) fn xy_wings(
    board: &Board,
    geo: &Geometry,
    xyz: bool,
    pincers: Pincers,
    mut found: impl FnMut([usize; 3], usize, u128) -> bool,
) -> bool {
    let want = if xyz { 3 } else { 2 };
    let mut ascending = [0u8; 80];
    for pivot in 0..81 {
        let pc = board.cands[pivot];
        if pop9(pc) != want {
            continue;
        }
        let peers = match pincers {
            Pincers::Ordered => geo.peers(pivot),
            Pincers::Ascending => {
                let mut n = 0;
                for c in bits(geo.peer_mask[pivot]) {
                    ascending[n] = c as u8;
                    n += 1;
                }
                &ascending[..n]
            }
        };
        for (i, &xz) in peers.iter().enumerate() {
            let xz = xz as usize;
            let xc = board.cands[xz];
            if pop9(xc) != 2 || pop9(pc & !xc) != 1 {
                continue;
            }
            let others = match pincers {
                Pincers::Ordered => peers,
                Pincers::Ascending => &peers[i + 1..],
            };
            for &yz in others {
                let yz = yz as usize;
                let yc = board.cands[yz];
                if pop9(yc) != 2 {
                    continue;
                }
                let union = pc | xc | yc;
                let inter = pc & xc & yc;
                if pop9(union) != 3 {
                    continue;
                }
                if xyz {
                    if pop9(inter) != 1 {
                        continue;
                    }
                } else if inter != 0 {
                    continue;
                }
                let zm = xc & yc;
                if pop9(zm) != 1 {
                    continue;
                }
                let z = zm.trailing_zeros() as usize;
                let mut victims = geo.peer_mask[xz] & geo.peer_mask[yz];
                if xyz {
                    victims &= geo.peer_mask[pivot];
                }
                victims &= !((1u128 << pivot) | (1u128 << xz) | (1u128 << yz));
                let elim = victims & board.pos[z];
                if elim != 0 && found([pivot, xz, yz], z, elim) {
                    return true;
                }
            }
        }
    }
    false
}

/// The step of the XY-Wing (`xyz` false) or XYZ-Wing of `cells` (pivot, then pincers)
/// removing `elim`, candidates of digit index `z`. Without its pattern's candidates or a
/// difficulty.
pub(crate) fn wing_step(board: &Board, xyz: bool, cells: [usize; 3], z: usize, elim: u128) -> Step {
    let mut s = Step::new(if xyz {
        Technique::XYZWing
    } else {
        Technique::XYWing
    });
    s.eliminations.set_mask(z, elim);
    let digits = cells.iter().fold(0, |m, &c| m | board.cands[c]);
    s.digits = DigitSet::from_bits(digits);
    s.cells = CellSet::from_bits(cells.iter().fold(0, |m, &c| m | 1u128 << c));
    s
}

/// Two bivalue cells `xy` joined by a strong link on `x`: `y` leaves every cell seeing both.
pub fn w_wing(pos: &Position) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let bivalue: Vec<_> = pos.bivalue_cells().iter().collect();
    let links: Vec<Vec<_>> = Digit::ALL.iter().map(|&d| strong_links(pos, d)).collect();
    for (i, &c1) in bivalue.iter().enumerate() {
        for &c2 in &bivalue[i + 1..] {
            let pair = pos.cands(c1);
            if pos.cands(c2) != pair || pos.sees(c1, c2) {
                continue;
            }
            for x in pair {
                let y = pair.difference(DigitSet::single(x)).first().expect("pair");
                let ends = CellSet::single(c1) | CellSet::single(c2);
                let targets = pos.common_peers(ends);
                let elims = elims_for(pos, y, targets);
                if elims.is_empty() {
                    continue;
                }
                for &(a, b, h) in &links[x.index()] {
                    for (p, q) in [(a, b), (b, a)] {
                        if ends.contains(p)
                            || ends.contains(q)
                            || !pos.sees(p, c1)
                            || !pos.sees(q, c2)
                        {
                            continue;
                        }
                        let mut s = Step::new(Technique::WWing);
                        s.eliminations = elims;
                        s.pattern = pattern_of(pos, ends, pair);
                        s.secondary = vec![Candidate::new(p, x), Candidate::new(q, x)];
                        s.cells = ends | CellSet::single(p) | CellSet::single(q);
                        s.houses = vec![h];
                        s.digits = pair;
                        if !out
                            .iter()
                            .any(|o| o.cells == s.cells && o.eliminations == s.eliminations)
                        {
                            out.push(s);
                        }
                    }
                }
            }
        }
    }
    out
}
