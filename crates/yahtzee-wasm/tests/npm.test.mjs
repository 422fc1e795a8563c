// The npm package as a user gets it: its tarball (scripts/build_wasm.sh --pack) installed
// into an empty folder with no network, then imported by name. Its solves against the
// published values, its advice against the command line's (`yahtzee advise --json`) option
// for option, and its errors against the command line's messages.
//
//   node --test crates/yahtzee-wasm/tests/
//
// Needs YAHTZEE_BIN (the CLI, default target/ci/yahtzee) and the tarball in target/npm/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../../..');
const bin = process.env.YAHTZEE_BIN || join(root, 'target/ci/yahtzee');
let folder; // the user's project: the tarball installed, nothing else
let dataDir; // the CLI's tables
let pkg; // the installed module
let engine;

before(() => {
  const npmDir = join(root, 'target/npm');
  const tarballs = readdirSync(npmDir).filter((f) => /^yahtzee-engine-.*\.tgz$/.test(f));
  assert.equal(tarballs.length, 1, `one tarball in ${npmDir} (scripts/build_wasm.sh --pack)`);
  folder = mkdtempSync(join(tmpdir(), 'yahtzee-npm-'));
  dataDir = mkdtempSync(join(tmpdir(), 'yahtzee-npm-tables-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(npmDir, tarballs[0])], {
    cwd: folder,
    stdio: 'pipe',
  });
});

after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function theEngine() {
  if (!engine) {
    pkg = await import(pathToFileURL(join(folder, 'node_modules/yahtzee-engine/yahtzee.js')));
    engine = await pkg.load();
  }
  return engine;
}

/** `yahtzee advise ... --json` as the CLI answers it: {json} or {error}. */
function cli(rules, card, dice, rollsLeft) {
  const [base, ...house] = rules.split('+');
  const args = ['advise', '--json', '--quiet', '--rules', base, '--scorecard', card];
  if (house.length) args.push('--house', house.join(','));
  if (dice !== undefined) args.push('--dice', dice, '--rolls-left', String(rollsLeft));
  const out = spawnSync(bin, args, { env: { ...process.env, YAHTZEE_DATA_DIR: dataDir }, encoding: 'utf8' });
  if (out.status === 0) return { json: JSON.parse(out.stdout) };
  return { error: out.stderr.trim().replace(/^error: /, '').replace('bad --scorecard:', 'bad scorecard:') };
}

/** The wasm engine's answer for the same position: {json} or {error}. */
function wasm(rules, card, dice, rollsLeft) {
  const q = { rules, scorecard: card };
  if (dice !== undefined) Object.assign(q, { dice, rolls_left: rollsLeft });
  try {
    return { json: engine.advise(q) };
  } catch (e) {
    assert.ok(e instanceof Error, 'an Error');
    assert.ok(!e.message.includes('\n'), 'one line');
    return { error: e.message };
  }
}

const what = (o) => JSON.stringify({ ...o, ev_remaining: undefined, loss: undefined });

/** The same options in the same order, the same values to 1e-9, the same errors. */
function assertSameAdvice(rules, card, dice, rollsLeft) {
  const want = cli(rules, card, dice, rollsLeft);
  const got = wasm(rules, card, dice, rollsLeft);
  const where = `${rules} [${card}] ${dice} ${rollsLeft}`;
  if (want.error !== undefined) {
    assert.equal(got.error, want.error, where);
    return false;
  }
  assert.equal(got.error, undefined, where);
  const [a, b] = [got.json, want.json];
  assert.deepEqual(a.dice, b.dice, where);
  assert.equal(a.points_so_far, b.points_so_far, where);
  assert.ok(Math.abs(a.expected_final - b.expected_final) < 1e-9, where);
  assert.equal(a.options.length, b.options.length, where);
  a.options.forEach((o, i) => {
    assert.equal(what(o), what(b.options[i]), `${where} option ${i}`);
    assert.ok(Math.abs(o.ev_remaining - b.options[i].ev_remaining) < 1e-9, `${where} option ${i}`);
  });
  return true;
}

const cardText = (card) => Object.entries(card).map(([k, v]) => `${k}=${v}`).join(' ');

