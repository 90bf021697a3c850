//! Technique targets and band spreads, checked from outside with nonet-logic's own teacher and
//! rater: a technique puzzle's easiest-first path has one of the techniques asked for as its
//! hardest step (by the teacher's order), a drill's next step is that technique, the other
//! options still hold, rare and impossible targets are refused or give up by count; a band's
//! puzzles spread over it rather than bunching at its top.

use std::collections::BTreeMap;

use nonet_core::{Cell, Puzzle, Variant};
use nonet_generate::{
    is_minimal, GenerateError, GenerateOptions, Generator, Level, Symmetry, Target, Technique,
};
use nonet_logic::rate::{rate_se, SeOutcome};
use nonet_logic::Teacher;

fn generator(options: GenerateOptions) -> Generator {
    Generator::new(options).expect("valid options")
}

/// The hardest step's technique of the full teacher's path (by the teacher's order), which
/// must solve `puzzle` without a guess.
fn hardest(puzzle: &Puzzle, teacher: &Teacher) -> Technique {
    let path = teacher.path(puzzle).expect("a path");
    assert!(path.is_solved() && !path.has_guess(), "{puzzle:?}");
    let order = Teacher::techniques();
    let rank = |t: Technique| order.iter().position(|&o| o == t).expect("in the order");
    path.steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|&t| rank(t))
        .expect("a step")
}

mod techniques {
    use super::*;

    #[test]
    fn each_puzzles_hardest_step_is_the_technique_asked_for() {
        for t in [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::Pointing,
            Technique::NakedPair,
            Technique::XWing,
            Technique::Skyscraper,
            Technique::XYWing,
            Technique::UniqueRectangle1,
            Technique::XYChain,
            Technique::AlsXz,
        ] {
            let g = generator(GenerateOptions {
                techniques: vec![t],
                ..GenerateOptions::default()
            });
            for i in 0..3 {
                let out = g.generate_nth(1, i).unwrap();
                assert_eq!(out.technique, Some(t));
                assert_eq!(
                    hardest(&out.puzzle.into(), &Teacher::new()),
                    t,
                    "{}",
                    out.puzzle
                );
                assert!(out.puzzle.has_unique_solution());
            }
        }
    }

    #[test]
    fn with_several_techniques_the_hardest_step_is_one_of_them() {
        let asked = [Technique::HiddenPair, Technique::WWing];
        let g = generator(GenerateOptions {
            techniques: asked.to_vec(),
            ..GenerateOptions::default()
        });
        for i in 0..4 {
            let out = g.generate_nth(2, i).unwrap();
            let h = hardest(&out.puzzle.into(), &Teacher::new());
            assert!(asked.contains(&h), "{}: {h:?}", out.puzzle);
            assert_eq!(out.technique, Some(h));
        }
    }

    #[test]
    fn a_drills_next_step_is_the_first_step_of_the_technique() {
        let g = generator(GenerateOptions {
            techniques: vec![Technique::XWing, Technique::XYZWing],
            at_start: true,
            ..GenerateOptions::default()
        });
        for i in 0..3 {
            let out = g.generate_nth(3, i).unwrap();
            let drill = out.drill.expect("a drill");
            let teacher = Teacher::new();
            let next = teacher
                .next_step(&drill.position, Some(&out.solution))
                .expect("a step");
            assert_eq!(next, drill.step);
            assert!([Technique::XWing, Technique::XYZWing].contains(&next.technique));
            // The path from the puzzle reaches it after `index` steps, none of them of it.
            let path = teacher.path(&out.puzzle.into()).unwrap();
            assert_eq!(path.steps[drill.index], drill.step);
            assert!(path.steps[..drill.index]
                .iter()
                .all(|s| s.technique != next.technique));
            // Read back from the pencil-mark grid it is printed as, it is the same position.
            let text = drill.position.to_pencil_grid();
            assert_eq!(
                nonet_core::PencilMarks::from_pencil_grid(&text).unwrap(),
                drill.position
            );
        }
    }

    #[test]
    fn symmetry_minimality_and_variants_hold_with_a_technique() {
        let g = generator(GenerateOptions {
            techniques: vec![Technique::NakedPair],
            symmetry: Symmetry::Rot180,
            minimal: true,
            ..GenerateOptions::default()
        });
        for i in 0..2 {
            let out = g.generate_nth(5, i).unwrap();
            let p = out.puzzle;
            for c in Cell::all() {
                let mirror = Cell::from_index(80 - c.index());
                assert_eq!(p.get(c).is_some(), p.get(mirror).is_some(), "{p}");
            }
            assert!(is_minimal(&out.to_puzzle()), "{p}");
            assert_eq!(
                hardest(&out.to_puzzle(), &Teacher::new()),
                Technique::NakedPair
            );
        }
        let windoku = Variant {
            windows: true,
            ..Variant::STANDARD
        };
        let g = generator(GenerateOptions {
            techniques: vec![Technique::Claiming],
            variant: windoku,
            ..GenerateOptions::default()
        });
        let out = g.generate_nth(6, 0).unwrap();
        let layout = out.layout();
        assert_eq!(
            Puzzle::new(out.puzzle, layout.clone()).count_solutions(2),
            1
        );
        let teacher = Teacher::new();
        assert_eq!(hardest(&out.to_puzzle(), &teacher), Technique::Claiming);
    }

