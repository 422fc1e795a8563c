//! `yahtzee yahtzix play` full screen: the layout and widgets of `yahtzee play`
//! ([`crate::screen`]) over a Yahtzix race: the dice drawn large (held ones marked), every
//! seat's score and the target (two players beside the dice; three to eight in a table
//! above the game's log, with who has reached the target and, at the end, who won), the
//! turn so far and, with hints on, every option with the chance to win it leaves (at a
//! table of three or more, the heads-up strategy's); the bots' turns told step by step.
//!
//! The game's turn loop (`yahtzee_yahtzix::sim::play_turn_with`) asks its players in turn,
//! so the person here is a [`Player`] that draws and waits for keys when asked. What it
//! draws on and reads keys from is a [`Console`]: the terminal, or a script in the tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use yahtzee_yahtzix::party::HeadsUpBot;
use yahtzee_yahtzix::position::{spaced, Action, Advice, Stage};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::score::{outcome, Counts, UNIT};
use yahtzee_yahtzix::sim::{play_turn_with, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use super::{
    check_keep, dice_count, last_turns_text, missed, pct, result_text, win_chance, Outcome, Setup,
    Table,
};
use crate::screen::{self, DieView, Palette};
use crate::Error;

/// What the screen shows.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub title: String,
    /// Names and scores in seat order, and whose turn it is.
    pub scores: Vec<(String, u32)>,
    pub to_move: usize,
    /// At a table of three or more, a word beside each score (`reached`, `wins`).
    pub notes: Vec<String>,
    /// The chances are the heads-up strategy's (three or more players).
    pub heads_up: bool,
    /// The turn so far: roll, points set aside.
    pub turn: String,
    pub dice: Vec<u8>,
    pub held: Vec<bool>,
    /// The options with the chance to win each leaves (hints on), best first.
    pub options: Vec<(String, f64)>,
    /// The person's chance to win now, with hints on.
    pub win: Option<f64>,
    /// What happened, the latest last.
    pub log: Vec<String>,
    /// The keys that answer the question now.
    pub keys: String,
    pub help: bool,
}

/// Where the screen is drawn and the keys come from.
pub trait Console {
    /// Draws `view`.
    fn show(&mut self, view: &View);
    /// The next key, waiting at most `wait` (forever: `None`); `None` when none came.
    fn key(&mut self, wait: Option<Duration>) -> Option<KeyEvent>;
}

/// The terminal (held by [`play`]).
struct Tty<'t> {
    terminal: &'t mut ratatui::DefaultTerminal,
    last: View,
    palette: Palette,
}

impl Console for Tty<'_> {
    fn show(&mut self, view: &View) {
        self.last = view.clone();
        let palette = self.palette;
        let _ = self.terminal.draw(|f| draw(f, view, palette));
    }

    fn key(&mut self, wait: Option<Duration>) -> Option<KeyEvent> {
        let deadline = wait.map(|w| std::time::Instant::now() + w);
        loop {
            let left = deadline.map(|d| d.saturating_duration_since(std::time::Instant::now()));
            if !event::poll(left.unwrap_or(Duration::from_secs(3600))).ok()? {
                if deadline.is_some() {
                    return None;
                }
                continue;
            }
            match event::read().ok()? {
                event::Event::Key(k) if k.kind != KeyEventKind::Release => return Some(k),
                event::Event::Resize(..) => {
                    let view = self.last.clone();
                    self.show(&view);
                }
                _ => {}
            }
        }
    }
}

/// Keys from a script, screens drawn on any backend (ratatui's `TestBackend` in tests).
/// When the script runs out it answers `q`.
pub struct Scripted<B: Backend> {
    pub terminal: Terminal<B>,
    pub keys: VecDeque<KeyEvent>,
    /// Every screen drawn, as text.
    pub screens: Vec<String>,
}

