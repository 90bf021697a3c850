//! `--variant LIST` and `--regions MAP` on `solve`, `count` and `check` (`shared/CLI.md`,
//! "Variants"): jigsaw (irregular regions in place of the boxes), X-Sudoku (both diagonals) and
//! Windoku (four windows), alone or combined. A jigsaw puzzle's region map follows it on its
//! line (after whitespace or one of `:` `;` `,`, or directly: 162 characters), or `--regions`
//! gives one map for the whole input. The answers are as for the standard layout; the
//! variants are solved by nonet-core's reference solver over the layout's houses.

use std::borrow::Cow;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use nonet_core::{
    Layout, ParseErrorKind, Puzzle, PuzzleError, RegionMap, Solutions, Sudoku, STANDARD,
};
use serde_json::json;

use crate::batch::{self, Streams};
use crate::cmd::{BatchArgs, Format};
use crate::filter::{Filter, Outcome};
use crate::input::{Givens, Input, InputPuzzle};
use crate::status::Status;

// The options of a command that takes variants (a plain comment, as on the subcommands' own
// argument structs: a doc comment would become their help text).
#[derive(Args, Debug, Clone, Default)]
pub struct VariantArgs {
    /// The variant: a comma-separated list of `jigsaw`, `x`, `windoku` (default: the standard
    /// layout). A jigsaw puzzle is followed on its line by its region map (81 labels), unless
    /// `--regions` gives one.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub variant: Vec<VariantName>,
    /// With `--variant jigsaw`: the region map (81 labels, row-major) of every puzzle of the
    /// input, which then holds the puzzles alone.
    #[arg(long, value_name = "MAP")]
    pub regions: Option<String>,
}

/// One word of `--variant`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantName {
    /// Irregular regions in place of the boxes.
    Jigsaw,
    /// Both main diagonals are houses too.
    X,
    /// The four windows r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8 are houses too.
    Windoku,
}

/// The variant the words of `--variant` name (the standard layout for none).
pub fn of_names(names: &[VariantName]) -> nonet_core::Variant {
    let has = |v| names.contains(&v);
    nonet_core::Variant {
        jigsaw: has(VariantName::Jigsaw),
        diagonals: has(VariantName::X),
        windows: has(VariantName::Windoku),
    }
}

/// The layout a run's puzzles are on.
pub struct Variant {
    jigsaw: bool,
    diagonals: bool,
    windows: bool,
    /// The layout, when it is the same for every puzzle (not jigsaw, or `--regions`).
    fixed: Option<Layout>,
}

/// What a variant command answers for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `solve`: the unique solution.
    Solve,
    /// `count --limit N`.
    Count(usize),
    /// `check`: readable, and no digit repeats in a house.
    Check,
}

impl VariantArgs {
    /// The variant asked for, `None` for the standard layout.
    pub fn variant(&self) -> Result<Option<Variant>> {
        if self.variant.is_empty() {
            if self.regions.is_some() {
                bail!("--regions gives a jigsaw's regions: it needs --variant jigsaw");
            }
            return Ok(None);
        }
        let nonet_core::Variant {
            jigsaw,
            diagonals,
            windows,
        } = of_names(&self.variant);
        let fixed = match (&self.regions, jigsaw) {
            (Some(_), false) => {
                bail!("--regions gives a jigsaw's regions: it needs --variant jigsaw")
            }
            (Some(map), true) => match RegionMap::parse(map) {
                Ok(m) => Some(extras(Layout::jigsaw(&m), diagonals, windows)),
                Err(e) => bail!("--regions: {e}"),
            },
            (None, true) => None,
            (None, false) => Some(extras(STANDARD.clone(), diagonals, windows)),
        };
        Ok(Some(Variant {
            jigsaw,
            diagonals,
            windows,
            fixed,
        }))
    }
}

/// `layout` with the diagonals and windows asked for.
fn extras(layout: Layout, diagonals: bool, windows: bool) -> Layout {
    let layout = if diagonals {
        layout.with_diagonals()
    } else {
        layout
    };
    if windows {
        layout.with_windows()
    } else {
        layout
    }
}

