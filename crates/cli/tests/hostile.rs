//! Hostile clients against the real `nonet play` over loopback TCP, where the router-level
//! tests (`crates/server/tests/hostile.rs`) cannot reach: the socket it binds by default, raw
//! request paths no client library would send, 12 MB bodies declared and chunked, foreign `Host`
//! headers, and two clients playing the same game at once.

mod support;

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use serde_json::{json, Value};
use support::{request, send_raw, Server, TempDir};

/// A classic easy puzzle and its solution.
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn new_game(srv: &Server) -> i64 {
    let (s, g) = srv.json(
        "POST",
        "/api/games",
        Some(&json!({ "puzzle": PUZZLE }).to_string()),
    );
    assert_eq!(s, 201, "{g}");
    g["id"].as_i64().unwrap()
}

fn still_serving(srv: &Server, id: i64) -> Value {
    let (s, g) = srv.json("GET", &format!("/api/games/{id}"), None);
    assert_eq!(s, 200, "the server stopped serving: {g}");
    g
}

#[test]
fn binds_loopback_only_by_default() {
    let dir = TempDir::new("hostile-bind");
    let srv = Server::start(&dir.join("x.db"), &[]);
    assert_eq!(srv.addr.ip(), IpAddr::V4(Ipv4Addr::LOCALHOST));
    // The kernel agrees: the listening socket on that port is bound to 127.0.0.1, not to
    // 0.0.0.0 (state 0A is LISTEN; addresses are little-endian hex).
    #[cfg(target_os = "linux")]
    {
        let port = format!(":{:04X}", srv.addr.port());
        let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
        let listening: Vec<&str> = table
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() > 3 && f[1].ends_with(&port) && f[3] == "0A").then_some(f[1])
            })
            .collect();
        assert_eq!(listening, vec![format!("0100007F{port}")]);
        let table6 = std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
        assert!(
            !table6.lines().any(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                f.len() > 3 && f[1].ends_with(&port) && f[3] == "0A"
            }),
            "also listening on IPv6"
        );
    }
    // A request naming another host (a DNS-rebinding page) is refused.
    let raw = format!(
        "GET /api/games HTTP/1.1\r\nHost: attacker.example:{}\r\nConnection: close\r\n\r\n",
        srv.addr.port()
    );
    let r = send_raw(srv.addr, raw.as_bytes()).unwrap();
    assert_eq!(r.status, 421);
    assert!(r.json()["error"]["code"].is_string());
}

#[test]
fn big_bodies_get_4xx_and_the_server_keeps_serving() {
    let dir = TempDir::new("hostile-big");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let id = new_game(&srv);
    let big = vec![b' '; 12 * 1024 * 1024];
    let (s, spec) = srv.json("GET", "/api/openapi.json", None);
    assert_eq!(s, 200);
    let mut checked = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for method in ["post", "put"] {
            if item.get(method).is_none() {
                continue;
            }
            checked += 1;
            let uri = path.replace("{id}", &id.to_string());
            let m = method.to_uppercase();
            // Declared with Content-Length: refused before it is read.
            let r = request(
                srv.addr,
                &m,
                &uri,
                &[("Content-Type", "application/json".into())],
                Some(&big),
            )
            .unwrap_or_else(|e| panic!("{m} {uri}: {e}"));
            assert_eq!(r.status, 413, "{m} {uri}");
            assert!(r.json()["error"]["code"].is_string(), "{m} {uri}");
            // Chunked, with no declared length: cut off at the limit.
            let mut raw = format!(
                "{m} {uri} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
                 Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
                srv.addr
            )
            .into_bytes();
            for chunk in big.chunks(1 << 20) {
                raw.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
                raw.extend_from_slice(chunk);
                raw.extend_from_slice(b"\r\n");
            }
            raw.extend_from_slice(b"0\r\n\r\n");
            let r = send_raw(srv.addr, &raw).unwrap_or_else(|e| panic!("{m} {uri}: {e}"));
            assert_eq!(r.status, 413, "{m} {uri} chunked");
            still_serving(&srv, id);
        }
    }
    assert!(checked >= 9);
    assert_eq!(still_serving(&srv, id)["version"], 0);
}

