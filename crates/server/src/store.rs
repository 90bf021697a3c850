//! [`Store`]: the SQLite database that keeps every game, every position of its history (for
//! unlimited undo and redo) and the statistics derived from finished games.
//!
//! One connection behind a mutex: SQLite serialises writers anyway, and holding the lock for the
//! whole read-modify-write of a move is what makes two tabs playing the same game safe (each
//! move sees the one before it). Every change runs in a transaction that starts `IMMEDIATE`
//! (it takes the write lock first, so SQLite's busy timeout applies when another process holds
//! it; a deferred one that reads then writes fails at once with "database is locked"), and the
//! database runs in WAL mode with `synchronous=FULL`, so a move the server has answered
//! survives a crash.
//!
//! The file says what it is: `PRAGMA application_id` is [`APPLICATION_ID`] and `user_version`
//! the schema's version ([`SCHEMA_VERSION`]). [`Store::open`] reads both before writing
//! anything: another program's file or a newer nonet's is refused untouched, an older nonet's is
//! migrated in one transaction. Then `quick_check` and a committed write (the version stamp)
//! prove the file is sound and writable, so a broken store is refused at start with a reason
//! rather than failing every request.
//!
//! A game keeps its variant (`games.variant`, as `--variant` writes it) and a jigsaw's region
//! map (`games.regions`, the 81 labels as the player gave them); its boards are read back onto
//! the layout they give.
//!
//! Moves may name the client that made them and its sequence number (`client_moves` keeps the
//! highest one applied per game and client): a move resent after a lost answer, or replayed
//! from a queue kept while the server was down, is recognised and not applied twice
//! ([`Store::update_once`]).

use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use nonet_core::{Layout, Puzzle, RegionMap, Sudoku, Variant};
use rusqlite::{
    params, Connection, ErrorCode, OptionalExtension, Transaction, TransactionBehavior,
};

use crate::board::{Board, StoredBoard};
pub use nonet_game::stats::{LevelStats, Outcome};

/// `PRAGMA application_id` of a nonet database: "nont" in ASCII.
pub const APPLICATION_ID: i64 = 0x6E6F_6E74;

/// The schema version this build writes (`PRAGMA user_version`). 0 is the schema from before
/// versions were written (no `revision` column); 1 adds `games.revision`; 2 adds
/// `games.variant` and `games.regions` (older games are standard ones); 3 adds
/// `games.mistakes`, `games.daily` (the date of a daily puzzle) and the `client_moves` table.
pub const SCHEMA_VERSION: i64 = 3;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// No game has this id.
    #[error("no game with id {0}")]
    NotFound(i64),
    /// SQLite failed.
    #[error("database error: {0}")]
    Db(rusqlite::Error),
    /// A stored row could not be read back (damaged by hand or by a bug).
    #[error("stored game {0} is damaged")]
    Corrupt(i64),
    /// The file is not a nonet database; it was left untouched.
    #[error(
        "it is not a nonet database ({0}); it was left untouched: give another file with --db"
    )]
    Foreign(String),
    /// The file comes from a newer nonet; it was left untouched.
    #[error(
        "it was written by a newer nonet (schema version {found}; this one reads up to \
         {SCHEMA_VERSION}); it was left untouched: upgrade nonet, or give another file with --db"
    )]
    Newer {
        /// The file's schema version.
        found: i64,
    },
    /// SQLite's own check found damage.
    #[error(
        "it is damaged (SQLite's quick_check says: {0}); move it aside (or restore a backup) \
         and start again"
    )]
    Damaged(String),
    /// The file (or its `-wal`) could not be read to check what it is.
    #[error("it cannot be read to check what it is; check its permissions")]
    Unreadable,
    /// The file, its directory or its disk cannot be written.
    #[error(
        "it cannot be written (a read-only file, directory or disk); check its permissions, \
         or give another file with --db"
    )]
    ReadOnly,
    /// The path names a directory.
    #[error("it is a directory, not a file: give a file's path with --db")]
    Directory,
    /// The file does not exist and cannot be made in its directory (the system's reason).
    #[error(
        "it cannot be created in {dir} ({reason}); check that directory's permissions, or give \
         another file with --db"
    )]
    CannotCreate {
        /// The directory.
        dir: String,
        /// The system's words.
        reason: String,
    },
    /// The file exists and cannot be opened (the system's reason).
    #[error("it cannot be opened ({0}); check its permissions, or give another file with --db")]
    CannotOpen(String),
    /// The disk is full (or the database reached its size limit).
    #[error("the disk holding the database is full: free some space")]
    Full,
    /// A new game's variant and regions do not make a layout (a caller's bug: the API checks
    /// them first).
    #[error("the game's layout cannot be made: {0}")]
    Layout(nonet_core::VariantError),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => StoreError::Full,
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly,
            Some(ErrorCode::NotADatabase) => {
                StoreError::Foreign("it is not an SQLite database".into())
            }
            Some(ErrorCode::DatabaseCorrupt) => StoreError::Damaged(e.to_string()),
            _ => StoreError::Db(e),
        }
    }
}

