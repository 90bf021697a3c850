//! Moves on a game (`POST /api/games/{id}/moves`, with the client's sequence numbers that make
//! a resent move harmless), undo and redo.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};

use super::games::finish_if_solved;
use super::request::{
    apply_elapsed, blocking, check_version, game_id, required_version, seen_change, Clock, JsonBody,
};
use super::view::{game_answer, game_answer_with};
use super::Shared;
use crate::board::Move;
use crate::error::ApiError;
use crate::store::{Game, Once, MAX_SEQ_JUMP};

/// The routes of moves, undo and redo.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/games/{id}/moves", post(moves_play))
        .route("/games/{id}/undo", post(moves_undo))
        .route("/games/{id}/redo", post(moves_redo))
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
pub(crate) const MAX_CLIENT_ID: usize = 64;

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

/// `POST /api/games/{id}/moves`: play a move on the version of the game the client saw.
/// Answers the new game state with `"applied": true` (409 with the current one if the version
/// is stale). A move naming a `client` and `seq` that client has sent before is not played
/// again: the answer is the game as it stands with `"applied": false` and `"skipped"` saying
/// why (`duplicate`, the resend of a move whose answer was lost; `out_of_order`, a later one of
/// that client was applied). A `seq` more than [`MAX_SEQ_JUMP`] past the client's last one is a
/// 422 `seq_jump`.
pub async fn moves_play(
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
            if changed && nonet_game::is_mistake(&req.mv, &g.solution) {
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
pub async fn moves_undo(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Response, ApiError> {
    history(st, id, &headers, clock, -1).await
}

/// `POST /api/games/{id}/redo`.
pub async fn moves_redo(
    State(st): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(clock): JsonBody<Clock, true>,
) -> Result<Response, ApiError> {
    history(st, id, &headers, clock, 1).await
}
