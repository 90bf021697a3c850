// Browser tests of the moves queue, offline play, statistics, the daily puzzle and
// import/export: the real `nonet play` (stopped and restarted on the same database and port
// where a test says so), real headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  api, axeViolations, CLASSIC, launchBrowser, nonetBin, open, serverOnly, shot, solve, startServer, startSession, STATIC,
  TWO_SOLUTIONS,
} from './helpers.mjs';

let session;
let page;

before(async () => {
  session = await startSession();
  page = session.page;
});

after(async () => {
  await session?.close();
});

const url = () => session.server.url;
const cell = (i) => page.locator(`#cell-${i}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Whether poppler's pdftoppm is here to look at a printed page as pixels. */
const hasPdftoppm = () => spawnSync('pdftoppm', ['-v']).error == null;

/** Creates a game from `puzzle` through the API and opens it. */
async function openPuzzle(puzzle, on = page) {
  const { status, data } = await api(url(), 'POST', '/games', { puzzle });
  assert.equal(status, 201);
  await open(on, url(), `#/game/${data.id}`);
  await on.waitForSelector('#cell-80[aria-label]');
  return data.id;
}

/** Waits until the page has no move waiting to be saved. */
async function allSaved(on = page) {
  await on.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('nonet-pending:')));
}

/** Waits until the server's game `id` has reached version `version` (every move in). */
async function reached(id, version) {
  for (let n = 0; n < 100; n++) {
    const g = await game(id);
    if (g.version >= version) return g;
    await sleep(100);
  }
  assert.fail(`game ${id} never reached version ${version}`);
}

