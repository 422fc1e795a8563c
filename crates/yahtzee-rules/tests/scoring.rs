//! Hand-checked scoring facts: every example of the official rule text
//! (`shared/seeds/official-rules-summary.txt`), the Joker cases of `shared/RULES.md` for both
//! conventions, `RuleSet::place` and the validation done by `Scorecard::parse`.

use yahtzee_rules::{Category, Dice, RuleSet, Scorecard, ScorecardError, State};

// Box indices in card order.
const ONES: usize = 0;
const TWOS: usize = 1;
const THREES: usize = 2;
const FOURS: usize = 3;
const FIVES: usize = 4;
const SIXES: usize = 5;
const THREE_K: usize = 6;
const FOUR_K: usize = 7;
const FULL_HOUSE: usize = 8;
const SMALL: usize = 9;
const LARGE: usize = 10;
const YAHTZEE: usize = 11;
const CHANCE: usize = 12;

const fn bit(b: usize) -> u32 {
    1 << b
}

/// The six upper boxes.
const UPPER_MASK: u32 = 0b11_1111;
/// The seven lower boxes.
const LOWER_MASK: u32 = 0b1_1111_1100_0000;
const ALL_MASK: u32 = UPPER_MASK | LOWER_MASK;

fn forced() -> &'static RuleSet {
    RuleSet::by_name("forced").expect("forced rule set")
}

fn free() -> &'static RuleSet {
    RuleSet::by_name("free").expect("free rule set")
}

fn dice(s: &str) -> Dice {
    Dice::parse_roll(s).expect("valid dice")
}

/// The normal score of every box (card order) for a roll.
fn all_scores(rules: &RuleSet, roll: &str) -> [u32; 13] {
    let d = dice(roll);
    let mut out = [0; 13];
    for (slot, c) in out.iter_mut().zip(Category::ALL) {
        *slot = rules.score(c, &d);
    }
    out
}

/// Asserts the score of every box, under both rule sets (normal scoring does not depend on
/// the Joker convention).
#[track_caller]
fn check(roll: &str, expected: [u32; 13]) {
    for rules in [forced(), free()] {
        assert_eq!(
            all_scores(rules, roll),
            expected,
            "scores of {roll} under {}",
            rules.name
        );
    }
}

/// The legal moves for final dice in a state, as (box, score, yahtzee_bonus).
fn moves(rules: &RuleSet, state: State, roll: &str) -> Vec<(usize, u32, u32)> {
    let mut out = Vec::new();
    rules.for_each_move(state, &dice(roll), |m| {
        out.push((m.box_index, m.score, m.yahtzee_bonus))
    });
    out
}

// ---------------------------------------------------------------------------------------
// 1. Box scoring: the "Example:" lines of the official rule text, then hand-checked negatives.
//    Order of the arrays: ones twos threes fours fives sixes 3K 4K FH SS LS yahtzee chance.
// ---------------------------------------------------------------------------------------

#[test]
fn seed_example_ones_11345() {
    // "Example: 1,1,3,4,5 scores 2 points" (Ones). 1,3,4,5 has no four-run.
    check("1,1,3,4,5", [2, 0, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 14]);
}

#[test]
fn seed_example_twos_22346() {
    // "Example: 2,2,3,4,6 scores 4 points" (Twos). 2,3,4,_,6: no four-run (5 missing).
    check("2,2,3,4,6", [0, 4, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 17]);
}

#[test]
fn seed_example_threes_13356() {
    // "Example: 1,3,3,5,6 scores 6 points" (Threes).
    check("1,3,3,5,6", [1, 0, 6, 0, 5, 6, 0, 0, 0, 0, 0, 0, 18]);
}

#[test]
fn seed_example_fours_24445() {
    // "Example: 2,4,4,4,5 scores 12 points" (Fours). Also a three of a kind (sum 19).
    check("2,4,4,4,5", [0, 2, 0, 12, 5, 0, 19, 0, 0, 0, 0, 0, 19]);
}

#[test]
fn seed_example_fives_13556() {
    // "Example: 1,3,5,5,6 scores 10 points" (Fives).
    check("1,3,5,5,6", [1, 0, 3, 0, 10, 6, 0, 0, 0, 0, 0, 0, 20]);
}

