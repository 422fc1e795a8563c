//! Three to eight players at one table: positions, the exact three-player bot, the heads-up
//! strategy for any number of players, and self-play with every seat's win rate.
//!
//! The heads-up strategy plays the two-player table against one opponent: the one with the
//! highest score (the first after the mover in turn order among equals), as the first
//! player of the round if that opponent still moves after the mover in this round and as
//! the second if not; in a last turn, against the highest score at the table. It is exact
//! for two players and its gap to exact play is measured on three (docs/GAMES.md).

use rayon::prelude::*;

use crate::duel::{Duel, Seat};
use crate::position::{rank, score_units, Action, Advice, Position, Stage};
use crate::score::{Counts, UNIT};
use crate::sim::{
    best_action, best_count, game_rng, play_turn, Game, Mean, Player, Rate, TurnState,
};
use crate::trio::{Chances, Trio};
use crate::turn::{Rolls, Turn, FIRST_MAX};
use crate::{Error, Rules};

/// The most players the sheet allows.
pub const MAX_PLAYERS: usize = 8;

/// Where the mover stands at a table of two to eight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Scores in seat order (points); seat 0 starts every round.
    pub scores: Vec<u32>,
    /// The seat to move.
    pub to_move: usize,
    pub stage: Stage,
}

impl Seating {
    /// The mover's position at the start of her turn in `game`.
    pub fn of(game: &Game) -> Seating {
        Seating {
            scores: game.scores.clone(),
            to_move: game.to_move,
            stage: Stage::Start { offer: game.offer },
        }
    }

    /// Checks the seating against `rules`: every refusal is one line.
    pub fn check(&self, rules: &Rules) -> Result<(), Error> {
        let players = self.scores.len();
        let bad = |why: String| Err(Error::Position(why));
        if !(2..=MAX_PLAYERS).contains(&players) {
            return bad(format!(
                "{players} scores: give one per player, 2 to {MAX_PLAYERS}"
            ));
        }
        if self.to_move >= players {
            return bad(format!(
                "seat {} to move: the seats are 1 to {players}",
                self.to_move + 1
            ));
        }
        for (seat, &score) in self.scores.iter().enumerate() {
            let what = format!("seat {}'s score", seat + 1);
            score_units(score, &what)?;
            if score >= rules.target && seat >= self.to_move {
                return bad(format!(
                    "{what} {score} has reached the target {}, so seat {} has no turn left in this game",
                    rules.target,
                    self.to_move + 1
                ));
            }
            if score > rules.target + 400 || (rules.exact && score > rules.target) {
                return bad(format!(
                    "{what} {score} cannot arise in a game to {}",
                    rules.target
                ));
            }
        }
        // The stage as a two-player position facing the previous seat, whose offer it is.
        let prev = self.scores[(self.to_move + players - 1) % players];
        Position {
            seat: if prev >= rules.target {
                Seat::Second
            } else {
                Seat::First
            },
            me: self.scores[self.to_move],
            opp: prev,
            stage: self.stage.clone(),
        }
        .check(rules)
    }

    /// The opponent the heads-up strategy plays against: the highest score, the first
    /// after the mover in turn order among equals.
    pub fn leader(&self) -> usize {
        let (me, players) = (self.to_move, self.scores.len());
        (1..players)
            .map(|i| (me + i) % players)
            .fold(None, |best: Option<usize>, s| match best {
                Some(b) if self.scores[b] >= self.scores[s] => Some(b),
                _ => Some(s),
            })
            .unwrap_or(me)
    }

    /// The two-player position the heads-up strategy plays (see the module's text).
    pub fn heads_up(&self, rules: &Rules) -> Position {
        let (me, top) = (self.to_move, self.leader());
        let last = self.scores.iter().any(|&s| s >= rules.target);
        Position {
            seat: if top > me && !last {
                Seat::First
            } else {
                Seat::Second
            },
            me: self.scores[me],
            opp: self.scores[top],
            stage: self.stage.clone(),
        }
    }

    /// Where the mover stands, as the command line shows a seating: three lines, each
    /// within 80 columns for eight players.
    pub fn describe(&self, target: u32) -> String {
        let scores: Vec<String> = self.scores.iter().map(u32::to_string).collect();
        let two = Position {
            seat: Seat::First,
            me: 0,
            opp: 0,
            stage: self.stage.clone(),
        }
        .describe(target);
        let moment = two.split_once("; ").map_or("", |(_, m)| m);
        format!(
            "Yahtzix to {target}, {} players, you in seat {}\n  scores by seat: {}\n  {moment}",
            self.scores.len(),
            self.to_move + 1,
            scores.join(", ")
        )
    }

    fn units3(&self) -> [usize; 3] {
        std::array::from_fn(|i| (self.scores[i] / UNIT) as usize)
    }
}

/// How the mover chooses.
#[derive(Clone, Copy)]
pub enum Strategy<'a> {
    /// Three players, the exact max-n table.
    Exact(&'a Trio),
    /// The two-player table against the leading opponent.
    HeadsUp(&'a Duel),
}

impl Strategy<'_> {
    /// The rules of its table.
    pub fn rules(&self) -> &Rules {
        match self {
            Strategy::Exact(t) => &t.rules,
            Strategy::HeadsUp(d) => &d.rules,
        }
    }
}

/// Offers and turn totals the turn must cover before roll 2 (units).
fn reach(stage: &Stage) -> usize {
    match stage {
        Stage::Start {
            offer: Some((t, _)),
        } => (t / UNIT) as usize,
        Stage::Rolled { total, .. } => (total / UNIT) as usize,
        _ => 0,
    }
    .max(FIRST_MAX)
}

