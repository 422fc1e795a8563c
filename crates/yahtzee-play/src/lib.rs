//! Playing games: a turn-by-turn [`Game`] that checks every action against the rules,
//! plain-text game [`Record`]s, and the [`review()`] of a record against optimal play (the
//! expected points each decision cost); [`Bots`] that play for expected score, a target or
//! to win, and [`duel`]s of bots over many seeded deals.
//!
//! Data flow: rules → solver → table → advice → **play** → CLI (`yahtzee play`, `yahtzee
//! review`).

pub mod bot;
pub mod duel;
pub mod game;
pub mod record;
pub mod review;

pub use bot::{parse_bot, parse_bots, Aim, Bots};
pub use game::{Game, PlayError, Player};
pub use record::{Event, Record, RecordError};
pub use review::{judge, label, review, Action, Decision, PlayerSummary, Review};
