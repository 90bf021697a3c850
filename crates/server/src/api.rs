//! The JSON API: request parsing with strict validation, the handlers, and the JSON views of
//! games, hints and statistics. `openapi.json` (served at `/api/openapi.json`) documents it.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::header::{CONTENT_TYPE, ETAG, IF_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use nonet_core::{
    Cell, CellSet, Digit, DigitSet, House, Layout, PencilMarks, RegionMap, Sudoku, Variant,
    VariantError,
};
use nonet_logic::{Candidate, Step};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::board::{Board, Move, Origin};
use crate::engine::{self, EngineError, PuzzleCheck};
use crate::error::ApiError;
use crate::hosts::AllowedHosts;
use crate::pool::Pool;
use crate::store::{now_ms, Game, NewGame, Once, Source, Store, MAX_SEQ_JUMP};

/// Shared state of the app: the store, the engine's pool and the request limits.
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The names the server answers to (`Host`, and `Origin` for state-changing requests).
    pub allowed_hosts: AllowedHosts,
    /// Where the engine's expensive work runs.
    pub pool: Pool,
    /// How long a client may take to send a request body.
    pub body_read_timeout: std::time::Duration,
}

/// The state as handlers see it.
pub type Shared = Arc<AppState>;

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
        // Syntax first, then shape: read straight into `T`, serde_json reports the surplus
        // elements of an array read as a struct as a syntax error, and a well-formed body of
        // the wrong shape would get 400 on some endpoints and 422 on others.
        let value = strict_json(&bytes)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
        // serde reads a struct from an array too (`[1, 2]` as its fields in order): every
        // body of this API is an object.
        if !value.is_object() {
            return Err(ApiError::invalid(
                "invalid request: the body must be a JSON object",
            ));
        }
        T::deserialize(value)
            .map(JsonBody)
            .map_err(|e| ApiError::invalid(format!("invalid request: {e}")))
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

/// Parses JSON like `serde_json::from_slice`, but refuses an object that names a key twice
/// (which would otherwise silently keep the last value): the error names the key and where.
pub fn strict_json(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    use serde::de::{DeserializeSeed, Error, MapAccess, SeqAccess, Visitor};

    struct Strict;

    impl<'de> DeserializeSeed<'de> for Strict {
        type Value = Value;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Strict {
        type Value = Value;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }
        fn visit_string<E>(self, v: String) -> Result<Value, E> {
            Ok(Value::String(v))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element_seed(Strict)? {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut out = serde_json::Map::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(A::Error::custom(format!("duplicate key {key:?}")));
                }
                let v = map.next_value_seed(Strict)?;
                out.insert(key, v);
            }
            Ok(Value::Object(out))
        }
    }

    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = Strict.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
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

fn engine_error(e: EngineError) -> ApiError {
    use nonet_generate::GenerateError;
    // Options no puzzle can meet, such as a region map that admits no grid.
    if let EngineError::Generate(GenerateError::Impossible(why)) = &e {
        return ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "impossible",
            why.to_string(),
        );
    }
    eprintln!("nonet play: {e}");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "generator_failed",
        "could not make a puzzle this time; please try again or pick another seed",
    )
}

// ---------------------------------------------------------------------------------------------
// JSON views

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
    json!({
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
        "finished_at": g.finished_at,
        "bot_used": g.bot_used,
        "hints": g.hints,
        "mistakes": g.mistakes,
        "daily": g.daily,
        "version": g.revision,
        "can_undo": !g.is_finished() && g.cursor > 0,
        "can_redo": !g.is_finished() && g.cursor < g.top,
        "layout": crate::layout::layout_json(g.variant, g.regions.as_ref(), g.layout()),
        "cells": cells_json,
        "clashes": clashes,
    })
}

