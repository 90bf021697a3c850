//! Prints one real step per technique with its words, as tab-separated lines
//! `Technique<TAB>source<TAB>text<TAB>notation`: the pinned sentences of the `sentences` test
//! and the source of docs/explanations.md
//! (`cargo run -p nonet-logic --example sentences > crates/logic/tests/fixtures/sentences.tsv`).
//!
//! A technique's step is the first of it found, in this order: on the path of its hand-checked
//! exemplar (tests/fixtures/exemplar-steps.txt), among the steps its own finder reports on
//! HoDoKu's regression positions (tests/fixtures/reglib-1.3.txt), then on the paths of the
//! sample sets (SE-rated, magictour, the forum's hardest), then among Sudoku Explainer's rating
//! steps on the same sets, and a guess on the first sample puzzle. The source column names it
//! (tests/support/step_source.rs).
//! Techniques never found are listed last with `-` in every column.
//!
//! With `--markdown BEFORE.tsv` it prints docs/explanations.md's table instead: per technique
//! its step's source, the sentence in BEFORE.tsv (this example's output on an earlier
//! version) and the sentence and notation now.

use std::collections::BTreeMap;

use nonet_core::Sudoku;
use nonet_logic::internals::techniques::find;
use nonet_logic::internals::Position;
use nonet_logic::{Step, Teacher, Technique};

#[path = "../tests/support/step_source.rs"]
#[allow(dead_code)]
mod step_source;

const EXEMPLARS: &str = include_str!("../tests/fixtures/exemplar-steps.txt");
const SETS: [&str; 3] = [
    include_str!("../tests/fixtures/sample-se-rated.txt"),
    include_str!("../tests/fixtures/sample-magictour-top1465.txt"),
    include_str!("../tests/fixtures/sample-forum-hardest-1905-11plus.txt"),
];

/// The puzzles of the sample sets.
fn sample_puzzles() -> impl Iterator<Item = &'static str> {
    SETS.into_iter().flat_map(|set| {
        set.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| &l[..81])
            .filter(|p| Sudoku::from_line(p).is_ok())
    })
}

fn main() {
    let index = |t: Technique| Technique::all().position(|u| u == t).expect("listed");
    let mut found: BTreeMap<usize, (Technique, String, Step)> = BTreeMap::new();
    let mut keep = |s: &Step, src: String| {
        found
            .entry(index(s.technique))
            .or_insert_with(|| (s.technique, src, s.clone()));
    };
    for line in EXEMPLARS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let sudoku = Sudoku::from_line(f[2]).expect("puzzle");
        let path = Teacher::new().path(&sudoku.into()).expect("path");
        if let Some(s) = path
            .steps
            .iter()
            .find(|s| format!("{:?}", s.technique) == f[1])
        {
            keep(s, format!("exemplar {}", f[2]));
        }
    }
    for (n, line) in step_source::REGLIB.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        let pm = step_source::reglib_case::position(f[3], f[4]);
        let pos = Position::new(&pm);
        for t in Technique::all() {
            // The first step per technique: what `step_source::on_reglib_line` finds again.
            if let Some(s) = find(t, &pos).first() {
                keep(s, format!("reglib {}", n + 1));
            }
        }
    }
    for p in sample_puzzles() {
        if let Ok(path) = Teacher::new().path(&Sudoku::from_line(p).expect("read").into()) {
            for s in &path.steps {
                keep(s, format!("path {p}"));
            }
        }
    }
    // Sudoku Explainer's own techniques (direct intersections, unique loops, BUG types,
    // forcing X/Y chains...) come only from its rating steps.
    for p in sample_puzzles() {
        for s in nonet_logic::rate::se_steps(&Sudoku::from_line(p).expect("read").into()) {
            keep(&s, format!("se {p}"));
        }
    }
    // A guess: no path of the sets needs one any more, so a teacher allowed no technique.
    // (Among two or more candidates: a cell with one would be a naked single.)
    let guess = sample_puzzles().find_map(|p| {
        step_source::guessed(p)
            .filter(|s| s.pattern.len() > 1)
            .map(|s| (p, s))
    });
    if let Some((p, s)) = guess {
        keep(&s, format!("guess {p}"));
    }
    let before = std::env::args().skip_while(|a| a != "--markdown").nth(1);
    let Some(before) = before else {
        for (t, src, s) in found.values() {
            let notation = s.notation().unwrap_or_default();
            println!(
                "{t:?}\t{src}\t{}\t{notation}",
                s.explanation(&nonet_core::STANDARD)
            );
        }
        for t in Technique::all() {
            if !found.contains_key(&index(t)) {
                println!("{t:?}\t-\t-\t-");
            }
        }
        return;
    };
    let before = std::fs::read_to_string(&before).expect("a readable BEFORE.tsv");
    let old = |t: Technique| {
        before
            .lines()
            .find(|l| l.split('\t').next() == Some(format!("{t:?}").as_str()))
            .and_then(|l| l.split('\t').nth(2))
            .filter(|s| *s != "-")
            .unwrap_or("(not collected: the name and the effect only)")
            .to_string()
    };
    // A table cell: no line breaks, and `|` escaped.
    let cell = |s: &str| s.replace('|', "\\|");
    println!("| Technique | Step from | Before | After |");
    println!("|---|---|---|---|");
    for t in Technique::all() {
        let Some((_, src, s)) = found.get(&index(t)) else {
            println!("| {} | - | {} | (no step found) |", t.name(), cell(&old(t)));
            continue;
        };
        let (kind, arg) = src.split_once(' ').unwrap_or((src.as_str(), ""));
        let from = match kind {
            "reglib" => format!("reglib line {arg}"),
            _ => format!("{kind} `{arg}`"),
        };
        let after = match s.notation() {
            Some(n) => format!("{}<br>`{}`", s.explanation(&nonet_core::STANDARD), n),
            None => s.explanation(&nonet_core::STANDARD),
        };
        println!(
            "| {} | {from} | {} | {} |",
            t.name(),
            cell(&old(t)),
            cell(&after)
        );
    }
}
