// The engine (WebAssembly, yahtzee.js) in a Web Worker, so a solve never freezes the page.
// Each rule set's table is solved once, on first use, and kept in IndexedDB (the table
// file's bytes, checked like a file when read back), so a later visit answers at once.
// The other games (Triple Yahtzee, Yahtzix, Painted Yahtzee) are in a second module,
// yahtzee-games.wasm, loaded only when a question about one of them comes: their tables
// (the files a data folder would hold) are kept in IndexedDB the same way.
//
// A question that asks to explain ("explain": true, the advisor's "say why") goes to a
// third module, yahtzee-explain.wasm (Yahtzee and the explanations), loaded on the first
// such question: it takes the value table from IndexedDB (or solves it), and builds the
// rule set's companion table (where each option's total comes from: 34 MB for the
// official rules) once, kept in IndexedDB the same way.
//
// Messages in: {id, op: 'rules' | 'card' | 'advise' | 'puzzles', arg}. Out: {id, value} or {id, error}
// (the engine's one-line message); {progress: {rules, done, total, what?}} while solving
// (what: 'companion' while the companion table is built, 'rest' while the whole table is
// solved after a part of it answered); {stats: {...}} after a table is
// solved or loaded.

import { load, loadGames, loadExplain } from './yahtzee.js';

const DB = 'yahtzee-tables';
const STORE = 'tables';

// Each module is loaded on first use: a Yahtzee page never fetches the games module, and
// a games page never the Yahtzee one.
let yahtzeeEngine = null;
let gamesEngine = null;
let explainEngine = null;
const stats = {
  solves: 0, partSolves: 0, lastPartMs: null, tablesStored: 0, loadedFromCache: 0, lastSolveMs: null, lastLoadMs: null, lastAdviseMs: null,
  companionBuilds: 0, companionsLoaded: 0, lastCompanionMs: null, lastCompanionLoadMs: null, lastPuzzlesMs: null,
  module: null, moduleMs: null, wasmFetched: [], builds: 0, filesStored: 0, filesRejected: 0, wasmBytes: null,
};
const started = (promise, name) => {
  const t = performance.now();
  promise.then(() => {
    stats.module = name;
    stats.moduleMs = performance.now() - t;
    // The modules this worker fetched (the page's own resource list does not show them).
    stats.wasmFetched = performance.getEntriesByType('resource')
      .map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('.wasm'));
    postMessage({ ready: true, stats });
  }, () => {});
  return promise;
};
const engine = () => yahtzeeEngine || (yahtzeeEngine = started(load(), 'yahtzee'));
const games = () => gamesEngine || (gamesEngine = started(loadGames(), 'yahtzee-games'));
const explaining = () => explainEngine || (explainEngine = started(loadExplain(), 'yahtzee-explain'));

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
// (Each engine, the Yahtzee one and the explaining one, fills its own.) With `question`
// (an advise question), a table not stored is first solved only as far as the question's
// card needs (the cards with its boxes filled: a sixteenth of the work with four filled),
// so the first answer comes at once; the whole table follows, solved and stored after
// that answer has gone.
const loading = new Map();
async function ensureTable(e, name, question) {
  if (question ? e.covers(question) : e.hasTable(name)) return;
  const key = (e === yahtzeeEngine ? 'y/' : 'x/') + name;
  if (!loading.has(key)) loading.set(key, fillTable(e, name, question).finally(() => loading.delete(key)));
  await loading.get(key);
  // A part solved for another card may not cover this one: the whole table, then.
  if (question && !e.covers(question)) await ensureTable(e, name);
}

// Makes sure the companion table of `name` is in the explaining engine (its value table
// first): from IndexedDB, else built (with progress) and stored.
const companions = new Map();
async function ensureCompanion(e, name) {
  await ensureTable(e, name);
  if (e.hasCompanion(name)) return;
  if (!companions.has(name)) companions.set(name, fillCompanion(e, name).finally(() => companions.delete(name)));
  return companions.get(name);
}

// The copy of a table stored under `key`, handed to the engine by `load`; false when there
// is none, or when the engine refused it (then deleted, to be built again).
async function loadStored(key, load, loaded, refused) {
  const kept = await stored('get', key);
  if (!kept) return false;
  const t = performance.now();
  try {
    await load(kept);
  } catch (err) {
    console.warn(refused + err.message);
    await stored('delete', key);
    return false;
  }
  loaded(performance.now() - t);
  postMessage({ stats });
  return true;
}

