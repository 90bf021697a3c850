//! Sudoku Explainer 1.2.1.3's rater, reproduced: its producers in its order, one hint per step,
//! the first hint of the first productive producer wins (SE-SPEC §2 and §3). The order is
//! data: `SE_ORDER` in the technique catalogue lists the producers, each with the techniques
//! its hints are of, and [`next_hint_observed`] asks them in that order.
//!
//! The producers live in [`basic`] (singles to XYZ-Wing, over the searches and step builders
//! the teacher's finders in `crate::techniques` run too), [`unique`] (unique loops, BUG),
//! [`exclusion`] (aligned pair and triplet exclusion) and [`crate::chains`] (the chaining
//! engine). They all work on the [`grid::Grid`] of this module, which keeps one bitboard per
//! digit so that most tests are a few mask operations, and offer each hint as a [`Step`] with
//! its SE difficulty (and, for chains, its complexity), its pattern as `cells` and `digits`, and
//! the base and cover houses SE's rule parents read; [`finish`] lists the pattern's
//! candidates when a step is shown.

// Bitboard code indexes several per-digit arrays with one digit index: range loops read best.
#![allow(clippy::needless_range_loop)]

pub mod basic;
pub mod exclusion;
pub mod grid;
pub mod unique;

use std::sync::Arc;

use nonet_core::{Cell, Digit, Puzzle, Sudoku};

use crate::board::bit;
use crate::chains::{self, Chainer};
use crate::observer::{unobserved, Observer, Stopped};
use crate::step::{Candidate, CandidateSet, Step};
use crate::technique::{SeProducer, Technique, SE_ORDER};
use grid::{Geometry, Grid};

/// The catalogue's SE base difficulty of a technique SE's producers find.
pub(crate) fn se_base(technique: Technique) -> f64 {
    technique
        .se_base()
        .expect("every technique an SE producer reports has an SE base difficulty")
}

/// A step of `technique` at SE difficulty `difficulty`, with nothing found yet: what every
/// producer fills in. A producer's step gives its pattern as `cells` and `digits` (the
/// candidates [`finish`] lists for highlighting), and the base and cover houses SE's rule
/// parents read (locking, fish, subsets).
pub(crate) fn rated_step(technique: Technique, difficulty: f64) -> Step {
    let mut s = Step::new(technique);
    s.difficulty = Some(difficulty);
    s
}

/// [`rated_step`] at the technique's base difficulty in the catalogue.
pub(crate) fn base_step(technique: Technique) -> Step {
    rated_step(technique, se_base(technique))
}

/// SE's difficulty of a producer's step (every producer rates its steps).
#[inline]
pub(crate) fn difficulty(step: &Step) -> f64 {
    step.difficulty
        .expect("every step of an SE producer carries its difficulty")
}

/// Whether the step places a digit (SE's "has a cell", which decides EP).
pub(crate) fn places(step: &Step) -> bool {
    step.placement.is_some()
}

/// A producer's step made ready to show: its pattern candidates listed from its `cells` and
/// `digits` (the producers leave that list empty, since most steps are only applied).
pub fn finish(mut step: Step) -> Step {
    let (cells, digits) = (step.cells, step.digits);
    step.pattern = cells
        .iter()
        .flat_map(|cell| digits.iter().map(move |digit| Candidate::new(cell, digit)))
        .collect();
    step
}

/// The candidate of digit index `d` (0-8) in cell index `c` (0-80): how the bitboard loops
/// name what they found.
#[inline]
pub(crate) fn cand(c: usize, d: usize) -> Candidate {
    Candidate::new(Cell::from_index(c), Digit::from_index(d))
}

/// The result of SE's rating loop on one puzzle.
#[derive(Clone, Debug)]
pub struct SeResult {
    /// The highest difficulty over the solve; 20.0 when stuck.
    pub er: f64,
    /// The running maximum at the first placing step (0.0 if none).
    pub ep: f64,
    /// The difficulty of the first step (0.0 if none).
    pub ed: f64,
    /// Every hint applied, in order.
    pub steps: Vec<Step>,
    /// Whether the producers got stuck before the grid was full.
    pub stuck: bool,
}

