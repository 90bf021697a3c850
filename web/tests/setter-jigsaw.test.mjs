// Browser tests of drawing a jigsaw's regions in the puzzle setter: from the standard boxes to a
// map of the shared jigsaw set by mouse (clicks and drags), the server's words for a broken map
// naming the region, the givens typed in, "unique", and the game played on that map; the same
// by keyboard alone, and on a phone; axe-core's WCAG checks in light and dark, at 1366x768 and
// 390x844.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, axeViolations, edges, launchBrowser, open, shot, startSession } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** GIVENS REGIONS SOLUTION triples from the shared jigsaw set (fixtures/jigsaw-puzzles.txt). */
const JIGSAWS = fs.readFileSync(path.join(here, 'fixtures', 'jigsaw-puzzles.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
const [PUZZLE, REGIONS] = JIGSAWS[0];
/** The standard boxes as a region map: where drawing starts. */
const BOXES = [...Array(81).keys()].map((i) => String(Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3) + 1)).join('');

let session;
let server;
let page;

before(async () => {
  session = await startSession();
  ({ server, page } = session);
  await page.setViewportSize({ width: 1366, height: 768 });
});

after(async () => {
  await session?.close();
});

const classesOf = (p, sel) => p.$$eval(sel, (els) => els.map((e) => Number(e.dataset.i)).sort((a, b) => a - b));

/** Opens the page and its new-game dialog (on its own without a game, else by its button), own puzzle part open. */
async function openNew(p, { tap = false } = {}) {
  await open(p, server.url);
  const click = (sel) => (tap ? p.tap(sel) : p.click(sel));
  if (!(await p.locator('#dlg-new[open]').count())) await click('#btn-new');
  await p.waitForSelector('#dlg-new[open]');
  if (!(await p.locator('#custom-box[open]').count())) await click('#custom-box summary');
  return click;
}

/** Opens the setter for a jigsaw from the new-game dialog (with `regions` pasted, if any). */
async function openJigsawSetter(p, { regions = '', tap = false } = {}) {
  const click = await openNew(p, { tap });
  await p.check('#variant-jigsaw');
  if (regions) await p.fill('#custom-regions', regions);
  await click('#custom-board');
  await p.waitForSelector('#setter-bar:not([hidden]) #setter-jigsaw:not([hidden])');
}

/** The swatch's count of cells. */
const count = (p, label) => p.textContent(`#swatch-${label} .sw-count`);

test('a jigsaw drawn by mouse from the boxes is checked, played, and the game has its map', async () => {
  await openJigsawSetter(page);
  await page.waitForFunction(() => document.activeElement?.id === 'cell-0');
  assert.match(await page.textContent('#game-title'), /Drawing a jigsaw/);
  // The boxes are where drawing starts: their borders, nine cells each, a valid map.
  const boxes = edges(BOXES);
  assert.deepEqual(await classesOf(page, '.cell.edge-r'), boxes.right);
  assert.deepEqual(await classesOf(page, '.cell.edge-b'), boxes.below);
  await page.waitForSelector('#setter-verdict:has-text("The regions are fine")');
  for (let l = 1; l <= 9; l++) assert.equal(await count(page, l), '9');
  assert.ok(await page.locator('#setter-swatches[hidden]').count(), 'no swatches while typing digits');

  assert.ok(await page.locator('.cell.peer').count(), 'typing digits shades the peers');
  await page.click('#setter-regions');
  await page.waitForSelector('#setter-swatches:not([hidden])');
  assert.equal(await page.getAttribute('#setter-regions', 'aria-checked'), 'true');
  // Drawing regions, the tints are what counts: no peer shading over them.
  assert.equal(await page.locator('.cell.peer').count(), 0);

  // One cell moved: region 2 gets r1c3 (10 cells), region 1 is left with 8. The server names
  // the first region at fault, and its swatch is marked.
  await page.click('#swatch-2');
  await page.click('#cell-2');
  assert.equal(await count(page, 2), '10');
  assert.equal(await count(page, 1), '8');
  await page.waitForSelector('#setter-verdict.bad');
  assert.match(await page.textContent('#setter-verdict'), /Regions: region 1 has 8 cells; a region has nine/);
  await page.waitForSelector('#swatch-1.bad');
  assert.ok(await page.locator('#setter-play:disabled').count());
  // Borders and tints follow the map at once, before the server has answered.
  assert.ok((await page.getAttribute('#cell-2', 'class')).split(' ').includes('tint-1'));
  assert.match(await page.getAttribute('#cell-2', 'aria-label'), /region 2/);
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, 'regions-01-broken-map');
  await page.click('#swatch-1');
  await page.click('#cell-2');
  await page.waitForSelector('#setter-verdict:has-text("The regions are fine")');

  // Now the shared map: a drag for each run of cells in a row that go to the same region, a
  // click for a single cell.
  let drags = 0;
  for (let r = 0; r < 9; r++) {
    let c = 0;
    while (c < 9) {
      const i = r * 9 + c;
      const want = REGIONS[i];
      if (want === BOXES[i]) { c++; continue; }
      let end = c;
      while (end + 1 < 9 && REGIONS[r * 9 + end + 1] === want && BOXES[r * 9 + end + 1] !== want) end++;
      await page.click(`#swatch-${want}`);
      if (end > c) {
        drags++;
        const from = await page.locator(`#cell-${i}`).boundingBox();
        const to = await page.locator(`#cell-${r * 9 + end}`).boundingBox();
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 * (end - c) });
        await page.mouse.up();
      } else {
        await page.click(`#cell-${i}`);
      }
      c = end + 1;
    }
  }
  assert.ok(drags > 0, 'the map has runs to drag across');
  const drawn = await page.$$eval('.cell', (els) => els.map((e) => e.dataset.region).join(''));
  assert.equal(drawn, REGIONS);
  const { right, below } = edges(REGIONS);
  assert.deepEqual(await classesOf(page, '.cell.edge-r'), right);
  assert.deepEqual(await classesOf(page, '.cell.edge-b'), below);
  await page.waitForSelector('#setter-verdict:has-text("The regions are fine")');
  await shot(page, 'regions-02-drawn');

  // The givens, in Digits mode.
  await page.click('#setter-digits');
  await page.waitForSelector('#setter-swatches', { state: 'hidden' });
  for (let i = 0; i < 81; i++) {
    if (PUZZLE[i] === '.') continue;
    await page.click(`#cell-${i}`);
    await page.keyboard.press(PUZZLE[i]);
  }
  await page.waitForSelector('#setter-verdict.ok');
  assert.match(await page.textContent('#setter-verdict'), /jigsaw puzzle with one solution/);
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, 'regions-03-unique');
  await page.click('#setter-play');
  await page.waitForFunction(() => /#\/game\/\d+/.test(location.hash));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const { data: g } = await api(server.url, 'GET', `/games/${id}`);
  assert.equal(g.puzzle, PUZZLE);
  assert.equal(g.layout.variant, 'jigsaw');
  assert.equal(g.layout.regions, REGIONS);
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  assert.deepEqual(await classesOf(page, '.cell.edge-r'), right);
  assert.match(await page.textContent('#game-title'), /^Jigsaw/);
  assert.deepEqual(session.browser.errors.filter((e) => !/status of 422/.test(e)), []);
});

