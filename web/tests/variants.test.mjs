// Browser tests of the variants (jigsaw, X, Windoku) in `nonet play`: a jigsaw entered as the
// player's own puzzle and played to the end, the board drawn from the layout the server sends,
// share links that carry the variant, and axe-core's WCAG checks on the variant screens.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  api, axeViolations, edges, launchBrowser, open, shot, startSession, STATIC,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** GIVENS REGIONS SOLUTION triples from the shared jigsaw set (fixtures/jigsaw-puzzles.txt). */
const JIGSAWS = fs.readFileSync(path.join(here, 'fixtures', 'jigsaw-puzzles.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
const [PUZZLE, REGIONS, SOLUTION] = JIGSAWS[1];
/** An X-Sudoku and a Windoku puzzle from the shared variant sets. */
const X_PUZZLE = '.1......86..4..9....4.8....4..6.5........1...86.3........7....5.4...86.9.58..34..';
const WINDOKU = '.....18....8.9..37....2.5........17.169..........1..8..8...56....5.64.1.6.21..3.5';

let session;
let server;
let browser;
let page;

before(async () => {
  session = await startSession();
  ({ server, browser, page } = session);
});

after(async () => {
  await session?.close();
});

const cell = (i) => page.locator(`#cell-${i}`);
const classesOf = (sel) => page.$$eval(sel, (els) => els.map((e) => Number(e.dataset.i)).sort((a, b) => a - b));

test('a jigsaw entered as my own puzzle is drawn from its regions and played to the end', async () => {
  await open(page, server.url);
  await page.waitForSelector('#dlg-new[open]');
  assert.ok(await page.locator('#custom-regions-box[hidden]').count(), 'no map field for a standard puzzle');
  await page.click('#custom-box summary');
  await page.check('#variant-jigsaw');
  await page.waitForSelector('#custom-regions-box:not([hidden])');
  assert.match(await page.textContent('#variant-now'), /Jigsaw Sudoku/);
  // Where the generator cannot aim at a level on a variant (GET /api/levels says so), the level
  // buttons wait, and the dialog says to enter one's own.
  const { data: levels } = await api(server.url, 'GET', '/levels');
  if (!levels.levels_on_variants) {
    assert.equal(await page.locator('.level-btn:disabled').count(), levels.levels.length);
    await page.waitForSelector('#variant-own-only:not([hidden])');
  }
  await page.fill('#custom-input', PUZZLE);

  // A broken map is refused, naming the label and the rule.
  // r1c1 and r1c9 swap regions: each is cut off from the rest of its own.
  const broken = `${REGIONS[8]}${REGIONS.slice(1, 8)}${REGIONS[0]}${REGIONS.slice(9)}`;
  await page.fill('#custom-regions', broken);
  await page.click('#custom-check');
  await page.waitForSelector('#custom-result.bad');
  assert.match(await page.textContent('#custom-result'), new RegExp(`^Region map: region ${REGIONS[8]} is in two pieces.*\\.$`));
  await page.click('#custom-go');
  await page.waitForSelector('#custom-result.bad');
  assert.ok(await page.locator('#dlg-new[open]').count(), 'the dialog stays open');

  // The right map, pasted as nine lines, is accepted.
  await page.fill('#custom-regions', REGIONS.match(/.{9}/g).join('\n'));
  await page.click('#custom-check');
  await page.waitForSelector('#custom-result.ok');
  assert.match(await page.textContent('#custom-result'), /one solution/);
  assert.deepEqual(await axeViolations(page, '#dlg-new'), []);
  await shot(page, '17-jigsaw-own-puzzle');
  await page.click('#custom-go');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction(() => /#\/game\/\d+/.test(location.hash));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());

  // Borders and tints follow the regions, not 3x3 boxes.
  assert.equal(await page.getAttribute('#board', 'data-variant'), 'jigsaw');
  assert.match(await page.getAttribute('#board', 'aria-label'), /Jigsaw Sudoku board/);
  const { right, below } = edges(REGIONS);
  assert.deepEqual(await classesOf('.cell.edge-r'), right);
  assert.deepEqual(await classesOf('.cell.edge-b'), below);
  const boxes = (await api(server.url, 'GET', `/games/${id}`)).data.layout.boxes;
  for (const i of [0, 40, 80]) {
    assert.ok((await cell(i).getAttribute('class')).split(' ').includes(`tint-${Number(boxes[i]) - 1}`));
    assert.match(await cell(i).getAttribute('aria-label'), new RegExp(`region ${boxes[i]}`));
  }
  assert.match(await page.textContent('#game-title'), /^Jigsaw · Own puzzle/);
  // A hint walks the jigsaw's houses: the area it shows is the union of the step's houses,
  // taken from the layout (regions, not boxes).
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  // Level 0 (a mistake? how hard?) comes first; then the technique.
  assert.match(await page.textContent('#hint-kicker'), /0 of 3/);
  await page.click('#hint-more');
  await page.waitForFunction(() => /1 of 3/.test(document.getElementById('hint-kicker').textContent));
  const hint = (await api(server.url, 'POST', `/games/${id}/hint`, {})).data;
  assert.equal(hint.kind, 'step');
  await page.click('#hint-more');
  const area = new Set();
  for (const h of hint.step.houses) {
    assert.notEqual(h.kind, 'box');
    const house = (await api(server.url, 'GET', `/games/${id}`)).data.layout.houses.find((x) => x.index === h.index);
    for (const c of house.cells) area.add(c);
  }
  if (area.size) {
    await page.waitForSelector('.cell.hint-area');
    assert.deepEqual(await classesOf('.cell.hint-area'), [...area].sort((a, b) => a - b));
  }
  await page.click('#hint-close');

  // Peers are the region's: select a given, its peers are exactly its row, column and region.
  const given = [...PUZZLE].findIndex((ch) => ch !== '.');
  await cell(given).click();
  const peers = [];
  for (let j = 0; j < 81; j++) {
    const same = Math.floor(j / 9) === Math.floor(given / 9) || j % 9 === given % 9 || REGIONS[j] === REGIONS[given];
    if (j !== given && same) peers.push(j);
  }
  assert.deepEqual(await classesOf('.cell.peer'), peers);
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, '18-jigsaw-start');

  // Filled in by keyboard, row by row.
  await cell(0).focus();
  for (let r = 0; r < 9; r++) {
    await page.keyboard.press('Home');
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      if (PUZZLE[i] === '.') await page.keyboard.press(SOLUTION[i]);
      if (c < 8) await page.keyboard.press('ArrowRight');
    }
    if (r < 8) await page.keyboard.press('ArrowDown');
  }
  await page.waitForSelector('#dlg-solved[open]');
  await shot(page, '19-jigsaw-solved');
  const done = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(done.finished, true);
  assert.equal(done.cells.map((c) => c.value).join(''), SOLUTION);
  await page.keyboard.press('Escape');

  // The share link carries the variant and the map, and opens the puzzle as a jigsaw again.
  await page.click('#btn-share');
  const link = await page.inputValue('#share-link');
  assert.ok(link.endsWith(`#/puzzle/${PUZZLE}/jigsaw/${REGIONS}`), link);
  assert.equal(await page.inputValue('#share-regions'), REGIONS);
  await page.keyboard.press('Escape');
  await page.goto(link);
  await page.waitForSelector('#dlg-new[open]');
  assert.ok(await page.isChecked('#variant-jigsaw'));
  assert.equal(await page.inputValue('#custom-regions'), REGIONS);
  await page.waitForSelector('#custom-result.ok');
  await page.keyboard.press('Escape');
  // The console's only complaints are the two refusals of the broken map above (the browser
  // logs a server's 422; the static copy's refusals are its engine's answers, never logged).
  const refusals = browser.errors.filter((e) => /status of 422/.test(e));
  assert.equal(refusals.length, STATIC ? 0 : 2);
  assert.deepEqual(browser.errors.filter((e) => !refusals.includes(e)), []);
});

test('a clash in a jigsaw region is shown as one, and help mode follows the regions', async () => {
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle: PUZZLE, variant: 'jigsaw', regions: REGIONS });
  assert.equal(status, 201);
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  // An empty cell and a digit that a given of its region holds, and no given of its row or column.
  let target = null;
  for (let i = 0; i < 81 && !target; i++) {
    if (PUZZLE[i] !== '.') continue;
    for (let j = 0; j < 81 && !target; j++) {
      const d = PUZZLE[j];
      if (d === '.' || REGIONS[j] !== REGIONS[i]) continue;
      const inLine = [...PUZZLE].some((ch, k) => ch === d && (Math.floor(k / 9) === Math.floor(i / 9) || k % 9 === i % 9));
      if (!inLine) target = [i, d];
    }
  }
  const [i, d] = target;
  await cell(i).click();
  await page.keyboard.press(d);
  await page.waitForSelector(`#cell-${i}.clash`);
  assert.match(await page.textContent('#message'), new RegExp(`${d} is already in this region`));
  await page.keyboard.press('Delete');
  await page.waitForSelector(`#cell-${i}:not(.clash)`);
  // Help: the cells where d may go are the empty ones with no d in their row, column or region.
  await page.click('#btn-help');
  await page.waitForSelector('.cell.help');
  const expected = [];
  for (let k = 0; k < 81; k++) {
    if (PUZZLE[k] !== '.') continue;
    const blocked = [...PUZZLE].some((ch, j) => ch === d && (Math.floor(j / 9) === Math.floor(k / 9) || j % 9 === k % 9 || REGIONS[j] === REGIONS[k]));
    if (!blocked) expected.push(k);
  }
  assert.deepEqual(await classesOf('.cell.help'), expected);
  await page.click('#btn-help');
});

