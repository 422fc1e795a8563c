// The Yahtzix page (yahtzix.html): a race against the bots (two to eight seats), and
// "Advise a position" (?mode=advise&…); the target, the rules and the seats in the address.

import { $, input, select } from './dom.js';
import { ready } from './client.js';
import { query, selectIfThere } from './address.js';
import { advising, showMode, wireModes } from './modes.js';
import { newGame } from './yahtzix/turns.js';
import { render } from './yahtzix/view.js';
import { advice, adviseFromAddress, layoutPlayers, scheduleAdvice, updateUrl } from './yahtzix/advise.js';
import { frame } from './frame.js';

/** @param {boolean} advise */
function setMode(advise) {
  showMode(advise, [$('#new-game'), $('#first-field')]);
  if (advise) scheduleAdvice(); else updateUrl();
}

function wire() {
  $('#new-game').addEventListener('click', newGame);
  $('#show-hint').addEventListener('change', render);
  const rules = () => { if (!advising()) newGame(); else scheduleAdvice(); };
  $('#target').addEventListener('change', rules);
  $('#four').addEventListener('change', rules);
  $('#players').addEventListener('change', () => { layoutPlayers(); if (!advising()) updateUrl(); rules(); });
  $('#seat').addEventListener('change', () => { updateUrl(); newGame(); });
  wireModes(setMode);
  for (const id of ['#me', '#opp', '#offer', '#adv-dice', '#total']) $(id).addEventListener('input', scheduleAdvice);
  for (const id of ['#second', '#stage', '#roll', '#to-move']) $(id).addEventListener('change', scheduleAdvice);
  $('#advise').addEventListener('click', () => advice.now());
}

// In the page (WebAssembly) the exact game is solved to 1,000; the larger exact tables
// (0.6 GB at 1,500, 1.3 GB at 2,000) do not fit a page, which solves the compact game
// instead (under 200 MB, about a minute the first time). The page opens at 1,000 unless
// the address asks for more.
/** @param {URLSearchParams} q */
function compactPastThousand(q) {
  for (const o of select('#target').options) {
    if (Number(o.value) > 1000) o.textContent += ' (compact)';
  }
  if (!q.get('target')) select('#target').value = '1000';
}

async function init() {
  const q = query();
  selectIfThere(select('#target'), q.get('target'));
  input('#four').checked = q.get('four') !== '0';
  adviseFromAddress(q);
  // The seat you play, from 0 as the menu's values (seat=1: second of two).
  selectIfThere(select('#seat'), q.get('seat'));
  wire();
  if (await ready === 'static') compactPastThousand(q);
  setMode(q.get('mode') === 'advise');
  if (q.get('mode') !== 'advise') newGame();
}

frame('yahtzix.html');
init();
