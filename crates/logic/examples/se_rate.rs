//! Rates puzzles from a file with SE's rules and prints `puzzle ER/EP/ED`: a development aid
//! for comparing with Sudoku Explainer (`cargo run --release -p nonet-logic --example se_rate FILE`).
use nonet_core::Sudoku;
fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(path).expect("readable");
    for line in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let p = &line[..81];
        let Ok(s) = Sudoku::from_line(p) else {
            continue;
        };
        let r = nonet_logic::rate::rate_se_unchecked(&s.into());
        println!("{p} {r} {:?} {}", r.hardest, &line[81..]);
    }
}
