// The Triple Yahtzee card on screen (#tcard): a row per box, three columns ×1 ×2 ×3, each
// open box a button with what the dice would score there; the sums and the total.

import { $, input } from '../dom.js';
import { BOXES, columnTotal, game, total, upperSum } from './game.js';

/**
 * @param {HTMLElement} body
 * @param {string} label
 * @param {HTMLElement[]} cells
 * @param {string} [cls]
 */
function row(body, label, cells, cls) {
  const tr = document.createElement('tr');
  if (cls) tr.className = cls;
  const th = document.createElement('td');
  th.textContent = label;
  tr.appendChild(th);
  cells.forEach((c) => { c.classList.add('score'); tr.appendChild(c); });
  body.appendChild(tr);
}

/** @param {string} t */
const text = (t) => { const td = document.createElement('td'); td.textContent = t; return td; };

function head() {
  const thead = document.createElement('thead');
  const hr = document.createElement('tr');
  for (const t of ['Box', '×1', '×2', '×3']) {
    const th = document.createElement('th');
    th.textContent = t;
    th.scope = 'col';
    hr.appendChild(th);
  }
  thead.appendChild(hr);
  return thead;
}

/**
 * A box's cell in column `c`: its score, or a button to score there.
 * @param {number} c
 * @param {string} name
 * @param {string} label
 * @param {(column: number, box: string) => void} score
 */
function boxCell(c, name, label, score) {
  const td = document.createElement('td');
  td.dataset.column = String(c + 1);
  td.dataset.box = name;
  const v = game.scores[c][name];
  if (v !== undefined) {
    td.textContent = String(v);
    if (game.just && game.just[0] === c && game.just[1] === name) td.classList.add('just');
    return td;
  }
  const m = game.moves && !game.busy && game.moves.options.find((o) => o.column === c + 1 && o.category === name);
  if (!m) return td;
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.textContent = String(m.points);
  btn.setAttribute('aria-label', 'score ' + label + ' in column ' + (c + 1) + ': ' + m.points + ' points');
  if (input('#show-hint').checked && game.moves && game.moves.options[0] === m && game.rolls === 3) btn.classList.add('best');
  btn.addEventListener('click', () => score(c + 1, name));
  td.appendChild(btn);
  return td;
}

/**
 * @param {(column: number, box: string) => void} score  what a box's button does
 */
export function renderCard(score) {
  const table = $('#tcard');
  table.textContent = '';
  table.appendChild(head());
  const body = document.createElement('tbody');
  const cols = [0, 1, 2];
  BOXES.forEach(([name, label], b) => {
    row(body, label, cols.map((c) => boxCell(c, name, label, score)));
    if (b === 5) row(body, 'Upper total', cols.map((c) => text(upperSum(c) + (upperSum(c) >= 63 ? ' +35' : ''))), 'sum');
  });
  row(body, 'Column total', cols.map((c) => text(String(columnTotal(c)))), 'sum');
  row(body, 'Yahtzee bonus', [text(String(game.bonus)), text(''), text('')], 'sum');
  $('#card-total').textContent = '· ' + total() + ' points';
  table.appendChild(body);
  table.dataset.total = String(total());
}
