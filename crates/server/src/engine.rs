//! The bridge to the engine crates: checking a player's own puzzle, generating puzzles by level
//! and seed (`nonet-generate`), rating (`nonet-logic`'s rater) and practice puzzles. The next
//! logical step (hints, the bot) is the rules of play's, `nonet_game::next_step`.
//!
//! Everything here is CPU work without I/O; the API runs the expensive parts (rating,
//! generating) on its bounded [`crate::pool::Pool`].
//!
//! Checking, solving, generating (at a level too: rated with SE's rules over the layout's
//! houses) and rating follow a game's [`Layout`] (jigsaw, X, Windoku).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonet_answers::Deadline;
use nonet_core::{Layout, Puzzle, RegionMap, Sudoku, Variant};
use nonet_generate::{GenerateError, GenerateOptions, Generator};
use nonet_logic::{rate, Observer, Stopped, Technique};

/// The levels a player picks from, easiest first (nonet-logic's [`rate::Level`]).
pub fn levels() -> impl Iterator<Item = rate::Level> {
    rate::Level::ALL.into_iter()
}

/// Why the engine could not answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    /// The generator could not make a puzzle (for example it ran out of time).
    #[error("could not make a puzzle: {0}")]
    Generate(#[from] GenerateError),
}

pub use nonet_game::puzzle::{check as solve_check, with_added_clues, PuzzleCheck};

/// How long a request waits for a player's puzzle to be rated before answering without the
/// rating (the hardest puzzles take seconds; the rating is then saved when it is ready).
pub const RATING_WAIT: Duration = Duration::from_secs(2);

/// The ER rating (Sudoku Explainer's scale; on a variant, SE's rules over its houses) and level
/// of a puzzle with a unique solution on `layout` ([`nonet_game::rating`]).
pub fn rate(puzzle: &Sudoku, layout: &Layout) -> Option<(f64, &'static str)> {
    nonet_game::rating(&Puzzle::new(*puzzle, layout.clone())).map(|(er, level)| (er, level.name()))
}

/// [`rate()`] stopped as soon as `unread` says no one will read the rating (its request has gone
/// and nothing will save it): the rater asks between steps and inside its chain searches.
pub fn rate_unless(
    puzzle: &Sudoku,
    layout: &Layout,
    unread: &dyn Fn() -> bool,
) -> Result<Option<(f64, &'static str)>, Stopped> {
    let rated = nonet_game::rating_observed(
        &Puzzle::new(*puzzle, layout.clone()),
        &Observer::new(unread),
    )?;
    Ok(rated.map(|(er, level)| (er, level.name())))
}

/// How long the check of a deduction the player states may search (a stated nested chain on
/// the hardest puzzles takes most of a minute): past it the check is answered `out_of_time`.
pub const CHECK_STEP_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a new game may take to make before the player is told to try again.
const GENERATE_TIMEOUT: Duration = Duration::from_secs(30);

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Made {
    /// The givens.
    pub puzzle: Sudoku,
    /// Its unique solution.
    pub solution: Sudoku,
    /// Its ER rating and level, when rated.
    pub rating: Option<(f64, &'static str)>,
    /// A jigsaw's regions (those asked for, or drawn from the seed).
    pub regions: Option<RegionMap>,
}

/// What a new game is generated for: a level, or any difficulty (then rated afterwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    /// A level of the classic scale (the generator's target).
    Level(rate::Level),
    /// No target: the puzzle as dug, rated after it is made.
    Any,
}

/// The options of a new game's puzzle ([`GenerateOptions::for_game`]).
fn options(aim: Aim, variant: Variant, regions: Option<RegionMap>) -> GenerateOptions {
    let level = match aim {
        Aim::Level(level) => Some(level),
        Aim::Any => None,
    };
    GenerateOptions::for_game(level, variant, regions)
}

/// Whether the generator aims at a level on the variants (it makes them of any difficulty
/// either way): the page offers levels for a variant only then.
pub fn levels_on_variants() -> bool {
    let x = Variant {
        diagonals: true,
        ..Variant::STANDARD
    };
    Generator::new(options(Aim::Level(rate::Level::Easy), x, None)).is_ok()
}

/// A new puzzle of `variant` for `aim` from `seed` (the same aim, seed, variant and regions
/// always give the same puzzle), with its solution and ER rating (on a variant, SE's rules over
/// its houses); a jigsaw is made on `regions` when given, else on a map drawn from the seed.
/// Puzzles keep a 180-degree symmetric pattern of givens, as printed puzzles do.
pub fn generate(
    aim: Aim,
    seed: u64,
    variant: Variant,
    regions: Option<RegionMap>,
) -> Result<Made, EngineError> {
    let generator = Generator::new(options(aim, variant, regions))?;
    // The engine reads no clock: the deadline is checked here, between attempts.
    let deadline = Deadline::after(Some(GENERATE_TIMEOUT));
    let g = generator.generate_observed(seed, &|_| deadline.check(false))?;
    let layout = g.layout();
    let rating = match g.rating {
        Some(r) => Some((r.er, r.level.name())),
        None => rate(&g.puzzle, &layout),
    };
    Ok(Made {
        puzzle: g.puzzle,
        solution: g.solution,
        rating,
        regions: g.regions,
    })
}

/// A puzzle made to practise a technique (the Learn view's "practice this"): `nonet-view`'s,
/// which the page's engine makes too.
pub use nonet_view::learn::Practice;

/// How long the Learn view's practice puzzles may take, all of them together, before the page
/// is answered with the stock for those not made yet.
pub const PRACTICE_TIMEOUT: Duration = Duration::from_secs(10);

/// Up to `count` practice puzzles of `techniques` ([`nonet_view::learn::practice`]) within
/// `timeout` for all of them together, stopping early when `cancel` is set (both checked
/// between attempts); the puzzles made so far with the failure that stopped it.
pub fn practice(
    techniques: &[Technique],
    seed: u64,
    count: usize,
    timeout: Duration,
    cancel: &AtomicBool,
) -> (Vec<Practice>, Option<EngineError>) {
    let deadline = Deadline::after(Some(timeout));
    let deadline = |_| deadline.check(cancel.load(Ordering::Relaxed));
    let (made, failed) = nonet_view::learn::practice(techniques, seed, count, &deadline);
    (made, failed.map(Into::into))
}
