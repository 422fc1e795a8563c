//! Painted Yahtzee: coloured dice (each die a number 1–6 and one of five colours) and ten
//! more boxes — the five colour totals, Four of a Color, Painted House, Rainbow, Flush and
//! Palette — under the rules read in docs/RULES.md ("Painted Yahtzee").
//!
//! - [`dice`]: coloured dice, hands and the coloured keep graph (278,256 rolls);
//! - [`game`]: boxes, scores, Joker and bonus rules, states, canonical filled sets (the
//!   colours are exchangeable) and the reduced games of the same rules;
//! - [`turn`]: one turn, exact over every keep of coloured dice, against any value of the
//!   position after it;
//! - [`solve`]: the exact solver, layer by layer and chunk by chunk — on this machine or on
//!   a cluster's workers (docs/PAINTED.md) — with the same bits either way;
//! - [`checkpoint`]: the same solve, resumable: a folder of checksummed layers and chunks
//!   that outlives the process (the Ray driver's layout);
//! - [`approx`]: the value the strategy plays against where the exact table is out of
//!   reach, and the strategy's exact value on reduced games (its gap to optimal);
//! - [`advice`] and [`sim`]: every option of a position ranked, and seeded simulation;
//! - [`fit`]: the split value's correction fitted from simulated games;
//! - [`record`]: game records (`yahtzee painted play`) and their review.

pub mod advice;
pub mod approx;
pub mod card;
#[cfg(feature = "native")]
pub mod checkpoint;
mod correction;
pub mod dice;
pub mod fit;
pub mod game;
pub mod graph;
pub mod record;

pub mod sim;
pub mod solve;
pub mod turn;

pub use dice::{Die, Hand, Keeps};
pub use game::{Game, GameError, Move, PaintedBox, State};
pub use turn::{Plan, TurnValues};
