//! `yahtzee rules`: every rule set and house rule, with its optimal expected score.

use anyhow::Result;
use yahtzee_rules::{House, RuleSet};

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: every rule set (base and with house rules) as an object.
    #[arg(long, short)]
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
    use yahtzee_rules::{wrap, COLUMNS};
    let mut out = String::new();
    // Each row folds within 80 columns, its continuation under its own column.
    let mut row = |text: String, indent: usize| out += &wrap(&text, COLUMNS, &" ".repeat(indent));
    row(
        "rule sets (--rules NAME), optimal expected score from an empty card:".into(),
        0,
    );
    for r in RuleSet::all() {
        let line = format!(
            "  {:<15} {:>9.4}  {}",
            r.name, r.expected_value, r.description
        );
        row(line, 29);
    }
    let aliases: Vec<&str> = yahtzee_rules::ALIASES.iter().map(|&(a, _)| a).collect();
    row(
        format!("  ({} are other names for forced)", aliases.join(", ")),
        3,
    );
    row(String::new(), 0);
    row(
        "house rules (--house SWITCH, with any rule set; each combination has its own \
         table):"
            .into(),
        0,
    );
    for (name, what) in House::SWITCHES {
        row(format!("  {name:<15} {what}"), 18);
    }
    row(String::new(), 0);
    // What each switch adds, one column per rule set; `--json` lists every combination.
    row(
        "what each adds to the optimal expected score of each rule set:".into(),
        0,
    );
    let bases = RuleSet::all();
    let width = |r: &RuleSet| r.name.len().max(9) + 1;
    let mut head = format!("  {:<15}", "");
    for r in bases {
        head += &format!("{:>w$}", r.name, w = width(r));
    }
    row(head, 0);
    for (name, _) in House::SWITCHES {
        let mut house = House::NONE;
        house.set(name);
        let mut line = format!("  {name:<15}");
        for r in bases {
            let gain = r.with_house(house).expected_value - r.expected_value;
            line += &format!("{:>w$}", format!("{gain:+.4}"), w = width(r));
        }
        row(line, 0);
    }
    row(
        "every combination of house rules: yahtzee rules --json".into(),
        0,
    );
    row(String::new(), 0);
    row(
        format!(
            "tables are kept in {} (set YAHTZEE_DATA_DIR for another folder)",
            yahtzee_table::store::data_dir().display()
        ),
        2,
    );
    out
}
