//! Game records of Painted Yahtzee (written by `yahtzee painted play`) and their review:
//! every decision replayed, checked against the rules, and costed against the strategy.
//!
//! ```text
//! # yahtzee painted game record
//! game painted
//! seed 42
//! turn 1
//! roll 5r 5y 2g 3b 1p
//! keep 5r 5y
//! roll 5r 5y 5g 6g 2b
//! keep 5r 5y 5g
//! roll 5r 5y 5g 5p 1b
//! score fives
//! end
//! ```
//!
//! The game comes first (its colours and boxes read the rest). `keep` with no dice rerolls
//! all five; a `score` after the first or second roll stops the turn early. A record ends
//! with `end` (the card full) or `quit` (a game stopped), so a cut file is told from a
//! stopped game. Blank lines and `#` comments are ignored.

use serde::Serialize;
pub use yahtzee_record::RecordError;
use yahtzee_record::{entries, last_line, mistakes, Comments, Line, Writer};

use crate::advice::Advisor;
use crate::card::Card;
use crate::dice::{Hand, DICE};
use crate::game::Game;
use crate::turn::TurnValues;

fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError::new(line, message)
}

/// One line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Turn(u32),
    Roll(Hand),
    Keep(Hand),
    /// A box index of the record's game.
    Score(usize),
    /// The card is full: the game is over.
    End,
    /// The player stopped the game.
    Quit,
}

/// A parsed record.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub game: Game,
    pub seed: Option<u64>,
    /// Events with their line numbers (1-based).
    pub events: Vec<(usize, Event)>,
}

impl Record {
    pub fn new(game: &Game, seed: Option<u64>) -> Record {
        Record {
            game: game.clone(),
            seed,
            events: Vec::new(),
        }
    }

    pub fn push(&mut self, e: Event) {
        let line = self.events.last().map_or(0, |(l, _)| l + 1);
        self.events.push((line, e));
    }

    /// The record as text (round-trips through [`Record::parse`]).
    pub fn to_text(&self) -> String {
        let mut w = Writer::starting("# yahtzee painted game record");
        w.line("game", self.game.name()).seed(self.seed);
        for (_, e) in &self.events {
            match e {
                Event::Turn(n) => w.line("turn", n),
                Event::Roll(d) => w.line("roll", d),
                Event::Keep(d) => w.line("keep", d),
                Event::Score(b) => w.line("score", self.game.boxes[*b].name()),
                Event::End => w.line("end", ""),
                Event::Quit => w.line("quit", ""),
            };
        }
        w.finish()
    }

    /// The record so far as a stopped game's (what is saved on an interrupt).
    pub fn to_text_stopped(&self) -> String {
        self.to_text() + "quit\n"
    }

    /// Parses a record, checking each line's form (the rules are checked by [`review`]).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut game: Option<Game> = None;
        let mut seed = None;
        let mut events = Vec::new();
        for l in entries(text, Comments::Trailing) {
            if matches!(events.last(), Some((_, Event::End | Event::Quit))) {
                return Err(l.err("a line after the record's end"));
            }
            let word = l.word.to_ascii_lowercase();
            if word == "game" {
                if game.is_some() {
                    return Err(l.err("the game is named twice"));
                }
                game = Some(Game::named(l.rest).map_err(|e| l.err(e.to_string()))?);
                continue;
            }
            let Some(g) = &game else {
                return Err(l.err(
                    "the record names its game first (e.g. 'game painted'): is this a Painted Yahtzee record?",
                ));
            };
            if word == "seed" {
                seed = Some(l.number(|r| format!("bad seed '{}'", one_line(r)))?);
                continue;
            }
            events.push((l.number, event(g, &l, &word)?));
        }
        let game = game.ok_or_else(|| err(1, "the record does not name its game"))?;
        if !matches!(events.last(), Some((_, Event::End | Event::Quit))) {
            return Err(err(
                last_line(text),
                "the record stops without 'end' or 'quit': it was cut short",
            ));
        }
        Ok(Record { game, seed, events })
    }
}

/// A line of the body (its keyword `word` lowercased): its event, or why it is not one.
fn event(g: &Game, l: &Line, word: &str) -> Result<Event, RecordError> {
    let rest = l.rest;
    Ok(match word {
        "turn" => Event::Turn(l.number(|r| format!("bad turn number '{}'", one_line(r)))?),
        "roll" => {
            let h = Hand::parse(rest, g.colours).map_err(|e| l.err(e))?;
            if h.len() != DICE {
                return Err(l.err(format!("a roll has five dice, not {}", h.len())));
            }
            Event::Roll(h)
        }
        "keep" if rest.is_empty() => Event::Keep(Hand::default()),
        "keep" => Event::Keep(Hand::parse(rest, g.colours).map_err(|e| l.err(e))?),
        "score" => Event::Score(box_named(g, rest).map_err(|e| l.err(e))?),
        "end" if rest.is_empty() => Event::End,
        "quit" if rest.is_empty() => Event::Quit,
        _ => {
            return Err(l.err(format!(
                "unknown entry '{}' (game, seed, turn, roll, keep, score, end, quit)",
                one_line(word)
            )))
        }
    })
}

