// A small read-only board for the Learn view's worked examples and the solving path: a
// position (placed digits, candidates at their fixed places in a 3x3 mini-grid) with one
// step's pattern drawn on it from the step's own data. It is an image to screen readers, named
// by the step's sentence.

import { el } from './util.js';

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
  const board = el('div', { class: 'mini', role: 'img', 'aria-label': label ?? 'Example board' });
  for (let i = 0; i < 81; i++) {
    const cls = ['mc'];
    if (layout.edgeRight(i)) cls.push('edge-r');
    if (layout.edgeBelow(i)) cls.push('edge-b');
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
  return board;
}
