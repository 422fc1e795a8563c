//! Solitaire: the fewest expected turns to reach the target, and the most points per turn.
//!
//! The turns to go from a score depend on the scores above it and, through a bust (the score
//! stays), on itself: V(s) = -1 + F(V(s)) with F the turn's value against the bust value
//! V(s). F is convex and increasing with slope the bust probability, so Newton's method from
//! below converges to the fixed point; each sweep's Bellman residual is kept.

use crate::score::UNIT;
use crate::turn::{Endings, Rolls, Turn, FIRST_MAX};
use crate::{Error, Rules, OPENING};

/// Residual at which a fixed point is accepted.
pub const TOLERANCE: f64 = 1e-12;

/// Solitaire solved for one set of rules.
pub struct Solo {
    pub rules: Rules,
    /// Expected turns to reach the target from each score (units); NaN where no score can be.
    pub turns: Vec<f64>,
    /// The largest Bellman residual |V - (-1 + F(V))| left at any score.
    pub residual: f64,
    /// Newton sweeps over all scores.
    pub sweeps: u32,
}

/// Whether `units` can be a game score (kept with the scoring, which every solver reads).
pub use crate::score::valid_score;

impl Solo {
    /// Solves the fewest-turns strategy for `rules`.
    pub fn solve(rules: &Rules) -> Result<Solo, Error> {
        let rolls = Rolls::new(rules);
        let n = rules.target_units();
        let mut values = vec![f64::NAN; n];
        let (mut residual, mut sweeps) = (0.0f64, 0);
        for s in (0..n).rev().filter(|&s| valid_score(s)) {
            let endings = Self::endings(rules, &values, s);
            let mut v = -1.0;
            let mut done = false;
            for _ in 0..200 {
                sweeps += 1;
                let turn = Turn::solve(&rolls, &endings, v, rules.near(s), FIRST_MAX);
                let h = -1.0 + turn.start.v - v;
                if h.abs() < TOLERANCE {
                    residual = residual.max(h.abs());
                    v = -1.0 + turn.start.v;
                    done = true;
                    break;
                }
                let slope = 1.0 - turn.start.bust;
                v = if slope > 1e-9 { v + h / slope } else { v + h };
            }
            if !done {
                return Err(Error::Rules(format!(
                    "score {}: the target cannot be reached",
                    s as u32 * UNIT
                )));
            }
            values[s] = v;
        }
        let turns = values.iter().map(|v| -v).collect();
        Ok(Solo {
            rules: *rules,
            turns,
            residual,
            sweeps,
        })
    }

    /// The value (minus turns to go) of stopping from score `s` with a turn total and dice left.
    fn endings(rules: &Rules, values: &[f64], s: usize) -> Endings {
        let n = rules.target_units();
        Endings::new(FIRST_MAX + 20, move |t, _left| {
            let new = s + t;
            if (s == 0 && (t as u32 * UNIT) < OPENING) || (rules.exact && new > n) {
                None
            } else if new >= n {
                Some(0.0)
            } else {
                Some(values[new])
            }
        })
    }

    /// Expected turns from `score` points, refusing scores that cannot arise.
    pub fn turns_from(&self, score: u32) -> Result<f64, Error> {
        let units = crate::score::score_units(score, "score")?;
        if units >= self.turns.len() {
            return Ok(0.0);
        }
        Ok(self.turns[units])
    }

    /// The turn from `score` solved, for advice and simulation.
    pub fn turn<'a>(&self, rolls: &'a Rolls, endings: &'a Endings, score: usize) -> Turn<'a> {
        let v = -self.turns[score];
        Turn::solve(rolls, endings, v, self.rules.near(score), FIRST_MAX)
    }

    /// The endings of a turn from `score` (units).
    pub fn endings_at(&self, score: usize) -> Endings {
        let values: Vec<f64> = self.turns.iter().map(|t| -t).collect();
        Self::endings(&self.rules, &values, score)
    }
}

/// The most points per turn an opened player can expect (no target), and that play's bust
/// probability.
pub fn points_per_turn(rules: &Rules) -> (f64, f64) {
    let rolls = Rolls::new(rules);
    let endings = Endings::new(FIRST_MAX + 20, |t, _| Some(f64::from(t as u32 * UNIT)));
    let turn = Turn::solve(&rolls, &endings, 0.0, false, FIRST_MAX);
    (turn.start.v, turn.start.bust)
}
