//! The requests the page makes of its engine and their answers, as JSON. Each request names
//! its `op`; those about a game carry the game as the page keeps it ([`GameIn`]).
//!
//! | op | fields | answer (`ok`) |
//! | --- | --- | --- |
//! | `levels` | | `{levels: [{name, max_er}], levels_on_variants}`, as `GET /api/levels` |
//! | `new_game` | `level`, `seed`, `variant`, `regions` or `puzzle` (a jigsaw's map may follow it on its line) and its progress `pencil`, as `POST /api/games` ([`NewGameRequest`]) | the game to keep: `{puzzle, solution, level, rating, seed, variant, regions, layout, board}`, and `progress` (the board with the progress on it, a move after `board`) |
//! | `daily` | `date`, `level` | the daily puzzle's game, as `new_game` answers (`POST /api/daily`'s puzzle) |
//! | `view` | `game` | `{cells, clashes}`, as a game's JSON carries them |
//! | `move` | `game`, `move`, `tidy` | `{board, changed, mistake, solved, cells, clashes}` |
//! | `check` | `game` | `{right, wrong, wrong_marks}` |
//! | `hint` | `game` | `{hint, counts}`: the hint's JSON, and whether it counts as a hint |
//! | `bot`, `apply` | `game` | `{action, board, solved, cells, clashes}`: the bot's step, or the hint's applied |
//! | `singles` | `game` | `{placed, next, board, solved, cells, clashes}` |
//! | `path` | `game` | the path's JSON, as `GET /api/games/{id}/path` |
//! | `progress` | `game` | `{puzzle, pencil}`: the board as a pencil-mark grid, as `GET /api/games/{id}/progress` |
//! | `preview` | `variant`, `regions`, `cells` (a game's view), `move`, `tidy` | `{cells, clashes, board}`: the move shown before the server answers |
//! | `check_puzzle` | `puzzle`, `variant`, `regions` | the setter's verdict, as `POST /api/puzzles/check` (rated at once) |
//! | `layout` | `variant`, `regions` | the layout's JSON, as `POST /api/layout` |
//! | `check_step` | `game`, `claim` (`{technique, cells, digits, pattern, placements, eliminations}`) | the verdict, as `POST /api/games/{id}/check-step` |
//! | `learn` | | `{techniques}`: the catalogue, as `GET /api/learn` |
//! | `learn_technique` | `code` | the technique's page with its worked example, as `GET /api/learn/{code}` |
//! | `learn_practice` | `code`, `seed` | three practice puzzles with their drills (the stock's where the generator cannot aim or gives up), as `GET /api/learn/{code}/practice?seed=N` |
//! | `stats` | `games`: `[{key, finished_at, bot_used, hints, mistakes, elapsed_ms}]` | `{levels, all}`, as `GET /api/stats` |
//!
//! Errors are `{"error": {"status", "code", "message"}}` (with `rule` and `region` for a broken
//! region map): the status and code of the refusal's [`Problem`], the kind the server answers
//! the same problem with (`nonet_view::request` decides both fronts' statuses and codes, and
//! reads the requests both fronts share). The request itself is read as the server reads a body:
//! not JSON is a 400 `bad_request`, an op no one has a 404 `not_found` (the server's answer to
//! an endpoint it lacks), fields of the wrong shape or type a 422 `invalid`. A game the page
//! keeps that cannot be read back is a 410 `damaged`, as a game the server's database cannot
//! read.

use nonet_core::{Puzzle, RegionMap, Sudoku, Variant};
use nonet_game::puzzle::{check as check_puzzle, PuzzleCheck};
use nonet_game::stats::Outcome;
use nonet_game::{Board, Move, Origin, StoredBoard};
use nonet_generate::{GenerateOptions, Generator, Level};
use nonet_logic::Teacher;
use nonet_view::game::{
    ActionView, BoardView, ClaimIn, LayoutView, PathView, PuzzleCheckView, SinglesView, VerdictView,
};
use nonet_view::learn::{self, LearnPage};
use nonet_view::new_game::{own_game, NewGameRequest};
use nonet_view::request::{
    read_aim, read_fields, read_level, read_object, Problem, Refusal, VariantRegions,
};
use serde::Deserialize;
use serde_json::{json, Value};

