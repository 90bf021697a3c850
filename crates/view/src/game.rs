//! The game's views: a board's cells and clashes, its layout as data, a hint and the bot's
//! action, as the page reads them. Written alike by the server (`nonet play`) and the page's
//! WebAssembly engine (`nonet-wasm`), so the page reads one set of shapes from either.

use nonet_core::{
    Cell, CellSet, Digit, DigitSet, Layout, PencilMarks, RegionMap, RegionMapError, Variant,
};
use nonet_game::{Board, BotAction, GameHint, Origin};
use nonet_logic::{Candidate, Claim, Outcome, Verdict};
use serde::{Deserialize, Serialize};

use crate::{GameStep, HouseView, Indices, Style};

/// A set of digits as a sorted list.
pub fn digits(set: DigitSet) -> Vec<u8> {
    set.iter().map(Digit::get).collect()
}

/// A set of cells as their indices, in cell order.
pub fn cell_indices(set: CellSet) -> Vec<usize> {
    set.iter().map(Cell::index).collect()
}

/// One cell of a board: its digit and who put it there, its candidates and the player's
/// centre and corner marks.
#[derive(Debug, Serialize)]
pub struct CellView {
    /// The digit, `null` when empty.
    pub value: Option<u8>,
    /// Who put it there (`given`, `player`, `bot`), `null` when empty.
    pub origin: Option<Origin>,
    /// The candidates (the marks the engine reads).
    pub candidates: Vec<u8>,
    /// The centre marks.
    pub centre: Vec<u8>,
    /// The corner marks.
    pub corner: Vec<u8>,
}

/// A digit that breaks a rule ([`nonet_game::Clash`]): the blamed cell, the one it repeats,
/// the house they share and the sentence.
#[derive(Debug, Serialize)]
pub struct ClashView {
    /// The cell whose digit clashes.
    pub cell: usize,
    /// The cell already holding it.
    pub other: usize,
    /// The digit.
    pub digit: u8,
    /// A house both are in.
    pub house: HouseView,
    /// "5 is already in this row".
    pub message: String,
}

/// A board as the page draws it: 81 cells and the clashes of its digits.
#[derive(Debug, Serialize)]
pub struct BoardView {
    /// The cells, row-major.
    pub cells: Vec<CellView>,
    /// The rule-breaking digits.
    pub clashes: Vec<ClashView>,
}

impl BoardView {
    /// The view of `board`.
    pub fn new(board: &Board) -> BoardView {
        let cells = Cell::all()
            .map(|c| {
                let (value, origin) = match board.value(c) {
                    Some((d, o)) => (Some(d.get()), Some(o)),
                    None => (None, None),
                };
                CellView {
                    value,
                    origin,
                    candidates: digits(board.candidates(c)),
                    centre: digits(board.centre(c)),
                    corner: digits(board.corner(c)),
                }
            })
            .collect();
        let clashes = board
            .clashes()
            .iter()
            .map(|k| ClashView {
                cell: k.cell.index(),
                other: k.other.index(),
                digit: k.digit.get(),
                house: Indices::house(board.layout().name(k.house)),
                message: k.message(),
            })
            .collect();
        BoardView { cells, clashes }
    }
}

/// The number (1-9) of every cell's box or jigsaw region, as 81 digits: what the page draws
/// thick borders and region tints from.
pub fn boxes_line(layout: &Layout) -> String {
    Cell::all()
        .map(|c| char::from(b'1' + layout.houses_of(c)[2].number() as u8))
        .collect()
}

/// A house of a layout with its cells (index and kind only: a step's or clash's house carries
/// its name; the layout goes with every move's answer, so it stays small).
#[derive(Debug, Serialize)]
pub struct LayoutHouse {
    /// The house's index in the layout.
    pub index: usize,
    /// `row`, `column`, `box`, `region`, `diagonal` or `window`.
    pub kind: &'static str,
    /// Its cells' indices.
    pub cells: Vec<usize>,
}

