// Browser tests of the game's looks on its main screens, in light and dark, at 1366x768 and
// 390x844: disabled controls read as disabled, a selected or picked cell keeps its box and
// region borders (measured on the screenshot's pixels), and the screens hold no clipped text,
// hidden focus or targets under 24x24 CSS px. Screenshots go to test-artifacts/polish-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  api, axeViolations, CLASSIC, colourMath, launchBrowser, open, shot, startSession, TWO_SOLUTIONS,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The first jigsaw of the shared set (fixtures/jigsaw-puzzles.txt): givens and region map. */
const [JIGSAW, REGIONS] = fs.readFileSync(path.join(here, 'fixtures', 'jigsaw-puzzles.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '))[0];

const SCHEMES = ['light', 'dark'];
const SIZES = [
  { width: 1366, height: 768, tag: 'desktop' },
  { width: 390, height: 844, tag: 'phone', isMobile: true, hasTouch: true },
];

let session;
let server;
/** Browsers opened by a test, closed by `after` if the test failed before closing them. */
const opened = new Set();

before(async () => {
  session = await startSession();
  ({ server } = session);
});

after(async () => {
  for (const b of opened) await b.close();
  await session?.close();
});

/** A browser in `scheme` at `size`, closed by `after` if the test does not close it. */
async function browser(scheme, size) {
  const b = await launchBrowser({ colorScheme: scheme, ...size });
  opened.add(b);
  const close = b.close.bind(b);
  b.close = async () => {
    opened.delete(b);
    await close();
  };
  return b;
}

/** Opens the setter from the new-game dialog (a jigsaw with `regions` when given). */
async function openSetter(p, regions = '') {
  await open(p, server.url);
  if (!(await p.locator('#dlg-new[open]').count())) await p.click('#btn-new');
  await p.waitForSelector('#dlg-new[open]');
  if (!(await p.locator('#custom-box[open]').count())) await p.click('#custom-box summary');
  if (regions) {
    await p.check('#variant-jigsaw');
    await p.fill('#custom-regions', regions);
  }
  await p.click('#custom-board');
  await p.waitForSelector('#setter-bar:not([hidden])');
  await p.waitForSelector('#setter-verdict:not(:empty)');
}

/** Types the givens of `line` (81 characters) into the setter's board, cell by cell. */
async function enter(p, line) {
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    await p.click(`#cell-${i}`);
    await p.keyboard.press(line[i]);
  }
}

/** Opens a new game of `body` (POST /api/games) in `p`. */
async function openGame(p, body) {
  const { status, data } = await api(server.url, 'POST', '/games', body);
  assert.equal(status, 201);
  await p.goto('about:blank'); // a fresh load, not a change of address within the page
  await open(p, server.url, `#/game/${data.id}`);
  // The givens drawn: the board is the game's, not what the page showed before.
  await p.waitForFunction((puzzle) => [...puzzle].every((ch, i) => ch === '.'
    || document.querySelector(`#cell-${i} .v`)?.textContent === ch), body.puzzle);
  return data.id;
}

/**
 * How `selector` looks: its fill composed over what is behind it (its opacity included), the
 * contrast of that fill against the background behind it (WCAG's formula: 1 means no visible
 * fill), and its border style.
 */
async function looks(p, selector) {
  await colourMath(p);
  return p.$eval(selector, (e) => {
    const { rgba, over, ratio } = window.nonetColours;
    let behind = rgba(getComputedStyle(document.body).backgroundColor);
    const chain = [];
    for (let n = e.parentElement; n; n = n.parentElement) chain.unshift(n);
    for (const n of chain) behind = over(rgba(getComputedStyle(n).backgroundColor), behind);
    const style = getComputedStyle(e);
    const own = rgba(style.backgroundColor);
    const fill = over([...own.slice(0, 3), own[3] * Number(style.opacity)], behind);
    return { fillContrast: ratio(fill, behind), borderStyle: style.borderTopStyle };
  });
}

