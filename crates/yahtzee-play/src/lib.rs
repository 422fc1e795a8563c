//! Playing games: a turn-by-turn [`Game`] that checks every action against the rules,
//! plain-text game [`Record`]s, and the [`review()`] of a record against optimal play (the
//! expected points each decision cost).
//!
//! Data flow: rules → solver → table → advice → **play** → CLI (`yahtzee play`, `yahtzee
//! review`).

pub mod game;
pub mod record;
pub mod review;

pub use game::{Game, PlayError, Player};
pub use record::{Event, Record, RecordError};
pub use review::{judge, label, review, Decision, PlayerSummary, Review};
