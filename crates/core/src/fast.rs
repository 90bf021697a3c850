//! The fast solver: per-digit bitboards organised by band, propagated band-wide with lookup
//! tables, guessing on scored bivalue cells with the whole state copied on each guess.
//!
//! ```text
//!  One u32 per (digit, band): cand[digit][band], 27 live bits, bit = 9 * row_in_band + col.
//!  (cand[digit][3] stays 0: a digit's four words compare as one 128-bit value.)
//!
//!             stack 0    stack 1    stack 2
//!  col:       0  1  2 |  3  4  5 |  6  7  8
//!  row 0:     0  1  2 |  3  4  5 |  6  7  8      <- a "row" is 9 bits: (x >> 9r) & 0x1FF
//!  row 1:     9 10 11 | 12 13 14 | 15 16 17
//!  row 2:    18 19 20 | 21 22 23 | 24 25 26      bits 27..31 always 0
//!            box 0      box 1      box 2
//!
//!  Cell i (0..81, row-major) lives in band i / 27 at bit i % 27: the layout is row-major too.
//!  A "segment" is the 3 bits where one row of the band crosses one box (9 per band).
//!  A column fold (x | x >> 9 | x >> 18) & 0x1FF says which of the 9 columns a band reaches.
//! ```
//!
//! Why this works: inside one band a digit occupies exactly one segment per row and one per box,
//! so the segments it uses form a 3x3 permutation. A 512-entry table maps "which segments still
//! hold a candidate" to "the union of all permutations that fit": masking with it performs
//! pointing, claiming and every box/row deduction inside the band in one AND. A row left with a
//! single bit is a placed digit; the cell then leaves the other eight digits. Along columns the
//! same reasoning runs on column folds: a column alone in its stack within a band leaves the
//! other bands (this also removes a placed cell's column), and a column only one band reaches
//! confines that band's box to it. Naked singles and dead cells come from "seen once / seen
//! twice" accumulators over the nine digits of a band.
//!
//! Contract: the givens may even clash (that simply yields no solution); no allocation happens;
//! the search copies the whole `State` (a few hundred bytes) on each guess instead of undoing.

/// How many bivalue cells `pick` scores before choosing.
const SCORED_CELLS: u32 = 8;
/// The 27 live bits of a band.
const BAND: u32 = 0x7FF_FFFF;
/// The 9 bits of row 0 of a band.
const ROW: u32 = 0x1FF;

/// For a 9-bit row: bit k set when box k of the row still holds a candidate.
static SEGMENTS: [u8; 512] = segments_table();
/// For a 9-bit row: the row itself if it holds exactly one bit, else 0.
static SINGLE: [u16; 512] = single_table();
/// For a 9-bit column set: the columns that are alone in their stack (pointing along columns).
static LONE: [u16; 512] = lone_table();
/// For a 9-bit column set: all three columns of every stack that holds one of them.
static SPREAD: [u16; 512] = spread_table();
/// For a 9-bit segment shape (bit 3r + k: row r meets box k): the 27-bit mask of the segments
/// lying on some permutation inside the shape (0 when none fits, i.e. a contradiction).
static PERMUTATIONS: [u32; 512] = permutations_table();

const fn segments_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn single_table() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
}

const fn lone_table() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                t[x] |= (g << (3 * k)) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn spread_table() -> [u16; 512] {
    let mut t = [0u16; 512];
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

/// The search position: candidates per (digit, band), the open cells, and pending work.
#[derive(Clone, Copy)]
#[repr(align(16))]
struct State {
    /// Candidates, `cand[digit][band]`, see the diagram (the fourth word stays 0, so that a
    /// digit's bands compare as one 128-bit value).
    cand: [[u32; 4]; 9],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
    /// `cand` as it was when each pair was last propagated: a difference means work.
    prev: [[u32; 4]; 9],
    /// `cand` as it was after each digit's last column pass.
    colprev: [[u32; 4]; 9],
    /// Set when candidates were narrowed outside `update` (guesses, singles, columns).
    dirty: u32,
}

/// For each bit of a band: its row, box and column within the band (itself included).
static BAND_PEERS: [u32; 27] = band_peers_table();

const fn band_peers_table() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        let (r, c) = (bit / 9, bit % 9);
        t[bit] = (ROW << (9 * r)) | (0x1C0E07 << (c / 3 * 3)) | (0x40201 << c);
        bit += 1;
    }
    t
}

/// For each bit of a band: its column within the band.
static COLUMN: [u32; 27] = column_table();

const fn column_table() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        t[bit] = 0x40201 << (bit % 9);
        bit += 1;
    }
    t
}

