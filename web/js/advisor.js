// The advisor page (index.html): the rules, the dice, the card and a goal in, the best
// move out. Its state is in the address (?rules=…&card=…&dice=…&rolls=…&target=…&opp=…
// &why=1), so a link shows the same position.

import { $, input, select, setError } from './dom.js';
import { api, ready } from './client.js';
import { query, setAddress } from './address.js';
import { fillRules, onRulesChange, ruleName, setRuleName } from './yahtzee/rules.js';
import { buildCard, cardText, parseCardText, updateTotals } from './advisor/card.js';
import { diceShown, makeDice, randomDice, renderDice, showMegaControls } from './advisor/dice.js';
import { advice, renderAdvice } from './advisor/advice.js';
import { state } from './advisor/state.js';
import { frame } from './frame.js';

/** @typedef {import('./advisor/card.js').Values} Values */

function updateUrl() {
  const q = new URLSearchParams();
  q.set('rules', ruleName());
  const c = cardText();
  if (c) q.set('card', c);
  const rolls = select('#rolls-left').value;
  if (rolls !== 'start') q.set('dice', diceShown().join(''));
  q.set('rolls', rolls);
  const t = input('#target').value.trim();
  if (t) q.set('target', t);
  const o = input('#opponent').value.trim();
  if (o) q.set('opp', o);
  if (input('#explain').checked) q.set('why', '1');
  setAddress(q);
  const share = /** @type {HTMLAnchorElement} */ ($('#share'));
  share.href = location.href;
  share.textContent = location.href;
}

/** @param {boolean} [immediate] */
function changed(immediate) {
  updateTotals();
  updateUrl();
  if (immediate) advice.now(); else advice.schedule();
}

/**
 * Switches the card to the rules on screen, keeping the scores that still fit.
 * @param {Values} values
 * @param {boolean} immediate
 */
async function switchRules(values, immediate) {
  const name = ruleName();
  const my = ++state.cardReq;
  const r = state.rules.find((x) => x.name === name);
  $('#rules-description').textContent = r
    ? r.description + ' — optimal play averages ' + Number(r.expected_value).toFixed(2) + ' points.'
    : '';
  let card = state.cards.get(name);
  try {
    if (!card) state.cards.set(name, card = await api('/api/card?rules=' + encodeURIComponent(name)));
  } catch (e) {
    if (my === state.cardReq) setError(/** @type {Error} */ (e).message);
    return;
  }
  if (my !== state.cardReq || !card) return;
  state.card = card;
  state.cardName = name;
  buildCard(card, values);
  showMegaControls();
  changed(immediate);
}

function wire() {
  $('#random-dice').addEventListener('click', () => { randomDice(); changed(); });
  $('#rolls-left').addEventListener('change', () => { showMegaControls(); changed(); });
  $('#six-dice').addEventListener('change', () => { renderDice(); changed(); });
  onRulesChange(() => switchRules(parseCardText(cardText()), false));
  $('#card').addEventListener('change', (ev) => {
    if (ev.target instanceof Element && ev.target.id === 'mega-used') showMegaControls();
    changed();
  });
  // Target and opponent exclude each other: filling one clears the other.
  const target = input('#target'), opponent = input('#opponent');
  target.addEventListener('input', () => { if (target.value.trim() !== '') opponent.value = ''; changed(); });
  opponent.addEventListener('input', () => { if (opponent.value.trim() !== '') target.value = ''; changed(); });
  $('#advise').addEventListener('click', () => advice.now());
  $('#explain').addEventListener('change', () => changed(true));
  $('#show-all').addEventListener('click', () => {
    state.showAll = !state.showAll;
    if (state.advice) renderAdvice(state.advice);
  });
}

/** The position in the address, on screen. */
function fromAddress() {
  const q = query();
  const d = q.get('dice');
  if (d && /^[1-6]{5,6}$/.test(d)) state.dice = [...d].map(Number);
  input('#six-dice').checked = !!d && d.length === 6;
  const r = q.get('rolls');
  if (r === '0' || r === '1' || r === '2' || r === 'start') select('#rolls-left').value = r;
  input('#target').value = q.get('target') || '';
  input('#opponent').value = q.get('target') ? '' : (q.get('opp') || '');
  input('#explain').checked = q.get('why') === '1';
  return q;
}

async function init() {
  const q = fromAddress();
  makeDice(() => changed());
  renderDice();
  wire();
  // A static copy (no yahtzee serve) plays for expected score only.
  if (await ready === 'static') {
    $('#goal-static').hidden = false;
    for (const el of [input('#target'), input('#opponent')]) { el.value = ''; el.disabled = true; }
  }
  try {
    state.rules = await api('/api/rules');
  } catch (e) {
    setError(/** @type {Error} */ (e).message);
    return;
  }
  fillRules(state.rules);
  setRuleName(q.get('rules') || 'forced');
  await switchRules(parseCardText(q.get('card') || ''), true);
}

frame('./');
init();
