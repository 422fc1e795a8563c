//! `yahtzee duel`: bots against each other over many seeded games (`yahtzee_play::duel`):
//! each bot's win rate (ties shared) with a 95% interval, its tie rate and mean total.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use yahtzee_advice::TargetAdvisor;
use yahtzee_play::duel::{self, Report};
use yahtzee_play::Bots;

use crate::RulesOpts;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// A bot as NAME:AIM, in seat order (at least two). AIM: expected, target=T, win (fast),
    /// win-exact[=N] (exact best response for the last N turns, default 6).
    #[arg(long = "bot", required = true)]
    bots: Vec<String>,
    /// Deals to play (each once per rotation of the seats).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(2..))]
    deals: u64,
    /// Seed of the dice: deal `g` uses seed + g, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Table file [default: <data folder>/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Target table file [default: <data folder>/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Print JSON.
    #[arg(long, short)]
    json: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let seats = duel::parse_seats(&args.bots).map_err(anyhow::Error::msg)?;
    let tables = crate::progress::tables(args.quiet);
    let advisor = tables.advisor_from(rules, args.table.as_deref())?;
    let aims = seats.iter().map(|(_, aim)| *aim);
    let target = tables.target_for(rules, aims, args.target_table.as_deref())?;
    if let Some(t) = &target {
        t.verify_all()?;
    }
    let template = "{bar:40} {human_pos}/{human_len} deals, {per_sec}, eta {eta}";
    let bar = crate::progress::bar(args.quiet, args.deals, template);
    let start = Instant::now();
    let bots = duel::duel(
        rules,
        &seats,
        args.deals,
        args.seed,
        || {
            let t = target
                .as_deref()
                .map(|t| TargetAdvisor::new(&advisor, t).expect("tables of the same rules"));
            Bots::new(&advisor, t)
        },
        &|n| bar.inc(n),
    )
    .map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let report = Report {
        rules: rules.name,
        deals: args.deals,
        games: args.deals * seats.len() as u64,
        seed: args.seed,
        seconds: start.elapsed().as_secs_f64(),
        bots,
    };
    crate::print(args.json, &report, Report::text)
}