/// A layout as data: its variant, a jigsaw's region map (as the player gave it, `null`
/// otherwise), each cell's box or region (`boxes`), and every house with its cells. The page
/// draws borders, tints, diagonals and windows and finds peers from this alone.
#[derive(Debug, Serialize)]
pub struct LayoutView {
    /// The variant's words (`standard`, `jigsaw,x`...).
    pub variant: String,
    /// A jigsaw's region map as 81 labels.
    pub regions: Option<String>,
    /// Each cell's box or region number, 81 digits.
    pub boxes: String,
    /// Every house with its cells.
    pub houses: Vec<LayoutHouse>,
}

impl LayoutView {
    /// The view of `layout`, the layout of `variant` on `regions`.
    pub fn new(variant: Variant, regions: Option<&RegionMap>, layout: &Layout) -> LayoutView {
        LayoutView {
            variant: variant.to_string(),
            regions: regions.map(RegionMap::to_line),
            boxes: boxes_line(layout),
            houses: layout
                .houses()
                .map(|h| LayoutHouse {
                    index: h.index(),
                    kind: h.kind().name(),
                    cells: layout.cells(h).iter().map(|c| c.index()).collect(),
                })
                .collect(),
        }
    }
}

/// Each cell's candidates in a position (empty for filled cells), for drawing a step's pattern.
pub fn candidates(pm: &PencilMarks) -> Vec<Vec<u8>> {
    Cell::all()
        .map(|c| {
            if pm.value(c).is_some() {
                Vec::new()
            } else {
                digits(pm.candidates(c))
            }
        })
        .collect()
}

/// A hint or the bot's action as the page reads it: its `kind` and, by kind, the sentence and
/// cells (a blocker, a fix), or the step with the candidates it was found on.
#[derive(Debug, Serialize)]
pub struct ActionView {
    /// `solved`, `clash`, `mistake`, `marks`, `stuck`, `step` (hints); `fix`, `candidates`,
    /// `step` (the bot).
    pub kind: &'static str,
    /// The sentence, for every kind but a step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The cells to show (a blocker's, a fix's; none for fresh candidates).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<usize>>,
    /// The step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Box<GameStep>>,
    /// Each cell's candidates in the position the step was found on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Vec<u8>>>,
}

impl ActionView {
    /// A kind with a sentence and nothing else.
    fn said(kind: &'static str, message: String, cells: Option<Vec<usize>>) -> ActionView {
        ActionView {
            kind,
            message: Some(message),
            cells,
            step: None,
            candidates: None,
        }
    }

    /// Nothing left to do: the puzzle is solved.
    pub fn solved() -> ActionView {
        ActionView::said("solved", "This puzzle is solved.".to_string(), None)
    }

    /// A step found on `position` on `layout`.
    pub fn step(step: &nonet_logic::Step, layout: &Layout, position: &PencilMarks) -> ActionView {
        ActionView {
            kind: "step",
            message: None,
            cells: None,
            step: Some(Box::new(GameStep::new(step, layout, Some(position)))),
            candidates: Some(candidates(position)),
        }
    }

    /// A game's hint ([`nonet_game::hint`]) on `layout`.
    pub fn hint(hint: &GameHint, layout: &Layout) -> ActionView {
        match hint {
            GameHint::Solved => ActionView::solved(),
            GameHint::Blocked(b) => ActionView::said(
                b.kind(),
                b.message(),
                Some(b.cells().into_iter().map(Cell::index).collect()),
            ),
            GameHint::Step { step, position } => ActionView::step(step, layout, position),
            GameHint::Stuck => ActionView::said(
                "stuck",
                "The logical solver finds no step from here.".to_string(),
                None,
            ),
        }
    }

