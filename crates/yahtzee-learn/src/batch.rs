//! Many games stepped at once, on every core, into flat arrays (a vectorised environment's
//! buffers: numpy arrays in the Python package).
//!
//! A finished game is reset on the step after the one that finished it, which ignores its
//! action (Gymnasium's "next step" autoreset): game `i` of a batch reset with seed `s`
//! plays episodes `0, 1, 2, ...` of seed `s + i`.

use rayon::prelude::*;

use crate::env::Env;
use crate::LearnError;

/// The arrays one batch step writes, one row per game.
pub struct Outputs<'a> {
    /// `games × observation_len`.
    pub observations: &'a mut [f32],
    pub rewards: &'a mut [f64],
    pub terminated: &'a mut [bool],
    /// The step reset this game (its action was ignored; its observation is the new
    /// game's first).
    pub reset: &'a mut [bool],
    /// `games × action_count`: 1 where the action is legal now.
    pub masks: &'a mut [u8],
    /// The regret of the action taken (0 on a reset; NaN without a model).
    pub regret: &'a mut [f64],
    /// `games × action_count`: every action's regret now (NaN where illegal or without
    /// a model); empty to skip it.
    pub action_regret: &'a mut [f64],
    /// The optimal expected final total from now (NaN without a model).
    pub optimal_value: &'a mut [f64],
}

/// A batch of games of one rule set.
pub struct Batch {
    envs: Vec<Env>,
    needs_reset: Vec<bool>,
}

/// One game's rows of [`Outputs`].
struct Row<'a> {
    obs: &'a mut [f32],
    reward: &'a mut f64,
    terminated: &'a mut bool,
    reset: &'a mut bool,
    mask: &'a mut [u8],
    regret: &'a mut f64,
    action_regret: &'a mut [f64],
    optimal: &'a mut f64,
}

impl Batch {
    /// A batch of these games (all of one rule set).
    pub fn new(envs: Vec<Env>) -> Batch {
        let n = envs.len();
        Batch {
            envs,
            needs_reset: vec![false; n],
        }
    }

    pub fn len(&self) -> usize {
        self.envs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    pub fn envs(&self) -> &[Env] {
        &self.envs
    }

    /// Starts every game afresh: game `i` plays episode 0 of seed `seed + i`.
    pub fn reset(&mut self, seed: u64, out: Outputs<'_>) {
        let actions = vec![0; self.len()];
        self.needs_reset.fill(true);
        for (i, e) in self.envs.iter_mut().enumerate() {
            e.reset(seed.wrapping_add(i as u64), u64::MAX); // the step below adds one
        }
        self.step(&actions, out)
            .expect("resetting games takes no action");
    }

    /// Plays `actions[i]` in game `i` (or resets it, if it finished on the last step). An
    /// illegal action refuses the whole step before any game moves.
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), LearnError> {
        let n = self.len();
        assert_eq!(actions.len(), n, "one action per game");
        for (i, (e, &a)) in self.envs.iter().zip(actions).enumerate() {
            if self.needs_reset[i] {
                continue;
            }
            let why = usize::try_from(a)
                .map_err(|_| "no such action")
                .and_then(|a| e.why_illegal(a).map_or(Ok(()), Err));
            if let Err(why) = why {
                return Err(LearnError::IllegalIn { game: i, action: a, why });
            }
        }
        let rows = rows(out, n, self.envs.first().map_or(0, |e| e.layout().observation_len()));
        self.envs
            .par_iter_mut()
            .zip(self.needs_reset.par_iter_mut())
            .zip(actions.par_iter())
            .zip(rows)
            .with_min_len(64)
            .for_each(|(((e, needs_reset), &a), row)| {
                step_one(e, needs_reset, a as usize, row)
            });
        Ok(())
    }
}

fn step_one(e: &mut Env, needs_reset: &mut bool, a: usize, row: Row<'_>) {
    *row.reset = *needs_reset;
    if *needs_reset {
        let (seed, episode) = e.episode();
        e.reset(seed, episode.wrapping_add(1));
        *needs_reset = false;
        *row.reward = 0.0;
        *row.terminated = false;
        *row.regret = 0.0;
    } else {
        let step = e.step(a).expect("checked legal");
        *row.reward = f64::from(step.reward);
        *row.terminated = step.terminated;
        *row.regret = step.regret.unwrap_or(f64::NAN);
        *needs_reset = step.terminated;
    }
    e.observe(row.obs);
    e.mask(row.mask);
    *row.optimal = e.optimal_value().unwrap_or(f64::NAN);
    if !row.action_regret.is_empty() && e.action_regret(row.action_regret).is_none() {
        row.action_regret.fill(f64::NAN);
    }
}

/// Splits the outputs into one [`Row`] per game.
fn rows(out: Outputs<'_>, n: usize, obs_len: usize) -> Vec<Row<'_>> {
    let actions = out.masks.len() / n.max(1);
    let mut action_regret: Vec<&mut [f64]> = if out.action_regret.is_empty() {
        (0..n).map(|_| <&mut [f64]>::default()).collect()
    } else {
        out.action_regret.chunks_mut(actions).collect()
    };
    out.observations
        .chunks_mut(obs_len)
        .zip(out.rewards.iter_mut())
        .zip(out.terminated.iter_mut())
        .zip(out.reset.iter_mut())
        .zip(out.masks.chunks_mut(actions))
        .zip(out.regret.iter_mut())
        .zip(action_regret.drain(..))
        .zip(out.optimal_value.iter_mut())
        .map(
            |(((((((obs, reward), terminated), reset), mask), regret), action_regret), optimal)| Row {
                obs,
                reward,
                terminated,
                reset,
                mask,
                regret,
                action_regret,
                optimal,
            },
        )
        .collect()
}
