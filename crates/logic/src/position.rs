//! [`Position`]: a pencil-mark position prepared for fast pattern search.
//!
//! Every technique asks the same questions many times ("where can 7 go in row 4?", "which
//! cells are bivalue?"), so the position keeps, besides each cell's candidates, one
//! [`CellSet`] per digit (the cells where that digit is still a candidate). Most searches are
//! then a few mask operations per house instead of loops over cells.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House, PencilMarks, STANDARD};

/// A position with per-digit candidate masks.
#[derive(Clone, Debug)]
pub struct Position {
    values: [Option<Digit>; 81],
    cands: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    empty: CellSet,
    /// The almost locked sets, computed on first use (several techniques share them).
    als: std::cell::OnceCell<Vec<crate::techniques::als::Als>>,
    /// Pairs of ALSs (by index) with their restricted common candidates, on first use.
    als_links: std::cell::OnceCell<Vec<(u32, u32, DigitSet)>>,
}

impl Position {
    /// Builds the masks of `pm`.
    pub fn new(pm: &PencilMarks) -> Position {
        let mut values = [None; 81];
        let mut cands = [DigitSet::EMPTY; 81];
        let mut digit_cells = [CellSet::EMPTY; 9];
        let mut empty = CellSet::EMPTY;
        for cell in Cell::all() {
            let i = cell.index();
            values[i] = pm.value(cell);
            if values[i].is_none() {
                empty.insert(cell);
                cands[i] = pm.candidates(cell);
                for d in cands[i] {
                    digit_cells[d.index()].insert(cell);
                }
            }
        }
        Position {
            values,
            cands,
            digit_cells,
            empty,
            als: std::cell::OnceCell::new(),
            als_links: std::cell::OnceCell::new(),
        }
    }

    /// The value of `cell`, if it has one.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The candidates of `cell` (empty once it has a value).
    pub fn cands(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// The cells where `d` is a candidate.
    pub fn cells_of(&self, d: Digit) -> CellSet {
        self.digit_cells[d.index()]
    }

    /// The cells of `house` where `d` is a candidate.
    pub fn cells_in(&self, d: Digit, house: House) -> CellSet {
        self.digit_cells[d.index()] & STANDARD.cell_set(house)
    }

    /// The cells without a value.
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// Whether `d` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, d: Digit) -> bool {
        self.cands[cell.index()].contains(d)
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.empty
            .iter()
            .filter(|&c| self.cands[c.index()].len() == 2)
            .collect()
    }

    /// Whether `house` already holds `d` as a value.
    pub fn house_has_value(&self, house: House, d: Digit) -> bool {
        STANDARD
            .cells(house)
            .iter()
            .any(|&c| self.values[c.index()] == Some(d))
    }

    /// Every almost locked set of the position (computed once).
    pub fn als(&self) -> &[crate::techniques::als::Als] {
        self.als
            .get_or_init(|| crate::techniques::als::all_als(self, 8))
    }

    /// Every pair of ALSs `(i, j)` (`i < j`, indices into [`Position::als`]) with a restricted
    /// common candidate, with those candidates (computed once).
    pub fn als_links(&self) -> &[(u32, u32, DigitSet)] {
        self.als_links
            .get_or_init(|| crate::techniques::als::links(self.als()))
    }

    /// The union of the candidates of `cells`.
    pub fn cands_of(&self, cells: CellSet) -> DigitSet {
        let mut s = DigitSet::EMPTY;
        for c in cells {
            s |= self.cands[c.index()];
        }
        s
    }
}

/// The cells of `house`.
pub fn house_cells(house: House) -> CellSet {
    STANDARD.cell_set(house)
}

/// The peers of `cell` (20 cells).
pub fn peers(cell: Cell) -> CellSet {
    STANDARD.peers(cell)
}

/// The cells that see every cell of `cells` (not including them). Empty for an empty set.
pub fn common_peers(cells: CellSet) -> CellSet {
    let mut it = cells.iter();
    let Some(first) = it.next() else {
        return CellSet::EMPTY;
    };
    let mut s = STANDARD.peers(first);
    for c in it {
        s &= STANDARD.peers(c);
    }
    s.difference(cells)
}

/// Whether two distinct cells share a house.
pub fn sees(a: Cell, b: Cell) -> bool {
    a != b && STANDARD.peers(a).contains(b)
}

/// The house of kind row (0), column (1) or box (2) of `cell`.
pub fn house_of(cell: Cell, kind: usize) -> House {
    STANDARD.houses_of(cell)[kind]
}

/// A house holding all of `cells` (row first, then column, then box), if any.
pub fn common_house(cells: CellSet) -> Option<House> {
    STANDARD.common_houses(cells).next()
}

/// All 27 houses.
pub fn all_houses() -> impl Iterator<Item = House> + Clone {
    House::all()
}

/// The rows (0-8) of `cells` as a 9-bit mask.
pub fn rows_mask(cells: CellSet) -> u16 {
    cells.iter().fold(0, |m, c| m | 1 << c.row())
}

/// The columns (0-8) of `cells` as a 9-bit mask.
pub fn cols_mask(cells: CellSet) -> u16 {
    cells.iter().fold(0, |m, c| m | 1 << c.col())
}

/// The boxes (0-8) of `cells` as a 9-bit mask.
pub fn boxes_mask(cells: CellSet) -> u16 {
    cells.iter().fold(0, |m, c| m | 1 << c.box_index())
}

/// Whether all of `cells` lie in one row or one column.
pub fn same_line(cells: CellSet) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    cells.iter().all(|c| c.row() == first.row()) || cells.iter().all(|c| c.col() == first.col())
}
