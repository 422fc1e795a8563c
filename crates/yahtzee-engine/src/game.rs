//! The games the engine answers for, and the one door every front end goes through.
//!
//! A front end reads a request's `"game"` field ([`Game::of_request`], default
//! `yahtzee`) and hands the body to [`Game::advise`], [`Game::stats`] or [`Game::review`];
//! the answer is JSON in the shape of `yahtzee <game> ... --json`. Adding a game means a
//! module beside [`crate::triple`], [`crate::yahtzix`] and [`crate::painted`] (its
//! questions and answers) and a variant here: the server, Python and C reach it with no
//! change of their own.

use serde::Deserialize;
use serde_json::Value;

#[cfg(feature = "native")]
use crate::cost::Build;
#[cfg(feature = "native")]
use crate::Tables;
use crate::{api, painted, triple, yahtzix, EngineError, GameTables};
#[cfg(feature = "native")]
use yahtzee_rules::RuleSet;

/// A game of the Yahtzee family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Yahtzee and its rule sets (Yatzy, the house rules): exact optimal play.
    Yahtzee,
    /// Triple Yahtzee (three columns ×1 ×2 ×3): the fitted approximate strategy.
    Triple,
    /// Yahtzix (six dice, push-your-luck race to a target): exact two-player play.
    Yahtzix,
    /// Painted Yahtzee (coloured dice, 23 boxes) and its reduced games: the turn exact
    /// against the split value (reduced games: their exact table).
    Painted,
}

impl Game {
    /// Every game, in the order the front ends list them.
    pub const ALL: [Game; 4] = [Game::Yahtzee, Game::Triple, Game::Yahtzix, Game::Painted];

