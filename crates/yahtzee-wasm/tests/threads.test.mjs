// The experimental multi-threaded module (scripts/build_wasm.sh --threads): the solver's
// wasm worker pool, with one worker thread joined, solves `forced` to the same table, bit
// for bit, as the one-thread module (scripts/bench_wasm_threads.mjs checks the bytes). Run
// where the module is built (scripts/build_wasm.sh --threads, or scripts/bench_wasm.sh
// --threads); the test suite leaves the experiment out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const built = existsSync(root + 'target/wasm-threads/yahtzee-threads.wasm');

test('a solve on two wasm threads gives the one-thread table bit for bit', { skip: !built && 'build it with scripts/build_wasm.sh --threads' }, () => {
  const out = spawnSync('node', ['scripts/bench_wasm_threads.mjs', '1', '1'], { cwd: root, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /solve forced, 2 thread\(s\)/);
  assert.match(out.stdout, /table bytes: threaded the same as the one-thread module/);
});