/// How a game was started.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Generated for a level.
    Level,
    /// Generated from a seed the player chose.
    Seed,
    /// Typed or pasted by the player.
    Custom,
    /// The daily puzzle of a level, from a seed derived from its date.
    Daily,
}

impl Source {
    fn as_str(self) -> &'static str {
        match self {
            Source::Level => "level",
            Source::Seed => "seed",
            Source::Custom => "custom",
            Source::Daily => "daily",
        }
    }

    fn parse(s: &str) -> Option<Source> {
        match s {
            "level" => Some(Source::Level),
            "seed" => Some(Source::Seed),
            "custom" => Some(Source::Custom),
            "daily" => Some(Source::Daily),
            _ => None,
        }
    }
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The givens.
    pub puzzle: Sudoku,
    /// Its unique solution.
    pub solution: Sudoku,
    /// How it was started.
    pub source: Source,
    /// Its level name (`easy` … `extreme`), when known.
    pub level: Option<String>,
    /// Its rating, when known.
    pub rating: Option<f64>,
    /// The seed it was generated from, if any.
    pub seed: Option<String>,
    /// The variant it plays.
    pub variant: Variant,
    /// A jigsaw's regions (`None` for the other variants).
    pub regions: Option<RegionMap>,
    /// The date (`YYYY-MM-DD`) of a daily puzzle.
    pub daily: Option<String>,
}

/// A game as stored, with its current board.
#[derive(Clone, Debug)]
pub struct Game {
    /// Its id.
    pub id: i64,
    /// The givens.
    pub puzzle: Sudoku,
    /// The solution.
    pub solution: Sudoku,
    /// How it was started.
    pub source: Source,
    /// Level name, when known.
    pub level: Option<String>,
    /// Rating, when known.
    pub rating: Option<f64>,
    /// Seed, if generated from one.
    pub seed: Option<String>,
    /// The variant it plays.
    pub variant: Variant,
    /// A jigsaw's regions (`None` for the other variants).
    pub regions: Option<RegionMap>,
    /// Creation time, Unix milliseconds.
    pub created_at: i64,
    /// Last change, Unix milliseconds.
    pub updated_at: i64,
    /// Playing time so far (the timer), milliseconds.
    pub elapsed_ms: i64,
    /// When it was solved, Unix milliseconds.
    pub finished_at: Option<i64>,
    /// Whether the bot played a step (a hint applied by the player is not the bot's).
    pub bot_used: bool,
    /// How many hints were asked for.
    pub hints: i64,
    /// How many digits were placed that are not the solution's.
    pub mistakes: i64,
    /// The date (`YYYY-MM-DD`) of a daily puzzle.
    pub daily: Option<String>,
    /// Position of the current board in the history (0 = start).
    pub cursor: i64,
    /// Last position of the history (redo is possible while `cursor < top`).
    pub top: i64,
    /// Bumped by every change of the board (move, undo, redo, bot): the version a client must
    /// name to change the board, so a tab that has not seen the latest change cannot undo it.
    pub revision: i64,
    /// The current board (on the game's layout).
    pub board: Board,
}

impl Game {
    /// Whether the game has been solved.
    pub fn is_finished(&self) -> bool {
        self.finished_at.is_some()
    }

    /// The layout the game is played on.
    pub fn layout(&self) -> &Layout {
        self.board.layout()
    }
}

/// How far past a client's last applied sequence number its next one may be. The page numbers
/// its moves once for all its games, so a game it comes back to sees a gap of the moves made
/// elsewhere meanwhile; a gap of a million is no page's. Without the bound a client that sent
/// a number near the top (2^63 - 1) could never have another move applied.
pub const MAX_SEQ_JUMP: i64 = 1_000_000;

