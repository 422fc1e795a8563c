// The two players' cards in the game against the engine: the house rules of the game
// (from /api/card), the card in the API's syntax, the totals, writing a score (with the
// bonuses it earns) and the game log.

import { $ } from '../dom.js';
import { sorted } from '../dice.js';
import { labelOf, upperRule } from '../yahtzee/rules.js';
import { game, player } from './state.js';

/** @typedef {import('./state.js').Player} Player */
/** @typedef {import('./state.js').Who} Who */

const NAMES = { you: 'You', engine: 'Engine' };

/** @param {number[]} d */
const isFiveOfAKind = (d) => d.length === 5 && d[0] > 0 && d.every((x) => x === d[0]);
/** @param {number[]} d */
const isSixOfAKind = (d) => d.length === 6 && d[0] > 0 && d.every((x) => x === d[0]);

/**
 * Three of one face and two of another (five of a kind is not one).
 * @param {number[]} d
 */
function isNaturalFullHouse(d) {
  if (d.length !== 5 || d.some((x) => !(x >= 1 && x <= 6))) return false;
  /** @type {Record<number, number>} */
  const counts = {};
  for (const x of d) counts[x] = (counts[x] || 0) + 1;
  return sorted(Object.values(counts)).join() === '2,3';
}

/** @param {string | undefined} name */
export const label = (name) => labelOf(game.card, name);
/** @param {Player} p */
export const filled = (p) => Object.keys(p.scores).length;
/** @param {Player} p */
export const isFull = (p) => filled(p) === game.card.boxes.length;

// House rules of the game on screen (from /api/card).
export const megaOn = () => !!game.card.mega_yahtzee;
const foolOn = () => !!game.card.fool_house;
const megaBonus = () => (typeof game.card.mega_bonus === 'number' ? game.card.mega_bonus : 1000);
/** The sixth die is still in this player's hand (mega-yahtzee, once per game). */
/** @param {Who} who */
export const dieInHand = (who) => megaOn() && !player(who).mega;
// fool-house: the five dice showing are a natural full house and Full House is open, so
// they must be scored there now (six dice are never a full house: the API says which
// five a box scores).
/** @param {Who} who */
export const foolForced = (who) => foolOn() && game.turn === who && game.rolls > 0 &&
  isNaturalFullHouse(game.dice) && game.card.boxes.some((b) => b.name === 'full_house') &&
  !('full_house' in player(who).scores);

/**
 * The card in CLI syntax. "mulligan=used" is only accepted once a box is filled; a
 * mulligan spent in the first turn is handled by ignoring mulligan options (see usable()).
 * A card is the start of a turn, so during the turn played with the sixth die it still
 * holds the die (six dice say it was taken); "mega=used" (and "mega_bonus=N" once earned)
 * after it.
 * @param {Who} who
 */
export function cardText(who) {
  const p = player(who);
  const parts = [];
  for (const b of game.card.boxes) if (b.name in p.scores) parts.push(b.name + '=' + p.scores[b.name]);
  if (p.yb) parts.push('yahtzee_bonus=' + p.yb);
  if (p.mulligan && filled(p) > 0) parts.push('mulligan=used');
  if (p.mega && !(game.six && game.turn === who) && filled(p) > 0) {
    parts.push('mega=used');
    if (p.megaBonus) parts.push('mega_bonus=' + p.megaBonus);
  }
  return parts.join(' ');
}

export const upper = () => upperRule(game.card, game.rules);

/** @param {Player} p */
export function totals(p) {
  let up = 0, all = 0;
  for (const b of game.card.boxes) {
    const v = p.scores[b.name] || 0;
    all += v;
    if (b.upper) up += v;
  }
  const u = upper();
  const bonus = up >= u.threshold ? u.bonus : 0;
  return { upper: up, bonus, total: all + bonus + p.yb + p.megaBonus };
}

/**
 * A line of the game log, newest first.
 * @param {Who} who
 * @param {string} text
 */
export function log(who, text) {
  const li = document.createElement('li');
  li.className = who;
  li.textContent = text;
  const ul = $('#log');
  ul.insertBefore(li, ul.firstChild);
}

/**
 * Writes a score with the five dice scored; adds the extra-Yahtzee bonus when due, and the
 * Mega bonus when `six` (the six dice at the end of the rolling) is six of a kind.
 * @param {Who} who
 * @param {string} box
 * @param {number} score
 * @param {number[]} five
 * @param {number[]} [six]
 */
export function scoreBox(who, box, score, five, six) {
  const p = player(who);
  let bonus = 0, mega = 0;
  if (game.card.yahtzee_bonus && isFiveOfAKind(five) && p.scores.yahtzee === 50) bonus = 100;
  if (six && isSixOfAKind(six)) mega = megaBonus();
  p.scores[box] = score;
  p.yb += bonus;
  p.megaBonus += mega;
  game.just[who] = box;
  log(who, NAMES[who] + (who === 'you' ? ' score ' : ' scores ') + label(box) + ' (' + score + ')' +
      (six ? ' with ' + five.join(' ') : '') +
      (bonus ? ' + ' + bonus + ' Yahtzee bonus' : '') + (mega ? ' + ' + mega + ' Mega bonus' : ''));
  return bonus;
}
