//! Durability of `nonet play`: the real binary is killed with SIGKILL in the middle of a stream
//! of moves and restarted on the same database, three times over; every move it acknowledged
//! must be there, at most the one move in flight may be added, and the database must pass
//! `PRAGMA integrity_check` and still be in WAL mode.
//!
//! Bounded: a few hundred moves over loopback, each round stops after a fixed number of
//! acknowledgements (or when the moves run out); the server is killed on drop.

mod support;

use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};
use support::{Server, TempDir};

/// A classic easy puzzle (51 empty cells).
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// One pencil-mark toggle: `(cell, "centre" | "corner", digit)`. Each is used once, so each
/// acknowledged move leaves a mark that must still be there after a crash.
type Mark = (usize, &'static str, u8);

/// Every distinct mark on the puzzle's empty cells, in a fixed order that interleaves cells
/// (so consecutive moves touch different cells).
fn all_marks() -> Vec<Mark> {
    let empties: Vec<usize> = (0..81).filter(|&i| PUZZLE.as_bytes()[i] == b'.').collect();
    let mut marks = Vec::new();
    for kind in ["centre", "corner"] {
        for d in 1..=9u8 {
            for &c in &empties {
                marks.push((c, kind, d));
            }
        }
    }
    marks
}

/// Whether the game JSON `g` shows `mark`.
fn has_mark(g: &Value, (cell, kind, digit): Mark) -> bool {
    g["cells"][cell][kind]
        .as_array()
        .is_some_and(|ds| ds.iter().any(|d| d.as_u64() == Some(u64::from(digit))))
}

/// Streams `marks` as moves to the server at `addr` from another thread, each on the version
/// the answer to the one before reported (starting at `version`), sending each acknowledged
/// mark (with that version) down the returned channel. The stream stops at the first failure
/// (the server killed).
fn stream_moves(
    addr: std::net::SocketAddr,
    id: i64,
    mut version: u64,
    marks: Vec<Mark>,
) -> (mpsc::Receiver<(Mark, u64)>, std::thread::JoinHandle<()>) {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        for m in marks {
            let body =
                json!({ "type": m.1, "cell": m.0, "digit": m.2, "version": version }).to_string();
            let reply = support::request(
                addr,
                "POST",
                &format!("/api/games/{id}/moves"),
                &[("Content-Type", "application/json".to_string())],
                Some(body.as_bytes()),
            );
            match reply {
                Ok(r) if r.status == 200 => {
                    version = r.json()["version"].as_u64().expect("a version");
                    if tx.send((m, version)).is_err() {
                        return;
                    }
                }
                // A connection cut by the kill, or an answer that is not a success: stop.
                _ => return,
            }
        }
    });
    (rx, handle)
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let dir = TempDir::new("durability");
    let db = dir.join("x.db");
    let marks = all_marks();

    let server = Server::start(&db, &[]);
    let (s, g) = server.json(
        "POST",
        "/api/games",
        Some(&json!({ "puzzle": PUZZLE }).to_string()),
    );
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_i64().unwrap();
    let mut server = Some(server);

    let mut acked: Vec<Mark> = Vec::new();
    let mut next = 0;
    // Kill after this many acknowledgements in each round: early, middle and late.
    // Then wait a moment (none, or a fraction of a move's time) so the kill lands at different
    // points of the next move: before it is read, while it is written, after it is committed.
    for (round, (kill_after, delay_us)) in [(40usize, 0u64), (110, 700), (75, 2500), (60, 1500)]
        .into_iter()
        .enumerate()
    {
        let srv = server.take().unwrap();
        let todo = marks[next..].to_vec();
        let (rx, writer) = stream_moves(srv.addr, id, acked.len() as u64, todo.clone());
        let mut got = 0;
        while got < kill_after {
            match rx.recv_timeout(Duration::from_secs(30)) {
                Ok((m, _version)) => {
                    acked.push(m);
                    got += 1;
                }
                Err(_) => break,
            }
        }
        // SIGKILL while the writer is still sending: a move is most likely in flight.
        std::thread::sleep(Duration::from_micros(delay_us));
        let mut srv = srv;
        srv.kill();
        writer.join().unwrap();
        // Acknowledgements that arrived between the count and the kill count too.
        while let Ok((m, _)) = rx.try_recv() {
            acked.push(m);
            got += 1;
        }
        assert!(got > 0, "round {round}: no move was acknowledged");
        next += got;

        let restarted = Server::start(&db, &[]);
        let (s, g) = restarted.json("GET", &format!("/api/games/{id}"), None);
        assert_eq!(s, 200, "round {round}: {g}");
        let version = g["version"].as_u64().unwrap() as usize;
        eprintln!(
            "round {round}: {} moves acknowledged in all, {version} in the database",
            acked.len()
        );
        // Every acknowledged move is there; at most one more (the one in flight) may be.
        assert!(
            version == acked.len() || version == acked.len() + 1,
            "round {round}: {} moves acknowledged, version {version}",
            acked.len()
        );
        for &m in &acked {
            assert!(
                has_mark(&g, m),
                "round {round}: lost the acknowledged {m:?}"
            );
        }
        if version == acked.len() + 1 {
            // The move in flight was committed but not answered: it is the next one, and
            // whole. Count it as played so the next round does not toggle it off again.
            let m = marks[next];
            assert!(has_mark(&g, m), "round {round}: half a move {m:?}");
            acked.push(m);
            next += 1;
        } else if next < marks.len() {
            assert!(!has_mark(&g, marks[next]), "round {round}: a phantom move");
        }
        server = Some(restarted);
    }

    // The restarted server keeps taking moves.
    let srv = server.take().unwrap();
    let m = marks[next];
    let (s, g) = srv.json(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(
            &json!({ "type": m.1, "cell": m.0, "digit": m.2, "version": acked.len() }).to_string(),
        ),
    );
    assert_eq!(s, 200, "{g}");
    assert_eq!(g["version"].as_u64().unwrap() as usize, acked.len() + 1);
    drop(srv); // SIGKILL once more, then look at the file itself.

    let conn = rusqlite::Connection::open(&db).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode.to_ascii_lowercase(), "wal");
}
