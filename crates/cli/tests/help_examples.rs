//! The help as documentation that cannot rot: every example shown by `nonet --help` and each
//! `nonet COMMAND --help` is run (by `sh`, in a scratch directory holding the files the examples
//! name) and its exit status and output checked; every help ends with its exit-status table;
//! the completion scripts and man pages, generated from the same definitions, mention every
//! subcommand; `--version` names the generator's and the rater's versions.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn nonet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn help_of(command: &str) -> String {
    let mut c = nonet();
    if !command.is_empty() {
        c.arg(command);
    }
    let out = c.arg("--help").output().unwrap();
    assert!(out.status.success(), "nonet {command} --help");
    text(&out.stdout)
}

/// The subcommands `nonet --help` lists, in its order (without `help`).
fn subcommands() -> Vec<String> {
    help_of("")
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|n| n != "help")
        .collect()
}

/// The lines of the section `heading` of a help text, up to the next blank line.
fn section<'a>(help: &'a str, heading: &str) -> Vec<&'a str> {
    help.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect()
}

/// The example command lines of a help text: the lines of "Examples:" indented by two spaces
/// (their descriptions are indented by six).
fn examples(help: &str) -> Vec<String> {
    section(help, "Examples:")
        .into_iter()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// The puzzles file the examples name: one comment, the nine puzzles of `examples.txt`
/// (unique, several solutions, none), and one whose givens break a rule, on line 11.
fn puzzles_txt() -> String {
    let fixture =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/examples.txt");
    let mut s = String::from("# puzzles for the help's examples\n");
    for l in std::fs::read_to_string(fixture).unwrap().lines() {
        if !l.starts_with('#') && !l.trim().is_empty() {
            s += l.split(':').nth(1).unwrap();
            s += "\n";
        }
    }
    s += &format!("11{}\n", ".".repeat(79));
    s
}

const PUZZLE_LINES: usize = 10;
const INVALID_LINE: &str = "11:11..";

/// What running one example gave.
struct Run {
    status: i32,
    stdout: String,
    stderr: String,
    dir: PathBuf,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name))
            .unwrap_or_else(|e| panic!("{name} was not written: {e}\nstderr: {}", self.stderr))
    }
}

fn is_solution(l: &str) -> bool {
    l.len() == 81 && l.bytes().all(|b| (b'1'..=b'9').contains(&b))
}

fn is_puzzle(l: &str) -> bool {
    l.len() == 81 && l.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

fn is_se(l: &str) -> bool {
    let parts: Vec<&str> = l.split('/').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| p.parse::<f64>().is_ok() && p.contains('.'))
}

/// One expectation: the example's exact command line, the exit status it must give, and what
/// its output must look like.
struct Expect {
    command: &'static str,
    status: i32,
    check: fn(&Run),
}

const P: &str = ".9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.";

