// A step as the page shows it: its sentence and the board highlights drawn from its data (the
// hint panel, the bot, the deduction check).

/** Highlights of nothing. */
export const NO_VIEW = () => ({ area: new Set(), cells: new Set(), cands: new Map(), bad: new Set() });

/** The sentence of a step: the plain one when the step has it, else its explanation. */
export const sentence = (s) => s.text ?? s.explanation;

/**
 * Highlights for a step at `level` (2: its area, 3: the move, pattern and chain) on a board
 * whose candidates are `candidates` (81 lists).
 */
export function stepHighlight(step, candidates, level, layout) {
  const area = new Set();
  const cells = new Set(step.cells);
  for (const h of step.houses) for (const c of layout.cells(h.index)) area.add(c);
  const cands = new Map();
  if (level >= 3) {
    const touch = new Set([...step.cells, ...step.eliminations.map((x) => x.cell), ...step.placements.map((x) => x.cell)]);
    for (const branch of step.chain?.branches ?? []) {
      for (const link of branch) for (const c of [...link.from.cells, ...link.to.cells]) touch.add(c);
    }
    const pick = (list, c) => list.filter((x) => x.cell === c).map((x) => x.digit);
    for (const c of touch) {
      cands.set(c, {
        digits: candidates?.[c] ?? [],
        pat: pick(step.pattern, c),
        sec: pick(step.secondary, c),
        elim: pick(step.eliminations, c),
        place: pick(step.placements, c),
      });
    }
  }
  return { area, cells: level >= 2 ? cells : new Set(), cands, bad: new Set(), chain: level >= 3 ? step.chain : null };
}


/**
 * The candidates of every cell of `cells` (a game's cells) on `layout`: the player's own marks
 * (`candidates`, else centre marks) when every empty cell has some, else every digit no peer
 * holds.
 */
export function positionOf(cells, layout) {
  const values = cells.map((c) => c.value ?? null);
  const marks = (c) => (c.candidates?.length ? c.candidates : c.centre ?? []);
  const own = cells.every((c) => c.value || marks(c).length);
  return cells.map((c, i) => {
    if (c.value) return [];
    if (own) return marks(c).filter((d) => layout.canGo(values, i, d));
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => layout.canGo(values, i, d));
  });
}

/**
 * Why `d` in cell `i` follows by a single from `cells` on `layout` ("naked single", "hidden
 * single in row 3"), or `null` when no single gives it.
 */
export function singleReason(cells, layout, i, d) {
  const cands = positionOf(cells, layout);
  if (!cands[i].includes(d)) return null;
  if (cands[i].length === 1) return 'naked single';
  for (const h of layout.houses) {
    if (!h.cells.includes(i)) continue;
    if (h.cells.every((j) => j === i || !cands[j].includes(d))) return `hidden single in a ${h.kind}`;
  }
  return null;
}
