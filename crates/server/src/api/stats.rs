//! The statistics (`GET /api/stats`).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::request::blocking;
use super::Shared;
use crate::engine;
use crate::error::ApiError;

/// The route of the statistics.
pub fn router() -> Router<Shared> {
    Router::new().route("/stats", get(stats_get))
}

/// `GET /api/stats`: per level (then `custom`), and over every game (`all`): games started,
/// solved without the bot (`clean` without a hint either), finished with the bot, unfinished;
/// best clean time and average time; hints and mistakes; streaks of games solved without the
/// bot.
pub async fn stats_get(State(st): State<Shared>) -> Result<Json<Value>, ApiError> {
    let names: Vec<&str> = engine::levels().map(|l| l.name()).collect();
    let (levels, all) = blocking(move || Ok(st.store.stats(&names)?)).await?;
    Ok(Json(json!({ "levels": levels, "all": all })))
}
