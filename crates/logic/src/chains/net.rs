//! Propagation nets: the potentials (candidate on or off) one assumption implies, each with the
//! parents that imply it (SE's `doChaining`, SE-SPEC §5.1 and §5.3).
//!
//! A potential is a key `(cell * 9 + digit) * 2 + on`. A [`Net`] stores its potentials in the
//! order they were found (SE's ordered sets), per-digit bitboards for membership, and a flat
//! arena of parent indices, so that one propagation allocates nothing once the buffers have
//! grown.

use crate::board::{bit, bits, bits16, two_bits16};
use crate::se::basic::{self, Sterile};
use crate::se::difficulty;
use crate::se::grid::{Grid, BLOCK, COL, ROW};
use crate::step::{CandidateSet, Step};
use nonet_core::House;

use super::Chainer;
use crate::observer::Observer;

/// The key of potential `cell`/`digit`/`on`.
#[inline]
pub fn key(cell: usize, digit: usize, on: bool) -> u16 {
    ((cell * 9 + digit) * 2 + on as usize) as u16
}

/// Cell and digit index of every key, so that the hot loops decode a key with one load.
const KEY_PARTS: [(u8, u8); 1458] = {
    let mut t = [(0u8, 0u8); 1458];
    let mut k = 0;
    while k < 1458 {
        t[k] = ((k / 18) as u8, ((k / 2) % 9) as u8);
        k += 1;
    }
    t
};

/// The cell of a key.
#[inline]
pub fn key_cell(k: u16) -> usize {
    KEY_PARTS[k as usize].0 as usize
}

/// The digit index of a key.
#[inline]
pub fn key_digit(k: u16) -> usize {
    KEY_PARTS[k as usize].1 as usize
}

/// Whether a key is "on".
#[inline]
pub fn key_on(k: u16) -> bool {
    k & 1 != 0
}

/// One potential of a net.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Its key.
    pub key: u16,
    /// Start of its parents in [`Net::parents`].
    pub par_start: u32,
    /// How many parents (the first is the main one).
    pub par_len: u32,
    /// Potentials on its first-parent line, itself included: a lower bound of its ancestor
    /// count.
    pub len: u32,
    /// Why an "on" holds: [`CAUSE_CELL`] (last candidate of its cell) or [`CAUSE_HOUSE`] plus
    /// the house kind (last position in a house); [`CAUSE_NONE`] for the assumption and offs.
    pub cause: u8,
    /// For an off given by a nested chain: its entry in [`Net::nested`].
    pub nested: u32,
    /// Whether every potential above it has exactly one parent: its ancestors are then its
    /// first-parent line, and its ancestor count is `len`.
    pub simple: bool,
}

/// No cause recorded.
pub const CAUSE_NONE: u8 = 0;
/// An "on" that is the last candidate of its cell.
pub const CAUSE_CELL: u8 = 1;
/// An "on" that is the last position of its digit in a house: add the house kind.
pub const CAUSE_HOUSE: u8 = 2;
/// No nested chain.
pub const NO_NESTED: u32 = u32::MAX;

/// What a propagation may use.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Remove each "off" from the working grid (dynamic chaining).
    pub dynamic: bool,
    /// Use the cell (Y) links; Nishio does not.
    pub y_links: bool,
    /// Nesting level: above 0, SE's simple techniques feed new "offs" when the net runs dry.
    pub level: u8,
}

/// The potentials implied by one assumption.
#[derive(Clone, Debug)]
pub struct Net {
    /// Every potential created, in creation order (contradiction witnesses included).
    pub nodes: Vec<Node>,
    /// The parent arena.
    pub parents: Vec<u32>,
    /// The "on" potentials of the net, in the order found (node indices).
    pub on_list: Vec<u32>,
    /// The "off" potentials of the net, in the order found (node indices).
    pub off_list: Vec<u32>,
    /// Membership of "on" potentials, per digit.
    pub on_bits: [u128; 9],
    /// Membership of "off" potentials, per digit.
    pub off_bits: [u128; 9],
    /// Key to node index; an entry is meaningful only while its potential is a member.
    pub index: Vec<u32>,
    /// The nested chains that gave offs: (signature, complexity).
    pub nested: Vec<(u64, u32)>,
    /// While a bounded propagation runs: its limit (0 otherwise), and how many potentials
    /// of the lists, counted as they join, have a line shorter than it.
    short_limit: u32,
    short: u32,
}