/// A game as the page keeps it and passes it in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameIn {
    /// The givens, 81 characters.
    puzzle: String,
    /// The solution, 81 digits.
    solution: String,
    /// The variant's words (`standard` if absent).
    #[serde(default)]
    variant: Option<String>,
    /// A jigsaw's region map.
    #[serde(default)]
    regions: Option<String>,
    /// The board as it stands (the server's stored form).
    board: StoredBoard,
}

/// A game read back: its board (on its layout) and solution.
struct Game {
    board: Board,
    solution: Sudoku,
}

/// A request of the page.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Levels,
    /// The fields the server's `POST /api/games` reads, read by the same type.
    NewGame(NewGameRequest),
    /// The daily puzzle of `level` for `date` (`YYYY-MM-DD`): its seed is the date's
    /// ([`nonet_game::puzzle::daily_seed`]), as `POST /api/daily` makes it.
    Daily {
        date: String,
        level: String,
    },
    View {
        game: GameIn,
    },
    Move {
        game: GameIn,
        #[serde(rename = "move")]
        mv: Move,
        #[serde(default)]
        tidy: Option<bool>,
    },
    Check {
        game: GameIn,
    },
    Hint {
        game: GameIn,
    },
    Bot {
        game: GameIn,
    },
    Apply {
        game: GameIn,
    },
    Singles {
        game: GameIn,
    },
    Path {
        game: GameIn,
    },
    Progress {
        game: GameIn,
    },
    Preview {
        variant: Option<String>,
        regions: Option<String>,
        cells: Vec<CellIn>,
        #[serde(rename = "move")]
        mv: Move,
        #[serde(default)]
        tidy: Option<bool>,
    },
    Stats {
        games: Vec<Outcome>,
    },
    CheckPuzzle {
        puzzle: String,
        variant: Option<String>,
        regions: Option<String>,
    },
    Layout {
        variant: Option<String>,
        regions: Option<String>,
    },
    CheckStep {
        game: GameIn,
        claim: ClaimIn,
    },
    Learn,
    LearnTechnique {
        code: String,
    },
    LearnPractice {
        code: String,
        seed: u64,
    },
}

/// A cell as a game's JSON shows it (the page's view of a board it has no solution for).
#[derive(Deserialize)]
struct CellIn {
    value: Option<u8>,
    origin: Option<Origin>,
    #[serde(default)]
    candidates: Vec<u8>,
    #[serde(default)]
    centre: Vec<u8>,
    #[serde(default)]
    corner: Vec<u8>,
}

/// The JSON of an error answer: the refusal's status and code ([`Problem`], which the server
/// answers too), its message, and a broken region map's `rule` and `region`.
pub fn error_json(r: &Refusal) -> String {
    let mut error = serde_json::Map::new();
    error.insert("status".into(), json!(r.problem.status()));
    error.insert("code".into(), json!(r.problem.code()));
    error.insert("message".into(), json!(r.message));
    if let Some(rule) = r.rule {
        error.insert("rule".into(), json!(rule));
    }
    if let Some(region) = r.region {
        error.insert("region".into(), json!(region.to_string()));
    }
    json!({ "error": error }).to_string()
}

/// Every op a request may name (the tags of the request enum): a request naming another is a 404
/// `not_found`, as the server answers a request to an endpoint it does not have.
pub const OPS: &[&str] = &[
    "levels",
    "new_game",
    "daily",
    "view",
    "move",
    "check",
    "hint",
    "bot",
    "apply",
    "singles",
    "path",
    "progress",
    "preview",
    "stats",
    "check_puzzle",
    "layout",
    "check_step",
    "learn",
    "learn_technique",
    "learn_practice",
];

/// Answers one request (UTF-8 JSON) with JSON: `{"ok": ...}` or `{"error": ...}`.
pub fn call(request: &str) -> String {
    call_bytes(request.as_bytes())
}

