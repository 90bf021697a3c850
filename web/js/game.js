// The game controller: holds the game the server sent, the selection, input mode, highlights,
// timer, hints and the bot, and turns the player's input into moves. The server is the source of
// truth: every move is queued and sent (net.js), and the board shows the game it last answered
// with the moves still waiting played on top, so input acts on what the player sees.

import { api } from './api.js';
import { BoardView } from './board.js';
import { Coach } from './coach.js';
import { Layout } from './layout.js';
import { cellName, formatTime, rowOf, colOf, sleep } from './util.js';
import { Sync } from './net.js';
import { radioGroup } from './a11y.js';
import { COLOURS, COLOUR_NAMES, loadColours, paint, saveColours } from './colours.js';
import { onSettings, settings } from './settings.js';

/** The input modes, in the order Space cycles through them. */
const MODES = ['normal', 'candidate', 'centre', 'corner', 'colour'];

const $ = (id) => document.getElementById(id);


export class GameController {
  constructor({ onSolved, onTitle }) {
    this.onSolved = onSolved;
    this.onTitle = onTitle;
    this.game = null;
    /** The game's layout (from `game.layout`), rebuilt only when another one comes. */
    this.layout = null;
    this.selected = null;
    /** Further selected cells (Shift/Ctrl-click, drag): marks and colours go to all of them. */
    this.multi = new Set();
    /** The player's cell colours for this game (colours.js), 0 for none. */
    this.colours = Array(81).fill(0);
    /**
     * What Undo takes back, latest last: `{ kind: 'colour', before, after }` (the colours are
     * the page's, not the server's) or `{ kind: 'board' }` (a move, taken back by the server or
     * the outbox). `redoTrail` holds what Undo took back, for Redo. This page's session only.
     */
    this.trail = [];
    this.redoTrail = [];
    this.digit = null;
    this.mode = 'normal';
    this.help = false;
    this.checkOn = false;
    this.check = null;
    this.flash = null;
    this.sync = new Sync(this, api);
    /** The cell whose clash the message names (cleared once it no longer clashes). */
    this.clashNote = null;
    this.timer = { base: 0, since: null, paused: false };
    this.board = new BoardView($('board'), {
      select: (i, fromPointer, how) => this.select(i, fromPointer, how),
      clear: (i) => this.clearCell(i),
    });
    this.coach = new Coach(this);
    this.buildPad();
    this.wire();
    onSettings((s, key) => this.settingsChanged(s, key));
    setInterval(() => this.tick(), 250);
    setInterval(() => this.saveClock(false), 15000);
    document.addEventListener('visibilitychange', () => {
      if (document.hidden && this.isRunning()) {
        this.pause(true);
      }
    });
    window.addEventListener('pagehide', () => this.saveClock(true));
    // Another tab may have played this game meanwhile: catch up when this one comes back.
    window.addEventListener('focus', () => this.refresh());
  }

  // ---- loading -------------------------------------------------------------------------------

  /** Shows game `g` (a game view from the API). */
  load(g) {
    this.stopBot();
    this.takeLayout(g);
    this.game = this.sync.opened(g, this.layout);
    this.selected = this.selected ?? null;
    this.multi.clear();
    this.colours = loadColours(g.id);
    if (g.id !== this.trailOf) {
      this.trail = [];
      this.redoTrail = [];
      this.trailOf = g.id;
    }
    this.coach.reset();
    this.check = null;
    this.checkOn = settings.checkAsYouGo;
    $('btn-check').setAttribute('aria-pressed', String(this.checkOn));
    if (this.checkOn) this.refreshCheck().then(() => this.render());
    this.timer = { base: g.elapsed_ms, since: g.finished ? null : performance.now(), paused: false };
    $('board-wrap').classList.remove('paused');
    $('paused-cover').hidden = true;
    $('empty-cover').hidden = true;
    $('btn-pause').classList.remove('is-paused');
    $('btn-pause').setAttribute('aria-label', 'Pause');
    this.message('');
    this.render();
    this.onTitle(g);
    if (g.rating == null && g.source === 'custom') this.awaitRating(g.id, 12);
  }

