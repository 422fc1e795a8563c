//! `yahtzee yahtzix solve|advise|play|stats`: Yahtzix, the six-dice push-your-luck race, with
//! the exact solitaire and two-player strategies of `yahtzee-yahtzix`.

use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::position::{keep_dice, spaced, Action, Advice, Position, Stage};
use yahtzee_yahtzix::score::{outcome, parse_dice, show_dice, Counts, UNIT};
use yahtzee_yahtzix::sim::{play_turn_with, DuelBot, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
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

/// The ranked options, or the bust.
fn options_text(advice: &Advice, most: usize) -> String {
    if advice.bust {
        return format!(
            "  bust: nothing scores (you win {} from here)\n",
            pct(advice.win)
        );
    }
    let mut text = String::from("      win   option\n");
    for (i, o) in advice.options.iter().take(most).enumerate() {
        text += &format!("{:>3}. {:>7}  {}\n", i + 1, pct(o.win), o.label);
    }
    text
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

/// The person at the terminal, with the optimal bot's solved turn for hints.
struct Human<'a> {
    bot: DuelBot<'a>,
    rules: Rules,
    input: Box<dyn BufRead>,
    hints: bool,
    quit: bool,
    game: Option<Game>,
}

impl Human<'_> {
    /// The next line typed, trimmed and lower-cased; `None` at the end of input or on quit.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.quit {
            return None;
        }
        println!("{prompt}");
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(n) if n > 0 => {
                let line = line.trim().to_lowercase();
                if line == "q" || line == "quit" {
                    self.quit = true;
                    return None;
                }
                Some(line)
            }
            _ => {
                self.quit = true;
                None
            }
        }
    }

    /// The ranked options at `stage` of this turn.
    fn advice(&self, stage: &Stage) -> Option<Advice> {
        Some(yahtzee_yahtzix::position::rank(
            &self.rules,
            self.bot.turn()?,
            stage,
        ))
    }

    fn show_hint(&self, stage: &Stage, most: usize) {
        if let Some(advice) = self.advice(stage) {
            print!("{}", options_text(&advice, most));
        }
    }

    /// Says what the choice cost against the best one, when it cost anything.
    fn judge(&self, stage: &Stage, action: Action) {
        let Some(advice) = self.advice(stage) else {
            return;
        };
        let (Some(best), Some(mine)) = (
            advice.options.first(),
            advice.options.iter().find(|o| o.action == action),
        ) else {
            return;
        };
        if best.win - mine.win > 5e-4 {
            println!(
                "  (best was {}: {} against your {})",
                best.label,
                pct(best.win),
                pct(mine.win)
            );
        }
    }
}

