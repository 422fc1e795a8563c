//! `yahtzee play` full screen: the dice drawn large, every player's card side by side with
//! what the dice showing would score in each open box and, with hints on, what each choice
//! costs; keys to hold, roll, score, take back, ask for a hint; bots' turns step by step.
//!
//! [`Screen`] is the state and the drawing ([`crate::screen::Game`]); [`play`] runs it in
//! the terminal. Decisions go through the same [`Table`] as the line mode.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Constraint;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_advice::{Advice, Choice};
use yahtzee_play::{label, Event};
use yahtzee_rules::{Category, Dice};

use super::table::Table;
use super::{bot_move, Games};
use crate::screen::{self, cost_text, DieView, Flow, Palette};
use crate::Error;

/// The keys that score a box, in the card's order: letters that are no command (`c`
/// chance-chance, `h` hint, `m` mulligan, `q` quit, `r` roll, `t` hints on/off, `u` undo).
const BOX_KEYS: &[u8] = b"abdefgijklnopsvwxyz";

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
    /// The dice showing, in the order drawn, and which are held.
    held: Vec<bool>,
    die_cursor: usize,
    /// The box the arrow keys are on (index into the rule set's boxes).
    box_cursor: usize,
    hints: bool,
    show_help: bool,
    /// What just happened: a verdict, a bot's move, an error.
    message: Vec<(String, Style)>,
    palette: Palette,
    /// Time between a bot's moves.
    pace: Duration,
    record_path: PathBuf,
    /// The record was written (the game ended or was stopped).
    saved: Option<Result<(), String>>,
    /// A turn of the seat to play has started (its line is in the record).
    turn_started: bool,
}

