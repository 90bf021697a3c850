//! [`Teacher`]: the front door of the logical solver. Given a position it gives the next step,
//! the whole path, a progressive hint (after checking the player's digits and pencil marks
//! against the solution) and the first mistake; every step explains itself
//! ([`Step::explanation`], [`Step::hint_text`]). Ratings are the `rate` module's functions.
//!
//! A teacher works on the [`Layout`] of what it is given: a [`Puzzle`] and a position
//! ([`PencilMarks`]) each carry theirs (the standard board, or a jigsaw's regions, X-Sudoku's
//! diagonals, Windoku's windows). On a variant it uses every technique that holds on any set of
//! houses and names the houses in words ("region 4", "the main diagonal", "window 2"). Sudoku
//! Explainer's forcing chains are left out (the catalogue's `standard_layout_only`):
//! contradiction forcing chains over the layout's houses stand in for them.

use nonet_core::{Layout, PencilMarks, Puzzle, Sudoku};

use crate::check::{CheckError, Claim, Verdict};
use crate::explain::{self, HintLevel, LinkWords};
use crate::observer::{Observer, Stopped};
use crate::path::{self, Hint, Mistake, Path, PathError, PathOptions};
use crate::step::Step;
use crate::technique::Technique;

/// The logical solver with its options: which techniques it may use, whether it may assume a
/// unique solution, and whether it may fall back on a guess checked against the solution.
///
/// The default allows every technique in the documented easiest-first order, uniqueness
/// techniques on puzzles with one solution, and a guess only when nothing else applies.
#[derive(Clone, Debug, Default)]
pub struct Teacher {
    options: PathOptions,
}

impl Teacher {
    /// The default teacher (see the type's documentation).
    pub fn new() -> Teacher {
        Teacher::default()
    }

    /// Only these techniques (forcing chains included when listed).
    pub fn with_techniques(mut self, techniques: impl IntoIterator<Item = Technique>) -> Teacher {
        self.options.techniques = Some(techniques.into_iter().collect());
        self
    }

    /// Whether uniqueness techniques may be used (they never are on a puzzle with several
    /// solutions).
    pub fn with_uniqueness(mut self, allowed: bool) -> Teacher {
        self.options.uniqueness = allowed;
        self
    }

    /// Whether a guess checked against the solution may end a path that logic cannot finish.
    pub fn with_guesses(mut self, allowed: bool) -> Teacher {
        self.options.trial_and_error = allowed;
        self
    }

    /// Whether the teacher may use `technique` (on a puzzle with one solution) on `layout`.
    pub fn allows(&self, technique: Technique, layout: &Layout) -> bool {
        self.options.allows(technique, layout)
    }

    /// The next step on `position`, by the teacher's order. A position as a player keeps it is
    /// made consistent first (candidates clashing with placed digits dropped, a cell without
    /// pencil marks given every digit its peers allow). When no allowed technique applies and
    /// guesses are allowed, the solution's digit in the cell with the fewest candidates.
    pub fn next_step(&self, position: &PencilMarks, solution: Option<&Sudoku>) -> Option<Step> {
        let position = path::normalize(position);
        path::next_step_or_guess(&position, &self.options, solution)
    }

    /// [`Teacher::next_step`] under the caller's observer `obs`, asked inside the forcing
    /// chains' search: [`Stopped`] once it says stop, else the same step.
    pub fn next_step_observed(
        &self,
        position: &PencilMarks,
        solution: Option<&Sudoku>,
        obs: &Observer,
    ) -> Result<Option<Step>, Stopped> {
        let position = path::normalize(position);
        path::next_step_or_guess_observed(&position, &self.options, solution, obs)
    }

    /// The whole path for `puzzle`, from its raw candidates to the end.
    pub fn path(&self, puzzle: &Puzzle) -> Result<Path, PathError> {
        path::solve_path(puzzle, &self.options)
    }

    /// The whole path from a player's position (made consistent first, as in
    /// [`Teacher::next_step`]).
    pub fn path_from(&self, position: &PencilMarks) -> Result<Path, PathError> {
        path::path_from(position, &self.options)
    }

