//! Every rule set's companion table (issue 38, item 5), built and checked: for each of
//! the 80 rule sets (the five, each with every combination of house rules) the value
//! table is solved, the companion table built from it, and
//!
//! - in every state a game reaches, its parts add up to the value within 1e-9, a filled
//!   box earns nothing more and the upper bonus chance is a probability;
//! - the file's bytes (`yahtzee_table::companion_bytes`) read back, and the empty card's
//!   parts are the built ones rounded to `f32`.
//!
//! One line per rule set: the times of the value solve and of the companion build (in the
//! kernel's lanes, every rule set), their ratio, the file's size, the largest gap between
//! the parts' sum and the value. Exits 1 if a check fails.
//!
//!   cargo run --release -p yahtzee-stats --example companion_all [NAME...]

use std::time::Instant;

use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, Scorecard};
use yahtzee_stats::Companion;
use yahtzee_table::{companion_bytes, CompanionTable};

/// Checks every reached state; the largest gap between its parts' sum and its value.
fn check_states(rules: &'static RuleSet, values: &[f64], companion: &Companion) -> f64 {
    let mut worst = 0.0f64;
    for (i, &value) in values.iter().enumerate() {
        let state = rules.state_at(i);
        match companion.parts(state) {
            Some(p) => {
                worst = worst.max((p.total(rules) - value).abs());
                assert!(
                    (-1e-12..=1.0 + 1e-12).contains(&p.upper_bonus),
                    "{}: upper bonus chance {} in {state:?}",
                    rules.name,
                    p.upper_bonus
                );
                for (b, &x) in p.boxes.iter().enumerate() {
                    assert!(x >= -1e-12, "{}: box {b} {x}", rules.name);
                    assert!(!state.is_filled(b) || x == 0.0, "{}", rules.name);
                }
            }
            None => assert!(
                value.is_nan(),
                "{}: a reached state has no parts",
                rules.name
            ),
        }
    }
    worst
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    let threads = rayon::current_num_threads();
    println!("companion tables of every rule set, {threads} threads");
    println!(
        "{:<42} {:>9} {:>9} {:>6} {:>12} {:>9}",
        "rule set", "solve s", "build s", "ratio", "file bytes", "max gap"
    );
    let mut failed = false;
    for rules in RuleSet::every().filter(|r| names.is_empty() || names.iter().any(|n| n == r.name))
    {
        let t = Instant::now();
        let values = yahtzee_solver::solve(rules, &|_| {});
        let solve = t.elapsed().as_secs_f64();
        let strategy = Strategy::new(rules, &values);
        let t = Instant::now();
        let companion = Companion::solve(&strategy, &|_| {});
        let build = t.elapsed().as_secs_f64();
        let worst = check_states(rules, &values, &companion);
        let bytes = companion_bytes(rules, companion.values());
        let len = bytes.len();
        let table = CompanionTable::from_bytes(bytes, "check".as_ref(), rules)
            .expect("the bytes just made read back");
        let start = Scorecard::new(rules).state();
        let built = companion.parts(start).expect("the empty card is reached");
        let read = table.parts(start).expect("the empty card is kept");
        let full =
            built
                .boxes
                .iter()
                .chain([&built.upper_bonus, &built.yahtzee_bonus, &built.mega_bonus]);
        let same = full.zip(&read).all(|(&x, &y)| y == x as f32);
        let ok = worst < 1e-9 && same;
        failed |= !ok;
        println!(
            "{:<42} {solve:>9.3} {build:>9.3} {:>6.1} {len:>12} {worst:>9.1e}{}",
            rules.name,
            build / solve,
            if ok { "" } else { "  FAILED" }
        );
    }
    if failed {
        std::process::exit(1);
    }
}
