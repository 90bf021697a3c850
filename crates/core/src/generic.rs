//! The solver over generic houses: any [`Layout`] (jigsaw regions, X diagonals, Windoku
//! windows, and their combinations), bit-parallel, for the layouts the standard band solver
//! (`fast.rs`) does not take.
//!
//! ```text
//!  One u128 per digit: bit i (0..81, row-major) set while cell i may hold the digit.
//!  A placed cell keeps only its own digit's bit. Houses and peers are u128 masks too, so
//!  "where can 5 go in region 3" is one AND, and placing a 5 is one AND-NOT of its peers.
//! ```
//!
//! Propagation, to a fixpoint, cheapest rule first:
//! - *naked singles*: bit-sliced "seen once / seen twice" accumulators over the nine digit
//!   boards give the open cells with no candidate (dead) and with one (placed), for all cells
//!   at once;
//! - *hidden singles*: each digit in each house where it is not placed yet (a per-digit mask of
//!   done houses skips the rest): no place is a contradiction, one place is a placement;
//! - *the order of interchangeable digits* (see below);
//! - *locked candidates* between any two houses that share two cells or more, and on jigsaw
//!   layouts the *law of leftovers*: for k rows (or columns) and the k regions that overlap
//!   them most, the cells of the rows outside the regions (A) hold the same digits as the cells
//!   of the regions outside the rows (B), so a digit with no place left in A leaves B and the
//!   other way round (A and B of up to 6 cells, up to 8 in searches with interchangeable
//!   digits, where the wider ones refute impossible layouts). Both are one rule on a pair of cell sets (P, Q): "a digit absent from P
//!   is absent from Q" (for locked candidates P and Q are the two houses less their common
//!   cells). These run only once the singles stall, and in easy searches not at all.
//! - *Hall's condition*, in desperate searches without interchangeable digits only (see
//!   `DESPERATE_GUESSES`).
//!
//! Search: a bivalue cell if there is one (the best scored in hard searches), else the digit
//! of a house with the fewest places, else the cell with the fewest candidates; one branch on a
//! copy of the 520-byte state, its negation in place.
//!
//! Interchangeable digits: the digits that no given uses can be relabelled among themselves in
//! any solution, which gives another solution; the m of them give m! solutions per relabelling
//! class, of which exactly one has them in increasing cell order within a chosen house. The
//! search keeps only those (a cheap rule: each such digit's places in the house lie after the
//! first place of the digit before it, and before the last place of the digit after it) and
//! multiplies its count by m!, searching up to the limit divided by m! (rounded up): the count
//! is exact up to the limit. On the empty grid this is the classic trick of fixing one house to
//! 1..9, and it is what lets an impossible layout be refuted without its 9! relabellings.

use crate::house::{House, Layout};

/// All 81 cells.
const ALL: u128 = (1u128 << 81) - 1;
/// How many houses a layout has at most (rows, columns, regions, two diagonals, four windows).
const MAX_HOUSES: usize = 33;
/// How many guesses a search makes before it counts as hard: then locked candidates (and on
/// jigsaw layouts the leftovers) run whenever the singles stall, and guesses are scored.
const CHEAP_GUESSES: u32 = 4;
/// How many guesses a search makes before it also checks Hall's condition at every node. Not
/// in searches with interchangeable digits: on the impossible layouts' empty grids it slows
/// the refutation (sigh/Interactive-Sudoku-Solver's 7,415: 13.3 s in all with it, 6.2 s
/// without).
const DESPERATE_GUESSES: u32 = 2000;
/// How many bivalue cells a hard search scores before choosing.
const SCORED_CELLS: u32 = 8;
/// The largest leftover sets kept: larger ones rarely lose a digit entirely.
const MAX_LEFTOVER: u32 = 6;
/// The largest leftover sets kept in searches with interchangeable digits (empty or nearly
/// empty grids): there the order of the digits in a house places them all at once, and the
/// sets of 7 and 8 cells are what refutes most of the impossible layouts that took seconds.
const MAX_WIDE_LEFTOVER: u32 = 8;

