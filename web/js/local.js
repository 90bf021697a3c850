// The page's own backend, for when no nonet server answers (the page served as static files,
// or installed as an app): the same calls as api.js's server client, with the same answers,
// made by the engine as WebAssembly (engine.js) and kept in this browser's IndexedDB.
//
// A game is kept as one record: the puzzle, its solution, variant and layout, the history of
// its boards (the server's stored form) with the cursor of the current one (undo and redo move
// it, a change drops the boards after it), a version bumped by every change of the board, the
// timer and the counts the statistics read. A change reads the record, checks the version the
// page named (409 `stale` with the game as it stands, as the server answers when another tab
// changed it first), asks the engine (in its worker: the answer comes later, so not inside an
// IndexedDB transaction, which would commit meanwhile) and writes the record back in one
// transaction only if no other write came between (its `rev`), else does it all again.

import { ApiError } from './api.js';
import { engine } from './engine.js';

/** How long a stated deduction may take to check: the server's deadline (`out_of_time`). */
const CHECK_STEP_MS = 10_000;

const DB = 'nonet';
const STORE = 'games';

let opening = null;

function db() {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new ApiError(507, 'storage', `This browser's storage refused the games: ${req.error?.message ?? 'unknown error'}`));
  });
  return opening;
}

/** Runs `work(store)` in one transaction of mode `mode`; resolves with its result once committed. */
async function transact(mode, work) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const store = tx.objectStore(STORE);
    let result;
    let failure = null;
    Promise.resolve(work(store)).then((r) => { result = r; }, (e) => { failure = e; tx.abort(); });
    tx.oncomplete = () => resolve(result);
    tx.onabort = () => reject(failure ?? new ApiError(507, 'storage', `Could not save the game: ${tx.error?.message ?? 'aborted'}`));
  });
}

