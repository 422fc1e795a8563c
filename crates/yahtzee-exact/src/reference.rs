//! The plain reference solver, generic over the arithmetic ([`Scalar`]): backward
//! induction written the obvious way, for reduced games (in exact rationals it takes
//! seconds for four or five boxes; the full game would take days).
//!
//! Each turn: every final roll is worth its best legal move from
//! [`RuleSet::for_each_move`] (Jokers and bonuses included), points plus the next state's
//! value; each keep is worth the expectation over the rolls it can become, with the
//! probability of each counted outright (multinomial ways over `6^n`); each roll with a
//! reroll left is worth its best sub-keep, found by enumerating every sub-multiset; and
//! the turn is worth the mean over the opening roll. It shares no code with the production
//! kernel but the rules.

use rayon::prelude::*;
use yahtzee_rules::{tables, House, RuleSet, State, KEEPS, ROLLS};
use yahtzee_solver::reachable_states;

use crate::scalar::Scalar;

/// `n! / (c_1! … c_6!)`: the ways `n = Σ c_f` dice show these counts.
pub fn ways(counts: &[u8; 6]) -> u64 {
    let fact = |k: u8| (1..=u64::from(k)).product::<u64>();
    let n: u8 = counts.iter().sum();
    counts.iter().fold(fact(n), |acc, &c| acc / fact(c))
}

/// The dice facts the reference solver reads, counted outright.
pub struct Outcomes {
    /// Per keep: the rolls it can become with the ways of each, and `6^missing dice`.
    pub by_keep: Vec<(Vec<(usize, u64)>, u64)>,
    /// Per roll: every keep it contains (its sub-multisets, itself and the empty keep
    /// included).
    pub sub_keeps: Vec<Vec<usize>>,
}

impl Outcomes {
    pub fn new() -> Outcomes {
        let t = tables();
        let by_keep = (0..KEEPS)
            .map(|k| {
                let keep = t.keep(k);
                let missing = 5 - keep.len() as u32;
                let rolls = (0..ROLLS)
                    .filter(|&x| t.keep(x).contains(&keep))
                    .map(|x| {
                        let roll = t.keep(x).counts();
                        let rest = std::array::from_fn(|f| roll[f] - keep.counts()[f]);
                        (x, ways(&rest))
                    })
                    .collect();
                (rolls, 6u64.pow(missing))
            })
            .collect();
        let sub_keeps = (0..ROLLS)
            .map(|x| t.keep(x).sub_keeps().iter().map(|k| k.index()).collect())
            .collect();
        Outcomes { by_keep, sub_keeps }
    }
}

impl Default for Outcomes {
    fn default() -> Outcomes {
        Outcomes::new()
    }
}

fn best<S: Scalar>(best: &mut Option<S>, v: S) {
    if best.as_ref().is_none_or(|b| v > *b) {
        *best = Some(v);
    }
}

/// The largest of `xs` (the first of equals).
fn largest<'a, S: Scalar>(xs: impl Iterator<Item = &'a S>) -> &'a S {
    xs.reduce(|a, b| if b > a { b } else { a })
        .expect("at least one")
}

/// The value of one turn from `state`, given the values of every later state.
pub fn turn<S: Scalar>(rules: &RuleSet, o: &Outcomes, values: &[Option<S>], state: State) -> S {
    let t = tables();
    let finals: Vec<S> = (0..ROLLS)
        .map(|x| {
            let mut b = None;
            rules.for_each_move(state, &t.keep(x), |m| {
                let next = values[rules.state_index(m.next)]
                    .as_ref()
                    .expect("a move leads to a reachable state");
                best(&mut b, next.add_int(m.points()));
            });
            b.expect("a card that is not full has a legal move")
        })
        .collect();
    let expect = |rolls: &[S]| -> Vec<S> {
        o.by_keep
            .iter()
            .map(|(outcomes, total)| {
                let terms: Vec<(u64, &S)> = outcomes.iter().map(|&(x, w)| (w, &rolls[x])).collect();
                S::mean(&terms, *total)
            })
            .collect()
    };
    let best_keep = |keeps: &[S]| -> Vec<S> {
        o.sub_keeps
            .iter()
            .map(|subs| largest(subs.iter().map(|&k| &keeps[k])).clone())
            .collect()
    };
    let one_left = best_keep(&expect(&finals));
    let two_left = best_keep(&expect(&one_left));
    // The opening roll is the empty keep's expectation.
    expect(&two_left).pop().expect("the empty keep is last")
}

/// Every state's value, by [`RuleSet::state_index`]; `None` for states no game reaches.
/// Base rules only (no house rules). States of a level are solved in parallel.
pub fn solve<S: Scalar>(rules: &'static RuleSet) -> Vec<Option<S>> {
    assert_eq!(
        rules.house,
        House::NONE,
        "the reference solver plays no house rules"
    );
    let o = Outcomes::new();
    let nb = rules.box_count() as u32;
    let full = (1u32 << nb) - 1;
    let mut values: Vec<Option<S>> = vec![None; rules.state_count()];
    for s in reachable_states(rules, full) {
        values[rules.state_index(s)] = Some(S::int(0));
    }
    for level in (0..nb).rev() {
        let states: Vec<State> = (0..full)
            .filter(|f| f.count_ones() == level)
            .flat_map(|f| reachable_states(rules, f))
            .collect();
        let done = &values;
        let solved: Vec<(usize, S)> = states
            .par_iter()
            .map(|&s| (rules.state_index(s), turn(rules, &o, done, s)))
            .collect();
        for (i, v) in solved {
            values[i] = Some(v);
        }
    }
    values
}
