//! A [`Step`] is data: the technique, the pattern that proves it, and what it places or removes.
//! Explanations, highlights and ratings are all derived from this data, never stored beside it.

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

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
    /// Digits the step places.
    pub placements: Vec<Candidate>,
    /// Candidates the step removes.
    pub eliminations: Vec<Candidate>,
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
    /// Sudoku Explainer's difficulty of this instance (base rating plus any length or size
    /// bonus), when the technique has one.
    pub difficulty: Option<f64>,
}

impl Step {
    /// A step of `technique` with nothing filled in yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            secondary: Vec::new(),
            cells: CellSet::EMPTY,
            houses: Vec::new(),
            cover_houses: Vec::new(),
            digits: DigitSet::EMPTY,
            chain: None,
            sets: Vec::new(),
            difficulty: None,
        }
    }

    /// Whether the step changes anything.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}
