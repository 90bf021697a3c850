//! Small, fast grid helpers the generator needs in its inner loops: the layout's houses as
//! tables ([`Geometry`]), random full grids, direct deductions that prove a removal harmless
//! without a solver call, and a singles-only solver used to keep easy targets easy.
//!
//! These work on raw row-major `[u8; 81]` grids (0 = empty) and 9-bit digit masks rather than
//! on `Sudoku`/`DigitSet`: they run tens of thousands of times per puzzle, and plain arrays keep
//! them allocation-free and branch-light. Uniqueness itself is always decided by nonet-core's
//! solver; nothing here can declare a puzzle unique unless it follows from the givens by direct
//! deduction.

// Loops over cell and house numbers index several parallel board arrays at once; iterator
// chains would hide that they walk the same cells.
#![allow(clippy::needless_range_loop)]

use nonet_core::{Cell, Layout, Puzzle, Sudoku};

use crate::rng::PuzzleRng;

/// All nine digits as a mask (bit d-1 for digit d).
pub(crate) const ALL: u16 = 0x1ff;

/// The most houses a layout has: rows, columns, boxes or regions, two diagonals, four windows.
pub(crate) const MAX_HOUSES: usize = 33;

/// A layout's houses as the tables the generator's inner loops read, all worked out from a
/// nonet-core [`Layout`] (the generator has no geometry of its own). Houses are numbered in
/// the layout's order: rows 0-8, columns 9-17, boxes or regions 18-26, then the diagonals and
/// windows; a set of houses is a bit mask over those numbers.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    layout: Layout,
    /// Whether this is the classic layout, where nonet-core's fast solver and the classic
    /// grid shuffles apply.
    standard: bool,
    /// How many houses (27 to 33).
    count: usize,
    /// The cells of each house, in the layout's order.
    house_cells: [[u8; 9]; MAX_HOUSES],
    /// The houses of each cell, as a mask.
    cell_houses: [u64; 81],
    /// The box or region (0-8) of each cell.
    third: [u8; 81],
    /// The peers of each cell (the cells sharing a house with it), as 81-bit masks.
    peers: [u128; 81],
    /// The band tables of the hidden-single shortcut, when it applies (see [`Bands`]).
    bands: Option<Bands>,
}

/// For a layout of rows, columns and nine boxes or regions that each lie within one band
/// (three rows), and nothing else (the classic layout), hidden singles are worked out band by
/// band in 27-bit words (bit 9 * row + column within the band, as in nonet-core), where 81-bit
/// masks waited on cache misses.
#[derive(Clone, Debug)]
struct Bands {
    /// Per band, for each set of its three boxes (3 bits, box `3 * band + k` as bit `k`), their
    /// cells.
    thirds: [[u32; 8]; 3],
    /// Per cell, the cells of its box within its band.
    own_third: [u32; 81],
}

/// The 27 cells of a band.
const BAND: u32 = 0x7ff_ffff;

