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

use nonet_core::{Layout, PencilMarks, Puzzle, RegionMap, Sudoku, STANDARD};
use nonet_logic::internals::path::{apply, next_step_or_guess, PathOptions};
use nonet_logic::internals::techniques::find;
use nonet_logic::internals::Position;
use nonet_logic::{Family, Technique};

/// Checks one puzzle; returns the number of guesses, or a description of the failure.
fn check(puzzle: &str) -> Result<usize, String> {
    let sudoku = Sudoku::from_line(puzzle).map_err(|e| format!("{puzzle}: {e}"))?;
    let solution = sudoku
        .unique_solution()
        .ok_or_else(|| format!("{puzzle}: not unique"))?;
    check_with(&sudoku.into(), &solution, &PathOptions::default())
}

/// Checks the path of `given` (on its layout) with the techniques `opts` allows, guessing the
/// solution's digit where none applies.
fn check_with(given: &Puzzle, solution: &Sudoku, opts: &PathOptions) -> Result<usize, String> {
    let line = given.givens().to_line();
    let puzzle = line.as_str();
    let solution = *solution;
    let mut pm = PencilMarks::raw(given);
    let mut guesses = 0;
    let mut n = 0;
    while !pm.is_solved() {
        let step = next_step_or_guess(&pm, opts, Some(&solution))
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

/// The variant sets' puzzles with their layouts: `GIVENS REGIONS SOLUTION` for jigsaws,
/// `GIVENS SOLUTION` on `base` for the others.
fn variant_cases(text: &str, base: &Layout, take: usize) -> Vec<(Puzzle, Sudoku)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(take)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (givens, layout, solution) = match f.as_slice() {
                [g, map, s] => (*g, Layout::jigsaw(&RegionMap::parse(map).expect("map")), *s),
                [g, s] => (*g, base.clone(), *s),
                _ => panic!("bad line: {l}"),
            };
            let givens = Sudoku::from_line(givens).expect("givens");
            (
                Puzzle::new(givens, layout),
                Sudoku::from_line(solution).expect("solution"),
            )
        })
        .collect()
}

/// The path allowed only the singles and `family`.
fn family_alone(family: Family) -> PathOptions {
    PathOptions {
        techniques: Some(
            Technique::all()
                .filter(|t| [Family::Singles, family].contains(&t.family()))
                .collect(),
        ),
        ..PathOptions::default()
    }
}

