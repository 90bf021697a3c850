//! A game's progress as a pencil-mark grid, the text `nonet candidates` writes and
//! `nonet explain --pencil` reads: out of a board (export) and back into one (import).
//!
//! The grid holds digits and candidates, not who placed a digit or which marks the player kept,
//! so the round trip follows one rule each way. Out: a digit is its digit; an empty cell is the
//! player's candidates when it has some, else every candidate the digits allow (so the CLI
//! reads a sound position). In: a solved cell that is not a given is the player's digit; an
//! empty cell keeps its candidates as the player's unless they are exactly the ones the digits
//! allow (which is what a cell without marks exported). Centre and corner marks are the player's own
//! notation and are not in the grid.
//!
//! The grid's format reads a cell with one candidate as solved, so a naked single or a single
//! candidate would come back placed, and marks equal to the candidates the digits allow would
//! come back as no marks. The export therefore opens with two comment lines the CLI skips:
//! `# nonet progress: <81 characters>`, the digits on the board, and `# nonet marked: <81
//! characters>`, `1` where the player keeps candidates. When the import finds them, it places
//! exactly those digits and keeps marks exactly there. Without them (a grid from `nonet
//! candidates`), a single digit is placed, as the CLI reads it, and marks equal to what the
//! digits allow are taken as none.
//!
//! The server's share links and progress files (`GET /api/games/{id}/progress`, a new game's
//! `pencil`) and the page's engine (`nonet-wasm`) both read and write it here.

use nonet_core::{Cell, DigitSet, Layout, PencilMarks, Puzzle, Sudoku};

use crate::board::{Board, Move, Origin};

/// Why a pencil-mark grid cannot be a puzzle's progress.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    /// The text is not a pencil-mark grid.
    #[error("not a pencil-mark grid: {0}")]
    Parse(String),
    /// The `# nonet progress:` line is not 81 digits and dots.
    #[error("the progress line is not a grid of 81 digits and dots: {0}")]
    ProgressLine(String),
    /// The progress line and the grid disagree on a cell.
    #[error("{cell} holds {line} on the progress line but {grid} in the grid")]
    Disagree {
        /// The cell.
        cell: Cell,
        /// The progress line's digit.
        line: char,
        /// What the grid has there.
        grid: String,
    },
    /// The grid changes or empties a given.
    #[error("{cell} is a given {given} in the puzzle, but the progress has {found} there")]
    Given {
        /// The cell.
        cell: Cell,
        /// The puzzle's digit there.
        given: char,
        /// What the grid has there (a digit or candidates).
        found: String,
    },
}

/// The pencil-mark grid of `board`: digits, and per empty cell its candidates or, without
/// any, every candidate its peers allow; after the `# nonet progress:` line.
pub fn export(board: &Board) -> String {
    let mut pm = PencilMarks::raw(&Puzzle::new(board.grid(), board.layout().clone()));
    for cell in Cell::all() {
        if board.value(cell).is_none() && !board.candidates(cell).is_empty() {
            pm.set_candidates(cell, board.candidates(cell));
        }
    }
    let marked: String = Cell::all()
        .map(|c| {
            if board.candidates(c).is_empty() {
                '0'
            } else {
                '1'
            }
        })
        .collect();
    text(&board.grid(), &marked, &pm)
}

/// The progress grid of a position `pm` (a drill: the teacher's digits and candidates), every
/// empty cell keeping exactly its candidates as centre marks once imported.
pub fn of_position(pm: &PencilMarks) -> String {
    let mut digits = Sudoku::default();
    for cell in Cell::all() {
        digits.set(cell, pm.value(cell));
    }
    let marked: String = Cell::all()
        .map(|c| if pm.value(c).is_none() { '1' } else { '0' })
        .collect();
    text(&digits, &marked, pm)
}

/// The comment lines (digits, marked cells) and the pencil-mark grid.
fn text(digits: &Sudoku, marked: &str, pm: &PencilMarks) -> String {
    format!(
        "{PROGRESS}{}\n{MARKED}{marked}\n{}",
        digits.to_line(),
        pm.to_pencil_grid()
    )
}

/// The comment line that carries the board's digits.
const PROGRESS: &str = "# nonet progress: ";
/// The comment line that says which cells keep candidates.
const MARKED: &str = "# nonet marked: ";

/// The text after `prefix` on the line that starts with it, if any.
fn comment<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix.trim_end()))
        .map(str::trim)
}

/// What the grid says of a cell: its digit, or its candidates.
fn shown(pm: &PencilMarks, cell: Cell) -> String {
    pm.value(cell)
        .map_or_else(|| pm.candidates(cell).to_string(), |d| d.to_string())
}