/// For a set of a band's rows (3 bits), their cells. (Rows are the same on every layout.)
const BAND_ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut k = 0;
        while k < 3 {
            if m >> k & 1 == 1 {
                t[m] |= 0x1ff << (9 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

impl Geometry {
    /// The tables of `layout`.
    pub(crate) fn new(layout: &Layout) -> Geometry {
        let mut house_cells = [[0u8; 9]; MAX_HOUSES];
        let mut cell_houses = [0u64; 81];
        let mut count = 0;
        for (k, h) in layout.houses().enumerate() {
            for (j, c) in layout.cells(h).iter().enumerate() {
                house_cells[k][j] = c.index() as u8;
                cell_houses[c.index()] |= 1 << k;
            }
            count = k + 1;
        }
        let mut third = [0u8; 81];
        for (c, t) in third.iter_mut().enumerate() {
            *t = layout.houses_of(Cell::from_index(c))[2].number() as u8;
        }
        // The band shortcut needs every box (region) inside its band, and no other houses.
        let banded = count == 27 && (0..81).all(|c| usize::from(third[c]) / 3 == c / 27);
        let bands = banded.then(|| {
            let mut bands = Bands {
                thirds: [[0; 8]; 3],
                own_third: [0; 81],
            };
            let mut local = [0u32; 9];
            for c in 0..81 {
                local[third[c] as usize] |= 1 << (c % 27);
            }
            for band in 0..3 {
                for m in 0..8 {
                    for k in 0..3 {
                        if m >> k & 1 == 1 {
                            bands.thirds[band][m] |= local[3 * band + k];
                        }
                    }
                }
            }
            for c in 0..81 {
                bands.own_third[c] = local[third[c] as usize];
            }
            bands
        });
        let peers = std::array::from_fn(|c| layout.peers(Cell::from_index(c)).bits());
        Geometry {
            peers,
            layout: layout.clone(),
            standard: layout.is_standard(),
            count,
            house_cells,
            cell_houses,
            third,
            bands,
        }
    }

    /// The layout these tables come from.
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// `givens` on this layout.
    pub(crate) fn puzzle(&self, givens: Sudoku) -> Puzzle {
        Puzzle::new(givens, self.layout.clone())
    }

    /// Whether this is the classic layout.
    pub(crate) fn is_standard(&self) -> bool {
        self.standard
    }

    /// The mask of all the layout's houses.
    pub(crate) fn all_houses(&self) -> u64 {
        (1 << self.count) - 1
    }

    /// The houses of `cell` as a mask.
    #[inline(always)]
    pub(crate) fn cell_houses(&self, cell: usize) -> u64 {
        self.cell_houses[cell]
    }

    /// Whether the givens alone force `digit` into the empty `cell` in one step: either every
    /// other digit already sees the cell (a naked single), or every other empty cell of one of
    /// its houses already sees `digit` (a hidden single). `givens` is the 81-bit mask of given
    /// cells, `houses` per digit the houses (a mask, see [`Geometry::cell_houses`]) where the
    /// digit is given, and `own` the houses where `digit` is given once the cell is empty:
    /// `houses[digit]` is not read, so a caller emptying one cell passes its masks as they
    /// stand and works out `own` apart. (Copying the masks to change one entry, then reading
    /// the copy whole, stalled the processor's store forwarding: a third of this test's time.)
    ///
    /// A removal for which this holds cannot add a solution: the removed clue is implied by the
    /// clues that remain, so the solver need not be asked.
    #[inline(always)]
    pub(crate) fn directly_forced(
        &self,
        givens: u128,
        houses: &[u64; 9],
        own: u64,
        cell: usize,
        digit: u8,
    ) -> bool {
        let d = digit as usize - 1;
        let mine = self.cell_houses[cell];
        // Naked single: the eight other digits are each given in one of the cell's houses.
        // (Counted over all nine, then the cell's own taken back: a loop without the `e != d`
        // test is a few vector instructions.)
        let all: usize = houses.iter().map(|&h| usize::from(h & mine != 0)).sum();
        let seen = all - usize::from(houses[d] & mine != 0);
        if seen == 8 && own & mine == 0 {
            return true;
        }
        match &self.bands {
            Some(bands) => bands.hidden_single(givens, own, cell),
            None => self.hidden_single(givens, own, cell),
        }
    }

    /// Whether, in one of `cell`'s houses, every other cell is given or sees a house where the
    /// digit is given (`own`): the plain walk, for any layout.
    fn hidden_single(&self, givens: u128, own: u64, cell: usize) -> bool {
        let mut houses = self.cell_houses[cell];
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let closed = self.house_cells[h].iter().all(|&x| {
                let x = x as usize;
                x == cell || givens >> x & 1 == 1 || self.cell_houses[x] & own != 0
            });
            if closed {
                return true;
            }
        }
        false
    }
}

impl Bands {
    /// [`Geometry::hidden_single`], band by band.
    #[inline(always)]
    fn hidden_single(&self, givens: u128, own: u64, cell: usize) -> bool {
        let own = own as u32;
        let (rows, cols, boxes) = (own & 0x1ff, own >> 9 & 0x1ff, own >> 18 & 0x1ff);
        let cols = cols * 0x40201;
        let open = |band: usize| {
            let given = (givens >> (27 * band)) as u32 & BAND;
            let seen = BAND_ROWS[(rows >> (3 * band) & 7) as usize]
                | cols
                | self.thirds[band][(boxes >> (3 * band) & 7) as usize];
            !(given | seen) & BAND
        };
        let (band, bit) = (cell / 27, cell % 27);
        let here = open(band);
        let at = 1 << bit;
        let row = 0x1ff << (9 * (bit / 9));
        let bx = self.own_third[cell];
        let column = 0x40201 << (bit % 9);
        here & row == at
            || here & bx == at
            || (here & column == at && (open((band + 1) % 3) | open((band + 2) % 3)) & column == 0)
    }
}

/// Digits placed in each house of a grid: the masks the singles solver reads.
#[derive(Clone, Copy)]
pub(crate) struct Masks {
    houses: [u16; MAX_HOUSES],
}

impl Masks {
    pub(crate) fn of(geo: &Geometry, grid: &[u8; 81]) -> Masks {
        let mut m = Masks {
            houses: [0; MAX_HOUSES],
        };
        for (i, &v) in grid.iter().enumerate() {
            if v != 0 {
                m.add(geo, i, v);
            }
        }
        m
    }

    #[inline]
    pub(crate) fn add(&mut self, geo: &Geometry, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        let mut hs = geo.cell_houses[cell];
        while hs != 0 {
            self.houses[hs.trailing_zeros() as usize] |= bit;
            hs &= hs - 1;
        }
    }

    /// Digits an empty `cell` may still take: those not yet in any of its houses.
    #[inline]
    pub(crate) fn free(&self, geo: &Geometry, cell: usize) -> u16 {
        let mut taken = 0;
        let mut hs = geo.cell_houses[cell];
        while hs != 0 {
            taken |= self.houses[hs.trailing_zeros() as usize];
            hs &= hs - 1;
        }
        !taken & ALL
    }
}

/// Cells one search of [`random_solution_in`] may place before it starts again.
const SEARCH_BUDGET: u32 = 400;

/// A random complete grid on `geo`'s layout, `None` when `searches` searches found none (a
/// jigsaw's regions may admit no grid at all). The classic layout has its fast way
/// ([`random_solution`]); any other is filled by a randomized depth-first search (see
/// [`Fill::search`]). Such searches have heavy tails: on a jigsaw most end within a hundred or
/// two placements, a few wander for hundreds of thousands; so each gives up after a few
/// hundred and the next starts afresh (measured on two jigsaw maps: a fifth of the searches
/// succeed within 300 placements, a quarter within 1,000, under half within 50,000).
pub(crate) fn random_solution_in(
    geo: &Geometry,
    rng: &mut PuzzleRng,
    searches: u32,
) -> Option<[u8; 81]> {
    if geo.standard {
        return Some(random_solution(rng));
    }
    for _ in 0..searches {
        let mut fill = Fill {
            geo,
            grid: [0; 81],
            left: SEARCH_BUDGET,
        };
        if fill.search(&[ALL; 81], rng) {
            return Some(fill.grid);
        }
    }
    None
}

/// The state of [`random_solution_in`]'s search.
struct Fill<'a> {
    geo: &'a Geometry,
    grid: [u8; 81],
    /// Placements still allowed.
    left: u32,
}

impl Fill<'_> {
    /// Fills the empty cells, whose digits left are `free` (0 for filled cells); `false` when
    /// they cannot be filled (or the budget ran out). Each step places a forced digit when
    /// there is one (a cell with one digit left, or a digit with one place left in a house),
    /// else tries the digits of a cell with the fewest left: the hidden singles are what keep
    /// a jigsaw's search short.
    fn search(&mut self, free: &[u16; 81], rng: &mut PuzzleRng) -> bool {
        // The empty cell with the fewest digits left.
        let mut best: Option<(usize, u32)> = None;
        for c in 0..81 {
            if self.grid[c] == 0 {
                let n = free[c].count_ones();
                if n == 0 {
                    return false;
                }
                if best.is_none_or(|(_, b)| n < b) {
                    best = Some((c, n));
                }
            }
        }
        let Some((mut cell, n)) = best else {
            return true; // full
        };
        let mut digits = free[cell];
        if n > 1 {
            // A digit with one place left in a house is forced there; one with none is a dead
            // end.
            for h in 0..self.geo.count {
                let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
                for &c in &self.geo.house_cells[h] {
                    let c = c as usize;
                    if self.grid[c] != 0 {
                        placed |= 1 << (self.grid[c] - 1);
                    } else {
                        twice |= once & free[c];
                        once |= free[c];
                    }
                }
                if once | placed != ALL {
                    return false;
                }
                let hidden = once & !twice;
                if hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    cell = self.geo.house_cells[h]
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| self.grid[c] == 0 && free[c] & bit != 0)
                        .expect("a digit's one place");
                    digits = bit;
                    break;
                }
            }
        }
        let mut order = [0u8; 9];
        let mut n = 0;
        for d in 0..9u8 {
            if digits >> d & 1 == 1 {
                order[n] = d + 1;
                n += 1;
            }
        }
        rng.shuffle(&mut order[..n]);
        for &d in &order[..n] {
            if self.left == 0 {
                return false;
            }
            self.left -= 1;
            self.grid[cell] = d;
            let mut next = *free;
            next[cell] = 0;
            let mut peers = self.geo.peers[cell];
            while peers != 0 {
                next[peers.trailing_zeros() as usize] &= !(1 << (d - 1));
                peers &= peers - 1;
            }
            if self.search(&next, rng) {
                return true;
            }
            self.grid[cell] = 0;
        }
        false
    }
}

