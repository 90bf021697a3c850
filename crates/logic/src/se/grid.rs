//! The candidate grid Sudoku Explainer's producers work on, and the geometry they read it
//! through: cell masks and scan orders derived from a core [`Layout`].
//!
//! SE addresses houses as Block, Row, Column (its canonical order), blocks numbered row-major and
//! the cells of every house in row-major order. A [`Geometry`] numbers the houses of a layout
//! the same way: id `kind * 9 + index` with kind 0 = block (a jigsaw's regions take the blocks'
//! place), 1 = row, 2 = column, and the layout's extra houses (X-Sudoku's diagonals, then
//! Windoku's windows, in core's order) after them from 27 on. SE's canonical scan is
//! `Geometry::brc`; the producers that scan Block, Column, Row use `Geometry::bcr`. Both put
//! the extra houses last, so on the standard layout they are SE's orders exactly.
//!
//! A [`Grid`] is the crate's one candidate [`Board`] read through a [`Geometry`]: it dereferences
//! to its board, so the producers read the board's raw masks (`values`, `cands`, `pos`) and use
//! its crate-private bit helpers (`bits`, `bits16`, `pop9`, ...) directly, while outside the crate
//! a grid is read through the board's typed accessors ([`Board::value`],
//! [`Board::candidates`], [`Board::cells_of`]) and hints speak in [`nonet_core::CellSet`],
//! [`nonet_core::DigitSet`] and [`crate::CandidateSet`].

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, LazyLock};

use nonet_core::{House, HouseKind, Layout, PencilMarks, Puzzle};

use crate::board::{bits, bits16, Board};
use crate::step::Step;

/// House kinds in SE's numbering.
pub(crate) const BLOCK: usize = 0;
/// Rows.
pub(crate) const ROW: usize = 1;
/// Columns.
pub(crate) const COL: usize = 2;
/// The layout's extra houses (diagonals, windows): ids 27 and up.
pub(crate) const EXTRA: usize = 3;

/// The most houses a layout has: 27, two diagonals and four windows.
pub(crate) const MAX_HOUSES: usize = 33;

/// A layout's geometry as SE's producers read it: the cells of each house by SE house id
/// (see the module), as lists and masks, each cell's houses and peers, and the scan orders.
///
/// Built once per layout ([`Geometry::of`]); a [`Grid`] holds the one it is read through.
pub struct Geometry {
    /// The layout it was built from.
    layout: Layout,
    /// Whether that is the standard layout (the block positions then have a fast path).
    standard: bool,
    /// How many houses the layout has (27 and its extra houses).
    count: usize,
    /// Core's house for each SE house id.
    core: [House; MAX_HOUSES],
    /// Cells of each house, in row-major order.
    pub(crate) cells: [[u8; 9]; MAX_HOUSES],
    /// Cells of each house as a mask.
    pub(crate) mask: [u128; MAX_HOUSES],
    /// For each cell, its block (or region), row and column house ids.
    pub(crate) houses: [[u8; 3]; 81],
    /// For each cell, its index in its block, row and column (the order of `cells`).
    pub(crate) index_in: [[u8; 3]; 81],
    /// For each cell, its block, row and column ids as a 27-bit mask.
    pub(crate) house_bits: [u32; 81],
    /// For each cell, the ids of all its houses, the extra ones included.
    pub(crate) all_house_bits: [u64; 81],
    /// For each cell, its peers in SE's order (block, then row, then column, then the extra
    /// houses), the first `peer_count[c]` entries.
    peers: [[u8; 80]; 81],
    peer_count: [u8; 81],
    /// The peers as a mask.
    pub(crate) peer_mask: [u128; 81],
    /// Whether two cells are peers, as a flat 81 x 81 table (one load instead of a 128-bit
    /// shift).
    peer: [bool; 81 * 81],
    /// The house ids in the orders Block, Column, Row, extras and Block, Row, Column, extras.
    bcr: [u8; MAX_HOUSES],
    brc: [u8; MAX_HOUSES],
    /// The house ids in core's index order (rows, columns, blocks or regions, extras): the
    /// teacher's order.
    core_order: [u8; MAX_HOUSES],
}

