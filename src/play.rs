//! `yahtzee play`: a game in the terminal for people and optimal bots, with hints, the cost
//! of every decision, and a game record; `--auto` lets bots play one another.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advice, Advisor, TargetAdvisor};
use yahtzee_play::{judge, label, Aim, Bots, Event, Game, Record};
use yahtzee_rules::{Category, Dice, Scorecard};

use crate::{table_file, RulesOpts};

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
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let mut seats: Vec<(String, bool)> = args
        .players
        .iter()
        .map(|n| (n.trim().to_string(), false))
        .collect();
    if args.auto && !seats.is_empty() {
        bail!("--auto plays bots only: name them with --bot");
    }
    let mut aims = vec![Aim::Expected; seats.len()];
    for b in &args.bot {
        let (name, aim) = crate::duel::parse_bot(b)?;
        seats.push((name, true));
        aims.push(aim);
    }
    if seats.is_empty() {
        seats = if args.auto {
            vec![("Bot 1".into(), true), ("Bot 2".into(), true)]
        } else {
            vec![("You".into(), false)]
        };
        aims = vec![Aim::Expected; seats.len()];
    }
    if let Some(bad) = seats.iter().find(|(n, _)| n.is_empty() || n.contains('\n')) {
        bail!("bad player name '{}'", bad.0);
    }
    for (i, (n, _)) in seats.iter().enumerate() {
        if seats[..i].iter().any(|(m, _)| m == n) {
            bail!("two players are called '{n}'");
        }
    }
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    let advisor = Advisor::new(table_file::open_or_build(rules, &path, args.quiet)?);
    let target_table = if aims.iter().any(Aim::needs_target_table) {
        let path = args
            .target_table
            .clone()
            .unwrap_or_else(|| table_file::default_target_path(rules));
        Some(table_file::open_or_build_target(rules, &path, args.quiet)?)
    } else {
        None
    };
    let target = match &target_table {
        Some(t) => Some(TargetAdvisor::new(&advisor, t)?),
        None => None,
    };
    let bots = Bots::new(&advisor, target);
    let seed = args.seed.unwrap_or_else(clock_seed);
    let games = if args.auto { args.games } else { 1 };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut results = Vec::new();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut table = Session {
            advisor: &advisor,
            bots: &bots,
            aims: &aims,
            game: Game::new(rules, seats.clone()),
            record: Record::new(rules, Some(game_seed), seats.clone()),
            rng: ChaCha8Rng::seed_from_u64(game_seed),
            costs: vec![0.0; seats.len()],
            dice_from_stdin: args.dice_from_stdin,
            verbose: !args.quiet,
            out: String::new(),
        };
        let finished = table.play(&mut input)?;
        let file = record_path(&args.record, game_seed, games > 1, g);
        write_record(&file, &table.record.to_text())?;
        if args.auto {
            let totals: Vec<String> = table
                .game
                .players()
                .iter()
                .map(|p| format!("{} {}", p.name, p.card.total()))
                .collect();
            table.say(format!(
                "game {} (seed {game_seed}): {} · record {}",
                g + 1,
                totals.join(", "),
                file.display()
            ));
        } else {
            table.standings(finished);
            table.say(format!("game record: {}", file.display()));
        }
        table.flush()?;
        results.push(table.game);
    }
    if games > 1 {
        let mut out = String::from("\naverage over the games:\n");
        for (i, (name, _)) in seats.iter().enumerate() {
            let mean = results
                .iter()
                .map(|g| f64::from(g.players()[i].card.total()))
                .sum::<f64>()
                / results.len() as f64;
            out += &format!("  {name:<12} {mean:.1}\n");
        }
        crate::print_stdout(&out)?;
    }
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn record_path(given: &Option<PathBuf>, seed: u64, many: bool, g: u64) -> PathBuf {
    let base = given
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("records/game-{seed}.txt")));
    if !many || given.is_none() {
        return base;
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = base
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    base.with_file_name(format!("{stem}-{}{ext}", g + 1))
}

