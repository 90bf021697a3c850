//! Differential tests of the variants' solver: on every non-standard layout (jigsaw from the
//! shared maps, X, Windoku, and the combinations jigsaw+x, x+windoku, jigsaw+windoku) the
//! default solver (`generic.rs`) and the reference solver agree on solution counts up to a
//! limit, and on the solution when it is unique; a solution either gives keeps every house and
//! every given. Cases: the shared puzzles, the same with clues removed (many solutions), with a
//! wrong digit added (mostly none), grids whose givens use only some digits (the solver counts
//! their orders), and random layouts grown from the boxes in a property test.
//!
//! The shared data lives beside the repository (`../shared/puzzles/variants/`); the full lists
//! run with `-- --ignored`, a sample always.

mod common;

use nonet_core::{Layout, Puzzle, RegionMap, Solutions, Solver, Sudoku, STANDARD};
use proptest::prelude::*;

use common::variants;

/// A small xorshift generator: the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `solution` is full, keeps every house of `layout` and every given of `puzzle`.
fn assert_completes(layout: &Layout, puzzle: &Sudoku, solution: &Sudoku) {
    assert!(solution.is_full(), "{puzzle}: {solution} is not full");
    assert!(
        Puzzle::new(*solution, layout.clone()).check().is_ok(),
        "{puzzle}: {solution} breaks a house of {layout:?}"
    );
    let (p, s) = (puzzle.to_bytes(), solution.to_bytes());
    assert!(
        p.iter().zip(&s).all(|(&a, &b)| a == 0 || a == b),
        "{puzzle}: {solution} changes a given"
    );
}

/// Both solvers agree on `puzzle` on `layout`: counts up to each of `limits`, and the answer
/// of `Puzzle::solutions` (the same solution when unique, a valid one when several).
fn agree(layout: &Layout, puzzle: &Sudoku, limits: &[usize]) {
    for &limit in limits {
        assert_eq!(
            Puzzle::new(*puzzle, layout.clone()).count_solutions_with(Solver::Fast, limit),
            Puzzle::new(*puzzle, layout.clone()).count_solutions_with(Solver::Reference, limit),
            "{puzzle} on {layout:?}, limit {limit}"
        );
    }
    let fast = Puzzle::new(*puzzle, layout.clone()).solutions_with(Solver::Fast);
    let reference = Puzzle::new(*puzzle, layout.clone()).solutions_with(Solver::Reference);
    match (fast, reference) {
        (Solutions::None, Solutions::None) => {}
        (Solutions::Unique(a), Solutions::Unique(b)) => {
            assert_eq!(a, b, "{puzzle} on {layout:?}");
            assert_completes(layout, puzzle, &a);
        }
        (Solutions::Multiple(a), Solutions::Multiple(b)) => {
            assert_completes(layout, puzzle, &a);
            assert_completes(layout, puzzle, &b);
        }
        (a, b) => panic!("{puzzle} on {layout:?}: fast {a:?}, reference {b:?}"),
    }
    assert_eq!(
        Puzzle::new(*puzzle, layout.clone()).solutions(),
        fast,
        "the default is the fast solver"
    );
}

/// A shared puzzle, its solution and its layout (with extra houses, when its solution keeps
/// them: more houses only remove solutions, so the puzzle stays unique).
struct Case {
    puzzle: Sudoku,
    solution: Sudoku,
    layout: Layout,
}

/// Every shared variant puzzle on its own layout, and on the combinations its solution allows.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let line = |s: &str| Sudoku::from_line(s).expect("a puzzle line");
    let mut push = |puzzle: Sudoku, solution: Sudoku, base: Layout| {
        for layout in [
            base.clone(),
            base.with_diagonals(),
            base.with_windows(),
            base.with_diagonals().with_windows(),
        ] {
            if layout == base || Puzzle::new(solution, layout.clone()).check().is_ok() {
                out.push(Case {
                    puzzle,
                    solution,
                    layout,
                });
            }
        }
    };
    for l in variants("jigsaw-puzzles.txt") {
        let f: Vec<&str> = l.split_whitespace().collect();
        let map = RegionMap::parse(f[1]).expect("a region map");
        push(line(f[0]), line(f[2]), Layout::jigsaw(&map));
    }
    for (file, layout) in [
        ("x-puzzles.txt", STANDARD.with_diagonals()),
        ("windoku-puzzles.txt", STANDARD.with_windows()),
    ] {
        for l in variants(file) {
            let f: Vec<&str> = l.split_whitespace().collect();
            push(line(f[0]), line(f[1]), layout.clone());
        }
    }
    out
}

