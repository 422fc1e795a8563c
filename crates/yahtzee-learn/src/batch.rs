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
#[derive(Clone)]
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
                .and_then(|a| e.refusal(a).map_or(Ok(()), Err));
            if let Err(why) = why {
                return Err(LearnError::IllegalIn {
                    game: i,
                    action: a,
                    why,
                });
            }
        }
        // One pass per chunk of games, so each game's data is still in cache from playing
        // its action to reporting its new position.
        let (ol, al) = (self.observation_len(), self.action_count());
        let chunks = self
            .envs
            .par_chunks_mut(CHUNK)
            .zip(self.needs_reset.par_chunks_mut(CHUNK))
            .zip(actions.par_chunks(CHUNK))
            .zip(out.rewards.par_chunks_mut(CHUNK))
            .zip(out.terminated.par_chunks_mut(CHUNK))
            .zip(out.reset.par_chunks_mut(CHUNK))
            .zip(out.regret.par_chunks_mut(CHUNK))
            .zip(out.observations.par_chunks_mut(CHUNK * ol))
            .zip(out.masks.par_chunks_mut(CHUNK * al))
            .zip(out.optimal_value.par_chunks_mut(CHUNK))
            .map(
                |(
                    (
                        (
                            (
                                (((((envs, needs_reset), actions), rewards), terminated), reset),
                                regret,
                            ),
                            obs,
                        ),
                        masks,
                    ),
                    optimal,
                )| Chunk {
                    envs,
                    needs_reset,
                    actions,
                    rewards,
                    terminated,
                    reset,
                    regret,
                    obs,
                    masks,
                    optimal,
                    action_regret: None,
                },
            );
        if out.action_regret.is_empty() {
            chunks.for_each(|c| c.play(ol, al));
        } else {
            chunks
                .zip(out.action_regret.par_chunks_mut(CHUNK * al))
                .for_each(|(c, r)| {
                    Chunk {
                        action_regret: Some(r),
                        ..c
                    }
                    .play(ol, al)
                });
        }
        Ok(())
    }

    /// Every game's [`Env::action_points`] (`games × action_count`).
    pub fn action_points(&self, out: &mut [f64]) {
        let al = self.action_count();
        self.envs
            .par_iter()
            .zip(out.par_chunks_mut(al))
            .with_min_len(CHUNK)
            .for_each(|(e, row)| e.action_points(row));
    }

    fn observation_len(&self) -> usize {
        self.envs
            .first()
            .map_or(0, |e| e.layout().observation_len())
    }

    fn action_count(&self) -> usize {
        self.envs.first().map_or(1, |e| e.layout().action_count())
    }
}

/// A chunk of games and their rows of [`Outputs`].
struct Chunk<'a> {
    envs: &'a mut [Env],
    needs_reset: &'a mut [bool],
    actions: &'a [i64],
    rewards: &'a mut [f64],
    terminated: &'a mut [bool],
    reset: &'a mut [bool],
    regret: &'a mut [f64],
    obs: &'a mut [f32],
    masks: &'a mut [u8],
    optimal: &'a mut [f64],
    action_regret: Option<&'a mut [f64]>,
}

impl Chunk<'_> {
    /// Plays the chunk's actions (or resets its finished games), decides the new turns in
    /// lanes, and reports every game's new position.
    fn play(self, ol: usize, al: usize) {
        for (i, e) in self.envs.iter_mut().enumerate() {
            self.reset[i] = self.needs_reset[i];
            if self.needs_reset[i] {
                let (seed, episode) = e.episode();
                e.reset(seed, episode.wrapping_add(1));
                self.needs_reset[i] = false;
                (self.rewards[i], self.terminated[i], self.regret[i]) = (0.0, false, 0.0);
            } else {
                let step = e.step(self.actions[i] as usize).expect("checked legal");
                self.rewards[i] = f64::from(step.reward);
                self.terminated[i] = step.terminated;
                self.regret[i] = step.regret.unwrap_or(f64::NAN);
                self.needs_reset[i] = step.terminated;
            }
        }
        let mut pending: Vec<&mut Env> = self.envs.iter_mut().filter(|e| e.pending).collect();
        crate::lanes::decide(&mut pending);
        let mut action_regret = self.action_regret;
        for (i, e) in self.envs.iter().enumerate() {
            e.observe(&mut self.obs[i * ol..(i + 1) * ol]);
            e.mask(&mut self.masks[i * al..(i + 1) * al]);
            self.optimal[i] = e.optimal_value().unwrap_or(f64::NAN);
            if let Some(all) = action_regret.as_deref_mut() {
                let regrets = &mut all[i * al..(i + 1) * al];
                if e.action_regret(regrets).is_none() {
                    regrets.fill(f64::NAN);
                }
            }
        }
    }
}
