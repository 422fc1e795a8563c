//! Game records of Triple Yahtzee (written by `yahtzee triple play`) and their review: every
//! decision replayed, checked against the rules, and costed against the strategy's values.
//!
//! ```text
//! # yahtzee triple game record
//! variant 1978
//! seed 42
//! turn 1
//! roll 1 3 3 4 6
//! keep 3 3
//! roll 2 3 3 3 5
//! keep 3 3 3
//! roll 3 3 3 3 6
//! score 3 threes
//! ```
//!
//! `keep` with no dice rerolls all five; a `score` after the first or second roll stops
//! the turn early. Blank lines and `#` comments are ignored.

pub use yahtzee_record::RecordError;
use yahtzee_record::{entries, mistakes, Comments, Line, Writer};
use yahtzee_rules::{Category, Dice};

use crate::card::TripleCard;
use crate::game::{Triple, TripleMove, TripleState, Variant};
use crate::turn::Player;

fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError::new(line, message)
}

/// One line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Turn(u32),
    Roll(Dice),
    Keep(Dice),
    /// Column (0-based) and box index.
    Score(usize, usize),
    /// Takes back the last keep or box (and its roll or the next turn's start); the
    /// review still counts what it cost.
    Undo,
}

/// A parsed record.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub variant: Variant,
    pub seed: Option<u64>,
    /// Events with their line numbers (1-based).
    pub events: Vec<(usize, Event)>,
}

impl Record {
    pub fn new(variant: Variant, seed: Option<u64>) -> Record {
        Record {
            variant,
            seed,
            events: Vec::new(),
        }
    }

    pub fn push(&mut self, e: Event) {
        let line = self.events.last().map_or(0, |(l, _)| l + 1);
        self.events.push((line, e));
    }

    /// The record as text (round-trips through [`Record::parse`]).
    pub fn to_text(&self, game: &Triple) -> String {
        let mut w = Writer::starting("# yahtzee triple game record");
        w.line("variant", self.variant.name()).seed(self.seed);
        for (_, e) in &self.events {
            match e {
                Event::Turn(n) => w.line("turn", n),
                Event::Roll(d) => w.line("roll", d.spaced()),
                Event::Keep(d) => w.line("keep", d.spaced()),
                Event::Score(c, b) => w.line(
                    "score",
                    format!("{} {}", c + 1, game.rules.boxes[*b].name()),
                ),
                Event::Undo => w.line("undo", ""),
            };
        }
        w.finish()
    }

    /// Parses a record; `rules` of the columns come from the variant's standard game.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut variant = None;
        let mut seed = None;
        let mut events = Vec::new();
        for l in entries(text, Comments::Trailing) {
            match l.word.to_ascii_lowercase().as_str() {
                "variant" => {
                    let v = Variant::from_name(l.rest).ok_or_else(|| {
                        l.err(format!("unknown variant '{}' (1978 or forum)", l.rest))
                    })?;
                    variant = Some(v);
                }
                "seed" => seed = Some(l.number(|r| format!("bad seed '{r}'"))?),
                _ => events.push((l.number, event(&l)?)),
            }
        }
        let variant = variant.ok_or_else(|| err(1, "the record does not say its variant"))?;
        Ok(Record {
            variant,
            seed,
            events,
        })
    }
}

/// A line of the body: its event, or why it is not one.
fn event(l: &Line) -> Result<Event, RecordError> {
    let rest = l.rest;
    Ok(match l.word.to_ascii_lowercase().as_str() {
        "turn" => Event::Turn(l.number(|r| format!("bad turn number '{r}'"))?),
        "roll" => Event::Roll(Dice::parse_roll(rest).map_err(|e| l.err(e.to_string()))?),
        "keep" => Event::Keep(parse_keep(rest).map_err(|e| l.err(e))?),
        "score" => parse_score(&Triple::standard(Variant::Lowe1978), rest).map_err(|e| l.err(e))?,
        "undo" if rest.is_empty() => Event::Undo,
        _ => {
            return Err(l.err(format!(
                "unknown entry '{}' (variant, seed, turn, roll, keep, score, undo)",
                l.word
            )))
        }
    })
}

