//! Exact statistics and simulation against facts: the table's expected values, hand-computed
//! distributions of one-box positions, and each other.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use yahtzee_advice::Strategy;
use yahtzee_rules::{Category, RuleSet, Scorecard};
use yahtzee_stats::{exact, simulate, Exact, Summary};

/// Solved tables by rule-set name, each solved once for the whole test binary.
static SOLVED: LazyLock<Mutex<HashMap<String, &'static Vec<f64>>>> =
    LazyLock::new(Default::default);

fn strategy(name: &str) -> Strategy<'static> {
    let rules = RuleSet::by_name(name).unwrap();
    let values: &'static Vec<f64> = SOLVED
        .lock()
        .unwrap()
        .entry(name.to_string())
        .or_insert_with(|| Box::leak(Box::new(yahtzee_solver::solve(rules, &|_| {}))));
    Strategy::new(rules, values)
}

fn card(rules: &'static str, text: &str) -> Scorecard {
    Scorecard::parse(RuleSet::by_name(rules).unwrap(), text).unwrap()
}

fn exact_from(rules: &'static str, text: &str) -> Exact {
    exact(&strategy(rules), &card(rules, text), &|_| {})
}

fn check_sums(e: &Exact) {
    let total: f64 = e.distribution.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "sums to {total}");
    assert!(
        (e.total.mean - e.table_value).abs() < 1e-6,
        "{} vs {}",
        e.total.mean,
        e.table_value
    );
    let parts: f64 = e.boxes.iter().map(|m| m.mean).sum::<f64>()
        + e.upper_bonus.mean
        + e.yahtzee_bonus.mean
        + e.mega_bonus.mean;
    assert!(
        (parts - e.total.mean).abs() < 1e-9,
        "{parts} vs {}",
        e.total.mean
    );
    let chance = e.rules.box_index(Category::Chance).unwrap();
    assert_eq!(e.boxes[chance].p_zero, 0.0);
}

#[test]
fn empty_card_distribution_forced() {
    let e = exact_from("forced", "");
    check_sums(&e);
    assert!((e.table_value - 254.58772873).abs() < 1e-7);
    // The best possible game (thirteen Yahtzees, each placed for full value) can happen.
    assert_eq!(e.distribution.len(), 1576);
    assert!(e.distribution[1575] > 0.0);
    // Every total below 5 (Chance is at least 5) is impossible.
    assert!(e.distribution[..5].iter().all(|&p| p == 0.0));
    let p_bonus = e.p_upper_bonus();
    assert!((0.6..0.75).contains(&p_bonus), "{p_bonus}");
    assert!(e.jokers < e.yahtzees);
}

#[test]
fn empty_card_distribution_free() {
    let e = exact_from("free", "");
    check_sums(&e);
    assert!((e.table_value - 254.5896095).abs() < 1e-6);
}

#[test]
fn mid_game_card_sums() {
    for rules in ["forced", "free"] {
        let e = exact_from(rules, "ones=3 fours=12 3k=22 yahtzee=50 yb=100 fh=0");
        check_sums(&e);
        assert_eq!(e.points_so_far, 3 + 12 + 22 + 50 + 100);
        assert!(e.distribution[..187].iter().all(|&p| p == 0.0));
        assert_eq!(e.boxes[0].mean, 3.0);
        assert_eq!(e.boxes[0].variance(), 0.0);
        assert!(e.yahtzee_bonus.mean >= 100.0 && e.yahtzee_bonus.p_zero == 0.0);
    }
}

