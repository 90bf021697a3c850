//! The candidate grid Sudoku Explainer's producers work on, with the tables that fix SE's scan
//! orders.
//!
//! SE addresses houses as Block, Row, Column (its canonical order), blocks numbered row-major and
//! the cells of every house in row-major order. Here a house id is `kind * 9 + index` with kind
//! 0 = block, 1 = row, 2 = column, so that "all houses in SE's canonical order" is simply
//! `0..27`. Other producers scan Block, Column, Row: they use [`BCR`].
//!
//! ```text
//!   values[81]  0 = empty, 1-9 = placed digit
//!   cands[81]   bit d (0-8) set: digit d+1 is a candidate of the cell
//!   pos[9]      bit c (0-80) set: cell c holds digit d+1 as a candidate
//! ```
//! **Invariant:** `cands` and `pos` always describe the same candidates; a placed cell has none.

use nonet_core::{Cell, Digit, DigitSet, PencilMarks, Sudoku};

/// House kinds in SE's numbering.
pub const BLOCK: usize = 0;
/// Rows.
pub const ROW: usize = 1;
/// Columns.
pub const COL: usize = 2;
/// The house-kind order Block, Column, Row used by hidden singles, subsets and direct hints.
pub const BCR: [usize; 3] = [BLOCK, COL, ROW];

/// Every cell.
pub const ALL: u128 = (1u128 << 81) - 1;

/// SE's geometry tables.
pub struct Tables {
    /// Cells of each house (id `kind * 9 + index`), in SE's index order.
    pub cells: [[u8; 9]; 27],
    /// Cells of each house as a mask.
    pub mask: [u128; 27],
    /// For each cell, its block, row and column house ids.
    pub houses: [[u8; 3]; 81],
    /// For each cell, its 20 peers in SE's order: block, then row, then column.
    pub peers: [[u8; 20]; 81],
    /// The peers as a mask.
    pub peer_mask: [u128; 81],
    /// For each cell, its index in its block, row and column (the order of `cells`).
    pub index_in: [[u8; 3]; 81],
    /// For each cell, its three house ids as a 27-bit mask.
    pub house_bits: [u32; 81],
}

const fn build() -> Tables {
    let mut cells = [[0u8; 9]; 27];
    let mut mask = [0u128; 27];
    let mut houses = [[0u8; 3]; 81];
    let mut index_in = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            // Block i, index j: band i/3, stack i%3, row j/3 and column j%3 inside the block.
            let b = (i / 3 * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3;
            let r = i * 9 + j;
            let c = j * 9 + i;
            cells[i][j] = b as u8;
            cells[9 + i][j] = r as u8;
            cells[18 + i][j] = c as u8;
            mask[i] |= 1u128 << b;
            mask[9 + i] |= 1u128 << r;
            mask[18 + i] |= 1u128 << c;
            houses[b][0] = i as u8;
            houses[r][1] = (9 + i) as u8;
            houses[c][2] = (18 + i) as u8;
            index_in[b][0] = j as u8;
            index_in[r][1] = j as u8;
            index_in[c][2] = j as u8;
            j += 1;
        }
        i += 1;
    }
    let mut peers = [[0u8; 20]; 81];
    let mut peer_mask = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut seen = 0u128;
        let mut k = 0;
        while k < 3 {
            let h = houses[c][k] as usize;
            let mut j = 0;
            while j < 9 {
                let o = cells[h][j] as usize;
                if o != c && seen & (1u128 << o) == 0 {
                    seen |= 1u128 << o;
                    peers[c][n] = o as u8;
                    n += 1;
                }
                j += 1;
            }
            k += 1;
        }
        peer_mask[c] = seen;
        c += 1;
    }
    let mut house_bits = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        house_bits[c] = 1 << houses[c][0] | 1 << houses[c][1] | 1 << houses[c][2];
        c += 1;
    }
    Tables {
        cells,
        mask,
        houses,
        peers,
        peer_mask,
        index_in,
        house_bits,
    }
}

/// The tables, computed at compile time.
pub static T: Tables = build();

/// Whether two cells are peers, as a flat 81 x 81 table (one load instead of a 128-bit
/// shift).
static PEER: [bool; 81 * 81] = {
    let mut t = [false; 81 * 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            t[a * 81 + b] = a != b
                && (a / 9 == b / 9
                    || a % 9 == b % 9
                    || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
            b += 1;
        }
        a += 1;
    }
    t
};

/// Whether cells `a` and `b` are peers (distinct and sharing a house).
#[inline]
pub fn is_peer(a: usize, b: usize) -> bool {
    PEER[a * 81 + b]
}

