//! The command line tried as a newcomer would (issue 20, items 9-16): absurd option values,
//! unreadable inputs among good ones, byte-order marks, broken grids, input through a pipe that
//! stays open, huge thread counts, `print`'s input, and siblings that must agree.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const GOOD: &str =
    ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
const GOOD_SOLUTION: &str =
    "248617593679253418153948726961534872735826149824791365516379284397482651482165937";
/// The grid of `GOOD`, as `solve --format grid` draws it.
const GOOD_GRID: &str = "\
. 4 . | 6 1 . | . 9 .
. 7 . | . 5 . | . . .
1 . 3 | 9 4 8 | . . .
------+-------+------
9 6 1 | . . . | . . 2
. . 5 | 8 2 6 | 1 . .
8 . . | . . . | 3 6 5
------+-------+------
. . . | 3 7 9 | 2 . 4
. . . | . 8 . | . 5 .
. 8 . | . 6 5 | . 3 .
";
/// Any puzzle with several solutions: the empty grid.
const EMPTY: &str =
    ".................................................................................";

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = nonet()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nonet runs");
    let mut input = child.stdin.take().unwrap();
    // Written from another thread: the answers stream out while the input goes in, and a
    // long input would otherwise fill both pipes. A command that fails on its arguments never
    // reads: a broken pipe then is no error.
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A directory of its own for one test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("nonet-hard-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, content: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, content).unwrap();
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Item 9: every numeric option of every subcommand, on absurd values, gives a clear error
/// naming the option (exit 2) or a sane answer (0 or 1), never a panic (101). `play --port` is
/// left out: a value it accepts starts a server.
#[test]
fn absurd_numeric_options_are_refused_by_name_and_never_panic() {
    let absurd = [
        "0",
        "-1",
        "99999999999999999999999",
        "inf",
        "nan",
        "1e30",
        "",
        "many",
    ];
    let good = format!("{GOOD}\n");
    let cases: &[(&[&str], &str)] = &[
        (&["solve"], "--threads"),
        (&["count"], "--threads"),
        (&["count"], "--limit"),
        (&["check"], "--threads"),
        (&["rate", "--scale", "classic"], "--threads"),
        (&["generate", "--seed", "1"], "--threads"),
        (&["generate"], "--seed"),
        (&["generate", "--seed", "1"], "--count"),
        (&["generate", "--seed", "1"], "--timeout"),
        (&["generate", "--seed", "1"], "--clues"),
        (&["generate", "--seed", "1"], "--se"),
        (&["generate", "--seed", "1"], "--classic"),
        (&["print", "--format", "svg"], "--size"),
        (&["print", "-o", "/dev/null"], "--per-page"),
    ];
    for (command, option) in cases {
        for (value, joined) in absurd.iter().flat_map(|v| [(v, false), (v, true)]) {
            // Both `--option value` (a negative value is still the option's) and
            // `--option=value`.
            let assigned = format!("{option}={value}");
            let mut args: Vec<&str> = command.to_vec();
            if joined {
                args.push(&assigned);
            } else {
                args.extend([*option, value]);
            }
            let out = run_stdin(&args, good.as_bytes());
            let err = text(&out.stderr);
            let shown = format!("nonet {}: exit {:?}\n{err}", args.join(" "), out.status);
            assert!(!err.contains("panicked"), "{shown}");
            match out.status.code() {
                Some(0 | 1) => {}
                Some(2) => assert!(err.contains(option), "the error names {option}: {shown}"),
                _ => panic!("{shown}"),
            }
        }
    }
}

/// Item 10: like grep and ripgrep, an unreadable input (missing, a directory) is reported as
/// `NAME: reason` and the readable ones around it are still answered, in order; exit 2.
#[test]
fn an_unreadable_file_does_not_suppress_the_others() {
    let dir = Scratch::new("unreadable");
    let good = dir.file("good.txt", format!("{GOOD}\n").as_bytes());
    let missing = dir.0.join("missing.txt");
    let out = nonet()
        .arg("solve")
        .args([path(&good), path(&missing), path(&dir.0), path(&good)])
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout),
        format!("{GOOD_SOLUTION}\n{GOOD_SOLUTION}\n")
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{}: No such file or directory", path(&missing))),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}: Is a directory", path(&dir.0))),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(2));
    // Alone, too: nothing to answer, the reason, exit 2.
    let out = nonet().args(["count", path(&missing)]).output().unwrap();
    assert!(out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(2));
}