/// Writes a record atomically (temporary file in the same folder, then rename).
pub(crate) fn write_record(path: &Path, text: &str) -> Result<()> {
    let dir = crate::atomic::folder_of(path);
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut tmp = crate::atomic::temp_beside(path, ".tmp")
        .with_context(|| format!("cannot write record {}", path.display()))?;
    tmp.write_all(text.as_bytes())
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write record {}", path.display()))?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot write record {}", path.display()))?;
    Ok(())
}

/// One game at the table.
struct Session<'a> {
    advisor: &'a Advisor,
    bots: &'a Bots<'a>,
    /// What each seat's bot plays for.
    aims: &'a [Aim],
    game: Game,
    record: Record,
    rng: ChaCha8Rng,
    /// Expected points each player lost against optimal play.
    costs: Vec<f64>,
    dice_from_stdin: bool,
    verbose: bool,
    out: String,
}

/// What a person typed.
enum Command {
    Keep(Dice),
    Score(Category),
    Mulligan(Dice),
    ChanceChance,
    Hint,
    Card,
    Help,
    Quit,
}

const HELP: &str = "commands: keep 3 3 5 (or k 335) · roll (reroll all) · score full_house \
(or just fh) · hint · card · help · quit; house rules: mulligan 3 3 (after the third roll) · \
chance-chance (cc) · the sixth die is offered before a turn's first roll (mega-yahtzee)";

