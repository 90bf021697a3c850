//! SE's level-0 chaining producer (SE-SPEC §5.2): bidirectional cycles and forcing X/XY chains,
//! found by layered breadth-first search on the unchanged grid, in three passes (X links only,
//! Y links only, both).

use crate::board::{bit, bits16, pop9, two_bits, two_bits16};
use crate::se::grid::{Grid, BLOCK, COL, ROW};
use crate::se::{cand, rated_step, se_base, Truth};
use crate::step::{CandidateSet, Chain, ChainLink, Step};
use crate::technique::Technique;
use nonet_core::{Cell, CellSet};

use super::net::{
    key, key_cell, key_digit, key_on, on_rule_parents, NestedHint, CAUSE_CELL, CAUSE_HOUSE,
    CAUSE_NONE,
};
use super::{length_bonus, link, Best, Sink};

const NONE: u32 = u32::MAX;

/// Scratch buffers of the search, reused between calls.
#[derive(Default)]
pub struct Cycles {
    /// (key, first parent) of every potential object created.
    nodes: Vec<(u16, u32)>,
    /// Line length (potentials from the root) of each node.
    lens: Vec<u32>,
    /// Why each "on" holds (see `net::CAUSE_*`).
    causes: Vec<u8>,
    /// "On" consequences with their causes.
    obuf: Vec<(u16, u8)>,
    /// Nodes longer than this cannot give a hint that beats the best so far: not created.
    max_len: u32,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    found: Vec<u32>,
    buf: Vec<u16>,
    /// Per candidate, the "on" potentials its "off" implies by house links, with causes
    /// (see [`Cycles::house_links`]).
    x_links: Vec<([(u16, u8); 3], u8)>,
    /// Recent answers of [`limit`], keyed by the best hint's keys, the base and the sort key:
    /// the best changes rarely, the limits are asked for at every root.
    limits: [(u64, u32, u8, u64, u8, u32); 4],
    /// Per candidate, the "on" potentials one weak then one strong link lead to from its
    /// "on" in the current pass (see [`Reach::image`]); valid where `img_gen` equals
    /// `img_stamp`.
    img: Vec<([u128; 9], u16)>,
    img_gen: Vec<u32>,
    img_stamp: u32,
    /// Roots known to give no hint (see [`Sterile`]).
    sterile: Sterile,
    /// The ons the last pre-check reached (see [`Reach::on_root`]).
    seen: [u128; 9],
    /// Per cell, the digits whose "off" leads on in the current pass (see
    /// [`Reach::live_cells`]).
    live_cell: Vec<u16>,
    /// The buffer of [`Reach::strong_x`], kept from one run to the next.
    strong_buf: Vec<u128>,
}

/// Roots that were searched without any limit and gave no hint, per pass, each with the
/// "on" potentials its searches can reach, kept from one run to the next.
///
/// Everything a pass does from a root (the pre-check, the cycle and chain searches) follows
/// weak links (to every candidate of the digit in the peers, or of the cell) and strong links
/// (from an "off" whose cell is bivalue or whose digit has two positions in a house); the
/// offs without a strong link are dead ends. So while no candidate comes back, the searches
/// from a root change only where the strong links of an "off" they reach change: an off is
/// reached by the weak links of a reached "on" (a peer with its digit, or another digit of
/// its cell), or is the root's own "off". Elsewhere they find the same lines; a cycle's
/// eliminations are candidates of the grid, so a line that eliminated nothing still
/// eliminates nothing, and a chain search that found nothing still finds nothing. A root
/// that gave no hint without limits gives none under any limit (a limited search finds a
/// subset), so skipping it changes nothing. The truth decides which chains are searched:
/// the entries are for one truth.
struct Sterile {
    /// The truth the entries were found with.
    truth: Option<Truth>,
    /// The candidates of each cell at the last run.
    cands: [u16; 81],
    /// The X strong links of each candidate at the last run (see `Reach::strong_x`).
    strong_x: Vec<u128>,
    /// Per pass and digit, the cells of the sterile roots.
    cells: [[u128; 9]; 3],
    /// Per pass and candidate, the ons its searches reach (valid for sterile roots; empty
    /// until the first sterile root).
    reach: Vec<[u128; 9]>,
}

impl Default for Sterile {
    fn default() -> Self {
        Sterile {
            truth: None,
            cands: [0; 81],
            strong_x: vec![0; 729],
            cells: [[0; 9]; 3],
            reach: Vec::new(),
        }
    }
}

impl Sterile {
    /// Drops the roots whose searches may differ on `g` from the last run (see [`Sterile`]);
    /// `strong_x` is `g`'s (the run hands it over to `self` when it ends).
    fn update(&mut self, g: &Grid, truth: Option<&Truth>, strong_x: &[u128]) {
        let back = (0..81).any(|c| g.cands[c] & !self.cands[c] != 0);
        if back || self.truth.as_ref() != truth {
            self.truth = truth.copied();
            self.cells = [[0; 9]; 3];
        } else if self.cells.iter().flatten().any(|&m| m != 0) {
            // The offs whose strong links changed: X (house) and Y (cell) links apart.
            let mut ch_x = [0u128; 9];
            let mut ch_y = [0u128; 9];
            let mut ch_y_cells = 0u128;
            for c in 0..81 {
                let (old, new) = (self.cands[c], g.cands[c]);
                if old == 0 {
                    continue;
                }
                if two_bits16(old) != two_bits16(new) || (two_bits16(old) && old != new) {
                    ch_y_cells |= 1u128 << c;
                    for e in bits16(old) {
                        ch_y[e] |= 1u128 << c;
                    }
                }
                for e in bits16(old) {
                    if self.strong_x[c * 9 + e] != strong_x[c * 9 + e] {
                        ch_x[e] |= 1u128 << c;
                    }
                }
            }
            for (p, cells) in self.cells.iter_mut().enumerate() {
                let (x, y) = (p != 1, p != 0);
                let mut ch = [0u128; 9];
                let mut ch_cells = 0u128;
                for e in 0..9 {
                    if x {
                        ch[e] |= ch_x[e];
                    }
                    if y {
                        ch[e] |= ch_y[e];
                    }
                    ch_cells |= ch[e];
                }
                if ch_cells == 0 {
                    continue;
                }
                if !x {
                    ch_cells &= ch_y_cells;
                }
                // The ons whose weak links reach a changed off: its peers with the digit,
                // and (Y links) the other digits of its cell.
                let mut near = [0u128; 9];
                for e in 0..9 {
                    for q in crate::board::bits(ch[e]) {
                        near[e] |= g.geo.peer_mask[q];
                    }
                }
                for d in 0..9 {
                    for c in crate::board::bits(cells[d]) {
                        let r = &self.reach[p * 729 + c * 9 + d];
                        let mut hit = ch[d] >> c & 1 != 0;
                        let mut on_cells = 0u128;
                        for e in 0..9 {
                            hit |= r[e] & near[e] != 0;
                            on_cells |= r[e];
                        }
                        hit |= y && on_cells & ch_cells != 0;
                        if hit {
                            cells[d] &= !(1u128 << c);
                        }
                    }
                }
            }
        }
        // `strong_x` becomes this grid's at the end of the run (see `Cycles::run`).
        self.cands = g.cands;
    }
}

