//! What the variants' test files share: reading the shared data sets.

use std::path::PathBuf;

/// The lines of a file of `../shared/puzzles/variants/` (beside the repository, as CI has it),
/// comments and blank lines left out.
pub fn variants(file: &str) -> Vec<String> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "../../../shared/puzzles/variants",
        file,
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}