/// What SE's producers remember from one grid to the next, and the chaining engine's buffers:
/// the context every producer that skips work reads and writes (docs/rating.md, "How the rater
/// stays fast").
///
/// Each skip is exact: a digit, house, cell pair or loop search is skipped only while what it
/// reads is the same as when it last found nothing (or found these loops), so the hints are
/// those a fresh memory gives, whatever grids the memory saw before. What it remembers holds
/// for one layout: [`next_basic_hint`], which every walk asks first, forgets everything when
/// the grid's layout is not the one the memory knows. One rating walk owns one and passes it
/// down; the public raters ([`rate_sudoku`], [`crate::rate`]) create their own.
#[derive(Default)]
pub struct Memory {
    /// The geometry of the grids the memory has seen (`None`: none yet).
    geo: Option<Arc<Geometry>>,
    /// Locking, naked and hidden sets, basic fish (shared with the nested chains' use of them).
    basic: basic::Sterile,
    /// Aligned pair exclusion.
    pair: exclusion::Sterile,
    /// Aligned triplet exclusion.
    triplet: exclusion::Sterile,
    /// Unique loops.
    loops: unique::Loops,
    /// The chaining engine, made on first use (most grids never reach it).
    chainer: Option<Box<Chainer>>,
}

impl Memory {
    /// A memory that knows nothing yet.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Forgets everything unless the memory was made on the layout of `g`.
    fn fit(&mut self, g: &Grid) {
        if !matches!(&self.geo, Some(geo) if geo.same(&g.geo)) {
            *self = Memory {
                geo: Some(Arc::clone(&g.geo)),
                ..Memory::default()
            };
        }
    }

    /// The chaining engine and the sterile memory its nested chains use.
    pub(crate) fn chainer(&mut self) -> (&mut Chainer, &basic::Sterile) {
        (
            self.chainer.get_or_insert_with(Default::default),
            &self.basic,
        )
    }

    /// Aligned triplet exclusion on `g` with this memory's part for it: its first hint, if any.
    pub fn aligned_triplet(&self, g: &Grid) -> Option<Step> {
        let mut found: Option<Step> = None;
        let hit = exclusion::aligned_triplet(g, &self.triplet, &mut |h| {
            found = Some(h);
            true
        });
        found.filter(|_| hit)
    }
}

/// Asks SE's producer `producer` for its first hint on `g`, with `memory` (which must fit
/// `g`'s layout) and, for the chains, the solution when `truth` is given (it must fit `g`).
/// The multiple/dynamic/nested chains ask `obs` as they search: [`Stopped`] once it says stop.
fn produce(
    producer: SeProducer,
    g: &Grid,
    truth: Option<&Truth>,
    memory: &mut Memory,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    let st = &memory.basic;
    let mut found: Option<Step> = None;
    let mut take = |h: Step| {
        found = Some(h);
        true
    };
    let hit = match producer {
        SeProducer::HiddenSingle => basic::hidden_single(g, &mut take),
        SeProducer::Locking { direct } => basic::locking(g, direct, st, &mut take),
        SeProducer::HiddenSet { size, direct } => {
            basic::hidden_set(g, size.into(), direct, st, &mut take)
        }
        SeProducer::NakedSingle => basic::naked_single(g, &mut take),
        SeProducer::NakedSet { size } => basic::naked_set(g, size.into(), st, &mut take),
        SeProducer::Fish { size } => basic::fish(g, size.into(), st, &mut take),
        SeProducer::XyWing { xyz } => basic::xy_wing(g, xyz, &mut take),
        SeProducer::UniqueLoops => unique::unique_loops(g, &mut memory.loops, &mut take),
        SeProducer::Bug => unique::bug(g, &mut take),
        SeProducer::AlignedPair => exclusion::aligned_pair(g, &memory.pair, &mut take),
        SeProducer::StaticChains => return Ok(chains::se_static_chains_with(g, truth, memory)),
        SeProducer::AlignedTriplet => return Ok(memory.aligned_triplet(g)),
        SeProducer::Chains(level) => {
            return chains::se_chains_observed(g, level, truth, memory, obs)
        }
    };
    Ok(found.filter(|_| hit))
}