function conformance(name) {
  const file = join(root, `crates/yahtzee-advice/tests/data/advice_${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

test('the README example works as written in an empty project', () => {
  const readme = readFileSync(join(root, 'crates/yahtzee-wasm/js/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Use it from JavaScript'));
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  writeFileSync(join(folder, 'example.mjs'), code);
  const out = execFileSync('node', ['example.mjs'], { cwd: folder, encoding: 'utf8' }).trim();
  const want = cli('forced', 'ones=3 fours=12 full_house=25', '44456', 1).json;
  const best = want.options[0];
  assert.equal(out, `keep ${best.keep.join(' ')}: expected final total ${want.expected_final.toFixed(2)}`);
  // The root README shows the same example.
  assert.ok(readFileSync(join(root, 'README.md'), 'utf8').includes(code.trim()), 'the root README has the example');
});

// The declarations as a TypeScript user meets them: a typed use compiles under --strict,
// and a wrong use does not. TSC is set by scripts/test.sh (typescript from npm).
test('the TypeScript declarations type a real use and catch a wrong one', { skip: !process.env.TSC && 'set TSC to a tsc' }, () => {
  const good = `import { load, Engine, Report, YahtzeeError } from 'yahtzee-engine';
const engine: Engine = await load();
const report: Report = engine.advise({ rules: 'forced', scorecard: 'ones=3', dice: [4, 4, 4, 5, 6], rolls_left: 1 });
const keep: number[] | undefined = report.options[0].keep;
const ev: number = report.options[0].ev_remaining + report.expected_final;
const names: string[] = engine.rules().map((r) => r.name + r.expected_value.toFixed(2));
const label: string = engine.card('yatzy').boxes[0].label;
const value: number = engine.solve('free', (done: number, total: number) => void (done / total));
const part: number = engine.solveFor({ rules: 'free', scorecard: 'ones=3' }, (done: number) => void done);
const covered: boolean = engine.covers({ rules: 'free', scorecard: 'ones=3 twos=6' });
const bytes: Uint8Array = engine.tableBytes('free');
engine.loadTable('free', bytes);
try { engine.advise({ dice: '1234', rolls_left: 2 }); } catch (e) { if (e instanceof YahtzeeError) console.log(e.message); }
console.log(keep, ev, names.length, label, value, part, covered);
`;
  const bad = `import { load } from 'yahtzee-engine';
const engine = await load();
engine.advise({ dice: 13346, rolls_left: '2' });
const n: number = engine.card('forced');
`;
  const tsconfig = { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false, lib: ['es2022', 'dom'] } };
  const check = (name, code) => {
    writeFileSync(join(folder, `${name}.mts`), code);
    writeFileSync(join(folder, `tsconfig.${name}.json`), JSON.stringify({ ...tsconfig, files: [`${name}.mts`] }));
    return spawnSync(process.env.TSC, ['-p', `tsconfig.${name}.json`], { cwd: folder, encoding: 'utf8' });
  };
  const ok = check('good', good);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const wrong = check('bad', bad);
  assert.notEqual(wrong.status, 0, 'a wrong use must not compile');
  assert.match(wrong.stdout, /bad\.mts\(3,/, wrong.stdout);
  assert.match(wrong.stdout, /bad\.mts\(4,/, wrong.stdout);
});

test('solves to the published values', async () => {
  const e = await theEngine();
  assert.match(e.version, /^\d+\.\d+\.\d+\+table\d+$/);
  const reference = {
    forced: 254.58772873, // open-source solvers: 254.5877287
    free: 254.58960948, // Verhoeff 1999: 254.5896
    'no-bonus': 245.87077451, // Glenn 2006: 245.870775
    yatzy: 248.43998938,
  };
  for (const [rules, value] of Object.entries(reference)) {
    let calls = 0;
    let last = [0, 0];
    const v = e.solve(rules, (done, total) => {
      calls++;
      last = [done, total];
    });
    assert.ok(Math.abs(v - value) < 1e-7, `${rules}: ${v}`);
    assert.ok(calls > 0 && last[0] === last[1], `${rules}: progress to the end`);
    const listed = e.rules().find((r) => r.name === rules);
    assert.ok(Math.abs(listed.expected_value - v) < 1e-6, rules);
    if (listed.published_value !== undefined && rules !== 'yatzy') {
      assert.ok(Math.abs(listed.published_value - v) < 1e-4, `${rules} against the published value`);
    }
  }
});

test('advice equals the CLI on the conformance positions of every base rule set', async () => {
  await theEngine();
  const forced = conformance('forced');
  const free = conformance('free');
  // The independent solver's own ranking too, where it has one.
  for (const [name, positions] of [['forced', forced], ['free', free]]) {
    for (const p of positions.slice(0, 40)) {
      const got = engine.advise({ rules: name, scorecard: cardText(p.scorecard), dice: p.dice, rolls_left: p.rolls_left });
      assert.equal(got.options.length, p.ranked.length);
      got.options.forEach((o, i) => assert.ok(Math.abs(o.ev_remaining - p.ranked[i].ev) < 1e-9));
    }
  }
  let compared = 0;
  for (const rules of ['forced', 'free', 'no-bonus', 'original-1956', 'yatzy']) {
    const positions = rules === 'free' ? free : forced;
    for (const p of positions.slice(0, 30)) {
      if (assertSameAdvice(rules, cardText(p.scorecard), p.dice.join(''), p.rolls_left)) compared++;
    }
  }
  // Yatzy refuses the Yahtzee cards (other boxes): those compare as the same error.
  assert.ok(compared >= 100, `${compared} positions compared`);
});

test('advice equals the CLI with each house rule', async () => {
  await theEngine();
  const positions = conformance('forced').slice(40, 52);
  const house = ['forced+mulligan', 'forced+chance-chance', 'forced+fool-house', 'forced+mega-yahtzee', 'yatzy+mulligan+fool-house'];
  for (const rules of house) {
    for (const p of positions) assertSameAdvice(rules, cardText(p.scorecard), p.dice.join(''), p.rolls_left);
  }
  // Positions only these rules have: the mulligan spent, a natural full house under
  // fool-house, the sixth-die question, six dice, the sixth die spent.
  const special = [
    ['forced+mulligan', 'ones=3 mulligan=used', '22333', 0],
    ['forced+mulligan', 'ones=3', '12346', 0],
    ['forced+chance-chance', 'ones=2 twos=4', '11236', 0],
    ['forced+fool-house', '', '22333', 2],
    ['forced+fool-house', 'full_house=25', '22333', 1],
    ['forced+mega-yahtzee', '', undefined, undefined],
    ['forced+mega-yahtzee', 'ones=3 fours=12', undefined, undefined],
    ['forced+mega-yahtzee', 'ones=3', '666612', 2],
    ['forced+mega-yahtzee', 'ones=3', '666661', 0],
    ['forced+mega-yahtzee', 'ones=3 mega=used', '66612', 1],
    ['forced+mega-yahtzee', 'ones=3 mega=used', undefined, undefined],
  ];
  for (const [rules, card, dice, rolls] of special) assertSameAdvice(rules, card, dice, rolls);
});

test('bad input throws an Error with the CLI message', async () => {
  await theEngine();
  const bad = [
    ['forced', '', '1234', 2],
    ['forced', '', '13347', 2],
    ['forced', '', '133466', 2],
    ['forced', 'ones=7', '13346', 2],
    ['forced', 'chance=0', '13346', 1],
    ['forced+mega-yahtzee', 'mega=used', undefined, undefined],
  ];
  for (const [rules, card, dice, rolls] of bad) {
    const want = cli(rules, card, dice, rolls);
    assert.ok(want.error, `the CLI refuses ${rules} [${card}] ${dice}`);
    assert.equal(wasm(rules, card, dice, rolls).error, want.error);
  }
  // What the CLI's argument parser refuses before the engine sees it: the engine's words.
  const refusals = [
    [{ dice: '13346', rolls_left: 3 }, 'rolls left must be 0, 1 or 2, got 3'],
    [{ rules: 'nope', dice: '13346', rolls_left: 2 }, "unknown rule set 'nope' (rule sets: forced, free, no-bonus, original-1956, yatzy; yahtzee, official, american mean forced)"],
    [{ house: ['nope'], dice: '13346', rolls_left: 2 }, "unknown house rule 'nope' (mulligan, chance-chance, fool-house, mega-yahtzee)"],
    [{ dice: '13346' }, /^give both dice and rolls_left/],
    [{}, 'no dice given: the turn-start question is only for the house rule mega-yahtzee'],
    [{ dice: '13346', rolls_left: 2, target: 200 }, /^playing for a target needs the target table/],
    [{ dice: '13346', rolls_left: 2, opponents: ['ones=3'] }, /^playing to win needs/],
    [{ dice: '13346', rolls_left: 2, colour: 'red' }, /^bad request body: unknown field `colour`/],
    ['{"dice": "13346", "rolls_left": 2', /^bad request body: EOF while parsing/],
  ];
  for (const [q, message] of refusals) {
    assert.throws(() => engine.advise(q), (e) => e instanceof pkg.YahtzeeError && e instanceof Error && (message instanceof RegExp ? message.test(e.message) : e.message === message));
  }
  assert.throws(() => engine.card('nope'), /unknown rule set 'nope'/);
  assert.throws(() => engine.solve('forced+nope'), /unknown rule set 'forced\+nope'/);
  // The engine still answers after every refusal.
  assert.equal(engine.advise({ dice: '13346', rolls_left: 2 }).options[0].keep.join(''), '33');
});

test('a stored table loads back checked; a damaged or foreign one is refused', async () => {
  const e = await pkg.load(readFileSync(join(folder, 'node_modules/yahtzee-engine/yahtzee.wasm')));
  assert.equal(e.hasTable('forced'), false);
  assert.throws(() => e.tableBytes('forced'), /not solved yet/);
  const fresh = await theEngine();
  const bytes = fresh.tableBytes('forced');
  assert.ok(Math.abs(e.loadTable('forced', bytes) - 254.58772873449587) < 1e-12);
  assert.equal(e.hasTable('forced'), true);
  assert.deepEqual(e.advise({ dice: '44456', rolls_left: 1 }), fresh.advise({ dice: '44456', rolls_left: 1 }));
  e.dropTable('forced');
  assert.equal(e.hasTable('forced'), false);
  const flipped = bytes.slice();
  flipped[flipped.length - 100] ^= 0x10;
  assert.throws(() => e.loadTable('forced', flipped), /forced\.table is corrupt: payload checksum/);
  assert.throws(() => e.loadTable('forced', bytes.slice(0, 1000)), /forced\.table/);
  assert.throws(() => e.loadTable('free', bytes), /forced/);
  assert.throws(() => e.loadTable('forced', 'not bytes'), pkg.YahtzeeError);
  assert.equal(e.hasTable('forced'), false);
});

test('a part of the table answers its card, with a house rule, as the CLI does', async () => {
  await theEngine();
  const e = await pkg.load(readFileSync(join(folder, 'node_modules/yahtzee-engine/yahtzee.wasm')));
  // Five boxes filled of forced+mulligan: 2^8 filled sets, the full card's included.
  const card = 'ones=3 twos=6 fours=12 small_straight=30 chance=22';
  const q = { rules: 'forced+mulligan', scorecard: card, dice: '33345', rolls_left: 2 };
  let last = null;
  e.solveFor(q, (done, total) => { last = [done, total]; });
  assert.deepEqual(last, [256, 256]);
  assert.equal(e.hasTable('forced+mulligan'), false);
  assert.equal(e.covers(q), true);
  assert.throws(() => e.tableBytes('forced+mulligan'), /only part of the table for forced\+mulligan is solved yet/);
  for (const [scorecard, dice, rolls] of [[card, '33345', 2], [`${card} yahtzee=50`, '66666', 0]]) {
    assert.equal(e.covers({ ...q, scorecard }), true);
    const got = e.advise({ rules: 'forced+mulligan', scorecard, dice, rolls_left: rolls });
    assert.ok(assertSameAdvice('forced+mulligan', scorecard, dice, rolls));
    assert.deepEqual(got, engine.advise({ rules: 'forced+mulligan', scorecard, dice, rolls_left: rolls }));
  }
  // A card outside the part is answered after the whole table is solved.
  assert.equal(e.covers({ ...q, scorecard: 'threes=9' }), false);
  assert.deepEqual(e.advise({ ...q, scorecard: 'threes=9' }), engine.advise({ ...q, scorecard: 'threes=9' }));
  assert.equal(e.hasTable('forced+mulligan'), true);
  assert.throws(() => e.solveFor({ ...q, dice: '1234' }), (err) => err instanceof pkg.YahtzeeError && err.message === 'bad dice: expected 5 dice, got 4');
});

test('the mulligan spent this turn equals the CLI with --mulligan-spent', async () => {
  await theEngine();
  const card = 'ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40';
  for (const [scorecard, dice, rolls] of [[card, '66665', 0], ['', '12346', 0], [`${card} mulligan=used`, '66665', 0], ['', '12346', 1]]) {
    const args = ['advise', '--json', '--quiet', '--house', 'mulligan', '--scorecard', scorecard,
      '--dice', dice, '--rolls-left', String(rolls), '--mulligan-spent'];
    const out = spawnSync(bin, args, { env: { ...process.env, YAHTZEE_DATA_DIR: dataDir }, encoding: 'utf8' });
    const q = { rules: 'forced+mulligan', scorecard, dice, rolls_left: rolls, mulligan: 'this-turn' };
    if (out.status !== 0) {
      // The same refusal, in the engine's words (the CLI names its flag).
      const said = out.stderr.trim().replace(/^error: --mulligan-spent: /, '');
      assert.throws(() => engine.advise(q), (e) => e instanceof pkg.YahtzeeError && e.message === said);
      continue;
    }
    const [got, want] = [engine.advise(q), JSON.parse(out.stdout)];
    assert.equal(got.mulligan, 'this-turn');
    assert.equal(got.options.length, want.options.length);
    got.options.forEach((o, i) => {
      assert.equal(what(o), what(want.options[i]));
      assert.ok(Math.abs(o.ev_remaining - want.options[i].ev_remaining) < 1e-9);
    });
  }
});
