//! `yahtzee play` full screen: the dice drawn large, every player's card side by side with
//! what the dice showing would score in each open box and, with hints on, what each choice
//! costs; keys to hold, roll, score, take back, ask for a hint; bots' turns step by step.
//!
//! [`Screen`] is the state and its keys (a [`crate::screen::Play`]); `draw` draws it;
//! [`play`] runs it in the terminal. Decisions go through the same [`Table`] as the line
//! mode.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::Frame;
use yahtzee_play::{label, Event};
use yahtzee_rules::Dice;

use super::table::Table;
use super::{bot_move, Games};
use crate::file::RecordFile;
use crate::screen::{self, Flow, Play};
use crate::widgets::card::{box_of_key, next_open};
use crate::widgets::chrome::{plain_char, Chrome};
use crate::widgets::dice::{Holds, TurnKey};
use crate::Error;

mod draw;

/// The keys, as `?` lists them.
const KEYS: &[(&str, &str)] = &[
    ("1-6", "hold or release that die"),
    ("← → space", "move along the dice, hold or release"),
    ("r", "roll the dice not held"),
    ("a b d …", "score the box with that letter"),
    ("↑ ↓ enter", "move along the open boxes, score one"),
    ("h", "hint: the best and the next best choice"),
    ("t", "hints on or off (the cost column, the verdicts)"),
    ("u", "undo your last choice (its cost still counts)"),
    ("m", "mulligan: roll the dice not held once more"),
    ("c", "chance-chance: reroll all five into Chance"),
    ("y / n", "take the sixth die this turn, or not"),
    ("space", "during a bot's turn: show the rest at once"),
    ("q", "quit; the game is recorded (Ctrl-C too)"),
];

/// What the screen waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A person decides with the dice showing.
    Decide,
    /// A person answers whether to take the sixth die (house rule "mega-yahtzee").
    SixthDie,
    /// A bot's next move is due at this instant.
    Bot(Instant),
    /// The game is over (or stopped): the final card stays up until `q`.
    Over,
}

/// The full-screen game of Yahtzee.
pub struct Screen<'a> {
    t: Table<'a>,
    phase: Phase,
    /// The dice showing are held or not, in the order drawn.
    holds: Holds,
    /// The box the arrow keys are on (index into the rule set's boxes).
    box_cursor: usize,
    chrome: Chrome,
    /// Time between a bot's moves.
    pace: Duration,
    record: RecordFile,
    /// A turn of the seat to play has started (its line is in the record).
    turn_started: bool,
}

impl<'a> Screen<'a> {
    /// A new game at the table of `games`, with the dice of `seed`.
    pub fn new(games: &Games<'a>, seed: u64, hints: bool, record_path: PathBuf) -> Screen<'a> {
        let mut s = Screen {
            t: Table::for_games(games, seed),
            phase: Phase::Over,
            holds: Holds::default(),
            box_cursor: 0,
            chrome: Chrome::new(hints, KEYS),
            pace: Duration::from_millis(900),
            record: RecordFile::new(record_path),
            turn_started: false,
        };
        s.settle(Instant::now());
        s
    }

    /// Time between a bot's moves (zero: at once).
    pub fn with_pace(mut self, pace: Duration) -> Self {
        self.pace = pace;
        self
    }

    /// The table: the game, its record and the costs.
    pub fn table(&self) -> &Table<'a> {
        &self.t
    }

