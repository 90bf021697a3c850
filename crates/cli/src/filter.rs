//! The batch commands' filters, grep-style: `--only` keeps the puzzles of chosen outcomes and
//! prints their input lines (so `nonet count --only unique a.txt > b.txt` is a puzzle file
//! again); `-n/--line-number` and `-H/--with-filename` put where each output line comes from
//! in front of it, as `rg -n` and `rg -H` do (`FILE:LINE:`).
//!
//! With `--format json`, `--only` keeps the matching puzzles' records (each already names its
//! line) and the prefixes are refused, since they would break the JSON lines; `--format grid`
//! takes neither. The exit status stays the contract's, the worst outcome over *all* puzzles,
//! whatever is printed.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};

use crate::cmd::Format;
use crate::input::InputPuzzle;

/// What became of one puzzle, as the filters see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique,
    /// More than one solution.
    Multiple,
    /// No solution.
    None,
    /// Unreadable, or a digit repeats in a house.
    Invalid,
    /// Readable and breaking no rule (`check`, which does not solve).
    Ok,
}

impl Outcome {
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// `--only` of `solve` and `count`: outcomes of solving.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// Exactly one solution.
    Unique,
    /// More than one solution.
    Multiple,
    /// No solution.
    None,
    /// Unreadable, or a digit repeats in a house.
    Invalid,
}

impl From<Solved> for Outcome {
    fn from(s: Solved) -> Outcome {
        match s {
            Solved::Unique => Outcome::Unique,
            Solved::Multiple => Outcome::Multiple,
            Solved::None => Outcome::None,
            Solved::Invalid => Outcome::Invalid,
        }
    }
}

/// `--only` of `check`: outcomes of reading.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Readable, and no digit repeats in a house.
    Ok,
    /// Unreadable, or a digit repeats in a house.
    Invalid,
}

impl From<Checked> for Outcome {
    fn from(c: Checked) -> Outcome {
        match c {
            Checked::Ok => Outcome::Ok,
            Checked::Invalid => Outcome::Invalid,
        }
    }
}

// Where-from prefixes, shared by the filtering commands (a plain comment: a doc comment would
// become their help text).
#[derive(Args, Debug, Clone, Default)]
pub struct PlaceArgs {
    /// Start each output line with its puzzle's input line number, `N:` (`FILE:N:` when several
    /// files are read), as `rg -n` does. Line output only.
    #[arg(long, short = 'n')]
    pub line_number: bool,
    /// Start each output line with its file's name, `FILE:` (`<stdin>` for standard input).
    /// Line output only.
    #[arg(long, short = 'H')]
    pub with_filename: bool,
}

/// What a filtering command prints, and before what.
#[derive(Debug)]
pub struct Filter {
    /// The outcomes kept (bits of [`Outcome`]); 0 keeps all.
    only: u8,
    line_number: bool,
    /// Whether to name the file: `-H`, or `-n` with several files.
    filename: bool,
    /// The name of the only file read, for `-H` (with several, each puzzle's origin names it).
    single_name: String,
    format: Format,
}

impl Filter {
    /// The filter of a command whose answers have no grid (`count`, `check`): `--format grid`
    /// prints as `line` does, filters and prefixes too. Returns the shape to print and the
    /// filter for it.
    pub fn gridless<O: Copy + Into<Outcome>>(
        only: &[O],
        place: &PlaceArgs,
        files: &[PathBuf],
        format: Format,
    ) -> Result<(Format, Filter)> {
        let format = match format {
            Format::Grid => Format::Line,
            f => f,
        };
        let filter = Filter::new(only.iter().map(|&o| o.into()), place, files, format)?;
        Ok((format, filter))
    }

    /// The filter of `--only ONLY` and `place`, for a run over `files` printing `format`. Refuses
    /// the combinations that cannot be printed (see the module's doc).
    pub fn new(
        only: impl IntoIterator<Item = Outcome>,
        place: &PlaceArgs,
        files: &[PathBuf],
        format: Format,
    ) -> Result<Filter> {
        let only = only.into_iter().fold(0, |m, o| m | o.bit());
        let prefixed = place.line_number || place.with_filename;
        match format {
            Format::Line => {}
            Format::Grid if only != 0 => {
                bail!("--only prints input lines (or JSON records with --format json), not grids")
            }
            _ if prefixed => bail!(
                "-n/--line-number and -H/--with-filename go with line output, not --format {}",
                if format == Format::Json {
                    "json"
                } else {
                    "grid"
                }
            ),
            _ => {}
        }
        // A name that is not UTF-8 is shown with U+FFFD for its other bytes, as in messages.
        let single_name = match files {
            [] => "<stdin>".into(),
            [f] if crate::input::is_stdin(f) => "<stdin>".into(),
            [f] => f.to_string_lossy(),
            _ => "".into(),
        };
        Ok(Filter {
            only,
            line_number: place.line_number,
            filename: place.with_filename || (place.line_number && files.len() > 1),
            single_name: single_name.into_owned(),
            format,
        })
    }

