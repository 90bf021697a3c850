//! `nonet generate`: new puzzles from a seed, reproducibly (same seed and options, same bytes,
//! whatever `--threads`), each with a unique solution; optionally minimal, symmetric, and at a
//! target difficulty. Puzzle `i` of a run comes from its own seed (`nonet_generate::puzzle_seed`),
//! so threads only change how fast the lines come, never which. `--variant` makes jigsaw, X and
//! Windoku puzzles (`shared/CLI.md`, "Variants"): a jigsaw's line is `PUZZLE REGIONS`, each
//! puzzle on its own random region map unless `--regions` fixes one. `--technique CODE` makes
//! puzzles whose `nonet explain` path uses that technique and nothing harder; `--at-start`
//! prints, instead of the puzzle, the pencil-mark grid where that step comes next (a drill).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use nonet_answers::generation::{self, random_seed, real_failure, Generation, RegionsError};
use nonet_core::{RegionMap, Variant};
use nonet_generate::{
    puzzle_seed, targetable, GenerateOptions, Generated, Generator, Level, Symmetry, Target,
    Technique, GENERATOR_VERSION,
};
use nonet_logic::{Family, UnknownTechnique};
use serde_json::json;

use crate::batch;
use crate::code::Lang;
use crate::output::Named;
use crate::status::Status;
use crate::variant::VariantName;

/// Output shapes of `nonet generate`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GenFormat {
    /// One puzzle per line, 81 characters, `.` for empty cells (the contract's default).
    #[default]
    Line,
    /// A 9x9 grid per puzzle, followed by a blank line.
    Grid,
    /// One JSON object per puzzle (JSON Lines): puzzle, solution, seed, rating, options.
    Json,
    /// CSV with a header: the same fields as JSON.
    Csv,
    /// Each puzzle as a string literal of `--lang`'s language, one per line (`--array NAME`: as
    /// an array declaration).
    Code,
}

// Arguments of `nonet generate` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("generate"))]
pub struct GenerateArgs {
    /// The run's seed (any integer up to 2^64-1). Without it a random seed is chosen and printed
    /// on standard error as `seed: N`.
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// How many puzzles.
    #[arg(long, allow_negative_numbers = true, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// The pattern of the givens: none, rot180, rot90, mirror, diagonal, mirror4, diagonal4,
    /// dihedral.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,
    /// Require that no clue can be removed without a second solution appearing.
    #[arg(long)]
    pub minimal: bool,
    /// The variant: a comma-separated list of `jigsaw`, `x`, `windoku` (default: the standard
    /// layout). A jigsaw puzzle is written with its region map: `PUZZLE REGIONS`.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub variant: Vec<VariantName>,
    /// With `--variant jigsaw`: the region map (81 labels, row-major) of every puzzle. Without
    /// it each puzzle gets its own random map.
    #[arg(long, value_name = "MAP")]
    pub regions: Option<String>,
    /// Player level (from ER): easy, medium, hard, expert, extreme.
    #[arg(long, value_parser = parse_level)]
    pub level: Option<Level>,
    /// A band of Sudoku Explainer ratings (ER, 1.0 to 20.0), e.g. `--se 4.0..6.0` (or a single
    /// value).
    #[arg(long, allow_negative_numbers = true, value_name = "MIN..MAX", value_parser = parse_er_range)]
    pub se: Option<(f64, f64)>,
    /// Classic grade: 0 (elimination only), 3 (needs naked pairs), 5 (harder).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..=5))]
    pub classic: Option<u8>,
    /// Puzzles whose easiest-first path (`nonet explain`'s) uses this technique and nothing
    /// harder (codes as `nonet explain --list-techniques` prints them, or a family: any of its
    /// techniques that can be targeted). Several (comma-separated or repeated): the path's
    /// hardest step is one of them.
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub technique: Vec<String>,
    /// With `--technique`: print the position where the path's first step of the technique
    /// comes next (the pencil-mark grid `nonet explain` reads), for drills.
    #[arg(long, requires = "technique")]
    pub at_start: bool,
    /// Number of clues (17 to 81), e.g. `--clues 24..28` (or a single value).
    #[arg(long, allow_negative_numbers = true, value_name = "MIN..MAX", value_parser = parse_clue_range)]
    pub clues: Option<(usize, usize)>,
    /// Give up on a puzzle after this many seconds (0: never).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "60", value_parser = parse_timeout)]
    pub timeout: Timeout,
    /// Worker threads (default, or 0: all cores; capped at four a core, between 8 and 256). The
    /// output does not depend on it.
    #[arg(long, allow_negative_numbers = true, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Output shape.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    pub format: GenFormat,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The language of `--format code`'s string literals.
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// With `--format code`: declare the literals as an array of this name (a field to paste
    /// in a class for Java).
    #[arg(long, value_name = "NAME")]
    pub array: Option<String>,
}

