//! The companion table (where the expected score comes from) against facts: its parts add
//! up to the value table in every state, and from a card they are the exact statistics'
//! means (computed forward, by another route).

use yahtzee_advice::Choice;
use yahtzee_advice::Strategy;
use yahtzee_rules::Dice;
use yahtzee_rules::{Category, RuleSet, Scorecard};
use yahtzee_stats::{companion::option_parts, exact, simulate, Companion};

fn solved(name: &str) -> (&'static RuleSet, &'static Vec<f64>) {
    let rules = RuleSet::named(name).unwrap();
    let values = Box::leak(Box::new(yahtzee_solver::solve(rules, &|_| {})));
    (rules, values)
}

/// Every state a game reaches: its parts add up to its value; every other state has none.
fn parts_add_up(rules: &'static RuleSet, values: &[f64], companion: &Companion) -> usize {
    let mut reached = 0;
    for (i, &value) in values.iter().enumerate() {
        let state = rules.state_at(i);
        match companion.parts(state) {
            Some(p) => {
                reached += 1;
                let total = p.total(rules);
                assert!(
                    (total - value).abs() < 1e-9,
                    "{}: {total} vs {value}",
                    rules.name
                );
                assert!((0.0..=1.0 + 1e-12).contains(&p.upper_bonus));
                for (b, &x) in p.boxes.iter().enumerate() {
                    assert!(x >= 0.0, "box {b}: {x}");
                    if state.is_filled(b) {
                        assert_eq!(x, 0.0, "a filled box earns nothing more");
                    }
                }
            }
            None => assert!(value.is_nan()),
        }
    }
    reached
}

/// From `card`, the parts are the exact statistics' means.
fn agrees_with_exact(strategy: &Strategy, companion: &Companion, card: &str) {
    let rules = strategy.rules();
    let card = Scorecard::parse(rules, card).unwrap();
    let e = exact(strategy, &card, &|_| {});
    let p = companion.parts(card.state()).unwrap();
    for (b, (&x, m)) in p.boxes.iter().zip(&e.boxes).enumerate() {
        let so_far = card.score(rules.boxes[b]).map_or(0.0, f64::from);
        assert!(
            (x + so_far - m.mean).abs() < 1e-9,
            "box {b}: {x} vs {}",
            m.mean
        );
    }
    let bonus_so_far = if card.upper_total() >= rules.upper_threshold {
        1.0
    } else {
        0.0
    };
    assert!((p.upper_bonus + bonus_so_far - e.p_upper_bonus()).abs() < 1e-9);
    let earned = f64::from(card.yahtzee_bonus());
    assert!((p.yahtzee_bonus + earned - e.yahtzee_bonus.mean).abs() < 1e-9);
}

#[test]
fn reduced_games_parts_add_up_in_every_state_and_are_the_exact_means() {
    for (name, cards) in [
        ("forced:ones,twos,yahtzee,chance@6", vec!["", "ones=3"]),
        (
            "forced:ones,twos,threes,fours,fives,sixes,yahtzee,chance@30",
            vec!["", "sixes=24 fives=15", "yahtzee=50"],
        ),
        (
            "free:ones,fours,yahtzee,full_house,large_straight@8",
            vec!["", "yahtzee=50"],
        ),
        (
            "original-1956:ones,twos,yahtzee,small_straight,chance@6",
            vec!["", "yahtzee=50"],
        ),
        (
            "yatzy:ones,sixes,one_pair,two_pairs,yahtzee@8",
            vec!["", "sixes=12"],
        ),
        (
            "no-bonus:twos,threes,yahtzee,chance@5",
            vec!["", "yahtzee=50"],
        ),
    ] {
        let (rules, values) = solved(name);
        let strategy = Strategy::new(rules, values);
        let companion = Companion::solve(&strategy, &|_| {});
        assert!(parts_add_up(rules, values, &companion) > 100, "{name}");
        for card in cards {
            agrees_with_exact(&strategy, &companion, card);
        }
    }
}