fn summary_json(g: &Game) -> Value {
    json!({
        "id": g.id,
        "puzzle": g.puzzle.to_line(),
        "board": g.board.grid().to_line(),
        "variant": g.variant.to_string(),
        "regions": g.regions.as_ref().map(RegionMap::to_line),
        "boxes": crate::layout::boxes_line(g.layout()),
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
        "filled": g.board.grid().filled_count(),
    })
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

// ---------------------------------------------------------------------------------------------
// Handlers

/// `GET /api/openapi.json`.
pub async fn openapi() -> Response {
    (
        [(CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// `GET /api/levels`.
pub async fn levels() -> Json<Value> {
    let levels: Vec<Value> = engine::levels()
        .map(|l| json!({ "name": l.name(), "max_er": l.max_er() }))
        .collect();
    Json(json!({ "levels": levels, "levels_on_variants": engine::levels_on_variants() }))
}

/// Body of `POST /api/puzzles/check`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CheckPuzzle {
    puzzle: String,
    variant: Option<String>,
    regions: Option<String>,
}

/// Longest puzzle text accepted (a 9-line grid with borders fits easily).
const MAX_PUZZLE_TEXT: usize = 4096;

fn parse_puzzle(text: &str) -> Result<Sudoku, ApiError> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(ApiError::invalid("the puzzle text is too long"));
    }
    Sudoku::parse(text.trim()).map_err(|e| ApiError::invalid(format!("not a puzzle: {e}")))
}

/// A game's variant with a jigsaw's regions.
pub(crate) struct VariantRegions {
    pub(crate) variant: Variant,
    pub(crate) regions: Option<RegionMap>,
}

fn unprocessable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// Reads `variant` (`jigsaw,x,windoku` words, absent or `standard` for the standard layout)
/// and a jigsaw's `regions` (81 labels; blanks between them are ignored, so a 9-line map
/// pasted from a file reads too). Every problem is a 422 that names it: `bad_variant`, or
/// `bad_regions` with the label and the rule it breaks.
pub(crate) fn parse_variant(
    variant: Option<&str>,
    regions: Option<&str>,
) -> Result<VariantRegions, ApiError> {
    let variant: Variant = variant
        .unwrap_or_default()
        .parse()
        .map_err(|e: VariantError| unprocessable("bad_variant", e.to_string()))?;
    let regions = match regions {
        Some(text) if !text.trim().is_empty() => Some(parse_regions(text)?),
        _ => None,
    };
    if regions.is_some() && !variant.jigsaw {
        let e = VariantError::UnexpectedRegions;
        return Err(unprocessable("bad_regions", e.to_string()).with("rule", "not_jigsaw"));
    }
    Ok(VariantRegions { variant, regions })
}

/// A region map's 81 labels (blanks between them ignored), or 422 `bad_regions` naming the
/// label and the rule it breaks.
fn parse_regions(text: &str) -> Result<RegionMap, ApiError> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(
            unprocessable("bad_regions", "the region map is too long".into())
                .with("rule", "length"),
        );
    }
    let labels: String = text.split_whitespace().collect();
    RegionMap::parse(&labels).map_err(|e| crate::layout::region_error(&e))
}

/// A jigsaw's puzzle and region map typed on one line, as the command line reads them
/// (`../shared/CLI.md`, "Variants"): two 81-character fields separated by blanks or one of `:`
/// `;` `,` (further fields, such as a solution, ignored), or 162 characters in a row. `None`
/// for anything else (a puzzle alone, a 9-line grid).
fn puzzle_and_map(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    if text.contains('\n') {
        return None;
    }
    let fields: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ":;,".contains(c))
        .filter(|f| !f.is_empty())
        .collect();
    match fields[..] {
        [both] if both.len() == 162 && both.is_ascii() => Some(both.split_at(81)),
        [puzzle, map, ..] if puzzle.len() == 81 && map.chars().count() == 81 => Some((puzzle, map)),
        _ => None,
    }
}

impl VariantRegions {
    /// The player's own puzzle of this variant from `text`; a jigsaw given no map separately
    /// takes the one typed after the puzzle on its line.
    fn own_puzzle(&mut self, text: &str) -> Result<Sudoku, ApiError> {
        let split = puzzle_and_map(text).filter(|_| self.variant.jigsaw && self.regions.is_none());
        match split {
            Some((puzzle, map)) => {
                self.regions = Some(parse_regions(map)?);
                parse_puzzle(puzzle)
            }
            None => parse_puzzle(text),
        }
    }

    /// The layout a puzzle is played on: a jigsaw's needs its map (422 `bad_regions` without).
    pub(crate) fn layout(&self) -> Result<Layout, ApiError> {
        self.variant.layout(self.regions.as_ref()).map_err(|e| {
            let (rule, message) = match e {
                VariantError::MissingRegions => (
                    "missing",
                    "a jigsaw needs its region map: 81 labels, one per cell (\"regions\")"
                        .to_string(),
                ),
                other => ("other", other.to_string()),
            };
            unprocessable("bad_regions", message).with("rule", rule)
        })
    }
}

fn check_json(puzzle: &Sudoku, variant: Variant, check: &PuzzleCheck) -> Value {
    let (status, message, rating, level) = match check {
        PuzzleCheck::Clash(m) => ("clash", m.clone(), None, None),
        PuzzleCheck::NoSolution => (
            "none",
            "This puzzle has no solution.".to_string(),
            None,
            None,
        ),
        PuzzleCheck::Several => (
            "multiple",
            "This puzzle has several solutions, so it cannot be solved by logic alone.".to_string(),
            None,
            None,
        ),
        PuzzleCheck::Unique { rating, .. } => (
            "unique",
            {
                let kind = if variant.is_standard() {
                    String::new()
                } else {
                    format!("{variant} ")
                };
                match rating {
                    Some((er, level)) => {
                        format!("A fine {kind}puzzle with one solution: {level}, rated {er:.1}.")
                    }
                    None => format!(
                        "A fine {kind}puzzle with one solution (a hard one: rating it takes a \
                         while)."
                    ),
                }
            },
            rating.map(|r| r.0),
            rating.map(|r| r.1),
        ),
    };
    json!({
        "status": status,
        "ok": status == "unique",
        "message": message,
        "puzzle": puzzle.to_line(),
        "variant": variant.to_string(),
        "clues": puzzle.filled_count(),
        "rating": rating,
        "level": level,
    })
}

