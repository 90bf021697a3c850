// The board: an ARIA grid of 81 cells with a roving tabindex. It draws what it is given
// (values, candidates at their fixed places in a 3x3 mini-grid, the player's centre and corner
// marks, cell colours, highlights, and the layout: thick borders where boxes or a jigsaw's
// regions meet, a region tint, X's diagonals, Windoku's windows) and reports clicks (with Shift
// or Ctrl to add a cell to the selection), drags across cells, right clicks and focus; it owns
// no game state.
//
// An empty cell shows one layer of marks at a time, so that nothing overlaps: its candidates,
// or the player's centre and corner notation. Candidates win, except while the player writes
// centre or corner marks (`notation`); a cell holding both layers gets a small flag saying the
// other one is there, and its label names both.

import { rowOf, colOf } from './util.js';
import { COLOUR_NAMES } from './colours.js';
import { variantTitle } from './layout.js';

const SVG = 'http://www.w3.org/2000/svg';

export class BoardView {
  /**
   * @param {HTMLElement} root the element with role="grid"
   * @param {{select(i:number, fromPointer:boolean, how?:string):void, clear(i:number):void}} handlers
   *   `how` is 'add' (Shift or Ctrl held: the cell joins the selection) or 'drag' (the pointer,
   *   held down, moved onto the cell).
   */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.cells = [];
    this.layout = null;
    /** Per cell, the classes the layout gives it (borders, tint, window). */
    this.layoutClass = Array(81).fill('');
    root.replaceChildren();
    for (let r = 0; r < 9; r++) {
      const row = document.createElement('div');
      row.className = 'board-row';
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(r + 1));
      row.dataset.r = String(r);
      for (let c = 0; c < 9; c++) {
        const i = r * 9 + c;
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        cell.setAttribute('aria-selected', 'false');
        cell.tabIndex = i === 0 ? 0 : -1;
        cell.dataset.i = String(i);
        cell.dataset.c = String(c);
        cell.id = `cell-${i}`;
        row.append(cell);
        this.cells.push(cell);
      }
      root.append(row);
    }
    // Pointer events cover mouse, pen and touch alike. A drag (button or finger held down)
    // across cells selects each cell it crosses; touch keeps delivering moves to the first
    // target, so the cell under the pointer is found from its position.
    let dragging = null;
    root.addEventListener('pointerdown', (e) => {
      this.lastPointer = e.pointerType;
      const cell = e.target.closest('.cell');
      if (!cell || e.button === 2) return;
      const i = Number(cell.dataset.i);
      dragging = i;
      handlers.select(i, true, e.shiftKey || e.ctrlKey || e.metaKey ? 'add' : undefined);
    });
    root.addEventListener('pointermove', (e) => {
      if (dragging == null || !e.buttons) return;
      const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest?.('.cell');
      if (!cell || !root.contains(cell)) return;
      const i = Number(cell.dataset.i);
      if (i === dragging) return;
      dragging = i;
      handlers.select(i, true, 'drag');
    });
    const stop = () => { dragging = null; };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    root.addEventListener('contextmenu', (e) => {
      const cell = e.target.closest('.cell');
      if (!cell) return;
      e.preventDefault();
      const i = Number(cell.dataset.i);
      handlers.select(i, true);
      // A long press on a touch screen fires contextmenu too: it selects, it never erases.
      const touch = this.lastPointer === 'touch' || this.lastPointer === 'pen' || e.sourceCapabilities?.firesTouchEvents;
      if (!touch) handlers.clear(i);
    });
    root.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.cell');
      if (cell) handlers.select(Number(cell.dataset.i), false);
    });
  }

  /**
   * Draws a chain's links over the board: strong links solid, weak links dashed, each node
   * circled green (true) or vermillion (false). `null` clears it.
   */
  drawChain(chain) {
    const svg = document.getElementById('chain-layer');
    if (!svg) return;
    svg.replaceChildren();
    if (!chain) return;
    const ns = 'http://www.w3.org/2000/svg';
    const pos = (node) => {
      // The centre of the node's candidate(s) in the 3x3 candidate grid of each cell.
      let x = 0;
      let y = 0;
      for (const c of node.cells) {
        const d = node.digit - 1;
        x += (c % 9) * 100 + 4 + (92 * ((d % 3) + 0.5)) / 3;
        y += Math.floor(c / 9) * 100 + 4 + (92 * (Math.floor(d / 3) + 0.5)) / 3;
      }
      return [x / node.cells.length, y / node.cells.length];
    };
    const seen = new Set();
    const mk = (tag, attrs) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      svg.append(e);
    };
    for (const branch of chain.branches) {
      for (const link of branch) {
        const [x1, y1] = pos(link.from);
        const [x2, y2] = pos(link.to);
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const k = Math.min(12, len / 3) / len;
        mk('line', {
          x1: x1 + (x2 - x1) * k, y1: y1 + (y2 - y1) * k,
          x2: x2 - (x2 - x1) * k, y2: y2 - (y2 - y1) * k,
          class: link.strong ? 'strong' : 'weak',
        });
        for (const n of [link.from, link.to]) {
          const key = `${n.cells.join('.')}:${n.digit}:${n.on}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const [cx, cy] = pos(n);
          mk('circle', { cx, cy, r: 13, class: n.on ? 'on' : 'off' });
        }
      }
    }
  }

  /**
   * Takes the game's layout (a `Layout`): which cell edges are thick, the regions' tints, the
   * windows' shading, the diagonals' lines, and what the grid is called.
   */
  setLayout(layout) {
    if (this.layout === layout) return;
    this.layout = layout;
    for (let i = 0; i < 81; i++) {
      const cls = [];
      if (layout.edgeRight(i)) cls.push('edge-r');
      if (layout.edgeBelow(i)) cls.push('edge-b');
      if (layout.jigsaw) cls.push(`tint-${layout.box[i]}`);
      if (layout.windowCells.has(i)) cls.push('win');
      this.layoutClass[i] = cls.join(' ');
    }
    this.root.dataset.variant = layout.variant;
    const name = layout.variant === 'standard' ? 'Sudoku board' : `${variantTitle(layout.variant)} Sudoku board`;
    this.root.setAttribute('aria-label', name);
    const svg = document.getElementById('variant-layer');
    if (svg) drawDiagonals(svg, layout);
  }

  /** Moves keyboard focus to cell `i`. */
  focus(i) {
    this.cells[i]?.focus({ preventScroll: true });
  }

  /** Draws the board (`v.peers` false: no peer shading, as while regions are drawn). */
  render(v) {
    const values = v.cells.map((c) => c.value);
    const clashCells = new Map(v.clashes.map((k) => [k.cell, k]));
    const clashWith = new Set();
    for (const k of v.clashes) {
      if (v.selected == null || k.cell === v.selected || k.other === v.selected) clashWith.add(k.other);
    }
    const digit = v.digit;
    const layout = this.layout;
    for (let i = 0; i < 81; i++) {
      const el = this.cells[i];
      const c = v.cells[i];
      const cls = ['cell'];
      if (this.layoutClass[i]) cls.push(this.layoutClass[i]);
      if (c.value) cls.push(c.origin);
      const sel = v.selected === i;
      const picked = sel || Boolean(v.multi?.has(i));
      if (sel) cls.push('selected');
      else if (picked) cls.push('picked');
      else if (v.peers !== false && v.selected != null && !v.multi?.size && layout.arePeers(i, v.selected)) cls.push('peer');
      if (v.same && c.value === v.same && !sel) cls.push('same');
      const colour = v.colours?.[i] ?? 0;
      if (colour) cls.push(`col-${colour}`);
      if (v.help && digit && !c.value && layout.canGo(values, i, digit)) cls.push('help');
      if (v.conflicts !== false && clashCells.has(i)) cls.push('clash');
      if (v.conflicts !== false && clashWith.has(i)) cls.push('clash-with');
      if (v.check) {
        if (v.check.right.has(i)) cls.push('right');
        if (v.check.wrong.has(i)) cls.push('wrong');
        if (v.check.marksWrong.has(i)) cls.push('marks-wrong');
      }
      const h = v.hint;
      if (h) {
        if (h.area.has(i)) cls.push('hint-area');
        if (h.cells.has(i)) cls.push('hint-cell');
        if (h.bad.has(i)) cls.push('wrong');
        if (h.cands.has(i) && !c.value) cls.push('has-cands');
      }
      if (v.flash?.has(i)) cls.push('flash');
      const className = cls.join(' ');
      if (el.className !== className) el.className = className;
      el.dataset.c = String(colOf(i));
      el.setAttribute('aria-selected', picked ? 'true' : 'false');
      el.tabIndex = (v.selected ?? 0) === i ? 0 : -1;

      // Contents: rebuild only when something visible changed.
      const cands = h?.cands.get(i);
      const own = c.candidates ?? [];
      const mark = v.same && (own.includes(v.same) || c.centre.includes(v.same) || c.corner.includes(v.same)) ? v.same : null;
      const key = JSON.stringify([c.value, own, c.centre, c.corner, cands && !c.value ? cands : null, mark, Boolean(v.notation)]);
      if (el.dataset.key !== key) {
        el.dataset.key = key;
        el.replaceChildren(...contents(c, !c.value ? cands : null, mark, v.notation));
      }
      el.setAttribute('aria-label', label(i, c, clashCells.get(i), v, cands, layout, colour));
    }
  }
}

/**
 * Draws `layout`'s diagonals (X's) as lines in `svg`, whose view is 900x900 over the 81 cells:
 * the board's layer and the small boards' (mini.js) alike. No diagonals: an empty `svg`.
 */
export function drawDiagonals(svg, layout) {
  svg.replaceChildren();
  for (const d of layout.diagonals) {
    const [a, b] = [d.cells[0], d.cells[8]];
    const line = document.createElementNS(SVG, 'line');
    // From the outer corner of the first cell to that of the last, in the 900x900 view.
    const x1 = colOf(a) < colOf(b) ? 0 : 900;
    for (const [k, v] of Object.entries({ x1, y1: 0, x2: 900 - x1, y2: 900 })) line.setAttribute(k, String(v));
    svg.append(line);
  }
}

/**
 * Appends `spans` to `parent` with a space between each two: the space is not drawn (the
 * containers are grids, flex boxes or positioned), but it makes the cell's text read as
 * separate digits ("2 6 8", not "268"), as its label says them (WCAG 2.5.3, label in name).
 */
function appendSpaced(parent, spans) {
  spans.forEach((s, n) => {
    if (n) parent.append(' ');
    parent.append(s);
  });
}

/** A span holding digit `d` (empty when null), marked `hl` when it is the highlighted digit. */
function digitSpan(d, mark, cls = '') {
  const s = document.createElement('span');
  if (d != null) s.textContent = String(d);
  const classes = [cls, d != null && d === mark ? 'hl' : ''].filter(Boolean).join(' ');
  if (classes) s.className = classes;
  return s;
}

/** The candidates `digits` at their fixed places: 1 top left ... 9 bottom right. */
function candidateGrid(digits, mark) {
  const g = document.createElement('span');
  g.className = 'cands own';
  const spans = [];
  for (let d = 1; d <= 9; d++) spans.push(digitSpan(digits.includes(d) ? d : null, mark));
  appendSpaced(g, spans);
  return g;
}

/** The player's notation: centre marks in a line (two when long), corner marks in the corners. */
function notation(c, mark) {
  const out = [];
  if (c.centre.length) {
    const m = document.createElement('span');
    m.className = c.centre.length > 5 ? 'centre many' : c.centre.length > 4 ? 'centre some' : 'centre';
    // Six or more marks go on two balanced lines rather than a long one and a stub.
    const half = c.centre.length > 5 ? Math.ceil(c.centre.length / 2) : 0;
    const spans = [];
    c.centre.forEach((d, n) => {
      if (half && n === half) {
        const brk = document.createElement('span');
        brk.className = 'brk';
        spans.push(brk);
      }
      spans.push(digitSpan(d, mark));
    });
    appendSpaced(m, spans);
    out.push(m);
  }
  if (c.corner.length) {
    const k = document.createElement('span');
    k.className = 'corner';
    appendSpaced(k, c.corner.map((d) => digitSpan(d, mark)));
    out.push(k);
  }
  // Centre and corner marks together read as one run ("3 1"), as the label says them first.
  return out.flatMap((e, n) => (n ? [' ', e] : [e]));
}

function contents(c, cands, mark, preferNotation) {
  const out = [];
  if (c.value) {
    const v = document.createElement('span');
    v.className = 'v';
    v.textContent = String(c.value);
    out.push(v);
    return out;
  }
  if (cands) {
    // A hint's or the bot's candidates, coloured by their part in the step.
    const g = document.createElement('span');
    g.className = 'cands';
    const spans = [];
    for (let d = 1; d <= 9; d++) {
      const s = document.createElement('span');
      if (cands.digits.includes(d)) {
        s.textContent = String(d);
        if (cands.place.includes(d)) s.className = 'place';
        else if (cands.elim.includes(d)) s.className = 'elim';
        else if (cands.sec.includes(d)) s.className = 'sec';
        else if (cands.pat.includes(d)) s.className = 'pat';
      }
      spans.push(s);
    }
    appendSpaced(g, spans);
    out.push(g);
    return out;
  }
  const own = c.candidates ?? [];
  const hasNotation = c.centre.length > 0 || c.corner.length > 0;
  const showNotation = hasNotation && (preferNotation || !own.length);
  if (showNotation) out.push(...notation(c, mark));
  else if (own.length) out.push(candidateGrid(own, mark));
  if (own.length && hasNotation) {
    // The layer not shown is still there: a small flag says so.
    const f = document.createElement('span');
    f.className = showNotation ? 'layer-flag cand-flag' : 'layer-flag note-flag';
    out.push(f);
  }
  return out;
}

function label(i, c, clash, v, cands, layout, colour) {
  const parts = [`row ${rowOf(i) + 1}, column ${colOf(i) + 1}`];
  // On a jigsaw the region is not where row and column put it: say which one it is, by the
  // label its map gave it (the hints name it so too).
  if (layout.jigsaw) parts.push(`region ${layout.regions?.[i] ?? layout.box[i] + 1}`);
  if (!c.value) {
    parts.push('empty');
    // The layer drawn comes first and names its digits in the order they are drawn, so the
    // label holds the cell's visible text (WCAG 2.5.3); the layer not drawn follows.
    const own = c.candidates ?? [];
    const centre = c.centre.join(' ');
    const corner = c.corner.join(' ');
    let marks = '';
    if (centre && corner) marks = `marks ${centre} ${corner}: centre ${centre}, corner ${corner}`;
    else if (centre) marks = `centre marks ${centre}`;
    else if (corner) marks = `corner marks ${corner}`;
    const candText = own.length ? `candidates ${own.join(' ')}` : '';
    if (cands) parts.push(`candidates ${cands.digits.join(' ')}`);
    else if (marks && (v.notation || !own.length)) parts.push(marks, candText);
    else parts.push(candText, marks);
  } else if (c.origin === 'given') {
    parts.push(`given ${c.value}`);
  } else if (c.origin === 'bot') {
    parts.push(`${c.value}, placed by the bot`);
  } else {
    parts.push(String(c.value));
  }
  if (colour) parts.push(`coloured ${COLOUR_NAMES[colour]}`);
  if (clash && v.conflicts !== false) parts.push(`breaks a rule: ${clash.message}`);
  if (v.check?.right.has(i)) parts.push('right');
  if (v.check?.wrong.has(i) || v.hint?.bad.has(i)) parts.push('wrong');
  if (v.hint?.area.has(i)) parts.push('part of the hint');
  if (cands && !c.value) {
    if (cands.place.length) parts.push(`hint places ${cands.place.join(' ')}`);
    if (cands.elim.length) parts.push(`hint removes ${cands.elim.join(' ')}`);
  }
  if (v.help && v.digit && !c.value && layout.canGo(v.cells.map((x) => x.value), i, v.digit)) parts.push(`${v.digit} may go here`);
  return parts.filter(Boolean).join(', ');
}