/// `puzzle` with `k` of its givens emptied, chosen by `rng`.
fn without_clues(puzzle: &Sudoku, k: usize, rng: &mut Rng) -> Sudoku {
    let mut cells = puzzle.to_bytes();
    let mut givens: Vec<usize> = (0..81).filter(|&i| cells[i] != 0).collect();
    for _ in 0..k.min(givens.len()) {
        let i = givens.swap_remove(rng.below(givens.len()));
        cells[i] = 0;
    }
    Sudoku::from_bytes(cells).unwrap()
}

/// `puzzle` with one empty cell given a digit other than the solution's (one that clashes with
/// no given, when there is one): such grids mostly have no solution, some a different one.
fn with_a_wrong_digit(case: &Case, rng: &mut Rng) -> Sudoku {
    let (mut cells, solution) = (case.puzzle.to_bytes(), case.solution.to_bytes());
    let empty: Vec<usize> = (0..81).filter(|&i| cells[i] == 0).collect();
    let i = empty[rng.below(empty.len())];
    let shift = 1 + rng.below(8) as u8;
    for k in 0..8 {
        cells[i] = (solution[i] - 1 + shift + k) % 9 + 1;
        if cells[i] != solution[i]
            && Puzzle::new(Sudoku::from_bytes(cells).unwrap(), case.layout.clone())
                .check()
                .is_ok()
        {
            break;
        }
    }
    Sudoku::from_bytes(cells).unwrap()
}

/// The differential checks on every `step`-th case: the puzzle, the puzzle short of a few
/// clues, with a wrong digit, and only the givens of its solution's digits 1-6 (then 7, 8 and 9
/// are interchangeable).
fn check_cases(step: usize) {
    let mut rng = Rng(0x5EED_2211);
    let all = cases();
    for case in all.iter().step_by(step) {
        let Case {
            puzzle,
            solution,
            layout,
        } = case;
        agree(layout, puzzle, &[1, 2, 3]);
        assert_eq!(
            Puzzle::new(*puzzle, layout.clone()).solutions(),
            Solutions::Unique(*solution),
            "{puzzle} on {layout:?}"
        );
        // Short of clues: the reference solver is slow on sparse grids of odd layouts, so only
        // the denser puzzles lose clues.
        if puzzle.filled_count() >= 24 {
            for k in [2, 4, 6] {
                agree(layout, &without_clues(puzzle, k, &mut rng), &[1, 2, 7]);
            }
        }
        agree(layout, &with_a_wrong_digit(case, &mut rng), &[1, 2]);
        let mut low = solution.to_bytes();
        for v in &mut low {
            if *v > 6 {
                *v = 0;
            }
        }
        let low = Sudoku::from_bytes(low).unwrap();
        agree(layout, &low, &[1, 2, 5, 6, 7, 50]);
    }
}

#[test]
fn variant_puzzles_agree_sample() {
    check_cases(4);
}

#[test]
#[ignore = "every shared variant puzzle, on every layout its solution keeps (minutes)"]
fn variant_puzzles_agree_all() {
    check_cases(1);
}

#[test]
fn counting_orders_of_unused_digits_is_exact_at_every_limit() {
    // The first X and Windoku solutions with only their digits 1-5 (1-6): the others fill the
    // rest in at least 4! (3!) ways, maybe more.
    for (file, layout, top) in [
        ("x-puzzles.txt", STANDARD.with_diagonals(), 5u8),
        ("windoku-puzzles.txt", STANDARD.with_windows(), 6),
    ] {
        let l = &variants(file)[0];
        let solution = Sudoku::from_line(l.split_whitespace().nth(1).unwrap()).unwrap();
        let mut cells = solution.to_bytes();
        for v in &mut cells {
            if *v > top {
                *v = 0;
            }
        }
        let grid = Sudoku::from_bytes(cells).unwrap();
        let total =
            Puzzle::new(grid, layout.clone()).count_solutions_with(Solver::Reference, 100_000);
        assert!((6..100_000).contains(&total), "{total}");
        for limit in (1..=30).chain([total - 1, total, total + 1]) {
            assert_eq!(
                Puzzle::new(grid, layout.clone()).count_solutions(limit),
                total.min(limit),
                "{grid} on {layout:?} limit {limit}"
            );
        }
    }
}

