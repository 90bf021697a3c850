//! Houses (rows, columns, boxes) and the layout that describes them as data.
//!
//! Every rule of Sudoku is "each house holds each digit once". The solvers and techniques never
//! compute row/column/box arithmetic themselves: they ask a [`Layout`] for a house's cells, a
//! cell's houses, or a cell's peers. A jigsaw variant would be another `Layout` whose boxes are
//! irregular regions; nothing else in the model would change.

use std::fmt;

use crate::cell::{Cell, CellSet};

/// What kind of house this is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum HouseKind {
    /// A row, numbered top to bottom.
    Row,
    /// A column, numbered left to right.
    Column,
    /// A 3x3 box (or, in a jigsaw layout, a region), numbered row-major.
    Box,
}

impl HouseKind {
    /// The lowercase English word: `row`, `column` or `box`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        }
    }
}

/// One of the 27 houses: 0-8 are rows, 9-17 columns, 18-26 boxes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// The house with index `i`. Panics unless `i < 27`.
    pub const fn from_index(i: usize) -> House {
        assert!(i < 27, "house index out of range");
        House(i as u8)
    }
    /// Row `r` (0-8).
    pub const fn row(r: usize) -> House {
        assert!(r < 9);
        House(r as u8)
    }
    /// Column `c` (0-8).
    pub const fn column(c: usize) -> House {
        assert!(c < 9);
        House(9 + c as u8)
    }
    /// Box `b` (0-8, row-major).
    pub const fn box_(b: usize) -> House {
        assert!(b < 9);
        House(18 + b as u8)
    }
    /// All 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0..27u8).map(House)
    }
    /// Index 0-26.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Row, column or box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }
    /// The position of this house among those of its kind (0-8).
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }
}

/// Written as `row 2`, `column 7` or `box 5`, counting from 1.
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind().name(), self.number() + 1)
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The geometry of a board: which cells make up each house, as tables.
pub struct Layout {
    house_cells: [[Cell; 9]; 27],
    house_sets: [CellSet; 27],
    houses_of: [[House; 3]; 81],
    peers: [CellSet; 81],
}

impl Layout {
    /// The classic layout: nine rows, nine columns, nine 3x3 boxes.
    pub const fn standard() -> Layout {
        let mut boxes = [0u8; 81];
        let mut i = 0;
        while i < 81 {
            boxes[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
            i += 1;
        }
        Layout::with_regions(&boxes)
    }

    /// A layout with the usual rows and columns, and a region index (0-8) per cell in place of
    /// the boxes. Each region must have exactly nine cells.
    const fn with_regions(region_of: &[u8; 81]) -> Layout {
        let mut house_cells = [[Cell::from_index(0); 9]; 27];
        let mut house_sets = [CellSet::EMPTY; 27];
        let mut houses_of = [[House(0); 3]; 81];
        let mut fill = [0usize; 27];
        let mut i = 0;
        while i < 81 {
            let cell = Cell::from_index(i);
            let hs = [i / 9, 9 + i % 9, 18 + region_of[i] as usize];
            let mut k = 0;
            while k < 3 {
                let h = hs[k];
                house_cells[h][fill[h]] = cell;
                fill[h] += 1;
                house_sets[h] = house_sets[h].union(CellSet::single(cell));
                houses_of[i][k] = House(h as u8);
                k += 1;
            }
            i += 1;
        }
        let mut peers = [CellSet::EMPTY; 81];
        let mut i = 0;
        while i < 81 {
            let mut k = 0;
            let mut p = CellSet::EMPTY;
            while k < 3 {
                p = p.union(house_sets[houses_of[i][k].0 as usize]);
                k += 1;
            }
            peers[i] = p.difference(CellSet::single(Cell::from_index(i)));
            i += 1;
        }
        Layout {
            house_cells,
            house_sets,
            houses_of,
            peers,
        }
    }

    /// The nine cells of `house`, in row-major order.
    pub fn cells(&self, house: House) -> &[Cell; 9] {
        &self.house_cells[house.index()]
    }

    /// The cells of `house` as a set.
    pub fn cell_set(&self, house: House) -> CellSet {
        self.house_sets[house.index()]
    }

    /// The row, column and box of `cell`, in that order.
    pub fn houses_of(&self, cell: Cell) -> [House; 3] {
        self.houses_of[cell.index()]
    }

    /// The 20 cells that share a house with `cell` (not `cell` itself).
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.peers[cell.index()]
    }

    /// The cells of every house, rows then columns then boxes.
    pub fn houses_all(&self) -> impl Iterator<Item = &[Cell; 9]> + '_ {
        self.house_cells.iter()
    }

    /// The houses that contain every cell of `cells` (empty when `cells` is empty).
    pub fn common_houses(&self, cells: CellSet) -> impl Iterator<Item = House> + '_ {
        let nonempty = !cells.is_empty();
        House::all().filter(move |&h| nonempty && cells.difference(self.cell_set(h)).is_empty())
    }
}

/// The classic 9x9 layout, shared by everything in nonet.
pub static STANDARD: Layout = Layout::standard();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_tables() {
        let l = &STANDARD;
        assert_eq!(l.cells(House::box_(4))[0], Cell::at(3, 3));
        assert_eq!(l.cells(House::column(8))[8], Cell::at(8, 8));
        for c in Cell::all() {
            assert_eq!(l.peers(c).len(), 20);
            let [r, col, b] = l.houses_of(c);
            assert_eq!(r, House::row(c.row()));
            assert_eq!(col, House::column(c.col()));
            assert_eq!(b, House::box_(c.box_index()));
        }
        let pair: CellSet = [Cell::at(0, 0), Cell::at(0, 2)].into_iter().collect();
        let common: Vec<_> = l.common_houses(pair).collect();
        assert_eq!(common, vec![House::row(0), House::box_(0)]);
        assert_eq!(House::box_(4).to_string(), "box 5");
    }
}