  /** Builds the layout of game `g` if it is not the one on the board already. */
  takeLayout(g) {
    if (this.layout?.sameAs(g.layout)) return;
    this.layout = new Layout(g.layout);
    this.board.setLayout(this.layout);
  }

  /** A very hard puzzle of the player's own is rated in the background: show it when ready. */
  async awaitRating(id, tries) {
    for (let n = 0; n < tries; n++) {
      await sleep(5000);
      if (this.game?.id !== id) return;
      try {
        const g = await api.getGame(id);
        if (g.rating != null && this.game?.id === id) {
          this.game.rating = g.rating;
          this.game.level = g.level;
          this.onTitle(this.game);
          return;
        }
      } catch { /* try again later */ }
    }
  }

  /** Fetches the game again and redraws it if it changed elsewhere. */
  async refresh() {
    if (!this.game || this.coach.bot.running || this.sync.waiting(this.game.id).length) return;
    const id = this.game.id;
    try {
      const g = await api.getGame(id);
      if (this.game?.id === id && (g.version !== this.game.version || g.updated_at !== this.game.updated_at)) {
        const base = Math.max(this.elapsed(), g.elapsed_ms);
        await this.applyGame(g);
        if (!g.finished) this.timer.base = base - (this.timer.since != null ? performance.now() - this.timer.since : 0);
      }
    } catch { /* offline: keep what we have */ }
  }

  /** Shows the "no game" state. */
  /** The game on screen is gone (deleted elsewhere): nothing to play until another opens. */
  unload(text) {
    this.stopBot();
    this.game = null;
    this.coach.hint = null;
    this.check = null;
    this.timer = { base: 0, since: null, paused: false };
    this.showEmpty(text);
  }

  showEmpty(text) {
    $('empty-cover').hidden = false;
    $('empty-cover').querySelector('p').textContent = text;
  }

  // ---- timer ---------------------------------------------------------------------------------

  elapsed() {
    const t = this.timer;
    return Math.round(t.base + (t.since != null ? performance.now() - t.since : 0));
  }

  isRunning() {
    return this.game && !this.game.finished && this.timer.since != null;
  }

  tick() {
    $('timer').textContent = formatTime(this.game ? (this.game.finished ? this.game.elapsed_ms : this.elapsed()) : 0);
  }

  saveClock(keepalive) {
    if (!this.isRunning() && !keepalive) return;
    if (!this.game || this.game.finished) return;
    api.clock(this.game.id, this.elapsed(), keepalive).catch(() => {});
  }

  pause(auto = false) {
    if (!this.game || this.game.finished || this.timer.paused) return;
    this.timer.base = this.elapsed();
    this.timer.since = null;
    this.timer.paused = true;
    // Show the time it stopped at now, not at the next tick (which could show a second more).
    this.tick();
    this.stopBot();
    $('board-wrap').classList.add('paused');
    $('paused-cover').hidden = false;
    $('btn-pause').setAttribute('aria-label', 'Resume');
    $('btn-pause').classList.add('is-paused');
    this.saveClock(auto);
    api.clock(this.game.id, this.timer.base).catch(() => {});
    if (!auto) $('btn-resume').focus();
  }

  resume() {
    if (!this.game || !this.timer.paused) return;
    this.timer.paused = false;
    // While the server is unreachable the clock stays stopped (it runs again once it answers).
    this.timer.since = this.sync.offline ? null : performance.now();
    this.timer.offline = this.sync.offline;
    $('board-wrap').classList.remove('paused');
    $('paused-cover').hidden = true;
    $('btn-pause').setAttribute('aria-label', 'Pause');
    $('btn-pause').classList.remove('is-paused');
    this.board.focus(this.selected ?? 0);
  }

  // ---- input ---------------------------------------------------------------------------------

  canPlay() {
    return this.game && !this.game.finished && !this.timer.paused;
  }