    /// The bot's action ([`nonet_game::bot_step`]) on `layout`.
    pub fn bot(action: &BotAction, layout: &Layout) -> ActionView {
        let message = action.message().unwrap_or_default();
        match action {
            BotAction::Fix(wrong) => ActionView::said("fix", message, Some(cell_indices(*wrong))),
            BotAction::Candidates => ActionView::said("candidates", message, Some(Vec::new())),
            BotAction::Step { step, position } => ActionView::step(step, layout, position),
        }
    }
}

/// One step of a path with the position it starts from.
#[derive(Debug, Serialize)]
pub struct PathStepView {
    /// The step.
    pub step: GameStep,
    /// The placed digits before it, 81 characters (`.` for an empty cell).
    pub grid: String,
    /// Each cell's candidates before it.
    pub candidates: Vec<Vec<u8>>,
}

/// The hardest step of a path: its place, technique name and difficulty (SE's scale).
#[derive(Debug, Serialize)]
pub struct HardestView {
    /// Its index in the path.
    pub index: usize,
    /// The technique's name.
    pub name: &'static str,
    /// Its difficulty.
    pub difficulty: Option<f64>,
}

/// A puzzle's logical path from its givens (the solving path the page scrubs through).
#[derive(Debug, Serialize)]
pub struct PathView {
    /// The steps, each with the position it starts from.
    pub steps: Vec<PathStepView>,
    /// The hardest step.
    pub hardest: Option<HardestView>,
    /// Whether the path ends solved.
    pub solved: bool,
}

impl PathView {
    /// The path of `puzzle` on its layout (the [`nonet_logic::Teacher`]'s).
    pub fn new(puzzle: &nonet_core::Puzzle) -> Result<PathView, nonet_logic::PathError> {
        Self::observed(puzzle, &nonet_logic::Observer::never())
    }

    /// [`PathView::new`] under the caller's observer `obs`, asked before each step and inside
    /// the forcing chains: [`nonet_logic::PathError::Stopped`] once it says stop.
    pub fn observed(
        puzzle: &nonet_core::Puzzle,
        obs: &nonet_logic::Observer,
    ) -> Result<PathView, nonet_logic::PathError> {
        let layout = puzzle.layout();
        let path = nonet_logic::Teacher::new()
            .path_from_observed(&nonet_core::PencilMarks::raw(puzzle), obs)?;
        let mut position = path.start.clone();
        let mut steps = Vec::with_capacity(path.steps.len());
        for step in &path.steps {
            steps.push(PathStepView {
                step: GameStep::new(step, layout, Some(&position)),
                grid: Cell::all()
                    .map(|c| position.value(c).map_or('.', Digit::to_char))
                    .collect(),
                candidates: candidates(&position),
            });
            step.apply_to(&mut position);
        }
        let hardest = path.hardest().map(|(index, s)| HardestView {
            index,
            name: s.technique.name(),
            difficulty: s.difficulty,
        });
        Ok(PathView {
            steps,
            hardest,
            solved: path.is_solved(),
        })
    }
}

/// A single the bot placed in a run: cell, digit, the technique's name.
#[derive(Debug, Serialize)]
pub struct PlacedView {
    /// The cell.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
    /// The technique's name.
    pub name: &'static str,
}

/// The step a singles run stopped before, with the candidates it was found on.
#[derive(Debug, Serialize)]
pub struct NextView {
    /// The step.
    pub step: GameStep,
    /// Each cell's candidates in its position.
    pub candidates: Vec<Vec<u8>>,
}

/// A singles run ([`nonet_game::run_singles`]): the singles placed and the step it stopped
/// before.
#[derive(Debug, Serialize)]
pub struct SinglesView {
    /// The singles placed, in order.
    pub placed: Vec<PlacedView>,
    /// The step it stopped before, if any.
    pub next: Option<NextView>,
}

