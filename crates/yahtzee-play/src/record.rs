//! Game records: a plain-text log of a game, one line per roll, keep and box.
//!
//! ```text
//! # yahtzee game record 1
//! rules forced
//! seed 42
//! player Ann
//! bot Optimal
//! turn 1 Ann
//! roll 1 3 3 4 6
//! keep 3 3
//! roll 3 3 3 5 6
//! keep 3 3 3
//! roll 3 3 3 3 5
//! score three_of_a_kind
//! turn 1 Optimal
//! ...
//! ```
//!
//! Header: `rules NAME` first, then optionally `seed N`, then one `player NAME` (a person)
//! or `bot NAME` (the optimal strategy) line per seat, in turn order. Body: `turn ROUND
//! NAME` starts a turn; `roll` gives all five dice showing after a roll (kept ones
//! included); `keep` the dice kept for the next roll (nothing after it: keep none);
//! `score BOX` fills a box and ends the turn; `quit` ends an unfinished game. House rules:
//! `mulligan FACES` keeps those dice for the once-per-game fourth roll, `chance-chance`
//! rerolls all five for Chance (the next `roll` is that roll). `undo` takes back the last
//! decision of a person (a keep, box, mulligan, chance-chance or sixth die) and everything
//! recorded after it, bots' turns included; the undone decision stays in the record, so a
//! review still counts what it cost. Blank lines
//! and lines starting with `#` are ignored. Every line is checked when read, and replaying
//! checks it against the rules, so an error names its line.

use std::fmt::Write;

use thiserror::Error;
use yahtzee_rules::{Category, Dice, DiceError, RuleSet};

use crate::game::{Game, PlayError};

/// The first line of every record.
pub const MAGIC: &str = "# yahtzee game record 1";

/// What is wrong with a record, and where.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

/// An error at `line`; the message quotes the record, so its control characters are
/// escaped (one line, whatever the file holds).
fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        message: yahtzee_rules::one_line(&message.into()),
    }
}

/// One line of a record's body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Turn {
        round: u32,
        player: String,
    },
    Roll(Dice),
    Keep(Dice),
    Score(Category),
    /// House rule: spend the mulligan keeping these dice.
    Mulligan(Dice),
    /// House rule: reroll all five dice into Chance.
    ChanceChance,
    /// House rule "mega-yahtzee": take the sixth die for this turn (before its first roll).
    SixthDie,
    /// Take back the last decision of a person and everything after it.
    Undo,
    Quit,
}

impl Event {
    /// A player's choice (what `undo` takes back), not a roll, a turn's start or an end.
    pub fn is_decision(&self) -> bool {
        matches!(
            self,
            Event::Keep(_)
                | Event::Score(_)
                | Event::Mulligan(_)
                | Event::ChanceChance
                | Event::SixthDie
        )
    }
}

/// A whole game.
#[derive(Clone, Debug)]
pub struct Record {
    pub rules: &'static RuleSet,
    pub seed: Option<u64>,
    /// Seats in turn order: name and whether a bot plays it.
    pub players: Vec<(String, bool)>,
    /// Body lines with their line numbers (0 for events not read from a file).
    pub events: Vec<(usize, Event)>,
}

impl Record {
    pub fn new(rules: &'static RuleSet, seed: Option<u64>, players: Vec<(String, bool)>) -> Record {
        Record {
            rules,
            seed,
            players,
            events: Vec::new(),
        }
    }

    pub fn push(&mut self, e: Event) {
        self.events.push((0, e));
    }

    /// Reads a record, checking every line's form (not yet the rules: see [`Record::replay`]).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut rules = None;
        let mut seed = None;
        let mut players = Vec::new();
        let mut events = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let (word, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            let rest = rest.trim();
            if rules.is_none() && word != "rules" {
                return Err(err(
                    line,
                    format!("'{l}': a record starts with 'rules NAME'"),
                ));
            }
            let body = !events.is_empty();
            match word {
                "rules" if rules.is_none() => {
                    rules = Some(
                        RuleSet::named(rest).map_err(|e| err(line, e.to_string()))?,
                    );
                }
                "seed" if !body && seed.is_none() && players.is_empty() => {
                    seed = Some(
                        rest.parse()
                            .map_err(|_| err(line, format!("'{rest}' is not a seed")))?,
                    );
                }
                "player" | "bot" if !body => {
                    if rest.is_empty() {
                        return Err(err(line, format!("'{word}' needs a name")));
                    }
                    if players.iter().any(|(n, _)| n == rest) {
                        return Err(err(line, format!("two players are called '{rest}'")));
                    }
                    players.push((rest.to_string(), word == "bot"));
                }
                "turn" => {
                    let (round, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                    let round = round
                        .parse()
                        .map_err(|_| err(line, format!("'{l}': expected 'turn ROUND NAME'")))?;
                    events.push((
                        line,
                        Event::Turn {
                            round,
                            player: name.trim().to_string(),
                        },
                    ));
                }
                "roll" => {
                    let dice = Dice::parse_keep_up_to(rest, yahtzee_rules::MEGA_DICE)
                        .map_err(|e| err(line, format!("roll '{rest}': {e}")))
                        .and_then(|d| match d.len() {
                            5 | 6 => Ok(d),
                            n => Err(err(line, format!("roll '{rest}': expected 5 dice (6 with the sixth die), got {n}"))),
                        })?;
                    events.push((line, Event::Roll(dice)));
                }
                "keep" | "mulligan" => {
                    let keep = Dice::parse_keep_up_to(rest, yahtzee_rules::MEGA_DICE).map_err(|e| {
                        let why = match e {
                            DiceError::BadFace(c) => format!("'{c}' is not a face"),
                            e => e.to_string(),
                        };
                        err(line, format!("keep '{rest}': {why}"))
                    })?;
                    if keep.len() == yahtzee_rules::MEGA_DICE {
                        return Err(err(line, format!("{word} all six: write 'score BOX' to stop rolling")));
                    }
                    events.push((line, if word == "keep" { Event::Keep(keep) } else { Event::Mulligan(keep) }));
                }
                "score" => {
                    let c = Category::from_name(rest)
                        .ok_or_else(|| err(line, format!("unknown box '{rest}'")))?;
                    events.push((line, Event::Score(c)));
                }
                "chance-chance" if rest.is_empty() => events.push((line, Event::ChanceChance)),
                "sixth-die" if rest.is_empty() => events.push((line, Event::SixthDie)),
                "undo" if rest.is_empty() => events.push((line, Event::Undo)),
                "quit" | "end" => {
                    if word == "quit" {
                        events.push((line, Event::Quit));
                    }
                }
                _ => {
                    return Err(err(
                        line,
                        format!("'{l}': expected rules, seed, player, bot, turn, roll, keep, score, mulligan, chance-chance, undo or quit here"),
                    ))
                }
            }
        }
        let rules = rules.ok_or_else(|| err(1, "empty record: no 'rules' line"))?;
        if players.is_empty() {
            return Err(err(
                text.lines().count().max(1),
                "no 'player' or 'bot' line",
            ));
        }
        Ok(Record {
            rules,
            seed,
            players,
            events,
        })
    }

