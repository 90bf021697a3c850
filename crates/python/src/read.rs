//! `nonet.read`: puzzles from a file, standard input or a Python file object, through
//! `nonet-answers`'s record reader, the `nonet` command's own: the same lines, grids and
//! records, the same line numbers and reasons, and the same bounds (a line over 64 KiB is
//! refused by its length, and memory stays that of one block on endless input).

use std::collections::VecDeque;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use nonet_answers::read::{Givens, InputError, Reader, Records};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::python::type_name;

/// The bytes asked of the input at a time: a block of whole lines is handed out from them.
const BLOCK: usize = 64 * 1024;

/// One puzzle of a file or stream, as the `nonet` command reads it.
///
/// `line` is the line it starts on (from 1); `text` the puzzle's text as given (the line, its
/// puzzle field, or the whole grid); `source` the whole line (or grid) it came from; `puzzle`
/// the 81-character puzzle (`.` for empty) when it can be read, else None; `error` the reason
/// it cannot, as the command line reports it (`line N: reason`), else None.
#[pyclass(frozen, module = "nonet", name = "Record")]
pub struct Record {
    #[pyo3(get)]
    line: usize,
    #[pyo3(get)]
    text: String,
    #[pyo3(get)]
    source: String,
    #[pyo3(get)]
    puzzle: Option<String>,
    #[pyo3(get)]
    error: Option<String>,
}

#[pymethods]
impl Record {
    fn __repr__(&self) -> String {
        match (&self.puzzle, &self.error) {
            (Some(p), _) => format!("Record(line={}, puzzle={p:?})", self.line),
            (None, Some(e)) => format!("Record(line={}, error={e:?})", self.line),
            (None, None) => format!("Record(line={})", self.line),
        }
    }
}

impl From<nonet_answers::read::Record> for Record {
    fn from(r: nonet_answers::read::Record) -> Record {
        Record {
            line: r.line,
            puzzle: r.parsed.as_ref().ok().map(|s| s.to_line()),
            error: r.error,
            text: r.text,
            source: r.source,
        }
    }
}

/// The records of one input, read a block at a time as they are asked for.
#[pyclass(frozen, module = "nonet", name = "Records")]
pub struct PyRecords {
    /// Behind a lock: the reader is `Send` but not `Sync`, and Python may share the iterator
    /// between threads.
    records: Mutex<Records>,
}

#[pymethods]
impl PyRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        // The GIL is released while reading; a Python stream takes it back for each read.
        let next = py.detach(|| {
            self.records
                .lock()
                .map(|mut records| records.next())
                .map_err(|_| "an earlier read of these records panicked")
        });
        match next.map_err(PyRuntimeError::new_err)? {
            None => Ok(None),
            Some(Ok(r)) => Ok(Some(r.into())),
            Some(Err(e)) => Err(os_error(&e)),
        }
    }
}

/// An unreadable input as Python's `OSError` of its kind (`FileNotFoundError`...), its message
/// the command line's (`name: reason`).
fn os_error(e: &InputError) -> PyErr {
    io::Error::new(e.error.kind(), e.to_string()).into()
}

/// Reads the puzzles of a file or stream, as the `nonet` command reads its inputs.
///
/// `source` is a path (str or os.PathLike; "-" is the process's standard input) or a file
/// object opened for reading, in binary or text mode (anything with a `read(n)` method). The
/// records come one at a time as the input is read: one per puzzle line (a bare puzzle, a
/// record with a puzzle field such as `name:puzzle:...`, CSV with a `puzzle` column, a JSON
/// object with a `puzzle` member), or one for a whole multi-line grid. Blank lines and `#`
/// comments give none; a line longer than 64 KiB gives an error record without being kept,
/// so an endless input is read in constant memory. With `checked` (the default) givens that
/// repeat a digit in a house are an error of their record; without, they are read as given.
/// A path that cannot be opened raises OSError (FileNotFoundError...) at once; an input that
/// fails later raises it when reached.
#[pyfunction]
#[pyo3(signature = (source, *, checked = true))]
pub fn read(source: &Bound<'_, PyAny>, checked: bool) -> PyResult<PyRecords> {
    let givens = if checked {
        Givens::Checked
    } else {
        Givens::Unchecked
    };
    let reader = if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.str().ok())
            .map_or_else(|| "the stream".to_string(), |n| n.to_string());
        let stream = PyStream {
            file: source.clone().unbind(),
            pending: VecDeque::new(),
        };
        Reader::stream(&name, Box::new(stream), givens, BLOCK)
    } else {
        let path: PathBuf = source.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "read() takes a path or a file object, got {}",
                type_name(source)
            ))
        })?;
        let py = source.py();
        py.detach(|| Reader::open(&path, givens, BLOCK))
            .map_err(|e| os_error(&e))?
    };
    Ok(PyRecords {
        records: Mutex::new(reader.records()),
    })
}

/// A Python file object as a byte stream: `read(n)` of bytes, or of text (encoded as UTF-8,
/// the part past the buffer kept for the next read).
struct PyStream {
    file: Py<PyAny>,
    pending: VecDeque<u8>,
}

impl Read for PyStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            Python::attach(|py| -> io::Result<()> {
                let data = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len(),))
                    .map_err(|e| io::Error::other(e.to_string()))?;
                if let Ok(bytes) = data.cast::<PyBytes>() {
                    self.pending.extend(bytes.as_bytes());
                } else if let Ok(text) = data.cast::<PyString>() {
                    let text = text.to_cow().map_err(|e| io::Error::other(e.to_string()))?;
                    self.pending.extend(text.as_bytes());
                } else if !data.is_none() {
                    return Err(io::Error::other(format!(
                        "read() gave {}, not bytes or str",
                        type_name(&data)
                    )));
                }
                Ok(())
            })?;
        }
        self.pending.read(buf)
    }
}
