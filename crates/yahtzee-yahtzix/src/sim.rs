//! Games played out: the turn's mechanics, the optimal bots, a "bank at 300" bot, and seeded
//! simulation whose results do not depend on the number of threads.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::duel::{Duel, Seat};
use crate::position::{keep_dice, rank, Action, Position, Stage};
use crate::score::{first_roll_value, later_roll_value, outcome, Counts, UNIT};
use crate::solo::Solo;
use crate::turn::{Endings, Rolls, Turn, Value, FIRST_MAX};
use crate::{Error, Rules, OPENING};

/// Where a turn stands between rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnState {
    /// The next roll's number (1 to 3).
    pub roll: u8,
    /// Points set aside this turn.
    pub total: u32,
    /// Dice in hand.
    pub held: u8,
}

impl TurnState {
    /// The stage of the turn with `dice` just rolled from here (to rank its options).
    pub fn rolled(self, dice: &Counts) -> Stage {
        Stage::Rolled {
            roll: self.roll,
            total: self.total,
            held: self.held,
            dice: *dice,
        }
    }
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEnd {
    /// Nothing scored: a bust, or a pass (under 30 before opening, past an exact target).
    Bust,
    /// The turn total recorded, with the dice left over for "Go for it".
    Banked { total: u32, left: u8 },
}

/// After a roll: the turn goes on, or ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Next(TurnState),
    End(TurnEnd),
}

/// Applies `action` to the dice just rolled from `st`; an action the dice do not allow busts.
pub fn apply(rules: &Rules, st: TurnState, dice: &Counts, action: Action) -> Step {
    let first = st.roll == 1;
    let o = outcome(rules, *dice, first);
    match action {
        Action::Bank { plain } => match if plain { o.bank_plain } else { o.bank } {
            Some((points, used)) => Step::End(TurnEnd::Banked {
                total: st.total + u32::from(points) * UNIT,
                left: st.held - used,
            }),
            None => Step::End(TurnEnd::Bust),
        },
        Action::Keep(keep) => {
            let kept: u8 = keep.iter().sum();
            let rolled: u8 = dice.iter().sum();
            let value = if first {
                first_roll_value(rules, &keep, rolled, true)
            } else {
                later_roll_value(&keep)
            };
            match value {
                Some(v) if kept > 0 && kept < st.held && st.roll < 3 && o.reroll => {
                    Step::Next(TurnState {
                        roll: st.roll + 1,
                        total: st.total + v,
                        held: st.held - kept,
                    })
                }
                _ => Step::End(TurnEnd::Bust),
            }
        }
        _ => Step::End(TurnEnd::Bust),
    }
}

/// `k` dice rolled.
pub fn roll_dice(rng: &mut impl Rng, k: u8) -> Counts {
    let mut dice = [0u8; 7];
    for _ in 0..k {
        dice[rng.random_range(1..=6usize)] += 1;
    }
    dice
}

/// The whole game's state between turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub rules: Rules,
    /// Scores in seat order (seat 0 starts every round).
    pub scores: Vec<u32>,
    /// Whose turn: the seat.
    pub to_move: usize,
    /// The offer left by the previous turn.
    pub offer: Option<(u32, u8)>,
    /// Someone has reached the target: the seats after her in this round play one last turn.
    pub last_turn: bool,
    /// Turns played by each.
    pub turns: Vec<u32>,
    /// Once over: the winner's seat, or the number of players for a tie (see `winners`).
    pub winner: Option<usize>,
    /// Once over: every seat with the highest score (more than one share the win).
    pub winners: Vec<usize>,
}

impl Game {
    /// A game of two players.
    pub fn new(rules: &Rules) -> Game {
        Game::with_players(rules, 2)
    }

