//! `yahtzee train`: puzzles from the exact table. The trainer is `yahtzee_terminal::train`
//! over `yahtzee_engine::train`; this is its arguments and tables.

use anyhow::Result;
use yahtzee_engine::train::{self, Difficulty, Query};
use yahtzee_terminal::train::{Ask, Session};

use crate::RulesOpts;

#[derive(clap::Args)]
pub struct Args {
    /// practice (one puzzle after another), daily (the day's puzzle, the same for
    /// everyone), test (20 puzzles, then your score beside the reference players'), or
    /// list (print the puzzles and their answers).
    #[arg(default_value = "practice", value_parser = |s: &str| Ask::named(s).ok_or("practice, daily, test or list"))]
    mode: Ask,
    #[command(flatten)]
    rules: RulesOpts,
    /// Seed of the puzzle set: the same puzzles everywhere [default: the clock; daily: the date].
    #[arg(long)]
    seed: Option<u64>,
    /// Puzzles in a practice session or a list.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Only puzzles of this difficulty: easy, medium or hard.
    #[arg(long, value_parser = |s: &str| Difficulty::named(s).ok_or("easy, medium or hard"))]
    difficulty: Option<Difficulty>,
    /// The daily puzzle's date, YYYY-MM-DD [default: today in UTC].
    #[arg(long)]
    date: Option<String>,
    /// list: the puzzles as JSON, each with `advise --explain --json`'s report.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let seed = match (args.mode, args.seed) {
        (Ask::Session(Session::Daily), _) => {
            train::daily_seed(&args.date.unwrap_or_else(train::today))?
        }
        (_, seed) => seed.unwrap_or_else(yahtzee_terminal::clock_seed),
    };
    let count = args.mode.count().unwrap_or(args.count);
    let query = Query {
        seed,
        count,
        difficulty: args.difficulty,
    };
    let tables = crate::progress::tables(args.json);
    let (advisor, companion) = (tables.advisor(rules)?, tables.companion(rules)?);
    let puzzles = train::puzzles(&advisor, &companion, &query)?;
    Ok(yahtzee_terminal::train::start(
        args.mode, rules.name, seed, &puzzles, args.json,
    )?)
}
