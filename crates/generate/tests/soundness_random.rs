//! Every logical step is sound on random unique puzzles: puzzles from nonet-generate over
//! random seeds (unique by construction, and checked again here with the reference solver),
//! solved by nonet-logic's path; every step may only place the solution's digit and never
//! eliminate it, and the path must end with the grid solved.
//!
//! Few cases per level, easy to hard, so the whole file runs in seconds. For a longer run:
//! `PROPTEST_CASES=200 cargo test -p nonet-generate --test soundness_random`.

use nonet_core::{Cell, Solutions, Solver, Sudoku};
use nonet_generate::{GenerateOptions, Generator, Level, Target};
use nonet_logic::{Candidate, Path, Teacher, Technique};
use proptest::prelude::*;

/// A generator for `level` (or no target at all).
fn generator(level: Option<Level>) -> Generator {
    Generator::new(GenerateOptions {
        target: Target {
            level,
            ..Target::default()
        },
        ..GenerateOptions::default()
    })
    .expect("valid options")
}

/// Replays `path` from its start, checking each step against `solution` before applying it:
/// no placement of a wrong digit, no elimination of the solution's digit, no empty step, no
/// dead cell; and at the end the grid is `solution`. With `logical_only`, no guess either.
fn check_path(path: &Path, solution: &Sudoku, logical_only: bool) -> Result<(), String> {
    let mut pm = path.start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        let name = step.technique.name();
        if logical_only && step.technique == Technique::TrialAndError {
            return Err(format!("step {i} is a guess"));
        }
        if step.placement.is_none() && step.eliminations.is_empty() {
            return Err(format!("step {i} ({name}) does nothing"));
        }
        if let Some(p) = step.placement {
            if solution.get(p.cell) != Some(p.digit) {
                return Err(format!(
                    "step {i} ({name}) places {} in {}",
                    p.digit, p.cell
                ));
            }
        }
        for e in &step.eliminations {
            if solution.get(e.cell) == Some(e.digit) {
                return Err(format!(
                    "step {i} ({name}) eliminates the solution's {} from {}",
                    e.digit, e.cell
                ));
            }
        }
        step.apply_to(&mut pm);
        if pm.has_dead_cell() {
            return Err(format!("dead cell after step {i} ({name})"));
        }
    }
    if !path.is_solved() || !pm.is_solved() || pm.to_sudoku() != *solution {
        return Err("the path does not solve the puzzle".to_string());
    }
    Ok(())
}

/// Generates the puzzle of `seed` at `level` and checks it: unique by the reference solver,
/// the generator's solution, and a sound path that solves it (purely logical for a level
/// target, whose rating promises that).
fn check_seed(level: Option<Level>, seed: u64) -> Result<(), TestCaseError> {
    let g = generator(level)
        .generate(seed)
        .map_err(|e| TestCaseError::fail(format!("seed {seed}: {e}")))?;
    let line = g.puzzle.to_line();
    let solution = match g.puzzle.solutions_with(Solver::Reference) {
        Solutions::Unique(s) => s,
        Solutions::None => return Err(TestCaseError::fail(format!("{line}: no solution"))),
        Solutions::Multiple(_) => {
            return Err(TestCaseError::fail(format!("{line}: several solutions")))
        }
    };
    prop_assert!(
        solution == g.solution,
        "{}: not the generator's solution",
        line
    );
    let path = Teacher::new()
        .path(&g.puzzle.into())
        .map_err(|e| TestCaseError::fail(format!("{line}: no path: {e}")))?;
    check_path(&path, &solution, level.is_some())
        .map_err(|e| TestCaseError::fail(format!("seed {seed}, {line}: {e}")))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn any_puzzle_is_solved_soundly(seed in any::<u64>()) {
        check_seed(None, seed)?;
    }

    #[test]
    fn easy_and_medium_puzzles_are_solved_soundly(seed in any::<u64>(), medium in any::<bool>()) {
        check_seed(Some(if medium { Level::Medium } else { Level::Easy }), seed)?;
    }

    #[test]
    fn hard_puzzles_are_solved_soundly(seed in any::<u64>()) {
        check_seed(Some(Level::Hard), seed)?;
    }

    #[test]
    fn expert_puzzles_are_solved_soundly(seed in any::<u64>()) {
        check_seed(Some(Level::Expert), seed)?;
    }
}

/// The checker must catch unsound steps: a path with the solution's digit eliminated, or a
/// wrong digit placed, is refused; the untouched path passes.
#[test]
fn the_checker_catches_unsound_steps() {
    let g = generator(None).generate(7).unwrap();
    let solution = g.solution;
    let path = Teacher::new().path(&g.puzzle.into()).unwrap();
    assert_eq!(check_path(&path, &solution, false), Ok(()));
    let cell = Cell::all().find(|&c| g.puzzle.get(c).is_none()).unwrap();
    let right = solution.get(cell).unwrap();

    let mut bad = path.clone();
    bad.steps[0]
        .eliminations
        .insert(Candidate { cell, digit: right });
    let err = check_path(&bad, &solution, false).unwrap_err();
    assert!(err.contains("eliminates the solution's"), "{err}");

    let wrong = nonet_core::Digit::ALL
        .into_iter()
        .find(|&d| d != right)
        .unwrap();
    let mut bad = path.clone();
    bad.steps[0].placement = Some(Candidate { cell, digit: wrong });
    let err = check_path(&bad, &solution, false).unwrap_err();
    assert!(err.contains("places"), "{err}");
}
