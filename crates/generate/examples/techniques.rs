//! Times technique-targeted generation, one thread:
//! `cargo run --release -p nonet-generate --example techniques -- [count] [seconds] [CODE...]`.
//! For each technique the teacher's path can use (or those named), makes `count` puzzles of run
//! seed 1 whose path's hardest step is that technique, and prints puzzles per second and the
//! attempts they took. A technique still short of `count` after `seconds` is reported with what
//! it made (its attempts show how rare it is).
use std::time::Instant;

use nonet_generate::{GenerateOptions, Generator, Stop};
use nonet_logic::{Teacher, Technique};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let seconds: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(30.0);
    let named: Vec<_> = args
        .iter()
        .skip(3)
        .map(|c| Technique::named(c).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let targets = if named.is_empty() {
        Teacher::techniques().into_iter().map(|t| vec![t]).collect()
    } else {
        named
    };
    println!("| technique | puzzles | seconds | puzzles/s | attempts per puzzle |");
    println!("| --- | --- | --- | --- | --- |");
    for techniques in targets {
        let name = techniques[0].code();
        let g = match Generator::new(GenerateOptions {
            techniques,
            max_attempts: Some(u64::MAX),
            ..GenerateOptions::default()
        }) {
            Ok(g) => g,
            Err(e) => {
                println!("| {name} | refused: {e} | | | |");
                continue;
            }
        };
        let t = Instant::now();
        let (mut made, mut attempts) = (0u64, 0u64);
        for i in 0..count {
            let r = g.generate_observed(nonet_generate::puzzle_seed(1, i), &|_| {
                if t.elapsed().as_secs_f64() > seconds {
                    Err(Stop::OutOfTime(t.elapsed()))
                } else {
                    Ok(())
                }
            });
            match r {
                Ok(p) => {
                    made += 1;
                    attempts += p.attempts;
                }
                Err(_) => break,
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "| {name} | {made} | {secs:.2} | {:.1} | {} |",
            made as f64 / secs,
            if made > 0 {
                format!("{:.0}", attempts as f64 / made as f64)
            } else {
                "-".into()
            }
        );
    }
}
