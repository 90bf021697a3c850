//! The API's description (`/api/openapi.json`) and the levels (`/api/levels`).

use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::Shared;
use crate::engine;

/// The routes of the API's description and the levels.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/openapi.json", get(openapi_get))
        .route("/levels", get(levels_list))
}

/// `GET /api/openapi.json`.
pub async fn openapi_get() -> Response {
    (
        [(CONTENT_TYPE, "application/json")],
        include_str!("../openapi.json"),
    )
        .into_response()
}

/// `GET /api/levels`.
pub async fn levels_list() -> Json<Value> {
    let levels: Vec<Value> = engine::levels()
        .map(|l| json!({ "name": l.name(), "max_er": l.max_er() }))
        .collect();
    Json(json!({ "levels": levels, "levels_on_variants": engine::levels_on_variants() }))
}
