//! Multipliers, upper bonuses and both variants' extra-Yahtzee rules, scored by hand on
//! concrete cards.

use yahtzee_rules::Dice;
use yahtzee_triple::{Triple, TripleCard, TripleMove, Variant};

fn card(variant: Variant, text: &str) -> TripleCard {
    TripleCard::parse(Triple::standard(variant), text).expect("valid card")
}

/// Legal moves as (column 1-3, box name, points, Yahtzee bonus).
fn moves(c: &TripleCard, dice: &str) -> Vec<(usize, &'static str, u32, u32)> {
    let game = c.game();
    let dice = Dice::parse_roll(dice).expect("dice");
    game.moves(&c.state(), &dice)
        .iter()
        .map(|m: &TripleMove| {
            (
                m.col + 1,
                game.rules.boxes[m.box_index].name(),
                m.points,
                m.yahtzee_bonus,
            )
        })
        .collect()
}

fn find(c: &TripleCard, dice: &str, col: usize, name: &str) -> Option<(u32, u32)> {
    moves(c, dice)
        .into_iter()
        .find(|m| m.0 == col && m.1 == name)
        .map(|m| (m.2, m.3))
}

#[test]
fn columns_are_multiplied_with_their_upper_bonus() {
    // Column 1: 3 + 25 = 28. Column 2: upper 4+8+12+16+20+24 = 84 >= 63, bonus 35:
    // (84 + 35 + 30) x 2 = 298. Column 3: 50 + 22 = 72, x 3 = 216. Chips 100 not multiplied.
    let c = card(
        Variant::Lowe1978,
        "1.ones=3 1.fh=25 2.ones=4 2.twos=8 2.threes=12 2.fours=16 2.fives=20 2.sixes=24 \
         2.ss=30 3.yahtzee=50 3.chance=22 bonus=100",
    );
    assert_eq!(c.column_total(0), 28);
    assert_eq!(c.upper_bonus(1), 35);
    assert_eq!(c.column_total(1), 84 + 35 + 30);
    assert_eq!(c.column_total(2), 72);
    assert_eq!(c.total(), 28 + 2 * 149 + 3 * 72 + 100);
}

#[test]
fn a_move_pays_its_column_multiplier_and_the_upper_bonus_once() {
    let c = card(Variant::Lowe1978, "2.sixes=30 2.fives=25");
    // Column 2 upper total 55; 33345 in threes adds 9 -> 64 >= 63: (9 + 35) x 2.
    assert_eq!(find(&c, "33345", 2, "threes"), Some((88, 0)));
    // The same in column 3: 9 x 3, no bonus; in column 1: 9.
    assert_eq!(find(&c, "33345", 3, "threes"), Some((27, 0)));
    assert_eq!(find(&c, "33345", 1, "threes"), Some((9, 0)));
    // Every open box of every column is offered for an ordinary roll: 37 of them.
    assert_eq!(moves(&c, "33345").len(), 37);
}

#[test]
fn lowe_1978_extra_yahtzee_is_a_forced_joker_within_its_column_with_a_chip() {
    let c = card(Variant::Lowe1978, "3.yahtzee=50");
    // Columns 1 and 2 have their Yahtzee box open: ordinary roll there.
    assert_eq!(find(&c, "66666", 1, "yahtzee"), Some((50, 0)));
    assert_eq!(find(&c, "66666", 2, "yahtzee"), Some((100, 0)));
    assert_eq!(find(&c, "66666", 2, "full_house"), Some((0, 0)));
    // Column 3: extra Yahtzee, Sixes open there: only Sixes, 30 x 3 + chip 100.
    let col3: Vec<_> = moves(&c, "66666")
        .into_iter()
        .filter(|m| m.0 == 3)
        .collect();
    assert_eq!(col3, vec![(3, "sixes", 190, 100)]);
}

