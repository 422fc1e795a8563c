// The trainer's progress in IndexedDB (database yahtzee-trainer), one record per rule
// set; where there is no storage (private browsing), progress lasts the visit.

import { emptyProgress } from './session.js';

/** @typedef {import('./session.js').Progress} Progress */

const DB = 'yahtzee-trainer';
const STORE = 'progress';

/** @returns {Promise<IDBDatabase | null>} */
function open() {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = req.onblocked = () => resolve(null);
  });
}
const db = open();

/**
 * The progress kept for `rules` (empty when none).
 * @param {string} rules
 * @returns {Promise<Progress>}
 */
export async function loadProgress(rules) {
  const d = await db;
  if (!d) return emptyProgress();
  return new Promise((resolve) => {
    const req = d.transaction(STORE, 'readonly').objectStore(STORE).get(rules);
    req.onsuccess = () => resolve(req.result && req.result.themes ? req.result : emptyProgress());
    req.onerror = () => resolve(emptyProgress());
  });
}

/**
 * Keeps `progress` for `rules`; resolves when written (or not kept: no storage, a full disk).
 * @param {string} rules
 * @param {Progress} progress
 * @returns {Promise<void>}
 */
export async function saveProgress(rules, progress) {
  const d = await db;
  if (!d) return;
  return new Promise((resolve) => {
    const tx = d.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(progress, rules);
    tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
  });
}
