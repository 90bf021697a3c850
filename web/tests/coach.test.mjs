// Browser tests of the coaching side of the game: the explanation panel beside the board (a
// bottom sheet on phones), hint level 0, the bot's controls, the finish summary, the Learn
// view, the deduction check and the solving path. Each state: axe-core, screenshots.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, axeViolations, canGo, CLASSIC, open, serverOnly, shot, solve, startSession,
} from './helpers.mjs';

let session;
let server;
let page;

before(async () => {
  session = await startSession();
  ({ server, page } = session);
});

after(async () => {
  await session?.close();
});

/** HoDoKu's X-Wing exemplar: singles and easier steps, then an X-Wing. */
const XWING = '9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2';
/** A forum "hardest" puzzle whose first step is a long dynamic forcing chain. */
const CHAIN = '98.7..6..5...6......6....7..6.4...3..3...2..1..9...8....8.5.7.....3...2......1..4';

/** Easter Monster, whose next step is a nested forcing chain. */
const EASTER_MONSTER = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function view(size, colorScheme = 'light') {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
}

/** Creates a game from `puzzle` (or `body`) through the API and opens it. */
async function openGame(body) {
  const { status, data } = await api(server.url, 'POST', '/games', typeof body === 'string' ? { puzzle: body } : body);
  assert.equal(status, 201, JSON.stringify(data));
  await open(page, server.url, `#/game/${data.id}`);
  await page.waitForSelector('#cell-80[aria-label]');
  return data;
}

async function noAxe(selector) {
  assert.deepEqual(await axeViolations(page, selector), []);
}

/** Whether the element's box lies wholly inside the viewport. */
async function inView(selector) {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  });
}

/** Asks for a hint and goes up to its last level (the move, with Apply). */
async function fullHint() {
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  while (await page.isVisible('#hint-more')) await page.click('#hint-more');
  await page.waitForSelector('#hint-apply:not([hidden])');
}

test('explanation_stays_beside_the_board_with_apply_in_view_on_desktop', async () => {
  await view(DESKTOP);
  await openGame(CHAIN);
  await fullHint();
  // The plain sentence and the chain's notation under it.
  const text = (await page.textContent('#hint-text')) + (await page.textContent('#hint-notation'));
  assert.ok(text.length > 300, `a long chain: ${text.length}`);
  // The board and the whole panel, its Apply button too, are on screen together.
  assert.ok(await inView('#board'), 'board in view');
  assert.ok(await inView('#hint-panel'), 'panel in view');
  assert.ok(await inView('#hint-apply'), 'Apply in view');
  await noAxe('#coach');
  await shot(page, 'coach-01-chain-hint-desktop');
  await view(DESKTOP, 'dark');
  await noAxe('#coach');
  await shot(page, 'coach-02-chain-hint-desktop-dark');
});

