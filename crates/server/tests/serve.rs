//! The accept loop's limits over real loopback sockets: slow clients (headers or a body sent a
//! byte now and then) are cut off or shed, and normal requests keep being answered while they
//! hold connections. Bounded: a small connection cap and short timeouts, every read with a
//! deadline, and the server stops itself at the end.

use std::sync::Arc;
use std::time::Duration;

use nonet_server::{app, serve, AllowedHosts, AppState, Limits, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const CAP: usize = 12;

/// Reads what the server sends until it closes the connection or `within` passes: `Some(bytes)`
/// if it closed (or reset) the connection, `None` if it was still open.
async fn read_until_closed(s: &mut TcpStream, within: Duration) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// One ordinary request on its own connection; the status, or `None` if there was no answer
/// within 5 s.
async fn get_status(addr: std::net::SocketAddr, path: &str) -> Option<u16> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.ok()?;
    let got = read_until_closed(&mut s, Duration::from_secs(5)).await?;
    let text = String::from_utf8_lossy(&got);
    text.split_whitespace().nth(1)?.parse().ok()
}

/// Regression: headers then a body trickled at 1 byte / 2 s stayed open for ever, and 1,100 such
/// connections stopped normal service for the whole attack.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_and_normal_requests_keep_being_answered() {
    let (addr, stop, server) = start(CAP, Duration::from_millis(1500)).await;

    // Three times the cap of slow clients: half send their headers and the first byte of a
    // body, half a part of their headers; none sends more.
    let mut slow = Vec::new();
    for i in 0..3 * CAP {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let start = if i % 2 == 0 {
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{"
            )
        } else {
            format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n")
        };
        s.write_all(start.as_bytes()).await.unwrap();
        slow.push(s);
        // Let the server accept them in this order (the oldest are shed first).
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Normal requests are answered while they hold on.
    for _ in 0..10 {
        assert_eq!(get_status(addr, "/api/games").await, Some(200));
    }
    // The server has closed all but at most the cap of them (shed for the newer ones, or cut
    // off by the body read timeout with a 408).
    let mut closed = 0;
    let mut timed_out = 0;
    for s in &mut slow {
        if let Some(got) = read_until_closed(s, Duration::from_secs(4)).await {
            closed += 1;
            if String::from_utf8_lossy(&got).starts_with("HTTP/1.1 408") {
                timed_out += 1;
            }
        }
    }
    assert!(closed >= 2 * CAP, "only {closed} of {} closed", 3 * CAP);

    // A body trickled a byte at a time is cut off with a 408 once the body read timeout has
    // passed, though bytes keep coming.
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 50\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut answer = None;
    for _ in 0..40 {
        if s.write_all(b" ").await.is_err() {
            break;
        }
        let mut buf = [0u8; 512];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(150), s.read(&mut buf)).await
        {
            answer = Some(String::from_utf8_lossy(&buf[..n]).to_string());
            break;
        }
    }
    let answer = answer.expect("the trickled body was cut off");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    eprintln!("{closed} slow connections closed, {timed_out} of them with a 408");

    assert_eq!(get_status(addr, "/api/games").await, Some(200));
    stop_server(stop, server).await;
}

