//! Reading and writing puzzles as text: the 81-character line, the 9x9 grid and the pencil-mark
//! grid. (JSON belongs to the callers: the core knows no serialisation format.)

use crate::cell::Cell;
use crate::digit::{Digit, DigitSet};
use crate::error::{ParseError, ParseErrorKind};
use crate::pencil::PencilMarks;
use crate::sudoku::Sudoku;

/// The text without a leading byte-order mark: an encoding's signature (Windows editors write
/// one), never part of a puzzle, and invisible, so that columns are counted after it.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A character that marks an empty cell.
fn is_empty_mark(c: char) -> bool {
    matches!(c, '.' | '0' | '_')
}

/// A character that separates boxes in a drawn grid and carries no cell: ASCII rules, blanks,
/// and Unicode's box-drawing characters (`┌─┬─┐ │`), which grids copied from web pages and
/// other tools are drawn with.
fn is_separator(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=' | ':' | '\'' | '*' | '!')
        || c.is_whitespace()
        || ('\u{2500}'..='\u{257f}').contains(&c)
}

pub(crate) fn parse_line(line: &str) -> Result<Sudoku, ParseError> {
    // The common case, 81 bytes of digits and dots, in one pass; anything else (spaces, bad
    // characters, wrong lengths) takes the general path below, which names the problem.
    if let Ok(bytes) = <&[u8; 81]>::try_from(line.as_bytes()) {
        // Byte by byte without a branch, so the compiler runs it on vector lanes.
        let mut cells = [0u8; 81];
        let mut bad = 0u8;
        for (cell, &b) in cells.iter_mut().zip(bytes) {
            let v = b.wrapping_sub(b'0');
            let digit = v <= 9;
            bad |= u8::from(!digit) & u8::from(b != b'.');
            *cell = if digit { v } else { 0 };
        }
        if bad == 0 {
            return Ok(Sudoku::from_digits(cells));
        }
    }
    let line = without_bom(line);
    // Columns count from the start of the untrimmed line, so they match what the user sees.
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let line = line.trim();
    if line.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty));
    }
    let mut cells = [0u8; 81];
    let mut n = 0usize;
    for (i, ch) in line.chars().enumerate().map(|(i, c)| (i + lead, c)) {
        let value = if let Some(d) = Digit::from_char(ch) {
            d.get()
        } else if ch == '.' || ch == '0' {
            0
        } else {
            return Err(ParseError::new(ParseErrorKind::Character {
                ch,
                column: i + 1,
                cell: Cell::new(n),
            }));
        };
        if n < 81 {
            cells[n] = value;
        }
        n += 1;
    }
    if n != 81 {
        return Err(ParseError::new(ParseErrorKind::CellCount { found: n }));
    }
    Ok(Sudoku::from_bytes(cells).expect("only digits 0-9 were stored"))
}

pub(crate) fn parse_grid(text: &str) -> Result<Sudoku, ParseError> {
    parse_rows(text, 0).map(|(s, _)| s)
}

/// Reads a jigsaw's multi-line grid, each row its nine cells then its nine region labels (as
/// `nonet generate --variant jigsaw --format grid` writes them, a grid of digits having no place
/// for the regions' borders). Returns the puzzle and the map's 81 labels in reading order, not
/// yet checked as a map.
pub(crate) fn parse_jigsaw_grid(text: &str) -> Result<(Sudoku, String), ParseError> {
    parse_rows(text, 9)
}

/// The rows of a multi-line grid, each its nine cells then `labels` more characters (a
/// jigsaw's region labels, kept in reading order); comment and separator lines skipped.
fn parse_rows(text: &str, labels: usize) -> Result<(Sudoku, String), ParseError> {
    let text = without_bom(text);
    let mut cells = [0u8; 81];
    let mut kept = String::with_capacity(9 * labels);
    let mut rows = 0usize;
    for (line_no, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut row = [0u8; 9];
        let mut row_labels = String::new();
        let mut n = 0usize;
        let mut extra = None;
        for (col, ch) in line.chars().enumerate() {
            if is_separator(ch) {
                continue;
            }
            let is_label = (9..9 + labels).contains(&n);
            if is_label {
                row_labels.push(ch);
            } else {
                let value = if let Some(d) = Digit::from_char(ch) {
                    d.get()
                } else if is_empty_mark(ch) {
                    0
                } else {
                    let cell = (rows < 9 && n < 9).then(|| Cell::at(rows, n));
                    return Err(ParseError::new(ParseErrorKind::Character {
                        ch,
                        column: col + 1,
                        cell,
                    })
                    .at_line(line_no));
                };
                if n < 9 {
                    row[n] = value;
                } else if n == 9 + labels {
                    extra = Some(col + 1);
                }
            }
            n += 1;
        }
        if n == 0 {
            continue; // a separator line such as ------+-------+------
        }
        if n != 9 + labels {
            let row = rows + 1;
            let kind = match labels {
                0 => ParseErrorKind::RowLength {
                    row,
                    found: n,
                    extra,
                },
                _ => ParseErrorKind::JigsawRowLength { row, found: n },
            };
            return Err(ParseError::new(kind).at_line(line_no));
        }
        if rows < 9 {
            cells[rows * 9..rows * 9 + 9].copy_from_slice(&row);
            kept.push_str(&row_labels);
        }
        rows += 1;
    }
    match rows {
        0 => Err(ParseError::new(ParseErrorKind::Empty)),
        9 => Ok((
            Sudoku::from_bytes(cells).expect("only digits 0-9 were stored"),
            kept,
        )),
        found => Err(ParseError::new(ParseErrorKind::RowCount { found })),
    }
}