test('regions drawn by keyboard alone: a region in two pieces is named, and Enter uses the picked one', async () => {
  await openJigsawSetter(page);
  await page.waitForFunction(() => document.activeElement?.id === 'cell-0');
  // The Digits/Regions group is one tab stop of the setter's bar (focused here as Tab reaches it).
  await page.focus('#setter-digits');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#setter-regions', 'aria-checked'), 'true');
  await page.waitForSelector('#setter-swatches:not([hidden])');
  // Tab goes to the picked swatch; arrows pick another.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'swatch-1');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#swatch-2', 'aria-checked'), 'true');
  // r1c1 and r1c9 swap regions with the number keys: sizes stay nine, each is cut off.
  await page.focus('#cell-0');
  await page.keyboard.press('3');
  assert.equal(await page.getAttribute('#swatch-3', 'aria-checked'), 'true', 'a number key picks its region');
  for (let k = 0; k < 8; k++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-8');
  await page.keyboard.press('1');
  await page.waitForSelector('#setter-verdict.bad');
  assert.match(await page.textContent('#setter-verdict'), /region 3 is in two pieces/);
  // Announced on the next animation frame (a11y.js clears the live region first): wait for it.
  await page.waitForFunction(() =>
    /row 1, column 9 moved to region 1/.test(document.getElementById('sr-polite').textContent));
  await page.waitForSelector('#swatch-3.bad');
  // Enter (or Space) puts the cell in the picked region: r1c9 back to 3, then r1c1 to 1.
  await page.focus('#swatch-1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#swatch-3', 'aria-checked'), 'true');
  await page.focus('#cell-8');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-0');
  await page.keyboard.press('1');
  await page.waitForSelector('#setter-verdict:has-text("The regions are fine")');
  const map = await page.$$eval('.cell', (els) => els.map((e) => e.dataset.region).join(''));
  assert.equal(map, BOXES);
  // Back to digits: the number keys type givens again.
  await page.focus('#setter-regions');
  await page.keyboard.press('ArrowLeft');
  await page.focus('#cell-40');
  await page.keyboard.press('5');
  assert.equal(await page.textContent('#cell-40 .v'), '5');
  await page.click('#setter-cancel');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
});

