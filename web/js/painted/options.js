// Painted Yahtzee's options in words ("keep 5r 5y", "reroll all", "keep all (stop)",
// "score Fives (15)", as `yahtzee painted` writes them, the dice as coloured chips), the
// options table, the strategy line, and the one question the page asks.

import { api } from '../client.js';
import { valueOptions } from '../options.js';
import { BOX } from './card.js';
import { chip, parseDice } from './dice.js';

/**
 * @typedef {object} Option  one of POST /api/painted/advise's options
 * @property {string} action
 * @property {string} [keep]    the dice kept, as text ("5r 5y")
 * @property {string} [box]     a move: its box and points
 * @property {number} [points]
 * @property {boolean} [joker]
 * @property {number} value     the expected final total
 * @property {number} loss
 */

/**
 * @typedef {object} Advice
 * @property {Option[]} options
 * @property {number} expected_total
 * @property {string} strategy
 * @property {number} card_points
 * @property {string} dice
 * @property {number} rolls_left
 */

// What each strategy the API may name is, in words.
/** @type {Record<string, string>} */
const STRATEGIES = {
  exact: 'optimal play: the exact table of the game',
  split: 'each turn exact, against the number half and the painted half of the card, each solved exactly, added',
  'split+corrected': 'each turn exact, against the number half and the painted half of the card, each solved exactly, added, plus a correction fitted on simulated games: an estimate, not the exact optimum',
};

/** @param {Option} o */
const scoreWords = (o) => 'score ' + (o.box && BOX[o.box] ? BOX[o.box].label : o.box) + ' (' + o.points + (o.joker ? ', joker' : '') + ')';

/**
 * An option with its dice as chips.
 * @param {Option} o
 */
export function optionCell(o) {
  const frag = document.createDocumentFragment();
  if (o.keep === undefined) { frag.append(scoreWords(o)); return frag; }
  const kept = o.keep ? parseDice(o.keep) || [] : [];
  if (kept.length === 0) frag.append('reroll all');
  else if (kept.length === 5) frag.append('keep all (stop)');
  else { frag.append('keep '); kept.forEach((d) => frag.appendChild(chip(d))); }
  return frag;
}

/**
 * An option in plain words.
 * @param {Option} o
 */
export function optionWords(o) {
  if (o.keep === undefined) return scoreWords(o);
  const k = o.keep.trim();
  const n = k ? k.split(/\s+/).length : 0;
  return n === 0 ? 'reroll all' : n === 5 ? 'keep all (stop)' : 'keep ' + k;
}

/**
 * Options best first: #, the option, the expected final total, the loss against the best.
 * @param {HTMLElement} table
 * @param {Advice | null} advice
 * @param {number} limit
 */
export function showOptions(table, advice, limit) {
  valueOptions(table, advice && advice.options, limit, {
    choice: optionCell,
    value: (o) => o.value,
    loss: (o) => o.loss,
    valueTitle: 'expected final total',
    mark: (tr, o) => {
      tr.dataset.action = o.action;
      if (o.keep !== undefined) tr.dataset.keep = o.keep;
      if (o.box !== undefined) { tr.dataset.box = o.box; tr.dataset.points = String(o.points); }
    },
  });
}

/**
 * The strategy the advice came from, in words.
 * @param {HTMLElement} el
 * @param {string} name
 */
export function strategyLine(el, name) {
  el.textContent = '';
  el.dataset.strategy = name || '';
  if (!name) return;
  el.append('Strategy: ');
  const b = document.createElement('b');
  b.textContent = name;
  el.append(b, STRATEGIES[name] ? ' (' + STRATEGIES[name] + ')' : '');
}

/**
 * The advice for a position.
 * @param {{ card: string, dice: string, rolls_left: number }} body
 * @param {() => boolean} isCurrent
 * @returns {Promise<Advice>}
 */
export const ask = (body, isCurrent) => api('/api/painted/advise', { game: 'painted', ...body }, isCurrent);