/// Item 11: a UTF-8 byte-order mark before a puzzle line, a comment or a grid, in a file or on
/// standard input, is skipped: one answer, no extra line.
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = Scratch::new("bom");
    let inputs = [
        format!("{GOOD}\n"),
        format!("# a comment\n{GOOD}\n"),
        GOOD_GRID.to_string(),
        format!("# a grid\n{GOOD_GRID}"),
    ];
    for (k, input) in inputs.iter().enumerate() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(input.as_bytes());
        let file = dir.file(&format!("{k}.txt"), &bytes);
        for out in [
            run_stdin(&["solve"], &bytes),
            nonet().args(["solve", path(&file)]).output().unwrap(),
        ] {
            assert_eq!(text(&out.stdout), format!("{GOOD_SOLUTION}\n"), "{input}");
            assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
            assert_eq!(out.status.code(), Some(0));
        }
        let out = nonet()
            .args(["explain", path(&file), "--format", "json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
}

/// A grid drawn with box-drawing characters was read as eleven puzzle lines, each invalid at
/// its first character; it is one grid, with one answer, from a file or standard input.
#[test]
fn a_grid_drawn_with_box_drawing_characters_is_one_puzzle() {
    let rows: Vec<String> = GOOD_GRID
        .lines()
        .filter(|l| !l.starts_with('-'))
        .map(|l| format!("│ {} │", l.replace('|', "│")))
        .collect();
    let grid = format!(
        "┌───────┬───────┬───────┐\n{}\n└───────┴───────┴───────┘\n",
        rows.join("\n")
    );
    for cmd in ["solve", "check", "count"] {
        let out = run_stdin(&[cmd], grid.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{cmd}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).lines().count(), 1, "{cmd}");
    }
    let out = run_stdin(&["solve"], grid.as_bytes());
    assert_eq!(text(&out.stdout), format!("{GOOD_SOLUTION}\n"));
    let out = run_stdin(&["hint", "-"], grid.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// `hint --givens` took a position that changed a given for a player's wrong digit ("The 8 in
/// r1c2 is wrong"), and one that lost a given for a sound position: both are refused naming
/// the cell. A player's own wrong digit is still the mistake it is, and a position that keeps
/// the givens gets its hint.
#[test]
fn hint_refuses_a_position_that_changed_or_lost_a_given() {
    let givens = GOOD;
    let with = |i: usize, ch: char| {
        let mut v: Vec<char> = givens.chars().collect();
        v[i] = ch;
        v.into_iter().collect::<String>()
    };
    let right = GOOD_SOLUTION.chars().next().unwrap();
    // r1c1 is empty in GOOD, r1c2 holds the given 4.
    let cases: [(String, &str, i32); 4] = [
        (
            with(1, '5'),
            "--givens: r1c2 is the given 4, but the position has 5 there",
            2,
        ),
        (
            with(1, '.'),
            "--givens: the position lacks the given 4 at r1c2",
            2,
        ),
        (with(0, '5'), "The 5 in r1c1 is wrong", 1),
        (with(0, right), "", 0),
    ];
    for (position, said, code) in &cases {
        let out = nonet()
            .args(["hint", "--givens", givens, position])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(*code),
            "{position}: {}",
            text(&out.stderr)
        );
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(all.contains(said), "{position}: {all}");
    }
}

/// A JSON line whose `puzzle` member was missing or not text was reported as "unexpected
/// character '{' at column 1": the reason now says the record has no puzzle field (under
/// another name, the puzzle is not taken either, as `print` does not), and the lines beside
/// keep their answers.
#[test]
fn a_json_record_without_a_puzzle_field_says_so() {
    let missing = "the record has no \"puzzle\" field holding the puzzle as text";
    let lines = [
        (r#"{"puzzle": 5}"#.to_string(), Some(missing)),
        (
            r#"{"puzzle": null, "level": "easy"}"#.to_string(),
            Some(missing),
        ),
        (r#"{}"#.to_string(), Some(missing)),
        (format!(r#"{{"grid": "{GOOD}"}}"#), Some(missing)),
        (format!(r#"{{"puzzle": "{GOOD}"}}"#), None),
    ];
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    for cmd in ["solve", "check"] {
        let out = run_stdin(&[cmd], input.as_bytes());
        let err = text(&out.stderr);
        let answers: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(answers.len(), lines.len(), "{cmd}: {answers:?}");
        for (i, (line, reason)) in lines.iter().enumerate() {
            match reason {
                Some(r) => {
                    assert!(
                        err.contains(&format!("line {}: {r}", i + 1)),
                        "{cmd} {line}: {err}"
                    );
                    assert_eq!(answers[i], "invalid", "{cmd} {line}");
                }
                None => assert_ne!(answers[i], "invalid", "{cmd} {line}"),
            }
        }
        assert_eq!(out.status.code(), Some(2), "{cmd}");
    }
}

/// `--techniques ""` (or only commas) named no technique and was taken as "no technique
/// allowed": every hint was a silent guess. It is refused with a reason on every command that
/// takes the list.
#[test]
fn an_empty_technique_list_is_refused_not_read_as_guesses_only() {
    for list in ["", ",", " , ,"] {
        for cmd in ["hint", "explain"] {
            let out = nonet()
                .args([cmd, "--techniques", list, GOOD])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{cmd} {list:?}");
            assert!(
                out.stdout.is_empty(),
                "{cmd} {list:?}: {}",
                text(&out.stdout)
            );
            assert!(
                text(&out.stderr).contains("--techniques names no technique"),
                "{cmd} {list:?}: {}",
                text(&out.stderr)
            );
        }
    }
}

/// A pencil-mark grid with one broken cell or row (a repeated candidate, a stray letter, a
/// missing cell, a row too many) read as thirteen puzzle lines: "expected one puzzle, found 13
/// lines". It is named by the grid's own fault, with its line and cell, on every command that
/// reads a position; a file of puzzles is still told as many puzzles.
#[test]
fn a_broken_pencil_mark_grid_is_named_by_its_fault_not_as_many_puzzles() {
    // A puzzle that elimination alone does not solve, so that its cells keep candidates.
    let puzzle =
        ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.";
    let grid = text(
        &nonet()
            .args(["candidates", puzzle])
            .output()
            .unwrap()
            .stdout,
    );
    let lines: Vec<&str> = grid.lines().collect();
    // The first cell of the first row, as `candidates` writes it, with its padding.
    let first = lines[1]
        .split('|')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let doubled = format!("{}{}", &first[..1], first);
    let cases = [
        (
            grid.replacen(first, &doubled, 1),
            format!("line 2: r1c1 lists candidate {} twice", &first[..1]),
        ),
        (
            grid.replacen(first, &format!("x{}", &first[1..]), 1),
            "line 2: unexpected character 'x'".to_string(),
        ),
        (
            grid.replacen(&format!("{first} "), &" ".repeat(first.len() + 1), 1),
            "line 2: row 1 has 8 cells, expected 9".to_string(),
        ),
        (
            [&lines[..2], &lines[1..]].concat().join("\n"),
            "10 rows, expected 9".to_string(),
        ),
    ];
    for (input, reason) in &cases {
        let want = format!("cannot read the pencil-mark grid: {reason}");
        for args in [
            &["hint", "-"][..],
            &["explain", "-"],
            &["check-step", "-", r#"{"code":"naked-single"}"#],
            &["hint", "--variant", "x", "-"],
        ] {
            let out = run_stdin(args, input.as_bytes());
            assert_eq!(out.status.code(), Some(2), "{args:?} {reason}");
            assert!(
                text(&out.stderr).contains(&want),
                "{args:?}: {}",
                text(&out.stderr)
            );
        }
    }
    // A jigsaw's pencil-mark grid carries no regions: without --regions, that is the reason.
    for cmd in ["hint", "explain"] {
        let out = run_stdin(&[cmd, "--variant", "jigsaw", "-"], grid.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert!(
            text(&out.stderr).contains("needs its region map from --regions"),
            "{cmd}: {}",
            text(&out.stderr)
        );
    }
    // `candidates` starts from a puzzle: a sound pencil-mark grid is named as what it is,
    // not counted as thirteen puzzles.
    let out = run_stdin(&["candidates", "-"], grid.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("this is a pencil-mark grid"),
        "{}",
        text(&out.stderr)
    );
    let two = format!("{GOOD}\n{GOOD}\n");
    let out = run_stdin(&["hint", "-"], two.as_bytes());
    assert!(
        text(&out.stderr).contains("expected one puzzle, found 2 lines"),
        "{}",
        text(&out.stderr)
    );
}

/// A file whose lines end with a lone carriage return (old Mac text) reads as one line; the CR
/// after the first puzzle passed for the space before a comment, so that puzzle was answered
/// and every other one dropped without a word. It is now an invalid line whose reason names the
/// carriage return, on every batch command and on `hint`; CRLF and a comment after a space
/// still read as before.
#[test]
fn lines_ended_by_a_lone_carriage_return_are_not_lost_as_comments() {
    let lone_cr = format!("{GOOD}\r{GOOD}\r{GOOD}\r");
    let reason = "line 1: unexpected character '\\r' at column 82: a carriage return inside a line";
    for cmd in ["solve", "count", "check", "rate"] {
        let out = run_stdin(&[cmd], lone_cr.as_bytes());
        assert_eq!(text(&out.stdout), "invalid\n", "{cmd}");
        assert!(
            text(&out.stderr).starts_with(reason),
            "{cmd}: {}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(2), "{cmd}");
    }
    let out = run_stdin(&["hint", "-"], lone_cr.as_bytes());
    assert!(
        text(&out.stderr).contains("a carriage return inside a line"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(2));
    let fine = format!("{GOOD}\r\n{GOOD} a comment\r\n{GOOD} \r\n");
    let out = run_stdin(&["solve"], fine.as_bytes());
    assert_eq!(text(&out.stdout), format!("{GOOD_SOLUTION}\n").repeat(3));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Item 12: a grid with one bad row (a cell too many, a stray character) is one puzzle with
/// one answer and one reason naming the line and the row or column, not nine `invalid` lines.
#[test]
fn a_grid_with_one_bad_row_gets_one_answer_and_one_reason() {
    let rows: Vec<&str> = GOOD_GRID.lines().collect();
    let cases = [
        // Line 6 (row 5) gets a tenth cell.
        (
            5,
            ". . 5 | 8 2 6 | 1 . . 7",
            "line 6: row 5 has 10 cells, expected 9 (the tenth at column 23)",
        ),
        // Line 2 (row 2) gets a letter: its column and cell are named.
        (
            1,
            ". 7 . | . 5 x | . . .",
            "line 2: unexpected character 'x' at column 13 (r2c6)",
        ),
        // Line 11 (row 9) loses a cell.
        (
            10,
            ". 8 . | . 6 5 | . 3",
            "line 11: row 9 has 8 cells, expected 9",
        ),
    ];
    for (at, row, reason) in cases {
        let mut grid = rows.clone();
        grid[at] = row;
        let input = grid.join("\n") + "\n";
        for args in [vec!["solve"], vec!["count"], vec!["rate"], vec!["check"]] {
            let out = run_stdin(&args, input.as_bytes());
            assert_eq!(text(&out.stdout), "invalid\n", "{args:?} {row}");
            let err = text(&out.stderr);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert_eq!(err.trim_end(), reason);
            assert_eq!(out.status.code(), Some(2));
        }
    }
}

/// Reads lines of `child`'s output on a thread, so that a test can wait for one with a time
/// limit (generous: it only fails a command that hangs).
fn lines_of(child: &mut std::process::Child) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Item 13: through a pipe that stays open, each puzzle is answered as it comes, before the
/// writer closes its end, with one thread or many; `rate`, `count` and `check` as `solve`.
#[test]
fn answers_stream_before_the_input_is_closed() {
    let wait = Duration::from_secs(60);
    for args in [
        vec!["solve", "--threads", "1"],
        vec!["solve"],
        vec!["count", "--threads", "2"],
        vec!["check"],
        vec!["rate", "--scale", "classic"],
    ] {
        let mut child = nonet()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let answers = lines_of(&mut child);
        for _ in 0..3 {
            stdin.write_all(format!("{GOOD}\n").as_bytes()).unwrap();
            stdin.flush().unwrap();
            let line = answers
                .recv_timeout(wait)
                .unwrap_or_else(|e| panic!("{args:?}: no answer while the input is open: {e}"));
            assert!(!line.is_empty(), "{args:?}");
        }
        // A comment and a puzzle split across two writes: the answer waits for the whole line.
        stdin.write_all(b"# more\n").unwrap();
        stdin.write_all(&GOOD.as_bytes()[..40]).unwrap();
        stdin.flush().unwrap();
        stdin.write_all(&GOOD.as_bytes()[40..]).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        assert!(answers.recv_timeout(wait).is_ok(), "{args:?}");
        drop(stdin);
        assert!(child.wait().unwrap().success(), "{args:?}");
        assert!(
            answers.recv_timeout(wait).is_err(),
            "{args:?}: one line a puzzle"
        );
    }
}

/// Item 13: a long input through a pipe keeps its order and its line numbers across reads.
#[test]
fn a_long_piped_input_keeps_order_and_line_numbers() {
    let mut input = String::new();
    for i in 0..5000 {
        if i % 1000 == 999 {
            input.push_str("bad\n");
        } else {
            input.push_str(GOOD);
            input.push('\n');
        }
    }
    for threads in ["1", "3"] {
        let out = run_stdin(&["solve", "--threads", threads], input.as_bytes());
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 5000);
        for (i, l) in lines.iter().enumerate() {
            let expected = if i % 1000 == 999 {
                "invalid"
            } else {
                GOOD_SOLUTION
            };
            assert_eq!(l, expected, "line {}", i + 1);
        }
        let err = text(&out.stderr);
        let numbers: Vec<&str> = err.lines().map(|l| l.split(':').next().unwrap()).collect();
        assert_eq!(
            numbers,
            [
                "line 1000",
                "line 2000",
                "line 3000",
                "line 4000",
                "line 5000"
            ]
        );
    }
}

/// Item 14: `--threads 20000` is capped (with a note) rather than starting 20,000 threads;
/// `--threads 0` means all cores. The answers are the same.
#[test]
fn threads_beyond_the_cap_are_capped_with_a_note() {
    let input = format!("{GOOD}\n").repeat(9);
    let expected = format!("{GOOD_SOLUTION}\n").repeat(9);
    let out = run_stdin(&["solve", "--threads", "20000"], input.as_bytes());
    assert_eq!(text(&out.stdout), expected);
    let err = text(&out.stderr);
    assert!(
        err.contains("--threads 20000") && err.contains("using"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
    let out = run_stdin(&["solve", "--threads", "0"], input.as_bytes());
    assert_eq!(text(&out.stdout), expected);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let out = nonet()
        .args([
            "generate",
            "--seed",
            "3",
            "--count",
            "2",
            "--threads",
            "20000",
        ])
        .output()
        .unwrap();
    let one = nonet()
        .args(["generate", "--seed", "3", "--count", "2", "--threads", "1"])
        .output()
        .unwrap();
    assert_eq!(out.stdout, one.stdout);
    assert!(text(&out.stderr).contains("using"));
}

/// Item 15: `print` reads what every other command reads (here `examples.txt`'s records and a
/// CSV with a header), prints the good puzzles when a line is bad (reason `line N: ...`, exit
/// 2), and names each puzzle by its line.
#[test]
fn print_reads_what_every_command_reads_and_keeps_the_good_puzzles() {
    let dir = Scratch::new("print");
    let records = format!("# name:puzzle:solutions\nfirst:{GOOD}:1\nsecond:{GOOD}:1\n");
    let csv = format!("name,puzzle\n\"first\",{GOOD}\nsecond,\"{GOOD}\"\n");
    for input in [records, csv] {
        let pdf = dir.0.join("records.pdf");
        let out = run_stdin(&["print", "-o", path(&pdf)], input.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    }
    // Line 3 is bad: the two good puzzles are printed, the reason names line 3.
    let input = format!("# booklet\n{GOOD}\n{}\n\n{GOOD}\n", &GOOD[..80]);
    let pdf = dir.0.join("partial.pdf");
    let out = run_stdin(&["print", "-o", path(&pdf)], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim_end(),
        "line 3: 80 cells, expected 81"
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    // The captions name the puzzles' lines (2 and 5), where `pdftotext` can tell.
    match Command::new("pdftotext").args([path(&pdf), "-"]).output() {
        Ok(t) if t.status.success() => {
            let t = text(&t.stdout);
            assert!(t.contains("line 2") && t.contains("line 5"), "{t}");
            assert!(!t.contains("#1"), "{t}");
        }
        _ => eprintln!("SKIPPED captions: pdftotext not found (install poppler-utils)"),
    }
}

/// Item 16: `hint` exits 1 where `explain` does: a puzzle with several solutions (the hint is
/// still given) or none.
#[test]
fn hint_exits_1_on_several_solutions_or_none_as_explain_does() {
    // r1c9 can only be 9, which r2c9 holds: no solution, though no digit repeats.
    let none = format!("12345678{}9{}", &EMPTY[8..17], &EMPTY[18..]);
    for (puzzle, code) in [(GOOD, 0), (EMPTY, 1), (none.as_str(), 1)] {
        let hint = nonet().args(["hint", puzzle]).output().unwrap();
        let explain = nonet().args(["explain", puzzle]).output().unwrap();
        assert_eq!(hint.status.code(), Some(code), "hint {puzzle}");
        assert_eq!(
            explain.status.code(),
            hint.status.code(),
            "explain {puzzle}"
        );
    }
    let several = nonet().args(["hint", EMPTY]).output().unwrap();
    assert!(!several.stdout.is_empty());
    assert!(text(&several.stderr).contains("more than one solution"));
}

/// Item 16: every row of `count --format json` has `status` and `count` (null when none).
#[test]
fn count_json_rows_all_carry_status_and_count() {
    let input = format!("{GOOD}\n{EMPTY}\nnot a puzzle\n");
    let out = run_stdin(&["count", "--format", "json"], input.as_bytes());
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    for row in &rows {
        assert!(row["status"].is_string(), "{row}");
        assert!(row.get("count").is_some(), "{row}");
    }
    assert_eq!(
        (&rows[0]["status"], &rows[0]["count"]),
        (&"ok".into(), &1.into())
    );
    assert_eq!(rows[1]["count"], 2);
    assert_eq!(rows[2]["status"], "invalid");
    assert!(rows[2]["count"].is_null());
}

/// Item 16: `explain FILE`, `hint FILE` and `candidates FILE` read the puzzle from the file
/// (a line or a grid) rather than take the path for a puzzle; a file they cannot read, or one
/// of several puzzles, is a clear error.
#[test]
fn single_puzzle_commands_read_a_file_named_as_their_argument() {
    let dir = Scratch::new("single");
    let line = dir.file("line.txt", format!("{GOOD}\n").as_bytes());
    let grid = dir.file("grid.txt", GOOD_GRID.as_bytes());
    let two = dir.file("two.txt", format!("{GOOD}\n{GOOD}\n").as_bytes());
    for file in [&line, &grid] {
        let out = nonet().args(["explain", path(file)]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(GOOD_SOLUTION));
        for command in ["hint", "candidates"] {
            let out = nonet().args([command, path(file)]).output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{command}: {}",
                text(&out.stderr)
            );
        }
    }
    let out = nonet().args(["explain", path(&two)]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected one puzzle"));
    let out = nonet().args(["explain", path(&dir.0)]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("Is a directory"),
        "{}",
        text(&out.stderr)
    );
}

/// Item 16: a failing standard output is named in the error (`writing standard output: No
/// space left on device`), exit 2, for every command that writes there.
#[test]
fn write_errors_name_standard_output() {
    if !Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full on this system");
        return;
    }
    let cases: &[&[&str]] = &[
        &["solve", GOOD],
        &["count", GOOD],
        &["check", GOOD],
        &["rate", GOOD],
        &["rate", "--format", "csv", GOOD],
        &["generate", "--seed", "1"],
        &["candidates", GOOD],
        &["explain", GOOD],
        &["hint", GOOD],
        &["print", "--format", "svg", GOOD],
    ];
    let dir = Scratch::new("full");
    let file = dir.file("p.txt", format!("{GOOD}\n").as_bytes());
    for args in cases {
        // Batch commands take files: the puzzle goes in one.
        let args: Vec<&str> = args
            .iter()
            .map(|a| {
                let batch = ["solve", "count", "check", "rate", "print"].contains(&args[0]);
                if *a == GOOD && batch {
                    path(&file)
                } else {
                    a
                }
            })
            .collect();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = nonet()
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert!(
            err.contains("nonet: writing standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    }
}

/// The readers agree: `nonet generate`'s CSV (with its header) and JSON lines give every
/// command one answer a puzzle, the header no line of its own.
#[test]
fn generated_csv_and_json_are_read_by_every_command() {
    for format in ["csv", "json"] {
        let gen = nonet()
            .args([
                "generate", "--seed", "5", "--count", "3", "--format", format,
            ])
            .output()
            .unwrap();
        assert!(gen.status.success());
        for command in ["solve", "count", "check"] {
            let out = run_stdin(&[command], &gen.stdout);
            assert_eq!(text(&out.stdout).lines().count(), 3, "{command} {format}");
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        }
    }
}
