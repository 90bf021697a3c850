//! The options that shape what the batch commands print: `--color` and `NO_COLOR`, `-q`,
//! `--only` with `-n`/`-H`, and the short `-f`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const GOOD: &str =
    ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
const SOLUTION: &str =
    "248617593679253418153948726961534872735826149824791365516379284397482651482165937";
const MULTIPLE: &str =
    "7............8...164..................8....2................9.......1............";
const NONE: &str =
    "54.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
const ESC: &str = "\x1b[";

fn nonet(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_nonet"));
    c.args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c.spawn().unwrap();
    // A command that fails before reading may close its standard input first.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A line of a puzzle file in `name:puzzle` record form, a comment, a bad line: the input the
/// filters are checked on (puzzles on lines 2, 3, 4, 5).
fn input() -> String {
    format!("# four puzzles\nfirst:{GOOD}\n{MULTIPLE}\n{NONE}  the one without a solution\nxyz\n")
}

fn scratch_file(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nonet-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn color_always_paints_the_place_of_reasons_and_the_error_prefix() {
    let out = nonet(&["--color", "always", "solve"], "xyz\n", &[]);
    let err = text(&out.stderr);
    assert!(err.starts_with(ESC) && err.contains("line 1:"), "{err:?}");
    // The flag may follow the subcommand too, and wins over NO_COLOR.
    let out = nonet(
        &["solve", "--color=always", "missing.txt"],
        "",
        &[("NO_COLOR", "1")],
    );
    let err = text(&out.stderr);
    assert!(err.starts_with(ESC) && err.contains("nonet:"), "{err:?}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn no_color_by_default_into_a_pipe_and_never_with_color_never() {
    for args in [&["solve"][..], &["--color", "never", "solve"][..]] {
        let out = nonet(args, "xyz\n", &[]);
        assert!(!text(&out.stderr).contains(ESC), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "line 1: unexpected character 'x' at column 1 (r1c1)\n"
        );
    }
}

#[test]
fn explain_paints_technique_names_only_when_asked() {
    let painted = nonet(&["explain", "--color", "always", GOOD], "", &[]);
    let plain = nonet(&["explain", GOOD], "", &[]);
    assert!(painted.status.success() && plain.status.success());
    assert!(text(&painted.stdout).contains(ESC));
    assert!(!text(&plain.stdout).contains(ESC));
    // The same text once the styles are taken out.
    let stripped: String = {
        let s = text(&painted.stdout);
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(i) = rest.find(ESC) {
            out += &rest[..i];
            let after = &rest[i..];
            rest = &after[after.find('m').unwrap() + 1..];
        }
        out + rest
    };
    assert_eq!(stripped, text(&plain.stdout));
}

#[test]
fn clap_errors_and_help_follow_color_too() {
    let out = nonet(&["--color", "always", "solve", "--bogus"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(ESC));
    let out = nonet(&["--color", "never", "solve", "--help"], "", &[]);
    assert!(!text(&out.stdout).contains(ESC));
    let out = nonet(&["--color", "pink", "solve"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("pink"));
}

#[test]
fn quiet_prints_nothing_but_keeps_the_exit_status() {
    for cmd in ["solve", "count", "check", "rate"] {
        let out = nonet(&[cmd, "-q"], &input(), &[]);
        assert_eq!(out.status.code(), Some(2), "{cmd}: xyz is invalid");
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{cmd} -q");
    }
    let out = nonet(&["rate", "--quiet", "-f", "csv"], &format!("{GOOD}\n"), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty(), "no CSV header either");
    let out = nonet(&["solve", "-q"], &format!("{MULTIPLE}\n"), &[]);
    assert_eq!(out.status.code(), Some(1));
    // An error that stops the run is still reported.
    let out = nonet(&["solve", "-q", "missing.txt"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("missing.txt"));
}

#[test]
fn only_prints_the_matching_input_lines_whole() {
    let cases: &[(&[&str], String)] = &[
        (&["solve", "--only", "unique"], format!("first:{GOOD}\n")),
        (
            &["solve", "--only", "none,multiple", "-n"],
            format!("3:{MULTIPLE}\n4:{NONE}  the one without a solution\n"),
        ),
        (&["count", "--only", "invalid", "-n"], "5:xyz\n".to_string()),
        (
            &["count", "--only", "none", "--limit", "1"],
            format!("{NONE}  the one without a solution\n"),
        ),
        (
            &["check", "--only", "invalid", "-H"],
            "<stdin>:xyz\n".to_string(),
        ),
        (
            &["check", "--only", "ok", "-n"],
            format!("2:first:{GOOD}\n3:{MULTIPLE}\n4:{NONE}  the one without a solution\n"),
        ),
    ];
    for (args, want) in cases {
        let out = nonet(args, &input(), &[]);
        assert_eq!(text(&out.stdout), *want, "{args:?}");
        // The exit status is the worst outcome over all puzzles, printed or not.
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn line_numbers_prefix_answers_and_name_files_when_several_are_read() {
    let a = scratch_file("a.txt", &format!("{GOOD}\n"));
    let b = scratch_file("b.txt", &format!("# b\n{MULTIPLE}\n"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = nonet(&["solve", "-n", a, b], "", &[]);
    assert_eq!(
        text(&out.stdout),
        format!("{a}:1:{SOLUTION}\n{b}:2:multiple\n")
    );
    let out = nonet(&["solve", "-n"], &format!("{GOOD}\n"), &[]);
    assert_eq!(text(&out.stdout), format!("1:{SOLUTION}\n"));
    let out = nonet(&["count", "-H", a], "", &[]);
    assert_eq!(text(&out.stdout), format!("{a}:1\n"));
    // `rate` took neither (`-n` was "unexpected argument"); its line output takes both.
    let out = nonet(&["rate", "--scale", "classic", "-n", a, b], "", &[]);
    assert_eq!(text(&out.stdout), format!("{a}:1:0\n{b}:2:multiple\n"));
    let out = nonet(&["rate", "-H", "-n"], &format!("xyz\n{GOOD}\n"), &[]);
    assert!(
        text(&out.stdout).starts_with("<stdin>:1:invalid\n<stdin>:2:"),
        "{}",
        text(&out.stdout)
    );
}

/// A JSON record read from one of several files names its file: its `line` alone repeated from
/// one file to the next. From one file (or standard input) there is no `file` field.
#[test]
fn json_records_from_several_files_name_their_file() {
    let a = scratch_file("json-a.txt", &format!("{GOOD}\n"));
    let b = scratch_file("json-b.txt", &format!("{MULTIPLE}\nxyz\n"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for cmd in [
        &["solve", "-f", "json"][..],
        &["count", "-f", "json"],
        &["rate", "-f", "json"],
        &["check", "-f", "json"],
        &["solve", "--variant", "x", "-f", "json"],
    ] {
        let mut args = cmd.to_vec();
        args.extend([a, b]);
        let out = nonet(&args, "", &[]);
        let files: Vec<(String, u64)> = text(&out.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["file"].as_str().unwrap_or("-").to_string(),
                    v["line"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            files,
            [(a.to_string(), 1), (b.to_string(), 1), (b.to_string(), 2)],
            "{cmd:?}"
        );
        let mut args = cmd.to_vec();
        args.push(a);
        let out = nonet(&args, "", &[]);
        assert!(!text(&out.stdout).contains("\"file\""), "{cmd:?}");
    }
    // CSV: a last `file` column, from several files only.
    let out = nonet(&["rate", "-f", "csv", a, b], "", &[]);
    let csv = text(&out.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].ends_with(",rater,file"), "{csv}");
    for (line, file) in lines[1..].iter().zip([a, b, b]) {
        assert!(line.ends_with(&format!(",{file}")), "{csv}");
    }
    let out = nonet(&["rate", "-f", "csv", a], "", &[]);
    assert!(
        text(&out.stdout).starts_with("line,puzzle,status,classic,er,ep,ed,hardest,level,rater\n")
    );
}

#[test]
fn only_with_json_keeps_the_matching_records_and_prefixes_are_refused() {
    let out = nonet(
        &["solve", "-f", "json", "--only", "multiple"],
        &input(),
        &[],
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["line"], 3);
    assert_eq!(v["status"], "multiple");
    let refused: &[(&[&str], &str)] = &[
        (&["solve", "-f", "json", "-n"], "-n/--line-number"),
        (&["solve", "-f", "grid", "--only", "none"], "not grids"),
        (&["check", "-f", "json", "-H"], "-H/--with-filename"),
        (&["rate", "-f", "csv", "-n"], "not --format csv"),
        (
            &["count", "--limit", "1", "--only", "unique"],
            "--limit 2 or more",
        ),
        (&["solve", "--only", "ok"], "invalid value 'ok'"),
    ];
    for (args, reason) in refused {
        let out = nonet(args, &input(), &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            text(&out.stderr).contains(reason),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn short_f_is_format_everywhere() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "-f", "json"], "\"status\":\"unique\""),
        (&["count", "-f", "json"], "\"count\":1"),
        (&["check", "-f", "json"], "\"valid\":true"),
        (&["rate", "-f", "csv"], "line,puzzle,status"),
        (&["candidates", "-f", "json", "-"], "\"cells\""),
        (&["hint", "-f", "json", "-"], "\"technique\""),
        (&["explain", "-f", "json", "-"], "\"steps\""),
    ];
    for (args, want) in cases {
        let out = nonet(args, &format!("{GOOD}\n"), &[]);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(want),
            "{args:?}: {}",
            text(&out.stdout)
        );
    }
}

/// The progress bar (standard error on a terminal, 2,000 puzzles or more) follows `--color`
/// and `NO_COLOR`, and `-q` hides it. The terminal is util-linux's `script`, skipped when it
/// is missing.
#[test]
fn progress_bar_is_coloured_on_a_terminal_unless_never_no_color_or_quiet() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    let file = scratch_file("many.txt", &format!("{GOOD}\n").repeat(2500));
    let bin = env!("CARGO_BIN_EXE_nonet");
    let on_terminal = |command: String| -> String {
        let out = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    let solve = |options: &str| {
        format!(
            "'{bin}' solve -j 1 {options} '{}' > /dev/null",
            file.display()
        )
    };
    let cyan = "\x1b[36m";
    let auto = on_terminal(solve(""));
    assert!(auto.contains("eta") && auto.contains(cyan), "{auto:?}");
    for plain in [
        on_terminal(solve("--color never")),
        on_terminal(format!("NO_COLOR=1 {}", solve(""))),
    ] {
        assert!(plain.contains("eta") && !plain.contains(cyan), "{plain:?}");
    }
    assert_eq!(on_terminal(solve("-q")), "");
}

/// A missing file's reason was said twice by the commands that read one whole input (`print`:
/// "x: No such file or directory: No such file or directory (os error 2)"), and the one-puzzle
/// commands read the name as a puzzle ("unexpected character 'n' at column 1").
#[test]
fn a_missing_file_is_named_with_its_reason_once() {
    for cmd in ["print", "solve", "rate", "hint", "explain", "candidates"] {
        let out = nonet(&[cmd, "no-such-file.txt"], "", &[]);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = text(&out.stderr);
        assert_eq!(
            err.matches("No such file or directory").count(),
            1,
            "{cmd}: {err}"
        );
        assert!(!err.contains("os error"), "{cmd}: {err}");
    }
}

/// An output that cannot be created is named with the system's reason, without its
/// "(os error 21)" tail.
#[test]
fn an_output_that_cannot_be_created_is_named_with_its_reason() {
    let dir = scratch_file("out-dir-probe", "").with_file_name("an-output-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let puzzles = scratch_file("print-me.txt", &format!("{GOOD}\n"));
    for args in [
        vec!["print", puzzles.to_str().unwrap(), "-o", d],
        vec!["generate", "--seed", "1", "-o", d],
    ] {
        let out = nonet(&args, "", &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("cannot create {d}: ")),
            "{args:?}: {err}"
        );
        assert!(!err.contains("os error"), "{args:?}: {err}");
    }
}

/// `rate --format csv` left the `puzzle` column of an invalid row empty, where JSON gives the
/// text read: the row did not say which input it refused. It now gives the text, quoted as
/// CSV needs, a grid's rows joined by spaces so that the row stays one line.
#[test]
fn an_invalid_csv_row_names_the_puzzle_it_refused() {
    let short = &GOOD[..80];
    let out = nonet(
        &["rate", "-f", "csv"],
        &format!("{short}\n{GOOD}\nsay \"hi\", then\n"),
        &[],
    );
    let csv = text(&out.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4, "{csv}");
    assert!(rows[1].starts_with(&format!("1,{short},invalid,")), "{csv}");
    assert!(rows[2].starts_with(&format!("2,{GOOD},rated,")), "{csv}");
    // The record's field taken for the puzzle (its longest), as JSON's `puzzle` gives it.
    assert!(rows[3].starts_with("3,\"say \"\"hi\",invalid,"), "{csv}");
    let grid: String = GOOD
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect::<String>()
        .replacen('.', "x", 1);
    let out = nonet(&["rate", "-f", "csv"], &grid, &[]);
    let csv = text(&out.stdout);
    let row = csv.lines().nth(1).unwrap_or_default();
    assert!(row.starts_with("1,x4.61..9. .7..5.... 1.3948... "), "{csv}");
}
