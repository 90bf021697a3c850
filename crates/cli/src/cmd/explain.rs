//! `nonet explain PUZZLE`: the whole logical path of one puzzle, one explained step per line
//! (`--pencil` adds the pencil-mark grid before each step; `--format json` gives an object with
//! `steps`, as the contract says). The shared pieces of `nonet hint` live here too: reading
//! the position (a puzzle, or a player's pencil-mark grid), `--techniques`, and a step as JSON.

use std::ffi::{OsStr, OsString};
use std::io::Write;

use anyhow::{anyhow, bail, Result};
use clap::{Args, ValueEnum};
pub use nonet_answers::answer::step_json;
use nonet_core::{
    Cell, CellSet, DigitSet, Layout, ParseError, PencilMarks, Puzzle, Solutions, Sudoku,
};
use nonet_logic::{Family, PathError, Teacher, Technique, UnknownTechnique};
use serde_json::{json, Value};

use crate::color;
use crate::input::{read_single, split_puzzles, split_puzzles_as, Givens, InputPuzzle};
use crate::status::Status;
use crate::variant::{Variant, VariantArgs};

/// Output shapes of `explain` and `hint`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExplainFormat {
    /// Readable text.
    #[default]
    Text,
    /// JSON (see the contract).
    Json,
}

// Options shared by `explain` and `hint` (a plain comment, as on the subcommands' own
// argument structs: a doc comment would become their help text).
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// Only these techniques, comma-separated codes (`hidden-single,naked-single,x-wing`;
    /// `nonet explain --list-techniques` prints them) or families (singles, intersections,
    /// subsets, fish, single-digit, wings, coloring, uniqueness, chains, als, forcing-chains). A guess is still made when nothing
    /// applies, unless `--no-guess`.
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Never use uniqueness techniques (unique rectangles, BUG+1); they are also left out by
    /// themselves when the puzzle has more than one solution.
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Stop instead of guessing ("Trial and Error") when no technique applies.
    #[arg(long)]
    pub no_guess: bool,
    /// Output shape.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: ExplainFormat,
    #[command(flatten)]
    pub variant: VariantArgs,
}

// Arguments of `nonet explain` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("explain"))]
pub struct ExplainArgs {
    /// The puzzle: 81 characters, or `-` to read a line, a grid or a pencil-mark grid from
    /// standard input.
    #[arg(required_unless_present = "list_techniques")]
    pub puzzle: Option<OsString>,
    /// Print the pencil-mark grid before each step.
    #[arg(long)]
    pub pencil: bool,
    /// Print the technique codes accepted by `--techniques`, easiest first, and exit.
    #[arg(long)]
    pub list_techniques: bool,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// Every technique the path may use, in its order.
fn all_techniques() -> Vec<Technique> {
    Teacher::techniques()
}

/// The techniques of the family named `name` (`--techniques` takes families besides single
/// techniques), as the catalogue groups them.
fn family(name: &str) -> Option<Vec<Technique>> {
    Family::from_name(name).map(|f| f.techniques().collect())
}

/// The families that hold a technique the path can use, for `--list-techniques`.
fn family_names() -> Vec<&'static str> {
    let usable = all_techniques();
    Family::ALL
        .into_iter()
        .filter(|f| f.techniques().any(|t| usable.contains(&t)))
        .map(Family::name)
        .collect()
}

/// The teacher the command line asks for.
pub fn teacher(args: &SolverArgs) -> Result<Teacher> {
    let mut teacher = Teacher::new()
        .with_uniqueness(!args.no_uniqueness)
        .with_guesses(!args.no_guess);
    if let Some(list) = &args.techniques {
        let all = all_techniques();
        let mut chosen = Vec::new();
        for code in list.split(',').map(str::trim).filter(|c| !c.is_empty()) {
            let code = code.to_ascii_lowercase();
            // Techniques first (only those the path can use), then families.
            let matching: Vec<Technique> = Technique::named(&code)
                .unwrap_or_default()
                .into_iter()
                .filter(|t| all.contains(t))
                .collect();
            let matching = if matching.is_empty() {
                family(&code).unwrap_or_default()
            } else {
                matching
            };
            if matching.is_empty() {
                return Err(UnknownTechnique(code).into());
            }
            chosen.extend(matching);
        }
        // An empty list would leave only the guess: say so rather than guess in silence.
        if chosen.is_empty() {
            bail!(
                "--techniques names no technique: give codes or families, comma-separated (see \
                 `nonet explain --list-techniques`)"
            );
        }
        teacher = teacher.with_techniques(chosen);
    }
    Ok(teacher)
}

