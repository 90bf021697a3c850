//! The Learn view's data, written alike by the server (`GET /api/learn/...`) and the page's
//! engine (`nonet-wasm`): every technique of the catalogue (one entry per `--techniques` code,
//! so the three hidden singles are one) with its paragraph (`Technique::about`), its difficulty
//! on SE's scale, a worked example drawn by the teacher from a puzzle of the stock, and puzzles
//! to practise it on.
//!
//! The stock (`learn-stock.txt`: the logic crate's hand-checked exemplar steps, each the first
//! step of its technique on its puzzle's path) gives each technique its example puzzle and the
//! practice puzzles used when the generator cannot make them. The example is the first step of
//! the technique on the teacher's path of that puzzle ([`example`]); the page draws the board
//! and the pattern from the step's own data. Practice puzzles come from the generator, aimed at
//! the technique ([`practice_targets`]), each with its drill (the position just before the
//! technique's step, as a progress grid a game starts from); how long it may try is the
//! caller's (the server's deadline, the page's worker), and the stock fills up what it did not
//! make, with a note saying so ([`PracticeView::new`]).

use nonet_core::{Cell, Puzzle, Sudoku, Variant};
use nonet_generate::{Drill, GenerateError};
use nonet_logic::{Family, Teacher, Technique};
use serde::Serialize;

use crate::game::{candidates, LayoutView};
use crate::GameStep;

/// The stock: `Technique|example puzzle|practice puzzles, comma-separated`.
const STOCK: &str = include_str!("learn-stock.txt");

/// How many practice puzzles the Learn view offers.
pub const PRACTICE: usize = 3;

/// One technique of the stock.
struct Stocked {
    technique: &'static str,
    example: &'static str,
    practice: Vec<&'static str>,
}

fn stock() -> impl Iterator<Item = Stocked> {
    STOCK
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut parts = l.split('|');
            let technique = parts.next()?;
            let example = parts.next()?;
            let practice = parts
                .next()
                .unwrap_or("")
                .split(',')
                .filter(|p| !p.is_empty())
                .collect();
            Some(Stocked {
                technique,
                example,
                practice,
            })
        })
}

/// The stocked entry of any technique sharing `code` (a hidden single's box, row or column
/// example all teach the hidden single).
fn stocked(code: &str) -> Option<Stocked> {
    let techniques = techniques_of(code);
    stock().find(|s| {
        s.technique
            .parse::<Technique>()
            .is_ok_and(|t| techniques.contains(&t))
    })
}

/// Every stock line's technique name and puzzles, for the stock's own tests.
pub fn stock_lines() -> Vec<(&'static str, Vec<&'static str>)> {
    stock()
        .map(|s| {
            let mut puzzles = vec![s.example];
            puzzles.extend(s.practice);
            (s.technique, puzzles)
        })
        .collect()
}

/// The techniques of the catalogue code `code` (none when it is not a code, though it may name
/// a technique otherwise: the Learn view's addresses are codes).
pub fn techniques_of(code: &str) -> Vec<Technique> {
    Technique::named(code)
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t.code() == code)
        .collect()
}

/// One technique as the Learn view lists it.
#[derive(Debug, Serialize)]
pub struct TechniqueEntry {
    /// Its `--techniques` code, the one name on the wire.
    pub code: String,
    /// Its name.
    pub name: &'static str,
    /// Its family's name.
    pub family: &'static str,
    /// Its base difficulty on SE's scale.
    pub difficulty: f64,
    /// Whether it assumes the puzzle has one solution.
    pub needs_uniqueness: bool,
    /// Its paragraph.
    pub about: &'static str,
    /// Whether the stock has a worked example for it.
    pub has_example: bool,
}