/// `x` (9 bits) copied to the three rows of a band.
#[inline(always)]
fn rep(x: u32) -> u32 {
    x | x << 9 | x << 18
}

/// The 9 columns in which a band holds a candidate.
#[inline(always)]
fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// Keeps the segments of band `x` that lie on a row-to-box permutation; 0 if none does.
#[inline(always)]
fn shrink(x: u32) -> u32 {
    // Which segments still hold a candidate, as a 9-bit shape.
    let shape = SEGMENTS[(x & ROW) as usize] as usize
        | (SEGMENTS[((x >> 9) & ROW) as usize] as usize) << 3
        | (SEGMENTS[(x >> 18) as usize] as usize) << 6;
    x & PERMUTATIONS[shape]
}

/// The cells of band `x` that are alone in their row.
#[inline(always)]
fn row_singles(x: u32) -> u32 {
    SINGLE[(x & ROW) as usize] as u32
        | (SINGLE[((x >> 9) & ROW) as usize] as u32) << 9
        | (SINGLE[(x >> 18) as usize] as u32) << 18
}

impl State {
    /// Every digit possible everywhere, nothing placed, everything to propagate.
    fn new() -> State {
        State {
            cand: [[BAND, BAND, BAND, 0]; 9],
            open: [BAND; 3],
            prev: [[0; 4]; 9],
            colprev: [[0; 4]; 9],
            dirty: BAND,
        }
    }

