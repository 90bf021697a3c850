// Entering a puzzle on the board: the player types the givens straight into an empty grid
// (keyboard, pad or digit-first taps) instead of pasting 81 characters, and the server's
// verdict (POST /api/puzzles/check: no solution, several, or one with its rating) is shown live
// as the grid changes. "Play it" starts the game. Standard, X and Windoku layouts (from the
// new-game dialog's ticks); a jigsaw needs its region map, which the paste box takes.
//
// While it runs there is no game: the controller leaves the board alone (it acts only on a
// game), and this module draws the board and takes its keys, taps and the pad's digits.

import { api } from './api.js';
import { announce } from './a11y.js';
import { Layout } from './layout.js';

const $ = (id) => document.getElementById(id);

/** The houses of the standard layout plus X's diagonals or Windoku's windows (server numbering). */
export function layoutData(variant) {
  const houses = [];
  for (let r = 0; r < 9; r++) houses.push({ index: r, kind: 'row', cells: [...Array(9).keys()].map((c) => r * 9 + c) });
  for (let c = 0; c < 9; c++) houses.push({ index: 9 + c, kind: 'column', cells: [...Array(9).keys()].map((r) => r * 9 + c) });
  const boxOf = (i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3);
  for (let b = 0; b < 9; b++) houses.push({ index: 18 + b, kind: 'box', cells: [...Array(81).keys()].filter((i) => boxOf(i) === b) });
  const words = variant.split(',');
  if (words.includes('x')) {
    houses.push({ index: 36, kind: 'diagonal', cells: [...Array(9).keys()].map((k) => k * 10) });
    houses.push({ index: 37, kind: 'diagonal', cells: [...Array(9).keys()].map((k) => (k + 1) * 8) });
  }
  if (words.includes('windoku')) {
    [[1, 1], [1, 5], [5, 1], [5, 5]].forEach(([r0, c0], w) => {
      const cells = [];
      for (let r = r0; r < r0 + 3; r++) for (let c = c0; c < c0 + 3; c++) cells.push(r * 9 + c);
      houses.push({ index: 38 + w, kind: 'window', cells });
    });
  }
  const boxes = [...Array(81).keys()].map((i) => String(boxOf(i) + 1)).join('');
  return { variant, regions: null, boxes, houses };
}

