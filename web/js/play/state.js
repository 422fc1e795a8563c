// The game against the engine (play.html), as the page holds it: one object shared by its
// modules. `gen` changes with every new game so that late answers and the engine's pending
// steps of an abandoned game are dropped.

/** @typedef {import('../yahtzee/types.js').Card} Card */
/** @typedef {import('../yahtzee/types.js').Advice} Advice */
/** @typedef {'you' | 'engine'} Who */

/**
 * @typedef {object} Player
 * @property {Record<string, number>} scores  box -> score written
 * @property {number} yb          extra Yahtzee bonus points
 * @property {boolean} mulligan   the mulligan is spent
 * @property {boolean} mega       the sixth die is taken
 * @property {number} megaBonus   points earned with it
 */

/** @returns {Player} */
export const newPlayer = () => ({ scores: {}, yb: 0, mulligan: false, mega: false, megaBonus: 0 });

export const game = {
  gen: 0,
  rules: '',            // effective rule name ("forced+mulligan")
  card: /** @type {Card} */ ({ boxes: [] }), // /api/card answer
  players: /** @type {Record<Who, Player> | null} */ (null),
  turn: /** @type {Who} */ ('you'),
  dice: [0, 0, 0, 0, 0],// five dice, six on a mega-yahtzee turn (0 = not rolled yet)
  kept: [false, false, false, false, false],
  rolls: 0,             // rolls made this turn (0..3)
  six: false,           // this turn is played with the sixth die (mega-yahtzee)
  startAdvice: /** @type {Advice | null} */ (null), // before your first roll, with the sixth die in hand
  mulliganMode: false,  // you pressed "Mulligan": choose dice for the fourth roll
  mulliganRolled: false,// the mulligan's roll was made this turn
  advice: /** @type {Advice | null} */ (null),    // advice for your position (rolls_left = 3 - rolls)
  boxAdvice: /** @type {Advice | null} */ (null), // advice with rolls_left 0: the boxes' scores for these dice
  busy: false,
  over: true,
  cost: 0,              // your decisions' total cost in expected points
  retry: /** @type {(() => void) | null} */ (null), // what "Try again" does after an error
  just: /** @type {Record<Who, string | null>} */ ({ you: null, engine: null }), // the box each scored last
};

/** A player (there is one once a game started). */
/** @param {Who} who */
export function player(who) {
  if (!game.players) throw new Error('no game yet');
  return game.players[who];
}

/** What happens once a turn is over (set by the page: the next turn, or the end). */
export const flow = { endTurn: /** @type {(who: Who) => void} */ (() => {}) };

export const noDice = (/** @type {number} */ n) => Array(n).fill(0);
export const noKeeps = (/** @type {number} */ n) => Array(n).fill(false);

/** A fresh turn for `who`: no dice rolled, nothing kept, no advice. */
/** @param {Who} who */
export function freshTurn(who) {
  Object.assign(game, {
    turn: who, dice: noDice(5), kept: noKeeps(5), rolls: 0, six: false, startAdvice: null,
    mulliganMode: false, mulliganRolled: false, advice: null, boxAdvice: null,
  });
}