impl Default for Net {
    fn default() -> Self {
        Net {
            nodes: Vec::new(),
            parents: Vec::new(),
            on_list: Vec::new(),
            off_list: Vec::new(),
            on_bits: [0; 9],
            off_bits: [0; 9],
            index: vec![0; 81 * 9 * 2],
            nested: Vec::new(),
            short_limit: 0,
            short: 0,
        }
    }
}

impl Net {
    /// Empties the net, keeping its buffers.
    /// The "on" potentials (node indices, in the order found) when `on`, else the "off" ones.
    pub fn list(&self, on: bool) -> &[u32] {
        if on {
            &self.on_list
        } else {
            &self.off_list
        }
    }

    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.on_bits = [0; 9];
        self.off_bits = [0; 9];
        self.nested.clear();
        self.short_limit = 0;
        self.short = 0;
    }

    /// Whether the potential of `k` is in the net.
    #[inline]
    pub fn contains(&self, k: u16) -> bool {
        let bits = if key_on(k) {
            &self.on_bits
        } else {
            &self.off_bits
        };
        bits[key_digit(k)] >> key_cell(k) & 1 != 0
    }

    /// The node of potential `k`, when it is in the net.
    #[inline]
    pub fn find(&self, k: u16) -> Option<u32> {
        self.contains(k).then(|| self.index[k as usize])
    }

    /// The parents of node `i`.
    #[inline]
    pub fn parents_of(&self, i: u32) -> &[u32] {
        let n = &self.nodes[i as usize];
        &self.parents[n.par_start as usize..(n.par_start + n.par_len) as usize]
    }

    /// Creates a node (not yet a member).
    #[inline]
    fn push_node(&mut self, k: u16, first_parent: Option<u32>, cause: u8) -> u32 {
        let i = self.nodes.len() as u32;
        let start = self.parents.len() as u32;
        let mut len = 1;
        let mut simple = true;
        if let Some(p) = first_parent {
            self.parents.push(p);
            len = self.nodes[p as usize].len + 1;
            simple = self.nodes[p as usize].simple;
        }
        self.nodes.push(Node {
            key: k,
            par_start: start,
            par_len: first_parent.is_some() as u32,
            len,
            cause,
            nested: NO_NESTED,
            simple,
        });
        i
    }

    /// Adds a parent to the last node created.
    #[inline]
    fn add_parent_to_last(&mut self, p: u32) {
        self.parents.push(p);
        let plen = self.nodes[p as usize].len;
        let psimple = self.nodes[p as usize].simple;
        let n = self.nodes.last_mut().expect("a node");
        if n.par_len == 0 {
            n.len = plen + 1;
            n.simple = psimple;
        } else {
            n.simple = false;
        }
        n.par_len += 1;
    }

    /// Creates and admits the "off" potentials of digit `d` in the cells of `parts`, in that
    /// order (each part in cell order), with first parent `p`; `all` is their union, none of
    /// them in the net yet.
    #[inline]
    fn add_offs(&mut self, p: u32, d: usize, parts: [u128; 3], all: u128) {
        let parent = &self.nodes[p as usize];
        let (len, simple) = (parent.len + 1, parent.simple);
        let mut n = 0;
        for part in parts {
            for c in bits(part) {
                let k = key(c, d, false);
                let i = self.nodes.len() as u32;
                self.nodes.push(Node {
                    key: k,
                    par_start: self.parents.len() as u32,
                    par_len: 1,
                    len,
                    cause: CAUSE_NONE,
                    nested: NO_NESTED,
                    simple,
                });
                self.parents.push(p);
                self.index[k as usize] = i;
                self.off_list.push(i);
                n += 1;
            }
        }
        self.off_bits[d] |= all;
        if len < self.short_limit {
            self.short += n;
        }
    }

    /// Makes node `i` a member.
    #[inline]
    fn admit(&mut self, i: u32) {
        let k = self.nodes[i as usize].key;
        self.short += (self.nodes[i as usize].len < self.short_limit) as u32;
        self.index[k as usize] = i;
        let (c, d) = (key_cell(k), key_digit(k));
        if key_on(k) {
            self.on_bits[d] |= 1u128 << c;
            self.on_list.push(i);
        } else {
            self.off_bits[d] |= 1u128 << c;
            self.off_list.push(i);
        }
    }

    /// [`Net::admit`] for a node known to be "(`c`, `d`) off", without decoding its key: the
    /// propagation's hot path, called for most of the offs a net holds.
    #[inline(always)]
    fn admit_off(&mut self, i: u32, c: usize, d: usize) {
        self.short += (self.nodes[i as usize].len < self.short_limit) as u32;
        self.index[key(c, d, false) as usize] = i;
        self.off_bits[d] |= 1u128 << c;
        self.off_list.push(i);
    }

    /// [`Net::admit`] for a node known to be "(`c`, `d`) on".
    #[inline(always)]
    fn admit_on(&mut self, i: u32, c: usize, d: usize) {
        self.short += (self.nodes[i as usize].len < self.short_limit) as u32;
        self.index[key(c, d, true) as usize] = i;
        self.on_bits[d] |= 1u128 << c;
        self.on_list.push(i);
    }

    /// Starts the net with the single assumption `k`.
    pub fn start(&mut self, k: u16) {
        self.clear();
        let i = self.push_node(k, None, CAUSE_NONE);
        self.admit(i);
    }
}

