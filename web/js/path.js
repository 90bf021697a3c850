// The solving path: the puzzle's logical path from its givens as a scrubbable list, each step
// with its difficulty, drawn on a small board; the hardest step named. Before the puzzle is
// solved it hides behind a spoiler guard.

import { api } from './api.js';
import { miniBoard } from './mini.js';
import { sentence } from './steps.js';
import { el } from './util.js';

const $ = (id) => document.getElementById(id);

/** "an XY-Wing (4.2)": the hardest step of a path, for sentences. */
export function hardestWords(path) {
  const h = path?.hardest;
  if (!h) return '';
  const article = /^[AEIOUX]/.test(h.name) && !/^U[nN]i/.test(h.name) ? 'an' : 'a';
  return `${article} ${h.name} (${h.difficulty.toFixed(1)})`;
}

export class PathView {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.path = null;
    this.gameId = null;
    $('btn-path').addEventListener('click', () => this.show());
    $('path-reveal').addEventListener('click', () => this.reveal());
    $('path-step').addEventListener('input', (e) => this.showStep(Number(e.target.value) - 1));
  }

  /** Opens the path of the game on screen (behind the spoiler guard while unsolved). */
  async show() {
    const g = this.ctrl.game;
    if (!g) return;
    $('path-error').textContent = '';
    $('dlg-path').showModal();
    if (!g.finished) {
      $('path-guard').hidden = false;
      $('path').hidden = true;
      $('path-reveal').focus();
      return;
    }
    await this.reveal();
  }

  async reveal() {
    const g = this.ctrl.game;
    $('path-guard').hidden = true;
    try {
      if (this.gameId !== g.id || !this.path) {
        this.path = await api.path(g.id);
        this.gameId = g.id;
      }
    } catch (e) {
      $('path-error').textContent = e.message;
      return;
    }
    const steps = this.path.steps;
    $('path').hidden = false;
    $('path-hardest').textContent = this.path.hardest ? `The hardest step is ${hardestWords(this.path)}, step ${this.path.hardest.index + 1} of ${steps.length}.` : '';
    const range = $('path-step');
    range.max = String(steps.length);
    $('path-list').replaceChildren(...steps.map((s, k) => el('li', {},
      el('button', { type: 'button', class: 'path-item', 'data-k': String(k), onclick: () => this.showStep(k) },
        el('span', { text: s.step.name }),
        el('span', { class: 'learn-diff', text: s.step.difficulty != null ? s.step.difficulty.toFixed(1) : '' })))));
    this.showStep(this.path.hardest?.index ?? 0);
    range.focus();
  }

  /** Draws step `k` on the small board and marks it in the list. */
  showStep(k) {
    const steps = this.path.steps;
    k = Math.max(0, Math.min(steps.length - 1, k));
    const s = steps[k];
    $('path-step').value = String(k + 1);
    $('path-step').setAttribute('aria-valuetext', `step ${k + 1} of ${steps.length}: ${s.step.name}`);
    $('path-step-name').textContent = `${k + 1} of ${steps.length}`;
    $('path-title').textContent = `${s.step.name}${s.step.difficulty != null ? ` · ${s.step.difficulty.toFixed(1)}` : ''}`;
    $('path-sentence').textContent = sentence(s.step);
    $('path-board').replaceChildren(miniBoard({
      grid: s.grid,
      candidates: s.candidates,
      step: s.step,
      givens: this.ctrl.game.puzzle,
      layout: this.ctrl.layout,
      label: `Step ${k + 1}: ${sentence(s.step)}`,
    }));
    for (const b of document.querySelectorAll('.path-item')) {
      if (Number(b.dataset.k) === k) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }
}
