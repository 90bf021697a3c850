//! The solve path: apply the easiest available step, again and again, until the grid is
//! solved. Also the hint for a player's position, which first checks the player's digits and
//! pencil marks against the solution.
//!
//! # The order (easiest first)
//!
//! [`ORDER`] is the documented order: singles (full house, hidden singles in a box, then a
//! row, then a column, naked single), intersections (locked pair/triple, pointing, claiming),
//! pairs, X-Wing, hidden pair, naked triple, Swordfish, hidden triple, the single-digit
//! patterns (skyscraper, 2-string kite, turbot fish, empty rectangle), wings (XY, XYZ, W), the
//! easier unique rectangles (types 1, 2, 4, 5, 6), quads and Jellyfish, finned and sashimi
//! fish, unique rectangle type 3, hidden rectangle, BUG+1, colouring (simple, multi), remote
//! pair, X-Chain, X-Cycle, XY-Chain, Y-Cycle, Sue de Coq, ALS-XZ, AIC, nice loop, their
//! grouped forms, ALS-XY-Wing, ALS-XY-Chain, aligned pair and triplet exclusion, Death Blossom; then the forcing chains of
//! `crate::chains` (Sudoku Explainer's engine: forcing X/XY chains and cycles, Nishio, cell and
//! region forcing chains, dynamic forcing chains, dynamic forcing chains "+", nested forcing
//! chains of levels 2 to 5, as far as the SE rater goes); and, only if all of that fails, "Trial and Error":
//! the solution's digit placed in the cell with the fewest candidates (never a logical step,
//! but a path always exists).
//!
//! Uniqueness techniques are valid only for puzzles with exactly one solution; they are left
//! out when [`PathOptions::uniqueness`] is off or the puzzle has several solutions.
//!
//! # Layouts
//!
//! The path runs on the layout of its position (`PencilMarks::layout`, a puzzle's own: a
//! jigsaw's regions, X-Sudoku's diagonals, Windoku's windows), with every technique whose catalogue row
//! is not marked "standard layout only" (`Technique::standard_layout_only`: SE's forcing
//! chains, replaced there by `techniques::forcing`'s contradiction chains); placements remove
//! the digit from the peers of that layout.

use nonet_core::{Cell, CellSet, Digit, DigitSet, Layout, PencilMarks, Puzzle, Solutions, Sudoku};

use crate::chains::{forcing_chains_on, ChainLevel};
use crate::observer::{unobserved, Observer, Stopped};
use crate::position::Position;
use crate::se::grid::{Geometry, Grid};
use crate::se::Memory;
use crate::step::{Candidate, Step};
use crate::technique::Technique;
use crate::techniques;

/// The techniques of the path, easiest first (see the module documentation).
pub const ORDER: &[Technique] = {
    use Technique::*;
    &[
        FullHouse,
        HiddenSingleBox,
        HiddenSingleRow,
        HiddenSingleColumn,
        NakedSingle,
        LockedPair,
        LockedTriple,
        Pointing,
        Claiming,
        NakedPair,
        XWing,
        HiddenPair,
        NakedTriple,
        Swordfish,
        HiddenTriple,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        XYWing,
        XYZWing,
        WWing,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        NakedQuad,
        Jellyfish,
        HiddenQuad,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        UniqueRectangle3,
        HiddenRectangle,
        Bug1,
        SimpleColorsTrap,
        SimpleColorsWrap,
        MultiColors,
        RemotePair,
        XChain,
        XCycle,
        XYChain,
        YCycle,
        SueDeCoq,
        AlsXz,
        Aic,
        NiceLoop,
        GroupedAic,
        GroupedNiceLoop,
        AlsXyWing,
        AlsXyChain,
        AlignedPairExclusion,
        AlignedTripletExclusion,
        DeathBlossom,
    ]
};

/// Options of the path.
#[derive(Clone, Debug)]
pub struct PathOptions {
    /// The techniques allowed (`None`: all of [`ORDER`]). Trial and error is governed by
    /// `trial_and_error`, not by this list.
    pub techniques: Option<Vec<Technique>>,
    /// Whether uniqueness techniques may be used (only for puzzles with one solution).
    pub uniqueness: bool,
    /// Whether to fall back on a guess when no allowed technique applies.
    pub trial_and_error: bool,
}

