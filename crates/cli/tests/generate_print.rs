//! `nonet generate` and `nonet print` from the outside: reproducible bytes whatever the thread
//! count, a reported seed that repeats the run, formats, levels that `nonet rate` agrees with,
//! clear failures, and the generate-to-booklet pipe.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn run(args: &[&str]) -> Output {
    nonet().args(args).output().expect("nonet runs")
}

fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = nonet()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nonet runs");
    // A command refused on its command line ends before it reads: a closed pipe is no failure.
    match child.stdin.take().unwrap().write_all(stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn same_seed_same_bytes_across_thread_counts() {
    let one = run(&[
        "generate",
        "--seed",
        "42",
        "--count",
        "24",
        "--threads",
        "1",
    ]);
    let two = run(&[
        "generate",
        "--seed",
        "42",
        "--count",
        "24",
        "--threads",
        "2",
    ]);
    let sym = run(&[
        "generate",
        "--seed",
        "42",
        "--count",
        "24",
        "--symmetry",
        "rot180",
    ]);
    assert!(one.status.success() && two.status.success() && sym.status.success());
    assert_eq!(one.stdout, two.stdout);
    assert_ne!(one.stdout, sym.stdout);
    let out = text(&one.stdout);
    assert_eq!(out.lines().count(), 24);
    for line in out.lines() {
        assert_eq!(line.len(), 81, "{line}");
        assert!(line.chars().all(|c| c == '.' || ('1'..='9').contains(&c)));
        let s = nonet_core::Sudoku::from_line(line).unwrap();
        assert_eq!(s.count_solutions_up_to(2), 1, "{line}");
    }
}

#[test]
fn a_chosen_seed_is_reported_and_repeats_the_run() {
    let first = run(&["generate", "--count", "3"]);
    assert!(first.status.success());
    let err = text(&first.stderr);
    let seed = err
        .lines()
        .find_map(|l| l.strip_prefix("seed: "))
        .unwrap_or_else(|| panic!("no seed in {err:?}"))
        .trim()
        .to_string();
    let again = run(&["generate", "--count", "3", "--seed", &seed]);
    assert_eq!(first.stdout, again.stdout);
    assert!(again.stderr.is_empty());
}

#[test]
fn json_and_csv_carry_solution_rating_and_seed() {
    let out = run(&[
        "generate", "--seed", "9", "--count", "3", "--format", "json",
    ]);
    assert!(out.status.success());
    let mut seeds = Vec::new();
    for line in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let p = nonet_core::Sudoku::from_line(v["puzzle"].as_str().unwrap()).unwrap();
        let s = nonet_core::Sudoku::from_line(v["solution"].as_str().unwrap()).unwrap();
        assert_eq!(p.unique_solution(), Some(s));
        assert!(v["er"].as_f64().unwrap() >= 1.0);
        assert!(v["level"].is_string());
        seeds.push(v["seed"].as_u64().unwrap());
    }
    assert_eq!(seeds[0], 9);
    // A puzzle's own seed reproduces it alone.
    let lines = run(&["generate", "--seed", "9", "--count", "3"]);
    let third = run(&["generate", "--seed", &seeds[2].to_string()]);
    assert_eq!(
        text(&lines.stdout).lines().nth(2),
        text(&third.stdout).lines().next()
    );

    let dir = std::env::temp_dir().join(format!("nonet-gen-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.csv");
    let csv = run(&[
        "generate",
        "--seed",
        "9",
        "--count",
        "3",
        "--format",
        "csv",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(csv.status.success() && csv.stdout.is_empty());
    let body = std::fs::read_to_string(&file).unwrap();
    assert!(body.starts_with("index,seed,puzzle,solution,"));
    assert_eq!(body.lines().count(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rate_agrees_with_the_level_asked_for() {
    for level in ["easy", "hard", "expert"] {
        let gen = run(&["generate", "--seed", "3", "--count", "4", "--level", level]);
        assert!(gen.status.success(), "{}", text(&gen.stderr));
        let rated = run_stdin(&["rate", "--scale", "level"], &gen.stdout);
        let got: Vec<String> = text(&rated.stdout).lines().map(String::from).collect();
        assert_eq!(got, vec![level.to_string(); 4]);
    }
}

#[test]
fn impossible_and_unmet_targets_fail_clearly() {
    let out = run(&["generate", "--clues", "12..14"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("17 clues"));
    let out = run(&[
        "generate",
        "--seed",
        "1",
        "--minimal",
        "--clues",
        "17..18",
        "--timeout",
        "0.3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("raise --timeout"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["generate", "--symmetry", "spiral"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn generate_to_booklet_in_one_pipe() {
    let gen = run(&["generate", "--seed", "1", "--count", "8", "--level", "hard"]);
    assert!(gen.status.success());
    let dir = std::env::temp_dir().join(format!("nonet-print-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("b.pdf");
    let out = run_stdin(
        &[
            "print",
            "--per-page",
            "4",
            "--solutions",
            "-o",
            pdf.to_str().unwrap(),
        ],
        &gen.stdout,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    match Command::new("pdfinfo").arg(&pdf).output() {
        Ok(info) => {
            let info = text(&info.stdout);
            assert!(
                info.lines()
                    .any(|l| l.starts_with("Pages:") && l.ends_with(" 3")),
                "{info}"
            );
        }
        Err(_) => eprintln!("SKIPPED page count: pdfinfo not found (install poppler-utils)"),
    }
    let _ = std::fs::remove_dir_all(&dir);

    let svg = run_stdin(&["print", "--format", "svg", "--pencil-marks"], &gen.stdout);
    assert!(svg.status.success());
    let s = text(&svg.stdout);
    assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));

    let mut wrong = "x".repeat(81).into_bytes();
    wrong.push(b'\n');
    let bad = run_stdin(&["print", "-o", "/dev/null"], &wrong);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("line 1"),
        "{}",
        text(&bad.stderr)
    );
    let empty = run_stdin(&["print", "-o", "/dev/null"], b"# nothing\n");
    assert_eq!(empty.status.code(), Some(2));
    assert!(text(&empty.stderr).contains("no puzzle"));
}

/// `print` put a puzzle with no solution, or with several, in the booklet without a word (and
/// with `--solutions` stopped at the first such line, printing nothing). Each is now reported
/// by its line and left out, the others printed, with exit status 1.
#[test]
fn a_puzzle_without_one_solution_is_reported_and_left_out_of_the_booklet() {
    const NONE: &str =
        "54.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
    const SEVERAL: &str =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    const GOOD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let input = format!("{NONE}\n{GOOD}\n{SEVERAL}\n");
    for solutions in [&[][..], &["--solutions"][..]] {
        let out = run_stdin(
            &[&["print", "-f", "svg"], solutions].concat(),
            input.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains("line 1: no solution"), "{err}");
        assert!(err.contains("line 3: more than one solution"), "{err}");
        assert!(text(&out.stdout).starts_with("<svg"));
    }
    let out = run_stdin(
        &["print", "-o", "/dev/null"],
        format!("{NONE}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no puzzle with exactly one solution"));
}
