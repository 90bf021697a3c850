//! SE's rules over the variants' houses (`rate::rate_se` on a variant's puzzle): on the shared
//! jigsaw, X-Sudoku and Windoku puzzles (`shared/puzzles/variants`) every rating completes and
//! every step the rater applies agrees with the known solution: no solution candidate removed,
//! no wrong digit placed.
//!
//! The normal suite rates a sample of each file; the whole files run with
//! `cargo test -p nonet-logic --release --test se_variants -- --ignored --nocapture`.

use std::path::PathBuf;

use nonet_core::{CellSet, Layout, PencilMarks, Puzzle, RegionMap, Sudoku, STANDARD};
use nonet_logic::internals::se::Grid;
use nonet_logic::internals::se::{rate_sudoku, unique, Truth};
use nonet_logic::rate::{rate_se, SeOutcome};
use nonet_logic::Technique;

fn shared(name: &str) -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let candidates = [
        manifest.join("../../../shared/puzzles/variants").join(name),
        PathBuf::from("/work/shared/puzzles/variants").join(name),
    ];
    candidates
        .iter()
        .find(|p| p.exists())
        .cloned()
        .unwrap_or_else(|| panic!("data file {name} not found"))
}

/// One puzzle of a variants file, on its layout, with its solution.
struct Case {
    line: usize,
    layout: Layout,
    puzzle: Sudoku,
    solution: Sudoku,
}

/// The variants files and how each line gives its layout.
#[derive(Clone, Copy, Debug)]
enum File {
    /// `GIVENS REGIONS SOLUTION`.
    Jigsaw,
    /// `GIVENS SOLUTION`, on the standard layout with both diagonals.
    X,
    /// `GIVENS SOLUTION`, on the standard layout with the four windows.
    Windoku,
}

impl File {
    fn name(self) -> &'static str {
        match self {
            File::Jigsaw => "jigsaw-puzzles.txt",
            File::X => "x-puzzles.txt",
            File::Windoku => "windoku-puzzles.txt",
        }
    }

    fn load(self) -> Vec<Case> {
        let text = std::fs::read_to_string(shared(self.name())).expect("readable");
        let mut out = Vec::new();
        for (i, l) in text.lines().enumerate() {
            if l.starts_with('#') || l.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = l.split_whitespace().collect();
            let (layout, solution) = match self {
                File::Jigsaw => {
                    let regions = RegionMap::parse(f[1]).expect("a valid region map");
                    (Layout::jigsaw(&regions), f[2])
                }
                File::X => (STANDARD.with_diagonals(), f[1]),
                File::Windoku => (STANDARD.with_windows(), f[1]),
            };
            out.push(Case {
                line: i + 1,
                layout,
                puzzle: Sudoku::from_line(f[0]).expect("valid givens"),
                solution: Sudoku::from_line(solution).expect("a solution"),
            });
        }
        out
    }
}

/// Rates every `step`-th puzzle of `file` (`offset` first) and checks each step against the
/// solution; returns how many were rated and how many got stuck.
fn check(file: File, step: usize, offset: usize, verbose: bool) -> (usize, usize) {
    let cases = file.load();
    assert!(
        cases.len() >= 50,
        "{}: {} puzzles",
        file.name(),
        cases.len()
    );
    let (mut rated, mut stuck) = (0, 0);
    for case in cases.iter().skip(offset).step_by(step) {
        let where_ = format!("{} line {}", file.name(), case.line);
        let truth = Truth::from_solution(&case.solution);
        let puzzle = Puzzle::new(case.puzzle, case.layout.clone());
        let r = rate_sudoku(&puzzle);
        for (k, h) in r.steps.iter().enumerate() {
            let wrong = h.eliminations.intersection(truth.solution());
            assert!(
                wrong.is_empty(),
                "{where_}: step {k} ({:?}) removes solution candidates {wrong:?}",
                h.technique,
            );
            if let Some(p) = h.placement {
                assert!(
                    truth.holds(p),
                    "{where_}: step {k} ({:?}) places a wrong digit",
                    h.technique
                );
            }
        }
        // The front door agrees with the walk (and finds the solution unique on the layout).
        match rate_se(&puzzle) {
            Ok(SeOutcome::Rated(rating)) => {
                assert_eq!(rating.stuck, r.stuck, "{where_}");
                assert_eq!(rating.steps, r.steps.len(), "{where_}");
            }
            other => panic!("{where_}: {other:?}"),
        }
        if verbose {
            println!(
                "{where_}: ER {:.1} EP {:.1} ED {:.1} steps {}{}",
                nonet_logic::internals::se::round1(r.er),
                nonet_logic::internals::se::round1(r.ep),
                nonet_logic::internals::se::round1(r.ed),
                r.steps.len(),
                if r.stuck { " stuck" } else { "" }
            );
        }
        rated += 1;
        stuck += r.stuck as usize;
    }
    (rated, stuck)
}

