//! `nonet rate`: the difficulty of each puzzle on the classic scale, Sudoku Explainer's scale
//! (`ER/EP/ED`) or as a player level; `--format csv|json` gives every number at once with the
//! hardest technique, the level and the rater's version.

use std::io::Write;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use nonet_answers::answer;
use nonet_answers::Deadline;
use nonet_core::{Layout, Puzzle, Sudoku};
use nonet_logic::rate::{
    rate_classic, rate_se_observed, ClassicRating, RateError, SeOutcome, SeRating, RATER_VERSION,
};
use nonet_logic::Observer;
use serde_json::json;

use super::BatchArgs;
use crate::batch::{self, Streams};
use crate::filter::{Filter, Outcome, PlaceArgs};
use crate::input::{Givens, Input, InputPuzzle};
use crate::status::Status;
use crate::variant::{Refusal, Variant, VariantArgs};

/// The scale to print.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scale {
    /// `-1` no solution, `0` elimination only, `3` naked pairs, `5` harder.
    Classic,
    /// Sudoku Explainer's `ER/EP/ED`.
    #[default]
    Se,
    /// easy, medium, hard, expert or extreme (from ER).
    Level,
}

/// Output shapes of `nonet rate`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RateFormat {
    /// One line per puzzle with the chosen scale (the contract's default).
    #[default]
    Line,
    /// CSV with a header: every scale, the hardest technique and the rater version.
    Csv,
    /// One JSON object per puzzle (JSON Lines), with the same fields as CSV.
    Json,
}

// Arguments of `nonet rate` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("rate"))]
pub struct RateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The difficulty scale.
    #[arg(long, value_enum, default_value_t)]
    pub scale: Scale,
    /// Output shape.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: RateFormat,
    #[command(flatten)]
    pub place: PlaceArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Give up on a puzzle's ER/EP/ED after this many seconds (0: never): it is then
    /// `timeout`. Sudoku Explainer's nested chains can take minutes on a sparse variant.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "0", value_parser = crate::cmd::generate::parse_timeout)]
    pub timeout: crate::cmd::generate::Timeout,
}

/// What rating one puzzle gave.
struct Rated {
    classic: Option<ClassicRating>,
    se: Option<SeOutcome>,
    /// The puzzle as read (on a variant, from its record).
    puzzle: Sudoku,
    /// A jigsaw's regions, for JSON.
    regions: Option<String>,
    /// Whether the SE rating ran out of `--timeout` (then `se` is `None`).
    timed_out: bool,
}

/// The puzzle of `p` and its layout: the standard one, or the variant's. `Err(None)`: the
/// reader's own error; `Err(Some(reason))`: the variant's (a missing or broken region map,
/// givens that clash on the variant's houses).
fn read_on(
    p: &InputPuzzle,
    variant: Option<&Variant>,
) -> Result<(Sudoku, Layout), Option<Refusal>> {
    match variant {
        None => puzzle_of(p).map(|s| (s, Layout::default())).ok_or(None),
        Some(v) => {
            let (s, layout) = v.puzzle(p).map_err(Some)?;
            let layout = layout.into_owned();
            Puzzle::new(s, layout.clone())
                .check()
                .map_err(|c| Some(c.to_string().into()))?;
            Ok((s, layout))
        }
    }
}

/// The puzzle of an input line (the reader already takes the puzzle field of rated lists).
fn puzzle_of(p: &InputPuzzle) -> Option<Sudoku> {
    p.parsed.as_ref().ok().copied()
}