/// Iterates the set bits of a cell mask, lowest (row-major first) first.
#[inline]
pub fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Iterates the set bits of a small mask, lowest first.
#[inline]
pub fn bits16(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// The number of set bits of each 9-bit mask (no popcount instruction on baseline x86-64).
const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// The number of set bits of a 9-bit mask (digits of a cell, positions in a house).
#[inline]
pub fn pop9(m: u16) -> u32 {
    debug_assert!(m < 512);
    POP9[(m & 0x1ff) as usize] as u32
}

/// Whether bit `i` (below 128) of `m` is set: the word holding it, then one 64-bit shift
/// (a variable 128-bit shift takes about twice the instructions, and the chain searches
/// make these tests more than any other).
#[inline(always)]
pub fn bit(m: u128, i: usize) -> bool {
    let w = if i < 64 { m as u64 } else { (m >> 64) as u64 };
    w >> (i & 63) & 1 != 0
}

/// Whether a mask has exactly two bits (no popcount instruction on baseline x86-64, so the
/// hot paths use bit tricks).
#[inline]
pub fn two_bits(m: u128) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & r.wrapping_sub(1) == 0
}

/// Whether a small mask has exactly two bits.
#[inline]
pub fn two_bits16(m: u16) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & r.wrapping_sub(1) == 0
}

/// Whether a mask has two bits or more.
#[inline]
pub fn many_bits(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// The k-subsets of 0..9 as masks in colex order (increasing mask value), SE's `Permutations`.
pub fn subsets(k: u32) -> impl Iterator<Item = u16> {
    (0u16..512).filter(move |m| m.count_ones() == k)
}

/// The positions (house indices 0-8) of the cells of `m` inside house `h`.
#[inline]
pub fn house_positions(h: usize, m: u128) -> u16 {
    let i = h % 9;
    match h / 9 {
        // Row i: nine consecutive bits.
        1 => ((m >> (9 * i)) & 0x1ff) as u16,
        // Block i: three runs of three bits, nine apart.
        0 => {
            let b = (m >> ((i / 3) * 27 + (i % 3) * 3)) as u64;
            ((b & 7) | ((b >> 9) & 7) << 3 | ((b >> 18) & 7) << 6) as u16
        }
        // Column i: one bit every nine. Rows 0-7 are bits 0, 9, ..., 63 of `m >> i`; one
        // multiplication moves bit 9k to bit 56 + k (each product bit gets one term, so
        // nothing carries), and row 8 is bit 72.
        _ => {
            let x = (m >> i) as u64 & 0x8040_2010_0804_0201;
            let low = x.wrapping_mul(0x0101_0101_0101_0101) >> 56;
            (low as u16) | (((m >> (72 + i)) & 1) as u16) << 8
        }
    }
}

/// The submasks of `q` with `k` bits, in increasing order (SE's colex order restricted to the
/// elements of `q`).
#[inline]
pub fn subsets_of(q: u16, k: u32) -> impl Iterator<Item = u16> {
    let mut s: u16 = 0;
    let mut done = pop9(q) < k;
    std::iter::from_fn(move || loop {
        if done {
            return None;
        }
        // Next submask of q in increasing order; wraps to 0 after q itself.
        s = s.wrapping_sub(q) & q;
        if s == 0 {
            done = true;
            return None;
        }
        if pop9(s) == k {
            return Some(s);
        }
    })
}

/// The cells of house `h` at the positions of `p`.
#[inline]
pub fn house_cells_at(h: usize, p: u16) -> u128 {
    let mut m = 0u128;
    for j in bits16(p) {
        m |= 1u128 << T.cells[h][j];
    }
    m
}

/// A candidate grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    /// 0 for an empty cell, else the digit 1-9.
    pub values: [u8; 81],
    /// Candidate digits of each cell (bit 0 = digit 1).
    pub cands: [u16; 81],
    /// Cells holding each digit (index 0 = digit 1) as a candidate.
    pub pos: [u128; 9],
}

impl Grid {
    /// SE's starting grid: givens placed, every empty cell gets the digits none of its peers
    /// holds (serate's `rebuildPotentialValues`: no singles are filled in).
    pub fn from_sudoku(s: &Sudoku) -> Grid {
        let mut g = Grid {
            values: [0; 81],
            cands: [0x1ff; 81],
            pos: [ALL; 9],
        };
        for cell in Cell::all() {
            if let Some(d) = s.get(cell) {
                g.values[cell.index()] = d.get();
            }
        }
        for c in 0..81 {
            if g.values[c] != 0 {
                g.cands[c] = 0;
                for d in 0..9 {
                    g.pos[d] &= !(1u128 << c);
                }
            }
        }
        for c in 0..81 {
            let v = g.values[c];
            if v != 0 {
                let d = v as usize - 1;
                for p in bits(T.peer_mask[c] & g.pos[d]) {
                    g.cands[p] &= !(1 << d);
                }
                g.pos[d] &= !T.peer_mask[c];
            }
        }
        g
    }