impl SinglesView {
    /// The view of `run` on `layout`.
    pub fn new(run: &nonet_game::SinglesRun, layout: &Layout) -> SinglesView {
        SinglesView {
            placed: run
                .placed
                .iter()
                .map(|(c, t)| PlacedView {
                    cell: c.cell.index(),
                    digit: c.digit.get(),
                    name: t.name(),
                })
                .collect(),
            next: run.next.as_ref().map(|(step, position)| NextView {
                step: GameStep::new(step, layout, Some(position)),
                candidates: candidates(position),
            }),
        }
    }
}

/// The verdict on a puzzle the player types in ([`nonet_game::puzzle::check`]): `status`
/// (`clash`, `none`, `multiple`, `unique`), the sentence, the rating when there is one, and for
/// several solutions the puzzle made proper with a few clues (`with_clues`) and where they went
/// (`added`).
#[derive(Debug, Serialize)]
pub struct PuzzleCheckView {
    /// `clash`, `none`, `multiple`, `unique`, or `already_solved` (a full grid: nothing to play).
    pub status: &'static str,
    /// Whether the puzzle is proper.
    pub ok: bool,
    /// The verdict in words.
    pub message: String,
    /// The puzzle, 81 characters.
    pub puzzle: String,
    /// Its variant's words.
    pub variant: String,
    /// How many givens it has.
    pub clues: usize,
    /// Its ER rating, when rated.
    pub rating: Option<f64>,
    /// Its level, when rated.
    pub level: Option<&'static str>,
    /// For several solutions: the puzzle with clues added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_clues: Option<String>,
    /// For several solutions: the cells of the added clues.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added: Option<Vec<usize>>,
}

impl PuzzleCheckView {
    /// The verdict `check` on `puzzle` of `variant`, with `with_clues` (the puzzle made proper,
    /// for several solutions) when there is one.
    pub fn new(
        puzzle: &nonet_core::Sudoku,
        variant: Variant,
        check: &nonet_game::puzzle::PuzzleCheck,
        with_clues: Option<&nonet_core::Sudoku>,
    ) -> PuzzleCheckView {
        use nonet_game::puzzle::PuzzleCheck;
        let (status, message, rating) = match check {
            PuzzleCheck::Clash(m) => ("clash", m.clone(), None),
            PuzzleCheck::NoSolution => ("none", "This puzzle has no solution.".to_string(), None),
            PuzzleCheck::Several => (
                "multiple",
                "This puzzle has several solutions, so it cannot be solved by logic alone."
                    .to_string(),
                None,
            ),
            // A full grid has one solution, itself, but nothing to play: said as the game
            // refuses it (`already_solved`), not called a fine puzzle.
            PuzzleCheck::Unique { .. } if puzzle.is_full() => (
                "already_solved",
                "This grid has no empty cell: it is already solved, so there is nothing to play."
                    .to_string(),
                None,
            ),
            PuzzleCheck::Unique { rating, .. } => {
                let kind = if variant.is_standard() {
                    String::new()
                } else {
                    format!("{variant} ")
                };
                let message = match rating {
                    Some((er, level)) => {
                        format!("A fine {kind}puzzle with one solution: {level}, rated {er:.1}.")
                    }
                    None => format!(
                        "A fine {kind}puzzle with one solution (a hard one: rating it takes a \
                         while)."
                    ),
                };
                ("unique", message, *rating)
            }
        };
        PuzzleCheckView {
            status,
            ok: status == "unique",
            message,
            puzzle: puzzle.to_line(),
            variant: variant.to_string(),
            clues: puzzle.filled_count(),
            rating: rating.map(|r| r.0),
            level: rating.map(|r| r.1),
            with_clues: with_clues.map(nonet_core::Sudoku::to_line),
            added: with_clues.map(|p| {
                Cell::all()
                    .filter(|&c| puzzle.get(c).is_none() && p.get(c).is_some())
                    .map(Cell::index)
                    .collect()
            }),
        }
    }
}