impl<B: Backend> Scripted<B> {
    pub fn new(terminal: Terminal<B>, keys: &str) -> Scripted<B> {
        Scripted {
            terminal,
            keys: keys
                .chars()
                .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
                .collect(),
            screens: Vec::new(),
        }
    }
}

impl Console for Scripted<ratatui::backend::TestBackend> {
    fn show(&mut self, view: &View) {
        let palette = Palette { colour: false };
        let _ = self.terminal.draw(|f| draw(f, view, palette));
        let buffer = self.terminal.backend().buffer();
        let area = buffer.area;
        let mut text = String::new();
        for y in 0..area.height {
            let row: String = (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            text += row.trim_end();
            text.push('\n');
        }
        self.screens.push(text);
    }

    fn key(&mut self, wait: Option<Duration>) -> Option<KeyEvent> {
        // A bot's pause is not waited for: no key came in it.
        if wait.is_some() {
            return None;
        }
        Some(
            self.keys
                .pop_front()
                .unwrap_or(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        )
    }
}

const KEYS: &[(&str, &str)] = &[
    ("1-6", "hold or release that die (the dice to set aside)"),
    ("r", "set the held dice aside and roll the others"),
    ("b", "bank the turn's points"),
    ("y / n", "go for it on the offer, or roll six fresh"),
    ("1-6", "within 50 of an exact target: how many dice to roll"),
    ("h", "hint: every option with its chance to win"),
    ("t", "hints on or off"),
    ("space", "during the bot's turn: show the rest at once"),
    ("q", "quit; the game is recorded (Ctrl-C too)"),
];

/// Draws the screen: the dice, the race, the options, what happened, the keys.
pub fn draw(frame: &mut Frame, view: &View, palette: Palette) {
    let area = frame.area();
    if screen::too_small(frame, area) {
        return;
    }
    let a = screen::Areas::new(area, area.height.saturating_sub(7));
    let dice: Vec<DieView> = view
        .dice
        .iter()
        .enumerate()
        .map(|(i, &face)| DieView {
            face,
            held: view.held.get(i).copied().unwrap_or(false),
            cursor: false,
            suggested: false,
        })
        .collect();
    screen::dice(frame, a.dice, &dice, palette);
    let mut side = vec![Line::from(Span::styled(
        view.title.clone(),
        palette.accent(),
    ))];
    // Two players beside the dice; more in a table above the log.
    let mut seats = Vec::new();
    for (seat, (name, score)) in view.scores.iter().enumerate() {
        let mark = if seat == view.to_move { "▶ " } else { "  " };
        let style = if seat == view.to_move {
            palette.accent()
        } else {
            Style::default()
        };
        let note = view.notes.get(seat).map_or("", String::as_str);
        let row = if view.scores.len() == 2 {
            format!("{mark}{name:<5} {score:>5}")
        } else {
            format!("{mark}{name:<5} {score:>5}  {note}")
        };
        seats.push(Line::from(Span::styled(row, style)));
    }
    let two = view.scores.len() <= 2;
    if two {
        side.append(&mut seats);
    }
    side.push(Line::from(view.turn.clone()));
    if let Some(w) = view.win {
        let what = if view.heads_up {
            "heads-up chance"
        } else {
            "your chance to win"
        };
        side.push(Line::from(format!("{what}: {}", pct(w))));
    }
    screen::side(frame, a.side, side);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Fill(1)]).areas(a.card);
    let right = if two {
        right
    } else {
        let [table, log] = Layout::vertical([
            Constraint::Length(seats.len() as u16 + 1),
            Constraint::Fill(1),
        ])
        .areas(right);
        frame.render_widget(
            Paragraph::new(seats).block(Block::default().borders(Borders::TOP).title(" table ")),
            table,
        );
        log
    };
    let options_title = if view.heads_up {
        " options: heads-up win "
    } else {
        " options: win "
    };
    let options: Vec<Line> = view
        .options
        .iter()
        .map(|(label, win)| Line::from(format!("{:>7}  {label}", pct(*win))))
        .collect();
    frame.render_widget(
        Paragraph::new(options)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::TOP).title(options_title)),
        left,
    );
    // The latest lines that fit, counting the rows a long line wraps onto.
    let room = right.height.saturating_sub(1) as usize;
    let mut used = 0;
    let shown = view
        .log
        .iter()
        .rev()
        .take_while(|l| {
            used += wrapped_rows(l, right.width);
            used <= room
        })
        .count();
    let log: Vec<Line> = view
        .log
        .iter()
        .skip(view.log.len() - shown)
        .map(|l| Line::from(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(log)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::TOP).title(" game ")),
        right,
    );
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(view.keys.clone(), palette.dim()))),
        a.keys,
    );
    if view.help {
        screen::help(frame, "keys", KEYS, palette);
    }
}

