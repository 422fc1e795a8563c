//! Reduced games of the four base rule sets in exact rationals: the production `f64`
//! tables are within the a-priori bound of every state's exact value, and the
//! double-double solvers agree with the rationals to ~1e-31.

use std::sync::OnceLock;

use num_rational::BigRational;
use yahtzee_exact::bound::{dd_relative_bound, relative_bound, state_bound, turns_left};
use yahtzee_exact::compare::{dd_vs_exact, f64_vs_dd, f64_vs_exact};
use yahtzee_exact::{describe, kernel, reference, DoubleDouble, Reduced, REDUCED};
use yahtzee_rules::{tables, Category, RuleSet, State, ROLLS};

/// One reduced game solved four ways: exact, production `f64`, the double-double kernel,
/// the plain solver in double-double.
struct Solved {
    game: Reduced,
    rules: &'static RuleSet,
    exact: Vec<Option<BigRational>>,
    table: Vec<f64>,
    dd: Vec<DoubleDouble>,
    dd_plain: Vec<DoubleDouble>,
}

fn solved() -> &'static [Solved] {
    static SOLVED: OnceLock<Vec<Solved>> = OnceLock::new();
    SOLVED.get_or_init(|| {
        REDUCED
            .iter()
            .map(|&game| {
                let rules = game.rules();
                Solved {
                    game,
                    rules,
                    exact: reference::solve::<BigRational>(rules),
                    table: yahtzee_solver::solve(rules, &|_| {}),
                    dd: kernel::solve_dd(rules),
                    dd_plain: reference::solve::<DoubleDouble>(rules)
                        .into_iter()
                        .map(|v| v.unwrap_or(kernel::UNREACHABLE))
                        .collect(),
                }
            })
            .collect()
    })
}

#[test]
fn f64_tables_are_within_the_bound_of_the_exact_values() {
    for g in solved() {
        let d = f64_vs_exact(g.rules, &g.table, &g.exact);
        let label = g.game.label();
        assert_eq!(d.states, g.rules.reachable_state_count(), "{label}");
        assert!(
            d.worst_bound_ratio <= 1.0,
            "{label}: |f64 - exact| = {:e} at {} is {}× its bound",
            d.max_abs,
            describe(g.rules, d.worst_bound_at),
            d.worst_bound_ratio
        );
        // The overall form of the bound: γ_{325 T} · V_max.
        let t = g.rules.box_count() as u32;
        assert!(d.max_abs <= relative_bound(t) * d.largest_value, "{label}");
        assert!(d.max_rel <= relative_bound(t), "{label}");
        // Rounding is really there (the comparison is not of a table with itself), and of
        // the size f64 gives: a few hundred units in the last place at most.
        assert!(
            d.max_abs > 0.0 && d.max_rel > 1e-16 && d.max_rel < 1e-13,
            "{label}: {d:?}"
        );
    }
}

#[test]
fn the_check_fails_on_a_table_off_by_more_than_the_bound() {
    let g = &solved()[0];
    let i = g.rules.state_index(State::START);
    let exact = yahtzee_exact::rational::to_f64(g.exact[i].as_ref().unwrap());
    let mut table = g.table.clone();
    table[i] = exact + 2.0 * state_bound(g.rules, State::START, exact);
    let d = f64_vs_exact(g.rules, &table, &g.exact);
    assert!(d.worst_bound_ratio > 1.5, "{d:?}");
    assert_eq!(d.worst_bound_at, State::START);
}

