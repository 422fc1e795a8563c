//! What each fuzz target checks on one input, here so that the ordinary test suite replays
//! the seed corpora and every crash the fuzzer found through the same code
//! (`tests/corpus.rs`), without the fuzzer. The targets in `fuzz/fuzz_targets/` are one
//! line each: [`run`]`(TARGET, data)`.
//!
//! Every check feeds arbitrary bytes to a parser (and, when it accepts them, to what
//! follows: replay, table reads, advice) and asserts what must hold: an accepted input
//! means something sound (a reachable state, a round trip to the same value, values
//! within their bounds), and a refused one gets a one-line message. A panic anywhere is a
//! finding.
//!
//! [`attack`] is the same idea at the scale of a whole server: a bounded, loopback-only
//! attack on a running `yahtzee serve` (floods of builds, heavy questions, malformed and
//! slow requests beside a steady stream of advice) and the report of what it withstood
//! (`examples/attack.rs`, `scripts/attack.sh`; the root package's `tests/attack.rs`).
//!
//! Not published; it may import every library crate (it sits above the CLI in
//! `tests/layers.rs`). docs/HARDENING.md says what is checked and found.
//!
//! # Targets and tests
//!
//! - The targets: `scorecard`, `dice`, `keep`, `record`, `table`, `serve_body`, `yahtzix` (a
//!   position as `yahtzee yahtzix advise` takes it) and `yahtzix_cache` (the cache file
//!   damaged, with its CRCs rewritten or not).
//! - `tests/corpus.rs` replays every seed (`fuzz/corpus/TARGET/`) and every crash found
//!   (`fuzz/regressions/TARGET/`) in the ordinary test run; `examples/seeds.rs` wrote the
//!   seed corpora (the two Yahtzix corpora were written by hand).
//! - `play_game`: a random legal game player (random actions, house-rule ones included, or
//!   the advisor's best); `tests/properties.rs`: the property tests (proptest, fixed seed).
//! - The server's body checks are public for it (`yahtzee_server::advise_question`,
//!   `stats_question`).
//! - [`attack`]: plain advice at a fixed rate beside floods of builds from many loopback
//!   source addresses, heavy statistics, malformed, cut-off and slow requests; the server's
//!   resident memory and data folder sampled; every answer checked for a clear status.
//!
//! `fuzz/` is cargo-fuzz's layout (`fuzz_targets/*.rs`, one line each) in its own workspace
//! (excluded from the main one: nightly and libFuzzer are only needed there);
//! `scripts/fuzz.sh [SECONDS] [TARGET...]` runs each target for a bounded time and prints
//! executions per target; new inputs go to `target/fuzz-corpus/`, crashes to
//! `fuzz/artifacts/` (ignored by git).

pub mod attack;

use std::path::PathBuf;
use std::sync::OnceLock;

use yahtzee_advice::Advisor;
use yahtzee_engine::PlayFor;
use yahtzee_play::Record;
use yahtzee_rules::{tables, Category, Dice, RuleSet, Scorecard, KEEPS};
use yahtzee_table::{Bounds, Table, TargetTable};

/// The fuzz targets, by name (`fuzz/fuzz_targets/NAME.rs`, `fuzz/corpus/NAME/`).
pub const TARGETS: [&str; 8] = [
    "scorecard",
    "dice",
    "keep",
    "record",
    "table",
    "serve_body",
    "yahtzix",
    "yahtzix_cache",
];

/// What target `target` needs before its first input, done once (so the fuzzer's
/// per-input time limit does not count it): the official table for `serve_body`.
pub fn init(target: &str) {
    match target {
        "serve_body" => {
            forced_advisor();
        }
        "yahtzix" => {
            yahtzix_game();
        }
        "yahtzix_cache" => {
            yahtzix_cache_bytes();
        }
        _ => {}
    }
}

/// Runs the check of fuzz target `target` on `data`. Panics on a finding.
pub fn run(target: &str, data: &[u8]) {
    match target {
        "scorecard" => scorecard(data),
        "dice" => dice(data),
        "keep" => keep(data),
        "record" => record(data),
        "table" => table(data),
        "serve_body" => serve_body(data),
        "yahtzix" => yahtzix(data),
        "yahtzix_cache" => yahtzix_cache(data),
        _ => panic!("no fuzz target {target}"),
    }
}