    /// Whether the game is over (or stopped).
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Runs the bots' moves that are waiting, at once (tests; a key during a bot's turn).
    pub fn skip_bots(&mut self) {
        while let Phase::Bot(_) = self.phase {
            if self.bot_step().is_err() {
                break;
            }
        }
    }

    /// Moves the game on to the next thing a person must answer: starts turns, rolls a
    /// person's first roll, schedules bots, ends the game.
    fn settle(&mut self, now: Instant) {
        let rolled = self.t.game.dice().is_some();
        if self.t.game.is_over() {
            self.finish(true);
            return;
        }
        if !self.turn_started {
            self.t.start_turn();
            self.turn_started = true;
        }
        if self.t.game.current().bot {
            self.phase = Phase::Bot(now + self.pace);
        } else if rolled {
            self.phase = Phase::Decide;
        } else if self.t.sixth_die_question() {
            self.phase = Phase::SixthDie;
        } else {
            match self.t.roll() {
                Ok(_) => self.phase = Phase::Decide,
                Err(e) => self.fail(e),
            }
        }
        self.reset_dice();
        self.record.keep(&self.t.record.stopped_text());
    }

    /// After a roll: nothing held, the cursors on a die and on an open box.
    fn reset_dice(&mut self) {
        self.holds.reset(self.t.game.dice().map_or(0, |d| d.len()));
        let card = self.t.game.current().card.state();
        if card.is_filled(self.box_cursor) || self.box_cursor >= self.boxes() {
            self.box_cursor = (0..self.boxes()).find(|&b| !card.is_filled(b)).unwrap_or(0);
        }
    }

    fn boxes(&self) -> usize {
        self.t.game.rules().box_count()
    }

    fn fail(&mut self, e: Error) {
        self.chrome.refuse(format!("the game cannot go on: {e}"));
        self.finish(false);
    }

    /// Writes the record (ended by `quit` when the game did not finish) and stops.
    fn finish(&mut self, finished: bool) {
        if !self.record.is_written() {
            if !finished {
                self.t.record.push(Event::Quit);
            }
            self.record.write(&self.t.record.to_text());
        }
        self.phase = Phase::Over;
    }

    /// The dice held, as a keep.
    fn held_dice(&self) -> Dice {
        let faces = self.t.game.dice().map_or(Vec::new(), |d| d.faces());
        let kept = self.holds.kept(&faces);
        Dice::from_faces_up_to(&kept, yahtzee_rules::MEGA_DICE).unwrap_or(Dice::EMPTY)
    }

    /// Says the points a box was filled with (`who` scored them, if a bot); the turn ends.
    fn scored(&mut self, who: Option<&str>, points: u32, label: &str) {
        let text = match who {
            Some(name) => format!("{name} scores {points} in {label}"),
            None => format!("{points} points in {label}"),
        };
        self.chrome.note(text);
        self.turn_started = false;
    }

    /// A person's decision: applied, its verdict said, the game moved on.
    fn decide(&mut self, event: Event) {
        let rolls = !matches!(event, Event::Score(_));
        self.chrome.message.clear();
        let (verdict, scored) = match self.t.act(event) {
            Ok(done) => done,
            Err(e) => return self.chrome.refuse(e),
        };
        if let (Some(v), true) = (verdict, self.chrome.hints) {
            let p = self.chrome.palette;
            let style = if v.cost > 0.0 { p.bad() } else { p.good() };
            self.chrome.say(v.short_text(), style);
        }
        if let Some(m) = scored {
            let label = self.t.game.rules().boxes[m.box_index].label();
            self.scored(None, m.points(), label);
        }
        if rolls && self.t.game.dice().is_some() {
            let rolled = self.t.roll().and_then(|_| self.chance_chance(None));
            if let Err(e) = rolled {
                return self.fail(e);
            }
        }
        self.settle(Instant::now());
    }

    /// A chance-chance roll goes in Chance at once (scored by `who`, if a bot) and the
    /// turn ends; whether it was one.
    fn chance_chance(&mut self, who: Option<&str>) -> Result<bool, Error> {
        if !self.t.game.in_chance_chance() {
            return Ok(false);
        }
        if let Some(m) = self.t.score_chance_chance()? {
            self.scored(who, m.points(), "Chance");
        }
        self.turn_started = false;
        Ok(true)
    }

    /// One move of the bot to play: its sixth-die choice and first roll, or a decision and
    /// the roll after it.
    fn bot_step(&mut self) -> Result<(), Error> {
        let name = self.t.game.current().name.clone();
        let result = if self.t.game.dice().is_none() {
            self.bot_start(&name)
        } else {
            self.bot_decide(&name)
        };
        if let Err(e) = &result {
            self.fail(Error::Game(e.to_string()));
        }
        result
    }

    fn bot_start(&mut self, name: &str) -> Result<(), Error> {
        self.chrome.message.clear();
        if self.t.sixth_die_question() && self.t.bot_takes_sixth_die()? {
            self.t.act(Event::SixthDie).map_err(Error::Game)?;
            self.chrome.note(format!("{name} takes the sixth die"));
        }
        let dice = self.t.roll()?;
        self.chrome.note(format!("{name} rolls {}", dice.spaced()));
        self.reset_dice();
        self.phase = Phase::Bot(Instant::now() + self.pace);
        Ok(())
    }

    fn bot_decide(&mut self, name: &str) -> Result<(), Error> {
        let event = self.t.bot_decision()?;
        let what = bot_move(&event);
        let (_, scored) = self
            .t
            .act(event)
            .map_err(|e| Error::Game(format!("the bot's move was refused: {e}")))?;
        if let Some(m) = scored {
            let label = self.t.game.rules().boxes[m.box_index].label();
            let text = format!("{name} scores {} in {label}", m.points());
            let style = self.chrome.palette.accent();
            self.chrome.say(text, style);
            self.turn_started = false;
            self.settle(Instant::now());
            return Ok(());
        }
        let dice = self.t.roll()?;
        self.chrome
            .note(format!("{name} {what}, rolls {}", dice.spaced()));
        if self.chance_chance(Some(name))? {
            self.settle(Instant::now());
            return Ok(());
        }
        self.reset_dice();
        self.phase = Phase::Bot(Instant::now() + self.pace);
        Ok(())
    }

    /// The hint: the best and the next best option with their expected final totals.
    fn hint(&mut self) {
        self.chrome.message.clear();
        let advice = if self.phase == Phase::SixthDie {
            self.t
                .advisor
                .advise_sixth_die(&self.t.game.current().card)
                .ok()
                .flatten()
        } else {
            self.t.advice()
        };
        let Some(advice) = advice else {
            return;
        };
        let so_far = f64::from(self.t.game.current().card.total());
        for (o, what) in advice.options.iter().zip(["best", "next"]) {
            let choice = label(&o.choice, self.t.showing());
            let total = so_far + o.ev_remaining;
            self.chrome.note(format!("{what}: {choice} — {total:.2}"));
        }
    }

    fn roll(&mut self) {
        if self.t.game.rolls_left() == 0 {
            self.chrome.message.clear();
            let card = &self.t.game.current().card;
            let text = if card.rules().house.mulligan && !card.mulligan_used() {
                "no rolls left: choose a box, or m to spend the mulligan"
            } else {
                "no rolls left: choose a box"
            };
            return self.chrome.refuse(text);
        }
        if self.holds.all() {
            self.chrome.message.clear();
            return self
                .chrome
                .note("all dice held: choose a box (it ends your turn)");
        }
        let keep = self.held_dice();
        self.decide(Event::Keep(keep));
    }

    fn score(&mut self, b: usize) {
        if let Some(&c) = self.t.game.rules().boxes.get(b) {
            self.decide(Event::Score(c));
        }
    }

    fn move_box(&mut self, down: bool) {
        let state = self.t.game.current().card.state();
        let open = |b| !state.is_filled(b);
        if let Some(b) = next_open(self.box_cursor, self.boxes(), down, open) {
            self.box_cursor = b;
        }
    }

    fn undo(&mut self) {
        self.chrome.message.clear();
        if self.t.undo() {
            self.turn_started = true;
            self.chrome.note("taken back (its cost still counts)");
            self.settle(Instant::now());
        } else {
            self.chrome.refuse("nothing of yours to take back");
        }
    }

    /// Keys while a person decides with the dice showing.
    fn decide_key(&mut self, key: KeyEvent) {
        match self.holds.turn_key(&key) {
            TurnKey::Move { down } => self.move_box(down),
            TurnKey::Fill => self.score(self.box_cursor),
            TurnKey::Letter('r') => self.roll(),
            TurnKey::Letter('h') => self.hint(),
            TurnKey::Letter('u') => self.undo(),
            TurnKey::Letter('m') => {
                let keep = self.held_dice();
                self.decide(Event::Mulligan(keep));
            }
            TurnKey::Letter('c') => self.decide(Event::ChanceChance),
            TurnKey::Letter(c) => {
                if let Some(b) = box_of_key(c, self.boxes()) {
                    self.score(b);
                }
            }
            TurnKey::Dice | TurnKey::Other => {}
        }
    }

    /// Keys while a person answers whether to take the sixth die.
    fn sixth_die_key(&mut self, key: KeyEvent) {
        match plain_char(&key) {
            Some('y') => self.decide(Event::SixthDie),
            Some('n') => {
                self.chrome.message.clear();
                if let (Some(v), true) = (self.t.decline_sixth_die(), self.chrome.hints) {
                    self.chrome.note(v.short_text());
                }
                match self.t.roll() {
                    Ok(_) => {
                        self.phase = Phase::Decide;
                        self.reset_dice();
                    }
                    Err(e) => self.fail(e),
                }
            }
            Some('h') => self.hint(),
            Some('u') => self.undo(),
            _ => {}
        }
    }
}

