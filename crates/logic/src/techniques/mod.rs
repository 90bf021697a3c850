//! The technique library: one module per technique or family. Each finder looks at a
//! [`Position`] and returns every instance it finds as a fully filled [`Step`].
//!
//! [`find`] is the single entry point by [`Technique`]; the path (`crate::path`) calls it in its
//! documented order. Techniques of Sudoku Explainer's catalogue that live elsewhere (the forcing
//! chains of `crate::chains`) or that only the rater uses return nothing here.

pub mod aic;
pub mod als;
pub mod coloring;
pub mod exclusion;
pub mod fish;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod uniqueness;
pub mod wings;

use nonet_core::{CellSet, Digit, DigitSet, HouseKind};

use crate::position::Position;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// Every instance of `technique` on `pos`. Empty for techniques this library does not search
/// (Sudoku Explainer's direct variants, forcing chains, trial and error).
pub fn find(technique: Technique, pos: &Position) -> Vec<Step> {
    use Technique::*;
    let keep = |steps: Vec<Step>| -> Vec<Step> {
        steps
            .into_iter()
            .filter(|s| s.technique == technique && s.is_productive())
            .collect()
    };
    match technique {
        FullHouse => singles::full_house(pos),
        HiddenSingleBox => singles::hidden_single(pos, HouseKind::Box),
        HiddenSingleRow => singles::hidden_single(pos, HouseKind::Row),
        HiddenSingleColumn => singles::hidden_single(pos, HouseKind::Column),
        NakedSingle => singles::naked_single(pos),
        Pointing => intersections::pointing(pos),
        Claiming => intersections::claiming(pos),
        LockedPair => intersections::locked_subset(pos, 2),
        LockedTriple => intersections::locked_subset(pos, 3),
        NakedPair => subsets::naked(pos, 2),
        NakedTriple => subsets::naked(pos, 3),
        NakedQuad => subsets::naked(pos, 4),
        HiddenPair => subsets::hidden(pos, 2),
        HiddenTriple => subsets::hidden(pos, 3),
        HiddenQuad => subsets::hidden(pos, 4),
        XWing => fish::fish(pos, 2, false),
        Swordfish => fish::fish(pos, 3, false),
        Jellyfish => fish::fish(pos, 4, false),
        FinnedXWing | SashimiXWing => keep(fish::fish(pos, 2, true)),
        FinnedSwordfish | SashimiSwordfish => keep(fish::fish(pos, 3, true)),
        FinnedJellyfish | SashimiJellyfish => keep(fish::fish(pos, 4, true)),
        Skyscraper | TwoStringKite | TurbotFish => keep(single_digit::turbot_family(pos)),
        EmptyRectangle => single_digit::empty_rectangle(pos),
        XYWing => wings::xy_wing(pos),
        XYZWing => wings::xyz_wing(pos),
        WWing => wings::w_wing(pos),
        SimpleColorsTrap | SimpleColorsWrap => keep(coloring::simple_colors(pos)),
        MultiColors => coloring::multi_colors(pos),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle => {
            keep(uniqueness::rectangles(pos))
        }
        Bug1 => uniqueness::bug_plus_one(pos),
        RemotePair | XChain | XYChain | XCycle | YCycle => keep(aic::find(pos, technique)),
        Aic | NiceLoop | GroupedAic | GroupedNiceLoop => keep(aic::find(pos, technique)),
        AlsXz => als::als_xz(pos),
        AlsXyWing => als::als_xy_wing(pos),
        AlsXyChain => als::als_xy_chain(pos),
        DeathBlossom => als::death_blossom(pos),
        SueDeCoq => sue_de_coq::sue_de_coq(pos),
        AlignedPairExclusion => exclusion::aligned_exclusion(pos, 2),
        AlignedTripletExclusion => exclusion::aligned_exclusion(pos, 3),
        _ => Vec::new(),
    }
}

/// Techniques whose instances one search finds together: the same family number means
/// [`find_family`] returns the steps of all of them at once (the path searches once and picks).
pub fn family(technique: Technique) -> Option<u8> {
    use Technique::*;
    Some(match technique {
        FinnedXWing | SashimiXWing => 1,
        FinnedSwordfish | SashimiSwordfish => 2,
        FinnedJellyfish | SashimiJellyfish => 3,
        Skyscraper | TwoStringKite | TurbotFish => 4,
        SimpleColorsTrap | SimpleColorsWrap => 5,
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle => 6,
        XChain | XCycle => 7,
        XYChain | YCycle => 8,
        Aic | NiceLoop => 9,
        GroupedAic | GroupedNiceLoop => 10,
        _ => return None,
    })
}

/// Every step of the family of `technique` (see [`family`]), whatever its technique; for a
/// technique without a family, the same as [`find`].
pub fn find_family(technique: Technique, pos: &Position) -> Vec<Step> {
    match family(technique) {
        Some(1) => fish::fish(pos, 2, true),
        Some(2) => fish::fish(pos, 3, true),
        Some(3) => fish::fish(pos, 4, true),
        Some(4) => single_digit::turbot_family(pos),
        Some(5) => coloring::simple_colors(pos),
        Some(6) => uniqueness::rectangles(pos),
        Some(7..=10) => aic::find_all(pos, technique),
        _ => find(technique, pos),
    }
}

/// The candidates of `d` among `targets`, sorted.
pub(crate) fn elims_for(pos: &Position, d: Digit, targets: CellSet) -> Vec<Candidate> {
    (targets & pos.cells_of(d))
        .iter()
        .map(|c| Candidate::new(c, d))
        .collect()
}

/// The candidates of `digits` present in `cells`, for a step's pattern.
pub(crate) fn pattern_of(pos: &Position, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    let mut v = Vec::new();
    for c in cells {
        for d in pos.cands(c) & digits {
            v.push(Candidate::new(c, d));
        }
    }
    v
}

/// All subsets of `items` with exactly `k` elements, in lexicographic order.
pub(crate) fn subsets<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let n = items.len();
    if k > n || k == 0 {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.iter().map(|&i| items[i]).collect());
        let mut i = k;
        while i > 0 && idx[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}
