//! Any text given as a one-line puzzle: never a panic; what parses writes back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::Sudoku;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = Sudoku::from_line(&text) {
        assert_eq!(Sudoku::from_line(&s.to_line()).unwrap(), s);
        let _ = s.check();
    }
});
