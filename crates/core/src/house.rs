//! Houses (rows, columns, boxes, and the variants' regions, diagonals and windows) and the
//! layout that describes them as data.
//!
//! Every rule of Sudoku is "each house holds each digit once". A [`Layout`] says which houses a
//! board has and answers a house's cells, a cell's houses, or a cell's peers. [`STANDARD`] is
//! the classic layout; [`Layout::jigsaw`] puts irregular regions (read by
//! [`crate::RegionMap`]) in place of the boxes, and [`Layout::with_diagonals`] (X-Sudoku) and
//! [`Layout::with_windows`] (Windoku) add houses to either.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::cell::{Cell, CellSet};

/// What kind of house this is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum HouseKind {
    /// A row, numbered top to bottom.
    Row,
    /// A column, numbered left to right.
    Column,
    /// A 3x3 box, numbered row-major.
    Box,
    /// An irregular region of a jigsaw layout (in place of the boxes), numbered in the order of
    /// the regions' first cells, row-major.
    Region,
    /// A main diagonal of X-Sudoku: 0 from r1c1 to r9c9, 1 from r1c9 to r9c1.
    Diagonal,
    /// A Windoku window: 0 is r2-4c2-4, 1 r2-4c6-8, 2 r6-8c2-4, 3 r6-8c6-8.
    Window,
}

impl HouseKind {
    /// The lowercase English word: `row`, `column` or `box`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }
}

/// A house: 0-8 are rows, 9-17 columns, 18-26 boxes (the 27 of the standard layout), 27-35 a
/// jigsaw layout's regions, 36-37 the diagonals, 38-41 the windows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// How many house indices there are, over every layout.
    pub const COUNT: usize = 42;

    /// The house with index `i`. Panics unless `i < House::COUNT`.
    pub const fn from_index(i: usize) -> House {
        assert!(i < House::COUNT, "house index out of range");
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
    /// Region `r` of a jigsaw layout (0-8).
    pub const fn region(r: usize) -> House {
        assert!(r < 9);
        House(27 + r as u8)
    }
    /// Diagonal `d`: 0 from r1c1 to r9c9, 1 from r1c9 to r9c1.
    pub const fn diagonal(d: usize) -> House {
        assert!(d < 2);
        House(36 + d as u8)
    }
    /// Window `w` (0-3, row-major).
    pub const fn window(w: usize) -> House {
        assert!(w < 4);
        House(38 + w as u8)
    }
    /// The 27 houses of the standard layout: rows, then columns, then boxes. (A layout's own
    /// houses: [`Layout::houses`].)
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0..27u8).map(House)
    }
    /// Index 0-26.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Row, column, box, region, diagonal or window.
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..=8 => HouseKind::Row,
            9..=17 => HouseKind::Column,
            18..=26 => HouseKind::Box,
            27..=35 => HouseKind::Region,
            36..=37 => HouseKind::Diagonal,
            _ => HouseKind::Window,
        }
    }
    /// The position of this house among those of its kind (0-8; 0-1 for diagonals, 0-3 for
    /// windows).
    pub const fn number(self) -> usize {
        match self.0 {
            0..=35 => self.0 as usize % 9,
            36..=37 => self.0 as usize - 36,
            _ => self.0 as usize - 38,
        }
    }
}

/// Written as `row 2`, `column 7`, `box 5`, `region 4`, `window 2` counting from 1, and `the
/// main diagonal` or `the anti-diagonal`. A jigsaw region is numbered here in the order of its
/// first cell; [`Layout::name`] names it with the label its map gave it.
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind(), self.number()) {
            (HouseKind::Diagonal, 0) => f.write_str("the main diagonal"),
            (HouseKind::Diagonal, _) => f.write_str("the anti-diagonal"),
            (kind, n) => write!(f, "{} {}", kind.name(), n + 1),
        }
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A house as a person reads it on its layout: `row 2`, `box 5`, and a jigsaw region by the
/// label its map gave it (`region 7`, `region B`). Made by [`Layout::name`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HouseName {
    house: House,
    label: Option<char>,
}

impl HouseName {
    /// The house named.
    pub fn house(self) -> House {
        self.house
    }
    /// The label of a jigsaw region; `None` for every other house.
    pub fn label(self) -> Option<char> {
        self.label
    }
}

impl fmt::Display for HouseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label {
            Some(label) => write!(f, "{} {label}", self.house.kind().name()),
            None => fmt::Display::fmt(&self.house, f),
        }
    }
}

/// The most houses a cell belongs to: its row, column, box or region, both diagonals (the centre
/// cell) or one diagonal and a window.
const MAX_HOUSES_OF: usize = 6;

