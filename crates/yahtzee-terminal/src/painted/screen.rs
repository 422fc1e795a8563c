//! `yahtzee painted play` full screen: the keys and widgets of `yahtzee play`
//! ([`crate::widgets`]) over the Painted Yahtzee card. The five dice are drawn large in
//! their colours with their letters under them (`5r`), so they read under `NO_COLOR` too;
//! the boxes stand in two columns (the number boxes; the painted boxes and the totals) with
//! what the dice score in each open box and, with hints on, what filling it costs; `h`
//! lists the strategy's best options with what each loses; `u` takes a decision back.
//!
//! The record is the line mode's ([`yahtzee_painted::record`], read by `yahtzee painted
//! review`): a decision taken back leaves it, and is noted in a closing comment with its
//! cost, which still counts.

use std::path::PathBuf;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::Frame;
use yahtzee_painted::advice::{Advisor, Ranked};
use yahtzee_painted::card::Card;
use yahtzee_painted::dice::{Hand, DICE};
use yahtzee_painted::game::{Move, PaintedBox};
use yahtzee_painted::record::{keep_label, Event, Record};
use yahtzee_painted::sim::throw;
use yahtzee_painted::TurnValues;

use crate::file::RecordFile;
use crate::screen::{self, Play};
use crate::widgets::card::{fill_costs, next_open};
use crate::widgets::chrome::Chrome;
use crate::widgets::dice::{Holds, TurnKey};
use crate::Error;

mod draw;

/// Keys of the number boxes in card order: letters that are no command (`h` hint, `q`
/// quit, `r` roll, `t` hints on/off, `u` undo).
const NUMBER_KEYS: &[u8] = b"abcdefgijklmn";
/// Keys of the painted boxes: capitals, since 23 boxes outnumber the letters the commands
/// leave.
const PAINTED_KEYS: &[u8] = b"ABCDEFGHIJ";

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

/// The game as a decision leaves it, kept before each one for `u`.
#[derive(Clone)]
struct State {
    card: Card,
    rng: ChaCha8Rng,
    turn: u32,
    hand: Hand,
    /// Rerolls left this turn.
    left: u8,
    /// The box the arrow keys are on (an index into the game's boxes).
    box_cursor: usize,
}

/// A decision that can be taken back: the game before it, the record's length before it
/// (it leaves the record when taken back), and the decision and its cost, as the record's
/// comment says it once taken back.
struct Undo {
    before: State,
    events: usize,
    note: String,
}

/// A game of Painted Yahtzee full screen.
pub struct Screen<'a> {
    adv: &'a Advisor,
    st: State,
    record: Record,
    /// This turn's tables: the value of every keep (computed once a turn: tens of
    /// milliseconds in the full game, too slow for every frame).
    values: TurnValues<1>,
    holds: Holds,
    undo: Vec<Undo>,
    /// The decisions taken back, noted at the end of the record.
    taken_back: Vec<String>,
    chrome: Chrome,
    /// The last hint's options, until the next decision.
    hint: Vec<Ranked>,
    /// Expected points lost against the strategy.
    cost: f64,
    file: RecordFile,
}

