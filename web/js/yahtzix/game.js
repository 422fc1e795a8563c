// Yahtzix's game as the page holds it (crates/yahtzee-yahtzix/src/sim.rs): the seats and
// their scores, the turn, the offer, the last turns, the winners; the position the page
// asks the API about, the players' names and the game log.

import { $ } from '../dom.js';
import { hooks } from '../hooks.js';

/**
 * @typedef {object} Option  one of POST /api/advise's options (game "yahtzix")
 * @property {string} option
 * @property {number} loss
 * @property {number} p_win
 * @property {number} [p_table]
 * @property {number} [p_table_ci95]
 * @property {boolean} [bank]
 * @property {number[]} [keep]
 * @property {boolean} [go_for_it]
 * @property {boolean} [roll_fresh]
 */

/**
 * @typedef {object} Advice
 * @property {Option[]} options
 * @property {boolean} [bust]
 * @property {number} p_win
 * @property {number} players
 * @property {number} against       the leader, heads-up (three or more players)
 * @property {string} strategy
 * @property {{ kind: string }} [table_chance]
 * @property {number} to_move
 * @property {string} seat
 * @property {number} target
 */

/** @typedef {{ total: number, left: number, from: number }} Offer */
/** @typedef {{ roll: number, total: number, held: number }} Turn */

export const OPENING = 30;
/** @param {number} p */
export const pct = (p) => (100 * p).toFixed(1) + '%';
/** @param {number} n */
export const nDice = (n) => n + (n === 1 ? ' die' : ' dice');

export const game = {
  gen: 0,
  target: 2000,
  four: true,
  players: 2,
  human: 0,             // the seat you play, from 0 (seat 1 starts every round)
  scores: [0, 0],       // by seat
  toMove: 0,
  offer: /** @type {Offer | null} */ (null), // the previous seat banked with dice left over
  lastTurn: false,      // someone reached the target: the round's other seats have a last turn
  winners: /** @type {number[] | null} */ (null), // the seats with the highest score at the end
  turn: /** @type {Turn | null} */ (null), // the next roll's number, points set aside, dice in hand
  dice: /** @type {number[]} */ ([]),     // the dice just rolled
  advice: /** @type {Advice | null} */ (null), // the API's advice for the mover now
  lost: 0,              // your chance to win given away, summed
  busy: false,
};

/** What a press on an option's button does (set by the game's module). */
export const actions = { choose: /** @type {(i: number) => void} */ (() => {}) };

export const over = () => game.winners !== null;
/** "You", and the bots: "Bot" against one, "Bot 3" (its seat) at a larger table. */
/** @param {number} seat */
export const who = (seat) => (seat === game.human ? 'You' : game.players === 2 ? 'Bot' : 'Bot ' + (seat + 1));
/** @param {number} seat */
export const whoLower = (seat) => (seat === game.human ? 'you' : who(seat));
export const isHuman = () => game.toMove === game.human;
export const headsUp = () => game.players > 2;

/**
 * "you", "Bot 3", "Bot 3 and you", "Bots 2, 3 and you" for a list of seats.
 * @param {number[]} seats
 */
export function names(seats) {
  const parts = seats.map(whoLower);
  return parts.length === 1 ? parts[0] : parts.slice(0, -1).join(', ') + ' and ' + parts[parts.length - 1];
}

/** The position of the seat to move, as the API takes it. */
export function position() {
  const p = game.toMove;
  /** @type {Record<string, unknown>} */
  const q = { game: 'yahtzix', target: game.target, four_of_a_kind: game.four };
  if (game.players === 2) Object.assign(q, { me: game.scores[p], opp: game.scores[1 - p], second: p === 1 });
  else Object.assign(q, { scores: game.scores.slice(), seat: p + 1 });
  if (game.turn && game.dice.length) {
    q.dice = game.dice.join('');
    q.roll = game.turn.roll;
    q.total = game.turn.total;
    q.held = game.turn.held;
  } else if (game.offer) {
    q.offer = game.offer.total + ':' + game.offer.left;
  }
  return q;
}

// For the tests: the position the page would ask about now and the advice it shows, and
// every choice made.
hooks.yahtzixChoices = [];
hooks.yahtzixState = () => ({ position: position(), advice: game.advice, scores: game.scores.slice(),
  toMove: game.toMove, human: game.human, players: game.players, lastTurn: game.lastTurn, winners: game.winners,
  busy: game.busy, buttons: document.querySelectorAll('#play-options button.choose').length });

/**
 * A line of the game log, newest first (a bot's in its colour).
 * @param {string} text
 * @param {number} seat
 */
export function log(text, seat) {
  const li = document.createElement('li');
  li.textContent = text;
  if (seat !== game.human) li.className = 'bot';
  $('#log').prepend(li);
}

/** The result line's words, once the game is over. */
export function resultText() {
  const w = game.winners || [];
  const mine = game.scores[game.human];
  let text;
  if (game.players === 2) {
    text = (w.length > 1 ? 'A tie' : w[0] === game.human ? 'You win' : 'The bot wins')
      + ' ' + mine + ' to ' + game.scores[1 - game.human];
  } else if (w.length === 1) {
    text = (w[0] === game.human ? 'You win' : who(w[0]) + ' wins') + ' with ' + game.scores[w[0]]
      + (w[0] === game.human ? '' : ' (you: ' + mine + ')');
  } else {
    const share = ['', '', 'a half', 'a third', 'a quarter', 'a fifth', 'a sixth', 'a seventh', 'an eighth'][w.length];
    text = 'A shared win at ' + game.scores[w[0]] + ': ' + names(w) + ' (' + share + ' each)'
      + (w.includes(game.human) ? '' : '; you: ' + mine);
  }
  return text + ' (your choices gave away ' + pct(game.lost) + ' of chance to win in all'
    + (headsUp() ? ', heads-up' : '') + ').';
}