    /// A game of `players` (2 to 8; the caller checks).
    pub fn with_players(rules: &Rules, players: usize) -> Game {
        Game {
            rules: *rules,
            scores: vec![0; players],
            to_move: 0,
            offer: None,
            last_turn: false,
            turns: vec![0; players],
            winner: None,
            winners: Vec::new(),
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.scores.len()
    }

    /// The mover's share of the win once the game is over: 1, 1/k for k tied, or 0.
    pub fn share(&self, seat: usize) -> f64 {
        if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }

    /// The mover's position at the start of the turn (two players).
    pub fn position(&self) -> Position {
        let seat = if self.to_move == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        Position {
            seat,
            me: self.scores[self.to_move],
            opp: self.scores[1 - self.to_move],
            stage: Stage::Start { offer: self.offer },
        }
    }

    /// Records a turn's end: opening and exact-target passes, going out, the next offer.
    /// The game ends after the last seat of the round in which someone reached the target
    /// ("all others play around to her"); the highest score wins, equal ones share.
    pub fn end_turn(&mut self, end: TurnEnd) -> TurnEnd {
        let p = self.to_move;
        self.turns[p] += 1;
        let end = match end {
            TurnEnd::Banked { total, .. } if self.scores[p] == 0 && total < OPENING => {
                TurnEnd::Bust
            }
            TurnEnd::Banked { total, .. }
                if self.rules.exact && self.scores[p] + total > self.rules.target =>
            {
                TurnEnd::Bust
            }
            other => other,
        };
        self.offer = None;
        if let TurnEnd::Banked { total, left } = end {
            self.scores[p] += total;
            self.offer = (left > 0).then_some((total, left));
        }
        if self.scores[p] >= self.rules.target {
            self.last_turn = true;
        }
        if self.last_turn && p + 1 == self.players() {
            let top = self.scores.iter().copied().max().unwrap_or(0);
            self.winners = (0..self.players())
                .filter(|&s| self.scores[s] == top)
                .collect();
            self.winner = Some(match self.winners[..] {
                [w] => w,
                _ => self.players(),
            });
        }
        self.to_move = (p + 1) % self.players();
        end
    }
}

/// A player's decisions within one turn.
pub trait Player {
    /// Called at the turn's start; `true` to "Go for it" on the offer.
    fn start(&mut self, game: &Game) -> bool;
    /// Dice to roll of those in hand (all but within 50 of an exact target).
    fn dice_to_roll(&mut self, _st: TurnState) -> u8;
    /// What to do with the dice rolled (not a bust).
    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action;
}

/// What happens in a turn, for whoever watches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The mover goes for the offer of `total` on `left` dice.
    GoForIt { total: u32, left: u8 },
    /// Dice rolled from `st`.
    Rolled { st: TurnState, dice: Counts },
    /// The roll scored nothing.
    Bust,
    /// The mover's choice on the dice just rolled.
    Chose(Action),
}

/// Plays one turn of `player` with `rng`, recording it in `game`.
pub fn play_turn(game: &mut Game, player: &mut dyn Player, rng: &mut impl Rng) -> TurnEnd {
    play_turn_with(game, player, rng, &mut |_| {})
}

/// [`play_turn`], telling `watch` each event as it happens.
pub fn play_turn_with(
    game: &mut Game,
    player: &mut dyn Player,
    rng: &mut impl Rng,
    watch: &mut dyn FnMut(Event),
) -> TurnEnd {
    let go = player.start(game) && game.offer.is_some();
    let st = match (go, game.offer) {
        (true, Some((total, left))) => {
            watch(Event::GoForIt { total, left });
            TurnState {
                roll: 2,
                total,
                held: left,
            }
        }
        _ => TurnState {
            roll: 1,
            total: 0,
            held: 6,
        },
    };
    play_from_with(game, player, rng, st, None, watch)
}

/// The rest of a turn from `st` (its start done: the player's `start` called, the offer
/// taken or not), recorded in `game`; `first_roll`, when given, is how many dice the next
/// roll throws instead of the player's choice (an option already taken).
pub fn play_from(
    game: &mut Game,
    player: &mut dyn Player,
    rng: &mut impl Rng,
    st: TurnState,
    first_roll: Option<u8>,
) -> TurnEnd {
    play_from_with(game, player, rng, st, first_roll, &mut |_| {})
}

fn play_from_with(
    game: &mut Game,
    player: &mut dyn Player,
    rng: &mut impl Rng,
    mut st: TurnState,
    mut first_roll: Option<u8>,
    watch: &mut dyn FnMut(Event),
) -> TurnEnd {
    let end = loop {
        let k = first_roll
            .take()
            .unwrap_or_else(|| player.dice_to_roll(st))
            .clamp(1, st.held);
        let dice = roll_dice(rng, k);
        watch(Event::Rolled { st, dice });
        if outcome(&game.rules, dice, st.roll == 1).bank.is_none() {
            watch(Event::Bust);
            break TurnEnd::Bust;
        }
        let action = player.choose(st, &dice);
        watch(Event::Chose(action));
        match apply(&game.rules, st, &dice, action) {
            Step::Next(next) => st = next,
            Step::End(end) => break end,
        }
    };
    game.end_turn(end)
}

/// The optimal two-player bot: each turn solved against the game's table.
#[derive(Clone)]
pub struct DuelBot<'a> {
    duel: &'a Duel,
    rolls: &'a Rolls,
    turn: Option<Turn<'a>>,
}

impl<'a> DuelBot<'a> {
    /// The bot for `duel`, whose tables it checks whole first (a mapped table is checked
    /// block by block otherwise): a game may reach any of them.
    pub fn new(duel: &'a Duel, rolls: &'a Rolls) -> Result<DuelBot<'a>, Error> {
        duel.verify_all()?;
        Ok(DuelBot {
            duel,
            rolls,
            turn: None,
        })
    }

    /// The turn solved at the start (every decision of it reads this).
    pub fn turn(&self) -> Option<&Turn<'a>> {
        self.turn.as_ref()
    }
}

