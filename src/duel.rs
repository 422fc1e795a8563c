//! `yahtzee duel`: bots against each other over many seeded games, played in parallel:
//! each bot's win rate (ties shared) with a 95% interval, its tie rate and mean total.
//!
//! Each deal is played once per rotation of the seats with the same dice seed, so no bot
//! profits from the first seat or from luckier dice; the deal (averaged over its
//! rotations) is the independent unit of the intervals.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use yahtzee_advice::{Advisor, TargetAdvisor};
use yahtzee_play::{bot, Aim, Bots, Game};

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
    /// Table file [default: data/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Target table file [default: data/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Serialize)]
struct BotResult {
    name: String,
    aim: String,
    /// Share of games won, ties shared among the tied.
    win_rate: f64,
    ci95: [f64; 2],
    p_tie: f64,
    mean_total: f64,
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

/// Per bot: (win share, tied, total), averaged over the rotations of one deal.
type Deal = Vec<(f64, f64, f64)>;

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let seats: Vec<(String, Aim)> = args
        .bots
        .iter()
        .map(|b| yahtzee_play::parse_bot(b).map_err(anyhow::Error::msg))
        .collect::<Result<_>>()?;
    if seats.len() < 2 {
        bail!("a duel needs at least two --bot");
    }
    for (i, (n, _)) in seats.iter().enumerate() {
        if seats[..i].iter().any(|(m, _)| m == n) {
            bail!("two bots are called '{n}'");
        }
    }
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
    let n = seats.len();
    let aims: Vec<Aim> = seats.iter().map(|s| s.1).collect();
    let bar = table_file::plain_bar(args.quiet, args.deals, "deals");
    let start = Instant::now();
    let deals: Vec<Deal> = (0..args.deals)
        .into_par_iter()
        .map_init(
            || {
                let t = target
                    .as_ref()
                    .map(|t| TargetAdvisor::new(&advisor, t).expect("tables of the same rules"));
                Bots::new(&advisor, t)
            },
            |bots, g| {
                let d = deal(bots, rules, &aims, args.seed.wrapping_add(g));
                bar.inc(1);
                d
            },
        )
        .collect::<Result<_>>()?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let k = deals.len() as f64;
    let bots = seats
        .iter()
        .enumerate()
        .map(|(i, (name, aim))| {
            let win: Vec<f64> = deals.iter().map(|d| d[i].0).collect();
            let mean = win.iter().sum::<f64>() / k;
            let var = win.iter().map(|w| (w - mean).powi(2)).sum::<f64>() / (k - 1.0);
            let half = 1.959_963_984_540_054 * (var / k).sqrt();
            BotResult {
                name: name.clone(),
                aim: aim.name(),
                win_rate: mean,
                ci95: [mean - half, mean + half],
                p_tie: deals.iter().map(|d| d[i].1).sum::<f64>() / k,
                mean_total: deals.iter().map(|d| d[i].2).sum::<f64>() / k,
            }
        })
        .collect();
    let report = Report {
        rules: rules.name,
        deals: args.deals,
        games: args.deals * n as u64,
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

/// One deal: the game played once per rotation of the seats, with the same dice seed.
fn deal(
    bots: &Bots,
    rules: &'static yahtzee_rules::RuleSet,
    aims: &[Aim],
    seed: u64,
) -> Result<Deal> {
    let n = aims.len();
    let mut sums = vec![(0.0, 0.0, 0.0); n];
    for rot in 0..n {
        // Seat j holds bot (j + rot) % n.
        let order: Vec<usize> = (0..n).map(|j| (j + rot) % n).collect();
        let players = order.iter().map(|&b| (format!("{b}"), true)).collect();
        let seat_aims: Vec<Aim> = order.iter().map(|&b| aims[b]).collect();
        let mut game = Game::new(rules, players);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        bot::play_out(bots, &seat_aims, &mut game, &mut rng)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("deal with seed {seed}"))?;
        let totals: Vec<u32> = game.players().iter().map(|p| p.card.total()).collect();
        let best = *totals.iter().max().expect("players");
        let winners = totals.iter().filter(|&&t| t == best).count();
        for (seat, &b) in order.iter().enumerate() {
            let s = &mut sums[b];
            if totals[seat] == best {
                s.0 += 1.0 / winners as f64;
                if winners > 1 {
                    s.1 += 1.0;
                }
            }
            s.2 += f64::from(totals[seat]);
        }
    }
    Ok(sums
        .into_iter()
        .map(|(w, t, x)| (w / n as f64, t / n as f64, x / n as f64))
        .collect())
}

fn human(r: &Report) -> String {
    let mut out = format!(
        "rules {}: {} deals × {} seatings = {} games (seed {}) in {:.1} s\n\n",
        r.rules,
        r.deals,
        r.bots.len(),
        r.games,
        r.seed,
        r.seconds
    );
    out += &format!(
        "{:<12} {:<14} {:>9} {:>22} {:>8} {:>11}\n",
        "bot", "aim", "win rate", "95% interval", "ties", "mean total"
    );
    for b in &r.bots {
        out += &format!(
            "{:<12} {:<14} {:>8.2}% {:>22} {:>7.2}% {:>11.2}\n",
            b.name,
            b.aim,
            100.0 * b.win_rate,
            format!("[{:.2}%, {:.2}%]", 100.0 * b.ci95[0], 100.0 * b.ci95[1]),
            100.0 * b.p_tie,
            b.mean_total
        );
    }
    out += "\nwin rate: share of games won, a tie shared among the tied\n";
    out
}
