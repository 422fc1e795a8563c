//! `yahtzee triple play` full screen: the layout and widgets of `yahtzee play`
//! ([`crate::screen`]) over a Triple Yahtzee card: the dice drawn large, the three columns
//! (×1, ×2, ×3) side by side with what the dice would add in each open box and, with
//! hints on, what each choice costs against the strategy.

use std::path::PathBuf;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Constraint;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_rules::Dice;
use yahtzee_triple::advice::rank_options;
use yahtzee_triple::record::{Event, Record};
use yahtzee_triple::sim::roll_dice;
use yahtzee_triple::{Player, TripleCard, TripleMove, Variant};

use super::{best_of, move_label};
use crate::screen::{self, cost_text, DieView, Flow, Palette};
use crate::Error;

/// The columns' multipliers, as headed on the card.
const COLUMNS: [&str; 3] = ["×1", "×2", "×3"];

/// Keys that move the cursor to a box (no command letters among them: `h`, `q`, `r`, `t`,
/// `u`).
const BOX_KEYS: &[u8] = b"abdefgijklnopsvwxyz";

const KEYS: &[(&str, &str)] = &[
    ("1-5", "hold or release that die"),
    ("r", "roll the dice not held (all held: stop and score)"),
    ("a b d …", "move to the box with that letter"),
    ("↑ ↓ ← →", "move along the boxes and the columns"),
    ("enter", "score the roll in the box under the cursor"),
    ("h", "hint: the strategy's best and next best choice"),
    ("u", "undo your last keep or box (its cost still counts)"),
    ("t", "hints on or off (the cost of each box, the verdicts)"),
    ("q", "quit; the game is recorded (Ctrl-C too)"),
];

/// The game before a keep or a box, for `u`.
#[derive(Clone)]
struct Snapshot {
    card: TripleCard,
    rng: ChaCha8Rng,
    turn: u32,
    dice: Dice,
    left: u8,
    cursor: (usize, usize),
}

/// A game of Triple Yahtzee full screen.
pub struct Screen<'a> {
    undo: Vec<Snapshot>,
    player: &'a Player,
    card: TripleCard,
    record: Record,
    rng: ChaCha8Rng,
    turn: u32,
    dice: Dice,
    /// Rerolls left this turn.
    left: u8,
    held: Vec<bool>,
    /// The cursor: (column, box).
    cursor: (usize, usize),
    hints: bool,
    show_help: bool,
    message: Vec<(String, Style)>,
    palette: Palette,
    /// Expected points lost against the strategy.
    cost: f64,
    record_path: PathBuf,
    saved: Option<Result<(), String>>,
}