impl Player for DuelBot<'_> {
    fn start(&mut self, game: &Game) -> bool {
        let pos = game.position();
        let (me, opp) = ((pos.me / UNIT) as usize, (pos.opp / UNIT) as usize);
        let offer_t = game.offer.map_or(0, |(t, _)| (t / UNIT) as usize);
        let tmax2 = FIRST_MAX.max(offer_t);
        let (ends, bust, near) = self.duel.turn_setup_checked(pos.seat, me, opp, tmax2);
        let turn = Turn::solve(self.rolls, ends, bust, near, tmax2);
        let go = match game.offer {
            Some((t, k)) => turn.before2[(t / UNIT) as usize][usize::from(k)].v > turn.start.v,
            None => false,
        };
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

/// Dice to roll that the solved turn prefers (all of them unless it may roll fewer).
pub(crate) fn best_count<V: Value>(turn: Option<&Turn<V>>, st: TurnState) -> u8 {
    let Some(turn) = turn.filter(|t| t.near) else {
        return st.held;
    };
    let t = (st.total / UNIT) as usize;
    (1..=st.held)
        .map(|k| (k, turn.roll_value(st.roll, t, st.held, k).v.own()))
        .fold((st.held, f64::NEG_INFINITY), |best, (k, v)| {
            if v > best.1 {
                (k, v)
            } else {
                best
            }
        })
        .0
}

/// The solved turn's best action on `dice`.
pub(crate) fn best_action<V: Value>(
    rules: &Rules,
    turn: Option<&Turn<V>>,
    st: TurnState,
    dice: &Counts,
) -> Action {
    let Some(turn) = turn else {
        return Action::Bank { plain: false };
    };
    let stage = st.rolled(dice);
    rank(rules, turn, &stage)
        .options
        .first()
        .map_or(Action::Bank { plain: false }, |o| o.action)
}

/// The fewest-turns solitaire bot (never goes for it).
pub struct SoloBot<'a> {
    turns: &'a [Turn<'a>],
    rules: Rules,
    score: usize,
}

/// Every score's turn solved for the solitaire bot.
pub fn solo_turns<'a>(solo: &Solo, rolls: &'a Rolls, endings: &'a [Endings]) -> Vec<Turn<'a>> {
    endings
        .iter()
        .enumerate()
        .map(|(s, e)| {
            let bust = if solo.turns[s].is_nan() {
                0.0
            } else {
                -solo.turns[s]
            };
            Turn::solve(rolls, e, bust, solo.rules.near(s), FIRST_MAX)
        })
        .collect()
}

impl<'a> SoloBot<'a> {
    pub fn new(rules: &Rules, turns: &'a [Turn<'a>]) -> SoloBot<'a> {
        SoloBot {
            turns,
            rules: *rules,
            score: 0,
        }
    }
}

impl Player for SoloBot<'_> {
    fn start(&mut self, game: &Game) -> bool {
        self.score = (game.scores[game.to_move] / UNIT) as usize;
        false
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        best_count(self.turns.get(self.score), st)
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        best_action(&self.rules, self.turns.get(self.score), st, dice)
    }
}

/// Keeps every scoring die and rolls on until the turn reaches `at` points (or the dice or
/// the rolls run out); never goes for it.
pub struct BankAt {
    pub at: u32,
    pub rules: Rules,
}

impl Player for BankAt {
    fn start(&mut self, _game: &Game) -> bool {
        false
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        st.held
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        let o = outcome(&self.rules, *dice, st.roll == 1);
        let Some((points, used)) = o.bank else {
            return Action::Bank { plain: false };
        };
        let total = st.total + u32::from(points) * UNIT;
        if total >= self.at || st.roll == 3 || used >= st.held || !o.reroll {
            return Action::Bank { plain: false };
        }
        match keep_dice(&self.rules, dice, st.roll == 1, points, used) {
            Some(keep) => Action::Keep(keep),
            None => Action::Bank { plain: false },
        }
    }
}

