//! Yahtzix statistics from seeded games ([`StatsQuestion`]: the body of `POST /api/stats`
//! with `"game": "yahtzix"`): the solitaire strategies, the optimal bot against "bank at
//! 300", and a table playing itself, each with its 95% interval.

use serde::{Deserialize, Serialize};
use yahtzee_yahtzix::party::{self, HeadsUpBot, TableStats};
use yahtzee_yahtzix::sim::{
    duel_stats, solo_stats, solo_turns, BankAt, DuelBot, DuelStats, SoloBot, SoloStats,
};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules, Solo};

use super::played::Game;
use crate::{EngineError, GameTables};

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

pub(super) fn pct(p: f64) -> String {
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