impl Session<'_> {
    fn say(&mut self, line: impl AsRef<str>) {
        self.out.push_str(line.as_ref());
        self.out.push('\n');
    }

    fn flush(&mut self) -> Result<()> {
        let text = std::mem::take(&mut self.out);
        crate::print_stdout(&text)
    }

    /// Plays to the end, or until a person quits; returns whether the game finished.
    fn play(&mut self, input: &mut impl BufRead) -> Result<bool> {
        while !self.game.is_over() {
            let p = self.game.current().clone();
            self.record.push(Event::Turn {
                round: self.game.round(),
                player: p.name.clone(),
            });
            if self.verbose && !p.bot {
                let rounds = self.game.rules().box_count();
                self.say(format!(
                    "\n── round {}/{rounds} · {} ──",
                    self.game.round(),
                    p.name
                ));
                self.say(card_text(&p.card));
            }
            if !self.sixth_die(input, p.bot)? || !self.roll(input)? {
                self.record.push(Event::Quit);
                return Ok(false);
            }
            let done = if p.bot {
                self.bot_turn(input)?
            } else {
                self.human_turn(input)?
            };
            if !done {
                self.record.push(Event::Quit);
                return Ok(false);
            }
            self.flush()?;
        }
        Ok(true)
    }

    /// House rule "mega-yahtzee": with the sixth die in hand, before the turn's first roll,
    /// the bot decides or the person is asked. False if the person quit.
    fn sixth_die(&mut self, input: &mut impl BufRead, bot: bool) -> Result<bool> {
        let card = &self.game.current().card;
        if !card.rules().house.mega_yahtzee || card.mega_used() {
            return Ok(true);
        }
        let take = if bot {
            let aim = self.aims[self.game.current_seat()];
            let take = self
                .bots
                .takes_sixth_die(aim, &self.game)
                .map_err(|e| anyhow::anyhow!("the bot cannot decide: {e}"))?;
            if take && self.verbose {
                let name = self.game.current().name.clone();
                self.say(format!("{name} takes the sixth die this turn"));
            }
            take
        } else {
            loop {
                self.say("sixth die in hand: take it this turn? (y/n, hint)");
                self.flush()?;
                let Some(line) = read_line(input)? else {
                    return Ok(false);
                };
                match line.to_ascii_lowercase().as_str() {
                    "y" | "yes" | "sixth" | "6" => break true,
                    "n" | "no" | "" => break false,
                    "quit" | "q" | "exit" => return Ok(false),
                    "hint" | "h" => self.hint_sixth_die(),
                    _ => self.say("✗ answer y or n (or hint)"),
                }
            }
        };
        if take {
            self.act(Event::SixthDie, !bot)
                .map_err(|e| anyhow::anyhow!(e))?;
        } else if !bot {
            // Keeping it in hand is a decision too: judged as the turn's first roll.
            let judged = judge(self.advisor, &self.game, &Event::Roll(Dice::EMPTY));
            let so_far = f64::from(self.game.current().card.total());
            self.charge(judged, so_far, self.game.current_seat(), true);
        }
        Ok(true)
    }

    fn hint_sixth_die(&mut self) {
        let card = &self.game.current().card;
        let Ok(Some(advice)) = self.advisor.advise_sixth_die(card) else {
            return;
        };
        let so_far = f64::from(card.total());
        self.say_best_two(&advice, so_far);
    }

    /// How many dice are rolled: five, or six on the Mega turn.
    fn showing(&self) -> usize {
        self.game.dice().map_or(5, |d| d.len())
    }

    /// The best and the next best option, with their expected final totals.
    fn say_best_two(&mut self, advice: &Advice, so_far: f64) {
        let showing = self.showing();
        for (o, what) in advice.options.iter().zip(["best", "next best"]) {
            self.say(format!(
                "  {what}: {} — expected final total {:.2}",
                label(&o.choice, showing),
                so_far + o.ev_remaining
            ));
        }
    }

    /// Rolls the dice not kept (or reads them), and records the roll. False if the player
    /// quit instead of typing dice.
    fn roll(&mut self, input: &mut impl BufRead) -> Result<bool> {
        let kept = self.game.to_keep();
        let all = self.game.dice_per_roll();
        loop {
            let dice = if self.dice_from_stdin {
                let n = all - kept.len();
                self.say(format!(
                    "roll {n} dice and type all {} showing{}:",
                    if all == 5 { "five" } else { "six" },
                    if kept.is_empty() {
                        String::new()
                    } else {
                        format!(" (kept {kept})")
                    }
                ));
                self.flush()?;
                let Some(line) = read_line(input)?.filter(|l| !matches!(l.as_str(), "quit" | "q"))
                else {
                    return Ok(false);
                };
                match Dice::parse_dice(&line, all) {
                    Ok(d) => d,
                    Err(e) => {
                        self.say(format!("✗ {e}"));
                        continue;
                    }
                }
            } else {
                yahtzee_play::bot::roll_up_to(kept, all, &mut self.rng)
            };
            match self.game.roll(dice) {
                Ok(()) => {
                    self.record.push(Event::Roll(dice));
                    return Ok(true);
                }
                Err(e) => self.say(format!("✗ {e}")),
            }
        }
    }

    /// The optimal strategy's turn; false if the game cannot go on.
    fn bot_turn(&mut self, input: &mut impl BufRead) -> Result<bool> {
        loop {
            let dice = self.game.dice().expect("rolled");
            let aim = self.aims[self.game.current_seat()];
            let event = self
                .bots
                .decide(aim, &self.game)
                .map_err(|e| anyhow::anyhow!("the bot cannot decide: {e}"))?;
            if self.verbose {
                let name = self.game.current().name.clone();
                let what = match &event {
                    Event::Keep(k) if k.is_empty() => "rerolls all".to_string(),
                    Event::Keep(k) => format!("keeps {k}"),
                    Event::Score(c) => format!("scores {c}"),
                    Event::Mulligan(k) => format!("spends the mulligan keeping {}", k.spaced()),
                    Event::ChanceChance => "goes chance-chance".to_string(),
                    Event::SixthDie => "takes the sixth die".to_string(),
                    _ => String::new(),
                };
                self.say(format!("{name} rolled {dice}, {what}"));
            }
            if let Err(e) = self.act(event, false) {
                bail!("the bot's move was refused: {e}");
            }
            if self.game.dice().is_none() {
                return Ok(true);
            }
            if !self.roll(input)? {
                return Ok(false);
            }
            if self.game.in_chance_chance() {
                self.score_chance_chance(false)?;
                return Ok(true);
            }
        }
    }

    /// A chance-chance roll goes in Chance: scored at once.
    fn score_chance_chance(&mut self, tell: bool) -> Result<()> {
        let dice = self.game.dice().expect("rolled");
        if tell {
            self.say(format!("  chance-chance roll: {dice}"));
        }
        self.act(Event::Score(Category::Chance), tell)
            .map_err(|e| anyhow::anyhow!("chance-chance: {e}"))
    }

    /// Applies a decision: judges it, applies it to the game and records it. Tells a
    /// person what it cost.
    fn act(&mut self, event: Event, tell: bool) -> Result<(), String> {
        let judged = judge(self.advisor, &self.game, &event);
        let so_far = f64::from(self.game.current().card.total());
        let seat = self.game.current_seat();
        let result = match &event {
            Event::Keep(k) => self.game.keep(*k).map(|()| None),
            Event::Score(c) => self.game.score(*c).map(Some),
            Event::Mulligan(k) => self.game.mulligan(*k).map(|()| None),
            Event::ChanceChance => self.game.chance_chance().map(|()| None),
            Event::SixthDie => self.game.take_sixth_die().map(|()| None),
            _ => Ok(None),
        };
        let scored = result.map_err(|e| e.to_string())?;
        self.record.push(event);
        self.charge(judged, so_far, seat, tell);
        if let (Some(m), true) = (scored, tell) {
            self.say(format!(
                "  {} points in {}",
                m.points(),
                self.game.rules().boxes[m.box_index]
            ));
        }
        Ok(())
    }

    /// Adds a judged decision's cost to `seat`'s total and, with `tell`, says it.
    fn charge(&mut self, judged: Option<(Advice, usize)>, so_far: f64, seat: usize, tell: bool) {
        let Some((advice, i)) = judged else {
            return;
        };
        let best = advice.best();
        let chosen = &advice.options[i];
        let cost = (best.ev_remaining - chosen.ev_remaining).max(0.0);
        self.costs[seat] += cost;
        if !tell {
            return;
        }
        if cost > 0.0 {
            self.say(format!(
                "  that cost {cost:.2} expected points: expected final total {:.2}, best was {} for {:.2}",
                so_far + chosen.ev_remaining,
                label(&best.choice, self.showing()),
                so_far + best.ev_remaining
            ));
        } else {
            self.say("  optimal");
        }
    }

    /// A person's turn; false if they quit.
    fn human_turn(&mut self, input: &mut impl BufRead) -> Result<bool> {
        loop {
            let dice = self.game.dice().expect("rolled");
            let left = self.game.rolls_left();
            self.say(format!(
                "{}: {}  ({left} roll{} left) >",
                self.game.current().name,
                dice.spaced(),
                if left == 1 { "" } else { "s" }
            ));
            self.flush()?;
            let Some(line) = read_line(input)? else {
                self.say("input ended: game stopped");
                return Ok(false);
            };
            let command = match parse_command(&line) {
                Ok(c) => c,
                Err(msg) => {
                    self.say(format!("✗ {msg}"));
                    continue;
                }
            };
            match command {
                Command::Help => self.say(HELP),
                Command::Quit => return Ok(false),
                Command::Card => {
                    let cards: Vec<String> = self
                        .game
                        .players()
                        .iter()
                        .map(|p| format!("{}\n{}", p.name, card_text(&p.card)))
                        .collect();
                    self.say(cards.join("\n"));
                }
                Command::Hint => self.hint(),
                Command::Keep(_) if left == 0 => {
                    let card = &self.game.current().card;
                    let mulligan = card.rules().house.mulligan && !card.mulligan_used();
                    self.say(if mulligan {
                        "✗ no rolls left this turn: choose a box, or spend your mulligan (mulligan 3 3)"
                    } else {
                        "✗ no rolls left this turn: choose a box (hint helps)"
                    })
                }
                Command::Keep(k) if k.len() == dice.len() => {
                    self.say("✗ keeping all the dice ends rolling: choose a box instead")
                }
                Command::Keep(k) => match self.act(Event::Keep(k), true) {
                    Ok(()) => {
                        if !self.roll(input)? {
                            return Ok(false);
                        }
                    }
                    Err(e) => self.say(format!("✗ {e}")),
                },
                Command::Score(c) => match self.act(Event::Score(c), true) {
                    Ok(()) => return Ok(true),
                    Err(e) => self.say(format!("✗ {e}")),
                },
                Command::Mulligan(k) => match self.act(Event::Mulligan(k), true) {
                    Ok(()) => {
                        if !self.roll(input)? {
                            return Ok(false);
                        }
                    }
                    Err(e) => self.say(format!("✗ {e}")),
                },
                Command::ChanceChance => match self.act(Event::ChanceChance, true) {
                    Ok(()) => {
                        if !self.roll(input)? {
                            return Ok(false);
                        }
                        self.score_chance_chance(true)?;
                        return Ok(true);
                    }
                    Err(e) => self.say(format!("✗ {e}")),
                },
            }
        }
    }

    fn hint(&mut self) {
        let dice = self.game.dice().expect("rolled");
        let card = &self.game.current().card;
        let Ok(advice) = self.advisor.advise(card, dice, self.game.rolls_left()) else {
            return;
        };
        let so_far = f64::from(card.total());
        self.say_best_two(&advice, so_far);
    }

    fn standings(&mut self, finished: bool) {
        let mut order: Vec<usize> = (0..self.game.players().len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.game.players()[i].card.total()));
        self.say(if finished {
            "\nfinal standings:"
        } else {
            "\nstandings when the game stopped:"
        });
        for (rank, i) in order.into_iter().enumerate() {
            let p = &self.game.players()[i];
            self.say(format!(
                "  {}. {:<12} {:>4} points, {:.2} expected points lost against optimal play",
                rank + 1,
                p.name,
                p.card.total(),
                self.costs[i]
            ));
        }
    }
}

