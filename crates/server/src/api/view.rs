//! The JSON views of games (the board, its clashes, its layout), of a game in a list, and of
//! logical steps and candidates.

use axum::http::header::ETAG;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use nonet_core::{Cell, CellSet, Digit, DigitSet, House, Layout, PencilMarks, RegionMap};
use nonet_logic::{Candidate, Step};
use serde_json::{json, Value};

use crate::store::Game;

pub(crate) fn digits(set: DigitSet) -> Vec<u8> {
    set.iter().map(Digit::get).collect()
}

pub(crate) fn cells(set: CellSet) -> Vec<usize> {
    set.iter().map(Cell::index).collect()
}

/// A house as the page reads it (the shared view's form: index, kind, number, name).
fn house_json(h: House) -> Value {
    serde_json::to_value(<nonet_view::Indices as nonet_view::Style>::house(h)).unwrap_or_default()
}

pub(crate) fn candidate_json(c: &Candidate) -> Value {
    json!({ "cell": c.cell.index(), "digit": c.digit.get() })
}

/// A game as the page needs it (never the solution).
pub fn game_json(g: &Game) -> Value {
    let b = &g.board;
    let cells_json: Vec<Value> = Cell::all()
        .map(|c| {
            let (value, origin) = match b.value(c) {
                Some((d, o)) => (Some(d.get()), Some(o)),
                None => (None, None),
            };
            json!({
                "value": value,
                "origin": origin,
                "candidates": digits(b.candidates(c)),
                "centre": digits(b.centre(c)),
                "corner": digits(b.corner(c)),
            })
        })
        .collect();
    let clashes: Vec<Value> = b
        .clashes()
        .iter()
        .map(|k| {
            json!({
                "cell": k.cell.index(),
                "other": k.other.index(),
                "digit": k.digit.get(),
                "house": house_json(k.house),
                "message": k.message(),
            })
        })
        .collect();
    with_common_fields(
        g,
        json!({
            "finished_at": g.finished_at,
            "version": g.revision,
            "can_undo": !g.is_finished() && g.cursor > 0,
            "can_redo": !g.is_finished() && g.cursor < g.top,
            "layout": crate::layout::layout_json(g.variant, g.regions.as_ref(), g.layout()),
            "cells": cells_json,
            "clashes": clashes,
        }),
    )
}

/// `own` (a JSON object) with the fields a game and its summary in the list share.
fn with_common_fields(g: &Game, mut own: Value) -> Value {
    let common = json!({
        "id": g.id,
        "puzzle": g.puzzle.to_line(),
        "source": g.source,
        "level": g.level,
        "rating": g.rating,
        "seed": g.seed,
        "created_at": g.created_at,
        "updated_at": g.updated_at,
        "elapsed_ms": g.elapsed_ms,
        "finished": g.is_finished(),
        "bot_used": g.bot_used,
        "hints": g.hints,
        "mistakes": g.mistakes,
        "daily": g.daily,
    });
    if let (Value::Object(own), Value::Object(common)) = (&mut own, common) {
        own.extend(common);
    }
    own
}

pub(crate) fn summary_json(g: &Game) -> Value {
    with_common_fields(
        g,
        json!({
            "board": g.board.grid().to_line(),
            "variant": g.variant.to_string(),
            "regions": g.regions.as_ref().map(RegionMap::to_line),
            "boxes": crate::layout::boxes_line(g.layout()),
            "filled": g.board.grid().filled_count(),
        }),
    )
}

/// Each cell's candidates in a position (empty for filled cells), for drawing a step's pattern.
pub(crate) fn candidates_json(pm: &PencilMarks) -> Vec<Vec<u8>> {
    Cell::all()
        .map(|c| {
            if pm.value(c).is_some() {
                Vec::new()
            } else {
                digits(pm.candidates(c))
            }
        })
        .collect()
}

/// A logical step as the page shows it (the shared step view, `nonet_view::GameStep`): name,
/// hints, area, pattern, plain text, notation, the chain to draw and its links, found on
/// `position` on `layout`.
pub fn step_json(step: &Step, layout: &Layout, position: &PencilMarks) -> Value {
    // A view of strings, numbers and lists always serialises.
    serde_json::to_value(nonet_view::GameStep::new(step, layout, Some(position)))
        .unwrap_or_default()
}

/// A game as the answer to a request, with its version as the `ETag`.
pub(crate) fn game_answer(g: &Game) -> Response {
    game_answer_with(g, json!({}))
}

/// [`game_answer`] with the fields of `extra` (an object) beside the game's.
pub(crate) fn game_answer_with(g: &Game, extra: Value) -> Response {
    let etag = HeaderValue::from_str(&format!("\"{}\"", g.revision))
        .expect("digits are a valid header value");
    let mut view = game_json(g);
    if let (Some(fields), Value::Object(more)) = (view.as_object_mut(), extra) {
        fields.extend(more);
    }
    ([(ETAG, etag)], Json(view)).into_response()
}
