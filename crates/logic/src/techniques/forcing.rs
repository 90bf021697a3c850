//! Contradiction forcing chains on any layout: the teacher's last logical resort on a variant,
//! where Sudoku Explainer's chaining engine (`crate::chains`, standard houses only) does not
//! run.
//!
//! Assume a candidate true and follow what it forces, on the position's own houses: a true
//! candidate turns off the digit in its peers and the cell's other digits (weak links); a
//! false one turns on the cell's last remaining digit (naked single) or the digit's last
//! remaining place in one of the cell's houses (hidden single), the dynamic rules. When some
//! candidate comes out both true and false, the assumption was false. Every step of the
//! propagation follows from the rules of the layout, so the elimination is sound; the two
//! branches the step shows follow each fact's first cause (a naked or hidden single also rests
//! on earlier "off"s that a list of links cannot show, as in SE's dynamic chains).
//!
//! Of all the contradictions, the step takes the one with the fewest links in its two branches
//! (the first such in cell, then digit order).

use std::collections::VecDeque;

use nonet_core::{Cell, CellSet, Digit, DigitSet};

use crate::chains::length_bonus;
use crate::position::Position;
use crate::step::{Candidate, Chain, ChainLink, ChainNode, LinkKind, Step};
use crate::technique::Technique;

/// A fact: candidate `(cell, digit)` is on or off, as one index (`(cell * 9 + digit) * 2 + on`).
type Fact = u16;

const NO_FACT: Fact = Fact::MAX;

fn fact(cell: Cell, d: Digit, on: bool) -> Fact {
    ((cell.index() * 9 + d.index()) * 2 + usize::from(on)) as Fact
}

fn parts(f: Fact) -> (Cell, Digit, bool) {
    let f = usize::from(f);
    let cand = f / 2;
    let d = Digit::new((cand % 9 + 1) as u8).expect("a digit 1-9");
    (Cell::from_index(cand / 9), d, f % 2 == 1)
}

/// The facts derived from one assumption, each with the fact that first caused it.
struct Propagation<'p, 'a> {
    pos: &'p Position<'a>,
    /// `NO_FACT` for a fact not derived; the assumption is its own cause.
    cause: Vec<Fact>,
    /// Links from the assumption to each derived fact (by first causes).
    depth: Vec<u16>,
    /// Per digit, the cells where it is off.
    off: [CellSet; 9],
    queue: VecDeque<Fact>,
    derived: Vec<Fact>,
}

impl<'p, 'a> Propagation<'p, 'a> {
    fn new(pos: &'p Position<'a>) -> Self {
        Propagation {
            pos,
            cause: vec![NO_FACT; 81 * 9 * 2],
            depth: vec![0; 81 * 9 * 2],
            off: [CellSet::EMPTY; 9],
            queue: VecDeque::new(),
            derived: Vec::new(),
        }
    }

    /// Assumes `(cell, d)` true and propagates; the two facts that clash, if any, unless
    /// their branches would have `limit` links or more (a shorter contradiction is known).
    fn run(&mut self, cell: Cell, d: Digit, limit: usize) -> Option<(Fact, Fact)> {
        self.cause.fill(NO_FACT);
        self.off = [CellSet::EMPTY; 9];
        self.queue.clear();
        let start = fact(cell, d, true);
        self.cause[usize::from(start)] = start;
        self.depth[usize::from(start)] = 0;
        self.queue.push_back(start);
        while let Some(f) = self.queue.pop_front() {
            let depth = self.depth[usize::from(f)] + 1;
            // Breadth first: every later clash has a branch of `depth` links at least.
            if usize::from(depth) >= limit {
                return None;
            }
            let (c, d, on) = parts(f);
            self.derived.clear();
            if on {
                for p in self.pos.peers(c) & self.pos.cells_of(d) {
                    self.derived.push(fact(p, d, false));
                }
                for e in self.pos.cands(c) {
                    if e != d {
                        self.derived.push(fact(c, e, false));
                    }
                }
            } else {
                if let Some(y) = self.remaining(c).single_digit() {
                    self.derived.push(fact(c, y, true));
                }
                for &h in self.pos.layout().all_houses_of(c) {
                    let places = self.pos.cells_in(d, h).difference(self.off[d.index()]);
                    if places.len() == 1 {
                        self.derived
                            .push(fact(places.first().expect("one"), d, true));
                    }
                }
            }
            for i in 0..self.derived.len() {
                let g = self.derived[i];
                if self.cause[usize::from(g)] != NO_FACT {
                    continue;
                }
                self.cause[usize::from(g)] = f;
                self.depth[usize::from(g)] = depth;
                if self.cause[usize::from(g ^ 1)] != NO_FACT {
                    let links = usize::from(depth) + usize::from(self.depth[usize::from(g ^ 1)]);
                    if links < limit {
                        return Some((g, g ^ 1));
                    }
                    continue;
                }
                let (gc, gd, gon) = parts(g);
                if !gon {
                    self.off[gd.index()].insert(gc);
                }
                self.queue.push_back(g);
            }
        }
        None
    }

    /// The digits of `cell` not yet off.
    fn remaining(&self, cell: Cell) -> DigitSet {
        self.pos
            .cands(cell)
            .iter()
            .filter(|d| !self.off[d.index()].contains(cell))
            .collect()
    }

    /// The links from the assumption to `f`, following first causes.
    fn branch(&self, f: Fact) -> Vec<ChainLink> {
        let mut facts = vec![f];
        let mut cur = f;
        while self.cause[usize::from(cur)] != cur {
            cur = self.cause[usize::from(cur)];
            facts.push(cur);
        }
        facts.reverse();
        facts
            .windows(2)
            .map(|w| {
                let to = node(w[1]);
                ChainLink {
                    from: node(w[0]),
                    kind: if to.on {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    },
                    to,
                }
            })
            .collect()
    }
}

fn node(f: Fact) -> ChainNode {
    let (cell, digit, on) = parts(f);
    ChainNode {
        cells: CellSet::single(cell),
        digit,
        on,
    }
}

/// The contradiction forcing chain with the fewest links, if some candidate leads to one.
pub fn contradiction_chain(pos: &Position) -> Option<Step> {
    let mut best: Option<(usize, Step)> = None;
    let mut prop = Propagation::new(pos);
    for cell in pos.empty_cells() {
        for d in pos.cands(cell) {
            let limit = best.as_ref().map_or(usize::MAX, |(n, _)| *n);
            let Some((a, b)) = prop.run(cell, d, limit) else {
                continue;
            };
            // The "on" branch first, as SE writes a contradiction.
            let (on, off) = if a & 1 == 1 { (a, b) } else { (b, a) };
            let branches = vec![prop.branch(on), prop.branch(off)];
            let links: usize = branches.iter().map(Vec::len).sum();
            if best.as_ref().is_some_and(|(n, _)| *n <= links) {
                continue;
            }
            let mut s = Step::new(Technique::ContradictionForcingChain);
            s.eliminations.insert(Candidate::new(cell, d));
            s.pattern.push(Candidate::new(cell, d));
            let (x, xd, _) = parts(on);
            s.secondary.push(Candidate::new(x, xd));
            s.cells = CellSet::single(cell) | CellSet::single(x);
            s.digits = DigitSet::single(d) | DigitSet::single(xd);
            s.difficulty = Technique::ContradictionForcingChain
                .se_base()
                .map(|base| base + length_bonus(links as u32));
            s.chain = Some(Chain {
                branches,
                is_loop: false,
            });
            best = Some((links, s));
        }
    }
    best.map(|(_, s)| s)
}
