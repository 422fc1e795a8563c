// The Triple Yahtzee page (triple.html): a game with hints, and "Advise a position"
// (?mode=advise&card=…&dice=…&rolls=…); the rules and the hints' strategy in the address
// too (?variant=forum&strategy=greedy).

import { $, fmt, input, select, setError } from './dom.js';
import { api, ready } from './client.js';
import { buildDice, keptMask, randomDie, sameMultiset, setFace } from './dice.js';
import { query } from './address.js';
import { advising, showMode, wireModes } from './modes.js';
import { askTurn, keepFeedback, moveCost, moveFeedback, renderTurn, rollDice, showResult, wireKeeps } from './solo.js';
import { TURNS, cardText, filled, game, total, written } from './triple/game.js';
import { renderCard } from './triple/card.js';
import { showOptions } from './triple/options.js';
import { advice, scheduleAdvice, setUpAdvise, updateUrl } from './triple/advise.js';
import { frame } from './frame.js';

function newGame() {
  game.gen++;
  game.variant = select('#variant').value;
  game.strategy = select('#strategy').value;
  Object.assign(game, { scores: [{}, {}, {}], bonus: 0, yahtzees: 0, cost: 0, over: false, just: null });
  startTurn();
  $('#feedback').textContent = '';
  $('#result').hidden = true;
  setError('');
}

function startTurn() {
  Object.assign(game, { dice: [0, 0, 0, 0, 0], kept: [false, false, false, false, false], rolls: 0, advice: null, moves: null });
  render();
}

/** Rolls the dice not kept; the keep is judged against the advice for the last roll. */
async function roll() {
  if (game.busy || game.over || game.rolls >= 3) return;
  if (game.rolls > 0 && game.advice) {
    const keep = game.dice.filter((d, i) => game.kept[i]);
    const opt = game.advice.options.find((o) => o.keep && sameMultiset(o.keep, keep));
    keepFeedback(game, opt, 'Keeping ' + (keep.join(' ') || 'nothing'), game.advice.options[0].option);
  } else {
    $('#feedback').textContent = '';
  }
  rollDice(game, randomDie);
  await ask();
}

/** The advice for the dice on screen, and every move they allow. */
function ask() {
  const base = { game: 'triple', variant: game.variant, strategy: game.strategy, card: cardText(), dice: game.dice.join('') };
  return askTurn(game, (left, isCurrent) => api('/api/advise', { ...base, rolls_left: left }, isCurrent),
    (a) => (a.total !== total() ? 'the card on the page (' + total() + ') and the server (' + a.total + ') disagree' : ''),
    render);
}

/**
 * Scores the dice in a column's box.
 * @param {number} column
 * @param {string} box
 */
function score(column, box) {
  if (game.busy || game.over || !game.moves) return;
  const move = game.moves.options.find((o) => o.column === column && o.category === box);
  if (!move) return;
  const w = written(move);
  if (!w) { setError('cannot read the move ' + move.option + ' (' + move.points + ' points)'); return; }
  // Its cost: against the best move for these dice, and stopping early against rolling on.
  const stop = game.advice ? game.advice.options.find((o) => o.keep && o.keep.length === 5) : undefined;
  const c = moveCost(game, move.loss, stop);
  const best = game.rolls < 3 && game.advice ? game.advice.options[0] : game.moves.options[0];
  moveFeedback(move.option, c, best.option);
  game.scores[column - 1][box] = w.raw;
  game.bonus += w.yb;
  if (w.five && game.variant === 'forum') game.yahtzees++;
  game.just = [column - 1, box];
  if (filled() === TURNS) {
    game.over = true;
    game.dice = [0, 0, 0, 0, 0];
    game.advice = game.moves = null;
    render();
    showResult(game, total());
    return;
  }
  startTurn();
}

function render() {
  renderTurn(game, filled() + 1, TURNS);
  const hints = input('#show-hint').checked;
  const best = game.advice && game.advice.options[0];
  const suggest = hints && best && best.keep && game.rolls < 3 ? keptMask(game.dice, best.keep) : [];
  document.querySelectorAll('#dice .die').forEach((node, i) => {
    const el = /** @type {HTMLElement} */ (node);
    setFace(el, game.dice[i]);
    el.classList.toggle('kept', game.kept[i]);
    el.classList.toggle('suggested', !!suggest[i] && !game.kept[i]);
    el.classList.toggle('locked', game.rolls === 0 || game.rolls === 3 || game.over);
    el.setAttribute('aria-pressed', game.kept[i] ? 'true' : 'false');
    el.setAttribute('aria-label', game.dice[i] ? 'die ' + (i + 1) + ': ' + game.dice[i] + (game.kept[i] ? ', kept' : '') : 'die ' + (i + 1) + ': not rolled');
  });
  $('#hint').textContent = hints && best && game.advice
    ? 'Hint: ' + best.option + ' — expected final total ' + fmt(game.advice.expected_final) : '';
  showOptions($('#play-options'), hints ? game.advice : null, 8);
  renderCard(score);
}

/** @param {boolean} advise */
function setMode(advise) {
  showMode(advise, [$('#new-game')]);
  updateUrl();
  if (advise) advice.now();
}

function wire() {
  wireKeeps(game, render);
  $('#roll').addEventListener('click', roll);
  $('#new-game').addEventListener('click', newGame);
  $('#show-hint').addEventListener('change', render);
  $('#variant').addEventListener('change', () => { if (!advising()) newGame(); else scheduleAdvice(); });
  $('#strategy').addEventListener('change', () => {
    game.strategy = select('#strategy').value;
    if (!advising()) { if (game.rolls > 0) ask(); } else scheduleAdvice();
  });
  wireModes(setMode);
}

async function init() {
  buildDice($('#dice'), 5);
  const q = query();
  if (q.get('variant') === 'forum') select('#variant').value = 'forum';
  const strategy = q.get('strategy');
  if (strategy === 'solitaire' || strategy === 'greedy') select('#strategy').value = strategy;
  setUpAdvise(q);
  wire();
  await ready;
  newGame();
  setMode(q.get('mode') === 'advise');
}

frame('triple.html');
init();
