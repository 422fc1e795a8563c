// "Say why" in the options table: under the best option where its total comes from (its
// parts in the engine's words, as `yahtzee advise --explain` prints them), under each
// other option the parts that differ most from the best's.

import { cell, fmt } from '../dom.js';

/** @typedef {import('../yahtzee/types.js').Option} Option */

/**
 * The engine's words for an option's parts, comma-separated, each kept on one line.
 * @param {HTMLElement} td
 * @param {string[]} parts
 */
function appendParts(td, parts) {
  parts.forEach((p, i) => {
    if (i > 0) td.append(', ');
    const span = document.createElement('span');
    span.className = 'part';
    span.textContent = p;
    td.appendChild(span);
  });
}

/**
 * A row under an option's row: an empty rank cell, then `lead` and the parts.
 * @param {HTMLTableRowElement} tr   the option's row
 * @param {string} cls
 * @param {number} span             columns after the rank
 * @param {HTMLElement} lead
 * @param {string[]} words
 */
function partsRow(tr, cls, span, lead, words) {
  tr.classList.add('explained');
  const under = document.createElement('tr');
  under.className = cls;
  cell(under, '');
  const td = cell(under, '');
  td.colSpan = span;
  td.append(lead);
  appendParts(td, words);
  tr.after(under);
  return td;
}

/**
 * @param {string} cls
 * @param {string} text
 */
function leadSpan(cls, text) {
  const lead = document.createElement('span');
  lead.className = cls;
  lead.textContent = text;
  return lead;
}

/**
 * The explanation rows of option `i` (shown as row `tr`), when the answer has them.
 * @param {HTMLTableRowElement} tr
 * @param {Option} o
 * @param {number} i
 * @param {number} span     columns after the rank
 * @param {number} total    the option's expected final total
 */
export function explainRows(tr, o, i, span, total) {
  if (!o.explain) return;
  if (i === 0 && o.explain.words) {
    const td = partsRow(tr, 'where', span, leadSpan('lead', "Where #1's " + fmt(total) + ' comes from: '), o.explain.words);
    td.id = 'explain-best';
    td.title = 'the expected final score of each box; the chance of a box that scores one value';
  }
  if (i > 0) {
    const why = o.explain.why && o.explain.why.length ? o.explain.why : ['the same parts'];
    partsRow(tr, 'why', span, leadSpan('against', 'against #1: '), why);
  }
}
