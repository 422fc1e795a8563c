// The engine (WebAssembly, yahtzee.js) in a Web Worker, so a solve never freezes the page.
// Each rule set's table is solved once, on first use, and kept in IndexedDB (the table
// file's bytes, checked like a file when read back), so a later visit answers at once.
//
// Messages in: {id, op: 'rules' | 'card' | 'advise', arg}. Out: {id, value} or {id, error}
// (the engine's one-line message); {progress: {rules, done, total}} while solving;
// {stats: {...}} after a table is solved or loaded.

import { load } from './yahtzee.js';

const DB = 'yahtzee-tables';
const STORE = 'tables';

const engine = load();
const stats = { solves: 0, loadedFromCache: 0, lastSolveMs: null, lastLoadMs: null, lastAdviseMs: null };
engine.then(() => postMessage({ ready: true }), () => {});

function openDb() {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    // No storage (private browsing, a blocked origin): solve every visit instead.
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
}
const db = openDb();

function stored(op, key, value) {
  return db.then((d) => new Promise((resolve) => {
    if (!d) return resolve(undefined);
    try {
      const tx = d.transaction(STORE, op === 'get' ? 'readonly' : 'readwrite');
      const store = tx.objectStore(STORE);
      const req = op === 'get' ? store.get(key) : op === 'put' ? store.put(value, key) : store.delete(key);
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = tx.onabort = () => resolve(undefined); // full disk, quota: not kept, still answered
    } catch (e) {
      resolve(undefined);
    }
  }));
}

// The canonical name of a rule set ("forced+mulligan"), or the engine's error for a bad one.
function ruleName(e, rules, house) {
  const full = String(rules || 'forced') + (Array.isArray(house) ? house.map((h) => '+' + h).join('') : '');
  return e.card(full).rules;
}

// Makes sure the table of `name` is in the engine: from IndexedDB, else solved and stored.
const loading = new Map();
async function ensureTable(e, name) {
  if (e.hasTable(name)) return;
  if (!loading.has(name)) loading.set(name, fillTable(e, name).finally(() => loading.delete(name)));
  return loading.get(name);
}

async function fillTable(e, name) {
  const key = e.version + '/' + name;
  const bytes = await stored('get', key);
  if (bytes) {
    const t = performance.now();
    try {
      e.loadTable(name, bytes);
      stats.loadedFromCache++;
      stats.lastLoadMs = performance.now() - t;
      postMessage({ stats });
      return;
    } catch (err) {
      console.warn('stored table refused, solving again: ' + err.message);
      await stored('delete', key);
    }
  }
  const t = performance.now();
  let shown = -1;
  e.solve(name, (done, total) => {
    const pct = Math.floor(100 * done / total);
    if (pct !== shown) {
      shown = pct;
      postMessage({ progress: { rules: name, done, total } });
    }
  });
  stats.solves++;
  stats.lastSolveMs = performance.now() - t;
  postMessage({ stats });
  await stored('put', key, e.tableBytes(name));
}

async function answer(op, arg) {
  const e = await engine;
  if (op === 'rules') return e.rules();
  if (op === 'card') return e.card(arg);
  if (op === 'advise') {
    // Bad rules or a question for the server: the engine's own message, before any solve.
    let name = null;
    try { name = ruleName(e, arg.rules, arg.house); } catch (err) { /* advise says why */ }
    if (name && arg.target == null && (!arg.opponents || arg.opponents.length === 0)) {
      await ensureTable(e, name);
    }
    const t = performance.now();
    const value = e.advise(arg);
    stats.lastAdviseMs = performance.now() - t;
    postMessage({ stats });
    return value;
  }
  throw new Error('unknown question ' + op);
}

onmessage = async (ev) => {
  const { id, op, arg } = ev.data;
  try {
    postMessage({ id, value: await answer(op, arg) });
  } catch (err) {
    postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
