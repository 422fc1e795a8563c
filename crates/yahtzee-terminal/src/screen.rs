//! What the full-screen games share: holding the terminal (raw mode, the alternate screen)
//! and giving it back on every exit, a panic and an interrupt included; the loop that
//! draws, reads keys and runs timed steps (a bot's moves at a readable pace); and the
//! widgets of every game's screen: dice drawn large, a message when the terminal is too
//! small, the keys as a list.
//!
//! A game is a [`Game`]: it draws itself on a [`Frame`] (so tests draw it on ratatui's
//! `TestBackend`) and answers keys and ticks.

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The smallest terminal a game is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

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
}

/// Colours, or none (`NO_COLOR`): the held dice are told apart by their frame and label
/// either way, so colour only adds to what the text already says.
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
        if self.colour {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
    /// The cursor's row or die.
    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }
}

/// Takes the terminal, runs `game` until it quits, and gives the terminal back (also on a
/// panic: ratatui's hook restores it before the panic is reported).
pub fn run(game: &mut dyn Game) -> io::Result<()> {
    with_terminal(|terminal| event_loop(terminal, game))?
}

/// Takes the terminal (raw mode, the alternate screen, ratatui's panic hook), runs `f` on
/// it and gives it back, also to an interrupt handler meanwhile
/// ([`crate::file::save_on_interrupt`]).
pub fn with_terminal<T>(f: impl FnOnce(&mut ratatui::DefaultTerminal) -> T) -> io::Result<T> {
    use std::sync::atomic::Ordering;
    let mut terminal = ratatui::try_init()?;
    crate::file::FULL_SCREEN.store(true, Ordering::SeqCst);
    let result = f(&mut terminal);
    crate::file::FULL_SCREEN.store(false, Ordering::SeqCst);
    restore();
    Ok(result)
}

/// Gives the terminal back: cooked mode, the main screen, the cursor shown.
pub fn restore() {
    ratatui::restore();
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, game: &mut dyn Game) -> io::Result<()> {
    loop {
        terminal.draw(|f| game.draw(f))?;
        let wait = game
            .next_step()
            .map(|at| at.saturating_duration_since(Instant::now()))
            .unwrap_or(Duration::from_secs(3600));
        if event::poll(wait)? {
            // A resize is read here like any event: the loop then redraws at the new size.
            if let Event::Key(key) = event::read()? {
                if key.kind == KeyEventKind::Release {
                    continue;
                }
                if is_interrupt(&key) {
                    game.interrupt();
                    return Ok(());
                }
                if game.key(key) == Flow::Quit {
                    return Ok(());
                }
            }
        } else if game.next_step().is_some() && game.step() == Flow::Quit {
            return Ok(());
        }
    }
}

/// Ctrl-C (raw mode reads it as a key, not a signal).
pub fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

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

/// Where a dice game's screen puts things: the dice across the top with a panel of
/// text to their right, the card below, the keys on the last line.
pub struct Areas {
    pub dice: Rect,
    pub side: Rect,
    pub card: Rect,
    pub keys: Rect,
}

impl Areas {
    /// The areas of `area` for a card of `card_rows` rows (its header included).
    pub fn new(area: Rect, card_rows: u16) -> Areas {
        let [top, card, rest] = Layout::vertical([
            Constraint::Length(5),
            Constraint::Length(card_rows),
            Constraint::Fill(1),
        ])
        .areas(area);
        let dice_width = 6 * (DIE_WIDTH + DIE_GAP);
        let [dice, side] =
            Layout::horizontal([Constraint::Length(dice_width), Constraint::Fill(1)]).areas(top);
        let keys = Rect::new(
            rest.x,
            rest.y + rest.height.saturating_sub(1),
            rest.width,
            1,
        );
        Areas {
            dice,
            side,
            card,
            keys,
        }
    }
}

/// The panel right of the dice: a title, then lines of text (wrapped).
pub fn side(frame: &mut Frame, area: Rect, lines: Vec<Line<'static>>) {
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// The keys that matter now, on the last line.
pub fn key_line(frame: &mut Frame, area: Rect, text: &'static str, palette: Palette) {
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(text, palette.dim()))),
        area,
    );
}

/// A cost as a card shows it, six columns: "best", or the expected points lost.
pub fn cost_text(cost: f64) -> String {
    if cost <= 1e-9 {
        "  best".to_string()
    } else {
        format!("{:>6}", format!("-{cost:.2}"))
    }
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

/// Width of a die drawn by [`dice`], its frame included, and the gap after it.
pub const DIE_WIDTH: u16 = 7;
pub const DIE_GAP: u16 = 1;

/// One die as it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DieView {
    pub face: u8,
    /// Kept for the next roll: a heavy frame, "held" under it, the held colour.
    pub held: bool,
    /// The die the arrow keys are on.
    pub cursor: bool,
    /// Suggested by a hint: a dashed frame where not held.
    pub suggested: bool,
}

/// Dice drawn large, five rows high, each numbered (the key that holds it) in its frame's
/// top and marked "held" in its bottom.
pub fn dice(frame: &mut Frame, area: Rect, dice: &[DieView], palette: Palette) {
    for (i, d) in dice.iter().enumerate() {
        let x = area.x + i as u16 * (DIE_WIDTH + DIE_GAP);
        if x + DIE_WIDTH > area.x + area.width {
            break;
        }
        let rect = Rect::new(x, area.y, DIE_WIDTH, area.height.min(5));
        let mut style = if d.held {
            palette.held()
        } else {
            Style::default()
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

/// A key's character, lowercased, when it is a plain key (no Ctrl or Alt).
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
