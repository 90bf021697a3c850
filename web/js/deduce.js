// "Check my step": the player names a technique (and a digit) and adds the cells of the pattern
// they found; the engine (POST /games/{id}/check-step) answers valid with what the deduction
// removes or places, named in words and drawn on the board, or not valid and why (naming only
// what the player claimed, never a pattern they did not).

import { api } from './api.js';
import { stepHighlight } from './steps.js';
import { cellName, el } from './util.js';

const $ = (id) => document.getElementById(id);

export class Deduce {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.cells = [];
    this.loaded = false;
    const digit = $('deduce-digit');
    for (let d = 1; d <= 9; d++) digit.append(el('option', { value: String(d), text: String(d) }));
    $('btn-deduce').addEventListener('click', () => (this.open() ? this.close() : this.show()));
    $('deduce-close').addEventListener('click', () => this.close());
    $('deduce-add').addEventListener('click', () => this.addSelected());
    $('deduce-clear').addEventListener('click', () => { this.cells = []; this.drawCells(); });
    $('deduce-panel').addEventListener('submit', (e) => {
      e.preventDefault();
      this.check();
    });
  }

  open() {
    return !$('deduce-panel').hidden;
  }

  async show() {
    if (!this.ctrl.game) return;
    $('deduce-panel').hidden = false;
    $('btn-deduce').setAttribute('aria-expanded', 'true');
    document.body.classList.add('coach-open');
    if (!this.loaded) {
      try {
        const { techniques } = await api.learn();
        $('deduce-technique').replaceChildren(...techniques.map((t) => el('option', { value: t.code, text: t.name })));
        this.loaded = true;
      } catch (e) {
        $('deduce-verdict').textContent = e.message;
      }
    }
    $('deduce-technique').focus();
  }

  close() {
    $('deduce-panel').hidden = true;
    $('btn-deduce').setAttribute('aria-expanded', 'false');
    if ($('hint-panel').hidden && $('bot-bar').hidden) document.body.classList.remove('coach-open');
    this.ctrl.hintView = null;
    this.ctrl.render();
  }

  addSelected() {
    const i = this.ctrl.selected;
    if (i == null) {
      $('deduce-verdict').textContent = 'Select a cell on the board first.';
      return;
    }
    if (!this.cells.includes(i)) this.cells.push(i);
    this.drawCells();
  }

  drawCells() {
    $('deduce-cells').replaceChildren(...this.cells.map((i) => el('li', {},
      el('button', {
        type: 'button',
        class: 'chip',
        'aria-label': `Remove ${cellName(i)}`,
        onclick: () => { this.cells = this.cells.filter((c) => c !== i); this.drawCells(); },
      }, cellName(i), el('span', { 'aria-hidden': 'true', text: ' ×' })))));
    this.ctrl.hintView = { area: new Set(), cells: new Set(this.cells), cands: new Map(), bad: new Set() };
    this.ctrl.render();
  }

  async check() {
    const ctrl = this.ctrl;
    if (!ctrl.game) return;
    const d = $('deduce-digit').value;
    const claim = { technique: $('deduce-technique').value, cells: this.cells, digits: d ? [Number(d)] : [] };
    const out = $('deduce-verdict');
    const go = $('deduce-go');
    // One check at a time: a hard claim can take the engine seconds (up to its deadline), and
    // a second click would only queue behind the first and be told the server is busy.
    if (go.disabled) return;
    out.className = 'deduce-verdict';
    if (!(await ctrl.settled('Checking a step'))) return;
    go.disabled = true;
    go.setAttribute('aria-busy', 'true');
    out.textContent = 'Checking…';
    try {
      const v = await api.checkStep(ctrl.game.id, claim, ctrl.game.version);
      if (v.outcome === 'valid') {
        // The engine's reason names the step found (technique, digits, houses, cells) and what
        // it removes or places, then explains it.
        out.textContent = `Valid: ${v.reason}`;
        out.classList.add('good');
        ctrl.hintView = stepHighlight(v.step, v.candidates, 3, ctrl.layout);
      } else if (v.outcome === 'removes_nothing') {
        out.textContent = `The pattern is there, but it removes nothing here. ${v.reason}`;
        ctrl.hintView = v.step ? stepHighlight(v.step, v.candidates, 2, ctrl.layout) : null;
      } else {
        out.textContent = `Not valid: ${v.reason}`;
        out.classList.add('bad');
        ctrl.hintView = { area: new Set(), cells: new Set(), cands: new Map(), bad: new Set(this.cells) };
      }
    } catch (e) {
      out.textContent = e.message;
      out.classList.add('bad');
    } finally {
      go.disabled = false;
      go.removeAttribute('aria-busy');
    }
    ctrl.render();
  }
}
