//! [`Generator`]: the dig-out generator. Fill a random grid, then empty cells (one symmetry orbit
//! at a time, in random order) as long as the puzzle keeps a unique solution and stays within the
//! target; check what can only be checked at the end (minimality of symmetric puzzles, clue count,
//! the difficulty's lower bound) and start again from a new grid if it fails.

// Loops over cell and house numbers index several parallel board arrays at once; iterator
// chains would hide that they walk the same cells.
#![allow(clippy::needless_range_loop)]

use std::time::Duration;

use nonet_core::{Cell, CellSet, Clues, Digit, Layout, Puzzle, RegionMap, Sudoku, Variant};
use nonet_logic::rate::Level;
use nonet_logic::Technique;

use crate::climb::{self, Bounds, Climbed, Miss};
use crate::error::{GenerateError, Impossible};
use crate::grid::{self, Geometry};
use crate::rating::{self, Rating, Target};
use crate::regions::random_region_map;
use crate::rng::{puzzle_seed, PuzzleRng};
use crate::symmetry::Symmetry;
use crate::technique::{Drill, TechniqueTarget, DEFAULT_BUDGET};

/// What to generate. The default is one puzzle with no symmetry, no target difficulty, dug out
/// until no further clue can go.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// The pattern the given cells keep.
    pub symmetry: Symmetry,
    /// Require that no single clue can be removed without losing uniqueness. Without symmetry
    /// every dug-out puzzle is minimal anyway; with symmetry the generator retries until it is.
    pub minimal: bool,
    /// Inclusive bounds on the number of clues.
    pub clues: Option<(usize, usize)>,
    /// The difficulty to reach (level, ER band, classic grade).
    pub target: Target,
    /// Rate every puzzle even when the target does not need it (for output that shows ratings).
    pub rate: bool,
    /// Give up on a puzzle after this many rejected attempts (`None`: never). A count, not a
    /// time, so the engine reads no clock: a caller that wants a time limit passes a deadline
    /// check to [`Generator::generate_observed`].
    pub max_attempts: Option<u64>,
    /// The layout's variant (jigsaw, X, Windoku or a combination); the default is the classic
    /// layout.
    pub variant: Variant,
    /// A jigsaw's region map, the same for every puzzle. Without it each jigsaw puzzle gets
    /// its own random map, drawn from its seed (with the symmetry asked for).
    pub regions: Option<RegionMap>,
    /// A technique target: the puzzle's easiest-first path (nonet-logic's `Teacher`, the path
    /// of `nonet explain`) uses one of these techniques and nothing harder than it: its
    /// hardest step, by the teacher's order (`Teacher::techniques`), is one of them. Empty:
    /// no technique target. Without `max_attempts`, a technique target gives up after its own
    /// budget of attempts (a count, never a clock).
    pub techniques: Vec<Technique>,
    /// With `techniques`: also give the drill position (`Generated::drill`), where the path's
    /// next step is its first step of a technique asked for.
    pub at_start: bool,
}

/// Why an observer stops a search early (see [`Generator::generate_observed`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// Stop without a failure of this puzzle's own (another puzzle of the batch failed, or the
    /// client went away): [`GenerateError::Cancelled`].
    Cancel,
    /// The caller's time limit ran out, after this long: [`GenerateError::Timeout`].
    OutOfTime(Duration),
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            target: Target::default(),
            rate: false,
            max_attempts: None,
            variant: Variant::STANDARD,
            regions: None,
            techniques: Vec::new(),
            at_start: false,
        }
    }
}

impl GenerateOptions {
    /// A new game's puzzle (the game's page, served or not): givens in a 180-degree symmetric
    /// pattern, as printed puzzles keep them, aimed at `level` and rated when one is given (the
    /// puzzle as dug otherwise), of `variant` on `regions` (a jigsaw's map, else drawn from the
    /// seed).
    pub fn for_game(
        level: Option<Level>,
        variant: Variant,
        regions: Option<RegionMap>,
    ) -> GenerateOptions {
        GenerateOptions {
            symmetry: Symmetry::Rot180,
            target: Target {
                level,
                ..Target::default()
            },
            rate: level.is_some(),
            variant,
            regions,
            ..GenerateOptions::default()
        }
    }
}

