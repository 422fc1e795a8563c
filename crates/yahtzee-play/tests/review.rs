//! Records read and replayed line by line, every malformed line reported with its number,
//! and reviews whose costs are the solver's values.

use std::sync::OnceLock;

use yahtzee_advice::{Advisor, Choice};
use yahtzee_play::{review, Event, Game, Record};
use yahtzee_rules::{Category, Dice, RuleSet};
use yahtzee_table::{write_table, Table};

fn advisor() -> &'static Advisor {
    static A: OnceLock<(tempfile::TempDir, Advisor)> = OnceLock::new();
    &A.get_or_init(|| {
        let rules = RuleSet::by_name("forced").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("forced.table");
        write_table(&path, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
        let advisor = Advisor::new(Table::open(&path, rules).unwrap());
        (dir, advisor)
    })
    .1
}

const HEAD: &str = "# yahtzee game record 1\nrules forced\nseed 3\nplayer Ann\n";

/// The error for a record whose lines after the header are `body`.
fn error(body: &str) -> (usize, String) {
    let text = format!("{HEAD}{body}");
    let e = match Record::parse(&text) {
        Err(e) => e,
        Ok(r) => review(&r, advisor()).expect_err("a malformed record"),
    };
    (e.line, e.message)
}

#[test]
fn every_malformed_line_is_reported_with_its_number() {
    let cases: &[(&str, usize, &str)] = &[
        ("turn 1 Ann\nrol 12345\n", 6, "expected rules, seed, player"),
        ("turn 1 Ann\nroll 1234\n", 6, "roll '1234'"),
        ("turn 1 Ann\nroll 12347\n", 6, "roll '12347'"),
        ("turn 1 Ann\nroll 12345\nkeep 66\n", 7, "cannot keep 66"),
        ("turn 1 Ann\nroll 12345\nkeep 1x\n", 7, "'x' is not a face"),
        ("turn 1 Ann\nroll 12345\nkeep 12345\n", 7, "keep all five"),
        (
            "turn 1 Ann\nroll 12345\nkeep 12\nroll 33456\n",
            8,
            "does not contain the kept dice",
        ),
        (
            "turn 1 Ann\nroll 12345\nkeep 12\nscore chance\n",
            8,
            "roll the others first",
        ),
        (
            "turn 1 Ann\nroll 12345\nscore sevens\n",
            7,
            "unknown box 'sevens'",
        ),
        (
            "turn 1 Ann\nroll 12345\nroll 12345\n",
            7,
            "say which dice to keep",
        ),
        ("turn 1 Ann\nscore chance\n", 6, "roll the dice first"),
        ("turn 2 Ann\n", 5, "expected 'turn 1 Ann'"),
        ("turn 1 Bob\n", 5, "expected 'turn 1 Ann'"),
        ("turn x Ann\n", 5, "expected 'turn ROUND NAME'"),
        (
            "turn 1 Ann\nroll 12345\nscore ls\nturn 2 Ann\nroll 23456\nscore large_straight\n",
            10,
            "already filled",
        ),
        (
            "turn 1 Ann\nroll 12345\nkeep 1\nroll 11111\nkeep 1\nroll 11111\nkeep 11\n",
            11,
            "no rolls left",
        ),
        (
            "turn 1 Ann\nroll 12345\nscore one_pair\n",
            7,
            "not a box of this game",
        ),
        (
            "turn 1 Ann\nplayer Bob\n",
            6,
            "expected rules, seed, player",
        ),
    ];
    for (body, line, msg) in cases {
        let (l, m) = error(body);
        assert_eq!(l, *line, "{body:?}: {m}");
        assert!(m.contains(msg), "{body:?}: line {l}: {m}");
    }
    for (text, line, msg) in [
        ("", 1, "no 'rules' line"),
        ("roll 12345\n", 1, "starts with 'rules NAME'"),
        ("rules bogus\n", 1, "unknown rule set 'bogus'"),
        ("rules yatsy\n", 1, "did you mean yatzy?"),
        ("rules forced\n", 1, "no 'player' or 'bot' line"),
        ("rules forced\nseed -4\nplayer A\n", 2, "not a seed"),
        (
            "rules forced\nplayer A\nplayer A\n",
            3,
            "two players are called 'A'",
        ),
        ("rules forced\nplayer\n", 2, "needs a name"),
    ] {
        let e = Record::parse(text).expect_err(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.message.contains(msg), "{text:?}: {e}");
    }
}

