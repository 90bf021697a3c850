//! [`Board`]: the one candidate board every solver of the crate reads, and the raw-mask helpers
//! its hot loops use.
//!
//! A board holds each cell's value, each cell's candidates, and, for every digit, the cells
//! where it is still a candidate: the same candidates seen both ways, so that "which digits can
//! go here?" and "where can this digit go?" are each one load. It knows no geometry: SE's
//! starting candidates take it from the [`Puzzle`], and placing a digit takes the cell's peers
//! from the wrapper that carries the layout (SE's grid applies steps; the teacher applies them
//! to [`PencilMarks`], which carry theirs). The two policies wrap it: the teacher's [`crate::position::Position`] adds the layout and
//! the caches its techniques share, Sudoku Explainer's [`crate::se::grid::Grid`] adds the
//! geometry in SE's house numbering (and dereferences to its board).
//!
//! ```text
//!   values[81]  None = empty, Some(d) = placed digit (one byte: Digit is a NonZeroU8)
//!   cands[81]   bit d (0-8) set: digit d+1 is a candidate of the cell    (a DigitSet's bits)
//!   pos[9]      bit c (0-80) set: cell c holds digit d+1 as a candidate   (a CellSet's bits)
//! ```
//! **Invariant:** `cands` and `pos` always describe the same candidates; a placed cell has none.
//!
//! The masks are stored raw because SE's producers and the chaining engine read them in their
//! innermost loops; outside the crate a board is read through typed accessors
//! ([`Board::value`], [`Board::candidates`], [`Board::cells_of`], [`Board::has`]). The bit
//! helpers below (`bits`, `bits16`, `pop9`, ...) are the crate's only ones, and stay
//! crate-private with the raw fields.

use nonet_core::{Cell, CellSet, Digit, DigitSet, Layout, PencilMarks, Puzzle};

/// Every cell.
pub(crate) const ALL: u128 = (1u128 << 81) - 1;

/// A candidate board: values, per-cell candidates and per-digit cells (see the module).
#[derive(Clone, Debug)]
pub struct Board {
    /// The value of each cell, `None` while empty.
    pub(crate) values: [Option<Digit>; 81],
    /// Candidate digits of each cell (bit 0 = digit 1); 0 once the cell has a value.
    pub(crate) cands: [u16; 81],
    /// Cells holding each digit (index 0 = digit 1) as a candidate.
    pub(crate) pos: [u128; 9],
}

/// Two boards are equal when they hold the same values and candidates.
///
/// Written out for speed: the chaining engine compares boards on every propagation, and a
/// derived comparison walks the `Option<Digit>` values one by one where the masks compare as
/// bytes.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pos == other.pos && self.cands == other.cands && same_values(self, other)
    }
}

impl Eq for Board {}

/// Whether two boards hold the same values: every cell, without an early exit, so that the
/// compiler compares the 81 bytes in vector registers.
#[inline]
fn same_values(a: &Board, b: &Board) -> bool {
    let byte = |v: &Option<Digit>| v.map_or(0, Digit::get);
    a.values
        .iter()
        .zip(&b.values)
        .fold(0u8, |diff, (x, y)| diff | (byte(x) ^ byte(y)))
        == 0
}

/// An empty board with no candidates (a buffer to copy boards into).
impl Default for Board {
    fn default() -> Board {
        Board::EMPTY
    }
}

impl Board {
    /// No values and no candidates.
    pub const EMPTY: Board = Board {
        values: [None; 81],
        cands: [0; 81],
        pos: [0; 9],
    };

    /// The board of a pencil-mark position, its candidates taken as they are.
    pub fn from_pencil_marks(pm: &PencilMarks) -> Board {
        let mut b = Board::EMPTY;
        for cell in Cell::all() {
            let c = cell.index();
            b.values[c] = pm.value(cell);
            if b.values[c].is_none() {
                let m = pm.candidates(cell).bits();
                b.cands[c] = m;
                for d in bits16(m) {
                    b.pos[d] |= 1u128 << c;
                }
            }
        }
        b
    }

    /// Sudoku Explainer's starting board for `puzzle`: the givens placed, every empty cell
    /// with the digits none of its peers on the puzzle's layout holds (serate's
    /// `rebuildPotentialValues`: no singles are filled in).
    pub fn from_puzzle(puzzle: &Puzzle) -> Board {
        let (layout, s) = (puzzle.layout(), puzzle.givens());
        let mut b = Board {
            values: [None; 81],
            cands: [0x1ff; 81],
            pos: [ALL; 9],
        };
        let mut given = 0u128;
        for cell in Cell::all() {
            if let Some(d) = s.get(cell) {
                b.values[cell.index()] = Some(d);
                b.cands[cell.index()] = 0;
                given |= 1u128 << cell.index();
            }
        }
        for p in b.pos.iter_mut() {
            *p &= !given;
        }
        for c in bits(given) {
            let d = b.values[c].expect("a given").index();
            let peers = layout.peers(Cell::from_index(c)).bits();
            for p in bits(peers & b.pos[d]) {
                b.cands[p] &= !(1 << d);
            }
            b.pos[d] &= !peers;
        }
        b
    }

