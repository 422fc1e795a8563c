//! Dice drawn large, five rows high, each numbered in its frame's top (the key that holds
//! it) and marked "held" in its bottom; and [`Holds`], the dice a person holds and the die
//! the arrow keys are on.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};
use ratatui::Frame;

use super::chrome::plain_char;
use super::palette::Palette;

/// Width of a die drawn by [`dice`], its frame included, and the gap after it.
pub const DIE_WIDTH: u16 = 7;
pub const DIE_GAP: u16 = 1;

/// One die as it is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DieView {
    pub face: u8,
    /// Kept for the next roll: a heavy frame, "held" under it, the held colour (or bold
    /// in the die's own colour).
    pub held: bool,
    /// The die the arrow keys are on.
    pub cursor: bool,
    /// Suggested by a hint: a dashed frame where not held.
    pub suggested: bool,
    /// The die's own colour (a painted die), instead of the held colour.
    pub colour: Option<Style>,
}

/// The pips of a face, three rows of a die drawn five columns wide inside its frame.
pub fn pips(face: u8) -> [&'static str; 3] {
    match face {
        1 => ["     ", "  ●  ", "     "],
        2 => ["●    ", "     ", "    ●"],
        3 => ["●    ", "  ●  ", "    ●"],
        4 => ["●   ●", "     ", "●   ●"],
        5 => ["●   ●", "  ●  ", "●   ●"],
        _ => ["●   ●", "●   ●", "●   ●"],
    }
}

/// The column where die `i` of a row starting at `x` is drawn.
pub fn die_x(x: u16, i: usize) -> u16 {
    x + i as u16 * (DIE_WIDTH + DIE_GAP)
}

/// Dice drawn large across `area`, as many as fit.
pub fn dice(frame: &mut Frame, area: Rect, dice: &[DieView], palette: Palette) {
    for (i, d) in dice.iter().enumerate() {
        let x = die_x(area.x, i);
        if x + DIE_WIDTH > area.x + area.width {
            break;
        }
        let rect = Rect::new(x, area.y, DIE_WIDTH, area.height.min(5));
        let mut style = match (d.colour, d.held) {
            (Some(own), true) => own.add_modifier(Modifier::BOLD),
            (Some(own), false) => own,
            (None, true) => palette.held(),
            (None, false) => Style::default(),
        };
        if d.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let border = match (d.held, d.suggested) {
            (true, _) => BorderType::Thick,
            (false, true) => BorderType::LightDoubleDashed,
            _ => BorderType::Rounded,
        };
        let mut block = Block::default()
            .borders(Borders::ALL)
            .border_type(border)
            .border_style(style)
            .title_top(Line::from(format!("{}", i + 1)).alignment(Alignment::Center));
        if d.held {
            block = block.title_bottom(Line::from("held").alignment(Alignment::Center));
        }
        let lines: Vec<Line> = pips(d.face)
            .iter()
            .map(|row| Line::from(Span::styled(*row, style)))
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), rect);
    }
}

/// Marks in `faces` the dice of `keep` (faces, in any order): each face of the keep marks
/// one die showing it, the first not marked yet.
pub fn mark(faces: &[u8], keep: &[u8]) -> Vec<bool> {
    let mut left = keep.to_vec();
    faces
        .iter()
        .map(|f| match left.iter().position(|k| k == f) {
            Some(j) => {
                left.swap_remove(j);
                true
            }
            None => false,
        })
        .collect()
}

/// A key of a turn, as [`Holds::turn_key`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnKey {
    /// A key of the dice, answered.
    Dice,
    /// ↑ or ↓: to the next open box up or down the card.
    Move { down: bool },
    /// Enter: fill the box under the cursor.
    Fill,
    /// A plain character: a command or a box's key.
    Letter(char),
    /// Anything else.
    Other,
}

/// The dice a person holds, and the die the arrow keys are on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holds {
    pub held: Vec<bool>,
    pub cursor: usize,
}

