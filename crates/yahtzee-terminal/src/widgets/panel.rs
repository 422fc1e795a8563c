//! Where a screen puts things ([`Areas`]: the dice across the top with a panel of text to
//! their right, the card below, the keys on the last line) and the text widgets: the
//! panel, the key line, the key list over the middle, the word that the terminal is too
//! small.

use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::card::cost_text;
use super::dice::{DIE_GAP, DIE_WIDTH};
use super::palette::Palette;

/// The smallest terminal a game is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Whether `area` is too small for a game; if so, says so on the whole of it.
pub fn too_small(frame: &mut Frame, area: Rect) -> bool {
    if area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT {
        return false;
    }
    let text = format!(
        "This game needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {}×{}.\n\n\
         Make it larger and the game goes on, or press q to quit (the game is recorded), \
         or play with --plain.",
        area.width, area.height
    );
    let p = Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center);
    let [_, middle, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(6),
        Constraint::Fill(1),
    ])
    .areas(area);
    frame.render_widget(p, middle);
    true
}

/// Where a dice game's screen puts things.
pub struct Areas {
    pub dice: Rect,
    pub side: Rect,
    pub card: Rect,
    /// Between the card and the key line.
    pub below: Rect,
    pub keys: Rect,
}

impl Areas {
    /// The areas of `area` for a card of `card_rows` rows (its header included), under
    /// five rows of six dice.
    pub fn new(area: Rect, card_rows: u16) -> Areas {
        Areas::sized(area, 6, 5, card_rows)
    }

    /// The areas for `dice` dice drawn in `dice_rows` rows (more than five: a line under
    /// them) and a card of `card_rows` rows.
    pub fn sized(area: Rect, dice: u16, dice_rows: u16, card_rows: u16) -> Areas {
        use Constraint::{Fill, Length};
        let [top, card, rest] =
            Layout::vertical([Length(dice_rows), Length(card_rows), Fill(1)]).areas(area);
        let dice_width = dice * (DIE_WIDTH + DIE_GAP);
        let [dice, side] = Layout::horizontal([Length(dice_width), Fill(1)]).areas(top);
        let last = rest.height.saturating_sub(1);
        Areas {
            dice,
            side,
            card,
            below: Rect::new(rest.x, rest.y, rest.width, last),
            keys: Rect::new(rest.x, rest.y + last, rest.width, 1),
        }
    }
}

/// The panel right of the dice: a title, then lines of text (wrapped).
pub fn side(frame: &mut Frame, area: Rect, lines: Vec<Line<'static>>) {
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// A title: the game, the round, whose turn, "Game over".
pub fn title(text: impl Into<String>, palette: Palette) -> Line<'static> {
    Line::from(Span::styled(text.into(), palette.accent()))
}

/// "1 roll left", "2 rerolls left".
pub fn left(n: u8, what: &str) -> String {
    format!("{n} {what}{} left", if n == 1 { "" } else { "s" })
}

/// With hints on: what rolling with the dice held costs.
pub fn held_cost(cost: f64) -> Line<'static> {
    Line::from(format!(
        "roll with these held: {}",
        cost_text(cost).trim_start()
    ))
}

/// The keys that matter now, on the last line.
pub fn key_line(frame: &mut Frame, area: Rect, text: &str, palette: Palette) {
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(text.to_string(), palette.dim()))),
        area,
    );
}

/// A list of keys and what they do, drawn over the middle of the screen.
pub fn help(frame: &mut Frame, title: &str, keys: &[(&str, &str)], palette: Palette) {
    let area = frame.area();
    let height = (keys.len() as u16 + 4).min(area.height);
    let width = 64.min(area.width);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let mut lines: Vec<Line> = keys
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!(" {k:<14}"), palette.accent()),
                Span::raw(*what),
            ])
        })
        .collect();
    lines.push(Line::from(Span::styled(
        " any key closes this list",
        palette.dim(),
    )));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        rect,
    );
}

/// A screen in the usual layout: the dice with the panel beside them, the card, the keys.
pub struct Board {
    /// Rows of the card, its header included.
    pub card_rows: u16,
    pub dice: Vec<super::dice::DieView>,
    pub side: Vec<Line<'static>>,
    pub card: ratatui::widgets::Table<'static>,
    pub keys: &'static str,
}

impl Board {
    pub fn draw(self, frame: &mut Frame, area: Rect, palette: Palette) {
        let a = Areas::new(area, self.card_rows);
        super::dice::dice(frame, a.dice, &self.dice, palette);
        side(frame, a.side, self.side);
        frame.render_widget(self.card, a.card);
        key_line(frame, a.keys, self.keys, palette);
    }
}
