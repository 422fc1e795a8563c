//! The solver against published values, hand-computed end positions, an unoptimised
//! reference implementation of one turn, and itself under different thread counts.

use std::sync::OnceLock;

use yahtzee_rules::{tables, Category, Dice, RuleSet, State, KEEPS, ROLLS};
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

/// One turn evaluated the slow, obvious way: every final roll scored through the rules'
/// generic move list, keeps valued by explicit outcome probabilities, best keeps found by
/// enumerating every sub-multiset.
fn reference_turn(r: &RuleSet, values: &[f64], state: State) -> f64 {
    let t = tables();
    let final_value: Vec<f64> = (0..ROLLS)
        .map(|roll| {
            let mut best = f64::NEG_INFINITY;
            r.for_each_move(state, &t.keep(roll), |m| {
                best = best.max(f64::from(m.points()) + values[r.state_index(m.next)]);
            });
            best
        })
        .collect();
    let outcome_prob = |keep: &Dice, roll: &Dice| -> f64 {
        let rest: Vec<u8> = (0..6)
            .map(|f| roll.counts()[f] - keep.counts()[f])
            .collect();
        let n: u32 = rest.iter().map(|&c| u32::from(c)).sum();
        let fact = |k: u32| (1..=k).product::<u32>() as f64;
        let ways = rest
            .iter()
            .fold(fact(n), |acc, &c| acc / fact(u32::from(c)));
        ways / 6f64.powi(n as i32)
    };
    let expect = |roll_values: &[f64]| -> Vec<f64> {
        (0..KEEPS)
            .map(|k| {
                let keep = t.keep(k);
                (0..ROLLS)
                    .filter(|&x| t.keep(x).contains(&keep))
                    .map(|x| outcome_prob(&keep, &t.keep(x)) * roll_values[x])
                    .sum()
            })
            .collect()
    };
    let best_keep = |keep_values: &[f64]| -> Vec<f64> {
        (0..ROLLS)
            .map(|x| {
                t.keep(x)
                    .sub_keeps()
                    .iter()
                    .map(|k| keep_values[k.index()])
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect()
    };
    let one_left = best_keep(&expect(&final_value));
    let two_left = best_keep(&expect(&one_left));
    (0..ROLLS).map(|x| t.roll_prob(x) * two_left[x]).sum()
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