test('explanation_is_a_bottom_sheet_under_the_board_on_phones', async () => {
  await view(PHONE);
  await openGame(CHAIN);
  await fullHint();
  assert.ok(await inView('#hint-apply'), 'Apply in view');
  assert.ok(await inView('#hint-title'), 'title in view');
  // The sheet sits below the board: the board stays whole above it.
  const board = await page.$eval('#board', (e) => e.getBoundingClientRect().toJSON());
  const sheet = await page.$eval('#coach', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(board.top >= 0 && board.bottom <= sheet.top + 1, `board ${board.top}-${board.bottom}, sheet from ${sheet.top}`);
  // A long text scrolls inside the sheet, not the page.
  assert.ok(await page.$eval('#hint-body', (e) => e.scrollHeight > e.clientHeight || e.scrollHeight > 0));
  await noAxe('#coach');
  await shot(page, 'coach-03-chain-hint-phone');
  await view(PHONE, 'dark');
  await noAxe('#coach');
  await shot(page, 'coach-04-chain-hint-phone-dark');
  await page.click('#hint-close');
  await view(DESKTOP);
});

test('a chain is walked link by link when the step lists its links', serverOnly('it rewrites the server\'s hint answer on the wire (page.route) to give the step its links'), async () => {
  // The step JSON's `links` (one per link, in order, with a sentence each) come from the
  // explanation crate; here they are derived from the step's own chain so the walker is
  // exercised on any server.
  await page.route('**/api/games/*/hint', async (route) => {
    const res = await route.fetch();
    const data = await res.json();
    if (data.kind === 'step' && data.step.chain && !data.step.links?.length) {
      const name = (n) => `${n.digit}r${Math.floor(n.cells[0] / 9) + 1}c${(n.cells[0] % 9) + 1}`;
      data.step.links = data.step.chain.branches.flatMap((b, branch) => b.map((l) => ({
        branch,
        from: { ...l.from, name: name(l.from) },
        to: { ...l.to, name: name(l.to) },
        kind: l.strong ? 'strong' : 'weak',
        text: `if ${name(l.from)} is ${l.from.on ? '' : 'not '}so, ${name(l.to)} is ${l.to.on ? '' : 'not '}so`,
      })));
    }
    await route.fulfill({ response: res, json: data });
  });
  await openGame(CHAIN);
  await fullHint();
  await page.waitForSelector('#chain-walk:not([hidden])');
  const all = await page.locator('#chain-layer line').count();
  assert.ok(all > 2, `the whole chain is drawn first (${all} lines)`);
  await page.click('#link-next');
  await page.waitForFunction(() => /^Link 1 of \d+: if /.test(document.getElementById('link-count').textContent));
  assert.equal(await page.locator('#chain-layer line').count(), 1, 'the first link alone');
  await page.click('#link-next');
  await page.waitForFunction(() => /^Link 2 of /.test(document.getElementById('link-count').textContent));
  assert.equal(await page.locator('#chain-layer line').count(), 2, 'the first two links');
  assert.ok(await page.locator('.cell.hint-cell').count() >= 1, 'the link\'s cells are marked');
  await page.click('#link-prev');
  await page.waitForFunction(() => /^Link 1 of /.test(document.getElementById('link-count').textContent));
  await noAxe('#coach');
  await shot(page, 'coach-19-chain-link-by-link');
  await page.unroute('**/api/games/*/hint');
  await page.click('#hint-close');
});

test('hint level 0 says whether there is a mistake and how hard the next step is before naming it', async () => {
  await openGame(XWING);
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  assert.match(await page.textContent('#hint-kicker'), /0 of 3/);
  assert.equal(await page.textContent('#hint-title'), 'No mistakes so far');
  const text = await page.textContent('#hint-text');
  assert.match(text, /difficulty \d\.\d/);
  assert.match(text, /(easy|medium|hard|expert|extreme|fiendish|diabolical)/i);
  // No technique named yet, nothing highlighted.
  assert.equal(await page.locator('.cell.hint-area, .cell.hint-cell').count(), 0);
  assert.equal(await page.textContent('#hint-more'), 'Name the technique');
  // The panel's own live region speaks the hint.
  await page.waitForFunction(() => document.getElementById('sr-polite').textContent.includes('No mistakes'));
  await noAxe('#coach');
  await shot(page, 'coach-05-hint-level-0');
  await page.click('#hint-more');
  await page.waitForFunction(() => /1 of 3/.test(document.getElementById('hint-kicker').textContent));
  assert.notEqual(await page.textContent('#hint-title'), 'No mistakes so far');
  await page.click('#hint-close');
});

test('the bot steps forwards and back, rewinds, and has a labelled speed', async () => {
  const g = await openGame(XWING);
  // Very slow: the first step shows for seconds before it is played, so Pause lands before
  // the second.
  await page.evaluate(() => { document.getElementById('bot-speed').value = '0'; });
  await page.click('#btn-solve');
  await page.waitForSelector('#bot-bar:not([hidden])');
  await page.click('#bot-play'); // pause
  assert.equal(await page.textContent('#bot-play'), 'Play');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Bot:'));
  const board = async () => (await api(server.url, 'GET', `/games/${g.id}`)).data.cells.map((c) => c.value ?? '.').join('');
  const start = await board();
  assert.notEqual(start, XWING, 'the first step was played');
  await page.fill('#bot-speed', '4');
  // Next plays one step and shows it.
  await page.click('#bot-next');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Bot:')
    && /step 2/.test(document.getElementById('hint-kicker').textContent));
  let now = await board();
  for (let k = 0; k < 50 && now === start; k++) { await page.waitForTimeout(50); now = await board(); }
  assert.notEqual(now, start, 'Next played a step');
  // Previous takes it back and shows it again, ready to play.
  await page.click('#bot-prev');
  await page.waitForFunction(() => /taken back/.test(document.getElementById('hint-kicker').textContent));
  assert.equal(await board(), start);
  // Two steps, then Rewind: back to where the bot was when paused (and to the game's start:
  // every bot step of this run is taken back).
  await page.click('#bot-next');
  await page.click('#bot-next');
  await page.click('#bot-rewind');
  await page.waitForFunction(() => /rewound/.test(document.getElementById('hint-kicker').textContent));
  assert.equal(await board(), [...XWING].join(''));
  // The speed has a visible label and a named value.
  assert.equal(await page.textContent('label[for="bot-speed"]'), 'Speed');
  await page.fill('#bot-speed', '1');
  assert.equal(await page.textContent('#bot-speed-name'), 'slow');
  assert.equal(await page.getAttribute('#bot-speed', 'aria-valuetext'), 'slow');
  await noAxe('#coach');
  await shot(page, 'coach-06-bot-rewound');
  await view(PHONE, 'dark');
  assert.ok(await inView('#bot-bar'), 'the bot bar is in the sheet');
  await noAxe('#coach');
  await shot(page, 'coach-06b-bot-phone-dark');
  await view(DESKTOP);
  await page.click('#bot-stop');
});

