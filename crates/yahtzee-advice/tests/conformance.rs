//! Advice against positions ranked by an independent solver (`tests/data/`, copied from the
//! project's shared conformance set): the same options, the same values to 1e-9, and the
//! same order up to ties.

use std::path::Path;

use serde_json::Value;
use yahtzee_advice::{Advisor, Choice};
use yahtzee_rules::{Dice, RuleSet};
use yahtzee_table::{write_table, Table};

fn advisor(rules: &'static RuleSet, dir: &Path) -> Advisor {
    let path = dir.join(format!("{}.table", rules.name));
    write_table(&path, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    Advisor::new(Table::open(&path, rules).unwrap())
}

mod common;

fn label(choice: &Choice) -> String {
    match choice {
        Choice::Keep(k) => format!("keep {k}"),
        Choice::Fill { category, .. } => category.name().to_string(),
        Choice::ChanceChance => "chance-chance".to_string(),
        Choice::Mulligan(k) => format!("mulligan {k}"),
        Choice::SixthDie(take) => format!("sixth die {take}"),
    }
}

fn expected_label(option: &Value) -> String {
    match option.get("keep") {
        Some(keep) => {
            let faces: Vec<u8> = keep
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_u64().unwrap() as u8)
                .collect();
            format!("keep {}", Dice::from_faces(&faces).unwrap())
        }
        None => option["category"].as_str().unwrap().to_string(),
    }
}

fn check(file: &str, rules_name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let rules = RuleSet::by_name(rules_name).unwrap();
    let advisor = advisor(rules, dir.path());
    let positions = common::positions(file, rules);
    assert!(positions.len() >= 100);
    for pos in &positions {
        let p = &pos.raw;
        let (card, dice, rolls_left) = (&pos.card, pos.dice, pos.rolls_left);
        let advice = advisor.advise(card, dice, rolls_left).unwrap();
        let ranked = p["ranked"].as_array().unwrap();
        assert_eq!(advice.options.len(), ranked.len(), "{p}");
        for (got, want) in advice.options.iter().zip(ranked) {
            let ev = want["ev"].as_f64().unwrap();
            assert!(
                (got.ev_remaining - ev).abs() < 1e-9,
                "{p}\n{got:?} vs {want}"
            );
            // Same option at this rank, unless it ties with the one listed.
            if label(&got.choice) != expected_label(want) {
                let listed = ranked
                    .iter()
                    .find(|o| expected_label(o) == label(&got.choice))
                    .unwrap();
                assert!((listed["ev"].as_f64().unwrap() - ev).abs() < 1e-9, "{p}");
            }
        }
    }
}

#[test]
fn forced_joker_positions() {
    check("advice_forced.json", "forced");
}

#[test]
fn free_choice_joker_positions() {
    check("advice_free.json", "free");
}