/** The id of the game the page opened (once its address names one). */
async function openedGame() {
  await page.waitForFunction(() => /#\/game\/\d+$/.test(location.hash));
  return Number((await page.evaluate(() => location.hash)).split('/').pop());
}

async function game(id) {
  const { status, data } = await api(url(), 'GET', `/games/${id}`);
  assert.equal(status, 200);
  return data;
}

async function noAxeViolations(on, what) {
  const v = await axeViolations(on);
  assert.deepEqual(v, [], `${what}: ${v.join('\n')}`);
}

test('moves made while the server is down reach the database in order once it is back (defect 5)', serverOnly('the page\'s queue of moves against a server that stops and comes back; the static copy\'s backend is in the page'), async () => {
  const id = await openPuzzle(CLASSIC);
  // The service worker takes over the page, so that a reload without the server still works.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  await cell(2).click();
  await page.keyboard.press('4');
  await allSaved();
  assert.equal((await game(id)).cells[2].value, 4);

  await session.server.stop('SIGKILL');
  let down = true;
  try {
    await cell(3).click();
    await page.keyboard.press('1'); // wrong, then replaced: only the order gives 6
    await page.keyboard.press('6');
    await cell(5).click();
    await page.keyboard.press('Control+8'); // a centre mark
    await page.waitForSelector('#net-status:not([hidden])');
    await page.waitForFunction(() => /Offline, 3 moves waiting/.test(document.getElementById('net-status').textContent));
    assert.equal(await page.textContent('#cell-3 .v'), '6', 'the board shows what was typed');
    const t1 = await page.textContent('#timer');
    await page.waitForTimeout(1300);
    assert.equal(await page.textContent('#timer'), t1, 'the timer stands still while offline');
    await shot(page, 'net-01-offline-moves-waiting');
    await noAxeViolations(page, 'offline');
    // The same state in the dark theme and on a phone.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'net-01b-offline-phone-dark');
    await noAxeViolations(page, 'offline, phone, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1200, height: 860 });

    // A reload without the server: the page comes from the service worker, the game from what
    // this browser kept, with its waiting moves on top.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#cell-3 .v');
    assert.equal(await page.textContent('#cell-3 .v'), '6');
    assert.equal(await page.textContent('#cell-5 .centre'), '8');
    assert.equal(await page.textContent('#cell-2 .v'), '4');
    await page.waitForFunction(() => /Offline, 3 moves waiting/.test(document.getElementById('net-status').textContent));
    await shot(page, 'net-02-offline-after-reload');

    // The server comes back on the same database and port: the moves go in, in order.
    session.server = await startServer({ db: session.db, port: session.port });
    down = false;
  } finally {
    // A failure above must not leave the next tests without a server.
    if (down) session.server = await startServer({ db: session.db, port: session.port });
  }
  await page.waitForSelector('#net-status', { state: 'hidden', timeout: 20000 });
  await allSaved();
  const g = await game(id);
  assert.equal(g.cells[2].value, 4);
  assert.equal(g.cells[3].value, 6);
  assert.deepEqual(g.cells[5].centre, [8]);
  // Each was its own move, in the order played: undo walks them back one by one.
  const undo = async (version) => (await api(url(), 'POST', `/games/${id}/undo`, { version })).data;
  let u = await undo(g.version);
  assert.deepEqual(u.cells[5].centre, []);
  u = await undo(u.version);
  assert.equal(u.cells[3].value, 1);
  u = await undo(u.version);
  assert.equal(u.cells[3].value, null);
  assert.equal(u.cells[2].value, 4);
});

test('a digit then Backspace with no pause keeps the erase (defect 6)', serverOnly('it slows the server\'s answer on the wire (page.route)'), async () => {
  const id = await openPuzzle(CLASSIC);
  // A slow answer, as on a busy machine: the Backspace comes before the digit's answer.
  await page.route(`**/api/games/${id}/moves`, async (route) => {
    await sleep(300);
    await route.continue();
  });
  try {
    await cell(2).click();
    await page.keyboard.press('4');
    await page.keyboard.press('Backspace');
    await allSaved();
    // Two moves: the digit and its erase.
    const g = await reached(id, 2);
    assert.equal(g.cells[2].value, null, 'the server has the erase');
  } finally {
    await page.unroute(`**/api/games/${id}/moves`);
  }
  assert.equal(await page.locator('#cell-2 .v').count(), 0, 'the page shows the erase');
  const g = await game(id);
  assert.equal(g.can_undo, true);
});

test('a clash message goes once an undo takes the clash away (defect 6)', async () => {
  await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('5'); // 5 is already in row 1
  await page.waitForFunction(() => /5 is already in this row/.test(document.getElementById('message').textContent));
  await allSaved();
  await page.click('#btn-undo');
  await page.waitForSelector('#cell-2:not(:has(.v))');
  assert.equal(await page.textContent('#message'), '');
  // An erase takes it away too.
  await cell(5).click();
  await page.keyboard.press('5');
  await page.waitForFunction(() => /5 is already in this row/.test(document.getElementById('message').textContent));
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.getElementById('message').textContent === '');
});

test('an undo before the server saw the move takes it back without asking it', serverOnly('the page\'s queue of moves against a server that stops and comes back; the static copy\'s backend is in the page'), async () => {
  const id = await openPuzzle(CLASSIC);
  await allSaved();
  await session.server.stop('SIGKILL');
  await cell(2).click();
  await page.keyboard.press('4');
  await page.waitForSelector('#net-status:not([hidden])');
  await page.keyboard.press('Control+z');
  await page.waitForSelector('#cell-2:not(:has(.v))');
  assert.ok(!/[1-9] moves? waiting/.test(await page.textContent('#net-status')));
  session.server = await startServer({ db: session.db, port: session.port });
  // Nothing waits: the page learns the server is back with its next move.
  await page.keyboard.press('6');
  await page.waitForSelector('#net-status', { state: 'hidden', timeout: 20000 });
  await allSaved();
  const g = await game(id);
  assert.equal(g.cells[2].value, 6);
  assert.equal(g.version, 1, 'only one move reached the server');
});

/** Plays the API's bot on game `id` until it is finished. */
async function botToTheEnd(id) {
  for (let n = 0; n < 200; n++) {
    const g = await game(id);
    if (g.finished) return;
    const r = await api(url(), 'POST', `/games/${id}/bot`, { version: g.version });
    assert.equal(r.status, 200);
  }
  assert.fail('the bot did not finish');
}

/** Solves game `id` of `puzzle` through the API, with one wrong digit placed first. */
async function solveWithOneMistake(id, puzzle) {
  const solution = solve(puzzle);
  const empty = [...puzzle].findIndex((c) => c === '.');
  let g = await game(id);
  const wrong = solution[empty] === '1' ? 2 : 1;
  g = (await api(url(), 'POST', `/games/${id}/moves`, { type: 'place', cell: empty, digit: wrong, version: g.version })).data;
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== '.') continue;
    g = (await api(url(), 'POST', `/games/${id}/moves`, { type: 'place', cell: i, digit: Number(solution[i]), version: g.version })).data;
  }
  assert.equal(g.finished, true);
}