fn read_line(input: &mut impl BufRead) -> Result<Option<String>> {
    let mut line = String::new();
    if input
        .read_line(&mut line)
        .context("reading standard input")?
        == 0
    {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

fn parse_command(line: &str) -> Result<Command, String> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let word = word.to_ascii_lowercase();
    match word.as_str() {
        "" => Err(HELP.to_string()),
        "help" | "?" => Ok(Command::Help),
        "hint" | "h" => Ok(Command::Hint),
        "card" | "c" | "cards" => Ok(Command::Card),
        "quit" | "q" | "exit" => Ok(Command::Quit),
        "roll" | "r" | "reroll" => Ok(Command::Keep(Dice::EMPTY)),
        "keep" | "k" | "mulligan" | "m" => {
            let keep = Dice::parse_keep_up_to(rest, yahtzee_rules::MEGA_DICE)
                .map_err(|e| e.to_string())?;
            Ok(if word.starts_with('k') {
                Command::Keep(keep)
            } else {
                Command::Mulligan(keep)
            })
        }
        "chance-chance" | "cc" => Ok(Command::ChanceChance),
        "score" | "s" => Category::from_name(rest)
            .map(Command::Score)
            .ok_or_else(|| format!("unknown box '{rest}'")),
        _ => Category::from_name(line)
            .map(Command::Score)
            .ok_or_else(|| format!("'{line}' is not a command. {HELP}")),
    }
}

/// A card as a small table: each box with its score or a dot, the upper subtotal and bonus
/// progress, Yahtzee bonuses and the total.
fn card_text(card: &Scorecard) -> String {
    let rules = card.rules();
    let mut cells = Vec::new();
    for &c in rules.boxes {
        let v = card.score(c).map_or("·".to_string(), |s| s.to_string());
        cells.push(format!("{:>15} {:>3}", c.name(), v));
    }
    let mut lines: Vec<String> = cells.chunks(3).map(|c| c.join("  ")).collect();
    let upper = card.upper_total();
    let bonus = if upper >= rules.upper_threshold {
        format!("bonus {} earned", rules.upper_bonus)
    } else {
        format!(
            "{} more for the {} bonus",
            rules.upper_threshold - upper,
            rules.upper_bonus
        )
    };
    let mut tail = format!("  upper {upper} ({bonus})");
    if rules.yahtzee_bonus > 0 {
        tail += &format!(" · yahtzee bonus {}", card.yahtzee_bonus());
    }
    if rules.house.mega_yahtzee {
        tail += &match (card.mega_used(), card.mega_bonus()) {
            (false, _) => " · sixth die in hand".to_string(),
            (true, 0) => " · sixth die used".to_string(),
            (true, b) => format!(" · mega bonus {b}"),
        };
    }
    tail += &format!(" · total {}", card.total());
    lines.push(tail);
    lines.join("\n")
}
