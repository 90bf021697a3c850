//! The JSON API, one module per resource, each with its own [`axum::Router`] and handlers
//! named `<resource>_<verb>`; [`router`] merges them. `openapi.json` (served at
//! `/api/openapi.json`) documents it.
//!
//! - [`request`]: reading requests (strict JSON bodies, game ids, versions, the timer);
//! - [`view`]: the JSON views of games, steps and candidates;
//! - [`meta`]: the API's description and the levels;
//! - [`puzzles`]: checking a puzzle typed in, and reading variants and region maps;
//! - [`games`]: games (new, daily, listed, read, deleted), their progress and timer;
//! - [`moves`]: moves on a game, undo and redo;
//! - [`hints`]: the check of a board, hints and the bot's steps;
//! - [`stats`]: the statistics;
//!
//! and, beside them, [`crate::coach`] (path, singles, check-step), [`crate::learn`] (Learn and
//! practice) and [`crate::layout`] (a variant's layout).

use std::sync::Arc;

use axum::Router;

use crate::hosts::AllowedHosts;
use crate::pool::Pool;
use crate::store::Store;

pub mod games;
pub mod hints;
pub mod meta;
pub mod moves;
pub mod puzzles;
pub mod request;
pub mod stats;
pub mod view;

pub use games::daily_seed;
pub(crate) use games::{finish_if_solved, random_seed};
pub(crate) use moves::is_client_id;
pub use moves::MAX_SEQ;
pub use nonet_view::request::strict_json;
pub(crate) use request::{
    apply_elapsed, blocking, check_version, game_id, seen_game, seen_version, Clock,
};
pub use request::{too_large, JsonBody};
pub use view::{game_json, step_json};

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
    /// How long a request waits for a player's puzzle to be rated before answering without
    /// the rating ([`crate::engine::RATING_WAIT`] by default).
    pub rating_wait: std::time::Duration,
    /// How long the check of a stated deduction may search before it is answered 422
    /// `out_of_time` ([`crate::engine::CHECK_STEP_TIMEOUT`] by default).
    pub check_step_timeout: std::time::Duration,
    /// Ratings stopped because no one would read them (their request answered without them,
    /// and nothing to save them with).
    pub ratings_stopped: std::sync::atomic::AtomicU64,
}

/// The state as handlers see it.
pub type Shared = Arc<AppState>;

/// Every API route (relative to `/api`): the resources' routers merged.
pub fn router() -> Router<Shared> {
    Router::new()
        .merge(meta::router())
        .merge(puzzles::router())
        .merge(crate::layout::router())
        .merge(games::router())
        .merge(moves::router())
        .merge(hints::router())
        .merge(crate::coach::router())
        .merge(crate::learn::router())
        .merge(stats::router())
}