/// A whole game played by `choose` (which picks an option from the advice), recorded.
fn play(
    seats: usize,
    seed: u64,
    mut choose: impl FnMut(&yahtzee_advice::Advice) -> Choice,
) -> Record {
    let rules = RuleSet::by_name("forced").unwrap();
    let players: Vec<(String, bool)> = (0..seats).map(|i| (format!("P{i}"), false)).collect();
    let mut game = Game::new(rules, players.clone());
    let mut record = Record::new(rules, Some(seed), players);
    let mut x = seed;
    let mut die = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % 6) as usize
    };
    let mut roll = |game: &mut Game, record: &mut Record| {
        let mut c = game.to_keep().counts();
        for _ in game.to_keep().len()..5 {
            c[die()] += 1;
        }
        let d = Dice::from_counts(c).unwrap();
        game.roll(d).unwrap();
        record.push(Event::Roll(d));
    };
    while !game.is_over() {
        record.push(Event::Turn {
            round: game.round(),
            player: game.current().name.clone(),
        });
        roll(&mut game, &mut record);
        loop {
            let advice = advisor()
                .advise(
                    &game.current().card,
                    game.dice().unwrap(),
                    game.rolls_left(),
                )
                .unwrap();
            match choose(&advice) {
                Choice::Keep(k) if k.len() < 5 => {
                    game.keep(k).unwrap();
                    record.push(Event::Keep(k));
                    roll(&mut game, &mut record);
                }
                Choice::Fill { category, .. } => {
                    game.score(category).unwrap();
                    record.push(Event::Score(category));
                    break;
                }
                _ => {
                    let boxes = advisor()
                        .advise(&game.current().card, game.dice().unwrap(), 0)
                        .unwrap();
                    let Choice::Fill { category, .. } = boxes.best().choice else {
                        unreachable!()
                    };
                    game.score(category).unwrap();
                    record.push(Event::Score(category));
                    break;
                }
            }
        }
    }
    record
}

#[test]
fn optimal_games_cost_nothing_and_survive_the_round_trip() {
    for seed in [1, 2, 3] {
        let record = play(2, seed, |a| a.best().choice);
        let again = Record::parse(&record.to_text()).unwrap();
        assert_eq!(again.to_text(), record.to_text());
        let r = review(&again, advisor()).unwrap();
        assert!(r.finished);
        assert!(r.decisions.len() >= 26);
        for d in &r.decisions {
            assert_eq!(d.cost, 0.0, "{d:?}");
        }
        assert!(r.players.iter().all(|p| p.cost == 0.0));
        assert!(r.biggest_mistakes(5).is_empty());
    }
}

#[test]
fn costs_are_the_differences_of_the_solver_values() {
    // Always take the second-best option that a record can hold (not "keep all five"):
    // every decision costs exactly its gap to the best expected value.
    let mut gaps = Vec::new();
    let record = play(1, 9, |a| {
        let playable: Vec<_> = a
            .options
            .iter()
            .filter(|o| !matches!(o.choice, Choice::Keep(k) if k.len() == 5))
            .collect();
        let o = playable.get(1).unwrap_or(&playable[0]);
        gaps.push(a.best().ev_remaining - o.ev_remaining);
        o.choice
    });
    let r = review(&record, advisor()).unwrap();
    assert_eq!(r.decisions.len(), gaps.len());
    for (d, gap) in r.decisions.iter().zip(&gaps) {
        assert!((d.cost - gap).abs() < 1e-12, "{d:?} vs {gap}");
    }
    let total: f64 = gaps.iter().sum();
    assert!((r.players[0].cost - total).abs() < 1e-9);
    assert!(total > 1.0);
    let worst = r.biggest_mistakes(3);
    assert_eq!(worst.len(), 3);
    assert!(worst[0].cost >= worst[1].cost && worst[1].cost >= worst[2].cost);
}