/// What became of a change numbered by its client ([`Store::update_once`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Once<T> {
    /// Applied, with the change's own value.
    Applied(T),
    /// Not applied: this number is the client's last one applied (a resend).
    Duplicate {
        /// The client's last applied number.
        last: i64,
    },
    /// Not applied: the client had a later number applied already.
    OutOfOrder {
        /// The client's last applied number.
        last: i64,
    },
    /// Not applied: the number is more than [`MAX_SEQ_JUMP`] past the client's last one.
    TooFar {
        /// The client's last applied number (0 before its first).
        last: i64,
    },
}

/// The database.
pub struct Store {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    puzzle      TEXT NOT NULL,
    solution    TEXT NOT NULL,
    source      TEXT NOT NULL,
    level       TEXT,
    rating      REAL,
    seed        TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    elapsed_ms  INTEGER NOT NULL DEFAULT 0,
    finished_at INTEGER,
    bot_used    INTEGER NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    cursor      INTEGER NOT NULL DEFAULT 0,
    top         INTEGER NOT NULL DEFAULT 0,
    revision    INTEGER NOT NULL DEFAULT 0,
    variant     TEXT NOT NULL DEFAULT 'standard',
    regions     TEXT,
    mistakes    INTEGER NOT NULL DEFAULT 0,
    daily       TEXT
);
CREATE TABLE IF NOT EXISTS states (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    board   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_updated ON games(updated_at);
";

/// What schema version 3 adds beside its columns: the last sequence number applied per game
/// and client, and one daily game per date and level.
const V3_TABLES: &str = "
CREATE TABLE IF NOT EXISTS client_moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    client  TEXT NOT NULL,
    seq     INTEGER NOT NULL,
    PRIMARY KEY (game_id, client)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS games_daily ON games(daily, level) WHERE daily IS NOT NULL;
";

/// The server serving the database now: its pid and page, for a second one to name.
const SERVING: &str = "
CREATE TABLE IF NOT EXISTS serving (pid INTEGER NOT NULL, url TEXT NOT NULL);
DELETE FROM serving;
";

/// The columns of version 0's tables, by which a file from before versions were written is
/// recognised as nonet's.
const V0_GAMES: &[&str] = &[
    "id",
    "puzzle",
    "solution",
    "source",
    "level",
    "rating",
    "seed",
    "created_at",
    "updated_at",
    "elapsed_ms",
    "finished_at",
    "bot_used",
    "hints",
    "cursor",
    "top",
];
const V0_STATES: &[&str] = &["game_id", "seq", "board"];

/// What [`inspect`] found in a file.
enum Found {
    /// No tables and no marks: a new file.
    Empty,
    /// A nonet database of this schema version.
    Nonet(i64),
}

fn columns(conn: &Connection, table: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info(?1)")?;
    let names = stmt
        .query_map([table], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(names)
}

/// Reads (never writes) what the file is: empty, nonet's (and which version), or something
/// else.
fn inspect(conn: &Connection) -> Result<Found, StoreError> {
    let app_id: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    match app_id {
        APPLICATION_ID if version > SCHEMA_VERSION => Err(StoreError::Newer { found: version }),
        APPLICATION_ID if version < 0 => Err(StoreError::Foreign(format!(
            "its schema version {version} is not one nonet writes"
        ))),
        APPLICATION_ID => Ok(Found::Nonet(version)),
        0 if tables.is_empty() && version == 0 => Ok(Found::Empty),
        0 => {
            let legacy = version == 0
                && tables == ["games", "states"]
                && columns(conn, "games")? == V0_GAMES
                && columns(conn, "states")? == V0_STATES;
            if legacy {
                Ok(Found::Nonet(0))
            } else {
                Err(StoreError::Foreign(format!(
                    "it has no nonet mark, and its tables ({}) are not nonet's",
                    tables.join(", ")
                )))
            }
        }
        other => Err(StoreError::Foreign(format!(
            "its application id is {other:#x}, another program's"
        ))),
    }
}

/// Whether SQLite failed to read a stored value as the type asked (text that is not UTF-8,
/// text where a number belongs, a number out of range): a damaged row, not a broken database.
fn damaged_value(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::IntegralValueOutOfRange(..)
            | rusqlite::Error::Utf8Error(..)
    )
}

/// What a failed read of game `id` is: the game damaged when a value could not be read,
/// else the database's error.
fn read_error(id: i64) -> impl Fn(rusqlite::Error) -> StoreError {
    move |e| {
        if damaged_value(&e) {
            StoreError::Corrupt(id)
        } else {
            e.into()
        }
    }
}

/// Decides whether `path` may be opened for writing (it is new, empty or nonet's), without
/// changing a byte of it: another program's file is refused untouched.
///
/// Opening a database for writing is itself a change when it is in WAL mode: the last
/// connection to close merges (checkpoints) the `-wal` file into it. So the file is read
/// through SQLite only in ways that cannot write: `immutable=1` when there is no `-wal` (no
/// locks, no shared-memory file, no journal), and when there is one, a copy of the file and
/// its `-wal` in a private temporary directory. It is inspected as [`Store::open`] would
/// (marks, then `quick_check`).
fn judge(path: &Path) -> Result<(), StoreError> {
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    let wal = sidecar(path, "-wal");
    if size(path) == 0 && size(&wal) == 0 {
        return Ok(());
    }
    let check = |conn: &Connection| -> Result<(), StoreError> {
        if !matches!(inspect(conn)?, Found::Empty) {
            let verdict: String = conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0))?;
            if verdict != "ok" {
                return Err(StoreError::Damaged(verdict));
            }
        }
        Ok(())
    };
    if size(&wal) == 0 {
        let conn = Connection::open_with_flags(immutable_uri(path), read_only_uri())?;
        return check(&conn);
    }
    let dir = private_temp_dir().map_err(|_| StoreError::Unreadable)?;
    let copy = dir.join("judged.db");
    let copied =
        std::fs::copy(path, &copy).and_then(|_| std::fs::copy(&wal, sidecar(&copy, "-wal")));
    let verdict = match copied {
        Ok(_) => Connection::open(&copy)
            .map_err(StoreError::from)
            .and_then(|conn| check(&conn)),
        Err(_) => Err(StoreError::Unreadable),
    };
    let _ = std::fs::remove_dir_all(&dir);
    verdict
}