impl<'a> Screen<'a> {
    /// A new game against `adv`'s strategy with the dice of `seed` (the line mode's dice
    /// for the same seed).
    pub fn new(adv: &'a Advisor, seed: u64, hints: bool, record_path: PathBuf) -> Screen<'a> {
        let game = adv.game();
        let mut s = Screen {
            adv,
            st: State {
                card: Card::empty(game),
                rng: ChaCha8Rng::seed_from_u64(seed),
                turn: 0,
                hand: Hand::default(),
                left: 0,
                box_cursor: 0,
            },
            record: Record::new(game, Some(seed)),
            values: TurnValues::new(&adv.plan),
            holds: Holds::default(),
            undo: Vec::new(),
            taken_back: Vec::new(),
            chrome: Chrome::new(hints, KEYS),
            hint: Vec::new(),
            cost: 0.0,
            file: RecordFile::new(record_path),
        };
        s.start_turn();
        s
    }

    pub fn card(&self) -> &Card {
        &self.st.card
    }

    /// The dice showing, in the order drawn (by colour, then number).
    pub fn hand(&self) -> Hand {
        self.st.hand
    }

    /// Expected points lost against the strategy so far (decisions taken back included).
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Whether the game is over (or stopped) and its record written.
    pub fn is_over(&self) -> bool {
        self.file.is_written()
    }

    /// The record so far, as the text of its file.
    pub fn record_text(&self) -> String {
        self.with_notes(self.record.to_text())
    }

    /// The decisions taken back, as comments after the record's last line (a review
    /// passes over them).
    fn with_notes(&self, mut text: String) -> String {
        for note in &self.taken_back {
            text += &format!("# taken back: {note}\n");
        }
        text
    }

    /// Keeps the record, as a stopped game's, for an interrupt.
    fn keep_record(&self) {
        self.file
            .keep(&self.with_notes(self.record.to_text_stopped()));
    }

    fn start_turn(&mut self) {
        self.st.turn += 1;
        self.record.push(Event::Turn(self.st.turn));
        self.values = self.adv.turn(&self.st.card);
        let faces = throw(&mut self.st.rng, self.adv.game().faces(), DICE);
        self.st.left = 2;
        self.rolled(Hand::from_faces(&faces));
    }

    /// After a roll: it is recorded, nothing is held, the cursor is on an open box.
    fn rolled(&mut self, hand: Hand) {
        self.st.hand = hand;
        self.record.push(Event::Roll(hand));
        self.holds.reset(DICE);
        if self.st.card.scores[self.st.box_cursor].is_some() {
            self.move_box(true);
        }
        self.keep_record();
    }

    /// The dice held, as a keep.
    fn held_dice(&self) -> Hand {
        Hand::from_faces(&self.holds.kept(self.st.hand.faces()))
    }

    /// The strategy's keep with the rerolls left.
    fn best_keep(&self) -> Hand {
        self.adv
            .best_keep(&self.values, &self.st.hand, self.st.left)
    }

    /// What keeping `kept` costs with rerolls left, against the best keep.
    fn keep_cost(&self, kept: &Hand) -> f64 {
        let value = |h: &Hand| self.values.keep_value(&self.adv.plan, h, self.st.left)[0];
        value(&self.best_keep()) - value(kept)
    }

    /// Each legal box's move and what filling it now costs against the strategy (with
    /// rerolls left, stopping is part of the choice).
    fn box_costs(&self) -> Vec<(Move, f64)> {
        let options = self.adv.moves(&self.st.card, &self.st.hand);
        let stop = match self.st.left {
            0 => 0.0,
            _ => self.keep_cost(&self.st.hand),
        };
        fill_costs(options, stop)
    }

    /// The strategy's choice when a box is filled: its keep if stopping costs, else its box.
    fn best_choice(&self) -> String {
        if self.st.left > 0 && self.keep_cost(&self.st.hand) > 1e-9 {
            return keep_label(&self.best_keep());
        }
        let m = self.adv.best_move(&self.st.card, &self.st.hand);
        let name = self.adv.game().boxes[m.box_index].name();
        format!("score {name} ({})", m.points())
    }

    /// Adds a decision's cost and, with hints on, says it; keeps the game before it for
    /// `u`, with the note the record gets if it is taken back.
    fn decided(&mut self, decision: String, cost: f64, best: String) {
        self.hint.clear();
        self.cost += cost.max(0.0);
        self.chrome.judge(cost, &best);
        let note = format!(
            "turn {}, roll {}: {decision} (cost {cost:.3})",
            self.st.turn, self.st.hand
        );
        self.undo.push(Undo {
            before: self.st.clone(),
            events: self.record.events.len(),
            note,
        });
    }

    fn roll(&mut self) {
        self.chrome.message.clear();
        if self.st.left == 0 {
            return self.chrome.refuse("no rerolls left: choose a box");
        }
        if self.holds.all() {
            return self
                .chrome
                .note("all five held: choose a box (it ends your turn)");
        }
        let kept = self.held_dice();
        let cost = self.keep_cost(&kept);
        self.decided(keep_label(&kept), cost, keep_label(&self.best_keep()));
        self.record.push(Event::Keep(kept));
        let mut faces = kept.faces().to_vec();
        let more = throw(&mut self.st.rng, self.adv.game().faces(), DICE - kept.len());
        faces.extend(more);
        self.st.left -= 1;
        self.rolled(Hand::from_faces(&faces));
    }

    /// Fills box `b` with the dice showing (a filled box is refused with a line).
    fn score(&mut self, b: usize) {
        self.chrome.message.clear();
        let game = self.adv.game();
        let costs = self.box_costs();
        let Some(&(m, cost)) = costs.iter().find(|(m, _)| m.box_index == b) else {
            let label = game.boxes[b].label();
            return self.chrome.refuse(format!("{label} is filled"));
        };
        let best = self.best_choice();
        self.decided(format!("score {}", game.boxes[b].name()), cost, best);
        self.record.push(Event::Score(b));
        self.st.card.apply(&m);
        let bonus = if m.yahtzee_bonus > 0 {
            " with the Yahtzee bonus"
        } else {
            ""
        };
        let label = game.boxes[b].label();
        self.chrome
            .note(format!("{} points in {label}{bonus}", m.points()));
        if self.st.card.is_full() {
            self.finish(true);
        } else {
            self.start_turn();
        }
    }

    /// Takes back the last keep or box: the same dice again (the same dice to come, too),
    /// its cost still counted and noted in the record.
    fn take_back(&mut self) {
        let Some(u) = self.chrome.take_back(&mut self.undo) else {
            return;
        };
        self.hint.clear();
        let other_turn = u.before.turn != self.st.turn;
        self.st = u.before;
        self.record.events.truncate(u.events);
        self.taken_back.push(u.note);
        if other_turn {
            self.values = self.adv.turn(&self.st.card);
        }
        self.holds.reset(DICE);
        self.keep_record();
        self.chrome.note("taken back (its cost still counts)");
    }

    /// Writes the record (ended by `end`, or `quit` when the game did not finish).
    fn finish(&mut self, finished: bool) {
        if self.is_over() {
            return;
        }
        self.record
            .push(if finished { Event::End } else { Event::Quit });
        let text = self.record_text();
        self.file.write(&text);
    }

    /// The strategy's best options with what each loses, listed under the card.
    fn ask_hint(&mut self) {
        self.chrome.message.clear();
        match self.adv.advise(&self.st.card, &self.st.hand, self.st.left) {
            Ok(a) => {
                let text = format!("hint: best expected total {:.2}", a.expected_total);
                self.chrome.note(text);
                self.hint = a.options.into_iter().take(HINT_OPTIONS).collect();
            }
            Err(e) => self.chrome.refuse(e),
        }
    }

    /// Moves the box cursor to the next open box down (or up) the card.
    fn move_box(&mut self, down: bool) {
        let scores = &self.st.card.scores;
        let open = |b: usize| scores[b].is_none();
        if let Some(b) = next_open(self.st.box_cursor, scores.len(), down, open) {
            self.st.box_cursor = b;
        }
    }

    /// The box a key scores.
    fn box_of_key(&self, c: char) -> Option<usize> {
        (0..self.st.card.scores.len()).find(|&b| box_key(&self.adv.game().boxes, b) == c)
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

impl Play for Screen<'_> {
    screen::chrome_field!();

    fn draw_game(&self, frame: &mut Frame, area: Rect) {
        self.draw_board(frame, area);
    }

    /// Keys while the dice are showing.
    fn game_key(&mut self, key: KeyEvent) {
        match self.holds.turn_key(&key) {
            TurnKey::Move { down } => self.move_box(down),
            TurnKey::Fill => self.score(self.st.box_cursor),
            TurnKey::Letter('r') => self.roll(),
            TurnKey::Letter('h') => self.ask_hint(),
            TurnKey::Letter('u') => self.take_back(),
            TurnKey::Letter(c) => {
                if let Some(b) = self.box_of_key(c) {
                    self.score(b);
                }
            }
            TurnKey::Dice | TurnKey::Other => {}
        }
    }

    fn stop(&mut self) {
        self.finish(false);
    }

    fn over(&self) -> bool {
        self.is_over()
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
    s.file.check()?;
    Ok((s.st.card, s.cost))
}
