//! [`Sudoku`], the front door: a 9x9 grid of givens, with methods to read, write, check and
//! solve it.

use std::fmt;

use crate::cell::Cell;
use crate::digit::{Digit, DigitSet};
use crate::error::{Conflict, ParseError, PuzzleError};
use crate::fast::Keep;
use crate::house::{Layout, STANDARD};
use crate::pencil::PencilMarks;
use crate::puzzle::Puzzle;
use crate::{fast, format, reference};

/// A Sudoku puzzle (or any grid of digits): each of the 81 cells is empty or holds a digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sudoku {
    /// Row-major cells, 0 for empty, otherwise the digit 1-9.
    cells: [u8; 81],
}

/// Which solver answers a question. Both give the same answers; the fast one is the default and
/// the reference one is the simple, readable oracle it is tested against.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Solver {
    /// The bit-parallel solver.
    #[default]
    Fast,
    /// The deliberately simple elimination-plus-backtracking solver.
    Reference,
}

/// How many solutions a puzzle has, with the solution when it is unique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Solutions {
    /// No way to fill the grid (this includes givens that clash).
    None,
    /// Exactly one solution.
    Unique(Sudoku),
    /// Two or more solutions; one of them is given.
    Multiple(Sudoku),
}

/// How many solutions a puzzle has, with the solution only when it is unique: [`Solutions`]
/// without a solution for the puzzles that have several, which spares writing one out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// No way to fill the grid (this includes givens that clash).
    None,
    /// Exactly one solution.
    Unique(Sudoku),
    /// Two or more solutions.
    Multiple,
}

impl Default for Sudoku {
    fn default() -> Self {
        Sudoku::empty()
    }
}

impl Sudoku {
    /// The empty grid.
    pub const fn empty() -> Sudoku {
        Sudoku { cells: [0; 81] }
    }

    /// A grid from 81 row-major bytes, 0 for empty and 1-9 for digits. `None` if any byte is
    /// above 9.
    pub fn from_bytes(cells: [u8; 81]) -> Option<Sudoku> {
        cells.iter().all(|&b| b <= 9).then_some(Sudoku { cells })
    }

    /// `from_bytes` for cells known to hold 0-9 only.
    pub(crate) fn from_digits(cells: [u8; 81]) -> Sudoku {
        debug_assert!(cells.iter().all(|&b| b <= 9));
        Sudoku { cells }
    }

    /// The 81 row-major bytes, 0 for empty and 1-9 for digits.
    pub const fn to_bytes(&self) -> [u8; 81] {
        self.cells
    }

    /// Reads an 81-character line: digits `1`-`9`, `.` or `0` for an empty cell. Whitespace
    /// around the line is ignored.
    pub fn from_line(line: &str) -> Result<Sudoku, ParseError> {
        format::parse_line(line)
    }

    /// Reads a multi-line 9x9 grid: one row per line, spaces and the separators `|`, `-`, `+`
    /// ignored, `.`, `0` or `_` for an empty cell. Lines of separators only are skipped.
    pub fn from_grid(text: &str) -> Result<Sudoku, ParseError> {
        format::parse_grid(text)
    }

    /// Reads a jigsaw's multi-line grid, each row its nine cells then its nine region labels:
    /// the puzzle, and the region map's 81 labels in reading order (for
    /// [`RegionMap::parse`](crate::RegionMap::parse) to check).
    pub fn from_jigsaw_grid(text: &str) -> Result<(Sudoku, String), ParseError> {
        format::parse_jigsaw_grid(text)
    }

    /// How many cells a row of a drawn grid holds (its characters less blanks and separators):
    /// 9 in a puzzle's grid, 18 in a jigsaw's with its labels.
    pub fn grid_row_len(line: &str) -> usize {
        format::grid_row_len(line)
    }

    /// Reads either form: a single line, or a multi-line grid.
    pub fn parse(text: &str) -> Result<Sudoku, ParseError> {
        if text.trim().lines().count() <= 1 {
            Sudoku::from_line(text)
        } else {
            Sudoku::from_grid(text)
        }
    }

