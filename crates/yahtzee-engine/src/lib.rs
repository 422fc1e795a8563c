//! The engine's questions and their answers, in one place, for every front end: the
//! command line, the Python package, the C library and the web server are thin layers
//! over these functions, so they give the same answers in the same shapes (the CLI's
//! `--json` output: [`Report`] for advice, [`Summary`] for statistics).
//!
//! - names to rule sets ([`rules_named`]), text to cards and dice ([`parse_card`],
//!   [`parse_dice`]), each failure an [`EngineError`] with a one-line message;
//! - [`advise`]: every option of a position ranked for expected score, a target or to win;
//! - [`stats`] and [`simulate`]: the exact or simulated distribution of the final total;
//! - [`Tables`]: tables opened once per rule set (built when missing) and shared between
//!   threads, for long-lived hosts (a Python session, a C program, a server);
//! - [`Game`]: the one door to every game of the family — Yahtzee here, Triple Yahtzee in
//!   [`triple`], Yahtzix in [`yahtzix`], Painted Yahtzee in [`painted`] — for front ends
//!   that take a request's `"game"`.
//!
//! Over `yahtzee-rules`, `yahtzee-solver`, `yahtzee-table` and `yahtzee-advice`; with its
//! features, `yahtzee-stats`, `yahtzee-play` and the games' crates (`yahtzee-triple`,
//! `yahtzee-yahtzix`, `yahtzee-painted`). Every front end imports this crate; it imports none
//! of them. The shapes of the answers: docs/ENGINE.md.
//!
//! # Features
//!
//! - `native` (default; the CLI, the server, Python, C): `Tables` over files, statistics and
//!   simulation, playing to win, reviews, the other games, every core. It includes the two
//!   below.
//! - `games` alone (the WebAssembly games module): the other games' questions over
//!   [`MemoryTables`] (the files' bytes in memory), one thread, no files.
//! - `explain` (the explaining WebAssembly module; in `native`): each option's parts from the
//!   companion table (the `explain` module, `AdviseQuestion::explain`, over
//!   `yahtzee-stats`).
//! - Without any (the first WebAssembly module): expected-score and sixth-die advice over
//!   tables held in memory.
//!
//! # Yahtzee's questions
//!
//! `advise(advisor, target table, card, dice, rolls_left, &PlayFor)` → [`Report`]
//! (`advise_sixth_die` for the turn-start question, any objective); `stats` → `Summary`
//! (the target and win plays included, with the expected-score play's figures to compare);
//! `simulate` → `Summary`; `opponent_distributions`. `EngineError::is_bad_input` splits the
//! caller's mistakes (CLI exit 1 with the message, Python `InputError`, C `YZ_ERR_INPUT`)
//! from table failures. For the command line: `flags_position` (the position `yahtzee
//! advise`'s flags give, checked before any table opens), [`with_house`] (house rules added
//! to a rule set), `PlayFor::asked` (`--target` / `--opponent`), `stats_steps` (its
//! progress bar's length); the `text` module: `rules` (`yahtzee rules`' listing), `solved` /
//! `solved_target` (`yahtzee solve`'s report).
//!
//! [`api`] reads the web API's questions (`advise_question`, `stats_question`: the `POST
//! /api/advise` and `/api/stats` bodies, checked, with one-line errors;
//! `AdviseQuestion::answer`, and with `"explain": true`, checked to be a question it covers,
//! `AdviseQuestion::explain`) and lays out a card (`card_layout`: boxes with their labels and
//! scores, bonuses, house rules), for `yahtzee serve` and the WebAssembly engine alike.
//!
//! # Tables and what a build costs
//!
//! `Tables` keeps one `Advisor` and one `TargetTable` per rule set, built on first use, and
//! each rule set's companion table (`Tables::companion`, `write_companion`: built over the
//! value table on first use, docs/EXPLAIN.md); a slot lock per rule set makes a second caller
//! wait for a build (`is_open` never waits: a slot being built is not open).
//! `Tables::locate(build)` says whether a build is in memory, on disk or missing;
//! `Tables::prepare(build)` opens or builds it. A table at a path the caller names (the
//! CLI's `--table`, `--out`) is opened or built through the same functions, and every build
//! is told to the `Progress` observer the `Tables` was given (the CLI's progress bar; a
//! server, Python and C watch nothing).
//!
//! The `cost` module: `Build` (every table the engine builds on demand: `Values`, `Target`,
//! `Companion`, `Triple`, `Yahtzix`, `YahtzixThree`, `Painted`) and its `Cost`, reckoned from
//! its dimensions before it starts (peak heap, memory held once open, file bytes, rough CPU
//! core-seconds), its `BuildKind` for a server's policy and the CLI `command` that builds it
//! ahead; `check(build, Budget)` refuses in one line (`EngineError::TooBig`) past
//! `Tables::memory_limit` or the free disk. Every host checks: the CLI and `Tables` (so
//! Python and C) through it, the WebAssembly module through `check_value_build`.
//! `tests/cost.rs` measures each kind's peak heap on small instances with a counting
//! allocator (within a quarter of the estimate) and its files to the byte.
//!
//! # Every game: `Game` and `GameTables`
//!
//! [`Game`] (`Yahtzee`, `Triple`, `Yahtzix`, `Painted`) is the one door for a request that
//! names its `"game"`: `Game::of_request(body)`, then `advise` (the other games through
//! `advise_other`, over any [`GameTables`]), `stats`, `review` (JSON in, JSON out, the CLI's
//! `--json` shapes) and `builds` (the `cost::Build`s a question needs, checked before
//! anything is built).
//!
//! [`GameTables`] is what the other games' questions read (`triple_player`, `yahtzix`,
//! `painted_advisor`, and `yahtzix_three`: the three-player game where the host has it or may
//! solve it, which makes three players' chances to win a table exact; `Tables` solves it on
//! a question's thread unless built `without_three_on_request`, as a server's are: it builds
//! it through its queue). It is implemented by `Tables` (files in the data folder) and by
//! [`MemoryTables`] (no files: the same files' bytes handed in by the host with `give`,
//! checked when first opened, a damaged one rejected and built again; what it builds named
//! by `take_built` and handed out one at a time by `take`; `files_for(body)` names what a
//! question needs; Yahtzix exact where it fits the memory limit, else the compact game in
//! parts, else refused before it starts). The build-once slots are shared by both.
//!
//! Each game's module holds its typed questions (serde, unknown fields refused) and answers
//! (`options` best first with `loss`; `Advice::text` as the CLI prints it):
//!
//! - [`triple`]: over `yahtzee-triple` (`ev_remaining`); `Tables` keeps the Triple players
//!   over the official table.
//! - [`yahtzix`]: over `yahtzee-yahtzix` (`p_win`); `place` says where the mover stands;
//!   the solved games live in `yahtzix-<rules>.table`, solved and written when missing
//!   (checked first, with a building message before the solve).
//! - [`painted`]: over `yahtzee-painted`: `Question` (game name, card, coloured dice, rolls
//!   left), `SimulateQuestion` (its `strategy` forces the split strategy, to measure its
//!   gap, or the exact one), `review` of a record; `advice_text` / `summary_text` as the CLI
//!   prints them; `advisor(dir, game)`: the exact table for a game of at most `EXACT_LIMIT`
//!   states, or of a larger one (the full game) whose table is in the data folder (mapped),
//!   else the split value (corrected for the full game); every exact table through
//!   `load_or_solve` (`painted-<game>.table`, a damaged file solved again after a one-line
//!   notice); `solve_exact` runs the resumable solve (checked against the memory limit
//!   first) and writes the table where `advisor` finds it.
//!
//! A new game is one module like these and one `Game` variant; the server, Python and C go
//! through `Game` and need no change (ARCHITECTURE.md's checklist).