    /// The board as pencil marks on `layout` (the board's own: a board knows no geometry).
    pub fn to_pencil_marks(&self, layout: &Layout) -> PencilMarks {
        let mut pm = PencilMarks::empty().with_layout(layout.clone());
        for cell in Cell::all() {
            match self.value(cell) {
                Some(d) => pm.set_value(cell, d),
                None => pm.set_candidates(cell, self.candidates(cell)),
            }
        }
        pm
    }

    /// The value of `cell`, if it has one.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The candidates of `cell` (empty once it has a value).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.cands[cell.index()])
    }

    /// The cells where `d` is a candidate.
    #[inline]
    pub fn cells_of(&self, d: Digit) -> CellSet {
        CellSet::from_bits(self.pos[d.index()])
    }

    /// Whether `d` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, d: Digit) -> bool {
        self.has_at(cell.index(), d.index())
    }

    /// The cells without a value.
    pub fn empty_cells(&self) -> CellSet {
        Cell::all()
            .filter(|c| self.values[c.index()].is_none())
            .collect()
    }

    /// Whether every cell holds a value.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Removes `d` from the candidates of `cell` (nothing if it is not one).
    pub fn remove(&mut self, cell: Cell, d: Digit) {
        self.remove_at(cell.index(), d.index());
    }

    /// Whether cell index `c` has digit index `d` as a candidate.
    #[inline]
    pub(crate) fn has_at(&self, c: usize, d: usize) -> bool {
        bit(self.pos[d], c)
    }

    /// Removes digit index `d` from cell index `c`.
    #[inline]
    pub(crate) fn remove_at(&mut self, c: usize, d: usize) {
        self.cands[c] &= !(1 << d);
        self.pos[d] &= !(1u128 << c);
    }

    /// Places digit index `d` in cell index `c` and removes it from `peers`, the cell's peers
    /// as a mask (SE's `setValueAndCancel`).
    pub(crate) fn place_at(&mut self, c: usize, d: usize, peers: u128) {
        self.values[c] = Some(Digit::from_index(d));
        for e in bits16(self.cands[c]) {
            self.pos[e] &= !(1u128 << c);
        }
        self.cands[c] = 0;
        for p in bits(peers & self.pos[d]) {
            self.cands[p] &= !(1 << d);
        }
        self.pos[d] &= !peers;
    }

    /// The number of candidates of cell index `c`.
    #[inline]
    pub(crate) fn count_at(&self, c: usize) -> u32 {
        pop9(self.cands[c])
    }
}

