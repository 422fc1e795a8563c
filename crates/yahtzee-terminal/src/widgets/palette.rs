//! The screens' colours, or none (`NO_COLOR`): what a colour says, the text says too (held
//! dice by their frame and label, a painted die by its letter), so colour only adds.

use ratatui::style::{Color, Modifier, Style};

/// Colours, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub colour: bool,
}

impl Palette {
    /// Colour unless `NO_COLOR` is set to anything non-empty (no-color.org).
    pub fn from_env() -> Palette {
        Palette {
            colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn paint(&self, colour: Color) -> Style {
        if self.colour {
            Style::default().fg(colour)
        } else {
            Style::default()
        }
    }

    /// Held dice, the chosen box.
    pub fn held(&self) -> Style {
        self.paint(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    /// Titles and the player to play.
    pub fn accent(&self) -> Style {
        self.paint(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// Optimal choices.
    pub fn good(&self) -> Style {
        self.paint(Color::Green)
    }
    /// Costly choices and errors.
    pub fn bad(&self) -> Style {
        self.paint(Color::Red)
    }
    /// What matters less: filled boxes' labels, the key line.
    pub fn dim(&self) -> Style {
        self.paint(Color::DarkGray)
    }
    /// The cursor's row or die.
    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }
    /// A die's or a box's own colour, bold (none without colour: its letter tells).
    pub fn own(&self, colour: Color) -> Style {
        if self.colour {
            Style::default().fg(colour).add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        }
    }
}
