//! `yahtzee play`: a game of Yahtzee in the terminal for people and optimal bots, with
//! hints, the cost of every decision and a game record; or bots only, game after game
//! (`auto`). [`seats`] checks who plays, [`play_games`] plays.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advice, Advisor};
use yahtzee_play::{judge, label, Aim, Bots, Event, Game, Record};
use yahtzee_rules::{Category, Dice, RuleSet, Scorecard};

use crate::Error;

/// Who sits at the table, in turn order: each seat's name and whether it is a bot, and what
/// each seat's bot plays for.
#[derive(Clone, Debug, PartialEq)]
pub struct Seats {
    pub seats: Vec<(String, bool)>,
    pub aims: Vec<Aim>,
}

/// The seats of `people` (names) then `bots` (name and aim); with none, "You" alone, or,
/// with `auto` (bots only), two expected-score bots. Names must be non-empty, one line and
/// different.
pub fn seats(people: &[String], bots: &[(String, Aim)], auto: bool) -> Result<Seats, Error> {
    let mut seats: Vec<(String, bool)> = people
        .iter()
        .map(|n| (n.trim().to_string(), false))
        .collect();
    if auto && !seats.is_empty() {
        return Err(Error::Game(
            "--auto plays bots only: name them with --bot".into(),
        ));
    }
    let mut aims = vec![Aim::Expected; seats.len()];
    for (name, aim) in bots {
        seats.push((name.clone(), true));
        aims.push(*aim);
    }
    if seats.is_empty() {
        seats = if auto {
            vec![("Bot 1".into(), true), ("Bot 2".into(), true)]
        } else {
            vec![("You".into(), false)]
        };
        aims = vec![Aim::Expected; seats.len()];
    }
    if let Some(bad) = seats.iter().find(|(n, _)| n.is_empty() || n.contains('\n')) {
        return Err(Error::Game(format!("bad player name '{}'", bad.0)));
    }
    for (i, (n, _)) in seats.iter().enumerate() {
        if seats[..i].iter().any(|(m, _)| m == n) {
            return Err(Error::Game(format!("two players are called '{n}'")));
        }
    }
    Ok(Seats { seats, aims })
}

/// A run of games at one table.
pub struct Games<'a> {
    pub rules: &'static RuleSet,
    pub advisor: &'a Advisor,
    pub bots: &'a Bots<'a>,
    pub seats: &'a Seats,
    /// Seed of the first game's dice; game `g` uses `seed + g`.
    pub seed: u64,
    /// Games to play (more than one: bots only).
    pub games: u64,
    /// Bots only: a line per game instead of the standings.
    pub auto: bool,
    /// The dice are typed in (all showing) instead of rolled.
    pub dice_from_input: bool,
    /// Cards and bot moves told (not with `--quiet`).
    pub verbose: bool,
    /// The record file given (default: `records/game-<seed>.txt`; numbered with more games).
    pub record: Option<PathBuf>,
}

/// One finished (or stopped) game.
pub struct Played {
    pub game: Game,
    pub record: Record,
    /// Expected points each seat lost against optimal play.
    pub costs: Vec<f64>,
    /// Played to the end (not quit, input not ended).
    pub finished: bool,
}

