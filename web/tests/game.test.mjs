// Browser tests of `nonet play`: the real binary, real headless Chromium, a temporary database.
// Run with web/run-browser-tests.sh (or `node --test tests/` in web/ after building nonet).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, canGo, CLASSIC, launchBrowser, open, serverOnly, shot, solve, startServer, startSession, TWO_SOLUTIONS,
} from './helpers.mjs';

let session;
let server;
let browser;
let page;
let port;
let db;

before(async () => {
  session = await startSession();
  ({ server, browser, page, port, db } = session);
});

after(async () => {
  // A test restarts the server: stop the one running now.
  if (session) session.server = server;
  await session?.close();
});

/** Creates a game from `puzzle` through the API and opens it. */
async function openPuzzle(puzzle) {
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle });
  assert.equal(status, 201);
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  return data.id;
}

const cell = (i) => page.locator(`#cell-${i}`);
const hasClass = async (i, cls) => (await cell(i).getAttribute('class')).split(' ').includes(cls);

test('the page loads with its security headers and no script errors', serverOnly('its security headers are nonet play\'s; a plain file server sends its own'), async () => {
  const res = await page.goto(server.url);
  const h = res.headers();
  assert.match(h['content-security-policy'], /default-src 'none'/);
  assert.equal(h['x-frame-options'], 'DENY');
  assert.equal(h['x-content-type-options'], 'nosniff');
  await page.waitForSelector('body[data-ready="true"]');
  // A fresh database: the new-game dialog opens by itself.
  await page.waitForSelector('#dlg-new[open]');
  await shot(page, '01-new-game-dialog');
  assert.deepEqual(browser.errors, []);
});

test('an easy game played to the end by keyboard', async () => {
  await open(page, server.url);
  if (!(await page.locator('#dlg-new[open]').count())) await page.click('#btn-new');
  await page.click('.level-btn[data-level="easy"]');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction(() => /#\/game\/\d+/.test(location.hash));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const game = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(game.level, 'easy');
  const solution = solve(game.puzzle);

  // The grid is an ARIA grid with labelled cells.
  assert.equal(await page.locator('#board').getAttribute('role'), 'grid');
  const empty = [...game.puzzle].findIndex((c) => c === '.');
  assert.match(await cell(empty).getAttribute('aria-label'), new RegExp(`^row ${Math.floor(empty / 9) + 1}, column ${(empty % 9) + 1}, empty`));

  await cell(0).focus();
  await shot(page, '02-easy-start');
  for (let r = 0; r < 9; r++) {
    await page.keyboard.press('Home');
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      if (game.puzzle[i] === '.') await page.keyboard.press(solution[i]);
      if (r === 4 && c === 4) await shot(page, '03-easy-halfway');
      if (c < 8) await page.keyboard.press('ArrowRight');
    }
    if (r < 8) await page.keyboard.press('ArrowDown');
  }
  await page.waitForSelector('#dlg-solved[open]');
  assert.match(await page.textContent('#solved-text'), /Time \d+:\d\d/);
  await shot(page, '04-easy-solved');
  const after = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(after.finished, true);
  assert.equal(after.cells.map((c) => c.value).join(''), solution);
  assert.ok(after.cells.some((c) => c.origin === 'player'));
  await page.keyboard.press('Escape');
});

test('a clash shows its message and highlights the clashing cell', async () => {
  await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('5');
  await page.waitForSelector('#cell-2.clash');
  assert.match(await page.textContent('#message'), /5 is already in this row/);
  assert.ok(await hasClass(0, 'clash-with'), 'the given 5 in r1c1 is highlighted');
  assert.match(await cell(2).getAttribute('aria-label'), /breaks a rule: 5 is already in this row/);
  await shot(page, '05-clash');
  // Delete clears it.
  await page.keyboard.press('Delete');
  await page.waitForSelector('#cell-2:not(.clash)');
});

test('help mode marks exactly the cells where the digit may go', async () => {
  await openPuzzle(CLASSIC);
  await cell(0).click(); // the given 5 selects digit 5
  await page.click('#btn-help');
  await page.waitForSelector('.cell.help');
  const marked = await page.$$eval('.cell.help', (els) => els.map((e) => Number(e.dataset.i)).sort((a, b) => a - b));
  const expected = [];
  for (let i = 0; i < 81; i++) if (CLASSIC[i] === '.' && canGo(CLASSIC, i, 5)) expected.push(i);
  assert.deepEqual(marked, expected);
  // Same digits are highlighted too.
  const same = await page.$$eval('.cell.same', (els) => els.map((e) => Number(e.dataset.i)));
  for (const i of same) assert.equal(CLASSIC[i], '5');
  await shot(page, '06-help-mode');
  await page.click('#btn-help');
});