    /// The name requests use.
    pub fn name(self) -> &'static str {
        match self {
            Game::Yahtzee => "yahtzee",
            Game::Triple => "triple",
            Game::Yahtzix => "yahtzix",
            Game::Painted => "painted",
        }
    }

    /// The game's name as a menu shows it.
    pub fn label(self) -> &'static str {
        match self {
            Game::Yahtzee => "Yahtzee",
            Game::Triple => "Triple Yahtzee",
            Game::Yahtzix => "Yahtzix",
            Game::Painted => "Painted Yahtzee",
        }
    }

    /// The game called `name` (a reduced Painted Yahtzee game, `painted:c2:...`, is
    /// Painted Yahtzee).
    pub fn from_name(name: &str) -> Result<Game, EngineError> {
        if name.starts_with("painted:") {
            return Ok(Game::Painted);
        }
        Game::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                EngineError::BadInput(format!(
                    "unknown game '{name}' (yahtzee, triple, yahtzix, painted)"
                ))
            })
    }

    /// The game a JSON request body asks about: its `"game"` field, `yahtzee` without it.
    pub fn of_request(body: &[u8]) -> Result<Game, EngineError> {
        #[derive(Deserialize)]
        struct Field {
            #[serde(default)]
            game: Option<Value>,
        }
        let field: Field = api::parse(body)?;
        match field.game {
            None => Ok(Game::Yahtzee),
            Some(Value::String(name)) => Game::from_name(&name),
            Some(other) => Err(EngineError::BadInput(format!(
                "game {other}: a name (yahtzee, triple, yahtzix, painted)"
            ))),
        }
    }

    /// Every option of the position in `body`, best first (`POST /api/advise`).
    #[cfg(feature = "native")]
    pub fn advise(self, tables: &Tables, body: &[u8]) -> Result<Value, EngineError> {
        match self {
            Game::Yahtzee => {
                let q = api::advise_question(body)?;
                let advisor = tables.advisor(q.rules)?;
                let target = match q.play_for {
                    crate::PlayFor::Target(_) => Some(tables.target(q.rules)?),
                    _ => None,
                };
                json(q.answer(&advisor, target.as_deref())?)
            }
            _ => self.advise_other(tables, body),
        }
    }

    /// [`Game::advise`] for the games other than Yahtzee, from any host's tables (a
    /// browser's held in memory: [`crate::MemoryTables`]).
    pub fn advise_other(self, tables: &dyn GameTables, body: &[u8]) -> Result<Value, EngineError> {
        match self {
            Game::Yahtzee => Err(EngineError::BadInput(
                "Yahtzee is advised from its rule set's table, not the other games' tables".into(),
            )),
            Game::Triple => json(triple::Question::from_json(body)?.answer(tables)?),
            Game::Yahtzix => json(yahtzix::Question::from_json(body)?.answer(tables)?),
            Game::Painted => json(painted::Question::from_json(body)?.answer(tables)?),
        }
    }

    /// Statistics of play from the position or settings in `body` (`POST /api/stats`):
    /// exact for Yahtzee, simulated for Triple Yahtzee, Yahtzix and Painted Yahtzee.
    #[cfg(feature = "native")]
    pub fn stats(self, tables: &Tables, body: &[u8]) -> Result<Value, EngineError> {
        match self {
            Game::Yahtzee => {
                let q = api::stats_question(body)?;
                let advisor = tables.advisor(q.rules)?;
                let target = match q.play_for {
                    crate::PlayFor::Target(_) => Some(tables.target(q.rules)?),
                    _ => None,
                };
                json(crate::stats(
                    &advisor,
                    target.as_deref(),
                    &q.card,
                    &q.play_for,
                    &|_| {},
                )?)
            }
            Game::Triple => json(triple::SimulateQuestion::from_json(body)?.answer(tables)?),
            Game::Yahtzix => json(yahtzix::StatsQuestion::from_json(body)?.answer(tables)?),
            Game::Painted => json(painted::SimulateQuestion::from_json(body)?.answer(tables)?),
        }
    }

    /// Every decision of a game record judged against the game's strategy.
    #[cfg(feature = "native")]
    pub fn review(self, tables: &Tables, record: &str) -> Result<Value, EngineError> {
        match self {
            Game::Yahtzee => {
                let rec = yahtzee_play::Record::parse(record)
                    .map_err(|e| EngineError::Record(e.to_string()))?;
                let advisor = tables.advisor(rec.rules)?;
                json(
                    yahtzee_play::review(&rec, &advisor)
                        .map_err(|e| EngineError::Record(e.to_string()))?,
                )
            }
            Game::Triple => json(triple::review(tables, record)?),
            Game::Yahtzix => json(yahtzix::review(tables, record)?),
            Game::Painted => json(painted::review(tables, record)?),
        }
    }

    /// What a question in `body` needs built (or opened) before it is answered: the
    /// advice of `POST /api/advise` or, with `stats`, the statistics of `POST /api/stats`.
    /// Checked for shape and sense first, so a bad question is refused before anything is
    /// built.
    #[cfg(feature = "native")]
    pub fn builds(self, body: &[u8], stats: bool) -> Result<Vec<Build>, EngineError> {
        let forced = || Build::Values(RuleSet::by_name("forced").expect("the official rules"));
        Ok(match (self, stats) {
            (Game::Yahtzee, _) => {
                let (rules, play_for, explain) = if stats {
                    let q = api::stats_question(body)?;
                    (q.rules, q.play_for, false)
                } else {
                    let q = api::advise_question(body)?;
                    (q.rules, q.play_for, q.explain)
                };
                let mut v = vec![Build::Values(rules)];
                if matches!(play_for, crate::PlayFor::Target(_)) {
                    v.push(Build::Target(rules));
                }
                // "explain": the companion table, a build of its own over the value table.
                if explain {
                    v.push(Build::Companion(rules));
                }
                v
            }
            (Game::Triple, false) => {
                let (variant, kind, ..) = triple::Question::from_json(body)?.checked()?;
                vec![forced(), Build::Triple(variant, kind)]
            }
            (Game::Triple, true) => {
                let (variant, kinds) = triple::SimulateQuestion::from_json(body)?.checked()?;
                let players = kinds.into_iter().map(|k| Build::Triple(variant, k));
                std::iter::once(forced()).chain(players).collect()
            }
            (Game::Yahtzix, false) => {
                let q = yahtzix::Question::from_json(body)?;
                let (rules, seating) = q.seating()?;
                let mut v = vec![Build::Yahtzix(rules)];
                // Three players' chances to win the table are exact where their game is
                // small; a host whose policy does not build it estimates them.
                if q.table
                    && seating.scores.len() == 3
                    && rules.target <= yahtzix::THREE_EXACT_TARGET
                {
                    v.push(Build::YahtzixThree(rules));
                }
                v
            }
            (Game::Yahtzix, true) => {
                let q = yahtzix::StatsQuestion::from_json(body)?;
                vec![Build::Yahtzix(q.checked()?)]
            }
            (Game::Painted, false) => {
                let (game, ..) = painted::Question::from_json(body)?.checked()?;
                vec![Build::Painted(game)]
            }
            (Game::Painted, true) => {
                let game = painted::SimulateQuestion::from_json(body)?.checked()?;
                vec![Build::Painted(game)]
            }
        })
    }
}

fn json(answer: impl serde::Serialize) -> Result<Value, EngineError> {
    serde_json::to_value(answer).map_err(|e| EngineError::BadInput(format!("answer as JSON: {e}")))
}
