// The options table, best first, as every page shows it: a head row of columns, then a
// row per option (class "option", "best" for the best ones) with its rank; and
// data-advice-count, how many options the answer had.

/** @typedef {[string, string]} Head  a column's title and class ('' for none) */

/**
 * Empties the table and hides it (no answer to show).
 * @param {HTMLElement} table
 */
export function hideOptions(table) {
  emptyOptions(table);
  table.hidden = true;
}

/**
 * @param {HTMLElement} table
 * @returns {{ thead: HTMLTableSectionElement, tbody: HTMLTableSectionElement }}
 */
function parts(table) {
  const thead = /** @type {HTMLTableSectionElement} */ (table.querySelector('thead'));
  const tbody = /** @type {HTMLTableSectionElement} */ (table.querySelector('tbody'));
  return { thead, tbody };
}

/**
 * Empties the head and the body.
 * @param {HTMLElement} table
 */
export function emptyOptions(table) {
  const { thead, tbody } = parts(table);
  thead.textContent = '';
  tbody.textContent = '';
}

/**
 * Shows the table with these columns and an empty body, which it returns.
 * @param {HTMLElement} table
 * @param {Head[]} heads
 * @returns {HTMLTableSectionElement}
 */
export function startOptions(table, heads) {
  emptyOptions(table);
  table.hidden = false;
  const { thead, tbody } = parts(table);
  const htr = document.createElement('tr');
  for (const [text, cls] of heads) {
    const th = document.createElement('th');
    th.textContent = text;
    if (cls) th.className = cls;
    htr.appendChild(th);
  }
  thead.appendChild(htr);
  return tbody;
}

/**
 * An option's row, appended to `tbody`: class "option" (and "best"), its rank first.
 * @param {HTMLTableSectionElement} tbody
 * @param {number} i         its place, from 0
 * @param {boolean} best
 * @param {string} [rankClass]
 * @returns {HTMLTableRowElement}
 */
export function optionRow(tbody, i, best, rankClass) {
  const tr = document.createElement('tr');
  tr.className = 'option' + (best ? ' best' : '');
  const td = document.createElement('td');
  td.textContent = String(i + 1);
  if (rankClass) td.className = rankClass;
  tr.appendChild(td);
  tbody.appendChild(tr);
  return tr;
}

/**
 * A loss as the tables show it: "best", or minus the points given away.
 * @param {number} loss
 * @param {(x: number) => string} show
 * @param {number} [eps]
 */
export const lossText = (loss, show, eps = 1e-9) => (loss <= eps ? 'best' : '-' + show(loss));

/**
 * @template O
 * @typedef {object} ValueColumns  how a table of options by expected value shows one
 * @property {(o: O) => string | Node} choice
 * @property {(o: O) => number} value            the expected final total
 * @property {(o: O) => number} loss
 * @property {(tr: HTMLTableRowElement, o: O) => void} [mark]  data attributes of the row
 * @property {string} [valueTitle]              the expected column's tooltip
 */

/**
 * Options best first: #, the option, the expected final total, the loss; the first
 * `limit` of them. Hidden without an answer.
 * @template O
 * @param {HTMLElement} table
 * @param {O[] | null} options
 * @param {number} limit
 * @param {ValueColumns<O>} how
 */
export function valueOptions(table, options, limit, how) {
  if (!options) { hideOptions(table); return; }
  const tbody = startOptions(table, [['#', ''], ['choice', ''], ['expected', 'num'], ['loss', 'num']]);
  if (how.valueTitle) /** @type {HTMLElement} */ (table.querySelectorAll('thead th')[2]).title = how.valueTitle;
  options.slice(0, limit).forEach((o, i) => {
    const loss = how.loss(o);
    const tr = optionRow(tbody, i, loss <= 1e-9);
    if (how.mark) how.mark(tr, o);
    const choice = document.createElement('td');
    choice.className = 'choice';
    choice.append(how.choice(o));
    tr.appendChild(choice);
    for (const [text, cls] of [[Number(how.value(o)).toFixed(2), 'num ev'], [lossText(loss, (x) => Number(x).toFixed(2)), 'num loss']]) {
      const td = document.createElement('td');
      td.textContent = text;
      td.className = cls;
      tr.appendChild(td);
    }
  });
  table.dataset.adviceCount = String(options.length);
}
