// The dialogs: new game (variant, level, seed, own puzzle with a jigsaw's regions), the game
// list with statistics, share/export, and the "solved" card.

import { api } from './api.js';
import { variantTitle } from './layout.js';
import { el, formatDate, formatTime, thumbnail } from './util.js';
import { dailyHash, fillDaily, readable, today } from './daily.js';
import { progressCode } from './sharelink.js';

const VARIANTS = ['jigsaw', 'x', 'windoku'];

/** The share link of a puzzle: `#/puzzle/LINE`, then `/VARIANT` and a jigsaw's `/REGIONS`. */
export function shareHash(puzzle, variant = 'standard', regions = null) {
  let hash = `#/puzzle/${puzzle}`;
  if (variant && variant !== 'standard') hash += `/${variant}`;
  if (regions) hash += `/${regions}`;
  return hash;
}

const $ = (id) => document.getElementById(id);

const LEVEL_TEXT = {
  easy: 'hidden singles',
  medium: 'singles, pointing',
  hard: 'subsets, fish, wings',
  expert: 'quads, short chains',
  extreme: 'chains and nets',
};

export class Dialogs {
  constructor({ openGame, startGame, gameDeleted }) {
    this.openGame = openGame; // (id) => Promise
    this.startGame = startGame; // (body) => Promise<game>
    this.gameDeleted = gameDeleted; // (id) => void
    this.levels = [];
    this.levelsOnVariants = false;
    this.wireNew();
    this.wireGames();
    this.wireShare();
    $('solved-new').addEventListener('click', () => {
      $('dlg-solved').close();
      this.showNew();
    });
  }

  async init() {
    try {
      const r = await api.levels();
      this.levels = r.levels.map((l) => l.name);
      this.levelsOnVariants = Boolean(r.levels_on_variants);
    } catch {
      this.levels = ['easy', 'medium', 'hard', 'expert', 'extreme'];
    }
    const grid = $('level-grid');
    grid.replaceChildren();
    const sel = $('seed-level');
    sel.replaceChildren();
    this.levels.forEach((name, n) => {
      const b = el('button', { type: 'button', class: 'btn level-btn', 'data-level': name },
        el('span', { class: 'pips', 'aria-hidden': 'true', text: '●'.repeat(n + 1) }),
        el('span', { text: name[0].toUpperCase() + name.slice(1) }),
        el('small', { text: LEVEL_TEXT[name] ?? '' }));
      b.addEventListener('click', () => this.create({ level: name, ...this.variantBody(false) }, b));
      grid.append(b);
      sel.append(el('option', { value: name, text: name }));
    });
    sel.append(el('option', { value: 'any', text: 'any difficulty' }));
    this.fillDaily(today());
    this.variantChanged();
  }

  // ---- new game ------------------------------------------------------------------------------

  /**
   * Opens the new-game dialog; with `customText`, as the player's own puzzle of `variant`
   * (with a jigsaw's `regions`), checked at once.
   */
  showNew(customText, variant, regions, pencil) {
    $('new-error').textContent = '';
    if (customText !== undefined) {
      this.setVariant(variant ?? 'standard');
      $('custom-box').open = true;
      $('custom-input').value = customText;
      $('custom-regions').value = regions ?? '';
      $('custom-pencil').value = pencil ?? '';
      this.checkCustom();
    }
    if (!$('dlg-new').open) $('dlg-new').showModal();
    // A shared puzzle is there to be played: its button has the focus, not the first level's.
    if (customText !== undefined) $('custom-go').focus();
  }

  /** The daily section for `date`: one button per level. */
  fillDaily(date) {
    fillDaily(this.levels, date, (d, level, b) => this.create({ date: d, level }, b, api.daily));
  }

  /** Opens the new-game dialog on the daily puzzles of `date`, its first level focused. */
  showDaily(date) {
    this.fillDaily(date);
    this.showNew();
    document.querySelector('.daily-btn')?.focus();
  }

  /** The ticked variant, as the API takes it: `standard` or e.g. `jigsaw,x`. */
  variant() {
    const on = VARIANTS.filter((v) => $(`variant-${v}`).checked);
    return on.length ? on.join(',') : 'standard';
  }