// A build's progress callback: the page hears of each whole percent (`what`: 'companion'
// while the companion table is built), at most every 100 ms: each message redraws the
// page's status line, and on a small machine a hundred redraws in half a second slow the
// solve they report.
function progressOf(rules, what) {
  let shown = -1;
  let at = -Infinity;
  return (done, total) => {
    const pct = Math.floor(100 * done / total);
    const now = performance.now();
    if (pct !== shown && (now - at >= 100 || done === total)) {
      shown = pct;
      at = now;
      postMessage({ progress: what ? { rules, done, total, what } : { rules, done, total } });
    }
  };
}

async function fillCompanion(e, name) {
  const key = e.version + '/' + name + '.companion';
  const load = async (kept) => e.loadCompanion(name, kept instanceof Blob ? new Uint8Array(await kept.arrayBuffer()) : kept);
  const loaded = (ms) => { stats.companionsLoaded++; stats.lastCompanionLoadMs = ms; };
  if (await loadStored(key, load, loaded, 'stored companion table refused, built again: ')) return;
  const t = performance.now();
  e.solveCompanion(name, progressOf(name, 'companion'));
  stats.companionBuilds++;
  stats.lastCompanionMs = performance.now() - t;
  postMessage({ stats });
  // Kept as a Blob: its 34 MB leave this worker's heap for IndexedDB's.
  await stored('put', key, new Blob([e.companionBytes(name)]));
}

async function fillTable(e, name, question) {
  const key = e.version + '/' + name;
  const loaded = (ms) => { stats.loadedFromCache++; stats.lastLoadMs = ms; };
  if (await loadStored(key, (bytes) => e.loadTable(name, bytes), loaded, 'stored table refused, solving again: ')) return;
  const t = performance.now();
  if (question) {
    e.solveFor(question, progressOf(name));
    if (!e.hasTable(name)) {
      stats.partSolves++;
      stats.lastPartMs = performance.now() - t;
      postMessage({ stats });
      // The whole table once this answer has gone (its progress as 'rest': the page
      // already shows the answer).
      setTimeout(() => ensureWhole(e, name).catch((err) => console.warn('the whole table not solved: ' + err.message)), 0);
      return;
    }
  } else {
    e.solve(name, progressOf(name));
  }
  stats.solves++;
  stats.lastSolveMs = performance.now() - t;
  await storeTable(e, name);
}

// The whole table of `name` into IndexedDB (its file's bytes); the stats say when it is.
async function storeTable(e, name) {
  postMessage({ stats });
  if (await stored('put', e.version + '/' + name, e.tableBytes(name)) !== undefined) {
    stats.tablesStored++;
    postMessage({ stats });
  }
}

// The whole table after a part of it answered: solved (its progress as 'rest') and stored.
async function ensureWhole(e, name) {
  const key = (e === yahtzeeEngine ? 'y/' : 'x/') + name;
  if (e.hasTable(name) || loading.has(key)) return;
  const whole = (async () => {
    const t = performance.now();
    e.solve(name, progressOf(name, 'rest'));
    stats.solves++;
    stats.lastSolveMs = performance.now() - t;
    await storeTable(e, name);
  })();
  loading.set(key, whole.finally(() => loading.delete(key)));
  return whole;
}

// The game a question asks about: its "game" field, Yahtzee without it.
function gameOf(arg) {
  const g = arg && arg.game;
  return typeof g === 'string' && g !== 'yahtzee' ? g : null;
}

// Names of the games' files handed to the games engine (or built by it) in this worker.
const inEngine = new Set();

