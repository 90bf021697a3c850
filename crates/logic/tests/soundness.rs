//! Soundness of the logical solver: on puzzles with a known unique solution, no step may place
//! a wrong digit or remove the solution's digit, and applying all steps must solve the puzzle.
//!
//! The normal tests run on samples of every shared set with unique puzzles, copied into
//! `tests/fixtures/` (examples, 17-clue, magictour top1465, SE-rated, forum hardest). The full
//! run over all of them (about 100,000 puzzles) is ignored by default:
//!
//! ```text
//! NONET_PUZZLES=/work/shared/puzzles cargo test -p nonet-logic --release --test soundness -- --ignored --nocapture
//! ```
//!
//! `NONET_SETS=se-rated.txt,magictour-top1465.txt` limits the run to those files, and
//! `NONET_EVERY=N` checks every N-th puzzle of each set only (the forum's hardest puzzles take
//! a few hundred milliseconds each, so the whole run takes hours on one core).

use nonet_core::{PencilMarks, Sudoku};
use nonet_logic::internals::path::{apply, next_step_or_guess, PathOptions};
use nonet_logic::Technique;

/// Checks one puzzle; returns the number of guesses, or a description of the failure.
fn check(puzzle: &str) -> Result<usize, String> {
    let sudoku = Sudoku::from_line(puzzle).map_err(|e| format!("{puzzle}: {e}"))?;
    let solution = sudoku
        .unique_solution()
        .ok_or_else(|| format!("{puzzle}: not unique"))?;
    let opts = PathOptions::default();
    let mut pm = PencilMarks::raw(&sudoku.into());
    let mut guesses = 0;
    let mut n = 0;
    while !pm.is_solved() {
        let step = next_step_or_guess(&pm, &opts, Some(&solution))
            .ok_or_else(|| format!("{puzzle}: stuck after {n} steps"))?;
        if let Some(p) = step.placement {
            if solution.get(p.cell) != Some(p.digit) {
                return Err(format!(
                    "{puzzle}: step {n} {:?} places wrong {p}",
                    step.technique
                ));
            }
        }
        for e in &step.eliminations {
            if solution.get(e.cell) == Some(e.digit) {
                return Err(format!(
                    "{puzzle}: step {n} {:?} removes {e}",
                    step.technique
                ));
            }
        }
        if !step.is_productive() {
            return Err(format!(
                "{puzzle}: step {n} {:?} changes nothing",
                step.technique
            ));
        }
        if step.technique == Technique::TrialAndError {
            guesses += 1;
        }
        apply(&mut pm, &step);
        n += 1;
    }
    if pm.to_sudoku() != solution {
        return Err(format!("{puzzle}: path ends on a different grid"));
    }
    Ok(guesses)
}

/// The puzzle field of each non-comment line (`puzzle` or `name:puzzle:...` or `puzzle:...`).
fn puzzles(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            l.split([':', ','])
                .find(|f| f.len() == 81)
                .map(str::to_string)
        })
        .collect()
}

fn run(name: &str, text: &str) -> (usize, usize) {
    run_first(name, text, usize::MAX)
}

/// Like [`run`] on the first `limit` puzzles only.
fn run_first(name: &str, text: &str, limit: usize) -> (usize, usize) {
    let mut failures = Vec::new();
    let mut guessed = 0;
    let mut list = puzzles(text);
    list.truncate(limit);
    for p in &list {
        match check(p) {
            Ok(g) => guessed += usize::from(g > 0),
            Err(e) if e.ends_with("not unique") => {}
            Err(e) => failures.push(e),
        }
    }
    println!("{name}: {} puzzles, {} needed a guess", list.len(), guessed);
    assert!(failures.is_empty(), "{name}: {failures:#?}");
    (list.len(), guessed)
}

#[test]
fn examples() {
    run("examples", include_str!("fixtures/examples.txt"));
}

#[test]
fn seventeen_clue_sample() {
    run("17-clue", include_str!("fixtures/sample-17-clue.txt"));
}

#[test]
fn magictour_sample() {
    run(
        "magictour",
        include_str!("fixtures/sample-magictour-top1465.txt"),
    );
}

/// The acceptance of the logical solver: every puzzle Sudoku Explainer rates (all of these are
/// 9.3 or less) gets a complete path without a guess.
#[test]
fn se_rated_sample() {
    let (_, guessed) = run("se-rated", include_str!("fixtures/sample-se-rated.txt"));
    assert_eq!(guessed, 0, "a puzzle rated by SE needed a guess");
}

#[test]
fn forum_hardest_sample() {
    // These need nested forcing chains beyond the path's techniques, so most steps past the
    // first guess are slow searches; a few puzzles keep the suite fast.
    run_first(
        "forum-hardest",
        include_str!("fixtures/sample-forum-hardest-1905-11plus.txt"),
        12,
    );
}

/// The full run over every shared set (see the module documentation for the command).
#[test]
#[ignore]
fn full_run() {
    let dir = std::env::var("NONET_PUZZLES").unwrap_or_else(|_| "/work/shared/puzzles".into());
    let every: usize = std::env::var("NONET_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1);
    for f in [
        "examples.txt",
        "se-rated.txt",
        "magictour-top1465.txt",
        "hardest-database-2011.csv",
        "17-clue.txt",
        "forum-hardest-1905-11plus.txt",
    ] {
        if let Ok(sets) = std::env::var("NONET_SETS") {
            if !sets.split(',').any(|s| s.trim() == f) {
                continue;
            }
        }
        let text = std::fs::read_to_string(format!("{dir}/{f}")).expect("puzzle set");
        let text: String = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .step_by(every)
            .map(|l| format!("{l}\n"))
            .collect();
        let (_, guessed) = run(f, &text);
        if f == "se-rated.txt" {
            assert_eq!(guessed, 0, "a puzzle rated by SE needed a guess");
        }
    }
}
