//! # nonet-view
//!
//! One serde view of a logical step, written by every face that shows steps as JSON: the
//! command line (`nonet explain/hint/check-step --format json`), the Python module and the game
//! server. The engine crates stay free of JSON: this crate reads a [`Step`] and its words from
//! `nonet-logic` and derives `Serialize`.
//!
//! A step has one set of fields on every face ([`StepView`]): what it places and removes, its
//! pattern, its plain sentence (`text`, also kept as `explanation`), its expert notation and its
//! chain link by link (`links`, each with the house or cell that makes it). Two things differ by
//! face, as the faces' users already read them, and are kept apart:
//! - how a cell and a house are written ([`Style`]): `"r4c7"` and `"row 4"` for people reading
//!   the command line's and Python's output ([`Names`]); the cell's index and a house object
//!   for the game's JavaScript ([`Indices`]);
//! - each face's own extra fields: [`ReportStep`] (command line and Python: the technique's
//!   name and code, the chain's notation, ...) and [`GameStep`] (the game: the technique's
//!   identifier, the three hint texts, the chain as nodes for drawing, ...).
//!
//! ```
//! use nonet_core::{PencilMarks, Sudoku, STANDARD};
//! use nonet_logic::Teacher;
//!
//! let puzzle = Sudoku::from_line(
//!     "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..",
//! )
//! .unwrap();
//! let position = PencilMarks::raw(&puzzle.into());
//! let step = Teacher::new().next_step(&position, None).unwrap();
//! let view = nonet_view::ReportStep::new(&step, &STANDARD, Some(&position));
//! let json = serde_json::to_value(&view).unwrap();
//! assert_eq!(json["technique"], "Hidden Single");
//! assert_eq!(json["text"], json["explanation"]);
//! ```

#![forbid(unsafe_code)]

pub mod game;
pub mod learn;
pub mod new_game;
pub mod request;

use nonet_core::{Cell, CellSet, HouseName, Layout, PencilMarks};
use nonet_logic::{Candidate, ChainNode, HintLevel, LinkKind, LinkReason, Step};
use serde::Serialize;

/// How a face writes cells and houses.
pub trait Style {
    /// A cell as the face writes it.
    type Cell: Serialize + std::fmt::Debug;
    /// A house as the face writes it.
    type House: Serialize + std::fmt::Debug;
    /// The cell `c`.
    fn cell(c: Cell) -> Self::Cell;
    /// The house `name` names (a jigsaw region by its map's label).
    fn house(name: HouseName) -> Self::House;
}

/// Cells and houses by name (`"r4c7"`, `"row 4"`, `"the main diagonal"`): the command line and
/// Python.
#[derive(Clone, Copy, Debug)]
pub struct Names;

impl Style for Names {
    type Cell = String;
    type House = String;

    fn cell(c: Cell) -> String {
        c.to_string()
    }

    fn house(name: HouseName) -> String {
        name.to_string()
    }
}

/// Cells by index (0 to 80, row by row) and houses as [`HouseView`]: the game's JavaScript.
#[derive(Clone, Copy, Debug)]
pub struct Indices;

impl Style for Indices {
    type Cell = usize;
    type House = HouseView;

    fn cell(c: Cell) -> usize {
        c.index()
    }

    fn house(name: HouseName) -> HouseView {
        let h = name.house();
        HouseView {
            index: h.index(),
            kind: h.kind().name(),
            number: h.number() + 1,
            name: name.to_string(),
        }
    }
}

/// A house for the game: `{"index": 9, "kind": "column", "number": 1, "name": "column 1"}`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HouseView {
    /// The house's index among every house of every layout (`nonet_core::House::index`).
    pub index: usize,
    /// Its kind: row, column, box, region, diagonal or window.
    pub kind: &'static str,
    /// Its number within its kind, from 1.
    pub number: usize,
    /// Its name in words ("row 4", "region 2", "the anti-diagonal"; a jigsaw region by its
    /// map's label).
    pub name: String,
}

/// A digit in a cell: `{"cell": "r4c7", "digit": 3}` (or the cell's index on the game).
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct CandidateView<S: Style> {
    /// The cell.
    pub cell: S::Cell,
    /// The digit, 1 to 9.
    pub digit: u8,
}

impl<S: Style> CandidateView<S> {
    fn new(c: &Candidate) -> CandidateView<S> {
        CandidateView {
            cell: S::cell(c.cell),
            digit: c.digit.get(),
        }
    }

    fn list<'a>(cs: impl IntoIterator<Item = &'a Candidate>) -> Vec<CandidateView<S>> {
        cs.into_iter().map(CandidateView::new).collect()
    }
}

/// A node of a chain: a digit in one cell, or in a group of cells of one house.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct NodeView<S: Style> {
    /// The digit.
    pub digit: u8,
    /// Its cell, or the cells of a group.
    pub cells: Vec<S::Cell>,
    /// Whether the chain makes the node true.
    pub on: bool,
    /// The node in the notation of the Sudoku forums: `3r6c1`, `3(r5c7,r5c9)`.
    pub name: String,
}