/// The language and array of `--format code`, checked against the format: `--format code`
/// needs `--lang`, and `--lang` and `--array` go with it only.
fn code_options(args: &GenerateArgs) -> Result<Option<(Lang, Option<&str>)>> {
    match (args.format, args.lang) {
        (GenFormat::Code, None) => {
            bail!("--format code needs --lang: java, c, rust or python")
        }
        (GenFormat::Code, Some(lang)) => {
            if let Some(name) = &args.array {
                lang.check_name(name)
                    .with_context(|| format!("--array cannot name a {lang:?} array"))?;
            }
            Ok(Some((lang, args.array.as_deref())))
        }
        (_, Some(_)) => bail!("--lang goes with --format code"),
        (_, None) if args.array.is_some() => bail!("--array goes with --format code"),
        (_, None) => Ok(None),
    }
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
        .map_err(|e: nonet_generate::UnknownSymmetry| e.to_string())
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse()
        .map_err(|e: nonet_logic::rate::UnknownLevel| e.to_string())
}

/// `A..B`, `A-B` or `A` (meaning `A..A`).
fn split_range(s: &str) -> (&str, &str) {
    if let Some((a, b)) = s.split_once("..") {
        (a, b.trim_start_matches('='))
    } else if let Some((a, b)) = s.split_once('-').filter(|(a, _)| !a.is_empty()) {
        (a, b)
    } else {
        (s, s)
    }
}

/// Reads `MIN..MAX` (either bound may repeat the other: see `split_range`) as two numbers,
/// each within `lo..=hi` (`why` is the message for a number outside).
fn parse_range<T>(s: &str, lo: T, hi: T, why: &str) -> Result<(T, T), String>
where
    T: std::str::FromStr + PartialOrd + Copy,
{
    let (a, b) = split_range(s.trim());
    let num = |t: &str| -> Result<T, String> {
        match t.trim().parse::<T>() {
            // `!(lo <= v)` rather than `v < lo`: also refuses NaN.
            Ok(v) if !(lo <= v && v <= hi) => Err(format!("`{s}`: {why}")),
            Ok(v) => Ok(v),
            Err(_) => Err(format!("`{s}` is not MIN..MAX")),
        }
    };
    let (min, max) = (num(a)?, num(b)?);
    if min > max {
        return Err(format!("`{s}`: MIN is above MAX"));
    }
    Ok((min, max))
}

/// `--technique`'s codes (or families) as techniques, each one the generator can target on
/// `variant`; the first that cannot be is the error.
fn techniques(codes: &[String], variant: Variant) -> Result<Vec<Technique>> {
    let mut chosen = Vec::new();
    for code in codes.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
        if let Ok(list) = Technique::named(code) {
            for t in list {
                targetable(t, variant).map_err(|e| anyhow::anyhow!("--technique {code}: {e}"))?;
                chosen.push(t);
            }
        } else if let Some(family) = Family::from_name(code) {
            // A family: those of its techniques the generator can target.
            let before = chosen.len();
            chosen.extend(
                family
                    .techniques()
                    .filter(|&t| targetable(t, variant).is_ok()),
            );
            if chosen.len() == before {
                bail!("--technique {code}: no technique of this family can be targeted");
            }
        } else {
            return Err(UnknownTechnique(code.to_string()).into());
        }
    }
    if chosen.is_empty() && !codes.is_empty() {
        bail!("--technique needs a code (see `nonet explain --list-techniques`)");
    }
    Ok(chosen)
}