fn one_line(s: &str) -> String {
    yahtzee_rules::one_line(s)
}

/// The box of `game` called `name` (`flush`, `four-of-a-color`, `fh`): [`Game::box_named`].
pub fn box_named(game: &Game, name: &str) -> Result<usize, String> {
    game.box_named(name)
}

/// A keep in words: `keep 5r 5y`, `reroll all`, `keep all (stop)`.
pub fn keep_label(kept: &Hand) -> String {
    match kept.len() {
        0 => "reroll all".to_string(),
        DICE => "keep all (stop)".to_string(),
        _ => format!("keep {kept}"),
    }
}

/// An option of the advice in words: `keep 5r 5y`, `reroll all`, `keep all (stop)`,
/// `score flush (50)`.
pub fn option_label(o: &crate::advice::Ranked) -> String {
    match (&o.keep, o.box_name) {
        (Some(k), _) => match k.split_whitespace().count() {
            0 => "reroll all".to_string(),
            DICE => "keep all (stop)".to_string(),
            _ => format!("keep {k}"),
        },
        (None, Some(b)) => format!(
            "score {b} ({}{})",
            o.points.unwrap_or(0),
            if o.joker { ", joker" } else { "" }
        ),
        (None, None) => o.action.to_string(),
    }
}

/// One decision of a reviewed game.
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    pub line: usize,
    pub turn: u32,
    pub dice: String,
    /// Rerolls that were still possible (0: the scoring decision).
    pub rolls_left: u8,
    /// The choice made and the strategy's best, in words.
    pub chosen: String,
    pub best: String,
    /// Expected points lost against the strategy's best option (by its own values).
    pub cost: f64,
}

/// One turn of a reviewed game.
#[derive(Clone, Debug, Serialize)]
pub struct TurnReview {
    pub turn: u32,
    /// The box filled, and the points it added (none for a turn left unfinished).
    #[serde(rename = "box")]
    pub box_name: Option<&'static str>,
    pub points: Option<u32>,
    /// Expected points lost over the turn's decisions.
    pub cost: f64,
}

/// A reviewed game.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub game: String,
    pub strategy: &'static str,
    pub finished: bool,
    pub total: u32,
    /// Expected points lost over the whole game.
    pub cost: f64,
    pub turns: Vec<TurnReview>,
    pub decisions: Vec<Decision>,
}

impl Review {
    /// The review as `yahtzee painted review` prints it (within 80 columns): each turn's
    /// cost, then the `top` costliest decisions; `name` is the record's.
    pub fn text(&self, name: &str, top: usize) -> String {
        use yahtzee_rules::{wrap, COLUMNS};
        let mut out = wrap(
            &format!(
                "review of {name} ({}, {} strategy, {}): total {}, {:.3} expected points \
                 lost over {} decisions",
                self.game,
                self.strategy,
                if self.finished {
                    "finished"
                } else {
                    "not finished"
                },
                self.total,
                self.cost,
                self.decisions.len()
            ),
            COLUMNS,
            "  ",
        );
        out += &format!(
            "\n{:>4}  {:<16} {:>6} {:>9}\n",
            "turn", "box", "points", "cost"
        );
        for t in &self.turns {
            let cost = if t.cost > 1e-9 {
                format!("{:.3}", t.cost)
            } else {
                "-".into()
            };
            out += &format!(
                "{:>4}  {:<16} {:>6} {cost:>9}\n",
                t.turn,
                t.box_name.unwrap_or("(unfinished)"),
                t.points.map_or(String::new(), |p| p.to_string()),
            );
        }
        let say = |d: &Decision| {
            let line = format!(
                "  line {}: turn {} with {} ({} reroll(s) left), cost {:.3}: {}; best {}",
                d.line, d.turn, d.dice, d.rolls_left, d.cost, d.chosen, d.best
            );
            wrap(&line, COLUMNS, "    ")
        };
        out += &mistakes(&self.decisions, |d| d.cost, top, "the strategy's", say);
        out
    }
}

