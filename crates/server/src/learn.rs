//! The Learn view's data: every technique of the catalogue (one entry per `--techniques` code,
//! so the three hidden singles are one), with its paragraph in plain words
//! (`Technique::about`, the catalogue's), its difficulty on SE's scale (SE's own, or nonet's
//! for a technique SE lacks), a worked example drawn live from a real puzzle and puzzles to
//! practise it on.
//!
//! The data are `nonet_view::learn`'s, which the page's engine (`nonet-wasm`) answers too: the
//! stock, the catalogue, the example found by running the teacher on a puzzle of the stock up
//! to the first step of that technique, and the practice answer. This module serves them: it
//! runs the teacher and the generator on the engine's pool, keeps the examples found for the
//! server's life (the same puzzle always gives the same step) and bounds practice by a
//! deadline.
//!
//! Practice puzzles ("practice this", `GET /api/learn/{code}/practice`) come from the generator:
//! three classic puzzles whose easiest-first path needs the technique and nothing harder, made on
//! demand on the engine's pool within [`engine::PRACTICE_TIMEOUT`], each with its drill (the
//! position just before the technique's step, as a progress grid a game starts from). The seed
//! is fresh per request (or `?seed=N` to replay one; puzzle `k` uses `N + k`), so every visit
//! brings new puzzles. Techniques the generator cannot aim at (too rare, or never on the path)
//! keep the stock's puzzles, and so do the puzzles not made in time: the answer then says so in
//! `note`, never as an error.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use nonet_core::Sudoku;
use nonet_view::learn::{self, LearnPage, PRACTICE};
use nonet_view::request::Refusal;
use serde_json::{json, Value};

use crate::api::{random_seed, Shared};
use crate::engine::{self, EngineError};
use crate::error::ApiError;

/// The Learn routes: the catalogue, one technique's page and its practice puzzles.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/learn", get(learn_list))
        .route("/learn/{code}", get(learn_get))
        .route("/learn/{code}/practice", get(practice_get))
}

/// `GET /api/learn`: every technique with its paragraph and difficulty.
pub async fn learn_list() -> Json<Value> {
    Json(json!({ "techniques": learn::catalogue() }))
}

/// Examples found so far, by code (`None`: the stock has none for it).
fn found() -> &'static Mutex<HashMap<String, Option<Value>>> {
    static FOUND: OnceLock<Mutex<HashMap<String, Option<Value>>>> = OnceLock::new();
    FOUND.get_or_init(Mutex::default)
}

fn unknown(code: &str) -> ApiError {
    Refusal::unknown_technique_code(code).into()
}

/// `GET /api/learn/{code}`: one technique with its worked example (the step's data and the
/// position before it, `null` when the stock has none) and the stock's puzzles to practise it on
/// (the page asks [`practice_get`] for generated ones).
pub async fn learn_get(
    State(st): State<Shared>,
    UrlPath(code): UrlPath<String>,
) -> Result<Json<Value>, ApiError> {
    let techniques = learn::techniques_of(&code);
    if techniques.is_empty() {
        return Err(unknown(&code));
    }
    let cached = found()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&code)
        .cloned();
    let example = match (cached, learn::example_puzzle(&code)) {
        (Some(v), _) => v,
        (None, None) => None,
        (None, Some(line)) => {
            let puzzle = Sudoku::from_line(line).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "bad_stock",
                    e.to_string(),
                )
            })?;
            let v = st
                .pool
                .run(move || {
                    learn::example(&puzzle, &techniques)
                        .map(|e| serde_json::to_value(e).unwrap_or_default())
                })
                .await?;
            found()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(code.clone(), v.clone());
            v
        }
    };
    let page = LearnPage::new(&code, example).ok_or_else(|| unknown(&code))?;
    Ok(Json(serde_json::to_value(page).unwrap_or_default()))
}

/// Why the generator stopped, in the page's words.
fn reason(e: &EngineError) -> String {
    let EngineError::Generate(g) = e;
    learn::reason(g)
}

/// Sets its flag when dropped: the request it guards was answered or abandoned.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// `GET /api/learn/{code}/practice[?seed=N]`: three puzzles to practise technique `code`, made
/// by the generator to need it (with drills), or from the stock when the generator cannot aim
/// at it or does not make them in time (then `note` says so).
pub async fn practice_get(
    State(st): State<Shared>,
    UrlPath(code): UrlPath<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let ask = learn::PracticeAsk::new(&code).ok_or_else(|| unknown(&code))?;
    let asked = match query.get("seed") {
        None => None,
        Some(s) => Some(s.parse::<u64>().map_err(|_| {
            ApiError::invalid(format!("the seed {s:?} is not a whole number from 0"))
        })?),
    };
    let Some(targets) = ask.targets().map(<[_]>::to_vec) else {
        return Ok(Json(serde_json::to_value(ask.stock()).unwrap_or_default()));
    };
    let seed = asked.unwrap_or_else(random_seed);
    // A player browsing the list leaves requests behind (the page aborts them): when this
    // handler is dropped unanswered, the generator stops at its next attempt and frees its
    // worker for the hints and games that still wait.
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let (made, failed) = match st
        .pool
        .run_long(move |_| {
            engine::practice(&targets, seed, PRACTICE, engine::PRACTICE_TIMEOUT, &cancel)
        })
        .await
    {
        Ok((made, failed)) => (made, failed.as_ref().map(reason)),
        // A busy engine is one more reason for the stock, not an error page.
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let view = ask.answer(seed, &made, failed.as_deref());
    Ok(Json(serde_json::to_value(view).unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_logic::Technique;

    #[test]
    fn every_stock_line_names_a_technique_and_holds_puzzles() {
        let lines = learn::stock_lines();
        assert!(lines.len() > 10, "{}", lines.len());
        for (technique, puzzles) in lines {
            assert!(technique.parse::<Technique>().is_ok(), "{technique}");
            for p in puzzles {
                assert!(Sudoku::from_line(p).is_ok(), "{technique}: {p}");
            }
        }
    }

    /// A generator that runs out of time leaves the page with the stock and a note, never an
    /// error (the deadline here is zero, so it is out of time at its first rejected attempt).
    #[test]
    fn practice_out_of_time_falls_back_to_the_stock_with_a_note() {
        let (made, failed) = engine::practice(
            &[Technique::Swordfish],
            1,
            PRACTICE,
            std::time::Duration::ZERO,
            &AtomicBool::new(false),
        );
        assert!(made.len() < PRACTICE);
        let why = reason(failed.as_ref().expect("out of time"));
        assert_eq!(why, "the generator ran out of time");
        let ask = learn::PracticeAsk::new("swordfish").expect("a technique");
        let v = serde_json::to_value(ask.answer(1, &made, Some(&why))).unwrap();
        let puzzles = v["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), PRACTICE);
        assert!(puzzles[made.len()..].iter().all(|p| p["source"] == "stock"));
        let note = v["note"].as_str().unwrap();
        assert!(
            note.contains("ran out of time") && note.contains("stock"),
            "{note}"
        );
    }

    /// A request the player abandoned stops the generator at its next attempt (its worker is
    /// freed) instead of running on to the deadline.
    #[test]
    fn practice_abandoned_request_stops_the_generator() {
        let (made, failed) = engine::practice(
            &[Technique::Swordfish],
            1,
            PRACTICE,
            engine::PRACTICE_TIMEOUT,
            &AtomicBool::new(true),
        );
        assert!(made.len() < PRACTICE);
        assert!(
            matches!(
                failed,
                Some(EngineError::Generate(
                    nonet_generate::GenerateError::Cancelled
                ))
            ),
            "{failed:?}"
        );
    }
}