/// Starts the app over an in-memory store on loopback with a connection cap of `cap`, a
/// header read timeout of 30 s and a body read timeout of `body_read_timeout`; the address,
/// the sender that stops it, and its task (see [`stop_server`]).
async fn start(
    cap: usize,
    body_read_timeout: Duration,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::new(Store::open_in_memory().unwrap())
        .with_allowed_hosts(AllowedHosts::for_bind(addr))
        .with_body_read_timeout(body_read_timeout);
    let limits = Limits {
        header_read_timeout: Duration::from_secs(30),
        max_connections: cap,
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, app(Arc::new(state)), limits, async {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

/// Stops a server [`start`] started and waits for it (10 s at most).
async fn stop_server(stop: tokio::sync::oneshot::Sender<()>, server: tokio::task::JoinHandle<()>) {
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap();
}

/// A connection to `addr` from the loopback address `from` (any address of 127/8 is the
/// machine's own on Linux).
async fn connect_from(from: [u8; 4], addr: std::net::SocketAddr) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(std::net::SocketAddr::from((from, 0)))?;
    socket.connect(addr).await
}

/// `GET /api/levels` on the keep-alive connection `kept` (made first if there is none); the
/// status, or `None` (and the connection dropped) if there was no whole answer within 5 s.
async fn keep_alive_status(
    kept: &mut Option<TcpStream>,
    addr: std::net::SocketAddr,
) -> Option<u16> {
    let answer = async {
        if kept.is_none() {
            *kept = Some(TcpStream::connect(addr).await.ok()?);
        }
        let s = kept.as_mut()?;
        let req = format!("GET /api/levels HTTP/1.1\r\nHost: {addr}\r\n\r\n");
        s.write_all(req.as_bytes()).await.ok()?;
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        let head_end = loop {
            if let Some(i) = got.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            match s.read(&mut buf).await.ok()? {
                0 => return None,
                n => got.extend_from_slice(&buf[..n]),
            }
        };
        let head = String::from_utf8_lossy(&got[..head_end]).to_ascii_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))?
            .trim()
            .parse()
            .ok()?;
        while got.len() < head_end + length {
            match s.read(&mut buf).await.ok()? {
                0 => return None,
                n => got.extend_from_slice(&buf[..n]),
            }
        }
        head.split_whitespace().nth(1)?.parse().ok()
    };
    let status = tokio::time::timeout(Duration::from_secs(5), answer)
        .await
        .ok()
        .flatten();
    if status.is_none() {
        *kept = None;
    }
    status
}

/// What an attack measured: normal requests answered 200, of those sent, and the attackers'
/// connections made while they were sent.
struct Measured {
    answered: usize,
    sent: usize,
    reconnects: usize,
}

/// `attackers` slow clients from `from`, each sending half a request head and, when the server
/// sheds it, connecting again at once, while `streams` normal clients from 127.0.0.1 send
/// `each` requests one after the other (half of them on one keep-alive connection each, half
/// on a connection per request; answered within 5 s or counted as not answered). Stops its
/// attackers at the end.
async fn attack(
    addr: std::net::SocketAddr,
    attackers: usize,
    from: [u8; 4],
    streams: usize,
    each: usize,
) -> Measured {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let stop = Arc::new(AtomicBool::new(false));
    let reconnects = Arc::new(AtomicUsize::new(0));
    let slow: Vec<_> = (0..attackers)
        .map(|_| {
            let (stop, reconnects) = (Arc::clone(&stop), Arc::clone(&reconnects));
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let Ok(mut s) = connect_from(from, addr).await else {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    };
                    reconnects.fetch_add(1, Ordering::SeqCst);
                    let half = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n");
                    if s.write_all(half.as_bytes()).await.is_err() {
                        continue;
                    }
                    // Held until shed (or the attack ends), then at once again.
                    while !stop.load(Ordering::SeqCst) {
                        if read_until_closed(&mut s, Duration::from_millis(200))
                            .await
                            .is_some()
                        {
                            break;
                        }
                    }
                }
            })
        })
        .collect();
    // Let the attackers fill the server and be shed and come back (10 s at most).
    for _ in 0..1000 {
        if reconnects.load(Ordering::SeqCst) >= 2 * attackers {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let before = reconnects.load(Ordering::SeqCst);
    let normal: Vec<_> = (0..streams)
        .map(|n| {
            tokio::spawn(async move {
                let mut answered = 0;
                let mut kept = None;
                for _ in 0..each {
                    // Half the streams as a browser goes: one keep-alive connection, idle
                    // between requests; the others a connection per request.
                    let status = if n % 2 == 0 {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        keep_alive_status(&mut kept, addr).await
                    } else {
                        get_status(addr, "/api/levels").await
                    };
                    if status == Some(200) {
                        answered += 1;
                    }
                }
                answered
            })
        })
        .collect();
    let mut answered = 0;
    for n in normal {
        answered += n.await.unwrap();
    }
    stop.store(true, Ordering::SeqCst);
    for s in slow {
        let _ = tokio::time::timeout(Duration::from_secs(5), s).await;
    }
    Measured {
        answered,
        sent: streams * each,
        reconnects: reconnects.load(Ordering::SeqCst) - before,
    }
}

/// Regression: at the connection cap a new connection shed the oldest idle one, whoever held
/// it: a normal client's keep-alive connection idle between its requests, or its fresh one
/// (idle until its request head is read), was as old as any, and 300 slow clients reconnecting
/// as fast as they were shed left 11 of 216 normal requests answered. Now the address holding
/// the most connections gives one up, and of its connections one that never sent a whole
/// request head goes first. Here three times the cap of attackers from another loopback
/// address (127.0.0.2); at least 90% of the normal requests (half on keep-alive connections)
/// must be answered. (From the normal clients' own address see the full measure below: with
/// a cap this small a new connection is shed before its head is read.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_reconnecting_at_the_cap_leave_normal_clients_served() {
    const CAP: usize = 16;
    let (addr, stop, server) = start(CAP, Duration::from_secs(10)).await;
    let m = attack(addr, 3 * CAP, [127, 0, 0, 2], 4, 15).await;
    eprintln!(
        "{} of {} normal requests answered, {} attacker connections",
        m.answered, m.sent, m.reconnects
    );
    assert!(m.reconnects > 0, "the attackers were shed and came back");
    assert!(
        m.answered * 10 >= m.sent * 9,
        "{} of {} answered",
        m.answered,
        m.sent
    );
    stop_server(stop, server).await;
}

