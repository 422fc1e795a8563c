//! `yahtzee triple play` full screen: the widgets of `yahtzee play` ([`crate::widgets`])
//! over a Triple Yahtzee card: the dice drawn large, the three columns (×1, ×2, ×3) side
//! by side with what the dice would add in each open box and, with hints on, what each
//! choice costs against the strategy.

use std::path::PathBuf;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_rules::Dice;
use yahtzee_triple::advice::rank_options;
use yahtzee_triple::record::{Event, Record};
use yahtzee_triple::sim::roll_dice;
use yahtzee_triple::{Player, TripleCard, TripleMove, Variant};

use super::{best_of, move_label};
use crate::file::RecordFile;
use crate::screen::{self, Play};
use crate::widgets::card::{
    box_key, box_of_key, cost_text, fill_costs, grid, row_style, summary_row, upper_bonus,
};
use crate::widgets::chrome::{plain_char, Chrome};
use crate::widgets::dice::Holds;
use crate::widgets::panel::{left, title, Board};
use crate::Error;

/// The columns' multipliers, as headed on the card.
const COLUMNS: [&str; 3] = ["×1", "×2", "×3"];

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

/// The game as a decision leaves it, kept before each one for `u`.
#[derive(Clone)]
struct State {
    card: TripleCard,
    rng: ChaCha8Rng,
    turn: u32,
    dice: Dice,
    /// Rerolls left this turn.
    left: u8,
    /// The cursor: (column, box).
    cursor: (usize, usize),
}

