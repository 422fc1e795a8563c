//! `yahtzee stats` (exact) and `yahtzee simulate` (Monte Carlo): what optimal play scores.

use std::path::PathBuf;
use std::time::Instant;

use std::sync::Arc;

use anyhow::{bail, Context, Result};
use yahtzee_advice::Advisor;
use yahtzee_engine::Tables;
use yahtzee_rules::Scorecard;
use yahtzee_stats::{plot, Summary};

use crate::progress::{bar, tables};
use crate::RulesOpts;

/// Options shared by both commands.
#[derive(clap::Args)]
pub struct Common {
    #[command(flatten)]
    rules: RulesOpts,
    /// Start from this card instead of an empty one, e.g. "ones=3 yahtzee=50 yb=100".
    #[arg(long, short, default_value = "")]
    scorecard: String,
    /// Table file [default: <data folder>/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Print JSON (schema in docs/USAGE.md).
    #[arg(long, short)]
    json: bool,
    /// Draw the distribution of the final total as a histogram (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// No progress bars.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(clap::Args)]
pub struct StatsArgs {
    #[command(flatten)]
    common: Common,
    /// Measure the play that maximises P(final total >= TARGET) instead (points on the card
    /// count), from the target table.
    #[arg(long)]
    target: Option<u32>,
    /// Target table file [default: <data folder>/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Measure the play that maximises the chance to beat an opponent with this scorecard
    /// (repeat for several), who plays for expected score from there.
    #[arg(long, conflicts_with = "target")]
    opponent: Vec<String>,
    /// Most memory the exact best response (--opponent) may take, in GiB [default:
    /// $YAHTZEE_MEMORY_LIMIT, or half the machine's]; a first turn needs 10.4 GiB.
    #[arg(long, value_name = "GIB", value_parser = yahtzee_advice::win::parse_gib)]
    memory_limit: Option<u64>,
    /// Only each box's expected final score and the bonuses, read at once from the
    /// companion table (built if missing): no distribution, no pass over the game.
    #[arg(long, conflicts_with_all = ["target", "opponent", "plot"])]
    means: bool,
}

#[derive(clap::Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    common: Common,
    /// Number of games to play.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(2..))]
    games: u64,
    /// Seed of the dice: the same seed gives the same games, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The card and the advisor (over the table) behind a command, and the tables it came from.
fn setup(c: &Common) -> Result<(Scorecard, Arc<Advisor>, Tables)> {
    let rules = c.rules.rules()?;
    let card = Scorecard::parse(rules, &c.scorecard).context("bad --scorecard")?;
    if card.is_full() {
        bail!("bad --scorecard: the card is full, the game is over");
    }
    if let Some(p) = &c.plot {
        // Refuse a bad plot name before the work, not after.
        plot::check_path(p)?;
    }
    let tables = tables(c.quiet);
    let advisor = tables.advisor_from(rules, c.table.as_deref())?;
    Ok((card, advisor, tables))
}

pub fn run_stats(args: StatsArgs) -> Result<()> {
    let c = &args.common;
    let (card, advisor, tables) = setup(c)?;
    let rules = advisor.table().rules();
    if args.means {
        let companion = tables.companion(rules)?;
        let means = yahtzee_engine::card_parts(&companion, &card)?;
        return crate::print(c.json, &means, |m| m.table_text(rules));
    }
    let (play_for, target) = tables.play_for(
        rules,
        args.target,
        args.target_table.as_deref(),
        &args.opponent,
    )?;
    let progress = bar(
        c.quiet,
        yahtzee_engine::stats_steps(&card, &play_for),
        "exact distribution {bar:40} turn {pos}/{len}, {elapsed}",
    );
    let start = Instant::now();
    let options = yahtzee_engine::SolveOptions::with_memory_limit(args.memory_limit);
    let summary = yahtzee_engine::stats_with(
        &advisor,
        target.as_deref(),
        &card,
        &play_for,
        &|n| progress.inc(n),
        &options,
    )?;
    progress.finish_and_clear();
    finish(c, &card, &summary, start.elapsed().as_secs_f64())
}

pub fn run_simulate(args: SimulateArgs) -> Result<()> {
    let c = &args.common;
    let (card, advisor, _) = setup(c)?;
    let bar = bar(
        c.quiet,
        args.games,
        "simulating {bar:40} {human_pos}/{human_len} games, {per_sec}, eta {eta}",
    );
    let start = Instant::now();
    let summary =
        yahtzee_engine::simulate(&advisor, &card, args.games, args.seed, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    finish(c, &card, &summary, start.elapsed().as_secs_f64())
}

/// Draws the plot if asked, then prints the report.
fn finish(c: &Common, card: &Scorecard, summary: &Summary, secs: f64) -> Result<()> {
    if let Some(path) = &c.plot {
        plot::write_histogram(path, &plot::Histogram::of(summary, card))?;
    }
    crate::print(c.json, summary, |summary| {
        // The most a game from this card can total (a bound at least the true maximum):
        // a total past it is not improbable but impossible, and the report says so.
        let most = card.total() + yahtzee_table::most_points(card.rules(), card.state());
        summary.text(card, secs, most)
    })
}
