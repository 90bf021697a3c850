//! The closing part of every `--help`: a few real examples and the exit-status table, kept as
//! data so that `--help` (clap's `after_help`) and the man pages (their EXAMPLES and EXIT STATUS
//! sections) say the same thing. The tests run every example shown (`tests/help_examples.rs`).

use anstyle::Style;
use clap::builder::StyledStr;

/// One example: a shell command line and what it does.
pub struct Example {
    /// The command line, as typed (it may pipe or redirect).
    pub command: &'static str,
    /// What it prints or does, one sentence.
    pub what: &'static str,
}

/// What closes one command's help.
pub struct Page {
    /// Two or three examples.
    pub examples: &'static [Example],
    /// Each exit status and when the command gives it.
    pub exit_status: &'static [(u8, &'static str)],
}

const fn ex(command: &'static str, what: &'static str) -> Example {
    Example { command, what }
}

/// A well-formed puzzle with one solution, for the single-puzzle examples.
macro_rules! puzzle {
    () => {
        ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8."
    };
}

/// The commands that read files of puzzles: the contract's statuses.
const BATCH_STATUS: &[(u8, &str)] = &[
    (0, "every puzzle was handled"),
    (
        1,
        "some puzzle had no solution or several (rate: or could not be rated)",
    ),
    (
        2,
        "some input could not be read, a puzzle was invalid, or the command line was wrong",
    ),
];

const ONE_PUZZLE_STATUS: &[(u8, &str)] = &[
    (0, "done"),
    (
        1,
        "the puzzle has no solution or several, or the allowed techniques get stuck",
    ),
    (
        2,
        "the puzzle could not be read or is invalid, or the command line was wrong",
    ),
];

const TOOL_STATUS: &[(u8, &str)] = &[
    (0, "done"),
    (
        2,
        "the output could not be written, or the command line was wrong",
    ),
];

const TOP: Page = Page {
    examples: &[
        ex(
            "nonet play",
            "Play in the browser (the address is printed too).",
        ),
        ex(
            "nonet generate --seed 1 -n 3 | nonet solve",
            "Three new puzzles, then their solutions, one per line.",
        ),
        ex(
            concat!("nonet explain ", puzzle!()),
            "Every step of a puzzle's logical solution.",
        ),
    ],
    exit_status: BATCH_STATUS,
};

const PLAY: Page = Page {
    examples: &[
        ex(
            "nonet play",
            "Serve the game on 127.0.0.1:9009 (or a free port) and open the browser.",
        ),
        ex(
            "nonet play --db games.db --no-open",
            "Keep the games in games.db; open the printed address yourself.",
        ),
    ],
    exit_status: &[
        (0, "the server was stopped"),
        (
            2,
            "the server could not start (address, database), or the command line was wrong",
        ),
    ],
};

const SOLVE: Page = Page {
    examples: &[
        ex(
            "nonet solve puzzles.txt",
            "The solution of each puzzle, or none / multiple / invalid, one line each.",
        ),
        ex(
            "nonet generate --seed 1 -n 2 | nonet solve -f grid",
            "Solutions as 9x9 grids.",
        ),
        ex(
            "nonet solve --only none,multiple -n puzzles.txt",
            "The input lines, numbered, of the puzzles without a unique solution.",
        ),
    ],
    exit_status: BATCH_STATUS,
};

const HINT: Page = Page {
    examples: &[
        ex(
            concat!("nonet hint --level technique ", puzzle!()),
            "Only the name of the technique to look for next.",
        ),
        ex(
            concat!("echo ", puzzle!(), " | nonet hint -"),
            "The whole next move, for a puzzle read from standard input.",
        ),
    ],
    exit_status: ONE_PUZZLE_STATUS,
};

const EXPLAIN: Page = Page {
    examples: &[
        ex(
            concat!("nonet explain ", puzzle!()),
            "Every step, numbered, then the solution.",
        ),
        ex(
            concat!("nonet explain -f json ", puzzle!()),
            "The same path as JSON (the contract's `steps`).",
        ),
        ex(
            concat!("nonet explain --techniques singles --no-guess ", puzzle!()),
            "How far singles alone go.",
        ),
    ],
    exit_status: ONE_PUZZLE_STATUS,
};