/// A refusal must be one non-empty line (no line feed, no carriage return).
fn one_line(message: &str) {
    assert!(
        !message.is_empty() && !message.contains(['\n', '\r']),
        "not one line: {message:?}"
    );
}

fn every_rule_set() -> &'static [&'static RuleSet] {
    static EVERY: OnceLock<Vec<&'static RuleSet>> = OnceLock::new();
    EVERY.get_or_init(|| RuleSet::every().collect())
}

/// Target `scorecard`: the first byte picks one of the 80 rule sets, the rest is a card.
/// An accepted card maps to a state a game can reach, and reads back the same from its
/// canonical text.
pub fn scorecard(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let every = every_rule_set();
    let rules = every[usize::from(pick) % every.len()];
    let text = String::from_utf8_lossy(rest);
    match Scorecard::parse(rules, &text) {
        Err(e) => one_line(&e.to_string()),
        Ok(card) => {
            let s = card.state();
            assert!(
                rules.is_reachable(s),
                "{}: '{text}' parses to an unreachable {s:?}",
                rules.name
            );
            let again = Scorecard::parse(rules, &card.text()).expect("canonical text parses");
            assert_eq!(again, card, "{}: '{text}'", rules.name);
            let upper: u32 = card
                .entries()
                .filter(|(c, _)| c.upper_face().is_some())
                .map(|(_, s)| s)
                .sum();
            assert_eq!(upper.min(63), u32::from(s.upper()));
            assert!(card.total() >= card.entries().map(|(_, s)| s).sum::<u32>());
        }
    }
}

/// Target `dice`: rolls of five and six dice (`parse_roll`, `parse_dice`, the engine's
/// `parse_dice`). Accepted dice have the count asked for and read back the same.
pub fn dice(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for n in [5, 6] {
        match Dice::parse_dice(&text, n) {
            Ok(d) => {
                assert_eq!(d.len(), n, "'{text}'");
                assert_eq!(Dice::parse_dice(&d.spaced(), n), Ok(d));
                assert_eq!(Dice::parse_dice(&d.to_string(), n), Ok(d));
            }
            Err(e) => one_line(&e.to_string()),
        }
    }
    match Dice::parse_roll(&text) {
        Ok(d) => assert_eq!(tables().keep(d.index()), d),
        Err(e) => one_line(&e.to_string()),
    }
    match yahtzee_engine::parse_dice(&text) {
        Ok(d) => assert!(d.len() == 5 || d.len() == 6, "'{text}': {d:?}"),
        Err(e) => one_line(&e.to_string()),
    }
}

/// Target `keep`: keeps of up to five and up to six dice. An accepted keep has a dense
/// index that maps back to it and reads back the same.
pub fn keep(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match Dice::parse_keep(&text) {
        Ok(d) => {
            assert!(d.len() <= 5);
            let i = d.index();
            assert!(i < KEEPS);
            assert_eq!(tables().keep(i), d);
            assert_eq!(Dice::parse_keep(&d.spaced()), Ok(d));
        }
        Err(e) => one_line(&e.to_string()),
    }
    match Dice::parse_keep_up_to(&text, 6) {
        Ok(d) => {
            assert!(d.len() <= 6);
            assert_eq!(yahtzee_rules::mega_tables().keep(d.mega_index()), d);
        }
        Err(e) => one_line(&e.to_string()),
    }
}

