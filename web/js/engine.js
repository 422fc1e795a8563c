// The engine in the page (the static site): ../worker.js runs the WebAssembly engine in a
// Web Worker; this module asks it the API's questions and shows its progress.

import { showStatus, showProgress } from './progress.js';
import { Stale } from './stale.js';
import { hooks } from './hooks.js';

/** What the engine did, for tests and measurements (window.yahtzeeEngineStats). */
export const engineStats = hooks.yahtzeeEngineStats = {
  mode: /** @type {string | null} */ (null), solves: 0, loadedFromCache: 0, partSolves: 0, tablesStored: 0,
  lastPartMs: /** @type {number | null} */ (null),
  lastSolveMs: /** @type {number | null} */ (null), lastLoadMs: /** @type {number | null} */ (null),
  lastAdviseMs: /** @type {number | null} */ (null), engineReadyMs: /** @type {number | null} */ (null),
  detectMs: /** @type {number | null} */ (null),
};

/** @typedef {{ resolve: (v: any) => void, reject: (e: Error) => void }} Pending */

/** @type {() => void} */
let answeredNow = () => {};
/** Resolves once the engine has given its first advice (or refused the question). */
export const firstAdvice = new Promise((resolve) => { answeredNow = () => resolve(undefined); });

let worker = /** @type {Worker | null} */ (null);
let nextId = 1;
/** @type {Map<number, Pending>} */
const pending = new Map();

/** Starts the worker (once the page knows there is no server). */
export function startEngine() {
  const started = performance.now();
  const w = worker = new Worker('worker.js', { type: 'module' });
  w.onmessage = (ev) => {
    const m = ev.data;
    if (m.progress) { showProgress(m.progress); return; }
    if (m.stats) Object.assign(engineStats, m.stats);
    if (m.ready) { engineStats.engineReadyMs = performance.now() - started; return; }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(m.error)); else p.resolve(m.value);
  };
  w.onerror = (ev) => {
    const e = new Error('the engine stopped: ' + (ev.message || 'cannot start it'));
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
}

/**
 * One question to the worker.
 * @param {string} op
 * @param {unknown} [arg]
 * @returns {Promise<any>}
 */
function ask(op, arg) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    if (!worker) throw new Error('the engine has not started');
    worker.postMessage({ id, op, arg });
  });
}

/**
 * The API's paths, answered by the engine in the page.
 * @param {string} url
 * @param {object | undefined} body
 * @param {(() => boolean) | undefined} isCurrent
 * @returns {Promise<any>}
 */
export async function engineApi(url, body, isCurrent) {
  const u = new URL(url, location.href);
  const path = u.pathname.replace(/.*\/api\//, '/api/');
  let answer;
  try {
    if (path === '/api/rules') answer = await ask('rules');
    else if (path === '/api/card') answer = await ask('card', u.searchParams.get('rules') || 'forced');
    else if (path === '/api/advise') answer = await ask('advise', body || {}).finally(answeredNow);
    else if (path === '/api/puzzles') answer = await ask('puzzles', body || {});
    else if (path === '/api/painted/advise') answer = await ask('advise', { game: 'painted', ...(body || {}) });
    else if (path === '/api/health') answer = { status: 'ok' };
    else throw new Error(path + ' needs yahtzee serve');
  } finally {
    showStatus('', null);
  }
  if (isCurrent && !isCurrent()) throw new Stale();
  return answer;
}