/// A rating still running after its request stopped waiting for it.
type PendingRating = tokio::sync::oneshot::Receiver<(f64, &'static str)>;

/// Checks a puzzle (quick: the solver stops at a second solution) and, if it is proper, rates
/// it as a job of the engine's pool (503 if the pool is full). The answer waits for the rating
/// at most [`engine::RATING_WAIT`]; past that it comes without, and the receiver returned
/// beside it delivers the rating when the job ends. A rating no one waits for any more by the
/// time a worker takes it up is skipped.
async fn check_and_rate(
    st: &AppState,
    puzzle: Sudoku,
    layout: &Layout,
) -> Result<(PuzzleCheck, Option<PendingRating>), ApiError> {
    let on = layout.clone();
    let check = blocking(move || Ok(engine::solve_check(&puzzle, &on))).await?;
    let PuzzleCheck::Unique { solution, .. } = check else {
        return Ok((check, None));
    };
    let layout = layout.clone();
    let (rating_tx, mut rating_rx) = tokio::sync::oneshot::channel();
    st.pool
        .spawn(move || {
            if rating_tx.is_closed() {
                return;
            }
            if let Some(r) = engine::rate(&puzzle, &layout) {
                let _ = rating_tx.send(r);
            }
        })
        .map_err(ApiError::from)?;
    let unrated = |pending| {
        Ok((
            PuzzleCheck::Unique {
                solution,
                rating: None,
            },
            pending,
        ))
    };
    match tokio::time::timeout(engine::RATING_WAIT, &mut rating_rx).await {
        Ok(Ok(r)) => Ok((
            PuzzleCheck::Unique {
                solution,
                rating: Some(r),
            },
            None,
        )),
        Ok(Err(_)) => unrated(None),
        Err(_) => unrated(Some(rating_rx)),
    }
}

/// `POST /api/puzzles/check`: is this a proper puzzle?
pub async fn check_puzzle(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<CheckPuzzle>,
) -> Result<Json<Value>, ApiError> {
    let mut vl = parse_variant(req.variant.as_deref(), req.regions.as_deref())?;
    let puzzle = vl.own_puzzle(&req.puzzle)?;
    let layout = vl.layout()?;
    let (check, _) = check_and_rate(&st, puzzle, &layout).await?;
    let mut view = check_json(&puzzle, vl.variant, &check);
    if check == PuzzleCheck::Several {
        // The offer: the same puzzle made proper with a few clues from one of its solutions.
        let completed = blocking(move || Ok(engine::with_added_clues(&puzzle, &layout))).await?;
        if let Some(p) = completed {
            let added: Vec<usize> = Cell::all()
                .filter(|&c| puzzle.get(c).is_none() && p.get(c).is_some())
                .map(Cell::index)
                .collect();
            view["with_clues"] = json!(p.to_line());
            view["added"] = json!(added);
        }
    }
    Ok(Json(view))
}

/// Body of `POST /api/games`: exactly one of `level` (with an optional `seed`) or `puzzle`,
/// and the variant (`jigsaw,x,windoku` words; standard if absent) with a jigsaw's `regions`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    level: Option<String>,
    seed: Option<u64>,
    puzzle: Option<String>,
    variant: Option<String>,
    regions: Option<String>,
    /// The player's progress on `puzzle`, as a pencil-mark grid ([`crate::progress`]).
    pencil: Option<String>,
}

pub(crate) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // RandomState is seeded from the OS once per process and varies per instance: enough to
    // pick a puzzle, which is all this seed is for (the seed is stored, so it can be replayed).
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_i64(now_ms());
    h.finish() >> 11 // keep it below 2^53 so JavaScript numbers hold it exactly
}