impl<S: Style> NodeView<S> {
    fn new(n: &ChainNode) -> NodeView<S> {
        NodeView {
            digit: n.digit.get(),
            cells: cells::<S>(n.cells),
            on: n.on,
            name: if n.cells.len() == 1 {
                format!("{}{}", n.digit, n.cells.first().expect("one cell"))
            } else {
                let names: Vec<String> = n.cells.iter().map(|c| c.to_string()).collect();
                format!("{}({})", n.digit, names.join(","))
            },
        }
    }
}

/// One link of a step's chain, for walking it link by link.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct LinkView<S: Style> {
    /// Which branch of the chain: 0, but for forcing chains and nets (one branch per
    /// assumption or per case, one after the other).
    pub branch: usize,
    /// The node the link leaves.
    pub from: NodeView<S>,
    /// The node it reaches.
    pub to: NodeView<S>,
    /// `"strong"` (if `from` is false, `to` is true) or `"weak"` (if `from` is true, `to` is
    /// false).
    pub kind: &'static str,
    /// What makes the link, in words: a house ("row 6") or a cell ("r3c8", two digits of one
    /// cell); `None` when it follows from several earlier links.
    pub why: Option<String>,
    /// The house of `why`, when it is a house.
    pub house: Option<S::House>,
    /// The cell of `why`, when it is a cell.
    pub cell: Option<S::Cell>,
    /// The link in words: "if r6c1 isn't 3, then r6c8 is 3 (row 6 has 3 only there)".
    pub text: String,
}

/// The fields of a step that every face writes alike.
#[derive(Serialize, Debug)]
#[serde(bound = "")]
pub struct StepView<S: Style> {
    /// Digits the step places (none or one).
    pub placements: Vec<CandidateView<S>>,
    /// Candidates the step removes.
    pub eliminations: Vec<CandidateView<S>>,
    /// The plain sentence (the same as `text`; the name the contract gives it).
    pub explanation: String,
    /// The plain sentence: what the step concludes, why, and the technique's name.
    pub text: String,
    /// The expert notation of a chain with what it concludes, or `None`.
    pub notation: Option<String>,
    /// The step's chain link by link (empty when it has none).
    pub links: Vec<LinkView<S>>,
    /// The houses of the pattern, base sets first.
    pub houses: Vec<S::House>,
    /// The digits the pattern is about.
    pub digits: Vec<u8>,
    /// The candidates of the pattern, for highlighting.
    pub pattern: Vec<CandidateView<S>>,
    /// Candidates of the pattern in a second role (fins, a pivot, the other colour).
    pub secondary: Vec<CandidateView<S>>,
}

fn cells<S: Style>(set: CellSet) -> Vec<S::Cell> {
    set.iter().map(S::cell).collect()
}

impl<S: Style> StepView<S> {
    /// The view of `step` found on `position` (when known) on `layout`: the position ties
    /// each strong link to the house where it holds.
    pub fn new(step: &Step, layout: &Layout, position: Option<&PencilMarks>) -> StepView<S> {
        let text = step.explanation(layout);
        let links = step
            .links(layout, position)
            .into_iter()
            .map(|l| LinkView {
                branch: l.branch,
                from: NodeView::new(&l.link.from),
                to: NodeView::new(&l.link.to),
                kind: match l.link.kind {
                    LinkKind::Strong => "strong",
                    LinkKind::Weak => "weak",
                },
                why: l.why.map(|w| w.name(layout)),
                house: match l.why {
                    Some(LinkReason::House(h)) => Some(S::house(layout.name(h))),
                    _ => None,
                },
                cell: match l.why {
                    Some(LinkReason::Cell(c)) => Some(S::cell(c)),
                    _ => None,
                },
                text: l.text,
            })
            .collect();
        StepView {
            placements: CandidateView::list(&step.placement),
            eliminations: step
                .eliminations
                .iter()
                .map(|c| CandidateView::new(&c))
                .collect(),
            explanation: text.clone(),
            text,
            notation: step.notation(),
            links,
            houses: step
                .houses
                .iter()
                .map(|&h| S::house(layout.name(h)))
                .collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            pattern: CandidateView::list(&step.pattern),
            secondary: CandidateView::list(&step.secondary),
        }
    }
}

