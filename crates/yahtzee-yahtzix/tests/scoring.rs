//! Every scoring rule of the text by hand, the garbled ones included (docs/RULES.md §9).

use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::position::{Action, Position, Stage};
use yahtzee_yahtzix::score::{
    first_roll_value, later_roll_value, outcome, outcomes, parse_dice, Counts, UNIT,
};
use yahtzee_yahtzix::sim::{apply, Step, TurnEnd, TurnState};
use yahtzee_yahtzix::Rules;

fn rules() -> Rules {
    Rules::new(2000, true, false).unwrap()
}

fn dice(s: &str) -> Counts {
    parse_dice(s).unwrap()
}

/// What a kept set scores on a six-dice first roll.
fn first(s: &str) -> Option<u32> {
    first_roll_value(&rules(), &dice(s), 6, true)
}

/// Points and dice used when banking a first roll.
fn bank(s: &str) -> Option<(u32, u8)> {
    outcome(&rules(), dice(s), true)
        .bank
        .map(|(p, u)| (u32::from(p) * UNIT, u))
}

#[test]
fn single_ones_and_fives_count_on_every_roll() {
    assert_eq!(later_roll_value(&dice("1")), Some(10));
    assert_eq!(later_roll_value(&dice("5")), Some(5));
    assert_eq!(later_roll_value(&dice("1155")), Some(30));
    assert_eq!(later_roll_value(&dice("15")), Some(15));
    assert_eq!(
        later_roll_value(&dice("12")),
        None,
        "a 2 never scores alone"
    );
}

#[test]
fn triples_are_ten_times_the_face_and_three_ones_thirty() {
    for (roll, points) in [
        ("111", 30),
        ("222", 20),
        ("333", 30),
        ("444", 40),
        ("555", 50),
        ("666", 60),
    ] {
        assert_eq!(first(roll), Some(points), "{roll}");
    }
    // Premiums count on the first roll only (rule A, F, H).
    assert_eq!(later_roll_value(&dice("555")), Some(15));
    assert_eq!(later_roll_value(&dice("222")), None);
}

#[test]
fn four_of_a_kind_is_250_under_rule_h_and_optional() {
    assert_eq!(first("2222"), Some(250));
    assert_eq!(first("5555"), Some(250));
    assert_eq!(bank("222234"), Some((250, 4)));
    assert_eq!(bank("111111"), Some((270, 6)), "four 1s and two single 1s");
    let plain = Rules::new(2000, false, false).unwrap();
    assert_eq!(
        first_roll_value(&plain, &dice("5555"), 6, true),
        Some(55),
        "a triple and a single"
    );
    assert_eq!(
        first_roll_value(&plain, &dice("2222"), 6, true),
        None,
        "the fourth 2 does not score"
    );
    assert_eq!(outcome(&plain, dice("222234"), true).bank, Some((4, 3)));
}

#[test]
fn two_triplets_and_straights() {
    assert_eq!(first("222333"), Some(150));
    assert_eq!(first("111555"), Some(150), "not 30 + 50");
    // "5 straight = 1506 straight = 200": 5 straight 150, 6 straight 200.
    assert_eq!(first("12345"), Some(150));
    assert_eq!(first("23456"), Some(150));
    assert_eq!(
        first("123456"),
        Some(200),
        "one large straight, not two small ones (rule K)"
    );
    assert_eq!(
        bank("123455"),
        Some((155, 6)),
        "a small straight and a single 5"
    );
    assert_eq!(bank("234566"), Some((150, 5)), "the second 6 is left over");
}

#[test]
fn all_count_is_100_unless_the_dice_are_worth_more() {
    // Rule D(3): 1,2,2,2,5,5 is 40 counted separately, 100 as "all count".
    assert_eq!(
        first_roll_value(&rules(), &dice("122255"), 6, false),
        Some(40)
    );
    assert_eq!(bank("122255"), Some((100, 6)));
    assert_eq!(
        bank("111555"),
        Some((150, 6)),
        "two triplets beat all count"
    );
    // Only a six-dice roll can have all dice count.
    assert_eq!(
        first_roll_value(&rules(), &dice("11155"), 5, true),
        Some(40)
    );
}

