//! What the Painted Yahtzee screen shows: the dice in their colours with their letters
//! under them, the panel of the turn, the card's two columns (the number boxes; the
//! painted boxes and the totals), the last hint's options, the keys.

use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_painted::dice::DICE;
use yahtzee_painted::game::{Move, PaintedBox};
use yahtzee_painted::record::option_label;
use yahtzee_rules::Category;

use super::{box_key, is_painted, Screen, HINT_OPTIONS};
use crate::widgets::card::{cost_text, grid, row_style, summary_row, upper_bonus};
use crate::widgets::dice::{dice, die_x, mark, DIE_WIDTH};
use crate::widgets::panel::{held_cost, key_line, left, side, title, Areas};

/// The five colours as the terminal draws them (red, yellow, green, blue, purple).
const COLOURS: [Color; 5] = [
    Color::Red,
    Color::Yellow,
    Color::Green,
    Color::Blue,
    Color::Magenta,
];

/// Width of a column of the card (its box letter, label, the dice's score, the cost and
/// the score written).
const CARD_WIDTH: u16 = 35;

impl Screen<'_> {
    pub(super) fn draw_board(&self, frame: &mut Frame, area: Rect) {
        use Constraint::{Fill, Length};
        let a = Areas::sized(area, DICE as u16, 6, self.card_rows());
        self.draw_dice(frame, a.dice);
        side(frame, a.side, self.side_lines());
        let costs = if self.is_over() {
            Vec::new()
        } else {
            self.box_costs()
        };
        let [numbers, _, painted, _] =
            Layout::horizontal([Length(CARD_WIDTH), Length(3), Length(CARD_WIDTH), Fill(1)])
                .areas(a.card);
        frame.render_widget(self.numbers_grid(&costs), numbers);
        frame.render_widget(self.painted_grid(&costs), painted);
        frame.render_widget(self.hint_grid(), a.below);
        let keys = if self.is_over() {
            "q quit · ? keys"
        } else {
            "1-5 hold · r roll · a-n A-J score · h hint · u undo · t hints · ? keys · q quit"
        };
        key_line(frame, a.keys, keys, self.chrome.palette);
    }

    /// A colour's style: its colour, bold (none under `NO_COLOR`: the letters tell).
    fn colour_style(&self, colour: u8) -> Style {
        self.chrome
            .palette
            .own(COLOURS[colour as usize % COLOURS.len()])
    }

    /// The dice to keep, dashed, when hints are on and the strategy would roll again.
    fn suggested(&self) -> Vec<u8> {
        if !self.chrome.hints || self.st.left == 0 {
            return Vec::new();
        }
        let best = self.best_keep();
        if best.len() == DICE {
            return Vec::new();
        }
        best.faces().to_vec()
    }

    /// The dice in their colours, and their letters under them.
    fn draw_dice(&self, frame: &mut Frame, area: Rect) {
        if self.is_over() {
            return;
        }
        let faces = self.st.hand.faces();
        let suggested = mark(faces, &self.suggested());
        let mut views = self.holds.views(faces, true, &suggested);
        for (i, (view, die)) in views.iter_mut().zip(self.st.hand.dice()).enumerate() {
            view.face = die.number;
            view.colour = Some(self.colour_style(die.colour));
            let letters = Span::styled(die.to_string(), self.colour_style(die.colour));
            let under = Rect::new(die_x(area.x, i), area.y + 5, DIE_WIDTH, 1);
            frame.render_widget(Paragraph::new(letters).alignment(Alignment::Center), under);
        }
        dice(frame, area, &views, self.chrome.palette);
    }

    /// Right of the dice: the turn and the rerolls left, then what just happened.
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = self.adv.game();
        let palette = self.chrome.palette;
        let total = self.st.card.points(game);
        if self.is_over() {
            return vec![
                title("Game over", palette),
                Line::from(format!("total {total} · lost {:.2}", self.cost)),
                Line::from(self.file.status("")),
            ];
        }
        let head = format!("Painted Yahtzee · turn {}/{}", self.st.turn, game.turns());
        let status = format!("{} · total {total}", left(self.st.left, "reroll"));
        let mut lines = vec![title(head, palette), Line::from(status)];
        let mut room = 4;
        if let Some(cost) = self.held_cost() {
            lines.push(held_cost(cost));
            room -= 1;
        }
        lines.extend(self.chrome.message.tail(room));
        lines
    }

    /// With hints on: what rolling with the dice held costs.
    fn held_cost(&self) -> Option<f64> {
        if !self.chrome.hints || self.st.left == 0 || self.holds.all() {
            return None;
        }
        Some(self.keep_cost(&self.held_dice()))
    }

    /// Rows of the card, its header included: the longer of its two columns.
    fn card_rows(&self) -> u16 {
        let boxes = &self.adv.game().boxes;
        let painted = boxes.iter().filter(|&&b| is_painted(b)).count();
        let numbers = boxes.len() - painted;
        (1 + numbers.max(painted + self.total_rows().len())) as u16
    }

    /// The boxes of one column of the card: the painted ones or the number ones.
    fn column(&self, painted: bool, costs: &[(Move, f64)]) -> Vec<Row<'static>> {
        let boxes = &self.adv.game().boxes;
        (0..boxes.len())
            .filter(|&b| is_painted(boxes[b]) == painted)
            .map(|b| self.box_row(b, costs))
            .collect()
    }

    fn numbers_grid(&self, costs: &[(Move, f64)]) -> Grid<'static> {
        self.grid(self.column(false, costs))
    }

    fn painted_grid(&self, costs: &[(Move, f64)]) -> Grid<'static> {
        let mut rows = self.column(true, costs);
        rows.extend(self.total_rows());
        self.grid(rows)
    }

    fn grid(&self, rows: Vec<Row<'static>>) -> Grid<'static> {
        let cost = if self.chrome.hints { "  cost" } else { "" };
        let header = Row::new(["", "box", "dice", cost, " card"]);
        grid(header, rows, [4, 6, 5], self.chrome.palette)
    }

    /// A box: its key while open, its label (a colour box's in its colour), what the dice
    /// score there, with hints what filling it costs, and the score written.
    fn box_row(&self, b: usize, costs: &[(Move, f64)]) -> Row<'static> {
        let game = self.adv.game();
        let card = &self.st.card;
        let open = card.scores[b].is_none();
        let key = if open {
            box_key(&game.boxes, b).to_string()
        } else {
            String::new()
        };
        let label_style = match game.boxes[b] {
            PaintedBox::Colour(c) => self.colour_style(c),
            _ => Style::default(),
        };
        let now = costs.iter().find(|(m, _)| m.box_index == b);
        let points = now.map_or(String::new(), |(m, _)| format!("{:>4}", m.points()));
        let cost = match now {
            Some(&(_, c)) if self.chrome.hints => cost_text(c),
            _ => String::new(),
        };
        let score = card.scores[b].map_or(format!("{:>5}", "·"), |s| format!("{s:>5}"));
        let cursor = !self.is_over() && b == self.st.box_cursor;
        Row::new(vec![
            Cell::from(key),
            Cell::from(Span::styled(game.boxes[b].label(), label_style)),
            Cell::from(points),
            Cell::from(cost),
            Cell::from(score),
        ])
        .style(row_style(cursor, open, self.chrome.palette))
    }

    /// The upper bonus (where the game has number boxes), the Yahtzee bonus (where it has
    /// a Yahtzee box), the total.
    fn total_rows(&self) -> Vec<Row<'static>> {
        let game = self.adv.game();
        let card = &self.st.card;
        let row = |name: &'static str, value: String| summary_row(name, 2, [format!("{value:>5}")]);
        let mut rows = Vec::new();
        if game.has_upper() {
            let upper = card.upper_total(game);
            let value = upper_bonus(upper, game.threshold, game.upper_bonus);
            rows.push(row("upper bonus", value));
        }
        if game
            .box_index(PaintedBox::Number(Category::Yahtzee))
            .is_some()
        {
            rows.push(row("Yahtzee bonus", card.yahtzee_bonus.to_string()));
        }
        let total = card.points(game).to_string();
        rows.push(row("total", total).style(self.chrome.palette.accent()));
        rows
    }

    /// The last hint's options in two columns, each with what it loses.
    fn hint_grid(&self) -> Grid<'static> {
        let cell = |i: usize| {
            self.hint.get(i).map_or(String::new(), |o| {
                format!("{} {}", cost_text(o.loss), option_label(o))
            })
        };
        let height = HINT_OPTIONS / 2;
        let rows: Vec<Row> = (0..height.min(self.hint.len()))
            .map(|r| Row::new([cell(r), cell(r + height)]))
            .collect();
        let widths = [Constraint::Length(39), Constraint::Length(39)];
        Grid::new(rows, widths).column_spacing(1)
    }
}
