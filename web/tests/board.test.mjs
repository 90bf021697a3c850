// Browser tests of the board for serious solvers (issue 23: defects 1, 2, 3, 7, 8 and the input
// features): positional candidates beside the player's centre and corner notation, Help that
// never writes, focus after New game, the pad's pressed and finished digits, accessibility
// (live region, radio group, labels holding their visible text, the phone's heading, contrast
// in both themes), digit-first input, multi-select, cell colours, the settings, and entering a
// puzzle on the board. Screenshots of the main states go to test-artifacts/board-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, axeViolations, CLASSIC, colourMath, extraBrowsers, open, shot, solve, startSession, TWO_SOLUTIONS,
} from './helpers.mjs';

let session;
let server;
let page;

before(async () => {
  session = await startSession();
  ({ server, page } = session);
});

/** Browsers a test opens besides the shared page (a phone, the dark theme, a large screen). */
const extra = extraBrowsers();

after(async () => {
  await extra.closeAll();
  await session?.close();
});

const browserFor = (options) => extra.launch(options);

const SOLUTION = solve(CLASSIC);
/** Empty cells of CLASSIC used below, with the candidates the givens leave them. */
const R1C6 = 5; // candidates 2 4 6 8
const R1C7 = 6; // candidates 1 4 8 9

/** A new game of CLASSIC (or `puzzle`) through the API, opened in `p` with fresh settings. */
async function openPuzzle(p = page, puzzle = CLASSIC, { keepSettings = false } = {}) {
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle });
  assert.equal(status, 201);
  if (!keepSettings) {
    await p.goto(server.url);
    await p.evaluate(() => localStorage.clear());
  }
  await p.goto('about:blank'); // a fresh load, not a change of address within the page
  await open(p, server.url, `#/game/${data.id}`);
  await p.waitForSelector('#cell-80[aria-label]');
  return data.id;
}

/** Game `id` as the backend of `p`'s browser keeps it (the server's, or the static copy's own). */
const game = async (id, p = page) => (await api(p, 'GET', `/games/${id}`)).data;
const cellOf = (p, i) => p.locator(`#cell-${i}`);
const classes = async (p, i) => (await cellOf(p, i).getAttribute('class')).split(' ');

/** Waits until game `id` (of `p`'s browser) satisfies `ok(game)` (the page sends moves in order). */
async function until(id, ok, what, p = page) {
  for (let n = 0; n < 100; n++) {
    const g = await game(id, p);
    if (ok(g)) return g;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`the game never reached: ${what}`);
}

/** Sets one setting through the settings dialog, as a player does. */
async function setting(p, key, value) {
  await p.click('#btn-settings');
  await p.waitForSelector('#dlg-settings[open]');
  if (typeof value === 'boolean') await p.setChecked(`#dlg-settings input[data-setting="${key}"]`, value);
  else await p.click(`#dlg-settings [data-setting="${key}"] [data-value="${value}"]`);
  await p.keyboard.press('Escape');
  await p.waitForSelector('#dlg-settings', { state: 'hidden' });
}

/**
 * The contrast ratio of `selector`'s text against its own background (WCAG's formula), with
 * the element's opacity taken into account by blending both over the page's background.
 */
async function contrast(p, selector) {
  await colourMath(p);
  return p.$eval(selector, (e) => {
    const { rgba, over, ratio } = window.nonetColours;
    const page = rgba(getComputedStyle(document.body).backgroundColor);
    let bg = null;
    for (let n = e; n && !bg; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) bg = over(c, page);
    }
    const op = Number(getComputedStyle(e).opacity);
    const fg = over([...over(rgba(getComputedStyle(e).color), bg), op], page);
    return ratio(fg, over([...bg, op], page));
  });
}

/** The axe violations of the page, the board's and dialogs' rules all on. */
async function noViolations(p, what, selector = 'body') {
  assert.deepEqual(await axeViolations(p, selector), [], what);
}

