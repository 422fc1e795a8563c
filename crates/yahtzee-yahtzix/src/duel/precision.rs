//! The `f32` offers' table measured against a reference solved with `f64` offers: the
//! largest difference over every state and offer, and whether the advice changes on a
//! sample of positions (`examples/measure.rs precision`, `tests/solve.rs`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Duel, Seat};
use crate::position::{advise, Position, Stage};
use crate::score::valid_score;
use crate::score::{Counts, UNIT};
use crate::turn::Rolls;
use crate::Error;

/// How far a table is from a reference, and how often the best option differs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Comparison {
    /// The largest difference of a win probability, over every state and offer.
    pub max_error: f64,
    /// Positions sampled, and those with more than one option.
    pub sampled: usize,
    pub decisions: usize,
    /// Positions whose best option differs from the reference's.
    pub differ: usize,
    /// The most the reference values its own best option above the table's best, over the
    /// positions that differ (0 when none does).
    pub worst_gap: f64,
    /// The largest difference of an option's win probability in the sampled positions.
    pub max_option_error: f64,
}

/// Compares `table` with `reference` (the same rules): every value, then the advice on
/// `samples` random positions (seeded: before a turn with and without an offer, after a
/// roll 1, 2 or 3).
pub fn compare(
    table: &Duel,
    reference: &Duel,
    samples: usize,
    seed: u64,
) -> Result<Comparison, Error> {
    let rules = table.rules;
    let rolls = Rolls::new(&rules);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Comparison {
        max_error: table.max_difference(reference),
        sampled: samples,
        ..Comparison::default()
    };
    for _ in 0..samples {
        let pos = random_position(&mut rng, table.target_units());
        let mine = advise(table, &rolls, &pos)?;
        let theirs = advise(reference, &rolls, &pos)?;
        if theirs.options.len() > 1 {
            out.decisions += 1;
        }
        for o in &mine.options {
            if let Some(r) = theirs.options.iter().find(|r| r.action == o.action) {
                out.max_option_error = out.max_option_error.max((o.win - r.win).abs());
            }
        }
        let (Some(best), Some(their_best)) = (mine.options.first(), theirs.options.first()) else {
            continue;
        };
        if best.action != their_best.action {
            out.differ += 1;
            let valued = theirs.options.iter().find(|r| r.action == best.action);
            let gap = valued.map_or(f64::INFINITY, |r| their_best.win - r.win);
            out.worst_gap = out.worst_gap.max(gap);
        }
    }
    Ok(out)
}

/// A random position of a game to `n` units (both scores below it).
fn random_position(rng: &mut ChaCha8Rng, n: usize) -> Position {
    let score = |rng: &mut ChaCha8Rng| loop {
        let s = rng.random_range(0..n);
        if valid_score(s) {
            break s;
        }
    };
    let (me, opp) = (score(rng), score(rng));
    let seat = if rng.random_bool(0.5) {
        Seat::First
    } else {
        Seat::Second
    };
    let dice = |rng: &mut ChaCha8Rng, k: u8| {
        let mut d: Counts = [0; 7];
        for _ in 0..k {
            d[rng.random_range(1..=6usize)] += 1;
        }
        d
    };
    let stage = match rng.random_range(0..5) {
        0 => Stage::Start { offer: None },
        1 if opp > 0 => Stage::Start {
            offer: Some((
                UNIT * rng.random_range(1..=opp) as u32,
                rng.random_range(1..=5),
            )),
        },
        1 | 2 => Stage::Rolled {
            roll: 1,
            total: 0,
            held: 6,
            dice: dice(rng, 6),
        },
        roll => {
            let held = rng.random_range(1..=5);
            let most = (opp.max(60) + 20) as u32;
            Stage::Rolled {
                roll: roll as u8 - 1,
                total: UNIT * rng.random_range(1..=most),
                held,
                dice: dice(rng, held),
            }
        }
    };
    Position {
        seat,
        me: UNIT * me as u32,
        opp: UNIT * opp as u32,
        stage,
    }
}