/// The rows `line` takes wrapped at words in `width` columns (at least as many as the
/// paragraph's wrapping takes).
fn wrapped_rows(line: &str, width: u16) -> usize {
    let width = usize::from(width.max(1));
    let (mut rows, mut col) = (1, 0);
    for word in line.split_inclusive(' ') {
        let w = word.chars().count();
        if col > 0 && col + w.min(width) > width {
            rows += 1;
            col = 0;
        }
        if w > width {
            rows += (col + w - 1) / width;
            col = (col + w) % width;
        } else {
            col += w;
        }
    }
    rows
}

/// The screen and its console, shared by the person and the narration of the turns.
struct Ui<'c> {
    console: &'c mut dyn Console,
    view: View,
    hints: bool,
    /// The bot's moves shown at once for the rest of its turn (a key was pressed).
    skip: bool,
    /// `q` or Ctrl-C was pressed during the bot's turn.
    quit: bool,
    pace: Duration,
}

impl Ui<'_> {
    fn show(&mut self) {
        self.console.show(&self.view);
    }

    fn log(&mut self, line: impl Into<String>) {
        self.view.log.push(line.into());
    }

    /// A key for a question; `?` shows the keys, `t` turns the hints on and off. Ctrl-C
    /// and `q` quit (`None`).
    fn ask(&mut self, refresh: &mut dyn FnMut(&mut Ui)) -> Option<char> {
        loop {
            refresh(self);
            self.show();
            let key = self.console.key(None)?;
            if self.view.help {
                self.view.help = false;
                continue;
            }
            if screen::is_interrupt(&key) {
                return None;
            }
            match screen::plain_char(&key) {
                Some('q') => return None,
                Some('?') => self.view.help = true,
                Some('t') => self.hints = !self.hints,
                Some(c) => return Some(c),
                None => {}
            }
        }
    }

    /// A pause in the bot's turn, cut short by any key (which shows the rest at once);
    /// `q` or Ctrl-C there quits after the bot's turn.
    fn pause(&mut self) {
        self.show();
        if self.skip {
            return;
        }
        if let Some(key) = self.console.key(Some(self.pace)) {
            self.skip = true;
            self.quit |= screen::is_interrupt(&key) || screen::plain_char(&key) == Some('q');
        }
    }
}

/// The person, asked through the screen.
struct Person<'a, 'c> {
    ui: &'a RefCell<Ui<'c>>,
    bot: HeadsUpBot<'a>,
    rules: Rules,
    game: Option<Game>,
    quit: bool,
    /// The names at a table of three or more (empty for two).
    names: Vec<String>,
}

impl Person<'_, '_> {
    fn advice(&self, stage: &Stage) -> Option<Advice> {
        Some(yahtzee_yahtzix::position::rank(
            &self.rules,
            self.bot.turn()?,
            stage,
        ))
    }

