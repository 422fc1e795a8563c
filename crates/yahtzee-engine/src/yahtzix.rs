//! Yahtzix through the engine: the solved two-player game (read from its cache file, or
//! solved and written), advice with each option's chance to win, and simulated
//! statistics, in the shapes `yahtzee yahtzix ... --json` prints (docs/ENGINE.md,
//! "Yahtzix").
//!
//! - `played`: the game a question names and its solved two-player table, cached in
//!   the data folder, opened or solved;
//! - `question`: a position as a question asks it, checked, and its answer's shape;
//! - `advise`: the question answered, each option's chance to win (and to win the
//!   table);
//! - `stats`: statistics from seeded games;
//! - `solved`: what a solve reports, and game records reviewed.
//!
//! What each solve costs is reckoned in `crate::estimates`, below the build check.

mod advise;
pub(crate) mod played;
pub(crate) mod question;
mod solved;
mod stats;

/// What solving `rules` costs on two free cores (seconds and the cache file's bytes), the
/// peak memory of solving it, and of solving its compact game (reckoned beside the other
/// games' estimates, which the build check reads too).
pub use crate::estimates::{
    yahtzix_compact_memory as compact_memory, yahtzix_solve_estimate as solve_estimate,
    yahtzix_solve_memory as solve_memory,
};
pub use played::{building_message, cache_path, Game, Played};
#[cfg(feature = "native")]
pub use played::{load_or_solve, open_or_solve};
pub use question::{
    place, table_games, three_fits, Advice, AdviceOption, Question, TableChance, MAX_TABLE_GAMES,
    MIN_TABLE_GAMES, TABLE_SEED, TABLE_TURNS, THREE_EXACT_TARGET,
};
pub use solved::{review, review_with, solve_three, solved, Solved, SolvedThree};
pub use stats::{Stats, StatsQuestion, MAX_GAMES};
