// Small helpers shared by the page's modules. (The board's geometry, which houses there are and
// which cells they hold, is not here: it comes from the server with each game, see layout.js.)

/** Row (0-8) of a cell index. */
export const rowOf = (i) => Math.floor(i / 9);
/** Column (0-8) of a cell index. */
export const colOf = (i) => i % 9;
/** The name players read, e.g. r3c7. */
export const cellName = (i) => `r${rowOf(i) + 1}c${colOf(i) + 1}`;

/** 0:07, 12:34, 1:02:03. */
export function formatTime(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A readable date for the game list. */
export function formatDate(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Creates an element with attributes and children (strings become text, never HTML). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A small drawing of a board (81-char string) for the game list, as an SVG element, with a line
 * wherever two neighbouring cells lie in different boxes or regions (`boxes`: 81 digits 1-9).
 */
export function thumbnail(line, puzzle, boxes) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 90 90');
  svg.setAttribute('class', 'thumb');
  svg.setAttribute('aria-hidden', 'true');
  const bg = document.createElementNS(ns, 'rect');
  Object.entries({ width: 90, height: 90, rx: 6, fill: 'var(--bg)', stroke: 'var(--line)', 'stroke-width': 2 })
    .forEach(([k, v]) => bg.setAttribute(k, v));
  svg.append(bg);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.' || line[i] === '0') continue;
    const r = document.createElementNS(ns, 'rect');
    const given = puzzle[i] !== '.' && puzzle[i] !== '0';
    Object.entries({
      x: colOf(i) * 10 + 1.5, y: rowOf(i) * 10 + 1.5, width: 7, height: 7, rx: 1.5,
      fill: given ? 'var(--ink)' : 'var(--player)', opacity: given ? 0.85 : 0.7,
    }).forEach(([k, v]) => r.setAttribute(k, v));
    svg.append(r);
  }
  const edges = [];
  for (let i = 0; i < 81; i++) {
    const [x, y] = [colOf(i) * 10, rowOf(i) * 10];
    if (colOf(i) < 8 && boxes[i] !== boxes[i + 1]) edges.push(`M${x + 10} ${y}v10`);
    if (rowOf(i) < 8 && boxes[i] !== boxes[i + 9]) edges.push(`M${x} ${y + 10}h10`);
  }
  const path = document.createElementNS(ns, 'path');
  Object.entries({ d: edges.join(''), stroke: 'var(--line)', 'stroke-width': 1.5, 'stroke-linecap': 'square', fill: 'none' })
    .forEach(([k, v]) => path.setAttribute(k, v));
  svg.append(path);
  return svg;
}
