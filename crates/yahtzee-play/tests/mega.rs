//! House rule "mega-yahtzee" in play: the sixth die taken before a turn's first roll,
//! six-dice rolls and keeps, five of the six scored (checked by hand), the Mega bonus, and
//! records that replay and review such a turn.

use yahtzee_play::{Event, Game, PlayError, Record};
use yahtzee_rules::{Category, Dice, RuleSet};

fn dice(s: &str) -> Dice {
    Dice::parse_keep_up_to(s, 6).unwrap()
}

fn game(rules: &str) -> Game {
    Game::new(
        RuleSet::by_name(rules).unwrap(),
        vec![("Ann".into(), false)],
    )
}

#[test]
fn six_dice_score_their_best_five_in_the_chosen_box() {
    let mut g = game("forced+mega-yahtzee");
    assert_eq!(g.dice_per_roll(), 5);
    g.take_sixth_die().unwrap();
    assert_eq!(g.dice_per_roll(), 6);
    // Five dice on the Mega turn are refused.
    let err = g.roll(dice("12345")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the roll 12345 has 5 dice; this turn rolls 6"
    );
    g.roll(dice("222336")).unwrap();
    // Every box with the five dice that score most there.
    let moves: Vec<(Category, u32, String)> = g
        .moves_with_dice()
        .into_iter()
        .map(|(m, d)| (g.rules().boxes[m.box_index], m.score, d.to_string()))
        .collect();
    let find = |c: Category| moves.iter().find(|m| m.0 == c).cloned().unwrap();
    assert_eq!(
        find(Category::FullHouse),
        (Category::FullHouse, 25, "22233".into())
    );
    // Ties go to the first five found, dropping the lowest face first.
    assert_eq!(find(Category::Twos), (Category::Twos, 6, "22236".into()));
    assert_eq!(find(Category::Sixes), (Category::Sixes, 6, "22336".into()));
    assert_eq!(
        find(Category::Chance),
        (Category::Chance, 16, "22336".into())
    );
    assert_eq!(
        find(Category::ThreeOfAKind),
        (Category::ThreeOfAKind, 15, "22236".into())
    );
    assert_eq!(find(Category::Yahtzee).1, 0);
    // Keeps of up to six dice, then scoring picks the best five.
    g.keep(dice("2223")).unwrap();
    g.roll(dice("222333")).unwrap();
    let m = g.score(Category::FullHouse).unwrap();
    assert_eq!(m.score, 25);
    let card = &g.players()[0].card;
    assert!(card.mega_used() && card.mega_bonus() == 0);
    assert_eq!(card.total(), 25);
    // The next turn is five dice again, and the sixth die is gone.
    assert_eq!(g.dice_per_roll(), 5);
    assert_eq!(g.take_sixth_die(), Err(PlayError::SixthDieUsed));
}

#[test]
fn six_of_a_kind_is_a_yahtzee_plus_the_mega_bonus() {
    let mut g = game("forced+mega-yahtzee=500");
    g.take_sixth_die().unwrap();
    g.roll(dice("444444")).unwrap();
    let m = g.score(Category::Yahtzee).unwrap();
    assert_eq!(m.score, 50);
    let card = &g.players()[0].card;
    assert_eq!(card.mega_bonus(), 500);
    assert_eq!(card.total(), 550);
}

#[test]
fn the_sixth_die_is_taken_once_before_a_first_roll() {
    let mut g = game("forced+mulligan+mega-yahtzee");
    g.roll(dice("12345")).unwrap();
    assert_eq!(g.take_sixth_die(), Err(PlayError::SixthDieTooLate));
    g.score(Category::Chance).unwrap();
    g.take_sixth_die().unwrap();
    for roll in ["111222", "111223", "111224"] {
        g.roll(dice(roll)).unwrap();
        if g.rolls_left() > 0 {
            g.keep(dice("111")).unwrap();
        }
    }
    // No mulligan on the Mega turn.
    assert_eq!(g.mulligan(dice("111")), Err(PlayError::MulliganOnMega));
    let mut plain = game("forced");
    assert_eq!(
        plain.take_sixth_die(),
        Err(PlayError::NoHouseRule("mega-yahtzee"))
    );
}

#[test]
fn a_record_with_the_sixth_die_replays_and_writes_back() {
    let text = "# yahtzee game record 1\nrules forced+mega-yahtzee\nseed 1\nplayer Ann\n\
                turn 1 Ann\nsixth-die\nroll 1 1 2 4 4 6\nkeep 4 4\nroll 4 4 4 4 5 6\n\
                keep 4 4 4 4\nroll 4 4 4 4 4 4\nscore yahtzee\nturn 2 Ann\nroll 1 2 3 4 5\n";
    let record = Record::parse(text).unwrap();
    assert!(record.events.iter().any(|(_, e)| *e == Event::SixthDie));
    let game = record.replay(|_, _, _| Ok(())).unwrap();
    assert_eq!(game.players()[0].card.total(), 1050);
    assert_eq!(
        Record::parse(&record.to_text()).unwrap().events,
        record.events
    );
    // A sixth die taken after the first roll is refused with its line.
    let late = text.replace(
        "sixth-die\nroll 1 1 2 4 4 6\n",
        "roll 1 1 2 4 4\nsixth-die\n",
    );
    let e = Record::parse(&late)
        .unwrap()
        .replay(|_, _, _| Ok(()))
        .unwrap_err();
    assert_eq!(
        (e.line, e.message.as_str()),
        (7, "the sixth die is taken before the turn's first roll")
    );
}
