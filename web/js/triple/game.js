// Triple Yahtzee's game as the page holds it: three columns scored ×1, ×2 and ×3 (39
// turns), the Yahtzee bonus (1978 chips, or the forum's), the card in the API's syntax,
// and what a move writes.

/**
 * @typedef {object} Option  one of POST /api/advise's options (game "triple")
 * @property {string} option      in words
 * @property {number} loss
 * @property {number} ev_remaining
 * @property {number[]} [keep]
 * @property {number} [column]    a move: its column (1..3), box and points
 * @property {string} [category]
 * @property {number} [points]
 */

/**
 * @typedef {object} Advice
 * @property {Option[]} options
 * @property {number} total          the points on the card
 * @property {number} expected_final
 * @property {string} variant
 * @property {string} strategy
 */

import { freshSolo } from '../solo.js';

/** @type {[string, string, number][]} name, label, face (upper boxes) */
export const BOXES = [
  ['ones', 'Ones', 1], ['twos', 'Twos', 2], ['threes', 'Threes', 3], ['fours', 'Fours', 4],
  ['fives', 'Fives', 5], ['sixes', 'Sixes', 6], ['three_of_a_kind', 'Three of a kind', 0],
  ['four_of_a_kind', 'Four of a kind', 0], ['full_house', 'Full house', 0],
  ['small_straight', 'Small straight', 0], ['large_straight', 'Large straight', 0],
  ['yahtzee', 'Yahtzee', 0], ['chance', 'Chance', 0],
];
const FACE = Object.fromEntries(BOXES.map(([n, , f]) => [n, f]));
export const TURNS = 39;

/** @type {import('../solo.js').Solo<number, Advice> & { variant: string, strategy: string, scores: Record<string, number>[], bonus: number, yahtzees: number, just: [number, string] | null }} */
export const game = {
  ...freshSolo(0),
  variant: '1978',
  strategy: 'fitted',
  scores: [{}, {}, {}], // per column: box -> score as written (not multiplied)
  bonus: 0,             // Yahtzee bonus points (1978 chips, forum bonuses): not multiplied
  yahtzees: 0,          // forum rules: turns that ended with five of a kind
  just: null,           // [column, box] scored last
};

export function filled() { return game.scores.reduce((n, c) => n + Object.keys(c).length, 0); }
/** @param {number} c */
export function upperSum(c) { return BOXES.filter(([n, , f]) => f && game.scores[c][n] !== undefined).reduce((s, [n]) => s + game.scores[c][n], 0); }
/** @param {number} c */
export function columnTotal(c) {
  const all = Object.values(game.scores[c]).reduce((s, v) => s + v, 0);
  return (c + 1) * (all + (upperSum(c) >= 63 ? 35 : 0));
}
export function total() { return columnTotal(0) + columnTotal(1) + columnTotal(2) + game.bonus; }

/** The card in the API's syntax: "1.ones=3 3.yahtzee=50 bonus=100" (+ "yahtzees=N", forum). */
export function cardText() {
  const parts = [];
  game.scores.forEach((col, c) => {
    for (const [n] of BOXES) if (col[n] !== undefined) parts.push((c + 1) + '.' + n + '=' + col[n]);
  });
  if (game.bonus) parts.push('bonus=' + game.bonus);
  if (game.variant === 'forum' && game.yahtzees) parts.push('yahtzees=' + game.yahtzees);
  return parts.join(' ');
}

/**
 * The Yahtzee bonus a move earns with five of a kind.
 * @param {number} c     its column, from 0
 * @param {string} box
 */
function yahtzeeBonus(c, box) {
  if (game.variant === '1978') return game.scores[c].yahtzee === 50 ? 100 : 0;
  // Forum: 100 x column for the 2nd or 3rd Yahtzee written in a Yahtzee box; 300 for the
  // 4th or later once all three Yahtzee boxes hold 50.
  const before = game.yahtzees;
  const inYahtzee = box === 'yahtzee';
  const all50 = [0, 1, 2].every((k) => (k === c && inYahtzee ? 50 : game.scores[k].yahtzee) === 50);
  if (before === 1 || before === 2) return inYahtzee ? 100 * (c + 1) : 0;
  return before >= 3 && all50 ? 300 : 0;
}

/**
 * What a move writes: the box's score (from the dice for an upper box, else from the
 * move's points less the bonuses) and the Yahtzee bonus it earns, checked against the
 * points the API says the move adds.
 * @param {Option} move
 */
export function written(move) {
  const c = /** @type {number} */ (move.column) - 1;
  const mult = c + 1;
  const box = /** @type {string} */ (move.category);
  const points = /** @type {number} */ (move.points);
  const five = game.dice.every((d) => d === game.dice[0]);
  const yb = five ? yahtzeeBonus(c, box) : 0;
  const face = FACE[box];
  const raw = face ? game.dice.filter((d) => d === face).length * face : (points - yb) / mult;
  const up = upperSum(c);
  const ub = face && up < 63 && up + raw >= 63 ? 35 : 0;
  if (!Number.isInteger(raw) || mult * (raw + ub) + yb !== points) return null;
  return { raw, yb, five };
}
