//! An arbitrary pencil-mark position (values and candidate sets from the input bytes, possibly
//! contradictory): asking the logical solver for its next step never panics, and a step it
//! offers (any technique short of forcing chains) only removes candidates that are there and places digits that are candidates.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::{Cell, Digit, DigitSet, PencilMarks};
use nonet_logic::path::{next_step, PathOptions, ORDER};

fuzz_target!(|data: &[u8]| {
    if data.len() < 162 {
        return;
    }
    let mut pm = PencilMarks::empty();
    for i in 0..81 {
        let cell = Cell::from_index(i);
        let mask = u16::from(data[2 * i]) | (u16::from(data[2 * i + 1] & 1) << 8);
        match Digit::new(data[2 * i + 1] >> 4) {
            Some(d) if data[2 * i + 1] & 2 != 0 => pm.set_value(cell, d),
            _ => pm.set_candidates(cell, DigitSet::from_bits(mask)),
        }
    }
    // Every technique but the forcing chains: those search nets over the whole grid and, on
    // positions full of candidates, are too slow for a million runs (see README, Fuzzing).
    let opts = PathOptions {
        techniques: Some(ORDER.to_vec()),
        ..PathOptions::default()
    };
    if let Some(step) = next_step(&pm, &opts) {
        for e in &step.eliminations {
            assert!(pm.candidates(e.cell).contains(e.digit), "{step:?}");
        }
        for p in &step.placements {
            assert!(pm.value(p.cell).is_none(), "{step:?}");
        }
    }
});