/// Scratch state shared by propagations: the working grid.
pub struct Propagator {
    work: Grid,
    /// The positions of each digit in each house of `work`, index `digit * 27 + house`, bit
    /// `j` for the house's cell `j` (see [`digit_house_positions`]): an "off" finds the hidden
    /// singles it makes with one 16-bit test per house instead of 128-bit masks.
    hpos: [u16; 243],
    /// `hpos` of the grid in `hpos_of`, made once per start grid.
    src_hpos: [u16; 243],
    hpos_of: Option<Grid>,
    /// The engine that runs chains nested inside this propagation (levels 2 and up).
    sub: Option<Box<Chainer>>,
}

impl Default for Propagator {
    fn default() -> Self {
        Propagator {
            work: Grid::default(),
            hpos: [0; 243],
            src_hpos: [0; 243],
            hpos_of: None,
            sub: None,
        }
    }
}

/// The positions of each digit in each house of `g`, index `digit * 27 + house`, bit `j` for
/// the house's cell `j` in the order of the grid's `geo.cells`.
pub fn digit_house_positions(g: &Grid) -> [u16; 243] {
    let mut out = [0u16; 243];
    for c in 0..81 {
        let [b, r, col] = g.geo.houses[c];
        let [ib, ir, ic] = g.geo.index_in[c];
        for d in bits16(g.cands[c]) {
            out[d * 27 + b as usize] |= 1 << ib;
            out[d * 27 + r as usize] |= 1 << ir;
            out[d * 27 + col as usize] |= 1 << ic;
        }
    }
    out
}

