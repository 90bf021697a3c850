//! Where the commands write, with errors that say what was being written
//! (`writing standard output: No space left on device`) and I/O reasons without the
//! `(os error N)` tail, as grep and ripgrep show them.

use std::io::{self, BufWriter, StdoutLock, Write};

pub use nonet_answers::read::io_reason;

/// Creates the file `path` to write to; the error says which and why (`cannot create out.pdf:
/// Is a directory`), without the `(os error N)` tail.
pub fn create_file(path: &std::path::Path) -> anyhow::Result<std::fs::File> {
    std::fs::File::create(path)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {}", path.display(), io_reason(&e)))
}

/// A writer whose errors name what it writes to. The error keeps its kind, so a closed pipe is
/// still told apart (`main` treats it as the reader's choice, not a failure).
pub struct Named<W> {
    inner: W,
    name: String,
}

impl<W: Write> Named<W> {
    /// Wraps `inner`, called `name` in messages (`standard output`, or a file's path).
    pub fn new(inner: W, name: impl Into<String>) -> Named<W> {
        Named {
            inner,
            name: name.into(),
        }
    }

    fn wrap(&self, e: io::Error) -> io::Error {
        io::Error::new(
            e.kind(),
            format!("writing {}: {}", self.name, io_reason(&e)),
        )
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.wrap(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.wrap(e))
    }
}

/// Standard output, buffered, with named errors.
pub type Stdout = BufWriter<Named<StdoutLock<'static>>>;

/// Standard output for a command's whole run (buffered: flush it before returning).
pub fn stdout() -> Stdout {
    BufWriter::new(Named::new(io::stdout().lock(), "standard output"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_lose_the_os_error_number() {
        let e = io::Error::from_raw_os_error(2);
        assert!(e.to_string().contains("(os error 2)"));
        assert!(!io_reason(&e).contains("os error"));
        assert!(!io_reason(&e).is_empty());
        let plain = io::Error::other("broken (badly)");
        assert_eq!(io_reason(&plain), "broken (badly)");
    }

    #[test]
    fn write_errors_name_their_target_and_keep_their_kind() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from_raw_os_error(28))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut w = Named::new(Full, "standard output");
        let e = w.write_all(b"x").unwrap_err();
        assert!(
            e.to_string().starts_with("writing standard output: "),
            "{e}"
        );
        assert!(!e.to_string().contains("os error"), "{e}");
        assert_eq!(e.kind(), io::Error::from_raw_os_error(28).kind());
    }
}
