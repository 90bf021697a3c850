//! Reading what to print: plain puzzle lines, `nonet generate`'s CSV and JSON output, `nonet
//! rate`'s CSV and JSON output, rated lists (`puzzle:ER:EP:ED:source`), a JSON array of such
//! objects, or one multi-line grid. Whatever is known about a puzzle (its number, solution, seed,
//! level, rating) is kept for the page.

use nonet_core::{Layout, Level, Puzzle, Sudoku};
use serde_json::Value;

use crate::error::PrintError;

/// One puzzle to print, with what is known about it.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintPuzzle {
    /// The puzzle.
    pub puzzle: Sudoku,
    /// Its solution, if known (computed when solutions are printed and it is missing).
    pub solution: Option<Sudoku>,
    /// The line of the input it was read from (from 1), printed beside it as `line N`; for an
    /// item of a JSON array, its position in the array.
    pub number: usize,
    /// The player level, if known.
    pub level: Option<Level>,
    /// Sudoku Explainer's ER, if known.
    pub er: Option<f64>,
    /// The generator seed that reproduces it, if it came from `nonet generate`.
    pub seed: Option<u64>,
    /// The houses it is played on (the standard layout unless it is a variant).
    pub layout: Layout,
}

impl PrintPuzzle {
    /// A bare puzzle with its line number.
    pub fn new(puzzle: Sudoku, number: usize) -> PrintPuzzle {
        PrintPuzzle {
            puzzle,
            solution: None,
            number,
            level: None,
            er: None,
            seed: None,
            layout: Layout::default(),
        }
    }

    /// Its solution: the one given, or the unique one on its layout.
    pub fn unique_solution(&self) -> Option<Sudoku> {
        self.solution.or_else(
            || match Puzzle::new(self.puzzle, self.layout.clone()).solutions() {
                nonet_core::Solutions::Unique(s) => Some(s),
                _ => None,
            },
        )
    }

    /// The caption: `line 3  ·  hard  ·  ER 4.2  ·  seed 1234` with whatever is known, so a
    /// puzzle on the page is found in the input (and in its reasons, `line N: ...`) by its line.
    pub fn caption(&self) -> String {
        let mut parts = vec![format!("line {}", self.number)];
        let level = self.level.or(self.er.map(Level::from_er));
        if let Some(level) = level {
            parts.push(level.name().to_string());
        }
        if let Some(er) = self.er {
            parts.push(format!("ER {er:.1}"));
        }
        if let Some(seed) = self.seed {
            parts.push(format!("seed {seed}"));
        }
        parts.join("  \u{b7}  ")
    }
}

/// Reads every puzzle of `text` in any accepted shape, each numbered by its line (by its position
/// in a JSON array). A JSON array is one document; anything else is read by the command line's
/// record reader ([`nonet_answers::read`], the one every command and Python use: plain lines,
/// records, a CSV with its header, one multi-line grid), and what each record says besides its
/// puzzle is added by [`annotate`]. The first puzzle that cannot be read is the error, naming
/// its line and the problem.
pub fn read_puzzles(text: &str) -> Result<Vec<PrintPuzzle>, PrintError> {
    let out = if text.trim_start().starts_with('[') {
        read_json_array(text)?
    } else {
        let header = nonet_answers::read::csv_header_of(text);
        let mut out = Vec::new();
        for p in nonet_answers::read::split_puzzles(text, "") {
            let puzzle = p.parsed.as_ref().map_err(|e| PrintError::Input {
                line: p.error_line(e),
                reason: e.to_string(),
            })?;
            let mut q = PrintPuzzle::new(*puzzle, p.line);
            annotate(&mut q, p.source, header)?;
            out.push(q);
        }
        out
    };
    if out.is_empty() {
        return Err(PrintError::Empty);
    }
    Ok(out)
}

/// Adds what a record says about its puzzle besides the puzzle itself to `p`, a puzzle read from
/// that record by another reader (the command line's, which every command shares): a JSON
/// object's or a CSV row's solution, seed, level and ER (`header`: the CSV header the row's
/// columns follow), or a rated list's ER (`puzzle:ER:EP:ED:source`). A record of another shape
/// adds nothing; a solution that does not complete the puzzle is an error. Puzzle and solution
/// are checked on `p.layout`, the layout the puzzle was read on.
pub fn annotate(p: &mut PrintPuzzle, record: &str, header: Option<&str>) -> Result<(), PrintError> {
    let line = record.trim();
    let known = if line.starts_with('{') {
        let v: Value =
            serde_json::from_str(line).map_err(|e| bad(p.number, format!("not JSON: {e}")))?;
        Some(from_json(&v, p.number, &p.layout)?)
    } else if let Some(cols) = header.and_then(CsvColumns::of) {
        Some(from_csv(&cols, line, p.number, &p.layout)?)
    } else {
        from_plain(line, p.number, &p.layout).ok()
    };
    if let Some(k) = known.filter(|k| k.puzzle == p.puzzle) {
        p.solution = k.solution.or(p.solution);
        p.seed = k.seed.or(p.seed);
        p.level = k.level.or(p.level);
        p.er = k.er.or(p.er);
    }
    Ok(())
}