impl Propagator {
    /// Runs SE's `doChaining` from the assumption already in `net` on grid `src`: "on"
    /// potentials first (FIFO), then one "off", and so on; returns the contradiction found, as
    /// (the "on" node, the "off" node), or `None` when the net ran dry. The nested levels run
    /// SE's simple techniques with the sterile memory `st` (see [`crate::se::Memory`]).
    ///
    /// With a `limit` below `u32::MAX` it stops early once every pending potential has a line
    /// of `limit` or more (level 0 only). The net is then a prefix of the full one, and what it
    /// lacks are potentials whose line is longer than `limit` (and what follows from them):
    /// the caller chooses a limit beyond which no potential can serve it.
    ///
    /// The chains nested in it ask `obs`; once it has said stop, the net is left as it is.
    pub fn propagate_within(
        &mut self,
        src: &Grid,
        net: &mut Net,
        rules: Rules,
        limit: u32,
        st: &Sterile,
        obs: &Observer,
    ) -> Option<(u32, u32)> {
        self.work.clone_from(src);
        if self.hpos_of.as_ref() != Some(src) {
            self.src_hpos = digit_house_positions(src);
            self.hpos_of = Some(src.clone());
        }
        self.hpos = self.src_hpos;
        let mut on_cur = 0;
        let mut off_cur = 0;
        let bounded = limit != u32::MAX && rules.level == 0;
        // Pending potentials whose line is shorter than `limit`: the net counts those that
        // join its lists, the loop takes off those it expands.
        net.short_limit = if bounded { limit } else { 0 };
        net.short = if bounded {
            net.on_list
                .iter()
                .chain(net.off_list.iter())
                .filter(|&&i| net.nodes[i as usize].len < limit)
                .count() as u32
        } else {
            0
        };
        loop {
            if bounded && net.short == 0 {
                return None;
            }
            let p;
            if on_cur < net.on_list.len() {
                p = net.on_list[on_cur];
                on_cur += 1;
                if let Some(x) = self.on_to_off(net, p, rules) {
                    return Some(x);
                }
            } else if off_cur < net.off_list.len() {
                p = net.off_list[off_cur];
                off_cur += 1;
                if let Some(x) = self.off_to_on(src, net, p, rules) {
                    return Some(x);
                }
            } else if rules.level > 0 {
                // A nested search that was stopped leaves its hints incomplete: the net is
                // not worth growing, its search is being dropped.
                if obs.stopped() || !self.advanced(src, net, rules.level, st, obs) {
                    return None;
                }
                continue;
            } else {
                return None;
            }
            if bounded && net.nodes[p as usize].len < limit {
                net.short -= 1;
            }
        }
    }

    /// ON -> OFF: the other candidates of the cell (Y-links) and the digit in the peers, in
    /// SE's peer order (block, row, column).
    fn on_to_off(&mut self, net: &mut Net, p: u32, rules: Rules) -> Option<(u32, u32)> {
        let k = net.nodes[p as usize].key;
        let (c, d) = (key_cell(k), key_digit(k));
        if rules.y_links {
            for d2 in bits16(self.work.cands[c] & !(1 << d)) {
                if let Some(x) = self.emit_off(net, p, c, d2) {
                    return Some(x);
                }
            }
        }
        // SE's peer order is the block, then the rest of the row, then the rest of the
        // column; within each part row-major order is the house order.
        let peers = self.work.geo.peer_mask[c] & self.work.pos[d];
        if peers != 0 {
            let [b, r, _] = self.work.geo.houses[c];
            let in_block = self.work.geo.mask[b as usize];
            let in_row = self.work.geo.mask[r as usize] & !in_block;
            if peers & net.on_bits[d] == 0 {
                // No contradiction on the way: only the offs not yet in the net matter.
                let fresh = peers & !net.off_bits[d];
                let block = fresh & in_block;
                let row = fresh & in_row;
                net.add_offs(p, d, [block, row, fresh & !block & !row], fresh);
                return None;
            }
            let block = peers & in_block;
            let row = peers & in_row;
            for part in [block, row, peers & !block & !row] {
                for c2 in bits(part) {
                    if let Some(x) = self.emit_off(net, p, c2, d) {
                        return Some(x);
                    }
                }
            }
        }
        None
    }

    #[inline(always)]
    fn emit_off(&mut self, net: &mut Net, p: u32, c: usize, d: usize) -> Option<(u32, u32)> {
        if bit(net.on_bits[d], c) {
            let on = net.index[key(c, d, true) as usize];
            let off = net.push_node(key(c, d, false), Some(p), CAUSE_NONE);
            return Some((on, off));
        }
        if !bit(net.off_bits[d], c) {
            let i = net.push_node(key(c, d, false), Some(p), CAUSE_NONE);
            net.admit_off(i, c, d);
        }
        None
    }

