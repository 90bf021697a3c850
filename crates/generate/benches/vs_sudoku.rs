//! Minimal puzzles, no symmetry, one thread: nonet's generator against the `sudoku` crate
//! (0.8, `Sudoku::generate_solved_with_rng` + `generate_with_symmetry_and_rng_from(.., None)`,
//! which is its minimal-puzzle generator), measured in one run, in alternating blocks.
//!
//! Run: `cargo bench -p nonet-generate --bench vs_sudoku [-- N]` (N puzzles each, default 3000).
//! Prints both times and the ratio; `docs/generator.md` quotes it.

use std::time::Instant;

use nonet_generate::{is_minimal, GenerateOptions, Generator, Symmetry};
use rand_08::SeedableRng;

fn main() {
    let n: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3000);

    let generator = Generator::new(GenerateOptions {
        symmetry: Symmetry::None,
        minimal: true,
        ..GenerateOptions::default()
    })
    .expect("valid options");

    // Warm up both (page in code, grow allocations).
    for i in 0..20 {
        std::hint::black_box(generator.generate_nth(99, i).unwrap());
    }
    let mut rng = rand_08::rngs::StdRng::seed_from_u64(99);
    for _ in 0..20 {
        let full = sudoku::Sudoku::generate_solved_with_rng(&mut rng);
        std::hint::black_box(sudoku::Sudoku::generate_with_symmetry_and_rng_from(
            full,
            sudoku::Symmetry::None,
            &mut rng,
        ));
    }

    // The two run in alternating blocks of 100 puzzles, so that a change in the machine's load
    // (it is shared) hits both sides alike.
    let mut nonet_time = std::time::Duration::ZERO;
    let mut sudoku_time = std::time::Duration::ZERO;
    let mut nonet_clues = 0usize;
    let mut sudoku_clues = 0usize;
    let mut sample = Vec::new();
    let mut rng = rand_08::rngs::StdRng::seed_from_u64(1);
    let block = 100;
    let mut done = 0;
    while done < n {
        let k = block.min(n - done);
        let t = Instant::now();
        for i in done..done + k {
            let g = generator.generate_nth(1, i).unwrap();
            nonet_clues += g.puzzle.filled_count();
            if i % 100 == 0 {
                sample.push(g.puzzle);
            }
        }
        nonet_time += t.elapsed();
        let t = Instant::now();
        for _ in 0..k {
            let full = sudoku::Sudoku::generate_solved_with_rng(&mut rng);
            let p = sudoku::Sudoku::generate_with_symmetry_and_rng_from(
                full,
                sudoku::Symmetry::None,
                &mut rng,
            );
            sudoku_clues += p.to_bytes().iter().filter(|&&b| b != 0).count();
        }
        sudoku_time += t.elapsed();
        done += k;
    }

    // Outside the timed part: the sample really is minimal.
    assert!(sample.iter().all(|p| is_minimal(&p.into())));

    let per = |d: std::time::Duration| d.as_secs_f64() * 1e6 / n as f64;
    println!("{n} minimal puzzles, no symmetry, one thread");
    println!(
        "nonet-generate: {:8.3} s  ({:7.1} us/puzzle, mean {:.2} clues)",
        nonet_time.as_secs_f64(),
        per(nonet_time),
        nonet_clues as f64 / n as f64
    );
    println!(
        "sudoku 0.8:     {:8.3} s  ({:7.1} us/puzzle, mean {:.2} clues)",
        sudoku_time.as_secs_f64(),
        per(sudoku_time),
        sudoku_clues as f64 / n as f64
    );
    println!(
        "ratio: nonet is {:.2}x as fast",
        sudoku_time.as_secs_f64() / nonet_time.as_secs_f64()
    );
}