fn parse_keep(s: &str) -> Result<Dice, String> {
    if s.is_empty() {
        return Ok(Dice::EMPTY);
    }
    Dice::parse_keep(s).map_err(|e| e.to_string())
}

/// `COLUMN BOX`, e.g. `3 full_house` or `2 fh`.
pub fn parse_score(game: &Triple, s: &str) -> Result<Event, String> {
    let (col, name) = s
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("'{s}': say the column and the box, e.g. 'score 2 full_house'"))?;
    let c = match col.trim().parse::<usize>() {
        Ok(c @ 1..=3) => c - 1,
        _ => return Err(format!("column '{col}' must be 1, 2 or 3")),
    };
    let b = Category::from_name(name.trim())
        .and_then(|cat| game.rules.box_index(cat))
        .ok_or_else(|| format!("unknown box '{}'", name.trim()))?;
    Ok(Event::Score(c, b))
}

/// A choice as the review's JSON gives it: its kind and fields, so a program reads the
/// dice kept or the column, box and points without parsing a label.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Keep these dice (all five: stop rolling) and roll the others.
    Keep { keep: Vec<u8> },
    /// Score the roll in `column` (1 to 3) `category`, adding `points` to the total.
    Score {
        column: u8,
        category: &'static str,
        points: u32,
    },
}

impl Action {
    fn keep(k: &Dice) -> Action {
        Action::Keep { keep: k.faces() }
    }

    fn score(game: &Triple, m: &TripleMove) -> Action {
        Action::Score {
            column: m.col as u8 + 1,
            category: game.rules.boxes[m.box_index].name(),
            points: m.points,
        }
    }
}

/// One decision of a reviewed game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Decision {
    pub line: usize,
    pub turn: u32,
    pub dice: String,
    /// Rerolls that were still possible (0: the scoring decision).
    pub rolls_left: u8,
    pub chosen: Action,
    pub best: Action,
    /// The choices in words (`keep 3 3`, `3 full_house (75)`), for the text report.
    #[serde(skip)]
    pub chosen_label: String,
    #[serde(skip)]
    pub best_label: String,
    /// Expected points lost against the strategy's best option (by its own values).
    pub cost: f64,
}

/// A reviewed game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Review {
    pub variant: String,
    pub finished: bool,
    pub total: u32,
    pub cost: f64,
    pub decisions: Vec<Decision>,
    #[serde(skip)]
    pub card: Option<TripleCard>,
}

