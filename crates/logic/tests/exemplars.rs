//! One hand-checked example per technique.
//!
//! `fixtures/exemplar-steps.txt` lists, per technique, a puzzle (from HoDoKu's exemplar
//! collection `fixtures/exemplars-1.0.txt` where it has one for that technique, otherwise from
//! the SE-rated or magictour sets) and the first step of that technique on the puzzle's path,
//! as eliminations and placements. Each recorded step was checked against the solution and by
//! reading its explanation. The test replays the path and compares, so a change in a
//! technique's results or in the path's order shows up here.
//!
//! Remote pairs, X-cycles, nice loops and grouped nice loops rarely come first on a path (an
//! earlier technique takes their eliminations); their examples are reglib's cases 0703, 0706,
//! 0707 and 0709/0710 (see `reglib.rs`).

use nonet_core::Sudoku;
use nonet_logic::{Teacher, Technique};

const STEPS: &str = include_str!("fixtures/exemplar-steps.txt");

fn technique(name: &str) -> Technique {
    Technique::all()
        .find(|t| format!("{t:?}") == name)
        .unwrap_or_else(|| panic!("unknown technique {name}"))
}

#[test]
fn exemplar_steps() {
    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for line in STEPS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let t = technique(f[1]);
        seen.push(t);
        let sudoku = Sudoku::from_line(f[2]).expect("puzzle");
        let solution = sudoku.unique_solution().expect("unique");
        let path = Teacher::new().path(&sudoku.into()).expect("path");
        assert_eq!(
            path.end.to_sudoku(),
            solution,
            "{line}: path does not solve"
        );
        let Some(step) = path.steps.iter().find(|s| s.technique == t) else {
            failures.push(format!("{line}: no {t:?} on the path"));
            continue;
        };
        let elims: Vec<String> = step.eliminations.iter().map(|c| c.to_string()).collect();
        let places: Vec<String> = step.placement.iter().map(|c| c.to_string()).collect();
        if elims.join(" ") != f[3] || places.join(" ") != f[4] {
            failures.push(format!(
                "{line}: got {} | {}\n  {}",
                elims.join(" "),
                places.join(" "),
                step.explanation(&nonet_core::STANDARD)
            ));
        }
        let text = step.explanation(&nonet_core::STANDARD);
        assert!(
            text.len() > 20 && text.contains(t.name()) || t == Technique::SimpleColorsWrap,
            "{line}: explanation does not name the technique: {text}"
        );
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(seen.len() >= 50, "only {} exemplars", seen.len());
}
