// The frame every page shares, written once here rather than in each page: the theme
// colour, manifest and icons in the <head>; the header (the page's own <h1> beside the
// games menu); the error line (#error) and the status line (#status); on the games' pages
// the two mode buttons (#mode-play, #mode-advise) that open the setup panel; the
// moments of a turn an advice form offers (#rolls-left); and the shared panels a page
// marks with data-panel (panels.js).
//
// A page holds only what is its own: its <h1>; a <p data-frame="error"> and a
// <p data-frame="status"> where it wants those lines (without them they follow the
// header); data-modes="…" (the play button's words) on its #setup-panel; and in a
// <select id="rolls-left"> any moment before the three (the advisor's "before the 1st
// roll"). Each entry module calls frame() before it starts its page, so these parts are
// there when anything looks for them.

import { gamesMenu } from './nav.js';
import { fillPanels } from './panels.js';

/**
 * The <head>'s links every page has: the app's colour, manifest and icons.
 * @type {[string, Record<string, string>][]}
 */
const HEAD = [
  ['meta', { name: 'theme-color', content: '#2f7d6d' }],
  ['link', { rel: 'manifest', href: 'manifest.webmanifest' }],
  ['link', { rel: 'icon', href: 'icons/icon-192.png' }],
  ['link', { rel: 'apple-touch-icon', href: 'icons/icon-192.png' }],
];

/** The moments of a turn, by the rolls left then (#rolls-left's values). */
const MOMENTS = [['2', 'after 1st roll'], ['1', 'after 2nd roll'], ['0', 'after last roll']];

/**
 * An element with its attributes, its children (text or elements) inside.
 * @param {string} tag
 * @param {Record<string, string>} attrs
 * @param {(string | Node)[]} [children]
 * @returns {HTMLElement}
 */
function el(tag, attrs, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** The error line: shown (role alert) when something went wrong. */
const errorLine = () => el('p', { id: 'error', class: 'error', role: 'alert', hidden: '' });

/** The status line: what the engine is doing, with a bar for how far it has got. */
const statusLine = () => el('p', { id: 'status', class: 'status', 'aria-live': 'polite', hidden: '' }, [
  el('span', { id: 'status-text' }),
  el('progress', { id: 'status-progress', max: '1', hidden: '' }),
]);

/**
 * The mode buttons: play (`play`, its words) or advise.
 * @param {string} play
 */
function modeTabs(play) {
  /** @param {string} id @param {string} pressed @param {string} text */
  const tab = (id, pressed, text) =>
    el('button', { type: 'button', class: 'btn', id, 'aria-pressed': pressed }, [text]);
  return el('div', { class: 'tabs', role: 'group', 'aria-label': 'mode' }, [
    tab('mode-play', 'true', play),
    tab('mode-advise', 'false', 'Advise a position'),
  ]);
}

/**
 * Puts `line` in the page's placeholder for it (<p data-frame="name">), or after `after`.
 * @param {string} name
 * @param {HTMLElement} line
 * @param {Element} after
 */
function place(name, line, after) {
  const slot = document.querySelector(`[data-frame="${name}"]`);
  if (slot) slot.replaceWith(line); else after.after(line);
}

/**
 * Builds the frame around the page's own markup; `page` is its link in the games menu
 * ('./' for the advisor).
 * @param {string} page
 */
export function frame(page) {
  for (const [tag, attrs] of HEAD) document.head.append(el(tag, attrs));
  fillPanels();
  const h1 = document.querySelector('.wrap > h1');
  if (!h1) throw new Error('the page has no <h1>');
  const header = el('header', {});
  h1.replaceWith(header);
  header.append(h1, el('nav', { class: 'games', 'aria-label': 'games' }));
  const error = errorLine();
  place('error', error, header);
  place('status', statusLine(), error);
  const setup = document.getElementById('setup-panel');
  if (setup && setup.dataset.modes) setup.prepend(modeTabs(setup.dataset.modes));
  const moments = document.getElementById('rolls-left');
  if (moments) for (const [value, text] of MOMENTS) moments.append(el('option', { value }, [text]));
  gamesMenu(page);
}