/// The board of `puzzle` on `layout` with the progress `text` (a pencil-mark grid, after a
/// `# nonet progress:` line or not) on it.
pub fn import(puzzle: &Sudoku, layout: &Layout, text: &str) -> Result<Board, ProgressError> {
    // A file saved by a Windows editor starts with a byte-order mark, before the comment lines.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut pm =
        PencilMarks::from_pencil_grid(text).map_err(|e| ProgressError::Parse(e.to_string()))?;
    let line = comment(text, PROGRESS)
        .map(|l| Sudoku::from_line(l).map_err(|e| ProgressError::ProgressLine(e.to_string())))
        .transpose()?;
    let marked = comment(text, MARKED);
    if marked.is_some_and(|m| m.chars().count() != 81 || m.contains(|c| c != '0' && c != '1')) {
        return Err(ProgressError::ProgressLine(
            "the marked line needs 81 characters, each 0 or 1".into(),
        ));
    }
    let marked: Option<Vec<bool>> = marked.map(|l| l.chars().map(|c| c == '1').collect());
    if let Some(digits) = &line {
        // The line says which cells hold digits: a single candidate elsewhere is a candidate.
        for cell in Cell::all() {
            match (digits.get(cell), pm.value(cell)) {
                (Some(d), Some(g)) if d == g => {}
                (Some(d), _) => {
                    return Err(ProgressError::Disagree {
                        cell,
                        line: d.to_char(),
                        grid: shown(&pm, cell),
                    })
                }
                (None, Some(g)) => {
                    let mut one = DigitSet::EMPTY;
                    one.insert(g);
                    pm.set_candidates(cell, one);
                }
                (None, None) => {}
            }
        }
    }
    let mut board = Board::new(&Puzzle::new(*puzzle, layout.clone()));
    for cell in Cell::all() {
        match (puzzle.get(cell), pm.value(cell)) {
            (Some(g), Some(d)) if g == d => {}
            (Some(g), _) => {
                return Err(ProgressError::Given {
                    cell,
                    given: g.to_char(),
                    found: shown(&pm, cell),
                })
            }
            (None, Some(d)) => board.place(cell, d, Origin::Player),
            (None, None) => {}
        }
    }
    let raw = PencilMarks::raw(&Puzzle::new(board.grid(), layout.clone()));
    for cell in Cell::all() {
        let marks = pm.candidates(cell);
        let keep = match &marked {
            Some(m) => m[cell.index()],
            None => marks != raw.candidates(cell),
        };
        if board.value(cell).is_some() || marks.is_empty() || !keep {
            continue;
        }
        for d in marks.iter() {
            let mv = Move::Candidate {
                cell: cell.index() as u8,
                digit: d.get(),
            };
            board
                .apply(&mv)
                .expect("a candidate in an empty cell is always allowed");
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::STANDARD;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn board_with(moves: &[Move]) -> Board {
        let mut b = Board::new(&Sudoku::from_line(PUZZLE).unwrap().into());
        for m in moves {
            b.apply(m).unwrap();
        }
        b
    }

    /// Digits and candidates come back as they were; a board without marks comes back
    /// without marks (its grid lists every candidate, as the CLI needs).
    #[test]
    fn progress_round_trips_through_a_pencil_mark_grid() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let plain = board_with(&[Move::Place { cell: 2, digit: 4 }]);
        let text = export(&plain);
        assert!(PencilMarks::from_pencil_grid(&text).is_ok(), "{text}");
        assert_eq!(import(&puzzle, &STANDARD, &text).unwrap(), plain);
        let marked = board_with(&[
            Move::Place { cell: 2, digit: 4 },
            Move::Candidate { cell: 3, digit: 2 },
            Move::Candidate { cell: 3, digit: 6 },
            Move::Candidate { cell: 5, digit: 2 },
            Move::Candidate { cell: 5, digit: 8 },
        ]);
        let text = export(&marked);
        assert_eq!(import(&puzzle, &STANDARD, &text).unwrap(), marked);
    }

    /// A single candidate and a naked single are candidates, not digits, on the way back
    /// (the progress line says which cells hold digits); without the line, as the CLI reads a
    /// grid, a single digit is placed.
    #[test]
    fn single_candidates_come_back_as_candidates_not_digits() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let one_mark = board_with(&[Move::Candidate { cell: 2, digit: 4 }]);
        let text = export(&one_mark);
        assert!(text.starts_with("# nonet progress: 53..7...."), "{text}");
        assert_eq!(import(&puzzle, &STANDARD, &text).unwrap(), one_mark);
        let bare: String = text.lines().skip(1).collect::<Vec<_>>().join("\n");
        let read = import(&puzzle, &STANDARD, &bare).unwrap();
        assert!(
            read.value(Cell::new(2).unwrap()).is_some(),
            "the CLI's reading: placed"
        );
        let mut wrong_line = text.clone();
        wrong_line.replace_range(18..21, "536");
        let err = import(&puzzle, &STANDARD, &wrong_line).unwrap_err();
        assert!(matches!(err, ProgressError::Disagree { .. }), "{err}");
    }

    /// A grid that changes a given, or is no grid, is refused with the cell named.
    /// A progress file saved with a byte-order mark was refused ("unexpected character
    /// '\u{feff}'"), and a marked line of other digits than 0 and 1 passed as unmarked cells.
    #[test]
    fn a_byte_order_mark_is_skipped_and_a_marked_line_holds_only_0_and_1() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let board = board_with(&[Move::Place { cell: 2, digit: 4 }]);
        let text = export(&board);
        let with_bom = format!("\u{feff}{text}");
        assert_eq!(import(&puzzle, &STANDARD, &with_bom).unwrap(), board);
        let marked = text.find("# nonet marked: ").unwrap() + "# nonet marked: ".len();
        let mut bad = text.clone();
        bad.replace_range(marked..marked + 1, "2");
        assert_eq!(
            import(&puzzle, &STANDARD, &bad).unwrap_err().to_string(),
            "the progress line is not a grid of 81 digits and dots: the marked line needs 81 \
             characters, each 0 or 1"
        );
    }

    #[test]
    fn a_grid_that_changes_a_given_is_refused_naming_the_cell() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        // r1c1's 5 made a 6, on the progress line and in the grid alike.
        let text = export(&board_with(&[]));
        let grid_at = text.find("\n# nonet marked").unwrap() + 1;
        let (lines, grid) = text.split_at(grid_at);
        let text = format!(
            "{}{}",
            lines.replacen('5', "6", 1),
            grid.replacen(" 5 ", " 6 ", 1)
        );
        let err = import(&puzzle, &STANDARD, &text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "r1c1 is a given 5 in the puzzle, but the progress has 6 there"
        );
        assert!(matches!(
            import(&puzzle, &STANDARD, "12 3"),
            Err(ProgressError::Parse(_))
        ));
    }
}