/// One generated puzzle with what is known about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle (unique solution guaranteed).
    pub puzzle: Sudoku,
    /// Its solution.
    pub solution: Sudoku,
    /// The puzzle's own seed: with the same options, `Generator::generate(seed)` gives it back.
    pub seed: u64,
    /// How many complete attempts it took (1 when the first grid met the target).
    pub attempts: u64,
    /// Its rating, when the target or `GenerateOptions::rate` asked for one.
    pub rating: Option<Rating>,
    /// The variant of the layout it is unique on.
    pub variant: Variant,
    /// A jigsaw's region map (in its canonical digits); `None` for the other variants.
    pub regions: Option<RegionMap>,
    /// With a technique target: the technique asked for that the path uses (its hardest
    /// step's).
    pub technique: Option<Technique>,
    /// With `GenerateOptions::at_start`: the drill position.
    pub drill: Option<Drill>,
}

impl Generated {
    /// The layout the puzzle is unique on.
    pub fn layout(&self) -> Layout {
        self.variant
            .layout(self.regions.as_ref())
            .expect("a jigsaw's map is kept with it")
    }

    /// The puzzle on its layout.
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::new(self.puzzle, self.layout())
    }
}

/// The generator: validated options, ready to make puzzles from seeds.
#[derive(Clone, Debug)]
pub struct Generator {
    options: GenerateOptions,
    orbits: Vec<Orbit>,
    /// The layout's tables when every puzzle has the same layout (all but a jigsaw without a
    /// fixed map).
    fixed: Option<Box<Geometry>>,
    /// The fewest clues a dig may leave: 17 on the classic layout (no fewer can be unique);
    /// on the others, whose extra houses allow fewer, 8 (with two digits missing, they could
    /// trade places).
    floor: usize,
    /// The technique target, validated.
    technique: Option<TechniqueTarget>,
}

/// Searches for a random grid on a layout other than the classic one, per attempt (see
/// `grid::random_solution_in`; an attempt without a grid is a failed attempt).
const FILL_SEARCHES: u32 = 200;
/// Searches on a random jigsaw map before another map is drawn (a map may admit no grid).
const MAP_SEARCHES: u32 = 6;
/// Attempts at one part of a band before the puzzle aims at another.
const PART_ATTEMPTS: u64 = 250;

impl Generator {
    /// Checks the options and prepares the generator.
    ///
    /// Fails with [`GenerateError::Impossible`] for targets no puzzle can meet (fewer than 17
    /// clues, a minimal puzzle with more than 40, an empty band, a region map that admits no
    /// grid or lacks the symmetry asked for, …).
    pub fn new(options: GenerateOptions) -> Result<Generator, GenerateError> {
        let variant = options.variant;
        let floor = if variant.is_standard() { 17 } else { 8 };
        let fixed = match (&options.regions, variant.jigsaw) {
            (None, true) => None,
            (regions, _) => {
                let layout = variant.layout(regions.as_ref()).map_err(Impossible::from)?;
                if !options.symmetry.keeps(&layout) {
                    return Err(Impossible::SymmetryOffRegions(options.symmetry).into());
                }
                // A map may admit no grid at all: ask nonet-core once, rather than search
                // forever.
                if layout.is_jigsaw()
                    && Puzzle::new(Sudoku::empty(), layout.clone()).count_solutions(1) == 0
                {
                    return Err(Impossible::NoGrid(variant).into());
                }
                Some(Box::new(Geometry::new(&layout)))
            }
        };
        if let Some((lo, hi)) = options.clues {
            if lo > hi {
                return Err(Impossible::EmptyClueRange(lo, hi).into());
            }
            if hi < floor {
                return Err(Impossible::TooFewClues { hi, floor, variant }.into());
            }
            if lo > 81 {
                return Err(Impossible::TooManyClues(lo).into());
            }
            if options.minimal && lo > 40 {
                // The largest minimal puzzles known have 40 clues (and they are very rare).
                return Err(Impossible::MinimalTooMany(lo).into());
            }
        }
        options.target.validate()?;
        let technique = TechniqueTarget::new(&options.techniques, variant)?;
        if options.at_start && technique.is_none() {
            return Err(Impossible::DrillWithoutTechnique.into());
        }
        let orbits = options
            .symmetry
            .orbits()
            .into_iter()
            .map(Orbit::new)
            .collect();
        Ok(Generator {
            options,
            orbits,
            fixed,
            floor,
            technique,
        })
    }

