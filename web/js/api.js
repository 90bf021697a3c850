// The JSON API client. Every call returns the parsed JSON or throws an ApiError carrying the
// server's message (the server always answers errors as {"error": {"code", "message"}}, some
// with more fields, such as a broken region map's `rule` and `region`: `ApiError.detail`).
//
// Requests that change a game name the version of it the page last saw; if another tab or
// window changed it since, the server answers 409 `stale` with the game as it stands
// (`ApiError.game`), and the page shows that instead of overwriting it.

/**
 * Texts for people of the errors whose words are the machine's: the server's short notes
 * (`internal server error`) and answers that are no JSON error (`http`, a status line).
 */
const FRIENDLY = {
  busy: 'The server is busy with other puzzles. Try again in a moment.',
  internal: 'Something went wrong on the server (its log says what). Try again, or reload the page.',
  abandoned: 'The search stopped before it had an answer. Try again.',
  http: 'The server gave an answer the page cannot read. Try again in a moment.',
};

/**
 * What the player is shown of an error: the friendly text of its `code` if there is one, else
 * its `message` as a sentence. The server's and the engine's messages are mostly lower-case
 * fragments ("the server is busy ...; try again in a moment"), written to go after a colon:
 * shown alone, they begin with a capital letter and end with a full stop.
 */
export function sayable(code, message) {
  if (FRIENDLY[code]) return FRIENDLY[code];
  const text = String(message ?? '').trim();
  if (!text) return 'Something went wrong. Try again.';
  // A cell's name keeps its case ("r5c5 ..."), as the board and the docs write it.
  const capital = /^r\dc\d/.test(text) ? text : text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

export class ApiError extends Error {
  /**
   * `message` is the server's (or the engine's) as it came, kept as `said`; the error's own
   * `message`, the one the page shows, is that made a sentence (`sayable`): every call site
   * shows an error as it is.
   */
  constructor(status, code, message, game = null, detail = null) {
    super(sayable(code, message));
    /** The message as the server or engine wrote it, for a page that builds on its words. */
    this.said = message;
    this.status = status;
    this.code = code;
    this.game = game;
    /** The server's whole `error` object (code, message and any further fields), if any. */
    this.detail = detail;
  }

  /** Whether the game changed elsewhere since the version the request named. */
  get stale() {
    return this.status === 409 && this.code === 'stale' && this.game != null;
  }
}

/**
 * This page's id, sent with every request (`X-Nonet-Client`): the server shares the engine's
 * work per page, so one page asking for much cannot keep another's hints waiting.
 */
const CLIENT = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

async function call(method, path, body, { keepalive = false, signal } = {}) {
  const opts = { method, headers: { Accept: 'application/json', 'X-Nonet-Client': CLIENT }, keepalive, signal };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api${path}`, opts);
  } catch (e) {
    throw new ApiError(0, 'offline', 'The nonet server is not answering. Is `nonet play` still running?');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, data?.error?.code ?? 'http', data?.error?.message ?? res.statusText, data?.game ?? null, data?.error ?? null);
  }
  return data;
}

/** The client of `nonet play`'s JSON API. */
const serverApi = {
  levels: () => call('GET', '/levels'),
  stats: () => call('GET', '/stats'),
  /** `body`: `{ puzzle, variant?, regions? }`. */
  checkPuzzle: (body) => call('POST', '/puzzles/check', body),
  /** `body`: `{ variant?, regions? }`: the layout as a game carries it, or a 422 naming the map's problem. */
  layout: (body) => call('POST', '/layout', body),
  createGame: (body) => call('POST', '/games', body),
  /** `body`: `{ date: 'YYYY-MM-DD', level }`: that day's puzzle of the level (the same game each time). */
  daily: (body) => call('POST', '/daily', body),
  listGames: () => call('GET', '/games'),
  getGame: (id) => call('GET', `/games/${id}`),
  /** The board as a pencil-mark grid: `{ puzzle, pencil }`. */
  progress: (id) => call('GET', `/games/${id}/progress`),
  deleteGame: (id) => call('DELETE', `/games/${id}`),
  move: (id, move, version) => call('POST', `/games/${id}/moves`, { ...move, version }),
  undo: (id, elapsed_ms, version) => call('POST', `/games/${id}/undo`, { elapsed_ms, version }),
  redo: (id, elapsed_ms, version) => call('POST', `/games/${id}/redo`, { elapsed_ms, version }),
  clock: (id, elapsed_ms, keepalive = false) => call('PUT', `/games/${id}/clock`, { elapsed_ms }, { keepalive }),
  check: (id) => call('POST', `/games/${id}/check`),
  hint: (id, elapsed_ms, version) => call('POST', `/games/${id}/hint`, { elapsed_ms, version }),
  /** Plays the step the hint showed as the player's move (the game stays the player's, not the bot's). */
  applyHint: (id, elapsed_ms, version) => call('POST', `/games/${id}/hint/apply`, { elapsed_ms, version }),
  bot: (id, elapsed_ms, version) => call('POST', `/games/${id}/bot`, { elapsed_ms, version }),
  /** The bot plays the singles and stops before the first harder step (`next`). */
  botSingles: (id, elapsed_ms, version) => call('POST', `/games/${id}/bot/singles`, { elapsed_ms, version }),
  /** The puzzle's logical path from its givens, each step with the position before it. */
  path: (id) => call('GET', `/games/${id}/path`),
  /** `claim`: `{ technique, cells?, digits?, pattern?, placements?, eliminations? }`. */
  checkStep: (id, claim, version) => call('POST', `/games/${id}/check-step`, { ...claim, version }),
  learn: () => call('GET', '/learn'),
  learnTechnique: (code) => call('GET', `/learn/${encodeURIComponent(code)}`),
  /**
   * Three puzzles to practise technique `code` (generated, with drills, or the stock's);
   * aborting `signal` drops the request, and the server stops generating.
   */
  learnPractice: (code, signal) => call('GET', `/learn/${encodeURIComponent(code)}/practice`, undefined, { signal }),
};

/** Which backend answers: `server` or `local` (set by {@link chooseBackend}). */
export let backend = 'server';

let chosen = null;

/**
 * Picks the backend once (the first call of the API waits for it) and loads the engine, which
 * the server's page uses too, to show a move before the server's answer. A page served as
 * static files (its `nonet-backend` meta says `local`) answers its API itself (local.js): the
 * engine as WebAssembly and the games in IndexedDB; without the engine it cannot play, and
 * every call says so.
 */
export function chooseBackend() {
  chosen ??= (async () => {
    const { loadEngine } = await import('./engine.js');
    const loaded = await loadEngine();
    if (document.querySelector('meta[name="nonet-backend"]')?.content !== 'local') return serverApi;
    if (!loaded) throw new ApiError(503, 'no_engine', 'The game engine (nonet.wasm) could not be loaded.');
    const { localApi } = await import('./local.js');
    backend = 'local';
    return localApi;
  })();
  return chosen;
}

/** The page's API: the server's (`nonet play`) or the page's own, with the same calls and answers. */
export const api = Object.fromEntries(Object.keys(serverApi).map((name) => [
  name,
  async (...args) => (await chooseBackend())[name](...args),
]));
