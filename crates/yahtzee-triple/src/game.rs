//! The rules of Triple Yahtzee: three columns of one base card, scored ×1, ×2, ×3, and the
//! legal moves of a final roll under each variant's extra-Yahtzee rules.
//!
//! A column is a solitaire card of the base rule set (`forced`, or a reduced copy of it for
//! the exact tests), so its state is a solitaire [`State`] and its box scores, Joker values
//! and upper bonus come from [`RuleSet`]: nothing here re-implements the scoring of a box.

use yahtzee_rules::{Category, Dice, RuleSet, State};

/// Number of columns on a Triple Yahtzee card.
pub const COLUMNS: usize = 3;

/// What column `c` (0-based) is multiplied by at the end of the game.
pub const MULTIPLIERS: [u32; COLUMNS] = [1, 2, 3];

/// The Forum variant's count of Yahtzees rolled is capped here: "3 or more" is all the
/// rules need to tell a 4th or later Yahtzee from a 2nd or 3rd.
pub const YAHTZEE_COUNT_CAP: u8 = 3;

/// Which text's extra-Yahtzee rules are in force (docs/RULES.md, "Triple Yahtzee").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// The 1978 E.S. Lowe rules: each column is a regular (official, forced-Joker) Yahtzee
    /// card; an extra Yahtzee in a column whose Yahtzee box holds 50 earns a 100-point chip,
    /// added at the end and not multiplied.
    Lowe1978,
    /// The forum rules: 2nd and later Yahtzees go first in an open Yahtzee box (any
    /// column), then the matching upper box, then as a Joker; bonuses 100/200/300 by column
    /// for a 2nd or 3rd Yahtzee in a Yahtzee box, 300 for a 4th or later once all three
    /// Yahtzee boxes hold 50.
    Forum,
}

impl Variant {
    /// The name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Lowe1978 => "1978",
            Variant::Forum => "forum",
        }
    }

    /// Looks a variant up by [`Variant::name`].
    pub fn from_name(s: &str) -> Option<Variant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "1978" | "lowe" | "lowe1978" => Some(Variant::Lowe1978),
            "forum" => Some(Variant::Forum),
            _ => None,
        }
    }
}

/// The position of a Triple Yahtzee game as far as the future is concerned: the three
/// columns' solitaire states and, under the Forum rules, how many Yahtzees were rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TripleState {
    pub cols: [State; COLUMNS],
    /// Forum rules: turns that ended in five of a kind so far, capped at
    /// [`YAHTZEE_COUNT_CAP`]. Always 0 under the 1978 rules (it changes nothing there).
    pub yahtzees: u8,
}

impl TripleState {
    /// The empty card.
    pub const START: TripleState = TripleState {
        cols: [State::START; COLUMNS],
        yahtzees: 0,
    };

    /// Boxes filled so far over the three columns (= turns played).
    pub fn turns_played(&self) -> u32 {
        self.cols.iter().map(|s| s.filled().count_ones()).sum()
    }
}

/// One legal way to write a final roll: a column, a box, and what it earns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripleMove {
    pub col: usize,
    /// Index of the box in the base rule set's box list.
    pub box_index: usize,
    /// Points written in the box (before the column multiplier).
    pub score: u32,
    /// Upper bonus this move earns for its column (before the multiplier).
    pub upper_bonus: u32,
    /// Extra-Yahtzee bonus points (1978 chip, Forum bonus): never multiplied.
    pub yahtzee_bonus: u32,
    /// Everything this move adds to the final total: multiplied box and upper bonus, plus
    /// the Yahtzee bonus.
    pub points: u32,
    pub next: TripleState,
}

/// A Triple Yahtzee game: the base card of each column and the variant.
#[derive(Clone, Copy, Debug)]
pub struct Triple {
    pub rules: &'static RuleSet,
    pub variant: Variant,
}

impl PartialEq for Triple {
    fn eq(&self, other: &Triple) -> bool {
        self.rules == other.rules && self.variant == other.variant
    }
}

impl Eq for Triple {}

impl Triple {
    /// The real game: three columns of the official 13-box card (`forced` rules).
    pub fn standard(variant: Variant) -> Triple {
        let rules = RuleSet::by_name("forced").expect("the forced rule set exists");
        Triple { rules, variant }
    }

    /// Boxes per column.
    pub fn boxes(&self) -> usize {
        self.rules.box_count()
    }

    /// Turns in a game: one per box of the three columns.
    pub fn turns(&self) -> usize {
        COLUMNS * self.boxes()
    }

    /// True when every box of every column is filled.
    pub fn is_over(&self, s: &TripleState) -> bool {
        s.turns_played() as usize == self.turns()
    }

    /// Calls `f` with every legal move for final `dice` in `s`: column by column, then in
    /// card order (the tie-break order of every strategy).
    pub fn for_each_move(&self, s: &TripleState, dice: &Dice, mut f: impl FnMut(TripleMove)) {
        match self.variant {
            Variant::Lowe1978 => self.moves_1978(s, dice, &mut f),
            Variant::Forum => self.moves_forum(s, dice, &mut f),
        }
    }