    /// [`Teacher::path_from`] under the caller's observer `obs`, asked before each step and
    /// inside the forcing chains' search: [`PathError::Stopped`] once it says stop, else the
    /// same path.
    pub fn path_from_observed(
        &self,
        position: &PencilMarks,
        obs: &Observer,
    ) -> Result<Path, PathError> {
        path::path_from_observed(position, &self.options, obs)
    }

    /// The steps the allowed techniques give from a position (made consistent first) until none
    /// applies, without a guess: how far logic goes when [`Teacher::path_from`] is stuck.
    pub fn path_until_stuck(&self, position: &PencilMarks) -> Path {
        let start = path::normalize(position);
        let mut cur = start.clone();
        let mut steps = Vec::new();
        // A guard against a step that changes nothing (which would loop forever).
        while !cur.is_solved() && steps.len() < 2000 {
            let Some(s) = path::next_step(&cur, &self.options) else {
                break;
            };
            path::apply(&mut cur, &s);
            steps.push(s);
        }
        Path {
            start,
            steps,
            end: cur,
        }
    }

    /// Every technique a teacher can use, in the order it tries them: the documented
    /// easiest-first order, then the forcing chains (trial and error is not a technique).
    pub fn techniques() -> Vec<Technique> {
        let mut v = path::ORDER.to_vec();
        for t in path::forcing_techniques() {
            if !v.contains(&t) {
                v.push(t);
            }
        }
        v
    }

    /// The hint for a player's position: a mistake first, if the player made one, else the next
    /// step. `givens` is the puzzle as given (it tells a wrong digit from a given one); without
    /// it the position's digits stand for the puzzle.
    pub fn hint(&self, position: &PencilMarks, givens: Option<&Sudoku>) -> Result<Hint, PathError> {
        path::hint(position, givens, &self.options)
    }

    /// [`Teacher::hint`] under the caller's observer `obs` (see [`Teacher::path_from_observed`]):
    /// [`PathError::Stopped`] once it says stop, else the same hint.
    pub fn hint_observed(
        &self,
        position: &PencilMarks,
        givens: Option<&Sudoku>,
        obs: &Observer,
    ) -> Result<Hint, PathError> {
        path::hint_observed(position, givens, &self.options, obs)
    }

    /// The first mistake of a player's position against `solution`: a wrong digit, or a cell
    /// whose pencil marks lack the solution's digit.
    pub fn mistake(&self, position: &PencilMarks, solution: &Sudoku) -> Option<Mistake> {
        path::find_mistake(position, solution)
    }

    /// Checks a player's own deduction on `position` (see [`Claim`], [`Verdict`]): valid with
    /// what it removes, valid but removing nothing, or not valid and why.
    pub fn check_step(&self, position: &PencilMarks, claim: &Claim) -> Result<Verdict, CheckError> {
        self.check_step_observed(position, claim, &Observer::never())
    }

    /// [`Teacher::check_step`] under the caller's observer `obs`, asked inside the forcing
    /// chains' search a claimed chain needs: [`CheckError::Stopped`] once it says stop, else the
    /// same verdict.
    pub fn check_step_observed(
        &self,
        position: &PencilMarks,
        claim: &Claim,
        obs: &Observer,
    ) -> Result<Verdict, CheckError> {
        crate::check::check(self.options.uniqueness, position, claim, obs)
    }
}

impl crate::step::Chain {
    /// The chain in Eureka-like notation: `5r1c1 = 5r1c7 - 3r1c7 = ...` (`=` strong, `-` weak).
    pub fn notation(&self) -> String {
        explain::chain_notation(self)
    }
}

impl Step {
    /// Whether the area-level hint names the step's digits: not when its area is one cell (a
    /// naked single's), where cell and digit together are the whole move.
    pub fn area_names_digits(&self) -> bool {
        !(self.houses.is_empty() && self.cells.len() == 1)
    }

