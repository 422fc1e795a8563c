//! `yahtzee play` in lines: each seat's turn told, a person's commands read (`help`
//! lists them), the bots' moves and, with hints on, the verdict of every decision. The
//! same [`Table`] as the full screen judges, applies and records them.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use yahtzee_advice::Advice;
use yahtzee_play::{label, Event};
use yahtzee_rules::{Category, Dice};

use super::table::Table;
use super::{bot_move, card_text, print, Games, HELP};
use crate::Error;

/// One game at the table, told line by line.
pub(super) struct Session<'a, 'o> {
    out: &'o mut dyn Write,
    pub(super) t: Table<'a>,
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

impl<'a, 'o> Session<'a, 'o> {
    pub(super) fn new(
        games: &Games<'a>,
        seed: u64,
        record_path: PathBuf,
        out: &'o mut dyn Write,
    ) -> Self {
        let t = Table::for_games(games, seed);
        Session::from_table(games, t, record_path, out)
    }

    pub(super) fn from_table(
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

    pub(super) fn say(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
        self.text.push('\n');
    }

    pub(super) fn flush(&mut self) -> Result<(), Error> {
        crate::file::keep_for_interrupt(&self.record_path, &self.t.record.stopped_text());
        let text = std::mem::take(&mut self.text);
        print(self.out, &text)
    }

    /// Plays to the end, or until a person quits; returns whether the game finished.
    pub(super) fn play(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
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

    pub(super) fn standings(&mut self, finished: bool) {
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