const CHECK_STEP: Page = Page {
    examples: &[
        ex(
            concat!(
                "nonet check-step ",
                puzzle!(),
                r#" '{"code":"hidden-single","placements":[{"cell":"r3c3","digit":1}]}'"#
            ),
            "valid: the step found, named by its houses and cells, with what it places; its sentence; then the placement on a line of its own.",
        ),
        ex(
            concat!(
                "nonet candidates ",
                puzzle!(),
                r#" | nonet check-step - '{"code":"naked-single","cells":["r1c1"]}'"#
            ),
            "not valid, and why: the cell has other candidates (exit status 1).",
        ),
        ex(
            concat!(
                "nonet check-step -f json ",
                puzzle!(),
                r#" '{"code":"hidden-single","cells":["r2c6"],"digits":[1]}'"#
            ),
            "The verdict as JSON: valid, reason, eliminations, placements and the step found.",
        ),
    ],
    exit_status: &[
        (0, "the step is valid"),
        (
            1,
            "the step is not valid, or valid but removes nothing (the reason is printed)",
        ),
        (
            2,
            "the position or the step could not be read, the position breaks a rule, or the command line was wrong",
        ),
    ],
};

const GENERATE: Page = Page {
    examples: &[
        ex(
            "nonet generate --seed 7 -n 5 --level hard --symmetry rot180",
            "Five hard symmetric puzzles, the same on every machine.",
        ),
        ex(
            "nonet generate --seed 1 -n 3 --technique x-wing --minimal -f json",
            "Minimal puzzles whose solving path needs an X-Wing and nothing harder, as JSON lines.",
        ),
        ex(
            "nonet generate --seed 1 -n 2 -f code --lang java --array PUZZLES",
            "A Java array of string literals, to paste into code.",
        ),
    ],
    exit_status: &[
        (0, "every puzzle was generated"),
        (1, "a puzzle could not be found in time (see --timeout)"),
        (
            2,
            "the options cannot be met, the output could not be written, or the command line was wrong",
        ),
    ],
};

const RATE: Page = Page {
    examples: &[
        ex(
            "nonet rate puzzles.txt",
            "Sudoku Explainer's ER/EP/ED of each puzzle.",
        ),
        ex(
            "nonet rate --scale level -f csv puzzles.txt",
            "Every scale, the hardest technique and the level, as CSV.",
        ),
        ex(
            "nonet generate --seed 3 -n 4 | nonet rate -q",
            "Only the exit status: 0 when every puzzle could be rated.",
        ),
    ],
    exit_status: BATCH_STATUS,
};

const PRINT: Page = Page {
    examples: &[
        ex(
            "nonet generate --seed 1 -n 8 | nonet print --per-page 4 --solutions -o booklet.pdf",
            "A PDF booklet of eight puzzles, four a page, with their solutions.",
        ),
        ex(
            "nonet generate --seed 5 | nonet print -f svg -o puzzle.svg",
            "One puzzle as an SVG image.",
        ),
    ],
    exit_status: &[
        (0, "written"),
        (
            1,
            "a puzzle had no solution or several (reported by its line and left out, the others written)",
        ),
        (
            2,
            "the input could not be read, a line was no puzzle (reported, the others written) or none had one solution, the output could not be written, or the command line was wrong",
        ),
    ],
};

const CHECK: Page = Page {
    examples: &[
        ex("nonet check puzzles.txt", "ok or invalid for each puzzle."),
        ex(
            "nonet check --only invalid -n puzzles.txt",
            "The numbered input lines of the invalid puzzles (the reasons go to standard error).",
        ),
        ex(
            "nonet generate --seed 2 -n 5 | nonet check -q",
            "Nothing printed: exit status 0 when every puzzle is readable and breaks no rule.",
        ),
    ],
    exit_status: &[
        (0, "every puzzle is readable and breaks no rule"),
        (
            2,
            "some input could not be read, a puzzle was invalid, or the command line was wrong",
        ),
    ],
};

const COUNT: Page = Page {
    examples: &[
        ex(
            "nonet count --limit 1000 puzzles.txt",
            "The number of solutions of each puzzle, up to 1000.",
        ),
        ex(
            "nonet count --only unique puzzles.txt",
            "The input lines of the puzzles with exactly one solution.",
        ),
    ],
    exit_status: &[
        (0, "every puzzle was counted"),
        (
            2,
            "some input could not be read, a puzzle was invalid, or the command line was wrong",
        ),
    ],
};