/// The standard layout's geometry, made on first use and shared: the one place the SE code
/// chooses the standard layout.
static CLASSIC: LazyLock<Arc<Geometry>> =
    LazyLock::new(|| Arc::new(Geometry::of(&nonet_core::STANDARD)));

impl Geometry {
    /// The geometry of the standard layout (shared: every call gives the same one).
    pub fn standard() -> Arc<Geometry> {
        Arc::clone(&CLASSIC)
    }

    /// The shared geometry of the standard layout, borrowed (made on first use).
    pub(crate) fn standard_ref() -> &'static Geometry {
        &CLASSIC
    }

    /// The geometry of `layout`: the shared standard one for the standard layout, else a new
    /// one.
    pub fn for_layout(layout: &Layout) -> Arc<Geometry> {
        if layout.is_standard() {
            Geometry::standard()
        } else {
            Arc::new(Geometry::of(layout))
        }
    }

    /// Builds the geometry of `layout`.
    pub fn of(layout: &Layout) -> Geometry {
        let kind_rank = |h: House| match h.kind() {
            HouseKind::Box | HouseKind::Region => 0,
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            HouseKind::Diagonal | HouseKind::Window => 3,
        };
        // Core's houses are in index order within each kind: a stable sort by SE's kind gives
        // SE's ids.
        let mut order: Vec<House> = layout.houses().collect();
        order.sort_by_key(|&h| kind_rank(h));
        let count = order.len();
        // Core's layouts have 27 houses and at most two diagonals and four windows.
        debug_assert!((27..=MAX_HOUSES).contains(&count), "{count} houses");
        let mut core = [House::row(0); MAX_HOUSES];
        let mut cells = [[0u8; 9]; MAX_HOUSES];
        let mut mask = [0u128; MAX_HOUSES];
        let mut houses = [[0u8; 3]; 81];
        let mut index_in = [[0u8; 3]; 81];
        let mut all_house_bits = [0u64; 81];
        for (id, &h) in order.iter().enumerate() {
            core[id] = h;
            for (j, &cell) in layout.cells(h).iter().enumerate() {
                let c = cell.index();
                cells[id][j] = c as u8;
                mask[id] |= 1u128 << c;
                all_house_bits[c] |= 1 << id;
                if id < 27 {
                    houses[c][id / 9] = id as u8;
                    index_in[c][id / 9] = j as u8;
                }
            }
        }
        let mut house_bits = [0u32; 81];
        let mut peers = [[0u8; 80]; 81];
        let mut peer_count = [0u8; 81];
        let mut peer_mask = [0u128; 81];
        let mut peer = [false; 81 * 81];
        for c in 0..81 {
            house_bits[c] = (all_house_bits[c] & 0x7ff_ffff) as u32;
            // Block, row, column, then the extra houses in id order.
            let extras = (27..count).filter(|&id| all_house_bits[c] >> id & 1 != 0);
            let mut n = 0;
            for h in houses[c].iter().map(|&h| h as usize).chain(extras) {
                for &o in &cells[h] {
                    let o = o as usize;
                    if o != c && peer_mask[c] >> o & 1 == 0 {
                        peer_mask[c] |= 1u128 << o;
                        peers[c][n] = o as u8;
                        peer[c * 81 + o] = true;
                        n += 1;
                    }
                }
            }
            peer_count[c] = n as u8;
        }
        let mut bcr = [0u8; MAX_HOUSES];
        let mut brc = [0u8; MAX_HOUSES];
        let blocks_cols_rows = (0..9).chain(18..27).chain(9..18).chain(27..count);
        for (slot, id) in bcr.iter_mut().zip(blocks_cols_rows) {
            *slot = id as u8;
        }
        for (slot, id) in brc.iter_mut().zip(0..count) {
            *slot = id as u8;
        }
        let mut core_order = brc;
        core_order[..count].sort_by_key(|&id| core[id as usize].index());
        Geometry {
            layout: layout.clone(),
            standard: layout.is_standard(),
            count,
            core,
            cells,
            mask,
            houses,
            index_in,
            house_bits,
            all_house_bits,
            peers,
            peer_count,
            peer_mask,
            peer,
            bcr,
            brc,
            core_order,
        }
    }

    /// The layout this geometry describes.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Whether this is the standard layout's geometry: SE's own rules apply unchanged.
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// How many houses there are (27 plus the extra houses).
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Whether two geometries describe the same layout.
    pub fn same(&self, other: &Geometry) -> bool {
        std::ptr::eq(self, other) || self.layout == other.layout
    }

    /// Core's house for SE house id `h`.
    pub(crate) fn core_house(&self, h: usize) -> House {
        self.core[h]
    }

    /// The SE kind of house id `h`: [`BLOCK`], [`ROW`], [`COL`] or [`EXTRA`].
    #[inline]
    pub(crate) fn kind(&self, h: usize) -> usize {
        (h / 9).min(EXTRA)
    }

    /// Whether house `h` is box-shaped (a box, a jigsaw region or a window) rather than a line
    /// (a row, a column or a diagonal): hidden singles and locked candidates are named after
    /// the shape.
    pub(crate) fn box_shaped(&self, h: usize) -> bool {
        matches!(
            self.core[h].kind(),
            HouseKind::Box | HouseKind::Region | HouseKind::Window
        )
    }

    /// The house ids in the order Block, Column, Row, then the extra houses.
    #[inline]
    pub(crate) fn bcr(&self) -> &[u8] {
        &self.bcr[..self.count]
    }

    /// The house ids in SE's canonical order Block, Row, Column, then the extra houses.
    #[inline]
    pub(crate) fn brc(&self) -> &[u8] {
        &self.brc[..self.count]
    }

    /// The house ids in core's index order ([`Layout::houses`]: rows, columns, blocks or
    /// regions, then the extra houses): the order the teacher's finders list houses in.
    #[inline]
    pub(crate) fn core_order(&self) -> &[u8] {
        &self.core_order[..self.count]
    }

    /// The extra house ids (diagonals, windows): empty on the standard and jigsaw layouts.
    #[inline]
    pub(crate) fn extras(&self) -> std::ops::Range<usize> {
        27..self.count
    }

    /// The peers of cell `c` in SE's order: block, row, column, then the extra houses.
    #[inline]
    pub(crate) fn peers(&self, c: usize) -> &[u8] {
        &self.peers[c][..self.peer_count[c] as usize]
    }

    /// Whether cells `a` and `b` are peers (distinct and sharing a house).
    #[inline]
    pub(crate) fn is_peer(&self, a: usize, b: usize) -> bool {
        self.peer[a * 81 + b]
    }

    /// The positions (house indices 0-8) of the cells of `m` inside house `h`.
    #[inline]
    pub(crate) fn house_positions(&self, h: usize, m: u128) -> u16 {
        let i = h % 9;
        match h / 9 {
            // Row i: nine consecutive bits.
            1 => ((m >> (9 * i)) & 0x1ff) as u16,
            // Block i: three runs of three bits, nine apart.
            0 if self.standard => {
                let b = (m >> ((i / 3) * 27 + (i % 3) * 3)) as u64;
                ((b & 7) | ((b >> 9) & 7) << 3 | ((b >> 18) & 7) << 6) as u16
            }
            // Column i: one bit every nine. Rows 0-7 are bits 0, 9, ..., 63 of `m >> i`; one
            // multiplication moves bit 9k to bit 56 + k (each product bit gets one term, so
            // nothing carries), and row 8 is bit 72.
            2 => {
                let x = (m >> i) as u64 & 0x8040_2010_0804_0201;
                let low = x.wrapping_mul(0x0101_0101_0101_0101) >> 56;
                (low as u16) | (((m >> (72 + i)) & 1) as u16) << 8
            }
            // A jigsaw region or an extra house: cell by cell.
            _ => {
                let mut p = 0u16;
                for (j, &c) in self.cells[h].iter().enumerate() {
                    p |= (((m >> c) & 1) as u16) << j;
                }
                p
            }
        }
    }

    /// The cells of house `h` at the positions of `p`.
    #[inline]
    pub(crate) fn house_cells_at(&self, h: usize, p: u16) -> u128 {
        let mut m = 0u128;
        for j in bits16(p) {
            m |= 1u128 << self.cells[h][j];
        }
        m
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Geometry").field(&self.layout).finish()
    }
}

