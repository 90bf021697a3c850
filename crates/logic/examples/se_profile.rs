//! Where SE's rating loop spends its time on a file, for speed work: the loop of
//! `se::rate_grid_with`, stage by stage (producers 1-20, #21, #22, then each chaining level),
//! with calls and wall time per stage, how many chain steps follow another, and the puzzles
//! that take longest (`cargo run --release -p nonet-logic --example se_profile FILE`). Times
//! are noisy on a loaded machine: instruction counts under callgrind are the yardstick.
use std::time::{Duration, Instant};

use nonet_core::Sudoku;
use nonet_logic::internals::chains::{self, ChainLevel};
use nonet_logic::internals::se::{self, Grid, Memory, Truth};
use nonet_logic::Step;

const NAMES: [&str; 9] = [
    "basic", "static", "triplet", "nishio", "multiple", "dynamic", "dyn+", "nested2", "nested3+",
];

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(path).expect("readable");
    let mut total = [Duration::ZERO; 9];
    let mut calls = [0usize; 9];
    let mut per_puzzle: Vec<(Duration, usize)> = Vec::new();
    // Chain steps (no basic hint), and those right after another chain step.
    let (mut chain_steps, mut chain_after_chain) = (0usize, 0usize);
    for (i, line) in text.lines().enumerate() {
        let Some(s) = line.get(..81).and_then(|p| Sudoku::from_line(p).ok()) else {
            continue;
        };
        let t0 = Instant::now();
        let truth = s.unique_solution().map(|sol| Truth::from_solution(&sol));
        let mut g = Grid::from_sudoku(&s);
        let mut memory = Memory::new();
        let mut prev_chain = false;
        while !g.is_full() {
            let mut stage = |k: usize, f: &mut dyn FnMut() -> Option<Step>| {
                let t = Instant::now();
                let r = f();
                total[k] += t.elapsed();
                calls[k] += 1;
                r
            };
            let gr = &g;
            let tr = truth.as_ref().filter(|t| t.fits(gr));
            let mut h = stage(0, &mut || se::next_basic_hint(gr, &mut memory));
            let is_chain = h.is_none();
            if h.is_none() {
                h = stage(1, &mut || {
                    chains::se_static_chains_with(gr, tr, &mut memory)
                });
            }
            if h.is_none() {
                h = stage(2, &mut || memory.aligned_triplet(gr));
            }
            for (k, level) in [
                (3, ChainLevel::Nishio),
                (4, ChainLevel::Multiple),
                (5, ChainLevel::Dynamic),
                (6, ChainLevel::DynamicPlus),
                (7, ChainLevel::Nested(2)),
                (8, ChainLevel::Nested(3)),
                (8, ChainLevel::Nested(4)),
                (8, ChainLevel::Nested(5)),
            ] {
                if h.is_none() {
                    h = stage(k, &mut || {
                        chains::se_chains_with(gr, level, tr, &mut memory)
                    });
                }
            }
            let Some(h) = h else { break };
            if is_chain {
                chain_steps += 1;
                chain_after_chain += prev_chain as usize;
            }
            prev_chain = is_chain;
            g.apply(&h);
        }
        per_puzzle.push((t0.elapsed(), i));
    }
    for k in 0..NAMES.len() {
        println!(
            "{:>9} {:>6} calls {:>9.1} ms",
            NAMES[k],
            calls[k],
            total[k].as_secs_f64() * 1e3
        );
    }
    println!("chain steps {chain_steps}, right after another chain step {chain_after_chain}");
    per_puzzle.sort();
    per_puzzle.reverse();
    let all: Duration = per_puzzle.iter().map(|x| x.0).sum();
    println!("all {:.1} ms", all.as_secs_f64() * 1e3);
    let mut acc = Duration::ZERO;
    for (n, (d, i)) in per_puzzle.iter().enumerate().take(20) {
        acc += *d;
        println!(
            "line {}: {:.2} ms (top {} = {:.0}%)",
            i + 1,
            d.as_secs_f64() * 1e3,
            n + 1,
            100.0 * acc.as_secs_f64() / all.as_secs_f64()
        );
    }
}
