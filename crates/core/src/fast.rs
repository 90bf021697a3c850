//! The fast solver: per-digit bitboards organised by band, propagated band-wide with lookup
//! tables, guessing on bivalue cells with the whole state copied on each guess.
//!
//! ```text
//!  One u32 per (digit, band): cand[3 * digit + band], 27 live bits, bit = 9 * row_in_band + col.
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
//! ```
//!
//! Why this works: inside one band a digit occupies exactly one segment per row and one per box,
//! so the segments it uses form a 3x3 permutation. A 512-entry table maps "which segments still
//! hold a candidate" to "the union of all permutations that fit": masking with it performs
//! pointing, claiming and band-wide box/line reasoning in one AND. A row left with a single bit
//! is a placed digit; its column then leaves the other two bands of that digit and the cell
//! leaves the other eight digits. Naked singles and dead cells come from "seen once / seen
//! twice" accumulators over the nine digits of a band, hidden singles in columns from the same
//! accumulators over the three bands of a digit.
//!
//! Contract: the givens must not clash (the caller checks); no allocation happens after entry.

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
struct State {
    /// Candidates, `cand[3 * digit + band]`, see the diagram.
    cand: [u32; 27],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
    /// `cand` as it was when each pair was last propagated: a difference means work.
    prev: [u32; 27],
    /// Set when candidates were narrowed outside `update` (guesses, singles, columns).
    dirty: u32,
}

/// For pair `3 * digit + band`, the pairs of the same digit in the two other bands.
static NEIGHBOURS: [(u8, u8); 27] = neighbours_table();

const fn neighbours_table() -> [(u8, u8); 27] {
    let mut t = [(0u8, 0u8); 27];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i / 3, i % 3);
        t[i] = ((3 * d + (b + 1) % 3) as u8, (3 * d + (b + 2) % 3) as u8);
        i += 1;
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
            cand: [BAND; 27],
            open: [BAND; 3],
            prev: [0; 27],
            dirty: BAND,
        }
    }

    /// Puts `digit` (0-8) at `bit` of `band`: the rest of its row goes; propagation does the rest.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[3 * digit + band] &= !(ROW << (bit / 9 * 9)) | (1 << bit);
        self.dirty |= 1 << (3 * digit + band);
    }

    /// Removes `digit` from `bit` of `band`.
    #[inline(always)]
    fn exclude(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[3 * digit + band] &= !(1 << bit);
        self.dirty |= 1 << (3 * digit + band);
    }

    /// Narrows pair `i` to `keep`, marking it dirty when that removes something.
    #[inline(always)]
    fn narrow(&mut self, i: usize, keep: u32) {
        let c = self.cand[i];
        self.dirty |= ((c & !keep != 0) as u32) << i;
        self.cand[i] = c & keep;
    }

    /// Propagates one (digit, band): permutation mask, pointing along columns, then newly
    /// placed rows. False on a contradiction.
    #[inline(always)]
    fn update(&mut self, i: usize) -> bool {
        let band = i % 3;
        // Keep only segments on a permutation: box/line reasoning inside the band.
        let x = shrink(self.cand[i]);
        if x == 0 {
            return false;
        }
        self.prev[i] = x;
        // A column alone in its stack (a placed cell's, say) leaves the other two bands.
        let keep = !rep(LONE[fold(x) as usize] as u32);
        let (n1, n2) = NEIGHBOURS[i];
        self.cand[n1 as usize] &= keep;
        self.cand[n2 as usize] &= keep;
        // Rows holding one bit are placed cells; the new ones leave every other digit.
        let new = row_singles(x) & self.open[band];
        if new != 0 {
            self.open[band] &= !new;
            for d in 0..9 {
                self.cand[3 * d + band] &= !new;
            }
        }
        self.cand[i] = x;
        true
    }

    /// Box/line reasoning along columns for one digit, over its three bands: a column alone in
    /// its stack within a band (pointing) leaves the other bands; a column reached by one band
    /// only (claiming) confines that band's box to it. False on a contradiction.
    #[inline(always)]
    fn columns(&mut self, digit: usize) -> bool {
        let i = 3 * digit;
        let s = [self.cand[i], self.cand[i + 1], self.cand[i + 2]];
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
            i,
            !rep(lone[1] | lone[2] | (SPREAD[only[0] as usize] as u32 & !only[0])),
        );
        self.narrow(
            i + 1,
            !rep(lone[0] | lone[2] | (SPREAD[only[1] as usize] as u32 & !only[1])),
        );
        self.narrow(
            i + 2,
            !rep(lone[0] | lone[1] | (SPREAD[only[2] as usize] as u32 & !only[2])),
        );
        true
    }

    /// Propagates to a fixpoint. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            // Band-wide updates until no (digit, band) changes.
            self.dirty = 0;
            loop {
                let mut changed = false;
                for i in 0..27 {
                    if self.cand[i] != self.prev[i] {
                        changed = true;
                        if !self.update(i) {
                            return false;
                        }
                    }
                }
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
                    let c = self.cand[3 * digit + band];
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
                        let mut p = self.cand[3 * digit + band] & single;
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
                if !self.columns(digit) {
                    return false;
                }
            }
            if self.dirty == 0 {
                return true;
            }
        }
    }

    /// The cell to guess on and its first candidate: the first bivalue cell, else the first
    /// cell with the fewest candidates.
    fn pick(&self) -> (usize, usize, u32) {
        let mut best = (0, 0, 0);
        let mut best_count = u32::MAX;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let c = self.cand[3 * digit + band];
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
            }
            let two = twice & !thrice & self.open[band];
            if two != 0 {
                let bit = two.trailing_zeros();
                let digit = (0..9)
                    .find(|&d| self.cand[3 * d + band] & (1 << bit) != 0)
                    .expect("a bivalue cell has a candidate");
                return (digit, band, bit);
            }
            let mut open = self.open[band];
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let n = (0..9)
                    .filter(|&d| self.cand[3 * d + band] & (1 << bit) != 0)
                    .count() as u32;
                if n < best_count {
                    best_count = n;
                    let digit = (0..9)
                        .find(|&d| self.cand[3 * d + band] & (1 << bit) != 0)
                        .expect("propagation leaves no dead cell");
                    best = (digit, band, bit);
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
                let mut x = self.cand[3 * digit + band];
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
/// solution found is stored in `first`. The givens must not clash (the caller checks).
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
