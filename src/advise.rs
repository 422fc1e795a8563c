//! `yahtzee advise`: rank every option of a position.

use std::path::PathBuf;

use anyhow::{Context, Result};
use yahtzee_rules::Scorecard;

use crate::RulesOpts;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// Filled boxes, e.g. "ones=3 twos=6 yahtzee=50 yahtzee_bonus=100" (empty: a new card).
    #[arg(long, short, default_value = "")]
    scorecard: String,
    /// The five dice showing, e.g. 13346 (six on a Mega-Yahtzee turn). Without dice, under
    /// the house rule mega-yahtzee: whether to take the sixth die before the first roll.
    #[arg(long, short, requires = "rolls_left")]
    dice: Option<String>,
    /// Rerolls left this turn: 2 after the first roll, 0 after the last.
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(0..=2), requires = "dice")]
    rolls_left: Option<u8>,
    /// House rule mulligan: the dice are the mulligan's roll, spent this turn (after its
    /// last roll: --rolls-left 0). The card still holds it (no mulligan=used: that means an
    /// earlier turn); the boxes are valued with the mulligan gone.
    #[arg(long, requires = "dice")]
    mulligan_spent: bool,
    /// Table file [default: <data folder>/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Play to reach this final total: rank options by P(final total >= TARGET) (points on
    /// the card count), using the target table.
    #[arg(long)]
    target: Option<u32>,
    /// Target table file [default: <data folder>/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Play to win against an opponent with this scorecard (repeat for several), who plays
    /// for expected score from there: rank options by P(win) + P(tie)/2.
    #[arg(long, conflicts_with = "target")]
    opponent: Vec<String>,
    /// Most memory the exact best response (--opponent) may take, in GiB [default:
    /// $YAHTZEE_MEMORY_LIMIT, or half the machine's]; a first turn needs 10.4 GiB.
    #[arg(long, value_name = "GIB", value_parser = yahtzee_advice::win::parse_gib)]
    memory_limit: Option<u64>,
    /// Print JSON (schema in docs/USAGE.md); it holds every option (or the --top best).
    #[arg(long, short)]
    json: bool,
    /// Show every option, not just the best ten.
    #[arg(long, conflicts_with = "top")]
    all: bool,
    /// Show only the N best options (in the JSON too).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    top: Option<u32>,
    /// Say where the best option's expected total comes from (each box, the bonuses) and,
    /// for each OPTION named (its number, or its label: "keep 3 3 4", "chance"), why it is
    /// worse; the JSON explains every option. Reads the companion table (built if missing).
    #[arg(long, num_args = 0.., value_name = "OPTION", conflicts_with_all = ["target", "opponent"])]
    explain: Option<Vec<String>>,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let card = Scorecard::parse(rules, &args.scorecard).context("bad --scorecard")?;
    // A position that cannot be is refused before any table is opened.
    let position = yahtzee_engine::flags_position(
        &card,
        args.dice.as_deref(),
        args.rolls_left,
        args.mulligan_spent,
    )?;
    // What to play for first: a goal these rules cannot take is refused before any work.
    let tables = crate::progress::tables(args.quiet);
    let (play_for, target) = tables.play_for(
        rules,
        args.target,
        args.target_table.as_deref(),
        &args.opponent,
    )?;
    let advisor = tables.advisor_from(rules, args.table.as_deref())?;
    let options = yahtzee_engine::SolveOptions::with_memory_limit(args.memory_limit);
    let mut report = yahtzee_engine::advise_with(
        &advisor,
        target.as_deref(),
        &card,
        position,
        &play_for,
        &options,
    )?;
    let asked = match &args.explain {
        Some(names) => {
            let companion = tables.companion(rules)?;
            match position {
                Some((dice, rolls_left, mulligan)) => yahtzee_engine::explain(
                    &advisor,
                    &companion,
                    &card,
                    &dice,
                    rolls_left,
                    mulligan,
                    &mut report,
                )?,
                None => {
                    yahtzee_engine::explain_sixth_die(&advisor, &companion, &card, &mut report)?
                }
            }
            let named = names.iter().map(|n| {
                report
                    .option_named(n)
                    .with_context(|| format!("--explain: no option '{n}' here"))
            });
            named.collect::<Result<Vec<usize>>>()?
        }
        None => Vec::new(),
    };
    let top = args.top.map(|n| n as usize);
    if let Some(n) = top {
        report.options.truncate(n);
    }
    let shown = match (top, args.all) {
        (Some(n), _) => n,
        (None, true) => usize::MAX,
        (None, false) => SHOWN,
    };
    crate::print(args.json, &report, |r| {
        r.text(shown) + &r.explain_text(&asked)
    })
}

/// Options the human output shows without `--all` or `--top`.
const SHOWN: usize = 10;