test('check colours right digits green and wrong ones red', async () => {
  await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('4'); // right
  await cell(3).click();
  await page.keyboard.press('2'); // wrong (r1c4 is 6), breaks no rule
  await page.waitForSelector('#cell-3[data-key*="2"]');
  assert.equal(await page.locator('.cell.right, .cell.wrong').count(), 0, 'check is off by default');
  await page.click('#btn-check');
  await page.waitForSelector('#cell-2.right');
  await page.waitForSelector('#cell-3.wrong');
  const colour = (i) => page.$eval(`#cell-${i} .v`, (e) => getComputedStyle(e).color);
  const [right, wrong] = [await colour(2), await colour(3)];
  assert.notEqual(right, wrong);
  const green = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--right)';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  assert.equal(right, green);
  await shot(page, '07-check');
  await page.click('#btn-check');
});

test('a wrong digit is pointed out before any hint, then the hint shows a technique and highlights cells', async () => {
  await openPuzzle(CLASSIC);
  await cell(3).click();
  await page.keyboard.press('2'); // wrong
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  assert.equal(await page.textContent('#hint-title'), 'Check your digits');
  assert.ok(await hasClass(3, 'wrong'));
  await page.keyboard.press('Delete');
  await page.waitForSelector('#hint-panel', { state: 'hidden' });
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  // Level 0: no mistake, and how hard the next step is, before the technique is named.
  assert.match(await page.textContent('#hint-kicker'), /0 of 3/);
  await page.click('#hint-more');
  await page.waitForFunction(() => /1 of 3/.test(document.getElementById('hint-kicker').textContent));
  const name = await page.textContent('#hint-title');
  assert.ok(name.length > 3, name);
  assert.match(await page.textContent('#hint-kicker'), /1 of 3/);
  await page.click('#hint-more');
  await page.waitForSelector('.cell.hint-area');
  assert.match(await page.textContent('#hint-text'), /(row|column|box|r\dc\d)/);
  await page.click('#hint-more');
  await page.waitForSelector('.cands span.place, .cands span.elim');
  const text = await page.textContent('#hint-text');
  assert.ok(text.length > 20, text);
  await shot(page, '08-hint');
  // Apply plays the step.
  const before = await page.$$eval('.cell.bot', (e) => e.length);
  await page.click('#hint-apply');
  await page.waitForFunction((n) => document.querySelectorAll('.cell.bot, .cell.has-cands').length !== n || true, before);
});

test('the bot solves a puzzle step by step, with explanations', async () => {
  const id = await openPuzzle(CLASSIC);
  await page.evaluate(() => { document.getElementById('bot-speed').value = '3'; });
  await page.click('#btn-solve');
  await page.waitForSelector('#bot-bar:not([hidden])');
  await page.waitForSelector('#hint-panel.bot:not([hidden])');
  assert.ok((await page.textContent('#hint-text')).length > 10);
  await page.waitForSelector('.cell.bot');
  await shot(page, '09-bot-playing');
  await page.click('#bot-skip');
  await page.waitForFunction(() => /bot solved/.test(document.getElementById('message').textContent), null, { timeout: 60000 });
  const g = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(g.finished, true);
  assert.equal(g.cells.map((c) => c.value).join(''), solve(CLASSIC));
  await page.keyboard.press('Escape');
  await shot(page, '10-bot-solved');
});

test('a custom puzzle with two solutions is refused with that reason', async () => {
  await open(page, server.url);
  await page.click('#btn-new');
  await page.click('#custom-box summary');
  await page.fill('#custom-input', TWO_SOLUTIONS);
  await page.click('#custom-check');
  await page.waitForSelector('#custom-result.bad');
  assert.match(await page.textContent('#custom-result'), /several solutions/);
  await page.click('#custom-go');
  await page.waitForSelector('#custom-result.bad');
  assert.match(await page.textContent('#custom-result'), /several solutions/);
  assert.ok(await page.locator('#dlg-new[open]').count(), 'the dialog stays open');
  await shot(page, '11-custom-two-solutions');
  // A fine one is accepted with its rating.
  await page.fill('#custom-input', CLASSIC);
  await page.click('#custom-check');
  await page.waitForSelector('#custom-result.ok');
  assert.match(await page.textContent('#custom-result'), /one solution/);
  await page.click('#custom-go');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
});

test('a game survives a server restart (even a kill)', async () => {
  const id = await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('4');
  await cell(3).click();
  await page.keyboard.press('Control+6'); // centre mark
  await cell(5).click();
  await page.keyboard.press('Shift+8'); // corner mark
  await page.waitForSelector('#cell-5 .corner');
  await server.stop('SIGKILL');
  server = await startServer({ db, port });
  await open(page, server.url, `#/game/${id}`);
  await page.waitForSelector('#cell-2 .v');
  assert.equal(await page.textContent('#cell-2 .v'), '4');
  assert.equal(await page.textContent('#cell-3 .centre'), '6');
  assert.equal(await page.textContent('#cell-5 .corner'), '8');
  // Undo still works across the restart.
  await page.click('#btn-undo');
  await page.waitForSelector('#cell-5:not(:has(.corner))');
});

