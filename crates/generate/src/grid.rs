//! Small, fast grid helpers the generator needs in its inner loops: house tables, random full
//! grids, direct deductions that prove a removal harmless without
//! a solver call, and a singles-only solver used to keep easy targets easy.
//!
//! These work on raw row-major `[u8; 81]` grids (0 = empty) and 9-bit digit masks rather than
//! on `Sudoku`/`DigitSet`: they run tens of thousands of times per puzzle, and plain arrays keep
//! them allocation-free and branch-light. Uniqueness itself is always decided by nonet-core's
//! solver; nothing here can declare a puzzle unique unless it follows from the givens by direct
//! deduction.

// Loops over cell and house numbers index several parallel board arrays at once; iterator
// chains would hide that they walk the same cells.
#![allow(clippy::needless_range_loop)]

use crate::rng::PuzzleRng;

/// All nine digits as a mask (bit d-1 for digit d).
pub(crate) const ALL: u16 = 0x1ff;

/// Row, column and box of each cell.
pub(crate) const ROW: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
};
pub(crate) const COL: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
};
pub(crate) const BOX: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
};

/// The cells of each house: rows 0-8, columns 9-17, boxes 18-26.
pub(crate) const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 9 {
        let mut k = 0;
        while k < 9 {
            t[h][k] = (h * 9 + k) as u8;
            t[9 + h][k] = (k * 9 + h) as u8;
            t[18 + h][k] = (((h / 3) * 3 + k / 3) * 9 + (h % 3) * 3 + k % 3) as u8;
            k += 1;
        }
        h += 1;
    }
    t
};

/// Digits placed in each row, column and box of a grid: the masks every check below reads.
#[derive(Clone, Copy)]
pub(crate) struct Masks {
    pub rows: [u16; 9],
    pub cols: [u16; 9],
    pub boxes: [u16; 9],
}

