//! An arbitrary pencil-mark position (values and candidate sets from the input bytes, possibly
//! contradictory) and one technique of the path's order (`path::ORDER`, every technique short
//! of the forcing chains) chosen by byte 162: its search never panics, and every step it finds
//! is sound as an edit: it removes only candidates of open cells that are there, and places only
//! a digit that is a candidate of an open cell.
//!
//! One technique per execution, not the path's whole `next_step`: on positions full of
//! candidates the chain and ALS searches cost milliseconds each, and the path asks them all in
//! turn (about 5 executions/s under libFuzzer), too slow for a million runs. Asking each one
//! on its own covers the same code, with all of its steps checked rather than the first.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::{Cell, Digit, DigitSet, PencilMarks};
use nonet_logic::path::ORDER;
use nonet_logic::position::Position;
use nonet_logic::techniques;

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
    let technique = ORDER[usize::from(data.get(162).copied().unwrap_or(0)) % ORDER.len()];
    // The path's own entry point for a technique: its family's search, shared with the
    // techniques found together with it.
    let steps = techniques::find_family(technique, &Position::new(&pm));
    for step in &steps {
        for e in &step.eliminations {
            assert!(
                pm.value(e.cell).is_none() && pm.candidates(e.cell).contains(e.digit),
                "{technique:?}: {step:?}"
            );
        }
        for p in &step.placements {
            assert!(
                pm.value(p.cell).is_none() && pm.candidates(p.cell).contains(p.digit),
                "{technique:?}: {step:?}"
            );
        }
    }
});
