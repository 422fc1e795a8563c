//! Hand-checked scoring and moves of the variant rule sets: Scandinavian Yatzy's fifteen
//! boxes, the 1956 Joker, and no-bonus Yahtzee (RULES.md, "Rule variants" and "Yatzy").

use yahtzee_rules::{Category, Dice, RuleSet, Scorecard, State};

fn rules(name: &str) -> &'static RuleSet {
    RuleSet::by_name(name).unwrap()
}

fn dice(s: &str) -> Dice {
    Dice::parse_roll(s).unwrap()
}

/// Yatzy's score of `roll` in every box, in the Yatzy card order.
fn yatzy(roll: &str) -> [u32; 15] {
    let r = rules("yatzy");
    assert_eq!(r.boxes, Category::YATZY);
    let d = dice(roll);
    std::array::from_fn(|b| r.score(r.boxes[b], &d))
}

// Order: 1s 2s 3s 4s 5s 6s  pair 2pairs 3k 4k  small large  full_house chance yatzy

#[test]
fn yatzy_full_house_scores_its_sum_and_its_highest_pair() {
    // A full house is also a pair (the highest: 3 3), two pairs (2 2 + 3 3) and three of a kind.
    assert_eq!(
        yatzy("22233"),
        [0, 6, 6, 0, 0, 0, 6, 10, 6, 0, 0, 0, 12, 12, 0]
    );
}

#[test]
fn yatzy_four_of_a_kind_is_not_two_pairs() {
    assert_eq!(
        yatzy("44441"),
        [1, 0, 0, 16, 0, 0, 8, 0, 12, 16, 0, 0, 0, 17, 0]
    );
}

#[test]
fn yatzy_five_of_a_kind_is_one_face_everywhere() {
    // Not two pairs and not a full house (one face); a pair, three and four of a kind of it.
    assert_eq!(
        yatzy("66666"),
        [0, 0, 0, 0, 0, 30, 12, 0, 18, 24, 0, 0, 0, 30, 50]
    );
}

#[test]
fn yatzy_two_pairs_and_one_pair_take_the_matching_dice_only() {
    assert_eq!(
        yatzy("55614"),
        [1, 0, 0, 4, 10, 6, 10, 0, 0, 0, 0, 0, 0, 21, 0]
    );
    assert_eq!(
        yatzy("33556"),
        [0, 0, 6, 0, 10, 6, 10, 16, 0, 0, 0, 0, 0, 22, 0]
    );
}

#[test]
fn yatzy_straights_are_exact() {
    assert_eq!(
        yatzy("12345"),
        [1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 15, 0, 0, 15, 0]
    );
    assert_eq!(
        yatzy("23456"),
        [0, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 20, 0, 20, 0]
    );
    // Four in a row is nothing in Yatzy (30 in Yahtzee's small straight).
    assert_eq!(yatzy("12346")[10], 0);
    assert_eq!(
        rules("forced").score(Category::SmallStraight, &dice("12346")),
        30
    );
}

#[test]
fn yatzy_has_no_bonus_flag_and_fifteen_boxes() {
    let r = rules("yatzy");
    assert_eq!(r.box_count(), 15);
    assert_eq!(r.flag_bits(), 0);
    assert_eq!(r.state_count(), (1 << 15) * 64);
    let (next, bonus) = r.place(State::new(0b11111, 60, false), 5, 6);
    assert_eq!(bonus, 50);
    assert!(!next.yahtzee_50());
    let y = r.box_index(Category::Yahtzee).unwrap();
    let (next, _) = r.place(State::START, y, 50);
    assert!(!next.yahtzee_50());
    // A second Yatzy scores normally and earns nothing extra.
    let mut moves = Vec::new();
    r.for_each_move(next, &dice("33333"), |m| {
        moves.push((m.box_index, m.score, m.points()))
    });
    assert_eq!(moves.len(), 14);
    assert!(moves.contains(&(2, 15, 15)));
    assert!(moves.contains(&(12, 0, 0)), "no full house: {moves:?}");
}

#[test]
fn yatzy_scorecards_use_yatzy_boxes() {
    let r = rules("yatzy");
    let card = Scorecard::parse(r, "one_pair=12 2p=14 yatzy=50 ss=15 fh=28").unwrap();
    assert_eq!(card.total(), 12 + 14 + 50 + 15 + 28);
    assert!(Scorecard::parse(r, "ss=30").is_err());
    assert!(Scorecard::parse(r, "fh=25").is_err());
    assert!(Scorecard::parse(r, "yatzy=50 yb=100").is_err());
    assert!(Scorecard::parse(rules("forced"), "one_pair=12").is_err());
}

/// Legal moves as (box, score, yahtzee bonus).
fn moves(r: &RuleSet, s: State, roll: &str) -> Vec<(usize, u32, u32)> {
    let mut out = Vec::new();
    r.for_each_move(s, &dice(roll), |m| {
        out.push((m.box_index, m.score, m.yahtzee_bonus))
    });
    out
}

