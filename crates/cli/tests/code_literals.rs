//! `nonet generate --format code`: the literals of each language are compiled (or run) by that
//! language's own tools, inside a small program that prints them back, and must print exactly
//! the puzzles `--format line` gives for the same seed. Both shapes are checked: bare literals
//! (one per line, wrapped here in an array) and `--array NAME` declarations.
//!
//! A missing compiler skips its test with the reason printed, except under CI (`CI=true`),
//! where `.ci/run` installs them (Debian's `default-jdk-headless` for javac and java) and a
//! missing one fails.

use std::path::{Path, PathBuf};
use std::process::Command;

fn nonet(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_nonet"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "nonet {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The puzzles of `--seed 1 --count 2`, one per line, as the literals must print them.
fn puzzles() -> String {
    nonet(&["generate", "--seed", "1", "--count", "2"])
}

/// The literals, bare (`None`) or as an array named `PUZZLES`.
fn literals(lang: &str, array: bool) -> String {
    let mut args = vec![
        "generate", "--format", "code", "--lang", lang, "--seed", "1", "--count", "2",
    ];
    if array {
        args.extend(["--array", "PUZZLES"]);
    }
    nonet(&args)
}

/// Bare literals, one per line, joined into an array's elements.
fn elements(bare: &str) -> String {
    let lines: Vec<&str> = bare.lines().collect();
    assert_eq!(lines.len(), 2, "one literal per line: {bare}");
    lines.join(",\n")
}

/// Whether `tool` can be run; when it cannot, outside CI the test is skipped (with the reason
/// printed), under CI it fails.
fn have(tool: &str, version_arg: &str) -> bool {
    let found = Command::new(tool)
        .arg(version_arg)
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "{tool} is missing under CI: .ci/run should have installed it"
        );
        eprintln!("skipped: {tool} is not installed");
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nonet-code-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `program` with `args` in `dir`; it must succeed. Returns its standard output.
fn run(dir: &Path, program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn java_literals_compile_in_a_class_and_print_the_puzzles() {
    if !have("javac", "-version") || !have("java", "-version") {
        return;
    }
    let print =
        "public static void main(String[] a) { for (String s : PUZZLES) System.out.println(s); }";
    for array in [false, true] {
        let dir = scratch(&format!("java-{array}"));
        let body = if array {
            literals("java", true)
        } else {
            format!(
                "static final String[] PUZZLES = {{\n{}\n}};\n",
                elements(&literals("java", false))
            )
        };
        std::fs::write(
            dir.join("Puzzles.java"),
            format!("public class Puzzles {{\n{body}{print}\n}}\n"),
        )
        .unwrap();
        run(&dir, "javac", &["Puzzles.java"]);
        assert_eq!(
            run(&dir, "java", &["-cp", ".", "Puzzles"]),
            puzzles(),
            "array: {array}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn c_literals_compile_without_warnings_and_print_the_puzzles() {
    if !have("cc", "--version") {
        return;
    }
    let print = "int main(void) {\n    for (size_t i = 0; i < sizeof PUZZLES / sizeof PUZZLES[0]; i++) puts(PUZZLES[i]);\n    return 0;\n}\n";
    for array in [false, true] {
        let dir = scratch(&format!("c-{array}"));
        let decl = if array {
            literals("c", true)
        } else {
            format!(
                "static const char *const PUZZLES[] = {{\n{}\n}};\n",
                elements(&literals("c", false))
            )
        };
        std::fs::write(
            dir.join("p.c"),
            format!("#include <stdio.h>\n{decl}{print}"),
        )
        .unwrap();
        run(
            &dir,
            "cc",
            &["-std=c99", "-Wall", "-Wextra", "-Werror", "-o", "p", "p.c"],
        );
        assert_eq!(run(&dir, "./p", &[]), puzzles(), "array: {array}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn rust_literals_compile_and_print_the_puzzles() {
    if !have("rustc", "--version") {
        return;
    }
    let print = "fn main() {\n    for s in PUZZLES {\n        println!(\"{s}\");\n    }\n}\n";
    for array in [false, true] {
        let dir = scratch(&format!("rust-{array}"));
        let decl = if array {
            literals("rust", true)
        } else {
            format!(
                "pub const PUZZLES: &[&str] = &[\n{}\n];\n",
                elements(&literals("rust", false))
            )
        };
        std::fs::write(dir.join("p.rs"), format!("{decl}{print}")).unwrap();
        run(
            &dir,
            "rustc",
            &["--edition", "2021", "-D", "warnings", "-o", "p", "p.rs"],
        );
        assert_eq!(run(&dir, "./p", &[]), puzzles(), "array: {array}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn python_literals_parse_and_print_the_puzzles() {
    if !have("python3", "--version") {
        return;
    }
    let dir = scratch("python");
    for array in [false, true] {
        let decl = if array {
            literals("python", true)
        } else {
            format!("PUZZLES = [\n{}\n]\n", elements(&literals("python", false)))
        };
        let program = format!("{decl}for s in PUZZLES:\n    print(s)\n");
        assert_eq!(
            run(&dir, "python3", &["-c", &program]),
            puzzles(),
            "array: {array}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The options of `--format code` are checked before anything is generated.
#[test]
fn code_options_that_cannot_work_are_refused_with_the_reason() {
    let cases: &[(&[&str], &str)] = &[
        (&["--format", "code"], "--format code needs --lang"),
        (&["--lang", "c"], "--lang goes with --format code"),
        (&["--array", "P"], "--array goes with --format code"),
        (
            &["-f", "code", "--lang", "java", "--array", "class"],
            "`class` is a reserved word in Java",
        ),
        (
            &["-f", "code", "--lang", "c", "--array", "2x"],
            "`2x` is not an identifier",
        ),
    ];
    for (args, reason) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_nonet"))
            .arg("generate")
            .args(["--seed", "1"])
            .args(*args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(reason), "{args:?}: {err}");
    }
}

/// Python's bare literals are quoted puzzles alone on their lines (`"..9.."`, no comma), which
/// `solve` refused ("unexpected character '\"'"); the other languages' (`"..9..",`) were read as
/// records. Every language's bare literals now read back as the puzzles they hold.
#[test]
fn bare_literals_of_every_language_are_read_back_as_puzzles() {
    let solutions = {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonet"))
            .args(["solve"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(puzzles().as_bytes())
            .unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    for lang in ["java", "c", "rust", "python"] {
        let dir = scratch(&format!("read-back-{lang}"));
        let file = dir.join("literals.txt");
        std::fs::write(&file, literals(lang, false)).unwrap();
        let got = nonet(&["solve", file.to_str().unwrap()]);
        assert_eq!(got, solutions, "{lang}");
    }
}
