//! `yahtzee train` full screen: the puzzle's title, the dice drawn large, the card with
//! what the dice would score in each open box; the dice held with `1`-`5` and rolled with
//! `r`, a box chosen by its letter (or ↑ ↓ and enter), the mulligan and chance-chance where
//! the house rules offer them. Then the answer, as the line mode says it, with each box's
//! loss on the card and the best keep dashed on the dice; enter for the next puzzle.
//!
//! The options are listed in the card's order and the ranking is shown only once the
//! player has chosen. Each answer is recorded in the player's [`Progress`] (saved by the
//! caller); a test answered to the end is scored beside the reference players.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Cell, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_engine::train::Puzzle;
use yahtzee_rules::{Category, Scorecard};

use super::progress::Progress;
use super::{answer_lines, box_option, card_of, chance_chance_option, keep_option};
use super::{score_lines, test_score, title, Session};
use crate::screen::{self, Play};
use crate::widgets::card::{box_key, box_of_key, cost_text, grid, next_open, row_style};
use crate::widgets::card::{summary_row, upper_bonus};
use crate::widgets::chrome::{plain_char, Chrome};
use crate::widgets::dice::{dice, mark, Holds, TurnKey};
use crate::widgets::panel::{key_line, left, side, title as heading, Areas};

/// The keys, as `?` lists them.
const KEYS: &[(&str, &str)] = &[
    ("1-5", "hold or release that die (1-6 with six dice)"),
    ("← → space", "move along the dice, hold or release"),
    ("r", "keep the dice held and roll the others"),
    ("a b d …", "choose the box with that letter"),
    ("↑ ↓ enter", "move along the open boxes, choose one"),
    ("m", "spend the mulligan, keeping the dice held"),
    ("c", "chance-chance: reroll all five into Chance"),
    ("enter space n", "after the answer: the next puzzle"),
    ("q", "quit; your progress is saved (Ctrl-C too)"),
];

/// Columns the card takes: the key, the box, the dice's score, the card's, the loss.
const CARD_WIDTH: u16 = 36;

/// What the screen waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The player's choice.
    Ask,
    /// The answer to the option chosen is shown.
    Answered(usize),
    /// Every puzzle answered, or the session stopped: the summary.
    Over,
}

/// A trainer's session full screen.
pub struct Screen<'a> {
    session: Session,
    puzzles: &'a [Puzzle],
    progress: &'a mut Progress,
    /// The puzzles not shown yet (indexes into `puzzles`), in the set's order.
    left: Vec<usize>,
    /// The puzzle shown, and its card.
    at: usize,
    card: Scorecard,
    /// What the dice showing would score in each box (where a box may take them).
    now: Vec<Option<u32>>,
    /// The loss of each answer, in the order answered.
    losses: Vec<f64>,
    phase: Phase,
    holds: Holds,
    /// The box the arrow keys are on (index into the rule set's boxes).
    box_cursor: usize,
    chrome: Chrome,
}

impl<'a> Screen<'a> {
    /// A session of `puzzles`, its answers recorded in `progress`, on its first puzzle.
    pub fn new(session: Session, puzzles: &'a [Puzzle], progress: &'a mut Progress) -> Self {
        let first = puzzles.first().expect("a session has puzzles");
        let mut s = Screen {
            session,
            puzzles,
            progress,
            left: (0..puzzles.len()).collect(),
            at: 0,
            card: card_of(first),
            now: Vec::new(),
            losses: Vec::new(),
            phase: Phase::Over,
            holds: Holds::default(),
            box_cursor: 0,
            chrome: Chrome::new(false, KEYS),
        };
        s.next();
        s
    }