/// Answers one request (JSON, UTF-8 or not) with JSON: `{"ok": ...}` or `{"error": ...}`.
/// The request is read as the server reads a body ([`nonet_view::request`]): not JSON is a 400
/// `bad_request`, an op no one has a 404 `not_found`, fields of the wrong shape a 422 `invalid`.
pub fn call_bytes(request: &[u8]) -> String {
    let answer = read_request(request).and_then(answer);
    match answer {
        Ok(v) => json!({ "ok": v }).to_string(),
        Err(r) => error_json(&r),
    }
}

fn read_request(bytes: &[u8]) -> Result<Request, Refusal> {
    let object = read_object(bytes)?;
    match object.get("op").and_then(Value::as_str) {
        Some(op) if OPS.contains(&op) => read_fields(object),
        Some(op) => Err(Refusal::new(
            Problem::NotFound,
            format!("no op is called {op:?}"),
        )),
        None => Err(Refusal::new(
            Problem::NotFound,
            "the request names no op (\"op\": a string)",
        )),
    }
}

fn answer(request: Request) -> Result<Value, Refusal> {
    match request {
        Request::Levels => Ok(levels()),
        Request::NewGame(asked) => new_game(asked),
        Request::Daily { date, level } => {
            let seed =
                nonet_game::puzzle::daily_seed(&date).ok_or_else(|| Refusal::bad_date(&date))?;
            read_level(&level)?;
            new_game(NewGameRequest {
                level: Some(level),
                seed: Some(seed),
                ..NewGameRequest::default()
            })
        }
        Request::Progress { game } => {
            let game = read_game(&game)?;
            Ok(json!({
                "puzzle": game.board.givens().to_line(),
                "pencil": nonet_game::progress::export(&game.board),
            }))
        }
        Request::View { game } => Ok(board_json(&read_game(&game)?.board, json!({}))),
        Request::Move { game, mv, tidy } => play(&game, &mv, tidy.unwrap_or(true)),
        Request::Check { game } => {
            let g = read_game(&game)?;
            let checked = nonet_game::check(&g.board, &g.solution);
            Ok(json!({
                "right": nonet_view::game::cell_indices(checked.right),
                "wrong": nonet_view::game::cell_indices(checked.wrong),
                "wrong_marks": nonet_view::game::cell_indices(checked.wrong_marks),
            }))
        }
        Request::Hint { game } => {
            let g = read_game(&game)?;
            let hint = nonet_game::hint(&g.board, &g.solution);
            let counts = matches!(hint, nonet_game::GameHint::Step { .. });
            Ok(json!({ "hint": ActionView::hint(&hint, g.board.layout()), "counts": counts }))
        }
        Request::Bot { game } => next_step(&game, true),
        Request::Apply { game } => next_step(&game, false),
        Request::Singles { game } => {
            let g = read_game(&game)?;
            let run = nonet_game::run_singles(&g.board, &g.solution);
            let view = SinglesView::new(&run, g.board.layout());
            let solved = run.board.is_solved(&g.solution);
            Ok(board_json(
                &run.board,
                json!({ "placed": view.placed, "next": view.next, "solved": solved }),
            ))
        }
        Request::Preview {
            variant,
            regions,
            cells,
            mv,
            tidy,
        } => preview(
            variant.as_deref(),
            regions.as_deref(),
            &cells,
            &mv,
            tidy.unwrap_or(true),
        ),
        Request::Stats { games } => {
            let names: Vec<&str> = Level::ALL.into_iter().map(Level::name).collect();
            let (levels, all) = nonet_game::stats::per_level(&names, &games);
            Ok(json!({ "levels": levels, "all": all }))
        }
        Request::CheckPuzzle {
            puzzle,
            variant,
            regions,
        } => {
            // As the server's `POST /api/puzzles/check`: the variant and map, the puzzle (with
            // a map typed after it), then the layout they make.
            let mut vr = VariantRegions::read(variant.as_deref(), regions.as_deref())?;
            let puzzle = vr.own_puzzle(&puzzle)?;
            let (variant, layout) = (vr.variant, vr.layout()?);
            let on_layout = Puzzle::new(puzzle, layout.clone());
            let check = match check_puzzle(&on_layout) {
                PuzzleCheck::Unique { solution, .. } => PuzzleCheck::Unique {
                    solution,
                    rating: nonet_game::rating(&on_layout).map(|(er, l)| (er, l.name())),
                },
                other => other,
            };
            let completed = match check {
                PuzzleCheck::Several => nonet_game::puzzle::with_added_clues(&on_layout),
                _ => None,
            };
            Ok(to_value(&PuzzleCheckView::new(
                &puzzle,
                variant,
                &check,
                completed.as_ref(),
            )))
        }
        Request::Layout { variant, regions } => {
            let vr = VariantRegions::read(variant.as_deref(), regions.as_deref())?;
            let layout = vr.layout()?;
            Ok(to_value(&LayoutView::new(
                vr.variant,
                vr.regions.as_ref(),
                &layout,
            )))
        }
        Request::CheckStep { game, claim } => {
            // The claim first, then the game, as the server reads them.
            let claim = claim.claim()?;
            let g = read_game(&game)?;
            let position = g.board.position();
            let layout = g.board.layout();
            let verdict = Teacher::new()
                .check_step(&position, &claim)
                .map_err(|e| Refusal::new(Problem::CannotCheck, e.to_string()))?;
            Ok(to_value(&VerdictView::new(&verdict, layout, &position)))
        }
        Request::Learn => Ok(json!({ "techniques": learn::catalogue() })),
        Request::LearnTechnique { code } => {
            let techniques = learn::techniques_of(&code);
            let example = learn::example_puzzle(&code)
                .and_then(|line| Sudoku::from_line(line).ok())
                .and_then(|puzzle| learn::example(&puzzle, &techniques));
            let page = LearnPage::new(&code, example)
                .ok_or_else(|| Refusal::unknown_technique_code(&code))?;
            Ok(to_value(&page))
        }
        Request::LearnPractice { code, seed } => {
            let ask = learn::PracticeAsk::new(&code)
                .ok_or_else(|| Refusal::unknown_technique_code(&code))?;
            let view = match ask.targets() {
                None => ask.stock(),
                Some(targets) => {
                    // No clock here: the generator's own attempt budget bounds it, and the
                    // page drops a call it no longer wants by stopping the worker.
                    let (made, failed) =
                        learn::practice(targets, seed, learn::PRACTICE, &|_| Ok(()));
                    ask.answer(seed, &made, failed.as_ref().map(learn::reason).as_deref())
                }
            };
            Ok(to_value(&view))
        }
        Request::Path { game } => {
            let g = read_game(&game)?;
            let path = PathView::new(&Puzzle::new(g.board.givens(), g.board.layout().clone()))
                .map_err(|e| {
                    Refusal::new(
                        Problem::NoPath,
                        format!("the logical solver has no path for this puzzle: {e}"),
                    )
                })?;
            Ok(to_value(&path))
        }
    }
}