/// The catalogue as the Learn view lists it (`{techniques}` of `GET /api/learn`): one entry
/// per code, in catalogue order (easiest families first), without trial and error (not a
/// deduction).
pub fn catalogue() -> Vec<TechniqueEntry> {
    let mut seen = Vec::<String>::new();
    let mut out = Vec::new();
    for t in Technique::all() {
        let code = t.code();
        if t.family() == Family::Guess || seen.contains(&code) {
            continue;
        }
        seen.push(code.clone());
        out.push(TechniqueEntry {
            has_example: stocked(&code).is_some(),
            code,
            name: t.name(),
            family: t.family().name(),
            difficulty: t.base(),
            needs_uniqueness: t.needs_uniqueness(),
            about: t.about(),
        });
    }
    out
}

/// A worked example: the first step of the technique on a stock puzzle's path, with the
/// position it starts from.
#[derive(Debug, Serialize)]
pub struct ExampleView {
    /// The stock puzzle.
    pub puzzle: String,
    /// The digits of the position before the step, 81 characters.
    pub grid: String,
    /// Each cell's candidates in that position.
    pub candidates: Vec<Vec<u8>>,
    /// The step.
    pub step: GameStep,
    /// The board's geometry, so the page draws the example from data.
    pub layout: LayoutView,
}

/// The stock's example puzzle of `code`'s technique, if the stock has one.
pub fn example_puzzle(code: &str) -> Option<&'static str> {
    stocked(code).map(|s| s.example)
}

/// The first step of one of `techniques` on the teacher's path of `puzzle`, with the position
/// it starts from.
pub fn example(puzzle: &Sudoku, techniques: &[Technique]) -> Option<ExampleView> {
    let path = Teacher::new().path(&Puzzle::from(*puzzle)).ok()?;
    let mut position = path.start.clone();
    for step in &path.steps {
        if techniques.contains(&step.technique) {
            let grid: String = Cell::all()
                .map(|c| position.value(c).map_or('.', |d| d.to_char()))
                .collect();
            return Some(ExampleView {
                puzzle: puzzle.to_line(),
                grid,
                candidates: candidates(&position),
                step: GameStep::new(step, position.layout(), Some(&position)),
                layout: LayoutView::new(Variant::STANDARD, None, position.layout()),
            });
        }
        step.apply_to(&mut position);
    }
    None
}

/// One technique's page (`GET /api/learn/{code}`).
#[derive(Debug, Serialize)]
pub struct LearnPage<E> {
    /// The code asked for.
    pub code: String,
    /// The technique's name.
    pub name: &'static str,
    /// Its family's name.
    pub family: &'static str,
    /// Its base difficulty on SE's scale.
    pub difficulty: f64,
    /// Its paragraph.
    pub about: &'static str,
    /// The worked example (`null` when the stock has none); the server keeps the ones found.
    pub example: Option<E>,
    /// The stock's practice puzzles.
    pub practice: Vec<&'static str>,
}

impl<E> LearnPage<E> {
    /// The page of `code` with its `example` ([`example`] of [`example_puzzle`], or a kept
    /// copy), or `None` when no technique has that code.
    pub fn new(code: &str, example: Option<E>) -> Option<LearnPage<E>> {
        let first = *techniques_of(code).first()?;
        Some(LearnPage {
            code: code.to_string(),
            name: first.name(),
            family: first.family().name(),
            difficulty: first.base(),
            about: first.about(),
            example,
            practice: stock_practice(code),
        })
    }
}

/// The stock's practice puzzles of `code` (its example when it has none).
pub fn stock_practice(code: &str) -> Vec<&'static str> {
    match stocked(code) {
        Some(s) if !s.practice.is_empty() => s.practice,
        Some(s) => vec![s.example],
        None => Vec::new(),
    }
}

