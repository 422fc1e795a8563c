//! `yahtzee painted advise|simulate|play|review`: Painted Yahtzee (coloured dice, 23
//! boxes) with the strategy of `yahtzee-painted` through the engine
//! (`yahtzee_engine::painted`).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use yahtzee_engine::painted as engine;
use yahtzee_engine::Tables;
use yahtzee_terminal::Mode;

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Rank every option of a position: keeps of coloured dice with rerolls left, boxes after
    /// the last roll.
    Advise(AdviseArgs),
    /// Play seeded games with the strategy: mean and 95% interval, mean of each box.
    Simulate(SimulateArgs),
    /// Play a game in the terminal, with hints and the cost of every decision; writes a record.
    Play(PlayArgs),
    /// Judge every decision of a game record against the strategy.
    Review(ReviewArgs),
    /// Solve a game exactly, resumably: checkpoints every chunk of filled sets (with a
    /// SHA-256 per finished layer) in a folder, so a run stopped at any point goes on where
    /// it was; writes the table where advice reads it (the data folder).
    Solve(SolveArgs),
}

/// The game: `painted`, or a reduced game solved exactly.
#[derive(clap::Args)]
struct GameArg {
    /// `painted` (five colours, 23 boxes), or a reduced game
    /// `painted:c<colours 1-5>:<box>,<box>,...` (`colours`: every colour box), e.g.
    /// `painted:c2:ones,yahtzee,colours,flush`.
    #[arg(long, default_value = "painted")]
    game: String,
}

impl GameArg {
    fn game(&self) -> Result<yahtzee_painted::Game> {
        Ok(engine::game_named(&self.game)?)
    }
}

#[derive(clap::Args)]
struct AdviseArgs {
    #[command(flatten)]
    game: GameArg,
    /// Filled boxes as box=score, e.g. "ones=3 red=12 flush=50 yahtzee_bonus=100" (empty: a
    /// new card).
    #[arg(long, short = 's', visible_alias = "scorecard", default_value = "")]
    card: String,
    /// The five dice showing, each a number and a colour letter (r red, y yellow, g green,
    /// b blue, p purple), e.g. "5r 5y 2g 3b 1p".
    #[arg(long, short)]
    dice: String,
    /// Rerolls left this turn: 2 after the first roll, 0 after the last.
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(0..=2))]
    rolls_left: u8,
    /// How many of the best options to show.
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Print JSON: every option with its value.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct SimulateArgs {
    #[command(flatten)]
    game: GameArg,
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=engine::MAX_GAMES))]
    games: u64,
    /// Seed of the dice (game g uses ChaCha8 stream g): the same results for any thread
    /// count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays: `best` (the exact table when it is in the data folder), `exact`, or `split`
    /// (the split strategy even where the exact table is: its gap).
    #[arg(long, default_value = "best")]
    strategy: engine::Strategy,
    /// Print JSON: the summary.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArg,
    /// Seed of the dice [default: from the clock]; it is written in the record.
    #[arg(long)]
    seed: Option<u64>,
    /// Game record to write [default: records/painted-<seed>.txt].
    #[arg(long)]
    record: Option<PathBuf>,
    /// Let the strategy play every decision (no questions).
    #[arg(long)]
    auto: bool,
    /// Lines instead of the full-screen game (which is used when standard input and output
    /// are a terminal): commands typed, with line editing in a terminal.
    #[arg(long)]
    plain: bool,
}

#[derive(clap::Args)]
struct ReviewArgs {
    /// The game record (written by `yahtzee painted play`).
    file: PathBuf,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print JSON: each turn's and each decision's cost.
    #[arg(long, short)]
    json: bool,
}

