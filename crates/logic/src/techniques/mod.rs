//! The technique library: one module per technique or family. Each finder looks at a
//! [`Position`] and returns every instance it finds as a fully filled [`Step`].
//!
//! [`find`] is the single entry point by [`Technique`]; the path (`crate::path`) calls it in its
//! documented order. The searches of the singles, intersections, subsets, basic fish and XY-
//! and XYZ-Wings are also Sudoku Explainer's (`crate::se::basic` runs them in SE's order, given
//! as data: houses, combination walk, nesting), and their steps are built in one place. Techniques of Sudoku Explainer's catalogue that live elsewhere (the forcing
//! chains of `crate::chains`) or that only the rater uses return nothing here.

pub mod aic;
pub mod als;
pub mod coloring;
pub mod exclusion;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod uniqueness;
pub mod wings;

use nonet_core::{CellSet, Digit, DigitSet};

use crate::position::Position;
use crate::step::{Candidate, CandidateSet, Step};
use crate::technique::Technique;

/// How the explaining path finds a technique (the catalogue's `search` column).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Search {
    /// Not by this library: Sudoku Explainer's direct variants and its producers' techniques,
    /// the forcing chains of `crate::chains`, trial and error.
    Elsewhere,
    /// A finder of its own, returning every instance.
    Alone(fn(&Position) -> Vec<Step>),
    /// One search finds the whole group's instances together; the path searches once and
    /// picks (see [`find_family`]).
    Together(Group),
}

/// The searches that find several techniques at once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Group {
    /// Finned and sashimi X-Wings.
    FinnedFish2,
    /// Finned and sashimi Swordfish.
    FinnedFish3,
    /// Finned and sashimi Jellyfish.
    FinnedFish4,
    /// Skyscraper, 2-string kite, turbot fish.
    Turbot,
    /// Simple colours, trap and wrap.
    SimpleColors,
    /// Unique rectangles of every type and hidden rectangles.
    Rectangles,
    /// X-chains and X-cycles.
    XChains,
    /// XY-chains and Y-cycles.
    XYChains,
    /// AICs and nice loops.
    Aics,
    /// Grouped AICs and nice loops.
    GroupedAics,
}

impl Group {
    /// Every step of the group's search, whatever its technique.
    fn all(self, pos: &Position, technique: Technique) -> Vec<Step> {
        match self {
            Group::FinnedFish2 => fish::fish(pos, 2, true),
            Group::FinnedFish3 => fish::fish(pos, 3, true),
            Group::FinnedFish4 => fish::fish(pos, 4, true),
            Group::Turbot => single_digit::turbot_family(pos),
            Group::SimpleColors => coloring::simple_colors(pos),
            Group::Rectangles => uniqueness::rectangles(pos),
            Group::XChains | Group::XYChains | Group::Aics | Group::GroupedAics => {
                aic::find_all(pos, technique)
            }
        }
    }

    /// The group's steps of `technique` alone, productive ones only.
    fn one(self, pos: &Position, technique: Technique) -> Vec<Step> {
        let steps = match self {
            Group::XChains | Group::XYChains | Group::Aics | Group::GroupedAics => {
                aic::find(pos, technique)
            }
            _ => self.all(pos, technique),
        };
        only(steps, technique)
    }
}

/// The productive steps of `technique` among `steps`.
pub(crate) fn only(steps: Vec<Step>, technique: Technique) -> Vec<Step> {
    steps
        .into_iter()
        .filter(|s| s.technique == technique && s.is_productive())
        .collect()
}

/// Every instance of `technique` on `pos`. Empty for techniques this library does not search
/// (Sudoku Explainer's direct variants, forcing chains, trial and error).
pub fn find(technique: Technique, pos: &Position) -> Vec<Step> {
    match technique.entry().search {
        Search::Elsewhere => Vec::new(),
        Search::Alone(finder) => finder(pos),
        Search::Together(group) => group.one(pos, technique),
    }
}

/// The search that finds `technique` together with others, if any.
pub(crate) fn group(technique: Technique) -> Option<Group> {
    match technique.entry().search {
        Search::Together(group) => Some(group),
        _ => None,
    }
}

/// Every step of the search that finds `technique`, whatever its technique (an X-Chain search
/// also finds X-Cycles); for a technique found alone, the same as [`find`].
pub fn find_family(technique: Technique, pos: &Position) -> Vec<Step> {
    match technique.entry().search {
        Search::Together(group) => group.all(pos, technique),
        _ => find(technique, pos),
    }
}

/// The candidates of `d` among `targets`.
pub(crate) fn elims_for(pos: &Position, d: Digit, targets: CellSet) -> CandidateSet {
    let mut s = CandidateSet::EMPTY;
    s.set_cells(d, targets & pos.cells_of(d));
    s
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

/// A step of a search shared with SE's producers (which leave the pattern's candidates
/// out), with its pattern: the candidates of its digits in its cells.
pub(crate) fn with_pattern(pos: &Position, mut step: Step) -> Step {
    step.pattern = pattern_of(pos, step.cells, step.digits);
    step
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