/// Answers a batch command's `question` on a variant, printing what `filter` keeps as the
/// standard layout's commands do (`--only`, `-n`, `-H`).
pub fn answer(
    variant: &Variant,
    question: Question,
    batch: &BatchArgs,
    filter: &Filter,
    format: Format,
) -> Result<Status> {
    run(
        variant,
        question,
        &batch.files,
        batch.threads,
        filter,
        format,
    )
}

impl Variant {
    /// The layout of every puzzle of the run, when there is one (not a jigsaw, or `--regions`).
    pub(crate) fn fixed_layout(&self) -> Option<&Layout> {
        self.fixed.as_ref()
    }

    /// The variant's name for JSON: `jigsaw`, `x`, `windoku` or a combination (`jigsaw,x`).
    pub(crate) fn name(&self) -> String {
        let mut parts = Vec::new();
        if self.jigsaw {
            parts.push("jigsaw");
        }
        if self.diagonals {
            parts.push("x");
        }
        if self.windows {
            parts.push("windoku");
        }
        parts.join(",")
    }

    /// The puzzle of `p` and the layout it is on, or why it cannot be used. A jigsaw's map is
    /// read after its puzzle on the line, or from the `regions` member of a JSON record (as
    /// `nonet generate --variant jigsaw --format json` writes them).
    pub(crate) fn puzzle<'a>(
        &'a self,
        p: &InputPuzzle,
    ) -> Result<(Sudoku, Cow<'a, Layout>), Refusal> {
        // A line refused for its length kept no text to read a puzzle or a map from.
        if let (true, Err(e)) = (p.is_too_long(), &p.parsed) {
            return Err(e.to_string().into());
        }
        let source = p.source.trim();
        let record = || -> Option<serde_json::Value> {
            source
                .starts_with('{')
                .then(|| serde_json::from_str(source).ok())
                .flatten()
        };
        // A jigsaw's multi-line grid whose rows carry their region labels (as `grid_on` writes
        // them): its puzzle and map, as a line's.
        let grid = (self.jigsaw && source.contains('\n'))
            .then(|| jigsaw_grid(source, &p.parsed))
            .transpose()?;
        if let Some(layout) = &self.fixed {
            let sudoku = match (&p.parsed, &grid) {
                (_, Some((s, own))) => {
                    if let Some(own) = own {
                        map_agrees(own, layout)?;
                    }
                    return Ok((*s, Cow::Borrowed(layout)));
                }
                (Ok(s), None) => *s,
                // A record's puzzle (a line with a comment, a JSON line) is checked for clashes
                // on the standard boxes as it is read, and a jigsaw has none: its text is read
                // again, and the clash check on the regions comes with the answer.
                // A second puzzle on the line is refused as on the boxes, not read past.
                (Err(e), None) => match self.jigsaw.then(|| Sudoku::from_line(p.text).ok()) {
                    Some(Some(s)) if !is_second_puzzle(e) => s,
                    _ => return Err(Refusal::at(e, e.line())),
                },
            };
            if self.jigsaw {
                own_map_agrees(source, record().as_ref(), layout)?;
            }
            return Ok((sudoku, Cow::Borrowed(layout)));
        }
        if let Some((sudoku, own)) = grid {
            let map = own.ok_or(MAP_MISSING_IN_GRID)?;
            let regions = RegionMap::parse(&map).map_err(|e| format!("the region labels: {e}"))?;
            let layout = extras(Layout::jigsaw(&regions), self.diagonals, self.windows);
            return Ok((sudoku, Cow::Owned(layout)));
        }
        let record = record();
        let (puzzle, map) = match record.as_ref().and_then(|r| r.as_object()) {
            // A JSON record names its members: a missing one is said as such, not as a puzzle
            // line that starts with `{`.
            Some(r) => {
                let text = |k: &str| {
                    r.get(k)
                        .and_then(|v| v.as_str())
                        .ok_or_else(|| match r.get(k) {
                            None => format!("the JSON record has no \"{k}\" member"),
                            Some(v) => format!("the JSON record's \"{k}\" is {v}, not a string"),
                        })
                };
                (text("puzzle")?, text("regions")?)
            }
            None => split_jigsaw_line(source)?,
        };
        let sudoku = Sudoku::from_line(puzzle).map_err(|e| e.to_string())?;
        let regions = RegionMap::parse(map).map_err(|e| e.to_string())?;
        let layout = extras(Layout::jigsaw(&regions), self.diagonals, self.windows);
        Ok((sudoku, Cow::Owned(layout)))
    }
}

