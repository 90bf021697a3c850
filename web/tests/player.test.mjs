// Browser tests of the player's side of a game (issue 32, items 2, 3, 4, 6, 7 and 14): a game
// finished with hints applied is the player's, not the bot's; focus after Apply and the tab
// order of the explanation panel; stopping the bot then asking for a hint; the geometry at a
// phone, a laptop and large screens; colour in undo and redo; the setter's "add a clue" and
// typing that moves on; a daily link that asks before it makes a game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, axeViolations, CLASSIC, fileSession, open, shot, solve, TWO_SOLUTIONS,
} from './helpers.mjs';

let server;
let page;
const file = fileSession(before, after, (s) => {
  ({ server, page } = s);
});

/** A further browser (a phone, a large screen), closed after the file if a test fails. */
const browserFor = (options) => file.browser(options);

/** HoDoKu's X-Wing exemplar: singles and easier steps, then an X-Wing. */
const XWING = '9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2';

/** A new game of `puzzle` through the API, opened in `p`. */
async function openGame(p, puzzle) {
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle });
  assert.equal(status, 201, JSON.stringify(data));
  await p.goto('about:blank');
  await open(p, server.url, `#/game/${data.id}`);
  await p.waitForSelector('#cell-80[aria-label]');
  return data;
}

const game = async (id) => (await api(server.url, 'GET', `/games/${id}`)).data;

/** Asks for a hint and goes up to its last level (the move, with Apply). */
async function fullHint(p) {
  await p.click('#btn-hint');
  await p.waitForSelector('#hint-panel:not([hidden])');
  while (await p.isVisible('#hint-more')) await p.click('#hint-more');
  await p.waitForSelector('#hint-apply:not([hidden])');
}

/** Whether the element's box lies wholly inside the viewport. */
async function inView(p, selector) {
  return p.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  });
}

