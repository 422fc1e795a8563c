//! Prints the optimal expected score of every rule set with house rules, in the form of
//! `HOUSE_VALUES` in `crates/yahtzee-rules/src/rules/catalogue.rs` (run after changing a
//! rule, then paste): `cargo run --release -p yahtzee-solver --example house_values
//! [FILTER]`.

use yahtzee_rules::{House, RuleSet, State};

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    for r in RuleSet::every().filter(|r| r.house != House::NONE && r.name.contains(&filter)) {
        let t = std::time::Instant::now();
        let v = yahtzee_solver::solve(r, &|_| {})[r.state_index(State::START)];
        println!(
            "    (\"{}\", {v:.9}), // {:.2} s",
            r.name,
            t.elapsed().as_secs_f64()
        );
    }
}