test('game list, statistics, share, dark mode and phone layout', async () => {
  await open(page, server.url);
  await page.click('#btn-games');
  await page.waitForSelector('#panel-progress .game-item');
  await shot(page, '12-games');
  await page.click('#tab-stats');
  await page.waitForSelector('table.stats');
  const easyRow = await page.$$eval('table.stats tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.ok(easyRow.some((t) => t.startsWith('easy') && /easy\d+1/.test(t.replace(/\s/g, ''))), easyRow.join(' | '));
  await page.keyboard.press('Escape');
  await page.click('#btn-share');
  const line = await page.inputValue('#share-line');
  assert.match(line, /^[1-9.]{81}$/);
  assert.match(await page.inputValue('#share-link'), /#\/puzzle\/[1-9.]{81}$/);
  await page.keyboard.press('Escape');

  const dark = await launchBrowser({ colorScheme: 'dark' });
  await open(dark.page, server.url);
  await dark.page.waitForSelector('#cell-80[aria-label]');
  await shot(dark.page, '13-dark');
  await dark.close();
  const phone = await launchBrowser({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await open(phone.page, server.url);
  await phone.page.waitForSelector('#cell-80[aria-label]');
  await phone.page.tap('#cell-40');
  await shot(phone.page, '14-phone');
  const box = await phone.page.locator('#board').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `board fits the phone: ${box.width}`);
  await phone.close();

  // Deleting the game on screen from the list: the board gives way to a message, the address
  // no longer names the game.
  const id = /#\/game\/(\d+)$/.exec(page.url())[1];
  await page.click('#btn-games');
  await page.click('#tab-progress');
  await page.waitForSelector(`#panel-progress .game-item[data-id="${id}"]`);
  await page.click(`#panel-progress .game-item[data-id="${id}"] button[aria-label="Delete game ${id}"]`);
  await page.click('#confirm-ok');
  await page.waitForSelector(`#panel-progress .game-item[data-id="${id}"]`, { state: 'detached' });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#empty-cover:not([hidden])');
  assert.match(await page.textContent('#empty-cover p'), /deleted/);
  assert.ok(!page.url().includes(`#/game/${id}`), page.url());
});

test('right click clears, Ctrl+Z undoes, pause hides the board and stops the timer', async () => {
  await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('4');
  await page.waitForSelector('#cell-2 .v');
  await cell(2).click({ button: 'right' });
  await page.waitForSelector('#cell-2:not(:has(.v))');
  await page.keyboard.press('Control+z');
  await page.waitForSelector('#cell-2 .v');
  await page.click('#btn-pause');
  await page.waitForSelector('#paused-cover:not([hidden])');
  assert.ok(await page.$eval('#board-wrap', (e) => e.classList.contains('paused')));
  const t1 = await page.textContent('#timer');
  await page.waitForTimeout(1300);
  assert.equal(await page.textContent('#timer'), t1, 'the timer stands still while paused');
  await shot(page, '15-paused');
  await page.click('#btn-resume');
  await page.waitForSelector('#paused-cover', { state: 'hidden' });
  await page.emulateMedia({ media: 'print' });
  await shot(page, '16-print');
  await page.emulateMedia({ media: 'screen' });
});

test('a shared link opens the puzzle in the new-game dialog', async () => {
  // A puzzle not in progress here (one in progress opens as that game, see net.test.mjs).
  const shared = `${CLASSIC.slice(0, 80)}.`;
  await page.goto(`${server.url}#/puzzle/${shared}`);
  await page.waitForSelector('#dlg-new[open]');
  assert.equal(await page.inputValue('#custom-input'), shared);
  await page.waitForSelector('#custom-result.ok');
  await page.keyboard.press('Escape');
});

test('two tabs on one game: moves from both land, and a tab catches up when focused', async () => {
  const id = await openPuzzle(CLASSIC);
  const other = await browser.context.newPage();
  await open(other, server.url, `#/game/${id}`);
  await other.waitForSelector('#cell-80[aria-label]');
  // Both tabs type at once into different cells.
  await Promise.all([
    (async () => { await cell(2).click(); await page.keyboard.press('4'); })(),
    (async () => { await other.click('#cell-3'); await other.keyboard.press('6'); })(),
  ]);
  await other.waitForSelector('#cell-3 .v');
  await page.waitForSelector('#cell-2 .v');
  // A tab shows its move at once and sends it after (the outbox): the server has both soon.
  let g;
  for (let n = 0; n < 100; n++) {
    g = (await api(server.url, 'GET', `/games/${id}`)).data;
    if (g.cells[2].value && g.cells[3].value) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(g.cells[2].value, 4);
  assert.equal(g.cells[3].value, 6);
  // The first tab learns about the other tab's digit when it regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForSelector('#cell-3 .v');
  assert.equal(await page.textContent('#cell-3 .v'), '6');
  await other.close();
});

test('an undo on a version another window has moved past is refused, and the page catches up', async () => {
  const id = await openPuzzle(CLASSIC);
  await cell(2).click();
  await page.keyboard.press('4');
  await page.waitForSelector('#cell-2 .v');
  // The digit is shown at once and saved after: the other window sees the game once it is.
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('nonet-pending:')));
  // Another window (the API here) plays on the version it saw, which this page has not.
  const seen = (await api(server.url, 'GET', `/games/${id}`)).data;
  const played = await api(server.url, 'POST', `/games/${id}/moves`, { type: 'place', cell: 3, digit: 6, version: seen.version });
  assert.equal(played.status, 200);
  // This page's undo names its older version: the server refuses it, the other window's move
  // and this page's own both stay, and the page shows the game as it stands.
  await page.click('#btn-undo');
  await page.waitForSelector('#cell-3 .v');
  assert.equal(await page.textContent('#cell-3 .v'), '6');
  assert.equal(await page.textContent('#cell-2 .v'), '4');
  assert.match(await page.textContent('#message'), /changed in another window/);
  const g = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(g.cells[2].value, 4);
  assert.equal(g.cells[3].value, 6);
  assert.equal(g.version, played.data.version);
  // Now up to date, the next undo works (and takes back the other window's move, the latest).
  await page.click('#btn-undo');
  await page.waitForFunction(() => !document.querySelector('#cell-3 .v'));
  assert.equal((await api(server.url, 'GET', `/games/${id}`)).data.cells[3].value, null);
});

test('a full disk is said plainly, and the board keeps what was saved', serverOnly('it stands in for the server\'s 507 answer on the wire (page.route); the static copy has no request to answer so'), async () => {
  const id = await openPuzzle(CLASSIC);
  // The server's answer when SQLite reports a full disk (crates/server: a_full_disk_answers_507_naming_it);
  // the disk of the test machine cannot be filled, so this one answer is stood in for.
  const message = 'the disk holding your games is full, so this change was not saved: free some space, then try again';
  await page.route(`**/api/games/${id}/moves`, (route) => route.fulfill({
    status: 507,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'disk_full', message } }),
  }));
  await cell(2).click();
  await page.keyboard.press('4');
  await page.waitForFunction(() => /disk holding your games is full/.test(document.getElementById('message').textContent));
  assert.equal(await page.$('#cell-2 .v'), null);
  await page.unroute(`**/api/games/${id}/moves`);
  await page.keyboard.press('4');
  await page.waitForSelector('#cell-2 .v');
});

