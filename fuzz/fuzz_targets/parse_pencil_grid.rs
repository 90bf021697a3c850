//! Any text given as a pencil-mark grid: never a panic; what parses writes back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::PencilMarks;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pm) = PencilMarks::from_pencil_grid(&text) {
        let again = PencilMarks::from_pencil_grid(&pm.to_pencil_grid()).unwrap();
        assert_eq!(again.to_pencil_grid(), pm.to_pencil_grid());
    }
});