#[test]
fn scoring_with_rolls_left_costs_against_the_best_keep() {
    // 1 1 2 2 2 on the first roll: scoring it in Chance now, against keeping 2 2 2.
    let text = format!("{HEAD}turn 1 Ann\nroll 11222\nscore chance\n");
    let r = review(&Record::parse(&text).unwrap(), advisor()).unwrap();
    let d = &r.decisions[0];
    assert_eq!((d.line, d.rolls_left), (7, 2));
    let card = yahtzee_rules::Scorecard::new(RuleSet::by_name("forced").unwrap());
    let dice = Dice::parse_roll("11222").unwrap();
    let best = advisor()
        .advise(&card, dice, 2)
        .unwrap()
        .best()
        .ev_remaining;
    let chance = advisor().advise(&card, dice, 0).unwrap();
    let chance = chance
        .options
        .iter()
        .find(|o| {
            matches!(
                o.choice,
                Choice::Fill {
                    category: Category::Chance,
                    ..
                }
            )
        })
        .unwrap()
        .ev_remaining;
    assert!((d.cost - (best - chance)).abs() < 1e-12);
    assert!(!r.finished);
}

#[test]
fn house_rule_lines_are_checked() {
    let head = "rules forced+mulligan+chance-chance\nplayer Ann\nturn 1 Ann\n";
    let cases: &[(&str, usize, &str)] = &[
        ("roll 12345\nmulligan 1\n", 5, "use it after the third"),
        ("roll 12345\nkeep 1\nroll 11111\nkeep 1\nroll 11111\nmulligan 11111\n", 9, "mulligan all five"),
        ("roll 12345\nkeep 1\nroll 11111\nkeep 1\nroll 11112\nmulligan 1111\nroll 11113\nmulligan 111\n", 11, "already used"),
        ("roll 12345\nchance-chance\nroll 66666\nscore yahtzee\n", 7, "must be scored in chance"),
        ("roll 12345\nchance-chance\nkeep 1\n", 6, "roll the others first"),
        ("roll 12345\nchance-chance extra\n", 5, "expected rules"),
    ];
    for (body, line, msg) in cases {
        let text = format!("{head}{body}");
        let e = match Record::parse(&text) {
            Err(e) => e,
            Ok(r) => r.replay(|_, _, _| Ok(())).expect_err(&text),
        };
        assert_eq!(e.line, *line, "{body:?}: {e}");
        assert!(e.message.contains(msg), "{body:?}: {e}");
    }
    let e = Record::parse("rules forced\nplayer Ann\nturn 1 Ann\nroll 12345\nchance-chance\n")
        .unwrap()
        .replay(|_, _, _| Ok(()))
        .unwrap_err();
    assert_eq!(e.line, 5);
    assert!(e.message.contains("no chance-chance"), "{e}");
    // A legal use of both, replayed to the right cards.
    let ok = format!("{head}roll 12345\nkeep 1\nroll 11112\nkeep 1 1 1 1\nroll 11113\nmulligan 1 1 1 1\nroll 1 1 1 1 1\nscore yahtzee\nturn 2 Ann\nroll 23456\nchance-chance\nroll 66666\nscore chance\n");
    let record = Record::parse(&ok).unwrap();
    let game = record.replay(|_, _, _| Ok(())).unwrap();
    let card = &game.players()[0].card;
    assert_eq!(card.total(), 50 + 30 + 100);
    assert!(card.mulligan_used());
    assert_eq!(
        Record::parse(&record.to_text()).unwrap().to_text(),
        record.to_text()
    );
}

#[test]
fn fool_house_lets_a_natural_full_house_only_into_full_house() {
    let rules = RuleSet::by_name("forced+fool-house").unwrap();
    let mut game = Game::new(rules, vec![("Ann".into(), false)]);
    let dice = |s: &str| Dice::parse_keep(s).unwrap();
    game.roll(dice("22333")).unwrap();
    let refused =
        "22333 is a full house: it must be scored in full house now (house rule fool-house)";
    assert_eq!(game.keep(dice("33322")).unwrap_err().to_string(), refused);
    let err = game.score(Category::Chance).unwrap_err();
    assert_eq!(err.to_string(), refused);
    let m = game.score(Category::FullHouse).unwrap();
    assert_eq!(m.score, 25);
    // Full House filled: the next full house is free again.
    game.roll(dice("55666")).unwrap();
    game.keep(dice("666")).unwrap();
    game.roll(dice("66611")).unwrap();
    assert!(game.keep(dice("666")).is_ok());
}

