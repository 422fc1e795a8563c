// Painted Yahtzee's game as the page holds it: the seed and the dice stream, the card,
// the dice and the roll; what a move writes in its box.

import { freshSolo } from '../solo.js';
import { BOX, THRESHOLD, UPPER_BONUS, cardPoints, upperSum } from './card.js';

/** @typedef {import('./dice.js').Die} Die */
/** @typedef {import('./options.js').Option} Option */
/** @typedef {import('./options.js').Advice} Advice */

/** @type {import('../solo.js').Solo<Die | null, Advice> & { seed: number, rng: number, scores: import('./card.js').Scores, bonus: number, just: string | null }} */
export const game = {
  ...freshSolo(/** @type {Die | null} */ (null)),
  seed: 0,
  rng: 0,
  scores: {},
  bonus: 0,
  just: null,           // the box scored last
};

export const filled = () => Object.keys(game.scores).length;
export const total = () => cardPoints(game.scores, game.bonus);
/** The dice on screen (all rolled once a turn started). */
export const rolled = () => game.dice.map((d) => /** @type {Die} */ (d));

/**
 * What a move writes in its box: its points less the upper bonus it earns and the Yahtzee
 * bonus (an extra Yahtzee while the Yahtzee box holds 50), checked against the dice for an
 * upper box.
 * @param {Option} move
 */
export function written(move) {
  const nums = rolled().map((d) => d.n);
  const five = nums.every((n) => n === nums[0]);
  const yb = five && game.scores.yahtzee === 50 ? 100 : 0;
  const b = BOX[/** @type {string} */ (move.box)];
  const points = /** @type {number} */ (move.points);
  const raw = b.face ? nums.filter((n) => n === b.face).length * b.face : points - yb;
  const up = upperSum(game.scores);
  const ub = b.face && up < THRESHOLD && up + raw >= THRESHOLD ? UPPER_BONUS : 0;
  if (raw + ub + yb !== points || !b.holds.includes(raw)) return null;
  return { raw, yb };
}
