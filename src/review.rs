//! `yahtzee review FILE`: replay a game record and judge every decision against optimal play.

use std::path::PathBuf;

use anyhow::{Context, Result};
use yahtzee_play::{review, Record};

#[derive(clap::Args)]
pub struct Args {
    /// The game record (written by `yahtzee play`; format in docs/USAGE.md).
    file: PathBuf,
    /// Print JSON: every decision with its cost, and each player's totals.
    #[arg(long, short)]
    json: bool,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Table file [default: <data folder>/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Say where the cost of each costly decision went: the parts (each box's expected
    /// final score, the upper bonus chance, the bonuses) that differ most between the move
    /// played and the best, as `advise --explain` says them. Reads the companion table
    /// (built if missing).
    #[arg(long)]
    explain: bool,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let (name, text) = crate::read_record(&args.file)?;
    let record = Record::parse(&text).with_context(|| name.clone())?;
    let rules = record.rules;
    let tables = crate::progress::tables(args.quiet);
    let advisor = tables.advisor_from(rules, args.table.as_deref())?;
    let mut r = review(&record, &advisor).with_context(|| name.clone())?;
    if args.explain {
        let companion = tables.companion(rules)?;
        yahtzee_engine::explain_review(&advisor, &companion, &record, &mut r)?;
    }
    crate::print(args.json, &r, |r| r.text(&name, args.top))
}
