// Triple Yahtzee's "Advise a position": a card typed as COLUMN.box=score, five dice set by
// hand and the roll, asked again as they change; the position is kept in the address.

import { $, fmt, input, select } from '../dom.js';
import { api } from '../client.js';
import { buildDice, editDice, setFace } from '../dice.js';
import { latest } from '../latest.js';
import { hideOptions } from '../options.js';
import { setAddress } from '../address.js';
import { advising } from '../modes.js';
import { showOptions } from './options.js';

/** @typedef {import('./game.js').Advice} Advice */

export const pos = { dice: [1, 3, 3, 4, 6] };

function renderAdviseDice() {
  document.querySelectorAll('#advise-dice .die').forEach((el, i) => {
    setFace(/** @type {HTMLElement} */ (el), pos.dice[i]);
    el.setAttribute('aria-label', 'die ' + (i + 1) + ': ' + pos.dice[i]);
  });
}

export function updateUrl() {
  const q = new URLSearchParams();
  q.set('variant', select('#variant').value);
  if (select('#strategy').value !== 'fitted') q.set('strategy', select('#strategy').value);
  if (advising()) {
    q.set('mode', 'advise');
    const c = input('#card-text').value.trim();
    if (c) q.set('card', c);
    q.set('dice', pos.dice.join(''));
    q.set('rolls', select('#rolls-left').value);
  }
  setAddress(q);
}

export const advice = latest({
  table: '#options',
  delay: 150,
  ask: (isCurrent) => /** @type {Promise<Advice>} */ (api('/api/advise', {
    game: 'triple', variant: select('#variant').value, strategy: select('#strategy').value,
    card: input('#card-text').value.trim(), dice: pos.dice.join(''), rolls_left: Number(select('#rolls-left').value),
  }, isCurrent)),
  show: (a) => {
    $('#expected-final').textContent = 'Expected final total: ' + fmt(a.expected_final);
    $('#advice-summary').textContent = 'Points on the card: ' + a.total + ' · ' + a.variant + ' rules, ' + a.strategy + ' strategy';
    showOptions($('#options'), a, 1000);
    document.body.dataset.ready = '1';
  },
  fail: () => {
    $('#expected-final').textContent = '';
    hideOptions($('#options'));
  },
});

export function scheduleAdvice() {
  updateUrl();
  advice.schedule();
}

/**
 * The form, from the address `q`; its events.
 * @param {URLSearchParams} q
 */
export function setUpAdvise(q) {
  buildDice($('#advise-dice'), 5);
  const d = q.get('dice');
  if (d && /^[1-6]{5}$/.test(d)) pos.dice = [...d].map(Number);
  const r = q.get('rolls');
  if (r === '0' || r === '1' || r === '2') select('#rolls-left').value = r;
  input('#card-text').value = q.get('card') || '';
  renderAdviseDice();
  editDice($('#advise-dice'), pos.dice, () => { renderAdviseDice(); scheduleAdvice(); });
  $('#card-text').addEventListener('input', scheduleAdvice);
  $('#rolls-left').addEventListener('change', scheduleAdvice);
  $('#advise').addEventListener('click', () => advice.now());
}
