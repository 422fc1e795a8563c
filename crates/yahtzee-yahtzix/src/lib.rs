//! Yahtzix (1988): the six-dice push-your-luck race of the rule texts, solved.
//!
//! A turn is at most three rolls of six dice: premiums (triples, four of a kind, two
//! triplets, straights, "all count") score on the first roll only, single 1s and 5s on every
//! roll, and a roll that scores nothing busts the turn. A player opens with a turn of at
//! least 30, may "Go for it" on the previous player's leftover dice, and the race ends at the
//! target (2,000 in the text). Every reading of the garbled text is in docs/RULES.md §9.
//! Points are kept in units of 5.
//!
//! - [`score`]: what a roll is worth and every roll's outcomes;
//! - [`turn`]: one turn solved exactly against any values of its endings;
//! - [`solo`]: solitaire — fewest expected turns to the target, most points per turn;
//! - [`duel`]: two players — the probability of winning by value iteration, "Go for it"
//!   included, with its cache file;
//! - [`trio`]: three players exactly — each seat's chance to win, every player for her own
//!   (max-n);
//! - [`party`]: two to eight players at one table — seatings, the heads-up strategy built
//!   from the two-player table, the exact three-player bot, self-play by seat;
//! - [`rollout`]: an option's chance to win a table of three or more, from seeded games;
//! - [`position`]: a position a player describes, checked, and its options ranked;
//! - [`sim`]: the optimal bots and a "bank at 300" bot, seeded simulation with intervals;
//! - [`record`]: game records, replayed under the rules and reviewed (chance to win lost).
//!
//! Its own game: it imports no crate of the workspace but `yahtzee-record`. Feature `files`
//! (default) keeps the solved game as a mapped file; the WebAssembly games module keeps the
//! same bytes in memory. Its front ends are the engine (`yahtzee_engine::yahtzix`: `yahtzee
//! yahtzix advise|stats|review`, the server, Python, C, WebAssembly) and the terminal game
//! (`yahtzee yahtzix play`).
//!
//! # Where to start
//!
//! [`Rules`], then [`Duel`] (the two-player table) and [`Position`] (a position described,
//! ranked by P(win)).
//!
//! # Modules in detail
//!
//! - [`score`]: what a kept set is worth (`first_roll_value`: the best split into premiums
//!   and singles, "all count" raised to 100; `later_roll_value`: 1s and 5s), `outcome` (a
//!   roll's bank, keeps, whether it may be rolled on) and every roll's outcomes.
//! - [`turn`]: generic over a value (one number, or one chance per player for max-n): rolls
//!   with their outcomes merged by the choices they allow, the value of stopping per turn
//!   total and dice left (none: a pass), `Turn::solve` (the states before rolls 2 and 3, and
//!   the start; each value carries its slope in the bust value for Newton steps).
//! - [`solo`]: [`Solo`] (fewest expected turns per score), `points_per_turn`.
//! - [`duel`]: [`Duel`]: win probabilities per (seat, scores) (`f64`) and per accepted offer
//!   (`f32`, as cached), sums solved top down, pairs linked by busts iterated to a residual
//!   under 1e-12 in parallel (each pair's last sweep extended to its offers), progress by
//!   `Duel::work`; `solve_with` (`wide`: offers in `f64`, the reference for `f32`;
//!   `offer_cap` and `levels`: the compact game, offers kept to a cap and rounded, larger
//!   ones valued by one roll banked at once, docs/GAMES.md; `SolveOptions::compact()`, stored
//!   as a head and pieces in the cache's compact format), `solve_plain` (the reference
//!   solver). `duel::precision::compare`: a table against a reference, every value and the
//!   best option of sampled positions. `duel::cache`: `save` / `load` of the cache file
//!   (offers as `f32`, the rest `f64`), a head (scores, last turns) checked on open and the
//!   offers' table kept mapped, one CRC-32 per (seat, score) block checked when a turn first
//!   reads it or all at once (`verify_all`, which `DuelBot::new` runs).
//! - [`trio`]: `Trio`: three players exactly (max-n): each seat's chance per (mover, scores)
//!   and per accepted offer, triples solved top down by sums, the three movers' bust cycle
//!   by Newton steps on its line, mixed equilibria where two plays answer each other, the
//!   last turns by margins; `solve_plain` and `bellman_residual` (the references),
//!   `estimate_bytes`, `turn_for_play`.
//! - [`party`]: two to eight players: `Seating` (scores in seat order, the mover, the stage;
//!   `check`, `leader`, `heads_up`: the two-player position against the leader), `Strategy`
//!   (`Exact` three-player table or `HeadsUp`) and `advise`, `HeadsUpBot` (its `turn()` ranks
//!   the person's hints in `yahtzee yahtzix play`), `TrioBot`, `table_stats` (each seat's
//!   win rate, seeded).
//! - [`rollout`]: `table_chance`: estimated from seeded games played out by the heads-up bot
//!   in every seat (the same dice for every option; summed in game order, so the same on any
//!   thread count).
//! - [`position`]: `Described` (a position as a player gives it: scores, `TOTAL:DICE` offer,
//!   dice, roll, total, held) → [`Position`] (checked: one-line [`Error`]s), `advise` /
//!   `rank` (every option with its P(win)).
//! - [`sim`]: turn mechanics (`apply`, a `Game` of two to eight seats, `Game::end_turn`:
//!   opening, exact passes, going out, offers), `Player` bots (`DuelBot`, `SoloBot`,
//!   `BankAt`), seeded simulation with 95% intervals.
//! - [`record`]: game records (`yahtzix RULES`, `seed`, `players` (one name per seat, two to
//!   eight), then `roll`, `keep`, `bank`, `go`, `fresh` lines): `Record::observe` writes one
//!   from a watched turn (the terminal game does), `replay` checks every line against the
//!   rules of that many seats, `review` judges each decision by the chance to win it lost
//!   (exact for two players, the heads-up strategy's for more; `Review::text` for the CLI).

