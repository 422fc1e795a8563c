// Painted Yahtzee's "Advise a position": five coloured dice set by hand (or typed), the
// roll, and the card (a menu per box, or typed), asked again as they change.

import { $, closest, fmt, input, select } from '../dom.js';
import { latest } from '../latest.js';
import { hideOptions } from '../options.js';
import { range, cardText, drawCard, parseCard } from './card.js';
import { COLOUR_NAMES, LETTERS, handText, makePaintedDie, paintDie, parseDice, setColour } from './dice.js';
import { ask, showOptions, strategyLine } from './options.js';
import { updateUrl } from './url.js';

/** @typedef {import('./dice.js').Die} Die */

export const pos = {
  dice: /** @type {Die[]} */ (parseDice('5r 5y 2g 3b 1p')),
  scores: /** @type {import('./card.js').Scores} */ ({}),
  bonus: 0,
};

/**
 * Die buttons in `box`, each with a colour button under it when `withColour`.
 * @param {HTMLElement} box
 * @param {boolean} withColour
 */
export function buildDice(box, withColour) {
  for (let i = 0; i < 5; i++) {
    const die = makePaintedDie();
    die.dataset.index = String(i);
    if (!withColour) { box.appendChild(die); continue; }
    const col = document.createElement('div');
    col.className = 'die-col';
    col.appendChild(die);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'colour';
    b.dataset.index = String(i);
    col.appendChild(b);
    box.appendChild(col);
  }
}

export function renderAdviseDice() {
  const typed = parseDice(input('#dice-text').value);
  const bad = !(typed && typed.length === 5);
  document.querySelectorAll('#advise-dice .die').forEach((node, i) => {
    const el = /** @type {HTMLElement} */ (node);
    const d = pos.dice[i];
    paintDie(el, d);
    el.classList.toggle('bad', bad);
    el.setAttribute('aria-label', 'die ' + (i + 1) + ': ' + d.n + ' ' + COLOUR_NAMES[d.c]);
  });
  document.querySelectorAll('#advise-dice button.colour').forEach((b, i) => {
    const d = pos.dice[i];
    setColour(b, d.c);
    b.textContent = COLOUR_NAMES[d.c];
    b.setAttribute('aria-label', 'colour of die ' + (i + 1) + ': ' + COLOUR_NAMES[d.c] + ' (press for the next colour)');
  });
}

/**
 * A menu of "open" (when `open`) and `values`.
 * @param {string} box
 * @param {string} label
 * @param {number[]} values
 * @param {boolean} open
 */
function menu(box, label, values, open) {
  const sel = document.createElement('select');
  sel.dataset.box = box;
  sel.setAttribute('aria-label', label);
  if (open) sel.add(new Option('open', ''));
  for (const s of values) sel.add(new Option(String(s), String(s)));
  return sel;
}

/** The card of the position: a menu per box of the scores it can hold, and the bonus. */
function renderAdviseCard() {
  const t = drawCard($('#advise-card'), pos.scores, pos.bonus, (b, td, v) => {
    const sel = menu(b.name, b.label, b.holds, true);
    sel.value = v === undefined ? '' : String(v);
    td.appendChild(sel);
  });
  const bonusCell = $('#advise-card td[data-box="yahtzee_bonus"]');
  bonusCell.textContent = '';
  const sel = menu('yahtzee_bonus', 'Yahtzee bonus', range(0, 2200, 100), false);
  sel.value = String(pos.bonus);
  bonusCell.appendChild(sel);
  $('#advise-card-total').textContent = '· ' + t + ' points';
}

export const advice = latest({
  table: '#options',
  delay: 150,
  ask: (isCurrent) => {
    delete document.body.dataset.ready;
    return ask({ card: input('#card-text').value.trim(), dice: input('#dice-text').value.trim(), rolls_left: Number(select('#rolls-left').value) }, isCurrent);
  },
  show: (a) => {
    $('#expected-final').textContent = 'Expected final total: ' + fmt(a.expected_total);
    strategyLine($('#strategy-line'), a.strategy);
    $('#advice-summary').textContent = 'Points on the card: ' + a.card_points + ' · dice ' + a.dice + ', '
      + (a.rolls_left === 0 ? 'after the last roll' : a.rolls_left + (a.rolls_left === 1 ? ' roll' : ' rolls') + ' left')
      + ' · ' + a.options.length + ' options';
    showOptions($('#options'), a, 1000);
    document.body.dataset.ready = '1';
  },
  fail: () => {
    $('#expected-final').textContent = '';
    strategyLine($('#strategy-line'), '');
    $('#advice-summary').textContent = '';
    hideOptions($('#options'));
    document.body.dataset.ready = 'error';
  },
});

function scheduleAdvice() {
  updateUrl();
  advice.schedule();
}

/** The dice changed by a click or a key: the typed field follows. */
function diceChanged() {
  input('#dice-text').value = handText(pos.dice);
  renderAdviseDice();
  scheduleAdvice();
}

/**
 * The card's values from a text (the menus follow).
 * @param {string} text
 */
function cardFromText(text) {
  const c = parseCard(text);
  pos.scores = c.scores;
  pos.bonus = c.bonus;
  renderAdviseCard();
}

/** @param {string} text */
export function setAdviseCard(text) {
  input('#card-text').value = text;
  cardFromText(text);
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  const die = closest(ev, '.die');
  if (!die) return;
  const d = pos.dice[Number(die.dataset.index)];
  const key = ev.key.toLowerCase();
  if (/^[1-6]$/.test(key)) d.n = Number(key);
  else if (LETTERS.includes(key)) d.c = LETTERS.indexOf(key);
  else return;
  ev.preventDefault();
  diceChanged();
}

/** @param {Event} ev */
function onCardMenu(ev) {
  const sel = /** @type {HTMLSelectElement | null} */ (closest(ev, 'select'));
  if (!sel) return;
  const box = /** @type {string} */ (sel.dataset.box);
  if (box === 'yahtzee_bonus') pos.bonus = Number(sel.value);
  else if (sel.value === '') delete pos.scores[box];
  else pos.scores[box] = Number(sel.value);
  input('#card-text').value = cardText(pos.scores, pos.bonus);
  renderAdviseCard();
  scheduleAdvice();
}

export function wireAdvise() {
  $('#advise-dice').addEventListener('click', (ev) => {
    const colour = closest(ev, 'button.colour');
    const die = closest(ev, '.die');
    const which = colour || die;
    if (!which) return;
    const d = pos.dice[Number(which.dataset.index)];
    if (colour) d.c = (d.c + 1) % 5; else d.n = d.n % 6 + 1;
    diceChanged();
  });
  $('#advise-dice').addEventListener('keydown', onKey);
  $('#dice-text').addEventListener('input', () => {
    const typed = parseDice(input('#dice-text').value);
    if (typed && typed.length === 5) pos.dice = typed;
    renderAdviseDice();
    scheduleAdvice();
  });
  $('#advise-card').addEventListener('change', onCardMenu);
  $('#card-text').addEventListener('input', () => { cardFromText(input('#card-text').value); scheduleAdvice(); });
  $('#rolls-left').addEventListener('change', scheduleAdvice);
  $('#advise').addEventListener('click', () => advice.now());
}
