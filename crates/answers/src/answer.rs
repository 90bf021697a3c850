//! One puzzle's answers, as the `nonet` command line gives them: `solve`'s and `count`'s words
//! and numbers, `rate`'s three scales, and the JSON of `explain --format json`'s steps and of
//! `hint --format json`. The command line prints these; the Python module returns them (its
//! tests compare each with the binary's output, byte for byte).
//!
//! JSON stays out of the engine crates: it is built here, with serde_json's default sorted keys.

use std::str::FromStr;

use nonet_core::{
    Cell, Conflict, Layout, PencilMarks, Solutions, Solver, Sudoku, Uniqueness, STANDARD,
};
use nonet_logic::rate::{rate_classic, rate_se_observed, ClassicRating, RateError, SeOutcome};
use nonet_logic::{Hint, HintLevel, Mistake, Observer, PathError, Step, Teacher};
use serde_json::{json, Value};

/// Why a puzzle gets no answer (the CLI's `invalid`, or `explain`'s and `hint`'s refusals),
/// with the CLI's reason.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The text or the cells are not a puzzle (wrong length, a bad character, a cell above 9).
    #[error("{0}")]
    Unreadable(String),
    /// Two givens clash.
    #[error("{0}")]
    Clash(Conflict),
    /// `explain` and `hint` need a solution to work towards.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The logical path stopped (the CLI prints the same reason).
    #[error("{0}")]
    Path(String),
    /// The batch was cancelled before this puzzle's turn, or stopped it under way.
    #[error("cancelled")]
    Cancelled,
}

impl From<Conflict> for PuzzleError {
    fn from(c: Conflict) -> Self {
        PuzzleError::Clash(c)
    }
}

impl From<RateError> for PuzzleError {
    fn from(e: RateError) -> Self {
        match e {
            RateError::Invalid(c) => PuzzleError::Clash(c),
            RateError::Stopped => PuzzleError::Cancelled,
            other => PuzzleError::Unreadable(other.to_string()),
        }
    }
}

impl From<PathError> for PuzzleError {
    fn from(e: PathError) -> Self {
        match e {
            PathError::NoSolution => PuzzleError::NoSolution,
            PathError::Stopped => PuzzleError::Cancelled,
            other => PuzzleError::Path(other.to_string()),
        }
    }
}

/// Reads a puzzle written as text: one line of 81 characters (digits, `.` or `0` for empty) or a
/// multi-line grid, as `nonet` reads a puzzle argument.
pub fn read(text: &str) -> Result<Sudoku, PuzzleError> {
    Sudoku::parse(text).map_err(|e| PuzzleError::Unreadable(e.to_string()))
}

/// Reads a puzzle given as 81 row-major cells, 0 for empty and 1-9 for a digit (a row of a
/// numpy array).
pub fn from_cells(cells: &[u8; 81]) -> Result<Sudoku, PuzzleError> {
    Sudoku::from_bytes(*cells).ok_or_else(|| {
        let (at, v) = cells
            .iter()
            .enumerate()
            .find(|(_, &v)| v > 9)
            .map_or((0, 0), |(i, &v)| (i, v));
        let cell = Cell::all()
            .nth(at)
            .map_or_else(String::new, |c| c.to_string());
        PuzzleError::Unreadable(format!(
            "cell {cell} (index {at}) holds {v}: cells hold 0 (empty) or a digit 1-9"
        ))
    })
}

/// What `solve` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The one solution.
    Unique(Sudoku),
    /// No solution.
    None,
    /// More than one solution.
    Multiple,
}

impl Solved {
    /// The CLI's line: the 81-digit solution, `none` or `multiple`.
    pub fn line(&self) -> String {
        match self {
            Solved::Unique(s) => s.to_line(),
            Solved::None => "none".to_string(),
            Solved::Multiple => "multiple".to_string(),
        }
    }

    /// The solution's 81 cells, or 81 zeros when there is no unique solution.
    pub fn cells(&self) -> [u8; 81] {
        match self {
            Solved::Unique(s) => s.to_bytes(),
            _ => [0; 81],
        }
    }
}

/// `nonet solve`'s answer. Clashing givens are an error, as the CLI's `invalid`; as there, the
/// check runs only when the solver finds no solution (a clash always means none).
pub fn solve(s: &Sudoku) -> Result<Solved, PuzzleError> {
    Ok(solve_with(s, Solver::Fast)?)
}

/// [`solve`] with `solver`, on givens read unchecked: clashing givens have no solution, so only
/// then is the check (a twentieth of an easy solve) needed to tell a clash from `none`.
pub fn solve_with(s: &Sudoku, solver: Solver) -> Result<Solved, Conflict> {
    match s.uniqueness_with(solver) {
        Uniqueness::None => {
            s.check()?;
            Ok(Solved::None)
        }
        Uniqueness::Multiple => Ok(Solved::Multiple),
        Uniqueness::Unique(solution) => Ok(Solved::Unique(solution)),
    }
}

