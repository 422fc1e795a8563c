//! A Yahtzix position as a question asks it ([`Question`]: the body of `POST /api/advise`
//! with `"game": "yahtzix"`, the flags of `yahtzee yahtzix advise`), checked against the
//! rules, and the shape of its answer ([`Advice`]), with how many games an estimate of the
//! chance to win a table of three or more plays out. Answering is the `advise` module's.

use serde::{Deserialize, Serialize};
use yahtzee_yahtzix::party::Seating;
use yahtzee_yahtzix::position::{Described, Stage};
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::Rules;

use super::played::{yes, Game};
use crate::EngineError;

/// A position to advise: the body of `POST /api/advise` with `"game": "yahtzix"`, the
/// flags of `yahtzee yahtzix advise`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    #[serde(default)]
    pub game: Option<String>,
    #[serde(flatten)]
    pub rules: Game,
    /// Two players: the mover's score (0 until they open with 30 in a turn).
    #[serde(default)]
    pub me: Option<u32>,
    /// Two players: the opponent's score.
    #[serde(default)]
    pub opp: Option<u32>,
    /// Two players: the mover is the second player of the round.
    #[serde(default)]
    pub second: bool,
    /// Two to eight players, instead of `me` and `opp`: every score in seat order (seat 1
    /// starts every round).
    #[serde(default)]
    pub scores: Option<Vec<u32>>,
    /// With `scores`: the seat to move, 1 to the number of players.
    #[serde(default)]
    pub seat: Option<usize>,
    /// Before the turn: the opponent's leftover offer as `TOTAL:DICE`, e.g. `150:2`.
    #[serde(default)]
    pub offer: Option<String>,
    /// The dice just rolled, e.g. `"115523"` or `[1, 1, 5, 5, 2, 3]` (without them: the
    /// question before the turn).
    #[serde(default)]
    pub dice: Option<crate::api::DiceText>,
    /// Which roll of the turn the dice are: 1, 2 or 3 [default: 1, or 2 with a total].
    #[serde(default)]
    pub roll: Option<u8>,
    /// Points set aside this turn before this roll.
    #[serde(default)]
    pub total: u32,
    /// Dice in hand before this roll [default: the dice shown].
    #[serde(default)]
    pub held: Option<u8>,
    /// Three or more players: each option's chance to win the table, from games played
    /// out (default; `false` skips them, as a bot's question does).
    #[serde(default = "yes")]
    pub table: bool,
}

/// The answer to a [`Question`].
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    pub game: &'static str,
    /// `2000`, `1000+exact`, ...
    pub rules: String,
    pub target: u32,
    /// The number of players.
    pub players: usize,
    /// Every score in seat order.
    pub scores: Vec<u32>,
    /// The seat to move, from 1.
    pub to_move: usize,
    /// `exact` (two players) or `heads-up` (three or more: the two-player table against
    /// the opponent `against`); `compact` and `heads-up compact` where the two-player game
    /// is the compact one, an approximation (a page's Yahtzix past 1,000: docs/GAMES.md,
    /// "Yahtzix to 2,000 in a page").
    pub strategy: &'static str,
    /// The seat (from 1) of the opponent the chances are reckoned against: the leader.
    pub against: usize,
    /// `first` or `second`: the mover's seat in the round against that opponent.
    pub seat: &'static str,
    pub me: u32,
    pub opp: u32,
    /// The mover's chance to win with best play from here.
    pub p_win: f64,
    /// Nothing in the roll scores: the turn is over.
    pub bust: bool,
    /// Every option, best first.
    pub options: Vec<AdviceOption>,
    /// Three or more players: how each option's chance to win the table (`p_table`) was
    /// reckoned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_chance: Option<TableChance>,
}

/// How the chances to win the table were reckoned: `exact`, from the three-player game
/// solved (three players, a target up to [`THREE_EXACT_TARGET`], where it fits the host's
/// memory: each seat playing for her own win, as `yahtzee yahtzix solve --players 3`), or
/// an `estimate` from seeded games played out by the heads-up bot in every seat
/// (`yahtzee_yahtzix::rollout`), the same games for every option.
#[derive(Clone, Debug, Serialize)]
pub struct TableChance {
    /// `exact` (no interval) or `estimate` (rollouts, with a 95% interval).
    pub kind: &'static str,
    /// An estimate's games played out for each option, and their seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Who plays the games out (`heads-up`), or `three-player table` for exact chances.
    pub bots: &'static str,
}