/// A position read from the command line.
pub struct Input {
    /// The puzzle's givens, when the input was a puzzle (not a pencil-mark grid).
    pub givens: Option<Sudoku>,
    /// The position to start from.
    pub position: PencilMarks,
    /// The houses it is played on.
    pub layout: Layout,
}

impl Input {
    /// The variant's fields of a JSON answer (`variant`, and a jigsaw's `regions`), added to
    /// `doc` when the layout is not the standard one.
    pub fn describe(&self, doc: &mut Value) {
        describe_layout(&self.layout, doc);
    }
}

/// Adds a layout's fields to a JSON answer: `variant`, and a jigsaw's `regions` (the map as
/// read, its labels kept); nothing on the standard layout.
pub fn describe_layout(layout: &Layout, doc: &mut Value) {
    let variant = nonet_core::Variant::of(layout);
    if !variant.is_standard() {
        doc["variant"] = json!(variant.to_string());
        if let Some(regions) = layout.region_map() {
            doc["regions"] = json!(regions.to_line());
        }
    }
}

/// Reads PUZZLE on the variant asked for (`--variant`), or on the standard layout.
pub fn read_input_on(arg: &OsStr, variant: &VariantArgs) -> Result<Input> {
    match variant.variant()? {
        None => read_input(arg),
        Some(v) => read_variant_input(arg, &v),
    }
}

/// Reads PUZZLE on a variant: a puzzle line (a jigsaw's map after it, or `--regions`), or a
/// pencil-mark grid on a layout fixed by `--variant` and `--regions`.
fn read_variant_input(arg: &OsStr, variant: &Variant) -> Result<Input> {
    let text = read_single(arg)?;
    let puzzles = split_puzzles_as(&text, "", Givens::Unchecked);
    // A pencil-mark grid spans many lines: it is read below, not refused as many puzzles.
    if puzzles.len() > 1 {
        if let Err(grid_err) = PencilMarks::from_pencil_grid(&text) {
            return Err(several_lines(&text, &puzzles, &grid_err));
        }
    }
    if let Some(p) = puzzles.first() {
        if let Ok((sudoku, layout)) = variant.puzzle(p) {
            let puzzle = Puzzle::new(sudoku, layout.into_owned());
            puzzle.check().map_err(|c| anyhow!("{c}"))?;
            return Ok(Input {
                givens: Some(sudoku),
                position: position_of(&text, &puzzle)?,
                layout: puzzle.layout().clone(),
            });
        }
    }
    match (PencilMarks::from_pencil_grid(&text), variant.fixed_layout()) {
        (Ok(pm), Some(layout)) => {
            let pm = pm.with_layout(layout.clone());
            pm.to_puzzle().check().map_err(|c| anyhow!("{c}"))?;
            Ok(Input {
                givens: None,
                position: pm,
                layout: layout.clone(),
            })
        }
        // A pencil-mark grid carries no region map: a jigsaw's comes from `--regions`.
        (Ok(_), None) => bail!(
            "a pencil-mark grid on a jigsaw needs its region map from --regions MAP (the grid \
             does not carry it)"
        ),
        _ => match puzzles.first().map(|p| (p, variant.puzzle(p))) {
            Some((p, Err(r))) => bail!("{}", r.message(p)),
            _ => bail!("cannot read the puzzle"),
        },
    }
}

/// Reads PUZZLE: a puzzle (line or grid), else a pencil-mark grid. `Err` carries the message
/// for an input that is neither.
pub fn read_input(arg: &OsStr) -> Result<Input> {
    let text = read_single(arg)?;
    let puzzles = split_puzzles(&text, "");
    if puzzles.len() == 1 {
        if let Ok(s) = &puzzles[0].parsed {
            return Ok(Input {
                givens: Some(*s),
                position: position_of(&text, &s.into())?,
                layout: Layout::default(),
            });
        }
    }
    match PencilMarks::from_pencil_grid(&text) {
        Ok(pm) => {
            if let Err(c) = pm.to_sudoku().check() {
                bail!("{c}");
            }
            Ok(Input {
                givens: None,
                position: pm,
                layout: Layout::default(),
            })
        }
        Err(grid_err) => {
            // One line of many cells is a pencil-mark line (`candidates --format line`), said
            // as such rather than as a puzzle line with a space at its second character.
            if puzzles.len() == 1 && text.split_whitespace().count() > 9 {
                bail!("line {}: {grid_err}", grid_err.line().unwrap_or(1));
            }
            if puzzles.len() == 1 {
                if let Some(msg) = puzzles[0].error_message() {
                    bail!("{msg}");
                }
            }
            if puzzles.len() > 1 {
                return Err(several_lines(&text, &puzzles, &grid_err));
            }
            Err(anyhow!("cannot read the puzzle: {grid_err}"))
        }
    }
}