fn expectations() -> Vec<Expect> {
    let e = |command: &'static str, status: i32, check: fn(&Run)| Expect {
        command,
        status,
        check,
    };
    vec![
        e("nonet play", 0, |r| {
            assert!(r.stdout.starts_with("nonet play: serving on http://127.0.0.1:"))
        }),
        e("nonet play --db games.db --no-open", 0, |r| {
            assert!(r.stdout.starts_with("nonet play: serving on http://127.0.0.1:"));
            assert!(r.dir.join("games.db").exists(), "games.db is created");
        }),
        e("nonet generate --seed 1 -n 3 | nonet solve", 0, |r| {
            assert_eq!(r.lines().len(), 3);
            assert!(r.lines().iter().all(|l| is_solution(l)));
        }),
        e(
            "nonet explain .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| {
                let lines = r.lines();
                assert!(lines[0].starts_with(" 1. "), "{}", lines[0]);
                assert!(lines.iter().any(|l| l.starts_with("Solved in ")));
                assert!(is_solution(lines.last().unwrap()));
            },
        ),
        e(
            "nonet explain -f json .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| {
                let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
                assert!(!v["steps"].as_array().unwrap().is_empty());
                assert_eq!(v["puzzle"], P);
            },
        ),
        e(
            "nonet explain --techniques singles --no-guess .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| assert!(r.stdout.contains("Solved in ") && r.stdout.contains("(0 guesses)")),
        ),
        e(
            r#"nonet check-step .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8. '{"code":"hidden-single","placements":[{"cell":"r3c3","digit":1}]}'"#,
            0,
            |r| assert_eq!(r.lines(), ["valid: a Hidden Single on 1 in box 1 (r3c3): it places 1 in r3c3. r3c3 is 1: it is the only cell of box 1 where 1 can still go (a Hidden Single).", "places: r3c3=1"]),
        ),
        e(
            r#"nonet candidates .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8. | nonet check-step - '{"code":"naked-single","cells":["r1c1"]}'"#,
            1,
            |r| assert!(r.stdout.starts_with("not valid: r1c1 has candidates "), "{}", r.stdout),
        ),
        e(
            r#"nonet check-step -f json .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8. '{"code":"hidden-single","cells":["r2c6"],"digits":[1]}'"#,
            0,
            |r| {
                let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
                assert_eq!(v["valid"], true);
                assert_eq!(v["placements"][0]["cell"], "r2c6");
            },
        ),
        e("nonet solve puzzles.txt", 2, |r| {
            let lines = r.lines();
            assert_eq!(lines.len(), PUZZLE_LINES);
            assert!(is_solution(lines[0]));
            assert_eq!(&lines[6..], ["multiple", "multiple", "none", "invalid"]);
        }),
        e("nonet generate --seed 1 -n 2 | nonet solve -f grid", 0, |r| {
            let grids: Vec<&str> = r.stdout.split("\n\n").filter(|g| !g.trim().is_empty()).collect();
            assert_eq!(grids.len(), 2, "{}", r.stdout);
            assert!(grids.iter().all(|g| g.lines().count() == 11));
        }),
        // 2: the exit status is the worst over all puzzles, printed or not (line 11 is invalid).
        e("nonet solve --only none,multiple -n puzzles.txt", 2, |r| {
            let numbers: Vec<&str> = r.lines().iter().map(|l| l.split(':').next().unwrap()).collect();
            assert_eq!(numbers, ["8", "9", "10"]);
            assert!(r.lines().iter().all(|l| is_puzzle(l.split(':').nth(1).unwrap())));
        }),
        e(
            "nonet hint --level technique .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| {
                assert_eq!(r.lines().len(), 1);
                assert!(r.stdout.starts_with("Look for a "), "{}", r.stdout);
            },
        ),
        e(
            "echo .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8. | nonet hint -",
            0,
            |r| {
                // The sentence opens with what the move places: "r3c3 is 1: ...".
                let placed = r.stdout.split(':').next().unwrap_or_default();
                assert!(
                    placed.starts_with('r') && placed.contains(" is "),
                    "a move places a digit: {}",
                    r.stdout
                )
            },
        ),
        e("nonet generate --seed 7 -n 5 --level hard --symmetry rot180", 0, |r| {
            assert_eq!(r.lines().len(), 5);
            for l in r.lines() {
                assert!(is_puzzle(l));
                // rot180: a cell is given exactly when its opposite is.
                let b = l.as_bytes();
                assert!((0..81).all(|i| (b[i] == b'.') == (b[80 - i] == b'.')), "{l}");
            }
        }),
        e(
            "nonet generate --seed 1 -n 3 --technique x-wing --minimal -f json",
            0,
            |r| {
                assert_eq!(r.lines().len(), 3);
                for l in r.lines() {
                    let v: serde_json::Value = serde_json::from_str(l).unwrap();
                    assert!(is_puzzle(v["puzzle"].as_str().unwrap()));
                    assert!(is_solution(v["solution"].as_str().unwrap()));
                    assert!(v["level"].is_string());
                    assert_eq!(v["technique"], "X-Wing");
                }
            },
        ),
        e(
            "nonet generate --seed 1 -n 2 -f code --lang java --array PUZZLES",
            0,
            |r| {
                let lines = r.lines();
                assert_eq!(lines.len(), 4);
                assert_eq!(lines[0], "static final String[] PUZZLES = {");
                assert!(lines[1..3].iter().all(|l| l.starts_with("    \"") && l.ends_with("\",")));
                assert_eq!(lines[3], "};");
            },
        ),
        e("nonet rate puzzles.txt", 2, |r| {
            let lines = r.lines();
            assert_eq!(lines.len(), PUZZLE_LINES);
            assert!(lines[..6].iter().all(|l| is_se(l)), "{lines:?}");
            assert_eq!(&lines[6..], ["multiple", "multiple", "none", "invalid"]);
        }),
        e("nonet rate --scale level -f csv puzzles.txt", 2, |r| {
            let lines = r.lines();
            assert!(lines[0].starts_with("line,puzzle,status,"));
            assert_eq!(lines.len(), PUZZLE_LINES + 1);
            assert!(lines[1].contains(",rated,"));
        }),
        e("nonet generate --seed 3 -n 4 | nonet rate -q", 0, |r| {
            assert_eq!(r.stdout, "");
            assert_eq!(r.stderr, "");
        }),
        e(
            "nonet generate --seed 1 -n 8 | nonet print --per-page 4 --solutions -o booklet.pdf",
            0,
            |r| assert!(std::fs::read(r.dir.join("booklet.pdf")).unwrap().starts_with(b"%PDF")),
        ),
        e("nonet generate --seed 5 | nonet print -f svg -o puzzle.svg", 0, |r| {
            assert!(r.file("puzzle.svg").contains("<svg"))
        }),
        e("nonet check puzzles.txt", 2, |r| {
            let mut want = vec!["ok"; PUZZLE_LINES - 1];
            want.push("invalid");
            assert_eq!(r.lines(), want);
        }),
        e("nonet check --only invalid -n puzzles.txt", 2, |r| {
            assert_eq!(r.lines().len(), 1);
            assert!(r.stdout.starts_with(INVALID_LINE), "{}", r.stdout);
            assert!(r.stderr.contains("line 11: "), "{}", r.stderr);
        }),
        e("nonet generate --seed 2 -n 5 | nonet check -q", 0, |r| {
            assert_eq!(r.stdout, "");
        }),
        e("nonet count --limit 1000 puzzles.txt", 2, |r| {
            let lines = r.lines();
            assert_eq!(&lines[..6], ["1"; 6]);
            assert_eq!(&lines[6..], ["1000", "1000", "0", "invalid"]);
        }),
        e("nonet count --only unique puzzles.txt", 2, |r| {
            let lines = r.lines();
            assert_eq!(lines.len(), 6);
            assert!(lines.iter().all(|l| is_puzzle(l)));
            assert!(puzzles_txt().lines().skip(1).take(6).eq(lines.iter().copied()));
        }),
        e(
            "nonet candidates .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| assert!(r.lines().iter().filter(|l| l.contains('|')).count() >= 9),
        ),
        e(
            "nonet candidates --raw -f line .9..76.1..374............57.2..54.......6.9.5.1.9.3....5.31..4...4..2...1.9....8.",
            0,
            |r| {
                assert_eq!(r.lines().len(), 1);
                assert_eq!(r.stdout.split_whitespace().count(), 81);
            },
        ),
        e("nonet completions bash > nonet.bash", 0, |r| {
            let script = r.file("nonet.bash");
            assert!(script.contains("complete -F _nonet") && script.contains("nonet__subcmd__solve"));
        }),
        e("nonet completions zsh > _nonet", 0, |r| {
            assert!(r.file("_nonet").starts_with("#compdef nonet"))
        }),
        e("nonet man > nonet.1", 0, |r| {
            assert!(r.file("nonet.1").contains(".TH nonet 1"))
        }),
        e("nonet man --dir man1", 0, |r| {
            assert!(r.file("man1/nonet.1").contains(".SH SUBCOMMANDS"));
            for name in subcommands() {
                let page = r.file(&format!("man1/nonet-{name}.1"));
                assert!(page.contains(&format!(".TH nonet-{name} 1")));
            }
        }),
        e("nonet man solve", 0, |r| {
            assert!(r.stdout.contains(".TH nonet-solve 1"));
            assert!(r.stdout.contains(".SH EXAMPLES") && r.stdout.contains(".SH \"EXIT STATUS\""));
        }),
    ]
}

