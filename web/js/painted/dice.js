// Painted Yahtzee's dice: a number and one of five colours each ("5r"), on screen (pips in
// the colour's ink, the letter in the bottom middle cell), in words (chips), and rolled
// from a seed (mulberry32), so the same seed gives the same dice for the same keeps.

import { makeDie, setFace } from '../dice.js';
import { riggedFace } from '../hooks.js';

/** @typedef {{ n: number, c: number }} Die  a number 1-6 and a colour 0-4 */

export const LETTERS = ['r', 'y', 'g', 'b', 'p'];
export const COLOUR_NAMES = ['red', 'yellow', 'green', 'blue', 'purple'];

// The API's order sorts by face = colour * 6 + number - 1.
/** @param {Die} d */
export const dieText = (d) => d.n + LETTERS[d.c];
/** @param {Die} d */
export const faceCode = (d) => d.c * 6 + d.n - 1;
/** @param {Die[]} dice */
export const handText = (dice) => dice.map(dieText).join(' ');
/** @param {Die[]} dice */
export const sortedHand = (dice) => [...dice].sort((a, b) => faceCode(a) - faceCode(b));

/**
 * "5r 5y 2g 3b 1p" (spaces and commas optional) as dice, or null.
 * @param {string | null | undefined} text
 * @returns {Die[] | null}
 */
export function parseDice(text) {
  const chars = [...String(text || '')].filter((ch) => !/[\s,]/.test(ch));
  if (chars.length === 0 || chars.length % 2) return null;
  const out = [];
  for (let i = 0; i < chars.length; i += 2) {
    const n = Number(chars[i]);
    const c = LETTERS.indexOf(chars[i + 1].toLowerCase());
    if (!(n >= 1 && n <= 6) || c < 0) return null;
    out.push({ n, c });
  }
  return out;
}

/**
 * A die in words: its number and letter on its colour.
 * @param {Die} d
 */
export function chip(d) {
  const s = document.createElement('span');
  s.className = 'chip c-' + LETTERS[d.c];
  s.textContent = dieText(d);
  s.title = d.n + ' ' + COLOUR_NAMES[d.c];
  return s;
}

/** A die button whose bottom middle cell holds the colour's letter. */
export function makePaintedDie() {
  const b = /** @type {HTMLButtonElement} */ (makeDie('button', 'die'));
  b.type = 'button';
  b.children[7].classList.add('letter');
  return b;
}

/**
 * Sets an element's colour class (c-r, c-y, …) to `c` (none when null).
 * @param {Element} el
 * @param {number | null} c
 */
export function setColour(el, c) {
  LETTERS.forEach((l) => el.classList.remove('c-' + l));
  if (c !== null) el.classList.add('c-' + LETTERS[c]);
}

/**
 * Shows die `d` (null: not rolled).
 * @param {HTMLElement} el
 * @param {Die | null} d
 */
export function paintDie(el, d) {
  setFace(el, d ? d.n : 0);
  setColour(el, d ? d.c : null);
  el.dataset.colour = d ? LETTERS[d.c] : '';
  el.children[7].textContent = d ? LETTERS[d.c] : '';
}

/**
 * The next number of the dice stream (mulberry32 over a 32-bit state, kept in the URL, so
 * a reload goes on with the same dice).
 * @param {{ rng: number }} state
 */
function nextRandom(state) {
  let t = (state.rng = (state.rng + 0x6D2B79F5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * A die from the stream, or first the dice a browser test put in window.yahtzeeTestDice ("5r", ...).
 * @param {{ rng: number }} state
 * @returns {Die}
 */
export function rollDie(state) {
  const rigged = riggedFace();
  if (rigged !== undefined) {
    const d = parseDice(String(rigged));
    if (d && d.length === 1) return d[0];
  }
  const f = Math.floor(nextRandom(state) * 30);
  return { n: f % 6 + 1, c: Math.floor(f / 6) };
}

export function freshSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}
