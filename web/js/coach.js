// The explanation panel beside the board (a bottom sheet on phones), hints level by level and
// the bot with its controls. Hints start at level 0 (is there a mistake, how hard is the next
// step) before the technique is named; the bot plays, pauses, steps forwards and back (each
// bot action is one entry of the game's history, so "previous" is an undo), rewinds to where
// it started, and can play the singles at once and stop before the first harder step. A
// chain's links can be walked one at a time when the step carries them (`links`).

import { api } from './api.js';
import { announce } from './a11y.js';
import { noteHelped } from './progress.js';
import { NO_VIEW, sentence, stepHighlight, singleReason } from './steps.js';
import { cellName, sleep } from './util.js';

const $ = (id) => document.getElementById(id);

/** Bot delays per speed setting, slowest first (milliseconds per step). */
const BOT_DELAYS = [3200, 2000, 1100, 500, 150];
const BOT_SPEED_NAMES = ['very slow', 'slow', 'normal', 'fast', 'very fast'];
const NOTES_KEY = 'nonet-coaching-notes';

export class Coach {
  /** `ctrl`: the game controller (its game, layout, board, render, applyGame, elapsed...). */
  constructor(ctrl) {
    this.ctrl = ctrl;
    /** The hint on show: `{ data, level, kicker? }`. */
    this.hint = null;
    this.bot = { running: false, paused: false, skip: false, wake: null };
    /** Wakes an action on show (`showFor`) when the bot is stopped. */
    this.halts = new Set();
    /** Bot actions played this run, oldest first: each one history entry of the game. */
    this.taken = [];
    /** The chain link on show, when walking a chain. */
    this.link = -1;
    /** The levels (name, max_er), to say how hard a step is. */
    this.levels = [];
    /** The bot's requests, one after another (the loop's and the buttons'). */
    this.queue = Promise.resolve();
    api.levels().then((r) => { this.levels = r.levels; }).catch(() => {});
    // Coaching notes are off unless the player turns them on (remembered in this browser).
    $('coach-notes').checked = localStorage.getItem(NOTES_KEY) === 'on';
    $('coach-notes').addEventListener('change', (e) => localStorage.setItem(NOTES_KEY, e.target.checked ? 'on' : 'off'));
    this.wire();
  }

  // ---- the panel -----------------------------------------------------------------------------

  /** Speaks `text` to screen readers through the page's live region (a11y.js). */
  say(text) {
    announce(text);
  }

  /** How hard a difficulty is, in the level names the player picks from. */
  band(d) {
    const level = this.levels.find((l) => d <= l.max_er) ?? this.levels[this.levels.length - 1];
    return level ? level.name : '';
  }

  /** Opens the panel in hint (or bot) colours and fills it. */
  fill({ kicker, title, text, notation = null, bot = false }) {
    const panel = $('hint-panel');
    panel.hidden = false;
    panel.classList.toggle('bot', bot);
    document.body.classList.add('coach-open');
    $('hint-kicker').textContent = kicker;
    $('hint-title').textContent = title;
    $('hint-text').textContent = text;
    $('hint-notation').textContent = notation ?? '';
    $('hint-notation').hidden = !notation;
    $('chain-walk').hidden = true;
    $('hint-body').scrollTop = 0;
    // On a phone the panel is a sheet over the lower half: bring the board back above it.
    if (matchMedia('(max-width: 900px)').matches && $('board-wrap').getBoundingClientRect().top < 0) {
      $('board-wrap').scrollIntoView({ block: 'start' });
    }
  }

  /** Another game is on the board: nothing of the last one's hint or bot stays. */
  reset() {
    this.hint = null;
    this.taken = [];
    this.hidePanel();
  }

  hidePanel() {
    $('hint-panel').hidden = true;
    if ($('deduce-panel').hidden && $('bot-bar').hidden) document.body.classList.remove('coach-open');
    this.ctrl.hintView = null;
    this.link = -1;
  }

  closeHint() {
    const hadFocus = $('hint-panel').contains(document.activeElement);
    this.hint = null;
    this.hidePanel();
    this.ctrl.render();
    if (hadFocus) this.focusBoard();
  }

