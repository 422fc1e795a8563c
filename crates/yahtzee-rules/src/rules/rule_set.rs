//! What a rule set is: [`RuleSet`] (the card, the bonuses, the [`Joker`] convention, the
//! scoring [`Style`], the [`House`] rules) and a [`Move`], one legal way to score a roll.
//! The listed rule sets live in `catalogue`; how a rule set scores, in `scoring`; the state
//! space it decides, in `states`.

use std::fmt;
use std::sync::OnceLock;

use super::house::House;
use crate::category::Category;
use crate::state::State;

/// How an extra Yahtzee (five of a kind with the Yahtzee box already filled) may be scored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Joker {
    /// No Joker: an extra Yahtzee scores by the normal box rules only.
    None,
    /// Official rules: the matching upper box if open, else any open lower box as a Joker,
    /// else any open upper box (for 0).
    Forced,
    /// Any open box; Full House and the straights get full value only when the upper box of
    /// that face is filled too.
    FreeChoice,
    /// The 1956 rule: an open lower box as a Joker (never an upper box while a lower box is
    /// open); with every lower box filled, an open upper box by the normal rule.
    Original1956,
}

/// How the boxes that exist in both games score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// Yahtzee: three/four of a kind and Chance score all five dice, Full House 25, straights
    /// 30 (four in a row) and 40 (five in a row).
    Yahtzee,
    /// Scandinavian Yatzy: pairs, three and four of a kind score only the matching dice,
    /// straights are exactly 1-2-3-4-5 (15) and 2-3-4-5-6 (20), Full House scores its sum.
    Yatzy,
}

/// Which rule set, by the name used on the command line and in table files.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RulesId {
    /// Official Yahtzee with the forced Joker (the default).
    Forced,
    /// Yahtzee with the free-choice Joker.
    Free,
    /// Yahtzee with no extra-Yahtzee bonus and no Joker.
    NoBonus,
    /// Yahtzee with the 1956 Joker.
    Original1956,
    /// Scandinavian Yatzy.
    Yatzy,
}

/// A complete rule set of a Yahtzee-family game.
#[derive(Debug)]
pub struct RuleSet {
    pub id: RulesId,
    /// Short name used on the command line and stored in table files.
    pub name: &'static str,
    /// One line for `--help` and listings.
    pub description: &'static str,
    /// The boxes, in card order; a state's filled set is a bitmask over this list.
    pub boxes: &'static [Category],
    /// Upper total needed for the upper bonus.
    pub upper_threshold: u32,
    /// Points of the upper bonus.
    pub upper_bonus: u32,
    /// Points for each extra Yahtzee while the Yahtzee box holds 50 (0: no such bonus).
    pub yahtzee_bonus: u32,
    pub joker: Joker,
    pub style: Style,
    /// House rules in force (none for the five base rule sets).
    pub house: House,
    /// House rule "mega-yahtzee": the bonus for six of a kind on the sixth-die turn.
    pub mega_bonus: u32,
    /// Optimal expected score from the empty card, as this solver computes it (tested to
    /// 1e-6 against a fresh solve; listed by `yahtzee rules`).
    pub expected_value: f64,
    /// A published or independently computed value of the same, where one exists.
    pub reference_value: Option<f64>,
    /// The normal score of every box for every roll, `[box][roll]`, built on first use.
    pub(super) scores: OnceLock<Vec<Vec<u8>>>,
}

/// One legal way to score a final roll: a box, its score, the bonuses and what follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Index of the box in [`RuleSet::boxes`].
    pub box_index: usize,
    /// Points written in the box.
    pub score: u32,
    /// The upper bonus, when this move lifts the upper total to the threshold.
    pub upper_bonus: u32,
    /// The extra-Yahtzee bonus earned by this roll (whatever box it is scored in).
    pub yahtzee_bonus: u32,
    /// The scorecard state after the move.
    pub next: State,
}

impl Move {
    /// Points this move adds to the card: the box, the upper bonus and the Yahtzee bonus.
    pub fn points(&self) -> u32 {
        self.score + self.upper_bonus + self.yahtzee_bonus
    }
}

impl RuleSet {
    /// Number of boxes on the card.
    #[inline]
    pub fn box_count(&self) -> usize {
        self.boxes.len()
    }

    /// Position of a box on this card, if the game has it.
    pub fn box_index(&self, c: Category) -> Option<usize> {
        self.boxes.iter().position(|&b| b == c)
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for RuleSet {
    fn eq(&self, other: &RuleSet) -> bool {
        self.name == other.name
    }
}

impl Eq for RuleSet {}
