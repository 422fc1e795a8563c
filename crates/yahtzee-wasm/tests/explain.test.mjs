// Each option's explanation from the npm package as a user gets it (its tarball installed
// into an empty folder, imported by name): the module yahtzee-explain.wasm builds the
// companion table in memory, and its explanations are the command line's (`yahtzee advise
// --explain --json`), add up to each option's expected final total, and say what a player
// checks by hand.
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
let engine;

before(async () => {
  const npmDir = join(root, 'target/npm');
  const tarballs = readdirSync(npmDir).filter((f) => /^yahtzee-engine-.*\.tgz$/.test(f));
  assert.equal(tarballs.length, 1, `one tarball in ${npmDir} (scripts/build_wasm.sh --pack)`);
  folder = mkdtempSync(join(tmpdir(), 'yahtzee-npm-explain-'));
  dataDir = mkdtempSync(join(tmpdir(), 'yahtzee-npm-explain-tables-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(npmDir, tarballs[0])], {
    cwd: folder,
    stdio: 'pipe',
  });
  pkg = await import(pathToFileURL(join(folder, 'node_modules/yahtzee-engine/yahtzee.js')));
  engine = await pkg.loadExplain();
});

after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** `yahtzee advise --explain --json` for the position. */
function cli(card, dice, rollsLeft) {
  const args = ['advise', '--json', '--quiet', '--scorecard', card, '--dice', dice, '--rolls-left', String(rollsLeft), '--explain'];
  const out = spawnSync(bin, args, { env: { ...process.env, YAHTZEE_DATA_DIR: dataDir }, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

/** An explanation's final total: the boxes, the upper bonus's 35 points at its chance, the bonuses. */
const total = (e) => e.boxes.reduce((s, b) => s + b.points, 0) + 35 * e.upper_bonus + e.yahtzee_bonus + (e.mega_bonus || 0);

const LATE = 'ones=3 twos=6 threes=9 fours=12 fives=15';

test('each option is explained as the command line explains it, its parts adding up to its total', () => {
  for (const [card, dice, rolls] of [['', '13346', 2], ['', '13346', 1], [LATE, '66612', 0]]) {
    const got = engine.advise({ rules: 'forced', scorecard: card, dice, rolls_left: rolls, explain: true });
    const want = cli(card, dice, rolls);
    assert.equal(got.options.length, want.options.length);
    got.options.forEach((o, i) => {
      const w = want.options[i];
      assert.deepEqual(o.keep ?? o.category, w.keep ?? w.category);
      // The parts add up to the option's expected final total, within the companion
      // table's f32 rounding (each part kept to 2^-24 of itself: 1e-5 of a 250-point total).
      assert.ok(Math.abs(total(o.explain) - (got.points_so_far + o.ev_remaining)) < 1e-4, JSON.stringify(o));
      // The same numbers (1e-9: JSON's last bit) and the same words as the CLI.
      o.explain.boxes.forEach((b, j) => assert.ok(Math.abs(b.points - w.explain.boxes[j].points) < 1e-9));
      assert.ok(Math.abs(o.explain.upper_bonus - w.explain.upper_bonus) < 1e-9);
      assert.deepEqual(o.explain.why, w.explain.why);
      assert.deepEqual(o.explain.words, w.explain.words);
    });
    assert.equal(got.options[0].explain.why, undefined);
    assert.ok(got.options[0].explain.words.length > 13);
    assert.ok(got.options.slice(1).every((o) => o.explain.words === undefined));
  }
});

test('a hand-checked position: Sixes makes the upper total 63, so the best option has the bonus for sure', () => {
  // 45 in the upper boxes, sixes open, 6 6 6 1 2 after the last roll: 18 in Sixes makes 63.
  const got = engine.advise({ rules: 'forced', scorecard: LATE, dice: '66612', rolls_left: 0, explain: true });
  const [best, ...rest] = got.options;
  assert.equal(best.category, 'sixes');
  assert.equal(best.explain.upper_bonus, 1);
  assert.ok(best.explain.words.includes('upper bonus 100%'), best.explain.words.join(', '));
  assert.ok(best.explain.words.includes('Sixes 18.0'), best.explain.words.join(', '));
  // Anything else leaves the bonus to chance: the first reason each other box is worse.
  const threeOfAKind = rest.find((o) => o.category === 'three_of_a_kind');
  assert.match(threeOfAKind.explain.why[0], /^upper bonus \d+% instead of 100%$/);
  assert.ok(threeOfAKind.explain.upper_bonus < 1);
});

test('the companion table round-trips through its bytes; a damaged one and the small modules refuse in one line', async () => {
  assert.equal(engine.hasCompanion('forced'), true);
  const bytes = engine.companionBytes('forced');
  const question = { rules: 'forced', scorecard: LATE, dice: '66612', rolls_left: 0, explain: true };
  const again = await pkg.loadExplain();
  assert.equal(again.hasCompanion('forced'), false);
  again.loadTable('forced', engine.tableBytes('forced'));
  again.loadCompanion('forced', bytes);
  assert.deepEqual(again.advise(question), engine.advise(question));
  const damaged = bytes.slice();
  damaged[damaged.length - 1] ^= 0x55;
  const oneLine = (e) => e instanceof pkg.YahtzeeError && e.message.length > 0 && !e.message.includes('\n');
  assert.throws(() => again.loadCompanion('forced', damaged), oneLine);
  // The others: dice without rolls_left, a target, and the modules without the explanations.
  assert.throws(() => engine.advise({ dice: '13346', explain: true }), (e) => oneLine(e) && /give both dice and rolls_left/.test(e.message));
  assert.throws(() => engine.advise({ dice: '13346', rolls_left: 2, explain: true, target: 200 }), (e) => oneLine(e) && /expected score only/.test(e.message));
  const small = await pkg.load();
  assert.throws(() => small.advise({ dice: '13346', rolls_left: 2, explain: true }), (e) => oneLine(e) && /loadExplain/.test(e.message));
});

// The declarations as a TypeScript user meets them (TSC set by scripts/test.sh).
test('the TypeScript declarations type the explanations', { skip: !process.env.TSC && 'set TSC to a tsc' }, () => {
  const good = `import { loadExplain, ExplainEngine, Explain, Puzzle } from 'yahtzee-engine';
const engine: ExplainEngine = await loadExplain();
const report = engine.advise({ dice: '13346', rolls_left: 2, explain: true });
const e: Explain | undefined = report.options[0].explain;
const words: string[] = e?.words ?? [];
const why: string[] | undefined = report.options[1].explain?.why;
const chance: number | undefined = e?.boxes[8].chance;
engine.solveCompanion('free', (done: number, total: number) => void (done / total));
const bytes: Uint8Array = engine.companionBytes('free');
engine.loadCompanion('free', bytes);
console.log(words.length, why, chance, engine.hasCompanion('free'), e?.upper_bonus.toFixed(2));
const puzzles: Puzzle[] = engine.puzzles({ rules: 'free', seed: 3, count: 2, difficulty: 'hard' });
const theme: string = puzzles[0].theme;
console.log(theme, puzzles[0].report.options[puzzles[0].against].loss);
`;
  const bad = `import { loadExplain } from 'yahtzee-engine';
const engine = await loadExplain();
engine.advise({ dice: '13346', rolls_left: 2, explain: 'yes' });
const w: number = engine.advise({ dice: '13346', rolls_left: 2 }).options[0].explain!.upper_bonus.length;
engine.puzzles({ seed: 1, difficulty: 'brutal' });
`;
  const tsconfig = { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false, lib: ['es2022', 'dom'] } };
  const check = (name, code) => {
    writeFileSync(join(folder, `${name}.mts`), code);
    writeFileSync(join(folder, `tsconfig.${name}.json`), JSON.stringify({ ...tsconfig, files: [`${name}.mts`] }));
    return spawnSync(process.env.TSC, ['-p', `tsconfig.${name}.json`], { cwd: folder, encoding: 'utf8' });
  };
  const ok = check('explain-good', good);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const wrong = check('explain-bad', bad);
  assert.notEqual(wrong.status, 0, 'a wrong use must not compile');
  assert.match(wrong.stdout, /explain-bad\.mts\(3,/, wrong.stdout);
  assert.match(wrong.stdout, /explain-bad\.mts\(4,/, wrong.stdout);
  assert.match(wrong.stdout, /explain-bad\.mts\(5,/, wrong.stdout);
});

test("the trainer's puzzles are the command line's: the same positions, ranked and explained alike", () => {
  const out = spawnSync(bin, ['train', 'list', '--json', '--seed', '5', '--count', '6'], {
    env: { ...process.env, YAHTZEE_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  assert.equal(out.status, 0, out.stderr);
  const want = JSON.parse(out.stdout);
  const got = engine.puzzles({ rules: 'forced', seed: 5, count: 6 });
  assert.equal(got.length, 6);
  for (const [p, q] of got.map((p, i) => [p, want[i]])) {
    for (const key of ['number', 'game', 'turn', 'card', 'theme', 'difficulty', 'kind', 'greedy', 'against']) {
      assert.deepEqual(p[key], q[key], `puzzle ${q.number}: ${key}`);
    }
    assert.deepEqual(p.report.dice, q.report.dice);
    p.report.options.forEach((o, i) => {
      const w = q.report.options[i];
      assert.deepEqual([o.keep, o.category, o.score], [w.keep, w.category, w.score]);
      assert.ok(Math.abs(o.loss - w.loss) < 1e-9, `puzzle ${q.number} option ${i}`);
      assert.deepEqual(o.explain.why, w.explain.why);
    });
  }
  // The daily puzzle: one, seeded by the date's digits.
  const daily = engine.puzzles({ date: '2026-11-29' });
  assert.equal(daily.length, 1);
  assert.throws(() => engine.puzzles({ date: '2026-13-01' }), /YYYY-MM-DD/);
  assert.throws(() => engine.puzzles({ seed: 1, count: 0 }), /--count/);
});