    /// OFF -> ON: the cell's last other candidate (Y-links), then for Block, Row, Column the
    /// digit's last other position; in dynamic mode each gets the "hidden" parents, the offs
    /// that removed the other candidates since the start. The off is then removed.
    fn off_to_on(&mut self, src: &Grid, net: &mut Net, p: u32, rules: Rules) -> Option<(u32, u32)> {
        let k = net.nodes[p as usize].key;
        let (c, d) = (key_cell(k), key_digit(k));
        if rules.y_links && two_bits16(self.work.cands[c]) && self.work.has_at(c, d) {
            let d2 = (self.work.cands[c] & !(1 << d)).trailing_zeros() as usize;
            // An "on" already known (and not contradicted) adds nothing: SE builds the object
            // and drops it, we do not build it.
            let known = bit(net.on_bits[d2] & !net.off_bits[d2], c);
            if !known {
                let i = net.push_node(key(c, d2, true), Some(p), CAUSE_CELL);
                if rules.dynamic {
                    for v in bits16(src.cands[c] & !self.work.cands[c]) {
                        let par = net.index[key(c, v, false) as usize];
                        net.add_parent_to_last(par);
                    }
                }
                if let Some(x) = self.settle_on(net, i, c, d2) {
                    return Some(x);
                }
            }
        }
        // Block, Row, Column, written out so that the three tests compile to straight code.
        let hs = self.work.geo.houses[c];
        let at = self.work.geo.index_in[c];
        if let Some(x) = self.house_single(net, p, d, BLOCK, hs[BLOCK], at[BLOCK], rules) {
            return Some(x);
        }
        if let Some(x) = self.house_single(net, p, d, ROW, hs[ROW], at[ROW], rules) {
            return Some(x);
        }
        if let Some(x) = self.house_single(net, p, d, COL, hs[COL], at[COL], rules) {
            return Some(x);
        }
        if rules.dynamic {
            self.work.remove_at(c, d);
            self.hpos[d * 27 + hs[BLOCK] as usize] &= !(1 << at[BLOCK]);
            self.hpos[d * 27 + hs[ROW] as usize] &= !(1 << at[ROW]);
            self.hpos[d * 27 + hs[COL] as usize] &= !(1 << at[COL]);
        }
        None
    }