test('a disabled button reads as disabled in both themes (the dark theme\'s Play it looked enabled)', async () => {
  for (const scheme of SCHEMES) {
    for (const size of SIZES) {
      const b = await browser(scheme, size);
      const p = b.page;
      const what = `${scheme}, ${size.tag}`;
      await openSetter(p);
      // Two solutions are no puzzle yet: Play it is disabled, natively, for the keyboard too.
      await enter(p, TWO_SOLUTIONS);
      await p.waitForSelector('#setter-verdict.bad');
      assert.equal(await p.$eval('#setter-play', (e) => e.disabled), true, what);
      assert.equal(await p.getAttribute('#setter-play', 'aria-disabled'), null, `${what}: one source of the state`);
      const off = await looks(p, '#setter-play');
      assert.ok(off.fillContrast < 1.3, `${what}: the disabled Play it keeps a fill (${off.fillContrast.toFixed(2)}:1 against its panel)`);
      assert.equal(off.borderStyle, 'dashed', `${what}: the disabled Play it has a dashed outline`);
      assert.deepEqual(await axeViolations(p), [], what);
      await shot(p, `polish-01-disabled-${scheme}-${size.tag}`);
      // The missing given: a unique puzzle, Play it is live and looks it (filled, solid outline).
      await p.click('#cell-25');
      await p.keyboard.press('6');
      await p.waitForSelector('#setter-play:not(:disabled)');
      const on = await looks(p, '#setter-play');
      assert.ok(on.fillContrast > 2, `${what}: the enabled Play it is filled (${on.fillContrast.toFixed(2)}:1)`);
      assert.equal(on.borderStyle, 'solid', what);
      // A game: every disabled button says so alike (undo and redo at the start, the pad's
      // 7-9 in colour mode).
      await openGame(p, { puzzle: CLASSIC });
      await p.click('.mode[data-mode="colour"]');
      await p.waitForSelector('#pad button[data-d="9"]:disabled');
      const disabled = await p.$$eval('button:disabled', (els) => els
        .filter((e) => e.getClientRects().length)
        .map((e) => [e.id || e.textContent.trim(), getComputedStyle(e).borderTopStyle]));
      assert.ok(disabled.length >= 5, `${what}: ${disabled}`);
      for (const [name, style] of disabled) assert.equal(style, 'dashed', `${what}: disabled ${name}`);
      await shot(p, `polish-01-disabled-pad-${scheme}-${size.tag}`);
      await b.close();
    }
  }
});

/** The pixels of `clip` in a screenshot of `p`: get(x, y) gives [r, g, b] (CSS px, scale 1). */
async function pixels(p, clip) {
  const png = await p.screenshot({ clip });
  const decoder = await p.context().newPage();
  try {
    const { w, d } = await decoder.evaluate(async (b64) => {
      const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
      const bmp = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bmp.width, bmp.height);
      const g = canvas.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return { w: bmp.width, d: Array.from(g.getImageData(0, 0, bmp.width, bmp.height).data) };
    }, png.toString('base64'));
    return (x, y) => d.slice((y * w + x) * 4, (y * w + x) * 4 + 3);
  } finally {
    await decoder.close();
  }
}

/** The sides of cell `i` that carry a thick line (a box or region border, or the board's edge). */
function thickSides(p, i) {
  return p.evaluate((k) => {
    const has = (j, cls) => document.getElementById(`cell-${j}`).classList.contains(cls);
    const r = Math.floor(k / 9);
    const c = k % 9;
    return {
      left: c === 0 || has(k - 1, 'edge-r'),
      right: c === 8 || has(k, 'edge-r'),
      top: r === 0 || has(k - 9, 'edge-b'),
      bottom: r === 8 || has(k, 'edge-b'),
    };
  }, i);
}

/** An empty cell inside the board with both thick and thin sides (a jigsaw has many). */
async function mixedCell(p) {
  for (let i = 10; i < 71; i++) {
    if (i % 9 === 0 || i % 9 === 8) continue;
    if (await p.$eval(`#cell-${i}`, (e) => e.querySelector('.v')?.textContent)) continue;
    const sides = Object.values(await thickSides(p, i));
    if (sides.includes(true) && sides.includes(false)) return i;
  }
  throw new Error('no empty cell with thick and thin sides');
}

/**
 * Each side of cell `i` as seen from outside in, one letter a pixel across the side's middle:
 * L the board's line colour, F the cell's own fill (its centre), `.` anything else.
 */