fn read_json_array(text: &str) -> Result<Vec<PrintPuzzle>, PrintError> {
    let v: Value = serde_json::from_str(text).map_err(|e| PrintError::Input {
        line: e.line(),
        reason: format!("not JSON: {e}"),
    })?;
    let Value::Array(items) = v else {
        unreachable!("the text starts with `[`")
    };
    items
        .iter()
        .enumerate()
        .map(|(k, item)| from_json(item, k + 1, &Layout::default()))
        .collect::<Result<Vec<_>, _>>()
}

/// The columns of a CSV header that we use.
struct CsvColumns {
    puzzle: usize,
    solution: Option<usize>,
    seed: Option<usize>,
    level: Option<usize>,
    er: Option<usize>,
}

impl CsvColumns {
    fn of(header: &str) -> Option<CsvColumns> {
        let names: Vec<String> = split_csv(header)
            .iter()
            .map(|s| s.trim().to_ascii_lowercase())
            .collect();
        let find = |n: &str| names.iter().position(|x| x == n);
        Some(CsvColumns {
            puzzle: find("puzzle")?,
            solution: find("solution"),
            seed: find("seed"),
            level: find("level"),
            er: find("er"),
        })
    }
}

fn bad(line: usize, reason: impl Into<String>) -> PrintError {
    PrintError::Input {
        line,
        reason: reason.into(),
    }
}

/// Reads a puzzle field and checks it on `layout` (a jigsaw's givens may repeat in a box).
fn puzzle_field(text: &str, line: usize, layout: &Layout) -> Result<Sudoku, PrintError> {
    let s = Sudoku::from_line(text).map_err(|e| bad(line, e.to_string()))?;
    Puzzle::new(s, layout.clone())
        .check()
        .map_err(|e| bad(line, e.to_string()))?;
    Ok(s)
}

/// A solution field: must be full, valid, and agree with the puzzle.
fn solution_field(
    text: &str,
    puzzle: &Sudoku,
    line: usize,
    layout: &Layout,
) -> Result<Sudoku, PrintError> {
    let s = puzzle_field(text, line, layout)?;
    let agrees =
        nonet_core::Cell::all().all(|c| puzzle.get(c).is_none() || puzzle.get(c) == s.get(c));
    if !s.is_full() || !agrees {
        return Err(bad(line, "the solution does not complete the puzzle"));
    }
    Ok(s)
}

/// `puzzle` or `puzzle<sep>fields`: a rated list's `puzzle:ER:EP:ED:source` gives the ER.
fn from_plain(line: &str, line_no: usize, layout: &Layout) -> Result<PrintPuzzle, PrintError> {
    let head = line.get(..81).unwrap_or(line);
    let mut p = PrintPuzzle::new(puzzle_field(head, line_no, layout)?, line_no);
    let rest = &line[head.len()..];
    if let Some(sep) = rest.chars().next() {
        if !matches!(sep, ':' | ',' | ';' | ' ' | '\t' | '|') {
            return Err(bad(line_no, "more than 81 cells"));
        }
        let er = rest[1..]
            .split([':', ',', ';', ' ', '\t', '|'])
            .next()
            .and_then(|f| f.parse::<f64>().ok());
        p.er = er.filter(|e| (1.0..=20.0).contains(e));
    }
    Ok(p)
}

fn from_csv(
    cols: &CsvColumns,
    line: &str,
    line_no: usize,
    layout: &Layout,
) -> Result<PrintPuzzle, PrintError> {
    let fields = split_csv(line);
    let get = |i: Option<usize>| {
        i.and_then(|i| fields.get(i))
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
    };
    let puzzle_text =
        get(Some(cols.puzzle)).ok_or_else(|| bad(line_no, "no puzzle in this row"))?;
    let mut p = PrintPuzzle::new(puzzle_field(puzzle_text, line_no, layout)?, line_no);
    if let Some(s) = get(cols.solution) {
        p.solution = Some(solution_field(s, &p.puzzle, line_no, layout)?);
    }
    p.seed = get(cols.seed).and_then(|s| s.parse().ok());
    p.level = get(cols.level).and_then(|s| s.parse().ok());
    p.er = get(cols.er).and_then(|s| s.parse().ok());
    Ok(p)
}