    /// The hidden single "off" `p` (digit `d`, at index `at` of house `h` of `kind`) leaves
    /// in that house, if any: the digit's last other position turns on.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn house_single(
        &mut self,
        net: &mut Net,
        p: u32,
        d: usize,
        kind: usize,
        h: u8,
        at: u8,
        rules: Rules,
    ) -> Option<(u32, u32)> {
        let h = h as usize;
        let hp = self.hpos[d * 27 + h];
        if !two_bits16(hp) || hp >> at & 1 == 0 {
            return None;
        }
        let c2 = self.work.geo.cells[h][(hp & !(1 << at)).trailing_zeros() as usize] as usize;
        // Known and not contradicted: one shift of the two masks combined.
        if bit(net.on_bits[d] & !net.off_bits[d], c2) {
            return None;
        }
        let i = net.push_node(key(c2, d, true), Some(p), CAUSE_HOUSE + kind as u8);
        if rules.dynamic {
            // The positions the propagation removed, in house order (row-major order for
            // every kind of house).
            let gone = self.src_hpos[d * 27 + h] & !hp;
            for j in bits16(gone) {
                let par = net.index[key(self.work.geo.cells[h][j] as usize, d, false) as usize];
                net.add_parent_to_last(par);
            }
        }
        self.settle_on(net, i, c2, d)
    }

    #[inline]
    fn settle_on(&mut self, net: &mut Net, i: u32, c: usize, d: usize) -> Option<(u32, u32)> {
        if bit(net.off_bits[d], c) {
            let off = net.index[key(c, d, false) as usize];
            return Some((i, off));
        }
        if !bit(net.on_bits[d], c) {
            net.admit_on(i, c, d);
        }
        None
    }

    /// SE's `getAdvancedPotentials`: when the net runs dry, the first of SE's sub-rules that,
    /// on the working grid, gives hints depending on the chain so far (with "rule parents")
    /// turns their eliminations into new offs. Level 1 uses Pointing/Claiming, Hidden Pair,
    /// Naked Pair and X-Wing; level 2 adds cycles and forcing X/Y chains, level 3 those and
    /// multiple forcing chains, level 4 dynamic forcing chains, level 5 those and level-2
    /// chains (SE-SPEC §5.6). Returns whether any new off was added.
    fn advanced(
        &mut self,
        src: &Grid,
        net: &mut Net,
        level: u8,
        st: &Sterile,
        obs: &Observer,
    ) -> bool {
        let mut rules: Vec<u8> = vec![0, 1, 2, 3];
        match level {
            2 => rules.push(4),
            3 => rules.extend([4, 5]),
            4 => rules.push(6),
            5 => rules.extend([6, 7]),
            _ => {}
        }
        let mut hints: Vec<NestedHint> = Vec::new();
        for rule in rules {
            hints.clear();
            let work = &self.work;
            if rule < 4 {
                let mut collect = |h: Step| {
                    hints.push(NestedHint {
                        parents: rule_parents(src, work, &h),
                        elim: h.eliminations,
                        difficulty: difficulty(&h),
                        complexity: 0,
                        sort_key: 0,
                        chain: false,
                        chain_sig: 0,
                    });
                    false
                };
                match rule {
                    0 => basic::locking(work, false, st, &mut collect),
                    1 => basic::hidden_set(work, 2, false, st, &mut collect),
                    2 => basic::naked_set(work, 2, st, &mut collect),
                    _ => basic::fish(work, 2, st, &mut collect),
                };
            } else {
                let sub = self.sub.get_or_insert_with(|| Box::new(Chainer::default()));
                let what = match rule {
                    4 => NestedRule::Static,
                    5 => NestedRule::Multiple,
                    6 => NestedRule::Dynamic(0),
                    _ => NestedRule::Dynamic(2),
                };
                sub.collect(work, src, what, &mut hints, st, obs);
            }
            let mut any = false;
            let mut added = false;
            // Offs already produced by an earlier hint of this rule are not repeated.
            let mut produced = [0u128; 9];
            for h in &hints {
                if h.parents.is_empty() {
                    continue;
                }
                let mut nested = NO_NESTED;
                for c in 0..81 {
                    for d in 0..9 {
                        if !bit(h.elim.mask(d), c) || produced[d] >> c & 1 != 0 {
                            continue;
                        }
                        produced[d] |= 1u128 << c;
                        any = true;
                        if net.off_bits[d] >> c & 1 != 0 {
                            continue;
                        }
                        if h.chain && nested == NO_NESTED {
                            nested = net.nested.len() as u32;
                            net.nested.push((h.signature(), h.complexity));
                        }
                        let k = key(c, d, false);
                        let i = net.push_node(k, None, CAUSE_NONE);
                        for pc in 0..81 {
                            for pd in 0..9 {
                                if bit(h.parents.mask(pd), pc) {
                                    let par = net.index[key(pc, pd, false) as usize];
                                    net.add_parent_to_last(par);
                                }
                            }
                        }
                        net.nodes[i as usize].nested = nested;
                        // Offs from sub-rules are never counted by their line alone.
                        net.nodes[i as usize].simple = false;
                        net.admit(i);
                        added = true;
                    }
                }
            }
            if any {
                return added;
            }
        }
        false
    }
}

/// Which chaining producer runs inside a nested chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NestedRule {
    /// Cycles and forcing X/Y chains.
    Static,
    /// Multiple forcing chains.
    Multiple,
    /// Dynamic forcing chains with this nesting level.
    Dynamic(u8),
}

