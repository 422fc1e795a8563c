// Dice on screen (a 3x3 grid of pips, the face also in data-face; 0: not rolled yet), the
// fair dice roller, dice a player sets by hand, and matching a keep against the dice.

import { riggedFace } from './hooks.js';

// Pip cells (0..8, row by row in a 3x3 grid) for each face.
/** @type {Record<number, number[]>} */
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/**
 * A die element with nine pip cells.
 * @param {string} tag
 * @param {string} cls
 * @returns {HTMLElement}
 */
export function makeDie(tag, cls) {
  const el = document.createElement(tag);
  el.className = cls;
  for (let i = 0; i < 9; i++) {
    const p = document.createElement('span');
    p.className = 'pip';
    el.appendChild(p);
  }
  return el;
}

/**
 * Shows `face` (0: none) on a die.
 * @param {HTMLElement} el
 * @param {number} face
 */
export function setFace(el, face) {
  el.dataset.face = String(face);
  const on = PIPS[face] || [];
  [...el.children].forEach((p, i) => p.classList.toggle('on', on.includes(i)));
}

/**
 * `count` die buttons in `box`, each with its data-index.
 * @param {HTMLElement} box
 * @param {number} count
 */
export function buildDice(box, count) {
  for (let i = 0; i < count; i++) {
    const b = /** @type {HTMLButtonElement} */ (makeDie('button', 'die'));
    b.type = 'button';
    b.dataset.index = String(i);
    box.appendChild(b);
  }
}

/**
 * Dice a player sets by hand in `box`: a press turns a die to the next face, a key 1-6
 * on a focused die sets it; then `changed` runs.
 * @param {HTMLElement} box
 * @param {number[]} dice  the faces, changed in place
 * @param {() => void} changed
 */
export function editDice(box, dice, changed) {
  /** @param {Event} ev */
  const index = (ev) => {
    const die = ev.target instanceof Element ? /** @type {HTMLElement | null} */ (ev.target.closest('.die')) : null;
    return die ? Number(die.dataset.index) : -1;
  };
  box.addEventListener('click', (ev) => {
    const i = index(ev);
    if (i < 0) return;
    dice[i] = dice[i] % 6 + 1;
    changed();
  });
  box.addEventListener('keydown', (ev) => {
    const i = index(ev);
    if (i < 0 || !/^[1-6]$/.test(ev.key)) return;
    dice[i] = Number(ev.key);
    changed();
  });
}

/**
 * A fair die: crypto.getRandomValues, or first the faces a browser test put in
 * window.yahtzeeTestDice (dealt in order).
 * @returns {number}
 */
export function randomDie() {
  const f = Number(riggedFace());
  if (Number.isInteger(f) && f >= 1 && f <= 6) return f;
  const a = new Uint8Array(1);
  do { crypto.getRandomValues(a); } while (a[0] >= 252);   // 252 = 6 * 42: no bias
  return a[0] % 6 + 1;
}

/** @param {number[]} xs */
export const sorted = (xs) => [...xs].sort((a, b) => a - b);

/**
 * Whether two hands hold the same faces, in any order.
 * @param {number[]} a
 * @param {number[]} b
 */
export const sameMultiset = (a, b) => a.length === b.length && sorted(a).join() === sorted(b).join();

/**
 * For each of `dice`, whether it is one of `keep` (matched as a multiset).
 * @param {number[]} dice
 * @param {number[]} keep
 * @returns {boolean[]}
 */
export function keptMask(dice, keep) {
  const mask = dice.map(() => false);
  for (const v of keep) {
    const i = dice.findIndex((d, j) => d === v && !mask[j]);
    if (i >= 0) mask[i] = true;
  }
  return mask;
}
