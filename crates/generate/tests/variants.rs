//! The generator on the variants' layouts (jigsaw, X-Sudoku, Windoku and combinations), checked
//! from outside with nonet-core's own count on each puzzle's layout as the oracle: every puzzle
//! unique there, `minimal` minimal there, symmetries kept, region maps valid (nine connected
//! regions of nine) and reproducible from the seed, and what variants cannot do yet refused.
//! A cheap sample always runs; `-- --ignored` runs a hundred puzzles of each variant.

use nonet_core::{Cell, CellSet, Layout, Puzzle, RegionMap, Sudoku, Variant};
use nonet_generate::{
    is_minimal, GenerateError, GenerateOptions, Generated, Generator, Level, Symmetry, Target,
};
use nonet_logic::rate::{rate_classic, rate_se, ClassicRating, SeOutcome};

fn variant(text: &str) -> Variant {
    text.parse().expect("a variant")
}

fn generator(text: &str, symmetry: Symmetry, minimal: bool) -> Generator {
    Generator::new(GenerateOptions {
        variant: variant(text),
        symmetry,
        minimal,
        ..GenerateOptions::default()
    })
    .expect("valid options")
}

fn givens(p: &Sudoku) -> CellSet {
    Cell::all().filter(|&c| p.get(c).is_some()).collect()
}

/// What every generated puzzle promises, by nonet-core's count on its layout (no shortcut).
fn check(g: &Generated, v: Variant, minimal: bool) {
    let layout = &g.layout();
    assert_eq!(Variant::of(layout), v, "{layout:?}");
    assert_eq!(
        Puzzle::new(g.puzzle, layout.clone()).count_solutions(2),
        1,
        "{}",
        g.puzzle
    );
    assert!(g.solution.is_full() && Puzzle::new(g.solution, layout.clone()).check().is_ok());
    assert!(Cell::all().all(|c| g.puzzle.get(c).is_none_or(|d| g.solution.get(c) == Some(d))));
    if let Some(map) = layout.region_map() {
        // Nine connected regions of nine cells, by nonet-core's reading of the map.
        assert_eq!(RegionMap::parse(&map.to_line()).as_ref(), Ok(&map));
    }
    if minimal {
        for c in Cell::all().filter(|&c| g.puzzle.get(c).is_some()) {
            let mut q = g.puzzle;
            q.set(c, None);
            assert_eq!(
                Puzzle::new(q, layout.clone()).count_solutions(2),
                2,
                "{} without {c}",
                g.puzzle
            );
        }
    }
}

const VARIANTS: [&str; 5] = ["jigsaw", "x", "windoku", "x,windoku", "jigsaw,x,windoku"];

#[test]
fn every_variant_gives_unique_puzzles_on_its_layout() {
    for v in VARIANTS {
        let g = generator(v, Symmetry::None, false);
        for i in 0..4 {
            check(&g.generate_nth(5, i).unwrap(), variant(v), false);
        }
    }
}

#[test]
fn minimal_is_minimal_on_the_layout() {
    for v in ["jigsaw", "x", "windoku"] {
        let g = generator(v, Symmetry::Rot180, true);
        for i in 0..2 {
            let p = g.generate_nth(8, i).unwrap();
            check(&p, variant(v), true);
            assert!(is_minimal(&Puzzle::new(p.puzzle, p.layout())));
            assert!(Symmetry::Rot180.holds_for(givens(&p.puzzle)));
        }
    }
}

#[test]
fn a_clue_added_to_a_minimal_puzzle_is_not_minimal() {
    let g = generator("x", Symmetry::None, true);
    let p = g.generate_nth(3, 0).unwrap();
    assert!(is_minimal(&Puzzle::new(p.puzzle, p.layout())));
    let empty = Cell::all().find(|&c| p.puzzle.get(c).is_none()).unwrap();
    let mut more = p.puzzle;
    more.set(empty, p.solution.get(empty));
    assert!(!is_minimal(&Puzzle::new(more, p.layout())));
    // Nor is a puzzle that is not unique on the layout.
    let mut fewer = p.puzzle;
    let given = Cell::all().find(|&c| p.puzzle.get(c).is_some()).unwrap();
    fewer.set(given, None);
    assert!(!is_minimal(&Puzzle::new(fewer, p.layout())));
}

#[test]
fn symmetries_are_kept_on_every_variant() {
    for (v, sym) in [
        ("x", Symmetry::Rot90),
        ("windoku", Symmetry::Mirror4),
        ("jigsaw", Symmetry::Rot180),
        ("jigsaw", Symmetry::Diagonal),
        ("jigsaw,x", Symmetry::Mirror),
    ] {
        let g = generator(v, sym, false);
        for i in 0..2 {
            let p = g.generate_nth(11, i).unwrap();
            check(&p, variant(v), false);
            assert!(sym.holds_for(givens(&p.puzzle)), "{v} {sym}: {}", p.puzzle);
            // A jigsaw's regions have the symmetry of its givens.
            assert!(sym.keeps(&p.layout()), "{v} {sym}: {:?}", p.regions);
        }
    }
}