/// A random complete grid. The three boxes on the diagonal share no row, column or stack, so
/// any digits in them extend to a full grid: each gets a random permutation, the first row is
/// completed at random, and nonet-core's fast solver completes the grid (a few microseconds,
/// where a randomized backtracker from an empty grid took tens), in its fixed search order so
/// that tuning the solver cannot change a grid. The solver completes deterministically, so
/// random validity-keeping
/// moves (bands, rows within bands, stacks, columns within stacks, a transposition) then spread
/// the result over many more grids.
pub(crate) fn random_solution(rng: &mut PuzzleRng) -> [u8; 81] {
    let full = loop {
        let mut grid = [0u8; 81];
        for b in [0, 4, 8] {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                grid[(b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3] = d;
            }
        }
        // The rest of the first row too (it spares the solver most of its search): the six
        // digits the first box leaves, shuffled until none repeats in its column (about one
        // draw in ten fits, each a few dozen operations).
        let mut rest = [0u8; 6];
        let mut n = 0;
        for d in 1..=9 {
            if !grid[..3].contains(&d) {
                rest[n] = d;
                n += 1;
            }
        }
        // Per column, the digits its diagonal box already holds.
        let mut taken = [0u16; 6];
        for (c, t) in (3..9).zip(taken.iter_mut()) {
            for r in (c / 3 * 3)..(c / 3 * 3 + 3) {
                *t |= 1 << grid[9 * r + c];
            }
        }
        loop {
            rng.shuffle(&mut rest);
            let fits = rest.iter().zip(&taken).all(|(&d, &t)| t >> d & 1 == 0);
            if fits {
                grid[3..9].copy_from_slice(&rest);
                break;
            }
        }
        // Such a start nearly always extends to a full grid; when not, draw again.
        if let Some(full) = nonet_core::Sudoku::from_bytes(grid)
            .expect("digits 1-9")
            .first_solution_in_fixed_order()
        {
            break full.to_bytes();
        }
    };
    let rows = random_lines(rng);
    let cols = random_lines(rng);
    let transpose = rng.below(2) == 1;
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            out[9 * r + c] = full[9 * sr + sc];
        }
    }
    out
}

