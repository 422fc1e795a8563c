//! The target solver (best P(scoring at least t more points)) against a plain reference
//! solver on reduced games of every rule set and house rule, hand-checked one-box games,
//! and its invariants.

use std::collections::HashMap;
use std::sync::OnceLock;

use yahtzee_rules::{mega_tables, tables, Category, RuleSet, State, MEGA_ROLLS, ROLLS};
use yahtzee_solver::{
    max_remaining, payoff_peak, payoff_size, solve_payoff, solve_target, PointsTable, NO_STATE,
};

fn rules(name: &str) -> &'static RuleSet {
    RuleSet::by_name(name).unwrap()
}

fn all_but(r: &RuleSet, open: &[Category]) -> u32 {
    let mut filled = (1u32 << r.box_count()) - 1;
    for c in open {
        filled &= !(1 << r.box_index(*c).unwrap());
    }
    filled
}

mod common;
use common::{mega_outcomes, outcomes, sub_keeps};

/// The plain way: per state a vector over points needed, every final roll's legal moves
/// (and house-rule options) from the rules' generic move list, keeps valued by explicit
/// outcome probabilities, best keeps by enumerating every sub-multiset; the longest vector
/// by brute force over every roll. Returns (vectors, maxima) by state index.
fn reference_target(r: &RuleSet) -> (Vec<Vec<f64>>, Vec<Option<u32>>) {
    let t = tables();
    let n = r.state_count();
    let mut vecs: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut most: Vec<Option<u32>> = vec![None; n];
    let nb = r.box_count() as u32;
    let subs = sub_keeps();
    let read = |v: &Vec<f64>, c: i64| -> f64 {
        if c < 0 {
            1.0
        } else {
            v.get(c as usize).copied().unwrap_or(0.0)
        }
    };
    for level in (0..=nb).rev() {
        for index in 0..n {
            let s = r.state_at(index);
            if s.filled().count_ones() != level || !r.is_reachable(s) {
                continue;
            }
            if level == nb {
                vecs[index] = vec![1.0];
                most[index] = Some(0);
                continue;
            }
            // Brute-force maximum over every roll and move (and chance-chance rerolls).
            let mut m = 0;
            for roll in 0..ROLLS {
                let dice = t.keep(roll);
                r.for_each_move(s, &dice, |mv| {
                    m = m.max(mv.points() + most[r.state_index(mv.next)].unwrap());
                });
                if r.chance_chance_box(s).is_some() {
                    let mv = r.chance_chance_move(s, &dice);
                    m = m.max(mv.points() + most[r.state_index(mv.next)].unwrap());
                }
            }
            if r.house.mega_yahtzee && !s.mega_used() {
                // Every roll of six, every five of it, every move in the state with the
                // sixth die spent; six of a kind adds the Mega bonus.
                let t6 = mega_tables();
                let spent = s.with_mega_used(true);
                for roll in 0..MEGA_ROLLS {
                    let six = t6.keep(roll);
                    let bonus = if six.six_of_a_kind().is_some() {
                        r.mega_bonus
                    } else {
                        0
                    };
                    for five in (1..=6).filter_map(|f| six.without(f)) {
                        r.for_each_move(spent, &five, |mv| {
                            m = m.max(bonus + mv.points() + most[r.state_index(mv.next)].unwrap());
                        });
                    }
                }
            }
            most[index] = Some(m);
            let len = m as usize + 1;
            let finals = |state: State| -> Vec<Vec<f64>> {
                let value = |mv: &yahtzee_rules::Move, c: usize| {
                    read(
                        &vecs[r.state_index(mv.next)],
                        c as i64 - i64::from(mv.points()),
                    )
                };
                let chance_chance: Option<Vec<f64>> = r.chance_chance_box(state).map(|_| {
                    (0..len)
                        .map(|c| {
                            (0..ROLLS)
                                .map(|x| {
                                    t.roll_prob(x)
                                        * value(&r.chance_chance_move(state, &t.keep(x)), c)
                                })
                                .sum()
                        })
                        .collect()
                });
                (0..ROLLS)
                    .map(|roll| {
                        let forced = r.forced_full_house(state, &t.keep(roll)).is_some();
                        let mut best = match &chance_chance {
                            Some(cc) if !forced => cc.clone(),
                            _ => vec![f64::NEG_INFINITY; len],
                        };
                        r.for_each_move(state, &t.keep(roll), |mv| {
                            for (c, b) in best.iter_mut().enumerate() {
                                *b = b.max(value(&mv, c));
                            }
                        });
                        best
                    })
                    .collect()
            };
            let expect = |roll_values: &[Vec<f64>]| -> Vec<Vec<f64>> {
                outcomes()
                    .iter()
                    .map(|o| {
                        (0..len)
                            .map(|c| o.iter().map(|&(x, p)| p * roll_values[x][c]).sum())
                            .collect()
                    })
                    .collect()
            };
            // House rule "fool-house": these rolls are scored at once.
            let forced = |x: usize| r.forced_full_house(s, &t.keep(x)).is_some();
            let best_keep = |keep_values: &[Vec<f64>]| -> Vec<Vec<f64>> {
                (0..ROLLS)
                    .map(|x| {
                        if forced(x) {
                            return keep_values[x].clone();
                        }
                        (0..len)
                            .map(|c| {
                                subs[x]
                                    .iter()
                                    .map(|&k| keep_values[k][c])
                                    .fold(f64::NEG_INFINITY, f64::max)
                            })
                            .collect()
                    })
                    .collect()
            };
            let mut last = finals(s);
            if r.house.mulligan && !s.mulligan_used() {
                let spent = finals(s.with_mulligan_used(true));
                let again = best_keep(&expect(&spent));
                let rolls = last.iter_mut().zip(again).enumerate();
                for (_, (v, a)) in rolls.filter(|(x, _)| !forced(*x)) {
                    for (x, y) in v.iter_mut().zip(a) {
                        *x = x.max(y);
                    }
                }
            }
            let two_left = best_keep(&expect(&best_keep(&expect(&last))));
            let mut v: Vec<f64> = (0..len)
                .map(|c| (0..ROLLS).map(|x| t.roll_prob(x) * two_left[x][c]).sum())
                .collect();
            if r.house.mega_yahtzee && !s.mega_used() {
                let five = finals(s.with_mega_used(true));
                let six = reference_mega_turn(r, &five, len);
                for (v, x) in v.iter_mut().zip(six) {
                    *v = v.max(x);
                }
            }
            vecs[index] = v;
        }
    }
    (vecs, most)
}

