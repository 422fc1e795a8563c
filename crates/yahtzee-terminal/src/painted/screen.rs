//! `yahtzee painted play` full screen: the keys and layout of `yahtzee play`
//! ([`crate::screen`]) over the Painted Yahtzee card. The five dice are drawn large in their
//! colours with their letters under them (`5r`), so they read under `NO_COLOR` too; the
//! boxes stand in two columns (the number boxes; the painted boxes and the totals) with
//! what the dice score in each open box and, with hints on, what filling it costs; `h`
//! lists the strategy's best options with what each loses; `u` takes a decision back.
//!
//! The record is the line mode's ([`yahtzee_painted::record`], read by `yahtzee painted
//! review`): a decision taken back leaves it, and is noted in a closing comment with its
//! cost, which still counts.

use std::path::PathBuf;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Cell, Paragraph, Row, Table as Grid};
use ratatui::Frame;
use yahtzee_painted::advice::{Advisor, Ranked};
use yahtzee_painted::card::Card;
use yahtzee_painted::dice::{Die, Hand, DICE};
use yahtzee_painted::game::{Move, PaintedBox};
use yahtzee_painted::record::{keep_label, option_label, Event, Record};
use yahtzee_painted::sim::throw;
use yahtzee_painted::TurnValues;
use yahtzee_rules::Category;

use crate::screen::{self, cost_text, Flow, Palette, DIE_GAP, DIE_WIDTH};
use crate::Error;

/// Keys of the number boxes in card order: letters that are no command (`h` hint, `q`
/// quit, `r` roll, `t` hints on/off, `u` undo).
const NUMBER_KEYS: &[u8] = b"abcdefgijklmn";
/// Keys of the painted boxes: capitals, since 23 boxes outnumber the letters the commands
/// leave.
const PAINTED_KEYS: &[u8] = b"ABCDEFGHIJ";

/// The five colours as the terminal draws them (red, yellow, green, blue, purple).
const COLOURS: [Color; 5] = [
    Color::Red,
    Color::Yellow,
    Color::Green,
    Color::Blue,
    Color::Magenta,
];

/// The keys, as `?` lists them.
const KEYS: &[(&str, &str)] = &[
    ("1-5", "hold or release that die"),
    ("← → space", "move along the dice, hold or release"),
    ("r", "roll the dice not held"),
    ("a b c …", "score the number box with that letter"),
    ("A B C …", "score the painted box with that capital"),
    ("↑ ↓ enter", "move along the open boxes, score one"),
    ("h", "hint: the best choices and what each loses"),
    ("t", "hints on or off (the cost column, the verdicts)"),
    ("u", "undo your last choice (its cost still counts)"),
    ("q", "quit; the game is recorded (Ctrl-C too)"),
];

/// Options a hint lists: two columns of three under the card.
const HINT_OPTIONS: usize = 6;

/// Width of a column of the card (its box letter, label, the dice's score, the cost and
/// the score written).
const CARD_WIDTH: u16 = 35;

/// The game before a keep or a box, for `u`.
struct Snapshot {
    card: Card,
    rng: ChaCha8Rng,
    turn: u32,
    hand: Hand,
    left: u8,
    box_cursor: usize,
    /// The record's length before the decision (it leaves the record when taken back).
    events: usize,
    /// The decision and its cost, as the record's comment says it once taken back.
    note: String,
}

/// A game of Painted Yahtzee full screen.
pub struct Screen<'a> {
    adv: &'a Advisor,
    card: Card,
    record: Record,
    rng: ChaCha8Rng,
    turn: u32,
    hand: Hand,
    /// Rerolls left this turn.
    left: u8,
    /// This turn's tables: the value of every keep (computed once a turn: tens of
    /// milliseconds in the full game, too slow for every frame).
    values: TurnValues<1>,
    held: [bool; DICE],
    die_cursor: usize,
    /// The box the arrow keys are on (an index into the game's boxes).
    box_cursor: usize,
    undo: Vec<Snapshot>,
    /// The decisions taken back, noted at the end of the record.
    taken_back: Vec<String>,
    hints: bool,
    show_help: bool,
    /// What just happened: a verdict, the points scored, an error.
    message: Vec<(String, Style)>,
    /// The last hint's options, until the next decision.
    hint: Vec<Ranked>,
    palette: Palette,
    /// Expected points lost against the strategy.
    cost: f64,
    record_path: PathBuf,
    /// The record was written (the game ended or was stopped).
    saved: Option<Result<(), String>>,
}