/// Every family on its own beside the singles (as `--techniques singles,F` asks), on the
/// standard layout and every variant's: a finder then meets positions the whole path never
/// shows it, where a simpler technique would have come first. The hidden rectangle removed the
/// solution's digit on such positions in every layout (its digit already placed in the row made
/// "confined to the rectangle" hold of nothing), and no whole-path test reached it.
#[test]
fn each_family_alone_beside_the_singles_is_sound() {
    let standard = |text: &str, take: usize| -> Vec<(Puzzle, Sudoku)> {
        puzzles(text)
            .iter()
            .take(take)
            .filter_map(|p| {
                let s = Sudoku::from_line(p).expect("puzzle");
                Some((s.into(), s.unique_solution()?))
            })
            .collect()
    };
    let mut cases = standard(include_str!("fixtures/sample-se-rated.txt"), 20);
    cases.extend(standard(include_str!("fixtures/examples.txt"), 10));
    cases.extend(variant_cases(
        include_str!("fixtures/variants/x-puzzles.txt"),
        &STANDARD.with_diagonals(),
        8,
    ));
    cases.extend(variant_cases(
        include_str!("fixtures/variants/windoku-puzzles.txt"),
        &STANDARD.with_windows(),
        8,
    ));
    cases.extend(variant_cases(
        include_str!("fixtures/variants/jigsaw-puzzles.txt"),
        &STANDARD,
        8,
    ));
    let mut failures = Vec::new();
    for family in Family::ALL {
        if matches!(
            family,
            Family::Singles | Family::Guess | Family::ForcingChains
        ) {
            continue;
        }
        let opts = family_alone(family);
        for (puzzle, solution) in &cases {
            if let Err(e) = check_with(puzzle, solution, &opts) {
                failures.push(format!("{family:?}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Every finder on every position of a path that places naked singles and guesses only (the
/// solution's digit): positions full of candidates, as a player's can be, where the whole path
/// would have taken a simpler step long before. No step found may remove the solution's digit
/// or place another (the hidden rectangle did, with its digit already placed in the row).
#[test]
fn every_finder_is_sound_on_every_position_of_a_naked_singles_path() {
    finders_sound_on_naked_singles_paths(4, 1);
}

/// The same on every puzzle of the samples (some minutes):
/// `cargo test -p nonet-logic --release --test soundness -- --ignored every_finder`.
#[test]
#[ignore]
fn every_finder_is_sound_on_every_position_of_every_sample_s_naked_singles_path() {
    finders_sound_on_naked_singles_paths(usize::MAX, usize::MAX);
}

/// Every finder on every position of the naked-singles paths of the first `standard` puzzles
/// of the SE-rated sample and the first `variant` of each variant's set.
fn finders_sound_on_naked_singles_paths(standard: usize, variant: usize) {
    let naked_only = PathOptions {
        techniques: Some(vec![Technique::NakedSingle]),
        ..PathOptions::default()
    };
    let mut cases: Vec<(Puzzle, Sudoku)> = puzzles(include_str!("fixtures/sample-se-rated.txt"))
        .iter()
        .take(standard)
        .map(|p| {
            let s = Sudoku::from_line(p).expect("puzzle");
            (s.into(), s.unique_solution().expect("unique"))
        })
        .collect();
    for (text, base) in [
        (
            include_str!("fixtures/variants/x-puzzles.txt"),
            STANDARD.with_diagonals(),
        ),
        (
            include_str!("fixtures/variants/windoku-puzzles.txt"),
            STANDARD.with_windows(),
        ),
        (
            include_str!("fixtures/variants/jigsaw-puzzles.txt"),
            STANDARD.clone(),
        ),
    ] {
        cases.extend(variant_cases(text, &base, variant));
    }
    let finders: Vec<Technique> = Technique::all()
        .filter(|t| !matches!(t.family(), Family::ForcingChains | Family::Guess))
        .collect();
    let mut failures = Vec::new();
    for (puzzle, solution) in &cases {
        let mut pm = PencilMarks::raw(puzzle);
        while !pm.is_solved() {
            let pos = Position::new(&pm);
            for &t in &finders {
                for step in find(t, &pos) {
                    let wrong = step
                        .placement
                        .iter()
                        .any(|p| solution.get(p.cell) != Some(p.digit))
                        || step
                            .eliminations
                            .iter()
                            .any(|e| solution.get(e.cell) == Some(e.digit));
                    if wrong {
                        failures.push(format!("{}: {t:?}: {step:?}", pm.to_pencil_grid()));
                    }
                }
            }
            let step = next_step_or_guess(&pm, &naked_only, Some(solution)).expect("a step");
            apply(&mut pm, &step);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The probe's case: with singles, fish, single-digit patterns and uniqueness only, a hidden
/// rectangle on 4 and 6 removed 4 from r4c2, its solution's digit: 6 was already placed in
/// row 4, so its "only places in row 4" were none, all of them (vacuously) in the rectangle.
#[test]
fn a_hidden_rectangle_needs_its_digit_still_to_place_in_the_row_and_column() {
    let line = "1.85..4.6....7.9..53...4..7..1.6...8.9.4.8.7.8...5.6..7..1...69..6.8....9.4..62.5";
    let s = Sudoku::from_line(line).expect("puzzle");
    let solution = s.unique_solution().expect("unique");
    let opts = PathOptions {
        techniques: Some(
            Technique::all()
                .filter(|t| {
                    *t == Technique::NakedSingle
                        || [Family::Uniqueness, Family::Fish, Family::SingleDigit]
                            .contains(&t.family())
                })
                .collect(),
        ),
        ..PathOptions::default()
    };
    check_with(&s.into(), &solution, &opts).expect("sound");
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
