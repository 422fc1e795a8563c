//! A Yahtzix question answered: every option ranked by its chance to win from the solved
//! two-player game and, at a table of three or more, its chance to win the table (exact
//! from the three-player game where it fits, else from games played out).

use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::party::{self, Seating};
use yahtzee_yahtzix::position::{advise as rank_position, Action};
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::turn::Rolls;

use super::played::Played;
use super::question::{table_games, Advice, AdviceOption, Question, TableChance, TABLE_SEED};
use crate::{EngineError, GameTables};

impl Question {
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
    /// three players, `table` off, or not [`super::three_fits`] in `memory_limit`).
    #[cfg(feature = "native")]
    pub fn three(
        &self,
        memory_limit: u64,
        on_solve: &dyn Fn(&str),
    ) -> Result<Option<Trio>, EngineError> {
        let (rules, seating) = self.seating()?;
        if !self.table
            || seating.scores.len() != 3
            || !super::question::three_fits(&rules, memory_limit)
        {
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