#[test]
fn clashing_givens_have_no_solution_on_any_layout() {
    // Two 5s on the main diagonal, two 3s in a window, two 7s in a jigsaw region: legal in the
    // standard layout, not in the variant's.
    let map = RegionMap::parse(variants("jigsaw-layouts.txt")[0].trim()).unwrap();
    let jigsaw = Layout::jigsaw(&map);
    let region = map.cells(0);
    let mut cells_in_region = region.iter();
    let (a, b) = (
        cells_in_region.next().unwrap(),
        cells_in_region.find(|c| c.row() != 0).unwrap(),
    );
    let mut j = [0u8; 81];
    j[a.index()] = 7;
    j[b.index()] = 7;
    let mut x = [0u8; 81];
    x[0] = 5;
    x[40] = 5;
    let mut w = [0u8; 81];
    w[10] = 3;
    w[3 * 9 + 3] = 3;
    for (cells, layout) in [
        (j, jigsaw),
        (x, STANDARD.with_diagonals()),
        (w, STANDARD.with_windows()),
    ] {
        let grid = Sudoku::from_bytes(cells).unwrap();
        assert!(Puzzle::new(grid, layout.clone()).check().is_err());
        assert_eq!(Puzzle::new(grid, layout.clone()).count_solutions(5), 0);
        assert_eq!(
            Puzzle::new(grid, layout.clone()).solutions(),
            Solutions::None
        );
    }
}

/// A region map grown from the boxes by random moves: a cell passes to the region of a
/// neighbour, and a cell of that region next to the first region passes back; a move is kept
/// only when the map stays valid (nine connected regions of nine cells).
fn grown_map(moves: &[(u8, u8, u8)]) -> RegionMap {
    let mut labels: Vec<u8> = RegionMap::boxes().to_digits().into_bytes();
    let neighbours = |i: usize| {
        let (r, c) = (i / 9, i % 9);
        [
            (r > 0).then(|| i - 9),
            (r < 8).then(|| i + 9),
            (c > 0).then(|| i - 1),
            (c < 8).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    };
    for &(cell, dir, pick) in moves {
        let i = cell as usize % 81;
        let Some(j) = neighbours(i).nth(dir as usize % 2) else {
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
        labels[back[pick as usize % back.len()]] = a;
        if RegionMap::parse(std::str::from_utf8(&labels).unwrap()).is_err() {
            labels = before;
        }
    }
    RegionMap::parse(std::str::from_utf8(&labels).unwrap()).expect("a valid map")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random jigsaw layouts (with or without the diagonals or the windows): the empty grid has
    /// several solutions or none, and random subsets of a solution agree on both solvers.
    #[test]
    fn random_layouts_agree(
        moves in proptest::collection::vec((0u8..81, 0u8..4, any::<u8>()), 0..60),
        extra in 0u8..4,
        keep in proptest::collection::vec(0u8..100, 81),
        density in 30u8..70,
    ) {
        let map = grown_map(&moves);
        let mut layout = Layout::jigsaw(&map);
        if extra & 1 != 0 {
            layout = layout.with_diagonals();
        }
        if extra & 2 != 0 {
            layout = layout.with_windows();
        }
        let empty = Sudoku::empty();
        let solution = match Puzzle::new(empty, layout.clone()).solutions() {
            Solutions::Multiple(s) => s,
            Solutions::None => return Ok(()),
            Solutions::Unique(s) => panic!("an empty grid's solution is never unique: {s}"),
        };
        assert_completes(&layout, &empty, &solution);
        prop_assert_eq!(Puzzle::new(empty, layout.clone()).count_solutions(7), 7);
        let mut cells = solution.to_bytes();
        for (v, &k) in cells.iter_mut().zip(&keep) {
            if k >= density {
                *v = 0;
            }
        }
        let puzzle = Sudoku::from_bytes(cells).unwrap();
        agree(&layout, &puzzle, &[1, 2, 4]);
    }
}
