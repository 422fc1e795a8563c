//! Every game through the engine's one door ([`Game`]): the request's `game` field, the
//! answers against the games' own crates, and bad questions refused in one line.

use std::sync::OnceLock;

use serde_json::{json, Value};
use yahtzee_engine::{Game, Tables};
use yahtzee_rules::Dice;
use yahtzee_triple::{Kind, TripleCard, Variant};

/// One folder of tables for every test (the official table is solved once, in it).
fn tables() -> &'static Tables {
    static TABLES: OnceLock<(tempfile::TempDir, Tables)> = OnceLock::new();
    &TABLES
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let tables = Tables::new(Some(dir.path().to_path_buf()));
            (dir, tables)
        })
        .1
}

fn body(v: Value) -> Vec<u8> {
    serde_json::to_vec(&v).unwrap()
}

fn advise(v: Value) -> Result<Value, String> {
    let b = body(v);
    let game = Game::of_request(&b).map_err(|e| e.to_string())?;
    game.advise(tables(), &b).map_err(|e| e.to_string())
}

#[test]
fn the_game_field_names_the_game() {
    assert_eq!(Game::of_request(b"{}").unwrap(), Game::Yahtzee);
    assert_eq!(
        Game::of_request(br#"{"game":"triple"}"#).unwrap(),
        Game::Triple
    );
    assert_eq!(
        Game::of_request(br#"{"game":"yahtzix","me":0}"#).unwrap(),
        Game::Yahtzix
    );
    let e = Game::of_request(br#"{"game":"chess"}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown game 'chess' (yahtzee, triple, yahtzix, painted)"
    );
    assert!(e.is_bad_input());
    assert!(Game::of_request(br#"{"game":3}"#).is_err());
    assert!(Game::of_request(b"not json").is_err());
    for g in Game::ALL {
        assert_eq!(Game::from_name(g.name()).unwrap(), g);
    }
}

#[test]
fn yahtzee_through_the_door_is_the_engines_advice() {
    let a =
        advise(json!({"scorecard": "ones=3", "dice": [1, 3, 3, 4, 6], "rolls_left": 2})).unwrap();
    let rules = yahtzee_engine::rules_named("forced", &[]).unwrap();
    let advisor = tables().advisor(rules).unwrap();
    let card = yahtzee_engine::parse_card(rules, "ones=3").unwrap();
    let dice = yahtzee_engine::parse_dice("13346").unwrap();
    let direct =
        yahtzee_engine::advise(&advisor, None, &card, dice, 2, &Default::default()).unwrap();
    assert_eq!(a, serde_json::to_value(direct).unwrap());
    // A Yahtzee question that names another game's field is refused, not ignored.
    assert!(advise(json!({"game": "yahtzee", "me": 3, "dice": "13346", "rolls_left": 2})).is_err());
}

#[test]
fn triple_advice_ranks_every_option_with_the_strategys_values() {
    let a = advise(json!({"game": "triple", "card": "1.ones=3 2.yahtzee=50", "dice": "13346", "rolls_left": 2})).unwrap();
    assert_eq!(a["game"], "triple");
    assert_eq!(a["variant"], "1978");
    assert_eq!(a["strategy"], "fitted");
    assert_eq!(a["total"], 3 + 2 * 50);
    let options = a["options"].as_array().unwrap();
    // Every sub-keep of 1 3 3 4 6 once: 2 × 3 × 2 × 2 distinct multisets.
    assert_eq!(options.len(), 2 * 3 * 2 * 2);
    let values: Vec<f64> = options
        .iter()
        .map(|o| o["ev_remaining"].as_f64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first");
    assert_eq!(options[0]["loss"], 0.0);
    let best = values[0];
    assert!((a["expected_final"].as_f64().unwrap() - (103.0 + best)).abs() < 1e-9);
    // The best keep is the player's own best keep.
    let player = tables()
        .triple_player(Variant::Lowe1978, Kind::Fitted)
        .unwrap();
    let card = TripleCard::parse(player.game(), "1.ones=3 2.yahtzee=50").unwrap();
    let dice = Dice::parse_roll("13346").unwrap();
    let turn = player.turn(&card.state());
    let k = yahtzee_rules::tables().keep(turn.best_keep(&dice, 2));
    let keep: Vec<u64> = options[0]["keep"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert_eq!(
        keep,
        k.faces().iter().map(|&d| u64::from(d)).collect::<Vec<_>>()
    );
    assert!((best - turn.keeps(2)[turn.best_keep(&dice, 2)][0]).abs() < 1e-9);
}

#[test]
fn triple_scoring_options_name_column_box_and_points() {
    let a = advise(
        json!({"game": "triple", "dice": [6, 6, 6, 6, 6], "rolls_left": 0, "variant": "forum"}),
    )
    .unwrap();
    assert_eq!(a["variant"], "forum");
    let options = a["options"].as_array().unwrap();
    // Every open box of each of the three columns.
    assert_eq!(options.len(), 3 * 13);
    for o in options {
        let col = o["column"].as_u64().unwrap();
        assert!((1..=3).contains(&col));
        assert!(o.get("keep").is_none());
    }
    // Five sixes in column 3's Yahtzee box: 50 × 3.
    let y3 = options
        .iter()
        .find(|o| o["column"] == 3 && o["category"] == "yahtzee")
        .unwrap();
    assert_eq!(y3["points"], 150);
    assert_eq!(y3["option"], "score 3 yahtzee (150)");
}

#[test]
fn bad_triple_questions_are_refused_in_one_line() {
    let cases = [
        (
            json!({"game": "triple", "dice": "13346", "rolls_left": 2, "variant": "1999"}),
            "unknown Triple Yahtzee variant '1999' (1978, forum)",
        ),
        (
            json!({"game": "triple", "dice": "13346", "rolls_left": 2, "strategy": "lucky"}),
            "unknown Triple Yahtzee strategy 'lucky' (fitted, solitaire, greedy)",
        ),
        (
            json!({"game": "triple", "dice": "13346", "rolls_left": 3}),
            "rolls_left 3: 0, 1 or 2",
        ),
        (
            json!({"game": "triple", "dice": "1334", "rolls_left": 2}),
            "bad dice",
        ),
        (
            json!({"game": "triple", "card": "4.ones=3", "dice": "13346", "rolls_left": 2}),
            "bad card",
        ),
        (
            json!({"game": "triple", "dice": "13346", "rolls_left": 2, "opponents": []}),
            "unknown field",
        ),
    ];
    for (q, want) in cases {
        let e = advise(q.clone()).unwrap_err();
        assert!(e.contains(want), "{q}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

/// Yahtzix to 300: solved in a moment.
fn yahtzix(extra: Value) -> Result<Value, String> {
    let mut q = json!({"game": "yahtzix", "target": 300});
    for (k, v) in extra.as_object().unwrap() {
        q[k] = v.clone();
    }
    advise(q)
}

#[test]
fn yahtzix_advice_is_the_solved_games() {
    let a = yahtzix(json!({"me": 100, "opp": 150, "dice": "115523"})).unwrap();
    assert_eq!(a["game"], "yahtzix");
    assert_eq!(a["rules"], "300");
    assert_eq!(a["seat"], "first");
    let rules = yahtzee_yahtzix::Rules::new(300, true, false).unwrap();
    let duel = &tables().yahtzix(&rules).unwrap().duel;
    let pos = yahtzee_yahtzix::position::Described {
        me: 100,
        opp: 150,
        dice: Some("115523"),
        ..Default::default()
    }
    .position()
    .unwrap();
    let direct =
        yahtzee_yahtzix::position::advise(duel, &yahtzee_yahtzix::turn::Rolls::new(&rules), &pos)
            .unwrap();
    assert_eq!(a["p_win"], direct.win);
    let options = a["options"].as_array().unwrap();
    assert_eq!(options.len(), direct.options.len());
    for (o, d) in options.iter().zip(&direct.options) {
        assert_eq!(o["option"], d.label.as_str());
        assert_eq!(o["p_win"], d.win);
    }
    let p: Vec<f64> = options
        .iter()
        .map(|o| o["p_win"].as_f64().unwrap())
        .collect();
    assert!(p.windows(2).all(|w| w[0] >= w[1]), "best first");
    // Each option says what it does: a bank or a keep of scoring dice (1s and 5s here).
    for o in options {
        let bank = o.get("bank").is_some();
        let keep = o.get("keep").and_then(Value::as_array);
        assert!(bank != keep.is_some(), "{o}");
        if let Some(k) = keep {
            assert!(k.iter().all(|d| d == 1 || d == 5), "{o}");
        }
    }
    // Before the turn, the chance to win is the solved game's.
    let start = yahtzix(json!({"me": 100, "opp": 150, "second": true})).unwrap();
    let seat = yahtzee_yahtzix::duel::Seat::Second;
    assert_eq!(start["p_win"], duel.win(seat, 20, 30));
}

#[test]
fn bad_yahtzix_questions_are_refused_in_one_line() {
    for (q, want) in [
        (json!({"me": 0, "opp": 0, "target": 333}), "target 333"),
        (json!({"me": 7, "opp": 0}), "position"),
        (json!({"me": 0, "opp": 0, "dice": "1155237"}), ""),
        (
            json!({"me": 0, "opp": 100, "offer": "50:2", "dice": "115523"}),
            "not both",
        ),
        (json!({"me": 0, "opp": 0, "roll": 2}), "give the dice"),
        (json!({"opp": 0}), "give me and opp"),
        (json!({"scores": [0, 0, 0]}), "give the seat"),
        (
            json!({"scores": [0, 40, 0], "seat": 2, "me": 0}),
            "not both",
        ),
    ] {
        let e = yahtzix(q.clone()).unwrap_err();
        assert!(e.contains(want), "{q}: {e}");
        assert!(!e.contains('\n'));
    }
}

#[test]
fn simulations_and_reviews_go_through_the_door_too() {
    let t = Game::Triple
        .stats(
            tables(),
            &body(json!({"game": "triple", "strategies": ["greedy"], "games": 40, "seed": 7})),
        )
        .unwrap();
    let again = Game::Triple
        .stats(
            tables(),
            &body(json!({"game": "triple", "strategies": ["greedy"], "games": 40, "seed": 7})),
        )
        .unwrap();
    for key in ["mean", "sd", "min", "max"] {
        assert_eq!(t[0][key], again[0][key], "seeded: the same games");
    }
    assert_eq!(t.as_array().unwrap().len(), 1);
    let e = Game::Yahtzix.review(tables(), "anything").unwrap_err();
    assert!(e.is_bad_input());
    assert_eq!(
        e.to_string(),
        "record line 1: a record starts with `yahtzix RULES`, e.g. `yahtzix 1000`"
    );
    // Banking 30 on the first roll (1 1 1 2 3 4: three 1s are 30) is a decision judged.
    let y = Game::Yahtzix
        .review(
            tables(),
            "yahtzix 300\nplayers ann bob\nroll 1 1 1 2 3 4\nbank\n",
        )
        .unwrap();
    assert_eq!(y["scores"], json!([30, 0]));
    assert_eq!(y["finished"], false);
    assert_eq!(y["decisions"][0]["player"], "ann");
    assert!(y["decisions"][0]["cost"].as_f64().unwrap() >= 0.0);
    // Choices as fields, not labels: the bank made, and the best choice's kind.
    assert_eq!(
        y["decisions"][0]["chosen"],
        json!({"kind": "bank", "plain": false})
    );
    let best = &y["decisions"][0]["best"];
    assert!(
        ["bank", "keep"].contains(&best["kind"].as_str().unwrap()),
        "{best}"
    );
    if best["kind"] == "keep" {
        assert!(
            best["keep"]
                .as_array()
                .unwrap()
                .iter()
                .all(|f| f == 1 || f == 5),
            "{best}"
        );
    }
    let r = Game::Triple
        .review(tables(), "variant 1978\nroll 6 6 6 6 6\nscore 3 yahtzee\n")
        .unwrap();
    assert_eq!(r["total"], 150);
    // Five sixes in column 3 Yahtzee with two rolls left: a stop (keep all five), then the
    // box with its points, each choice as fields.
    let d = r["decisions"].as_array().unwrap();
    assert_eq!(
        d[0]["chosen"],
        json!({"kind": "keep", "keep": [6, 6, 6, 6, 6]})
    );
    assert_eq!(
        d[1]["chosen"],
        json!({"kind": "score", "column": 3, "category": "yahtzee", "points": 150})
    );
    assert_eq!(d[1]["best"]["kind"], "score");
    assert!(Game::Triple.review(tables(), "roll 1 2 3 4 5\n").is_err());
}

#[test]
fn painted_yahtzee_through_the_door_is_the_advisors() {
    let game = "painted:c2:ones,yahtzee,colours,flush";
    assert_eq!(
        Game::of_request(br#"{"game":"painted"}"#).unwrap(),
        Game::Painted
    );
    let question = json!({"game": game, "card": "ones=2", "dice": ["1r", "1y", "6r", "6r", "2y"], "rolls_left": 2});
    assert_eq!(
        Game::of_request(&body(question.clone())).unwrap(),
        Game::Painted
    );
    let a = advise(question).unwrap();
    let g = yahtzee_painted::Game::named(game).unwrap();
    let adv = tables().painted_advisor(&g).unwrap();
    let card = yahtzee_painted::card::Card::parse(&g, "ones=2").unwrap();
    let hand = yahtzee_painted::Hand::parse("1r 1y 6r 6r 2y", 2).unwrap();
    let direct = adv.advise(&card, &hand, 2).unwrap();
    assert_eq!(a, serde_json::to_value(direct).unwrap());
    // Simulation and review through the same door.
    let s = Game::Painted
        .stats(
            tables(),
            &body(json!({"game": game, "games": 20, "seed": 3})),
        )
        .unwrap();
    assert_eq!(s["games"], 20);
    let record = format!("game {game}\nturn 1\nroll 1r 1r 1r 1y 1y\nscore yahtzee\nquit\n");
    let r = Game::Painted.review(tables(), &record).unwrap();
    assert_eq!(r["total"], 50);
    assert_eq!(r["finished"], false);
    // Bad questions: one line, a caller's mistake.
    for bad in [
        json!({"game": game, "dice": "1r 1r 1r 1r 1b", "rolls_left": 1}),
        json!({"game": "painted", "dice": "1r 1r 1r 1r 1r", "rolls_left": 5}),
        json!({"game": "painted", "card": "rainbow=39", "dice": "1r 1r 1r 1r 1r", "rolls_left": 1}),
    ] {
        let b = body(bad);
        let e = Game::Painted.advise(tables(), &b).unwrap_err();
        assert!(e.is_bad_input() && !e.to_string().contains('\n'), "{e}");
    }
}

#[test]
fn at_three_players_to_a_small_target_each_chance_to_win_the_table_is_exact() {
    let rules = yahtzee_yahtzix::Rules::new(100, true, false).unwrap();
    let ask = |extra: Value| {
        let mut q = json!({"game": "yahtzix", "target": 100});
        for (k, v) in extra.as_object().unwrap() {
            q[k] = v.clone();
        }
        advise(q).unwrap()
    };
    // From the empty table, seat 1's chance is the three-player game's, with no interval.
    let a = ask(json!({"scores": [0, 0, 0], "seat": 1}));
    assert_eq!(
        a["table_chance"],
        json!({"kind": "exact", "bots": "three-player table"})
    );
    let trio = tables().three(&rules).unwrap();
    let p = a["options"][0]["p_table"].as_f64().unwrap();
    assert!((p - trio.start()[0]).abs() < 1e-9, "{p} {:?}", trio.start());
    assert!(a["options"][0].get("p_table_ci95").is_none());
    // Mid-turn, each option's chance is the max-n game's for that option, while the options
    // stay ranked by the heads-up chance against the leader.
    let b = ask(json!({"scores": [0, 50, 35], "seat": 2, "dice": "115523"}));
    let seating = yahtzee_yahtzix::party::Seating {
        scores: vec![0, 50, 35],
        to_move: 1,
        stage: yahtzee_yahtzix::position::Described {
            dice: Some("115523"),
            ..Default::default()
        }
        .position()
        .unwrap()
        .stage,
    };
    let rolls = yahtzee_yahtzix::turn::Rolls::new(&rules);
    let exact = yahtzee_yahtzix::party::advise(
        yahtzee_yahtzix::party::Strategy::Exact(&trio),
        &rolls,
        &seating,
    )
    .unwrap();
    let options = b["options"].as_array().unwrap();
    assert_eq!(options.len(), exact.options.len());
    for o in options {
        let e = exact
            .options
            .iter()
            .find(|e| e.label == o["option"])
            .unwrap();
        assert_eq!(o["p_table"].as_f64(), Some(e.win), "{}", e.label);
    }
    assert!(options.iter().any(|o| o["p_table"] != o["p_win"]));
    // Four players have no three-player game: estimated.
    let c = ask(json!({"scores": [0, 50, 35, 0], "seat": 2, "dice": "115523"}));
    assert_eq!(c["table_chance"]["kind"], "estimate");
}

#[test]
fn at_three_players_each_option_has_its_estimated_chance_to_win_the_table() {
    let q = json!({"scores": [0, 150, 100], "seat": 2, "dice": "115523"});
    let a = yahtzix(q.clone()).unwrap();
    assert_eq!(a["strategy"], "heads-up");
    let t = &a["table_chance"];
    assert_eq!(
        (t["kind"].as_str(), t["bots"].as_str()),
        (Some("estimate"), Some("heads-up"))
    );
    let options = a["options"].as_array().unwrap();
    // The games are those the budget allows for this many options, known before they run.
    let rules = yahtzee_yahtzix::Rules::new(300, true, false).unwrap();
    let seating = yahtzee_yahtzix::party::Seating {
        scores: vec![0, 150, 100],
        to_move: 1,
        stage: yahtzee_yahtzix::position::Described {
            me: 150,
            opp: 100,
            dice: Some("115523"),
            ..Default::default()
        }
        .position()
        .unwrap()
        .stage,
    };
    let games = yahtzee_engine::yahtzix::table_games(&rules, &seating, options.len());
    assert_eq!(t["games"], games);
    // Each option's estimate is the played-out games' (the same seed, the same games).
    let duel = &tables().yahtzix(&rules).unwrap().duel;
    let rolls = yahtzee_yahtzix::turn::Rolls::new(&rules);
    let heads_up = yahtzee_yahtzix::party::advise(
        yahtzee_yahtzix::party::Strategy::HeadsUp(duel),
        &rolls,
        &seating,
    )
    .unwrap();
    for (o, h) in options.iter().zip(&heads_up.options) {
        assert_eq!(o["option"], h.label.as_str());
        let r = yahtzee_yahtzix::rollout::table_chance(duel, &rolls, &seating, h.action, games, 1)
            .unwrap();
        assert_eq!(o["p_table"].as_f64(), Some(r.rate), "{}", h.label);
        // The Wilson interval's wider side.
        let half = (r.high - r.rate).max(r.rate - r.low);
        assert_eq!(o["p_table_ci95"].as_f64(), Some(half));
        assert!(r.low <= r.rate && r.rate <= r.high && half > 0.0);
    }
    // A bot's question skips them; two players have none (p_win is the table's chance).
    let mut bot = q;
    bot["table"] = json!(false);
    let b = yahtzix(bot).unwrap();
    assert!(b.get("table_chance").is_none() && b["options"][0].get("p_table").is_none());
    let two = yahtzix(json!({"me": 100, "opp": 150, "dice": "115523"})).unwrap();
    assert!(two.get("table_chance").is_none());
}