/// The kernel's lanes ([`yahtzee_solver::ends`]) against the reference, one state at a
/// time through the exact statistics' turn: every state's parts, on games where every
/// kind of final choice shows (Jokers and their bonus, Yatzy's boxes, the house rules
/// "fool-house" and "chance-chance"); a tie broken otherwise than the advisor breaks it
/// moves points from one box to another, beyond the 1e-9 allowed for summing in another
/// order; and the house rules' turns: the mulligan spent or not, the sixth die taken or
/// not.
#[test]
fn the_lanes_give_the_reference_parts_in_every_state() {
    let house = |base: &str, house: &str, boxes: &[Category], at| {
        let full = RuleSet::named(&format!("{base}+{house}")).unwrap();
        full.reduced(boxes, at)
    };
    let named = |name: &str| RuleSet::named(name).unwrap();
    use Category::*;
    let games = [
        named("forced:ones,twos,threes,yahtzee,full_house,chance@8"),
        named("free:ones,fours,yahtzee,full_house,large_straight@8"),
        named("original-1956:twos,yahtzee,three_of_a_kind,small_straight,chance@4"),
        named("yatzy:ones,sixes,one_pair,two_pairs,yahtzee@8"),
        house(
            "forced",
            "fool-house",
            &[Ones, Twos, FullHouse, Yahtzee, Chance],
            5,
        ),
        house(
            "forced",
            "chance-chance",
            &[Ones, Sixes, Yahtzee, Chance],
            12,
        ),
        house(
            "free",
            "chance-chance+fool-house",
            &[Threes, FullHouse, Yahtzee, Chance],
            6,
        ),
        // Yatzy's full house scores its dice, so chance-chance may be worth more than a
        // natural full house, which must still be scored: the first game found where it
        // happens in a state reached.
        house(
            "yatzy",
            "chance-chance+fool-house",
            &[
                Threes,
                Sixes,
                OnePair,
                TwoPairs,
                ThreeOfAKind,
                SmallStraight,
                FullHouse,
                Chance,
            ],
            27,
        ),
        // The mulligan in hand: spent on the last roll where a keep rerolled once more
        // beats the best move; with chance-chance, Yatzy's boxes and "fool-house" (a
        // natural full house never rerolled) beside it.
        house("forced", "mulligan", &[Ones, Twos, Yahtzee, Chance], 6),
        house(
            "free",
            "mulligan+chance-chance",
            &[Fours, FullHouse, LargeStraight, Yahtzee],
            8,
        ),
        house(
            "yatzy",
            "mulligan+fool-house",
            &[Twos, TwoPairs, FullHouse, Yahtzee, Chance],
            6,
        ),
        house(
            "original-1956",
            "mulligan+chance-chance+fool-house",
            &[Threes, ThreeOfAKind, FullHouse, Yahtzee, Chance],
            9,
        ),
        // The sixth die in hand: taken where the six-dice turn is strictly better, its five
        // dice scored, six of a kind's Mega bonus; beside the mulligan, Yatzy's boxes and
        // chance-chance.
        house("forced", "mega-yahtzee", &[Ones, Twos, Yahtzee, Chance], 6),
        house(
            "forced",
            "mulligan+mega-yahtzee",
            &[Ones, Twos, Yahtzee, Chance],
            6,
        ),
        house(
            "yatzy",
            "fool-house+mega-yahtzee=200",
            &[Twos, TwoPairs, FullHouse, Yahtzee],
            6,
        ),
        house(
            "original-1956",
            "chance-chance+mega-yahtzee",
            &[Ones, LargeStraight, Yahtzee, Chance],
            3,
        ),
    ];
    for rules in games {
        let name = rules.name;
        let values = yahtzee_solver::solve(rules, &|_| {});
        let strategy = Strategy::new(rules, &values);
        let lanes = Companion::solve(&strategy, &|_| {});
        let reference = Companion::solve_per_state(&strategy, &|_| {});
        let mut reached = 0;
        for (a, b) in lanes.values().iter().zip(reference.values()) {
            assert_eq!(a.is_nan(), b.is_nan(), "{name}");
            if !a.is_nan() {
                reached += 1;
                assert!((a - b).abs() < 1e-9, "{name}: {a} against {b}");
            }
        }
        assert!(reached > 500, "{name}: {reached}");
    }
}