/// A random order of the nine rows (or columns) that keeps bands (stacks) together.
fn random_lines(rng: &mut PuzzleRng) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    rng.shuffle(&mut bands);
    let mut order = [0usize; 9];
    for (b, &band) in bands.iter().enumerate() {
        let mut lines = [0usize, 1, 2];
        rng.shuffle(&mut lines);
        for (k, &line) in lines.iter().enumerate() {
            order[3 * b + k] = 3 * band + line;
        }
    }
    order
}

/// Which single-step techniques [`solves_with_singles`] may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Singles {
    /// Hidden singles (a digit with one place left in a house, full houses included) only:
    /// exactly the puzzles Sudoku Explainer rates 1.5 or less.
    Hidden,
    /// Hidden and naked singles.
    HiddenAndNaked,
}

/// Whether repeatedly placing singles from the givens fills the whole grid. Candidates are only
/// ever reduced by placements here, as in Sudoku Explainer's singles (no other eliminations).
pub(crate) fn solves_with_singles(geo: &Geometry, puzzle: &[u8; 81], which: Singles) -> bool {
    let mut grid = *puzzle;
    let mut masks = Masks::of(geo, &grid);
    let mut empty = grid.iter().filter(|&&v| v == 0).count();
    while empty > 0 {
        let mut progress = false;
        for h in 0..geo.count {
            // Per digit, the empty cells of this house where it is still free.
            let mut once = 0u16;
            let mut twice = 0u16;
            let mut placed = 0u16;
            for &c in &geo.house_cells[h] {
                let c = c as usize;
                if grid[c] != 0 {
                    placed |= 1 << (grid[c] - 1);
                } else {
                    let f = masks.free(geo, c);
                    twice |= once & f;
                    once |= f;
                }
            }
            if (once | placed) != ALL {
                return false; // a digit has no place left: the givens are contradictory
            }
            let hidden = once & !twice;
            if hidden == 0 {
                continue;
            }
            for &c in &geo.house_cells[h] {
                let c = c as usize;
                if grid[c] == 0 {
                    let f = masks.free(geo, c) & hidden;
                    if f != 0 {
                        let digit = f.trailing_zeros() as u8 + 1;
                        grid[c] = digit;
                        masks.add(geo, c, digit);
                        empty -= 1;
                        progress = true;
                    }
                }
            }
        }
        if which == Singles::HiddenAndNaked {
            for c in 0..81 {
                if grid[c] == 0 {
                    let f = masks.free(geo, c);
                    if f == 0 {
                        return false;
                    }
                    if f.count_ones() == 1 {
                        let digit = f.trailing_zeros() as u8 + 1;
                        grid[c] = digit;
                        masks.add(geo, c, digit);
                        empty -= 1;
                        progress = true;
                    }
                }
            }
        }
        if !progress {
            return false;
        }
    }
    true
}

