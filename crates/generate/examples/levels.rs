//! Times `count` puzzles at each level: `cargo run --release -p nonet-generate --example levels -- [count] [minimal]`.
use nonet_generate::{GenerateOptions, Generator, Level, Target};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let minimal = args.iter().any(|a| a == "minimal");
    for level in Level::ALL {
        let g = Generator::new(GenerateOptions {
            minimal,
            target: Target {
                level: Some(level),
                ..Target::default()
            },
            ..GenerateOptions::default()
        })
        .unwrap();
        let t = Instant::now();
        let mut attempts = 0;
        for i in 0..count {
            let p = g.generate_nth(1, i).unwrap();
            attempts += p.attempts;
            assert_eq!(p.rating.unwrap().level, level);
        }
        println!(
            "{level:8} {count} puzzles in {:6.2} s, {attempts} attempts",
            t.elapsed().as_secs_f64()
        );
    }
}
