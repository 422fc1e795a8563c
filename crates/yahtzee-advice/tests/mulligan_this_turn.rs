//! The mulligan spent this turn (house rule "mulligan", [`TurnMulligan::SpentThisTurn`]): a
//! position inside a turn that no card can describe (a card is a turn's start), checked on
//! a reduced game of two boxes, Chance and Yahtzee, against values computed by hand and by
//! plain reference code (a Markov chain over the largest group of equal dice).

use yahtzee_advice::{
    AdviceError, Advisor, Choice, Ranked, TargetAdvisor, TurnMulligan, WinAdvisor,
};
use yahtzee_rules::{Category, Dice, RuleSet, Scorecard, ScorecardError};
use yahtzee_table::{write_target_table, Table, TargetTable};

/// A reduced game of `name`'s rules with Chance and Yahtzee only, its table in memory.
fn advisor(name: &str) -> Advisor {
    let rules = reduced(name);
    let values = yahtzee_solver::solve(rules, &|_| {});
    let bytes = yahtzee_table::table_bytes(rules, &values);
    let path = std::path::Path::new("reduced.table");
    Advisor::new(Table::from_bytes(bytes, path, rules).unwrap())
}

fn reduced(name: &str) -> &'static RuleSet {
    RuleSet::by_name(name)
        .unwrap()
        .reduced(&[Category::Chance, Category::Yahtzee], 63)
}

/// P(five of a kind within `rolls` rolls), keeping the largest group of equal dice and
/// rerolling the rest (the best play when only Yahtzee counts): a Markov chain over the
/// size of that group, each step every outcome of the rerolled dice counted.
fn p_yahtzee(rolls: u32) -> f64 {
    // p[n]: probability that the largest group kept has n dice (0: before the first roll).
    let mut p = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    for _ in 0..rolls {
        let mut next = [0.0; 6];
        for (kept, &pk) in p.iter().enumerate().filter(|(_, &q)| q > 0.0) {
            if kept == 5 {
                next[5] += pk;
                continue;
            }
            let free = 5 - kept;
            let outcomes = 6usize.pow(free as u32);
            for o in 0..outcomes {
                // The kept group is of face 0 (any face: the faces are symmetric).
                let mut counts = [0usize; 6];
                counts[0] = kept;
                let mut x = o;
                for _ in 0..free {
                    counts[x % 6] += 1;
                    x /= 6;
                }
                let best = *counts.iter().max().unwrap();
                next[best] += pk / outcomes as f64;
            }
        }
        p = next;
    }
    p[5]
}

/// Expected face of one die rolled up to `rolls` times, stopping optimally.
fn die_value(rolls: u32) -> f64 {
    (1..rolls).fold(3.5, |v, _| {
        (1..=6).map(|f| f64::from(f).max(v)).sum::<f64>() / 6.0
    })
}

fn option(options: &[Ranked], box_: Category) -> &Ranked {
    options
        .iter()
        .find(|o| matches!(o.choice, Choice::Fill { category, .. } if category == box_))
        .unwrap_or_else(|| panic!("no {box_:?} among {options:?}"))
}

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() < 1e-9, "{what}: {a} vs {b}");
}

#[test]
fn the_reference_numbers_are_the_known_ones() {
    // 2,783,176 / 6^10: the classic chance of a Yahtzee in a turn.
    close(p_yahtzee(3), 2_783_176.0 / 60_466_176.0, "P(yahtzee in 3)");
    // The engine's and the CLI's tests use these two as fractions.
    close(p_yahtzee(3), 347_897.0 / 7_558_272.0, "P(yahtzee in 3)");
    close(
        p_yahtzee(4),
        82_099_001.0 / 816_293_376.0,
        "P(yahtzee in 4)",
    );
    close(die_value(3), 14.0 / 3.0, "one die, 3 rolls");
    close(die_value(4), 89.0 / 18.0, "one die, 4 rolls");
}

