//! `Teacher::check_step` against the explaining path: every step of a puzzle's path, given as
//! a claim on the position before it, checks as valid with the same eliminations and
//! placements (on the position itself, and on it written as a pencil-mark grid and read back); two broken variants of each step (one pattern cell moved to another cell, one
//! digit changed) are rejected with a reason, unless the engine genuinely finds a step of the
//! same technique that contains the broken claim (counted and listed).
//!
//! Always on: one hand-checked puzzle per technique (`fixtures/exemplar-steps.txt`) and the
//! samples of the shared sets in `fixtures/`. Behind `#[ignore]`: whole shared sets.

use std::collections::BTreeMap;
use std::path::PathBuf;

use nonet_core::{Cell, CellSet, Digit, PencilMarks, Sudoku};
use nonet_logic::{Candidate, Claim, Outcome, Step, Teacher, Technique};

/// What a run over some puzzles gave.
#[derive(Default, Debug)]
struct Tally {
    steps: usize,
    per_technique: BTreeMap<String, usize>,
    rejected: usize,
    /// Broken variants the engine still accepted: technique, variant, the step it found.
    accepted: Vec<String>,
    /// One reason per technique and kind of variant, to read (`--nocapture`).
    reasons: BTreeMap<String, String>,
    /// Rejections whose reason is the generic one (no step of the technique matches).
    generic: usize,
    /// Failures: a path step not accepted, or accepted with other eliminations.
    failures: Vec<String>,
}

/// `claim` with `f` applied to each of its pattern, second-role, placed and removed
/// candidates.
fn map_candidates(claim: &Claim, f: impl Fn(&Candidate) -> Candidate) -> Claim {
    let mut out = claim.clone();
    for list in [
        &mut out.pattern,
        &mut out.secondary,
        &mut out.placements,
        &mut out.eliminations,
    ] {
        *list = list.iter().map(&f).collect();
    }
    out
}

/// The claim with cell `from` replaced by `to` wherever the claim names it.
fn moved(claim: &Claim, from: Cell, to: Cell) -> Claim {
    let mut out = map_candidates(claim, |c| Candidate {
        cell: if c.cell == from { to } else { c.cell },
        digit: c.digit,
    });
    if out.cells.remove(from) {
        out.cells.insert(to);
    }
    out
}

/// The claim with digit `from` replaced by `to` everywhere.
fn redigited(claim: &Claim, from: Digit, to: Digit) -> Claim {
    let mut out = map_candidates(claim, |c| Candidate {
        cell: c.cell,
        digit: if c.digit == from { to } else { c.digit },
    });
    if out.digits.remove(from) {
        out.digits.insert(to);
    }
    out
}

/// The broken variants of `step` on `pm`: its first pattern cell moved to the next empty cell
/// (row-major, wrapping) outside the step's cells that holds the moved candidate's digit, and its first digit changed to the next
/// digit (wrapping) that is not one of the step's.
fn broken_variants(pm: &PencilMarks, step: &Step) -> Vec<(String, Claim)> {
    let claim = Claim::from_step(step);
    let mut out = Vec::new();
    let mut all_cells = step.cells;
    for c in step.pattern.iter().chain(&step.placement) {
        all_cells.insert(c.cell);
    }
    let first = step.pattern.first().or(step.placement.as_ref());
    let from = first.map(|c| c.cell).or_else(|| step.cells.first());
    if let Some(from) = from {
        // The next cell holding the moved candidate's digit, so that the broken claim names
        // only real candidates; else the next empty cell.
        let next = |ok: &dyn Fn(Cell) -> bool| {
            (1..81)
                .map(|k| Cell::from_index((from.index() + k) % 81))
                .find(|&c| !all_cells.contains(c) && pm.value(c).is_none() && ok(c))
        };
        let to = first
            .and_then(|p| next(&|c| pm.candidates(c).contains(p.digit)))
            .or_else(|| next(&|_| true));
        if let Some(to) = to {
            out.push((format!("{from} moved to {to}"), moved(&claim, from, to)));
        }
    }
    let mut digits = step.digits;
    for c in step.pattern.iter().chain(&step.placement) {
        digits.insert(c.digit);
    }
    if let Some(from) = digits.first() {
        let to = (1..9)
            .map(|k| Digit::from_index((from.index() + k) % 9))
            .find(|&d| !digits.contains(d));
        if let Some(to) = to {
            out.push((
                format!("{from} changed to {to}"),
                redigited(&claim, from, to),
            ));
        }
    }
    out
}

