//! Playing games: a turn-by-turn [`Game`] that checks every action against the rules,
//! plain-text game [`Record`]s, and the [`review()`] of a record against optimal play (the
//! expected points each decision cost); [`Bots`] that play for expected score, a target or
//! to win, and [`duel`]s of bots over many seeded deals.
//!
//! Data flow: rules → solver → table → advice → **play** → CLI (`yahtzee play`, `yahtzee
//! review`). Over `yahtzee-rules`, `yahtzee-record`, `yahtzee-advice` and `yahtzee-stats`
//! (the opponents' distributions of the win bots).
//!
//! # Modules
//!
//! - [`game`]: [`Game`]: seats with their scorecards, whose turn, the dice, rolls made and
//!   dice kept; `roll`, `keep`, `score`, and for the house rules `mulligan`,
//!   `chance_chance` and `take_sixth_die`, each checked ([`PlayError`] says why not;
//!   "fool-house" refuses anything but Full House). On the Mega turn rolls have six dice and
//!   `score(box)` takes the five worth most in that box.
//! - [`record`]: [`Record`], the plain-text game file (format in docs/USAGE.md, "Playing and
//!   reviewing"); `parse` checks each line's form, `replay` drives a [`Game`] through it, so
//!   every error names its line.
//! - [`review`](mod@review): [`judge`] values a decision with the advisor (scoring with
//!   rolls left competes with the keeps), [`review()`] does it for a whole record (each
//!   choice an [`Action`], structured in `--json`); `Review::text` is `yahtzee review`'s
//!   report (with a costly decision's `why`, where its cost went, once the engine's
//!   `explain_review` has filled it, for `review --explain`).
//! - [`bot`]: [`Aim`] (`expected`, `target=T`, `win`, `win-exact=N`) and `Bots::decide`: the
//!   advice ranked for that aim (the fast win rule: `TargetAdvisor::advise_weighted` with the
//!   win payoff's steps as weights; exact: a `WinAdvisor` solved once per turn), the
//!   sixth-die decision too; `play_out` plays a whole game of bots; [`parse_bot`]
//!   (`NAME:AIM`).
//! - [`duel`]: bots against each other over seeded deals in parallel (deal `g` with seed +
//!   g, played once per rotation of the seats), each bot's win rate with a 95% interval, tie
//!   rate and mean total; `parse_seats` (the `--bot`s, checked), and the report
//!   `yahtzee duel` prints.

pub mod bot;
pub mod duel;
pub mod game;
pub mod record;
pub mod review;

pub use bot::{parse_bot, parse_bots, Aim, Bots};
pub use game::{Game, PlayError, Player};
pub use record::{Event, Record, RecordError};
pub use review::{judge, label, review, Action, Decision, PlayerSummary, Review};
