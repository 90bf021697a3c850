//! [`Board`]: the state of one game in play (values, who placed them, candidates, centre and
//! corner pencil marks) and the moves that change it.
//!
//! Candidates are the marks the engine reads (auto-candidates fill them, hints and the bot work
//! from them, the page draws them at fixed places in a 3x3 mini-grid); centre and corner marks
//! are the player's own notation, which the engine never reads.
//!
//! The board is the single source of truth for a game: the browser only sends [`Move`]s and
//! draws the board it gets back. Every move is checked here (a given cannot be overwritten, a
//! pencil mark only goes in an empty cell) and the rule-breaking digits are computed here, so two
//! tabs or a restarted browser always agree with the server, which plays by this module.
//!
//! A board carries its [`Layout`] (the standard one, a jigsaw's regions, X's diagonals,
//! Windoku's windows): peers, clashes and candidates all follow it.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House, Layout, PencilMarks, Puzzle, Sudoku};
use serde::{Deserialize, Serialize};

/// Who put a digit in a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Part of the puzzle.
    Given,
    /// Typed by the player.
    Player,
    /// Placed by the solving bot.
    Bot,
}

impl Origin {
    /// Its letter in the stored form ([`StoredBoard::o`]): `g`, `p` or `b`.
    pub fn code(self) -> char {
        match self {
            Origin::Given => 'g',
            Origin::Player => 'p',
            Origin::Bot => 'b',
        }
    }

    fn from_code(c: char) -> Option<Origin> {
        match c {
            'g' => Some(Origin::Given),
            'p' => Some(Origin::Player),
            'b' => Some(Origin::Bot),
            _ => None,
        }
    }
}

/// One game position as the player sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    layout: Layout,
    values: [Option<(Digit, Origin)>; 81],
    cands: [DigitSet; 81],
    centre: [DigitSet; 81],
    corner: [DigitSet; 81],
}

/// A change the player (or the bot) makes to a board.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Put `digit` in `cell` (replacing any digit the player or bot put there).
    /// By default the digit leaves its peers' marks too (see [`Board::apply_tidy`]).
    Place {
        /// Cell index 0-80, row-major.
        cell: u8,
        /// Digit 1-9.
        digit: u8,
    },
    /// Empty `cell`: its digit if it has one, otherwise its pencil marks.
    Clear {
        /// Cell index 0-80.
        cell: u8,
    },
    /// Toggle a candidate (the positional marks the engine reads).
    Candidate {
        /// Cell index 0-80.
        cell: u8,
        /// Digit 1-9.
        digit: u8,
    },
    /// Toggle a centre pencil mark.
    Centre {
        /// Cell index 0-80.
        cell: u8,
        /// Digit 1-9.
        digit: u8,
    },
    /// Toggle a corner pencil mark.
    Corner {
        /// Cell index 0-80.
        cell: u8,
        /// Digit 1-9.
        digit: u8,
    },
    /// Fill every empty cell's candidates with the digits none of its peers holds.
    AutoCandidates,
    /// Remove every pencil mark.
    ClearMarks,
}

/// Why a move cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Cell index above 80.
    #[error("cell must be an index from 0 to 80, got {0}")]
    BadCell(u8),
    /// Digit outside 1-9.
    #[error("digit must be from 1 to 9, got {0}")]
    BadDigit(u8),
    /// The cell holds a given.
    #[error("{0} is a given and cannot be changed")]
    Given(Cell),
    /// Pencil marks go in empty cells only.
    #[error("{0} already holds a digit; pencil marks go in empty cells")]
    Filled(Cell),
}

/// A digit that breaks a rule: `digit` in `cell` is also in `other`, which shares `house`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clash {
    /// The cell whose digit clashes.
    pub cell: Cell,
    /// The cell already holding the same digit.
    pub other: Cell,
    /// The digit.
    pub digit: Digit,
    /// A house both cells are in.
    pub house: House,
}

impl Clash {
    /// The sentence a player reads, e.g. "5 is already in this row".
    pub fn message(&self) -> String {
        format!(
            "{} is already in this {}",
            self.digit,
            self.house.kind().name()
        )
    }
}

fn cell_of(i: u8) -> Result<Cell, MoveError> {
    Cell::new(i as usize).ok_or(MoveError::BadCell(i))
}

fn digit_of(d: u8) -> Result<Digit, MoveError> {
    Digit::new(d).ok_or(MoveError::BadDigit(d))
}

