// The daily puzzle: one per level per day, made by the server from a seed derived from the date
// (the same puzzle for everyone on that date, and the same game each time it is opened here).
// Its address is #/daily/DATE (the new-game dialog on that day's levels) or #/daily/DATE/LEVEL.

import { el } from './util.js';

const $ = (id) => document.getElementById(id);

/** Today's date in the player's own calendar, `YYYY-MM-DD`. */
export function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** `YYYY-MM-DD` as the player reads it, e.g. "26 November 2026". */
export function readable(date) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The address of the daily puzzle of `date` (at `level`, if given). */
export function dailyHash(date, level) {
  return `#/daily/${date}${level ? `/${level}` : ''}`;
}

/** Reads `#/daily/DATE` or `#/daily/DATE/LEVEL`; null for any other address. */
export function parseDailyHash(hash) {
  const m = /^#\/daily\/(\d{4}-\d{2}-\d{2})(?:\/([a-z]+))?$/.exec(hash);
  return m ? { date: m[1], level: m[2] ?? null } : null;
}

/**
 * The daily section of the new-game dialog: one button per level for `date`; `play(date,
 * level, button)` opens that game.
 */
export function fillDaily(levels, date, play) {
  $('daily-date').textContent = readable(date);
  $('daily-box').dataset.date = date;
  $('daily-grid').replaceChildren(...levels.map((name) => {
    const b = el('button', { type: 'button', class: 'btn daily-btn', 'data-level': name, text: name[0].toUpperCase() + name.slice(1) });
    b.addEventListener('click', () => play(date, name, b));
    return b;
  }));
}
