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
        Level::ALL
            .into_iter()
            .find(|l| l.max_tenths().is_none_or(|max| t <= max))
            .unwrap_or(Level::Extreme)
    }

    /// The highest ER of the level (`None` for extreme).
    pub fn max_er(self) -> Option<f64> {
        self.max_tenths().map(|t| t as f64 / 10.0)
    }

    /// The level's ER band in tenths of ER, both ends included: from one tenth above the level
    /// below's highest (0 for easy) to its own highest (`None` for extreme: no upper end).
    pub fn er_tenths(self) -> (i64, Option<i64>) {
        let below = Level::ALL
            .into_iter()
            .take_while(|&l| l != self)
            .last()
            .and_then(Level::max_tenths);
        (below.map_or(0, |t| t + 1), self.max_tenths())
    }

    /// The one table of the levels' thresholds: each level's highest ER, in tenths.
    fn max_tenths(self) -> Option<i64> {
        match self {
            Level::Easy => Some(15),
            Level::Medium => Some(26),
            Level::Hard => Some(45),
            Level::Expert => Some(66),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_bands_tile_the_er_scale_from_one_table() {
        // Every tenth from 0.0 to 20.0 lies in exactly one level's band, and that level is the
        // one `from_er` names; the bands follow each other without a gap.
        let mut next = 0;
        for l in Level::ALL {
            let (lo, hi) = l.er_tenths();
            assert_eq!(lo, next, "{l}");
            assert_eq!(hi.map(|t| t as f64 / 10.0), l.max_er(), "{l}");
            next = hi.map_or(i64::MAX, |t| t + 1);
        }
        for t in 0..=200 {
            let l = Level::from_er(t as f64 / 10.0);
            let (lo, hi) = l.er_tenths();
            assert!(lo <= t && hi.is_none_or(|h| t <= h), "{t} tenths: {l}");
        }
    }

    #[test]
    fn from_er_reads_the_thresholds_of_rating_md() {
        for (er, level) in [
            (1.5, Level::Easy),
            (1.6, Level::Medium),
            (2.6000000000000005, Level::Medium),
            (2.7, Level::Hard),
            (4.5, Level::Hard),
            (4.6, Level::Expert),
            (6.6, Level::Expert),
            (6.7, Level::Extreme),
        ] {
            assert_eq!(Level::from_er(er), level, "{er}");
        }
    }
}