/// Walks `puzzle`'s path, checking each step and its broken variants.
fn check_puzzle(line: &str, tally: &mut Tally) {
    let Ok(sudoku) = Sudoku::from_line(&line[..81]) else {
        return;
    };
    let teacher = Teacher::new();
    let Ok(path) = teacher.path(&sudoku.into()) else {
        return;
    };
    let mut cur = path.start.clone();
    for step in &path.steps {
        if step.technique == Technique::TrialAndError {
            step.apply_to(&mut cur);
            continue;
        }
        tally.steps += 1;
        *tally
            .per_technique
            .entry(step.technique.code())
            .or_default() += 1;
        let at = format!("{} step {} {:?}", &line[..81], tally.steps, step.technique);
        match teacher.check_step(&cur, &Claim::from_step(step)) {
            Ok(v) if v.is_valid() => {
                let got = v.step.expect("a valid verdict carries its step");
                if got.eliminations != step.eliminations || got.placement != step.placement {
                    tally
                        .failures
                        .push(format!("{at}: accepted with other results: {}", v.reason));
                }
            }
            Ok(v) => tally
                .failures
                .push(format!("{at}: not accepted: {:?} {}", v.outcome, v.reason)),
            Err(e) => tally.failures.push(format!("{at}: error {e}")),
        }
        // The same through a pencil-mark grid, read back as `nonet check-step` reads it.
        let claim = Claim::from_step(step);
        let mut read = PencilMarks::from_pencil_grid(&cur.to_pencil_grid())
            .expect("a grid")
            .with_layout(cur.layout().clone());
        claim.read_grid_singles(&mut read);
        match teacher.check_step(&read, &claim) {
            Ok(v) if v.is_valid() => {}
            Ok(v) => tally.failures.push(format!(
                "{at}: not accepted from its grid: {:?} {}",
                v.outcome, v.reason
            )),
            Err(e) => tally
                .failures
                .push(format!("{at}: from its grid: error {e}")),
        }
        for (what, claim) in broken_variants(&cur, step) {
            match teacher.check_step(&cur, &claim) {
                Ok(v) if v.is_valid() => {
                    let got = v.step.expect("a valid verdict carries its step");
                    // Accepted: the engine must have found a step containing the claim.
                    assert!(claim.techniques.contains(&got.technique), "{at}");
                    assert!(claim.cells.difference(got.cells).is_empty(), "{at}");
                    tally
                        .accepted
                        .push(format!("{:?}: {what} ({at})", step.technique));
                }
                Ok(v) => {
                    assert!(
                        v.reason.len() > 15 && v.outcome != Outcome::Valid,
                        "{at}: {what}: {v:?}"
                    );
                    tally.rejected += 1;
                    if v.reason.starts_with("no ") || v.reason.starts_with("there is no ") {
                        tally.generic += 1;
                    }
                    let kind = what.split(' ').nth(1).unwrap_or("");
                    tally
                        .reasons
                        .entry(format!("{} {kind}", step.technique.code()))
                        .or_insert_with(|| format!("{what}: {}", v.reason));
                }
                Err(e) => tally.failures.push(format!("{at}: {what}: error {e}")),
            }
        }
        step.apply_to(&mut cur);
    }
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .expect("fixture")
}

fn shared(name: &str) -> Option<String> {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/puzzles")
            .join(name),
    )
    .or_else(|_| std::fs::read_to_string(PathBuf::from("/work/shared/puzzles").join(name)))
    .ok()
}

fn puzzle_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
}

