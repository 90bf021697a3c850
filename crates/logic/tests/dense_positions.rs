//! Positions full of candidates, as the `logic_steps` fuzz target builds them from its input
//! bytes: searches on them must stay bounded and sound.

use nonet_core::{Cell, Digit, DigitSet, PencilMarks};
use nonet_logic::position::Position;
use nonet_logic::technique::Technique;
use nonet_logic::techniques::{als, find_family};

/// The fuzz target's decoding: two bytes per cell, a candidate mask (9 bits) or a value.
fn decode(hex: &str) -> PencilMarks {
    let data: Vec<u8> = (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    let mut pm = PencilMarks::empty();
    for i in 0..81 {
        let cell = Cell::from_index(i);
        let mask = u16::from(data[2 * i]) | (u16::from(data[2 * i + 1] & 1) << 8);
        match Digit::new(data[2 * i + 1] >> 4) {
            Some(d) if data[2 * i + 1] & 2 != 0 => pm.set_value(cell, d),
            _ => pm.set_candidates(cell, DigitSet::from_bits(mask)),
        }
    }
    pm
}

/// Found by `logic_steps`: 888 ALSs, 5.8 million wing triples and 49,522 distinct
/// ALS-XY-Wing steps, which took 1.4 s (release) to list; the search now stops at
/// `als::MAX_STEPS`, and every step it keeps is an edit of this position.
#[test]
fn als_xy_wing_on_a_position_full_of_candidates_stops_at_max_steps() {
    let pm = decode(
        "0affffffffffffffb2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2\
         e6b2b2b2b2b2b2eeff20ffffffffffff00000000ffffffb2a9b2b2b2b2b2b2b2ffffffffffeeeeeeeeffffff\
         ff29ffffff13ffffffff0000000002000000000000000000000000100000000000000000000000000000000\
         0000000000000000000000000000000000000000000000000000000000000a9a9a756565656",
    );
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
