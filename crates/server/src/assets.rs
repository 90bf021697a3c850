//! The game's page and assets, embedded in the binary from `web/` at build time, served by exact
//! path from a fixed table: no file system access, so no path can escape anything.

use axum::http::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// One embedded file.
struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $file:literal, $mime:expr) => {
        Asset {
            path: $path,
            mime: $mime,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $file)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

static ASSETS: &[Asset] = &[
    asset!("/", "index.html", "text/html; charset=utf-8"),
    asset!("/style.css", "style.css", "text/css; charset=utf-8"),
    asset!("/print.css", "print.css", "text/css; charset=utf-8"),
    asset!("/coach.css", "coach.css", "text/css; charset=utf-8"),
    asset!("/favicon.svg", "favicon.svg", "image/svg+xml"),
    asset!(
        "/manifest.webmanifest",
        "manifest.webmanifest",
        "application/manifest+json"
    ),
    asset!("/js/main.js", "js/main.js", JS),
    asset!("/js/api.js", "js/api.js", JS),
    asset!("/js/board.js", "js/board.js", JS),
    asset!("/js/game.js", "js/game.js", JS),
    asset!("/js/dialogs.js", "js/dialogs.js", JS),
    asset!("/js/util.js", "js/util.js", JS),
    asset!("/js/layout.js", "js/layout.js", JS),
    asset!("/js/coach.js", "js/coach.js", JS),
    asset!("/js/steps.js", "js/steps.js", JS),
    asset!("/js/progress.js", "js/progress.js", JS),
    asset!("/js/mini.js", "js/mini.js", JS),
    asset!("/js/learn.js", "js/learn.js", JS),
    asset!("/js/path.js", "js/path.js", JS),
    asset!("/js/finish.js", "js/finish.js", JS),
    asset!("/js/deduce.js", "js/deduce.js", JS),
];

/// Serves an embedded asset, or a JSON 404.
pub async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "only GET and HEAD are allowed here",
        )
        .into_response();
    }
    let path = uri.path();
    let Some(asset) = ASSETS.iter().find(|a| a.path == path) else {
        return ApiError::not_found("no such page").into_response();
    };
    let mut resp = if method == Method::HEAD {
        ().into_response()
    } else {
        asset.body.into_response()
    };
    let h = resp.headers_mut();
    // HEAD says how long the GET's body would be (an empty body would otherwise be sized 0).
    h.insert(CONTENT_LENGTH, HeaderValue::from(asset.body.len()));
    h.insert(CONTENT_TYPE, HeaderValue::from_static(asset.mime));
    // Assets change with the binary; revalidation is cheap on loopback and never shows a stale
    // page after an upgrade.
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    resp
}
