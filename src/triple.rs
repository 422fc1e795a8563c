//! `yahtzee triple advise|simulate|play|review`: Triple Yahtzee (three columns scored ×1,
//! ×2, ×3) with the approximate-value strategy of `yahtzee-triple`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use yahtzee_engine::triple as engine;
use yahtzee_rules::RuleSet;
use yahtzee_triple::record::{self, Record};
use yahtzee_triple::sim::{footer, simulate, Summary};
use yahtzee_triple::{standard_player, Kind, Player, Variant};

use yahtzee_terminal::Mode;

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Rank every option of a position: keeps with rerolls left, (column, box) after the last roll.
    Advise(AdviseArgs),
    /// Play seeded games with each strategy: mean and 95% interval.
    Simulate(SimulateArgs),
    /// Play a game in the terminal, with hints and the cost of every decision; writes a record.
    Play(PlayArgs),
    /// Judge every decision of a game record against the strategy.
    Review(ReviewArgs),
}

/// Options every `triple` command shares.
#[derive(clap::Args)]
struct Common {
    /// Rules: the 1978 E.S. Lowe rules, or the forum variant (docs/RULES.md, "Triple Yahtzee").
    #[arg(long, value_enum, default_value = "1978")]
    variant: VariantArg,
    /// Solitaire table of the official rules [default: <data folder>/forced.table, built
    /// if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum VariantArg {
    /// 1978 rules: each column a regular Yahtzee card; 100-point chips, not multiplied.
    #[value(name = "1978")]
    Lowe1978,
    /// Forum rules: extra Yahtzees forced into Yahtzee boxes; bonuses 100/200/300.
    Forum,
}

#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum StrategyArg {
    /// Solitaire values of the columns plus the fitted correction (the engine's strategy).
    Fitted,
    /// Σ multiplier × solitaire value of each column: three independent optimal columns.
    Solitaire,
    /// This turn's expected points only.
    Greedy,
}

/// A flag's value by its name on the command line, which is the engine's name for it
/// (`yahtzee_engine::triple::variant_named`, `strategy_named`).
fn flag_name(value: impl clap::ValueEnum) -> String {
    (value.to_possible_value())
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// A player of `kind` for `variant`, from the official rules' table file (`table`, else
/// the data folder's; built if missing).
fn player(variant: Variant, kind: Kind, table: Option<&Path>, quiet: bool) -> Result<Player> {
    let rules = RuleSet::by_name("forced").context("no forced rule set")?;
    let advisor = crate::progress::tables(quiet).advisor_from(rules, table)?;
    let values = yahtzee_engine::triple_values(advisor.table());
    Ok(standard_player(variant, kind, values))
}

#[derive(clap::Args)]
struct AdviseArgs {
    #[command(flatten)]
    common: Common,
    /// Filled boxes as COLUMN.box=score, e.g. "1.ones=3 3.yahtzee=50 bonus=100" (empty: a new card).
    #[arg(long, short = 's', visible_alias = "scorecard", default_value = "")]
    card: String,
    /// The five dice showing, e.g. 13346.
    #[arg(long, short)]
    dice: String,
    /// Rerolls left this turn: 2 after the first roll, 0 after the last.
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(0..=2))]
    rolls_left: u8,
    /// Strategy whose values rank the options.
    #[arg(long, value_enum, default_value = "fitted")]
    strategy: StrategyArg,
    /// Show every option, not just the best ten.
    #[arg(long)]
    all: bool,
    /// Print JSON: every option with its value.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct SimulateArgs {
    #[command(flatten)]
    common: Common,
    /// Games per strategy.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(2..))]
    games: u64,
    /// Seed of the dice (game g uses ChaCha8 stream g): same results for any thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Strategies to play (repeat or separate with commas) [default: all three].
    #[arg(long, value_enum, value_delimiter = ',')]
    strategy: Vec<StrategyArg>,
    /// Print JSON: one summary per strategy.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct PlayArgs {
    #[command(flatten)]
    common: Common,
    /// Seed of the dice [default: from the clock]; it is written in the record.
    #[arg(long)]
    seed: Option<u64>,
    /// Game record to write [default: records/triple-<seed>.txt].
    #[arg(long)]
    record: Option<PathBuf>,
    /// Let the strategy play every decision (no questions).
    #[arg(long)]
    auto: bool,
    /// Lines instead of the full-screen game (which is used when standard input and output
    /// are a terminal): commands typed, with line editing in a terminal.
    #[arg(long)]
    plain: bool,
    /// No coaching: no verdicts, no cost of each box (`h` still gives a hint; `t` turns
    /// them on and off full screen).
    #[arg(long)]
    no_hints: bool,
}

