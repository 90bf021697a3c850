//! Chains and loops: X-Chain, XY-Chain, remote pair, X- and Y-cycles, alternating inference
//! chains (AIC) and nice loops, with grouped nodes.
//!
//! One engine serves them all. A node is a candidate, or a group: the cells where two houses
//! meet (on the standard board a box and a line) that hold a digit. A strong link (if one end is false the other is true) joins
//! the two places of a digit in a house, or the two digits of a bivalue cell; a weak link (if
//! one end is true the other is false) joins nodes that see each other with the same digit, or
//! two digits of one cell. A breadth-first search from each node `s`, assumed false, alternates
//! strong and weak links; every node `t` it reaches as true gives "s or t is true", so any
//! candidate that conflicts with both is false. Reaching `s` itself as true places it
//! (a discontinuous nice loop); reaching a node that conflicts with `s` closes a continuous
//! loop, where every weak link becomes strong. Each implication is valid on its own, so every
//! conclusion is sound; breadth-first order finds the shortest chain for each pair.
//!
//! Which links are allowed depends on the technique asked for: one digit (X-Chain, X-Cycle),
//! bivalue cells (XY-Chain, Y-Cycle, remote pair), everything (AIC, nice loop), everything plus
//! groups (grouped AIC and nice loop).

use std::collections::HashMap;

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use crate::position::Position;
use crate::step::{Candidate, Chain, ChainLink, ChainNode, LinkKind, Step};
use crate::technique::Technique;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One digit, candidates only.
    X,
    /// Bivalue cells for strong links, same digit for weak links.
    Y,
    /// All links, candidates only.
    Full,
    /// All links and grouped nodes.
    Grouped,
}

#[derive(Clone, Copy)]
struct Node {
    cells: CellSet,
    digit: Digit,
}

impl Node {
    fn single(&self) -> Option<Cell> {
        if self.cells.len() == 1 {
            self.cells.first()
        } else {
            None
        }
    }
}

struct Graph {
    nodes: Vec<Node>,
    strong: Vec<Vec<u32>>,
    weak: Vec<Vec<u32>>,
    /// The cells seeing every cell of each node.
    sees_all: Vec<CellSet>,
}

impl Graph {
    fn build(pos: &Position, mode: Mode, only_digit: Option<Digit>) -> Graph {
        let mut nodes = Vec::new();
        let mut index: HashMap<(u128, u8), u32> = HashMap::new();
        let mut add = |nodes: &mut Vec<Node>, cells: CellSet, d: Digit| -> u32 {
            *index.entry((cells.bits(), d.get())).or_insert_with(|| {
                nodes.push(Node { cells, digit: d });
                (nodes.len() - 1) as u32
            })
        };
        let digits: Vec<Digit> = match only_digit {
            Some(d) => vec![d],
            None => Digit::ALL.to_vec(),
        };
        for c in pos.empty_cells() {
            for d in pos.cands(c) {
                if digits.contains(&d) {
                    add(&mut nodes, CellSet::single(c), d);
                }
            }
        }
        if mode == Mode::Grouped {
            // Groups: where two houses meet in two cells or more (a box and a row or column
            // on the standard board; also a region and a line, a diagonal or window and a
            // box...), each pair once, the later house first, as `intersections` pairs them.
            let houses: Vec<House> = pos.houses().collect();
            for (i, &a) in houses.iter().enumerate() {
                for &b in &houses[..i] {
                    let meet = pos.house_cells(a) & pos.house_cells(b);
                    if meet.len() < 2 {
                        continue;
                    }
                    for &d in &digits {
                        let g = pos.cells_of(d) & meet;
                        if g.len() >= 2 {
                            add(&mut nodes, g, d);
                        }
                    }
                }
            }
        }
        let n = nodes.len();
        let mut strong = vec![Vec::new(); n];
        let mut weak = vec![Vec::new(); n];
        let lookup = |cells: CellSet, d: Digit| index.get(&(cells.bits(), d.get())).copied();
        let link = |v: &mut Vec<Vec<u32>>, a: u32, b: u32| {
            if !v[a as usize].contains(&b) {
                v[a as usize].push(b);
            }
            if !v[b as usize].contains(&a) {
                v[b as usize].push(a);
            }
        };
        // Strong links in houses.
        if mode != Mode::Y {
            for h in pos.houses() {
                for &d in &digits {
                    let cells = pos.cells_in(d, h);
                    for (p, q) in house_partitions(pos, h, cells, mode == Mode::Grouped) {
                        if let (Some(a), Some(b)) = (lookup(p, d), lookup(q, d)) {
                            link(&mut strong, a, b);
                        }
                    }
                }
            }
        }
        // Strong links in bivalue cells.
        if mode != Mode::X {
            for c in pos.bivalue_cells() {
                let mut it = pos.cands(c).iter();
                let (x, y) = (it.next().expect("two"), it.next().expect("two"));
                if let (Some(a), Some(b)) =
                    (lookup(CellSet::single(c), x), lookup(CellSet::single(c), y))
                {
                    link(&mut strong, a, b);
                }
            }
        }
        let sees_all: Vec<CellSet> = nodes.iter().map(|nd| pos.common_peers(nd.cells)).collect();
        // Weak links: same digit, seeing each other.
        let mut by_digit: Vec<Vec<u32>> = vec![Vec::new(); 9];
        for (i, nd) in nodes.iter().enumerate() {
            by_digit[nd.digit.index()].push(i as u32);
        }
        for list in &by_digit {
            for (k, &a) in list.iter().enumerate() {
                for &b in &list[k + 1..] {
                    let (na, nb) = (nodes[a as usize], nodes[b as usize]);
                    if (na.cells & nb.cells).is_empty()
                        && nb.cells.difference(sees_all[a as usize]).is_empty()
                    {
                        weak[a as usize].push(b);
                        weak[b as usize].push(a);
                    }
                }
            }
        }
        // Weak links: two digits of one cell.
        if mode == Mode::Full || mode == Mode::Grouped {
            for c in pos.empty_cells() {
                let ids: Vec<u32> = pos
                    .cands(c)
                    .iter()
                    .filter_map(|d| lookup(CellSet::single(c), d))
                    .collect();
                for (k, &a) in ids.iter().enumerate() {
                    for &b in &ids[k + 1..] {
                        weak[a as usize].push(b);
                        weak[b as usize].push(a);
                    }
                }
            }
        }
        Graph {
            nodes,
            strong,
            weak,
            sees_all,
        }
    }

