//! The game's page and assets, embedded in the binary from `web/` at build time, served by exact
//! path from a fixed table: no file system access, so no path can escape anything.
//!
//! `/sw.js`, the service worker that keeps the page for offline reloads, is `web/sw.js` with
//! this table's paths and a version derived from every asset's bytes filled in: it precaches
//! exactly what the binary serves, and a binary whose assets differ starts a fresh cache.
//!
//! `/nonet.wasm` is the page's engine, built by the crate's `build.rs` (absent when the wasm32
//! target is not installed: then it is neither served nor cached).

use axum::http::header::{ALLOW, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::sync::OnceLock;

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
    asset!("/net.css", "net.css", "text/css; charset=utf-8"),
    asset!("/print.css", "print.css", "text/css; charset=utf-8"),
    asset!("/board.css", "board.css", "text/css; charset=utf-8"),
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
    asset!("/js/a11y.js", "js/a11y.js", JS),
    asset!("/js/settings.js", "js/settings.js", JS),
    asset!("/js/colours.js", "js/colours.js", JS),
    asset!("/js/setter.js", "js/setter.js", JS),
    asset!("/js/coach.js", "js/coach.js", JS),
    asset!("/js/steps.js", "js/steps.js", JS),
    asset!("/js/progress.js", "js/progress.js", JS),
    asset!("/js/mini.js", "js/mini.js", JS),
    asset!("/js/learn.js", "js/learn.js", JS),
    asset!("/js/practice.js", "js/practice.js", JS),
    asset!("/js/path.js", "js/path.js", JS),
    asset!("/js/finish.js", "js/finish.js", JS),
    asset!("/js/deduce.js", "js/deduce.js", JS),
    asset!("/js/net.js", "js/net.js", JS),
    asset!("/js/daily.js", "js/daily.js", JS),
    asset!("/js/sharelink.js", "js/sharelink.js", JS),
    asset!("/js/engine.js", "js/engine.js", JS),
    asset!("/js/engine-worker.js", "js/engine-worker.js", JS),
    asset!("/js/abi.js", "js/abi.js", JS),
    asset!("/js/local.js", "js/local.js", JS),
    // The engine as WebAssembly, built by build.rs (empty when it could not be: not served).
    Asset {
        path: "/nonet.wasm",
        mime: "application/wasm",
        body: include_bytes!(concat!(env!("OUT_DIR"), "/nonet.wasm")),
    },
];

/// The assets served: those with a body (the engine may be missing).
fn served() -> impl Iterator<Item = &'static Asset> {
    ASSETS.iter().filter(|a| !a.body.is_empty())
}

/// The service worker's template (`__VERSION__` and `__ASSETS__` filled in by [`service_worker`]).
const SW_TEMPLATE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/sw.js"));

/// The service worker: the template with every asset's path and a version, a 64-bit FNV-1a
/// hash of every path and body (any change to an asset gives a new cache).
fn service_worker() -> &'static str {
    static SW: OnceLock<String> = OnceLock::new();
    SW.get_or_init(|| {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for a in served() {
            for &b in a.path.as_bytes().iter().chain(a.body) {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        let paths: Vec<&str> = served().map(|a| a.path).collect();
        let list = serde_json::to_string(&paths).expect("paths serialise");
        SW_TEMPLATE
            .replace("__VERSION__", &format!("{hash:016x}"))
            .replace("__ASSETS__", &list)
    })
}

/// Serves an embedded asset, or a JSON 404.
pub async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut resp = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "only GET and HEAD are allowed here",
        )
        .into_response();
        // A 405 must say what is allowed (RFC 9110, 15.5.6), as the API's 405s do.
        resp.headers_mut()
            .insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
        return resp;
    }
    let path = uri.path();
    let (body, mime): (&'static [u8], &'static str) = if path == "/sw.js" {
        (service_worker().as_bytes(), JS)
    } else {
        match served().find(|a| a.path == path) {
            Some(asset) => (asset.body, asset.mime),
            None => return ApiError::not_found("no such page").into_response(),
        }
    };
    let mut resp = if method == Method::HEAD {
        ().into_response()
    } else {
        body.into_response()
    };
    let h = resp.headers_mut();
    // HEAD says how long the GET's body would be (an empty body would otherwise be sized 0).
    h.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    h.insert(CONTENT_TYPE, HeaderValue::from_static(mime));
    // Assets change with the binary; revalidation is cheap on loopback and never shows a stale
    // page after an upgrade.
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    resp
}