impl Board {
    /// The starting board of `puzzle` on its layout: its givens and no marks.
    pub fn new(puzzle: &Puzzle) -> Board {
        let mut values = [None; 81];
        for cell in Cell::all() {
            values[cell.index()] = puzzle.givens().get(cell).map(|d| (d, Origin::Given));
        }
        Board {
            layout: puzzle.layout().clone(),
            values,
            cands: [DigitSet::EMPTY; 81],
            centre: [DigitSet::EMPTY; 81],
            corner: [DigitSet::EMPTY; 81],
        }
    }

    /// The layout the board is played on.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The digit in `cell` and who put it there.
    pub fn value(&self, cell: Cell) -> Option<(Digit, Origin)> {
        self.values[cell.index()]
    }

    /// The candidates of `cell` (the marks the engine reads).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// The centre pencil marks of `cell`.
    pub fn centre(&self, cell: Cell) -> DigitSet {
        self.centre[cell.index()]
    }

    /// The corner pencil marks of `cell`.
    pub fn corner(&self, cell: Cell) -> DigitSet {
        self.corner[cell.index()]
    }

    /// The digits on the board (givens and placed) as a grid.
    pub fn grid(&self) -> Sudoku {
        let mut s = Sudoku::empty();
        for cell in Cell::all() {
            s.set(cell, self.values[cell.index()].map(|(d, _)| d));
        }
        s
    }

    /// The givens alone, as a grid (the puzzle the board started from).
    pub fn givens(&self) -> Sudoku {
        let mut s = Sudoku::empty();
        for cell in Cell::all() {
            if let Some((d, Origin::Given)) = self.values[cell.index()] {
                s.set(cell, Some(d));
            }
        }
        s
    }

    /// Whether the board's digits are `solution`'s, every one.
    pub fn is_solved(&self, solution: &Sudoku) -> bool {
        self.grid() == *solution
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// Applies `mv`, checking it first. A refused move leaves the board unchanged.
    pub fn apply(&mut self, mv: &Move) -> Result<(), MoveError> {
        self.apply_tidy(mv, true)
    }

    /// Applies `mv` like [`Board::apply`]; with `tidy` false a placed digit stays in its peers'
    /// marks (the player's "auto-remove marks" setting off).
    pub fn apply_tidy(&mut self, mv: &Move, tidy: bool) -> Result<(), MoveError> {
        match *mv {
            Move::Place { cell, digit } => {
                let (cell, digit) = (cell_of(cell)?, digit_of(digit)?);
                self.check_not_given(cell)?;
                if tidy {
                    self.place(cell, digit, Origin::Player);
                } else {
                    self.put(cell, digit, Origin::Player);
                }
            }
            Move::Clear { cell } => {
                let cell = cell_of(cell)?;
                self.check_not_given(cell)?;
                let i = cell.index();
                if self.values[i].is_some() {
                    self.values[i] = None;
                } else {
                    self.cands[i] = DigitSet::EMPTY;
                    self.centre[i] = DigitSet::EMPTY;
                    self.corner[i] = DigitSet::EMPTY;
                }
            }
            Move::Candidate { cell, digit }
            | Move::Centre { cell, digit }
            | Move::Corner { cell, digit } => {
                let (cell, digit) = (cell_of(cell)?, digit_of(digit)?);
                if self.values[cell.index()].is_some() {
                    return Err(if self.is_given(cell) {
                        MoveError::Given(cell)
                    } else {
                        MoveError::Filled(cell)
                    });
                }
                let marks = match mv {
                    Move::Candidate { .. } => &mut self.cands[cell.index()],
                    Move::Centre { .. } => &mut self.centre[cell.index()],
                    _ => &mut self.corner[cell.index()],
                };
                if !marks.remove(digit) {
                    marks.insert(digit);
                }
            }
            Move::AutoCandidates => self.fill_candidates(),
            Move::ClearMarks => {
                self.cands = [DigitSet::EMPTY; 81];
                self.centre = [DigitSet::EMPTY; 81];
                self.corner = [DigitSet::EMPTY; 81];
            }
        }
        Ok(())
    }

    fn is_given(&self, cell: Cell) -> bool {
        matches!(self.values[cell.index()], Some((_, Origin::Given)))
    }

    fn check_not_given(&self, cell: Cell) -> Result<(), MoveError> {
        if self.is_given(cell) {
            Err(MoveError::Given(cell))
        } else {
            Ok(())
        }
    }

    /// Puts `digit` in `cell` and cleans up: the cell's own marks go, and `digit` leaves the
    /// pencil marks of every peer (the clean-up players expect from a good app).
    pub fn place(&mut self, cell: Cell, digit: Digit, origin: Origin) {
        self.put(cell, digit, origin);
        for p in self.layout.peers(cell) {
            self.cands[p.index()].remove(digit);
            self.centre[p.index()].remove(digit);
            self.corner[p.index()].remove(digit);
        }
    }

    /// Puts `digit` in `cell` and drops the cell's own marks, leaving its peers' marks alone.
    fn put(&mut self, cell: Cell, digit: Digit, origin: Origin) {
        let i = cell.index();
        self.values[i] = Some((digit, origin));
        self.cands[i] = DigitSet::EMPTY;
        self.centre[i] = DigitSet::EMPTY;
        self.corner[i] = DigitSet::EMPTY;
    }

    /// Removes a placed (not given) digit.
    pub fn unplace(&mut self, cell: Cell) {
        if !self.is_given(cell) {
            self.values[cell.index()] = None;
        }
    }

    /// Removes `digit` from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.cands[cell.index()].remove(digit);
    }

