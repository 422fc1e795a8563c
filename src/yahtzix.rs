//! `yahtzee yahtzix solve|advise|play|review|stats`: Yahtzix, the six-dice push-your-luck race, with
//! the exact solitaire and two-player strategies of `yahtzee-yahtzix`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use yahtzee_advice::win::default_memory_limit as memory_limit;
use yahtzee_engine::yahtzix as engine;
use yahtzee_terminal::Mode;
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::{Duel, Rules};

use crate::progress::tables;

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Solve the two-player game (cached in the data folder) and print its values.
    Solve(SolveArgs),
    /// Every option of a position with your probability of winning.
    Advise(AdviseArgs),
    /// Play in the terminal against the optimal bot, or bots at a table of up to 8 (--players),
    /// with hints; writes a record.
    Play(PlayArgs),
    /// Judge every decision of a game record by the chance to win it lost (with three or more
    /// players, by the heads-up strategy).
    Review(ReviewArgs),
    /// Simulated games: turns to finish, bust rate, win rates against "bank at 300".
    Stats(StatsArgs),
}

/// The game: target and optional rules (docs/RULES.md §9).
#[derive(clap::Args)]
struct Common {
    /// Points to win (a multiple of 50; the text's 2000 takes about 20 s and a 1.3 GB cache
    /// file to solve the first time, 1000 about 8 s and 164 MB).
    #[arg(long, default_value_t = 2000)]
    target: u32,
    /// No four-of-a-kind premium (250 under the reading of rule H).
    #[arg(long)]
    no_four_of_a_kind: bool,
    /// Rule L: win with exactly the target; within 50 roll as many dice as you choose.
    #[arg(long)]
    exact: bool,
    /// Table file [default: <data folder>/yahtzix-<rules>.table, solved and written if
    /// missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// No message while the table is solved.
    #[arg(long, short)]
    quiet: bool,
}

impl Common {
    /// The game as the engine's questions name it.
    fn game(&self) -> engine::Game {
        engine::Game {
            target: self.target,
            four_of_a_kind: !self.no_four_of_a_kind,
            exact: self.exact,
        }
    }

    fn rules(&self) -> Result<Rules> {
        Ok(self.game().rules()?)
    }

    /// The solved two-player game: read from the table file, or solved and written there.
    fn duel(&self) -> Result<Duel> {
        Ok(tables(self.quiet).yahtzix_at(&self.rules()?, self.table.as_deref())?)
    }
}

#[derive(clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    common: Common,
    /// Players: 2 (solved and cached), or 3 (exact, in memory and not cached: minutes and
    /// gigabytes beyond a target of 300; docs/GAMES.md).
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(2..=3))]
    players: usize,
    /// Print JSON.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct AdviseArgs {
    #[command(flatten)]
    common: Common,
    /// Your score (0 until you open with 30 in a turn).
    #[arg(long, required_unless_present = "scores")]
    me: Option<u32>,
    /// Your opponent's score (at or past the target on your last turn as second player).
    #[arg(long, required_unless_present = "scores")]
    opp: Option<u32>,
    /// You are the second player of the round (the first player started the game).
    #[arg(long, conflicts_with = "scores")]
    second: bool,
    /// Two to eight players: every score in seat order, e.g. 450,600,300 (seat 1 starts
    /// each round); with --seat, instead of --me and --opp. Three or more are advised by
    /// the heads-up strategy (docs/GAMES.md).
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["me", "opp"], requires = "seat")]
    scores: Option<Vec<u32>>,
    /// With --scores: your seat, from 1.
    #[arg(long, requires = "scores")]
    seat: Option<usize>,
    /// Before your turn: the opponent's leftover offer as TOTAL:DICE, e.g. 150:2.
    #[arg(long, conflicts_with_all = ["dice", "total", "held", "roll"])]
    offer: Option<String>,
    /// The dice you just rolled, e.g. 115523 (without it: advice before the turn).
    #[arg(long, short)]
    dice: Option<String>,
    /// Which roll of the turn the dice are: 1, 2 or 3 [default: 1, or 2 with --total].
    #[arg(long, requires = "dice", value_parser = clap::value_parser!(u8).range(1..=3))]
    roll: Option<u8>,
    /// Points set aside this turn before this roll (the offer's total after a "Go for it").
    #[arg(long, requires = "dice", default_value_t = 0)]
    total: u32,
    /// Dice in hand before this roll [default: the dice shown].
    #[arg(long, requires = "dice")]
    held: Option<u8>,
    /// Three or more players: no chance to win the table (no games played out).
    #[arg(long)]
    no_table: bool,
    /// Print JSON: every option with its probability of winning.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct PlayArgs {
    #[command(flatten)]
    common: Common,
    /// Players at the table: you and a bot in every other seat (2 to 8). With three or more
    /// the bots, and the hints, play the heads-up strategy: the two-player table against
    /// the leading opponent (docs/GAMES.md).
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(2..=8))]
    players: usize,
    /// Your seat, from 1 (seat 1 starts every round) [default: 1].
    #[arg(long, conflicts_with = "second", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=8))]
    seat: Option<usize>,
    /// Play second (the bot starts): --seat 2 of two players.
    #[arg(long)]
    second: bool,
    /// Seed of the dice [default: from the clock].
    #[arg(long)]
    seed: Option<u64>,
    /// Show the options before every decision (lines; full screen they show unless
    /// --no-hints).
    #[arg(long)]
    hints: bool,
    /// Full screen: no options and chances to win shown (`h` or `t` shows them).
    #[arg(long, conflicts_with = "hints")]
    no_hints: bool,
    /// Lines instead of the full-screen game (used when standard input and output are a
    /// terminal), with line editing in a terminal.
    #[arg(long)]
    plain: bool,
    /// Game record to write [default: records/yahtzix-<seed>.txt].
    #[arg(long)]
    record: Option<PathBuf>,
}

