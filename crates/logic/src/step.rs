//! A [`Step`] is data: the technique, the pattern that proves it, and what it places or removes.
//! Explanations, highlights and ratings are all derived from this data, never stored beside it.
//!
//! Both solvers make the same `Step`: the explaining techniques (easiest first) and Sudoku
//! Explainer's producers (SE's order), which fill in SE's difficulty and a chain's complexity.
//! A step's eliminations are a [`CandidateSet`] and its placement an `Option<Candidate>`, both
//! fixed-size values, so finding a step that is never shown allocates nothing for them (the
//! rating walks find hundreds of thousands of singles).

use nonet_core::{Cell, CellSet, CellSetIter, Digit, DigitSet, DigitSetIter, House};

use crate::technique::Technique;

/// One candidate: a digit that may go in a cell (`5r3c7` in the usual notation).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

/// Written as `r3c7=5` for a placement context or `5r3c7`; we use `r3c7 5`-free short form
/// `5r3c7`, the notation of the Sudoku forums.
impl std::fmt::Display for Candidate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.digit, self.cell)
    }
}

/// A set of candidates, as one [`CellSet`] per digit: a fixed-size value (no allocation), cheap
/// to copy, compare and combine. Iterates cell by cell in row-major order, digits ascending
/// within a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CandidateSet([CellSet; 9]);

impl CandidateSet {
    /// The empty set.
    pub const EMPTY: CandidateSet = CandidateSet([CellSet::EMPTY; 9]);

    /// The cells where `d` is in the set.
    #[inline]
    pub fn cells_of(&self, d: Digit) -> CellSet {
        self.0[d.index()]
    }

    /// Makes `cells` the cells where `d` is in the set.
    #[inline]
    pub fn set_cells(&mut self, d: Digit, cells: CellSet) {
        self.0[d.index()] = cells;
    }

    /// Adds `d` in each of `cells`.
    #[inline]
    pub fn add_cells(&mut self, d: Digit, cells: CellSet) {
        self.0[d.index()] |= cells;
    }

    /// The digits of `cell` in the set.
    pub fn digits_of(&self, cell: Cell) -> DigitSet {
        Digit::ALL
            .into_iter()
            .filter(|d| self.0[d.index()].contains(cell))
            .collect()
    }

    /// The digits with at least one cell in the set.
    pub fn digits(&self) -> DigitSet {
        Digit::ALL
            .into_iter()
            .filter(|d| !self.0[d.index()].is_empty())
            .collect()
    }

    /// The cells with at least one candidate in the set.
    pub fn cells(&self) -> CellSet {
        self.0.iter().fold(CellSet::EMPTY, |a, &m| a | m)
    }

    /// Adds a candidate.
    #[inline]
    pub fn insert(&mut self, c: Candidate) {
        self.0[c.digit.index()].insert(c.cell);
    }

    /// Removes a candidate; says whether it was there.
    #[inline]
    pub fn remove(&mut self, c: Candidate) -> bool {
        self.0[c.digit.index()].remove(c.cell)
    }

    /// Whether the set holds `c`.
    #[inline]
    pub fn contains(&self, c: Candidate) -> bool {
        self.0[c.digit.index()].contains(c.cell)
    }

    /// The first candidate in the set's order (see [`CandidateSet::iter`]).
    pub fn first(&self) -> Option<Candidate> {
        self.iter().next()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|m| m.is_empty())
    }

    /// How many candidates the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|m| m.len()).sum()
    }

    /// Set union.
    pub fn union(&self, o: &CandidateSet) -> CandidateSet {
        CandidateSet(std::array::from_fn(|d| self.0[d] | o.0[d]))
    }

    /// Set intersection.
    pub fn intersection(&self, o: &CandidateSet) -> CandidateSet {
        CandidateSet(std::array::from_fn(|d| self.0[d] & o.0[d]))
    }

    /// The candidates of `self` not in `o`.
    pub fn difference(&self, o: &CandidateSet) -> CandidateSet {
        CandidateSet(std::array::from_fn(|d| self.0[d].difference(o.0[d])))
    }

    /// The candidates, cell by cell in row-major order, digits ascending within a cell.
    pub fn iter(&self) -> CandidateSetIter {
        CandidateSetIter {
            set: *self,
            cells: self.cells().iter(),
            cell: None,
            digits: DigitSet::EMPTY.iter(),
        }
    }

    /// The cells of digit index `d` (0-8) as a raw mask: the bridge to the bitboard loops of
    /// the SE producers, which index digits by number.
    #[inline]
    pub(crate) fn mask(&self, d: usize) -> u128 {
        self.0[d].bits()
    }

    /// Sets the cells of digit index `d` (0-8) from a raw mask (see [`CandidateSet::mask`]).
    #[inline]
    pub(crate) fn set_mask(&mut self, d: usize, m: u128) {
        self.0[d] = CellSet::from_bits(m);
    }

    /// The raw per-digit masks (see [`CandidateSet::mask`]).
    #[inline]
    pub(crate) fn masks(&self) -> [u128; 9] {
        self.0.map(CellSet::bits)
    }

    /// The set of the raw per-digit masks `m` (see [`CandidateSet::mask`]).
    #[inline]
    pub(crate) fn from_masks(m: [u128; 9]) -> CandidateSet {
        CandidateSet(m.map(CellSet::from_bits))
    }
}