fn report(name: &str, tally: &Tally) {
    eprintln!(
        "{name}: {} steps checked, {} broken variants rejected, {} accepted",
        tally.steps,
        tally.rejected,
        tally.accepted.len()
    );
    eprintln!("  per technique: {:?}", tally.per_technique);
    eprintln!("  generic reasons: {}", tally.generic);
    for (k, r) in &tally.reasons {
        eprintln!("  {k}: {r}");
    }
    for a in &tally.accepted {
        eprintln!("  accepted: {a}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} failures:\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
}

/// One puzzle per technique (the exemplars) and a few of each shared set's samples.
#[test]
fn every_path_step_checks_valid_and_broken_variants_are_rejected() {
    let mut tally = Tally::default();
    for line in fixture("exemplar-steps.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let puzzle = line.split('|').nth(2).expect("a puzzle field");
        check_puzzle(puzzle, &mut tally);
    }
    for name in [
        "sample-se-rated.txt",
        "sample-17-clue.txt",
        "sample-magictour-top1465.txt",
    ] {
        for line in puzzle_lines(&fixture(name)).step_by(8) {
            check_puzzle(line, &mut tally);
        }
    }
    report("exemplars and samples", &tally);
    // Every technique of the teacher's order that the exemplars reach was checked.
    assert!(tally.per_technique.len() >= 40, "{:?}", tally.per_technique);
    assert!(tally.rejected > 0);
    // A broken variant is accepted only when it happens to be another real step.
    assert!(
        tally.accepted.len() * 50 <= tally.rejected,
        "{:?}",
        tally.accepted
    );
}

/// The shared sets: se-rated.txt whole, every 10th puzzle of magictour-top1465.txt.
#[test]
#[ignore = "minutes: run with --ignored"]
fn every_path_step_of_the_shared_sets_checks_valid() {
    let mut tally = Tally::default();
    let Some(se) = shared("se-rated.txt") else {
        eprintln!("shared puzzles not found: skipped");
        return;
    };
    for line in puzzle_lines(&se) {
        check_puzzle(line, &mut tally);
    }
    if let Some(top) = shared("magictour-top1465.txt") {
        for line in puzzle_lines(&top).step_by(10) {
            check_puzzle(line, &mut tally);
        }
    }
    report("shared sets", &tally);
}

/// Minimal claims: the engine fills in the rest, and the reasons name what is wrong.
#[test]
fn minimal_claims_are_filled_in_and_wrong_ones_say_why() {
    // The first steps of this puzzle's path: hidden singles, then a locked triple, a naked
    // pair and so on (see `nonet explain`).
    let sudoku = Sudoku::from_line(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .unwrap();
    let teacher = Teacher::new();
    let path = teacher.path(&sudoku.into()).unwrap();
    let mut cur = path.start.clone();
    let mut tried = 0;
    for step in &path.steps {
        if matches!(
            step.technique,
            Technique::NakedPair | Technique::Pointing | Technique::HiddenPair
        ) {
            // Only the technique and the cells (or digits and house).
            let mut claim = Claim::new(step.technique);
            if step.technique == Technique::NakedPair {
                claim.cells = step.cells;
            } else {
                claim.digits = step.digits;
                claim.houses = step.houses.clone();
            }
            let v = teacher.check_step(&cur, &claim).unwrap();
            assert!(v.is_valid(), "{step:?}: {v:?}");
            assert_eq!(v.step.unwrap().eliminations, step.eliminations);
            tried += 1;
        }
        step.apply_to(&mut cur);
    }
    assert!(tried >= 3);
}

#[test]
fn a_naked_pair_with_a_third_candidate_names_the_cell() {
    // r1c1 holds 1,2; r1c2 holds 1,2,3: not a naked pair, because of r1c2.
    let sudoku = Sudoku::from_line(&".".repeat(81)).unwrap();
    let mut pm = PencilMarks::raw(&sudoku.into());
    let d = |n| Digit::new(n).unwrap();
    pm.set_candidates(Cell::at(0, 0), [d(1), d(2)].into_iter().collect());
    pm.set_candidates(Cell::at(0, 1), [d(1), d(2), d(3)].into_iter().collect());
    let mut claim = Claim::of_code("naked-pair").unwrap();
    claim.cells = CellSet::single(Cell::at(0, 0)).union(CellSet::single(Cell::at(0, 1)));
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert_eq!(v.outcome, Outcome::Invalid);
    assert!(
        v.reason.starts_with("r1c2 has candidates 1,2,3"),
        "{}",
        v.reason
    );
    // Now r1c2 holds 1,2: a naked pair that removes 1 and 2 from the rest of row 1 and box 1.
    pm.set_candidates(Cell::at(0, 1), [d(1), d(2)].into_iter().collect());
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert!(v.is_valid(), "{v:?}");
    assert!(v
        .step
        .unwrap()
        .eliminations
        .contains(Candidate::new(Cell::at(0, 5), d(1))));
}

#[test]
fn an_x_wing_with_a_base_cell_outside_the_cover_names_it() {
    // 4 in rows 2 and 6 only in columns 2 and 6, but r2c7 also holds 4.
    let sudoku = Sudoku::from_line(&".".repeat(81)).unwrap();
    let mut pm = PencilMarks::raw(&sudoku.into());
    let four = Digit::new(4).unwrap();
    for row in [1, 5] {
        for col in 0..9 {
            if ![1, 5, 6].contains(&col) || (row == 5 && col == 6) {
                pm.eliminate(Cell::at(row, col), four);
            }
        }
    }
    let mut claim = Claim::of_code("x-wing").unwrap();
    claim.digits.insert(four);
    claim.houses = vec![nonet_core::House::row(1), nonet_core::House::row(5)];
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert_eq!(v.outcome, Outcome::Invalid);
    assert!(v.reason.starts_with("r2c7 also holds 4"), "{}", v.reason);
    pm.eliminate(Cell::at(1, 6), four);
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert!(v.is_valid(), "{v:?}");
    // With no other 4 in columns 2 and 6, the X-Wing holds but removes nothing.
    for row in 0..9 {
        if row != 1 && row != 5 {
            pm.eliminate(Cell::at(row, 1), four);
            pm.eliminate(Cell::at(row, 5), four);
        }
    }
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert_eq!(v.outcome, Outcome::RemovesNothing, "{v:?}");
    assert!(v.reason.contains("removes nothing"), "{}", v.reason);
}

#[test]
fn a_clashing_position_is_an_error_not_a_verdict() {
    let mut line = ".".repeat(81);
    line.replace_range(0..2, "11");
    let pm = PencilMarks::raw(&Sudoku::from_line(&line).unwrap().into());
    let claim = Claim::of_code("naked-single").unwrap();
    assert!(Teacher::new().check_step(&pm, &claim).is_err());
    assert!(Claim::of_code("no-such-technique").is_none());
    assert!(Teacher::new()
        .check_step(&PencilMarks::empty(), &Claim::default())
        .is_err());
}

/// Claims made of random parts (any technique, cells, houses of any layout, digits and
/// candidates) on the positions of a path: every one gets a verdict or an error, never a
/// panic, and the same claim always gets the same answer.
#[test]
fn random_claims_never_panic_and_answer_the_same_twice() {
    let sudoku = Sudoku::from_line(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .unwrap();
    let teacher = Teacher::new();
    let path = teacher.path(&sudoku.into()).unwrap();
    let techniques: Vec<Technique> = Technique::all().collect();
    // A small linear congruential stream: the test is the same on every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut cur = path.start.clone();
    let mut answered = 0;
    for (i, step) in path.steps.iter().enumerate() {
        if i % 3 == 0 {
            for _ in 0..6 {
                let t = techniques[next(techniques.len())];
                // The forcing chains are slow to search: one claim in four may name one.
                if t.family() == nonet_logic::Family::ForcingChains && next(4) != 0 {
                    continue;
                }
                let mut claim = Claim::new(t);
                for _ in 0..next(5) {
                    claim.cells.insert(Cell::from_index(next(81)));
                }
                for _ in 0..next(3) {
                    claim.houses.push(nonet_core::House::from_index(next(
                        nonet_core::House::COUNT,
                    )));
                }
                for _ in 0..next(2) {
                    claim.cover_houses.push(nonet_core::House::from_index(next(
                        nonet_core::House::COUNT,
                    )));
                }
                for _ in 0..next(3) {
                    claim.digits.insert(Digit::from_index(next(9)));
                }
                let mut cand =
                    || Candidate::new(Cell::from_index(next(81)), Digit::from_index(next(9)));
                let (a, b, c) = (cand(), cand(), cand());
                match i % 4 {
                    0 => claim.pattern.push(a),
                    1 => claim.eliminations.push(b),
                    2 => claim.placements.push(c),
                    _ => {}
                }
                let first = teacher.check_step(&cur, &claim);
                assert_eq!(first, teacher.check_step(&cur, &claim), "{claim:?}");
                if let Ok(v) = first {
                    assert!(!v.reason.is_empty(), "{claim:?}");
                }
                answered += 1;
            }
        }
        step.apply_to(&mut cur);
    }
    assert!(answered > 50, "{answered}");
}

/// A position whose one X-Wing is on 4 in rows 2 and 6, columns 2 and 6 (4 is left in those
/// rows only there), with 4 still everywhere else.
fn one_x_wing() -> PencilMarks {
    let mut pm = PencilMarks::raw(&Sudoku::from_line(&".".repeat(81)).unwrap().into());
    let four = Digit::new(4).unwrap();
    for row in [1, 5] {
        for col in 0..9 {
            if col != 1 && col != 5 {
                pm.eliminate(Cell::at(row, col), four);
            }
        }
    }
    pm
}

fn cells(list: &[(usize, usize)]) -> CellSet {
    list.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
}

/// Regression: a valid verdict said "Valid" and the step's sentence, without naming the step
/// found: its technique, digit, houses and cells, and what it removes.
#[test]
fn a_valid_verdict_names_the_step_found_its_cells_and_what_it_removes() {
    let pm = one_x_wing();
    let mut claim = Claim::of_code("x-wing").unwrap();
    claim.digits.insert(Digit::new(4).unwrap());
    claim.cells = cells(&[(2, 2), (6, 6)]);
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert!(v.is_valid(), "{v:?}");
    assert!(
        v.reason.starts_with(
            "an X-Wing on 4 in row 2 and row 6, over column 2 and column 6 \
             (r2c2, r2c6, r6c2 and r6c6): it removes 4 from r1c2, r1c6"
        ),
        "{}",
        v.reason
    );
}

/// Regression: a wrong X-Wing claim was answered with "the nearest X-Wing found is on 4 in
/// r2c2, r2c6, r6c2 and r6c6", giving away the pattern the player had not found. The reason
/// now speaks of the claimed cells and lines only.
#[test]
fn a_wrong_x_wing_claim_does_not_reveal_where_the_real_one_is() {
    let pm = one_x_wing();
    let real = [
        "r2c2", "r2c6", "r6c2", "r6c6", "row 2", "row 6", "column 2", "column 6",
    ];
    let four = Digit::new(4).unwrap();
    // As the game sends it: a digit and the cells marked; then with base rows, and with
    // nothing but the technique and a digit the one X-Wing is not on.
    let mut by_cells = Claim::of_code("x-wing").unwrap();
    by_cells.digits.insert(four);
    by_cells.cells = cells(&[(3, 3), (3, 8), (7, 3), (7, 8)]);
    let mut by_rows = Claim::of_code("x-wing").unwrap();
    by_rows.digits.insert(four);
    by_rows.houses = vec![nonet_core::House::row(2), nonet_core::House::row(6)];
    let mut other_digit = Claim::of_code("x-wing").unwrap();
    other_digit.digits.insert(Digit::new(5).unwrap());
    let mut missing_digit = by_cells.clone();
    missing_digit.cells = cells(&[(3, 3), (2, 8)]);
    for claim in [by_cells, by_rows, other_digit, missing_digit] {
        let v = Teacher::new().check_step(&pm, &claim).unwrap();
        assert_eq!(v.outcome, Outcome::Invalid, "{claim:?}: {v:?}");
        assert_eq!(v.step, None, "{claim:?}");
        for part in real {
            assert!(
                !v.reason.contains(part),
                "{claim:?}: {part} in {}",
                v.reason
            );
        }
        println!("{}", v.reason);
    }
}

/// A claim about a digit already placed in its house said "has no place left in box 1 (it is
/// placed or gone)"; it now says where the digit stands, and a digit ruled out of every empty
/// cell is told apart.
#[test]
fn a_claim_on_a_placed_digit_names_where_it_stands() {
    let d = |n| Digit::new(n).unwrap();
    let sudoku = Sudoku::from_line(&format!("5{}", ".".repeat(80))).unwrap();
    let mut pm = PencilMarks::after_elimination(&sudoku.into());
    let mut claim = Claim::of_code("pointing").unwrap();
    claim.digits.insert(d(5));
    claim.houses = vec![nonet_core::House::box_(0)];
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert_eq!(v.outcome, Outcome::Invalid);
    assert!(
        v.reason.contains("5 is placed in box 1 already (r1c1)"),
        "{}",
        v.reason
    );
    // 6 ruled out of box 1's every empty cell, by hand.
    for c in nonet_core::STANDARD.cells(nonet_core::House::box_(0)) {
        pm.eliminate(*c, d(6));
    }
    claim.digits = [d(6)].into_iter().collect();
    let v = Teacher::new().check_step(&pm, &claim).unwrap();
    assert!(
        v.reason
            .contains("6 has no place left in box 1: no empty cell"),
        "{}",
        v.reason
    );
}

/// A single claimed in one cell was valid when a single of that technique and digit placed in
/// another cell of a house through it: "a Hidden Single on 1 in r5c5" answered "valid: a Hidden
/// Single on 1 in column 5 (r3c5)". A single's one cell is the cell it places in.
#[test]
fn a_single_claimed_in_one_cell_is_the_one_placed_there() {
    let s = Sudoku::from_line(
        ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
    )
    .unwrap();
    let pm = PencilMarks::raw(&s.into());
    let claim = |cell: &str| {
        let mut c = Claim::of_code("hidden-single").unwrap();
        c.digits = nonet_core::DigitSet::single(Digit::new(1).unwrap());
        c.cells = CellSet::single(Cell::parse_name(cell).unwrap());
        c
    };
    // The Hidden Single on 1 of box 1 places in r3c3; r1c1 shares the box, r9c3 the column.
    let teacher = Teacher::new();
    let at = teacher.check_step(&pm, &claim("r3c3")).unwrap();
    assert_eq!(at.outcome, Outcome::Valid, "{}", at.reason);
    for other in ["r1c1", "r9c3"] {
        let v = teacher.check_step(&pm, &claim(other)).unwrap();
        assert_eq!(v.outcome, Outcome::Invalid, "{other}: {}", v.reason);
    }
}

/// The nested chain the hint names on Easter Monster took 35 s to check, against 0.05 s to
/// find: the check went on through every dearer nested level after the one that proves the
/// claim. Measured in the observer's polls, not seconds: the check may ask no more than twice
/// what the hint asked (it asked about a hundred times more).
#[test]
fn the_hint_s_own_nested_chain_checks_as_fast_as_it_was_found() {
    use nonet_logic::{Hint, Observer};
    use std::cell::Cell as Counter;
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let s = Sudoku::from_line(EASTER_MONSTER).unwrap();
    let pm = PencilMarks::raw(&s.into());
    let teacher = Teacher::new();
    let polls = Counter::new(0u64);
    let count = || {
        polls.set(polls.get() + 1);
        false
    };
    let Ok(Hint::Step(step)) = teacher.hint_observed(&pm, Some(&s), &Observer::new(&count)) else {
        panic!("a hint");
    };
    assert_eq!(step.technique, Technique::NestedForcingChain);
    let found = polls.get();
    let polls = Counter::new(0u64);
    let budget = || {
        polls.set(polls.get() + 1);
        polls.get() > 2 * found + 100
    };
    let verdict = teacher
        .check_step_observed(&pm, &Claim::from_step(&step), &Observer::new(&budget))
        .expect("checked within twice the hint's polls");
    assert_eq!(verdict.outcome, Outcome::Valid, "{}", verdict.reason);
}
