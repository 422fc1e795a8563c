// Yahtzix's "Advise a position": the scores (two players, or a seat each), the moment
// (before the turn with an offer, or dice just rolled), asked again as they change; the
// position (and the game's table) kept in the address.

import { $, all, input, select } from '../dom.js';
import { api } from '../client.js';
import { latest } from '../latest.js';
import { setAddress } from '../address.js';
import { advising } from '../modes.js';
import { pct } from './game.js';
import { againstText, renderOptions } from './view.js';

/** @typedef {import('./game.js').Advice} Advice */

/**
 * A menu's options, each a value and its words.
 * @param {HTMLSelectElement} sel
 * @param {[string, string][]} items
 */
function fill(sel, items) {
  sel.textContent = '';
  for (const [value, text] of items) sel.add(new Option(text, value));
}

/** A number field per seat for `n` players (keeping what was typed). */
/** @param {number} n */
function seatScores(n) {
  const box = $('#seat-scores');
  const old = all('input', box).map((i) => /** @type {HTMLInputElement} */ (i).value);
  box.textContent = '';
  for (let s = 0; s < n; s++) {
    const label = document.createElement('label');
    label.className = 'field';
    const span = document.createElement('span');
    span.textContent = 'seat ' + (s + 1);
    const field = document.createElement('input');
    Object.assign(field, { type: 'number', min: '0', step: '5', value: old[s] || '0', id: 'seat-score-' + (s + 1) });
    field.addEventListener('input', scheduleAdvice);
    label.append(span, field);
    box.appendChild(label);
  }
}

/** The seat menu of the game (you play ...) and the advise form's scores, for the players chosen. */
export function layoutPlayers() {
  const n = Number(select('#players').value);
  const seats = Array.from({ length: n }, (_, s) => s);
  const seat = select('#seat');
  const was = Number(seat.value) || 0;
  fill(seat, seats.map((s) => [String(s), n === 2 ? (s === 0 ? 'first' : 'second')
    : 'seat ' + (s + 1) + (s === 0 ? ' (first)' : s === n - 1 ? ' (last)' : '')]));
  seat.value = String(Math.min(was, n - 1));
  $('#two-fields').hidden = n > 2;
  $('#many-fields').hidden = n === 2;
  seatScores(n);
  const move = select('#to-move');
  const moving = Number(move.value) || 1;
  fill(move, seats.map((s) => [String(s + 1), 'seat ' + (s + 1)]));
  move.value = String(Math.min(moving, n));
}

/** The position in the form, as the API takes it. */
function question() {
  /** @type {Record<string, any>} */
  const q = { game: 'yahtzix', target: Number(select('#target').value), four_of_a_kind: input('#four').checked };
  if (Number(select('#players').value) === 2) {
    Object.assign(q, { me: Number(input('#me').value) || 0, opp: Number(input('#opp').value) || 0, second: input('#second').checked });
  } else {
    q.scores = all('#seat-scores input').map((i) => Number(/** @type {HTMLInputElement} */ (i).value) || 0);
    q.seat = Number(select('#to-move').value);
  }
  if (select('#stage').value === 'start') {
    const o = input('#offer').value.trim();
    if (o) q.offer = o;
  } else {
    q.dice = input('#adv-dice').value.trim();
    q.roll = Number(select('#roll').value);
    q.total = Number(input('#total').value) || 0;
  }
  return q;
}

/**
 * The advise form's position in the address query `q`.
 * @param {URLSearchParams} q
 */
function positionInAddress(q) {
  const a = question();
  q.set('mode', 'advise');
  if (a.scores) {
    q.set('scores', a.scores.join(','));
    q.set('to_move', a.seat);
  } else {
    q.set('me', a.me);
    q.set('opp', a.opp);
    if (a.second) q.set('second', '1');
  }
  if (a.offer) q.set('offer', a.offer);
  if (a.dice !== undefined) { q.set('dice', a.dice); q.set('roll', a.roll); q.set('total', a.total); }
}

export function updateUrl() {
  const q = new URLSearchParams();
  q.set('target', select('#target').value);
  if (!input('#four').checked) q.set('four', '0');
  if (select('#players').value !== '2') q.set('players', select('#players').value);
  if (advising()) positionInAddress(q);
  else if (select('#seat').value !== '0') q.set('seat', select('#seat').value);
  setAddress(q);
}

export const advice = latest({
  table: '#options',
  delay: 200,
  ask: (isCurrent) => /** @type {Promise<Advice>} */ (api('/api/advise', question(), isCurrent)),
  show: (a) => {
    const where = a.players > 2 ? 'seat ' + a.to_move + ' of ' + a.players : a.seat + ' player';
    $('#p-win').textContent = (a.bust ? 'A bust: nothing scores. ' : '') + 'Chance to win with best play'
      + againstText(a) + ': ' + pct(a.p_win) + ' (' + where + ', race to ' + a.target + ')';
    renderOptions($('#options'), a.options.length ? a : null, { buttons: false, pwin: true });
    document.body.dataset.ready = '1';
  },
  fail: () => {
    $('#p-win').textContent = '';
    renderOptions($('#options'), null, {});
  },
});

export function scheduleAdvice() {
  $('#start-fields').hidden = select('#stage').value !== 'start';
  $('#rolled-fields').hidden = select('#stage').value === 'start';
  updateUrl();
  advice.schedule();
}

/**
 * The form from the address `q`.
 * @param {URLSearchParams} q
 */
export function adviseFromAddress(q) {
  const scores = (q.get('scores') || '').split(',').filter((s) => s.trim() !== '');
  const n = q.get('players') || (scores.length > 2 ? String(scores.length) : '2');
  if ([...select('#players').options].some((o) => o.value === n)) select('#players').value = n;
  layoutPlayers();
  scores.forEach((s, i) => { const el = document.getElementById('seat-score-' + (i + 1)); if (el instanceof HTMLInputElement) el.value = s.trim(); });
  const toMove = q.get('to_move');
  if (toMove && [...select('#to-move').options].some((o) => o.value === toMove)) select('#to-move').value = toMove;
  for (const [key, id] of [['me', '#me'], ['opp', '#opp'], ['offer', '#offer']]) {
    const v = q.get(key);
    if (v) input(id).value = v;
  }
  input('#second').checked = q.get('second') === '1';
  const dice = q.get('dice');
  if (dice) {
    select('#stage').value = 'rolled';
    input('#adv-dice').value = dice;
    const roll = q.get('roll');
    if (roll === '1' || roll === '2' || roll === '3') select('#roll').value = roll;
    input('#total').value = q.get('total') || '0';
  }
}