impl Extend<Candidate> for CandidateSet {
    fn extend<I: IntoIterator<Item = Candidate>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

/// The candidates in the set's order (see [`CandidateSet::iter`]).
impl IntoIterator for &CandidateSet {
    type Item = Candidate;
    type IntoIter = CandidateSetIter;
    fn into_iter(self) -> CandidateSetIter {
        self.iter()
    }
}

/// The candidates in the set's order (see [`CandidateSet::iter`]).
impl IntoIterator for CandidateSet {
    type Item = Candidate;
    type IntoIter = CandidateSetIter;
    fn into_iter(self) -> CandidateSetIter {
        self.iter()
    }
}

/// Iterator over a [`CandidateSet`]: cell by cell in row-major order, digits ascending within
/// a cell.
#[derive(Clone)]
pub struct CandidateSetIter {
    set: CandidateSet,
    cells: CellSetIter,
    cell: Option<Cell>,
    digits: DigitSetIter,
}

impl Iterator for CandidateSetIter {
    type Item = Candidate;
    fn next(&mut self) -> Option<Candidate> {
        loop {
            if let (Some(cell), Some(d)) = (self.cell, self.digits.next()) {
                return Some(Candidate::new(cell, d));
            }
            let cell = self.cells.next()?;
            self.cell = Some(cell);
            self.digits = self.set.digits_of(cell).iter();
        }
    }
}

impl FromIterator<Candidate> for CandidateSet {
    fn from_iter<I: IntoIterator<Item = Candidate>>(iter: I) -> Self {
        let mut s = CandidateSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Written as the list of its candidates, e.g. `{5r3c7, 5r3c8}`.
impl std::fmt::Debug for CandidateSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| format!("{c}")))
            .finish()
    }
}

/// How two chain nodes are linked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LinkKind {
    /// If the first is false, the second is true.
    Strong,
    /// If the first is true, the second is false.
    Weak,
}

/// A node of a chain: one candidate, or a group of cells of one house sharing a digit (grouped
/// nodes), with the truth value the chain gives it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChainNode {
    /// The cells (one for an ordinary node, two or three in one house for a grouped node).
    pub cells: CellSet,
    /// The digit.
    pub digit: Digit,
    /// Whether the chain makes this node true (`on`) or false (`off`).
    pub on: bool,
}

/// One link of a chain: from a node to the next.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChainLink {
    /// The node the link starts from.
    pub from: ChainNode,
    /// The node it leads to.
    pub to: ChainNode,
    /// Strong or weak.
    pub kind: LinkKind,
}

/// A chain, loop or forcing net, as the links that make it. A forcing net with several branches
/// keeps each branch as its own list of links.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Chain {
    /// Each branch of the chain, in order from its start.
    pub branches: Vec<Vec<ChainLink>>,
    /// Whether the chain closes on itself (a loop or cycle).
    pub is_loop: bool,
}

