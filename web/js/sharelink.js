// A game's progress (digits and pencil marks) carried by a share link, and turned back into the
// pencil-mark grid the server imports (crates/game/src/progress.rs): the same text the share
// dialog exports, which `nonet explain -` reads too.
//
// In a link the progress is one token per cell, joined by `-`: `=4` a digit the player placed,
// `26` the cell's candidates, nothing for a given or an empty cell without any. Centre and corner
// marks, the player's own notation, are not carried (the grid has no place for them).

/** The link segment of the progress of game view `g`, or '' when there is none. */
export function progressCode(g) {
  const tokens = g.cells.map((c) => {
    if (c.origin === 'given') return '';
    if (c.value) return `=${c.value}`;
    return (c.candidates ?? []).join('');
  });
  return tokens.some((t) => t) ? tokens.join('-') : '';
}

/**
 * The pencil-mark grid (with its `# nonet progress` and `# nonet marked` lines) of a link's
 * progress `code` on `puzzle` (81 characters); null if the code is not one.
 */
export function progressGrid(code, puzzle) {
  const tokens = code.split('-');
  if (tokens.length !== 81 || !tokens.every((t) => /^(=[1-9]|[1-9]*)$/.test(t))) return null;
  const given = (i) => /[1-9]/.test(puzzle[i]);
  const digits = tokens.map((t, i) => (given(i) ? puzzle[i] : t.startsWith('=') ? t[1] : '.'));
  const marked = tokens.map((t, i) => (!given(i) && t && !t.startsWith('=') ? '1' : '0'));
  const cells = tokens.map((t, i) => {
    if (given(i) || t.startsWith('=')) return digits[i];
    return t || '0';
  });
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(cells.slice(r * 9, r * 9 + 9).join(' '));
  return [`# nonet progress: ${digits.join('')}`, `# nonet marked: ${marked.join('')}`, ...rows].join('\n');
}
