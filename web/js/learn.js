// The Learn view: every technique of the catalogue with a paragraph, its difficulty, a worked
// example drawn from a real puzzle (the board and the pattern from the technique's own step,
// found live by the server's teacher) and puzzles to practise it on (practice.js). Techniques
// the player has used without a hint (recorded when a game is finished, see finish.js) are marked.

import { api } from './api.js';
import { miniBoard } from './mini.js';
import { Layout } from './layout.js';
import { sentence } from './steps.js';
import { foundTechniques } from './progress.js';
import { practiceSection, stopPractice } from './practice.js';
import { el } from './util.js';

const $ = (id) => document.getElementById(id);
export class Learn {
  /** `startGame(body)`: starts a game (as the new-game dialog does). */
  constructor({ startGame }) {
    this.startGame = startGame;
    this.list = null;
    $('btn-learn').addEventListener('click', () => this.show());
    $('dlg-learn').addEventListener('close', stopPractice);
  }

  async show(code = null) {
    const dlg = $('dlg-learn');
    if (!dlg.open) dlg.showModal();
    try {
      this.list ??= (await api.learn()).techniques;
    } catch (e) {
      $('learn-detail').replaceChildren(el('p', { class: 'dlg-error', text: e.message }));
      return;
    }
    const found = foundTechniques();
    $('learn-list').replaceChildren(...this.list.map((t) => el('li', {},
      el('button', {
        type: 'button',
        class: 'learn-item',
        'data-code': t.code,
        onclick: () => this.open(t.code),
      },
      el('span', { class: 'learn-name', text: t.name }),
      t.difficulty != null ? el('span', { class: 'learn-diff', text: t.difficulty.toFixed(1) }) : null,
      found.has(t.name) ? el('span', { class: 'learn-found', text: '✓ used', title: 'You have used this without a hint' }) : null))));
    await this.open(code ?? this.list[0].code);
  }

  /** Shows technique `code`: paragraph, difficulty, worked example, practice. */
  async open(code) {
    for (const b of document.querySelectorAll('.learn-item')) {
      if (b.dataset.code === code) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
    const detail = $('learn-detail');
    detail.replaceChildren(el('p', { class: 'learn-wait', text: 'Finding an example…' }));
    let t;
    try {
      t = await api.learnTechnique(code);
    } catch (e) {
      detail.replaceChildren(el('p', { class: 'dlg-error', text: e.message }));
      return;
    }
    const found = foundTechniques().has(t.name);
    // Sudoku Explainer has no base for some techniques (finned fish...): the example's own.
    const difficulty = t.difficulty ?? t.example?.step?.difficulty;
    const parts = [
      el('h3', { id: 'learn-title', text: t.name }),
      el('p', { class: 'learn-meta', text: `${t.family.replace('-', ' ')} · difficulty ${difficulty != null ? difficulty.toFixed(1) : 'not rated'}${t.needs_uniqueness ? ' · assumes one solution' : ''}${found ? ' · you have used it without a hint' : ''}` }),
      el('p', { class: 'learn-about', text: t.about }),
    ];
    if (t.example) {
      const s = t.example.step;
      parts.push(el('h4', { text: 'Worked example' }));
      parts.push(el('div', { class: 'mini-host' }, miniBoard({
        grid: t.example.grid,
        candidates: t.example.candidates,
        step: s,
        givens: t.example.puzzle,
        layout: new Layout(t.example.layout),
        label: `Example of a ${t.name}: ${sentence(s)}`,
      })));
      parts.push(el('p', { class: 'learn-step', text: sentence(s) }));
      if (s.notation) parts.push(el('p', { class: 'hint-notation', text: s.notation }));
      parts.push(el('p', { class: 'mini-legend', text: 'Blue: the pattern. Pink: its second part. Struck out: what it removes. Green: what it places.' }));
    } else {
      parts.push(el('p', { class: 'learn-none', text: 'No worked example in the stock for this one yet.' }));
    }
    parts.push(practiceSection(t, (body) => this.practise(body)));
    detail.replaceChildren(...parts);
  }

  /** Starts a practice game: `{ puzzle }`, or `{ puzzle, pencil }` for a drill. */
  async practise(body) {
    try {
      await this.startGame(body);
      $('dlg-learn').close();
    } catch (e) {
      $('learn-detail').append(el('p', { class: 'dlg-error', role: 'alert', text: e.message }));
    }
  }
}
