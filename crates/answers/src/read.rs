//! The one record reader: puzzles from files, standard input or any stream as they arrive,
//! keeping each puzzle's line number so that reasons can be reported as `line N: ...` and
//! answers stay in input order (the `nonet` command's batch inputs, Python's `nonet.read`).
//!
//! A [`Reader`] goes through the inputs one after the other and hands out [`Block`]s of whole
//! lines: as much as one read gives from a pipe (so `producer | nonet solve | consumer` answers
//! each puzzle as it comes), or a full buffer from a file. Memory is that of one buffer, whatever
//! the input's size: a line longer than [`MAX_LINE`] is refused as soon as that much of it is
//! read (an `invalid` answer and `line N: too long ...`), and the rest of it is dropped as it
//! comes, so even an input without a newline (`/dev/zero`) is read in constant memory. An input
//! that cannot be opened or read is reported and skipped; the others are still answered.
//!
//! The start of each input tells its shape: one multi-line grid (a few short lines, most of nine
//! cells), or one puzzle per line. A UTF-8 byte-order mark is skipped, and a CSV header line
//! (a field named `puzzle`) is not a puzzle.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use nonet_core::{ParseError, ParseErrorKind, PuzzleError, RegionMap, Sudoku};

/// One puzzle of the input: where it was, and what reading it gave. It borrows its text from
/// the [`Block`] it came from.
pub struct InputPuzzle<'a> {
    /// A prefix naming the file when several files are read (`"a.txt: "`), else empty.
    pub origin: &'a str,
    /// The line the puzzle starts on, counting every line of its file from 1.
    pub line: usize,
    /// The text of the puzzle as given (the line, its puzzle field, or the whole grid).
    pub text: &'a str,
    /// The whole input the puzzle came from: its line (records included), or the grid's lines;
    /// for what else a record says about its puzzle.
    pub source: &'a str,
    /// The puzzle, or why it cannot be used.
    pub parsed: Result<Sudoku, PuzzleError>,
}

impl InputPuzzle<'_> {
    /// The file the puzzle came from when several files are read, else `None`.
    pub fn file(&self) -> Option<&str> {
        self.origin
            .strip_suffix(": ")
            .filter(|name| !name.is_empty())
    }

    /// Writes `line N: reason` (with the file's name first when several files are read) to
    /// `to`, in pieces (no formatting: a batch of puzzles that mostly fail writes one a puzzle).
    pub fn report(&self, to: &mut (impl Notes + ?Sized), reason: &str) {
        self.report_at(to, None, reason);
    }

    /// [`InputPuzzle::report`], on the line of the file that line `within` of the puzzle's own
    /// text (a multi-line grid's) is, when given.
    pub fn report_at(&self, to: &mut (impl Notes + ?Sized), within: Option<usize>, reason: &str) {
        let mut number = itoa::Buffer::new();
        let line = self.line_at(within);
        to.note(&[self.origin, "line ", number.format(line), ": ", reason]);
    }

    /// The line of the file that line `within` of the puzzle's own text is (the puzzle's first
    /// line when `None`).
    pub fn line_at(&self, within: Option<usize>) -> usize {
        within.map_or(self.line, |l| self.line + l - 1)
    }

    /// The puzzle as an owned [`Record`], for a reader that outlives the block it came from.
    pub fn to_record(&self) -> Record {
        Record {
            origin: self.origin.to_string(),
            line: self.line,
            text: self.text.to_string(),
            source: self.source.to_string(),
            parsed: self.parsed.clone(),
            error: self.error_message(),
        }
    }

    /// Whether the puzzle's line was refused for its length: its text was not kept, so there
    /// is nothing to read again (a jigsaw's map, a record's other fields).
    pub fn is_too_long(&self) -> bool {
        matches!(&self.parsed, Err(PuzzleError::Parse(e))
            if matches!(e.kind(), ParseErrorKind::TooLong { .. }))
    }

    /// The error's own line within a multi-line grid, mapped to the file's line numbers.
    pub fn error_line(&self, err: &PuzzleError) -> usize {
        self.line_at(err.line())
    }

    /// `reason`, said of this puzzle: `line N: reason`.
    pub fn message(&self, reason: &str) -> String {
        self.message_at(None, reason)
    }

    /// [`InputPuzzle::message`] on the line of the file that line `within` of the puzzle's own
    /// text is, when given.
    pub fn message_at(&self, within: Option<usize>, reason: &str) -> String {
        format!("{}line {}: {}", self.origin, self.line_at(within), reason)
    }

    /// The reason this puzzle is unusable, as `line N: reason`, or `None` if it is fine.
    pub fn error_message(&self) -> Option<String> {
        self.parsed
            .as_ref()
            .err()
            .map(|e| format!("{}line {}: {}", self.origin, self.error_line(e), e))
    }
}

/// Where [`InputPuzzle::report`] writes its reasons: a line at a time, in pieces.
pub trait Notes {
    /// Writes one line made of `pieces`.
    fn note(&mut self, pieces: &[&str]);
}

/// One puzzle of the input, owned (see [`Records`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// A prefix naming the file when several files are read (`"a.txt: "`), else empty.
    pub origin: String,
    /// The line the puzzle starts on, counting every line of its input from 1.
    pub line: usize,
    /// The text of the puzzle as given (the line, its puzzle field, or the whole grid).
    pub text: String,
    /// The whole input the puzzle came from: its line, or the grid's lines.
    pub source: String,
    /// The puzzle, or why it cannot be used.
    pub parsed: Result<Sudoku, PuzzleError>,
    /// `parsed`'s error as the command line reports it (`line N: reason`, the line of the
    /// error itself within a grid), or `None`.
    pub error: Option<String>,
}

/// An input that cannot be opened or read: the rest of it is skipped.
///
/// The message holds the system's reason already, so the `io::Error` is a field, not an error
/// source: a caller printing the chain (`{:#}`) would say the reason twice.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {}", io_reason(.error))]
pub struct InputError {
    /// The input as named (`standard input` for `-`).
    pub name: String,
    /// What the system said.
    pub error: io::Error,
}

/// Why a single-puzzle (or step) input was not read: unreadable, or longer than allowed.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    /// The input cannot be opened or read.
    #[error(transparent)]
    Unreadable(#[from] InputError),
    /// The input holds more than `limit` bytes.
    #[error("{name}: too long: over {limit} bytes, more than {what}")]
    TooLong {
        /// The input as named.
        name: String,
        /// The most it may hold.
        limit: usize,
        /// What it should hold (`a step holds`).
        what: String,
    },
}

/// An I/O error's reason as a person reads it: `No such file or directory`, without the
/// `(os error 2)` that the standard library appends.
pub fn io_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// Whether reading checks that no digit repeats in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Givens {
    /// Every puzzle read is checked: a clash is an error of `parsed`.
    Checked,
    /// Bare 81-character lines are not checked, so `parsed` may hold clashing givens: for
    /// commands that solve, since a clash means no solution and the check is only worth its
    /// cost (a twentieth of an easy solve) on the puzzles that turn out to have none.
    Unchecked,
}

/// The byte-order mark some editors put at the start of UTF-8 text.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A grid has at most this many content lines: nine rows, two box separators, a frame above
/// and below, and some slack. More, and the input is puzzle lines.
const GRID_MAX_LINES: usize = 16;

/// A grid row has at most this many cells, even a broken one; a puzzle line has 81.
const GRID_MAX_ROW: usize = 27;

/// The start of an input read to tell its shape: a grid is far shorter.
const GRID_MAX_BYTES: usize = 64 * 1024;

