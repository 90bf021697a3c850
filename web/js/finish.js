// The finish: a summary of the solved game (time, rating, hints, mistakes, the hardest step of
// its path, the player's average at that level from GET /stats), the techniques the player
// found alone versus those a hint or the bot showed, and one click to the next puzzle at that
// level.

import { api } from './api.js';
import { hardestWords } from './path.js';
import { helpedIn, recordFound } from './progress.js';
import { el, formatTime } from './util.js';

const $ = (id) => document.getElementById(id);
export class Finish {
  /** `startGame(body)` starts a game; `pathView` opens the solving path. */
  constructor({ startGame, pathView }) {
    this.startGame = startGame;
    this.pathView = pathView;
    this.game = null;
    $('solved-next').addEventListener('click', () => this.next());
    $('solved-path').addEventListener('click', () => {
      $('dlg-solved').close();
      this.pathView.show();
    });
  }

  async show(game) {
    this.game = game;
    const level = game.source === 'custom' ? null : game.level;
    $('dlg-solved-title').textContent = game.bot_used ? 'Solved (with the bot)' : 'Solved!';
    $('solved-text').textContent = `Time ${formatTime(game.elapsed_ms)}${game.hints ? `, ${game.hints} hint${game.hints > 1 ? 's' : ''}` : ''}.`;
    const next = $('solved-next');
    next.hidden = !level;
    next.textContent = level ? `Next ${level} puzzle` : '';
    const rows = [
      ['Rating', game.rating != null ? `${game.rating.toFixed(1)}${game.level ? ` · ${game.level}` : ''}` : 'not rated'],
      ['Hints', String(game.hints ?? 0)],
    ];
    if (typeof game.mistakes === 'number') rows.push(['Mistakes', String(game.mistakes)]);
    rows.push(['Hardest step', '…'], ['Your average', '…']);
    this.fill(rows);
    $('finish-hardest').textContent = '';
    $('dlg-solved').showModal();
    $(level ? 'solved-next' : 'solved-new').focus();
    const [stats, path] = await Promise.all([
      api.stats().catch(() => null),
      api.path(game.id).catch(() => null),
    ]);
    if (this.game !== game) return;
    const key = level ?? 'custom';
    const s = stats?.levels?.find((l) => l.level === key);
    const avg = s?.average_ms != null ? `${formatTime(s.average_ms)} (${level ?? 'own puzzles'}${s.best_ms != null ? `, best ${formatTime(s.best_ms)}` : ''})` : 'no solved games yet';
    rows[rows.length - 1][1] = avg;
    rows[rows.length - 2][1] = path?.hardest ? `${path.hardest.name} (${path.hardest.difficulty.toFixed(1)})` : 'unknown';
    this.fill(rows);
    if (path) this.techniques(game, path);
  }

  fill(rows) {
    $('finish-summary').replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
  }

  /** "Your hardest step was…", and the techniques found alone versus shown by a hint or the bot. */
  techniques(game, path) {
    const used = [...new Set(path.steps.map((s) => s.step.name))];
    const helped = helpedIn(game.id);
    const alone = used.filter((n) => !helped.has(n));
    const shown = used.filter((n) => helped.has(n));
    const bits = [`Your hardest step was ${hardestWords(path)}.`];
    if (!game.bot_used || alone.length) bits.push(`Found yourself: ${alone.join(', ') || 'none'}.`);
    if (shown.length) bits.push(`With a hint or the bot: ${shown.join(', ')}.`);
    $('finish-hardest').textContent = bits.join(' ');
    // A bot-finished game proves nothing about the techniques it played unseen.
    if (!game.bot_used) recordFound(alone);
  }

  async next() {
    const level = this.game?.level;
    $('dlg-solved').close();
    if (level) await this.startGame({ level });
  }
}
