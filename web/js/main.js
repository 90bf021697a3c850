// Entry point: builds the controller and dialogs, routes (#/game/ID, #/puzzle/LINE), the
// global keyboard shortcuts, the theme and printing.

import { api } from './api.js';
import { GameController } from './game.js';
import { Dialogs } from './dialogs.js';
import { Deduce } from './deduce.js';
import { Finish } from './finish.js';
import { Learn } from './learn.js';
import { PathView } from './path.js';
import { variantTitle } from './layout.js';

const $ = (id) => document.getElementById(id);

// ---- theme: automatic (follow the system), light or dark, remembered per browser ----
const THEMES = ['auto', 'light', 'dark'];
function applyTheme(t) {
  if (t === 'auto') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.dataset.theme = t;
  $('btn-theme').setAttribute('aria-label', `Colour theme: ${t === 'auto' ? 'automatic' : t}`);
}
let theme = localStorage.getItem('nonet-theme');
if (!THEMES.includes(theme)) theme = 'auto';
applyTheme(theme);
$('btn-theme').addEventListener('click', () => {
  theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
  localStorage.setItem('nonet-theme', theme);
  applyTheme(theme);
});

function title(g) {
  const what = g.source === 'custom' ? 'Own puzzle' : (g.level ?? 'Puzzle');
  const kind = variantTitle(g.layout.variant);
  const bits = [`${kind ? `${kind} · ` : ''}${what[0].toUpperCase()}${what.slice(1)}`];
  if (g.rating != null) bits.push(`rated ${g.rating.toFixed(1)}`);
  if (g.seed) bits.push(`seed ${g.seed}`);
  bits.push(`#${g.id}`);
  $('game-title').textContent = bits.join(' · ');
  $('print-title').textContent = `nonet · ${bits.join(' · ')}`;
  document.title = `nonet · ${bits[0]}`;
}

const controller = new GameController({
  onSolved: (g) => finish.show(g),
  onTitle: title,
});

async function openGame(id) {
  try {
    const g = await api.getGame(id);
    controller.load(g);
    history.replaceState(null, '', `#/game/${g.id}`);
    controller.board.focus(controller.selected ?? 0);
    return g;
  } catch (e) {
    controller.showEmpty(e.status === 404 ? 'That game does not exist.' : e.message);
    throw e;
  }
}

async function startGame(body) {
  const g = await api.createGame(body);
  controller.selected = null;
  controller.digit = null;
  controller.load(g);
  history.replaceState(null, '', `#/game/${g.id}`);
  controller.board.focus(0);
  return g;
}

// Deleting the game on screen (from the games list) leaves nothing to play: say so, and drop
// its address so a reload does not look for it.
function gameDeleted(id) {
  if (controller.game?.id !== id) return;
  controller.unload('That game was deleted. Pick a level or open another game.');
  $('game-title').textContent = '';
  document.title = 'nonet';
  history.replaceState(null, '', location.pathname + location.search);
}

const dialogs = new Dialogs({ openGame, startGame, gameDeleted });
const pathView = new PathView(controller);
const finish = new Finish({ startGame, pathView });
new Learn({ startGame });
new Deduce(controller);

$('btn-share').addEventListener('click', () => dialogs.showShare(controller.game));
$('btn-print').addEventListener('click', () => window.print());

// ---- keys that work anywhere outside text fields and dialogs ----
document.addEventListener('keydown', (e) => {
  if (document.querySelector('dialog[open]')) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  const k = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && k === 'z') {
    e.preventDefault();
    controller.history(e.shiftKey ? 'redo' : 'undo');
  } else if ((e.ctrlKey || e.metaKey) && k === 'y') {
    e.preventDefault();
    controller.history('redo');
  } else if (e.ctrlKey || e.metaKey || e.altKey) {
    // leave the browser's own shortcuts alone
  } else if (k === 'h') {
    controller.askHint();
  } else if (k === 'p') {
    if (controller.timer.paused) controller.resume();
    else controller.pause();
  } else if (k === 'escape') {
    controller.closeHint();
  } else if (!t.closest?.('.board') && (e.key === 'Delete' || e.key === 'Backspace')) {
    e.preventDefault();
    controller.clearCell();
  } else if (!t.closest?.('.board') && /^[1-9]$/.test(e.key) && controller.selected != null) {
    // Digits typed while a button has focus still go to the selected cell.
    controller.enter(Number(e.key));
  }
});

// ---- routing ----
async function route() {
  const h = location.hash;
  let m = /^#\/game\/(\d+)$/.exec(h);
  if (m) {
    await openGame(Number(m[1])).catch(() => dialogs.showNew());
    return;
  }
  // A shared puzzle: its 81 characters, then its variant and a jigsaw's 81 region labels.
  m = /^#\/puzzle\/([0-9.]{81})(?:\/([a-z,]+))?(?:\/([0-9A-Za-z]{81}))?$/.exec(h);
  if (m) {
    controller.showEmpty('A shared puzzle');
    dialogs.showNew(m[1], m[2] ?? 'standard', m[3] ?? '');
    return;
  }
  // No address: continue the most recent game in progress, or start one.
  try {
    const list = await api.listGames();
    if (list.in_progress.length) {
      await openGame(list.in_progress[0].id);
      return;
    }
  } catch { /* fall through to the new-game dialog */ }
  controller.showEmpty('Pick a level to start.');
  dialogs.showNew();
}

window.addEventListener('hashchange', () => {
  const m = /^#\/game\/(\d+)$/.exec(location.hash);
  if (m && Number(m[1]) === controller.game?.id) return;
  route();
});

await dialogs.init();
await route();
document.body.dataset.ready = 'true';