impl Review {
    /// The review as `yahtzee triple review` prints it: every decision with its cost, then
    /// the `top` costliest; `name` is the record's.
    pub fn text(&self, name: &str, top: usize) -> String {
        use yahtzee_rules::{wrap, COLUMNS};
        let mut out =
            wrap(
                &format!(
                "review of {name} ({} rules, {}): total {}, {:.3} expected points lost over {} \
                 decisions",
                self.variant,
                if self.finished { "finished" } else { "not finished" },
                self.total,
                self.cost,
                self.decisions.len()
            ),
                COLUMNS,
                "  ",
            );
        out.push('\n');
        // One row per decision, within 80 columns; the strategy's choice under a costly one.
        let lead = 5 + 1 + 4 + 2 + 10 + 1 + 4 + 2;
        let choice_w = self
            .decisions
            .iter()
            .map(|d| d.chosen_label.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(6, COLUMNS - lead - 8);
        let row = |l: &dyn std::fmt::Display,
                   t: &dyn std::fmt::Display,
                   d: &str,
                   r: &dyn std::fmt::Display,
                   c: &str,
                   cost: &str| {
            format!("{l:>5} {t:>4}  {d:<10} {r:>4}  {c:<choice_w$} {cost:>7}\n")
        };
        out += &row(&"line", &"turn", "dice", &"left", "choice", "cost");
        for d in &self.decisions {
            let costly = d.cost > 1e-9;
            let cost = if costly {
                format!("{:.3}", d.cost)
            } else {
                "-".into()
            };
            out += &row(
                &d.line,
                &d.turn,
                &d.dice,
                &d.rolls_left,
                &d.chosen_label,
                &cost,
            );
            if costly {
                out += &wrap(
                    &format!("{:lead$}best: {}", "", d.best_label),
                    COLUMNS,
                    &" ".repeat(lead + 6),
                );
            }
        }
        let say = |d: &Decision| {
            let head = format!(
                "  line {}: turn {} with {}, cost {:.3}:",
                d.line, d.turn, d.dice, d.cost
            );
            let choice = format!("    {}; best {}", d.chosen_label, d.best_label);
            wrap(&head, COLUMNS, "    ") + &wrap(&choice, COLUMNS, "    ")
        };
        out += &mistakes(&self.decisions, |d| d.cost, top, "the strategy's", say);
        out
    }
}

/// Replays `record` with `player`'s values: every keep and every box is checked against
/// the rules and costed (best option's value − chosen option's value). A record may end
/// anywhere (a game given up): the review then says it is not finished.
pub fn review(record: &Record, player: &Player) -> Result<Review, RecordError> {
    let game = player.game();
    if game.variant != record.variant {
        return Err(err(1, "the record's variant differs from the player's"));
    }
    let mut r = Replay::new(game);
    let mut decisions = Vec::new();
    // The replay before each keep and box, for `undo`.
    let mut undo: Vec<Replay> = Vec::new();
    for (line, e) in &record.events {
        match e {
            Event::Undo => {
                r = undo
                    .pop()
                    .ok_or_else(|| err(*line, "undo: no keep or box to take back"))?;
            }
            Event::Keep(_) | Event::Score(..) => {
                // The turn's values are not kept: recomputed when asked after an undo.
                let current = r.current.take();
                undo.push(r.clone());
                r.current = current;
                r.step(*line, e, player, &mut decisions)?;
            }
            _ => r.step(*line, e, player, &mut decisions)?,
        }
    }
    let cost = decisions.iter().map(|d| d.cost).sum();
    Ok(Review {
        variant: game.variant.name().to_string(),
        finished: r.card.is_full(),
        total: r.card.total(),
        cost,
        decisions,
        card: Some(r.card),
    })
}

/// The replay's position inside a turn.
#[derive(Clone)]
struct Replay {
    game: Triple,
    card: TripleCard,
    state: TripleState,
    turn: u32,
    /// Dice showing, and rolls made this turn.
    dice: Option<Dice>,
    rolls: u8,
    kept: Option<Dice>,
    current: Option<crate::turn::Turn>,
}

impl Replay {
    fn new(game: Triple) -> Replay {
        Replay {
            game,
            card: TripleCard::new(game),
            state: TripleState::START,
            turn: 0,
            dice: None,
            rolls: 0,
            kept: None,
            current: None,
        }
    }

    fn step(
        &mut self,
        line: usize,
        e: &Event,
        player: &Player,
        out: &mut Vec<Decision>,
    ) -> Result<(), RecordError> {
        match e {
            Event::Turn(_) => {
                if self.dice.is_some() || self.kept.is_some() {
                    return Err(err(
                        line,
                        "a new turn starts before the last one was scored",
                    ));
                }
                Ok(())
            }
            Event::Roll(d) => self.roll(line, *d),
            Event::Keep(k) => self.keep(line, *k, player, out),
            Event::Score(c, b) => self.score(line, *c, *b, player, out),
            Event::Undo => Err(err(line, "undo is replayed by review")),
        }
    }

    fn roll(&mut self, line: usize, d: Dice) -> Result<(), RecordError> {
        if self.game.is_over(&self.state) {
            return Err(err(line, "the card is already full"));
        }
        if self.dice.is_some() {
            return Err(err(line, "a roll follows a roll: keep or score first"));
        }
        if let Some(k) = self.kept.take() {
            if !d.contains(&k) {
                return Err(err(
                    line,
                    format!("roll {} lacks the kept dice {}", d.spaced(), k.spaced()),
                ));
            }
        } else {
            self.turn += 1;
            self.rolls = 0;
        }
        self.rolls += 1;
        self.dice = Some(d);
        Ok(())
    }