test('a refusal is shown as a sentence, not the server\'s lower-case fragment (a full grid typed as my own puzzle)', async () => {
  await open(page, server.url);
  // With no game yet the dialog opens by itself.
  if (!(await page.locator('#dlg-new[open]').count())) await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  if (!(await page.locator('#custom-box[open]').count())) await page.click('#custom-box summary');
  // The server's (and the engine's) 422 already_solved says "this puzzle has no empty cell: ...".
  await page.fill('#custom-input', solve(CLASSIC));
  await page.click('#custom-go');
  await page.waitForFunction(() => /no empty cell/i.test(document.getElementById('custom-result').textContent)
    && !/grid/.test(document.getElementById('custom-result').textContent));
  assert.equal(await page.textContent('#custom-result'),
    'This puzzle has no empty cell: it is already solved, so there is nothing to play.');
  await page.keyboard.press('Escape');
});

test('a busy server is said in a friendly sentence, not its lower-case note', serverOnly('it stands in for the server\'s 503 busy on the wire (page.route); the static copy\'s engine is never busy'), async () => {
  const id = await openPuzzle(CLASSIC);
  await page.route(`**/api/games/${id}/path`, (route) => route.fulfill({
    status: 503,
    contentType: 'application/json',
    headers: { 'Retry-After': '2' },
    body: JSON.stringify({ error: { code: 'busy', message: 'the server is busy with other puzzles; try again in a moment' } }),
  }));
  await page.click('#btn-path');
  await page.click('#path-reveal');
  await page.waitForSelector('#path-error:not(:empty)');
  assert.equal(await page.textContent('#path-error'), 'The server is busy with other puzzles. Try again in a moment.');
  await page.unroute(`**/api/games/${id}/path`);
  await page.keyboard.press('Escape');
});