/// The largest target at which three players' chances to win the table are exact: the
/// three-player game is solved for them (about 20 CPU-seconds and 0.6 GB at 200, 6 s and
/// 0.2 GB at 100; [`yahtzee_yahtzix::trio::Trio::estimate_bytes`]) where the host's
/// memory holds it. Past it they are estimated.
pub const THREE_EXACT_TARGET: u32 = 200;

/// Whether three players' chances under `rules` are exact on a host whose builds may take
/// `memory_limit` bytes: the target is at most [`THREE_EXACT_TARGET`] and the solve fits.
pub fn three_fits(rules: &Rules, memory_limit: u64) -> bool {
    rules.target <= THREE_EXACT_TARGET
        && Trio::estimate_bytes(rules) + crate::SOLVE_OVERHEAD <= memory_limit
}

/// Turns the played-out games of one answer may take in all: each is a turn solved by a
/// bot (about 70 µs), so about 200 ms of two cores. The games are shared equally among
/// the options, as many as the turns a game from the position takes allow
/// ([`table_games`]), at least [`MIN_TABLE_GAMES`] and at most [`MAX_TABLE_GAMES`] each.
pub const TABLE_TURNS: f64 = 5_600.0;

/// The fewest and most games an option's estimate is played out from.
pub const MIN_TABLE_GAMES: u64 = 6;
pub const MAX_TABLE_GAMES: u64 = 400;

/// Points a turn adds on average under the heads-up bot (about 60 measured; with the busts
/// counted), to reckon how many turns a game from a position takes.
const POINTS_PER_TURN: f64 = 60.0;

/// Games to play out for each of `options` options from `seating` within [`TABLE_TURNS`]:
/// the cost of the estimate is known before it starts.
pub fn table_games(rules: &Rules, seating: &Seating, options: usize) -> u64 {
    let target = f64::from(rules.target);
    let turns: f64 = seating
        .scores
        .iter()
        .map(|&s| (target - f64::from(s)).max(50.0) / POINTS_PER_TURN)
        .sum::<f64>()
        + seating.scores.len() as f64;
    let games = TABLE_TURNS / (options.max(1) as f64 * turns);
    (games as u64).clamp(MIN_TABLE_GAMES, MAX_TABLE_GAMES)
}

/// The seed of the played-out games (fixed: the same question, the same answer).
pub const TABLE_SEED: u64 = 1;

impl Advice {
    /// The advice as `yahtzee yahtzix advise` prints it, under `position` (the position in
    /// words): the bust, or every option with the chance to win it leaves.
    pub fn text(&self, position: &str) -> String {
        let pct = |p: f64| format!("{:.2}%", 100.0 * p);
        let mut text = format!("{position}\n");
        if self.players > 2 {
            text += &format!(
                "  (heads-up: each chance is the two-player game's against seat {}, the leader)\n",
                self.against
            );
        }
        if self.bust {
            text += &format!(
                "  bust: nothing scores (you win {} from here)\n",
                pct(self.p_win)
            );
            return text;
        }
        if let Some(t) = &self.table_chance {
            text += &match (t.games, t.seed) {
                (Some(games), Some(seed)) => format!(
                    "  (table: the chance to win the whole table, from {games} games played out\n   by {} bots in every seat, seed {seed}; ± its 95% interval)\n",
                    t.bots
                ),
                _ => "  (table: the chance to win the whole table, exact: the three-player game\n   solved, each seat playing for her own win)\n".to_string(),
            };
            text += "      win            table   option\n";
        } else {
            text += "      win   option\n";
        }
        for (i, o) in self.options.iter().enumerate() {
            match (o.p_table, o.p_table_ci95) {
                (Some(p), h) => {
                    let table = match h {
                        Some(h) => format!("{:.1}% ± {:.1}", 100.0 * p, 100.0 * h),
                        None => pct(p),
                    };
                    text += &format!(
                        "{:>3}. {:>7}  {table:>15}   {}\n",
                        i + 1,
                        pct(o.p_win),
                        o.option
                    );
                }
                _ => text += &format!("{:>3}. {:>7}  {}\n", i + 1, pct(o.p_win), o.option),
            }
        }
        text
    }
}

