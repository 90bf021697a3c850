//! The peer for whole-process timing: a tiny `nonet solve`-like program built on the `sudoku`
//! crate 0.8. For each puzzle line of the files given, it prints the unique solution, or `none`
//! / `multiple` (uniqueness checked, one thread), like `nonet solve --threads 1`.
//!
//! Build and run: `cargo bench -p nonet-core --bench peer_solve -- FILE...`; for timing, run the
//! built binary (`target/release/deps/peer_solve-*`) directly under `time`.

use std::io::{BufWriter, Write};

fn main() {
    let files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let answer = match sudoku::Sudoku::from_str_line(line) {
                Err(_) => "invalid".to_string(),
                Ok(s) => {
                    let mut buf = [[0u8; 81]; 1];
                    match s.solutions_up_to_buffer(&mut buf, 2) {
                        0 => "none".to_string(),
                        1 => buf[0].iter().map(|&d| char::from(b'0' + d)).collect(),
                        _ => "multiple".to_string(),
                    }
                }
            };
            writeln!(out, "{answer}").expect("write");
        }
    }
}
