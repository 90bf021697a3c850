//! Reading requests: JSON bodies parsed strictly ([`JsonBody`], with
//! [`nonet_view::request::read_json`], as the page's engine reads its requests), game ids from
//! the path, the version of a game a client saw (body or `If-Match`), and the timer's reading.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::{CONTENT_TYPE, IF_MATCH};
use axum::http::{HeaderMap, StatusCode};
use nonet_view::request::read_json;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::view::game_json;
use super::Shared;
use crate::error::ApiError;
use crate::store::Game;

/// The longest playing time accepted from a client (100 days): anything above is a broken
/// client, not a slow player.
const MAX_ELAPSED_MS: i64 = 100 * 24 * 3600 * 1000;

/// A JSON request body, parsed strictly: a body that is not JSON is a 400, JSON of the wrong
/// shape or types a 422, a body over the limit a 413, a body that is not declared as JSON a 415.
/// For `OPTIONAL = true` an empty body means `T::default()`.
pub struct JsonBody<T, const OPTIONAL: bool = false>(pub T);

impl<S, T, const OPTIONAL: bool> FromRequest<S> for JsonBody<T, OPTIONAL>
where
    S: Send + Sync,
    T: DeserializeOwned + Default,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let content_type = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let is_json = content_type.as_deref().is_some_and(|v| {
            let m = v.split(';').next().unwrap_or_default();
            let m = m.trim().to_ascii_lowercase();
            m == "application/json" || (m.starts_with("application/") && m.ends_with("+json"))
        });
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large()
            } else {
                ApiError::bad_request("could not read the request body")
            }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return if OPTIONAL {
                Ok(JsonBody(T::default()))
            } else {
                Err(ApiError::bad_request("a JSON request body is required"))
            };
        }
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "the request body must be JSON (Content-Type: application/json)",
            ));
        }
        if let Some(charset) = content_type.as_deref().and_then(foreign_charset) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_charset",
                format!("the request body must be UTF-8 JSON, not charset={charset}"),
            ));
        }
        // Syntax (400), then shape (422): the page's engine reads its requests the same way.
        read_json(&bytes).map(JsonBody).map_err(ApiError::from)
    }
}

/// The charset a `Content-Type` value names when it is not UTF-8 (JSON is UTF-8: a body
/// declared as UTF-16 would be read as something it is not). `charset=utf-8` (any case,
/// quoted or not) and no charset are fine.
fn foreign_charset(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (name, value) = param.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("charset") {
            return None;
        }
        let value = value.trim().trim_matches('"');
        (!value.eq_ignore_ascii_case("utf-8") && !value.eq_ignore_ascii_case("utf8"))
            .then(|| value.to_string())
    })
}

/// The version of the game a client saw, from `"version"` in its body or its `If-Match`
/// header (`"5"`, `W/"5"` or `5`); both may be given if they agree. `None` if neither is.
pub(crate) fn seen_version(
    headers: &HeaderMap,
    in_body: Option<i64>,
) -> Result<Option<i64>, ApiError> {
    let mut values = headers.get_all(IF_MATCH).iter();
    let from_header = match (values.next(), values.next()) {
        (None, _) => None,
        (Some(_), Some(_)) => return Err(ApiError::bad_request("give one If-Match header")),
        (Some(v), None) => {
            let text = v.to_str().unwrap_or_default().trim();
            let text = text.strip_prefix("W/").unwrap_or(text);
            let text = text
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(text);
            Some(
                text.parse::<i64>()
                    .ok()
                    .filter(|&n| n >= 0)
                    .ok_or_else(|| {
                        ApiError::bad_request(
                            "If-Match must name a version of the game, e.g. \"5\"",
                        )
                    })?,
            )
        }
    };
    // Versions count from 0: a negative one is a mistake, not a stale version (as in If-Match).
    if let Some(b) = in_body.filter(|&b| b < 0) {
        return Err(ApiError::invalid(format!(
            "version must name a version of the game (0 or more), got {b}"
        )));
    }
    match (from_header, in_body) {
        (Some(h), Some(b)) if h != b => Err(ApiError::bad_request(
            "the If-Match header and the body's version disagree",
        )),
        (h, b) => Ok(h.or(b)),
    }
}

