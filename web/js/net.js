// Moves that never vanish: the outbox of moves not yet saved by the server, kept in
// localStorage (so a reload, or a crash of the page, keeps them), and the board as the player
// sees it, which is the server's last game with those moves played on it by the engine in the page
// (engine.js: nonet-game's rules built as WebAssembly; the page has no rules of its own).
//
// Every move carries this page's client id and a sequence number; the server remembers the
// highest one it applied per game and client, so a move resent after a lost answer (the server
// died after saving it, before answering) is not played twice. A page that starts adopts the
// moves left by pages that are gone (a reload), keeping their ids.

import { engineNow, engineReady } from './engine.js';

const PREFIX = 'nonet-pending:';
const ALIVE = 'nonet-alive:';
const GAME = 'nonet-game:';
const LAST = 'nonet-last-game';
/** A page whose heartbeat is older than this is gone: its moves may be adopted. */
const GONE_MS = 10000;

function randomId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v == null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Storage full or refused (a private window): the outbox still holds the move in memory
    // and sends it; it is just not kept across a reload.
    return false;
  }
}

/** The moves of one page not yet saved by the server, per game, persisted. */
export class Outbox {
  constructor() {
    this.client = randomId();
    this.seq = 0;
    /** This page's outbox per game, in memory (storage is its copy for a reload). */
    this.lists = new Map();
    this.beat();
    setInterval(() => this.beat(), 2000);
    window.addEventListener('pagehide', () => localStorage.removeItem(ALIVE + this.client));
  }

  beat() {
    write(ALIVE + this.client, Date.now());
  }

  key(gameId) {
    return `${PREFIX}${gameId}:${this.client}`;
  }

  /** This page's moves waiting for game `gameId`, oldest first. */
  pending(gameId) {
    if (!this.lists.has(gameId)) this.lists.set(gameId, read(this.key(gameId), []));
    return [...this.lists.get(gameId)];
  }

  /** Sets the moves waiting for game `gameId` (in memory, and in storage when it takes them). */
  store(gameId, list) {
    this.lists.set(gameId, list);
    if (list.length) write(this.key(gameId), list);
    else localStorage.removeItem(this.key(gameId));
  }

  /** Queues `move` (a move object) for game `gameId`; returns the entry kept. */
  push(gameId, move, elapsed_ms) {
    const entry = { client: this.client, seq: ++this.seq, move, elapsed_ms };
    this.store(gameId, [...this.pending(gameId), entry]);
    return entry;
  }

  /** Drops the entry `entry` (saved, refused or taken back). */
  remove(gameId, entry) {
    this.store(gameId, this.pending(gameId).filter((e) => !(e.client === entry.client && e.seq === entry.seq)));
  }

  /**
   * Takes over the moves that pages now gone left for game `gameId` (a reload, a closed tab),
   * older first, ahead of this page's own: they were made before.
   */
  adopt(gameId) {
    const mine = this.key(gameId);
    const orphans = [];
    for (let n = 0; n < localStorage.length; n++) {
      const k = localStorage.key(n);
      if (!k?.startsWith(`${PREFIX}${gameId}:`) || k === mine) continue;
      const owner = k.slice(`${PREFIX}${gameId}:`.length);
      const beat = read(ALIVE + owner, 0);
      if (Date.now() - beat < GONE_MS) continue;
      orphans.push(k);
    }
    if (!orphans.length) return;
    const taken = orphans.flatMap((k) => read(k, []));
    this.store(gameId, [...taken, ...this.pending(gameId)]);
    for (const k of orphans) localStorage.removeItem(k);
  }