test('a jigsaw map drawn with letters names its regions by them: cell labels and hints', async () => {
  // The map's labels 1-9 as the letters I down to A: out of the order of the regions' cells.
  const letters = [...REGIONS].map((ch) => String.fromCharCode('I'.charCodeAt(0) - (Number(ch) - 1))).join('');
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle: PUZZLE, variant: 'jigsaw', regions: letters });
  assert.equal(status, 201);
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  for (const i of [0, 40, 80]) {
    assert.match(await cell(i).getAttribute('aria-label'), new RegExp(`region ${letters[i]}\\b`));
  }
  const hint = (await api(server.url, 'POST', `/games/${data.id}/hint`, {})).data;
  const named = [...hint.step.explanation.matchAll(/region (\w)\b/g)].map((m) => m[1]);
  assert.ok(named.every((l) => letters.includes(l)), hint.step.explanation);
});

test('X draws its diagonals and Windoku shades its windows, in light and dark', async () => {
  for (const [variant, puzzle] of [['x', X_PUZZLE], ['windoku', WINDOKU]]) {
    const { status, data } = await api(server.url, 'POST', '/games', { puzzle, variant });
    assert.equal(status, 201, JSON.stringify(data));
    await open(page, server.url, `#/game/${data.id}`);
    await page.waitForSelector('#cell-80[aria-label]');
    assert.equal(await page.getAttribute('#board', 'data-variant'), variant);
    // Standard boxes: the thick lines are the 3x3 ones.
    assert.deepEqual(await classesOf('.cell.edge-r'), [...Array(81).keys()].filter((i) => i % 9 === 2 || i % 9 === 5));
    const lines = await page.locator('#variant-layer line').count();
    const windows = await classesOf('.cell.win');
    if (variant === 'x') {
      assert.equal(lines, 2);
      assert.deepEqual(windows, []);
    } else {
      assert.equal(lines, 0);
      assert.equal(windows.length, 36);
      assert.ok(windows.includes(10) && windows.includes(70) && !windows.includes(40));
    }
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, `20-${variant}`);
  }
  // Printed, the windows stay shaded.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.$eval('#cell-10', (e) => getComputedStyle(e).backgroundColor), 'rgb(228, 228, 228)');
  await shot(page, '22-windoku-print');
  await page.emulateMedia({ media: 'screen' });
  // Selecting a cell keeps the windows shaded under its peers' highlight (it took the shade off
  // every cell of the selection's row, column and box).
  await cell(20).click();
  const shaded = (i) => page.$eval(`#cell-${i}`, (e) => [e.classList.contains('peer'), getComputedStyle(e).backgroundImage !== 'none']);
  assert.deepEqual(await shaded(11), [true, true]);
  assert.deepEqual(await shaded(18), [true, false]);
  const dark = await launchBrowser({ colorScheme: 'dark' });
  const { data } = await api(server.url, 'POST', '/games', { puzzle: PUZZLE, variant: 'jigsaw', regions: REGIONS });
  await open(dark.page, server.url, `#/game/${data.id}`);
  await dark.page.waitForSelector('#cell-80[aria-label]');
  assert.deepEqual(await axeViolations(dark.page), []);
  await shot(dark.page, '21-jigsaw-dark');
  await dark.close();
});

