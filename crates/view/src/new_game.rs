//! A new game as the player asks for it, read the same way by both fronts (the server's `POST
//! /api/games` and the page's engine, `new_game`): the request's fields, which of them go
//! together, and the order a player's own puzzle and their progress on it are checked in, so
//! that a request with several problems gets the same first one named by either front.

use nonet_core::{Puzzle, Sudoku, Variant};
use nonet_game::puzzle::PuzzleCheck;
use nonet_game::Board;
use serde::Deserialize;

use crate::game::PuzzleCheckView;
use crate::request::{Problem, Refusal};

/// The longest progress grid read (a pencil-mark grid with its borders is under 1 KB).
pub const MAX_PROGRESS_TEXT: usize = 4096;

/// The fields of a new game: a level (with an optional seed) or the player's own puzzle (with
/// their progress on it), on a variant.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    /// The level to generate at (`easy` to `extreme`, or `any`); `easy` when neither this nor
    /// a puzzle is given.
    pub level: Option<String>,
    /// The generator's seed for the level.
    pub seed: Option<u64>,
    /// The player's own puzzle (a jigsaw's map may follow it on its line).
    pub puzzle: Option<String>,
    /// The variant (`jigsaw,x,windoku` words); standard if absent.
    pub variant: Option<String>,
    /// A jigsaw's region map.
    pub regions: Option<String>,
    /// The player's progress on `puzzle`, as a pencil-mark grid ([`nonet_game::progress`]).
    pub pencil: Option<String>,
}

/// Why a new game was refused. Every one is a 422 of the [`NewGameError::problem`] both fronts
/// answer.
#[derive(Clone, Debug, PartialEq)]
pub enum NewGameError {
    /// Progress given with no puzzle to play it on.
    ProgressWithoutPuzzle,
    /// A puzzle given with a level (`seed`: or a seed).
    PuzzleAndLevel {
        /// A seed was given too.
        seed: bool,
    },
    /// The progress grid is longer than [`MAX_PROGRESS_TEXT`].
    ProgressTooLong,
    /// The progress grid cannot be read onto the puzzle: why.
    BadProgress(String),
    /// The puzzle, with the progress when `with_progress`, fills every cell rightly: the game
    /// would be over before it began, with no move left to finish it (and counted as solved,
    /// a best time of nothing).
    AlreadySolved {
        /// The progress filled the cells the puzzle left empty.
        with_progress: bool,
    },
    /// The puzzle is not proper: the verdict ([`Problem::Clash`], [`Problem::NoSolution`],
    /// [`Problem::MultipleSolutions`]) and the setter's sentence for it.
    NotProper {
        /// The verdict.
        problem: Problem,
        /// The sentence the setter shows for it.
        message: String,
    },
}

impl NewGameError {
    /// The kind of refusal: `invalid`, `bad_progress`, or the verdict's.
    pub fn problem(&self) -> Problem {
        match self {
            NewGameError::ProgressWithoutPuzzle | NewGameError::PuzzleAndLevel { .. } => {
                Problem::Invalid
            }
            NewGameError::ProgressTooLong | NewGameError::BadProgress(_) => Problem::BadProgress,
            NewGameError::NotProper { problem, .. } => *problem,
            NewGameError::AlreadySolved { .. } => Problem::AlreadySolved,
        }
    }

    /// The error's code in the answer ([`Problem::code`]).
    pub fn code(&self) -> &'static str {
        self.problem().code()
    }
}

impl From<NewGameError> for Refusal {
    fn from(e: NewGameError) -> Refusal {
        Refusal::new(e.problem(), e.to_string())
    }
}

impl std::fmt::Display for NewGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewGameError::ProgressWithoutPuzzle => f.write_str(
                "progress (\"pencil\") goes with the puzzle it was made on (\"puzzle\")",
            ),
            NewGameError::PuzzleAndLevel { seed: true } => {
                f.write_str("give either a puzzle or a level and seed, not both")
            }
            NewGameError::PuzzleAndLevel { seed: false } => {
                f.write_str("give either a puzzle or a level, not both")
            }
            NewGameError::ProgressTooLong => f.write_str("the progress grid is too long"),
            NewGameError::BadProgress(why) => f.write_str(why),
            NewGameError::NotProper { message, .. } => f.write_str(message),
            NewGameError::AlreadySolved {
                with_progress: true,
            } => f.write_str(
                "this progress already fills every cell rightly: the puzzle is solved, so there \
                 is nothing left to play (leave some cells of the progress empty to play them)",
            ),
            NewGameError::AlreadySolved {
                with_progress: false,
            } => f.write_str(
                "this puzzle has no empty cell: it is already solved, so there is nothing to play",
            ),
        }
    }
}

impl std::error::Error for NewGameError {}

impl NewGameRequest {
    /// Checks which fields go together: progress only with a puzzle, a puzzle with no level or
    /// seed. The variant and the puzzle's text are each front's to read first.
    pub fn check_fields(&self) -> Result<(), NewGameError> {
        if self.pencil.is_some() && self.puzzle.is_none() {
            return Err(NewGameError::ProgressWithoutPuzzle);
        }
        if self.puzzle.is_some() && (self.level.is_some() || self.seed.is_some()) {
            return Err(NewGameError::PuzzleAndLevel {
                seed: self.seed.is_some(),
            });
        }
        Ok(())
    }
}

