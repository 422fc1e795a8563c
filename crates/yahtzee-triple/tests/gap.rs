//! The approximate strategy's distance from optimal, computed exactly on reduced Triple
//! Yahtzee games (three columns of Twos, Yahtzee and Chance, upper bonus 35 at 4), built
//! the same way as for the full game: solitaire table of the column, fitted correction.

use yahtzee_rules::{Category, RuleSet};
use yahtzee_triple::exact::{strategy_value, Exact};
use yahtzee_triple::fit::{fit, FitConfig};
use yahtzee_triple::{solitaire_table, Kind, Player, Triple, Valuer, Variant, FEATURES};

fn reduced(variant: Variant) -> Triple {
    let forced = RuleSet::by_name("forced").expect("forced");
    let boxes = [Category::Twos, Category::Yahtzee, Category::Chance];
    Triple {
        rules: forced.reduced(&boxes, 4),
        variant,
    }
}

/// (optimal, fitted, solitaire, greedy) expected totals from the empty card.
fn values(variant: Variant) -> (f64, f64, f64, f64) {
    let game = reduced(variant);
    let optimal = Exact::new(game).optimal();
    let zero = vec![[0.0; FEATURES]; game.turns()];
    let base = Player::new(Valuer::new(
        game,
        Kind::Solitaire,
        solitaire_table(&game),
        zero,
    ));
    let cfg = FitConfig {
        games: 1500,
        ..FitConfig::default()
    };
    let w = fit(&base, &cfg);
    let value = |kind| strategy_value(&base.with_valuer(base.valuer.with_kind(kind, w.clone())));
    (
        optimal,
        value(Kind::Fitted),
        value(Kind::Solitaire),
        value(Kind::Greedy),
    )
}

fn check(variant: Variant) {
    let (optimal, fitted, solitaire, greedy) = values(variant);
    eprintln!(
        "{}: optimal {optimal:.4} fitted {fitted:.4} solitaire {solitaire:.4} greedy {greedy:.4}",
        variant.name()
    );
    // No strategy beats optimal play (exact values: only rounding separates equals).
    for v in [fitted, solitaire, greedy] {
        assert!(v <= optimal + 1e-9, "{v} > optimal {optimal}");
    }
    // The fitted strategy is within 1.5% of optimal, and closer than the baselines.
    let gap = optimal - fitted;
    assert!(gap < 0.015 * optimal, "gap {gap} of {optimal}");
    assert!(
        fitted > solitaire,
        "fitted {fitted} <= solitaire {solitaire}"
    );
    assert!(fitted > greedy + 10.0, "fitted {fitted} vs greedy {greedy}");
}

#[test]
fn lowe_1978_reduced_game_gap_is_small() {
    check(Variant::Lowe1978);
}

#[test]
fn forum_reduced_game_gap_is_small() {
    check(Variant::Forum);
}

#[test]
fn simulation_agrees_with_the_exact_value_of_a_strategy() {
    // The exact follower and the simulator play the same decisions: the simulated mean of
    // the solitaire strategy lies within 4 standard errors of its exact value.
    let game = reduced(Variant::Forum);
    let zero = vec![[0.0; FEATURES]; game.turns()];
    let player = Player::new(Valuer::new(
        game,
        Kind::Solitaire,
        solitaire_table(&game),
        zero,
    ));
    let exact = strategy_value(&player);
    let s = yahtzee_triple::sim::simulate(&player, 8_000, 3);
    assert!(
        (s.mean - exact).abs() < 4.0 * s.ci95 / 1.96,
        "{} vs {exact}",
        s.mean
    );
}

#[test]
fn exact_solver_matches_a_hand_count_on_yahtzee_only_columns() {
    // Columns of one Yahtzee box, 1978 rules: every turn plays for five of a kind
    // (P = 2.3014321 / 50, the solitaire endgame value of docs/RULES.md §6), which goes in
    // the highest open column; a miss scratches the lowest. Sum over the 8 hit/miss runs.
    let forced = RuleSet::by_name("forced").expect("forced");
    let game = Triple {
        rules: forced.reduced(&[Category::Yahtzee], 63),
        variant: Variant::Lowe1978,
    };
    let p = 2.301_432_1 / 50.0;
    let mut expected = 0.0;
    for run in 0..8u32 {
        let mut open = vec![1.0, 2.0, 3.0];
        let (mut prob, mut points) = (1.0, 0.0);
        for turn in 0..3 {
            if run >> turn & 1 == 1 {
                prob *= p;
                points += 50.0 * open.pop().expect("open column");
            } else {
                prob *= 1.0 - p;
                open.remove(0);
            }
        }
        expected += prob * points;
    }
    let optimal = Exact::new(game).optimal();
    assert!((optimal - expected).abs() < 1e-5, "{optimal} vs {expected}");
}