/// One option of an [`Advice`]: exactly one of `go_for_it`, `roll_fresh`, `roll`, `bank`
/// and `keep` is present.
#[derive(Clone, Debug, Serialize)]
pub struct AdviceOption {
    /// In words, e.g. `keep 1 1 5, roll 3 dice`.
    pub option: String,
    /// The mover's chance to win after it.
    pub p_win: f64,
    /// Chance to win lost against the best option (0 for it).
    pub loss: f64,
    /// Three or more players: the chance to win the table after it (see `table_chance`),
    /// and the half-width of its 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_table: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_table_ci95: Option<f64>,
    /// Before the turn: accept the opponent's offer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub go_for_it: bool,
    /// Before the turn: decline the offer and roll six dice.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub roll_fresh: bool,
    /// Within 50 of an exact target: roll this many of the dice held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<u8>,
    /// Bank the turn's points.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bank: bool,
    /// Set these scoring dice aside and roll the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep: Option<Vec<u8>>,
}

impl Question {
    /// The body of a request, checked for shape.
    pub fn from_json(body: &[u8]) -> Result<Question, EngineError> {
        crate::api::parse(body)
    }

    /// The moment of the turn: before it (with an offer or none) or the dice just rolled.
    fn stage(&self) -> Result<Stage, EngineError> {
        if self.offer.is_some() && self.dice.is_some() {
            return Err(EngineError::BadInput(
                "give an offer (before the turn) or dice (during it), not both".into(),
            ));
        }
        if self.dice.is_none() && (self.roll.is_some() || self.total > 0 || self.held.is_some()) {
            return Err(EngineError::BadInput(
                "roll, total and held describe dice: give the dice".into(),
            ));
        }
        let dice = self.dice.as_ref().map(|d| d.text());
        let described = Described {
            offer: self.offer.as_deref(),
            dice: dice.as_deref(),
            roll: self.roll,
            total: self.total,
            held: self.held,
            ..Described::default()
        };
        Ok(described.position()?.stage)
    }

    /// The table, checked against the rules: the scores in seat order and the mover (two
    /// players given as `me`, `opp` and `second` sit in that order).
    pub fn seating(&self) -> Result<(Rules, Seating), EngineError> {
        let rules = self.rules.rules()?;
        let bad = |why: &str| Err(EngineError::BadInput(why.into()));
        let (scores, to_move) = match (&self.scores, self.me, self.opp) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return bad("give scores and seat, or me and opp, not both")
            }
            (Some(_), None, None) if self.second => {
                return bad("second goes with me and opp; with scores give the seat")
            }
            (Some(scores), None, None) => match self.seat {
                Some(seat) if (1..=scores.len()).contains(&seat) => (scores.clone(), seat - 1),
                Some(seat) => {
                    return Err(EngineError::BadInput(format!(
                        "seat {seat}: the seats are 1 to {}",
                        scores.len()
                    )))
                }
                None => return bad("with scores, give the seat to move (from 1)"),
            },
            (None, _, _) if self.seat.is_some() => {
                return bad("seat goes with scores; with me and opp give second")
            }
            (None, Some(me), Some(opp)) if self.second => (vec![opp, me], 1),
            (None, Some(me), Some(opp)) => (vec![me, opp], 0),
            _ => return bad("give me and opp (two players), or scores and seat"),
        };
        let seating = Seating {
            scores,
            to_move,
            stage: self.stage()?,
        };
        if seating.scores.len() == 2 {
            // Two players: the messages speak of "your score" and "opponent's score".
            seating.heads_up(&rules).check(&rules)?;
        }
        seating.check(&rules)?;
        Ok((rules, seating))
    }

    /// The position, checked against the rules: with three or more players, the
    /// two-player position the heads-up strategy plays.
    pub fn position(&self) -> Result<(Rules, yahtzee_yahtzix::Position), EngineError> {
        let (rules, seating) = self.seating()?;
        Ok((rules, seating.heads_up(&rules)))
    }
}

/// Where the mover of `seating` stands, as `yahtzee yahtzix advise` shows it: one line
/// for two players, three for a larger table.
pub fn place(rules: &Rules, seating: &Seating) -> String {
    match seating.scores.len() {
        2 => seating.heads_up(rules).describe(rules.target),
        _ => seating.describe(rules.target),
    }
}