/// Target `record`: a game record, parsed and replayed. What parses writes back to text
/// that parses to the same record, and replays the same way.
pub fn record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let rec = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => return one_line(&e.to_string()),
    };
    let again = Record::parse(&rec.to_text()).expect("a record's own text parses");
    assert_eq!(again.rules.name, rec.rules.name);
    assert_eq!(again.seed, rec.seed);
    assert_eq!(again.players, rec.players);
    let events = |r: &Record| r.events.iter().map(|(_, e)| e.clone()).collect::<Vec<_>>();
    assert_eq!(events(&again), events(&rec));
    let played = rec.replay(|_, _, _| Ok(()));
    let replayed = again.replay(|_, _, _| Ok(()));
    match (played, replayed) {
        (Ok(a), Ok(b)) => {
            let totals = |g: &yahtzee_play::Game| {
                g.players()
                    .iter()
                    .map(|p| p.card.total())
                    .collect::<Vec<_>>()
            };
            assert_eq!(totals(&a), totals(&b));
            for p in a.players() {
                assert!(rec.rules.is_reachable(p.card.state()));
            }
        }
        (Err(a), Err(b)) => {
            one_line(&a.to_string());
            assert_eq!(a.message, b.message);
        }
        (a, b) => panic!("replays differ: {:?} / {:?}", a.err(), b.err()),
    }
}

/// The small game whose table files the `table` target reads: Ones and Yahtzee of the
/// official rules, upper bonus at 2 (512 states, so a whole file is a few kilobytes).
pub fn small_game() -> &'static RuleSet {
    static SMALL: OnceLock<&'static RuleSet> = OnceLock::new();
    SMALL.get_or_init(|| {
        RuleSet::by_name("forced")
            .expect("official rules")
            .reduced(&[Category::Ones, Category::Yahtzee], 2)
    })
}

/// A file of this process to write fuzzed bytes to.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("yahtzee-fuzz-{}-{name}", std::process::id()))
}

/// Target `table`: the bytes as a table file of [`small_game`], opened as a value table
/// and as a target table (every set verified). What opens holds only possible values.
pub fn table(data: &[u8]) {
    let rules = small_game();
    let path = scratch(&format!("{:?}.table", std::thread::current().id()));
    std::fs::write(&path, data).expect("temporary file");
    let bounds = Bounds::new(rules);
    match Table::open(&path, rules) {
        Ok(t) => {
            for i in 0..rules.state_count() {
                let (s, v) = (rules.state_at(i), t.value_at(i));
                if rules.is_reachable(s) {
                    assert!(
                        v >= 0.0 && v <= f64::from(bounds.of(s)) * 1.000001,
                        "{s:?} {v}"
                    );
                } else {
                    assert!(v.is_nan(), "{s:?} {v}");
                }
            }
        }
        Err(e) => one_line(&e.to_string()),
    }
    match TargetTable::open(&path, rules).and_then(|t| t.verify_all().map(|()| t)) {
        Ok(t) => {
            for i in 0..rules.state_count() {
                let s = rules.state_at(i);
                let v = t.vector(s);
                assert_eq!(v.is_empty(), !rules.is_reachable(s));
                assert!(v.len() <= bounds.of(s) as usize + 1);
                assert!(v.windows(2).all(|w| w[1] <= w[0]));
                assert!(v.iter().all(|p| (0.0..=1.0).contains(p)));
                let p = t.p_at_least(s, 1);
                assert!((0.0..=1.0).contains(&p));
            }
        }
        Err(e) => one_line(&e.to_string()),
    }
    let _ = std::fs::remove_file(&path);
}

/// The official rules' values, solved once per process (0.3 s).
pub fn forced_values() -> &'static Vec<f64> {
    static VALUES: OnceLock<Vec<f64>> = OnceLock::new();
    VALUES.get_or_init(|| {
        yahtzee_solver::solve(RuleSet::by_name("forced").expect("official rules"), &|_| {})
    })
}

/// The official rules' advisor over [`forced_values`], written to a temporary file.
pub fn forced_advisor() -> &'static Advisor {
    static ADVISOR: OnceLock<Advisor> = OnceLock::new();
    ADVISOR.get_or_init(|| {
        let rules = RuleSet::by_name("forced").expect("official rules");
        let path = scratch("forced.table");
        let values = forced_values();
        yahtzee_table::write_table(&path, rules, values).expect("temporary table");
        let table = Table::open(&path, rules).expect("a sound table");
        let _ = std::fs::remove_file(&path);
        Advisor::new(table)
    })
}

