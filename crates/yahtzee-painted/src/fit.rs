//! Fitting the [`Correction`] of a split value: the strategy plays simulated games, and
//! each position after a move records the points the game went on to score minus its split
//! value. The full game's fit ships in the `correction` module (made by `examples/measure.rs
//! fit`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::advice::Advisor;
use crate::approx::{Correction, Valuer};
use crate::sim::play_game;

/// Fits the [`Correction`] of a split value from `games` games played by `adv`: for each
/// position after a move, the points the game went on to score minus the split value.
/// Cells seen fewer than 50 times take the mean of their diagonal (the same number of
/// turns left), where a correction changes no choice.
pub fn fit_correction(adv: &Advisor, games: usize, seed: u64) -> Correction {
    let game = adv.game();
    let Valuer::Split(halves, _) = &adv.valuer else {
        panic!("a correction is fitted to a split value");
    };
    let sizes = [
        halves[0].boxes.len(),
        halves.get(1).map_or(0, |h| h.boxes.len()),
    ];
    let cells = (sizes[0] + 1) * (sizes[1] + 1);
    let samples: Vec<Vec<(usize, f64)>> = (0..games)
        .into_par_iter()
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i as u64);
            let (card, turns) = play_game(adv, &mut rng);
            let total = f64::from(card.points(game));
            let mut so_far = 0.0;
            let mut out = Vec::new();
            for t in &turns {
                so_far += f64::from(t.chosen.points());
                if let Some((v, a, p)) = adv.valuer.split_parts(t.chosen.next) {
                    if a + p > 0 {
                        out.push((a * (sizes[1] + 1) + p, total - so_far - v));
                    }
                }
            }
            out
        })
        .collect();
    let mut sum = vec![0.0; cells];
    let mut count = vec![0usize; cells];
    let mut diag_sum = vec![0.0; sizes[0] + sizes[1] + 1];
    let mut diag_count = vec![0usize; sizes[0] + sizes[1] + 1];
    for (cell, r) in samples.into_iter().flatten() {
        let d = cell / (sizes[1] + 1) + cell % (sizes[1] + 1);
        sum[cell] += r;
        count[cell] += 1;
        diag_sum[d] += r;
        diag_count[d] += 1;
    }
    let table = (0..cells)
        .map(|cell| {
            let d = cell / (sizes[1] + 1) + cell % (sizes[1] + 1);
            if count[cell] >= 50 {
                sum[cell] / count[cell] as f64
            } else if diag_count[d] > 0 {
                diag_sum[d] / diag_count[d] as f64
            } else {
                0.0
            }
        })
        .collect();
    Correction { sizes, table }
}
