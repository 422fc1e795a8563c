// A game of Yahtzix against the bots: each turn asks the API about the mover's position,
// you choose an option (judged by the chance to win it gives away) or a bot plays the
// best; dice set aside, banked, the opening rule, offers, last turns and the end.

import { $, input, select, setError, sleep } from '../dom.js';
import { api, Stale } from '../client.js';
import { randomDie } from '../dice.js';
import { hooks } from '../hooks.js';
import { bankOf, counts, keepValue } from './score.js';
import { OPENING, actions, game, headsUp, isHuman, log, nDice, names, over, pct, position, resultText, who, whoLower } from './game.js';
import { render } from './view.js';

/** @typedef {import('./game.js').Advice} Advice */
/** @typedef {import('./game.js').Option} Option */

/** The pause between a bot's steps: 500 ms, or a test's window.yahtzeeStepMs. */
const stepMs = () => (Number.isFinite(hooks.yahtzeeStepMs) ? hooks.yahtzeeStepMs : 500);

/** @returns {Promise<Advice>} */
async function ask() {
  const gen = game.gen;
  // A bot's move needs no chance to win the table (no games played out for it).
  const q = isHuman() ? position() : { ...position(), table: false };
  const a = await api('/api/advise', q, () => gen === game.gen);
  if (gen !== game.gen) throw new Stale();
  return a;
}

export function newGame() {
  game.gen++;
  const players = Number(select('#players').value);
  Object.assign(game, {
    target: Number(select('#target').value), four: input('#four').checked, players,
    human: Math.min(Number(select('#seat').value) || 0, players - 1),
    scores: Array(players).fill(0), toMove: 0, offer: null, lastTurn: false, winners: null, turn: null, dice: [],
    advice: null, lost: 0, busy: false,
  });
  $('#log').textContent = '';
  $('#feedback').textContent = '';
  $('#result').hidden = true;
  setError('');
  startTurn();
}

/** A turn's start: with an offer, go for it or roll fresh; without, roll six dice. */
async function startTurn() {
  game.turn = null;
  game.dice = [];
  await step();
}

/** Asks the API about the mover's position and lets the mover (you, or a bot) choose. */
async function step() {
  const gen = game.gen;
  game.busy = true;
  render();
  let advice;
  try {
    advice = game.advice = await ask();
    setError('');
  } catch (e) {
    if (e instanceof Stale || gen !== game.gen) return;
    game.busy = false;
    setError(/** @type {Error} */ (e).message);
    render();
    return;
  }
  game.busy = false;
  if (advice.bust) {
    log(who(game.toMove) + ' rolled ' + game.dice.join(' ') + ': nothing scores, a bust.', game.toMove);
    render();
    await sleep(stepMs());
    if (gen !== game.gen) return;
    return endTurn(null);
  }
  render();
  if (!isHuman()) {
    await sleep(stepMs());
    if (gen !== game.gen) return;
    choose(0);
  }
}

/**
 * The mover takes option `i` of the advice.
 * @param {number} i
 */
function choose(i) {
  if (game.busy || over()) return;
  const a = game.advice;
  const o = a && a.options[i];
  if (!a || !o) return;
  const seat = game.toMove;
  // Every choice with the position asked and the API's best option (read by the tests).
  hooks.yahtzixChoices.push({ seat, bot: !isHuman(), position: position(), chosen: o.option, best: a.options[0].option });
  if (isHuman()) {
    game.lost += o.loss;
    $('#feedback').textContent = o.loss <= 1e-12 ? 'Best choice.'
      : 'That gave away ' + pct(o.loss) + ' of your chance to win' + (headsUp() ? ' (heads-up)' : '')
        + ' (best: ' + a.options[0].option + ').';
  }
  if (o.go_for_it && game.offer) {
    log(who(seat) + ' ' + (seat === game.human ? 'go' : 'goes') + ' for it: ' + game.offer.total + ' on '
      + nDice(game.offer.left) + (game.players > 2 ? ' (' + whoLower(game.offer.from) + "'s offer)" : '') + '.', seat);
    game.turn = { roll: 2, total: game.offer.total, held: game.offer.left };
    return rollDice();
  }
  if (o.roll_fresh || !game.turn) {
    game.turn = { roll: 1, total: 0, held: 6 };
    return rollDice();
  }
  return setAside(o, seat, game.turn);
}