    /// Whether candidate `e` can't be true together with node `n` (and is not part of it).
    fn conflicts(&self, n: usize, e: Candidate) -> bool {
        let nd = self.nodes[n];
        if nd.digit == e.digit {
            !nd.cells.contains(e.cell) && self.sees_all[n].contains(e.cell)
        } else {
            nd.single() == Some(e.cell)
        }
    }

    /// Candidates conflicting with both nodes.
    fn common_victims(&self, pos: &Position, a: usize, b: usize) -> Vec<Candidate> {
        let na = self.nodes[a];
        let mut pool: Vec<Candidate> = (self.sees_all[a] & pos.cells_of(na.digit))
            .iter()
            .map(|c| Candidate::new(c, na.digit))
            .collect();
        if let Some(c) = na.single() {
            for d in pos.cands(c) {
                if d != na.digit {
                    pool.push(Candidate::new(c, d));
                }
            }
        }
        pool.retain(|&e| self.conflicts(b, e) && self.conflicts(a, e));
        pool
    }
}

/// The ways the candidates `cells` of one digit in house `h` split into exactly two nodes:
/// two cells, or (grouped) the part in another house through the first cell and the rest,
/// when the rest lies in one house of that same kind (on the standard board: a box split by
/// a row or by a column, a line by a box).
fn house_partitions(
    pos: &Position,
    h: House,
    cells: CellSet,
    grouped: bool,
) -> Vec<(CellSet, CellSet)> {
    let mut v = Vec::new();
    if cells.len() < 2 {
        return v;
    }
    if cells.len() == 2 {
        let mut it = cells.iter();
        v.push((
            CellSet::single(it.next().expect("two")),
            CellSet::single(it.next().expect("two")),
        ));
        return v;
    }
    if !grouped {
        return v;
    }
    let first = cells.first().expect("non-empty");
    let layout = pos.layout();
    for &g in layout.all_houses_of(first) {
        // A line is split by a box (region, diagonal, window), a box by a line: never by
        // another house of its own kind's pair (a row by a column meets it in one cell).
        if g == h || !splits(h, g) {
            continue;
        }
        let p = cells & pos.house_cells(g);
        let q = cells.difference(p);
        let Some(q0) = q.first() else {
            continue;
        };
        let rest_in_one = layout
            .all_houses_of(q0)
            .iter()
            .any(|&g2| g2.kind() == g.kind() && q.difference(pos.house_cells(g2)).is_empty());
        if rest_in_one {
            v.push((p, q));
        }
    }
    v
}

