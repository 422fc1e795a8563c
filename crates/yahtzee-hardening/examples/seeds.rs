//! Writes the fuzz targets' seed corpora (`fuzz/corpus/TARGET/`): a few valid inputs of
//! each kind, so the fuzzer starts from the formats' shapes. Run from the repository root:
//! `cargo run --release -p yahtzee-hardening --example seeds`.
use std::path::Path;

use yahtzee_hardening::{play_game, small_game, Policy};
use yahtzee_rules::RuleSet;

fn write(target: &str, name: &str, data: &[u8]) {
    let dir = Path::new("fuzz/corpus").join(target);
    std::fs::create_dir_all(&dir).expect("corpus folder");
    std::fs::write(dir.join(name), data).expect("seed file");
}

fn pick(name: &str) -> u8 {
    RuleSet::every()
        .position(|r| r.name == name)
        .unwrap_or_else(|| panic!("rule set {name}")) as u8
}

fn main() {
    let cards = [
        ("forced", ""),
        ("forced", "ones=3 twos=6 yahtzee=50"),
        ("forced", "fours=16 yz=50 yahtzee_bonus=100"),
        ("forced", "3k=5, 4k:30 chance=5 fh=25 ss=0 ls=40"),
        ("yatzy", "ones=3 one_pair=12 two_pairs=22"),
        ("forced+mulligan", "sixes=24 yz=50 mulligan=used"),
        ("forced+mega-yahtzee", "ones=3 mega=used mega_bonus=1000"),
        ("free+chance-chance", "chance=30 yahtzee=0"),
    ];
    for (i, (rules, text)) in cards.iter().enumerate() {
        let mut data = vec![pick(rules)];
        data.extend_from_slice(text.as_bytes());
        write("scorecard", &format!("card-{i}"), &data);
    }
    let games = [
        "forced",
        "free",
        "yatzy",
        "forced+mulligan+chance-chance",
        "forced+fool-house+mega-yahtzee",
    ];
    for (i, name) in games.iter().enumerate() {
        let rules = RuleSet::by_name(name).expect("a rule set");
        let record = play_game(rules, i as u64, &Policy::Random, None);
        write("record", &format!("game-{i}"), record.to_text().as_bytes());
        let replayed = record.replay(|_, _, _| Ok(())).expect("a legal game");
        let mut data = vec![pick(name)];
        data.extend_from_slice(replayed.players()[0].card.text().as_bytes());
        write("scorecard", &format!("final-{i}"), &data);
    }
    let short = play_game(
        RuleSet::by_name("forced").expect("official"),
        9,
        &Policy::Random,
        Some(2),
    );
    write("record", "quit", short.to_text().as_bytes());
    for (i, d) in [
        "13346",
        "1 3 3 4 6",
        "1,3,3,4,6",
        "666666",
        "6 6 6 6 6 6",
        "12345 6",
        "7",
        "",
    ]
    .iter()
    .enumerate()
    {
        write("dice", &format!("dice-{i}"), d.as_bytes());
    }
    for (i, k) in [
        "335", "3 3 5", "", "3,35", "11111", "111111", "1234567", "0",
    ]
    .iter()
    .enumerate()
    {
        write("keep", &format!("keep-{i}"), k.as_bytes());
    }
    let bodies = [
        (
            0,
            r#"{"scorecard": "ones=3", "dice": "13346", "rolls_left": 2}"#,
        ),
        (
            0,
            r#"{"rules": "forced", "house": [], "scorecard": "ones=3 fours=12", "dice": [4,4,4,5,6], "rolls_left": 1}"#,
        ),
        (0, r#"{"scorecard": "", "dice": "55552", "rolls_left": 0}"#),
        (
            0,
            r#"{"scorecard": "ones=3", "dice": "13346", "rolls_left": 2, "target": 250}"#,
        ),
        (0, r#"{"house": ["mega-yahtzee"], "scorecard": "ones=3"}"#),
        (
            0,
            r#"{"scorecard": "ones=3", "dice": "13346", "rolls_left": 1, "opponents": ["sixes=24"]}"#,
        ),
        (1, r#"{"rules": "yatzy", "scorecard": "ones=3"}"#),
        (1, r#"{"scorecard": "ones=3", "target": 200}"#),
        // The mulligan spent this turn: asked under its house rule, refused without it.
        (
            0,
            r#"{"rules": "forced+mulligan", "scorecard": "ones=3", "dice": "66665", "rolls_left": 0, "mulligan": "this-turn"}"#,
        ),
        (
            0,
            r#"{"scorecard": "ones=3", "dice": "66665", "rolls_left": 0, "mulligan": "this-turn"}"#,
        ),
    ];
    for (i, (route, body)) in bodies.iter().enumerate() {
        let mut data = vec![*route];
        data.extend_from_slice(body.as_bytes());
        write("serve_body", &format!("body-{i}"), &data);
    }
    let rules = small_game();
    let dir = Path::new("fuzz/corpus/table");
    std::fs::create_dir_all(dir).expect("corpus folder");
    let values = yahtzee_solver::solve(rules, &|_| {});
    yahtzee_table::write_table(&dir.join("expected"), rules, &values).expect("a table");
    let target = yahtzee_solver::solve_target(rules, &|_| {});
    yahtzee_table::write_target_table(&dir.join("target"), rules, &target.offsets, &target.values)
        .expect("a table");
}
