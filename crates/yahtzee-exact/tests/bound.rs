//! The a-priori bound: its roundings counted from the kernel's shape, its size, and the
//! double-double kernel against the production table on a larger reduced game.

use yahtzee_exact::bound::{
    gamma, relative_bound, state_bound, table_bound, EXPECT_LEVEL, FINAL, LEVELS, OPENING,
    ROUNDINGS_PER_TURN,
};
use yahtzee_exact::compare::f64_vs_dd;
use yahtzee_exact::kernel::solve_dd;
use yahtzee_rules::{tables, Category, RuleSet, State, KEEPS, ROLLS};

#[test]
fn the_roundings_are_those_of_the_kernel() {
    let t = tables();
    // A keep short of a roll is the mean of six larger keeps: five additions, the rounded
    // 1/6 and the product.
    for k in ROLLS..KEEPS {
        assert_eq!(t.add(k).len(), 6);
        assert!(t
            .add(k)
            .iter()
            .all(|&j| t.keep(usize::from(j)).len() == t.keep(k).len() + 1));
    }
    assert_eq!(EXPECT_LEVEL, 6 - 1 + 2);
    // The empty keep is nested five levels deep (five dice).
    assert_eq!(t.dice() as u64, LEVELS);
    // The opening mean: a rounded probability, a product, and 252 terms summed from 0.
    assert_eq!(OPENING, 1 + 1 + (ROLLS as u64 - 1));
    assert_eq!(FINAL, 2);
    assert_eq!(ROUNDINGS_PER_TURN, 325);
    // 1/6 in f64 is within u of 1/6 (u/2, in fact), as the count assumes.
    assert!(((1.0f64 / 6.0) * 6.0 - 1.0).abs() <= 2f64.powi(-53));
}

#[test]
fn the_bound_grows_with_the_turns_and_is_small() {
    let u = 2f64.powi(-53);
    assert!((gamma(1) / u - 1.0).abs() < 1e-10);
    for t in 1..15 {
        assert!(relative_bound(t + 1) > relative_bound(t));
    }
    // Yahtzee (13 turns) and Yatzy (15): about 4.7e-13 and 5.4e-13 relative.
    assert!((relative_bound(13) - 4225.0 * u).abs() < 1e-20);
    assert!(relative_bound(13) > 4.69e-13 && relative_bound(13) < 4.70e-13);
    assert!(relative_bound(15) > 5.41e-13 && relative_bound(15) < 5.42e-13);
    let forced = RuleSet::named("forced").unwrap();
    // At the empty card worth ~254.6: 1.2e-10, far below the 1e-7 printed.
    let b = state_bound(forced, State::START, 254.5877287);
    assert!(b > 1.1e-10 && b < 1.2e-10, "{b:e}");
    assert_eq!(table_bound(forced, 300.0), relative_bound(13) * 300.0);
}

#[test]
fn the_double_double_kernel_bounds_a_six_box_game() {
    // Forced Joker, six boxes with the upper bonus and extra Yahtzees in play: every state
    // of the f64 table within its bound of the double-double one.
    let rules = RuleSet::named("forced").unwrap().reduced(
        &[
            Category::Ones,
            Category::Twos,
            Category::Threes,
            Category::Yahtzee,
            Category::FullHouse,
            Category::Chance,
        ],
        12,
    );
    let table = yahtzee_solver::solve(rules, &|_| {});
    let dd = solve_dd(rules);
    let d = f64_vs_dd(rules, &table, &dd);
    assert_eq!(d.states, rules.reachable_state_count());
    assert!(d.worst_bound_ratio <= 1.0, "{d:?}");
    assert!(d.max_abs > 0.0 && d.max_rel < relative_bound(6), "{d:?}");
}