/// Whether house `g` may split the candidates of house `h` into groups: a line by any other
/// kind of house, any other house by a line; on the variants also a diagonal or window by a
/// box or region and the reverse.
fn splits(h: House, g: House) -> bool {
    use nonet_core::HouseKind::*;
    let line = |k| matches!(k, Row | Column);
    match (line(h.kind()), line(g.kind())) {
        (true, true) => false,
        (false, false) => h.kind() != g.kind(),
        _ => true,
    }
}

/// One conclusion of the search before it becomes a step.
struct Found {
    states: Vec<u32>,
    eliminations: Vec<Candidate>,
    placement: Option<Candidate>,
    is_loop: bool,
}

/// Every chain or loop of the family of `technique` (see the module documentation).
pub fn find(pos: &Position, technique: Technique) -> Vec<Step> {
    finish(find_all(pos, technique), technique)
}

/// Every chain or loop the search for `technique` finds, whatever technique each turns out
/// to be (an X-Chain search also finds X-Cycles, an AIC search nice loops).
pub fn find_all(pos: &Position, technique: Technique) -> Vec<Step> {
    use Technique::*;
    let mode = match technique {
        XChain | XCycle => Mode::X,
        XYChain | YCycle | RemotePair => Mode::Y,
        GroupedAic | GroupedNiceLoop => Mode::Grouped,
        _ => Mode::Full,
    };
    let mut steps = Vec::new();
    if mode == Mode::X {
        for d in Digit::ALL {
            let g = Graph::build(pos, mode, Some(d));
            let mut found = Vec::new();
            search(pos, &g, &mut found);
            steps.extend(to_steps(pos, &g, found, mode, technique));
        }
    } else {
        let g = Graph::build(pos, mode, None);
        let mut found = Vec::new();
        search(pos, &g, &mut found);
        steps = to_steps(pos, &g, found, mode, technique);
    }
    steps
}

fn finish(mut steps: Vec<Step>, technique: Technique) -> Vec<Step> {
    steps.retain(|s| s.technique == technique);
    steps
}

fn search(pos: &Position, g: &Graph, out: &mut Vec<(Found, usize)>) {
    let n = g.nodes.len();
    let mut parent = vec![u32::MAX; 2 * n];
    let mut queue = Vec::with_capacity(2 * n);
    // Per start, the best (shortest) conclusion for each elimination set.
    for s in 0..n {
        parent.iter_mut().for_each(|p| *p = u32::MAX);
        queue.clear();
        let start = (2 * s) as u32; // state = node * 2 + on
        parent[start as usize] = start;
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let st = queue[head];
            head += 1;
            let node = (st / 2) as usize;
            let on = st % 2 == 1;
            let next: &[u32] = if on { &g.weak[node] } else { &g.strong[node] };
            for &m in next {
                let ns = m * 2 + u32::from(!on);
                if parent[ns as usize] != u32::MAX {
                    continue;
                }
                parent[ns as usize] = st;
                queue.push(ns);
                if on {
                    continue;
                }
                // Reached node m as true.
                let t = m as usize;
                if t == s {
                    let states = path(&parent, start, ns);
                    if let Some(c) = g.nodes[s].single() {
                        out.push((
                            Found {
                                states,
                                eliminations: Vec::new(),
                                placement: Some(Candidate::new(c, g.nodes[s].digit)),
                                is_loop: true,
                            },
                            s,
                        ));
                    }
                    continue;
                }
                if t < s {
                    // The pair (t, s) is found from t's search as well; keep one.
                    continue;
                }
                let mut elims = g.common_victims(pos, s, t);
                let closes = g.weak[t].contains(&(s as u32));
                if elims.is_empty() && !closes {
                    continue;
                }
                let states = path(&parent, start, ns);
                if !elims.is_empty() {
                    elims.sort();
                    elims.dedup();
                    out.push((
                        Found {
                            states: states.clone(),
                            eliminations: elims.clone(),
                            placement: None,
                            is_loop: false,
                        },
                        s,
                    ));
                }
                if closes {
                    // Continuous loop: every weak link becomes strong.
                    let mut ids: Vec<usize> = states.iter().map(|&x| (x / 2) as usize).collect();
                    ids.push(s);
                    for w in states.windows(2) {
                        if w[0] % 2 == 1 {
                            let (u, v) = ((w[0] / 2) as usize, (w[1] / 2) as usize);
                            elims.extend(g.common_victims(pos, u, v));
                        }
                    }
                    elims.extend(g.common_victims(pos, t, s));
                    // Candidates of the loop itself are never victims.
                    elims.retain(|e| {
                        !ids.iter().any(|&i| {
                            g.nodes[i].digit == e.digit && g.nodes[i].cells.contains(e.cell)
                        })
                    });
                    elims.sort();
                    elims.dedup();
                    if !elims.is_empty() {
                        out.push((
                            Found {
                                states,
                                eliminations: elims,
                                placement: None,
                                is_loop: true,
                            },
                            s,
                        ));
                    }
                }
            }
        }
    }
}

