// Triple Yahtzee's options table: each option in the API's words, its expected final total
// (the card's points plus what is to come) and its loss.

import { valueOptions } from '../options.js';

/**
 * @param {HTMLElement} table
 * @param {import('./game.js').Advice | null} advice
 * @param {number} limit
 */
export function showOptions(table, advice, limit) {
  valueOptions(table, advice && advice.options, limit, {
    choice: (o) => o.option,
    value: (o) => (advice ? advice.total : 0) + o.ev_remaining,
    loss: (o) => o.loss,
  });
}
