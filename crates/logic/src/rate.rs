//! Difficulty ratings, the front door: the classic scale (RATING.md §1), Sudoku Explainer's
//! ER/EP/ED (RATING.md §2, reproduced by the crate's SE engine) and the player levels derived from ER
//! (RATING.md §3).
//!
//! Every rating first checks the puzzle: clashing givens are an error, and a puzzle with no
//! solution or with several is reported as such and never rated (SE itself rates anything; we
//! do not, because its numbers mean nothing for a puzzle that is not a puzzle).

use std::fmt;

use nonet_core::{Conflict, Layout, PencilMarks, Puzzle, Solutions};

use crate::observer::{Observer, Stopped};
use crate::se::{self, round1};
use crate::step::Step;
use crate::technique::{Technique, SE_ORDER};

/// The version of the rater, stored with ratings so that a rating can be traced to the rules
/// that produced it. Bump it whenever a rating may change.
pub const RATER_VERSION: &str = "nonet-rate 1 (SE 1.2.1.3 rules)";

/// Why a puzzle cannot be rated at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Invalid(Conflict),
    /// The caller's observer stopped the rating before it finished ([`rate_se_observed`]).
    #[error("the rating was stopped before it finished")]
    Stopped,
}

impl From<Stopped> for RateError {
    fn from(_: Stopped) -> Self {
        RateError::Stopped
    }
}

/// The classic scale (RATING.md §1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ClassicRating {
    /// `-1`: no solution.
    NoSolution,
    /// `0`: solved by elimination alone (naked singles).
    Elimination,
    /// `3`: also needs naked pairs.
    NakedPairs,
    /// `5`: elimination and naked pairs get stuck.
    Guessing,
    /// Several solutions: not a puzzle, never rated.
    Multiple,
}

impl ClassicRating {
    /// The number on the scale (`None` for several solutions).
    pub fn value(self) -> Option<i32> {
        match self {
            ClassicRating::NoSolution => Some(-1),
            ClassicRating::Elimination => Some(0),
            ClassicRating::NakedPairs => Some(3),
            ClassicRating::Guessing => Some(5),
            ClassicRating::Multiple => None,
        }
    }
}

/// Written as the CLI prints it: `-1`, `0`, `3`, `5` or `multiple`.
impl fmt::Display for ClassicRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Some(v) => write!(f, "{v}"),
            None => f.write_str("multiple"),
        }
    }
}

/// Rates `puzzle` on the classic scale over the houses of its layout (elimination and naked
/// pairs in every house it has).
pub fn rate_classic(puzzle: &Puzzle) -> Result<ClassicRating, RateError> {
    let layout = puzzle.layout();
    puzzle.check().map_err(RateError::Invalid)?;
    match puzzle.solutions() {
        Solutions::None => return Ok(ClassicRating::NoSolution),
        Solutions::Multiple(_) => return Ok(ClassicRating::Multiple),
        Solutions::Unique(_) => {}
    }
    let mut pm = PencilMarks::after_elimination(puzzle);
    if pm.is_solved() {
        return Ok(ClassicRating::Elimination);
    }
    while naked_pairs(layout, &mut pm) {
        pm.eliminate_to_fixpoint();
        if pm.is_solved() {
            return Ok(ClassicRating::NakedPairs);
        }
        if pm.has_dead_cell() {
            break;
        }
    }
    Ok(ClassicRating::Guessing)
}

/// Applies every naked pair of the position once, in every house of `layout`; says whether a
/// candidate went.
fn naked_pairs(layout: &Layout, pm: &mut PencilMarks) -> bool {
    let mut changed = false;
    for cells in layout.houses_all() {
        for (i, &a) in cells.iter().enumerate() {
            let ca = pm.candidates(a);
            if pm.value(a).is_some() || ca.len() != 2 {
                continue;
            }
            for &b in &cells[i + 1..] {
                if pm.value(b).is_some() || pm.candidates(b) != ca {
                    continue;
                }
                for &o in cells.iter() {
                    if o != a && o != b && pm.value(o).is_none() {
                        for d in ca {
                            changed |= pm.eliminate(o, d);
                        }
                    }
                }
            }
        }
    }
    changed
}

/// The player levels live in `nonet-core`, so faces that only name them (printing) need no
/// logical solver; rated from ER here.
pub use nonet_core::{Level, UnknownLevel};

