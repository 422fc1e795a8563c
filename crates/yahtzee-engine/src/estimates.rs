//! What solving each other game takes, reckoned from its dimensions before it starts: the
//! figures that both the build check ([`crate::cost`], native hosts) and the games' own
//! modules ([`crate::yahtzix`], [`crate::painted`], the in-memory tables of
//! [`crate::MemoryTables`]) read.
//!
//! It sits below all of them, so the check and the games never import each other; the
//! games re-export these under their own names (`yahtzix::solve_estimate`,
//! `painted::EXACT_LIMIT`, ...).

use yahtzee_painted::Game as PaintedGame;
use yahtzee_yahtzix::{Duel, Rules as YahtzixRules};

/// Painted Yahtzee games with at most this many states are played against their exact
/// table; larger ones (the full game: about 3e8) against the split value.
pub const PAINTED_EXACT_LIMIT: usize = 2_000_000;

/// A rough CPU time to solve a Painted Yahtzee `game`'s exact table, in core-seconds (a
/// million states take about a second with one colour, about 40 s with five, on two
/// cores; in between, geometrically).
pub fn painted_solve_seconds(game: &PaintedGame) -> f64 {
    let per_million = 40f64.powf((f64::from(game.colours) - 1.0) / 4.0);
    2.0 * per_million * game.state_count() as f64 / 1e6
}

/// What solving the two-player Yahtzix game of `rules` costs on two free cores: seconds
/// (rounded) and the cache file's bytes, for the message before a first solve.
pub fn yahtzix_solve_estimate(rules: &YahtzixRules) -> (f64, u64) {
    let (finals, levels) = Duel::work(rules);
    let work = finals + levels.iter().sum::<u64>();
    (
        work as f64 * SECONDS_PER_WORK,
        yahtzee_yahtzix::duel::Layout::of(rules).len as u64,
    )
}

/// The peak memory of solving the two-player Yahtzix game of `rules`: its tables (what the
/// cache file holds), the outcomes of every roll, and each level's pair solutions while
/// they are stored.
pub fn yahtzix_solve_memory(rules: &YahtzixRules) -> u64 {
    let file = yahtzee_yahtzix::duel::Layout::of(rules).len as u64;
    file + file / 8 + crate::SOLVE_OVERHEAD
}

/// The peak memory of solving the compact Yahtzix game of `rules` and handing out its
/// parts one at a time: its offers (two bytes each), the head's small tables, one part's
/// copy.
pub fn yahtzix_compact_memory(rules: &YahtzixRules) -> u64 {
    let (offers, pieces) = Duel::compact_len(rules);
    let head = Duel::compact_head_len(rules) as u64;
    let piece = (2 * offers).div_ceil(pieces.max(1)) as u64;
    2 * offers as u64 + 2 * head + piece + crate::SOLVE_OVERHEAD
}

/// Seconds per unit of [`Duel::work`] on two free cores of the reference machine (2,000:
/// 19.9 s measured, docs/GAMES.md).
const SECONDS_PER_WORK: f64 = 1.85e-7;
