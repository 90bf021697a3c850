// Shared pieces of the browser tests: what the page is served by, Debian's Chromium driven by
// playwright-core, screenshots, and a few API shortcuts.
//
// Two targets, picked by NONET_TARGET: `server` (the default), the real `nonet play` binary on
// a free port with a temporary database; `static`, the static copy of the page
// (scripts/build-static.sh: the engine as WebAssembly, games in IndexedDB) served by a plain
// file server in this process, with no nonet process at all. A suite runs on both unless a test
// says it is the server's alone (`serverOnly`, with the reason); in the static target `api`
// calls the page's own API (js/api.js, answered by js/local.js) in the browser the games are
// kept in, and `solve` is a search written here.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const artifacts = path.join(repo, 'test-artifacts');

/** What the page is served by: `server` (`nonet play`) or `static` (files, no nonet process). */
export const TARGET = process.env.NONET_TARGET === 'static' ? 'static' : 'server';
/** Whether the tests run on the static copy. */
export const STATIC = TARGET === 'static';

/**
 * `test`'s options for a test of what only `nonet play` does (its store, its headers, its
 * answers to a hostile client, the page's sync with it): skipped on the static copy, `why`
 * saying why.
 */
export function serverOnly(why) {
  return STATIC ? { skip: `the server's alone: ${why}` } : {};
}

/** A screenshot's name, marked as the static copy's when the tests run on it. */
function shotName(name) {
  return STATIC ? `static-${name}` : name;
}

/** The nonet binary: $NONET_BIN, else the debug build in $CARGO_TARGET_DIR or ./target. */
export function nonetBin() {
  // The static target's promise: the page plays with no nonet process at all.
  if (STATIC) throw new Error('the static target runs no nonet binary');
  const target = process.env.CARGO_TARGET_DIR ? path.resolve(repo, process.env.CARGO_TARGET_DIR) : path.join(repo, 'target');
  const bin = process.env.NONET_BIN ?? path.join(target, 'debug', 'nonet');
  if (!fs.existsSync(bin)) throw new Error(`no nonet binary at ${bin}: run cargo build -p nonet first or set NONET_BIN`);
  return bin;
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'nonet-web-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

let builtSite = null;

/** The static copy of the page: $NONET_STATIC (run-browser-tests.sh builds it), else built now. */
export function staticSite() {
  if (process.env.NONET_STATIC) return process.env.NONET_STATIC;
  if (builtSite) return builtSite;
  const out = path.join(tempDir('nonet-static-'), 'site');
  const r = spawnSync(path.join(repo, 'scripts', 'build-static.sh'), [out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('scripts/build-static.sh failed');
  builtSite = out;
  return out;
}

/**
 * A plain static file server of `dir` on `port` (files by path, `/` as index.html, 404
 * otherwise: no API), as `startServer` answers: `url`, and `stop()`, which also drops the
 * browser's kept-alive connections.
 */
export function serveStatic(dir, port) {
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, p === '/' ? 'index.html' : p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${port}/`,
      files: server,
      get listening() { return server.listening; },
      async stop() {
        if (!server.listening) return;
        await new Promise((r) => {
          server.close(r);
          server.closeAllConnections();
        });
      },
    }));
  });
}

/**
 * Starts what serves the page on `port`: `nonet play --no-open --port <port> --db <db>`
 * (resolves once it prints its URL), or in the static target the static copy's file server.
 */
export function startServer({ db, port }) {
  if (STATIC) return serveStatic(staticSite(), port);
  return new Promise((resolve, reject) => {
    const proc = spawn(nonetBin(), ['play', '--no-open', '--port', String(port), '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`nonet play did not start in time\nstdout: ${out}\nstderr: ${err}`));
    }, 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
        resolve({
          url: m[1],
          proc,
          exited,
          /** Stops the server: SIGTERM (graceful) or SIGKILL (a crash). */
          async stop(signal = 'SIGTERM') {
            if (proc.exitCode == null && proc.signalCode == null) proc.kill(signal);
            return exited;
          },
        });
      }
    });
    proc.stderr.on('data', (d) => { err += d; });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      if (!/serving on/.test(out)) reject(new Error(`nonet play exited with ${code}\nstderr: ${err}`));
    });
  });
}

/** Launches headless Chromium (Debian's /usr/bin/chromium) with a fresh profile. */
export async function launchBrowser({ width = 1200, height = 860, colorScheme = 'light', isMobile = false, hasTouch = false } = {}) {
  const profile = tempDir('nonet-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    colorScheme,
    // No transitions: a check (axe's contrast above all) must see the state, not a fade into it.
    reducedMotion: 'reduce',
    isMobile,
    hasTouch,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Browsers a test file opens besides its session's (a phone, the dark theme): `launch(options)`
 * starts one (`launchBrowser`), and `closeAll` (in `after`) closes those a failed test left open.
 */
export function extraBrowsers() {
  const open = new Set();
  return {
    async launch(options) {
      const b = await launchBrowser(options);
      open.add(b);
      const close = b.close.bind(b);
      b.close = async () => {
        open.delete(b);
        await close();
      };
      return b;
    },
    async closeAll() {
      for (const b of open) await b.close();
    },
  };
}

/**
 * What a test file plays on: `nonet play` on a fresh database and a headless Chromium. `close`
 * stops both and removes the database (set `session.server` first if the test restarted it).
 */
export async function startSession() {
  const dir = tempDir();
  const db = path.join(dir, 'games.db');
  const port = await freePort();
  const server = await startServer({ db, port });
  const browser = await launchBrowser();
  sessionUrl = server.url;
  sessionBrowser = browser;
  return {
    dir, db, port, server, browser, page: browser.page,
    async close() {
      await this.browser.close();
      await this.server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's session, started by the file's `before` (then handed to `started`) and closed by
 * its `after` together with any further browser (`browser(options)`) a failed test left open.
 */
export function fileSession(before, after, started) {
  const extra = extraBrowsers();
  const file = { session: null, browser: (options) => extra.launch(options) };
  before(async () => {
    file.session = await startSession();
    started(file.session);
  });
  after(async () => {
    await extra.closeAll();
    await file.session?.close();
  });
  return file;
}

/** Saves a screenshot to test-artifacts/<name>.png. */
export async function shot(page, name) {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${shotName(name)}.png`) });
}

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on `selector` of the page and returns the violations
 * as readable lines (none: an empty list). axe is evaluated through the devtools protocol, which
 * the page's Content-Security-Policy does not govern, so the page needs no exception for it.
 */
