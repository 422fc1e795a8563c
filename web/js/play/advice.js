// The engine's advice in the game: asked for a player's dice (or, with the sixth die in
// hand, before the first roll), checked for what the game needs, and read: the options a
// player can still take, an option's loss, a keep's or a box's option.

import { api } from '../client.js';
import { sameMultiset } from '../dice.js';
import { cardText } from './card.js';
import { game, player } from './state.js';

/** @typedef {import('../yahtzee/types.js').Advice} Advice */
/** @typedef {import('../yahtzee/types.js').Option} Option */
/** @typedef {import('./state.js').Who} Who */

/**
 * Advice for a player's dice; an answer without options is an error, not an empty choice.
 * @param {Who} who
 * @param {number[]} dice
 * @param {number} rollsLeft
 * @param {number} gen
 * @returns {Promise<Advice>}
 */
export async function advise(who, dice, rollsLeft, gen) {
  const data = await api('/api/advise', {
    rules: game.rules, scorecard: cardText(who),
    dice: dice.join(''), rolls_left: rollsLeft,
  }, () => gen === game.gen);
  if (!data || !Array.isArray(data.options) || data.options.length === 0) {
    throw new Error('unexpected answer from the server: no options for the dice ' + dice.join(' '));
  }
  // Six dice after the last roll: each box must say which five dice it scores.
  if (dice.length === 6 && data.options.some((/** @type {Option} */ o) => o.score !== undefined &&
      !(Array.isArray(o.scored) && o.scored.length === 5))) {
    throw new Error('unexpected answer from the server: a box without the five dice it scores');
  }
  return data;
}

/**
 * The turn-start question of mega-yahtzee (no dice): take the sixth die or roll five.
 * @param {Who} who
 * @param {number} gen
 * @returns {Promise<Advice>}
 */
export async function adviseSixthDie(who, gen) {
  const data = await api('/api/advise', { rules: game.rules, scorecard: cardText(who) },
    () => gen === game.gen);
  /** @type {Option[]} */
  const opts = data && Array.isArray(data.options) ? data.options : [];
  if (!opts.some((o) => o.sixth_die === true) || !opts.some((o) => o.sixth_die === false)) {
    throw new Error('unexpected answer from the server to "take the sixth die?"');
  }
  return data;
}

/**
 * The options a player can still take (a mulligan spent in the first turn is not on the
 * card text, so the server may still offer it).
 * @param {Advice} adv
 * @param {Who} who
 */
export function usable(adv, who) {
  const spent = player(who).mulligan;
  return adv.options.filter((o) => !(o.mulligan && spent));
}

/**
 * An option's loss against the best of those a player can take.
 * @param {Advice} adv
 * @param {Option} opt
 * @param {Who} who
 */
export function lossIn(adv, opt, who) {
  const best = Math.max(...usable(adv, who).map((o) => o.ev_remaining));
  return Math.max(0, best - opt.ev_remaining);
}

/**
 * @param {Advice | null} adv
 * @param {number[]} keep
 * @param {boolean} mulligan
 */
export const findKeep = (adv, keep, mulligan) =>
  adv && adv.options.find((o) => o.keep && !!o.mulligan === mulligan && sameMultiset(o.keep, keep));

/**
 * @param {Advice | null} adv
 * @param {string} name
 */
export const boxOption = (adv, name) =>
  adv && adv.options.find((o) => o.category === name && !o.chance_chance && o.score !== undefined);

/**
 * The loss of taking the sixth die now (take = true) or of rolling five dice (false).
 * @param {boolean} take
 */
export function sixthDieLoss(take) {
  const adv = game.startAdvice;
  const opt = adv && adv.options.find((o) => o.sixth_die === take);
  if (!adv || !opt) return null;
  const best = Math.max(...adv.options.map((o) => o.ev_remaining));
  return Math.max(0, best - opt.ev_remaining);
}