/// A game of Triple Yahtzee full screen.
pub struct Screen<'a> {
    player: &'a Player,
    st: State,
    undo: Vec<State>,
    record: Record,
    holds: Holds,
    chrome: Chrome,
    /// Expected points lost against the strategy.
    cost: f64,
    file: RecordFile,
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
            player,
            st: State {
                card: TripleCard::new(player.game()),
                rng: ChaCha8Rng::seed_from_u64(seed),
                turn: 0,
                dice: Dice::EMPTY,
                left: 0,
                cursor: (0, 0),
            },
            undo: Vec::new(),
            record: Record::new(variant, Some(seed)),
            holds: Holds::default(),
            chrome: Chrome::new(hints, KEYS),
            cost: 0.0,
            file: RecordFile::new(record_path),
        };
        s.start_turn();
        s
    }

    pub fn card(&self) -> &TripleCard {
        &self.st.card
    }

    pub fn dice(&self) -> Dice {
        self.st.dice
    }

    /// Expected points lost against the strategy so far.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    pub fn is_over(&self) -> bool {
        self.file.is_written()
    }

    /// The record so far, as the text of its file.
    pub fn record_text(&self) -> String {
        self.record.to_text(&self.player.game())
    }

    fn start_turn(&mut self) {
        self.st.turn += 1;
        self.record.push(Event::Turn(self.st.turn));
        let dice = roll_dice(Dice::EMPTY, &mut self.st.rng);
        self.rolled(dice);
        self.st.left = 2;
    }

    fn rolled(&mut self, dice: Dice) {
        self.st.dice = dice;
        self.record.push(Event::Roll(dice));
        self.holds.reset(dice.len());
        let open = self.legal_moves();
        if !open.iter().any(|m| (m.col, m.box_index) == self.st.cursor) {
            if let Some(m) = open.first() {
                self.st.cursor = (m.col, m.box_index);
            }
        }
        self.file.keep(&self.record_text());
    }

    fn legal_moves(&self) -> Vec<TripleMove> {
        self.player
            .game()
            .moves(&self.st.card.state(), &self.st.dice)
    }

    fn held_dice(&self) -> Dice {
        Dice::from_faces(&self.holds.kept(&self.st.dice.faces())).unwrap_or(Dice::EMPTY)
    }

    /// What keeping `kept` costs with rerolls left, against the strategy's best keep.
    fn keep_cost(&self, kept: &Dice) -> f64 {
        let turn = self.player.turn(&self.st.card.state());
        let values = turn.keeps(self.st.left);
        let best = turn.best_keep(&self.st.dice, self.st.left);
        values[best][0] - values[kept.index()][0]
    }

    /// Adds a decision's cost and, with hints on, says it.
    fn judge(&mut self, cost: f64, best: String) {
        self.cost += cost.max(0.0);
        self.chrome.judge(cost, &best);
    }

    /// Judges stopping with `kept` against the strategy's best keep.
    fn judge_keep(&mut self, kept: &Dice) {
        let turn = self.player.turn(&self.st.card.state());
        let best = turn.best_keep(&self.st.dice, self.st.left);
        let label = yahtzee_triple::advice::keep_label(&self.st.dice, best);
        self.judge(self.keep_cost(kept), label);
    }

    fn roll(&mut self) {
        self.chrome.message.clear();
        if self.st.left == 0 {
            return self.chrome.refuse("no rerolls left: choose a box");
        }
        let kept = self.held_dice();
        self.judge_keep(&kept);
        if kept == self.st.dice {
            // Keeping all five stops rolling, as in the line mode: score them.
            self.st.left = 0;
            return self.chrome.note("all five kept: choose a box");
        }
        self.undo.push(self.st.clone());
        self.record.push(Event::Keep(kept));
        let dice = roll_dice(kept, &mut self.st.rng);
        self.st.left -= 1;
        self.rolled(dice);
    }

    fn score(&mut self) {
        self.chrome.message.clear();
        let (col, b) = self.st.cursor;
        let game = self.player.game();
        let options = self
            .player
            .move_values(&self.st.card.state(), &self.st.dice);
        let Some(&(m, v)) = options
            .iter()
            .find(|(m, _)| m.col == col && m.box_index == b)
        else {
            return self.chrome.refuse("not a legal box for these dice");
        };
        if self.st.left > 0 {
            // Scoring with rerolls left stops rolling: a keep of all five first.
            let all = self.st.dice;
            self.judge_keep(&all);
        }
        let (bm, bv) = best_of(&options);
        self.judge(bv - v, format!("score {}", move_label(&game, &bm)));
        self.undo.push(self.st.clone());
        self.record.push(Event::Score(col, b));
        let yahtzee = self.st.dice.five_of_a_kind().is_some();
        self.st.card.apply(&m, yahtzee);
        self.chrome
            .note(format!("scored {}", move_label(&game, &m)));
        if self.st.card.is_full() {
            self.finish();
        } else {
            self.start_turn();
        }
    }

    /// Takes back the last keep or box (its cost still counts); the record says `undo`,
    /// and the cursor goes back to the box taken back.
    fn take_back(&mut self) {
        let Some(st) = self.chrome.take_back(&mut self.undo) else {
            return;
        };
        self.st = st;
        self.holds.reset(self.st.dice.len());
        self.record.push(Event::Undo);
        self.file.keep(&self.record_text());
        self.chrome.note("taken back (its cost still counts)");
    }

    fn finish(&mut self) {
        let text = self.record_text();
        self.file.write(&text);
    }

    fn hint(&mut self) {
        self.chrome.message.clear();
        let (card, dice) = (&self.st.card, &self.st.dice);
        let options = rank_options(self.player, card, dice, self.st.left);
        let so_far = f64::from(card.total());
        let lines: Vec<String> = options
            .iter()
            .zip(["best", "next"])
            .map(|(o, what)| {
                let label = o.label(self.player, dice);
                format!("{what}: {label} — {:.1}", so_far + o.value)
            })
            .collect();
        for line in lines {
            self.chrome.note(line);
        }
    }

    /// Moves the cursor to the next open box in a direction (boxes: rows; columns).
    fn move_cursor(&mut self, rows: isize, cols: isize) {
        let n = self.player.game().boxes() as isize;
        let (mut c, mut b) = (self.st.cursor.0 as isize, self.st.cursor.1 as isize);
        for _ in 0..n * 3 {
            c = (c + cols).rem_euclid(3);
            b = (b + rows).rem_euclid(n);
            if self.st.card.score(c as usize, b as usize).is_none() {
                self.st.cursor = (c as usize, b as usize);
                return;
            }
        }
    }

    /// Costs of scoring each legal box now (stopping included), with hints on.
    fn move_costs(&self) -> Vec<(TripleMove, f64)> {
        if !self.chrome.hints || self.is_over() {
            return Vec::new();
        }
        let options = self
            .player
            .move_values(&self.st.card.state(), &self.st.dice);
        let stop = match self.st.left {
            0 => 0.0,
            _ => self.keep_cost(&self.st.dice),
        };
        fill_costs(options, stop)
    }
}

