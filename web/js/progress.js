// The pages' status line (#status: #status-text and a #status-progress bar): what the
// engine is doing while a page waits, such as a server building a table or the engine in
// the page solving one, with how far it has got.

/**
 * Shows `msg` (hidden when empty), with a bar at `fraction` (no bar when null).
 * @param {string} msg
 * @param {number | null} [fraction]
 */
export function showStatus(msg, fraction) {
  const box = document.getElementById('status');
  const text = document.getElementById('status-text');
  const bar = /** @type {HTMLProgressElement | null} */ (document.getElementById('status-progress'));
  if (!box || !text || !bar) return;
  text.textContent = msg || '';
  bar.hidden = fraction === null || fraction === undefined;
  if (!bar.hidden) bar.value = /** @type {number} */ (fraction);
  box.hidden = !msg;
}

/**
 * @typedef {object} Progress  a solve's progress, as the engine's worker reports it
 * @property {string} rules     the rule set or game
 * @property {number} done
 * @property {number} total
 * @property {string} [what]    'companion' while the companion table ("say why") is built;
 *                              'rest' while the whole table is solved after a part of it
 *                              answered the first question
 */

/**
 * The status line for a solve in the page.
 * @param {Progress} p
 */
export function showProgress(p) {
  const pct = Math.floor(100 * p.done / p.total);
  const what = /^[A-Z]/.test(p.rules) ? p.rules + "'s table" : 'the table for ' + p.rules;
  if (p.what === 'rest' && p.done >= p.total) { showStatus('', null); return; }
  const doing = p.what === 'companion'
    ? 'Building where the scores come from (' + p.rules + ', once)… '
    : p.what === 'rest'
      ? 'Solving the rest of ' + what + ' (for the moves to come)… '
      : 'Solving ' + what + '… ';
  showStatus(doing + pct + '%', p.done / p.total);
}