test('skip singles plays the singles and stops before the first harder step', async () => {
  const g = await openGame(XWING);
  await page.click('#btn-solve');
  await page.waitForSelector('#bot-bar:not([hidden])');
  await page.click('#bot-singles');
  await page.waitForFunction(() => /stopped before/.test(document.getElementById('hint-kicker').textContent));
  const title = await page.textContent('#hint-title');
  assert.ok(!/Single|Full House/.test(title), title);
  assert.match(await page.textContent('#hint-text'), /singles? placed/);
  const game = (await api(server.url, 'GET', `/games/${g.id}`)).data;
  assert.ok(game.cells.filter((c) => c.origin === 'bot').length > 0);
  // Show the move and apply it: the bot plays that step.
  while (await page.isVisible('#hint-more')) await page.click('#hint-more');
  await noAxe('#coach');
  await shot(page, 'coach-07-bot-stopped-before');
  await view(PHONE);
  assert.ok(await inView('#hint-apply'));
  await noAxe('#coach');
  await shot(page, 'coach-08-bot-stopped-before-phone');
  await view(DESKTOP);
  await page.click('#bot-stop');
});

test('a real finish: summary with the hardest step and the average, then the next puzzle at that level', async () => {
  // All but the last digit through the API, before the page opens the game.
  const { data: g } = await api(server.url, 'POST', '/games', { level: 'easy', seed: 7 });
  const solution = solve(g.puzzle);
  const empty = [...g.puzzle].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  let version = g.version;
  for (const i of empty.slice(0, -1)) {
    const r = await api(server.url, 'POST', `/games/${g.id}/moves`, { type: 'place', cell: i, digit: Number(solution[i]), version });
    assert.equal(r.status, 200);
    version = r.data.version;
  }
  await open(page, server.url, `#/game/${g.id}`);
  const last = empty[empty.length - 1];
  // A hint up to the technique's name: that technique counts as shown, not found alone.
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  await page.click('#hint-more');
  await page.waitForFunction(() => /1 of 3/.test(document.getElementById('hint-kicker').textContent));
  const hinted = await page.textContent('#hint-title');
  await page.click('#hint-close');
  await page.click(`#cell-${last}`);
  await page.keyboard.press(solution[last]);
  await page.waitForSelector('#dlg-solved[open]');
  await page.waitForFunction(() => !document.getElementById('finish-summary').textContent.includes('…'));
  const summary = await page.textContent('#finish-summary');
  assert.match(await page.textContent('#solved-text'), /^Time \d+:\d\d/);
  for (const word of ['Rating', 'Hints', 'Hardest step', 'Your average']) assert.ok(summary.includes(word), `${word} in ${summary}`);
  assert.match(summary, /easy/);
  const words = await page.textContent('#finish-hardest');
  assert.match(words, /Your hardest step was an? .+ \(\d\.\d\)/);
  assert.match(words, /Found yourself: [A-Z]/);
  assert.ok(words.includes(`With a hint or the bot: ${hinted}`), words);
  assert.match(summary, /Hints1/);
  assert.equal(await page.textContent('#solved-next'), 'Next easy puzzle');
  await noAxe('#dlg-solved');
  await shot(page, 'coach-09-finish');
  await view(PHONE, 'dark');
  await noAxe('#dlg-solved');
  await shot(page, 'coach-10-finish-phone-dark');
  await view(DESKTOP);
  await page.click('#solved-next');
  await page.waitForFunction((id) => /#\/game\/\d+/.test(location.hash) && location.hash !== `#/game/${id}`, g.id);
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const next = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(next.level, 'easy');
  assert.equal(next.finished, false);
});

test('Learn lists every technique, draws a worked example and starts practice puzzles', async () => {
  await page.click('#btn-learn');
  await page.waitForSelector('#dlg-learn[open] .learn-item');
  assert.ok(await page.locator('.learn-item').count() > 40);
  // The game solved without hints above marks its techniques as used.
  assert.ok(await page.locator('.learn-item[data-code="hidden-single"] .learn-found').count() === 1
    || await page.locator('.learn-item[data-code="full-house"] .learn-found').count() === 1);
  await page.click('.learn-item[data-code="x-wing"]');
  await page.waitForSelector('#learn-detail .mini');
  assert.equal(await page.textContent('#learn-title'), 'X-Wing');
  assert.match(await page.textContent('#learn-detail'), /difficulty 3\.2/);
  assert.ok(await page.locator('#learn-detail .mcands span.elim').count() > 0, 'the eliminations are drawn');
  assert.ok(await page.locator('#learn-detail .mcands span.pat').count() >= 4, 'the pattern is drawn');
  // Practice: three puzzles the generator made just now to need an X-Wing, each with a drill.
  await page.waitForSelector('.practice-puzzle >> nth=2');
  assert.match(await page.textContent('.practice-status'), /Made for you just now: each needs an X-Wing/);
  assert.equal(await page.locator('.practice-puzzle[data-source="generated"]').count(), 3);
  assert.equal(await page.locator('.practice-drill').count(), 3);
  await noAxe('#dlg-learn');
  await shot(page, 'coach-11-learn');
  await page.locator('.practice').scrollIntoViewIfNeeded();
  await shot(page, 'practice-1-generated');
  await view(PHONE, 'dark');
  await noAxe('#dlg-learn');
  await shot(page, 'coach-12-learn-phone-dark');
  await page.locator('.practice').scrollIntoViewIfNeeded();
  await shot(page, 'practice-2-generated-phone-dark');
  await view(DESKTOP);
  // New puzzles: a fresh seed, and the focus stays on the button.
  const before = await page.getAttribute('.practice-puzzle >> nth=0', 'data-puzzle');
  await page.click('.practice-more');
  await page.waitForFunction((p) => {
    const b = document.querySelector('.practice-puzzle');
    return b && b.dataset.puzzle !== p;
  }, before);
  assert.ok(await page.evaluate(() => document.activeElement.classList.contains('practice-more')));
  const practice = await page.getAttribute('.practice-puzzle >> nth=0', 'data-puzzle');
  await page.click('.practice-puzzle >> nth=0');
  await page.waitForSelector('#dlg-learn', { state: 'hidden' });
  await page.waitForFunction(() => location.hash.startsWith('#/game/'));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  assert.equal((await api(server.url, 'GET', `/games/${id}`)).data.puzzle, practice);
  // Its path needs the X-Wing. "Nothing harder" is by the teacher's order (the server's
  // tests check it): SE's difficulty may rate an earlier step higher (a Locked Triple, 3.6,
  // comes before an X-Wing, 3.2, in that order), so the difficulty is no measure of it.
  const names = (await api(server.url, 'GET', `/games/${id}/path`)).data.steps.map((s) => s.step.name);
  assert.ok(names.includes('X-Wing'), names.join(', '));
});

test('a Learn drill starts a game at the pencil marks just before the technique, and a technique too rare to generate keeps the stock and says so', async () => {
  await page.click('#btn-learn');
  await page.waitForSelector('#dlg-learn[open] .learn-item');
  await page.click('.learn-item[data-code="x-wing"]');
  await page.waitForSelector('.practice-drill >> nth=0');
  const puzzle = await page.getAttribute('.practice-drill >> nth=0', 'data-puzzle');
  await page.click('.practice-drill >> nth=0');
  await page.waitForSelector('#dlg-learn', { state: 'hidden' });
  await page.waitForFunction(() => location.hash.startsWith('#/game/'));
  const id = Number((await page.evaluate(() => location.hash)).split('/').pop());
  const game = (await api(server.url, 'GET', `/games/${id}`)).data;
  assert.equal(game.puzzle, puzzle);
  assert.ok(game.cells.some((c) => c.candidates?.length), 'the drill starts with candidates');
  const hint = await api(server.url, 'POST', `/games/${id}/hint`, {});
  assert.equal(hint.data.step.technique, 'x-wing', 'the next step is the X-Wing');

  await page.click('#btn-learn');
  await page.waitForSelector('#dlg-learn[open] .learn-item');
  await page.click('.learn-item[data-code="jellyfish"]');
  await page.waitForSelector('.practice-status.practice-note');
  assert.match(await page.textContent('.practice-status'), /from the stock.*too rare/);
  const stock = (await api(server.url, 'GET', '/learn/jellyfish')).data.practice;
  const offered = await page.locator('.practice-puzzle').evaluateAll((bs) => bs.map((b) => b.dataset.puzzle));
  assert.deepEqual(offered, stock.slice(0, 3));
  assert.equal(await page.locator('.practice-drill').count(), 0);
  assert.equal(await page.isVisible('.practice-more'), false, 'no new puzzles to ask for');
  await noAxe('#dlg-learn');
  await page.locator('.practice').scrollIntoViewIfNeeded();
  await shot(page, 'practice-3-stock');
  await view(PHONE, 'dark');
  await noAxe('#dlg-learn');
  await page.locator('.practice').scrollIntoViewIfNeeded();
  await shot(page, 'practice-4-stock-phone-dark');
  await view(DESKTOP);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-learn', { state: 'hidden' });
});

test('a deduction being checked says so, and a second click waits for it', serverOnly('the check is held on its way to the server'), async () => {
  const g = await openGame(CLASSIC);
  const first = (await api(server.url, 'GET', `/games/${g.id}/path`)).data.steps[0].step;
  await page.click('#btn-deduce');
  await page.waitForFunction(() => document.querySelectorAll('#deduce-technique option').length > 40);
  await page.selectOption('#deduce-technique', first.name.toLowerCase().replace(/ /g, '-'));
  // The check is held until the test lets it go, as a hard claim keeps the engine busy.
  let release;
  const held = new Promise((r) => { release = r; });
  let sent = 0;
  await page.route('**/check-step', async (route) => { sent += 1; await held; await route.continue(); });
  await page.click('#deduce-go');
  await page.waitForFunction(() => document.getElementById('deduce-go').disabled);
  assert.equal(await page.textContent('#deduce-verdict'), 'Checking…');
  await page.click('#deduce-go', { force: true });
  release();
  await page.waitForFunction(() => /^(Valid|Not valid|The pattern)/.test(document.getElementById('deduce-verdict').textContent));
  assert.equal(sent, 1, 'one request for the two clicks');
  assert.equal(await page.isDisabled('#deduce-go'), false);
  await page.unroute('**/check-step');
  await page.click('#deduce-close');
});

test('a deduction the engine cannot settle in 10 s is answered out of time (the page with no server searched on for minutes, hints waiting behind it)', async () => {
  // Easter Monster: a nested forcing chain stated at r9c9 sends the check through every chain
  // level, most of a minute natively.
  const g = await openGame(EASTER_MONSTER);
  await page.click('#btn-deduce');
  await page.waitForFunction(() => document.querySelectorAll('#deduce-technique option').length > 40);
  await page.selectOption('#deduce-technique', 'nested-forcing-chain');
  await page.click('#cell-80');
  await page.click('#deduce-add');
  await page.selectOption('#deduce-digit', '6');
  const started = Date.now();
  await page.click('#deduce-go');
  await page.waitForFunction(() => /within 10 s/.test(document.getElementById('deduce-verdict').textContent), null, { timeout: 40_000 });
  assert.ok(Date.now() - started < 30_000, `answered after ${Date.now() - started} ms`);
  assert.match(await page.textContent('#deduce-verdict'), /^This deduction could not be checked within 10 s/);
  assert.equal(await page.isDisabled('#deduce-go'), false);
  // The dialog keeps its cells for the next claim: leave none to the tests after this one.
  await page.click('#deduce-clear');
  await page.click('#deduce-close');
  // The server's 422 is the answer expected here, not an error of the page.
  const { errors } = session.browser;
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 422/.test(e)));
  // The engine is free again: a hint comes at once.
  const hint = await api(server.url, 'POST', `/games/${g.id}/hint`, { elapsed_ms: 0, version: g.version });
  assert.equal(hint.status, 200, JSON.stringify(hint.data));
});