/// The longest line read, in bytes before its `\n` (a `\r` before it not counted): far more
/// than any puzzle record (a jigsaw's JSON record with its solution, map and rating is under
/// 500 bytes). A longer line is refused by its length, and is never held whole.
pub const MAX_LINE: usize = 64 * 1024;

/// The most a single-puzzle input (`hint -`, `explain FILE`, a step for `check-step`) may hold:
/// a line, a grid or a pencil-mark grid is a few hundred bytes.
pub const MAX_SINGLE: usize = 64 * 1024;

/// Why a line is refused for its length, from the part of it read (without its line end).
fn too_long(read: &[u8]) -> PuzzleError {
    ParseError::from(ParseErrorKind::TooLong {
        limit: MAX_LINE,
        carriage_return: read.contains(&b'\r'),
    })
    .into()
}

/// Whether a line is a `#` comment, told from its first bytes: an over-long comment is skipped
/// as a short one is, without reading the rest of it.
fn is_comment(start: &[u8]) -> bool {
    start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#')
}

/// The shape of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// One multi-line grid: the whole input is one puzzle.
    Grid,
    /// Several multi-line grids, each ended by a blank line (as `generate --format grid`
    /// writes them): a puzzle each.
    Grids,
    /// One puzzle per content line.
    Lines,
}

/// The inputs of a batch command: files, or standard input when none (or `-`) is named.
/// Nothing is opened until [`Input::reader`] reaches it.
#[derive(Clone, Debug)]
pub struct Input {
    names: Vec<PathBuf>,
    givens: Givens,
}

/// Whether `name` means standard input.
pub fn is_stdin(name: &Path) -> bool {
    name.as_os_str() == "-"
}

impl Input {
    /// The inputs `files` (standard input when empty): any path the system has, UTF-8 or not.
    pub fn new(files: &[PathBuf], givens: Givens) -> Input {
        let names = if files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            files.to_vec()
        };
        Input { names, givens }
    }

    /// The total size of the inputs when they are all regular files (for a progress bar).
    pub fn size(&self) -> Option<u64> {
        self.names
            .iter()
            .map(|n| {
                (!is_stdin(n))
                    .then(|| std::fs::metadata(n).ok())
                    .flatten()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            })
            .sum()
    }

    /// A reader over the inputs, reading about `block` bytes at a time from files.
    pub fn reader(&self, block: usize) -> Reader {
        Reader {
            input: self.clone(),
            next: 0,
            source: None,
            buf: Vec::new(),
            start: 0,
            end: 0,
            block: block.max(4096),
            line: Cell::new(1),
        }
    }
}

/// What the reader gives next.
pub enum Event<'r> {
    /// Whole lines of one input.
    Block(Block<'r>),
    /// An input that cannot be opened or read: the rest of it is skipped.
    Unreadable(InputError),
}

/// Whole lines of one input, with what is needed to read their puzzles.
pub struct Block<'r> {
    text: Cow<'r, str>,
    /// The block stands for one line longer than [`MAX_LINE`], refused for this reason (its
    /// text is not kept).
    too_long: Option<PuzzleError>,
    origin: &'r str,
    shape: Shape,
    first_line: usize,
    /// Where the number of the line after the block is left once its puzzles are all read.
    next_line: &'r Cell<usize>,
    givens: Givens,
    /// The input may pause between blocks (a pipe or a terminal): output written so far should
    /// be flushed before the next block is waited for.
    pub live: bool,
}

impl Block<'_> {
    /// The puzzles of the block, in order. Read them all: the line numbers of the next block
    /// follow from where they end.
    pub fn puzzles(&self) -> Puzzles<'_> {
        if let Some(reason) = &self.too_long {
            return Puzzles::One(Some(InputPuzzle {
                origin: self.origin,
                line: self.first_line,
                text: "",
                source: "",
                parsed: Err(reason.clone()),
            }));
        }
        match self.shape {
            Shape::Grid => Puzzles::grid(&self.text, self.origin, self.first_line, self.givens),
            Shape::Grids => Puzzles::Grids {
                rest: &self.text,
                line: self.first_line,
                origin: self.origin,
                givens: self.givens,
                end: Some(self.next_line),
            },
            Shape::Lines => Puzzles::Lines {
                rest: &self.text,
                line: self.first_line,
                origin: self.origin,
                givens: self.givens,
                end: Some(self.next_line),
            },
        }
    }

    /// The bytes of input the block covers.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the block covers no bytes (a line refused for its length, not kept).
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// The input being read.
struct Source {
    /// The name for messages.
    name: String,
    /// The prefix of its puzzles' reasons when several inputs are read (`"a.txt: "`).
    origin: String,
    read: Box<dyn Read + Send>,
    /// A pipe or a terminal: read what is there, rather than wait for a full buffer.
    live: bool,
    /// A regular file's size: a smaller file needs no bigger buffer.
    size: Option<u64>,
    eof: bool,
    /// Known once enough of the start is read.
    shape: Option<Shape>,
    /// The input is in a line longer than [`MAX_LINE`], already answered or skipped: what is
    /// read is dropped up to the next newline.
    skipping: bool,
    /// The last block was handed out.
    finished: bool,
}

impl Source {
    /// An input not yet read: a regular file of `size` bytes, or (`None`) one that may pause.
    fn new(name: String, origin: String, read: Box<dyn Read + Send>, size: Option<u64>) -> Source {
        Source {
            name,
            origin,
            read,
            live: size.is_none(),
            size,
            eof: false,
            shape: None,
            skipping: false,
            finished: false,
        }
    }
}

/// What [`Reader::advance`] found, as positions (so that the block is borrowed only once).
enum Step {
    Block {
        from: usize,
        to: usize,
    },
    /// A line longer than [`MAX_LINE`] starts at the reader's line: why it is refused.
    TooLong(PuzzleError),
    Unreadable(InputError),
}

/// Goes through the inputs, a block of whole lines at a time; see the module's documentation.
pub struct Reader {
    input: Input,
    /// The next input to open.
    next: usize,
    source: Option<Source>,
    buf: Vec<u8>,
    /// The first byte of `buf` not yet handed out.
    start: usize,
    /// The end of what was read into `buf`.
    end: usize,
    block: usize,
    /// The number of the line at `start`.
    line: Cell<usize>,
}

impl Reader {
    /// A reader of one file (`-`: standard input), opened now: a file that cannot be opened is
    /// an error here rather than an event of the reader.
    pub fn open(path: &Path, givens: Givens, block: usize) -> Result<Reader, InputError> {
        let source = open(path, false).map_err(|error| InputError {
            name: display_name(path),
            error,
        })?;
        Ok(Reader::of(source, givens, block))
    }

    /// A reader of one stream (a pipe, a socket, a Python file object...), read as standard
    /// input is: what one read gives is handed out at once. `name` names it in messages.
    pub fn stream(name: &str, read: Box<dyn Read + Send>, givens: Givens, block: usize) -> Reader {
        let source = Source::new(name.to_string(), String::new(), read, None);
        Reader::of(source, givens, block)
    }

    /// A reader of `source` alone.
    fn of(source: Source, givens: Givens, block: usize) -> Reader {
        let mut reader = Input {
            names: Vec::new(),
            givens,
        }
        .reader(block);
        reader.source = Some(source);
        reader
    }

    /// The puzzles of every input, owned, a block read at a time (see [`Records`]).
    pub fn records(self) -> Records {
        Records {
            reader: self,
            ready: VecDeque::new(),
        }
    }

