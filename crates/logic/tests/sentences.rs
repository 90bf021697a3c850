//! Every technique's sentence, pinned on a real step.
//!
//! `fixtures/sentences.tsv` lists per technique where a real step of it comes from (a shared
//! vector: a HoDoKu exemplar's path, a reglib position, a sample set's path or SE rating; see
//! `support/step_source.rs`), its plain sentence and its notation, as the `sentences` example
//! prints them. The test finds each step again and compares its words, so a wording change
//! shows up here line by line (regenerate the file with the example, and read the diff). The
//! steps from the shared technique vectors and those from the sample sets' hard puzzles
//! (forcing chains, SE's own steps) are checked apart.

use nonet_logic::Technique;

#[path = "support/step_source.rs"]
mod step_source;

const TABLE: &str = include_str!("fixtures/sentences.tsv");

/// Checks the table's lines whose source kind `wanted` accepts; returns how many it checked.
fn check(wanted: impl Fn(&str) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in TABLE.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "four columns: {line}");
        let (name, source, text, notation) = (f[0], f[1], f[2], f[3]);
        let kind = source.split(' ').next().unwrap_or_default();
        if source == "-" || !wanted(kind) {
            continue;
        }
        let t = Technique::all()
            .find(|t| format!("{t:?}") == name)
            .unwrap_or_else(|| panic!("unknown technique {name}"));
        let Some(step) = step_source::step_from(source, t) else {
            failures.push(format!("{name}: no step from {source}"));
            continue;
        };
        checked += 1;
        let got = step.explanation(&nonet_core::STANDARD);
        if got != text {
            failures.push(format!("{name}:\n  want {text}\n  got  {got}"));
        }
        let got = step.notation().unwrap_or_default();
        if got != notation {
            failures.push(format!("{name} notation:\n  want {notation}\n  got  {got}"));
        }
        // Plain words: the conclusion first, the technique named, none of the old phrasing.
        assert!(
            text.contains(t.name()),
            "{name}: the sentence names it: {text}"
        );
        assert!(!text.contains(" leaves r"), "{name}: {text}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn every_technique_has_a_row_and_most_a_real_step() {
    let names: Vec<&str> = TABLE
        .lines()
        .map(|l| l.split('\t').next().unwrap_or_default())
        .collect();
    for t in Technique::all() {
        assert!(
            names.contains(&format!("{t:?}").as_str()),
            "{t:?} has no row"
        );
    }
    let with_step = TABLE.lines().filter(|l| !l.contains("\t-\t")).count();
    assert!(
        with_step >= 70,
        "only {with_step} techniques have a real step"
    );
}

#[test]
fn sentences_on_the_shared_technique_vectors_are_as_pinned() {
    let n = check(|kind| kind == "exemplar" || kind == "reglib");
    assert!(n >= 50, "only {n} steps checked");
}

#[test]
fn sentences_on_the_sample_sets_are_as_pinned() {
    let n = check(|kind| kind == "path" || kind == "se");
    assert!(n >= 10, "only {n} steps checked");
}
