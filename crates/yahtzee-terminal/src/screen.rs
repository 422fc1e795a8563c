//! The one event loop of the full-screen games: draw, wait for a key or a timed step (a
//! bot's move at a readable pace), hand it to the game, draw again; the terminal held
//! while it runs ([`crate::terminal`]).
//!
//! A game is a [`Game`]: it draws itself on a [`Frame`] (so tests draw it on ratatui's
//! `TestBackend`) and answers keys and ticks. Most games are a [`Play`]: they draw their
//! part of the screen and answer their own keys, and the shared part (the key list, `q`,
//! `?`, `t`, a terminal too small, Ctrl-C) is written here once.

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::Frame;

use crate::widgets::chrome::{is_interrupt, Chrome, Shared};
use crate::widgets::panel::{help, too_small};

pub use crate::widgets::palette::Palette;

/// What a game does after a key or a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A full-screen game.
pub trait Game {
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Answers a key.
    fn key(&mut self, key: KeyEvent) -> Flow;
    /// When the next timed step is due (a bot's move), if one is waiting.
    fn next_step(&self) -> Option<Instant>;
    /// Runs the timed step that is due.
    fn step(&mut self) -> Flow;
    /// Ctrl-C: stop the game, its record saved. The loop quits after it.
    fn interrupt(&mut self);
    /// Draws in colour or not.
    fn set_palette(&mut self, palette: Palette);
    /// Colour or none (tests draw without).
    fn with_palette(mut self, palette: Palette) -> Self
    where
        Self: Sized,
    {
        self.set_palette(palette);
        self
    }
}

/// What a game provides to be played on the shared screen; every `Play` is a [`Game`].
pub trait Play {
    /// The shared state: hints, the key list, the messages, the colours.
    fn chrome(&self) -> &Chrome;
    fn chrome_mut(&mut self) -> &mut Chrome;
    /// Draws the game on `area` (80×24 or more).
    fn draw_game(&self, frame: &mut Frame, area: Rect);
    /// A key that is not a shared one, while the game goes on.
    fn game_key(&mut self, key: KeyEvent);
    /// `q` or Ctrl-C: the game stops, its record written (nothing if it is over).
    fn stop(&mut self);
    /// The game is over (or stopped): only the shared keys are answered.
    fn over(&self) -> bool;
    /// When the next timed step is due (a bot's move), if one is waiting.
    fn next_step(&self) -> Option<Instant> {
        None
    }
    /// Runs the timed step that is due.
    fn step(&mut self) -> Flow {
        Flow::Continue
    }
}

impl<P: Play> Game for P {
    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if too_small(frame, area) {
            return;
        }
        self.draw_game(frame, area);
        let chrome = self.chrome();
        if chrome.help {
            help(frame, "keys", chrome.keys, chrome.palette);
        }
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        match self.chrome_mut().key(&key) {
            Shared::Quit => {
                self.stop();
                Flow::Quit
            }
            Shared::Game if !self.over() => {
                self.game_key(key);
                Flow::Continue
            }
            _ => Flow::Continue,
        }
    }

    fn next_step(&self) -> Option<Instant> {
        Play::next_step(self)
    }

    fn step(&mut self) -> Flow {
        Play::step(self)
    }

    fn interrupt(&mut self) {
        self.stop();
    }

    fn set_palette(&mut self, palette: Palette) {
        self.chrome_mut().palette = palette;
    }
}

/// The accessors of a [`Play`] whose [`Chrome`] is its field `chrome`.
macro_rules! chrome_field {
    () => {
        fn chrome(&self) -> &$crate::widgets::chrome::Chrome {
            &self.chrome
        }

        fn chrome_mut(&mut self) -> &mut $crate::widgets::chrome::Chrome {
            &mut self.chrome
        }
    };
}
pub(crate) use chrome_field;

/// Takes the terminal, runs `game` until it quits, and gives the terminal back (also on a
/// panic: ratatui's hook restores it before the panic is reported).
pub fn run(game: &mut dyn Game) -> io::Result<()> {
    crate::terminal::with_terminal(|terminal| event_loop(terminal, game))?
}

/// What the terminal said.
pub enum Input {
    /// A key pressed (or repeated; releases are passed over).
    Key(KeyEvent),
    /// The terminal changed size: draw again.
    Resize,
    /// Anything else (a release, the mouse, the focus).
    Other,
    /// Nothing within the wait.
    Timeout,
}

/// The next thing the terminal says, waiting at most `wait`.
pub fn next_input(wait: Duration) -> io::Result<Input> {
    if !event::poll(wait)? {
        return Ok(Input::Timeout);
    }
    Ok(match event::read()? {
        Event::Key(key) if key.kind != KeyEventKind::Release => Input::Key(key),
        Event::Resize(..) => Input::Resize,
        _ => Input::Other,
    })
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, game: &mut dyn Game) -> io::Result<()> {
    loop {
        terminal.draw(|f| game.draw(f))?;
        let wait = game
            .next_step()
            .map(|at| at.saturating_duration_since(Instant::now()))
            .unwrap_or(Duration::from_secs(3600));
        match next_input(wait)? {
            Input::Key(key) if is_interrupt(&key) => {
                game.interrupt();
                return Ok(());
            }
            Input::Key(key) => {
                if game.key(key) == Flow::Quit {
                    return Ok(());
                }
            }
            // A resize is read like any event: the loop then draws at the new size.
            Input::Resize | Input::Other => {}
            Input::Timeout => {
                if game.next_step().is_some() && game.step() == Flow::Quit {
                    return Ok(());
                }
            }
        }
    }
}