    /// The next block, or unreadable input; `None` once every input is read. (Not an
    /// `Iterator`: a block borrows the reader's buffer until the next call.)
    pub fn next_event(&mut self) -> Option<Event<'_>> {
        match self.advance()? {
            Step::Unreadable(e) => Some(Event::Unreadable(e)),
            Step::Block { from, to } => {
                let source = self.source.as_ref()?;
                let bytes = &self.buf[from..to];
                // Valid UTF-8 (nearly always) is borrowed as it is; other bytes become U+FFFD and
                // are then reported as unexpected characters of their puzzle, rather than
                // failing the whole input. Blocks end at a newline, so no character is split.
                let text = text_of(bytes);
                Some(Event::Block(Block {
                    text,
                    too_long: None,
                    origin: &source.origin,
                    shape: source.shape.unwrap_or(Shape::Lines),
                    first_line: self.line.get(),
                    next_line: &self.line,
                    givens: self.input.givens,
                    live: source.live,
                }))
            }
            Step::TooLong(reason) => {
                let source = self.source.as_ref()?;
                let line = self.line.get();
                // The line is not read on: the next block starts after it.
                self.line.set(line + 1);
                Some(Event::Block(Block {
                    text: Cow::Borrowed(""),
                    too_long: Some(reason),
                    origin: &source.origin,
                    shape: Shape::Lines,
                    first_line: line,
                    next_line: &self.line,
                    givens: self.input.givens,
                    live: source.live,
                }))
            }
        }
    }

    /// Reads until a block or an unreadable input can be handed out.
    fn advance(&mut self) -> Option<Step> {
        loop {
            let Some(src) = self.source.as_mut() else {
                let name = self.input.names.get(self.next)?;
                self.next += 1;
                match open(name, self.input.names.len() > 1) {
                    Ok(s) => {
                        self.source = Some(s);
                        self.start = 0;
                        self.end = 0;
                        self.line.set(1);
                        continue;
                    }
                    Err(error) => {
                        return Some(Step::Unreadable(InputError {
                            name: display_name(name),
                            error,
                        }))
                    }
                }
            };
            if src.finished {
                self.source = None;
                continue;
            }
            let avail = &self.buf[self.start..self.end];
            if src.shape.is_none() {
                if avail.starts_with(BOM) {
                    self.start += BOM.len();
                    continue;
                }
                let complete = if src.eof {
                    avail.len()
                } else {
                    avail.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
                };
                // Not yet three bytes: perhaps a byte-order mark still coming.
                let bom_pending = !src.eof && avail.len() < BOM.len() && BOM.starts_with(avail);
                let text = &avail[..complete];
                // One grid is told only from the whole input, several from their start; a long
                // start that tells neither is puzzle lines. (The start is read first: a file's
                // first read fills a whole buffer, which told several grids as lines.)
                let told = match shape(text, src.eof) {
                    None if !src.eof && avail.len() >= GRID_MAX_BYTES => Some(Shape::Lines),
                    told => told,
                };
                if !bom_pending {
                    if let Some(shape) = told {
                        src.shape = Some(shape);
                        if shape == Shape::Lines {
                            if let Some((skip, lines)) = csv_header(text) {
                                self.start += skip;
                                self.line.set(self.line.get() + lines);
                            }
                        }
                        continue;
                    }
                }
            } else if src.shape == Some(Shape::Grid) {
                // Told only once the whole input is read (a grid is short).
                src.finished = true;
                let (from, to) = (self.start, self.end);
                self.start = self.end;
                return Some(Step::Block { from, to });
            } else if src.skipping {
                // The rest of an over-long line, dropped as it comes, up to its newline.
                match avail.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.start += i + 1;
                        src.skipping = false;
                        continue;
                    }
                    None => {
                        self.start = self.end;
                        if src.eof {
                            src.finished = true;
                            continue;
                        }
                    }
                }
            } else if let Some(end) = block_end(avail, src.shape == Some(Shape::Grids)) {
                let (from, to) = (self.start, self.start + end);
                self.start = to;
                return Some(Step::Block { from, to });
            } else if avail.len() > MAX_LINE + 1 {
                // No newline in more than the longest line (and a `\r`): the line is refused
                // now, and the rest of it dropped as it comes, so that memory stays that of one
                // buffer. A comment is skipped as a short one is.
                let comment = is_comment(avail);
                // The last byte may be the `\r` of a `\r\n` still to come.
                let reason = too_long(&avail[..avail.len() - 1]);
                self.start = self.end;
                src.skipping = true;
                if comment {
                    self.line.set(self.line.get() + 1);
                    continue;
                }
                return Some(Step::TooLong(reason));
            } else if src.eof {
                src.finished = true;
                if !avail.is_empty() {
                    let (from, to) = (self.start, self.end);
                    self.start = self.end;
                    return Some(Step::Block { from, to });
                }
                continue;
            }
            if let Err(error) = self.fill() {
                let src = self.source.take()?;
                return Some(Step::Unreadable(InputError {
                    name: src.name,
                    error,
                }));
            }
        }
    }

    /// Reads more of the current input after what is still to be handed out: up to a full
    /// buffer from a file, what one read gives from a pipe.
    fn fill(&mut self) -> io::Result<()> {
        let Some(src) = self.source.as_mut() else {
            return Ok(());
        };
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            // The first fill, a line longer than a small file's buffer, or a file that grew as
            // it was read. A small file takes a buffer of its size (and a byte to see its end in
            // one read): zeroing a whole block for a 1,465-puzzle file cost 4% of its solve.
            // Never more than a block, or room to see that a line is too long: a line without
            // its newline in that much is refused (`advance`), so the buffer is never full here
            // once it has that size.
            let block = src.size.map_or(self.block, |n| {
                usize::try_from(n + 1).map_or(self.block, |n| n.clamp(4096, self.block))
            });
            let cap = self.block.max(MAX_LINE + 2);
            let size = (self.buf.len() * 2).max(block).min(cap);
            debug_assert!(size > self.end, "the buffer is full of one line");
            self.buf.resize(size, 0);
        }
        loop {
            match src.read.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    src.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    if src.live || self.end == self.buf.len() {
                        return Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// The puzzles of a [`Reader`]'s inputs, owned, in order: a block is read when the puzzles of
/// the last one are all taken, so memory stays that of one block however long the input (an
/// endless one included). An input that cannot be read is an `Err` item; the next input is
/// read after it.
pub struct Records {
    reader: Reader,
    ready: VecDeque<Record>,
}

impl Iterator for Records {
    type Item = Result<Record, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.ready.pop_front() {
                return Some(Ok(r));
            }
            match self.reader.next_event()? {
                Event::Unreadable(e) => return Some(Err(e)),
                Event::Block(block) => {
                    self.ready.extend(block.puzzles().map(|p| p.to_record()));
                }
            }
        }
    }
}

/// Bytes as text, borrowed when they are UTF-8. (`String::from_utf8_lossy` alone walks valid
/// text far more slowly than `str::from_utf8`: 0.8 M instructions against 0.05 M on a
/// 1,465-puzzle file, 1% of its solve.)
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// How an input is named in messages: a name that is not UTF-8 is shown with U+FFFD for the
/// bytes that are not.
pub fn display_name(name: &Path) -> String {
    if is_stdin(name) {
        "standard input".to_string()
    } else {
        name.to_string_lossy().into_owned()
    }
}

/// Opens an input (`-`: standard input). A directory opens, and fails at its first read.
fn open(name: &Path, several: bool) -> io::Result<Source> {
    let (read, size): (Box<dyn Read + Send>, Option<u64>) = if is_stdin(name) {
        // Not locked: a lock is not `Send`, and a read a block is not worth keeping it.
        (Box::new(io::stdin()), None)
    } else {
        let file = File::open(name)?;
        // A named pipe or a device may pause like standard input.
        let size = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        (Box::new(file), size)
    };
    let origin = if several {
        format!("{}: ", name.to_string_lossy())
    } else {
        String::new()
    };
    Ok(Source::new(display_name(name), origin, read, size))
}

