//! Arbitrary region maps and variant grids. The first 81 bytes are read as a region map's
//! labels (`RegionMap::parse` never panics, and a map it accepts reads back from its own line);
//! the same bytes also grow a valid map from the boxes (a cell passes to a neighbour's region,
//! a cell of that region passes back, kept when the map stays valid), a flag byte adds the
//! diagonals and the windows, and the rest are givens (any density, clashing or not). The
//! default solver over generic houses and the reference solver agree on the count (limit 2)
//! and on the solution when it is unique (from 22 givens: below, the reference solver can take
//! minutes); a solution keeps every house and every given.
#![no_main]
use libfuzzer_sys::fuzz_target;
use nonet_core::{Cell, Layout, Puzzle, RegionMap, Solutions, Solver, Sudoku};

/// Up to 81 bytes as labels: mostly digits 1-9, now and then a letter or a character that is
/// no label at all.
fn labels(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0..=239 => char::from(b'1' + b % 9),
            240..=249 => char::from(b'a' + b % 10),
            _ => ['.', ' ', 'é', '\n', '-', '#'][b as usize % 6],
        })
        .collect()
}

fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / 9, i % 9);
    [
        (r > 0).then(|| i - 9),
        (r < 8).then(|| i + 9),
        (c > 0).then(|| i - 1),
        (c < 8).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// A valid map grown from the boxes by the moves that `bytes` spell, three bytes a move.
fn grown(bytes: &[u8]) -> RegionMap {
    let mut labels: Vec<u8> = RegionMap::boxes().to_digits().into_bytes();
    for m in bytes.chunks_exact(3) {
        let i = m[0] as usize % 81;
        let Some(j) = neighbours(i).nth(m[1] as usize % 4) else {
            continue;
        };
        let (a, b) = (labels[i], labels[j]);
        if a == b {
            continue;
        }
        let before = labels.clone();
        labels[i] = b;
        let back: Vec<usize> = (0..81)
            .filter(|&k| k != i && labels[k] == b && neighbours(k).any(|n| labels[n] == a))
            .collect();
        if back.is_empty() {
            labels = before;
            continue;
        }
        labels[back[m[2] as usize % back.len()]] = a;
        if RegionMap::parse(std::str::from_utf8(&labels).unwrap()).is_err() {
            labels = before;
        }
    }
    RegionMap::parse(std::str::from_utf8(&labels).unwrap()).expect("grown maps stay valid")
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 + 1 + 81 {
        return;
    }
    let (map_bytes, rest) = data.split_at(81);
    // The reader: any text, never a panic; what it accepts writes back to itself.
    let text = labels(map_bytes);
    if let Ok(map) = RegionMap::parse(&text) {
        assert_eq!(RegionMap::parse(&map.to_line()).as_ref(), Ok(&map));
        assert_eq!(
            RegionMap::parse(&map.to_digits()).unwrap().regions(),
            map.regions()
        );
    }
    let map = RegionMap::parse(&text).unwrap_or_else(|_| grown(map_bytes));
    let mut layout = Layout::jigsaw(&map);
    let (flags, givens) = rest.split_first().unwrap();
    if flags & 1 != 0 {
        layout = layout.with_diagonals();
    }
    if flags & 2 != 0 {
        layout = layout.with_windows();
    }
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(givens) {
        // Mostly empty cells, so that both sparse and dense grids come up.
        *c = if b % 3 == 0 { b % 10 } else { 0 };
    }
    let s = Sudoku::from_bytes(cells).unwrap();
    let fast = Puzzle::new(s, layout.clone()).solutions_with(Solver::Fast);
    let completes = |a: &Sudoku| {
        assert!(a.is_full() && Puzzle::new(a, layout.clone()).check().is_ok(), "{a} on {layout:?}");
        for cell in Cell::all() {
            if let Some(d) = s.get(cell) {
                assert_eq!(a.get(cell), Some(d));
            }
        }
    };
    // The reference solver can take minutes on sparse grids of layouts with no solution (the
    // very case the fast one is for): below 22 givens, only the fast answer's grid is checked.
    if s.filled_count() < 22 {
        if let Solutions::Unique(a) | Solutions::Multiple(a) = fast {
            completes(&a);
        }
        return;
    }
    let reference = Puzzle::new(s, layout.clone()).solutions_with(Solver::Reference);
    match (fast, reference) {
        (Solutions::None, Solutions::None) => {}
        (Solutions::Unique(a), Solutions::Unique(b)) => {
            assert_eq!(a, b);
            completes(&a);
        }
        (Solutions::Multiple(a), Solutions::Multiple(_)) => completes(&a),
        (f, r) => panic!("fast {f:?} != reference {r:?} on {s} {layout:?}"),
    }
});