#[test]
fn the_companion_file_reads_back_each_part_to_f32_and_refuses_damage() {
    use std::path::Path;
    use yahtzee_table::{companion_bytes, table_bytes, CompanionTable, TableError};
    let (rules, values) = solved("forced:ones,twos,threes,fours,fives,sixes,yahtzee,chance@30");
    let companion = Companion::solve(&Strategy::new(rules, values), &|_| {});
    let bytes = companion_bytes(rules, companion.values());
    let name = Path::new("c.companion");
    let table = CompanionTable::from_bytes(bytes.clone(), name, rules).unwrap();
    let mut reached = 0;
    for i in 0..rules.state_count() {
        let state = rules.state_at(i);
        match (companion.parts(state), table.parts(state)) {
            (Some(p), Some(row)) => {
                reached += 1;
                let full = p
                    .boxes
                    .iter()
                    .chain([&p.upper_bonus, &p.yahtzee_bonus, &p.mega_bonus]);
                for (&x, &y) in full.zip(&row) {
                    // Rounded to f32: within 2^-24 of the value, relatively.
                    assert_eq!(y, x as f32);
                    assert!((f64::from(y) - x).abs() <= x.abs() * 2f64.powi(-24));
                }
            }
            (None, None) => {}
            (a, b) => panic!("state {i}: {a:?} in memory, {b:?} in the file"),
        }
    }
    assert!(reached > 1000);
    // Only reached states are kept: eight boxes and three bonuses each, and the index.
    assert_eq!(yahtzee_table::companion_width(rules), 11);
    assert_eq!(table.header().value_count, 11 * reached as u64);

    let refused = |bytes: Vec<u8>, rules| {
        CompanionTable::from_bytes(bytes, name, rules)
            .err()
            .unwrap()
    };
    let mut bad = bytes.clone();
    let last = bad.len() - 3;
    bad[last] ^= 1;
    assert!(matches!(refused(bad, rules), TableError::Checksum { .. }));
    let at = table.header().index_offset as usize + 5;
    let mut bad = bytes.clone();
    bad[at] ^= 1;
    assert!(matches!(
        refused(bad, rules),
        TableError::IndexChecksum { .. }
    ));
    assert!(matches!(
        refused(bytes[..bytes.len() - 4].to_vec(), rules),
        TableError::Size { .. }
    ));
    let other = RuleSet::named("forced:ones,twos,yahtzee,chance@6").unwrap();
    assert!(matches!(
        refused(bytes.clone(), other),
        TableError::WrongRules { .. }
    ));
    // The value table is not a companion table.
    let e = refused(table_bytes(rules, values), rules);
    assert!(matches!(e, TableError::WrongObjective { .. }), "{e}");
    assert!(!e.to_string().contains('\n'));
}

/// Every option at every position of `cards` × `dice` × rolls left: its parts (this turn's
/// play after it, then the companion table) add up to what the advisor ranks it by. The
/// number of options checked, and of each kind.
fn options_add_up(rules: &'static RuleSet, cards: &[&str], dice: &[&str]) -> (usize, [usize; 5]) {
    let values = yahtzee_solver::solve(rules, &|_| {});
    let strategy = Strategy::new(rules, &values);
    let companion = Companion::solve(&strategy, &|_| {});
    let table = yahtzee_table::Table::from_bytes(
        yahtzee_table::table_bytes(rules, &values),
        std::path::Path::new("t"),
        rules,
    )
    .unwrap();
    let advisor = yahtzee_advice::Advisor::new(table);
    let mut d = strategy.new_decisions();
    let next = |s| {
        companion.parts(s).map(|p| {
            let mut v = p.boxes;
            v.extend([p.upper_bonus, p.yahtzee_bonus, p.mega_bonus]);
            v
        })
    };
    let (mut checked, mut kinds) = (0, [0; 5]);
    for card in cards {
        let card = Scorecard::parse(rules, card).unwrap();
        strategy.decide(card.state(), &mut d);
        let mut positions: Vec<(Dice, u8, yahtzee_advice::Advice)> = Vec::new();
        if let Some(advice) = advisor.advise_sixth_die(&card).unwrap() {
            positions.push((Dice::default(), 3, advice));
        }
        for dice in dice {
            let dice = Dice::parse_dice(dice, dice.len()).unwrap();
            for rolls_left in 0..=2 {
                let advice = advisor.advise(&card, dice, rolls_left).unwrap();
                positions.push((dice, rolls_left, advice));
            }
        }
        for (dice, rolls_left, advice) in positions {
            {
                for o in &advice.options {
                    let parts = option_parts(
                        &strategy,
                        &d,
                        &next,
                        card.state(),
                        &dice,
                        rolls_left,
                        &o.choice,
                    )
                    .expect("explained");
                    let total = parts[..rules.box_count()].iter().sum::<f64>()
                        + parts[rules.box_count()] * f64::from(rules.upper_bonus)
                        + parts[rules.box_count() + 1]
                        + parts[rules.box_count() + 2];
                    assert!(
                        (total - o.ev_remaining).abs() < 1e-9,
                        "{}: {:?} at {dice:?}, {rolls_left} left: {total} vs {}",
                        rules.name,
                        o.choice,
                        o.ev_remaining
                    );
                    checked += 1;
                    kinds[match o.choice {
                        Choice::Keep(_) => 0,
                        Choice::Fill { .. } => 1,
                        Choice::Mulligan(_) => 2,
                        Choice::ChanceChance => 3,
                        Choice::SixthDie(_) => 4,
                    }] += 1;
                }
            }
        }
    }
    (checked, kinds)
}

