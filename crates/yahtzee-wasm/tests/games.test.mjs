// The games module of the npm package (yahtzee-games.wasm, `loadGames()`) as a user gets it:
// the tarball installed into an empty folder, Triple Yahtzee, Yahtzix and Painted Yahtzee
// advised against the command line's `--json` answers option for option, the built files
// stored and handed back (nothing solved again; a damaged one refused and built again),
// errors as the CLI's one line, and the TypeScript declarations under --strict.
//
//   node --test crates/yahtzee-wasm/tests/
//
// Needs YAHTZEE_BIN (the CLI, default target/ci/yahtzee) and the tarball in target/npm/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../../..');
const bin = process.env.YAHTZEE_BIN || join(root, 'target/ci/yahtzee');
let folder;
let dataDir;
let pkg;
let games;

before(async () => {
  const npmDir = join(root, 'target/npm');
  const tarballs = readdirSync(npmDir).filter((f) => /^yahtzee-engine-.*\.tgz$/.test(f));
  assert.equal(tarballs.length, 1, `one tarball in ${npmDir} (scripts/build_wasm.sh --pack)`);
  folder = mkdtempSync(join(tmpdir(), 'yahtzee-npm-games-'));
  dataDir = mkdtempSync(join(tmpdir(), 'yahtzee-npm-games-tables-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(npmDir, tarballs[0])], {
    cwd: folder,
    stdio: 'pipe',
  });
  pkg = await import(pathToFileURL(join(folder, 'node_modules/yahtzee-engine/yahtzee.js')));
  games = await pkg.loadGames();
});

after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** The CLI's answer to `args` (a game's `advise --json`): {json} or {error}. */
function cli(args) {
  const out = spawnSync(bin, [...args, '--json'], { env: { ...process.env, YAHTZEE_DATA_DIR: dataDir }, encoding: 'utf8' });
  if (out.status === 0) return { json: JSON.parse(out.stdout) };
  return { error: out.stderr.trim().split('\n').pop().replace(/^error: /, '') };
}

/** The module's answer: {json} or {error}, an error always one line. */
function wasm(question, engine = games) {
  try {
    return { json: engine.advise(question) };
  } catch (e) {
    assert.ok(e instanceof pkg.YahtzeeError, 'a YahtzeeError');
    assert.ok(!e.message.includes('\n'), 'one line');
    return { error: e.message };
  }
}

/** Equal answers: every field the same, numbers to 1e-9. */
function assertClose(got, want, where) {
  if (typeof want === 'number') {
    assert.equal(typeof got, 'number', where);
    assert.ok(Math.abs(got - want) < 1e-9, `${where}: ${got} vs ${want}`);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), where);
    assert.equal(got.length, want.length, `${where}: length`);
    want.forEach((w, i) => assertClose(got[i], w, `${where}[${i}]`));
  } else if (want && typeof want === 'object') {
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), where);
    for (const k of Object.keys(want)) assertClose(got[k], want[k], `${where}.${k}`);
  } else {
    assert.equal(got, want, where);
  }
}

// Positions of each game: the module's question and the CLI's arguments.
const positions = [
  [{ game: 'triple', card: '', dice: '66612', rolls_left: 1 }, ['triple', 'advise', '--dice', '66612', '--rolls-left', '1']],
  [{ game: 'triple', card: '1.ones=3 2.sixes=24 3.yahtzee=50', dice: '55552', rolls_left: 0 },
    ['triple', 'advise', '--card', '1.ones=3 2.sixes=24 3.yahtzee=50', '--dice', '55552', '--rolls-left', '0']],
  [{ game: 'triple', variant: 'forum', strategy: 'greedy', card: '2.chance=20', dice: '12345', rolls_left: 2 },
    ['triple', 'advise', '--variant', 'forum', '--strategy', 'greedy', '--card', '2.chance=20', '--dice', '12345', '--rolls-left', '2']],
  [{ game: 'yahtzix', target: 300, me: 100, opp: 150, dice: '115523' },
    ['yahtzix', 'advise', '--target', '300', '--me', '100', '--opp', '150', '--dice', '115523']],
  [{ game: 'yahtzix', target: 300, me: 50, opp: 200, second: true, offer: '150:2' },
    ['yahtzix', 'advise', '--target', '300', '--me', '50', '--opp', '200', '--second', '--offer', '150:2']],
  [{ game: 'painted:c2:ones,yahtzee,colours,flush', card: 'ones=2', dice: '1r 1y 6r 6r 2y', rolls_left: 2 },
    ['painted', 'advise', '--game', 'painted:c2:ones,yahtzee,colours,flush', '--card', 'ones=2', '--dice', '1r 1y 6r 6r 2y', '--rolls-left', '2']],
  [{ game: 'painted', card: 'ones=3 red=12 flush=50', dice: '5r 5y 2g 3b 1p', rolls_left: 2 },
    ['painted', 'advise', '--card', 'ones=3 red=12 flush=50', '--dice', '5r 5y 2g 3b 1p', '--rolls-left', '2']],
];

