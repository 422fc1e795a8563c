// Questions to `yahtzee serve`'s JSON API: waits while the server builds a table (503
// "building") or is busy (503/429 with Retry-After), saying so on the status line.

import { showStatus } from './progress.js';
import { Stale } from './stale.js';
import { sleep } from './dom.js';

/** Where the API is when it is not at the server's root (a proxy); null: as given. */
let apiBase = /** @type {URL | null} */ (null);

/** @param {URL} base */
export function setApiBase(base) { apiBase = base; }

/**
 * @param {(() => boolean) | undefined} isCurrent
 */
function checkCurrent(isCurrent) {
  if (isCurrent && !isCurrent()) throw new Stale();
}

/**
 * GET (no body) or POST JSON to the server.
 * @param {string} path
 * @param {object | undefined} body
 * @param {(() => boolean) | undefined} isCurrent
 * @returns {Promise<any>}
 */
export async function serverApi(path, body, isCurrent) {
  const url = apiBase ? new URL(path.replace(/^\//, ''), apiBase).href : path;
  let busyTries = 0;
  for (;;) {
    let res;
    try {
      res = await fetch(url, body === undefined ? {} : {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      });
    } catch (e) {
      throw new Error('cannot reach the server (' + /** @type {Error} */ (e).message + ')');
    }
    let data = null;
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    checkCurrent(isCurrent);
    if (res.ok) { showStatus('', null); return data; }
    if (res.status === 503 && data && data.status === 'building') {
      showStatus('building the table… ' + (data.error || ''), null);
      await sleep(2000);
      checkCurrent(isCurrent);
      continue;
    }
    // Busy for now (the build queue, the memory in use, this client's share): the
    // server says when to come back; a refusal for good (403, 507) is an error.
    const retry = Number(res.headers.get('Retry-After'));
    if ((res.status === 503 || res.status === 429) && retry > 0 && busyTries < 30) {
      busyTries += 1;
      showStatus('the server is busy; asking again in ' + retry + ' s… ' + (data && data.error ? data.error : ''), null);
      await sleep(1000 * Math.min(retry, 10));
      checkCurrent(isCurrent);
      continue;
    }
    showStatus('', null);
    throw new Error(data && data.error ? data.error : 'HTTP ' + res.status + ' ' + res.statusText);
  }
}
