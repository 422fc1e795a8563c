// The two modes of the games' pages: "Play a game" (#play-main) and "Advise a position"
// (#advise-main), chosen with the #mode-play and #mode-advise buttons.

import { $ } from './dom.js';

/** Whether the page shows the advise form. */
export const advising = () => !$('#advise-main').hidden;

/**
 * Shows one mode, and runs `switched(advise)`; the buttons switch modes from now on.
 * @param {boolean} advise
 * @param {HTMLElement[]} playOnly  shown in play mode only (e.g. the new game button)
 */
export function showMode(advise, playOnly) {
  $('#mode-play').setAttribute('aria-pressed', advise ? 'false' : 'true');
  $('#mode-advise').setAttribute('aria-pressed', advise ? 'true' : 'false');
  $('#play-main').hidden = advise;
  $('#advise-main').hidden = !advise;
  for (const el of playOnly) el.hidden = advise;
}

/**
 * The mode buttons call `setMode(advise)`.
 * @param {(advise: boolean) => void} setMode
 */
export function wireModes(setMode) {
  $('#mode-play').addEventListener('click', () => setMode(false));
  $('#mode-advise').addEventListener('click', () => setMode(true));
}
