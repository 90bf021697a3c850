//! Shared by the tests that run the real `nonet play` binary: starting it on a free loopback
//! port with its own database, and a minimal blocking HTTP/1.1 client over `std::net` (one
//! connection per request, `Connection: close`, bounded by socket timeouts). Also
//! [`run_stdin`], for the tests that run one command with input.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A running `nonet play`, killed (SIGKILL on Unix) when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `nonet play --no-open --port 0 --db <db>` plus `extra` arguments and waits for
    /// the line that names its address.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonet"))
            .args(["play", "--no-open", "--port", "0", "--db"])
            .arg(db)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start nonet play");
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        // The first line is "nonet play: serving on http://HOST:PORT/" (or the process ends).
        let first = match lines.next() {
            Some(Ok(l)) => l,
            other => {
                let _ = child.kill();
                panic!("nonet play printed no address: {other:?}");
            }
        };
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {first:?}"));
        let hostport = url.trim_start_matches("http://").trim_end_matches('/');
        let addr: SocketAddr = hostport.parse().expect("an address");
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines.by_ref() {});
        Server { child, addr }
    }

    /// Kills the server with SIGKILL (on Unix `Child::kill` sends SIGKILL) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// `METHOD path` with an optional JSON body; see [`request`].
    pub fn call(&self, method: &str, path: &str, body: Option<&str>) -> std::io::Result<Reply> {
        let headers = if body.is_some() {
            vec![("Content-Type", "application/json".to_string())]
        } else {
            vec![]
        };
        request(self.addr, method, path, &headers, body.map(str::as_bytes))
    }

    /// Like [`Server::call`], panicking on a transport error and parsing the body as JSON.
    pub fn json(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let r = self
            .call(method, path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let v = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        (r.status, v)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// Header names (lower case) and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: Vec<u8>,
}

impl Reply {
    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (`Null` if it is not).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// Sends one request with a `Host` naming `addr` and `Connection: close`, and reads the whole
/// answer. `path` is sent as is (no normalisation), so tests can send `..` and `%2e`.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: Option<&[u8]>,
) -> std::io::Result<Reply> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        head.push_str(&format!("Content-Length: {}\r\n", b.len()));
    }
    head.push_str("\r\n");
    let mut raw = head.into_bytes();
    if let Some(b) = body {
        raw.extend_from_slice(b);
    }
    send_raw(addr, &raw)
}

/// Writes `raw` bytes to a new connection to `addr` and parses the answer. A server may answer
/// and close before reading a large body: the answer is read by another thread while the body
/// is written (so a reset that follows the answer cannot discard it), and a failed write is
/// ignored if an answer arrived.
pub fn send_raw(addr: SocketAddr, raw: &[u8]) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    s.set_write_timeout(Some(Duration::from_secs(20)))?;
    let mut reader = s.try_clone()?;
    let read = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        loop {
            match reader.read(&mut chunk) {
                Ok(0) => return (buf, None),
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
                Err(e) => return (buf, Some(e)),
            }
        }
    });
    let write_result = s.write_all(raw);
    if write_result.is_err() {
        // Nothing more will be sent; let the reader see the end of the answer.
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    let (buf, read_error) = read.join().expect("reader thread");
    if buf.is_empty() {
        write_result?;
        if let Some(e) = read_error {
            return Err(e);
        }
    }
    parse_reply(&buf)
}

fn bad(msg: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, msg.to_string())
}

/// Parses a complete HTTP/1.1 answer (status line, headers, a body sized by `Content-Length`,
/// chunked, or up to the end).
pub fn parse_reply(buf: &[u8]) -> std::io::Result<Reply> {
    let end = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = std::str::from_utf8(&buf[..end]).map_err(|_| bad("headers not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &buf[end + 4..];
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let body = if chunked {
        dechunk(rest)?
    } else if let Some((_, n)) = headers.iter().find(|(k, _)| k == "content-length") {
        let n: usize = n.parse().map_err(|_| bad("bad content-length"))?;
        rest.get(..n).ok_or_else(|| bad("short body"))?.to_vec()
    } else {
        rest.to_vec()
    };
    Ok(Reply {
        status,
        headers,
        body,
    })
}

fn dechunk(mut rest: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or_else(|| bad("bad chunk"))?;
        let size = std::str::from_utf8(&rest[..eol]).map_err(|_| bad("bad chunk size"))?;
        let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| bad("bad chunk size"))?;
        rest = &rest[eol + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(rest.get(..size).ok_or_else(|| bad("short chunk"))?);
        rest = rest.get(size + 2..).ok_or_else(|| bad("short chunk"))?;
    }
}

/// A fresh directory under the system's temp directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty directory named after `tag`, the process and a counter.
    pub fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("nonet-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// A path inside the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts `nonet args...` with its three streams piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_nonet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nonet runs")
}

/// Runs `nonet args...` with `stdin` on its standard input and waits for it.
pub fn run_stdin(args: &[&str], stdin: &str) -> Output {
    run_stdin_bytes(args, stdin.as_bytes())
}

/// [`run_stdin`] with any bytes. The input is written from another thread, so the answers come
/// out while it goes in (a long input would otherwise fill both pipes).
pub fn run_stdin_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn_piped(args);
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || match input.write_all(&stdin) {
        // A command refused on its command line, or one that stops reading at a limit, ends
        // before it has read everything: a closed pipe is no failure.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}