/// Reads a file, or standard input for `-`, as text, without a leading byte-order mark. Bytes
/// that are not UTF-8 become U+FFFD and are then reported as unexpected characters. An input
/// of more than `limit` bytes is refused once that much is read (`what` says what it should
/// hold), so an endless one (`/dev/zero`) costs no more memory than that.
pub fn read_text(name: &Path, limit: usize, what: &str) -> Result<String, TextError> {
    let mut bytes = Vec::new();
    let cap = u64::try_from(limit).map_or(u64::MAX, |l| l.saturating_add(1));
    let read = if is_stdin(name) {
        io::stdin().lock().take(cap).read_to_end(&mut bytes)
    } else {
        File::open(name).and_then(|f| f.take(cap).read_to_end(&mut bytes))
    };
    if let Err(error) = read {
        let name = display_name(name);
        return Err(InputError { name, error }.into());
    }
    if bytes.len() > limit {
        return Err(TextError::TooLong {
            name: display_name(name),
            limit,
            what: what.to_string(),
        });
    }
    let bytes = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

/// Whether a line carries no puzzle (blank or a `#` comment).
fn is_skipped(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// The lines of a text as `str::lines` gives them, with their numbers from 1 and byte offsets.
/// Each line is made text on its own, so that telling the shape of a long input from its first
/// line does not read the rest.
fn numbered_lines(text: &[u8]) -> impl Iterator<Item = (usize, usize, Cow<'_, str>)> {
    let mut offset = 0;
    text.split_inclusive(|&b| b == b'\n')
        .enumerate()
        .map(move |(i, raw)| {
            let at = offset;
            offset += raw.len();
            let line = raw.strip_suffix(b"\n").unwrap_or(raw);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            (i + 1, at, text_of(line))
        })
}

/// The shape of an input from its start, `text` (whole lines). `None` when more is needed to
/// tell; with `whole`, no more will come. A grid has two to [`GRID_MAX_LINES`] content lines of
/// at most [`GRID_MAX_ROW`] cells each, at least half of those with cells holding exactly nine
/// (or eighteen, a jigsaw's cells and labels)
/// (so a grid with a bad row is still one puzzle, with one precise reason). Decided at the first
/// long line, so a file of puzzle lines is told at once.
fn shape(text: &[u8], whole: bool) -> Option<Shape> {
    let (mut content, mut rows, mut nine) = (0, 0, 0);
    // Several grids: a first one of nine rows (of 9 cells, or 18 with a jigsaw's labels),
    // ended by a blank line, and a second one begun. (A blank line inside a grid, between its
    // bands, keeps it one grid.)
    let mut first_ended = false;
    for (_, _, l) in numbered_lines(text) {
        if l.trim().is_empty() {
            first_ended |= rows == 9 && nine == 9;
            continue;
        }
        if is_skipped(&l) {
            continue;
        }
        let cells = Sudoku::grid_row_len(&l);
        if first_ended && (cells == 9 || cells == 18) {
            return Some(Shape::Grids);
        }
        content += 1;
        if cells > GRID_MAX_ROW || content > GRID_MAX_LINES {
            return Some(Shape::Lines);
        }
        rows += usize::from(cells > 0);
        // Eighteen: a jigsaw's row, its cells beside its region labels.
        nine += usize::from(cells == 9 || cells == 18);
    }
    if !whole {
        return None;
    }
    Some(if content >= 2 && nine >= 1 && 2 * nine >= rows {
        Shape::Grid
    } else {
        Shape::Lines
    })
}

/// The CSV header of a text, when its first content line is one (its columns say what the
/// other fields of each record are).
pub fn csv_header_of(text: &str) -> Option<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (end, lines) = csv_header(text.as_bytes())?;
    text[..end].lines().nth(lines - 1).map(str::trim)
}

/// When the first content line of `text` is a CSV header (a field named `puzzle`, none a
/// puzzle): the bytes up to the end of that line, and the lines they hold.
fn csv_header(text: &[u8]) -> Option<(usize, usize)> {
    let (number, at, l) = numbered_lines(text).find(|(_, _, l)| !is_skipped(l))?;
    let fields = || l.split(is_field_separator).map(field);
    let named = fields().any(|f| f.eq_ignore_ascii_case("puzzle"));
    if !named || fields().any(|f| Sudoku::from_line(f).is_ok()) {
        return None;
    }
    let end = text[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| at + i + 1);
    Some((end, number))
}

/// The puzzles of one block: one multi-line grid, several, or one puzzle per content line.
pub enum Puzzles<'a> {
    /// One puzzle (the grid, or an over-long line refused), until it is taken.
    One(Option<InputPuzzle<'a>>),
    /// Grids separated by blank lines, still to read.
    Grids {
        /// The text from the next line on.
        rest: &'a str,
        /// That line's number, from 1.
        line: usize,
        origin: &'a str,
        givens: Givens,
        /// Where the number of the line after the text is left at its end.
        end: Option<&'a Cell<usize>>,
    },
    /// The lines still to read.
    Lines {
        /// The text from the next line on.
        rest: &'a str,
        /// That line's number, from 1.
        line: usize,
        origin: &'a str,
        givens: Givens,
        /// Where the number of the line after the text is left at its end.
        end: Option<&'a Cell<usize>>,
    },
}

impl<'a> Puzzles<'a> {
    /// The grid of `text`, whose first line is line `first_line` of its input.
    fn grid(text: &'a str, origin: &'a str, first_line: usize, givens: Givens) -> Puzzles<'a> {
        // The grid starts at its first content line, so that its own line numbers (in reasons)
        // map onto the input's.
        let (number, at) = numbered_lines(text.as_bytes())
            .find(|(_, _, l)| !is_skipped(l))
            .map_or((1, 0), |(n, at, _)| (n, at));
        let grid = &text[at..];
        // Checked on the boxes only when asked, as a bare line is: a variant's grid is checked
        // on its own houses (a jigsaw's givens may repeat in a box).
        let parsed = Sudoku::from_grid(grid)
            .or_else(|e| on_boxes(grid).unwrap_or(Err(e)))
            .map_err(PuzzleError::from)
            .and_then(|s| match givens {
                Givens::Checked => s.check().map(|()| s).map_err(PuzzleError::from),
                Givens::Unchecked => Ok(s),
            });
        Puzzles::One(Some(InputPuzzle {
            origin,
            line: first_line + number - 1,
            text: grid.trim_end(),
            source: grid.trim_end(),
            parsed,
        }))
    }
}

/// A jigsaw's grid (each row its cells, then its region labels) read on a layout with boxes:
/// its puzzle when its labels draw the boxes, refused when they draw other regions (read
/// without them, it would be answered on the wrong houses); `None` when it is no jigsaw grid.
fn on_boxes(grid: &str) -> Option<Result<Sudoku, ParseError>> {
    let (sudoku, labels) = Sudoku::from_jigsaw_grid(grid).ok()?;
    let map = RegionMap::parse(&labels).ok()?;
    Some(if map.regions() == RegionMap::boxes().regions() {
        Ok(sudoku)
    } else {
        Err(ParseError::from(ParseErrorKind::JigsawMap))
    })
}

impl<'a> Iterator for Puzzles<'a> {
    type Item = InputPuzzle<'a>;

