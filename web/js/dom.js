// The page's elements, typed: every page looks its parts up by id with these, and builds
// table cells with cell(). A missing element is a bug in the page, so it throws at once.

/**
 * The element `sel` matches under `root` (a page's own part: it must be there).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function $(sel, root = document) {
  const el = root.querySelector(sel);
  if (!(el instanceof HTMLElement)) throw new Error('the page has no ' + sel);
  return el;
}

/**
 * The element `sel` matches, if there is one.
 * @param {string} sel
 * @returns {HTMLElement | null}
 */
export function maybe(sel) {
  const el = document.querySelector(sel);
  return el instanceof HTMLElement ? el : null;
}

/**
 * An <input> of the page.
 * @param {string} sel
 * @returns {HTMLInputElement}
 */
export function input(sel) {
  return /** @type {HTMLInputElement} */ ($(sel));
}

/**
 * A <select> of the page.
 * @param {string} sel
 * @returns {HTMLSelectElement}
 */
export function select(sel) {
  return /** @type {HTMLSelectElement} */ ($(sel));
}

/**
 * The elements `sel` matches.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export function all(sel, root = document) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(sel)]);
}

/**
 * Appends a cell holding text or a node, with an optional class, and returns it.
 * @param {HTMLTableRowElement} tr
 * @param {string | Node} content
 * @param {string} [cls]
 * @returns {HTMLTableCellElement}
 */
export function cell(tr, content, cls) {
  const td = document.createElement('td');
  if (content instanceof Node) td.appendChild(content); else td.textContent = content;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

/**
 * The element an event happened on or inside that matches `sel`.
 * @param {Event} ev
 * @param {string} sel
 * @returns {HTMLElement | null}
 */
export function closest(ev, sel) {
  const t = ev.target;
  return t instanceof Element ? /** @type {HTMLElement | null} */ (t.closest(sel)) : null;
}

/**
 * The error line (#error): shown with a message, hidden without.
 * @param {string} [msg]
 */
export function setError(msg) {
  const e = $('#error');
  e.textContent = msg || '';
  e.hidden = !msg;
}

/** @param {number} x */
export const fmt = (x) => Number(x).toFixed(2);

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