/** A fresh browser (dark, or a phone) on the page at `hash`, for a look and an axe check. */
async function lookIn(opts, hash, name, prepare) {
  const b = await launchBrowser(opts);
  try {
    await open(b.page, url(), hash);
    await prepare?.(b.page);
    await shot(b.page, name);
    await noAxeViolations(b.page, name);
  } finally {
    await b.close();
  }
}

test('a move still reaches the server when the browser refuses to store it', async () => {
  const id = await openPuzzle(CLASSIC);
  // A full (or refused) storage: the outbox keeps the move in memory and sends it.
  await page.evaluate(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await cell(2).click();
  await page.keyboard.press('4');
  const g = await reached(id, 1);
  assert.equal(g.cells[2].value, 4);
  await page.reload(); // a fresh page, with storage working again
  await page.waitForSelector('body[data-ready="true"]');
});

test('statistics show each outcome, hints, mistakes and streaks (defect 9)', async () => {
  // A puzzle of its own, so this test's games are the only ones in their row.
  const puzzle = `${CLASSIC.slice(0, 80)}.`;
  const solvedId = (await api(url(), 'POST', '/games', { puzzle })).data.id;
  await solveWithOneMistake(solvedId, puzzle);
  const botId = (await api(url(), 'POST', '/games', { puzzle })).data.id;
  await botToTheEnd(botId);
  const stats = (await api(url(), 'GET', '/stats')).data;
  const custom = stats.levels.find((l) => l.level === 'custom');
  assert.ok(custom.bot_finished >= 1 && custom.mistakes >= 1, JSON.stringify(custom));

  await open(page, url());
  await page.click('#btn-games');
  await page.click('#tab-stats');
  await page.waitForSelector('table.stats tfoot');
  const heads = await page.$$eval('table.stats thead th', (th) => th.map((t) => t.textContent));
  assert.deepEqual(heads, ['Level', 'Started', 'Solved (clean)', 'With the bot', 'Unfinished', 'Best clean', 'Average', 'Hints', 'Mistakes', 'Streak now / best']);
  const row = await page.$$eval('table.stats tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent))
    .find((cells) => cells[0] === 'custom'));
  assert.equal(row[3], String(custom.bot_finished), 'a bot-finished game is its own outcome');
  assert.equal(row[2], `${custom.solved} (${custom.clean})`);
  assert.equal(row[4], String(custom.unfinished));
  assert.equal(row[8], String(custom.mistakes));
  assert.equal(row[9], `${custom.current_streak} / ${custom.best_streak}`);
  await shot(page, 'net-03-statistics');
  await noAxeViolations(page, 'statistics');
  await page.keyboard.press('Escape');
  const showStats = async (p) => {
    await p.click('#btn-games');
    await p.click('#tab-stats');
    await p.waitForSelector('table.stats tfoot');
  };
  await lookIn({ colorScheme: 'dark' }, '', 'net-04-statistics-dark', showStats);
  await lookIn({ width: 390, height: 844, isMobile: true, hasTouch: true }, '', 'net-05-statistics-phone', showStats);
});

test('the daily puzzle is one game per day and level, shareable as #/daily/DATE', async () => {
  await open(page, url(), '#/daily/2026-11-26');
  await page.waitForSelector('#dlg-new[open]');
  assert.match(await page.textContent('#daily-date'), /2026/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.level), 'easy', 'the first daily level has the focus');
  await shot(page, 'net-06-daily-dialog');
  await noAxeViolations(page, 'daily dialog');
  await page.click('.daily-btn[data-level="easy"]');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  const id = await openedGame();
  const g = await game(id);
  assert.equal(g.daily, '2026-11-26');
  assert.equal(g.seed, '20261126');
  // The link with its level opens the same game again.
  await page.goto(`${url()}#/daily/2026-11-26/easy`);
  await page.waitForFunction((n) => location.hash === `#/game/${n}`, id);
  const daily = (await api(url(), 'GET', '/games')).data.in_progress.filter((x) => x.daily === '2026-11-26');
  assert.equal(daily.length, 1);
  await lookIn({ width: 390, height: 844, isMobile: true, hasTouch: true, colorScheme: 'dark' }, '#/daily/2026-11-26', 'net-07-daily-phone-dark', (p) => p.waitForSelector('#dlg-new[open]'));
});

