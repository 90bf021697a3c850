//! The classic scale on every worked example of `tests/fixtures/examples.txt`
//! (`name:puzzle:solutions:classic:solution`, `-` for several solutions), and the player levels.

use std::path::PathBuf;

use nonet_core::Sudoku;
use nonet_logic::rate::{rate_classic, rate_se, ClassicRating, Level, SeOutcome};

fn examples() -> Vec<(String, Sudoku, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/examples.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (
                f[0].to_string(),
                Sudoku::from_line(f[1]).expect("readable"),
                f[3].to_string(),
            )
        })
        .collect()
}

#[test]
fn every_example_has_its_classic_rating() {
    let all = examples();
    assert!(all.len() >= 9);
    for (name, s, want) in all {
        let got = rate_classic(&s.into()).expect("no clash");
        let text = match got {
            ClassicRating::Multiple => "-".to_string(),
            other => other.to_string(),
        };
        assert_eq!(text, want, "{name}");
    }
}

#[test]
fn classic_words() {
    assert_eq!(ClassicRating::NoSolution.to_string(), "-1");
    assert_eq!(ClassicRating::Elimination.value(), Some(0));
    assert_eq!(ClassicRating::NakedPairs.value(), Some(3));
    assert_eq!(ClassicRating::Guessing.value(), Some(5));
    assert_eq!(ClassicRating::Multiple.to_string(), "multiple");
}

#[test]
fn clashing_givens_are_an_error() {
    let s = Sudoku::from_line(
        "55.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.",
    )
    .unwrap();
    assert!(rate_classic(&s.into()).is_err());
    assert!(rate_se(&s.into()).is_err());
}

#[test]
fn se_scale_reports_unrateable_puzzles() {
    for (name, s, want) in examples() {
        let got = rate_se(&s.into()).expect("no clash");
        match want.as_str() {
            "-" => assert_eq!(got, SeOutcome::Multiple, "{name}"),
            "-1" => assert_eq!(got, SeOutcome::NoSolution, "{name}"),
            _ => {
                let SeOutcome::Rated(r) = got else {
                    panic!("{name} not rated")
                };
                assert!(!r.stuck, "{name}");
                // Elimination-only puzzles need nothing beyond singles on SE's scale.
                if want == "0" {
                    assert!(r.er <= 2.3, "{name}: {r}");
                }
                assert_eq!(r.level(), Level::from_er(r.er));
            }
        }
    }
}
