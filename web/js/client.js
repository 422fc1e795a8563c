// Where the pages get their answers: `yahtzee serve`'s JSON API when the page is served by
// it (server.js), or the engine compiled to WebAssembly, running in a Web Worker
// (engine.js, ../worker.js), when the page is plain static files. Either way a page calls
// api(url, body, isCurrent) with the API's paths (/api/rules, /api/card?rules=R,
// /api/advise — any game by its "game" field —, /api/painted/advise) and gets the API's
// answer, or an Error with its one-line message; Stale when isCurrent() turned false.

import { Stale } from './stale.js';
import { serverApi, setApiBase } from './server.js';
import { startEngine, engineApi, engineStats, firstAdvice } from './engine.js';
import { hooks } from './hooks.js';

export { Stale };

/** @typedef {'server' | 'static'} Mode */
/** @typedef {() => boolean} IsCurrent  false once the page no longer wants the answer */

// `yahtzee serve` marks the pages it serves (<meta name="yahtzee-serve">): no question
// asked. Otherwise a server may still answer next to the page (the static files behind a
// proxy that sends api/ to `yahtzee serve`): GET api/health, {"status": "ok"} within two
// seconds means a server. A static copy answers {"status": "static"} from a file
// (scripts/build_web.sh writes it, so the probe never shows a 404 in the console), or
// nothing at all offline, and answers with the engine in the page.
/** @returns {Promise<Mode>} */
async function detect() {
  if (document.querySelector('meta[name="yahtzee-serve"]')) return 'server';
  if (location.protocol === 'file:') return 'static';
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 2000);
  try {
    const res = await fetch('api/health', { signal: stop.signal, cache: 'no-store' });
    const data = res.ok ? await res.json() : null;
    if (data && data.status === 'ok') {
      setApiBase(new URL('./', location.href));
      return 'server';
    }
  } catch (e) {
    // offline, refused, not JSON: no server here
  } finally {
    clearTimeout(timer);
  }
  return 'static';
}

const detecting = performance.now();

/** Resolves to where the answers come from, once it is known. */
export const ready = detect().then((mode) => {
  engineStats.detectMs = performance.now() - detecting;
  engineStats.mode = mode;
  client.mode = mode;
  document.documentElement.dataset.engine = mode;
  if (mode === 'static') {
    startEngine();
    // The offline copy once the first advice is on screen (or after 5 s on a page that asks
    // none): its install fetches the whole app, which on a small machine would slow the
    // first solve.
    if ('serviceWorker' in navigator && location.protocol !== 'file:') {
      Promise.race([firstAdvice, new Promise((r) => setTimeout(r, 5000))]).then(() =>
        navigator.serviceWorker.register('sw.js').catch((e) => console.warn('no offline copy: ' + e.message)));
    }
  }
  return mode;
});

/**
 * The pages' one door: GET (no body) or POST JSON to an API path.
 * @param {string} url
 * @param {object} [body]
 * @param {IsCurrent} [isCurrent]
 * @returns {Promise<any>} the API's JSON answer
 */
export async function api(url, body, isCurrent) {
  const mode = await ready;
  return mode === 'server' ? serverApi(url, body, isCurrent) : engineApi(url, body, isCurrent);
}

/** The same door on window, for the tests and benchmarks (YahtzeeClient.api). */
const client = { Stale, api, ready, mode: /** @type {Mode | null} */ (null) };
hooks.YahtzeeClient = client;
