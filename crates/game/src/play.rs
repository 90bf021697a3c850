//! The rules of a game against its solution: what counts as a mistake, the check of a board,
//! what stands between a board and a hint, the next logical step, and the bot's steps.
//!
//! Every function here reads a [`Board`] and the puzzle's solution and returns a value (a new
//! board, a verdict, a step); the caller decides what to keep and how to show it.

use nonet_core::{Cell, CellSet, PencilMarks, Puzzle, Sudoku};
use nonet_logic::rate::{self, Level};
use nonet_logic::{
    Candidate, Family, Hint, Observer, PathError, Step, Stopped, Teacher, Technique,
};

use crate::board::{Board, Clash, Move, Origin};

/// Whether `mv` puts a digit in a cell that `solution` fills with another: a mistake, counted
/// in the statistics (when the move changed the board).
pub fn is_mistake(mv: &Move, solution: &Sudoku) -> bool {
    match *mv {
        Move::Place { cell, digit } => Cell::new(usize::from(cell))
            .and_then(|c| solution.get(c))
            .is_some_and(|right| right.get() != digit),
        _ => false,
    }
}

/// The check of a board against its solution: which placed digits are right, which wrong, and
/// which cells' candidates leave out the right digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Checked {
    /// Digits placed by the player or the bot that are the solution's.
    pub right: CellSet,
    /// Digits placed by the player or the bot that are not.
    pub wrong: CellSet,
    /// Empty cells whose candidates leave out the solution's digit.
    pub wrong_marks: CellSet,
}

/// Checks `board` against `solution` (givens are neither right nor wrong: they are the puzzle).
pub fn check(board: &Board, solution: &Sudoku) -> Checked {
    let wrong = board.wrong_cells(solution);
    let right = Cell::all()
        .filter(|&c| {
            matches!(board.value(c), Some((_, o)) if o != Origin::Given) && !wrong.contains(c)
        })
        .collect();
    Checked {
        right,
        wrong,
        wrong_marks: board.wrong_marks(solution),
    }
}

/// What stands between a board and a logical hint, in the order the player fixes them: a clash,
/// then wrong digits, then candidates that leave out the right digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Blocker {
    /// Two digits that break a rule (the first clash of [`Board::clashes`]).
    Clash(Clash),
    /// Placed digits that are not the solution's.
    Mistakes(CellSet),
    /// Empty cells whose candidates leave out the solution's digit.
    Marks(CellSet),
}

impl Blocker {
    /// A short name of the kind: `clash`, `mistake` or `marks`.
    pub fn kind(&self) -> &'static str {
        match self {
            Blocker::Clash(_) => "clash",
            Blocker::Mistakes(_) => "mistake",
            Blocker::Marks(_) => "marks",
        }
    }

    /// The cells to show: a clash's two cells (the blamed one first), or the wrong ones.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Blocker::Clash(k) => vec![k.cell, k.other],
            Blocker::Mistakes(set) | Blocker::Marks(set) => set.iter().collect(),
        }
    }

    /// The sentence the player reads.
    pub fn message(&self) -> String {
        match self {
            Blocker::Clash(k) => format!(
                "{}: {} in {} clashes with {}.",
                k.message(),
                k.digit,
                k.cell,
                k.other
            ),
            Blocker::Mistakes(wrong) => {
                let names = names(*wrong);
                if wrong.len() == 1 {
                    format!("The digit in {} is wrong. Remove it first.", names[0])
                } else {
                    format!(
                        "{} digits are wrong ({}). Remove them first.",
                        wrong.len(),
                        names.join(", ")
                    )
                }
            }
            Blocker::Marks(marks) => format!(
                "The pencil marks of {} leave out the digit that belongs there.",
                names(*marks).join(", ")
            ),
        }
    }
}

/// The cells' names (`r1c3`), in cell order.
fn names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// What stands between `board` and a logical hint; `None` if the board is sound.
pub fn blocker(board: &Board, solution: &Sudoku) -> Option<Blocker> {
    if let Some(&k) = board.clashes().first() {
        return Some(Blocker::Clash(k));
    }
    let wrong = board.wrong_cells(solution);
    if !wrong.is_empty() {
        return Some(Blocker::Mistakes(wrong));
    }
    let marks = board.wrong_marks(solution);
    (!marks.is_empty()).then_some(Blocker::Marks(marks))
}