    fn turn_values(&mut self, player: &Player) -> &crate::turn::Turn {
        if self.current.is_none() {
            self.current = Some(player.turn(&self.state));
        }
        self.current.as_ref().expect("just set")
    }

    fn keep(
        &mut self,
        line: usize,
        k: Dice,
        player: &Player,
        out: &mut Vec<Decision>,
    ) -> Result<(), RecordError> {
        let d = self
            .dice
            .take()
            .ok_or_else(|| err(line, "keep without dice rolled"))?;
        if self.rolls >= 3 {
            return Err(err(line, "no reroll after the third roll: score it"));
        }
        if !d.contains(&k) {
            return Err(err(
                line,
                format!("keep {} is not in the roll {}", k.spaced(), d.spaced()),
            ));
        }
        let left = 3 - self.rolls;
        let (turn, rolls) = (self.turn, self.rolls);
        let turn_values = self.turn_values(player);
        let values = turn_values.keeps(left);
        let best = turn_values.best_keep(&d, left);
        let chosen = values[k.index()][0];
        let t = yahtzee_rules::tables();
        out.push(Decision {
            line,
            turn,
            dice: d.spaced(),
            rolls_left: 3 - rolls,
            chosen: Action::keep(&k),
            best: Action::keep(&t.keep(best)),
            chosen_label: format!("keep {}", label(&k)),
            best_label: format!("keep {}", label(&t.keep(best))),
            cost: (values[best][0] - chosen).max(0.0),
        });
        self.kept = Some(k);
        Ok(())
    }

    fn score(
        &mut self,
        line: usize,
        c: usize,
        b: usize,
        player: &Player,
        out: &mut Vec<Decision>,
    ) -> Result<(), RecordError> {
        let d = self
            .dice
            .take()
            .ok_or_else(|| err(line, "score without dice rolled"))?;
        if self.rolls < 3 {
            // Stopping early is keeping all five dice.
            self.dice = Some(d);
            self.keep(line, d, player, out)?;
            self.kept = None;
        }
        let options = player.move_values(&self.state, &d);
        let Some(&(m, v)) = options.iter().find(|(m, _)| m.col == c && m.box_index == b) else {
            // A box this game does not have (a record of another game) is named, not indexed.
            let name = self.game.rules.boxes.get(b).map_or("?", |c| c.name());
            return Err(err(
                line,
                format!(
                    "column {} {name} is not a legal box for {}",
                    c + 1,
                    d.spaced()
                ),
            ));
        };
        let (bm, bv) = best_of(&options);
        out.push(Decision {
            line,
            turn: self.turn,
            dice: d.spaced(),
            rolls_left: 0,
            chosen: Action::score(&self.game, &m),
            best: Action::score(&self.game, &bm),
            chosen_label: move_label(&self.game, &m),
            best_label: move_label(&self.game, &bm),
            cost: (bv - v).max(0.0),
        });
        self.card.apply(&m, d.five_of_a_kind().is_some());
        self.state = m.next;
        self.current = None;
        Ok(())
    }
}

/// The first best option.
pub fn best_of(options: &[(TripleMove, f64)]) -> (TripleMove, f64) {
    let mut best = options[0];
    for &o in &options[1..] {
        if o.1 > best.1 {
            best = o;
        }
    }
    best
}

/// `3 full_house (75)`: column, box, points the move adds.
pub fn move_label(game: &Triple, m: &TripleMove) -> String {
    format!(
        "{} {} ({})",
        m.col + 1,
        game.rules.boxes[m.box_index].name(),
        m.points
    )
}

/// Dice of a keep, or `nothing` for rerolling all five.
pub fn label(k: &Dice) -> String {
    if k.is_empty() {
        "nothing".to_string()
    } else {
        k.spaced()
    }
}