#[test]
fn after_the_mulligan_on_the_first_turn_the_boxes_continue_without_it() {
    let a = advisor("forced+mulligan");
    let rules = a.table().rules();
    let empty = Scorecard::parse(rules, "").unwrap();
    // No card says "mulligan spent, nothing filled yet".
    assert_eq!(
        Scorecard::parse(rules, "mulligan=used").unwrap_err(),
        ScorecardError::MulliganTooEarly
    );
    let dice: Dice = "66665".parse().unwrap();
    let spent = a
        .advise_in_turn(&empty, dice, 0, TurnMulligan::SpentThisTurn)
        .unwrap();
    // Two options, the boxes: no mulligan left to spend.
    assert_eq!(spent.options.len(), 2, "{:?}", spent.options);
    // Chance 29, then a turn for the Yahtzee with three rolls; or Yahtzee 0, then Chance
    // with three rolls (14/3 a die).
    let chance = 29.0 + 50.0 * p_yahtzee(3);
    let yahtzee = 5.0 * 14.0 / 3.0;
    close(
        option(&spent.options, Category::Chance).ev_remaining,
        chance,
        "chance",
    );
    close(
        option(&spent.options, Category::Yahtzee).ev_remaining,
        yahtzee,
        "yahtzee",
    );
    assert!(matches!(
        spent.best().choice,
        Choice::Fill {
            category: Category::Chance,
            score: 29
        }
    ));
    // The card alone (mulligan in hand) describes another position: the mulligan can still
    // be spent now, and each box is followed by a turn that still has it (four rolls).
    let in_hand = a.advise(&empty, dice, 0).unwrap();
    assert!(in_hand
        .options
        .iter()
        .any(|o| matches!(o.choice, Choice::Mulligan(_))));
    let chance4 = 29.0 + 50.0 * p_yahtzee(4);
    let yahtzee4 = 5.0 * 89.0 / 18.0;
    close(
        option(&in_hand.options, Category::Chance).ev_remaining,
        chance4,
        "chance, in hand",
    );
    close(
        option(&in_hand.options, Category::Yahtzee).ev_remaining,
        yahtzee4,
        "yahtzee, in hand",
    );
    assert!(chance4 > chance + 2.0 && yahtzee4 > yahtzee + 1.0);
}

#[test]
fn spent_this_turn_reads_like_a_later_card_that_used_it() {
    for name in ["forced+mulligan", "free+mulligan+chance-chance"] {
        let a = advisor(name);
        let rules = a.table().rules();
        for (text, dice) in [
            ("chance=22", "66666"),
            ("yahtzee=50", "12346"),
            ("yahtzee=0", "55555"),
        ] {
            let card = Scorecard::parse(rules, text).unwrap();
            let used = Scorecard::parse(rules, &format!("{text} mulligan=used")).unwrap();
            let dice: Dice = dice.parse().unwrap();
            let spent = a
                .advise_in_turn(&card, dice, 0, TurnMulligan::SpentThisTurn)
                .unwrap();
            let later = a.advise(&used, dice, 0).unwrap();
            assert_eq!(spent.options, later.options, "{name} '{text}'");
        }
    }
}

#[test]
fn each_mulligan_keep_is_worth_the_mean_of_its_rolls_best_options() {
    // The kernel values the mulligan's keeps (card with the mulligan in hand); the position
    // after its roll is the mulligan spent this turn: the keep is the mean of the best
    // options over every roll of the dice it rerolls.
    for name in ["forced+mulligan", "free+mulligan+chance-chance"] {
        let a = advisor(name);
        let rules = a.table().rules();
        let empty = Scorecard::parse(rules, "").unwrap();
        let dice: Dice = "22456".parse().unwrap();
        let advice = a.advise(&empty, dice, 0).unwrap();
        let mut keeps = 0;
        for o in &advice.options {
            let Choice::Mulligan(keep) = o.choice else {
                continue;
            };
            keeps += 1;
            let free = 5 - keep.len();
            let outcomes = 6usize.pow(free as u32);
            let mut mean = 0.0;
            for x in 0..outcomes {
                let mut faces = keep.faces();
                let mut y = x;
                for _ in 0..free {
                    faces.push((y % 6) as u8 + 1);
                    y /= 6;
                }
                let text: String = faces.iter().map(|f| char::from(b'0' + f)).collect();
                let roll: Dice = text.parse().unwrap();
                let after = a
                    .advise_in_turn(&empty, roll, 0, TurnMulligan::SpentThisTurn)
                    .unwrap();
                mean += after.best().ev_remaining / outcomes as f64;
            }
            close(
                o.ev_remaining,
                mean,
                &format!("{name}: mulligan keeping {keep:?}"),
            );
        }
        // Every proper sub-keep of 22456 but the ones that repeat: 2^5 - 1 with the two 2s
        // counted once each way.
        assert_eq!(keeps, 23, "{name}");
    }
}

#[test]
fn chance_chance_may_follow_the_mulligan() {
    let a = advisor("forced+mulligan+chance-chance");
    let rules = a.table().rules();
    let empty = Scorecard::parse(rules, "").unwrap();
    let dice: Dice = "11234".parse().unwrap();
    let spent = a
        .advise_in_turn(&empty, dice, 0, TurnMulligan::SpentThisTurn)
        .unwrap();
    // Chance (11), Yahtzee (0), chance-chance: five dice into Chance (17.5 on average);
    // after either Chance, Yahtzee's turn without the mulligan.
    assert_eq!(spent.options.len(), 3, "{:?}", spent.options);
    let cc = spent
        .options
        .iter()
        .find(|o| o.choice == Choice::ChanceChance)
        .unwrap();
    close(cc.ev_remaining, 17.5 + 50.0 * p_yahtzee(3), "chance-chance");
    close(
        option(&spent.options, Category::Chance).ev_remaining,
        11.0 + 50.0 * p_yahtzee(3),
        "chance",
    );
    // Yahtzee 0 leaves Chance with three rolls (70/3) and chance-chance at the end.
    assert!(matches!(
        spent.best().choice,
        Choice::Fill {
            category: Category::Yahtzee,
            score: 0
        }
    ));
    assert!(spent.best().ev_remaining > 70.0 / 3.0);
}