impl<'a> Screen<'a> {
    /// A new game at the table of `games`, with the dice of `seed`.
    pub fn new(games: &Games<'a>, seed: u64, hints: bool, record_path: PathBuf) -> Screen<'a> {
        let t = Table::for_games(games, seed);
        let mut s = Screen {
            t,
            phase: Phase::Over,
            held: Vec::new(),
            die_cursor: 0,
            box_cursor: 0,
            hints,
            show_help: false,
            message: Vec::new(),
            palette: Palette::from_env(),
            pace: Duration::from_millis(900),
            record_path,
            saved: None,
            turn_started: false,
        };
        s.settle(Instant::now());
        s
    }

    /// Colour or none (tests draw without).
    pub fn with_palette(mut self, palette: Palette) -> Self {
        self.palette = palette;
        self
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

    fn say(&mut self, text: impl Into<String>, style: Style) {
        self.message.push((text.into(), style));
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
        crate::file::keep_for_interrupt(&self.record_path, &self.t.record.stopped_text());
    }

    /// After a roll: nothing held, the cursors on the first die and the first open box.
    fn reset_dice(&mut self) {
        let n = self.t.game.dice().map_or(0, |d| d.len());
        self.held = vec![false; n];
        self.die_cursor = self.die_cursor.min(n.saturating_sub(1));
        let card = self.t.game.current().card.state();
        if card.is_filled(self.box_cursor) || self.box_cursor >= self.rules_len() {
            self.box_cursor = (0..self.rules_len())
                .find(|&b| !card.is_filled(b))
                .unwrap_or(0);
        }
    }

    fn rules_len(&self) -> usize {
        self.t.game.rules().box_count()
    }

    fn fail(&mut self, e: Error) {
        self.say(format!("the game cannot go on: {e}"), self.palette.bad());
        self.finish(false);
    }

    /// Writes the record (ended by `quit` when the game did not finish) and stops.
    fn finish(&mut self, finished: bool) {
        if self.saved.is_some() {
            self.phase = Phase::Over;
            return;
        }
        if !finished {
            self.t.record.push(Event::Quit);
        }
        let result = crate::file::write_record(&self.record_path, &self.t.record.to_text())
            .map_err(|e| e.to_string());
        crate::file::forget_for_interrupt();
        self.saved = Some(result);
        self.phase = Phase::Over;
    }

    /// The dice held, as a keep.
    fn held_dice(&self) -> Dice {
        let faces: Vec<u8> = match self.t.game.dice() {
            Some(d) => d
                .faces()
                .into_iter()
                .zip(&self.held)
                .filter(|(_, h)| **h)
                .map(|(f, _)| f)
                .collect(),
            None => Vec::new(),
        };
        Dice::from_faces_up_to(&faces, yahtzee_rules::MEGA_DICE).unwrap_or(Dice::EMPTY)
    }

    /// A person's decision: applied, its verdict said, the game moved on.
    fn decide(&mut self, event: Event) {
        let rolls = !matches!(event, Event::Score(_));
        self.message.clear();
        match self.t.act(event) {
            Ok((verdict, scored)) => {
                if let (Some(v), true) = (verdict, self.hints) {
                    let style = if v.cost > 0.0 {
                        self.palette.bad()
                    } else {
                        self.palette.good()
                    };
                    self.say(v.short_text(), style);
                }
                if let Some(m) = scored {
                    let label = self.t.game.rules().boxes[m.box_index].label();
                    self.say(
                        format!("{} points in {label}", m.points()),
                        Style::default(),
                    );
                    self.turn_started = false;
                }
                if rolls && self.t.game.dice().is_some() {
                    if let Err(e) = self.t.roll() {
                        return self.fail(e);
                    }
                    if self.t.game.in_chance_chance() {
                        match self.t.score_chance_chance() {
                            Ok(Some(m)) => {
                                self.say(
                                    format!("{} points in Chance", m.points()),
                                    Style::default(),
                                );
                                self.turn_started = false;
                            }
                            Ok(None) => {}
                            Err(e) => return self.fail(e),
                        }
                    }
                }
                self.settle(Instant::now());
            }
            Err(e) => self.say(e, self.palette.bad()),
        }
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
        self.message.clear();
        if self.t.sixth_die_question() && self.t.bot_takes_sixth_die()? {
            self.t.act(Event::SixthDie).map_err(Error::Game)?;
            self.say(format!("{name} takes the sixth die"), Style::default());
        }
        let dice = self.t.roll()?;
        self.say(format!("{name} rolls {}", dice.spaced()), Style::default());
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
            self.say(
                format!("{name} scores {} in {label}", m.points()),
                self.palette.accent(),
            );
            self.turn_started = false;
            self.settle(Instant::now());
            return Ok(());
        }
        let dice = self.t.roll()?;
        self.say(
            format!("{name} {what}, rolls {}", dice.spaced()),
            Style::default(),
        );
        if self.t.game.in_chance_chance() {
            if let Some(m) = self.t.score_chance_chance()? {
                self.say(
                    format!("{name} scores {} in Chance", m.points()),
                    Style::default(),
                );
            }
            self.turn_started = false;
            self.settle(Instant::now());
            return Ok(());
        }
        self.reset_dice();
        self.phase = Phase::Bot(Instant::now() + self.pace);
        Ok(())
    }

    /// The hint: the best and the next best option with their expected final totals.
    fn hint(&mut self) {
        self.message.clear();
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
            let text = format!(
                "{what}: {} — {:.2}",
                label(&o.choice, self.t.showing()),
                so_far + o.ev_remaining
            );
            self.say(text, Style::default());
        }
    }

    fn toggle_die(&mut self, i: usize) {
        if let Some(h) = self.held.get_mut(i) {
            *h = !*h;
            self.die_cursor = i;
        }
    }

