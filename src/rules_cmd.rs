//! `yahtzee rules`: every rule set and house rule, with its optimal expected score.

use anyhow::Result;
use yahtzee_rules::{House, RuleSet};

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: every rule set (base and with house rules) as an object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = if args.json {
        let entries = yahtzee_engine::rules_listing();
        serde_json::to_string_pretty(&entries)? + "\n"
    } else {
        human()
    };
    crate::print_stdout(&text)
}

fn human() -> String {
    use std::fmt::Write;
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => { writeln!(out, $($t)*).expect("writing to a String") };
    }
    println!("rule sets (--rules NAME), optimal expected score from an empty card:");
    for r in RuleSet::all() {
        println!(
            "  {:<15} {:>10.4}  {}",
            r.name, r.expected_value, r.description
        );
    }
    println!();
    println!(
        "house rules (--house SWITCH, with any rule set; each combination has its own table),"
    );
    println!("with what each adds to the optimal expected score of its rule set:");
    // One row per switch; `--json` lists every combination.
    let rows = House::SWITCHES.iter().map(|&(name, what)| {
        let mut house = House::NONE;
        house.set(name);
        (name, what, house)
    });
    for (name, what, house) in rows {
        println!("  {name:<15} {what}");
        let gains: Vec<String> = RuleSet::all()
            .iter()
            .map(|r| {
                let gain = r.with_house(house).expected_value - r.expected_value;
                format!("{} {gain:+.4}", r.name)
            })
            .collect();
        println!("  {:<15} {}", "", gains.join(", "));
    }
    println!("every combination of house rules: yahtzee rules --json");
    out
}