#[test]
fn raw_paths_never_escape() {
    let dir = TempDir::new("hostile-paths");
    let srv = Server::start(&dir.join("x.db"), &[]);
    for path in [
        "/../Cargo.toml",
        "/../../../../etc/passwd",
        "/%2e%2e/Cargo.toml",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/assets/..%2f..%2fCargo.toml",
        "/assets/..%2f..",
        "/js/..%2f..%2f..%2fCargo.toml",
        "/js/%2e%2e%2f%2e%2e%2fCargo.toml",
        "/..\\..\\Cargo.toml",
        "/%c0%ae%c0%ae/Cargo.toml",
        "//etc/passwd",
        "/./web/index.html",
        "/index.html%00",
        "/.git/HEAD",
    ] {
        let r = request(srv.addr, "GET", path, &[], None).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!((400..500).contains(&r.status), "{path}: {}", r.status);
        let text = String::from_utf8_lossy(&r.body);
        assert!(
            !text.contains("[package]") && !text.contains("root:") && !text.contains("ref:"),
            "{path} leaked a file"
        );
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
    }
    // A request line that is not HTTP at all gets an error or a closed connection, and the
    // server goes on.
    let _ = send_raw(srv.addr, b"\x16\x03\x01\x00\xa5garbage\r\n\r\n");
    let r = request(srv.addr, "GET", "/", &[], None).unwrap();
    assert_eq!(r.status, 200);
    let csp = r.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(r.header("x-frame-options"), Some("DENY"));
}

#[test]
fn two_clients_playing_one_game_lose_nothing() {
    let dir = TempDir::new("hostile-two");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let id = new_game(&srv);
    let cells: Arc<Vec<usize>> = Arc::new(
        (0..81)
            .filter(|&i| PUZZLE.as_bytes()[i] == b'.')
            .take(20)
            .collect(),
    );
    // Both clients mark the same cells at the same time, each with its own digits, each on
    // the version it last saw: a move on a version the other client has moved past gets 409
    // with the game as it stands, and is sent again on that version.
    let addr = srv.addr;
    let clients: Vec<_> = [1u8..=4, 5u8..=9]
        .into_iter()
        .map(|digits| {
            let cells = Arc::clone(&cells);
            std::thread::spawn(move || {
                let mut acked = 0;
                let mut version = json!(0);
                for &c in cells.iter() {
                    for d in digits.clone() {
                        loop {
                            let body = json!({
                                "type": "centre", "cell": c, "digit": d, "version": version,
                            })
                            .to_string();
                            let r = request(
                                addr,
                                "POST",
                                &format!("/api/games/{id}/moves"),
                                &[("Content-Type", "application/json".into())],
                                Some(body.as_bytes()),
                            )
                            .unwrap();
                            let v = r.json();
                            if r.status == 409 {
                                version = v["game"]["version"].clone();
                                continue;
                            }
                            assert_eq!(r.status, 200, "{v}");
                            version = v["version"].clone();
                            acked += 1;
                            break;
                        }
                    }
                }
                acked
            })
        })
        .collect();
    let total: usize = clients.into_iter().map(|t| t.join().unwrap()).sum();
    assert_eq!(total, cells.len() * 9);
    let g = still_serving(&srv, id);
    assert_eq!(g["version"].as_u64().unwrap() as usize, total);
    for &c in cells.iter() {
        assert_eq!(
            g["cells"][c]["centre"],
            json!([1, 2, 3, 4, 5, 6, 7, 8, 9]),
            "r{c}"
        );
    }
}