#[test]
fn lowe_1978_joker_in_the_lower_section_and_no_chip_on_a_zero() {
    let c = card(Variant::Lowe1978, "3.yahtzee=50 3.sixes=24");
    // Sixes filled in column 3: any open lower box of column 3 at Joker value, plus chip.
    assert_eq!(
        find(&c, "66666", 3, "large_straight"),
        Some((40 * 3 + 100, 100))
    );
    assert_eq!(
        find(&c, "66666", 3, "full_house"),
        Some((25 * 3 + 100, 100))
    );
    assert_eq!(find(&c, "66666", 3, "ones"), None);
    // A zero in column 2's Yahtzee box: the Joker applies there, no chip.
    let z = card(Variant::Lowe1978, "2.yahtzee=0 2.sixes=24");
    assert_eq!(find(&z, "66666", 2, "small_straight"), Some((60, 0)));
}

#[test]
fn forum_first_yahtzee_is_an_ordinary_roll() {
    let c = card(Variant::Forum, "");
    assert_eq!(find(&c, "55555", 3, "yahtzee"), Some((150, 0)));
    assert_eq!(find(&c, "55555", 1, "full_house"), Some((0, 0)));
    assert_eq!(find(&c, "55555", 2, "fives"), Some((50, 0)));
}

#[test]
fn forum_second_and_third_yahtzee_go_in_a_yahtzee_box_with_100_per_column() {
    let c = card(Variant::Forum, "3.yahtzee=50");
    assert_eq!(
        moves(&c, "22222"),
        vec![
            (1, "yahtzee", 50 + 100, 100),
            (2, "yahtzee", 100 + 200, 200)
        ]
    );
    let third = card(Variant::Forum, "1.yahtzee=50 3.yahtzee=50");
    assert_eq!(moves(&third, "22222"), vec![(2, "yahtzee", 300, 200)]);
}

#[test]
fn forum_second_yahtzee_without_a_yahtzee_box_goes_upper_then_joker_without_bonus() {
    let c = card(Variant::Forum, "1.yz=50 2.yz=0 3.yz=50 1.twos=4");
    // Twos open in columns 2 and 3: only there, 10 x column, no bonus (not in a Yahtzee box).
    assert_eq!(
        moves(&c, "22222"),
        vec![(2, "twos", 20, 0), (3, "twos", 30, 0)]
    );
    let j = card(
        Variant::Forum,
        "1.yz=50 2.yz=0 3.yz=50 1.twos=4 2.twos=6 3.twos=8",
    );
    assert_eq!(find(&j, "22222", 3, "large_straight"), Some((120, 0)));
    assert_eq!(find(&j, "22222", 1, "chance"), Some((10, 0)));
    assert_eq!(find(&j, "22222", 1, "ones"), None);
}

#[test]
fn forum_fourth_yahtzee_earns_300_only_with_three_fifties() {
    let all = card(Variant::Forum, "1.yz=50 2.yz=50 3.yz=50");
    assert_eq!(find(&all, "44444", 1, "fours"), Some((20 + 300, 300)));
    assert_eq!(find(&all, "44444", 3, "fours"), Some((60 + 300, 300)));
    let zero = card(Variant::Forum, "1.yz=0 2.yz=50 3.yz=50 yahtzees=3");
    assert_eq!(find(&zero, "44444", 1, "fours"), Some((20, 0)));
    // A 4th Yahtzee (the 1st went in Sixes) that fills the last Yahtzee box: 300.
    let last = card(Variant::Forum, "1.sixes=30 2.yz=50 3.yz=50 yahtzees=3");
    assert_eq!(moves(&last, "11111"), vec![(1, "yahtzee", 50 + 300, 300)]);
}

#[test]
fn forum_upper_bonus_is_the_column_multiple() {
    // The forum's 126 / 70 in column 2 is column 2's 63 / 35, doubled.
    let c = card(Variant::Forum, "2.sixes=30 2.fives=25 2.fours=4");
    // Upper total 59; four ones make 63: (4 + 35) x 2.
    assert_eq!(find(&c, "11116", 2, "ones"), Some((2 * (4 + 35), 0)));
}
