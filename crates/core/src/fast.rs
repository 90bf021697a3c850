//! The fast solver: per-digit bitboards organised by band, propagated band-wide with lookup
//! tables, guessing on bivalue cells with the whole state copied on each guess.
//!
//! ```text
//!  One u32 per (digit, band), a "subband": cand[3 * digit + band], 27 live bits,
//!  bit = 9 * row_in_band + col.
//!
//!             stack 0    stack 1    stack 2
//!  col:       0  1  2 |  3  4  5 |  6  7  8
//!  row 0:     0  1  2 |  3  4  5 |  6  7  8      <- a "row" is 9 bits: (x >> 9r) & 0x1FF
//!  row 1:     9 10 11 | 12 13 14 | 15 16 17
//!  row 2:    18 19 20 | 21 22 23 | 24 25 26      bits 27..31 always 0
//!            box 0      box 1      box 2
//!
//!  Cell i (0..81, row-major) lives in band i / 27 at bit i % 27: the layout is row-major too.
//!  A "segment" is the 3 bits where one row of the band crosses one box (9 per band); a
//!  band's "shape" is the 9-bit set of its non-empty segments, bit 3 * row + box (one pext
//!  of x | x >> 1 | x >> 2 at bits 0, 3, ..., 24), or transposed, bit 3 * box + row (the
//!  same bits shifted together: segment bits of rows 1 and 2 land between row 0's).
//!  A column fold (x | x >> 9 | x >> 18) & 0x1FF says which of the 9 columns a band reaches.
//! ```
//!
//! Why this works: inside one band a digit occupies exactly one segment per row and one per box,
//! so the segments it uses form a 3x3 permutation. A 512-entry table maps a shape to the union
//! of the permutations that fit in it: one AND then performs pointing, claiming and every
//! box/row deduction inside the band (hidden singles in boxes included). A row left with a
//! single bit is a placed digit (a hidden single in the row); the cell then leaves the other
//! eight digits. Along columns, a column alone in its stack within a band (a placed cell's, for
//! one) leaves the other two bands; a column pass at the root and in hard searches adds the
//! converse (a column only one band can hold confines that band's box to it). Naked singles, dead cells and bivalue cells come from
//! "seen once / twice / three times" accumulators over the nine digits of a band. Guesses go
//! to a bivalue cell: the first one in easy searches, the best scored of a few in hard ones
//! and wherever many cells are still open, or in a hard search to a digit's two places in a
//! row or box when that scores higher (`Mode` says which rules a search follows).
//!
//! Contract: no allocation; the search copies the whole `State` (240 bytes) on each guess
//! instead of undoing. Clashing givens are not looked for while loading: the root's
//! propagation refutes them without a guess, so they give 0 solutions at once.
//!
//! The search is compiled three times (`Isa`): for the baseline target, and twice for x86-64
//! processors with popcnt and BMI, with `pext` and without (for processors that run it in
//! microcode), which `bmi` tells apart at run time (the only `unsafe` code of nonet).

/// How many bivalue cells `State::guess` scores before choosing, in a hard search.
const SCORED_CELLS: u32 = 8;
/// A hard search's guess whose best bivalue cell scores below this also weighs every digit with two
/// places left in a row or a box of a band (`State::bilocal`), and branches there if that
/// scores higher. Both branches then settle the digit in the house. Where some bivalue cell
/// scores this much, the scan costs more than it saves. Measured with the bench's `--guesses`
/// and callgrind (`--once`, instructions in `fast::run`): hardest-database-2011 143.33 -> 125.17
/// guesses a puzzle, 285.2 M -> 281.9 M instructions; forum-hardest 73.97 -> 66.40; magictour
/// 10.28 -> 10.00, 86.3 M -> 84.0 M. A threshold of 25 or 26: fewer guesses (120.2, 117.7) but
/// more instructions (285.8 M, 294.6 M); the scan at every scored node: 113.8 guesses, 392.8 M.
const BILOCAL_BELOW: u32 = 24;
/// Added to the score of a digit's two places in a house, against a bivalue cell's (tuned on
/// hardest-database: 3, 7 and 11 give 127.5, 125.2 and 126.6 guesses a puzzle).
const BILOCAL_BONUS: u32 = 7;
/// A node with more open cells than this scores its guess even in an easy search: the tree
/// below it is large, and a good first guess pays for itself (magictour 1.24x -> 1.35x the
/// `sudoku` crate, forum-hardest 1.30x -> 1.32x). Puzzles with several solutions, where the
/// first bivalue cell finds the second solution sooner, rarely have that many open cells once
/// their givens have propagated (serg: 1.05x -> 1.03x); the threshold was chosen on these sets
/// (40 and 50 measured too).
const SCORED_OPEN: u32 = 45;
/// A puzzle with at least this many givens skips the column pass at the root. Singles and
/// box/line settle such puzzles, and the pass rarely finds anything; it pays on sparse hard
/// puzzles, where it often spares the first guesses. Measured with callgrind: serg (34-35
/// givens, several solutions each) -3.5% instructions; magictour made denser, with three
/// givens then removed (27 and 29 givens, several solutions) -4.2% and -4.4%; the same unique
/// at 30-40 givens -0.4% to 0%; magictour itself (17-28 givens) +0.02% (a threshold of 20 cost
/// it 1.2%).
const ROOT_COLUMNS_GIVENS: u32 = 25;
/// How many guesses a search makes before it counts as hard. Easy searches (most 17-clue
/// puzzles, puzzles with several solutions) guess on the first bivalue cell and skip the column
/// pass after the root; hard ones (magictour, forum-hardest: 10 to 1,000 guesses) then score
/// their guesses and run the column pass at every node, which cuts their guesses by half.
const CHEAP_GUESSES: u32 = 8;
/// How many guesses a search makes before it also checks Hall's condition at every node (see
/// `State::hall`). The hard benchmark sets stay far below (forum-hardest: at most 838 guesses
/// per puzzle), so only pathological searches pay for it.
const DESPERATE_GUESSES: u32 = 2000;
/// The order in which `settle` visits the subbands: digit by digit, each digit one band on
/// from the last (3 * digit + (digit + round) % 3 in round 0, 1, 2). An update writes only to
/// its own digit's other bands and to its own band's other digits, so two or three updates in
/// a row touch nothing the next one reads, and the processor runs them side by side (bench,
/// same run, against 0 1 2 ... 26: 17-clue 583k -> 610k puzzles/s, serg 552k -> 559k,
/// magictour 147k -> 151k, forum-hardest 23.0k -> 23.7k; the fixpoint, hence the search, is
/// the same).
const VISIT: [usize; 27] = [
    0, 4, 8, 9, 13, 17, 18, 22, 26, 1, 5, 6, 10, 14, 15, 19, 23, 24, 2, 3, 7, 11, 12, 16, 20, 21,
    25,
];
/// A band's three rows and three boxes, as masks of a subband.
const HOUSES: [u32; 6] = [
    ROW,
    ROW << 9,
    ROW << 18,
    0x1C0E07,
    0x1C0E07 << 3,
    0x1C0E07 << 6,
];
/// The 27 live bits of a band.
const BAND: u32 = 0x7FF_FFFF;
/// The 9 bits of row 0 of a band.
const ROW: u32 = 0x1FF;