test('deleting a game asks in the page, and Escape keeps it (defect 10)', async () => {
  const id = await openPuzzle(CLASSIC);
  await page.click('#btn-games');
  await page.click('#tab-progress');
  const del = `#panel-progress .game-item[data-id="${id}"] button[aria-label="Delete game ${id}"]`;
  await page.click(del);
  await page.waitForSelector('#dlg-confirm[open]');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'confirm-cancel', 'the safe answer has the focus');
  assert.match(await page.textContent('#confirm-text'), new RegExp(`game ${id}`));
  await shot(page, 'net-08-confirm-delete');
  await noAxeViolations(page, 'confirm dialog');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-confirm', { state: 'hidden' });
  assert.equal((await game(id)).id, id, 'Escape keeps the game');
  await page.click(del);
  await page.click('#confirm-ok');
  await page.waitForSelector(`#panel-progress .game-item[data-id="${id}"]`, { state: 'detached' });
  assert.equal((await api(url(), 'GET', `/games/${id}`)).status, 404);
  await page.keyboard.press('Escape');
});

test('a long press on a touch screen selects the cell and never erases it (defect 10)', async () => {
  const id = (await api(url(), 'POST', '/games', { puzzle: CLASSIC })).data.id;
  const g = await game(id);
  await api(url(), 'POST', `/games/${id}/moves`, { type: 'place', cell: 2, digit: 4, version: g.version });
  const phone = await launchBrowser({ width: 390, height: 844, isMobile: true, hasTouch: true });
  try {
    await open(phone.page, url(), `#/game/${id}`);
    await phone.page.waitForSelector('#cell-2 .v');
    // What Android sends for a long press: a touch pointerdown, then contextmenu.
    await phone.page.dispatchEvent('#cell-2', 'pointerdown', { pointerType: 'touch', isPrimary: true, button: 0, bubbles: true });
    await phone.page.dispatchEvent('#cell-2', 'contextmenu', { bubbles: true, cancelable: true });
    await phone.page.waitForSelector('#cell-2.selected');
    await sleep(300);
    assert.equal(await phone.page.textContent('#cell-2 .v'), '4');
    assert.equal((await game(id)).cells[2].value, 4);
  } finally {
    await phone.close();
  }
});

test('a shared link opened twice continues one game, and "Play it" has the focus (defect 10)', async () => {
  // The classic puzzle with one more given: a puzzle no other test plays.
  const shared = `${CLASSIC.slice(0, 2)}4${CLASSIC.slice(3)}`;
  await page.goto(`${url()}#/puzzle/${shared}`);
  await page.waitForSelector('#dlg-new[open]');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'custom-go');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction(() => /#\/game\/\d+$/.test(location.hash));
  const first = await page.evaluate(() => location.hash);
  await page.goto(`${url()}#/puzzle/${shared}`);
  await page.waitForFunction((h) => location.hash === h, first);
  assert.match(await page.textContent('#message'), /started this puzzle before/);
  const games = (await api(url(), 'GET', '/games')).data.in_progress.filter((g) => g.puzzle === shared);
  assert.equal(games.length, 1, 'one game, not two');
});