/// The geometry of a board: which houses it has and which cells make up each, as tables. A
/// value, passed to whatever needs geometry; [`STANDARD`] is the classic layout.
///
/// Cheap to clone: the standard layout's tables are one static, and another layout's are built
/// once and shared behind an [`Arc`] (a [`crate::Puzzle`] and a [`crate::PencilMarks`] carry
/// their layout, so it is cloned with every position). Whether a layout is the standard one
/// is a tag, not a comparison of tables.
#[derive(Clone)]
pub struct Layout {
    tables: Shared,
}

/// Where a layout's tables are.
#[derive(Clone)]
enum Shared {
    /// [`STANDARD_TABLES`].
    Standard,
    /// Built for a variant (never the standard tables: see [`Layout::is_standard`]).
    Built(Arc<Tables>),
}

/// The tables of a layout.
struct Tables {
    /// Indexed by house index; only the layout's own houses are filled.
    house_cells: [[Cell; 9]; House::COUNT],
    house_sets: [CellSet; House::COUNT],
    /// The layout's houses, in index order (rows, columns, boxes or regions, diagonals,
    /// windows).
    houses: [House; 33],
    house_count: u8,
    /// Per cell: its houses in index order (row, column, box or region first), and how many.
    houses_of: [[House; MAX_HOUSES_OF]; 81],
    houses_of_count: [u8; 81],
    peers: [CellSet; 81],
    /// The labels of a jigsaw layout's regions, in region order, as its map gave them (names
    /// only: two layouts with the same houses are equal whatever their labels).
    labels: [char; 9],
}

/// The same houses, whatever the regions' labels.
impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        // A cell's houses make every other table.
        self.houses_of == other.houses_of && self.houses_of_count == other.houses_of_count
    }
}

impl Eq for Tables {}