/// For a 9-bit column fold: what the other two bands keep, i.e. everything but the columns
/// that are alone in their stack (those columns' digit is in this band).
static OTHER_BANDS: [u32; 512] = other_bands_table();
/// For a shape: the 27-bit mask of the segments lying on some permutation inside the shape
/// (0 when none fits, i.e. a contradiction). Only the x86-64 `pext` copy reads it directly.
#[cfg(any(target_arch = "x86_64", test))]
static PERMUTATIONS: [u32; 512] = permutations_table();
/// `PERMUTATIONS` indexed by the transposed shape (bit 3 * box + row), which `folded_shape`
/// computes without a table.
static PERMUTATIONS_T: [u32; 512] = transposed(permutations_table());
/// For a 9-bit column set: all three columns of every stack that holds one of them.
static SPREAD: [u32; 512] = spread_table();
/// For each bit of a band: everything but its row, box and column within the band, itself kept
/// (what a digit keeps in the band once placed there).
static PLACED: [u32; 27] = placed_table();
/// For each bit of a band: its column within the band.
static COLUMN: [u32; 27] = column_table();

const fn other_bands_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut lone = 0u32;
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                lone |= (g << (3 * k)) as u32;
            }
            k += 1;
        }
        t[x] = BAND & !(lone | lone << 9 | lone << 18);
        x += 1;
    }
    t
}

const fn permutations_table() -> [u32; 512] {
    // The six permutations of three rows onto three boxes, as segment shapes.
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut shape = 0;
    while shape < 512 {
        let mut allowed = 0usize;
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if shape & m == m {
                allowed |= m;
            }
            p += 1;
        }
        let mut seg = 0;
        while seg < 9 {
            if allowed & (1 << seg) != 0 {
                // Segment (r, k) covers bits 9r + 3k .. 9r + 3k + 2.
                t[shape] |= 7 << (9 * (seg / 3) + 3 * (seg % 3));
            }
            seg += 1;
        }
        shape += 1;
    }
    t
}

/// `t` indexed by transposed shapes: entry `tr` is `t`'s entry for the shape whose bit
/// 3 * row + box is `tr`'s bit 3 * box + row.
const fn transposed(t: [u32; 512]) -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut shape = 0;
    while shape < 512 {
        let mut tr = 0;
        let mut k = 0;
        while k < 9 {
            if shape & (1 << k) != 0 {
                tr |= 1 << (3 * (k % 3) + k / 3);
            }
            k += 1;
        }
        out[tr] = t[shape];
        shape += 1;
    }
    out
}

const fn spread_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 7 << (3 * k);
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn placed_table() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        let (r, c) = (bit / 9, bit % 9);
        let peers = (ROW << (9 * r)) | (0x1C0E07 << (c / 3 * 3)) | (0x40201 << c);
        t[bit] = (BAND & !peers) | 1 << bit;
        bit += 1;
    }
    t
}

const fn column_table() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        t[bit] = 0x40201 << (bit % 9);
        bit += 1;
    }
    t
}

/// The 9 columns in which a band holds a candidate.
#[inline(always)]
fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// Bit 0 of each row of a band (bits 0, 9, 18).
const ROW_FIRSTS: u32 = 0x40201;
/// Bit 0 of each segment of a band (bits 0, 3, 6, ..., 24).
const SEGMENT_FIRSTS: u32 = 0x124_9249;

/// The shape of band `x` transposed (bit 3 * box + row: the segment bits at 0, 3, 6 of row 0,
/// then rows 1 and 2 shifted down by 8 and 16 to interleave with them), with shifts alone:
/// the three table loads of the row-major shape were the update's longest chain.
#[inline(always)]
fn folded_shape(x: u32) -> u32 {
    let seg = (x | x >> 1 | x >> 2) & SEGMENT_FIRSTS;
    (seg | seg >> 8 | seg >> 16) & ROW
}

/// The cells of band `x` that are alone in their row, where every row of `x` holds a cell (as
/// after the permutation mask): subtracting 1 from each row then borrows within the row only,
/// and clears each row's lowest bit; a row left empty held one bit.
#[inline(always)]
fn row_singles(x: u32) -> u32 {
    let rest = x & x.wrapping_sub(ROW_FIRSTS);
    let any = rest | rest >> 1 | rest >> 2;
    let any = (any | any >> 3 | any >> 6) & ROW_FIRSTS;
    x & !(any * ROW)
}

/// The search position: candidates per subband, the open cells, and pending work.
#[derive(Clone, Copy)]
struct State {
    /// Candidates, `cand[3 * digit + band]`, see the diagram.
    cand: [u32; 27],
    /// `cand` as it was when each subband was last propagated: a difference means work.
    prev: [u32; 27],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
    /// Per band, the open cells with exactly two candidates, as of the last singles pass.
    pairs: [u32; 3],
}