#[test]
fn seed_example_sixes_24666() {
    // "Example: 2,4,6,6,6 scores 18 points" (Sixes). Also a three of a kind (sum 24).
    check("2,4,6,6,6", [0, 2, 0, 4, 0, 18, 24, 0, 0, 0, 0, 0, 24]);
}

#[test]
fn seed_example_three_of_a_kind_33345() {
    // "Example: 3,3,3,4,5 scores 18 points (3+3+3+4+5)". 3,4,5 is only a three-run.
    check("3,3,3,4,5", [0, 0, 9, 4, 5, 0, 18, 0, 0, 0, 0, 0, 18]);
}

#[test]
fn seed_example_four_of_a_kind_22225() {
    // "Example: 2,2,2,2,5 scores 13 points (2+2+2+2+5)". Also a three of a kind.
    check("2,2,2,2,5", [0, 8, 0, 0, 5, 0, 13, 13, 0, 0, 0, 0, 13]);
}

#[test]
fn seed_example_full_house_33355() {
    // "Example: 3,3,3,5,5 scores 25 points". Also a three of a kind (19).
    check("3,3,3,5,5", [0, 0, 9, 0, 10, 0, 19, 0, 25, 0, 0, 0, 19]);
}

#[test]
fn seed_example_small_straight_12346() {
    // "Example: 1,2,3,4,6 scores 30 points" (Small Straight); not a large straight.
    check("1,2,3,4,6", [1, 2, 3, 4, 0, 6, 0, 0, 0, 30, 0, 0, 16]);
}

#[test]
fn seed_example_large_straight_12345() {
    // "Example: 1,2,3,4,5 scores 40 points" (Large Straight); also a small straight.
    check("1,2,3,4,5", [1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15]);
}

#[test]
fn seed_example_chance_23456() {
    // "Example: 2,3,4,5,6 scores 20 points (2+3+4+5+6)" (Chance); the other large straight.
    check("2,3,4,5,6", [0, 2, 3, 4, 5, 6, 0, 0, 0, 30, 40, 0, 20]);
}

#[test]
fn seed_example_yahtzee_44444() {
    // "Example: 4,4,4,4,4 scores 50 points" (Yahtzee). 20 in 3K, 4K, chance and fours;
    // five of a kind is not a full house (no Joker here: plain scoring).
    check("4,4,4,4,4", [0, 0, 0, 20, 0, 0, 20, 20, 0, 0, 0, 50, 20]);
}

#[test]
fn small_straight_3_4_5_6_with_a_pair() {
    check("3,4,5,6,6", [0, 0, 3, 4, 5, 12, 0, 0, 0, 30, 0, 0, 24]);
    check("3,3,4,5,6", [0, 0, 6, 4, 5, 6, 0, 0, 0, 30, 0, 0, 21]);
}

#[test]
fn small_straight_1_2_3_4_with_a_pair() {
    check("1,1,2,3,4", [2, 2, 3, 4, 0, 0, 0, 0, 0, 30, 0, 0, 11]);
}

#[test]
fn small_straight_2_3_4_5_with_an_outsider() {
    // 2-3-4-5 plus a pair of fives; 3-4-5-6 plus a lone one.
    check("2,3,4,5,5", [0, 2, 3, 4, 10, 0, 0, 0, 0, 30, 0, 0, 19]);
    check("1,3,4,5,6", [1, 0, 3, 4, 5, 6, 0, 0, 0, 30, 0, 0, 19]);
}

#[test]
fn gapped_rolls_are_not_small_straights() {
    // 1-2-3 . 5-6 and 1-2 . 4-5-6: longest run three.
    check("1,2,3,5,6", [1, 2, 3, 0, 5, 6, 0, 0, 0, 0, 0, 0, 17]);
    check("1,2,4,5,6", [1, 2, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0, 18]);
    check("1,2,2,3,5", [1, 4, 3, 0, 5, 0, 0, 0, 0, 0, 0, 0, 13]);
}

