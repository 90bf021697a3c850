//! Reading HoDoKu's regression cases (`fixtures/reglib-1.3.txt`): a case's candidates and its
//! position. Shared by the reglib test and the `sentences` example.

use nonet_core::{Cell, Digit, DigitSet, PencilMarks, STANDARD};
use nonet_logic::Candidate;

/// Candidates written `<digit><row><col>`, space-separated, sorted and without repeats.
pub fn parse_cands(s: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = s
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            let d = Digit::new(b[0] - b'0').expect("digit");
            let r = (b[1] - b'1') as usize;
            let c = (b[2] - b'1') as usize;
            Candidate::new(Cell::at(r, c), d)
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The position of a case: givens and placed digits, raw candidates, minus the deleted ones.
pub fn position(givens: &str, deleted: &str) -> PencilMarks {
    let digits: Vec<char> = givens.chars().filter(|&c| c != '+').collect();
    assert_eq!(digits.len(), 81, "givens: {givens}");
    let mut pm = PencilMarks::empty();
    for (i, &ch) in digits.iter().enumerate() {
        if let Some(d) = Digit::from_char(ch) {
            pm.set_value(Cell::from_index(i), d);
        }
    }
    for cell in Cell::all() {
        if pm.value(cell).is_none() {
            let seen: DigitSet = STANDARD
                .peers(cell)
                .iter()
                .filter_map(|p| pm.value(p))
                .collect();
            pm.set_candidates(cell, seen.complement());
        }
    }
    for c in parse_cands(deleted) {
        pm.eliminate(c.cell, c.digit);
    }
    pm
}
