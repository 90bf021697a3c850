//! A layout as the page reads it: the JSON a game carries (`layout`), the same for a variant and
//! region map alone (`POST /api/layout`, which the puzzle setter draws from while the player
//! draws a jigsaw's regions), or a broken region map's problem in words, with the rule and the
//! region it names as fields the page can act on ([`nonet_view::request::Refusal::regions`]).

use axum::routing::post;
use axum::{Json, Router};
use nonet_core::{Layout, RegionMap, Variant};
use nonet_view::game::LayoutView;
use serde::Deserialize;
use serde_json::Value;

use crate::api::JsonBody;
use crate::error::ApiError;

/// The route of a variant's layout.
pub fn router() -> Router<crate::api::Shared> {
    Router::new().route("/layout", post(layout_describe))
}

/// A layout as data ([`nonet_view::game::LayoutView`]): its variant, a jigsaw's region map,
/// each cell's box or region (`boxes`), and every house with its cells.
pub fn layout_json(variant: Variant, regions: Option<&RegionMap>, layout: &Layout) -> Value {
    // A view of strings, numbers and lists always serialises.
    serde_json::to_value(LayoutView::new(variant, regions, layout)).unwrap_or_default()
}

/// Body of `POST /api/layout`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LayoutRequest {
    variant: Option<String>,
    regions: Option<String>,
}

/// `POST /api/layout`: the layout of a variant (with a jigsaw's region map) as a game would
/// carry it, or the 422 that names what is wrong with the variant or the map.
pub async fn layout_describe(
    JsonBody(req): JsonBody<LayoutRequest>,
) -> Result<Json<Value>, ApiError> {
    let vr = crate::api::puzzles::parse_variant(req.variant.as_deref(), req.regions.as_deref())?;
    let layout = vr.layout()?;
    Ok(Json(layout_json(vr.variant, vr.regions.as_ref(), &layout)))
}
