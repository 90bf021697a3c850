//! # nonet-game
//!
//! The rules of play of a Sudoku game, apart from how a game is stored or served: the
//! [`Board`] a player fills and the [`Move`]s that change it (a given cannot be overwritten, a
//! pencil mark only goes in an empty cell), the [`Clash`]es of its digits on its layout, what
//! counts as a mistake, the check of a board against its solution, what stands between a board
//! and a hint ([`Blocker`]), the hint itself ([`hint`], the logic crate's
//! [`Teacher::hint`](nonet_logic::Teacher::hint)), the next logical step ([`next_step`]), and the bot's steps ([`bot_step`], [`run_singles`]).
//!
//! **Invariant:** no I/O, no clock, no HTTP, JSON or SQL: the server (`nonet-server`) keeps
//! games in its store and answers them as JSON; the same rules build for
//! `wasm32-unknown-unknown`, for a page that plays without a server.

#![forbid(unsafe_code)]

pub mod board;
pub mod play;
pub mod progress;
pub mod puzzle;
pub mod stats;

pub use board::{Board, Clash, Move, MoveError, Origin, StoredBoard};
pub use play::{
    blocker, bot_step, bot_step_observed, check, hint, hint_observed, is_mistake, may_apply_hint,
    next_step, next_step_observed, rating, rating_observed, run_singles, run_singles_observed,
    Blocker, BotAction, Checked, GameHint, MistakeFirst, SinglesRun, Stuck,
};