/// The techniques of `code` the generator can aim at, or (none) the note that says why the
/// practice puzzles are the stock's.
pub fn practice_targets(code: &str) -> Result<Vec<Technique>, String> {
    let techniques = techniques_of(code);
    let targets: Vec<Technique> = techniques
        .iter()
        .copied()
        .filter(|&t| nonet_generate::targetable(t, Variant::STANDARD).is_ok())
        .collect();
    if !targets.is_empty() {
        return Ok(targets);
    }
    let why = match techniques
        .first()
        .map(|&t| nonet_generate::targetable(t, Variant::STANDARD))
    {
        // The player needs the reason, not the generator docs' section it cites.
        Some(Err(GenerateError::Impossible(why))) => {
            let why = why.to_string();
            why.split(" (see ").next().unwrap_or_default().to_string()
        }
        Some(Err(e)) => e.to_string(),
        _ => String::new(),
    };
    Err(if stock_practice(code).is_empty() {
        format!("No practice puzzles for this one yet. The generator cannot make them: {why}.")
    } else {
        format!(
            "These come from the stock, each checked to need it. The generator cannot make \
             puzzles for this one: {why}."
        )
    })
}

/// Why the generator stopped, in the page's words.
pub fn reason(e: &GenerateError) -> String {
    match e {
        GenerateError::Timeout { .. } => "the generator ran out of time".to_string(),
        GenerateError::Impossible(why) => why.to_string(),
        other => other.to_string(),
    }
}

/// A practice puzzle the generator made ([`practice`]).
#[derive(Clone, Debug)]
pub struct Practice {
    /// The puzzle.
    pub puzzle: Sudoku,
    /// Its seed.
    pub seed: u64,
    /// The technique it needs.
    pub technique: Option<Technique>,
    /// The position just before that technique's step.
    pub drill: Option<Drill>,
}

/// A drill: the position before the technique's step, as a progress grid.
#[derive(Debug, Serialize)]
pub struct DrillView {
    /// The position as a progress grid ([`nonet_game::progress::of_position`]).
    pub pencil: String,
    /// How many steps of the path come before it.
    pub index: usize,
    /// The technique of the step.
    pub technique: &'static str,
}

/// One practice puzzle as the page reads it.
#[derive(Debug, Serialize)]
pub struct PracticeItem {
    /// The puzzle, 81 characters.
    pub puzzle: String,
    /// `generated` or `stock`.
    pub source: &'static str,
    /// A generated puzzle's seed.
    pub seed: Option<u64>,
    /// The technique a generated puzzle needs.
    pub technique: Option<&'static str>,
    /// A generated puzzle's drill.
    pub drill: Option<DrillView>,
}

/// The practice answer (`GET /api/learn/{code}/practice`).
#[derive(Debug, Serialize)]
pub struct PracticeView {
    /// The code asked for.
    pub code: String,
    /// The technique's name.
    pub name: &'static str,
    /// The first puzzle's seed (`null` when none was generated).
    pub seed: Option<u64>,
    /// How many were generated.
    pub generated: usize,
    /// Where the puzzles come from, when not all were generated.
    pub note: Option<String>,
    /// The puzzles.
    pub puzzles: Vec<PracticeItem>,
}

impl PracticeView {
    /// The puzzles `made` (with their drills), then the stock's up to [`PRACTICE`], for
    /// technique `code` (named `name`); `failed` is why the generator stopped (the note then
    /// says how many were made), `note` one already written (the generator was not asked).
    pub fn new(
        code: &str,
        name: &'static str,
        seed: Option<u64>,
        made: &[Practice],
        failed: Option<&str>,
        note: Option<String>,
    ) -> PracticeView {
        let mut puzzles: Vec<PracticeItem> = made
            .iter()
            .map(|p| PracticeItem {
                puzzle: p.puzzle.to_line(),
                source: "generated",
                seed: Some(p.seed),
                technique: p.technique.map(|t| t.name()),
                drill: p.drill.as_ref().map(|d| DrillView {
                    pencil: nonet_game::progress::of_position(&d.position),
                    index: d.index,
                    technique: d.step.technique.name(),
                }),
            })
            .collect();
        for p in stock_practice(code) {
            if puzzles.len() >= PRACTICE {
                break;
            }
            if puzzles.iter().all(|q| q.puzzle != p) {
                puzzles.push(PracticeItem {
                    puzzle: p.to_string(),
                    source: "stock",
                    seed: None,
                    technique: None,
                    drill: None,
                });
            }
        }
        let note = note.or_else(|| failed.map(|why| shortfall(made.len(), why)));
        PracticeView {
            code: code.to_string(),
            name,
            seed,
            generated: made.len(),
            note,
            puzzles,
        }
    }
}