    fn roll(&mut self) {
        if self.t.game.rolls_left() == 0 {
            self.message.clear();
            let card = &self.t.game.current().card;
            let text = if card.rules().house.mulligan && !card.mulligan_used() {
                "no rolls left: choose a box, or m to spend the mulligan"
            } else {
                "no rolls left: choose a box"
            };
            return self.say(text, self.palette.bad());
        }
        if self.held.iter().all(|&h| h) {
            self.message.clear();
            return self.say(
                "all dice held: choose a box (it ends your turn)",
                Style::default(),
            );
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
        let n = self.rules_len();
        let mut b = self.box_cursor;
        for _ in 0..n {
            b = if down { (b + 1) % n } else { (b + n - 1) % n };
            if !state.is_filled(b) {
                self.box_cursor = b;
                return;
            }
        }
    }

    fn undo(&mut self) {
        self.message.clear();
        if self.t.undo() {
            self.turn_started = true;
            self.say("taken back (its cost still counts)", Style::default());
            self.settle(Instant::now());
        } else {
            self.say("nothing of yours to take back", self.palette.bad());
        }
    }

    /// Keys while a person decides with the dice showing.
    fn decide_key(&mut self, key: KeyEvent) {
        let n = self.held.len();
        match key.code {
            KeyCode::Left => self.die_cursor = (self.die_cursor + n - 1) % n.max(1),
            KeyCode::Right => self.die_cursor = (self.die_cursor + 1) % n.max(1),
            KeyCode::Up => self.move_box(false),
            KeyCode::Down => self.move_box(true),
            KeyCode::Enter => self.score(self.box_cursor),
            KeyCode::Char(' ') => self.toggle_die(self.die_cursor),
            KeyCode::Char(c @ '1'..='6') => self.toggle_die(c as usize - '1' as usize),
            KeyCode::Char('r') => self.roll(),
            KeyCode::Char('h') => self.hint(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('m') => {
                let keep = self.held_dice();
                self.decide(Event::Mulligan(keep));
            }
            KeyCode::Char('c') => self.decide(Event::ChanceChance),
            KeyCode::Char(c) => {
                if let Some(b) = BOX_KEYS.iter().position(|&k| k as char == c) {
                    if b < self.rules_len() {
                        self.score(b);
                    }
                }
            }
            _ => {}
        }
    }
}

impl screen::Game for Screen<'_> {
    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if screen::too_small(frame, area) {
            return;
        }
        let a = screen::Areas::new(area, self.card_rows() as u16 + 1);
        screen::dice(frame, a.dice, &self.dice_views(), self.palette);
        screen::side(frame, a.side, self.side_lines());
        frame.render_widget(self.card_grid(), a.card);
        screen::key_line(frame, a.keys, self.key_line(), self.palette);
        if self.show_help {
            screen::help(frame, "keys", KEYS, self.palette);
        }
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        if self.show_help {
            self.show_help = false;
            return Flow::Continue;
        }
        match screen::plain_char(&key) {
            Some('q') => {
                if self.phase != Phase::Over {
                    self.finish(false);
                }
                return Flow::Quit;
            }
            Some('?') => {
                self.show_help = true;
                return Flow::Continue;
            }
            Some('t') => {
                self.hints = !self.hints;
                self.message.clear();
                let text = if self.hints { "hints on" } else { "hints off" };
                self.say(text, Style::default());
                return Flow::Continue;
            }
            _ => {}
        }
        match self.phase {
            Phase::Decide => self.decide_key(key),
            Phase::SixthDie => match screen::plain_char(&key) {
                Some('y') => self.decide(Event::SixthDie),
                Some('n') => {
                    self.message.clear();
                    if let (Some(v), true) = (self.t.decline_sixth_die(), self.hints) {
                        self.say(v.short_text(), Style::default());
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
            },
            Phase::Bot(_) => self.skip_bots(),
            Phase::Over => {}
        }
        Flow::Continue
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

    fn interrupt(&mut self) {
        if self.phase != Phase::Over {
            self.finish(false);
        }
    }
}

/// Drawing.
impl Screen<'_> {
    fn dice_views(&self) -> Vec<DieView> {
        let Some(dice) = self.t.game.dice() else {
            return Vec::new();
        };
        let suggested = self.suggested_keep();
        let mut left = suggested.map(|d| d.counts()).unwrap_or_default();
        dice.faces()
            .into_iter()
            .enumerate()
            .map(|(i, face)| {
                let slot = &mut left[face as usize - 1];
                let suggested = *slot > 0;
                *slot = slot.saturating_sub(1);
                DieView {
                    face,
                    held: self.held.get(i).copied().unwrap_or(false),
                    cursor: self.phase == Phase::Decide && i == self.die_cursor,
                    suggested: suggested && self.hints && self.phase == Phase::Decide,
                }
            })
            .collect()
    }

    /// The best keep, when the best option is to roll again.
    fn suggested_keep(&self) -> Option<Dice> {
        match self.advice()?.best().choice {
            Choice::Keep(k) => Some(k),
            _ => None,
        }
    }

    /// The advice for a person deciding with hints on.
    fn advice(&self) -> Option<Advice> {
        if !self.hints || self.phase != Phase::Decide {
            return None;
        }
        self.t.advice()
    }

    /// With hints on: the expected points lost by filling each open box now, against the
    /// best option (a keep, while rolls are left). The boxes' values are those after the
    /// last roll: filling a box ends the turn whatever the rolls left.
    fn fill_costs(&self) -> Vec<(Category, f64)> {
        let (Some(advice), Some(dice)) = (self.advice(), self.t.game.dice()) else {
            return Vec::new();
        };
        let card = &self.t.game.current().card;
        let Ok(last) = self.t.advisor.advise(card, dice, 0) else {
            return Vec::new();
        };
        let best = advice.best().ev_remaining;
        last.options
            .iter()
            .filter_map(|o| match o.choice {
                Choice::Fill { category, .. } => Some((category, best - o.ev_remaining)),
                _ => None,
            })
            .collect()
    }

    /// Right of the dice: whose turn and the rolls left, then what just happened.
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = &self.t.game;
        let rounds = game.rules().box_count();
        let mut lines = Vec::new();
        let who = game.current().name.clone();
        let head = match self.phase {
            Phase::Over => "Game over".to_string(),
            _ => format!("Round {}/{rounds} · {who}", game.round().min(rounds as u32)),
        };
        lines.push(Line::from(Span::styled(head, self.palette.accent())));
        lines.push(Line::from(self.status()));
        let mut room = 3usize;
        if let Some(v) = self.keep_value() {
            lines.push(Line::from(format!("roll with these held: {v}")));
            room -= 1;
        }
        let messages: Vec<Line> = match self.phase {
            Phase::Over => self.standings(),
            _ => self
                .message
                .iter()
                .rev()
                .take(room)
                .rev()
                .map(|(t, s)| Line::from(Span::styled(t.clone(), *s)))
                .collect(),
        };
        lines.extend(messages);
        lines
    }

    fn status(&self) -> String {
        let game = &self.t.game;
        match self.phase {
            Phase::Over => match &self.saved {
                Some(Ok(())) => format!("record {} · q quits", self.record_path.display()),
                Some(Err(e)) => e.clone(),
                None => String::new(),
            },
            Phase::SixthDie => "sixth die in hand: take it this turn? y/n".to_string(),
            Phase::Bot(_) => "bot's turn (space: skip)".to_string(),
            Phase::Decide => {
                let left = game.rolls_left();
                format!("{left} roll{} left", if left == 1 { "" } else { "s" })
            }
        }
    }

    /// With hints on: what rolling with the dice held costs.
    fn keep_value(&self) -> Option<String> {
        let advice = self.advice()?;
        if self.t.game.rolls_left() == 0 || self.held.iter().all(|&h| h) {
            return None;
        }
        let keep = self.held_dice();
        let best = advice.best().ev_remaining;
        let o = advice
            .options
            .iter()
            .find(|o| o.choice == Choice::Keep(keep))?;
        Some(cost_text(best - o.ev_remaining).trim_start().to_string())
    }

    fn standings(&self) -> Vec<Line<'static>> {
        let players = self.t.game.players();
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(players[i].card.total()));
        order
            .into_iter()
            .take(3)
            .enumerate()
            .map(|(rank, i)| {
                Line::from(format!(
                    "{}. {} {} · lost {:.2}",
                    rank + 1,
                    players[i].name,
                    players[i].card.total(),
                    self.t.costs[i]
                ))
            })
            .collect()
    }

    /// Rows of the card below its header: the boxes, the upper bonus, the Yahtzee bonus
    /// where the rules have one, the total.
    fn card_rows(&self) -> usize {
        let rules = self.t.game.rules();
        rules.box_count() + 2 + usize::from(rules.yahtzee_bonus > 0)
    }

    fn card_grid(&self) -> Grid<'static> {
        let game = &self.t.game;
        let rules = game.rules();
        let deciding = self.phase == Phase::Decide;
        let moves = if deciding { game.moves() } else { Vec::new() };
        let costs = self.fill_costs();
        let seat = game.current_seat();
        let mut header = vec![
            Cell::from(""),
            Cell::from("box"),
            Cell::from("dice"),
            Cell::from(if self.hints { "cost" } else { "" }),
        ];
        for (i, p) in game.players().iter().enumerate() {
            let name: String = p.name.chars().take(7).collect();
            let style = if i == seat && self.phase != Phase::Over {
                self.palette.accent()
            } else {
                Style::default()
            };
            header.push(Cell::from(Span::styled(name, style)));
        }
        let mut rows = Vec::new();
        for (b, &c) in rules.boxes.iter().enumerate() {
            let open = !game.current().card.state().is_filled(b);
            let key = BOX_KEYS.get(b).map_or(' ', |&k| k as char);
            let m = moves.iter().find(|m| m.box_index == b);
            let now = m.map_or(String::new(), |m| format!("{:>3}", m.points()));
            let cost = match m {
                Some(_) => costs
                    .iter()
                    .find(|(x, _)| *x == c)
                    .map_or(String::new(), |&(_, v)| cost_text(v)),
                None => String::new(),
            };
            let mut row = vec![
                Cell::from(if open { key.to_string() } else { String::new() }),
                Cell::from(c.label()),
                Cell::from(now),
                Cell::from(cost),
            ];
            for p in game.players() {
                row.push(Cell::from(
                    p.card
                        .score(c)
                        .map_or("·".to_string(), |s| format!("{s:>3}")),
                ));
            }
            let style = if deciding && b == self.box_cursor {
                self.palette.cursor()
            } else if open {
                Style::default()
            } else {
                self.palette.dim()
            };
            rows.push(Row::new(row).style(style));
        }
        rows.push(self.summary_row("upper bonus", |card| {
            let upper = card.upper_total();
            if upper >= rules.upper_threshold {
                format!("+{}", rules.upper_bonus)
            } else {
                format!("{upper}/{}", rules.upper_threshold)
            }
        }));
        if rules.yahtzee_bonus > 0 {
            rows.push(self.summary_row("Yahtzee bonus", |card| {
                format!("{:>3}", card.yahtzee_bonus())
            }));
        }
        rows.push(
            self.summary_row("total", |card| format!("{:>3}", card.total()))
                .style(self.palette.accent()),
        );
        let mut widths = vec![
            Constraint::Length(1),
            Constraint::Length(15),
            Constraint::Length(4),
            Constraint::Length(6),
        ];
        widths.extend(game.players().iter().map(|_| Constraint::Length(7)));
        Grid::new(rows, widths)
            .header(Row::new(header).style(self.palette.dim()))
            .column_spacing(1)
    }

    fn summary_row(
        &self,
        name: &'static str,
        value: impl Fn(&yahtzee_rules::Scorecard) -> String,
    ) -> Row<'static> {
        let mut row = vec![
            Cell::from(""),
            Cell::from(name),
            Cell::from(""),
            Cell::from(""),
        ];
        for p in self.t.game.players() {
            row.push(Cell::from(value(&p.card)));
        }
        Row::new(row)
    }

    fn key_line(&self) -> &'static str {
        match self.phase {
            Phase::Over => "q quit · ? keys",
            Phase::SixthDie => "y take it · n roll five · h hint · ? keys · q quit",
            Phase::Bot(_) => "space: the bots' moves at once · ? keys · q quit",
            Phase::Decide => {
                "1-5 hold · r roll · letter/enter score · h hint · u undo · t hints · ? · q quit"
            }
        }
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
    if let Some(Err(e)) = &s.saved {
        return Err(Error::Game(e.clone()));
    }
    Ok(s.t)
}
