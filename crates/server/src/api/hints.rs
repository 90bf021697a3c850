//! Help on a game: the check of its placed digits, hints (the next logical step, or the mistake
//! to fix first), a hint's step applied, and the bot's steps.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use nonet_game::{Board, GameHint};
use nonet_logic::Observer;
use nonet_view::game::ActionView;
use serde_json::{json, Value};

use super::games::finish_if_solved;
use super::request::{
    apply_elapsed, blocking, check_elapsed, check_version, game_id, save_clock, seen_game,
    seen_version, Clock, JsonBody,
};
use super::view::{cells, game_json};
use super::Shared;
use crate::error::ApiError;
use crate::store::Game;

/// The routes of the check, hints and the bot.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/games/{id}/check", post(board_check))
        .route("/games/{id}/hint", post(hint_ask))
        .route("/games/{id}/hint/apply", post(hint_apply))
        .route("/games/{id}/bot", post(bot_play))
}

/// `POST /api/games/{id}/check`: which placed digits are right and which wrong.
pub async fn board_check(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    let game = save_clock(st, &id, &headers, clock.version, clock.elapsed_ms).await?;
    let checked = nonet_game::check(&game.board, &game.solution);
    Ok(Json(json!({
        "right": cells(checked.right),
        "wrong": cells(checked.wrong),
        "wrong_marks": cells(checked.wrong_marks),
    })))
}

/// The answer to "solved": nothing left to hint or play.
fn solved_json() -> Value {
    action_json(&ActionView::solved())
}

/// A hint's or the bot's action as JSON (a view of strings, numbers and lists always
/// serialises).
fn action_json(view: &ActionView) -> Value {
    serde_json::to_value(view).unwrap_or_default()
}

/// `POST /api/games/{id}/hint`: the next logical step (or the mistake to fix first), for the
/// version of the game the client names, if it names one (409 if that is stale).
///
/// The step is searched in the engine's pool, outside the database lock (it can take a while
/// on the hardest puzzles), from a read of the game; then one short transaction saves the timer
/// and bumps the hint counter.
pub async fn hint_ask(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seen = seen_version(&headers, clock.version)?;
    if let Some(ms) = clock.elapsed_ms {
        check_elapsed(ms)?;
    }
    let read = st.clone();
    let g = blocking(move || Ok(read.store.get(id)?)).await?;
    check_version(&g, seen)?;
    let (answer, counts) = if g.is_finished() {
        (solved_json(), false)
    } else {
        let (board, solution) = (g.board.clone(), g.solution);
        // The teacher stops when the page stops waiting (its observer asks the pool).
        let hint = st
            .pool
            .run_watched(move |gone| {
                nonet_game::hint_observed(&board, &solution, &Observer::new(gone))
            })
            .await??;
        let counts = matches!(hint, GameHint::Step { .. });
        (action_json(&ActionView::hint(&hint, g.layout())), counts)
    };
    if counts || clock.elapsed_ms.is_some() {
        blocking(move || {
            st.store.update(id, |g| {
                apply_elapsed(g, clock.elapsed_ms)?;
                g.hints += i64::from(counts);
                Ok::<_, ApiError>((false, ()))
            })??;
            Ok(())
        })
        .await?;
    }
    Ok(Json(answer))
}

/// What the bot will do next from a game ([`nonet_game::bot_step`]): the board after its
/// action and the action's JSON.
fn plan_bot(g: &Game, obs: &Observer) -> Result<(Board, Value), ApiError> {
    let (board, action) = nonet_game::bot_step_observed(&g.board, &g.solution, obs)?
        .ok_or_else(|| ApiError::conflict(nonet_game::Stuck.to_string()))?;
    let action = action_json(&ActionView::bot(&action, g.layout()));
    Ok((board, action))
}

/// `POST /api/games/{id}/bot`: the bot plays one step on the version of the game the client
/// saw (409 with the current game if it is stale). Answers the step and the new game.
///
/// The step is planned in the engine's pool, outside the database lock, and applied only if
/// the game is still the version planned from.
pub async fn bot_play(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    play_next_step(st, &id, &headers, clock, true).await
}

/// `POST /api/games/{id}/hint/apply`: plays the step a hint showed (the next logical step) on
/// the version the client saw, as the player's move: the game is not filed as finished by the
/// bot (the hint was counted when it was asked for). A board with a mistake or wrong marks has
/// no step to apply (409: a hint names the mistake instead).
pub async fn hint_apply(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    play_next_step(st, &id, &headers, clock, false).await
}

/// Plays the next step on the version of game `raw_id` the client saw: the bot's (`by_bot`,
/// which also fixes mistakes and marks first, and files the game as helped by the bot) or a
/// hint's, applied for the player.
async fn play_next_step(
    st: Shared,
    raw_id: &str,
    headers: &HeaderMap,
    clock: Clock,
    by_bot: bool,
) -> Result<Json<Value>, ApiError> {
    let (id, seen, current) = seen_game(&st, raw_id, headers, &clock).await?;
    if current.is_finished() {
        return Ok(Json(json!({
            "action": solved_json(),
            "game": game_json(&current),
        })));
    }
    if !by_bot {
        nonet_game::may_apply_hint(&current.board, &current.solution)
            .map_err(|e| ApiError::conflict(e.to_string()))?;
    }
    let planned = current.clone();
    let (board, action) = st
        .pool
        .run_watched(move |gone| plan_bot(&planned, &Observer::new(gone)))
        .await??;
    let (game, ()) = blocking(move || {
        st.store.update(id, |g| {
            // The game changed while the step was planned: the client sees it and decides.
            check_version(g, Some(seen))?;
            apply_elapsed(g, clock.elapsed_ms)?;
            g.board = board;
            g.bot_used |= by_bot;
            finish_if_solved(g);
            Ok::<_, ApiError>((true, ()))
        })?
    })
    .await?;
    Ok(Json(json!({ "action": action, "game": game_json(&game) })))
}
