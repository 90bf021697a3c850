//! Colours: whether standard output and standard error get ANSI colours, decided once at start
//! from `--color auto|always|never` and the environment (`NO_COLOR`, `TERM=dumb`), and the few
//! styles nonet paints with (the `nonet:` and `line N:` prefixes of errors, technique names in
//! `explain`, the progress bars).
//!
//! The decision is process-wide, as it is for the terminal libraries underneath (clap's help,
//! indicatif's bars through `console`): one command line, one answer, read wherever output is
//! written without threading a flag through every writer.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};
use clap::ValueEnum;

/// When to colour (`--color`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set (not empty) or `TERM` is `dumb`.
    #[default]
    Auto,
    /// Always, even into a pipe or a file (and whatever `NO_COLOR` says).
    Always,
    /// Never.
    Never,
}

impl From<ColorChoice> for clap::ColorChoice {
    fn from(c: ColorChoice) -> clap::ColorChoice {
        match c {
            ColorChoice::Auto => clap::ColorChoice::Auto,
            ColorChoice::Always => clap::ColorChoice::Always,
            ColorChoice::Never => clap::ColorChoice::Never,
        }
    }
}

static STDOUT: AtomicBool = AtomicBool::new(false);
static STDERR: AtomicBool = AtomicBool::new(false);

/// `nonet:`, the prefix of an error that stops the command.
pub const ERROR: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
/// `line N:` (and the file's name before it), where a puzzle's reason points.
pub const PLACE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));
/// A technique's name in `explain`'s steps.
pub const TECHNIQUE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));
/// The closing line of a solved path.
pub const GOOD: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
/// A step's number, and other text that should recede.
pub const DIM: Style = Style::new().dimmed();

/// Decides, once, whether each stream is coloured, and tells the progress bars' library.
pub fn init(choice: ColorChoice) {
    let env = env_allows(
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    );
    let decide = |terminal: bool| match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && env,
    };
    let out = decide(std::io::stdout().is_terminal());
    let err = decide(std::io::stderr().is_terminal());
    STDOUT.store(out, Ordering::Relaxed);
    STDERR.store(err, Ordering::Relaxed);
    console::set_colors_enabled(out);
    console::set_colors_enabled_stderr(err);
}

/// Whether the environment lets `auto` colour: `NO_COLOR` unset or empty (no-color.org), and a
/// terminal that is not `dumb`.
pub fn env_allows(no_color: Option<&OsStr>, term: Option<&OsStr>) -> bool {
    no_color.is_none_or(OsStr::is_empty) && term != Some(OsStr::new("dumb"))
}

/// Whether standard output is coloured.
pub fn stdout() -> bool {
    STDOUT.load(Ordering::Relaxed)
}

/// Whether standard error is coloured.
pub fn stderr() -> bool {
    STDERR.load(Ordering::Relaxed)
}

/// The `--color` value of a command line, read before clap parses it so that clap's own help
/// and errors follow it too (`--color X` or `--color=X`, anywhere before a `--`). `None` when
/// absent or not one of the values: clap then reports a bad value itself.
pub fn choice_in_args(args: impl IntoIterator<Item = OsString>) -> Option<ColorChoice> {
    let mut found = None;
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        let value = match a.to_str() {
            Some("--") => break,
            Some("--color") => args.next(),
            Some(s) => match s.strip_prefix("--color=") {
                Some(v) => Some(OsString::from(v)),
                None => continue,
            },
            None => continue,
        };
        found = value
            .as_deref()
            .and_then(OsStr::to_str)
            .and_then(|v| ColorChoice::from_str(v, false).ok());
    }
    found
}

/// `text` in `style` when `on`, else plain: a value to print with `{}`.
pub struct Painted<'a> {
    on: bool,
    style: Style,
    text: &'a str,
}

impl fmt::Display for Painted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.on && !self.text.is_empty() {
            write!(f, "{}{}{:#}", self.style, self.text, self.style)
        } else {
            f.write_str(self.text)
        }
    }
}

/// `text` painted for standard error.
pub fn err(style: Style, text: &str) -> Painted<'_> {
    Painted {
        on: stderr(),
        style,
        text,
    }
}

/// `text` painted for standard output.
pub fn out(style: Style, text: &str) -> Painted<'_> {
    Painted {
        on: stdout(),
        style,
        text,
    }
}

/// Prints an error that stops the command: `nonet: message` on standard error.
pub fn error(message: impl fmt::Display) {
    eprintln!("{} {message}", err(ERROR, "nonet:"));
}

/// A puzzle's reason line for standard error, its `[FILE: ]line N:` place painted when `on`.
pub fn reason(line: &str, on: bool) -> String {
    let place_end = line.find("line ").and_then(|start| {
        let digits = line[start + 5..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let colon = start + 5 + digits;
        (digits > 0 && line[colon..].starts_with(':')).then_some(colon + 1)
    });
    match place_end {
        Some(end) if on => format!(
            "{}{}",
            Painted {
                on,
                style: PLACE,
                text: &line[..end]
            },
            &line[end..]
        ),
        _ => line.to_string(),
    }
}

/// The progress bar's template: `{bar:40}` coloured when standard error is.
pub fn bar_template(rest: &str) -> String {
    let bar = if stderr() {
        "{bar:40.cyan/blue}"
    } else {
        "{bar:40}"
    };
    format!("{bar} {rest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn color_is_found_in_either_spelling_and_not_after_a_double_dash() {
        let cases: &[(&[&str], Option<ColorChoice>)] = &[
            (&["nonet", "solve"], None),
            (
                &["nonet", "--color", "never", "solve"],
                Some(ColorChoice::Never),
            ),
            (
                &["nonet", "solve", "--color=always"],
                Some(ColorChoice::Always),
            ),
            (
                &["nonet", "--color=never", "--color", "auto"],
                Some(ColorChoice::Auto),
            ),
            (&["nonet", "solve", "--", "--color=always"], None),
            (&["nonet", "--color", "pink"], None),
            (&["nonet", "--color"], None),
        ];
        for (line, want) in cases {
            assert_eq!(choice_in_args(args(line)), *want, "{line:?}");
        }
    }

    #[test]
    fn no_color_set_and_not_empty_or_a_dumb_terminal_turns_auto_off() {
        fn s(t: &str) -> Option<&OsStr> {
            Some(OsStr::new(t))
        }
        assert!(env_allows(None, s("xterm-256color")));
        assert!(env_allows(s(""), None));
        assert!(!env_allows(s("1"), s("xterm")));
        assert!(!env_allows(None, s("dumb")));
    }

    #[test]
    fn only_the_place_of_a_reason_is_painted() {
        let painted = reason("a.txt: line 12: digit 4 repeats in row 1", true);
        assert_eq!(
            painted,
            format!("{PLACE}a.txt: line 12:{PLACE:#} digit 4 repeats in row 1")
        );
        assert_eq!(reason("line 3: x", false), "line 3: x");
        // No place, nothing painted.
        assert_eq!(reason("the line is long: x", true), "the line is long: x");
    }
}
