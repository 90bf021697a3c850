//! Sudoku Explainer's chaining engine (SE-SPEC §5): cycles and forcing X/XY chains, Nishio,
//! multiple (cell and region) forcing chains, dynamic forcing chains and the nested levels,
//! with SE's complexity and length bonus, so that each step's difficulty is SE's.
//!
//! # API for the explaining path
//!
//! [`find_forcing_chains`] takes a pencil-mark position and a [`ChainLevel`] and returns the step
//! SE would take at that level: the hint of lowest difficulty, then lowest complexity, then
//! SE's sort key (first found among equals). The [`Step`] carries the technique, the
//! eliminations and/or placement, `difficulty` (base plus length bonus) and `chain`: one
//! branch per line of reasoning (a forcing chain has one, a contradiction or double forcing
//! chain two, a cell or region forcing chain one per candidate or position), each a list of
//! links from the assumption to the conclusion (weak: on -> off, strong: off -> on).
//! Dynamic branches also depend on earlier offs ("hidden parents") that a plain list of links
//! cannot show; the first-parent line is what the branch lists.
//!
//! ```
//! use nonet_core::{PencilMarks, Sudoku};
//! use nonet_logic::internals::chains::{find_forcing_chains, ChainLevel};
//! let s = Sudoku::from_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! ).unwrap();
//! let pm = PencilMarks::after_elimination(&s.into());
//! let step = find_forcing_chains(&pm, ChainLevel::Dynamic).expect("a dynamic chain exists");
//! assert!(step.difficulty.unwrap() >= 8.5);
//! assert!(step.is_productive());
//! ```

// Bitboard code indexes several per-digit arrays with one digit index: range loops read best.
#![allow(clippy::needless_range_loop)]

pub(crate) mod cycles;
pub(crate) mod net;

use nonet_core::{Cell, CellSet, Digit, DigitSet, PencilMarks};

use crate::board::{bits16, many_bits, pop9};
use crate::observer::{Observer, Stopped};
use crate::se::basic::Sterile;
use crate::se::grid::{Grid, BLOCK, COL, ROW};
use crate::se::{cand, difficulty, finish, rated_step, se_base, Memory, Truth};
use crate::step::{CandidateSet, Chain, ChainLink, ChainNode, LinkKind, Step};
use crate::technique::Technique;
use net::{
    key, key_cell, key_digit, key_on, on_rule_parents, sort_and_dedupe, NestedHint, NestedRule,
    Net, Propagator, Rules, CAUSE_CELL, CAUSE_HOUSE, CAUSE_NONE, NO_NESTED,
};

/// How far the chaining may go, SE's producers #21 and #23 to #26 (SE-SPEC §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ChainLevel {
    /// Bidirectional cycles and forcing X/XY chains (6.5 to 7.0 plus length).
    Static,
    /// Nishio forcing chains: dynamic contradictions along single-digit links (7.5).
    Nishio,
    /// Multiple forcing chains: cell and region forcing chains, static (8.0).
    Multiple,
    /// Dynamic forcing chains: contradictions, double, cell and region chains (8.5).
    Dynamic,
    /// Dynamic forcing chains with pointing, claiming, pairs and X-Wings inside (9.0).
    DynamicPlus,
    /// Nested forcing chains, level 2 to 5 (9.5, 10.0, 10.5, 11.0): dynamic forcing chains
    /// that use, when they run dry, cycles and forcing chains (2), also multiple forcing
    /// chains (3), dynamic forcing chains (4), and those plus level-2 chains (5). Very slow
    /// from level 3 on, as in SE.
    Nested(u8),
}

impl ChainLevel {
    /// SE's base difficulty of the level.
    pub fn base(self) -> f64 {
        match self {
            ChainLevel::Static => se_base(Technique::XCycle),
            ChainLevel::Nishio => se_base(Technique::NishioForcingChain),
            ChainLevel::Multiple => se_base(Technique::CellForcingChain),
            ChainLevel::Dynamic => se_base(Technique::DynamicForcingChain),
            ChainLevel::DynamicPlus => se_base(Technique::DynamicForcingChainPlus),
            // Level 2's base, then 0.5 more per level.
            ChainLevel::Nested(n) => {
                se_base(Technique::NestedForcingChain) + 0.5 * (n.clamp(2, 5) - 2) as f64
            }
        }
    }

    /// The propagation rules of the level.
    fn rules(self) -> Rules {
        Rules {
            dynamic: self != ChainLevel::Multiple,
            y_links: self != ChainLevel::Nishio,
            level: match self {
                ChainLevel::DynamicPlus => 1,
                ChainLevel::Nested(n) => n.clamp(2, 5),
                _ => 0,
            },
        }
    }
}

/// SE's length bonus for a chain of `complexity` (SE-SPEC §6), accumulated in f64 as SE does.
pub fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0.0;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The best hint so far of a producer, by SE's order: difficulty, complexity, sort key.
pub(crate) struct Best {
    /// The step.
    pub(crate) step: Step,
    /// Its SE difficulty (the step's, read at every comparison).
    pub(crate) difficulty: f64,
    /// SE's tie-break key among chains of equal difficulty and complexity.
    pub(crate) sort_key: u8,
}

impl Best {
    /// The best so far: `step`, with its tie-break key.
    pub(crate) fn new(step: Step, sort_key: u8) -> Best {
        Best {
            difficulty: difficulty(&step),
            step,
            sort_key,
        }
    }