/// A candidate board read through the geometry of its layout (see the module). Dereferences to
/// its [`Board`].
#[derive(Clone, Debug)]
pub struct Grid {
    /// The values and candidates.
    pub(crate) board: Board,
    /// The houses: every producer reads them from here.
    pub(crate) geo: Arc<Geometry>,
}

/// Two grids are equal when they hold the same candidates and values on the same layout.
impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.board == other.board && self.geo.same(&other.geo)
    }
}

impl Eq for Grid {}

/// An empty grid with no candidates on the standard layout (a buffer to copy grids into).
impl Default for Grid {
    fn default() -> Grid {
        Grid::new(Geometry::standard(), Board::EMPTY)
    }
}

impl Deref for Grid {
    type Target = Board;

    #[inline]
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl DerefMut for Grid {
    #[inline]
    fn deref_mut(&mut self) -> &mut Board {
        &mut self.board
    }
}

impl Grid {
    /// `board` read through `geo` (the board's candidates taken as they are).
    pub fn new(geo: Arc<Geometry>, board: Board) -> Grid {
        Grid { board, geo }
    }

    /// SE's starting grid for `puzzle`, on its layout ([`Board::from_puzzle`]).
    pub fn from_puzzle(puzzle: &Puzzle) -> Grid {
        Grid::new(
            Geometry::for_layout(puzzle.layout()),
            Board::from_puzzle(puzzle),
        )
    }

