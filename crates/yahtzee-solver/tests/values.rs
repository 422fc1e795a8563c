//! The solver against published values, hand-computed end positions, an unoptimised
//! reference implementation of one turn, and itself under different thread counts.

use std::sync::OnceLock;

use yahtzee_rules::{mega_tables, tables, Category, House, RuleSet, State, MEGA_ROLLS, ROLLS};
use yahtzee_solver::{reachable_states, solve, TurnPlan, Workspace};

fn rules(name: &str) -> &'static RuleSet {
    RuleSet::by_name(name).unwrap()
}

fn solved(name: &str) -> &'static [f64] {
    static FORCED: OnceLock<Vec<f64>> = OnceLock::new();
    static FREE: OnceLock<Vec<f64>> = OnceLock::new();
    let cell = if name == "forced" { &FORCED } else { &FREE };
    cell.get_or_init(|| solve(rules(name), &|_| {}))
}

fn all_but(r: &RuleSet, open: &[Category]) -> u32 {
    let mut filled = (1u32 << r.box_count()) - 1;
    for c in open {
        filled &= !(1 << r.box_index(*c).unwrap());
    }
    filled
}

#[test]
fn empty_card_matches_the_reference_values() {
    // RULES.md: 254.5877287 (forced Joker), 254.5896095 (free choice, Verhoeff 1999).
    let forced = solved("forced")[0];
    let free = solved("free")[0];
    assert!((forced - 254.5877287).abs() < 1e-7, "forced: {forced}");
    assert!((free - 254.5896095).abs() < 1e-7, "free: {free}");
}