/// The next logical step from a player's position on its layout (the [`Teacher`]'s order, on
/// the position made consistent first: candidates that clash with placed digits dropped),
/// falling back on a guess from `solution` when no technique applies. `None` only when the
/// position is solved or broken.
pub fn next_step(position: &PencilMarks, solution: &Sudoku) -> Option<Step> {
    Teacher::new().next_step(position, Some(solution))
}

/// [`next_step`] under the caller's observer `obs`, asked inside the forcing chains' search:
/// [`Stopped`] once it says stop (the player who asked has gone), else the same step.
pub fn next_step_observed(
    position: &PencilMarks,
    solution: &Sudoku,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    Teacher::new().next_step_observed(position, Some(solution), obs)
}

/// The hint for a game (see [`hint`]).
#[derive(Clone, Debug)]
pub enum GameHint {
    /// The board is the solution: nothing left to hint.
    Solved,
    /// Something stands before a logical hint: the player fixes it first.
    Blocked(Blocker),
    /// The next logical step, found on `position` (the board's position; both boxed: a step and
    /// a position are large beside the other answers).
    Step {
        /// The step.
        step: Box<Step>,
        /// The position it was found on.
        position: Box<PencilMarks>,
    },
    /// The logical solver finds no step from here.
    Stuck,
}

/// The hint for `board`: what stands before a logical hint ([`blocker`]: a clash, wrong
/// digits, wrong marks), else the [`Teacher`]'s hint for the player's position
/// ([`Teacher::hint`], which looks for a mistake first and then gives the next step, with a
/// guess from the solution when no technique applies).
pub fn hint(board: &Board, solution: &Sudoku) -> GameHint {
    // An observer that never says stop never stops the teacher.
    hint_observed(board, solution, &Observer::never()).unwrap_or(GameHint::Stuck)
}

/// [`hint`] under the caller's observer `obs`, which the teacher asks inside its forcing
/// chains' search: [`Stopped`] once it says stop, else the same hint.
pub fn hint_observed(
    board: &Board,
    solution: &Sudoku,
    obs: &Observer,
) -> Result<GameHint, Stopped> {
    if board.is_solved(solution) {
        return Ok(GameHint::Solved);
    }
    if let Some(b) = blocker(board, solution) {
        return Ok(GameHint::Blocked(b));
    }
    let position = board.position();
    Ok(
        match Teacher::new().hint_observed(&position, Some(&board.givens()), obs) {
            Ok(Hint::Step(step)) => GameHint::Step {
                step,
                position: Box::new(position),
            },
            Ok(Hint::Solved) => GameHint::Solved,
            Err(PathError::Stopped) => return Err(Stopped),
            // The blocker found no wrong digit or mark against the game's solution, which is
            // the teacher's too (a game's puzzle has one): a mistake here means the position is
            // broken in a way no step can help.
            _ => GameHint::Stuck,
        },
    )
}

/// The rating of a puzzle with one solution: Sudoku Explainer's ER (on a variant, SE's rules
/// over its houses) and the level it names. `None` when the rater cannot rate it (no solution,
/// or several).
pub fn rating(puzzle: &Puzzle) -> Option<(f64, Level)> {
    // An observer that never says stop never stops the rater.
    rating_observed(puzzle, &Observer::never()).unwrap_or_default()
}

/// [`rating`] under the caller's observer `obs`, which the rater asks between steps and inside
/// its chain searches: [`Stopped`] once it says stop (a rating no one will read).
pub fn rating_observed(puzzle: &Puzzle, obs: &Observer) -> Result<Option<(f64, Level)>, Stopped> {
    let r = if puzzle.layout().is_standard() {
        rate::rate_se_unchecked_observed(puzzle, obs)?
    } else {
        match rate::rate_se_observed(puzzle, obs) {
            Ok(rate::SeOutcome::Rated(r)) => r,
            Err(rate::RateError::Stopped) => return Err(Stopped),
            _ => return Ok(None),
        }
    };
    Ok(Some((r.er, r.level())))
}

/// What the bot did in one step (see [`bot_step`]).
#[derive(Clone, Debug)]
pub enum BotAction {
    /// It removed these wrong digits.
    Fix(CellSet),
    /// Some candidates left out the right digit: it filled in every candidate afresh.
    Candidates,
    /// It played `step`, found on `position` (the board's position before the step; both
    /// boxed: a step and a position are large beside the other actions).
    Step {
        /// The step played.
        step: Box<Step>,
        /// The position it was found on.
        position: Box<PencilMarks>,
    },
}