/// Defines an iterator over the set bits of a mask type, lowest first (one body for the cell
/// masks and the small ones, each kept at its own width: the chain searches run both hot).
macro_rules! set_bits {
    ($(#[$doc:meta])* $name:ident, $mask:ty) => {
        $(#[$doc])*
        #[inline]
        pub(crate) fn $name(mut m: $mask) -> impl Iterator<Item = usize> {
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
    };
}

set_bits!(
    /// Iterates the set bits of a cell mask, lowest (row-major first) first.
    bits,
    u128
);
set_bits!(
    /// Iterates the set bits of a small mask (digits, house positions), lowest first.
    bits16,
    u16
);

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
pub(crate) fn pop9(m: u16) -> u32 {
    debug_assert!(m < 512);
    POP9[(m & 0x1ff) as usize] as u32
}

/// Whether bit `i` (below 128) of `m` is set: the word holding it, then one 64-bit shift
/// (a variable 128-bit shift takes about twice the instructions, and the chain searches
/// make these tests more than any other).
#[inline(always)]
pub(crate) fn bit(m: u128, i: usize) -> bool {
    let w = if i < 64 { m as u64 } else { (m >> 64) as u64 };
    w >> (i & 63) & 1 != 0
}

/// Whether a mask has exactly two bits (no popcount instruction on baseline x86-64, so the
/// hot paths use bit tricks).
#[inline]
pub(crate) fn two_bits(m: u128) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & r.wrapping_sub(1) == 0
}

/// Whether a small mask has exactly two bits.
#[inline]
pub(crate) fn two_bits16(m: u16) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & r.wrapping_sub(1) == 0
}

/// Whether a mask has two bits or more.
#[inline]
pub(crate) fn many_bits(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// The k-subsets of 0..9 as masks in colex order (increasing mask value), SE's `Permutations`
/// (the fish finders' base and cover sets too), read from a table made at compile time.
pub(crate) fn subsets(k: u32) -> impl DoubleEndedIterator<Item = u16> {
    let (masks, starts) = &SUBSETS;
    // Past nine bits there is no mask: the empty run at the end.
    let k = (k as usize).min(10);
    let end = starts.get(k + 1).copied().unwrap_or(512);
    masks[starts[k]..end].iter().copied()
}

/// All 512 nine-bit masks grouped by their number of bits (increasing within a group), and
/// where each group starts (`starts[10]` = 512): a constant, so no finder keeps state of its
/// own.
static SUBSETS: ([u16; 512], [usize; 11]) = {
    let mut masks = [0u16; 512];
    let mut starts = [0usize; 11];
    let mut n = 0;
    let mut k = 0;
    while k <= 9 {
        starts[k] = n;
        let mut m = 0u16;
        while m < 512 {
            if m.count_ones() as usize == k {
                masks[n] = m;
                n += 1;
            }
            m += 1;
        }
        k += 1;
    }
    starts[10] = n;
    (masks, starts)
};

/// The submasks of `q` with `k` bits, in increasing order (SE's colex order restricted to the
/// elements of `q`).
#[inline]
pub(crate) fn subsets_of(q: u16, k: u32) -> impl Iterator<Item = u16> {
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

/// The order in which a search walks the k-subsets of a small set: SE's, or the teacher's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Walk {
    /// Colex: increasing mask value ({0,1}, {0,2}, {1,2}, {0,3} ...), SE's `Permutations`.
    Colex,
    /// Lexicographic over the sorted elements ({0,1}, {0,2}, {0,3} ... {1,2} ...), the order
    /// the teacher's finders list their instances in.
    Lex,
}

/// Walks the submasks of `q` with `k` bits in the order of `walk`, telling `f` of each until
/// it returns `true`; then returns `true` (an order restricted to the elements of `q` is the
/// same order of those subsets, so the walk is the one parameter).
#[inline(always)]
pub(crate) fn each_combination(q: u16, k: u32, walk: Walk, mut f: impl FnMut(u16) -> bool) -> bool {
    match walk {
        Walk::Colex => subsets_of(q, k).any(f),
        // Lexicographic order is colex order read backwards with the elements mirrored
        // (i to 8 - i): the least element of two sets' difference decides the one, the
        // greatest the other. A small q walks its own submasks downwards (2^|q| of them),
        // a large one the table of every k-subset.
        Walk::Lex if pop9(q) <= 6 => {
            let mirror = |m: u16| m.reverse_bits() >> 7;
            let mq = mirror(q);
            let mut s = mq;
            while s != 0 {
                if pop9(s) == k && f(mirror(s)) {
                    return true;
                }
                s = (s - 1) & mq;
            }
            false
        }
        Walk::Lex => subsets(k)
            .rev()
            .map(|m| m.reverse_bits() >> 7)
            .any(|m| m & !q == 0 && f(m)),
    }
}

/// `n` 128-bit masks from a fixed xorshift sequence: the same for every run, dense and sparse
/// bits mixed (the mask tests of the crate read them).
#[cfg(test)]
pub(crate) fn test_masks(n: usize) -> impl Iterator<Item = u128> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..n).map(move |_| {
        let mut m = 0u128;
        for _ in 0..2 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            m = m << 64 | x as u128;
        }
        m
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::{Sudoku, STANDARD};

    /// Every bit of `m`, the slow way.
    fn ones(m: u128) -> Vec<usize> {
        (0..128).filter(|&i| m >> i & 1 != 0).collect()
    }

    #[test]
    fn subsets_table_lists_every_mask_of_k_bits_once_in_increasing_order() {
        for k in 0..=10 {
            let want: Vec<u16> = (0u16..512).filter(|m| m.count_ones() == k).collect();
            assert_eq!(subsets(k).collect::<Vec<_>>(), want, "{k} bits");
        }
        assert_eq!(subsets(2).count(), 36);
    }

    #[test]
    fn bit_helpers_agree_with_plain_loops() {
        for (k, m) in test_masks(300).enumerate() {
            // Dense masks and, shifted, sparse ones down to none.
            let m = m >> (k % 128);
            assert_eq!(bits(m).collect::<Vec<_>>(), ones(m));
            let n = ones(m).len();
            assert_eq!(two_bits(m), n == 2, "{m:x}");
            assert_eq!(many_bits(m), n >= 2, "{m:x}");
            for i in 0..128 {
                assert_eq!(bit(m, i), m >> i & 1 != 0);
            }
            let small = (m & 0x1ff) as u16;
            assert_eq!(
                bits16(small).collect::<Vec<_>>(),
                ones(small as u128),
                "{small:x}"
            );
            assert_eq!(pop9(small), small.count_ones());
            assert_eq!(two_bits16(small), small.count_ones() == 2);
        }
        let all: Vec<u16> = subsets(2).collect();
        let sub: Vec<u16> = subsets_of(0x1ff, 2).collect();
        assert_eq!(all, sub);
        let q = 0b1_0110_0101;
        let want: Vec<u16> = subsets(3).filter(|m| m & !q == 0).collect();
        assert_eq!(subsets_of(q, 3).collect::<Vec<_>>(), want);
    }

    #[test]
    fn combination_walks_list_the_same_subsets_in_their_own_order() {
        // The teacher's order is the one of `techniques::subsets` over the elements of q.
        for q in [
            0x1ffu16,
            0b1_0110_0101,
            0b0_0001_0110,
            0b0_1111_1101,
            0b1_1011_0111,
            0,
        ] {
            let elems: Vec<usize> = bits16(q).collect();
            for k in 1..=4 {
                let want: Vec<u16> = crate::techniques::subsets(&elems, k)
                    .iter()
                    .map(|s| s.iter().fold(0, |m, &i| m | 1 << i))
                    .collect();
                let walk = |w| {
                    let mut v = Vec::new();
                    each_combination(q, k as u32, w, |m| {
                        v.push(m);
                        false
                    });
                    v
                };
                assert_eq!(walk(Walk::Lex), want);
                let colex = walk(Walk::Colex);
                assert_eq!(colex, subsets_of(q, k as u32).collect::<Vec<_>>());
                let mut sorted = want.clone();
                sorted.sort_unstable();
                assert_eq!(colex, sorted, "the same subsets");
            }
        }
    }

    /// The two views of the candidates (per cell, per digit) say the same.
    fn assert_consistent(b: &Board) {
        for cell in Cell::all() {
            for d in Digit::ALL {
                assert_eq!(
                    b.candidates(cell).contains(d),
                    b.cells_of(d).contains(cell),
                    "{cell} {d}"
                );
            }
            if b.value(cell).is_some() {
                assert!(b.candidates(cell).is_empty(), "{cell} has a value");
            }
        }
    }

    #[test]
    fn the_starting_board_matches_core_pencil_marks_and_round_trips() {
        let s = Sudoku::from_line(
            "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
        )
        .expect("a puzzle");
        // The diagonals and windows take candidates of their own from the same givens.
        for layout in [STANDARD.clone(), STANDARD.with_diagonals().with_windows()] {
            let puzzle = Puzzle::new(s, layout.clone());
            let b = Board::from_puzzle(&puzzle);
            assert_consistent(&b);
            let pm = PencilMarks::raw(&puzzle);
            assert_eq!(b.to_pencil_marks(&layout), pm);
            assert_eq!(Board::from_pencil_marks(&pm), b);
            let givens = Cell::all().filter(|&c| s.get(c).is_some()).count();
            assert_eq!(b.empty_cells().len(), 81 - givens);
            assert!(!b.is_full());
        }
    }

    #[test]
    fn boards_differing_only_in_a_value_are_not_equal() {
        // A placed cell and an empty cell left without candidates have the same masks.
        let mut placed = Board::EMPTY;
        placed.values[40] = Digit::new(5);
        assert_ne!(placed, Board::EMPTY);
        let mut other = Board::EMPTY;
        other.values[40] = Digit::new(6);
        assert_ne!(placed, other);
        other.values[40] = Digit::new(5);
        assert_eq!(placed, other);
        other.cands[7] = 1;
        other.pos[0] |= 1 << 7;
        assert_ne!(placed, other);
    }

    #[test]
    fn place_and_remove_keep_both_views_in_step() {
        let s = Sudoku::from_line(
            "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
        )
        .expect("a puzzle");
        let mut b = Board::from_puzzle(&s.into());
        let mut pm = PencilMarks::raw(&s.into());
        let cell = Cell::at(0, 0);
        let d = b.candidates(cell).iter().next().expect("r1c1 is empty");
        assert!(b.has(cell, d));
        b.place_at(cell.index(), d.index(), STANDARD.peers(cell).bits());
        pm.place(cell, d);
        assert_consistent(&b);
        assert_eq!(b.to_pencil_marks(&STANDARD), pm);
        let (other, e) = (Cell::at(8, 8), Digit::new(4).expect("a digit"));
        let had = b.has(other, e);
        b.remove(other, e);
        assert!(!b.has(other, e));
        assert_eq!(
            b.candidates(other).len() + usize::from(had),
            pm.candidates(other).len()
        );
        assert_consistent(&b);
    }
}