    /// A grid from a pencil-mark position on its layout, its candidates taken as they are.
    pub fn from_pencil_marks(pm: &PencilMarks) -> Grid {
        Grid::new(
            Geometry::for_layout(pm.layout()),
            Board::from_pencil_marks(pm),
        )
    }

    /// The number of empty cells of house `h`.
    #[inline]
    pub(crate) fn empties(&self, h: usize) -> u32 {
        self.geo.cells[h]
            .iter()
            .filter(|&&c| self.values[c as usize].is_none())
            .count() as u32
    }

    /// The number of empty cells of every house, by house id.
    pub(crate) fn all_empties(&self) -> [u32; MAX_HOUSES] {
        let mut e = [0u32; MAX_HOUSES];
        for c in 0..81 {
            if self.values[c].is_none() {
                for &h in self.geo.houses[c].iter() {
                    e[h as usize] += 1;
                }
            }
        }
        for h in self.geo.extras() {
            e[h] = self.empties(h);
        }
        e
    }

    /// The layout the grid is read through.
    pub fn layout(&self) -> &Layout {
        self.geo.layout()
    }

    /// Applies a producer's step as Sudoku Explainer does: removes every eliminated candidate
    /// still there, then places the step's digit if its cell is still empty (it leaves the
    /// cell's peers on the grid's layout).
    pub fn apply(&mut self, step: &Step) {
        for d in 0..9 {
            for c in bits(step.eliminations.mask(d) & self.board.pos[d]) {
                self.board.remove_at(c, d);
            }
        }
        if let Some(p) = step.placement {
            let c = p.cell.index();
            if self.board.values[c].is_none() {
                self.board
                    .place_at(c, p.digit.index(), self.geo.peer_mask[c]);
            }
        }
    }

    /// The grid as pencil marks on its layout.
    pub fn to_pencil_marks(&self) -> PencilMarks {
        self.board.to_pencil_marks(self.geo.layout())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bit, test_masks, ALL};
    use nonet_core::Cell;