/// A hint of a sub-rule inside a nested chain: what it removes, what it depends on, how
/// complex it is.
#[derive(Clone, Debug)]
pub struct NestedHint {
    /// Candidates it removes.
    pub elim: CandidateSet,
    /// Its rule parents: candidates of the outer start grid gone in the outer working grid.
    pub parents: CandidateSet,
    /// SE's difficulty (for the sort).
    pub difficulty: f64,
    /// Its complexity (chains only).
    pub complexity: u32,
    /// SE's sort key.
    pub sort_key: u8,
    /// Whether it is a chain (its complexity then counts in the outer chain's).
    pub chain: bool,
    /// An order-independent hash of the potentials of its chain (see [`mix`]).
    pub chain_sig: u64,
}

/// Mixes one potential key (tagged with its branch) into a value whose sum over a set of
/// potentials identifies the set: the chain part of a nested hint's identity.
#[inline]
pub fn mix(k: u16, branch: usize) -> u64 {
    let mut x = (k as u64) | ((branch as u64) << 16);
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 29;
    x.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

impl NestedHint {
    /// An identity for "the same nested chain" (SE's `FullChain`: same conclusions, same
    /// potentials): its eliminations, complexity and chain.
    pub fn signature(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ self.complexity as u64 ^ self.chain_sig;
        for m in self.elim.masks() {
            for part in [m as u64, (m >> 64) as u64] {
                h ^= part;
                h = h.wrapping_mul(0x0100_0000_01b3).rotate_left(17);
            }
        }
        h
    }
}

/// SE's emission order for a chaining producer's hints: stable sort by difficulty, complexity
/// and sort key, then later duplicates (same eliminations) dropped.
pub fn sort_and_dedupe(hints: &mut Vec<NestedHint>) {
    hints.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut seen: std::collections::HashSet<CandidateSet> = std::collections::HashSet::new();
    hints.retain(|h| seen.insert(h.elim));
}

/// The rule parents of an "on" of cause `cause` at (c, d): the candidates of the outer start
/// grid `src` whose removal (in the outer working grid `work`) made it single.
#[inline]
pub fn on_rule_parents(
    src: &Grid,
    work: &Grid,
    c: usize,
    d: usize,
    cause: u8,
    out: &mut [u128; 9],
) {
    if cause == CAUSE_CELL {
        for v in bits16(src.cands[c] & !work.cands[c]) {
            out[v] |= 1u128 << c;
        }
    } else if cause >= CAUSE_HOUSE {
        let h = src.geo.houses[c][(cause - CAUSE_HOUSE) as usize] as usize;
        out[d] |= src.pos[d] & src.geo.mask[h] & !work.pos[d];
    }
}

/// The candidates of `src` that must be gone (and are gone in `cur`) for hint `h` to hold: SE's
/// `getRuleParents` for locking, fish, naked and hidden pairs.
pub fn rule_parents(src: &Grid, cur: &Grid, h: &Step) -> CandidateSet {
    use crate::technique::Technique::*;
    let mut out = CandidateSet::EMPTY;
    let gone = |d: usize| src.pos[d] & !cur.pos[d];
    let layout = src.geo.layout();
    let cells_of = |houses: &[House]| {
        houses
            .iter()
            .fold(0u128, |m, &house| m | layout.cell_set(house).bits())
    };
    let (digits, cells) = (h.digits.bits(), h.cells.bits());
    let (base, cover) = (cells_of(&h.houses), cells_of(&h.cover_houses));
    match h.technique {
        Pointing | Claiming | XWing | Swordfish | Jellyfish => {
            let d = digits.trailing_zeros() as usize;
            out.set_mask(d, base & !cover & gone(d));
        }
        NakedPair | NakedTriple | NakedQuad => {
            for d in bits16(!digits & 0x1ff) {
                out.set_mask(d, cells & gone(d));
            }
        }
        HiddenPair | HiddenTriple | HiddenQuad => {
            for d in bits16(digits) {
                out.set_mask(d, base & !cells & gone(d));
            }
        }
        _ => {}
    }
    out
}
