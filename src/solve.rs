//! `yahtzee solve`: build a rule set's value table.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::{table_file, RulesOpts};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// What the table answers: `expected` (expected score, the default) or `target` (the
    /// best chance of reaching every possible score).
    #[arg(long, value_enum, default_value = "expected")]
    objective: ObjectiveArg,
    /// Where to write the table, creating its folder if missing [default: <data
    /// folder>/<rules>.table, .target.table or .companion.table; `yahtzee rules` names it].
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// Table objectives selectable with `--objective`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ObjectiveArg {
    /// Expected points still to come under score-maximising play.
    Expected,
    /// P(scoring at least t more points) for every t, under play that maximises it.
    Target,
    /// Where each state's expected score comes from (each box, the bonuses).
    Companion,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    if let Some(out) = &args.out {
        // The folder first: a path that cannot be written is refused before the solve
        // (a minute for a target table), not after it.
        let dir = yahtzee_table::atomic::folder_of(out);
        std::fs::create_dir_all(dir)
            .with_context(|| format!("--out: cannot create the folder {}", dir.display()))?;
    }
    if let ObjectiveArg::Target = args.objective {
        let path = args
            .out
            .unwrap_or_else(|| table_file::default_target_path(rules));
        let secs = table_file::build_target(rules, &path, args.quiet)?;
        let table = yahtzee_table::TargetTable::open(&path, rules)?;
        table.verify_sets([0])?;
        let bytes = std::fs::metadata(&path)?.len();
        let text = yahtzee_engine::text::solved_target(rules, &table, &path, bytes, secs);
        return crate::print_stdout(&text);
    }
    if let ObjectiveArg::Companion = args.objective {
        let path = args
            .out
            .unwrap_or_else(|| table_file::default_companion_path(rules));
        return crate::print_stdout(&table_file::build_companion(rules, &path, args.quiet)?);
    }
    let path = args.out.unwrap_or_else(|| table_file::default_path(rules));
    let (values, secs) = table_file::build(rules, &path, args.quiet)?;
    crate::print_stdout(&yahtzee_engine::text::solved(rules, &values, &path, secs))
}
