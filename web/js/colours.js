// Cell colouring: a small palette the player paints cells with (for colouring chains, pairs or
// regions of interest). Okabe-Ito hues, which stay apart under the common colour-vision
// deficiencies; each is mixed into the theme's surface so digits keep their contrast. Colours
// belong to the player's view of one game and are kept in this browser (localStorage, per game),
// so they survive a reload.

/** Colour 1-6 as said to screen readers and shown in the pad's labels. */
export const COLOUR_NAMES = ['', 'orange', 'sky blue', 'green', 'yellow', 'vermillion', 'purple'];
/** How many colours the palette holds. */
export const COLOURS = COLOUR_NAMES.length - 1;

const key = (gameId) => `nonet-colours-${gameId}`;

/** The colours of game `gameId`: 81 numbers, 0 for none. */
export function loadColours(gameId) {
  try {
    const saved = JSON.parse(localStorage.getItem(key(gameId)) ?? 'null');
    if (Array.isArray(saved) && saved.length === 81 && saved.every((c) => Number.isInteger(c) && c >= 0 && c <= COLOURS)) {
      return saved;
    }
  } catch { /* damaged: none */ }
  return Array(81).fill(0);
}

/** Remembers the colours of game `gameId` (forgets them when none is left). */
export function saveColours(gameId, colours) {
  try {
    if (colours.every((c) => c === 0)) localStorage.removeItem(key(gameId));
    else localStorage.setItem(key(gameId), JSON.stringify(colours));
  } catch { /* storage off: the colours hold for this page */ }
}

/**
 * Paints `cells` with `colour` in `colours` (in place): if every one of them has it already,
 * it comes off all of them (a toggle, as pencil marks do); `colour` 0 clears them.
 */
export function paint(colours, cells, colour) {
  const off = colour === 0 || cells.every((i) => colours[i] === colour);
  for (const i of cells) colours[i] = off ? 0 : colour;
}