/// Every option of the seating (checked first), best first for the mover. With the
/// heads-up strategy each chance is the two-player table's against the leading opponent.
pub fn advise(strategy: Strategy, rolls: &Rolls, seating: &Seating) -> Result<Advice, Error> {
    let rules = *strategy.rules();
    seating.check(&rules)?;
    match strategy {
        Strategy::Exact(trio) => {
            if seating.scores.len() != 3 {
                return Err(Error::Position(format!(
                    "{} players: the exact table is for three",
                    seating.scores.len()
                )));
            }
            let turn = trio.turn_for_play(
                rolls,
                seating.to_move,
                seating.units3(),
                reach(&seating.stage),
            );
            Ok(rank(&rules, &turn, &seating.stage))
        }
        Strategy::HeadsUp(duel) => {
            let pos = seating.heads_up(&rules);
            crate::position::advise(duel, rolls, &pos)
        }
    }
}

/// The exact three-player bot: each turn solved against the max-n table.
pub struct TrioBot<'a> {
    trio: &'a Trio,
    rolls: &'a Rolls,
    turn: Option<Turn<'a, Chances>>,
}

impl<'a> TrioBot<'a> {
    pub fn new(trio: &'a Trio, rolls: &'a Rolls) -> TrioBot<'a> {
        TrioBot {
            trio,
            rolls,
            turn: None,
        }
    }
}

impl Player for TrioBot<'_> {
    fn start(&mut self, game: &Game) -> bool {
        let seating = Seating::of(game);
        let turn = self.trio.turn_for_play(
            self.rolls,
            game.to_move,
            seating.units3(),
            reach(&seating.stage),
        );
        let go = game.offer.is_some_and(|(t, k)| {
            turn.before2[(t / UNIT) as usize][usize::from(k)].v[0] > turn.start.v[0]
        });
        self.turn = Some(turn);
        go
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        best_count(self.turn.as_ref(), st)
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        best_action(&self.trio.rules, self.turn.as_ref(), st, dice)
    }
}

/// The heads-up bot: the two-player table against the leading opponent, at any table.
#[derive(Clone)]
pub struct HeadsUpBot<'a> {
    duel: &'a Duel,
    rolls: &'a Rolls,
    turn: Option<Turn<'a>>,
}

impl<'a> HeadsUpBot<'a> {
    /// The bot for `duel`, whose tables it checks whole first (as [`crate::sim::DuelBot`]).
    pub fn new(duel: &'a Duel, rolls: &'a Rolls) -> Result<HeadsUpBot<'a>, Error> {
        duel.verify_all()?;
        Ok(HeadsUpBot {
            duel,
            rolls,
            turn: None,
        })
    }

    /// The turn solved at the start (every decision of it reads this): the two-player
    /// table's turn against the leading opponent, which ranks the mover's options as
    /// [`advise`] with [`Strategy::HeadsUp`] does.
    pub fn turn(&self) -> Option<&Turn<'a>> {
        self.turn.as_ref()
    }
}

impl Player for HeadsUpBot<'_> {
    fn start(&mut self, game: &Game) -> bool {
        let pos = Seating::of(game).heads_up(&self.duel.rules);
        let (me, opp) = ((pos.me / UNIT) as usize, (pos.opp / UNIT) as usize);
        let tmax2 = reach(&pos.stage);
        let (ends, bust, near) = self.duel.turn_setup_checked(pos.seat, me, opp, tmax2);
        let turn = Turn::solve(self.rolls, ends, bust, near, tmax2);
        let go = game.offer.is_some_and(|(t, k)| {
            turn.before2[(t / UNIT) as usize][usize::from(k)].v > turn.start.v
        });
        self.turn = Some(turn);
        go
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        best_count(self.turn.as_ref(), st)
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        best_action(&self.duel.rules, self.turn.as_ref(), st, dice)
    }
}

/// Games at one table: each seat's share of the wins (ties split) with a 95% interval.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableStats {
    pub games: u64,
    pub players: usize,
    /// Each seat's win rate, seat 1 first.
    pub win_rates: Vec<Rate>,
    /// Games that ended in a shared win.
    pub tie_rate: Rate,
    /// Turns each player took.
    pub rounds: Mean,
}

/// Plays `games` games of `players`, seat `s` played by `make(s)`; game `g` uses the
/// `g`-th stream of `seed`, so the result does not depend on the number of threads.
pub fn table_stats<'a>(
    rules: &Rules,
    players: usize,
    games: u64,
    seed: u64,
    make: impl Fn(usize) -> Box<dyn Player + 'a> + Sync,
) -> TableStats {
    let runs: Vec<(Vec<f64>, bool, u32)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = game_rng(seed, g);
            let mut bots: Vec<Box<dyn Player + 'a>> = (0..players).map(&make).collect();
            let mut game = Game::with_players(rules, players);
            while game.winner.is_none() {
                let seat = game.to_move;
                play_turn(&mut game, bots[seat].as_mut(), &mut rng);
            }
            let shares = (0..players).map(|s| game.share(s)).collect();
            (shares, game.winners.len() > 1, game.turns[0])
        })
        .collect();
    TableStats {
        games,
        players,
        win_rates: (0..players)
            .map(|s| Rate::new(runs.iter().map(|r| r.0[s]).sum(), games))
            .collect(),
        tie_rate: Rate::new(runs.iter().filter(|r| r.1).count() as f64, games),
        rounds: Mean::of(&runs.iter().map(|r| f64::from(r.2)).collect::<Vec<_>>()),
    }
}
