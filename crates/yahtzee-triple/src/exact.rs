//! Exact answers on reduced Triple Yahtzee games (a few boxes per column): the optimal
//! expected score by plain backward induction over every reachable position, and the
//! exact expected score of a [`Player`]'s strategy, so the strategy's distance from optimal
//! is measured, not guessed.
//!
//! Both recurse from the empty card with a memo keyed by position (upper totals at or
//! above the threshold are one position). The turn is the same code as the player's
//! ([`final_values`] and the kernel's keep steps); to follow a strategy, lane 0 carries the
//! strategy's own values (which decide) and lane 1 the exact values of what it then does.

use std::collections::HashMap;

use yahtzee_rules::{tables, State, KEEPS, ROLLS};
use yahtzee_solver::TurnPlan;

use crate::game::{Triple, TripleState};
use crate::turn::{final_values, sub_keeps, Player};

/// Memoised exact values of one reduced game.
pub struct Exact {
    game: Triple,
    plan: TurnPlan,
    memo: HashMap<TripleState, f64>,
}

impl Exact {
    pub fn new(game: Triple) -> Exact {
        Exact {
            game,
            plan: TurnPlan::new(game.rules),
            memo: HashMap::new(),
        }
    }

    /// Positions solved so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The optimal expected final total from the empty card.
    pub fn optimal(&mut self) -> f64 {
        self.optimal_from(TripleState::START)
    }

    /// The optimal expected points still to come from `s`.
    pub fn optimal_from(&mut self, s: TripleState) -> f64 {
        let key = normalise(&self.game, &s);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = if self.game.is_over(&s) {
            0.0
        } else {
            for n in successors(&self.game, &s) {
                self.optimal_from(n);
            }
            let mut a = vec![[0.0; 1]; KEEPS];
            let (game, memo) = (self.game, &self.memo);
            final_values(
                &game,
                &s,
                &mut |n| [memo[&normalise(&game, n)]],
                &mut a[..ROLLS],
            );
            for _ in 0..2 {
                self.plan.expect_keeps_in(&mut a);
                self.plan.best_subkeeps_in(&mut a, false);
            }
            opening_mean(&a)[0]
        };
        self.memo.insert(key, v);
        v
    }
}

/// The exact expected final total of `player`'s strategy from the empty card (the player
/// decides with its own values; the dice are averaged exactly).
pub fn strategy_value(player: &Player) -> f64 {
    let mut memo = HashMap::new();
    follow(player, TripleState::START, &mut memo)
}

fn follow(player: &Player, s: TripleState, memo: &mut HashMap<TripleState, f64>) -> f64 {
    let game = player.game();
    let key = normalise(&game, &s);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    if game.is_over(&s) {
        memo.insert(key, 0.0);
        return 0.0;
    }
    for n in successors(&game, &s) {
        follow(player, n, memo);
    }
    let mut a = vec![[0.0; 2]; KEEPS];
    let mut next = |n: &TripleState| [player.valuer.value(n), memo[&normalise(&game, n)]];
    final_values(&game, &s, &mut next, &mut a[..ROLLS]);
    for _ in 0..2 {
        player.plan().expect_keeps_in(&mut a);
        choose_keeps(&mut a);
    }
    let v = opening_mean(&a)[1];
    memo.insert(key, v);
    v
}

/// Each roll takes the values of the keep the strategy picks (lane 0; ties: keep all five,
/// then the first keep), as [`crate::turn::Turn::best_keep`] does.
fn choose_keeps(a: &mut [[f64; 2]]) {
    for r in 0..ROLLS {
        let mut best = r;
        for &k in sub_keeps(r) {
            if a[usize::from(k)][0] > a[best][0] {
                best = usize::from(k);
            }
        }
        a[r] = a[best];
    }
}

fn opening_mean<const N: usize>(a: &[[f64; N]]) -> [f64; N] {
    let t = tables();
    let mut total = [0.0; N];
    for (r, v) in a.iter().enumerate().take(ROLLS) {
        for i in 0..N {
            total[i] += t.roll_prob(r) * v[i];
        }
    }
    total
}

/// Every position a move of this turn can lead to (with repeats).
fn successors(game: &Triple, s: &TripleState) -> Vec<TripleState> {
    let mut out = Vec::new();
    let mut scratch = vec![[0.0; 1]; ROLLS];
    final_values(
        game,
        s,
        &mut |n| {
            out.push(*n);
            [0.0]
        },
        &mut scratch,
    );
    out
}

/// The memo key: upper totals past the threshold make no difference.
fn normalise(game: &Triple, s: &TripleState) -> TripleState {
    let cap = game.rules.upper_threshold.min(63) as u8;
    let mut n = *s;
    for c in &mut n.cols {
        *c = State::new(c.filled(), c.upper().min(cap), c.yahtzee_50());
    }
    n
}
