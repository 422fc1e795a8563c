// Yahtzix on screen: a tile per seat with its score, the turn line, the dice rolled, the
// chance to win, and the options table (buttons when it is yours to choose).

import { $, cell, input } from '../dom.js';
import { makeDie, setFace } from '../dice.js';
import { advising } from '../modes.js';
import { hideOptions, optionRow, startOptions } from '../options.js';
import { actions, game, isHuman, nDice, over, pct, who, whoLower } from './game.js';

/** @typedef {import('./game.js').Advice} Advice */

/**
 * The line under a seat's score: reached, or its last turn.
 * @param {number} s
 */
function seatNote(s) {
  return game.scores[s] >= game.target ? 'reached ' + game.target
    : over() ? '' : game.lastTurn && s > game.toMove ? 'last turn to come'
      : game.lastTurn && s === game.toMove ? 'last turn' : '';
}

/**
 * A seat's tile: who, the score, the seat; the mover's tile outlined.
 * @param {number} s
 */
function seatTile(s) {
  const tile = document.createElement('div');
  const human = s === game.human;
  tile.className = (human ? 'you' : 'bot') + (!over() && s === game.toMove ? ' to-move' : '')
    + (over() && (game.winners || []).includes(s) ? ' winner' : '');
  tile.dataset.seat = String(s + 1);
  if (human) tile.id = 'score-you';
  else if (game.players === 2) tile.id = 'score-bot';
  const name = document.createElement('div');
  name.className = 'who';
  name.textContent = who(s) + (game.players > 2 ? (human ? ' · seat ' + (s + 1) : '') : '');
  const pts = document.createElement('div');
  pts.className = 'pts';
  pts.textContent = String(game.scores[s]);
  if (human) pts.id = 'pts-you';
  else if (game.players === 2) pts.id = 'pts-bot';
  tile.append(name, pts);
  const note = seatNote(s);
  if (note) {
    const el = document.createElement('div');
    el.className = 'note-line';
    el.textContent = note;
    tile.appendChild(el);
  }
  return tile;
}

/** One tile per seat, seat 1 first. */
function renderScores() {
  const box = $('#scores');
  box.textContent = '';
  box.classList.toggle('many', game.players > 2);
  for (let s = 0; s < game.players; s++) box.appendChild(seatTile(s));
}

function turnLine() {
  const t = game.turn;
  let info = over() ? 'Game over' : (isHuman() ? 'Your turn' : game.players === 2 ? "The bot's turn" : who(game.toMove) + "'s turn");
  if (over()) return info;
  if (t) info += ' · roll ' + t.roll + ' of 3 · ' + (t.total ? t.total + ' set aside · ' : '') + nDice(t.held) + ' rolled';
  else if (game.offer) {
    info += ' · offer' + (game.players > 2 ? ' from ' + whoLower(game.offer.from) : '') + ': ' + game.offer.total + ' on ' + nDice(game.offer.left);
  }
  if (game.lastTurn) info += ' · last turn';
  if (game.scores[game.toMove] === 0) info += ' · not opened yet (30 to open)';
  return info;
}

function renderDice() {
  const box = $('#dice');
  box.textContent = '';
  game.dice.forEach((f, i) => {
    const el = makeDie('span', 'die locked');
    setFace(el, f);
    el.setAttribute('aria-label', 'die ' + (i + 1) + ': ' + f);
    box.appendChild(el);
  });
  box.setAttribute('aria-label', game.dice.length ? 'dice rolled: ' + game.dice.join(' ') : 'no dice rolled');
}

export function render() {
  renderScores();
  $('#play-panel').classList.toggle('bot-turn', !isHuman());
  $('#turn-info').textContent = turnLine();
  renderDice();
  const t = game.turn;
  $('#aside').textContent = t && t.total ? 'Set aside this turn: ' + t.total + ' points.' : '';
  const a = game.advice;
  const hints = input('#show-hint').checked;
  const best = a && a.options[0];
  const whose = isHuman() ? 'Your' : game.players === 2 ? "The bot's" : who(game.toMove) + "'s";
  $('#hint').textContent = !a ? '' : a.bust ? 'Nothing scores: a bust.'
    : !hints ? '' : whose + ' chance to win' + againstText(a) + ': ' + pct(a.p_win) + (isHuman() && best ? ' — best: ' + best.option : '');
  renderOptions($('#play-options'), a && !a.bust ? a : null, { buttons: isHuman() && !game.busy, pwin: hints });
  $('#play-options').setAttribute('aria-label', isHuman() ? 'your options' : who(game.toMove) + "'s options");
}

/**
 * Three or more players: the chances are the two-player table's against the leader.
 * @param {Advice} a
 */
export function againstText(a) {
  if (!a || a.players <= 2) return '';
  const s = a.against - 1;
  const name = advising() ? 'seat ' + a.against : whoLower(s);
  return ' (heads-up against ' + name + ', the leader)';
}

/**
 * The columns: P(win) and the loss with `pwin`, the table's chance where the answer has it.
 * @param {Advice} advice
 * @param {boolean} pwin
 * @returns {import('../options.js').Head[]}
 */
function heads(advice, pwin) {
  /** @type {import('../options.js').Head[]} */
  const h = [['#', ''], ['choice', '']];
  // The compact game (a page past 1,000) is an approximation: its column says so.
  const kind = [advice.players > 2 ? 'heads-up' : '', /compact/.test(advice.strategy) ? 'compact' : '']
    .filter(Boolean).join(', ');
  if (pwin) h.push([kind ? `P(win), ${kind}` : 'P(win)', 'num'], ['loss', 'num']);
  // Three or more players: each option's chance to win the whole table, exact from the
  // three-player game where the answer's table_chance says so, else an estimate from games
  // played out by the bots (table_chance says how many) with its 95% interval.
  if (pwin && advice.table_chance) h.push([`win the table (${advice.table_chance.kind})`, 'num']);
  return h;
}

/**
 * Options best first: the option (a button when it is yours to choose), P(win), the loss.
 * @param {HTMLElement} table
 * @param {Advice | null} advice
 * @param {{ buttons?: boolean, pwin?: boolean }} how
 */
export function renderOptions(table, advice, how) {
  if (!advice) { hideOptions(table); return; }
  const pwin = !!how.pwin;
  const tbody = startOptions(table, heads(advice, pwin));
  advice.options.forEach((o, i) => {
    const tr = optionRow(tbody, i, pwin && o.loss <= 1e-12);
    if (how.buttons) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'choose';
      b.textContent = o.option;
      b.addEventListener('click', () => actions.choose(i));
      cell(tr, b, 'choice');
    } else {
      cell(tr, o.option, 'choice');
    }
    if (pwin) {
      cell(tr, pct(o.p_win), 'num p');
      cell(tr, o.loss <= 1e-12 ? 'best' : '-' + pct(o.loss), 'num loss');
    }
    if (pwin && advice.table_chance) {
      const interval = o.p_table_ci95 === undefined ? '' : ' ± ' + (100 * o.p_table_ci95).toFixed(1);
      cell(tr, pct(o.p_table || 0) + interval, 'num table');
    }
  });
  table.dataset.adviceCount = String(advice.options.length);
}