impl Masks {
    pub(crate) fn of(grid: &[u8; 81]) -> Masks {
        let mut m = Masks {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in grid.iter().enumerate() {
            if v != 0 {
                m.add(i, v);
            }
        }
        m
    }

    #[inline]
    pub(crate) fn add(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.rows[ROW[cell] as usize] |= bit;
        self.cols[COL[cell] as usize] |= bit;
        self.boxes[BOX[cell] as usize] |= bit;
    }

    /// Digits an empty `cell` may still take: those not yet in its row, column or box.
    #[inline]
    pub(crate) fn free(&self, cell: usize) -> u16 {
        !(self.rows[ROW[cell] as usize]
            | self.cols[COL[cell] as usize]
            | self.boxes[BOX[cell] as usize])
            & ALL
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

/// Whether the givens alone force `digit` into the empty `cell` in one step: either every other
/// digit already sees the cell (a naked single), or every other empty cell of one of its houses
/// already sees `digit` (a hidden single). `givens` is the 81-bit mask of given cells, `houses`
/// per digit the houses (27-bit, see [`CELL_HOUSES`]) where the digit is given, and `own` the
/// houses where `digit` is given once the cell is empty: `houses[digit]` is not read, so a
/// caller emptying one cell passes its masks as they stand and works out `own` apart. (Copying
/// the masks to change one entry, then reading the copy whole, stalled the processor's store
/// forwarding: a third of this test's time.)
///
/// A removal for which this holds cannot add a solution: the removed clue is implied by the
/// clues that remain, so the solver need not be asked.
#[inline(always)]
pub(crate) fn directly_forced(
    givens: u128,
    houses: &[u32; 9],
    own: u32,
    cell: usize,
    digit: u8,
) -> bool {
    let d = digit as usize - 1;
    let mine = CELL_HOUSES[cell];
    // Naked single: the eight other digits are each given in one of the cell's houses.
    // (Counted over all nine, then the cell's own taken back: a loop without the `e != d`
    // test is a few vector instructions.)
    let all: usize = houses.iter().map(|&h| usize::from(h & mine != 0)).sum();
    let seen = all - usize::from(houses[d] & mine != 0);
    if seen == 8 && own & mine == 0 {
        return true;
    }
    // Hidden single: the empty cells that do not see `digit`, in one of the cell's houses.
    // Worked out band by band in 27-bit words (bit 9 * row + column, as in nonet-core), where
    // 81-bit masks from 24 KB of tables waited on cache misses.
    let (rows, cols, boxes) = (own & 0x1ff, own >> 9 & 0x1ff, own >> 18);
    let cols = cols * 0x40201;
    let open = |band: usize| {
        let given = (givens >> (27 * band)) as u32 & BAND;
        let seen = BAND_ROWS[(rows >> (3 * band) & 7) as usize]
            | cols
            | BAND_BOXES[(boxes >> (3 * band) & 7) as usize];
        !(given | seen) & BAND
    };
    let (band, bit) = (cell / 27, cell % 27);
    let here = open(band);
    let at = 1 << bit;
    let row = 0x1ff << (9 * (bit / 9));
    let bx = 0x1c0e07 << (3 * (bit % 9 / 3));
    let column = 0x40201 << (bit % 9);
    here & row == at
        || here & bx == at
        || (here & column == at && (open((band + 1) % 3) | open((band + 2) % 3)) & column == 0)
}

/// The 27 cells of a band.
const BAND: u32 = 0x7ff_ffff;

/// For a set of a band's rows (3 bits), their cells.
const BAND_ROWS: [u32; 8] = unions(0x1ff, 9);
/// For a set of a band's boxes (3 bits), their cells.
const BAND_BOXES: [u32; 8] = unions(0x1c0e07, 3);

/// For each set of three parts of a band (3 bits), the union of the parts, where part `k` is
/// `first << (k * step)`.
const fn unions(first: u32, step: u32) -> [u32; 8] {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut k = 0;
        while k < 3 {
            if m >> k & 1 == 1 {
                t[m] |= first << (k * step);
            }
            k += 1;
        }
        m += 1;
    }
    t
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
pub(crate) fn solves_with_singles(puzzle: &[u8; 81], which: Singles) -> bool {
    let mut grid = *puzzle;
    let mut masks = Masks::of(&grid);
    let mut empty = grid.iter().filter(|&&v| v == 0).count();
    while empty > 0 {
        let mut progress = false;
        for h in 0..27 {
            // Per digit, the empty cells of this house where it is still free.
            let mut once = 0u16;
            let mut twice = 0u16;
            let mut placed = 0u16;
            for &c in &HOUSE_CELLS[h] {
                let c = c as usize;
                if grid[c] != 0 {
                    placed |= 1 << (grid[c] - 1);
                } else {
                    let f = masks.free(c);
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
            for &c in &HOUSE_CELLS[h] {
                let c = c as usize;
                if grid[c] == 0 {
                    let f = masks.free(c) & hidden;
                    if f != 0 {
                        let digit = f.trailing_zeros() as u8 + 1;
                        grid[c] = digit;
                        masks.add(c, digit);
                        empty -= 1;
                        progress = true;
                    }
                }
            }
        }
        if which == Singles::HiddenAndNaked {
            for c in 0..81 {
                if grid[c] == 0 {
                    let f = masks.free(c);
                    if f == 0 {
                        return false;
                    }
                    if f.count_ones() == 1 {
                        let digit = f.trailing_zeros() as u8 + 1;
                        grid[c] = digit;
                        masks.add(c, digit);
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
    /// The sets of `solution`, with the cells of `puzzle` (a part of it, 0 for empty) as the
    /// givens counted.
    pub(crate) fn of(solution: &[u8; 81], puzzle: &[u8; 81]) -> UaSets {
        // Where each digit is: its column in each row, the box of each row's cell, and its row
        // in each column and in each box (as a one-bit row mask, ready to OR).
        // Also each digit's cell in each row, and the rows where that cell is given.
        let mut col_in_row = [[0u8; 9]; 9];
        let mut box_in_row = [[0u8; 9]; 9];
        let mut row_in_col = [[0u16; 9]; 9];
        let mut row_in_box = [[0u16; 9]; 9];
        let mut cell_in_row = [[0u8; 9]; 9];
        let mut given_rows = [0u16; 9];
        for (c, &v) in solution.iter().enumerate() {
            let (d, r) = (v as usize - 1, c / 9);
            col_in_row[d][r] = (c % 9) as u8;
            box_in_row[d][r] = BOX[c];
            row_in_col[d][c % 9] = 1 << r;
            row_in_box[d][BOX[c] as usize] = 1 << r;
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
                // links alone. next[r]: the rows r leads to.
                let mut next = [0u16; 9];
                for (r, n) in next.iter_mut().enumerate() {
                    *n = row_in_col[b][col_in_row[a][r] as usize]
                        | row_in_box[b][box_in_row[a][r] as usize];
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

/// The three houses of each cell as a 27-bit mask (rows 0-8, columns 9-17, boxes 18-26).
pub(crate) const CELL_HOUSES: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = (1 << ROW[c]) | (1 << (9 + COL[c])) | (1 << (18 + BOX[c]));
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::Sudoku;

    fn bytes(line: &str) -> [u8; 81] {
        Sudoku::from_line(line).unwrap().to_bytes()
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
    fn house_tables_cover_each_cell_three_times() {
        let mut count = [0; 81];
        for h in HOUSE_CELLS {
            for c in h {
                count[c as usize] += 1;
            }
        }
        assert!(count.iter().all(|&n| n == 3));
        assert_eq!(HOUSE_CELLS[18 + 4][0], 30);
    }

    #[test]
    fn singles_solver_tells_easy_from_hard() {
        // Solved by hidden singles alone (SE 1.2 in se-rated style).
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert!(solves_with_singles(&bytes(easy), Singles::Hidden));
        // Needs far more than singles.
        let hard =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        assert!(!solves_with_singles(&bytes(hard), Singles::HiddenAndNaked));
    }

    /// The given cells and, per digit, the houses where it is given.
    fn givens_and_houses(g: &[u8; 81]) -> (u128, [u32; 9]) {
        let mut givens = 0u128;
        let mut houses = [0u32; 9];
        for c in 0..81 {
            if g[c] != 0 {
                givens |= 1 << c;
                houses[g[c] as usize - 1] |= CELL_HOUSES[c];
            }
        }
        (givens, houses)
    }

    #[test]
    fn a_clue_seen_by_all_other_digits_is_forced() {
        let solved = bytes(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut g = solved;
        g[0] = 0;
        let (givens, houses) = givens_and_houses(&g);
        assert!(directly_forced(givens, &houses, houses[4], 0, 5));
    }

    /// The one-step test against its definition, cell by cell, on random grids emptied at
    /// random (from nearly full to sparse), as the dig calls it for one emptied cell.
    #[test]
    fn directly_forced_matches_its_definition() {
        let sees = |x: usize, y: usize| ROW[x] == ROW[y] || COL[x] == COL[y] || BOX[x] == BOX[y];
        let mut checked = [0usize; 2];
        for seed in 0..60 {
            let mut rng = PuzzleRng::new(seed);
            let solution = random_solution(&mut rng);
            let keep = 20 + rng.below(61);
            let mut g = solution;
            for c in 0..81 {
                if rng.below(81) >= keep {
                    g[c] = 0;
                }
            }
            let (givens, houses) = givens_and_houses(&g);
            for c in (0..81).filter(|&c| g[c] != 0) {
                let d = g[c];
                let mut without = g;
                without[c] = 0;
                let given_near = |x: usize, e: u8| (0..81).any(|y| without[y] == e && sees(x, y));
                let naked = (1..=9).filter(|&e| e != d).all(|e| given_near(c, e));
                let hidden = (0..27)
                    .filter(|&h| HOUSE_CELLS[h].contains(&(c as u8)))
                    .any(|h| {
                        HOUSE_CELLS[h]
                            .iter()
                            .map(|&x| x as usize)
                            .all(|x| x == c || without[x] != 0 || given_near(x, d))
                    });
                let own = houses[d as usize - 1] & !CELL_HOUSES[c];
                let forced = directly_forced(givens & !(1 << c), &houses, own, c, d);
                assert_eq!(forced, naked || hidden, "seed {seed}, cell {c}");
                checked[usize::from(forced)] += 1;
            }
        }
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
    }

    #[test]
    fn hidden_singles_are_forced_and_open_cells_are_not() {
        // r1c1 and r1c2 empty: each can take 3 or 5 by its row alone, but each is the one
        // place of its digit in its column (hidden singles).
        let solved = bytes(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut g = solved;
        g[0] = 0;
        g[1] = 0;
        let (givens, houses) = givens_and_houses(&g);
        assert!(directly_forced(givens, &houses, houses[4], 0, 5));
        assert!(directly_forced(givens, &houses, houses[2], 1, 3));
        // An empty grid forces nothing.
        let (givens, houses) = givens_and_houses(&[0; 81]);
        assert!(!directly_forced(givens, &houses, houses[0], 40, 1));
    }

    /// Each set is exactly one component of its digit pair, found here the plain way: a
    /// search over the pair's 18 cells, linking the two cells of each house.
    #[test]
    fn unavoidable_sets_are_the_digit_pair_components() {
        for seed in 0..20 {
            let solution = random_solution(&mut PuzzleRng::new(seed));
            let ua = UaSets::of(&solution, &solution);
            for c in 0..81 {
                let d = solution[c] as usize - 1;
                for x in (0..9).filter(|&x| x != d) {
                    let pair = |k: usize| [d, x].contains(&(solution[k] as usize - 1));
                    let linked = |p: usize, q: usize| {
                        ROW[p] == ROW[q] || COL[p] == COL[q] || BOX[p] == BOX[q]
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
                        "seed {seed}, cell {c}, digit {}",
                        x + 1
                    );
                }
            }
        }
    }

    /// Sets built part-way through a dig count the clues still given, as if every removal so
    /// far had been counted.
    #[test]
    fn unavoidable_sets_count_the_givens_of_a_partial_puzzle() {
        for seed in 0..10 {
            let mut rng = PuzzleRng::new(seed);
            let solution = random_solution(&mut rng);
            let mut puzzle = solution;
            let mut counted = UaSets::of(&solution, &solution);
            for c in 0..81 {
                if rng.below(2) == 0 {
                    puzzle[c] = 0;
                    counted.remove(c);
                }
            }
            let built = UaSets::of(&solution, &puzzle);
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

    #[test]
    fn unavoidable_sets_are_unavoidable() {
        for seed in 0..5 {
            let solution = random_solution(&mut PuzzleRng::new(seed));
            let mut ua = UaSets::of(&solution, &solution);
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
                assert_eq!(s.count_solutions_up_to(2), 2, "{set:b}");
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