#[test]
fn se_steps_on_a_sample_of_jigsaw_puzzles_agree_with_the_solution() {
    let (rated, _) = check(File::Jigsaw, 10, 3, false);
    assert!(rated >= 10);
}

#[test]
fn se_steps_on_a_sample_of_x_puzzles_agree_with_the_solution() {
    let (rated, _) = check(File::X, 10, 1, false);
    assert!(rated >= 5);
}

#[test]
fn se_steps_on_a_sample_of_windoku_puzzles_agree_with_the_solution() {
    let (rated, _) = check(File::Windoku, 10, 2, false);
    assert!(rated >= 5);
}

/// Every puzzle of the three files; prints each rating.
#[test]
#[ignore = "rates every shared variant puzzle; run with --release --ignored --nocapture"]
fn se_steps_on_every_variant_puzzle_agree_with_the_solution() {
    for file in [File::Jigsaw, File::X, File::Windoku] {
        let (rated, stuck) = check(file, 1, 0, true);
        println!("{}: {rated} rated, {stuck} stuck", file.name());
    }
}

/// An X-Sudoku puzzle has several solutions without its diagonals: SE's rules over the
/// standard houses refuse it, over the layout's houses they rate it.
#[test]
fn x_sudoku_is_rated_over_its_diagonals() {
    let case = &File::X.load()[0];
    assert_eq!(rate_se(&case.puzzle.into()), Ok(SeOutcome::Multiple));
    assert!(matches!(
        rate_se(&Puzzle::new(case.puzzle, case.layout.clone())),
        Ok(SeOutcome::Rated(_))
    ));
}

/// The grids of se-rated.txt just before each step of one of `techniques`, with that step,
/// at most `limit` of them.
fn grids_before(techniques: &[Technique], limit: usize) -> Vec<(PencilMarks, nonet_logic::Step)> {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles/se-rated.txt"),
    )
    .or_else(|_| std::fs::read_to_string("/work/shared/puzzles/se-rated.txt"))
    .expect("se-rated.txt");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() > 81) {
        let s = Sudoku::from_line(&line[..81]).expect("a puzzle");
        let r = nonet_logic::internals::se::rate_sudoku(&s.into());
        if !r.steps.iter().any(|h| techniques.contains(&h.technique)) {
            continue;
        }
        let mut g = Grid::from_puzzle(&s.into());
        for h in &r.steps {
            if techniques.contains(&h.technique) {
                out.push((g.to_pencil_marks(), h.clone()));
                if out.len() == limit {
                    return out;
                }
            }
            g.apply(h);
        }
    }
    out
}