  /**
   * Selects cell `i`. `how`: 'add' (Shift/Ctrl-click) adds it to the selection or takes it
   * out, 'drag' adds it; otherwise it becomes the only selected cell. With digit-first input a
   * tap on a cell enters the picked digit there (a given's digit becomes the picked one).
   */
  select(i, fromPointer, how) {
    if (!this.game) return;
    if (this.selected === i && !fromPointer) return;
    if (how === 'add' || how === 'drag') {
      if (this.selected != null) this.multi.add(this.selected);
      if (how === 'add' && this.multi.has(i) && this.selected !== i) this.multi.delete(i);
      else this.multi.add(i);
    } else if (!(fromPointer === false && this.multi.has(i))) {
      this.multi.clear();
    }
    this.selected = i;
    const v = this.game.cells[i].value;
    const digitFirst = fromPointer && !how && settings.order === 'digit' && this.digit && this.mode !== 'colour';
    if (digitFirst && this.game.cells[i].origin !== 'given') {
      this.render();
      this.board.focus(i);
      this.enter(this.digit, this.mode, { toggle: true });
      return;
    }
    if (v) this.digit = v;
    this.render();
    if (fromPointer) this.board.focus(i);
  }

  /** The cells the next mark or colour goes to: the whole selection. */
  targets() {
    if (this.selected == null) return [];
    return this.multi.size ? [...new Set([this.selected, ...this.multi])].sort((a, b) => a - b) : [this.selected];
  }

  /** Moves the selection; with `extend` (Shift+arrow) the cells passed stay selected. */
  moveSelection(dr, dc, extend = false) {
    const i = this.selected ?? 0;
    const r = (rowOf(i) + dr + 9) % 9;
    const c = (colOf(i) + dc + 9) % 9;
    this.selected = r * 9 + c;
    if (extend) this.multi.add(i).add(this.selected);
    else this.multi.clear();
    this.render();
    this.board.focus(this.selected);
  }

  setMode(mode) {
    if (!MODES.includes(mode)) return;
    this.mode = mode;
    for (const b of document.querySelectorAll('.mode')) {
      b.setAttribute('aria-checked', b.dataset.mode === mode ? 'true' : 'false');
    }
    this.syncModes?.();
    $('pad').classList.toggle('pencil', mode !== 'normal' && mode !== 'colour');
    $('pad').classList.toggle('colours', mode === 'colour');
    this.render();
  }

  cycleMode() {
    this.setMode(MODES[(MODES.indexOf(this.mode) + 1) % MODES.length]);
  }

  /** A setting changed (settings.js); `key` null: the first call, with every setting. */
  settingsChanged(s, key) {
    const board = $('board');
    board.dataset.marks = s.markSize;
    $('timer').closest('.timer')?.classList.toggle('timer-hidden', !s.timer);
    if ((key === 'checkAsYouGo' || key === null) && this.game) {
      this.checkOn = s.checkAsYouGo;
      $('btn-check').setAttribute('aria-pressed', String(this.checkOn));
      if (this.checkOn) {
        this.refreshCheck().then(() => this.render());
        return;
      }
      this.check = null;
    }
    this.render();
  }

  /**
   * Enters digit `d` according to `mode`: a digit in the selected cell; a candidate, centre or
   * corner mark in every selected empty cell (added to all unless all have it, then taken from
   * all); colour `d` on every selected cell. With `toggle` (a digit-first tap), the same digit
   * again clears the cell.
   */
  enter(d, mode = this.mode, { toggle = false } = {}) {
    if (mode === 'colour') {
      this.colour(d);
      return;
    }
    this.digit = d;
    if (!this.canPlay() || this.selected == null) {
      this.render();
      return;
    }
    const i = this.selected;
    const cell = this.game.cells[i];
    if (mode === 'normal') {
      if (cell.origin === 'given') {
        // On a given, a digit only picks the digit to highlight.
        this.render();
        return;
      }
      if (cell.value === d) {
        if (toggle) this.clearCell(i);
        else this.render();
        return;
      }
      const before = this.game.cells;
      const move = { type: 'place', cell: i, digit: d };
      if (!settings.tidy) move.tidy = false;
      this.send(move, (g) => {
        const clash = g.clashes.find((k) => k.cell === i);
        if (clash) {
          if (settings.conflicts) this.message(`${clash.message}: ${cellName(clash.other)} already holds ${clash.digit}.`, 'error');
          this.clashNote = i;
        } else {
          this.coach.notePlacement(before, i, d);
        }
      });
      return;
    }
    const key = mode === 'candidate' ? 'candidates' : mode;
    const cells = this.targets().filter((j) => !this.game.cells[j].value);
    if (!cells.length) {
      if (cell.origin !== 'given') this.message('Pencil marks go in empty cells.', 'error');
      this.render();
      return;
    }
    const has = (j) => (this.game.cells[j][key] ?? []).includes(d);
    const adding = !cells.every(has);
    for (const j of cells) {
      if (has(j) !== adding) this.send({ type: mode, cell: j, digit: d });
    }
  }

