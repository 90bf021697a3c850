// What the player has learnt, kept in this browser: the techniques they used without a hint
// (marked in the Learn view) and, per game, the techniques a hint or the bot showed them.

const FOUND_KEY = 'nonet-found';

/** The names of the techniques the player has used without a hint. */
export function foundTechniques() {
  try {
    const v = JSON.parse(localStorage.getItem(FOUND_KEY) ?? '[]');
    return new Set(Array.isArray(v) ? v : []);
  } catch {
    return new Set();
  }
}

/** Records technique names the player used without a hint. */
export function recordFound(names) {
  const all = foundTechniques();
  for (const n of names) all.add(n);
  localStorage.setItem(FOUND_KEY, JSON.stringify([...all].sort()));
}

const HELPED_KEY = 'nonet-helped';

function helpedAll() {
  try {
    const v = JSON.parse(localStorage.getItem(HELPED_KEY) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** Notes that a hint or the bot showed technique `name` in game `id`. */
export function noteHelped(id, name) {
  const all = helpedAll();
  const list = new Set(all[id] ?? []);
  if (list.has(name)) return;
  list.add(name);
  all[id] = [...list];
  localStorage.setItem(HELPED_KEY, JSON.stringify(all));
}

/** The techniques a hint or the bot showed in game `id`. */
export function helpedIn(id) {
  return new Set(helpedAll()[id] ?? []);
}