    /// Shows the options of `stage` (with hints on) before a question.
    fn refresh(&self, ui: &mut Ui, stage: &Stage) {
        let advice = if ui.hints { self.advice(stage) } else { None };
        ui.view.options = advice
            .as_ref()
            .map(|a| a.options.iter().map(|o| (o.label.clone(), o.win)).collect())
            .unwrap_or_default();
        ui.view.win = advice.map(|a| a.win);
    }

    /// Says what a choice cost in chance to win, with hints on.
    fn judge(&self, stage: &Stage, action: Action) {
        let mut ui = self.ui.borrow_mut();
        if !ui.hints {
            return;
        }
        let Some(advice) = self.advice(stage) else {
            return;
        };
        if let Some((best, mine)) = missed(&advice, action) {
            ui.log(format!(
                "  best: {} ({} vs {})",
                best.label,
                pct(best.win),
                pct(mine.win)
            ));
        }
    }

    fn held_counts(view: &View) -> Counts {
        let mut keep = Counts::default();
        for (&face, _) in view.dice.iter().zip(&view.held).filter(|(_, h)| **h) {
            keep[usize::from(face)] += 1;
        }
        keep
    }
}

impl Player for Person<'_, '_> {
    fn start(&mut self, game: &Game) -> bool {
        self.game = Some(game.clone());
        self.bot.start(game);
        let Some((total, left)) = game.offer else {
            return false;
        };
        let stage = Stage::Start { offer: game.offer };
        let answer = {
            let mut ui = self.ui.borrow_mut();
            ui.view.dice.clear();
            ui.view.turn = match self.names.len() {
                0 => format!("offer: {total} on {}", dice_count(left)),
                n => format!(
                    "{}'s offer: {total} on {}",
                    self.names[(game.to_move + n - 1) % n],
                    dice_count(left)
                ),
            };
            ui.view.keys = format!(
                "y go for it on {total} with {} · n roll six fresh · h hint · ? · q quit",
                dice_count(left)
            );
            loop {
                match ui.ask(&mut |ui| self.refresh(ui, &stage)) {
                    None => break None,
                    Some('y') => break Some(true),
                    Some('n') => break Some(false),
                    Some('h') => ui.hints = true,
                    Some(_) => {}
                }
            }
        };
        match answer {
            None => {
                self.quit = true;
                false
            }
            Some(go) => {
                let action = if go {
                    Action::GoForIt
                } else {
                    Action::RollFresh
                };
                self.judge(&stage, action);
                go
            }
        }
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        if self.quit || !self.bot.turn().is_some_and(|t| t.near) || st.held == 1 {
            return st.held;
        }
        let mut ui = self.ui.borrow_mut();
        ui.view.keys = format!(
            "within 50 of the exact target: roll how many of your {} dice? 1-{} · q quit",
            st.held, st.held
        );
        loop {
            match ui.ask(&mut |_| {}) {
                None => {
                    self.quit = true;
                    return st.held;
                }
                Some(d @ '1'..='6') => {
                    let k = d as u8 - b'0';
                    if k <= st.held {
                        return k;
                    }
                }
                Some(_) => {}
            }
        }
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        if self.quit {
            return Action::Bank { plain: false };
        }
        let stage = st.rolled(dice);
        let o = outcome(&self.rules, *dice, st.roll == 1);
        let (points, _) = o.bank.unwrap_or_default();
        let bank_total = st.total + u32::from(points) * UNIT;
        let can_roll = st.roll < 3 && o.reroll;
        let action = {
            let mut ui = self.ui.borrow_mut();
            ui.view.dice = spaced(dice)
                .split(' ')
                .filter_map(|f| f.parse().ok())
                .collect();
            ui.view.held = vec![false; ui.view.dice.len()];
            ui.view.turn = format!("roll {} of 3 · {} set aside", st.roll, st.total);
            ui.view.keys = if can_roll {
                format!("1-6 hold · r roll on · b bank {bank_total} · h hint · t hints · ? · q")
            } else {
                format!("b bank {bank_total} (no roll left) · h hint · t hints · ? · q quit")
            };
            loop {
                match ui.ask(&mut |ui| self.refresh(ui, &stage)) {
                    None => {
                        self.quit = true;
                        return Action::Bank { plain: false };
                    }
                    Some('b') => break Action::Bank { plain: false },
                    Some('h') => ui.hints = true,
                    Some(d @ '1'..='6') => {
                        let i = usize::from(d as u8 - b'1');
                        if let Some(h) = ui.view.held.get_mut(i) {
                            *h = !*h;
                        }
                    }
                    Some('r') => {
                        let keep = Self::held_counts(&ui.view);
                        match check_keep(&self.rules, keep, &st, dice, can_roll) {
                            Ok(keep) => break Action::Keep(keep),
                            Err(why) => ui.log(format!("  {why}")),
                        }
                    }
                    Some(_) => {}
                }
            }
        };
        self.judge(&stage, action);
        action
    }
}