    /// A grid from a pencil-mark position, its candidates taken as they are.
    pub fn from_pencil_marks(pm: &PencilMarks) -> Grid {
        let mut g = Grid {
            values: [0; 81],
            cands: [0; 81],
            pos: [0; 9],
        };
        for cell in Cell::all() {
            let c = cell.index();
            if let Some(d) = pm.value(cell) {
                g.values[c] = d.get();
            } else {
                let m = pm.candidates(cell).bits();
                g.cands[c] = m;
                for d in bits16(m) {
                    g.pos[d] |= 1u128 << c;
                }
            }
        }
        g
    }

    /// The position as pencil marks.
    pub fn to_pencil_marks(&self) -> PencilMarks {
        let mut pm = PencilMarks::empty();
        for cell in Cell::all() {
            let c = cell.index();
            if self.values[c] != 0 {
                pm.set_value(cell, Digit::new(self.values[c]).expect("1-9"));
            } else {
                pm.set_candidates(cell, DigitSet::from_bits(self.cands[c]));
            }
        }
        pm
    }

    /// Whether cell `c` has digit index `d` as a candidate.
    #[inline]
    pub fn has(&self, c: usize, d: usize) -> bool {
        bit(self.pos[d], c)
    }

    /// Removes digit index `d` from cell `c`.
    #[inline]
    pub fn remove(&mut self, c: usize, d: usize) {
        self.cands[c] &= !(1 << d);
        self.pos[d] &= !(1u128 << c);
    }

    /// Places digit index `d` in cell `c` and removes it from every peer (SE's
    /// `setValueAndCancel`).
    pub fn place(&mut self, c: usize, d: usize) {
        self.values[c] = d as u8 + 1;
        for e in bits16(self.cands[c]) {
            self.pos[e] &= !(1u128 << c);
        }
        self.cands[c] = 0;
        for p in bits(T.peer_mask[c] & self.pos[d]) {
            self.cands[p] &= !(1 << d);
        }
        self.pos[d] &= !T.peer_mask[c];
    }

    /// The empty cells as a mask.
    pub fn empty_mask(&self) -> u128 {
        let mut m = 0u128;
        for c in 0..81 {
            if self.values[c] == 0 {
                m |= 1u128 << c;
            }
        }
        m
    }

    /// The number of empty cells of house `h`.
    #[inline]
    pub fn empties(&self, h: usize) -> u32 {
        T.cells[h]
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count() as u32
    }

    /// The number of empty cells of every house.
    pub fn all_empties(&self) -> [u32; 27] {
        let mut e = [0u32; 27];
        for c in 0..81 {
            if self.values[c] == 0 {
                for &h in T.houses[c].iter() {
                    e[h as usize] += 1;
                }
            }
        }
        e
    }

    /// Whether every cell holds a value.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The number of candidates of cell `c`.
    #[inline]
    pub fn count(&self, c: usize) -> u32 {
        pop9(self.cands[c])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_subsets() {
        for h in 0..27 {
            for j in 0..9 {
                let c = T.cells[h][j];
                assert_eq!(
                    house_positions(h, 1u128 << c),
                    1 << j,
                    "house {h} index {j}"
                );
            }
        }
        // Masks with many cells, from a fixed xorshift sequence, against the house tables.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..500 {
            let mut m = 0u128;
            for _ in 0..2 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                m = m << 64 | x as u128;
            }
            m &= ALL;
            for h in 0..27 {
                let mut want = 0u16;
                for j in 0..9 {
                    if m >> T.cells[h][j] & 1 != 0 {
                        want |= 1 << j;
                    }
                }
                assert_eq!(house_positions(h, m), want, "house {h} mask {m:x}");
            }
        }
        let all: Vec<u16> = subsets(2).collect();
        let sub: Vec<u16> = subsets_of(0x1ff, 2).collect();
        assert_eq!(all, sub);
        let q = 0b1_0110_0101;
        let want: Vec<u16> = subsets(3).filter(|m| m & !q == 0).collect();
        assert_eq!(subsets_of(q, 3).collect::<Vec<_>>(), want);
    }

    #[test]
    fn tables_follow_se_order() {
        // Block 4 starts at r4c4, its index 5 is r5c6.
        assert_eq!(T.cells[4][0], 30);
        assert_eq!(T.cells[4][5], 41);
        // Column 2 index 3 is r4c3.
        assert_eq!(T.cells[18 + 2][3], 29);
        // Peers of r1c1: block first (r1c2 r1c3 r2c1 ...), then the rest of row 1, then column 1.
        assert_eq!(&T.peers[0][..4], &[1, 2, 9, 10]);
        assert_eq!(T.peers[0][8], 3);
        assert_eq!(T.peers[0][14], 27);
        for c in 0..81 {
            assert_eq!(T.peer_mask[c].count_ones(), 20);
            for o in 0..81 {
                assert_eq!(is_peer(c, o), T.peer_mask[c] >> o & 1 != 0);
                assert_eq!(bit(T.peer_mask[c], o), is_peer(c, o));
            }
            for h in 0..27 {
                let holds = T.mask[h] >> c & 1 != 0;
                assert_eq!(T.house_bits[c] >> h & 1 != 0, holds);
            }
        }
    }
}
