//! Where a real step of a technique comes from, written as one word and its argument, so a
//! fixture can name it and a test find the same step again:
//! - `exemplar PUZZLE`: the first step of the technique on the puzzle's path;
//! - `reglib N`: the first step the technique's own finder reports on the position of line N
//!   of `fixtures/reglib-1.3.txt`;
//! - `path PUZZLE`: the first step of the technique on the puzzle's path (a sample set's);
//! - `se PUZZLE`: the first step of the technique among Sudoku Explainer's rating steps;
//! - `guess PUZZLE`: the first step of a teacher allowed no technique on the puzzle (a guess:
//!   the teacher's path reaches SE's nested chains, so no puzzle of the sets needs one).
//!
//! Shared by the `sentences` example (which writes `fixtures/sentences.tsv`) and the
//! `sentences` test (which reads it back).

use nonet_core::{PencilMarks, Sudoku};
use nonet_logic::internals::techniques::find;
use nonet_logic::internals::Position;
use nonet_logic::{Step, Teacher, Technique};

#[path = "reglib_case.rs"]
pub mod reglib_case;

/// HoDoKu's regression library.
pub const REGLIB: &str = include_str!("../fixtures/reglib-1.3.txt");

/// The first step of `technique` on `puzzle`'s path.
pub fn on_path(puzzle: &str, technique: Technique) -> Option<Step> {
    let sudoku = Sudoku::from_line(puzzle).ok()?;
    let path = Teacher::new().path(&sudoku.into()).ok()?;
    path.steps.into_iter().find(|s| s.technique == technique)
}

/// The first step of `technique` its finder reports on reglib's line `n` (from 1).
pub fn on_reglib_line(n: usize, technique: Technique) -> Option<Step> {
    let line = REGLIB.lines().nth(n.checked_sub(1)?)?;
    let f: Vec<&str> = line.split(':').collect();
    let pm = reglib_case::position(f.get(3)?, f.get(4)?);
    find(technique, &Position::new(&pm)).into_iter().next()
}

/// The first step of `technique` among SE's rating steps of `puzzle`.
pub fn in_se_rating(puzzle: &str, technique: Technique) -> Option<Step> {
    let sudoku = Sudoku::from_line(puzzle).ok()?;
    nonet_logic::rate::se_steps(&sudoku.into())
        .into_iter()
        .find(|s| s.technique == technique)
}

/// The first step of a teacher allowed no technique on `puzzle`'s givens: a guess.
pub fn guessed(puzzle: &str) -> Option<Step> {
    let sudoku = Sudoku::from_line(puzzle).ok()?;
    let solution = sudoku.unique_solution()?;
    Teacher::new()
        .with_techniques([])
        .next_step(&PencilMarks::raw(&sudoku.into()), Some(&solution))
}

/// The step `source` names (see the module's documentation).
pub fn step_from(source: &str, technique: Technique) -> Option<Step> {
    let (kind, arg) = source.split_once(' ')?;
    match kind {
        "exemplar" | "path" => on_path(arg, technique),
        "reglib" => on_reglib_line(arg.parse().ok()?, technique),
        "se" => in_se_rating(arg, technique),
        "guess" => guessed(arg).filter(|s| s.technique == technique),
        _ => None,
    }
}