    /// The puzzle shown.
    pub fn puzzle(&self) -> &'a Puzzle {
        &self.puzzles[self.at]
    }

    /// The loss of each answer so far.
    pub fn losses(&self) -> &[f64] {
        &self.losses
    }

    /// Every puzzle answered, or the session stopped.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// What the session came to: the test's score beside the reference players', or the
    /// puzzles answered and the mean loss.
    pub fn summary(&self) -> Vec<String> {
        let (n, of) = (self.losses.len(), self.puzzles.len());
        if let Some(mean) = test_score(self.session, self.puzzles, &self.losses) {
            return score_lines(self.puzzles, mean);
        }
        if n == 0 {
            return vec!["No puzzle answered.".into()];
        }
        let mean = self.losses.iter().sum::<f64>() / n as f64;
        let mut lines = vec![format!(
            "{n} of {of} puzzles answered: {mean:.2} points lost per decision."
        )];
        if self.session == Session::Test {
            lines.push("A test is scored once every puzzle is answered.".into());
        }
        lines
    }

    /// The next puzzle (practice: of the theme missed most), or the summary.
    fn next(&mut self) {
        self.chrome.message.clear();
        if self.left.is_empty() {
            self.phase = Phase::Over;
            return;
        }
        let at = match self.session {
            Session::Practice => {
                let left: Vec<&Puzzle> = self.left.iter().map(|&i| &self.puzzles[i]).collect();
                self.progress.next_of(&left)
            }
            Session::Daily | Session::Test => 0,
        };
        self.at = self.left.remove(at);
        self.card = card_of(self.puzzle());
        self.now = self.box_scores();
        self.holds.reset(self.puzzle().report.dice.len());
        self.phase = Phase::Ask;
        let open = |b| self.box_option(b).is_some();
        let boxes = self.boxes().len();
        self.box_cursor = (0..boxes).find(|&b| open(b)).unwrap_or(0);
    }

    /// What the dice would score in each box: the box's option, else (rolls left) what
    /// filling the box would write.
    fn box_scores(&self) -> Vec<Option<u32>> {
        let p = self.puzzle();
        let mut now: Vec<Option<u32>> = (0..self.boxes().len())
            .map(|b| self.box_option(b).and_then(|i| p.report.options[i].score))
            .collect();
        let dice = p.dice();
        if dice.len() == 5 {
            let rules = self.card.rules();
            rules.for_each_move(self.card.state(), &dice, |m| {
                now[m.box_index].get_or_insert(m.score);
            });
        }
        now
    }

    fn boxes(&self) -> &'static [Category] {
        self.card.rules().boxes
    }

    /// The option filling box `b`, while it is open.
    fn box_option(&self, b: usize) -> Option<usize> {
        box_option(self.puzzle(), *self.boxes().get(b)?)
    }

    fn has_box_options(&self) -> bool {
        self.puzzle()
            .report
            .options
            .iter()
            .any(|o| o.category.is_some())
    }

    fn has_mulligan(&self) -> bool {
        self.puzzle().report.options.iter().any(|o| o.mulligan)
    }

    /// Option `i` chosen: recorded, and a test answered to the end scored.
    fn choose(&mut self, i: usize) {
        let p = self.puzzle();
        let loss = p.report.options[i].loss;
        self.progress.record(p.theme, loss);
        self.losses.push(loss);
        if let Some(mean) = test_score(self.session, self.puzzles, &self.losses) {
            self.progress.record_test(mean);
        }
        self.chrome.message.clear();
        self.phase = Phase::Answered(i);
    }

    /// `r` (or `m`, the mulligan): keep the dice held and roll the others.
    fn keep(&mut self, mulligan: bool) {
        self.chrome.message.clear();
        let p = self.puzzle();
        if mulligan && !self.has_mulligan() {
            return self.chrome.refuse("no mulligan here");
        }
        if !mulligan && p.report.rolls_left == 0 {
            return self.chrome.refuse(if self.has_mulligan() {
                "no rolls left: choose a box, or m to spend the mulligan"
            } else {
                "no rolls left: choose a box"
            });
        }
        let mut kept = self.holds.kept(&p.report.dice);
        kept.sort_unstable();
        match keep_option(p, &kept, mulligan) {
            Some(i) => self.choose(i),
            None => self.chrome.refuse("keeping these is not an option here"),
        }
    }

    fn choose_box(&mut self, b: usize) {
        self.chrome.message.clear();
        let Some(&c) = self.boxes().get(b) else {
            return;
        };
        let rolls = self.puzzle().report.rolls_left;
        match self.box_option(b) {
            Some(i) => self.choose(i),
            None if rolls > 0 && !self.has_box_options() => {
                self.chrome.refuse("a box comes after the last roll")
            }
            None if self.card.score(c).is_some() => {
                self.chrome.refuse(format!("{} is filled", c.label()))
            }
            None => self
                .chrome
                .refuse(format!("{} is not an option here", c.label())),
        }
    }

    fn ask_key(&mut self, key: KeyEvent) {
        match self.holds.turn_key(&key) {
            TurnKey::Move { down } => {
                let open = |b| self.box_option(b).is_some();
                if let Some(b) = next_open(self.box_cursor, self.boxes().len(), down, open) {
                    self.box_cursor = b;
                }
            }
            TurnKey::Fill => self.choose_box(self.box_cursor),
            TurnKey::Letter('r') => self.keep(false),
            TurnKey::Letter('m') => self.keep(true),
            TurnKey::Letter('c') => match chance_chance_option(self.puzzle()) {
                Some(i) => self.choose(i),
                None => self.chrome.refuse("no chance-chance here"),
            },
            TurnKey::Letter(c) => {
                if let Some(b) = box_of_key(c, self.boxes().len()) {
                    self.choose_box(b);
                }
            }
            TurnKey::Dice | TurnKey::Other => {}
        }
    }

    /// The title line, the dice with the panel beside them, the card (a listing where the
    /// card does not fit) with the choice or the answer beside it or below, the keys.
    fn draw_puzzle(&self, frame: &mut Frame, area: Rect) {
        let palette = self.chrome.palette;
        let [top, rest] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        let p = self.puzzle();
        let n = self.losses.len() + usize::from(self.phase == Phase::Ask);
        side(
            frame,
            top,
            vec![heading(title(p, n, self.puzzles.len()), palette)],
        );
        let grid = self.card_grid();
        // The dice's five rows, the card, the key line.
        let needed = 5 + grid.1 + 1;
        let fits = rest.height >= needed;
        let rows = if fits {
            grid.1
        } else {
            self.listing().len() as u16
        };
        let a = Areas::new(rest, rows);
        let faces = &p.report.dice;
        let best = match self.phase {
            Phase::Answered(_) => p.report.options[0].keep.clone().unwrap_or_default(),
            _ => Vec::new(),
        };
        let views = self
            .holds
            .views(faces, self.phase == Phase::Ask, &mark(faces, &best));
        dice(frame, a.dice, &views, palette);
        side(frame, a.side, self.side_lines());
        if fits {
            let [card, _, beside] = Layout::horizontal([
                Constraint::Length(CARD_WIDTH),
                Constraint::Length(1),
                Constraint::Fill(1),
            ])
            .areas(a.card);
            frame.render_widget(grid.0, card);
            side(frame, beside, self.panel_lines());
        } else {
            side(frame, a.card, self.listing());
            side(frame, a.below, self.panel_lines());
        }
        key_line(frame, a.keys, &self.key_text(), palette);
    }

    /// Beside the dice: the rolls left, the answers so far, what was refused.
    fn side_lines(&self) -> Vec<Line<'static>> {
        let lines = match self.puzzle().report.rolls_left {
            0 => "no rolls left: choose a box".to_string(),
            r => format!("{}: keep some dice", left(r, "roll")),
        };
        let mut lines = vec![Line::from(lines)];
        if !self.losses.is_empty() {
            let lost: f64 = self.losses.iter().sum();
            let n = self.losses.len();
            lines.push(Line::from(format!("so far: {n} answered, {lost:.2} lost")));
        }
        lines.extend(self.chrome.message.tail(2));
        lines
    }

    /// Beside the card: how to choose, or the answer and the way on.
    fn panel_lines(&self) -> Vec<Line<'static>> {
        let palette = self.chrome.palette;
        let p = self.puzzle();
        let Phase::Answered(chosen) = self.phase else {
            let mut lines = vec![Line::from("Your choice:")];
            let hold = format!("1-{}", p.report.dice.len());
            if p.report.rolls_left > 0 {
                lines.push(Line::from(format!(
                    "· hold the dice to keep ({hold}), then r to roll the others (all held: stand)"
                )));
            }
            if self.has_box_options() {
                lines.push(Line::from("· a box: its letter, or ↑ ↓ and enter"));
            }
            if self.has_mulligan() {
                lines.push(format!("· the mulligan: hold dice ({hold}), then m").into());
            }
            if chance_chance_option(p).is_some() {
                lines.push(Line::from("· c: chance-chance"));
            }
            return lines;
        };
        let style = if p.report.options[chosen].loss > 1e-9 {
            palette.bad()
        } else {
            palette.good()
        };
        let mut lines: Vec<Line> = answer_lines(p, chosen)
            .into_iter()
            .enumerate()
            .map(|(i, l)| Line::styled(l, if i == 0 { style } else { Style::default() }))
            .collect();
        lines.push(Line::from(""));
        let on = if self.left.is_empty() {
            "enter: the end of the session"
        } else {
            "enter: the next puzzle"
        };
        lines.push(Line::styled(on, palette.dim()));
        lines
    }

    /// The card as the shared card widget draws it, and its rows with the header: each
    /// box's score with these dice while open, its score on the card, and once answered
    /// what choosing it loses.
    fn card_grid(&self) -> (Grid<'static>, u16) {
        let rules = self.card.rules();
        let answered = matches!(self.phase, Phase::Answered(_)) && self.has_box_options();
        let header = [
            "",
            "box",
            "dice",
            "card",
            if answered { "loss" } else { "" },
        ];
        let mut rows: Vec<Row> = (0..rules.boxes.len()).map(|b| self.box_row(b)).collect();
        let card = &self.card;
        let upper = upper_bonus(card.upper_total(), rules.upper_threshold, rules.upper_bonus);
        rows.push(summary_row("upper bonus", 1, [format!("{upper:>5}")]));
        if rules.yahtzee_bonus > 0 {
            let bonus = format!("{:>5}", card.yahtzee_bonus());
            rows.push(summary_row("Yahtzee bonus", 1, [bonus]));
        }
        let total = summary_row("total", 1, [format!("{:>5}", card.total())]);
        rows.push(total.style(self.chrome.palette.accent()));
        let height = rows.len() as u16 + 1;
        let header = Row::new(header.map(Cell::from));
        (grid(header, rows, [4, 5, 6], self.chrome.palette), height)
    }

    /// Box `b`'s cells after its key and label: the dice's score while open, the card's,
    /// and once answered the loss.
    fn box_cells(&self, b: usize) -> [String; 3] {
        let options = &self.puzzle().report.options;
        let o = self.box_option(b).map(|i| &options[i]);
        let now = self.now[b].map_or(String::new(), |s| format!("{s:>3}"));
        let on_card = self.card.score(self.boxes()[b]);
        let on_card = on_card.map_or("    ·".to_string(), |s| format!("{s:>5}"));
        let loss = match (self.phase, o) {
            (Phase::Answered(_), Some(o)) => cost_text(o.loss),
            _ => String::new(),
        };
        [now, on_card, loss]
    }

    fn box_row(&self, b: usize) -> Row<'static> {
        let open = self.box_option(b).is_some();
        let key = if open {
            box_key(b).to_string()
        } else {
            String::new()
        };
        let [now, on_card, loss] = self.box_cells(b);
        let cells = [key, self.boxes()[b].label().to_string(), now, on_card, loss];
        let cursor = match self.phase {
            Phase::Ask => open && b == self.box_cursor,
            Phase::Answered(i) => self.box_option(b) == Some(i),
            Phase::Over => false,
        };
        Row::new(cells.map(Cell::from)).style(row_style(cursor, open, self.chrome.palette))
    }

    /// The card where the grid does not fit: two boxes a line, then the totals.
    fn listing(&self) -> Vec<Line<'static>> {
        let cell = |b: usize| {
            let [now, on_card, _] = self.box_cells(b);
            let key = if self.box_option(b).is_some() {
                box_key(b)
            } else {
                ' '
            };
            format!("{key} {:<15} {now:>3} {on_card}", self.boxes()[b].label())
        };
        let boxes: Vec<String> = (0..self.boxes().len()).map(cell).collect();
        let mut lines: Vec<Line> = boxes.chunks(2).map(|c| Line::from(c.join("   "))).collect();
        let (card, rules) = (&self.card, self.card.rules());
        let upper = upper_bonus(card.upper_total(), rules.upper_threshold, rules.upper_bonus);
        lines.push(Line::from(format!(
            "upper bonus {upper} · total {}",
            card.total()
        )));
        lines
    }

    fn key_text(&self) -> String {
        let p = self.puzzle();
        if let Phase::Answered(_) = self.phase {
            return "enter/space/n next · ? keys · q quit".into();
        }
        let mut keys = Vec::new();
        if p.report.rolls_left > 0 || self.has_mulligan() {
            keys.push(format!("1-{} hold", p.report.dice.len()));
        }
        if p.report.rolls_left > 0 {
            keys.push("r roll the others".into());
        }
        if self.has_box_options() {
            keys.push("letter/enter box".into());
        }
        if self.has_mulligan() {
            keys.push("m mulligan".into());
        }
        if chance_chance_option(p).is_some() {
            keys.push("c chance-chance".into());
        }
        keys.extend(["? keys".to_string(), "q quit".to_string()]);
        keys.join(" · ")
    }

    /// The end: the session's summary.
    fn draw_over(&self, frame: &mut Frame, area: Rect) {
        let palette = self.chrome.palette;
        let what = match self.session {
            Session::Test => "The test is over",
            Session::Daily => "The daily puzzle is done",
            Session::Practice => "The practice session is over",
        };
        let mut lines = vec![heading(what, palette), Line::from("")];
        lines.extend(self.summary().into_iter().map(Line::from));
        let [text, keys] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
        side(frame, text, lines);
        key_line(frame, keys, "q quit · ? keys", palette);
    }
}

impl Play for Screen<'_> {
    screen::chrome_field!();

    fn draw_game(&self, frame: &mut Frame, area: Rect) {
        match self.phase {
            Phase::Over => self.draw_over(frame, area),
            _ => self.draw_puzzle(frame, area),
        }
    }

    fn game_key(&mut self, key: KeyEvent) {
        match self.phase {
            Phase::Ask => self.ask_key(key),
            Phase::Answered(_) => {
                let next =
                    key.code == KeyCode::Enter || matches!(plain_char(&key), Some(' ' | 'n'));
                if next {
                    self.next();
                }
            }
            Phase::Over => {}
        }
    }

    fn stop(&mut self) {
        self.phase = Phase::Over;
    }

    fn over(&self) -> bool {
        self.is_over()
    }
}