impl Cycles {
    /// [`limit`], remembered while the best hint stays the same.
    fn limit(&mut self, sink: &Sink, base: f64, sort_key: u8) -> u32 {
        let Sink::Best { best: Some(b), .. } = sink else {
            return limit(sink, base, sort_key);
        };
        let k = (
            b.difficulty.to_bits(),
            b.step.complexity,
            b.sort_key,
            base.to_bits(),
            sort_key,
        );
        if let Some(e) = self.limits.iter().find(|e| (e.0, e.1, e.2, e.3, e.4) == k) {
            return e.5;
        }
        let v = limit(sink, base, sort_key);
        self.limits.rotate_right(1);
        self.limits[0] = (k.0, k.1, k.2, k.3, k.4, v);
        v
    }
}

/// The largest complexity worth finding: unlimited when collecting every hint.
fn limit(sink: &Sink, base: f64, sort_key: u8) -> u32 {
    match sink {
        Sink::Best { best, .. } => max_complexity(best, base, sort_key),
        Sink::Collect { .. } => u32::MAX,
    }
}

/// The largest complexity a hint of `base` and `sort_key` may have and still beat `best`.
fn max_complexity(best: &Option<Best>, base: f64, sort_key: u8) -> u32 {
    if best.is_none() {
        return u32::MAX;
    }
    let mut cx = 0;
    while cx < 100_000 && Best::beats(best, base + length_bonus(cx + 1), cx + 1, sort_key) {
        cx += 1;
    }
    cx
}

/// The houses where a digit has exactly two positions, as (house, digit, first cell, second
/// cell), house by house and digit by digit within a house; the count is the second value.
fn two_position_pairs(g: &Grid) -> ([(u8, u8, u8, u8); 243], usize) {
    let hpos = super::net::digit_house_positions(g);
    let mut out = [(0u8, 0u8, 0u8, 0u8); 243];
    let mut n = 0;
    for h in 0..27 {
        for d in 0..9 {
            let hp = hpos[d * 27 + h];
            if two_bits16(hp) {
                // House order is cell order.
                let a = g.geo.cells[h][hp.trailing_zeros() as usize];
                let b = g.geo.cells[h][15 - hp.leading_zeros() as usize];
                out[n] = (h as u8, d as u8, a, b);
                n += 1;
            }
        }
    }
    (out, n)
}

/// Bitboard reachability used to skip exact searches that cannot succeed: layer by layer,
/// the set of "on" potentials first reached and the "off" potentials they imply.
struct Reach {
    /// For candidate `c * 9 + d`: the cells holding `d` that are its only partner in some
    /// house (the X strong links).
    strong_x: Vec<u128>,
    /// Per digit, the cells whose candidate has an X strong link.
    has_x: [u128; 9],
    /// Per cell, the digits whose candidate has an X strong link.
    has_x_cell: [u16; 81],
    /// The bivalue cells.
    bivalue: u128,
    /// The offs that imply an "on" in the current pass (see [`Reach::live`]).
    live: [u128; 9],
}

impl Reach {
    fn new(g: &Grid, buf: Vec<u128>, pairs: &[(u8, u8, u8, u8)]) -> Reach {
        let mut strong_x = buf;
        strong_x.clear();
        strong_x.resize(729, 0);
        let mut has_x = [0u128; 9];
        let mut has_x_cell = [0u16; 81];
        let mut bivalue = 0u128;
        // A house where a digit has exactly two positions links them both ways.
        for &(_, d, a, b) in pairs {
            let (d, a, b) = (d as usize, a as usize, b as usize);
            strong_x[a * 9 + d] |= 1u128 << b;
            strong_x[b * 9 + d] |= 1u128 << a;
            has_x[d] |= 1u128 << a | 1u128 << b;
            has_x_cell[a] |= 1 << d;
            has_x_cell[b] |= 1 << d;
        }
        for c in 0..81 {
            if two_bits16(g.cands[c]) {
                bivalue |= 1u128 << c;
            }
        }
        Reach {
            strong_x,
            has_x,
            has_x_cell,
            bivalue,
            live: [0; 9],
        }
    }

    /// Per cell, the digits whose "off" implies an "on" under `pass`: [`Reach::live`] by cell.
    fn live_cells(&self, g: &Grid, pass: Pass) -> [u16; 81] {
        let mut out = [0u16; 81];
        for c in 0..81 {
            if pass.x {
                out[c] |= self.has_x_cell[c];
            }
            if pass.y && two_bits16(g.cands[c]) {
                out[c] |= g.cands[c];
            }
        }
        out
    }

    /// The offs that imply an "on" under `pass` (the others are dead ends).
    fn live(&self, g: &Grid, pass: Pass) -> [u128; 9] {
        let mut live = [0u128; 9];
        for d in 0..9 {
            if pass.x {
                live[d] |= self.has_x[d];
            }
            if pass.y {
                live[d] |= self.bivalue & g.pos[d];
            }
        }
        live
    }

    /// The "on" potentials implied by the offs of `off`.
    #[inline]
    fn strong(&self, g: &Grid, off: &[u128; 9], pass: Pass, out: &mut [u128; 9]) {
        *out = [0; 9];
        for d in 0..9 {
            // Dead ends imply nothing.
            for c in crate::board::bits(off[d] & self.live[d]) {
                if pass.y && two_bits16(g.cands[c]) {
                    let d2 = (g.cands[c] & !(1 << d)).trailing_zeros() as usize;
                    out[d2] |= 1u128 << c;
                }
                if pass.x {
                    out[d] |= self.strong_x[c * 9 + d];
                }
            }
        }
    }

