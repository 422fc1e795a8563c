//! The compact `f32` export against the full table: an app that widens its `f32` values
//! back to `f64` ranks every conformance position (`tests/data/`) the same way, up to
//! options of exactly equal value (which f32 rounding may put in another order).

use std::path::Path;

use yahtzee_advice::{Advisor, Choice};
use yahtzee_rules::RuleSet;
use yahtzee_table::export::{export, read_f32, Format};
use yahtzee_table::{write_table, Table};

mod common;

fn label(choice: &Choice) -> String {
    format!("{choice:?}")
}

/// (positions, pairs of options ranked the other way round, positions whose order changed
/// only among exact ties, largest difference of an option's value).
fn compare(rules_name: &str, file: &str, dir: &Path) -> (usize, usize, usize, f64) {
    let rules = RuleSet::by_name(rules_name).unwrap();
    let full = dir.join(format!("{rules_name}.table"));
    write_table(&full, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    let table = Table::open(&full, rules).unwrap();
    let compact = dir.join(format!("{rules_name}.f32"));
    let done = export(&table, Format::F32, true, &compact).unwrap();
    assert!(done.bytes < 2_300_000, "{} bytes", done.bytes);
    let widened = dir.join(format!("{rules_name}.widened.table"));
    write_table(&widened, rules, &read_f32(&compact, rules).unwrap()).unwrap();
    let (a, b) = (
        Advisor::new(table),
        Advisor::new(Table::open(&widened, rules).unwrap()),
    );
    let positions = common::positions(file, rules);
    let (mut changed, mut ties_swapped, mut worst) = (0, 0, 0.0f64);
    for p in &positions {
        let (card, dice, rolls_left) = (&p.card, p.dice, p.rolls_left);
        let x = a.advise(card, dice, rolls_left).unwrap();
        let y = b.advise(card, dice, rolls_left).unwrap();
        let order = |adv: &yahtzee_advice::Advice| -> Vec<String> {
            adv.options.iter().map(|o| label(&o.choice)).collect()
        };
        if order(&x) != order(&y) {
            ties_swapped += 1;
        }
        // A real change: two options whose full-precision values differ (beyond float
        // rounding, 1e-9) that the widened table ranks the other way round.
        let rank = |adv: &yahtzee_advice::Advice, c: &Choice| {
            adv.options.iter().position(|o| o.choice == *c).unwrap()
        };
        for (i, o) in x.options.iter().enumerate() {
            for q in &x.options[i + 1..] {
                if o.ev_remaining - q.ev_remaining > 1e-9
                    && rank(&y, &o.choice) > rank(&y, &q.choice)
                {
                    changed += 1;
                }
            }
        }
        for o in &x.options {
            let same = y.options.iter().find(|q| q.choice == o.choice).unwrap();
            worst = worst.max((same.ev_remaining - o.ev_remaining).abs());
        }
    }
    (positions.len(), changed, ties_swapped, worst)
}

#[test]
fn f32_export_ranks_the_conformance_positions_identically() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, file) in [
        ("forced", "advice_forced.json"),
        ("free", "advice_free.json"),
    ] {
        let (n, changed, ties, worst) = compare(rules, file, dir.path());
        println!("{rules}: {n} positions, {changed} pairs ranked differently, {ties} orders changed among exact ties, largest value difference {worst:.3e}");
        assert_eq!(changed, 0, "{rules}");
        // f32 keeps 24 bits: about 3e-5 for values near 250.
        assert!(worst < 3e-5, "{rules}: {worst}");
    }
}