/// A count in words up to nine ("two pieces"), in digits above.
fn count_words(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A region's label as a sentence names it: a digit bare ("region 4"), anything else quoted
/// ("region 'a'") so that it does not read as a word.
fn region_name(label: char) -> String {
    if label.is_ascii_digit() {
        format!("region {label}")
    } else {
        format!("region '{label}'")
    }
}

/// A broken region map's first problem as the page reads it: the rule it breaks (`length`,
/// `label`, `count`, `size`, `connected`), the region at fault when one is, and the problem in
/// words ("region 4 has 10 cells; a region has nine").
#[derive(Debug, Serialize)]
pub struct RegionProblem {
    /// The rule broken.
    pub rule: &'static str,
    /// The region at fault, when one is.
    pub region: Option<char>,
    /// The problem in words.
    pub message: String,
}

impl RegionProblem {
    /// The problem of `e`.
    pub fn new(e: &RegionMapError) -> RegionProblem {
        let (rule, region, message) = match e {
            RegionMapError::Size { label, count } => (
                "size",
                Some(*label),
                format!(
                    "{} has {count} cells; a region has nine",
                    region_name(*label)
                ),
            ),
            RegionMapError::Disconnected { label, pieces } => (
                "connected",
                Some(*label),
                format!(
                    "{} is in {} pieces; a region's cells must join up side by side",
                    region_name(*label),
                    count_words(*pieces)
                ),
            ),
            // Not a label, so no region: the message names the character and its cell.
            RegionMapError::BadLabel { .. } => ("label", None, e.to_string()),
            RegionMapError::TenthLabel { label, .. } => ("count", Some(*label), e.to_string()),
            RegionMapError::TooFewLabels(_) => ("count", None, e.to_string()),
            RegionMapError::Length(_) => ("length", None, e.to_string()),
            // A rule core adds later: its own sentence.
            _ => ("other", None, e.to_string()),
        };
        RegionProblem {
            rule,
            region,
            message,
        }
    }
}

/// A candidate as a request names it: a cell index (0-80, row by row) and a digit.
#[derive(Deserialize, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
pub struct CandidateIn {
    /// The cell's index.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// A deduction the player states ("Check my step"): the technique (its code, `x-wing`, or its
/// name) and whatever part of the pattern the player marked; the engine fills in the rest.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClaimIn {
    /// The technique's code or name.
    pub technique: String,
    /// Cells of the pattern.
    #[serde(default)]
    pub cells: Vec<usize>,
    /// Digits of the pattern.
    #[serde(default)]
    pub digits: Vec<u8>,
    /// Candidates of the pattern.
    #[serde(default)]
    pub pattern: Vec<CandidateIn>,
    /// What the deduction places.
    #[serde(default)]
    pub placements: Vec<CandidateIn>,
    /// What the deduction removes.
    #[serde(default)]
    pub eliminations: Vec<CandidateIn>,
}

/// Why a stated deduction cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// No technique has this code or name.
    UnknownTechnique(String),
    /// A cell index above 80.
    BadCell(usize),
    /// A digit outside 1-9.
    BadDigit(u8),
}

impl std::fmt::Display for ClaimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClaimError::UnknownTechnique(t) => write!(
                f,
                "no technique is called {t:?}: use a code of `nonet explain --list-techniques` \
                 (x-wing, naked-pair...)"
            ),
            ClaimError::BadCell(i) => write!(
                f,
                "cell {i} is off the board: cells are numbered 0 to 80, row by row"
            ),
            ClaimError::BadDigit(d) => write!(f, "{d} is not a digit from 1 to 9"),
        }
    }
}

impl std::error::Error for ClaimError {}

impl From<ClaimError> for crate::request::Refusal {
    /// 422: `unknown_technique` for a technique no one has, `invalid` for a cell or digit off
    /// the board.
    fn from(e: ClaimError) -> crate::request::Refusal {
        use crate::request::{Problem, Refusal};
        let problem = match e {
            ClaimError::UnknownTechnique(_) => Problem::UnknownTechnique,
            ClaimError::BadCell(_) | ClaimError::BadDigit(_) => Problem::Invalid,
        };
        Refusal::new(problem, e.to_string())
    }
}