test('a puzzle with several solutions is offered with a clue added (defect 10)', async () => {
  await open(page, url());
  await page.click('#btn-new');
  await page.click('#custom-box summary');
  await page.fill('#custom-input', TWO_SOLUTIONS);
  await page.click('#custom-check');
  await page.waitForSelector('#custom-add-clue:not([hidden])');
  assert.match(await page.textContent('#custom-result'), /several solutions.*leaves one/);
  assert.match(await page.textContent('#custom-add-clue'), /r\dc\d/);
  await shot(page, 'net-09-several-solutions-offer');
  await noAxeViolations(page, 'several solutions offer');
  await page.click('#custom-add-clue');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  const id = await openedGame();
  const g = await game(id);
  const clues = (p) => [...p].filter((c) => c !== '.').length;
  assert.ok(clues(g.puzzle) > clues(TWO_SOLUTIONS), g.puzzle);
  for (let i = 0; i < 81; i++) if (TWO_SOLUTIONS[i] !== '.') assert.equal(g.puzzle[i], TWO_SOLUTIONS[i]);
});

test('the level and rating show on a phone (defect 10)', async () => {
  const id = (await api(url(), 'POST', '/games', { puzzle: CLASSIC })).data.id;
  await lookIn({ width: 390, height: 844, isMobile: true, hasTouch: true }, `#/game/${id}`, 'net-10-phone-title', async (p) => {
    await p.waitForSelector('#cell-80[aria-label]');
    assert.ok(await p.isVisible('#game-title'));
    assert.match(await p.textContent('#game-title'), /rated \d/);
    const board = await p.locator('#board').boundingBox();
    assert.ok(board.width > 300, `the board still fits: ${board.width}`);
  });
});