/// Small unavoidable sets of a solution grid: sets of cells of which a unique puzzle must keep
/// at least one given, because the cells can be refilled differently with everything else
/// unchanged. While digging, a clue that is the last given of such a set must stay, and no
/// solver is needed to know it.
///
/// The family collected is the **digit pairs**: swap digits `a` and `b` in a set of cells and
/// the grid stays valid exactly when, in each house, the set holds both the `a` and the `b` of
/// that house or neither. Linking those two cells in every house splits the 18 cells of `a` and
/// `b` into components, each swappable alone. (Row-pair cycles inside a band were collected
/// too once; they settled too few removals to pay for themselves.)
pub(crate) struct UaSets {
    /// How many cells of each set are still given.
    /// (Sized for every `u8` index, so that reading it through `by_cell` needs no bounds
    /// check: at most `MAX_SETS` are used.)
    given: [u8; 256],
    /// How many sets there are.
    len: usize,
    /// Per cell, the indices of the sets holding it: a cell lies in exactly one component of
    /// each of its 8 digit pairs, so a check reads 8 counters.
    by_cell: [[u8; 8]; 81],
}

/// How many rows a 9-bit row set holds (the baseline x86-64 target has no popcount
/// instruction).
static ROW_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// At most 4 components per digit pair (each spans at least two rows), 36 pairs.
const MAX_SETS: usize = 144;
const _: () = assert!(MAX_SETS <= 256, "set indices are bytes");

impl UaSets {
    /// The sets of `solution` on `geo`'s layout, with the cells of `puzzle` (a part of it, 0
    /// for empty) as the givens counted.
    pub(crate) fn of(geo: &Geometry, solution: &[u8; 81], puzzle: &[u8; 81]) -> UaSets {
        // Where each digit is: its column in each row, the box (region) of each row's cell, and
        // its row in each column and in each box (as a one-bit row mask, ready to OR), and in
        // each further house (diagonal, window) as a row number.
        // Also each digit's cell in each row, and the rows where that cell is given.
        let extras = geo.count - 27;
        let mut row_in_extra = [[0u8; MAX_HOUSES - 27]; 9];
        let mut col_in_row = [[0u8; 9]; 9];
        let mut box_in_row = [[0u8; 9]; 9];
        let mut row_in_col = [[0u16; 9]; 9];
        let mut row_in_box = [[0u16; 9]; 9];
        let mut cell_in_row = [[0u8; 9]; 9];
        let mut given_rows = [0u16; 9];
        for (c, &v) in solution.iter().enumerate() {
            let (d, r) = (v as usize - 1, c / 9);
            col_in_row[d][r] = (c % 9) as u8;
            box_in_row[d][r] = geo.third[c];
            row_in_col[d][c % 9] = 1 << r;
            row_in_box[d][geo.third[c] as usize] = 1 << r;
            if extras > 0 {
                let mut more = geo.cell_houses[c] >> 27;
                while more != 0 {
                    row_in_extra[d][more.trailing_zeros() as usize] = r as u8;
                    more &= more - 1;
                }
            }
            cell_in_row[d][r] = c as u8;
            given_rows[d] |= u16::from(puzzle[c] != 0) << r;
        }
        let mut ua = UaSets {
            given: [0; 256],
            len: 0,
            by_cell: [[0; 8]; 81],
        };
        for a in 0..9 {
            for b in a + 1..9 {
                // A row's a and b cells go together, so components are sets of rows: the b in
                // the column (box) of row r's a lies in row sigma(r) (tau(r)). Both maps are
                // permutations, so a component is the closure of a row under the two, forward
                // links alone (a finite set closed under a permutation is closed under its
                // inverse). next[r]: the rows r leads to. A further house (diagonal, window)
                // holds one a and one b too, and links their rows both ways.
                let mut next = [0u16; 9];
                for (r, n) in next.iter_mut().enumerate() {
                    *n = row_in_col[b][col_in_row[a][r] as usize]
                        | row_in_box[b][box_in_row[a][r] as usize];
                }
                for e in 0..extras {
                    let (ra, rb) = (row_in_extra[a][e] as usize, row_in_extra[b][e] as usize);
                    next[ra] |= 1 << rb;
                    next[rb] |= 1 << ra;
                }
                let mut left = 0x1ffu16;
                while left != 0 {
                    // Grow the component of the lowest row left until closed.
                    let mut rows = left & left.wrapping_neg();
                    let mut frontier = rows;
                    while frontier != 0 {
                        let mut reached = 0;
                        let mut m = frontier;
                        while m != 0 {
                            reached |= next[m.trailing_zeros() as usize];
                            m &= m - 1;
                        }
                        frontier = reached & !rows;
                        rows |= reached;
                    }
                    left &= !rows;
                    let index = ua.len as u8;
                    ua.len += 1;
                    // A cell's slot for the pair is the pair's other digit, its own skipped.
                    let mut m = rows;
                    while m != 0 {
                        let r = m.trailing_zeros() as usize;
                        m &= m - 1;
                        ua.by_cell[cell_in_row[a][r] as usize][b - 1] = index;
                        ua.by_cell[cell_in_row[b][r] as usize][a] = index;
                    }
                    // Its given cells: the rows where its `a`, and where its `b`, is given.
                    let given = ROW_COUNT[(rows & given_rows[a]) as usize]
                        + ROW_COUNT[(rows & given_rows[b]) as usize];
                    ua.given[index as usize] = given;
                }
            }
        }
        ua
    }