// A question about another game: the stored files it needs handed in first, the answer,
// then what was built stored (and what was refused deleted).
async function answerGame(arg) {
  const e = await games();
  const names = e.files(arg); // a bad question is refused here, before anything is read
  for (const name of names) {
    if (inEngine.has(name)) continue;
    const t = performance.now();
    const kept = await stored('get', e.version + '/' + name);
    try {
      // A Blob (how the games' files are kept: its bytes stay out of this worker's heap
      // until read), or an ArrayBuffer kept by an earlier version.
      if (kept instanceof Blob) await e.giveBlob(name, kept);
      else if (kept) e.give(name, kept);
      if (kept) {
        stats.loadedFromCache++;
        stats.lastLoadMs = performance.now() - t;
      }
    } catch (err) {
      // Unreadable (storage cleared under it): not kept; the engine builds it again.
      console.warn('stored ' + name + ' unreadable, built again: ' + err.message);
      await stored('delete', e.version + '/' + name);
    }
    inEngine.add(name);
  }
  const t = performance.now();
  const label = arg.game.startsWith('painted') ? 'Painted Yahtzee' : arg.game === 'triple' ? 'Triple Yahtzee' : 'Yahtzix';
  const value = e.advise(arg, progressOf(label));
  // Names only: each built file is copied out of the module when it is stored, one at a
  // time (the compact Yahtzix game past 1,000 is 20 pieces of 8 MB: never two copies).
  const { built, rejected } = e.built();
  // The module's memory (it only grows): the largest part of the page's.
  stats.wasmBytes = e._ex.memory.buffer.byteLength;
  if (built.length) {
    stats.builds += built.length;
    stats.lastSolveMs = performance.now() - t;
  } else {
    stats.lastAdviseMs = performance.now() - t;
  }
  for (const name of rejected) {
    console.warn('stored ' + name + ' refused, built again');
    stats.filesRejected++;
    await stored('delete', e.version + '/' + name);
  }
  for (const name of built) {
    inEngine.add(name);
    if (await stored('put', e.version + '/' + name, e.takeBlob(name)) !== undefined) stats.filesStored++;
  }
  postMessage({ stats });
  return value;
}

async function answer(op, arg) {
  if (op === 'puzzles') return answerPuzzles(arg);
  if (op === 'advise' && gameOf(arg)) return answerGame(arg);
  if (op === 'advise' && arg && arg.explain === true) return answerExplained(arg);
  const e = await engine();
  if (op === 'rules') return e.rules();
  if (op === 'card') return e.card(arg);
  if (op === 'advise') {
    // Bad rules or a question for the server: the engine's own message, before any solve.
    let name = null;
    try { name = ruleName(e, arg.rules, arg.house); } catch (err) { /* advise says why */ }
    if (name && arg.target == null && (!arg.opponents || arg.opponents.length === 0)) {
      // A question the engine cannot read is refused by advise, with nothing solved.
      let covered = true;
      try { covered = e.covers(arg); } catch (err) { /* advise says why */ }
      if (!covered) await ensureTable(e, name, arg);
    }
    return timedAdvice(e, arg);
  }
  throw new Error('unknown question ' + op);
}

// A question with "explain": true, answered by the explaining module over the value and
// companion tables (each from IndexedDB, else built and stored).
async function answerExplained(arg) {
  const e = await explaining();
  let name = null;
  try { name = ruleName(e, arg.rules, arg.house); } catch (err) { /* advise says why */ }
  // A question it does not cover (a target, an opponent, dice that are not five or six, no
  // dice without the sixth die) is refused before any build.
  const n = arg.dice == null ? 0 : String(arg.dice).replace(/[^1-6]/g, '').length;
  const sixthDie = n === 0 && Array.isArray(arg.house) && arg.house.includes('mega-yahtzee');
  if (name && arg.target == null && (!arg.opponents || arg.opponents.length === 0)
      && (n === 5 || n === 6 || sixthDie)) {
    await ensureCompanion(e, name);
  }
  return timedAdvice(e, arg);
}

// The trainer's puzzles (docs/TRAIN.md), from the explaining module over the value and
// companion tables (each from IndexedDB, else built and stored). A bad request is refused
// by the engine, before any build.
async function answerPuzzles(arg) {
  const e = await explaining();
  let name = null;
  try { name = ruleName(e, arg && arg.rules, arg && arg.house); } catch (err) { /* puzzles says why */ }
  const count = arg && arg.count;
  if (name && (count == null || (count >= 1 && count <= 200))) await ensureCompanion(e, name);
  const t = performance.now();
  const value = e.puzzles(arg || {});
  stats.lastPuzzlesMs = performance.now() - t;
  postMessage({ stats });
  return value;
}

// The engine's answer to a question whose tables are ready, its time in the stats.
function timedAdvice(e, arg) {
  const t = performance.now();
  const value = e.advise(arg);
  stats.lastAdviseMs = performance.now() - t;
  postMessage({ stats });
  return value;
}

onmessage = async (ev) => {
  const { id, op, arg } = ev.data;
  try {
    postMessage({ id, value: await answer(op, arg) });
  } catch (err) {
    postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
