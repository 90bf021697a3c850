//! Cells of the 9x9 board and typed sets of cells.

use std::fmt;

/// One of the 81 cells, numbered row-major from 0 (r1c1) to 80 (r9c9).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with row-major index `i`, or `None` unless `i < 81`.
    pub const fn new(i: usize) -> Option<Cell> {
        if i < 81 {
            Some(Cell(i as u8))
        } else {
            None
        }
    }

    /// The cell with row-major index `i`. Panics unless `i < 81`.
    pub const fn from_index(i: usize) -> Cell {
        assert!(i < 81, "cell index out of range");
        Cell(i as u8)
    }

    /// The cell at zero-based `row` and `col` (each 0-8). Panics if out of range.
    pub const fn at(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row or column out of range");
        Cell((row * 9 + col) as u8)
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..81u8).map(Cell)
    }

    /// Row-major index, 0 to 80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row, 0 to 8.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column, 0 to 8.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box (3x3 block), numbered row-major, 0 to 8.
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// Parses a name such as `r3c7` (case-insensitive).
    pub fn parse_name(s: &str) -> Option<Cell> {
        let b = s.as_bytes();
        if b.len() != 4 || !b[0].eq_ignore_ascii_case(&b'r') || !b[2].eq_ignore_ascii_case(&b'c') {
            return None;
        }
        let r = (b[1] as char).to_digit(10)?;
        let c = (b[3] as char).to_digit(10)?;
        if (1..=9).contains(&r) && (1..=9).contains(&c) {
            Some(Cell::at(r as usize - 1, c as usize - 1))
        } else {
            None
        }
    }
}

/// Written as `r<row>c<col>` counting from 1, e.g. `r3c7`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of cells as an 81-bit mask (bit `i` for the cell with index `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u128);

const ALL_CELLS: u128 = (1u128 << 81) - 1;

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_CELLS);

    /// The set whose mask is `bits` (bits above the 81st are dropped).
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ALL_CELLS)
    }

    /// The 81-bit mask.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `c`.
    pub const fn single(c: Cell) -> CellSet {
        CellSet(1u128 << c.0)
    }

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Cell) -> bool {
        self.0 & (1u128 << c.0) != 0
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1u128 << c.0;
    }

    /// Removes `c`; says whether it was there.
    pub fn remove(&mut self, c: Cell) -> bool {
        let had = self.contains(c);
        self.0 &= !(1u128 << c.0);
        had
    }

    /// How many cells the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Set union.
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }

    /// Set intersection.
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }

    /// The cells of `self` not in `o`.
    pub const fn difference(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }

    /// The cells not in the set.
    pub const fn complement(self) -> CellSet {
        CellSet(!self.0 & ALL_CELLS)
    }

    /// The lowest-numbered cell of the set.
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell(self.0.trailing_zeros() as u8))
        }
    }

    /// The cells in row-major order.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

/// Iterator over a [`CellSet`] in row-major order.
#[derive(Clone)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, rhs: CellSet) -> CellSet {
        self.union(rhs)
    }
}
impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, rhs: CellSet) -> CellSet {
        self.intersection(rhs)
    }
}
impl std::ops::BitOrAssign for CellSet {
    fn bitor_assign(&mut self, rhs: CellSet) {
        self.0 |= rhs.0;
    }
}
impl std::ops::BitAndAssign for CellSet {
    fn bitand_assign(&mut self, rhs: CellSet) {
        self.0 &= rhs.0;
    }
}

/// Written as a comma-separated list of cell names, e.g. `r1c2, r6c8`.
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CellSet{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_coordinates_and_names() {
        let c = Cell::at(2, 6);
        assert_eq!(c.to_string(), "r3c7");
        assert_eq!(c.box_index(), 2);
        assert_eq!(Cell::parse_name("R3C7"), Some(c));
        assert_eq!(Cell::parse_name("r0c7"), None);
        assert_eq!(Cell::from_index(80).to_string(), "r9c9");
    }

    #[test]
    fn cell_sets() {
        let mut s = CellSet::EMPTY;
        s.insert(Cell::at(0, 1));
        s.insert(Cell::at(5, 7));
        assert_eq!(s.to_string(), "r1c2, r6c8");
        assert_eq!(s.complement().len(), 79);
        assert!(s.remove(Cell::at(0, 1)));
        assert_eq!(s.len(), 1);
    }
}