  setVariant(variant) {
    const words = variant.split(',');
    for (const v of VARIANTS) $(`variant-${v}`).checked = words.includes(v);
    this.variantChanged();
  }

  variantChanged() {
    const v = this.variant();
    $('variant-now').textContent = v === 'standard'
      ? 'Standard Sudoku (tick a variant, or several, for another)'
      : `${variantTitle(v)} Sudoku`;
    $('custom-regions-box').hidden = !$('variant-jigsaw').checked;
    // Until the generator aims at levels on the variants, a variant game is made of any
    // difficulty (and rated once made), or is the player's own.
    const levels = v === 'standard' || this.levelsOnVariants;
    for (const b of document.querySelectorAll('.level-btn')) b.disabled = !levels;
    for (const o of $('seed-level').options) o.disabled = !levels && o.value !== 'any';
    if (!levels) $('seed-level').value = 'any';
    $('variant-own-only').hidden = levels;
  }

  /** The variant fields of a request: the variant, and a jigsaw's regions when one is typed. */
  variantBody(withRegions) {
    const body = { variant: this.variant() };
    if (withRegions && $('variant-jigsaw').checked) body.regions = $('custom-regions').value;
    return body;
  }

  /** Starts a game from `body` (`make`: the API call, a new game by default). */
  async create(body, button, make) {
    $('new-error').textContent = '';
    const buttons = $('dlg-new').querySelectorAll('button');
    buttons.forEach((b) => { b.disabled = true; });
    const old = button?.querySelector('small')?.textContent;
    if (button?.querySelector('small')) button.querySelector('small').textContent = 'making…';
    try {
      await this.startGame(body, make);
      $('dlg-new').close();
    } catch (e) {
      $('new-error').textContent = e.message;
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
      if (old !== undefined) button.querySelector('small').textContent = old;
      this.variantChanged();
    }
  }

  async checkCustom() {
    const out = $('custom-result');
    const text = $('custom-input').value;
    if (!text.trim()) {
      out.textContent = '';
      return null;
    }
    try {
      const r = await api.checkPuzzle({ puzzle: text, ...this.variantBody(true) });
      out.textContent = r.message;
      out.className = `custom-result ${r.ok ? 'ok' : 'bad'}`;
      this.offerClues(r);
      return r;
    } catch (e) {
      out.textContent = e.message;
      out.className = 'custom-result bad';
      this.offerClues(null);
      return null;
    }
  }