test('every game is advised as the CLI advises it, option for option', () => {
  for (const [question, args] of positions) {
    const want = cli(args);
    assert.equal(want.error, undefined, `${args.join(' ')}: ${want.error}`);
    const got = wasm(question);
    assert.equal(got.error, undefined, `${JSON.stringify(question)}: ${got.error}`);
    assertClose(got.json, want.json, JSON.stringify(question));
  }
  // Each game's own door gives the same answer.
  const [q] = positions[0];
  assert.deepEqual(games.triple.advise({ ...q, game: undefined }), games.advise(q));
  assert.deepEqual(games.painted.advise({ card: 'ones=3 red=12 flush=50', dice: '5r 5y 2g 3b 1p', rolls_left: 2 }),
    games.advise(positions[6][0]));
  assert.equal(games.yahtzix.advise({ target: 300, me: 0, opp: 0 }).game, 'yahtzix');
  // And Yahtzee is still the Yahtzee engine's.
  assert.equal(games.advise({ dice: '13346', rolls_left: 2 }).options[0].keep.join(''), '33');
});

test('bad questions are refused in the CLI\'s one line', () => {
  for (const [question, args] of [
    [{ game: 'triple', dice: '6661', rolls_left: 1 }, ['triple', 'advise', '--dice', '6661', '--rolls-left', '1']],
    [{ game: 'yahtzix', target: 310, me: 0, opp: 0 }, ['yahtzix', 'advise', '--target', '310', '--me', '0', '--opp', '0']],
    [{ game: 'painted', dice: '5r 5y 2g 3b 1x', rolls_left: 2 }, ['painted', 'advise', '--dice', '5r 5y 2g 3b 1x', '--rolls-left', '2']],
  ]) {
    const got = wasm(question);
    assert.notEqual(got.error, undefined, JSON.stringify(question));
    const want = cli(args);
    assert.notEqual(want.error, undefined, args.join(' '));
    assert.ok(want.error.endsWith(got.error) || got.error.endsWith(want.error.replace(/^bad --\w+: /, '')),
      `${got.error} | ${want.error}`);
  }
  assert.throws(() => games.advise({ game: 'chess' }), /unknown game 'chess'/);
});

test('built files are stored, handed back without a solve, and a damaged one is built again', async () => {
  const questions = positions.slice(0, 6).map(([q]) => q);
  const stored = new Map();
  const first = await pkg.loadGames();
  const answers = questions.map((q) => first.advise(q));
  for (const { name, bytes } of first.takeBuilt().built) stored.set(name, bytes);
  assert.ok(stored.has('forced.table') && stored.has('yahtzix-300.table'), [...stored.keys()].join(' '));
  for (const q of questions) for (const name of first.files(q)) assert.ok(stored.has(name), name);

  const second = await pkg.loadGames();
  for (const [name, bytes] of stored) second.give(name, bytes);
  questions.forEach((q, i) => assert.deepEqual(second.advise(q), answers[i]));
  assert.deepEqual(second.takeBuilt(), { built: [], rejected: [] });

  const third = await pkg.loadGames();
  for (const [name, bytes] of stored) {
    const bad = bytes.slice();
    bad[bad.length - 9] ^= 0x40;
    third.give(name, bad);
  }
  questions.forEach((q, i) => assert.deepEqual(third.advise(q), answers[i]));
  const { built, rejected } = third.takeBuilt();
  assert.deepEqual(rejected.sort(), [...stored.keys()].sort());
  assert.equal(built.length, stored.size);
});