  /** Paints the selected cells with colour `n` (1-6; 0 or again: off). */
  colour(n) {
    if (!this.game || this.selected == null || n > COLOURS) return;
    const before = [...this.colours];
    paint(this.colours, this.targets(), n);
    if (this.colours.some((c, i) => c !== before[i])) {
      this.trail.push({ kind: 'colour', before, after: [...this.colours] });
      this.redoTrail = [];
    }
    saveColours(this.game.id, this.colours);
    this.render();
  }

  /** Puts the cell colours `colours` on the board (an undo or redo of a colouring). */
  setColours(colours) {
    this.colours = [...colours];
    saveColours(this.game.id, this.colours);
    this.render();
  }

  clearCell(i = this.selected) {
    if (this.mode === 'colour' && i === this.selected) {
      this.colour(0);
      return;
    }
    if (i === this.selected && this.multi.size) {
      for (const j of this.targets()) if (this.game?.cells[j].origin !== 'given') this.clearCell(j);
      return;
    }
    if (!this.canPlay() || i == null) return;
    const c = this.game.cells[i];
    if (c.origin === 'given') {
      this.message(`${cellName(i)} is a given.`, 'error');
      return;
    }
    if (!c.value && !c.candidates?.length && !c.centre.length && !c.corner.length) return;
    this.send({ type: 'clear', cell: i });
  }

  autoCandidates() {
    if (!this.canPlay()) return;
    this.send({ type: 'auto_candidates' }, () => this.message('Every candidate is filled in.'));
  }

  /**
   * Queues a move (kept in the outbox until the server saves it) and shows it at once; `after`
   * sees the game with it played. Moves go out in order, each naming the version of the game
   * the server last answered.
   */
  send(move, after) {
    this.noteMove();
    this.coach.hint = null;
    this.hidePanel();
    this.message('');
    this.game = this.sync.push(move);
    this.render();
    after?.(this.game);
  }

  /** A change of the board (a move, a hint applied, a bot step) is next for Undo. */
  noteMove() {
    this.trail.push({ kind: 'board' });
    this.redoTrail = [];
  }

  /**
   * Sends what waits and resolves `true` once the server has it all, so a request naming the
   * game's version names the one the player sees; `false` (and says so) while it is offline.
   */
  async settled(what) {
    await this.sync.flush();
    if (this.game && this.sync.waiting(this.game.id).length) {
      this.message(`${what} needs the server, which is not answering; your moves are kept.`, 'error');
      return false;
    }
    return true;
  }

  async history(kind) {
    if (!this.game) return;
    // The latest change may be a colouring (the page's own): Undo and Redo take it back and
    // play it again, in turn with the moves.
    const [from, to] = kind === 'undo' ? [this.trail, this.redoTrail] : [this.redoTrail, this.trail];
    const last = from[from.length - 1];
    if (last?.kind === 'colour') {
      from.pop();
      to.push(last);
      this.setColours(kind === 'undo' ? last.before : last.after);
      this.message(kind === 'undo' ? 'Colouring taken back.' : 'Colouring played again.');
      return;
    }
    if (!this.canPlay()) return;
    if (last) to.push(from.pop());
    this.coach.hint = null;
    this.hidePanel();
    // A move not sent yet is simply taken back.
    const view = kind === 'undo' ? this.sync.takeBack() : null;
    if (view) {
      this.game = view;
      this.render();
      return;
    }
    const id = this.game.id;
    // A bot step in flight changes the game first: undo names the version it leaves.
    await this.coach.queue;
    if (this.game?.id !== id) return;
    if (!(await this.settled(kind === 'undo' ? 'Undo' : 'Redo'))) return;
    if (this.game?.id !== id) return;
    if (kind === 'undo' && !this.game.can_undo) return;
    if (kind === 'redo' && !this.game.can_redo) return;
    try {
      const g = await api[kind](id, this.elapsed(), this.game.version);
      if (this.game?.id === id) this.applyGame(g);
    } catch (e) {
      this.failed(e, id);
    }
  }