pub mod api;
#[cfg(feature = "native")]
pub mod cost;
#[cfg(feature = "games")]
mod estimates;
#[cfg(feature = "explain")]
mod explain;
#[cfg(feature = "games")]
mod game;
#[cfg(feature = "games")]
pub mod game_tables;
#[cfg(feature = "games")]
pub mod painted;
#[cfg(feature = "native")]
mod review;
mod rule_sets;
#[cfg(feature = "native")]
mod tables;
#[cfg(feature = "native")]
pub mod text;
#[cfg(feature = "explain")]
pub mod train;
#[cfg(feature = "games")]
pub mod triple;
#[cfg(feature = "games")]
pub mod yahtzix;

#[cfg(feature = "explain")]
pub use explain::{card_parts, explain, explain_sixth_die};
#[cfg(feature = "games")]
pub use game::Game;
#[cfg(feature = "games")]
pub use game_tables::{triple_values, GameTables, MemoryTables};
#[cfg(feature = "native")]
pub use review::explain_review;
pub use rule_sets::{
    every_rule_set, house_rule_names, rules_listing, rules_named, with_house, RulesEntry,
};
#[cfg(feature = "native")]
pub use tables::{companion_beside, write_companion, Progress, Silent, Tables, Where};
pub use yahtzee_advice::{Cancel, Report, ReportOption, SolveOptions, TurnMulligan};
#[cfg(feature = "native")]
pub use yahtzee_stats::Summary;
pub use yahtzee_table::TargetTable;

