// The Yahtzee engine as WebAssembly: exact optimal play for any of the 80 rule sets, in
// Node.js 18+ and in browsers, with no server. This file wraps the module's raw exports
// (crates/yahtzee-wasm/src/ffi.rs) in a small typed API (yahtzee.d.ts).
//
//   import { load } from 'yahtzee-engine';
//   const engine = await load();
//   engine.advise({ rules: 'forced', scorecard: '', dice: '13346', rolls_left: 2 });
//
// Triple Yahtzee, Yahtzix and Painted Yahtzee live in a second, larger module
// (yahtzee-games.wasm), so a Yahtzee-only page loads only the first:
//
//   import { loadGames } from 'yahtzee-engine';
//   const games = await loadGames();
//   games.triple.advise({ card: '', dice: '66612', rolls_left: 1 });
//   games.advise({ game: 'yahtzix', target: 1000, me: 0, opp: 0 });
//
// Each option's explanation (where its expected total comes from) is in a third module,
// yahtzee-explain.wasm:
//
//   import { loadExplain } from 'yahtzee-engine';
//   const explaining = await loadExplain();
//   explaining.advise({ dice: '13346', rolls_left: 2, explain: true }).options[0].explain;
//
// Answers have the shapes of `yahtzee serve`'s JSON API (and `yahtzee advise --json`);
// every failure is a thrown YahtzeeError (an Error) with the CLI's one-line message.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A question the engine cannot answer: the message is one line, as the CLI prints it. */
export class YahtzeeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'YahtzeeError';
  }
}

const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