    fn next(&mut self) -> Option<InputPuzzle<'a>> {
        match self {
            Puzzles::One(one) => one.take(),
            Puzzles::Grids {
                rest,
                line,
                origin,
                givens,
                end,
            } => {
                // The grid starts at its first content line and runs to a blank line.
                let all: &'a str = rest;
                let mut grid: Option<(usize, usize, usize)> = None;
                loop {
                    let from = all.len() - rest.len();
                    let Some(l) = next_line(rest) else { break };
                    let number = *line;
                    *line += 1;
                    if l.trim().is_empty() {
                        if grid.is_some() {
                            break;
                        }
                        continue;
                    }
                    let to = all.len() - rest.len();
                    match &mut grid {
                        None if is_skipped(l) => {}
                        None => grid = Some((from, to, number)),
                        Some((_, end, _)) => *end = to,
                    }
                }
                let Some((from, to, first)) = grid else {
                    if let Some(end) = end {
                        end.set(*line);
                    }
                    return None;
                };
                Puzzles::grid(&all[from..to], origin, first, *givens).next()
            }
            Puzzles::Lines {
                rest,
                line,
                origin,
                givens,
                end,
            } => loop {
                let i = *line;
                // The common case first: a bare 81-character puzzle line, told by its newline
                // at byte 81 without searching for it (that search was a tenth of reading a file
                // of puzzle lines). A line with an earlier newline fails to parse as a puzzle,
                // and is read again the long way below.
                let bytes = rest.as_bytes();
                let shortcut = bytes.len() > 81 && bytes[81] == b'\n';
                let bare = if shortcut {
                    Sudoku::from_line(&rest[..81]).ok()
                } else {
                    None
                };
                let l = match bare {
                    Some(_) => {
                        let l = &rest[..81];
                        *rest = &rest[82..];
                        l
                    }
                    None => match next_line(rest) {
                        Some(l) => l,
                        None => {
                            if let Some(end) = end {
                                end.set(i);
                            }
                            return None;
                        }
                    },
                };
                *line += 1;
                if l.len() > MAX_LINE {
                    // As the reader refuses a line that does not fit its buffer: by its length
                    // alone, whether it fits or not (a comment is still a comment).
                    if is_comment(l.as_bytes()) {
                        continue;
                    }
                    return Some(InputPuzzle {
                        origin,
                        line: i,
                        text: "",
                        source: "",
                        parsed: Err(too_long(l.as_bytes())),
                    });
                }
                if bare.is_none() && is_skipped(l) {
                    continue;
                }
                // The last line, or one ending in `\r\n` (a line the shortcut tried is not read
                // twice).
                let bare = if shortcut || l.len() != 81 {
                    bare
                } else {
                    Sudoku::from_line(l).ok()
                };
                let (text, parsed) = match bare {
                    Some(s) if *givens == Givens::Unchecked => (l, Ok(s)),
                    Some(s) => (l, s.check().map(|()| s).map_err(PuzzleError::from)),
                    None => parse_record(l),
                };
                return Some(InputPuzzle {
                    origin,
                    line: i,
                    text,
                    source: l,
                    parsed,
                });
            },
        }
    }
}

/// Where the next block of `avail` ends (just past a newline), when it holds whole lines: after
/// its last line for puzzle lines; for several grids, after its last blank line, so that no
/// grid is split between blocks (after its last line once [`GRID_MAX_BYTES`] hold no blank
/// line: no grid is that long).
fn block_end(avail: &[u8], grids: bool) -> Option<usize> {
    let last = avail.iter().rposition(|&b| b == b'\n')? + 1;
    if !grids {
        return Some(last);
    }
    let mut blank = None;
    let mut at = 0;
    for l in avail[..last].split_inclusive(|&b| b == b'\n') {
        at += l.len();
        if l.iter().all(u8::is_ascii_whitespace) {
            blank = Some(at);
        }
    }
    blank.or((avail.len() >= GRID_MAX_BYTES).then_some(last))
}

/// Takes the next line off `rest`, as `str::lines` gives it (without its `\n` or `\r\n`);
/// `None` at the end of the text.
fn next_line<'a>(rest: &mut &'a str) -> Option<&'a str> {
    if rest.is_empty() {
        return None;
    }
    let (l, after) = rest.split_once('\n').unwrap_or((rest, ""));
    *rest = after;
    Some(l.strip_suffix('\r').unwrap_or(l))
}

/// Splits a whole text into puzzles, as a [`Reader`] reads an input: one multi-line grid, or
/// one puzzle per content line (a leading byte-order mark and a CSV header skipped). Givens
/// are checked.
pub fn split_puzzles<'a>(text: &'a str, origin: &'a str) -> Vec<InputPuzzle<'a>> {
    split_puzzles_as(text, origin, Givens::Checked)
}

/// [`split_puzzles`], with bare lines' givens checked or not as `givens` says.
pub fn split_puzzles_as<'a>(
    text: &'a str,
    origin: &'a str,
    givens: Givens,
) -> Vec<InputPuzzle<'a>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match shape(text.as_bytes(), true) {
        Some(Shape::Grid) => return Puzzles::grid(text, origin, 1, givens).collect(),
        Some(Shape::Grids) => {
            let (rest, line, end) = (text, 1, None);
            return Puzzles::Grids {
                rest,
                line,
                origin,
                givens,
                end,
            }
            .collect();
        }
        _ => {}
    }
    let (skip, lines) = csv_header(text.as_bytes()).unwrap_or((0, 0));
    Puzzles::Lines {
        rest: &text[skip..],
        line: 1 + lines,
        origin,
        givens,
        end: None,
    }
    .collect()
}

/// Characters that separate the fields of a record such as `name:puzzle:count:rating:solution`
/// (examples.txt), `puzzle:ER:EP:ED:source` (rated lists), a CSV row or a JSON object.
fn is_field_separator(c: char) -> bool {
    matches!(c, ':' | ',' | ';' | '\t')
}

/// A field of a record without its spaces and quotes (CSV and JSON quote their strings).
fn field(f: &str) -> &str {
    f.trim().trim_matches('"').trim()
}