const Y: usize = 11;
const FH: usize = 8;
const SS: usize = 9;
const LS: usize = 10;
const CHANCE: usize = 12;

#[test]
fn joker_1956_goes_to_a_lower_box_even_with_the_upper_box_open() {
    let r = rules("original-1956");
    // Yahtzee box holds 50, every box open but it: the fours box is open, yet only lower
    // boxes may take the extra Yahtzee, as Jokers, each with the 100 bonus.
    let s = State::new(1 << Y, 0, true);
    let m = moves(r, s, "44444");
    assert_eq!(
        m,
        vec![
            (6, 20, 100),
            (7, 20, 100),
            (FH, 25, 100),
            (SS, 30, 100),
            (LS, 40, 100),
            (CHANCE, 20, 100)
        ]
    );
    // Yahtzee box scratched: the same boxes, no bonus.
    let s = State::new(1 << Y, 0, false);
    assert!(moves(r, s, "44444").iter().all(|&(_, _, bonus)| bonus == 0));
}

#[test]
fn joker_1956_with_the_lower_section_full_uses_upper_boxes_normally() {
    let r = rules("original-1956");
    let lower_full = 0b1_1111_1100_0000;
    let s = State::new(lower_full | 1 << 1, 10, true);
    // Twos filled: the other upper boxes, scored normally (only fours count the dice).
    assert_eq!(
        moves(r, s, "44444"),
        vec![
            (0, 0, 100),
            (2, 0, 100),
            (3, 20, 100),
            (4, 0, 100),
            (5, 0, 100)
        ]
    );
}

#[test]
fn no_bonus_rules_score_extra_yahtzees_normally() {
    let r = rules("no-bonus");
    assert_eq!(r.flag_bits(), 0);
    let s = State::new(1 << Y, 0, false);
    let (next, _) = r.place(State::START, Y, 50);
    assert!(!next.yahtzee_50());
    let m = moves(r, s, "44444");
    assert_eq!(m.len(), 12);
    assert!(m.contains(&(3, 20, 0)));
    assert!(m.contains(&(FH, 0, 0)), "no Joker full house: {m:?}");
    assert!(m.contains(&(LS, 0, 0)));
    assert!(Scorecard::parse(r, "yahtzee=50 yb=100").is_err());
}

#[test]
fn fool_house_forces_a_natural_full_house_into_full_house() {
    let r = rules("forced+fool-house");
    let fh = r.box_index(Category::FullHouse).unwrap();
    // Any natural full house, on an empty card: Full House (25) is the only move.
    assert_eq!(moves(r, State::START, "22333"), vec![(fh, 25, 0)]);
    assert_eq!(r.forced_full_house(State::START, &dice("61616")), Some(fh));
    // A five of a kind is not a natural full house, nor are two pairs or four of a kind.
    for roll in ["55555", "11223", "44441"] {
        assert_eq!(
            r.forced_full_house(State::START, &dice(roll)),
            None,
            "{roll}"
        );
        assert!(moves(r, State::START, roll).len() > 1, "{roll}");
    }
    // With Full House filled the rule no longer applies.
    let s = State::new(1 << fh, 0, false);
    assert_eq!(r.forced_full_house(s, &dice("22333")), None);
    assert_eq!(moves(r, s, "22333").len(), 12);
    // Without the house rule, the same roll may go anywhere.
    assert_eq!(moves(rules("forced"), State::START, "22333").len(), 13);
    // Yatzy: forced into Full House, which scores the sum.
    let y = rules("yatzy+fool-house");
    let yfh = y.box_index(Category::FullHouse).unwrap();
    assert_eq!(moves(y, State::START, "22333"), vec![(yfh, 13, 0)]);
}

#[test]
fn mega_yahtzee_rule_sets_name_their_bonus_and_cards_record_the_sixth_die() {
    let r = rules("forced+mega-yahtzee");
    assert_eq!(r.mega_bonus, 1000);
    assert_eq!(r.flag_bits(), 2);
    let five = rules("forced+mega-yahtzee=500");
    assert_eq!(
        (five.name, five.mega_bonus),
        ("forced+mega-yahtzee=500", 500)
    );
    assert!(std::ptr::eq(five, rules("forced+mega-yahtzee=500")));
    assert!(std::ptr::eq(r, r.with_mega_bonus(1000)));
    // One spelling per bonus, and only under the house rule.
    for bad in [
        "forced+mega-yahtzee=0500",
        "forced+mega-yahtzee=",
        "forced=500",
        "forced+mega-yahtzee=x",
    ] {
        assert!(RuleSet::by_name(bad).is_none(), "{bad}");
    }
    // The state's "sixth die used" bit round-trips through the table index.
    let s = State::new(0b101, 7, false).with_mega_used(true);
    assert_eq!(r.state_at(r.state_index(s)), s);
    assert!(r.is_reachable(s) && !r.is_reachable(State::START.with_mega_used(true)));
    // Cards: mega=used, and the Mega bonus only with it.
    let card = Scorecard::parse(r, "chance=20 mega=used mega_bonus=1000").unwrap();
    assert!(card.state().mega_used());
    assert_eq!(card.total(), 1020);
    let errors = [
        (
            "mega=used",
            "the sixth die cannot be used before the first box is filled",
        ),
        (
            "chance=20 mega_bonus=1000",
            "mega_bonus must be 0 or 1000 (and needs mega=used), got 1000",
        ),
        (
            "chance=20 mega=used mega_bonus=500",
            "mega_bonus must be 0 or 1000 (and needs mega=used), got 500",
        ),
        (
            "chance=20 mega=maybe",
            "mega=maybe: say mega=used or mega=unused",
        ),
    ];
    for (text, message) in errors {
        assert_eq!(
            Scorecard::parse(r, text).unwrap_err().to_string(),
            message,
            "{text}"
        );
    }
    assert_eq!(
        Scorecard::parse(rules("forced"), "chance=20 mega=used")
            .unwrap_err()
            .to_string(),
        "these rules have no sixth die (add the house rule: --house mega-yahtzee)"
    );
}