/// A view of strings, numbers and lists as JSON (it always serialises).
fn to_value(view: &impl serde::Serialize) -> Value {
    serde_json::to_value(view).unwrap_or_default()
}

/// `GET /api/levels`'s answer.
fn levels() -> Value {
    let levels: Vec<Value> = Level::ALL
        .into_iter()
        .map(|l| json!({ "name": l.name(), "max_er": l.max_er() }))
        .collect();
    // The generator aims at a level on a variant only if it accepts one there.
    let x = Variant {
        diagonals: true,
        ..Variant::STANDARD
    };
    let on_variants = Generator::new(GenerateOptions::for_game(Some(Level::Easy), x, None)).is_ok();
    json!({ "levels": levels, "levels_on_variants": on_variants })
}

/// A game as the page keeps it read back. The page's copy stands where the server's database
/// does: a game whose variant, map, solution or board cannot be read is damaged (410
/// `damaged`, as the server answers a row it cannot read), not a request to correct.
fn read_game(g: &GameIn) -> Result<Game, Refusal> {
    let damaged = |why: String| Refusal::new(Problem::Damaged, format!("this game {why}"));
    let layout = VariantRegions::read(g.variant.as_deref(), g.regions.as_deref())
        .and_then(|vr| vr.layout())
        .map_err(|e| damaged(format!("cannot be read: {e}")))?;
    let solution = Sudoku::from_line(&g.solution)
        .ok()
        .filter(|s| s.filled_count() == 81)
        .ok_or_else(|| damaged("keeps a solution that is not a filled grid".into()))?;
    let board = Board::from_stored(&g.board, &layout)
        .ok_or_else(|| damaged("keeps a board that cannot be read".into()))?;
    if Sudoku::from_line(&g.puzzle).ok() != Some(board.givens()) {
        return Err(damaged("keeps a board without its puzzle's givens".into()));
    }
    Ok(Game { board, solution })
}

