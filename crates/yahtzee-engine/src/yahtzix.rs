//! Yahtzix through the engine: the solved two-player game (read from its cache file, or
//! solved and written), advice with each option's chance to win, and simulated
//! statistics, in the shapes `yahtzee yahtzix ... --json` prints (docs/ENGINE.md,
//! "Yahtzix").

use std::path::Path;

use serde::{Deserialize, Serialize};
use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::party::{self, HeadsUpBot, Seating, TableStats};
use yahtzee_yahtzix::position::{advise as rank_position, Action, Described, Stage};
use yahtzee_yahtzix::sim::{
    duel_stats, solo_stats, solo_turns, BankAt, DuelBot, DuelStats, SoloBot, SoloStats,
};
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{solo, Duel, Rules, Solo};

use crate::{EngineError, GameTables};

/// The game asked about: the fields every Yahtzix question shares.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Points to win, a multiple of 50 (default 2000, the text's game).
    #[serde(default = "default_target")]
    pub target: u32,
    /// Four of a kind on the first roll scores 250 (rule H).
    #[serde(default = "yes")]
    pub four_of_a_kind: bool,
    /// Rule L: win with exactly the target.
    #[serde(default)]
    pub exact: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game {
            target: default_target(),
            four_of_a_kind: true,
            exact: false,
        }
    }
}

impl Game {
    /// The rules, checked.
    pub fn rules(&self) -> Result<Rules, EngineError> {
        Ok(Rules::new(self.target, self.four_of_a_kind, self.exact)?)
    }
}

fn default_target() -> u32 {
    2000
}

fn yes() -> bool {
    true
}

/// A solved two-player game with the outcomes of its rolls, which every question reads
/// (kept together so a question computes neither).
pub struct Played {
    pub duel: Duel,
    pub rolls: Rolls,
}

impl Played {
    pub fn new(duel: Duel) -> Played {
        let rolls = Rolls::new(&duel.rules);
        Played { duel, rolls }
    }
}

/// Where the solved game of `rules` is cached in the data folder `dir`.
pub fn cache_path(dir: &Path, rules: &Rules) -> std::path::PathBuf {
    dir.join(format!("yahtzix-{}.table", rules.name()))
}

/// The solved two-player game of `rules` from the cache file `path`, or solved (about
/// 45 s and 1.3 GB at 2,000 on two cores, [`solve_estimate`]) and written there.
/// `rebuild_other_version`: a file of an older format is solved again (the default place)
/// rather than refused. `on_solve` is called before a solve, `progress` during it with the
/// work done and the total ([`Duel::work`]).
#[cfg(feature = "native")]
pub fn load_or_solve(
    rules: &Rules,
    path: &Path,
    rebuild_other_version: bool,
    on_solve: &dyn Fn(),
    progress: &dyn Fn(u64, u64),
) -> Result<Duel, EngineError> {
    if path.exists() {
        match Duel::load(path, rules) {
            Err(yahtzee_yahtzix::Error::OtherVersion { .. }) if rebuild_other_version => {}
            loaded => return Ok(loaded?),
        }
    }
    on_solve();
    let options = yahtzee_yahtzix::duel::SolveOptions {
        progress,
        ..Default::default()
    };
    let duel = Duel::solve_with(rules, options)?;
    // A solve killed while writing leaves its temporary file (hundreds of MB at 1,000).
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    yahtzee_table::remove_stale_temps(folder, &Duel::temp_prefix(path), "");
    duel.save(path)?;
    Ok(duel)
}

/// The solved two-player game of `rules`, as the command line opens it: from the file
/// `table` when given (one of another version refused), else from the cache in the data
/// folder `dir` (one of an older format solved again). A solve that cannot fit the memory
/// limit or the free disk is refused in one line before it starts; `on_solve` is told
/// what it costs ([`building_message`]) as it starts, `progress` as it goes.
#[cfg(feature = "native")]
pub fn open_or_solve(
    rules: &Rules,
    table: Option<&Path>,
    dir: &Path,
    on_solve: &dyn Fn(&str),
    progress: &dyn Fn(u64, u64),
) -> Result<Duel, EngineError> {
    let path = table.map_or_else(|| cache_path(dir, rules), Path::to_path_buf);
    if !path.exists() {
        let budget = crate::cost::Budget::for_dir(path.parent().unwrap_or(dir));
        crate::cost::check(&crate::cost::Build::Yahtzix(*rules), &budget)?;
    }
    let say = || on_solve(&building_message(rules, &path));
    load_or_solve(rules, &path, table.is_none(), &say, progress)
}