/// The first hint of one of SE's producers on `g`, with `memory` and, for the chains, the
/// solution when `truth` is given (it must fit `g`, see [`Truth`]): one stage of
/// `next_hint_observed`, for callers that time or trace the stages one by one.
pub fn stage_hint(
    producer: SeProducer,
    g: &Grid,
    truth: Option<&Truth>,
    memory: &mut Memory,
) -> Option<Step> {
    memory.fit(g);
    unobserved(produce(producer, g, truth, memory, &Observer::never()))
}

/// SE's basic producers (SE-SPEC §3: singles to aligned pair exclusion, every hint rated
/// below 6.5), the head of [`SE_ORDER`], in order on `g`, with `memory`: the first hint, if
/// any. The chaining producers come after.
pub fn next_basic_hint(g: &Grid, memory: &mut Memory) -> Option<Step> {
    memory.fit(g);
    SE_ORDER
        .iter()
        .take_while(|stage| stage.producer.is_basic())
        .find_map(|stage| unobserved(produce(stage.producer, g, None, memory, &Observer::never())))
}

/// The solution of the puzzle being rated, as one cell mask per digit index.
///
/// It only speeds the chaining producers up, never changes what they find: every deduction
/// they make is sound, so from an assumption that holds in the solution no contradiction can
/// follow. A forcing chain or Nishio contradiction can therefore start only from "on" for a
/// candidate outside the solution or from "off" for one inside it, and the searches from the
/// other assumptions, which would find nothing, are skipped. This holds only while the grid
/// still contains the solution ([`Truth::fits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truth {
    /// The solution's candidates: each cell's digit.
    pos: CandidateSet,
    /// The digit index of each cell in the solution.
    digit: [u8; 81],
}

impl Truth {
    /// The truth of a solved grid.
    pub fn from_solution(solution: &Sudoku) -> Truth {
        let mut pos = CandidateSet::EMPTY;
        let mut digit = [0u8; 81];
        for cell in Cell::all() {
            if let Some(d) = solution.get(cell) {
                pos.insert(Candidate::new(cell, d));
                digit[cell.index()] = d.index() as u8;
            }
        }
        Truth { pos, digit }
    }

    /// The solution as a set of candidates (each cell with its digit).
    pub fn solution(&self) -> &CandidateSet {
        &self.pos
    }

    /// Whether `c` belongs to the solution.
    pub fn holds(&self, c: Candidate) -> bool {
        self.pos.contains(c)
    }

    /// Whether the candidate of digit index `d` in cell index `c` belongs to the solution (the
    /// chain searches' form of [`Truth::holds`]).
    #[inline]
    pub(crate) fn holds_at(&self, c: usize, d: usize) -> bool {
        bit(self.pos.mask(d), c)
    }

    /// Whether `g` still contains the solution: each empty cell has its solution digit as a
    /// candidate and each placed digit is the solution's.
    pub fn fits(&self, g: &Grid) -> bool {
        (0..81).all(|c| {
            let d = self.digit[c];
            match g.values[c] {
                None => g.cands[c] >> d & 1 != 0,
                Some(v) => v.index() == d as usize,
            }
        })
    }
}

/// Runs SE's producers in order on `g`, with `memory`, and returns the first hint (SE-SPEC §3),
/// sped up by the solution when `truth` is given (it must fit `g`, see [`Truth`]); the hint is
/// the same.
///
/// `obs` is asked before each chaining producer and inside the chain searches: [`Stopped`]
/// once it says stop.
pub fn next_hint_observed(
    g: &Grid,
    truth: Option<&Truth>,
    memory: &mut Memory,
    obs: &Observer,
) -> Result<Option<Step>, Stopped> {
    if let Some(h) = next_basic_hint(g, memory) {
        return Ok(Some(h));
    }
    // A step never removes a solution candidate of a puzzle with one solution; the check
    // keeps the speed-up safe for anything else.
    let truth = truth.filter(|t| t.fits(g));
    for stage in SE_ORDER
        .iter()
        .skip_while(|stage| stage.producer.is_basic())
    {
        obs.check()?;
        if let Some(h) = produce(stage.producer, g, truth, memory, obs)? {
            return Ok(Some(h));
        }
    }
    Ok(None)
}