impl Default for PathOptions {
    fn default() -> PathOptions {
        PathOptions {
            techniques: None,
            uniqueness: true,
            trial_and_error: true,
        }
    }
}

impl PathOptions {
    /// Whether `t` may be used on `layout`: listed (or no list), uniqueness allowed if it needs
    /// it, and able to run on the layout.
    pub(crate) fn allows(&self, t: Technique, layout: &Layout) -> bool {
        (self.uniqueness || !t.needs_uniqueness())
            && (layout.is_standard() || !t.standard_layout_only())
            && self
                .techniques
                .as_ref()
                .is_none_or(|list| list.contains(&t))
    }
}

/// Why no path or hint can be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// The grid has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// No allowed technique applies and trial and error is off.
    #[error("no allowed technique applies (after {steps} steps)")]
    Stuck {
        /// Steps applied before getting stuck.
        steps: usize,
    },
    /// The caller's observer stopped the search before it finished.
    #[error("the search was stopped before it finished")]
    Stopped,
}

impl From<Stopped> for PathError {
    fn from(_: Stopped) -> Self {
        PathError::Stopped
    }
}

/// A player's mistake, found by comparing the position with the solution.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mistake {
    /// A placed digit that is not the solution's.
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit placed there.
        placed: Digit,
    },
    /// The solution's digit is missing from a cell's pencil marks.
    MissingCandidate {
        /// The cell.
        cell: Cell,
        /// The solution's digit, no longer pencilled in.
        digit: Digit,
    },
    /// The placed digits leave no solution at all (so at least one of them is wrong).
    NoSolution,
}

impl std::fmt::Display for Mistake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mistake::WrongDigit { cell, placed } => {
                write!(f, "The {placed} in {cell} is wrong: the solution has another digit there.")
            }
            Mistake::MissingCandidate { cell, digit } => write!(
                f,
                "{digit} was removed from the pencil marks of {cell}, but it is the digit that goes there."
            ),
            Mistake::NoSolution => {
                f.write_str("The digits placed so far leave no solution: at least one is wrong.")
            }
        }
    }
}

/// The next step on `pm` by the path's order, or `None` when nothing allowed applies (trial and
/// error is not tried here: see [`next_step_or_guess`]).
///
/// The step carries its difficulty on Sudoku Explainer's scale: SE's own where SE has the
/// technique, nonet's for the others (`crate::difficulty`).
pub fn next_step(pm: &PencilMarks, opts: &PathOptions) -> Option<Step> {
    unobserved(next_step_observed(pm, opts, &Observer::never()))
}

/// [`next_step`] under the caller's observer `obs`, asked inside the forcing chains' search:
/// [`Stopped`] once it says stop.
fn next_step_observed(
    pm: &PencilMarks,
    opts: &PathOptions,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let Some(mut step) = next_step_unrated(pm, opts, obs)? else {
        return Ok(None);
    };
    if step.difficulty.is_none() {
        step.difficulty = Some(crate::difficulty::difficulty(&step));
    }
    Ok(Some(step))
}