    /// Puts `digit` (0-8) at `bit` of `band`: the rest of its row goes; propagation does the rest.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[digit][band] &= !(ROW << (bit / 9 * 9)) | (1 << bit);
        self.dirty = 1;
    }

    /// Removes `digit` from `bit` of `band`.
    #[inline(always)]
    fn exclude(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[digit][band] &= !(1 << bit);
        self.dirty = 1;
    }

    /// Narrows `digit` in `band` to `keep`, flagging work when that removes something.
    #[inline(always)]
    fn narrow(&mut self, digit: usize, band: usize, keep: u32) {
        let c = self.cand[digit][band];
        self.dirty |= (c & !keep != 0) as u32;
        self.cand[digit][band] = c & keep;
    }

    /// Propagates one (digit, band): permutation mask, pointing along columns, then newly
    /// placed rows. False on a contradiction.
    #[inline(always)]
    fn update<const D: usize, const B: usize>(&mut self) -> bool {
        // Keep only segments on a permutation: box/line reasoning inside the band.
        let x = shrink(self.cand[D][B]);
        if x == 0 {
            return false;
        }
        self.prev[D][B] = x;
        // A column alone in its stack (a placed cell's, say) leaves the other two bands.
        let keep = !rep(LONE[fold(x) as usize] as u32);
        self.cand[D][(B + 1) % 3] &= keep;
        self.cand[D][(B + 2) % 3] &= keep;
        // Rows holding one bit are placed cells; the new ones leave every other digit.
        let new = row_singles(x) & self.open[B];
        if new != 0 {
            self.open[B] &= !new;
            for d in 0..9 {
                self.cand[d][B] &= !new;
            }
        }
        self.cand[D][B] = x;
        true
    }

    /// Box/line reasoning along columns for one digit, over its three bands: a column alone in
    /// its stack within a band (pointing) leaves the other bands; a column reached by one band
    /// only (claiming) confines that band's box to it. False on a contradiction.
    #[inline(always)]
    fn columns(&mut self, digit: usize) -> bool {
        let s = self.cand[digit];
        let f = [fold(s[0]), fold(s[1]), fold(s[2])];
        // Every column needs the digit somewhere.
        if f[0] | f[1] | f[2] != ROW {
            return false;
        }
        let lone = [
            LONE[f[0] as usize] as u32,
            LONE[f[1] as usize] as u32,
            LONE[f[2] as usize] as u32,
        ];
        let only = [
            f[0] & !(f[1] | f[2]),
            f[1] & !(f[0] | f[2]),
            f[2] & !(f[0] | f[1]),
        ];
        self.narrow(
            digit,
            0,
            !rep(lone[1] | lone[2] | (SPREAD[only[0] as usize] as u32 & !only[0])),
        );
        self.narrow(
            digit,
            1,
            !rep(lone[0] | lone[2] | (SPREAD[only[1] as usize] as u32 & !only[1])),
        );
        self.narrow(
            digit,
            2,
            !rep(lone[0] | lone[1] | (SPREAD[only[2] as usize] as u32 & !only[2])),
        );
        true
    }

    /// Propagates to a fixpoint. False on a contradiction.
    #[inline(never)]
    fn propagate(&mut self) -> bool {
        loop {
            // Band-wide updates until no (digit, band) changes.
            self.dirty = 0;
            loop {
                let mut changed = false;
                // One 128-bit comparison per digit, then per band.
                macro_rules! visit {
                    ($($d:literal)*) => {$(
                        if self.cand[$d] != self.prev[$d] {
                            changed = true;
                            if self.cand[$d][0] != self.prev[$d][0] && !self.update::<$d, 0>() {
                                return false;
                            }
                            if self.cand[$d][1] != self.prev[$d][1] && !self.update::<$d, 1>() {
                                return false;
                            }
                            if self.cand[$d][2] != self.prev[$d][2] && !self.update::<$d, 2>() {
                                return false;
                            }
                        }
                    )*};
                }
                visit!(0 1 2 3 4 5 6 7 8);
                if !changed {
                    break;
                }
            }
            if self.open == [0; 3] {
                return true;
            }
            // Naked singles and dead cells from "seen once / seen twice" over the nine digits.
            for band in 0..3 {
                let (mut once, mut twice) = (0u32, 0u32);
                for digit in 0..9 {
                    let c = self.cand[digit][band];
                    twice |= once & c;
                    once |= c;
                }
                let open = self.open[band];
                if open & !once != 0 {
                    return false;
                }
                let single = once & !twice & open;
                if single != 0 {
                    for digit in 0..9 {
                        let mut p = self.cand[digit][band] & single;
                        while p != 0 {
                            self.assign(digit, band, p.trailing_zeros());
                            p &= p - 1;
                        }
                    }
                }
            }
            if self.dirty != 0 {
                continue;
            }
            // Box/line reasoning along columns, digit by digit.
            for digit in 0..9 {
                if self.cand[digit] != self.colprev[digit] {
                    if !self.columns(digit) {
                        return false;
                    }
                    self.colprev[digit] = self.cand[digit];
                }
            }
            if self.dirty == 0 {
                return true;
            }
        }
    }

    /// The cell to guess on and its first candidate. Among the first few bivalue cells, the one
    /// whose two placements would remove the most candidates from its peers (both branches
    /// then propagate further: on hard puzzles this halves the guesses against "first bivalue
    /// cell"); with no bivalue cell, the cell with the fewest candidates.
    #[inline(never)]
    fn pick(&self) -> (usize, usize, u32) {
        let mut twos = [0u32; 3];
        for (band, two) in twos.iter_mut().enumerate() {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let c = self.cand[digit][band];
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
            }
            *two = twice & !thrice & self.open[band];
        }
        if twos == [0; 3] {
            return self.pick_fewest();
        }
        // Score only the first few bivalue cells: scoring them all costs more than it saves.
        let mut budget = SCORED_CELLS;
        for t in twos.iter_mut() {
            let mut kept = 0;
            let mut x = *t;
            while x != 0 && budget > 0 {
                kept |= x & x.wrapping_neg();
                x &= x - 1;
                budget -= 1;
            }
            *t = kept;
        }
        // Score each bivalue cell by the candidates its two placements would remove.
        let mut score = [0u8; 81];
        for (band, &t) in twos.iter().enumerate() {
            if t == 0 {
                continue;
            }
            for digit in 0..9 {
                let x = self.cand[digit][band];
                let mut m = x & t;
                if m == 0 {
                    continue;
                }
                // The other bands' candidates of this digit (only whether the column has any).
                let others = self.cand[digit][(band + 1) % 3] | self.cand[digit][(band + 2) % 3];
                while m != 0 {
                    let bit = m.trailing_zeros();
                    m &= m - 1;
                    // Peers in the band, plus a flat bonus when the column reaches the other
                    // bands (weight tuned on magictour and forum-hardest: 2 gave 86.9 guesses
                    // per forum puzzle, 6 gives 83.9, 9 no better).
                    let n = (x & BAND_PEERS[bit as usize]).count_ones()
                        + 6 * u32::from(others & COLUMN[bit as usize] != 0);
                    score[27 * band + bit as usize] += n as u8;
                }
            }
        }
        let (mut best_cell, mut best_score) = (0usize, 0u8);
        for (band, &two) in twos.iter().enumerate() {
            let mut t = two;
            while t != 0 {
                let cell = 27 * band + t.trailing_zeros() as usize;
                t &= t - 1;
                if score[cell] > best_score {
                    best_score = score[cell];
                    best_cell = cell;
                }
            }
        }
        let (band, bit) = (best_cell / 27, (best_cell % 27) as u32);
        let digit = (0..9)
            .find(|&d| self.cand[d][band] & (1 << bit) != 0)
            .expect("a bivalue cell has a candidate");
        (digit, band, bit)
    }

    /// The guess when no cell is bivalue (rare: sparse grids). A digit with two places left in
    /// a column, row or box splits the search as evenly as a bivalue cell; failing that, the
    /// open cell with the fewest candidates. Without the two-place choice, a sparse grid whose
    /// one hard corner is far from the fewest-candidate cells makes the search refute that
    /// corner again under every guess made elsewhere (regression test
    /// `fuzz_slow_sparse_multiple_solutions`: 3.7 million guesses before, 48 after).
    fn pick_fewest(&self) -> (usize, usize, u32) {
        for digit in 0..9 {
            let c = &self.cand[digit];
            // Columns: the bits of column k in the three bands.
            for &col in &COLUMN[..9] {
                if (c[0] & col).count_ones() + (c[1] & col).count_ones() + (c[2] & col).count_ones()
                    == 2
                {
                    let band = (0..3).find(|&b| c[b] & col != 0).expect("two places");
                    return (digit, band, (c[band] & col).trailing_zeros());
                }
            }
            for (band, &x) in c.iter().enumerate() {
                // Rows of the band, then its boxes (three 3-bit segments, one per row).
                for r in 0..3 {
                    let row = (x >> (9 * r)) & ROW;
                    if row.count_ones() == 2 {
                        return (digit, band, 9 * r + row.trailing_zeros());
                    }
                }
                for k in 0..3 {
                    let b = x & ((0x7 << (3 * k)) * 0x40201);
                    if b.count_ones() == 2 {
                        return (digit, band, b.trailing_zeros());
                    }
                }
            }
        }
        let mut best = (0, 0, 0);
        let mut best_count = u32::MAX;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let mut digits = (0..9).filter(|&d| self.cand[d][band] & (1 << bit) != 0);
                let first = digits.next().expect("propagation leaves no dead cell");
                let n = 1 + digits.count() as u32;
                if n < best_count {
                    best_count = n;
                    best = (first, band, bit);
                }
            }
        }
        best
    }

    /// The grid, once every cell is placed.
    fn grid(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut x = self.cand[digit][band];
                while x != 0 {
                    cells[27 * band + x.trailing_zeros() as usize] = digit as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        cells
    }
}

