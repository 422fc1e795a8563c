// What you may do now in the game against the engine: roll, score, the mulligan,
// chance-chance, take the sixth die, keep dice.

import { dieInHand, foolForced } from './card.js';
import { game, player } from './state.js';

export const yourTurn = () => game.turn === 'you' && !game.over;

export function canRoll() {
  if (!yourTurn() || game.busy) return false;
  if (game.rolls === 0) return true;
  if (foolForced('you')) return false;
  if (!game.advice || game.kept.every(Boolean)) return false;
  return game.rolls < 3 || game.mulliganMode;
}
export const canScore = () => yourTurn() && !game.busy && game.rolls > 0 && !!game.boxAdvice;
export const canMulligan = () => canScore() && game.rolls === 3 && !game.mulliganRolled && !game.six &&
  !player('you').mulligan && !!game.boxAdvice && game.boxAdvice.options.some((o) => o.mulligan);
export const canChanceChance = () => canScore() && !game.mulliganMode && !foolForced('you') &&
  !!game.boxAdvice && game.boxAdvice.options.some((o) => o.chance_chance);
export const canTakeSixthDie = () => yourTurn() && !game.busy && game.rolls === 0 && !game.six &&
  dieInHand('you');
// Dice can be kept between rolls (and for the mulligan), never when fool-house forces a score.
export const canKeep = () => yourTurn() && !foolForced('you') &&
  ((game.rolls > 0 && game.rolls < 3) || game.mulliganMode);