    /// The next layer of ons from the ons of `front`: the union of their images (see `image`).
    fn layer(&self, g: &Grid, pass: Pass, img: &mut ImageCache, front: &[u128; 9]) -> [u128; 9] {
        let mut ons = [0u128; 9];
        for (e, &f) in front.iter().enumerate() {
            if f == 0 {
                continue;
            }
            for x in crate::board::bits(f) {
                let i = x * 9 + e;
                let (m, md) = img.get(i, |slot| self.image(g, pass, i, slot));
                for e2 in bits16(*md) {
                    ons[e2] |= m[e2];
                }
            }
        }
        ons
    }

    /// The "on" potentials that "on" of candidate `i` (`cell * 9 + digit`) leads to through
    /// one weak link and one strong link in `pass`: the next layer of [`Reach::on_root`]'s
    /// search from it alone. Both link steps distribute over unions, so a layer is the union
    /// of its potentials' images.
    ///
    /// Written into `slot` (the cache's entry) rather than returned: no copy of the image.
    fn image(&self, g: &Grid, pass: Pass, i: usize, slot: &mut ([u128; 9], u16)) {
        let (c, d) = (i / 9, i % 9);
        let out = &mut slot.0;
        *out = [0u128; 9];
        // Weak links to the digit in the peers, then the strong links of those offs.
        for c2 in crate::board::bits(g.geo.peer_mask[c] & g.pos[d] & self.live[d]) {
            if pass.y && two_bits16(g.cands[c2]) {
                let d2 = (g.cands[c2] & !(1 << d)).trailing_zeros() as usize;
                out[d2] |= 1u128 << c2;
            }
            if pass.x {
                out[d] |= self.strong_x[c2 * 9 + d];
            }
        }
        // Weak links to the cell's other digits, then theirs.
        if pass.y {
            let m = g.cands[c];
            for d2 in bits16(m & !(1 << d)) {
                if self.live[d2] >> c & 1 == 0 {
                    continue;
                }
                if two_bits16(m) {
                    out[d] |= 1u128 << c;
                }
                if pass.x {
                    out[d2] |= self.strong_x[c * 9 + d2];
                }
            }
        }
        let mut digits = 0u16;
        for e in 0..9 {
            if out[e] != 0 {
                digits |= 1 << e;
            }
        }
        slot.1 = digits;
    }

    /// Adds to `out` the ons the strong links of "(c, d) off" give under `pass`.
    #[inline]
    fn strong_of(&self, g: &Grid, c: usize, d: usize, pass: Pass, out: &mut [u128; 9]) {
        if self.live[d] >> c & 1 == 0 {
            return;
        }
        if pass.y && two_bits16(g.cands[c]) {
            let d2 = (g.cands[c] & !(1 << d)).trailing_zeros() as usize;
            out[d2] |= 1u128 << c;
        }
        if pass.x {
            out[d] |= self.strong_x[c * 9 + d];
        }
    }

