//! The web API's question with `"mulligan": "this-turn"` (the dice are the mulligan's roll,
//! spent this turn) through the engine's door, as the server, the WebAssembly engine and
//! the C library's `yz_game_advise` ask it: values computed by hand on a card with Chance
//! and Yahtzee open, the position the card alone describes, and the refusals (one line,
//! the caller's mistake, before any table is opened).

use serde_json::{json, Value};
use yahtzee_engine::{api, Game, PlayFor, Tables, TurnMulligan};

/// Every box filled but Chance and Yahtzee, the upper bonus earned: 213 points.
const CARD: &str = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40";

/// P(five of a kind within 3 and 4 rolls), keeping the largest group of equal dice: the
/// Markov chain of crates/yahtzee-advice/tests/mulligan_this_turn.rs, as exact fractions.
const P_YAHTZEE_3: f64 = 347_897.0 / 7_558_272.0;
const P_YAHTZEE_4: f64 = 82_099_001.0 / 816_293_376.0;

fn ask(tables: &Tables, body: Value) -> Result<Value, yahtzee_engine::EngineError> {
    Game::Yahtzee.advise(tables, body.to_string().as_bytes())
}

fn ev(answer: &Value, category: &str) -> f64 {
    answer["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["category"] == category && o.get("chance_chance").is_none())
        .unwrap_or_else(|| panic!("no {category} in {answer}"))["ev_remaining"]
        .as_f64()
        .unwrap()
}

#[test]
fn the_api_answers_the_mulligan_spent_this_turn() {
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let body = json!({
        "rules": "forced", "house": ["mulligan"], "scorecard": CARD,
        "dice": "66665", "rolls_left": 0, "mulligan": "this-turn",
    });
    let a = ask(&tables, body.clone()).unwrap();
    assert_eq!(a["rules"], "forced+mulligan");
    assert_eq!(a["mulligan"], "this-turn");
    assert_eq!(a["rolls_left"], 0);
    assert_eq!(a["points_so_far"], 213);
    // Chance 29 then a Yahtzee turn of three rolls; Yahtzee 0 then Chance (14/3 a die).
    let chance = 29.0 + 50.0 * P_YAHTZEE_3;
    assert_eq!(a["options"].as_array().unwrap().len(), 2, "{a}");
    assert!((ev(&a, "chance") - chance).abs() < 1e-9, "{a}");
    assert!((ev(&a, "yahtzee") - 70.0 / 3.0).abs() < 1e-9, "{a}");
    assert_eq!(a["options"][0]["category"], "chance");
    assert!((a["expected_final"].as_f64().unwrap() - (213.0 + chance)).abs() < 1e-9);
    // The engine's function gives the same report.
    let rules = yahtzee_engine::rules_named("forced", &["mulligan"]).unwrap();
    let card = yahtzee_engine::parse_card(rules, CARD).unwrap();
    let dice = yahtzee_engine::parse_dice("66665").unwrap();
    let report = yahtzee_engine::advise_in_turn(
        &tables.advisor(rules).unwrap(),
        None,
        &card,
        dice,
        0,
        TurnMulligan::SpentThisTurn,
        &PlayFor::Expected,
    )
    .unwrap();
    assert_eq!(serde_json::to_value(&report).unwrap(), a);
    // The card alone: the mulligan in hand, to spend now or keep for the next turn (four
    // rolls for the Yahtzee), and no "mulligan" field in the answer.
    let mut body = body;
    body.as_object_mut().unwrap().remove("mulligan");
    let a = ask(&tables, body).unwrap();
    assert!(a.get("mulligan").is_none());
    assert!(a["options"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["mulligan"] == true));
    assert!((ev(&a, "chance") - (29.0 + 50.0 * P_YAHTZEE_4)).abs() < 1e-9);
}

#[test]
fn impossible_mulligan_positions_are_refused_before_any_table() {
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let cases = [
        (
            json!({"rules": "forced", "dice": "66665", "rolls_left": 0, "mulligan": "this-turn"}),
            "needs the house rule mulligan",
        ),
        (
            json!({"rules": "forced+mulligan", "scorecard": "chance=20 mulligan=used",
                   "dice": "66665", "rolls_left": 0, "mulligan": "this-turn"}),
            "cannot be spent again",
        ),
        (
            json!({"rules": "forced+mulligan", "dice": "66665", "rolls_left": 1,
                   "mulligan": "this-turn"}),
            "rolls left must be 0",
        ),
        (
            json!({"rules": "forced+mulligan", "dice": "66665", "rolls_left": 0,
                   "mulligan": "used"}),
            "this-turn",
        ),
        (
            json!({"rules": "forced+mulligan+mega-yahtzee", "mulligan": "this-turn"}),
            "needs the dice",
        ),
        (
            json!({"rules": "forced+mulligan+mega-yahtzee", "dice": "666655", "rolls_left": 0,
                   "mulligan": "this-turn"}),
            "Mega turn",
        ),
    ];
    for (body, says) in cases {
        let e = api::advise_question(body.to_string().as_bytes()).unwrap_err();
        assert!(e.is_bad_input(), "{body}: {e}");
        let msg = e.to_string();
        assert!(msg.contains(says), "{body}: {msg}");
        assert!(!msg.contains('\n'), "{body}: {msg}");
        assert!(ask(&tables, body.clone()).is_err());
    }
    // Nothing was built or opened for them.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