fn path(parent: &[u32], start: u32, end: u32) -> Vec<u32> {
    let mut v = vec![end];
    let mut cur = end;
    while cur != start {
        cur = parent[cur as usize];
        v.push(cur);
    }
    v.reverse();
    v
}

fn to_steps(
    pos: &Position,
    g: &Graph,
    mut found: Vec<(Found, usize)>,
    mode: Mode,
    asked: Technique,
) -> Vec<Step> {
    found.sort_by_key(|f| f.0.states.len());
    let mut seen: Vec<(Vec<Candidate>, Option<Candidate>)> = Vec::new();
    let mut steps = Vec::new();
    for (f, _) in found {
        let key = (f.eliminations.clone(), f.placement);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let ids: Vec<usize> = f.states.iter().map(|&x| (x / 2) as usize).collect();
        let grouped = ids.iter().any(|&i| g.nodes[i].cells.len() > 1);
        if mode == Mode::Grouped && !grouped {
            continue;
        }
        let looped = f.is_loop || f.placement.is_some();
        let technique = match mode {
            Mode::X => {
                if looped {
                    Technique::XCycle
                } else {
                    Technique::XChain
                }
            }
            Mode::Y => {
                let pair = pos.cands(g.nodes[ids[0]].cells.first().expect("cell"));
                let cells: CellSet = ids
                    .iter()
                    .map(|&i| g.nodes[i].cells)
                    .fold(CellSet::EMPTY, |a, b| a | b);
                if looped {
                    Technique::YCycle
                } else if asked == Technique::RemotePair
                    && cells.len() >= 4
                    && cells.iter().all(|c| pos.cands(c) == pair)
                {
                    Technique::RemotePair
                } else {
                    Technique::XYChain
                }
            }
            Mode::Full => {
                if looped {
                    Technique::NiceLoop
                } else {
                    Technique::Aic
                }
            }
            Mode::Grouped => {
                if looped {
                    Technique::GroupedNiceLoop
                } else {
                    Technique::GroupedAic
                }
            }
        };
        let mut s = Step::new(technique);
        s.eliminations = f.eliminations.into_iter().collect();
        s.placement = f.placement;
        let mut links = Vec::new();
        for w in f.states.windows(2) {
            let (a, b) = ((w[0] / 2) as usize, (w[1] / 2) as usize);
            let from_on = w[0] % 2 == 1;
            links.push(ChainLink {
                from: chain_node(g, a, from_on),
                to: chain_node(g, b, !from_on),
                kind: if from_on {
                    LinkKind::Weak
                } else {
                    LinkKind::Strong
                },
            });
        }
        let mut digits = DigitSet::EMPTY;
        let mut cells = CellSet::EMPTY;
        for &i in &ids {
            let nd = g.nodes[i];
            digits.insert(nd.digit);
            cells |= nd.cells;
            for c in nd.cells {
                let cand = Candidate::new(c, nd.digit);
                if !s.pattern.contains(&cand) {
                    s.pattern.push(cand);
                }
            }
        }
        s.cells = cells;
        s.digits = digits;
        s.chain = Some(Chain {
            branches: vec![links],
            is_loop: looped,
        });
        steps.push(s);
    }
    steps
}

fn chain_node(g: &Graph, i: usize, on: bool) -> ChainNode {
    ChainNode {
        cells: g.nodes[i].cells,
        digit: g.nodes[i].digit,
        on,
    }
}
