//! The action and observation spaces of one rule set, as numbers an agent reads and writes.
//!
//! **Actions** (one integer): `0..K` keep the dice whose bits are set (bit `i` is the
//! `i`-th die of the sorted dice the observation shows; bits past the dice showing are
//! ignored) and reroll the others, `K = 32` (`64` under the Mega-Yahtzee house rule: six
//! dice; before the sixth die's question is answered, no die shows and a keep rolls
//! five); after the last roll, with the
//! mulligan (house rule) in hand, the same keeps spend it. `K + b` scores the dice in box
//! `b` (card order; with six dice showing, the best five for the box). Then, under
//! chance-chance (house rule), rerolling all five dice into Chance; under Mega Yahtzee,
//! taking the sixth die and rolling five (the question before a turn's first roll while
//! the sixth die is in hand).
//!
//! **Observation** (`f32`, [`Layout::observation_names`]): the dice sorted (five, or six
//! under Mega Yahtzee: 0 where no die is), rolls left, then per box whether it is filled
//! and its score, the upper total, the Yahtzee bonus points, the turn, the total; under the
//! mulligan whether it is in hand and whether the dice showing are its roll; under Mega
//! Yahtzee whether the sixth die is in hand and whether its question is asked now.

use yahtzee_rules::{Category, RuleSet};

/// Keep actions with five dice: every subset of five dice positions.
pub const KEEP_ACTIONS: usize = 32;

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
    /// House rule "mega-yahtzee", before a turn's first roll with the sixth die in hand:
    /// take it for this turn (`true`) or roll five (`false`).
    SixthDie(bool),
}

/// The spaces of one rule set.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    rules: &'static RuleSet,
}

impl Layout {
    /// The layout of `rules` (any rule set).
    pub fn new(rules: &'static RuleSet) -> Layout {
        Layout { rules }
    }

    /// Dice a position can show: 5, or 6 under the Mega-Yahtzee house rule.
    pub fn dice(&self) -> usize {
        if self.rules.house.mega_yahtzee {
            6
        } else {
            5
        }
    }

    /// Keep actions: every subset of [`Layout::dice`] positions.
    pub fn keeps(&self) -> usize {
        1 << self.dice()
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    fn boxes(&self) -> usize {
        self.rules.box_count()
    }

    /// Number of actions (the size of the `Discrete` action space).
    pub fn action_count(&self) -> usize {
        self.keeps()
            + self.boxes()
            + usize::from(self.rules.house.chance_chance)
            + 2 * usize::from(self.rules.house.mega_yahtzee)
    }

    /// What action `a` does, or `None` past the action space.
    pub fn action(&self, a: usize) -> Option<Action> {
        let (k, b) = (self.keeps(), self.boxes());
        let cc = usize::from(self.rules.house.chance_chance);
        match a {
            _ if a < k => Some(Action::Keep(a as u8)),
            _ if a < k + b => Some(Action::Score(a - k)),
            _ if a < k + b + cc => Some(Action::ChanceChance),
            _ if a < self.action_count() => Some(Action::SixthDie(a == k + b + cc)),
            _ => None,
        }
    }

    /// The action number of scoring box `b`.
    pub fn score_action(&self, b: usize) -> usize {
        self.keeps() + b
    }

    /// The action number of taking the sixth die (`true`) or rolling five (`false`), under
    /// Mega Yahtzee.
    pub fn sixth_die_action(&self, take: bool) -> Option<usize> {
        let at = self.keeps() + self.boxes() + usize::from(self.rules.house.chance_chance);
        self.rules
            .house
            .mega_yahtzee
            .then_some(at + usize::from(!take))
    }

    /// A name for every action: `keep 10110` (dice positions, first die first),
    /// `score <box>`, `chance-chance`.
    pub fn action_names(&self) -> Vec<String> {
        (0..self.action_count())
            .map(|a| match self.action(a).expect("in range") {
                Action::Keep(m) => {
                    let bits: String = (0..self.dice())
                        .map(|i| if m >> i & 1 == 1 { '1' } else { '0' })
                        .collect();
                    format!("keep {bits}")
                }
                Action::Score(b) => format!("score {}", self.rules.boxes[b].name()),
                Action::ChanceChance => "chance-chance".to_string(),
                Action::SixthDie(true) => "take the sixth die".to_string(),
                Action::SixthDie(false) => "roll five".to_string(),
            })
            .collect()
    }

    /// Number of observation entries.
    pub fn observation_len(&self) -> usize {
        self.observation_names().len()
    }

    /// What each observation entry holds, in order.
    pub fn observation_names(&self) -> Vec<String> {
        let mut names: Vec<String> = (1..=self.dice()).map(|i| format!("die {i}")).collect();
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
        if self.rules.house.mega_yahtzee {
            names.push("sixth die in hand".into());
            names.push("sixth-die question".into());
        }
        names
    }

    /// The largest value each observation entry can take (the smallest is 0).
    pub fn observation_high(&self) -> Vec<f32> {
        let n = self.boxes();
        let d = self.dice();
        let mut high = vec![6.0; d];
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
        let box_most: f32 = high[d + 1 + n..d + 1 + 2 * n].iter().sum();
        let mega = if self.rules.house.mega_yahtzee {
            self.rules.mega_bonus as f32
        } else {
            0.0
        };
        let bonuses = self.rules.upper_bonus as f32 + self.rules.yahtzee_bonus as f32 * n as f32;
        high.push(box_most + bonuses + mega);
        if self.rules.house.mulligan {
            high.extend([1.0, 1.0]);
        }
        if self.rules.house.mega_yahtzee {
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