/// House rule "mega-yahtzee": the turn with the sixth die, the plain way, over points
/// needed `c < len`, from the five-dice final roll values `five[roll][c]` in the state with
/// the sixth die spent (no mulligan on this turn). A roll of six is worth its best five; six
/// of a kind reads its five of a kind `mega_bonus` points further on (certain below that).
fn reference_mega_turn(r: &RuleSet, five: &[Vec<f64>], len: usize) -> Vec<f64> {
    let t6 = mega_tables();
    let bonus = r.mega_bonus as usize;
    let finals: Vec<Vec<f64>> = (0..MEGA_ROLLS)
        .map(|x| {
            let six = t6.keep(x);
            (0..len)
                .map(|c| {
                    if six.six_of_a_kind().is_some() {
                        let d = six.without(six.six_of_a_kind().unwrap()).unwrap();
                        return if c < bonus {
                            1.0
                        } else {
                            five[d.index()][c - bonus]
                        };
                    }
                    (1..=6)
                        .filter_map(|f| six.without(f))
                        .map(|d| five[d.index()][c])
                        .fold(f64::NEG_INFINITY, f64::max)
                })
                .collect()
        })
        .collect();
    let expect = |roll_values: &[Vec<f64>]| -> Vec<Vec<f64>> {
        mega_outcomes()
            .iter()
            .map(|o| {
                (0..len)
                    .map(|c| o.iter().map(|&(x, p)| p * roll_values[x][c]).sum())
                    .collect()
            })
            .collect()
    };
    let best_keep = |keep_values: &[Vec<f64>]| -> Vec<Vec<f64>> {
        (0..MEGA_ROLLS)
            .map(|x| {
                let six = t6.keep(x);
                let subs: Vec<usize> = (0..t6.keep_count())
                    .filter(|&k| six.contains(&t6.keep(k)))
                    .collect();
                (0..len)
                    .map(|c| {
                        subs.iter()
                            .map(|&k| keep_values[k][c])
                            .fold(f64::NEG_INFINITY, f64::max)
                    })
                    .collect()
            })
            .collect()
    };
    let two_left = best_keep(&expect(&best_keep(&expect(&finals))));
    (0..len)
        .map(|c| {
            (0..MEGA_ROLLS)
                .map(|x| t6.roll_prob(x) * two_left[x][c])
                .sum()
        })
        .collect()
}

