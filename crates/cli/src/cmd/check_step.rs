//! `nonet check-step POSITION STEP`: checks a player's own deduction. POSITION is a pencil-mark
//! grid (as `nonet candidates` and `nonet explain --pencil` print it) or a puzzle; STEP is a
//! step as JSON, in the shape `nonet explain --format json` gives each step (`code`, `cells`,
//! `houses`, `cover_houses`, `digits`, `pattern`, `secondary`, `placements`, `eliminations`),
//! any part of it: the engine fills in the rest (`nonet_logic::Teacher::check_step`). This
//! module only reads the JSON into a typed claim and prints the verdict.

use std::ffi::OsString;
use std::io::Write;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use nonet_core::{Cell, Digit, House, HouseKind, Layout};
use nonet_logic::{
    chain_candidates, Candidate, Claim, Outcome, Teacher, UnknownTechnique, Verdict,
};
use serde_json::{json, Map, Value};

use crate::cmd::explain::{read_input_on, step_json, ExplainFormat, Input};
use crate::color;
use crate::input::{read_text, strip_at};
use crate::status::Status;
use crate::variant::VariantArgs;

// Arguments of `nonet check-step` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("check-step"))]
pub struct CheckStepArgs {
    /// The position: a pencil-mark grid (`nonet candidates` prints one) or a puzzle, as 81
    /// characters, a file, or `-` for standard input.
    pub position: OsString,
    /// The step as JSON, e.g. `{"code":"x-wing","digits":[4],"houses":["row 2","row 6"]}`
    /// (the fields of a step of `nonet explain -f json`, any of them), or `@FILE` to read it
    /// from a file (`@-`: standard input).
    pub step: OsString,
    /// Never accept uniqueness techniques (unique rectangles, BUG+1).
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Output shape: `valid: ...` or `not valid: ...` as text, or a JSON object.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: ExplainFormat,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The most a step read from a file (`@FILE`) may hold: a step of `nonet explain -f json`, a
/// nested forcing chain's included, is a few kilobytes.
const MAX_STEP: usize = 1024 * 1024;

/// The fields a step may carry: those of `nonet explain -f json` and `nonet hint -f json` (the
/// ones that describe the step's result, rating, hint or layout are read but not needed: the
/// layout is the position's).
const KNOWN_FIELDS: &[&str] = &[
    "code",
    "technique",
    "cells",
    "houses",
    "cover_houses",
    "digits",
    "pattern",
    "secondary",
    "placements",
    "eliminations",
    "explanation",
    "text",
    "notation",
    "links",
    "chain",
    "difficulty",
    "uniqueness",
    "pencil_marks",
    "hint",
    "level",
    "variant",
    "regions",
    "status",
];

pub fn run(args: CheckStepArgs) -> Result<Status> {
    if args.position == "-" && args.step == "@-" {
        color::error(format_args!(
            "POSITION and STEP cannot both be read from standard input"
        ));
        return Ok(Status::Invalid);
    }
    let read = read_input_on(&args.position, &args.variant).and_then(|input| {
        let text = match strip_at(&args.step) {
            Some(file) => {
                read_text(&file, MAX_STEP, "a step holds").context("cannot read the step")?
            }
            None => args.step.to_string_lossy().into_owned(),
        };
        let claim = parse_claim(&text, &input.layout)?;
        Ok((input, claim))
    });
    let (mut input, claim) = match read {
        Ok(x) => x,
        Err(e) => {
            color::error(format_args!("{e:#}"));
            return Ok(Status::Invalid);
        }
    };
    // A house the layout does not have (a window without Windoku, a region without a jigsaw)
    // makes the step unreadable here, rather than a deduction that merely does not match.
    let layout_houses: Vec<House> = input.layout.houses().collect();
    if let Some(h) = claim
        .houses
        .iter()
        .chain(&claim.cover_houses)
        .find(|h| !layout_houses.contains(h))
    {
        let variant = nonet_core::Variant::of(&input.layout);
        color::error(format_args!(
            "{} is not a house of this puzzle's layout ({variant}): the step cannot be read here",
            input.layout.name(*h)
        ));
        return Ok(Status::Invalid);
    }
    if input.givens.is_none() {
        // A pencil-mark grid: its one-candidate cells read as the claim needs (see there).
        claim.read_grid_singles(&mut input.position);
    }
    let teacher = Teacher::new().with_uniqueness(!args.no_uniqueness);
    let verdict = match teacher.check_step(&input.position, &claim) {
        Ok(v) => v,
        Err(e) => {
            color::error(format_args!("{e}"));
            return Ok(Status::Invalid);
        }
    };
    let mut out = crate::output::stdout();
    match args.format {
        ExplainFormat::Json => writeln!(out, "{}", verdict_json(&verdict, &input))?,
        ExplainFormat::Text => write!(out, "{}", verdict_text(&verdict))?,
    }
    out.flush()?;
    Ok(if verdict.is_valid() {
        Status::Ok
    } else {
        Status::Unhandled
    })
}

/// `valid: <explanation>` with the removals and placements, or `not valid: <reason>`.
fn verdict_text(v: &Verdict) -> String {
    let mut s = match v.outcome {
        Outcome::Valid => format!("valid: {}\n", v.reason),
        Outcome::RemovesNothing | Outcome::Invalid => format!("not valid: {}\n", v.reason),
    };
    if let (Outcome::Valid, Some(step)) = (v.outcome, &v.step) {
        if !step.eliminations.is_empty() {
            let list: Vec<String> = step.eliminations.iter().map(|c| c.to_string()).collect();
            s += &format!("removes: {}\n", list.join(" "));
        }
        if let Some(p) = step.placement {
            s += &format!("places: {}={}\n", p.cell, p.digit);
        }
    }
    s
}

/// `{"valid", "verdict", "reason", "eliminations", "placements"}`, and the step found (in
/// `nonet explain`'s shape) when there is one.
fn verdict_json(v: &Verdict, input: &Input) -> Value {
    fn cands(list: impl IntoIterator<Item = Candidate>) -> Value {
        list.into_iter()
            .map(|c| json!({ "cell": c.cell.to_string(), "digit": c.digit.get() }))
            .collect()
    }
    let valid = v.is_valid();
    let (elims, places) = match (&v.step, valid) {
        (Some(s), true) => (cands(s.eliminations), cands(s.placement)),
        _ => (json!([]), json!([])),
    };
    let mut doc = json!({
        "valid": valid,
        "verdict": match v.outcome {
            Outcome::Valid => "valid",
            Outcome::RemovesNothing => "removes-nothing",
            Outcome::Invalid => "not-valid",
        },
        "reason": v.reason,
        "eliminations": elims,
        "placements": places,
    });
    if let Some(s) = &v.step {
        doc["step"] = step_json(s, &input.layout, Some(&input.position));
    }
    input.describe(&mut doc);
    doc
}

/// Reads a step's JSON into a claim. Every error names the field and the value at fault.
fn parse_claim(text: &str, layout: &Layout) -> Result<Claim> {
    let value: Value =
        serde_json::from_str(text.trim()).map_err(|e| anyhow!("the step is not JSON: {e}"))?;
    let Value::Object(obj) = value else {
        bail!("the step must be a JSON object, such as {{\"code\":\"naked-pair\",\"cells\":[\"r1c1\",\"r1c5\"]}}");
    };
    if let Some(k) = obj.keys().find(|k| !KNOWN_FIELDS.contains(&k.as_str())) {
        bail!(
            "unknown field '{k}' in the step (known: {})",
            KNOWN_FIELDS.join(", ")
        );
    }
    let code = match (obj.get("code"), obj.get("technique")) {
        (Some(Value::String(c)), _) | (None, Some(Value::String(c))) => c.as_str(),
        (Some(other), _) | (None, Some(other)) => {
            bail!("'code' must be a technique's code as a string, not {other}")
        }
        (None, None) => bail!(
            "the step names no technique: give \"code\" (see `nonet explain --list-techniques`)"
        ),
    };
    let mut claim = Claim::of_code(code).ok_or_else(|| UnknownTechnique(code.to_string()))?;
    for c in strings(&obj, "cells")? {
        claim.cells.insert(cell(&c, "cells")?);
    }
    claim.houses = houses(&obj, "houses", layout)?;
    claim.cover_houses = houses(&obj, "cover_houses", layout)?;
    if let Some(v) = obj.get("digits") {
        let Value::Array(items) = v else {
            bail!("'digits' must be an array of digits 1-9, not {v}");
        };
        for d in items {
            claim.digits.insert(digit(d, "digits")?);
        }
    }
    claim.pattern = candidates(&obj, "pattern")?;
    claim.secondary = candidates(&obj, "secondary")?;
    claim.placements = candidates(&obj, "placements")?;
    claim.eliminations = candidates(&obj, "eliminations")?;
    // A stated chain is part of the claim: its candidates must be nodes of the chain found
    // (a chain through a candidate that is not there was valid because some other chain
    // removed the same).
    for key in ["chain", "notation"] {
        match obj.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::String(text)) => {
                for c in chain_candidates(text) {
                    if !claim.chain.contains(&c) {
                        claim.chain.push(c);
                    }
                }
            }
            Some(other) => bail!("'{key}' must be a chain's notation as a string, not {other}"),
        }
    }
    Ok(claim)
}