/// Whether the reader refused a line for the second puzzle on it.
fn is_second_puzzle(e: &PuzzleError) -> bool {
    matches!(e, PuzzleError::Parse(p) if matches!(p.kind(), ParseErrorKind::SecondPuzzle))
}

/// With `--regions`, a line (or JSON record) may still carry a region map of its own, as a
/// file written for maps on their lines does: answering it on another map would be a wrong
/// answer given in silence, so a map of its own that draws other regions is refused (the same
/// regions under other labels are the same map). Text after the puzzle that is no map stays a
/// comment.
fn own_map_agrees(
    source: &str,
    record: Option<&serde_json::Value>,
    layout: &Layout,
) -> Result<(), String> {
    let own = match record {
        Some(r) => r.get("regions").and_then(|v| v.as_str()),
        None => split_jigsaw_line(source).ok().map(|(_, map)| map),
    };
    own.map_or(Ok(()), |own| map_agrees(own, layout))
}

/// [`own_map_agrees`] for a map read from the puzzle's own text (a line's, or a grid's labels).
fn map_agrees(own: &str, layout: &Layout) -> Result<(), String> {
    let Some(fixed) = layout.region_map() else {
        return Ok(());
    };
    match RegionMap::parse(own) {
        Ok(own) if own.to_digits() != fixed.to_digits() => Err(
            "the puzzle carries a region map of its own that draws other regions than \
             --regions: give the maps with their puzzles or --regions, not both"
                .to_string(),
        ),
        _ => Ok(()),
    }
}

/// A jigsaw puzzle given as a multi-line grid: its puzzle, and its region map when every row
/// carries its nine labels after its nine cells (as [`grid_on`] writes them). A grid whose
/// rows hold cells only is read as any grid was (`parsed`); one wider than that is read for its
/// labels, and its own reasons (a row's length, a bad cell) are given.
fn jigsaw_grid(
    source: &str,
    parsed: &Result<Sudoku, PuzzleError>,
) -> Result<(Sudoku, Option<String>), Refusal> {
    let widest = source.lines().map(Sudoku::grid_row_len).max().unwrap_or(0);
    match parsed {
        Ok(s) if widest <= 9 => Ok((*s, None)),
        Err(e) if widest <= 9 => Err(Refusal::at(e, e.line())),
        _ => Sudoku::from_jigsaw_grid(source)
            .map(|(s, labels)| (s, Some(labels)))
            .map_err(|e| Refusal::at(&e, e.line())),
    }
}

/// Why a puzzle cannot be used on a variant's layout: the reason, and the line of the puzzle's
/// own text its fault is on (from 1) when that is known (a multi-line grid's row), so that it
/// is reported on the input's line as the standard layout's reasons are.
#[derive(Debug)]
pub(crate) struct Refusal {
    /// The reason, for a person.
    pub reason: String,
    /// The line of the puzzle's text the fault is on, when known.
    pub line: Option<usize>,
}

impl Refusal {
    fn at(reason: &impl std::fmt::Display, line: Option<usize>) -> Refusal {
        let reason = reason.to_string();
        Refusal { reason, line }
    }

    /// `line N: reason`, N the line of `p`'s input the fault is on.
    pub(crate) fn message(&self, p: &InputPuzzle) -> String {
        p.message_at(self.line, &self.reason)
    }
}

impl From<String> for Refusal {
    fn from(reason: String) -> Refusal {
        Refusal { reason, line: None }
    }
}

impl From<&str> for Refusal {
    fn from(reason: &str) -> Refusal {
        Refusal::from(reason.to_string())
    }
}

