//! Where the Yahtzix screen is drawn and its keys come from ([`Console`]): the terminal,
//! or a script drawn on any backend in the tests ([`Scripted`]).

use std::collections::VecDeque;
use std::time::Duration;

use ratatui::backend::Backend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

use super::view::{draw, View};
use crate::screen::{next_input, Input, Palette};

/// Where the screen is drawn and the keys come from.
pub trait Console {
    /// Draws `view`.
    fn show(&mut self, view: &View);
    /// The next key, waiting at most `wait` (forever: `None`); `None` when none came.
    fn key(&mut self, wait: Option<Duration>) -> Option<KeyEvent>;
}

/// The terminal (held by [`super::play`]), with the last screen drawn for a resize.
pub(super) struct Tty<'t> {
    terminal: &'t mut ratatui::DefaultTerminal,
    last: View,
    palette: Palette,
}

impl<'t> Tty<'t> {
    pub(super) fn new(terminal: &'t mut ratatui::DefaultTerminal) -> Tty<'t> {
        Tty {
            terminal,
            last: View::default(),
            palette: Palette::from_env(),
        }
    }
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
            match next_input(left.unwrap_or(Duration::from_secs(3600))).ok()? {
                Input::Key(k) => return Some(k),
                Input::Timeout if deadline.is_some() => return None,
                Input::Resize => {
                    let view = self.last.clone();
                    self.show(&view);
                }
                Input::Timeout | Input::Other => {}
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