  /**
   * A puzzle with several solutions is not refused outright: the check offers it with the few
   * clues that make it proper (from one of its solutions), named, to play at once.
   */
  offerClues(r) {
    const b = $('custom-add-clue');
    const added = r?.with_clues ? r.added : null;
    b.hidden = !added;
    this.withClues = r?.with_clues ?? null;
    if (!added) return;
    const names = added.map((i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`).join(', ');
    const n = added.length;
    b.textContent = `Add ${n === 1 ? 'a clue' : `${n} clues`} (${names}) and play`;
    $('custom-result').textContent += ` Adding ${n === 1 ? 'the clue' : 'the clues'} in ${names} leaves one.`;
  }

  wireNew() {
    $('btn-new').addEventListener('click', () => this.showNew());
    for (const v of VARIANTS) $(`variant-${v}`).addEventListener('change', () => this.variantChanged());
    $('variant-any').addEventListener('click', (e) => this.create({ level: 'any', ...this.variantBody(false) }, e.currentTarget));
    $('seed-go').addEventListener('click', () => {
      const raw = $('seed-input').value.trim();
      if (!/^[0-9]{1,15}$/.test(raw)) {
        $('new-error').textContent = 'A seed is a whole number (up to 15 digits).';
        return;
      }
      this.create({ level: $('seed-level').value, seed: Number(raw), ...this.variantBody(false) });
    });
    $('custom-check').addEventListener('click', () => this.checkCustom());
    $('custom-add-clue').addEventListener('click', async () => {
      if (!this.withClues) return;
      $('custom-input').value = this.withClues;
      try {
        await this.startGame({ puzzle: this.withClues, ...this.variantBody(true) });
        $('dlg-new').close();
      } catch (e) {
        $('custom-result').textContent = e.message;
        $('custom-result').className = 'custom-result bad';
      }
    });
    $('custom-go').addEventListener('click', async () => {
      const text = $('custom-input').value;
      if (!text.trim()) {
        $('custom-result').textContent = 'Paste or type a puzzle first.';
        $('custom-result').className = 'custom-result bad';
        return;
      }
      $('new-error').textContent = '';
      try {
        const pencil = $('custom-pencil').value.trim();
        await this.startGame({ puzzle: text, ...this.variantBody(true), ...(pencil ? { pencil } : {}) });
        $('dlg-new').close();
      } catch (e) {
        $('custom-result').textContent = e.message;
        $('custom-result').className = 'custom-result bad';
        if (e.code === 'multiple_solutions') await this.checkCustom();
      }
    });
  }

  // ---- game list -----------------------------------------------------------------------------

  wireGames() {
    $('btn-games').addEventListener('click', () => this.showGames());
    const tabs = ['progress', 'finished', 'stats'];
    const pick = (name) => {
      for (const t of tabs) {
        const on = t === name;
        $(`tab-${t}`).setAttribute('aria-selected', String(on));
        $(`tab-${t}`).tabIndex = on ? 0 : -1;
        $(`panel-${t}`).hidden = !on;
      }
    };
    tabs.forEach((t, n) => {
      $(`tab-${t}`).addEventListener('click', () => pick(t));
      $(`tab-${t}`).addEventListener('keydown', (e) => {
        const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!d) return;
        const next = tabs[(n + d + tabs.length) % tabs.length];
        pick(next);
        $(`tab-${next}`).focus();
      });
    });
  }

  async showGames() {
    if (!$('dlg-games').open) $('dlg-games').showModal();
    try {
      const [list, stats] = await Promise.all([api.listGames(), api.stats()]);
      this.fillList($('panel-progress'), list.in_progress, 'No game in progress.');
      this.fillList($('panel-finished'), list.finished, 'No finished game yet.');
      this.fillStats(stats.levels, stats.all);
    } catch (e) {
      $('panel-progress').replaceChildren(el('p', { class: 'empty-list', text: e.message }));
    }
  }

  /**
   * Asks in the page (not the browser's `confirm()`, which a screen reader and a phone handle
   * badly) whether to delete game `g` called `name`; resolves true for Delete. The safe answer
   * has the focus; Escape keeps the game.
   */
  confirmDelete(name, g) {
    const dlg = $('dlg-confirm');
    $('confirm-text').textContent = `${name}, game ${g.id}${g.finished ? '' : `, ${g.filled}/81 filled`}: it goes with its history, for good.`;
    dlg.returnValue = '';
    dlg.showModal();
    $('confirm-cancel').focus();
    return new Promise((resolve) => {
      dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    });
  }

  /**
   * Asks whether to play the daily puzzle of `date` at `level` (a link opened: nothing is made
   * without the player's yes); resolves true for Yes. Escape and No answer no.
   */
  askDaily(date, level) {
    const dlg = $('dlg-daily-ask');
    $('daily-ask-text').textContent = `Play the daily puzzle of ${readable(date)} at level ${level}? A new game starts.`;
    dlg.returnValue = '';
    dlg.showModal();
    $('daily-ask-yes').focus();
    return new Promise((resolve) => {
      dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    });
  }

  fillList(panel, games, emptyText) {
    if (!games.length) {
      panel.replaceChildren(el('p', { class: 'empty-list', text: emptyText }));
      return;
    }
    panel.replaceChildren(...games.map((g) => {
      const cap = (t) => t[0].toUpperCase() + t.slice(1);
      const what = g.source === 'custom' ? `Own puzzle${g.level ? ` (${g.level})` : ''}` : cap(g.level ?? 'puzzle');
      const kind = variantTitle(g.variant);
      const name = kind ? `${kind} · ${what}` : what;
      const detail = g.finished
        ? `${g.bot_used ? 'solved with the bot' : 'solved'} in ${formatTime(g.elapsed_ms)}`
        : `${g.filled}/81 filled · ${formatTime(g.elapsed_ms)}`;
      const open = el('button', { type: 'button', class: 'btn small primary', text: g.finished ? 'View' : 'Continue', 'aria-label': `${g.finished ? 'View' : 'Continue'} game ${g.id}, ${name}` });
      open.addEventListener('click', async () => {
        $('dlg-games').close();
        await this.openGame(g.id);
      });
      const del = el('button', { type: 'button', class: 'btn small', text: 'Delete', 'aria-label': `Delete game ${g.id}` });
      del.addEventListener('click', async () => {
        if (!(await this.confirmDelete(name, g))) return;
        await api.deleteGame(g.id).catch(() => {});
        this.gameDeleted(g.id);
        this.showGames();
      });
      return el('div', { class: 'game-item', 'data-id': String(g.id) },
        thumbnail(g.board, g.puzzle, g.boxes),
        el('div', { class: 'meta' },
          el('strong', { text: name }),
          el('span', { text: detail }),
          el('span', { text: `${formatDate(g.updated_at)}${g.seed ? ` · seed ${g.seed}` : ''}` })),
        el('div', { class: 'acts' }, open, del));
    }));
  }

  /**
   * The statistics table: per level (and every game in its footer) the outcomes (solved,
   * hints applied included; clean: without a hint; with the bot; unfinished), the best clean and average times, hints,
   * mistakes and the streak of games solved without the bot (now / best).
   */
  fillStats(levels, all) {
    const t = (ms) => (ms == null ? '–' : formatTime(ms));
    const row = (s, cell = 'td') => el('tr', {},
      el(cell === 'th' ? 'th' : 'td', cell === 'th' ? { scope: 'row', text: s.level } : { text: s.level }),
      ...[
        String(s.started),
        `${s.solved}${s.clean != null ? ` (${s.clean})` : ''}`,
        String(s.bot_finished ?? 0),
        String(s.unfinished ?? 0),
        t(s.best_ms),
        t(s.average_ms),
        String(s.hints ?? 0),
        String(s.mistakes ?? 0),
        `${s.current_streak ?? 0} / ${s.best_streak ?? 0}`,
      ].map((text) => el('td', { text })));
    const heads = ['Level', 'Started', 'Solved (clean)', 'With the bot', 'Unfinished', 'Best clean', 'Average', 'Hints', 'Mistakes', 'Streak now / best'];
    $('panel-stats').replaceChildren(el('div', { class: 'stats-scroll', tabindex: '0', role: 'region', 'aria-label': 'Statistics per level' },
      el('table', { class: 'stats' },
        el('caption', { class: 'print-only', text: 'Statistics per level' }),
        el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col', text: h })))),
        el('tbody', {}, ...levels.map((s) => row(s))),
        all ? el('tfoot', {}, row({ ...all, level: 'All games' }, 'th')) : null)),
      el('p', { class: 'stats-note', text: 'Solved: by you, hints included (their count is under Hints); clean: without a hint, the only times that count as best. A game the bot played counts apart, as with the bot. Unfinished: started and not finished. A streak counts games solved without the bot in a row.' }));
  }

  // ---- share ---------------------------------------------------------------------------------

  wireShare() {
    for (const b of document.querySelectorAll('[data-copy]')) {
      b.addEventListener('click', async () => {
        const input = $(b.dataset.copy);
        input.select();
        try {
          await navigator.clipboard.writeText(input.value);
          $('share-copied').textContent = 'Copied.';
        } catch {
          $('share-copied').textContent = 'Selected: press Ctrl+C to copy.';
        }
      });
    }
  }

  showShare(game) {
    if (!game) return;
    const { variant, regions } = game.layout;
    $('share-line').value = game.puzzle;
    $('share-variant-box').hidden = variant === 'standard';
    $('share-variant').value = variant;
    $('share-regions-box').hidden = !regions;
    $('share-regions').value = regions ?? '';
    $('share-progress').value = game.cells.map((c) => c.value ?? '.').join('');
    const link = game.daily ? dailyHash(game.daily, game.level) : shareHash(game.puzzle, variant, regions);
    $('share-link').value = `${location.origin}/${link}`;
    const code = progressCode(game);
    $('share-progress-link').value = `${location.origin}/${shareHash(game.puzzle, variant, regions)}${code ? `/progress/${code}` : ''}`;
    $('share-pencil').value = 'Writing the grid…';
    api.progress(game.id)
      .then((r) => { $('share-pencil').value = r.pencil; })
      .catch((e) => { $('share-pencil').value = e.message; });
    $('share-copied').textContent = '';
    $('dlg-share').showModal();
  }
}
