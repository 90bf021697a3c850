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
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::new(Store::open_in_memory().unwrap())
        .with_allowed_hosts(AllowedHosts::for_bind(addr))
        .with_body_read_timeout(Duration::from_millis(1500));
    let limits = Limits {
        header_read_timeout: Duration::from_secs(30),
        max_connections: CAP,
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, app(Arc::new(state)), limits, async {
        let _ = stopped.await;
    }));

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
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap();
}
