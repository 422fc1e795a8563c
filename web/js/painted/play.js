// A game of Painted Yahtzee with hints: the dice rolled in the page from the seed, the
// advice the API's; each keep and move judged, the card drawn with a button per box the
// dice may go in. A game in the address is restored on a reload.

import { $, fmt, input, setError } from '../dom.js';
import { keptMask } from '../dice.js';
import { askTurn, keepFeedback, moveCost, moveFeedback, renderTurn, rollDice, showResult } from '../solo.js';
import { TURNS, cardText, drawCard, parseCard } from './card.js';
import { COLOUR_NAMES, faceCode, freshSeed, handText, paintDie, parseDice, rollDie, sortedHand } from './dice.js';
import { filled, game, rolled, total, written } from './game.js';
import { ask, optionCell, optionWords, showOptions, strategyLine } from './options.js';
import { updateUrl } from './url.js';

/** @typedef {import('./options.js').Option} Option */

const noDice = () => [null, null, null, null, null];
const noKeeps = () => [false, false, false, false, false];

/** @param {number} [seed] */
export function newGame(seed) {
  game.gen++;
  game.seed = seed === undefined ? freshSeed() : seed >>> 0;
  Object.assign(game, { rng: game.seed, scores: {}, bonus: 0, cost: 0, over: false, just: null });
  input('#seed').value = String(game.seed);
  $('#feedback').textContent = '';
  $('#result').hidden = true;
  setError('');
  startTurn();
}

function startTurn() {
  Object.assign(game, { dice: noDice(), kept: noKeeps(), rolls: 0, advice: null, moves: null });
  render();
  updateUrl();
}

/** The option that keeps `keep` (as a multiset). @param {import('./dice.js').Die[]} keep */
function keepOption(keep) {
  const key = handText(sortedHand(keep));
  return game.advice?.options.find((o) => o.keep !== undefined && handText(sortedHand(parseDice(o.keep) || [])) === key);
}

/** Rolls the dice not kept; the keep is judged against the advice for the last roll. */
export async function roll() {
  if (game.busy || game.over || game.rolls >= 3) return;
  if (game.rolls > 0 && game.advice) {
    const keep = sortedHand(rolled().filter((d, i) => game.kept[i]));
    const kept = keep.length ? 'Keeping ' + handText(keep) : 'Rerolling all';
    keepFeedback(game, keepOption(keep), kept, optionWords(game.advice.options[0]));
  } else {
    $('#feedback').textContent = '';
  }
  rollDice(game, () => rollDie(game));
  await askGame();
}

/** The advice for the dice on screen, and every box they may go in. */
export function askGame() {
  const base = { card: cardText(game.scores, game.bonus), dice: handText(rolled()) };
  updateUrl();
  return askTurn(game, (left, isCurrent) => ask({ ...base, rolls_left: left }, isCurrent),
    (a) => (a.card_points !== total() ? 'the card on the page (' + total() + ') and the server (' + a.card_points + ') disagree' : ''),
    render);
}

/** @param {string} name */
function score(name) {
  if (game.busy || game.over || !game.moves) return;
  const move = game.moves.options.find((o) => o.box === name);
  if (!move) return;
  const w = written(move);
  if (!w) { setError('cannot read the move ' + optionWords(move) + ' for the dice ' + handText(rolled())); return; }
  // Its cost: against the best box for these dice, and stopping early against rolling on.
  const stop = game.advice ? game.advice.options.find((o) => o.keep !== undefined && (parseDice(o.keep) || []).length === 5) : undefined;
  const c = moveCost(game, move.loss, stop);
  const best = game.rolls < 3 && game.advice ? game.advice.options[0] : game.moves.options[0];
  moveFeedback(optionWords(move), c, optionWords(best));
  $('#feedback').dataset.cost = String(c.cost);
  game.scores[name] = w.raw;
  game.bonus += w.yb;
  game.just = name;
  if (filled() === TURNS) endGame(); else startTurn();
}

function endGame() {
  Object.assign(game, { over: true, dice: noDice(), kept: noKeeps(), rolls: 0, advice: null, moves: null });
  render();
  updateUrl();
  showResult(game, total()).dataset.total = String(total());
}