fn next_step_unrated(
    pm: &PencilMarks,
    opts: &PathOptions,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let pos = Position::new(pm);
    // Techniques found by one search share its result (see `techniques::find_family`).
    let mut cache: Vec<(techniques::Group, Vec<Step>)> = Vec::new();
    for &t in ORDER {
        if !opts.allows(t, pm.layout()) {
            continue;
        }
        let found = match techniques::group(t) {
            Some(g) => {
                if !cache.iter().any(|(k, _)| *k == g) {
                    cache.push((g, techniques::find_family(t, &pos)));
                }
                let all = &cache.iter().find(|(k, _)| *k == g).expect("cached").1;
                all.iter()
                    .find(|s| s.technique == t && s.is_productive())
                    .cloned()
            }
            None => techniques::find(t, &pos)
                .into_iter()
                .find(Step::is_productive),
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    forcing_chain(pm, &pos, opts, obs)
}

/// The forcing-chain levels of `crate::chains`, in order, with the techniques each may
/// report.
pub(crate) const FORCING_LEVELS: &[(ChainLevel, &[Technique])] = {
    use Technique::*;
    &[
        (
            ChainLevel::Static,
            &[
                ForcingXChain,
                ForcingYChain,
                ForcingXYChain,
                XCycle,
                YCycle,
                XYCycle,
            ],
        ),
        (ChainLevel::Nishio, &[NishioForcingChain]),
        (
            ChainLevel::Multiple,
            &[CellForcingChain, RegionForcingChain],
        ),
        (
            ChainLevel::Dynamic,
            &[
                DynamicForcingChain,
                ContradictionForcingChain,
                DoubleForcingChain,
                CellForcingChain,
                RegionForcingChain,
            ],
        ),
        (ChainLevel::DynamicPlus, &[DynamicForcingChainPlus]),
        // SE's nesting levels 2-5, the same engine and order as the rater's: a puzzle the
        // rater rates gets a logical hint before any guess.
        (ChainLevel::Nested(2), &[NestedForcingChain]),
        (ChainLevel::Nested(3), &[NestedForcingChain]),
        (ChainLevel::Nested(4), &[NestedForcingChain]),
        (ChainLevel::Nested(5), &[NestedForcingChain]),
    ]
};

/// How many of [`FORCING_LEVELS`] come before the nested ones.
const UNNESTED: usize = 5;

/// The forcing-chain levels the engine searches on `pm`: all of [`FORCING_LEVELS`] when the
/// position's digits have exactly one solution (as every puzzle the SE rater rates), else those
/// before the nested levels. On a position with many solutions (an empty grid) no nested chain
/// may exist and their search has no useful bound; the guess then follows at once, as before.
pub(crate) fn forcing_levels_for(
    pm: &PencilMarks,
) -> &'static [(ChainLevel, &'static [Technique])] {
    if pm.to_sudoku().count_solutions_up_to(2) == 1 {
        FORCING_LEVELS
    } else {
        &FORCING_LEVELS[..UNNESTED]
    }
}

/// The techniques the path can use beyond [`ORDER`]: the forcing chains, as the last logical
/// resort.
pub fn forcing_techniques() -> Vec<Technique> {
    let mut v: Vec<Technique> = Vec::new();
    for (_, ts) in FORCING_LEVELS {
        for &t in *ts {
            if !v.contains(&t) {
                v.push(t);
            }
        }
    }
    v
}

/// The first forcing chain (by level) whose technique is allowed, on `pos` (the position of
/// `pm`). The levels share one chaining memory (its buffers, and the sterile memory the nested
/// levels use).
fn forcing_chain(
    pm: &PencilMarks,
    pos: &Position,
    opts: &PathOptions,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let layout = pm.layout();
    if !layout.is_standard() {
        // Sudoku Explainer's chaining engine knows only the standard houses: on a variant the
        // teacher's own contradiction chains over the layout's houses stand in for it.
        if !opts.allows(Technique::ContradictionForcingChain, layout) {
            return Ok(None);
        }
        return Ok(techniques::forcing::contradiction_chain(pos));
    }
    let g = Grid::new(Geometry::standard(), pos.board().clone());
    let mut memory = Memory::new();
    for &(level, ts) in forcing_levels_for(pm) {
        if !ts.iter().any(|&t| opts.allows(t, layout)) {
            continue;
        }
        obs.check()?;
        if let Some(s) = forcing_chains_on(&g, level, &mut memory, obs)? {
            if opts.allows(s.technique, layout) && s.is_productive() {
                return Ok(Some(s));
            }
        }
    }
    Ok(None)
}

/// The next step, falling back on trial and error against `solution` when allowed.
pub fn next_step_or_guess(
    pm: &PencilMarks,
    opts: &PathOptions,
    solution: Option<&Sudoku>,
) -> Option<Step> {
    unobserved(next_step_or_guess_observed(
        pm,
        opts,
        solution,
        &Observer::never(),
    ))
}

/// [`next_step_or_guess`] under the caller's observer `obs` (see [`next_step_observed`]).
pub(crate) fn next_step_or_guess_observed(
    pm: &PencilMarks,
    opts: &PathOptions,
    solution: Option<&Sudoku>,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    if let Some(s) = next_step_observed(pm, opts, obs)? {
        return Ok(Some(s));
    }
    Ok(if opts.trial_and_error {
        solution.and_then(|sol| trial_and_error(pm, sol))
    } else {
        None
    })
}