  /** Gives keyboard focus back to the board's selected cell (a control that had it is gone). */
  focusBoard() {
    if (this.ctrl.game) this.ctrl.board.focus(this.ctrl.selected ?? 0);
  }

  // ---- hints ---------------------------------------------------------------------------------

  async askHint() {
    const ctrl = this.ctrl;
    if (!ctrl.canPlay()) return;
    if (this.hint && this.hint.data.kind === 'step' && this.hint.level < 3) {
      this.hint.level += 1;
      this.showHint();
      return;
    }
    // After the bot's request in flight, if any: it changes the game, and the hint names the
    // version the page has once that answer is on the board (else the hint's version is stale).
    await this.serial(async () => {
      if (!ctrl.canPlay()) return;
      const id = ctrl.game.id;
      // Every move waiting must reach the server first: the hint names the version it makes.
      if (!(await ctrl.settled('A hint'))) return;
      try {
        const data = await api.hint(id, ctrl.elapsed(), ctrl.game.version);
        if (ctrl.game?.id !== id) return;
        this.hint = { data, level: 0 };
        this.showHint();
      } catch (e) {
        ctrl.failed(e, id);
      }
    });
  }

  showHint() {
    const ctrl = this.ctrl;
    const { data, level } = this.hint;
    const more = $('hint-more');
    const apply = $('hint-apply');
    apply.hidden = true;
    more.hidden = false;
    if (data.kind === 'step') {
      const s = data.step;
      const d = s.difficulty;
      const kicker = this.hint.kicker ?? `Hint · ${level} of 3${level > 0 && d != null ? ` · difficulty ${d.toFixed(1)}` : ''}`;
      if (level === 0) {
        const how = d != null ? `The next step is ${this.band(d)} (difficulty ${d.toFixed(1)}).` : 'There is a next step.';
        this.fill({ kicker, title: 'No mistakes so far', text: `${how} Look for it yourself, or ask for the technique.` });
        more.textContent = 'Name the technique';
        ctrl.hintView = NO_VIEW();
      } else if (level === 1) {
        this.fill({ kicker, title: s.name, text: s.hints?.[0] ?? `The next step is a ${s.name}.` });
        more.textContent = 'Show where';
        ctrl.hintView = NO_VIEW();
      } else if (level === 2) {
        const where = s.houses.length ? s.houses.map((h) => h.name).join(', ') : s.cells.map(cellName).join(', ');
        this.fill({ kicker, title: s.name, text: s.hints?.[1] ?? `Look at ${where}.` });
        more.textContent = 'Show the move';
        ctrl.hintView = stepHighlight(s, data.candidates, 2, ctrl.layout);
      } else {
        this.fill({ kicker, title: s.name, text: sentence(s), notation: s.notation });
        more.hidden = true;
        apply.hidden = false;
        ctrl.hintView = stepHighlight(s, data.candidates, 3, ctrl.layout);
        this.offerChain(s, data.candidates);
      }
      if (level > 0) noteHelped(ctrl.game.id, s.name);
      this.say(`${$('hint-title').textContent}. ${$('hint-text').textContent}`);
    } else {
      const titles = { clash: 'A rule is broken', mistake: 'Check your digits', marks: 'Check your pencil marks', solved: 'Solved', stuck: 'No step found' };
      this.fill({ kicker: 'Hint · 0 of 3', title: titles[data.kind] ?? 'Hint', text: data.message });
      more.hidden = true;
      ctrl.hintView = { ...NO_VIEW(), bad: new Set(data.cells ?? []) };
      this.say(`${$('hint-title').textContent}. ${data.message}`);
    }
    ctrl.render();
  }

