//! Where the expected score comes from: for every state, under the strategy's play, the
//! expected final score of each box, the chance of the upper bonus, and the expected
//! extra-Yahtzee and Mega bonus points.
//!
//! One backward pass of policy evaluation, level by level from the nearly full cards to
//! the empty one, as the value solve goes: a state's parts are the parts its turn earns
//! (each final roll's move, weighted by the chance the strategy's keeps end the turn on
//! that roll, [`exact`](crate::exact)'s own turn) plus the parts of the state each move
//! leads to. The parts of a state add up to its value (the test checks every state), and
//! from the starting card they are [`exact()`](crate::exact())'s means.
//!
//! Each state of a level is computed on its own from the level above and written to its
//! own slots, so the result is the same bit for bit on any number of threads.

use rayon::prelude::*;
use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, State};

use crate::exact::{turn, Node};

/// The parts of one state's value: what each box will hold at the end of the game, the
/// chance of the upper bonus, the extra-Yahtzee and Mega bonus points (all expected, from
/// the start of a turn in that state, boxes already filled counting 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Parts {
    /// Expected points still to be written in each box, in card order.
    pub boxes: Vec<f64>,
    /// The chance the upper bonus is earned from here on (0 once it is on the card).
    pub upper_bonus: f64,
    /// Expected extra-Yahtzee bonus points still to come.
    pub yahtzee_bonus: f64,
    /// Expected Mega bonus points still to come (house rule "mega-yahtzee").
    pub mega_bonus: f64,
}

impl Parts {
    /// The expected points still to come: what the value table holds.
    pub fn total(&self, rules: &RuleSet) -> f64 {
        self.boxes.iter().sum::<f64>()
            + self.upper_bonus * f64::from(rules.upper_bonus)
            + self.yahtzee_bonus
            + self.mega_bonus
    }
}

/// Every state's [`Parts`], in state order (NaN for states no game reaches).
pub struct Companion {
    rules: &'static RuleSet,
    /// `width` values per state: the boxes, then upper bonus, Yahtzee bonus, Mega bonus.
    parts: Vec<f64>,
    width: usize,
}

impl Companion {
    /// Values per state: the boxes and the three bonuses.
    pub fn width(rules: &RuleSet) -> usize {
        rules.box_count() + 3
    }

    /// Evaluates the strategy's play from every state it can reach; `progress` hears each
    /// level done (the number of boxes in all).
    pub fn solve(strategy: &Strategy, progress: &(dyn Fn(u64) + Sync)) -> Companion {
        let rules = strategy.rules();
        let width = Companion::width(rules);
        let mut parts = vec![f64::NAN; rules.state_count() * width];
        let mut levels: Vec<Vec<usize>> = vec![Vec::new(); rules.box_count() + 1];
        for i in 0..rules.state_count() {
            let state = rules.state_at(i);
            if strategy.value(state).is_nan() {
                continue; // no game reaches it
            }
            if rules.is_full(state) {
                parts[i * width..(i + 1) * width].fill(0.0);
            } else {
                levels[state.turns_played() as usize].push(i);
            }
        }
        for level in levels.iter().rev().filter(|l| !l.is_empty()) {
            let done: Vec<Vec<f64>> = level
                .par_iter()
                .map_init(
                    || strategy.new_decisions(),
                    |d, &i| state_parts(strategy, d, rules.state_at(i), &parts, width),
                )
                .collect();
            for (&i, row) in level.iter().zip(done) {
                parts[i * width..(i + 1) * width].copy_from_slice(&row);
            }
            progress(1);
        }
        Companion {
            rules,
            parts,
            width,
        }
    }

    /// Every state's parts in state order, [`Companion::width`] each (NaN rows where no
    /// game comes): what `yahtzee_table::write_companion_table` stores.
    pub fn values(&self) -> &[f64] {
        &self.parts
    }

    /// The parts of `state`'s value; `None` where no game reaches it.
    pub fn parts(&self, state: State) -> Option<Parts> {
        let i = self.rules.state_index(state);
        let row = &self.parts[i * self.width..(i + 1) * self.width];
        if row[0].is_nan() {
            return None;
        }
        let boxes = self.rules.box_count();
        Some(Parts {
            boxes: row[..boxes].to_vec(),
            upper_bonus: row[boxes],
            yahtzee_bonus: row[boxes + 1],
            mega_bonus: row[boxes + 2],
        })
    }
}

/// One state's parts: its turn's, plus those of the states the turn leads to (each step's
/// next state is on a fuller level, already done).
fn state_parts(
    strategy: &Strategy,
    d: &mut yahtzee_advice::TurnDecisions,
    state: State,
    parts: &[f64],
    width: usize,
) -> Vec<f64> {
    let rules = strategy.rules();
    let node = Node {
        state,
        lo: 0,
        mass: vec![1.0],
        bonus: vec![1.0],
    };
    let (steps, sums) = turn(strategy, d, &node);
    let boxes = rules.box_count();
    let mut row = vec![0.0; width];
    for (b, s) in sums.boxes.iter().enumerate() {
        row[b] = s[0];
    }
    row[boxes] = sums.upper_bonus;
    row[boxes + 1] = sums.bonus_points;
    row[boxes + 2] = sums.mega * f64::from(rules.mega_bonus);
    for step in &steps {
        let next = &parts[step.next * width..(step.next + 1) * width];
        for (x, &n) in row.iter_mut().zip(next) {
            *x += step.prob * n;
        }
    }
    row
}