impl Holds {
    /// After a roll of `n` dice: none held, the cursor still on a die.
    pub fn reset(&mut self, n: usize) {
        self.held = vec![false; n];
        self.cursor = self.cursor.min(n.saturating_sub(1));
    }

    /// Holds or releases die `i` (none past the dice), the cursor following it.
    pub fn toggle(&mut self, i: usize) {
        if let Some(h) = self.held.get_mut(i) {
            *h = !*h;
            self.cursor = i;
        }
    }

    pub fn is_held(&self, i: usize) -> bool {
        self.held.get(i).copied().unwrap_or(false)
    }

    /// Every die is held: rolling stops, a box comes next.
    pub fn all(&self) -> bool {
        self.held.iter().all(|&h| h)
    }

    /// The faces held of `faces` (the dice showing, in the order drawn).
    pub fn kept(&self, faces: &[u8]) -> Vec<u8> {
        faces
            .iter()
            .zip(&self.held)
            .filter(|(_, h)| **h)
            .map(|(&f, _)| f)
            .collect()
    }

    /// A key of a turn: the dice's keys are answered here ([`Holds::key`]), the card's
    /// (↑ ↓ along the open boxes, enter to fill one) and the letters are the game's.
    pub fn turn_key(&mut self, key: &KeyEvent) -> TurnKey {
        if self.key(key) {
            return TurnKey::Dice;
        }
        match key.code {
            KeyCode::Up => TurnKey::Move { down: false },
            KeyCode::Down => TurnKey::Move { down: true },
            KeyCode::Enter => TurnKey::Fill,
            _ => plain_char(key).map_or(TurnKey::Other, TurnKey::Letter),
        }
    }

    /// The dice's keys: ← → move along them, space holds the one under the cursor, 1-6
    /// hold that one. Whether `key` was one of them.
    pub fn key(&mut self, key: &KeyEvent) -> bool {
        let n = self.held.len().max(1);
        match key.code {
            KeyCode::Left => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Right => self.cursor = (self.cursor + 1) % n,
            _ => match plain_char(key) {
                Some(' ') => self.toggle(self.cursor),
                Some(d @ '1'..='6') => self.toggle(d as usize - '1' as usize),
                _ => return false,
            },
        }
        true
    }

    /// The dice drawn: `faces` with what is held, the cursor where `cursor` (a person
    /// deciding), dashed where `suggested`.
    pub fn views(&self, faces: &[u8], cursor: bool, suggested: &[bool]) -> Vec<DieView> {
        faces
            .iter()
            .enumerate()
            .map(|(i, &face)| DieView {
                face,
                held: self.is_held(i),
                cursor: cursor && i == self.cursor,
                suggested: suggested.get(i).copied().unwrap_or(false),
                colour: None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn a_keep_marks_one_die_per_face_the_first_ones_first() {
        assert_eq!(
            mark(&[1, 2, 2, 5, 2], &[2, 2]),
            [false, true, true, false, false]
        );
        assert_eq!(mark(&[3, 3], &[]), [false, false]);
    }

    #[test]
    fn the_dice_keys_hold_move_and_pass_the_rest_on() {
        let mut h = Holds::default();
        h.reset(5);
        assert!(h.key(&key(KeyCode::Char('3'))));
        assert_eq!((h.kept(&[1, 2, 3, 4, 5]), h.cursor), (vec![3], 2));
        assert!(h.key(&key(KeyCode::Left)) && h.key(&key(KeyCode::Char(' '))));
        assert_eq!(h.kept(&[1, 2, 3, 4, 5]), [2, 3]);
        assert_eq!(h.turn_key(&key(KeyCode::Char('r'))), TurnKey::Letter('r'));
        assert_eq!(
            h.turn_key(&key(KeyCode::Down)),
            TurnKey::Move { down: true }
        );
        assert_eq!(h.turn_key(&key(KeyCode::Enter)), TurnKey::Fill);
        assert!(!h.all());
    }
}
