//! What `yahtzee yahtzix solve` reports of a solved game (two players, or the exact
//! three-player game solved in memory), and game records reviewed against the solved game.

use serde::Serialize;
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::{solo, Duel, Rules, Solo};

use super::played::Played;
use super::stats::pct;
use crate::{EngineError, GameTables};

/// What `yahtzee yahtzix solve` reports of a solved game.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    pub rules: String,
    pub target: u32,
    pub solitaire_expected_turns: f64,
    pub solitaire_residual: f64,
    pub max_points_per_turn: f64,
    pub max_points_bust_rate: f64,
    pub first_player_wins: f64,
    pub residual: f64,
    pub tolerance: f64,
    pub sweeps: u64,
    pub max_sweeps_per_pair: u32,
}

impl Solved {
    /// The summary as `yahtzee yahtzix solve` prints it, with the seconds it took.
    pub fn text(&self, seconds: f64) -> String {
        format!(
            "Yahtzix to {} ({}):\n  solitaire, fewest turns: {:.4} expected turns (residual {:.1e})\n  most points per turn: {:.3} (busting {})\n  two players: the first player wins {}\n    (value iteration residual {:.1e} < {:.0e}, {} sweeps, at most {} per pair)\n  {:.1} s\n",
            self.target,
            self.rules,
            self.solitaire_expected_turns,
            self.solitaire_residual,
            self.max_points_per_turn,
            pct(self.max_points_bust_rate),
            pct(self.first_player_wins),
            self.residual,
            self.tolerance,
            self.sweeps,
            self.max_sweeps_per_pair,
            seconds
        )
    }
}

/// The solitaire values and the two-player game's summary.
pub fn solved(duel: &Duel) -> Result<Solved, EngineError> {
    let rules = duel.rules;
    let solo = Solo::solve(&rules)?;
    let (points, bust) = solo::points_per_turn(&rules);
    Ok(Solved {
        rules: rules.name(),
        target: rules.target,
        solitaire_expected_turns: solo.turns[0],
        solitaire_residual: solo.residual,
        max_points_per_turn: points,
        max_points_bust_rate: bust,
        first_player_wins: duel.first_player_wins(),
        residual: duel.residual,
        tolerance: yahtzee_yahtzix::duel::TOLERANCE,
        sweeps: duel.sweeps,
        max_sweeps_per_pair: duel.max_sweeps,
    })
}

/// What `yahtzee yahtzix solve --players 3` reports: the exact three-player game.
#[derive(Clone, Debug, Serialize)]
pub struct SolvedThree {
    pub rules: String,
    pub target: u32,
    /// Each seat's chance to win from the start, seat 1 first.
    pub seats_win: [f64; 3],
    pub residual: f64,
    pub tolerance: f64,
    pub sweeps: u64,
    pub max_sweeps_per_triple: u32,
    /// Score triples whose equilibrium mixes two plays (docs/GAMES.md).
    pub mixed_triples: u64,
    /// Bytes of the tables held.
    pub memory_bytes: u64,
}

impl SolvedThree {
    /// The summary as `yahtzee yahtzix solve --players 3` prints it.
    pub fn text(&self, seconds: f64) -> String {
        format!(
            "Yahtzix to {} ({}), three players, each playing for her own win:\n  seat 1 wins {}, seat 2 {}, seat 3 {}\n    (value iteration residual {:.1e} < {:.0e}, {} sweeps, at most {} per score triple;\n    {} triples mix two plays; tables {:.2} GB)\n  {:.1} s\n",
            self.target,
            self.rules,
            pct(self.seats_win[0]),
            pct(self.seats_win[1]),
            pct(self.seats_win[2]),
            self.residual,
            self.tolerance,
            self.sweeps,
            self.max_sweeps_per_triple,
            self.mixed_triples,
            self.memory_bytes as f64 / 1e9,
            seconds
        )
    }
}

/// The exact three-player game of `rules`, solved in memory (not cached); refused with
/// one line when its tables would take more than `memory_limit` bytes.
pub fn solve_three(rules: &Rules, memory_limit: u64) -> Result<SolvedThree, EngineError> {
    let need = Trio::estimate_bytes(rules);
    if need > memory_limit {
        return Err(EngineError::BadInput(format!(
            "three players to {} need {:.1} GiB of memory, more than the limit of {:.1} GiB: raise it with YAHTZEE_MEMORY_LIMIT (GiB) or give a smaller --target",
            rules.target,
            need as f64 / f64::from(1u32 << 30),
            memory_limit as f64 / f64::from(1u32 << 30)
        )));
    }
    let trio = Trio::solve(rules)?;
    Ok(SolvedThree {
        rules: rules.name(),
        target: rules.target,
        seats_win: trio.start(),
        residual: trio.residual,
        tolerance: yahtzee_yahtzix::trio::TOLERANCE,
        sweeps: trio.sweeps,
        max_sweeps_per_triple: trio.max_sweeps,
        mixed_triples: trio.mixed,
        memory_bytes: trio.memory_bytes() as u64,
    })
}

/// Every decision of a game record (the text `yahtzee yahtzix play` writes) judged by the
/// chance to win it lost, against `tables`' solved game of the record's rules.
pub fn review(
    tables: &dyn GameTables,
    record_text: &str,
) -> Result<yahtzee_yahtzix::record::Review, EngineError> {
    let record = yahtzee_yahtzix::record::Record::parse(record_text)?;
    let played = tables.yahtzix(&record.rules)?;
    review_with(&record, &played)
}

/// [`review`] with a solved game of the record's rules.
pub fn review_with(
    record: &yahtzee_yahtzix::record::Record,
    played: &Played,
) -> Result<yahtzee_yahtzix::record::Review, EngineError> {
    Ok(yahtzee_yahtzix::record::review(
        record,
        &played.duel,
        &played.rolls,
    )?)
}
