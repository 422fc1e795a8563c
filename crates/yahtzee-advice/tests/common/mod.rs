//! Reading the conformance positions (`tests/data/`), shared by the tests that use them.

// Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;
use yahtzee_rules::{Category, Dice, RuleSet, Scorecard};

/// One position: the card, the dice, the rolls left, and the whole entry (with the
/// independent solver's ranking under `"ranked"`).
pub struct Position {
    pub card: Scorecard,
    pub dice: Dice,
    pub rolls_left: u8,
    pub raw: Value,
}

/// Every position of `file`, which must all be for `rules`.
pub fn positions(file: &str, rules: &'static RuleSet) -> Vec<Position> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file),
    )
    .unwrap();
    let all: Vec<Value> = serde_json::from_str(&text).unwrap();
    all.into_iter()
        .map(|p| {
            assert_eq!(p["rules"], rules.name);
            let mut card = Scorecard::new(rules);
            for (name, score) in p["scorecard"].as_object().unwrap() {
                let b = rules.box_index(Category::from_name(name).unwrap()).unwrap();
                card.set(b, score.as_u64().unwrap() as u32).unwrap();
            }
            let faces: Vec<u8> = p["dice"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_u64().unwrap() as u8)
                .collect();
            Position {
                card,
                dice: Dice::from_faces(&faces).unwrap(),
                rolls_left: p["rolls_left"].as_u64().unwrap() as u8,
                raw: p,
            }
        })
        .collect()
}
