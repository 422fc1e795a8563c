//! `yahtzee yahtzix solve|advise|play|stats`: Yahtzix, the six-dice push-your-luck race, with
//! the exact solitaire and two-player strategies of `yahtzee-yahtzix`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::position::{spaced, Position, Stage};
use yahtzee_yahtzix::{Duel, Rules};

#[derive(clap::Args)]
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
    /// Play against the optimal bot in the terminal, with hints.
    Play(PlayArgs),
    /// Simulated games: turns to finish, bust rate, win rates against "bank at 300".
    Stats(StatsArgs),
}

/// The game: target and optional rules (docs/RULES.md §9).
#[derive(clap::Args)]
struct Common {
    /// Points to win (a multiple of 50; the text's game is 2000, which takes minutes and
    /// 2.6 GB to solve the first time).
    #[arg(long, default_value_t = 1000)]
    target: u32,
    /// No four-of-a-kind premium (250 under the reading of rule H).
    #[arg(long)]
    no_four_of_a_kind: bool,
    /// Rule L: win with exactly the target; within 50 roll as many dice as you choose.
    #[arg(long)]
    exact: bool,
    /// Table file [default: <data dir>/yahtzix-<rules>.table, solved and written if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// No message while the table is solved.
    #[arg(long, short)]
    quiet: bool,
}

impl Common {
    fn rules(&self) -> Result<Rules> {
        Ok(Rules::new(
            self.target,
            !self.no_four_of_a_kind,
            self.exact,
        )?)
    }

    /// The solved two-player game: read from the table file, or solved and written there.
    fn duel(&self) -> Result<Duel> {
        let rules = self.rules()?;
        let path = self.table.clone().unwrap_or_else(|| {
            yahtzee_table::store::data_dir().join(format!("yahtzix-{}.table", rules.name()))
        });
        let quiet = self.quiet;
        let say = || {
            if !quiet {
                eprintln!(
                    "solving Yahtzix to {} (once; about 20 s at 1000 on two cores), writing {}",
                    rules.target,
                    path.display()
                );
            }
        };
        // A cache of an older format in the default place is solved again.
        Ok(yahtzee_engine::yahtzix::load_or_solve(
            &rules,
            &path,
            self.table.is_none(),
            &say,
        )?)
    }
}

#[derive(clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    common: Common,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct AdviseArgs {
    #[command(flatten)]
    common: Common,
    /// Your score (0 until you open with 30 in a turn).
    #[arg(long)]
    me: u32,
    /// Your opponent's score (at or past the target on your last turn as second player).
    #[arg(long)]
    opp: u32,
    /// You are the second player of the round (the first player started the game).
    #[arg(long)]
    second: bool,
    /// Before your turn: the opponent's leftover offer as TOTAL:DICE, e.g. 150:2.
    #[arg(long, conflicts_with_all = ["dice", "total", "held", "roll"])]
    offer: Option<String>,
    /// The dice you just rolled, e.g. 115523 (without it: advice before the turn).
    #[arg(long)]
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
    /// Print JSON: every option with its probability of winning.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct PlayArgs {
    #[command(flatten)]
    common: Common,
    /// Play second (the bot starts).
    #[arg(long)]
    second: bool,
    /// Seed of the dice [default: from the clock].
    #[arg(long)]
    seed: Option<u64>,
    /// Show the best option before every decision.
    #[arg(long)]
    hints: bool,
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
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Sub::Solve(a) => solve(a),
        Sub::Advise(a) => advise(a),
        Sub::Play(a) => play(a),
        Sub::Stats(a) => stats(a),
    }
}