/// The standard layout's tables, built at compile time.
static STANDARD_TABLES: Tables = {
    let mut boxes = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        boxes[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    Tables::build(&boxes, 18, false, false)
};

impl Layout {
    /// The classic layout: nine rows, nine columns, nine 3x3 boxes.
    pub const fn standard() -> Layout {
        Layout {
            tables: Shared::Standard,
        }
    }

    /// A layout with these tables: the shared standard tag for the standard ones.
    fn from_tables(tables: Tables) -> Layout {
        if tables == STANDARD_TABLES {
            return Layout::standard();
        }
        Layout {
            tables: Shared::Built(Arc::new(tables)),
        }
    }

    /// The tables, wherever they are.
    #[inline]
    fn t(&self) -> &Tables {
        match &self.tables {
            Shared::Standard => &STANDARD_TABLES,
            Shared::Built(t) => t,
        }
    }

    /// Rows and columns, and the nine irregular regions of `regions` in place of the boxes.
    /// The regions keep the labels of `regions` as their names ([`Layout::name`]).
    pub fn jigsaw(regions: &crate::RegionMap) -> Layout {
        Layout::from_tables(
            Tables::build(regions.regions(), 27, false, false).labelled(regions.labels()),
        )
    }

    /// This layout with both main diagonals as houses (X-Sudoku).
    pub fn with_diagonals(&self) -> Layout {
        let (third, base, _, windows) = self.parts();
        Layout::from_tables(Tables::build(&third, base, true, windows).labelled(self.t().labels))
    }

    /// This layout with the four windows r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8 as houses
    /// (Windoku).
    pub fn with_windows(&self) -> Layout {
        let (third, base, diagonals, _) = self.parts();
        Layout::from_tables(Tables::build(&third, base, diagonals, true).labelled(self.t().labels))
    }

    /// The jigsaw region its map labelled `label`; `None` for a label no region has, or on a
    /// layout with boxes.
    pub fn region_labelled(&self, label: char) -> Option<House> {
        if !self.is_jigsaw() {
            return None;
        }
        self.t()
            .labels
            .iter()
            .position(|&l| l == label)
            .map(House::region)
    }

    /// `house` as a person reads it: a jigsaw region by the label its map gave it, any other
    /// house as [`House`] writes it.
    pub fn name(&self, house: House) -> HouseName {
        let label = (house.kind() == HouseKind::Region).then(|| self.t().labels[house.number()]);
        HouseName { house, label }
    }

    /// Whether this is the classic layout (rows, columns, boxes and nothing else).
    #[inline]
    pub fn is_standard(&self) -> bool {
        // Every constructor gives the standard tables the standard tag (`from_tables`): hot
        // paths ask, so a tag, not a comparison of the tables.
        matches!(self.tables, Shared::Standard)
    }

    /// Whether the third kind of house is irregular regions (a jigsaw layout).
    pub fn is_jigsaw(&self) -> bool {
        self.t().houses[18].kind() == HouseKind::Region
    }

    /// A jigsaw layout's regions with their labels, `None` for boxes.
    pub fn region_map(&self) -> Option<crate::RegionMap> {
        if !self.is_jigsaw() {
            return None;
        }
        let (third, ..) = self.parts();
        let map: String = third.iter().map(|&r| self.t().labels[r as usize]).collect();
        crate::RegionMap::parse(&map).ok()
    }

    /// Whether the diagonals are houses.
    pub fn has_diagonals(&self) -> bool {
        self.houses().any(|h| h.kind() == HouseKind::Diagonal)
    }

    /// Whether the windows are houses.
    pub fn has_windows(&self) -> bool {
        self.houses().any(|h| h.kind() == HouseKind::Window)
    }

    /// The box or region number (0-8) of every cell, and what the layout adds.
    fn parts(&self) -> ([u8; 81], usize, bool, bool) {
        let mut third = [0u8; 81];
        for (i, t) in third.iter_mut().enumerate() {
            *t = self.t().houses_of[i][2].number() as u8;
        }
        let base = if self.is_jigsaw() { 27 } else { 18 };
        (third, base, self.has_diagonals(), self.has_windows())
    }

    /// The nine cells of `house`, in row-major order.
    pub fn cells(&self, house: House) -> &[Cell; 9] {
        &self.t().house_cells[house.index()]
    }

    /// The cells of `house` as a set (empty for a house this layout does not have).
    pub fn cell_set(&self, house: House) -> CellSet {
        self.t().house_sets[house.index()]
    }

    /// The layout's houses, in index order: rows, columns, boxes or regions, then diagonals
    /// and windows.
    pub fn houses(&self) -> impl Iterator<Item = House> + Clone + '_ {
        self.t().houses[..self.t().house_count as usize]
            .iter()
            .copied()
    }

    /// The row, column and box (or region) of `cell`, in that order.
    pub fn houses_of(&self, cell: Cell) -> [House; 3] {
        let h = &self.t().houses_of[cell.index()];
        [h[0], h[1], h[2]]
    }

    /// Every house of `cell`: its row, column and box or region, then the diagonals and window
    /// it lies on.
    pub fn all_houses_of(&self, cell: Cell) -> &[House] {
        let t = self.t();
        &t.houses_of[cell.index()][..t.houses_of_count[cell.index()] as usize]
    }

    /// The cells that share a house with `cell` (not `cell` itself): 20 in the standard layout.
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.t().peers[cell.index()]
    }

    /// The cells of every house of the layout, in [`Layout::houses`] order.
    pub fn houses_all(&self) -> impl Iterator<Item = &[Cell; 9]> + '_ {
        self.houses().map(|h| &self.t().house_cells[h.index()])
    }

    /// The houses that contain every cell of `cells` (empty when `cells` is empty).
    pub fn common_houses(&self, cells: CellSet) -> impl Iterator<Item = House> + '_ {
        let nonempty = !cells.is_empty();
        self.houses()
            .filter(move |&h| nonempty && cells.difference(self.cell_set(h)).is_empty())
    }
}

impl Tables {
    /// The tables of a layout: rows, columns, a third house per cell (`third[i]`, numbered from
    /// house index `base`: boxes at 18, regions at 27), and the extra houses asked for. Each
    /// house must have nine cells (the callers guarantee it: boxes by construction, regions by
    /// `RegionMap`'s checks).
    const fn build(third: &[u8; 81], base: usize, diagonals: bool, windows: bool) -> Tables {
        let mut house_cells = [[Cell::from_index(0); 9]; House::COUNT];
        let mut house_sets = [CellSet::EMPTY; House::COUNT];
        let mut houses_of = [[House(0); MAX_HOUSES_OF]; 81];
        let mut houses_of_count = [0u8; 81];
        let mut fill = [0usize; House::COUNT];
        let mut i = 0;
        while i < 81 {
            let (r, c) = (i / 9, i % 9);
            let mut hs = [usize::MAX; MAX_HOUSES_OF];
            hs[0] = r;
            hs[1] = 9 + c;
            hs[2] = base + third[i] as usize;
            let mut n = 3;
            if diagonals && r == c {
                hs[n] = 36;
                n += 1;
            }
            if diagonals && r + c == 8 {
                hs[n] = 37;
                n += 1;
            }
            if windows && r % 4 != 0 && c % 4 != 0 {
                hs[n] = 38 + (r / 4) * 2 + c / 4;
                n += 1;
            }
            let mut k = 0;
            while k < n {
                let h = hs[k];
                house_cells[h][fill[h]] = Cell::from_index(i);
                fill[h] += 1;
                house_sets[h] = house_sets[h].union(CellSet::single(Cell::from_index(i)));
                houses_of[i][k] = House(h as u8);
                k += 1;
            }
            houses_of_count[i] = n as u8;
            i += 1;
        }
        let mut houses = [House(0); 33];
        let mut house_count = 0;
        let mut h = 0;
        while h < House::COUNT {
            if fill[h] == 9 {
                houses[house_count] = House(h as u8);
                house_count += 1;
            }
            h += 1;
        }
        let mut peers = [CellSet::EMPTY; 81];
        let mut i = 0;
        while i < 81 {
            let mut k = 0;
            let mut p = CellSet::EMPTY;
            while k < houses_of_count[i] as usize {
                p = p.union(house_sets[houses_of[i][k].0 as usize]);
                k += 1;
            }
            peers[i] = p.difference(CellSet::single(Cell::from_index(i)));
            i += 1;
        }
        Tables {
            house_cells,
            house_sets,
            houses,
            house_count: house_count as u8,
            houses_of,
            houses_of_count,
            peers,
            labels: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
        }
    }

