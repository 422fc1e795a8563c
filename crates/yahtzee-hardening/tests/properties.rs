//! Property tests over random legal games (proptest, fixed seed, bounded cases, no
//! failure files), so every run checks the same cases in bounded time:
//!
//! - a game written as a record reads back and replays to the same cards;
//! - a game played by the advisor's best options reviews at cost 0;
//! - the best option's value after each first roll averages to the table's value;
//! - every card the parser accepts is a reachable state;
//! - the exact final-total distribution's mean is the table's value, from mid-game cards.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use yahtzee_hardening::{forced_advisor, forced_values, play_game, Policy};
use yahtzee_play::Record;
use yahtzee_rules::{possible_scores, tables, RuleSet, Scorecard, ROLLS};

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x059A_72EE),
        ..Config::default()
    }
}

fn every() -> Vec<&'static RuleSet> {
    RuleSet::every().collect()
}

fn forced() -> &'static RuleSet {
    RuleSet::by_name("forced").unwrap()
}

/// The card of the only player after replaying `record`.
fn final_card(record: &Record) -> Scorecard {
    let game = record.replay(|_, _, _| Ok(())).expect("a legal game");
    game.players()[0].card.clone()
}

proptest! {
    #![proptest_config(config(48))]

    /// Random legal games under every rule set (house-rule actions included): the text
    /// reads back to the same events, and replays to the same card.
    #[test]
    fn a_record_round_trips(pick in 0usize..80, seed in any::<u64>(), turns in 1u32..14) {
        let rules = every()[pick % every().len()];
        let record = play_game(rules, seed, &Policy::Random, Some(turns));
        let text = record.to_text();
        let again = Record::parse(&text).expect("its own text parses");
        prop_assert_eq!(again.rules.name, rules.name);
        prop_assert_eq!(again.seed, Some(seed));
        let events = |r: &Record| r.events.iter().map(|(_, e)| e.clone()).collect::<Vec<_>>();
        prop_assert_eq!(events(&again), events(&record));
        prop_assert_eq!(again.to_text(), text);
        let (a, b) = (final_card(&record), final_card(&again));
        prop_assert_eq!(a.state(), b.state());
        prop_assert_eq!(a.total(), b.total());
        prop_assert!(rules.is_reachable(a.state()));
    }
}

proptest! {
    #![proptest_config(config(12))]

    /// A whole game played by the advisor's best option at every decision costs nothing in
    /// review (every decision reviewed, none at a cost).
    #[test]
    fn reviewing_an_optimal_game_costs_nothing(seed in any::<u64>()) {
        let advisor = forced_advisor();
        let record = play_game(forced(), seed, &Policy::Optimal(advisor), None);
        let review = yahtzee_play::review(&record, advisor).expect("a legal game");
        prop_assert!(review.finished);
        prop_assert!(review.decisions.len() >= 13);
        for d in &review.decisions {
            prop_assert_eq!(d.cost, 0.0, "line {}: {:?} instead of {:?}", d.line, d.chosen, d.best);
        }
        prop_assert_eq!(review.players[0].cost, 0.0);
    }
}

proptest! {
    #![proptest_config(config(10))]

    /// From a random mid-game card, the best option's value after each of the 252 first
    /// rolls, weighted by the roll's probability, is the table's value of the card's state.
    #[test]
    fn best_options_average_to_the_table_value(seed in any::<u64>(), turns in 0u32..13) {
        let advisor = forced_advisor();
        let card = final_card(&play_game(forced(), seed, &Policy::Random, Some(turns)));
        let t = tables();
        let mean: f64 = (0..ROLLS)
            .map(|r| {
                let advice = advisor.advise(&card, t.keep(r), 2).expect("a legal position");
                t.roll_prob(r) * advice.best().ev_remaining
            })
            .sum();
        let value = advisor.table().value(card.state());
        prop_assert!((mean - value).abs() < 1e-9 * value.max(1.0), "{mean} vs {value} for {}", card.text());
    }
}

