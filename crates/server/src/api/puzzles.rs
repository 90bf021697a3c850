//! Puzzles typed in: `POST /api/puzzles/check` (is it proper, and how hard), and reading a
//! variant, a jigsaw's region map and a puzzle with its map on one line.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use nonet_core::{Layout, Puzzle, Sudoku, Variant};
use nonet_logic::Stopped;
use nonet_view::game::PuzzleCheckView;
use nonet_view::request::VariantRegions;
use serde::Deserialize;
use serde_json::Value;

use super::request::{blocking, JsonBody};
use super::Shared;
use crate::engine::{self, PuzzleCheck};
use crate::error::ApiError;

/// The route of the puzzle check.
pub fn router() -> Router<Shared> {
    Router::new().route("/puzzles/check", post(puzzles_check))
}

/// Body of `POST /api/puzzles/check`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CheckPuzzle {
    puzzle: String,
    variant: Option<String>,
    regions: Option<String>,
}

/// Reads `variant` and a jigsaw's `regions` as both fronts do
/// ([`nonet_view::request::VariantRegions::read`]): every problem is a 422 that names it,
/// `bad_variant`, or `bad_regions` with the label and the rule it breaks.
pub(crate) fn parse_variant(
    variant: Option<&str>,
    regions: Option<&str>,
) -> Result<VariantRegions, ApiError> {
    Ok(VariantRegions::read(variant, regions)?)
}

/// The verdict on a puzzle as the page reads it ([`nonet_view::game::PuzzleCheckView`]), with
/// `with_clues` (the puzzle made proper) for several solutions.
pub(crate) fn check_json(
    puzzle: &Sudoku,
    variant: Variant,
    check: &PuzzleCheck,
    with_clues: Option<&Sudoku>,
) -> Value {
    // A view of strings, numbers and lists always serialises.
    serde_json::to_value(PuzzleCheckView::new(puzzle, variant, check, with_clues))
        .unwrap_or_default()
}

/// A rating still running after its request stopped waiting for it.
type PendingRating = tokio::sync::oneshot::Receiver<(f64, &'static str)>;

/// Checks a puzzle (quick: the solver stops at a second solution) and, if it is proper, rates
/// it ([`rate_in_time`]).
pub(crate) async fn check_and_rate(
    st: &Shared,
    puzzle: Sudoku,
    layout: &Layout,
) -> Result<(PuzzleCheck, Option<PendingRating>), ApiError> {
    let on = layout.clone();
    let check = blocking(move || Ok(engine::solve_check(&Puzzle::new(puzzle, on)))).await?;
    let PuzzleCheck::Unique { solution, .. } = check else {
        return Ok((check, None));
    };
    let (rating, pending) = rate_in_time(st, puzzle, layout).await?;
    Ok((PuzzleCheck::Unique { solution, rating }, pending))
}

/// Rates a proper puzzle as a job of the engine's pool (503 if the pool is full, 429 past the
/// client's share). The answer waits for the rating at most the state's `rating_wait`
/// ([`engine::RATING_WAIT`]); past that it comes without, the job leaves the client's share
/// for the pool's background ([`crate::pool::Detach::to_background`]), and the receiver
/// returned beside it delivers the rating when the job ends. The rating stops as soon as that
/// receiver is dropped (no one will read it: the verdict alone was wanted, or the request went
/// away), before or while it runs (docs/reliability.md, "Ratings no one waits for").
pub(crate) async fn rate_in_time(
    st: &Shared,
    puzzle: Sudoku,
    layout: &Layout,
) -> Result<(Option<(f64, &'static str)>, Option<PendingRating>), ApiError> {
    let layout = layout.clone();
    let (rating_tx, mut rating_rx) = tokio::sync::oneshot::channel();
    let state = Arc::clone(st);
    // The hardest puzzles take seconds to rate: a long search, which leaves a worker free for
    // the hints however many puzzles are being rated.
    let job = st
        .pool
        .spawn_long_detachable(move || {
            let rated = engine::rate_unless(&puzzle, &layout, &|| rating_tx.is_closed());
            match rated {
                Ok(Some(r)) => {
                    let _ = rating_tx.send(r);
                }
                Ok(None) => {}
                Err(Stopped) => {
                    state.ratings_stopped.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
        .map_err(ApiError::from)?;
    match tokio::time::timeout(st.rating_wait, &mut rating_rx).await {
        Ok(Ok(r)) => Ok((Some(r), None)),
        Ok(Err(_)) => Ok((None, None)),
        Err(_) => {
            // The request stops waiting: the rating no longer counts against the client's
            // share (a page checking one hard puzzle after another earned no 429).
            job.to_background();
            Ok((None, Some(rating_rx)))
        }
    }
}

/// `POST /api/puzzles/check`: is this a proper puzzle?
pub async fn puzzles_check(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<CheckPuzzle>,
) -> Result<Json<Value>, ApiError> {
    let mut vl = parse_variant(req.variant.as_deref(), req.regions.as_deref())?;
    let puzzle = vl.own_puzzle(&req.puzzle)?;
    let layout = vl.layout()?;
    let (check, _) = check_and_rate(&st, puzzle, &layout).await?;
    // For several solutions, the offer: the same puzzle made proper with a few clues from one
    // of its solutions.
    let completed = if check == PuzzleCheck::Several {
        blocking(move || Ok(engine::with_added_clues(&Puzzle::new(puzzle, layout)))).await?
    } else {
        None
    };
    let view = check_json(&puzzle, vl.variant, &check, completed.as_ref());
    Ok(Json(view))
}
