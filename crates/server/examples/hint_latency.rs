//! Hint latency over loopback: serves the game on a free port (temporary database), starts a game
//! for each of the hardest shared puzzles, and walks each one to the end, asking for a hint at
//! every position (then letting the bot play one step). Prints percentiles of the hint
//! requests' round-trip time, measured by the client: connection, request, step search, answer.
//!
//! ```text
//! cargo run --release -p nonet-server --example hint_latency -- \
//!     /work/shared/puzzles/hardest-database-2011.csv [PUZZLES]
//! ```
//!
//! The CSV's first column (or each line of a plain list) is the puzzle; `PUZZLES` (default 40)
//! caps how many are walked.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::time::{Duration, Instant};

fn request(port: u16, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).expect("write");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).expect("read");
    let text = String::from_utf8_lossy(&buf);
    let status = text[9..12].parse().expect("status");
    let json = text
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(serde_json::Value::Null);
    (status, json)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .unwrap_or_else(|| "/work/shared/puzzles/hardest-database-2011.csv".into());
    let limit: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(40);
    let text = std::fs::read_to_string(&file).expect("read the puzzle file");
    let puzzles: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let p = l.split([',', ':', ' ']).next()?.trim();
            (p.len() == 81 && nonet_core::Sudoku::from_line(p).is_ok()).then(|| p.to_string())
        })
        .take(limit)
        .collect();

    let dir = std::env::temp_dir().join(format!("nonet-hint-latency-{}", std::process::id()));
    let db = dir.join("games.db");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let config = nonet_server::ServeConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            fallback_to_free_port: false,
            db,
            allow_hosts: Vec::new(),
        };
        nonet_server::run(config, |url| {
            let port: u16 = url
                .trim_end_matches('/')
                .rsplit(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            tx.send(port).unwrap();
        })
        .expect("serve");
    });
    let port = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("server start");

    let mut times = Vec::new();
    let mut errors = 0;
    for p in &puzzles {
        let (s, g) = request(
            port,
            "POST",
            "/api/games",
            &format!("{{\"puzzle\":\"{p}\"}}"),
        );
        if s != 201 {
            errors += 1;
            continue;
        }
        let id = g["id"].as_i64().unwrap();
        let mut version = g["version"].as_i64().unwrap();
        for _ in 0..400 {
            let t = Instant::now();
            let (s, h) = request(port, "POST", &format!("/api/games/{id}/hint"), "{}");
            times.push(t.elapsed());
            if s != 200 {
                errors += 1;
                break;
            }
            if h["kind"] != "step" {
                break;
            }
            let body = format!("{{\"version\":{version}}}");
            let (s, r) = request(port, "POST", &format!("/api/games/{id}/bot"), &body);
            if s != 200 {
                errors += 1;
                break;
            }
            version = r["game"]["version"].as_i64().unwrap();
            if r["game"]["finished"] == true {
                break;
            }
        }
    }
    times.sort();
    let pct = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{} puzzles, {} hint requests, {} errors: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        puzzles.len(),
        times.len(),
        errors,
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.9).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3
    );
    let _ = std::fs::remove_dir_all(&dir);
}
