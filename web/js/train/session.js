// A trainer's session over a set of puzzles (docs/TRAIN.md): the order practice takes them
// in (the themes missed most first), what a player's choice lost, the reference players'
// scores on the same puzzles, and an option in a player's words. No page here: the entry
// module (train.js) draws.

/**
 * @typedef {import('../yahtzee/types.js').Option} ReportOption
 * @typedef {object} Puzzle  one of POST /api/puzzles (docs/TRAIN.md)
 * @property {number} number
 * @property {string} card
 * @property {string} theme
 * @property {string} difficulty
 * @property {string} kind
 * @property {number} greedy
 * @property {number} myopic
 * @property {number} against
 * @property {import('../yahtzee/types.js').Advice & {rolls_left: number}} report
 * @typedef {{seen: number, missed: number, lost: number}} ThemeRecord
 * @typedef {{themes: Record<string, ThemeRecord>, tests: number[]}} Progress
 */

/** A choice losing more than this is a miss (as the terminal's trainer counts it). */
const MISSED = 1e-9;

/** @returns {Progress} */
export const emptyProgress = () => ({ themes: {}, tests: [] });

/**
 * How much practice wants a puzzle of `theme` next: misses plus one over answers plus two.
 * @param {Progress} progress
 * @param {string} theme
 */
export function weight(progress, theme) {
  const r = progress.themes[theme] || { seen: 0, missed: 0, lost: 0 };
  return (r.missed + 1) / (r.seen + 2);
}

/**
 * The index among `left` of the puzzle practice takes next: the first of the theme missed most.
 * @param {Progress} progress
 * @param {Puzzle[]} left
 */
export function nextOf(progress, left) {
  let best = 0;
  left.forEach((p, i) => { if (weight(progress, p.theme) > weight(progress, left[best].theme)) best = i; });
  return best;
}

/**
 * Records an answer of `loss` points on a puzzle of `theme`.
 * @param {Progress} progress
 * @param {string} theme
 * @param {number} loss
 */
export function record(progress, theme, loss) {
  const r = progress.themes[theme] || (progress.themes[theme] = { seen: 0, missed: 0, lost: 0 });
  r.seen++;
  if (loss > MISSED) r.missed++;
  r.lost += loss;
}

/**
 * Each reference player's mean loss per decision on `puzzles`: random (the mean over the
 * options), greedy and myopic (the puzzle's options of theirs), optimal (0).
 * @param {Puzzle[]} puzzles
 * @returns {[string, number][]}
 */
export function referenceScores(puzzles) {
  const mean = (/** @type {(p: Puzzle) => number} */ f) => puzzles.reduce((s, p) => s + f(p), 0) / puzzles.length;
  const options = (/** @type {Puzzle} */ p) => p.report.options;
  return [
    ['random', mean((p) => options(p).reduce((s, o) => s + o.loss, 0) / options(p).length)],
    ['greedy', mean((p) => options(p)[p.greedy].loss)],
    ['myopic', mean((p) => options(p)[p.myopic].loss)],
    ['optimal', 0],
  ];
}

/**
 * An option in a player's words: "keep 2 2 5", "Fours for 16", "chance-chance".
 * @param {ReportOption} o
 * @param {number} showing  the dice showing
 */
export function describe(o, showing) {
  if (o.chance_chance) return 'chance-chance';
  if (o.keep) {
    const dice = o.keep.join(' ') || 'nothing';
    if (o.mulligan) return 'the mulligan, keeping ' + dice;
    return o.keep.length === showing ? 'keep them all (stand)' : 'keep ' + dice;
  }
  return (o.category || '').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) + ' for ' + o.score;
}

/**
 * The option a choice names: a keep (the dice held, `mulligan` when it spends the
 * mulligan), a box by name, or chance-chance; -1 when none is an option here.
 * @param {Puzzle} p
 * @param {{keep?: number[], mulligan?: boolean, box?: string, chanceChance?: boolean}} choice
 */
export function optionOf(p, choice) {
  const same = (/** @type {number[]} */ a, /** @type {number[]} */ b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return p.report.options.findIndex((o) => {
    if (choice.chanceChance) return !!o.chance_chance;
    if (choice.box) return o.category === choice.box && !o.chance_chance;
    return !!o.keep && !!o.mulligan === !!choice.mulligan && same(o.keep, choice.keep || []);
  });
}
