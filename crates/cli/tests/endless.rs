//! Input no puzzle file has (issue 32, items 15 and 16): lines longer than any puzzle record,
//! input without a newline (`/dev/zero`), endless single-puzzle input, and file names that are
//! not UTF-8. Each is answered in bounded memory with a reason naming the problem, never an
//! abort.

mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use support::{run_stdin_bytes, spawn_piped, TempDir};

const GOOD: &str =
    ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
const GOOD_SOLUTION: &str =
    "248617593679253418153948726961534872735826149824791365516379284397482651482165937";

/// The longest line read (`MAX_LINE` of the reader).
const MAX_LINE: usize = 64 * 1024;
/// The standard boxes as a jigsaw's region map.
const BOXES: &str =
    "111222333111222333111222333444555666444555666444555666777888999777888999777888999";

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Two good puzzles with a 1 MiB line of digits between them (no puzzle, and no newline for
/// longer than any buffer holds).
fn good_long_good() -> Vec<u8> {
    let mut input = format!("{GOOD}\n").into_bytes();
    input.extend(std::iter::repeat_n(b'1', 1 << 20));
    input.push(b'\n');
    input.extend(format!("{GOOD}\n").bytes());
    input
}

/// Checks a batch command's answers to [`good_long_good`]: the good ones answered as `good`,
/// the long one `invalid` with `line 2: too long ...`, exit 2.
fn assert_long_line_refused(what: &str, out: &Output, good: &str) {
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines, [good, "invalid", good], "{what}: {stderr}");
    assert!(
        stderr.contains("line 2: too long: over 65536 bytes"),
        "{what}: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
}

/// Item 15: a 1 MiB line between two good puzzles, through a pipe and in a file, for every
/// batch command (and a variant's reader): the good ones are answered, the long one is refused
/// as line 2 for its length, and the line after it is read on.
#[test]
fn a_line_longer_than_64_kib_is_refused_with_its_line_number_and_the_rest_read_on() {
    let dir = TempDir::new("long-line");
    let file = dir.join("long.txt");
    std::fs::write(&file, good_long_good()).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["solve"], GOOD_SOLUTION),
        (&["solve", "--threads", "1"], GOOD_SOLUTION),
        (&["solve", "--format", "json"], ""),
        (&["count"], "1"),
        (&["check"], "ok"),
        (&["rate"], "1.2/1.2/1.2"),
        // A variant's reader, on the standard boxes as a jigsaw's regions.
        (
            &["solve", "--variant", "jigsaw", "--regions", BOXES],
            GOOD_SOLUTION,
        ),
    ];
    for (args, good) in cases {
        let piped = run_stdin_bytes(args, &good_long_good());
        let mut from_file: Vec<&str> = args.to_vec();
        from_file.push(file.to_str().unwrap());
        let read = run_stdin_bytes(&from_file, &[]);
        for (how, out) in [("piped", &piped), ("file", &read)] {
            let what = format!("{args:?} {how}");
            if good.is_empty() {
                // JSON: the long line's record says why, and names no puzzle it did not keep.
                let stdout = text(&out.stdout);
                let records: Vec<serde_json::Value> = stdout
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect();
                assert_eq!(records.len(), 3, "{what}: {stdout}");
                assert_eq!(records[0]["solution"], GOOD_SOLUTION, "{what}");
                assert_eq!(records[1]["status"], "invalid", "{what}");
                let error = records[1]["error"].as_str().unwrap_or_default();
                assert!(error.starts_with("too long"), "{what}: {stdout}");
                assert_eq!(records[2]["solution"], GOOD_SOLUTION, "{what}");
                continue;
            }
            assert_long_line_refused(&what, out, good);
        }
    }
    // A jigsaw line needs its map after it: the long one is refused for its length, not for a
    // map missing from text it did not keep.
    let out = run_stdin_bytes(&["check", "--variant", "jigsaw"], &good_long_good());
    let stderr = text(&out.stderr);
    let reasons: Vec<&str> = stderr.lines().collect();
    assert_eq!(reasons.len(), 3, "{stderr}");
    assert!(reasons[1].starts_with("line 2: too long"), "{stderr}");
}

