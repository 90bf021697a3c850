//! The teacher on the variants' layouts (jigsaw regions, X-Sudoku's diagonals, Windoku's
//! windows): every step of a path agrees with the known solution, and the houses a step names
//! are the layout's, in words.
//!
//! The shared variant sets are copied into `tests/fixtures/variants/` (`GIVENS REGIONS
//! SOLUTION` for jigsaws, `GIVENS SOLUTION` for the others). The normal tests check a sample
//! of each; the full sets, with the count of puzzles solved without a guess, run with
//!
//! ```text
//! cargo test -p nonet-logic --release --test variants -- --ignored --nocapture
//! ```

use nonet_core::{
    Cell, Digit, DigitSet, House, HouseKind, Layout, PencilMarks, RegionMap, Sudoku, STANDARD,
};
use nonet_logic::{Teacher, Technique};

const JIGSAW: &str = include_str!("fixtures/variants/jigsaw-puzzles.txt");
const X: &str = include_str!("fixtures/variants/x-puzzles.txt");
const WINDOKU: &str = include_str!("fixtures/variants/windoku-puzzles.txt");

/// One puzzle of a variant set: its layout, givens and known solution.
struct Case {
    layout: Layout,
    givens: Sudoku,
    solution: Sudoku,
}

/// The puzzles of a set; `base` makes the layout of a line without a region map.
fn cases(text: &str, base: fn() -> Layout) -> Vec<Case> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (givens, layout, solution) = match f.as_slice() {
                [g, regions, s] => (
                    *g,
                    Layout::jigsaw(&RegionMap::parse(regions).expect("region map")),
                    *s,
                ),
                [g, s] => (*g, base(), *s),
                _ => panic!("bad line: {l}"),
            };
            Case {
                layout,
                givens: Sudoku::from_line(givens).expect("givens"),
                solution: Sudoku::from_line(solution).expect("solution"),
            }
        })
        .collect()
}

fn x_layout() -> Layout {
    STANDARD.with_diagonals()
}

fn windoku_layout() -> Layout {
    STANDARD.with_windows()
}

/// Runs the teacher's path (guesses allowed) and checks every step against the solution:
/// no placement of another digit, no elimination of the solution's digit, no step that changes
/// nothing, a solved grid at the end. Returns whether the path needed a guess.
fn check(case: &Case) -> Result<bool, String> {
    let teacher = Teacher::new().with_layout(case.layout.clone());
    let path = teacher
        .path(&case.givens)
        .map_err(|e| format!("{}: {e}", case.givens.to_line()))?;
    let mut pm = PencilMarks::raw_in(&case.layout, &case.givens);
    for (n, step) in path.steps.iter().enumerate() {
        let at = || format!("{}: step {n} {:?}", case.givens.to_line(), step.technique);
        for p in &step.placements {
            if case.solution.get(p.cell) != Some(p.digit) {
                return Err(format!("{} places wrong {p}", at()));
            }
        }
        for e in &step.eliminations {
            if case.solution.get(e.cell) == Some(e.digit) {
                return Err(format!("{} removes {e}", at()));
            }
        }
        if !step.is_productive() {
            return Err(format!("{} changes nothing", at()));
        }
        if step.technique.standard_layout_only() && !case.layout.is_standard() {
            return Err(format!("{} is for the standard layout only", at()));
        }
        if step.explanation().is_empty() {
            return Err(format!("{} has no explanation", at()));
        }
        teacher.apply(step, &mut pm);
    }
    if pm != path.end || pm.to_sudoku() != case.solution {
        return Err(format!(
            "{}: the path ends on another grid",
            case.givens.to_line()
        ));
    }
    Ok(path.has_guess())
}

/// Checks every `every`-th case of a set; prints how many the logic solved without a guess.
fn run(name: &str, cases: &[Case], every: usize) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut logic_only = 0;
    for case in cases.iter().step_by(every) {
        checked += 1;
        match check(case) {
            Ok(guessed) => logic_only += usize::from(!guessed),
            Err(e) => failures.push(e),
        }
    }
    println!("{name}: {checked} puzzles, {logic_only} solved without a guess");
    assert!(failures.is_empty(), "{name}: {failures:#?}");
    logic_only
}