/// "Trial and Error": the solution's digit in the empty cell with the fewest candidates.
pub fn trial_and_error(pm: &PencilMarks, solution: &Sudoku) -> Option<Step> {
    let cell = Cell::all()
        .filter(|&c| pm.value(c).is_none())
        .min_by_key(|&c| pm.candidates(c).len())?;
    let d = solution.get(cell)?;
    let mut s = Step::new(Technique::TrialAndError);
    s.placement = Some(Candidate::new(cell, d));
    s.pattern = pm
        .candidates(cell)
        .iter()
        .map(|x| Candidate::new(cell, x))
        .collect();
    s.cells = CellSet::single(cell);
    s.digits = pm.candidates(cell);
    // The catalogue's 20.0: SE's rating of a puzzle its techniques cannot finish.
    s.difficulty = Some(Technique::TrialAndError.base());
    Some(s)
}

/// Applies a step: places its digit (which leaves the cell's peers on the position's layout)
/// and removes its eliminations.
pub fn apply(pm: &mut PencilMarks, step: &Step) {
    if let Some(p) = step.placement {
        if pm.value(p.cell).is_none() {
            pm.place(p.cell, p.digit);
        }
    }
    for e in &step.eliminations {
        pm.eliminate(e.cell, e.digit);
    }
}

/// A whole path.
#[derive(Clone, Debug)]
pub struct Path {
    /// The position the path starts from.
    pub start: PencilMarks,
    /// The steps, in the order applied.
    pub steps: Vec<Step>,
    /// The position after the last step.
    pub end: PencilMarks,
}

impl Path {
    /// Whether the path ends with the grid solved.
    pub fn is_solved(&self) -> bool {
        self.end.is_solved()
    }

    /// The hardest step and its index: the first of the steps with the largest difficulty.
    /// Every step has a difficulty on SE's scale (nonet's own where SE lacks the technique),
    /// so none is passed over.
    pub fn hardest(&self) -> Option<(usize, &Step)> {
        let mut best: Option<(usize, &Step, f64)> = None;
        for (i, s) in self.steps.iter().enumerate() {
            let d = s.difficulty.unwrap_or(0.0);
            if best.is_none_or(|(_, _, top)| d > top) {
                best = Some((i, s, d));
            }
        }
        best.map(|(i, s, _)| (i, s))
    }

    /// Whether some step is a guess.
    pub fn has_guess(&self) -> bool {
        self.steps
            .iter()
            .any(|s| s.technique == Technique::TrialAndError)
    }
}

/// The solution of `puzzle` and whether it is the only one.
fn solution_of(puzzle: &Puzzle) -> Result<(Sudoku, bool), PathError> {
    match puzzle.solutions() {
        Solutions::None => Err(PathError::NoSolution),
        Solutions::Unique(s) => Ok((s, true)),
        Solutions::Multiple(s) => Ok((s, false)),
    }
}

/// The path for `puzzle` from its raw pencil marks.
pub fn solve_path(puzzle: &Puzzle, opts: &PathOptions) -> Result<Path, PathError> {
    path_from(&PencilMarks::raw(puzzle), opts)
}

/// The path from a position (givens, placed digits and pencil marks). Candidates that clash
/// with a placed digit are dropped first, and a cell with no pencil marks at all is taken to
/// hold every digit its peers allow.
pub fn path_from(pm: &PencilMarks, opts: &PathOptions) -> Result<Path, PathError> {
    path_from_observed(pm, opts, &Observer::never())
}

/// [`path_from`] under the caller's observer `obs`, asked before each step and inside the
/// forcing chains' search: [`PathError::Stopped`] once it says stop, else the same path.
pub fn path_from_observed(
    pm: &PencilMarks,
    opts: &PathOptions,
    obs: &Observer,
) -> Result<Path, PathError> {
    let start = normalize(pm);
    let (solution, unique) = solution_of(&start.to_puzzle())?;
    let mut opts = opts.clone();
    opts.uniqueness &= unique;
    let mut cur = start.clone();
    let mut steps = Vec::new();
    while !cur.is_solved() {
        if cur.has_dead_cell() {
            break;
        }
        obs.check()?;
        let Some(step) = next_step_or_guess_observed(&cur, &opts, Some(&solution), obs)? else {
            return Err(PathError::Stuck { steps: steps.len() });
        };
        apply(&mut cur, &step);
        steps.push(step);
        // A guard against a step that changes nothing (which would loop forever).
        if steps.len() > 2000 {
            return Err(PathError::Stuck { steps: steps.len() });
        }
    }
    Ok(Path {
        start,
        steps,
        end: cur,
    })
}