async function profiles(p, i) {
  const box = await p.locator(`#cell-${i}`).boundingBox();
  const m = 6;
  const clip = { x: Math.round(box.x) - m, y: Math.round(box.y) - m, width: Math.round(box.width) + 2 * m, height: Math.round(box.height) + 2 * m };
  const line = await p.$eval('#board', (e) => getComputedStyle(e).borderTopColor.match(/\d+/g).slice(0, 3).map(Number));
  const px = await pixels(p, clip);
  const fill = px(clip.width >> 1, clip.height >> 1);
  const near = (a, b, d) => a.every((v, k) => Math.abs(v - b[k]) <= d);
  const letter = (rgb) => (near(rgb, line, 48) ? 'L' : near(rgb, fill, 24) ? 'F' : '.');
  const midX = clip.width >> 1;
  const midY = clip.height >> 1;
  const run = (at) => Array.from({ length: m + 16 }, (_, k) => letter(at(k))).join('');
  return {
    left: run((k) => px(k, midY)),
    right: run((k) => px(clip.width - 1 - k, midY)),
    top: run((k) => px(midX, k)),
    bottom: run((k) => px(midX, clip.height - 1 - k)),
  };
}

/**
 * Asserts that every side of cell `i` shows its border as it is: a thick side a run of 2-4 line
 * pixels with the cell's fill right inside it, a thin side no line run before the fill; so the
 * selection ring (whatever its colour) never merges with a border.
 */
async function bordersKept(p, i, what) {
  const thick = await thickSides(p, i);
  const seen = await profiles(p, i);
  for (const side of ['left', 'right', 'top', 'bottom']) {
    const s = seen[side];
    if (thick[side]) {
      assert.match(s, /^.{2,8}(?<!L)L{2,4}.?F/, `${what}: the thick ${side} border of cell ${i} (${s})`);
    } else {
      // From two pixels outside the edge: the fill within five pixels (one for rounding), no
      // line colour before it.
      assert.match(s.slice(4), /^[^L]{0,4}F/, `${what}: the thin ${side} border of cell ${i} (${s})`);
    }
  }
}

test('the selected cell keeps its thick and thin jigsaw borders on every side (the ring hid them)', async () => {
  for (const scheme of SCHEMES) {
    for (const size of SIZES) {
      const b = await browser(scheme, size);
      const p = b.page;
      const what = `${scheme}, ${size.tag}`;
      // The setter drawing a jigsaw: the board has the focus, the ring is the focus colour.
      await openSetter(p, REGIONS);
      const i = await mixedCell(p);
      await p.click(`#cell-${i}`);
      await p.waitForSelector(`#cell-${i}.selected`);
      await bordersKept(p, i, `${what}, setter, focused`);
      await shot(p, `polish-02-selected-setter-${scheme}-${size.tag}`);
      // A jigsaw game: the selected cell with the focus elsewhere (its ring in the ink colour,
      // close to the lines' colour) and a second cell picked by Ctrl-click.
      await openGame(p, { puzzle: JIGSAW, variant: 'jigsaw', regions: REGIONS });
      const j = await mixedCell(p);
      await p.click(`#cell-${j}`);
      await p.waitForSelector(`#cell-${j}.selected`);
      await p.focus('#btn-hint');
      await shot(p, `polish-02-selected-game-${scheme}-${size.tag}`);
      await bordersKept(p, j, `${what}, game, focus elsewhere`);
      const k = j + 2 <= 70 && !(await p.$eval(`#cell-${j + 2}`, (e) => e.querySelector('.v')?.textContent)) ? j + 2 : await mixedCell(p);
      if (k !== j) {
        await p.click(`#cell-${k}`, { modifiers: ['Control'] });
        await p.waitForSelector(`#cell-${k}.selected, #cell-${k}.picked`);
        await p.focus('#btn-hint');
        await bordersKept(p, j, `${what}, game, picked`);
      }
      assert.deepEqual(await axeViolations(p), [], what);
      await shot(p, `polish-02-selected-game-${scheme}-${size.tag}`);
      await b.close();
    }
  }
});

/**
 * The controls of `root` (a selector) whose box is under 24x24 CSS px, as readable lines; the
 * board's cells and the screen-reader-only text are left out.
 */
