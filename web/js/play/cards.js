// The two cards side by side in the game against the engine (#card-you, #card-engine):
// each box's score, what your dice would score in the open boxes (press one to score
// there), the bonuses, the totals.

import { $, all, cell } from '../dom.js';
import { boxOption } from './advice.js';
import { foolForced, totals, upper } from './card.js';
import { canScore } from './moves.js';
import { game } from './state.js';

/** @typedef {import('./state.js').Who} Who */

const WHO = /** @type {Who[]} */ (['you', 'engine']);

/**
 * A row of a label (with room for a line under it) and a score.
 * @param {HTMLElement} body
 * @param {string} cls
 * @param {string} label
 * @param {boolean} [withLine]
 */
function sumRow(body, cls, label, withLine) {
  const tr = document.createElement('tr');
  tr.className = cls;
  const td = cell(tr, label, 'label');
  if (withLine) {
    const line = document.createElement('span');
    line.className = 'five';
    td.appendChild(line);
  }
  cell(tr, '', 'score');
  body.appendChild(tr);
}

/** Both cards, empty, for the game's card. */
export function buildCards() {
  let lastUpper = -1;
  game.card.boxes.forEach((b, i) => { if (b.upper) lastUpper = i; });
  for (const who of WHO) {
    const t = $('#card-' + who);
    t.textContent = '';
    const body = document.createElement('tbody');
    game.card.boxes.forEach((b, i) => {
      const tr = document.createElement('tr');
      tr.dataset.box = b.name;
      // Under the label, on a turn with six dice: the five dice the box would score.
      const five = document.createElement('span');
      five.className = 'five';
      cell(tr, b.label, 'label').appendChild(five);
      cell(tr, '', 'score');
      body.appendChild(tr);
      if (i === lastUpper) sumRow(body, 'sum upper-bonus', 'Upper bonus');
    });
    if (game.card.yahtzee_bonus) sumRow(body, 'sum yahtzee-bonus', 'Yahtzee bonus');
    if (game.card.mega_yahtzee) sumRow(body, 'sum mega-bonus', 'Mega bonus', true);
    t.appendChild(body);
    const foot = document.createElement('tfoot');
    const tr = document.createElement('tr');
    cell(tr, 'Total', 'label');
    cell(tr, '0', 'score').id = 'total-' + who;
    foot.appendChild(tr);
    t.appendChild(foot);
  }
}

/**
 * What a box of `who`'s card shows: its score, or what your dice would score there.
 * @param {Who} who
 * @param {string} name
 * @param {boolean} scoring
 */
function boxView(who, name, scoring) {
  const p = /** @type {NonNullable<typeof game.players>} */ (game.players)[who];
  if (name in p.scores) return { text: String(p.scores[name]), can: false, five: '' };
  if (who === 'you' && scoring && (!foolForced('you') || name === 'full_house')) {
    const opt = boxOption(game.boxAdvice, name);
    if (opt) return { text: String(opt.score), can: true, five: game.six && opt.scored ? opt.scored.join(' ') : '' };
  }
  return { text: '', can: false, five: '' };
}

/**
 * The sums of `who`'s card.
 * @param {Who} who
 * @param {HTMLElement} t
 */
function renderSums(who, t) {
  const p = /** @type {NonNullable<typeof game.players>} */ (game.players)[who];
  const tot = totals(p);
  /** @param {string} sel */
  const part = (sel) => /** @type {HTMLElement} */ (t.querySelector(sel));
  part('tr.upper-bonus td.label').textContent = 'Upper bonus (' + tot.upper + '/' + upper().threshold + ')';
  part('tr.upper-bonus td.score').textContent = tot.bonus ? String(tot.bonus) : '';
  if (t.querySelector('tr.yahtzee-bonus')) part('tr.yahtzee-bonus td.score').textContent = p.yb ? String(p.yb) : '';
  if (t.querySelector('tr.mega-bonus')) {
    part('tr.mega-bonus .five').textContent = 'sixth die ' +
      (!p.mega ? 'in hand' : game.six && game.turn === who ? 'in play' : 'used');
    part('tr.mega-bonus td.score').textContent = p.megaBonus ? String(p.megaBonus) : '';
  }
  $('#total-' + who).textContent = String(tot.total);
}

export function renderCards() {
  if (!game.players) return;
  const scoring = canScore();
  for (const who of WHO) {
    const p = game.players[who];
    const t = $('#card-' + who);
    for (const tr of all('tr[data-box]', t)) {
      const name = /** @type {string} */ (tr.dataset.box);
      const { text, can, five } = boxView(who, name, scoring);
      $('td.score', tr).textContent = text;
      $('.five', tr).textContent = five;
      tr.classList.toggle('filled', name in p.scores);
      tr.classList.toggle('can-score', can);
      tr.classList.toggle('just', game.just[who] === name);
      if (can) { tr.tabIndex = 0; tr.setAttribute('role', 'button'); }
      else { tr.removeAttribute('tabindex'); tr.removeAttribute('role'); }
    }
    renderSums(who, t);
  }
}