impl<'a> Screen<'a> {
    /// A new game against `adv`'s strategy with the dice of `seed` (the line mode's dice
    /// for the same seed).
    pub fn new(adv: &'a Advisor, seed: u64, hints: bool, record_path: PathBuf) -> Screen<'a> {
        let game = adv.game();
        let mut s = Screen {
            adv,
            card: Card::empty(game),
            record: Record::new(game, Some(seed)),
            rng: ChaCha8Rng::seed_from_u64(seed),
            turn: 0,
            hand: Hand::default(),
            left: 0,
            values: TurnValues::new(&adv.plan),
            held: [false; DICE],
            die_cursor: 0,
            box_cursor: 0,
            undo: Vec::new(),
            taken_back: Vec::new(),
            hints,
            show_help: false,
            message: Vec::new(),
            hint: Vec::new(),
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

    pub fn card(&self) -> &Card {
        &self.card
    }

    /// The dice showing, in the order drawn (by colour, then number).
    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// Expected points lost against the strategy so far (decisions taken back included).
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Whether the game is over (or stopped) and its record written.
    pub fn is_over(&self) -> bool {
        self.saved.is_some()
    }

    /// The record so far, as the text of its file.
    pub fn record_text(&self) -> String {
        self.with_notes(self.record.to_text())
    }

    /// The record as a stopped game's, for an interrupt.
    fn stopped_text(&self) -> String {
        self.with_notes(self.record.to_text_stopped())
    }

    /// The decisions taken back, as comments after the record's last line (a review
    /// passes over them).
    fn with_notes(&self, mut text: String) -> String {
        for note in &self.taken_back {
            text += &format!("# taken back: {note}\n");
        }
        text
    }

    fn say(&mut self, text: impl Into<String>, style: Style) {
        self.message.push((text.into(), style));
    }

    fn start_turn(&mut self) {
        self.turn += 1;
        self.record.push(Event::Turn(self.turn));
        self.values = self.adv.turn(&self.card);
        let faces = throw(&mut self.rng, self.adv.game().faces(), DICE);
        self.left = 2;
        self.rolled(Hand::from_faces(&faces));
    }

    /// After a roll: it is recorded, nothing is held, the cursor is on an open box.
    fn rolled(&mut self, hand: Hand) {
        self.hand = hand;
        self.record.push(Event::Roll(hand));
        self.held = [false; DICE];
        if self.card.scores[self.box_cursor].is_some() {
            self.move_box(true);
        }
        crate::file::keep_for_interrupt(&self.record_path, &self.stopped_text());
    }

    /// The dice held, as a keep.
    fn held_dice(&self) -> Hand {
        let faces: Vec<u8> = self
            .hand
            .faces()
            .iter()
            .zip(self.held)
            .filter(|(_, h)| *h)
            .map(|(&f, _)| f)
            .collect();
        Hand::from_faces(&faces)
    }

    /// The strategy's keep with the rerolls left.
    fn best_keep(&self) -> Hand {
        self.adv.best_keep(&self.values, &self.hand, self.left)
    }

    /// What keeping `kept` costs with rerolls left, against the best keep.
    fn keep_cost(&self, kept: &Hand) -> f64 {
        let value = |h: &Hand| self.values.keep_value(&self.adv.plan, h, self.left)[0];
        value(&self.best_keep()) - value(kept)
    }

    /// Each legal box's move and what filling it now costs against the strategy (with
    /// rerolls left, stopping is part of the choice).
    fn box_costs(&self) -> Vec<(Move, f64)> {
        let options = self.adv.moves(&self.card, &self.hand);
        let best = options
            .iter()
            .map(|o| o.1)
            .fold(f64::NEG_INFINITY, f64::max);
        let stop = if self.left > 0 {
            self.keep_cost(&self.hand)
        } else {
            0.0
        };
        options
            .into_iter()
            .map(|(m, v)| (m, stop + best - v))
            .collect()
    }

    /// The strategy's choice when a box is filled: its keep if stopping costs, else its box.
    fn best_choice(&self) -> String {
        if self.left > 0 && self.keep_cost(&self.hand) > 1e-9 {
            return keep_label(&self.best_keep());
        }
        let m = self.adv.best_move(&self.card, &self.hand);
        let name = self.adv.game().boxes[m.box_index].name();
        format!("score {name} ({})", m.points())
    }

    /// Adds a decision's cost and, with hints on, says it.
    fn judge(&mut self, cost: f64, best: String) {
        self.cost += cost.max(0.0);
        if !self.hints {
            return;
        }
        if cost > 1e-9 {
            let text = format!("cost {cost:.2}: best was {best}");
            self.say(text, self.palette.bad());
        } else {
            self.say("optimal", self.palette.good());
        }
    }

    fn roll(&mut self) {
        self.message.clear();
        if self.left == 0 {
            return self.say("no rerolls left: choose a box", self.palette.bad());
        }
        if self.held.iter().all(|&h| h) {
            let text = "all five held: choose a box (it ends your turn)";
            return self.say(text, Style::default());
        }
        self.hint.clear();
        let kept = self.held_dice();
        let cost = self.keep_cost(&kept);
        self.judge(cost, keep_label(&self.best_keep()));
        self.remember(keep_label(&kept), cost);
        self.record.push(Event::Keep(kept));
        let mut faces = kept.faces().to_vec();
        faces.extend(throw(
            &mut self.rng,
            self.adv.game().faces(),
            DICE - kept.len(),
        ));
        self.left -= 1;
        self.rolled(Hand::from_faces(&faces));
    }

    /// Fills box `b` with the dice showing (a filled box is refused with a line).
    fn score(&mut self, b: usize) {
        self.message.clear();
        let costs = self.box_costs();
        let Some(&(m, cost)) = costs.iter().find(|(m, _)| m.box_index == b) else {
            let label = self.adv.game().boxes[b].label();
            return self.say(format!("{label} is filled"), self.palette.bad());
        };
        self.hint.clear();
        self.judge(cost, self.best_choice());
        let game = self.adv.game();
        self.remember(format!("score {}", game.boxes[b].name()), cost);
        self.record.push(Event::Score(b));
        self.card.apply(&m);
        let bonus = if m.yahtzee_bonus > 0 {
            " with the Yahtzee bonus"
        } else {
            ""
        };
        let text = format!("{} points in {}{bonus}", m.points(), game.boxes[b].label());
        self.say(text, Style::default());
        if self.card.is_full() {
            self.finish(true);
        } else {
            self.start_turn();
        }
    }

    /// Keeps the game as it is before a keep or a box, with the decision's note.
    fn remember(&mut self, decision: String, cost: f64) {
        let note = format!(
            "turn {}, roll {}: {decision} (cost {cost:.3})",
            self.turn, self.hand
        );
        self.undo.push(Snapshot {
            card: self.card.clone(),
            rng: self.rng.clone(),
            turn: self.turn,
            hand: self.hand,
            left: self.left,
            box_cursor: self.box_cursor,
            events: self.record.events.len(),
            note,
        });
    }

    /// Takes back the last keep or box: the same dice again (the same dice to come, too),
    /// its cost still counted and noted in the record.
    fn take_back(&mut self) {
        self.message.clear();
        let Some(s) = self.undo.pop() else {
            return self.say("nothing to take back", self.palette.bad());
        };
        self.hint.clear();
        let other_turn = s.turn != self.turn;
        self.card = s.card;
        self.rng = s.rng;
        self.turn = s.turn;
        self.hand = s.hand;
        self.left = s.left;
        self.box_cursor = s.box_cursor;
        self.record.events.truncate(s.events);
        self.taken_back.push(s.note);
        if other_turn {
            self.values = self.adv.turn(&self.card);
        }
        self.held = [false; DICE];
        crate::file::keep_for_interrupt(&self.record_path, &self.stopped_text());
        self.say("taken back (its cost still counts)", Style::default());
    }

    /// Writes the record (ended by `end`, or `quit` when the game did not finish).
    fn finish(&mut self, finished: bool) {
        if self.saved.is_some() {
            return;
        }
        self.record
            .push(if finished { Event::End } else { Event::Quit });
        let result = crate::file::write_record(&self.record_path, &self.record_text())
            .map_err(|e| e.to_string());
        crate::file::forget_for_interrupt();
        self.saved = Some(result);
    }

    /// The strategy's best options with what each loses, listed under the card.
    fn ask_hint(&mut self) {
        self.message.clear();
        match self.adv.advise(&self.card, &self.hand, self.left) {
            Ok(a) => {
                let text = format!("hint: best expected total {:.2}", a.expected_total);
                self.say(text, Style::default());
                self.hint = a.options.into_iter().take(HINT_OPTIONS).collect();
            }
            Err(e) => self.say(e, self.palette.bad()),
        }
    }

    fn toggle_die(&mut self, i: usize) {
        if let Some(h) = self.held.get_mut(i) {
            *h = !*h;
            self.die_cursor = i;
        }
    }

    /// Moves the box cursor to the next open box down (or up) the card.
    fn move_box(&mut self, down: bool) {
        let n = self.card.scores.len();
        let mut b = self.box_cursor;
        for _ in 0..n {
            b = if down { (b + 1) % n } else { (b + n - 1) % n };
            if self.card.scores[b].is_none() {
                self.box_cursor = b;
                return;
            }
        }
    }

    /// The box a key scores.
    fn box_of_key(&self, c: char) -> Option<usize> {
        (0..self.card.scores.len()).find(|&b| box_key(&self.adv.game().boxes, b) == c)
    }

    /// Keys while the dice are showing.
    fn decide_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Left => self.die_cursor = (self.die_cursor + DICE - 1) % DICE,
            KeyCode::Right => self.die_cursor = (self.die_cursor + 1) % DICE,
            KeyCode::Up => self.move_box(false),
            KeyCode::Down => self.move_box(true),
            KeyCode::Enter => self.score(self.box_cursor),
            _ => match screen::plain_char(&key) {
                Some(' ') => self.toggle_die(self.die_cursor),
                Some(d @ '1'..='5') => self.toggle_die(d as usize - '1' as usize),
                Some('r') => self.roll(),
                Some('h') => self.ask_hint(),
                Some('u') => self.take_back(),
                Some(c) => {
                    if let Some(b) = self.box_of_key(c) {
                        self.score(b);
                    }
                }
                None => {}
            },
        }
    }
}

/// The key of box `b`: a small letter for a number box, a capital for a painted one.
fn box_key(boxes: &[PaintedBox], b: usize) -> char {
    let painted = is_painted(boxes[b]);
    let i = boxes[..b]
        .iter()
        .filter(|&&x| is_painted(x) == painted)
        .count();
    let keys = if painted { PAINTED_KEYS } else { NUMBER_KEYS };
    keys.get(i).map_or(' ', |&k| k as char)
}

fn is_painted(b: PaintedBox) -> bool {
    !matches!(b, PaintedBox::Number(_))
}

impl screen::Game for Screen<'_> {
    fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if screen::too_small(frame, area) {
            return;
        }
        let a = Areas::new(area, self.card_rows());
        self.draw_dice(frame, a.dice);
        screen::side(frame, a.side, self.side_lines());
        let costs = if self.is_over() {
            Vec::new()
        } else {
            self.box_costs()
        };
        frame.render_widget(self.numbers_grid(&costs), a.numbers);
        frame.render_widget(self.painted_grid(&costs), a.painted);
        frame.render_widget(self.hint_grid(), a.hint);
        let keys = if self.is_over() {
            "q quit · ? keys"
        } else {
            "1-5 hold · r roll · a-n A-J score · h hint · u undo · t hints · ? keys · q quit"
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
        match screen::plain_char(&key) {
            Some('q') => {
                self.finish(false);
                return Flow::Quit;
            }
            Some('?') => self.show_help = true,
            Some('t') => {
                self.hints = !self.hints;
                self.message.clear();
                let text = if self.hints { "hints on" } else { "hints off" };
                self.say(text, Style::default());
            }
            _ if self.is_over() => {}
            _ => self.decide_key(key),
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
        self.finish(false);
    }
}

/// Where the screen puts things: the dice with their letters under them and a panel to
/// their right, the card's two columns, the hint's options, the keys on the last line.
struct Areas {
    dice: Rect,
    side: Rect,
    numbers: Rect,
    painted: Rect,
    hint: Rect,
    keys: Rect,
}

impl Areas {
    fn new(area: Rect, card_rows: u16) -> Areas {
        use Constraint::{Fill, Length};
        let [top, card, rest] =
            Layout::vertical([Length(6), Length(card_rows), Fill(1)]).areas(area);
        let dice_width = DICE as u16 * (DIE_WIDTH + DIE_GAP);
        let [dice, side] = Layout::horizontal([Length(dice_width), Fill(1)]).areas(top);
        let [numbers, _, painted, _] =
            Layout::horizontal([Length(CARD_WIDTH), Length(3), Length(CARD_WIDTH), Fill(1)])
                .areas(card);
        let [hint, keys] = Layout::vertical([Fill(1), Length(1)]).areas(rest);
        Areas {
            dice,
            side,
            numbers,
            painted,
            hint,
            keys,
        }
    }
}

/// Drawing.
impl Screen<'_> {
    /// A colour's style: its colour, bold (none under `NO_COLOR`: the letters tell).
    fn colour_style(&self, colour: u8) -> Style {
        if self.palette.colour {
            Style::default()
                .fg(COLOURS[colour as usize % COLOURS.len()])
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        }
    }

