// The trainer (train.html, docs/TRAIN.md): puzzles from the exact table, built in the page
// by the explaining engine (or asked of yahtzee serve), in three modes: practice (the
// themes missed most first), the daily puzzle, and the proficiency test (20 puzzles, then
// the score beside the reference players'). The address says the set and the puzzle
// (?rules=forced&mode=practice&seed=12&n=3, ?mode=daily&date=2026-11-29), so a link
// shows the same puzzle; progress stays in IndexedDB.

import { $, select, setError } from './dom.js';
import { api, ready } from './client.js';
import { buildDice } from './dice.js';
import { oneOf, query, setAddress } from './address.js';
import { frame } from './frame.js';
import { nextOf, optionOf, record, referenceScores } from './train/session.js';
import { keptDice, showAnswer, showPuzzle, showScore } from './train/view.js';
import { loadProgress, saveProgress } from './train/store.js';

/** @typedef {import('./train/session.js').Puzzle} Puzzle */

const MODES = /** @type {const} */ (['practice', 'daily', 'test']);
const COUNT = { practice: 10, daily: 1, test: 20 };

const state = {
  /** @type {'practice' | 'daily' | 'test'} */ mode: 'practice',
  rules: 'forced',
  seed: 0,
  date: '',
  /** @type {Puzzle[]} */ puzzles: [],
  /** @type {string[]} the boxes' names in card order */ order: [],
  /** @type {Puzzle[]} */ left: [],
  /** @type {Puzzle | null} */ current: null,
  /** @type {number[]} */ losses: [],
  /** @type {boolean[]} */ held: [],
  /** @type {import('./train/session.js').Progress} */ progress: { themes: {}, tests: [] },
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Starts a session: the set asked of the engine, then its first puzzle (`at`: the number
 * of a puzzle to open first, from the address).
 * @param {'practice' | 'daily' | 'test'} mode
 * @param {number} [at]
 */
async function start(mode, at) {
  setError('');
  state.mode = mode;
  state.rules = select('#rules').value;
  const difficulty = select('#difficulty').value || undefined;
  const q = new URLSearchParams({ rules: state.rules, mode });
  /** @type {Record<string, unknown>} */
  const request = { rules: state.rules };
  if (mode === 'daily') {
    state.date = state.date || today();
    Object.assign(request, { date: state.date });
    q.set('date', state.date);
  } else {
    Object.assign(request, { seed: state.seed, count: COUNT[mode], difficulty });
    q.set('seed', String(state.seed));
    if (difficulty) q.set('difficulty', difficulty);
  }
  try {
    /** @type {import('./yahtzee/types.js').Card} */
    const card = await api('/api/card?rules=' + encodeURIComponent(state.rules));
    state.order = card.boxes.map((b) => b.name);
    state.puzzles = await api('/api/puzzles', request);
  } catch (e) {
    setError(e instanceof Error ? e.message : String(e));
    return;
  }
  state.progress = await loadProgress(state.rules);
  state.left = [...state.puzzles];
  state.losses = [];
  setAddress(q);
  const first = at ? state.left.findIndex((p) => p.number === at) : -1;
  next(first);
}

/**
 * The next puzzle: `pick` (from the address), else practice's choice or the set's order.
 * @param {number} [pick]
 */
function next(pick = -1) {
  if (!state.left.length) return;
  const i = pick >= 0 ? pick : state.mode === 'practice' ? nextOf(state.progress, state.left) : 0;
  const p = state.left.splice(i, 1)[0];
  state.current = p;
  state.held = p.report.dice.map(() => false);
  const q = query();
  q.set('n', String(p.number));
  setAddress(q);
  draw();
}

function draw() {
  const p = state.current;
  if (p) showPuzzle(p, state.losses.length + 1, state.puzzles.length, state.held, state.order, choose);
}

/**
 * The player's choice judged: the answer, the progress kept, and the score after a test.
 * @param {{keep?: number[], mulligan?: boolean, box?: string, chanceChance?: boolean}} choice
 */
async function choose(choice) {
  const p = state.current;
  if (!p || !$('#answer-panel').hidden) return;
  const mine = optionOf(p, choice);
  if (mine < 0) {
    setError('That is not an option here.');
    return;
  }
  setError('');
  const loss = p.report.options[mine].loss;
  state.losses.push(loss);
  record(state.progress, p.theme, loss);
  const last = state.left.length === 0;
  showAnswer(p, mine, last);
  if (last && state.mode === 'test') {
    const mean = state.losses.reduce((s, x) => s + x, 0) / state.losses.length;
    state.progress.tests.push(mean);
    showScore(mean, referenceScores(state.puzzles));
  }
  await saveProgress(state.rules, state.progress);
  const r = state.progress.themes[p.theme];
  $('#record').textContent = `This theme so far: ${r.seen - r.missed} of ${r.seen} right.`;
}

function wire() {
  $('#puzzle-dice').addEventListener('click', (ev) => {
    const die = ev.target instanceof Element ? ev.target.closest('.die') : null;
    if (!(die instanceof HTMLElement) || !$('#answer-panel').hidden) return;
    const i = Number(die.dataset.index);
    state.held[i] = !state.held[i];
    draw();
  });
  $('#reroll').addEventListener('click', () => {
    if (state.current) choose({ keep: keptDice(state.current, state.held) });
  });
  $('#next').addEventListener('click', () => next());
  for (const mode of MODES) {
    $('#mode-' + mode).addEventListener('click', () => {
      if (mode !== 'daily') state.seed = Math.floor(Math.random() * 1e9);
      start(mode);
    });
  }
}

/** The rule sets in the menu, from the engine. */
async function fillRules() {
  /** @type {{name: string}[]} */
  const sets = await api('/api/rules');
  const sel = select('#rules');
  sel.textContent = '';
  for (const r of sets) sel.append(new Option(r.name, r.name));
}

async function init() {
  buildDice($('#puzzle-dice'), 6);
  wire();
  await ready;
  await fillRules();
  const q = query();
  const rules = q.get('rules');
  if (rules) {
    if (![...select('#rules').options].some((o) => o.value === rules)) select('#rules').append(new Option(rules, rules));
    select('#rules').value = rules;
  }
  const difficulty = oneOf(q.get('difficulty'), ['easy', 'medium', 'hard']);
  if (difficulty) select('#difficulty').value = difficulty;
  const mode = oneOf(q.get('mode'), MODES);
  if (!mode) return;
  state.seed = Number(q.get('seed')) || 0;
  state.date = q.get('date') || '';
  await start(mode, Number(q.get('n')) || undefined);
}

frame('train.html');
init();
