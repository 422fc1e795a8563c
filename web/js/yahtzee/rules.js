// Yahtzee's rule sets as the advisor and the game offer them: a menu of the base rule sets
// (#rules) and a checkbox per house rule (#house-…), read and set as one name
// ("forced+mulligan"); and the words for an option and the card's upper bonus.

import { $, input, select } from '../dom.js';

/** @typedef {import('./types.js').RuleSet} RuleSet */
/** @typedef {import('./types.js').Card} Card */
/** @typedef {import('./types.js').Option} Option */

const HOUSE = ['mulligan', 'chance-chance', 'fool-house', 'mega-yahtzee'];

/**
 * The rule sets without house rules, in the menu.
 * @param {RuleSet[]} rules
 */
export function fillRules(rules) {
  const sel = select('#rules');
  sel.textContent = '';
  for (const r of rules) if (!r.house || r.house.length === 0) sel.add(new Option(r.name, r.name));
}

/** The rule set on screen: the menu's, plus the house rules ticked. */
export function ruleName() {
  let n = select('#rules').value;
  for (const h of HOUSE) if (input('#house-' + h).checked) n += '+' + h;
  return n;
}

/**
 * "forced+mulligan" -> menu and checkboxes. A '+' typed in a URL may arrive as a space.
 * @param {string | null} full
 */
export function setRuleName(full) {
  const parts = String(full || '').split(/[+ ]/).filter(Boolean);
  const sel = select('#rules');
  if (parts.length && [...sel.options].some((o) => o.value === parts[0])) sel.value = parts[0];
  for (const h of HOUSE) input('#house-' + h).checked = parts.includes(h);
}

/**
 * Runs `changed` when the rules on screen change.
 * @param {() => void} changed
 */
export function onRulesChange(changed) {
  $('#rules').addEventListener('change', changed);
  for (const h of HOUSE) $('#house-' + h).addEventListener('change', changed);
}

/**
 * A box's label on the card (its name when the card has no such box).
 * @param {Card | null} card
 * @param {string | undefined} name
 */
export function labelOf(card, name) {
  const b = card && card.boxes.find((x) => x.name === name);
  return b ? b.label : String(name);
}

/**
 * An option in words ("keep 3 3", "stand on 1 2 3 4 5", "Full House (25)").
 * @param {Option} opt
 * @param {number} shown  how many dice are showing
 * @param {Card | null} card
 */
export function describe(opt, shown, card) {
  if (opt.sixth_die !== undefined) return opt.sixth_die ? 'take the sixth die' : 'roll five dice';
  if (opt.keep) {
    const k = opt.keep.join(' ');
    let s;
    if (opt.keep.length === 0) s = 'reroll all';
    else if (opt.keep.length === shown && !opt.mulligan) s = 'stand on ' + k;
    else s = 'keep ' + k;
    return opt.mulligan ? 'mulligan: ' + s : s;
  }
  if (opt.chance_chance) return 'chance-chance';
  // Six dice: the five scored.
  const five = opt.scored ? ' with ' + opt.scored.join(' ') : '';
  return labelOf(card, opt.category) + ' (' + opt.score + ')' + five;
}

/**
 * The upper bonus: /api/card may say; otherwise 35 at 63 (Yahtzee) or 50 at 63 (Yatzy).
 * @param {Card} card
 * @param {string} name  the rule set
 */
export function upperRule(card, name) {
  return {
    threshold: card.upper_threshold || 63,
    bonus: card.upper_bonus || (String(name).startsWith('yatzy') ? 50 : 35),
  };
}