impl<'a> Screen<'a> {
    pub fn new(
        player: &'a Player,
        variant: Variant,
        seed: u64,
        hints: bool,
        record_path: PathBuf,
    ) -> Screen<'a> {
        let mut s = Screen {
            undo: Vec::new(),
            player,
            card: TripleCard::new(player.game()),
            record: Record::new(variant, Some(seed)),
            rng: ChaCha8Rng::seed_from_u64(seed),
            turn: 0,
            dice: Dice::EMPTY,
            left: 0,
            held: Vec::new(),
            cursor: (0, 0),
            hints,
            show_help: false,
            message: Vec::new(),
            palette: Palette::from_env(),
            cost: 0.0,
            record_path,
            saved: None,
        };
        s.start_turn();
        s
    }

    /// Colour or none (tests draw without).
    pub fn with_palette(mut self, palette: Palette) -> Self {
        self.palette = palette;
        self
    }

    pub fn card(&self) -> &TripleCard {
        &self.card
    }

    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// Expected points lost against the strategy so far.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    pub fn is_over(&self) -> bool {
        self.saved.is_some()
    }

    /// The record so far, as the text of its file.
    pub fn record_text(&self) -> String {
        self.record.to_text(&self.player.game())
    }

    fn say(&mut self, text: impl Into<String>, style: Style) {
        self.message.push((text.into(), style));
    }

    fn start_turn(&mut self) {
        self.turn += 1;
        self.record.push(Event::Turn(self.turn));
        let dice = roll_dice(Dice::EMPTY, &mut self.rng);
        self.rolled(dice);
        self.left = 2;
    }

    fn rolled(&mut self, dice: Dice) {
        self.dice = dice;
        self.record.push(Event::Roll(dice));
        self.held = vec![false; dice.len()];
        let open = self.legal_moves();
        if !open.iter().any(|m| (m.col, m.box_index) == self.cursor) {
            if let Some(m) = open.first() {
                self.cursor = (m.col, m.box_index);
            }
        }
        crate::file::keep_for_interrupt(&self.record_path, &self.record_text());
    }

    fn legal_moves(&self) -> Vec<TripleMove> {
        self.player.game().moves(&self.card.state(), &self.dice)
    }

    fn held_dice(&self) -> Dice {
        let faces: Vec<u8> = self
            .dice
            .faces()
            .into_iter()
            .zip(&self.held)
            .filter(|(_, h)| **h)
            .map(|(f, _)| f)
            .collect();
        Dice::from_faces(&faces).unwrap_or(Dice::EMPTY)
    }

    /// What keeping `kept` costs with rerolls left, against the strategy's best keep.
    fn keep_cost(&self, kept: &Dice) -> f64 {
        let turn = self.player.turn(&self.card.state());
        let values = turn.keeps(self.left);
        let best = turn.best_keep(&self.dice, self.left);
        values[best][0] - values[kept.index()][0]
    }

    /// Adds a decision's cost and, with hints on, says it.
    fn judge(&mut self, cost: f64, best: String) {
        self.cost += cost.max(0.0);
        if !self.hints {
            return;
        }
        if cost > 1e-9 {
            self.say(
                format!("cost {cost:.2}: best was {best}"),
                self.palette.bad(),
            );
        } else {
            self.say("optimal", self.palette.good());
        }
    }

    fn best_keep_label(&self) -> String {
        let turn = self.player.turn(&self.card.state());
        yahtzee_triple::advice::keep_label(&self.dice, turn.best_keep(&self.dice, self.left))
    }

    fn roll(&mut self) {
        self.message.clear();
        if self.left == 0 {
            return self.say("no rerolls left: choose a box", self.palette.bad());
        }
        let kept = self.held_dice();
        let cost = self.keep_cost(&kept);
        let best = self.best_keep_label();
        self.judge(cost, best);
        if kept == self.dice {
            // Keeping all five stops rolling, as in the line mode: score them.
            self.left = 0;
            return self.say("all five kept: choose a box", Style::default());
        }
        self.remember();
        self.record.push(Event::Keep(kept));
        let dice = roll_dice(kept, &mut self.rng);
        self.left -= 1;
        self.rolled(dice);
    }

    fn score(&mut self) {
        self.message.clear();
        let (col, b) = self.cursor;
        let game = self.player.game();
        let s = self.card.state();
        let options = self.player.move_values(&s, &self.dice);
        let Some(&(m, v)) = options
            .iter()
            .find(|(m, _)| m.col == col && m.box_index == b)
        else {
            return self.say("not a legal box for these dice", self.palette.bad());
        };
        if self.left > 0 {
            // Scoring with rerolls left stops rolling: a keep of all five first.
            let cost = self.keep_cost(&self.dice);
            let best = self.best_keep_label();
            self.judge(cost, best);
        }
        let (bm, bv) = best_of(&options);
        self.judge(bv - v, format!("score {}", move_label(&game, &bm)));
        self.remember();
        self.record.push(Event::Score(col, b));
        self.card.apply(&m, self.dice.five_of_a_kind().is_some());
        self.say(
            format!("scored {}", move_label(&game, &m)),
            Style::default(),
        );
        if self.card.is_full() {
            self.finish();
        } else {
            self.start_turn();
        }
    }

    /// Keeps the game as it is before a keep or a box.
    fn remember(&mut self) {
        self.undo.push(Snapshot {
            card: self.card.clone(),
            rng: self.rng.clone(),
            turn: self.turn,
            dice: self.dice,
            left: self.left,
            cursor: self.cursor,
        });
    }

    /// Takes back the last keep or box (its cost still counts); the record says `undo`.
    fn take_back(&mut self) {
        self.message.clear();
        let Some(s) = self.undo.pop() else {
            return self.say("nothing to take back", self.palette.bad());
        };
        self.card = s.card;
        self.rng = s.rng;
        self.turn = s.turn;
        self.dice = s.dice;
        self.left = s.left;
        // The cursor goes back to the box taken back.
        self.cursor = s.cursor;
        self.held = vec![false; self.dice.len()];
        self.record.push(Event::Undo);
        crate::file::keep_for_interrupt(&self.record_path, &self.record_text());
        self.say("taken back (its cost still counts)", Style::default());
    }

    fn finish(&mut self) {
        if self.saved.is_some() {
            return;
        }
        let result = crate::file::write_record(&self.record_path, &self.record_text())
            .map_err(|e| e.to_string());
        crate::file::forget_for_interrupt();
        self.saved = Some(result);
    }

    fn hint(&mut self) {
        self.message.clear();
        let options = rank_options(self.player, &self.card, &self.dice, self.left);
        let so_far = f64::from(self.card.total());
        for (o, what) in options.iter().zip(["best", "next"]) {
            let text = format!(
                "{what}: {} — {:.1}",
                o.label(self.player, &self.dice),
                so_far + o.value
            );
            self.say(text, Style::default());
        }
    }

    /// Moves the cursor to the next open box in a direction (boxes: rows; columns).
    fn move_cursor(&mut self, rows: isize, cols: isize) {
        let game = self.player.game();
        let n = game.boxes() as isize;
        let (mut c, mut b) = (self.cursor.0 as isize, self.cursor.1 as isize);
        for _ in 0..n * 3 {
            c = (c + cols).rem_euclid(3);
            b = (b + rows).rem_euclid(n);
            if self.card.score(c as usize, b as usize).is_none() {
                self.cursor = (c as usize, b as usize);
                return;
            }
        }
    }

    /// Costs of scoring each legal box now (stopping included), with hints on.
    fn move_costs(&self) -> Vec<(TripleMove, f64)> {
        if !self.hints || self.is_over() {
            return Vec::new();
        }
        let options = self.player.move_values(&self.card.state(), &self.dice);
        let (_, best) = best_of(&options);
        let stop = if self.left > 0 {
            self.keep_cost(&self.dice)
        } else {
            0.0
        };
        options
            .into_iter()
            .map(|(m, v)| (m, stop + best - v))
            .collect()
    }
}