    /// The options in force.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// Puzzle number `index` (from 0) of the run started with `run_seed`; see [`puzzle_seed`].
    pub fn generate_nth(&self, run_seed: u64, index: u64) -> Result<Generated, GenerateError> {
        self.generate(puzzle_seed(run_seed, index))
    }

    /// The puzzle of a puzzle seed. The same seed and options give the same puzzle on every
    /// machine, unless [`GenerateOptions::max_attempts`] runs out first (then it is an error,
    /// never another puzzle).
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.generate_observed(seed, &|_| Ok(()))
    }

    /// As [`Generator::generate`], calling `on_attempt(n)` after each rejected attempt `n` (for
    /// progress reports, deadlines and cancellation: the engine itself reads no clock), and
    /// again with the same `n` after each rated move of a climb (a climb toward the top of a
    /// band can rate hundreds of puzzles). When it returns a [`Stop`], the search ends with the
    /// matching error.
    pub fn generate_observed(
        &self,
        seed: u64,
        on_attempt: &(dyn Fn(u64) -> Result<(), Stop> + Sync),
    ) -> Result<Generated, GenerateError> {
        let mut rng = PuzzleRng::new(seed);
        let drawn;
        // A drawn map comes with the grid that showed it admits grids: the first attempt's.
        let mut grid = None;
        let geo = match &self.fixed {
            Some(geo) => geo,
            None => {
                let (geo, first) = self.draw_layout(&mut rng);
                drawn = geo;
                grid = Some(first);
                &drawn
            }
        };
        // A band's puzzles spread over it: each aims at one part of the band, drawn from its
        // seed; a part no dig reaches within `PART_ATTEMPTS` gives way to another, and when
        // none is left the best puzzle in the band found on the way is taken, else the whole
        // band is accepted (see `docs/generator.md`, "Spread").
        let mut parts = self.options.target.parts().unwrap_or_default();
        // The whole band, as the parts cover it.
        let band = parts.first().zip(parts.last()).map(|(a, b)| (a.0, b.1));
        let draw = |rng: &mut PuzzleRng, parts: &mut Vec<(i64, i64)>| {
            (!parts.is_empty()).then(|| parts.remove(rng.below(parts.len() as u32) as usize))
        };
        let mut aim = draw(&mut rng, &mut parts);
        let mut attempts = 0u64;
        // The best-rated miss so far (of the digs and the climbs): where a climb starts.
        let mut best: Option<Miss> = None;
        let found = |g: Generated, attempts| Generated {
            seed,
            attempts,
            ..g
        };
        loop {
            attempts += 1;
            let target = match aim {
                Some(part) => self.options.target.within(part),
                None => self.options.target,
            };
            match self.attempt(geo, grid.take(), &mut rng, &target) {
                Ok(g) => return Ok(found(g, attempts)),
                Err(Some(miss)) if best.is_none_or(|b| miss.er > b.er) => best = Some(miss),
                Err(_) => {}
            }
            if let Err(stop) = on_attempt(attempts) {
                return Err(self.stopped(stop, attempts));
            }
            if self.max_attempts().is_some_and(|max| attempts >= max) {
                return Err(GenerateError::GaveUp {
                    target: self.describe(),
                    attempts,
                });
            }
            if let Some(part) = aim.filter(|_| attempts.is_multiple_of(PART_ATTEMPTS)) {
                // No dig reached the part: climb toward it from the best miss, then aim at
                // another.
                // A long climb asks the observer too, as if at this attempt.
                let observe = || on_attempt(attempts);
                if let Some(start) = best {
                    match self.climb(geo, &start, part, &mut rng, &observe) {
                        Ok(g) => return Ok(found(g, attempts)),
                        Err(Climbed::Stopped(stop)) => return Err(self.stopped(stop, attempts)),
                        Err(Climbed::Reached(reached) | Climbed::Missed(reached)) => {
                            best = Some(reached)
                        }
                    }
                }
                aim = draw(&mut rng, &mut parts);
                // A puzzle found on the way may already lie in the part drawn next; when no
                // part is left, the highest-rated puzzle of the band found on the way is
                // nearer the parts aimed at than the band's first dig, which is nearly
                // always its floor.
                let next = aim.or(band);
                if let Some((part, start)) = next.zip(best) {
                    if (part.0..=part.1).contains(&start.er) {
                        match self.climb(geo, &start, part, &mut rng, &observe) {
                            Ok(g) => return Ok(found(g, attempts)),
                            Err(Climbed::Stopped(stop)) => return Err(self.stopped(stop, attempts)),
                            Err(_) => {}
                        }
                    }
                }
            }
        }
    }

    /// A random jigsaw map with the options' symmetry that admits grids, with the variant's
    /// other houses, and a grid on it: drawn again until one does.
    fn draw_layout(&self, rng: &mut PuzzleRng) -> (Geometry, [u8; 81]) {
        loop {
            let map = random_region_map(rng, self.options.symmetry);
            let layout = self
                .options
                .variant
                .layout(Some(&map))
                .expect("a jigsaw with its regions");
            let geo = Geometry::new(&layout);
            if let Some(grid) = grid::random_solution_in(&geo, rng, MAP_SEARCHES) {
                return (geo, grid);
            }
        }
    }

    /// The attempts allowed per puzzle: the options', else a technique target's own budget.
    fn max_attempts(&self) -> Option<u64> {
        self.options
            .max_attempts
            .or(self.technique.as_ref().map(|_| DEFAULT_BUDGET))
    }

    /// A short description of the target, for messages.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let mut parts = vec![format!("symmetry {}", o.symmetry)];
        if !o.variant.is_standard() {
            parts.insert(0, o.variant.to_string());
        }
        if o.minimal {
            parts.push("minimal".into());
        }
        if let Some((lo, hi)) = o.clues {
            parts.push(format!("{lo}..{hi} clues"));
        }
        parts.extend(o.target.describe());
        parts.extend(self.technique.as_ref().map(TechniqueTarget::describe));
        parts.join(", ")
    }

    /// One fill-and-dig on `geo`'s layout (the fill given, or a new one); an error when the
    /// result misses the target, with the puzzle and its rating when it was rated (where a
    /// climb may start).
    // A miss is two grids: returned by value, as the caller keeps the best one.
    #[allow(clippy::result_large_err)]
    fn attempt(
        &self,
        geo: &Geometry,
        grid: Option<[u8; 81]>,
        rng: &mut PuzzleRng,
        target: &Target,
    ) -> Result<Generated, Option<Miss>> {
        let o = &self.options;
        let solution = match grid {
            Some(solution) => solution,
            None if geo.is_standard() => grid::random_solution(rng),
            None => grid::random_solution_in(geo, rng, FILL_SEARCHES).ok_or(None)?,
        };
        let (min_clues, max_clues) = o.clues.unwrap_or((self.floor, 81));
        // Without --minimal, a clue range is a place to stop: pick the stopping count at random
        // inside it so the counts spread over the range.
        let stop_at = if o.minimal || o.clues.is_none() {
            0
        } else {
            min_clues + rng.below((max_clues - min_clues + 1) as u32) as usize
        };
        // The orbits in random order, shuffled as indices (a byte per swap, not an orbit).
        let mut order = [0u8; 81];
        let order = &mut order[..self.orbits.len()];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        rng.shuffle(order);

        let mut dig = Dig::new(geo, solution);
        let teacher = self.technique.as_ref().map(|t| t.teacher());
        let technique = self.technique.as_ref().zip(teacher.as_ref());
        // Whether a kept puzzle was on the technique target (from then on the dig keeps it
        // there: see `technique`).
        let mut found = false;
        let mut fits = |puzzle: &[u8; 81]| {
            target.fits_upper(geo, puzzle)
                && technique.is_none_or(|(t, teacher)| t.fits(geo, teacher, &mut found, puzzle))
        };
        let upper = target.has_upper_bound() || technique.is_some();
        // Pass 1 settles what the cheap tests can; removals that need the solver wait for
        // pass 2, when more cells are empty and the unavoidable sets settle more of them.
        let mut deferred = [0u8; 81];
        let mut deferrals = 0;
        for &i in order.iter() {
            let orbit = self.orbits[i as usize];
            if dig.clues <= stop_at {
                break;
            }
            if dig.clues - orbit.len < min_clues {
                continue;
            }
            match dig.quick(orbit) {
                Verdict::NotUnique => dig.mark_needed(orbit),
                Verdict::Unique => {
                    dig.remove(orbit);
                    if upper && !fits(&dig.puzzle) {
                        dig.restore(orbit);
                    }
                }
                Verdict::Unknown => {
                    deferred[deferrals] = i;
                    deferrals += 1;
                }
            }
        }
        dig.watch_unavoidable();
        for &i in &deferred[..deferrals] {
            let orbit = self.orbits[i as usize];
            if dig.clues <= stop_at {
                break;
            }
            if dig.clues - orbit.len < min_clues {
                continue;
            }
            if dig.last_of_unavoidable(orbit) {
                dig.mark_needed(orbit);
                continue;
            }
            dig.remove(orbit);
            if !dig.solver_says_unique(orbit) {
                dig.restore(orbit);
                dig.mark_needed(orbit);
            } else if upper && !fits(&dig.puzzle) {
                dig.restore(orbit);
            }
        }

        let Dig {
            puzzle,
            clues,
            needed,
            givens,
            ..
        } = dig;
        if clues < min_clues || clues > max_clues {
            return Err(None);
        }
        // A dig with no symmetry proves each clue it keeps needed: nothing left to test, and no
        // second set of unavoidable sets to build.
        let unproven = givens & !needed.bits() != 0;
        if o.minimal && unproven && !is_minimal_except(geo, &puzzle, &solution, needed) {
            return Err(None);
        }
        let sudoku = Sudoku::from_bytes(puzzle).expect("digits 0-9");
        // The technique's check before the rating: a whole path up to the technique costs less
        // than a full rating, and rejects more.
        let (used, drill) = match technique {
            Some((t, teacher)) => {
                let (path, used) = t.accepts(teacher, &geo.puzzle(sudoku)).ok_or(None)?;
                let drill = if o.at_start {
                    Some(t.drill(&path).expect("an accepted path uses the technique"))
                } else {
                    None
                };
                (Some(used), drill)
            }
            None => (None, None),
        };
        let rating = if target.needs_rating() || o.rate {
            let r = rating::rate(&geo.puzzle(sudoku)).ok_or(None)?;
            if !target.accepts(&r) {
                // Only a puzzle without a technique target may be climbed from: a climb
                // watches the rating alone.
                return Err(technique.is_none().then_some(Miss {
                    puzzle,
                    solution,
                    er: rating::tenths(r.er),
                    tie: (rating::tenths(r.ep), rating::tenths(r.ed)),
                }));
            }
            Some(r)
        } else {
            None
        };
        Ok(self.finished(geo, sudoku, solution, rating, used, drill))
    }

    /// The puzzle found, with what is known about it (its seed and attempts are the caller's).
    fn finished(
        &self,
        geo: &Geometry,
        puzzle: Sudoku,
        solution: [u8; 81],
        rating: Option<Rating>,
        technique: Option<Technique>,
        drill: Option<Drill>,
    ) -> Generated {
        // The final word on uniqueness is nonet-core's solver, whatever shortcuts led here.
        debug_assert_eq!(geo.puzzle(puzzle).count_solutions(2), 1);
        Generated {
            puzzle,
            solution: Sudoku::from_bytes(solution).expect("digits 0-9"),
            seed: 0,
            attempts: 0,
            rating,
            variant: self.options.variant,
            regions: geo.layout().region_map(),
            technique,
            drill,
        }
    }

    /// Climbs from `start` toward `part` (see [`climb`]); the puzzle, rated and accepted by
    /// the target narrowed to the part, or how the climb ended without one (a puzzle in the
    /// part that the rest of the target refuses ends as `start`).
    #[allow(clippy::result_large_err)]
    fn climb(
        &self,
        geo: &Geometry,
        start: &Miss,
        part: (i64, i64),
        rng: &mut PuzzleRng,
        observe: &dyn Fn() -> Result<(), Stop>,
    ) -> Result<Generated, Climbed> {
        let bounds = Bounds {
            orbits: &self.orbits,
            clues: self.options.clues.unwrap_or((self.floor, 81)),
            minimal: self.options.minimal,
        };
        let reached = match climb::climb(geo, &bounds, start, part, rng, observe) {
            Climbed::Reached(reached) => reached,
            other => return Err(other),
        };
        let sudoku = Sudoku::from_bytes(reached.puzzle).expect("digits 0-9");
        match rating::rate(&geo.puzzle(sudoku)) {
            // The capped rater's ER is the full rater's; the rest of the target (a level, a
            // classic grade) is checked here.
            Some(r) if self.options.target.within(part).accepts(&r) => {
                Ok(self.finished(geo, sudoku, reached.solution, Some(r), None, None))
            }
            _ => Err(Climbed::Missed(*start)),
        }
    }

    /// The error for an observer's `stop` at attempt `attempts`.
    fn stopped(&self, stop: Stop, attempts: u64) -> GenerateError {
        match stop {
            Stop::Cancel => GenerateError::Cancelled,
            Stop::OutOfTime(elapsed) => GenerateError::Timeout {
                target: self.describe(),
                attempts,
                elapsed,
            },
        }
    }
}