fn pct(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

fn solve(a: SolveArgs) -> Result<()> {
    let start = Instant::now();
    let duel = a.common.duel()?;
    let s = yahtzee_engine::yahtzix::solved(&duel)?;
    let secs = start.elapsed().as_secs_f64();
    if a.json {
        let mut out = serde_json::to_value(&s)?;
        out["seconds"] = secs.into();
        return crate::print_stdout(&(serde_json::to_string_pretty(&out)? + "\n"));
    }
    let text = format!(
        "Yahtzix to {} ({}):\n  solitaire, fewest turns: {:.4} expected turns (residual {:.1e})\n  most points per turn: {:.3} (busting {})\n  two players: the first player wins {} (value iteration residual {:.1e} < {:.0e}, {} sweeps, at most {} per pair)\n  {:.1} s\n",
        s.target,
        s.rules,
        s.solitaire_expected_turns,
        s.solitaire_residual,
        s.max_points_per_turn,
        pct(s.max_points_bust_rate),
        pct(s.first_player_wins),
        s.residual,
        s.tolerance,
        s.sweeps,
        s.max_sweeps_per_pair,
        secs
    );
    crate::print_stdout(&text)
}

/// The question the flags ask, in the engine's shape.
fn question(a: &AdviseArgs) -> yahtzee_engine::yahtzix::Question {
    yahtzee_engine::yahtzix::Question {
        game: None,
        rules: yahtzee_engine::yahtzix::Game {
            target: a.common.target,
            four_of_a_kind: !a.common.no_four_of_a_kind,
            exact: a.common.exact,
        },
        me: a.me,
        opp: a.opp,
        second: a.second,
        offer: a.offer.clone(),
        dice: a.dice.clone().map(yahtzee_engine::api::DiceText::Text),
        roll: a.roll,
        total: a.total,
        held: a.held,
    }
}

fn advise(a: AdviseArgs) -> Result<()> {
    let q = question(&a);
    let (rules, pos) = q.position()?;
    let played = yahtzee_engine::yahtzix::Played::new(a.common.duel()?);
    let advice = q.answer_with(&played)?;
    if a.json {
        return crate::print_stdout(&(serde_json::to_string_pretty(&advice)? + "\n"));
    }
    let mut text = format!("{}\n", describe(&pos, rules.target));
    if advice.bust {
        text += &format!(
            "  bust: nothing scores (you win {} from here)\n",
            pct(advice.p_win)
        );
    } else {
        text += "      win   option\n";
        for (i, o) in advice.options.iter().enumerate() {
            text += &format!("{:>3}. {:>7}  {}\n", i + 1, pct(o.p_win), o.option);
        }
    }
    crate::print_stdout(&text)
}

/// One line saying where the mover stands.
fn describe(pos: &Position, target: u32) -> String {
    let seat = if pos.seat == Seat::First {
        "first"
    } else {
        "second"
    };
    let head = format!(
        "Yahtzix to {target}: you {} ({seat} player), opponent {}",
        pos.me, pos.opp
    );
    match &pos.stage {
        Stage::Start {
            offer: Some((t, k)),
        } => format!("{head}; before your turn, offer {t} on {}", dice_count(*k)),
        Stage::Start { offer: None } => format!("{head}; before your turn"),
        Stage::Rolled {
            roll, total, dice, ..
        } => {
            let set = if *total > 0 {
                format!(" with {total} set aside")
            } else {
                String::new()
            };
            format!("{head}; roll {roll}: {}{set}", spaced(dice))
        }
    }
}

fn stats(a: StatsArgs) -> Result<()> {
    let q = yahtzee_engine::yahtzix::StatsQuestion {
        game: None,
        rules: yahtzee_engine::yahtzix::Game {
            target: a.common.target,
            four_of_a_kind: !a.common.no_four_of_a_kind,
            exact: a.common.exact,
        },
        games: a.games,
        seed: a.seed,
    };
    q.rules.rules()?;
    let s = q.answer_with(&a.common.duel()?)?;
    if a.json {
        return crate::print_stdout(&(serde_json::to_string_pretty(&s)? + "\n"));
    }
    let ci =
        |m: &yahtzee_yahtzix::sim::Mean| format!("{:.3} [{:.3}, {:.3}]", m.mean, m.low, m.high);
    let cr = |r: &yahtzee_yahtzix::sim::Rate| {
        format!("{} [{}, {}]", pct(r.rate), pct(r.low), pct(r.high))
    };
    let (opt, bank, vs) = (
        &s.solitaire_optimal,
        &s.solitaire_bank_at_300,
        &s.optimal_vs_bank_at_300,
    );
    let text = format!(
        "Yahtzix to {}: {} games per line, seed {}, 95% intervals\n\
         solitaire, fewest-turns strategy: {} turns (exact {:.3}), busts {} of turns, {} points a turn\n\
         solitaire, bank at 300:           {} turns, busts {} of turns, {} points a turn\n\
         optimal against bank at 300: optimal wins {} (first seat {}, second seat {}); its turns {}, busts {}\n",
        a.common.target,
        s.games,
        s.seed,
        ci(&opt.turns),
        s.solitaire_expected_turns,
        cr(&opt.bust_rate),
        ci(&opt.points_per_turn),
        ci(&bank.turns),
        cr(&bank.bust_rate),
        ci(&bank.points_per_turn),
        cr(&vs.win_rate),
        cr(&vs.win_rate_first_seat),
        cr(&vs.win_rate_second_seat),
        ci(&vs.turns),
        cr(&vs.bust_rate),
    );
    crate::print_stdout(&text)
}

/// A game against the optimal bot in the terminal (`yahtzee_terminal::yahtzix`).
fn play(a: PlayArgs) -> Result<()> {
    let rules = a.common.rules()?;
    let duel = a.common.duel()?;
    let setup = yahtzee_terminal::yahtzix::Setup {
        second: a.second,
        seed: a.seed.unwrap_or_else(yahtzee_terminal::clock_seed),
        hints: a.hints,
    };
    yahtzee_terminal::yahtzix::play(
        &duel,
        &rules,
        setup,
        std::io::stdin().lock(),
        std::io::stdout(),
    )?;
    Ok(())
}

/// "1 die", "3 dice".
fn dice_count(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}
