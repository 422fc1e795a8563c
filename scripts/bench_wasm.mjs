// The WebAssembly engine's speed in Node.js (medians): instantiation, the rules listing, a
// full solve of several rule sets, loading a stored table, one advice query.
//
//   node scripts/bench_wasm.mjs [RUNS]      (after scripts/build_wasm.sh)
//
// scripts/bench_wasm.sh runs it beside the native solver, in the same run.

import { readFileSync } from 'node:fs';
import { load } from '../target/npm/yahtzee-engine/yahtzee.js';

const runs = Number(process.argv[2] || 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (f) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const row = (what, ms) => console.log(`${what.padEnd(44)} ${ms.toFixed(ms < 1 ? 3 : 1).padStart(9)} ms`);

let t = performance.now();
const engine = await load();
row('load (compile + instantiate)', performance.now() - t);
row('rules listing (first call)', time(() => engine.rules()));
for (const rules of ['forced', 'yatzy', 'forced+mulligan', 'forced+mega-yahtzee']) {
  const n = rules === 'forced' ? runs : Math.max(1, Math.min(runs, 3));
  row(`solve ${rules} (median of ${n})`, median(Array.from({ length: n }, () => time(() => engine.solve(rules)))));
}
const bytes = engine.tableBytes('forced');
const fresh = await load();
row('load a stored forced table (checked)', median(Array.from({ length: runs }, () => time(() => fresh.loadTable('forced', bytes)))));
const positions = JSON.parse(readFileSync(new URL('../crates/yahtzee-advice/tests/data/advice_forced.json', import.meta.url)));
const questions = positions.map((p) => ({
  rules: 'forced',
  scorecard: Object.entries(p.scorecard).map(([k, v]) => `${k}=${v}`).join(' '),
  dice: p.dice,
  rolls_left: p.rolls_left,
}));
questions.forEach((q) => engine.advise(q)); // warm up
const each = questions.map((q) => time(() => engine.advise(q)));
row(`advise, median of ${each.length} positions`, median(each));
row(`advise, slowest of ${each.length} positions`, Math.max(...each));
