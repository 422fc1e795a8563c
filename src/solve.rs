//! `yahtzee solve`: build a rule set's value table.

use std::path::PathBuf;

use anyhow::Result;
use yahtzee_rules::State;

use crate::{table_file, RulesOpts};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// Where to write the table [default: data/<rules>.table].
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules();
    let path = args.out.unwrap_or_else(|| table_file::default_path(rules));
    let (values, secs) = table_file::build(rules, &path, args.quiet)?;
    let ev = values[rules.state_index(State::START)];
    println!("rules: {} ({})", rules.name, rules.description);
    println!("expected score of the empty card: {ev:.8}");
    println!(
        "table: {} ({} states, solved in {secs:.3} s)",
        path.display(),
        values.len()
    );
    Ok(())
}