/// Reads one line: a plain puzzle line (or a quoted one, a string literal), a JSON object with a
/// `puzzle` field, or a record whose first 81-cell field is the puzzle. For a record where no
/// field is a puzzle, the error is that of its longest field, the one most likely meant as the
/// puzzle. Returns the puzzle's text and what reading it gave.
fn parse_record(line: &str) -> (&str, Result<Sudoku, PuzzleError>) {
    let checked = |t: &str| -> Result<Sudoku, PuzzleError> {
        let s = Sudoku::from_line(t)?;
        s.check()?;
        Ok(s)
    };
    let trimmed = line.trim();
    // A puzzle with more on its line: refused when the rest is a jigsaw's map.
    let on_boxes = |t: &str| {
        if holds_jigsaw_map(trimmed) {
            Err(ParseError::from(ParseErrorKind::JigsawMap).into())
        } else if holds_second_puzzle(trimmed, t) {
            Err(ParseError::from(ParseErrorKind::SecondPuzzle).into())
        } else {
            checked(t)
        }
    };
    if trimmed.starts_with('{') {
        // The `puzzle` member, wherever it stands (a `solution` may come first); its text is
        // found again in the line so that it can be borrowed.
        if let Ok(serde_json::Value::Object(o)) = serde_json::from_str(trimmed) {
            // Without a `puzzle` string, say so rather than fail on the `{` (as `print`, which
            // reads the record's other members by name too, does).
            let Some(p) = o.get("puzzle").and_then(serde_json::Value::as_str) else {
                let missing = ParseError::from(ParseErrorKind::NoPuzzleField);
                return (trimmed, Err(missing.into()));
            };
            let text = trimmed
                .find(p)
                .map_or(trimmed, |i| &trimmed[i..i + p.len()]);
            // A jigsaw's record (its `regions` draw other houses than the boxes) read on the
            // boxes: refused as a jigsaw's line is, not checked on houses it is not played on.
            let regions = o.get("regions").and_then(serde_json::Value::as_str);
            if regions.is_some_and(holds_jigsaw_map) {
                return (
                    text,
                    Err(ParseError::from(ParseErrorKind::JigsawMap).into()),
                );
            }
            return (text, checked(p));
        }
    }
    if !trimmed.contains(is_field_separator) {
        // `<81 cells> <comment>`: a puzzle followed by a space- or `|`-separated comment. A
        // carriage return is no such space: lines ended by a lone CR (old Mac text) would make
        // every puzzle after the first a comment, lost without a word.
        if let (Some(head), Some(next)) = (
            trimmed.get(..81),
            trimmed.get(81..).and_then(|t| t.chars().next()),
        ) {
            let spaced = next.is_whitespace() && next != '\r';
            if (spaced || next == '|') && Sudoku::from_line(head).is_ok() {
                return (head, on_boxes(head));
            }
        }
        // A quoted puzzle alone, as `nonet generate -f code` writes its literals.
        let unquoted = field(trimmed);
        if unquoted.len() != trimmed.len() && Sudoku::from_line(unquoted).is_ok() {
            return (unquoted, checked(unquoted));
        }
        return (trimmed, checked(line));
    }
    let fields: Vec<&str> = trimmed.split(is_field_separator).map(field).collect();
    if let Some(f) = fields.iter().find(|f| Sudoku::from_line(f).is_ok()) {
        return (f, on_boxes(f));
    }
    let longest = fields
        .iter()
        .max_by_key(|f| f.len())
        .copied()
        .unwrap_or(trimmed);
    // A column is said from the line's start, not the field's.
    let offset = (longest.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    let at = line
        .get(..offset)
        .map_or(0, |before| before.chars().count());
    let read = checked(longest).map_err(|e| match e {
        PuzzleError::Parse(e) => PuzzleError::Parse(e.shifted(at)),
        other => other,
    });
    (longest, read)
}

/// Whether `text` (a puzzle's line) holds a jigsaw's region map as a word or field of its own: regions other than the boxes, by the map's rules. Such a line read on a
/// layout with boxes is a jigsaw puzzle read without its regions. (A solution grid is no
/// map: a digit's nine cells are never connected.)
fn holds_jigsaw_map(text: &str) -> bool {
    grids_of(text)
        .any(|w| RegionMap::parse(w).is_ok_and(|m| m.regions() != RegionMap::boxes().regions()))
}

/// The 81-character words and fields of a line (split at blanks, `|` and record separators).
fn grids_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == '|' || is_field_separator(c))
        .map(field)
        .filter(|w| w.len() == 81)
}

/// Whether `text` (a puzzle's line) holds, besides `first` (its puzzle), another puzzle with
/// empty cells as a word or field of its own: two puzzles on one line, the second of which
/// would be taken for a comment and lost. (A solution has no empty cell; a record's other
/// grids are solutions.)
fn holds_second_puzzle(text: &str, first: &str) -> bool {
    grids_of(text)
        .filter(|w| w.as_ptr() != first.as_ptr())
        .any(|w| Sudoku::from_line(w).is_ok_and(|s| !s.is_full()))
}

/// The file of an `@FILE` argument (`@-`: standard input), any bytes of the name kept: a name
/// need not be UTF-8. `None` when `arg` does not start with `@`.
pub fn strip_at(arg: &OsStr) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let rest = arg.as_bytes().strip_prefix(b"@")?;
        Some(PathBuf::from(OsStr::from_bytes(rest)))
    }
    #[cfg(not(unix))]
    {
        arg.to_str()?.strip_prefix('@').map(PathBuf::from)
    }
}

/// Reads the single puzzle argument of `hint`, `explain` and `candidates`: a puzzle (81
/// characters), `-` for standard input, or the path of a file holding the puzzle (a line or a
/// grid; its name need not be UTF-8). A short argument with a letter or a slash that names no
/// file is refused as a missing file; any other argument that is neither a puzzle nor a file is
/// returned as it is, for the puzzle reader to say what is wrong with it. A file or standard
/// input of more than [`MAX_SINGLE`] bytes is refused.
pub fn read_single(arg: &OsStr) -> Result<String, TextError> {
    read_single_text(arg).map(one_line_record)
}

/// A JSON object written over several lines (pretty-printed, as `jq` or `python -m json.tool`
/// write it), made one line: the readers take a record a line, and read it as that many broken
/// puzzles ("expected one puzzle, found 597 lines"). Any other text is kept as it is.
fn one_line_record(text: String) -> String {
    let t = text.trim();
    if t.starts_with('{') && t.contains('\n') {
        if let Ok(v @ serde_json::Value::Object(_)) = serde_json::from_str(t) {
            return format!("{v}\n");
        }
    }
    text
}