/// A step as the command line (`explain`, `hint` and `check-step` with `--format json`) and
/// Python write it: the common fields by name, plus the technique's name and code, the
/// pattern's cells, whether it assumes a unique solution and, where they apply, the cover
/// houses, the chain's notation and SE's difficulty.
#[derive(Serialize, Debug)]
pub struct ReportStep {
    /// The fields every face shares.
    #[serde(flatten)]
    pub step: StepView<Names>,
    /// The technique's name ("Hidden Single", "X-Wing").
    pub technique: &'static str,
    /// Its `--techniques` code ("hidden-single", "x-wing").
    pub code: String,
    /// The cells of the pattern.
    pub cells: Vec<String>,
    /// Whether the technique is valid only for a puzzle with one solution.
    pub uniqueness: bool,
    /// The cover houses of a fish or a subset (left out when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover_houses: Vec<String>,
    /// The chain in Eureka-like notation, without the conclusion (left out without a chain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// The step's difficulty on Sudoku Explainer's scale (SE's own, or nonet's for a technique
    /// SE lacks: `docs/rating.md`); left out only for a step without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<f64>,
}

impl ReportStep {
    /// The report of `step`, found on `position` (when known) on `layout`.
    pub fn new(step: &Step, layout: &Layout, position: Option<&PencilMarks>) -> ReportStep {
        ReportStep {
            step: StepView::new(step, layout, position),
            technique: step.technique.name(),
            code: step.technique.code(),
            cells: cells::<Names>(step.cells),
            uniqueness: step.technique.needs_uniqueness(),
            cover_houses: step
                .cover_houses
                .iter()
                .map(|&h| layout.name(h).to_string())
                .collect(),
            chain: step.chain.as_ref().map(|c| c.notation()),
            difficulty: step.difficulty,
        }
    }
}

/// A chain drawn on the game's board: its branches of links between nodes.
#[derive(Serialize, Debug)]
pub struct ChainView {
    /// Each branch, as its links in order.
    pub branches: Vec<Vec<DrawnLink>>,
    /// Whether the chain closes on itself.
    pub is_loop: bool,
}

/// A link as the board draws it.
#[derive(Serialize, Debug)]
pub struct DrawnLink {
    /// The node it leaves: `{"cells", "digit", "on"}`.
    pub from: DrawnNode,
    /// The node it reaches.
    pub to: DrawnNode,
    /// Strong (drawn solid) or weak (dashed).
    pub strong: bool,
}

/// A node as the board draws it.
#[derive(Serialize, Debug)]
pub struct DrawnNode {
    /// The cells' indices.
    pub cells: Vec<usize>,
    /// The digit.
    pub digit: u8,
    /// Whether the chain makes it true.
    pub on: bool,
}

impl DrawnNode {
    fn new(n: &ChainNode) -> DrawnNode {
        DrawnNode {
            cells: cells::<Indices>(n.cells),
            digit: n.digit.get(),
            on: n.on,
        }
    }
}

/// A step as the game's page shows it: the common fields by index, plus the technique's
/// code and name, the three hint texts, the area to highlight, the cover houses, SE's
/// difficulty (`null` when none) and the chain to draw (`null` when none).
#[derive(Serialize, Debug)]
pub struct GameStep {
    /// The fields every face shares.
    #[serde(flatten)]
    pub step: StepView<Indices>,
    /// The technique's code, its one wire name ([`nonet_logic::Technique::code`]: `"x-wing"`,
    /// `"hidden-single"`).
    pub technique: String,
    /// Its name ("X-Wing").
    pub name: &'static str,
    /// The progressive hints: the technique, where to look, the whole move.
    pub hints: [String; 3],
    /// The step's difficulty on SE's scale (SE's own, or nonet's for a technique SE lacks).
    pub difficulty: Option<f64>,
    /// The cover houses (empty when there are none).
    pub cover_houses: Vec<HouseView>,
    /// Every cell of the pattern, its candidates' cells included: the area to highlight.
    pub cells: Vec<usize>,
    /// The chain to draw, `null` without one.
    pub chain: Option<ChainView>,
}

impl GameStep {
    /// The game's view of `step`, found on `position` on `layout`.
    pub fn new(step: &Step, layout: &Layout, position: Option<&PencilMarks>) -> GameStep {
        let mut area = step.cells;
        for c in step.pattern.iter().chain(&step.secondary) {
            area.insert(c.cell);
        }
        GameStep {
            step: StepView::new(step, layout, position),
            technique: step.technique.code(),
            name: step.technique.name(),
            hints: [HintLevel::Technique, HintLevel::Area, HintLevel::Move]
                .map(|l| step.hint_text(l, layout)),
            difficulty: step.difficulty,
            cover_houses: step
                .cover_houses
                .iter()
                .map(|&h| Indices::house(layout.name(h)))
                .collect(),
            cells: cells::<Indices>(area),
            chain: step.chain.as_ref().map(|ch| ChainView {
                branches: ch
                    .branches
                    .iter()
                    .map(|b| {
                        b.iter()
                            .map(|l| DrawnLink {
                                from: DrawnNode::new(&l.from),
                                to: DrawnNode::new(&l.to),
                                strong: l.kind == LinkKind::Strong,
                            })
                            .collect()
                    })
                    .collect(),
                is_loop: ch.is_loop,
            }),
        }
    }
}
