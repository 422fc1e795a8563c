//! Many games stepped at once, on every core, into flat arrays (a vectorised environment's
//! buffers: numpy arrays in the Python package).
//!
//! A finished game is reset on the step after the one that finished it, which ignores its
//! action (Gymnasium's "next step" autoreset): game `i` of a batch reset with seed `s`
//! plays episodes `0, 1, 2, ...` of seed `s + i`. A step runs in three passes over the
//! games: play the actions, decide the new turns eight games at a time (crate::lanes),
//! report.

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
    /// `games × action_count`: every action's regret now (+inf where illegal, NaN without
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

/// Games per parallel task: enough to amortise the task, few enough to spread.
const CHUNK: usize = 64;

impl Batch {
    /// A batch of these games (all of one rule set and model).
    pub fn new(mut envs: Vec<Env>) -> Batch {
        for e in &mut envs {
            e.defer = true;
        }
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

    /// Starts every game afresh: game `i` plays episode `episode` of seed `seed + i`.
    pub fn reset(&mut self, seed: u64, episode: u64, out: Outputs<'_>) {
        let actions = vec![0; self.len()];
        self.needs_reset.fill(true);
        for (i, e) in self.envs.iter_mut().enumerate() {
            e.reset(seed.wrapping_add(i as u64), episode.wrapping_sub(1)); // the step adds one
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
        self.envs
            .par_iter_mut()
            .zip(self.needs_reset.par_iter_mut())
            .zip(actions.par_iter())
            .zip(out.rewards.par_iter_mut())
            .zip(out.terminated.par_iter_mut())
            .zip(out.reset.par_iter_mut())
            .zip(out.regret.par_iter_mut())
            .with_min_len(CHUNK)
            .for_each(|((((((e, needs_reset), &a), reward), terminated), reset), regret)| {
                *reset = *needs_reset;
                if *needs_reset {
                    let (seed, episode) = e.episode();
                    e.reset(seed, episode.wrapping_add(1));
                    *needs_reset = false;
                    (*reward, *terminated, *regret) = (0.0, false, 0.0);
                } else {
                    let step = e.step(a as usize).expect("checked legal");
                    *reward = f64::from(step.reward);
                    *terminated = step.terminated;
                    *regret = step.regret.unwrap_or(f64::NAN);
                    *needs_reset = step.terminated;
                }
            });
        let mut pending: Vec<&mut Env> = self.envs.iter_mut().filter(|e| e.pending).collect();
        pending
            .par_chunks_mut(CHUNK)
            .for_each(crate::lanes::decide);
        self.report(out.observations, out.masks, out.action_regret, out.optimal_value);
        Ok(())
    }

    /// Writes every game's observation, mask, action regrets and optimal value.
    fn report(&self, obs: &mut [f32], masks: &mut [u8], action_regret: &mut [f64], optimal: &mut [f64]) {
        let Some(first) = self.envs.first() else {
            return;
        };
        let (ol, al) = (first.layout().observation_len(), first.layout().action_count());
        let write = |(((e, obs), mask), optimal): (((&Env, &mut [f32]), &mut [u8]), &mut f64),
                     regrets: &mut [f64]| {
            e.observe(obs);
            e.mask(mask);
            *optimal = e.optimal_value().unwrap_or(f64::NAN);
            if !regrets.is_empty() && e.action_regret(regrets).is_none() {
                regrets.fill(f64::NAN);
            }
        };
        let rows = self
            .envs
            .par_iter()
            .zip(obs.par_chunks_mut(ol))
            .zip(masks.par_chunks_mut(al))
            .zip(optimal.par_iter_mut())
            .with_min_len(CHUNK);
        if action_regret.is_empty() {
            rows.for_each(|row| write(row, &mut []));
        } else {
            rows.zip(action_regret.par_chunks_mut(al))
                .for_each(|(row, regrets)| write(row, regrets));
        }
    }
}
