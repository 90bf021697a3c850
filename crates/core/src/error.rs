//! Typed errors: reading a puzzle ([`ParseError`]) and checking its givens ([`Conflict`]).

use std::fmt;

use crate::cell::Cell;
use crate::digit::Digit;
use crate::house::HouseName;

/// A puzzle text that cannot be read. Carries the line it was found on, when the text had several
/// lines, counting from 1 within the text that was parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    line: Option<usize>,
    kind: ParseErrorKind,
}

/// What was wrong with a puzzle text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but blanks, separators or comments.
    Empty,
    /// The wrong number of cells in a one-line puzzle.
    CellCount {
        /// How many cells were found.
        found: usize,
    },
    /// A character that is neither a digit, an empty-cell mark nor an allowed separator.
    Character {
        /// The offending character.
        ch: char,
        /// Its position in the line, counting characters from 1.
        column: usize,
        /// The cell it would have filled, if there was one.
        cell: Option<Cell>,
    },
    /// A grid row with the wrong number of cells.
    RowLength {
        /// The row, counting from 1.
        row: usize,
        /// How many cells it had.
        found: usize,
        /// The column (counting characters from 1) of its tenth cell, the first one too many,
        /// when it has too many and that is known.
        extra: Option<usize>,
    },
    /// A jigsaw grid's row (its nine cells, then its nine region labels) with the wrong number
    /// of characters.
    JigsawRowLength {
        /// The row, counting from 1.
        row: usize,
        /// How many cells and labels it had.
        found: usize,
    },
    /// A grid with the wrong number of rows.
    RowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A record (such as a JSON object) whose `puzzle` field is missing or not text: the
    /// readers of records say so, rather than fail on the record's first character.
    NoPuzzleField,
    /// A line read on a layout with boxes whose text after the puzzle is a jigsaw's region map:
    /// the puzzle is a jigsaw's, and answering it on the boxes would be a wrong answer given
    /// in silence.
    JigsawMap,
    /// A line holding a second puzzle after its first, which would be read as a comment and
    /// lost.
    SecondPuzzle,
    /// A pencil-mark cell that repeats a digit, such as `2236`.
    RepeatedCandidate {
        /// The cell.
        cell: Cell,
        /// The repeated digit.
        digit: Digit,
    },
    /// A line (or a whole one-puzzle input) longer than any puzzle record can be: readers refuse
    /// it by its length, without keeping it, so that endless input is read in bounded memory.
    TooLong {
        /// The most bytes accepted.
        limit: usize,
        /// The part read holds a carriage return: old Mac text, whose lines end with a lone
        /// `\r`, reads as one long line.
        carriage_return: bool,
    },
}

/// An error of `kind` on no particular line, for readers of other shapes (records) to report
/// in the same terms.
impl From<ParseErrorKind> for ParseError {
    fn from(kind: ParseErrorKind) -> ParseError {
        ParseError::new(kind)
    }
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError { line: None, kind }
    }

    pub(crate) fn at_line(mut self, line: usize) -> ParseError {
        self.line = Some(line);
        self
    }

    /// The line of the parsed text the problem is on (from 1), when the text had several lines.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What went wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The error of a text read as part of a longer line, `by` characters into it: a column it
    /// names counts from the line's start.
    pub fn shifted(mut self, by: usize) -> ParseError {
        if let ParseErrorKind::Character { column, .. } = &mut self.kind {
            *column += by;
        }
        self
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => write!(f, "no puzzle: the input is empty"),
            ParseErrorKind::CellCount { found } => write!(f, "{found} cells, expected 81"),
            ParseErrorKind::Character { ch, column, cell } => {
                if *ch == char::REPLACEMENT_CHARACTER {
                    // Input is read as UTF-8 with each byte that is not made U+FFFD: the
                    // character shown would be the replacement, not what the file holds.
                    write!(f, "a byte that is not UTF-8 text at column {column}")?;
                } else {
                    write!(f, "unexpected character {ch:?} at column {column}")?;
                }
                if let Some(cell) = cell {
                    write!(f, " ({cell})")?;
                }
                if *ch == '\r' {
                    // Old Mac text ends its lines with a lone CR: say so, since the text then
                    // reads as one long line.
                    write!(
                        f,
                        ": a carriage return inside a line (lines end with \\n or \\r\\n)"
                    )?;
                }
                Ok(())
            }
            ParseErrorKind::RowLength { row, found, extra } => {
                write!(f, "row {row} has {found} cells, expected 9")?;
                if let Some(column) = extra {
                    write!(f, " (the tenth at column {column})")?;
                }
                Ok(())
            }
            ParseErrorKind::JigsawRowLength { row, found } => write!(
                f,
                "row {row} has {found} cells and labels, expected 9 cells then 9 region labels"
            ),
            ParseErrorKind::RowCount { found } => write!(f, "{found} rows, expected 9"),
            ParseErrorKind::NoPuzzleField => {
                write!(
                    f,
                    "the record has no \"puzzle\" field holding the puzzle as text"
                )
            }
            ParseErrorKind::SecondPuzzle => write!(
                f,
                "a second puzzle follows the first on the line: give one puzzle a line"
            ),
            ParseErrorKind::JigsawMap => write!(
                f,
                "a jigsaw's region map follows the puzzle: read the puzzle as a jigsaw \
                 (variant jigsaw)"
            ),
            ParseErrorKind::RepeatedCandidate { cell, digit } => {
                write!(f, "{cell} lists candidate {digit} twice")
            }
            ParseErrorKind::TooLong {
                limit,
                carriage_return,
            } => {
                write!(
                    f,
                    "too long: over {limit} bytes, more than any puzzle record holds"
                )?;
                if *carriage_return {
                    write!(
                        f,
                        ", with carriage returns inside (lines end with \\n or \\r\\n)"
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// The message names the problem only; the line, if any, is available from [`ParseError::line`],
/// so that a caller reading a file can say `line N: ...` with its own line numbers.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for ParseError {}

/// Two givens break the rules: the same digit twice in one house.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house it repeats in, named as on its layout (a jigsaw region by its map's label).
    pub house: HouseName,
    /// The first cell holding it.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
}

/// For example `digit 5 repeats in row 2 (r2c1, r2c7)`.
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} repeats in {} ({}, {})",
            self.digit, self.house, self.first, self.second
        )
    }
}

impl std::error::Error for Conflict {}

/// Anything that makes a text unusable as a puzzle: unreadable, or givens that clash.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The givens break a rule.
    #[error(transparent)]
    Conflict(#[from] Conflict),
}

impl PuzzleError {
    /// The line of the text the problem is on, for parse errors in multi-line texts.
    pub fn line(&self) -> Option<usize> {
        match self {
            PuzzleError::Parse(e) => e.line(),
            PuzzleError::Conflict(_) => None,
        }
    }
}