test('progress and pencil marks round-trip through the export and a link', async () => {
  // The classic puzzle with r1c4 given too: a puzzle no other test plays.
  const puzzle = `${CLASSIC.slice(0, 3)}6${CLASSIC.slice(4)}`;
  const id = await openPuzzle(puzzle);
  await cell(2).click();
  await page.keyboard.press('4');
  // Candidates (the engine's marks) are what the grid carries.
  await page.click('.mode[data-mode="candidate"]');
  await cell(5).click();
  await page.keyboard.press('2');
  await page.keyboard.press('8');
  await cell(6).click();
  await page.keyboard.press('9'); // a single candidate: a candidate, not a digit
  await page.click('.mode[data-mode="normal"]');
  await allSaved();
  await page.click('#btn-share');
  await page.waitForFunction(() => document.getElementById('share-pencil').value.startsWith('# nonet progress:'));
  const pencil = await page.inputValue('#share-pencil');
  const link = await page.inputValue('#share-progress-link');
  assert.match(link, /#\/puzzle\/[0-9.]{81}\/progress\/[0-9=-]+$/);
  await shot(page, 'net-11-export');
  await noAxeViolations(page, 'share dialog with the export');
  await page.keyboard.press('Escape');
  // The command line reads the export as a position (on the static copy, with no nonet at
  // all, the link below is the check).
  if (!STATIC) {
    const cli = spawnSync(nonetBin(), ['explain', '-'], { input: pencil, encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    assert.ok(cli.stdout.length > 0);
  }

  // The link, opened once the game is gone, makes the game again with the same progress.
  assert.equal((await api(url(), 'DELETE', `/games/${id}`)).status, 204);
  await page.goto(link);
  await page.waitForSelector('#dlg-new[open]');
  assert.match(await page.inputValue('#custom-pencil'), /^# nonet progress:/);
  await page.click('#custom-go');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  const again = await game(await openedGame());
  assert.equal(again.puzzle, puzzle);
  assert.equal(again.cells[2].value, 4);
  assert.equal(again.cells[2].origin, 'player');
  assert.deepEqual(again.cells[5].candidates, [2, 8]);
  assert.deepEqual(again.cells[6].candidates, [9]);
  assert.equal(again.cells[6].value, null);
  assert.equal(again.can_undo, true, 'undo goes back to the bare puzzle');

  // The export pasted under "Your own puzzle" does the same.
  await page.click('#btn-new');
  await page.evaluate(() => { document.getElementById('custom-box').open = true; });
  await page.fill('#custom-input', puzzle);
  await page.fill('#custom-pencil', pencil);
  await page.click('#custom-go');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction((n) => location.hash !== `#/game/${n}` && /#\/game\/\d+$/.test(location.hash), again.id);
  const pasted = await game(Number((await page.evaluate(() => location.hash)).split('/').pop()));
  assert.deepEqual(pasted.cells.map((c) => [c.value, c.centre]), again.cells.map((c) => [c.value, c.centre]));
});

/** The grey levels of a binary PGM (P5) image. */
function readPgm(file) {
  const buf = fs.readFileSync(file);
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 40).toString('latin1'));
  const [w, h] = [Number(head[1]), Number(head[2])];
  return { w, h, px: buf.subarray(head[0].length), at(x, y) { return this.px[y * w + x]; } };
}

test('print draws every inner line of the grid whole, at a preview\'s resolution (defect 10)', { skip: !hasPdftoppm() && 'pdftoppm (poppler-utils) is not installed' }, async () => {
  const id = await openPuzzle(CLASSIC);
  await cell(40).click(); // a selection, peers and a same-digit highlight, as when printing mid-game
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nonet-print-'));
  try {
    await page.pdf({ path: path.join(dir, 'p.pdf'), format: 'A4' });
    const r = spawnSync('pdftoppm', ['-r', '60', '-gray', '-f', '1', '-l', '1', path.join(dir, 'p.pdf'), path.join(dir, 'p')]);
    assert.equal(r.status, 0, String(r.stderr));
    const img = readPgm(path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.pgm'))));
    // Anything clearly darker than the paper: a thin grey line antialiased across two pixels
    // is light, a missing one is white.
    const dark = (x, y) => img.at(x, y) < 235;
    // The board's frame: the outermost rows and columns that are mostly dark.
    const black = (x, y) => img.at(x, y) < 100;
    const rows = [...Array(img.h).keys()].filter((y) => [...Array(img.w).keys()].filter((x) => black(x, y)).length > img.w * 0.5);
    const cols = [...Array(img.w).keys()].filter((x) => [...Array(img.h).keys()].filter((y) => black(x, y)).length > img.h * 0.3);
    const [top, bottom, left, right] = [rows[0], rows[rows.length - 1], cols[0], cols[cols.length - 1]];
    assert.ok(bottom - top > 200 && right - left > 200, `board found: ${left},${top} to ${right},${bottom}`);
    // Each inner line near its ninth of the board (box borders shift them a little): the
    // column (or row) with the most dark pixels there, whole from end to end.
    const span = (a, b) => [...Array(b - a).keys()].map((n) => a + n);
    const best = (around, count) => span(around - 4, around + 5).reduce((m, p) => (count(p) > count(m) ? p : m), around);
    const gaps = [];
    for (let k = 1; k < 9; k++) {
      const along = span(top + 4, bottom - 4);
      const across = span(left + 4, right - 4);
      const x = best(Math.round(left + ((right - left) * k) / 9), (c) => along.filter((t) => dark(c, t)).length);
      const y = best(Math.round(top + ((bottom - top) * k) / 9), (r) => across.filter((t) => dark(t, r)).length);
      const missV = along.filter((t) => ![-1, 0, 1].some((d) => dark(x + d, t))).length;
      const missH = across.filter((t) => ![-1, 0, 1].some((d) => dark(t, y + d))).length;
      if (missV) gaps.push(`column line ${k}: ${missV} px missing`);
      if (missH) gaps.push(`row line ${k}: ${missH} px missing`);
    }
    assert.deepEqual(gaps, [], `game ${id}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