  /**
   * Plays the hint's step as the player's move (`POST .../hint/apply`: the game stays the
   * player's, with its hints counted, not the bot's). The Apply button goes with the panel, so
   * focus goes back to the board at once and the arrows keep working.
   */
  async applyHint() {
    const ctrl = this.ctrl;
    this.closeHint();
    this.focusBoard();
    await this.serial(async () => {
      if (!ctrl.canPlay() || !(await ctrl.settled('Applying the hint'))) return;
      const id = ctrl.game.id;
      let r;
      try {
        r = await api.applyHint(id, ctrl.elapsed(), ctrl.game.version);
      } catch (e) {
        ctrl.failed(e, id);
        return;
      }
      if (ctrl.game?.id !== id) return;
      const a = r.action;
      ctrl.flash = new Set(a.kind === 'step' ? a.step.placements.map((p) => p.cell) : []);
      if (a.kind !== 'solved') ctrl.noteMove();
      await ctrl.applyGame(r.game);
      ctrl.flash = null;
      if (a.kind === 'step') {
        ctrl.message(`Applied: ${a.step.name}.`);
        this.say(`Applied: ${a.step.name}.`);
      }
    });
  }

  // ---- a chain, link by link -------------------------------------------------------------------

  /** Shows the link walker when the step lists its chain's links. */
  offerChain(step, candidates) {
    const links = step.links ?? [];
    this.chain = { step, candidates, links };
    this.link = -1;
    $('chain-walk').hidden = links.length === 0;
    $('link-count').textContent = links.length ? `The chain has ${links.length} links.` : '';
  }

  /** Highlights link `k` of the chain on show and the links before it. */
  showLink(k) {
    const { step, candidates, links } = this.chain;
    if (!links.length) return;
    this.link = Math.max(0, Math.min(links.length - 1, k));
    const link = links[this.link];
    const view = stepHighlight(step, candidates, 3, this.ctrl.layout);
    const upto = links.slice(0, this.link + 1).filter((l) => l.branch === link.branch);
    view.chain = {
      is_loop: false,
      branches: [upto.map((l) => ({ from: l.from, to: l.to, strong: l.kind === 'strong' }))],
    };
    view.cells = new Set([...link.from.cells, ...link.to.cells]);
    this.ctrl.hintView = view;
    const text = `Link ${this.link + 1} of ${links.length}: ${link.text}`;
    $('link-count').textContent = text;
    this.ctrl.render();
  }

  // ---- the bot -------------------------------------------------------------------------------