#[test]
fn other_names_of_the_official_game_mean_forced() {
    let forced = RuleSet::by_name("forced").unwrap();
    for name in ["yahtzee", "official", "american", "Official", " yahtzee "] {
        assert_eq!(RuleSet::named(name).unwrap(), forced, "{name:?}");
    }
    assert_eq!(
        RuleSet::named("official+mulligan").unwrap().name,
        "forced+mulligan"
    );
    assert_eq!(RuleSet::named("Yatzy").unwrap().name, "yatzy");
    assert_eq!(
        RuleSet::named("free+mega-yahtzee=500").unwrap().mega_bonus,
        500
    );
}

#[test]
fn an_unknown_rule_set_suggests_the_closest_names() {
    let e = RuleSet::named("yatsy").unwrap_err();
    assert_eq!(e.suggestions[0], "yatzy");
    let text = e.to_string();
    assert!(
        text.starts_with("unknown rule set 'yatsy': did you mean yatzy"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "(rule sets: forced, free, no-bonus, original-1956, yatzy; yahtzee, official, american mean forced)"
        ),
        "{text}"
    );
    assert_eq!(RuleSet::named("forcd").unwrap_err().suggestions, ["forced"]);
    assert_eq!(
        RuleSet::named("nobonus").unwrap_err().suggestions,
        ["no-bonus"]
    );
    // Nothing close: no suggestion, the list only; control characters stay escaped.
    let far = RuleSet::named("poker\nnight").unwrap_err();
    assert!(far.suggestions.is_empty());
    assert!(
        far.to_string()
            .starts_with("unknown rule set 'poker\\nnight' (rule sets: "),
        "{far}"
    );
    assert_eq!(far.to_string().lines().count(), 1);
}

#[test]
fn unknown_house_rules_suggest_no_other_game() {
    let e = RuleSet::named("forced+nope").unwrap_err();
    assert!(e.suggestions.is_empty(), "{e}");
    assert!(e
        .to_string()
        .starts_with("unknown rule set 'forced+nope' (rule sets:"));
}

#[test]
fn a_reduced_game_is_named_and_read_back() {
    let forced = rules("forced");
    let r = forced.reduced(&[Category::Ones, Category::Yahtzee, Category::Chance], 3);
    assert_eq!(r.name, "forced:ones,yahtzee,chance@3");
    assert!(r.is_reduced() && !forced.is_reduced());
    assert!(
        r.expected_value.is_nan(),
        "a reduced game's value is not the full game's"
    );
    // Read back: the same rule set (made once per name), whoever asks.
    assert!(std::ptr::eq(RuleSet::named(r.name).unwrap(), r));
    assert!(std::ptr::eq(rules("forced:ones,yahtzee,chance@3"), r));
    // The threshold defaults to the base's; the boxes keep the order given.
    let y = rules("yatzy:chance,one_pair");
    assert_eq!(y.name, "yatzy:chance,one_pair@63");
    assert_eq!(y.boxes, &[Category::Chance, Category::OnePair]);
    assert_eq!(y.state_count(), 4 * 64);
    assert!(std::ptr::eq(y.with_house(y.house), y));
}

#[test]
fn a_bad_reduced_name_is_refused_with_the_syntax() {
    for bad in [
        "forced:ones,ones",          // a box twice
        "forced:one_pair",           // not on Yahtzee's card
        "forced:ones@64",            // above the upper cap
        "forced:ones@",              // no threshold
        "forced:",                   // no box
        "forced+mulligan:ones",      // house rules
        "nonsense:ones",             // no such base
        "forced:ones,twos@6:chance", // two colons
    ] {
        let e = RuleSet::named(bad).expect_err(bad).to_string();
        assert!(e.contains("a reduced game is"), "{bad}: {e}");
        assert!(!e.contains('\n'));
    }
}
