//! Reading puzzles from files or standard input, keeping each puzzle's line number so that
//! reasons can be reported as `line N: ...` and output stays in input order.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use nonet_core::{PuzzleError, Sudoku};

/// One puzzle of the input: where it was, and what reading it gave. It borrows its text from
/// the [`Input`] it came from.
pub struct InputPuzzle<'a> {
    /// A prefix naming the file when several files are read (`"a.txt: "`), else empty.
    pub origin: &'a str,
    /// The line the puzzle starts on, counting every line of its file from 1.
    pub line: usize,
    /// The text of the puzzle as given (the line, its puzzle field, or the whole grid).
    pub text: &'a str,
    /// The whole input the puzzle came from: its line (records included), or the grid's lines.
    pub source: &'a str,
    /// The puzzle, or why it cannot be used.
    pub parsed: Result<Sudoku, PuzzleError>,
}

impl InputPuzzle<'_> {
    /// Writes `line N: reason` (with the file's name first when several files are read) to
    /// standard error through the batch's buffered streams.
    pub fn report(&self, io: &mut crate::batch::Streams, reason: &str) {
        let mut number = itoa::Buffer::new();
        io.note(&[self.origin, "line ", number.format(self.line), ": ", reason]);
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

/// Whether reading checks that no digit repeats in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Givens {
    /// Every puzzle read is checked: a clash is an error of `parsed`.
    Checked,
    /// Bare 81-character lines are not checked, so `parsed` may hold clashing givens: for
    /// commands that solve, since a clash means no solution and the check is only worth its
    /// cost (a twentieth of an easy solve) on the puzzles that turn out to have none.
    Unchecked,
}

/// The input of a batch command: the texts of its files (standard input when none, or `-`),
/// read whole before any output so that an unreadable file fails at once. Its puzzles are read
/// one at a time by [`Input::puzzles`], so a batch holds only the chunk it is working on: a
/// million-line file takes the memory of its text, not that of a million parsed puzzles.
pub struct Input {
    /// Per file: the origin prefix of its puzzles, and its text.
    files: Vec<(String, String)>,
    givens: Givens,
}

impl Input {
    /// Reads `files` (standard input when empty or `-`).
    pub fn read(files: &[String], givens: Givens) -> Result<Input> {
        let several = files.len() > 1;
        let names: Vec<&str> = if files.is_empty() {
            vec!["-"]
        } else {
            files.iter().map(String::as_str).collect()
        };
        let mut texts = Vec::with_capacity(names.len());
        for name in names {
            let origin = if several {
                format!("{name}: ")
            } else {
                String::new()
            };
            texts.push((origin, read_text(name)?));
        }
        Ok(Input {
            files: texts,
            givens,
        })
    }

    /// The puzzles, in input order.
    pub fn puzzles(&self) -> impl Iterator<Item = InputPuzzle<'_>> + '_ {
        self.files
            .iter()
            .flat_map(move |(origin, text)| Puzzles::new(text, origin, self.givens))
    }

    /// How many puzzles there are (a pass over the lines, without parsing them).
    pub fn count(&self) -> usize {
        self.files
            .iter()
            .map(|(_, text)| match grid_start(text) {
                Some(_) => 1,
                None => text.lines().filter(|l| !is_skipped(l)).count(),
            })
            .sum()
    }
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
    // Valid UTF-8 (nearly always) is kept as it is, without a lossy copy.
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
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

/// When `text` is one multi-line grid (at least two content lines, each of at most nine
/// cells, one of exactly nine): its first content line's number and byte offset.
fn grid_start(text: &str) -> Option<(usize, usize)> {
    let mut content = 0;
    let mut nine = false;
    let mut first = None;
    let mut offset = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let l = raw.trim_end_matches(['\n', '\r']);
        if !is_skipped(l) {
            // Stops at the first long line: a file of puzzle lines is told apart at once.
            let cells = grid_cells(l);
            if cells > 9 {
                return None;
            }
            nine |= cells == 9;
            content += 1;
            first.get_or_insert((i + 1, offset));
        }
        offset += raw.len();
    }
    first.filter(|_| content >= 2 && nine)
}

/// The puzzles of one text: either one multi-line grid, or one puzzle per content line.
enum Puzzles<'a> {
    /// The grid, until it is taken.
    Grid(Option<InputPuzzle<'a>>),
    /// The lines still to read.
    Lines {
        /// The text from the next line on.
        rest: &'a str,
        /// That line's number, from 1.
        line: usize,
        origin: &'a str,
        givens: Givens,
    },
}