/// `--se`: Sudoku Explainer ratings run from 1.0 to 20.0.
fn parse_er_range(s: &str) -> Result<(f64, f64), String> {
    parse_range(
        s,
        1.0,
        20.0,
        "Sudoku Explainer ratings run from 1.0 to 20.0",
    )
}

/// `--clues`: no puzzle with fewer than 17 clues has a unique solution.
fn parse_clue_range(s: &str) -> Result<(usize, usize), String> {
    parse_range(
        s,
        17,
        81,
        "give 17 to 81 clues (no Sudoku with fewer than 17 clues has a unique solution)",
    )
}

/// `--timeout`: how long to search for one puzzle, if there is a limit.
#[derive(Clone, Copy, Debug)]
pub struct Timeout(pub Option<Duration>);

/// `--timeout`: seconds, finite and not negative; 0 is no limit.
pub(crate) fn parse_timeout(s: &str) -> Result<Timeout, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    generation::time_limit(secs)
        .map(Timeout)
        .map_err(|e| format!("`{s}`: {e}"))
}

/// Puzzles generated between two writes: keeps every thread busy and output flowing.
const CHUNK: u64 = 64;

/// `nonet generate`.
pub fn run(args: GenerateArgs) -> Result<Status> {
    if matches!(args.classic, Some(c) if ![0, 3, 5].contains(&c)) {
        bail!("--classic takes 0, 3 or 5");
    }
    let code = code_options(&args)?;
    let variant = crate::variant::of_names(&args.variant);
    let techniques = techniques(&args.technique, variant)?;
    if args.at_start && matches!(args.format, GenFormat::Csv | GenFormat::Code) {
        bail!("--at-start prints a pencil-mark grid: use --format line, grid or json");
    }
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let s = random_seed();
            eprintln!("seed: {s}");
            s
        }
    };
    let regions = match generation::regions(variant, args.regions.as_deref()) {
        Ok(map) => map,
        Err(RegionsError::NotJigsaw) => {
            bail!("--regions gives a jigsaw's regions: it needs --variant jigsaw")
        }
        Err(e) => bail!("--regions: {e}"),
    };
    // A variant's ratings (SE's rules over its houses, `rate --variant`'s) are given when a
    // target asks for them: its contradiction chains make rating a hard variant puzzle cost
    // far more than making it.
    let targeted = args.level.is_some() || args.se.is_some() || args.classic.is_some();
    let rated_output = matches!(args.format, GenFormat::Json | GenFormat::Csv)
        && (variant.is_standard() || targeted);
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        target: Target {
            level: args.level,
            se: args.se,
            classic: args.classic,
        },
        rate: rated_output,
        max_attempts: None,
        variant,
        regions,
        techniques,
        at_start: args.at_start,
    };
    // The engine reads no clock: each puzzle's deadline is checked here, between its attempts.
    let limit = args.timeout.0;
    let generator = Generator::new(options).map_err(|e| anyhow::anyhow!("{e}"))?;

    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => {
            let name = path.to_string_lossy();
            Box::new(std::io::BufWriter::new(Named::new(
                crate::output::create_file(path)?,
                name,
            )))
        }
        None => Box::new(crate::output::stdout()),
    };
    if args.format == GenFormat::Csv {
        let mut extra = if variant.is_standard() {
            ""
        } else {
            ",variant,regions"
        }
        .to_string();
        if !args.technique.is_empty() {
            extra.push_str(",technique");
        }
        writeln!(
            out,
            "index,seed,puzzle,solution,clues,symmetry,er,ep,ed,level,classic,hardest,generator{extra}"
        )?;
    }
    let code = code.map(|(lang, array)| CodeShape { lang, array });
    if let Some(CodeShape {
        lang,
        array: Some(name),
    }) = &code
    {
        writeln!(out, "{}", lang.array_open(name))?;
    }

    // Progress on a terminal when the job may take a while: many puzzles, or a target that
    // needs ratings (hard levels can take many attempts each).
    let slow = generator.options().target != Target::default()
        || args.minimal
        || !generator.options().techniques.is_empty();
    let bar = (std::io::stderr().is_terminal() && (args.count >= 500 || slow)).then(|| {
        let b = ProgressBar::new(args.count);
        b.set_style(
            ProgressStyle::with_template(&crate::color::bar_template(
                "{pos}/{len} puzzles, {msg} attempts, {elapsed}, eta {eta}",
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    });
    let attempts = AtomicU64::new(0);
    let run = Generation::new(&generator, seed, limit);

    let workers = batch::workers(args.threads)?;
    let mut start = 0u64;
    while start < args.count {
        let end = (start + CHUNK).min(args.count);
        let mut results = Vec::with_capacity((end - start) as usize);
        let on_attempt = || {
            let n = attempts.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(b) = &bar {
                if n & 15 == 0 {
                    b.set_message(n.to_string());
                }
            }
        };
        let on_done = || {
            if let Some(b) = &bar {
                b.inc(1);
            }
        };
        run.range(
            &workers,
            start..end,
            &|| false,
            &on_attempt,
            &on_done,
            &mut results,
        );
        // Puzzles are written in index order up to the first one that did not come out; the
        // error reported is the real one (the others were only cancelled because of it).
        let first_err = results.iter().position(Result::is_err);
        if let (Some(_), Some((k, e))) = (first_err, real_failure(&results)) {
            for (i, r) in (start..).zip(&results).take(first_err.unwrap_or(0)) {
                if let Ok(g) = r {
                    emit(
                        &mut *out,
                        args.format,
                        code.as_ref(),
                        i,
                        g,
                        generator.options().symmetry,
                        generator.options().variant,
                    )?;
                }
            }
            if let Some(b) = &bar {
                b.abandon();
            }
            // The array holds the puzzles that came out, and stays well-formed.
            close_array(&mut *out, code.as_ref())?;
            out.flush()?;
            let i = start + k as u64;
            crate::color::error(format_args!(
                "puzzle {} (seed {}): {e}",
                i + 1,
                puzzle_seed(seed, i)
            ));
            return Ok(Status::Unhandled);
        }
        for (i, r) in (start..).zip(results) {
            if let Ok(g) = r {
                emit(
                    &mut *out,
                    args.format,
                    code.as_ref(),
                    i,
                    &g,
                    generator.options().symmetry,
                    generator.options().variant,
                )?;
            }
        }
        start = end;
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    close_array(&mut *out, code.as_ref())?;
    out.flush()?;
    Ok(Status::Ok)
}

/// The shape of `--format code`: the literals' language, and the array they are declared as.
struct CodeShape<'a> {
    lang: Lang,
    array: Option<&'a str>,
}

/// Ends the array of `--format code --array`, if there is one.
fn close_array(out: &mut dyn Write, code: Option<&CodeShape>) -> Result<()> {
    if let Some(CodeShape {
        lang,
        array: Some(_),
    }) = code
    {
        writeln!(out, "{}", lang.array_close())?;
    }
    Ok(())
}

/// Writes one puzzle in the chosen shape.
fn emit(
    out: &mut dyn Write,
    format: GenFormat,
    code: Option<&CodeShape>,
    index: u64,
    g: &Generated,
    symmetry: Symmetry,
    variant: Variant,
) -> Result<()> {
    // A jigsaw's region map with its labels (those of `--regions`, as `solve --format json`
    // writes a map it read).
    let regions = g.regions.as_ref().map(RegionMap::to_line);
    // The contract's line: the puzzle, and a jigsaw's regions after one space.
    let line = match &regions {
        Some(map) => format!("{} {map}", g.puzzle.to_line()),
        None => g.puzzle.to_line(),
    };
    match format {
        // A drill is its position: the pencil-mark grid, then a blank line (as `--format grid`
        // separates puzzles), in the text shapes.
        GenFormat::Line | GenFormat::Grid if g.drill.is_some() => {
            let drill = g.drill.as_ref().expect("checked");
            write!(out, "{}", drill.position.to_pencil_grid())?;
            // A grid does not carry its layout: a variant's drill says, in a comment line (which
            // every reader skips), the options that read it back.
            if !variant.is_standard() {
                let regions = regions
                    .as_ref()
                    .map(|map| format!(" --regions {map}"))
                    .unwrap_or_default();
                writeln!(out, "# --variant {variant}{regions}")?;
            }
            writeln!(out)?
        }
        GenFormat::Line => writeln!(out, "{line}")?,
        GenFormat::Code => {
            let code = code.context("--format code without a language")?;
            match code.array {
                Some(_) => writeln!(out, "{}", code.lang.array_item(&line))?,
                None => writeln!(out, "{}", code.lang.literal(&line))?,
            }
        }
        // A jigsaw's rows beside their region labels, as `solve --format grid` writes them.
        GenFormat::Grid => match &g.regions {
            Some(map) => writeln!(
                out,
                "{}",
                crate::variant::grid_on(&g.puzzle, &nonet_core::Layout::jigsaw(map))
            )?,
            None => writeln!(out, "{}\n", g.puzzle.to_grid_string().trim_end())?,
        },
        GenFormat::Json => {
            let mut v = json!({
                "index": index,
                "seed": g.seed,
                "puzzle": g.puzzle.to_line(),
                "solution": g.solution.to_line(),
                "clues": g.puzzle.filled_count(),
                "symmetry": symmetry.name(),
                "generator": GENERATOR_VERSION,
            });
            if !variant.is_standard() {
                v["variant"] = json!(variant.to_string());
            }
            if let Some(map) = &regions {
                v["regions"] = json!(map);
            }
            if let Some(t) = g.technique {
                v["technique"] = json!(t.name());
            }
            if let Some(d) = &g.drill {
                v["drill"] = json!({
                    "position": d.position.to_pencil_grid(),
                    "step": d.index,
                    "technique": d.step.technique.name(),
                });
            }
            if let Some(r) = &g.rating {
                v["er"] = json!(r.er);
                v["ep"] = json!(r.ep);
                v["ed"] = json!(r.ed);
                v["se"] = json!(format!("{:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed));
                v["level"] = json!(r.level.name());
                v["classic"] = json!(r.classic);
                v["hardest"] = json!(r.hardest.map(|t| t.name()));
            }
            writeln!(out, "{v}")?;
        }
        GenFormat::Csv => {
            let (er, ep, ed, level, classic, hardest) = match &g.rating {
                Some(r) => (
                    format!("{:.1}", r.er),
                    format!("{:.1}", r.ep),
                    format!("{:.1}", r.ed),
                    r.level.name().to_string(),
                    r.classic.to_string(),
                    r.hardest.map_or(String::new(), |t| t.name().to_string()),
                ),
                None => Default::default(),
            };
            let mut extra = if variant.is_standard() {
                String::new()
            } else {
                format!(
                    ",{},{}",
                    csv_field(&variant.to_string()),
                    regions.as_deref().unwrap_or("")
                )
            };
            if let Some(t) = g.technique {
                extra.push(',');
                extra.push_str(&csv_field(t.name()));
            }
            writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{}{}",
                index,
                g.seed,
                g.puzzle.to_line(),
                g.solution.to_line(),
                g.puzzle.filled_count(),
                symmetry.name(),
                er,
                ep,
                ed,
                level,
                classic,
                csv_field(&hardest),
                GENERATOR_VERSION,
                extra
            )?;
        }
    }
    Ok(())
}

/// Quotes a CSV field when it needs it.
pub(crate) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
