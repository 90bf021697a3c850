// The player's settings (input order, auto-remove marks, same-digit highlight, conflicts, check
// as you go, timer, mark size), remembered in this browser's localStorage, and the settings
// dialog that edits them. Modules read `settings` and hear of changes through `onSettings`.

import { radioGroup } from './a11y.js';

const KEY = 'nonet-settings';

/** Every setting with its default. */
export const DEFAULTS = Object.freeze({
  /** 'cell': pick a cell, then a digit; 'digit': pick a digit, then tap cells. */
  order: 'cell',
  /** A placed digit leaves its peers' candidates and marks. */
  tidy: true,
  /** Cells holding the selected digit (and its candidates) are highlighted. */
  sameDigit: true,
  /** Digits that break a rule are shown as such. */
  conflicts: true,
  /** Every digit is checked against the solution as it is placed. */
  checkAsYouGo: false,
  /** The timer is shown (it runs either way). */
  timer: true,
  /** Size of candidates and pencil marks: 'small', 'medium' or 'large'. */
  markSize: 'medium',
});

const CHOICES = { order: ['cell', 'digit'], markSize: ['small', 'medium', 'large'] };

function valid(key, value) {
  if (!(key in DEFAULTS)) return false;
  if (CHOICES[key]) return CHOICES[key].includes(value);
  return typeof value === 'boolean';
}

function load() {
  const out = { ...DEFAULTS };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    for (const [k, v] of Object.entries(saved ?? {})) if (valid(k, v)) out[k] = v;
  } catch { /* a damaged entry: the defaults */ }
  return out;
}

/** The settings now (read-only for callers: change them with `setSetting`). */
export const settings = load();
const listeners = [];

/** Calls `fn(settings, key)` after every change (and once now, with key null). */
export function onSettings(fn) {
  listeners.push(fn);
  fn(settings, null);
}

/** Changes one setting, remembers it, tells the listeners. Unknown keys or values are ignored. */
export function setSetting(key, value) {
  if (!valid(key, value) || settings[key] === value) return;
  settings[key] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch { /* storage full or off: the setting holds for this page */ }
  for (const fn of listeners) fn(settings, key);
}

/** Wires the settings dialog (`#dlg-settings`) and its button (`#btn-settings`). */
export function initSettingsPanel() {
  const dlg = document.getElementById('dlg-settings');
  const open = document.getElementById('btn-settings');
  if (!dlg || !open) return;
  open.addEventListener('click', () => {
    fill();
    dlg.showModal();
  });
  const boxes = [...dlg.querySelectorAll('input[type="checkbox"][data-setting]')];
  for (const box of boxes) box.addEventListener('change', () => setSetting(box.dataset.setting, box.checked));
  const syncs = [];
  for (const group of dlg.querySelectorAll('[role="radiogroup"][data-setting]')) {
    const key = group.dataset.setting;
    const pick = (b) => {
      for (const r of group.querySelectorAll('[role="radio"]')) r.setAttribute('aria-checked', String(r === b));
      setSetting(key, b.dataset.value);
    };
    syncs.push(radioGroup(group, pick));
  }
  function fill() {
    for (const box of boxes) box.checked = settings[box.dataset.setting];
    for (const group of dlg.querySelectorAll('[role="radiogroup"][data-setting]')) {
      for (const r of group.querySelectorAll('[role="radio"]')) {
        r.setAttribute('aria-checked', String(settings[group.dataset.setting] === r.dataset.value));
      }
    }
    for (const s of syncs) s();
  }
  fill();
}