/// How many cells (or labels) a grid row holds: its characters less blanks and separators.
pub(crate) fn grid_row_len(line: &str) -> usize {
    line.chars().filter(|&c| !is_separator(c)).count()
}

pub(crate) fn write_line(s: &Sudoku) -> String {
    String::from_utf8(s.to_line_bytes().to_vec()).expect("ASCII")
}

pub(crate) fn write_grid(s: &Sudoku) -> String {
    let mut out = String::with_capacity(11 * 22);
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        for c in 0..9 {
            if c == 3 || c == 6 {
                out.push_str(" |");
            }
            if c > 0 {
                out.push(' ');
            }
            out.push(s.get(Cell::at(r, c)).map_or('.', Digit::to_char));
        }
        out.push('\n');
    }
    out
}

/// The cell the `n`th token of a pencil-mark grid's row `rows` fills: on a first line, counted
/// on through the rows (a line of all 81 cells, as `candidates --format line` writes).
fn token_cell(rows: usize, n: usize) -> Option<Cell> {
    match rows {
        0 => Cell::new(n),
        _ => (rows < 9 && n < 9).then(|| Cell::at(rows, n)),
    }
}

/// Reads a pencil-mark grid: nine rows of nine cells (or all 81 on one line, as `nonet candidates
/// --format line` writes them), each cell written as its candidate digits (`236`), a cell with
/// one digit taken as solved, `0` (or `.`) for a cell with no candidate left. Cells are
/// separated by spaces or `|`; separator lines are skipped.
pub(crate) fn parse_pencil_grid(text: &str) -> Result<PencilMarks, ParseError> {
    let text = without_bom(text);
    let mut sets: Vec<DigitSet> = Vec::with_capacity(81);
    let mut rows = 0usize;
    for (line_no, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.trim_start().starts_with('#') {
            continue;
        }
        // Frame lines such as `.----+----.` carry no cells (a `.` there is a corner, not a cell).
        if line.chars().all(|c| is_separator(c) || c == '.') {
            continue;
        }
        let mut row: Vec<DigitSet> = Vec::with_capacity(9);
        let mut col_of_token = 0usize;
        let mut current: Option<DigitSet> = None;
        let chars: Vec<char> = line.chars().collect();
        for (col, &ch) in chars.iter().enumerate() {
            if ch.is_whitespace() || is_separator(ch) {
                if let Some(set) = current.take() {
                    row.push(set);
                }
                continue;
            }
            let set = current.get_or_insert_with(|| {
                col_of_token = col;
                DigitSet::EMPTY
            });
            if let Some(d) = Digit::from_char(ch) {
                if set.contains(d) {
                    let cell = token_cell(rows, row.len()).unwrap_or(Cell::at(rows.min(8), 8));
                    return Err(ParseError::new(ParseErrorKind::RepeatedCandidate {
                        cell,
                        digit: d,
                    })
                    .at_line(line_no));
                }
                set.insert(d);
            } else if !(ch == '0' || ch == '.') {
                let cell = token_cell(rows, row.len());
                return Err(ParseError::new(ParseErrorKind::Character {
                    ch,
                    column: col + 1,
                    cell,
                })
                .at_line(line_no));
            }
        }
        if let Some(set) = current.take() {
            row.push(set);
        }
        if row.is_empty() {
            continue;
        }
        if row.len() == 81 && rows == 0 {
            // The whole grid on one line: its nine rows.
            rows = 9;
            sets.extend(row);
            continue;
        }
        if row.len() > 9 && rows == 0 {
            // Meant as the whole grid on one line.
            let kind = ParseErrorKind::CellCount { found: row.len() };
            return Err(ParseError::new(kind).at_line(line_no));
        }
        if row.len() != 9 {
            return Err(ParseError::new(ParseErrorKind::RowLength {
                row: rows + 1,
                found: row.len(),
                extra: None,
            })
            .at_line(line_no));
        }
        rows += 1;
        sets.extend(row);
    }
    if rows == 0 {
        return Err(ParseError::new(ParseErrorKind::Empty));
    }
    if rows != 9 {
        return Err(ParseError::new(ParseErrorKind::RowCount { found: rows }));
    }
    let mut pm = PencilMarks::empty();
    for (i, set) in sets.into_iter().enumerate() {
        let cell = Cell::from_index(i);
        match set.single_digit() {
            Some(d) => pm.set_value(cell, d),
            None => pm.set_candidates(cell, set),
        }
    }
    Ok(pm)
}