#[test]
fn every_options_parts_add_up_to_its_expected_points() {
    // Keeps with one and two rolls to come, and boxes.
    let rules = RuleSet::named("forced:ones,twos,threes,fours,fives,sixes,yahtzee,chance@30");
    let (checked, _) = options_add_up(
        rules.unwrap(),
        &[
            "",
            "sixes=24 fives=15",
            "yahtzee=50 ones=3",
            "chance=20 twos=0",
        ],
        &["66612", "11111", "12345", "55542"],
    );
    assert!(checked > 200, "{checked}");
}

#[test]
fn the_house_rules_options_add_up_too() {
    // The mulligan spent on a last roll, chance-chance, and a natural full house that must
    // be scored at once: each option of each kind adds up like the others.
    use Category::*;
    let house =
        |name: &str, boxes: &[Category], at| RuleSet::named(name).unwrap().reduced(boxes, at);
    let mulligan = house("forced+mulligan", &[Ones, Twos, Threes, Yahtzee, Chance], 6);
    let (_, kinds) = options_add_up(
        mulligan,
        &["", "ones=2 chance=20"],
        &["22213", "11111", "12356"],
    );
    assert!(kinds[2] > 10, "mulligans: {kinds:?}");
    let chance_chance = house("forced+chance-chance", &[Ones, Sixes, Yahtzee, Chance], 12);
    let (_, kinds) = options_add_up(
        chance_chance,
        &["", "sixes=18"],
        &["11112", "66665", "12345"],
    );
    assert!(kinds[3] > 2, "chance-chance: {kinds:?}");
    let fool_house = house(
        "forced+fool-house",
        &[Ones, Twos, FullHouse, Yahtzee, Chance],
        5,
    );
    let (checked, kinds) =
        options_add_up(fool_house, &["", "ones=3"], &["22211", "11222", "12345"]);
    assert!(checked > 50 && kinds[1] > 10, "fool-house: {kinds:?}");
}

#[test]
fn the_mega_turn_options_add_up_too() {
    // House rule "mega-yahtzee": the sixth-die question, and six dice showing with two,
    // one and no rolls to come (five of them scored, six of a kind with its Mega bonus).
    use Category::*;
    let rules = RuleSet::named("forced+mega-yahtzee=50")
        .unwrap()
        .reduced(&[Ones, Twos, Yahtzee, Chance], 6);
    let (checked, kinds) = options_add_up(
        rules,
        &["", "ones=2 chance=20"],
        &["222113", "111111", "123456"],
    );
    assert!(
        kinds[4] >= 4 && kinds[0] > 20 && kinds[1] > 10,
        "{checked}: {kinds:?}"
    );
}

#[test]
fn seeded_games_of_optimal_play_score_each_part_as_the_table_says() {
    // 40,000 games of a reduced game: each box's mean score, the upper bonus and the
    // Yahtzee bonus within a joint 95% interval (Bonferroni: z 3.2 for eleven parts) of
    // the table's expectation; a box that scores 50 or nothing is scored as often as its
    // expected score over 50 says.
    let (rules, values) = solved("forced:ones,twos,threes,fours,fives,sixes,yahtzee,chance@30");
    let strategy = Strategy::new(rules, values);
    let parts = Companion::solve(&strategy, &|_| {})
        .parts(Scorecard::new(rules).state())
        .unwrap();
    let games = 40_000;
    let tally = simulate(&strategy, &Scorecard::new(rules), games, 7, &|_| {});
    let mean_sd = |h: &[u64]| {
        let n = games as f64;
        let s1: f64 = h
            .iter()
            .enumerate()
            .map(|(x, &c)| x as f64 * c as f64)
            .sum();
        let s2: f64 = h
            .iter()
            .enumerate()
            .map(|(x, &c)| (x * x) as f64 * c as f64)
            .sum();
        let m = s1 / n;
        (m, ((s2 / n - m * m) / n).sqrt())
    };
    let mut checks: Vec<(f64, &[u64])> = (0..rules.box_count())
        .map(|b| (parts.boxes[b], &tally.boxes[b][..]))
        .collect();
    checks.push((
        parts.upper_bonus * f64::from(rules.upper_bonus),
        &tally.upper_bonus,
    ));
    checks.push((parts.yahtzee_bonus, &tally.yahtzee_bonus));
    for (i, (table, h)) in checks.iter().enumerate() {
        let (m, se) = mean_sd(h);
        assert!(
            (m - table).abs() <= 3.2 * se,
            "part {i}: simulated {m} ± {se}, table {table}"
        );
    }
    let y = rules.box_index(yahtzee_rules::Category::Yahtzee).unwrap();
    let scored = tally.boxes[y].get(50).copied().unwrap_or(0) as f64 / games as f64;
    assert!(
        (scored - parts.boxes[y] / 50.0).abs()
            <= 3.2 * (scored * (1.0 - scored) / games as f64).sqrt()
    );
}