impl screen::Game for Screen<'_> {
    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if screen::too_small(frame, area) {
            return;
        }
        let rows = self.player.game().boxes() as u16 + 4;
        let a = screen::Areas::new(area, rows);
        let over = self.is_over();
        let dice: Vec<DieView> = if over {
            Vec::new()
        } else {
            self.dice
                .faces()
                .into_iter()
                .enumerate()
                .map(|(i, face)| DieView {
                    face,
                    held: self.held.get(i).copied().unwrap_or(false),
                    cursor: false,
                    suggested: false,
                })
                .collect()
        };
        screen::dice(frame, a.dice, &dice, self.palette);
        screen::side(frame, a.side, self.side_lines());
        frame.render_widget(self.grid(), a.card);
        let keys = if over {
            "q quit · ? keys"
        } else {
            "1-5 hold · r roll · letter/arrows box · enter score · h hint · u undo · ? · q"
        };
        screen::key_line(frame, a.keys, keys, self.palette);
        if self.show_help {
            screen::help(frame, "keys", KEYS, self.palette);
        }
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        if self.show_help {
            self.show_help = false;
            return Flow::Continue;
        }
        let c = screen::plain_char(&key);
        match c {
            Some('q') => {
                self.finish();
                return Flow::Quit;
            }
            Some('?') => self.show_help = true,
            Some('t') => {
                self.hints = !self.hints;
                self.message.clear();
                self.say(
                    if self.hints { "hints on" } else { "hints off" },
                    Style::default(),
                );
            }
            _ if self.is_over() => {}
            Some(d @ '1'..='5') => {
                if let Some(h) = self.held.get_mut(d as usize - '1' as usize) {
                    *h = !*h;
                }
            }
            Some('r') => self.roll(),
            Some('h') => self.hint(),
            Some('u') => self.take_back(),
            Some(l) => {
                if let Some(b) = BOX_KEYS.iter().position(|&k| k as char == l) {
                    if b < self.player.game().boxes() {
                        self.cursor.1 = b;
                        if self.card.score(self.cursor.0, b).is_some() {
                            self.move_cursor(0, 1);
                        }
                    }
                }
            }
            None => match key.code {
                KeyCode::Up => self.move_cursor(-1, 0),
                KeyCode::Down => self.move_cursor(1, 0),
                KeyCode::Left => self.move_cursor(0, -1),
                KeyCode::Right => self.move_cursor(0, 1),
                KeyCode::Enter => self.score(),
                _ => {}
            },
        }
        Flow::Continue
    }

    fn next_step(&self) -> Option<std::time::Instant> {
        None
    }

    fn step(&mut self) -> Flow {
        Flow::Continue
    }

    fn interrupt(&mut self) {
        self.finish();
    }
}

