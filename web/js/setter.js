// Entering a puzzle on the board: the player types the givens straight into an empty grid
// (keyboard, pad or digit-first taps) instead of pasting 81 characters, and the server's
// verdict (POST /api/puzzles/check: no solution, several, or one with its rating) is shown live
// as the grid changes. "Play it" starts the game. Every layout (from the new-game dialog's
// ticks) is drawn from the server's data (POST /api/layout): the page keeps no geometry.
//
// A jigsaw's regions are drawn here too: it starts from the standard boxes (or the map pasted
// in the dialog), and in "Regions" mode the player picks a region (a swatch per region with its
// cell count) and taps, drags or types cells into it. The borders and tints follow at once
// from the map being drawn; the server checks the map and names its first problem ("region 4
// has 10 cells") until it is valid, then gives the puzzle's verdict.
//
// While it runs there is no game: the controller leaves the board alone (it acts only on a
// game), and this module draws the board and takes its keys, taps and the pad's digits.

import { api } from './api.js';
import { announce, radioGroup } from './a11y.js';
import { Layout } from './layout.js';
import { rowOf, colOf } from './util.js';

const $ = (id) => document.getElementById(id);

/** The regions' labels: the swatches, the keys and the pad's digits name them alike. */
const LABELS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** "row 3, column 4". */
const cellName = (i) => `row ${rowOf(i) + 1}, column ${colOf(i) + 1}`;