/// The position a puzzle read from `text` starts from: the marks of a JSON object's `cells`
/// when it has them (`nonet candidates -f json` writes a position so: each cell's `value` or
/// `candidates`), which must keep the puzzle's givens; else the givens' raw candidates.
fn position_of(text: &str, puzzle: &Puzzle) -> Result<PencilMarks> {
    let text = text.trim();
    let record = text
        .starts_with('{')
        .then(|| serde_json::from_str::<Value>(text).ok())
        .flatten();
    let Some(cells) = record.as_ref().and_then(|r| r.get("cells")) else {
        return Ok(PencilMarks::raw(puzzle));
    };
    // A variant's position says so (`candidates --variant V -f json`): read on the boxes, its
    // houses would be the wrong ones, as a jigsaw's line read without its map would.
    let named = record
        .as_ref()
        .and_then(|r| r.get("variant"))
        .and_then(Value::as_str);
    if let Some(v) = named.filter(|v| !v.is_empty() && puzzle.layout().is_standard()) {
        bail!("the position is on the variant {v} (its JSON says so): read it with --variant {v}");
    }
    let Value::Array(cells) = cells else {
        bail!("\"cells\" must be a list of the 81 cells, as `nonet candidates -f json` writes");
    };
    let mut pm = PencilMarks::empty().with_layout(puzzle.layout().clone());
    let mut seen = CellSet::EMPTY;
    // A digit as check-step reads a step's, named by the cell it is for.
    let digit = |v: &Value, cell: Cell| crate::cmd::check_step::digit(v, &format!("cells: {cell}"));
    for entry in cells {
        let cell = entry
            .get("cell")
            .and_then(Value::as_str)
            .and_then(|s| Cell::parse_name(s.trim()))
            .ok_or_else(|| anyhow!("\"cells\": {entry} names no cell (\"cell\": \"r1c1\")"))?;
        if seen.contains(cell) {
            bail!("\"cells\" lists {cell} twice");
        }
        seen.insert(cell);
        match (entry.get("value"), entry.get("candidates")) {
            (Some(_), Some(_)) => {
                bail!("\"cells\": {cell} has both a \"value\" and \"candidates\": give one")
            }
            (Some(v), None) => pm.set_value(cell, digit(v, cell)?),
            (None, Some(Value::Array(ds))) => {
                let set = ds
                    .iter()
                    .map(|d| digit(d, cell))
                    .collect::<Result<DigitSet>>()?;
                pm.set_candidates(cell, set);
            }
            (None, Some(other)) => {
                bail!("\"cells\": {cell}'s \"candidates\" is {other}, not a list of digits")
            }
            (None, None) => {
                bail!("\"cells\": {cell} has neither a \"value\" nor \"candidates\"")
            }
        }
    }
    if seen.len() != 81 {
        bail!("\"cells\" lists {} cells, expected 81", seen.len());
    }
    for cell in Cell::all() {
        if let Some(given) = puzzle.givens().get(cell) {
            if pm.value(cell) != Some(given) {
                bail!("\"cells\" lacks {cell}'s given {given}");
            }
        }
    }
    // Placed digits that break a rule, as a position's line or grid is refused for them.
    pm.to_puzzle().check().map_err(|c| anyhow!("{c}"))?;
    Ok(pm)
}

/// Why a text of several lines that is not one pencil-mark grid cannot be read: a broken
/// pencil-mark grid (no line a puzzle, and rows of nine or more cells) gets the grid's own
/// reason, with its line, cell and character; anything else is many puzzles.
fn several_lines(text: &str, puzzles: &[InputPuzzle], grid_err: &ParseError) -> anyhow::Error {
    let grids = grid_blocks(text);
    if grids > 1 {
        return anyhow!(
            "expected one position, found {grids} grids (this command takes one puzzle or \
             position; `nonet solve` reads files of puzzles)"
        );
    }
    let grid_row = |l: &str| {
        l.split(|c: char| c.is_whitespace() || c == '|')
            .filter(|t| !t.is_empty())
            .count()
            >= 9
    };
    if puzzles.iter().all(|p| p.parsed.is_err()) && text.lines().any(grid_row) {
        let at = grid_err
            .line()
            .map(|l| format!("line {l}: "))
            .unwrap_or_default();
        return anyhow!("cannot read the pencil-mark grid: {at}{grid_err}");
    }
    anyhow!(
        "expected one puzzle, found {} lines (use a file with `nonet solve` for many puzzles)",
        puzzles.len()
    )
}

