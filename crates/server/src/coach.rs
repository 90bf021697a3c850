//! The coaching endpoints: a game's whole logical path (the solving path the page scrubs
//! through), the bot's run over the singles that stops before the first step worth watching,
//! and the check of a deduction the player states (`nonet_logic::Teacher::check_step`).
//!
//! The engine work runs on the bounded [`crate::pool::Pool`]; the path and the check read the
//! game and change nothing, the singles run writes its placements as one history entry (one
//! undo takes them all back) on the version the client named.

use axum::extract::{Path as UrlPath, State};
use std::cell::Cell;
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use nonet_answers::Deadline;
use nonet_core::{Layout, Puzzle, Sudoku};
use nonet_logic::{CheckError, Claim, Observer, PathError, Stopped, Teacher};
use nonet_view::game::{CandidateIn, ClaimIn, PathView, SinglesView, VerdictView};
use nonet_view::request::{Problem, Refusal};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::{
    apply_elapsed, blocking, check_version, finish_if_solved, game_id, game_json, seen_game,
    seen_version, Clock, JsonBody, Shared,
};
use crate::error::ApiError;

/// The coaching routes: a game's path, the bot's singles run and the check of a deduction.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/games/{id}/bot/singles", post(bot_singles))
        .route("/games/{id}/path", get(path_get))
        .route("/games/{id}/check-step", post(step_check))
}

/// The logical path of `puzzle` on `layout` from its givens ([`PathView`]), each step with the
/// position it starts from, and the hardest step's place in it.
fn path_json(puzzle: &Sudoku, layout: &Layout, obs: &Observer) -> Result<Value, ApiError> {
    let path = PathView::observed(&Puzzle::new(*puzzle, layout.clone()), obs).map_err(|e| {
        if e == PathError::Stopped {
            return Stopped.into();
        }
        ApiError::problem(
            Problem::NoPath,
            format!("the logical solver has no path for this puzzle: {e}"),
        )
    })?;
    // A view of strings, numbers and lists always serialises.
    Ok(serde_json::to_value(path).unwrap_or_default())
}

/// `GET /api/games/{id}/path`: the puzzle's logical path from its givens, easiest step first,
/// each step with its difficulty (SE's scale) and the position it starts from; and the hardest
/// step.
pub async fn path_get(
    State(st): State<Shared>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let read = st.clone();
    let g = blocking(move || Ok(read.store.get(id)?)).await?;
    let puzzle = g.puzzle;
    let layout = g.layout().clone();
    // The teacher stops when the page stops waiting (its observer asks the pool).
    let answer = st
        .pool
        .run_long(move |gone| path_json(&puzzle, &layout, &Observer::new(gone)))
        .await??;
    Ok(Json(answer))
}

/// `POST /api/games/{id}/bot/singles`: the bot plays the singles in a row and stops before the
/// first step that is not a single, answering it unplayed (`next`) with the singles placed and
/// the game. Nothing is played when the board has a mistake (`placed` empty, `next` null): the
/// ordinary bot step fixes it. Names the version seen, like every change (409 when stale).
pub async fn bot_singles(
    State(st): State<Shared>,
    UrlPath(id): UrlPath<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    let (id, seen, current) = seen_game(&st, &id, &headers, &clock).await?;
    if current.is_finished() {
        return Ok(Json(
            json!({ "placed": [], "next": null, "game": game_json(&current) }),
        ));
    }
    let board = current.board.clone();
    let solution = current.solution;
    let layout = current.layout().clone();
    let run = st
        .pool
        .run_watched(move |gone| {
            nonet_game::run_singles_observed(&board, &solution, &Observer::new(gone))
        })
        .await??;
    let view = SinglesView::new(&run, &layout);
    let changed = !view.placed.is_empty();
    let board = run.board;
    let (game, ()) = blocking(move || {
        st.store.update(id, |g| {
            check_version(g, Some(seen))?;
            apply_elapsed(g, clock.elapsed_ms)?;
            if changed {
                g.board = board;
                g.bot_used = true;
                finish_if_solved(g);
            }
            Ok::<_, ApiError>((changed, ()))
        })?
    })
    .await?;
    Ok(Json(
        json!({ "placed": view.placed, "next": view.next, "game": game_json(&game) }),
    ))
}