const CANDIDATES: Page = Page {
    examples: &[
        ex(
            concat!("nonet candidates ", puzzle!()),
            "The pencil-mark grid once naked singles are placed.",
        ),
        ex(
            concat!("nonet candidates --raw -f line ", puzzle!()),
            "The candidates straight from the givens, the 81 cells on one line.",
        ),
    ],
    exit_status: &[
        (0, "done"),
        (
            1,
            "a cell has no candidate left: the puzzle has no solution",
        ),
        (
            2,
            "the puzzle could not be read or is invalid, or the command line was wrong",
        ),
    ],
};

const COMPLETIONS: Page = Page {
    examples: &[
        ex(
            "nonet completions bash > nonet.bash",
            "Bash completions, to source from ~/.bashrc (see the README for each shell).",
        ),
        ex(
            "nonet completions zsh > _nonet",
            "Zsh completions, to put in a directory of $fpath.",
        ),
    ],
    exit_status: TOOL_STATUS,
};

const MAN: Page = Page {
    examples: &[
        ex("nonet man > nonet.1", "The main page, in roff."),
        ex(
            "nonet man --dir man1",
            "nonet.1 and one page per subcommand (nonet-solve.1, ...) in man1/.",
        ),
        ex("nonet man solve", "The page of `nonet solve`."),
    ],
    exit_status: TOOL_STATUS,
};

/// The page closing the help of `command` (`""` for `nonet` itself).
pub fn page(command: &str) -> Option<&'static Page> {
    Some(match command {
        "" | "nonet" => &TOP,
        "play" => &PLAY,
        "solve" => &SOLVE,
        "hint" => &HINT,
        "explain" => &EXPLAIN,
        "check-step" => &CHECK_STEP,
        "generate" => &GENERATE,
        "rate" => &RATE,
        "print" => &PRINT,
        "check" => &CHECK,
        "count" => &COUNT,
        "candidates" => &CANDIDATES,
        "completions" => &COMPLETIONS,
        "man" => &MAN,
        _ => return None,
    })
}

/// clap's heading style (bold, underlined), for headings that look like its own.
const HEADING: Style = Style::new().bold().underline();
/// clap's style for literal text, such as a command to type.
const LITERAL: Style = Style::new().bold();

/// The text after the options in `nonet COMMAND --help`: the examples, then the exit statuses.
/// Styled as clap styles its own sections (clap strips the styles when colour is off).
pub fn after_help(command: &str) -> StyledStr {
    let Some(page) = page(command) else {
        return StyledStr::new();
    };
    let mut s = format!("{HEADING}Examples:{HEADING:#}\n");
    for e in page.examples {
        s += &format!("  {LITERAL}{}{LITERAL:#}\n      {}\n", e.command, e.what);
    }
    s += &format!("\n{HEADING}Exit status:{HEADING:#}\n");
    for (code, when) in page.exit_status {
        s += &format!("  {LITERAL}{code}{LITERAL:#}  {when}\n");
    }
    StyledStr::from(s.trim_end().to_string())
}

/// The EXAMPLES and EXIT STATUS sections of `command`'s man page.
pub fn man_sections(command: &str) -> roff::Roff {
    use roff::{bold, roman, Roff};
    let mut r = Roff::new();
    if let Some(page) = page(command) {
        r.control("SH", ["EXAMPLES"]);
        for e in page.examples {
            r.control("TP", []);
            r.text([bold(e.command)]);
            r.text([roman(e.what)]);
        }
        r.control("SH", ["EXIT STATUS"]);
        for (code, when) in page.exit_status {
            r.control("TP", []);
            r.text([bold(code.to_string())]);
            r.text([roman(*when)]);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_two_or_three_examples_and_the_statuses_in_order() {
        for name in [
            "",
            "play",
            "solve",
            "hint",
            "explain",
            "check-step",
            "generate",
            "rate",
            "print",
            "check",
            "count",
            "candidates",
            "completions",
            "man",
        ] {
            let p = page(name).unwrap();
            assert!((2..=3).contains(&p.examples.len()), "{name}");
            assert!(
                p.examples
                    .iter()
                    .all(|e| e.command.starts_with("nonet ") || e.command.starts_with("echo ")),
                "{name}"
            );
            let codes: Vec<u8> = p.exit_status.iter().map(|(c, _)| *c).collect();
            assert!(
                codes.windows(2).all(|w| w[0] < w[1]) && codes[0] == 0,
                "{name}"
            );
        }
    }
}