/// Sudoku Explainer's three numbers for a puzzle, rounded for display as SE prints them.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// The hardest step (20.0 when SE's techniques get stuck).
    pub er: f64,
    /// The hardest step up to the first placement.
    pub ep: f64,
    /// The first step.
    pub ed: f64,
    /// The technique of the (first) hardest step; `None` if stuck before any step.
    pub hardest: Option<Technique>,
    /// How many steps the solve took.
    pub steps: usize,
    /// Whether the techniques got stuck (ER is then 20.0).
    pub stuck: bool,
}

impl SeRating {
    /// The level of this rating.
    pub fn level(&self) -> Level {
        Level::from_er(self.er)
    }
}

/// Written as `ER/EP/ED` with one decimal each, e.g. `7.1/7.1/2.6`.
impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}

/// The outcome of an SE rating: a rating, or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub enum SeOutcome {
    /// A puzzle with one solution, rated.
    Rated(SeRating),
    /// No solution.
    NoSolution,
    /// Several solutions.
    Multiple,
}

/// Rates `puzzle` on Sudoku Explainer's scale, with SE's rules run over the houses of its
/// layout: on a variant, an SE-like rating (docs/rating.md, "Variants").
///
/// The givens are checked and the solutions counted on the layout. SE's producers run in SE's
/// order over the layout's houses, a jigsaw's regions in place of the blocks and the extra
/// houses (diagonals, windows) after the columns; peers are the layout's. Unique loops count
/// every house of their cells; the BUG is left out on every layout but the standard one.
pub fn rate_se(puzzle: &Puzzle) -> Result<SeOutcome, RateError> {
    rate_se_observed(puzzle, &Observer::never())
}

/// [`rate_se`] under the caller's observer `obs`, asked between steps and inside the chain
/// searches: [`RateError::Stopped`] once it says stop, else the same outcome.
pub fn rate_se_observed(puzzle: &Puzzle, obs: &Observer) -> Result<SeOutcome, RateError> {
    puzzle.check().map_err(RateError::Invalid)?;
    match puzzle.solutions() {
        Solutions::None => Ok(SeOutcome::NoSolution),
        Solutions::Multiple(_) => Ok(SeOutcome::Multiple),
        Solutions::Unique(solution) => {
            let truth = se::Truth::from_solution(&solution);
            let r = se::rate_grid_observed(
                se::grid::Grid::from_puzzle(puzzle),
                Some(truth),
                &mut se::Memory::new(),
                obs,
            )?;
            Ok(SeOutcome::Rated(se_rating(&r)))
        }
    }
}

/// SE's rating without the uniqueness check (SE's own behaviour: it rates anything).
pub fn rate_se_unchecked(puzzle: &Puzzle) -> SeRating {
    se_rating(&se::rate_sudoku(puzzle))
}

/// [`rate_se_unchecked`] under the caller's observer `obs` (see [`rate_se_observed`]).
pub fn rate_se_unchecked_observed(puzzle: &Puzzle, obs: &Observer) -> Result<SeRating, Stopped> {
    Ok(se_rating(&se::rate_sudoku_observed(puzzle, obs)?))
}

/// Sudoku Explainer's ER of `puzzle` if it is at most `cap`, else `None`, without ever
/// searching for a step harder than the cap (the generator's quick rejection of puzzles above
/// a target).
///
/// It walks SE's producers in the rater's order and applies the first hint found, exactly as
/// the rater does, but asks them one by one so that the walk stops as soon as every producer
/// still to come can only give steps harder than the cap (chains rate 6.5 and up, then
/// aligned triplets and Nishio 7.5, by the catalogue). When it does not stop, the hints are the
/// rater's own, so the ER it returns is the rater's ER.
///
/// On a variant, SE's rules run over the layout's houses (as [`rate_se`]).
pub fn rate_se_at_most(puzzle: &Puzzle, cap: f64) -> Option<f64> {
    at_most(se::grid::Grid::from_puzzle(puzzle), cap)
}

/// The capped walk of [`rate_se_at_most`] from the grid `g`.
fn at_most(mut g: se::grid::Grid, cap: f64) -> Option<f64> {
    let cap = tenths(cap);
    let mut er = 0i64;
    let mut memory = se::Memory::new();
    while !g.is_full() {
        let h = capped_hint(&g, cap, &mut memory)?;
        let t = tenths(se::difficulty(&h));
        if t > cap {
            return None;
        }
        er = er.max(t);
        let before = g.clone();
        g.apply(&h);
        if g == before {
            return None;
        }
    }
    Some(er as f64 / 10.0)
}

/// ER in tenths, the precision ratings are given in (2.6 may arrive as 2.6000000000000005).
fn tenths(er: f64) -> i64 {
    (er * 10.0).round() as i64
}