/// A symmetry orbit of cells, emptied or kept together, with its size and first cell worked
/// out once: the dig asks for them several times per orbit, and counting or walking a
/// `CellSet` costs a dozen instructions or more where the baseline x86-64 target has no
/// popcount instruction (2% of a dig's instructions went to counting orbits). Most orbits are
/// single cells (always, without symmetry), and the walks below take them directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Orbit {
    pub(crate) cells: CellSet,
    pub(crate) len: usize,
    pub(crate) first: Cell,
}

impl Orbit {
    pub(crate) fn new(cells: CellSet) -> Orbit {
        Orbit {
            cells,
            len: cells.len(),
            first: cells.first().expect("orbits are not empty"),
        }
    }

    fn single(cell: Cell) -> Orbit {
        Orbit {
            cells: CellSet::single(cell),
            len: 1,
            first: cell,
        }
    }

    /// Calls `f` on each cell.
    #[inline(always)]
    pub(crate) fn for_each(self, mut f: impl FnMut(Cell)) {
        if self.len == 1 {
            f(self.first);
        } else {
            self.cells.iter().for_each(f);
        }
    }

    /// Whether `f` holds for some cell.
    #[inline(always)]
    pub(crate) fn any(self, mut f: impl FnMut(Cell) -> bool) -> bool {
        if self.len == 1 {
            f(self.first)
        } else {
            self.cells.iter().any(f)
        }
    }
}

