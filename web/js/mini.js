// A small read-only board for the Learn view's worked examples and the solving path: a
// position (placed digits, candidates at their fixed places in a 3x3 mini-grid) with one
// step's pattern drawn on it from the step's own data, on the layout drawn as the board draws
// it (thick borders where boxes or a jigsaw's regions meet, the regions' tints, Windoku's
// windows, X's diagonals). It is an image to screen readers, named by the step's sentence.

import { drawDiagonals } from './board.js';
import { el } from './util.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The board of `grid` (81 characters, `.` empty) with `candidates` (81 lists) and `step`'s
 * pattern, on `layout` (a `Layout` of the server's data: the game's, or the one a Learn example
 * carries); `givens` (81 characters) tells givens from digits placed since.
 */
export function miniBoard({ grid, candidates, step, givens = '', layout, label }) {
  const area = new Set();
  for (const h of step?.houses ?? []) for (const c of layout.cells(h.index)) area.add(c);
  const mark = new Map();
  const add = (list, kind) => {
    for (const x of list ?? []) mark.set(`${x.cell}:${x.digit}`, kind);
  };
  add(step?.pattern, 'pat');
  add(step?.secondary, 'sec');
  add(step?.eliminations, 'elim');
  add(step?.placements, 'place');
  const cells = new Set(step?.cells ?? []);
  const board = el('div', { class: 'mini', role: 'img', 'aria-label': label ?? 'Example board', 'data-variant': layout.variant });
  for (let i = 0; i < 81; i++) {
    const cls = ['mc'];
    if (layout.edgeRight(i)) cls.push('edge-r');
    if (layout.edgeBelow(i)) cls.push('edge-b');
    if (layout.jigsaw) cls.push(`tint-${layout.box[i]}`);
    if (layout.windowCells.has(i)) cls.push('win');
    if (area.has(i)) cls.push('area');
    if (cells.has(i)) cls.push('in-step');
    const cell = el('div', { class: cls.join(' ') });
    if (grid[i] !== '.') {
      cell.append(el('span', { class: givens[i] && givens[i] !== '.' ? 'v given' : 'v', text: grid[i] }));
    } else {
      const box = el('div', { class: 'mcands' });
      const have = new Set(candidates?.[i] ?? []);
      for (let d = 1; d <= 9; d++) {
        const kind = mark.get(`${i}:${d}`);
        box.append(el('span', { class: kind ?? '', text: have.has(d) ? String(d) : '' }));
      }
      cell.append(box);
    }
    board.append(cell);
  }
  // The diagonals over the cells, after them (the cells' borders are chosen by their place
  // among the board's children).
  if (layout.diagonals.length) {
    const svg = document.createElementNS(SVG, 'svg');
    for (const [k, v] of Object.entries({ class: 'mini-diagonals', viewBox: '0 0 900 900', preserveAspectRatio: 'none', 'aria-hidden': 'true' })) svg.setAttribute(k, v);
    drawDiagonals(svg, layout);
    board.append(svg);
  }
  return board;
}