test('item 2: a game finished by applying hints is solved by the player, not the bot, and statistics show the unfinished', async () => {
  // Its own puzzle (CLASSIC without r9c9), so that the statistics' custom row is this test's.
  const puzzle = `${CLASSIC.slice(0, 80)}.`;
  const solution = solve(puzzle);
  const { data: g } = await api(server.url, 'POST', '/games', { puzzle });
  // Everything but the last three cells by hand, through the API; then the game is opened.
  const empties = [...puzzle].flatMap((c, i) => (c === '.' ? [i] : []));
  let version = g.version;
  for (const i of empties.slice(0, -3)) {
    const r = await api(server.url, 'POST', `/games/${g.id}/moves`, { type: 'place', cell: i, digit: Number(solution[i]), version });
    assert.equal(r.status, 200, JSON.stringify(r.data));
    version = r.data.version;
  }
  await page.goto('about:blank');
  await open(page, server.url, `#/game/${g.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  const filled = () => page.$$eval('.cell .v', (vs) => vs.filter((v) => v.textContent).length);
  for (let k = 0; k < 3; k++) {
    await fullHint(page);
    const before = await filled();
    await page.click('#hint-apply');
    // The step is on the page (and so on the server) before the next hint is asked for.
    await page.waitForFunction((n) => document.querySelectorAll('.cell .v:not(:empty)').length > n, before);
  }
  const done = await game(g.id);
  assert.equal(done.finished, true);
  assert.equal(done.bot_used, false, 'a hint applied is the player\'s move');
  assert.equal(done.hints, 3);
  await page.waitForSelector('#dlg-solved[open]');
  assert.equal(await page.textContent('#dlg-solved-title'), 'Solved!', 'not "with the bot"');
  assert.match(await page.textContent('#solved-text'), /3 hints/);
  await page.keyboard.press('Escape');
  // A second game of it, started and left: unfinished.
  await api(server.url, 'POST', '/games', { puzzle });
  const custom = (await api(server.url, 'GET', '/stats')).data.levels.find((l) => l.level === 'custom');
  assert.deepEqual(
    [custom.solved, custom.clean, custom.bot_finished, custom.unfinished, custom.current_streak],
    [1, 0, 0, 1, 1],
    JSON.stringify(custom),
  );
  await page.click('#btn-games');
  await page.click('#tab-stats');
  await page.waitForSelector('table.stats tfoot');
  const heads = await page.$$eval('table.stats thead th', (th) => th.map((t) => t.textContent));
  const row = await page.$$eval('table.stats tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent))
    .find((cells) => cells[0] === 'custom'));
  const at = (name) => row[heads.indexOf(name)];
  assert.equal(at('Solved (clean)'), '1 (0)');
  assert.equal(at('With the bot'), '0');
  assert.equal(at('Unfinished'), '1');
  assert.equal(at('Hints'), '3');
  assert.equal(at('Streak now / best'), '1 / 1');
  assert.deepEqual(await axeViolations(page, '#dlg-games'), []);
  await shot(page, 'player-01-statistics-unfinished');
  await page.keyboard.press('Escape');
});

test('item 3: after Apply the arrows move on the board at once, and Apply is a few Tabs from the board', async () => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openGame(page, XWING);
  await page.click('#cell-1');
  await page.waitForFunction(() => document.activeElement?.id === 'cell-1');
  // H from the board, up to the move.
  await page.keyboard.press('h');
  await page.waitForSelector('#hint-panel:not([hidden])');
  while (await page.isVisible('#hint-more')) {
    const level = await page.textContent('#hint-kicker');
    await page.keyboard.press('h');
    await page.waitForFunction((k) => document.getElementById('hint-kicker').textContent !== k, level);
  }
  await page.waitForSelector('#hint-apply:not([hidden])');
  await page.focus('#cell-1');
  // The panel is seen before the pad: Tab reaches Apply before any of the pad's digits.
  let tabs = 0;
  while (tabs < 40 && (await page.evaluate(() => document.activeElement?.id)) !== 'hint-apply') {
    await page.keyboard.press('Tab');
    tabs += 1;
    assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('#pad'))), false, `the pad came before Apply (Tab ${tabs})`);
  }
  assert.ok(tabs <= 4, `Apply is ${tabs} Tabs from the board`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#hint-panel', { state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.classList.contains('cell'));
  const from = await page.evaluate(() => Number(document.activeElement.dataset.i));
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((i) => document.activeElement?.id === `cell-${i}`, from + 9);
  assert.ok(await page.locator(`#cell-${from + 9}.selected`).count(), 'the arrow moved the selection');
  // The bot's Stop, pressed from the keyboard, hands focus back to the board too.
  await page.click('#btn-solve');
  await page.waitForSelector('#bot-bar:not([hidden])');
  await page.focus('#bot-stop');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#bot-bar', { state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.classList.contains('cell'));
  await page.setViewportSize({ width: 1200, height: 860 });
});

test('item 4: Stop the bot, then H, again and again: never "changed in another window"', async () => {
  const g = await openGame(page, XWING);
  for (let k = 0; k < 6; k++) {
    // Very slow: each step is on show (already played on the server) for seconds.
    await page.evaluate(() => { document.getElementById('bot-speed').value = '0'; });
    await page.click('#btn-solve');
    await page.waitForSelector('#bot-bar:not([hidden])');
    await page.waitForFunction(() => /^Bot · step/.test(document.getElementById('hint-kicker').textContent));
    const before = (await game(g.id)).version;
    await page.click('#bot-stop');
    await page.keyboard.press('h');
    await page.waitForFunction(() => /^Hint/.test(document.getElementById('hint-kicker').textContent)
      || /another window/.test(document.getElementById('message').textContent));
    assert.doesNotMatch(await page.textContent('#message'), /another window/, `try ${k + 1}`);
    assert.ok((await game(g.id)).version >= before, 'the step on show was played');
    await page.click('#hint-close');
  }
});

/** The ring of the selected cell (its ::before) and the boxes of the marks' glyphs in it. */
async function ringAndGlyphs(p, i) {
  return p.$eval(`#cell-${i}`, (cell) => {
    const c = cell.getBoundingClientRect();
    const cs = getComputedStyle(cell, '::before');
    const width = Math.max(...(cs.boxShadow.match(/(\d+(?:\.\d+)?)px inset|inset .*?(\d+(?:\.\d+)?)px$/) ?? ['0', '0']).slice(1).map((x) => Number(x ?? 0)));
    const inner = {
      left: c.left + parseFloat(cs.left) + width,
      top: c.top + parseFloat(cs.top) + width,
      right: c.right - parseFloat(cs.right) - width,
      bottom: c.bottom - parseFloat(cs.bottom) - width,
    };
    const glyphs = [...cell.querySelectorAll('.cands span, .corner span')].filter((s) => s.textContent.trim()).map((s) => {
      const range = document.createRange();
      range.selectNodeContents(s);
      const r = range.getBoundingClientRect();
      return { text: s.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
    return { width, inner, glyphs };
  });
}

test('item 6: on a phone the selected cell\'s ring covers none of its candidates', async () => {
  const phone = await browserFor({ width: 390, height: 844, isMobile: true, hasTouch: true });
  const p = phone.page;
  const g = await openGame(p, CLASSIC);
  await p.tap('#btn-auto');
  await p.waitForFunction(() => document.querySelectorAll('.cands span').length > 0);
  // Every empty cell with a candidate in its top row (1, 2 or 3), selected in turn.
  const cells = [2, 3, 5, 6, 10, 11, 19];
  let checked = 0;
  for (const i of cells) {
    if (g.cells[i].value) continue;
    await p.tap(`#cell-${i}`);
    await p.waitForSelector(`#cell-${i}.selected`);
    const { width, inner, glyphs } = await ringAndGlyphs(p, i);
    assert.ok(width >= 2, `a ring is drawn (${width}px)`);
    assert.ok(glyphs.length > 0, `cell ${i} shows its candidates`);
    for (const gl of glyphs) {
      const clear = gl.top >= inner.top - 0.01 && gl.left >= inner.left - 0.01 && gl.bottom <= inner.bottom + 0.01 && gl.right <= inner.right + 0.01;
      assert.ok(clear, `cell ${i}: candidate ${gl.text} at ${JSON.stringify(gl)} under the ring, inside ${JSON.stringify(inner)}`);
    }
    checked += 1;
  }
  assert.ok(checked >= 5, `${checked} cells checked`);
  await shot(p, 'player-02-phone-ring');
  assert.deepEqual(await axeViolations(p), []);
  await phone.close();
});

test('item 6: at 1366x768 a hint or the bot leaves board, pad and tools in view (a hint at 1200x860 too), and the board grows with the screen', async () => {
  const sizes = [[1366, 768], [1920, 1080], [2560, 1440], [1200, 860]];
  const boards = [];
  for (const [width, height] of sizes) {
    const b = await browserFor({ width, height });
    const p = b.page;
    await openGame(p, XWING);
    const before = await p.$eval('#board', (e) => e.getBoundingClientRect().width);
    boards.push(before);
    await fullHint(p);
    for (const sel of ['#board', '#pad', '.tools', '#hint-apply']) {
      assert.ok(await inView(p, sel), `${width}x${height}, hint open: ${sel} in view`);
    }
    const open = await p.$eval('#board', (e) => e.getBoundingClientRect().width);
    assert.ok(Math.abs(open - before) < 1, `${width}x${height}: the board keeps its size (${before} then ${open})`);
    const wide = await p.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(wide <= 0, `${width}x${height}: the page is ${wide}px wider than the window`);
    await shot(p, `player-03-hint-${width}x${height}`);
    await p.click('#hint-close');
    await p.evaluate(() => { document.getElementById('bot-speed').value = '0'; });
    await p.click('#btn-solve');
    await p.waitForSelector('#bot-bar:not([hidden])');
    await p.click('#bot-play'); // pause
    await p.waitForFunction(() => !document.getElementById('hint-panel').hidden);
    // The bot's bar and step beside the board (three columns); in a window too narrow for
    // them (1200x860) they go above the controls, which then scroll.
    const beside = ['#board', '#bot-bar', '#hint-panel', ...(width / height >= 1.5 ? ['#pad', '.tools'] : [])];
    for (const sel of beside) {
      assert.ok(await inView(p, sel), `${width}x${height}, bot on: ${sel} in view`);
    }
    if (width === 1366) assert.deepEqual(await axeViolations(p), []);
    await shot(p, `player-04-bot-${width}x${height}`);
    await b.close();
  }
  assert.ok(boards[0] >= 560, `the laptop's board: ${boards[0]}`);
  assert.ok(boards[1] > boards[0] + 100 && boards[2] > boards[1], `the board grows with the screen: ${boards.join(', ')}`);
  assert.ok(boards[3] > boards[0], `a taller window, a larger board: ${boards.join(', ')}`);
});

test('item 7: Undo takes back a colouring and Redo plays it again, in turn with the moves', async () => {
  const g = await openGame(page, CLASSIC);
  await page.click('#cell-2');
  await page.keyboard.press('4');
  await page.waitForFunction(() => document.querySelector('#cell-2 .v')?.textContent === '4');
  await page.click('.mode[data-mode="colour"]');
  await page.click('#cell-3');
  await page.keyboard.press('2');
  await page.waitForSelector('#cell-3.col-2');
  assert.equal(await page.$eval('#btn-undo', (b) => b.disabled), false);
  await page.keyboard.press('Control+z');
  await page.waitForSelector('#cell-3:not(.col-2)');
  assert.equal(await page.textContent('#cell-2 .v'), '4', 'the colouring went first, the digit stays');
  await page.keyboard.press('Control+y');
  await page.waitForSelector('#cell-3.col-2');
  // Undo twice: the colour, then the digit (on the server).
  await page.click('#btn-undo');
  await page.waitForSelector('#cell-3:not(.col-2)');
  await page.click('#btn-undo');
  await page.waitForFunction(() => !document.querySelector('#cell-2 .v')?.textContent);
  await page.waitForFunction(async (id) => (await (await import('/js/api.js')).api.getGame(id)).cells[2].value == null, g.id);
  // Redo twice: the digit, then the colour.
  await page.click('#btn-redo');
  await page.waitForFunction(() => document.querySelector('#cell-2 .v')?.textContent === '4');
  await page.click('#btn-redo');
  await page.waitForSelector('#cell-3.col-2');
  // Kept in this browser, as colours are.
  await page.reload();
  await page.waitForSelector('#cell-3.col-2');
  // A colouring, then a hint applied: Undo takes back the step first, then the colouring.
  await page.click('.mode[data-mode="colour"]'); // a fresh page starts in Digit mode
  await page.click('#cell-4');
  await page.keyboard.press('3');
  await page.waitForSelector('#cell-4.col-3');
  const filled = () => page.$$eval('.cell .v', (vs) => vs.filter((v) => v.textContent).length);
  const before = await filled();
  await fullHint(page);
  await page.click('#hint-apply');
  await page.waitForFunction((n) => document.querySelectorAll('.cell .v:not(:empty)').length > n, before);
  await page.keyboard.press('Control+z');
  await page.waitForFunction((n) => document.querySelectorAll('.cell .v:not(:empty)').length === n, before);
  assert.ok(await page.locator('#cell-4.col-3').count(), 'the colouring waits its turn');
  await page.keyboard.press('Control+z');
  await page.waitForSelector('#cell-4:not(.col-3)');
  await page.click('.mode[data-mode="normal"]');
});

test('item 7: the setter moves on as givens are typed, and offers a clue for several solutions', async () => {
  await openGame(page, CLASSIC);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  if (!(await page.locator('#custom-box[open]').count())) await page.click('#custom-box summary');
  await page.click('#custom-board');
  await page.waitForSelector('#setter-bar:not([hidden])');
  await page.waitForFunction(() => document.activeElement?.id === 'cell-0');
  // The first row's givens typed straight on: a digit, then the next cell; an arrow steps
  // over a blank.
  for (const ch of TWO_SOLUTIONS.slice(0, 5)) {
    if (ch === '.') await page.keyboard.press('ArrowRight');
    else await page.keyboard.press(ch);
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'cell-5', 'typing moved on to r1c6');
  const row1 = await page.$$eval('.cell', (cells) => cells.slice(0, 9).map((c) => c.querySelector('.v')?.textContent || '.').join(''));
  assert.equal(row1, TWO_SOLUTIONS.slice(0, 9));
  // From the end of a row to the start of the next.
  await page.click('#cell-35');
  await page.keyboard.press(TWO_SOLUTIONS[35]);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'cell-36', 'r4c9 moved on to r5c1');
  for (let i = 9; i < 81; i++) {
    if (TWO_SOLUTIONS[i] === '.') continue;
    await page.click(`#cell-${i}`);
    await page.keyboard.press(TWO_SOLUTIONS[i]);
  }
  await page.waitForSelector('#setter-verdict.bad');
  assert.match(await page.textContent('#setter-verdict'), /several solutions/);
  await page.waitForSelector('#setter-clue:not([hidden])');
  const offer = await page.textContent('#setter-clue');
  const m = /^Add a clue: ([1-9]) in row (\d), column (\d)$/.exec(offer);
  assert.ok(m, offer);
  const cell = (Number(m[2]) - 1) * 9 + Number(m[3]) - 1;
  assert.equal(TWO_SOLUTIONS[cell], '.', 'the clue goes in an empty cell');
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, 'player-05-setter-add-a-clue');
  await page.click('#setter-clue');
  await page.waitForFunction((i) => document.querySelector(`#cell-${i} .v`)?.textContent !== '', cell);
  assert.equal(await page.textContent(`#cell-${cell} .v`), m[1]);
  await page.waitForSelector('#setter-verdict.ok');
  assert.match(await page.textContent('#setter-verdict'), /one solution/);
  assert.ok(await page.locator('#setter-clue[hidden]').count(), 'nothing more to offer');
  await page.click('#setter-cancel');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
});

test('item 14: a #/daily/DATE/LEVEL link asks before it makes a game, and opens the one there is', async () => {
  const date = '2026-11-27';
  const dailies = async () => {
    const list = (await api(server.url, 'GET', '/games')).data;
    return [...list.in_progress, ...list.finished].filter((x) => x.daily === date);
  };
  await page.goto('about:blank');
  await open(page, server.url, `#/daily/${date}/easy`);
  await page.waitForSelector('#dlg-daily-ask[open]');
  assert.match(await page.textContent('#daily-ask-text'), /2026.*easy|easy.*2026/);
  assert.deepEqual(await dailies(), [], 'nothing made before the answer');
  assert.deepEqual(await axeViolations(page, '#dlg-daily-ask'), []);
  await shot(page, 'player-06-daily-ask');
  await page.click('#daily-ask-no');
  await page.waitForSelector('#dlg-daily-ask', { state: 'hidden' });
  // The address is cleared once the dialog's close event has run, a task after it hides.
  await page.waitForFunction(() => !/daily/.test(location.hash), null, { timeout: 5000 });
  assert.deepEqual(await dailies(), [], 'No makes nothing');
  // Yes makes it.
  await page.goto('about:blank');
  await open(page, server.url, `#/daily/${date}/easy`);
  await page.waitForSelector('#dlg-daily-ask[open]');
  await page.click('#daily-ask-yes');
  await page.waitForFunction(() => /^#\/game\/\d+$/.test(location.hash), null, { timeout: 60000 });
  const made = await dailies();
  assert.equal(made.length, 1);
  assert.equal(made[0].level, 'easy');
  // Opened again, the link goes to that game without asking.
  await page.goto('about:blank');
  await open(page, server.url, `#/daily/${date}/easy`);
  await page.waitForFunction((id) => location.hash === `#/game/${id}`, made[0].id);
  assert.equal(await page.locator('#dlg-daily-ask[open]').count(), 0);
  assert.equal((await dailies()).length, 1);
});