    /// Whether a hint with these keys would replace `best` (strictly better: the first found
    /// wins among equals, as SE's stable sort keeps it first).
    pub(crate) fn beats(
        best: &Option<Best>,
        difficulty: f64,
        complexity: u32,
        sort_key: u8,
    ) -> bool {
        match best {
            None => true,
            Some(b) => {
                let c = b.step.complexity;
                difficulty < b.difficulty
                    || (difficulty == b.difficulty
                        && (complexity < c || (complexity == c && sort_key < b.sort_key)))
            }
        }
    }
}

/// Where a producer's hints go: the best one (what SE applies), or all of them with their rule
/// parents, for a chain nested in another (SE-SPEC §5.6).
// One sink lives per producer call, so the size of the `Best` variant does not matter.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Sink<'a> {
    /// Keep the best; build its chain when `want_chain`.
    Best {
        best: Option<Best>,
        want_chain: bool,
    },
    /// Keep every hint; rule parents are taken between the outer start grid `src` and the
    /// grid the producer runs on.
    Collect {
        src: &'a Grid,
        out: &'a mut Vec<NestedHint>,
    },
}

/// How far the nets of a multiple or dynamic producer must go: no limit when collecting every
/// hint; else the complexity of the best hint so far, less two.
///
/// A net stopped at limit `L` lacks only potentials whose line is longer than `L` (see
/// [`Propagator::propagate_within`]), here `best - 1` or more. A double, cell or region chain
/// has two branches or more, and its common potential is not the assumption of any branch's
/// net (each assumption turns the others' off at once, so they cannot reach it), so each
/// branch counts two or more: with a lacking potential it counts `best + 1` or more. A
/// contradiction counts two potentials of one net, the lacking one `best - 1` or more and the
/// other one or more: `best` or more, and a contradiction (SE's last sort key) beats only a
/// lower complexity. So what the nets lack could not give a better hint.
fn limit_of(sink: &Sink) -> u32 {
    match sink {
        Sink::Best { best: Some(b), .. } => b.step.complexity.saturating_sub(2),
        _ => u32::MAX,
    }
}

/// The link between two potentials (parent to child).
pub(crate) fn link(from: u16, to: u16) -> ChainLink {
    ChainLink {
        from: node(from),
        to: node(to),
        kind: if key_on(from) {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        },
    }
}

fn node(k: u16) -> ChainNode {
    ChainNode {
        cells: CellSet::single(nonet_core::Cell::from_index(key_cell(k))),
        digit: Digit::from_index(key_digit(k)),
        on: key_on(k),
    }
}

/// The "on" potentials that "(c, d) on" leads to through one weak link (to the digit in the
/// peers, or to the cell's other digits) and one strong link (bivalue cell, or conjugate
/// pair: `partner`), as per-digit cell masks with the mask of the digits present.
///
/// `live`: per digit, the cells whose "off" implies an "on" (the other offs are dead ends).
fn static_image(
    g: &Grid,
    live: &[u128; 9],
    partner: &[u128],
    c: usize,
    d: usize,
    slot: &mut ([u128; 9], u16),
) {
    let out = &mut slot.0;
    *out = [0u128; 9];
    for x in crate::board::bits(g.geo.peer_mask[c] & g.pos[d] & live[d]) {
        let m = g.cands[x];
        if pop9(m) == 2 {
            out[(m & !(1 << d)).trailing_zeros() as usize] |= 1u128 << x;
        }
        out[d] |= partner[x * 9 + d];
    }
    let m = g.cands[c];
    for e in bits16(m & !(1 << d)) {
        if live[e] >> c & 1 == 0 {
            continue;
        }
        if pop9(m) == 2 {
            out[d] |= 1u128 << c;
        }
        out[e] |= partner[c * 9 + e];
    }
    let mut digits = 0u16;
    for e in 0..9 {
        if out[e] != 0 {
            digits |= 1 << e;
        }
    }
    slot.1 = digits;
}

/// Everything "(c, d) on" implies by static links, cell (Y) and house (X) links both: the on
/// sets (indices 0-8, per digit) and off sets (9-17) of a static net without its stops.
///
/// The ons are closed layer by layer with the images of [`static_image`] (made on demand in
/// `img`, valid where `img_gen` equals `stamp`, shared by every root of one producer call);
/// the offs are the weak links of the ons.
#[allow(clippy::too_many_arguments)]
fn static_reach(
    g: &Grid,
    live: &[u128; 9],
    partner: &[u128],
    img: &mut [([u128; 9], u16)],
    img_gen: &mut [u32],
    stamp: u32,
    c: usize,
    d: usize,
    r: &mut [u128; 18],
) {
    *r = [0u128; 18];
    r[d] = 1u128 << c;
    let mut front = [0u128; 9];
    front[d] = 1u128 << c;
    let mut front_digits = 1u16 << d;
    let mut ons = [0u128; 9];
    while front_digits != 0 {
        let mut on_digits = 0u16;
        for e in bits16(front_digits) {
            for x in crate::board::bits(front[e]) {
                let i = x * 9 + e;
                if img_gen[i] != stamp {
                    img_gen[i] = stamp;
                    static_image(g, live, partner, x, e, &mut img[i]);
                }
                let (m, md) = &img[i];
                for e2 in bits16(*md) {
                    if on_digits >> e2 & 1 == 0 {
                        ons[e2] = m[e2];
                    } else {
                        ons[e2] |= m[e2];
                    }
                }
                on_digits |= md;
            }
        }
        front_digits = 0;
        for e in bits16(on_digits) {
            front[e] = ons[e] & !r[e];
            if front[e] != 0 {
                r[e] |= front[e];
                front_digits |= 1 << e;
            }
        }
    }
    for e in 0..9 {
        for x in crate::board::bits(r[e]) {
            r[9 + e] |= g.geo.peer_mask[x] & g.pos[e];
            for e2 in bits16(g.cands[x] & !(1 << e)) {
                r[9 + e2] |= 1u128 << x;
            }
        }
    }
}