/// The layout as bit masks, with the pairs of cell sets the pair rule looks at.
pub(crate) struct Geometry {
    /// The houses' cells.
    houses: [u128; MAX_HOUSES],
    /// One bit per house of `houses`.
    all_houses: u64,
    /// Per cell, the cells that share a house with it (not itself).
    peers: [u128; 81],
    /// Per cell, its houses as bits of `all_houses`.
    houses_of: [u64; 81],
    /// Pairs (P, Q) such that a digit absent from P is absent from Q and the other way round:
    /// locked candidates (two houses that share two cells or more, less those cells), and on
    /// a jigsaw the law of leftovers, then the wider leftovers (the number of the others is
    /// kept with the list). Made when a search first needs them: most puzzles never do, and
    /// listing them costs a good part of solving an easy one.
    pairs: std::cell::OnceCell<(Vec<(u128, u128)>, usize)>,
    /// Whether the layout is a jigsaw (the leftovers need irregular regions).
    jigsaw: bool,
}

impl Geometry {
    /// The masks of `layout`'s houses, peers and pairs.
    pub(crate) fn new(layout: &Layout) -> Geometry {
        let mut houses = [0u128; MAX_HOUSES];
        let mut local = [0u8; House::COUNT];
        let mut count = 0;
        for h in layout.houses() {
            houses[count] = layout.cell_set(h).bits();
            local[h.index()] = count as u8;
            count += 1;
        }
        let mut peers = [0u128; 81];
        let mut houses_of = [0u64; 81];
        for c in crate::cell::Cell::all() {
            peers[c.index()] = layout.peers(c).bits();
            for h in layout.all_houses_of(c) {
                houses_of[c.index()] |= 1 << local[h.index()];
            }
        }
        Geometry {
            houses,
            all_houses: (1u64 << count) - 1,
            peers,
            houses_of,
            pairs: std::cell::OnceCell::new(),
            jigsaw: layout.is_jigsaw(),
        }
    }

    /// The pairs: locked candidates, then leftovers on a jigsaw, with the leftover sets of
    /// `MAX_LEFTOVER + 1` to `MAX_WIDE_LEFTOVER` cells when `wide`.
    fn pairs(&self, wide: bool) -> &[(u128, u128)] {
        let (pairs, narrow) = self.pairs.get_or_init(|| {
            let houses = self.houses();
            let mut pairs = Vec::with_capacity(128);
            for (a, &ha) in houses.iter().enumerate() {
                for &hb in &houses[a + 1..] {
                    let common = ha & hb;
                    if common.count_ones() >= 2 {
                        pairs.push((ha & !common, hb & !common));
                    }
                }
            }
            let mut wide = Vec::new();
            if self.jigsaw {
                let h = &self.houses;
                leftovers(&h[..9], &h[18..27], &mut pairs, &mut wide);
                leftovers(&h[9..18], &h[18..27], &mut pairs, &mut wide);
            }
            let narrow = pairs.len();
            pairs.append(&mut wide);
            (pairs, narrow)
        });
        if wide {
            pairs
        } else {
            &pairs[..*narrow]
        }
    }

    /// The houses as masks.
    fn houses(&self) -> &[u128] {
        &self.houses[..self.all_houses.count_ones() as usize]
    }
}