/// `nonet count --limit LIMIT`'s answer: the number of solutions, stopping at `limit`.
pub fn count(s: &Sudoku, limit: usize) -> Result<usize, PuzzleError> {
    Ok(count_with(s, Solver::Fast, limit)?)
}

/// [`count`] with `solver`, on givens read unchecked: only a puzzle with no solution can have
/// clashing givens, so only then are they checked.
pub fn count_with(s: &Sudoku, solver: Solver, limit: usize) -> Result<usize, Conflict> {
    match s.count_solutions_with(solver, limit) {
        0 => {
            s.check()?;
            Ok(0)
        }
        n => Ok(n),
    }
}

/// The scales of `nonet rate --scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// `-1` no solution, `0`, `3` or `5`.
    Classic,
    /// Sudoku Explainer's `ER/EP/ED`.
    Se,
    /// A player level from ER.
    Level,
}

/// A scale name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scale '{0}': use se, classic or level")]
pub struct UnknownScale(pub String);

impl FromStr for Scale {
    type Err = UnknownScale;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "classic" => Ok(Scale::Classic),
            "se" => Ok(Scale::Se),
            "level" => Ok(Scale::Level),
            other => Err(UnknownScale(other.to_string())),
        }
    }
}

/// A puzzle rated on one scale.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    /// The classic scale's answer.
    Classic(ClassicRating),
    /// Sudoku Explainer's answer (also what a level is read from).
    Se(SeOutcome),
}

/// The CLI's line for an SE rating on `scale` (`se` or `level`): `ER/EP/ED` or the level's
/// name, and `none` or `multiple` for a puzzle without one solution.
pub fn se_line(outcome: &SeOutcome, scale: Scale) -> String {
    match (outcome, scale) {
        (SeOutcome::Rated(r), Scale::Level) => r.level().to_string(),
        (SeOutcome::Rated(r), _) => r.to_string(),
        (SeOutcome::NoSolution, _) => "none".to_string(),
        (SeOutcome::Multiple, _) => "multiple".to_string(),
    }
}

/// `nonet rate --scale SCALE`'s rating. Clashing givens are an error, as the CLI's `invalid`.
pub fn rate(s: &Sudoku, scale: Scale) -> Result<Rated, PuzzleError> {
    rate_observed(s, scale, &Observer::never())
}

/// [`rate`] under the caller's observer `obs` (a batch's cancellation and time limit), which
/// the SE rater asks between steps and inside its chain searches: [`PuzzleError::Cancelled`]
/// once it says stop. The classic scale is quick and not observed.
pub fn rate_observed(s: &Sudoku, scale: Scale, obs: &Observer) -> Result<Rated, PuzzleError> {
    Ok(match scale {
        Scale::Classic => Rated::Classic(rate_classic(&s.into())?),
        Scale::Se | Scale::Level => Rated::Se(rate_se_observed(&s.into(), obs)?),
    })
}

impl Rated {
    /// The CLI's line for `scale` (which must be the scale rated): `0`/`3`/`5`/`-1`/`multiple`
    /// (classic), `ER/EP/ED` (se) or the level's name, and `none` or `multiple` for a puzzle
    /// without one solution.
    pub fn line(&self, scale: Scale) -> String {
        match self {
            Rated::Classic(c) => c.to_string(),
            Rated::Se(outcome) => se_line(outcome, scale),
        }
    }

    /// The rating as numbers: `[ER, EP, ED]` for SE, `[classic]` for the classic scale
    /// (`-1.0` for no solution, as the CLI prints it); NaN where the CLI prints a word.
    pub fn numbers(&self) -> Vec<f64> {
        match self {
            Rated::Classic(c) => vec![c.value().map_or(f64::NAN, f64::from)],
            Rated::Se(SeOutcome::Rated(r)) => vec![r.er, r.ep, r.ed],
            Rated::Se(_) => vec![f64::NAN; 3],
        }
    }
}

/// One step as the CLI writes it in `explain --format json`'s `steps` and `hint --format json`:
/// the contract's fields and the rest of the shared step view (`nonet_view::ReportStep`: plain
/// text, notation, links...), found on `position` (when known) on `layout`.
pub fn step_json(step: &Step, layout: &Layout, position: Option<&PencilMarks>) -> Value {
    // A view of strings, numbers and lists always serialises.
    serde_json::to_value(nonet_view::ReportStep::new(step, layout, position)).unwrap_or_default()
}