test('candidates are drawn by position, and centre and corner marks are a separate layer (defect 1)', async () => {
  const id = await openPuzzle();
  await page.click('#btn-auto');
  await page.waitForSelector(`#cell-${R1C6} .cands.own`);
  // Digit d sits in the d-th place of the 3x3 mini-grid: 2 top middle, 4 middle left...
  const places = await page.$$eval(`#cell-${R1C6} .cands.own > span`, (spans) => spans.map((s) => s.textContent));
  assert.deepEqual(places, ['', '2', '', '4', '', '6', '', '8', '']);
  const box = async (n) => page.locator(`#cell-${R1C6} .cands.own > span:nth-child(${n})`).boundingBox();
  const [two, four, six, eight] = [await box(2), await box(4), await box(6), await box(8)];
  assert.ok(two.y < four.y && four.y === six.y && six.y < eight.y, 'rows of the mini-grid');
  assert.ok(four.x < two.x && two.x < six.x && Math.abs(two.x - eight.x) < 1, 'columns of the mini-grid');
  // The candidates are the server's, not the player's centre marks.
  const g = await game(id);
  assert.deepEqual(g.cells[R1C6].candidates, [2, 4, 6, 8]);
  assert.deepEqual(g.cells[R1C6].centre, []);

  // Centre and corner marks: the player's own notation, kept apart from the candidates.
  await page.click('.mode[data-mode="centre"]');
  await page.click(`#cell-${R1C7}`);
  await page.keyboard.press('1');
  await page.click('.mode[data-mode="corner"]');
  await page.keyboard.press('9');
  await until(id, (x) => x.cells[R1C7].centre.length && x.cells[R1C7].corner.length, 'centre 1, corner 9');
  // In a notation mode the cell shows the notation, flagged as also holding candidates...
  await page.waitForSelector(`#cell-${R1C7} .centre`);
  assert.ok(await page.locator(`#cell-${R1C7} .corner`).count());
  assert.equal(await page.locator(`#cell-${R1C7} .cands`).count(), 0, 'one layer at a time: nothing overlaps');
  assert.ok(await page.locator(`#cell-${R1C7} .layer-flag`).count());
  assert.match(await cellOf(page, R1C7).getAttribute('aria-label'), /marks 1 9: centre 1, corner 9, candidates 1 4 8 9/);
  await shot(page, 'board-01-notation-layer');
  // ...and in the other modes its candidates, flagged as also holding notation.
  await page.click('.mode[data-mode="candidate"]');
  await page.waitForSelector(`#cell-${R1C7} .cands.own`);
  assert.equal(await page.locator(`#cell-${R1C7} .centre, #cell-${R1C7} .corner`).count(), 0);
  // Candidate mode toggles one candidate, at its place.
  await page.click(`#cell-${R1C6}`);
  await page.keyboard.press('4');
  await until(id, (x) => !x.cells[R1C6].candidates.includes(4), 'candidate 4 removed from r1c6');
  await page.waitForFunction((i) => document.querySelector(`#cell-${i} .cands.own > span:nth-child(4)`)?.textContent === '', R1C6);
  await shot(page, 'board-02-candidates');
  await noViolations(page, 'candidates and notation, light');

  // Legible on a phone: candidates at least 10 px tall, in dark mode too, with no violation.
  const phone = await browserFor({ width: 390, height: 844, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  await open(phone.page, server.url, `#/game/${id}`);
  await phone.page.waitForSelector(`#cell-${R1C6} .cands.own`);
  const size = await phone.page.$eval(`#cell-${R1C6} .cands.own > span:nth-child(2)`, (s) => parseFloat(getComputedStyle(s).fontSize));
  assert.ok(size >= 10, `candidate font size on a phone: ${size}px`);
  await shot(phone.page, 'board-03-candidates-phone-dark');
  await noViolations(phone.page, 'candidates on a phone, dark');
  await phone.close();
});

test('Help never writes a digit in the selected cell (defect 2)', async () => {
  const id = await openPuzzle();
  await page.click('#cell-2');
  await page.click('#btn-help');
  await page.click('#pad button[data-d="4"]');
  await page.waitForSelector('.cell.help');
  assert.equal(await page.locator('#cell-2 .v').count(), 0, 'the selected cell stays empty');
  assert.equal((await game(id)).cells[2].value, null);
  assert.equal(await page.getAttribute('#pad button[data-d="4"]', 'aria-pressed'), 'true');
  await page.click('#btn-help');
});

test('after New game the board has the focus, so arrows and digits work at once (defect 3)', async () => {
  await openPuzzle();
  await page.click('#btn-new');
  await page.click('.level-btn[data-level="easy"]');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.classList.contains('cell'));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-1');
});

test('the pressed pad digit is visible in every mode, and all-placed digits stay legible (defect 7)', async () => {
  // Every 1 of the solution placed: the pad's 1 is "all placed".
  const id = await openPuzzle();
  for (let i = 0; i < 81; i++) {
    if (CLASSIC[i] === '.' && SOLUTION[i] === '1') {
      await api(server.url, 'POST', `/games/${id}/moves`, { type: 'place', cell: i, digit: 1, version: (await game(id)).version });
    }
  }
  await page.reload();
  await page.waitForSelector('#pad button.done[data-d="1"]');
  const done = await contrast(page, '#pad button.done[data-d="1"]');
  assert.ok(done >= 4.5, `an all-placed digit: ${done.toFixed(2)}:1`);
  const cells = { normal: 2, centre: 3, corner: 5, candidate: 6 };
  for (const [mode, i] of Object.entries(cells)) {
    await page.click(`.mode[data-mode="${mode}"]`);
    await page.click(`#cell-${i}`);
    await page.click('#pad button[data-d="4"]');
    await page.waitForSelector('#pad button[data-d="4"][aria-pressed="true"]');
    const ratio = await contrast(page, '#pad button[data-d="4"]');
    assert.ok(ratio >= 4.5, `the pressed 4 in ${mode} mode: ${ratio.toFixed(2)}:1`);
    if (mode === 'centre') await shot(page, 'board-04-pad-centre-mode');
  }
  await page.click('#cell-0'); // a given 5
  await page.click('#pad button[data-d="1"]');
  await page.waitForSelector('#pad button.done[data-d="1"][aria-pressed="true"]');
  const both = await contrast(page, '#pad button[data-d="1"]');
  assert.ok(both >= 4.5, `pressed and all placed: ${both.toFixed(2)}:1`);
  await noViolations(page, 'the pad', '#pad');
});

test('the mode switch is a radio group: one tab stop, arrow keys pick (defect 8)', async () => {
  await openPuzzle();
  const checked = () => page.$eval('.modes [aria-checked="true"]', (b) => b.dataset.mode);
  const stops = () => page.$$eval('.modes [role="radio"]', (bs) => bs.filter((b) => b.tabIndex === 0).map((b) => b.dataset.mode));
  assert.deepEqual(await stops(), ['normal']);
  await page.focus('.mode[data-mode="normal"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await checked(), 'candidate');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.mode), 'candidate');
  assert.deepEqual(await stops(), ['candidate']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await checked(), 'colour', 'wraps around');
  await page.keyboard.press('Home');
  assert.equal(await checked(), 'normal');
  // Space on the board cycles the same modes.
  await page.click('#cell-2');
  await page.keyboard.press('Space');
  assert.equal(await checked(), 'candidate');
  await page.keyboard.press('Space');
  assert.equal(await checked(), 'centre');
});

test('announce() speaks through a live region that exists from the start (defect 8)', async () => {
  await openPuzzle();
  const region = page.locator('#sr-polite');
  assert.equal(await region.getAttribute('role'), 'status');
  assert.equal(await region.getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('#sr-assertive').getAttribute('role'), 'alert');
  await page.evaluate(async () => (await import('/js/a11y.js')).announce('Hint: a hidden single in box 3.'));
  await page.waitForFunction(() => document.getElementById('sr-polite').textContent === 'Hint: a hidden single in box 3.');
  // The same words again are said again: the region empties, then fills.
  await page.evaluate(async () => (await import('/js/a11y.js')).announce('Hint: a hidden single in box 3.'));
  await page.waitForFunction(() => document.getElementById('sr-polite').textContent === 'Hint: a hidden single in box 3.');
});

test('the phone keeps its <h1> and its whole top bar, no role-less element carries aria-label (defect 8)', async () => {
  const phone = await browserFor({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await openPuzzle(phone.page);
  assert.equal((await phone.page.$eval('h1', (h) => h.innerText)).trim(), 'nonet');
  // The top bar (with Settings) fits: nothing runs off the right edge of a 390 px phone.
  assert.equal(await phone.page.evaluate(() => document.documentElement.scrollWidth), 390);
  const theme = await phone.page.locator('#btn-theme').boundingBox();
  assert.ok(theme.x + theme.width <= 390, `the theme button ends at ${theme.x + theme.width}`);
  const bare = await phone.page.$$eval('[aria-label]', (els) => els
    .filter((e) => !e.getAttribute('role') && ['DIV', 'SPAN', 'P'].includes(e.tagName))
    .map((e) => e.id || e.className));
  assert.deepEqual(bare, []);
  await noViolations(phone.page, 'phone, light');
  await phone.close();
});

test('every board state reads at 4.5:1 in both themes, and labels hold their visible text (defect 8)', async () => {
  for (const scheme of ['light', 'dark']) {
    const b = await browserFor({ colorScheme: scheme, width: 1366, height: 768 });
    const p = b.page;
    const id = await openPuzzle(p);
    // Player digits (one wrong, one clashing), candidates, notation, colours, check on.
    const play = async (i, d) => {
      await p.click(`#cell-${i}`);
      await p.keyboard.press(String(d));
    };
    await play(2, 4);
    await play(3, 2);
    await play(10, 6);
    await p.click('#btn-auto');
    await until(id, (x) => x.cells[R1C7].candidates.length, 'the candidates', p);
    await p.click('#btn-check');
    await p.waitForSelector('#cell-3.wrong');
    await p.click('#cell-2'); // the selected cell holds a player digit; its peers are tinted
    await p.waitForSelector('#cell-2.selected');
    // The selected player digit against the selected cell's tint, a peer's digit on its tint.
    const selected = await contrast(p, '#cell-2 .v');
    assert.ok(selected >= 4.5, `${scheme}: player digit on the selected cell ${selected.toFixed(2)}:1`);
    const peer = await contrast(p, '#cell-10 .v');
    assert.ok(peer >= 4.5, `${scheme}: player digit on a peer ${peer.toFixed(2)}:1`);
    await noViolations(p, `digits, candidates, check, ${scheme}`);
    // Notation and colours on top.
    await p.click('.mode[data-mode="centre"]');
    await play(R1C7, 1);
    await p.click('.mode[data-mode="colour"]');
    await play(19, 1);
    await play(20, 2);
    await play(22, 6);
    await p.click('.mode[data-mode="normal"]');
    await p.click('#cell-2');
    await until(id, (x) => x.cells[R1C7].centre.length, 'the centre mark', p);
    await shot(p, `board-05-states-${scheme}`);
    await noViolations(p, `notation and colours, ${scheme}`);
    await b.close();
  }
});

test('digit first: pick a digit on the pad, then tap cells', async () => {
  const id = await openPuzzle();
  await setting(page, 'order', 'digit');
  await page.click('#pad button[data-d="4"]');
  await page.click('#cell-2');
  await until(id, (g) => g.cells[2].value === 4, 'r1c3 = 4');
  // Tapping it again with the same digit takes it out.
  await page.click('#cell-2');
  await until(id, (g) => g.cells[2].value === null, 'r1c3 empty');
  // In candidate mode a tap toggles the picked digit as a candidate.
  await page.click('.mode[data-mode="candidate"]');
  await page.click(`#cell-${R1C6}`);
  await until(id, (g) => g.cells[R1C6].candidates.includes(4), 'candidate 4 in r1c6');
  // A tap on a given picks its digit.
  await page.click('#cell-0');
  assert.equal(await page.getAttribute('#pad button[data-d="5"]', 'aria-pressed'), 'true');
  await shot(page, 'board-06-digit-first');
  // Remembered across a reload.
  await page.reload();
  await page.waitForSelector('#cell-80[aria-label]');
  await page.click('#btn-settings');
  assert.equal(await page.getAttribute('#dlg-settings [data-value="digit"]', 'aria-checked'), 'true');
  await noViolations(page, 'settings dialog', '#dlg-settings');
  await shot(page, 'board-07-settings');
  await page.keyboard.press('Escape');
});

test('several cells selected by Shift/Ctrl-click or a drag take a mark at once', async () => {
  const id = await openPuzzle();
  await page.click('.mode[data-mode="candidate"]');
  await page.click('#cell-2');
  await page.click('#cell-3', { modifiers: ['Shift'] });
  await page.click('#cell-5', { modifiers: ['Control'] });
  assert.equal(await page.locator('.cell[aria-selected="true"]').count(), 3);
  await page.keyboard.press('2');
  await until(id, (g) => [2, 3, 5].every((i) => g.cells[i].candidates.includes(2)), 'candidate 2 in three cells');
  // Again: every selected cell has it, so it comes off all of them.
  await page.keyboard.press('2');
  await until(id, (g) => [2, 3, 5].every((i) => !g.cells[i].candidates.includes(2)), 'candidate 2 off again');
  // A drag from r2c2 to r2c4 selects the three cells it crosses.
  const centre = async (i) => {
    const b = await cellOf(page, i).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  await page.mouse.move(...(await centre(10)));
  await page.mouse.down();
  await page.mouse.move(...(await centre(11)), { steps: 4 });
  await page.mouse.move(...(await centre(12)), { steps: 4 });
  await page.mouse.up();
  const picked = await page.$$eval('.cell[aria-selected="true"]', (els) => els.map((e) => Number(e.dataset.i)));
  assert.deepEqual(picked.sort((a, b) => a - b), [10, 11, 12]);
  await page.click('.mode[data-mode="centre"]');
  await page.keyboard.press('7');
  await until(id, (g) => [10, 11].every((i) => g.cells[i].centre.includes(7)), 'centre 7 in the empty ones');
  assert.deepEqual((await game(id)).cells[12].centre, [], 'r2c4 holds a given');
  // From the keyboard: Shift+arrows extend the selection.
  await page.click('#cell-19');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const keyed = await page.$$eval('.cell[aria-selected="true"]', (els) => els.map((e) => Number(e.dataset.i)));
  assert.deepEqual(keyed.sort((a, b) => a - b), [19, 20, 29]);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-29');
  await shot(page, 'board-08-multi-select');
  await noViolations(page, 'several cells selected');
});

test('cell colours: a colour-blind-safe palette, said in labels, kept across a reload', async () => {
  const id = await openPuzzle();
  await page.click('.mode[data-mode="colour"]');
  assert.ok(await page.locator('#pad button[data-d="7"]:disabled').count(), 'six colours');
  assert.match(await page.textContent('#pad button[data-d="2"]'), /sky blue/);
  await page.click('#cell-2');
  await page.click('#cell-3', { modifiers: ['Shift'] });
  await page.click('#pad button[data-d="2"]');
  await page.waitForSelector('#cell-3.col-2');
  assert.ok((await classes(page, 2)).includes('col-2'));
  assert.match(await cellOf(page, 3).getAttribute('aria-label'), /coloured sky blue/);
  await page.click('#cell-39');
  await page.keyboard.press('5');
  await page.waitForSelector('#cell-39.col-5');
  await shot(page, 'board-09-colours');
  await page.reload();
  await page.waitForSelector('#cell-3.col-2');
  assert.ok((await classes(page, 39)).includes('col-5'));
  // Delete in colour mode takes the colour off, nothing else.
  await page.click('.mode[data-mode="colour"]');
  await page.click('#cell-39');
  await page.keyboard.press('Delete');
  await page.waitForSelector('#cell-39:not(.col-5)');
  assert.equal((await game(id)).cells[39].value, 8, 'the given stays');
  const dark = await browserFor({ colorScheme: 'dark', width: 390, height: 844, isMobile: true, hasTouch: true });
  await open(dark.page, server.url, `#/game/${id}`);
  await dark.page.waitForSelector('#cell-80[aria-label]');
  await shot(dark.page, 'board-10-colours-phone-dark');
  await noViolations(dark.page, 'colours on a phone, dark');
  await dark.close();
});

test('settings change the board and are remembered', async () => {
  const id = await openPuzzle();
  await page.click('#btn-auto');
  await page.waitForSelector(`#cell-${R1C6} .cands.own`);
  // Auto-remove off: a placed 4 stays among its peers' candidates.
  await setting(page, 'tidy', false);
  await page.click('#cell-2');
  await page.keyboard.press('4');
  await until(id, (g) => g.cells[2].value === 4, 'r1c3 = 4');
  assert.ok((await game(id)).cells[R1C6].candidates.includes(4));
  // Same digit highlight off.
  await setting(page, 'sameDigit', false);
  await page.click('#cell-0');
  assert.equal(await page.locator('.cell.same').count(), 0);
  await setting(page, 'sameDigit', true);
  await page.click('#cell-0');
  await page.waitForSelector('.cell.same');
  // Conflicts off: a clash is not drawn (nor said).
  await setting(page, 'conflicts', false);
  await page.click('#cell-3');
  await page.keyboard.press('5');
  await until(id, (g) => g.clashes.length, 'a clash');
  assert.equal(await page.locator('.cell.clash').count(), 0);
  await setting(page, 'conflicts', true);
  await page.waitForSelector('#cell-3.clash');
  await page.keyboard.press('Delete');
  // Check as you go: a wrong digit is marked without pressing Check.
  await setting(page, 'checkAsYouGo', true);
  await page.click('#cell-3');
  await page.keyboard.press('2');
  await page.waitForSelector('#cell-3.wrong');
  // Timer hidden, marks large.
  await setting(page, 'timer', false);
  assert.equal(await page.$eval('#timer', (t) => getComputedStyle(t).visibility), 'hidden');
  const before = await page.$eval(`#cell-${R1C6} .cands.own > span:nth-child(2)`, (s) => parseFloat(getComputedStyle(s).fontSize));
  await setting(page, 'markSize', 'large');
  const larger = await page.$eval(`#cell-${R1C6} .cands.own > span:nth-child(2)`, (s) => parseFloat(getComputedStyle(s).fontSize));
  assert.ok(larger > before, `${larger} > ${before}`);
  // All of it survives a reload.
  await page.reload();
  await page.waitForSelector('#cell-3.wrong');
  assert.equal(await page.$eval('#timer', (t) => getComputedStyle(t).visibility), 'hidden');
  assert.equal(await page.getAttribute('#board', 'data-marks'), 'large');
  await page.click('#btn-settings');
  assert.equal(await page.isChecked('#dlg-settings input[data-setting="tidy"]'), false);
  assert.equal(await page.isChecked('#dlg-settings input[data-setting="checkAsYouGo"]'), true);
  await page.keyboard.press('Escape');
});

test('a puzzle entered on the board gets its verdict live and is played', async () => {
  await openPuzzle();
  await page.click('#btn-new');
  await page.click('#custom-box summary');
  await page.click('#custom-board');
  await page.waitForSelector('#setter-bar:not([hidden])');
  await page.waitForFunction(() => document.activeElement?.id === 'cell-0');
  assert.match(await page.textContent('#setter-verdict'), /empty grid/);
  const enter = async (line) => {
    for (let i = 0; i < 81; i++) {
      if (line[i] === '.') continue;
      await page.click(`#cell-${i}`);
      await page.keyboard.press(line[i]);
    }
  };
  // Two solutions first: said so, and Play it waits.
  await enter(TWO_SOLUTIONS);
  await page.waitForSelector('#setter-verdict.bad');
  assert.match(await page.textContent('#setter-verdict'), /several solutions/);
  assert.ok(await page.locator('#setter-play:disabled').count());
  // A repeated digit is drawn as a clash before the server is asked.
  await page.click('#cell-2');
  await page.keyboard.press('5');
  await page.waitForSelector('#cell-2.clash');
  // Typing moved on to the next cell: back to r1c3 to take the 5 out.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  // The missing given of the classic: one solution, rated; Play it starts the game.
  await page.click('#cell-25');
  await page.keyboard.press('6');
  await page.waitForSelector('#setter-verdict.ok');
  assert.match(await page.textContent('#setter-verdict'), /one solution/);
  await shot(page, 'board-11-setter');
  await noViolations(page, 'entering a puzzle');
  await page.click('#setter-play');
  await page.waitForFunction(() => /#\/game\/\d+/.test(location.hash));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const g = await game(id);
  assert.equal(g.puzzle, CLASSIC);
  assert.equal(g.source, 'custom');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.classList.contains('cell'));
});

test('the settings dialog and entering a puzzle on a phone, light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    const phone = await browserFor({ width: 390, height: 844, isMobile: true, hasTouch: true, colorScheme: scheme });
    const p = phone.page;
    await openPuzzle(p);
    await p.tap('#btn-settings');
    await p.waitForSelector('#dlg-settings[open]');
    await shot(p, `board-12-settings-phone-${scheme}`);
    await noViolations(p, `settings on a phone, ${scheme}`, '#dlg-settings');
    await p.keyboard.press('Escape');
    await p.tap('#btn-new');
    await p.tap('#custom-box summary');
    await p.tap('#custom-board');
    await p.waitForSelector('#setter-bar:not([hidden])');
    for (const [i, d] of [[0, 5], [1, 3], [4, 7]]) {
      await p.tap(`#cell-${i}`);
      await p.tap(`#pad button[data-d="${d}"]`);
    }
    await p.waitForSelector('#setter-verdict.bad');
    assert.equal(await p.textContent('#cell-4 .v'), '7');
    await shot(p, `board-13-setter-phone-${scheme}`);
    await noViolations(p, `entering a puzzle on a phone, ${scheme}`);
    // Cancel goes back to the game that was on the board.
    await p.tap('#setter-cancel');
    await p.waitForSelector('#setter-bar', { state: 'hidden' });
    await p.waitForFunction(() => /#\/game\/\d+$/.test(location.hash));
    // The game's own givens (r9c9 = 9: the setter's grid had nothing there).
    await p.waitForFunction(() => document.querySelector('#cell-80 .v')?.textContent === '9');
    await phone.close();
  }
});
