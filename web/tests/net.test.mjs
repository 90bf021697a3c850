// Browser tests of the moves queue, offline play, statistics, the daily puzzle and
// import/export: the real `nonet play` (stopped and restarted on the same database and port
// where a test says so), real headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, axeViolations, CLASSIC, launchBrowser, open, shot, solve, startServer, startSession, TWO_SOLUTIONS,
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

async function game(id) {
  const { status, data } = await api(url(), 'GET', `/games/${id}`);
  assert.equal(status, 200);
  return data;
}

async function noAxeViolations(on, what) {
  const v = await axeViolations(on);
  assert.deepEqual(v, [], `${what}: ${v.join('\n')}`);
}

test('moves made while the server is down reach the database in order once it is back (defect 5)', async () => {
  const id = await openPuzzle(CLASSIC);
  // The service worker takes over the page, so that a reload without the server still works.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  await cell(2).click();
  await page.keyboard.press('4');
  await allSaved();
  assert.equal((await game(id)).cells[2].value, 4);

  await session.server.stop('SIGKILL');
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

test('a digit then Backspace with no pause keeps the erase (defect 6)', async () => {
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

test('an undo before the server saw the move takes it back without asking it', async () => {
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