  /** Forgets every move waiting for game `gameId` (the game was deleted). */
  forget(gameId) {
    const keys = [];
    for (let n = 0; n < localStorage.length; n++) {
      const k = localStorage.key(n);
      if (k?.startsWith(`${PREFIX}${gameId}:`) || k === GAME + gameId) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
    this.lists.delete(gameId);
  }
}

/**
 * Keeps the server's latest game `g`, to show it (with its waiting moves) while offline. Only
 * the games that still have moves waiting are kept beside it, so storage never fills up with
 * old games (which would leave no room for the moves).
 */
export function keepGame(g) {
  const keys = [];
  for (let n = 0; n < localStorage.length; n++) keys.push(localStorage.key(n));
  const waiting = new Set(keys.filter((k) => k?.startsWith(PREFIX)).map((k) => k.slice(PREFIX.length).split(':')[0]));
  for (const k of keys) {
    if (k?.startsWith(GAME) && k !== GAME + g.id && !waiting.has(k.slice(GAME.length))) localStorage.removeItem(k);
  }
  write(GAME + g.id, g);
  write(LAST, g.id);
}

/** The last game kept for `id`, or null. */
export function keptGame(id) {
  return read(GAME + id, null);
}

/** The id of the game played last in this browser, or null. */
export function lastGameId() {
  return read(LAST, null);
}

// ---- the board as the player sees it -------------------------------------------------------

/**
 * The game view `g` with `move` played on it by the engine (`preview`: the rules of
 * `nonet_game::Board`, the Rust code the server plays by, built as WebAssembly), to show it
 * before the server's answer. Without the engine (a server built without the wasm32 target)
 * the move shows when the server has played it. A move the server would refuse leaves the
 * cells as they are.
 */
function played(g, move) {
  if (!engineReady()) return g;
  const { tidy, ...mv } = move;
  try {
    const a = engineNow('preview', { variant: g.layout.variant, regions: g.layout.regions, cells: g.cells, move: mv, tidy: tidy ?? true });
    return { ...g, cells: a.cells, clashes: a.clashes, can_undo: true, can_redo: false };
  } catch {
    return g;
  }
}

/** The game as the player sees it: the server's game `base` with the moves `entries` played. */
export function withPending(base, entries) {
  return entries.reduce((g, e) => played(g, e.move), base);
}

// ---- sending ---------------------------------------------------------------------------------

/** Whether a failed request never reached a working server (so it is worth sending again). */
function unreachable(e) {
  return e.status === 0 || e.status === 502 || e.status === 504 || (e.status === 503 && e.code === 'busy');
}

/** Whether two views of one cell show the same digit and pencil marks. */
export function sameCell(a, b) {
  const same = (x, y) => x.length === y.length && x.every((d, k) => d === y[k]);
  return a.value === b.value && a.origin === b.origin && same(a.candidates ?? [], b.candidates ?? [])
    && same(a.centre, b.centre) && same(a.corner, b.corner);
}

/**
 * The link between the game controller and the server for moves: queues each move in the
 * outbox and shows it at once, sends the outbox in order one move at a time, waits and tries
 * again while the server is unreachable (the timer stops meanwhile, and the page says how many
 * moves wait), and redraws from each answer with the moves still waiting played on top.
 */
export class Sync {
  /**
   * @param {object} ctrl the game controller: `game`, `layout`, `timer`, `elapsed()`,
   *   `render()`, `applyGame(g)` and `failed(e, id)`
   * @param {{move(id:number, body:object, version:number):Promise<object>}} api
   */
  constructor(ctrl, api) {
    this.ctrl = ctrl;
    this.api = api;
    this.outbox = new Outbox();
    /** The game as the server last sent it. */
    this.base = null;
    this.offline = false;
    this.running = null;
    this.inFlight = null;
    this.retries = 0;
    this.wake = null;
    window.addEventListener('online', () => this.wake?.());
  }

  /** The moves waiting for game `id`. */
  waiting(id) {
    return this.outbox.pending(id);
  }

  /** Takes `g` from the server: keeps it, and returns the view with the waiting moves on it. */
  take(g, layout) {
    this.base = g;
    keepGame(g);
    return withPending(g, this.outbox.pending(g.id));
  }

  /** A game is opened: its moves left by an earlier page are adopted and sent. */
  opened(g, layout) {
    this.outbox.adopt(g.id);
    const view = this.take(g, layout);
    this.show();
    // Once the controller shows the view (it takes it from this call).
    Promise.resolve().then(() => this.flush());
    return view;
  }