/// `extra` (an object) with the board's cells and clashes, and the board to keep.
fn board_json(board: &Board, mut extra: Value) -> Value {
    let view = BoardView::new(board);
    if let Value::Object(fields) = &mut extra {
        fields.insert("cells".into(), to_value(&view.cells));
        fields.insert("clashes".into(), to_value(&view.clashes));
        fields.insert("board".into(), to_value(&board.to_stored()));
    }
    extra
}

/// A board read from the cells of a game's view, on the layout of `variant` and `regions`.
fn board_of_cells(
    variant: Option<&str>,
    regions: Option<&str>,
    cells: &[CellIn],
) -> Result<Board, Refusal> {
    let layout = VariantRegions::read(variant, regions)?.layout()?;
    let invalid = |message: String| Refusal::new(Problem::Invalid, message);
    if cells.len() != 81 {
        return Err(invalid(format!(
            "a board has 81 cells, got {}",
            cells.len()
        )));
    }
    let mask = |ds: &[u8]| -> Result<u16, Refusal> {
        ds.iter().try_fold(0u16, |m, &d| match d {
            1..=9 => Ok(m | 1 << (d - 1)),
            _ => Err(invalid(format!("digit must be from 1 to 9, got {d}"))),
        })
    };
    let mut stored = StoredBoard {
        v: String::with_capacity(81),
        o: String::with_capacity(81),
        n: Vec::with_capacity(81),
        c: Vec::with_capacity(81),
        k: Vec::with_capacity(81),
    };
    for cell in cells {
        let (v, o) = match (cell.value, cell.origin) {
            (Some(d @ 1..=9), Some(o)) => (char::from(b'0' + d), o.code()),
            (None, None) => ('.', '.'),
            _ => return Err(invalid("a cell's digit and origin go together".into())),
        };
        stored.v.push(v);
        stored.o.push(o);
        stored.n.push(mask(&cell.candidates)?);
        stored.c.push(mask(&cell.centre)?);
        stored.k.push(mask(&cell.corner)?);
    }
    Board::from_stored(&stored, &layout).ok_or_else(|| invalid("the board cannot be read".into()))
}

/// `move` played on the board a game's view shows, for the page to show it at once while the
/// server (which keeps the solution, and counts mistakes) has not answered yet: the cells and
/// clashes after it, or the board as it was when the move is refused.
fn preview(
    variant: Option<&str>,
    regions: Option<&str>,
    cells: &[CellIn],
    mv: &Move,
    tidy: bool,
) -> Result<Value, Refusal> {
    let mut board = board_of_cells(variant, regions, cells)?;
    // A refused move leaves the board as it is: the server's answer says why.
    let _ = board.apply_tidy(mv, tidy);
    Ok(board_json(&board, json!({})))
}