    /// The dice to keep, dashed, when hints are on and the strategy would roll again.
    fn suggested(&self) -> Vec<u8> {
        if !self.hints || self.left == 0 {
            return Vec::new();
        }
        let best = self.best_keep();
        if best.len() == DICE {
            return Vec::new();
        }
        best.faces().to_vec()
    }

    fn draw_dice(&self, frame: &mut Frame, area: Rect) {
        if self.is_over() {
            return;
        }
        let mut suggested = self.suggested();
        for (i, die) in self.hand.dice().enumerate() {
            let x = area.x + i as u16 * (DIE_WIDTH + DIE_GAP);
            let hinted = match suggested.iter().position(|&f| f == die.face()) {
                Some(j) => {
                    suggested.swap_remove(j);
                    true
                }
                None => false,
            };
            self.draw_die(frame, Rect::new(x, area.y, DIE_WIDTH, 5), i, die, hinted);
            let letters =
                Paragraph::new(Span::styled(die.to_string(), self.colour_style(die.colour)))
                    .alignment(Alignment::Center);
            frame.render_widget(letters, Rect::new(x, area.y + 5, DIE_WIDTH, 1));
        }
    }

    /// One die in its colour: held ones heavy-framed and labelled, suggested ones dashed.
    fn draw_die(&self, frame: &mut Frame, rect: Rect, i: usize, die: Die, suggested: bool) {
        let held = self.held[i];
        let mut style = self.colour_style(die.colour);
        if held {
            style = style.add_modifier(Modifier::BOLD);
        }
        if i == self.die_cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let border = match (held, suggested) {
            (true, _) => BorderType::Thick,
            (false, true) => BorderType::LightDoubleDashed,
            _ => BorderType::Rounded,
        };
        let mut block = Block::default()
            .borders(Borders::ALL)
            .border_type(border)
            .border_style(style)
            .title_top(Line::from(format!("{}", i + 1)).alignment(Alignment::Center));
        if held {
            block = block.title_bottom(Line::from("held").alignment(Alignment::Center));
        }
        let lines: Vec<Line> = screen::pips(die.number)
            .iter()
            .map(|row| Line::from(Span::styled(*row, style)))
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), rect);
    }

    /// Right of the dice: the turn and the rerolls left, then what just happened.
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = self.adv.game();
        let total = self.card.points(game);
        if let Some(saved) = &self.saved {
            return vec![
                Line::from(Span::styled("Game over", self.palette.accent())),
                Line::from(format!("total {total} · lost {:.2}", self.cost)),
                Line::from(match saved {
                    Ok(()) => format!("record {}", self.record_path.display()),
                    Err(e) => e.clone(),
                }),
            ];
        }
        let head = format!("Painted Yahtzee · turn {}/{}", self.turn, game.turns());
        let left = self.left;
        let mut lines = vec![
            Line::from(Span::styled(head, self.palette.accent())),
            Line::from(format!(
                "{left} reroll{} left · total {total}",
                if left == 1 { "" } else { "s" }
            )),
        ];
        let mut room = 4;
        if let Some(v) = self.held_cost() {
            lines.push(Line::from(format!("roll with these held: {v}")));
            room -= 1;
        }
        let skip = self.message.len().saturating_sub(room);
        lines.extend(
            self.message[skip..]
                .iter()
                .map(|(t, s)| Line::from(Span::styled(t.clone(), *s))),
        );
        lines
    }

    /// With hints on: what rolling with the dice held costs.
    fn held_cost(&self) -> Option<String> {
        if !self.hints || self.left == 0 || self.held.iter().all(|&h| h) {
            return None;
        }
        let cost = self.keep_cost(&self.held_dice());
        Some(cost_text(cost).trim_start().to_string())
    }

    /// Rows of the card, its header included: the longer of its two columns.
    fn card_rows(&self) -> u16 {
        let boxes = &self.adv.game().boxes;
        let painted = boxes.iter().filter(|&&b| is_painted(b)).count();
        let numbers = boxes.len() - painted;
        (1 + numbers.max(painted + self.total_rows().len())) as u16
    }

    fn numbers_grid(&self, costs: &[(Move, f64)]) -> Grid<'static> {
        let boxes = &self.adv.game().boxes;
        let rows = (0..boxes.len())
            .filter(|&b| !is_painted(boxes[b]))
            .map(|b| self.box_row(b, costs))
            .collect();
        self.grid(rows)
    }

    fn painted_grid(&self, costs: &[(Move, f64)]) -> Grid<'static> {
        let boxes = &self.adv.game().boxes;
        let mut rows: Vec<Row> = (0..boxes.len())
            .filter(|&b| is_painted(boxes[b]))
            .map(|b| self.box_row(b, costs))
            .collect();
        rows.extend(self.total_rows());
        self.grid(rows)
    }

    fn grid(&self, rows: Vec<Row<'static>>) -> Grid<'static> {
        let cost = if self.hints { "  cost" } else { "" };
        let header = Row::new(["", "box", "dice", cost, " card"]).style(self.palette.dim());
        let widths = [
            Constraint::Length(1),
            Constraint::Length(15),
            Constraint::Length(4),
            Constraint::Length(6),
            Constraint::Length(5),
        ];
        Grid::new(rows, widths).header(header).column_spacing(1)
    }

    /// A box: its key while open, its label (a colour box's in its colour), what the dice
    /// score there, with hints what filling it costs, and the score written.
    fn box_row(&self, b: usize, costs: &[(Move, f64)]) -> Row<'static> {
        let game = self.adv.game();
        let open = self.card.scores[b].is_none();
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
            Some(&(_, c)) if self.hints => cost_text(c),
            _ => String::new(),
        };
        let score = self.card.scores[b].map_or(format!("{:>5}", "·"), |s| format!("{s:>5}"));
        let style = if !self.is_over() && b == self.box_cursor {
            self.palette.cursor()
        } else if open {
            Style::default()
        } else {
            self.palette.dim()
        };
        Row::new(vec![
            Cell::from(key),
            Cell::from(Span::styled(game.boxes[b].label(), label_style)),
            Cell::from(points),
            Cell::from(cost),
            Cell::from(score),
        ])
        .style(style)
    }

    /// The upper bonus (where the game has number boxes), the Yahtzee bonus (where it has
    /// a Yahtzee box), the total.
    fn total_rows(&self) -> Vec<Row<'static>> {
        let game = self.adv.game();
        let row = |name: &'static str, value: String| {
            Row::new(vec![
                Cell::from(""),
                Cell::from(name),
                Cell::from(""),
                Cell::from(""),
                Cell::from(format!("{value:>5}")),
            ])
        };
        let mut rows = Vec::new();
        if game.has_upper() {
            let upper = self.card.upper_total(game);
            let value = if upper >= game.threshold {
                format!("+{}", game.upper_bonus)
            } else {
                format!("{upper}/{}", game.threshold)
            };
            rows.push(row("upper bonus", value));
        }
        if game
            .box_index(PaintedBox::Number(Category::Yahtzee))
            .is_some()
        {
            rows.push(row("Yahtzee bonus", self.card.yahtzee_bonus.to_string()));
        }
        let total = self.card.points(game).to_string();
        rows.push(row("total", total).style(self.palette.accent()));
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

/// Plays one game full screen; returns the card as the game left it and the expected
/// points lost.
pub fn play(
    adv: &Advisor,
    seed: u64,
    hints: bool,
    record_path: PathBuf,
) -> Result<(Card, f64), Error> {
    let mut s = Screen::new(adv, seed, hints, record_path);
    screen::run(&mut s)?;
    match &s.saved {
        Some(Err(e)) => Err(Error::Game(e.clone())),
        _ => Ok((s.card, s.cost)),
    }
}