    /// Every empty cell's candidates: the digits none of its peers (on the board's layout)
    /// holds.
    fn raw(&self) -> PencilMarks {
        PencilMarks::raw(&Puzzle::new(self.grid(), self.layout.clone()))
    }

    /// Sets every empty cell's candidates to the digits none of its peers holds.
    pub fn fill_candidates(&mut self) {
        let raw = self.raw();
        for cell in Cell::all() {
            if self.values[cell.index()].is_none() {
                self.cands[cell.index()] = raw.candidates(cell);
            }
        }
    }

    /// Whether the player's candidates are usable as the engine's: every empty cell has at
    /// least one, and none is a digit a peer already holds.
    pub fn has_full_marks(&self) -> bool {
        let raw = self.raw();
        Cell::all().all(|c| {
            self.values[c.index()].is_some() || {
                let m = self.cands[c.index()];
                !m.is_empty() && m.difference(raw.candidates(c)).is_empty()
            }
        })
    }

    /// The position the logical solver works on: the digits on the board and, when the player
    /// keeps full candidates, those (so eliminations already made are kept); otherwise
    /// every candidate the digits allow (on the board's layout).
    pub fn position(&self) -> PencilMarks {
        let mut pm = self.raw();
        if self.has_full_marks() {
            for cell in Cell::all() {
                if self.values[cell.index()].is_none() {
                    pm.set_candidates(cell, self.cands[cell.index()]);
                }
            }
        }
        pm
    }

    /// Every digit placed by the player or the bot that repeats in one of its houses, paired
    /// with the cell it clashes with (givens are never blamed: the player's digit is).
    pub fn clashes(&self) -> Vec<Clash> {
        let mut out = Vec::new();
        for cell in Cell::all() {
            let Some((digit, origin)) = self.values[cell.index()] else {
                continue;
            };
            if origin == Origin::Given {
                continue;
            }
            for &house in self.layout.all_houses_of(cell) {
                let other = self.layout.cells(house).iter().copied().find(|&o| {
                    o != cell && matches!(self.values[o.index()], Some((d, _)) if d == digit)
                });
                if let Some(other) = other {
                    out.push(Clash {
                        cell,
                        other,
                        digit,
                        house,
                    });
                    break;
                }
            }
        }
        out
    }

    /// Placed digits that differ from `solution`.
    pub fn wrong_cells(&self, solution: &Sudoku) -> CellSet {
        Cell::all()
            .filter(|&c| {
                matches!(self.values[c.index()], Some((d, o)) if o != Origin::Given && solution.get(c) != Some(d))
            })
            .collect()
    }

    /// Empty cells whose candidates leave out the solution's digit (only meaningful when the
    /// player keeps candidates in that cell).
    pub fn wrong_marks(&self, solution: &Sudoku) -> CellSet {
        Cell::all()
            .filter(|&c| {
                let m = self.cands[c.index()];
                self.values[c.index()].is_none()
                    && !m.is_empty()
                    && solution.get(c).is_some_and(|d| !m.contains(d))
            })
            .collect()
    }

    /// The compact stored form (see [`StoredBoard`]).
    pub fn to_stored(&self) -> StoredBoard {
        StoredBoard {
            v: self
                .values
                .iter()
                .map(|v| v.map_or('.', |(d, _)| d.to_char()))
                .collect(),
            o: self
                .values
                .iter()
                .map(|v| v.map_or('.', |(_, o)| o.code()))
                .collect(),
            n: self.cands.iter().map(|m| m.bits()).collect(),
            c: self.centre.iter().map(|m| m.bits()).collect(),
            k: self.corner.iter().map(|m| m.bits()).collect(),
        }
    }

