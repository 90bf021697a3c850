//! Colouring: simple colours (trap and wrap) and multi-colours.
//!
//! The conjugate pairs of a digit form a graph; each connected part can be coloured with two
//! colours so that linked cells differ, and exactly one colour of each part is true.

use nonet_core::{CellSet, Digit, DigitSet};

use super::single_digit::strong_links;
use super::{elims_for, pattern_of};
use crate::position::Position;
use crate::step::Step;
use crate::technique::Technique;

/// One coloured cluster: the two colour classes.
struct Cluster {
    colors: [CellSet; 2],
}

/// The clusters of `d` (each with at least two cells).
fn clusters(pos: &Position, d: Digit) -> Vec<Cluster> {
    let links = strong_links(pos, d);
    let mut adj: Vec<CellSet> = vec![CellSet::EMPTY; 81];
    let mut linked = CellSet::EMPTY;
    for &(a, b, _) in &links {
        adj[a.index()].insert(b);
        adj[b.index()].insert(a);
        linked.insert(a);
        linked.insert(b);
    }
    let mut done = CellSet::EMPTY;
    let mut out = Vec::new();
    for start in linked {
        if done.contains(start) {
            continue;
        }
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut stack = vec![(start, 0usize)];
        done.insert(start);
        while let Some((c, k)) = stack.pop() {
            for n in adj[c.index()] {
                if !done.contains(n) {
                    done.insert(n);
                    colors[1 - k].insert(n);
                    stack.push((n, 1 - k));
                }
            }
        }
        out.push(Cluster { colors });
    }
    out
}

/// Whether some two cells of `set` share a house.
fn self_sees(pos: &Position, set: CellSet) -> bool {
    set.iter().any(|c| !(pos.peers(c) & set).is_empty())
}

/// Cells that see at least one cell of `set`.
fn seen_by_any(pos: &Position, set: CellSet) -> CellSet {
    set.iter().fold(CellSet::EMPTY, |acc, c| acc | pos.peers(c))
}

/// Simple colours on every digit: a colour that sees itself is false (wrap); a cell seeing both
/// colours loses the digit (trap).
pub fn simple_colors(pos: &Position) -> Vec<Step> {
    let mut out = Vec::new();
    for d in Digit::ALL {
        for cl in clusters(pos, d) {
            let all = cl.colors[0] | cl.colors[1];
            for k in 0..2 {
                if self_sees(pos, cl.colors[k]) {
                    let mut s = base_step(pos, Technique::SimpleColorsWrap, d, &cl);
                    s.eliminations = elims_for(pos, d, cl.colors[k]);
                    out.push(s);
                }
            }
            let targets =
                (seen_by_any(pos, cl.colors[0]) & seen_by_any(pos, cl.colors[1])).difference(all);
            let elims = elims_for(pos, d, targets);
            if !elims.is_empty() && all.len() > 2 {
                let mut s = base_step(pos, Technique::SimpleColorsTrap, d, &cl);
                s.eliminations = elims;
                out.push(s);
            }
        }
    }
    out
}

fn base_step(pos: &Position, t: Technique, d: Digit, cl: &Cluster) -> Step {
    let ds = DigitSet::single(d);
    let mut s = Step::new(t);
    s.pattern = pattern_of(pos, cl.colors[0], ds);
    s.secondary = pattern_of(pos, cl.colors[1], ds);
    s.cells = cl.colors[0] | cl.colors[1];
    s.digits = ds;
    s
}

/// Multi-colours on every digit: two clusters where a colour of one sees a colour of the other.
pub fn multi_colors(pos: &Position) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for d in Digit::ALL {
        let cls = clusters(pos, d);
        for (i, a) in cls.iter().enumerate() {
            for (j, b) in cls.iter().enumerate() {
                if i == j {
                    continue;
                }
                let all = a.colors[0] | a.colors[1] | b.colors[0] | b.colors[1];
                for ka in 0..2 {
                    let sa = seen_by_any(pos, a.colors[ka]);
                    // Type 1: a colour seeing both colours of another cluster is false.
                    if !(sa & b.colors[0]).is_empty() && !(sa & b.colors[1]).is_empty() {
                        let mut s = pair_step(pos, d, a, b);
                        s.eliminations = elims_for(pos, d, a.colors[ka]);
                        push_unique(&mut out, s);
                    }
                    if i > j {
                        continue;
                    }
                    // Type 2: colours a and b see each other, so a' or b' is true.
                    for kb in 0..2 {
                        if (sa & b.colors[kb]).is_empty() {
                            continue;
                        }
                        let targets = (seen_by_any(pos, a.colors[1 - ka])
                            & seen_by_any(pos, b.colors[1 - kb]))
                        .difference(all);
                        let elims = elims_for(pos, d, targets);
                        if elims.is_empty() {
                            continue;
                        }
                        let mut s = pair_step(pos, d, a, b);
                        s.eliminations = elims;
                        push_unique(&mut out, s);
                    }
                }
            }
        }
    }
    out
}

fn pair_step(pos: &Position, d: Digit, a: &Cluster, b: &Cluster) -> Step {
    let ds = DigitSet::single(d);
    let mut s = Step::new(Technique::MultiColors);
    s.pattern = pattern_of(pos, a.colors[0] | b.colors[0], ds);
    s.secondary = pattern_of(pos, a.colors[1] | b.colors[1], ds);
    s.cells = a.colors[0] | a.colors[1] | b.colors[0] | b.colors[1];
    s.digits = ds;
    s
}

fn push_unique(out: &mut Vec<Step>, s: Step) {
    if !out
        .iter()
        .any(|o| o.eliminations == s.eliminations && o.cells == s.cells)
    {
        out.push(s);
    }
}
