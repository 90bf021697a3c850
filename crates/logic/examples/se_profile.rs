//! Where SE's rating loop spends its time on a file, for speed work: the loop of
//! `se::rate_grid_with`, stage by stage (producers 1-20 as one, then each later producer of
//! `SE_ORDER`: static chains, aligned triplets, each chaining level), with calls and wall time
//! per stage, how many chain steps follow another, and the puzzles that take longest
//! (`cargo run --release -p nonet-logic --example se_profile FILE`). Times are noisy on a
//! loaded machine: instruction counts under callgrind are the yardstick.
use std::time::{Duration, Instant};

use nonet_core::Sudoku;
use nonet_logic::internals::se::{self, Grid, Memory, SeProducer, Truth, SE_ORDER};
use nonet_logic::Step;

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(path).expect("readable");
    // Stage 0 is SE's basic producers together; the others are the later ones, in order.
    let later: Vec<SeProducer> = SE_ORDER
        .iter()
        .map(|stage| stage.producer)
        .filter(|p| !p.is_basic())
        .collect();
    let names: Vec<String> = std::iter::once("basic".to_string())
        .chain(later.iter().map(|p| format!("{p:?}")))
        .collect();
    let mut total = vec![Duration::ZERO; names.len()];
    let mut calls = vec![0usize; names.len()];
    let mut per_puzzle: Vec<(Duration, usize)> = Vec::new();
    // Chain steps (no basic hint), and those right after another chain step.
    let (mut chain_steps, mut chain_after_chain) = (0usize, 0usize);
    for (i, line) in text.lines().enumerate() {
        let Some(s) = line.get(..81).and_then(|p| Sudoku::from_line(p).ok()) else {
            continue;
        };
        let t0 = Instant::now();
        let truth = s.unique_solution().map(|sol| Truth::from_solution(&sol));
        let mut g = Grid::from_puzzle(&s.into());
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
            for (k, &producer) in later.iter().enumerate() {
                if h.is_none() {
                    h = stage(k + 1, &mut || se::stage_hint(producer, gr, tr, &mut memory));
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
    for k in 0..names.len() {
        println!(
            "{:>22} {:>6} calls {:>9.1} ms",
            names[k],
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