/// What a first solve of `rules` into `path` costs, in words (two lines): the message
/// before it starts.
pub fn building_message(rules: &Rules, path: &Path) -> String {
    let (seconds, bytes) = solve_estimate(rules);
    format!(
        "Building the Yahtzix table for {} points (once: about {} on two cores)...\n  {} ({})",
        rules.target,
        about_seconds(seconds),
        path.display(),
        about_bytes(bytes)
    )
}

/// "20 s", "2 min" for a message.
fn about_seconds(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => "a second".to_string(),
        s if s < 100.0 => format!("{:.0} s", s.max(1.0)),
        s => format!("{:.0} min", s / 60.0),
    }
}

/// "160 MB", "1.3 GB" for a message.
fn about_bytes(bytes: u64) -> String {
    let mb = bytes as f64 / 1e6;
    match mb {
        m if m < 1.0 => format!("{:.0} kB", 1e3 * m),
        m if m < 1000.0 => format!("{m:.0} MB"),
        m => format!("{:.1} GB", m / 1e3),
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

/// What solving `rules` costs on two free cores: seconds (rounded) and the cache file's
/// bytes, for the message before a first solve.
pub fn solve_estimate(rules: &Rules) -> (f64, u64) {
    let (finals, levels) = Duel::work(rules);
    let work = finals + levels.iter().sum::<u64>();
    (
        work as f64 * SECONDS_PER_WORK,
        yahtzee_yahtzix::duel::Layout::of(rules).len as u64,
    )
}

/// The peak memory of solving `rules`: its tables (what the cache file holds), the
/// outcomes of every roll, and each level's pair solutions while they are stored.
pub fn solve_memory(rules: &Rules) -> u64 {
    let file = yahtzee_yahtzix::duel::Layout::of(rules).len as u64;
    file + file / 8 + crate::SOLVE_OVERHEAD
}

/// The peak memory of solving the compact game of `rules` and handing out its parts one
/// at a time: its offers (two bytes each), the head's small tables, one part's copy.
pub fn compact_memory(rules: &Rules) -> u64 {
    let (offers, pieces) = Duel::compact_len(rules);
    let head = Duel::compact_head_len(rules) as u64;
    let piece = (2 * offers).div_ceil(pieces.max(1)) as u64;
    2 * offers as u64 + 2 * head + piece + crate::SOLVE_OVERHEAD
}

/// Seconds per unit of [`Duel::work`] on two free cores of the reference machine (2,000:
/// 19.9 s measured, docs/GAMES.md).
const SECONDS_PER_WORK: f64 = 1.85e-7;

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

    /// Every option with its chance to win, from `tables`' solved game (and, for three
    /// players' chances to win the table, their exact game where `tables` has it).
    pub fn answer(&self, tables: &dyn GameTables) -> Result<Advice, EngineError> {
        let (rules, seating) = self.seating()?;
        let played = tables.yahtzix(&rules)?;
        let three = match self.table && seating.scores.len() == 3 {
            true => tables.yahtzix_three(&rules)?,
            false => None,
        };
        self.answer_with(&played, three.as_deref())
    }

    /// The exact three-player game this question's chances to win the table read, solved
    /// now (`on_solve` is told what it costs first): `None` where they are estimated (not
    /// three players, `table` off, or not [`three_fits`] in `memory_limit`).
    #[cfg(feature = "native")]
    pub fn three(
        &self,
        memory_limit: u64,
        on_solve: &dyn Fn(&str),
    ) -> Result<Option<Trio>, EngineError> {
        let (rules, seating) = self.seating()?;
        if !self.table || seating.scores.len() != 3 || !three_fits(&rules, memory_limit) {
            return Ok(None);
        }
        let cost = crate::cost::Build::YahtzixThree(rules).cost();
        on_solve(&format!(
            "Solving the three-player game to {} for the chances to win the table (about {:.0} CPU-seconds, {}; not kept)...",
            rules.target,
            cost.cpu_seconds.max(1.0),
            crate::cost::bytes(cost.memory)
        ));
        Ok(Some(Trio::solve(&rules)?))
    }

    /// Every option with its chance to win, from a solved game of the question's rules;
    /// with `three` (the solved three-player game), three players' chances to win the
    /// table are exact, else estimated.
    pub fn answer_with(
        &self,
        played: &Played,
        three: Option<&Trio>,
    ) -> Result<Advice, EngineError> {
        let (rules, seating) = self.seating()?;
        let pos = seating.heads_up(&rules);
        let (duel, rolls) = (&played.duel, &played.rolls);
        if duel.rules != rules {
            return Err(EngineError::BadInput(format!(
                "the solved game is Yahtzix {}, the question Yahtzix {}",
                duel.rules.name(),
                rules.name()
            )));
        }
        let advice = rank_position(duel, rolls, &pos)?;
        let best = advice.options.first().map_or(advice.win, |o| o.win);
        let players = seating.scores.len();
        let wanted = players > 2 && self.table && !advice.options.is_empty();
        let three = three.filter(|t| wanted && players == 3 && t.rules == rules);
        let (table_chance, chances) = match three {
            Some(trio) => (
                Some(TableChance::exact()),
                exact_chances(trio, rolls, &seating, &advice)?,
            ),
            None if wanted => {
                let t = TableChance::estimate(table_games(&rules, &seating, advice.options.len()));
                let chances = estimated_chances(played, &seating, &advice, &t)?;
                (Some(t), chances)
            }
            None => (None, vec![None; advice.options.len()]),
        };
        let options = advice
            .options
            .iter()
            .zip(chances)
            .map(|(o, table)| {
                let mut opt = AdviceOption {
                    option: o.label.clone(),
                    p_win: o.win,
                    loss: best - o.win,
                    p_table: table.map(|(p, _)| p),
                    p_table_ci95: table.and_then(|(_, h)| h),
                    go_for_it: false,
                    roll_fresh: false,
                    roll: None,
                    bank: false,
                    keep: None,
                };
                match o.action {
                    Action::GoForIt => opt.go_for_it = true,
                    Action::RollFresh => opt.roll_fresh = true,
                    Action::Roll(k) => opt.roll = Some(k),
                    Action::Bank { .. } => opt.bank = true,
                    Action::Keep(counts) => opt.keep = Some(faces(&counts)),
                }
                opt
            })
            .collect();
        Ok(Advice {
            game: "yahtzix",
            rules: rules.name(),
            target: rules.target,
            players,
            to_move: seating.to_move + 1,
            strategy: match (players, duel.is_compact()) {
                (2, false) => "exact",
                (2, true) => "compact",
                (_, false) => "heads-up",
                (_, true) => "heads-up compact",
            },
            against: seating.leader() + 1,
            scores: seating.scores,
            seat: if pos.seat == Seat::Second {
                "second"
            } else {
                "first"
            },
            me: pos.me,
            opp: pos.opp,
            p_win: advice.win,
            bust: advice.bust,
            options,
            table_chance,
        })
    }
}

impl TableChance {
    fn exact() -> TableChance {
        TableChance {
            kind: "exact",
            games: None,
            seed: None,
            bots: "three-player table",
        }
    }

    fn estimate(games: u64) -> TableChance {
        TableChance {
            kind: "estimate",
            games: Some(games),
            seed: Some(TABLE_SEED),
            bots: "heads-up",
        }
    }
}

/// A chance to win the table with the half-width of its 95% interval (none when exact).
type TableP = Option<(f64, Option<f64>)>;

/// Each option's chance to win the table from the solved three-player game: the mover's
/// own chance after it, each seat playing for her own win.
fn exact_chances(
    trio: &Trio,
    rolls: &Rolls,
    seating: &Seating,
    advice: &yahtzee_yahtzix::Advice,
) -> Result<Vec<TableP>, EngineError> {
    // `rolls` are the question's rules' outcomes, and so the three-player game's.
    let exact = party::advise(party::Strategy::Exact(trio), rolls, seating)?;
    advice
        .options
        .iter()
        .map(|o| {
            let same = exact.options.iter().find(|e| e.action == o.action);
            let p = same.ok_or_else(|| {
                EngineError::BadInput(format!(
                    "{}: not an option of the three-player game",
                    o.label
                ))
            })?;
            Ok(Some((p.win, None)))
        })
        .collect()
}

/// Each option's chance to win the table estimated by `t`'s games, played out by the
/// heads-up bots (the same games for every option).
fn estimated_chances(
    played: &Played,
    seating: &Seating,
    advice: &yahtzee_yahtzix::Advice,
    t: &TableChance,
) -> Result<Vec<TableP>, EngineError> {
    let (games, seed) = (t.games.unwrap_or(0), t.seed.unwrap_or(TABLE_SEED));
    advice
        .options
        .iter()
        .map(|o| {
            let r = yahtzee_yahtzix::rollout::table_chance(
                &played.duel,
                &played.rolls,
                seating,
                o.action,
                games,
                seed,
            )?;
            // One half-width: the Wilson interval's wider side.
            Ok(Some((r.rate, Some((r.high - r.rate).max(r.rate - r.low)))))
        })
        .collect()
}

/// Dice counted per face (index 1 to 6) as a list of faces, lowest first.
fn faces(counts: &yahtzee_yahtzix::score::Counts) -> Vec<u8> {
    (1..=6u8)
        .flat_map(|f| std::iter::repeat_n(f, usize::from(counts[usize::from(f)])))
        .collect()
}

/// Statistics settings: the body of `POST /api/stats` with `"game": "yahtzix"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsQuestion {
    #[serde(default)]
    pub game: Option<String>,
    #[serde(flatten)]
    pub rules: Game,
    /// Games per line.
    #[serde(default = "default_games")]
    pub games: u64,
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Players at the table for the self-play line (2 to 8).
    #[serde(default = "default_players")]
    pub players: usize,
}

