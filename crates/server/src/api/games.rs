//! Games: a new one (from a level, a seed or the player's own puzzle), the daily puzzle, the
//! list, one game, its deletion, its progress as a pencil-mark grid, and its timer.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use nonet_core::{Puzzle, Variant};
use nonet_view::new_game::{own_game, NewGameError};
use nonet_view::request::{read_aim, read_level, Refusal};
use serde::Deserialize;
use serde_json::{json, Value};

use super::puzzles::{parse_variant, rate_in_time};
use super::request::{blocking, game_id, save_clock, JsonBody};
use super::view::{game_answer, game_json, summary_json};
use super::Shared;
use crate::engine::{self, EngineError};
use crate::error::ApiError;
use crate::store::{now_ms, Game, NewGame, Source};

/// The routes of games, the daily puzzle, a game's progress and its timer.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/games", get(games_list).post(games_create))
        .route("/daily", post(daily_open))
        .route("/games/{id}", get(games_get).delete(games_delete))
        .route("/games/{id}/progress", get(progress_get))
        .route("/games/{id}/clock", put(clock_set))
}

/// A generator's failure as both fronts answer it ([`Refusal`]'s `From<&GenerateError>`): 422
/// `impossible` for options no puzzle can meet (a region map that admits no grid), else 503
/// `generator_failed`, logged.
fn engine_error(e: EngineError) -> ApiError {
    use nonet_generate::GenerateError;
    let EngineError::Generate(g) = &e;
    if !matches!(g, GenerateError::Impossible(_)) {
        eprintln!("nonet play: {e}");
    }
    Refusal::from(g).into()
}

/// Body of `POST /api/games`: exactly one of `level` (with an optional `seed`) or `puzzle`
/// (with the player's progress `pencil`), and the variant (`jigsaw,x,windoku` words; standard
/// if absent) with a jigsaw's `regions`: the fields the page's engine reads too.
pub use nonet_view::new_game::NewGameRequest as CreateGame;

/// A new game refused, as the page's engine refuses it too: 422 with the error's code.
fn new_game_error(e: NewGameError) -> ApiError {
    Refusal::from(e).into()
}

pub(crate) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // RandomState is seeded from the OS once per process and varies per instance: enough to
    // pick a puzzle, which is all this seed is for (the seed is stored, so it can be replayed).
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_i64(now_ms());
    h.finish() >> 11 // keep it below 2^53 so JavaScript numbers hold it exactly
}

/// `POST /api/games`: a new game.
pub async fn games_create(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<CreateGame>,
) -> Result<Response, ApiError> {
    let mut pending = None;
    let mut vr = parse_variant(req.variant.as_deref(), req.regions.as_deref())?;
    let variant = vr.variant;
    req.check_fields().map_err(new_game_error)?;
    let mut progress = None;
    let new = match (&req.puzzle, &req.level) {
        (Some(text), _) => {
            let puzzle = vr.own_puzzle(text)?;
            // The progress grid, then the puzzle's solutions: nonet-view's order, the page's
            // engine's too. The rating comes after, with its deadline.
            let on = Puzzle::new(puzzle, vr.layout()?);
            let pencil = req.pencil.clone();
            let own = blocking(move || Ok(own_game(&on, variant, pencil.as_deref())))
                .await?
                .map_err(new_game_error)?;
            progress = own.progress;
            let (rating, rx) = rate_in_time(&st, puzzle, &vr.layout()?).await?;
            pending = rx;
            NewGame {
                puzzle,
                solution: own.solution,
                source: Source::Custom,
                level: rating.map(|r| r.1.to_string()),
                rating: rating.map(|r| r.0),
                seed: None,
                variant,
                regions: vr.regions,
                daily: None,
            }
        }
        (None, level) => {
            let level = level.clone().unwrap_or_else(|| "easy".to_string());
            let aim = match read_aim(&level)? {
                Some(lvl) => engine::Aim::Level(lvl),
                None => engine::Aim::Any,
            };
            let (source, seed) = match req.seed {
                Some(s) => (Source::Seed, s),
                None => (Source::Level, random_seed()),
            };
            let regions = vr.regions;
            let made = st
                .pool
                .run(move || engine::generate(aim, seed, variant, regions))
                .await?
                .map_err(engine_error)?;
            NewGame {
                puzzle: made.puzzle,
                solution: made.solution,
                source,
                level: made.rating.map(|r| r.1.to_string()),
                rating: made.rating.map(|r| r.0),
                seed: Some(seed.to_string()),
                variant,
                regions: made.regions,
                daily: None,
            }
        }
    };
    let store_st = st.clone();
    let game = blocking(move || {
        let game = store_st.store.create(&new)?;
        // The progress is the first move of the game: undo goes back to the bare puzzle.
        match progress {
            Some(board) if board != game.board => {
                let (game, ()) = store_st.store.update(game.id, |g| {
                    g.board = board;
                    Ok::<_, ApiError>((true, ()))
                })??;
                Ok(game)
            }
            _ => Ok(game),
        }
    })
    .await?;
    if let Some(rx) = pending {
        // The rating was not ready in time: save it with the game when it is (a task, not a
        // thread: the rating itself runs in the pool).
        let id = game.id;
        tokio::spawn(async move {
            if let Ok((er, level)) = rx.await {
                let saved = blocking(move || Ok(st.store.set_rating(id, er, level)?)).await;
                if let Err(e) = saved {
                    eprintln!("nonet play: could not save the rating of game {id}: {e:?}");
                }
            }
        });
    }
    Ok((StatusCode::CREATED, Json(game_json(&game))).into_response())
}