/// Depth-first search with a solution limit.
struct Search<'a> {
    limit: usize,
    found: usize,
    first: &'a mut Option<[u8; 81]>,
}

impl Search<'_> {
    /// Explores `state`: propagate, then branch "the guess" (on a copy) / "not the guess" (in
    /// place) until solved, contradicted, or the limit is reached.
    fn solve(&mut self, state: &mut State) {
        loop {
            if !state.propagate() {
                return;
            }
            if state.open == [0; 3] {
                self.found += 1;
                if self.first.is_none() {
                    *self.first = Some(state.grid());
                }
                return;
            }
            let (digit, band, bit) = state.pick();
            let mut child = *state;
            child.assign(digit, band, bit);
            self.solve(&mut child);
            if self.found >= self.limit {
                return;
            }
            state.exclude(digit, band, bit);
        }
    }
}

/// Counts the solutions of `cells` (row-major, 0 for empty), stopping at `limit`. The first
/// solution found is stored in `first`. Clashing givens give 0 (the front door checks them
/// first anyway, to report the clash).
pub(crate) fn count(cells: &[u8; 81], limit: usize, first: &mut Option<[u8; 81]>) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut state = State::new();
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            state.assign(v as usize - 1, i / 27, (i % 27) as u32);
        }
    }
    let mut search = Search {
        limit,
        found: 0,
        first,
    };
    search.solve(&mut state);
    search.found
}

#[cfg(test)]
mod tests {
    use super::count;

    fn bytes(line: &str) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (c, b) in cells.iter_mut().zip(line.bytes()) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        cells
    }

    /// The front door rejects clashing givens before calling the solver, but the solver must
    /// not invent solutions for them either: each kind of clash gives 0.
    #[test]
    fn clashing_givens_have_no_solution() {
        let mut row = [0u8; 81];
        (row[3], row[7]) = (5, 5);
        let mut column = [0u8; 81];
        (column[4], column[4 + 9 * 6]) = (2, 2);
        let mut boxed = [0u8; 81];
        (boxed[30], boxed[40]) = (9, 9);
        for cells in [row, column, boxed] {
            let mut first = None;
            assert_eq!(count(&cells, 2, &mut first), 0);
            assert!(first.is_none());
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
        let mut first = None;
        assert_eq!(count(&puzzle, 2, &mut first), 1);
        assert_eq!(first, Some(solution));
        assert_eq!(count(&solution, 5, &mut None), 1);
        assert_eq!(count(&[0; 81], 0, &mut None), 0);
        assert_eq!(count(&[0; 81], 7, &mut None), 7);
    }
}