/// Why SQLite could not open `path`, which it says only as "unable to open database file":
/// the system's own reason, found by doing what SQLite tried (open the file, or make one
/// beside it).
fn not_opened(path: &Path, e: rusqlite::Error) -> StoreError {
    if e.sqlite_error_code() != Some(ErrorCode::CannotOpen) {
        return e.into();
    }
    if path.exists() {
        return match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
        {
            Err(io) => StoreError::CannotOpen(io.to_string()),
            Ok(_) => e.into(),
        };
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let probe = dir.join(format!(".nonet-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Err(io) => StoreError::CannotCreate {
            dir: dir.display().to_string(),
            reason: io.to_string(),
        },
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            e.into()
        }
    }
}

/// `path` with `suffix` added to its name (SQLite's `-wal` and `-shm` files).
fn sidecar(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    name.into()
}

/// The flags that open a `file:` URI for reading only.
fn read_only_uri() -> rusqlite::OpenFlags {
    rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
        | rusqlite::OpenFlags::SQLITE_OPEN_URI
        | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX
}

/// A `file:` URI opening `path` as immutable (its bytes percent-encoded where a URI needs it).
fn immutable_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut uri = String::from("file:");
    for b in absolute.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(b) {
            uri.push(char::from(*b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// A new directory only this user can enter, for a copy of a file being judged.
fn private_temp_dir() -> std::io::Result<std::path::PathBuf> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("nonet-judge-{}-{n}", std::process::id()));
    let mut b = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(&dir)?;
    Ok(dir)
}

/// Brings a nonet database of `from` version up to [`SCHEMA_VERSION`] (or creates the schema in
/// an empty one), in one transaction that also stamps the version: a committed write on every
/// open, which is the store's write probe.
fn migrate(conn: &mut Connection, found: &Found) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    match *found {
        Found::Empty => {
            tx.execute_batch(SCHEMA)?;
            tx.execute_batch(V3_TABLES)?;
        }
        Found::Nonet(from) => {
            if from < 1 {
                // Version 1: a revision per game, which clients name to change the board. The
                // history cursor is the best starting value: what clients saw as the version.
                tx.execute_batch(
                    "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                     UPDATE games SET revision = cursor;",
                )?;
            }
            if from < 2 {
                // Version 2: each game's variant and a jigsaw's regions; every older game is
                // a standard one.
                tx.execute_batch(
                    "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard';
                     ALTER TABLE games ADD COLUMN regions TEXT;",
                )?;
            }
            if from < 3 {
                // Version 3: mistakes counted per game (none known for older games), the date
                // of a daily puzzle, and the moves' client sequence numbers.
                tx.execute_batch(
                    "ALTER TABLE games ADD COLUMN mistakes INTEGER NOT NULL DEFAULT 0;
                     ALTER TABLE games ADD COLUMN daily TEXT;",
                )?;
                tx.execute_batch(V3_TABLES)?;
            }
        }
    }
    // Who serves the file (no part of the versioned schema: any version may have it, and an
    // older nonet leaves it alone). Emptied at each start: a server killed left its record.
    tx.execute_batch(SERVING)?;
    tx.execute_batch(&format!(
        "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"
    ))?;
    tx.commit()?;
    Ok(())
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn board_json(board: &Board) -> String {
    serde_json::to_string(&board.to_stored()).expect("a board always serialises")
}

impl Store {
    /// Opens (creating if needed) the database at `path`, in WAL mode: refuses another
    /// program's file or a newer nonet's before writing anything, checks the file
    /// (`quick_check`, a committed write) and migrates an older nonet's.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if path.is_dir() {
            return Err(StoreError::Directory);
        }
        judge(path)?;
        let conn = Connection::open(path).map_err(|e| not_opened(path, e))?;
        Store::open_checked(conn, true, true)
    }

    /// A fresh in-memory database (for tests).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::from_connection(Connection::open_in_memory()?, false)
    }

    fn from_connection(conn: Connection, durable: bool) -> Result<Store, StoreError> {
        Store::open_checked(conn, durable, false)
    }

    /// Opens the store on `conn`; `judged` when [`judge`] has already run SQLite's check on the
    /// file.
    fn open_checked(
        mut conn: Connection,
        durable: bool,
        judged: bool,
    ) -> Result<Store, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let found = inspect(&conn)?;
        if !judged && !matches!(found, Found::Empty) {
            let verdict: String = conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0))?;
            if verdict != "ok" {
                return Err(StoreError::Damaged(verdict));
            }
        }
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly);
        }
        if durable {
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
        }
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn, &found)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Records the server now serving this database (its pid and page), for a second
    /// `nonet play` on the file to name. The record is checkpointed into the database file
    /// itself: a second server given the file through a hard link in another directory does
    /// not see this one's `-wal` (SQLite names it after the path).
    pub fn record_server(&self, pid: u32, url: &str) -> Result<(), StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(SERVING)?;
        tx.execute(
            "INSERT INTO serving (pid, url) VALUES (?1, ?2)",
            params![pid, url],
        )?;
        tx.commit()?;
        conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// Removes the record of [`Store::record_server`] (the server stops).
    pub fn clear_server(&self) -> Result<(), StoreError> {
        self.lock().execute_batch(SERVING)?;
        Ok(())
    }

    /// The server recorded in the database at `path` (pid and page), read from the file
    /// alone (`immutable`: no lock, no `-wal` or `-shm` looked for or made beside `path`);
    /// `None` if there is none or the file cannot be read.
    pub fn recorded_server(path: &Path) -> Option<(u32, String)> {
        let conn = Connection::open_with_flags(immutable_uri(path), read_only_uri()).ok()?;
        conn.query_row("SELECT pid, url FROM serving LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .ok()
        .filter(|(_, url): &(u32, String)| !url.is_empty())
    }

    /// Caps the database at `pages` pages (`PRAGMA max_page_count`): past it every write fails
    /// as on a full disk. Tests use it to check what a full disk does.
    pub fn set_max_pages(&self, pages: u64) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |_| Ok(()))?;
        Ok(())
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-written game: the transaction is
        // rolled back when dropped. So a poisoned lock is safe to keep using.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs SQLite's own consistency check; `true` when it answers `ok`.
    pub fn integrity_ok(&self) -> Result<bool, StoreError> {
        let conn = self.lock();
        let r: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        Ok(r == "ok")
    }

    /// Creates a game and returns it.
    pub fn create(&self, new: &NewGame) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let now = now_ms();
        tx.execute(
            "INSERT INTO games (puzzle, solution, source, level, rating, seed, created_at, updated_at,
                                variant, regions, daily)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10)",
            params![
                new.puzzle.to_line(),
                new.solution.to_line(),
                new.source.as_str(),
                new.level,
                new.rating,
                new.seed,
                now,
                new.variant.to_string(),
                new.regions.as_ref().map(RegionMap::to_line),
                new.daily,
            ],
        )?;
        let id = tx.last_insert_rowid();
        // The layout is checked here, before anything is kept: a game whose variant and
        // regions do not make one could never be read back.
        let layout = new
            .variant
            .layout(new.regions.as_ref())
            .map_err(StoreError::Layout)?;
        tx.execute(
            "INSERT INTO states (game_id, seq, board) VALUES (?1, 0, ?2)",
            params![
                id,
                board_json(&Board::new(&Puzzle::new(new.puzzle, layout)))
            ],
        )?;
        let game = load(&tx, id)?;
        tx.commit()?;
        Ok(game)
    }

    /// The daily game of `date` at `level`, if one was made.
    pub fn find_daily(&self, date: &str, level: &str) -> Result<Option<Game>, StoreError> {
        let conn = self.lock();
        let id: Option<i64> = conn
            .query_row(
                "SELECT id FROM games WHERE daily = ?1 AND level = ?2",
                params![date, level],
                |r| r.get(0),
            )
            .optional()?;
        id.map(|id| load(&conn, id)).transpose()
    }

    /// Creates the daily game `new` (whose `daily` and `level` are set), or returns the one
    /// made first if another request made it meanwhile: one game per date and level. The
    /// second value says whether this call created it.
    pub fn create_daily(&self, new: &NewGame) -> Result<(Game, bool), StoreError> {
        let date = new.daily.as_deref().unwrap_or_default();
        let level = new.level.as_deref().unwrap_or_default();
        if let Some(g) = self.find_daily(date, level)? {
            return Ok((g, false));
        }
        match self.create(new) {
            Ok(g) => Ok((g, true)),
            // The unique index: another request stored it between the look-up and the insert.
            Err(StoreError::Db(e))
                if e.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) =>
            {
                let g = self.find_daily(date, level)?.ok_or(StoreError::Db(e))?;
                Ok((g, false))
            }
            Err(e) => Err(e),
        }
    }

    /// The game `id` with its current board.
    pub fn get(&self, id: i64) -> Result<Game, StoreError> {
        let conn = self.lock();
        load(&conn, id)
    }

    /// All games, most recently played first (boards included: the list shows thumbnails),
    /// and the ids of the damaged ones, which are left out (and logged).
    pub fn list(&self) -> Result<(Vec<Game>, Vec<i64>), StoreError> {
        let conn = self.lock();
        let ids: Vec<i64> = conn
            .prepare("SELECT id FROM games ORDER BY updated_at DESC, id DESC")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut games = Vec::with_capacity(ids.len());
        let mut damaged = Vec::new();
        for id in ids {
            match load(&conn, id) {
                Ok(g) => games.push(g),
                // One damaged game must not hide all the others.
                Err(StoreError::Corrupt(id)) => {
                    eprintln!("nonet play: game {id} is damaged in the database: left out");
                    damaged.push(id);
                }
                Err(e) => return Err(e),
            }
        }
        Ok((games, damaged))
    }

    /// Saves the rating and level of game `id` (computed after the game was created).
    pub fn set_rating(&self, id: i64, rating: f64, level: &str) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.execute(
            "UPDATE games SET rating = ?2, level = ?3 WHERE id = ?1",
            params![id, rating, level],
        )?;
        Ok(())
    }

    /// Deletes game `id` and its history.
    pub fn delete(&self, id: i64) -> Result<(), StoreError> {
        let conn = self.lock();
        let n = conn.execute("DELETE FROM games WHERE id = ?1", [id])?;
        if n == 0 {
            return Err(StoreError::NotFound(id));
        }
        Ok(())
    }

    /// Changes game `id` in one transaction. `f` sees the game and may change its fields and
    /// board; it returns whether the board changed (then a new history entry is written,
    /// dropping any redo entries) and a value passed back to the caller. An error from `f`
    /// rolls everything back.
    pub fn update<T, E>(
        &self,
        id: i64,
        f: impl FnOnce(&mut Game) -> Result<(bool, T), E>,
    ) -> Result<Result<(Game, T), E>, StoreError> {
        let r = self.update_inner(id, None, f)?;
        Ok(r.map(|(g, once)| match once {
            Once::Applied(out) => (g, out),
            _ => unreachable!("a change without a sequence number is always applied"),
        }))
    }

    /// [`Store::update`] for a change that `client` numbered `seq` (increasing per game and
    /// client, from 1): if that client's change `seq` or a later one was applied already, or
    /// `seq` is more than [`MAX_SEQ_JUMP`] past the last one applied (0 before the first),
    /// `f` is not run and the game comes back as it stands with what became of the change;
    /// otherwise `f` runs and, if it succeeds, `seq` is kept as that client's latest in the
    /// same transaction.
    pub fn update_once<T, E>(
        &self,
        id: i64,
        client: &str,
        seq: i64,
        f: impl FnOnce(&mut Game) -> Result<(bool, T), E>,
    ) -> Result<Result<(Game, Once<T>), E>, StoreError> {
        self.update_inner(id, Some((client, seq)), f)
    }

    fn update_inner<T, E>(
        &self,
        id: i64,
        sequence: Option<(&str, i64)>,
        f: impl FnOnce(&mut Game) -> Result<(bool, T), E>,
    ) -> Result<Result<(Game, Once<T>), E>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut game = load(&tx, id)?;
        if let Some((client, seq)) = sequence {
            let last: i64 = tx
                .query_row(
                    "SELECT seq FROM client_moves WHERE game_id = ?1 AND client = ?2",
                    params![id, client],
                    |r| r.get(0),
                )
                .optional()?
                .unwrap_or(0);
            let refused = if seq == last {
                Some(Once::Duplicate { last })
            } else if seq < last {
                Some(Once::OutOfOrder { last })
            } else if seq - last > MAX_SEQ_JUMP {
                Some(Once::TooFar { last })
            } else {
                None
            };
            if let Some(refused) = refused {
                return Ok(Ok((game, refused)));
            }
        }
        let (board_changed, out) = match f(&mut game) {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        if let Some((client, seq)) = sequence {
            tx.execute(
                "INSERT INTO client_moves (game_id, client, seq) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id, client) DO UPDATE SET seq = excluded.seq",
                params![id, client, seq],
            )?;
        }
        if board_changed {
            game.cursor += 1;
            game.top = game.cursor;
            game.revision += 1;
            tx.execute(
                "DELETE FROM states WHERE game_id = ?1 AND seq >= ?2",
                params![id, game.cursor],
            )?;
            tx.execute(
                "INSERT INTO states (game_id, seq, board) VALUES (?1, ?2, ?3)",
                params![id, game.cursor, board_json(&game.board)],
            )?;
        }
        game.updated_at = now_ms();
        save_fields(&tx, &game)?;
        tx.commit()?;
        Ok(Ok((game, Once::Applied(out))))
    }

    /// Moves the history cursor by `delta` (-1 undo, +1 redo) if possible, after `check` has
    /// accepted the game as it stands (an error from it changes nothing); returns the game and
    /// whether anything changed.
    pub fn step_history<E>(
        &self,
        id: i64,
        delta: i64,
        check: impl FnOnce(&mut Game) -> Result<(), E>,
    ) -> Result<Result<(Game, bool), E>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut game = load(&tx, id)?;
        if let Err(e) = check(&mut game) {
            return Ok(Err(e));
        }
        let target = game.cursor + delta;
        let moves = !game.is_finished() && (0..=game.top).contains(&target);
        if moves {
            game.cursor = target;
            game.revision += 1;
            game.board = load_board(&tx, id, target, game.board.layout())?;
        }
        game.updated_at = now_ms();
        save_fields(&tx, &game)?;
        tx.commit()?;
        Ok(Ok((game, moves)))
    }

    /// Statistics per level, in the order the levels are given, then `custom`; and over every
    /// game (`all`).
    pub fn stats(&self, levels: &[&str]) -> Result<(Vec<LevelStats>, LevelStats), StoreError> {
        let conn = self.lock();
        let games: Vec<Outcome> = conn
            .prepare(
                "SELECT COALESCE(CASE WHEN source = 'custom' THEN 'custom' END, level, 'custom'),
                        finished_at, bot_used, hints, mistakes, elapsed_ms
                 FROM games ORDER BY created_at, id",
            )?
            .query_map([], |r| {
                Ok(Outcome {
                    key: r.get(0)?,
                    finished_at: r.get(1)?,
                    bot_used: r.get(2)?,
                    hints: r.get(3)?,
                    mistakes: r.get(4)?,
                    elapsed_ms: r.get(5)?,
                })
            })?
            // A row damaged by hand or by a disk is left out, not a failure of every figure.
            .filter(|row| match row {
                Err(e) if damaged_value(e) => {
                    eprintln!(
                        "nonet play: a game damaged in the database is left out of the statistics"
                    );
                    false
                }
                _ => true,
            })
            .collect::<Result<_, _>>()?;
        Ok(nonet_game::stats::per_level(levels, &games))
    }
}