/// A player's position made consistent on its layout: candidates clashing with placed digits
/// (on that layout's peers) removed, and cells without any pencil mark given the digits their
/// peers allow.
pub fn normalize(pm: &PencilMarks) -> PencilMarks {
    let layout = pm.layout();
    let mut out = pm.clone();
    for cell in Cell::all() {
        if out.value(cell).is_some() {
            continue;
        }
        let seen: DigitSet = layout
            .peers(cell)
            .iter()
            .filter_map(|p| pm.value(p))
            .collect();
        let marks = if pm.candidates(cell).is_empty() {
            DigitSet::ALL
        } else {
            pm.candidates(cell)
        };
        out.set_candidates(cell, marks.difference(seen));
    }
    out
}

/// The first mistake of a player's position against `solution`: a placed digit that is wrong,
/// else a cell whose pencil marks lack the solution's digit.
pub fn find_mistake(pm: &PencilMarks, solution: &Sudoku) -> Option<Mistake> {
    for cell in Cell::all() {
        if let (Some(placed), Some(right)) = (pm.value(cell), solution.get(cell)) {
            if placed != right {
                return Some(Mistake::WrongDigit { cell, placed });
            }
        }
    }
    for cell in Cell::all() {
        if pm.value(cell).is_none() {
            if let Some(right) = solution.get(cell) {
                if !pm.candidates(cell).contains(right) {
                    return Some(Mistake::MissingCandidate { cell, digit: right });
                }
            }
        }
    }
    None
}

/// What a hint says.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Hint {
    /// The player made a mistake: fix it first.
    Mistake(Mistake),
    /// The next step.
    Step(Box<Step>),
    /// Nothing left to do.
    Solved,
}

/// The hint for a player's position. `givens` is the puzzle as given (to find the solution and
/// tell a wrong digit from a given one); without it the position's digits stand for the puzzle.
pub fn hint(
    pm: &PencilMarks,
    givens: Option<&Sudoku>,
    opts: &PathOptions,
) -> Result<Hint, PathError> {
    hint_observed(pm, givens, opts, &Observer::never())
}