/// Body of `POST /api/daily`: the day (`YYYY-MM-DD`, the player's own calendar date) and the
/// level.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DailyRequest {
    date: String,
    level: String,
}

pub use nonet_game::puzzle::daily_seed;

/// `POST /api/daily`: the daily puzzle of a level for a date, made from the date's seed (see
/// [`daily_seed`]) the first time (201) and the same game every time after (200), so a daily
/// link opened twice continues one game.
pub async fn daily_open(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<DailyRequest>,
) -> Result<Response, ApiError> {
    let seed = daily_seed(&req.date).ok_or_else(|| Refusal::bad_date(&req.date))?;
    let level = read_level(&req.level)?;
    let (date, name) = (req.date.clone(), level.name().to_string());
    let look = st.clone();
    let found = blocking(move || Ok(look.store.find_daily(&date, &name)?)).await?;
    if let Some(g) = found {
        return Ok(game_answer(&g));
    }
    let made = st
        .pool
        .run(move || engine::generate(engine::Aim::Level(level), seed, Variant::STANDARD, None))
        .await?
        .map_err(engine_error)?;
    let new = NewGame {
        puzzle: made.puzzle,
        solution: made.solution,
        source: Source::Daily,
        // The level asked for names the daily game, whatever finer rating it got.
        level: Some(level.name().to_string()),
        rating: made.rating.map(|r| r.0),
        seed: Some(seed.to_string()),
        variant: Variant::STANDARD,
        regions: None,
        daily: Some(req.date),
    };
    let (game, created) = blocking(move || Ok(st.store.create_daily(&new)?)).await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, game_answer(&game)).into_response())
}

/// `GET /api/games/{id}/progress`: the board as a pencil-mark grid (`nonet candidates`' format,
/// which `nonet explain --pencil` reads and `POST /api/games` takes back as `pencil`).
pub async fn progress_get(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let game = blocking(move || Ok(st.store.get(id)?)).await?;
    Ok(Json(json!({
        "puzzle": game.puzzle.to_line(),
        "pencil": crate::progress::export(&game.board),
    })))
}

/// `GET /api/games`: every game, most recent first, and the ids of the games too damaged in
/// the database to be read (`damaged`; left out of the lists, never a 500 for all of them).
pub async fn games_list(State(st): State<Shared>) -> Result<Json<Value>, ApiError> {
    let (games, damaged) = blocking(move || Ok(st.store.list()?)).await?;
    let (done, open): (Vec<_>, Vec<_>) = games.iter().partition(|g| g.is_finished());
    Ok(Json(json!({
        "in_progress": open.iter().map(|g| summary_json(g)).collect::<Vec<_>>(),
        "finished": done.iter().map(|g| summary_json(g)).collect::<Vec<_>>(),
        "damaged": damaged,
    })))
}

/// `GET /api/games/{id}`.
pub async fn games_get(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let game = blocking(move || Ok(st.store.get(id)?)).await?;
    Ok(game_answer(&game))
}

/// `DELETE /api/games/{id}`.
pub async fn games_delete(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let id = game_id(&id)?;
    blocking(move || Ok(st.store.delete(id)?)).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub(crate) fn finish_if_solved(game: &mut Game) {
    if !game.is_finished() && game.board.is_solved(&game.solution) {
        game.finished_at = Some(now_ms());
    }
}

/// Body of `PUT /api/games/{id}/clock`: the timer, which only ever moves forward, so a stale
/// version is harmless here and naming one is optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ClockSet {
    elapsed_ms: i64,
    version: Option<i64>,
}

/// `PUT /api/games/{id}/clock`: save the timer (the page does so every few seconds and when
/// paused or hidden).
pub async fn clock_set(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<ClockSet>,
) -> Result<Json<Value>, ApiError> {
    let game = save_clock(st, &id, &headers, req.version, Some(req.elapsed_ms)).await?;
    Ok(Json(
        json!({ "elapsed_ms": game.elapsed_ms, "finished": game.is_finished() }),
    ))
}
