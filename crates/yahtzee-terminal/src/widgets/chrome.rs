//! What every screen keeps beside its game, and the keys every screen answers alike: any
//! key closes the key list, `q` and Ctrl-C quit, `?` opens the key list, `t` turns the
//! hints on and off. A game sees only the keys left over.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::palette::Palette;

/// A key's character when it is a plain key (no Ctrl or Alt).
pub fn plain_char(key: &KeyEvent) -> Option<char> {
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    {
        return None;
    }
    match key.code {
        KeyCode::Char(c) => Some(c),
        _ => None,
    }
}

/// Ctrl-C (raw mode reads it as a key, not a signal).
pub fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

/// What the shared keys did with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// Taken (the key list opened or closed).
    Taken,
    /// `q` or Ctrl-C: the game stops.
    Quit,
    /// `t`: the hints were turned on or off.
    Hints,
    /// Not a shared key: the game's.
    Game,
}

/// Answers the shared keys, with the key list open (`help`) and the hints on (`hints`).
pub fn shared_key(key: &KeyEvent, help: &mut bool, hints: &mut bool) -> Shared {
    if *help {
        *help = false;
        return Shared::Taken;
    }
    if is_interrupt(key) {
        return Shared::Quit;
    }
    match plain_char(key) {
        Some('q') => Shared::Quit,
        Some('?') => {
            *help = true;
            Shared::Taken
        }
        Some('t') => {
            *hints = !*hints;
            Shared::Hints
        }
        _ => Shared::Game,
    }
}

/// What just happened, the latest last: a verdict, a move, an error.
#[derive(Clone, Debug, Default)]
pub struct Messages(pub Vec<(String, Style)>);

impl Messages {
    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn push(&mut self, text: impl Into<String>, style: Style) {
        self.0.push((text.into(), style));
    }

    /// The latest `room` messages as lines, oldest first.
    pub fn tail(&self, room: usize) -> Vec<Line<'static>> {
        let skip = self.0.len().saturating_sub(room);
        self.0[skip..]
            .iter()
            .map(|(t, s)| Line::from(Span::styled(t.clone(), *s)))
            .collect()
    }
}

/// What a screen keeps beside its game.
#[derive(Clone, Debug)]
pub struct Chrome {
    pub palette: Palette,
    /// Hints on: the costs, the verdicts, the suggested dice.
    pub hints: bool,
    /// The key list is open.
    pub help: bool,
    /// The keys the key list shows, and what each does.
    pub keys: &'static [(&'static str, &'static str)],
    pub message: Messages,
}

impl Chrome {
    /// Colour unless `NO_COLOR`, the key list (of `keys`) closed, no messages.
    pub fn new(hints: bool, keys: &'static [(&'static str, &'static str)]) -> Chrome {
        Chrome {
            palette: Palette::from_env(),
            hints,
            help: false,
            keys,
            message: Messages::default(),
        }
    }

    /// Adds a message.
    pub fn say(&mut self, text: impl Into<String>, style: Style) {
        self.message.push(text, style);
    }

    /// Adds a plain message.
    pub fn note(&mut self, text: impl Into<String>) {
        self.message.push(text, Style::default());
    }

    /// Adds an error or a refusal.
    pub fn refuse(&mut self, text: impl Into<String>) {
        let style = self.palette.bad();
        self.message.push(text, style);
    }

    /// With hints on, says what a choice cost against the best one (`best`), or that it
    /// was optimal.
    pub fn judge(&mut self, cost: f64, best: &str) {
        if !self.hints {
            return;
        }
        if cost > 1e-9 {
            self.refuse(format!("cost {cost:.2}: best was {best}"));
        } else {
            let style = self.palette.good();
            self.say("optimal", style);
        }
    }

    /// `u`: the last decision kept in `undo`, or a refusal when there is none.
    pub fn take_back<T>(&mut self, undo: &mut Vec<T>) -> Option<T> {
        self.message.clear();
        let last = undo.pop();
        if last.is_none() {
            self.refuse("nothing to take back");
        }
        last
    }

    /// The shared keys ([`shared_key`]); `t` says whether the hints are now on.
    pub fn key(&mut self, key: &KeyEvent) -> Shared {
        let shared = shared_key(key, &mut self.help, &mut self.hints);
        if shared == Shared::Hints {
            self.message.clear();
            self.note(if self.hints { "hints on" } else { "hints off" });
        }
        shared
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), modifiers)
    }

    #[test]
    fn the_shared_keys_close_the_list_first_then_quit_list_and_hint() {
        let (mut help, mut hints) = (true, false);
        let plain = KeyModifiers::NONE;
        let ctrl_c = key('c', KeyModifiers::CONTROL);
        assert_eq!(shared_key(&ctrl_c, &mut help, &mut hints), Shared::Taken);
        assert!(!help);
        assert_eq!(shared_key(&ctrl_c, &mut help, &mut hints), Shared::Quit);
        assert_eq!(
            shared_key(&key('q', plain), &mut help, &mut hints),
            Shared::Quit
        );
        assert_eq!(
            shared_key(&key('?', plain), &mut help, &mut hints),
            Shared::Taken
        );
        assert!(help);
        help = false;
        assert_eq!(
            shared_key(&key('t', plain), &mut help, &mut hints),
            Shared::Hints
        );
        assert!(hints);
        assert_eq!(
            shared_key(&key('r', plain), &mut help, &mut hints),
            Shared::Game
        );
    }

    #[test]
    fn take_back_with_nothing_to_take_back_says_so() {
        let mut chrome = Chrome::new(true, &[]);
        let mut undo: Vec<u8> = vec![1];
        assert_eq!(chrome.take_back(&mut undo), Some(1));
        assert_eq!(chrome.take_back(&mut undo), None);
        assert_eq!(chrome.message.0.len(), 1);
        assert_eq!(
            chrome.message.tail(3)[0].to_string(),
            "nothing to take back"
        );
    }
}