fn save_fields(tx: &Transaction<'_>, g: &Game) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE games SET updated_at = ?2, elapsed_ms = ?3, finished_at = ?4, bot_used = ?5,
                          hints = ?6, cursor = ?7, top = ?8, revision = ?9, mistakes = ?10
         WHERE id = ?1",
        params![
            g.id,
            g.updated_at,
            g.elapsed_ms,
            g.finished_at,
            g.bot_used,
            g.hints,
            g.cursor,
            g.top,
            g.revision,
            g.mistakes
        ],
    )?;
    Ok(())
}

fn load_board(conn: &Connection, id: i64, seq: i64, layout: &Layout) -> Result<Board, StoreError> {
    let text: String = conn
        .query_row(
            "SELECT board FROM states WHERE game_id = ?1 AND seq = ?2",
            params![id, seq],
            |r| r.get(0),
        )
        .optional()
        .map_err(read_error(id))?
        .ok_or(StoreError::Corrupt(id))?;
    let stored: StoredBoard = serde_json::from_str(&text).map_err(|_| StoreError::Corrupt(id))?;
    Board::from_stored(&stored, layout).ok_or(StoreError::Corrupt(id))
}

fn load(conn: &Connection, id: i64) -> Result<Game, StoreError> {
    type Row = (
        String,
        String,
        String,
        Option<String>,
        Option<f64>,
        Option<String>,
        [i64; 3],
        Option<i64>,
        bool,
        [i64; 5],
        (String, Option<String>, Option<String>),
    );
    let row: Option<Row> = conn
        .query_row(
            "SELECT puzzle, solution, source, level, rating, seed, created_at, updated_at,
                    elapsed_ms, finished_at, bot_used, hints, cursor, top, revision, variant, regions,
                    mistakes, daily
             FROM games WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    [r.get(6)?, r.get(7)?, r.get(8)?],
                    r.get(9)?,
                    r.get(10)?,
                    [r.get(11)?, r.get(12)?, r.get(13)?, r.get(14)?, r.get(17)?],
                    (r.get(15)?, r.get(16)?, r.get(18)?),
                ))
            },
        )
        .optional()
        .map_err(read_error(id))?;
    let Some((
        puzzle,
        solution,
        source,
        level,
        rating,
        seed,
        times,
        finished_at,
        bot_used,
        counts,
        (variant, regions, daily),
    )) = row
    else {
        return Err(StoreError::NotFound(id));
    };
    let corrupt = || StoreError::Corrupt(id);
    let puzzle = Sudoku::from_line(&puzzle).map_err(|_| corrupt())?;
    let solution = Sudoku::from_line(&solution).map_err(|_| corrupt())?;
    let source = Source::parse(&source).ok_or_else(corrupt)?;
    let variant: Variant = variant.parse().map_err(|_| corrupt())?;
    let regions = regions
        .map(|r| RegionMap::parse(&r))
        .transpose()
        .map_err(|_| corrupt())?;
    let layout = variant.layout(regions.as_ref()).map_err(|_| corrupt())?;
    let [created_at, updated_at, elapsed_ms] = times;
    let [hints, cursor, top, revision, mistakes] = counts;
    let board = load_board(conn, id, cursor, &layout)?;
    Ok(Game {
        id,
        puzzle,
        solution,
        source,
        level,
        rating,
        seed,
        variant,
        regions,
        created_at,
        updated_at,
        elapsed_ms,
        finished_at,
        bot_used,
        hints,
        mistakes,
        daily,
        cursor,
        top,
        revision,
        board,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite opens a file it may not write read-only without a word (as root, permissions
    /// cannot make one, so the read-only open is made directly): the store refuses it at start
    /// instead of failing every move later.
    #[test]
    fn a_read_only_database_is_refused_at_start() {
        let dir = std::env::temp_dir().join(format!("nonet-store-ro-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("x.db");
        drop(Store::open(&db).unwrap());
        let conn =
            Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let err = Store::from_connection(conn, true).err().expect("refused");
        assert!(matches!(err, StoreError::ReadOnly), "{err:?}");
        assert!(err.to_string().contains("cannot be written"));
        // A file SQLite opened for writing but may not write (here `query_only`): the write
        // probe at open finds it.
        let conn = Connection::open(&db).unwrap();
        conn.pragma_update(None, "query_only", "ON").unwrap();
        assert!(!conn.is_readonly(rusqlite::MAIN_DB).unwrap());
        let err = Store::from_connection(conn, false).err().expect("refused");
        assert!(matches!(err, StoreError::ReadOnly), "{err:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
