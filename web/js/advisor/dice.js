// The advisor's dice: five set by hand (six on the Mega turn, none before the turn's
// first roll), and the mega-yahtzee controls (the turn-start question, six dice).

import { $, all, input, maybe, select } from '../dom.js';
import { buildDice, editDice, setFace } from '../dice.js';
import { state } from './state.js';

/** Six die buttons; `changed` runs after a die is set by hand. */
/** @param {() => void} changed */
export function makeDice(changed) {
  buildDice($('#dice'), 6);
  editDice($('#dice'), state.dice, () => { renderDice(); changed(); });
}

export function renderDice() {
  const start = select('#rolls-left').value === 'start';
  const six = !start && megaOn() && input('#six-dice').checked;
  while (state.dice.length < 6) state.dice.push(6);
  all('#dice .die').forEach((el, i) => {
    el.hidden = start || i >= (six ? 6 : 5);
    setFace(el, state.dice[i]);
    el.setAttribute('aria-label', 'die ' + (i + 1) + ': ' + state.dice[i]);
  });
}

/** Random faces for all six dice. */
export function randomDice() {
  const a = new Uint8Array(6);
  crypto.getRandomValues(a);
  state.dice.splice(0, 6, ...[...a].map((x) => x % 6 + 1));
  renderDice();
}

/** The dice on screen (five, or six on the Mega turn). */
export function diceShown() {
  const six = megaOn() && input('#six-dice').checked;
  return state.dice.slice(0, six ? 6 : 5);
}

export function megaOn() { return !!(state.card && state.card.mega_yahtzee); }

/** The turn-start question and six dice are offered while the sixth die is in hand. */
export function showMegaControls() {
  const used = /** @type {HTMLInputElement | null} */ (maybe('#mega-used'));
  const inHand = megaOn() && !(used && used.checked);
  const rolls = select('#rolls-left');
  $('#rolls-left option[value=start]').hidden = !inHand;
  if (!inHand && rolls.value === 'start') rolls.value = '2';
  $('#six-dice-field').hidden = !megaOn() || rolls.value === 'start';
  if (!megaOn()) input('#six-dice').checked = false;
  renderDice();
}