/// Whether a Nishio propagation (digit index `d` only, dynamic) from the assumptions `on` and
/// `off` (cell masks) may reach a contradiction.
///
/// It closes the two sets under the rules the propagation uses, with bit masks: an "on" turns
/// off the digit in its peers, and a house whose positions of the digit are all "off" but one
/// turns that one on. The propagation derives nothing the closure lacks (its "off -> on" rule
/// fires when a house keeps two positions not yet removed, and removed ones are offs), so a
/// closure without a contradiction (a position both on and off, or a house with every
/// position off) means the propagation finds none: its net need not be built.
fn nishio_may_contradict(g: &Grid, d: usize, on: u128, off: u128) -> bool {
    let pos = g.pos[d];
    let (mut on, mut off) = (on, off);
    let mut done_on = 0u128;
    // The offs whose houses were examined: a house without a new off gives what it gave
    // before (its single is already on, its contradiction was already returned).
    let mut done_off = 0u128;
    loop {
        for c in crate::board::bits(on & !done_on) {
            off |= g.geo.peer_mask[c] & pos;
        }
        done_on = on;
        if off & on != 0 {
            return true;
        }
        let mut houses = 0u32;
        for c in crate::board::bits(off & !done_off) {
            houses |= g.geo.house_bits[c];
        }
        done_off = off;
        let mut more = on;
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let rest = pos & g.geo.mask[h] & !off;
            if rest == 0 {
                return true;
            }
            if rest & (rest - 1) == 0 {
                more |= rest;
            }
        }
        if more == on {
            return false;
        }
        on = more;
    }
}

/// The kinds of multiple-chain hints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Double,
    Cell,
    /// A region chain in a house of this kind (`BLOCK`, `ROW` or `COL`).
    Region(usize),
    Contradiction,
}

impl Kind {
    /// SE's sort key.
    fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region(_) => 6,
            Kind::Contradiction => 7,
        }
    }

    /// What SE takes the branches' assumptions to be when it collects the rule parents of a
    /// hint nested in another chain (SE-SPEC §5.6): the candidates of a cell chain's cell
    /// act as a naked single and the positions of a region chain's digit as a hidden single
    /// in its house, so the candidates removed there since the outer start grid are parents
    /// too. The assumptions of the other kinds stand for nothing.
    fn root_cause(self) -> u8 {
        match self {
            Kind::Cell => CAUSE_CELL,
            Kind::Region(house_kind) => CAUSE_HOUSE + house_kind as u8,
            Kind::Double | Kind::Contradiction => CAUSE_NONE,
        }
    }
}

/// Reusable state of the multiple/dynamic producers.
pub struct Chainer {
    prop: Propagator,
    /// The pool of nets; `on_slot[cand]` is the net of "cand on" when already computed.
    nets: Vec<Net>,
    used: usize,
    on_slot: Vec<u32>,
    on_contra: Vec<Option<(u32, u32)>>,
    stamp: Vec<u32>,
    gen: u32,
    stack: Vec<u32>,
    /// Signatures of the nested chains already counted in one hint's complexity.
    nested_seen: Vec<u64>,
    /// Sum of [`net::mix`] over the potentials met while collecting rule parents.
    chain_sig: u64,
    /// The branch being counted (tags `chain_sig`).
    branch_no: usize,
    cycles: cycles::Cycles,
    /// Static reachability of each candidate's "on" (on and off sets), for the multiple
    /// forcing chains' pre-check; valid where `reach_gen` equals `reach_stamp`. Empty, like
    /// `img`, until the first pre-check.
    reach: Vec<[u128; 18]>,
    reach_gen: Vec<u32>,
    reach_stamp: u32,
    /// Images of [`static_image`] for `static_reach`, valid where `img_gen` equals
    /// `reach_stamp`.
    img: Vec<([u128; 9], u16)>,
    img_gen: Vec<u32>,
    /// The cells with two candidates or more.
    multi: u128,
    /// Per digit, the cells whose "off" implies an "on" by a static link.
    live: [u128; 9],
    /// Conjugate partners per candidate, for `static_reach` (multiple forcing chains only).
    partner: Vec<u128>,
    /// The candidates and conjugate partners of the last multiple forcing chains' grid,
    /// whose reachability sets are kept where still valid (see [`Chainer::carry_reach`]).
    reach_cands: [u16; 81],
    reach_partner: Vec<u128>,
}

const NO_SLOT: u32 = u32::MAX;

impl Default for Chainer {
    fn default() -> Self {
        Chainer {
            prop: Propagator::default(),
            nets: Vec::new(),
            used: 0,
            on_slot: vec![NO_SLOT; 729],
            on_contra: vec![None; 729],
            stamp: vec![0; 1458],
            gen: 0,
            stack: Vec::new(),
            nested_seen: Vec::new(),
            chain_sig: 0,
            branch_no: 0,
            cycles: cycles::Cycles::default(),
            reach: Vec::new(),
            reach_gen: vec![0; 729],
            reach_stamp: 0,
            img: Vec::new(),
            img_gen: vec![0; 729],
            multi: 0,
            live: [0; 9],
            partner: Vec::new(),
            reach_cands: [0; 81],
            reach_partner: vec![0; 729],
        }
    }
}

