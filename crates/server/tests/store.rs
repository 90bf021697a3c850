//! The store against real files: two processes' worth of connections on one database, files
//! from before schema versions, from a newer nonet and from other programs, and damaged files.
//! Each refusal must leave the file byte for byte as it was.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use nonet_core::{RegionMap, Sudoku, Variant};
use nonet_server::board::Board;
use nonet_server::store::{NewGame, Source, APPLICATION_ID, SCHEMA_VERSION};
use nonet_server::{Store, StoreError};
use rusqlite::Connection;

mod support;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The schema nonet wrote before it wrote `application_id` and `user_version` (version 0).
const SCHEMA_V0: &str = "
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
    top         INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS states (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    board   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_updated ON games(updated_at);
";

/// A fresh directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(tag: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("nonet-store-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }
    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn new_game() -> NewGame {
    NewGame {
        puzzle: Sudoku::from_line(PUZZLE).unwrap(),
        solution: Sudoku::from_line(SOLUTION).unwrap(),
        source: Source::Custom,
        level: Some("easy".into()),
        rating: Some(1.2),
        seed: None,
        variant: Variant::STANDARD,
        regions: None,
        daily: None,
    }
}

/// Every file of the database (the file itself and any WAL or journal beside it), with its
/// bytes.
fn snapshot(db: &Path) -> Vec<(String, Vec<u8>)> {
    let dir = db.parent().unwrap();
    let stem = db.file_name().unwrap().to_string_lossy().to_string();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&stem))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// Regression: two servers on one database answered 500 "database is locked" to 485 of 990
