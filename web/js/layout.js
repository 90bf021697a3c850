// The board's geometry as the server sends it with each game (`game.layout`): its houses (rows,
// columns, boxes or a jigsaw's regions, X's diagonals, Windoku's windows) with their cells, and
// each cell's box or region. Peers, borders, tints, "may go here" and a hint's houses are all
// read from it: the page keeps no geometry of its own.

export class Layout {
  /** @param {{variant: string, regions: string|null, boxes: string, houses: {index: number, kind: string, cells: number[]}[]}} data */
  constructor(data) {
    this.variant = data.variant;
    this.regions = data.regions;
    this.houses = data.houses;
    /** Each cell's box or region, 0-8. */
    this.box = [...data.boxes].map((ch) => Number(ch) - 1);
    this.byIndex = new Map(data.houses.map((h) => [h.index, h]));
    this.peers = Array.from({ length: 81 }, () => new Set());
    for (const h of data.houses) {
      for (const a of h.cells) for (const b of h.cells) if (a !== b) this.peers[a].add(b);
    }
    this.jigsaw = data.houses.some((h) => h.kind === 'region');
    this.diagonals = data.houses.filter((h) => h.kind === 'diagonal');
    this.windowCells = new Set(data.houses.filter((h) => h.kind === 'window').flatMap((h) => h.cells));
  }

  /** The same layout as `data` (a game's layout JSON) describes. */
  sameAs(data) {
    return data.variant === this.variant && data.regions === this.regions && data.houses.length === this.houses.length;
  }

  /** Whether two different cells share a house. */
  arePeers(a, b) {
    return this.peers[a].has(b);
  }

  /** The cells of house `index` (as steps and clashes name houses); empty if the layout has none. */
  cells(index) {
    return this.byIndex.get(index)?.cells ?? [];
  }

  /** Whether `d` may still go in empty cell `i` of `values` (81 digits or nulls): no peer holds it. */
  canGo(values, i, d) {
    for (const j of this.peers[i]) if (values[j] === d) return false;
    return true;
  }

  /** Whether a thick border goes right of cell `i` (a box or region ends there). */
  edgeRight(i) {
    return i % 9 < 8 && this.box[i] !== this.box[i + 1];
  }

  /** Whether a thick border goes below cell `i`. */
  edgeBelow(i) {
    return i < 72 && this.box[i] !== this.box[i + 9];
  }
}

const WORDS = { jigsaw: 'Jigsaw', x: 'X', windoku: 'Windoku' };

/** "Jigsaw", "X", "Jigsaw + Windoku"...; '' for standard. */
export function variantTitle(variant) {
  if (!variant || variant === 'standard') return '';
  return variant.split(',').map((w) => WORDS[w] ?? w).join(' + ');
}