/// Target `serve_body`: the first byte picks the route (`/api/advise` when even, else
/// `/api/stats`), the rest is the JSON body, checked by the server's own functions. A
/// refusal is a 4xx with one line; an accepted expected-score question of the official
/// rules is answered by the engine (a one-line error or a report that serialises).
pub fn serve_body(data: &[u8]) {
    let Some((&route, body)) = data.split_first() else {
        return;
    };
    let refused = |e: yahtzee_server::ApiError| {
        assert!((400..500).contains(&e.status()), "{e}");
        one_line(e.message());
    };
    if route % 2 == 1 {
        match yahtzee_server::stats_question(body) {
            Ok(q) => assert!(q.rules.is_reachable(q.card.state())),
            Err(e) => refused(e),
        }
        return;
    }
    let q = match yahtzee_server::advise_question(body) {
        Ok(q) => q,
        Err(e) => return refused(e),
    };
    assert!(q.rules.is_reachable(q.card.state()));
    if q.rules.name != "forced" || q.play_for != PlayFor::Expected {
        return;
    }
    let advisor = forced_advisor();
    // The question's own answer: its dice, rolls and position in the turn (the mulligan).
    let answer = q.answer(advisor, None);
    match answer {
        Ok(report) => {
            let json = serde_json_string(&report);
            assert!(!json.is_empty());
        }
        Err(e) => {
            assert!(e.is_bad_input(), "{e}");
            one_line(&e.to_string());
        }
    }
}

fn serde_json_string(report: &yahtzee_advice::Report) -> String {
    serde_json::to_string(report).expect("a report serialises")
}

/// Yahtzix to 150, solved once per process (0.1 s; about 15 s under the fuzzer's
/// instrumentation), and its rolls.
pub fn yahtzix_game() -> &'static (yahtzee_yahtzix::Duel, yahtzee_yahtzix::turn::Rolls) {
    static GAME: OnceLock<(yahtzee_yahtzix::Duel, yahtzee_yahtzix::turn::Rolls)> = OnceLock::new();
    GAME.get_or_init(|| {
        let rules = yahtzee_yahtzix::Rules::new(150, true, false).expect("target 150");
        let duel = yahtzee_yahtzix::Duel::solve(&rules).expect("it converges");
        (duel, yahtzee_yahtzix::turn::Rolls::new(&rules))
    })
}

/// Target `yahtzix`: a Yahtzix position as `yahtzee yahtzix advise` takes it, as
/// `KEY=VALUE` words (`me`, `opp`, `second`, `offer`, `dice`, `roll`, `total`, `held`;
/// numbers that do not parse end the input), parsed and checked for the game to 150. An
/// accepted position is advised: every option's chance is a probability, best first, and
/// the position's chance is the best option's; a refusal is one line.
pub fn yahtzix(data: &[u8]) {
    use yahtzee_yahtzix::position::Described;
    let text = String::from_utf8_lossy(data);
    let mut d = Described::default();
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let number = value.parse::<u32>();
        let small = value.parse::<u8>();
        let parsed = match key {
            "me" => number.map(|v| d.me = v).is_ok(),
            "opp" => number.map(|v| d.opp = v).is_ok(),
            "total" => number.map(|v| d.total = v).is_ok(),
            "roll" => small.map(|v| d.roll = Some(v)).is_ok(),
            "held" => small.map(|v| d.held = Some(v)).is_ok(),
            "second" => {
                d.second = true;
                true
            }
            "offer" => {
                d.offer = Some(value);
                true
            }
            "dice" => {
                d.dice = Some(value);
                true
            }
            _ => true,
        };
        if !parsed {
            return;
        }
    }
    let (duel, rolls) = yahtzix_game();
    let pos = match d.position() {
        Ok(pos) => pos,
        Err(e) => return one_line(&e.to_string()),
    };
    match yahtzee_yahtzix::position::advise(duel, rolls, &pos) {
        Ok(a) => {
            let p = |x: f64| (0.0..=1.0).contains(&x);
            assert!(p(a.win), "{text:?}: {}", a.win);
            assert!(a.options.iter().all(|o| p(o.win)), "{text:?}");
            assert!(
                a.options.windows(2).all(|w| w[0].win >= w[1].win),
                "{text:?}"
            );
            if let Some(best) = a.options.first() {
                assert_eq!(best.win, a.win, "{text:?}");
            }
        }
        Err(e) => one_line(&e.to_string()),
    }
}

