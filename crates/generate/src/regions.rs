//! Random jigsaw region maps: nine orthogonally connected regions of nine cells, drawn from a
//! puzzle's seed, optionally with a symmetry of the board (so that a symmetric pattern of givens
//! sits on regions with the same symmetry).
//!
//! The map starts as the standard boxes (which every symmetry keeps) and takes random moves:
//! a cell `p` of region A next to region B joins B, and a cell `q` of B joins A, so that sizes
//! stay nine; under a symmetry, the same move is made on every image of `p` and `q` (onto the
//! images of A and B). A move is kept when every region is still nine connected cells and the
//! map still has the symmetry. Whether grids exist on the map is the caller's question (some
//! maps admit none).

use nonet_core::{Cell, RegionMap};

use crate::rng::PuzzleRng;
use crate::symmetry::Symmetry;

/// Successful moves a map takes: enough that few boxes survive whole.
const MOVES: u32 = 120;
/// Moves tried at most (most are refused under the larger symmetry groups).
const TRIES: u32 = 6000;

/// Cells of column 0 and of column 8, as 81-bit masks.
const COLUMN_0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};
const COLUMN_8: u128 = COLUMN_0 << 8;

/// A random region map from `rng`, with `symmetry`.
pub(crate) fn random_region_map(rng: &mut PuzzleRng, symmetry: Symmetry) -> RegionMap {
    let boxes = RegionMap::boxes();
    let mut regions = *boxes.regions();
    let mut moves = 0;
    for _ in 0..TRIES {
        if moves == MOVES {
            break;
        }
        let p = rng.below(81) as usize;
        let Some(n) = neighbour(p, rng.below(4)) else {
            continue;
        };
        let (a, b) = (regions[p], regions[n]);
        if a == b {
            continue;
        }
        // The cell of B going to A: one of B's cells next to A, at random.
        let mut candidates = [0u8; 81];
        let mut count = 0;
        for q in 0..81 {
            let touches_a = (0..4).any(|d| neighbour(q, d).is_some_and(|x| regions[x] == a));
            if q == n || regions[q] == b && touches_a {
                candidates[count] = q as u8;
                count += 1;
            }
        }
        let q = candidates[rng.below(count as u32) as usize] as usize;
        let mut next = regions;
        // Under each transformation g, region R goes onto the region of g's image of R's cells.
        for (gp, gq) in symmetry
            .images(Cell::from_index(p))
            .zip(symmetry.images(Cell::from_index(q)))
        {
            let (ga, gb) = (regions[gp.index()], regions[gq.index()]);
            next[gp.index()] = gb;
            next[gq.index()] = ga;
        }
        if is_valid(&next) && has_symmetry(&next, symmetry) {
            regions = next;
            moves += 1;
        }
    }
    let labels: String = regions.iter().map(|&r| char::from(b'1' + r)).collect();
    RegionMap::parse(&labels).expect("every move kept nine connected regions of nine cells")
}

/// The orthogonal neighbour of `cell` in direction `d` (0-3: up, down, left, right).
fn neighbour(cell: usize, d: u32) -> Option<usize> {
    let (r, c) = (cell / 9, cell % 9);
    match d {
        0 if r > 0 => Some(cell - 9),
        1 if r < 8 => Some(cell + 9),
        2 if c > 0 => Some(cell - 1),
        3 if c < 8 => Some(cell + 1),
        _ => None,
    }
}

/// The cells of each region as 81-bit masks.
fn masks(regions: &[u8; 81]) -> [u128; 9] {
    let mut m = [0u128; 9];
    for (c, &r) in regions.iter().enumerate() {
        m[r as usize] |= 1 << c;
    }
    m
}

/// Whether every region has nine cells, orthogonally connected.
fn is_valid(regions: &[u8; 81]) -> bool {
    masks(regions)
        .iter()
        .all(|&m| m.count_ones() == 9 && connected(m))
}

/// Whether the cells of `set` (not empty) are orthogonally connected: a flood fill from its
/// first cell, in whole-mask steps.
fn connected(set: u128) -> bool {
    let mut seen = set & set.wrapping_neg();
    loop {
        let grown =
            (seen | seen << 9 | seen >> 9 | (seen << 1 & !COLUMN_0) | (seen >> 1 & !COLUMN_8))
                & set;
        if grown == seen {
            return seen == set;
        }
        seen = grown;
    }
}

/// Whether each transformation of `symmetry` sends every region onto a region.
fn has_symmetry(regions: &[u8; 81], symmetry: Symmetry) -> bool {
    if symmetry == Symmetry::None {
        return true;
    }
    let masks = masks(regions);
    // The k-th image of each region, built cell by cell.
    let group = symmetry.images(Cell::from_index(0)).count();
    (0..group).all(|k| {
        masks.iter().all(|&m| {
            let mut image = 0u128;
            let mut rest = m;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let g = symmetry
                    .images(Cell::from_index(c))
                    .nth(k)
                    .expect("every cell has an image under each transformation");
                image |= 1 << g.index();
            }
            masks.contains(&image)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::Layout;

    #[test]
    fn random_maps_are_valid_varied_and_keep_their_symmetry() {
        for sym in Symmetry::ALL {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..12 {
                let map = random_region_map(&mut PuzzleRng::new(seed), sym);
                // Valid by nonet-core's own reading of the map.
                assert_eq!(RegionMap::parse(&map.to_line()).as_ref(), Ok(&map));
                assert!(sym.keeps(&Layout::jigsaw(&map)), "{sym}: {map:?}");
                seen.insert(map.to_digits());
            }
            // Maps with a four- or eight-fold symmetry are few: those groups only must not be
            // stuck on one map.
            let group = sym.images(Cell::from_index(0)).count();
            let least = match group {
                1 | 2 => 12,
                4 => 6,
                _ => 2,
            };
            assert!(
                seen.len() >= least,
                "{sym}: only {} distinct maps",
                seen.len()
            );
            if sym == Symmetry::None {
                assert!(!seen.contains(&RegionMap::boxes().to_digits()));
            }
        }
    }

    #[test]
    fn connectivity_by_flood_fill() {
        assert!(connected(0b111));
        assert!(connected(1 | 1 << 9 | 1 << 18));
        // r1c9 and r2c1 are consecutive bits but not neighbours.
        assert!(!connected(1 << 8 | 1 << 9));
        assert!(!connected(1 | 1 << 2));
    }
}