#[test]
fn huge_headers_and_idle_connections_do_not_stop_the_server() {
    let dir = TempDir::new("hostile-slow");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let id = new_game(&srv);
    // A 1 MB header: refused (431 or 400) or the connection closed, never served.
    let raw = format!(
        "GET /api/games HTTP/1.1\r\nHost: {}\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        srv.addr,
        "a".repeat(1 << 20)
    );
    if let Ok(r) = send_raw(srv.addr, raw.as_bytes()) {
        assert!((400..500).contains(&r.status), "{}", r.status);
    }
    // 10,000 headers.
    let mut raw = format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n", srv.addr);
    for i in 0..10_000 {
        raw.push_str(&format!("X-H{i}: v\r\n"));
    }
    raw.push_str("Connection: close\r\n\r\n");
    if let Ok(r) = send_raw(srv.addr, raw.as_bytes()) {
        assert!((400..500).contains(&r.status), "{}", r.status);
    }
    // 200 connections that send half a request and wait (a slow-loris client) do not keep
    // others from being served.
    let mut idle = Vec::new();
    for _ in 0..200 {
        let mut s = std::net::TcpStream::connect(srv.addr).unwrap();
        std::io::Write::write_all(&mut s, b"POST /api/games HTTP/1.1\r\nHost: x\r\n").unwrap();
        idle.push(s);
    }
    let g = still_serving(&srv, id);
    assert_eq!(g["version"], 0);
    let (s, _) = srv.json(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(r#"{"type":"centre","cell":2,"digit":1,"version":0}"#),
    );
    assert_eq!(s, 200);
    drop(idle);
    assert_eq!(still_serving(&srv, id)["version"], 1);
}

#[test]
fn a_client_that_never_finishes_its_headers_is_cut_off() {
    use std::io::{Read, Write};
    let dir = TempDir::new("hostile-loris");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let id = new_game(&srv);
    let mut s = std::net::TcpStream::connect(srv.addr).unwrap();
    s.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    // The server's header read timeout (10 s) ends the connection, with a 408 or without a
    // word; the read timeout here only keeps a regression from hanging the test.
    s.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    let mut got = Vec::new();
    match s.read_to_end(&mut got) {
        Ok(_) => {
            let text = String::from_utf8_lossy(&got);
            assert!(got.is_empty() || text.starts_with("HTTP/1.1 408"), "{text}");
        }
        Err(e) => assert!(
            e.kind() == std::io::ErrorKind::ConnectionReset,
            "the connection stayed open: {e}"
        ),
    }
    assert_eq!(still_serving(&srv, id)["version"], 0);
}

/// Starts `nonet play` on `db` while `first` serves its database, and checks that it is refused
/// with exit 2 naming the first one's URL (bounded: a second server that wrongly starts is
/// killed after 20 s), and that the first keeps serving game `id`.
fn second_server_is_refused(first: &Server, db: &std::path::Path, id: i64) {
    use std::process::{Command, Stdio};
    let mut second = Command::new(env!("CARGO_BIN_EXE_nonet"))
        .args(["play", "--no-open", "--port", "0", "--db"])
        .arg(db)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            let _ = second.kill();
            let _ = second.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let status = status.expect("the second server kept running");
    let out = second.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(2), "{}: {stderr}", db.display());
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let url = format!("http://{}/", first.addr);
    assert!(stderr.contains("already serving"), "{stderr}");
    assert!(stderr.contains(&url), "{stderr} lacks {url}");
    assert_eq!(still_serving(first, id)["version"], 0);
}

/// Regression: a second `nonet play` on the same database moved to a free port and ran beside
/// the first; moves through both then failed with "database is locked". It is refused now,
/// with the running one's address, and the first keeps serving.
#[test]
fn a_second_server_on_the_same_database_is_refused_with_the_first_ones_url() {
    let dir = TempDir::new("hostile-second");
    let db = dir.join("x.db");
    let first = Server::start(&db, &[]);
    let id = new_game(&first);
    second_server_is_refused(&first, &db, id);
    // Once the first is gone (even by SIGKILL), the database is free again.
    drop(first);
    let again = Server::start(&db, &[]);
    assert_eq!(still_serving(&again, id)["version"], 0);
}

/// Regression: the one-server lock went by the database's name (`<db>.lock`), so a second
/// server given the same file through a symbolic or a hard link started, and the games one of
/// them acknowledged were lost to the other. The lock is on the database file itself.
#[cfg(unix)]
#[test]
fn a_second_server_through_a_symlink_or_hard_link_is_refused_with_the_first_ones_url() {
    let dir = TempDir::new("hostile-links");
    let db = dir.join("x.db");
    let first = Server::start(&db, &[]);
    let id = new_game(&first);
    let symlink = dir.join("via-symlink.db");
    std::os::unix::fs::symlink(&db, &symlink).unwrap();
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    let hard = dir.join("elsewhere").join("via-hard-link.db");
    std::fs::hard_link(&db, &hard).unwrap();
    for name in [&symlink, &hard] {
        second_server_is_refused(&first, name, id);
    }
}

/// Regression: a database from a newer nonet, another program's file or a damaged one
/// started a server that answered 500 to everything. `nonet play` now refuses each at start
/// with exit 2 and a sentence that says what is wrong, leaving the file as it was.
#[test]
fn unusable_databases_are_refused_at_start_with_a_reason() {
    use std::process::{Command, Stdio};
    let dir = TempDir::new("hostile-refuse");
    let other = dir.join("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE games (name TEXT); INSERT INTO games VALUES ('go');")
        .unwrap();
    let newer = dir.join("newer.db");
    rusqlite::Connection::open(&newer)
        .unwrap()
        .execute_batch(&format!(
            "PRAGMA application_id = {}; PRAGMA user_version = 7; CREATE TABLE games (id);",
            0x6E6F_6E74
        ))
        .unwrap();
    for (db, want) in [(&other, "not a nonet database"), (&newer, "newer nonet")] {
        let before = std::fs::read(db).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_nonet"))
            .args(["play", "--no-open", "--port", "0", "--db"])
            .arg(db)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(want) && stderr.contains("--db"), "{stderr}");
        assert_eq!(std::fs::read(db).unwrap(), before);
        let mut lock = db.as_os_str().to_os_string();
        lock.push(".lock");
        assert!(
            !std::path::Path::new(&lock).exists(),
            "a lock file was left"
        );
    }
}

