//! Yahtzee as an environment for learning agents, scored against the exact optimum.
//!
//! [`Env`] is one game of solitaire Yahtzee under any rule set and house rule: integer
//! actions ([`Layout`]: keep masks over the sorted dice, boxes, chance-chance, the sixth
//! die), legal-action masks, a flat observation, dice from a stream the agent's
//! actions cannot change ([`dice_stream`]: common random numbers), and, given a [`Model`]
//! (the solved table), the exact regret of every action. [`Batch`] steps many games at
//! once on every core into flat arrays. The Python package's Gymnasium and PettingZoo
//! environments (`yahtzee.gym`, docs/LEARNING.md) are front ends over this crate.
//!
//! Over `yahtzee-rules`, `yahtzee-solver` and `yahtzee-advice`, beside the engine.
//!
//! # Modules
//!
//! - [`layout`]: [`Layout`]: a rule set's action space (32 keep masks over the sorted dice,
//!   64 under Mega Yahtzee; the boxes; chance-chance; the sixth die's question) and
//!   observation (names, highs).
//! - `model`: [`Model`], one rule set's solved values with the strategy and the kernel over
//!   them (leaked once per rule set), which every valued action reads.
//! - `six`: Mega Yahtzee: the question's two values, the six-dice turn's keep values (the
//!   solver's `MegaPlan`, as `Advisor::advise_six` reads them) and the best five per box.
//! - [`dice_stream`]: `draw(seed, episode, turn, roll, slot)`: the dice as a fixed function
//!   of the moment (common random numbers; `yahtzee.family` draws the same in Python).
//! - [`env`](mod@env): [`Env`], one game: legality and moves once per position, `step`,
//!   observation, and with a [`Model`] every action's value: keeps from the turn's keep
//!   values, boxes from the (box, score) continuations; regret = best − value (+inf where
//!   illegal).
//! - `finals`: a turn's final-roll values from the scoring boxes only (the strategy's first
//!   step, the same bits); `lanes`: the keep steps of eight games' turns at once; a game with
//!   the mulligan in hand, a forced full house or the sixth die in hand is decided alone
//!   (`Strategy::decide`).
//! - [`batch`]: [`Batch`]: chunks of 64 games played, decided and reported in one pass
//!   (rayon), into flat [`Outputs`]; "next step" autoreset.
//!
//! Tests (`tests/regret.rs`): optimal play has regret 0 and scores the solved value; total
//! plus summed regret averages to it under random play; the batch's lanes give a lone
//! game's regrets bit for bit.

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