    #[test]
    fn too_rare_and_impossible_techniques_are_refused_up_front() {
        let x = Variant {
            diagonals: true,
            ..Variant::STANDARD
        };
        for (techniques, variant, says) in [
            (vec![Technique::Jellyfish], Variant::STANDARD, "too rare"),
            // On the path since it reaches SE's nested levels: refused, not dug for in vain.
            (
                vec![Technique::NestedForcingChain],
                Variant::STANDARD,
                "too rare",
            ),
            (vec![Technique::TrialAndError], Variant::STANDARD, "guess"),
            (
                vec![Technique::DirectClaiming],
                Variant::STANDARD,
                "rating only",
            ),
            (vec![Technique::CellForcingChain], x, "standard houses"),
        ] {
            let err = Generator::new(GenerateOptions {
                techniques,
                variant,
                ..GenerateOptions::default()
            })
            .unwrap_err();
            assert!(matches!(err, GenerateError::Impossible(_)), "{err}");
            assert!(err.to_string().contains(says), "{err}");
        }
        let err = Generator::new(GenerateOptions {
            at_start: true,
            ..GenerateOptions::default()
        })
        .unwrap_err();
        assert!(err.to_string().contains("technique"), "{err}");
    }

    #[test]
    fn a_technique_target_gives_up_by_count_naming_the_technique() {
        // A level whose band the technique's puzzles never reach: every attempt fails.
        let g = generator(GenerateOptions {
            techniques: vec![Technique::XWing],
            target: Target {
                level: Some(Level::Easy),
                ..Target::default()
            },
            max_attempts: Some(20),
            ..GenerateOptions::default()
        });
        let err = g.generate(1).unwrap_err();
        assert!(
            matches!(err, GenerateError::GaveUp { attempts: 20, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("technique X-Wing"), "{err}");
    }
}

mod spread {
    use super::*;

    /// The ER (in tenths) of `count` puzzles of run seed 1 for `target`, counted by value.
    fn ers(target: Target, count: u64) -> BTreeMap<i64, u64> {
        let g = generator(GenerateOptions {
            target,
            ..GenerateOptions::default()
        });
        let mut out = BTreeMap::new();
        for i in 0..count {
            let p = g.generate_nth(1, i).unwrap().puzzle;
            let SeOutcome::Rated(r) = rate_se(&p.into()).unwrap() else {
                panic!("{p} unrated")
            };
            *out.entry((r.er * 10.0).round() as i64).or_default() += 1;
        }
        out
    }

    /// No ER value holds more than a third of the puzzles, and they stay in the band.
    fn assert_spread(ers: &BTreeMap<i64, u64>, count: u64, (lo, hi): (i64, i64)) {
        assert_eq!(ers.values().sum::<u64>(), count);
        assert!(
            ers.keys().all(|er| (lo..=hi).contains(er)),
            "outside {lo}..{hi}: {ers:?}"
        );
        let most = ers.values().max().copied().unwrap_or(0);
        assert!(
            3 * most <= count,
            "one value holds {most} of {count}: {ers:?}"
        );
    }

    fn level(level: Level) -> Target {
        Target {
            level: Some(level),
            ..Target::default()
        }
    }

    #[test]
    fn sixty_hard_and_medium_puzzles_spread_over_their_band() {
        assert_spread(&ers(level(Level::Hard), 60), 60, (27, 45));
        assert_spread(&ers(level(Level::Medium), 60), 60, (16, 26));
    }

    /// Issue 24's check (seconds of CPU in an optimised test build; largest share 17 of 60).
    #[test]
    #[ignore = "slow: 60 expert puzzles"]
    fn sixty_expert_puzzles_spread_over_the_band() {
        assert_spread(&ers(level(Level::Expert), 60), 60, (46, 66));
    }

    /// Issue 24's check for the top of the scale (minutes; largest share 19 of 60: the climb
    /// reaches 9.1-9.3, and a puzzle whose parts all failed takes the best puzzle of the band
    /// found on the way, docs/generator.md, "Spread within a band").
    #[test]
    #[ignore = "slow: 60 puzzles of ER 9.0-9.9 (minutes)"]
    fn sixty_puzzles_of_er_9_spread_over_the_band() {
        let t = Target {
            se: Some((9.0, 9.9)),
            ..Target::default()
        };
        assert_spread(&ers(t, 60), 60, (90, 99));
    }
}