    /// Reads the stored form back onto `layout` (kept with the game, not in each stored
    /// board); `None` if it is damaged.
    ///
    /// A board stored before candidates had a set of their own (no `n`) kept them in its centre
    /// marks, which the engine read as candidates: they come back as candidates, so an older
    /// game means what it meant.
    pub fn from_stored(s: &StoredBoard, layout: &Layout) -> Option<Board> {
        if s.v.chars().count() != 81
            || s.o.chars().count() != 81
            || s.c.len() != 81
            || s.k.len() != 81
            || !(s.n.is_empty() || s.n.len() == 81)
        {
            return None;
        }
        let mut b = Board {
            layout: layout.clone(),
            values: [None; 81],
            cands: [DigitSet::EMPTY; 81],
            centre: [DigitSet::EMPTY; 81],
            corner: [DigitSet::EMPTY; 81],
        };
        let older = s.n.is_empty();
        for (i, (v, o)) in s.v.chars().zip(s.o.chars()).enumerate() {
            b.values[i] = match (v, o) {
                ('.', '.') => None,
                (v, o) => Some((Digit::from_char(v)?, Origin::from_code(o)?)),
            };
            let n = if older { 0 } else { s.n[i] };
            if s.c[i] > 0x1ff || s.k[i] > 0x1ff || n > 0x1ff {
                return None;
            }
            if older {
                b.cands[i] = DigitSet::from_bits(s.c[i]);
            } else {
                b.cands[i] = DigitSet::from_bits(n);
                b.centre[i] = DigitSet::from_bits(s.c[i]);
            }
            b.corner[i] = DigitSet::from_bits(s.k[i]);
        }
        Some(b)
    }
}

