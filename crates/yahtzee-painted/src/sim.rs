//! Seeded simulation of the strategy: game `i` draws its dice from its own ChaCha stream
//! (seed, `i`), so the results do not depend on the thread count.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::advice::Advisor;
use crate::card::Card;
use crate::dice::{Hand, DICE};
use crate::game::Move;

/// One turn as played: the three rolls (or fewer), the keeps and the move.
#[derive(Clone, Debug)]
pub struct PlayedTurn {
    pub rolls: Vec<Hand>,
    pub keeps: Vec<Hand>,
    pub chosen: Move,
}

/// Throws `n` dice of a game with `faces` faces.
pub fn throw(rng: &mut impl Rng, faces: usize, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.random_range(0..faces) as u8).collect()
}

/// One game by the advisor's strategy; `rng` gives the dice. Returns the final card and
/// each turn.
pub fn play_game(adv: &Advisor, rng: &mut impl Rng) -> (Card, Vec<PlayedTurn>) {
    let game = adv.game();
    let faces = game.faces();
    let mut card = Card::empty(game);
    let mut turns = Vec::new();
    while !card.is_full() {
        let tv = adv.turn(&card);
        let mut hand = Hand::from_faces(&throw(rng, faces, DICE));
        let mut rolls = vec![hand];
        let mut keeps = Vec::new();
        for left in [2u8, 1] {
            let keep = adv.best_keep(&tv, &hand, left);
            keeps.push(keep);
            if keep.len() == DICE {
                continue; // nothing thrown; the next decision sees the same dice
            }
            let mut faces_now = keep.faces().to_vec();
            faces_now.extend(throw(rng, faces, DICE - keep.len()));
            hand = Hand::from_faces(&faces_now);
            rolls.push(hand);
        }
        let chosen = adv.best_move(&card, &hand);
        card.apply(&chosen);
        turns.push(PlayedTurn {
            rolls,
            keeps,
            chosen,
        });
    }
    (card, turns)
}

/// What a simulation found.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub game: String,
    pub strategy: &'static str,
    pub games: usize,
    pub seed: u64,
    pub mean: f64,
    pub sd: f64,
    /// Half-width of the 95% interval of the mean.
    pub ci95: f64,
    pub min: u32,
    pub max: u32,
    /// Mean score of each box, in card order (name, mean).
    pub boxes: Vec<(&'static str, f64)>,
    pub upper_bonus_rate: f64,
    pub yahtzee_bonus_mean: f64,
}

/// Plays `games` games from `seed` in parallel.
pub fn simulate(adv: &Advisor, games: usize, seed: u64) -> Summary {
    let game = adv.game();
    let cards: Vec<Card> = (0..games)
        .into_par_iter()
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i as u64);
            play_game(adv, &mut rng).0
        })
        .collect();
    let totals: Vec<f64> = cards.iter().map(|c| f64::from(c.points(game))).collect();
    let n = games.max(1) as f64;
    let mean = totals.iter().sum::<f64>() / n;
    let var = totals.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let boxes = (0..game.box_count())
        .map(|b| {
            let m = cards
                .iter()
                .map(|c| f64::from(c.scores[b].unwrap_or(0)))
                .sum::<f64>()
                / n;
            (game.boxes[b].name(), m)
        })
        .collect();
    let bonus = cards
        .iter()
        .filter(|c| game.has_upper() && c.upper_total(game) >= game.threshold)
        .count();
    Summary {
        game: game.name().to_string(),
        strategy: adv.valuer.name(),
        games,
        seed,
        mean,
        sd: var.sqrt(),
        ci95: 1.96 * (var / n).sqrt(),
        min: cards.iter().map(|c| c.points(game)).min().unwrap_or(0),
        max: cards.iter().map(|c| c.points(game)).max().unwrap_or(0),
        boxes,
        upper_bonus_rate: bonus as f64 / n,
        yahtzee_bonus_mean: cards
            .iter()
            .map(|c| f64::from(c.yahtzee_bonus))
            .sum::<f64>()
            / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approx::{policy_value, Valuer};
    use crate::game::Game;

    #[test]
    fn simulation_matches_the_strategy_s_exact_value() {
        // On a reduced game the exact value of the split strategy is known; 4,000 played
        // games must find it within their interval (and the thread count changes nothing).
        let game = Game::named("painted:c2:ones,yahtzee,colours,flush,palette").unwrap();
        let exact = policy_value(&game, &Valuer::split(&game));
        let adv = Advisor::new(&game, Valuer::split(&game));
        let s = simulate(&adv, 4000, 7);
        assert!(
            (s.mean - exact).abs() < s.ci95 * 1.3,
            "{} ± {} vs {exact}",
            s.mean,
            s.ci95
        );
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let again = one.install(|| simulate(&adv, 300, 7));
        let first = simulate(&adv, 300, 7);
        assert_eq!(again.mean.to_bits(), first.mean.to_bits());
    }
}