    /// After [`Reach::on_root`] said yes for cycles from "(c, d) on": whether a cycle of
    /// complexity at most `cycle_len` may still close, by the line rule.
    ///
    /// Every off that leads back to the root is a weak link of the root, so the search meets
    /// it first at line length 2, below the root; every line deeper down passes through one
    /// such first off, and a line closes a cycle at an off of `to_root` only if that off is
    /// not on it (SE's `isParent`). So a cycle through such an off `o` needs an on, reached
    /// from the root without `o`, whose weak link reaches `o`: the layers are searched again
    /// from the root's other first offs, once per `o` (the first on found ends the search).
    fn cycle_avoiding(
        &self,
        g: &Grid,
        c: usize,
        d: usize,
        pass: Pass,
        cycle_len: u32,
        img: &mut ImageCache,
    ) -> bool {
        let mut ends = [(0usize, 0usize); 4];
        let mut n = 0;
        if pass.y && two_bits16(g.cands[c]) {
            ends[n] = (c, (g.cands[c] & !(1 << d)).trailing_zeros() as usize);
            n += 1;
        }
        if pass.x {
            for c2 in crate::board::bits(self.strong_x[c * 9 + d]) {
                ends[n] = (c2, d);
                n += 1;
            }
        }
        for &(oc, od) in &ends[..n] {
            let mut pre = [0u128; 9];
            Self::weak_pre(g, oc, od, pass.y, &mut pre);
            // Line length 3: the strong links of the root's first offs but `o`.
            let mut front = [0u128; 9];
            for x in crate::board::bits(g.geo.peer_mask[c] & g.pos[d]) {
                if (x, d) != (oc, od) {
                    self.strong_of(g, x, d, pass, &mut front);
                }
            }
            if pass.y {
                for e in bits16(g.cands[c] & !(1 << d)) {
                    if (c, e) != (oc, od) {
                        self.strong_of(g, c, e, pass, &mut front);
                    }
                }
            }
            let mut seen = [0u128; 9];
            seen[d] = 1u128 << c;
            front[d] &= !seen[d];
            for e in 0..9 {
                seen[e] |= front[e];
            }
            // As in `on_root`: the ons of iteration k close cycles of complexity 2k + 1.
            let mut k = 2u32;
            while 2 * k <= cycle_len {
                if (0..9).any(|e| front[e] & pre[e] != 0) {
                    return true;
                }
                let ons = self.layer(g, pass, img, &front);
                if !advance(&mut front, &ons, &mut seen) {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// Adds to `pre` the "on" potentials whose weak links reach "off" of (`c`, `d`).
    #[inline]
    fn weak_pre(g: &Grid, c: usize, d: usize, y: bool, pre: &mut [u128; 9]) {
        pre[d] |= g.geo.peer_mask[c] & g.pos[d];
        if y {
            for d2 in bits16(g.cands[c] & !(1 << d)) {
                pre[d2] |= 1u128 << c;
            }
        }
    }

    /// Every "on" the searches of `pass` from candidate (`c`, `d`) can reach: from its "on",
    /// and (passes with X links, which search chains from the "off" too) from its "off".
    ///
    /// `from_on`: the ons reachable from its "on" when already known (a closed set).
    fn closure(
        &self,
        g: &Grid,
        c: usize,
        d: usize,
        pass: Pass,
        img: &mut ImageCache,
        from_on: Option<&[u128; 9]>,
    ) -> [u128; 9] {
        let mut seen = [0u128; 9];
        let mut front = [0u128; 9];
        match from_on {
            Some(on) => seen = *on,
            None => {
                seen[d] = 1u128 << c;
                front[d] = 1u128 << c;
            }
        }
        if pass.x {
            // The strong links of "(c, d) off" (an X pass searches from it with X links).
            let mut off = [0u128; 9];
            off[d] = 1u128 << c;
            let mut ons = [0u128; 9];
            self.strong(g, &off, Pass { x: true, y: pass.y }, &mut ons);
            for e in 0..9 {
                front[e] |= ons[e] & !seen[e];
                seen[e] |= ons[e];
            }
        }
        loop {
            let ons = self.layer(g, pass, img, &front);
            if !advance(&mut front, &ons, &mut seen) {
                return seen;
            }
        }
    }

    /// From "(c, d) on": whether a cycle back to it of complexity at most `cycle_len` may
    /// exist, and whether "(c, d) off" follows with complexity at most `chain_len`.
    ///
    /// Layer by layer over the "on" potentials, with the images of `img` (made on demand,
    /// see [`Reach::image`]): an off of line length 2k is reached when the ons of layer
    /// 2k - 1 include one of its weak-link predecessors.
    #[allow(clippy::too_many_arguments)]
    fn on_root(
        &self,
        g: &Grid,
        c: usize,
        d: usize,
        pass: Pass,
        cycle_len: u32,
        chain_len: u32,
        img: &mut ImageCache,
        full: bool,
        seen: &mut [u128; 9],
    ) -> (bool, bool, bool) {
        let limit = cycle_len.max(chain_len);
        if limit < 2 {
            return (false, false, false);
        }
        // The ons whose weak links reach the target "(c, d) off".
        let mut to_target = [0u128; 9];
        Self::weak_pre(g, c, d, pass.y, &mut to_target);
        // The ons whose weak links reach an off that implies the root.
        let mut to_cycle = [0u128; 9];
        if pass.y && two_bits16(g.cands[c]) {
            let d2 = (g.cands[c] & !(1 << d)).trailing_zeros() as usize;
            Self::weak_pre(g, c, d2, true, &mut to_cycle);
        }
        if pass.x {
            for c2 in crate::board::bits(self.strong_x[c * 9 + d]) {
                Self::weak_pre(g, c2, d, pass.y, &mut to_cycle);
            }
        }
        // Per digit, the ons seen and the ons of the current layer; `front[e]` and `ons[e]`
        // are meaningful only for the digits of `front_digits` and `on_digits` (most layers,
        // and every layer of the X pass, hold one or two digits).
        *seen = [0u128; 9];
        let mut front = [0u128; 9];
        let mut ons = [0u128; 9];
        seen[d] = 1u128 << c;
        front[d] = 1u128 << c;
        let mut front_digits = 1u16 << d;
        let (mut cycle, mut target) = (false, false);
        let mut k = 1u32;
        // Iteration k makes offs of line length 2k and ons of 2k + 1.
        while 2 * k <= limit {
            if 2 * k <= chain_len && bits16(front_digits).any(|e| front[e] & to_target[e] != 0) {
                target = true;
            }
            if k >= 2
                && 2 * k <= cycle_len
                && bits16(front_digits).any(|e| front[e] & to_cycle[e] != 0)
            {
                cycle = true;
            }
            // Once both answers are known the search may stop, unless the caller wants
            // every on it reaches (`full`): going on changes neither answer.
            if !full && (cycle || cycle_len < 4) && (target || chain_len == 0) {
                break;
            }
            let mut on_digits = 0u16;
            for e in bits16(front_digits) {
                for x in crate::board::bits(front[e]) {
                    let i = x * 9 + e;
                    let (m, md) = img.get(i, |slot| self.image(g, pass, i, slot));
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
                front[e] = ons[e] & !seen[e];
                if front[e] != 0 {
                    seen[e] |= front[e];
                    front_digits |= 1 << e;
                }
            }
            if front_digits == 0 {
                // Every on reachable is in `seen`.
                return (cycle, target, true);
            }
            k += 1;
        }
        (cycle, target, false)
    }

    /// From "(c, d) off": whether "(c, d) on" follows with complexity at most `max_len`.
    ///
    /// The first layer of ons comes from the strong links of the off, each next one from the
    /// images of the new ons of the last (see [`Reach::image`]; `pass` has X links).
    fn off_root(
        &self,
        g: &Grid,
        c: usize,
        d: usize,
        pass: Pass,
        max_len: u32,
        img: &mut ImageCache,
    ) -> bool {
        if max_len < 2 {
            return false;
        }
        let mut off = [0u128; 9];
        off[d] = 1u128 << c;
        let mut front = [0u128; 9];
        self.strong(g, &off, Pass { x: true, y: pass.y }, &mut front);
        if front[d] >> c & 1 != 0 {
            return true;
        }
        let mut seen = front;
        // The line length of the ons of `front`.
        let mut len = 2u32;
        loop {
            if len + 2 > max_len {
                return false;
            }
            let ons = self.layer(g, pass, img, &front);
            if ons[d] >> c & 1 != 0 {
                return true;
            }
            if !advance(&mut front, &ons, &mut seen) {
                return false;
            }
            len += 2;
        }
    }
}

/// The images of [`Reach::image`] made so far in one pass: an entry is valid where `gen`
/// equals `stamp`.
struct ImageCache<'a> {
    img: &'a mut [([u128; 9], u16)],
    gen: &'a mut [u32],
    stamp: u32,
}

impl ImageCache<'_> {
    /// The image of potential `i`, made by `make` the first time it is asked for in the pass.
    fn get(&mut self, i: usize, make: impl FnOnce(&mut ([u128; 9], u16))) -> &([u128; 9], u16) {
        if self.gen[i] != self.stamp {
            self.gen[i] = self.stamp;
            make(&mut self.img[i]);
        }
        &self.img[i]
    }
}

/// Moves `front` to the ons of `ons` not yet `seen` and adds them to `seen`; false when none is
/// new (the search has reached everything it can).
fn advance(front: &mut [u128; 9], ons: &[u128; 9], seen: &mut [u128; 9]) -> bool {
    let mut any = false;
    for e in 0..9 {
        front[e] = ons[e] & !seen[e];
        seen[e] |= front[e];
        any |= front[e] != 0;
    }
    any
}

/// One pass's link rules.
#[derive(Clone, Copy)]
struct Pass {
    x: bool,
    y: bool,
}

impl Cycles {
    fn push(&mut self, k: u16, parent: u32) -> u32 {
        self.push_cause(k, parent, CAUSE_NONE)
    }

    fn push_cause(&mut self, k: u16, parent: u32, cause: u8) -> u32 {
        self.causes.push(cause);
        let len = if parent == NONE {
            1
        } else {
            self.lens[parent as usize] + 1
        };
        self.lens.push(len);
        self.nodes.push((k, parent));
        (self.nodes.len() - 1) as u32
    }

    /// Whether `k` is on the first-parent line above node `p` (SE's `isParent`).
    fn is_parent(&self, p: u32, k: u16) -> bool {
        let mut t = self.nodes[p as usize].1;
        while t != NONE {
            if self.nodes[t as usize].0 == k {
                return true;
            }
            t = self.nodes[t as usize].1;
        }
        false
    }

    /// ON -> OFF consequences of `k` into `buf` (SE's `getOnToOff`).
    ///
    /// Only the offs of `keep` are listed: the others lead nowhere, and leaving them out
    /// changes neither the lines found nor their order. Offs already `seen` are left out too
    /// unless `again` holds them: the caller would drop them.
    fn on_to_off(
        g: &Grid,
        k: u16,
        y: bool,
        keep: &[u128; 9],
        seen: &[u128; 9],
        again: &[u128; 9],
        buf: &mut Vec<u16>,
    ) {
        buf.clear();
        let (c, d) = (key_cell(k), key_digit(k));
        if y {
            for d2 in bits16(g.cands[c] & !(1 << d)) {
                if (keep[d2] & (!seen[d2] | again[d2])) >> c & 1 != 0 {
                    buf.push(key(c, d2, false));
                }
            }
        }
        // SE's peer order: the block, then the rest of the row, then the rest of the column,
        // each part in row-major order.
        let peers = g.geo.peer_mask[c] & g.pos[d] & keep[d] & (!seen[d] | again[d]);
        if peers != 0 {
            let [b, r, _] = g.geo.houses[c];
            let in_block = peers & g.geo.mask[b as usize];
            let in_row = peers & g.geo.mask[r as usize] & !in_block;
            let in_col = peers & !in_block & !in_row;
            for part in [in_block, in_row, in_col] {
                for c2 in crate::board::bits(part) {
                    buf.push(key(c2, d, false));
                }
            }
        }
    }

    /// OFF -> ON consequences of `k` into `buf`, without repeats (SE's `getOffToOn`). The house
    /// links come from `x_links` (see [`Cycles::house_links`]).
    fn off_to_on(
        g: &Grid,
        x_links: &[([(u16, u8); 3], u8)],
        k: u16,
        pass: Pass,
        buf: &mut Vec<(u16, u8)>,
    ) {
        buf.clear();
        let (c, d) = (key_cell(k), key_digit(k));
        if pass.y && two_bits16(g.cands[c]) {
            let d2 = (g.cands[c] & !(1 << d)).trailing_zeros() as usize;
            buf.push((key(c, d2, true), CAUSE_CELL));
        }
        if pass.x {
            let (links, n) = &x_links[c * 9 + d];
            buf.extend_from_slice(&links[..*n as usize]);
        }
    }

    /// For each candidate, the "on" potentials its "off" implies by house links (the digit's
    /// other position in each house of the cell, Block, Row, Column, without repeats), with
    /// their causes: made once per grid, read at every "off" of the searches.
    fn house_links(&mut self, pairs: &[(u8, u8, u8, u8)]) {
        self.x_links.clear();
        self.x_links.resize(729, ([(0, 0); 3], 0));
        // House by house (blocks, rows, columns), so that each candidate's links come in
        // Block, Row, Column order.
        for &(h, d, a, b) in pairs {
            let cause = CAUSE_HOUSE + h / 9;
            let (d, a, b) = (d as usize, a as usize, b as usize);
            for (x, y) in [(a, b), (b, a)] {
                let (links, n) = &mut self.x_links[x * 9 + d];
                let nk = key(y, d, true);
                if !links[..*n as usize].iter().any(|&(k2, _)| k2 == nk) {
                    links[*n as usize] = (nk, cause);
                    *n += 1;
                }
            }
        }
    }

    /// The cause of the "on" root reached back from off `k` (the first rule that gives it,
    /// in the order of [`Cycles::off_to_on`]).
    fn cause_to(&self, g: &Grid, k: u16, root: u16, pass: Pass) -> u8 {
        let (c, d) = (key_cell(k), key_digit(k));
        if pass.y && two_bits16(g.cands[c]) {
            let d2 = (g.cands[c] & !(1 << d)).trailing_zeros() as usize;
            if key(c, d2, true) == root {
                return CAUSE_CELL;
            }
        }
        if pass.x {
            let (links, n) = &self.x_links[c * 9 + d];
            if let Some(&(_, cause)) = links[..*n as usize].iter().find(|&&(k2, _)| k2 == root) {
                return cause;
            }
        }
        CAUSE_NONE
    }

    /// SE's `doCycles` from the "on" root: the ends of every cycle back to the root.
    ///
    /// SE keeps every "off" object, repeats included, but a repeated off can only matter by
    /// leading back to the root (its other consequences are already known when it is
    /// expanded), so repeats are created only for the offs that lead to the root. A first
    /// occurrence cannot be on the line above its parent (that line holds only potentials
    /// already created), so only repeats need SE's `isParent` test.
    fn do_cycles(&mut self, g: &Grid, root: u16, pass: Pass, live: &[u128; 9]) {
        self.nodes.clear();
        self.lens.clear();
        self.causes.clear();
        self.found.clear();
        self.pend_on.clear();
        self.pend_off.clear();
        // Seen offs per digit (masks, for the peers) and per cell (for the cell's digits);
        // seen ons per cell.
        let mut off_seen = [0u128; 9];
        let mut off_seen_cell = [0u16; 81];
        let mut on_seen_cell = [0u16; 81];
        // The offs whose consequences include the root: the root cell's other digits when it
        // is bivalue (Y), the digit's other position in a house where it has two (X).
        let (rc, rd) = (key_cell(root), key_digit(root));
        let mut to_root = [0u128; 9];
        let mut to_root_cell = [0u16; 81];
        if pass.y && two_bits16(g.cands[rc]) {
            let d2 = (g.cands[rc] & !(1 << rd)).trailing_zeros() as usize;
            to_root[d2] |= 1u128 << rc;
            to_root_cell[rc] |= 1 << d2;
        }
        if pass.x {
            for kind in [BLOCK, ROW, COL] {
                let pp = g.pos[rd] & g.geo.mask[g.geo.houses[rc][kind] as usize];
                if two_bits(pp) {
                    let other = pp & !(1u128 << rc);
                    to_root[rd] |= other;
                    to_root_cell[other.trailing_zeros() as usize] |= 1 << rd;
                }
            }
        }
        // Offs that lead on, and the offs that close a cycle.
        let mut keep = *live;
        for d in 0..9 {
            keep[d] |= to_root[d];
        }
        on_seen_cell[rc] |= 1 << rd;
        let r = self.push(root, NONE);
        self.pend_on.push(r);
        let mut length = 0;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            let ons = std::mem::take(&mut self.pend_on);
            for &p in &ons {
                // An off of line length L closes cycles of complexity L at best.
                if self.lens[p as usize] + 1 > self.max_len {
                    continue;
                }
                // SE's `getOnToOff`, listing only the offs that lead on or close a cycle, and
                // among those already seen only the ones that close a cycle (repeats, kept
                // unless on the line above).
                let k = self.nodes[p as usize].0;
                let (c, d) = (key_cell(k), key_digit(k));
                if pass.y {
                    let cand = g.cands[c] & !(1 << d);
                    let kept = self.live_cell[c] | to_root_cell[c];
                    for d2 in bits16(cand & kept & (!off_seen_cell[c] | to_root_cell[c])) {
                        let k2 = key(c, d2, false);
                        if off_seen_cell[c] >> d2 & 1 == 0 || !self.is_parent(p, k2) {
                            off_seen_cell[c] |= 1 << d2;
                            off_seen[d2] |= 1u128 << c;
                            let i = self.push(k2, p);
                            self.pend_off.push(i);
                        }
                    }
                }
                // SE's peer order: the block, then the rest of the row, then the rest of the
                // column, each part in row-major order.
                let peers = g.geo.peer_mask[c] & g.pos[d] & keep[d] & (!off_seen[d] | to_root[d]);
                if peers != 0 {
                    let repeats = peers & off_seen[d];
                    let [b, rw, _] = g.geo.houses[c];
                    let in_block = peers & g.geo.mask[b as usize];
                    let in_row = peers & g.geo.mask[rw as usize] & !in_block;
                    let in_col = peers & !in_block & !in_row;
                    for part in [in_block, in_row, in_col] {
                        for c2 in crate::board::bits(part) {
                            let k2 = key(c2, d, false);
                            if repeats != 0 && bit(repeats, c2) && self.is_parent(p, k2) {
                                continue;
                            }
                            off_seen_cell[c2] |= 1 << d;
                            let i = self.push(k2, p);
                            self.pend_off.push(i);
                        }
                    }
                    off_seen[d] |= peers;
                }
            }
            self.pend_on = ons;
            self.pend_on.clear();
            length += 1;
            let offs = std::mem::take(&mut self.pend_off);
            for &p in &offs {
                let pk = self.nodes[p as usize].0;
                let (pc, pd) = (key_cell(pk), key_digit(pk));
                if to_root_cell[pc] >> pd & 1 != 0 && length >= 4 {
                    let cause = self.cause_to(g, pk, root, pass);
                    let i = self.push_cause(root, p, cause);
                    self.found.push(i);
                }
                // An on of line length L leads to cycles of complexity L + 1 at best.
                if self.lens[p as usize] + 2 > self.max_len {
                    continue;
                }
                // SE's `getOffToOn`: the cell's other digit (Y), then the house links (X).
                if pass.y && two_bits16(g.cands[pc]) {
                    let d2 = (g.cands[pc] & !(1 << pd)).trailing_zeros() as usize;
                    if on_seen_cell[pc] >> d2 & 1 == 0 {
                        on_seen_cell[pc] |= 1 << d2;
                        let i = self.push_cause(key(pc, d2, true), p, CAUSE_CELL);
                        self.pend_on.push(i);
                    }
                }
                if pass.x {
                    let (links, n) = self.x_links[pc * 9 + pd];
                    for &(k, cause) in &links[..n as usize] {
                        let c = key_cell(k);
                        if on_seen_cell[c] >> pd & 1 == 0 {
                            on_seen_cell[c] |= 1 << pd;
                            let i = self.push_cause(k, p, cause);
                            self.pend_on.push(i);
                        }
                    }
                }
            }
            self.pend_off = offs;
            self.pend_off.clear();
        }
    }

    /// SE's `doForcingChains` from `root` (on or off): the first derivation of the root's
    /// opposite.
    fn do_forcing(&mut self, g: &Grid, root: u16, pass: Pass, live: &[u128; 9]) {
        self.nodes.clear();
        self.lens.clear();
        self.causes.clear();
        self.found.clear();
        self.pend_on.clear();
        self.pend_off.clear();
        let mut on_seen = [0u128; 9];
        let mut off_seen = [0u128; 9];
        let (rc, rd) = (key_cell(root), key_digit(root));
        let r = self.push(root, NONE);
        if key_on(root) {
            on_seen[rd] |= 1u128 << rc;
            self.pend_on.push(r);
        } else {
            off_seen[rd] |= 1u128 << rc;
            self.pend_off.push(r);
        }
        let target = root ^ 1;
        // Offs that lead on, and the target when it is an off.
        let mut keep = *live;
        if !key_on(target) {
            keep[rd] |= 1u128 << rc;
        }
        let mut buf = std::mem::take(&mut self.buf);
        let mut obuf = std::mem::take(&mut self.obuf);
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let ons = std::mem::take(&mut self.pend_on);
            for &p in &ons {
                if self.lens[p as usize] + 1 > self.max_len {
                    continue;
                }
                let k = self.nodes[p as usize].0;
                Self::on_to_off(g, k, pass.y, &keep, &off_seen, &[0; 9], &mut buf);
                for &k in &buf {
                    let (c, d) = (key_cell(k), key_digit(k));
                    if k == target {
                        // Only the first derivation is kept: the search can stop here.
                        let i = self.push(k, p);
                        self.found.push(i);
                        self.buf = buf;
                        self.obuf = obuf;
                        return;
                    }
                    if !bit(off_seen[d], c) && !self.is_parent(p, k) {
                        off_seen[d] |= 1u128 << c;
                        let i = self.push(k, p);
                        self.pend_off.push(i);
                    }
                }
            }
            self.pend_on = ons;
            self.pend_on.clear();
            let offs = std::mem::take(&mut self.pend_off);
            for &p in &offs {
                if self.lens[p as usize] + 1 > self.max_len {
                    continue;
                }
                let pk = self.nodes[p as usize].0;
                Self::off_to_on(g, &self.x_links, pk, Pass { x: true, y: pass.y }, &mut obuf);
                for &(k, cause) in &obuf {
                    let (c, d) = (key_cell(k), key_digit(k));
                    if k == target {
                        let i = self.push_cause(k, p, cause);
                        self.found.push(i);
                        self.buf = buf;
                        self.obuf = obuf;
                        return;
                    }
                    if !bit(on_seen[d], c) {
                        on_seen[d] |= 1u128 << c;
                        let i = self.push_cause(k, p, cause);
                        self.pend_on.push(i);
                    }
                }
            }
            self.pend_off = offs;
            self.pend_off.clear();
        }
        self.buf = buf;
        self.obuf = obuf;
    }

    /// The links from the root down to node `i`.
    fn branch(&self, i: u32) -> Vec<ChainLink> {
        let mut out = Vec::new();
        let mut t = i;
        while self.nodes[t as usize].1 != NONE {
            let p = self.nodes[t as usize].1;
            out.push(link(self.nodes[p as usize].0, self.nodes[t as usize].0));
            t = p;
        }
        out.reverse();
        out
    }

    /// The number of distinct potentials on the first-parent line from node `i` (SE's
    /// ancestor count: a static potential has one parent).
    fn line_len(&self, i: u32) -> u32 {
        let mut seen: [u128; 18] = [0; 18];
        let mut n = 0;
        let mut t = i;
        loop {
            let k = self.nodes[t as usize].0;
            let (slot, c) = ((k as usize % 2) * 9 + key_digit(k), key_cell(k));
            if seen[slot] >> c & 1 != 0 {
                break;
            }
            seen[slot] |= 1u128 << c;
            n += 1;
            t = self.nodes[t as usize].1;
            if t == NONE {
                break;
            }
        }
        n
    }

    /// Runs the producer: the easiest, then shortest, cycle or forcing chain.
    ///
    /// With `truth` (see [`Truth`]), a forcing chain is searched only from "on" for a
    /// candidate outside the solution and from "off" for one inside it: no other can reach its
    /// opposite.
    pub fn best(&mut self, g: &Grid, want_chain: bool, truth: Option<&Truth>) -> Option<Step> {
        let mut sink = Sink::Best {
            best: None,
            want_chain,
        };
        self.run(g, &mut sink, truth);
        match sink {
            Sink::Best { best, .. } => best.map(|b| b.step),
            Sink::Collect { .. } => None,
        }
    }

    /// Every hint of the producer on `g` (unsorted), with rule parents relative to the outer
    /// start grid `src`, for a chain nested in another.
    pub(crate) fn collect(&mut self, g: &Grid, src: &Grid, out: &mut Vec<NestedHint>) {
        let mut sink = Sink::Collect { src, out };
        self.run(g, &mut sink, None);
    }

    fn run(&mut self, g: &Grid, sink: &mut Sink, truth: Option<&Truth>) {
        let (pairs, n_pairs) = two_position_pairs(g);
        let pairs = &pairs[..n_pairs];
        let mut reach = Reach::new(g, std::mem::take(&mut self.strong_buf), pairs);
        self.house_links(pairs);
        let passes = [
            (Pass { x: true, y: false }, 2u8),
            (Pass { x: false, y: true }, 3),
            (Pass { x: true, y: true }, 4),
        ];
        if self.img.len() != 729 {
            self.img = vec![([0; 9], 0); 729];
            self.img_gen = vec![0; 729];
        }
        // Only the best-hint runs use and feed the sterile roots: collecting every hint for
        // a nested chain wants them all.
        let memo = matches!(sink, Sink::Best { .. });
        if memo {
            self.sterile.update(g, truth, &reach.strong_x);
        }
        for (p, (pass, sort_key)) in passes.into_iter().enumerate() {
            let live = reach.live(g, pass);
            reach.live = live;
            self.live_cell.clear();
            self.live_cell.extend_from_slice(&reach.live_cells(g, pass));
            // Images depend on the grid and the pass: a new stamp for each.
            self.img_stamp = self.img_stamp.wrapping_add(1);
            if self.img_stamp == 0 {
                self.img_gen.iter_mut().for_each(|x| *x = 0);
                self.img_stamp = 1;
            }
            let (cycle_base, chain_base) = if pass.x && pass.y {
                (
                    se_base(Technique::XYCycle),
                    se_base(Technique::ForcingXYChain),
                )
            } else {
                (
                    se_base(Technique::XCycle),
                    se_base(Technique::ForcingXChain),
                )
            };
            for c in 0..81 {
                let n = pop9(g.cands[c]);
                if g.values[c].is_some() || n < 2 {
                    continue;
                }
                if !pass.x && n > 2 {
                    continue;
                }
                for d in bits16(g.cands[c]) {
                    if memo && self.sterile.cells[p][d] >> c & 1 != 0 {
                        continue;
                    }
                    // With no hint yet, every search from this root is unlimited.
                    let unlimited = matches!(sink, Sink::Best { best: None, .. });
                    let root = key(c, d, true);
                    let holds = truth.map(|t| t.holds_at(c, d));
                    let cycle_len = self.limit(sink, cycle_base, sort_key);
                    let chain_len = if pass.x && holds != Some(true) {
                        self.limit(sink, chain_base, sort_key)
                    } else {
                        0
                    };
                    // The exact searches run only where the bitboard pre-check says they
                    // can find something (for forcing chains it is exact; for cycles it may
                    // say yes where SE's filter would then reject every loop).
                    let mut img = ImageCache {
                        img: &mut self.img,
                        gen: &mut self.img_gen,
                        stamp: self.img_stamp,
                    };
                    let (cycle_maybe, on_target, closed) = reach.on_root(
                        g,
                        c,
                        d,
                        pass,
                        cycle_len,
                        chain_len,
                        &mut img,
                        memo && unlimited,
                        &mut self.seen,
                    );
                    let cycle_maybe = cycle_maybe && {
                        let mut img = ImageCache {
                            img: &mut self.img,
                            gen: &mut self.img_gen,
                            stamp: self.img_stamp,
                        };
                        reach.cycle_avoiding(g, c, d, pass, cycle_len, &mut img)
                    };
                    if cycle_maybe {
                        self.max_len = cycle_len;
                        self.do_cycles(g, root, pass, &live);

                        let ends = std::mem::take(&mut self.found);
                        for &end in &ends {
                            self.consider_cycle(g, end, pass, cycle_base, sort_key, sink);
                        }
                        self.found = ends;
                    }
                    if pass.x {
                        for r in [root, root ^ 1] {
                            if r != root && holds == Some(false) {
                                continue;
                            }
                            self.max_len = self.limit(sink, chain_base, sort_key);
                            let maybe = if r == root {
                                on_target && self.max_len >= chain_len.min(self.max_len)
                            } else {
                                let mut img = ImageCache {
                                    img: &mut self.img,
                                    gen: &mut self.img_gen,
                                    stamp: self.img_stamp,
                                };
                                reach.off_root(g, c, d, pass, self.max_len, &mut img)
                            };
                            if !maybe {
                                continue;
                            }
                            self.do_forcing(g, r, pass, &live);
                            if let Some(&t) = self.found.first() {
                                self.consider_chain(g, t, pass, chain_base, sort_key, sink);
                            }
                        }
                    }
                    // Still no hint: the root gave none, unlimited.
                    if memo && unlimited && matches!(sink, Sink::Best { best: None, .. }) {
                        let mut img = ImageCache {
                            img: &mut self.img,
                            gen: &mut self.img_gen,
                            stamp: self.img_stamp,
                        };
                        if self.sterile.reach.is_empty() {
                            // Made on first use: a memory is made per rating.
                            self.sterile.reach = vec![[0; 9]; 3 * 729];
                        }
                        self.sterile.reach[p * 729 + c * 9 + d] =
                            reach.closure(g, c, d, pass, &mut img, closed.then_some(&self.seen));
                        self.sterile.cells[p][d] |= 1u128 << c;
                    }
                }
            }
        }
        // The sterile roots' strong links are this grid's from now on; the old ones' buffer
        // serves the next run.
        if memo {
            std::mem::swap(&mut self.sterile.strong_x, &mut reach.strong_x);
        }
        self.strong_buf = reach.strong_x;
    }

    /// The rule parents of the line above node `i`, relative to `(src, g)`, and the hash of
    /// the line's potentials.
    fn line_rule_parents(&self, src: &Grid, g: &Grid, i: u32) -> ([u128; 9], u64) {
        let mut out = [0u128; 9];
        let mut sig = 0u64;
        let mut t = i;
        while t != NONE {
            let k = self.nodes[t as usize].0;
            sig = sig.wrapping_add(super::net::mix(k, 0));
            if key_on(k) {
                on_rule_parents(
                    src,
                    g,
                    key_cell(k),
                    key_digit(k),
                    self.causes[t as usize],
                    &mut out,
                );
            }
            t = self.nodes[t as usize].1;
        }
        (out, sig)
    }

    #[allow(clippy::too_many_arguments)]
    fn consider_cycle(
        &self,
        g: &Grid,
        end: u32,
        pass: Pass,
        base: f64,
        sort_key: u8,
        sink: &mut Sink,
    ) {
        let mut loop_cells = 0u128;
        let mut t = end;
        while self.nodes[t as usize].1 != NONE {
            loop_cells |= 1u128 << key_cell(self.nodes[t as usize].0);
            t = self.nodes[t as usize].1;
        }
        let mut fwd = [0u128; 9];
        let mut back = [0u128; 9];
        let mut t = end;
        while self.nodes[t as usize].1 != NONE {
            let k = self.nodes[t as usize].0;
            let (c, d) = (key_cell(k), key_digit(k));
            let cells = g.geo.peer_mask[c] & !loop_cells & g.pos[d];
            if key_on(k) {
                fwd[d] |= cells;
            } else {
                back[d] |= cells;
            }
            t = self.nodes[t as usize].1;
        }
        let mut elim = [0u128; 9];
        let mut any = false;
        for d in 0..9 {
            elim[d] = fwd[d] & back[d];
            any |= elim[d] != 0;
        }
        if !any {
            return;
        }
        let complexity = self.line_len(end);
        let difficulty = base + length_bonus(complexity);
        let (best, want_chain) = match sink {
            Sink::Collect { src, out } => {
                let (parents, chain_sig) = self.line_rule_parents(src, g, end);
                out.push(NestedHint {
                    elim: CandidateSet::from_masks(elim),
                    parents: CandidateSet::from_masks(parents),
                    difficulty,
                    complexity,
                    sort_key,
                    chain: true,
                    chain_sig,
                });
                return;
            }
            Sink::Best { best, want_chain } => (best, *want_chain),
        };
        if !Best::beats(best, difficulty, complexity, sort_key) {
            return;
        }
        let tech = match (pass.x, pass.y) {
            (true, false) => Technique::XCycle,
            (false, true) => Technique::YCycle,
            _ => Technique::XYCycle,
        };
        let mut h = rated_step(tech, difficulty);
        h.eliminations = CandidateSet::from_masks(elim);
        h.cells = CellSet::from_bits(loop_cells);
        h.complexity = complexity;
        if want_chain {
            h.chain = Some(Chain {
                branches: vec![self.branch(end)],
                is_loop: true,
            });
        }
        *best = Some(Best::new(h, sort_key));
    }

    #[allow(clippy::too_many_arguments)]
    fn consider_chain(
        &self,
        g: &Grid,
        target: u32,
        pass: Pass,
        base: f64,
        sort_key: u8,
        sink: &mut Sink,
    ) {
        let k = self.nodes[target as usize].0;
        let (c, d) = (key_cell(k), key_digit(k));
        let complexity = self.line_len(target);
        let difficulty = base + length_bonus(complexity);
        let (best, want_chain) = match sink {
            Sink::Collect { src, out } => {
                let mut elim = [0u128; 9];
                if key_on(k) {
                    for d2 in bits16(g.cands[c] & !(1 << d)) {
                        elim[d2] = 1u128 << c;
                    }
                } else {
                    elim[d] = 1u128 << c;
                }
                let (parents, chain_sig) = self.line_rule_parents(src, g, target);
                out.push(NestedHint {
                    elim: CandidateSet::from_masks(elim),
                    parents: CandidateSet::from_masks(parents),
                    difficulty,
                    complexity,
                    sort_key,
                    chain: true,
                    chain_sig,
                });
                return;
            }
            Sink::Best { best, want_chain } => (best, *want_chain),
        };
        if !Best::beats(best, difficulty, complexity, sort_key) {
            return;
        }
        let tech = if pass.y {
            Technique::ForcingXYChain
        } else {
            Technique::ForcingXChain
        };
        let mut h = rated_step(tech, difficulty);
        if key_on(k) {
            for d2 in bits16(g.cands[c] & !(1 << d)) {
                h.eliminations.set_mask(d2, 1u128 << c);
            }
            h.placement = Some(cand(c, d));
        } else {
            h.eliminations.set_mask(d, 1u128 << c);
        }
        h.complexity = complexity;
        let mut t = target;
        while t != NONE {
            h.cells
                .insert(Cell::from_index(key_cell(self.nodes[t as usize].0)));
            t = self.nodes[t as usize].1;
        }
        if want_chain {
            h.chain = Some(Chain {
                branches: vec![self.branch(target)],
                is_loop: false,
            });
        }
        *best = Some(Best::new(h, sort_key));
    }
}
