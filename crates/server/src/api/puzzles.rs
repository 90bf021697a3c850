//! Puzzles typed in: `POST /api/puzzles/check` (is it proper, and how hard), and reading a
//! variant, a jigsaw's region map and a puzzle with its map on one line.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use nonet_core::{Layout, Puzzle, RegionMap, Sudoku, Variant, VariantError};
use nonet_logic::Stopped;
use nonet_view::game::PuzzleCheckView;
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

/// Longest puzzle text accepted (a 9-line grid with borders fits easily).
pub(crate) const MAX_PUZZLE_TEXT: usize = 4096;

fn parse_puzzle(text: &str) -> Result<Sudoku, ApiError> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(ApiError::invalid("the puzzle text is too long"));
    }
    Sudoku::parse(text.trim()).map_err(|e| ApiError::invalid(format!("not a puzzle: {e}")))
}

/// A game's variant with a jigsaw's regions.
pub(crate) struct VariantRegions {
    pub(crate) variant: Variant,
    pub(crate) regions: Option<RegionMap>,
}

pub(crate) fn unprocessable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// Reads `variant` (`jigsaw,x,windoku` words, absent or `standard` for the standard layout)
/// and a jigsaw's `regions` (81 labels; blanks between them are ignored, so a 9-line map
/// pasted from a file reads too). Every problem is a 422 that names it: `bad_variant`, or
/// `bad_regions` with the label and the rule it breaks.
pub(crate) fn parse_variant(
    variant: Option<&str>,
    regions: Option<&str>,
) -> Result<VariantRegions, ApiError> {
    let variant: Variant = variant
        .unwrap_or_default()
        .parse()
        .map_err(|e: VariantError| unprocessable("bad_variant", e.to_string()))?;
    let regions = match regions {
        Some(text) if !text.trim().is_empty() => Some(parse_regions(text)?),
        _ => None,
    };
    if regions.is_some() && !variant.jigsaw {
        let e = VariantError::UnexpectedRegions;
        return Err(unprocessable("bad_regions", e.to_string()).with("rule", "not_jigsaw"));
    }
    Ok(VariantRegions { variant, regions })
}

/// A region map's 81 labels (blanks between them ignored), or 422 `bad_regions` naming the
/// label and the rule it breaks.
fn parse_regions(text: &str) -> Result<RegionMap, ApiError> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(
            unprocessable("bad_regions", "the region map is too long".into())
                .with("rule", "length"),
        );
    }
    let labels: String = text.split_whitespace().collect();
    RegionMap::parse(&labels).map_err(|e| crate::layout::region_error(&e))
}

impl VariantRegions {
    /// The player's own puzzle of this variant from `text`; a jigsaw given no map separately
    /// takes the one typed after the puzzle on its line.
    pub(crate) fn own_puzzle(&mut self, text: &str) -> Result<Sudoku, ApiError> {
        let split = nonet_game::puzzle::puzzle_and_map(text)
            .filter(|_| self.variant.jigsaw && self.regions.is_none());
        match split {
            Some((puzzle, map)) => {
                self.regions = Some(parse_regions(map)?);
                parse_puzzle(puzzle)
            }
            None => parse_puzzle(text),
        }
    }

    /// The layout a puzzle is played on: a jigsaw's needs its map (422 `bad_regions` without).
    pub(crate) fn layout(&self) -> Result<Layout, ApiError> {
        self.variant.layout(self.regions.as_ref()).map_err(|e| {
            let (rule, message) = match e {
                VariantError::MissingRegions => (
                    "missing",
                    "a jigsaw needs its region map: 81 labels, one per cell (\"regions\")"
                        .to_string(),
                ),
                other => ("other", other.to_string()),
            };
            unprocessable("bad_regions", message).with("rule", rule)
        })
    }
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
    let job = st
        .pool
        .spawn_detachable(move || {
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