#[derive(clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArg,
    /// The checkpoint folder [default: painted-solve/<game> in the cache folder, e.g.
    /// ~/.cache/yahtzee/painted-solve/painted]; the Ray driver's layout, so either resumes
    /// the other's.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Threads of the kernel [default: every core]; the table is the same bits whatever
    /// the count.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Filled sets per checkpointed chunk (what a stop loses at most).
    #[arg(long, default_value_t = yahtzee_painted::checkpoint::DEFAULT_CHUNK as u32, value_parser = clap::value_parser!(u32).range(1..))]
    chunk: u32,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let tables = Tables::new(None);
    match args.command {
        Sub::Advise(a) => advise(&tables, a),
        Sub::Simulate(a) => simulate(&tables, a),
        Sub::Play(a) => play(&tables, a),
        Sub::Review(a) => review(&tables, a),
        Sub::Solve(a) => solve(&tables, a),
    }
}

fn advise(tables: &Tables, a: AdviseArgs) -> Result<()> {
    let question = engine::Question {
        game: a.game.game.clone(),
        card: a.card.clone(),
        dice: engine::DiceText::Text(a.dice.clone()),
        rolls_left: a.rolls_left,
    };
    // Checked before any table is read or solved.
    let (game, card, _) = question.checked()?;
    let advice = question.answer(tables)?;
    crate::print(a.json, &advice, |advice| {
        yahtzee_terminal::painted::card_text(&game, &card, false)
            + &engine::advice_text(advice, a.top.max(1))
    })
}

fn simulate(tables: &Tables, a: SimulateArgs) -> Result<()> {
    let question = engine::SimulateQuestion {
        game: a.game.game.clone(),
        games: a.games,
        seed: a.seed,
        strategy: a.strategy,
    };
    // The strategy first, so the speed counts the games only.
    let adv = question.advisor(tables)?;
    let start = Instant::now();
    let summary = question.play(&adv);
    let seconds = start.elapsed().as_secs_f64();
    let threads = rayon::current_num_threads();
    crate::print(a.json, &summary, |s| {
        engine::summary_text(s, seconds, threads)
    })
}

fn review(tables: &Tables, a: ReviewArgs) -> Result<()> {
    let (name, text) = crate::read_record(&a.file)?;
    let r = engine::review(tables, &text).with_context(|| name.clone())?;
    crate::print(a.json, &r, |r| r.text(&name, a.top))
}

/// A game in the terminal (`yahtzee_terminal::painted`); writes its record.
fn play(tables: &Tables, a: PlayArgs) -> Result<()> {
    let game = a.game.game()?;
    let adv = tables.painted_advisor(&game)?;
    let (seed, path) = yahtzee_terminal::file::seed_and_record(a.seed, a.record, "painted");
    let mode = Mode::choose(a.plain, !a.auto);
    let end = yahtzee_terminal::painted::play_in(mode, &adv, seed, a.auto, &path)?;
    crate::print_stdout(&end)
}

/// The exact table, resumably, with a progress bar over the cost model's work.
fn solve(tables: &Tables, a: SolveArgs) -> Result<()> {
    let game = a.game.game()?;
    let dir = a.dir.unwrap_or_else(|| engine::checkpoint_dir(&game));
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.into())
            .build_global()
            .context("cannot start the threads")?;
    }
    let bar = crate::progress::bar(
        a.quiet,
        1,
        "{bar:40} {percent}% layer {msg}, {elapsed_precise} spent, about {eta_precise} left",
    );
    let mut log = engine::SolveLog::new();
    let mut first = true;
    let (path, value) = engine::solve_exact(tables, &game, &dir, a.chunk as usize, &mut |p| {
        if first {
            first = false;
            // Said once the folder is known to be this game's (a refusal is one line).
            if !a.quiet {
                let threads = rayon::current_num_threads();
                let line = engine::SolveLog::starting(&game, threads, &dir);
                bar.suspend(|| eprintln!("{line}"));
            }
            bar.set_length(p.total.max(1));
            bar.set_position(p.done);
            bar.reset_eta();
        }
        bar.set_message(p.layer.to_string());
        bar.set_position(p.done);
        // No terminal (a background solve's log): a line at each whole per cent.
        if bar.is_hidden() && !a.quiet {
            if let Some(line) = log.line(&p, bar.eta()) {
                eprintln!("{line}");
            }
        }
    })?;
    bar.finish_and_clear();
    crate::print_stdout(&log.solved(&game, value, &path))
}
