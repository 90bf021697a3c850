//! The coaching endpoints: a game's whole logical path (the solving path the page scrubs
//! through), the bot's run over the singles that stops before the first step worth watching,
//! and the check of a deduction the player states (`nonet_logic::Teacher::check_step`).
//!
//! The engine work runs on the bounded [`crate::pool::Pool`]; the path and the check read the
//! game and change nothing, the singles run writes its placements as one history entry (one
//! undo takes them all back) on the version the client named.

use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use nonet_core::{Cell, Digit, DigitSet, Layout, PencilMarks, Puzzle, Sudoku};
use nonet_logic::{Candidate, Claim, Outcome, Step, Teacher};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::{
    apply_elapsed, blocking, candidate_json, candidates_json, check_version, finish_if_solved,
    game_id, game_json, seen_game, seen_version, step_json, Clock, JsonBody, Shared,
};
use crate::error::ApiError;

/// The coaching routes: a game's path, the bot's singles run and the check of a deduction.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/games/{id}/bot/singles", post(bot_singles))
        .route("/games/{id}/path", get(path_get))
        .route("/games/{id}/check-step", post(step_check))
}

/// The logical path of `puzzle` on `layout` from its givens, each step with the position it
/// starts from (placed digits as an 81-character line and every cell's candidates), and the
/// hardest step's place in it.
fn path_json(puzzle: &Sudoku, layout: &Layout) -> Result<Value, ApiError> {
    let teacher = Teacher::new();
    let path = teacher
        .path(&Puzzle::new(*puzzle, layout.clone()))
        .map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "no_path",
                format!("the logical solver has no path for this puzzle: {e}"),
            )
        })?;
    let mut position = path.start.clone();
    let mut steps = Vec::with_capacity(path.steps.len());
    for step in &path.steps {
        steps.push(json!({
            "step": step_json(step, layout, &position),
            "grid": grid_line(&position),
            "candidates": candidates_json(&position),
        }));
        step.apply_to(&mut position);
    }
    let hardest = path.hardest().map(
        |(i, s)| json!({ "index": i, "name": s.technique.name(), "difficulty": s.difficulty }),
    );
    Ok(json!({ "steps": steps, "hardest": hardest, "solved": path.is_solved() }))
}

/// The placed digits of a position as an 81-character line (`.` for an empty cell).
fn grid_line(pm: &PencilMarks) -> String {
    Cell::all()
        .map(|c| pm.value(c).map_or('.', |d| char::from(b'0' + d.get())))
        .collect()
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
    let answer = st.pool.run(move || path_json(&puzzle, &layout)).await??;
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
        .run(move || nonet_game::run_singles(&board, &solution))
        .await?;
    let placed: Vec<Value> = run
        .placed
        .iter()
        .map(|(c, technique)| {
            json!({ "cell": c.cell.index(), "digit": c.digit.get(), "name": technique.name() })
        })
        .collect();
    let next = run.next.map(|(step, position)| {
        json!({
            "step": step_json(&step, &layout, &position),
            "candidates": candidates_json(&position),
        })
    });
    let board = run.board;
    let changed = !placed.is_empty();
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
        json!({ "placed": placed, "next": next, "game": game_json(&game) }),
    ))
}

/// A candidate as a request names it: a cell index (0-80, row by row) and a digit.
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct CandidateIn {
    cell: usize,
    digit: u8,
}

/// Body of `POST /api/games/{id}/check-step`: the technique (its code, `x-wing`, or its name)
/// and whatever part of the pattern the player marked; the engine fills in the rest.
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

fn cell_in(i: usize) -> Result<Cell, ApiError> {
    Cell::new(i).ok_or_else(|| {
        ApiError::invalid(format!(
            "cell {i} is off the board: cells are numbered 0 to 80, row by row"
        ))
    })
}

fn digit_in(d: u8) -> Result<Digit, ApiError> {
    Digit::new(d).ok_or_else(|| ApiError::invalid(format!("{d} is not a digit from 1 to 9")))
}

fn candidates_in(list: &[CandidateIn]) -> Result<Vec<Candidate>, ApiError> {
    list.iter()
        .map(|c| Ok(Candidate::new(cell_in(c.cell)?, digit_in(c.digit)?)))
        .collect()
}

impl CheckStep {
    /// The claim the body states, or why it cannot be read.
    fn claim(&self) -> Result<Claim, ApiError> {
        let mut claim = Claim::of_code(&self.technique).ok_or_else(|| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "unknown_technique",
                format!(
                    "no technique is called {:?}: use a code of `nonet explain \
                     --list-techniques` (x-wing, naked-pair...)",
                    self.technique
                ),
            )
        })?;
        for &i in &self.cells {
            claim.cells.insert(cell_in(i)?);
        }
        let mut digits = DigitSet::EMPTY;
        for &d in &self.digits {
            digits.insert(digit_in(d)?);
        }
        claim.digits = digits;
        claim.pattern = candidates_in(&self.pattern)?;
        claim.placements = candidates_in(&self.placements)?;
        claim.eliminations = candidates_in(&self.eliminations)?;
        Ok(claim)
    }
}

/// The verdict as the page shows it, with the candidates of the position it was judged on
/// (what the page draws the step's pattern over).
fn verdict_json(
    outcome: Outcome,
    reason: &str,
    step: Option<&Step>,
    layout: &Layout,
    pm: &PencilMarks,
) -> Value {
    let outcome = match outcome {
        Outcome::Valid => "valid",
        Outcome::RemovesNothing => "removes_nothing",
        Outcome::Invalid => "invalid",
    };
    json!({
        "outcome": outcome,
        "valid": outcome == "valid",
        "reason": reason,
        "step": step.map(|s| step_json(s, layout, pm)),
        "eliminations": step.map_or(Vec::new(), |s| s.eliminations.iter().map(|c| candidate_json(&c)).collect()),
        "placements": step.map_or(Vec::new(), |s| s.placement.iter().map(candidate_json).collect()),
        "candidates": candidates_json(pm),
    })
}

/// `POST /api/games/{id}/check-step`: whether the deduction the player states holds on the
/// board as it stands (the player's pencil marks when they keep full ones, else every
/// candidate the digits allow): valid with what it removes or places, a pattern that removes
/// nothing, or not valid and why. Changes nothing; 409 when the version named is stale, 422
/// for an unknown technique, a cell or digit off the board, or a position that breaks a rule.
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
    let verdict = st
        .pool
        .run(move || Teacher::new().check_step(&position, &claim))
        .await?
        .map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "cannot_check",
                e.to_string(),
            )
        })?;
    Ok(Json(verdict_json(
        verdict.outcome,
        &verdict.reason,
        verdict.step.as_ref(),
        &shown_layout,
        &shown,
    )))
}