impl Player for Human<'_> {
    fn start(&mut self, game: &Game) -> bool {
        self.game = Some(game.clone());
        self.bot.start(game);
        let Some((total, left)) = game.offer else {
            return false;
        };
        let stage = Stage::Start { offer: game.offer };
        if self.hints {
            self.show_hint(&stage, 3);
        }
        loop {
            let Some(line) = self.ask(&format!(
                "Go for it on {total} with {}? [y]es, [n]o (roll six), [h]int, [q]uit",
                dice_count(left)
            )) else {
                return false;
            };
            match line.as_str() {
                "y" | "yes" => {
                    self.judge(&stage, Action::GoForIt);
                    return true;
                }
                "n" | "no" => {
                    self.judge(&stage, Action::RollFresh);
                    return false;
                }
                "h" | "hint" => self.show_hint(&stage, 3),
                _ => println!("  answer y, n, h or q"),
            }
        }
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        if !self.bot.turn().is_some_and(|t| t.near) || st.held == 1 {
            return st.held;
        }
        loop {
            let Some(line) = self.ask(&format!(
                "Within 50 of the exact target: roll how many of your {} dice?",
                st.held
            )) else {
                return st.held;
            };
            match line.parse::<u8>() {
                Ok(k) if (1..=st.held).contains(&k) => return k,
                _ => println!("  give a number from 1 to {}", st.held),
            }
        }
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        let stage = Stage::Rolled {
            roll: st.roll,
            total: st.total,
            held: st.held,
            dice: *dice,
        };
        let o = outcome(&self.rules, *dice, st.roll == 1);
        let (points, _) = o.bank.unwrap_or_default();
        let bank_total = st.total + u32::from(points) * UNIT;
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let can_roll = st.roll < 3 && o.reroll;
        let game = self
            .game
            .as_ref()
            .map_or([0, 0], |g| [g.scores[g.to_move], 0]);
        let pass = (game[0] == 0 && bank_total < yahtzee_yahtzix::OPENING)
            || (self.rules.exact && game[0] + bank_total > self.rules.target);
        let bank_total = if pass {
            format!("{bank_total} (a pass: scores nothing)")
        } else {
            bank_total.to_string()
        };
        let prompt = if can_roll {
            format!("[b]ank {bank_total}, or keep dice and roll on (type them, e.g. {}), [h]int, [q]uit", example_keep(&self.rules, &st, dice))
        } else {
            format!(
                "[b]ank {bank_total} (no roll left{}), [h]int, [q]uit",
                if o.reroll {
                    ""
                } else {
                    ": no 1 or 5 to roll on"
                }
            )
        };
        loop {
            let Some(line) = self.ask(&prompt) else {
                return Action::Bank { plain: false };
            };
            let action = match line.as_str() {
                "b" | "bank" => Action::Bank { plain: false },
                "h" | "hint" => {
                    self.show_hint(&stage, usize::MAX);
                    continue;
                }
                text => match self.keep_from(text, &st, dice, can_roll) {
                    Ok(keep) => Action::Keep(keep),
                    Err(why) => {
                        println!("  {why}");
                        continue;
                    }
                },
            };
            self.judge(&stage, action);
            return action;
        }
    }
}

impl Human<'_> {
    /// The dice typed as a keep, checked.
    fn keep_from(
        &self,
        text: &str,
        st: &TurnState,
        dice: &Counts,
        can_roll: bool,
    ) -> Result<Counts, String> {
        if !can_roll {
            return Err("you cannot roll again: bank (b)".into());
        }
        let keep = parse_dice(text)
            .map_err(|_| "type the dice to keep, e.g. 15, or b to bank".to_string())?;
        if (1..=6).any(|f| keep[f] > dice[f]) {
            return Err(format!(
                "{} is not part of your roll {}",
                spaced(&keep),
                spaced(dice)
            ));
        }
        let kept: u8 = keep.iter().sum();
        if kept >= st.held {
            return Err("keep fewer dice than you hold, or bank".into());
        }
        let rolled: u8 = dice.iter().sum();
        let value = if st.roll == 1 {
            yahtzee_yahtzix::score::first_roll_value(&self.rules, &keep, rolled, true)
        } else {
            yahtzee_yahtzix::score::later_roll_value(&keep)
        };
        match value {
            Some(_) => Ok(keep),
            None => Err(format!("{} do not all score", spaced(&keep))),
        }
    }
}

/// A keep to show in the prompt: the scoring dice of the best bank, if fewer than held.
fn example_keep(rules: &Rules, st: &TurnState, dice: &Counts) -> String {
    let o = outcome(rules, *dice, st.roll == 1);
    o.keeps
        .iter()
        .filter(|&&(_, kept)| kept < st.held)
        .max()
        .and_then(|&(points, kept)| keep_dice(rules, dice, st.roll == 1, points, kept))
        .map_or_else(|| "15".into(), |k| show_dice(&k))
}

