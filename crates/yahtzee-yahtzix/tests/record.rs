//! Game records: bot games written as they are watched, read back, replayed to the same
//! end, and reviewed (optimal play costs nothing; a worse choice costs exactly the
//! advice's difference); damaged records refused by line.

use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::position::{advise, Position, Stage};
use yahtzee_yahtzix::record::{review, Event, Record};
use yahtzee_yahtzix::sim::{play_turn_with, BankAt, DuelBot, Game, Player};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

fn rules() -> Rules {
    Rules::new(300, true, false).unwrap()
}

fn solved() -> &'static (Duel, Rolls) {
    static SOLVED: OnceLock<(Duel, Rolls)> = OnceLock::new();
    SOLVED.get_or_init(|| (Duel::solve(&rules()).unwrap(), Rolls::new(&rules())))
}

/// A seeded game of `a` (first) against `b`, recorded as it is watched.
fn play(a: &mut dyn Player, b: &mut dyn Player, seed: u64) -> (Game, Record) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(&rules());
    let mut record = Record::new(rules(), Some(seed), ["a".into(), "b".into()]);
    while game.winner.is_none() {
        let player: &mut dyn Player = if game.to_move == 0 { &mut *a } else { &mut *b };
        play_turn_with(&mut game, player, &mut rng, &mut |e| record.observe(&e));
    }
    (game, record)
}

#[test]
fn optimal_games_are_read_back_replayed_and_cost_nothing() {
    let (duel, rolls) = solved();
    for seed in 1..=6 {
        let (mut a, mut b) = (
            DuelBot::new(duel, rolls).unwrap(),
            DuelBot::new(duel, rolls).unwrap(),
        );
        let (game, record) = play(&mut a, &mut b, seed);
        let read = Record::parse(&record.to_text()).unwrap();
        assert_eq!(read.seed, Some(seed));
        let events: Vec<Event> = read.events.iter().map(|e| e.1).collect();
        assert_eq!(
            events,
            record.events.iter().map(|e| e.1).collect::<Vec<_>>()
        );
        let replayed = read.replay(|_, _, _, _| {}).unwrap();
        assert_eq!(
            (replayed.scores, replayed.winner),
            (game.scores, game.winner)
        );
        let r = review(&read, duel, rolls).unwrap();
        assert!(r.finished);
        assert!(!r.decisions.is_empty());
        for d in &r.decisions {
            assert!(d.cost < 1e-12, "seed {seed} line {}: {d:?}", d.line);
        }
    }
}

#[test]
fn a_weaker_players_choices_cost_what_the_advice_says() {
    let (duel, rolls) = solved();
    let mut best = DuelBot::new(duel, rolls).unwrap();
    let mut weak = BankAt {
        at: 300,
        rules: rules(),
    };
    let (_, played) = play(&mut weak, &mut best, 3);
    let record = Record::parse(&played.to_text()).unwrap();
    let r = review(&record, duel, rolls).unwrap();
    let (a, b) = (r.cost[0], r.cost[1]);
    assert!(a > 0.01, "banking at 300 is not optimal: {a}");
    assert!(b < 1e-12, "the bot's choices are the best: {b}");
    // Each cost is the advice's difference for that very position.
    let mut checked = 0;
    record
        .replay(|game, line, stage, _| {
            if let Stage::Rolled { .. } = stage {
                let pos = Position {
                    seat: if game.to_move == 0 {
                        yahtzee_yahtzix::duel::Seat::First
                    } else {
                        yahtzee_yahtzix::duel::Seat::Second
                    },
                    me: game.scores[game.to_move],
                    opp: game.scores[1 - game.to_move],
                    stage: stage.clone(),
                };
                let advice = advise(duel, rolls, &pos).unwrap();
                let d = r.decisions.iter().find(|d| d.line == line).unwrap();
                assert_eq!(d.p_win_best, advice.win);
                assert_eq!(d.cost, advice.win - d.p_win);
                checked += 1;
            }
        })
        .unwrap();
    assert!(checked > 0);
}

