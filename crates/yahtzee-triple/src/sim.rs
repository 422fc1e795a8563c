//! Seeded games played by a [`Player`], and their summary with a 95% confidence interval.
//!
//! Game `g` of seed `S` draws its dice from ChaCha8 seeded with `S` on stream `g`, and the
//! totals are summed in game order, so the result is the same for any number of threads.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use yahtzee_rules::{tables, Dice};

use crate::game::TripleState;
use crate::turn::Player;

/// Rolls the dice not kept (one draw per die, in order).
pub fn roll_dice(kept: Dice, rng: &mut impl Rng) -> Dice {
    let mut counts = kept.counts();
    for _ in kept.len()..5 {
        counts[rng.random_range(0..6)] += 1;
    }
    Dice::from_counts(counts).expect("five dice")
}

/// The dice generator of game `g` under seed `seed`.
pub fn game_rng(seed: u64, g: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(g);
    rng
}

/// One turn from `s`: rolls, keeps and the move, as the player decides. Returns the final
/// dice and the move.
pub fn play_turn(
    player: &Player,
    s: &TripleState,
    rng: &mut impl Rng,
) -> (Dice, crate::game::TripleMove) {
    let turn = player.turn(s);
    let mut dice = roll_dice(Dice::EMPTY, rng);
    for left in [2u8, 1] {
        let k = turn.best_keep(&dice, left);
        if k == dice.index() {
            break;
        }
        dice = roll_dice(tables().keep(k), rng);
    }
    let m = player.best_move(s, &dice);
    (dice, m)
}

/// Plays a whole game; returns its final total.
pub fn play_game(player: &Player, rng: &mut impl Rng) -> u32 {
    let game = player.game();
    let mut s = TripleState::START;
    let mut total = 0;
    while !game.is_over(&s) {
        let (_, m) = play_turn(player, &s, rng);
        total += m.points;
        s = m.next;
    }
    total
}

/// Mean, spread and 95% interval of simulated totals.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    pub strategy: String,
    pub variant: String,
    pub games: u64,
    pub seed: u64,
    pub mean: f64,
    pub sd: f64,
    /// Half-width of the 95% confidence interval of the mean (1.96 standard errors).
    pub ci95: f64,
    pub min: u32,
    pub max: u32,
    pub seconds: f64,
}

impl Summary {
    fn of(totals: &[u32], strategy: &str, variant: &str, seed: u64, seconds: f64) -> Summary {
        let n = totals.len() as f64;
        let mean = totals.iter().map(|&t| f64::from(t)).sum::<f64>() / n;
        let var = totals
            .iter()
            .map(|&t| (f64::from(t) - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        Summary {
            strategy: strategy.to_string(),
            variant: variant.to_string(),
            games: totals.len() as u64,
            seed,
            mean,
            sd: var.sqrt(),
            ci95: 1.96 * (var / n).sqrt(),
            min: totals.iter().copied().min().unwrap_or(0),
            max: totals.iter().copied().max().unwrap_or(0),
            seconds,
        }
    }

    /// One line: `fitted     mean 1752.44 ± 5.18  sd 186.9  1138–2241  (10000 games, 0.4 s)`:
    /// the mean with its 95% interval, sd, lowest–highest total; within 80 columns.
    pub fn line(&self) -> String {
        // Within 80 columns for any count of games a run can afford.
        format!(
            "{:<10} mean {:.2} ± {:.2}  sd {:.1}  {}–{}  ({} games, {:.1} s)",
            self.strategy,
            self.mean,
            self.ci95,
            self.sd,
            self.min,
            self.max,
            self.games,
            self.seconds,
        )
    }
}

/// The line after a run's [`Summary::line`]s (`yahtzee triple simulate`): the rules, the
/// seed and the threads that played.
pub fn footer(variant: crate::Variant, seed: u64, threads: usize) -> String {
    format!(
        "({} rules, seed {seed}, {threads} threads)\n",
        variant.name()
    )
}

/// Plays `games` seeded games in parallel and summarises their totals.
pub fn simulate(player: &Player, games: u64, seed: u64) -> Summary {
    let start = std::time::Instant::now();
    let totals: Vec<u32> = (0..games)
        .into_par_iter()
        .map(|g| play_game(player, &mut game_rng(seed, g)))
        .collect();
    Summary::of(
        &totals,
        player.valuer.kind.name(),
        player.game().variant.name(),
        seed,
        start.elapsed().as_secs_f64(),
    )
}
