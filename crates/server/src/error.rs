//! [`ApiError`]: every error the API answers, as a status code and a JSON body
//! `{"error": {"code": "...", "message": "..."}}`.
//!
//! Internal failures (database, panics) are logged on the server's standard error and answered
//! with a generic message: nothing about the machine, paths or SQL leaks to the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::board::MoveError;
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
}

impl ApiError {
    /// An error with the given parts.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 422: well-formed, but the values are not acceptable.
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 409: the game's state does not allow this now.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
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
        let body = json!({ "error": { "code": self.code, "message": self.message } });
        (self.status, Json(body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound(id) => ApiError::not_found(format!("no game with id {id}")),
            other => ApiError::internal(other),
        }
    }
}

impl From<MoveError> for ApiError {
    fn from(e: MoveError) -> ApiError {
        ApiError::invalid(e.to_string())
    }
}
