//! The advice report (`yahtzee advise` and its `--json`): the Joker and the extra-Yahtzee
//! bonus on the options that earn them, losses as positive numbers, and text that fits 80
//! columns.

use yahtzee_advice::{Advisor, Report};
use yahtzee_rules::{Dice, RuleSet, Scorecard};
use yahtzee_table::{write_table, Table};

fn advisor(name: &str) -> (Advisor, tempfile::TempDir) {
    let rules = RuleSet::by_name(name).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.table");
    write_table(&path, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    (Advisor::new(Table::open(&path, rules).unwrap()), dir)
}

fn report(advisor: &Advisor, card: &str, dice: &str, rolls_left: u8) -> Report {
    let card = Scorecard::parse(advisor.table().rules(), card).unwrap();
    let dice = Dice::parse_roll(dice).unwrap();
    let advice = advisor.advise(&card, dice, rolls_left).unwrap();
    Report::new(&card, &dice, rolls_left, &advice)
}

/// (category, score, yahtzee_bonus, joker) of every option.
fn boxes(r: &Report) -> Vec<(&'static str, u32, u32, bool)> {
    r.options
        .iter()
        .map(|o| {
            (
                o.category.unwrap(),
                o.score.unwrap(),
                o.yahtzee_bonus,
                o.joker,
            )
        })
        .collect()
}

#[test]
fn the_joker_and_the_bonus_are_on_the_options_that_earn_them() {
    let (forced, _dir) = advisor("forced");
    // Sixes filled, 50 in the Yahtzee box: every open lower box is a Joker with the bonus.
    let r = report(&forced, "yahtzee=50 sixes=24", "66666", 0);
    assert!(boxes(&r)
        .iter()
        .all(|&(_, _, bonus, joker)| bonus == 100 && joker));
    assert!(boxes(&r).contains(&("large_straight", 40, 100, true)));
    // Sixes open: the forced Joker rule sends it there, an upper box (no Joker), with bonus.
    let r = report(&forced, "yahtzee=50", "66666", 0);
    assert_eq!(boxes(&r), [("sixes", 30, 100, false)]);
    // A zero in the Yahtzee box: still a Joker, but no bonus.
    let r = report(&forced, "yahtzee=0 sixes=24", "66666", 0);
    assert!(boxes(&r)
        .iter()
        .all(|&(_, _, bonus, joker)| bonus == 0 && joker));
    // No five of a kind: neither.
    let r = report(&forced, "yahtzee=50", "66655", 0);
    assert!(boxes(&r)
        .iter()
        .all(|&(_, _, bonus, joker)| bonus == 0 && !joker));
    // The JSON leaves both out where they do not apply, and names them where they do.
    let json = serde_json::to_value(&r).unwrap();
    let option = &json["options"][0];
    assert!(option.get("yahtzee_bonus").is_none() && option.get("joker").is_none());
    let json = serde_json::to_value(report(&forced, "yahtzee=50 sixes=24", "66666", 0)).unwrap();
    assert_eq!(json["options"][0]["yahtzee_bonus"], 100);
    assert_eq!(json["options"][0]["joker"], true);
}

#[test]
fn rules_without_a_joker_or_bonus_show_neither() {
    let (no_bonus, _dir) = advisor("no-bonus");
    let r = report(&no_bonus, "yahtzee=50 sixes=24", "66666", 0);
    assert!(boxes(&r)
        .iter()
        .all(|&(_, _, bonus, joker)| bonus == 0 && !joker));
    let (free, _dir) = advisor("free");
    let r = report(&free, "yahtzee=50 sixes=24", "66666", 0);
    assert!(boxes(&r).contains(&("large_straight", 40, 100, true)));
    // The free-choice Joker takes an upper box too: that one is no Joker, but earns the bonus.
    assert!(boxes(&r).contains(&("ones", 0, 100, false)));
}

#[test]
fn the_text_names_the_joker_and_the_bonus_and_fits_80_columns() {
    let (forced, _dir) = advisor("forced");
    let text = report(&forced, "yahtzee=50 sixes=24", "66666", 0).text(usize::MAX);
    assert!(
        text.contains("large_straight (40) Joker, +100 bonus"),
        "{text}"
    );
    let text = report(&forced, "yahtzee=50", "66666", 0).text(10);
    assert!(text.contains("sixes (30) +100 bonus"), "{text}");
    let text = report(&forced, "", "13346", 2).text(usize::MAX);
    // The figures are the expected final total and a positive loss.
    assert!(text.contains("final total"), "{text}");
    let second = text
        .lines()
        .find(|l| l.trim_start().starts_with("2 "))
        .unwrap();
    let figures: Vec<f64> = second
        .split_whitespace()
        .rev()
        .take(2)
        .map(|f| f.parse().unwrap())
        .collect();
    assert!((figures[0] - 1.4261).abs() < 1e-4, "loss: {second}");
    assert!(
        (figures[1] - 249.9794).abs() < 1e-4,
        "final total: {second}"
    );
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
}
