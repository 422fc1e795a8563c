//! Measuring one table against a more precise one, state by state.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use yahtzee_rules::{RuleSet, State};

use crate::bound::{state_bound, turns_left};
use crate::dd::{exact_dd, DoubleDouble};
use crate::rational::{exact_f64, relative, to_f64};

/// The largest differences between a table and a reference over every reachable state.
#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    /// Reachable states compared.
    pub states: usize,
    /// The largest `|table - reference|` and where.
    pub max_abs: f64,
    pub max_abs_at: State,
    /// The largest `|table - reference| / reference` (states of value 0 excepted, which
    /// must match exactly) and where.
    pub max_rel: f64,
    pub max_rel_at: State,
    /// The largest reference value (`V_max` of the bound).
    pub largest_value: f64,
    /// The largest `|table - reference|` over its a-priori bound
    /// ([`crate::bound::state_bound`]); at most 1 when the bound holds.
    pub worst_bound_ratio: f64,
    pub worst_bound_at: State,
}

impl Diff {
    fn new(rules: &RuleSet) -> Diff {
        let start = rules.state_at(0);
        Diff {
            states: 0,
            max_abs: 0.0,
            max_abs_at: start,
            max_rel: 0.0,
            max_rel_at: start,
            largest_value: 0.0,
            worst_bound_ratio: 0.0,
            worst_bound_at: start,
        }
    }

    /// Adds one state: the absolute and relative difference, the reference value.
    fn add(&mut self, rules: &RuleSet, s: State, abs: f64, rel: f64, value: f64) {
        self.states += 1;
        if abs > self.max_abs {
            self.max_abs = abs;
            self.max_abs_at = s;
        }
        if rel > self.max_rel {
            self.max_rel = rel;
            self.max_rel_at = s;
        }
        self.largest_value = self.largest_value.max(value);
        let bound = state_bound(rules, s, value);
        let ratio = if abs == 0.0 {
            0.0
        } else if bound > 0.0 {
            abs / bound
        } else {
            f64::INFINITY
        };
        if ratio > self.worst_bound_ratio {
            self.worst_bound_ratio = ratio;
            self.worst_bound_at = s;
        }
    }
}

/// Checks that both tables have the same reachable states (numbers) and unreachable ones
/// (NaN or `None`).
fn same_reach(rules: &RuleSet, i: usize, table: bool, reference: bool) {
    assert_eq!(
        table,
        reference,
        "reachability differs at {}",
        describe(rules, rules.state_at(i))
    );
    assert_eq!(table, rules.is_reachable(rules.state_at(i)));
}

/// The production `f64` table against the double-double one. Differences are taken in
/// double-double (the `f64` is exact in it; the subtraction errs by ~1e-32 relative to the
/// difference).
pub fn f64_vs_dd(rules: &RuleSet, table: &[f64], reference: &[DoubleDouble]) -> Diff {
    assert_eq!(table.len(), reference.len());
    let mut d = Diff::new(rules);
    for (i, (&f, &r)) in table.iter().zip(reference).enumerate() {
        same_reach(rules, i, !f.is_nan(), !r.is_nan());
        if f.is_nan() {
            continue;
        }
        let abs = (DoubleDouble::from(f) - r).abs();
        let rel = if r.hi == 0.0 {
            assert_eq!(f, 0.0, "a value of 0 must be exact");
            0.0
        } else {
            (abs / r).to_f64()
        };
        d.add(rules, rules.state_at(i), abs.to_f64(), rel, r.to_f64());
    }
    d
}

/// Any table (`f64`, double-double, …: anything exact as a rational) against the exact
/// rational one. Differences are exact, then rounded to `f64`.
pub fn vs_exact<T>(
    rules: &RuleSet,
    table: &[T],
    exact_of: impl Fn(&T) -> Option<BigRational>,
    reference: &[Option<BigRational>],
) -> Diff {
    assert_eq!(table.len(), reference.len());
    let mut d = Diff::new(rules);
    for (i, (t, r)) in table.iter().zip(reference).enumerate() {
        let t = exact_of(t);
        same_reach(rules, i, t.is_some(), r.is_some());
        let (Some(t), Some(r)) = (t, r) else {
            continue;
        };
        let abs = (&t - r).abs();
        if r.is_zero() {
            assert!(abs.is_zero(), "a value of 0 must be exact");
        }
        d.add(
            rules,
            rules.state_at(i),
            to_f64(&abs),
            relative(&t, r),
            to_f64(r),
        );
    }
    d
}

/// [`vs_exact`] for an `f64` table (NaN: unreachable).
pub fn f64_vs_exact(rules: &RuleSet, table: &[f64], reference: &[Option<BigRational>]) -> Diff {
    vs_exact(
        rules,
        table,
        |&f| (!f.is_nan()).then(|| exact_f64(f)),
        reference,
    )
}

/// [`vs_exact`] for a double-double table (NaN: unreachable).
pub fn dd_vs_exact(
    rules: &RuleSet,
    table: &[DoubleDouble],
    reference: &[Option<BigRational>],
) -> Diff {
    vs_exact(
        rules,
        table,
        |&x| (!x.is_nan()).then(|| exact_dd(x)),
        reference,
    )
}

/// A state in words: `open=ones,twos,chance upper=5 yahtzee50=no` (the boxes still open,
/// the upper total, whether the Yahtzee box holds 50), with its turns left.
pub fn describe(rules: &RuleSet, s: State) -> String {
    let open: Vec<&str> = (0..rules.box_count())
        .filter(|&b| !s.is_filled(b))
        .map(|b| rules.boxes[b].name())
        .collect();
    format!(
        "open={} upper={} yahtzee50={} turns_left={}",
        if open.is_empty() {
            "-".to_string()
        } else {
            open.join(",")
        },
        s.upper(),
        if s.yahtzee_50() { "yes" } else { "no" },
        turns_left(rules, s)
    )
}