/// What the cheap tests say about emptying an orbit.
enum Verdict {
    /// The emptied clues follow from the others by a single: still unique.
    Unique,
    /// A clue is the last given of an unavoidable set: a second solution appears.
    NotUnique,
    /// Only the solver can tell.
    Unknown,
}

/// The state of one dig: the solution, the puzzle being emptied, and what is known about it.
struct Dig<'g> {
    /// The layout's tables.
    geo: &'g Geometry,
    solution: [u8; 81],
    puzzle: [u8; 81],
    /// `puzzle` again, as the solver's questions start from it (kept up to date clue by clue).
    start: Clues,
    /// Given cells as an 81-bit mask.
    givens: u128,
    clues: usize,
    /// Cells proven necessary: emptying each alone gave a second solution. Emptying more cells
    /// only adds solutions, so they stay necessary to the end.
    needed: CellSet,
    /// The unavoidable sets, once [`Dig::watch_unavoidable`] has built them. A dig's first
    /// pass does without: while most cells are given no set is down to its last given (and a
    /// clue that is would fail the one-step test anyway, be deferred, and be kept by the same
    /// sets in the second pass), so counting every removal in every set bought nothing.
    unavoidable: Option<grid::UaSets>,
    /// Per digit, the houses where it is given (masks, see `Geometry::cell_houses`).
    houses: [u64; 9],
}