fn default_players() -> usize {
    2
}

fn default_games() -> u64 {
    2000
}

fn default_seed() -> u64 {
    1
}

/// The most games per line one statistics question may ask for.
pub const MAX_GAMES: u64 = 10_000_000;

/// Simulated statistics: the fewest-turns solitaire strategy and "bank at 300" alone, and
/// the optimal two-player bot against "bank at 300" (95% intervals).
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    pub game: &'static str,
    pub rules: String,
    pub games: u64,
    pub seed: u64,
    pub solitaire_optimal: SoloStats,
    /// The exact expected turns to reach the target with the fewest-turns strategy.
    pub solitaire_expected_turns: f64,
    pub solitaire_bank_at_300: SoloStats,
    pub optimal_vs_bank_at_300: DuelStats,
    /// The exact chance the first player wins when both play optimally.
    pub first_player_wins_exact: f64,
    /// Every seat's win rate when the table plays itself: optimal play for two players,
    /// the heads-up strategy for more.
    pub self_play: TableStats,
}

impl StatsQuestion {
    /// The body of a request, checked for shape.
    pub fn from_json(body: &[u8]) -> Result<StatsQuestion, EngineError> {
        crate::api::parse(body)
    }

    /// The statistics, from `tables`' solved game (the same for any thread count).
    pub fn answer(&self, tables: &dyn GameTables) -> Result<Stats, EngineError> {
        let rules = self.rules.rules()?;
        self.check()?;
        let played = tables.yahtzix(&rules)?;
        self.answer_with(&played.duel)
    }