/// Small games of every base rule set and house rule, with the boxes where their rules
/// differ and an upper bonus within reach.
fn reduced_games() -> Vec<&'static RuleSet> {
    use Category::*;
    vec![
        rules("forced").reduced(&[Fours, FullHouse, Yahtzee, Chance], 8),
        rules("free").reduced(&[Twos, SmallStraight, Yahtzee], 4),
        rules("no-bonus").reduced(&[Threes, FourOfAKind, Yahtzee], 9),
        rules("original-1956").reduced(&[Ones, Yahtzee, LargeStraight], 3),
        rules("yatzy").reduced(&[Twos, OnePair, TwoPairs, FullHouse], 6),
        rules("forced+mulligan").reduced(&[Sixes, Yahtzee, ThreeOfAKind], 18),
        rules("free+chance-chance").reduced(&[Fives, Yahtzee, Chance], 10),
        rules("yatzy+mulligan+chance-chance").reduced(&[Ones, SmallStraight, Chance], 3),
        rules("forced+fool-house").reduced(&[Twos, FullHouse, Yahtzee], 6),
        rules("no-bonus+mulligan+fool-house").reduced(&[Fours, FullHouse, ThreeOfAKind, Chance], 8),
        rules("forced+mega-yahtzee=80").reduced(&[Fours, Yahtzee], 8),
        rules("yatzy+mulligan+chance-chance+mega-yahtzee=50")
            .reduced(&[Sixes, Yahtzee, Chance], 12),
        rules("no-bonus+fool-house+mega-yahtzee").reduced(&[Twos, FullHouse], 4),
    ]
}

#[test]
fn reduced_games_agree_with_a_plain_reference_solver_on_every_state() {
    for r in reduced_games() {
        let fast = solve_target(r, &|_| {});
        let max = max_remaining(r);
        let (slow, most) = reference_target(r);
        let mut compared = 0;
        for i in 0..r.state_count() {
            let s = r.state_at(i);
            assert_eq!(most[i].is_none(), max[i] == NO_STATE, "{} {s:?}", r.name);
            let Some(m) = most[i] else { continue };
            assert_eq!(u32::from(max[i]), m, "{} {s:?}: maximum", r.name);
            let v = fast.at(i);
            assert_eq!(v.len(), slow[i].len(), "{} {s:?}", r.name);
            for (c, (a, b)) in v.iter().zip(&slow[i]).enumerate() {
                assert!(
                    (f64::from(*a) - b).abs() < 1e-6,
                    "{} {s:?} c={c}: {a} vs {b}",
                    r.name
                );
                compared += 1;
            }
        }
        assert!(compared > 1000, "{}: {compared}", r.name);
    }
}

fn forced_table() -> &'static PointsTable {
    static TABLE: OnceLock<PointsTable> = OnceLock::new();
    // Yahtzee, Chance and the upper section open: large enough to exercise Jokers, the
    // upper bonus and long vectors, small enough for a test.
    TABLE.get_or_init(|| {
        let r = rules("forced");
        let max = max_remaining(r);
        let lower = table_lower(r);
        solve_payoff(r, &max, &[1.0], |s| s.filled() & lower == lower, &|_| {})
    })
}

/// The boxes filled in every state of [`forced_table`]: all but the upper section, Yahtzee
/// and Chance.
fn table_lower(r: &RuleSet) -> u32 {
    use Category::*;
    all_but(
        r,
        &[Ones, Twos, Threes, Fours, Fives, Sixes, Yahtzee, Chance],
    )
}

/// The memory the best response is refused on is what the solve holds: the table's values
/// exactly, and at the peak the table plus the largest level of filled sets (its new vectors
/// are built beside the table before they are copied in; the full card is written in place).
#[test]
fn payoff_size_and_peak_count_what_the_solve_holds() {
    let r = rules("forced");
    let table = forced_table();
    let max = max_remaining(r);
    let lower = table_lower(r);
    let include = |s: State| s.filled() & lower == lower;
    let size = payoff_size(r, &max, 1, include);
    assert_eq!(size, table.values.len() as u64);
    let nb = r.box_count();
    let mut levels = vec![0u64; nb + 1];
    for i in 0..r.state_count() {
        levels[r.state_at(i).filled().count_ones() as usize] += table.at(i).len() as u64;
    }
    let largest = levels[..nb].iter().copied().max().unwrap();
    assert!(largest > 0 && levels[nb] > 0);
    assert_eq!(payoff_peak(r, &max, 1, include), size + largest);
}

