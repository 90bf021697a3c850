//! Wings: XY-Wing, XYZ-Wing and W-Wing.

use nonet_core::{CellSet, Digit, DigitSet};

use super::single_digit::strong_links;
use super::{elims_for, pattern_of};
use crate::position::Position;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// A bivalue pivot `xy` seeing pincers `xz` and `yz`: `z` leaves every cell seeing both pincers.
pub fn xy_wing(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    let bivalue = pos.bivalue_cells();
    for p in bivalue {
        let pc = pos.cands(p);
        let wings: Vec<_> = (pos.peers(p) & bivalue)
            .iter()
            .filter(|&q| (pos.cands(q) & pc).len() == 1)
            .collect();
        for (i, &q1) in wings.iter().enumerate() {
            for &q2 in &wings[i + 1..] {
                let (c1, c2) = (pos.cands(q1), pos.cands(q2));
                let z1 = c1.difference(pc);
                if z1 != c2.difference(pc) || (c1 & pc) == (c2 & pc) {
                    continue;
                }
                let z = z1.single_digit().expect("one extra digit");
                let targets = pos
                    .common_peers(CellSet::single(q1) | CellSet::single(q2))
                    .difference(CellSet::single(p));
                let elims = elims_for(pos, z, targets);
                if elims.is_empty() {
                    continue;
                }
                let cells = CellSet::single(p) | CellSet::single(q1) | CellSet::single(q2);
                let mut s = Step::new(Technique::XYWing);
                s.eliminations = elims;
                s.pattern = pattern_of(pos, cells, DigitSet::ALL);
                s.secondary = pattern_of(pos, CellSet::single(p), DigitSet::ALL);
                s.cells = cells;
                s.digits = pc | c1 | c2;
                out.push(s);
            }
        }
    }
    out
}

/// A pivot `xyz` seeing pincers `xz` and `yz`: `z` leaves every cell seeing all three.
pub fn xyz_wing(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    let bivalue = pos.bivalue_cells();
    for p in pos.empty_cells() {
        let pc = pos.cands(p);
        if pc.len() != 3 {
            continue;
        }
        let wings: Vec<_> = (pos.peers(p) & bivalue)
            .iter()
            .filter(|&q| pos.cands(q).difference(pc).is_empty())
            .collect();
        for (i, &q1) in wings.iter().enumerate() {
            for &q2 in &wings[i + 1..] {
                let (c1, c2) = (pos.cands(q1), pos.cands(q2));
                if c1 == c2 {
                    continue;
                }
                let z = (c1 & c2)
                    .single_digit()
                    .expect("two different pairs of three digits");
                let cells = CellSet::single(p) | CellSet::single(q1) | CellSet::single(q2);
                let targets = pos.common_peers(cells);
                let elims = elims_for(pos, z, targets);
                if elims.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::XYZWing);
                s.eliminations = elims;
                s.pattern = pattern_of(pos, cells, DigitSet::ALL);
                s.secondary = pattern_of(pos, CellSet::single(p), DigitSet::ALL);
                s.cells = cells;
                s.digits = pc;
                out.push(s);
            }
        }
    }
    out
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