/// [`hint`] under the caller's observer `obs`, asked inside the next step's forcing chains:
/// [`PathError::Stopped`] once it says stop, else the same hint.
pub fn hint_observed(
    pm: &PencilMarks,
    givens: Option<&Sudoku>,
    opts: &PathOptions,
    obs: &Observer,
) -> Result<Hint, PathError> {
    if pm.is_solved() {
        return Ok(Hint::Solved);
    }
    let puzzle = Puzzle::new(
        givens.copied().unwrap_or_else(|| pm.to_sudoku()),
        pm.layout().clone(),
    );
    let (solution, unique) = match solution_of(&puzzle) {
        Ok(x) => x,
        Err(_) if givens.is_none() => return Ok(Hint::Mistake(Mistake::NoSolution)),
        Err(e) => return Err(e),
    };
    // Only a unique solution tells which digit is right.
    if unique {
        if let Some(m) = find_mistake(pm, &solution) {
            return Ok(Hint::Mistake(m));
        }
    }
    let cur = normalize(pm);
    let mut opts = opts.clone();
    opts.uniqueness &= unique;
    match next_step_or_guess_observed(&cur, &opts, Some(&solution), obs)? {
        Some(s) => Ok(Hint::Step(Box::new(s))),
        None => Err(PathError::Stuck { steps: 0 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const SOLUTION: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn the_nested_levels_follow_the_unnested_ones() {
        for (i, (level, _)) in FORCING_LEVELS.iter().enumerate() {
            assert_eq!(matches!(level, ChainLevel::Nested(_)), i >= UNNESTED, "{i}");
        }
        // An empty grid has many solutions: its search stops before the nested levels.
        let empty = PencilMarks::raw(&Sudoku::from_line(&".".repeat(81)).unwrap().into());
        assert_eq!(forcing_levels_for(&empty).len(), UNNESTED);
        let one = PencilMarks::raw(&Sudoku::from_line(PUZZLE).unwrap().into());
        assert_eq!(forcing_levels_for(&one).len(), FORCING_LEVELS.len());
    }

    #[test]
    fn the_path_solves_without_guessing() {
        let s = Sudoku::from_line(PUZZLE).unwrap();
        let path = solve_path(&s.into(), &PathOptions::default()).unwrap();
        assert!(path.is_solved());
        assert!(!path.has_guess());
        assert_eq!(path.end.to_sudoku().to_line(), SOLUTION);
    }

    #[test]
    fn restricted_techniques_fall_back_on_a_guess_or_stop() {
        let s = Sudoku::from_line(PUZZLE).unwrap();
        let singles = vec![Technique::FullHouse, Technique::NakedSingle];
        let opts = PathOptions {
            techniques: Some(singles.clone()),
            ..PathOptions::default()
        };
        let path = solve_path(&s.into(), &opts).unwrap();
        assert!(path.is_solved());
        assert!(path.has_guess());
        assert!(path
            .steps
            .iter()
            .all(|st| singles.contains(&st.technique) || st.technique == Technique::TrialAndError));
        let stop = PathOptions {
            trial_and_error: false,
            ..opts
        };
        assert!(matches!(
            solve_path(&s.into(), &stop),
            Err(PathError::Stuck { .. })
        ));
    }

    #[test]
    fn uniqueness_can_be_turned_off() {
        let s = Sudoku::from_line(PUZZLE).unwrap();
        let with = solve_path(&s.into(), &PathOptions::default()).unwrap();
        assert!(with.steps.iter().any(|st| st.technique.needs_uniqueness()));
        let opts = PathOptions {
            uniqueness: false,
            ..PathOptions::default()
        };
        let without = solve_path(&s.into(), &opts).unwrap();
        assert!(without.is_solved());
        assert!(!without
            .steps
            .iter()
            .any(|st| st.technique.needs_uniqueness()));
    }

    #[test]
    fn a_puzzle_with_two_solutions_uses_no_uniqueness_technique() {
        let s = Sudoku::from_line(&".".repeat(81)).unwrap();
        let path = solve_path(&s.into(), &PathOptions::default()).unwrap();
        assert!(path.is_solved());
        assert!(!path.steps.iter().any(|st| st.technique.needs_uniqueness()));
    }

    #[test]
    fn hints_report_mistakes_first() {
        let givens = Sudoku::from_line(PUZZLE).unwrap();
        // A wrong digit: r1c2 is 6 in the solution.
        let mut pm = PencilMarks::raw(&givens.into());
        pm.place(Cell::at(0, 1), d(1));
        match hint(&pm, Some(&givens), &PathOptions::default()).unwrap() {
            Hint::Mistake(Mistake::WrongDigit { cell, placed }) => {
                assert_eq!(cell, Cell::at(0, 1));
                assert_eq!(placed, d(1));
            }
            other => panic!("expected a wrong digit, got {other:?}"),
        }
        // A removed candidate that is the solution's.
        let mut pm = PencilMarks::raw(&givens.into());
        pm.eliminate(Cell::at(0, 1), d(6));
        match hint(&pm, Some(&givens), &PathOptions::default()).unwrap() {
            Hint::Mistake(Mistake::MissingCandidate { cell, digit }) => {
                assert_eq!(cell, Cell::at(0, 1));
                assert_eq!(digit, d(6));
            }
            other => panic!("expected a missing candidate, got {other:?}"),
        }
        // A sound position gets a step.
        let pm = PencilMarks::raw(&givens.into());
        assert!(matches!(
            hint(&pm, Some(&givens), &PathOptions::default()).unwrap(),
            Hint::Step(_)
        ));
    }

    #[test]
    fn normalize_fills_unmarked_cells_and_drops_clashes() {
        let givens = Sudoku::from_line(PUZZLE).unwrap();
        let mut pm = PencilMarks::raw(&givens.into());
        pm.set_candidates(Cell::at(0, 1), DigitSet::EMPTY);
        pm.set_candidates(Cell::at(0, 2), DigitSet::ALL);
        let n = normalize(&pm);
        let raw = PencilMarks::raw(&givens.into());
        assert_eq!(n.candidates(Cell::at(0, 1)), raw.candidates(Cell::at(0, 1)));
        assert_eq!(n.candidates(Cell::at(0, 2)), raw.candidates(Cell::at(0, 2)));
    }
}