/// A jigsaw's pencil-mark grid: the frames follow its regions (a `|` between two cells of a row
/// in different regions, `-` under a cell whose neighbour below is in another region, `+`
/// where borders meet), since the boxes' frames would draw borders that are not there. It reads
/// back as any pencil-mark grid: the frames are separators.
fn write_jigsaw_pencil_grid(
    pm: &PencilMarks,
    width: &[usize; 9],
    text: impl Fn(Cell) -> String,
) -> String {
    let layout = pm.layout();
    let region = |r: usize, c: usize| layout.houses_of(Cell::at(r, c))[2];
    // Whether a border runs between (r, c) and its right or lower neighbour (the grid's edge
    // counts as one).
    let right = |r: usize, c: usize| c == 8 || region(r, c) != region(r, c + 1);
    let below = |r: usize, c: usize| r == 8 || region(r, c) != region(r + 1, c);
    let mut out = String::new();
    // The frame line above row `r` (`r` 0 the top, 9 the bottom).
    let frame = |out: &mut String, r: usize| {
        let edge = r == 0 || r == 9;
        // The outer frame's corners are `.`; a side takes `+` where a border meets it.
        let side = |c: usize| match edge {
            true => '.',
            false if below(r - 1, c) => '+',
            false => '|',
        };
        out.push(side(0));
        for (c, w) in width.iter().enumerate() {
            let border = edge || below(r - 1, c);
            out.push_str(&(if border { "-" } else { " " }).repeat(w + 2));
            if c == 8 {
                out.push(side(8));
                continue;
            }
            let joint = match r {
                0 | 9 if right(r.min(8), c) => '+',
                0 | 9 => '-',
                _ if border || below(r - 1, c + 1) || right(r - 1, c) || right(r, c) => '+',
                _ => ' ',
            };
            out.push(joint);
        }
        out.push('\n');
    };
    for r in 0..9 {
        frame(&mut out, r);
        out.push('|');
        for (c, w) in width.iter().enumerate() {
            let t = text(Cell::at(r, c));
            out.push(' ');
            out.push_str(&t);
            out.push_str(&" ".repeat(w - t.len() + 1));
            out.push(if right(r, c) { '|' } else { ' ' });
        }
        out.push('\n');
    }
    frame(&mut out, 9);
    out
}