test('an X game at a level is made from the new-game dialog', async () => {
  await open(page, server.url);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  for (const v of ['jigsaw', 'windoku']) await page.uncheck(`#variant-${v}`);
  await page.check('#variant-x');
  const { data: levels } = await api(server.url, 'GET', '/levels');
  if (levels.levels_on_variants) {
    await page.click('.level-btn[data-level="easy"]');
  } else {
    await page.click('#variant-any');
  }
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForFunction(() => /#\/game\/\d+/.test(location.hash));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const g = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(g.layout.variant, 'x');
  assert.ok(g.rating > 0, 'rated once made');
  if (levels.levels_on_variants) assert.equal(g.level, 'easy');
  await page.waitForSelector('#variant-layer line');
  assert.match(await page.textContent('#game-title'), /^X · /);
});

test('over a jigsaw\'s region tints Windoku\'s windows are hatched, so each reads as one block', async () => {
  const { status, data } = await api(server.url, 'POST', '/games', { level: 'easy', variant: 'jigsaw,windoku' });
  assert.equal(status, 201, JSON.stringify(data));
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  const image = (i) => page.$eval(`#cell-${i}`, (e) => getComputedStyle(e).backgroundImage);
  // r2c2 lies in window 1, r1c1 in none; a window cell selected's peers keep the hatching.
  assert.match(await image(10), /repeating-linear-gradient/);
  assert.equal(await image(0), 'none');
  await cell(20).click();
  assert.match(await image(11), /repeating-linear-gradient/);
  await shot(page, '23-jigsaw-windoku');
});

test('the solving path\'s small board draws X\'s diagonals, Windoku\'s windows and a jigsaw\'s regions, in light and dark', async () => {
  const games = {};
  for (const [variant, body] of [
    ['x', { puzzle: X_PUZZLE, variant: 'x' }],
    ['windoku', { puzzle: WINDOKU, variant: 'windoku' }],
    ['jigsaw', { puzzle: PUZZLE, variant: 'jigsaw', regions: REGIONS }],
  ]) {
    const { status, data } = await api(server.url, 'POST', '/games', body);
    assert.equal(status, 201, JSON.stringify(data));
    games[variant] = data.id;
  }
  const dark = await launchBrowser({ colorScheme: 'dark' });
  try {
    for (const [p, scheme] of [[page, 'light'], [dark.page, 'dark']]) {
      /** Opens game `id`'s solving path (past the spoiler guard) and waits for its board. */
      const path = async (id) => {
        await open(p, server.url, `#/game/${id}`);
        await p.waitForSelector('#cell-80[aria-label]');
        await p.click('#btn-path');
        await p.click('#path-reveal');
        await p.waitForSelector('#path-board .mini');
      };
      const mini = (sel) => p.$$eval(`#path-board .mc${sel}`, (els) => els.map((e) => [...e.parentNode.children].indexOf(e)));
      const image = (i) => p.$eval(`#path-board .mc:nth-child(${i + 1})`, (e) => getComputedStyle(e).backgroundImage);
      const fill = (i) => p.$eval(`#path-board .mc:nth-child(${i + 1})`, (e) => getComputedStyle(e).backgroundColor);

      // X: both diagonals, corner to corner over the cells, as on the board.
      await path(games.x);
      const lines = await p.$$eval('#path-board .mini svg line', (ls) => ls.map((l) => {
        const r = l.getBoundingClientRect();
        return [Math.round(r.width), Math.round(r.height)];
      }));
      const size = await p.$eval('#path-board .mini', (e) => Math.round(e.clientWidth));
      assert.equal(lines.length, 2, `${scheme}: X's diagonals`);
      for (const [w, h] of lines) assert.ok(w >= size - 2 && h >= size - 2, `${scheme}: a diagonal spans the board (${w}x${h} of ${size})`);
      assert.deepEqual(await mini('.win'), []);
      assert.deepEqual(await axeViolations(p, '#dlg-path'), [], `${scheme}: X's path`);
      await shot(p, `24-path-x-${scheme}`);
      await p.keyboard.press('Escape');

      // Windoku: the four windows shaded (r2c2 and r8c8 in one, r5c5 and r1c1 in none).
      await path(games.windoku);
      const windows = await mini('.win');
      assert.equal(windows.length, 36, `${scheme}: Windoku's windows`);
      assert.deepEqual(windows, [1, 5].flatMap((r) => [1, 5].flatMap((c) => [0, 1, 2].flatMap((dr) => [0, 1, 2].map((dc) => (r + dr) * 9 + c + dc)))).sort((x, y) => x - y));
      assert.match(await image(10), /linear-gradient/, `${scheme}: r2c2 shaded`);
      assert.match(await image(70), /linear-gradient/, `${scheme}: r8c8 shaded`);
      assert.equal(await image(40), 'none', `${scheme}: r5c5 not shaded`);
      assert.equal(await p.locator('#path-board .mini svg').count(), 0);
      assert.deepEqual(await axeViolations(p, '#dlg-path'), [], `${scheme}: Windoku's path`);
      await shot(p, `24-path-windoku-${scheme}`);
      await p.keyboard.press('Escape');

      // Jigsaw: the regions' thick borders and tints, as on the board.
      await path(games.jigsaw);
      const { right, below } = edges(REGIONS);
      assert.deepEqual(await mini('.edge-r'), right, `${scheme}: the regions' borders`);
      assert.deepEqual(await mini('.edge-b'), below);
      const tints = await p.$$eval('#path-board .mc', (els) => els.map((e) => [...e.classList].find((c) => c.startsWith('tint-'))));
      assert.deepEqual(tints, [...REGIONS].map((ch) => `tint-${Number(ch) - 1}`), `${scheme}: the regions' tints`);
      // Cells of two regions, away from the step's highlight, differ in fill.
      const plain = await p.$$eval('#path-board .mc', (els) => els.map((e, i) => (e.classList.contains('area') ? -1 : i)).filter((i) => i >= 0));
      const a = plain[0];
      const b = plain.find((i) => REGIONS[i] !== REGIONS[a]);
      assert.notEqual(await fill(a), await fill(b), `${scheme}: regions ${REGIONS[a]} and ${REGIONS[b]} tinted apart`);
      assert.deepEqual(await axeViolations(p, '#dlg-path'), [], `${scheme}: jigsaw's path`);
      await shot(p, `24-path-jigsaw-${scheme}`);
      await p.keyboard.press('Escape');
    }
  } finally {
    await dark.close();
  }
});

test('a hint\'s highlighted house keeps Windoku\'s windows shaded (the hint\'s fill took the shade off)', async () => {
  const { status, data } = await api(server.url, 'POST', '/games', { puzzle: WINDOKU, variant: 'windoku' });
  assert.equal(status, 201, JSON.stringify(data));
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  // "Show where" until the step's house is drawn: its first hint is box 2, across window 1.
  for (let k = 0; k < 3 && !(await page.locator('.cell.hint-area').count()); k++) {
    await page.click('#hint-more');
    await page.waitForTimeout(200);
  }
  const both = await classesOf('.cell.hint-area.win');
  assert.ok(both.length > 0, 'the hint\'s house crosses a window');
  for (const i of both) assert.match(await page.$eval(`#cell-${i}`, (e) => getComputedStyle(e).backgroundImage), /linear-gradient/, `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`);
  await shot(page, '25-windoku-hint');
  await page.click('#hint-close');
});
