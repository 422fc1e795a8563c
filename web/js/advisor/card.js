// The advisor's scorecard: a menu per box of the scores it can hold, the extra Yahtzee
// bonus and the house rules used once a game; read and written as the CLI's card text
// ("ones=3 fours=12 yahtzee_bonus=100 mulligan=used").

import { $, cell, maybe } from '../dom.js';
import { upperRule } from '../yahtzee/rules.js';
import { state } from './state.js';

/** @typedef {import('../yahtzee/types.js').Card} Card */
/** @typedef {{ boxes: Record<string, number>, yb: number, mulligan: boolean, mega: boolean }} Values */

const BONUS_KEYS = ['yahtzee_bonus', 'yb', 'bonus_yahtzee', 'yahtzee_bonuses'];

/**
 * A card text's values (what does not read is left out).
 * @param {string} text
 * @returns {Values}
 */
export function parseCardText(text) {
  /** @type {Values} */
  const out = { boxes: {}, yb: 0, mulligan: false, mega: false };
  for (const tok of String(text || '').split(/[\s,]+/)) {
    const i = tok.indexOf('=');
    if (i <= 0) continue;
    const k = tok.slice(0, i).trim().toLowerCase();
    const v = tok.slice(i + 1).trim().toLowerCase();
    if (BONUS_KEYS.includes(k)) out.yb = parseInt(v, 10) || 0;
    else if (k === 'mulligan') out.mulligan = v === 'used';
    else if (k === 'mega') out.mega = v === 'used';
    else if (/^\d+$/.test(v)) out.boxes[k] = parseInt(v, 10);
  }
  return out;
}

/**
 * A row of a label and a control.
 * @param {HTMLElement} tbody
 * @param {string} label
 * @param {string | Node} content
 * @param {string} [cls]
 */
function row(tbody, label, content, cls) {
  const tr = document.createElement('tr');
  if (cls) tr.className = cls;
  cell(tr, label);
  const td = cell(tr, content);
  tbody.appendChild(tr);
  return { tr, td };
}

/**
 * A menu of `values`, `label` for a screen reader.
 * @param {string} label
 * @param {(string | number)[]} values
 */
function menu(label, values) {
  const sel = document.createElement('select');
  sel.setAttribute('aria-label', label);
  for (const v of values) sel.add(new Option(String(v), String(v)));
  return sel;
}

/**
 * A house rule used once per game: a row with a checkbox.
 * @param {HTMLElement} tbody
 * @param {string} id
 * @param {string} text
 * @param {boolean} checked
 */
function usedRow(tbody, id, text, checked) {
  const cb = document.createElement('input');
  cb.type = 'checkbox';
  cb.id = id;
  cb.checked = checked;
  cb.setAttribute('aria-label', text.toLowerCase());
  row(tbody, text, cb);
}

/**
 * Draws `card` with `values` where they fit.
 * @param {Card} card
 * @param {Values} values
 */
export function buildCard(card, values) {
  const table = $('#card');
  table.textContent = '';
  const tbody = document.createElement('tbody');
  let lastUpper = -1;
  card.boxes.forEach((b, i) => { if (b.upper) lastUpper = i; });
  card.boxes.forEach((b, i) => {
    const sel = menu(b.label, b.scores);
    sel.dataset.box = b.name;
    sel.insertBefore(new Option('— open', ''), sel.firstChild);
    sel.value = '';
    const v = values.boxes[b.name];
    if (v !== undefined && b.scores.includes(v)) sel.value = String(v);
    row(tbody, b.label, sel).tr.dataset.box = b.name;
    if (i === lastUpper) row(tbody, 'Upper total', '', 'sum').td.id = 'upper-total';
  });
  if (card.yahtzee_bonus) {
    const sel = menu('extra Yahtzee bonus', Array.from({ length: 13 }, (_, k) => 100 * k));
    sel.id = 'yahtzee-bonus';
    if (values.yb % 100 === 0 && values.yb <= 1200) sel.value = String(values.yb);
    row(tbody, 'Extra Yahtzee bonus', sel);
  }
  if (card.mulligan) usedRow(tbody, 'mulligan-used', 'Mulligan used', values.mulligan);
  if (card.mega_yahtzee) usedRow(tbody, 'mega-used', 'Sixth die used', values.mega);
  row(tbody, 'Points so far', '', 'sum').td.id = 'points-so-far';
  table.appendChild(tbody);
}

/**
 * A box's menu.
 * @param {string} name
 * @returns {HTMLSelectElement | null}
 */
const boxMenu = (name) => /** @type {HTMLSelectElement | null} */ (maybe('#card select[data-box="' + name + '"]'));

/** @param {string} sel */
const checked = (sel) => { const el = /** @type {HTMLInputElement | null} */ (maybe(sel)); return !!el && el.checked; };

/** The extra Yahtzee bonus on the card (0 without one). */
function extraBonus() {
  const yb = /** @type {HTMLSelectElement | null} */ (maybe('#yahtzee-bonus'));
  return yb ? Number(yb.value) : 0;
}

/** The card on screen in CLI syntax. */
export function cardText() {
  if (!state.card) return '';
  const parts = [];
  for (const b of state.card.boxes) {
    const sel = boxMenu(b.name);
    if (sel && sel.value !== '') parts.push(b.name + '=' + sel.value);
  }
  if (extraBonus() > 0) parts.push('yahtzee_bonus=' + extraBonus());
  if (checked('#mulligan-used')) parts.push('mulligan=used');
  if (checked('#mega-used')) parts.push('mega=used');
  return parts.join(' ');
}

/** The upper total and the points so far. */
export function updateTotals() {
  if (!state.card) return;
  let upper = 0, sum = 0;
  for (const b of state.card.boxes) {
    const sel = boxMenu(b.name);
    const v = sel && sel.value !== '' ? Number(sel.value) : 0;
    sum += v;
    if (b.upper) upper += v;
  }
  const u = upperRule(state.card, state.cardName);
  const bonus = upper >= u.threshold ? u.bonus : 0;
  const ut = maybe('#upper-total');
  if (ut) ut.textContent = upper + ' / ' + u.threshold + (bonus ? ' (+' + bonus + ')' : '');
  const ps = maybe('#points-so-far');
  if (ps) ps.textContent = String(sum + bonus + extraBonus());
}