/// Plays one two-player game full screen on `console`: the person against the optimal bot.
pub fn play_on(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    console: &mut dyn Console,
    pace: Duration,
    record_path: Option<&std::path::Path>,
) -> Result<(Outcome, Record), Error> {
    let table = Table::two(setup.second);
    play_on_table(duel, rules, setup, table, console, pace, record_path)
}

/// [`play_on`] at a table of two to eight: the person in `table.seat` (`setup.second` is not
/// read), the heads-up bot in every other seat (for two players, the optimal bot).
pub fn play_on_table(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    table: Table,
    console: &mut dyn Console,
    pace: Duration,
    record_path: Option<&std::path::Path>,
) -> Result<(Outcome, Record), Error> {
    let names = table.names();
    let two = table.players == 2;
    let me = table.seat;
    let mut record = Record::with_players(*rules, Some(setup.seed), table.record_names());
    let rolls = Rolls::new(rules);
    let bot_error = |e: yahtzee_yahtzix::Error| Error::Game(e.to_string());
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let mut game = Game::with_players(rules, table.players);
    let title = if two {
        format!("Yahtzix to {}", rules.target)
    } else {
        format!("Yahtzix to {} · {} players", rules.target, table.players)
    };
    let ui = RefCell::new(Ui {
        console,
        view: View {
            title,
            heads_up: !two,
            ..View::default()
        },
        hints: setup.hints,
        skip: false,
        quit: false,
        pace,
    });
    let bot = HeadsUpBot::new(duel, &rolls).map_err(bot_error)?;
    let mut person = Person {
        ui: &ui,
        bot: bot.clone(),
        rules: *rules,
        game: None,
        quit: false,
        names: if two { Vec::new() } else { names.clone() },
    };
    let mut bots = vec![bot; table.players];
    let mut announced = false;
    while game.winner.is_none() {
        {
            let mut u = ui.borrow_mut();
            u.view.scores = seats(&names, &game);
            u.view.notes = notes(&game, None);
            u.view.to_move = game.to_move;
            u.view.win = (u.hints && two).then(|| win_chance(duel, &game, me));
            u.view.options.clear();
            if game.to_move != me {
                u.view.keys = if two {
                    "space: the bot's moves at once · ? keys · q quit".to_string()
                } else {
                    format!(
                        "{}'s turn · space: its moves at once · ? keys · q quit",
                        names[game.to_move]
                    )
                };
            }
            u.skip = false;
        }
        let mover = game.to_move;
        let who = names[mover].as_str();
        let mut watch = |e: Event| {
            record.observe(&e);
            let mut u = ui.borrow_mut();
            narrate(&mut u, who, e);
            if mover != me {
                u.pause();
            }
        };
        let end = if mover == me {
            play_turn_with(&mut game, &mut person, &mut rng, &mut watch)
        } else {
            play_turn_with(&mut game, &mut bots[mover], &mut rng, &mut watch)
        };
        if let Some(path) = record_path {
            crate::file::keep_for_interrupt(path, &record.to_text());
        }
        if person.quit || ui.borrow().quit {
            return Ok((Outcome::of(&game, me, true), record));
        }
        let mut u = ui.borrow_mut();
        let line = match end {
            TurnEnd::Bust => format!("{who}: nothing scores this turn"),
            TurnEnd::Banked { total, .. } => {
                format!("{who}: {total} banked, {} in all", game.scores[mover])
            }
        };
        u.log(line);
        if game.last_turn && game.winner.is_none() && !announced {
            if two {
                u.log("target reached: one last turn for the second");
            } else {
                u.log(last_turns_text(&names, &game, mover));
                announced = true;
            }
        }
    }
    let outcome = Outcome::of(&game, me, false);
    let mut u = ui.borrow_mut();
    u.view.scores = seats(&names, &game);
    u.view.notes = notes(&game, Some(&game.winners));
    u.view.dice.clear();
    u.view.options.clear();
    u.view.turn = if two {
        match outcome.person_won {
            None => "A tie.",
            Some(true) => "You win!",
            Some(false) => "The bot wins.",
        }
        .to_string()
    } else {
        let result = result_text(&names, &game, me);
        u.log(result.clone());
        match game.winners[..] {
            [_] => result,
            ref ws if ws.contains(&me) => "You share the win.".to_string(),
            _ => "A shared win.".to_string(),
        }
    };
    u.view.keys = "q quit".to_string();
    u.view.win = None;
    while u.ask(&mut |_| {}).is_some() {}
    Ok((outcome, record))
}