/// The strings of the array field `key` (none when absent).
fn strings(obj: &Map<String, Value>, key: &str) -> Result<Vec<String>> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                other => bail!("'{key}' must hold strings, not {other}"),
            })
            .collect(),
        Some(other) => bail!("'{key}' must be an array, not {other}"),
    }
}

fn cell(s: &str, key: &str) -> Result<Cell> {
    Cell::parse_name(s.trim()).ok_or_else(|| anyhow!("'{key}': '{s}' is not a cell (r1c1 to r9c9)"))
}

pub(crate) fn digit(v: &Value, key: &str) -> Result<Digit> {
    let n = match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.and_then(|n| u8::try_from(n).ok())
        .and_then(Digit::new)
        .ok_or_else(|| anyhow!("'{key}': {v} is not a digit 1-9"))
}

/// A house from its name: `row 2`, `column 7`, `box 5`, `region 4`, `window 2`, `the main
/// diagonal`, `the anti-diagonal` (as steps print them; `col` and `r2`/`c7`/`b5` too). On a
/// jigsaw layout a region is named by the label its map gave it (`region 7`, `region B`).
fn house(s: &str, key: &str, layout: &Layout) -> Result<House> {
    if layout.is_jigsaw() {
        let t = s.trim();
        if let Some(label) = t
            .get(..6)
            .filter(|w| w.eq_ignore_ascii_case("region"))
            .map(|_| t[6..].trim())
        {
            let labels: String = layout
                .houses()
                .filter_map(|h| layout.name(h).label())
                .collect();
            let mut chars = label.chars();
            return match (chars.next(), chars.next()) {
                (Some(ch), None) => layout.region_labelled(ch).ok_or_else(|| {
                    // The same letter in the other case is a label: say so.
                    let other = if ch.is_ascii_lowercase() {
                        ch.to_ascii_uppercase()
                    } else {
                        ch.to_ascii_lowercase()
                    };
                    let case = if other != ch && labels.contains(other) {
                        format!("; labels are case-sensitive: 'region {other}' is one")
                    } else {
                        String::new()
                    };
                    anyhow!(
                        "'{key}': '{s}': this puzzle's map has no region labelled '{ch}' (its \
                         labels: {labels}){case}"
                    )
                }),
                _ => Err(anyhow!(
                    "'{key}': '{s}' is not a region: a region is named by its map's label, \
                     such as 'region {}'",
                    labels.chars().next().unwrap_or('1')
                )),
            };
        }
    }
    let name = s.trim().to_ascii_lowercase();
    let name = name.strip_prefix("the ").unwrap_or(&name);
    match name {
        "main diagonal" => return Ok(House::diagonal(0)),
        "anti-diagonal" | "anti diagonal" => return Ok(House::diagonal(1)),
        _ => {}
    }
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    let (word, number) = name.split_at(split);
    let n: Option<usize> = number.trim().parse().ok();
    let kind = match word.trim() {
        "row" | "r" => Some(HouseKind::Row),
        "column" | "col" | "c" => Some(HouseKind::Column),
        "box" | "b" => Some(HouseKind::Box),
        "region" => Some(HouseKind::Region),
        "window" => Some(HouseKind::Window),
        _ => None,
    };
    let bad = || anyhow!("'{key}': '{s}' is not a house (row 1-9, column 1-9, box 1-9, ...)");
    match (kind, n) {
        (Some(HouseKind::Row), Some(n @ 1..=9)) => Ok(House::row(n - 1)),
        (Some(HouseKind::Column), Some(n @ 1..=9)) => Ok(House::column(n - 1)),
        (Some(HouseKind::Box), Some(n @ 1..=9)) => Ok(House::box_(n - 1)),
        (Some(HouseKind::Region), Some(n @ 1..=9)) => Ok(House::region(n - 1)),
        (Some(HouseKind::Window), Some(n @ 1..=4)) => Ok(House::window(n - 1)),
        _ => Err(bad()),
    }
}

