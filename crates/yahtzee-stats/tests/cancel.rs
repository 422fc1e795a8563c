//! Cancelling the long computations (issue 23, item 6), on a reduced game: the solver's
//! value and points solves and the exact statistics stop with `Cancelled` once their flag
//! is set (before the start, or in the middle, from their progress callback), and never
//! cancelled they give the same bits as the functions without a flag.

use std::sync::atomic::{AtomicU64, Ordering};

use yahtzee_advice::Strategy;
use yahtzee_rules::{Category, RuleSet, Scorecard};
use yahtzee_solver::{
    max_remaining, solve, solve_cancellable, solve_payoff, solve_payoff_cancellable, solve_target,
    Cancel, Cancelled,
};
use yahtzee_stats::{exact, exact_cancellable, exact_goal, exact_goal_cancellable, Goal};

fn rules() -> &'static RuleSet {
    use Category::*;
    RuleSet::by_name("forced")
        .unwrap()
        .reduced(&[Threes, Sixes, FullHouse, Yahtzee, Chance], 18)
}

/// A progress callback that sets `cancel` at its `n`th call.
fn cancel_at(cancel: &Cancel, n: u64) -> impl Fn(u64) + Sync + '_ {
    let calls = AtomicU64::new(0);
    move |_| {
        if calls.fetch_add(1, Ordering::Relaxed) + 1 == n {
            cancel.cancel();
        }
    }
}

#[test]
fn the_value_solve_stops_when_cancelled_and_is_unchanged_otherwise() {
    let rules = rules();
    let plain = solve(rules, &|_| {});
    let never = solve_cancellable(rules, &|_| {}, &Cancel::new()).unwrap();
    assert_eq!(
        plain.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        never.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );
    let before = Cancel::new();
    before.cancel();
    assert_eq!(solve_cancellable(rules, &|_| {}, &before), Err(Cancelled));
    // Set after the full card and a few filled sets: the solve stops at its next check.
    let midway = Cancel::new();
    assert_eq!(
        solve_cancellable(rules, &cancel_at(&midway, 3), &midway),
        Err(Cancelled)
    );
}

#[test]
fn the_points_solve_stops_when_cancelled_and_is_unchanged_otherwise() {
    let rules = rules();
    let max = max_remaining(rules);
    let plain = solve_payoff(rules, &max, &[1.0f32], |_| true, &|_| {});
    let never = solve_payoff_cancellable(rules, &max, &[1.0f32], |_| true, &|_| {}, &Cancel::new())
        .unwrap();
    for i in 0..rules.state_count() {
        let (a, b) = (plain.at(i), never.at(i));
        assert_eq!(
            a.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            b.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
    }
    let midway = Cancel::new();
    let out = solve_payoff_cancellable(
        rules,
        &max,
        &[1.0f32],
        |_| true,
        &cancel_at(&midway, 2),
        &midway,
    );
    assert!(matches!(out, Err(Cancelled)));
}

#[test]
fn the_exact_statistics_stop_when_cancelled_and_are_unchanged_otherwise() {
    let rules = rules();
    let values = solve(rules, &|_| {});
    let target = solve_target(rules, &|_| {});
    let strategy = Strategy::new(rules, &values);
    let card = Scorecard::parse(rules, "").unwrap();

    let plain = exact(&strategy, &card, &|_| {});
    let never = exact_cancellable(&strategy, &card, &|_| {}, &Cancel::new()).unwrap();
    assert_eq!(format!("{plain:?}"), format!("{never:?}"));
    let midway = Cancel::new();
    assert!(matches!(
        exact_cancellable(&strategy, &card, &cancel_at(&midway, 1), &midway),
        Err(Cancelled)
    ));

    let goal = Goal::new(&target, 60);
    let plain = exact_goal(&strategy, &goal, &card, &|_| {});
    let never = exact_goal_cancellable(&strategy, &goal, &card, &|_| {}, &Cancel::new()).unwrap();
    assert_eq!(format!("{plain:?}"), format!("{never:?}"));
    let midway = Cancel::new();
    assert!(matches!(
        exact_goal_cancellable(&strategy, &goal, &card, &cancel_at(&midway, 2), &midway),
        Err(Cancelled)
    ));
}