/// One logical step: a technique applied to a position.
#[derive(Clone, PartialEq, Debug)]
pub struct Step {
    /// Which technique.
    pub technique: Technique,
    /// The digit the step places, if any. No technique places more than one: a deduction
    /// that fixes several cells is that many steps, each single on its own.
    pub placement: Option<Candidate>,
    /// Candidates the step removes.
    pub eliminations: CandidateSet,
    /// The candidates that form the pattern (for highlighting), e.g. the four corners of an
    /// X-Wing, or the fins of a finned fish (see `secondary`).
    pub pattern: Vec<Candidate>,
    /// Candidates of the pattern that play a second role (fins, the pivot of a wing, the other
    /// colour): highlighted in another colour.
    pub secondary: Vec<Candidate>,
    /// The cells of the pattern (a superset of the pattern candidates' cells, may add cells with
    /// no candidate such as the empty rectangle's box).
    pub cells: CellSet,
    /// The houses the pattern lives in (base sets first), for highlighting and explanation.
    pub houses: Vec<House>,
    /// Cover houses, for fish and subsets whose eliminations run along other houses.
    pub cover_houses: Vec<House>,
    /// The digits the pattern is about.
    pub digits: DigitSet,
    /// The chain, loop or net, when the technique has one.
    pub chain: Option<Chain>,
    /// Groups of cells that act as one unit of the pattern, in order: the almost locked sets
    /// of an ALS step (for ALS-XY-Wing the pivot first), the parts of a Sue de Coq.
    pub sets: Vec<CellSet>,
    /// The difficulty of this instance on Sudoku Explainer's scale (base rating plus any
    /// length or size bonus): SE's own where SE has the technique, nonet's for the others
    /// (`docs/rating.md`, "Techniques SE lacks"). Every step the teacher or the rater gives
    /// has one; `None` only on a step built by hand.
    pub difficulty: Option<f64>,
    /// The complexity of the chain as Sudoku Explainer counts it (its length bonus and its
    /// tie-breaks among chains of one difficulty come from it); 0 for a step without a chain.
    pub complexity: u32,
}

impl Step {
    /// A step of `technique` with nothing filled in yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placement: None,
            eliminations: CandidateSet::EMPTY,
            pattern: Vec::new(),
            secondary: Vec::new(),
            cells: CellSet::EMPTY,
            houses: Vec::new(),
            cover_houses: Vec::new(),
            digits: DigitSet::EMPTY,
            chain: None,
            sets: Vec::new(),
            difficulty: None,
            complexity: 0,
        }
    }

    /// Whether the step changes anything.
    pub fn is_productive(&self) -> bool {
        self.placement.is_some() || !self.eliminations.is_empty()
    }

    /// The difficulty of this step split in two: the technique's base difficulty (its
    /// catalogue row, [`Technique::base`]) and the bonus this instance adds for its size, loop
    /// or chain length or nesting level (the rest, so `base + bonus` is the difficulty up to
    /// float rounding). `None` when the step has no difficulty.
    pub fn difficulty_parts(&self) -> Option<(f64, f64)> {
        let difficulty = self.difficulty?;
        let base = self.technique.base();
        Some((base, difficulty - base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(r: usize, c: usize, d: u8) -> Candidate {
        Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d).expect("digit"))
    }

    /// A candidate set lists cell by cell (row-major), digits ascending within a cell, whatever
    /// the order of insertion: the order the steps' eliminations are shown in.
    #[test]
    fn candidate_set_iterates_cell_by_cell_then_by_digit() {
        let list = [
            cand(9, 9, 1),
            cand(1, 2, 7),
            cand(1, 2, 3),
            cand(4, 1, 9),
            cand(1, 2, 3),
        ];
        let set: CandidateSet = list.iter().copied().collect();
        let want = vec![cand(1, 2, 3), cand(1, 2, 7), cand(4, 1, 9), cand(9, 9, 1)];
        assert_eq!(set.iter().collect::<Vec<_>>(), want);
        assert_eq!(set.len(), 4);
        assert!(set.contains(cand(1, 2, 7)) && !set.contains(cand(1, 2, 8)));
        assert_eq!(set.cells().len(), 3);
        assert_eq!(set.digits_of(Cell::at(0, 1)).len(), 2);
        assert_eq!(set.digits().len(), 4);
        assert_eq!(
            format!("{set:?}"),
            "{\"3r1c2\", \"7r1c2\", \"9r4c1\", \"1r9c9\"}"
        );
    }

    #[test]
    fn candidate_set_operations() {
        let a: CandidateSet = [cand(1, 1, 1), cand(2, 2, 2)].into_iter().collect();
        let b: CandidateSet = [cand(2, 2, 2), cand(3, 3, 3)].into_iter().collect();
        assert_eq!(a.union(&b).len(), 3);
        assert_eq!(
            a.intersection(&b).iter().collect::<Vec<_>>(),
            vec![cand(2, 2, 2)]
        );
        assert_eq!(
            a.difference(&b).iter().collect::<Vec<_>>(),
            vec![cand(1, 1, 1)]
        );
        let mut c = a;
        assert!(c.remove(cand(1, 1, 1)) && !c.remove(cand(1, 1, 1)));
        c.add_cells(Digit::new(2).unwrap(), CellSet::single(Cell::at(8, 8)));
        assert_eq!(c.cells_of(Digit::new(2).unwrap()).len(), 2);
        assert!(CandidateSet::EMPTY.is_empty() && !c.is_empty());
        assert_eq!(CandidateSet::from_masks(c.masks()), c);
    }
}