/// Prints what happens in a turn.
fn narrate<'a>(who: &'a str, rules: &'a Rules) -> impl FnMut(Event) + 'a {
    let mut roll_first = false;
    move |event| match event {
        Event::GoForIt { total, left } => {
            println!("{who}: go for it, {total} on {}", dice_count(left))
        }
        Event::Rolled { st, dice } => {
            roll_first = st.roll == 1;
            let set = if st.total > 0 {
                format!(", {} set aside", st.total)
            } else {
                String::new()
            };
            let verb = if who == "you" { "roll" } else { "rolls" };
            println!(
                "{who} {verb} {} dice (roll {} of 3{set}): {}",
                dice.iter().sum::<u8>(),
                st.roll,
                spaced(&dice)
            );
        }
        Event::Bust => println!("  bust!"),
        Event::Chose(Action::Keep(keep)) => {
            let value = if roll_first {
                yahtzee_yahtzix::score::first_roll_value(rules, &keep, 6, true)
            } else {
                yahtzee_yahtzix::score::later_roll_value(&keep)
            };
            let (verb, roll) = if who == "you" {
                ("keep", "roll")
            } else {
                ("keeps", "rolls")
            };
            println!(
                "  {who} {verb} {} (+{}) and {roll} on",
                spaced(&keep),
                value.unwrap_or(0)
            );
        }
        Event::Chose(_) => {}
    }
}

fn play(a: PlayArgs) -> Result<()> {
    let rules = a.common.rules()?;
    let duel = a.common.duel()?;
    let rolls = Rolls::new(&rules);
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let me = usize::from(a.second);
    let mut human = Human {
        bot: DuelBot::new(&duel, &rolls)?,
        rules,
        input: Box::new(std::io::BufReader::new(std::io::stdin())),
        hints: a.hints,
        quit: false,
        game: None,
    };
    let mut bot = DuelBot::new(&duel, &rolls)?;
    let mut game = Game::new(&rules);
    println!(
        "Yahtzix to {} (seed {seed}). You play {}. You win {} with best play from here.",
        rules.target,
        if a.second { "second" } else { "first" },
        pct(win_chance(&duel, &game, me))
    );
    while game.winner.is_none() {
        println!();
        if game.to_move == me {
            println!(
                "Your turn: you {}, bot {}.",
                game.scores[me],
                game.scores[1 - me]
            );
            let end = play_turn_with(&mut game, &mut human, &mut rng, &mut narrate("you", &rules));
            if human.quit {
                println!(
                    "Game left at you {}, bot {}.",
                    game.scores[me],
                    game.scores[1 - me]
                );
                return Ok(());
            }
            report(&game, me, end, "you");
        } else {
            println!(
                "Bot's turn: bot {}, you {}.",
                game.scores[1 - me],
                game.scores[me]
            );
            let end = play_turn_with(&mut game, &mut bot, &mut rng, &mut narrate("bot", &rules));
            report(&game, 1 - me, end, "bot");
        }
        if game.last_turn && game.winner.is_none() {
            println!(
                "The first player has reached {}: one last turn for the second.",
                rules.target
            );
        }
    }
    let result = match game.winner {
        Some(2) => "A tie.".to_string(),
        Some(w) if w == me => "You win!".to_string(),
        _ => "The bot wins.".to_string(),
    };
    println!(
        "\nFinal: you {}, bot {}. {result}",
        game.scores[me],
        game.scores[1 - me]
    );
    Ok(())
}

/// The probability that player `me` wins from the start of the game's next turn.
fn win_chance(duel: &Duel, game: &Game, me: usize) -> f64 {
    let pos = game.position();
    let rolls_free = game.offer.is_none() && game.scores.iter().all(|&s| s < game.rules.target);
    let mover = if rolls_free {
        duel.win(
            pos.seat,
            (pos.me / UNIT) as usize,
            (pos.opp / UNIT) as usize,
        )
    } else {
        0.5
    };
    if game.to_move == me {
        mover
    } else {
        1.0 - mover
    }
}

fn report(game: &Game, player: usize, end: TurnEnd, who: &str) {
    match end {
        TurnEnd::Bust => println!("  {who}: nothing scores this turn"),
        TurnEnd::Banked { total, left } => {
            let offer = if left > 0 {
                format!("; {} left for \"Go for it\"", dice_count(left))
            } else {
                String::new()
            };
            println!(
                "  {who}: {total} banked, {} in all{offer}",
                game.scores[player]
            );
        }
    }
}

/// "1 die", "3 dice".
fn dice_count(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}