/// How many grids `text` holds when it is nothing but grids separated by blank lines (a
/// puzzle's grid or a pencil-mark grid each, as `generate -n 2 -f grid` or `--at-start` write
/// them), else 0: a blank line inside one grid or a block that reads as no grid is not that.
fn grid_blocks(text: &str) -> usize {
    let mut blocks = 0;
    let mut block = String::new();
    for line in text.lines().chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if block.is_empty() {
                continue;
            }
            let grid = block.lines().filter(|l| !l.trim().starts_with('#')).count() > 1
                && (PencilMarks::from_pencil_grid(&block).is_ok()
                    || matches!(split_puzzles(&block, "").as_slice(), [p] if p.parsed.is_ok()));
            if !grid {
                return 0;
            }
            blocks += 1;
            block.clear();
        } else {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks
}

/// The one-line form of a position: 81 cells, `.` for empty.
fn line_of(pm: &PencilMarks) -> String {
    Cell::all()
        .map(|c| pm.value(c).map_or('.', |d| d.to_char()))
        .collect()
}

pub fn run(args: ExplainArgs) -> Result<Status> {
    let mut out = crate::output::stdout();
    if args.list_techniques {
        let mut listed: Vec<String> = Vec::new();
        for t in all_techniques() {
            let code = t.code();
            if !listed.contains(&code) {
                let unique = if t.needs_uniqueness() {
                    "  (uniqueness)"
                } else {
                    ""
                };
                writeln!(out, "{code:<28} {}{unique}", t.name())?;
                listed.push(code);
            }
        }
        writeln!(out, "families: {}", family_names().join(", "))?;
        out.flush()?;
        return Ok(Status::Ok);
    }
    let puzzle = args.puzzle.as_deref().unwrap_or(OsStr::new("-"));
    let teacher = teacher(&args.solver)?;
    let input = match read_input_on(puzzle, &args.solver.variant) {
        Ok(i) => i,
        Err(e) => {
            color::error(format_args!("{e:#}"));
            return Ok(Status::Invalid);
        }
    };
    let mut status = Status::Ok;
    let mut several = false;
    match input.position.to_puzzle().solutions() {
        Solutions::None => {
            eprintln!("the puzzle has no solution");
            if args.solver.format == ExplainFormat::Json {
                let mut doc = json!({ "puzzle": line_of(&input.position), "error": "none" });
                input.describe(&mut doc);
                writeln!(out, "{doc}")?;
            } else {
                writeln!(out, "none")?;
            }
            return Ok(Status::Unhandled);
        }
        Solutions::Multiple(_) => {
            eprintln!(
                "the puzzle has more than one solution: uniqueness techniques are off and a \
                 guess picks one solution"
            );
            status = Status::Unhandled;
            several = true;
        }
        Solutions::Unique(solution) => {
            // A player's marks must not have lost the solution's digit: the path would build
            // on the mistake.
            if let Some(m) = teacher.mistake(&input.position, &solution) {
                eprintln!("the position has a mistake: {m}");
                return Ok(Status::Unhandled);
            }
        }
    }
    let (path, stuck) = match teacher.path_from(&input.position) {
        Ok(p) => (p, None),
        // Replay without guessing to show how far the allowed techniques go.
        Err(PathError::Stuck { .. }) => (teacher.path_until_stuck(&input.position), Some(())),
        Err(e) => bail!("{e}"),
    };
    if stuck.is_some() || !path.is_solved() {
        eprintln!("no allowed technique applies any more: the path stops before the solution");
        // Exit status 1 whatever stopped the path: a path that ends unsolved is never a
        // success (an unsound step once left one so, with exit status 0).
        status.note(Status::Unhandled);
    }
    let guesses = path
        .steps
        .iter()
        .filter(|s| s.technique == Technique::TrialAndError)
        .count();
    match args.solver.format {
        ExplainFormat::Json => {
            let mut cur = path.start.clone();
            let steps: Vec<Value> = path
                .steps
                .iter()
                .map(|s| {
                    let mut v = step_json(s, &input.layout, Some(&cur));
                    if args.pencil {
                        v["pencil_marks"] = json!(cur.to_pencil_grid());
                    }
                    s.apply_to(&mut cur);
                    v
                })
                .collect();
            let mut doc = json!({
                "puzzle": input.givens.map(|g| g.to_line()).unwrap_or_else(|| line_of(&path.start)),
                "solved": path.is_solved(),
                "solution": path.is_solved().then(|| line_of(&path.end)),
                "guesses": guesses,
                "steps": steps,
            });
            if several {
                // As `solve -f json` says it: the path is to one solution of several.
                doc["status"] = json!("multiple");
            }
            input.describe(&mut doc);
            writeln!(out, "{doc}")?;
        }
        ExplainFormat::Text => {
            let mut cur = path.start.clone();
            let width = path.steps.len().to_string().len();
            for (i, s) in path.steps.iter().enumerate() {
                if args.pencil {
                    writeln!(out, "{}", cur.to_pencil_grid())?;
                }
                let number = format!("{:>width$}.", i + 1);
                // The step's difficulty on Sudoku Explainer's scale (nonet's where SE lacks the
                // technique).
                let rated = s
                    .difficulty
                    .map(|d| format!(" [{d:.1}]"))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{} {}{}",
                    color::out(color::DIM, &number),
                    painted_step(&s.explanation(&input.layout), s.technique.name()),
                    color::out(color::DIM, &rated)
                )?;
                // The expert notation of a chain, as a second line under the sentence.
                if let Some(notation) = s.notation() {
                    writeln!(
                        out,
                        "{:width$}    {}",
                        "",
                        color::out(color::DIM, &notation),
                        width = number.len()
                    )?;
                }
                s.apply_to(&mut cur);
            }
            if path.is_solved() {
                writeln!(out)?;
                let solved = format!(
                    "Solved in {} steps ({} guesses).",
                    path.steps.len(),
                    guesses
                );
                writeln!(out, "{}", color::out(color::GOOD, &solved))?;
                writeln!(out, "{}", line_of(&path.end))?;
            } else {
                writeln!(out)?;
                let stuck = format!("Stuck after {} steps:", path.steps.len());
                writeln!(out, "{}", color::out(color::PLACE, &stuck))?;
                write!(out, "{}", path.end.to_pencil_grid())?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}

/// A step's sentence with its technique's name painted (where the sentence names it), when
/// standard output is coloured.
fn painted_step(text: &str, technique: &str) -> String {
    match text.find(technique) {
        Some(at) if color::stdout() => format!(
            "{}{}{}",
            &text[..at],
            color::out(color::TECHNIQUE, technique),
            &text[at + technique.len()..]
        ),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::STANDARD;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn solver(techniques: Option<&str>) -> SolverArgs {
        SolverArgs {
            techniques: techniques.map(str::to_string),
            no_uniqueness: false,
            no_guess: false,
            format: ExplainFormat::Text,
            variant: VariantArgs::default(),
        }
    }

    #[test]
    fn technique_lists_take_codes_names_and_families() {
        let t = teacher(&solver(Some("hidden-single, XWing,wings"))).unwrap();
        assert!(t.allows(Technique::HiddenSingleBox, &STANDARD));
        assert!(t.allows(Technique::HiddenSingleColumn, &STANDARD));
        assert!(t.allows(Technique::XWing, &STANDARD));
        assert!(t.allows(Technique::WWing, &STANDARD));
        assert!(!t.allows(Technique::NakedSingle, &STANDARD));
        assert!(teacher(&solver(Some("x-wing,nonsense"))).is_err());
        let all = teacher(&solver(None)).unwrap();
        assert!(Technique::all().all(|t| all.allows(t, &STANDARD)));
    }

    #[test]
    fn input_is_a_puzzle_or_a_pencil_grid() {
        let i = read_input(OsStr::new(PUZZLE)).unwrap();
        assert_eq!(i.givens.unwrap().to_line(), PUZZLE);
        let grid = PencilMarks::raw(&Sudoku::from_line(PUZZLE).unwrap().into()).to_pencil_grid();
        // A pencil-mark grid (as standard input would carry it).
        let i = read_input(OsStr::new(&grid)).unwrap();
        assert!(i.givens.is_none());
        assert_eq!(i.position.to_pencil_grid(), grid);
        assert!(read_input(OsStr::new("not a puzzle")).is_err());
        assert!(read_input(OsStr::new(&PUZZLE.replacen('.', "4", 1))).is_err());
    }

    #[test]
    fn steps_as_json_carry_the_contract_fields() {
        let s = Sudoku::from_line(PUZZLE).unwrap();
        let path = Teacher::new().path(&s.into()).unwrap();
        for step in &path.steps {
            let v = step_json(step, &Layout::default(), None);
            assert!(v["technique"].is_string());
            assert!(v["explanation"].as_str().unwrap().len() > 10);
            let n = v["placements"].as_array().unwrap().len()
                + v["eliminations"].as_array().unwrap().len();
            assert!(n > 0);
        }
    }
}
