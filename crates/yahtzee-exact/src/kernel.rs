//! The production algorithm in double-double: the whole game solved with the kernel's own
//! keep steps ([`TurnPlan::expect_keeps_in`]: each keep the mean of its six
//! one-die-larger keeps; [`TurnPlan::best_subkeeps_in`]: each keep the best of its
//! one-die-smaller keeps), the very code that builds the `f64` tables, run on lanes of
//! [`DoubleDouble`] through the solver's [`Lane`](yahtzee_solver::Lane) trait. The final
//! rolls are valued through [`RuleSet::for_each_move`] (the rules' single list of legal
//! moves, Jokers and bonuses), and the opening roll's mean uses probabilities to 106 bits.
//! Same operations, in the same order, as `yahtzee_solver::solve`'s keep steps; only the
//! precision differs.

use rayon::prelude::*;
use yahtzee_rules::{tables, House, RuleSet, State, KEEPS, ROLLS};
use yahtzee_solver::{reachable_states, TurnPlan, LANES};

use crate::dd::DoubleDouble;
use crate::reference::ways;

/// Values per keep, one double-double per lane.
type DdLanes = [DoubleDouble; LANES];

/// A double-double NaN: the value of states no game reaches.
pub const UNREACHABLE: DoubleDouble = DoubleDouble {
    hi: f64::NAN,
    lo: f64::NAN,
};

/// Every state's value in double-double, by [`RuleSet::state_index`]; unreachable states
/// hold [`UNREACHABLE`]. Base rules only (no house rules). Filled sets of a level run in
/// parallel (rayon).
pub fn solve_dd(rules: &'static RuleSet) -> Vec<DoubleDouble> {
    assert_eq!(rules.house, House::NONE, "no house rules here");
    let plan = TurnPlan::new(rules);
    let t = tables();
    let opening: Vec<DoubleDouble> = (0..ROLLS)
        .map(|r| DoubleDouble::ratio(ways(&t.keep(r).counts()), 7776))
        .collect();
    let nb = rules.box_count() as u32;
    let full = (1u32 << nb) - 1;
    let mut values = vec![UNREACHABLE; rules.state_count()];
    for s in reachable_states(rules, full) {
        values[rules.state_index(s)] = DoubleDouble::ZERO;
    }
    for level in (0..nb).rev() {
        let sets: Vec<u32> = (0..full).filter(|f| f.count_ones() == level).collect();
        let done: &[DoubleDouble] = &values;
        let blocks: Vec<Vec<(usize, DoubleDouble)>> = sets
            .par_iter()
            .map_init(
                || vec![[DoubleDouble::ZERO; LANES]; KEEPS],
                |keeps, &filled| {
                    let states = reachable_states(rules, filled);
                    let mut out = Vec::with_capacity(states.len());
                    for chunk in states.chunks(LANES) {
                        let v = turn(&plan, &opening, keeps, chunk, done);
                        out.extend(chunk.iter().zip(v).map(|(s, x)| (rules.state_index(*s), x)));
                    }
                    out
                },
            )
            .collect();
        for (i, v) in blocks.into_iter().flatten() {
            values[i] = v;
        }
    }
    values
}

/// One turn for up to [`LANES`] states of one filled set (the last state fills the spare
/// lanes, as in the production kernel).
fn turn(
    plan: &TurnPlan,
    opening: &[DoubleDouble],
    keeps: &mut [DdLanes],
    states: &[State],
    done: &[DoubleDouble],
) -> DdLanes {
    let rules = plan.rules();
    let t = tables();
    for (i, &s) in states.iter().enumerate() {
        for (r, k) in keeps[..ROLLS].iter_mut().enumerate() {
            let mut best: Option<DoubleDouble> = None;
            rules.for_each_move(s, &t.keep(r), |m| {
                let v = DoubleDouble::from(m.points()) + done[rules.state_index(m.next)];
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                }
            });
            k[i] = best.expect("a legal move");
        }
    }
    let last = states.len() - 1;
    for k in &mut keeps[..ROLLS] {
        for i in states.len()..LANES {
            k[i] = k[last];
        }
    }
    for _ in 0..2 {
        plan.expect_keeps_in(keeps);
        plan.best_subkeeps_in(keeps, false);
    }
    let mut total = [DoubleDouble::ZERO; LANES];
    for (p, v) in opening.iter().zip(&keeps[..ROLLS]) {
        for i in 0..LANES {
            total[i] = total[i] + *p * v[i];
        }
    }
    total
}
