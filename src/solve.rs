//! `yahtzee solve`: build a rule set's value table.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};

use crate::RulesOpts;

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
    let tables = crate::progress::tables(args.quiet);
    if let ObjectiveArg::Companion = args.objective {
        // The value table first (opened, or built): its solve is not the companion's.
        tables.advisor(rules)?;
    }
    let start = Instant::now();
    let text = match args.objective {
        ObjectiveArg::Expected => {
            let path = args.out.unwrap_or_else(|| tables.path(rules));
            let values = tables.solve_values(rules, &path)?;
            let secs = start.elapsed().as_secs_f64();
            yahtzee_engine::text::solved(rules, &values, &path, secs)
        }
        ObjectiveArg::Target => {
            let path = args.out.unwrap_or_else(|| tables.target_path(rules));
            tables.solve_target(rules, &path)?;
            let secs = start.elapsed().as_secs_f64();
            let table = yahtzee_table::TargetTable::open(&path, rules)?;
            table.verify_sets([0])?;
            let bytes = std::fs::metadata(&path)?.len();
            yahtzee_engine::text::solved_target(rules, &table, &path, bytes, secs)
        }
        ObjectiveArg::Companion => {
            let path = args.out.unwrap_or_else(|| tables.companion_path(rules));
            tables.solve_companion(rules, &path)?;
            // Its reader checks it when it is opened (Tables::companion).
            let bytes = std::fs::metadata(&path)?.len();
            let secs = start.elapsed().as_secs_f64();
            let (name, path) = (rules.name, path.display());
            format!("{name}: companion table in {secs:.1} s, {bytes} bytes: {path}\n")
        }
    };
    crate::print_stdout(&text)
}
