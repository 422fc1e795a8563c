//! The strategy's decisions are the advice's best options, for every roll of a spread of
//! states, and its turn values are the table's, bit for bit.

use yahtzee_advice::{Advisor, Choice, FinalChoice, Strategy, TableValues};
use yahtzee_rules::{tables, RuleSet, Scorecard, State, ROLLS};
use yahtzee_table::{write_table, Table};

/// A scorecard whose state is `s` (upper boxes chosen to make its upper total).
fn card_for(rules: &'static RuleSet, s: State) -> Option<Scorecard> {
    let mut card = Scorecard::new(rules);
    let mut upper_left = u32::from(s.upper());
    // Fill the upper boxes from sixes down, greedily, to reach the capped total exactly.
    let mut boxes: Vec<usize> = (0..rules.box_count()).filter(|&b| s.is_filled(b)).collect();
    boxes.sort_by_key(|&b| std::cmp::Reverse(rules.boxes[b].upper_face()));
    for b in boxes {
        let c = rules.boxes[b];
        let score = match c.upper_face() {
            Some(f) => {
                let n = (upper_left / u32::from(f)).min(5);
                upper_left -= n * u32::from(f);
                n * u32::from(f)
            }
            None if c == yahtzee_rules::Category::Yahtzee => {
                if s.yahtzee_50() {
                    50
                } else {
                    0
                }
            }
            None => 0,
        };
        card.set(b, score).ok()?;
    }
    if s.mulligan_used() {
        card.set_mulligan_used(true).ok()?;
    }
    (card.state() == s).then_some(card)
}

/// Checks a spread of states; returns how many kinds of final choice the strategy made.
fn check(rules_name: &str) -> usize {
    let mut seen = std::collections::HashSet::new();
    let rules = RuleSet::by_name(rules_name).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.table");
    write_table(&path, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    let advisor = Advisor::new(Table::open(&path, rules).unwrap());
    let values = TableValues(advisor.table());
    let strategy = Strategy::new(rules, &values);
    let mut d = strategy.new_decisions();
    let mut checked = 0;
    for index in (0..rules.state_count()).step_by(4099) {
        let s = rules.state_at(index);
        let Some(card) = card_for(rules, s).filter(|c| !c.is_full()) else {
            continue;
        };
        strategy.decide(s, &mut d);
        assert_eq!(d.value().to_bits(), advisor.value_of_card(&card).to_bits());
        for r in 0..ROLLS {
            let dice = tables().keep(r);
            let best = advisor.advise(&card, dice, 0).unwrap().best().choice;
            let want = match d.final_choice(r) {
                FinalChoice::Score(m) => Choice::Fill {
                    category: rules.boxes[m.box_index],
                    score: m.score,
                },
                FinalChoice::ChanceChance => Choice::ChanceChance,
                FinalChoice::Mulligan(k) => Choice::Mulligan(tables().keep(k)),
            };
            assert_eq!(best, want, "{s:?} {dice}");
            seen.insert(std::mem::discriminant(&want));
            for rolls_left in [1, 2] {
                let best = advisor
                    .advise(&card, dice, rolls_left)
                    .unwrap()
                    .best()
                    .choice;
                let keep = tables().keep(d.keep_for(r, rolls_left));
                if let Some(b) = rules.forced_full_house(s, &dice) {
                    // Fool house: scored at once; the strategy stands on the roll.
                    let score = rules.score(rules.boxes[b], &dice);
                    let fill = Choice::Fill {
                        category: rules.boxes[b],
                        score,
                    };
                    assert_eq!((best, keep), (fill, dice), "{s:?} {dice} {rolls_left}");
                    continue;
                }
                assert_eq!(best, Choice::Keep(keep), "{s:?} {dice} {rolls_left}");
            }
        }
        let (last, after) = d.final_roll_probabilities();
        let total: f64 = last.iter().chain(&after).sum();
        assert!((total - 1.0).abs() < 1e-12);
        checked += 1;
    }
    assert!(checked > 50, "only {checked} states checked");
    seen.len()
}

#[test]
fn strategy_is_the_advice_forced() {
    check("forced");
}

#[test]
fn strategy_is_the_advice_free() {
    check("free");
}

#[test]
fn strategy_is_the_advice_yatzy() {
    check("yatzy");
}

#[test]
fn strategy_is_the_advice_with_house_rules() {
    // Scoring, chance-chance and the mulligan all occur among the best choices.
    assert_eq!(check("original-1956+mulligan+chance-chance"), 3);
    assert!(check("no-bonus+mulligan") >= 2);
}

#[test]
fn strategy_is_the_advice_with_fool_house() {
    assert_eq!(check("forced+mulligan+chance-chance+fool-house"), 3);
    check("yatzy+fool-house");
}
