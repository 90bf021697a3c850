// Accessibility helpers shared by the page's modules: a live region to announce what happens
// away from the focus (hints, bot steps, a puzzle's verdict), and the keyboard model of a radio
// group (one tab stop, arrow keys move and pick) for groups of role="radio" buttons.

let polite = null;
let assertive = null;

/** The two visually hidden live regions, made once and kept at the end of <body>. */
function regions() {
  if (!polite) {
    polite = document.createElement('div');
    polite.id = 'sr-polite';
    polite.className = 'sr-only';
    polite.setAttribute('role', 'status');
    polite.setAttribute('aria-live', 'polite');
    polite.setAttribute('aria-atomic', 'true');
    assertive = document.createElement('div');
    assertive.id = 'sr-assertive';
    assertive.className = 'sr-only';
    assertive.setAttribute('role', 'alert');
    assertive.setAttribute('aria-atomic', 'true');
    document.body.append(polite, assertive);
  }
  return { polite, assertive };
}

// A live region must exist before its text changes for screen readers to notice the change.
if (typeof document !== 'undefined' && document.body) regions();
else if (typeof document !== 'undefined') document.addEventListener('DOMContentLoaded', regions, { once: true });

/**
 * Says `text` to screen-reader users without moving focus: politely (after what is being read)
 * or, with `assertive`, at once. The same text twice in a row is said twice: the region is
 * emptied first and refilled on the next frame, which readers take as a change.
 */
export function announce(text, { assertive: urgent = false } = {}) {
  if (!text) return;
  const r = regions();
  const region = urgent ? r.assertive : r.polite;
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

/**
 * Gives a group of role="radio" buttons the keyboard of a radio group: only the checked one is
 * in the tab order, arrow keys (and Home/End) move to the next one and pick it.
 * `pick(button)` is called with the button picked (by click or key); it sets aria-checked.
 */
export function radioGroup(group, pick) {
  const radios = () => [...group.querySelectorAll('[role="radio"]')].filter((b) => !b.hidden && !b.disabled);
  const sync = () => {
    const all = radios();
    const on = all.find((b) => b.getAttribute('aria-checked') === 'true') ?? all[0];
    for (const b of all) b.tabIndex = b === on ? 0 : -1;
  };
  group.addEventListener('click', (e) => {
    const b = e.target.closest('[role="radio"]');
    if (!b || !group.contains(b)) return;
    pick(b);
    sync();
  });
  group.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const all = radios();
    const at = all.indexOf(e.target.closest('[role="radio"]'));
    if (at < 0) return;
    let next = null;
    if (step) next = all[(at + step + all.length) % all.length];
    else if (e.key === 'Home') next = all[0];
    else if (e.key === 'End') next = all[all.length - 1];
    if (!next) return;
    e.preventDefault();
    pick(next);
    sync();
    next.focus();
  });
  sync();
  return sync;
}
