//! Statistics of the games played: per level and over all, as the player's store keeps them
//! (the server's SQLite, the page's IndexedDB); each store lists its games' [`Outcome`]s.

/// Statistics for one level (or, as `all`, for every game).
///
/// A finished game has one outcome: solved by the player (`solved`, hints asked and applied
/// included, counted in `hints`; `clean` when no hint was asked), or finished with the bot's
/// help (`bot_finished`: the bot played a step). A game not finished is `unfinished`. Times
/// and streaks count only the player's own solves.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LevelStats {
    /// The level name, `custom` for the player's own puzzles, or `all`.
    pub level: String,
    /// Games started.
    pub started: i64,
    /// Games solved without the bot.
    pub solved: i64,
    /// Games solved without the bot and without a hint.
    pub clean: i64,
    /// Games finished with the bot's help.
    pub bot_finished: i64,
    /// Games not finished yet.
    pub unfinished: i64,
    /// Best time of the clean solves, milliseconds (a time helped by hints is no record).
    pub best_ms: Option<i64>,
    /// Average time of the games solved without the bot, milliseconds.
    pub average_ms: Option<i64>,
    /// Hints asked for, over all these games.
    pub hints: i64,
    /// Wrong digits placed, over all these games.
    pub mistakes: i64,
    /// Finished games in a row, up to the latest, solved without the bot.
    pub current_streak: i64,
    /// The longest such run.
    pub best_streak: i64,
}

/// One game as statistics see it.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct Outcome {
    /// Its level's name, or `custom` for the player's own puzzle.
    pub key: String,
    /// When it was solved, Unix milliseconds.
    pub finished_at: Option<i64>,
    /// Whether the bot played a step.
    pub bot_used: bool,
    /// Hints asked for.
    pub hints: i64,
    /// Wrong digits placed.
    pub mistakes: i64,
    /// Playing time, milliseconds.
    pub elapsed_ms: i64,
}

impl LevelStats {
    /// The statistics of `games` (in order of creation) under the name `level`.
    pub fn of<'a>(level: &str, games: impl Iterator<Item = &'a Outcome>) -> LevelStats {
        let mut s = LevelStats {
            level: level.to_string(),
            started: 0,
            solved: 0,
            clean: 0,
            bot_finished: 0,
            unfinished: 0,
            best_ms: None,
            average_ms: None,
            hints: 0,
            mistakes: 0,
            current_streak: 0,
            best_streak: 0,
        };
        let mut total_ms = 0i64;
        let mut finished: Vec<(i64, bool)> = Vec::new();
        for g in games {
            s.started += 1;
            s.hints += g.hints;
            s.mistakes += g.mistakes;
            let Some(at) = g.finished_at else {
                s.unfinished += 1;
                continue;
            };
            finished.push((at, !g.bot_used));
            if g.bot_used {
                s.bot_finished += 1;
                continue;
            }
            s.solved += 1;
            total_ms += g.elapsed_ms;
            if g.hints == 0 {
                s.clean += 1;
                s.best_ms = Some(s.best_ms.map_or(g.elapsed_ms, |b| b.min(g.elapsed_ms)));
            }
        }
        if s.solved > 0 {
            s.average_ms = Some((total_ms as f64 / s.solved as f64).round() as i64);
        }
        // Streaks run in the order games were finished; a game still in progress neither
        // extends nor breaks one (it may still be solved).
        finished.sort_by_key(|&(at, _)| at);
        let mut run = 0;
        for (_, own) in finished {
            run = if own { run + 1 } else { 0 };
            s.best_streak = s.best_streak.max(run);
        }
        s.current_streak = run;
        s
    }
}

/// The statistics of `games` (in order of creation) per level of `levels`, then `custom`, and
/// over every game (`all`).
pub fn per_level(levels: &[&str], games: &[Outcome]) -> (Vec<LevelStats>, LevelStats) {
    let per_level = levels
        .iter()
        .copied()
        .chain(["custom"])
        .map(|level| LevelStats::of(level, games.iter().filter(|g| g.key == level)))
        .collect();
    (per_level, LevelStats::of("all", games.iter()))
}
