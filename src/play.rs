//! `yahtzee play`: a game in the terminal for people and optimal bots, with hints, the cost
//! of every decision, and a game record; `--auto` lets bots play one another. The game is
//! `yahtzee_terminal::yahtzee`; this is its arguments and tables.

use std::path::PathBuf;

use anyhow::Result;
use yahtzee_advice::TargetAdvisor;
use yahtzee_play::{parse_bots, Bots};
use yahtzee_terminal::yahtzee as terminal;
use yahtzee_terminal::Mode;

use crate::RulesOpts;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// People playing, in turn order, e.g. "Ann,Bob" [default: You, unless --auto].
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Add a bot: NAME (plays for expected score) or NAME:AIM with AIM one of expected,
    /// target=T, win (fast rule), win-exact[=N] (exact best response for the last N turns,
    /// default 6); repeat for more bots.
    #[arg(long)]
    bot: Vec<String>,
    /// Target table file, for bots that play for a target or to win [default:
    /// data/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Seed of the dice [default: from the clock]; it is written in the record.
    #[arg(long)]
    seed: Option<u64>,
    /// Type the dice rolled at the table (all five showing) instead of the program rolling.
    #[arg(long)]
    dice_from_stdin: bool,
    /// Game record to write [default: records/game-<seed>.txt; with --auto, one per game].
    #[arg(long)]
    record: Option<PathBuf>,
    /// Bots only, no questions: play --games games.
    #[arg(long)]
    auto: bool,
    /// Games to play with --auto.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Table file [default: data/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Less output: no cards and no bot moves (with --auto, only the results).
    #[arg(long, short)]
    quiet: bool,
    /// Lines instead of the full-screen game (which is used when standard input and output
    /// are a terminal): commands typed, with line editing in a terminal.
    #[arg(long)]
    plain: bool,
    /// No coaching: no verdict after each choice, no cost column, no suggested dice
    /// (`h` still gives a hint; `t` turns them on and off full screen).
    #[arg(long)]
    no_hints: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let bots = parse_bots(&args.bot).map_err(anyhow::Error::msg)?;
    let seats = terminal::seats(&args.players, &bots, args.auto)?;
    let tables = crate::progress::tables(args.quiet);
    let advisor = tables.advisor_from(rules, args.table.as_deref())?;
    let aims = seats.aims.iter().copied();
    let target_table = tables.target_for(rules, aims, args.target_table.as_deref())?;
    let target = (target_table.as_deref())
        .map(|t| TargetAdvisor::new(&advisor, t))
        .transpose()?;
    let bots = Bots::new(&advisor, target);
    let person = seats.seats.iter().any(|(_, bot)| !bot) && !args.auto;
    let mode = Mode::choose(args.plain || args.dice_from_stdin, person);
    let games = terminal::Games {
        rules,
        advisor: &advisor,
        bots: &bots,
        seats: &seats,
        seed: args.seed.unwrap_or_else(yahtzee_terminal::clock_seed),
        games: if args.auto { args.games } else { 1 },
        auto: args.auto,
        dice_from_input: args.dice_from_stdin,
        verbose: !args.quiet,
        record: args.record,
        full_screen: mode == Mode::FullScreen,
        hints: !args.no_hints,
    };
    mode.with_input(|mut input| terminal::play_games(&games, &mut input, &mut std::io::stdout()))?;
    Ok(())
}