/// `POST /api/games`: a new game.
pub async fn create_game(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<CreateGame>,
) -> Result<Response, ApiError> {
    let mut pending = None;
    let mut vr = parse_variant(req.variant.as_deref(), req.regions.as_deref())?;
    let variant = vr.variant;
    if req.pencil.is_some() && req.puzzle.is_none() {
        return Err(ApiError::invalid(
            "progress (\"pencil\") goes with the puzzle it was made on (\"puzzle\")",
        ));
    }
    let mut progress = None;
    let new = match (&req.puzzle, &req.level) {
        (Some(_), Some(_)) | (Some(_), None) if req.seed.is_some() => {
            return Err(ApiError::invalid(
                "give either a puzzle or a level and seed, not both",
            ))
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid(
                "give either a puzzle or a level, not both",
            ))
        }
        (Some(text), None) => {
            let puzzle = vr.own_puzzle(text)?;
            if let Some(pencil) = &req.pencil {
                if pencil.len() > MAX_PUZZLE_TEXT {
                    return Err(ApiError::invalid("the progress grid is too long"));
                }
                let board = crate::progress::import(&puzzle, &vr.layout()?, pencil)
                    .map_err(|e| unprocessable("bad_progress", e.to_string()))?;
                progress = Some(board);
            }
            let (check, rx) = check_and_rate(&st, puzzle, &vr.layout()?).await?;
            pending = rx;
            match check {
                PuzzleCheck::Unique { solution, rating } => NewGame {
                    puzzle,
                    solution,
                    source: Source::Custom,
                    level: rating.map(|r| r.1.to_string()),
                    rating: rating.map(|r| r.0),
                    seed: None,
                    variant,
                    regions: vr.regions,
                    daily: None,
                },
                other => {
                    let view = check_json(&puzzle, variant, &other);
                    return Err(ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        match other {
                            PuzzleCheck::Clash(_) => "clash",
                            PuzzleCheck::NoSolution => "no_solution",
                            _ => "multiple_solutions",
                        },
                        view["message"].as_str().unwrap_or_default().to_string(),
                    ));
                }
            }
        }
        (None, level) => {
            let level = level.clone().unwrap_or_else(|| "easy".to_string());
            let aim = match engine::levels().find(|l| l.name() == level) {
                Some(lvl) => engine::Aim::Level(lvl),
                None if level == "any" => engine::Aim::Any,
                None => {
                    return Err(ApiError::invalid(format!(
                        "unknown level {level:?}; pick one of easy, medium, hard, expert, \
                         extreme, or any"
                    )))
                }
            };
            let (source, seed) = match req.seed {
                Some(s) => (Source::Seed, s),
                None => (Source::Level, random_seed()),
            };
            let regions = vr.regions;
            let made = st
                .pool
                .run(move || engine::generate(aim, seed, variant, regions))
                .await?
                .map_err(engine_error)?;
            NewGame {
                puzzle: made.puzzle,
                solution: made.solution,
                source,
                level: made.rating.map(|r| r.1.to_string()),
                rating: made.rating.map(|r| r.0),
                seed: Some(seed.to_string()),
                variant,
                regions: made.regions,
                daily: None,
            }
        }
    };
    let store_st = st.clone();
    let game = blocking(move || {
        let game = store_st.store.create(&new)?;
        // The progress is the first move of the game: undo goes back to the bare puzzle.
        match progress {
            Some(board) if board != game.board => {
                let (game, ()) = store_st.store.update(game.id, |g| {
                    g.board = board;
                    Ok::<_, ApiError>((true, ()))
                })??;
                Ok(game)
            }
            _ => Ok(game),
        }
    })
    .await?;
    if let Some(rx) = pending {
        // The rating was not ready in time: save it with the game when it is (a task, not a
        // thread: the rating itself runs in the pool).
        let id = game.id;
        tokio::spawn(async move {
            if let Ok((er, level)) = rx.await {
                let saved = blocking(move || Ok(st.store.set_rating(id, er, level)?)).await;
                if let Err(e) = saved {
                    eprintln!("nonet play: could not save the rating of game {id}: {e:?}");
                }
            }
        });
    }
    Ok((StatusCode::CREATED, Json(game_json(&game))).into_response())
}

/// Body of `POST /api/daily`: the day (`YYYY-MM-DD`, the player's own calendar date) and the
/// level.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DailyRequest {
    date: String,
    level: String,
}

/// The generator's seed of the daily puzzles of `date` (`YYYY-MM-DD`, from 2000-01-01 to
/// 9999-12-31): the date's digits as one number, so 2026-11-26 is seed 20261126 (the same
/// puzzle as a game by that seed at that level). `None` if it is not a real date.
pub fn daily_seed(date: &str) -> Option<u64> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = date.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    ((2000..=9999).contains(&y) && (1..=days).contains(&d))
        .then(|| u64::from(y) * 10_000 + u64::from(m) * 100 + u64::from(d))
}

/// `POST /api/daily`: the daily puzzle of a level for a date, made from the date's seed (see
/// [`daily_seed`]) the first time (201) and the same game every time after (200), so a daily
/// link opened twice continues one game.
pub async fn daily(
    State(st): State<Shared>,
    JsonBody(req): JsonBody<DailyRequest>,
) -> Result<Response, ApiError> {
    let seed = daily_seed(&req.date).ok_or_else(|| {
        ApiError::invalid(format!(
            "date must be a day from 2000-01-01 to 9999-12-31 written YYYY-MM-DD, got {:?}",
            req.date
        ))
    })?;
    let level = engine::levels()
        .find(|l| l.name() == req.level)
        .ok_or_else(|| {
            ApiError::invalid(format!(
                "unknown level {:?}; pick one of easy, medium, hard, expert, extreme",
                req.level
            ))
        })?;
    let (date, name) = (req.date.clone(), level.name().to_string());
    let look = st.clone();
    let found = blocking(move || Ok(look.store.find_daily(&date, &name)?)).await?;
    if let Some(g) = found {
        return Ok(game_answer(&g));
    }
    let made = st
        .pool
        .run(move || engine::generate(engine::Aim::Level(level), seed, Variant::STANDARD, None))
        .await?
        .map_err(engine_error)?;
    let new = NewGame {
        puzzle: made.puzzle,
        solution: made.solution,
        source: Source::Daily,
        // The level asked for names the daily game, whatever finer rating it got.
        level: Some(level.name().to_string()),
        rating: made.rating.map(|r| r.0),
        seed: Some(seed.to_string()),
        variant: Variant::STANDARD,
        regions: None,
        daily: Some(req.date),
    };
    let (game, created) = blocking(move || Ok(st.store.create_daily(&new)?)).await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, game_answer(&game)).into_response())
}