impl Screen<'_> {
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = self.player.game();
        let mut lines = Vec::new();
        if let Some(saved) = &self.saved {
            lines.push(Line::from(Span::styled("Game over", self.palette.accent())));
            lines.push(Line::from(match saved {
                Ok(()) => format!("record {}", self.record_path.display()),
                Err(e) => e.clone(),
            }));
            lines.push(Line::from(format!(
                "total {} · lost {:.2}",
                self.card.total(),
                self.cost
            )));
            lines.push(Line::from(format!("Yahtzee bonus {}", self.card.bonus())));
            return lines;
        }
        lines.push(Line::from(Span::styled(
            format!("Triple Yahtzee · turn {}/{}", self.turn, game.turns()),
            self.palette.accent(),
        )));
        let left = self.left;
        lines.push(Line::from(format!(
            "{left} reroll{} left · total {}",
            if left == 1 { "" } else { "s" },
            self.card.total(),
        )));
        lines.extend(
            self.message
                .iter()
                .rev()
                .take(3)
                .rev()
                .map(|(t, s)| Line::from(Span::styled(t.clone(), *s))),
        );
        lines
    }

    fn grid(&self) -> Grid<'static> {
        let game = self.player.game();
        let rules = game.rules;
        let moves = if self.is_over() {
            Vec::new()
        } else {
            self.legal_moves()
        };
        let costs = self.move_costs();
        let mut header = vec![Cell::from(""), Cell::from("box")];
        header.extend(COLUMNS.iter().map(|c| Cell::from(format!("{c:>4}"))));
        let mut rows = Vec::new();
        for b in 0..game.boxes() {
            let key = BOX_KEYS.get(b).map_or(' ', |&k| k as char);
            let mut row = vec![
                Cell::from(key.to_string()),
                Cell::from(rules.boxes[b].label()),
            ];
            for c in 0..3 {
                let text = match self.card.score(c, b) {
                    Some(s) => format!("{s:>4}"),
                    None => match moves.iter().find(|m| m.col == c && m.box_index == b) {
                        Some(m) => {
                            let cost = costs
                                .iter()
                                .find(|(x, _)| x == m)
                                .map_or(String::new(), |&(_, v)| cost_text(v));
                            format!("{:>4} {}", format!("+{}", m.points), cost.trim_start())
                        }
                        None => format!("{:>4}", "·"),
                    },
                };
                let style = if (c, b) == self.cursor && !self.is_over() {
                    self.palette.cursor()
                } else if self.card.score(c, b).is_some() {
                    self.palette.dim()
                } else {
                    Style::default()
                };
                row.push(Cell::from(Span::styled(text, style)));
            }
            rows.push(Row::new(row));
        }
        let summary = |name: &'static str, f: &dyn Fn(usize) -> String| {
            let mut row = vec![Cell::from(""), Cell::from(name)];
            row.extend((0..3).map(|c| Cell::from(f(c))));
            Row::new(row)
        };
        rows.push(summary("upper bonus", &|c| {
            let upper = self.card.upper_total(c);
            if upper >= rules.upper_threshold {
                format!("{:>4}", format!("+{}", rules.upper_bonus))
            } else {
                format!("{:>5}", format!("{upper}/{}", rules.upper_threshold))
            }
        }));
        rows.push(summary("column", &|c| {
            format!("{:>4}", self.card.column_total(c))
        }));
        rows.push(
            summary("total", &|c| match c {
                0 => format!("{:>4}", self.card.total()),
                _ => String::new(),
            })
            .style(self.palette.accent()),
        );
        let widths = [
            Constraint::Length(1),
            Constraint::Length(15),
            Constraint::Length(16),
            Constraint::Length(16),
            Constraint::Length(16),
        ];
        Grid::new(rows, widths)
            .header(Row::new(header).style(self.palette.dim()))
            .column_spacing(1)
    }
}

/// Plays one game full screen; returns the card, what was lost and the record's text.
pub fn play(
    player: &Player,
    variant: Variant,
    seed: u64,
    hints: bool,
    record_path: PathBuf,
) -> Result<(TripleCard, f64), Error> {
    let mut s = Screen::new(player, variant, seed, hints, record_path);
    screen::run(&mut s)?;
    match &s.saved {
        Some(Err(e)) => Err(Error::Game(e.clone())),
        _ => Ok((s.card, s.cost)),
    }
}
