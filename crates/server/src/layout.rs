//! A layout as the page reads it: the JSON a game carries (`layout`), the same for a variant and
//! region map alone (`POST /api/layout`, which the puzzle setter draws from while the player
//! draws a jigsaw's regions), and a broken region map's problem in words, with the rule and the
//! region it names as fields the page can act on.

use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use nonet_core::{Layout, RegionMap, RegionMapError, Variant};
use nonet_view::game::{LayoutView, RegionProblem};
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

/// 422 `bad_regions` for a broken region map: the first problem in words ("region 4 has 10
/// cells", "region 2 is in two pieces"), with `rule` (`length`, `label`, `count`, `size`,
/// `connected`) and, where one region is at fault, `region` (its label) as fields.
pub fn region_error(e: &RegionMapError) -> ApiError {
    let problem = RegionProblem::new(e);
    let err = ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_regions",
        format!("region map: {}", problem.message),
    )
    .with("rule", problem.rule);
    match problem.region {
        Some(label) => err.with("region", label.to_string()),
        None => err,
    }
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