  /**
   * Shows why a request failed. A stale version (the game changed in another tab or window)
   * is not an error of the player's: the page takes the game as it stands and says so, and
   * nothing is overwritten.
   */
  failed(e, id) {
    if (e.stale && this.game?.id === id) {
      this.applyGame(e.game);
      this.message('This game changed in another window: here it is as it stands now.', 'error');
      return;
    }
    this.message(e.message, 'error');
  }

  /** Takes a new game state from the server. */
  async applyGame(g) {
    const wasFinished = this.game?.finished;
    this.takeLayout(g);
    this.game = this.sync.take(g, this.layout);
    // The answer being taken is the server's game: check it as it is. (Waiting for the outbox
    // here would wait for this very answer's delivery, which waits for this call: a deadlock.)
    if (this.checkOn) await this.refreshCheck(false);
    this.render();
    if (g.finished && !wasFinished) {
      this.timer.since = null;
      this.timer.base = g.elapsed_ms;
      this.tick();
      this.onSolved(g);
    }
  }

  // ---- check ---------------------------------------------------------------------------------

  async toggleCheck() {
    if (!this.game) return;
    this.checkOn = !this.checkOn;
    $('btn-check').setAttribute('aria-pressed', String(this.checkOn));
    if (this.checkOn) {
      await this.refreshCheck();
      const n = this.check.wrong.size;
      this.message(n ? `${n} digit${n > 1 ? 's are' : ' is'} wrong.` : 'Every digit so far is right.', n ? 'error' : 'good');
    } else {
      this.check = null;
      this.message('');
    }
    this.render();
  }

  /** Asks the server which digits are right; `flush`: after sending the moves that wait. */
  async refreshCheck(flush = true) {
    try {
      if (flush) await this.sync.flush();
      const r = await api.check(this.game.id);
      this.check = { right: new Set(r.right), wrong: new Set(r.wrong), marksWrong: new Set(r.wrong_marks) };
    } catch (e) {
      this.message(e.message, 'error');
    }
  }

  // ---- hints and the bot: the explanation panel (coach.js) --------------------------------------

  askHint() { return this.coach.askHint(); }

  closeHint() { this.coach.closeHint(); }

  hidePanel() { this.coach.hidePanel(); }

  startBot() { return this.coach.startBot(); }

  stopBot() { this.coach?.stopBot(); }

  // ---- drawing -------------------------------------------------------------------------------

  message(text, kind = '') {
    this.clashNote = null;
    const m = $('message');
    m.textContent = text;
    m.className = `message ${kind}`;
  }

  render() {
    const g = this.game;
    if (!g) return;
    const hv = this.hintView;
    // A clash message goes once its clash does (an undo, an erase, another digit).
    if (this.clashNote != null && !g.clashes.some((k) => k.cell === this.clashNote)) this.message('');
    this.board.render({
      cells: g.cells,
      clashes: g.clashes,
      selected: this.selected,
      multi: this.multi,
      digit: this.digit,
      same: settings.sameDigit ? this.digit : null,
      notation: this.mode === 'centre' || this.mode === 'corner',
      colours: this.colours,
      conflicts: settings.conflicts,
      help: this.help,
      check: this.checkOn ? this.check : null,
      hint: hv,
      flash: this.flash,
    });
    this.board.drawChain(hv?.chain ?? null);
    // Number pad: the selected digit and how many of each are left to place.
    const counts = Array(10).fill(0);
    for (const c of g.cells) if (c.value) counts[c.value] += 1;
    const colouring = this.mode === 'colour';
    for (const b of $('pad').children) {
      const d = Number(b.dataset.d);
      b.setAttribute('aria-pressed', String(!colouring && this.digit === d));
      b.disabled = colouring && d > COLOURS;
      b.querySelector('.swatch-name').textContent = colouring && d <= COLOURS ? ` ${COLOUR_NAMES[d]}` : '';
      const left = 9 - counts[d];
      // The name is the button's own text ("4, 3 left"), so that it holds what is seen
      // (WCAG 2.5.3, label in name); the words around the count are for screen readers only.
      const [before, count, after] = b.querySelector('.left').children;
      before.textContent = left > 0 ? ', ' : ', all placed';
      count.textContent = left > 0 ? String(left) : '';
      after.textContent = left > 0 ? ' left' : '';
      b.classList.toggle('done', left <= 0);
    }
    const colourNext = (trail) => trail[trail.length - 1]?.kind === 'colour';
    $('btn-undo').disabled = !g.can_undo && !colourNext(this.trail);
    $('btn-redo').disabled = !g.can_redo && !colourNext(this.redoTrail);
    for (const id of ['btn-erase', 'btn-auto', 'btn-hint', 'btn-solve', 'btn-pause']) {
      $(id).disabled = g.finished;
    }
    if (this.coach.bot.running) $('btn-solve').disabled = true;
    $('btn-help').setAttribute('aria-pressed', String(this.help));
  }