pub mod duel;
pub mod party;
pub mod position;
pub mod record;
pub mod rollout;
pub mod score;
pub mod sim;
pub mod solo;
pub mod trio;
pub mod turn;

pub use duel::Duel;
pub use position::{Advice, Position};
pub use solo::Solo;

/// The points a player must make in one turn before any score is recorded (rule B(1)).
pub const OPENING: u32 = 30;

/// Why a request is refused: one line each.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The rules asked for do not make a game.
    #[error("rules: {0}")]
    Rules(String),
    /// A position that cannot arise or is out of the table's range.
    #[error("position: {0}")]
    Position(String),
    /// A cache file that cannot be read or written, or does not match.
    #[error("table file {path}: {why}")]
    Table { path: String, why: String },
    /// A game record that cannot be read or replayed.
    #[error("record {0}")]
    Record(String),
    /// A cache file of another format version (the default one is rebuilt).
    #[error("table file {path}: written by another version (delete it to rebuild)")]
    OtherVersion { path: String },
}

/// One game of Yahtzix: the target and the optional rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Points that end the game (2,000 in the text; rule J(2) allows less).
    pub target: u32,
    /// Four of a kind on the first roll scores 250 (rule H's "4-of-a-kind (250)").
    pub four_of_a_kind: bool,
    /// Rule L: the target must be hit exactly; within 50 a player rolls as many dice as
    /// they choose.
    pub exact: bool,
}

impl Rules {
    /// The largest target the tables are built for.
    pub const MAX_TARGET: u32 = 5000;

    /// The rules of the text with `target`, checked: a multiple of 50 from 100 to 5,000.
    pub fn new(target: u32, four_of_a_kind: bool, exact: bool) -> Result<Rules, Error> {
        if !(100..=Self::MAX_TARGET).contains(&target) || !target.is_multiple_of(50) {
            return Err(Error::Rules(format!(
                "target {target}: give a multiple of 50 from 100 to {}",
                Self::MAX_TARGET
            )));
        }
        Ok(Rules {
            target,
            four_of_a_kind,
            exact,
        })
    }

    /// The text's game: 2,000, four of a kind 250, no exact finish.
    pub fn standard() -> Rules {
        Rules {
            target: 2000,
            four_of_a_kind: true,
            exact: false,
        }
    }

    /// The target in units of five points.
    pub fn target_units(&self) -> usize {
        (self.target / score::UNIT) as usize
    }

    /// Whether a player with `score` (units) may roll fewer dice than they hold (rule L).
    pub fn near(&self, score: usize) -> bool {
        self.exact && self.target_units() - score.min(self.target_units()) <= 10
    }

    /// A short name for file names and messages, e.g. `1000+exact`.
    pub fn name(&self) -> String {
        let mut name = self.target.to_string();
        if !self.four_of_a_kind {
            name.push_str("+no-four");
        }
        if self.exact {
            name.push_str("+exact");
        }
        name
    }
}