impl State {
    /// Every digit possible everywhere, nothing placed, everything to propagate.
    fn new() -> State {
        State {
            cand: [BAND; 27],
            prev: [0; 27],
            open: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// Puts the digit of subband `s` at `bit`: its row, box and column in the band go;
    /// propagation does the rest.
    #[inline(always)]
    fn assign(&mut self, s: usize, bit: u32) {
        self.cand[s] &= PLACED[bit as usize];
    }

    /// Propagates one subband: permutation mask, columns alone in their stack leave the other
    /// bands, cells alone in their row are placed and leave the other digits.
    /// False on a contradiction.
    #[inline(always)]
    fn update<const S: usize, I: Isa>(&mut self) -> bool {
        let band = S % 3;
        let x = self.cand[S];
        // Only the segments on a permutation of the segments still holding a candidate.
        let x = x & I::permutations(x);
        if x == 0 {
            return false;
        }
        // A column alone in its stack leaves the other two bands.
        let keep = OTHER_BANDS[fold(x) as usize];
        self.cand[S - band + (band + 1) % 3] &= keep;
        self.cand[S - band + (band + 2) % 3] &= keep;
        // Rows holding one bit are placed cells: they leave every other digit (unconditionally:
        // an unpredictable "anything new?" branch costs more than nine ANDs).
        let placed = row_singles(x);
        self.open[band] &= !placed;
        let mut t = band;
        while t < 27 {
            self.cand[t] &= !placed;
            t += 3;
        }
        self.cand[S] = x;
        self.prev[S] = x;
        true
    }

    /// `update` on every subband, in `VISIT` order.
    #[inline(always)]
    fn update_all<I: Isa>(&mut self) -> bool {
        macro_rules! all {
            ($($k:literal)*) => {$(
                if !self.update::<{ VISIT[$k] }, I>() {
                    return false;
                }
            )*};
        }
        all!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
        true
    }

    /// Runs `update` on every subband that changed since its last update, until none did, in
    /// `VISIT` order. False on a contradiction.
    #[inline(always)]
    fn settle<I: Isa>(&mut self) -> bool {
        loop {
            let mut changed = false;
            macro_rules! visit {
                ($($k:literal)*) => {$(
                    if self.cand[VISIT[$k]] != self.prev[VISIT[$k]] {
                        changed = true;
                        if !self.update::<{ VISIT[$k] }, I>() {
                            return false;
                        }
                    }
                )*};
            }
            visit!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return true;
            }
        }
    }

    /// Naked singles, dead cells and bivalue cells from "seen once / twice / three times" over
    /// the nine digits of each band. Places the singles; `None` on a dead cell, else whether
    /// anything was placed.
    #[inline(always)]
    fn singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            let mut s = band;
            while s < 27 {
                let c = self.cand[s];
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
                s += 3;
            }
            let open = self.open[band];
            if open & !once != 0 {
                return None;
            }
            self.pairs[band] = twice & !thrice & open;
            let mut single = once & !twice & open;
            while single != 0 {
                let bit = single.trailing_zeros();
                single &= single - 1;
                // The cell's digit, gathered without a branch per digit (a scan for it
                // mispredicted its exit; bench, same run: serg 564k -> 574k puzzles/s).
                let digits = self.digits_at(band, bit);
                if digits == 0 {
                    // An earlier single of this pass took the cell's last candidate.
                    return None;
                }
                self.assign(3 * digits.trailing_zeros() as usize + band, bit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// The candidates of the cell at `bit` of `band`, bit d for digit d + 1, gathered without
    /// a branch per digit.
    #[inline(always)]
    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        let mut digits = 0u32;
        for d in 0..9 {
            digits |= ((self.cand[3 * d + band] >> bit) & 1) << d;
        }
        digits
    }

    /// Box/column claiming, digit by digit: a column that only one band can hold the digit in
    /// confines that band's box to the column. `None` when a column cannot hold the digit at all,
    /// else whether anything was removed.
    #[inline(always)]
    fn columns(&mut self) -> Option<bool> {
        let mut changed = 0;
        for d in 0..9 {
            let c = &mut self.cand[3 * d..3 * d + 3];
            let f = [fold(c[0]), fold(c[1]), fold(c[2])];
            if f[0] | f[1] | f[2] != ROW {
                return None;
            }
            let only = [
                f[0] & !(f[1] | f[2]),
                f[1] & !(f[0] | f[2]),
                f[2] & !(f[0] | f[1]),
            ];
            for b in 0..3 {
                let drop = SPREAD[only[b] as usize] & !only[b];
                let drop = drop | drop << 9 | drop << 18;
                changed |= c[b] & drop;
                c[b] &= !drop;
            }
        }
        Some(changed != 0)
    }

    /// Propagates to a fixpoint, with the column pass when `columns` is set. False on a
    /// contradiction. (Compiled once per instruction set, see [`Isa`].)
    #[inline(always)]
    fn propagate<I: Isa>(&mut self, columns: bool) -> bool {
        // A state fresh from loading has every subband to update (none was, so `prev[0]` is
        // still 0; an update never leaves a subband empty): one unconditional pass, without
        // the 27 change tests, which mispredict there (bench, same run: 17-clue 507k -> 518k
        // puzzles/s, serg 488k -> 495k; same fixpoint, so the same search).
        if self.prev[0] == 0 && !self.update_all::<I>() {
            return false;
        }
        loop {
            if !self.settle::<I>() {
                return false;
            }
            if self.open == [0; 3] {
                return true;
            }
            match self.singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match if columns { self.columns() } else { Some(false) } {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Hall's condition in every house: any `k` digits need `k` cells. Checked for the digits
    /// with at most `t` places, for each `t`: the pigeonhole contradictions that singles and
    /// box/line reasoning miss ("five cells of a box for four digits") are of this kind, and a
    /// search that does not branch where they are repeats their refutation under every guess
    /// made elsewhere (regression test `fuzz_fast_slow_no_solution_solvers_agree`: 2.6 million
    /// guesses without it). Too costly for every node, so only in long searches. False on a
    /// contradiction.
    #[inline(never)]
    fn hall(&self) -> bool {
        for band in 0..3 {
            for k in 0..3 {
                // Row k of the band and box k of the band, for every digit.
                let (mut rows, mut boxes) = ([0u32; 9], [0u32; 9]);
                for d in 0..9 {
                    let x = self.cand[3 * d + band];
                    rows[d] = (x >> (9 * k)) & ROW;
                    let b = x >> (3 * k);
                    boxes[d] = (b & 7) | ((b >> 6) & 0o70) | ((b >> 12) & 0o700);
                }
                if !hall_house(&rows) || !hall_house(&boxes) {
                    return false;
                }
            }
        }
        for c in 0..9 {
            let mut cols = [0u32; 9];
            for (d, col) in cols.iter_mut().enumerate() {
                for band in 0..3 {
                    let x = self.cand[3 * d + band] >> c;
                    *col |= ((x & 1) | ((x >> 8) & 2) | ((x >> 16) & 4)) << (3 * band);
                }
            }
            if !hall_house(&cols) {
                return false;
            }
        }
        true
    }

    /// The guess: two placements `(s, a)` and `(t, b)` (the digit of subband `s` at bit `a`,
    /// ...), exactly one of which holds in every solution; none if no cell is bivalue. Among
    /// the first few bivalue cells, the one whose two placements would do the most (`score`):
    /// both branches then propagate further, which halves the guesses on hard puzzles against
    /// "the first bivalue cell" (forum-hardest: 164 guesses per puzzle down to about 84); if
    /// none scores `BILOCAL_BELOW` in a `hard` search, a digit's two places in a row or box
    /// may do better (`bilocal`). With a budget of one, the first bivalue cell, unscored.
    #[inline(always)]
    fn guess<I: Isa>(&self, budget: u32, hard: bool) -> Option<(usize, u32, usize, u32)> {
        let first_only = budget == 1;
        let mut best = 0u64;
        let mut budget = budget;
        for band in 0..3 {
            let mut p = self.pairs[band];
            while p != 0 && budget > 0 {
                let bit = p.trailing_zeros();
                p &= p - 1;
                budget -= 1;
                let digits = self.digits_at(band, bit);
                let s = 3 * digits.trailing_zeros() as usize + band;
                let t = 3 * (digits & (digits - 1)).trailing_zeros() as usize + band;
                if first_only {
                    return Some((s, bit, t, bit));
                }
                // The best score wins, the first cell among equals (`budget` falls from cell
                // to cell): one `max` over packed keys rather than a "new best?" branch, which
                // mispredicts (bench, same run: magictour 133k -> 137k puzzles/s, forum-hardest
                // 20.9k -> 21.5k).
                let key = u64::from(self.score((s, bit), (t, bit))) << 40
                    | u64::from(budget) << 32
                    | (s as u64) << 24
                    | (t as u64) << 16
                    | u64::from(bit) << 8
                    | u64::from(bit);
                best = best.max(key);
            }
        }
        let score = (best >> 40) as u32;
        if hard && score != 0 && score < BILOCAL_BELOW {
            // A pair in a house wins only on a higher score (its key has no budget bits).
            best = best.max(I::bilocal(self));
        }
        (best >> 40 != 0).then_some((
            (best >> 24) as u8 as usize,
            (best >> 8) as u8 as u32,
            (best >> 16) as u8 as usize,
            best as u8 as u32,
        ))
    }

    /// The best scored digit with exactly two places left in a row or a box (a subband holds
    /// each row and box of its band whole), as a key like `guess`'s: score (`score` plus
    /// `BILOCAL_BONUS`) from bit 40, the subband at bits 24 and 16, the two places at 8 and 0.
    /// 0 when there is none.
    #[inline(always)]
    fn bilocal(&self) -> u64 {
        let mut best = 0u64;
        for s in 0..27 {
            let x = self.cand[s];
            let mut two = 0u32;
            for (k, &h) in HOUSES.iter().enumerate() {
                two |= u32::from((x & h).count_ones() == 2) << k;
            }
            while two != 0 {
                let m = x & HOUSES[two.trailing_zeros() as usize];
                two &= two - 1;
                let (a, b) = (m.trailing_zeros(), (m & (m - 1)).trailing_zeros());
                let key = u64::from(self.score((s, a), (s, b)) + BILOCAL_BONUS) << 40
                    | (s as u64) << 24
                    | (s as u64) << 16
                    | u64::from(a) << 8
                    | u64::from(b);
                best = best.max(key);
            }
        }
        best
    }

    /// How much two placements in one band (the digit of subband `s` at bit `a`, of `t` at
    /// `b`: a bivalue cell's two digits, or a digit's two places in a house) would do, summed:
    /// for each, the candidates it removes from its peers in the band, three times over the
    /// bivalue peers it turns into naked singles (in the band, and along its column in the
    /// other bands), plus a flat bonus when its column reaches the other bands. Weights tuned
    /// on magictour and forum-hardest: the naked-single terms cut guesses by 12%
    /// (forum-hardest, first 10,000: 87.5 -> 76.6 a puzzle; magictour 13.9 -> 12.5).
    ///
    /// The counts are taken three at a time, each pair of 27-bit masks packed into one `u64`:
    /// without a popcount instruction in the baseline x86-64 target a count is a dozen
    /// operations, and eight separate counts per cell were a quarter of a hard search's time.
    #[inline(always)]
    fn score(&self, (s, a): (usize, u32), (t, b): (usize, u32)) -> u32 {
        let band = s % 3;
        let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
        let pairs = self.pairs[band];
        // Per placement: its digit's column in the other bands where that is bivalue (the
        // second band's shifted by one: both fit in the column's bits and the bits beside
        // them), and whether the column reaches them at all.
        let (p1, p2) = (self.pairs[b1], self.pairs[b2]);
        let side = |d: usize, column: u32| {
            let (o1, o2) = (self.cand[d + b1], self.cand[d + b2]);
            let singles = (o1 & column & p1) | (o2 & column & p2) << 1;
            (singles, u32::from((o1 | o2) & column != 0))
        };
        let ps = self.cand[s] & !PLACED[a as usize];
        let pt = self.cand[t] & !PLACED[b as usize];
        let (cs, fs) = side(s - band, COLUMN[a as usize]);
        let (ct, ft) = side(t - band, COLUMN[b as usize]);
        let wide = |a: u32, b: u32| (u64::from(a) | u64::from(b) << 32).count_ones();
        let singles = wide(ps & pairs, pt & pairs) + wide(cs, ct);
        wide(ps, pt) + 3 * singles + 6 * (fs + ft)
    }

    /// The guess when no cell is bivalue (rare: sparse grids). A digit with two places left in
    /// a column, row or box splits the search as evenly as a bivalue cell; failing that, the
    /// open cell with the fewest candidates. Without the two-place choice, a sparse grid whose
    /// one hard corner is far from the fewest-candidate cells makes the search refute that
    /// corner again under every guess made elsewhere (regression test
    /// `fuzz_slow_sparse_multiple_solutions`: 3.7 million guesses before, 48 after).
    #[inline(never)]
    fn pick_fewest(&self) -> (usize, u32) {
        for digit in 0..9 {
            let c = &self.cand[3 * digit..3 * digit + 3];
            // Columns: the bits of column k in the three bands.
            for &col in &COLUMN[..9] {
                if (c[0] & col).count_ones() + (c[1] & col).count_ones() + (c[2] & col).count_ones()
                    == 2
                {
                    let band = (0..3).find(|&b| c[b] & col != 0).expect("two places");
                    return (3 * digit + band, (c[band] & col).trailing_zeros());
                }
            }
            for (band, &x) in c.iter().enumerate() {
                // Rows of the band, then its boxes (three 3-bit segments, one per row).
                for r in 0..3 {
                    let row = (x >> (9 * r)) & ROW;
                    if row.count_ones() == 2 {
                        return (3 * digit + band, 9 * r + row.trailing_zeros());
                    }
                }
                for k in 0..3 {
                    let b = x & ((0x7 << (3 * k)) * 0x40201);
                    if b.count_ones() == 2 {
                        return (3 * digit + band, b.trailing_zeros());
                    }
                }
            }
        }
        let mut best = (0, 0);
        let mut best_count = u32::MAX;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let mut subbands = (band..27)
                    .step_by(3)
                    .filter(|&s| self.cand[s] & (1 << bit) != 0);
                let first = subbands.next().expect("propagation leaves no dead cell");
                let n = 1 + subbands.count() as u32;
                if n < best_count {
                    best_count = n;
                    best = (first, bit);
                }
            }
        }
        best
    }

    /// The grid, once every cell is placed.
    fn grid(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (s, &c) in self.cand.iter().enumerate() {
            let mut x = c;
            while x != 0 {
                cells[27 * (s % 3) + x.trailing_zeros() as usize] = (s / 3) as u8 + 1;
                x &= x - 1;
            }
        }
        cells
    }
}

/// Hall's condition for one house, given each digit's places in it (9-bit masks): for each `t`,
/// the digits with at most `t` places must have at least as many places between them.
fn hall_house(places: &[u32; 9]) -> bool {
    let mut counts = [0u32; 9];
    for (n, p) in counts.iter_mut().zip(places) {
        *n = p.count_ones();
    }
    for t in 1..9 {
        let (mut union, mut digits) = (0u32, 0u32);
        for (n, p) in counts.iter().zip(places) {
            if *n <= t {
                union |= p;
                digits += 1;
            }
        }
        if union.count_ones() < digits {
            return false;
        }
    }
    true
}

/// How a search explores. The answers (counts) never depend on it; which solution comes first
/// does, and so does the time taken.
#[derive(Clone, Copy)]
struct Mode {
    /// Whether the root runs the column pass (see `Search::solve`).
    root_columns: bool,
    /// Whether searches that pass `CHEAP_GUESSES` switch to scored guesses and the column pass
    /// at every node. Off, the order is fixed: the first bivalue cell in row-major order,
    /// lower digit first, which tuning the scores cannot change.
    tuned: bool,
    /// After how many guesses Hall's condition is checked too (`DESPERATE_GUESSES`; tests
    /// lower it to exercise the check everywhere).
    desperate: u32,
    /// Nodes with more open cells than this score their guess (`SCORED_OPEN`); `None`: only
    /// hard searches do.
    scored_open: Option<u32>,
}

impl Mode {
    /// Counting and solving.
    const DEFAULT: Mode = Mode {
        root_columns: true,
        tuned: true,
        desperate: DESPERATE_GUESSES,
        scored_open: Some(SCORED_OPEN),
    };
    /// The generator's question, on puzzles one clue short of a unique one: singles and
    /// box/line settle nearly all of them, and the root's column pass cost more than it saved
    /// (callgrind, 300 minimal puzzles: 116.2 M -> 112.6 M instructions). Nor does scoring
    /// guesses by the open cells (109.1 M -> 112.9 M).
    const AVOIDING: Mode = Mode {
        root_columns: false,
        scored_open: None,
        ..Mode::DEFAULT
    };
    /// A first solution that stays the same when the guess scores are tuned (reproducible
    /// output: the generator's random grids).
    const FIXED_ORDER: Mode = Mode {
        tuned: false,
        ..Mode::DEFAULT
    };

    /// Counting and solving a puzzle with `givens` givens: `DEFAULT`, without the root's column
    /// pass from `ROOT_COLUMNS_GIVENS` givens on.
    fn counting(givens: u32) -> Mode {
        Mode {
            root_columns: givens < ROOT_COLUMNS_GIVENS,
            ..Mode::DEFAULT
        }
    }
}

/// Depth-first search with a solution limit.
struct Search {
    limit: usize,
    found: usize,
    /// Which solution to write out (counting alone skips it).
    keep: Keep,
    /// The first solution, as the state that holds it: written out as a grid only at the end,
    /// since counting with a limit of 2 mostly finds a second one and drops it (serg: 3% of the
    /// instructions went to writing out grids no one read).
    first: Option<State>,
    guesses: u32,
    mode: Mode,
}

impl Search {
    /// A search that has found nothing yet.
    fn new(limit: usize, keep: Keep, mode: Mode) -> Search {
        Search {
            limit,
            found: 0,
            keep,
            first: None,
            guesses: 0,
            mode,
        }
    }

    /// The count, and the solution `keep` asks for.
    fn answer(self) -> (usize, Option<[u8; 81]>) {
        let wanted = self.keep.wants(self.found);
        (self.found, self.first.filter(|_| wanted).map(|s| s.grid()))
    }

    /// Explores `state`: propagate, then branch "the guess" (on a copy) / "not the guess" (in
    /// place) until solved, contradicted, or the limit is reached. `I` is the instruction set
    /// the propagation and the recursion are compiled for.
    #[inline(always)]
    fn solve<I: Isa>(&mut self, state: &mut State) {
        loop {
            // The column pass pays at the root (many 17-clue puzzles then need no guess) and in
            // hard searches; in easy ones it costs more than it saves.
            let hard = self.mode.tuned && self.guesses > CHEAP_GUESSES;
            if !I::propagate(state, hard || (self.guesses == 0 && self.mode.root_columns)) {
                return;
            }
            // A search this long is likely refuting the same hidden contradiction under guess
            // after guess: the pigeonhole check sees such dead ends where they appear.
            if self.guesses > self.mode.desperate && state.open != [0; 3] && !state.hall() {
                return;
            }
            if state.open == [0; 3] {
                self.found += 1;
                if self.keep != Keep::Nothing && self.first.is_none() {
                    self.first = Some(*state);
                }
                return;
            }
            self.guesses += 1;
            let scored = hard
                || (self.mode.tuned
                    && self.mode.scored_open.is_some_and(|n| {
                        state.open.iter().map(|o| o.count_ones()).sum::<u32>() > n
                    }));
            if let Some((s, a, t, b)) =
                state.guess::<I>(if scored { SCORED_CELLS } else { 1 }, hard)
            {
                // One placement on a copy, then the other in place.
                let mut child = *state;
                child.assign(s, a);
                I::solve(self, &mut child);
                if self.found >= self.limit {
                    return;
                }
                state.assign(t, b);
            } else {
                let (s, bit) = state.pick_fewest();
                let mut child = *state;
                child.assign(s, bit);
                I::solve(self, &mut child);
                if self.found >= self.limit {
                    return;
                }
                state.cand[s] &= !(1 << bit);
            }
        }
    }
}

/// The state with the givens of `cells` (row-major, 0 for empty) placed. Givens that clash
/// are not looked for here: the root's propagation refutes them (see `digit_start`).
fn load(cells: &[u8; 81]) -> State {
    load_counting(cells).0
}

/// `load`, and how many givens there are (read off the empty cells' masks it gathers anyway).
#[inline(always)]
fn load_counting(cells: &[u8; 81]) -> (State, u32) {
    // Where each digit is given, per band (index 0 collects the empty cells), gathered without
    // a branch per cell: a "given or not" branch mispredicts on every other cell.
    let mut given = [[0u32; 3]; 16];
    for (band, cells) in cells.chunks_exact(27).enumerate() {
        for (bit, &v) in cells.iter().enumerate() {
            given[usize::from(v & 15)][band] |= 1 << bit;
        }
    }
    let mut taken = [0u32; 3];
    for g in &given[1..10] {
        for band in 0..3 {
            taken[band] |= g[band];
        }
    }
    let mut state = State::new();
    for digit in 0..9 {
        let g = given[digit + 1];
        let own = digit_start(g);
        for band in 0..3 {
            // Off the other givens' cells.
            state.cand[3 * digit + band] = (own[band] & !taken[band]) | g[band];
        }
    }
    let empty: u32 = given[0].iter().map(|e| e.count_ones()).sum();
    (state, 81 - empty)
}

/// What one digit's givens `g` (per band) leave it: every cell outside their rows, columns and
/// boxes, plus the givens themselves. Givens that clash are not looked for here: the root's
/// propagation refutes them without a guess (test `clashing_givens_are_refuted_at_the_root`):
/// two givens of a digit in a row are both naked singles and the first placed kills the other;
/// in a box, their two rows need the same box, which no permutation allows; in a column across
/// bands, each given's column is alone in its stack, so the other band loses it and the other
/// given's row is left empty. (Testing for clashes here was a third of loading a puzzle: serg,
/// whole command, 189.7 M -> 180.7 M instructions.)
#[inline(always)]
pub(crate) fn digit_start(g: [u32; 3]) -> [u32; 3] {
    let f = [fold(g[0]), fold(g[1]), fold(g[2])];
    let columns = (f[0] | f[1] | f[2]) * 0x40201;
    let mut own = [0u32; 3];
    for band in 0..3 {
        let x = g[band];
        let rows = [x & ROW, (x >> 9) & ROW, x >> 18];
        let filled = (u32::from(rows[0] != 0) * ROW)
            | (u32::from(rows[1] != 0) * (ROW << 9))
            | (u32::from(rows[2] != 0) * (ROW << 18));
        let boxes = SPREAD[f[band] as usize] * 0x40201;
        own[band] = (BAND & !(columns | filled | boxes)) | x;
    }
    own
}

/// Givens kept digit by digit (see `crate::Clues`): per digit and band, where the digit is
/// given and what its givens leave it (`digit_start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DigitMasks {
    pub(crate) given: [[u32; 3]; 9],
    pub(crate) own: [[u32; 3]; 9],
}

impl DigitMasks {
    /// No givens.
    pub(crate) const EMPTY: DigitMasks = DigitMasks {
        given: [[0; 3]; 9],
        own: [[BAND; 3]; 9],
    };

    /// Recomputes what digit `d` (0-8) keeps after its givens changed.
    pub(crate) fn refresh(&mut self, d: usize) {
        self.own[d] = digit_start(self.given[d]);
    }

    /// The state these givens start a search from: `load` without reading the 81 cells.
    fn state(&self) -> State {
        let mut taken = [0u32; 3];
        for g in &self.given {
            for band in 0..3 {
                taken[band] |= g[band];
            }
        }
        let mut state = State::new();
        for (d, (own, given)) in self.own.iter().zip(&self.given).enumerate() {
            for (band, &t) in taken.iter().enumerate() {
                state.cand[3 * d + band] = (own[band] & !t) | given[band];
            }
        }
        state
    }
}

/// Which solution a search writes out as a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// None: counting only.
    Nothing,
    /// The first one found.
    First,
    /// The first one found, if no other was found (`nonet solve` on puzzles with several
    /// solutions writes out no grid).
    Unique,
}

impl Keep {
    /// Whether a search that found `found` solutions writes out its first.
    pub(crate) fn wants(self, found: usize) -> bool {
        match self {
            Keep::Nothing => false,
            Keep::First => true,
            Keep::Unique => found == 1,
        }
    }
}

/// `count` for givens kept as `DigitMasks`.
pub(crate) fn count_masks(
    masks: &DigitMasks,
    limit: usize,
    keep: Keep,
) -> (usize, Option<[u8; 81]>) {
    if limit == 0 {
        return (0, None);
    }
    let givens = masks.given.iter().flatten().map(|g| g.count_ones()).sum();
    search_with(&mut masks.state(), limit, keep, Mode::counting(givens))
}

/// `count_avoiding` for givens kept as `DigitMasks`.
pub(crate) fn count_avoiding_masks(
    masks: &DigitMasks,
    cell: usize,
    digit: u8,
    limit: usize,
) -> usize {
    let (band, bit) = (cell / 27, 1 << (cell % 27));
    if limit == 0 || masks.given[digit as usize - 1][band] & bit != 0 {
        return 0;
    }
    let mut state = masks.state();
    state.cand[3 * (digit as usize - 1) + band] &= !bit;
    search_with(&mut state, limit, Keep::Nothing, Mode::AVOIDING).0
}

/// Counts the solutions of `cells` (row-major, 0 for empty), stopping at `limit`, and returns
/// the solution `keep` asks for. Clashing givens give 0.
pub(crate) fn count(cells: &[u8; 81], limit: usize, keep: Keep) -> (usize, Option<[u8; 81]>) {
    if limit == 0 {
        return (0, None);
    }
    let (mut state, givens) = load_counting(cells);
    search_with(&mut state, limit, keep, Mode::counting(givens))
}

/// The first solution of `cells` in the fixed order (`Mode::FIXED_ORDER`), if any.
pub(crate) fn first_in_fixed_order(cells: &[u8; 81]) -> Option<[u8; 81]> {
    let mut state = load(cells);
    search_with(&mut state, 1, Keep::First, Mode::FIXED_ORDER).1
}

/// Counts (up to `limit`) the solutions of `cells` that do not put `digit` (1-9) in `cell`
/// (0-80).
pub(crate) fn count_avoiding(cells: &[u8; 81], cell: usize, digit: u8, limit: usize) -> usize {
    if limit == 0 || cells[cell] == digit {
        return 0;
    }
    let mut state = load(cells);
    state.cand[3 * (digit as usize - 1) + cell / 27] &= !(1 << (cell % 27));
    search_with(&mut state, limit, Keep::Nothing, Mode::AVOIDING).0
}

/// An instruction set the search is compiled for: the non-inlined propagation and the recursive
/// search, one copy per set. The search itself is the same source for every set.
trait Isa {
    /// `State::propagate`, compiled for this set.
    fn propagate(state: &mut State, columns: bool) -> bool;
    /// The segments of subband `x` that lie on a permutation inside its shape
    /// (`PERMUTATIONS`).
    fn permutations(x: u32) -> u32;
    /// `Search::solve`, compiled for this set.
    fn solve(search: &mut Search, state: &mut State);
    /// `State::bilocal`, compiled for this set, out of line (the search's hot loop stays
    /// small).
    fn bilocal(state: &State) -> u64;
}

/// What the binary is compiled for (baseline x86-64 has no popcount or bit-manipulation
/// instructions): every target, and x86-64 processors without the instructions `bmi` uses.
struct Portable;

impl Isa for Portable {
    #[inline(never)]
    fn propagate(state: &mut State, columns: bool) -> bool {
        state.propagate::<Portable>(columns)
    }

