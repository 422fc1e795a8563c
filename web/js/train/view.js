// The trainer's page drawn: a puzzle (its title, the card, the dice to hold, the boxes and
// the other choices), and the answer (the verdict, why, every option ranked).

import { $, cell, fmt } from '../dom.js';
import { setFace } from '../dice.js';
import { describe } from './session.js';

/** @typedef {import('./session.js').Puzzle} Puzzle */

const THEMES = /** @type {Record<string, string>} */ ({
  'upper-bonus': 'The upper bonus',
  'straights-vs-pairs': 'Straights against pairs',
  'chasing-yahtzee': 'Chasing a Yahtzee',
  joker: 'The Joker',
  'where-to-zero': 'Where to put a zero',
  endgame: 'The endgame',
});

/**
 * A button of class btn (secondary) with `text`, calling `pick` when pressed.
 * @param {string} text
 * @param {() => void} pick
 */
function button(text, pick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'btn secondary';
  b.textContent = text;
  b.addEventListener('click', pick);
  return b;
}

/**
 * Draws puzzle `p` (number `n` of `of`), the dice held as `held` says, its boxes in card
 * order (`order`, the boxes' names: never in the ranking's, which would give the answer
 * away); `choose` hears the player's choice.
 * @param {Puzzle} p
 * @param {number} n
 * @param {number} of
 * @param {boolean[]} held
 * @param {string[]} order
 * @param {(choice: {keep?: number[], mulligan?: boolean, box?: string, chanceChance?: boolean}) => void} choose
 */
export function showPuzzle(p, n, of, held, order, choose) {
  $('#puzzle-panel').hidden = false;
  $('#answer-panel').hidden = true;
  $('#puzzle-title').textContent = `Puzzle ${n} of ${of} · ${THEMES[p.theme] || p.theme} · ${p.difficulty}`;
  $('#puzzle-card').textContent = 'Card: ' + (p.card.trim() || 'empty') + ` (${p.report.points_so_far} points)`;
  const r = p.report.rolls_left;
  $('#puzzle-moment').textContent = r ? `${r} roll${r === 1 ? '' : 's'} left: hold some dice and reroll, or choose a box.` : 'No rolls left: choose a box.';
  const box = $('#puzzle-dice');
  [...box.children].forEach((d, i) => {
    const die = /** @type {HTMLElement} */ (d);
    die.hidden = i >= p.report.dice.length;
    setFace(die, p.report.dice[i] || 0);
    die.classList.toggle('kept', !!held[i]);
    die.setAttribute('aria-pressed', String(!!held[i]));
  });
  const options = p.report.options;
  /** @type {HTMLButtonElement} */ ($('#reroll')).disabled = !options.some((o) => o.keep && !o.mulligan);
  const extras = $('#extras');
  extras.textContent = '';
  if (options.some((o) => o.mulligan)) extras.append(button('Spend the mulligan', () => choose({ keep: keptDice(p, held), mulligan: true })));
  if (options.some((o) => o.chance_chance)) extras.append(button('Chance-chance', () => choose({ chanceChance: true })));
  const boxes = $('#boxes');
  boxes.textContent = '';
  const at = (/** @type {import('./session.js').ReportOption} */ o) => order.indexOf(o.category || '');
  for (const o of options.filter((x) => x.category && !x.chance_chance).sort((a, b) => at(a) - at(b))) {
    boxes.append(button(describe(o, p.report.dice.length), () => choose({ box: o.category })));
  }
}

/**
 * The dice held, by their faces.
 * @param {Puzzle} p
 * @param {boolean[]} held
 */
export const keptDice = (p, held) => p.report.dice.filter((_, i) => held[i]);

/**
 * Draws the answer to puzzle `p` after the player chose option `mine`.
 * @param {Puzzle} p
 * @param {number} mine
 * @param {boolean} last  no puzzle follows
 */
export function showAnswer(p, mine, last) {
  const options = p.report.options;
  const n = p.report.dice.length;
  const o = options[mine];
  const verdict = $('#verdict');
  const right = o.loss <= 1e-9;
  verdict.className = right ? 'right' : 'wrong';
  verdict.textContent = right
    ? `Right: ${describe(options[0], n)} is the best option.`
    : `Best: ${describe(options[0], n)}. Yours, ${describe(o, n)}, loses ${fmt(o.loss)} points.`;
  const other = right ? options[p.against] : o;
  const why = (other.explain && other.explain.why) || [];
  $('#why').textContent = !why.length ? '' : right
    ? `With ${describe(other, n)} instead: ${why.join(', ')}.`
    : `Why: with yours, ${why.join(', ')}.`;
  const table = $('#ranked');
  table.textContent = '';
  options.slice(0, 8).forEach((x, i) => {
    const tr = document.createElement('tr');
    if (i === mine) tr.className = 'mine';
    cell(tr, describe(x, n));
    cell(tr, i === 0 ? 'best' : '−' + fmt(x.loss), 'loss');
    table.append(tr);
  });
  $('#answer-panel').hidden = false;
  /** @type {HTMLButtonElement} */ ($('#next')).hidden = last;
}

/**
 * The proficiency test's score beside the reference players'.
 * @param {number} mine
 * @param {[string, number][]} reference
 */
export function showScore(mine, reference) {
  const box = $('#score');
  box.textContent = '';
  const h = document.createElement('p');
  h.textContent = `Your score: ${fmt(mine)} points lost per decision.`;
  const table = document.createElement('table');
  table.id = 'reference';
  for (const [who, loss] of reference) {
    const tr = document.createElement('tr');
    cell(tr, who);
    cell(tr, fmt(loss), 'loss');
    table.append(tr);
  }
  box.append(h, table);
}