#[test]
fn same_seed_same_puzzle_and_map() {
    let g = generator("jigsaw", Symmetry::None, true);
    let a: Vec<Generated> = (0..3).map(|i| g.generate_nth(21, i).unwrap()).collect();
    let b: Vec<Generated> = (0..3)
        .rev()
        .map(|i| g.generate_nth(21, i).unwrap())
        .collect();
    assert!(a.iter().eq(b.iter().rev()));
    // Each puzzle has its own map.
    assert_ne!(a[0].regions, a[1].regions);
}

#[test]
fn a_fixed_map_is_every_puzzle_s_map() {
    let map = RegionMap::parse(
        "AAAAAAAABACCCCCDBBCCEEDDDBBCCFEEDDBBGGFFEDDBBGGFFEEDHHGGFFFEEHHGGFHHHHHIGIIIIIIII",
    );
    // That one admits no grid at all: refused at once, not searched forever.
    let refused = Generator::new(GenerateOptions {
        variant: variant("jigsaw"),
        regions: Some(map.unwrap()),
        ..GenerateOptions::default()
    });
    assert!(
        matches!(refused, Err(GenerateError::Impossible(_))),
        "{refused:?}"
    );

    let map = RegionMap::parse(
        "111222223111222233111555333444453336444456666477756666777555999778888999788888999",
    )
    .unwrap();
    let g = Generator::new(GenerateOptions {
        variant: variant("jigsaw,x"),
        regions: Some(map.clone()),
        symmetry: Symmetry::Rot180,
        ..GenerateOptions::default()
    })
    .unwrap();
    let layout = Layout::jigsaw(&map).with_diagonals();
    for i in 0..3 {
        let p = g.generate_nth(2, i).unwrap();
        assert_eq!(p.layout(), layout);
        check(&p, variant("jigsaw,x"), false);
    }
    // Its regions have no mirror symmetry: a mirrored pattern of givens is refused.
    let mirrored = Generator::new(GenerateOptions {
        variant: variant("jigsaw"),
        regions: Some(map),
        symmetry: Symmetry::Mirror,
        ..GenerateOptions::default()
    });
    assert!(
        matches!(mirrored, Err(GenerateError::Impossible(_))),
        "{mirrored:?}"
    );
}

#[test]
fn difficulty_targets_on_variants_meet_the_rating_over_their_houses() {
    for (v, target) in [
        (
            "x",
            Target {
                level: Some(Level::Easy),
                ..Target::default()
            },
        ),
        (
            "jigsaw",
            Target {
                se: Some((2.0, 4.0)),
                ..Target::default()
            },
        ),
        (
            "windoku",
            Target {
                classic: Some(3),
                ..Target::default()
            },
        ),
    ] {
        let g = Generator::new(GenerateOptions {
            variant: variant(v),
            target,
            ..GenerateOptions::default()
        })
        .unwrap();
        for seed in 0..3 {
            let made = g.generate(seed).unwrap();
            let r = made.rating.expect("a target rates its puzzles");
            // The rating is `nonet rate --variant`'s, and meets the target.
            let SeOutcome::Rated(se) = rate_se(&made.to_puzzle()).unwrap() else {
                panic!("{v}: not unique on its layout");
            };
            assert_eq!(se.er, r.er, "{v}");
            if let Some(level) = target.level {
                assert_eq!(se.level(), level, "{v}");
            }
            if let Some((lo, hi)) = target.se {
                assert!((lo..=hi).contains(&se.er), "{v}: ER {}", se.er);
            }
            if target.classic == Some(3) {
                assert_eq!(
                    rate_classic(&made.to_puzzle()),
                    Ok(ClassicRating::NakedPairs),
                    "{v}"
                );
            }
        }
    }
    // A region map without a jigsaw is a contradiction.
    let r = Generator::new(GenerateOptions {
        variant: variant("x"),
        regions: Some(RegionMap::boxes()),
        ..GenerateOptions::default()
    });
    assert!(matches!(r, Err(GenerateError::Impossible(_))), "{r:?}");
}

#[test]
#[ignore = "a hundred puzzles of each variant, minimal: a minute or more"]
fn a_hundred_of_each_variant() {
    for v in VARIANTS {
        let g = generator(v, Symmetry::None, true);
        let mut seen = std::collections::HashSet::new();
        for i in 0..100 {
            let p = g.generate_nth(1, i).unwrap();
            check(&p, variant(v), true);
            seen.insert(p.puzzle);
        }
        assert_eq!(seen.len(), 100, "{v}");
    }
}