/// The base difficulty of `t` in tenths (every technique SE's producers yield has one).
fn base_tenths(t: Technique) -> i64 {
    tenths(t.se_base().unwrap_or(f64::INFINITY))
}

/// The rater's next hint, unless it is certainly above `cap` tenths (then `None`).
fn capped_hint(g: &se::grid::Grid, cap: i64, memory: &mut se::Memory) -> Option<Step> {
    if let Some(h) = se::next_basic_hint(g, memory) {
        return Some(h);
    }
    // The later producers in SE's order. A hint is never easier than its technique's base, so
    // once every producer left yields only techniques based above the cap, none of them can
    // offer a hint under it, whichever answers first.
    let first_later = SE_ORDER.iter().position(|st| !st.producer.is_basic())?;
    let later = &SE_ORDER[first_later..];
    for (k, stage) in later.iter().enumerate() {
        let easiest_left = later[k..]
            .iter()
            .flat_map(|st| st.yields)
            .map(|&t| base_tenths(t))
            .min();
        if easiest_left.is_some_and(|base| base > cap) {
            return None;
        }
        if let Some(h) = se::stage_hint(stage.producer, g, None, memory) {
            return Some(h);
        }
    }
    None
}

/// The displayed rating of SE's loop result.
fn se_rating(r: &se::SeResult) -> SeRating {
    let mut hardest = None;
    let mut top = f64::NEG_INFINITY;
    for h in &r.steps {
        if se::difficulty(h) > top {
            top = se::difficulty(h);
            hardest = Some(h.technique);
        }
    }
    let er = if r.er.is_finite() { round1(r.er) } else { 0.0 };
    SeRating {
        er,
        ep: round1(r.ep),
        ed: round1(r.ed),
        hardest,
        steps: r.steps.len(),
        stuck: r.stuck,
    }
}

/// The steps SE's rules take on `puzzle` over the houses of its layout (see [`rate_se`]), in
/// order, as [`Step`]s (no uniqueness check).
pub fn se_steps(puzzle: &Puzzle) -> Vec<Step> {
    se::rate_sudoku(puzzle)
        .steps
        .into_iter()
        .map(se::finish)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::Sudoku;

    #[test]
    fn capped_rating_matches_the_rater_under_the_cap() {
        // The shared data sets live beside the repository (see crates/core/tests).
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/puzzles/se-rated.txt"
        );
        let text = std::fs::read_to_string(path).expect("shared puzzle set se-rated.txt");
        let mut checked = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            // Sample: every 15th puzzle keeps this test fast.
            checked += 1;
            if checked % 15 != 0 {
                continue;
            }
            let Some(p) = line.split(':').next() else {
                continue;
            };
            let s = Sudoku::from_line(p).expect("an 81-character puzzle");
            let full = rate_se_unchecked(&s.into()).er;
            for cap in [1.5, 2.6, 4.5, 6.6, 7.4, 8.0, 9.0] {
                let capped = rate_se_at_most(&s.into(), cap);
                if full <= cap {
                    assert_eq!(capped, Some(full), "{p} cap {cap}");
                } else {
                    assert_eq!(capped, None, "{p} cap {cap}");
                }
            }
        }
        assert!(checked > 600);
    }

    #[test]
    fn levels_follow_the_table() {
        assert_eq!(Level::from_er(1.2), Level::Easy);
        assert_eq!(Level::from_er(1.5), Level::Easy);
        assert_eq!(Level::from_er(1.7), Level::Medium);
        assert_eq!(Level::from_er(2.6), Level::Medium);
        assert_eq!(Level::from_er(2.8), Level::Hard);
        assert_eq!(Level::from_er(4.5), Level::Hard);
        assert_eq!(Level::from_er(4.6), Level::Expert);
        assert_eq!(Level::from_er(6.6), Level::Expert);
        assert_eq!(Level::from_er(6.7), Level::Extreme);
        assert_eq!(Level::from_er(20.0), Level::Extreme);
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert!("impossible".parse::<Level>().is_err());
    }

    #[test]
    fn display_rounds_like_se() {
        assert_eq!(round1(6.6 + 0.1), 6.7);
        assert_eq!(round1(7.0 + 0.1 + 0.1), 7.2);
        let r = SeRating {
            er: 7.1,
            ep: 7.1,
            ed: 2.6,
            hardest: None,
            steps: 0,
            stuck: false,
        };
        assert_eq!(r.to_string(), "7.1/7.1/2.6");
    }
}