impl BotAction {
    /// The sentence the player reads for a fix or fresh candidates (a step has its own words).
    pub fn message(&self) -> Option<String> {
        match self {
            BotAction::Fix(wrong) => Some(format!(
                "The bot removes the wrong digit{} in {}.",
                if wrong.len() > 1 { "s" } else { "" },
                names(*wrong).join(", ")
            )),
            BotAction::Candidates => Some(
                "Some pencil marks left out the right digit: the bot fills in every candidate \
                 afresh."
                    .to_string(),
            ),
            BotAction::Step { .. } => None,
        }
    }
}

/// The logical solver finds no step from a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the logical solver finds no step from here")]
pub struct Stuck;

/// A hint's step is not applied for the player while a mistake stands: the bot fixes
/// mistakes first, but a hint applied plays only a logical step (the hint names the mistake).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the board has a mistake to fix first, so there is no step to apply: ask for a hint")]
pub struct MistakeFirst;

/// Whether a hint's step may be applied for the player on `board`: [`MistakeFirst`] while
/// [`blocker`] finds something in the way.
pub fn may_apply_hint(board: &Board, solution: &Sudoku) -> Result<(), MistakeFirst> {
    match blocker(board, solution) {
        Some(_) => Err(MistakeFirst),
        None => Ok(()),
    }
}

/// The bot's next action on `board`: the board after it and what it did. Mistakes are fixed
/// first, then candidates that leave out the right digit are filled afresh; then the next
/// logical step is played (its eliminations need candidates to show, so the bot fills them in
/// first when an elimination is due and the player keeps none).
pub fn bot_step(board: &Board, solution: &Sudoku) -> Result<(Board, BotAction), Stuck> {
    match bot_step_observed(board, solution, &Observer::never()) {
        Ok(Some(next)) => Ok(next),
        // An observer that never says stop never stops the teacher.
        Ok(None) | Err(Stopped) => Err(Stuck),
    }
}

/// [`bot_step`] under the caller's observer `obs` (see [`next_step_observed`]): `None` where
/// [`bot_step`] is [`Stuck`], [`Stopped`] once the observer says stop.
pub fn bot_step_observed(
    board: &Board,
    solution: &Sudoku,
    obs: &Observer,
) -> Result<Option<(Board, BotAction)>, Stopped> {
    let mut board = board.clone();
    let wrong = board.wrong_cells(solution);
    if !wrong.is_empty() {
        for c in wrong {
            board.unplace(c);
        }
        return Ok(Some((board, BotAction::Fix(wrong))));
    }
    if !board.wrong_marks(solution).is_empty() {
        board.fill_candidates();
        return Ok(Some((board, BotAction::Candidates)));
    }
    let full_marks = board.has_full_marks();
    let position = board.position();
    let Some(step) = next_step_observed(&position, solution, obs)? else {
        return Ok(None);
    };
    if !full_marks && !step.eliminations.is_empty() {
        board.fill_candidates();
    }
    if let Some(c) = step.placement {
        board.place(c.cell, c.digit, Origin::Bot);
    }
    for c in &step.eliminations {
        board.eliminate(c.cell, c.digit);
    }
    Ok(Some((
        board,
        BotAction::Step {
            step: Box::new(step),
            position: Box::new(position),
        },
    )))
}

/// What a singles run did (see [`run_singles`]).
#[derive(Clone, Debug)]
pub struct SinglesRun {
    /// The board after the run.
    pub board: Board,
    /// The singles placed, in order, each with its technique.
    pub placed: Vec<(Candidate, Technique)>,
    /// The step the run stopped before, with the position it was found on, when it stopped
    /// before one.
    pub next: Option<(Step, PencilMarks)>,
}

/// Plays every single from `board` in turn and stops before the first step that is not one
/// (that step is returned, not played). Stops at once on a wrong digit or candidates that leave
/// out the right digit: [`bot_step`] fixes those, in view.
pub fn run_singles(board: &Board, solution: &Sudoku) -> SinglesRun {
    match run_singles_observed(board, solution, &Observer::never()) {
        Ok(run) => run,
        // An observer that never says stop never stops the teacher: unreachable, and the board
        // as it was is a run that placed nothing.
        Err(Stopped) => SinglesRun {
            board: board.clone(),
            placed: Vec::new(),
            next: None,
        },
    }
}

