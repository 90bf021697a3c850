//! The JSON views of games (the board, its clashes, its layout), of a game in a list, and of
//! logical steps and candidates.

use axum::http::header::ETAG;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use nonet_core::{Layout, PencilMarks, RegionMap};
use nonet_logic::Step;
use nonet_view::game::BoardView;
use serde_json::{json, Value};

use crate::store::Game;

pub(crate) use nonet_view::game::cell_indices as cells;

/// A game as the page needs it (never the solution): the board's view
/// ([`nonet_view::game::BoardView`]) and layout beside the game's own fields.
pub fn game_json(g: &Game) -> Value {
    let board = BoardView::new(&g.board);
    with_common_fields(
        g,
        json!({
            "finished_at": g.finished_at,
            "version": g.revision,
            "can_undo": !g.is_finished() && g.cursor > 0,
            "can_redo": !g.is_finished() && g.cursor < g.top,
            "layout": crate::layout::layout_json(g.variant, g.regions.as_ref(), g.layout()),
            "cells": board.cells,
            "clashes": board.clashes,
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
            "boxes": nonet_view::game::boxes_line(g.layout()),
            "filled": g.board.grid().filled_count(),
        }),
    )
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
