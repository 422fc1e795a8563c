//! `yahtzee yahtzix play` full screen: the layout and widgets of `yahtzee play`
//! ([`crate::widgets`]) over a Yahtzix race: the dice drawn large (held ones marked), every
//! seat's score and the target (two players beside the dice; three to eight in a table
//! above the game's log, with who has reached the target and, at the end, who won), the
//! turn so far and, with hints on, every option with the chance to win it leaves (at a
//! table of three or more, the heads-up strategy's); the bots' turns told step by step.
//!
//! The game's turn loop (`yahtzee_yahtzix::sim::play_turn_with`) asks its players in turn,
//! so the person here is a [`Player`] that draws and waits for keys when asked: the game
//! drives, not the event loop of [`crate::screen`], but the keys are read the same way
//! ([`crate::screen::next_input`]) and the shared keys answered alike
//! ([`crate::widgets::chrome::shared_key`]). What it draws on and reads keys from is a
//! [`Console`]: the terminal, or a script in the tests.

use std::cell::RefCell;
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::party::HeadsUpBot;
use yahtzee_yahtzix::position::{spaced, Action, Stage};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::score::Counts;
use yahtzee_yahtzix::sim::{play_turn_with, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use super::{
    check_keep, dice_count, last_turns_text, pct, result_text, win_chance, Outcome, Roll, Seat,
    Setup, Table,
};
use crate::widgets::chrome::{is_interrupt, plain_char, shared_key, Shared};
use crate::Error;

mod console;
mod view;

use console::Tty;
pub use console::{Console, Scripted};
pub use view::{draw, View};

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
            match shared_key(&key, &mut self.view.help, &mut self.hints) {
                Shared::Quit => return None,
                Shared::Game => {
                    if let Some(c) = plain_char(&key) {
                        return Some(c);
                    }
                }
                Shared::Taken | Shared::Hints => {}
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
            self.quit |= is_interrupt(&key) || plain_char(&key) == Some('q');
        }
    }
}

/// The person, asked through the screen.
struct Person<'a, 'c> {
    ui: &'a RefCell<Ui<'c>>,
    seat: Seat<'a>,
}

impl Person<'_, '_> {
    /// Shows the options of `stage` (with hints on) before a question.
    fn refresh(&self, ui: &mut Ui, stage: &Stage) {
        let advice = if ui.hints {
            self.seat.advice(stage)
        } else {
            None
        };
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
        if let Some((best, best_win, my_win)) = self.seat.missed(stage, action) {
            ui.log(format!(
                "  best: {best} ({} vs {})",
                pct(best_win),
                pct(my_win)
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
        let Some((total, left, stage)) = self.seat.begin(game) else {
            return false;
        };
        let answer = {
            let mut ui = self.ui.borrow_mut();
            ui.view.dice.clear();
            ui.view.turn = match self.seat.offered_by(game) {
                None => format!("offer: {total} on {}", dice_count(left)),
                Some(who) => format!("{who}'s offer: {total} on {}", dice_count(left)),
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
                self.seat.quit = true;
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
        if self.seat.quit || !self.seat.near() || st.held == 1 {
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
                    self.seat.quit = true;
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
        if self.seat.quit {
            return Action::Bank { plain: false };
        }
        let Roll {
            stage,
            bank_total,
            can_roll,
            ..
        } = Roll::of(&self.seat.rules, &st, dice);
        let action = {
            let mut ui = self.ui.borrow_mut();
            ui.view.show_roll(&st, dice);
            ui.view.keys = if can_roll {
                format!("1-6 hold · r roll on · b bank {bank_total} · h hint · t hints · ? · q")
            } else {
                format!("b bank {bank_total} (no roll left) · h hint · t hints · ? · q quit")
            };
            loop {
                match ui.ask(&mut |ui| self.refresh(ui, &stage)) {
                    None => {
                        self.seat.quit = true;
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
                        match check_keep(&self.seat.rules, keep, &st, dice, can_roll) {
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
        seat: Seat::new(
            bot.clone(),
            *rules,
            if two { Vec::new() } else { names.clone() },
        ),
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
        if person.seat.quit || ui.borrow().quit {
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
        outcome.two_player_result().to_string()
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
            ui.view.show_roll(&st, &dice);
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
    crate::terminal::with_terminal(|terminal| {
        let mut tty = Tty::new(terminal);
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