/// Item 15: the limit is on the line's length alone, the same through a pipe and in a file
/// (whose buffer may hold the whole line): 65,536 bytes are read as a line (and refused for
/// what they hold), one more is too long; a `\r` before the newline does not count. A long
/// comment is skipped as a short one is.
#[test]
fn the_line_limit_is_the_same_through_a_pipe_and_in_a_file() {
    let dir = TempDir::new("limit");
    let at_limit = "9".repeat(MAX_LINE);
    let over = "9".repeat(MAX_LINE + 1);
    let comment = format!("# {}", "x".repeat(2 * MAX_LINE));
    let input = format!("{at_limit}\n{over}\n{at_limit}\r\n{comment}\n{GOOD}\n{over}\r\n{GOOD}");
    let file = dir.join("limit.txt");
    std::fs::write(&file, &input).unwrap();
    for args in [vec!["solve"], vec!["solve", file.to_str().unwrap()]] {
        for threads in ["1", "2"] {
            let mut args = args.clone();
            args.extend(["--threads", threads]);
            let out = run_stdin_bytes(&args, input.as_bytes());
            let stdout = text(&out.stdout);
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(
                lines,
                [
                    "invalid",
                    "invalid",
                    "invalid",
                    GOOD_SOLUTION,
                    "invalid",
                    GOOD_SOLUTION
                ],
                "{args:?}"
            );
            let stderr = text(&out.stderr);
            let reasons: Vec<&str> = stderr.lines().collect();
            assert_eq!(reasons.len(), 4, "{args:?}: {stderr}");
            assert!(reasons[0].starts_with("line 1: 65536 cells"), "{stderr}");
            assert!(reasons[1].starts_with("line 2: too long"), "{stderr}");
            assert!(reasons[2].starts_with("line 3: 65536 cells"), "{stderr}");
            assert!(reasons[3].starts_with("line 6: too long"), "{stderr}");
        }
    }
}

