//! Dice drawn from a stream that the agent's actions cannot change (common random numbers).
//!
//! The `k`-th fresh die of roll `r` of turn `t` in episode `e` of seed `s` is a fixed
//! function of `(s, e, t, r, k)`: a reroll of three dice takes draws 0, 1 and 2 of its roll,
//! whatever was kept. Two agents given the same seed see the same fresh dice at the same
//! moment of the game, so the difference of their results is mostly the difference of
//! their play (a paired comparison), not of their luck.

/// Where a die's draw comes from: rolls 0, 1 and 2 are a turn's opening roll and rerolls,
/// the mulligan (house rule) rolls as roll 3, a chance-chance reroll as roll 4.
pub const MULLIGAN_ROLL: u8 = 3;
/// The chance-chance reroll's place in [`draw`].
pub const CHANCE_CHANCE_ROLL: u8 = 4;

/// One die, 1..=6: the `slot`-th fresh die of roll `roll` of turn `turn`.
pub fn draw(seed: u64, episode: u64, turn: u8, roll: u8, slot: u8) -> u8 {
    let moment = (u64::from(turn) << 16) | (u64::from(roll) << 8) | u64::from(slot);
    let h = mix(seed ^ mix(episode ^ mix(moment)));
    // The high 32 bits scaled to 0..6: a bias below 2^-29, far under any test's resolution.
    (((h >> 32) * 6) >> 32) as u8 + 1
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_about_a_sixth_of_the_time() {
        let mut counts = [0u32; 7];
        let n = 600_000;
        for i in 0..n {
            counts[usize::from(draw(
                7,
                i / 100,
                (i % 13) as u8,
                (i % 3) as u8,
                (i % 5) as u8,
            ))] += 1;
        }
        assert_eq!(counts[0], 0);
        for &c in &counts[1..] {
            // Binomial sd ~ 289 around 100,000: 5 sd.
            assert!((f64::from(c) - 100_000.0).abs() < 1_500.0, "{counts:?}");
        }
    }

    #[test]
    fn the_same_moment_draws_the_same_die_and_other_moments_differ() {
        assert_eq!(draw(1, 2, 3, 1, 4), draw(1, 2, 3, 1, 4));
        let a: Vec<u8> = (0..40).map(|k| draw(1, 2, 3, 1, k)).collect();
        let b: Vec<u8> = (0..40).map(|k| draw(1, 3, 3, 1, k)).collect();
        let c: Vec<u8> = (0..40).map(|k| draw(2, 2, 3, 1, k)).collect();
        assert_ne!(a, b);
        assert_ne!(a, c);
    }
}