    /// These tables with the regions labelled `labels`.
    fn labelled(mut self, labels: [char; 9]) -> Tables {
        self.labels = labels;
        self
    }
}

/// Two layouts are equal when they have the same houses.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        match (&self.tables, &other.tables) {
            (Shared::Standard, Shared::Standard) => true,
            (Shared::Built(a), Shared::Built(b)) => Arc::ptr_eq(a, b) || a == b,
            // A built layout is never the standard one (`Layout::from_tables`).
            _ => false,
        }
    }
}

impl Eq for Layout {}

/// Hashes what makes a layout: each cell's houses.
impl Hash for Layout {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let t = self.t();
        t.houses_of.hash(state);
        t.houses_of_count.hash(state);
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let third: String = (0..81)
            .map(|i| char::from(b'1' + self.t().houses_of[i][2].number() as u8))
            .collect();
        f.debug_struct("Layout")
            .field("jigsaw", &self.is_jigsaw())
            .field("regions", &third)
            .field("diagonals", &self.has_diagonals())
            .field("windows", &self.has_windows())
            .finish()
    }
}

/// The standard layout: a board says otherwise only when it is a variant.
impl Default for Layout {
    fn default() -> Layout {
        STANDARD.clone()
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
        assert_eq!(l.houses().count(), 27);
        assert!(l.is_standard() && !l.is_jigsaw());
    }

    #[test]
    fn x_and_windoku_add_their_houses() {
        let x = STANDARD.with_diagonals();
        assert_eq!(x.houses().count(), 29);
        assert!(!x.is_standard() && x.has_diagonals());
        let centre = Cell::at(4, 4);
        assert_eq!(x.all_houses_of(centre).len(), 5);
        // Its 20 peers, and the 16 other cells of the diagonals less the 4 in its box.
        assert_eq!(x.peers(centre).len(), 32);
        assert_eq!(x.cells(House::diagonal(1))[0], Cell::at(0, 8));
        assert_eq!(House::diagonal(0).to_string(), "the main diagonal");
        let w = STANDARD.with_windows();
        assert_eq!(w.houses().count(), 31);
        assert_eq!(w.cells(House::window(3))[0], Cell::at(5, 5));
        assert_eq!(w.cell_set(House::window(0)).len(), 9);
        assert_eq!(House::window(1).to_string(), "window 2");
        let both = x.with_windows();
        assert_eq!(both.houses().count(), 33);
        assert_eq!(both.all_houses_of(Cell::at(2, 2)).len(), 5);
        assert_eq!(both.with_diagonals(), both);
    }

    #[test]
    fn a_layout_is_a_shared_handle_equal_by_its_houses() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |l: &Layout| {
            let mut h = DefaultHasher::new();
            l.hash(&mut h);
            h.finish()
        };
        // One pointer: cloning a layout never copies its tables.
        assert_eq!(std::mem::size_of::<Layout>(), std::mem::size_of::<usize>());
        let (x1, x2) = (STANDARD.with_diagonals(), STANDARD.with_diagonals());
        assert_eq!(x1, x2);
        assert_eq!(hash(&x1), hash(&x2));
        assert_ne!(x1, STANDARD);
        assert!(Layout::standard().is_standard() && Layout::default() == STANDARD);
        assert_eq!(hash(&Layout::default()), hash(&STANDARD));
        // A jigsaw whose regions are the boxes has other houses (regions, not boxes).
        let boxes = Layout::jigsaw(&crate::RegionMap::boxes());
        assert!(!boxes.is_standard() && boxes != STANDARD);
    }
}
