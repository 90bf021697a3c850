//! An arbitrary pencil-mark position (values and candidate sets from the input bytes, possibly
//! contradictory) and one technique of the path's order (`path::ORDER`, every technique short
//! of the forcing chains) chosen by byte 162: its search never panics, and every step it finds
//! is sound as an edit: it removes only candidates of open cells that are there, and places only
//! a digit that is a candidate of an open cell.
//!
//! Byte 163 picks the layout: standard, X-Sudoku, Windoku, both, or one of two jigsaws (with or
//! without the diagonals), so every technique is fuzzed on the variants' houses too.
//!
//! One technique per execution, not the path's whole `next_step`: on positions full of
//! candidates the chain and ALS searches cost milliseconds each, and the path asks them all in
//! turn (about 5 executions/s under libFuzzer), too slow for a million runs. Asking each one
//! on its own covers the same code, with all of its steps checked rather than the first.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::{Cell, Digit, DigitSet, Layout, PencilMarks, RegionMap, STANDARD};
use nonet_logic::internals::path::ORDER;
use nonet_logic::internals::Position;
use nonet_logic::internals::techniques;

/// Two connected jigsaw maps (from `shared/puzzles/variants/jigsaw-layouts.txt`).
const JIGSAWS: [&str; 2] = [JIGSAW_A, JIGSAW_B];

const JIGSAW_A: &str =
    "111222223111222233111555333444453336444456666477756666777555999778888999788888999";
const JIGSAW_B: &str =
    "111112222131444222134442255133466665334467755366667558339977758999777858999988888";

/// The layout byte `b` picks.
fn layout(b: u8) -> Layout {
    let jigsaw = |k: usize| Layout::jigsaw(&RegionMap::parse(JIGSAWS[k]).expect("a valid map"));
    match b % 7 {
        0 => STANDARD.clone(),
        1 => STANDARD.with_diagonals(),
        2 => STANDARD.with_windows(),
        3 => STANDARD.with_diagonals().with_windows(),
        4 => jigsaw(0),
        5 => jigsaw(1),
        _ => jigsaw(0).with_diagonals(),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 162 {
        return;
    }
    // The path's own entry point for a technique: its family's search, shared with the
    // techniques found together with it.
    let layout = layout(data.get(163).copied().unwrap_or(0));
    let mut pm = PencilMarks::empty().with_layout(layout);
    for i in 0..81 {
        let cell = Cell::from_index(i);
        let mask = u16::from(data[2 * i]) | (u16::from(data[2 * i + 1] & 1) << 8);
        match Digit::new(data[2 * i + 1] >> 4) {
            Some(d) if data[2 * i + 1] & 2 != 0 => pm.set_value(cell, d),
            _ => pm.set_candidates(cell, DigitSet::from_bits(mask)),
        }
    }
    let technique = ORDER[usize::from(data.get(162).copied().unwrap_or(0)) % ORDER.len()];
    let steps = techniques::find_family(technique, &Position::new(&pm));
    for step in &steps {
        for e in &step.eliminations {
            assert!(
                pm.value(e.cell).is_none() && pm.candidates(e.cell).contains(e.digit),
                "{technique:?}: {step:?}"
            );
        }
        if let Some(p) = step.placement {
            assert!(
                pm.value(p.cell).is_none() && pm.candidates(p.cell).contains(p.digit),
                "{technique:?}: {step:?}"
            );
        }
    }
});