/// A jigsaw line's puzzle and region map: two 81-character fields separated by whitespace or
/// one of `:` `;` `,` (further fields ignored), or 162 characters in a row. Otherwise the reason
/// names the part that is wrong: the puzzle's own (`80 cells, expected 81`), the map's that
/// follows it (its length, or the character that cannot be a label), or a map missing.
fn split_jigsaw_line(line: &str) -> Result<(&str, &str), String> {
    if line.len() == 162 && line.is_ascii() && !line.contains(is_jigsaw_separator) {
        return Ok(line.split_at(81));
    }
    let fields: Vec<&str> = line
        .split(is_jigsaw_separator)
        .filter(|f| !f.is_empty())
        .collect();
    let mut full = fields.iter().filter(|f| f.chars().count() == 81);
    if let Some(puzzle) = full.next() {
        // A record may hold other grids after its puzzle (`generate -f csv`: the solution,
        // then the map): the map is the field that is one, else the last (whose reason is
        // given).
        let rest: Vec<&str> = full.copied().collect();
        let map = rest
            .iter()
            .find(|f| RegionMap::parse(f).is_ok())
            .or(rest.last());
        if let Some(map) = map {
            return Ok((puzzle, map));
        }
    }
    // Otherwise the first field is meant as the puzzle, and what follows it as its map.
    let Some(&puzzle) = fields.first() else {
        return Err(MAP_MISSING.to_string());
    };
    if let Err(e) = Sudoku::from_line(puzzle) {
        return Err(format!("the puzzle: {e}"));
    }
    // The map's own reason, read from the whole rest of the line, so that a separator inside
    // it is named as the bad label it is.
    let rest = line.trim_start_matches(is_jigsaw_separator)[puzzle.len()..]
        .trim_start_matches(is_jigsaw_separator)
        .trim_end();
    match RegionMap::parse(rest) {
        Err(e) if !rest.is_empty() => Err(format!("the region map after the puzzle: {e}")),
        _ => Err(MAP_MISSING.to_string()),
    }
}

/// Why a jigsaw line without a region map cannot be read.
const MAP_MISSING: &str =
    "a jigsaw puzzle needs its region map after it on its line (or --regions MAP for the whole \
     input)";

/// Why a jigsaw's multi-line grid without its labels cannot be read.
const MAP_MISSING_IN_GRID: &str =
    "a jigsaw grid needs its region map: nine labels after each row's nine cells (as --format \
     grid writes them), or --regions MAP";

/// What separates a jigsaw line's puzzle from its map.
fn is_jigsaw_separator(c: char) -> bool {
    c.is_whitespace() || c == ':' || c == ';' || c == ','
}

/// One puzzle's answer.
enum Answer {
    Invalid(Refusal),
    Solutions(Solutions),
    Count(usize),
    Valid,
}

