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
            None if c == yahtzee_rules::Category::Yahtzee && s.yahtzee_50() => 50,
            // Chance never scores 0 (the least roll, 1-1-1-1-1, is 5).
            None if c == yahtzee_rules::Category::Chance => 5,
            None => 0,
        };
        card.set(b, score).ok()?;
    }
    if s.mulligan_used() {
        card.set_mulligan_used(true).ok()?;
    }
    if s.mega_used() {
        card.set_mega_used(true).ok()?;
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
    let mut takes = std::collections::HashSet::new();
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
        if rules.house.mega_yahtzee && !s.mega_used() {
            check_mega(&advisor, &card, &d);
            takes.insert(d.takes_sixth_die());
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} states checked");
    if rules.house.mega_yahtzee {
        assert_eq!(takes.len(), 2, "taking the sixth die and not: {takes:?}");
    }
    seen.len()
}

/// The Mega turn (house rule): taking the sixth die, the keeps of six dice and the five
/// scored are the advice's best options.
fn check_mega(advisor: &Advisor, card: &Scorecard, d: &yahtzee_advice::TurnDecisions) {
    let t = yahtzee_rules::mega_tables();
    let sixth = advisor
        .sixth_die(card)
        .unwrap()
        .expect("the sixth die in hand");
    assert_eq!(sixth.take(), d.takes_sixth_die());
    assert_eq!(
        d.value().to_bits(),
        sixth.take_sixth.max(sixth.roll_five).to_bits()
    );
    if !d.takes_sixth_die() {
        return;
    }
    for r in (0..yahtzee_rules::MEGA_ROLLS).step_by(5) {
        let dice = t.keep(r);
        for rolls_left in [1, 2] {
            let best = advisor
                .advise(card, dice, rolls_left)
                .unwrap()
                .best()
                .choice;
            let keep = t.keep(d.mega_keep_for(r, rolls_left));
            assert_eq!(best, Choice::Keep(keep), "{dice} {rolls_left}");
        }
        let advice = advisor.advise(card, dice, 0).unwrap();
        let (five, choice) = d.mega_final_choice(r);
        assert!(dice.contains(&five));
        match choice {
            FinalChoice::Score(m) => {
                let best = advice.best();
                let want = Choice::Fill {
                    category: card.rules().boxes[m.box_index],
                    score: m.score,
                };
                assert_eq!(best.choice, want, "{dice}");
                let mega = if dice.six_of_a_kind().is_some() {
                    card.rules().mega_bonus
                } else {
                    0
                };
                assert_eq!(best.points_now, Some(m.points() + mega));
            }
            FinalChoice::ChanceChance => assert_eq!(advice.best().choice, Choice::ChanceChance),
            FinalChoice::Mulligan(_) => panic!("no mulligan on the Mega turn"),
        }
    }
    let p: f64 = d.mega_final_roll_probabilities().iter().sum();
    assert!((p - 1.0).abs() < 1e-12);
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
fn strategy_is_the_advice_with_mega_yahtzee() {
    // Both taking the sixth die and keeping it in hand occur (checked in `check`).
    check("forced+mulligan+fool-house+mega-yahtzee=300");
    // Without the mulligan the solver pairs each state with its twin (`mega_pair`).
    check("no-bonus+chance-chance+mega-yahtzee");
}

#[test]
fn strategy_is_the_advice_with_fool_house() {
    assert_eq!(check("forced+mulligan+chance-chance+fool-house"), 3);
    check("yatzy+fool-house");
}
