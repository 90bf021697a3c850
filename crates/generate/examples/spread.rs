//! How puzzles spread over a band, one thread:
//! `cargo run --release -p nonet-generate --example spread -- [count] [BAND...]`, each BAND a
//! level (`expert`) or an ER band (`9.0..9.9`); default: every level but extreme, and
//! `9.0..9.9`. Prints, per band, the count at each ER value, the largest share, the time and
//! the attempts, for puzzles 0..count of run seed 1.
use std::collections::BTreeMap;
use std::time::Instant;

use nonet_generate::{GenerateOptions, Generator, Level, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let mut bands: Vec<String> = args.iter().skip(2).cloned().collect();
    if bands.is_empty() {
        bands = ["easy", "medium", "hard", "expert", "9.0..9.9"]
            .map(String::from)
            .to_vec();
    }
    for band in bands {
        let target = match band.parse::<Level>() {
            Ok(level) => Target {
                level: Some(level),
                ..Target::default()
            },
            Err(_) => {
                let (lo, hi) = band.split_once("..").expect("a level or MIN..MAX");
                Target {
                    se: Some((lo.parse().unwrap(), hi.parse().unwrap())),
                    ..Target::default()
                }
            }
        };
        let g = Generator::new(GenerateOptions {
            target,
            ..GenerateOptions::default()
        })
        .unwrap();
        let t = Instant::now();
        let mut attempts = 0;
        let mut ers: BTreeMap<i64, u64> = BTreeMap::new();
        for i in 0..count {
            let p = g.generate_nth(1, i).unwrap();
            attempts += p.attempts;
            *ers.entry((p.rating.unwrap().er * 10.0).round() as i64)
                .or_default() += 1;
        }
        let most = ers.values().max().copied().unwrap_or(0);
        let spread: Vec<String> = ers
            .iter()
            .map(|(er, n)| format!("{:.1}: {n}", *er as f64 / 10.0))
            .collect();
        println!(
            "| {band} | {count} | {} | {most} ({:.0}%) | {:.2} s, {attempts} attempts |",
            spread.join(", "),
            100.0 * most as f64 / count as f64,
            t.elapsed().as_secs_f64()
        );
    }
}