/// `hint --format json`'s object for a step: [`step_json`] with its `hint` text at `level` and
/// the `level`'s name, keeping only what the level gives away, as the text does: the
/// technique (`technique`, `code`, `uniqueness`); at `area` also where to look
/// (`houses` and `digits`, or `cells` for a step that names no house, without the digit where
/// that is one cell); at `move` the whole step.
pub fn hint_json(step: &Step, layout: &Layout, position: &PencilMarks, level: HintLevel) -> Value {
    let mut v = step_json(step, layout, Some(position));
    if level != HintLevel::Move {
        let area = level == HintLevel::Area;
        let names_houses = !step.houses.is_empty();
        if let Value::Object(members) = &mut v {
            members.retain(|k, _| match k.as_str() {
                "technique" | "code" | "uniqueness" => true,
                "houses" => area,
                // A naked single's cell and digit are its whole move.
                "digits" => area && step.area_names_digits(),
                "cells" => area && !names_houses,
                _ => false,
            });
        }
    }
    v["hint"] = json!(step.hint_text(level, layout));
    v["level"] = json!(format!("{level:?}").to_lowercase());
    v
}

/// `hint --format json`'s object for a mistake in the position: its `kind` (`wrong-digit`,
/// `missing-candidate` or `no-solution`), the cell and digit it is about, and its explanation.
pub fn mistake_json(m: &Mistake) -> Value {
    let (kind, cell, digit) = match m {
        Mistake::WrongDigit { cell, placed } => {
            ("wrong-digit", Some(cell.to_string()), Some(placed.get()))
        }
        Mistake::MissingCandidate { cell, digit } => (
            "missing-candidate",
            Some(cell.to_string()),
            Some(digit.get()),
        ),
        _ => ("no-solution", None, None),
    };
    json!({ "mistake": { "kind": kind, "cell": cell, "digit": digit,
                         "explanation": m.to_string() } })
}

/// `nonet explain --format json`'s `steps`: the whole logical path with the default teacher
/// (every technique, uniqueness allowed, a guess when nothing applies). A puzzle with several
/// solutions gets a path too (a guess picks one), as in the CLI.
pub fn explain(s: &Sudoku) -> Result<Vec<Value>, PuzzleError> {
    explain_observed(s, &Observer::never())
}

/// [`explain`] under the caller's observer `obs`, which the teacher asks between steps and
/// inside its forcing chains' search: [`PuzzleError::Cancelled`] once it says stop.
pub fn explain_observed(s: &Sudoku, obs: &Observer) -> Result<Vec<Value>, PuzzleError> {
    // The CLI reads the puzzle with its givens checked.
    s.check()?;
    if let Solutions::None = s.solutions() {
        return Err(PuzzleError::NoSolution);
    }
    // The CLI's mistake check matters only for a player's pencil marks: the raw candidates of
    // the givens always hold the solution.
    let path = Teacher::new().path_from_observed(&PencilMarks::raw(&s.into()), obs)?;
    let mut position = path.start.clone();
    Ok(path
        .steps
        .iter()
        .map(|step| {
            let v = step_json(step, &STANDARD, Some(&position));
            step.apply_to(&mut position);
            v
        })
        .collect())
}

/// Reads a hint level: `technique`, `area` or `move`.
pub fn hint_level(name: &str) -> Result<HintLevel, String> {
    name.parse::<HintLevel>().map_err(|e| e.to_string())
}