/// The cache file of Yahtzix to 150, written once per process.
fn yahtzix_cache_bytes() -> &'static Vec<u8> {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let rules = yahtzee_yahtzix::Rules::new(150, true, false).expect("target 150");
        let duel = yahtzee_yahtzix::Duel::solve(&rules).expect("it converges");
        let path = scratch("yahtzix-150.table");
        duel.save(&path).expect("temporary cache");
        let bytes = std::fs::read(&path).expect("it reads back");
        let _ = std::fs::remove_file(&path);
        bytes
    })
}

/// Target `yahtzix_cache`: the cache file of Yahtzix to 150, damaged as the input says
/// — byte 0: bit 0 rewrites every CRC to match afterwards (a careless writer), bit 1
/// truncates at the offset; bytes 1-4: an offset; the rest: bytes written there — then
/// opened and every block checked. What opens, and passes, holds only probabilities
/// (every no-offer and accept value of a reachable state in [0, 1]); a refusal is one line.
pub fn yahtzix_cache(data: &[u8]) {
    use yahtzee_yahtzix::duel::{Layout, Seat};
    let rules = yahtzee_yahtzix::Rules::new(150, true, false).expect("target 150");
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (offset, patch) = rest.split_at(rest.len().min(4));
    let mut at = [0u8; 4];
    at[..offset.len()].copy_from_slice(offset);
    let mut bytes = yahtzix_cache_bytes().clone();
    let at = u32::from_le_bytes(at) as usize % (bytes.len() + 1);
    let end = (at + patch.len()).min(bytes.len());
    bytes[at..end].copy_from_slice(&patch[..end - at]);
    if flags & 1 == 1 {
        Layout::of(&rules).reseal(&mut bytes);
    }
    if flags & 2 == 2 {
        bytes.truncate(at);
    }
    let path = scratch(&format!("{:?}.yahtzix", std::thread::current().id()));
    std::fs::write(&path, &bytes).expect("temporary file");
    let opened = yahtzee_yahtzix::Duel::load(&path, &rules);
    let _ = std::fs::remove_file(&path);
    let duel = match opened.and_then(|d| d.verify_all().map(|()| d)) {
        Ok(d) => d,
        Err(e) => return one_line(&e.to_string()),
    };
    let n = rules.target_units();
    let valid = |s: &usize| yahtzee_yahtzix::solo::valid_score(*s);
    for seat in [Seat::First, Seat::Second] {
        for me in (0..n).filter(valid) {
            for opp in (0..n).filter(valid) {
                let w = duel.win(seat, me, opp);
                assert!((0.0..=1.0).contains(&w), "{seat:?} {me} {opp}: {w}");
                for t in 1..=opp {
                    for left in 1..=5 {
                        let a = duel.accept(seat, me, opp, t, left).expect("verified");
                        assert!(
                            (0.0..=1.0).contains(&a),
                            "{seat:?} {me} {opp} {t} {left}: {a}"
                        );
                    }
                }
            }
        }
    }
}

/// How [`play_game`] decides.
pub enum Policy<'a> {
    /// Random legal actions (house-rule actions included, where the rules have them).
    Random,
    /// The advisor's best option at every decision (expected-score play).
    Optimal(&'a Advisor),
}

