// A question the page asks again as its inputs change (the advise forms): asked after a
// short pause (the last change wins), its options table dimmed while it is out, and only
// the newest answer shown; an error goes to the error line.

import { $, setError } from './dom.js';
import { Stale } from './stale.js';

/**
 * @template T
 * @typedef {object} Asking
 * @property {string} table                       the options table's selector: dimmed (class
 *                                                "pending") while asking (looked up then, so an
 *                                                asker may be made before the page is built)
 * @property {number} delay                       ms after the last change
 * @property {(isCurrent: () => boolean) => Promise<T>} ask
 * @property {(answer: T) => void} show
 * @property {() => void} fail                    clear the answer (the error is shown)
 * @property {() => boolean} [ready]              false: nothing to ask yet
 */

/**
 * @template T
 * @param {Asking<T>} how
 * @returns {{ schedule: () => void, now: () => Promise<void> }}
 */
export function latest(how) {
  let reqId = 0;
  let timer = 0;
  const now = async () => {
    clearTimeout(timer);
    if (how.ready && !how.ready()) return;
    const id = ++reqId;
    const current = () => id === reqId;
    $(how.table).classList.add('pending');
    try {
      const answer = await how.ask(current);
      if (!current()) return;
      setError('');
      how.show(answer);
    } catch (e) {
      if (e instanceof Stale || !current()) return;
      setError(/** @type {Error} */ (e).message);
      how.fail();
    } finally {
      if (current()) $(how.table).classList.remove('pending');
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(now, how.delay);
  };
  return { schedule, now };
}
