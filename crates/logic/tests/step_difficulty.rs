//! Every step of the explaining path whose technique Sudoku Explainer has carries SE's
//! difficulty (at least the technique's base), and no other step does, on samples of the shared
//! sets copied into `tests/fixtures/`.

use nonet_core::{PencilMarks, Sudoku};
use nonet_logic::internals::path::{apply, next_step_or_guess, PathOptions};
use nonet_logic::Technique;

fn check(puzzle: &str, seen: &mut Vec<Technique>) {
    let sudoku = Sudoku::from_line(puzzle).expect("fixture puzzle");
    let solution = sudoku.unique_solution().expect("unique fixture puzzle");
    let mut pm = PencilMarks::raw(&sudoku);
    while !pm.is_solved() {
        let step = next_step_or_guess(&pm, &PathOptions::default(), Some(&solution))
            .expect("the path never stops");
        match (step.technique.se_base(), step.difficulty) {
            (Some(base), Some(d)) => assert!(
                d >= base && d < base + 2.0,
                "{puzzle}: {} rated {d}, base {base}",
                step.technique
            ),
            (Some(_), None) => panic!("{puzzle}: {} carries no difficulty", step.technique),
            (None, Some(d)) => panic!(
                "{puzzle}: {} is not an SE technique but carries {d}",
                step.technique
            ),
            (None, None) => {}
        }
        if !seen.contains(&step.technique) {
            seen.push(step.technique);
        }
        apply(&mut pm, &step);
    }
}

#[test]
fn every_se_technique_step_carries_its_se_difficulty() {
    let text = include_str!("fixtures/sample-se-rated.txt");
    let mut seen = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        check(&line[..81], &mut seen);
    }
    // The sample must reach well beyond singles for the test to mean anything.
    for t in [Technique::NakedPair, Technique::XWing, Technique::XYWing] {
        assert!(seen.contains(&t), "the sample never used {t}: {seen:?}");
    }
}