/// SE's producer #21 on `g`: cycles and forcing X/XY chains, with the buffers of `memory`,
/// sped up by the solution when `truth` is given (it must fit `g`, see [`Truth`]); the hint is
/// the same.
pub fn se_static_chains_with(g: &Grid, truth: Option<&Truth>, memory: &mut Memory) -> Option<Step> {
    memory.chainer().0.cycles.best(g, false, truth)
}

/// SE's multiple/dynamic producer of `level` on `g` (`Static` runs producer #21), with the
/// buffers and sterile memory of `memory`; the solution, when `truth` is given (it must fit
/// `g`, see [`Truth`]), speeds it up and the hint is the same.
pub fn se_chains_with(
    g: &Grid,
    level: ChainLevel,
    truth: Option<&Truth>,
    memory: &mut Memory,
) -> Option<Step> {
    crate::observer::unobserved(se_chains_observed(
        g,
        level,
        truth,
        memory,
        &Observer::never(),
    ))
}

/// [`se_chains_with`] under `obs`, asked once per cell of every multiple/dynamic/nested level
/// (at every depth of nesting): [`Stopped`] once it says stop.
pub(crate) fn se_chains_observed(
    g: &Grid,
    level: ChainLevel,
    truth: Option<&Truth>,
    memory: &mut Memory,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let (ch, st) = memory.chainer();
    ch.run(g, level, false, truth, st, obs)
}

/// The step SE would take at `level` in position `pm`, with its chain; `None` when the level
/// finds nothing. See the module documentation.
pub fn find_forcing_chains(pm: &PencilMarks, level: ChainLevel) -> Option<Step> {
    find_forcing_chains_with(pm, level, &mut Memory::new())
}

/// [`find_forcing_chains`] with the buffers and sterile memory of `memory`, kept for the next
/// call (the step is the same).
pub fn find_forcing_chains_with(
    pm: &PencilMarks,
    level: ChainLevel,
    memory: &mut Memory,
) -> Option<Step> {
    crate::observer::unobserved(forcing_chains_on(
        &Grid::from_pencil_marks(pm),
        level,
        memory,
        &Observer::never(),
    ))
}

/// [`find_forcing_chains_with`] on a grid (the teacher's path and the step checker hand over
/// their position's board as it is).
pub(crate) fn forcing_chains_on(
    g: &Grid,
    level: ChainLevel,
    memory: &mut Memory,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let (ch, st) = memory.chainer();
    Ok(ch.run(g, level, true, None, st, obs)?.map(finish))
}

/// A branch of a hint: the net and the node of the conclusion in it.
type Branch = (u32, u32);

impl Chainer {
    /// The level's best hint on `g`, or [`Stopped`] when `obs` said stop during the search
    /// (what was found by then is dropped: a part of the search may miss the best hint).
    fn run(
        &mut self,
        g: &Grid,
        level: ChainLevel,
        want_chain: bool,
        truth: Option<&Truth>,
        st: &Sterile,
        obs: &Observer,
    ) -> Result<Option<Step>, Stopped> {
        match level {
            ChainLevel::Static => Ok(self.cycles.best(g, want_chain, truth)),
            _ => {
                let mut sink = Sink::Best {
                    best: None,
                    want_chain,
                };
                self.multiple(g, level, &mut sink, truth, st, obs);
                if obs.stopped() {
                    return Err(Stopped);
                }
                Ok(match sink {
                    Sink::Best { best, .. } => best.map(|b| b.step),
                    Sink::Collect { .. } => None,
                })
            }
        }
    }

    /// Every hint of producer `what` on `g`, in SE's emission order, with rule parents
    /// relative to the outer start grid `src` (for a chain nested in another). Once `obs` says
    /// stop, the search ends early with a part of the hints (its caller unwinds on
    /// [`Observer::stopped`]).
    pub(crate) fn collect(
        &mut self,
        g: &Grid,
        src: &Grid,
        what: NestedRule,
        out: &mut Vec<NestedHint>,
        st: &Sterile,
        obs: &Observer,
    ) {
        out.clear();
        match what {
            NestedRule::Static => self.cycles.collect(g, src, out),
            _ => {
                let level = match what {
                    NestedRule::Multiple => ChainLevel::Multiple,
                    NestedRule::Dynamic(0) => ChainLevel::Dynamic,
                    NestedRule::Dynamic(1) => ChainLevel::DynamicPlus,
                    NestedRule::Dynamic(n) => ChainLevel::Nested(n),
                    NestedRule::Static => unreachable!("handled above"),
                };
                let mut sink = Sink::Collect { src, out };
                self.multiple(g, level, &mut sink, None, st, obs);
            }
        }
        sort_and_dedupe(out);
    }

    fn alloc(&mut self) -> u32 {
        if self.used == self.nets.len() {
            self.nets.push(Net::default());
        }
        self.used += 1;
        (self.used - 1) as u32
    }

    /// The net of candidate (c, d) "on", computed once per producer call.
    fn on_net(
        &mut self,
        g: &Grid,
        (c, d): (usize, usize),
        rules: Rules,
        limit: u32,
        st: &Sterile,
        obs: &Observer,
    ) -> u32 {
        let cand = c * 9 + d;
        if self.on_slot[cand] != NO_SLOT {
            return self.on_slot[cand];
        }
        let s = self.alloc();
        let net = &mut self.nets[s as usize];
        net.start(key(c, d, true));
        self.on_contra[cand] = self.prop.propagate_within(g, net, rules, limit, st, obs);
        self.on_slot[cand] = s;
        s
    }