use thiserror::Error;
use yahtzee_advice::{AdviceError, Advisor, TargetAdvisor};
#[cfg(feature = "native")]
use yahtzee_advice::{Strategy, TableValues, TargetValues, WinAdvisor};
use yahtzee_rules::{Dice, DiceError, RuleSet, Scorecard, ScorecardError};
#[cfg(feature = "native")]
use yahtzee_stats::{Aim, Goal, Versus};
use yahtzee_table::TableError;

/// Why a question could not be answered. [`EngineError::is_bad_input`] tells the caller's
/// mistakes (a 4xx, a `ValueError`) from the engine's (a missing or damaged table).
#[derive(Debug, Error)]
pub enum EngineError {
    /// A rule-set name none of ours; its message suggests the closest names.
    #[error(transparent)]
    UnknownRules(#[from] yahtzee_rules::UnknownRules),
    #[error("unknown house rule '{0}' (mulligan, chance-chance, fool-house, mega-yahtzee)")]
    UnknownHouse(String),
    #[error("house rules do not apply to the reduced game '{0}'")]
    HouseOnReduced(String),
    #[error("bad scorecard: {0}")]
    Card(ScorecardError),
    #[error("bad opponent card '{text}': {error}")]
    OpponentCard { text: String, error: ScorecardError },
    #[error("bad dice: {0}")]
    Dice(DiceError),
    #[error("{0}")]
    BadInput(String),
    #[error(transparent)]
    Advice(#[from] AdviceError),
    #[error(transparent)]
    Table(#[from] TableError),
    #[cfg(feature = "games")]
    #[error("{0}")]
    Yahtzix(#[from] yahtzee_yahtzix::Error),
    #[cfg(feature = "games")]
    #[error("{0}")]
    Record(String),
    /// The computation was stopped through its [`Cancel`] flag (a time limit, a client
    /// gone): no answer, never a partial one.
    #[error("the computation was cancelled (its time limit passed or its client went away)")]
    Cancelled,
    /// A build refused before it starts: its estimate is past the memory limit or the
    /// free disk (`cost::check`, [`check_value_build`]); the message says what it needs
    /// and how to allow it.
    #[error("{0}")]
    TooBig(String),
    /// A resumable solve's checkpoint folder could not be used (another game's, held by
    /// another solve, unreadable) or a file of it written.
    #[error("{0}")]
    Checkpoint(String),
}

impl EngineError {
    /// True when the question itself is wrong (rules, card, dice, rolls, target), false
    /// when the engine could not answer a sound one (tables, memory).
    pub fn is_bad_input(&self) -> bool {
        match self {
            EngineError::Table(yahtzee_table::TableError::MegaBonusTooLarge { .. }) => true,
            EngineError::Table(_) | EngineError::Cancelled => false,
            EngineError::TooBig(_) | EngineError::Checkpoint(_) => false,
            EngineError::Advice(a) => !matches!(
                a,
                AdviceError::RulesMismatch { .. } | AdviceError::Cancelled
            ),
            #[cfg(feature = "games")]
            EngineError::Yahtzix(e) => matches!(
                e,
                yahtzee_yahtzix::Error::Rules(_)
                    | yahtzee_yahtzix::Error::Position(_)
                    | yahtzee_yahtzix::Error::Record(_)
            ),
            _ => true,
        }
    }
}

impl From<yahtzee_advice::Cancelled> for EngineError {
    fn from(_: yahtzee_advice::Cancelled) -> Self {
        EngineError::Cancelled
    }
}

/// An advice error, with a cancelled solve as [`EngineError::Cancelled`].
#[cfg(feature = "native")]
fn from_advice(e: AdviceError) -> EngineError {
    match e {
        AdviceError::Cancelled => EngineError::Cancelled,
        e => EngineError::Advice(e),
    }
}

impl From<yahtzee_advice::TargetError> for EngineError {
    fn from(e: yahtzee_advice::TargetError) -> Self {
        match e {
            yahtzee_advice::TargetError::Advice(a) => EngineError::Advice(a),
            yahtzee_advice::TargetError::Table(t) => EngineError::Table(t),
        }
    }
}

/// A card in the CLI's syntax (`"ones=3 yahtzee=50 yahtzee_bonus=100"`; empty: a new card).
pub fn parse_card(rules: &'static RuleSet, text: &str) -> Result<Scorecard, EngineError> {
    Scorecard::parse(rules, text).map_err(EngineError::Card)
}

/// Five dice showing, e.g. `"13346"` or `"1 3 3 4 6"` (six on the Mega-Yahtzee turn).
pub fn parse_dice(text: &str) -> Result<Dice, EngineError> {
    match Dice::parse_roll(text) {
        Err(DiceError::WrongCount { got: 6, .. }) => Dice::parse_dice(text, 6),
        other => other,
    }
    .map_err(EngineError::Dice)
}

/// The position `yahtzee advise` asks about, checked before any table is opened: the
/// dice text and the rerolls left (both or neither: without them, the sixth-die question,
/// which only "mega-yahtzee" asks), and whether the mulligan is spent this turn. A refusal
/// names the flag to fix.
pub fn flags_position(
    card: &Scorecard,
    dice: Option<&str>,
    rolls_left: Option<u8>,
    mulligan_spent: bool,
) -> Result<Option<(Dice, u8, TurnMulligan)>, EngineError> {
    let rules = card.rules();
    let (dice, rolls_left) = match (dice, rolls_left) {
        (Some(text), Some(rolls_left)) => (parse_dice(text)?, rolls_left),
        _ if rules.house.mega_yahtzee => return Ok(None),
        _ => return Err(EngineError::BadInput("give --dice and --rolls-left (only mega-yahtzee asks without dice: whether to take the sixth die)".into())),
    };
    let mulligan = if mulligan_spent {
        TurnMulligan::SpentThisTurn
    } else {
        TurnMulligan::AsCard
    };
    match mulligan.state(card, &dice, rolls_left) {
        Err(AdviceError::MulliganNotInRules) => Err(EngineError::BadInput(format!(
            "--mulligan-spent needs the house rule mulligan (--house mulligan); rules {} have none",
            rules.name
        ))),
        Err(e) => Err(EngineError::BadInput(format!("--mulligan-spent: {e}"))),
        Ok(_) => Ok(Some((dice, rolls_left, mulligan))),
    }
}

/// What the player plays for.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum PlayFor {
    /// The highest expected final total.
    #[default]
    Expected,
    /// The best chance of a final total of at least this (points on the card count).
    Target(u32),
    /// The best chance to win against opponents with these cards (CLI syntax), who play
    /// for expected score from there.
    Win(Vec<String>),
}

impl PlayFor {
    /// What the command line's `--target T` or `--opponent CARD...` ask for (neither:
    /// expected score).
    pub fn asked(target: Option<u32>, opponents: &[String]) -> PlayFor {
        match target {
            Some(t) => PlayFor::Target(t),
            None if !opponents.is_empty() => PlayFor::Win(opponents.to_vec()),
            None => PlayFor::Expected,
        }
    }
}

/// Every option of a position ranked for `play_for`, as `yahtzee advise --json` prints it.
/// `target` is needed when playing for a target.
pub fn advise(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    dice: Dice,
    rolls_left: u8,
    play_for: &PlayFor,
) -> Result<Report, EngineError> {
    advise_in_turn(
        advisor,
        target,
        card,
        dice,
        rolls_left,
        TurnMulligan::AsCard,
        play_for,
    )
}

/// [`advise`] at a position inside the turn that the card (a turn's start) cannot say:
/// with [`TurnMulligan::SpentThisTurn`] the dice are the mulligan's roll, spent this turn
/// (house rule; `rolls_left` 0, a card still holding the mulligan), and the report says
/// `"mulligan": "this-turn"`.
pub fn advise_in_turn(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    dice: Dice,
    rolls_left: u8,
    mulligan: TurnMulligan,
    play_for: &PlayFor,
) -> Result<Report, EngineError> {
    advise_with(
        advisor,
        target,
        card,
        Some((dice, rolls_left, mulligan)),
        play_for,
        &SolveOptions::default(),
    )
}

/// [`advise_in_turn`] (`position` the dice, rolls left and mulligan) or, with no
/// position, [`advise_sixth_die`], within `options`: a best response (playing to win) is
/// refused above its memory limit and stopped, with [`EngineError::Cancelled`], when its
/// flag is set.
pub fn advise_with(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    position: Option<(Dice, u8, TurnMulligan)>,
    play_for: &PlayFor,
    options: &SolveOptions,
) -> Result<Report, EngineError> {
    let question = match position {
        Some((dice, rolls_left, mulligan)) => {
            if rolls_left > 2 {
                return Err(AdviceError::RollsLeft(rolls_left).into());
            }
            // The position is checked before any table is asked (a goal's included).
            mulligan.state(card, &dice, rolls_left)?;
            Question::Dice(dice, rolls_left, mulligan)
        }
        None => Question::SixthDie,
    };
    answer(advisor, target, card, question, play_for, options)
}

/// The sixth-die question (house rule "mega-yahtzee") before a turn's first roll: take it
/// or roll five, ranked for `play_for`, as a [`Report`] with no dice and 3 rolls to come.
pub fn advise_sixth_die(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    play_for: &PlayFor,
) -> Result<Report, EngineError> {
    advise_with(
        advisor,
        target,
        card,
        None,
        play_for,
        &SolveOptions::default(),
    )
}

/// What is asked: a position with dice showing, or the sixth-die question.
#[derive(Clone, Copy)]
enum Question {
    Dice(Dice, u8, TurnMulligan),
    SixthDie,
}

fn answer(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    question: Question,
    play_for: &PlayFor,
    options: &SolveOptions,
) -> Result<Report, EngineError> {
    #[cfg(not(feature = "native"))]
    let _ = options;
    check_play_for(advisor.table().rules(), play_for)?;
    let no_sixth_die = || {
        EngineError::BadInput(if card.rules().house.mega_yahtzee {
            "the sixth die is already used on this card (mega=used): give the dice".into()
        } else {
            "no dice given: the turn-start question is only for the house rule mega-yahtzee".into()
        })
    };
    let (dice, rolls_left) = match question {
        Question::Dice(d, r, _) => (d, r),
        Question::SixthDie => (Dice::EMPTY, 3),
    };
    let mulligan = match question {
        Question::Dice(_, _, m) => m,
        Question::SixthDie => TurnMulligan::AsCard,
    };
    let report = |advice: &yahtzee_advice::Advice| {
        let mut report = Report::new(card, &dice, rolls_left, advice);
        report.mulligan = mulligan.name();
        report
    };
    Ok(match play_for {
        PlayFor::Expected => {
            let advice = match question {
                Question::Dice(..) => advisor.advise_in_turn(card, dice, rolls_left, mulligan)?,
                Question::SixthDie => advisor.advise_sixth_die(card)?.ok_or_else(no_sixth_die)?,
            };
            report(&advice)
        }
        PlayFor::Target(t) => {
            let table = target.ok_or_else(|| {
                EngineError::BadInput("playing for a target needs the target table".into())
            })?;
            let goal = TargetAdvisor::new(advisor, table)?;
            let (advice, status) = match question {
                Question::Dice(..) => goal.advise_in_turn(card, dice, rolls_left, mulligan, *t)?,
                Question::SixthDie => goal.advise_sixth_die(card, *t)?.ok_or_else(no_sixth_die)?,
            };
            let mut report = report(&advice);
            report.target = Some(*t);
            report.target_status = Some(status.name());
            report
        }
        #[cfg(not(feature = "native"))]
        PlayFor::Win(_) => {
            return Err(EngineError::BadInput(
                "playing to win needs the native engine (the CLI or yahtzee serve)".into(),
            ))
        }
        #[cfg(feature = "native")]
        PlayFor::Win(opponents) => {
            let dists = opponent_distributions_with(advisor, opponents, &options.cancel)?;
            let win = WinAdvisor::solve_with(advisor, card, &dists, &|_| {}, options)
                .map_err(from_advice)?;
            let advice = match question {
                Question::Dice(..) => win.advise_in_turn(card, dice, rolls_left, mulligan)?,
                Question::SixthDie => win.advise_sixth_die(card)?.ok_or_else(no_sixth_die)?,
            };
            let mut report = report(&advice);
            report.opponents = Some(opponents.clone());
            report
        }
    })
}

/// Playing for a target or to win is refused under "mega-yahtzee" with a Mega bonus the
/// points kernel does not take ([`yahtzee_table::store::check_points_rules`]), before any
/// target table is built.
pub fn check_play_for(rules: &RuleSet, play_for: &PlayFor) -> Result<(), EngineError> {
    #[cfg(feature = "native")]
    if *play_for != PlayFor::Expected {
        yahtzee_table::store::check_points_rules(rules)?;
    }
    #[cfg(not(feature = "native"))]
    let _ = (rules, play_for);
    Ok(())
}

/// The exact distribution of each opponent's final total, playing for expected score from
/// the card given (CLI syntax).
#[cfg(feature = "native")]
pub fn opponent_distributions(
    advisor: &Advisor,
    cards: &[String],
) -> Result<Vec<Vec<f64>>, EngineError> {
    opponent_distributions_with(advisor, cards, &Cancel::new())
}

/// [`opponent_distributions`], stopped with [`EngineError::Cancelled`] when `cancel` is set.
#[cfg(feature = "native")]
pub fn opponent_distributions_with(
    advisor: &Advisor,
    cards: &[String],
    cancel: &Cancel,
) -> Result<Vec<Vec<f64>>, EngineError> {
    if cards.is_empty() {
        return Err(EngineError::BadInput(
            "playing to win needs at least one opponent card".into(),
        ));
    }
    let rules = advisor.table().rules();
    let values = TableValues(advisor.table());
    let strategy = Strategy::new(rules, &values);
    cards
        .iter()
        .map(|text| {
            let card =
                Scorecard::parse(rules, text).map_err(|error| EngineError::OpponentCard {
                    text: text.clone(),
                    error,
                })?;
            Ok(yahtzee_stats::exact_cancellable(&strategy, &card, &|_| {}, cancel)?.distribution)
        })
        .collect()
}

/// The exact statistics of the play for `play_for` from `card`, as `yahtzee stats --json`
/// prints them. `progress` is called with turns done (once per pass: the expected-score
/// play first, then the play for a target or to win).
#[cfg(feature = "native")]
pub fn stats(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    play_for: &PlayFor,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary, EngineError> {
    stats_with(
        advisor,
        target,
        card,
        play_for,
        progress,
        &SolveOptions::default(),
    )
}

/// How many steps [`stats_with`] reports to its `progress` from `card`: one per turn
/// left, twice over when playing for a target or to win (the goal's pass after the
/// strategy's).
#[cfg(feature = "native")]
pub fn stats_steps(card: &Scorecard, play_for: &PlayFor) -> u64 {
    let passes = if *play_for == PlayFor::Expected { 1 } else { 2 };
    passes * (card.rules().box_count() as u64 - u64::from(card.state().turns_played()))
}

/// [`stats`] within `options`: a best response is refused above its memory limit, and
/// every pass stops, with [`EngineError::Cancelled`], when its flag is set.
#[cfg(feature = "native")]
pub fn stats_with(
    advisor: &Advisor,
    target: Option<&TargetTable>,
    card: &Scorecard,
    play_for: &PlayFor,
    progress: &(dyn Fn(u64) + Sync),
    options: &SolveOptions,
) -> Result<Summary, EngineError> {
    let cancel = &options.cancel;
    check_not_over(card)?;
    let rules = advisor.table().rules();
    if card.rules() != rules {
        return Err(AdviceError::RulesMismatch {
            card: card.rules().name,
            table: rules.name,
        }
        .into());
    }
    check_play_for(rules, play_for)?;
    let values = TableValues(advisor.table());
    let strategy = Strategy::new(rules, &values);
    let exact = yahtzee_stats::exact_cancellable(&strategy, card, progress, cancel)?;
    Ok(match play_for {
        PlayFor::Expected => Summary::exact(&exact),
        PlayFor::Target(t) => {
            let table = target.ok_or_else(|| {
                EngineError::BadInput("playing for a target needs the target table".into())
            })?;
            if table.rules() != rules {
                return Err(AdviceError::RulesMismatch {
                    card: table.rules().name,
                    table: rules.name,
                }
                .into());
            }
            table.verify_future(card.state())?;
            let vectors = TargetValues(table);
            let goal = Goal::new(&vectors, i64::from(*t) - i64::from(card.total()));
            let e =
                yahtzee_stats::exact_goal_cancellable(&strategy, &goal, card, progress, cancel)?;
            let mut summary = Summary::exact(&e);
            summary.aim = Some(Aim::Target {
                target: *t,
                p_at_least: e.p_at_least(*t),
                expected_score_play: Versus {
                    mean: exact.total.mean,
                    p_at_least: Some(exact.p_at_least(*t)),
                    p_win: None,
                    p_tie: None,
                },
            });
            summary
        }
        PlayFor::Win(opponents) => {
            let dists = opponent_distributions_with(advisor, opponents, cancel)?;
            let win = WinAdvisor::solve_with(advisor, card, &dists, &|_| {}, options)
                .map_err(from_advice)?;
            let payoff = win.payoff();
            let goal = Goal::new(win.table(), payoff.coordinate(card.total()));
            let e =
                yahtzee_stats::exact_goal_cancellable(&strategy, &goal, card, progress, cancel)?;
            let (mine, theirs) = (
                payoff.chance_of_distribution(&e.distribution),
                payoff.chance_of_distribution(&exact.distribution),
            );
            let mut summary = Summary::exact(&e);
            summary.aim = Some(Aim::Win {
                opponents: opponents.clone(),
                p_win: mine.win,
                p_tie: mine.tie,
                expected_score_play: Versus {
                    mean: exact.total.mean,
                    p_at_least: None,
                    p_win: Some(theirs.win),
                    p_tie: Some(theirs.tie),
                },
            });
            summary
        }
    })
}

/// `games` seeded games of optimal (expected-score) play from `card`, as `yahtzee simulate
/// --json` prints them; the same seed gives the same games whatever the thread count.
/// `progress` is called with games finished.
#[cfg(feature = "native")]
pub fn simulate(
    advisor: &Advisor,
    card: &Scorecard,
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary, EngineError> {
    check_not_over(card)?;
    if games < 2 {
        return Err(EngineError::BadInput(format!(
            "simulate at least 2 games, not {games}"
        )));
    }
    let table = advisor.table();
    let rules = table.rules();
    if card.rules() != rules {
        return Err(AdviceError::RulesMismatch {
            card: card.rules().name,
            table: rules.name,
        }
        .into());
    }
    let values = TableValues(table);
    let strategy = Strategy::new(rules, &values);
    let tally = yahtzee_stats::simulate(&strategy, card, games, seed, progress);
    let table_value = f64::from(card.total()) + table.value(card.state());
    Ok(Summary::simulated(
        rules,
        &tally,
        card.total(),
        table_value,
        seed,
    ))
}

#[cfg(feature = "native")]
fn check_not_over(card: &Scorecard) -> Result<(), EngineError> {
    if card.is_full() {
        return Err(EngineError::BadInput(
            "bad scorecard: the card is full, the game is over".into(),
        ));
    }
    Ok(())
}

/// Peak heap of solving a rule set's value table into its file's bytes: one `f64` per
/// state, then the file's image of them, and the solver's fixed tables (measured:
/// `crates/yahtzee-engine/tests/cost.rs`).
pub fn value_build_memory(rules: &RuleSet) -> u64 {
    8 * rules.state_count() as u64 + yahtzee_table::table_file_len(rules) + SOLVE_OVERHEAD
}

/// Fixed heap of any solve beyond its tables (dice tables, keep graphs, thread
/// workspaces), measured once on the smallest games (`tests/cost.rs`).
pub(crate) const SOLVE_OVERHEAD: u64 = 1280 << 10;

/// Refuses, in one line, a value-table solve whose peak ([`value_build_memory`]) is past
/// `limit` bytes: the check of a host without files (the WebAssembly module), where the
/// value tables are the only builds.
pub fn check_value_build(rules: &RuleSet, limit: u64) -> Result<(), EngineError> {
    let need = value_build_memory(rules);
    if need > limit {
        return Err(EngineError::TooBig(format!(
            "the table of {} needs about {} MiB of memory to build, more than the limit of {} MiB",
            rules.name,
            need >> 20,
            limit >> 20
        )));
    }
    Ok(())
}