/// A player's own puzzle checked to be a game: its solution, and the board with their
/// progress on it when that differs from the bare puzzle (the game's first move, so undo
/// goes back to the bare puzzle).
#[derive(Clone, Debug)]
pub struct OwnGame {
    /// The unique solution.
    pub solution: Sudoku,
    /// The board with the player's progress, if they gave any that changes the bare board.
    pub progress: Option<Board>,
}

/// Checks the player's own `puzzle` (of `variant`, on its layout) with their progress
/// `pencil`, in the one order both fronts answer: the progress grid first (its length, then
/// reading it onto the givens: cheap, and it needs no solution), then the puzzle's solutions
/// (the search, the slow part). The rating is not made here: each front rates the puzzle its
/// own way (the server with a deadline, the page's engine at once).
pub fn own_game(
    puzzle: &Puzzle,
    variant: Variant,
    pencil: Option<&str>,
) -> Result<OwnGame, NewGameError> {
    let progress = match pencil {
        Some(text) if text.len() > MAX_PROGRESS_TEXT => return Err(NewGameError::ProgressTooLong),
        Some(text) => Some(
            nonet_game::progress::import(puzzle.givens(), puzzle.layout(), text)
                .map_err(|e| NewGameError::BadProgress(e.to_string()))?,
        ),
        None => None,
    };
    let check = nonet_game::puzzle::check(puzzle);
    let PuzzleCheck::Unique { solution, .. } = check else {
        let problem = match check {
            PuzzleCheck::Clash(_) => Problem::Clash,
            PuzzleCheck::NoSolution => Problem::NoSolution,
            _ => Problem::MultipleSolutions,
        };
        let view = PuzzleCheckView::new(puzzle.givens(), variant, &check, None);
        return Err(NewGameError::NotProper {
            problem,
            message: view.message,
        });
    };
    let bare = Board::new(puzzle);
    if progress.as_ref().unwrap_or(&bare).is_solved(&solution) {
        let with_progress = progress.is_some() && puzzle.givens().filled_count() < 81;
        return Err(NewGameError::AlreadySolved { with_progress });
    }
    Ok(OwnGame {
        solution,
        progress: progress.filter(|b| *b != bare),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle whose givens clash (two 5s in row 1).
    const CLASHING: &str =
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn puzzle(line: &str) -> Puzzle {
        Puzzle::new(Sudoku::from_line(line).unwrap(), Default::default())
    }

    /// A game complete and right from the start (81 givens, or progress filling every empty
    /// cell with the solution's digit) could never be finished by a move: both fronts refuse
    /// it, naming which (the server alone did, the page's engine made it a game).
    #[test]
    fn a_game_complete_from_the_start_is_refused_by_both_fronts() {
        let p = puzzle(CLASSIC);
        let solution = own_game(&p, Variant::STANDARD, None).unwrap().solution;
        let e = own_game(&puzzle(&solution.to_line()), Variant::STANDARD, None).unwrap_err();
        assert_eq!(
            e,
            NewGameError::AlreadySolved {
                with_progress: false
            }
        );
        assert_eq!(e.code(), "already_solved");
        let full = solution.to_grid_string();
        let e = own_game(&p, Variant::STANDARD, Some(&full)).unwrap_err();
        assert_eq!(
            e,
            NewGameError::AlreadySolved {
                with_progress: true
            }
        );
        assert!(e.to_string().contains("leave some cells"), "{e}");
    }

    #[test]
    fn a_broken_puzzle_with_a_bad_grid_is_refused_for_the_grid_first() {
        let e = own_game(&puzzle(CLASHING), Variant::STANDARD, Some("not a grid")).unwrap_err();
        assert_eq!(e.code(), "bad_progress", "{e}");
        let long = "1".repeat(MAX_PROGRESS_TEXT + 1);
        let e = own_game(&puzzle(CLASHING), Variant::STANDARD, Some(&long)).unwrap_err();
        assert_eq!(e, NewGameError::ProgressTooLong);
        // With no grid, the puzzle's own problem.
        let e = own_game(&puzzle(CLASHING), Variant::STANDARD, None).unwrap_err();
        assert_eq!(e.code(), "clash", "{e}");
    }

    #[test]
    fn a_proper_puzzle_gives_its_solution_and_progress_only_when_it_changes_the_board() {
        let p = puzzle(CLASSIC);
        let g = own_game(&p, Variant::STANDARD, None).unwrap();
        assert!(g.solution.is_full());
        assert!(g.progress.is_none());
        let bare = nonet_game::progress::export(&Board::new(&p));
        assert!(own_game(&p, Variant::STANDARD, Some(&bare))
            .unwrap()
            .progress
            .is_none());
    }

    #[test]
    fn fields_that_do_not_go_together_are_named() {
        let r = NewGameRequest {
            pencil: Some(String::new()),
            ..Default::default()
        };
        assert_eq!(r.check_fields(), Err(NewGameError::ProgressWithoutPuzzle));
        let r = NewGameRequest {
            puzzle: Some(CLASSIC.into()),
            seed: Some(3),
            ..Default::default()
        };
        assert_eq!(
            r.check_fields().unwrap_err().to_string(),
            "give either a puzzle or a level and seed, not both"
        );
    }
}