  /** Runs `fn` after every bot request already asked for (each names the version the one
   *  before it left), so the buttons never race the running bot. */
  serial(fn) {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => {});
    return run;
  }

  botDelay() {
    return this.bot.skip ? 0 : BOT_DELAYS[Number($('bot-speed').value)];
  }

  /** Shows a bot action on the board as it stands (before it is played, or after undoing it). */
  showAction(a, kicker) {
    const ctrl = this.ctrl;
    if (a.kind === 'step') {
      this.fill({ kicker, title: a.step.name, text: sentence(a.step), notation: a.step.notation, bot: true });
      ctrl.hintView = stepHighlight(a.step, a.candidates, 3, ctrl.layout);
      this.offerChain(a.step, a.candidates);
    } else {
      this.fill({ kicker, title: a.kind === 'fix' ? 'Fixing mistakes' : 'Candidates', text: a.message, bot: true });
      ctrl.hintView = { ...NO_VIEW(), bad: new Set(a.cells ?? []) };
    }
    $('hint-more').hidden = true;
    $('hint-apply').hidden = true;
    ctrl.render();
  }

  /** Asks the bot for one action and shows it; `false` when it cannot go on. */
  async botOnce(show = true) {
    const ctrl = this.ctrl;
    if (!ctrl.canPlay() || !(await ctrl.settled('The bot'))) return false;
    const before = ctrl.game;
    let r;
    try {
      r = await api.bot(before.id, ctrl.elapsed(), before.version);
    } catch (e) {
      ctrl.failed(e, before.id);
      return false;
    }
    const a = r.action;
    const delay = this.botDelay();
    if (show && delay > 0) {
      this.showAction(a, `Bot · step ${this.taken.length + 1}`);
      // A running bot names its steps; a paused one, stepped by hand, reads them out whole.
      this.say(a.kind === 'step' ? (this.bot.running && !this.bot.paused ? a.step.name : `${a.step.name}. ${sentence(a.step)}`) : a.message);
      // First the pattern on the old board, then the result (at once when the bot is stopped,
      // so the game this answer made is on the page before anything else names a version).
      await this.showFor(delay * (a.kind === 'step' ? 0.55 : 0.4));
    }
    if (ctrl.game?.id !== before.id) return false;
    if (a.kind !== 'solved') {
      this.taken.push(a);
      ctrl.noteMove();
    }
    if (a.kind === 'step') noteHelped(before.id, a.step.name);
    ctrl.flash = new Set(a.kind === 'step' ? a.step.placements.map((p) => p.cell) : []);
    ctrl.hintView = null;
    await ctrl.applyGame(r.game);
    ctrl.flash = null;
    if (show && delay > 0) ctrl.message(a.kind === 'step' ? `Bot: ${a.step.name}.` : `Bot: ${a.message}`);
    return !r.game.finished;
  }

  async startBot() {
    const ctrl = this.ctrl;
    if (!ctrl.canPlay() || this.bot.running) return;
    this.closeHint();
    this.bot = { running: true, paused: false, skip: false, wake: null };
    this.taken = [];
    $('bot-bar').hidden = false;
    document.body.classList.add('coach-open');
    this.setPaused(false);
    $('btn-solve').disabled = true;
    while (this.bot.running) {
      if (this.bot.paused) {
        await new Promise((r) => { this.bot.wake = r; });
        continue;
      }
      const go = await this.serial(() => (this.bot.paused ? true : this.botOnce(!this.bot.skip)));
      if (!go) break;
      const d = this.botDelay();
      if (d > 0) await this.botWait(d * 0.45);
    }
    const solved = ctrl.game?.finished;
    this.stopBot();
    if (solved) {
      ctrl.message('The bot solved the puzzle.', 'good');
      this.say('The bot solved the puzzle.');
      this.hidePanel();
    }
  }

  /** Waits `ms` while an action is on show, or until the bot is stopped. */
  async showFor(ms) {
    let done;
    const halted = new Promise((r) => { done = r; this.halts.add(r); });
    await Promise.race([sleep(ms), halted]);
    this.halts.delete(done);
  }

  async botWait(ms) {
    await Promise.race([sleep(ms), new Promise((r) => { this.bot.wake = r; })]);
  }

  setPaused(paused) {
    this.bot.paused = paused;
    $('bot-play').textContent = paused ? 'Play' : 'Pause';
    if (!paused) this.bot.wake?.();
  }

  stopBot() {
    const hadFocus = $('bot-bar').contains(document.activeElement);
    this.bot.running = false;
    this.bot.wake?.();
    for (const halt of this.halts) halt();
    $('bot-bar').hidden = true;
    if (hadFocus) this.focusBoard();
    if ($('hint-panel').hidden && $('deduce-panel').hidden) document.body.classList.remove('coach-open');
    $('btn-solve').disabled = Boolean(this.ctrl.game?.finished);
  }

  /** Takes back the last bot action (one undo) and shows it, ready to be played again. */
  async takeBack() {
    const ctrl = this.ctrl;
    const a = this.taken[this.taken.length - 1];
    if (!a || !ctrl.game?.can_undo) {
      ctrl.message('Nothing of the bot\'s to take back.');
      return false;
    }
    const id = ctrl.game.id;
    if (!(await ctrl.settled('Taking a step back'))) return false;
    try {
      const g = await api.undo(id, ctrl.elapsed(), ctrl.game.version);
      this.taken.pop();
      if (ctrl.trail[ctrl.trail.length - 1]?.kind === 'board') ctrl.trail.pop();
      await ctrl.applyGame(g);
    } catch (e) {
      ctrl.failed(e, id);
      return false;
    }
    if (a.kind === 'singles') {
      this.fill({ kicker: 'Bot · taken back', title: 'Singles', text: `${a.count} single${a.count > 1 ? 's' : ''} taken back.`, bot: true });
      ctrl.hintView = NO_VIEW();
      ctrl.render();
    } else {
      this.showAction(a, 'Bot · taken back, next to play');
    }
    this.say(`Taken back: ${$('hint-title').textContent}.`);
    return true;
  }

  /** Takes back every bot action of this run. */
  async rewind() {
    this.setPaused(true);
    const n = this.taken.length;
    while (this.taken.length && await this.takeBack()) { /* one at a time, in order */ }
    this.fill({ kicker: 'Bot · rewound', title: 'Back to the start', text: `${n} bot step${n === 1 ? '' : 's'} taken back: the board is as it was when the bot started.`, bot: true });
    this.ctrl.hintView = NO_VIEW();
    this.ctrl.render();
    this.say($('hint-text').textContent);
  }

  /** Plays every single, then stops before the first harder step and shows it as a hint. */
  async skipSingles() {
    const ctrl = this.ctrl;
    if (!ctrl.canPlay()) return;
    this.setPaused(true);
    const id = ctrl.game.id;
    if (!(await ctrl.settled('The bot'))) return;
    let r;
    try {
      r = await api.botSingles(id, ctrl.elapsed(), ctrl.game.version);
    } catch (e) {
      ctrl.failed(e, id);
      return;
    }
    if (r.placed.length) {
      this.taken.push({ kind: 'singles', count: r.placed.length });
      ctrl.noteMove();
      for (const p of r.placed) noteHelped(id, p.name);
      ctrl.flash = new Set(r.placed.map((p) => p.cell));
      await ctrl.applyGame(r.game);
      ctrl.flash = null;
    }
    if (r.game.finished) {
      this.stopBot();
      this.hidePanel();
      ctrl.message('The bot solved the puzzle with singles.', 'good');
      return;
    }
    if (!r.next) {
      // A mistake stands in the way: the ordinary step fixes it, in view.
      await this.botOnce(true);
      return;
    }
    const n = r.placed.length;
    const lead = n ? `${n} single${n > 1 ? 's' : ''} placed. ` : 'No singles here. ';
    this.hint = { data: { kind: 'step', step: r.next.step, candidates: r.next.candidates }, level: 1, kicker: 'Bot stopped before this step' };
    this.showHint();
    $('hint-text').textContent = `${lead}${$('hint-text').textContent}`;
    ctrl.message(`${lead}The next step is a ${r.next.step.name}.`);
  }

  // ---- coaching notes ------------------------------------------------------------------------

  /**
   * With coaching notes on: after the player placed `d` in cell `i` (the board was `before`),
   * a quiet note when no single gave it there: no other digit was ruled out of the cell and
   * no house had the digit nowhere else (on the player's own marks when they keep them, so
   * their eliminations count).
   */
  notePlacement(before, i, d) {
    if (!$('coach-notes').checked || !this.ctrl.layout) return;
    if (singleReason(before, this.ctrl.layout, i, d)) return;
    this.ctrl.message(`${cellName(i)} = ${d} was not yet forced: lucky guess?`, 'note');
  }

  // ---- wiring --------------------------------------------------------------------------------

  wire() {
    $('hint-more').addEventListener('click', () => this.askHint());
    $('hint-apply').addEventListener('click', () => this.applyHint());
    $('hint-close').addEventListener('click', () => this.closeHint());
    $('link-next').addEventListener('click', () => this.showLink(this.link + 1));
    $('link-prev').addEventListener('click', () => this.showLink(this.link - 1));
    $('bot-play').addEventListener('click', () => this.setPaused(!this.bot.paused));
    $('bot-next').addEventListener('click', () => {
      this.setPaused(true);
      return this.serial(() => this.botOnce(true));
    });
    $('bot-prev').addEventListener('click', () => {
      this.setPaused(true);
      return this.serial(() => this.takeBack());
    });
    $('bot-rewind').addEventListener('click', () => this.serial(() => this.rewind()));
    $('bot-singles').addEventListener('click', () => this.serial(() => this.skipSingles()));
    $('bot-skip').addEventListener('click', () => {
      this.bot.skip = true;
      this.setPaused(false);
    });
    $('bot-stop').addEventListener('click', () => this.stopBot());
    $('bot-speed').addEventListener('input', (e) => {
      const name = BOT_SPEED_NAMES[Number(e.target.value)];
      e.target.setAttribute('aria-valuetext', name);
      $('bot-speed-name').textContent = name;
    });
  }
}