/// Other users of the machine cannot read the player's games: a new database, its WAL and the
/// directory made for it are the user's alone.
#[cfg(unix)]
#[test]
fn a_new_database_is_private_to_the_user() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("hostile-private");
    let db = dir.join("data").join("nonet").join("x.db");
    let srv = Server::start(&db, &[]);
    let id = new_game(&srv);
    assert_eq!(still_serving(&srv, id)["version"], 0);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(db.parent().unwrap()), 0o700);
    assert_eq!(mode(&db), 0o600);
    let mut wal = db.as_os_str().to_os_string();
    wal.push("-wal");
    assert_eq!(mode(std::path::Path::new(&wal)), 0o600);
}

/// Over the wire: a request with no `Host` (HTTP/1.0 allows it) or with two is refused, and
/// HEAD on an asset gives the length its GET body has (regression: it said 0).
#[test]
fn host_headers_and_head_lengths_on_the_wire() {
    use std::io::{Read, Write};
    let dir = TempDir::new("hostile-wire");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let raw_status = |raw: String| send_raw(srv.addr, raw.as_bytes()).unwrap().status;
    assert_eq!(raw_status("GET /api/games HTTP/1.0\r\n\r\n".into()), 400);
    let two = format!(
        "GET /api/games HTTP/1.1\r\nHost: {}\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
        srv.addr
    );
    assert_eq!(raw_status(two), 400);
    let get = srv.call("GET", "/js/main.js", None).unwrap();
    assert_eq!(get.status, 200);
    let mut s = std::net::TcpStream::connect(srv.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(
        s,
        "HEAD /js/main.js HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        srv.addr
    )
    .unwrap();
    let mut head = String::new();
    s.read_to_string(&mut head).unwrap();
    let len = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().to_string())
        })
        .expect("a Content-Length");
    assert_eq!(len, get.body.len().to_string(), "{head}");
    assert!(head.ends_with("\r\n\r\n"), "HEAD sent a body: {head}");
}

/// Regression: the cap on slow ratings was checked before a rating started and counted after
/// 2 s, so 100 own puzzles at once put 251 threads on the server. Now every rating runs in the
/// one bounded pool: during a burst of 100 checks of a hard puzzle the server's threads stay
/// few, and each answer is a result or a 503 with `Retry-After`.
#[cfg(target_os = "linux")]
#[test]
fn a_burst_of_ratings_never_multiplies_threads() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let dir = TempDir::new("hostile-burst");
    let srv = Server::start(&dir.join("x.db"), &[]);
    let status = format!("/proc/{}/status", srv.child.id());
    let threads = move || -> usize {
        std::fs::read_to_string(&status)
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("Threads:").map(|n| n.trim().parse().ok()))
                    .flatten()
            })
            .unwrap_or(0)
    };
    let before = threads();
    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicUsize::new(before));
    let sampler = {
        let (done, peak) = (Arc::clone(&done), Arc::clone(&peak));
        std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) {
                peak.fetch_max(threads(), Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        })
    };
    let addr = srv.addr;
    let body = json!({ "puzzle": HARD }).to_string();
    let clients: Vec<_> = (0..100)
        .map(|_| {
            let body = body.clone();
            std::thread::spawn(move || {
                let r = request(
                    addr,
                    "POST",
                    "/api/puzzles/check",
                    &[("Content-Type", "application/json".into())],
                    Some(body.as_bytes()),
                )
                .unwrap();
                if r.status == 503 || r.status == 429 {
                    // The pool is full, or this client (all 100 come from one address) has
                    // its share of it.
                    assert_eq!(r.header("retry-after"), Some("2"));
                    let code = r.json()["error"]["code"].clone();
                    assert!(code == "busy" || code == "too_many", "{code}");
                } else {
                    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
                    assert_eq!(r.json()["status"], "unique");
                }
                r.status
            })
        })
        .collect();
    let statuses: Vec<u16> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    done.store(true, Ordering::SeqCst);
    sampler.join().unwrap();
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    let peak = peak.load(Ordering::SeqCst);
    eprintln!(
        "threads: {before} before, {peak} at most; {ok} answered, {} busy",
        statuses.len() - ok
    );
    assert!(ok >= 1);
    // The pool (one worker per core, at most 8), tokio's workers (one per core) and its
    // blocking threads (8), and a few of the runtime's own: far below one per request.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bound = before + 8 + cores.min(8) + 4;
    assert!(peak <= bound, "{peak} threads (bound {bound})");
}
