//! The hint on the hardest puzzles is logical: the teacher reaches Sudoku Explainer's nested
//! forcing chains (the levels the SE rater uses) before it ever guesses, so every puzzle the
//! rater rates gets a logical hint. Always on: Easter Monster and the first puzzles of the
//! forum's hardest sample; behind `#[ignore]`: the first 20 of the shared list, whole paths.

use nonet_core::{PencilMarks, Sudoku};
use nonet_logic::{Family, Hint, Teacher, Technique};

/// Easter Monster, rated 11.6 by the SE rater.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// The first hint on `puzzle`'s givens: the step, which must not be a guess.
fn first_hint(puzzle: &str) -> nonet_logic::Step {
    let sudoku = Sudoku::from_line(puzzle).expect("an 81-character puzzle");
    match Teacher::new().hint(&PencilMarks::raw(&sudoku.into()), Some(&sudoku)) {
        Ok(Hint::Step(step)) => {
            assert_ne!(
                step.technique,
                Technique::TrialAndError,
                "{puzzle}: a guess"
            );
            *step
        }
        other => panic!("{puzzle}: no step: {other:?}"),
    }
}

/// Regression: Easter Monster's first hint was a guess (Trial and Error) although the rater
/// rates it 11.6: the path stopped at SE's dynamic forcing chains "+" and guessed before its
/// nested levels.
#[test]
fn easter_monsters_first_hint_is_not_a_guess() {
    let step = first_hint(EASTER_MONSTER);
    assert_eq!(step.technique, Technique::NestedForcingChain);
    assert!(step.is_productive());
    let d = step.difficulty.expect("every step has a difficulty");
    assert!(d >= 9.5, "a nested chain is rated 9.5 or more, not {d}");
}

/// The first few puzzles of the hardest sample (ER 11+) each get a logical first hint.
#[test]
fn the_first_hint_on_a_sample_of_the_hardest_puzzles_is_a_forcing_chain() {
    let text = include_str!("fixtures/sample-forum-hardest-1905-11plus.txt");
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(3)
        .collect();
    assert_eq!(puzzles.len(), 3);
    for p in puzzles {
        let step = first_hint(&p[..81]);
        // Nothing short of SE's chains solves these from their givens.
        assert_eq!(step.technique.family(), Family::ForcingChains, "{p}");
    }
}

/// The first 20 puzzles of the shared hardest list (the ones `docs/reliability.md` times): a
/// logical first hint each, and whole paths without a guess.
#[test]
#[ignore = "minutes: whole paths of the hardest puzzles"]
fn the_hardest_puzzles_are_solved_without_a_guess() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/puzzles/forum-hardest-1905-11plus.txt"
    );
    let text = std::fs::read_to_string(path).expect("shared puzzle set forum-hardest");
    for p in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(20)
    {
        first_hint(&p[..81]);
        let sudoku = Sudoku::from_line(&p[..81]).unwrap();
        let path = Teacher::new().path(&sudoku.into()).expect("a path");
        assert!(path.is_solved() && !path.has_guess(), "{p}");
    }
}
