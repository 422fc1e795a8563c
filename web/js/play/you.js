// Your turn in the game against the engine: the sixth die, rolls and keeps, the mulligan,
// chance-chance and scoring a box; each decision judged against the engine's advice, its
// cost added to the running total.

import { $, fmt, setError } from '../dom.js';
import { randomDie, sorted } from '../dice.js';
import { Stale } from '../client.js';
import { advise, adviseSixthDie, boxOption, findKeep, lossIn, sixthDieLoss } from './advice.js';
import { dieInHand, foolForced, label, log, scoreBox } from './card.js';
import { canChanceChance, canKeep, canMulligan, canRoll, canScore, canTakeSixthDie } from './moves.js';
import { render, renderControls, renderDice } from './view.js';
import { flow, freshTurn, game, noDice, noKeeps, player } from './state.js';

/** @param {number[]} keep */
export const keepText = (keep) => (keep.length === 0 ? 'reroll all' : 'keep ' + sorted(keep).join(' '));

/**
 * Runs `fetch` for the game now on screen with the page busy meanwhile; an error shows
 * with "Try again" running `again`.
 * @param {(gen: number) => Promise<void>} fetch
 * @param {() => void} again
 */
async function busyWith(fetch, again) {
  const gen = game.gen;
  game.busy = true;
  game.retry = null;
  render();
  try {
    await fetch(gen);
    if (gen === game.gen) setError('');
  } catch (e) {
    if (e instanceof Stale || gen !== game.gen) return;
    setError(/** @type {Error} */ (e).message);
    game.retry = again;
  } finally {
    if (gen === game.gen) { game.busy = false; render(); }
  }
}

export function startYourTurn() {
  freshTurn('you');
  render();
  if (dieInHand('you')) fetchStartAdvice();
}

/** With the sixth die in hand, before the first roll: is taking it now better? */
function fetchStartAdvice() {
  game.startAdvice = null;
  return busyWith(async (gen) => {
    const a = await adviseSixthDie('you', gen);
    if (gen === game.gen) game.startAdvice = a;
  }, fetchStartAdvice);
}

/**
 * Advice for your position, plus (before the last roll) the rolls_left 0 advice that
 * gives every box's score for these dice.
 */
function fetchYourAdvice() {
  const rl = 3 - game.rolls;
  game.advice = game.boxAdvice = null;
  return busyWith(async (gen) => {
    const calls = [advise('you', game.dice, rl, gen)];
    if (rl > 0) calls.push(advise('you', game.dice, 0, gen));
    const [a, b] = await Promise.all(calls);
    if (gen !== game.gen) return;
    if (foolForced('you') && !boxOption(b || a, 'full_house')) {
      throw new Error('unexpected answer from the server: Full House is not offered for a natural full house (fool-house)');
    }
    game.advice = a;
    game.boxAdvice = b || a;
  }, fetchYourAdvice);
}

/**
 * Shows what a decision cost and adds it to the running total.
 * @param {string} what
 * @param {number | null | undefined} loss
 */
function judge(what, loss) {
  const fb = $('#feedback');
  if (loss === null || loss === undefined) {
    fb.textContent = what + ': (no advice for this choice)';
    fb.classList.remove('best');
    return;
  }
  game.cost += loss;
  const best = loss < 1e-6;
  fb.textContent = what + ': ' + (best ? 'best move' : 'cost ' + fmt(loss) + ' points of expected score');
  fb.classList.toggle('best', best);
  $('#cost-total').textContent = 'Your decisions so far cost ' + fmt(game.cost) + ' points of expected score.';
}

export function onTakeSixthDie() {
  if (!canTakeSixthDie()) return;
  judge('Take the sixth die', sixthDieLoss(true));
  player('you').mega = true;
  Object.assign(game, { six: true, dice: noDice(6), kept: noKeeps(6) });
  log('you', 'You take the sixth die for this turn');
  render();
}

export function onRoll() {
  if (!canRoll()) return;
  const keep = game.dice.filter((d, i) => game.kept[i]);
  if (game.mulliganMode) {
    const opt = findKeep(game.boxAdvice, keep, true);
    judge('Mulligan, ' + keepText(keep), opt && game.boxAdvice ? lossIn(game.boxAdvice, opt, 'you') : null);
    player('you').mulligan = true;
    game.mulliganMode = false;
    game.mulliganRolled = true;
  } else if (game.rolls > 0) {
    const opt = findKeep(game.advice, keep, false);
    const what = keepText(keep);
    judge(what[0].toUpperCase() + what.slice(1), opt && game.advice ? lossIn(game.advice, opt, 'you') : null);
    game.rolls += 1;
  } else {
    // With the sixth die in hand, rolling five dice is a choice too.
    if (!game.six && dieInHand('you')) judge('Roll five dice (the sixth die kept for later)', sixthDieLoss(false));
    game.rolls = 1;
    game.kept = noKeeps(game.dice.length);
  }
  game.dice = game.dice.map((d, i) => (game.kept[i] ? d : randomDie()));
  log('you', 'You roll ' + game.dice.join(' ') + (game.mulliganRolled ? ' (mulligan)' : ''));
  fetchYourAdvice();
}

/** @param {number} i */
export function onDie(i) {
  if (!canKeep() || i >= game.dice.length) return;
  game.kept[i] = !game.kept[i];
  renderDice();
  renderControls();
}

/** Loss of standing now (keeping every die before the last roll); 0 after the last roll. */
function standLoss() {
  if (game.rolls >= 3 || !game.advice) return 0;
  const stand = findKeep(game.advice, game.dice, false);
  return stand ? lossIn(game.advice, stand, 'you') : 0;
}

/** @param {string} name */
export function onBox(name) {
  if (!canScore() || !game.boxAdvice) return;
  if (foolForced('you') && name !== 'full_house') return;
  const opt = boxOption(game.boxAdvice, name);
  if (!opt || opt.score === undefined) return;
  judge(label(name) + ' (' + opt.score + ')', standLoss() + lossIn(game.boxAdvice, opt, 'you'));
  if (game.six) scoreBox('you', name, opt.score, opt.scored || [], game.dice);
  else scoreBox('you', name, opt.score, game.dice);
  flow.endTurn('you');
}

export function onChanceChance() {
  if (!canChanceChance() || !game.boxAdvice) return;
  const opt = game.boxAdvice.options.find((o) => o.chance_chance);
  if (!opt) return;
  judge('Chance-chance', standLoss() + lossIn(game.boxAdvice, opt, 'you'));
  // Five dice are rerolled, also on a turn with the sixth die.
  game.kept = noKeeps(5);
  game.dice = noDice(5).map(randomDie);
  log('you', 'You use chance-chance and roll ' + game.dice.join(' '));
  scoreBox('you', 'chance', game.dice.reduce((s, d) => s + d, 0), game.dice);
  flow.endTurn('you');
}

export function onMulligan() {
  if (!canMulligan() && !game.mulliganMode) return;
  game.mulliganMode = !game.mulliganMode;
  render();
}
