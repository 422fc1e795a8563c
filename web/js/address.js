// The state kept in the address: a page reads its question or game from the URL's query
// when it opens, and writes it back (without a new history entry) as it changes, so a
// link or a reload shows the same thing.

/** The query the page was opened with. */
export const query = () => new URLSearchParams(location.search);

/**
 * Puts `q` in the address bar, in place of the current query.
 * @param {URLSearchParams} q
 */
export function setAddress(q) {
  history.replaceState(null, '', location.pathname + '?' + q.toString());
}

/**
 * `value` if it is one of `allowed`, else null.
 * @template {string} T
 * @param {string | null} value
 * @param {readonly T[]} allowed
 * @returns {T | null}
 */
export function oneOf(value, allowed) {
  return allowed.find((a) => a === value) ?? null;
}

/**
 * Sets a <select> to `value` when it has such an option.
 * @param {HTMLSelectElement} sel
 * @param {string | null} value
 * @returns {boolean} whether it did
 */
export function selectIfThere(sel, value) {
  if (value === null || ![...sel.options].some((o) => o.value === value)) return false;
  sel.value = value;
  return true;
}