/// Plays `games.games` games, reading the people's commands (or dice) from `input` and
/// telling everything on `out`; writes each game's record and, with more than one game,
/// the average totals. Returns the games.
pub fn play_games(
    games: &Games,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Vec<Played>, Error> {
    let many = games.games > 1;
    let mut results = Vec::new();
    for g in 0..games.games {
        let game_seed = games.seed.wrapping_add(g);
        let mut table = Session::new(games, game_seed, out);
        let finished = table.play(input)?;
        let file = record_path(&games.record, game_seed, many, g);
        crate::file::write_record(&file, &table.record.to_text())?;
        if games.auto {
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
        results.push(Played {
            game: table.game,
            record: table.record,
            costs: table.costs,
            finished,
        });
    }
    if many {
        let mut text = String::from("\naverage over the games:\n");
        for (i, (name, _)) in games.seats.seats.iter().enumerate() {
            let mean = results
                .iter()
                .map(|p| f64::from(p.game.players()[i].card.total()))
                .sum::<f64>()
                / results.len() as f64;
            text += &format!("  {name:<12} {mean:.1}\n");
        }
        print(out, &text)?;
    }
    Ok(results)
}

/// Writes `text`; a closed pipe (`| head`) is not an error.
fn print(out: &mut (impl Write + ?Sized), text: &str) -> Result<(), Error> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// Where game `g` of a run is recorded: the file given (numbered `-1`, `-2`, ... before its
/// extension when there are many games), else `records/game-<seed>.txt`.
pub fn record_path(given: &Option<PathBuf>, seed: u64, many: bool, g: u64) -> PathBuf {
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

/// One game at the table.
struct Session<'a, 'o> {
    out: &'o mut dyn Write,
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
    /// What is told, written out at each question and turn's end.
    text: String,
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

/// The help line, also shown after a command that is not one.
pub const HELP: &str = "commands: keep 3 3 5 (or k 335) · roll (reroll all) · score full_house \
(or just fh) · hint · card · help · quit; house rules: mulligan 3 3 (after the third roll) · \
chance-chance (cc) · the sixth die is offered before a turn's first roll (mega-yahtzee)";

impl<'a, 'o> Session<'a, 'o> {
    fn new(games: &Games<'a>, seed: u64, out: &'o mut dyn Write) -> Session<'a, 'o> {
        let all: &'a Seats = games.seats;
        let seats = &all.seats;
        Session {
            out,
            advisor: games.advisor,
            bots: games.bots,
            aims: &all.aims,
            game: Game::new(games.rules, seats.clone()),
            record: Record::new(games.rules, Some(seed), seats.clone()),
            rng: ChaCha8Rng::seed_from_u64(seed),
            costs: vec![0.0; seats.len()],
            dice_from_stdin: games.dice_from_input,
            verbose: games.verbose,
            text: String::new(),
        }
    }

    fn say(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
        self.text.push('\n');
    }

    fn flush(&mut self) -> Result<(), Error> {
        let text = std::mem::take(&mut self.text);
        print(self.out, &text)
    }

    /// Plays to the end, or until a person quits; returns whether the game finished.
    fn play(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
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
    fn sixth_die(&mut self, input: &mut impl BufRead, bot: bool) -> Result<bool, Error> {
        let card = &self.game.current().card;
        if !card.rules().house.mega_yahtzee || card.mega_used() {
            return Ok(true);
        }
        let take = if bot {
            let aim = self.aims[self.game.current_seat()];
            let take = self
                .bots
                .takes_sixth_die(aim, &self.game)
                .map_err(|e| Error::Game(format!("the bot cannot decide: {e}")))?;
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
            self.act(Event::SixthDie, !bot).map_err(Error::Game)?;
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
    fn roll(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
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
    fn bot_turn(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        loop {
            let dice = self.game.dice().ok_or_else(not_rolled)?;
            let aim = self.aims[self.game.current_seat()];
            let event = self
                .bots
                .decide(aim, &self.game)
                .map_err(|e| Error::Game(format!("the bot cannot decide: {e}")))?;
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
                return Err(Error::Game(format!("the bot's move was refused: {e}")));
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
    fn score_chance_chance(&mut self, tell: bool) -> Result<(), Error> {
        let dice = self.game.dice().ok_or_else(not_rolled)?;
        if tell {
            self.say(format!("  chance-chance roll: {dice}"));
        }
        self.act(Event::Score(Category::Chance), tell)
            .map_err(|e| Error::Game(format!("chance-chance: {e}")))
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
    fn human_turn(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        loop {
            let dice = self.game.dice().ok_or_else(not_rolled)?;
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
        let Some(dice) = self.game.dice() else {
            return;
        };
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

/// The game's dice were asked for before a roll (a bug, said in one line).
fn not_rolled() -> Error {
    Error::Game("no dice rolled yet".into())
}

fn read_line(input: &mut impl BufRead) -> Result<Option<String>, Error> {
    let mut line = String::new();
    if input
        .read_line(&mut line)
        .map_err(|e| Error::Game(format!("reading standard input: {e}")))?
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
pub fn card_text(card: &Scorecard) -> String {
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