/// [`read_single`]'s text as read.
fn read_single_text(arg: &OsStr) -> Result<String, TextError> {
    const WHAT: &str = "a puzzle or a pencil-mark grid holds";
    let path = Path::new(arg);
    if is_stdin(path) {
        return read_text(path, MAX_SINGLE, WHAT);
    }
    match arg.to_str() {
        // Shorter than a puzzle, on one line, with a letter or a slash: a file's name, which is
        // said missing rather than read as a puzzle ("unexpected character 'n' at r1c1").
        Some(text)
            if text.chars().count() < 81
                && !text.contains(char::is_whitespace)
                && text.contains(|c: char| c.is_alphabetic() || c == '/' || c == '\\') =>
        {
            match path.metadata() {
                Err(error) => Err(InputError {
                    name: display_name(path),
                    error,
                }
                .into()),
                Ok(_) => read_text(path, MAX_SINGLE, WHAT),
            }
        }
        Some(text) if Sudoku::from_line(text).is_ok() || !path.exists() => Ok(text.to_string()),
        // A name that is not UTF-8 can only be a file's.
        _ => read_text(path, MAX_SINGLE, WHAT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_numbers() {
        let text = "# comment\n\n.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.\nxyz\n";
        let ps = split_puzzles(text, "");
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].line, 3);
        assert!(ps[0].parsed.is_ok());
        assert_eq!(ps[1].line, 4);
        assert_eq!(
            ps[1].error_message().unwrap(),
            "line 4: unexpected character 'x' at column 1 (r1c1)"
        );
    }

    /// The 81-byte shortcut reads the same lines, with the same numbers, as `str::lines`: CRLF
    /// endings, a last line without a newline, an 81-byte comment, and a newline at byte 81
    /// that ends a second, shorter line.
    #[test]
    fn puzzle_lines_read_as_str_lines_reads_them() {
        let p = ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
        let comment = format!("#{}", &p[1..]);
        let short = &p[..40];
        let text = format!("{p}\r\n{comment}\n{p}\n\n{short}\n{}\n{p}", &p[..40]);
        let ps = split_puzzles(&text, "");
        let lines: Vec<usize> = ps.iter().map(|p| p.line).collect();
        assert_eq!(lines, [1, 3, 5, 6, 7]);
        assert!(ps[0].parsed.is_ok() && ps[1].parsed.is_ok() && ps[4].parsed.is_ok());
        assert_eq!(ps[0].text, p);
        assert_eq!(ps[4].text, p);
        assert_eq!(ps[2].text, short);
        assert!(ps[2].parsed.is_err() && ps[3].parsed.is_err());
    }

    /// Regression: a jigsaw line read without its variant was answered on the boxes (22 of the
    /// 100 shared jigsaw puzzles `none` or `multiple`, no word of the map): it is now refused,
    /// saying so, in every shape a map can follow its puzzle. Text that is no map (a comment,
    /// a solution, the boxes under other labels) stays ignored.
    #[test]
    fn a_jigsaw_map_after_a_puzzle_on_the_boxes_is_refused() {
        let p = ".1...34.28...6413.9..........9..786......9.2...74......2....59.7..915.4.65.......";
        let map =
            "111111122133144422333444222355554422333654777886655557888666777886669779889999999";
        let boxes =
            "AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
        let solution =
            "416523789324619875785291346957386412692148537548762193179435628863974251231857964";
        for line in [
            format!("{p} {map}"),
            format!("{p}\t{map}"),
            format!("{p}:{map}"),
            format!("{p},{map},easy"),
            format!("{p} | {map}"),
        ] {
            let ps = split_puzzles(&line, "");
            let msg = ps[0].error_message().expect(&line);
            assert!(msg.contains("jigsaw's region map"), "{line}: {msg}");
            assert_eq!(ps[0].text, p, "{line}");
        }
        for line in [
            format!("{p} {boxes}"),
            format!("{p} {solution}"),
            format!("{p} a comment"),
        ] {
            let ps = split_puzzles(&line, "");
            assert!(ps[0].parsed.is_ok(), "{line}");
        }
    }

    #[test]
    fn records_yield_their_puzzle_field() {
        let text = "sample:.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.:1:0:248617593679253418153948726961534872735826149824791365516379284397482651482165937\n\
                    ..9.5.13..8....2....78.6......5....93.......22....4......6.39....8....7..12.7.5..:1.2:1.2:1.2:sx-easy\n\
                    name:.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3:1\n";
        let ps = split_puzzles(text, "");
        assert_eq!(
            ps[0].parsed.as_ref().unwrap().to_line().chars().nth(1),
            Some('4')
        );
        assert!(ps[1].parsed.is_ok());
        assert_eq!(
            ps[2].error_message().unwrap(),
            "line 3: 80 cells, expected 81"
        );
    }

    #[test]
    fn a_grid_is_one_puzzle() {
        let s = Sudoku::from_line(
            ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.",
        )
        .unwrap();
        let text = format!("# my grid\n{}", s.to_grid_string());
        let ps = split_puzzles(&text, "");
        assert_eq!(ps.len(), 1);
        assert_eq!(ps[0].line, 2);
        assert_eq!(ps[0].parsed.as_ref().unwrap(), &s);
    }

    const P: &str =
        ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";

    #[test]
    fn shape_tells_a_grid_from_puzzle_lines() {
        let grid = Sudoku::from_line(P).unwrap().to_grid_string();
        let mut bad_row: Vec<String> = grid.lines().map(String::from).collect();
        bad_row[1].push_str(" 7 7");
        let bad_row = bad_row.join("\n");
        let many_short = "123456789\n".repeat(GRID_MAX_LINES + 1);
        let jigsaw = ". . . . . . . . .   A A A B B B C C C\n".repeat(9);
        let cases: &[(&str, bool, Option<Shape>)] = &[
            (&grid, true, Some(Shape::Grid)),
            // A jigsaw's grid: each row's cells beside its region labels.
            (&jigsaw, true, Some(Shape::Grid)),
            // Not yet the whole input: a grid is told only at its end.
            (&grid, false, None),
            (&bad_row, true, Some(Shape::Grid)),
            (P, false, Some(Shape::Lines)),
            (&many_short, false, Some(Shape::Lines)),
            ("123456789\n", true, Some(Shape::Lines)),
            ("12\n345\n", true, Some(Shape::Lines)),
            ("", true, Some(Shape::Lines)),
            // Several grids, each ended by a blank line: told as the second begins.
            (&format!("{grid}\n{grid}"), false, Some(Shape::Grids)),
            (&format!("{jigsaw}\n{jigsaw}"), false, Some(Shape::Grids)),
            // A blank line between a grid's bands keeps it one grid.
            (
                &grid.replace("------+-------+------\n", "\n"),
                true,
                Some(Shape::Grid),
            ),
        ];
        for (text, whole, expected) in cases {
            assert_eq!(shape(text.as_bytes(), *whole), *expected, "{text}");
        }
    }

    #[test]
    fn a_csv_header_is_skipped_and_the_rows_keep_their_lines() {
        let text = format!("\u{feff}# made by hand\nname,\"Puzzle\"\nfirst,{P}\n");
        assert_eq!(csv_header_of(&text), Some("name,\"Puzzle\""));
        let ps = split_puzzles(&text, "");
        assert_eq!(ps.len(), 1);
        assert_eq!(ps[0].line, 3);
        assert!(ps[0].parsed.is_ok());
        // A first line with a puzzle in it is a row, not a header.
        assert_eq!(csv_header_of(&format!("puzzle,{P}\n")), None);
    }

    /// Two puzzles on one line: the second was read as a comment after the first and lost
    /// without a word. The line is refused, saying so; a solution after a puzzle (a record's
    /// other grid, no empty cell) and a comment stay as they were.
    #[test]
    fn a_second_puzzle_on_a_line_is_refused_not_lost() {
        let solution =
            "248617593679253418153948726961534872735826149824791365516379284397482651482165937";
        let q = P.replacen('4', ".", 1);
        let cases = [
            (format!("{P} {q}"), false),
            (format!("{P}:x:{q}"), false),
            (format!("name,{P},{q}"), false),
            (format!("{P} {solution}"), true),
            (format!("{P},{solution},1.2"), true),
            (format!("{P} my favourite"), true),
        ];
        for (line, ok) in cases {
            let ps = split_puzzles(&line, "");
            assert_eq!(ps[0].parsed.is_ok(), ok, "{line}");
            if !ok {
                let msg = ps[0].error_message().unwrap();
                assert!(msg.contains("a second puzzle follows the first"), "{msg}");
            }
        }
    }

    /// A record's field that is no puzzle named its bad character by its column in the field
    /// (`"a,b"`: "at column 1"); the column counts from the line's start.
    #[test]
    fn a_bad_character_in_a_record_s_field_is_placed_on_its_line() {
        for (line, column) in [("\"a,b\"", 4), ("name:12x4", 8), ("  x", 3)] {
            let (_, read) = parse_record(line);
            let Err(PuzzleError::Parse(e)) = read else {
                panic!("{line}: {read:?}")
            };
            assert!(
                matches!(e.kind(), ParseErrorKind::Character { column: c, .. } if *c == column),
                "{line}: {e}"
            );
        }
    }

    #[test]
    fn a_json_record_gives_its_puzzle_member_wherever_it_stands() {
        let solution = Sudoku::from_line(P).unwrap().unique_solution().unwrap();
        let line = format!(
            "{{\"solution\":\"{}\",\"puzzle\":\"{P}\"}}",
            solution.to_line()
        );
        let ps = split_puzzles(&line, "");
        assert_eq!(ps[0].text, P);
        assert_eq!(ps[0].parsed.as_ref().unwrap().to_line(), P);
        assert_eq!(ps[0].source, line);
    }

    /// The puzzles a reader over `text` (in a file) gives, with `block`-byte blocks: line,
    /// text, and the reason when unusable; and how many blocks it handed out.
    fn read_in_blocks(text: &str, block: usize) -> (Vec<(usize, String, Option<String>)>, usize) {
        let dir = std::env::temp_dir().join(format!("nonet-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("blocks-{}.txt", text.len()));
        std::fs::write(&file, text).unwrap();
        let input = Input::new(std::slice::from_ref(&file), Givens::Checked);
        let mut reader = input.reader(block);
        let mut got = Vec::new();
        let mut blocks = 0;
        while let Some(event) = reader.next_event() {
            let Event::Block(block) = event else {
                panic!("the file is readable");
            };
            blocks += 1;
            for p in block.puzzles() {
                got.push((p.line, p.text.to_string(), p.error_message()));
            }
        }
        let _ = std::fs::remove_file(&file);
        (got, blocks)
    }

    /// `generate --format grid` writes several grids, each followed by a blank line: they were
    /// read as puzzle lines, every row `invalid`. Each is now a puzzle, named by its first line,
    /// whether read in one pass or in blocks that must not split a grid, and whatever the first
    /// read holds (a file's first read filled a buffer of 64 KiB or more, and an input that long
    /// was told as lines before its start was looked at).
    #[test]
    fn several_grids_are_a_puzzle_each_in_one_pass_or_in_blocks() {
        let grids: Vec<Sudoku> = [P, &P.replacen('.', "3", 1), &P.replacen('4', "5", 1)]
            .iter()
            .map(|l| Sudoku::from_line(l).unwrap())
            .collect();
        let text: String = grids
            .iter()
            .map(|g| format!("{}\n", g.to_grid_string()))
            .collect::<String>()
            .repeat(120);
        assert!(text.len() > GRID_MAX_BYTES);
        let whole = read_whole(&text);
        assert_eq!(whole.len(), 360);
        for (k, (line, _, error)) in whole.iter().enumerate() {
            assert_eq!(*line, 1 + 12 * k);
            // The second clashes (3 twice in box 1): its reason is its own.
            assert_eq!(error.is_some(), k % 3 == 1, "{k}: {error:?}");
        }
        for block in [4096, 5000, 70_000] {
            let (got, _) = read_in_blocks(&text, block);
            assert_eq!(got, whole, "block {block}");
        }
    }

    /// What one pass over the whole text gives, as [`read_in_blocks`] says it.
    fn read_whole(text: &str) -> Vec<(usize, String, Option<String>)> {
        split_puzzles(text, "")
            .into_iter()
            .map(|p| (p.line, p.text.to_string(), p.error_message()))
            .collect()
    }

    /// A reader with small blocks (several reads, a tail moved to the front, a line longer than
    /// the buffer) gives the puzzles, texts and line numbers that one pass over the whole text
    /// gives.
    #[test]
    fn blocks_read_the_puzzles_one_pass_reads() {
        let mut text = String::from("\u{feff}# header comment\n");
        for i in 0..400 {
            match i % 7 {
                0 => text.push_str(&format!("{P}\r\n")),
                1 => text.push('\n'),
                2 => text.push_str(&format!("name{i}:{P}:1\n")),
                3 => text.push_str(&format!("{}\n", "9".repeat(9000))),
                _ => text.push_str(&format!("{P}\n")),
            }
        }
        text.push_str(P);
        let (got, blocks) = read_in_blocks(&text, 4096);
        assert!(blocks > 10, "{blocks} blocks");
        assert_eq!(got, read_whole(&text));
    }

    /// A stream of `ones` bytes of `1` without a newline, then a puzzle line: read a few
    /// bytes at a time, as a slow pipe gives them.
    struct Endless {
        ones: usize,
        tail: &'static [u8],
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.ones > 0 {
                let n = buf.len().min(self.ones).min(5000);
                buf[..n].fill(b'1');
                self.ones -= n;
                return Ok(n);
            }
            let n = buf.len().min(self.tail.len());
            buf[..n].copy_from_slice(&self.tail[..n]);
            self.tail = &self.tail[n..];
            Ok(n)
        }
    }

    /// Owned records of a stream: an over-long first line (far longer than any buffer) is one
    /// error record naming line 1 and its length, and the puzzle after it is read on as line
    /// 2; the reader's buffer stays within a block and the longest line.
    #[test]
    fn records_of_a_stream_refuse_an_endless_line_and_read_on() {
        let stream = Endless {
            ones: 64 * MAX_LINE,
            tail: b"\n.4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.\nxyz\n",
        };
        let mut reader = Reader::stream("the pipe", Box::new(stream), Givens::Checked, 4096);
        let mut widest = 0;
        let mut records = Vec::new();
        loop {
            widest = widest.max(reader.buf.len());
            let Some(event) = reader.next_event() else {
                break;
            };
            let Event::Block(block) = event else {
                panic!("the stream is readable");
            };
            records.extend(block.puzzles().map(|p| p.to_record()));
        }
        assert!(widest <= MAX_LINE + 2 + 4096, "{widest}");
        let errors: Vec<Option<&str>> = records.iter().map(|r| r.error.as_deref()).collect();
        assert_eq!(
            errors,
            [
                Some("line 1: too long: over 65536 bytes, more than any puzzle record holds"),
                None,
                Some("line 3: unexpected character 'x' at column 1 (r1c1)"),
            ]
        );
        assert_eq!(records[1].line, 2);
        assert_eq!(records[1].text, P);
        // The same through the owned iterator.
        let again = Reader::stream(
            "the pipe",
            Box::new(Endless {
                ones: 3 * MAX_LINE,
                tail: b"\nxyz\n",
            }),
            Givens::Checked,
            4096,
        );
        let lines: Vec<usize> = again.records().map(|r| r.unwrap().line).collect();
        assert_eq!(lines, [1, 2]);
    }

    /// A file that cannot be opened is an error of [`Reader::open`], named without the
    /// system's error number.
    #[test]
    fn a_missing_file_is_an_input_error() {
        let missing = std::env::temp_dir().join("nonet-no-such-dir/none.txt");
        let e = Reader::open(&missing, Givens::Checked, 4096).err().unwrap();
        assert_eq!(e.error.kind(), io::ErrorKind::NotFound);
        assert!(
            e.to_string()
                .ends_with("none.txt: No such file or directory"),
            "{e}"
        );
        let e = read_text(&missing, 10, "a step holds").unwrap_err();
        assert!(matches!(e, TextError::Unreadable(_)), "{e}");
    }

    /// Lines over [`MAX_LINE`] are refused by their length alone, with their numbers, whether
    /// the buffer holds them (one pass, or a block that fits) or not (the reader drops them as
    /// they come): at the limit and one byte over, with and without a `\r`, long comments
    /// skipped, carriage returns inside named, and an over-long last line without a newline.
    #[test]
    fn over_long_lines_are_refused_alike_in_blocks_and_in_one_pass() {
        let over = "9".repeat(MAX_LINE + 1);
        let long_cr = format!("{P}\r{}", "8".repeat(2 * MAX_LINE));
        let lines = [
            P.to_string(),
            "9".repeat(MAX_LINE),
            over.clone(),
            format!("{}\r", "9".repeat(MAX_LINE)),
            format!("{over}\r"),
            format!("  # {}", "c".repeat(3 * MAX_LINE)),
            long_cr,
            P.to_string(),
            "7".repeat(5 * MAX_LINE),
        ];
        let text = lines.join("\n");
        let want = read_whole(&text);
        let numbers: Vec<usize> = want.iter().map(|w| w.0).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 7, 8, 9]);
        let too_long = "too long: over 65536 bytes, more than any puzzle record holds";
        let reasons: Vec<Option<&str>> = want.iter().map(|w| w.2.as_deref()).collect();
        assert_eq!(reasons[0], None);
        assert_eq!(reasons[1], Some("line 2: 65536 cells, expected 81"));
        assert_eq!(reasons[2], Some(&*format!("line 3: {too_long}")));
        assert_eq!(reasons[3], Some("line 4: 65536 cells, expected 81"));
        assert_eq!(reasons[4], Some(&*format!("line 5: {too_long}")));
        assert_eq!(
            reasons[5],
            Some(&*format!(
                "line 7: {too_long}, with carriage returns inside (lines end with \\n or \\r\\n)"
            ))
        );
        assert_eq!(reasons[6], None);
        assert_eq!(reasons[7], Some(&*format!("line 9: {too_long}")));
        for block in [4096, MAX_LINE, 3 * MAX_LINE, 16 * MAX_LINE] {
            assert_eq!(read_in_blocks(&text, block).0, want, "blocks of {block}");
        }
    }
}