impl<'a> Puzzles<'a> {
    fn new(text: &'a str, origin: &'a str, givens: Givens) -> Puzzles<'a> {
        match grid_start(text) {
            Some((line, offset)) => {
                let grid = &text[offset..];
                let parsed = Sudoku::from_grid(grid)
                    .map_err(PuzzleError::from)
                    .and_then(|s| s.check().map(|()| s).map_err(PuzzleError::from));
                Puzzles::Grid(Some(InputPuzzle {
                    origin,
                    line,
                    text: grid.trim_end(),
                    source: grid.trim_end(),
                    parsed,
                }))
            }
            None => Puzzles::Lines {
                rest: text,
                line: 1,
                origin,
                givens,
            },
        }
    }
}

impl<'a> Iterator for Puzzles<'a> {
    type Item = InputPuzzle<'a>;

    fn next(&mut self) -> Option<InputPuzzle<'a>> {
        match self {
            Puzzles::Grid(grid) => grid.take(),
            Puzzles::Lines {
                rest,
                line,
                origin,
                givens,
            } => loop {
                let i = *line;
                // The common case first: a bare 81-character puzzle line, told by its newline
                // at byte 81 without searching for it (that search was a tenth of reading a file
                // of puzzle lines). A line with an earlier newline fails to parse as a puzzle,
                // and is read again the long way below.
                let bytes = rest.as_bytes();
                let shortcut = bytes.len() > 81 && bytes[81] == b'\n';
                let bare = if shortcut {
                    Sudoku::from_line(&rest[..81]).ok()
                } else {
                    None
                };
                let l = match bare {
                    Some(_) => {
                        let l = &rest[..81];
                        *rest = &rest[82..];
                        l
                    }
                    None => next_line(rest)?,
                };
                *line += 1;
                if bare.is_none() && is_skipped(l) {
                    continue;
                }
                // The last line, or one ending in `\r\n` (a line the shortcut tried is not read
                // twice).
                let bare = if shortcut || l.len() != 81 {
                    bare
                } else {
                    Sudoku::from_line(l).ok()
                };
                let (text, parsed) = match bare {
                    Some(s) if *givens == Givens::Unchecked => (l, Ok(s)),
                    Some(s) => (l, s.check().map(|()| s).map_err(PuzzleError::from)),
                    None => parse_record(l),
                };
                return Some(InputPuzzle {
                    origin,
                    line: i,
                    text,
                    source: l,
                    parsed,
                });
            },
        }
    }
}

/// Takes the next line off `rest`, as `str::lines` gives it (without its `\n` or `\r\n`);
/// `None` at the end of the text.
fn next_line<'a>(rest: &mut &'a str) -> Option<&'a str> {
    if rest.is_empty() {
        return None;
    }
    let (l, after) = rest.split_once('\n').unwrap_or((rest, ""));
    *rest = after;
    Some(l.strip_suffix('\r').unwrap_or(l))
}

/// Splits a text into puzzles: either one multi-line grid (every content line holds at most
/// nine cells, and some line exactly nine), or one puzzle per content line. Givens are checked.
pub fn split_puzzles<'a>(text: &'a str, origin: &'a str) -> Vec<InputPuzzle<'a>> {
    Puzzles::new(text, origin, Givens::Checked).collect()
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

    /// The 81-byte shortcut reads the same lines, with the same numbers, as `str::lines`: CRLF
    /// endings, a last line without a newline, an 81-byte comment, and a newline at byte 81
    /// that ends a second, shorter line.
    #[test]
    fn puzzle_lines_read_as_str_lines_reads_them() {
        let p = ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
        let comment = format!("#{}", &p[1..]);
        let short = &p[..40];
        let text = format!("{p}\r\n{comment}\n{p}\n\n{short}\n{}\n{p}", &p[..40]);
        let ps = split_puzzles(&text, "");
        let lines: Vec<usize> = ps.iter().map(|p| p.line).collect();
        assert_eq!(lines, [1, 3, 5, 6, 7]);
        assert!(ps[0].parsed.is_ok() && ps[1].parsed.is_ok() && ps[4].parsed.is_ok());
        assert_eq!(ps[0].text, p);
        assert_eq!(ps[4].text, p);
        assert_eq!(ps[2].text, short);
        assert!(ps[2].parsed.is_err() && ps[3].parsed.is_err());
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