/// The law of leftovers between `lines` (nine rows or nine columns) and `regions`: for every
/// run of k consecutive lines (1 <= k <= 4: longer runs are the complements of shorter ones
/// with the other regions, which give the same pair), the k regions that overlap it most; the
/// run's cells outside the regions and the regions' cells outside the run hold the same
/// digits, so each makes a pair when small: in `pairs` up to `MAX_LEFTOVER` cells, in `wide`
/// up to `MAX_WIDE_LEFTOVER`. (Runs, not every set of lines: regions are connected, so a set
/// of lines that is not a run is rarely covered by regions this closely, and all 255 sets cost
/// more to list than most puzzles take to solve.)
fn leftovers(
    lines: &[u128],
    regions: &[u128],
    pairs: &mut Vec<(u128, u128)>,
    wide: &mut Vec<(u128, u128)>,
) {
    for start in 0..9 {
        let mut cells = 0u128;
        for (k, &line) in lines.iter().enumerate().skip(start).take(4) {
            let k = k - start + 1;
            cells |= line;
            let mut overlap: [(u32, usize); 9] =
                std::array::from_fn(|g| ((regions[g] & cells).count_ones(), g));
            overlap.sort_unstable_by(|x, y| y.cmp(x));
            let union = overlap[..k].iter().fold(0u128, |m, &(_, g)| m | regions[g]);
            let (a, b) = (cells & !union, union & !cells);
            let size = a.count_ones();
            let list = if size <= MAX_LEFTOVER {
                &mut *pairs
            } else {
                &mut *wide
            };
            if (1..=MAX_WIDE_LEFTOVER).contains(&size) && !list.contains(&(a, b)) {
                list.push((a, b));
            }
        }
    }
}

/// A search position.
#[derive(Clone, Copy)]
struct State {
    /// Per digit (0-8), the cells that may still hold it.
    cand: [u128; 9],
    /// The placed cells.
    solved: u128,
    /// Per digit, the houses (bits of `Geometry::all_houses`) where it is placed.
    done: [u64; 9],
    /// Per digit, its cells as the hidden singles last saw them with nothing to do: only the
    /// houses of the cells it lost since can have a new hidden single.
    checked: [u128; 9],
    /// Per digit, its cells when the pair rule last left them unchanged.
    paired: [u128; 9],
}

/// The order kept among the interchangeable digits: each digit of `digits` (in order) lies in
/// `house` before the next.
#[derive(Clone, Copy)]
struct Order {
    house: u128,
    digits: [u8; 9],
    len: usize,
}

impl State {
    /// Places digit `d` in every cell of `cells` (open cells that may hold it). False when two
    /// of them see each other.
    #[inline(always)]
    fn place(&mut self, g: &Geometry, d: usize, cells: u128) -> bool {
        let (mut seen, mut houses) = (0u128, 0u64);
        let mut t = cells;
        while t != 0 {
            let c = t.trailing_zeros() as usize;
            t &= t - 1;
            seen |= g.peers[c];
            houses |= g.houses_of[c];
        }
        if seen & cells != 0 {
            return false;
        }
        for (e, x) in self.cand.iter_mut().enumerate() {
            if e != d {
                *x &= !cells;
            }
        }
        self.cand[d] &= !seen;
        self.solved |= cells;
        self.done[d] |= houses;
        true
    }