impl<'g> Dig<'g> {
    fn new(geo: &'g Geometry, solution: [u8; 81]) -> Dig<'g> {
        Dig {
            geo,
            solution,
            puzzle: solution,
            start: Clues::new(&Sudoku::from_bytes(solution).expect("digits 0-9")),
            givens: (1u128 << 81) - 1,
            clues: 81,
            needed: CellSet::EMPTY,
            unavoidable: None,
            houses: [geo.all_houses(); 9],
        }
    }

    fn remove(&mut self, orbit: Orbit) {
        orbit.for_each(|cell| {
            let c = cell.index();
            self.puzzle[c] = 0;
            self.start.set(cell, None);
            self.houses[self.solution[c] as usize - 1] &= !self.geo.cell_houses(c);
            if let Some(sets) = &mut self.unavoidable {
                sets.remove(c);
            }
        });
        self.givens &= !orbit.cells.bits();
        self.clues -= orbit.len;
    }

    fn restore(&mut self, orbit: Orbit) {
        orbit.for_each(|cell| {
            let c = cell.index();
            self.puzzle[c] = self.solution[c];
            self.start.set(cell, Digit::new(self.solution[c]));
            self.houses[self.solution[c] as usize - 1] |= self.geo.cell_houses(c);
            if let Some(sets) = &mut self.unavoidable {
                sets.restore(c);
            }
        });
        self.givens |= orbit.cells.bits();
        self.clues += orbit.len;
    }

    fn mark_needed(&mut self, orbit: Orbit) {
        if orbit.len == 1 {
            self.needed = self.needed.union(orbit.cells);
        }
    }

    /// Builds the unavoidable sets, counting the clues as they stand; from now on
    /// `last_of_unavoidable` answers.
    fn watch_unavoidable(&mut self) {
        self.unavoidable = Some(grid::UaSets::of(self.geo, &self.solution, &self.puzzle));
    }

    /// Whether a clue of `orbit` is the last given of an unavoidable set (never, before
    /// `watch_unavoidable`).
    fn last_of_unavoidable(&self, orbit: Orbit) -> bool {
        self.unavoidable
            .as_ref()
            .is_some_and(|sets| orbit.any(|c| sets.last_given(c.index())))
    }

    /// The cheap tests for emptying `orbit` (still given).
    #[inline(always)]
    fn quick(&self, orbit: Orbit) -> Verdict {
        if self.last_of_unavoidable(orbit) {
            return Verdict::NotUnique;
        }
        // One-step deduction: a few mask operations per emptied cell.
        let givens = self.givens & !orbit.cells.bits();
        let direct = if orbit.len == 1 {
            let c = orbit.first.index();
            let digit = self.solution[c];
            let own = self.houses[digit as usize - 1] & !self.geo.cell_houses(c);
            self.geo
                .directly_forced(givens, &self.houses, own, c, digit)
        } else {
            let mut houses = self.houses;
            for cell in orbit.cells.iter() {
                let c = cell.index();
                houses[self.solution[c] as usize - 1] &= !self.geo.cell_houses(c);
            }
            orbit.cells.iter().all(|cell| {
                let c = cell.index();
                let digit = self.solution[c];
                self.geo
                    .directly_forced(givens, &houses, houses[digit as usize - 1], c, digit)
            })
        };
        if direct {
            return Verdict::Unique;
        }
        // Anything deeper is the solver's job: a singles fixpoint here cost more than the
        // solver calls it saved once the solver became fast.
        Verdict::Unknown
    }

    /// Asks nonet-core's solver whether the puzzle (with `orbit` just emptied) is still unique:
    /// its fast solver's kept start on the classic layout, its count on the layout otherwise.
    fn solver_says_unique(&mut self, orbit: Orbit) -> bool {
        if !self.geo.is_standard() {
            let puzzle = Sudoku::from_bytes(self.puzzle).expect("digits 0-9");
            return self.geo.puzzle(puzzle).count_solutions(2) == 1;
        }
        if orbit.len == 1 {
            // One cell emptied: the puzzle is unique unless some solution puts another digit
            // there; one search with the solution's digit removed from the cell answers that.
            let cell = orbit.first;
            let digit = Digit::new(self.solution[cell.index()]).expect("a solved cell");
            !self.start.has_solution_avoiding(cell, digit)
        } else {
            self.start.has_unique_solution()
        }
    }
}

/// Whether no clue outside `needed` can be removed alone keeping the solution unique on `geo`'s
/// layout.
pub(crate) fn is_minimal_except(
    geo: &Geometry,
    puzzle: &[u8; 81],
    solution: &[u8; 81],
    needed: CellSet,
) -> bool {
    let mut dig = Dig::new(geo, *solution);
    for c in 0..81 {
        if puzzle[c] == 0 {
            dig.remove(Orbit::single(Cell::from_index(c)));
        }
    }
    dig.watch_unavoidable();
    for c in 0..81 {
        let cell = Cell::from_index(c);
        if puzzle[c] == 0 || needed.contains(cell) {
            continue;
        }
        let one = Orbit::single(cell);
        let removable = match dig.quick(one) {
            Verdict::Unique => true,
            Verdict::NotUnique => false,
            Verdict::Unknown => {
                dig.remove(one);
                let unique = dig.solver_says_unique(one);
                dig.restore(one);
                unique
            }
        };
        if removable {
            return false;
        }
    }
    true
}

/// Whether `puzzle` is minimal on its layout: it has a unique solution and no clue can be
/// removed alone keeping it unique. Uses the dig's own tests: a one-step single proves a clue
/// removable, an unavoidable set proves it needed, nonet-core's solver decides the rest.
pub fn is_minimal(puzzle: &Puzzle) -> bool {
    let solution = match puzzle.solutions() {
        nonet_core::Solutions::Unique(s) => s,
        _ => return false,
    };
    let geo = Geometry::new(puzzle.layout());
    is_minimal_except(
        &geo,
        &puzzle.givens().to_bytes(),
        &solution.to_bytes(),
        CellSet::EMPTY,
    )
}