test('short of memory for the exact Yahtzix game, the engine keeps the compact one in pieces, taken one by one', async () => {
  // Yahtzix to 300: the exact game needs about 13 MB beside its file, the compact one 8 MB.
  const q = { game: 'yahtzix', target: 300, me: 100, opp: 150, dice: '115523' };
  const exact = (await pkg.loadGames()).advise(q);
  const first = await pkg.loadGames();
  first.setMemoryLimit(10e6);
  assert.deepEqual(first.files(q), ['yahtzix-300.compact', 'yahtzix-300.compact.1']);
  const got = first.advise(q);
  assert.deepEqual([exact.strategy, got.strategy], ['exact', 'compact']);
  assert.equal(got.options[0].option, exact.options[0].option);
  assert.ok(Math.abs(got.p_win - exact.p_win) < 1e-6, `${got.p_win} ${exact.p_win}`);
  const { built, rejected } = first.built();
  assert.deepEqual([built, rejected], [first.files(q), []]);
  const stored = new Map(built.map((name) => [name, first.take(name)]));
  assert.throws(() => first.take(built[0]), /no built file/);

  const second = await pkg.loadGames();
  second.setMemoryLimit(10e6);
  for (const [name, bytes] of stored) second.give(name, bytes);
  assert.deepEqual(second.advise(q), got);
  assert.deepEqual(second.built(), { built: [], rejected: [] });

  // As a page keeps them: Blobs copied straight out of the engine's memory and read back
  // in chunks into it; a Blob cut short is refused in a line.
  const blobs = await pkg.loadGames();
  blobs.setMemoryLimit(10e6);
  blobs.advise(q);
  const kept = new Map(blobs.built().built.map((name) => [name, blobs.takeBlob(name)]));
  for (const [name, blob] of kept) assert.deepEqual(new Uint8Array(await blob.arrayBuffer()), stored.get(name));
  const third = await pkg.loadGames();
  third.setMemoryLimit(10e6);
  for (const [name, blob] of kept) await third.giveBlob(name, blob);
  assert.deepEqual(third.advise(q), got);
  assert.deepEqual(third.built(), { built: [], rejected: [] });
  await assert.rejects(third.giveBlob('x', new Uint8Array(3)), /giveBlob takes a Blob/);

  const tiny = await pkg.loadGames();
  tiny.setMemoryLimit(5e6);
  assert.throws(() => tiny.advise(q), /needs about \d+ MB of memory to solve, even as the compact game/);
  assert.throws(() => tiny.setMemoryLimit('lots'), /a memory limit is a number of bytes/);
});

test('the games\' TypeScript declarations type a real use and catch a wrong one', () => {
  const tsc = process.env.TSC;
  if (!tsc) return; // scripts/test.sh sets it (typescript from npm)
  const good = `import { loadGames, type TripleAdvice, type PaintedAdvice } from 'yahtzee-engine';
const games = await loadGames();
const t: TripleAdvice = games.triple.advise({ card: '', dice: '66612', rolls_left: 1 });
const p: PaintedAdvice = games.painted.advise({ dice: '5r 5y 2g 3b 1p', rolls_left: 2 }, (d, n) => console.log(d / n));
const y = games.yahtzix.advise({ target: 1000, me: 0, opp: 0 });
const win: number = y.options[0].p_win;
const files: string[] = games.files({ game: 'triple', dice: '12345', rolls_left: 2 });
for (const f of games.takeBuilt().built) games.give(f.name, f.bytes);
games.setMemoryLimit(200e6);
for (const name of games.built().built) games.give(name, games.take(name));
for (const name of games.built().built) await games.giveBlob(name, games.takeBlob(name));
console.log(t.expected_final, p.expected_total, win, files.length);
`;
  const bad = `import { loadGames } from 'yahtzee-engine';
const games = await loadGames();
const n: number = games.triple.advise({ dice: '66612', rolls_left: 1 }).options[0].option;
`;
  const compile = (code) => {
    writeFileSync(join(folder, 'games.ts'), code);
    return spawnSync(tsc, ['--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', 'games.ts'], {
      cwd: folder,
      encoding: 'utf8',
    });
  };
  const ok = compile(good);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const no = compile(bad);
  assert.notEqual(no.status, 0, 'a string is not a number');
  assert.match(no.stdout, /not assignable to type 'number'/);
});