/// Body of `POST /api/games/{id}/check-step`: the technique (its code, `x-wing`, or its name)
/// and whatever part of the pattern the player marked ([`ClaimIn`]), and the version seen.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CheckStep {
    technique: String,
    #[serde(default)]
    cells: Vec<usize>,
    #[serde(default)]
    digits: Vec<u8>,
    #[serde(default)]
    pattern: Vec<CandidateIn>,
    #[serde(default)]
    placements: Vec<CandidateIn>,
    #[serde(default)]
    eliminations: Vec<CandidateIn>,
    version: Option<i64>,
}

impl CheckStep {
    /// The claim the body states ([`ClaimIn::claim`]), or why it cannot be read: 422
    /// `unknown_technique`, or 422 `invalid` for a cell or digit off the board.
    fn claim(self) -> Result<Claim, ApiError> {
        let claim = ClaimIn {
            technique: self.technique,
            cells: self.cells,
            digits: self.digits,
            pattern: self.pattern,
            placements: self.placements,
            eliminations: self.eliminations,
        };
        claim.claim().map_err(|e| Refusal::from(e).into())
    }
}

/// 422 `out_of_time`: the teacher did not settle the stated deduction within `limit`. Not a
/// 503: the same claim on the same position takes as long the next time, so the page should
/// not retry it but say so. (It gives no advice: the hardest positions have no simpler step,
/// and the hint may have named this very one.)
fn out_of_time(limit: Duration) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "out_of_time",
        format!(
            "This deduction could not be checked within {} s: the search it needs on this \
             position takes longer than the game allows.",
            limit.as_secs_f64()
        ),
    )
}

/// `POST /api/games/{id}/check-step`: whether the deduction the player states holds on the
/// board as it stands (the player's pencil marks when they keep full ones, else every
/// candidate the digits allow): valid with what it removes or places, a pattern that removes
/// nothing, or not valid and why. Changes nothing; 409 when the version named is stale, 422
/// for an unknown technique, a cell or digit off the board, a position that breaks a rule, or
/// a check not settled within the state's `check_step_timeout` (422 `out_of_time`).
pub async fn step_check(
    State(st): State<Shared>,
    UrlPath(id): UrlPath<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CheckStep>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seen = seen_version(&headers, body.version)?;
    let claim = body.claim()?;
    let read = st.clone();
    let g = blocking(move || Ok(read.store.get(id)?)).await?;
    check_version(&g, seen)?;
    let position = g.board.position();
    let shown = position.clone();
    let shown_layout = g.layout().clone();
    let limit = st.check_step_timeout;
    // A stated chain can send the teacher searching for most of a minute: the check is a long
    // search for the pool (it leaves a worker to the short work), and stops at its deadline.
    let (verdict, late) = st
        .pool
        .run_long(move |gone| {
            // The engine reads no clock: the deadline is polled by the teacher's observer.
            let deadline = Deadline::after(Some(limit));
            let late = Cell::new(false);
            let stop = || {
                if gone() {
                    return true;
                }
                let out = deadline.check(false).is_err();
                late.set(out);
                out
            };
            let verdict =
                Teacher::new().check_step_observed(&position, &claim, &Observer::new(&stop));
            (verdict, late.get())
        })
        .await?;
    let verdict = verdict.map_err(|e| match e {
        CheckError::Stopped if late => out_of_time(limit),
        CheckError::Stopped => Stopped.into(),
        e => ApiError::problem(Problem::CannotCheck, e.to_string()),
    })?;
    // A view of strings, numbers and lists always serialises.
    Ok(Json(
        serde_json::to_value(VerdictView::new(&verdict, &shown_layout, &shown)).unwrap_or_default(),
    ))
}