#[test]
fn playing_for_a_target_or_to_win_reads_the_same_states() {
    let a = advisor("forced+mulligan");
    let rules = a.table().rules();
    let dir = tempfile::tempdir().unwrap();
    let t = yahtzee_solver::solve_target(rules, &|_| {});
    let path = dir.path().join("t.table");
    write_target_table(&path, rules, &t.offsets, &t.values).unwrap();
    let table = TargetTable::open(&path, rules).unwrap();
    let goal = TargetAdvisor::new(&a, &table).unwrap();
    let empty = Scorecard::parse(rules, "").unwrap();
    let dice: Dice = "66665".parse().unwrap();
    let after_chance = Scorecard::parse(rules, "chance=29 mulligan=used").unwrap();
    let after_yahtzee = Scorecard::parse(rules, "yahtzee=0 mulligan=used").unwrap();
    for target in [30, 50, 79, 80] {
        let (advice, _) = goal
            .advise_in_turn(&empty, dice, 0, TurnMulligan::SpentThisTurn, target)
            .unwrap();
        assert_eq!(advice.options.len(), 2);
        let p = |c| option(&advice.options, c).p_at_least.unwrap();
        // Chance 29 leaves 1 to 50 points for the Yahtzee: a Yahtzee in three rolls.
        let want = if target <= 79 { p_yahtzee(3) } else { 0.0 };
        assert!((p(Category::Chance) - want).abs() < 1e-6, "{target}");
        let c = goal.p_of_card(&after_chance, target).unwrap();
        let y = goal.p_of_card(&after_yahtzee, target).unwrap();
        assert!((p(Category::Chance) - c).abs() < 1e-7, "{target}");
        assert!((p(Category::Yahtzee) - y).abs() < 1e-7, "{target}");
    }
    // Against a finished 40: Chance 29 wins with a Yahtzee only.
    let mut dist = vec![0.0; 41];
    dist[40] = 1.0;
    let win = WinAdvisor::solve(&a, &empty, &[dist], &|_| {}).unwrap();
    let advice = win
        .advise_in_turn(&empty, dice, 0, TurnMulligan::SpentThisTurn)
        .unwrap();
    let chance = option(&advice.options, Category::Chance);
    assert!((chance.p_win.unwrap() - p_yahtzee(3)).abs() < 1e-6);
    let yahtzee = option(&advice.options, Category::Yahtzee);
    let w = win.chance_of_card(&after_yahtzee);
    assert!((yahtzee.p_win.unwrap() - w.win).abs() < 1e-7);
}

#[test]
fn impossible_positions_are_refused() {
    let dice: Dice = "66665".parse().unwrap();
    let spent = TurnMulligan::SpentThisTurn;
    // Rules without the mulligan.
    let plain = advisor("forced");
    let card = Scorecard::parse(plain.table().rules(), "").unwrap();
    assert_eq!(
        plain.advise_in_turn(&card, dice, 0, spent).unwrap_err(),
        AdviceError::MulliganNotInRules
    );
    let a = advisor("forced+mulligan");
    let rules = a.table().rules();
    // Spent twice.
    let used = Scorecard::parse(rules, "chance=20 mulligan=used").unwrap();
    assert_eq!(
        a.advise_in_turn(&used, dice, 0, spent).unwrap_err(),
        AdviceError::MulliganSpentTwice
    );
    // Rolls left: the mulligan comes after the last roll.
    let empty = Scorecard::parse(rules, "").unwrap();
    for rolls in [1, 2, 3] {
        assert_eq!(
            a.advise_in_turn(&empty, dice, rolls, spent).unwrap_err(),
            AdviceError::MulliganWithRollsLeft(rolls)
        );
    }
    // Not on the Mega turn: six dice.
    let mega = RuleSet::by_name("forced+mulligan+mega-yahtzee").unwrap();
    let card = Scorecard::parse(mega, "").unwrap();
    let six = Dice::parse_dice("666655", 6).unwrap();
    assert_eq!(
        spent.state(&card, &six, 0).unwrap_err(),
        AdviceError::MulliganOnSixDice
    );
    // Every message is one line.
    for e in [
        AdviceError::MulliganNotInRules,
        AdviceError::MulliganSpentTwice,
        AdviceError::MulliganWithRollsLeft(2),
        AdviceError::MulliganOnSixDice,
    ] {
        assert!(!e.to_string().contains('\n'));
    }
    // As the card says: the state is the card's.
    assert_eq!(
        TurnMulligan::AsCard.state(&used, &dice, 2).unwrap(),
        used.state()
    );
}
