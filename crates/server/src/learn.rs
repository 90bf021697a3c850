//! The Learn view's data: every technique of the catalogue (one entry per `--techniques` code,
//! so the three hidden singles are one), with its paragraph in plain words
//! (`Technique::about`, the catalogue's), its difficulty on SE's scale (SE's own, or nonet's
//! for a technique SE lacks), a worked example drawn live from a real puzzle and puzzles to
//! practise it on.
//!
//! The example is found by running the teacher on a puzzle of the stock (`learn-stock.txt`:
//! the logic crate's hand-checked exemplar steps, each the first step of its technique on its
//! puzzle's path) up to the first step of that technique; the page draws the board and the
//! pattern from that step's own data. Found examples are kept for the server's life (the same
//! puzzle always gives the same step).
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
use nonet_core::{Cell, Sudoku, Variant};
use nonet_logic::{Family, Teacher, Technique};
use serde_json::{json, Value};

use crate::api::{candidates_json, random_seed, step_json, Shared};
use crate::engine::{self, EngineError, Practice};
use crate::error::ApiError;

/// The Learn routes: the catalogue, one technique's page and its practice puzzles.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/learn", get(learn_list))
        .route("/learn/{code}", get(learn_get))
        .route("/learn/{code}/practice", get(practice_get))
}

/// The stock: `Technique|example puzzle|practice puzzles, comma-separated`.
const STOCK: &str = include_str!("learn-stock.txt");

/// One technique of the stock.
struct Stocked {
    technique: &'static str,
    example: &'static str,
    practice: Vec<&'static str>,
}

fn stock() -> impl Iterator<Item = Stocked> {
    STOCK
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut parts = l.split('|');
            let technique = parts.next()?;
            let example = parts.next()?;
            let practice = parts
                .next()
                .unwrap_or("")
                .split(',')
                .filter(|p| !p.is_empty())
                .collect();
            Some(Stocked {
                technique,
                example,
                practice,
            })
        })
}

/// The stocked entry of any technique sharing `code` (a hidden single's box, row or column
/// example all teach the hidden single).
fn stocked(code: &str) -> Option<Stocked> {
    let techniques = techniques_of(code);
    stock().find(|s| {
        s.technique
            .parse::<Technique>()
            .is_ok_and(|t| techniques.contains(&t))
    })
}

/// The techniques of the catalogue code `code` (none when it is not a code, though it may name
/// a technique otherwise: the Learn view's addresses are codes).
fn techniques_of(code: &str) -> Vec<Technique> {
    Technique::named(code)
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t.code() == code)
        .collect()
}

/// The catalogue as the Learn view lists it: one entry per code, in catalogue order (easiest
/// families first), without trial and error (not a deduction).
fn catalogue() -> Vec<Value> {
    let mut seen = Vec::<String>::new();
    let mut out = Vec::new();
    for t in Technique::all() {
        let code = t.code();
        if t.family() == Family::Guess || seen.contains(&code) {
            continue;
        }
        seen.push(code.clone());
        let stocked = stocked(&code);
        out.push(json!({
            "code": code,
            "name": t.name(),
            "family": t.family().name(),
            "difficulty": t.base(),
            "needs_uniqueness": t.needs_uniqueness(),
            "about": t.about(),
            "has_example": stocked.is_some(),
        }));
    }
    out
}

/// `GET /api/learn`: every technique with its paragraph and difficulty.
pub async fn learn_list() -> Json<Value> {
    Json(json!({ "techniques": catalogue() }))
}