/// The peak resident memory of a running process, in KiB (`VmHWM` in `/proc/PID/status`).
fn peak_kib(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

/// Writes `mib` MiB of NUL bytes (no newline) to `nonet solve` through a pipe, and returns the
/// solver's peak memory (KiB) while it still waits for more (all but a pipe's buffer is read
/// once the last write returns), its answers and its exit status once the input ends.
fn zeros_through_solve(mib: usize) -> (u64, String, Option<i32>) {
    let mut child = spawn_piped(&["solve", "--threads", "2"]);
    let mut input = child.stdin.take().unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..mib {
        input.write_all(&zeros).expect("nonet reads on");
    }
    let peak = peak_kib(&child);
    drop(input);
    let out = child.wait_with_output().unwrap();
    (peak, text(&out.stdout), out.status.code())
}

/// Item 15: an input without a newline (`/dev/zero`) is refused as one over-long line and read
/// on to its end in constant memory: 64 MiB of NULs leave the solver's peak under 48 MiB (a
/// reader that kept the line held it all).
#[cfg(target_os = "linux")]
#[test]
fn an_input_without_a_newline_is_read_in_constant_memory() {
    let (peak, answers, code) = zeros_through_solve(64);
    assert!(peak < 48 * 1024, "peak {peak} KiB");
    assert_eq!(answers, "invalid\n");
    assert_eq!(code, Some(2));
}

/// Item 15, at scale: 1 GiB of NULs through a pipe, the same bound.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "writes 1 GiB through a pipe"]
fn a_gigabyte_without_a_newline_is_read_in_constant_memory() {
    let (peak, answers, code) = zeros_through_solve(1024);
    assert!(peak < 48 * 1024, "peak {peak} KiB");
    assert_eq!(answers, "invalid\n");
    assert_eq!(code, Some(2));
}

/// Item 15: the commands that read one puzzle (or one step, or a booklet's input) whole refuse
/// an input over their limit once that much is read, rather than read an endless one for ever:
/// 64 MiB of NULs (more than `print`'s 16 MiB) end each of them with exit 2 and a reason.
#[test]
fn a_single_puzzle_input_over_its_limit_is_refused_without_reading_it_all() {
    let zeros = vec![0u8; 64 << 20];
    let step = r#"{"code":"hidden-single"}"#;
    let cases: &[(&[&str], &str)] = &[
        (&["hint", "-"], "standard input: too long: over 65536 bytes"),
        (
            &["explain", "-"],
            "standard input: too long: over 65536 bytes",
        ),
        (
            &["candidates", "-"],
            "standard input: too long: over 65536 bytes",
        ),
        (&["check-step", "-", step], "standard input: too long"),
        (&["check-step", GOOD, "@-"], "standard input: too long"),
        (&["print", "-o", "/dev/null"], "standard input: too long"),
    ];
    for (args, reason) in cases {
        let out = run_stdin_bytes(args, &zeros);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
    // A file of one puzzle over the limit, named as the argument, is refused the same way.
    let dir = TempDir::new("single");
    let big = dir.join("big.txt");
    std::fs::write(&big, format!("{GOOD}\n").repeat(1000)).unwrap();
    let out = run_stdin_bytes(&["hint", big.to_str().unwrap()], &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("big.txt: too long"), "{stderr}");
}

/// A name with a byte that is not UTF-8 (`\xff`), on Linux, where any byte but `/` and NUL may
/// name a file.
#[cfg(target_os = "linux")]
fn raw_name(dir: &TempDir, name: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    dir.0.join(std::ffi::OsStr::from_bytes(name))
}

/// Item 16: files whose names are not UTF-8 are read (batch commands, the single-puzzle
/// commands, `check-step @FILE`, `print`) and written (`generate -o`, `print -o`), and named in
/// messages with U+FFFD for the byte that is not UTF-8.
#[cfg(target_os = "linux")]
#[test]
fn file_names_that_are_not_utf8_are_read_and_written() {
    let dir = TempDir::new("names");
    let input = raw_name(&dir, b"\xff.txt");
    std::fs::write(&input, format!("{GOOD}\nbad\n")).unwrap();
    let one = raw_name(&dir, b"\xfe.txt");
    std::fs::write(&one, format!("{GOOD}\n")).unwrap();
    let run = |args: &[&std::ffi::OsStr]| -> Output {
        nonet()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("nonet runs")
    };
    let os = |s: &'static str| std::ffi::OsStr::new(s);

    for cmd in ["solve", "count", "check", "rate"] {
        let out = run(&[os(cmd), input.as_os_str()]);
        let stderr = text(&out.stderr);
        assert_eq!(text(&out.stdout).lines().count(), 2, "{cmd}: {stderr}");
        assert!(
            stderr.starts_with("line 2: unexpected character 'b'"),
            "{cmd}: {stderr}"
        );
        assert_eq!(out.status.code(), Some(2), "{cmd}");
    }
    // With two files, each reason names its file; `-H` names it on the output lines.
    let out = run(&[os("solve"), os("-H"), input.as_os_str(), one.as_os_str()]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("\u{fffd}.txt: line 2: unexpected character"),
        "{stderr}"
    );
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stdout
            .lines()
            .all(|l| l.contains("\u{fffd}.txt:") && l.starts_with(&*dir.0.to_string_lossy())),
        "{stdout}"
    );
    // A missing file is named the same way.
    let missing = raw_name(&dir, b"\xfd-missing.txt");
    let out = run(&[os("solve"), missing.as_os_str()]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("\u{fffd}-missing.txt: No such file or directory"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));

    for cmd in ["hint", "explain", "candidates"] {
        let out = run(&[os(cmd), one.as_os_str()]);
        assert_eq!(out.status.code(), Some(0), "{cmd}: {}", text(&out.stderr));
        assert!(!out.stdout.is_empty(), "{cmd}");
    }
    let step = raw_name(&dir, b"\xfcstep.json");
    std::fs::write(&step, r#"{"code":"naked-single"}"#).unwrap();
    let mut at_step = std::ffi::OsString::from("@");
    at_step.push(step.as_os_str());
    let out = run(&[os("check-step"), one.as_os_str(), &at_step]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("valid"), "{}", text(&out.stdout));

    let generated = raw_name(&dir, b"gen\xfb.txt");
    let out = run(&[
        os("generate"),
        os("--seed"),
        os("7"),
        os("-o"),
        generated.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&generated).unwrap().len(), 82);

    let pdf = raw_name(&dir, b"book\xfa.pdf");
    let out = run(&[os("print"), one.as_os_str(), os("-o"), pdf.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
}

/// Item 16: `nonet play --db` takes a database path that is not UTF-8.
#[cfg(target_os = "linux")]
#[test]
fn play_takes_a_database_path_that_is_not_utf8() {
    let dir = TempDir::new("db-name");
    let db = raw_name(&dir, b"games\xff.db");
    let srv = support::Server::start(&db, &[]);
    let (status, _) = srv.json("GET", "/api/games", None);
    assert_eq!(status, 200);
    assert!(Path::new(&db).exists());
}
