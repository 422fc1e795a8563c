// The Painted Yahtzee page (painted.html): a game with hints from a seed (kept in the
// address with the game, so a reload goes on), and "Advise a position" (?mode=advise&…).

import { $, input, select, setError } from './dom.js';
import { ready } from './client.js';
import { query } from './address.js';
import { showMode, wireModes } from './modes.js';
import { wireKeeps } from './solo.js';
import { cardText } from './painted/card.js';
import { dieText, handText, parseDice } from './painted/dice.js';
import { game, total } from './painted/game.js';
import { newGame, render, restoreGame, roll } from './painted/play.js';
import { advice, buildDice, pos, renderAdviseDice, setAdviseCard, wireAdvise } from './painted/advise.js';
import { updateUrl } from './painted/url.js';
import { hooks } from './hooks.js';
import { frame } from './frame.js';

/** @param {boolean} advise */
function setMode(advise) {
  showMode(advise, [$('#game-row')]);
  setError('');
  updateUrl();
  if (advise) advice.now();
}

/** The game's position, in the advise form. */
function toAdvise() {
  pos.dice = game.dice.map((d) => ({ ...(d || { n: 1, c: 0 }) }));
  input('#dice-text').value = handText(pos.dice);
  select('#rolls-left').value = String(3 - game.rolls);
  setAdviseCard(cardText(game.scores, game.bonus));
  renderAdviseDice();
  setMode(true);
}

function wire() {
  wireKeeps(game, () => { render(); updateUrl(); });
  $('#roll').addEventListener('click', roll);
  $('#new-game').addEventListener('click', () => newGame());
  $('#seed').addEventListener('change', () => {
    const s = Number(input('#seed').value);
    if (Number.isInteger(s) && s >= 0 && s <= 4294967295) newGame(s);
    else setError('a seed is a whole number from 0 to 4294967295');
  });
  $('#show-hint').addEventListener('change', render);
  $('#to-advise').addEventListener('click', toAdvise);
  wireModes(setMode);
  wireAdvise();
}

/**
 * The advise form's position from the address `q`.
 * @param {URLSearchParams} q
 * @param {boolean} advise
 */
function adviseFromAddress(q, advise) {
  const d = q.get('dice');
  const typed = advise && d !== null ? parseDice(d) : null;
  if (typed && typed.length === 5) pos.dice = typed;
  input('#dice-text').value = advise && d !== null && !(typed && typed.length === 5) ? d : handText(pos.dice);
  const r = q.get('rolls');
  if (advise && (r === '0' || r === '1' || r === '2')) select('#rolls-left').value = r;
  setAdviseCard(advise ? q.get('card') || '' : '');
  renderAdviseDice();
}

async function init() {
  buildDice($('#dice'), false);
  buildDice($('#advise-dice'), true);
  const q = query();
  const advise = q.get('mode') === 'advise';
  adviseFromAddress(q, advise);
  wire();
  await ready;
  if (advise || !restoreGame(q)) newGame();
  setMode(advise);
}

// For tests: the game as the page holds it.
hooks.paintedGame = () => ({
  card: cardText(game.scores, game.bonus), dice: game.dice.map((d) => (d ? dieText(d) : null)),
  rolls: game.rolls, kept: [...game.kept], total: total(), cost: game.cost, busy: game.busy,
  over: game.over, seed: game.seed, advice: game.advice, moves: game.moves,
});

frame('painted.html');
init();
