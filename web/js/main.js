// Entry point: builds the controller and dialogs, routes (#/game/ID, #/puzzle/LINE), the
// global keyboard shortcuts, the theme and printing.

import { api, chooseBackend } from './api.js';
import { GameController } from './game.js';
import { Dialogs } from './dialogs.js';
import { Deduce } from './deduce.js';
import { Finish } from './finish.js';
import { Learn } from './learn.js';
import { PathView } from './path.js';
import { variantTitle } from './layout.js';
import { keptGame, lastGameId } from './net.js';
import { parseDailyHash } from './daily.js';
import { progressGrid } from './sharelink.js';
import { initSettingsPanel } from './settings.js';
import { initSetter } from './setter.js';
import { el } from './util.js';

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
  // The game's number in a part of its own that is never cut: a long title (a seed, several
  // variants) gives way before it, with an ellipsis (style.css).
  $('game-title').replaceChildren(
    el('span', { class: 'title-text', text: bits.join(' · ') }),
    el('span', { class: 'title-id', text: ` · #${g.id}` }),
  );
  bits.push(`#${g.id}`);
  $('print-title').textContent = `nonet · ${bits.join(' · ')}`;
  document.title = `nonet · ${bits[0]}`;
}

const controller = new GameController({
  onSolved: (g) => finish.show(g),
  onTitle: title,
});

async function openGame(id) {
  setter?.stop();
  try {
    // Without the server, the game as it was last saved here (its waiting moves go on top).
    const g = await api.getGame(id).catch((e) => {
      if (e.status === 0 && keptGame(id)) return keptGame(id);
      throw e;
    });
    controller.load(g);
    history.replaceState(null, '', `#/game/${g.id}`);
    controller.board.focus(controller.selected ?? 0);
    return g;
  } catch (e) {
    controller.showEmpty(e.status === 404 ? 'That game does not exist.' : e.message);
    throw e;
  }
}

async function startGame(body, make = api.createGame) {
  const g = await make(body);
  setter?.stop();
  controller.selected = null;
  controller.digit = null;
  controller.load(g);
  history.replaceState(null, '', `#/game/${g.id}`);
  focusBoardWhenFree();
  return g;
}

/**
 * Puts keyboard focus on the board, after the dialog in front of it (if any) has closed:
 * closing a modal dialog hands focus back to the button that opened it, which would undo a
 * focus given while it is open.
 */
function focusBoardWhenFree() {
  const open = document.querySelector('dialog[open]');
  const focus = () => controller.board.focus(controller.selected ?? 0);
  if (open) open.addEventListener('close', focus, { once: true });
  else focus();
}

// Deleting the game on screen (from the games list) leaves nothing to play: say so, and drop
// its address so a reload does not look for it.
function gameDeleted(id) {
  controller.sync.outbox.forget(id);
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
initSettingsPanel();
const setter = initSetter({ controller, startGame, openGame, showNew: () => dialogs.showNew() });

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
  m = /^#\/puzzle\/([0-9.]{81})(?:\/([a-z,]+))?(?:\/([0-9A-Za-z]{81}))?(?:\/progress\/([0-9=-]+))?$/.exec(h);
  if (m) {
    // Opened again, a shared puzzle continues the game it started, not a second one.
    const [puzzle, variant, regions] = [m[1].replace(/0/g, '.'), m[2] ?? 'standard', m[3] ?? null];
    const list = await api.listGames().catch(() => null);
    const same = list?.in_progress.find((g) => g.puzzle === puzzle && g.variant === variant && (g.regions ?? null) === regions);
    if (same) {
      await openGame(same.id).catch(() => dialogs.showNew());
      controller.message('You have started this puzzle before: here is your game.');
      return;
    }
    controller.showEmpty('A shared puzzle');
    // A link with progress brings the sender's digits and pencil marks along.
    const pencil = m[4] ? progressGrid(m[4], puzzle) : null;
    dialogs.showNew(m[1], m[2] ?? 'standard', m[3] ?? '', pencil ?? '');
    return;
  }
  // A daily puzzle: at a level, that game if this browser's server has it, else (asked first:
  // a link makes no game by itself) made now; without a level, that day's levels.
  const daily = parseDailyHash(h);
  if (daily) {
    if (daily.level) {
      const list = await api.listGames().catch(() => null);
      const had = list && [...list.in_progress, ...list.finished]
        .find((g) => g.daily === daily.date && g.level === daily.level);
      if (had) {
        await openGame(had.id).catch(() => dialogs.showNew());
        return;
      }
      controller.showEmpty('The daily puzzle');
      // Not awaited: the page is ready (and usable) while the question is open.
      playDailyIfAsked(daily);
      return;
    }
    controller.showEmpty('The daily puzzle');
    dialogs.showDaily(daily.date);
    return;
  }
  // No address: continue the most recent game in progress, or start one.
  try {
    const list = await api.listGames();
    if (list.in_progress.length) {
      await openGame(list.in_progress[0].id);
      return;
    }
  } catch (e) {
    // The server is not answering: the game played last in this browser, as kept here.
    if (e.status === 0 && lastGameId() != null && keptGame(lastGameId())) {
      await openGame(lastGameId());
      return;
    }
  }
  controller.showEmpty('Pick a level to start.');
  dialogs.showNew();
}

/** Asks whether to play the daily puzzle the address names; makes it on yes, else goes on as
 *  without an address. */
async function playDailyIfAsked({ date, level }) {
  if (!(await dialogs.askDaily(date, level))) {
    history.replaceState(null, '', location.pathname + location.search);
    await route();
    return;
  }
  try {
    await startGame({ date, level }, api.daily);
  } catch (e) {
    dialogs.showDaily(date);
    $('new-error').textContent = e.message;
  }
}

window.addEventListener('hashchange', () => {
  const m = /^#\/game\/(\d+)$/.exec(location.hash);
  if (m && Number(m[1]) === controller.game?.id) return;
  route();
});

// The service worker keeps the page and its assets, so a reload without the server still
// shows the game and its waiting moves (browsers allow it on https and on localhost).
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('/sw.js').catch(() => { /* the page works without it */ });
}

// The server's API, or with no server (a static copy of the page) the engine and IndexedDB.
try {
  await chooseBackend();
} catch (e) {
  const s = document.getElementById('net-status');
  s.hidden = false;
  s.textContent = e.message;
}
await dialogs.init();
await route();
document.body.dataset.ready = 'true';