    /// SE's ancestor count of node `i` of net `s`: distinct potentials reachable through all
    /// parents, the node included. Also adds the complexity of nested chains met on the way
    /// (each once per hint, see `nested_seen`) to `nested`, and, when `rp` is given, the rule
    /// parents of the "on" potentials met, relative to `(outer src, grid)`.
    fn ancestors(
        &mut self,
        s: u32,
        i: u32,
        nested: &mut u32,
        rp: Option<(&Grid, &Grid, &mut [u128; 9])>,
    ) -> u32 {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.gen = 1;
        }
        let net = &self.nets[s as usize];
        if rp.is_none() && net.nodes[i as usize].simple {
            return net.nodes[i as usize].len;
        }
        let has_nested = !net.nested.is_empty();
        let mut rp = rp;
        self.stack.clear();
        self.stack.push(i);
        let mut n = 0;
        while let Some(j) = self.stack.pop() {
            let node = &net.nodes[j as usize];
            let k = node.key as usize;
            if self.stamp[k] == self.gen {
                continue;
            }
            self.stamp[k] = self.gen;
            n += 1;
            if has_nested && node.nested != NO_NESTED {
                let (sig, cx) = net.nested[node.nested as usize];
                if !self.nested_seen.contains(&sig) {
                    self.nested_seen.push(sig);
                    *nested += cx;
                }
            }
            if let Some((src, g, out)) = rp.as_mut() {
                self.chain_sig = self
                    .chain_sig
                    .wrapping_add(net::mix(node.key, self.branch_no));
                if key_on(node.key) && node.cause != CAUSE_NONE {
                    on_rule_parents(
                        src,
                        g,
                        key_cell(node.key),
                        key_digit(node.key),
                        node.cause,
                        out,
                    );
                }
            }
            self.stack.extend_from_slice(net.parents_of(j));
        }
        n
    }

    fn branch_links(&self, (s, i): Branch) -> Vec<ChainLink> {
        let net = &self.nets[s as usize];
        let mut out = Vec::new();
        let mut t = i;
        loop {
            let ps = net.parents_of(t);
            let Some(&p) = ps.first() else { break };
            out.push(link(net.nodes[p as usize].key, net.nodes[t as usize].key));
            t = p;
        }
        out.reverse();
        out
    }

    /// Offers the hint concluding potential `target` through `branches` to `sink`.
    #[allow(clippy::too_many_arguments)]
    fn consider(
        &mut self,
        g: &Grid,
        level: ChainLevel,
        kind: Kind,
        target: u16,
        branches: &[Branch],
        sink: &mut Sink,
    ) {
        let (c, d) = (key_cell(target), key_digit(target));
        if !g.has_at(c, d) || (key_on(target) && pop9(g.cands[c]) < 2) {
            return;
        }
        let mut elim = [0u128; 9];
        if key_on(target) {
            for d2 in bits16(g.cands[c] & !(1 << d)) {
                elim[d2] = 1u128 << c;
            }
        } else {
            elim[d] = 1u128 << c;
        }
        match sink {
            Sink::Collect { src, out } => {
                let mut parents = [0u128; 9];
                let mut nested = 0;
                let mut flat = 0;
                self.nested_seen.clear();
                self.chain_sig = 0;
                let root_cause = kind.root_cause();
                for (b, &(s, i)) in branches.iter().enumerate() {
                    self.branch_no = b;
                    flat += self.ancestors(s, i, &mut nested, Some((src, g, &mut parents)));
                    if root_cause != CAUSE_NONE {
                        // Node 0 of every net is its assumption.
                        let root = self.nets[s as usize].nodes[0].key;
                        on_rule_parents(
                            src,
                            g,
                            key_cell(root),
                            key_digit(root),
                            root_cause,
                            &mut parents,
                        );
                    }
                }
                let complexity = flat + nested;
                out.push(NestedHint {
                    elim: CandidateSet::from_masks(elim),
                    parents: CandidateSet::from_masks(parents),
                    difficulty: level.base() + length_bonus(complexity),
                    complexity,
                    sort_key: kind.sort_key(),
                    chain: true,
                    chain_sig: self.chain_sig,
                });
            }
            Sink::Best { best, want_chain } => {
                // The first-parent lines bound the complexity from below: skip hints that
                // cannot win before counting ancestors.
                if let Some(b) = best {
                    let lower: u32 = branches
                        .iter()
                        .map(|&(s, i)| self.nets[s as usize].nodes[i as usize].len)
                        .sum();
                    if lower > b.step.complexity {
                        return;
                    }
                }
                let mut nested = 0;
                let mut flat = 0;
                self.nested_seen.clear();
                for &(s, i) in branches {
                    flat += self.ancestors(s, i, &mut nested, None);
                }
                let complexity = flat + nested;
                let difficulty = level.base() + length_bonus(complexity);
                if !Best::beats(best, difficulty, complexity, kind.sort_key()) {
                    return;
                }
                let tech = match level {
                    ChainLevel::Nishio => Technique::NishioForcingChain,
                    ChainLevel::Multiple => {
                        if matches!(kind, Kind::Region(_)) {
                            Technique::RegionForcingChain
                        } else {
                            Technique::CellForcingChain
                        }
                    }
                    ChainLevel::DynamicPlus => Technique::DynamicForcingChainPlus,
                    ChainLevel::Nested(_) => Technique::NestedForcingChain,
                    _ => Technique::DynamicForcingChain,
                };
                let mut h = rated_step(tech, difficulty);
                h.eliminations = CandidateSet::from_masks(elim);
                if key_on(target) {
                    h.placement = Some(cand(c, d));
                }
                h.complexity = complexity;
                h.digits = DigitSet::from_bits(1 << d);
                h.cells.insert(Cell::from_index(c));
                for &(s, _) in branches {
                    // Node 0 of every net is its assumption.
                    h.cells.insert(Cell::from_index(key_cell(
                        self.nets[s as usize].nodes[0].key,
                    )));
                }
                if *want_chain {
                    h.chain = Some(Chain {
                        branches: branches.iter().map(|&b| self.branch_links(b)).collect(),
                        is_loop: false,
                    });
                }
                *best = Some(Best::new(h, kind.sort_key()));
            }
        }
    }

    /// SE's `getMultipleChainsHintList` with the selection of the first emitted hint.
    ///
    /// With `truth` (see [`Truth`]), the nets that could only serve a contradiction that
    /// cannot happen are not built: "on" for a solution candidate under Nishio, "off" for a
    /// candidate outside the solution when no double forcing chain needs it.
    ///
    /// `obs` is asked before each cell's nets (the nets of one cell, even nested ones, take a
    /// bounded time): once it says stop, the search ends with what it found so far.
    #[allow(clippy::too_many_arguments)]
    fn multiple(
        &mut self,
        g: &Grid,
        level: ChainLevel,
        sink: &mut Sink,
        truth: Option<&Truth>,
        st: &Sterile,
        obs: &Observer,
    ) {
        let nishio = level == ChainLevel::Nishio;
        let dynamic = level != ChainLevel::Multiple;
        // Static chains: a cell or region chain is looked for only where the reachability
        // pre-check allows one, and the nets are built only then.
        let lazy = !dynamic;
        let rules = level.rules();
        self.used = 0;
        self.on_slot.iter_mut().for_each(|s| *s = NO_SLOT);
        self.multi = 0;
        self.live = [0; 9];
        for c in 0..81 {
            let m = g.cands[c];
            if pop9(m) >= 2 {
                self.multi |= 1u128 << c;
            }
            if pop9(m) == 2 {
                for e in bits16(m) {
                    self.live[e] |= 1u128 << c;
                }
            }
        }
        if lazy {
            self.partner.clear();
            self.partner.resize(729, 0);
        }
        for h in 0..27 {
            for e in 0..9 {
                let pp = g.pos[e] & g.geo.mask[h];
                if crate::board::two_bits(pp) {
                    self.live[e] |= pp;
                    if lazy {
                        for x in crate::board::bits(pp) {
                            self.partner[x * 9 + e] |= pp & !(1u128 << x);
                        }
                    }
                }
            }
        }
        if lazy {
            self.carry_reach(g);
        }
        let contradictions = dynamic || nishio;
        for c in 0..81 {
            let n = pop9(g.cands[c]);
            if g.values[c].is_some() || !(n > 2 || (n > 1 && dynamic)) {
                continue;
            }
            if obs.poll() {
                return;
            }
            let mut cell_on = [u128::MAX; 9];
            let mut cell_off = [u128::MAX; 9];
            let mut first: Option<u32> = None;
            let mut digit_slots = [NO_SLOT; 9];
            for d in bits16(g.cands[c]) {
                let holds = truth.map(|t| t.holds_at(c, d));
                // Nishio uses the "on" net only for its contradiction.
                let skip_on = (nishio
                    && (holds == Some(true) || !nishio_may_contradict(g, d, 1u128 << c, 0)))
                    || lazy;
                let on = if skip_on {
                    NO_SLOT
                } else {
                    self.on_net(g, (c, d), rules, limit_of(sink), st, obs)
                };
                digit_slots[d] = on;
                if contradictions && !skip_on {
                    if let Some((a, b)) = self.on_contra[c * 9 + d] {
                        self.consider(
                            g,
                            level,
                            Kind::Contradiction,
                            key(c, d, false),
                            &[(on, a), (on, b)],
                            sink,
                        );
                    }
                }
                // The "off" assumption: only its contradictions and doubles are used.
                let do_double = n >= 3 && !nishio && dynamic;
                if ((contradictions && holds != Some(false)) || do_double)
                    && (!nishio || nishio_may_contradict(g, d, 0, 1u128 << c))
                {
                    let off = self.alloc();
                    self.nets[off as usize].start(key(c, d, false));
                    let limit = limit_of(sink);
                    let contra = self.prop.propagate_within(
                        g,
                        &mut self.nets[off as usize],
                        rules,
                        limit,
                        st,
                        obs,
                    );
                    if contradictions {
                        if let Some((a, b)) = contra {
                            self.consider(
                                g,
                                level,
                                Kind::Contradiction,
                                key(c, d, true),
                                &[(off, a), (off, b)],
                                sink,
                            );
                        }
                    }
                    // Only a consequence both reach that names a candidate of the grid (an
                    // "on" in a cell with two or more) can make a hint (see `consider`).
                    let both = do_double && {
                        let (a, b) = (&self.nets[on as usize], &self.nets[off as usize]);
                        (0..9).any(|e| {
                            let on_common = a.on_bits[e] & b.on_bits[e] & g.pos[e] & self.multi;
                            let off_common = a.off_bits[e] & b.off_bits[e] & g.pos[e];
                            on_common | off_common != 0
                        })
                    };
                    if both {
                        // Every consequence of "on" that "off" also reaches, on-list then off-list.
                        for on_list in [true, false] {
                            let len = self.nets[on as usize].list(on_list).len();
                            for j in 0..len {
                                let net = &self.nets[on as usize];
                                let i = net.list(on_list)[j];
                                let k = net.nodes[i as usize].key;
                                if let Some(i2) = self.nets[off as usize].find(k) {
                                    self.consider(
                                        g,
                                        level,
                                        Kind::Double,
                                        k,
                                        &[(on, i), (off, i2)],
                                        sink,
                                    );
                                }
                            }
                        }
                    }
                    // The off net is not needed any more: give its slot back.
                    self.used -= 1;
                }
                if !nishio {
                    self.regions(g, level, rules, (c, d), sink, st, obs);
                }
                if skip_on {
                    continue;
                }
                let net = &self.nets[on as usize];
                for e in 0..9 {
                    cell_on[e] &= net.on_bits[e];
                    cell_off[e] &= net.off_bits[e];
                }
                first.get_or_insert(on);
            }
            if lazy {
                let mut pre_on = [u128::MAX; 9];
                let mut pre_off = [u128::MAX; 9];
                let mut may = true;
                for d in bits16(g.cands[c]) {
                    self.meet_reach(g, c, d, &mut pre_on, &mut pre_off);
                    may = self.may_conclude(g, &pre_on, &pre_off);
                    if !may {
                        break;
                    }
                }
                if !may {
                    continue;
                }
                for d in bits16(g.cands[c]) {
                    let on = self.on_net(g, (c, d), rules, limit_of(sink), st, obs);
                    digit_slots[d] = on;
                    let net = &self.nets[on as usize];
                    for e in 0..9 {
                        cell_on[e] &= net.on_bits[e];
                        cell_off[e] &= net.off_bits[e];
                    }
                    first.get_or_insert(on);
                }
            }
            // `first` is always set: the cell has two candidates or more.
            if !nishio && first.is_some() {
                let mut slots = [NO_SLOT; 9];
                let mut n = 0;
                for d in bits16(g.cands[c]) {
                    slots[n] = digit_slots[d];
                    n += 1;
                }
                self.offer_common(g, level, Kind::Cell, &slots[..n], cell_on, cell_off, sink);
            }
        }
    }

    /// Starts a new grid for `static_reach` (`partner` is the grid's): the images are made
    /// again, and the reachability sets of the last grid are kept where they still hold.
    ///
    /// A static reach follows weak links to every candidate (the offs of the set) and strong
    /// links from the offs whose cell is bivalue or whose digit has two positions in a house.
    /// With candidates only removed, a set whose offs all kept their strong links has the
    /// same ons, and its offs lack only removed candidates, which [`Chainer::may_conclude`]
    /// ignores: the pre-check answers as it would with the set made again.
    fn carry_reach(&mut self, g: &Grid) {
        if self.reach.is_empty() {
            // Made on first use: a memory is made per rating, and most never get here.
            self.reach = vec![[0; 18]; 729];
            self.img = vec![([0; 9], 0); 729];
        }
        let old = self.reach_stamp;
        self.reach_stamp = self.reach_stamp.wrapping_add(1);
        if self.reach_stamp == 0 {
            self.reach_gen.iter_mut().for_each(|x| *x = 0);
            self.img_gen.iter_mut().for_each(|x| *x = 0);
            self.reach_stamp = 1;
        }
        let back = (0..81).any(|c| g.cands[c] & !self.reach_cands[c] != 0);
        if !back && old != 0 {
            // The offs whose strong links changed.
            let mut ch = [0u128; 9];
            for c in 0..81 {
                let (was, now) = (self.reach_cands[c], g.cands[c]);
                let y = pop9(was) == 2 || pop9(now) == 2;
                for e in bits16(was) {
                    if (y && was != now) || self.reach_partner[c * 9 + e] != self.partner[c * 9 + e]
                    {
                        ch[e] |= 1u128 << c;
                    }
                }
            }
            for i in 0..729 {
                if self.reach_gen[i] == old && (0..9).all(|e| self.reach[i][9 + e] & ch[e] == 0) {
                    self.reach_gen[i] = self.reach_stamp;
                }
            }
        }
        self.reach_cands = g.cands;
        self.reach_partner.copy_from_slice(&self.partner);
    }

    /// Whether common consequences `on`/`off` hold one a hint could conclude: an off of a
    /// candidate, or an on in a cell with two candidates or more (see `Chainer::consider`).
    fn may_conclude(&self, g: &Grid, on: &[u128; 9], off: &[u128; 9]) -> bool {
        (0..9).any(|e| off[e] & g.pos[e] != 0 || on[e] & g.pos[e] & self.multi != 0)
    }

    /// Intersects `on`/`off` with the static reachability of "(c, d) on": every potential a
    /// static net from it can hold (the net itself may stop earlier, at a contradiction or
    /// at a complexity limit).
    fn meet_reach(
        &mut self,
        g: &Grid,
        c: usize,
        d: usize,
        on: &mut [u128; 9],
        off: &mut [u128; 9],
    ) {
        let i = c * 9 + d;
        if self.reach_gen[i] != self.reach_stamp {
            // Written in place: no copy of the 18 masks.
            static_reach(
                g,
                &self.live,
                &self.partner,
                &mut self.img,
                &mut self.img_gen,
                self.reach_stamp,
                c,
                d,
                &mut self.reach[i],
            );
            self.reach_gen[i] = self.reach_stamp;
        }
        let r = &self.reach[i];
        for e in 0..9 {
            on[e] &= r[e];
            off[e] &= r[9 + e];
        }
    }

    /// Region forcing chains for digit `d` of cell `c` (SE's `doRegionChainings`): each house
    /// of the cell, examined only from the digit's first position in it.
    #[allow(clippy::too_many_arguments)]
    fn regions(
        &mut self,
        g: &Grid,
        level: ChainLevel,
        rules: Rules,
        (c, d): (usize, usize),
        sink: &mut Sink,
        st: &Sterile,
        obs: &Observer,
    ) {
        for kind in [BLOCK, ROW, COL] {
            let h = g.geo.houses[c][kind] as usize;
            let pp = g.pos[d] & g.geo.mask[h];
            if !many_bits(pp) || pp.trailing_zeros() as usize != c {
                continue;
            }
            if !rules.dynamic {
                let mut pre_on = [u128::MAX; 9];
                let mut pre_off = [u128::MAX; 9];
                let mut may = true;
                for q in crate::board::bits(pp) {
                    self.meet_reach(g, q, d, &mut pre_on, &mut pre_off);
                    may = self.may_conclude(g, &pre_on, &pre_off);
                    if !may {
                        break;
                    }
                }
                if !may {
                    continue;
                }
            }
            let mut slots = [NO_SLOT; 9];
            let mut n = 0;
            let mut on_bits = [u128::MAX; 9];
            let mut off_bits = [u128::MAX; 9];
            for q in crate::board::bits(pp) {
                let s = self.on_net(g, (q, d), rules, limit_of(sink), st, obs);
                slots[n] = s;
                n += 1;
                let net = &self.nets[s as usize];
                for e in 0..9 {
                    on_bits[e] &= net.on_bits[e];
                    off_bits[e] &= net.off_bits[e];
                }
            }
            let region = Kind::Region(kind);
            self.offer_common(g, level, region, &slots[..n], on_bits, off_bits, sink);
        }
    }

    /// Offers, as forcing chains of `kind`, every node that the nets in `slots` all reach
    /// (`on_bits`/`off_bits`: the intersection of their on and off sets), in the order of the
    /// first net's on-list then off-list, as SE scans them. Each branch runs from one net to
    /// the common node.
    #[allow(clippy::too_many_arguments)]
    fn offer_common(
        &mut self,
        g: &Grid,
        level: ChainLevel,
        kind: Kind,
        slots: &[u32],
        on_bits: [u128; 9],
        off_bits: [u128; 9],
        sink: &mut Sink,
    ) {
        // Only a common consequence naming a candidate of the grid (an "on" in a cell with two
        // or more) can make a hint (see `consider`).
        if !self.may_conclude(g, &on_bits, &off_bits) {
            return;
        }
        let f = slots[0];
        let mut branches: Vec<Branch> = Vec::with_capacity(9);
        for on_list in [true, false] {
            let len = self.nets[f as usize].list(on_list).len();
            let bits = if on_list { on_bits } else { off_bits };
            for j in 0..len {
                let net = &self.nets[f as usize];
                let i = net.list(on_list)[j];
                let k = net.nodes[i as usize].key;
                if bits[key_digit(k)] >> key_cell(k) & 1 == 0 {
                    continue;
                }
                branches.clear();
                for &s in slots {
                    let node = self.nets[s as usize].find(k).expect("in every branch");
                    branches.push((s, node));
                }
                self.consider(g, level, kind, k, &branches, sink);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::se::rate_sudoku;
    use nonet_core::Sudoku;

    /// Issue 20, item 18 (nested levels 3 to 5 rated 0.1 low): a cell forcing chain used
    /// inside another chain depends on the candidates its cell lost since the outer chain's
    /// start grid, because SE takes its assumptions as a naked single when it collects the
    /// hint's rule parents. Without them the outer chain counted fewer ancestors.
    ///
    /// After the first 40 steps of SE's solve of this puzzle, cell r9c9 is the only one with
    /// three candidates, so every cell forcing chain of the multiple forcing chains (which
    /// skip bivalue cells) starts there. Outer start grid: the same with one more candidate
    /// in that cell.
    #[test]
    fn nested_cell_chains_depend_on_the_candidates_their_cell_lost() {
        let s = Sudoku::from_line(
            ".1.....8.43..89..597.4.53.....3.28.............35.6.....52.8.393..71..62.2.....4.",
        )
        .unwrap();
        let steps = rate_sudoku(&s.into()).steps;
        let mut g = Grid::from_puzzle(&s.into());
        for h in &steps[..40] {
            g.apply(h);
        }
        let multi: Vec<usize> = (0..81).filter(|&c| pop9(g.cands[c]) > 2).collect();
        assert_eq!(multi, [80], "r9c9 alone has three candidates");
        let c0 = multi[0];
        let x = (0x1ff & !g.cands[c0]).trailing_zeros() as usize;
        let mut src = g.clone();
        src.cands[c0] |= 1 << x;
        src.pos[x] |= 1u128 << c0;

        let mut hints = Vec::new();
        Chainer::default().collect(
            &g,
            &src,
            NestedRule::Multiple,
            &mut hints,
            &Sterile::default(),
            &Observer::never(),
        );
        let cell_chains: Vec<&NestedHint> = hints
            .iter()
            .filter(|h| h.sort_key == Kind::Cell.sort_key())
            .collect();
        assert!(!cell_chains.is_empty(), "cell forcing chains from r9c9");
        for h in cell_chains {
            assert!(
                h.parents.mask(x) >> c0 & 1 != 0,
                "a cell chain from cell {c0} depends on its lost candidate {}",
                x + 1
            );
        }
    }
}
