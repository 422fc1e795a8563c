// The advisor's answer: asks for the position on screen (the rules, the card, the dice, a
// target or an opponent, "say why"), and shows the expected total, the headline, the
// options best first (with their dice, their chances and their explanations), and the
// suggested keep on the big dice.

import { $, all, cell, fmt, input, select } from '../dom.js';
import { keptMask, makeDie, sameMultiset, setFace } from '../dice.js';
import { api } from '../client.js';
import { latest } from '../latest.js';
import { optionRow, startOptions } from '../options.js';
import { hooks } from '../hooks.js';
import { describe, ruleName } from '../yahtzee/rules.js';
import { explainRows } from './explain.js';
import { cardText } from './card.js';
import { diceShown } from './dice.js';
import { state } from './state.js';

/** @typedef {import('../yahtzee/types.js').Advice} Advice */
/** @typedef {import('../yahtzee/types.js').Option} Option */

const SHOWN = 10;                       // options shown before "show all"
/** @param {number} p */
const pct = (p) => (100 * p).toFixed(2) + '%';

/** The question for the position on screen, and why it is not explained (or ''). */
function question() {
  /** @type {Record<string, unknown>} */
  const body = { rules: ruleName(), scorecard: cardText() };
  // Before the first roll (mega-yahtzee) dice and rolls are left out: take the sixth die?
  const rolls = select('#rolls-left').value;
  if (rolls !== 'start') {
    body.dice = diceShown().join('');
    body.rolls_left = Number(rolls);
  }
  const t = input('#target').value.trim();
  const o = input('#opponent').value.trim();
  if (t !== '' && Number.isFinite(Number(t))) body.target = Math.round(Number(t));
  else if (o !== '') body.opponents = [o];
  // "Say why": each option's parts (the companion table, built on first use), for play
  // for the expected score with five dice.
  let note = '';
  if (input('#explain').checked) {
    if (body.target !== undefined || body.opponents) note = 'Say why covers play for the highest expected score (no target or opponent).';
    else body.explain = true;
  }
  return { body, note };
}

/** Asks for the position on screen: now, or after a short pause (schedule). */
export const advice = latest({
  table: '#options',
  delay: 150,
  // Wait for the card of the rules on screen (a rules switch is loading it).
  ready: () => !!state.card && state.cardName === ruleName(),
  ask: async (isCurrent) => {
    const { body, note } = question();
    return { data: /** @type {Advice} */ (await api('/api/advise', body, isCurrent)), note };
  },
  show: ({ data, note }) => { state.explainNote = note; renderAdvice(data); },
  fail: clearAdvice,
});

function clearAdvice() {
  state.advice = null;
  $('#expected-final').textContent = '';
  $('#headline').hidden = true;
  $('#advice-summary').textContent = '';
  $('#options thead').textContent = '';
  $('#options tbody').textContent = '';
  $('#show-all').hidden = true;
  $('#explain-note').hidden = true;
  all('#dice .die').forEach((el) => el.classList.remove('suggested'));
}

/**
 * The best option in one line, above the inputs (a phone shows the advice panel last).
 * @param {Advice} data
 */
function headline(data) {
  const head = $('#headline');
  const best = data.options[0];
  head.textContent = '';
  if (best) {
    head.append('Best: ' + describe(best, data.dice.length, state.card) + ' ');
    const ev = document.createElement('span');
    ev.className = 'ev';
    ev.textContent = '— expected final total ' + fmt(data.points_so_far + best.ev_remaining);
    head.appendChild(ev);
  }
  head.hidden = !best;
}

/**
 * Which probability column, if any: its key and title.
 * @param {Advice} data
 * @returns {[keyof Option, string] | null}
 */
function chanceColumn(data) {
  if (data.options.some((o) => o.p_at_least !== undefined)) return ['p_at_least', 'P(≥ ' + data.target + ')'];
  if (data.options.some((o) => o.p_win !== undefined)) return ['p_win', 'P(win)'];
  return null;
}