/// `GET /api/games/{id}/progress`: the board as a pencil-mark grid (`nonet candidates`' format,
/// which `nonet explain --pencil` reads and `POST /api/games` takes back as `pencil`).
pub async fn progress(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let game = blocking(move || Ok(st.store.get(id)?)).await?;
    Ok(Json(json!({
        "puzzle": game.puzzle.to_line(),
        "pencil": crate::progress::export(&game.board),
    })))
}

/// `GET /api/games`: every game, most recent first, and the ids of the games too damaged in
/// the database to be read (`damaged`; left out of the lists, never a 500 for all of them).
pub async fn list_games(State(st): State<Shared>) -> Result<Json<Value>, ApiError> {
    let (games, damaged) = blocking(move || Ok(st.store.list(500)?)).await?;
    let (done, open): (Vec<_>, Vec<_>) = games.iter().partition(|g| g.is_finished());
    Ok(Json(json!({
        "in_progress": open.iter().map(|g| summary_json(g)).collect::<Vec<_>>(),
        "finished": done.iter().map(|g| summary_json(g)).collect::<Vec<_>>(),
        "damaged": damaged,
    })))
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let game = blocking(move || Ok(st.store.get(id)?)).await?;
    Ok(game_answer(&game))
}

/// `DELETE /api/games/{id}`.
pub async fn delete_game(
    State(st): State<Shared>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let id = game_id(&id)?;
    blocking(move || Ok(st.store.delete(id)?)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Body of `POST /api/games/{id}/moves`: a [`Move`] (its `type` and fields), the timer's
/// reading, the version of the game the client saw, and optionally the client's id and the
/// move's sequence number (`client`, `seq`), which make a resent move harmless. Any other field
/// is refused, as on every endpoint (the move's fields sit beside the others, so this is read
/// by hand: serde cannot refuse unknown fields through `flatten`).
pub struct MoveRequest {
    mv: Move,
    /// A placement's `tidy` (default true): whether the digit leaves its peers' marks.
    tidy: bool,
    elapsed_ms: Option<i64>,
    version: Option<i64>,
    sequence: Option<(String, i64)>,
}

impl Default for MoveRequest {
    fn default() -> Self {
        MoveRequest {
            mv: Move::ClearMarks,
            tidy: true,
            elapsed_ms: None,
            version: None,
            sequence: None,
        }
    }
}

/// The highest sequence number accepted: the largest integer a JavaScript number holds
/// exactly (the page counts in one).
pub const MAX_SEQ: i64 = (1 << 53) - 1;

/// The longest client id accepted.
const MAX_CLIENT_ID: usize = 64;

/// Whether `c` is a client id: 1 to [`MAX_CLIENT_ID`] letters, digits, `-` or `_`.
pub(crate) fn is_client_id(c: &str) -> bool {
    !c.is_empty()
        && c.len() <= MAX_CLIENT_ID
        && c.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A move's `client` and `seq`: both or neither; an id of 1 to 64 letters, digits, `-` or `_`
/// and a positive number.
fn client_sequence(
    client: Option<Value>,
    seq: Option<i64>,
) -> Result<Option<(String, i64)>, String> {
    let client = match client {
        None | Some(Value::Null) => None,
        Some(Value::String(c)) => Some(c),
        Some(_) => return Err("client: expected a string".into()),
    };
    match (client, seq) {
        (None, None) => Ok(None),
        (Some(c), Some(n)) => {
            if !is_client_id(&c) {
                return Err(format!(
                    "client must be 1 to {MAX_CLIENT_ID} letters, digits, `-` or `_`"
                ));
            }
            if !(1..=MAX_SEQ).contains(&n) {
                return Err(format!(
                    "seq must be a positive number up to {MAX_SEQ} (2^53 - 1), got {n}"
                ));
            }
            Ok(Some((c, n)))
        }
        _ => Err("give `client` and `seq` together, or neither".into()),
    }
}

impl<'de> Deserialize<'de> for MoveRequest {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut fields = serde_json::Map::<String, Value>::deserialize(d)?;
        let mut take = |key: &str| -> Result<Option<i64>, D::Error> {
            match fields.remove(key) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => i64::deserialize(v)
                    .map(Some)
                    .map_err(|e| D::Error::custom(format!("{key}: {e}"))),
            }
        };
        let elapsed_ms = take("elapsed_ms")?;
        let version = take("version")?;
        let seq = take("seq")?;
        let client = fields.remove("client");
        let sequence = client_sequence(client, seq).map_err(D::Error::custom)?;
        let keys: Vec<String> = fields.keys().cloned().collect();
        let tidy = fields.remove("tidy");
        let mv = Move::deserialize(Value::Object(fields)).map_err(D::Error::custom)?;
        // serde lets extra fields through on the variants without fields, even with
        // `deny_unknown_fields`: check every key against the variant's own.
        let known: &[&str] = match mv {
            Move::Place { .. } => &["type", "cell", "digit", "tidy"],
            Move::Candidate { .. } | Move::Centre { .. } | Move::Corner { .. } => {
                &["type", "cell", "digit"]
            }
            Move::Clear { .. } => &["type", "cell"],
            Move::AutoCandidates | Move::ClearMarks => &["type"],
        };
        if let Some(extra) = keys.iter().find(|k| !known.contains(&k.as_str())) {
            return Err(D::Error::custom(format!(
                "unknown field `{extra}`, expected one of `{}`, `elapsed_ms`, `version`, \
                 `client`, `seq`",
                known.join("`, `")
            )));
        }
        let tidy = match tidy {
            None | Some(Value::Null) => true,
            Some(v) => bool::deserialize(v).map_err(|e| D::Error::custom(format!("tidy: {e}")))?,
        };
        Ok(MoveRequest {
            mv,
            tidy,
            elapsed_ms,
            version,
            sequence,
        })
    }
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

pub(crate) fn finish_if_solved(game: &mut Game) {
    if !game.is_finished() && game.board.grid() == game.solution {
        game.finished_at = Some(now_ms());
    }
}

/// A game as the answer to a request, with its version as the `ETag`.
fn game_answer(g: &Game) -> Response {
    game_answer_with(g, json!({}))
}

/// [`game_answer`] with the fields of `extra` (an object) beside the game's.
fn game_answer_with(g: &Game, extra: Value) -> Response {
    let etag = HeaderValue::from_str(&format!("\"{}\"", g.revision))
        .expect("digits are a valid header value");
    let mut view = game_json(g);
    if let (Some(fields), Value::Object(more)) = (view.as_object_mut(), extra) {
        fields.extend(more);
    }
    ([(ETAG, etag)], Json(view)).into_response()
}

/// Whether `mv` puts a digit in a cell that the solution fills with another: a mistake, counted
/// in the statistics.
fn is_mistake(game: &Game, mv: &Move) -> bool {
    match *mv {
        Move::Place { cell, digit } => Cell::new(usize::from(cell))
            .and_then(|c| game.solution.get(c))
            .is_some_and(|right| right.get() != digit),
        _ => false,
    }
}

/// `POST /api/games/{id}/moves`: play a move on the version of the game the client saw.
/// Answers the new game state with `"applied": true` (409 with the current one if the version
/// is stale). A move naming a `client` and `seq` that client has sent before is not played
/// again: the answer is the game as it stands with `"applied": false` and `"skipped"` saying
/// why (`duplicate`, the resend of a move whose answer was lost; `out_of_order`, a later one of
/// that client was applied). A `seq` more than [`MAX_SEQ_JUMP`] past the client's last one is a
/// 422 `seq_jump`.
pub async fn play_move(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let seen = required_version(&headers, req.version)?;
    let game = blocking(move || {
        let play = |g: &mut Game| {
            check_version(g, Some(seen))?;
            if g.is_finished() {
                return Err(ApiError::conflict("this game is already solved"));
            }
            apply_elapsed(g, req.elapsed_ms)?;
            let before = g.board.clone();
            g.board.apply_tidy(&req.mv, req.tidy)?;
            let changed = g.board != before;
            if changed && is_mistake(g, &req.mv) {
                g.mistakes += 1;
            }
            finish_if_solved(g);
            Ok((changed, ()))
        };
        match &req.sequence {
            Some((client, seq)) => {
                let (game, once) = st.store.update_once(id, client, *seq, play)??;
                Ok((game, once, *seq))
            }
            None => Ok((st.store.update(id, play)??.0, Once::Applied(()), 0)),
        }
    })
    .await?;
    let (game, once, seq) = game;
    let skipped = |reason: &str, last: i64, message: String| {
        let note = json!({ "reason": reason, "last_seq": last, "message": message });
        game_answer_with(&game, json!({ "applied": false, "skipped": note }))
    };
    Ok(match once {
        Once::Applied(()) => game_answer_with(&game, json!({ "applied": true })),
        Once::Duplicate { last } => skipped(
            "duplicate",
            last,
            format!("move {seq} of this client was applied already: this is a resend"),
        ),
        Once::OutOfOrder { last } => skipped(
            "out_of_order",
            last,
            format!(
                "move {seq} of this client comes after its move {last}: it was applied before \
                 or skipped, and is not applied now"
            ),
        ),
        Once::TooFar { last } => {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "seq_jump",
                format!(
                    "seq {seq} is more than {MAX_SEQ_JUMP} past this client's last move on this \
                     game ({last}): number the moves one after another"
                ),
            )
            .with("last_seq", last))
        }
    })
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

async fn history(
    st: Shared,
    raw_id: String,
    headers: &HeaderMap,
    clock: Clock,
    delta: i64,
) -> Result<Response, ApiError> {
    let (id, seen) = seen_change(&raw_id, headers, &clock)?;
    let game = blocking(move || {
        let (game, _) = st.store.step_history(id, delta, |g| {
            check_version(g, Some(seen))?;
            apply_elapsed(g, clock.elapsed_ms)
        })??;
        Ok(game)
    })
    .await?;
    Ok(game_answer(&game))
}

/// `POST /api/games/{id}/undo`.
pub async fn undo(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Response, ApiError> {
    history(st, id, &headers, clock, -1).await
}

/// `POST /api/games/{id}/redo`.
pub async fn redo(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Response, ApiError> {
    history(st, id, &headers, clock, 1).await
}

/// Body of `PUT /api/games/{id}/clock`: the timer, which only ever moves forward, so a stale
/// version is harmless here and naming one is optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ClockSet {
    elapsed_ms: i64,
    version: Option<i64>,
}

/// `PUT /api/games/{id}/clock`: save the timer (the page does so every few seconds and when
/// paused or hidden).
pub async fn set_clock(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<ClockSet>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seen = seen_version(&headers, req.version)?;
    let game = blocking(move || {
        let (g, ()) = st.store.update(id, |g| {
            check_version(g, seen)?;
            apply_elapsed(g, Some(req.elapsed_ms)).map(|()| (false, ()))
        })??;
        Ok(g)
    })
    .await?;
    Ok(Json(
        json!({ "elapsed_ms": game.elapsed_ms, "finished": game.is_finished() }),
    ))
}

/// `POST /api/games/{id}/check`: which placed digits are right and which wrong.
pub async fn check_game(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seen = seen_version(&headers, clock.version)?;
    let game = blocking(move || {
        let (g, ()) = st.store.update(id, |g| {
            check_version(g, seen)?;
            apply_elapsed(g, clock.elapsed_ms).map(|()| (false, ()))
        })??;
        Ok(g)
    })
    .await?;
    let wrong = game.board.wrong_cells(&game.solution);
    let right: CellSet = Cell::all()
        .filter(|&c| {
            matches!(game.board.value(c), Some((_, o)) if o != Origin::Given) && !wrong.contains(c)
        })
        .collect();
    Ok(Json(json!({
        "right": cells(right),
        "wrong": cells(wrong),
        "wrong_marks": cells(game.board.wrong_marks(&game.solution)),
    })))
}

/// What stands between the board and a logical hint: a clash, a wrong digit, or pencil marks
/// that leave out the right digit. `None` if the board is sound.
fn blocker(game: &Game) -> Option<Value> {
    let b = &game.board;
    if let Some(k) = b.clashes().first() {
        return Some(json!({
            "kind": "clash",
            "cells": [k.cell.index(), k.other.index()],
            "message": format!("{}: {} in {} clashes with {}.", k.message(), k.digit, k.cell, k.other),
        }));
    }
    let wrong = b.wrong_cells(&game.solution);
    if !wrong.is_empty() {
        let names: Vec<String> = wrong.iter().map(|c| c.to_string()).collect();
        let message = if wrong.len() == 1 {
            format!("The digit in {} is wrong. Remove it first.", names[0])
        } else {
            format!(
                "{} digits are wrong ({}). Remove them first.",
                wrong.len(),
                names.join(", ")
            )
        };
        return Some(json!({ "kind": "mistake", "cells": cells(wrong), "message": message }));
    }
    let marks = b.wrong_marks(&game.solution);
    if !marks.is_empty() {
        let names: Vec<String> = marks.iter().map(|c| c.to_string()).collect();
        return Some(json!({
            "kind": "marks",
            "cells": cells(marks),
            "message": format!(
                "The pencil marks of {} leave out the digit that belongs there.",
                names.join(", ")
            ),
        }));
    }
    None
}

/// `POST /api/games/{id}/hint`: the next logical step (or the mistake to fix first), for the
/// version of the game the client names, if it names one (409 if that is stale).
///
/// The step is searched in the engine's pool, outside the database lock (it can take a while
/// on the hardest puzzles), from a read of the game; then one short transaction saves the timer
/// and bumps the hint counter.
pub async fn hint(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let seen = seen_version(&headers, clock.version)?;
    if let Some(ms) = clock.elapsed_ms {
        check_elapsed(ms)?;
    }
    let read = st.clone();
    let g = blocking(move || Ok(read.store.get(id)?)).await?;
    check_version(&g, seen)?;
    let (answer, counts) = if g.is_finished() {
        let v = json!({ "kind": "solved", "message": "This puzzle is solved." });
        (v, false)
    } else if let Some(b) = blocker(&g) {
        (b, false)
    } else {
        let position = g.board.position();
        let solution = g.solution;
        let layout = g.layout().clone();
        let (step, position) = st
            .pool
            .run(move || (engine::next_step(&position, &solution, &layout), position))
            .await?;
        match step {
            Some(step) => {
                let v = json!({
                    "kind": "step",
                    "step": step_json(&step, g.layout(), &position),
                    "candidates": candidates_json(&position),
                });
                (v, true)
            }
            None => {
                let v = json!({
                    "kind": "stuck",
                    "message": "The logical solver finds no step from here.",
                });
                (v, false)
            }
        }
    };
    if counts || clock.elapsed_ms.is_some() {
        blocking(move || {
            st.store.update(id, |g| {
                apply_elapsed(g, clock.elapsed_ms)?;
                g.hints += i64::from(counts);
                Ok::<_, ApiError>((false, ()))
            })??;
            Ok(())
        })
        .await?;
    }
    Ok(Json(answer))
}

/// What the bot will do next from a game: the board after its action and the action's JSON.
/// Mistakes are fixed first; then the next logical step is played (its eliminations need
/// pencil marks to show, so the bot fills them in first when an elimination is due and the
/// player keeps none).
fn plan_bot(g: &Game) -> Result<(Board, Value), ApiError> {
    let mut board = g.board.clone();
    let wrong = board.wrong_cells(&g.solution);
    if !wrong.is_empty() {
        for c in wrong {
            board.unplace(c);
        }
        let names: Vec<String> = wrong.iter().map(|c| c.to_string()).collect();
        let message = format!(
            "The bot removes the wrong digit{} in {}.",
            if wrong.len() > 1 { "s" } else { "" },
            names.join(", ")
        );
        return Ok((
            board,
            json!({ "kind": "fix", "cells": cells(wrong), "message": message }),
        ));
    }
    if !board.wrong_marks(&g.solution).is_empty() {
        board.fill_candidates();
        let message =
            "Some pencil marks left out the right digit: the bot fills in every candidate afresh.";
        return Ok((
            board,
            json!({ "kind": "candidates", "cells": [], "message": message }),
        ));
    }
    let full_marks = board.has_full_marks();
    let position = board.position();
    let step = engine::next_step(&position, &g.solution, g.layout())
        .ok_or_else(|| ApiError::conflict("the logical solver finds no step from here"))?;
    if !full_marks && !step.eliminations.is_empty() {
        board.fill_candidates();
    }
    if let Some(c) = step.placement {
        board.place(c.cell, c.digit, Origin::Bot);
    }
    for c in &step.eliminations {
        board.eliminate(c.cell, c.digit);
    }
    let action = json!({
        "kind": "step",
        "step": step_json(&step, g.layout(), &position),
        "candidates": candidates_json(&position),
    });
    Ok((board, action))
}

/// `POST /api/games/{id}/bot`: the bot plays one step on the version of the game the client
/// saw (409 with the current game if it is stale). Answers the step and the new game.
///
/// The step is planned in the engine's pool, outside the database lock, and applied only if
/// the game is still the version planned from.
pub async fn bot_step(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    play_next_step(st, &id, &headers, clock, true).await
}

/// `POST /api/games/{id}/hint/apply`: plays the step a hint showed (the next logical step) on
/// the version the client saw, as the player's move: the game is not filed as finished by the
/// bot (the hint was counted when it was asked for). A board with a mistake or wrong marks has
/// no step to apply (409: a hint names the mistake instead).
pub async fn apply_hint(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Json<Value>, ApiError> {
    play_next_step(st, &id, &headers, clock, false).await
}

/// Plays the next step on the version of game `raw_id` the client saw: the bot's (`by_bot`,
/// which also fixes mistakes and marks first, and files the game as helped by the bot) or a
/// hint's, applied for the player.
async fn play_next_step(
    st: Shared,
    raw_id: &str,
    headers: &HeaderMap,
    clock: Clock,
    by_bot: bool,
) -> Result<Json<Value>, ApiError> {
    let (id, seen, current) = seen_game(&st, raw_id, headers, &clock).await?;
    if current.is_finished() {
        return Ok(Json(json!({
            "action": { "kind": "solved", "message": "This puzzle is solved." },
            "game": game_json(&current),
        })));
    }
    if !by_bot && blocker(&current).is_some() {
        return Err(ApiError::conflict(
            "the board has a mistake to fix first, so there is no step to apply: ask for a hint",
        ));
    }
    let planned = current.clone();
    let (board, action) = st.pool.run(move || plan_bot(&planned)).await??;
    let (game, ()) = blocking(move || {
        st.store.update(id, |g| {
            // The game changed while the step was planned: the client sees it and decides.
            check_version(g, Some(seen))?;
            apply_elapsed(g, clock.elapsed_ms)?;
            g.board = board;
            g.bot_used |= by_bot;
            finish_if_solved(g);
            Ok::<_, ApiError>((true, ()))
        })?
    })
    .await?;
    Ok(Json(json!({ "action": action, "game": game_json(&game) })))
}

/// `GET /api/stats`: per level (then `custom`), and over every game (`all`): games started,
/// solved without the bot (`clean` without a hint either), finished with the bot, unfinished;
/// best clean time and average time; hints and mistakes; streaks of games solved without the
/// bot.
pub async fn stats(State(st): State<Shared>) -> Result<Json<Value>, ApiError> {
    let names: Vec<&str> = engine::levels().map(|l| l.name()).collect();
    let (levels, all) = blocking(move || Ok(st.store.stats(&names)?)).await?;
    Ok(Json(json!({ "levels": levels, "all": all })))
}