/// SE's BUG argument counts three houses per cell: on any other layout the producer stays
/// silent, even on a grid where it fires on the standard layout.
#[test]
fn bug_is_left_out_off_the_standard_layout() {
    let bugs = [
        Technique::Bug1,
        Technique::Bug2,
        Technique::Bug3,
        Technique::Bug4,
    ];
    let found = grids_before(&bugs, 3);
    assert!(!found.is_empty(), "se-rated.txt has BUG steps");
    let x = STANDARD.with_diagonals();
    let fires = |g: &Grid| {
        let mut any = false;
        unique::bug(g, &mut |_| {
            any = true;
            true
        });
        any
    };
    for (pm, _) in &found {
        assert!(fires(&Grid::from_pencil_marks(pm)));
        assert!(!fires(&Grid::from_pencil_marks(
            &pm.clone().with_layout(x.clone())
        )));
    }
}

/// A unique loop is a deadly pattern only if every house of its cells holds two of them of
/// opposite parity: on X-Sudoku a rectangle with one cell on a diagonal is not one. On the grids
/// before SE's loop steps in se-rated.txt, some of whose loops cross a diagonal oddly, no loop
/// the producer offers on the X layout does.
#[test]
fn unique_loops_count_the_diagonals_of_their_cells() {
    let loops = [
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueLoop,
    ];
    let x = STANDARD.with_diagonals();
    // Whether the cells of `m` put an odd number on a diagonal.
    let odd = |m: CellSet| {
        (0..2).any(|k| {
            m.iter()
                .filter(|c| {
                    if k == 0 {
                        c.row() == c.col()
                    } else {
                        c.row() + c.col() == 8
                    }
                })
                .count()
                % 2
                == 1
        })
    };
    let (mut broken, mut offered) = (0, 0);
    for (pm, hint) in grids_before(&loops, 400) {
        // Rectangles of types 1, 2 and 4 name the loop's cells only (type 3 adds a set, and
        // longer loops of every type share one technique).
        let loop_only = |h: &nonet_logic::Step| {
            matches!(
                h.technique,
                Technique::UniqueRectangle1
                    | Technique::UniqueRectangle2
                    | Technique::UniqueRectangle4
            )
        };
        if loop_only(&hint) && odd(hint.cells) {
            broken += 1;
        }
        let g = Grid::from_pencil_marks(&pm.clone().with_layout(x.clone()));
        unique::unique_loops(&g, &mut unique::Loops::default(), &mut |h| {
            if loop_only(&h) {
                offered += 1;
                assert!(
                    !odd(h.cells),
                    "a loop broken by a diagonal: {:?}",
                    h.technique
                );
            }
            true
        });
    }
    assert!(
        broken > 0 && offered > 0,
        "{broken} broken, {offered} offered"
    );
}

/// What SE's memory knows holds for one layout: asked on a grid of another layout, it forgets
/// and gives the hint a fresh memory gives. (Locking remembers a digit's positions as sterile
/// on the standard layout; the same positions may lock along a diagonal.)
#[test]
fn memory_forgets_what_it_knew_of_another_layout() {
    use nonet_logic::internals::se::{next_basic_hint, Memory};
    use nonet_logic::Step;
    let x = STANDARD.with_diagonals();
    let key = |h: Option<Step>| h.map(|h| (h.technique, h.eliminations, h.placement));
    let mut differs = 0;
    for (pm, _) in grids_before(
        &[
            Technique::NakedPair,
            Technique::HiddenPair,
            Technique::Claiming,
            Technique::NakedTriple,
            Technique::XWing,
            Technique::Swordfish,
            Technique::XYWing,
        ],
        3000,
    ) {
        let standard = Grid::from_pencil_marks(&pm);
        let on_x = Grid::from_pencil_marks(&pm.clone().with_layout(x.clone()));
        let mut memory = Memory::new();
        let std_hint = key(next_basic_hint(&standard, &mut memory));
        let fresh = key(next_basic_hint(&on_x, &mut Memory::new()));
        differs += (fresh != std_hint) as usize;
        assert_eq!(key(next_basic_hint(&on_x, &mut memory)), fresh);
    }
    assert!(differs > 0, "the X layout changes no hint");
}
