// The shapes of the API's answers about Yahtzee (GET /api/rules, GET /api/card, POST
// /api/advise), as the advisor and the game read them. Types only: nothing runs here.

/**
 * @typedef {object} RuleSet  one of GET /api/rules
 * @property {string} name
 * @property {string} description
 * @property {number} expected_value
 * @property {string[]} [house]
 */

/**
 * @typedef {object} Box  a box of the card
 * @property {string} name
 * @property {string} label
 * @property {boolean} upper
 * @property {number[]} scores
 */

/**
 * @typedef {object} Card  GET /api/card?rules=R
 * @property {Box[]} boxes
 * @property {number} [upper_threshold]
 * @property {number} [upper_bonus]
 * @property {boolean} [yahtzee_bonus]
 * @property {boolean} [mulligan]
 * @property {boolean} [mega_yahtzee]
 * @property {boolean} [fool_house]
 * @property {number} [mega_bonus]
 */

/**
 * @typedef {object} Option  one of the advice's options, best first
 * @property {number} ev_remaining
 * @property {number} loss
 * @property {number[]} [keep]
 * @property {boolean} [mulligan]
 * @property {boolean} [sixth_die]
 * @property {boolean} [chance_chance]
 * @property {string} [category]
 * @property {number} [score]
 * @property {number[]} [scored]
 * @property {number} [p_at_least]
 * @property {number} [p_win]
 * @property {number} [p_tie]
 * @property {{ words?: string[], why?: string[] }} [explain]
 */

/**
 * @typedef {object} Advice  POST /api/advise
 * @property {Option[]} options
 * @property {number} expected_final
 * @property {number} points_so_far
 * @property {number[]} dice
 * @property {number} [target]
 * @property {string} [target_status]
 */

export {};
