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

pub use yahtzee_record::RecordError;
use yahtzee_record::{entries, last_line, Comments, Line, Writer};
use yahtzee_rules::{Category, Dice, DiceError, RuleSet};

use crate::game::{Game, PlayError};

/// The first line of every record.
pub const MAGIC: &str = "# yahtzee game record 1";

/// An error at `line`; the message quotes the record, so its control characters are
/// escaped (one line, whatever the file holds).
fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError::new(line, yahtzee_rules::one_line(&message.into()))
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
    /// The event as a record line: its keyword and what follows it.
    fn entry(&self) -> (&'static str, String) {
        match self {
            Event::Turn { round, player } => ("turn", format!("{round} {player}")),
            Event::Roll(d) => ("roll", d.spaced()),
            Event::Keep(d) => ("keep", d.spaced()),
            Event::Score(c) => ("score", c.name().to_string()),
            Event::Mulligan(d) => ("mulligan", d.spaced()),
            Event::ChanceChance => ("chance-chance", String::new()),
            Event::SixthDie => ("sixth-die", String::new()),
            Event::Undo => ("undo", String::new()),
            Event::Quit => ("quit", String::new()),
        }
    }

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
        for l in entries(text, Comments::WholeLine) {
            let (line, word, rest) = (l.number, l.word, l.rest);
            if rules.is_none() && word != "rules" {
                let why = format!("'{}': a record starts with 'rules NAME'", l.text);
                return Err(err(line, why));
            }
            let body = !events.is_empty();
            match word {
                "rules" if rules.is_none() => {
                    rules = Some(RuleSet::named(rest).map_err(|e| err(line, e.to_string()))?);
                }
                "seed" if !body && seed.is_none() && players.is_empty() => {
                    let bad = |_| err(line, format!("'{rest}' is not a seed"));
                    seed = Some(rest.parse().map_err(bad)?);
                }
                "player" | "bot" if !body => players.push(player(&l, &players)?),
                _ => events.extend(event(&l)?.map(|e| (line, e))),
            }
        }
        let rules = rules.ok_or_else(|| err(1, "empty record: no 'rules' line"))?;
        if players.is_empty() {
            return Err(err(last_line(text), "no 'player' or 'bot' line"));
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
        let mut w = Writer::starting(MAGIC);
        w.line("rules", self.rules.name).seed(self.seed);
        for (name, bot) in &self.players {
            w.line(if *bot { "bot" } else { "player" }, name);
        }
        for (_, e) in &self.events {
            let (word, rest) = e.entry();
            w.line(word, rest);
        }
        w.finish()
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

/// A `player NAME` or `bot NAME` line: the seat, named once.
fn player(l: &Line, players: &[(String, bool)]) -> Result<(String, bool), RecordError> {
    let (word, rest) = (l.word, l.rest);
    if rest.is_empty() {
        return Err(err(l.number, format!("'{word}' needs a name")));
    }
    if players.iter().any(|(n, _)| n == rest) {
        return Err(err(l.number, format!("two players are called '{rest}'")));
    }
    Ok((rest.to_string(), word == "bot"))
}

/// A line of the body: its event (none for `end`), or why it is not one.
fn event(l: &Line) -> Result<Option<Event>, RecordError> {
    let (line, word, rest) = (l.number, l.word, l.rest);
    Ok(Some(match word {
        "turn" => {
            let (round, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let round = round
                .parse()
                .map_err(|_| err(line, format!("'{}': expected 'turn ROUND NAME'", l.text)))?;
            Event::Turn {
                round,
                player: name.trim().to_string(),
            }
        }
        "roll" => Event::Roll(roll(line, rest)?),
        "keep" => Event::Keep(keep(l)?),
        "mulligan" => Event::Mulligan(keep(l)?),
        "score" => Event::Score(
            Category::from_name(rest).ok_or_else(|| err(line, format!("unknown box '{rest}'")))?,
        ),
        "chance-chance" if rest.is_empty() => Event::ChanceChance,
        "sixth-die" if rest.is_empty() => Event::SixthDie,
        "undo" if rest.is_empty() => Event::Undo,
        "quit" => Event::Quit,
        "end" => return Ok(None),
        _ => {
            return Err(err(
                line,
                format!("'{}': expected rules, seed, player, bot, turn, roll, keep, score, mulligan, chance-chance, undo or quit here", l.text),
            ))
        }
    }))
}

/// The dice of a `roll` line: five, or six with the sixth die.
fn roll(line: usize, rest: &str) -> Result<Dice, RecordError> {
    let dice = Dice::parse_keep_up_to(rest, yahtzee_rules::MEGA_DICE)
        .map_err(|e| err(line, format!("roll '{rest}': {e}")))?;
    match dice.len() {
        5 | 6 => Ok(dice),
        n => Err(err(
            line,
            format!("roll '{rest}': expected 5 dice (6 with the sixth die), got {n}"),
        )),
    }
}

/// The dice of a `keep` or `mulligan` line (not all six: that is `score BOX`).
fn keep(l: &Line) -> Result<Dice, RecordError> {
    let rest = l.rest;
    let keep = Dice::parse_keep_up_to(rest, yahtzee_rules::MEGA_DICE).map_err(|e| {
        let why = match e {
            DiceError::BadFace(c) => format!("'{c}' is not a face"),
            e => e.to_string(),
        };
        err(l.number, format!("keep '{rest}': {why}"))
    })?;
    if keep.len() == yahtzee_rules::MEGA_DICE {
        let why = format!("{} all six: write 'score BOX' to stop rolling", l.word);
        return Err(err(l.number, why));
    }
    Ok(keep)
}