#[test]
fn double_double_agrees_with_the_rationals() {
    for g in solved() {
        let label = g.game.label();
        let k = dd_vs_exact(g.rules, &g.dd, &g.exact);
        let p = dd_vs_exact(g.rules, &g.dd_plain, &g.exact);
        assert!(k.max_rel < 1e-28, "{label}: kernel {:e}", k.max_rel);
        assert!(p.max_rel < 1e-28, "{label}: plain {:e}", p.max_rel);
        // The a-priori bound of the double-double kernel holds state by state.
        for (i, (x, e)) in g.dd.iter().zip(&g.exact).enumerate() {
            let Some(e) = e else { continue };
            let s = g.rules.state_at(i);
            let bound = dd_relative_bound(turns_left(g.rules, s));
            let r = yahtzee_exact::rational::relative(&yahtzee_exact::dd::exact_dd(*x), e);
            assert!(
                r <= bound,
                "{label} {}: {r:e} > {bound:e}",
                describe(g.rules, s)
            );
        }
        // So the f64 error measured against double-double is the error against the exact
        // values, to ~1e-30 relative.
        let via_dd = f64_vs_dd(g.rules, &g.table, &g.dd);
        let exact = f64_vs_exact(g.rules, &g.table, &g.exact);
        assert!((via_dd.max_abs - exact.max_abs).abs() <= 1e-27 * exact.largest_value);
        assert_eq!(via_dd.max_abs_at, exact.max_abs_at, "{label}");
    }
}

#[test]
fn exact_values_of_one_box_games() {
    let forced = RuleSet::named("forced").unwrap();
    let exact_start = |rules: &'static RuleSet| {
        reference::solve::<BigRational>(rules)[rules.state_index(State::START)]
            .clone()
            .unwrap()
    };
    // Chance alone: five dice, three rolls, keep what beats the expectation: 70/3
    // (Glenn 2006's last-turn value 23.3333333).
    let chance = forced.reduced(&[Category::Chance], 63);
    assert_eq!(exact_start(chance), BigRational::new(70.into(), 3.into()));
    // Yahtzee alone: 50 × P(five of a kind within three rolls) = 50 × 2783176 / 6^10.
    let yahtzee = forced.reduced(&[Category::Yahtzee], 63);
    assert_eq!(
        exact_start(yahtzee),
        BigRational::new((50 * 2_783_176i64).into(), 60_466_176i64.into())
    );
}

#[test]
fn the_games_exercise_the_upper_bonus_and_extra_yahtzees() {
    let t = tables();
    for base in ["forced", "free", "no-bonus", "yatzy"] {
        let games: Vec<&Solved> = solved().iter().filter(|g| g.game.base == base).collect();
        assert!(games.len() >= 2, "{base}");
        // Some game reaches its upper bonus: a move from a reachable state earns it.
        let bonus = games.iter().any(|g| {
            let full = (1u32 << g.rules.box_count()) - 1;
            (0..full).any(|f| {
                yahtzee_solver::reachable_states(g.rules, f)
                    .iter()
                    .any(|&s| {
                        (0..ROLLS).any(|r| {
                            let mut earns = false;
                            g.rules
                                .for_each_move(s, &t.keep(r), |m| earns |= m.upper_bonus > 0);
                            earns
                        })
                    })
            })
        });
        assert!(bonus, "{base}: no game reaches the upper bonus");
        if matches!(base, "forced" | "free") {
            // Some game scores an extra Yahtzee otherwise than normally: the bonus.
            let extra = games.iter().any(|g| {
                let y = g.rules.box_index(Category::Yahtzee);
                y.is_some_and(|y| {
                    let filled = 1u32 << y;
                    let s = State::new(filled, 0, true);
                    let mut bonus = false;
                    g.rules
                        .for_each_move(s, &t.keep(t.index(&"66666".parse().unwrap())), |m| {
                            bonus |= m.yahtzee_bonus > 0
                        });
                    bonus && g.rules.is_reachable(s)
                })
            });
            assert!(
                extra,
                "{base}: no game with the extra-Yahtzee bonus and Jokers"
            );
        }
    }
}

#[test]
fn the_plain_solver_in_f64_is_the_production_game() {
    // The reference solver shares no code with the kernel but the rules; in f64 it plays
    // the same game, its own rounding apart.
    for g in solved().iter().take(3) {
        let plain = reference::solve::<f64>(g.rules);
        for (i, (p, t)) in plain.iter().zip(&g.table).enumerate() {
            match p {
                None => assert!(t.is_nan()),
                Some(p) => assert!(
                    (p - t).abs() <= 1e-12 * t.abs().max(1.0),
                    "{} {}: {p} vs {t}",
                    g.game.label(),
                    describe(g.rules, g.rules.state_at(i))
                ),
            }
        }
    }
}