    /// Propagates to a fixpoint (see the module's list). False on a contradiction.
    fn settle(&mut self, g: &Geometry, order: &Order, rules: Rules) -> bool {
        loop {
            // Naked singles and dead cells, all cells at once.
            let (mut once, mut twice) = (0u128, 0u128);
            for &x in &self.cand {
                twice |= once & x;
                once |= x;
            }
            let open = ALL & !self.solved;
            if open & !once != 0 {
                return false;
            }
            let singles = open & !twice;
            if singles != 0 {
                for d in 0..9 {
                    let s = singles & self.cand[d];
                    if s != 0 && !self.place(g, d, s) {
                        return false;
                    }
                }
                continue;
            }
            // Hidden singles, in the houses where each digit is not placed yet.
            let mut progress = false;
            for d in 0..9 {
                let x = self.cand[d];
                // Only the houses that lost a place of the digit since the last look can have
                // a new hidden single (or none left).
                let mut removed = self.checked[d] & !x;
                if removed == 0 {
                    continue;
                }
                let mut touched = 0u64;
                while removed != 0 {
                    touched |= g.houses_of[removed.trailing_zeros() as usize];
                    removed &= removed - 1;
                }
                let mut todo = touched & !self.done[d];
                let mut found = 0u128;
                while todo != 0 {
                    let h = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let p = x & g.houses[h];
                    if p & p.wrapping_sub(1) == 0 {
                        if p == 0 {
                            return false;
                        }
                        found |= p;
                    }
                }
                if found != 0 {
                    if !self.place(g, d, found) {
                        return false;
                    }
                    progress = true;
                } else {
                    self.checked[d] = x;
                }
            }
            if progress {
                continue;
            }
            if order.len > 1 {
                match self.keep_order(order) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if rules.pairs {
                match self.pairs(g.pairs(rules.wide)) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            return !rules.hall || self.hall(g);
        }
    }

    /// The order of the interchangeable digits in their house. Whether anything was removed,
    /// `None` when a placed digit breaks the order.
    fn keep_order(&mut self, order: &Order) -> Option<bool> {
        let h = order.house;
        let mut progress = false;
        for w in order.digits[..order.len].windows(2) {
            let (u, v) = (w[0] as usize, w[1] as usize);
            // `v` lies after the first place of `u`, `u` before the last place of `v` (an empty
            // set is left to the hidden singles, which refute it).
            let a = self.cand[u] & h;
            if a != 0 {
                let first = a & a.wrapping_neg();
                let before = h & (first | (first - 1));
                if self.cand[v] & before & self.solved != 0 {
                    return None;
                }
                if self.cand[v] & before != 0 {
                    self.cand[v] &= !before;
                    progress = true;
                }
            }
            let b = self.cand[v] & h;
            if b != 0 {
                let last = 1u128 << (127 - b.leading_zeros());
                let after = h & !(last - 1);
                if self.cand[u] & after & self.solved != 0 {
                    return None;
                }
                if self.cand[u] & after != 0 {
                    self.cand[u] &= !after;
                    progress = true;
                }
            }
        }
        Some(progress)
    }

    /// The pair rule, once over the pairs, on the digits whose cells changed since it last
    /// left them unchanged: a digit absent from one set of a pair leaves the other. Whether
    /// anything was removed, `None` when that would remove a placed digit (the digit is in one
    /// set of the pair for sure and in the other nowhere).
    fn pairs(&mut self, pairs: &[(u128, u128)]) -> Option<bool> {
        let mut progress = false;
        for (x, seen) in self.cand.iter_mut().zip(&mut self.paired) {
            let before = *x;
            if before == *seen {
                continue;
            }
            let mut y = before;
            for &(p, q) in pairs {
                if y & p == 0 {
                    y &= !q;
                } else if y & q == 0 {
                    y &= !p;
                }
            }
            if (before ^ y) & self.solved != 0 {
                return None;
            }
            if y == before {
                *seen = y;
            } else {
                progress = true;
                *x = y;
            }
        }
        Some(progress)
    }

    /// Hall's condition in every house: any k open cells of a house need k digits among their
    /// candidates.
    fn hall(&self, g: &Geometry) -> bool {
        for &h in g.houses() {
            let mut masks = [0u16; 9];
            let mut n = 0;
            let mut t = h & !self.solved;
            while t != 0 {
                let c = t.trailing_zeros();
                t &= t - 1;
                let bit = 1u128 << c;
                masks[n] = (0..9).fold(0u16, |m, d| m | (((self.cand[d] & bit) != 0) as u16) << d);
                n += 1;
            }
            let mut digits = [0u16; 512];
            for s in 1..1usize << n {
                digits[s] = digits[s & (s - 1)] | masks[s.trailing_zeros() as usize];
                if digits[s].count_ones() < s.count_ones() {
                    return false;
                }
            }
        }
        true
    }

    /// The cells with at least one, two and three candidates.
    fn counts(&self) -> (u128, u128, u128) {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &x in &self.cand {
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        (one, two, three)
    }

    /// What to guess: a cell and digit, or `None` when the grid is full.
    fn choose(&self, g: &Geometry, scored: u32) -> Option<(usize, usize)> {
        let open = ALL & !self.solved;
        if open == 0 {
            return None;
        }
        let (_, two, three) = self.counts();
        let bivalue = open & two & !three;
        if bivalue != 0 {
            let mut best = (bivalue.trailing_zeros() as usize, 0);
            if scored > 1 {
                // The cell whose placements do the most: the candidates either digit removes
                // from the open peers, bivalue peers (which it turns into naked singles)
                // counting three times.
                let mut t = bivalue;
                for _ in 0..scored {
                    if t == 0 {
                        break;
                    }
                    let c = t.trailing_zeros() as usize;
                    t &= t - 1;
                    let near = g.peers[c] & open;
                    let score: u32 = (0..9)
                        .filter(|&d| self.cand[d] >> c & 1 != 0)
                        .map(|d| {
                            let x = self.cand[d] & near;
                            x.count_ones() + 2 * (x & bivalue).count_ones()
                        })
                        .sum();
                    if score > best.1 {
                        best = (c, score);
                    }
                }
            }
            let c = best.0;
            let d = (0..9).find(|&d| self.cand[d] >> c & 1 != 0)?;
            return Some((c, d));
        }
        // Else the fewest choices, as a digit's places in a house or a cell's digits (the
        // house first among equals).
        let mut best = (u32::MAX, 0, 0);
        for d in 0..9 {
            let mut todo = g.all_houses & !self.done[d];
            while todo != 0 {
                let h = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let p = self.cand[d] & g.houses[h];
                let n = p.count_ones();
                if n < best.0 {
                    best = (n, p.trailing_zeros() as usize, d);
                    if n == 2 {
                        return Some((best.1, d));
                    }
                }
            }
        }
        let mut t = open;
        while t != 0 {
            let c = t.trailing_zeros() as usize;
            t &= t - 1;
            let n = (0..9).filter(|&d| self.cand[d] >> c & 1 != 0).count() as u32;
            if n < best.0 {
                let d = (0..9).find(|&d| self.cand[d] >> c & 1 != 0)?;
                best = (n, c, d);
            }
        }
        Some((best.1, best.2))
    }

    /// The grid, 1-9 per cell (a full state).
    fn grid(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (d, &x) in self.cand.iter().enumerate() {
            let mut t = x;
            while t != 0 {
                out[t.trailing_zeros() as usize] = d as u8 + 1;
                t &= t - 1;
            }
        }
        out
    }
}

/// Which rules a node applies beyond the singles.
#[derive(Clone, Copy)]
struct Rules {
    /// Locked candidates and the law of leftovers.
    pairs: bool,
    /// The wider leftovers too (`MAX_WIDE_LEFTOVER`).
    wide: bool,
    /// Hall's condition.
    hall: bool,
}

/// Depth-first search with a solution limit.
struct Search<'g> {
    geometry: &'g Geometry,
    order: Order,
    limit: usize,
    found: usize,
    first: Option<State>,
    guesses: u32,
    /// After how many guesses the search counts as hard (`CHEAP_GUESSES`).
    cheap: u32,
    /// How many guesses the search may make before it gives up (`aborted`).
    budget: u32,
    aborted: bool,
}

impl Search<'_> {
    fn rules(&self) -> Rules {
        let hard = self.guesses > self.cheap;
        let interchangeable = self.order.len > 1;
        let desperate = self.guesses > DESPERATE_GUESSES;
        Rules {
            pairs: hard || desperate,
            wide: interchangeable,
            hall: desperate && !interchangeable,
        }
    }

    /// Propagates `state`, then guesses "cell = digit" on a copy and "cell != digit" in place,
    /// until solved, contradicted, or the limit is reached.
    fn solve(&mut self, state: &mut State) {
        let g = self.geometry;
        loop {
            if !state.settle(g, &self.order, self.rules()) {
                return;
            }
            let scored = if self.guesses > self.cheap {
                SCORED_CELLS
            } else {
                1
            };
            let Some((c, d)) = state.choose(g, scored) else {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(*state);
                }
                return;
            };
            self.guesses += 1;
            if self.guesses > self.budget {
                self.aborted = true;
                return;
            }
            let bit = 1u128 << c;
            let mut child = *state;
            if child.place(g, d, bit) {
                self.solve(&mut child);
            }
            if self.found >= self.limit || self.aborted {
                return;
            }
            state.cand[d] &= !bit;
        }
    }
}