/// `nonet rate`.
pub fn run(args: RateArgs) -> Result<Status> {
    let variant = args.variant.variant()?;
    let variant_name = variant.as_ref().map(Variant::name);
    // A variant's givens are checked on its own houses (a jigsaw's may repeat in a box).
    let givens = match variant {
        Some(_) => Givens::Unchecked,
        None => Givens::Checked,
    };
    let input = Input::new(&args.batch.files, givens);
    let mut status = Status::Ok;
    let full = args.format != RateFormat::Line;
    let scale = args.scale;
    let limit = args.timeout.0;
    batch::set_quiet(args.batch.quiet);
    // `-n`/`-H` as `solve` and `count` take them (line output only; rate has no `--only`).
    if args.format != RateFormat::Line && (args.place.line_number || args.place.with_filename) {
        let format = if args.format == RateFormat::Csv {
            "csv"
        } else {
            "json"
        };
        bail!("-n/--line-number and -H/--with-filename go with line output, not --format {format}");
    }
    let place = Filter::new([], &args.place, &args.batch.files, crate::cmd::Format::Line)?;
    if args.format == RateFormat::Csv && !batch::quiet() {
        let mut out = crate::output::stdout();
        // A variant's rows add its name and a jigsaw's map, as `generate`'s do; rows read
        // from several files, the file their line counts in.
        let variant = if variant_name.is_some() {
            ",variant,regions"
        } else {
            ""
        };
        let file = if args.batch.files.len() > 1 {
            ",file"
        } else {
            ""
        };
        writeln!(
            out,
            "line,puzzle,status,classic,er,ep,ed,hardest,level,rater{variant}{file}"
        )?;
        out.flush()?;
    }
    let read = batch::run_paced(
        &input,
        args.batch.threads,
        batch::Pace::Slow,
        |p: &InputPuzzle| {
            let (s, layout) = read_on(p, variant.as_ref())?;
            let puzzle = Puzzle::new(s, layout.clone());
            let classic = (full || scale == Scale::Classic)
                .then(|| rate_classic(&puzzle).ok())
                .flatten();
            // The engine reads no clock: the rater asks here, between steps and inside its
            // chain searches, whether the puzzle's time is up.
            let deadline = Deadline::after(limit);
            let out_of_time = || deadline.check(false).is_err();
            let observer = Observer::new(&out_of_time);
            let (se, timed_out) = match (full || scale != Scale::Classic)
                .then(|| rate_se_observed(&puzzle, &observer))
            {
                Some(Ok(se)) => (Some(se), false),
                Some(Err(RateError::Stopped)) => (None, true),
                Some(Err(_)) | None => (None, false),
            };
            let regions = layout.region_map().map(|m| m.to_line());
            Ok(Rated {
                classic,
                se,
                puzzle: s,
                regions,
                timed_out,
            })
        },
        |p, result: Result<Rated, Option<Refusal>>, io: &mut Streams| {
            let r = match result {
                Ok(r) => r,
                Err(reason) => {
                    match (&reason, p.error_message()) {
                        (Some(r), _) => p.report_at(io, r.line, &r.reason),
                        (None, Some(msg)) => io.note(&[&msg]),
                        (None, None) => p.report(io, "cannot read the puzzle"),
                    }
                    status.note(Status::Invalid);
                    let variant = variant_name.as_deref();
                    let reason = reason.as_ref().map(|r| r.reason.as_str());
                    return emit_invalid(p, reason, args.format, variant, &place, io.out);
                }
            };
            // The word for an unrated puzzle, with its reason, from whichever scale was run.
            let timeout_reason;
            let (word, reason) = match (&r.se, r.classic) {
                (None, _) if r.timed_out => {
                    let secs = limit.map_or(0.0, |l| l.as_secs_f64());
                    timeout_reason = format!("not rated within {secs} s (--timeout)");
                    (Some("timeout"), Some(timeout_reason.as_str()))
                }
                (Some(SeOutcome::NoSolution), _) | (None, Some(ClassicRating::NoSolution)) => {
                    (Some("none"), Some("no solution"))
                }
                (Some(SeOutcome::Multiple), _) | (None, Some(ClassicRating::Multiple)) => {
                    (Some("multiple"), Some("more than one solution"))
                }
                (Some(SeOutcome::Rated(se)), _) if se.stuck && scale != Scale::Classic => (
                    None,
                    Some("Sudoku Explainer's techniques get stuck (ER 20.0)"),
                ),
                _ => (None, None),
            };
            if let Some(reason) = reason {
                p.report(io, reason);
                status.note(Status::Unhandled);
            }
            let out = &mut *io.out;
            let se = match &r.se {
                Some(SeOutcome::Rated(se)) => Some(se),
                _ => None,
            };
            match args.format {
                RateFormat::Line => {
                    // Unrated (`None`) only when the rater refused the puzzle or ran out of time.
                    let text = match (scale, &r.se) {
                        (Scale::Se | Scale::Level, None) if r.timed_out => "timeout".to_string(),
                        (Scale::Classic, _) => {
                            r.classic.map_or("invalid".to_string(), |c| c.to_string())
                        }
                        (Scale::Se, Some(o)) => answer::se_line(o, answer::Scale::Se),
                        (Scale::Level, Some(o)) => answer::se_line(o, answer::Scale::Level),
                        (_, None) => "invalid".to_string(),
                    };
                    place.write_line(p, Outcome::Ok, text.as_bytes(), out)?;
                }
                RateFormat::Csv => {
                    let f = fields(&r, se, word);
                    writeln!(
                        out,
                        "{},{},{},{},{},{},{},{},{},{}{}{}",
                        p.line,
                        r.puzzle.to_line(),
                        f.status,
                        f.classic,
                        f.er,
                        f.ep,
                        f.ed,
                        f.hardest,
                        f.level,
                        RATER_VERSION,
                        variant_columns(variant_name.as_deref(), r.regions.as_deref()),
                        file_column(p)
                    )?;
                }
                RateFormat::Json => {
                    let f = fields(&r, se, word);
                    let mut v = json!({
                        "line": p.line,
                        "puzzle": r.puzzle.to_line(),
                        "status": f.status,
                        "rater_version": RATER_VERSION,
                    });
                    crate::cmd::solve::name_file(&mut v, p);
                    if let Some(name) = &variant_name {
                        v["variant"] = json!(name);
                    }
                    if let Some(regions) = &r.regions {
                        v["regions"] = json!(regions);
                    }
                    if let Some(c) = r.classic.and_then(|c| c.value()) {
                        v["classic"] = json!(c);
                    }
                    if let Some(s) = se {
                        v["er"] = json!(s.er);
                        v["ep"] = json!(s.ep);
                        v["ed"] = json!(s.ed);
                        v["se"] = json!(s.to_string());
                        v["hardest"] = json!(s.hardest.map(|t| t.name()));
                        v["level"] = json!(s.level().name());
                        v["steps"] = json!(s.steps);
                    }
                    writeln!(out, "{v}")?;
                }
            }
            Ok(())
        },
    )?;
    status.note(read);
    Ok(status)
}