/// A practice request for a technique's code, as both fronts answer it (`GET
/// /api/learn/{code}/practice` and the page's engine): the technique's name, and either the
/// techniques the generator can aim at or the note that sends the player to the stock.
#[derive(Clone, Debug)]
pub struct PracticeAsk {
    code: String,
    name: &'static str,
    targets: Result<Vec<Technique>, String>,
}

impl PracticeAsk {
    /// The request for `code`, or `None` when no technique has that code.
    pub fn new(code: &str) -> Option<PracticeAsk> {
        let first = techniques_of(code).first().copied()?;
        Some(PracticeAsk {
            code: code.to_string(),
            name: first.name(),
            targets: practice_targets(code),
        })
    }

    /// The techniques to generate puzzles for, or `None` when the generator cannot aim at any
    /// of them (then [`PracticeAsk::stock`] is the answer).
    pub fn targets(&self) -> Option<&[Technique]> {
        self.targets.as_deref().ok()
    }

    /// The answer without the generator: the stock's puzzles, with the note that says why.
    pub fn stock(&self) -> PracticeView {
        let note = self.targets.as_ref().err().cloned();
        PracticeView::new(&self.code, self.name, None, &[], None, note)
    }

    /// The answer with the puzzles the generator `made` from `seed` (the stock's after them),
    /// `failed` saying why it stopped short; the stock's answer when it was not to be asked.
    pub fn answer(&self, seed: u64, made: &[Practice], failed: Option<&str>) -> PracticeView {
        if self.targets.is_err() {
            return self.stock();
        }
        PracticeView::new(&self.code, self.name, Some(seed), made, failed, None)
    }
}

/// The note when the generator made only `made` of the [`PRACTICE`] puzzles, for `why`.
fn shortfall(made: usize, why: &str) -> String {
    if made == 0 {
        format!("No puzzle could be made this time ({why}): these come from the stock.")
    } else {
        format!(
            "Only {made} of {PRACTICE} could be made this time ({why}): the rest come from the \
             stock."
        )
    }
}

/// Up to `count` classic puzzles whose easiest-first path (the teacher's, as `nonet explain`)
/// needs one of `techniques` and nothing harder, each with its drill; puzzle `k` is made from
/// seed `seed + k`. `on_attempt` is the generator's observer (the caller's deadline or
/// cancellation, asked between attempts). Stops at the first failure (too rare a technique,
/// the generator's attempt budget, the observer's stop) and gives the puzzles made so far with
/// that failure.
pub fn practice(
    techniques: &[Technique],
    seed: u64,
    count: usize,
    on_attempt: &(dyn Fn(u64) -> Result<(), nonet_generate::Stop> + Sync),
) -> (Vec<Practice>, Option<GenerateError>) {
    let generator = match nonet_generate::Generator::new(nonet_generate::GenerateOptions {
        techniques: techniques.to_vec(),
        at_start: true,
        ..nonet_generate::GenerateOptions::default()
    }) {
        Ok(g) => g,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut made = Vec::with_capacity(count);
    for k in 0..count as u64 {
        let seed = seed.wrapping_add(k);
        match generator.generate_observed(seed, on_attempt) {
            Ok(g) => made.push(Practice {
                puzzle: g.puzzle,
                seed,
                technique: g.technique,
                drill: g.drill,
            }),
            Err(e) => return (made, Some(e)),
        }
    }
    (made, None)
}