function renderDice() {
  const best = game.advice && game.advice.options[0];
  const suggest = input('#show-hint').checked && best && best.keep !== undefined && game.rolls < 3 && !game.busy
    ? keptMask(rolled().map(faceCode), (parseDice(best.keep) || []).map(faceCode)) : [];
  document.querySelectorAll('#dice .die').forEach((node, i) => {
    const el = /** @type {HTMLElement} */ (node);
    const d = game.dice[i];
    paintDie(el, d);
    el.classList.toggle('kept', game.kept[i]);
    el.classList.toggle('suggested', !!suggest[i] && !game.kept[i]);
    el.classList.toggle('locked', game.rolls === 0 || game.rolls === 3 || game.over);
    el.setAttribute('aria-pressed', game.kept[i] ? 'true' : 'false');
    el.setAttribute('aria-label', d ? 'die ' + (i + 1) + ': ' + d.n + ' ' + COLOUR_NAMES[d.c] + (game.kept[i] ? ', kept' : '') : 'die ' + (i + 1) + ': not rolled');
  });
}

/**
 * An open box's button: what the dice would score there.
 * @param {import('./card.js').Box} b
 * @param {HTMLTableCellElement} td
 * @param {number | undefined} v
 */
function moveCell(b, td, v) {
  if (v !== undefined) { td.textContent = String(v); return; }
  const m = game.moves && !game.busy && game.moves.options.find((o) => o.box === b.name);
  if (!m) return;
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.textContent = String(m.points) + (m.joker ? ' J' : '');
  btn.setAttribute('aria-label', 'score ' + b.label + ': ' + m.points + ' points' + (m.joker ? ' (joker)' : ''));
  if (input('#show-hint').checked && game.moves && m === game.moves.options[0] && game.rolls === 3) btn.classList.add('best');
  btn.addEventListener('click', () => score(b.name));
  td.appendChild(btn);
}

export function render() {
  renderTurn(game, filled() + 1, TURNS);
  renderDice();
  const hints = input('#show-hint').checked;
  const best = game.advice && game.advice.options[0];
  $('#to-advise').hidden = game.rolls === 0 || game.over;
  const hint = $('#hint');
  hint.textContent = '';
  if (hints && best && game.advice && !game.busy) {
    hint.append('Hint: ', optionCell(best), ' — expected final total ' + fmt(game.advice.expected_total));
  }
  strategyLine($('#play-strategy'), hints && game.advice ? game.advice.strategy : '');
  showOptions($('#play-options'), hints && !game.busy ? game.advice : null, 8);
  const t = drawCard($('#pcard'), game.scores, game.bonus, moveCell, game.just);
  $('#card-total').textContent = '· ' + t + ' points';
}

/**
 * A game from the address: the seed, the dice stream's state, the card and, mid-turn,
 * the dice, the roll and the dice kept. False when there is none (or it cannot be read).
 * @param {URLSearchParams} q
 */
export function restoreGame(q) {
  const seed = Number(q.get('seed'));
  if (!q.has('seed') || !Number.isInteger(seed) || seed < 0 || seed > 4294967295) return false;
  newGame(seed);
  const rng = Number(q.get('rng'));
  if (q.has('rng') && Number.isInteger(rng) && rng >= 0 && rng <= 4294967295) game.rng = rng;
  const c = parseCard(q.get('card') || '');
  if (!c.ok) { setError('the card in the link cannot be read: ' + (q.get('card') || '')); return true; }
  game.scores = c.scores;
  game.bonus = c.bonus;
  const cost = Number(q.get('cost'));
  if (cost > 0) game.cost = cost;
  if (filled() === TURNS) { endGame(); return true; }
  const dice = parseDice(q.get('dice') || '');
  const left = Number(q.get('rolls'));
  if (dice && dice.length === 5 && q.has('rolls') && [0, 1, 2].includes(left)) {
    game.dice = dice;
    game.rolls = 3 - left;
    const keep = q.get('keep') || '';
    if (/^[01]{5}$/.test(keep) && left > 0) game.kept = [...keep].map((k) => k === '1');
    askGame();
  } else {
    render();
    updateUrl();
  }
  return true;
}
