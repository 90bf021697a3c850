//! How long a rating can run between two questions to its observer (docs/rating.md, "Stopping
//! a rating"): rates the first `N` puzzles of a file under an observer that never stops and
//! records the longest gap between its calls, which bounds how late a stop is seen. Prints, per
//! puzzle, its time and longest gap, then the worst gap over all
//! (`cargo run --release -p nonet-logic --example stop_latency FILE [N]`).
use std::cell::Cell;
use std::time::{Duration, Instant};

use nonet_core::Sudoku;
use nonet_logic::rate::rate_se_observed;
use nonet_logic::Observer;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file of puzzles");
    let n: usize = args
        .next()
        .map_or(usize::MAX, |a| a.parse().expect("a count"));
    let text = std::fs::read_to_string(path).expect("readable");
    let (mut worst, mut calls_all) = (Duration::ZERO, 0u64);
    for line in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(n)
    {
        let Ok(s) = Sudoku::from_line(&line[..81]) else {
            continue;
        };
        let started = Instant::now();
        let last = Cell::new(started);
        let gap = Cell::new(Duration::ZERO);
        let calls = Cell::new(0u64);
        let check = || {
            let now = Instant::now();
            gap.set(gap.get().max(now - last.get()));
            last.set(now);
            calls.set(calls.get() + 1);
            false
        };
        let r = rate_se_observed(&s.into(), &Observer::new(&check)).expect("never stopped");
        let spent = started.elapsed();
        let gap = gap.get().max(last.get().elapsed());
        worst = worst.max(gap);
        calls_all += calls.get();
        let r = match r {
            nonet_logic::rate::SeOutcome::Rated(r) => r.to_string(),
            other => format!("{other:?}"),
        };
        println!(
            "{} {r} {:.3}s gap {:.1}ms calls {}",
            &line[..81],
            spent.as_secs_f64(),
            gap.as_secs_f64() * 1e3,
            calls.get()
        );
    }
    println!(
        "worst gap {:.1}ms, {calls_all} calls",
        worst.as_secs_f64() * 1e3
    );
}
