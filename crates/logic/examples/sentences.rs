//! Prints one real step per technique with its words, as tab-separated lines
//! `Technique<TAB>source<TAB>text<TAB>notation`: the source of docs/explanations.md
//! (`cargo run -p nonet-logic --example sentences > after.tsv`).
//!
//! A technique's step is the first of it found, in this order: on the path of its hand-checked
//! exemplar (tests/fixtures/exemplar-steps.txt), among the steps its own finder reports on
//! HoDoKu's regression positions (tests/fixtures/reglib-1.3.txt), then on the paths of the
//! sample sets (SE-rated, magictour, the forum's hardest), then among Sudoku Explainer's rating
//! steps on the same sets. Techniques never found are listed last with `-` in every column.

use std::collections::BTreeMap;

use nonet_core::Sudoku;
use nonet_logic::path::{solve_path, PathOptions};
use nonet_logic::position::Position;
use nonet_logic::techniques::find;
use nonet_logic::{Step, Technique};

const EXEMPLARS: &str = include_str!("../tests/fixtures/exemplar-steps.txt");
const REGLIB: &str = include_str!("../tests/fixtures/reglib-1.3.txt");
const SETS: [&str; 3] = [
    include_str!("../tests/fixtures/sample-se-rated.txt"),
    include_str!("../tests/fixtures/sample-magictour-top1465.txt"),
    include_str!("../tests/fixtures/sample-forum-hardest-1905-11plus.txt"),
];

#[path = "../tests/support/reglib_case.rs"]
#[allow(dead_code)]
mod reglib_case;

fn main() {
    let mut found: BTreeMap<usize, (Technique, String, Step)> = BTreeMap::new();
    let index = |t: Technique| Technique::all().position(|u| u == t).expect("listed");
    let keep = |found: &mut BTreeMap<usize, (Technique, String, Step)>, s: &Step, src: &str| {
        found
            .entry(index(s.technique))
            .or_insert_with(|| (s.technique, src.to_string(), s.clone()));
    };
    for line in EXEMPLARS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let sudoku = Sudoku::from_line(f[2]).expect("puzzle");
        let path = solve_path(&sudoku, &PathOptions::default()).expect("path");
        if let Some(s) = path
            .steps
            .iter()
            .find(|s| format!("{:?}", s.technique) == f[1])
        {
            keep(&mut found, s, &format!("exemplar {}", f[0]));
        }
    }
    for (n, line) in REGLIB.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        let pm = reglib_case::position(f[3], f[4]);
        let pos = Position::new(&pm);
        for t in Technique::all() {
            if !found.contains_key(&index(t)) {
                if let Some(s) = find(t, &pos).first() {
                    keep(&mut found, s, &format!("reglib line {}", n + 1));
                }
            }
        }
    }
    for set in SETS {
        for line in set.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')) {
            let Ok(sudoku) = Sudoku::from_line(&line[..81]) else {
                continue;
            };
            let Ok(path) = solve_path(&sudoku, &PathOptions::default()) else {
                continue;
            };
            for s in &path.steps {
                keep(&mut found, s, &format!("path of {}", &line[..81]));
            }
        }
    }
    // Sudoku Explainer's own techniques (direct intersections, unique loops, BUG types,
    // forcing X/Y chains...) come only from its rating steps.
    for set in SETS {
        for line in set.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')) {
            let Ok(sudoku) = Sudoku::from_line(&line[..81]) else {
                continue;
            };
            for s in nonet_logic::rate::se_steps(&sudoku) {
                keep(&mut found, &s, &format!("SE rating of {}", &line[..81]));
            }
        }
    }
    for (t, src, s) in found.values() {
        let notation = s.notation().unwrap_or_default();
        println!("{t:?}\t{src}\t{}\t{notation}", s.explanation());
    }
    for t in Technique::all() {
        if !found.contains_key(&index(t)) {
            println!("{t:?}\t-\t-\t-");
        }
    }
}