#[derive(clap::Args)]
struct ReviewArgs {
    /// The game record (written by `yahtzee triple play`).
    file: PathBuf,
    /// Solitaire table of the official rules [default: <data folder>/forced.table, built
    /// if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print JSON: every decision with its cost.
    #[arg(long, short)]
    json: bool,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Sub::Advise(a) => advise(a),
        Sub::Simulate(a) => run_simulate(a),
        Sub::Play(a) => play(a),
        Sub::Review(a) => run_review(a),
    }
}

fn advise(a: AdviseArgs) -> Result<()> {
    let question = engine::Question {
        game: None,
        variant: flag_name(a.common.variant),
        strategy: flag_name(a.strategy),
        card: a.card.clone(),
        dice: yahtzee_engine::api::DiceText::Text(a.dice.clone()),
        rolls_left: a.rolls_left,
    };
    let (variant, kind, card, dice) = question.checked()?;
    let player = player(variant, kind, a.common.table.as_deref(), a.common.quiet)?;
    let advice = engine::advise(&player, &card, &dice, a.rolls_left);
    let shown = if a.all { advice.options.len() } else { 10 };
    crate::print(a.json, &advice, |advice| advice.text(&card, shown))
}

fn run_simulate(a: SimulateArgs) -> Result<()> {
    let variant = engine::variant_named(&flag_name(a.common.variant))?;
    let kinds = match &a.strategy[..] {
        [] => Kind::ALL.to_vec(),
        asked => (asked.iter())
            .map(|&k| engine::strategy_named(&flag_name(k)))
            .collect::<Result<_, _>>()?,
    };
    let mut summaries: Vec<Summary> = Vec::new();
    for k in kinds {
        let player = player(variant, k, a.common.table.as_deref(), a.common.quiet)?;
        let s = simulate(&player, a.games, a.seed);
        if !a.json {
            crate::print_stdout(&format!("{}\n", s.line()))?;
        }
        summaries.push(s);
    }
    let threads = rayon::current_num_threads();
    crate::print(a.json, &summaries, |_| footer(variant, a.seed, threads))
}

fn run_review(a: ReviewArgs) -> Result<()> {
    let (name, text) = crate::read_record(&a.file)?;
    let rec = Record::parse(&text).with_context(|| name.clone())?;
    let player = player(rec.variant, Kind::Fitted, a.table.as_deref(), a.quiet)?;
    let r = record::review(&rec, &player).with_context(|| name.clone())?;
    crate::print(a.json, &r, |r| r.text(&name, a.top))
}

/// A game in the terminal (`yahtzee_terminal::triple`); writes its record.
fn play(a: PlayArgs) -> Result<()> {
    let variant = engine::variant_named(&flag_name(a.common.variant))?;
    let player = player(
        variant,
        Kind::Fitted,
        a.common.table.as_deref(),
        a.common.quiet,
    )?;
    let (seed, path) = yahtzee_terminal::file::seed_and_record(a.seed, a.record, "triple");
    let mode = Mode::choose(a.plain, !a.auto);
    let hints = !a.no_hints;
    let end =
        yahtzee_terminal::triple::play_in(mode, &player, variant, seed, a.auto, hints, &path)?;
    crate::print_stdout(&end)
}