/// Answers `question` for every puzzle of the input on the variant's layout, one line each
/// (or a JSON record with `--format json`), with reasons on standard error as for the standard
/// layout.
fn run(
    variant: &Variant,
    question: Question,
    files: &[std::path::PathBuf],
    threads: Option<usize>,
    filter: &Filter,
    format: Format,
) -> Result<Status> {
    // Read unchecked: a jigsaw's givens may repeat in a standard box.
    let input = Input::new(files, Givens::Unchecked);
    let mut status = Status::Ok;
    let name = variant.name();
    let read = batch::run_paced(
        &input,
        threads,
        batch::Pace::Slow,
        |p: &InputPuzzle| {
            let puzzle = match variant.puzzle(p) {
                Ok((sudoku, layout)) => Puzzle::new(sudoku, layout.into_owned()),
                Err(reason) => return Answer::Invalid(reason),
            };
            if let Err(conflict) = puzzle.check() {
                return Answer::Invalid(conflict.to_string().into());
            }
            match question {
                Question::Solve => Answer::Solutions(puzzle.solutions()),
                Question::Count(limit) => Answer::Count(puzzle.count_solutions(limit)),
                Question::Check => Answer::Valid,
            }
        },
        |p, answer, io: &mut Streams| {
            let (word, mut record, outcome) = match &answer {
                Answer::Invalid(r) => {
                    p.report_at(io, r.line, &r.reason);
                    status.note(Status::Invalid);
                    (
                        "invalid".to_string(),
                        json!({ "status": "invalid", "error": r.reason }),
                        Outcome::Invalid,
                    )
                }
                Answer::Solutions(Solutions::Unique(s)) => (
                    s.to_line(),
                    json!({ "status": "unique", "solution": s.to_line() }),
                    Outcome::Unique,
                ),
                Answer::Solutions(Solutions::None) => {
                    p.report(io, "no solution");
                    status.note(Status::Unhandled);
                    (
                        "none".to_string(),
                        json!({ "status": "none" }),
                        Outcome::None,
                    )
                }
                Answer::Solutions(Solutions::Multiple(_)) => {
                    p.report(io, "more than one solution");
                    status.note(Status::Unhandled);
                    (
                        "multiple".to_string(),
                        json!({ "status": "multiple" }),
                        Outcome::Multiple,
                    )
                }
                Answer::Count(n) => (
                    n.to_string(),
                    json!({ "status": "ok", "count": n }),
                    match n {
                        0 => Outcome::None,
                        1 => Outcome::Unique,
                        _ => Outcome::Multiple,
                    },
                ),
                Answer::Valid => (
                    "ok".to_string(),
                    json!({ "status": "ok", "valid": true }),
                    Outcome::Ok,
                ),
            };
            if !filter.keeps(outcome) {
                return Ok(());
            }
            match format {
                Format::Json => {
                    record["line"] = json!(p.line);
                    crate::cmd::solve::name_file(&mut record, p);
                    record["variant"] = json!(name);
                    // The puzzle (and a jigsaw's regions) as read: parsing again costs
                    // microseconds against the solver's milliseconds.
                    if let Ok((sudoku, layout)) = variant.puzzle(p) {
                        record["puzzle"] = json!(sudoku.to_line());
                        if let Some(regions) = layout.region_map() {
                            record["regions"] = json!(regions.to_line());
                        }
                    }
                    writeln!(io.out, "{record}")?;
                }
                Format::Grid => match (&answer, variant.puzzle(p)) {
                    (Answer::Solutions(Solutions::Unique(s)), Ok((_, layout))) => {
                        writeln!(io.out, "{}", grid_on(s, &layout))?
                    }
                    _ => writeln!(io.out, "{word}\n")?,
                },
                Format::Line => filter.write_line(p, outcome, word.as_bytes(), &mut *io.out)?,
            }
            Ok(())
        },
    )?;
    status.note(read);
    Ok(status)
}

/// A grid (a solution, or a puzzle with `.` for its empty cells): the standard grid where the
/// layout has boxes; for a jigsaw, each row's cells beside its region labels (as the map gave
/// them), since a grid of digits has no place for the regions' borders.
pub fn grid_on(solution: &Sudoku, layout: &Layout) -> String {
    let Some(regions) = layout.region_map() else {
        return solution.to_grid_string();
    };
    let digits = solution.to_line();
    let labels = regions.to_line();
    let spaced = |row: &str| row.chars().map(String::from).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    for r in 0..9 {
        let span = r * 9..r * 9 + 9;
        out.push_str(&spaced(&digits[span.clone()]));
        out.push_str("   ");
        out.push_str(&spaced(&labels[span]));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jigsaw_lines_split_as_the_contract_says() {
        let p = ".".repeat(81);
        let m = "1".repeat(81);
        for line in [
            format!("{p} {m}"),
            format!("{p}\t{m} extra"),
            format!("{p}:{m}"),
            format!("{p};{m}"),
            format!("{p},{m}"),
            format!("{p}{m}"),
        ] {
            assert_eq!(
                split_jigsaw_line(&line),
                Ok((p.as_str(), m.as_str())),
                "{line}"
            );
        }
        assert_eq!(split_jigsaw_line(&p), Err(MAP_MISSING.to_string()));
    }
}