    /// The record as text (see the module documentation).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "rules {}", self.rules.name);
        if let Some(s) = self.seed {
            let _ = writeln!(out, "seed {s}");
        }
        for (name, bot) in &self.players {
            let _ = writeln!(out, "{} {name}", if *bot { "bot" } else { "player" });
        }
        for (_, e) in &self.events {
            let _ = match e {
                Event::Turn { round, player } => writeln!(out, "turn {round} {player}"),
                Event::Roll(d) => writeln!(out, "roll {}", d.spaced()),
                Event::Keep(d) if d.is_empty() => writeln!(out, "keep"),
                Event::Keep(d) => writeln!(out, "keep {}", d.spaced()),
                Event::Score(c) => writeln!(out, "score {}", c.name()),
                Event::Mulligan(d) if d.is_empty() => writeln!(out, "mulligan"),
                Event::Mulligan(d) => writeln!(out, "mulligan {}", d.spaced()),
                Event::ChanceChance => writeln!(out, "chance-chance"),
                Event::SixthDie => writeln!(out, "sixth-die"),
                Event::Undo => writeln!(out, "undo"),
                Event::Quit => writeln!(out, "quit"),
            };
        }
        out
    }

    /// The record as the text of a game stopped here: ended by `quit`, unless it is.
    pub fn stopped_text(&self) -> String {
        let text = self.to_text();
        match self.events.last() {
            Some((_, Event::Quit)) => text,
            _ => text + "quit\n",
        }
    }

    /// Plays the record through a [`Game`], calling `before` with the game as it stands
    /// before each event (to judge the decision it records). Any event the rules refuse,
    /// or a turn line naming the wrong player or round, is an error naming its line.
    pub fn replay(
        &self,
        mut before: impl FnMut(&Game, usize, &Event) -> Result<(), RecordError>,
    ) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules, self.players.clone());
        // The game before each decision of a person, for `undo`.
        let mut undo: Vec<Game> = Vec::new();
        let at = |line: usize, e: PlayError| err(line, e.to_string());
        for (line, e) in &self.events {
            let line = *line;
            if game.is_over() && *e != Event::Undo {
                return Err(err(line, "the game is already over"));
            }
            before(&game, line, e)?;
            if e.is_decision() && !game.current().bot {
                undo.push(game.clone());
            }
            match e {
                Event::Turn { round, player } => {
                    let who = &game.current().name;
                    if game.rolls_made() > 0 {
                        return Err(err(line, format!("{who}'s turn is not finished")));
                    }
                    if *round != game.round() || player != who {
                        return Err(err(line, format!("expected 'turn {} {who}'", game.round())));
                    }
                }
                Event::Roll(d) => game.roll(*d).map_err(|e| at(line, e))?,
                Event::Keep(d) | Event::Mulligan(d) if d.len() == game.dice_per_roll() => {
                    let word = if matches!(e, Event::Keep(_)) {
                        "keep"
                    } else {
                        "mulligan"
                    };
                    let all = if d.len() == 5 { "five" } else { "six" };
                    let why = format!("{word} all {all}: write 'score BOX' to stop rolling");
                    return Err(err(line, why));
                }
                Event::Keep(d) => game.keep(*d).map_err(|e| at(line, e))?,
                Event::Score(c) => {
                    game.score(*c).map_err(|e| at(line, e))?;
                }
                Event::Mulligan(d) => game.mulligan(*d).map_err(|e| at(line, e))?,
                Event::ChanceChance => game.chance_chance().map_err(|e| at(line, e))?,
                Event::SixthDie => game.take_sixth_die().map_err(|e| at(line, e))?,
                Event::Undo => {
                    game = undo
                        .pop()
                        .ok_or_else(|| err(line, "undo: no decision of a person to take back"))?;
                }
                Event::Quit => return Ok(game),
            }
        }
        Ok(game)
    }
}