/// A proportion with its 95% interval (normal approximation).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Rate {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    /// The rate of `hits` in `n` (hits may count halves for ties).
    pub fn new(hits: f64, n: u64) -> Rate {
        let p = hits / n as f64;
        let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
        Rate {
            rate: p,
            low: p - half,
            high: p + half,
        }
    }

    /// The rate of `hits` in `n` with the Wilson score interval: never empty at 0 or 1
    /// (no win in 20 games still allows a chance of up to 16%), and sound for the few
    /// games a played-out estimate affords.
    ///
    /// ```
    /// let r = yahtzee_yahtzix::sim::Rate::wilson(0.0, 20);
    /// assert_eq!((r.rate, r.low), (0.0, 0.0));
    /// assert!((r.high - 0.1611).abs() < 1e-4);
    /// ```
    pub fn wilson(hits: f64, n: u64) -> Rate {
        let (p, n, z) = (hits / n as f64, n as f64, 1.96f64);
        let shrink = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / shrink;
        let half = z / shrink * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        Rate {
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Mean {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Mean {
    pub fn of(xs: &[f64]) -> Mean {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (var / n).sqrt();
        Mean {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }
}

/// Solitaire games to the target: turns taken and the share of turns that scored nothing.
#[derive(Clone, Debug, Serialize)]
pub struct SoloStats {
    pub games: u64,
    pub turns: Mean,
    pub bust_rate: Rate,
    pub points_per_turn: Mean,
}

/// The rng of game `g` of a run seeded `seed`: independent of which thread plays it.
pub fn game_rng(seed: u64, g: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(g);
    rng
}

/// Plays `games` solitaire games with the player `make` builds.
pub fn solo_stats<P: Player>(
    rules: &Rules,
    games: u64,
    seed: u64,
    make: impl Fn() -> P + Sync,
) -> SoloStats {
    let runs: Vec<(u32, u32, u32)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = game_rng(seed, g);
            let mut game = Game::new(rules);
            let mut player = make();
            let mut busts = 0;
            while game.scores[0] < rules.target {
                game.to_move = 0;
                if play_turn(&mut game, &mut player, &mut rng) == TurnEnd::Bust {
                    busts += 1;
                }
                game.winner = None;
                game.last_turn = false;
                game.offer = None;
            }
            (game.turns[0], busts, game.scores[0])
        })
        .collect();
    let turns: Vec<f64> = runs.iter().map(|r| f64::from(r.0)).collect();
    let per_turn: Vec<f64> = runs
        .iter()
        .map(|r| f64::from(r.2) / f64::from(r.0))
        .collect();
    let all_turns: u64 = runs.iter().map(|r| u64::from(r.0)).sum();
    let busts: u64 = runs.iter().map(|r| u64::from(r.1)).sum();
    SoloStats {
        games,
        turns: Mean::of(&turns),
        bust_rate: Rate::new(busts as f64, all_turns),
        points_per_turn: Mean::of(&per_turn),
    }
}

/// Head to head: the first bot's win rate (ties a half), seats alternating game by game.
#[derive(Clone, Debug, Serialize)]
pub struct DuelStats {
    pub games: u64,
    pub win_rate: Rate,
    pub win_rate_first_seat: Rate,
    pub win_rate_second_seat: Rate,
    pub turns: Mean,
    pub bust_rate: Rate,
}

/// Plays `games` games of bot `a` against bot `b` (a moves first in even games).
pub fn duel_stats<A: Player, B: Player>(
    rules: &Rules,
    games: u64,
    seed: u64,
    make_a: impl Fn() -> A + Sync,
    make_b: impl Fn() -> B + Sync,
) -> DuelStats {
    let runs: Vec<(f64, u32, u32)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = game_rng(seed, g);
            let (mut a, mut b) = (make_a(), make_b());
            let a_seat = (g % 2) as usize;
            let mut game = Game::new(rules);
            let mut a_busts = 0;
            while game.winner.is_none() {
                let end = if game.to_move == a_seat {
                    play_turn(&mut game, &mut a, &mut rng)
                } else {
                    play_turn(&mut game, &mut b, &mut rng)
                };
                if game.to_move != a_seat && end == TurnEnd::Bust {
                    a_busts += 1;
                }
            }
            let score = match game.winner {
                Some(2) => 0.5,
                Some(w) if w == a_seat => 1.0,
                _ => 0.0,
            };
            (score, game.turns[a_seat], a_busts)
        })
        .collect();
    let seat_rate = |seat: u64| {
        let picked: Vec<f64> = runs
            .iter()
            .enumerate()
            .filter(|(g, _)| *g as u64 % 2 == seat)
            .map(|(_, r)| r.0)
            .collect();
        Rate::new(picked.iter().sum(), picked.len().max(1) as u64)
    };
    let a_turns: u64 = runs.iter().map(|r| u64::from(r.1)).sum();
    DuelStats {
        games,
        win_rate: Rate::new(runs.iter().map(|r| r.0).sum(), games),
        win_rate_first_seat: seat_rate(0),
        win_rate_second_seat: seat_rate(1),
        turns: Mean::of(&runs.iter().map(|r| f64::from(r.1)).collect::<Vec<_>>()),
        bust_rate: Rate::new(runs.iter().map(|r| f64::from(r.2)).sum(), a_turns),
    }
}