/// Rates a grid with SE's loop: ER, EP and ED (SE-SPEC §2). The puzzle is not checked. The
/// solution of the grid, when `truth` is given (see [`Truth`]), speeds it up; the result is
/// the same. The producers use `memory` (any memory gives the same result).
pub fn rate_grid_with(g: Grid, truth: Option<Truth>, memory: &mut Memory) -> SeResult {
    unobserved(rate_grid_observed(g, truth, memory, &Observer::never()))
}

/// [`rate_grid_with`] under `obs`, asked before each step and inside the chain searches
/// (docs/rating.md, "Stopping a rating"): [`Stopped`] once it says stop, else the same result.
/// A stopped search leaves `memory` part-way through a grid: drop it with the rating (the
/// public raters make their own).
pub fn rate_grid_observed(
    mut g: Grid,
    truth: Option<Truth>,
    memory: &mut Memory,
    obs: &Observer,
) -> Result<SeResult, Stopped> {
    let mut er = f64::NEG_INFINITY;
    let mut ep = 0.0;
    let mut ed = 0.0;
    let mut steps = Vec::new();
    let mut stuck = false;
    while !g.is_full() {
        obs.check()?;
        let Some(h) = next_hint_observed(&g, truth.as_ref(), memory, obs)? else {
            er = 20.0;
            stuck = true;
            break;
        };
        let difficulty = difficulty(&h);
        if difficulty > er {
            er = difficulty;
        }
        if ep == 0.0 {
            if ed == 0.0 {
                ed = er;
            }
            if places(&h) {
                ep = er;
            }
        }
        let before = g.clone();
        g.apply(&h);
        steps.push(h);
        if g == before {
            // A hint that changes nothing would loop for ever; SE's producers never emit one,
            // so reaching this means a bug here: stop as stuck rather than spin.
            er = 20.0;
            stuck = true;
            break;
        }
    }
    Ok(SeResult {
        er,
        ep,
        ed,
        steps,
        stuck,
    })
}

/// Rates a puzzle from its givens with SE's rules over the houses of its layout (see
/// [`crate::rate::rate_se`] for what carries over to the variants). The puzzle is not
/// checked; its solution, when it has exactly one, speeds the chains up.
pub fn rate_sudoku(puzzle: &Puzzle) -> SeResult {
    unobserved(rate_sudoku_observed(puzzle, &Observer::never()))
}

/// [`rate_sudoku`] under `obs` (see [`rate_grid_observed`]).
pub fn rate_sudoku_observed(puzzle: &Puzzle, obs: &Observer) -> Result<SeResult, Stopped> {
    let truth = puzzle
        .unique_solution()
        .map(|sol| Truth::from_solution(&sol));
    rate_grid_observed(Grid::from_puzzle(puzzle), truth, &mut Memory::new(), obs)
}

