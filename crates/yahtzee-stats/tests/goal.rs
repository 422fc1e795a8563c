//! Exact statistics of playing for a target, on reduced games: the distribution reproduces
//! the target table's P(total >= T), beats the expected-score strategy's tail at T, costs
//! mean, falls back to the expected-score strategy where the target is certain or out of
//! reach, and is the same bit for bit whatever the number of threads.

use yahtzee_advice::Strategy;
use yahtzee_rules::{Category, RuleSet, Scorecard};
use yahtzee_solver::{solve, solve_target, PointsTable};
use yahtzee_stats::{exact, exact_goal, Exact, Goal};

struct Game {
    rules: &'static RuleSet,
    values: Vec<f64>,
    target: PointsTable<f32>,
}

fn game(name: &str, boxes: &[Category], threshold: u32) -> Game {
    let rules = RuleSet::by_name(name).unwrap().reduced(boxes, threshold);
    Game {
        rules,
        values: solve(rules, &|_| {}),
        target: solve_target(rules, &|_| {}),
    }
}

fn games() -> Vec<Game> {
    use Category::*;
    vec![
        game("forced", &[Threes, Sixes, FullHouse, Yahtzee, Chance], 18),
        game(
            "free+mulligan+chance-chance",
            &[Fives, LargeStraight, Yahtzee, Chance],
            10,
        ),
        game("original-1956", &[Twos, FourOfAKind, Yahtzee], 6),
        game("yatzy+mulligan", &[Ones, Sixes, TwoPairs, Chance], 20),
        game(
            "no-bonus+mulligan+fool-house",
            &[Twos, ThreeOfAKind, FullHouse, Chance],
            6,
        ),
        game("forced+mega-yahtzee=60", &[Fours, Yahtzee, Chance], 8),
        game(
            "yatzy+mulligan+chance-chance+mega-yahtzee=40",
            &[Sixes, Yahtzee, Chance],
            12,
        ),
    ]
}

fn target_stats(g: &Game, card: &Scorecard, t: u32) -> Exact {
    let strategy = Strategy::new(g.rules, &g.values);
    let goal = Goal::new(&g.target, i64::from(t) - i64::from(card.total()));
    exact_goal(&strategy, &goal, card, &|_| {})
}

fn cards(g: &Game) -> Vec<Scorecard> {
    let mut cards = vec![Scorecard::parse(g.rules, "").unwrap()];
    let first = g.rules.boxes[0].name();
    cards.push(Scorecard::parse(g.rules, &format!("{first}=0")).unwrap());
    cards
}

#[test]
fn target_play_reproduces_the_table_and_beats_expected_score_play_at_its_target() {
    for g in &games() {
        let strategy = Strategy::new(g.rules, &g.values);
        for card in cards(g) {
            let ev = exact(&strategy, &card, &|_| {});
            let most = card.total()
                + u32::from(
                    yahtzee_solver::max_remaining(g.rules)[g.rules.state_index(card.state())],
                );
            for t in (card.total() + 1..=most).step_by(11) {
                let e = target_stats(g, &card, t);
                let total: f64 = e.distribution.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{}: mass {total}", g.rules.name);
                let table = g
                    .target
                    .p_at_least(card.state(), i64::from(t - card.total()));
                let p = e.p_at_least(t);
                assert!(
                    (p - table).abs() < 1e-6,
                    "{} T={t}: stats {p} table {table}",
                    g.rules.name
                );
                assert!(
                    p >= ev.p_at_least(t) - 1e-9,
                    "{} T={t}: target {p} < expected-score play {}",
                    g.rules.name,
                    ev.p_at_least(t)
                );
                assert!(
                    e.total.mean <= ev.total.mean + 1e-9,
                    "{} T={t}",
                    g.rules.name
                );
                // The parts still add up to the total.
                let parts: f64 = e.boxes.iter().map(|m| m.mean).sum::<f64>()
                    + e.upper_bonus.mean
                    + e.yahtzee_bonus.mean
                    + e.mega_bonus.mean;
                assert!(
                    (parts - e.total.mean).abs() < 1e-9,
                    "{parts} vs {}",
                    e.total.mean
                );
                let v = e.yahtzee_bonus.variance();
                assert!(v >= -1e-9 && e.yahtzee_bonus.p_zero <= 1.0 + 1e-12);
            }
        }
    }
}

#[test]
fn a_certain_or_hopeless_target_plays_for_expected_score() {
    for g in &games() {
        let strategy = Strategy::new(g.rules, &g.values);
        for card in cards(g) {
            let ev = exact(&strategy, &card, &|_| {});
            let most = card.total()
                + u32::from(
                    yahtzee_solver::max_remaining(g.rules)[g.rules.state_index(card.state())],
                );
            for t in [card.total(), most + 1, most + 50] {
                let e = target_stats(g, &card, t);
                assert_eq!(e.distribution.len(), ev.distribution.len());
                for (a, b) in e.distribution.iter().zip(&ev.distribution) {
                    assert!((a - b).abs() < 1e-12, "{} T={t}", g.rules.name);
                }
                assert!((e.yahtzee_bonus.mean - ev.yahtzee_bonus.mean).abs() < 1e-9);
                assert!((e.yahtzee_bonus.mean_square - ev.yahtzee_bonus.mean_square).abs() < 1e-9);
                assert!((e.yahtzee_bonus.p_zero - ev.yahtzee_bonus.p_zero).abs() < 1e-12);
                for (a, b) in e.boxes.iter().zip(&ev.boxes) {
                    assert!((a.mean - b.mean).abs() < 1e-9 && (a.p_zero - b.p_zero).abs() < 1e-12);
                }
            }
        }
    }
}

#[test]
fn target_statistics_do_not_depend_on_the_thread_count() {
    let g = &games()[1];
    let card = Scorecard::parse(g.rules, "").unwrap();
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| target_stats(g, &card, 60))
    };
    let (a, b) = (run(1), run(3));
    assert_eq!(a.distribution, b.distribution);
    assert_eq!(a.yahtzee_bonus, b.yahtzee_bonus);
    assert_eq!(a.boxes, b.boxes);
}