  buildPad() {
    const pad = $('pad');
    for (let d = 1; d <= 9; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.d = String(d);
      b.append(String(d));
      // In colour mode the button paints colour d: its name is said, its swatch shown.
      const swatch = document.createElement('span');
      swatch.className = 'swatch-name sr-only';
      b.append(swatch);
      const left = document.createElement('span');
      left.className = 'left';
      for (const cls of ['sr-only', '', 'sr-only']) {
        const part = document.createElement('span');
        if (cls) part.className = cls;
        left.append(part);
      }
      b.append(left);
      b.addEventListener('click', () => {
        // With Help on, or digit-first input, the pad picks the digit to show or enter; it
        // never writes in the selected cell (a tap on a cell does, digit-first).
        if ((this.help || settings.order === 'digit') && this.mode !== 'colour') {
          this.digit = this.digit === d && !this.help ? null : d;
          if (this.help) this.message('');
          this.render();
          return;
        }
        this.enter(d);
        if (this.selected != null) this.board.focus(this.selected);
      });
      pad.append(b);
    }
  }

  wire() {
    $('btn-undo').addEventListener('click', () => this.history('undo'));
    $('btn-redo').addEventListener('click', () => this.history('redo'));
    $('btn-erase').addEventListener('click', () => { this.clearCell(); this.board.focus(this.selected ?? 0); });
    $('btn-auto').addEventListener('click', () => this.autoCandidates());
    $('btn-check').addEventListener('click', () => this.toggleCheck());
    $('btn-help').addEventListener('click', () => {
      this.help = !this.help;
      if (this.help && !this.digit) this.message('Pick a digit on the pad to see where it may go.');
      this.render();
    });
    $('btn-hint').addEventListener('click', () => this.askHint());
    $('btn-solve').addEventListener('click', () => this.startBot());
    $('btn-pause').addEventListener('click', () => (this.timer.paused ? this.resume() : this.pause()));
    $('btn-resume').addEventListener('click', () => this.resume());
    this.syncModes = radioGroup(document.querySelector('.modes'), (b) => this.setMode(b.dataset.mode));
    $('board').addEventListener('keydown', (e) => this.onBoardKey(e));
  }

  /** Keys while the board has focus. */
  onBoardKey(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      this.moveSelection(...moves[e.key], e.shiftKey);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const i = this.selected ?? 0;
      this.selected = rowOf(i) * 9 + (e.key === 'Home' ? 0 : 8);
      this.render();
      this.board.focus(this.selected);
      return;
    }
    const m = /^(Digit|Numpad)([0-9])$/.exec(e.code);
    if (m && !e.altKey && !e.metaKey) {
      const d = Number(m[2]);
      e.preventDefault();
      if (d === 0) this.clearCell();
      else if (e.shiftKey) this.enter(d, 'corner');
      else if (e.ctrlKey) this.enter(d, 'centre');
      else this.enter(d);
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.clearCell();
      return;
    }
    if (e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      this.cycleMode();
    }
  }
}
