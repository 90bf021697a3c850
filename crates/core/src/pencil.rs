//! [`PencilMarks`]: a position with its candidates, as a player writes them in the margins, on
//! its layout.

use std::fmt;

use crate::cell::Cell;
use crate::digit::{Digit, DigitSet};
use crate::error::ParseError;
use crate::format;
use crate::house::Layout;
use crate::puzzle::Puzzle;
use crate::sudoku::Sudoku;

/// A position: some cells hold a digit, the others a set of candidates, on a [`Layout`]
/// (whose peers a placed digit leaves: [`PencilMarks::place`]).
///
/// **Invariant:** a cell with a value has an empty candidate set.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PencilMarks {
    values: [Option<Digit>; 81],
    candidates: [DigitSet; 81],
    layout: Layout,
}

impl PencilMarks {
    /// A position on the standard layout with no values and no candidates at all (see
    /// [`PencilMarks::with_layout`]).
    pub fn empty() -> PencilMarks {
        PencilMarks {
            values: [None; 81],
            candidates: [DigitSet::EMPTY; 81],
            layout: Layout::standard(),
        }
    }

    /// The same values and candidates on `layout` (read from a pencil-mark grid, which does not
    /// say its layout). Nothing is recomputed.
    pub fn with_layout(mut self, layout: Layout) -> PencilMarks {
        self.layout = layout;
        self
    }

    /// The layout: the houses whose peers a placed digit leaves.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The givens of `puzzle`, and for each empty cell the digits that none of its peers on
    /// the puzzle's layout holds (one pass, nothing placed).
    pub fn raw(puzzle: &Puzzle) -> PencilMarks {
        let mut pm = PencilMarks::empty().with_layout(puzzle.layout().clone());
        for cell in Cell::all() {
            pm.values[cell.index()] = puzzle.givens().get(cell);
        }
        for cell in Cell::all() {
            if pm.values[cell.index()].is_none() {
                let seen: DigitSet = pm
                    .layout
                    .peers(cell)
                    .iter()
                    .filter_map(|p| pm.values[p.index()])
                    .collect();
                pm.candidates[cell.index()] = seen.complement();
            }
        }
        pm
    }

    /// [`PencilMarks::raw`], then elimination repeated to a fixpoint: a cell left with one
    /// candidate takes it, and the digit leaves its peers. Stops early if a cell runs out of
    /// candidates (the position is then contradictory, which [`PencilMarks::has_dead_cell`] says).
    pub fn after_elimination(puzzle: &Puzzle) -> PencilMarks {
        let mut pm = PencilMarks::raw(puzzle);
        pm.eliminate_to_fixpoint();
        pm
    }

    /// Places naked singles until none is left or a cell has no candidate (a placed digit
    /// leaves the cell's peers on the position's layout).
    pub fn eliminate_to_fixpoint(&mut self) {
        loop {
            let mut progress = false;
            for cell in Cell::all() {
                if self.values[cell.index()].is_some() {
                    continue;
                }
                let cands = self.candidates[cell.index()];
                if cands.is_empty() {
                    return;
                }
                if let Some(d) = cands.single_digit() {
                    self.place(cell, d);
                    progress = true;
                }
            }
            if !progress {
                return;
            }
        }
    }

    /// Reads a pencil-mark grid (see the crate's format documentation).
    pub fn from_pencil_grid(text: &str) -> Result<PencilMarks, ParseError> {
        format::parse_pencil_grid(text)
    }

    /// Writes the pencil-mark grid: solved cells as their digit, others as their candidates.
    pub fn to_pencil_grid(&self) -> String {
        format::write_pencil_grid(self)
    }

    /// The value of `cell`, if it has one.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The candidates of `cell` (empty for a cell with a value).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// Gives `cell` the value `digit` and clears its candidates. Peers are left alone: see
    /// [`PencilMarks::place`] for the move a player makes.
    pub fn set_value(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = Some(digit);
        self.candidates[cell.index()] = DigitSet::EMPTY;
    }

    /// Empties `cell` and gives it the candidates `set`.
    pub fn set_candidates(&mut self, cell: Cell, set: DigitSet) {
        self.values[cell.index()] = None;
        self.candidates[cell.index()] = set;
    }

    /// Places `digit` in `cell` and removes it from the candidates of every peer on the
    /// position's layout.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.set_value(cell, digit);
        for p in self.layout.peers(cell) {
            self.candidates[p.index()].remove(digit);
        }
    }

    /// Removes candidate `digit` from `cell`; says whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        self.candidates[cell.index()].remove(digit)
    }

    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Whether some empty cell has no candidate left.
    pub fn has_dead_cell(&self) -> bool {
        Cell::all()
            .any(|c| self.values[c.index()].is_none() && self.candidates[c.index()].is_empty())
    }

    /// The grid of values only.
    pub fn to_sudoku(&self) -> Sudoku {
        let mut s = Sudoku::empty();
        for cell in Cell::all() {
            s.set(cell, self.values[cell.index()]);
        }
        s
    }

    /// The values as a puzzle on the position's layout.
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::new(self.to_sudoku(), self.layout.clone())
    }
}

impl fmt::Debug for PencilMarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pencil_grid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::house::STANDARD;

    #[test]
    fn raw_and_elimination() {
        let s = Sudoku::from_line(
            ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.",
        )
        .unwrap();
        let raw = PencilMarks::raw(&s.into());
        assert_eq!(raw.value(Cell::at(0, 1)), Digit::new(4));
        assert!(raw.candidates(Cell::at(0, 0)).len() > 1);
        let done = PencilMarks::after_elimination(&s.into());
        assert!(done.is_solved());
        assert_eq!(
            done.to_sudoku().to_line(),
            "248617593679253418153948726961534872735826149824791365516379284397482651482165937"
        );
    }

    #[test]
    fn raw_and_place_follow_the_layouts_peers() {
        let five = Digit::new(5).unwrap();
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        let s = Sudoku::from_line(&line).unwrap();
        let x = STANDARD.with_diagonals();
        // r9c9 shares only the main diagonal with r1c1.
        let corner = Cell::at(8, 8);
        assert!(PencilMarks::raw(&s.into())
            .candidates(corner)
            .contains(five));
        let on_x = Puzzle::new(s, x.clone());
        assert!(!PencilMarks::raw(&on_x).candidates(corner).contains(five));
        let mut pm = PencilMarks::raw(&Puzzle::new(Sudoku::empty(), x.clone()));
        pm.place(Cell::at(0, 8), five);
        assert!(!pm.candidates(Cell::at(8, 0)).contains(five));
        // The layout goes with the position: a copy places on the diagonals too.
        let mut copy = pm.clone();
        copy.place(Cell::at(8, 8), Digit::new(6).unwrap());
        assert!(!copy
            .candidates(Cell::at(4, 4))
            .contains(Digit::new(6).unwrap()));
        let mut pm = PencilMarks::raw(&Sudoku::empty().into());
        pm.place(Cell::at(0, 8), five);
        assert!(pm.candidates(Cell::at(8, 0)).contains(five));
    }
}
