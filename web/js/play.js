// The game against the engine (play.html): you and the engine take turns on the rules
// chosen (?rules=…, &step=MS: the pause between the engine's steps), each of your
// decisions judged against the engine's advice.

import { $, closest, setError } from './dom.js';
import { api, Stale } from './client.js';
import { query } from './address.js';
import { buildDice } from './dice.js';
import { fillRules, ruleName, setRuleName } from './yahtzee/rules.js';
import { isFull, log, totals } from './play/card.js';
import { buildCards } from './play/cards.js';
import { engineTurn } from './play/engine-turn.js';
import { onBox, onChanceChance, onDie, onMulligan, onRoll, onTakeSixthDie, startYourTurn } from './play/you.js';
import { render, renderControls } from './play/view.js';
import { flow, game, newPlayer, player } from './play/state.js';
import { frame } from './frame.js';

/** @typedef {import('./play/state.js').Who} Who */

/** @param {Who} who */
function endTurn(who) {
  game.mulliganMode = false;
  game.six = false;
  game.advice = game.boxAdvice = game.startAdvice = null;
  if (isFull(player('you')) && isFull(player('engine'))) { finish(); return; }
  if (who === 'you') { render(); engineTurn(); } else startYourTurn();
}
flow.endTurn = endTurn;

function finish() {
  game.over = true;
  const y = totals(player('you')).total, e = totals(player('engine')).total;
  const r = $('#result');
  r.textContent = y > e ? 'You win ' + y + ' to ' + e
    : e > y ? 'Engine wins ' + e + ' to ' + y : 'Tie at ' + y;
  r.hidden = false;
  log('you', r.textContent);
  render();
}

/** @param {string} msg */
function failNewGame(msg) {
  setError(msg);
  game.retry = newGame;
  render();
}

async function newGame() {
  const gen = ++game.gen;
  const name = ruleName();
  setError('');
  game.retry = null;
  let card;
  try {
    card = await api('/api/card?rules=' + encodeURIComponent(name), undefined, () => gen === game.gen);
  } catch (e) {
    if (!(e instanceof Stale) && gen === game.gen) failNewGame(/** @type {Error} */ (e).message);
    return;
  }
  if (gen !== game.gen) return;
  if (!card || !Array.isArray(card.boxes) || card.boxes.length === 0) {
    failNewGame('unexpected answer from the server: no card for the rules ' + name);
    return;
  }
  Object.assign(game, {
    rules: name, card, players: { you: newPlayer(), engine: newPlayer() },
    over: false, busy: false, cost: 0, just: { you: null, engine: null },
  });
  $('#log').textContent = '';
  $('#feedback').textContent = '';
  $('#cost-total').textContent = '';
  $('#result').hidden = true;
  const step = query().get('step');
  history.replaceState(null, '', location.pathname + '?rules=' + encodeURIComponent(name)
    + (step === null ? '' : '&step=' + encodeURIComponent(step)));
  log('you', 'New game: ' + name + '. You start.');
  buildCards();
  startYourTurn();
}

/**
 * Your card's open box `tr` was chosen (a press, or Enter or Space on it).
 * @param {Event} ev
 */
function boxChosen(ev) {
  const tr = closest(ev, 'tr[data-box]');
  if (!tr || !tr.classList.contains('can-score')) return false;
  onBox(/** @type {string} */ (tr.dataset.box));
  return true;
}

function wire() {
  $('#new-game').addEventListener('click', newGame);
  $('#roll').addEventListener('click', onRoll);
  $('#mulligan').addEventListener('click', onMulligan);
  $('#sixth-die').addEventListener('click', onTakeSixthDie);
  $('#chance-chance').addEventListener('click', onChanceChance);
  $('#show-hint').addEventListener('change', renderControls);
  $('#retry').addEventListener('click', () => {
    const f = game.retry;
    game.retry = null;
    setError('');
    if (f) f();
  });
  $('#dice').addEventListener('click', (ev) => {
    const die = closest(ev, '.die');
    if (die) onDie(Number(die.dataset.index));
  });
  const card = $('#card-you');
  card.addEventListener('click', boxChosen);
  card.addEventListener('keydown', (ev) => {
    if ((ev.key === 'Enter' || ev.key === ' ') && closest(ev, 'tr[data-box].can-score')) {
      ev.preventDefault();
      boxChosen(ev);
    }
  });
}

async function init() {
  buildDice($('#dice'), 6);
  wire();
  render();
  try {
    fillRules(await api('/api/rules'));
  } catch (e) {
    setError(/** @type {Error} */ (e).message);
    return;
  }
  setRuleName(query().get('rules') || 'forced');
  newGame();
}

frame('play.html');
init();
