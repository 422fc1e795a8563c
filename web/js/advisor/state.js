// What the advisor holds: the rule sets, the cards loaded, the dice on screen and the
// last answer; shared by its modules.

/** @typedef {import('../yahtzee/types.js').RuleSet} RuleSet */
/** @typedef {import('../yahtzee/types.js').Card} Card */
/** @typedef {import('../yahtzee/types.js').Advice} Advice */

export const state = {
  rules: /** @type {RuleSet[]} */ ([]),     // /api/rules answer
  cards: /** @type {Map<string, Card>} */ (new Map()), // rule name -> /api/card answer
  card: /** @type {Card | null} */ (null),  // card layout of the rules on screen
  cardName: '',                             // its rule name
  cardReq: 0,                               // sequence number of card loads (latest wins)
  dice: [1, 3, 3, 4, 6],
  showAll: false,
  advice: /** @type {Advice | null} */ (null), // last advice answer
  explainNote: '',  // why the answer on screen is not explained, when "say why" is on
};