function smallTargets(p, root) {
  return p.$$eval(`${root} :is(button, a[href], input, select, textarea, summary, [role="radio"], [role="tab"])`, (els) => els
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !e.closest('.board, .sr-only') && (r.width < 24 || r.height < 24);
    })
    .map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${e.textContent.trim().slice(0, 24)}" ${r.width.toFixed(1)}x${r.height.toFixed(1)}`;
    }));
}

/**
 * Tabs through the page (at most `n` presses) and returns the focused elements inside `root`
 * whose focus ring is missing or cut off by a scrolling or clipping ancestor.
 */
async function hiddenRings(p, root, n) {
  const bad = new Set();
  for (let k = 0; k < n; k++) {
    await p.keyboard.press('Tab');
    const r = await p.evaluate((sel) => {
      const e = document.activeElement;
      if (!e?.closest(sel) || e.classList.contains('cell')) return null; // cells ring inside (::before)
      const st = getComputedStyle(e);
      const name = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className}`;
      if (st.outlineStyle === 'none' || parseFloat(st.outlineWidth) === 0) return `${name}: no ring`;
      const reach = Math.max(0, parseFloat(st.outlineWidth) + parseFloat(st.outlineOffset));
      const box = e.getBoundingClientRect();
      for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const c = a.getBoundingClientRect();
        const cut = box.left - reach < c.left - 0.5 || box.right + reach > c.right + 0.5;
        return cut ? `${name}: ring cut by ${a.tagName.toLowerCase()}#${a.id}` : null;
      }
      return null;
    }, root);
    if (r) bad.add(r);
  }
  return [...bad];
}

test('focus rings show on the hint\'s text and Learn\'s list, checkboxes and summaries reach 24x24 (hidden, cut, squeezed)', async () => {
  for (const scheme of SCHEMES) {
    for (const size of SIZES) {
      const b = await browser(scheme, size);
      const p = b.page;
      const what = `${scheme}, ${size.tag}`;
      await openGame(p, { puzzle: JIGSAW, variant: 'jigsaw', regions: REGIONS });
      // The coach's panel: its text is a tab stop (it scrolls) and showed no ring.
      await p.click('#btn-hint');
      await p.waitForSelector('#hint-panel:not([hidden])');
      await p.click('#hint-more');
      await p.focus('#hint-close');
      await p.keyboard.press('Shift+Tab'); // the keyboard's focus, so :focus-visible applies
      await p.keyboard.press('Tab');
      assert.deepEqual(await hiddenRings(p, '#hint-panel', 4), [], `${what}: hint panel`);
      assert.deepEqual(await smallTargets(p, 'body'), [], `${what}: the game's controls`);
      assert.deepEqual(await axeViolations(p), [], `${what}: hint`);
      await shot(p, `polish-03-hint-${scheme}-${size.tag}`);
      await p.click('#hint-close');
      // Learn: the technique list scrolls and cut the ring of the item with the focus.
      await p.click('#btn-learn');
      await p.waitForSelector('#dlg-learn[open] .learn-item');
      await p.focus('.learn-item[data-code="x-wing"]');
      await p.keyboard.press('Shift+Tab');
      assert.deepEqual(await hiddenRings(p, '#learn-list', 3), [], `${what}: Learn`);
      assert.deepEqual(await smallTargets(p, '#dlg-learn'), [], `${what}: Learn's controls`);
      await shot(p, `polish-03-learn-${scheme}-${size.tag}`);
      await p.keyboard.press('Escape');
      await p.waitForSelector('#dlg-learn', { state: 'hidden' });
      // Settings: the checkboxes were squeezed by their long labels (13 px wide on a phone).
      await p.click('#btn-settings');
      await p.waitForSelector('#dlg-settings[open]');
      assert.deepEqual(await smallTargets(p, '#dlg-settings'), [], `${what}: settings`);
      assert.deepEqual(await axeViolations(p), [], `${what}: settings`);
      await p.keyboard.press('Escape');
      await p.waitForSelector('#dlg-settings', { state: 'hidden' });
      // The new-game dialog: its summaries and the variants' checkboxes.
      await p.click('#btn-new');
      await p.waitForSelector('#dlg-new[open]');
      if (!(await p.locator('#custom-box[open]').count())) await p.click('#custom-box summary');
      assert.deepEqual(await smallTargets(p, '#dlg-new'), [], `${what}: new game`);
      await b.close();
    }
  }
});