    /// The layouts the tests read: standard, X-Sudoku with windows, and a jigsaw.
    fn layouts() -> Vec<Layout> {
        // The first layout of shared/puzzles/variants/jigsaw-puzzles.txt.
        let regions = nonet_core::RegionMap::parse(
            "111112223122222333112444333155554433666654444776655558777666988777999998799988888",
        )
        .expect("a valid region map");
        let standard = Geometry::standard().layout().clone();
        vec![
            standard.with_diagonals().with_windows(),
            standard,
            Layout::jigsaw(&regions).with_diagonals(),
        ]
    }

    #[test]
    fn house_positions_agree_with_the_house_tables() {
        for layout in layouts() {
            let t = Geometry::of(&layout);
            for h in 0..t.count() {
                for j in 0..9 {
                    let c = t.cells[h][j];
                    assert_eq!(
                        t.house_positions(h, 1u128 << c),
                        1 << j,
                        "house {h} index {j}"
                    );
                }
            }
            // Masks with many cells against the house tables.
            for m in test_masks(500) {
                let m = m & ALL;
                for h in 0..t.count() {
                    let mut want = 0u16;
                    for j in 0..9 {
                        if m >> t.cells[h][j] & 1 != 0 {
                            want |= 1 << j;
                        }
                    }
                    assert_eq!(t.house_positions(h, m), want, "house {h} mask {m:x}");
                    assert_eq!(t.house_cells_at(h, want), m & t.mask[h]);
                }
            }
        }
    }

    #[test]
    fn standard_geometry_follows_se_order() {
        let t = Geometry::standard();
        assert_eq!(t.count(), 27);
        // Block 4 starts at r4c4, its index 5 is r5c6.
        assert_eq!(t.cells[4][0], 30);
        assert_eq!(t.cells[4][5], 41);
        // Column 2 index 3 is r4c3.
        assert_eq!(t.cells[18 + 2][3], 29);
        // Peers of r1c1: block first (r1c2 r1c3 r2c1 ...), then the rest of row 1, then column 1.
        assert_eq!(&t.peers(0)[..4], &[1, 2, 9, 10]);
        assert_eq!(t.peers(0)[8], 3);
        assert_eq!(t.peers(0)[14], 27);
        let bcr: Vec<u8> = t.bcr().to_vec();
        let want: Vec<u8> = (0..9).chain(18..27).chain(9..18).collect();
        assert_eq!(bcr, want);
        assert!(t.brc().iter().copied().eq(0..27));
        assert!(t.core_order().iter().copied().eq((9..27).chain(0..9)));
        assert_eq!(t.core_house(0), House::box_(0));
        assert_eq!(t.core_house(9), House::row(0));
        assert_eq!(t.core_house(26), House::column(8));
    }

    #[test]
    fn geometry_agrees_with_the_layout() {
        for layout in layouts() {
            let t = Geometry::of(&layout);
            assert_eq!(t.count(), layout.houses().count());
            let core: Vec<House> = t
                .core_order()
                .iter()
                .map(|&h| t.core_house(h as usize))
                .collect();
            assert_eq!(core, layout.houses().collect::<Vec<_>>());
            for c in 0..81 {
                let cell = Cell::from_index(c);
                let peers = layout.peers(cell);
                assert_eq!(t.peer_mask[c], peers.bits(), "peers of {c}");
                assert_eq!(t.peers(c).len(), peers.len());
                for o in 0..81 {
                    assert_eq!(t.is_peer(c, o), t.peer_mask[c] >> o & 1 != 0);
                    assert_eq!(bit(t.peer_mask[c], o), t.is_peer(c, o));
                }
                let [r, col, third] = layout.houses_of(cell);
                let [b, r2, col2] = t.houses[c];
                assert_eq!(t.core_house(b as usize), third);
                assert_eq!(t.core_house(r2 as usize), r);
                assert_eq!(t.core_house(col2 as usize), col);
                for h in 0..t.count() {
                    let holds = t.mask[h] >> c & 1 != 0;
                    assert_eq!(t.all_house_bits[c] >> h & 1 != 0, holds);
                    assert_eq!(layout.cell_set(t.core_house(h)).contains(cell), holds);
                    if h < 27 {
                        assert_eq!(t.house_bits[c] >> h & 1 != 0, holds);
                    }
                }
            }
        }
    }
}
