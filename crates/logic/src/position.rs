//! [`Position`]: a pencil-mark position prepared for fast pattern search, the teacher's view
//! of the crate's one [`Board`].
//!
//! Every technique asks the same questions many times ("where can 7 go in row 4?", "which
//! cells are bivalue?"), so the board keeps, besides each cell's candidates, one [`CellSet`]
//! per digit (the cells where that digit is still a candidate). Most searches are then a few
//! mask operations per house instead of loops over cells. The position adds what the
//! teacher's techniques share: the empty cells, and the almost locked sets built on first use.
//!
//! The position also carries the board's [`Layout`], borrowed from the pencil marks it is
//! built from (a position is made for every step, so it takes no copy). Every geometric question a technique asks (a house's cells, a cell's peers,
//! the houses a set of cells shares) goes through it, so the same finders run on the standard
//! board, a jigsaw's regions, X-Sudoku's diagonals and Windoku's windows.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Layout, PencilMarks};

use std::sync::Arc;

use crate::board::Board;
use crate::se::grid::Geometry;

/// A position with per-digit candidate masks, on a layout.
#[derive(Clone, Debug)]
pub struct Position<'a> {
    layout: &'a Layout,
    /// The layout read as bitboard tables (house masks and cell lists, the scan orders): the
    /// searches the teacher shares with SE's producers read the houses through it. Built on
    /// first use on a variant (a step of singles never needs it); the standard layout's is
    /// shared.
    geo: std::cell::OnceCell<Arc<Geometry>>,
    /// The values and candidates, both per cell and per digit.
    board: Board,
    /// The cells without a value (asked by most searches: kept rather than recounted).
    empty: CellSet,
    /// The almost locked sets, computed on first use (several techniques share them).
    als: std::cell::OnceCell<Vec<crate::techniques::als::Als>>,
    /// Pairs of ALSs (by index) with their restricted common candidates, on first use.
    als_links: std::cell::OnceCell<Vec<(u32, u32, DigitSet)>>,
}

impl<'a> Position<'a> {
    /// Builds the masks of `pm`, on its layout.
    pub fn new(pm: &'a PencilMarks) -> Position<'a> {
        Position::on_board(pm.layout(), Board::from_pencil_marks(pm))
    }

    /// The position of `board` on `layout`.
    pub(crate) fn on_board(layout: &'a Layout, board: Board) -> Position<'a> {
        Position {
            layout,
            geo: std::cell::OnceCell::new(),
            empty: board.empty_cells(),
            board,
            als: std::cell::OnceCell::new(),
            als_links: std::cell::OnceCell::new(),
        }
    }

    /// The layout's geometry: its houses as SE's producers number and scan them.
    pub(crate) fn geo(&self) -> &Geometry {
        if self.layout.is_standard() {
            Geometry::standard_ref()
        } else {
            self.geo
                .get_or_init(|| Geometry::for_layout(self.layout))
                .as_ref()
        }
    }

    /// The board: the values and candidates without the layout.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The value of `cell`, if it has one.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.board.value(cell)
    }

    /// The candidates of `cell` (empty once it has a value).
    pub fn cands(&self, cell: Cell) -> DigitSet {
        self.board.candidates(cell)
    }

    /// The cells where `d` is a candidate.
    pub fn cells_of(&self, d: Digit) -> CellSet {
        self.board.cells_of(d)
    }

    /// The cells of `house` where `d` is a candidate.
    pub fn cells_in(&self, d: Digit, house: House) -> CellSet {
        self.board.cells_of(d) & self.layout.cell_set(house)
    }

    /// The cells without a value.
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// Whether `d` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, d: Digit) -> bool {
        self.board.has(cell, d)
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.empty
            .iter()
            .filter(|&c| self.cands(c).len() == 2)
            .collect()
    }

    /// Whether `house` already holds `d` as a value.
    pub fn house_has_value(&self, house: House, d: Digit) -> bool {
        self.layout
            .cells(house)
            .iter()
            .any(|&c| self.value(c) == Some(d))
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
            s |= self.cands(c);
        }
        s
    }

    /// The layout the position is on.
    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    /// Whether the layout is the standard one (rows, columns, boxes).
    pub fn is_standard(&self) -> bool {
        self.layout.is_standard()
    }

    /// The layout's houses, in index order (rows, columns, boxes or regions, diagonals,
    /// windows).
    pub fn houses(&self) -> impl Iterator<Item = House> + Clone + 'a {
        self.layout.houses()
    }

    /// The layout's houses of the given kinds, in index order.
    pub fn houses_of_kind(&self, kinds: &'a [HouseKind]) -> impl Iterator<Item = House> + 'a {
        self.layout
            .houses()
            .filter(move |h| kinds.contains(&h.kind()))
    }

    /// The cells of `house`.
    pub fn house_cells(&self, house: House) -> CellSet {
        self.layout.cell_set(house)
    }

    /// The box or jigsaw region of `cell` (its third house).
    pub fn box_of(&self, cell: Cell) -> House {
        self.layout.houses_of(cell)[2]
    }

    /// The peers of `cell` (20 on the standard layout, more with diagonals or windows).
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.layout.peers(cell)
    }

    /// The cells that see every cell of `cells` (not including them). Empty for an empty set.
    pub fn common_peers(&self, cells: CellSet) -> CellSet {
        let mut it = cells.iter();
        let Some(first) = it.next() else {
            return CellSet::EMPTY;
        };
        let mut s = self.layout.peers(first);
        for c in it {
            s &= self.layout.peers(c);
        }
        s.difference(cells)
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.layout.peers(a).contains(b)
    }

    /// A house holding all of `cells` (the first in index order: row, column, box or region,
    /// diagonal, window), if any.
    pub fn common_house(&self, cells: CellSet) -> Option<House> {
        self.common_houses(cells).next()
    }

    /// Every house holding all of `cells`, in index order (empty for an empty set).
    pub fn common_houses(&self, cells: CellSet) -> impl Iterator<Item = House> + 'a {
        // Only the houses of one of the cells can hold them all: three to six, not the whole
        // layout's.
        let layout = self.layout;
        let houses: &'a [House] = match cells.first() {
            Some(first) => layout.all_houses_of(first),
            None => &[],
        };
        houses
            .iter()
            .copied()
            .filter(move |&h| cells.difference(layout.cell_set(h)).is_empty())
    }
}

/// Whether all of `cells` lie in one row or one column (the same on every layout).
pub fn same_line(cells: CellSet) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    cells.iter().all(|c| c.row() == first.row()) || cells.iter().all(|c| c.col() == first.col())
}
