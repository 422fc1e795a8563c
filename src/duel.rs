//! `yahtzee duel`: bots against each other over many seeded games (`yahtzee_play::duel`):
//! each bot's win rate (ties shared) with a 95% interval, its tie rate and mean total.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use yahtzee_advice::{Advisor, TargetAdvisor};
use yahtzee_play::duel::{self, BotResult};
use yahtzee_play::{Aim, Bots};

use crate::{table_file, RulesOpts};

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

#[derive(Serialize)]
struct Report {
    rules: &'static str,
    deals: u64,
    games: u64,
    seed: u64,
    seconds: f64,
    bots: Vec<BotResult>,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let seats: Vec<(String, Aim)> = args
        .bots
        .iter()
        .map(|b| yahtzee_play::parse_bot(b).map_err(anyhow::Error::msg))
        .collect::<Result<_>>()?;
    duel::check_seats(&seats).map_err(anyhow::Error::msg)?;
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    let advisor = Advisor::new(table_file::open_or_build(rules, &path, args.quiet)?);
    let target = if seats.iter().any(|(_, a)| a.needs_target_table()) {
        let path = args
            .target_table
            .clone()
            .unwrap_or_else(|| table_file::default_target_path(rules));
        let t = table_file::open_or_build_target(rules, &path, args.quiet)?;
        t.verify_all()?;
        Some(t)
    } else {
        None
    };
    let bar = table_file::plain_bar(args.quiet, args.deals, "deals");
    let start = Instant::now();
    let bots = duel::duel(
        rules,
        &seats,
        args.deals,
        args.seed,
        || {
            let t = target
                .as_ref()
                .map(|t| TargetAdvisor::new(&advisor, t).expect("tables of the same rules"));
            Bots::new(&advisor, t)
        },
        &|n| bar.inc(n),
    )
    .map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let report = Report {
        rules: rules.name,
        deals: args.deals,
        games: args.deals * seats.len() as u64,
        seed: args.seed,
        seconds,
        bots,
    };
    let text = if args.json {
        serde_json::to_string_pretty(&report)? + "\n"
    } else {
        human(&report)
    };
    crate::print_stdout(&text)
}

fn human(r: &Report) -> String {
    let mut out = yahtzee_rules::wrap(
        &format!(
            "rules {}: {} deals × {} seatings = {} games (seed {}) in {:.1} s",
            r.rules,
            r.deals,
            r.bots.len(),
            r.games,
            r.seed,
            r.seconds
        ),
        yahtzee_rules::COLUMNS,
        "  ",
    );
    out.push('\n');
    // 78 columns: names and aims are cut to their columns.
    out += &format!(
        "{:<12} {:<12} {:>9} {:>20} {:>8} {:>11}\n",
        "bot", "aim", "win rate", "95% interval", "ties", "mean total"
    );
    for b in &r.bots {
        let cut = |s: &str| s.chars().take(12).collect::<String>();
        out += &format!(
            "{:<12} {:<12} {:>8.2}% {:>20} {:>7.2}% {:>11.2}\n",
            cut(&b.name),
            cut(&b.aim),
            100.0 * b.win_rate,
            format!("[{:.2}%, {:.2}%]", 100.0 * b.ci95[0], 100.0 * b.ci95[1]),
            100.0 * b.p_tie,
            b.mean_total
        );
    }
    out += "\nwin rate: share of games won, a tie shared among the tied\n";
    out
}