/// Replays `record` with `adv`'s strategy: every keep and box is checked against the rules
/// and costed (best option's value − the chosen option's value).
pub fn review(record: &Record, adv: &Advisor) -> Result<Review, RecordError> {
    let game = adv.game();
    if *game != record.game {
        return Err(err(
            1,
            format!(
                "the record is of {}, the strategy of {}",
                record.game.name(),
                game.name()
            ),
        ));
    }
    let mut r = Replay {
        adv,
        card: Card::empty(game),
        turn: 0,
        dice: None,
        rolls: 0,
        kept: None,
        values: None,
        decisions: Vec::new(),
        turns: Vec::new(),
    };
    for (line, e) in &record.events {
        r.step(*line, e)?;
    }
    let cost = r.decisions.iter().map(|d| d.cost).sum();
    Ok(Review {
        game: game.name().to_string(),
        strategy: adv.valuer.name(),
        finished: r.card.is_full(),
        total: r.card.points(game),
        cost,
        turns: r.turns,
        decisions: r.decisions,
    })
}

/// The replay's position.
struct Replay<'a> {
    adv: &'a Advisor,
    card: Card,
    turn: u32,
    /// Dice showing, and rolls made this turn.
    dice: Option<Hand>,
    rolls: u8,
    kept: Option<Hand>,
    /// The turn's tables (computed at the turn's first decision).
    values: Option<TurnValues<1>>,
    decisions: Vec<Decision>,
    turns: Vec<TurnReview>,
}