/** The setter: state and wiring. */
class Setter {
  constructor({ controller, startGame, openGame, showNew }) {
    this.controller = controller;
    this.startGame = startGame;
    this.openGame = openGame;
    this.showNew = showNew;
    this.active = false;
    this.grid = Array(81).fill(null);
    /** A jigsaw's map being drawn (81 labels), or null for a layout with boxes. */
    this.map = null;
    /** What the board edits: 'digits' or (a jigsaw) 'regions'. */
    this.editing = 'digits';
    /** The region cells go to in Regions mode. */
    this.region = '1';
    /** The server's layouts by variant (the variant's boxes for a jigsaw being drawn). */
    this.layouts = new Map();
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
    // Regions mode: a press puts the cell in the picked region, and so does every cell a drag
    // (button or finger held down) crosses. Touch keeps sending moves to the first target, so
    // the cell under the pointer is found from its position.
    let drag = null;
    board.addEventListener('pointerdown', (e) => {
      const cell = e.target.closest('.cell');
      if (!this.active || !cell) return;
      this.selected = Number(cell.dataset.i);
      this.controller.board.focus(this.selected);
      if (this.drawing()) {
        drag = { moved: 0 };
        if (this.assign(this.selected, this.region)) drag.moved++;
      } else {
        this.render();
      }
    });
    board.addEventListener('pointermove', (e) => {
      if (!drag || !e.buttons || !this.drawing()) return;
      const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest?.('.cell');
      if (!cell || !board.contains(cell)) return;
      const i = Number(cell.dataset.i);
      if (i === this.selected) return;
      this.selected = i;
      if (this.assign(i, this.region)) drag.moved++;
      else this.render();
    });
    const drop = () => {
      if (!drag) return;
      const { moved } = drag;
      drag = null;
      if (!this.active || !moved) return;
      this.controller.board.focus(this.selected);
      announce(`${moved} cell${moved > 1 ? 's' : ''} moved to region ${this.region}, which has ${this.count(this.region)} cells now.`);
    };
    window.addEventListener('pointerup', drop);
    window.addEventListener('pointercancel', drop);
    $('pad').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-d]');
      if (!this.active || !b) return;
      e.stopImmediatePropagation();
      const d = Number(b.dataset.d);
      if (this.drawing()) this.moveByKey(LABELS[d - 1]);
      else this.put(d);
      this.controller.board.focus(this.selected);
    }, true);
  }

  buildBar() {
    const bar = document.createElement('div');
    bar.className = 'setter-bar';
    bar.id = 'setter-bar';
    bar.hidden = true;
    const swatches = LABELS.map((l) => `
        <button type="button" role="radio" aria-checked="false" class="swatch tint-${Number(l) - 1}" data-region="${l}" id="swatch-${l}"><span class="sw-n"><span class="sr-only">Region </span>${l}</span><span class="sw-c"><span class="sw-count">9</span><span class="sr-only"> cells</span></span></button>`).join('');
    bar.innerHTML = `
      <h2 class="setter-title">Enter a puzzle</h2>
      <p class="setter-help" id="setter-help">Type the givens into the board (arrows move, Delete clears). The verdict follows every change.</p>
      <div class="setter-jigsaw" id="setter-jigsaw" hidden>
        <div class="seg" role="radiogroup" aria-label="What the board edits" id="setter-editing">
          <button type="button" role="radio" aria-checked="true" data-editing="digits" id="setter-digits">Digits</button>
          <button type="button" role="radio" aria-checked="false" data-editing="regions" id="setter-regions">Regions</button>
        </div>
        <div class="swatches" role="radiogroup" aria-label="The region cells go to" id="setter-swatches" hidden>${swatches}
        </div>
      </div>
      <p class="setter-verdict" id="setter-verdict" role="status" aria-live="polite"></p>
      <div class="setter-actions">
        <button type="button" class="btn primary" id="setter-play" disabled>Play it</button>
        <button type="button" class="btn" id="setter-clue" hidden>Add a clue</button>
        <button type="button" class="btn" id="setter-clear">Clear</button>
        <button type="button" class="btn" id="setter-cancel">Cancel</button>
      </div>`;
    document.querySelector('.side').prepend(bar);
    bar.querySelector('#setter-play').addEventListener('click', () => this.play());
    bar.querySelector('#setter-clue').addEventListener('click', () => this.addClue());
    bar.querySelector('#setter-clear').addEventListener('click', () => {
      this.grid.fill(null);
      this.changed();
      this.controller.board.focus(this.selected);
    });
    bar.querySelector('#setter-cancel').addEventListener('click', () => this.cancel());
    this.syncEditing = radioGroup(bar.querySelector('#setter-editing'), (b) => this.setEditing(b.dataset.editing));
    this.syncSwatches = radioGroup(bar.querySelector('#setter-swatches'), (b) => this.pick(b.dataset.region));
    return bar;
  }

  /** The server's layout of `variant` (with `regions`, a jigsaw's), kept per variant without. */
  async fetchLayout(variant, regions) {
    if (regions) return api.layout({ variant, regions });
    if (!this.layouts.has(variant)) this.layouts.set(variant, await api.layout({ variant }));
    return this.layouts.get(variant);
  }

  /**
   * Starts entering a puzzle of `variant` (the previous game is reopened on Cancel); a
   * jigsaw's regions start as `regions` (a pasted map) or the standard boxes.
   */
  async start(variant, regions = '') {
    const words = variant.split(',');
    const jigsaw = words.includes('jigsaw');
    // A jigsaw is drawn over the layout of its other words: rows, columns, X's diagonals or
    // Windoku's windows, and the boxes as the regions to start from.
    const base = await this.fetchLayout(jigsaw ? words.filter((w) => w !== 'jigsaw').join(',') || 'standard' : variant);
    // A pasted map is drawn on as the server numbers its regions (1-9, in the order of their
    // first cells), whatever labels it was typed with; a broken one is refused here, by name.
    const pasted = jigsaw && regions.trim() ? await this.fetchLayout(variant, regions) : null;
    this.previous = this.controller.game?.id ?? null;
    this.variant = variant;
    this.base = base;
    this.map = jigsaw ? [...(pasted ?? base).boxes] : null;
    this.controller.unload('');
    $('empty-cover').hidden = true;
    this.active = true;
    this.grid.fill(null);
    this.selected = 0;
    this.region = '1';
    this.editing = 'digits';
    this.draw();
    this.setEditing('digits');
    document.body.classList.add('setting');
    this.bar.hidden = false;
    $('setter-jigsaw').hidden = !jigsaw;
    $('setter-help').textContent = jigsaw
      ? 'Type the givens into the board (arrows move, Delete clears). In Regions mode, pick a region, then tap or drag across cells (or press 1-9 on a cell) to move them into it. The verdict follows every change.'
      : 'Type the givens into the board (arrows move, Delete clears). The verdict follows every change.';
    for (const b of $('pad').children) {
      b.setAttribute('aria-pressed', 'false');
      b.disabled = false;
    }
    $('game-title').textContent = jigsaw ? 'Drawing a jigsaw' : 'Entering a puzzle';
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
    document.body.classList.remove('setting', 'drawing-regions');
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

  /** Whether taps and keys on the board move cells between regions. */
  drawing() {
    return this.map != null && this.editing === 'regions';
  }

  setEditing(editing) {
    this.editing = editing;
    for (const b of document.querySelectorAll('#setter-editing [role="radio"]')) {
      b.setAttribute('aria-checked', b.dataset.editing === editing ? 'true' : 'false');
    }
    this.syncEditing?.();
    $('setter-swatches').hidden = editing !== 'regions';
    document.body.classList.toggle('drawing-regions', this.drawing());
    this.pick(this.region);
    this.render();
  }

  /** Picks the region cells go to. */
  pick(label) {
    this.region = label;
    for (const b of document.querySelectorAll('#setter-swatches [role="radio"]')) {
      b.setAttribute('aria-checked', b.dataset.region === label ? 'true' : 'false');
    }
    this.syncSwatches?.();
  }

  /** How many cells region `label` has in the map being drawn. */
  count(label) {
    return this.map.filter((l) => l === label).length;
  }

  /** Moves cell `i` into region `label`; false if it was there already. */
  assign(i, label) {
    if (!this.map || this.map[i] === label) return false;
    this.map[i] = label;
    this.draw();
    this.changed();
    return true;
  }

  /** A key or the pad names region `label` for the selected cell: picked, and the cell moved. */
  moveByKey(label) {
    this.pick(label);
    const from = this.map[this.selected];
    if (!this.assign(this.selected, label)) {
      announce(`${cellName(this.selected)} is in region ${label} already.`);
      return;
    }
    announce(`${cellName(this.selected)} moved to region ${label}, which has ${this.count(label)} cells now; region ${from} has ${this.count(from)}.`);
  }

  /**
   * Draws the layout at once: for a jigsaw, the houses of the server's layout other than its
   * boxes plus the regions of the map being drawn (borders and tints follow it while it is
   * still broken), else the server's layout as it is.
   */
  draw() {
    if (this.map) {
      const regions = LABELS.map((l, k) => ({
        index: 18 + k,
        kind: 'region',
        cells: this.map.flatMap((m, i) => (m === l ? [i] : [])),
      }));
      const houses = this.base.houses.filter((h) => h.kind !== 'box');
      this.layout = new Layout({
        variant: this.variant,
        regions: this.map.join(''),
        boxes: this.map.join(''),
        houses: [...houses.slice(0, 18), ...regions, ...houses.slice(18)],
      });
      // Each cell shows its region's label while regions are drawn (CSS), beside the tint.
      this.map.forEach((l, i) => { $(`cell-${i}`).dataset.region = l; });
      for (const l of LABELS) {
        const b = $(`swatch-${l}`);
        const n = this.count(l);
        b.querySelector('.sw-count').textContent = String(n);
        b.classList.toggle('off', n !== 9);
      }
    } else {
      this.layout = new Layout(this.base);
    }
    this.controller.board.setLayout(this.layout);
    this.render();
  }

  put(d) {
    if (this.selected == null) return;
    const placed = this.grid[this.selected] !== d;
    this.grid[this.selected] = placed ? d : null;
    if (placed) this.advance();
    this.changed();
  }

  /** A given typed: the next cell (row by row, back to r1c1 after r9c9) is the one typed next. */
  advance() {
    this.selected = (this.selected + 1) % 81;
    this.controller.board.focus(this.selected);
  }

  onKey(e) {
    if (!this.active) return;
    const stop = () => { e.preventDefault(); e.stopImmediatePropagation(); };
    // Arrows, Home and End move from the setter's own cell (the controller's selection belongs
    // to a game, and there is none while a puzzle is entered).
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (step || e.key === 'Home' || e.key === 'End') {
      stop();
      const i = this.selected ?? 0;
      this.selected = step
        ? ((rowOf(i) + step[0] + 9) % 9) * 9 + ((colOf(i) + step[1] + 9) % 9)
        : rowOf(i) * 9 + (e.key === 'Home' ? 0 : 8);
      this.render();
      this.controller.board.focus(this.selected);
      return;
    }
    const m = /^(Digit|Numpad)([0-9])$/.exec(e.code);
    if (m && !e.altKey && !e.metaKey && !e.ctrlKey) {
      stop();
      const d = Number(m[2]);
      if (this.drawing()) {
        if (d) this.moveByKey(LABELS[d - 1]);
      } else if (d === 0) {
        this.grid[this.selected] = null;
        this.changed();
      } else {
        this.grid[this.selected] = d;
        this.advance();
        this.changed();
      }
    } else if (this.drawing() && e.key === 'Enter') {
      stop();
      this.moveByKey(this.region);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      stop();
      if (this.drawing()) return;
      this.grid[this.selected] = null;
      this.changed();
    } else if (e.key === ' ') {
      stop();
      if (this.drawing()) this.moveByKey(this.region);
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
      // While regions are drawn the tints are what the player reads: no peer shading over them.
      peers: !this.drawing(),
    });
  }

  /** Shows `text` as the verdict: `ok` true (good), false (a problem) or null (waiting). */
  verdict(text, ok = null) {
    const v = $('setter-verdict');
    v.textContent = text;
    v.className = `setter-verdict${ok == null ? '' : ok ? ' ok' : ' bad'}`;
  }

  /** The grid or the map changed: redraw, and ask for the verdict once typing pauses. */
  changed() {
    this.render();
    const clues = this.grid.filter(Boolean).length;
    $('setter-play').disabled = true;
    this.offerClue(null);
    clearTimeout(this.timer);
    if (!clues && !this.map) {
      this.verdict('An empty grid: type the first given.');
      return;
    }
    if (clues) this.verdict(`${clues} given${clues > 1 ? 's' : ''}: checking…`);
    const ask = ++this.asked;
    const current = () => ask === this.asked && this.active; // else a newer grid is being checked
    this.timer = setTimeout(async () => {
      const regions = this.map?.join('');
      if (regions) {
        let problem = null;
        try {
          await api.layout({ variant: this.variant, regions });
        } catch (e) {
          problem = e;
        }
        if (!current()) return;
        for (const b of document.querySelectorAll('#setter-swatches .swatch')) {
          b.classList.toggle('bad', b.dataset.region === problem?.detail?.region);
        }
        if (problem) {
          const text = (problem.said ?? problem.message).replace(/^region map: /, '');
          this.verdict(`Regions: ${text}.`, false);
          return;
        }
      }
      if (!clues) {
        this.verdict(regions ? 'The regions are fine. An empty grid: type the first given.' : 'An empty grid: type the first given.');
        return;
      }
      let text;
      let ok = false;
      let r = null;
      try {
        r = await api.checkPuzzle({ puzzle: this.line(), variant: this.variant, regions });
        ({ ok } = r);
        text = `${clues} givens. ${r.message}`;
      } catch (e) {
        text = e.message;
      }
      if (!current()) return;
      this.verdict(text, ok);
      this.offerClue(r);
      $('setter-play').disabled = !ok;
      if (ok) announce('One solution: the puzzle can be played.');
    }, 300);
  }

  /**
   * With several solutions, offers one clue that cuts them down: the first of the clues the
   * server picks to make the puzzle proper (`added`, cells where the solutions differ, each
   * with its digit in one solution, `with_clues`). `r` null: nothing to offer.
   */
  offerClue(r) {
    const b = $('setter-clue');
    const i = r?.with_clues && r.added?.length ? r.added[0] : null;
    this.clue = i == null ? null : { cell: i, digit: Number(r.with_clues[i]) };
    b.hidden = this.clue == null;
    if (!this.clue) return;
    b.textContent = `Add a clue: ${this.clue.digit} in ${cellName(i)}`;
  }

  /** Puts the offered clue in the grid and selects its cell. */
  addClue() {
    const c = this.clue;
    if (!c) return;
    this.grid[c.cell] = c.digit;
    this.selected = c.cell;
    this.changed();
    this.controller.board.focus(c.cell);
    announce(`${c.digit} added in ${cellName(c.cell)}.`);
  }

  async play() {
    try {
      await this.startGame({ puzzle: this.line(), variant: this.variant, regions: this.map?.join('') });
    } catch (e) {
      this.active = true;
      document.body.classList.add('setting');
      this.bar.hidden = false;
      this.verdict(e.message, false);
    }
  }
}

/** Wires "Enter it on the board" in the new-game dialog. */
export function initSetter(deps) {
  const setter = new Setter(deps);
  $('custom-board')?.addEventListener('click', async () => {
    const ticks = ['jigsaw', 'x', 'windoku'].filter((v) => $(`variant-${v}`)?.checked);
    const regions = $('variant-jigsaw')?.checked ? $('custom-regions').value : '';
    try {
      await setter.start(ticks.length ? ticks.join(',') : 'standard', regions);
    } catch (e) {
      $('custom-result').textContent = e.message;
      $('custom-result').className = 'custom-result bad';
    }
  });
  return setter;
}