test('the deduction check says valid with the move, or not valid and why', async () => {
  const g = await openGame(CLASSIC);
  const first = (await api(server.url, 'GET', `/games/${g.id}/path`)).data.steps[0].step;
  const code = first.name.toLowerCase().replace(/ /g, '-');
  const { cell, digit } = first.placements[0];
  await page.click('#btn-deduce');
  await page.waitForFunction(() => document.querySelectorAll('#deduce-technique option').length > 40);
  await page.selectOption('#deduce-technique', code);
  await page.click(`#cell-${cell}`);
  await page.click('#deduce-add');
  await page.selectOption('#deduce-digit', String(digit));
  await page.click('#deduce-go');
  await page.waitForFunction(() => /^Valid/.test(document.getElementById('deduce-verdict').textContent));
  const name = `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
  assert.match(await page.textContent('#deduce-verdict'), new RegExp(`${name} is ${digit}`));
  // The verdict names the step found, its cells and what it places (it said "Valid" and the
  // sentence only).
  assert.match(await page.textContent('#deduce-verdict'), new RegExp(`^Valid: an? ${first.name} .*\\(${name}\\): it places ${digit} in ${name}\\.`));
  await noAxe('#coach');
  await shot(page, 'coach-13-check-valid');
  await page.selectOption('#deduce-digit', String((digit % 9) + 1));
  await page.click('#deduce-go');
  await page.waitForFunction(() => /^Not valid: ./.test(document.getElementById('deduce-verdict').textContent));
  await noAxe('#coach');
  await shot(page, 'coach-14-check-invalid');
  await view(PHONE, 'dark');
  await noAxe('#coach');
  await shot(page, 'coach-15-check-phone-dark');
  await view(DESKTOP);
  await page.click('#deduce-close');
});

/** Whether a single gives digit `d` in cell `i` of `grid` (81 characters), classic houses. */
function forcedBySingle(grid, i, d) {
  const cands = (j) => (grid[j] === '.' ? [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((x) => canGo(grid, j, x)) : []);
  if (cands(i).length === 1) return true;
  const r = Math.floor(i / 9);
  const c = i % 9;
  const b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
  const houses = [
    Array.from({ length: 9 }, (_, k) => r * 9 + k),
    Array.from({ length: 9 }, (_, k) => k * 9 + c),
    Array.from({ length: 9 }, (_, k) => (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3)),
  ];
  return houses.some((h) => h.every((j) => j === i || !cands(j).includes(d)));
}

test('coaching notes are off by default, then say when a right digit was not yet forced', async () => {
  await openGame(CLASSIC);
  const solution = solve(CLASSIC);
  const empties = [...CLASSIC].map((ch, i) => (ch === '.' ? i : -1)).filter((i) => i >= 0);
  const guess = empties.find((i) => !forcedBySingle(CLASSIC, i, Number(solution[i])));
  const forced = empties.find((i) => i !== guess && forcedBySingle(CLASSIC, i, Number(solution[i])));
  assert.equal(await page.isChecked('#coach-notes'), false, 'off by default');
  await page.click(`#cell-${guess}`);
  await page.keyboard.press(solution[guess]);
  await page.waitForFunction(([i, d]) => document.getElementById(`cell-${i}`).textContent.trim() === d, [guess, solution[guess]]);
  assert.doesNotMatch(await page.textContent('#message'), /not yet forced/);
  await page.keyboard.press('Delete');
  await page.check('#coach-notes');
  await page.click(`#cell-${guess}`);
  await page.keyboard.press(solution[guess]);
  const name = `r${Math.floor(guess / 9) + 1}c${(guess % 9) + 1}`;
  await page.waitForFunction((t) => document.getElementById('message').textContent.includes(t), `${name} = ${solution[guess]} was not yet forced`);
  await noAxe('.side');
  await shot(page, 'coach-18-coaching-note');
  // A digit a single gives draws no note; the setting is remembered.
  await page.click(`#cell-${forced}`);
  await page.keyboard.press(solution[forced]);
  await page.waitForFunction(() => !/not yet forced/.test(document.getElementById('message').textContent));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isChecked('#coach-notes'), true);
  await page.uncheck('#coach-notes');
});