  /** Queues `move` on the game on screen; returns the view with it played. */
  push(move) {
    const c = this.ctrl;
    this.outbox.push(c.game.id, move, c.elapsed());
    const view = played(c.game, move);
    this.show();
    this.flush();
    return view;
  }

  /**
   * Takes back the latest move that is still waiting and not on its way (an undo before the
   * server saw it); the view without it, or null if there is none.
   */
  takeBack() {
    const c = this.ctrl;
    const list = this.outbox.pending(c.game.id);
    const last = list[list.length - 1];
    if (!last || (this.inFlight && last.client === this.inFlight.client && last.seq === this.inFlight.seq)) return null;
    this.outbox.remove(c.game.id, last);
    this.show();
    return withPending(this.base, this.outbox.pending(c.game.id));
  }

  /** Sends what waits, in order; resolves when nothing waits for the game on screen. */
  flush() {
    this.running ??= this.drain().finally(() => { this.running = null; });
    return this.running;
  }

  async drain() {
    for (;;) {
      const c = this.ctrl;
      const base = this.base;
      if (!c.game || !base || base.id !== c.game.id) return;
      const id = base.id;
      const [entry] = this.outbox.pending(id);
      if (!entry) {
        this.setOffline(false);
        return;
      }
      this.inFlight = entry;
      let g;
      try {
        g = await this.send(id, entry, base);
      } catch (e) {
        this.inFlight = null;
        if (unreachable(e)) {
          this.setOffline(true);
          await this.pause();
          continue;
        }
        // Refused (a full disk, a game solved elsewhere, another window's change to this very
        // cell): the move is dropped and the page says why.
        this.outbox.remove(id, entry);
        this.setOffline(false);
        if (c.game?.id === id) {
          if (e.stale) this.base = e.game;
          await c.applyGame(this.base);
          c.failed(e, id);
        }
        continue;
      }
      this.inFlight = null;
      this.outbox.remove(id, entry);
      this.setOffline(false);
      if (c.game?.id === id) await c.applyGame(g);
    }
  }

  /**
   * Sends one waiting move on version `base` of the game. If another window changed the game
   * first but left this move's cell as this page saw it, the move still means what the player
   * meant: it is played on the game as it stands.
   */
  async send(id, entry, base) {
    const body = { ...entry.move, elapsed_ms: entry.elapsed_ms, client: entry.client, seq: entry.seq };
    try {
      return await this.api.move(id, body, base.version);
    } catch (e) {
      const cell = entry.move.cell;
      if (!e.stale || cell === undefined || !sameCell(base.cells[cell], e.game.cells[cell])) throw e;
      return this.api.move(id, body, e.game.version);
    }
  }

  /** Waits before trying again: a little longer each time, up to 3 s (or until online). */
  pause() {
    const ms = Math.min(3000, 400 * 2 ** this.retries);
    this.retries += 1;
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(t); resolve(); };
    });
  }

  /** Marks the server unreachable (the timer stops) or back (it runs again). */
  setOffline(on) {
    const t = this.ctrl.timer;
    if (on) {
      this.offline = true;
      // Stopped whenever it runs (a game opened while offline starts its clock afresh).
      if (t.since != null) {
        t.base = this.ctrl.elapsed();
        t.since = null;
        t.offline = true;
        this.ctrl.tick(); // the time it stopped at, now rather than at the next tick
      }
    } else if (this.offline) {
      this.offline = false;
      this.retries = 0;
      if (t.offline && !t.paused && !this.ctrl.game?.finished) t.since = performance.now();
      t.offline = false;
    }
    this.show();
  }

  /** Says "Offline, N moves waiting" while the server is unreachable. */
  show() {
    const s = document.getElementById('net-status');
    if (!s) return;
    const id = this.ctrl.game?.id;
    const n = id == null ? 0 : this.outbox.pending(id).length;
    s.hidden = !this.offline;
    const waiting = n ? `${n} move${n === 1 ? '' : 's'} waiting` : 'no move waiting';
    s.textContent = this.offline ? `Offline, ${waiting}` : '';
  }
}
