// The experimental multi-threaded module (scripts/build_wasm.sh --threads) in Node.js: a
// full solve of `forced` with 0, 1, ... worker threads joined to the solver's wasm pool,
// and the table's bytes against the one-thread module's (they must be the same bits).
//
//   node scripts/bench_wasm_threads.mjs [WORKERS] [RUNS]
//
// How a thread starts (what yahtzee.js would do to ship it): the main instance imports a
// shared WebAssembly.Memory and gets a TLS block of its own (__wasm_init_tls); each worker
// instantiates the same module over the same memory, sets __stack_pointer to a stack the
// main instance allocated, initialises its TLS block and calls yz_worker_loop (never
// returns). The solve's caller blocks while the workers run, so it must be a worker or
// Node.js, never a page's main thread; browsers need cross-origin isolation (COOP/COEP).

import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker, isMainThread, workerData } from 'node:worker_threads';

const env = (memory) => ({ env: { memory, yz_progress: () => {} } });

if (!isMainThread) {
  const { module, memory, stackTop, tls } = workerData;
  const ex = new WebAssembly.Instance(module, env(memory)).exports;
  ex.__stack_pointer.value = stackTop;
  ex.__wasm_init_tls(tls);
  ex.yz_worker_loop();
} else {
  const workers = Number(process.argv[2] || 1);
  const runs = Number(process.argv[3] || 5);
  const root = new URL('../', import.meta.url);
  const module = await WebAssembly.compile(readFileSync(new URL('target/wasm-threads/yahtzee-threads.wasm', root)));
  const memory = new WebAssembly.Memory({ initial: 64, maximum: 32768, shared: true });
  const ex = new WebAssembly.Instance(module, env(memory)).exports;
  ex.__wasm_init_tls(ex.yz_tls_alloc(ex.__tls_size.value, ex.__tls_align.value));
  const call = (name, text) => {
    const b = new TextEncoder().encode(text);
    const p = ex.yz_alloc(b.length);
    new Uint8Array(memory.buffer, p, b.length).set(b);
    if (ex[name](p, b.length) !== 0) throw new Error(name + ' failed');
    return new Uint8Array(memory.buffer, ex.yz_out_ptr(), ex.yz_out_len()).slice();
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const solve = () => {
    const t = performance.now();
    call('yz_solve', 'forced');
    return performance.now() - t;
  };
  const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
  const times = [Array.from({ length: runs }, solve)];
  for (let w = 1; w <= workers; w++) {
    const stack = 1 << 20;
    const stackTop = ex.yz_alloc(stack) + stack;
    const tls = ex.yz_tls_alloc(ex.__tls_size.value, ex.__tls_align.value);
    new Worker(new URL(import.meta.url), { workerData: { module, memory, stackTop, tls } }).unref();
    while (ex.yz_threads() < w) await new Promise((r) => setTimeout(r, 5));
    times.push(Array.from({ length: runs }, solve));
  }
  const threaded = sha(call('yz_table_bytes', 'forced'));
  const { load } = await import(new URL('target/npm/yahtzee-engine/yahtzee.js', root));
  const one = await load();
  one.solve('forced');
  const single = sha(one.tableBytes('forced'));
  times.forEach((t, w) => console.log(`solve forced, ${w + 1} thread(s), median of ${runs}`.padEnd(44), `${median(t).toFixed(0)} ms`.padStart(12)));
  console.log('table bytes: threaded', threaded === single ? 'the same as' : 'DIFFER from', 'the one-thread module');
  process.exit(threaded === single ? 0 : 1);
}