#[derive(clap::Args)]
struct ReviewArgs {
    /// The game record (written by `yahtzee yahtzix play`).
    file: PathBuf,
    /// Table file [default: <data folder>/yahtzix-<rules>.table, solved and written if
    /// missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print JSON: every decision with its cost.
    #[arg(long, short)]
    json: bool,
    /// No message while the table is solved.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(clap::Args)]
struct StatsArgs {
    #[command(flatten)]
    common: Common,
    /// Games per line.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    games: u64,
    /// Seed of the dice (game g uses ChaCha8 stream g: the same for any thread count).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Players at the table for the self-play line: 2 to 8.
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(2..=8))]
    players: usize,
    /// Print JSON.
    #[arg(long, short)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Sub::Solve(a) => solve(a),
        Sub::Advise(a) => advise(a),
        Sub::Play(a) => play(a),
        Sub::Review(a) => review(a),
        Sub::Stats(a) => stats(a),
    }
}

fn solve(a: SolveArgs) -> Result<()> {
    let start = Instant::now();
    if a.players == 3 {
        let s = engine::solve_three(&a.common.rules()?, memory_limit())?;
        return crate::print_timed(a.json, &s, start, engine::SolvedThree::text);
    }
    let s = engine::solved(&a.common.duel()?)?;
    crate::print_timed(a.json, &s, start, engine::Solved::text)
}

/// The question the flags ask, in the engine's shape.
fn question(a: &AdviseArgs) -> engine::Question {
    engine::Question {
        game: None,
        rules: a.common.game(),
        me: a.me,
        opp: a.opp,
        second: a.second,
        scores: a.scores.clone(),
        seat: a.seat,
        offer: a.offer.clone(),
        dice: a.dice.clone().map(yahtzee_engine::api::DiceText::Text),
        roll: a.roll,
        total: a.total,
        held: a.held,
        table: !a.no_table,
    }
}

fn advise(a: AdviseArgs) -> Result<()> {
    let q = question(&a);
    let (rules, seating) = q.seating()?;
    let played = engine::Played::new(a.common.duel()?);
    let three = q.three(memory_limit(), &crate::progress::say(a.common.quiet))?;
    let advice = q.answer_with(&played, three.as_ref())?;
    let place = engine::place(&rules, &seating);
    crate::print(a.json, &advice, |advice| advice.text(&place))
}

fn stats(a: StatsArgs) -> Result<()> {
    let q = engine::StatsQuestion {
        game: None,
        rules: a.common.game(),
        games: a.games,
        seed: a.seed,
        players: a.players,
    };
    let s = q.answer_with(&a.common.duel()?)?;
    crate::print(a.json, &s, engine::Stats::text)
}

/// A game against the optimal bot, or the heads-up bots at a larger table, in the terminal
/// (`yahtzee_terminal::yahtzix`); writes its record.
fn play(a: PlayArgs) -> Result<()> {
    let table = yahtzee_terminal::yahtzix::Table::asked(a.players, a.seat, a.second)
        .map_err(anyhow::Error::msg)?;
    let rules = a.common.rules()?;
    let duel = a.common.duel()?;
    let (seed, path) = yahtzee_terminal::file::seed_and_record(a.seed, a.record, "yahtzix");
    let mode = Mode::choose(a.plain, true);
    let setup = yahtzee_terminal::yahtzix::Setup {
        second: table.players == 2 && table.seat == 1,
        seed,
        hints: a.hints || (mode == Mode::FullScreen && !a.no_hints),
    };
    let end = yahtzee_terminal::yahtzix::play_in(mode, &duel, &rules, setup, table, &path)?;
    crate::print_stdout(&end)
}

/// Every decision of a record judged by the chance to win it lost.
fn review(a: ReviewArgs) -> Result<()> {
    let (name, text) = crate::read_record(&a.file)?;
    let record = Record::parse(&text).with_context(|| name.clone())?;
    let duel = tables(a.quiet).yahtzix_at(&record.rules, a.table.as_deref())?;
    let played = engine::Played::new(duel);
    let r = engine::review_with(&record, &played).with_context(|| name.clone())?;
    crate::print(a.json, &r, |r| r.text(&name, a.top))
}