test('arrows_move_from_the_clicked_cell_in_the_setter', async () => {
  // The setter's arrows moved from the controller's selection, which stays put without a game:
  // after a click on r5c5, ArrowRight went to r1c2.
  await openNew(page);
  await page.uncheck('#variant-jigsaw');
  await page.click('#custom-board');
  await page.waitForSelector('#setter-bar:not([hidden])');
  await page.click('#cell-40');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-41');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cell-44');
  await page.keyboard.press('7');
  assert.equal(await page.textContent('#cell-44 .v'), '7');
  await page.click('#setter-cancel');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
});

test('a map pasted in the dialog is where drawing starts, whatever its labels', async () => {
  // The shared map with letters a-i for 1-9: drawn as the server numbers it (1-9 again).
  const letters = [...REGIONS].map((l) => 'abcdefghi'[Number(l) - 1]).join('');
  await openJigsawSetter(page, { regions: letters });
  await page.waitForSelector('#setter-verdict:has-text("The regions are fine")');
  const map = await page.$$eval('.cell', (els) => els.map((e) => e.dataset.region).join(''));
  assert.equal(map, REGIONS);
  await page.click('#setter-cancel');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  // A broken one is refused in the dialog, naming the region; the dialog stays.
  await openNew(page);
  await page.check('#variant-jigsaw');
  await page.fill('#custom-regions', `2${REGIONS.slice(1)}`);
  await page.click('#custom-board');
  await page.waitForSelector('#custom-result.bad');
  assert.match(await page.textContent('#custom-result'), /region \d has (8|10) cells/);
  assert.ok(await page.locator('#setter-bar[hidden]').count());
  await page.keyboard.press('Escape');
});

test('drawing regions on a phone and in the dark has no WCAG violations', async () => {
  for (const [scheme, width, height, mobile] of [['dark', 1366, 768, false], ['light', 390, 844, true], ['dark', 390, 844, true]]) {
    const b = await launchBrowser({ width, height, isMobile: mobile, hasTouch: mobile, colorScheme: scheme });
    const p = b.page;
    try {
      await openJigsawSetter(p, { tap: mobile });
      const press = (sel) => (mobile ? p.tap(sel) : p.click(sel));
      await press('#setter-regions');
      await p.waitForSelector('#setter-swatches:not([hidden])');
      await press('#swatch-5');
      await press('#cell-0');
      await p.waitForSelector('#setter-verdict.bad');
      assert.equal(await count(p, 5), '10');
      assert.match(await p.textContent('#setter-verdict'), /region \d has (8|10) cells/);
      assert.deepEqual(await axeViolations(p), [], `${scheme} ${width}x${height}`);
      await shot(p, `regions-04-${mobile ? 'phone' : 'desktop'}-${scheme}`);
    } finally {
      await b.close();
    }
  }
});
