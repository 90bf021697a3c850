//! The player levels (`RATING.md` §3): five names over Sudoku Explainer's ER scale. They live
//! in the core vocabulary so that every face can name a level (printing captions, the game's
//! dialog) without the logical solver that rates puzzles.

use std::fmt;
use std::str::FromStr;

/// A player's level, derived from ER (RATING.md §3): easy ER <= 1.5 (singles), medium <= 2.6,
/// hard <= 4.5, expert <= 6.6, extreme above.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Level {
    /// Hidden singles and full houses (ER up to 1.5).
    Easy,
    /// Direct techniques, naked singles, pointing (up to 2.6).
    Medium,
    /// Claiming, subsets, basic fish, wings, unique rectangles (up to 4.5).
    Hard,
    /// Quads, jellyfish, BUG, exclusions, short chains (up to 6.6).
    Expert,
    /// Everything above 6.6: chains, forcing chains, nets.
    Extreme,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level of a puzzle rated `er` (ER as displayed, one decimal).
    pub fn from_er(er: f64) -> Level {
        // Compare on tenths so that 2.6 is medium whether it arrives as 2.6 or 2.6000000000000005.
        let t = (er * 10.0).round() as i64;
        match t {
            i64::MIN..=15 => Level::Easy,
            16..=26 => Level::Medium,
            27..=45 => Level::Hard,
            46..=66 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The highest ER of the level (`None` for extreme).
    pub fn max_er(self) -> Option<f64> {
        match self {
            Level::Easy => Some(1.5),
            Level::Medium => Some(2.6),
            Level::Hard => Some(4.5),
            Level::Expert => Some(6.6),
            Level::Extreme => None,
        }
    }

    /// The lowercase name: `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the five.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (expected easy, medium, hard, expert or extreme)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let l = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|v| v.name() == l)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}