/** The compiled module from `source` (default: the file `file` beside this one). */
async function compile(source, file = './yahtzee.wasm') {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (typeof Response !== 'undefined' && source instanceof Response) return compileResponse(source);
  const url = new URL(source === undefined ? file : String(source), import.meta.url);
  if (url.protocol === 'file:' && isNode) {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  return compileResponse(await fetch(url));
}

async function compileResponse(response) {
  if (!response.ok) throw new YahtzeeError(`cannot load the engine: ${response.url} answered ${response.status}`);
  // Streaming needs the application/wasm type; a host that sends another gets the slow path.
  if (WebAssembly.compileStreaming && (response.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Loads the engine. `source` is where the .wasm is (a URL or path, its bytes, a Response or
 * a compiled WebAssembly.Module); by default the yahtzee.wasm shipped beside this file.
 */
export async function load(source) {
  return new Engine(await compile(source));
}

/** An argument already in the module's memory (from `yz_alloc`): handed over as it is. */
class Placed {
  constructor(ptr, len) {
    this.ptr = ptr;
    this.len = len;
  }
}

/** One instance of the engine: the tables it has solved or loaded live in its memory. */
export class Engine {
  constructor(module) {
    this._module = module;
    this._onProgress = null;
    this._instantiate();
    /** The engine's version and the table format it reads and writes, e.g. "0.1.0+table2". */
    this.version = this._text('yz_version');
  }

  _instantiate() {
    const env = {
      yz_progress: (done, total) => {
        if (this._onProgress) this._onProgress(done, total);
      },
    };
    this._ex = new WebAssembly.Instance(this._module, { env }).exports;
  }

  /** Calls an export with byte arguments; returns the answer's bytes or throws. */
  _call(name, args = []) {
    return this._callView(name, args).slice();
  }

  /**
   * `_call`, the answer a view into the module's memory: valid until the next call (a
   * caller that copies it once, as a Blob does, needs no copy of its own).
   */
  _callView(name, args = []) {
    const ex = this._ex;
    const ptrs = [];
    for (const a of args) {
      if (a instanceof Placed) {
        ptrs.push(a.ptr, a.len);
        continue;
      }
      const p = ex.yz_alloc(a.length);
      new Uint8Array(ex.memory.buffer, p, a.length).set(a);
      ptrs.push(p, a.length);
    }
    let status;
    try {
      status = ex[name](...ptrs);
    } catch (e) {
      // A trap (a bug, never an input's fault): the panic's message, then a fresh instance.
      const message = decoder.decode(this._out()) || String(e && e.message);
      this._instantiate();
      throw new YahtzeeError(message.startsWith('internal error') ? message : 'internal error: ' + message);
    }
    const out = this._out();
    if (status !== 0) throw new YahtzeeError(decoder.decode(out));
    return out;
  }

  _out() {
    const ex = this._ex;
    return new Uint8Array(ex.memory.buffer, ex.yz_out_ptr(), ex.yz_out_len());
  }

  _text(name, ...args) {
    return decoder.decode(this._call(name, args.map((a) => encoder.encode(String(a)))));
  }

  _json(name, ...args) {
    return JSON.parse(this._text(name, ...args));
  }

  /** Every rule set (as `GET /api/rules`): name, description, optimal expected score, ... */
  rules() {
    return this._json('yz_rules');
  }

  /** The card of a rule set (as `GET /api/card?rules=...`): boxes, scores each can hold, bonuses. */
  card(rules) {
    return this._json('yz_card', rules);
  }

  /** Whether the whole table of `rules` is solved or loaded in this engine (not only a part: `solveFor`). */
  hasTable(rules) {
    return this._json('yz_has_table', rules);
  }

  /**
   * Solves the table of `rules` (about a second for the official rules; up to a few
   * seconds with house rules), calling `onProgress(done, total)` as it goes. Returns the
   * optimal expected score of an empty card.
   */
  solve(rules, onProgress) {
    this._onProgress = typeof onProgress === 'function' ? onProgress : null;
    try {
      return this._json('yz_solve', rules);
    } finally {
      this._onProgress = null;
    }
  }

  /**
   * Solves the part of the table that the card of `question` (an `advise` question) can
   * still reach: the cards with at least its boxes filled, a sixteenth of the work with
   * four of them filled. `advise` then answers that card and the cards after it (the whole
   * table's values, bit for bit) until `solve` or `loadTable` brings the whole table; an
   * empty card's part is the whole table. Returns the card's expected points still to come.
   */
  solveFor(question, onProgress) {
    const body = typeof question === 'string' ? question : JSON.stringify(question);
    this._onProgress = typeof onProgress === 'function' ? onProgress : null;
    try {
      return this._json('yz_solve_for', body);
    } finally {
      this._onProgress = null;
    }
  }

  /** Whether `advise(question)` answers from a table in memory (whole or part), without solving. */
  covers(question) {
    return this._json('yz_covers', typeof question === 'string' ? question : JSON.stringify(question));
  }

  /** The table of `rules` as the bytes of its file (docs/TABLE_FORMAT.md), to store. */
  tableBytes(rules) {
    return this._call('yz_table_bytes', [encoder.encode(String(rules))]);
  }

  /**
   * Loads a stored table of `rules`, checked like a file (format, rules, checksum, every
   * value); throws on a damaged or foreign one. Returns the empty card's expected score.
   */
  loadTable(rules, bytes) {
    if (!(bytes instanceof Uint8Array)) {
      if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
      else throw new YahtzeeError('a table is a Uint8Array or an ArrayBuffer of its file');
    }
    return JSON.parse(decoder.decode(this._call('yz_load_table', [encoder.encode(String(rules)), bytes])));
  }

  /** Forgets the table of `rules`, freeing its memory. */
  dropTable(rules) {
    this._json('yz_drop_table', rules);
  }

  /**
   * Every option of a position, best first (as `POST /api/advise` and `yahtzee advise
   * --json`). `question` is that request body: `{rules, house, scorecard, dice,
   * rolls_left, mulligan}`; leave dice and rolls_left out for the sixth-die question of
   * mega-yahtzee; `mulligan: 'this-turn'` when the dice are the mulligan's roll, spent
   * this turn. The table is solved first if it is not loaded. `explain: true` (the engine
   * of `loadExplain()` only) adds each option's `explain` object.
   */
  advise(question) {
    const body = typeof question === 'string' ? question : JSON.stringify(question);
    return this._json('yz_advise', body);
  }
}

/**
 * Loads the engine that also explains (yahtzee-explain.wasm beside this file by default,
 * or `source` as for `load`): Yahtzee as `load()` gives it, and `advise({..., explain:
 * true})` gives every option an `explain` object (where its expected final total comes
 * from), from the rule set's companion table, built in memory on first use (about 6 s
 * for the official rules) or loaded from its stored bytes.
 */
export async function loadExplain(source) {
  return new ExplainEngine(await compile(source, './yahtzee-explain.wasm'));
}

/** The Yahtzee engine with each option's explanation (the module yahtzee-explain.wasm). */
export class ExplainEngine extends Engine {
  /** Whether the companion table of `rules` is built or loaded in this engine. */
  hasCompanion(rules) {
    return this._json('yz_has_companion', rules);
  }

  /**
   * Builds the companion table of `rules` (its value table solved first when missing),
   * calling `onProgress(done, total)` with the card's levels done.
   */
  solveCompanion(rules, onProgress) {
    this._onProgress = typeof onProgress === 'function' ? onProgress : null;
    try {
      this._json('yz_solve_companion', rules);
    } finally {
      this._onProgress = null;
    }
  }

  /**
   * The trainer's puzzles (docs/TRAIN.md): `{rules, house, seed, count, difficulty}` or
   * `{rules, date}` (the daily puzzle) in, the puzzles out, the same as
   * `yahtzee train list --json` prints. Builds the value and companion tables first when
   * missing.
   */
  puzzles(request) {
    return this._json('yz_puzzles', JSON.stringify(request));
  }

  /** The companion table of `rules` as the bytes of its file, to store. */
  companionBytes(rules) {
    return this._call('yz_companion_bytes', [encoder.encode(String(rules))]);
  }

  /** Loads a stored companion table of `rules`, checked like its file; throws on a damaged or foreign one. */
  loadCompanion(rules, bytes) {
    if (!(bytes instanceof Uint8Array)) {
      if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
      else throw new YahtzeeError('a companion table is a Uint8Array or an ArrayBuffer of its file');
    }
    this._call('yz_load_companion', [encoder.encode(String(rules)), bytes]);
  }
}

/**
 * Loads the engine with every game (yahtzee-games.wasm beside this file by default, or
 * `source` as for `load`): Yahtzee as `load()` gives it, and Triple Yahtzee, Yahtzix and
 * Painted Yahtzee.
 */
export async function loadGames(source) {
  return new GamesEngine(await compile(source, './yahtzee-games.wasm'));
}

/**
 * Every game. The other games' tables are built in memory on first use (the official
 * Yahtzee table for Triple Yahtzee, about a second; the solved Yahtzix game, seconds to a
 * minute by target; the two halves of Painted Yahtzee's split value, seconds) and can be
 * kept between visits: `takeBuilt()` hands out each built file's bytes, `give()` hands a
 * stored one back (checked when first needed, and built again if damaged).
 */
export class GamesEngine extends Engine {
  constructor(module) {
    super(module);
    const door = (game) => ({ advise: (question, onProgress) => this.advise({ ...question, game }, onProgress) });
    /** Triple Yahtzee: `advise({variant, strategy, card, dice, rolls_left})`. */
    this.triple = door('triple');
    /** Yahtzix: `advise({target, me, opp, dice, roll, ...})` or `{scores, to_move, ...}` for three or more. */
    this.yahtzix = door('yahtzix');
    /** Painted Yahtzee (or a reduced game, with `game: 'painted:...'`): `advise({card, dice, rolls_left})`. */
    this.painted = {
      advise: (question, onProgress) => this.advise({ game: 'painted', ...question }, onProgress),
    };
  }

  /**
   * Every option of a position in any game, by its `game` field (default Yahtzee), best
   * first; `onProgress(done, total)` hears a table being built.
   */
  advise(question, onProgress) {
    const body = typeof question === 'string' ? question : JSON.stringify(question);
    this._onProgress = typeof onProgress === 'function' ? onProgress : null;
    try {
      return this._json('yz_advise', body);
    } finally {
      this._onProgress = null;
    }
  }

  /** The names of the stored files a question needs (hand in those you have with `give`). */
  files(question) {
    return this._json('yz_game_files', typeof question === 'string' ? question : JSON.stringify(question));
  }

  /** Hands in a stored file by name (checked when first needed). */
  give(name, bytes) {
    if (!(bytes instanceof Uint8Array)) {
      if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
      else throw new YahtzeeError('a file is a Uint8Array or an ArrayBuffer of its bytes');
    }
    this._call('yz_game_give', [encoder.encode(String(name)), bytes]);
  }

  /**
   * `give` from a Blob (as IndexedDB hands back what `takeBlob` stored), read in chunks
   * straight into the engine's memory: the page's heap never holds the whole file.
   */
  async giveBlob(name, blob) {
    if (!(blob instanceof Blob)) throw new YahtzeeError('giveBlob takes a Blob of a file\'s bytes');
    const ex = this._ex;
    const len = blob.size;
    const ptr = ex.yz_alloc(len);
    let at = 0;
    try {
      const reader = blob.stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (this._ex !== ex || at + value.length > len) throw new YahtzeeError('the engine restarted while a file was read');
        new Uint8Array(ex.memory.buffer, ptr + at, value.length).set(value);
        at += value.length;
      }
      if (at !== len) throw new YahtzeeError(`a stored file was cut short: ${at} of ${len} bytes`);
    } catch (err) {
      if (this._ex === ex) ex.yz_free(ptr, len);
      throw err;
    }
    this._call('yz_game_give', [encoder.encode(String(name)), new Placed(ptr, len)]);
  }

  /**
   * The files built since the last call, to store (`built`: name and bytes), and the
   * names of handed-in files that failed their checks, to delete (`rejected`). Every
   * built file's bytes at once: for Yahtzix past 1,000 (the compact game, in pieces of
   * 8 MB) `built()` and `take(name)` store one piece at a time instead.
   */
  takeBuilt() {
    const { built, rejected } = this.built();
    return { built: built.map((name) => ({ name, bytes: this.take(name) })), rejected };
  }

  /**
   * The names of the files built since the last call, to take one by one with `take` and
   * store (`built`), and of handed-in files that failed their checks, to delete
   * (`rejected`).
   */
  built() {
    return JSON.parse(decoder.decode(this._call('yz_game_built')));
  }

  /** The bytes of the built file `name` (once), copied out of the engine only now. */
  take(name) {
    return this._call('yz_game_take', [encoder.encode(String(name))]);
  }

  /**
   * `take` as a Blob, copied once straight from the engine's memory (what a browser
   * stores in IndexedDB: its bytes leave the page's heap).
   */
  takeBlob(name) {
    return new Blob([this._callView('yz_game_take', [encoder.encode(String(name))])]);
  }

  /**
   * Sets the most memory a build may take, in bytes (default 400 MB; at least 1 MB).
   * Yahtzix is solved exactly where its solve fits, else as the compact game where that
   * fits, else refused in one line before anything starts.
   */
  setMemoryLimit(bytes) {
    const mb = Math.floor(Number(bytes) / 1e6);
    if (!(mb >= 1 && mb <= 0xffffffff)) {
      throw new YahtzeeError('a memory limit is a number of bytes, at least 1 MB (1e6)');
    }
    this._memoryMb = mb;
    this._ex.yz_game_memory_limit(mb);
  }

  _instantiate() {
    super._instantiate();
    // A fresh instance after a trap keeps the limit set.
    if (this._memoryMb) this._ex.yz_game_memory_limit(this._memoryMb);
  }
}