#[test]
fn damaged_records_are_refused_by_line() {
    let cases = [
        ("", "empty record"),
        (
            "roll 1 1 5 5 2 3\n",
            "line 1: a record starts with `yahtzix RULES`",
        ),
        ("yahtzix 333\n", "line 1: rules: target 333"),
        ("yahtzix 300+fast\n", "unknown option"),
        ("yahtzix 300\ngo\n", "line 2: go: no offer stands"),
        (
            "yahtzix 300\nroll 1 1 5 5 2\n",
            "line 2: 5 dice rolled with 6 in hand",
        ),
        (
            "yahtzix 300\nroll 1 1 5 5 2 3\nkeep 6\n",
            "line 3: keep 6: not in the roll",
        ),
        (
            "yahtzix 300\nroll 1 1 5 5 2 3\nkeep 2\n",
            "line 3: keep 2: those dice do not all score",
        ),
        (
            "yahtzix 300\nroll 1 1 5 5 2 3\n",
            "line 2: the record ends after a roll",
        ),
        (
            "yahtzix 300\nroll 1 1 5 5 2 3\nkeep 1\n",
            "a roll is missing",
        ),
        (
            "yahtzix 300\nroll 1 1 5 5 2 3\nroll 1 2 3 4 5 6\n",
            "line 3: after a roll: keep or bank",
        ),
        ("yahtzix 300\nshuffle\n", "line 2: unknown line \"shuffle\""),
        ("yahtzix 300\nplayers one\n", "line 2: players: two names"),
    ];
    for (text, want) in cases {
        let e = Record::parse(text).and_then(|r| r.replay(|_, _, _, _| {}).map(|_| ()));
        let msg = e.unwrap_err().to_string();
        assert!(msg.contains(want), "{text:?}: {msg}");
        assert!(!msg.contains('\n'));
    }
    // Comments and blank lines are skipped; a bust ends the turn by itself, so the next
    // roll is the other player's.
    let bust = yahtzee_yahtzix::score::parse_dice("223346").unwrap();
    assert!(yahtzee_yahtzix::score::outcome(&rules(), bust, true)
        .bank
        .is_none());
    let text = "yahtzix 300 # to 300\n\nroll 2 2 3 3 4 6  # a bust\nroll 1 1 1 2 3 4\nbank\n";
    let mut movers = Vec::new();
    let game = Record::parse(text)
        .unwrap()
        .replay(|g, line, _, _| movers.push((line, g.to_move)))
        .unwrap();
    assert_eq!(
        movers,
        [(5, 1)],
        "the bank on line 5 is the second player's"
    );
    assert_eq!(game.scores[0], 0);
    assert!(game.scores[1] >= 30, "{game:?}");
}

/// Four seats: the heads-up bot in three, "bank at 300" in the third; written, read back
/// the same, replayed under the four-seat rules to the same end, and reviewed by the
/// heads-up strategy (its own bots' choices cost nothing there).
#[test]
fn four_player_records_round_trip_and_are_reviewed_heads_up() {
    use yahtzee_yahtzix::party::HeadsUpBot;
    let (duel, rolls) = solved();
    let names: Vec<String> = ["ann", "bob", "cy", "dee"].map(String::from).to_vec();
    let mut last_turns = 0;
    for seed in 1..=4 {
        let bot = HeadsUpBot::new(duel, rolls).unwrap();
        let mut seats: Vec<Box<dyn Player>> = vec![
            Box::new(bot.clone()),
            Box::new(bot.clone()),
            Box::new(BankAt {
                at: 300,
                rules: rules(),
            }),
            Box::new(bot),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::with_players(&rules(), 4);
        let mut record = Record::with_players(rules(), Some(seed), names.clone());
        while game.winner.is_none() {
            let seat = game.to_move;
            play_turn_with(&mut game, seats[seat].as_mut(), &mut rng, &mut |e| {
                record.observe(&e)
            });
        }
        let text = record.to_text();
        assert!(
            text.starts_with(&format!(
                "yahtzix 300\nseed {seed}\nplayers ann bob cy dee\n"
            )),
            "{text}"
        );
        let read = Record::parse(&text).unwrap();
        assert_eq!(read, Record::parse(&read.to_text()).unwrap());
        assert_eq!(read.players, names);
        assert_eq!(read.to_text(), text);
        let replayed = read.replay(|_, _, _, _| {}).unwrap();
        assert_eq!(
            (&replayed.scores, replayed.winner, &replayed.winners),
            (&game.scores, game.winner, &game.winners)
        );
        // The game ended with the round in which someone reached the target.
        let first_out = (0..4).find(|&s| game.scores[s] >= 300).unwrap();
        if first_out < 3 {
            last_turns += 1;
        }
        assert_eq!(game.turns[3], game.turns[0], "a whole round: {text}");
        let r = review(&read, duel, rolls).unwrap();
        assert!(r.finished && r.strategy == "heads-up");
        assert_eq!(r.scores, game.scores);
        assert_eq!(r.cost.len(), 4);
        assert_eq!(
            r.winners,
            game.winners
                .iter()
                .map(|&w| names[w].clone())
                .collect::<Vec<_>>()
        );
        for d in r.decisions.iter().filter(|d| d.player != "cy") {
            assert!(d.cost < 1e-12, "seed {seed} line {}: {d:?}", d.line);
        }
        let words = r.text("game.txt", 3);
        assert!(
            words.contains("4 players") && words.contains("heads-up strategy"),
            "{words}"
        );
    }
    assert!(last_turns > 0, "some game had last turns after the target");
}

/// A players line names two to eight seats; more or fewer are refused by line.
#[test]
fn a_players_line_names_two_to_eight() {
    let nine = format!("yahtzix 300\nplayers {}\n", ["p"; 9].join(" "));
    let msg = Record::parse(&nine).unwrap_err().to_string();
    assert!(
        msg.contains("line 2: players: two names, or up to 8"),
        "{msg}"
    );
    let eight = format!("yahtzix 300\nplayers {}\n", ["p"; 8].join(" "));
    let r = Record::parse(&eight).unwrap();
    assert_eq!(r.players.len(), 8);
    assert_eq!(r.replay(|_, _, _, _| {}).unwrap().players(), 8);
}