    /// Reads a puzzle in either form and checks that no digit repeats in a house.
    pub fn parse_valid(text: &str) -> Result<Sudoku, PuzzleError> {
        let s = Sudoku::parse(text)?;
        s.check()?;
        Ok(s)
    }

    /// The 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        format::write_line(self)
    }

    /// [`Sudoku::to_line`] as 81 ASCII bytes, without allocating.
    pub fn to_line_bytes(&self) -> [u8; 81] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }

    /// A 9x9 grid on 11 lines with box separators (`|` and `------+-------+------`).
    pub fn to_grid_string(&self) -> String {
        format::write_grid(self)
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&b| b != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&b| b != 0)
    }

    /// The first place where a digit repeats in a house (houses in the order rows, columns,
    /// boxes; digits smallest first), or `None` if the givens break no rule.
    pub fn first_conflict(&self) -> Option<Conflict> {
        // Most grids have none: an allocation-free bitmask pass says so for a tenth of the cost
        // of listing them (batch commands check every puzzle they read).
        if !has_clash(&self.cells) {
            return None;
        }
        self.conflicts().into_iter().next()
    }

    /// Every repeated digit in every house (rows, columns, boxes), the first two cells of each.
    pub fn conflicts(&self) -> Vec<Conflict> {
        conflicts_on(&STANDARD, self)
    }

    /// `Ok` when no digit repeats in a house; otherwise the first [`Conflict`].
    pub fn check(&self) -> Result<(), Conflict> {
        self.first_conflict().map_or(Ok(()), Err)
    }

    /// Counts solutions with the default (fast) solver, stopping once `limit` are found.
    pub fn count_solutions_up_to(&self, limit: usize) -> usize {
        self.count_solutions_with(Solver::Fast, limit)
    }

    /// [`Sudoku::count_solutions_up_to`], and how many guesses the fast solver made on the way
    /// (each a two-way branch): a measure of the search tree that, unlike time, does not
    /// depend on the machine or its load (the solver benchmark reports it).
    pub fn count_solutions_and_guesses(&self, limit: usize) -> (usize, u32) {
        fast::count_guesses(&self.cells, limit)
    }

    /// Counts solutions with the chosen solver, stopping once `limit` are found (the standard
    /// layout's [`Puzzle::count_solutions_with`]).
    pub fn count_solutions_with(&self, solver: Solver, limit: usize) -> usize {
        Puzzle::from(*self).count_solutions_with(solver, limit)
    }

    /// Solves with the default solver and says whether there is no, one, or several solutions
    /// (the standard layout's [`Puzzle::solutions`]).
    pub fn solutions(&self) -> Solutions {
        Puzzle::from(*self).solutions()
    }

    /// As [`Sudoku::solutions`], with the chosen solver.
    pub fn solutions_with(&self, solver: Solver) -> Solutions {
        Puzzle::from(*self).solutions_with(solver)
    }

    /// As [`Sudoku::solutions`], with the chosen solver, keeping the solution only when it is
    /// unique.
    pub fn uniqueness_with(&self, solver: Solver) -> Uniqueness {
        match self.search(solver, 2, Keep::Unique) {
            (0, _) => Uniqueness::None,
            (1, Some(s)) => Uniqueness::Unique(s),
            (1, None) => unreachable!("a solver found a solution but kept none"),
            _ => Uniqueness::Multiple,
        }
    }

    /// The solution, only if it is unique.
    pub fn unique_solution(&self) -> Option<Sudoku> {
        match self.uniqueness_with(Solver::Fast) {
            Uniqueness::Unique(s) => Some(s),
            _ => None,
        }
    }

    /// Whether some solution puts a digit other than `digit` in `cell` (fast solver). This is
    /// the generator's question: when a puzzle with solution `S` loses the clue at `cell`, it
    /// stays unique exactly when no solution avoids `S`'s digit there, and one search with that
    /// candidate removed answers it (rather than one search per other digit). Clashing givens
    /// have no solution at all, hence `false`.
    pub fn has_solution_avoiding(&self, cell: Cell, digit: Digit) -> bool {
        fast::count_avoiding(&self.cells, cell.index(), digit.get(), 1) > 0
    }

    /// Some solution (the first found). This stops at the first solution, so it says nothing
    /// about uniqueness.
    pub fn some_solution(&self) -> Option<Sudoku> {
        self.search(Solver::Fast, 1, Keep::First).1
    }

    /// The first solution of a search whose order is fixed: unlike [`Sudoku::some_solution`],
    /// whose search is tuned for speed (and may be retuned), this one stays the same from one
    /// version of nonet-core to the next, so output built on it is reproducible (the generator
    /// completes its random grids with it). A change to it is a change of every generated
    /// puzzle; the test `fixed_order_solutions_are_pinned` guards it.
    pub fn first_solution_in_fixed_order(&self) -> Option<Sudoku> {
        fast::first_in_fixed_order(&self.cells).map(|cells| Sudoku { cells })
    }

    /// Whether the puzzle has exactly one solution.
    pub fn has_unique_solution(&self) -> bool {
        self.count_solutions_up_to(2) == 1
    }

    /// Whether candidate elimination alone (a solved cell's digit leaves its row, column and
    /// box, repeated; naked singles only) fills the whole grid.
    pub fn is_solved_by_elimination(&self) -> bool {
        self.first_conflict().is_none()
            && PencilMarks::after_elimination(&Puzzle::from(*self)).is_solved()
    }

    /// The standard layout's search (the band solver, or the reference one); `Puzzle` calls it
    /// for the standard layout.
    pub(crate) fn search(
        &self,
        solver: Solver,
        limit: usize,
        keep: Keep,
    ) -> (usize, Option<Sudoku>) {
        if limit == 0 {
            return (0, None);
        }
        let (n, first) = match solver {
            // The fast solver's root propagation refutes clashing givens without a guess.
            Solver::Fast => fast::count(&self.cells, limit, keep),
            Solver::Reference => {
                // Clashing givens have no solution; the reference solver is only fast on
                // consistent givens (a row of nine 5s is a near-empty grid to it), so it never
                // sees clashes (fuzz regression `fuzz_clashing_givens_are_answered_at_once`).
                if has_clash(&self.cells) {
                    return (0, None);
                }
                let mut first = None;
                let n = reference::count(&self.cells, limit, &mut first);
                (n, first.filter(|_| keep.wants(n)))
            }
        };
        (n, first.map(|cells| Sudoku { cells }))
    }
}

