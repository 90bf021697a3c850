//! [`ApiError`]: every error the API answers, as a status code and a JSON body
//! `{"error": {"code": "...", "message": "..."}}`.
//!
//! The refusals the page's engine (`nonet-wasm`) answers too take their status and code from
//! [`nonet_view::request::Problem`] ([`ApiError::problem`], `From<Refusal>`), so the two fronts
//! answer the same request alike; the rest (a stale version, a busy pool, a full disk...) are
//! the server's own.
//!
//! Internal failures (database, panics) are logged on the server's standard error and answered
//! with a generic message: nothing about the machine, paths or SQL leaks to the client. Two
//! failures of the machine are named, because the player can act on them: a full disk (507)
//! and a database that cannot be written (503).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use nonet_view::request::{Problem, Refusal};
use serde_json::json;

use crate::board::MoveError;
use crate::pool::{Busy, PoolError};
use crate::store::StoreError;

/// An error answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// A stable machine-readable code, e.g. `not_found`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// The game as it stands, sent with a 409 for a stale version so the client can catch up.
    pub game: Option<serde_json::Value>,
    /// Seconds after which to try again (`Retry-After`), for a 503.
    pub retry_after: Option<u32>,
    /// Fields added to the `error` object beside `code` and `message`, for a client that acts on
    /// the problem (a broken region map's `rule` and `region`).
    pub detail: serde_json::Map<String, serde_json::Value>,
}

/// Seconds a client is told to wait when the engine is busy.
pub const BUSY_RETRY_AFTER: u32 = 2;

impl ApiError {
    /// An error with the given parts.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            game: None,
            retry_after: None,
            detail: serde_json::Map::new(),
        }
    }

    /// The same error with `key: value` added to its `error` object.
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> ApiError {
        self.detail.insert(key.to_string(), value.into());
        self
    }

    /// 409: the client named version `seen` of a game that has moved on; `current` is the game
    /// now.
    pub fn stale(seen: i64, current: serde_json::Value) -> ApiError {
        ApiError {
            game: Some(current),
            ..ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                format!(
                    "this game has changed since version {seen} (in another tab or window?); \
                     here is how it stands now"
                ),
            )
        }
    }

    /// 503 with `Retry-After`: the engine's pool is full.
    pub fn busy() -> ApiError {
        ApiError {
            retry_after: Some(BUSY_RETRY_AFTER),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is busy with other puzzles; try again in a moment",
            )
        }
    }

    /// 429 with `Retry-After`: `who` (the client, or the pages of its address together)
    /// already has `jobs` engine jobs running or waiting, its share of the pool (the others'
    /// requests are still served).
    pub fn too_many(who: &str, jobs: usize) -> ApiError {
        ApiError {
            retry_after: Some(BUSY_RETRY_AFTER),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many",
                format!(
                    "{who} already have {jobs} puzzles being worked on (hints, ratings, new \
                     games); wait for their answers, then try again"
                ),
            )
        }
    }

    /// A refusal of a kind the page's engine answers too: its status and code are
    /// [`Problem`]'s, the one place both fronts take them from.
    pub fn problem(problem: Problem, message: impl Into<String>) -> ApiError {
        let status =
            StatusCode::from_u16(problem.status()).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
        ApiError::new(status, problem.code(), message)
    }

    /// 400 `bad_request`: the request is malformed ([`Problem::Malformed`]).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::problem(Problem::Malformed, message)
    }

    /// 422 `invalid`: well-formed, but the values are not acceptable ([`Problem::Invalid`]).
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::problem(Problem::Invalid, message)
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::problem(Problem::NotFound, message)
    }

    /// 409 `conflict`: the game's state does not allow this now.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::problem(Problem::Conflict, message)
    }

    /// 500, with the cause logged but not sent.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        eprintln!("nonet play: internal error: {cause}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal server error",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = self.detail;
        error.insert("code".into(), self.code.into());
        error.insert("message".into(), self.message.into());
        let mut body = json!({ "error": error });
        if let Some(game) = self.game {
            body["game"] = game;
        }
        let mut resp = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            resp.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        resp
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound(id) => ApiError::not_found(format!("no game with id {id}")),
            // The row exists but cannot be read back: permanent until it is deleted, and no
            // fault of the request or the server's code, so neither a 4xx of the request's
            // shape nor a 500.
            StoreError::Corrupt(id) => {
                eprintln!("nonet play: game {id} is damaged in the database");
                ApiError::problem(
                    Problem::Damaged,
                    format!(
                        "game {id} is damaged in the database and cannot be read; delete it, \
                         or restore the database from a backup"
                    ),
                )
                .with("id", id)
            }
            StoreError::Full => {
                eprintln!("nonet play: the disk holding the database is full");
                ApiError::new(
                    StatusCode::INSUFFICIENT_STORAGE,
                    "disk_full",
                    "the disk holding your games is full, so this change was not saved: free \
                     some space, then try again",
                )
            }
            StoreError::ReadOnly => {
                eprintln!("nonet play: the database cannot be written any more");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "read_only",
                    "your games cannot be saved: the database has become read-only",
                )
            }
            other => ApiError::internal(other),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        let mut e = ApiError::problem(r.problem, r.message);
        if let Some(rule) = r.rule {
            e = e.with("rule", rule);
        }
        if let Some(region) = r.region {
            e = e.with("region", region.to_string());
        }
        e
    }
}

impl From<PoolError> for ApiError {
    fn from(e: PoolError) -> ApiError {
        match e {
            PoolError::Busy(busy) => busy.into(),
            PoolError::Failed => ApiError::internal(e),
        }
    }
}

impl From<Busy> for ApiError {
    fn from(e: Busy) -> ApiError {
        match e {
            Busy::Full | Busy::Saturated => ApiError::busy(),
            Busy::Share(jobs) => ApiError::too_many("you", jobs),
            Busy::Address(jobs) => ApiError::too_many("the pages of your machine", jobs),
        }
    }
}

/// A search stopped because its request was gone (the client left): no one reads this answer,
/// so it only has to be an error, and says why.
impl From<nonet_logic::Stopped> for ApiError {
    fn from(_: nonet_logic::Stopped) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "abandoned",
            "the search stopped: its request was no longer waiting for it",
        )
    }
}

impl From<MoveError> for ApiError {
    fn from(e: MoveError) -> ApiError {
        ApiError::invalid(e.to_string())
    }
}