/// FNV-1a over every value's bits, NaN included (as `examples/solve_time.rs` prints it).
fn table_bits(values: &[f64]) -> u64 {
    values.iter().fold(0xcbf2_9ce4_8422_2325, |h, x| {
        (h ^ x.to_bits()).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn tables_keep_their_bits() {
    // The bits of the forced and free tables as the solver of 2026-11-29 (7033635) made
    // them, computing every reachable state on its own and finding each next state
    // through `RuleSet::place`. Computing one of the states whose upper bonus is decided,
    // and the next states by arithmetic on the index, must change no bit.
    assert_eq!(table_bits(solved("forced")), 0x300d_23a8_eaa1_cb9e);
    assert_eq!(table_bits(solved("free")), 0xdf30_4ad7_e448_afe4);
}

#[test]
fn states_with_the_upper_bonus_decided_are_computed_once() {
    let r = rules("forced");
    let (mut distinct, mut copied) = (0, 0);
    for filled in 0..(1u32 << r.box_count()) - 1 {
        let (states, copies) = yahtzee_solver::distinct_turns(r, filled);
        distinct += states.len();
        copied += copies.len();
        for (to, from) in copies {
            let (a, b) = (r.state_at(to), r.state_at(from));
            assert!(r.upper_decided(filled, a.upper()) && r.upper_decided(filled, b.upper()));
            assert_eq!(to / 64, from / 64, "same flags");
        }
    }
    // Counted apart over the 8,191 filled sets: every reachable upper total the bonus is
    // still open with (below 63, at most 5 × the open faces short of it), plus one for
    // the decided ones, times the flags (two once the Yahtzee box is filled).
    assert_eq!(distinct, 355_390);
    // Every reachable state but the full card's 128 (all 64 totals, two flags).
    assert_eq!(distinct + copied, 536_448 - 128);
    // By hand: only Sixes open, the bonus is open from 33 (30 short); none open, never;
    // all open, from any total.
    let only_sixes = (1 << r.box_count()) - 1 - (1 << 5);
    assert_eq!(r.upper_open(only_sixes), 33..63);
    assert_eq!(r.upper_open(0b11_1111), 63..63);
    assert_eq!(r.upper_open(0), 0..63);
}

#[test]
fn last_turn_values_match_glenn_2006() {
    for name in ["forced", "free"] {
        let r = rules(name);
        let values = solved(name);
        // Only Yahtzee open: 50 × P(five of a kind within three rolls) = 2.3014321.
        let s = State::new(all_but(r, &[Category::Yahtzee]), 63, false);
        assert!((values[r.state_index(s)] - 2.3014321).abs() < 1e-7);
        // Only Chance open (no Yahtzee bonus possible): 23.3333333, i.e. 70/3.
        let s = State::new(all_but(r, &[Category::Chance]), 63, false);
        assert!((values[r.state_index(s)] - 70.0 / 3.0).abs() < 1e-9);
    }
}

#[test]
fn full_card_is_worth_nothing_and_values_are_sane() {
    for name in ["forced", "free"] {
        let r = rules(name);
        let values = solved(name);
        let full = (1u32 << r.box_count()) - 1;
        for s in reachable_states(r, full) {
            assert_eq!(values[r.state_index(s)], 0.0);
        }
        for (i, v) in values.iter().enumerate() {
            let s = r.state_at(i);
            assert_eq!(r.is_reachable(s), !v.is_nan(), "{s:?}");
            assert!(v.is_nan() || (0.0..=1575.0).contains(v));
        }
    }
}

#[test]
fn table_is_bit_identical_with_one_and_two_threads() {
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve(rules("forced"), &|_| {}))
    };
    let one = run(1);
    let two = run(2);
    assert!(one
        .iter()
        .zip(&two)
        .all(|(a, b)| a.to_bits() == b.to_bits()));
    assert!(two
        .iter()
        .zip(solved("forced"))
        .all(|(a, b)| a.to_bits() == b.to_bits()));
}

mod common;
use common::{mega_outcomes, outcomes, sub_keeps};

/// One turn evaluated the slow, obvious way: every final roll scored through the rules'
/// generic move list, keeps valued by explicit outcome probabilities, best keeps found by
/// enumerating every sub-multiset.
fn reference_turn(r: &RuleSet, values: &[f64], state: State) -> f64 {
    let t = tables();
    // House rule "fool-house": these rolls are scored at once, whatever the rolls left.
    let forced = |x: usize| r.forced_full_house(state, &t.keep(x)).is_some();
    let mut final_value = reference_final(r, values, state);
    let expect = |roll_values: &[f64]| -> Vec<f64> {
        outcomes()
            .iter()
            .map(|o| o.iter().map(|&(x, p)| p * roll_values[x]).sum())
            .collect()
    };
    let best_keep = |keep_values: &[f64]| -> Vec<f64> {
        (0..ROLLS)
            .map(|x| {
                if forced(x) {
                    return keep_values[x];
                }
                sub_keeps()[x]
                    .iter()
                    .map(|&k| keep_values[k])
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect()
    };
    if r.house.mulligan && !state.mulligan_used() {
        // House rule: after the third roll, once per game, keep some dice and roll again.
        let spent = reference_final(r, values, state.with_mulligan_used(true));
        let again = best_keep(&expect(&spent));
        for (x, (v, m)) in final_value.iter_mut().zip(again).enumerate() {
            if !forced(x) {
                *v = v.max(m);
            }
        }
    }
    let one_left = best_keep(&expect(&final_value));
    let two_left = best_keep(&expect(&one_left));
    (0..ROLLS).map(|x| t.roll_prob(x) * two_left[x]).sum()
}

/// The value of every final roll: the best legal move, or under the chance-chance house
/// rule the mean over a fresh roll of five dice scored in Chance.
fn reference_final(r: &RuleSet, values: &[f64], state: State) -> Vec<f64> {
    let t = tables();
    let value = |m: yahtzee_rules::Move| f64::from(m.points()) + values[r.state_index(m.next)];
    let chance_chance = r.chance_chance_box(state).map(|_| {
        (0..ROLLS)
            .map(|x| t.roll_prob(x) * value(r.chance_chance_move(state, &t.keep(x))))
            .sum::<f64>()
    });
    (0..ROLLS)
        .map(|roll| {
            let forced = r.forced_full_house(state, &t.keep(roll)).is_some();
            let mut best = match chance_chance {
                Some(cc) if !forced => cc,
                _ => f64::NEG_INFINITY,
            };
            r.for_each_move(state, &t.keep(roll), |m| best = best.max(value(m)));
            best
        })
        .collect()
}

/// House rule "mega-yahtzee": the turn with the sixth die, the plain way. Each final roll
/// of six is worth its best five (scored as any final roll, without the mulligan, in the
/// state with the sixth die spent) plus the Mega bonus for six of a kind; keeps by explicit
/// outcome probabilities over six dice; the best keep by enumerating sub-multisets.
fn reference_mega_turn(r: &RuleSet, values: &[f64], state: State) -> f64 {
    let t6 = mega_tables();
    let rolls = MEGA_ROLLS;
    let five = reference_final(r, values, state.with_mega_used(true));
    let finals: Vec<f64> = (0..rolls)
        .map(|x| {
            let six = t6.keep(x);
            let best = (1..=6)
                .filter_map(|f| six.without(f))
                .map(|d| five[d.index()])
                .fold(f64::NEG_INFINITY, f64::max);
            let bonus = if six.six_of_a_kind().is_some() {
                f64::from(r.mega_bonus)
            } else {
                0.0
            };
            best + bonus
        })
        .collect();
    let expect = |roll_values: &[f64]| -> Vec<f64> {
        mega_outcomes()
            .iter()
            .map(|o| o.iter().map(|&(x, p)| p * roll_values[x]).sum())
            .collect()
    };
    let best_keep = |keep_values: &[f64]| -> Vec<f64> {
        (0..rolls)
            .map(|x| {
                let six = t6.keep(x);
                (0..t6.keep_count())
                    .filter(|&k| six.contains(&t6.keep(k)))
                    .map(|k| keep_values[k])
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect()
    };
    let two_left = best_keep(&expect(&best_keep(&expect(&finals))));
    (0..rolls).map(|x| t6.roll_prob(x) * two_left[x]).sum()
}

/// Every state of a game solved the plain way: all states by decreasing number of filled
/// boxes (reachable ones only), each by [`reference_turn`].
fn reference_solve(r: &RuleSet) -> Vec<f64> {
    let mut values = vec![f64::NAN; r.state_count()];
    let nb = r.box_count() as u32;
    for level in (0..=nb).rev() {
        for index in 0..r.state_count() {
            let s = r.state_at(index);
            if s.filled().count_ones() != level || !r.is_reachable(s) {
                continue;
            }
            values[index] = if level == nb {
                0.0
            } else if r.house.mega_yahtzee && !s.mega_used() {
                reference_turn(r, &values, s).max(reference_mega_turn(r, &values, s))
            } else {
                reference_turn(r, &values, s)
            };
        }
    }
    values
}

/// Checks the listed expected value (and the published one) of each rule set by a fresh
/// solve.
fn check_listed_values(sets: impl Iterator<Item = &'static RuleSet>) -> usize {
    let mut n = 0;
    for r in sets {
        let v = solve(r, &|_| {})[r.state_index(State::START)];
        assert!((v - r.expected_value).abs() < 1e-6, "{}: {v}", r.name);
        if let Some(published) = r.reference_value {
            assert!(
                (v - published).abs() < 1e-6,
                "{}: {v} vs {published}",
                r.name
            );
        }
        n += 1;
    }
    n
}

#[test]
fn every_rule_set_solves_to_its_expected_value() {
    // The five base rule sets and each with every combination of house rules.
    assert_eq!(RuleSet::every().count(), 80);
    // A fresh solve of every rule set but the 30 with mega-yahtzee and two or more other
    // switches (a minute more on 2 cores; `cargo run --release -p yahtzee-solver --example
    // house_values mega` recomputes them): each switch alone, all pairs without
    // mega-yahtzee, and all four switches together cover every code path.
    let h = |r: &RuleSet| r.house;
    let switches = |r: &RuleSet| {
        let x = h(r);
        [x.mulligan, x.chance_chance, x.fool_house]
            .iter()
            .filter(|&&b| b)
            .count()
    };
    let checked = check_listed_values(
        RuleSet::every().filter(|r| !h(r).mega_yahtzee || switches(r) == 0 || switches(r) == 3),
    );
    assert_eq!(checked, 50);
    // Glenn (2006): no bonus, no Joker.
    assert!((rules("no-bonus").expected_value - 245.870775).abs() < 1e-6);
    // Larsson & Sjöberg (2012) print 248.63 for Yatzy, from scoring a single pair in Two
    // Pairs; with Two Pairs needing two different faces the value is lower.
    assert!(rules("yatzy").expected_value < 248.63 - 0.1);
    // The mulligan and chance-chance only add options, so they never lower the value;
    // fool-house only takes options away, so it never raises it.
    for r in RuleSet::every().filter(|r| r.house != yahtzee_rules::House::NONE) {
        let without_fool = r.with_house(House {
            fool_house: false,
            ..r.house
        });
        let base = RuleSet::get(r.id).with_house(House {
            fool_house: r.house.fool_house,
            ..House::NONE
        });
        if r.house.fool_house {
            assert!(r.expected_value < without_fool.expected_value, "{}", r.name);
        }
        if r != base {
            assert!(r.expected_value > base.expected_value, "{}", r.name);
        }
    }
}

/// Reduced games of every rule set, chosen so the rule set's special cases occur: upper
/// boxes with a reachable bonus, the boxes Jokers and Yatzy scoring change, the Yahtzee box.
fn reduced_games() -> Vec<&'static RuleSet> {
    use Category::*;
    vec![
        rules("forced").reduced(
            &[Fours, Sixes, FullHouse, LargeStraight, Yahtzee, Chance],
            30,
        ),
        rules("free").reduced(&[Twos, Fours, FullHouse, SmallStraight, Yahtzee], 12),
        rules("no-bonus").reduced(&[Threes, Sixes, FourOfAKind, FullHouse, Yahtzee], 24),
        rules("original-1956").reduced(
            &[
                Fours,
                Sixes,
                ThreeOfAKind,
                FullHouse,
                LargeStraight,
                Yahtzee,
            ],
            30,
        ),
        rules("original-1956").reduced(&[Ones, Fives, Yahtzee, Chance], 10),
        rules("yatzy").reduced(
            &[
                Twos,
                Fives,
                OnePair,
                TwoPairs,
                SmallStraight,
                FullHouse,
                Yahtzee,
            ],
            20,
        ),
        rules("yatzy").reduced(
            &[Sixes, ThreeOfAKind, FourOfAKind, LargeStraight, Chance],
            18,
        ),
        rules("forced+fool-house").reduced(&[Threes, Sixes, FullHouse, Yahtzee, Chance], 18),
        rules("yatzy+mulligan+fool-house").reduced(&[Twos, TwoPairs, FullHouse, Chance], 6),
        rules("free+mulligan+chance-chance+fool-house")
            .reduced(&[Fives, ThreeOfAKind, FullHouse, Chance], 10),
        rules("forced+mega-yahtzee").reduced(&[Fours, Sixes, FullHouse, Yahtzee, Chance], 20),
        rules("yatzy+mulligan+fool-house+mega-yahtzee=200")
            .reduced(&[Twos, TwoPairs, FullHouse, Yahtzee], 6),
        rules("original-1956+chance-chance+mega-yahtzee")
            .reduced(&[Ones, LargeStraight, Yahtzee, Chance], 3),
    ]
}

#[test]
fn reduced_games_agree_with_a_plain_reference_solver_on_every_state() {
    for r in reduced_games() {
        let fast = solve(r, &|_| {});
        let slow = reference_solve(r);
        let mut compared = 0;
        for (i, (a, b)) in fast.iter().zip(&slow).enumerate() {
            assert_eq!(a.is_nan(), b.is_nan(), "{} {:?}", r.name, r.state_at(i));
            if !a.is_nan() {
                assert!(
                    (a - b).abs() < 1e-9,
                    "{} {:?}: {a} vs {b}",
                    r.name,
                    r.state_at(i)
                );
                compared += 1;
            }
        }
        assert!(compared > 1 << r.box_count(), "{}: {compared}", r.name);
    }
}

#[test]
fn kernel_agrees_with_a_plain_reference_turn() {
    for name in ["forced", "free"] {
        let r = rules(name);
        let values = solved(name);
        let plan = TurnPlan::new(r);
        let mut ws = Workspace::new(&plan);
        // A spread of filled sets: every 97th, plus the states where Jokers matter most.
        let y = 1 << r.box_index(Category::Yahtzee).unwrap();
        let mut sets: Vec<u32> = (0..(1u32 << 13) - 1).step_by(97).collect();
        sets.extend([
            y,
            y | 0b111111,
            all_but(r, &[Category::FullHouse, Category::Fours]),
        ]);
        for filled in sets {
            for chunk in reachable_states(r, filled).chunks(8).step_by(3) {
                let fast = plan.turn_values(&mut ws, chunk, values);
                for (s, v) in chunk.iter().zip(fast) {
                    let slow = reference_turn(r, values, *s);
                    assert!((v - slow).abs() < 1e-9, "{name} {s:?}: {v} vs {slow}");
                    assert!((v - values[r.state_index(*s)]).abs() == 0.0);
                }
            }
        }
    }
}

#[test]
fn reachable_state_count_counts_the_states_the_solver_visits() {
    // The rules' closed count (no state visited) against the solver's own list, for every
    // rule set and a reduced game; the full card's states included.
    let sets =
        RuleSet::every().chain([rules("forced").reduced(&[Category::Ones, Category::Yahtzee], 3)]);
    for r in sets {
        let listed: usize = (0..1u32 << r.box_count())
            .map(|f| reachable_states(r, f).len())
            .sum();
        assert_eq!(r.reachable_state_count(), listed, "{}", r.name);
    }
    assert_eq!(rules("forced").reachable_state_count(), 536_448);
}

/// `solve_part(need)` against the whole table: every state whose filled boxes include
/// `need` has the whole table's bits, every other state NaN.
fn assert_part_is_the_whole_restricted(r: &'static RuleSet, whole: &[f64], need: u32) {
    let sets = std::sync::atomic::AtomicU64::new(0);
    let part = yahtzee_solver::solve_part(
        r,
        need,
        &|n| {
            sets.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        },
        &yahtzee_solver::Cancel::new(),
    )
    .unwrap();
    let open = r.box_count() as u32 - need.count_ones();
    // The full card, then each filled set of the part but the full card.
    assert_eq!(
        sets.into_inner(),
        1 + (1 << open) - 1,
        "{} {need:b}",
        r.name
    );
    let mut covered = 0;
    for (i, (p, w)) in part.iter().zip(whole).enumerate() {
        let filled = r.state_at(i).filled();
        if filled & need == need {
            assert_eq!(p.to_bits(), w.to_bits(), "{} {:?}", r.name, r.state_at(i));
            covered += usize::from(!w.is_nan());
        } else {
            assert!(
                p.is_nan(),
                "{} {:?} outside the part",
                r.name,
                r.state_at(i)
            );
        }
    }
    assert!(covered > 1 << open, "{} {need:b}: {covered}", r.name);
}

#[test]
fn a_part_of_the_table_has_the_whole_tables_bits() {
    // The page's first answer: ones, fours, full house and chance filled.
    let r = rules("forced");
    use Category::*;
    let need = [Ones, Fours, FullHouse, Chance]
        .iter()
        .fold(0, |m, c| m | 1 << r.box_index(*c).unwrap());
    assert_part_is_the_whole_restricted(r, solved("forced"), need);
    // Every rule set's reduced game, with its first box filled, then its last two.
    for r in reduced_games() {
        let whole = solve(r, &|_| {});
        let nb = r.box_count();
        for need in [0, 1, 0b11 << (nb - 2)] {
            assert_part_is_the_whole_restricted(r, &whole, need);
        }
    }
}
