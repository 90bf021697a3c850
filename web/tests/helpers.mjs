// Shared pieces of the browser tests: the real `nonet play` binary on a free port with a
// temporary database, Debian's Chromium driven by playwright-core, screenshots, and a few
// API shortcuts.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const artifacts = path.join(repo, 'test-artifacts');

/** The nonet binary: $NONET_BIN, else the debug build in $CARGO_TARGET_DIR or ./target. */
export function nonetBin() {
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

/** Starts `nonet play --no-open --port <port> --db <db>`; resolves once it prints its URL. */
export function startServer({ db, port }) {
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
  await page.screenshot({ path: path.join(artifacts, `${name}.png`) });
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

/** Calls the server's API from the test (same JSON API as the page). */
export async function api(base, method, p, body) {
  const res = await fetch(new URL(`/api${p}`, base), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, data };
}

/** The unique solution of `puzzle` (81 chars), from `nonet solve`. */
export function solve(puzzle) {
  const r = spawnSync(nonetBin(), ['solve'], { input: `${puzzle}\n`, encoding: 'utf8' });
  const line = r.stdout.trim();
  if (!/^[1-9]{81}$/.test(line)) throw new Error(`nonet solve gave ${line} ${r.stderr}`);
  return line;
}

/** Opens the page at `hash` and waits until the app has started. */
export async function open(page, url, hash = '') {
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