test('the new game dialog\'s variant checkboxes line up (Windoku\'s, with the longest description, sat higher)', async () => {
  for (const size of SIZES) {
    const b = await browser('light', size);
    const p = b.page;
    await open(p, server.url);
    if (!(await p.locator('#dlg-new[open]').count())) await p.click('#btn-new');
    await p.waitForSelector('#dlg-new[open]');
    // Each option's checkbox and name at the same height from the option's top.
    const offsets = await p.$$eval('.variant-opt', (opts) => opts.map((o) => {
      const top = o.getBoundingClientRect().top;
      return [o.querySelector('input'), o.querySelector('span')].map((e) => Math.round(e.getBoundingClientRect().top - top));
    }));
    for (const o of offsets) assert.deepEqual(o, offsets[0], `${size.tag}: ${JSON.stringify(offsets)}`);
    // Side by side on a wide screen, the checkboxes make one line.
    if (size.tag === 'desktop') {
      const tops = await p.$$eval('.variant-opt input', (els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      assert.deepEqual(tops, [tops[0], tops[0], tops[0]]);
    }
    await shot(p, `polish-05-variants-${size.tag}`);
    await b.close();
  }
});

test('the game\'s number stays in view when the title is too long for the top bar (its ellipsis hid the number)', async () => {
  // Two variants, a level, a rating and a seed: the longest title a game has.
  const { status, data } = await api(server.url, 'POST', '/games', { level: 'easy', variant: 'jigsaw,windoku' });
  assert.equal(status, 201, JSON.stringify(data));
  for (const scheme of SCHEMES) {
    for (const size of SIZES) {
      const b = await browser(scheme, size);
      const p = b.page;
      const what = `${scheme}, ${size.tag}`;
      await open(p, server.url, `#/game/${data.id}`);
      await p.waitForSelector('#cell-80[aria-label]');
      const title = await p.textContent('#game-title');
      assert.match(title, new RegExp(`^Jigsaw \\+ Windoku · Easy · rated \\d\\.\\d · seed \\d+ · #${data.id}$`), what);
      // Where "#N" is drawn, and the box it is cut to: the title's, and any inside it that
      // hides what overflows it.
      const seen = await p.evaluate((id) => {
        const t = document.getElementById('game-title');
        const text = `#${id}`;
        const walk = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const k = n.data.indexOf(text);
          if (k < 0) continue;
          const range = document.createRange();
          range.setStart(n, k);
          range.setEnd(n, k + text.length);
          const box = range.getBoundingClientRect();
          let [left, right] = [-Infinity, Infinity];
          for (let e = n.parentElement; e && e !== t.parentElement; e = e.parentElement) {
            if (getComputedStyle(e).overflowX === 'visible') continue;
            const r = e.getBoundingClientRect();
            [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
          }
          const under = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
          return { box: [box.left, box.right], clip: [left, right], under: t.contains(under) };
        }
        return null;
      }, data.id);
      assert.ok(seen, `${what}: "#${data.id}" is in the title`);
      const [[l, r], [cl, cr]] = [seen.box, seen.clip];
      assert.ok(r > l && l >= cl - 0.5 && r <= cr + 0.5, `${what}: "#${data.id}" drawn at ${l}-${r}, shown ${cl}-${cr}`);
      assert.ok(seen.under, `${what}: "#${data.id}" is not covered`);
      assert.deepEqual(await axeViolations(p, '.topbar'), [], what);
      await shot(p, `polish-06-title-${scheme}-${size.tag}`);
      await b.close();
    }
  }
});

test('a message shown alone reads as a sentence, a cell\'s name keeping its case (not "R5c5")', async () => {
  const { sayable } = await import('../js/api.js');
  assert.equal(sayable('invalid', 'digit 4 repeats in row 1'), 'Digit 4 repeats in row 1.');
  assert.equal(sayable('invalid', 'r5c5 holds no candidate'), 'r5c5 holds no candidate.');
  assert.equal(sayable('invalid', 'Done already!'), 'Done already!');
  assert.match(sayable('busy', 'the server is busy'), /^The server is busy/);
});