    /// The rules, with the games and players checked.
    pub fn checked(&self) -> Result<Rules, EngineError> {
        self.check()?;
        self.rules.rules()
    }

    fn check(&self) -> Result<(), EngineError> {
        if !(2..=MAX_GAMES).contains(&self.games) {
            return Err(EngineError::BadInput(format!(
                "games {}: from 2 to {MAX_GAMES}",
                self.games
            )));
        }
        if !(2..=party::MAX_PLAYERS).contains(&self.players) {
            return Err(EngineError::BadInput(format!(
                "players {}: from 2 to {}",
                self.players,
                party::MAX_PLAYERS
            )));
        }
        Ok(())
    }

    /// The statistics from a solved game of the question's rules.
    pub fn answer_with(&self, duel: &Duel) -> Result<Stats, EngineError> {
        let rules = self.rules.rules()?;
        self.check()?;
        let solo = Solo::solve(&rules)?;
        let rolls = Rolls::new(&rules);
        let endings: Vec<_> = (0..solo.turns.len()).map(|s| solo.endings_at(s)).collect();
        let turns = solo_turns(&solo, &rolls, &endings);
        let (games, seed) = (self.games, self.seed);
        let optimal = solo_stats(&rules, games, seed, || SoloBot::new(&rules, &turns));
        let bank = solo_stats(&rules, games, seed, || BankAt { at: 300, rules });
        let bot = DuelBot::new(duel, &rolls)?;
        let vs_bank = duel_stats(
            &rules,
            games,
            seed,
            || bot.clone(),
            || BankAt { at: 300, rules },
        );
        let heads_up = HeadsUpBot::new(duel, &rolls)?;
        let self_play = party::table_stats(&rules, self.players, games, seed, |_| {
            Box::new(heads_up.clone()) as Box<dyn yahtzee_yahtzix::sim::Player>
        });
        Ok(Stats {
            game: "yahtzix",
            rules: rules.name(),
            games,
            seed,
            solitaire_optimal: optimal,
            solitaire_expected_turns: solo.turns[0],
            solitaire_bank_at_300: bank,
            optimal_vs_bank_at_300: vs_bank,
            first_player_wins_exact: duel.first_player_wins(),
            self_play,
        })
    }
}