/// [`run_singles`] under the caller's observer `obs` (see [`next_step_observed`]), asked while
/// the step after the singles is looked for: [`Stopped`] once it says stop.
pub fn run_singles_observed(
    board: &Board,
    solution: &Sudoku,
    obs: &Observer,
) -> Result<SinglesRun, Stopped> {
    let mut board = board.clone();
    let mut placed = Vec::new();
    let mut next = None;
    // Each single fills a cell: 81 rounds at most.
    for _ in 0..81 {
        if board.is_solved(solution)
            || !board.wrong_cells(solution).is_empty()
            || !board.wrong_marks(solution).is_empty()
        {
            break;
        }
        let position = board.position();
        let Some(step) = next_step_observed(&position, solution, obs)? else {
            break;
        };
        let single = match step.placement {
            Some(c) if step.technique.family() == Family::Singles => c,
            _ => {
                next = Some((step, position));
                break;
            }
        };
        board.place(single.cell, single.digit, Origin::Bot);
        placed.push((single, step.technique));
    }
    Ok(SinglesRun {
        board,
        placed,
        next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// The digit `solution` has in `cell` (a solved grid has one in every cell).
    fn digit_in(solution: &Sudoku, cell: Cell) -> nonet_core::Digit {
        solution.get(cell).expect("a solution fills every cell")
    }

    fn start() -> (Board, Sudoku) {
        let board = Board::new(&Sudoku::from_line(PUZZLE).unwrap().into());
        (board, Sudoku::from_line(SOLUTION).unwrap())
    }

    /// An empty cell of the puzzle and a digit that is not its solution's.
    fn wrong_digit(solution: &Sudoku, cell: Cell) -> u8 {
        digit_in(solution, cell).get() % 9 + 1
    }

    /// Easter Monster: its first step is a nested forcing chain, a long search.
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    #[test]
    fn a_hint_bot_step_or_singles_run_stops_when_its_observer_says_so() {
        let puzzle = Sudoku::from_line(EASTER_MONSTER).unwrap();
        let solution = puzzle.unique_solution().unwrap();
        let board = Board::new(&puzzle.into());
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            true
        };
        let obs = Observer::new(&stop);
        assert!(matches!(
            hint_observed(&board, &solution, &obs),
            Err(Stopped)
        ));
        assert_eq!(asked.get(), 1, "asked once, then stopped");
        let obs = Observer::new(&stop);
        assert!(matches!(
            bot_step_observed(&board, &solution, &obs),
            Err(Stopped)
        ));
        let obs = Observer::new(&stop);
        assert!(matches!(
            run_singles_observed(&board, &solution, &obs),
            Err(Stopped)
        ));
        // An easy board needs no long search: the observer is never asked.
        let (easy, easy_solution) = start();
        let before = asked.get();
        let obs = Observer::new(&stop);
        assert!(matches!(
            hint_observed(&easy, &easy_solution, &obs),
            Ok(GameHint::Step { .. })
        ));
        assert_eq!(asked.get(), before);
    }

    #[test]
    fn only_a_placement_of_another_digit_than_the_solutions_is_a_mistake() {
        let (_, solution) = start();
        let right = digit_in(&solution, Cell::from_index(2)).get();
        let wrong = wrong_digit(&solution, Cell::from_index(2));
        assert!(is_mistake(
            &Move::Place {
                cell: 2,
                digit: wrong
            },
            &solution
        ));
        assert!(!is_mistake(
            &Move::Place {
                cell: 2,
                digit: right
            },
            &solution
        ));
        assert!(!is_mistake(
            &Move::Candidate {
                cell: 2,
                digit: wrong
            },
            &solution
        ));
        assert!(!is_mistake(&Move::Place { cell: 81, digit: 1 }, &solution));
    }

    #[test]
    fn the_check_sorts_placed_digits_and_leaves_givens_out() {
        let (mut board, solution) = start();
        let right = digit_in(&solution, Cell::from_index(2)).get();
        let wrong = wrong_digit(&solution, Cell::from_index(3));
        board
            .apply(&Move::Place {
                cell: 2,
                digit: right,
            })
            .unwrap();
        board
            .apply(&Move::Place {
                cell: 3,
                digit: wrong,
            })
            .unwrap();
        let checked = check(&board, &solution);
        assert_eq!(checked.right, CellSet::from_iter([Cell::from_index(2)]));
        assert_eq!(checked.wrong, CellSet::from_iter([Cell::from_index(3)]));
        assert!(checked.wrong_marks.is_empty());
    }

    /// A clash comes before a wrong digit, a wrong digit before wrong marks.
    #[test]
    fn a_blocker_names_the_clash_first_then_mistakes_then_marks() {
        let (mut board, solution) = start();
        assert_eq!(blocker(&board, &solution), None);
        // r1c3 without its right digit among its candidates.
        let right = digit_in(&solution, Cell::from_index(2)).get();
        board.apply(&Move::AutoCandidates).unwrap();
        board
            .apply(&Move::Candidate {
                cell: 2,
                digit: right,
            })
            .unwrap();
        let marks = blocker(&board, &solution).unwrap();
        assert_eq!(marks.kind(), "marks");
        assert_eq!(
            marks.message(),
            "The pencil marks of r1c3 leave out the digit that belongs there."
        );
        // A wrong digit that clashes with nothing (r1c3 holds 4 in the solution, 2 is free in
        // its row, column and box).
        board.apply(&Move::Place { cell: 2, digit: 2 }).unwrap();
        let mistake = blocker(&board, &solution).unwrap();
        assert_eq!(mistake.kind(), "mistake");
        assert_eq!(
            mistake.message(),
            "The digit in r1c3 is wrong. Remove it first."
        );
        // 5 is a given in r1c1: a 5 in r1c4 clashes with it.
        board.apply(&Move::Place { cell: 3, digit: 5 }).unwrap();
        let clash = blocker(&board, &solution).unwrap();
        assert_eq!(clash.kind(), "clash");
        assert_eq!(
            clash.cells(),
            vec![Cell::from_index(3), Cell::from_index(0)]
        );
        assert_eq!(
            clash.message(),
            "5 is already in this row: 5 in r1c4 clashes with r1c1."
        );
    }

    #[test]
    fn the_bot_fixes_wrong_digits_before_it_plays_a_step() {
        let (mut board, solution) = start();
        board.apply(&Move::Place { cell: 2, digit: 2 }).unwrap();
        board.apply(&Move::Place { cell: 3, digit: 9 }).unwrap();
        let (fixed, action) = bot_step(&board, &solution).unwrap();
        assert!(matches!(action, BotAction::Fix(set) if set.len() == 2));
        assert_eq!(
            action.message().unwrap(),
            "The bot removes the wrong digits in r1c3, r1c4."
        );
        assert_eq!(fixed, start().0);
        let (stepped, action) = bot_step(&fixed, &solution).unwrap();
        let BotAction::Step { step, .. } = action else {
            panic!("a sound board gets a step, not {action:?}");
        };
        let c = step
            .placement
            .expect("the first step of this puzzle places a digit");
        assert_eq!(stepped.value(c.cell), Some((c.digit, Origin::Bot)));
        assert_eq!(solution.get(c.cell), Some(c.digit));
    }

    /// The game's hint is the teacher's next step from the board, after any blocker, and
    /// nothing on a solved board.
    #[test]
    fn a_hint_names_the_blocker_first_then_the_teachers_step() {
        let (mut board, solution) = start();
        let GameHint::Step { step, position } = hint(&board, &solution) else {
            panic!("a sound board gets a step");
        };
        assert_eq!(*position, board.position());
        assert_eq!(Some(*step), next_step(&board.position(), &solution));
        board.apply(&Move::Place { cell: 2, digit: 2 }).unwrap();
        assert!(matches!(hint(&board, &solution), GameHint::Blocked(b) if b.kind() == "mistake"));
        let solved = run_singles(&start().0, &solution).board;
        assert!(matches!(hint(&solved, &solution), GameHint::Solved));
    }

    /// This easy puzzle is all singles: the run solves it, every digit the solution's.
    #[test]
    fn a_singles_run_places_only_singles_and_solves_an_easy_puzzle() {
        let (board, solution) = start();
        let run = run_singles(&board, &solution);
        assert!(run.board.is_solved(&solution));
        assert!(run.next.is_none());
        assert_eq!(run.placed.len(), 81 - 30);
        assert!(run
            .placed
            .iter()
            .all(|(c, t)| t.family() == Family::Singles && solution.get(c.cell) == Some(c.digit)));
    }

    /// A run on a board with a mistake plays nothing: the bot's step fixes it first.
    #[test]
    fn a_singles_run_stops_at_once_on_a_mistake() {
        let (mut board, solution) = start();
        board.apply(&Move::Place { cell: 2, digit: 2 }).unwrap();
        let run = run_singles(&board, &solution);
        assert!(run.placed.is_empty());
        assert_eq!(run.board, board);
    }
}
