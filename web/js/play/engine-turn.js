// The engine's turn in the game: it plays its best option at every step (the sixth die,
// keeps, the mulligan, chance-chance, a box), a pause between steps so a player can
// follow; a failed turn is replayed whole by "Try again".

import { setError, sleep } from '../dom.js';
import { keptMask, randomDie } from '../dice.js';
import { Stale } from '../client.js';
import { query } from '../address.js';
import { advise, adviseSixthDie, usable } from './advice.js';
import { dieInHand, foolForced, label, log, scoreBox } from './card.js';
import { render } from './view.js';
import { keepText } from './you.js';
import { flow, freshTurn, game, noDice, noKeeps, player } from './state.js';

/** @typedef {import('../yahtzee/types.js').Option} Option */

// The pause between the engine's steps, so a player can follow them: 400 ms, or the URL's
// `step` (milliseconds, 0 to 2000; 0 plays the engine's turn at once).
const STEP_MS = (() => {
  const step = query().get('step');
  const ms = step === null ? 400 : Number(step);
  return Number.isFinite(ms) ? Math.min(2000, Math.max(0, ms)) : 400;
})();

const rollFree = () => { game.dice = game.dice.map((d, i) => (game.kept[i] ? d : randomDie())); };

/**
 * Chance-chance: five dice rerolled, their sum in Chance.
 * @param {() => boolean} alive
 */
async function chanceChance(alive) {
  log('engine', 'Engine uses chance-chance: rerolls five dice');
  game.kept = noKeeps(5);
  game.dice = noDice(5);
  render();
  await sleep(STEP_MS);
  if (!alive()) return false;
  rollFree();
  log('engine', 'Engine rolls ' + game.dice.join(' '));
  scoreBox('engine', 'chance', game.dice.reduce((s, d) => s + d, 0), game.dice);
  return true;
}

/**
 * The engine's choice of a box (or chance-chance); false when the game moved on.
 * @param {Option} best
 * @param {boolean} forced
 * @param {() => boolean} alive
 */
async function scoreBest(best, forced, alive) {
  if (forced) log('engine', 'Fool house: ' + game.dice.join(' ') + ' must go in ' + label('full_house'));
  if (best.chance_chance) return chanceChance(alive);
  const box = /** @type {string} */ (best.category), score = /** @type {number} */ (best.score);
  if (game.six) scoreBox('engine', box, score, best.scored || [], game.dice);
  else scoreBox('engine', box, score, game.dice);
  return true;
}

/**
 * Mega-yahtzee: before the first roll, the sixth die if the advice says taking it is best.
 * @param {number} gen
 */
async function maybeSixthDie(gen) {
  if (!dieInHand('engine')) return;
  const start = await adviseSixthDie('engine', gen);
  if (gen !== game.gen || start.options[0].sixth_die !== true) return;
  player('engine').mega = true;
  Object.assign(game, { six: true, dice: noDice(6), kept: noKeeps(6) });
  log('engine', 'Engine takes the sixth die for this turn');
  render();
}

/**
 * The engine's steps after its first roll, until it scores; false when the game moved on.
 * @param {number} gen
 * @param {() => boolean} alive
 */
async function playOut(gen, alive) {
  let stood = false;
  for (let guard = 0; guard < 8; guard++) {
    await sleep(STEP_MS);
    if (!alive()) return false;
    const rl = stood ? 0 : Math.max(0, 3 - game.rolls);
    const adv = await advise('engine', game.dice, rl, gen);
    if (!alive()) return false;
    // Best usable option; after the last roll only boxes, chance-chance or the mulligan.
    const best = usable(adv, 'engine').filter((o) => rl > 0 || !o.keep || o.mulligan)[0];
    if (!best) throw new Error('the engine got no options for ' + game.dice.join(''));
    const forced = foolForced('engine');
    if (forced && (best.category !== 'full_house' || best.chance_chance)) {
      throw new Error('unexpected answer from the server: Full House is not the engine\'s only choice for a natural full house (fool-house)');
    }
    if (best.category !== undefined) return scoreBest(best, forced, alive);
    const keep = best.keep || [];
    game.kept = keptMask(game.dice, keep);
    render();
    if (best.mulligan) {
      log('engine', 'Engine uses its mulligan: ' + keepText(keep));
    } else if (keep.length === game.dice.length) {
      log('engine', 'Engine stands on ' + game.dice.join(' '));
      stood = true;
      continue;
    } else {
      log('engine', 'Engine: ' + keepText(keep));
    }
    await sleep(STEP_MS);
    if (!alive()) return false;
    rollFree();
    if (best.mulligan) { player('engine').mulligan = true; stood = true; } else game.rolls += 1;
    log('engine', 'Engine rolls ' + game.dice.join(' '));
    render();
  }
  throw new Error('the engine could not finish its turn');
}

export async function engineTurn() {
  const gen = game.gen;
  const alive = () => gen === game.gen;
  const me = player('engine');
  const before = { mulligan: me.mulligan, mega: me.mega };   // restored if the turn fails
  freshTurn('engine');
  game.retry = null;
  render();
  try {
    await maybeSixthDie(gen);
    if (!alive()) return;
    await sleep(STEP_MS);
    if (!alive()) return;
    rollFree();
    game.rolls = 1;
    log('engine', 'Engine rolls ' + game.dice.join(' '));
    render();
    if (!await playOut(gen, alive)) return;
  } catch (e) {
    if (e instanceof Stale || !alive()) return;
    Object.assign(me, before);
    setError(/** @type {Error} */ (e).message);
    game.retry = engineTurn;       // replays the engine's whole turn
    render();
    return;
  }
  flow.endTurn('engine');
}