/// A fresh scratch directory holding `puzzles.txt`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nonet-help-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("puzzles.txt"), puzzles_txt()).unwrap();
    dir
}

/// `sh -c command` in `dir`, with this build's `nonet` first on the PATH, a home and data
/// directory of its own, and `true` as the browser.
fn shell(command: &str, dir: &Path) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_nonet")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("BROWSER", "true")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null());
    c
}

/// Runs one example. `nonet play` serves until stopped: it is run until it prints its address
/// (its first line), then killed.
fn run(command: &str, dir: &Path) -> Run {
    if command.starts_with("nonet play") {
        let mut child = shell(&format!("exec {command}"), dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        let read = BufReader::new(child.stdout.take().unwrap()).read_line(&mut first);
        let _ = child.kill();
        let _ = child.wait();
        read.unwrap();
        return Run {
            status: 0,
            stdout: first,
            stderr: String::new(),
            dir: dir.to_path_buf(),
        };
    }
    let Output {
        status,
        stdout,
        stderr,
    } = shell(command, dir).output().unwrap();
    Run {
        status: status.code().unwrap_or(-1),
        stdout: text(&stdout),
        stderr: text(&stderr),
        dir: dir.to_path_buf(),
    }
}

#[test]
fn every_help_example_runs_and_prints_what_it_says() {
    let expectations = expectations();
    let mut shown = Vec::new();
    for name in std::iter::once(String::new()).chain(subcommands()) {
        let help = help_of(&name);
        let found = examples(&help);
        assert!(
            (2..=3).contains(&found.len()),
            "nonet {name} --help shows {} examples",
            found.len()
        );
        shown.extend(found);
    }
    for command in &shown {
        let e = expectations
            .iter()
            .find(|e| e.command == command)
            .unwrap_or_else(|| panic!("no expectation for the example `{command}`"));
        let dir = scratch(&format!(
            "{}",
            shown.iter().position(|c| c == command).unwrap()
        ));
        let r = run(command, &dir);
        assert_eq!(
            r.status, e.status,
            "`{command}` exit status\nstdout: {}\nstderr: {}",
            r.stdout, r.stderr
        );
        (e.check)(&r);
        let _ = std::fs::remove_dir_all(&dir);
    }
    for e in &expectations {
        assert!(
            shown.iter().any(|c| c == e.command),
            "the example `{}` is no longer shown",
            e.command
        );
    }
}

#[test]
fn every_help_ends_with_the_exit_status_table() {
    for name in std::iter::once(String::new()).chain(subcommands()) {
        let help = help_of(&name);
        let table = section(&help, "Exit status:");
        let codes: Vec<&str> = table
            .iter()
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        assert!(
            codes.first() == Some(&"0") && codes.last() == Some(&"2"),
            "nonet {name}: {table:?}"
        );
        assert_eq!(
            help.trim_end().lines().last(),
            table.last().copied(),
            "nonet {name} --help ends with its exit statuses"
        );
    }
}

#[test]
fn top_level_help_lists_subcommands_in_a_newcomers_order() {
    assert_eq!(
        subcommands(),
        [
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
            "man"
        ]
    );
}

#[test]
fn version_names_the_generator_and_the_rater() {
    let out = nonet().arg("--version").output().unwrap();
    assert!(out.status.success());
    let v = text(&out.stdout);
    assert!(
        v.starts_with(concat!("nonet ", env!("CARGO_PKG_VERSION"), "\n")),
        "{v}"
    );
    assert!(v.contains("\ngenerator: nonet-generate "), "{v}");
    assert!(v.contains("\nrater: nonet-rate "), "{v}");
}

/// Every completion script offers every subcommand, and the arguments that are built only when
/// a subcommand runs (`#[command(defer = true)]`) are in it too.
#[test]
fn completions_for_every_shell_mention_every_subcommand_and_their_options() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = nonet().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: no `{name}`");
        }
        for option in ["limit", "only", "lang", "color", "line-number"] {
            // fish spells a long option `-l NAME`.
            let spelt = match shell {
                "fish" => format!("-l {option}"),
                _ => format!("--{option}"),
            };
            assert!(script.contains(&spelt), "{shell}: no `{spelt}`");
        }
    }
    let bad = nonet().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn man_page_lists_every_subcommand_and_each_page_has_its_options() {
    let out = nonet().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = text(&out.stdout);
    for name in subcommands() {
        assert!(
            // roff escapes every hyphen (`nonet\-check\-step(1)`).
            page.contains(&format!("nonet\\-{}(1)", name.replace('-', "\\-"))),
            "no `{name}` in nonet(1)"
        );
    }
    let count = text(&nonet().args(["man", "count"]).output().unwrap().stdout);
    assert!(
        count.contains("\\-\\-limit") && count.contains("\\-\\-only"),
        "{count}"
    );
    let bad = nonet().args(["man", "sovle"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("no subcommand `sovle`"));
}
