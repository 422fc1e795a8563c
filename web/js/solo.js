// A one-player game of three rolls a turn with hints (Triple Yahtzee, Painted Yahtzee):
// the turn line, the roll button, keeping dice, asking the advice for the dice and every
// box they may go in, what a move cost, and the end. Each game's module holds its card,
// its dice and its options.

import { $, closest, fmt, setError } from './dom.js';
import { Stale } from './stale.js';

/**
 * @template D, A
 * @typedef {object} Solo  the game as such a page holds it
 * @property {number} gen       changes with every new game (late answers are dropped)
 * @property {D[]} dice
 * @property {boolean[]} kept
 * @property {number} rolls     rolls made this turn (0..3)
 * @property {A | null} advice  the advice for the dice (rolls_left = 3 - rolls)
 * @property {A | null} moves   the same dice after the last roll: every box they may go in
 * @property {number} cost      your decisions' cost in expected points
 * @property {boolean} busy
 * @property {boolean} over
 */

/**
 * A game's shared fields before its first roll, `empty` standing for a die not rolled.
 * @template D
 * @param {D} empty
 */
export function freshSolo(empty) {
  return {
    gen: 0, dice: Array(5).fill(empty), kept: Array(5).fill(false), rolls: 0,
    advice: null, moves: null, cost: 0, busy: false, over: false,
  };
}

/**
 * The turn line, the roll button and the running cost.
 * @param {Solo<unknown, unknown>} game
 * @param {number} turn    this turn's number, from 1
 * @param {number} turns
 */
export function renderTurn(game, turn, turns) {
  $('#turn-info').textContent = game.over ? 'Game over'
    : 'Turn ' + turn + ' of ' + turns + ' · ' + (game.rolls === 0 ? 'roll the dice' : (game.rolls === 2 ? '1 roll left' : (3 - game.rolls) + ' rolls left'));
  const roll = /** @type {HTMLButtonElement} */ ($('#roll'));
  roll.disabled = game.busy || game.over || game.rolls >= 3;
  roll.textContent = game.rolls === 0 ? 'Roll' : 'Roll again';
  $('#cost-total').textContent = 'Your decisions so far cost ' + fmt(game.cost) + ' expected points.';
}

/** Whether the dice may be kept now (between rolls). */
/** @param {Solo<unknown, unknown>} game */
export const canKeep = (game) => !game.busy && !game.over && game.rolls > 0 && game.rolls < 3;

/**
 * A press on a die (#dice) keeps it or lets it go; then `changed` runs.
 * @param {Solo<unknown, unknown>} game
 * @param {() => void} changed
 */
export function wireKeeps(game, changed) {
  $('#dice').addEventListener('click', (ev) => {
    const die = closest(ev, '.die');
    if (!die || !canKeep(game)) return;
    const i = Number(die.dataset.index);
    game.kept[i] = !game.kept[i];
    changed();
    $('#dice .die[data-index="' + i + '"]').focus();
  });
}

/**
 * Rolls the dice not kept (all after the third roll are let go).
 * @template D
 * @param {Solo<D, unknown>} game
 * @param {() => D} rollDie
 */
export function rollDice(game, rollDie) {
  game.dice = game.dice.map((d, i) => (game.kept[i] ? d : rollDie()));
  game.rolls++;
  if (game.rolls === 3) game.kept = game.kept.map(() => false);
}

/**
 * Asks the advice for the dice on screen and, before the last roll, every move they
 * allow; `check` says what is wrong with an answer ('' when nothing).
 * @template A
 * @param {Solo<unknown, A>} game
 * @param {(rollsLeft: number, isCurrent: () => boolean) => Promise<A>} ask
 * @param {(advice: A) => string} check
 * @param {() => void} render
 */
export async function askTurn(game, ask, check, render) {
  const gen = game.gen;
  const current = () => gen === game.gen;
  game.busy = true;
  render();
  $('#play-options').classList.add('pending');
  try {
    const left = 3 - game.rolls;
    const advice = await ask(left, current);
    const moves = left === 0 ? advice : await ask(0, current);
    if (!current()) return;
    game.advice = advice;
    game.moves = moves;
    setError(check(advice));
  } catch (e) {
    if (e instanceof Stale || !current()) return;
    setError(/** @type {Error} */ (e).message);
  } finally {
    if (current()) {
      game.busy = false;
      $('#play-options').classList.remove('pending');
      render();
    }
  }
}

/**
 * What scoring `move` cost: its loss against the best move for these dice, plus, with
 * rolls left, stopping (the keep of all five dice) against rolling on. Added to the total.
 * @param {Solo<unknown, unknown>} game
 * @param {number} loss        the move's loss
 * @param {{ loss: number } | undefined} stop  the advice's option of keeping all five
 * @returns {{ cost: number, why: string }}
 */
export function moveCost(game, loss, stop) {
  let cost = loss;
  let why = '';
  if (game.rolls < 3 && stop && stop.loss > 1e-9) {
    cost += stop.loss;
    why = ' (stopping with rolls left: ' + fmt(stop.loss) + ')';
  }
  game.cost += cost;
  return { cost, why };
}

/**
 * The feedback line after a move.
 * @param {string} move   the move in words
 * @param {{ cost: number, why: string }} c
 * @param {string} best   the best move in words
 */
export function moveFeedback(move, c, best) {
  $('#feedback').textContent = c.cost < 1e-9 ? 'Best move: ' + move + '.'
    : move + ' costs ' + fmt(c.cost) + ' expected points' + c.why + '; best: ' + best + '.';
}

/**
 * The feedback line after a keep: its cost (added to the total), or nothing before the
 * first roll.
 * @param {Solo<unknown, unknown>} game
 * @param {{ loss: number } | undefined} opt  the advice's option for the keep
 * @param {string} kept    the keep in words ("Keeping 3 3", "Rerolling all")
 * @param {string} best    the best option in words
 */
export function keepFeedback(game, opt, kept, best) {
  if (!opt) return;
  game.cost += opt.loss;
  $('#feedback').textContent = opt.loss < 1e-9 ? 'Best keep.'
    : kept + ' costs ' + fmt(opt.loss) + ' expected points (best: ' + best + ').';
}

/**
 * The game's end: the result line.
 * @param {Solo<unknown, unknown>} game
 * @param {number} total
 */
export function showResult(game, total) {
  const r = $('#result');
  r.textContent = 'Game over: ' + total + ' points (your decisions cost ' + fmt(game.cost) + ' expected points).';
  r.hidden = false;
  return r;
}
