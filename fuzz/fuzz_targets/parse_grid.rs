//! Any text given as a multi-line grid: never a panic; what parses writes back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::Sudoku;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = Sudoku::from_grid(&text) {
        assert_eq!(Sudoku::from_grid(&s.to_grid_string()).unwrap(), s);
    }
    let _ = Sudoku::parse(&text);
});