#[test]
fn rule_g_example_has_its_five_choices() {
    let o = outcome(&rules(), dice("112355"), true);
    assert_eq!(o.bank, Some((6, 4)), "accept 30 with four dice set aside");
    for (points, kept) in [(10, 1), (20, 2), (25, 3), (30, 4)] {
        assert!(
            o.keeps.contains(&((points / UNIT) as u16, kept)),
            "keep {points} with {kept}"
        );
    }
    assert!(o.reroll);
}

#[test]
fn rule_h_fives_over_three_rolls_are_twenty_not_four_of_a_kind() {
    let r = rules();
    let st = TurnState {
        roll: 1,
        total: 0,
        held: 6,
    };
    let Step::Next(st) = apply(&r, st, &dice("523466"), Action::Keep(dice("5"))) else {
        panic!("rolls on")
    };
    let Step::Next(st) = apply(&r, st, &dice("55234"), Action::Keep(dice("55"))) else {
        panic!("rolls on")
    };
    let end = apply(&r, st, &dice("526"), Action::Bank { plain: false });
    assert_eq!(end, Step::End(TurnEnd::Banked { total: 20, left: 2 }));
}

#[test]
fn busts_and_premiums_without_a_one_or_five() {
    assert_eq!(bank("234466"), None, "nothing scores: bust");
    assert_eq!(outcome(&rules(), dice("2346"), false).bank, None);
    let o = outcome(&rules(), dice("222346"), true);
    assert_eq!(o.bank, Some((4, 3)));
    assert!(!o.reroll, "a premium alone may not be added to (rule D(1))");
    // P(bust on six fresh dice): only 2, 3, 4, 6 with no face three times: 1440 / 6^6.
    let p: f64 = outcomes(&rules(), 6, true)
        .iter()
        .filter(|o| o.bank.is_none())
        .map(|o| o.prob)
        .sum();
    assert!((p - 1440.0 / 46656.0).abs() < 1e-12, "{p}");
}

#[test]
fn outcome_probabilities_sum_to_one() {
    for k in 1..=6 {
        for first in [true, false] {
            let p: f64 = outcomes(&rules(), k, first).iter().map(|o| o.prob).sum();
            assert!((p - 1.0).abs() < 1e-12, "{k} dice: {p}");
        }
    }
}

#[test]
fn bad_positions_are_refused_with_one_line() {
    let r = Rules::new(1000, true, false).unwrap();
    let at = |me, opp, stage| Position {
        seat: Seat::First,
        me,
        opp,
        stage,
    };
    let start = Stage::Start { offer: None };
    let cases = [
        at(15, 0, start.clone()),
        at(33, 0, start.clone()),
        at(1000, 0, start.clone()),
        at(0, 1000, start.clone()),
        at(
            0,
            100,
            Stage::Start {
                offer: Some((150, 2)),
            },
        ),
        at(
            0,
            100,
            Stage::Start {
                offer: Some((50, 6)),
            },
        ),
        at(
            0,
            0,
            Stage::Rolled {
                roll: 4,
                total: 50,
                held: 3,
                dice: dice("123"),
            },
        ),
        at(
            0,
            0,
            Stage::Rolled {
                roll: 1,
                total: 0,
                held: 6,
                dice: dice("12345"),
            },
        ),
        at(
            0,
            0,
            Stage::Rolled {
                roll: 2,
                total: 0,
                held: 3,
                dice: dice("123"),
            },
        ),
    ];
    for pos in cases {
        let err = pos.check(&r).expect_err("refused").to_string();
        println!("{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(
        parse_dice("1237").is_err() && parse_dice("").is_err() && parse_dice("1234561").is_err()
    );
    assert!(Rules::new(1234, true, false).is_err() && Rules::new(0, true, false).is_err());
    assert!(at(
        300,
        450,
        Stage::Start {
            offer: Some((150, 2))
        }
    )
    .check(&r)
    .is_ok());
}