#[test]
fn jigsaw_sample_paths_agree_with_the_solution() {
    run("jigsaw", &cases(JIGSAW, || STANDARD.clone()), 20);
}

#[test]
fn x_sample_paths_agree_with_the_solution() {
    run("x", &cases(X, x_layout), 10);
}

#[test]
fn windoku_sample_paths_agree_with_the_solution() {
    run("windoku", &cases(WINDOKU, windoku_layout), 10);
}

/// Every shared variant puzzle (see the module documentation for the command).
#[test]
#[ignore]
fn every_variant_path_agrees_with_the_solution() {
    run("jigsaw", &cases(JIGSAW, || STANDARD.clone()), 1);
    run("x", &cases(X, x_layout), 1);
    run("windoku", &cases(WINDOKU, windoku_layout), 1);
}

fn digit(n: u8) -> Digit {
    Digit::new(n).expect("digit")
}

/// A position with every candidate in every cell but `d` left in one cell of `house` only.
fn single_in(layout: &Layout, house: House, keep: Cell, d: Digit) -> PencilMarks {
    let mut pm = PencilMarks::empty();
    for c in Cell::all() {
        pm.set_candidates(c, DigitSet::ALL);
    }
    for &c in layout.cells(house) {
        if c != keep {
            pm.eliminate(c, d);
        }
    }
    pm
}

/// The teacher's first step on `single_in(...)`, which must be the hidden single in `house`.
fn hidden_single_text(layout: Layout, house: House, keep: Cell) -> String {
    let d = digit(5);
    let pm = single_in(&layout, house, keep, d);
    let teacher = Teacher::new().with_layout(layout).with_guesses(false);
    let step = teacher.next_step(&pm, None).expect("a step");
    assert_eq!(step.houses, vec![house], "{step:?}");
    assert_eq!(step.placements.len(), 1);
    assert_eq!(
        (step.placements[0].cell, step.placements[0].digit),
        (keep, d)
    );
    step.explanation()
}

#[test]
fn a_hidden_single_in_a_region_is_named_as_a_region() {
    let map = RegionMap::parse(
        "111222223111222233111555333444453336444456666477756666777555999778888999788888999",
    )
    .expect("map");
    let layout = Layout::jigsaw(&map);
    let region = House::region(3);
    assert_eq!(region.kind(), HouseKind::Region);
    let keep = layout.cells(region)[4];
    let text = hidden_single_text(layout, region, keep);
    assert_eq!(
        text,
        format!("In region 4, 5 can only go in {keep}: a Hidden Single. So {keep} = 5.")
    );
}

#[test]
fn a_hidden_single_on_a_diagonal_is_named_as_the_diagonal() {
    let text = hidden_single_text(x_layout(), House::diagonal(0), Cell::at(2, 2));
    assert_eq!(
        text,
        "In the main diagonal, 5 can only go in r3c3: a Hidden Single. So r3c3 = 5."
    );
    let text = hidden_single_text(x_layout(), House::diagonal(1), Cell::at(6, 2));
    assert!(
        text.starts_with("In the anti-diagonal, 5 can only go in r7c3"),
        "{text}"
    );
}

#[test]
fn a_hidden_single_in_a_window_is_named_as_a_window() {
    let text = hidden_single_text(windoku_layout(), House::window(1), Cell::at(2, 6));
    assert_eq!(
        text,
        "In window 2, 5 can only go in r3c7: a Hidden Single. So r3c7 = 5."
    );
}

/// The standard-only techniques stay off on a variant, whatever the teacher's list says.
#[test]
fn standard_only_techniques_are_off_on_a_variant() {
    let on_x = Teacher::new().with_layout(x_layout());
    let standard = Teacher::new();
    for t in Teacher::techniques() {
        assert_eq!(on_x.allows(t), !t.standard_layout_only(), "{t:?}");
        assert!(standard.allows(t), "{t:?}");
    }
    assert!(!on_x.allows(Technique::EmptyRectangle));
    assert!(!on_x.allows(Technique::DynamicForcingChain));
    assert!(on_x.allows(Technique::XWing));
}
