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
    Cell, CellSet, Digit, DigitSet, House, HouseKind, Layout, PencilMarks, Puzzle, RegionMap,
    Sudoku, STANDARD,
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

impl Case {
    /// The givens on the layout.
    fn puzzle(&self) -> Puzzle {
        Puzzle::new(self.givens, self.layout.clone())
    }
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
/// nothing, a solved grid at the end. Returns the path's techniques, in order.
fn check(case: &Case) -> Result<Vec<Technique>, String> {
    let teacher = Teacher::new();
    let path = teacher
        .path(&case.puzzle())
        .map_err(|e| format!("{}: {e}", case.givens.to_line()))?;
    let mut pm = PencilMarks::raw(&case.puzzle());
    for (n, step) in path.steps.iter().enumerate() {
        let at = || format!("{}: step {n} {:?}", case.givens.to_line(), step.technique);
        if let Some(p) = step.placement {
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
        if step.explanation(&case.layout).is_empty() {
            return Err(format!("{} has no explanation", at()));
        }
        step.apply_to(&mut pm);
    }
    if pm != path.end || pm.to_sudoku() != case.solution {
        return Err(format!(
            "{}: the path ends on another grid",
            case.givens.to_line()
        ));
    }
    Ok(path.steps.iter().map(|s| s.technique).collect())
}

/// Checks every `every`-th case of a set; prints how many the logic solved without a guess.
fn run(name: &str, cases: &[Case], every: usize) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut logic_only = 0;
    // How many paths use each technique, in catalogue order.
    let mut used: std::collections::BTreeMap<Technique, usize> = Default::default();
    for case in cases.iter().step_by(every) {
        checked += 1;
        match check(case) {
            Ok(mut techniques) => {
                logic_only += usize::from(!techniques.contains(&Technique::TrialAndError));
                techniques.sort();
                techniques.dedup();
                for t in techniques {
                    *used.entry(t).or_default() += 1;
                }
            }
            Err(e) => failures.push(e),
        }
    }
    println!("{name}: {checked} puzzles, {logic_only} solved without a guess");
    let used: Vec<String> = used.iter().map(|(t, n)| format!("{t:?} {n}")).collect();
    println!("  paths using each technique: {}", used.join(", "));
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
    let mut pm = PencilMarks::empty().with_layout(layout.clone());
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
    let teacher = Teacher::new().with_guesses(false);
    let step = teacher.next_step(&pm, None).expect("a step");
    assert_eq!(step.houses, vec![house], "{step:?}");
    assert_eq!(step.placement.map(|p| (p.cell, p.digit)), Some((keep, d)));
    step.explanation(&layout)
}

/// A region is named by the label its map gave it: the fourth region in the order of first
/// cells is labelled `5` in this map (its row 3 reaches region `5` before region `4`).
#[test]
fn a_hidden_single_in_a_region_is_named_by_its_label_not_its_order() {
    const MAP: &str =
        "111222223111222233111555333444453336444456666477756666777555999778888999788888999";
    for (labels, name) in [("123456789", "5"), ("ABCDEFGHI", "E"), ("975318642", "1")] {
        let map: String = MAP
            .chars()
            .map(|c| labels.as_bytes()[c as usize - '1' as usize] as char)
            .collect();
        let layout = Layout::jigsaw(&RegionMap::parse(&map).expect("map"));
        let region = House::region(3);
        assert_eq!(region.kind(), HouseKind::Region);
        let keep = layout.cells(region)[4];
        let text = hidden_single_text(layout, region, keep);
        assert_eq!(
            text,
            format!(
                "{keep} is 5: it is the only cell of region {name} where 5 can still go (a \
                 Hidden Single)."
            ),
            "{map}"
        );
    }
}

#[test]
fn a_hidden_single_on_a_diagonal_is_named_as_the_diagonal() {
    let text = hidden_single_text(x_layout(), House::diagonal(0), Cell::at(2, 2));
    assert_eq!(
        text,
        "r3c3 is 5: it is the only cell of the main diagonal where 5 can still go (a Hidden \
         Single)."
    );
    let text = hidden_single_text(x_layout(), House::diagonal(1), Cell::at(6, 2));
    assert!(
        text.starts_with("r7c3 is 5: it is the only cell of the anti-diagonal"),
        "{text}"
    );
}

#[test]
fn a_hidden_single_in_a_window_is_named_as_a_window() {
    let text = hidden_single_text(windoku_layout(), House::window(1), Cell::at(2, 6));
    assert_eq!(
        text,
        "r3c7 is 5: it is the only cell of window 2 where 5 can still go (a Hidden Single)."
    );
}

/// The standard-only techniques stay off on a variant, whatever the teacher's list says.
#[test]
fn standard_only_techniques_are_off_on_a_variant() {
    let x = x_layout();
    let teacher = Teacher::new();
    for t in Teacher::techniques() {
        assert_eq!(teacher.allows(t, &x), !t.standard_layout_only(), "{t:?}");
        assert!(teacher.allows(t, &STANDARD), "{t:?}");
    }
    assert!(teacher.allows(Technique::Bug1, &x));
    assert!(teacher.allows(Technique::EmptyRectangle, &x));
    assert!(!teacher.allows(Technique::DynamicForcingChain, &x));
    assert!(teacher.allows(Technique::XWing, &x));
}

/// A position with every candidate in every cell.
fn full_marks() -> PencilMarks {
    let mut pm = PencilMarks::empty();
    for c in Cell::all() {
        pm.set_candidates(c, DigitSet::ALL);
    }
    pm
}

/// Locked candidates between any two houses: on X-Sudoku, a digit of the main diagonal
/// confined to box 1 leaves the rest of the box, and the step says so in words.
#[test]
fn a_diagonal_confined_to_a_box_points_at_the_box() {
    let layout = x_layout();
    let d = digit(5);
    let mut pm = full_marks().with_layout(layout.clone());
    for &c in layout.cells(House::diagonal(0)) {
        if c.row() >= 3 {
            pm.eliminate(c, d);
        }
    }
    let teacher = Teacher::new().with_guesses(false);
    let step = teacher.next_step(&pm, None).expect("a step");
    assert_eq!(step.technique, Technique::Pointing);
    assert_eq!(step.houses, vec![House::diagonal(0)]);
    assert_eq!(step.cover_houses, vec![House::box_(0)]);
    assert!(step
        .eliminations
        .iter()
        .all(|e| e.digit == d && e.cell.box_index() == 0 && e.cell.row() != e.cell.col()));
    assert_eq!(step.eliminations.len(), 6);
    assert!(
        step.explanation(&layout)
            .contains("in the main diagonal, 5 can only go in r1c1, r2c2 or r3c3, all in box 1"),
        "{}",
        step.explanation(&layout)
    );
}

/// How many unique rectangles of type 1 the finder sees on `pm` on `layout`.
fn type1_rectangles(layout: &Layout, pm: &PencilMarks) -> usize {
    use nonet_logic::internals::techniques::uniqueness::rectangles;
    use nonet_logic::internals::Position;
    rectangles(&Position::new(&pm.clone().with_layout(layout.clone())))
        .into_iter()
        .filter(|s| s.technique == Technique::UniqueRectangle1)
        .count()
}

/// Every candidate everywhere, but 1 and 2 in the first three of `corners` and 1, 2 and 3 in
/// the last: a unique rectangle of type 1 wherever the four can swap 1 and 2.
fn type1_marks(corners: [Cell; 4]) -> PencilMarks {
    let ab: DigitSet = [digit(1), digit(2)].into_iter().collect();
    let mut pm = full_marks();
    for &c in &corners[..3] {
        pm.set_candidates(c, ab);
    }
    pm.set_candidates(corners[3], ab | DigitSet::single(digit(3)));
    pm
}

/// [`type1_marks`] on the rectangle on rows 1-2 and columns 1 and `col` + 1, r2c(`col` + 1)
/// the corner with the 3.
fn rectangle_on(col: usize) -> PencilMarks {
    type1_marks([
        Cell::at(0, 0),
        Cell::at(0, col),
        Cell::at(1, 0),
        Cell::at(1, col),
    ])
}

/// A unique rectangle needs a and b to be able to swap: a corner alone on a diagonal or in a
/// window breaks the swap, so the rectangle proves nothing there.
#[test]
fn a_rectangle_with_a_corner_alone_on_a_diagonal_or_in_a_window_is_no_unique_rectangle() {
    // r1c1 lies alone on the main diagonal; the windows miss all four corners.
    let pm = rectangle_on(4);
    assert_eq!(type1_rectangles(&STANDARD, &pm), 1);
    assert_eq!(type1_rectangles(&x_layout(), &pm), 0);
    assert_eq!(type1_rectangles(&windoku_layout(), &pm), 1);
    // In column 4, r2c4 lies alone in window 1.
    let pm = rectangle_on(3);
    assert_eq!(type1_rectangles(&STANDARD, &pm), 1);
    assert_eq!(type1_rectangles(&windoku_layout(), &pm), 0);
}

/// A jigsaw whose region 5 holds r4c2 and r6c4 and whose region 3 holds r4c4 and r6c2: the two
/// diagonals of the rectangle on rows 4 and 6 and columns 2 and 4, which the standard layout
/// puts in boxes 4 and 5, two corners (a column's) in each. Regions 1 and 2 hold the
/// rectangle on rows 1-2 and columns 1 and 9 a column at a time.
const DIAGONAL_REGIONS: &str =
    "111112222111122222333344444355344446355566666335577666885577777888999977888899999";

/// The teacher's unique rectangles of type 1 (its finder's and its next step's, with only the
/// rectangle techniques allowed) and Sudoku Explainer's unique loop hints on `pm` on `layout`,
/// each as the cells named.
fn rectangles_found(layout: &Layout, pm: &PencilMarks) -> [Vec<CellSet>; 3] {
    use nonet_logic::internals::se::{unique, Grid};
    use nonet_logic::internals::techniques::uniqueness::rectangles;
    use nonet_logic::internals::Position;
    let pm = pm.clone().with_layout(layout.clone());
    let finder = rectangles(&Position::new(&pm))
        .into_iter()
        .filter(|s| s.technique == Technique::UniqueRectangle1)
        .map(|s| s.cells)
        .collect();
    let teacher = Teacher::new().with_guesses(false).with_techniques([
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle5,
        Technique::UniqueRectangle6,
        Technique::HiddenRectangle,
    ]);
    let next = teacher
        .next_step(&pm, None)
        .into_iter()
        .map(|s| s.cells)
        .collect();
    let mut se = Vec::new();
    unique::unique_loops(
        &Grid::from_pencil_marks(&pm),
        &mut unique::Loops::default(),
        &mut |h| {
            se.push(h.cells);
            true
        },
    );
    [finder, next, se]
}

/// Filled with 1 and 2, a rectangle whose two opposite corners share a house puts one digit
/// twice in that house, so 1 and 2 cannot swap and the rectangle proves nothing: the deadly
/// pattern walk's validity test (Sudoku Explainer's: every house of the cells holds two of them,
/// one at an odd and one at an even place along the loop) rules it out, where a test that
/// only counts two corners per house lets it through. On the standard layout
/// no house but a row or column holds two corners of a rectangle in two boxes; a jigsaw
/// region can hold two opposite ones (and a Windoku window holds all four of a rectangle
/// across two boxes). The same marks on a layout where each house holds two corners of one
/// row or column give the rectangle, in the teacher and in SE alike. (An X-Sudoku diagonal
/// through two opposite corners puts the rectangle in one box or four, which the boxes rule
/// out already.)
#[test]
fn a_jigsaw_region_holding_two_opposite_corners_rules_out_the_rectangle() {
    let jigsaw = Layout::jigsaw(&RegionMap::parse(DIAGONAL_REGIONS).expect("region map"));
    let corners = [
        Cell::at(3, 1),
        Cell::at(3, 3),
        Cell::at(5, 1),
        Cell::at(5, 3),
    ];
    let cells: CellSet = corners.into_iter().collect();
    let region = |c: Cell| jigsaw.houses_of(c)[2];
    assert_eq!(region(corners[0]), region(corners[3]));
    assert_eq!(region(corners[1]), region(corners[2]));
    assert_ne!(region(corners[0]), region(corners[1]));
    let pm = type1_marks(corners);
    for found in rectangles_found(&STANDARD, &pm) {
        assert_eq!(found, vec![cells]);
    }
    for found in rectangles_found(&jigsaw, &pm) {
        assert_eq!(found, Vec::<CellSet>::new());
    }
    // On the jigsaw, a rectangle whose regions hold a column's two corners each is found.
    let corners = [
        Cell::at(0, 0),
        Cell::at(0, 8),
        Cell::at(1, 0),
        Cell::at(1, 8),
    ];
    assert_eq!(region(corners[0]), region(corners[2]));
    assert_eq!(region(corners[1]), region(corners[3]));
    let cells: CellSet = corners.into_iter().collect();
    for found in rectangles_found(&jigsaw, &type1_marks(corners)) {
        assert_eq!(found, vec![cells]);
    }
}

/// The window r2-4c2-4 holds all four corners of the rectangle r3c2, r3c3, r4c2, r4c3 (boxes
/// 1 and 4), two opposite ones among them: no unique rectangle on Windoku, one on the
/// standard layout.
#[test]
fn a_window_holding_a_rectangle_rules_it_out() {
    let corners = [
        Cell::at(2, 1),
        Cell::at(2, 2),
        Cell::at(3, 1),
        Cell::at(3, 2),
    ];
    let cells: CellSet = corners.into_iter().collect();
    let pm = type1_marks(corners);
    for found in rectangles_found(&STANDARD, &pm) {
        assert_eq!(found, vec![cells]);
    }
    for found in rectangles_found(&windoku_layout(), &pm) {
        assert_eq!(found, Vec::<CellSet>::new());
    }
}

/// The hint on a variant checks the player's digits against the variant's solution, and the
/// step it gives places the variant's digit.
#[test]
fn a_hint_on_a_jigsaw_uses_the_jigsaw_solution() {
    use nonet_logic::{Hint, Mistake};
    let case = &cases(JIGSAW, || STANDARD.clone())[0];
    let teacher = Teacher::new();
    let start = PencilMarks::raw(&case.puzzle());
    match teacher.hint(&start, Some(&case.givens)).expect("a hint") {
        Hint::Step(step) => {
            if let Some(p) = step.placement {
                assert_eq!(case.solution.get(p.cell), Some(p.digit));
            }
            for e in &step.eliminations {
                assert_ne!(case.solution.get(e.cell), Some(e.digit));
            }
        }
        other => panic!("expected a step, got {other:?}"),
    }
    let cell = Cell::all()
        .find(|&c| case.givens.get(c).is_none())
        .expect("an empty cell");
    let right = case.solution.get(cell).expect("solved");
    let wrong = start
        .candidates(cell)
        .iter()
        .find(|&d| d != right)
        .expect("another candidate");
    let mut pm = start.clone();
    pm.place(cell, wrong);
    assert!(matches!(
        teacher.hint(&pm, Some(&case.givens)),
        Ok(Hint::Mistake(Mistake::WrongDigit { .. }))
    ));
    assert!(teacher.mistake(&pm, &case.solution).is_some());
    let mut pm = start;
    pm.place(cell, right);
    assert!(teacher.mistake(&pm, &case.solution).is_none());
}

/// BUG+1 reads the layout's houses: on a jigsaw whose regions are the boxes (the standard
/// geometry under other house numbers) it finds the standard board's step.
#[test]
fn bug_plus_one_reads_the_layouts_houses() {
    use nonet_logic::internals::techniques::find;
    use nonet_logic::internals::Position;
    // The teacher's path on this puzzle reaches a BUG+1.
    let puzzle = Sudoku::from_line(
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
    )
    .expect("puzzle");
    let path = Teacher::new().path(&puzzle.into()).expect("a path");
    let mut pm = path.start.clone();
    for step in &path.steps {
        if step.technique == Technique::Bug1 {
            break;
        }
        step.apply_to(&mut pm);
    }
    let standard = find(Technique::Bug1, &Position::new(&pm));
    assert_eq!(standard.len(), 1);
    let boxes = Layout::jigsaw(&RegionMap::boxes());
    let on_boxes = pm.clone().with_layout(boxes);
    let jigsaw = find(Technique::Bug1, &Position::new(&on_boxes));
    assert_eq!(jigsaw.len(), 1);
    assert_eq!(jigsaw[0].eliminations, standard[0].eliminations);
    // With the diagonals, the extra digit's count on them is not three: no BUG+1.
    let on_x = pm.clone().with_layout(x_layout());
    assert!(find(Technique::Bug1, &Position::new(&on_x)).is_empty());
}

/// Where the standard board would reach for Sudoku Explainer's forcing chains, a variant gets
/// the teacher's own contradiction chains over its houses: this X-Sudoku needed a guess
/// without them.
#[test]
fn an_x_sudoku_needing_a_forcing_chain_gets_a_contradiction_chain_not_a_guess() {
    let case = cases(X, x_layout)
        .into_iter()
        .find(|c| {
            c.givens.to_line()
                == "75.....9.....8.....2......4..9........2....41.....1...9..7...1........3..3...5..2"
        })
        .expect("the puzzle is in the set");
    let path = Teacher::new().path(&case.puzzle()).expect("a path");
    assert!(path.is_solved() && !path.has_guess());
    let step = path
        .steps
        .iter()
        .find(|s| s.technique == Technique::ContradictionForcingChain)
        .expect("a contradiction chain");
    let chain = step.chain.as_ref().expect("its chain");
    assert_eq!(chain.branches.len(), 2);
    let assumed = step.eliminations.first().expect("an elimination");
    for branch in &chain.branches {
        let first = &branch[0].from;
        assert_eq!(
            (first.cells, first.digit, first.on),
            (CellSet::single(assumed.cell), assumed.digit, true)
        );
    }
    let text = step.explanation(&case.layout);
    println!("{text}");
    assert!(
        text.starts_with(&format!(
            "{} can't go in {}: if {} is {}, then ",
            assumed.digit, assumed.cell, assumed.cell, assumed.digit
        )),
        "{text}"
    );
    assert!(
        text.contains(
            "which can't both hold; so the assumption is false (a Contradiction Forcing Chain)"
        ),
        "{text}"
    );
    assert!(step.difficulty.is_some_and(|d| d >= 8.5));
}

/// Regression: `Step::apply_to` placed a digit with the standard layout's peers, so a step
/// applied to a jigsaw position outside the teacher took the digit out of the box (no house
/// there) and left it in the rest of the cell's region. A position now carries its layout, and
/// applying a step takes the peers from it.
#[test]
fn apply_to_on_a_jigsaw_used_the_standard_peers() {
    let case = &cases(JIGSAW, || STANDARD.clone())[0];
    // Without the region's hidden singles, placements leave the digit in region cells.
    let teacher = Teacher::new().with_techniques([
        Technique::HiddenSingleRow,
        Technique::HiddenSingleColumn,
        Technique::NakedSingle,
    ]);
    let path = teacher.path(&case.puzzle()).expect("a path");
    let mut pm = path.start.clone();
    // Placements whose digit was still pencilled in a cell only the region makes a peer: there
    // the standard peers would have left it.
    let mut told_apart = 0;
    for step in &path.steps {
        let before = pm.clone();
        step.apply_to(&mut pm);
        assert_eq!(pm.layout(), &case.layout);
        let Some(placed) = step.placement else {
            continue;
        };
        let peers = case.layout.peers(placed.cell);
        for cell in peers {
            assert!(
                !pm.candidates(cell).contains(placed.digit),
                "{} in {} stays a candidate of its peer {cell}",
                placed.digit,
                placed.cell
            );
        }
        told_apart += peers
            .difference(STANDARD.peers(placed.cell))
            .iter()
            .filter(|&c| before.candidates(c).contains(placed.digit))
            .count();
    }
    assert!(told_apart > 0, "no step tells the two layouts apart");
    assert_eq!(pm, path.end);
}