/// `nonet hint --format json --level LEVEL`'s object for a puzzle: the next step with its `hint`
/// text and `level`, `{"solved": true}` for a full grid, or the CLI's `mistake` object.
pub fn hint(s: &Sudoku, level: HintLevel) -> Result<Value, PuzzleError> {
    s.check()?;
    let position = PencilMarks::raw(&s.into());
    let hint = Teacher::new().hint(&position, Some(s))?;
    Ok(match hint {
        Hint::Solved => json!({ "solved": true }),
        Hint::Mistake(m) => mistake_json(&m),
        Hint::Step(step) => {
            let mut v = hint_json(&step, &STANDARD, &position, level);
            if matches!(s.solutions(), Solutions::Multiple(_)) {
                // As `nonet hint -f json` says it: the step leads to one solution of several.
                v["status"] = json!("multiple");
            }
            v
        }
        _ => return Err(PuzzleError::Path("no hint for this position".to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn solve_gives_the_cli_words() {
        let s = read(PUZZLE).unwrap();
        let line = solve(&s).unwrap().line();
        assert_eq!(line.len(), 81);
        assert_eq!(read(&line).unwrap(), s.unique_solution().unwrap());
        assert_eq!(solve(&Sudoku::empty()).unwrap().line(), "multiple");
        // Row 1 leaves r1c9 for the 9, which column 9 already holds in r9c9: no solution,
        // though no digit repeats.
        let none = read(&format!("12345678.{}........9", ".".repeat(63))).unwrap();
        assert_eq!(solve(&none).unwrap(), Solved::None);
        assert_eq!(solve(&none).unwrap().cells(), [0; 81]);
    }

    #[test]
    fn clashing_givens_are_an_error_not_none() {
        let clash = read(&format!("11{}", ".".repeat(79))).unwrap();
        assert!(matches!(solve(&clash), Err(PuzzleError::Clash(_))));
        assert!(matches!(count(&clash, 2), Err(PuzzleError::Clash(_))));
        assert!(matches!(
            rate(&clash, Scale::Se),
            Err(PuzzleError::Clash(_))
        ));
        assert!(matches!(explain(&clash), Err(PuzzleError::Clash(_))));
        let reason = solve(&clash).unwrap_err().to_string();
        assert!(reason.contains("repeats"), "{reason}");
    }

    #[test]
    fn unreadable_text_and_cells_say_why() {
        let short = read("123").unwrap_err().to_string();
        assert!(short.contains("81"), "{short}");
        let mut cells = [0u8; 81];
        cells[10] = 12;
        let e = from_cells(&cells).unwrap_err().to_string();
        assert!(e.contains("r2c2") && e.contains("12"), "{e}");
    }

    #[test]
    fn count_stops_at_the_limit() {
        assert_eq!(count(&Sudoku::empty(), 5).unwrap(), 5);
        assert_eq!(count(&read(PUZZLE).unwrap(), 2).unwrap(), 1);
    }

    #[test]
    fn ratings_as_lines_and_numbers() {
        let s = read(PUZZLE).unwrap();
        let se = rate(&s, Scale::Se).unwrap();
        let line = se.line(Scale::Se);
        let n = se.numbers();
        assert_eq!(line, format!("{:.1}/{:.1}/{:.1}", n[0], n[1], n[2]));
        assert!(!rate(&s, Scale::Level)
            .unwrap()
            .line(Scale::Level)
            .is_empty());
        let multiple = rate(&Sudoku::empty(), Scale::Classic).unwrap();
        assert_eq!(multiple.line(Scale::Classic), "multiple");
        assert!(multiple.numbers()[0].is_nan());
        assert!("stars".parse::<Scale>().is_err());
    }

    #[test]
    fn explain_steps_solve_the_puzzle() {
        let s = read(PUZZLE).unwrap();
        let steps = explain(&s).unwrap();
        let placed: usize = steps
            .iter()
            .map(|v| v["placements"].as_array().unwrap().len())
            .sum();
        assert_eq!(placed + s.filled_count(), 81);
        let h = hint(&s, hint_level("move").unwrap()).unwrap();
        assert_eq!(h["level"], "move");
        assert_eq!(h["technique"], steps[0]["technique"]);
        let full = s.unique_solution().unwrap();
        assert_eq!(
            hint(&full, HintLevel::Move).unwrap(),
            json!({ "solved": true })
        );
    }

    #[test]
    fn both_solvers_give_the_same_answers_and_find_the_clash() {
        let s = read(PUZZLE).unwrap();
        let clash = read(&format!("11{}", ".".repeat(79))).unwrap();
        for solver in [Solver::Fast, Solver::Reference] {
            assert_eq!(solve_with(&s, solver).unwrap(), solve(&s).unwrap());
            assert_eq!(count_with(&s, solver, 2).unwrap(), 1);
            assert_eq!(count_with(&Sudoku::empty(), solver, 3).unwrap(), 3);
            assert!(solve_with(&clash, solver).is_err());
            assert!(count_with(&clash, solver, 2).is_err());
        }
    }

    #[test]
    fn se_lines_say_none_or_multiple_without_one_solution() {
        for scale in [Scale::Se, Scale::Level] {
            assert_eq!(se_line(&SeOutcome::NoSolution, scale), "none");
            assert_eq!(se_line(&SeOutcome::Multiple, scale), "multiple");
        }
        let Rated::Se(rated) = rate(&read(PUZZLE).unwrap(), Scale::Se).unwrap() else {
            panic!("an SE rating");
        };
        assert!(se_line(&rated, Scale::Se).contains('/'));
        assert!(!se_line(&rated, Scale::Level).contains('/'));
    }

    #[test]
    fn a_mistake_names_its_kind_cell_and_digit() {
        let cell = Cell::new(10).unwrap();
        let digit = nonet_core::Digit::new(4).unwrap();
        let wrong = mistake_json(&Mistake::WrongDigit {
            cell,
            placed: digit,
        });
        assert_eq!(wrong["mistake"]["kind"], "wrong-digit");
        assert_eq!(wrong["mistake"]["cell"], "r2c2");
        assert_eq!(wrong["mistake"]["digit"], 4);
        let missing = mistake_json(&Mistake::MissingCandidate { cell, digit });
        assert_eq!(missing["mistake"]["kind"], "missing-candidate");
        assert!(missing["mistake"]["explanation"].is_string());
    }
}