    /// `cell` is no longer given.
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize) {
        for &i in &self.by_cell[cell] {
            self.given[i as usize] -= 1;
        }
    }

    /// `cell` is given again.
    #[inline]
    pub(crate) fn restore(&mut self, cell: usize) {
        for &i in &self.by_cell[cell] {
            self.given[i as usize] += 1;
        }
    }

    /// Whether the given `cell` is the only given of one of the sets, so that removing it
    /// would give a second solution.
    #[inline]
    pub(crate) fn last_given(&self, cell: usize) -> bool {
        // All eight read, without a branch each: which set (if any) holds the answer is
        // unpredictable, and eight loads cost less than one mispredicted exit.
        self.by_cell[cell]
            .iter()
            .fold(false, |last, &i| last | (self.given[i as usize] == 1))
    }

    /// The cells of set `i`, as an 81-bit mask.
    #[cfg(test)]
    fn cells(&self, i: usize) -> u128 {
        (0..81)
            .filter(|&c| self.by_cell[c].contains(&(i as u8)))
            .fold(0, |m, c| m | 1 << c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::{RegionMap, STANDARD};

    fn bytes(line: &str) -> [u8; 81] {
        Sudoku::from_line(line).unwrap().to_bytes()
    }

    /// A jigsaw map that admits grids (the first of the shared `jigsaw-layouts.txt`).
    const JIGSAW: &str =
        "111222223111222233111555333444453336444456666477756666777555999778888999788888999";

    /// One layout of each kind: classic, X, Windoku, jigsaw, and jigsaw with X (this map with
    /// windows admits no grid).
    fn layouts() -> Vec<Layout> {
        let jigsaw = Layout::jigsaw(&RegionMap::parse(JIGSAW).unwrap());
        vec![
            STANDARD.clone(),
            STANDARD.with_diagonals(),
            STANDARD.with_windows(),
            jigsaw.with_diagonals(),
            jigsaw,
        ]
    }

    /// A full grid on `geo`'s layout (from the seed, drawing again until the search succeeds).
    fn solution(geo: &Geometry, seed: u64) -> [u8; 81] {
        let mut rng = PuzzleRng::new(seed);
        loop {
            if let Some(g) = random_solution_in(geo, &mut rng, 1000) {
                return g;
            }
        }
    }

    #[test]
    fn random_solutions_are_valid_and_vary() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..50 {
            let g = random_solution(&mut PuzzleRng::new(seed));
            let s = Sudoku::from_bytes(g).unwrap();
            assert!(s.is_full() && s.check().is_ok(), "{s}");
            seen.insert(g);
        }
        assert_eq!(seen.len(), 50);
    }

    #[test]
    fn random_solutions_on_every_layout_are_valid_and_vary() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            let mut seen = std::collections::HashSet::new();
            for seed in 0..20 {
                let g = solution(&geo, seed);
                let s = Sudoku::from_bytes(g).unwrap();
                assert!(
                    s.is_full() && geo.puzzle(s).check().is_ok(),
                    "{layout:?}: {s}"
                );
                seen.insert(g);
            }
            assert_eq!(seen.len(), 20, "{layout:?}");
        }
    }

    /// Maps with no grid at all (from the shared `jigsaw-empty-invalid.txt`) are given up on
    /// within the budget, never filled wrongly.
    #[test]
    fn a_map_without_grids_is_given_up_on() {
        for map in [
            "AAAAAAAABACCCCCDBBCCEEDDDBBCCFEEDDBBGGFFEDDBBGGFFEEDHHGGFFFEEHHGGFHHHHHIGIIIIIIII",
            "AAAAAAAABCCDDDDBABCCDDDBBBBCCDEDEBFBCCEEEEEFFGCGEHEHFFGGGGHHHFFGIGHHHHFFGIIIIIIII",
        ] {
            let layout = Layout::jigsaw(&RegionMap::parse(map).unwrap());
            let geo = Geometry::new(&layout);
            assert_eq!(random_solution_in(&geo, &mut PuzzleRng::new(1), 50), None);
        }
    }

    #[test]
    fn house_tables_come_from_the_layout() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            assert_eq!(geo.count, layout.houses().count());
            let mut count = [0; 81];
            for h in &geo.house_cells[..geo.count] {
                for &c in h {
                    count[c as usize] += 1;
                }
            }
            for c in 0..81 {
                let cell = Cell::from_index(c);
                assert_eq!(count[c], layout.all_houses_of(cell).len());
                assert_eq!(geo.cell_houses[c].count_ones() as usize, count[c]);
            }
            // The band shortcut only where every box lies in its band, with no other houses.
            assert_eq!(geo.bands.is_some(), layout.is_standard());
        }
        let geo = Geometry::new(&STANDARD);
        assert_eq!(geo.house_cells[18 + 4][0], 30);
        assert!(geo.is_standard());
    }

    #[test]
    fn singles_solver_tells_easy_from_hard() {
        let geo = Geometry::new(&STANDARD);
        // Solved by hidden singles alone (SE 1.2 in se-rated style).
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert!(solves_with_singles(&geo, &bytes(easy), Singles::Hidden));
        // Needs far more than singles.
        let hard =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        assert!(!solves_with_singles(
            &geo,
            &bytes(hard),
            Singles::HiddenAndNaked
        ));
    }

    /// The given cells and, per digit, the houses where it is given.
    fn givens_and_houses(geo: &Geometry, g: &[u8; 81]) -> (u128, [u64; 9]) {
        let mut givens = 0u128;
        let mut houses = [0u64; 9];
        for c in 0..81 {
            if g[c] != 0 {
                givens |= 1 << c;
                houses[g[c] as usize - 1] |= geo.cell_houses[c];
            }
        }
        (givens, houses)
    }

    #[test]
    fn a_clue_seen_by_all_other_digits_is_forced() {
        let geo = Geometry::new(&STANDARD);
        let solved = bytes(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut g = solved;
        g[0] = 0;
        let (givens, houses) = givens_and_houses(&geo, &g);
        assert!(geo.directly_forced(givens, &houses, houses[4], 0, 5));
    }

    /// The one-step test against its definition, cell by cell, on random grids of every
    /// layout emptied at random (from nearly full to sparse), as the dig calls it for one
    /// emptied cell. The band shortcut of the classic layout and the plain walk of the others
    /// answer alike.
    #[test]
    fn directly_forced_matches_its_definition() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            let sees = |x: usize, y: usize| {
                layout
                    .peers(Cell::from_index(x))
                    .contains(Cell::from_index(y))
            };
            let mut checked = [0usize; 2];
            for seed in 0..40 {
                let solution = solution(&geo, seed);
                let mut rng = PuzzleRng::new(seed + 1000);
                let keep = 20 + rng.below(61);
                let mut g = solution;
                for c in 0..81 {
                    if rng.below(81) >= keep {
                        g[c] = 0;
                    }
                }
                let (givens, houses) = givens_and_houses(&geo, &g);
                for c in (0..81).filter(|&c| g[c] != 0) {
                    let d = g[c];
                    let mut without = g;
                    without[c] = 0;
                    let given_near =
                        |x: usize, e: u8| (0..81).any(|y| without[y] == e && sees(x, y));
                    let naked = (1..=9).filter(|&e| e != d).all(|e| given_near(c, e));
                    let hidden = layout.all_houses_of(Cell::from_index(c)).iter().any(|&h| {
                        layout
                            .cells(h)
                            .iter()
                            .map(|x| x.index())
                            .all(|x| x == c || without[x] != 0 || given_near(x, d))
                    });
                    let own = houses[d as usize - 1] & !geo.cell_houses[c];
                    let forced = geo.directly_forced(givens & !(1 << c), &houses, own, c, d);
                    assert_eq!(forced, naked || hidden, "{layout:?}, seed {seed}, cell {c}");
                    checked[usize::from(forced)] += 1;
                }
            }
            assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
        }
    }

    #[test]
    fn hidden_singles_are_forced_and_open_cells_are_not() {
        let geo = Geometry::new(&STANDARD);
        // r1c1 and r1c2 empty: each can take 3 or 5 by its row alone, but each is the one
        // place of its digit in its column (hidden singles).
        let solved = bytes(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut g = solved;
        g[0] = 0;
        g[1] = 0;
        let (givens, houses) = givens_and_houses(&geo, &g);
        assert!(geo.directly_forced(givens, &houses, houses[4], 0, 5));
        assert!(geo.directly_forced(givens, &houses, houses[2], 1, 3));
        // An empty grid forces nothing.
        let (givens, houses) = givens_and_houses(&geo, &[0; 81]);
        assert!(!geo.directly_forced(givens, &houses, houses[0], 40, 1));
    }

    /// Each set is exactly one component of its digit pair, found here the plain way: a
    /// search over the pair's 18 cells, linking the two cells of each house of the layout.
    #[test]
    fn unavoidable_sets_are_the_digit_pair_components() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            for seed in 0..8 {
                let solution = solution(&geo, seed);
                let ua = UaSets::of(&geo, &solution, &solution);
                for c in 0..81 {
                    let d = solution[c] as usize - 1;
                    for x in (0..9).filter(|&x| x != d) {
                        let pair = |k: usize| [d, x].contains(&(solution[k] as usize - 1));
                        let linked = |p: usize, q: usize| {
                            layout
                                .peers(Cell::from_index(p))
                                .contains(Cell::from_index(q))
                        };
                        let mut component = 1u128 << c;
                        let mut frontier = vec![c];
                        while let Some(p) = frontier.pop() {
                            for q in 0..81 {
                                if pair(q) && component >> q & 1 == 0 && linked(p, q) {
                                    component |= 1 << q;
                                    frontier.push(q);
                                }
                            }
                        }
                        let slot = if x < d { x } else { x - 1 };
                        let set = ua.by_cell[c][slot] as usize;
                        assert_eq!(
                            ua.cells(set),
                            component,
                            "{layout:?}, seed {seed}, cell {c}, digit {}",
                            x + 1
                        );
                    }
                }
            }
        }
    }

    /// Sets built part-way through a dig count the clues still given, as if every removal so
    /// far had been counted.
    #[test]
    fn unavoidable_sets_count_the_givens_of_a_partial_puzzle() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            for seed in 0..6 {
                let solution = solution(&geo, seed);
                let mut rng = PuzzleRng::new(seed + 1000);
                let mut puzzle = solution;
                let mut counted = UaSets::of(&geo, &solution, &solution);
                for c in 0..81 {
                    if rng.below(2) == 0 {
                        puzzle[c] = 0;
                        counted.remove(c);
                    }
                }
                let built = UaSets::of(&geo, &solution, &puzzle);
                let givens = (0..81)
                    .filter(|&c| puzzle[c] != 0)
                    .fold(0u128, |m, c| m | 1 << c);
                for i in 0..built.len {
                    assert_eq!(
                        u32::from(built.given[i]),
                        (built.cells(i) & givens).count_ones()
                    );
                    assert_eq!(built.given[i], counted.given[i]);
                }
            }
        }
    }

    #[test]
    fn unavoidable_sets_are_unavoidable() {
        for layout in layouts() {
            let geo = Geometry::new(&layout);
            for seed in 0..3 {
                let solution = solution(&geo, seed);
                let mut ua = UaSets::of(&geo, &solution, &solution);
                assert!(ua.len >= 36, "at least one component per digit pair");
                for i in 0..ua.len {
                    let set = ua.cells(i);
                    assert_eq!(u32::from(ua.given[i]), set.count_ones());
                    // Empty the set in the full grid: a second solution must appear.
                    let mut g = solution;
                    for c in 0..81 {
                        if set >> c & 1 == 1 {
                            g[c] = 0;
                        }
                    }
                    let s = Sudoku::from_bytes(g).unwrap();
                    assert_eq!(
                        Puzzle::new(s, layout.clone()).count_solutions(2),
                        2,
                        "{set:b}"
                    );
                    // And its last cell is its last given once the rest of it is gone.
                    let c = set.trailing_zeros() as usize;
                    let rest: Vec<usize> = (c + 1..81).filter(|&k| set >> k & 1 == 1).collect();
                    assert!(!ua.last_given(c));
                    rest.iter().for_each(|&k| ua.remove(k));
                    assert!(ua.last_given(c));
                    rest.iter().for_each(|&k| ua.restore(k));
                }
            }
        }
    }
}
