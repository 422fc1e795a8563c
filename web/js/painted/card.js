// Painted Yahtzee's card: 23 boxes in three parts (Yahtzee's 13 scored by the numbers, ten
// by the colours), the scores each can hold, the card text the API reads, the points, and
// the card drawn (an open box's cell filled by the page: a move button or a menu).

import { LETTERS } from './dice.js';

/**
 * @typedef {object} Box
 * @property {string} name     the API's
 * @property {string} label
 * @property {string} part     'upper', 'lower' or 'painted'
 * @property {number} [face]   upper boxes
 * @property {number} [colour] colour boxes
 * @property {number[]} holds  the scores it can hold (crates/yahtzee-painted/src/card.rs, can_hold)
 */

/** @param {number} a @param {number} b @param {number} [step] */
export const range = (a, b, step = 1) => { const v = []; for (let x = a; x <= b; x += step) v.push(x); return v; };
const SUMS = [0, ...range(5, 30)];
/** @param {string} n */
const title = (n) => n[0].toUpperCase() + n.slice(1);

/** @type {Box[]} the boxes in card order */
export const BOXES = [
  ...['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'].map((n, i) =>
    ({ name: n, label: title(n), part: 'upper', face: i + 1, holds: range(0, 5 * (i + 1), i + 1) })),
  { name: 'three_of_a_kind', label: 'Three of a kind', part: 'lower', holds: SUMS },
  { name: 'four_of_a_kind', label: 'Four of a kind', part: 'lower', holds: SUMS },
  { name: 'full_house', label: 'Full house', part: 'lower', holds: [0, 25] },
  { name: 'small_straight', label: 'Small straight', part: 'lower', holds: [0, 30] },
  { name: 'large_straight', label: 'Large straight', part: 'lower', holds: [0, 40] },
  { name: 'yahtzee', label: 'Yahtzee', part: 'lower', holds: [0, 50] },
  { name: 'chance', label: 'Chance', part: 'lower', holds: range(5, 30) },
  ...['red', 'yellow', 'green', 'blue', 'purple'].map((n, c) => ({ name: n, label: title(n), part: 'painted', colour: c, holds: range(0, 30) })),
  { name: 'four_of_a_color', label: 'Four of a color', part: 'painted', holds: SUMS },
  { name: 'painted_house', label: 'Painted house', part: 'painted', holds: [0, 25] },
  { name: 'rainbow', label: 'Rainbow', part: 'painted', holds: [0, 40] },
  { name: 'flush', label: 'Flush', part: 'painted', holds: [0, 50] },
  { name: 'palette', label: 'Palette', part: 'painted', holds: range(5, 30) },
];
/** @type {Record<string, Box>} */
export const BOX = Object.fromEntries(BOXES.map((b) => [b.name, b]));
export const TURNS = BOXES.length;
const PARTS = [['upper', 'Numbers: upper section'], ['lower', 'Numbers: lower section'], ['painted', 'Colours']];
export const THRESHOLD = 63;
export const UPPER_BONUS = 35;

/** @typedef {Record<string, number>} Scores  box name -> score */

/**
 * A card in the API's syntax: its boxes and the Yahtzee bonus won.
 * @param {Scores} scores
 * @param {number} bonus
 */
export function cardText(scores, bonus) {
  const parts = BOXES.filter((b) => scores[b.name] !== undefined).map((b) => b.name + '=' + scores[b.name]);
  if (bonus) parts.push('yahtzee_bonus=' + bonus);
  return parts.join(' ');
}

/**
 * The boxes of a card text this page can show (the server checks the rest and says what
 * is wrong).
 * @param {string | null} text
 * @returns {{ scores: Scores, bonus: number, ok: boolean }}
 */
export function parseCard(text) {
  /** @type {Scores} */
  const scores = {};
  let bonus = 0;
  let ok = true;
  for (const pair of String(text || '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^([a-z_-]+)=(\d+)$/i.exec(pair);
    const name = m ? m[1].toLowerCase().replace(/-/g, '_').replace('colour', 'color') : '';
    const v = m ? Number(m[2]) : NaN;
    if (m && (name === 'yahtzee_bonus' || name === 'bonus') && v % 100 === 0) bonus = v;
    else if (m && BOX[name] && BOX[name].holds.includes(v) && scores[name] === undefined) scores[name] = v;
    else ok = false;
  }
  return { scores, bonus, ok };
}

/** @param {Scores} scores */
export const upperSum = (scores) => BOXES.filter((b) => b.face && scores[b.name] !== undefined).reduce((s, b) => s + scores[b.name], 0);

/** @param {Scores} scores @param {number} bonus */
export function cardPoints(scores, bonus) {
  const boxes = Object.values(scores).reduce((s, v) => s + v, 0);
  return boxes + (upperSum(scores) >= THRESHOLD ? UPPER_BONUS : 0) + bonus;
}

/** A box's label, with its colour's swatch. */
/** @param {Box} b */
function boxLabel(b) {
  const frag = document.createDocumentFragment();
  if (b.colour !== undefined) {
    const s = document.createElement('span');
    s.className = 'swatch c-' + LETTERS[b.colour];
    frag.appendChild(s);
  }
  frag.appendChild(document.createTextNode(b.label));
  return frag;
}

/**
 * Draws a card: the boxes by part, the upper sum and bonus, the Yahtzee bonus, the total.
 * `cellFor(box, td, score)` fills a box's score cell (a move button, a menu); without it
 * a filled box shows its score.
 * @param {HTMLElement} table
 * @param {Scores} scores
 * @param {number} bonus
 * @param {((b: Box, td: HTMLTableCellElement, v: number | undefined) => void) | null} cellFor
 * @param {string | null} [just]  the box scored last
 */
export function drawCard(table, scores, bonus, cellFor, just) {
  table.textContent = '';
  const body = document.createElement('tbody');
  /** @param {string | Node} label @param {string} content @param {string} [cls] */
  const row = (label, content, cls) => {
    const tr = document.createElement('tr');
    if (cls) tr.className = cls;
    const th = document.createElement('td');
    th.append(label);
    tr.appendChild(th);
    const td = document.createElement('td');
    td.className = 'score';
    td.textContent = content;
    tr.appendChild(td);
    body.appendChild(tr);
    return td;
  };
  for (const [part, heading] of PARTS) {
    const tr = document.createElement('tr');
    tr.className = 'part';
    const td = document.createElement('td');
    td.colSpan = 2;
    td.textContent = heading;
    tr.appendChild(td);
    body.appendChild(tr);
    for (const b of BOXES.filter((x) => x.part === part)) {
      const cell = row(boxLabel(b), '');
      cell.dataset.box = b.name;
      const v = scores[b.name];
      if (cellFor) cellFor(b, cell, v);
      else if (v !== undefined) cell.textContent = String(v);
      if (v !== undefined && just === b.name) cell.classList.add('just');
    }
    if (part === 'upper') {
      const up = upperSum(scores);
      row('Upper total (35 at 63)', up + (up >= THRESHOLD ? ' +35' : ''), 'sum');
    }
  }
  row('Yahtzee bonus', String(bonus), 'sum').dataset.box = 'yahtzee_bonus';
  const total = cardPoints(scores, bonus);
  row('Total', String(total), 'sum');
  table.appendChild(body);
  table.dataset.total = String(total);
  return total;
}