    /// Whether a puzzle of this outcome is printed.
    pub fn keeps(&self, outcome: Outcome) -> bool {
        self.only == 0 || self.only & outcome.bit() != 0
    }

    /// Whether `--only` is on (then line output prints the input lines).
    pub fn filters(&self) -> bool {
        self.only != 0
    }

    /// Writes the prefix of an output line about the input's `line` (nothing unless asked).
    fn prefix(&self, p: &InputPuzzle, line: usize, out: &mut dyn Write) -> std::io::Result<()> {
        if self.filename {
            let name = match p.origin.strip_suffix(": ") {
                Some("-") => "<stdin>",
                Some(name) => name,
                None => &self.single_name,
            };
            out.write_all(name.as_bytes())?;
            out.write_all(b":")?;
        }
        if self.line_number {
            out.write_all(itoa::Buffer::new().format(line).as_bytes())?;
            out.write_all(b":")?;
        }
        Ok(())
    }

    /// Writes puzzle `p`'s line of output: its input (`--only`), or the command's own `answer`,
    /// after the asked-for prefix. Nothing when its `outcome` is filtered out. For line output.
    pub fn write_line(
        &self,
        p: &InputPuzzle,
        outcome: Outcome,
        answer: &[u8],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        debug_assert_eq!(self.format, Format::Line);
        if !self.keeps(outcome) {
            return Ok(());
        }
        if !self.filters() {
            self.prefix(p, p.line, out)?;
            out.write_all(answer)?;
            return out.write_all(b"\n");
        }
        // A grid's lines each get their own number, as grep numbers every line it prints.
        for (i, l) in p.source.lines().enumerate() {
            self.prefix(p, p.line + i, out)?;
            out.write_all(l.as_bytes())?;
            out.write_all(b"\n")?;
        }
        // A grid ends with a blank line, so that the grids kept read back as several.
        if p.source.contains('\n') && !self.line_number && !self.filename {
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::split_puzzles;

    const GOOD: &str =
        ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";

    fn place(n: bool, h: bool) -> PlaceArgs {
        PlaceArgs {
            line_number: n,
            with_filename: h,
        }
    }

    fn written(f: &Filter, text: &str, origin: &str, outcome: Outcome) -> String {
        let ps = split_puzzles(text, origin);
        let mut out = Vec::new();
        for p in &ps {
            f.write_line(p, outcome, b"answer", &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn only_prints_the_whole_input_line_with_the_asked_prefix() {
        let text = format!("# head\nname:{GOOD}:1\n");
        let files = [PathBuf::from("a.txt")];
        let cases = [
            (place(false, false), format!("name:{GOOD}:1\n")),
            (place(true, false), format!("2:name:{GOOD}:1\n")),
            (place(false, true), format!("a.txt:name:{GOOD}:1\n")),
            (place(true, true), format!("a.txt:2:name:{GOOD}:1\n")),
        ];
        for (pl, want) in cases {
            let f = Filter::new([Outcome::Unique], &pl, &files, Format::Line).unwrap();
            assert_eq!(written(&f, &text, "", Outcome::Unique), want, "{pl:?}");
            assert_eq!(written(&f, &text, "", Outcome::Multiple), "", "{pl:?}");
        }
    }

    #[test]
    fn without_only_the_answer_is_prefixed_and_several_files_name_theirs() {
        let files = [PathBuf::from("a.txt"), PathBuf::from("-")];
        let f = Filter::new([], &place(true, false), &files, Format::Line).unwrap();
        assert_eq!(
            written(&f, &format!("\n{GOOD}\n"), "a.txt: ", Outcome::None),
            "a.txt:2:answer\n"
        );
        assert_eq!(
            written(&f, &format!("{GOOD}\n"), "-: ", Outcome::None),
            "<stdin>:1:answer\n"
        );
    }

    #[test]
    fn a_grid_is_printed_line_by_line_with_its_own_numbers() {
        let grid = nonet_core::Sudoku::from_line(GOOD)
            .unwrap()
            .to_grid_string();
        let text = format!("# a grid\n{grid}");
        let f = Filter::new([Outcome::Unique], &place(true, false), &[], Format::Line).unwrap();
        let out = written(&f, &text, "", Outcome::Unique);
        let numbers: Vec<&str> = out.lines().map(|l| l.split(':').next().unwrap()).collect();
        let want: Vec<String> = (2..2 + grid.trim_end().lines().count())
            .map(|n| n.to_string())
            .collect();
        assert_eq!(numbers, want);
    }

    #[test]
    fn grids_take_no_filter_and_json_takes_no_prefix() {
        assert!(Filter::new([Outcome::Ok], &place(false, false), &[], Format::Grid).is_err());
        assert!(Filter::new([], &place(true, false), &[], Format::Json).is_err());
        assert!(Filter::new([], &place(false, true), &[], Format::Grid).is_err());
        assert!(Filter::new([Outcome::Invalid], &place(false, false), &[], Format::Json).is_ok());
        assert!(Filter::new([], &place(false, false), &[], Format::Grid).is_ok());
    }
}