/// moves: a deferred transaction that reads and then writes fails at once when the other
/// connection wrote in between, without waiting out the busy timeout.
#[test]
fn writes_from_two_connections_on_one_file_wait_instead_of_failing_locked() {
    let dir = Dir::new("two");
    let db = dir.join("x.db");
    let a = Arc::new(Store::open(&db).unwrap());
    let id = a.create(&new_game()).unwrap().id;
    let b = Arc::new(Store::open(&db).unwrap());
    let per_thread = 150;
    let threads: Vec<_> = [a, b]
        .into_iter()
        .enumerate()
        .map(|(k, store)| {
            std::thread::spawn(move || {
                for i in 0..per_thread {
                    let digit = (i % 9 + 1) as u8;
                    let cell = [2u8, 3][k];
                    store
                        .update(id, |g| {
                            g.board
                                .apply(&nonet_server::board::Move::Corner { cell, digit })
                                .map(|()| (true, ()))
                        })
                        .expect("the write waits for the other connection")
                        .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let g = Store::open(&db).unwrap().get(id).unwrap();
    assert_eq!(g.revision, 2 * per_thread as i64);
    assert_eq!(g.cursor, 2 * per_thread as i64);
}

/// A database written before versions were: opened, it is migrated in place and keeps its
/// games, boards, history and statistics.
#[test]
fn an_unversioned_database_from_before_is_migrated_and_keeps_its_games() {
    let dir = Dir::new("migrate");
    let db = dir.join("old.db");
    // Boards as nonet stores them, from a throwaway store.
    let boards: Vec<String> = {
        let store = Store::open_in_memory().unwrap();
        let g = store.create(&new_game()).unwrap();
        let (g, ()) = store
            .update(g.id, |g| {
                g.board
                    .apply(&nonet_server::board::Move::Place { cell: 2, digit: 4 })
                    .map(|()| (true, ()))
            })
            .unwrap()
            .unwrap();
        assert_eq!(g.cursor, 1);
        let mut start = Board::new(&Sudoku::from_line(PUZZLE).unwrap().into());
        let first = serde_json::to_string(&start.to_stored()).unwrap();
        start
            .apply(&nonet_server::board::Move::Place { cell: 2, digit: 4 })
            .unwrap();
        vec![first, serde_json::to_string(&start.to_stored()).unwrap()]
    };
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(SCHEMA_V0).unwrap();
        conn.execute(
            "INSERT INTO games (puzzle, solution, source, level, rating, created_at, updated_at,
                                elapsed_ms, cursor, top)
             VALUES (?1, ?2, 'custom', 'easy', 1.2, 1000, 2000, 61000, 1, 1)",
            [PUZZLE, SOLUTION],
        )
        .unwrap();
        for (seq, board) in boards.iter().enumerate() {
            conn.execute(
                "INSERT INTO states (game_id, seq, board) VALUES (1, ?1, ?2)",
                rusqlite::params![seq as i64, board],
            )
            .unwrap();
        }
        let app_id: i64 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .unwrap();
        assert_eq!(app_id, 0, "built without the marks, as before");
    }
    let store = Store::open(&db).unwrap();
    let g = store.get(1).unwrap();
    assert_eq!(g.puzzle.to_line(), PUZZLE);
    assert_eq!(g.elapsed_ms, 61000);
    assert_eq!(g.cursor, 1);
    assert_eq!(g.revision, 1, "the version clients saw is kept");
    assert_eq!(
        g.variant,
        Variant::STANDARD,
        "an old game is a standard one"
    );
    assert!(g.regions.is_none() && g.layout().is_standard());
    assert_eq!(g.board.grid().to_line().as_bytes()[2], b'4');
    let (g, moved) = store
        .step_history(1, -1, |_| Ok::<_, ()>(()))
        .unwrap()
        .unwrap();
    assert!(moved, "the history came along");
    assert_eq!(g.revision, 2);
    assert_eq!(store.list().unwrap().0.len(), 1);
    drop(store);
    let conn = Connection::open(&db).unwrap();
    let marks: (i64, i64) = conn
        .query_row(
            "SELECT application_id, user_version FROM pragma_application_id, pragma_user_version",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(marks, (APPLICATION_ID, SCHEMA_VERSION));
    // And it opens again as a current database.
    assert_eq!(Store::open(&db).unwrap().get(1).unwrap().revision, 2);
}

/// Regression: another program's SQLite file with a `games` table was switched to WAL and
/// given a new table before nonet refused it. Now it, a file with another program's
/// application id, a newer nonet's database and a file that is not SQLite at all are each
/// refused with a reason, byte for byte untouched (no WAL switch, nothing created).
#[test]
fn foreign_and_newer_databases_are_refused_before_anything_is_written() {
    let dir = Dir::new("foreign");
    let other = dir.join("other.db");
    Connection::open(&other)
        .unwrap()
        .execute_batch(
            "CREATE TABLE games (name TEXT, score INTEGER); INSERT INTO games VALUES ('chess', 3);",
        )
        .unwrap();
    let marked = dir.join("marked.db");
    Connection::open(&marked)
        .unwrap()
        .execute_batch("PRAGMA application_id = 1234; CREATE TABLE t (x);")
        .unwrap();
    let newer = dir.join("newer.db");
    Store::open(&newer).unwrap().create(&new_game()).unwrap();
    Connection::open(&newer)
        .unwrap()
        .execute_batch("PRAGMA user_version = 99; PRAGMA journal_mode = DELETE;")
        .unwrap();
    let text = dir.join("notes.db");
    std::fs::write(
        &text,
        "shopping: eggs, flour, and a much longer line of text here",
    )
    .unwrap();

    for (path, want) in [
        (&other, "tables (games) are not nonet's"),
        (&marked, "application id is 0x4d2"),
        (&newer, "newer nonet (schema version 99"),
        (&text, "not an SQLite database"),
    ] {
        let before = snapshot(path);
        let err = match Store::open(path) {
            Ok(_) => panic!("{} was opened", path.display()),
            Err(e) => e,
        };
        assert!(
            matches!(err, StoreError::Foreign(_) | StoreError::Newer { .. }),
            "{err:?}"
        );
        let msg = err.to_string();
        assert!(msg.contains(want), "{msg}");
        assert!(msg.contains("left untouched"), "{msg}");
        assert_eq!(snapshot(path), before, "{} was changed", path.display());
    }
}

/// Regression: a damaged database started and then answered "internal server error" to
/// everything. It is refused at start, saying what is wrong and what to do.
#[test]
fn a_damaged_database_is_refused_at_start_with_what_to_do() {
    let dir = Dir::new("damaged");
    let db = dir.join("x.db");
    {
        let store = Store::open(&db).unwrap();
        for _ in 0..40 {
            store.create(&new_game()).unwrap();
        }
    }
    // Fold the WAL into the file, then scribble over the middle of it.
    Connection::open(&db)
        .unwrap()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;")
        .unwrap();
    let mut bytes = std::fs::read(&db).unwrap();
    let page = 4096;
    assert!(bytes.len() >= 4 * page, "{} bytes", bytes.len());
    for b in &mut bytes[page + 8..3 * page] {
        *b = 0xA5;
    }
    std::fs::write(&db, &bytes).unwrap();
    let err = match Store::open(&db) {
        Ok(_) => panic!("a damaged file was opened"),
        Err(e) => e,
    };
    assert!(matches!(err, StoreError::Damaged(_)), "{err:?}");
    let msg = err.to_string();
    assert!(
        msg.contains("damaged") && msg.contains("move it aside"),
        "{msg}"
    );
}

/// A jigsaw's region map, for the variant tests.
const REGIONS: &str =
    "111112223122222333112444333155554433666654444776655558777666988777999998799988888";
const JIGSAW: &str =
    "..65..78..2.6.9....85.913..95.3....26.2...5.7..876..9.1.94...2..63....51.....7964";
const JIGSAW_SOLUTION: &str =
    "416523789324619875785291346957386412692148537548762193179435628863974251231857964";

/// Writes game 1 of `PUZZLE` at `revision` with `board` as its only state, in the columns
/// every schema from version 1 on has.
fn insert_old_game(conn: &Connection, board: &Board, revision: i64) {
    conn.execute(
        "INSERT INTO games (puzzle, solution, source, level, created_at, updated_at, revision)
         VALUES (?1, ?2, 'level', 'easy', 1000, 2000, ?3)",
        rusqlite::params![PUZZLE, SOLUTION, revision],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO states (game_id, seq, board) VALUES (1, 0, ?1)",
        [serde_json::to_string(&board.to_stored()).unwrap()],
    )
    .unwrap();
}

/// A database of schema version 1 (before games kept a variant): opened, it is migrated in one
/// transaction to the current version, its games read back as standard ones with their boards,
/// and a jigsaw game is kept with its regions from then on (across a reopening too).
#[test]
fn a_version_1_database_migrates_and_keeps_its_games_as_standard() {
    let dir = Dir::new("migrate-v1");
    let db = dir.join("v1.db");
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(SCHEMA_V0).unwrap();
        conn.execute_batch(&format!(
            "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
             PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 1;"
        ))
        .unwrap();
        let mut board = Board::new(&Sudoku::from_line(PUZZLE).unwrap().into());
        board
            .apply(&nonet_server::board::Move::Place { cell: 2, digit: 4 })
            .unwrap();
        insert_old_game(&conn, &board, 7);
    }
    let store = Store::open(&db).unwrap();
    let old = store.get(1).unwrap();
    assert_eq!(old.variant, Variant::STANDARD);
    assert!(old.regions.is_none() && old.layout().is_standard());
    assert_eq!(old.revision, 7);
    assert_eq!(old.board.grid().to_line().as_bytes()[2], b'4');
    let jigsaw = store
        .create(&NewGame {
            puzzle: Sudoku::from_line(JIGSAW).unwrap(),
            solution: Sudoku::from_line(JIGSAW_SOLUTION).unwrap(),
            variant: "jigsaw".parse().unwrap(),
            regions: Some(RegionMap::parse(REGIONS).unwrap()),
            level: None,
            rating: None,
            ..new_game()
        })
        .unwrap();
    drop(store);
    let version: i64 = Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let store = Store::open(&db).unwrap();
    let g = store.get(jigsaw.id).unwrap();
    assert!(g.layout().is_jigsaw());
    assert_eq!(
        g.regions.as_ref().map(RegionMap::to_line).as_deref(),
        Some(REGIONS)
    );
    assert!(store.get(1).unwrap().layout().is_standard());
}

/// A database of schema version 2 (before mistakes, daily puzzles and client sequence numbers):
/// opened, it is migrated in one transaction; its games keep their boards with no mistakes
/// counted, and a resent move is recognised from then on.
#[test]
fn a_version_2_database_migrates_to_counted_mistakes_and_resend_safe_moves() {
    let dir = Dir::new("migrate-v2");
    let db = dir.join("v2.db");
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute_batch(SCHEMA_V0).unwrap();
        conn.execute_batch(&format!(
            "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
             ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard';
             ALTER TABLE games ADD COLUMN regions TEXT;
             PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 2;"
        ))
        .unwrap();
        let board = Board::new(&Sudoku::from_line(PUZZLE).unwrap().into());
        insert_old_game(&conn, &board, 3);
    }
    let store = Store::open(&db).unwrap();
    let old = store.get(1).unwrap();
    assert_eq!(
        (old.mistakes, old.daily.as_deref(), old.revision),
        (0, None, 3)
    );
    let place = |g: &mut nonet_server::store::Game| {
        g.board
            .apply(&nonet_server::board::Move::Place { cell: 2, digit: 4 })
            .map(|()| (true, ()))
    };
    let (g, applied) = store.update_once(1, "tab", 1, place).unwrap().unwrap();
    assert_eq!(applied, nonet_server::store::Once::Applied(()));
    assert_eq!(g.revision, 4);
    drop(store);
    let version: i64 = Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let store = Store::open(&db).unwrap();
    let (g, applied) = store.update_once(1, "tab", 1, place).unwrap().unwrap();
    assert_eq!(
        applied,
        nonet_server::store::Once::Duplicate { last: 1 },
        "the resend after a reopening is recognised"
    );
    assert_eq!(g.revision, 4);
}

/// Makes `db` a database in WAL mode whose last changes (by `write`) are in its `-wal` file
/// only: written on a connection that never checkpoints, then the database and its `-wal`
/// copied aside while it is open (as a program killed before its checkpoint leaves them), and
/// the copies moved back in place of the originals.
fn with_pending_wal(db: &Path, write: impl FnOnce(&Connection)) {
    let conn = Connection::open(db).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
    write(&conn);
    let mut wal = db.as_os_str().to_os_string();
    wal.push("-wal");
    let saved = [std::fs::read(db).unwrap(), std::fs::read(&wal).unwrap()];
    drop(conn);
    std::fs::write(db, &saved[0]).unwrap();
    std::fs::write(&wal, &saved[1]).unwrap();
    let mut shm = db.as_os_str().to_os_string();
    shm.push("-shm");
    let _ = std::fs::remove_file(&shm);
}

/// Regression: another program's database in WAL mode was reported "left untouched", but
/// opening it to find out merged its `-wal` file into it (the last connection to close
/// checkpoints). It is judged without a write now: the file and its `-wal` keep every byte
/// and nothing is left beside them.
#[test]
fn a_foreign_database_in_wal_mode_is_refused_with_it_and_its_wal_untouched() {
    let dir = Dir::new("foreign-wal");
    let db = dir.join("other.db");
    with_pending_wal(&db, |conn| {
        conn.execute_batch(
            "PRAGMA application_id = 1234; CREATE TABLE notes (text TEXT);
             INSERT INTO notes VALUES ('kept in the WAL');",
        )
        .unwrap();
    });
    let before = snapshot(&db);
    assert_eq!(before.len(), 2, "the file and its -wal");
    assert!(!before[1].1.is_empty());
    let err = Store::open(&db).err().expect("refused");
    assert!(matches!(err, StoreError::Foreign(_)), "{err:?}");
    assert!(err.to_string().contains("0x4d2"), "{err}");
    assert!(snapshot(&db) == before, "the file or its -wal changed");
    // The same with the mark only in the file and the tables only in the WAL: a file with no
    // mark whose tables are not nonet's.
    let db = dir.join("unmarked.db");
    with_pending_wal(&db, |conn| {
        conn.execute_batch("CREATE TABLE games (name TEXT); INSERT INTO games VALUES ('go');")
            .unwrap();
    });
    let before = snapshot(&db);
    let err = Store::open(&db).err().expect("refused");
    assert!(matches!(err, StoreError::Foreign(_)), "{err:?}");
    assert!(snapshot(&db) == before, "the file or its -wal changed");
}

/// nonet's own database killed before its first checkpoint has its marks in the `-wal` only:
/// it is recognised and opens with its games.
#[test]
fn a_nonet_database_with_its_marks_only_in_its_wal_opens_with_its_games() {
    let dir = Dir::new("own-wal");
    let db = dir.join("x.db");
    let store = Store::open(&db).unwrap();
    let id = store.create(&new_game()).unwrap().id;
    let mut wal = db.as_os_str().to_os_string();
    wal.push("-wal");
    let saved = [std::fs::read(&db).unwrap(), std::fs::read(&wal).unwrap()];
    assert!(!saved[1].is_empty(), "the changes are in the WAL");
    drop(store);
    std::fs::write(&db, &saved[0]).unwrap();
    std::fs::write(&wal, &saved[1]).unwrap();
    let store = Store::open(&db).unwrap();
    assert_eq!(store.get(id).unwrap().puzzle.to_line(), PUZZLE);
}

/// Regression: damage that SQLite's `quick_check` does not see (a text field that is not
/// UTF-8, a puzzle that is no puzzle, a number that is text) made the game list a 500, so one
/// bad row hid every game. Damaged games are left out of the list and named in its `damaged`,
/// a direct request for one is a JSON 410 `damaged`, and the statistics leave them out.
#[tokio::test]
async fn damaged_rows_are_left_out_and_named_never_a_500() {
    use axum::http::{Method, StatusCode};
    let dir = Dir::new("damaged-rows");
    let db = dir.join("x.db");
    let store = Store::open(&db).unwrap();
    for _ in 0..4 {
        store.create(&new_game()).unwrap();
    }
    drop(store);
    let conn = Connection::open(&db).unwrap();
    conn.execute_batch(
        "UPDATE games SET puzzle = CAST(x'fffe3132' AS TEXT) WHERE id = 1;
         UPDATE games SET puzzle = 'not a puzzle' WHERE id = 2;
         UPDATE games SET hints = 'many', level = CAST(x'ff' AS TEXT) WHERE id = 3;",
    )
    .unwrap();
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(verdict, "ok", "damage SQLite does not see");
    drop(conn);
    let app = nonet_server::app(Arc::new(nonet_server::AppState::new(
        Store::open(&db).unwrap(),
    )));
    let (s, list) = support::call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(s, StatusCode::OK, "{list}");
    assert_eq!(list["in_progress"].as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list["in_progress"][0]["id"], 4);
    let mut damaged: Vec<i64> = list["damaged"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    damaged.sort();
    assert_eq!(damaged, [1, 2, 3]);
    for id in 1..=3 {
        let (s, e) = support::call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(s, StatusCode::GONE, "{id}: {e}");
        assert_eq!(e["error"]["code"], "damaged");
        assert!(e["error"]["message"].as_str().unwrap().contains("damaged"));
    }
    let (s, stats) = support::call(&app, Method::GET, "/api/stats", None).await;
    assert_eq!(s, StatusCode::OK, "{stats}");
    // A damaged game can still be deleted.
    let (s, _) = support::call(&app, Method::DELETE, "/api/games/1", None).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
}

/// Regression: the game list held the 500 most recent games only, with no sign of the others
/// (which still opened by id) and no word of the damaged ones among them.
#[test]
fn every_game_is_listed_not_only_the_latest_500() {
    let store = Store::open_in_memory().unwrap();
    for _ in 0..501 {
        store.create(&new_game()).unwrap();
    }
    let (games, damaged) = store.list().unwrap();
    assert_eq!(games.len(), 501);
    assert!(damaged.is_empty());
}

/// Regression: a directory given as the database was refused as "disk I/O error", and a file
/// that could not be made as "unable to open database file". Each now says what is wrong.
#[test]
fn a_database_that_cannot_be_opened_says_why() {
    let dir = Dir::new("unopenable");
    let err = Store::open(&dir.0).err().expect("a directory was opened");
    assert!(matches!(err, StoreError::Directory), "{err:?}");
    assert!(err.to_string().contains("is a directory"), "{err}");

    // A "directory" that is a file: nothing can be made in it, whoever runs the test.
    let file = dir.join("notes.txt");
    std::fs::write(&file, "not a directory").unwrap();
    let err = Store::open(&file.join("x.db")).err().expect("opened");
    let msg = err.to_string();
    assert!(matches!(err, StoreError::CannotCreate { .. }), "{err:?}");
    assert!(
        msg.contains("notes.txt") && msg.contains("irectory"),
        "{msg}"
    );
}
