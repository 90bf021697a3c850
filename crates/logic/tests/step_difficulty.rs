//! Every step of the explaining path carries a difficulty on Sudoku Explainer's scale: SE's own
//! for SE's techniques (at least the technique's base), nonet's for the techniques SE lacks
//! (`docs/rating.md`, "Techniques SE lacks"), on samples of the shared sets copied into
//! `tests/fixtures/`. A path's hardest step is the one with the largest.

use nonet_core::{PencilMarks, Sudoku};
use nonet_logic::internals::path::{apply, next_step_or_guess, PathOptions};
use nonet_logic::{Teacher, Technique};

const SAMPLE: &str = include_str!("fixtures/sample-se-rated.txt");

fn sample() -> impl Iterator<Item = &'static str> {
    SAMPLE
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| &l[..81])
}

fn check(puzzle: &str, seen: &mut Vec<Technique>) {
    let sudoku = Sudoku::from_line(puzzle).expect("fixture puzzle");
    let solution = sudoku.unique_solution().expect("unique fixture puzzle");
    let mut pm = PencilMarks::raw(&sudoku.into());
    while !pm.is_solved() {
        let step = next_step_or_guess(&pm, &PathOptions::default(), Some(&solution))
            .expect("the path never stops");
        let t = step.technique;
        let d = step
            .difficulty
            .unwrap_or_else(|| panic!("{puzzle}: {t} carries no difficulty"));
        let base = t.base();
        assert!(
            d >= base && d < base + 2.0,
            "{puzzle}: {t} rated {d}, base {base}"
        );
        if let Some(se) = t.se_base() {
            assert_eq!(se, base, "{t}: SE's own base");
        }
        if !seen.contains(&t) {
            seen.push(t);
        }
        apply(&mut pm, &step);
    }
}

#[test]
fn every_step_carries_its_difficulty_ses_own_where_se_has_the_technique() {
    let mut seen = Vec::new();
    for p in sample() {
        check(p, &mut seen);
    }
    // The sample must reach well beyond singles, and into techniques SE lacks, for the test
    // to mean anything.
    for t in [Technique::NakedPair, Technique::XWing, Technique::XYWing] {
        assert!(seen.contains(&t), "the sample never used {t}: {seen:?}");
    }
    assert!(
        seen.iter().any(|t| t.se_base().is_none()),
        "the sample never used a technique SE lacks: {seen:?}"
    );
}

/// Regression: the game's solving path and finish summary took the hardest step over the steps
/// with an SE number only, so a puzzle whose hardest step is a technique SE lacks (a
/// Skyscraper, an XY-Chain, an ALS-XZ...) named an easy step instead (a Pointing, 2.6, for a
/// 6.6 puzzle). Every step now has a difficulty, and the hardest is the largest over all.
#[test]
fn hardest_step_counts_steps_without_an_se_number() {
    let mut named = Vec::new();
    for p in sample() {
        let path = Teacher::new()
            .path(&Sudoku::from_line(p).unwrap().into())
            .unwrap();
        let (i, hardest) = path.hardest().expect("a path with steps");
        let top = hardest.difficulty.expect("every step has a difficulty");
        for (k, s) in path.steps.iter().enumerate() {
            let d = s.difficulty.expect("every step has a difficulty");
            // The first of the largest.
            assert!(
                d < top || (d == top && k >= i),
                "{p}: step {k} {d} over {top}"
            );
        }
        if hardest.technique.se_base().is_none() {
            // Over the SE-numbered steps alone, another (easier) step would have been named.
            let se_top = path
                .steps
                .iter()
                .filter(|s| s.technique.se_base().is_some())
                .filter_map(|s| s.difficulty)
                .fold(0.0, f64::max);
            assert!(se_top < top, "{p}");
            named.push(hardest.technique);
        }
    }
    // The sample has such puzzles (Skyscrapers, chains and ALS steps are common there).
    assert!(named.len() >= 3, "{named:?}");
}
