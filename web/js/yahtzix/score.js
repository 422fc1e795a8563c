// Yahtzix's scoring, as crates/yahtzee-yahtzix/src/score.rs has it: what dice set aside are
// worth, and what banking a roll scores; the page checks the API's words against it.

/** @typedef {number[]} Counts  dice by face: [_, ones, twos, …, sixes] */

/** @param {number[]} faces @returns {Counts} */
export const counts = (faces) => { const c = [0, 0, 0, 0, 0, 0, 0]; for (const f of faces) c[f]++; return c; };
/** @param {Counts} c */
const size = (c) => c.reduce((s, n) => s + n, 0);

/**
 * Every scoring unit holding a die of the lowest face present: [points, dice left].
 * @param {boolean} four  four of a kind scores 250
 * @param {Counts} d
 * @returns {[number, Counts][]}
 */
function unitMoves(four, d) {
  const low = [1, 2, 3, 4, 5, 6].find((f) => d[f] > 0);
  if (!low) return [];
  /** @type {[number, Counts][]} */
  const moves = [];
  /** @param {number} points @param {[number, number][]} faces */
  const take = (points, faces) => {
    const left = d.slice();
    for (const [f, n] of faces) { if (left[f] < n) return; left[f] -= n; }
    moves.push([points, left]);
  };
  if (low === 1 || low === 5) take(low === 1 ? 10 : 5, [[low, 1]]);
  take(low === 1 ? 30 : 10 * low, [[low, 3]]);
  if (four) take(250, [[low, 4]]);
  for (let other = low; other <= 6; other++) take(150, other === low ? [[low, 6]] : [[low, 3], [other, 3]]);
  if (low <= 2) take(150, [0, 1, 2, 3, 4].map((i) => [low + i, 1]));
  if (low === 1) take(200, [1, 2, 3, 4, 5, 6].map((f) => [f, 1]));
  return moves;
}

/**
 * The best split of all of `d` into units; null if some die does not score.
 * @param {boolean} four
 * @param {Counts} d
 * @returns {number | null}
 */
function bestSplit(four, d) {
  if (size(d) === 0) return 0;
  /** @type {number | null} */
  let best = null;
  for (const [p, left] of unitMoves(four, d)) {
    const v = bestSplit(four, left);
    if (v !== null && (best === null || v + p > best)) best = v + p;
  }
  return best;
}

/**
 * What dice set aside are worth: on the first roll every premium ("all count": at least
 * 100 when all six of six dice score), later only single 1s and 5s.
 * @param {boolean} four
 * @param {Counts} keep
 * @param {number} rolled  how many dice were rolled
 * @param {boolean} first
 */
export function keepValue(four, keep, rolled, first) {
  if (first) {
    const v = bestSplit(four, keep);
    if (v === null) return null;
    return rolled === 6 && size(keep) === 6 ? Math.max(v, 100) : v;
  }
  return size(keep) === keep[1] + keep[5] ? 10 * keep[1] + 5 * keep[5] : null;
}

/** @param {Counts} d */
function subMultisets(d) {
  let out = [[0, 0, 0, 0, 0, 0, 0]];
  for (let f = 1; f <= 6; f++) {
    out = out.flatMap((b) => Array.from({ length: d[f] + 1 }, (_, n) => { const c = b.slice(); c[f] = n; return c; }));
  }
  return out;
}

/**
 * Banking the roll: the most points, then the most dice used; null: a bust.
 * @param {boolean} four
 * @param {Counts} d
 * @param {boolean} first
 * @returns {{ points: number, used: number } | null}
 */
export function bankOf(four, d, first) {
  /** @type {{ points: number, used: number } | null} */
  let best = null;
  for (const k of subMultisets(d)) {
    const kept = size(k);
    if (!kept) continue;
    const v = keepValue(four, k, size(d), first);
    if (v !== null && (!best || v > best.points || (v === best.points && kept > best.used))) best = { points: v, used: kept };
  }
  return best;
}