/// Writes a pencil-mark grid: solved cells as their digit, others as their candidates, columns
/// padded to a common width, boxes framed.
pub(crate) fn write_pencil_grid(pm: &PencilMarks) -> String {
    let text = |c: Cell| -> String {
        match pm.value(c) {
            Some(d) => d.to_string(),
            None if pm.candidates(c).is_empty() => "0".to_string(),
            None => pm.candidates(c).to_string(),
        }
    };
    let mut width = [1usize; 9];
    for c in Cell::all() {
        width[c.col()] = width[c.col()].max(text(c).len());
    }
    if pm.layout().is_jigsaw() {
        return write_jigsaw_pencil_grid(pm, &width, text);
    }
    let rule = {
        let mut s = String::new();
        for stack in 0..3 {
            s.push(if stack == 0 { '.' } else { '+' });
            let w: usize = (stack * 3..stack * 3 + 3)
                .map(|c| width[c] + 1)
                .sum::<usize>()
                + 1;
            s.push_str(&"-".repeat(w));
        }
        s.push('.');
        s
    };
    let mut out = String::new();
    out.push_str(&rule);
    out.push('\n');
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&rule.replace('.', "+"));
            out.push('\n');
        }
        for (c, w) in width.iter().enumerate() {
            if c % 3 == 0 {
                out.push_str("| ");
            }
            let t = text(Cell::at(r, c));
            out.push_str(&t);
            out.push_str(&" ".repeat(w - t.len() + 1));
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";

    #[test]
    fn line_round_trip() {
        let s = Sudoku::from_line(P).unwrap();
        assert_eq!(s.to_line(), P);
        let zeros = P.replace('.', "0");
        assert_eq!(Sudoku::from_line(&format!("  {zeros}\n")).unwrap(), s);
    }

    #[test]
    fn grid_round_trip() {
        let s = Sudoku::from_line(P).unwrap();
        let g = s.to_grid_string();
        assert_eq!(g.lines().count(), 11);
        assert_eq!(Sudoku::from_grid(&g).unwrap(), s);
        assert_eq!(Sudoku::parse(&g).unwrap(), s);
    }

    #[test]
    fn line_errors_name_the_problem() {
        let short = &P[..80];
        let e = Sudoku::from_line(short).unwrap_err();
        assert_eq!(e.to_string(), "80 cells, expected 81");
        let mut bad = P.to_string();
        bad.replace_range(11..12, "x");
        let e = Sudoku::from_line(&bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unexpected character 'x' at column 12 (r2c3)"
        );
        assert_eq!(
            Sudoku::from_line("   ").unwrap_err().kind(),
            &ParseErrorKind::Empty
        );
        // Input read as UTF-8 gets U+FFFD for a byte that is not (Latin-1's 'é', 0xE9): the
        // message said "unexpected character '\u{fffd}'", a character the file does not hold.
        bad.replace_range(11..12, "\u{fffd}");
        let e = Sudoku::from_line(&bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a byte that is not UTF-8 text at column 12 (r2c3)"
        );
    }

    #[test]
    fn grid_errors_name_line_and_row() {
        let s = Sudoku::from_line(P).unwrap();
        let mut lines: Vec<String> = s.to_grid_string().lines().map(String::from).collect();
        lines[1] = "1 2 3 | 4 5 6 | 7 8".into();
        let e = Sudoku::from_grid(&lines.join("\n")).unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert_eq!(e.to_string(), "row 2 has 8 cells, expected 9");
        lines[1] = "1 2 3 | 4 5 6 | 7 8 x".into();
        let e = Sudoku::from_grid(&lines.join("\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unexpected character 'x' at column 21 (r2c9)"
        );
        let e = Sudoku::from_grid(&lines[..5].join("\n").replace('x', "9")).unwrap_err();
        assert_eq!(e.to_string(), "4 rows, expected 9");
    }

    #[test]
    fn pencil_grid_round_trip() {
        // After elimination no empty cell has a single candidate, which the format would read
        // back as a solved cell: that is the one ambiguity of pencil-mark grids.
        let s = Sudoku::from_line(
            "9.1..4.........296.8....4.721...6.....6.23..4.5.94.........8.4.....7..3.....316.5",
        )
        .unwrap();
        let pm = PencilMarks::after_elimination(&s.into());
        assert!(!pm.is_solved());
        let text = pm.to_pencil_grid();
        let back = PencilMarks::from_pencil_grid(&text).unwrap();
        assert_eq!(back, pm);
    }

    /// A jigsaw's pencil-mark grid was framed by the boxes, drawing borders its regions do not
    /// have; its frames now follow the regions, and it still reads back.
    #[test]
    fn a_jigsaw_pencil_grid_is_framed_by_its_regions_not_the_boxes() {
        let map = crate::RegionMap::parse(
            "111112223122222333112444333155554433666654444776655558777666988777999998799988888",
        )
        .unwrap();
        let layout = crate::Layout::jigsaw(&map);
        let s = Sudoku::from_line(
            "..6...78..2.6......85..13..9..3....26.2...5.7..8.6..9.1..4...2..6.....51.....79.4",
        )
        .unwrap();
        let pm = PencilMarks::after_elimination(&crate::Puzzle::new(s, layout));
        assert!(!pm.is_solved());
        let text = pm.to_pencil_grid();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19, "{text}");
        for r in 0..9 {
            let changes = (0..8)
                .filter(|&c| map.regions()[r * 9 + c] != map.regions()[r * 9 + c + 1])
                .count();
            let bars = lines[2 * r + 1].matches('|').count();
            assert_eq!(bars, changes + 2, "row {}: {text}", r + 1);
        }
        let back = PencilMarks::from_pencil_grid(&text).unwrap();
        for c in Cell::all() {
            assert_eq!(
                (back.value(c), back.candidates(c)),
                (pm.value(c), pm.candidates(c))
            );
        }
    }

    #[test]
    fn pencil_grid_rejects_repeats() {
        let row = "| 2236 1 4 | 5 6 7 | 8 9 3 |\n";
        let e = PencilMarks::from_pencil_grid(&row.repeat(9)).unwrap_err();
        assert_eq!(e.to_string(), "r1c1 lists candidate 2 twice");
    }
}
