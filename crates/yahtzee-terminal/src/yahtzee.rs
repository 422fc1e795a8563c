//! `yahtzee play`: a game of Yahtzee in the terminal for people and optimal bots, with
//! hints, the cost of every decision and a game record; or bots only, game after game
//! (`auto`). [`seats`] checks who plays, [`play_games`] plays.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use yahtzee_advice::{Advice, Advisor};
use yahtzee_play::{label, Aim, Bots, Event, Game, Record};
use yahtzee_rules::{Category, Dice, RuleSet, Scorecard};

use crate::Error;

pub mod screen;
pub mod table;

use table::Table;

/// Who sits at the table, in turn order: each seat's name and whether it is a bot, and what
/// each seat's bot plays for.
#[derive(Clone, Debug, PartialEq)]
pub struct Seats {
    pub seats: Vec<(String, bool)>,
    pub aims: Vec<Aim>,
}

/// The seats of `people` (names; "You" when none are named) then `bots` (name and aim);
/// with `auto` (bots only), the bots, or two expected-score bots. Names must be non-empty,
/// one line and different.
pub fn seats(people: &[String], bots: &[(String, Aim)], auto: bool) -> Result<Seats, Error> {
    let mut seats: Vec<(String, bool)> = people
        .iter()
        .map(|n| (n.trim().to_string(), false))
        .collect();
    if seats.is_empty() && !auto {
        seats.push(("You".into(), false));
    }
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
    /// Full screen ([`screen`]) instead of lines: for one game with a person, in a terminal.
    pub full_screen: bool,
    /// Hints on: the verdict after each decision (line mode and full screen), the cost
    /// column and the suggested dice (full screen). `h` asks for a hint either way.
    pub hints: bool,
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
        let file = record_path(&games.record, game_seed, many, g);
        // Full screen, the game is played and its record written on the screen; the lines
        // go on after it with the standings.
        let (mut table, finished) = if games.full_screen && !many {
            let t = screen::play(games, game_seed, games.hints, file.clone())?;
            let finished = t.game.is_over();
            (Session::from_table(games, t, file.clone(), out), finished)
        } else {
            let mut table = Session::new(games, game_seed, file.clone(), out);
            let finished = table.play(input)?;
            crate::file::write_record(&file, &table.t.record.to_text())?;
            (table, finished)
        };
        crate::file::forget_for_interrupt();
        if games.auto {
            let totals: Vec<String> = table
                .t
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
        crate::file::forget_for_interrupt();
        results.push(Played {
            game: table.t.game,
            record: table.t.record,
            costs: table.t.costs,
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

/// One game at the table, told line by line.
struct Session<'a, 'o> {
    out: &'o mut dyn Write,
    t: Table<'a>,
    hints: bool,
    dice_from_stdin: bool,
    verbose: bool,
    /// Where the record goes, kept current for Ctrl-C ([`crate::file::keep_for_interrupt`]).
    record_path: PathBuf,
    /// What is told, written out at each question and turn's end.
    text: String,
}

/// What a person typed.
enum Command {
    Keep(Dice),
    KeepAll,
    Score(Category),
    Mulligan(Dice),
    ChanceChance,
    Hint,
    Card,
    /// What each open box would score with the dice showing.
    Boxes,
    Undo,
    Help,
    Quit,
}

/// The commands, one a line (`help`, and after a command that is not one).
pub const HELP: &str = "commands:
  keep 3 3 5     keep those dice and roll the others (or k 335); keep all
  roll           reroll all five (or r)
  score BOX      fill a box: score full_house, or just fh, or its name
  hint           the best and the next best choice (or h)
  undo           take back your last choice (its cost still counts)
  boxes          what each open box would score with these dice (or b)
  card           everyone's card (or c)
  help           this list (or ?)
  quit           stop; the game is recorded (or q)
house rules:
  mulligan 3 3   after the third roll: keep those and roll the others once more
  cc             chance-chance: reroll all five into Chance
  sixth die      offered before a turn's first roll (mega-yahtzee)";

impl<'a, 'o> Session<'a, 'o> {
    fn new(games: &Games<'a>, seed: u64, record_path: PathBuf, out: &'o mut dyn Write) -> Self {
        let t = Table::for_games(games, seed);
        Session::from_table(games, t, record_path, out)
    }

    fn from_table(
        games: &Games,
        t: Table<'a>,
        record_path: PathBuf,
        out: &'o mut dyn Write,
    ) -> Self {
        Session {
            out,
            t,
            hints: games.hints,
            dice_from_stdin: games.dice_from_input,
            verbose: games.verbose,
            record_path,
            text: String::new(),
        }
    }

    fn say(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
        self.text.push('\n');
    }

    fn flush(&mut self) -> Result<(), Error> {
        crate::file::keep_for_interrupt(&self.record_path, &self.t.record.stopped_text());
        let text = std::mem::take(&mut self.text);
        print(self.out, &text)
    }

    /// Plays to the end, or until a person quits; returns whether the game finished.
    fn play(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        while !self.t.game.is_over() {
            let p = self.t.game.current().clone();
            self.t.start_turn();
            if self.verbose && !p.bot {
                let rounds = self.t.game.rules().box_count();
                self.say(format!(
                    "\n── round {}/{rounds} · {} ──",
                    self.t.game.round(),
                    p.name
                ));
                self.say(card_text(&p.card));
            }
            if !self.sixth_die(input, p.bot)? || !self.roll(input)? {
                self.t.record.push(Event::Quit);
                return Ok(false);
            }
            let done = if p.bot {
                self.bot_turn(input)?
            } else {
                self.human_turn(input)?
            };
            if !done {
                self.t.record.push(Event::Quit);
                return Ok(false);
            }
            self.flush()?;
        }
        Ok(true)
    }

    /// House rule "mega-yahtzee": with the sixth die in hand, before the turn's first roll,
    /// the bot decides or the person is asked. False if the person quit.
    fn sixth_die(&mut self, input: &mut impl BufRead, bot: bool) -> Result<bool, Error> {
        if !self.t.sixth_die_question() {
            return Ok(true);
        }
        let take = if bot {
            let take = self.t.bot_takes_sixth_die()?;
            if take && self.verbose {
                let name = self.t.game.current().name.clone();
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
            self.t.decline_sixth_die();
        }
        Ok(true)
    }

    fn hint_sixth_die(&mut self) {
        let card = &self.t.game.current().card;
        let Ok(Some(advice)) = self.t.advisor.advise_sixth_die(card) else {
            return;
        };
        let so_far = f64::from(card.total());
        self.say_best_two(&advice, so_far);
    }

    /// The best and the next best option, with their expected final totals.
    fn say_best_two(&mut self, advice: &Advice, so_far: f64) {
        let showing = self.t.showing();
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
        if !self.dice_from_stdin {
            self.t.roll()?;
            return Ok(true);
        }
        let kept = self.t.game.to_keep();
        let all = self.t.game.dice_per_roll();
        loop {
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
            match Dice::parse_dice(&line, all).map_err(|e| e.to_string()) {
                Ok(dice) => match self.t.rolled(dice) {
                    Ok(()) => return Ok(true),
                    Err(e) => self.say(format!("✗ {e}")),
                },
                Err(e) => self.say(format!("✗ {e}")),
            }
        }
    }

    /// The optimal strategy's turn; false if the game cannot go on.
    fn bot_turn(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        loop {
            let dice = self.t.game.dice().ok_or_else(not_rolled)?;
            let event = self.t.bot_decision()?;
            if self.verbose {
                let name = self.t.game.current().name.clone();
                self.say(format!("{name} rolled {dice}, {}", bot_move(&event)));
            }
            if let Err(e) = self.act(event, false) {
                return Err(Error::Game(format!("the bot's move was refused: {e}")));
            }
            if self.t.game.dice().is_none() {
                return Ok(true);
            }
            if !self.roll(input)? {
                return Ok(false);
            }
            if self.t.game.in_chance_chance() {
                self.t.score_chance_chance()?;
                return Ok(true);
            }
        }
    }

    /// Applies a decision and, with `tell`, says what it cost and the points scored.
    fn act(&mut self, event: Event, tell: bool) -> Result<(), String> {
        let (verdict, scored) = self.t.act(event)?;
        if !tell {
            return Ok(());
        }
        if let (Some(v), true) = (verdict, self.hints) {
            self.say(format!("  {}", v.text()));
        }
        if let Some(m) = scored {
            let label = self.t.game.rules().boxes[m.box_index].label();
            self.say(format!("  {} points in {label}", m.points()));
        }
        Ok(())
    }

    /// A person's turn; false if they quit.
    fn human_turn(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        loop {
            let dice = self.t.game.dice().ok_or_else(not_rolled)?;
            let left = self.t.game.rolls_left();
            self.say(format!(
                "{}: {}  ({left} roll{} left) >",
                self.t.game.current().name,
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
            // Keeping every die stops rolling: a box comes next (a hint may say "keep all").
            let keep_all = "  keeping all: choose a box (score BOX), it ends your turn";
            match command {
                Command::Help => self.say(HELP),
                Command::Quit => return Ok(false),
                Command::Card => {
                    let cards: Vec<String> = self
                        .t
                        .game
                        .players()
                        .iter()
                        .map(|p| format!("{}\n{}", p.name, card_text(&p.card)))
                        .collect();
                    self.say(cards.join("\n"));
                }
                Command::Hint => self.hint(),
                Command::Boxes => {
                    let rules = self.t.game.rules();
                    let open: Vec<String> = self
                        .t
                        .game
                        .moves()
                        .iter()
                        .map(|m| format!("{} {}", rules.boxes[m.box_index].label(), m.points()))
                        .collect();
                    let text = format!("  with {}: {}", dice.spaced(), open.join(" · "));
                    self.say(yahtzee_rules::wrap(&text, yahtzee_rules::COLUMNS, "    ").trim_end());
                }
                Command::Undo => {
                    if self.t.undo() {
                        self.say("  taken back (its cost still counts)");
                    } else {
                        self.say("✗ nothing of yours to take back this turn");
                    }
                }
                Command::KeepAll => self.say(keep_all),
                Command::Keep(k) if k.len() == dice.len() => self.say(keep_all),
                Command::Keep(_) if left == 0 => {
                    let card = &self.t.game.current().card;
                    let mulligan = card.rules().house.mulligan && !card.mulligan_used();
                    self.say(if mulligan {
                        "✗ no rolls left this turn: choose a box, or spend your mulligan (mulligan 3 3)"
                    } else {
                        "✗ no rolls left this turn: choose a box (hint helps)"
                    })
                }
                Command::Keep(k) | Command::Mulligan(k) => {
                    let event = match command {
                        Command::Keep(_) => Event::Keep(k),
                        _ => Event::Mulligan(k),
                    };
                    match self.act(event, true) {
                        Ok(()) => {
                            if !self.roll(input)? {
                                return Ok(false);
                            }
                        }
                        Err(e) => self.say(format!("✗ {e}")),
                    }
                }
                Command::Score(c) => match self.act(Event::Score(c), true) {
                    Ok(()) => return Ok(true),
                    Err(e) => self.say(format!("✗ {e}")),
                },
                Command::ChanceChance => match self.act(Event::ChanceChance, true) {
                    Ok(()) => {
                        if !self.roll(input)? {
                            return Ok(false);
                        }
                        let dice = self.t.game.dice().ok_or_else(not_rolled)?;
                        self.say(format!("  chance-chance roll: {dice}"));
                        if let Some(m) = self.t.score_chance_chance()? {
                            self.say(format!("  {} points in Chance", m.points()));
                        }
                        return Ok(true);
                    }
                    Err(e) => self.say(format!("✗ {e}")),
                },
            }
        }
    }

    fn hint(&mut self) {
        let Some(advice) = self.t.advice() else {
            return;
        };
        let so_far = f64::from(self.t.game.current().card.total());
        self.say_best_two(&advice, so_far);
    }

    fn standings(&mut self, finished: bool) {
        let game = &self.t.game;
        let mut order: Vec<usize> = (0..game.players().len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(game.players()[i].card.total()));
        let mut lines = vec![if finished {
            "\nfinal standings:".to_string()
        } else {
            "\nstandings when the game stopped:".to_string()
        }];
        for (rank, i) in order.into_iter().enumerate() {
            let p = &game.players()[i];
            lines.push(format!(
                "  {}. {:<12} {:>4} points, {:.2} expected points lost",
                rank + 1,
                p.name,
                p.card.total(),
                self.t.costs[i]
            ));
        }
        for l in lines {
            self.say(l);
        }
    }
}

/// A bot's decision as the table tells it.
pub fn bot_move(event: &Event) -> String {
    match event {
        Event::Keep(k) if k.is_empty() => "rerolls all".to_string(),
        Event::Keep(k) => format!("keeps {k}"),
        Event::Score(c) => format!("scores {}", c.label()),
        Event::Mulligan(k) => format!("spends the mulligan keeping {}", k.spaced()),
        Event::ChanceChance => "goes chance-chance".to_string(),
        Event::SixthDie => "takes the sixth die".to_string(),
        _ => String::new(),
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
        "boxes" | "b" => Ok(Command::Boxes),
        "quit" | "q" | "exit" => Ok(Command::Quit),
        "roll" | "r" | "reroll" => Ok(Command::Keep(Dice::EMPTY)),
        "undo" | "u" => Ok(Command::Undo),
        "keep" | "k" if rest.eq_ignore_ascii_case("all") => Ok(Command::KeepAll),
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
            .ok_or_else(|| format!("'{line}' is not a command (help lists them)")),
    }
}

/// A card as a small table: each box with its score or a dot, the upper subtotal and bonus
/// progress, Yahtzee bonuses and the total.
pub fn card_text(card: &Scorecard) -> String {
    let rules = card.rules();
    let mut cells = Vec::new();
    for &c in rules.boxes {
        let v = card.score(c).map_or("·".to_string(), |s| s.to_string());
        cells.push(format!("{:>15} {:>3}", c.label(), v));
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
    // Two lines where one would pass 80 columns.
    match tail.char_indices().rfind(|&(i, c)| c == '·' && i < 76) {
        Some((i, _)) if tail.chars().count() > 78 => {
            lines.push(tail[..i].trim_end().to_string());
            lines.push(format!("  {}", tail[i + '·'.len_utf8()..].trim_start()));
        }
        _ => lines.push(tail),
    }
    lines.join("\n")
}