/// Every box filled but one: the card for these rules.
fn all_but(open: Category) -> String {
    Category::ALL
        .iter()
        .filter(|&&c| c != open)
        .map(|c| match c {
            // No roll scores 0 in Chance: the least is 5 (1-1-1-1-1).
            Category::Chance => format!("{}=5", c.name()),
            _ => format!("{}=0", c.name()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn only_chance_left_is_five_independent_dice() {
    // With only Chance open each die is kept alone: 5 or 6 with two rolls left (above
    // 4.25, the value of a die with one roll left), 4 or more with one left (above 3.5). So
    // a die ends on 5 or 6 with probability 1/3 each, on 4 with 1/6, on 1, 2, 3 with 1/18.
    let die = [
        0.0,
        1.0 / 18.0,
        1.0 / 18.0,
        1.0 / 18.0,
        1.0 / 6.0,
        1.0 / 3.0,
        1.0 / 3.0,
    ];
    let mut want = vec![1.0];
    for _ in 0..5 {
        let mut next = vec![0.0; want.len() + 6];
        for (s, &p) in want.iter().enumerate() {
            for (f, &q) in die.iter().enumerate() {
                next[s + f] += p * q;
            }
        }
        want = next;
    }
    for rules in ["forced", "free"] {
        let e = exact_from(rules, &all_but(Category::Chance));
        assert_eq!(e.points_so_far, 0);
        assert!((e.total.mean - 70.0 / 3.0).abs() < 1e-9);
        for x in 0..want.len().max(e.distribution.len()) {
            let got = e.distribution.get(x).copied().unwrap_or(0.0);
            let w = want.get(x).copied().unwrap_or(0.0);
            assert!((got - w).abs() < 1e-12, "P({x}) = {got}, want {w}");
        }
    }
}

#[test]
fn only_yahtzee_left_is_fifty_or_nothing() {
    let e = exact_from("forced", &all_but(Category::Yahtzee));
    // The card holds 5 points (Chance).
    assert_eq!(e.points_so_far, 5);
    // P(five of a kind within three rolls, keeping the most common face) = 2.3014321 / 50.
    let p = 2.301_432_1 / 50.0;
    assert!(
        (e.distribution[55] - p).abs() < 1e-8,
        "{}",
        e.distribution[55]
    );
    assert!((e.distribution[5] - (1.0 - p)).abs() < 1e-8);
    assert!(e.distribution[..5].iter().all(|&q| q == 0.0));
    assert_eq!(e.distribution.len(), 56);
    assert!((e.yahtzees - e.distribution[55]).abs() < 1e-12);
    assert_eq!(e.jokers, 0.0);
}

#[test]
fn exact_is_the_same_on_one_and_two_threads() {
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| exact_from("forced", "sixes=24 ss=30 ls=40 chance=22"))
    };
    let (a, b) = (run(1), run(2));
    let bits = |e: &Exact| {
        e.distribution
            .iter()
            .map(|p| p.to_bits())
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&a), bits(&b));
}

#[test]
fn simulation_is_the_same_on_one_and_two_threads() {
    let s = strategy("forced");
    let c = card("forced", "");
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| simulate(&s, &c, 5000, 7, &|_| {}))
    };
    let (a, b) = (run(1), run(2));
    assert_eq!(a, b);
    assert_eq!(a.games, 5000);
    assert_ne!(a, simulate(&s, &c, 5000, 8, &|_| {}));
}

fn within(what: &str, exact: f64, est: &yahtzee_stats::Estimate) {
    within_scaled(what, exact, est, 1.0);
}

/// `exact` lies in the estimate's confidence interval widened by `scale` around the
/// estimate (for many quantities checked at once).
fn within_scaled(what: &str, exact: f64, est: &yahtzee_stats::Estimate, scale: f64) {
    let [lo, hi] = est.ci95.unwrap();
    let (lo, hi) = (
        est.value - (est.value - lo) * scale,
        est.value + (hi - est.value) * scale,
    );
    assert!(
        lo <= exact && exact <= hi,
        "{what}: exact {exact} outside [{lo}, {hi}] (estimate {})",
        est.value
    );
}

#[test]
fn simulated_mean_of_200000_games_agrees_with_exact() {
    let rules = RuleSet::by_name("forced").unwrap();
    let s = strategy("forced");
    let c = card("forced", "");
    let tally = simulate(&s, &c, 200_000, 2026, &|_| {});
    let sim = Summary::simulated(rules, &tally, 0, s.value(c.state()), 2026);
    let e = exact(&s, &c, &|_| {});
    within("mean", e.total.mean, &sim.total.mean);
    within("sd", e.total.sd(), &sim.total.sd);
    within("P(upper bonus)", e.p_upper_bonus(), &sim.p_upper_bonus);
}

#[test]
fn mid_game_exact_agrees_with_simulation_from_there() {
    let rules = RuleSet::by_name("free").unwrap();
    let s = strategy("free");
    let c = card(
        "free",
        "twos=6 threes=9 fives=20 4k=0 fh=25 yahtzee=50 chance=21",
    );
    let e = Summary::exact(&exact(&s, &c, &|_| {}));
    let sim = Summary::simulated(
        rules,
        &simulate(&s, &c, 40_000, 99, &|_| {}),
        e.points_so_far,
        e.table_value,
        99,
    );
    within("total mean", e.total.mean.value, &sim.total.mean);
    within("total sd", e.total.sd.value, &sim.total.sd);
    // Thirteen boxes at once: widen each 95% interval to 99.9% (Bonferroni) so that the
    // family of checks, not each one, has about a 1.3% chance of a false alarm.
    let wide = 3.29 / 1.96;
    for (a, b) in e.boxes.iter().zip(&sim.boxes) {
        if b.mean.ci95.unwrap()[0] == b.mean.ci95.unwrap()[1] {
            assert_eq!(a.mean.value, b.mean.value, "{}", a.name);
        } else {
            within_scaled(&a.name, a.mean.value, &b.mean, wide);
        }
    }
    within("P(upper bonus)", e.p_upper_bonus.value, &sim.p_upper_bonus);
    within(
        "P(total >= 250)",
        e.p_at_least[1].probability.value,
        &sim.p_at_least[1].probability,
    );
    within(
        "median",
        e.percentiles[3].total.value,
        &sim.percentiles[3].total,
    );
}