    /// The plain-English sentence for a person: what the step concludes, why, and the
    /// technique's name, naming houses as they read on `layout` (a jigsaw region by the label
    /// its map gave it).
    pub fn explanation(&self, layout: &Layout) -> String {
        explain::explain(self, layout)
    }

    /// The expert notation of a chain, loop or forcing chain, with what it concludes
    /// (`3r6c1 = 3r6c8 - 3r5c7 = 3r1c7 => r1c1<>3`); `None` for a step without a chain.
    pub fn notation(&self) -> Option<String> {
        explain::notation(self)
    }

    /// The links of the step's chain in order, each with the house or cell that makes it on
    /// `layout` and its words; `position` (where the step was found) ties each strong link to
    /// the house where it holds. Empty for a step without a chain.
    pub fn links(&self, layout: &Layout, position: Option<&PencilMarks>) -> Vec<LinkWords> {
        explain::chain_links(self, layout, position)
    }

    /// The progressive hint at `level`: the technique's name, then the area, then the move,
    /// naming houses as they read on `layout`.
    pub fn hint_text(&self, level: HintLevel, layout: &Layout) -> String {
        explain::hint_text(self, layout, level)
    }

    /// Applies the step to a position: places its digit (which leaves the cell's peers on the
    /// position's own layout) and removes its eliminations.
    pub fn apply_to(&self, position: &mut PencilMarks) {
        path::apply(position, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..";

    #[test]
    fn the_path_and_its_steps_solve_the_puzzle() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let path = Teacher::new().path(&puzzle.into()).unwrap();
        assert!(path.is_solved() && !path.has_guess());
        let mut position = PencilMarks::raw(&puzzle.into());
        for step in &path.steps {
            assert!(!step.explanation(&nonet_core::STANDARD).is_empty());
            step.apply_to(&mut position);
        }
        assert_eq!(position, path.end);
    }

    #[test]
    fn a_teacher_without_techniques_guesses_only_when_allowed() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let solution = puzzle.unique_solution().unwrap();
        let position = PencilMarks::raw(&puzzle.into());
        let strict = Teacher::new().with_techniques([]).with_guesses(false);
        assert_eq!(strict.next_step(&position, Some(&solution)), None);
        let guessing = Teacher::new().with_techniques([]);
        let step = guessing.next_step(&position, Some(&solution)).unwrap();
        assert_eq!(step.technique, Technique::TrialAndError);
    }

    #[test]
    fn a_wrong_digit_is_the_hint_before_any_step() {
        let puzzle = Sudoku::from_line(PUZZLE).unwrap();
        let solution = puzzle.unique_solution().unwrap();
        let mut position = PencilMarks::raw(&puzzle.into());
        let cell = nonet_core::Cell::new(0).unwrap();
        let wrong = nonet_core::DigitSet::ALL
            .iter()
            .find(|&d| Some(d) != solution.get(cell) && position.candidates(cell).contains(d))
            .unwrap();
        position.place(cell, wrong);
        let teacher = Teacher::new();
        assert!(matches!(
            teacher.hint(&position, Some(&puzzle)),
            Ok(Hint::Mistake(Mistake::WrongDigit { .. }))
        ));
        assert!(teacher.mistake(&position, &solution).is_some());
    }

    /// The teacher's path on one of the forum's hardest puzzles (ER 11.1: forcing chains
    /// nested three deep) stops with `PathError::Stopped` at the question that says stop, and
    /// an observer that never does gives the unobserved path.
    #[test]
    fn the_path_stops_when_its_observer_says_so() {
        let s = Sudoku::from_line(
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        )
        .unwrap();
        let start = PencilMarks::raw(&s.into());
        let teacher = Teacher::new();
        let asked = std::cell::Cell::new(0u32);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() >= 200
        };
        let stopped = teacher.path_from_observed(&start, &Observer::new(&stop));
        assert!(matches!(stopped, Err(PathError::Stopped)), "{stopped:?}");
        assert_eq!(asked.get(), 200);
        let never = teacher
            .path_from_observed(&start, &Observer::never())
            .unwrap();
        assert_eq!(never.steps, teacher.path_from(&start).unwrap().steps);
    }
}