impl Replay<'_> {
    fn step(&mut self, line: usize, e: &Event) -> Result<(), RecordError> {
        match e {
            Event::Turn(_) => {
                if self.dice.is_some() || self.kept.is_some() {
                    return Err(err(
                        line,
                        "a new turn starts before the last one was scored",
                    ));
                }
                Ok(())
            }
            Event::Roll(d) => self.roll(line, *d),
            Event::Keep(k) => self.keep(line, *k),
            Event::Score(b) => self.score(line, *b),
            Event::End if !self.card.is_full() => Err(err(line, "'end' before the card is full")),
            Event::End | Event::Quit => Ok(()),
        }
    }

    fn roll(&mut self, line: usize, d: Hand) -> Result<(), RecordError> {
        if self.card.is_full() {
            return Err(err(line, "the card is already full"));
        }
        if self.dice.is_some() {
            return Err(err(line, "a roll follows a roll: keep or score first"));
        }
        if let Some(k) = self.kept.take() {
            if !d.contains(&k) {
                return Err(err(line, format!("roll {d} lacks the kept dice {k}")));
            }
        } else {
            self.turn += 1;
            self.rolls = 0;
            self.values = None;
            self.turns.push(TurnReview {
                turn: self.turn,
                box_name: None,
                points: None,
                cost: 0.0,
            });
        }
        self.rolls += 1;
        self.dice = Some(d);
        Ok(())
    }

    fn decided(&mut self, d: Decision) {
        if let Some(t) = self.turns.last_mut() {
            t.cost += d.cost;
        }
        self.decisions.push(d);
    }

    fn keep(&mut self, line: usize, k: Hand) -> Result<(), RecordError> {
        let d = self
            .dice
            .take()
            .ok_or_else(|| err(line, "keep without dice rolled"))?;
        if self.rolls >= 3 {
            return Err(err(line, "no reroll after the third roll: score it"));
        }
        if !d.contains(&k) {
            return Err(err(line, format!("keep {k} is not in the roll {d}")));
        }
        let left = 3 - self.rolls;
        let adv = self.adv;
        let tv = self.values.get_or_insert_with(|| adv.turn(&self.card));
        let best = adv.best_keep(tv, &d, left);
        let value = |h: &Hand| tv.keep_value(&adv.plan, h, left)[0];
        let cost = (value(&best) - value(&k)).max(0.0);
        self.decided(Decision {
            line,
            turn: self.turn,
            dice: d.to_string(),
            rolls_left: left,
            chosen: keep_label(&k),
            best: keep_label(&best),
            cost,
        });
        self.kept = Some(k);
        Ok(())
    }

    fn score(&mut self, line: usize, b: usize) -> Result<(), RecordError> {
        let d = self
            .dice
            .ok_or_else(|| err(line, "score without dice rolled"))?;
        if self.rolls < 3 {
            // Stopping early is keeping all five dice.
            self.keep(line, d)?;
            self.kept = None;
        }
        self.dice = None;
        let game = self.adv.game();
        let options = self.adv.moves(&self.card, &d);
        let Some(&(m, v)) = options.iter().find(|(m, _)| m.box_index == b) else {
            let legal: Vec<&str> = options
                .iter()
                .map(|(m, _)| game.boxes[m.box_index].name())
                .collect();
            return Err(err(
                line,
                format!(
                    "{} is not a legal box for {d} (legal: {})",
                    game.boxes[b].name(),
                    legal.join(", ")
                ),
            ));
        };
        // The best move: first in card order among equals.
        let (bm, bv) = options
            .iter()
            .fold(None::<(crate::game::Move, f64)>, |acc, &(m, v)| match acc {
                Some((_, a)) if a >= v => acc,
                _ => Some((m, v)),
            })
            .expect("a final roll has a move");
        let label = |m: &crate::game::Move| {
            format!("score {} ({})", game.boxes[m.box_index].name(), m.points())
        };
        self.decided(Decision {
            line,
            turn: self.turn,
            dice: d.to_string(),
            rolls_left: 0,
            chosen: label(&m),
            best: label(&bm),
            cost: (bv - v).max(0.0),
        });
        self.card.apply(&m);
        if let Some(t) = self.turns.last_mut() {
            t.box_name = Some(game.boxes[b].name());
            t.points = Some(m.points());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approx::Valuer;

    fn game() -> Game {
        Game::named("painted:c2:ones,yahtzee,colours,flush").unwrap()
    }

    #[test]
    fn records_round_trip_and_review_their_costs() {
        let g = game();
        let adv = Advisor::new(&g, Valuer::exact(&g));
        let text = "# a game\ngame painted:c2:ones,yahtzee,colours,flush\nseed 3\nturn 1\n\
                    roll 1r 1r 1r 1y 2y\nkeep 1r 1r 1r 1y\nroll 1r 1r 1r 1y 1y\nscore yahtzee\n\
                    turn 2\nroll 2r 3r 4r 5r 6r\nscore flush\nturn 3\nroll 1r 2y 3y 4y 5y\n\
                    keep\nroll 1r 1y 2y 3r 4r\nkeep 1r 1y\nroll 1r 1y 1r 6y 6r\nscore ones\n\
                    turn 4\nroll 6y 6y 6y 1r 2r\nscore yellow\nturn 5\nroll 6r 5r 1y 1y 1y\nscore red\nend\n";
        let rec = Record::parse(text).unwrap();
        assert_eq!(rec.seed, Some(3));
        assert_eq!(Record::parse(&rec.to_text()).unwrap(), rec);
        let r = review(&rec, &adv).unwrap();
        assert!(r.finished);
        // Three ones reach the upper threshold of this game (3): the 35 bonus.
        assert_eq!(r.total, 50 + 50 + 3 + 35 + 18 + 11);
        assert_eq!(r.turns.len(), 5);
        let sum: f64 = r.turns.iter().map(|t| t.cost).sum();
        assert!((sum - r.cost).abs() < 1e-9);
        assert!(r.decisions.iter().all(|d| d.cost >= 0.0));
        // Yahtzee in Yahtzee on the last roll costs nothing.
        assert_eq!(r.decisions[1].cost, 0.0);
        assert!(r
            .text("game.txt", 3)
            .lines()
            .all(|l| l.chars().count() <= 80));
    }

    #[test]
    fn bad_records_name_their_line() {
        let g = game();
        let adv = Advisor::new(&g, Valuer::exact(&g));
        let head = "game painted:c2:ones,yahtzee,colours,flush\n";
        for (text, line) in [
            ("roll 1r 1r 1r 1r 1r\nend\n", 1),
            ("game painted\ngame painted\n", 2),
            (&format!("{head}roll 1r 1r 1r 1r 1x\nend\n") as &str, 2),
            (&format!("{head}roll 1r 1r 1r 1r 1r 1r\nend\n"), 2),
            (&format!("{head}roll 1r 1r 1r 1r\nend\n"), 2),
            (
                &format!("{head}roll 1r 1r 1r 1r 1r\nscore rainbow\nend\n"),
                3,
            ),
            (&format!("{head}roll 1r 1r 1r 1r 1r\nscore ones\n"), 3),
            (
                &format!("{head}roll 1r 1r 1r 1r 1r\nscore ones\nend\nroll 1r 1r 1r 1r 1r\n"),
                5,
            ),
            (
                &format!("{head}roll 1r 1r 1r 1r 1r\nscore ones\nbogus\nquit\n"),
                4,
            ),
        ] {
            let e = Record::parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
        for (text, line) in [
            (format!("{head}keep 1r\nquit\n"), 2),
            (format!("{head}roll 1r 1r 1r 1r 1r\nkeep 2r\nquit\n"), 3),
            (format!("{head}roll 1r 1r 1r 1r 1r\nscore ones\nend\n"), 4),
            (
                format!("{head}roll 1r 1r 1r 1r 1r\nroll 1r 1r 1r 1r 1r\nquit\n"),
                3,
            ),
        ] {
            let rec = Record::parse(&text).unwrap();
            let e = review(&rec, &adv).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
        }
    }
}
