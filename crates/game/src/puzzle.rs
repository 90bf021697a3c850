//! A puzzle the player types in: whether it is proper (no clash, one solution) and, when it
//! has several solutions, the clues that would make it proper; a jigsaw's puzzle and region
//! map typed on one line; and the daily puzzle's seed.

use nonet_core::{Cell, Puzzle, Solutions, Sudoku};

/// What checking a player's puzzle found.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleCheck {
    /// Two givens clash (so there is no solution); the sentence says which.
    Clash(String),
    /// No way to fill the grid.
    NoSolution,
    /// Two or more solutions.
    Several,
    /// Exactly one solution, with the rating when it was ready in time.
    Unique {
        /// The solution.
        solution: Sudoku,
        /// ER and level name.
        rating: Option<(f64, &'static str)>,
    },
}

/// Checks a puzzle on its layout: clashing givens, no solution, several, or one (then without
/// its rating: [`crate::rating`] is the slow part, run separately).
pub fn check(puzzle: &Puzzle) -> PuzzleCheck {
    if let Err(conflict) = puzzle.check() {
        return PuzzleCheck::Clash(format!("the givens break a rule: {conflict}"));
    }
    match puzzle.solutions() {
        Solutions::None => PuzzleCheck::NoSolution,
        Solutions::Multiple(_) => PuzzleCheck::Several,
        Solutions::Unique(solution) => PuzzleCheck::Unique {
            solution,
            rating: None,
        },
    }
}

/// For a puzzle with several solutions on its layout: the givens with clues added from one of its
/// solutions until that solution is the only one, then every added clue not needed dropped
/// again (the player keeps their own puzzle, made proper with as few changes as this finds).
/// `None` if the puzzle does not have several solutions.
pub fn with_added_clues(puzzle: &Puzzle) -> Option<Sudoku> {
    let Solutions::Multiple(solution) = puzzle.solutions() else {
        return None;
    };
    let unique = |p: &Sudoku| Puzzle::new(*p, puzzle.layout().clone()).count_solutions(2) == 1;
    let mut out = *puzzle.givens();
    let mut added = Vec::new();
    // Cells in a fixed order that jumps about the grid (31 is prime to 81), so the clues added
    // are spread out rather than filling the first rows.
    for k in 0..81 {
        let cell = Cell::new(k * 31 % 81).expect("an index below 81");
        if out.get(cell).is_some() {
            continue;
        }
        out.set(cell, solution.get(cell));
        added.push(cell);
        if unique(&out) {
            break;
        }
    }
    for cell in added {
        let mut fewer = out;
        fewer.set(cell, None);
        if unique(&fewer) {
            out = fewer;
        }
    }
    Some(out)
}

/// A jigsaw's puzzle and region map typed on one line, as the command line reads them
/// (`../shared/CLI.md`, "Variants"): two 81-character fields separated by blanks or one of `:`
/// `;` `,` (further fields, such as a solution, ignored), or 162 characters in a row. `None`
/// for anything else (a puzzle alone, a 9-line grid). The server and the page's engine both
/// split a typed jigsaw here.
pub fn puzzle_and_map(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    if text.contains('\n') {
        return None;
    }
    let fields: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ":;,".contains(c))
        .filter(|f| !f.is_empty())
        .collect();
    match fields[..] {
        [both] if both.len() == 162 && both.is_ascii() => Some(both.split_at(81)),
        [puzzle, map, ..] if puzzle.len() == 81 && map.chars().count() == 81 => Some((puzzle, map)),
        _ => None,
    }
}

/// The generator's seed of the daily puzzles of `date` (`YYYY-MM-DD`, from 2000-01-01 to
/// 9999-12-31): the date's digits as one number, so 2026-11-26 is seed 20261126 (the same
/// puzzle as a game by that seed at that level). `None` if it is not a real date.
pub fn daily_seed(date: &str) -> Option<u64> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = date.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    ((2000..=9999).contains(&y) && (1..=days).contains(&d))
        .then(|| u64::from(y) * 10_000 + u64::from(m) * 100 + u64::from(d))
}