/** One request of an object store as a promise. */
function ask(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function notFound() {
  return new ApiError(404, 'not_found', 'no such game');
}

/** The game's record as the engine reads it. */
function gameIn(r) {
  return { puzzle: r.puzzle, solution: r.solution, variant: r.variant, regions: r.regions, board: r.history[r.cursor] };
}

const finished = (r) => r.finished_at != null;

/** A record as the server's game JSON (never the solution). */
function view(r) {
  return {
    id: r.id,
    puzzle: r.puzzle,
    source: r.source,
    level: r.level,
    rating: r.rating,
    seed: r.seed,
    created_at: r.created_at,
    updated_at: r.updated_at,
    elapsed_ms: r.elapsed_ms,
    finished: finished(r),
    bot_used: r.bot_used,
    hints: r.hints,
    mistakes: r.mistakes,
    daily: r.daily,
    finished_at: r.finished_at,
    version: r.version,
    can_undo: !finished(r) && r.cursor > 0,
    can_redo: !finished(r) && r.cursor < r.history.length - 1,
    layout: r.layout,
    cells: r.cells,
    clashes: r.clashes,
  };
}

/** A record as a game in the list. */
function summary(r) {
  const { cells, clashes, layout, version, can_undo, can_redo, finished_at, ...common } = view(r);
  const board = cells.map((c) => (c.value ? String(c.value) : '.')).join('');
  return {
    ...common,
    board,
    variant: r.variant,
    regions: r.regions,
    boxes: layout.boxes,
    filled: cells.filter((c) => c.value).length,
  };
}

function checkVersion(r, version) {
  if (version != null && version !== r.version) {
    throw new ApiError(409, 'stale', `this game changed since version ${version}: it is now version ${r.version}`, view(r));
  }
}

function applyElapsed(r, ms) {
  if (ms != null && !finished(r)) r.elapsed_ms = Math.max(r.elapsed_ms, Math.round(ms));
}

/** Keeps the engine's answer `a` (a new board with its cells and clashes) as the record's current board. */
function keepBoard(r, a) {
  r.history = [...r.history.slice(0, r.cursor + 1), a.board];
  r.cursor = r.history.length - 1;
  r.cells = a.cells;
  r.clashes = a.clashes;
  r.version += 1;
  if (a.solved && !finished(r)) r.finished_at = Date.now();
}

/**
 * Reads game `id`, lets `change(record)` change it (or throw; it may wait for the engine),
 * writes it back unless another write came first (then starts again with the record as that
 * write left it); resolves with the record and what `change` returned.
 */
async function update(id, change) {
  for (;;) {
    const r = await read(id);
    const rev = r.rev ?? 0;
    const out = await change(r);
    r.updated_at = Date.now();
    r.rev = rev + 1;
    const written = await transact('readwrite', async (store) => {
      const now = await ask(store.get(Number(id)));
      if (!now) throw notFound();
      if ((now.rev ?? 0) !== rev) return false;
      await ask(store.put(r));
      return true;
    });
    if (written) return { r, out };
  }
}

async function read(id) {
  const r = await transact('readonly', (store) => ask(store.get(Number(id))));
  if (!r) throw notFound();
  return r;
}

/** A seed below 2^53, as the server draws one (JavaScript numbers hold it exactly). */
function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

async function createGame(body) {
  const own = body.puzzle != null;
  const seed = own ? undefined : body.seed ?? randomSeed();
  const made = await engine('new_game', { ...body, ...(own ? {} : { seed }) });
  return keep(made, { source: own ? 'custom' : body.seed != null ? 'seed' : 'level' });
}

/** Keeps the engine's new game `made` with the fields of `own` (source, daily, level) as a new record. */
async function keep(made, own) {
  const now = Date.now();
  const { puzzle, solution, variant, regions } = made;
  const board = made.progress ?? made.board;
  const start = await engine('view', { game: { puzzle, solution, variant, regions, board } });
  const record = {
    puzzle: made.puzzle,
    solution: made.solution,
    variant: made.variant,
    regions: made.regions,
    layout: made.layout,
    level: made.level,
    rating: made.rating,
    seed: made.seed,
    created_at: now,
    updated_at: now,
    elapsed_ms: 0,
    finished_at: null,
    bot_used: false,
    hints: 0,
    mistakes: 0,
    daily: null,
    // Progress from a share link is the game's first move: undo goes back to the bare puzzle.
    history: made.progress ? [made.board, made.progress] : [made.board],
    cursor: made.progress ? 1 : 0,
    // As the server numbers it: 0 for a new game, 1 once the progress is its first move.
    version: made.progress ? 1 : 0,
    cells: start.cells,
    clashes: start.clashes,
    ...own,
  };
  record.id = await transact('readwrite', (store) => ask(store.add(record)));
  return view(record);
}

/** The daily puzzle of `body.level` for `body.date`: the game there is, else made from the date's seed. */
async function daily(body) {
  const all = await transact('readonly', (store) => ask(store.getAll()));
  const had = all.find((r) => r.daily === body.date && r.level === body.level);
  if (had) return view(had);
  const made = await engine('daily', { date: body.date, level: body.level });
  // The level asked for names the daily game, whatever finer rating it got.
  return keep(made, { source: 'daily', daily: body.date, level: body.level });
}

async function listGames() {
  const all = await transact('readonly', (store) => ask(store.getAll()));
  all.sort((a, b) => b.updated_at - a.updated_at || b.id - a.id);
  return {
    in_progress: all.filter((r) => !finished(r)).map(summary),
    finished: all.filter(finished).map(summary),
    damaged: [],
  };
}

async function stats() {
  const all = await transact('readonly', (store) => ask(store.getAll()));
  all.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  const games = all.map((r) => ({
    key: r.source === 'custom' ? 'custom' : r.level ?? 'custom',
    finished_at: r.finished_at,
    bot_used: r.bot_used,
    hints: r.hints,
    mistakes: r.mistakes,
    elapsed_ms: r.elapsed_ms,
  }));
  return engine('stats', { games });
}

/**
 * A move on game `id`, called as api.js's `move`: `body` is the move with the timer (and the
 * page's client id and sequence number, which only a server needs), `version` the game's
 * version the page saw (409 `stale` if the game changed since).
 */
async function move(id, body, version) {
  const { elapsed_ms, client, seq, tidy, ...mv } = body;
  const { r } = await update(id, async (r) => {
    checkVersion(r, version);
    if (finished(r)) throw new ApiError(409, 'conflict', 'this game is already solved');
    applyElapsed(r, elapsed_ms);
    const a = await engine('move', { game: gameIn(r), move: mv, tidy: tidy ?? true });
    if (a.changed) {
      if (a.mistake) r.mistakes += 1;
      keepBoard(r, a);
    }
  });
  return { ...view(r), applied: true };
}

async function history(id, elapsed_ms, version, delta) {
  const { r } = await update(id, async (r) => {
    checkVersion(r, version);
    applyElapsed(r, elapsed_ms);
    const target = r.cursor + delta;
    if (finished(r) || target < 0 || target >= r.history.length) return;
    r.cursor = target;
    const v = await engine('view', { game: gameIn(r) });
    r.cells = v.cells;
    r.clashes = v.clashes;
    r.version += 1;
  });
  return view(r);
}

async function hint(id, elapsed_ms, version) {
  const r0 = await read(id);
  checkVersion(r0, version);
  if (finished(r0)) return { kind: 'solved', message: 'This puzzle is solved.' };
  const a = await engine('hint', { game: gameIn(r0) });
  await update(id, (r) => {
    applyElapsed(r, elapsed_ms);
    if (a.counts) r.hints += 1;
  });
  return a.hint;
}

/** The bot's step (`byBot`) or a hint's step applied for the player. */
async function nextStep(id, elapsed_ms, version, byBot) {
  const { r, out } = await update(id, async (r) => {
    checkVersion(r, version);
    if (finished(r)) return { kind: 'solved', message: 'This puzzle is solved.' };
    applyElapsed(r, elapsed_ms);
    const a = await engine(byBot ? 'bot' : 'apply', { game: gameIn(r) });
    keepBoard(r, a);
    r.bot_used ||= byBot;
    return a.action;
  });
  return { action: out, game: view(r) };
}

async function botSingles(id, elapsed_ms, version) {
  const { r, out } = await update(id, async (r) => {
    checkVersion(r, version);
    applyElapsed(r, elapsed_ms);
    if (finished(r)) return { placed: [], next: null };
    const a = await engine('singles', { game: gameIn(r) });
    if (a.placed.length) {
      keepBoard(r, a);
      r.bot_used = true;
    }
    return { placed: a.placed, next: a.next };
  });
  return { ...out, game: view(r) };
}

async function clock(id, elapsed_ms) {
  const { r } = await update(id, (r) => applyElapsed(r, elapsed_ms));
  return { elapsed_ms: r.elapsed_ms, finished: finished(r) };
}

/** The page's API answered here, with no server: the same calls and answers as api.js's. */
export const localApi = {
  levels: async () => engine('levels'),
  stats,
  checkPuzzle: async (body) => engine('check_puzzle', body),
  layout: async (body) => engine('layout', body),
  createGame,
  daily,
  listGames,
  getGame: async (id) => view(await read(id)),
  progress: async (id) => engine('progress', { game: gameIn(await read(id)) }),
  deleteGame: async (id) => {
    await transact('readwrite', (store) => ask(store.delete(Number(id))));
    return null;
  },
  move,
  undo: (id, elapsed_ms, version) => history(id, elapsed_ms, version, -1),
  redo: (id, elapsed_ms, version) => history(id, elapsed_ms, version, 1),
  clock,
  check: async (id) => engine('check', { game: gameIn(await read(id)) }),
  hint,
  applyHint: (id, elapsed_ms, version) => nextStep(id, elapsed_ms, version, false),
  bot: (id, elapsed_ms, version) => nextStep(id, elapsed_ms, version, true),
  botSingles,
  path: async (id) => engine('path', { game: gameIn(await read(id)) }),
  checkStep: async (id, claim, version) => {
    const r = await read(id);
    checkVersion(r, version);
    // A stated chain can send the engine searching for minutes, and hints wait behind it in
    // the worker: past the server's deadline the call is dropped (its worker stopped) and
    // answered as the server answers it.
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), CHECK_STEP_MS);
    try {
      return await engine('check_step', { game: gameIn(r), claim }, { signal: ctrl.signal });
    } catch (e) {
      if (!ctrl.signal.aborted) throw e;
      throw new ApiError(422, 'out_of_time', `This deduction could not be checked within ${CHECK_STEP_MS / 1000} s: the search it needs on this position takes longer than the game allows.`);
    } finally {
      clearTimeout(timer);
    }
  },
  // Learn: the catalogue, a technique's page with its worked example, practice puzzles made
  // from a fresh seed (a call the page drops stops the generator with the engine's worker).
  learn: async () => engine('learn'),
  learnTechnique: async (code) => engine('learn_technique', { code }),
  learnPractice: async (code, signal) => engine('learn_practice', { code, seed: randomSeed() }, { signal }),
};
