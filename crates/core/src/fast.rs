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

/// The search position: candidates per (digit, band) and the cells not yet placed.
#[derive(Clone, Copy)]
struct State {
    /// Candidates, `cand[3 * digit + band]`, see the diagram.
    cand: [u32; 27],
    /// The value of `cand` when that (digit, band) was last propagated; a difference means work.
    seen: [u32; 27],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
}

impl State {
    /// Every digit possible everywhere, nothing placed, everything to propagate.
    fn new() -> State {
        State {
            cand: [BAND; 27],
            seen: [u32::MAX; 27],
            open: [BAND; 3],
        }
    }

    /// Puts `digit` (0-8) in `cell` (0-80): the rest of its row goes; propagation does the rest.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[3 * digit + band] &= !(ROW << (bit / 9 * 9)) | (1 << bit);
    }

    /// Propagates one (digit, band): permutation mask, then newly placed rows. False on a
    /// contradiction.
    #[inline(always)]
    fn update(&mut self, digit: usize, band: usize) -> bool {
        let i = 3 * digit + band;
        let mut x = self.cand[i];
        // Which segments still hold a candidate, as a 9-bit shape.
        let shape = SEGMENTS[(x & ROW) as usize] as usize
            | (SEGMENTS[((x >> 9) & ROW) as usize] as usize) << 3
            | (SEGMENTS[(x >> 18) as usize] as usize) << 6;
        // Keep only segments on a permutation: box/line reasoning inside the band.
        x &= PERMUTATIONS[shape];
        if x == 0 {
            return false;
        }
        // Rows holding one bit are placed cells; the new ones still need their effects.
        let single = SINGLE[(x & ROW) as usize] as u32
            | (SINGLE[((x >> 9) & ROW) as usize] as u32) << 9
            | (SINGLE[(x >> 18) as usize] as u32) << 18;
        let new = single & self.open[band];
        if new != 0 {
            self.open[band] &= !new;
            // The placed cells leave every other digit (the own digit is rewritten below).
            for d in 0..9 {
                self.cand[3 * d + band] &= !new;
            }
            // Their columns leave the other two bands of this digit.
            let cols = (new | new >> 9 | new >> 18) & ROW;
            let keep = !(cols | cols << 9 | cols << 18);
            self.cand[3 * digit + (band + 1) % 3] &= keep;
            self.cand[3 * digit + (band + 2) % 3] &= keep;
        }
        self.cand[i] = x;
        self.seen[i] = x;
        true
    }

    /// Propagates to a fixpoint. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            // Band-wide updates until no (digit, band) changes.
            loop {
                let mut changed = false;
                for digit in 0..9 {
                    for band in 0..3 {
                        if self.cand[3 * digit + band] != self.seen[3 * digit + band] {
                            changed = true;
                            if !self.update(digit, band) {
                                return false;
                            }
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
            let mut placed = false;
            for band in 0..3 {
                let (mut once, mut twice) = (0u32, 0u32);
                for digit in 0..9 {
                    let c = self.cand[3 * digit + band];
                    twice |= once & c;
                    once |= c;
                }
                if once != BAND {
                    return false;
                }
                let single = once & !twice & self.open[band];
                if single != 0 {
                    placed = true;
                    for digit in 0..9 {
                        let mut p = self.cand[3 * digit + band] & single;
                        while p != 0 {
                            self.assign(digit, band, p.trailing_zeros());
                            p &= p - 1;
                        }
                    }
                }
            }
            if placed {
                continue;
            }
            // Hidden singles in columns: per digit, columns seen in one band only, and there
            // in one row only.
            for digit in 0..9 {
                let c = [
                    self.cand[3 * digit],
                    self.cand[3 * digit + 1],
                    self.cand[3 * digit + 2],
                ];
                let f = [fold(c[0]), fold(c[1]), fold(c[2])];
                let twice = (f[0] & f[1]) | (f[0] & f[2]) | (f[1] & f[2]);
                for band in 0..3 {
                    let only_here = f[band] & !twice;
                    if only_here == 0 {
                        continue;
                    }
                    let x = c[band];
                    let (r0, r1, r2) = (x & ROW, (x >> 9) & ROW, x >> 18);
                    let multi = (r0 & r1) | (r0 & r2) | (r1 & r2);
                    let cols = only_here & !multi;
                    let mut p = x & (cols | cols << 9 | cols << 18) & self.open[band];
                    while p != 0 {
                        placed = true;
                        self.assign(digit, band, p.trailing_zeros());
                        p &= p - 1;
                    }
                }
            }
            if !placed {
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

/// The 9 columns in which a band holds a candidate.
#[inline(always)]
fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
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
            state.cand[3 * digit + band] &= !(1 << bit);
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