/// A whole legal game of one player under `rules`, dice from `seed`, as a record (the
/// record's own format: it reads back and replays). Quits after `max_turns` turns when
/// given (shorter games for the slower checks).
pub fn play_game(
    rules: &'static RuleSet,
    seed: u64,
    policy: &Policy,
    max_turns: Option<u32>,
) -> Record {
    use rand::{Rng, SeedableRng};
    use yahtzee_play::{Event, Game};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let player = "Ann".to_string();
    let mut record = Record::new(rules, Some(seed), vec![(player.clone(), false)]);
    let mut game = Game::new(rules, vec![(player.clone(), false)]);
    let mut turns = 0;
    while !game.is_over() {
        if max_turns.is_some_and(|m| turns >= m) {
            record.push(Event::Quit);
            break;
        }
        turns += 1;
        record.push(Event::Turn {
            round: game.round(),
            player: player.clone(),
        });
        if let Policy::Optimal(advisor) = policy {
            let card = &game.current().card;
            if let Ok(Some(advice)) = advisor.advise_sixth_die(card) {
                if advice.best().choice == yahtzee_advice::Choice::SixthDie(true) {
                    game.take_sixth_die().expect("advised");
                    record.push(Event::SixthDie);
                }
            }
        } else if rng.random_ratio(1, 4) && game.take_sixth_die().is_ok() {
            record.push(Event::SixthDie);
        }
        loop {
            let kept = game.to_keep();
            let mut faces = kept.faces();
            while faces.len() < game.dice_per_roll() {
                faces.push(rng.random_range(1..=6));
            }
            let roll = Dice::from_faces_up_to(&faces, 6).expect("at most six dice");
            game.roll(roll).expect("a legal roll");
            record.push(Event::Roll(roll));
            let rolls_left = game.rolls_left();
            let choice = match policy {
                Policy::Optimal(advisor) => {
                    let best = |rolls_left| {
                        advisor
                            .advise(&game.current().card, roll, rolls_left)
                            .expect("advice for a legal position")
                            .best()
                            .choice
                    };
                    match best(rolls_left) {
                        // Standing on all the dice: the best box (as the bots do).
                        yahtzee_advice::Choice::Keep(k) if k.len() == roll.len() => best(0),
                        c => c,
                    }
                }
                Policy::Random => random_choice(&game, &mut rng),
            };
            use yahtzee_advice::Choice;
            match choice {
                Choice::Keep(k) => {
                    game.keep(k).expect("a legal keep");
                    record.push(Event::Keep(k));
                }
                Choice::Mulligan(k) => {
                    game.mulligan(k).expect("a legal mulligan");
                    record.push(Event::Mulligan(k));
                }
                Choice::ChanceChance => {
                    game.chance_chance().expect("a legal chance-chance");
                    record.push(Event::ChanceChance);
                }
                Choice::Fill { category, .. } => {
                    game.score(category).expect("a legal box");
                    record.push(Event::Score(category));
                    break;
                }
                Choice::SixthDie(_) => unreachable!("only before the first roll"),
            }
        }
    }
    record
}

/// A random legal action after a roll: keep (with rolls left), a house-rule action now
/// and then, or a legal box.
fn random_choice(game: &yahtzee_play::Game, rng: &mut impl rand::Rng) -> yahtzee_advice::Choice {
    use yahtzee_advice::Choice;
    let dice = game.dice().expect("rolled");
    let sub = |rng: &mut dyn rand::RngCore| {
        let faces: Vec<u8> = dice
            .faces()
            .into_iter()
            .filter(|_| rng.next_u32().is_multiple_of(2))
            .collect();
        Dice::from_faces_up_to(&faces, 6).expect("a sub-multiset")
    };
    let mut probe = game.clone();
    if rng.random_ratio(1, 6) && !game.in_chance_chance() {
        if probe.chance_chance().is_ok() {
            return Choice::ChanceChance;
        }
        let k = sub(rng);
        if k.len() < dice.len() && probe.mulligan(k).is_ok() {
            return Choice::Mulligan(k);
        }
    }
    if game.rolls_left() > 0 && !game.in_chance_chance() && rng.random_ratio(2, 3) {
        let k = sub(rng);
        if k.len() < dice.len() && game.clone().keep(k).is_ok() {
            return Choice::Keep(k);
        }
    }
    let moves = game.moves();
    let m = if game.in_chance_chance() {
        moves
            .iter()
            .find(|m| game.rules().boxes[m.box_index] == Category::Chance)
            .copied()
            .expect("chance is open")
    } else {
        moves[rng.random_range(0..moves.len())]
    };
    Choice::Fill {
        category: game.rules().boxes[m.box_index],
        score: m.score,
    }
}