/// How a board is kept in the database: digits and origins as 81-character strings, marks as
/// 9-bit masks (`n` absent: a board stored before candidates had their own set).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredBoard {
    /// Digits, `.` for empty.
    pub v: String,
    /// Origins: `g`, `p`, `b`, `.` for empty.
    pub o: String,
    /// Candidates (empty in boards stored before they had their own set).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub n: Vec<u16>,
    /// Centre marks.
    pub c: Vec<u16>,
    /// Corner marks.
    pub k: Vec<u16>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::STANDARD;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn board() -> Board {
        Board::new(&Sudoku::from_line(PUZZLE).unwrap().into())
    }

    #[test]
    fn givens_cannot_change() {
        let mut b = board();
        assert_eq!(
            b.apply(&Move::Place { cell: 0, digit: 1 }),
            Err(MoveError::Given(Cell::from_index(0)))
        );
        assert_eq!(
            b.apply(&Move::Clear { cell: 0 }),
            Err(MoveError::Given(Cell::from_index(0)))
        );
        assert_eq!(
            b.apply(&Move::Place { cell: 81, digit: 1 }),
            Err(MoveError::BadCell(81))
        );
        assert_eq!(
            b.apply(&Move::Place { cell: 2, digit: 0 }),
            Err(MoveError::BadDigit(0))
        );
        assert_eq!(b, board());
    }

    #[test]
    fn placing_cleans_peer_marks_and_reports_clashes() {
        let mut b = board();
        b.apply(&Move::AutoCandidates).unwrap();
        assert!(b
            .candidates(Cell::at(0, 2))
            .contains(Digit::new(4).unwrap()));
        assert!(b
            .candidates(Cell::at(0, 5))
            .contains(Digit::new(4).unwrap()));
        b.apply(&Move::Place { cell: 2, digit: 4 }).unwrap();
        assert!(!b
            .candidates(Cell::at(0, 5))
            .contains(Digit::new(4).unwrap()));
        assert!(b.clashes().is_empty());
        // 5 is a given in r1c1, so a 5 in r1c3 clashes with it in the row (the first house).
        b.apply(&Move::Place { cell: 2, digit: 5 }).unwrap();
        let clashes = b.clashes();
        assert_eq!(clashes.len(), 1);
        assert_eq!(clashes[0].other, Cell::at(0, 0));
        assert_eq!(clashes[0].message(), "5 is already in this row");
    }

    /// On a jigsaw the peers are the region's, not the box's: a digit clashes in its region,
    /// candidates and the clean-up after a placement follow the regions too.
    #[test]
    fn a_jigsaw_board_follows_its_regions() {
        let map = nonet_core::RegionMap::parse(
            "111112223122222333112444333155554433666654444776655558777666988777999998799988888",
        )
        .unwrap();
        let layout = Layout::jigsaw(&map);
        let mut b = Board::new(&Puzzle::new(Sudoku::empty(), layout.clone()));
        // r1c1 and r2c3 share box 1 but not a region ('1' and '2').
        b.apply(&Move::Place { cell: 0, digit: 7 }).unwrap();
        b.apply(&Move::Place { cell: 11, digit: 7 }).unwrap();
        assert!(b.clashes().is_empty());
        // r3c2 shares region '1' with r1c1, and neither row nor column with a 7.
        b.apply(&Move::Place { cell: 19, digit: 7 }).unwrap();
        let clashes = b.clashes();
        assert_eq!(clashes.len(), 2, "{clashes:?}");
        assert!(clashes.iter().all(|k| k.house == House::region(0)));
        assert_eq!(clashes[0].message(), "7 is already in this region");
        b.apply(&Move::Clear { cell: 19 }).unwrap();
        b.apply(&Move::Clear { cell: 11 }).unwrap();
        b.apply(&Move::AutoCandidates).unwrap();
        let seven = Digit::new(7).unwrap();
        assert!(
            !b.candidates(Cell::from_index(19)).contains(seven),
            "region of r1c1"
        );
        assert!(
            b.candidates(Cell::from_index(20)).contains(seven),
            "box of r1c1, not its region"
        );
        assert!(b.has_full_marks());
        // Placing clears the digit from the marks of the region, not of the box.
        b.apply(&Move::Place { cell: 21, digit: 5 }).unwrap();
        let five = Digit::new(5).unwrap();
        assert!(
            !b.candidates(Cell::from_index(22)).contains(five),
            "same region '4'"
        );
        assert!(
            b.candidates(Cell::from_index(13)).contains(five),
            "same box, region '2'"
        );
    }

    /// Candidates, centre and corner marks are three sets: toggling one leaves the others.
    #[test]
    fn candidates_are_a_set_of_their_own() {
        let mut b = board();
        let six = Digit::new(6).unwrap();
        b.apply(&Move::Candidate { cell: 3, digit: 6 }).unwrap();
        b.apply(&Move::Centre { cell: 3, digit: 2 }).unwrap();
        b.apply(&Move::Corner { cell: 3, digit: 1 }).unwrap();
        let c = Cell::from_index(3);
        assert_eq!(b.candidates(c), DigitSet::single(six));
        assert_eq!(b.centre(c), DigitSet::single(Digit::new(2).unwrap()));
        assert_eq!(b.corner(c), DigitSet::single(Digit::new(1).unwrap()));
        b.apply(&Move::Candidate { cell: 3, digit: 6 }).unwrap();
        assert!(b.candidates(c).is_empty());
        assert!(!b.centre(c).is_empty(), "the centre mark stays");
        // Auto-candidates fill candidates only: the player's notation is theirs.
        b.apply(&Move::AutoCandidates).unwrap();
        assert!(b.candidates(c).contains(six));
        assert_eq!(b.centre(c), DigitSet::single(Digit::new(2).unwrap()));
    }

    /// The "auto-remove marks" setting off: a placed digit stays in its peers' marks.
    #[test]
    fn an_untidy_placement_leaves_peer_marks() {
        let mut b = board();
        b.apply(&Move::AutoCandidates).unwrap();
        let four = Digit::new(4).unwrap();
        b.apply_tidy(&Move::Place { cell: 2, digit: 4 }, false)
            .unwrap();
        assert!(b.candidates(Cell::at(0, 5)).contains(four));
        assert!(
            b.candidates(Cell::at(0, 2)).is_empty(),
            "the cell's own marks go"
        );
    }

    /// A board stored before candidates had their own set kept them as centre marks (the
    /// engine read those): they load as candidates.
    #[test]
    fn an_older_stored_board_reads_its_centre_marks_as_candidates() {
        let mut b = board();
        b.apply(&Move::AutoCandidates).unwrap();
        let mut old = b.to_stored();
        old.c = std::mem::take(&mut old.n);
        let json = serde_json::to_string(&old).unwrap();
        assert!(!json.contains("\"n\""), "{json}");
        let back: StoredBoard = serde_json::from_str(&json).unwrap();
        assert_eq!(Board::from_stored(&back, &STANDARD), Some(b));
    }

    #[test]
    fn stored_form_round_trips() {
        let mut b = board();
        b.apply(&Move::Place { cell: 2, digit: 4 }).unwrap();
        b.apply(&Move::Corner { cell: 3, digit: 6 }).unwrap();
        b.apply(&Move::Centre { cell: 6, digit: 2 }).unwrap();
        b.apply(&Move::Candidate { cell: 6, digit: 3 }).unwrap();
        b.place(Cell::from_index(5), Digit::new(8).unwrap(), Origin::Bot);
        assert_eq!(Board::from_stored(&b.to_stored(), &STANDARD), Some(b));
    }
}