fn pct(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

impl Stats {
    /// The statistics as `yahtzee yahtzix stats` prints them.
    pub fn text(&self) -> String {
        let ci =
            |m: &yahtzee_yahtzix::sim::Mean| format!("{:.3} [{:.3}, {:.3}]", m.mean, m.low, m.high);
        let cr = |r: &yahtzee_yahtzix::sim::Rate| {
            format!("{} [{}, {}]", pct(r.rate), pct(r.low), pct(r.high))
        };
        let (opt, bank, vs) = (
            &self.solitaire_optimal,
            &self.solitaire_bank_at_300,
            &self.optimal_vs_bank_at_300,
        );
        // One figure a line, so every line fits 80 columns with its interval.
        format!(
            "Yahtzix to {}: {} games per strategy, seed {}, 95% intervals in brackets\n\
             \n\
             solitaire, fewest-turns strategy (exact {:.3} turns):\n\
             \x20 turns            {}\n\
             \x20 busts            {} of turns\n\
             \x20 points a turn    {}\n\
             solitaire, bank at 300:\n\
             \x20 turns            {}\n\
             \x20 busts            {} of turns\n\
             \x20 points a turn    {}\n\
             optimal against bank at 300:\n\
             \x20 optimal wins     {}\n\
             \x20 first seat       {}\n\
             \x20 second seat      {}\n\
             \x20 its turns        {}\n\
             \x20 its busts        {} of turns\n",
            self.rules,
            self.games,
            self.seed,
            self.solitaire_expected_turns,
            ci(&opt.turns),
            cr(&opt.bust_rate),
            ci(&opt.points_per_turn),
            ci(&bank.turns),
            cr(&bank.bust_rate),
            ci(&bank.points_per_turn),
            cr(&vs.win_rate),
            cr(&vs.win_rate_first_seat),
            cr(&vs.win_rate_second_seat),
            ci(&vs.turns),
            cr(&vs.bust_rate),
        ) + &self.self_play_text()
    }

    fn self_play_text(&self) -> String {
        let t = &self.self_play;
        let how = if t.players == 2 {
            "optimal play"
        } else {
            "the heads-up strategy"
        };
        let mut text = format!("{} players, every seat {how}:\n", t.players);
        for (seat, r) in t.win_rates.iter().enumerate() {
            text += &format!(
                "  seat {} wins      {} [{}, {}]\n",
                seat + 1,
                pct(r.rate),
                pct(r.low),
                pct(r.high)
            );
        }
        let r = &t.tie_rate;
        text += &format!(
            "  shared wins      {} [{}, {}]\n",
            pct(r.rate),
            pct(r.low),
            pct(r.high)
        );
        text
    }
}

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