/// SE's display rounding: half up to one decimal, as the integer part of (x + 0.05) * 10.
pub fn round1(x: f64) -> f64 {
    (((x + 0.05) * 10.0).floor()) / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzles of the shared sample SE rates at most `max_er` (quick to walk in a debug
    /// build), with their solutions.
    fn sample(max_er: f64) -> Vec<(Sudoku, Truth)> {
        include_str!("../../tests/fixtures/sample-se-rated.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| {
                let mut fields = l.split(':');
                let puzzle = fields.next()?;
                let er: f64 = fields.next()?.parse().ok()?;
                (er <= max_er).then(|| {
                    let s = Sudoku::from_line(puzzle).expect("sample puzzle");
                    let sol = s
                        .unique_solution()
                        .expect("sample puzzles have one solution");
                    (s, Truth::from_solution(&sol))
                })
            })
            .collect()
    }

    /// Walks SE's loop on `s` and hands each grid's first productive stage and its hint to
    /// `visit`, stage by stage as [`next_hint_observed`] asks them.
    fn walk(s: &Sudoku, truth: &Truth, visit: &mut impl FnMut(usize, &Step)) {
        let mut g = Grid::from_puzzle(&s.into());
        let mut memory = Memory::new();
        while !g.is_full() {
            let truth = Some(truth).filter(|t| t.fits(&g));
            let (i, h) = SE_ORDER
                .iter()
                .enumerate()
                .find_map(|(i, stage)| {
                    stage_hint(stage.producer, &g, truth, &mut memory).map(|h| (i, h))
                })
                .expect("the sample's puzzles are rated, never stuck");
            visit(i, &h);
            g.apply(&h);
        }
    }

    /// The first of the forum's hardest set: ER 11.1, its chains nested three deep.
    const HARDEST: &str =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

    /// An observer that never says stop changes nothing (the same steps, the same numbers),
    /// and it is asked inside the chain searches, not only between steps.
    #[test]
    fn an_observer_that_never_stops_changes_nothing_and_is_asked_inside_the_searches() {
        let puzzle: Puzzle = Sudoku::from_line(HARDEST).unwrap().into();
        let plain = rate_sudoku(&puzzle);
        let asked = std::cell::Cell::new(0u64);
        let count = || {
            asked.set(asked.get() + 1);
            false
        };
        let observed = rate_sudoku_observed(&puzzle, &Observer::new(&count)).unwrap();
        assert_eq!(
            (observed.er, observed.ep, observed.ed, observed.stuck),
            (plain.er, plain.ep, plain.ed, plain.stuck)
        );
        assert_eq!(observed.steps, plain.steps);
        assert!(
            asked.get() > 10 * plain.steps.len() as u64,
            "{} questions over {} steps",
            asked.get(),
            plain.steps.len()
        );
    }

    /// A stop said in the middle of a nested chain search ends the rating with `Stopped`, at
    /// once: the question that said stop is the last.
    #[test]
    fn a_stop_inside_a_nested_search_ends_the_rating_at_once() {
        let puzzle: Puzzle = Sudoku::from_line(HARDEST).unwrap().into();
        for at in [1, 50, 5000] {
            let asked = std::cell::Cell::new(0u64);
            let stop = || {
                asked.set(asked.get() + 1);
                asked.get() >= at
            };
            let r = rate_sudoku_observed(&puzzle, &Observer::new(&stop));
            assert!(matches!(r, Err(Stopped)), "stop at question {at}");
            assert_eq!(asked.get(), at);
        }
    }

    #[test]
    fn each_se_stage_yields_only_the_techniques_it_names() {
        let mut seen = [false; SE_ORDER.len()];
        for (s, truth) in sample(7.2) {
            walk(&s, &truth, &mut |i, h| {
                assert!(
                    SE_ORDER[i].yields.contains(&h.technique),
                    "{s}: {:?} offered a {:?}",
                    SE_ORDER[i].producer,
                    h.technique
                );
                seen[i] = true;
            });
        }
        // The sample must reach past the singles for the check to mean anything.
        let reached = seen.iter().filter(|&&b| b).count();
        assert!(reached >= 10, "only {reached} stages reached: {seen:?}");
        assert!(
            seen[SE_ORDER
                .iter()
                .position(|st| !st.producer.is_basic())
                .unwrap()]
        );
    }

    #[test]
    fn difficulty_parts_split_se_steps_into_the_catalogue_base_and_a_bonus() {
        let mut with_bonus = Vec::new();
        for (s, truth) in sample(7.2) {
            walk(&s, &truth, &mut |_, h| {
                let (base, bonus) = h.difficulty_parts().expect("every SE step has parts");
                assert_eq!(Some(base), h.technique.se_base(), "{s}: {:?}", h.technique);
                assert!(bonus > -1e-9, "{s}: {:?} bonus {bonus}", h.technique);
                assert!((base + bonus - difficulty(h)).abs() < 1e-9);
                if bonus > 1e-9 {
                    with_bonus.push(h.technique);
                }
            });
        }
        // A hidden single in a box is 1.2 and nothing more; the chains add a length bonus.
        let mut single = Step::new(Technique::HiddenSingleBox);
        assert_eq!(single.difficulty_parts(), None);
        single.difficulty = Some(1.2);
        assert_eq!(single.difficulty_parts(), Some((1.2, 0.0)));
        assert!(
            with_bonus
                .iter()
                .any(|t| t.family() == crate::Family::ForcingChains),
            "no chain with a length bonus in the sample: {with_bonus:?}"
        );
    }
}