#[test]
fn house_rules_and_other_games_sum_up() {
    // Partial cards: a distribution from the empty card takes seconds a rule set
    // (`empty_card_distribution_*` have two).
    for (rules, card) in [
        ("forced+mulligan+chance-chance", "ones=3 twos=6"),
        ("forced+mulligan", "sixes=24 yahtzee=50 mulligan=used"),
        ("yatzy", "one_pair=10 fh=18"),
        ("no-bonus+chance-chance", "ones=2"),
        ("original-1956", "yahtzee=50 fours=16 yb=100"),
        ("forced+mulligan+fool-house", "chance=20 sixes=18"),
        ("yatzy+fool-house", "twos=4"),
        (
            "forced+mega-yahtzee",
            "ones=3 twos=6 threes=9 fours=12 4k=20 ls=40 chance=22",
        ),
        (
            "no-bonus+mulligan+mega-yahtzee",
            "ones=3 twos=6 sixes=24 ss=30 fh=25 mega=used mega_bonus=1000",
        ),
    ] {
        let e = exact_from(rules, card);
        check_sums(&e);
        assert!(
            (e.table_value
                - f64::from(e.points_so_far)
                - strategy(rules).value(
                    yahtzee_rules::Scorecard::parse(RuleSet::by_name(rules).unwrap(), card)
                        .unwrap()
                        .state()
                ))
            .abs()
                < 1e-9
        );
        if !e.rules.house.mulligan && e.rules.joker == yahtzee_rules::Joker::None {
            assert_eq!(e.jokers, 0.0, "{rules}");
        }
    }
    let yatzy = strategy("yatzy");
    let empty = card("yatzy", "").state();
    assert!((yatzy.value(empty) - 248.43998938).abs() < 1e-7);
    assert_eq!(
        exact_from("yatzy", "one_pair=10 fh=18").yahtzee_bonus.mean,
        0.0
    );
}

#[test]
fn mega_yahtzee_simulation_agrees_with_exact() {
    let name = "forced+fool-house+mega-yahtzee";
    let rules = RuleSet::by_name(name).unwrap();
    let s = strategy(name);
    let c = card(
        name,
        "ones=3 twos=6 threes=9 fours=12 fives=15 4k=20 ss=30 chance=22",
    );
    let e = exact(&s, &c, &|_| {});
    // From this card the sixth die is worth taking at once, and earns its bonus sometimes.
    assert!(e.mega_bonus.mean > 1.0 && e.mega_bonus.p_zero < 1.0);
    let e = Summary::exact(&e);
    let tally = simulate(&s, &c, 40_000, 7, &|_| {});
    let sim = Summary::simulated(rules, &tally, e.points_so_far, e.table_value, 7);
    within("total mean", e.total.mean.value, &sim.total.mean);
    let (exact_mega, sim_mega) = (e.mega_bonus.unwrap(), sim.mega_bonus.unwrap());
    within("mega bonus", exact_mega.mean.value, &sim_mega.mean);
    within(
        "yahtzees",
        e.expected_yahtzees.value,
        &sim.expected_yahtzees,
    );
}

#[test]
fn house_rule_simulation_agrees_with_exact() {
    let name = "original-1956+mulligan+chance-chance";
    let rules = RuleSet::by_name(name).unwrap();
    let s = strategy(name);
    let c = card(name, "ones=3 sixes=24 4k=0 ls=40 chance=22");
    let e = Summary::exact(&exact(&s, &c, &|_| {}));
    let tally = simulate(&s, &c, 40_000, 5, &|_| {});
    let sim = Summary::simulated(rules, &tally, e.points_so_far, e.table_value, 5);
    within("total mean", e.total.mean.value, &sim.total.mean);
    within("total sd", e.total.sd.value, &sim.total.sd);
    within("P(upper bonus)", e.p_upper_bonus.value, &sim.p_upper_bonus);
    within(
        "yahtzees",
        e.expected_yahtzees.value,
        &sim.expected_yahtzees,
    );
}

#[test]
fn a_total_past_the_last_possible_one_has_probability_plus_zero() {
    // Yatzy cannot reach 400: P(total >= 400) is exactly +0.0 (a sum of no terms is -0.0,
    // which a report would print as "-0.00%"), in the figures and in the JSON.
    let e = exact_from(
        "yatzy",
        "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 one_pair=12 two_pairs=22 \
         three_of_a_kind=18 four_of_a_kind=24 small_straight=15 large_straight=20",
    );
    for t in [400, 500, 10_000] {
        let p = e.p_at_least(t);
        assert!(p == 0.0 && p.is_sign_positive(), "P(total >= {t}) = {p:?}");
    }
    assert!((0.0..=1.0).contains(&e.p_upper_bonus()));
    let summary = Summary::exact(&e);
    let tail = summary
        .p_at_least
        .iter()
        .find(|t| t.at_least == 400)
        .unwrap();
    assert_eq!(tail.probability.percent(), "0.00%");
    let json = serde_json::to_string(&summary).unwrap();
    assert!(!json.contains("-0.0"), "{json}");
}