/// The first step of one of `techniques` on the path of `puzzle`, with the position it starts
/// from.
fn example(puzzle: &Sudoku, techniques: &[Technique]) -> Option<Value> {
    let teacher = Teacher::new();
    let path = teacher.path(&puzzle.into()).ok()?;
    let mut position = path.start.clone();
    for step in &path.steps {
        if techniques.contains(&step.technique) {
            let grid: String = Cell::all()
                .map(|c| {
                    position
                        .value(c)
                        .map_or('.', |d| char::from(b'0' + d.get()))
                })
                .collect();
            return Some(json!({
                "puzzle": puzzle.to_line(),
                "grid": grid,
                "candidates": candidates_json(&position),
                "step": step_json(step, position.layout(), &position),
                // The board's geometry, so the page draws the example from data.
                "layout": crate::layout::layout_json(
                    Variant::STANDARD,
                    None,
                    position.layout(),
                ),
            }));
        }
        step.apply_to(&mut position);
    }
    None
}

/// Examples found so far, by code (`None`: the stock has none for it).
fn found() -> &'static Mutex<HashMap<String, Option<Value>>> {
    static FOUND: OnceLock<Mutex<HashMap<String, Option<Value>>>> = OnceLock::new();
    FOUND.get_or_init(Mutex::default)
}

/// `GET /api/learn/{code}`: one technique with its worked example (the step's data and the
/// position before it, `null` when the stock has none) and the stock's puzzles to practise it on
/// (the page asks [`practice_get`] for generated ones).
pub async fn learn_get(
    State(st): State<Shared>,
    UrlPath(code): UrlPath<String>,
) -> Result<Json<Value>, ApiError> {
    let techniques = techniques_of(&code);
    let Some(&first) = techniques.first() else {
        return Err(ApiError::not_found(format!(
            "no technique has the code {code:?}"
        )));
    };
    let stocked = stocked(&code);
    let cached = found()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&code)
        .cloned();
    let example = match (cached, &stocked) {
        (Some(v), _) => v,
        (None, None) => None,
        (None, Some(s)) => {
            let puzzle = Sudoku::from_line(s.example).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "bad_stock",
                    e.to_string(),
                )
            })?;
            let wanted = techniques.clone();
            let v = st.pool.run(move || example(&puzzle, &wanted)).await?;
            found()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(code.clone(), v.clone());
            v
        }
    };
    let practice: Vec<&str> = match &stocked {
        Some(s) if !s.practice.is_empty() => s.practice.clone(),
        Some(s) => vec![s.example],
        None => Vec::new(),
    };
    Ok(Json(json!({
        "code": code,
        "name": first.name(),
        "family": first.family().name(),
        "difficulty": first.base(),
        "about": first.about(),
        "example": example,
        "practice": practice,
    })))
}

/// How many practice puzzles the Learn view offers.
const PRACTICE: usize = 3;

/// The stock's practice puzzles of `stocked` (its example when it has none).
fn stock_practice(stocked: Option<&Stocked>) -> Vec<&'static str> {
    match stocked {
        Some(s) if !s.practice.is_empty() => s.practice.clone(),
        Some(s) => vec![s.example],
        None => Vec::new(),
    }
}

/// Why the generator stopped, in the page's words.
fn reason(e: &EngineError) -> String {
    use nonet_generate::GenerateError;
    match e {
        EngineError::Generate(GenerateError::Timeout { .. }) => {
            "the generator ran out of time".to_string()
        }
        EngineError::Generate(GenerateError::Impossible(why)) => why.to_string(),
        other => other.to_string(),
    }
}

/// The note when the generator made only `made` of the [`PRACTICE`] puzzles, for `why`.
fn shortfall(made: usize, why: &str) -> String {
    if made == 0 {
        format!("No puzzle could be made this time ({why}): these come from the stock.")
    } else {
        format!(
            "Only {made} of {PRACTICE} could be made this time ({why}): the rest come from the \
             stock."
        )
    }
}