/// The version a request that changes the board must name, else 428.
pub(crate) fn required_version(headers: &HeaderMap, in_body: Option<i64>) -> Result<i64, ApiError> {
    seen_version(headers, in_body)?.ok_or_else(|| {
        ApiError::new(
            StatusCode::PRECONDITION_REQUIRED,
            "version_required",
            "name the version of the game you saw (\"version\" in the body, or an If-Match \
             header), so a change made elsewhere is not undone unseen",
        )
    })
}

/// Refuses a change to a game the client has not seen as it is now.
pub(crate) fn check_version(game: &Game, seen: Option<i64>) -> Result<(), ApiError> {
    match seen {
        Some(v) if v != game.revision => Err(ApiError::stale(v, game_json(game))),
        _ => Ok(()),
    }
}

/// The 413 answer.
pub fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        format!(
            "the request body is larger than {} KiB",
            crate::BODY_LIMIT / 1024
        ),
    )
}

/// Parses a game id from the path: a positive integer in decimal digits, without a sign or
/// leading zeros (Rust's parser reads `+1` and `01` as 1, and one game has one name), else 400 (and an unknown one is
/// 404 later).
pub(crate) fn game_id(raw: &str) -> Result<i64, ApiError> {
    Some(raw)
        .filter(|r| !r.starts_with('0') && !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|r| r.parse::<i64>().ok())
        .filter(|&id| id > 0)
        .ok_or_else(|| ApiError::bad_request("a game id is a positive integer"))
}

/// Runs CPU or database work off the async threads; a panic there becomes a 500.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(e)))
}

pub(crate) fn apply_elapsed(game: &mut Game, elapsed: Option<i64>) -> Result<(), ApiError> {
    if let Some(ms) = elapsed {
        check_elapsed(ms)?;
        // Two tabs may report different readings: the timer never runs backwards.
        if !game.is_finished() {
            game.elapsed_ms = game.elapsed_ms.max(ms);
        }
    }
    Ok(())
}

/// Saves the timer's reading `elapsed` on game `raw_id` without changing its board, on the
/// version the client saw if it names one (`version` or `If-Match`; 409 when stale), and
/// answers the game as saved.
pub(crate) async fn save_clock(
    st: Shared,
    raw_id: &str,
    headers: &HeaderMap,
    version: Option<i64>,
    elapsed: Option<i64>,
) -> Result<Game, ApiError> {
    let id = game_id(raw_id)?;
    let seen = seen_version(headers, version)?;
    blocking(move || {
        let (g, ()) = st.store.update(id, |g| {
            check_version(g, seen)?;
            apply_elapsed(g, elapsed).map(|()| (false, ()))
        })??;
        Ok(g)
    })
    .await
}

/// The game a change names (`raw_id`) and the version its client saw, with the change's
/// clock checked: what every change that plays on a seen version reads first.
pub(crate) fn seen_change(
    raw_id: &str,
    headers: &HeaderMap,
    clock: &Clock,
) -> Result<(i64, i64), ApiError> {
    let id = game_id(raw_id)?;
    let seen = required_version(headers, clock.version)?;
    if let Some(ms) = clock.elapsed_ms {
        check_elapsed(ms)?;
    }
    Ok((id, seen))
}

/// [`seen_change`], then the game as stored, refused (409) unless it is still the version the
/// client saw: the start of a change planned outside the database lock (the bot's steps).
pub(crate) async fn seen_game(
    st: &Shared,
    raw_id: &str,
    headers: &HeaderMap,
    clock: &Clock,
) -> Result<(i64, i64, Game), ApiError> {
    let (id, seen) = seen_change(raw_id, headers, clock)?;
    let read = st.clone();
    let current = blocking(move || Ok(read.store.get(id)?)).await?;
    check_version(&current, Some(seen))?;
    Ok((id, seen, current))
}

pub(crate) fn check_elapsed(ms: i64) -> Result<(), ApiError> {
    if (0..=MAX_ELAPSED_MS).contains(&ms) {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "elapsed_ms must be between 0 and 100 days",
        ))
    }
}

/// Optional body of undo, redo, hint, a hint applied, bot and check: the timer's reading, and
/// the version of the game the client saw (required for undo, redo, a hint applied and bot,
/// which change the board).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    pub(crate) elapsed_ms: Option<i64>,
    pub(crate) version: Option<i64>,
}
