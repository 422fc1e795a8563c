//! The command line's reports that are no one game's, as text: the rule sets listed
//! (`yahtzee rules`) and a table solved (`yahtzee solve`). Each game's own reports are
//! methods of its answers ([`crate::yahtzix`], [`crate::triple`], [`crate::painted`]).

use std::path::Path;

use yahtzee_rules::{wrap, House, RuleSet, State, COLUMNS};
use yahtzee_table::TargetTable;

/// `yahtzee rules`: every base rule set with its optimal expected score, the house rules
/// and what each adds to each rule set, and the folder `data_dir` where tables are kept;
/// each row folded within 80 columns.
pub fn rules(data_dir: &Path) -> String {
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
    house_gains(&mut row);
    row(
        "every combination of house rules: yahtzee rules --json".into(),
        0,
    );
    row(String::new(), 0);
    row(
        format!(
            "tables are kept in {} (set YAHTZEE_DATA_DIR for another folder)",
            data_dir.display()
        ),
        2,
    );
    out
}

/// The rows of what each house rule adds to the optimal expected score of each base rule
/// set, one column per rule set.
fn house_gains(row: &mut impl FnMut(String, usize)) {
    // `--json` lists every combination.
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
}

/// "rules: NAME (description)", folded within 80 columns: the first line of a solve's
/// report.
fn about(rules: &RuleSet) -> String {
    wrap(
        &format!("rules: {} ({})", rules.name, rules.description),
        COLUMNS,
        "  ",
    )
}

/// `yahtzee solve`: the value table of `rules` written to `path` in `seconds`, with the
/// expected score of the empty card.
pub fn solved(rules: &RuleSet, values: &[f64], path: &Path, seconds: f64) -> String {
    let ev = values[rules.state_index(State::START)];
    format!(
        "{}expected score of the empty card: {ev:.8}\ntable: {} ({} states, solved in {seconds:.3} s)\n",
        about(rules),
        path.display(),
        values.len()
    )
}

/// `yahtzee solve --objective target`: the target table written to `path` (`bytes` long)
/// in `seconds`, with the chance of a few totals from the empty card.
pub fn solved_target(
    rules: &RuleSet,
    table: &TargetTable,
    path: &Path,
    bytes: u64,
    seconds: f64,
) -> String {
    let mut out = about(rules);
    out += "objective: target (best P(final total >= T) for every T)\n";
    for t in [200, 250, 300, 350, 400, 500] {
        let p = table.p_at_least(State::START, t);
        out += &format!("P(total >= {t}) from the empty card: {p:.6}\n");
    }
    out + &format!(
        "table: {} ({} probabilities, {:.0} MiB, solved in {seconds:.1} s)\n",
        path.display(),
        table.header().value_count,
        bytes as f64 / 1048576.0
    )
}