#[test]
fn keep_all_names_only_every_die_showing() {
    let five: Dice = "23566".parse().unwrap();
    let keep = Choice::Keep(five);
    assert_eq!(
        yahtzee_play::review::label(&keep, 5),
        "keep all (2 3 5 6 6)"
    );
    // On the Mega turn six dice are showing: keeping five of them rerolls one.
    assert_eq!(yahtzee_play::review::label(&keep, 6), "keep 2 3 5 6 6");
    assert_eq!(
        yahtzee_play::review::label(&Choice::Keep(Dice::EMPTY), 6),
        "reroll all"
    );
}

/// `undo` takes back the last decision of a person and what followed it (the bot's turn
/// too): the game goes on from the position before it, and the review still counts the
/// undone decision's cost.
#[test]
fn undo_takes_back_a_decision_whose_cost_still_counts() {
    let head = "# yahtzee game record 1\nrules forced\nseed 3\nplayer Ann\nbot Robo\n";
    // Ann scores 1 1 2 3 6 in Yahtzee (a poor choice: 0 points and the box gone), Robo
    // plays a turn, Ann takes her box back and scores Chance instead.
    let undone = "turn 1 Ann\nroll 11236\nscore yahtzee\nturn 1 Robo\nroll 66666\nscore yahtzee\n\
                  turn 2 Ann\nroll 22222\nscore twos\nundo\nundo\nscore chance\n";
    let text = format!("{head}{undone}");
    // Two undos: Ann's second-turn Twos, then (past Robo's turn) her first-turn box.
    let record = Record::parse(&text).unwrap();
    let game = record.replay(|_, _, _| Ok(())).unwrap();
    assert_eq!(game.round(), 1);
    assert_eq!(game.current().name, "Robo");
    assert_eq!(game.players()[0].card.score(Category::Chance), Some(13));
    assert_eq!(game.players()[0].card.score(Category::Yahtzee), None);
    assert_eq!(game.players()[1].card.score(Category::Yahtzee), None);
    assert_eq!(
        Record::parse(&record.to_text()).unwrap().events,
        record.events
    );

    let r = review(&record, advisor()).unwrap();
    let ann: Vec<f64> = r
        .decisions
        .iter()
        .filter(|d| d.player == "Ann")
        .map(|d| d.cost)
        .collect();
    // Three judged decisions of Ann's, all counted: the undone Yahtzee zero (it costs
    // points), the undone Twos, Chance.
    assert_eq!(ann.len(), 3);
    assert!(
        ann[0] > 1.0,
        "scoring 0 in Yahtzee on the first turn costs: {}",
        ann[0]
    );
    let total: f64 = ann.iter().sum();
    assert!((r.players[0].cost - total).abs() < 1e-12);

    // Nothing of a person's to take back: the line is named.
    let e = review(&Record::parse(&format!("{head}undo\n")).unwrap(), advisor()).unwrap_err();
    assert_eq!(e.line, 6);
    assert!(
        e.message.contains("no decision of a person"),
        "{}",
        e.message
    );
}

#[test]
fn the_json_review_gives_each_choice_as_fields() {
    let text = format!("{HEAD}turn 1 Ann\nroll 12345\nkeep 1\nroll 13456\nscore chance\n");
    let r = review(&Record::parse(&text).unwrap(), advisor()).unwrap();
    let json = serde_json::to_value(&r).unwrap();
    let keep = &json["decisions"][0];
    assert_eq!(
        keep["chosen"],
        serde_json::json!({"kind": "keep", "keep": [1]})
    );
    // Standing on a large straight is best: all five kept.
    assert_eq!(
        keep["best"],
        serde_json::json!({"kind": "keep", "keep": [1, 2, 3, 4, 5]})
    );
    assert!(keep["cost"].as_f64().unwrap() > 0.0);
    let score = &json["decisions"][1];
    assert_eq!(
        score["chosen"],
        serde_json::json!({"kind": "score", "category": "chance", "score": 19})
    );
    assert_eq!(score["best"]["kind"], "keep");
    assert!(score["best"]["keep"].is_array());
    // The labels stay out of the JSON: they are the text report's.
    assert!(score.get("chosen_label").is_none());
    assert_eq!(r.decisions[1].chosen_label, "score chance (19)");
}