export async function axeViolations(page, selector = 'body') {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(source);
  }
  const result = await page.evaluate((sel) => window.axe.run(sel, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }), selector);
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Gives checks run in the page colour arithmetic, as `window.nonetColours`: `rgba(css)` reads a
 * computed colour (rgb()/rgba() in 0-255; color-mix() results come as color(srgb r g b [/ a])
 * in 0-1) as [r, g, b, a] with r, g, b in 0-255; `over(top, under)` composes a colour with
 * alpha over an opaque one; `ratio(a, b)` is WCAG's contrast ratio of two opaque colours. Call
 * it before each evaluate that uses them (a page load drops them).
 */
export async function colourMath(page) {
  await page.evaluate(() => {
    const rgba = (s) => {
      const v = s.replace('srgb', '').match(/[\d.]+/g).map(Number);
      const k = s.startsWith('color(') ? 255 : 1;
      return [v[0] * k, v[1] * k, v[2] * k, v[3] ?? 1];
    };
    const over = (top, under) => top.slice(0, 3).map((c, k) => c * top[3] + under[k] * (1 - top[3]));
    const lum = (rgb) => {
      const [r, g, b] = rgb.map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (x, y) => {
      const [a, b] = [lum(x), lum(y)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    };
    window.nonetColours = { rgba, over, ratio };
  });
}

/** The URL the session's page is served at (for `api` called with a page). */
let sessionUrl = null;
/** The session's browser: in the static target, where `api` keeps the games. */
let sessionBrowser = null;

/**
 * Calls the game's API from the test, as the page calls it. `base` is the URL the page is
 * served at, or a page (in the static target the games are then those of that page's browser,
 * not the session's). Resolves with `{ status, data }` as the server answers: the JSON, or its
 * error `{ error: { code, message, ... }, game? }`.
 */
export async function api(base, method, p, body) {
  if (STATIC) return localApi(typeof base === 'string' ? sessionBrowser.context : base.context(), method, p, body);
  const url = typeof base === 'string' ? base : sessionUrl;
  const res = await fetch(new URL(`/api${p}`, url), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, data };
}

/** A page of each browser context kept open for `api` calls in the static target. */
const drivers = new WeakMap();

function driverOf(context) {
  if (!drivers.has(context)) {
    drivers.set(context, (async () => {
      const page = await context.newPage();
      await page.goto(sessionUrl);
      await page.waitForSelector('body[data-ready="true"]');
      return page;
    })());
  }
  return drivers.get(context);
}

/**
 * The static target's `api`: the request is answered in a page of `context` by the page's own
 * API (js/api.js, the same calls and answers as the server's; the static copy's come from
 * js/local.js), each route mapped to its call as js/api.js maps them the other way.
 */
async function localApi(context, method, p, body) {
  const driver = await driverOf(context);
  return driver.evaluate(async ([verb, route, b]) => {
    const { api, ApiError } = await import('/js/api.js');
    const [where, search] = route.split('?');
    const [head, id, what, sub] = where.split('/').filter(Boolean);
    const key = [verb, head, id != null && ':id', what, sub].filter(Boolean).join(' ');
    const x = b ?? {};
    const n = Number(id);
    const calls = {
      'GET levels': () => api.levels(),
      'GET stats': () => api.stats(),
      'POST puzzles :id': () => (id === 'check' ? api.checkPuzzle(x) : undefined),
      'POST layout': () => api.layout(x),
      'POST games': () => api.createGame(x),
      'POST daily': () => api.daily(x),
      'GET games': () => api.listGames(),
      'GET games :id': () => api.getGame(n),
      'DELETE games :id': () => api.deleteGame(n),
      'GET games :id progress': () => api.progress(n),
      'POST games :id moves': () => {
        const { version, ...move } = x;
        return api.move(n, move, version);
      },
      'POST games :id undo': () => api.undo(n, x.elapsed_ms, x.version),
      'POST games :id redo': () => api.redo(n, x.elapsed_ms, x.version),
      'PUT games :id clock': () => api.clock(n, x.elapsed_ms),
      'POST games :id check': () => api.check(n),
      'POST games :id hint': () => api.hint(n, x.elapsed_ms, x.version),
      'POST games :id hint apply': () => api.applyHint(n, x.elapsed_ms, x.version),
      'POST games :id bot': () => api.bot(n, x.elapsed_ms, x.version),
      'POST games :id bot singles': () => api.botSingles(n, x.elapsed_ms, x.version),
      'GET games :id path': () => api.path(n),
      'POST games :id check-step': () => {
        const { version, ...claim } = x;
        return api.checkStep(n, claim, version);
      },
      'GET learn': () => api.learn(),
      'GET learn :id': () => api.learnTechnique(decodeURIComponent(id)),
      'GET learn :id practice': () => api.learnPractice(decodeURIComponent(id)),
    };
    if (!calls[key] || search) throw new Error(`the static copy's API has no ${verb} ${route}`);
    const status = { 'POST games': 201, 'DELETE games :id': 204 }[key] ?? 200;
    try {
      return { status, data: await calls[key]() };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const error = e.detail ?? { code: e.code, message: e.said ?? e.message };
      return { status: e.status, data: e.game ? { error, game: e.game } : { error } };
    }
  }, [method, p, body ?? null]);
}

/**
 * Copies the session browser's games into `context`'s (js/local.js's IndexedDB store,
 * `nonet`/`games`), replacing what it had: the static target's stand-in for a shared store.
 */
async function shareGames(context) {
  const games = async (p, records) => p.evaluate(async (put) => {
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('nonet', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id', autoIncrement: true });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction('games', put ? 'readwrite' : 'readonly');
    const store = tx.objectStore('games');
    let all = null;
    if (put) {
      store.clear();
      for (const r of put) store.put(r);
    } else {
      store.getAll().onsuccess = (e) => { all = e.target.result; };
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onabort = () => reject(tx.error);
    });
    db.close();
    return all;
  }, records);
  const records = await games(await driverOf(sessionBrowser.context), null);
  await games(await driverOf(context), records);
}

/**
 * The unique solution of `puzzle` (81 chars): `nonet solve`, or in the static target (no nonet
 * binary there) a search of the standard layout written here.
 */
export function solve(puzzle) {
  if (STATIC) {
    const line = searchSolution(puzzle);
    if (!line) throw new Error(`no unique solution for ${puzzle}`);
    return line;
  }
  const r = spawnSync(nonetBin(), ['solve'], { input: `${puzzle}\n`, encoding: 'utf8' });
  const line = r.stdout.trim();
  if (!/^[1-9]{81}$/.test(line)) throw new Error(`nonet solve gave ${line} ${r.stderr}`);
  return line;
}

/** Each cell's peers on the standard layout. */
const PEERS = Array.from({ length: 81 }, (_, i) => {
  const out = [];
  for (let j = 0; j < 81; j++) if (j !== i && !canGo(['.'.repeat(j), '1', '.'.repeat(80 - j)].join(''), i, 1)) out.push(j);
  return out;
});

/**
 * The solution of a standard puzzle if it has exactly one (else null): a depth-first search
 * that fills the cell with the fewest digits left first, stopping at a second solution.
 */
function searchSolution(puzzle) {
  const grid = [...puzzle].map((c) => (/[1-9]/.test(c) ? Number(c) : 0));
  if (grid.some((d, i) => d && PEERS[i].some((j) => grid[j] === d))) return null;
  let found = null;
  let count = 0;
  const go = () => {
    let best = -1;
    let options = null;
    for (let i = 0; i < 81 && options?.length !== 0; i++) {
      if (grid[i]) continue;
      const used = new Set(PEERS[i].map((j) => grid[j]));
      const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !used.has(d));
      if (!options || left.length < options.length) [best, options] = [i, left];
    }
    if (best < 0) {
      count += 1;
      found ??= grid.join('');
      return;
    }
    for (const d of options) {
      grid[best] = d;
      go();
      grid[best] = 0;
      if (count > 1) return;
    }
  };
  go();
  return count === 1 ? found : null;
}

/**
 * Opens the page at `hash` and waits until the app has started. In the static target a
 * browser other than the session's (a phone, the dark theme) first gets the session's games,
 * as every browser of a server sees its games: a copy as they are now (what it plays stays
 * its own; `api(page, ...)` reads it).
 */
export async function open(page, url, hash = '') {
  if (STATIC && sessionBrowser && page.context() !== sessionBrowser.context) await shareGames(page.context());
  await page.goto(`${url}${hash}`);
  await page.waitForSelector('body[data-ready="true"]');
}

/** Whether digit d may go in cell i of an 81-char grid (no peer holds it). */
export function canGo(grid, i, d) {
  const r = Math.floor(i / 9);
  const c = i % 9;
  for (let j = 0; j < 81; j++) {
    if (j === i) continue;
    const rj = Math.floor(j / 9);
    const cj = j % 9;
    const peer = rj === r || cj === c || (Math.floor(rj / 3) === Math.floor(r / 3) && Math.floor(cj / 3) === Math.floor(c / 3));
    if (peer && grid[j] === String(d)) return false;
  }
  return true;
}

/** The cells where the thick lines go, from a region map: right of and below each cell. */
export function edges(regions) {
  const right = [];
  const below = [];
  for (let i = 0; i < 81; i++) {
    if (i % 9 < 8 && regions[i] !== regions[i + 1]) right.push(i);
    if (i < 72 && regions[i] !== regions[i + 9]) below.push(i);
  }
  return { right, below };
}

/** A classic easy puzzle (unique). */
export const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
/** The classic puzzle without its r3c8 given: exactly two solutions. */
export const TWO_SOLUTIONS = '53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79';
