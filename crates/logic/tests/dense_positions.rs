//! Positions full of candidates, like those the `logic_steps` fuzz target builds from its
//! input bytes: searches on them must stay bounded and sound.

use nonet_core::PencilMarks;
use nonet_logic::internals::techniques::{als, find_family};
use nonet_logic::internals::Position;
use nonet_logic::Technique;

/// Found by `logic_steps` (the fixture is its pencil-mark grid, where r6c7's lone candidate
/// reads back as a value): the fuzzed position had 888 ALSs, 5.8 million wing triples and
/// 49,522 distinct ALS-XY-Wing steps, which took 1.4 s (release) to list. The search now stops
/// at `als::MAX_STEPS`, and every step it keeps is an edit of the position.
#[test]
fn als_xy_wing_on_a_position_full_of_candidates_stops_at_max_steps() {
    let text = include_str!("fixtures/dense_als_position.txt");
    let pm = PencilMarks::from_pencil_grid(text).expect("fixture parses");
    let pos = Position::new(&pm);
    for technique in [Technique::AlsXyWing, Technique::AlsXz] {
        let steps = find_family(technique, &pos);
        assert!(
            steps.len() <= als::MAX_STEPS,
            "{technique:?}: {}",
            steps.len()
        );
        for step in &steps {
            assert!(!step.eliminations.is_empty());
            for e in &step.eliminations {
                assert!(pm.value(e.cell).is_none() && pm.candidates(e.cell).contains(e.digit));
            }
        }
    }
    assert_eq!(
        find_family(Technique::AlsXyWing, &pos).len(),
        als::MAX_STEPS
    );
}
