//! Each option's chance to win the table, estimated: seeded games played out from the
//! position after the option, every seat (the mover too, for the rest of her turn) by the
//! heads-up bot, and the mover's share of the wins counted (a shared win a fraction).
//!
//! The two-player table gives a chance against one opponent; at three or more players this
//! is the chance that matters, the whole table's. Game `g` of every option uses the same
//! dice stream (common random numbers), so the options' estimates differ by their play,
//! not their luck; each game's stream depends only on the seed and `g`, so the estimates
//! are the same on any number of threads.

use rayon::prelude::*;

use crate::duel::Duel;
use crate::party::{HeadsUpBot, Seating};
use crate::position::{Action, Stage};
use crate::sim::{apply, game_rng, play_from, play_turn, Game, Player, Rate, Step, TurnState};
use crate::turn::Rolls;
use crate::{Error, Rules};

/// Most turns a played-out game may take before it is called off (none does: a game to
/// 5,000 takes a few hundred).
const MAX_TURNS: u32 = 100_000;

/// The chance to win the table after `action` at `seating`, from `games` games played out
/// by the heads-up bot of `duel` in every seat (seeded by `seed`).
pub fn table_chance(
    duel: &Duel,
    rolls: &Rolls,
    seating: &Seating,
    action: Action,
    games: u64,
    seed: u64,
) -> Result<Rate, Error> {
    let rules = duel.rules;
    seating.check(&rules)?;
    let bot = HeadsUpBot::new(duel, rolls)?;
    let shares: Vec<f64> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = game_rng(seed, g);
            let mut bot = bot.clone();
            let mut game = start(&rules, seating);
            finish_turn(&mut game, &mut bot, &mut rng, seating, action);
            let mut turns = 0;
            while game.winner.is_none() && turns < MAX_TURNS {
                play_turn(&mut game, &mut bot, &mut rng);
                turns += 1;
            }
            game.share(seating.to_move)
        })
        .collect();
    // Summed in game order: the same bits on any number of threads.
    Ok(Rate::wilson(shares.iter().sum(), games))
}

/// The game between turns as the seating has it: someone at the target means the round's
/// last turns are under way.
fn start(rules: &Rules, seating: &Seating) -> Game {
    let mut game = Game::with_players(rules, seating.scores.len());
    game.scores = seating.scores.clone();
    game.to_move = seating.to_move;
    game.last_turn = seating.scores.iter().any(|&s| s >= rules.target);
    if let Stage::Start { offer } = seating.stage {
        game.offer = offer;
    }
    game
}

/// The mover's turn from the option on: her bot plays the rest of it.
fn finish_turn(
    game: &mut Game,
    bot: &mut HeadsUpBot<'_>,
    rng: &mut impl rand::Rng,
    seating: &Seating,
    action: Action,
) {
    let fresh = TurnState {
        roll: 1,
        total: 0,
        held: 6,
    };
    let (st, first_roll) = match (&seating.stage, action) {
        (
            Stage::Start {
                offer: Some((total, left)),
            },
            Action::GoForIt,
        ) => (
            TurnState {
                roll: 2,
                total: *total,
                held: *left,
            },
            None,
        ),
        // Within 50 of an exact target: this many of six fresh dice.
        (Stage::Start { .. }, Action::Roll(k)) => (fresh, Some(k)),
        (Stage::Start { .. }, _) => (fresh, None),
        (
            Stage::Rolled {
                roll,
                total,
                held,
                dice,
            },
            action,
        ) => {
            let st = TurnState {
                roll: *roll,
                total: *total,
                held: *held,
            };
            match apply(&game.rules, st, dice, action) {
                Step::End(end) => {
                    game.end_turn(end);
                    return;
                }
                Step::Next(next) => (next, None),
            }
        }
    };
    prepare(game, bot, st);
    play_from(game, bot, rng, st, first_roll);
}

/// Solves the mover's turn for her bot, covering a turn total already set aside (the bot
/// reads how far its turn must reach from the offer it faces).
fn prepare(game: &mut Game, bot: &mut HeadsUpBot<'_>, st: TurnState) {
    let offer = game.offer;
    if st.total > 0 {
        game.offer = Some((st.total, st.held));
    }
    bot.start(game);
    game.offer = offer;
}
