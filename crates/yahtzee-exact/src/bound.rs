//! The a-priori bound on the rounding error of the production `f64` tables.
//!
//! Every quantity the kernel (`yahtzee_solver::turn`) computes is non-negative: points,
//! bonuses, probabilities, values, and the sums, products and maxima of these. There is no
//! subtraction, so relative errors cannot be amplified by cancellation, and the standard
//! model `fl(a ∘ b) = (a ∘ b)(1 + δ)`, `|δ| <= u = 2^-53`, gives a relative bound along
//! every chain of operations (Higham, *Accuracy and Stability of Numerical Algorithms*,
//! §3.1–3.4): a result reached through at most `k` roundings from exact data is the exact
//! result times `1 + θ` with `|θ| <= γ_k = k u / (1 - k u)`; `(1 + θ_j)(1 + θ_k)` is a
//! `1 + θ_{j+k}`; a sum of non-negative terms, each within `γ_k`, is within `γ_k`; and so
//! is the maximum of non-negative numbers each within `γ_k`.
//!
//! Counting the roundings of one turn in `turn.rs` along its longest chain:
//!
//! - final rolls ([`FINAL`] = 2): `cont = bonus + V(next)`, then `score + cont` (the
//!   maxima over moves and the scratch are exact);
//! - one keep step ([`EXPECT_LEVEL`] = 7 per level, [`LEVELS`] = 5 levels): a keep is the
//!   sum of its six one-die-larger keeps (5 additions) times `SIXTH`, which is 1/6 rounded
//!   (relative error `u/2`) and a product (1); a keep of `k` dice is nested `5 - k` levels
//!   deep, so the empty keep carries 35; the best sub-keep is a maximum (exact); there are
//!   two keep steps (two rerolls);
//! - the opening mean ([`OPENING`] = 253): each roll's probability `ways / 7776` rounded
//!   (1), its product with the roll's value (1), and a running sum of 252 terms from 0
//!   (the first addition exact, 251 more).
//!
//! So a turn adds at most [`ROUNDINGS_PER_TURN`] = 2 + 2 × 5 × 7 + 253 = 325 roundings to
//! the values it reads, the full card (value 0) is exact, and by induction over the turns
//! left `t(s)` (the open boxes of state `s`):
//!
//! ```text
//! |V_f64(s) - V(s)| <= γ_{325 t(s)} · V(s) <= γ_{325 T} · V_max
//! ```
//!
//! with `T` the number of boxes (turns in a game) and `V_max` the largest value in the
//! table. For Yahtzee (`T = 13`) `γ_{4225}` = 4.69e-13 relative; for Yatzy
//! (`T = 15`) `γ_{4875}` = 5.41e-13.

use yahtzee_rules::{RuleSet, State};

use crate::dd::DoubleDouble;

/// Roundings of a final roll's value: the bonus added to the next value, then the score.
pub const FINAL: u64 = 2;
/// Roundings of one level of the keep step: 5 additions, 1/6 rounded, 1 product.
pub const EXPECT_LEVEL: u64 = 7;
/// Levels of the keep step: a keep of `k` dice is the mean of keeps of `k + 1`.
pub const LEVELS: u64 = 5;
/// Roundings of the opening mean: the probability, the product, 251 additions.
pub const OPENING: u64 = 253;
/// Roundings one turn adds along its longest chain (two keep steps).
pub const ROUNDINGS_PER_TURN: u64 = FINAL + 2 * LEVELS * EXPECT_LEVEL + OPENING;

/// `γ_k = k u / (1 - k u)` for the unit roundoff `u`, rounded up (by a relative 1e-12,
/// far above the few roundings of this formula itself).
pub fn gamma_with(k: u64, u: f64) -> f64 {
    let ku = k as f64 * u;
    assert!(ku < 0.5, "the bound needs k u < 1/2");
    ku / (1.0 - ku) * (1.0 + 1e-12)
}

/// [`gamma_with`] for `f64`, `u = 2^-53`.
pub fn gamma(k: u64) -> f64 {
    gamma_with(k, DoubleDouble::U)
}

/// The relative bound after `turns` turns: `γ_{325 turns}`.
pub fn relative_bound(turns: u32) -> f64 {
    gamma(ROUNDINGS_PER_TURN * u64::from(turns))
}

/// Turns left from a state: its open boxes.
pub fn turns_left(rules: &RuleSet, s: State) -> u32 {
    rules.box_count() as u32 - s.filled().count_ones()
}

/// The bound on `|V_f64(s) - V(s)|` for a state of exact value `value`.
pub fn state_bound(rules: &RuleSet, s: State, value: f64) -> f64 {
    relative_bound(turns_left(rules, s)) * value
}

/// The bound over the whole table: `γ_{325 T} · V_max`.
pub fn table_bound(rules: &RuleSet, largest_value: f64) -> f64 {
    relative_bound(rules.box_count() as u32) * largest_value
}

/// The same analysis for the double-double kernel ([`crate::kernel`]): the same chain of
/// operations (one addition fewer for the final rolls), each within
/// [`DoubleDouble::OP_ERROR`] instead of `u`.
pub fn dd_relative_bound(turns: u32) -> f64 {
    gamma_with(
        ROUNDINGS_PER_TURN * u64::from(turns),
        DoubleDouble::OP_ERROR,
    )
}