#[test]
fn one_box_open_checked_by_hand() {
    let r = rules("forced");
    let table = forced_table();
    // Only Yahtzee open: P(five of a kind within three rolls) = 2.3014321 / 50.
    let s = State::new(all_but(r, &[Category::Yahtzee]), 63, false);
    let p = table.p_at_least(s, 50);
    assert!((p - 0.0460286).abs() < 1e-7, "{p}");
    assert_eq!(table.p_at_least(s, 51), 0.0);
    assert_eq!(table.p_at_least(s, 0), 1.0);
    assert!((table.p_at_least(s, 1) - p).abs() < 1e-7);
    // Only Chance open: every sum from 5 is certain to be at least 5, 30 needs 66666.
    let s = State::new(all_but(r, &[Category::Chance]), 63, false);
    assert!((table.p_at_least(s, 5) - 1.0).abs() < 1e-7);
    let p30 = table.p_at_least(s, 30);
    assert!((p30 - chance_only(30)).abs() < 1e-7, "{p30}");
    let p25 = table.p_at_least(s, 25);
    assert!((p25 - chance_only(25)).abs() < 1e-7, "{p25}");
    // Keeping every die at or above a threshold is a strategy, so it cannot do better.
    assert!(p25 >= threshold_keeping(25) - 1e-7);
}

/// P(sum of five dice >= need) after three rolls, maximised by brute force over dice held
/// as plain face lists (no keep indices, no shared code with the solver), remembering each
/// sorted hand.
fn chance_only(need: u32) -> f64 {
    type Memo = HashMap<(Vec<u8>, u32, bool), f64>;
    fn best(held: &[u8], rolls_left: u32, need: u32, memo: &mut Memo) -> f64 {
        let key = (held.to_vec(), rolls_left, true);
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        // Roll the missing dice: every ordered outcome, equally likely.
        let missing = 5 - held.len();
        let count = 6usize.pow(missing as u32);
        let mut total = 0.0;
        for code in 0..count {
            let mut dice = held.to_vec();
            let mut c = code;
            for _ in 0..missing {
                dice.push((c % 6) as u8 + 1);
                c /= 6;
            }
            dice.sort_unstable();
            total += after_roll(&dice, rolls_left, need, memo);
        }
        let p = total / count as f64;
        memo.insert(key, p);
        p
    }
    fn after_roll(dice: &[u8], rolls_left: u32, need: u32, memo: &mut Memo) -> f64 {
        let key = (dice.to_vec(), rolls_left, false);
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let sum: u32 = dice.iter().map(|&d| u32::from(d)).sum();
        let mut best_p = f64::from(u8::from(sum >= need));
        if rolls_left > 0 {
            // Every subset of the dice to hold (by position).
            for mask in 0..31u32 {
                let held: Vec<u8> = (0..5)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| dice[i])
                    .collect();
                best_p = best_p.max(best(&held, rolls_left - 1, need, memo));
            }
        }
        memo.insert(key, best_p);
        best_p
    }
    best(&[], 2, need, &mut HashMap::new())
}

/// P(sum >= need) when every die at or above the best threshold is held.
fn threshold_keeping(need: u32) -> f64 {
    (1..=6u8)
        .map(|th| {
            // Per die: roll up to three times, stop at th or more; the sum's distribution.
            let mut die = [0.0f64; 7];
            let mut stay = 1.0;
            for roll in 0..3 {
                for f in 1..=6u8 {
                    if f >= th || roll == 2 {
                        die[usize::from(f)] += stay / 6.0;
                    }
                }
                stay *= f64::from(th - 1) / 6.0;
            }
            let mut sums = vec![1.0];
            for _ in 0..5 {
                let mut next = vec![0.0; sums.len() + 6];
                for (s, p) in sums.iter().enumerate() {
                    for f in 1..=6 {
                        next[s + f] += p * die[f];
                    }
                }
                sums = next;
            }
            sums.iter().skip(need as usize).sum::<f64>()
        })
        .fold(0.0, f64::max)
}

#[test]
fn probabilities_start_at_one_and_never_rise() {
    let table = forced_table();
    let r = rules("forced");
    let mut checked = 0;
    for i in 0..r.state_count() {
        let v = table.at(i);
        if v.is_empty() {
            continue;
        }
        assert_eq!(v[0], 1.0, "{:?}", r.state_at(i));
        assert!(v.windows(2).all(|w| w[1] <= w[0]), "{:?}", r.state_at(i));
        assert!(*v.last().unwrap() > 0.0, "{:?}", r.state_at(i));
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)));
        checked += 1;
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn target_table_is_bit_identical_with_one_and_two_threads() {
    let r = rules("yatzy").reduced(
        &[
            Category::Twos,
            Category::Fives,
            Category::OnePair,
            Category::FullHouse,
            Category::Chance,
        ],
        10,
    );
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve_target(r, &|_| {}))
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one.offsets, two.offsets);
    assert!(one
        .values
        .iter()
        .zip(&two.values)
        .all(|(a, b)| a.to_bits() == b.to_bits()));
}