/// A move on a game: 409 `conflict` on a solved game, 422 `invalid` for a move the rules
/// refuse (a cell or digit off the board, a given changed), as the server answers them.
fn play(game: &GameIn, mv: &Move, tidy: bool) -> Result<Value, Refusal> {
    let g = read_game(game)?;
    if g.board.is_solved(&g.solution) {
        return Err(Refusal::new(
            Problem::Conflict,
            "this game is already solved",
        ));
    }
    let mut board = g.board.clone();
    board
        .apply_tidy(mv, tidy)
        .map_err(|e| Refusal::new(Problem::Invalid, e.to_string()))?;
    let changed = board != g.board;
    let mistake = changed && nonet_game::is_mistake(mv, &g.solution);
    let solved = board.is_solved(&g.solution);
    Ok(board_json(
        &board,
        json!({ "changed": changed, "mistake": mistake, "solved": solved }),
    ))
}

/// The bot's step (`by_bot`) or the hint's step applied for the player.
fn next_step(game: &GameIn, by_bot: bool) -> Result<Value, Refusal> {
    let g = read_game(game)?;
    if g.board.is_solved(&g.solution) {
        return Ok(board_json(
            &g.board,
            json!({ "action": ActionView::solved(), "solved": true }),
        ));
    }
    if !by_bot {
        nonet_game::may_apply_hint(&g.board, &g.solution)
            .map_err(|e| Refusal::new(Problem::Conflict, e.to_string()))?;
    }
    let (board, action) = nonet_game::bot_step(&g.board, &g.solution)
        .map_err(|stuck| Refusal::new(Problem::Conflict, stuck.to_string()))?;
    let solved = board.is_solved(&g.solution);
    Ok(board_json(
        &board,
        json!({ "action": ActionView::bot(&action, board.layout()), "solved": solved }),
    ))
}

/// A new game (`new_game`): the fields checked as the server checks them, in its order
/// ([`VariantRegions::read`], [`NewGameRequest::check_fields`], then [`own_game`] for a
/// player's own puzzle and progress, or the level), then generated or rated here.
fn new_game(asked: NewGameRequest) -> Result<Value, Refusal> {
    let mut vr = VariantRegions::read(asked.variant.as_deref(), asked.regions.as_deref())?;
    asked.check_fields()?;
    let variant = vr.variant;
    let mut progress = None;
    let (puzzle, solution, rating, seed) = match &asked.puzzle {
        Some(text) => {
            let puzzle = vr.own_puzzle(text)?;
            let on = Puzzle::new(puzzle, vr.layout()?);
            let own = own_game(&on, variant, asked.pencil.as_deref())?;
            progress = own.progress;
            (puzzle, own.solution, nonet_game::rating(&on), None)
        }
        None => {
            let aim = read_aim(asked.level.as_deref().unwrap_or("easy"))?;
            let seed = asked.seed.ok_or_else(|| {
                // The engine reads no clock and draws no randomness: the page picks the seed.
                Refusal::new(Problem::Invalid, "a new game from a level needs its seed")
            })?;
            // A jigsaw given no map gets one from the generator, as on the server.
            let made = Generator::new(GenerateOptions::for_game(aim, variant, vr.regions.take()))
                .and_then(|generator| generator.generate(seed))
                .map_err(|e| Refusal::from(&e))?;
            let rating = match made.rating {
                Some(r) => Some((r.er, r.level)),
                None => nonet_game::rating(&Puzzle::new(made.puzzle, made.layout())),
            };
            vr.regions = made.regions;
            (made.puzzle, made.solution, rating, Some(seed.to_string()))
        }
    };
    let regions = vr.regions.clone();
    let layout = vr.layout()?;
    let board = Board::new(&Puzzle::new(puzzle, layout.clone()));
    Ok(json!({
        "puzzle": puzzle.to_line(),
        "solution": solution.to_line(),
        "level": rating.map(|r| r.1.name()),
        "rating": rating.map(|r| r.0),
        "seed": seed,
        "variant": variant.to_string(),
        "regions": regions.as_ref().map(RegionMap::to_line),
        "layout": LayoutView::new(variant, regions.as_ref(), &layout),
        "board": board.to_stored(),
        "progress": progress.map(|b| b.to_stored()),
    }))
}