/// Every repeated digit in every house of `layout`, the first two cells of each.
pub(crate) fn conflicts_on(layout: &Layout, grid: &Sudoku) -> Vec<Conflict> {
    let mut out = Vec::new();
    for house in layout.houses() {
        let mut seen: [Option<Cell>; 9] = [None; 9];
        let mut reported = DigitSet::EMPTY;
        for &cell in layout.cells(house) {
            if let Some(d) = grid.get(cell) {
                match seen[d.index()] {
                    None => seen[d.index()] = Some(cell),
                    Some(first) if !reported.contains(d) => {
                        reported.insert(d);
                        out.push(Conflict {
                            digit: d,
                            house: layout.name(house),
                            first,
                            second: cell,
                        });
                    }
                    Some(_) => {}
                }
            }
        }
    }
    out
}

/// Whether some digit repeats in a row, column or box of `cells` (0 = empty).
pub(crate) fn has_clash(cells: &[u8; 81]) -> bool {
    // Without a branch per cell: an empty cell's bit is 0 and adds nothing. Rows and stacks
    // as loop counters (not `i / 9`, `i % 9`): the inner loops unroll with constant indices.
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut repeated = 0u16;
    for (r, row) in cells.chunks_exact(9).enumerate() {
        for stack in 0..3 {
            let b = (r / 3) * 3 + stack;
            for k in 0..3 {
                let c = 3 * stack + k;
                let bit = (1u16 << (row[c] & 15)) >> 1;
                repeated |= (rows[r] | cols[c] | boxes[b]) & bit;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
    }
    repeated != 0
}

/// Written as its 81-character line.
impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sudoku({})", self.to_line())
    }
}

impl std::str::FromStr for Sudoku {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Sudoku, ParseError> {
        Sudoku::parse(s)
    }
}
