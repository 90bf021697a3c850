//! The eight classic symmetries of a puzzle's givens, as groups of cell maps.
//!
//! A symmetry is a group of transformations of the board; the givens "have" the symmetry when the
//! set of given cells is mapped onto itself by every transformation of the group (the digits may
//! differ). The generator removes clues one orbit (a cell and all its images) at a time.

use std::fmt;
use std::str::FromStr;

use nonet_core::{Cell, CellSet, Layout};

/// A pattern the set of given cells must keep.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Unchanged by a half turn (the usual newspaper symmetry).
    Rot180,
    /// Unchanged by a quarter turn (and so by half and three-quarter turns).
    Rot90,
    /// Unchanged by the left-right mirror (about the middle column).
    Mirror,
    /// Unchanged by reflection in the main diagonal (r1c1 to r9c9).
    Diagonal,
    /// Unchanged by both mirrors: left-right and top-bottom (and so by a half turn).
    Mirror4,
    /// Unchanged by reflection in both diagonals (and so by a half turn).
    Diagonal4,
    /// Unchanged by all eight rotations and reflections of the square.
    Dihedral,
}

/// One of the eight transformations of the square, as a map on (row, col).
#[derive(Clone, Copy)]
enum Map {
    Identity,
    Rot90,
    Rot180,
    Rot270,
    MirrorLr,
    MirrorTb,
    Diagonal,
    AntiDiagonal,
}

impl Map {
    fn apply(self, cell: Cell) -> Cell {
        let (r, c) = (cell.row(), cell.col());
        let (r, c) = match self {
            Map::Identity => (r, c),
            Map::Rot90 => (c, 8 - r),
            Map::Rot180 => (8 - r, 8 - c),
            Map::Rot270 => (8 - c, r),
            Map::MirrorLr => (r, 8 - c),
            Map::MirrorTb => (8 - r, c),
            Map::Diagonal => (c, r),
            Map::AntiDiagonal => (8 - c, 8 - r),
        };
        Cell::at(r, c)
    }
}

impl Symmetry {
    /// All eight, in the order of the command-line names.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Mirror4,
        Symmetry::Diagonal4,
        Symmetry::Dihedral,
    ];

    /// The command-line name: `none`, `rot180`, `rot90`, `mirror`, `diagonal`, `mirror4`,
    /// `diagonal4`, `dihedral`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror4 => "mirror4",
            Symmetry::Diagonal4 => "diagonal4",
            Symmetry::Dihedral => "dihedral",
        }
    }

    fn maps(self) -> &'static [Map] {
        use Map::*;
        match self {
            Symmetry::None => &[Identity],
            Symmetry::Rot180 => &[Identity, Rot180],
            Symmetry::Rot90 => &[Identity, Rot90, Rot180, Rot270],
            Symmetry::Mirror => &[Identity, MirrorLr],
            Symmetry::Diagonal => &[Identity, Diagonal],
            Symmetry::Mirror4 => &[Identity, MirrorLr, MirrorTb, Rot180],
            Symmetry::Diagonal4 => &[Identity, Diagonal, AntiDiagonal, Rot180],
            Symmetry::Dihedral => &[
                Identity,
                Rot90,
                Rot180,
                Rot270,
                MirrorLr,
                MirrorTb,
                Diagonal,
                AntiDiagonal,
            ],
        }
    }

    /// The orbit of `cell`: the cell and all its images under the symmetry (1 to 8 cells).
    pub fn orbit(self, cell: Cell) -> CellSet {
        let mut set = CellSet::EMPTY;
        for m in self.maps() {
            set.insert(m.apply(cell));
        }
        set
    }

    /// The images of `cell` under each transformation of the group, the cell itself first,
    /// always in the same order of transformations (so the `k`-th images of two cells come
    /// from the same transformation).
    pub(crate) fn images(self, cell: Cell) -> impl Iterator<Item = Cell> {
        self.maps().iter().map(move |m| m.apply(cell))
    }

    /// Whether the layout looks the same after every transformation of the group: each house
    /// goes onto a house. Always so for the classic layout, X-Sudoku and Windoku; a jigsaw's
    /// regions must have the symmetry themselves.
    pub fn keeps(self, layout: &Layout) -> bool {
        self.maps().iter().all(|m| {
            layout.houses().all(|h| {
                let image: CellSet = layout.cells(h).iter().map(|&c| m.apply(c)).collect();
                layout.houses().any(|g| layout.cell_set(g) == image)
            })
        })
    }

    /// The board cut into orbits, each listed once, in row-major order of their first cell.
    pub fn orbits(self) -> Vec<CellSet> {
        let mut seen = CellSet::EMPTY;
        let mut out = Vec::new();
        for cell in Cell::all() {
            if !seen.contains(cell) {
                let orbit = self.orbit(cell);
                seen = seen.union(orbit);
                out.push(orbit);
            }
        }
        out
    }

    /// Whether a set of given cells has this symmetry.
    pub fn holds_for(self, givens: CellSet) -> bool {
        givens
            .iter()
            .all(|c| self.maps().iter().all(|m| givens.contains(m.apply(c))))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of the eight symmetries.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}` (expected none, rot180, rot90, mirror, diagonal, mirror4, diagonal4 or dihedral)")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_board() {
        for sym in Symmetry::ALL {
            let orbits = sym.orbits();
            let mut all = CellSet::EMPTY;
            for o in &orbits {
                assert!(all.intersection(*o).is_empty(), "{sym}: orbits overlap");
                all = all.union(*o);
                assert!(sym.holds_for(*o), "{sym}: an orbit is not closed");
            }
            assert_eq!(all.len(), 81);
        }
    }

    #[test]
    fn orbit_counts() {
        // Counts of orbits, worked out by hand (Burnside): e.g. rot180 pairs 80 cells around
        // the centre, 40 + 1; dihedral has 15 orbits on a 9x9 board.
        let expect = [81, 41, 21, 45, 45, 25, 25, 15];
        for (sym, n) in Symmetry::ALL.into_iter().zip(expect) {
            assert_eq!(sym.orbits().len(), n, "{sym}");
        }
    }

    #[test]
    fn the_variants_without_regions_keep_every_symmetry() {
        let jigsaw = nonet_core::RegionMap::parse(
            "111222223111222233111555333444453336444456666477756666777555999778888999788888999",
        )
        .unwrap();
        let jigsaw = Layout::jigsaw(&jigsaw);
        for sym in Symmetry::ALL {
            for layout in [
                nonet_core::STANDARD.clone(),
                nonet_core::STANDARD.with_diagonals(),
                nonet_core::STANDARD.with_windows(),
                nonet_core::STANDARD.with_diagonals().with_windows(),
            ] {
                assert!(sym.keeps(&layout), "{sym}: {layout:?}");
            }
            // This map is symmetric under a half turn (region 2 goes onto region 8, 4 onto 6,
            // 1 onto 9, 3 onto 7, 5 onto itself), and under nothing else.
            let kept = matches!(sym, Symmetry::None | Symmetry::Rot180);
            assert_eq!(sym.keeps(&jigsaw), kept, "{sym}");
        }
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>().unwrap(), sym);
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }

    #[test]
    fn a_lone_corner_breaks_rot180() {
        let mut s = CellSet::EMPTY;
        s.insert(Cell::at(0, 0));
        assert!(!Symmetry::Rot180.holds_for(s));
        s.insert(Cell::at(8, 8));
        assert!(Symmetry::Rot180.holds_for(s));
        assert!(!Symmetry::Rot90.holds_for(s));
    }
}