/// Card text from a grammar: random boxes (names or aliases) with scores the box can or
/// cannot hold, bonus and house-rule entries now and then, separators of every kind.
fn card_strategy() -> impl Strategy<Value = (usize, String)> {
    let entry = (
        0usize..16,
        prop_oneof![Just(0u32), 1u32..60, any::<u32>()],
        prop_oneof![6 => Just(0usize), 1 => 1usize..5],
        0usize..3,
    );
    (0usize..80, proptest::collection::vec(entry, 0..16)).prop_map(|(pick, entries)| {
        let rules = every()[pick % every().len()];
        let nb = rules.box_count();
        let mut parts = Vec::new();
        let mut named = Vec::new();
        for (which, raw, kind, sep) in entries {
            let part = match kind {
                // Each box at most once (a box given twice is refused, so it would only
                // test that): a score the box can hold, or (kind 1) any number.
                0 | 1 if named.contains(&(which % nb)) => continue,
                0 | 1 => {
                    let b = which % nb;
                    named.push(b);
                    let scores = possible_scores(rules, b);
                    let score = if kind == 0 {
                        scores[raw as usize % scores.len()]
                    } else {
                        raw % 60
                    };
                    format!("{}={score}", rules.boxes[b].name())
                }
                2 => format!("yahtzee_bonus={}", raw % 4 * 100),
                3 => [
                    "mulligan=used",
                    "mulligan=unused",
                    "mega=used",
                    "mega=unused",
                ][which % 4]
                    .to_string(),
                _ => format!(
                    "mega_bonus={}",
                    if raw % 2 == 0 { 0 } else { rules.mega_bonus }
                ),
            };
            parts.push(part);
            parts.push([" ", ",", " , "][sep].to_string());
        }
        (pick % every().len(), parts.concat())
    })
}

/// How many generated cards the parser accepted (the property must not hold vacuously).
static ACCEPTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[test]
fn accepted_cards_are_reachable() {
    every_accepted_card_is_reachable();
    let accepted = ACCEPTED.load(std::sync::atomic::Ordering::Relaxed);
    assert!(accepted > 1000, "only {accepted} of 3000 cards accepted");
    println!("{accepted} of 3000 generated cards accepted");
}

proptest! {
    #![proptest_config(config(3000))]

    /// Every card the parser accepts is a state a game can reach, and its canonical text
    /// reads back the same (run by `accepted_cards_are_reachable`).
    fn every_accepted_card_is_reachable((pick, text) in card_strategy()) {
        let rules = every()[pick];
        if let Ok(card) = Scorecard::parse(rules, &text) {
            ACCEPTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            prop_assert!(rules.is_reachable(card.state()), "{}: '{text}' -> {:?}", rules.name, card.state());
            let again = Scorecard::parse(rules, &card.text());
            prop_assert_eq!(again, Ok(card));
        }
    }
}

proptest! {
    #![proptest_config(config(8))]

    /// From random cards with one to six boxes open, the exact distribution of the final
    /// total under optimal play has the table's value (plus the points on the card) as
    /// its mean.
    #[test]
    fn the_exact_mean_is_the_table_value(seed in any::<u64>(), turns in 7u32..13) {
        let card = final_card(&play_game(forced(), seed, &Policy::Random, Some(turns)));
        let values = forced_values();
        let strategy = yahtzee_advice::Strategy::new(forced(), values);
        let e = yahtzee_stats::exact(&strategy, &card, &|_| {});
        let total: f64 = e.distribution.iter().sum();
        prop_assert!((total - 1.0).abs() < 1e-9);
        let mean: f64 = e.distribution.iter().enumerate().map(|(x, p)| x as f64 * p).sum();
        let want = f64::from(card.total()) + values[forced().state_index(card.state())];
        prop_assert!((mean - want).abs() < 1e-6, "{mean} vs {want} for {}", card.text());
    }
}