/**
 * Banking, or setting dice aside and rolling the rest; the page's count checked against
 * the API's words.
 * @param {Option} o
 * @param {number} seat
 * @param {import('./game.js').Turn} turn
 */
function setAside(o, seat, turn) {
  const first = turn.roll === 1;
  const d = counts(game.dice);
  if (o.bank) {
    const b = bankOf(game.four, d, first) || { points: 0, used: 0 };
    const total = turn.total + b.points;
    const m = /^bank (\d+)/.exec(o.option);
    if (m && Number(m[1]) !== total) setError('the page counts ' + total + ' where the server says ' + o.option);
    return endTurn({ total, left: turn.held - b.used });
  }
  if (o.keep) {
    const v = keepValue(game.four, counts(o.keep), game.dice.length, first);
    const m = /\(\+(\d+)\)/.exec(o.option);
    if (m && Number(m[1]) !== v) setError('the page counts ' + v + ' where the server says ' + o.option);
    log(who(seat) + ' set aside ' + o.keep.join(' ') + ' (+' + v + ').', seat);
    game.turn = { roll: turn.roll + 1, total: turn.total + (v || 0), held: turn.held - o.keep.length };
    return rollDice();
  }
  setError('an option this page does not play: ' + o.option);
}
actions.choose = choose;

async function rollDice() {
  const held = game.turn ? game.turn.held : 0;
  game.dice = Array.from({ length: held }, randomDie).sort((x, y) => x - y);
  log(who(game.toMove) + ' rolled ' + game.dice.join(' ') + ' (roll ' + (game.turn && game.turn.roll) + ').', game.toMove);
  await step();
}

/**
 * The banked points, after the opening rule (null: none); logged.
 * @param {number} p
 * @param {{ total: number, left: number } | null} banked
 */
function opening(p, banked) {
  if (banked && game.scores[p] === 0 && banked.total < OPENING) {
    log(who(p) + ' banked ' + banked.total + ': under ' + OPENING + ', no opening (a pass).', p);
    return null;
  }
  if (banked) log(who(p) + ' banked ' + banked.total + (banked.left ? ', ' + nDice(banked.left) + ' left over' : '') + '.', p);
  return banked;
}

/**
 * Once seat `p` reached the target: the round's later seats have a last turn each.
 * @param {number} p
 */
function lastTurns(p) {
  game.lastTurn = true;
  const rest = Array.from({ length: game.players - 1 - p }, (_, i) => p + 1 + i);
  if (!rest.length) return;
  const one = rest.length === 1;
  log(who(p) + ' reached ' + game.target + ': ' + names(rest) + ' '
    + (one && rest[0] !== game.human ? 'has' : 'have') + (one ? ' one last turn.' : ' a last turn each.'), p);
}

/**
 * The turn's end (Game::end_turn): the opening rule, the score, the next seat's offer,
 * the last turns once someone reached the target, the end with the round.
 * @param {{ total: number, left: number } | null} banked
 */
async function endTurn(banked) {
  const p = game.toMove;
  const n = game.players;
  const end = opening(p, banked);
  game.offer = null;
  if (end) {
    game.scores[p] += end.total;
    game.offer = end.left > 0 ? { total: end.total, left: end.left, from: p } : null;
  }
  if (game.scores[p] >= game.target && !game.lastTurn) lastTurns(p);
  if (game.lastTurn && p === n - 1) {
    const top = Math.max(...game.scores);
    game.winners = game.scores.map((s, i) => i).filter((i) => game.scores[i] === top);
  }
  Object.assign(game, { toMove: (p + 1) % n, turn: null, dice: [], advice: null });
  if (over()) {
    render();
    const r = $('#result');
    r.textContent = resultText();
    r.dataset.winners = (game.winners || []).map((s) => s + 1).join(' ');
    r.hidden = false;
    return;
  }
  await sleep(stepMs() / 2);
  await startTurn();
}
