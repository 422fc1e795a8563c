// The game against the engine on screen: the dice, the buttons, the turn line and the
// hint (the best move and what it is worth), and the cards.

import { $, all, fmt, input } from '../dom.js';
import { describe } from '../yahtzee/rules.js';
import { usable } from './advice.js';
import { dieInHand, filled, foolForced, label } from './card.js';
import { renderCards } from './cards.js';
import { canChanceChance, canKeep, canMulligan, canRoll, canTakeSixthDie } from './moves.js';
import { setFace } from '../dice.js';
import { game } from './state.js';

/** @typedef {import('../yahtzee/types.js').Option} Option */

/** @param {Option} opt */
const say = (opt) => describe(opt, game.dice.length, game.card);

export function renderDice() {
  const clickable = canKeep();
  all('#dice .die').forEach((el, i) => {
    el.hidden = i >= game.dice.length;
    const face = game.dice[i] || 0;
    setFace(el, face);
    const kept = !!game.kept[i] && face > 0;
    el.classList.toggle('kept', kept);
    el.classList.toggle('locked', !clickable);
    el.setAttribute('aria-pressed', kept ? 'true' : 'false');
    el.setAttribute('aria-label', 'die ' + (i + 1) + ': ' + (face || 'not rolled') + (kept ? ', kept' : ''));
  });
  $('#dice').classList.toggle('engine-turn', game.turn === 'engine');
  $('#dice').classList.toggle('six', game.dice.length === 6);
}

/** Before the first roll with the sixth die in hand: which is better, and what the other costs. */
function sixthDieHint() {
  if (game.busy) return 'Thinking…';
  const question = 'Take the sixth die for this turn (once per game), or roll five dice?';
  const adv = game.startAdvice;
  if (!adv) return question;
  if (!input('#show-hint').checked) return question + ' Hints are hidden.';
  const [best, other] = adv.options;
  let text = 'Best: ' + say(best) + ' — expected final total ' + fmt(adv.points_so_far + best.ev_remaining);
  if (other) {
    const loss = Math.max(0, best.ev_remaining - other.ev_remaining);
    text += '; ' + (other.sixth_die ? 'taking the sixth die now' : 'rolling five dice') +
      (loss < 1e-6 ? ' is as good' : ' costs ' + fmt(loss) + ' points');
  }
  return text;
}

function hintText() {
  if (game.over) return 'Game over. Start a new game to play again.';
  if (game.turn === 'engine') return 'The engine is playing…';
  if (game.rolls === 0 && !game.six && dieInHand('you')) return sixthDieHint();
  if (game.rolls === 0) return game.six ? 'Roll the six dice to start your turn.' : 'Roll the dice to start your turn.';
  if (game.busy) return 'Thinking…';
  if (!game.advice) return '';
  if (!input('#show-hint').checked) return 'Hints are hidden.';
  const adv = game.mulliganMode ? game.boxAdvice : game.advice;
  if (!adv) return '';
  let opts = usable(adv, 'you');
  if (game.mulliganMode) opts = opts.filter((o) => o.mulligan);
  const best = opts[0];
  if (!best) return '';
  let text = 'Best: ' + say(best);
  if (best.keep && best.keep.length === game.dice.length && !best.mulligan && game.boxAdvice) {
    const box = usable(game.boxAdvice, 'you').find((o) => o.category !== undefined);
    if (box) text += ', then ' + say(box);
  }
  const total = adv.points_so_far + best.ev_remaining;
  return text + ' — expected final total ' + fmt(total);
}

function rollLabel() {
  return game.mulliganMode ? 'Mulligan roll'
    : game.turn !== 'you' ? 'Roll'
    : game.rolls === 0 ? (game.six ? 'Roll six dice' : dieInHand('you') ? 'Roll five dice' : 'Roll')
    : foolForced('you') ? 'No reroll (fool house)'
    : game.rolls >= 3 ? 'No rolls left' : 'Roll again (' + (3 - game.rolls) + ' left)';
}

function turnInfo() {
  if (!game.players) return '';
  if (game.over) return 'Game over';
  const p = game.players[game.turn];
  const round = 'Round ' + (filled(p) + 1) + ' of ' + game.card.boxes.length;
  return round + ' — ' + (game.turn === 'you'
    ? 'your turn' + (game.rolls ? ', roll ' + Math.min(game.rolls, 3) + ' of 3' : '')
      + (game.mulliganRolled ? ' + mulligan' : '') + (game.six ? ', six dice' : '')
    : 'the engine is playing' + (game.six ? ' with six dice' : ''));
}

export function renderControls() {
  const roll = /** @type {HTMLButtonElement} */ ($('#roll'));
  roll.disabled = !canRoll();
  roll.textContent = rollLabel();
  $('#sixth-die').hidden = !canTakeSixthDie();
  const forced = $('#forced');
  forced.hidden = !foolForced('you');
  forced.textContent = forced.hidden ? '' : 'Fool house: ' + game.dice.join(' ') +
    ' is a full house and ' + label('full_house') + ' is open, so it must be scored there now: no keeping, no reroll' +
    (game.card.mulligan ? ', no mulligan' : '') + '.';
  const mull = $('#mulligan');
  mull.hidden = !(canMulligan() || game.mulliganMode);
  mull.textContent = game.mulliganMode ? 'Cancel mulligan' : 'Mulligan (4th roll)';
  $('#chance-chance').hidden = !canChanceChance();
  $('#retry').hidden = !game.retry;
  $('#turn-info').textContent = turnInfo();
  $('#hint').textContent = hintText();
}

export function render() {
  renderDice();
  renderCards();
  renderControls();
}