/// The practice answer: the puzzles `made` (with their drills), then the stock's up to
/// [`PRACTICE`], with the note saying where they come from when not all were made.
fn practice_json(
    code: &str,
    name: &str,
    seed: Option<u64>,
    made: &[Practice],
    stock: &[&str],
    note: Option<String>,
) -> Value {
    let mut puzzles: Vec<Value> = made
        .iter()
        .map(|p| {
            json!({
                "puzzle": p.puzzle.to_line(),
                "source": "generated",
                "seed": p.seed,
                "technique": p.technique.map(|t| t.name()),
                "drill": p.drill.as_ref().map(|d| json!({
                    "pencil": crate::progress::of_position(&d.position),
                    "index": d.index,
                    "technique": d.step.technique.name(),
                })),
            })
        })
        .collect();
    for p in stock {
        if puzzles.len() >= PRACTICE {
            break;
        }
        if puzzles.iter().all(|q| q["puzzle"] != *p) {
            puzzles.push(json!({
                "puzzle": p,
                "source": "stock",
                "seed": null,
                "technique": null,
                "drill": null,
            }));
        }
    }
    json!({
        "code": code,
        "name": name,
        "seed": seed,
        "generated": made.len(),
        "note": note,
        "puzzles": puzzles,
    })
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
    let techniques = techniques_of(&code);
    let Some(&first) = techniques.first() else {
        return Err(ApiError::not_found(format!(
            "no technique has the code {code:?}"
        )));
    };
    let asked = match query.get("seed") {
        None => None,
        Some(s) => Some(s.parse::<u64>().map_err(|_| {
            ApiError::invalid(format!("the seed {s:?} is not a whole number from 0"))
        })?),
    };
    let stocked = stocked(&code);
    let stock = stock_practice(stocked.as_ref());
    let targets: Vec<Technique> = techniques
        .iter()
        .copied()
        .filter(|&t| nonet_generate::targetable(t, Variant::STANDARD).is_ok())
        .collect();
    if targets.is_empty() {
        let why = match nonet_generate::targetable(first, Variant::STANDARD) {
            // The player needs the reason, not the generator docs' section it cites.
            Err(nonet_generate::GenerateError::Impossible(why)) => {
                let why = why.to_string();
                why.split(" (see ").next().unwrap_or_default().to_string()
            }
            Err(e) => e.to_string(),
            Ok(()) => String::new(),
        };
        let note = if stock.is_empty() {
            format!("No practice puzzles for this one yet. The generator cannot make them: {why}.")
        } else {
            format!(
                "These come from the stock, each checked to need it. The generator cannot make \
                 puzzles for this one: {why}."
            )
        };
        return Ok(Json(practice_json(
            &code,
            first.name(),
            None,
            &[],
            &stock,
            Some(note),
        )));
    }
    let seed = asked.unwrap_or_else(random_seed);
    // A player browsing the list leaves requests behind (the page aborts them): when this
    // handler is dropped unanswered, the generator stops at its next attempt and frees its
    // worker for the hints and games that still wait.
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let (made, failed) = match st
        .pool
        .run(move || engine::practice(&targets, seed, PRACTICE, engine::PRACTICE_TIMEOUT, &cancel))
        .await
    {
        Ok((made, failed)) => (made, failed.as_ref().map(reason)),
        // A busy engine is one more reason for the stock, not an error page.
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let note = failed.map(|why| shortfall(made.len(), &why));
    Ok(Json(practice_json(
        &code,
        first.name(),
        Some(seed),
        &made,
        &stock,
        note,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stock_line_names_a_technique_and_holds_puzzles() {
        let mut lines = 0;
        for s in stock() {
            lines += 1;
            assert!(s.technique.parse::<Technique>().is_ok(), "{}", s.technique);
            for p in std::iter::once(s.example).chain(s.practice.iter().copied()) {
                assert!(Sudoku::from_line(p).is_ok(), "{}: {p}", s.technique);
            }
        }
        assert_eq!(lines, STOCK.lines().filter(|l| !l.starts_with('#')).count());
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
        let stocked = stocked("swordfish");
        let stock = stock_practice(stocked.as_ref());
        let v = practice_json(
            "swordfish",
            "Swordfish",
            Some(1),
            &made,
            &stock,
            Some(shortfall(made.len(), &why)),
        );
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
