//! What the Yahtzix screen shows ([`View`]) and how it is drawn ([`draw`]): the dice, the
//! race (two players beside the dice; more in a table above the log), the options with
//! their chances, what happened, the keys.

use ratatui::layout::{Constraint, Layout};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use yahtzee_yahtzix::position::spaced;
use yahtzee_yahtzix::score::Counts;
use yahtzee_yahtzix::sim::TurnState;

use crate::screen::Palette;
use crate::widgets::dice::{dice, DieView};
use crate::widgets::panel::{help, key_line, side, too_small, Areas};
use crate::yahtzix::pct;

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

impl View {
    /// A roll: its dice showing, none held, the turn so far.
    pub(super) fn show_roll(&mut self, st: &TurnState, dice: &Counts) {
        self.dice = spaced(dice)
            .split(' ')
            .filter_map(|f| f.parse().ok())
            .collect();
        self.held = vec![false; self.dice.len()];
        self.turn = format!("roll {} of 3 · {} set aside", st.roll, st.total);
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
    if too_small(frame, area) {
        return;
    }
    let a = Areas::new(area, area.height.saturating_sub(7));
    let views: Vec<DieView> = view
        .dice
        .iter()
        .enumerate()
        .map(|(i, &face)| DieView {
            face,
            held: view.held.get(i).copied().unwrap_or(false),
            ..DieView::default()
        })
        .collect();
    dice(frame, a.dice, &views, palette);
    let mut lines = vec![Line::from(Span::styled(
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
        lines.append(&mut seats);
    }
    lines.push(Line::from(view.turn.clone()));
    if let Some(w) = view.win {
        let what = if view.heads_up {
            "heads-up chance"
        } else {
            "your chance to win"
        };
        lines.push(Line::from(format!("{what}: {}", pct(w))));
    }
    side(frame, a.side, lines);
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
    key_line(frame, a.keys, &view.keys, palette);
    if view.help {
        help(frame, "keys", KEYS, palette);
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