/// Counts the solutions of `cells` (row-major, 0 for empty) on `layout`, stopping at `limit`,
/// with the first solution found. Clashing givens give 0.
pub(crate) fn count(layout: &Layout, cells: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    let g = Geometry::new(layout);
    count_with(&g, cells, limit)
}

/// [`count`] on a prepared geometry.
pub(crate) fn count_with(
    g: &Geometry,
    cells: &[u8; 81],
    limit: usize,
) -> (usize, Option<[u8; 81]>) {
    if limit == 0 {
        return (0, None);
    }
    let mut state = State {
        cand: [ALL; 9],
        solved: 0,
        done: [0; 9],
        checked: [ALL; 9],
        paired: [0; 9],
    };
    let mut given = [0u128; 9];
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            given[v as usize - 1] |= 1 << i;
        }
    }
    for (d, &s) in given.iter().enumerate() {
        if s != 0 && (state.cand[d] & s != s || !state.place(g, d, s)) {
            return (0, None);
        }
    }
    // The digits no given uses are interchangeable: keep them in increasing order in some
    // house.
    let mut order = Order {
        house: 0,
        digits: [0; 9],
        len: 0,
    };
    for (d, &s) in given.iter().enumerate() {
        if s == 0 {
            order.digits[order.len] = d as u8;
            order.len += 1;
        }
    }
    let run = |order: Order, factor: usize, budget: u32| {
        let mut search = Search {
            geometry: g,
            order,
            limit: limit.div_ceil(factor),
            found: 0,
            first: None,
            guesses: 0,
            cheap: CHEAP_GUESSES,
            budget,
            aborted: false,
        };
        search.solve(&mut state.clone());
        search
    };
    let answer = |search: Search<'_>, factor: usize| {
        let n = search.found.saturating_mul(factor).min(limit);
        (n, search.first.map(|s| s.grid()))
    };
    if order.len < 2 {
        return answer(run(order, 1, u32::MAX), 1);
    }
    // Which house holds them in order changes the search's size enormously on some layouts
    // without a solution (one of the shared impossible layouts: refuted without a guess with
    // the order kept in one region, not in 3 million guesses with it in a row). So the houses
    // take turns under a guess budget, tightest houses first: whichever finishes first answers.
    // After a first round, the houses are ranked by what propagation alone leaves with the
    // order in each (fewest candidates first), each house's share of the budget halving with
    // each doubling of its rank, and the budget quadruples each round (sigh's impossible
    // layouts: 3.3 s in all, slowest 0.21 s; the same budget for every house, 3.6 s and
    // 0.63 s; doubling it, 6.2 s and 1.8 s). A run that
    // ran out of guesses after finding solutions has a counting job, not a refutation: it
    // continues without a budget.
    let factor: usize = (2..=order.len).product();
    let mut houses: Vec<u128> = g.houses().to_vec();
    houses.sort_by_key(|&h| (h & !state.solved).count_ones());
    let mut budget = FIRST_BUDGET;
    loop {
        for (rank, &house) in houses.iter().enumerate() {
            let order = Order { house, ..order };
            // Once ranked, the houses get shares of the round's budget by rank: the first all
            // of it, the next two half, the next four a quarter... (the house that refutes is
            // nearly always among the first three).
            let share = if budget == FIRST_BUDGET {
                budget
            } else {
                (budget >> (rank + 1).ilog2()).max(FIRST_BUDGET)
            };
            let search = run(order, factor, share);
            if !search.aborted {
                return answer(search, factor);
            }
            if search.found > 0 {
                return answer(run(order, factor, u32::MAX), factor);
            }
        }
        if budget == FIRST_BUDGET {
            houses.sort_by_cached_key(|&house| {
                let mut root = state;
                let order = Order { house, ..order };
                let rules = Rules {
                    pairs: true,
                    wide: true,
                    hall: false,
                };
                if root.settle(g, &order, rules) {
                    root.cand.iter().map(|x| x.count_ones()).sum()
                } else {
                    0
                }
            });
        }
        budget = budget.saturating_mul(4);
    }
}

/// The guess budget of each house's first run (see `count_with`).
const FIRST_BUDGET: u32 = 64;