/** The setter: state and wiring. */
class Setter {
  constructor({ controller, startGame, openGame, showNew }) {
    this.controller = controller;
    this.startGame = startGame;
    this.openGame = openGame;
    this.showNew = showNew;
    this.active = false;
    this.grid = Array(81).fill(null);
    this.selected = 0;
    this.asked = 0;
    this.timer = null;
    this.bar = this.buildBar();
    const board = $('board');
    board.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.cell');
      if (this.active && cell) {
        this.selected = Number(cell.dataset.i);
        this.render();
      }
    });
    board.addEventListener('keydown', (e) => this.onKey(e), true);
    board.addEventListener('pointerdown', (e) => {
      const cell = e.target.closest('.cell');
      if (!this.active || !cell) return;
      this.selected = Number(cell.dataset.i);
      this.controller.board.focus(this.selected);
      this.render();
    });
    $('pad').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-d]');
      if (!this.active || !b) return;
      e.stopImmediatePropagation();
      this.put(Number(b.dataset.d));
      this.controller.board.focus(this.selected);
    }, true);
  }

  buildBar() {
    const bar = document.createElement('div');
    bar.className = 'setter-bar';
    bar.id = 'setter-bar';
    bar.hidden = true;
    bar.innerHTML = `
      <h2 class="setter-title">Enter a puzzle</h2>
      <p class="setter-help">Type the givens into the board (arrows move, Delete clears). The verdict follows every change.</p>
      <p class="setter-verdict" id="setter-verdict" role="status" aria-live="polite"></p>
      <div class="setter-actions">
        <button type="button" class="btn primary" id="setter-play" disabled>Play it</button>
        <button type="button" class="btn" id="setter-clear">Clear</button>
        <button type="button" class="btn" id="setter-cancel">Cancel</button>
      </div>`;
    document.querySelector('.side').prepend(bar);
    bar.querySelector('#setter-play').addEventListener('click', () => this.play());
    bar.querySelector('#setter-clear').addEventListener('click', () => {
      this.grid.fill(null);
      this.changed();
      this.controller.board.focus(this.selected);
    });
    bar.querySelector('#setter-cancel').addEventListener('click', () => this.cancel());
    return bar;
  }

  /** Starts entering a puzzle of `variant` (the previous game is reopened on Cancel). */
  start(variant) {
    this.previous = this.controller.game?.id ?? null;
    this.variant = variant;
    this.controller.unload('');
    $('empty-cover').hidden = true;
    this.layout = new Layout(layoutData(variant));
    this.controller.board.setLayout(this.layout);
    this.active = true;
    this.grid.fill(null);
    this.selected = 0;
    document.body.classList.add('setting');
    this.bar.hidden = false;
    for (const b of $('pad').children) {
      b.setAttribute('aria-pressed', 'false');
      b.disabled = false;
    }
    $('game-title').textContent = 'Entering a puzzle';
    history.replaceState(null, '', location.pathname + location.search);
    this.changed();
    const focus = () => this.controller.board.focus(0);
    const open = document.querySelector('dialog[open]');
    if (open) {
      open.addEventListener('close', focus, { once: true });
      open.close();
    } else {
      focus();
    }
  }

  /** Leaves the setter (a game is being opened, or Cancel). */
  stop() {
    if (!this.active) return;
    this.active = false;
    clearTimeout(this.timer);
    document.body.classList.remove('setting');
    this.bar.hidden = true;
  }

  async cancel() {
    this.stop();
    if (this.previous != null) {
      await this.openGame(this.previous).catch(() => this.showNew());
    } else {
      this.controller.showEmpty('Pick a level to start.');
      this.showNew();
    }
  }

  line() {
    return this.grid.map((d) => (d ? String(d) : '.')).join('');
  }

  put(d) {
    if (this.selected == null) return;
    this.grid[this.selected] = this.grid[this.selected] === d ? null : d;
    this.changed();
  }

  onKey(e) {
    if (!this.active) return;
    const stop = () => { e.preventDefault(); e.stopImmediatePropagation(); };
    const m = /^(Digit|Numpad)([0-9])$/.exec(e.code);
    if (m && !e.altKey && !e.metaKey && !e.ctrlKey) {
      stop();
      const d = Number(m[2]);
      if (d === 0) {
        this.grid[this.selected] = null;
        this.changed();
      } else {
        this.grid[this.selected] = d;
        this.changed();
      }
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      stop();
      this.grid[this.selected] = null;
      this.changed();
    } else if (e.key === ' ') {
      stop();
    }
  }

  /** Digits that repeat in a house: each with the cell it repeats, as the board shows clashes. */
  clashes() {
    const out = [];
    for (let i = 0; i < 81; i++) {
      const d = this.grid[i];
      if (!d) continue;
      for (const j of this.layout.peers[i]) {
        if (this.grid[j] === d) {
          out.push({ cell: i, other: j, digit: d, message: `${d} is already in a house of this cell` });
          break;
        }
      }
    }
    return out;
  }

  render() {
    if (!this.active) return;
    const cells = this.grid.map((d) => ({ value: d, origin: d ? 'given' : null, candidates: [], centre: [], corner: [] }));
    this.controller.board.render({
      cells, clashes: this.clashes(), selected: this.selected, multi: new Set(), digit: null, same: null,
      notation: false, colours: null, conflicts: true, help: false, check: null, hint: null, flash: null,
    });
  }

  /** The grid changed: redraw, and ask for the verdict once typing pauses. */
  changed() {
    this.render();
    const clues = this.grid.filter(Boolean).length;
    const verdict = $('setter-verdict');
    $('setter-play').disabled = true;
    clearTimeout(this.timer);
    if (!clues) {
      verdict.textContent = 'An empty grid: type the first given.';
      verdict.className = 'setter-verdict';
      return;
    }
    verdict.textContent = `${clues} given${clues > 1 ? 's' : ''}: checking…`;
    verdict.className = 'setter-verdict';
    const ask = ++this.asked;
    this.timer = setTimeout(async () => {
      let text;
      let ok = false;
      try {
        const r = await api.checkPuzzle({ puzzle: this.line(), variant: this.variant });
        ({ ok } = r);
        text = `${clues} givens. ${r.message}`;
      } catch (e) {
        text = e.message;
      }
      if (ask !== this.asked || !this.active) return; // a newer grid is being checked
      verdict.textContent = text;
      verdict.className = `setter-verdict ${ok ? 'ok' : 'bad'}`;
      $('setter-play').disabled = !ok;
      if (ok) announce('One solution: the puzzle can be played.');
    }, 300);
  }

  async play() {
    try {
      await this.startGame({ puzzle: this.line(), variant: this.variant });
    } catch (e) {
      this.active = true;
      document.body.classList.add('setting');
      this.bar.hidden = false;
      $('setter-verdict').textContent = e.message;
      $('setter-verdict').className = 'setter-verdict bad';
    }
  }
}

/** Wires "Enter it on the board" in the new-game dialog. */
export function initSetter(deps) {
  const setter = new Setter(deps);
  $('custom-board')?.addEventListener('click', () => {
    const ticks = ['x', 'windoku'].filter((v) => $(`variant-${v}`)?.checked);
    if ($('variant-jigsaw')?.checked) {
      $('custom-result').textContent = 'A jigsaw needs its region map: paste the puzzle and the map above.';
      $('custom-result').className = 'custom-result bad';
      return;
    }
    setter.start(ticks.length ? ticks.join(',') : 'standard');
  });
  return setter;
}