/**
 * Under the text of a keep: the position's dice, the kept ones highlighted (pips only, so
 * the cell's text stays "keep 3 3").
 * @param {number[]} dice
 * @param {number[]} keep
 */
function miniDice(dice, keep) {
  const row = document.createElement('span');
  row.className = 'mini-dice';
  row.setAttribute('aria-hidden', 'true');
  const mask = keptMask(dice, keep);
  dice.forEach((d, j) => {
    const m = makeDie('span', 'mini-die' + (mask[j] ? ' kept' : ''));
    setFace(m, d);
    row.appendChild(m);
  });
  return row;
}

/**
 * One option's row (and its explanation rows).
 * @param {HTMLTableSectionElement} body
 * @param {Advice} data
 * @param {Option} o
 * @param {number} i
 * @param {[keyof Option, string] | null} chance
 * @param {number} columns
 */
function optionLine(body, data, o, i, chance, columns) {
  const isBest = i === 0 || o.loss <= 1e-9;
  const tr = optionRow(body, i, isBest, 'rank');
  const ctd = cell(tr, describe(o, data.dice.length, state.card), 'choice');
  if (o.keep) ctd.appendChild(miniDice(data.dice, o.keep));
  const total = data.points_so_far + o.ev_remaining;
  cell(tr, fmt(total), 'ev');
  cell(tr, isBest ? 'best' : '-' + fmt(o.loss), 'loss');
  if (chance) {
    const p = /** @type {number | undefined} */ (o[chance[0]]);
    const td = cell(tr, p !== undefined ? pct(p) : '', 'p');
    if (o.p_tie !== undefined) td.title = 'P(tie) ' + pct(o.p_tie);
  }
  explainRows(tr, o, i, columns - 1, total);
}

/** @param {Advice} data */
export function renderAdvice(data) {
  state.advice = data;
  const opts = data.options || [];
  $('#expected-final').textContent = 'Expected final total: ' + fmt(data.expected_final);
  headline(data);
  const bits = ['Points so far: ' + data.points_so_far];
  if (data.target !== undefined) bits.push('target ' + data.target + ': ' + (data.target_status || ''));
  $('#advice-summary').textContent = bits.join(' · ');

  const chance = chanceColumn(data);
  /** @type {import('../options.js').Head[]} */
  const heads = [['#', ''], ['choice', ''], ['expected', 'num'], ['loss', 'num']];
  if (chance) heads.push([chance[1], 'num']);
  const body = startOptions($('#options'), heads);
  const shown = state.showAll ? opts : opts.slice(0, SHOWN);
  shown.forEach((o, i) => optionLine(body, data, o, i, chance, heads.length));

  // "Say why" on a question it does not cover: why there is no explanation.
  const note = $('#explain-note');
  note.textContent = input('#explain').checked && !(opts[0] && opts[0].explain) ? state.explainNote : '';
  note.hidden = !note.textContent;

  const more = $('#show-all');
  more.hidden = opts.length <= SHOWN;
  more.textContent = state.showAll ? 'Show the best ' + SHOWN : 'Show all ' + opts.length + ' options';

  // Suggest the best keep on the big dice too (when the answer is for the dice on screen).
  const best = opts[0];
  const onScreen = diceShown();
  const mask = best && best.keep && sameMultiset(data.dice, onScreen) ? keptMask(onScreen, best.keep) : [];
  all('#dice .die').forEach((el, i) => el.classList.toggle('suggested', !!mask[i]));

  $('#options').dataset.adviceCount = String(opts.length);
  document.body.dataset.ready = '1';
  // When the first answer showed, after navigation start (scripts/bench_web.py reads it).
  if (hooks.yahtzeeFirstAdviceMs === undefined) hooks.yahtzeeFirstAdviceMs = performance.now();
}
