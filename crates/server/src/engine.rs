//! The bridge to the engine crates: checking a player's own puzzle, generating puzzles by level
//! and seed (`nonet-generate`), rating (`nonet-logic`'s rater) and the next logical step with its
//! explanation (`nonet-logic`'s path and explain modules).
//!
//! Everything here is CPU work without I/O; the API runs it on the blocking thread pool.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nonet_core::{PencilMarks, Solutions, Sudoku};
use nonet_generate::{GenerateOptions, Generator, Stop, Symmetry, Target};
use nonet_logic::explain::{self, HintLevel};
use nonet_logic::path::{self, PathOptions};
use nonet_logic::{rate, Step};

/// The levels a player picks from, easiest first (nonet-logic's [`rate::Level`]).
pub fn levels() -> impl Iterator<Item = rate::Level> {
    rate::Level::ALL.into_iter()
}

/// Why the engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The generator could not make a puzzle (for example it ran out of time).
    #[error("could not make a puzzle: {0}")]
    Failed(String),
}

/// What checking a player's puzzle found.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleCheck {
    /// Two givens clash (so there is no solution); the sentence says which.
    Clash(String),
    /// No way to fill the grid.
    NoSolution,
    /// Two or more solutions.
    Several,
    /// Exactly one solution, with the rating when it was ready in time.
    Unique {
        /// The solution.
        solution: Sudoku,
        /// ER and level name.
        rating: Option<(f64, &'static str)>,
    },
}

/// How long a request waits for a player's puzzle to be rated before answering without the
/// rating (the hardest puzzles take seconds; the rating is then saved when it is ready).
pub const RATING_WAIT: Duration = Duration::from_secs(2);

/// At most this many ratings may still be running after their request stopped waiting, so
/// pasting very hard puzzles again and again cannot pile up work. Quick ratings never count.
const MAX_SLOW_RATINGS: usize = 2;

/// Ratings running past [`RATING_WAIT`].
static SLOW_RATINGS: AtomicUsize = AtomicUsize::new(0);

/// Checks a puzzle: clashing givens, no solution, several, or one. A unique puzzle is rated for
/// at most [`RATING_WAIT`]; past that the answer comes without the rating, and the receiver
/// returned beside it delivers the rating when it is ready.
pub fn check_puzzle(puzzle: &Sudoku) -> (PuzzleCheck, Option<Receiver<(f64, &'static str)>>) {
    if let Err(conflict) = puzzle.check() {
        return (
            PuzzleCheck::Clash(format!("the givens break a rule: {conflict}")),
            None,
        );
    }
    let solution = match puzzle.solutions() {
        Solutions::None => return (PuzzleCheck::NoSolution, None),
        Solutions::Multiple(_) => return (PuzzleCheck::Several, None),
        Solutions::Unique(solution) => solution,
    };
    let unrated = PuzzleCheck::Unique {
        solution,
        rating: None,
    };
    if SLOW_RATINGS.load(Ordering::SeqCst) >= MAX_SLOW_RATINGS {
        return (unrated, None);
    }
    // (finished, counted as slow), shared by the rating thread and this request.
    let state = Arc::new(Mutex::new((false, false)));
    let (tx, rx) = mpsc::channel();
    let thread_state = Arc::clone(&state);
    let puzzle = *puzzle;
    std::thread::spawn(move || {
        let r = rate(&puzzle);
        let mut st = thread_state.lock().unwrap_or_else(|e| e.into_inner());
        st.0 = true;
        if st.1 {
            SLOW_RATINGS.fetch_sub(1, Ordering::SeqCst);
        }
        drop(st);
        if let Some(r) = r {
            let _ = tx.send(r);
        }
    });
    match rx.recv_timeout(RATING_WAIT) {
        Ok(r) => (
            PuzzleCheck::Unique {
                solution,
                rating: Some(r),
            },
            None,
        ),
        Err(_) => {
            let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
            if !st.0 {
                st.1 = true;
                SLOW_RATINGS.fetch_add(1, Ordering::SeqCst);
            }
            (unrated, Some(rx))
        }
    }
}

/// The ER rating (Sudoku Explainer's scale) and level of a puzzle with a unique solution.
pub fn rate(puzzle: &Sudoku) -> Option<(f64, &'static str)> {
    let r = rate::rate_se_unchecked(puzzle);
    Some((r.er, r.level().name()))
}

/// How long a new game may take to make before the player is told to try again.
const GENERATE_TIMEOUT: Duration = Duration::from_secs(30);

/// A new puzzle of `level` from `seed` (the same level and seed always give the same puzzle),
/// with its solution and ER rating. Puzzles keep a 180-degree symmetric pattern of givens, as
/// printed puzzles do.
pub fn generate(
    level: rate::Level,
    seed: u64,
) -> Result<(Sudoku, Sudoku, Option<f64>), EngineError> {
    let options = GenerateOptions {
        symmetry: Symmetry::Rot180,
        target: Target {
            level: Some(level),
            ..Target::default()
        },
        rate: true,
        ..GenerateOptions::default()
    };
    let generator = Generator::new(options).map_err(|e| EngineError::Failed(e.to_string()))?;
    // The engine reads no clock: the deadline is checked here, between attempts.
    let started = Instant::now();
    let g = generator
        .generate_observed(seed, &|_| {
            let elapsed = started.elapsed();
            if elapsed >= GENERATE_TIMEOUT {
                Err(Stop::OutOfTime(elapsed))
            } else {
                Ok(())
            }
        })
        .map_err(|e| EngineError::Failed(e.to_string()))?;
    Ok((g.puzzle, g.solution, g.rating.map(|r| r.er)))
}

/// The next logical step from a player's position (normalised first: candidates that clash
/// with placed digits dropped), falling back on a guess from `solution` when no technique
/// applies. `None` only when the position is solved or broken.
pub fn next_step(position: &PencilMarks, solution: &Sudoku) -> Option<Step> {
    let pm = path::normalize(position);
    path::next_step_or_guess(&pm, &PathOptions::default(), Some(solution))
}

/// The sentence shown with a step: what the pattern is and what follows from it.
pub fn explain(step: &Step) -> String {
    explain::explain(step)
}

/// The three progressive hint texts of a step: technique, area, move.
pub fn hint_texts(step: &Step) -> [String; 3] {
    [HintLevel::Technique, HintLevel::Area, HintLevel::Move].map(|l| explain::hint_text(step, l))
}