fn from_json(v: &Value, line_no: usize, layout: &Layout) -> Result<PrintPuzzle, PrintError> {
    let puzzle_text = v
        .get("puzzle")
        .and_then(Value::as_str)
        .ok_or_else(|| bad(line_no, "a JSON object without a `puzzle` field"))?;
    let mut p = PrintPuzzle::new(puzzle_field(puzzle_text, line_no, layout)?, line_no);
    if let Some(s) = v.get("solution").and_then(Value::as_str) {
        p.solution = Some(solution_field(s, &p.puzzle, line_no, layout)?);
    }
    p.seed = v.get("seed").and_then(|s| {
        s.as_u64()
            .or_else(|| s.as_str().and_then(|t| t.parse().ok()))
    });
    p.level = v
        .get("level")
        .and_then(Value::as_str)
        .and_then(|s| s.parse().ok());
    p.er = v.get("er").and_then(Value::as_f64);
    Ok(p)
}

/// Splits one CSV line, honouring double quotes.
fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "...6.7....5.1....368..9..453...8.9...4.....2....4.9....71............8...3.....76";

    #[test]
    fn plain_lines_are_numbered_in_order() {
        let text = format!("# a comment\n{P}\n\n{}\n", P.replace('.', "0"));
        let v = read_puzzles(&text).unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].number, v[1].number), (2, 4));
        assert_eq!(v[0].puzzle, v[1].puzzle);
        assert_eq!(v[0].caption(), "line 2");
    }

    #[test]
    fn rated_lists_give_the_er() {
        let v = read_puzzles(&format!("{P}:4.2:1.2:1.2:source\n")).unwrap();
        assert_eq!(v[0].er, Some(4.2));
        assert_eq!(v[0].caption(), "line 1  \u{b7}  hard  \u{b7}  ER 4.2");
    }

    #[test]
    fn generator_json_and_csv_keep_seed_number_and_solution() {
        let sol = Sudoku::from_line(P).unwrap().unique_solution().unwrap();
        let json = format!(
            "{{\"index\":4,\"seed\":99,\"puzzle\":\"{P}\",\"solution\":\"{}\",\"level\":\"expert\",\"er\":5.6}}\n",
            sol.to_line()
        );
        let v = read_puzzles(&json).unwrap();
        assert_eq!(v[0].number, 1);
        assert_eq!(v[0].seed, Some(99));
        assert_eq!(v[0].solution, Some(sol));
        assert_eq!(v[0].level, Some(Level::Expert));
        let csv = format!(
            "index,seed,puzzle,solution,clues,symmetry,er,ep,ed,level,classic,hardest,generator\n\
             0,7,{P},{},24,none,2.0,1.2,1.2,medium,5,\"Naked Single\",nonet-generate 1\n",
            sol.to_line()
        );
        let v = read_puzzles(&csv).unwrap();
        assert_eq!((v[0].number, v[0].seed, v[0].er), (2, Some(7), Some(2.0)));
        let arr = format!("[{}]", json.trim());
        assert_eq!(read_puzzles(&arr).unwrap()[0].seed, Some(99));
    }

    #[test]
    fn a_grid_is_one_puzzle() {
        let grid = Sudoku::from_line(P).unwrap().to_grid_string();
        let v = read_puzzles(&grid).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].puzzle.to_line(), P);
    }

    #[test]
    fn bad_input_names_its_line() {
        let err = read_puzzles(&format!("{P}\n12345\n")).unwrap_err();
        assert!(matches!(err, PrintError::Input { line: 2, .. }), "{err}");
        let wrong = format!("{{\"puzzle\":\"{P}\",\"solution\":\"{}\"}}", "1".repeat(81));
        assert!(read_puzzles(&wrong).is_err());
        assert_eq!(read_puzzles("# nothing\n"), Err(PrintError::Empty));
    }

    #[test]
    fn annotate_adds_what_a_record_says() {
        let s = Sudoku::from_line(P).unwrap();
        let sol = s.unique_solution().unwrap();
        let mut p = PrintPuzzle::new(s, 7);
        let json = format!("{{\"seed\":99,\"puzzle\":\"{P}\",\"level\":\"expert\",\"er\":5.6}}");
        annotate(&mut p, &json, None).unwrap();
        assert_eq!((p.number, p.seed, p.er), (7, Some(99), Some(5.6)));
        let header = "index,seed,puzzle,solution";
        let mut p = PrintPuzzle::new(s, 3);
        annotate(&mut p, &format!("0,5,{P},{}", sol.to_line()), Some(header)).unwrap();
        assert_eq!((p.seed, p.solution), (Some(5), Some(sol)));
        let mut p = PrintPuzzle::new(s, 1);
        annotate(&mut p, &format!("{P}:4.2:1.2:1.2:source"), None).unwrap();
        assert_eq!(p.er, Some(4.2));
        // A record of another shape (examples.txt's `name:puzzle:...`) adds nothing.
        let mut p = PrintPuzzle::new(s, 1);
        annotate(&mut p, &format!("name:{P}:1"), None).unwrap();
        assert_eq!(p, PrintPuzzle::new(s, 1));
        let wrong = format!("{{\"puzzle\":\"{P}\",\"solution\":\"{}\"}}", "1".repeat(81));
        assert!(annotate(&mut p, &wrong, None).is_err());
    }
}