#[test]
fn full_house_needs_three_and_two_of_different_faces() {
    // The other way round from the seed example, with ones and sixes.
    check("2,2,3,3,3", [0, 4, 9, 0, 0, 0, 13, 0, 25, 0, 0, 0, 13]);
    check("1,1,1,6,6", [3, 0, 0, 0, 0, 12, 15, 0, 25, 0, 0, 0, 15]);
    // Two pairs: nothing in 3K or FH.
    check("1,1,2,2,3", [2, 4, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
    // Four and one: four of a kind, not a full house.
    check("6,6,6,6,5", [0, 0, 0, 0, 5, 24, 29, 29, 0, 0, 0, 0, 29]);
    check("1,1,1,1,2", [4, 2, 0, 0, 0, 0, 6, 6, 0, 0, 0, 0, 6]);
}

#[test]
fn five_of_a_kind_is_not_a_full_house_without_joker() {
    for face in 1..=6u32 {
        let roll = face.to_string().repeat(5);
        let sum = 5 * face;
        let mut expected = [0; 13];
        expected[face as usize - 1] = sum;
        expected[THREE_K] = sum;
        expected[FOUR_K] = sum;
        expected[YAHTZEE] = 50;
        expected[CHANCE] = sum;
        check(&roll, expected);
    }
}

#[test]
fn dice_order_and_spelling_do_not_matter() {
    let rules = forced();
    assert_eq!(all_scores(rules, "5,4,3,1,1"), all_scores(rules, "11345"));
    assert_eq!(
        all_scores(rules, "6 4 2 3 5"),
        all_scores(rules, "2,3,4,5,6")
    );
    assert_eq!(all_scores(rules, "53533"), all_scores(rules, "3,3,3,5,5"));
}

/// An independent, definition-by-definition scorer over sorted faces, compared with the
/// library for all 252 rolls.
#[test]
fn every_roll_matches_an_independent_scorer() {
    let mut rolls = 0;
    for a in 1..=6u8 {
        for b in a..=6 {
            for c in b..=6 {
                for d in c..=6 {
                    for e in d..=6 {
                        rolls += 1;
                        let faces = [a, b, c, d, e];
                        let dice = Dice::from_faces(&faces).unwrap();
                        let sum: u32 = faces.iter().map(|&f| u32::from(f)).sum();
                        let count = |f: u8| faces.iter().filter(|&&x| x == f).count();
                        let counts: Vec<usize> = (1..=6).map(count).collect();
                        let max = *counts.iter().max().unwrap();
                        let has = |f: u8| count(f) > 0;
                        let run = |lo: u8, len: u8| (lo..lo + len).all(has);
                        let mut expected = [0u32; 13];
                        for f in 1..=6u8 {
                            expected[usize::from(f - 1)] = u32::from(f) * count(f) as u32;
                        }
                        expected[THREE_K] = if max >= 3 { sum } else { 0 };
                        expected[FOUR_K] = if max >= 4 { sum } else { 0 };
                        expected[FULL_HOUSE] = if counts.contains(&3) && counts.contains(&2) {
                            25
                        } else {
                            0
                        };
                        expected[SMALL] = if run(1, 4) || run(2, 4) || run(3, 4) {
                            30
                        } else {
                            0
                        };
                        expected[LARGE] = if run(1, 5) || run(2, 5) { 40 } else { 0 };
                        expected[YAHTZEE] = if max == 5 { 50 } else { 0 };
                        expected[CHANCE] = sum;
                        for rules in [forced(), free()] {
                            for (i, c) in Category::ALL.into_iter().enumerate() {
                                assert_eq!(
                                    rules.score(c, &dice),
                                    expected[i],
                                    "{c} of {dice:?} under {}",
                                    rules.name
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(rolls, 252);
}

// ---------------------------------------------------------------------------------------
// 2. Joker rules and the extra-Yahtzee bonus, through `for_each_move`.
// ---------------------------------------------------------------------------------------

#[test]
fn not_an_extra_yahtzee_while_the_yahtzee_box_is_open() {
    // Empty card, 4-4-4-4-4: every box open, normal scores, no bonus, full house 0.
    let expected = vec![
        (ONES, 0, 0),
        (TWOS, 0, 0),
        (THREES, 0, 0),
        (FOURS, 20, 0),
        (FIVES, 0, 0),
        (SIXES, 0, 0),
        (THREE_K, 20, 0),
        (FOUR_K, 20, 0),
        (FULL_HOUSE, 0, 0),
        (SMALL, 0, 0),
        (LARGE, 0, 0),
        (YAHTZEE, 50, 0),
        (CHANCE, 20, 0),
    ];
    for rules in [forced(), free()] {
        assert_eq!(
            moves(rules, State::START, "44444"),
            expected,
            "{}",
            rules.name
        );
        assert!(!rules.is_extra_yahtzee(State::START, &dice("44444")));
    }
    // Fours already filled, Yahtzee box still open: still no Joker (FH 0, straights 0),
    // and the forced rule does not restrict the boxes.
    let s = State::new(bit(FOURS), 20, false);
    let expected = vec![
        (ONES, 0, 0),
        (TWOS, 0, 0),
        (THREES, 0, 0),
        (FIVES, 0, 0),
        (SIXES, 0, 0),
        (THREE_K, 20, 0),
        (FOUR_K, 20, 0),
        (FULL_HOUSE, 0, 0),
        (SMALL, 0, 0),
        (LARGE, 0, 0),
        (YAHTZEE, 50, 0),
        (CHANCE, 20, 0),
    ];
    for rules in [forced(), free()] {
        assert_eq!(moves(rules, s, "44444"), expected, "{}", rules.name);
    }
}

#[test]
fn scoring_50_in_the_yahtzee_box_sets_the_flag_and_0_does_not() {
    for rules in [forced(), free()] {
        let mut fifty = None;
        let mut zero = None;
        rules.for_each_move(State::START, &dice("22222"), |m| {
            if m.box_index == YAHTZEE {
                fifty = Some(m.next);
            }
        });
        rules.for_each_move(State::START, &dice("12345"), |m| {
            if m.box_index == YAHTZEE {
                zero = Some(m.next);
            }
        });
        assert_eq!(fifty, Some(State::new(bit(YAHTZEE), 0, true)));
        assert_eq!(zero, Some(State::new(bit(YAHTZEE), 0, false)));
    }
}

#[test]
fn no_bonus_without_five_of_a_kind() {
    // Yahtzee box holds 50, but 4-4-4-4-5 is no Yahtzee: normal scoring, no bonus.
    let s = State::new(bit(YAHTZEE), 0, true);
    let expected = vec![
        (ONES, 0, 0),
        (TWOS, 0, 0),
        (THREES, 0, 0),
        (FOURS, 16, 0),
        (FIVES, 5, 0),
        (SIXES, 0, 0),
        (THREE_K, 21, 0),
        (FOUR_K, 21, 0),
        (FULL_HOUSE, 0, 0),
        (SMALL, 0, 0),
        (LARGE, 0, 0),
        (CHANCE, 21, 0),
    ];
    for rules in [forced(), free()] {
        assert_eq!(moves(rules, s, "44445"), expected, "{}", rules.name);
    }
}

#[test]
fn forced_rule_1_matching_upper_box_open_is_the_only_move() {
    let rules = forced();
    // Only the Yahtzee box filled (holding 50): 3-3-3-3-3 must go in Threes, +100.
    let s = State::new(bit(YAHTZEE), 0, true);
    assert_eq!(moves(rules, s, "33333"), vec![(THREES, 15, 100)]);
    // Yahtzee box holding 0: same forced box, no bonus.
    let s = State::new(bit(YAHTZEE), 0, false);
    assert_eq!(moves(rules, s, "33333"), vec![(THREES, 15, 0)]);
    // The matching upper box wins whatever else is open: here only Ones and Chance besides.
    let s = State::new(ALL_MASK & !bit(SIXES) & !bit(ONES) & !bit(CHANCE), 40, true);
    assert_eq!(moves(rules, s, "66666"), vec![(SIXES, 30, 100)]);
    // Every lower box filled (Yahtzee holding 0), every upper box open: Ones only.
    let s = State::new(LOWER_MASK, 0, false);
    assert_eq!(moves(rules, s, "11111"), vec![(ONES, 5, 0)]);
}

#[test]
fn forced_rule_1_move_carries_the_upper_bonus_and_next_state() {
    let rules = forced();
    // Upper total 40, 6-6-6-6-6 forced into Sixes: 40 + 30 crosses 63.
    let s = State::new(bit(YAHTZEE) | bit(ONES), 40, true);
    let mut all = Vec::new();
    rules.for_each_move(s, &dice("66666"), |m| all.push(m));
    assert_eq!(all.len(), 1);
    let m = all[0];
    assert_eq!(
        (m.box_index, m.score, m.upper_bonus, m.yahtzee_bonus),
        (SIXES, 30, 35, 100)
    );
    assert_eq!(m.points(), 165);
    assert_eq!(
        m.next,
        State::new(bit(YAHTZEE) | bit(ONES) | bit(SIXES), 63, true)
    );
}

#[test]
fn forced_rule_2_upper_filled_gives_only_open_lower_boxes_as_joker() {
    let rules = forced();
    // Fours and Yahtzee filled; all other upper boxes open, all other lower boxes open.
    for (flag, bonus) in [(true, 100), (false, 0)] {
        let s = State::new(bit(FOURS) | bit(YAHTZEE), 12, flag);
        assert_eq!(
            moves(rules, s, "44444"),
            vec![
                (THREE_K, 20, bonus),
                (FOUR_K, 20, bonus),
                (FULL_HOUSE, 25, bonus),
                (SMALL, 30, bonus),
                (LARGE, 40, bonus),
                (CHANCE, 20, bonus),
            ],
            "yahtzee_50={flag}"
        );
    }
    // Sixes: sums of 30.
    let s = State::new(bit(SIXES) | bit(YAHTZEE), 18, true);
    assert_eq!(
        moves(rules, s, "66666"),
        vec![
            (THREE_K, 30, 100),
            (FOUR_K, 30, 100),
            (FULL_HOUSE, 25, 100),
            (SMALL, 30, 100),
            (LARGE, 40, 100),
            (CHANCE, 30, 100),
        ]
    );
}

#[test]
fn forced_rule_2_with_some_lower_boxes_filled() {
    let rules = forced();
    // Ones filled, only Full House and Large Straight open in the lower section; Twos and
    // Fives open in the upper section but not allowed.
    let filled = ALL_MASK & !bit(TWOS) & !bit(FIVES) & !bit(FULL_HOUSE) & !bit(LARGE);
    let s = State::new(filled, 30, true);
    assert_eq!(
        moves(rules, s, "11111"),
        vec![(FULL_HOUSE, 25, 100), (LARGE, 40, 100)]
    );
    // Only Small Straight left in the lower section, Yahtzee box holds 0.
    let filled = ALL_MASK & !bit(SMALL) & !bit(TWOS);
    let s = State::new(filled, 30, false);
    assert_eq!(moves(rules, s, "55555"), vec![(SMALL, 30, 0)]);
    // Only Chance left in the lower section: sum.
    let filled = ALL_MASK & !bit(CHANCE) & !bit(ONES);
    let s = State::new(filled, 30, true);
    assert_eq!(moves(rules, s, "55555"), vec![(CHANCE, 25, 100)]);
}

#[test]
fn forced_rule_3_upper_and_lower_filled_scores_zero_in_an_open_upper_box() {
    let rules = forced();
    // Fives and all lower boxes filled; Ones and Twos open.
    let filled = ALL_MASK & !bit(ONES) & !bit(TWOS);
    for (flag, bonus) in [(true, 100), (false, 0)] {
        let s = State::new(filled, 40, flag);
        assert_eq!(
            moves(rules, s, "55555"),
            vec![(ONES, 0, bonus), (TWOS, 0, bonus)],
            "yahtzee_50={flag}"
        );
    }
    // A single open upper box.
    let filled = ALL_MASK & !bit(SIXES);
    let s = State::new(filled, 40, true);
    assert_eq!(moves(rules, s, "22222"), vec![(SIXES, 0, 100)]);
}

#[test]
fn free_choice_matching_upper_open_any_box_without_joker_values() {
    let rules = free();
    // Only Yahtzee filled: any open box; Threes still open, so FH/SS/LS score 0.
    for (flag, bonus) in [(true, 100), (false, 0)] {
        let s = State::new(bit(YAHTZEE), 0, flag);
        assert_eq!(
            moves(rules, s, "33333"),
            vec![
                (ONES, 0, bonus),
                (TWOS, 0, bonus),
                (THREES, 15, bonus),
                (FOURS, 0, bonus),
                (FIVES, 0, bonus),
                (SIXES, 0, bonus),
                (THREE_K, 15, bonus),
                (FOUR_K, 15, bonus),
                (FULL_HOUSE, 0, bonus),
                (SMALL, 0, bonus),
                (LARGE, 0, bonus),
                (CHANCE, 15, bonus),
            ],
            "yahtzee_50={flag}"
        );
    }
}

#[test]
fn free_choice_matching_upper_filled_gives_full_joker_values() {
    let rules = free();
    // Threes and Yahtzee filled: any open box, FH/SS/LS at full value (also with the
    // Yahtzee box holding 0: the Joker depends on the box being filled, not on its score).
    for (flag, bonus) in [(true, 100), (false, 0)] {
        let s = State::new(bit(THREES) | bit(YAHTZEE), 9, flag);
        assert_eq!(
            moves(rules, s, "33333"),
            vec![
                (ONES, 0, bonus),
                (TWOS, 0, bonus),
                (FOURS, 0, bonus),
                (FIVES, 0, bonus),
                (SIXES, 0, bonus),
                (THREE_K, 15, bonus),
                (FOUR_K, 15, bonus),
                (FULL_HOUSE, 25, bonus),
                (SMALL, 30, bonus),
                (LARGE, 40, bonus),
                (CHANCE, 15, bonus),
            ],
            "yahtzee_50={flag}"
        );
    }
}

#[test]
fn free_choice_upper_box_allowed_even_when_lower_boxes_are_open() {
    let rules = free();
    // Unlike the forced rule, an open upper box of another face may take the roll for 0
    // while lower boxes are still open; and the matching upper box is not forced.
    let filled = ALL_MASK & !bit(ONES) & !bit(SIXES) & !bit(FULL_HOUSE) & !bit(SMALL);
    let s = State::new(filled, 50, true);
    assert_eq!(
        moves(rules, s, "66666"),
        vec![
            (ONES, 0, 100),
            (SIXES, 30, 100),
            (FULL_HOUSE, 0, 100),
            (SMALL, 0, 100)
        ]
    );
    // Same card with Sixes filled instead of Fives: full Joker values.
    let filled = ALL_MASK & !bit(ONES) & !bit(FIVES) & !bit(FULL_HOUSE) & !bit(SMALL);
    let s = State::new(filled, 50, true);
    assert_eq!(
        moves(rules, s, "66666"),
        vec![
            (ONES, 0, 100),
            (FIVES, 0, 100),
            (FULL_HOUSE, 25, 100),
            (SMALL, 30, 100)
        ]
    );
    // Forced rule on those two cards, for contrast: rule 1, then rule 2.
    let filled = ALL_MASK & !bit(ONES) & !bit(SIXES) & !bit(FULL_HOUSE) & !bit(SMALL);
    assert_eq!(
        moves(forced(), State::new(filled, 50, true), "66666"),
        vec![(SIXES, 30, 100)]
    );
    let filled = ALL_MASK & !bit(ONES) & !bit(FIVES) & !bit(FULL_HOUSE) & !bit(SMALL);
    assert_eq!(
        moves(forced(), State::new(filled, 50, true), "66666"),
        vec![(FULL_HOUSE, 25, 100), (SMALL, 30, 100)]
    );
}

#[test]
fn free_choice_only_upper_boxes_left() {
    let rules = free();
    let filled = ALL_MASK & !bit(ONES) & !bit(TWOS);
    let s = State::new(filled, 40, true);
    assert_eq!(
        moves(rules, s, "55555"),
        vec![(ONES, 0, 100), (TWOS, 0, 100)]
    );
}

#[test]
fn full_card_has_no_moves() {
    for rules in [forced(), free()] {
        assert!(moves(rules, State::new(ALL_MASK, 63, true), "66666").is_empty());
    }
}

// ---------------------------------------------------------------------------------------
// 3. `place`: the upper bonus, the cap at 63 and the Yahtzee flag.
// ---------------------------------------------------------------------------------------

#[test]
fn place_upper_bonus_exactly_when_crossing_63() {
    for rules in [forced(), free()] {
        // 60 + 3 = 63: bonus.
        let (next, bonus) = rules.place(State::new(0, 60, false), THREES, 3);
        assert_eq!((next, bonus), (State::new(bit(THREES), 63, false), 35));
        // 60 + 6 = 66: bonus, total capped at 63.
        let (next, bonus) = rules.place(State::new(0, 60, false), TWOS, 6);
        assert_eq!((next, bonus), (State::new(bit(TWOS), 63, false), 35));
        assert_eq!(next.upper(), 63);
        // 62 + 0: no bonus.
        let (next, bonus) = rules.place(State::new(0, 62, false), ONES, 0);
        assert_eq!((next, bonus), (State::new(bit(ONES), 62, false), 0));
        // 57 + 5 = 62: one short, no bonus.
        let (next, bonus) = rules.place(State::new(0, 57, false), FIVES, 5);
        assert_eq!((next, bonus), (State::new(bit(FIVES), 62, false), 0));
        // Already at 63 (capped): no second bonus.
        let (next, bonus) = rules.place(State::new(0, 63, false), SIXES, 18);
        assert_eq!((next, bonus), (State::new(bit(SIXES), 63, false), 0));
        // From 0: 30 in Sixes, nothing.
        let (next, bonus) = rules.place(State::START, SIXES, 30);
        assert_eq!((next, bonus), (State::new(bit(SIXES), 30, false), 0));
        // A lower box never changes the upper total, nor gives the upper bonus.
        let (next, bonus) = rules.place(State::new(bit(ONES), 62, false), CHANCE, 30);
        assert_eq!(
            (next, bonus),
            (State::new(bit(ONES) | bit(CHANCE), 62, false), 0)
        );
    }
}

#[test]
fn place_yahtzee_flag() {
    for rules in [forced(), free()] {
        let (next, bonus) = rules.place(State::START, YAHTZEE, 50);
        assert_eq!((next, bonus), (State::new(bit(YAHTZEE), 0, true), 0));
        assert!(next.yahtzee_50());
        let (next, _) = rules.place(State::START, YAHTZEE, 0);
        assert_eq!(next, State::new(bit(YAHTZEE), 0, false));
        assert!(!next.yahtzee_50());
        // The flag stays set through later moves.
        let (after, _) = rules.place(State::new(bit(YAHTZEE), 10, true), FOUR_K, 30);
        assert_eq!(after, State::new(bit(YAHTZEE) | bit(FOUR_K), 10, true));
        // 50 anywhere else sets nothing.
        let (after, _) = rules.place(State::START, CHANCE, 30);
        assert!(!after.yahtzee_50());
    }
}

// ---------------------------------------------------------------------------------------
// 4. `Scorecard::parse`.
// ---------------------------------------------------------------------------------------

#[test]
fn scorecard_aliases() {
    let rules = forced();
    let card = Scorecard::parse(rules, "aces=3 3k=20 4k=18 fh=25 ss=30 ls=40 yz=50").unwrap();
    assert_eq!(card.score(Category::Ones), Some(3));
    assert_eq!(card.score(Category::ThreeOfAKind), Some(20));
    assert_eq!(card.score(Category::FourOfAKind), Some(18));
    assert_eq!(card.score(Category::FullHouse), Some(25));
    assert_eq!(card.score(Category::SmallStraight), Some(30));
    assert_eq!(card.score(Category::LargeStraight), Some(40));
    assert_eq!(card.score(Category::Yahtzee), Some(50));
    assert_eq!(card.score(Category::Twos), None);
    assert_eq!(card.score(Category::Chance), None);
    assert_eq!(card.upper_total(), 3);
    assert_eq!(card.total(), 3 + 20 + 18 + 25 + 30 + 40 + 50);
    let filled = bit(ONES)
        | bit(THREE_K)
        | bit(FOUR_K)
        | bit(FULL_HOUSE)
        | bit(SMALL)
        | bit(LARGE)
        | bit(YAHTZEE);
    assert_eq!(card.state(), State::new(filled, 3, true));
    assert!(!card.is_full());
}

#[test]
fn scorecard_canonical_names_commas_and_colons() {
    let rules = forced();
    let card = Scorecard::parse(
        rules,
        "ones=3,twos:6 threes=9 fours=12 fives=15 sixes=18 chance=22",
    )
    .unwrap();
    assert_eq!(card.upper_total(), 63);
    // 63 boxes + 35 upper bonus + 22 chance.
    assert_eq!(card.total(), 63 + 35 + 22);
    assert_eq!(
        card.state(),
        State::new(UPPER_MASK | bit(CHANCE), 63, false)
    );
}

#[test]
fn scorecard_yahtzee_bonus_with_yahtzee_50() {
    let rules = forced();
    let card = Scorecard::parse(rules, "yz=50 chance=20 yahtzee_bonus=100").unwrap();
    assert_eq!(card.yahtzee_bonus(), 100);
    assert_eq!(card.total(), 170);
    assert_eq!(
        card.state(),
        State::new(bit(YAHTZEE) | bit(CHANCE), 0, true)
    );
    // Bonus given before the Yahtzee box: order does not matter.
    let card2 = Scorecard::parse(rules, "yahtzee_bonus=100 chance=20 yahtzee=50").unwrap();
    assert_eq!(card2, card);
    // Yahtzee box holding 0: the state flag is off.
    let card = Scorecard::parse(rules, "yahtzee=0").unwrap();
    assert_eq!(card.state(), State::new(bit(YAHTZEE), 0, false));
}

#[test]
fn scorecard_rejects_impossible_scores() {
    let rules = forced();
    assert!(matches!(
        Scorecard::parse(rules, "twos=7"),
        Err(ScorecardError::Impossible("twos", 7, _))
    ));
    assert!(matches!(
        Scorecard::parse(rules, "full_house=20"),
        Err(ScorecardError::Impossible("full_house", 20, _))
    ));
    assert!(matches!(
        Scorecard::parse(rules, "ls=30"),
        Err(ScorecardError::Impossible("large_straight", 30, _))
    ));
    assert!(matches!(
        Scorecard::parse(rules, "yahtzee=25"),
        Err(ScorecardError::Impossible("yahtzee", 25, _))
    ));
    assert!(matches!(
        Scorecard::parse(rules, "sixes=36"),
        Err(ScorecardError::Impossible("sixes", 36, _))
    ));
    // The least three of a kind is 1-1-1-1-1 (5) ... 4 is impossible, 5 and 30 are fine.
    assert!(matches!(
        Scorecard::parse(rules, "3k=4"),
        Err(ScorecardError::Impossible("three_of_a_kind", 4, _))
    ));
    assert!(Scorecard::parse(rules, "3k=5 4k=30 chance=5").is_ok());
    // Zero (a scratch) is allowed wherever a roll scores 0: everywhere but Chance, whose
    // least score is 1-1-1-1-1.
    assert!(Scorecard::parse(rules, "twos=0 fh=0 ss=0 ls=0 yz=0 3k=0").is_ok());
    for rules in RuleSet::every() {
        assert_eq!(
            Scorecard::parse(rules, "chance=0").unwrap_err().to_string(),
            format!(
                "chance can never hold 0 (possible: {})",
                (5..=30)
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            "{}",
            rules.name
        );
    }
}

#[test]
fn scorecard_rejects_unknown_and_duplicate_boxes() {
    let rules = forced();
    assert!(matches!(
        Scorecard::parse(rules, "sevens=7"),
        Err(ScorecardError::UnknownBox(name, _)) if name == "sevens"
    ));
    assert_eq!(
        Scorecard::parse(rules, "ones=3 ones=3"),
        Err(ScorecardError::Duplicate("ones"))
    );
    // The same box under two spellings.
    assert_eq!(
        Scorecard::parse(rules, "ones=3 aces=2"),
        Err(ScorecardError::Duplicate("ones"))
    );
    assert_eq!(
        Scorecard::parse(rules, "fh=25 full_house=0"),
        Err(ScorecardError::Duplicate("full_house"))
    );
    assert!(matches!(
        Scorecard::parse(rules, "ones"),
        Err(ScorecardError::Syntax(_))
    ));
    assert!(matches!(
        Scorecard::parse(rules, "ones=x"),
        Err(ScorecardError::NotANumber("ones", _))
    ));
}

#[test]
fn scorecard_rejects_yahtzee_bonus_without_yahtzee_50() {
    let rules = forced();
    assert_eq!(
        Scorecard::parse(rules, "yahtzee_bonus=100"),
        Err(ScorecardError::BonusWithoutYahtzee(100))
    );
    assert_eq!(
        Scorecard::parse(rules, "yahtzee=0 chance=20 yahtzee_bonus=100"),
        Err(ScorecardError::BonusWithoutYahtzee(100))
    );
    assert_eq!(
        Scorecard::parse(rules, "yz=50 chance=20 yahtzee_bonus=150"),
        Err(ScorecardError::BonusNotMultiple(100, 150))
    );
    // A bonus needs a turn after the Yahtzee box was filled.
    assert_eq!(
        Scorecard::parse(rules, "yz=50 yahtzee_bonus=100"),
        Err(ScorecardError::TooManyBonuses(100, 1, 0))
    );
    // A zero bonus needs nothing.
    assert!(Scorecard::parse(rules, "yahtzee_bonus=0").is_ok());
}