    /// The legal moves as a vector (for advice and validation, not hot loops).
    pub fn moves(&self, s: &TripleState, dice: &Dice) -> Vec<TripleMove> {
        let mut v = Vec::new();
        self.for_each_move(s, dice, |m| v.push(m));
        v
    }

    /// 1978: each column follows the official rules on its own (forced Joker within the
    /// column, 100-point chip when that column's Yahtzee box holds 50).
    fn moves_1978(&self, s: &TripleState, dice: &Dice, f: &mut impl FnMut(TripleMove)) {
        for (c, &col) in s.cols.iter().enumerate() {
            self.rules.for_each_move(col, dice, |m| {
                let mut next = *s;
                next.cols[c] = m.next;
                f(TripleMove {
                    col: c,
                    box_index: m.box_index,
                    score: m.score,
                    upper_bonus: m.upper_bonus,
                    yahtzee_bonus: m.yahtzee_bonus,
                    points: MULTIPLIERS[c] * (m.score + m.upper_bonus) + m.yahtzee_bonus,
                    next,
                })
            });
        }
    }

    fn moves_forum(&self, s: &TripleState, dice: &Dice, f: &mut impl FnMut(TripleMove)) {
        let five = dice.five_of_a_kind();
        let count = match five {
            Some(_) => (s.yahtzees + 1).min(YAHTZEE_COUNT_CAP),
            None => s.yahtzees,
        };
        let emit = |c: usize, b: usize, score: u32, f: &mut dyn FnMut(TripleMove)| {
            let (col, upper_bonus) = self.rules.place(s.cols[c], b, score);
            let mut next = *s;
            next.cols[c] = col;
            next.yahtzees = count;
            let yahtzee_bonus = self.forum_bonus(s.yahtzees, &next, c, b);
            f(TripleMove {
                col: c,
                box_index: b,
                score,
                upper_bonus,
                yahtzee_bonus: if five.is_some() { yahtzee_bonus } else { 0 },
                points: MULTIPLIERS[c] * (score + upper_bonus)
                    + if five.is_some() { yahtzee_bonus } else { 0 },
                next,
            })
        };
        let open = self.open_boxes(s);
        match five {
            Some(face) if s.yahtzees > 0 => {
                for (c, b, score) in self.forced_placements(&open, face, dice) {
                    emit(c, b, score, f);
                }
            }
            _ => {
                for &(c, b) in &open {
                    emit(c, b, self.rules.score(self.rules.boxes[b], dice), f);
                }
            }
        }
    }

    /// Forum rules, 2nd and later Yahtzee: the first non-empty tier of open Yahtzee boxes,
    /// open upper boxes of the face, open lower boxes (Joker values), any open box (0).
    fn forced_placements(
        &self,
        open: &[(usize, usize)],
        face: u8,
        dice: &Dice,
    ) -> Vec<(usize, usize, u32)> {
        let cat = |b: usize| self.rules.boxes[b];
        let tiers: [&dyn Fn(Category) -> bool; 3] = [
            &|c| c == Category::Yahtzee,
            &|c| c == Category::upper_for(face),
            &|c| c.upper_face().is_none(),
        ];
        for tier in tiers {
            let hits: Vec<_> = open
                .iter()
                .filter(|&&(_, b)| tier(cat(b)))
                .map(|&(c, b)| (c, b, joker_score(cat(b), dice, self.rules)))
                .collect();
            if !hits.is_empty() {
                return hits;
            }
        }
        open.iter()
            .map(|&(c, b)| (c, b, self.rules.score(cat(b), dice)))
            .collect()
    }

    /// Forum bonus of a five of a kind written in (`c`, `b`), `before` Yahtzees having been
    /// rolled earlier: 100 × column for the 2nd or 3rd in a Yahtzee box; 300 for the 4th
    /// or later when, once it is written, all three Yahtzee boxes hold 50.
    fn forum_bonus(&self, before: u8, next: &TripleState, c: usize, b: usize) -> u32 {
        let in_yahtzee_box = self.rules.boxes[b] == Category::Yahtzee;
        match before {
            0 => 0,
            1 | 2 if in_yahtzee_box => 100 * MULTIPLIERS[c],
            1 | 2 => 0,
            _ if next.cols.iter().all(|s| s.yahtzee_50()) => 300,
            _ => 0,
        }
    }

    /// Open (column, box) pairs, column by column in card order.
    pub fn open_boxes(&self, s: &TripleState) -> Vec<(usize, usize)> {
        (0..COLUMNS)
            .flat_map(|c| (0..self.boxes()).map(move |b| (c, b)))
            .filter(|&(c, b)| !s.cols[c].is_filled(b))
            .collect()
    }
}

/// The score of a five of a kind used as a Joker in box `c`: Full House 25, straights 30
/// and 40, the other boxes their normal score (the official Joker values).
pub fn joker_score(c: Category, dice: &Dice, rules: &RuleSet) -> u32 {
    match c {
        Category::FullHouse => 25,
        Category::SmallStraight => 30,
        Category::LargeStraight => 40,
        _ => rules.score(c, dice),
    }
}