/// The full measure of `docs/reliability.md`: 500 slow clients reconnecting against the
/// default cap (`MAX_CONNECTIONS`), 216 normal requests; the attackers from another loopback
/// address, then from the normal clients' own; at least 90% answered each time. Run with
/// `cargo test -p nonet-server --release --test serve -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measure: 500 attackers"]
async fn five_hundred_slow_clients_at_the_default_cap() {
    for from in [[127, 0, 0, 2], [127, 0, 0, 1]] {
        let (addr, stop, server) =
            start(nonet_server::MAX_CONNECTIONS, Duration::from_secs(10)).await;
        let m = attack(addr, 500, from, 8, 27).await;
        eprintln!(
            "500 attackers from {from:?}: {} of {} normal requests answered ({:.1}%), \
             {} attacker connections",
            m.answered,
            m.sent,
            100.0 * m.answered as f64 / m.sent as f64,
            m.reconnects
        );
        assert!(m.answered * 10 >= m.sent * 9);
        stop_server(stop, server).await;
    }
}

/// Sends `raw` on a new connection and reads the answer until the server closes it (5 s at
/// most); the status and the body.
async fn raw_answer(addr: std::net::SocketAddr, raw: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    // The server may answer and close before it has read all of a huge request.
    let _ = s.write_all(raw).await;
    let got = read_until_closed(&mut s, Duration::from_secs(5))
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&got).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Regression: the answers hyper gives by itself to a request it cannot parse (400 not HTTP,
/// 414 a request target over 64 KiB, 431 headers too many or too large) had no body, the only
/// errors without the JSON shape. They now carry `{"error": {"code", "message"}}`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hyper_s_own_400_414_431_answers_carry_a_json_error_body() {
    let (addr, stop, server) = start(16, Duration::from_secs(10)).await;
    let long_target = format!(
        "GET /{} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        "a".repeat(70 * 1024)
    );
    let mut many_headers = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n");
    for i in 0..200 {
        many_headers.push_str(&format!("X-{i}: {i}\r\n"));
    }
    many_headers.push_str("\r\n");
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Big: {}\r\n\r\n",
        "b".repeat(600 * 1024)
    );
    for (raw, status, code) in [
        (
            b"\x01\x02\x03 / HTTP/1.1\r\n\r\n".to_vec(),
            400,
            "bad_request",
        ),
        (
            b"GET / HTTP/1.1\r\nBad Header\r\n\r\n".to_vec(),
            400,
            "bad_request",
        ),
        (long_target.into_bytes(), 414, "uri_too_long"),
        (many_headers.into_bytes(), 431, "headers_too_large"),
        (huge_header.into_bytes(), 431, "headers_too_large"),
    ] {
        let (got, body) = raw_answer(addr, &raw).await;
        assert_eq!(got, status, "{body}");
        let v: serde_json::Value = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("{status}: not JSON ({e}): {body:?}"));
        assert_eq!(v["error"]["code"], code, "{v}");
        assert!(v["error"]["message"].is_string());
    }
    // Served on as before.
    assert_eq!(get_status(addr, "/api/games").await, Some(200));
    stop_server(stop, server).await;
}