/// The text columns of a CSV row.
struct Fields {
    status: String,
    classic: String,
    er: String,
    ep: String,
    ed: String,
    hardest: String,
    level: String,
}

fn fields(r: &Rated, se: Option<&SeRating>, word: Option<&str>) -> Fields {
    let status = match (word, se) {
        (Some(w), _) => w.to_string(),
        (None, Some(s)) if s.stuck => "stuck".to_string(),
        _ => "rated".to_string(),
    };
    Fields {
        status,
        classic: r
            .classic
            .and_then(|c| c.value())
            .map_or(String::new(), |v| v.to_string()),
        er: se.map_or(String::new(), |s| format!("{:.1}", s.er)),
        ep: se.map_or(String::new(), |s| format!("{:.1}", s.ep)),
        ed: se.map_or(String::new(), |s| format!("{:.1}", s.ed)),
        hardest: se
            .and_then(|s| s.hardest)
            .map_or(String::new(), |t| t.name().to_string()),
        level: se.map_or(String::new(), |s| s.level().name().to_string()),
    }
}

/// The answer for a puzzle that cannot be rated; `reason` is a variant's (else the reader's
/// error is given).
fn emit_invalid(
    p: &InputPuzzle,
    reason: Option<&str>,
    format: RateFormat,
    variant: Option<&str>,
    place: &Filter,
    out: &mut dyn Write,
) -> Result<()> {
    match format {
        RateFormat::Line => place.write_line(p, Outcome::Invalid, b"invalid", out)?,
        // The puzzle as read, as JSON gives it: the row says which input it answers. A grid's
        // rows are joined by spaces, so that every row of the CSV stays one line.
        RateFormat::Csv => writeln!(
            out,
            "{},{},invalid,,,,,,,{}{}{}",
            p.line,
            crate::cmd::generate::csv_field(&invalid_text(p).lines().collect::<Vec<_>>().join(" ")),
            RATER_VERSION,
            variant_columns(variant, None),
            file_column(p)
        )?,
        RateFormat::Json => {
            let mut v = json!({ "line": p.line, "puzzle": invalid_text(p), "status": "invalid", "rater_version": RATER_VERSION });
            crate::cmd::solve::name_file(&mut v, p);
            if let Some(name) = variant {
                v["variant"] = json!(name);
            }
            match (reason, p.parsed.as_ref().err()) {
                (Some(reason), _) => v["error"] = json!(reason),
                (None, Some(e)) => v["error"] = json!(e.to_string()),
                (None, None) => {}
            }
            writeln!(out, "{v}")?;
        }
    }
    Ok(())
}

/// The text of a puzzle that cannot be rated, as read (its first 200 characters: a line may be
/// anything up to the reader's limit).
fn invalid_text(p: &InputPuzzle) -> String {
    p.text.trim_end_matches('\r').chars().take(200).collect()
}

/// The CSV column of the file a row's line counts in, when several files are read.
fn file_column(p: &InputPuzzle) -> String {
    p.file()
        .map(|f| format!(",{}", crate::cmd::generate::csv_field(f)))
        .unwrap_or_default()
}

/// A variant's CSV columns (`,VARIANT,REGIONS`: the map as read, empty unless a jigsaw's map
/// was read), nothing on the standard layout.
fn variant_columns(variant: Option<&str>, regions: Option<&str>) -> String {
    variant
        .map(|name| {
            let name = crate::cmd::generate::csv_field(name);
            format!(",{name},{}", regions.unwrap_or(""))
        })
        .unwrap_or_default()
}