fn cell_in(i: usize) -> Result<Cell, ClaimError> {
    Cell::new(i).ok_or(ClaimError::BadCell(i))
}

fn digit_in(d: u8) -> Result<Digit, ClaimError> {
    Digit::new(d).ok_or(ClaimError::BadDigit(d))
}

fn candidates_in(list: &[CandidateIn]) -> Result<Vec<Candidate>, ClaimError> {
    list.iter()
        .map(|c| Ok(Candidate::new(cell_in(c.cell)?, digit_in(c.digit)?)))
        .collect()
}

impl ClaimIn {
    /// The claim stated, or why it cannot be read.
    pub fn claim(&self) -> Result<Claim, ClaimError> {
        let mut claim = Claim::of_code(&self.technique)
            .ok_or_else(|| ClaimError::UnknownTechnique(self.technique.clone()))?;
        for &i in &self.cells {
            claim.cells.insert(cell_in(i)?);
        }
        let mut digits = DigitSet::EMPTY;
        for &d in &self.digits {
            digits.insert(digit_in(d)?);
        }
        claim.digits = digits;
        claim.pattern = candidates_in(&self.pattern)?;
        claim.placements = candidates_in(&self.placements)?;
        claim.eliminations = candidates_in(&self.eliminations)?;
        Ok(claim)
    }
}

/// A candidate as the page reads it: cell index and digit.
#[derive(Debug, Serialize)]
pub struct CandidateView {
    /// The cell's index.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

impl CandidateView {
    /// The view of `c`.
    pub fn new(c: &Candidate) -> CandidateView {
        CandidateView {
            cell: c.cell.index(),
            digit: c.digit.get(),
        }
    }
}

/// The verdict on a stated deduction ([`nonet_logic::Teacher::check_step`]) as the page shows
/// it, with the candidates of the position it was judged on (what the page draws the step's
/// pattern over).
#[derive(Debug, Serialize)]
pub struct VerdictView {
    /// `valid`, `removes_nothing` or `invalid`.
    pub outcome: &'static str,
    /// Whether it is valid.
    pub valid: bool,
    /// The explanation, or why it fails.
    pub reason: String,
    /// The step found for it.
    pub step: Option<GameStep>,
    /// What it removes.
    pub eliminations: Vec<CandidateView>,
    /// What it places.
    pub placements: Vec<CandidateView>,
    /// Each cell's candidates in the position.
    pub candidates: Vec<Vec<u8>>,
}

impl VerdictView {
    /// The view of `verdict`, judged on `position` on `layout`.
    pub fn new(verdict: &Verdict, layout: &Layout, position: &PencilMarks) -> VerdictView {
        let outcome = match verdict.outcome {
            Outcome::Valid => "valid",
            Outcome::RemovesNothing => "removes_nothing",
            _ => "invalid",
        };
        let step = verdict.step.as_ref();
        VerdictView {
            outcome,
            valid: outcome == "valid",
            reason: verdict.reason.clone(),
            step: step.map(|s| GameStep::new(s, layout, Some(position))),
            eliminations: step.map_or(Vec::new(), |s| {
                s.eliminations
                    .iter()
                    .map(|c| CandidateView::new(&c))
                    .collect()
            }),
            placements: step.map_or(Vec::new(), |s| {
                s.placement.iter().map(CandidateView::new).collect()
            }),
            candidates: candidates(position),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_words_up_to_nine() {
        assert_eq!(count_words(2), "two");
        assert_eq!(count_words(9), "nine");
        assert_eq!(count_words(12), "12");
    }

    #[test]
    fn a_letter_label_is_quoted_and_a_digit_is_not() {
        assert_eq!(region_name('4'), "region 4");
        assert_eq!(region_name('a'), "region 'a'");
    }
}