test('the solving path hides behind a spoiler guard, then scrubs step by step', async () => {
  await openGame(XWING);
  await page.click('#btn-path');
  await page.waitForSelector('#dlg-path[open] #path-guard:not([hidden])');
  assert.ok(await page.isHidden('#path'));
  await noAxe('#dlg-path');
  await page.click('#path-reveal');
  await page.waitForSelector('#path:not([hidden]) .path-item');
  assert.match(await page.textContent('#path-hardest'), /The hardest step is an? .+ \(\d\.\d\), step \d+ of \d+/);
  const steps = await page.locator('.path-item').count();
  assert.ok(steps > 20);
  assert.ok(await page.locator('.path-item:has-text("X-Wing")').count() >= 1);
  await page.click('.path-item >> nth=0');
  assert.equal(await page.inputValue('#path-step'), '1');
  await page.focus('#path-step');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.inputValue('#path-step'), '2');
  assert.match(await page.textContent('#path-step-name'), new RegExp(`^2 of ${steps}$`));
  assert.equal(await page.getAttribute('.path-item >> nth=1', 'aria-current'), 'step');
  assert.ok(await page.locator('#path-board .mini').count() === 1);
  await noAxe('#dlg-path');
  await shot(page, 'coach-16-path');
  await view(PHONE, 'dark');
  await noAxe('#dlg-path');
  await shot(page, 'coach-17-path-phone-dark');
  await view(DESKTOP);
  await page.keyboard.press('Escape');
  assert.deepEqual(session.browser.errors, []);
});