/// Every seat's name and score.
fn seats(names: &[String], game: &Game) -> Vec<(String, u32)> {
    names
        .iter()
        .cloned()
        .zip(game.scores.iter().copied())
        .collect()
}

/// The word beside each seat's score: who has reached the target and, once the game is
/// over (`winners`), who won.
fn notes(game: &Game, winners: Option<&[usize]>) -> Vec<String> {
    (0..game.players())
        .map(|s| match winners {
            Some([w]) if *w == s => "wins".to_string(),
            Some(ws) if ws.contains(&s) => "shares the win".to_string(),
            _ if game.scores[s] >= game.rules.target => "reached".to_string(),
            _ => String::new(),
        })
        .collect()
}

/// What happens in a turn, as the log tells it; the dice shown are those rolled.
fn narrate(ui: &mut Ui, who: &str, event: Event) {
    match event {
        Event::GoForIt { total, left } => {
            ui.log(format!("{who}: go for it, {total} on {}", dice_count(left)))
        }
        Event::Rolled { st, dice } => {
            ui.view.dice = spaced(&dice)
                .split(' ')
                .filter_map(|f| f.parse().ok())
                .collect();
            ui.view.held = vec![false; ui.view.dice.len()];
            ui.view.turn = format!("roll {} of 3 · {} set aside", st.roll, st.total);
            let verb = if who == "you" { "roll" } else { "rolls" };
            ui.log(format!("{who} {verb} {}", spaced(&dice)));
        }
        Event::Bust => ui.log("  bust!"),
        Event::Chose(Action::Keep(keep)) => {
            let verb = if who == "you" { "set" } else { "sets" };
            ui.log(format!("  {who} {verb} aside {}", spaced(&keep)));
        }
        Event::Chose(_) => {}
    }
}

/// Plays one game full screen in the terminal; returns how it ended and its record.
pub fn play(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    table: Table,
    record_path: &std::path::Path,
) -> Result<(Outcome, Record), Error> {
    screen::with_terminal(|terminal| {
        let mut tty = Tty {
            terminal,
            last: View::default(),
            palette: Palette::from_env(),
        };
        play_on_table(
            duel,
            rules,
            setup,
            table,
            &mut tty,
            Duration::from_millis(900),
            Some(record_path),
        )
    })?
}
