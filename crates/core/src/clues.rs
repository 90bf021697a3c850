//! [`Clues`]: a puzzle edited one clue at a time whose solver start is kept up to date.
//!
//! Each question to the fast solver starts by loading the givens: reading the 81 cells and
//! working out, digit by digit, where the givens leave each digit. A generator asks after
//! every removal of a clue, about a puzzle that differs from the last one in a single cell;
//! `Clues` keeps that per-digit work and redoes it only for the digit that changed, so a
//! question starts from the kept masks (a generator's dig, by callgrind: 2.1 k instructions of
//! loading per question before, about 440 now). The work is redone lazily, at the next
//! question, so a run of edits between two questions redoes each digit once.

use crate::fast::{self, DigitMasks};
use crate::{Cell, Digit, Sudoku};

/// A puzzle whose clues change one at a time, ready for the fast solver's questions. The
/// answers are those of [`Sudoku`]'s methods of the same names on [`Clues::to_sudoku`]. The
/// questions take `&mut self` because they first bring the kept work up to date.
#[derive(Clone, Debug)]
pub struct Clues {
    cells: [u8; 81],
    masks: DigitMasks,
    /// Bit d set when digit d + 1's givens changed since its masks were last worked out.
    stale: u16,
}

/// Two `Clues` are equal when their clues are, however up to date their kept work is.
impl PartialEq for Clues {
    fn eq(&self, other: &Clues) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Clues {}

impl Clues {
    /// The clues of `puzzle`.
    pub fn new(puzzle: &Sudoku) -> Clues {
        let cells = puzzle.to_bytes();
        let mut masks = DigitMasks::EMPTY;
        for (band, cells) in cells.chunks_exact(27).enumerate() {
            for (bit, &v) in cells.iter().enumerate() {
                if v != 0 {
                    masks.given[v as usize - 1][band] |= 1 << bit;
                }
            }
        }
        Clues {
            cells,
            masks,
            stale: 0x1ff,
        }
    }

    /// The clue in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell` (`None` empties it). Redoes the work of the digits involved only.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let i = cell.index();
        let (band, bit) = (i / 27, 1 << (i % 27));
        let old = self.cells[i];
        let new = digit.map_or(0, Digit::get);
        if old == new {
            return;
        }
        if old != 0 {
            self.masks.given[old as usize - 1][band] &= !bit;
            self.stale |= 1 << (old - 1);
        }
        if new != 0 {
            self.masks.given[new as usize - 1][band] |= bit;
            self.stale |= 1 << (new - 1);
        }
        self.cells[i] = new;
    }

    /// The solver's start, with the work of every digit changed since the last question redone.
    fn masks(&mut self) -> &DigitMasks {
        while self.stale != 0 {
            let d = self.stale.trailing_zeros() as usize;
            self.stale &= self.stale - 1;
            self.masks.refresh(d);
        }
        &self.masks
    }

    /// The puzzle as it stands.
    pub fn to_sudoku(&self) -> Sudoku {
        Sudoku::from_bytes(self.cells).expect("only digits 0-9 are stored")
    }

    /// As [`Sudoku::count_solutions_up_to`].
    pub fn count_solutions_up_to(&mut self, limit: usize) -> usize {
        fast::count_masks(self.masks(), limit, fast::Keep::Nothing).0
    }

    /// As [`Sudoku::has_unique_solution`].
    pub fn has_unique_solution(&mut self) -> bool {
        self.count_solutions_up_to(2) == 1
    }

    /// As [`Sudoku::has_solution_avoiding`]: whether some solution puts a digit other than
    /// `digit` in `cell`.
    pub fn has_solution_avoiding(&mut self, cell: Cell, digit: Digit) -> bool {
        fast::count_avoiding_masks(self.masks(), cell.index(), digit.get(), 1) > 0
    }
}

impl From<&Sudoku> for Clues {
    fn from(puzzle: &Sudoku) -> Clues {
        Clues::new(puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::Clues;
    use crate::{Cell, Digit, Sudoku};

    /// The kept masks after any sequence of edits are those built from scratch.
    #[test]
    fn edits_keep_the_masks_of_a_fresh_load() {
        let puzzle = Sudoku::from_line(
            "9.1..4.........296.8....4.721...6.....6.23..4.5.94.........8.4.....7..3.....316.5",
        )
        .unwrap();
        let mut clues = Clues::new(&puzzle);
        let mut expected = puzzle;
        for (i, d) in [
            (0, None),
            (2, Some(7)),
            (5, Some(4)),
            (5, None),
            (80, Some(9)),
        ] {
            let (cell, digit) = (Cell::from_index(i), d.and_then(Digit::new));
            clues.set(cell, digit);
            expected.set(cell, digit);
            assert_eq!(clues.masks(), Clues::new(&expected).masks());
            assert_eq!(clues.to_sudoku(), expected);
            assert_eq!(clues.get(cell), digit);
            assert_eq!(
                clues.count_solutions_up_to(3),
                expected.count_solutions_up_to(3)
            );
        }
    }
}
