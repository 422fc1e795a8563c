//! A Triple Yahtzee scorecard as players write and type it: three columns of box scores,
//! the Yahtzee bonus points, and (Forum rules) the Yahtzees rolled; parsing, checks,
//! totals and the three-column display.

use thiserror::Error;
use yahtzee_rules::{possible_scores, Category, State, UPPER_CAP};

use crate::game::{
    Triple, TripleMove, TripleState, Variant, COLUMNS, MULTIPLIERS, YAHTZEE_COUNT_CAP,
};

/// Why a card was refused (one line each).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CardError {
    #[error(
        "'{0}' is not of the form COLUMN.box=score (e.g. 2.full_house=25), bonus=N or yahtzees=N"
    )]
    Syntax(String),
    #[error("'{0}': the column must be 1, 2 or 3")]
    Column(String),
    #[error("unknown box '{0}'")]
    UnknownBox(String),
    #[error("'{0}' is not a whole number")]
    NotANumber(String),
    #[error("column {0} {1} is given twice")]
    Duplicate(usize, &'static str),
    #[error("{0} can never hold {1}")]
    Impossible(&'static str, u32),
    #[error("bonus={0}: {1}")]
    Bonus(u32, &'static str),
    #[error("yahtzees={0}: {1}")]
    Yahtzees(u32, &'static str),
    #[error("'{0}' is given twice")]
    Repeated(&'static str),
}

/// Scores written on a Triple Yahtzee card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TripleCard {
    game: Triple,
    /// `scores[column][box]`, unmultiplied, `None` while open.
    scores: [Vec<Option<u32>>; COLUMNS],
    /// Extra-Yahtzee bonus points earned (1978 chips × 100, Forum bonuses).
    bonus: u32,
    /// Forum rules: Yahtzees rolled so far (uncapped, for the record).
    yahtzees: u32,
}

impl TripleCard {
    /// An empty card.
    pub fn new(game: Triple) -> TripleCard {
        TripleCard {
            game,
            scores: std::array::from_fn(|_| vec![None; game.boxes()]),
            bonus: 0,
            yahtzees: 0,
        }
    }

    pub fn game(&self) -> Triple {
        self.game
    }

    /// The score in a box, if filled.
    pub fn score(&self, col: usize, b: usize) -> Option<u32> {
        self.scores[col][b]
    }

    /// Yahtzee bonus points earned so far.
    pub fn bonus(&self) -> u32 {
        self.bonus
    }

    /// Parses `"1.ones=3 2.full_house=25 3.yz=50 bonus=100 yahtzees=2"`: entries separated
    /// by spaces or commas; a box is `COLUMN.name` with any of the solitaire box names and
    /// aliases; `bonus` is the Yahtzee bonus points won; `yahtzees` (Forum rules) the
    /// Yahtzees rolled, by default as many as Yahtzee boxes holding 50.
    pub fn parse(game: Triple, text: &str) -> Result<TripleCard, CardError> {
        let mut card = TripleCard::new(game);
        let mut bonus = None;
        let mut yahtzees = None;
        for entry in text.split(|c: char| c.is_whitespace() || c == ',') {
            if entry.is_empty() {
                continue;
            }
            let (name, value) = entry
                .split_once('=')
                .ok_or_else(|| CardError::Syntax(entry.to_string()))?;
            let number = || {
                value
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| CardError::NotANumber(value.to_string()))
            };
            match name.trim().to_ascii_lowercase().as_str() {
                "bonus" | "yahtzee_bonus" | "chips" => set_once(&mut bonus, number()?, "bonus")?,
                "yahtzees" => set_once(&mut yahtzees, number()?, "yahtzees")?,
                _ => card.parse_box(name, number()?)?,
            }
        }
        card.set_bonus(bonus.unwrap_or(0))?;
        card.set_yahtzees(yahtzees)?;
        Ok(card)
    }

    fn parse_box(&mut self, name: &str, score: u32) -> Result<(), CardError> {
        let (col, boxname) = name
            .split_once('.')
            .ok_or_else(|| CardError::Syntax(name.to_string()))?;
        let col = col.trim().trim_start_matches(['c', 'C']);
        let c = match col.parse::<usize>() {
            Ok(c @ 1..=3) => c - 1,
            _ => return Err(CardError::Column(name.to_string())),
        };
        let rules = self.game.rules;
        let b = Category::from_name(boxname)
            .and_then(|cat| rules.box_index(cat))
            .ok_or_else(|| CardError::UnknownBox(boxname.to_string()))?;
        let cat = rules.boxes[b];
        if self.scores[c][b].is_some() {
            return Err(CardError::Duplicate(c + 1, cat.name()));
        }
        if !possible_scores(rules, b).contains(&score) {
            return Err(CardError::Impossible(cat.name(), score));
        }
        self.scores[c][b] = Some(score);
        Ok(())
    }

    fn set_bonus(&mut self, bonus: u32) -> Result<(), CardError> {
        if !bonus.is_multiple_of(100) {
            return Err(CardError::Bonus(bonus, "Yahtzee bonuses come in hundreds"));
        }
        let fifties = self.yahtzee_fifties();
        if bonus > 0 && fifties == 0 {
            return Err(CardError::Bonus(bonus, "no Yahtzee box holds 50"));
        }
        let turns = self.filled_count() as u32;
        let per_turn = if self.game.variant == Variant::Forum {
            300
        } else {
            100
        };
        if bonus > per_turn * turns.saturating_sub(1) {
            return Err(CardError::Bonus(
                bonus,
                "more than the turns played can have earned",
            ));
        }
        self.bonus = bonus;
        Ok(())
    }

    fn set_yahtzees(&mut self, given: Option<u32>) -> Result<(), CardError> {
        let fifties = self.yahtzee_fifties();
        match (self.game.variant, given) {
            (Variant::Lowe1978, Some(n)) => Err(CardError::Yahtzees(
                n,
                "only the Forum rules count Yahtzees",
            )),
            (_, None) => {
                self.yahtzees = fifties;
                Ok(())
            }
            (_, Some(n)) if n < fifties => Err(CardError::Yahtzees(
                n,
                "fewer than the Yahtzee boxes holding 50",
            )),
            (_, Some(n)) if n > self.filled_count() as u32 => {
                Err(CardError::Yahtzees(n, "more than the turns played"))
            }
            (_, Some(n)) => {
                self.yahtzees = n;
                Ok(())
            }
        }
    }

    /// Yahtzee boxes holding 50.
    fn yahtzee_fifties(&self) -> u32 {
        let Some(y) = self.game.rules.box_index(Category::Yahtzee) else {
            return 0;
        };
        self.scores.iter().filter(|col| col[y] == Some(50)).count() as u32
    }

    /// Boxes filled over the three columns.
    pub fn filled_count(&self) -> usize {
        self.scores.iter().flatten().filter(|s| s.is_some()).count()
    }

    pub fn is_full(&self) -> bool {
        self.filled_count() == self.game.turns()
    }

    /// Sum of the upper boxes of a column (uncapped).
    pub fn upper_total(&self, col: usize) -> u32 {
        let rules = self.game.rules;
        (0..self.game.boxes())
            .filter(|&b| rules.boxes[b].upper_face().is_some())
            .filter_map(|b| self.scores[col][b])
            .sum()
    }

    /// The upper bonus a column holds (before the multiplier).
    pub fn upper_bonus(&self, col: usize) -> u32 {
        let rules = self.game.rules;
        if self.upper_total(col) >= rules.upper_threshold {
            rules.upper_bonus
        } else {
            0
        }
    }

    /// A column's combined total: its boxes plus its upper bonus, before the multiplier.
    pub fn column_total(&self, col: usize) -> u32 {
        self.scores[col].iter().flatten().sum::<u32>() + self.upper_bonus(col)
    }

    /// The total so far: Σ multiplier × column total, plus the Yahtzee bonus points.
    pub fn total(&self) -> u32 {
        (0..COLUMNS)
            .map(|c| MULTIPLIERS[c] * self.column_total(c))
            .sum::<u32>()
            + self.bonus
    }

    /// The state the strategy sees.
    pub fn state(&self) -> TripleState {
        let rules = self.game.rules;
        let cols = std::array::from_fn(|c| {
            let filled = (0..self.game.boxes())
                .filter(|&b| self.scores[c][b].is_some())
                .fold(0u32, |m, b| m | 1 << b);
            let upper = self.upper_total(c).min(UPPER_CAP) as u8;
            let y50 = rules
                .box_index(Category::Yahtzee)
                .is_some_and(|y| self.scores[c][y] == Some(50));
            State::new(filled, upper, y50)
        });
        let yahtzees = match self.game.variant {
            Variant::Forum => self.yahtzees.min(u32::from(YAHTZEE_COUNT_CAP)) as u8,
            Variant::Lowe1978 => 0,
        };
        TripleState { cols, yahtzees }
    }

    /// Writes a legal move (from [`Triple::for_each_move`] on this card's state).
    pub fn apply(&mut self, m: &TripleMove, five_of_a_kind: bool) {
        debug_assert!(self.scores[m.col][m.box_index].is_none());
        self.scores[m.col][m.box_index] = Some(m.score);
        self.bonus += m.yahtzee_bonus;
        if five_of_a_kind {
            self.yahtzees += 1;
        }
    }

    /// The card in the `--card` syntax (round-trips through [`TripleCard::parse`]).
    pub fn to_text(&self) -> String {
        let mut parts = Vec::new();
        for (c, col) in self.scores.iter().enumerate() {
            for (b, s) in col.iter().enumerate() {
                if let Some(s) = s {
                    parts.push(format!("{}.{}={s}", c + 1, self.game.rules.boxes[b].name()));
                }
            }
        }
        if self.bonus > 0 {
            parts.push(format!("bonus={}", self.bonus));
        }
        if self.game.variant == Variant::Forum && self.yahtzees != self.yahtzee_fifties() {
            parts.push(format!("yahtzees={}", self.yahtzees));
        }
        parts.join(" ")
    }

    /// The three columns side by side, with upper bonuses and multiplied totals.
    pub fn display(&self) -> String {
        let rules = self.game.rules;
        let mut out = format!("{:<16}{:>8}{:>8}{:>8}\n", "", "col ×1", "col ×2", "col ×3");
        let cell = |v: Option<u32>| v.map_or("·".to_string(), |s| s.to_string());
        for (b, cat) in rules.boxes.iter().enumerate() {
            out += &format!("{:<16}", cat.name());
            for c in 0..COLUMNS {
                out += &format!("{:>8}", cell(self.scores[c][b]));
            }
            out.push('\n');
        }
        let row = |label: &str, f: &dyn Fn(usize) -> u32| {
            let cells: String = (0..COLUMNS).map(|c| format!("{:>8}", f(c))).collect();
            format!("{label:<16}{cells}\n")
        };
        out += &row("upper total", &|c| self.upper_total(c));
        out += &row("upper bonus", &|c| self.upper_bonus(c));
        out += &row("column total", &|c| self.column_total(c));
        out += &row("× multiplier", &|c| MULTIPLIERS[c] * self.column_total(c));
        out += &format!("{:<16}{:>8}\n", "yahtzee bonus", self.bonus);
        if self.game.variant == Variant::Forum {
            out += &format!("{:<16}{:>8}\n", "yahtzees rolled", self.yahtzees);
        }
        out += &format!("{:<16}{:>8}\n", "TOTAL", self.total());
        out
    }
}

fn set_once(slot: &mut Option<u32>, v: u32, name: &'static str) -> Result<(), CardError> {
    if slot.replace(v).is_some() {
        return Err(CardError::Repeated(name));
    }
    Ok(())
}
