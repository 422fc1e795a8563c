//! The optimal strategy written out as decisions, for statistics and simulation.
//!
//! [`Advisor`](crate::Advisor) ranks the options of one position. Playing whole games, or
//! following the probability of every position through a turn, needs the decision for
//! *every* roll of a turn at once: [`Strategy::decide`] computes, for one scorecard state,
//! the box for each of the 252 final rolls and the keep for each roll with one or two
//! rerolls left, in about ten microseconds.
//!
//! **Ties.** When options are exactly equal in value (as `f64`), the strategy takes the one
//! `yahtzee advise` lists first: among keeps the one with the lowest keep index (larger
//! keeps first, then by counts), among boxes the first in card order. The values are
//! computed with the same operations in the same order as the solver's kernel, so they are
//! bit-identical to the advice's and the choice is the advice's best option.

use yahtzee_rules::{tables, Move, RuleSet, State, KEEPS, ROLLS};
use yahtzee_solver::Values;

/// Box scores range over 0..MAX_SCORE.
const MAX_SCORE: usize = 51;

/// The optimal strategy of a rule set, read from the values of its states.
pub struct Strategy<'v> {
    rules: &'static RuleSet,
    values: &'v (dyn Values + Sync),
    /// Every score each box can hold.
    scores: Vec<Vec<u32>>,
    /// Normal score of every box for every roll: `roll_scores[r * boxes + b]`.
    roll_scores: Vec<u8>,
    /// Rolls that are five of a kind (where the Joker rule may apply).
    five_of_a_kind: Vec<bool>,
    /// The dice tables' one-die-larger keeps (for keeps below five dice, from index 252)
    /// and one-die-smaller keeps (flattened: keep `k` has `remove[remove_at[k]..remove_at[k + 1]]`),
    /// copied out of the shared tables for the hot loops.
    add: Vec<[u16; 6]>,
    remove: Vec<u16>,
    remove_at: Vec<usize>,
    roll_prob: Vec<f64>,
}

/// The decisions of one turn from one state (see [`Strategy::decide`]). Reused between
/// turns to avoid allocation.
pub struct TurnDecisions {
    state: State,
    value: f64,
    moves: Vec<Move>,
    /// Keep index per roll: `keeps[0]` with one reroll left, `keeps[1]` with two.
    keeps: [Vec<u16>; 2],
    // Scratch.
    cont: Vec<f64>,
    keep_values: Vec<f64>,
    best_value: Vec<f64>,
    best_keep: Vec<u16>,
}

impl Default for TurnDecisions {
    fn default() -> Self {
        let filler = Move {
            box_index: 0,
            score: 0,
            upper_bonus: 0,
            yahtzee_bonus: 0,
            next: State::START,
        };
        TurnDecisions {
            state: State::START,
            value: f64::NAN,
            moves: vec![filler; ROLLS],
            keeps: [vec![0; ROLLS], vec![0; ROLLS]],
            cont: Vec::new(),
            keep_values: vec![0.0; KEEPS],
            best_value: vec![0.0; KEEPS],
            best_keep: vec![0; KEEPS],
        }
    }
}

impl TurnDecisions {
    /// The state the turn starts in.
    pub fn state(&self) -> State {
        self.state
    }

    /// Expected points still to come from the start of the turn.
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The move for final roll `roll` (a roll index below 252).
    pub fn move_for(&self, roll: usize) -> &Move {
        &self.moves[roll]
    }

    /// The keep (a keep index) for roll `roll` with `rolls_left` (1 or 2) rerolls left.
    /// Keeping all five dice (`keep == roll`) means not rerolling now.
    pub fn keep_for(&self, roll: usize, rolls_left: u8) -> usize {
        usize::from(self.keeps[usize::from(rolls_left) - 1][roll])
    }

    /// Probability of each final roll (indexed by roll) when the strategy is followed from
    /// the opening roll of the turn.
    pub fn final_roll_probabilities(&self) -> Vec<f64> {
        let t = tables();
        let mut mass: Vec<f64> = (0..ROLLS).map(|r| t.roll_prob(r)).collect();
        for rolls_left in [2, 1] {
            let mut kept = vec![0.0; KEEPS];
            for (r, &p) in mass.iter().enumerate() {
                kept[self.keep_for(r, rolls_left)] += p;
            }
            // Roll the missing dice one at a time, smallest keeps first: a keep's mass goes
            // in equal sixths to its six one-die-larger keeps.
            for k in (ROLLS..KEEPS).rev() {
                let sixth = kept[k] / 6.0;
                for &j in t.add(k) {
                    kept[usize::from(j)] += sixth;
                }
            }
            kept.truncate(ROLLS);
            mass = kept;
        }
        mass
    }
}

