// "Practice this" in the Learn view: three puzzles the server's generator makes to need the
// technique and nothing harder (new ones on every visit, and on "New puzzles"), each playable
// from its givens or as a drill, a game that starts from the pencil marks just before the
// technique's step. When the generator cannot aim at the technique, or does not make them in
// time, the server sends the stock's puzzles and a note saying so, shown as it is; when the
// server cannot be asked at all, the stock's puzzles the technique came with are offered.

import { api } from './api.js';
import { el } from './util.js';

/** The practice request under way, if any. */
let inflight = null;

/** Drops the practice request under way (the Learn view was closed). */
export function stopPractice() {
  inflight?.abort();
  inflight = null;
}

/**
 * The practice section of technique `t` (as `GET /api/learn/{code}` gives it), filled once the
 * server has made the puzzles. `start(body)` starts a game (`{ puzzle }` or `{ puzzle, pencil }`).
 */
export function practiceSection(t, start) {
  const status = el('p', { class: 'practice-status', role: 'status' });
  const list = el('div', { class: 'learn-practice' });
  // Kept across reloads (not redrawn), so its focus stays put after a click.
  const more = el('button', { type: 'button', class: 'btn practice-more', hidden: true, onclick: () => load() }, 'New puzzles');
  const section = el('section', { class: 'practice', 'aria-labelledby': 'practice-title' },
    el('h4', { id: 'practice-title', text: 'Practice this' }), status, list, more);
  const load = async () => {
    // One request at a time: the one for the technique shown before is dropped, which stops
    // its generation on the server.
    inflight?.abort();
    const mine = new AbortController();
    inflight = mine;
    status.textContent = `Making three puzzles that need ${article(t.name)} ${t.name}…`;
    list.replaceChildren();
    let p;
    try {
      p = await api.learnPractice(t.code, mine.signal);
    } catch (e) {
      if (mine.signal.aborted) return;
      // The page never stops at an error here: the stock's puzzles still make practice.
      p = {
        generated: 0,
        seed: null,
        note: `The generator could not be asked (${e.said ?? e.message}): these come from the stock.`,
        puzzles: t.practice.map((puzzle) => ({ puzzle, source: 'stock', drill: null })),
      };
    }
    if (mine.signal.aborted) return;
    inflight = null;
    render(p);
  };
  const render = (p) => {
    status.textContent = p.note
      ?? `Made for you just now: each needs ${article(t.name)} ${t.name} and nothing harder.`;
    status.classList.toggle('practice-note', p.note != null);
    const rows = p.puzzles.map((q, k) => el('div', { class: 'practice-row' },
      el('button', {
        type: 'button',
        class: 'btn practice-puzzle',
        'data-puzzle': q.puzzle,
        'data-source': q.source,
        onclick: () => start({ puzzle: q.puzzle }),
      }, `Puzzle ${k + 1}`),
      q.drill ? el('button', {
        type: 'button',
        class: 'btn practice-drill',
        'data-puzzle': q.puzzle,
        title: `Starts after ${q.drill.index} steps of the path, with the pencil marks just before the ${q.drill.technique}`,
        onclick: () => start({ puzzle: q.puzzle, pencil: q.drill.pencil }),
      }, `Drill ${k + 1}`) : null));
    list.replaceChildren(...rows);
    if (p.puzzles.some((q) => q.drill)) {
      list.append(el('p', { class: 'practice-help', text: `A drill starts with the pencil marks just before the ${t.name}: find it.` }));
    }
    more.hidden = p.seed == null;
  };
  load();
  return section;
}

/** "a" or "an" before a technique's name (an X-Wing, an AIC, a Unique Rectangle, a W-Wing). */
function article(name) {
  return /^[AEIOX]/.test(name) ? 'an' : 'a';
}