impl Play for Screen<'_> {
    screen::chrome_field!();

    fn draw_game(&self, frame: &mut Frame, area: Rect) {
        let over = self.is_over();
        let faces = if over {
            Vec::new()
        } else {
            self.st.dice.faces()
        };
        let board = Board {
            card_rows: self.player.game().boxes() as u16 + 4,
            dice: self.holds.views(&faces, false, &[]),
            side: self.side_lines(),
            card: self.grid(),
            keys: if over {
                "q quit · ? keys"
            } else {
                "1-5 hold · r roll · letter/arrows box · enter score · h hint · u undo · ? · q"
            },
        };
        board.draw(frame, area, self.chrome.palette);
    }

    fn game_key(&mut self, key: KeyEvent) {
        match plain_char(&key) {
            Some(d @ '1'..='5') => self.holds.toggle(d as usize - '1' as usize),
            Some('r') => self.roll(),
            Some('h') => self.hint(),
            Some('u') => self.take_back(),
            Some(l) => {
                if let Some(b) = box_of_key(l, self.player.game().boxes()) {
                    self.st.cursor.1 = b;
                    if self.st.card.score(self.st.cursor.0, b).is_some() {
                        self.move_cursor(0, 1);
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
    }

    fn stop(&mut self) {
        self.finish();
    }

    fn over(&self) -> bool {
        self.is_over()
    }
}

/// Drawing.
impl Screen<'_> {
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = self.player.game();
        let (card, palette) = (&self.st.card, self.chrome.palette);
        if self.is_over() {
            return vec![
                title("Game over", palette),
                Line::from(self.file.status("")),
                Line::from(format!("total {} · lost {:.2}", card.total(), self.cost)),
                Line::from(format!("Yahtzee bonus {}", card.bonus())),
            ];
        }
        let head = format!("Triple Yahtzee · turn {}/{}", self.st.turn, game.turns());
        let status = format!("{} · total {}", left(self.st.left, "reroll"), card.total());
        let mut lines = vec![title(head, palette), Line::from(status)];
        lines.extend(self.chrome.message.tail(3));
        lines
    }

    fn grid(&self) -> Grid<'static> {
        let game = self.player.game();
        let rules = game.rules;
        let card = &self.st.card;
        let moves = if self.is_over() {
            Vec::new()
        } else {
            self.legal_moves()
        };
        let costs = self.move_costs();
        let mut header = vec![Cell::from(""), Cell::from("box")];
        header.extend(COLUMNS.iter().map(|c| Cell::from(format!("{c:>4}"))));
        let mut rows: Vec<Row> = (0..game.boxes())
            .map(|b| {
                let mut row = vec![
                    Cell::from(box_key(b).to_string()),
                    Cell::from(rules.boxes[b].label()),
                ];
                row.extend((0..3).map(|c| self.cell(c, b, &moves, &costs)));
                Row::new(row)
            })
            .collect();
        let columns = |f: &dyn Fn(usize) -> String| (0..3).map(f).collect::<Vec<_>>();
        rows.push(summary_row(
            "upper bonus",
            0,
            columns(&|c| {
                let upper = card.upper_total(c);
                let text = upper_bonus(upper, rules.upper_threshold, rules.upper_bonus);
                if upper >= rules.upper_threshold {
                    format!("{text:>4}")
                } else {
                    format!("{text:>5}")
                }
            }),
        ));
        let column_totals = columns(&|c| format!("{:>4}", card.column_total(c)));
        rows.push(summary_row("column", 0, column_totals));
        let total = [format!("{:>4}", card.total()), String::new(), String::new()];
        rows.push(summary_row("total", 0, total).style(self.chrome.palette.accent()));
        grid(Row::new(header), rows, [16, 16, 16], self.chrome.palette)
    }

    /// Column `c` of box `b`: its score, or what the dice add there with its cost.
    fn cell(
        &self,
        c: usize,
        b: usize,
        moves: &[TripleMove],
        costs: &[(TripleMove, f64)],
    ) -> Cell<'static> {
        let filled = self.st.card.score(c, b);
        let text = match filled {
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
        let cursor = (c, b) == self.st.cursor && !self.is_over();
        let style = row_style(cursor, filled.is_none(), self.chrome.palette);
        Cell::from(Span::styled(text, style))
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
    s.file.check()?;
    Ok((s.st.card, s.cost))
}