impl Play for Screen<'_> {
    screen::chrome_field!();

    fn draw_game(&self, frame: &mut Frame, area: Rect) {
        self.board().draw(frame, area, self.chrome.palette);
    }

    fn game_key(&mut self, key: KeyEvent) {
        match self.phase {
            Phase::Decide => self.decide_key(key),
            Phase::SixthDie => self.sixth_die_key(key),
            Phase::Bot(_) => self.skip_bots(),
            Phase::Over => {}
        }
    }

    fn stop(&mut self) {
        if self.phase != Phase::Over {
            self.finish(false);
        }
    }

    fn over(&self) -> bool {
        self.is_over()
    }

    fn next_step(&self) -> Option<Instant> {
        match self.phase {
            Phase::Bot(at) => Some(at),
            _ => None,
        }
    }

    fn step(&mut self) -> Flow {
        let _ = self.bot_step();
        Flow::Continue
    }
}

/// Plays one game full screen; returns the table as the game left it.
pub fn play<'a>(
    games: &Games<'a>,
    seed: u64,
    hints: bool,
    record_path: PathBuf,
) -> Result<Table<'a>, Error> {
    let mut s = Screen::new(games, seed, hints, record_path);
    screen::run(&mut s)?;
    s.record.check()?;
    Ok(s.t)
}