    #[inline(always)]
    fn permutations(x: u32) -> u32 {
        PERMUTATIONS_T[folded_shape(x) as usize]
    }

    fn solve(search: &mut Search, state: &mut State) {
        search.solve::<Portable>(state)
    }

    #[inline(never)]
    fn bilocal(state: &State) -> u64 {
        state.bilocal()
    }
}

/// The search compiled for x86-64 processors with popcnt, BMI1, BMI2 and LZCNT (every x86-64
/// processor since about 2013), chosen at run time. Hardware popcount, `andn`, `blsr` and
/// `tzcnt` shorten the propagation and the guess scores (`cargo bench -p nonet-core --bench
/// solve`: magictour 1.34x -> 1.38x the `sudoku` crate, forum-hardest 1.31x -> 1.37x; AVX2 on
/// top made every set slower). Where `pext` is fast, it gathers a subband's shape in one
/// instruction (bench: serg 1.17x -> 1.20x against the shifts of `folded_shape`); AMD
/// processors before Zen 3 run it in microcode, tens of cycles, and get a second copy without
/// it.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod bmi {
    use std::sync::atomic::{AtomicU8, Ordering};

    use super::{Isa, Search, State, PERMUTATIONS, SEGMENT_FIRSTS};

    /// Which copy of the search a processor runs.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(super) enum Choice {
        /// The instructions are missing: the portable search.
        None,
        /// popcnt, BMI and LZCNT, the shape by shifts.
        Bmi,
        /// The same, the shape by `pext`.
        Pext,
    }

    /// The processor's copy, worked out on first use (0: not yet).
    static CHOSEN: AtomicU8 = AtomicU8::new(0);

    /// Which copy this processor runs (the feature tests are made once).
    pub(super) fn chosen() -> Choice {
        match CHOSEN.load(Ordering::Relaxed) {
            1 => Choice::None,
            2 => Choice::Bmi,
            3 => Choice::Pext,
            _ => {
                let choice = if !available() {
                    Choice::None
                } else if fast_pext() {
                    Choice::Pext
                } else {
                    Choice::Bmi
                };
                CHOSEN.store(choice as u8 + 1, Ordering::Relaxed);
                choice
            }
        }
    }

    /// Whether this processor has the instructions.
    pub(super) fn available() -> bool {
        is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
    }

    /// Whether `pext` takes a few cycles here: everywhere but on AMD (and Hygon) processors
    /// before family 0x19 (Zen 3), which run it in microcode.
    fn fast_pext() -> bool {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let id = (vendor.ebx, vendor.edx, vendor.ecx);
        // "AuthenticAMD" and "HygonGenuine", as CPUID spells them across three registers.
        let amd = id == (0x6874_7541, 0x6974_6E65, 0x444D_4163)
            || id == (0x6F67_7948, 0x6E65_476E, 0x656E_6975);
        let eax = __cpuid(1).eax;
        let base = (eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((eax >> 20) & 0xFF)
        } else {
            base
        };
        !amd || family >= 0x19
    }

    /// The instruction set, with `pext` or without; only ever used below `solve`, which
    /// checks the processor.
    struct Bmi<const PEXT: bool>;

    impl<const PEXT: bool> Isa for Bmi<PEXT> {
        #[inline(always)]
        fn propagate(state: &mut State, columns: bool) -> bool {
            // SAFETY: `Bmi` is only used inside `search`, reached only through `solve` after
            // `chosen` said the processor has every feature `propagate` is compiled for.
            unsafe { propagate::<PEXT>(state, columns) }
        }

        #[inline(always)]
        fn permutations(x: u32) -> u32 {
            if PEXT {
                // SAFETY: as above; the row-major shape, bit 3 * row + box.
                let shape =
                    unsafe { std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, SEGMENT_FIRSTS) };
                PERMUTATIONS[shape as usize & 0x1FF]
            } else {
                super::Portable::permutations(x)
            }
        }

        #[inline(always)]
        fn solve(search: &mut Search, state: &mut State) {
            // SAFETY: as above.
            unsafe { self::search::<PEXT>(search, state) }
        }

        #[inline(always)]
        fn bilocal(state: &State) -> u64 {
            // SAFETY: as above.
            unsafe { self::bilocal(state) }
        }
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    #[inline(never)]
    fn bilocal(state: &State) -> u64 {
        state.bilocal()
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    #[inline(never)]
    fn propagate<const PEXT: bool>(state: &mut State, columns: bool) -> bool {
        state.propagate::<Bmi<PEXT>>(columns)
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn search<const PEXT: bool>(search: &mut Search, state: &mut State) {
        search.solve::<Bmi<PEXT>>(state)
    }

    /// Runs `search` on `state` with the copy `choice`, if the processor has its instructions
    /// (`pext` is always correct, only slow on some processors: tests run every copy the
    /// processor can); false (and nothing done) if not, or for `Choice::None`.
    #[cfg(test)]
    pub(super) fn solve_with(choice: Choice, search: &mut Search, state: &mut State) -> bool {
        available() && run(choice, search, state)
    }

    /// Runs `search` on `state` compiled for this processor's instructions, if it has them;
    /// false (and nothing done) if not.
    pub(super) fn solve(search: &mut Search, state: &mut State) -> bool {
        run(chosen(), search, state)
    }

    /// `solve_with`, for a choice known to suit the processor (`chosen`, or checked by
    /// `available`).
    fn run(choice: Choice, search: &mut Search, state: &mut State) -> bool {
        match choice {
            Choice::None => return false,
            // SAFETY: the processor has every feature `search` is compiled for (see above).
            Choice::Bmi => unsafe { self::search::<false>(search, state) },
            // SAFETY: as above.
            Choice::Pext => unsafe { self::search::<true>(search, state) },
        }
        true
    }
}

/// Runs the search from a loaded state: the count, and the solution `keep` asks for.
fn search_with(
    state: &mut State,
    limit: usize,
    keep: Keep,
    mode: Mode,
) -> (usize, Option<[u8; 81]>) {
    run(state, limit, keep, mode).answer()
}

/// Runs the search from a loaded state, on this processor's copy, and returns it finished.
fn run(state: &mut State, limit: usize, keep: Keep, mode: Mode) -> Search {
    let mut search = Search::new(limit, keep, mode);
    #[cfg(target_arch = "x86_64")]
    if !bmi::solve(&mut search, state) {
        Portable::solve(&mut search, state);
    }
    #[cfg(not(target_arch = "x86_64"))]
    Portable::solve(&mut search, state);
    search
}

/// `count` with `Keep::Nothing`, and how many guesses the search made (the size of its tree,
/// which benchmarks compare across versions and against other solvers).
pub(crate) fn count_guesses(cells: &[u8; 81], limit: usize) -> (usize, u32) {
    if limit == 0 {
        return (0, 0);
    }
    let (mut state, givens) = load_counting(cells);
    let search = run(&mut state, limit, Keep::Nothing, Mode::counting(givens));
    (search.found, search.guesses)
}

#[cfg(test)]
mod tests {
    use super::{
        count, count_guesses, first_in_fixed_order, folded_shape, hall_house, load, row_singles,
        search_with, Isa, Keep, Mode, Portable, Search, HOUSES, PERMUTATIONS, PERMUTATIONS_T, ROW,
        SCORED_CELLS, VISIT,
    };

    fn bytes(line: &str) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (c, b) in cells.iter_mut().zip(line.bytes()) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        cells
    }

    /// Clashing givens have no solution, whichever house they clash in, and are answered at
    /// once (a row of nine 5s once sent an earlier version into an endless search).
    #[test]
    fn clashing_givens_have_no_solution() {
        let mut row = [0u8; 81];
        (row[3], row[7]) = (5, 5);
        let mut column = [0u8; 81];
        (column[4], column[4 + 9 * 6]) = (2, 2);
        let mut boxed = [0u8; 81];
        (boxed[30], boxed[40]) = (9, 9);
        let mut fives = [0u8; 81];
        fives[72..].fill(5);
        for cells in [row, column, boxed, fives] {
            assert_eq!(count(&cells, 2, Keep::First), (0, None));
        }
    }

    #[test]
    fn a_unique_puzzle_and_its_solution() {
        let puzzle = bytes(
            "9.1..4.........296.8....4.721...6.....6.23..4.5.94.........8.4.....7..3.....316.5",
        );
        let solution = bytes(
            "921764358437815296685392417214586973796123584358947162163258749542679831879431625",
        );
        assert_eq!(count(&puzzle, 2, Keep::First), (1, Some(solution)));
        assert_eq!(count(&puzzle, 2, Keep::Unique), (1, Some(solution)));
        assert_eq!(count(&puzzle, 2, Keep::Nothing), (1, None));
        assert_eq!(count(&solution, 5, Keep::Nothing).0, 1);
        assert_eq!(count(&[0; 81], 0, Keep::Nothing).0, 0);
        assert_eq!(count(&[0; 81], 7, Keep::Nothing).0, 7);
        // Several solutions: the first is written out only when asked for.
        assert_eq!(count(&[0; 81], 2, Keep::Unique), (2, None));
        let (n, first) = count(&[0; 81], 2, Keep::First);
        assert_eq!(n, 2);
        assert!(first.is_some_and(|g| g.iter().all(|&v| (1..=9).contains(&v))));
    }

    /// `count_guesses` counts what `count` counts, with the guesses of the same search: none
    /// for a puzzle propagation solves, some for a grid with several solutions.
    #[test]
    fn count_guesses_counts_the_same_search() {
        let easy = bytes(
            "9.1..4.........296.8....4.721...6.....6.23..4.5.94.........8.4.....7..3.....316.5",
        );
        assert_eq!(count_guesses(&easy, 2), (1, 0));
        assert_eq!(count_guesses(&[0; 81], 0), (0, 0));
        let (n, guesses) = count_guesses(&[0; 81], 2);
        assert_eq!(n, 2);
        assert!(guesses > 0);
        for cells in sparse_puzzles(0x5DEE_CE66_D1CE_5EED, 200, 17..41, 4) {
            for limit in [1, 2] {
                assert_eq!(
                    count_guesses(&cells, limit).0,
                    count(&cells, limit, Keep::Nothing).0,
                    "{cells:?}"
                );
            }
        }
    }

    #[test]
    fn hall_house_finds_pigeonholes() {
        // Every digit in its own cell: fine; three digits sharing two cells: not.
        let spread: [u32; 9] = std::array::from_fn(|d| 1 << d);
        assert!(hall_house(&spread));
        let mut crowded = spread;
        crowded[3] = 0b11;
        crowded[4] = 0b11;
        crowded[5] = 0b01;
        assert!(!hall_house(&crowded));
        // Two digits on the same two cells is a pair, not a contradiction.
        let mut pair = [0x1ff; 9];
        pair[0] = 0b110;
        pair[1] = 0b110;
        assert!(hall_house(&pair));
        // A digit with no place at all.
        let mut none = [0x1ff; 9];
        none[8] = 0;
        assert!(!hall_house(&none));
    }

    /// `rounds` random subsets of one solution, seeded: round `r` keeps each given with
    /// probability about `(givens.start + r % givens.len()) / 81`, and every `wrong`-th round
    /// one cell then gets a random digit (mostly no solution).
    fn sparse_puzzles(
        seed: u64,
        rounds: usize,
        givens: std::ops::Range<u64>,
        wrong: usize,
    ) -> impl Iterator<Item = [u8; 81]> {
        let solution = bytes(
            "921764358437815296685392417214586973796123584358947162163258749542679831879431625",
        );
        let mut rng = seed;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        (0..rounds).map(move |round| {
            let mut cells = [0u8; 81];
            let keep = givens.start + round as u64 % (givens.end - givens.start);
            for (c, &v) in cells.iter_mut().zip(&solution) {
                if next() % 81 < keep {
                    *c = v;
                }
            }
            if round % wrong == 0 {
                let at = (next() % 81) as usize;
                cells[at] = (next() % 9) as u8 + 1;
            }
            cells
        })
    }

    /// The pigeonhole check never loses a solution: with it on from the first node, counts
    /// agree with the reference solver on sparse subsets of a solution (unique, multiple) and
    /// with one wrong given (mostly none).
    #[test]
    fn hall_check_everywhere_agrees_with_the_reference() {
        for cells in sparse_puzzles(0x2545_F491_4F6C_DD1D, 300, 18..38, 3) {
            if crate::sudoku::has_clash(&cells) {
                continue;
            }
            let mut state = load(&cells);
            let fast = search_with(
                &mut state,
                2,
                Keep::Nothing,
                Mode {
                    desperate: 0,
                    ..Mode::DEFAULT
                },
            )
            .0;
            let mut first = None;
            let reference = crate::reference::count(&cells, 2, &mut first);
            assert_eq!(fast, reference, "{cells:?}");
        }
    }

    /// `first_in_fixed_order` is part of nonet-core's contract (the generator's grids are built
    /// on it): these first solutions must not change when the search is tuned. The second grid
    /// (three boxes on the diagonal, as the generator starts its grids) takes enough guesses
    /// that a tuned search scores them, and finds another solution first.
    #[test]
    fn fixed_order_solutions_are_pinned() {
        assert_eq!(
            first_in_fixed_order(&[0; 81]),
            Some(bytes(
                "123456789456789123789123456261874395835691247947532618394265871518347962672918534"
            ))
        );
        let sparse = bytes(
            "983......647......251.........483......791......256.........425......861......739",
        );
        assert_eq!(
            first_in_fixed_order(&sparse),
            Some(bytes(
                "983165274647829153251347698572483916436791582198256347319678425725934861864512739"
            ))
        );
        assert_ne!(
            first_in_fixed_order(&sparse),
            count(&sparse, 1, Keep::First).1
        );
    }

    /// Every copy of the search gives the reference solver's answers: the portable search
    /// (what processors without popcnt and BMI run) and both BMI copies are tested here,
    /// whichever this processor would choose.
    #[test]
    fn every_instruction_set_agrees_with_the_reference() {
        #[cfg(target_arch = "x86_64")]
        use super::bmi::{self, Choice};
        let mut runs = 0;
        for cells in sparse_puzzles(0x9E37_79B9_7F4A_7C15, 400, 17..41, 4) {
            if crate::sudoku::has_clash(&cells) {
                continue;
            }
            let start = load(&cells);
            let mut first = None;
            let reference = crate::reference::count(&cells, 2, &mut first);
            let unique = if reference == 1 { first } else { None };
            let mut portable = Search::new(2, Keep::Unique, Mode::DEFAULT);
            Portable::solve(&mut portable, &mut start.clone());
            assert_eq!(portable.answer(), (reference, unique), "{cells:?}");
            #[cfg(target_arch = "x86_64")]
            for choice in [Choice::Bmi, Choice::Pext] {
                let mut fast = Search::new(2, Keep::Unique, Mode::DEFAULT);
                if bmi::solve_with(choice, &mut fast, &mut start.clone()) {
                    assert_eq!(fast.answer(), (reference, unique), "{choice:?} {cells:?}");
                    runs += 1;
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        if bmi::available() {
            assert!(runs > 600, "{runs}");
        }
    }

    /// Loading does not look for clashing givens: the root's propagation must refute them,
    /// without a guess, on both instruction sets, whichever house they share and however
    /// sparse the rest is.
    #[test]
    fn clashing_givens_are_refuted_at_the_root() {
        let mut rng = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut clashes = 0;
        for mut cells in sparse_puzzles(0x0DDB_A11C_0FFE_E000, 600, 17..45, usize::MAX) {
            // A given, and another cell of one of its houses made the same digit.
            let Some(c) = (0..81)
                .map(|_| (next() % 81) as usize)
                .find(|&c| cells[c] != 0)
            else {
                continue;
            };
            let (r, col, k) = (c / 9, c % 9, (next() % 9) as usize);
            let other = match next() % 3 {
                0 => 9 * r + k,
                1 => 9 * k + col,
                _ => 9 * (r / 3 * 3 + k / 3) + col / 3 * 3 + k % 3,
            };
            if other == c {
                continue;
            }
            cells[other] = cells[c];
            assert!(crate::sudoku::has_clash(&cells));
            clashes += 1;
            let mut portable = Search::new(2, Keep::Unique, Mode::DEFAULT);
            Portable::solve(&mut portable, &mut load(&cells));
            assert_eq!((portable.found, portable.guesses), (0, 0), "{cells:?}");
            #[cfg(target_arch = "x86_64")]
            for choice in [super::bmi::Choice::Bmi, super::bmi::Choice::Pext] {
                let mut fast = Search::new(2, Keep::Unique, Mode::DEFAULT);
                if super::bmi::solve_with(choice, &mut fast, &mut load(&cells)) {
                    assert_eq!((fast.found, fast.guesses), (0, 0), "{choice:?} {cells:?}");
                }
            }
            assert_eq!(count(&cells, 2, Keep::First), (0, None));
        }
        assert!(clashes > 500, "{clashes}");
    }

    /// The shift-only shape and row singles give what the definitions say, on every row
    /// content in every row of a band (the other rows holding a cell or two), and the
    /// transposed permutation table agrees with the row-major one.
    #[test]
    fn shape_and_row_singles_by_shifts_match_their_definitions() {
        // Row-major shape (bit 3 * row + box) and row singles, cell by cell.
        let shape = |x: u32| {
            (0..9)
                .filter(|&seg| (x >> (9 * (seg / 3) + 3 * (seg % 3))) & 7 != 0)
                .fold(0u32, |m, seg| m | 1 << seg)
        };
        let singles = |x: u32| {
            (0..3)
                .map(|r| (x >> (9 * r)) & ROW)
                .enumerate()
                .filter(|(_, row)| row.count_ones() == 1)
                .fold(0u32, |m, (r, row)| m | row << (9 * r))
        };
        let mut checked = 0;
        for others in [0o001_001u32, 0o400_003, 0o070_500, 0o777_777] {
            for r in 0..3 {
                for row in 1..512u32 {
                    // `others` fills the two rows other than r.
                    let (lo, hi) = (others & ROW, (others >> 9) & ROW);
                    let rows = match r {
                        0 => [row, lo, hi],
                        1 => [lo, row, hi],
                        _ => [lo, hi, row],
                    };
                    let x = rows[0] | rows[1] << 9 | rows[2] << 18;
                    let s = shape(x);
                    let transposed = (0..9)
                        .filter(|&k| s & (1 << k) != 0)
                        .fold(0u32, |m, k| m | 1 << (3 * (k % 3) + k / 3));
                    assert_eq!(folded_shape(x), transposed, "{x:#o}");
                    assert_eq!(
                        PERMUTATIONS_T[folded_shape(x) as usize],
                        PERMUTATIONS[s as usize],
                        "{x:#o}"
                    );
                    assert_eq!(row_singles(x), singles(x), "{x:#o}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 4 * 3 * 511);
    }

    /// `VISIT` holds every subband once, and any two subbands visited one after the other
    /// differ in digit and in band (an update then never writes what the next one reads).
    #[test]
    fn visit_order_is_a_permutation_of_independent_neighbours() {
        let mut seen = [false; 27];
        for &s in &VISIT {
            assert!(!seen[s], "{s} twice");
            seen[s] = true;
        }
        for (k, pair) in VISIT.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            assert!(a / 3 != b / 3 && a % 3 != b % 3, "{a} then {b} at {k}");
        }
        for (k, &s) in VISIT.iter().enumerate() {
            let (digit, round) = (k % 9, k / 9);
            assert_eq!(s, 3 * digit + (digit + round) % 3);
        }
    }

    /// A hard search's guess on a digit's two places in a house (`State::bilocal`) splits the
    /// solutions exactly: the two placements are the digit's only places in one row or box,
    /// and the reference solver's count is the sum of the counts with each placement made (as
    /// a given). Checked on propagated sparse grids, wherever `guess` picks such a pair.
    #[test]
    fn bilocal_guesses_split_the_solutions() {
        let mut checked = 0;
        for cells in sparse_puzzles(0x51ED_270B_2716_3C7B, 3000, 22..32, usize::MAX) {
            let mut state = load(&cells);
            if !Portable::propagate(&mut state, true) || state.open == [0; 3] {
                continue;
            }
            let Some((s, a, t, b)) = state.guess::<Portable>(SCORED_CELLS, true) else {
                continue;
            };
            if s != t || a == b {
                continue;
            }
            let x = state.cand[s];
            assert!(
                HOUSES.iter().any(|&h| x & h == (1 << a | 1 << b)),
                "{cells:?}"
            );
            let with = |bit: u32| {
                let mut grid = cells;
                grid[27 * (s % 3) + bit as usize] = (s / 3) as u8 + 1;
                crate::reference::count(&grid, 50, &mut None)
            };
            let (one, other) = (with(a), with(b));
            if one == 50 || other == 50 {
                continue;
            }
            let all = crate::reference::count(&cells, 100, &mut None);
            assert_eq!(all, one + other, "{cells:?}");
            checked += 1;
        }
        assert!(checked > 50, "{checked}");
    }

    /// fuzz `solvers_agree`: a sparse grid with no solution whose contradiction (five cells of
    /// a box for four digits) singles and box/line reasoning miss; the search refuted it under
    /// 2.6 million guesses before the pigeonhole check.
    #[test]
    fn fuzz_sparse_pigeonhole_is_refuted() {
        let cells = bytes(
            ".2........1........6....4.....6..512...........3................5....2.......3...",
        );
        assert_eq!(count(&cells, 2, Keep::Nothing), (0, None));
    }
}