fn houses(obj: &Map<String, Value>, key: &str, layout: &Layout) -> Result<Vec<House>> {
    strings(obj, key)?
        .iter()
        .map(|s| house(s, key, layout))
        .collect()
}

/// The candidates of the array field `key`: `{"cell": "r4c7", "digit": 3}` objects (as
/// `nonet explain` prints them) or `3r4c7` strings.
fn candidates(obj: &Map<String, Value>, key: &str) -> Result<Vec<Candidate>> {
    let items = match obj.get(key) {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => bail!("'{key}' must be an array, not {other}"),
    };
    items
        .iter()
        .map(|v| match v {
            Value::Object(o) => {
                let c = match o.get("cell") {
                    Some(Value::String(s)) => cell(s, key)?,
                    _ => bail!("'{key}': {v} has no \"cell\" such as \"r4c7\""),
                };
                let d = o
                    .get("digit")
                    .ok_or_else(|| anyhow!("'{key}': {v} has no \"digit\""))?;
                Ok(Candidate::new(c, digit(d, key)?))
            }
            Value::String(s) => {
                let s = s.trim();
                let d = s
                    .chars()
                    .next()
                    .and_then(|ch| ch.to_digit(10))
                    .and_then(|n| Digit::new(n as u8));
                match (d, s.get(1..).and_then(Cell::parse_name)) {
                    (Some(d), Some(c)) => Ok(Candidate::new(c, d)),
                    _ => bail!("'{key}': '{s}' is not a candidate such as \"3r4c7\""),
                }
            }
            other => bail!("'{key}' must hold candidates, not {other}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_steps_are_read() {
        let c = parse_claim(
            r#"{"code":"x-wing","digits":[4],"houses":["row 2","row 6"]}"#,
            &nonet_core::STANDARD,
        )
        .unwrap();
        assert_eq!(c.houses, vec![House::row(1), House::row(5)]);
        assert_eq!(c.digits.len(), 1);
        let c = parse_claim(r#"{"code":"hidden-single","eliminations":["4r1c1"],"placements":[{"cell":"r2c3","digit":"5"}]}"#, &nonet_core::STANDARD).unwrap();
        assert_eq!(c.techniques.len(), 3, "box, row and column");
        assert_eq!(c.eliminations[0].to_string(), "4r1c1");
        assert_eq!(c.placements[0].cell.to_string(), "r2c3");
        let c = parse_claim(
            r#"{"technique":"Naked Pair","houses":["the main diagonal","c3","box 9"]}"#,
            &nonet_core::STANDARD,
        )
        .unwrap();
        assert_eq!(
            c.houses,
            vec![House::diagonal(0), House::column(2), House::box_(8)]
        );
    }

    #[test]
    fn bad_steps_name_the_field_at_fault() {
        for (json, needle) in [
            ("not json", "not JSON"),
            ("[1]", "JSON object"),
            (r#"{"cells":["r1c1"]}"#, "names no technique"),
            (r#"{"code":"x-wingg"}"#, "unknown technique 'x-wingg'"),
            (
                r#"{"code":"x-wing","cell":["r1c1"]}"#,
                "unknown field 'cell'",
            ),
            (
                r#"{"code":"x-wing","cells":["r0c1"]}"#,
                "'r0c1' is not a cell",
            ),
            (r#"{"code":"x-wing","cells":"r1c1"}"#, "must be an array"),
            (r#"{"code":"x-wing","digits":[10]}"#, "10 is not a digit"),
            (
                r#"{"code":"x-wing","houses":["row 10"]}"#,
                "'row 10' is not a house",
            ),
            (
                r#"{"code":"x-wing","pattern":["4r1"]}"#,
                "'4r1' is not a candidate",
            ),
            (
                r#"{"code":"x-wing","eliminations":[{"cell":"r1c1"}]}"#,
                "no \"digit\"",
            ),
            (r#"{"code":7}"#, "must be a technique's code"),
        ] {
            let e = parse_claim(json, &nonet_core::STANDARD)
                .unwrap_err()
                .to_string();
            assert!(e.contains(needle), "{json}: {e}");
        }
    }
}
