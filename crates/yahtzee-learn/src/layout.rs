//! The action and observation spaces of one rule set, as numbers an agent reads and writes.
//!
//! **Actions** (one integer): `0..32` keep the dice whose bits are set (bit `i` is the
//! `i`-th die of the sorted roll the observation shows) and reroll the others; after the
//! last roll, with the mulligan (house rule) in hand, the same keeps spend it. `32 + b`
//! scores the roll in box `b` (card order). Under chance-chance (house rule), the last
//! action rerolls all five dice into Chance.
//!
//! **Observation** (`f32`, [`Layout::observation_names`]): the five dice sorted, rolls
//! left, then per box whether it is filled and its score, the upper total, the Yahtzee
//! bonus points, the turn, the total, and under the mulligan whether it is in hand and
//! whether the dice showing are its roll.

use yahtzee_rules::{Category, RuleSet};

use crate::LearnError;

/// Keep actions: every subset of five dice positions.
pub const KEEP_ACTIONS: usize = 32;
/// The keep action that keeps every die.
pub const KEEP_ALL: u8 = 31;

/// What an action number does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Keep the dice at these positions (bit `i`: the `i`-th die, sorted) and reroll the
    /// rest; after the last roll, spend the mulligan this way.
    Keep(u8),
    /// Score the roll in this box (an index into the rule set's boxes).
    Score(usize),
    /// House rule "chance-chance": reroll all five dice into Chance.
    ChanceChance,
}

/// The spaces of one rule set.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    rules: &'static RuleSet,
}

impl Layout {
    /// The layout of `rules`. The Mega-Yahtzee house rule (a sixth die) is not an
    /// environment yet.
    pub fn new(rules: &'static RuleSet) -> Result<Layout, LearnError> {
        if rules.house.mega_yahtzee {
            return Err(LearnError::MegaYahtzee(rules.name));
        }
        Ok(Layout { rules })
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    fn boxes(&self) -> usize {
        self.rules.box_count()
    }

    /// Number of actions (the size of the `Discrete` action space).
    pub fn action_count(&self) -> usize {
        KEEP_ACTIONS + self.boxes() + usize::from(self.rules.house.chance_chance)
    }

    /// What action `a` does, or `None` past the action space.
    pub fn action(&self, a: usize) -> Option<Action> {
        match a {
            _ if a < KEEP_ACTIONS => Some(Action::Keep(a as u8)),
            _ if a < KEEP_ACTIONS + self.boxes() => Some(Action::Score(a - KEEP_ACTIONS)),
            _ if a < self.action_count() => Some(Action::ChanceChance),
            _ => None,
        }
    }

    /// The action number of scoring box `b`.
    pub fn score_action(&self, b: usize) -> usize {
        KEEP_ACTIONS + b
    }

    /// A name for every action: `keep 10110` (dice positions, first die first),
    /// `score <box>`, `chance-chance`.
    pub fn action_names(&self) -> Vec<String> {
        (0..self.action_count())
            .map(|a| match self.action(a).expect("in range") {
                Action::Keep(m) => {
                    let bits: String = (0..5)
                        .map(|i| if m >> i & 1 == 1 { '1' } else { '0' })
                        .collect();
                    format!("keep {bits}")
                }
                Action::Score(b) => format!("score {}", self.rules.boxes[b].name()),
                Action::ChanceChance => "chance-chance".to_string(),
            })
            .collect()
    }

    /// Number of observation entries.
    pub fn observation_len(&self) -> usize {
        self.observation_names().len()
    }

    /// What each observation entry holds, in order.
    pub fn observation_names(&self) -> Vec<String> {
        let mut names: Vec<String> = (1..=5).map(|i| format!("die {i}")).collect();
        names.push("rolls left".into());
        for b in self.rules.boxes {
            names.push(format!("filled {}", b.name()));
        }
        for b in self.rules.boxes {
            names.push(format!("score {}", b.name()));
        }
        for n in ["upper total", "yahtzee bonus", "turn", "total"] {
            names.push(n.into());
        }
        if self.rules.house.mulligan {
            names.push("mulligan in hand".into());
            names.push("mulligan roll".into());
        }
        names
    }

    /// The largest value each observation entry can take (the smallest is 0).
    pub fn observation_high(&self) -> Vec<f32> {
        let n = self.boxes();
        let mut high = vec![6.0; 5];
        high.push(2.0);
        high.extend(std::iter::repeat_n(1.0, n));
        for b in 0..n {
            let most = yahtzee_rules::possible_scores(self.rules, b)
                .into_iter()
                .max()
                .unwrap_or(0);
            high.push(most as f32);
        }
        let upper = self
            .rules
            .boxes
            .iter()
            .filter(|c| c.upper_face().is_some())
            .count() as f32;
        high.push(upper * 30.0); // at most five sixes in each upper box
        high.push(self.rules.yahtzee_bonus as f32 * n as f32);
        high.push(n as f32);
        let box_most: f32 = high[6 + n..6 + 2 * n].iter().sum();
        high.push(
            box_most + self.rules.upper_bonus as f32 + self.rules.yahtzee_bonus as f32 * n as f32,
        );
        if self.rules.house.mulligan {
            high.extend([1.0, 1.0]);
        }
        // An entry that is always 0 (Yatzy's Yahtzee bonus) still gets a range.
        high.iter().map(|&h| h.max(1.0)).collect()
    }

    /// Index of box `c` in the card, if this rule set has it.
    pub fn box_of(&self, c: Category) -> Option<usize> {
        self.rules.box_index(c)
    }
}
