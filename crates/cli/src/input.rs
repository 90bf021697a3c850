//! Reading puzzles from files or standard input, keeping each puzzle's line number so that
//! reasons can be reported as `line N: ...` and output stays in input order.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use nonet_core::{PuzzleError, Sudoku};

/// One puzzle of the input: where it was, and what reading it gave.
pub struct InputPuzzle {
    /// A prefix naming the file when several files are read (`"a.txt: "`), else empty.
    pub origin: String,
    /// The line the puzzle starts on, counting every line of its file from 1.
    pub line: usize,
    /// The text of the puzzle (the line, or the whole grid).
    pub text: String,
    /// The puzzle, or why it cannot be used.
    pub parsed: Result<Sudoku, PuzzleError>,
}

impl InputPuzzle {
    /// `line N: reason` (with the file's name first when several files are read).
    pub fn describe(&self, reason: &dyn std::fmt::Display) -> String {
        format!("{}line {}: {}", self.origin, self.line, reason)
    }

    /// The error's own line within a multi-line grid, mapped to the file's line numbers.
    pub fn error_line(&self, err: &PuzzleError) -> usize {
        err.line().map_or(self.line, |l| self.line + l - 1)
    }

    /// The reason this puzzle is unusable, as `line N: reason`, or `None` if it is fine.
    pub fn error_message(&self) -> Option<String> {
        self.parsed
            .as_ref()
            .err()
            .map(|e| format!("{}line {}: {}", self.origin, self.error_line(e), e))
    }
}

/// Reads all puzzles from `files` (standard input when empty or `-`).
pub fn read_puzzles(files: &[String]) -> Result<Vec<InputPuzzle>> {
    let several = files.len() > 1;
    let names: Vec<&str> = if files.is_empty() {
        vec!["-"]
    } else {
        files.iter().map(String::as_str).collect()
    };
    let mut out = Vec::new();
    for name in names {
        let text = read_text(name)?;
        let origin = if several {
            format!("{name}: ")
        } else {
            String::new()
        };
        out.extend(split_puzzles(&text, &origin));
    }
    Ok(out)
}

/// Reads a file, or standard input for `-`, as text. Bytes that are not UTF-8 become U+FFFD and
/// are then reported as unexpected characters of their puzzle, rather than failing the whole file.
pub fn read_text(name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    if name == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
    } else {
        let path = Path::new(name);
        bytes = std::fs::read(path).with_context(|| format!("cannot read '{name}'"))?;
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether a line carries no puzzle (blank or a `#` comment).
fn is_skipped(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// The number of cell characters on a line once grid separators and spaces are removed.
fn grid_cells(line: &str) -> usize {
    line.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '-' | '+' | '=' | ':' | '*' | '!'))
        .count()
}

/// Splits a text into puzzles: either one multi-line grid (every content line holds at most
/// nine cells, and some line exactly nine), or one puzzle per content line.
pub fn split_puzzles(text: &str, origin: &str) -> Vec<InputPuzzle> {
    let content: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !is_skipped(l))
        .collect();
    let is_grid = content.len() >= 2
        && content.iter().all(|(_, l)| grid_cells(l) <= 9)
        && content.iter().any(|(_, l)| grid_cells(l) == 9);
    if is_grid {
        let first = content[0].0;
        let grid_text: String = text.lines().skip(first - 1).collect::<Vec<_>>().join("\n");
        let parsed = Sudoku::from_grid(&grid_text)
            .map_err(PuzzleError::from)
            .and_then(|s| s.check().map(|()| s).map_err(PuzzleError::from));
        return vec![InputPuzzle {
            origin: origin.to_string(),
            line: first,
            text: grid_text,
            parsed,
        }];
    }
    content
        .into_iter()
        .map(|(line, l)| {
            let (text, parsed) = parse_record(l);
            InputPuzzle {
                origin: origin.to_string(),
                line,
                text: text.to_string(),
                parsed,
            }
        })
        .collect()
}

/// Characters that separate the fields of a record such as `name:puzzle:count:rating:solution`
/// (examples.txt), `puzzle:ER:EP:ED:source` (rated lists) or a CSV row.
fn is_field_separator(c: char) -> bool {
    matches!(c, ':' | ',' | ';' | '\t')
}

/// Reads one line: a plain puzzle line, or a record whose first 81-cell field is the puzzle.
/// For a record where no field is a puzzle, the error is that of its longest field, the one most
/// likely meant as the puzzle. Returns the puzzle's text and what reading it gave.
fn parse_record(line: &str) -> (&str, Result<Sudoku, PuzzleError>) {
    let checked = |t: &str| -> Result<Sudoku, PuzzleError> {
        let s = Sudoku::from_line(t)?;
        s.check()?;
        Ok(s)
    };
    let trimmed = line.trim();
    if !trimmed.contains(is_field_separator) {
        // `<81 cells> <comment>`: a puzzle followed by a space- or `|`-separated comment.
        if let (Some(head), Some(next)) = (
            trimmed.get(..81),
            trimmed.get(81..).and_then(|t| t.chars().next()),
        ) {
            if (next.is_whitespace() || next == '|') && Sudoku::from_line(head).is_ok() {
                return (head, checked(head));
            }
        }
        return (trimmed, checked(line));
    }
    let fields: Vec<&str> = trimmed.split(is_field_separator).map(str::trim).collect();
    if let Some(f) = fields.iter().find(|f| Sudoku::from_line(f).is_ok()) {
        return (f, checked(f));
    }
    let longest = fields
        .iter()
        .max_by_key(|f| f.len())
        .copied()
        .unwrap_or(trimmed);
    (longest, checked(longest))
}

/// Reads the single puzzle argument of `hint`, `explain` and `candidates`: an 81-character
/// puzzle, or `-` for standard input (a line or a multi-line grid).
pub fn read_single(arg: &str) -> Result<String> {
    if arg == "-" {
        read_text("-")
    } else {
        Ok(arg.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_numbers() {
        let text = "# comment\n\n.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.\nxyz\n";
        let ps = split_puzzles(text, "");
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].line, 3);
        assert!(ps[0].parsed.is_ok());
        assert_eq!(ps[1].line, 4);
        assert_eq!(
            ps[1].error_message().unwrap(),
            "line 4: unexpected character 'x' at column 1 (r1c1)"
        );
    }

    #[test]
    fn records_yield_their_puzzle_field() {
        let text = "sample:.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.:1:0:248617593679253418153948726961534872735826149824791365516379284397482651482165937\n\
                    ..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..:1.2:1.2:1.2:sx-easy\n\
                    name:.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3:1\n";
        let ps = split_puzzles(text, "");
        assert_eq!(
            ps[0].parsed.as_ref().unwrap().to_line().chars().nth(1),
            Some('4')
        );
        assert!(ps[1].parsed.is_ok());
        assert_eq!(
            ps[2].error_message().unwrap(),
            "line 3: 80 cells, expected 81"
        );
    }

    #[test]
    fn a_grid_is_one_puzzle() {
        let s = Sudoku::from_line(
            ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.",
        )
        .unwrap();
        let text = format!("# my grid\n{}", s.to_grid_string());
        let ps = split_puzzles(&text, "");
        assert_eq!(ps.len(), 1);
        assert_eq!(ps[0].line, 2);
        assert_eq!(ps[0].parsed.as_ref().unwrap(), &s);
    }
}
