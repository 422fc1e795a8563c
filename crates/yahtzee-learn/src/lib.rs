//! Yahtzee as an environment for learning agents, scored against the exact optimum.
//!
//! [`Env`] is one game of solitaire Yahtzee under any rule set and house rule: integer
//! actions ([`Layout`]: keep masks over the sorted dice, boxes, chance-chance, the sixth
//! die), legal-action masks, a flat observation, dice from a stream the agent's
//! actions cannot change ([`dice_stream`]: common random numbers), and, given a [`Model`]
//! (the solved table), the exact regret of every action. [`Batch`] steps many games at
//! once on every core into flat arrays. The Python package's Gymnasium and PettingZoo
//! environments (`yahtzee.gym`, docs/LEARNING.md) are front ends over this crate.

pub mod batch;
pub mod dice_stream;
pub mod env;
mod finals;
mod lanes;
pub mod layout;
mod model;
mod six;

pub use batch::{Batch, Outputs};
pub use env::{Env, Step};
pub use layout::{Action, Layout, KEEP_ACTIONS};
pub use model::Model;

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LearnError {
    #[error("the exact model is of rules '{model}', the environment of '{env}'")]
    ModelRules {
        model: &'static str,
        env: &'static str,
    },
    #[error("action {action} is not legal now: {why}")]
    Illegal { action: usize, why: &'static str },
    #[error("game {game}: action {action} is not legal now: {why}")]
    IllegalIn {
        game: usize,
        action: i64,
        why: &'static str,
    },
}