impl<'v> Strategy<'v> {
    /// The strategy defined by `values` (the expected points still to come from every
    /// state, as in the solver's table).
    pub fn new(rules: &'static RuleSet, values: &'v (dyn Values + Sync)) -> Strategy<'v> {
        let scores = (0..rules.box_count())
            .map(|b| yahtzee_rules::possible_scores(rules, b))
            .collect();
        let t = tables();
        let five_of_a_kind = (0..ROLLS)
            .map(|r| t.keep(r).five_of_a_kind().is_some())
            .collect();
        let roll_scores = (0..ROLLS)
            .flat_map(|r| (0..rules.box_count()).map(move |b| rules.score_of_roll(b, r) as u8))
            .collect();
        let mut remove = Vec::new();
        let mut remove_at = vec![0];
        for k in 0..KEEPS {
            remove.extend_from_slice(t.remove(k));
            remove_at.push(remove.len());
        }
        Strategy {
            rules,
            values,
            scores,
            roll_scores,
            five_of_a_kind,
            add: (ROLLS..KEEPS).map(|k| *t.add(k)).collect(),
            remove,
            remove_at,
            roll_prob: (0..ROLLS).map(|r| t.roll_prob(r)).collect(),
        }
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Expected points still to come from the start of a turn in `state`.
    pub fn value(&self, state: State) -> f64 {
        self.values.value(self.rules, state)
    }

    /// Fills `d` with every decision of a turn starting in `state` (which must not be full).
    pub fn decide(&self, state: State, d: &mut TurnDecisions) {
        debug_assert!(state.filled().count_ones() < self.rules.box_count() as u32);
        d.state = state;
        self.final_moves(state, d);
        for rolls_left in [1, 2] {
            if rolls_left == 2 {
                // The rolls now hold their value with one reroll left.
                let (kv, bv) = (&mut d.keep_values, &d.best_value);
                kv[..ROLLS].copy_from_slice(&bv[..ROLLS]);
            }
            self.expect_keeps(&mut d.keep_values);
            self.best_subkeeps(d);
            let keeps = &mut d.keeps[rolls_left - 1];
            keeps.copy_from_slice(&d.best_keep[..ROLLS]);
        }
        let mut total = 0.0;
        for (p, v) in self.roll_prob.iter().zip(&d.best_value[..ROLLS]) {
            total += p * v;
        }
        d.value = total;
    }

    /// The best move and its value (in `d.keep_values[r]`) for every final roll.
    fn final_moves(&self, state: State, d: &mut TurnDecisions) {
        let rules = self.rules;
        let open: Vec<usize> = (0..rules.box_count())
            .filter(|&b| !state.is_filled(b))
            .collect();
        d.cont.resize(rules.box_count() * MAX_SCORE, 0.0);
        for &b in &open {
            for &s in &self.scores[b] {
                let (next, bonus) = rules.place(state, b, s);
                d.cont[b * MAX_SCORE + s as usize] = f64::from(bonus) + self.value(next);
            }
        }
        let nb = rules.box_count();
        for r in 0..ROLLS {
            let dice = tables().keep(r);
            let (value, m) = if self.five_of_a_kind[r] && rules.is_extra_yahtzee(state, &dice) {
                let mut best: Option<(f64, Move)> = None;
                rules.for_each_move(state, &dice, |m| {
                    let cont = f64::from(m.upper_bonus) + self.value(m.next);
                    let v = f64::from(m.score + m.yahtzee_bonus) + cont;
                    if best.is_none_or(|(bv, _)| v > bv) {
                        best = Some((v, m));
                    }
                });
                best.expect("a turn always has a legal move")
            } else {
                let mut best = (f64::NEG_INFINITY, open[0], 0);
                let scores = &self.roll_scores[r * nb..(r + 1) * nb];
                for &b in &open {
                    let s = u32::from(scores[b]);
                    let v = f64::from(s) + d.cont[b * MAX_SCORE + s as usize];
                    if v > best.0 {
                        best = (v, b, s);
                    }
                }
                let (v, b, score) = best;
                let (next, upper_bonus) = rules.place(state, b, score);
                let m = Move {
                    box_index: b,
                    score,
                    upper_bonus,
                    yahtzee_bonus: 0,
                    next,
                };
                (v, m)
            };
            d.keep_values[r] = value;
            d.moves[r] = m;
        }
    }

    /// Every keep of fewer than five dice gets the mean of its six one-die-larger keeps (the
    /// same operations, in the same order, as the solver's kernel).
    fn expect_keeps(&self, a: &mut [f64]) {
        for (k, add) in (ROLLS..KEEPS).zip(&self.add) {
            let mut sum = a[usize::from(add[0])];
            for &j in &add[1..] {
                sum += a[usize::from(j)];
            }
            a[k] = sum * (1.0 / 6.0);
        }
    }

    /// For every keep, the best of its sub-keeps (itself included) by value, ties to the
    /// lowest keep index. Smallest keeps first, so each one-die-smaller keep already holds the
    /// best of its own sub-keeps; the order (value, then lowest index) is total, so the best of
    /// the bests is the best of all sub-keeps.
    fn best_subkeeps(&self, d: &mut TurnDecisions) {
        for k in (0..KEEPS).rev() {
            let (mut v, mut i) = (d.keep_values[k], k as u16);
            for &j in &self.remove[self.remove_at[k]..self.remove_at[k + 1]] {
                let (vj, ij) = (d.best_value[usize::from(j)], d.best_keep[usize::from(j)]);
                if vj > v || (vj == v && ij < i) {
                    (v, i) = (vj, ij);
                }
            }
            d.best_value[k] = v;
            d.best_keep[k] = i;
        }
    }
}
