//! [`JsonErrors`]: the connection's socket as hyper writes to it, giving hyper's own error
//! answers the JSON body every other error of the server has.
//!
//! hyper answers a request it cannot parse by itself, before any service sees it: 400 (not
//! HTTP), 414 (a request target over 64 KiB) and 431 (headers over its buffer, or more than
//! 100 of them), each a head alone with `content-length: 0`, and it has no setting for that
//! answer. So the socket's writer recognises it: a write that is exactly one response head, of
//! one of those statuses, with `content-length: 0`. The server's own error answers always have
//! a JSON body (`crate::guard` gives one to every error), so none of them looks like that. Such
//! a head is replaced by the same status with a JSON body `{"error": {"code", "message"}}` and
//! the security headers.
//!
//! hyper writes that answer only when its writer is idle, which it becomes once the previous
//! response is flushed whole, so the answer is always alone in its write (hyper 1.x,
//! `Conn::on_parse_error`). When a previous response is still unflushed (a client pipelining
//! requests without reading the answers), hyper sends no answer at all and closes the
//! connection.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A socket whose writes of hyper's bare error answers get a JSON body.
pub(crate) struct JsonErrors<S> {
    inner: S,
    /// A replacement being written: its bytes, how many of them are written, and how many
    /// bytes of hyper's write it stands for.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

impl<S> JsonErrors<S> {
    pub(crate) fn new(inner: S) -> JsonErrors<S> {
        JsonErrors {
            inner,
            replacing: None,
        }
    }
}

/// The JSON answer standing for `buf` when it is exactly one of hyper's bare error heads.
fn replacement(buf: &[u8]) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(buf).ok()?.strip_suffix("\r\n\r\n")?;
    if head.contains("\r\n\r\n") {
        return None;
    }
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let status: u16 = status_line
        .strip_prefix("HTTP/1.1 ")?
        .get(..3)?
        .parse()
        .ok()?;
    let (code, message) = match status {
        400 => ("bad_request", "the request is not valid HTTP/1.1"),
        414 => (
            "uri_too_long",
            "the request target is longer than this server reads (64 KiB)",
        ),
        431 => (
            "headers_too_large",
            "the request's headers are larger than this server reads (100 headers, about \
             400 KiB in all)",
        ),
        _ => return None,
    };
    let headers: Vec<&str> = lines.collect();
    let is_length = |h: &str| h.to_ascii_lowercase().starts_with("content-length:");
    let lengths: Vec<&str> = headers.iter().copied().filter(|h| is_length(h)).collect();
    let bare = !lengths.is_empty()
        && lengths
            .iter()
            .all(|h| h.split_once(':').is_some_and(|(_, v)| v.trim() == "0"));
    if !bare {
        return None;
    }
    let body = serde_json::json!({ "error": { "code": code, "message": message } }).to_string();
    let mut out = format!("{status_line}\r\n");
    for h in headers.iter().filter(|h| !is_length(h)) {
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str(&format!(
        "content-type: application/json\r\ncontent-length: {}\r\n\
         content-security-policy: {}\r\nx-content-type-options: nosniff\r\n\
         x-frame-options: DENY\r\ncache-control: no-store\r\n\r\n{body}",
        body.len(),
        crate::CSP
    ));
    Some(out.into_bytes())
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            match replacement(buf) {
                Some(bytes) => this.replacing = Some((bytes, 0, buf.len())),
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
            }
        }
        // A write left pending is called again with the same bytes: the replacement goes on.
        let Some((bytes, written, stands_for)) = this.replacing.as_mut() else {
            unreachable!("set above")
        };
        while *written < bytes.len() {
            match ready!(Pin::new(&mut this.inner).poll_write(cx, &bytes[*written..])) {
                Ok(0) => {
                    this.replacing = None;
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                Ok(n) => *written += n,
                Err(e) => {
                    this.replacing = None;
                    return Poll::Ready(Err(e));
                }
            }
        }
        let n = *stands_for;
        this.replacing = None;
        Poll::Ready(Ok(n))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // One buffer per write (hyper then copies a response's head and body into one), so that
    // a bare head is seen whole.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bare_head_of_hyper_s_error_statuses_is_replaced() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\
                     date: Wed, 02 Dec 2026 03:00:00 GMT\r\n\r\n";
        let out = String::from_utf8(replacement(bare).unwrap()).unwrap();
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "));
        assert!(head.contains("date: Wed"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["error"]["code"], "headers_too_large");
        // A response with a body, another status, two heads, or half a head: left alone.
        for other in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            b"HTTP/1.1 400 Bad Request\r\n\r\nHTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
        ] {
            assert!(replacement(other).is_none(), "{}", String::from_utf8_lossy(other));
        }
    }
}
