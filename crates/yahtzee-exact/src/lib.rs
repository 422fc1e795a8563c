//! The numerical error of the value tables, and nothing else: a scalar-generic reference
//! solver in double-double and exact rationals, and the measurements of the production
//! `f64` tables against it.
//!
//! - [`rational`]: exact rationals (`num_rational::BigRational`): exact conversions from
//!   and to `f64`, relative differences and decimal printing.
//! - [`dd`]: [`DoubleDouble`], about 106 bits, with the error-free transformations.
//! - [`scalar`]: the [`Scalar`] trait over `f64`, [`DoubleDouble`] and exact rationals.
//! - [`reference`](mod@reference): the plain backward induction over any [`Scalar`]
//!   (reduced games).
//! - [`kernel`]: the production kernel's own keep steps on double-double lanes (the whole
//!   game in minutes).
//! - [`bound`]: the a-priori bound `|V_f64 - V| <= γ_{325 t} V` and its derivation.
//! - [`compare`]: the largest differences over every reachable state.
//!
//! Over `yahtzee-rules` and `yahtzee-solver`; nothing depends on this crate. The report is
//! `docs/NUMERICAL_ERROR.md`, made by `cargo run --release -p yahtzee-exact --example
//! numerical_error`.
//!
//! # How
//!
//! [`DoubleDouble`] (two-sum, two-prod with `mul_add`; sum, product and quotient each within
//! `16u²`) implements the solver's `Lane` trait, so `kernel::solve_dd` runs the whole game
//! with the production keep steps (`TurnPlan::expect_keeps_in` / `best_subkeeps_in`) on
//! double-double lanes, the final rolls through `RuleSet::for_each_move` (base rules only;
//! minutes per rule set). [`reference`](mod@reference) counts outcome probabilities
//! outright and enumerates sub-keeps, over `f64`, [`DoubleDouble`] and `BigRational`, for
//! the reduced games ([`REDUCED`]: two per base rule set). [`bound`]: `|V_f64(s) - V(s)| <= γ_{325 t(s)} V(s)`
//! (t: turns left), with the kernel's roundings counted. `examples/numerical_error.rs`
//! prints the report (text or `--json`); `tests/` check the reduced games against the
//! rationals, and the arithmetic.

pub mod bound;
pub mod compare;
pub mod dd;
pub mod kernel;
pub mod rational;
pub mod reference;
pub mod scalar;

pub use compare::{describe, Diff};
pub use dd::DoubleDouble;
pub use scalar::Scalar;

use yahtzee_rules::{Category, RuleSet};

/// A reduced game of a base rule set: its boxes and upper threshold, and a label.
#[derive(Clone, Copy, Debug)]
pub struct Reduced {
    pub base: &'static str,
    pub boxes: &'static [Category],
    pub upper_threshold: u32,
}

impl Reduced {
    pub fn rules(&self) -> &'static RuleSet {
        RuleSet::named(self.base)
            .expect("a base rule set")
            .reduced(self.boxes, self.upper_threshold)
    }

    /// The reduced game's rule-set name, as every front end reads it
    /// (`forced:ones,twos,yahtzee,chance@6`: `yahtzee stats --rules ...`).
    pub fn label(&self) -> String {
        self.rules().name.to_string()
    }
}

use Category::*;

/// The reduced games measured in exact rationals: for each base rule set, one with the
/// upper bonus reachable and, for the Yahtzee games, one where extra Yahtzees score
/// (Joker, bonus).
pub const REDUCED: [Reduced; 8] = [
    Reduced {
        base: "forced",
        boxes: &[Ones, Twos, Yahtzee, Chance],
        upper_threshold: 6,
    },
    Reduced {
        base: "forced",
        boxes: &[Threes, Yahtzee, FullHouse, LargeStraight],
        upper_threshold: 9,
    },
    Reduced {
        base: "free",
        boxes: &[Twos, Yahtzee, SmallStraight, Chance],
        upper_threshold: 6,
    },
    Reduced {
        base: "free",
        boxes: &[Fives, Yahtzee, FourOfAKind],
        upper_threshold: 15,
    },
    Reduced {
        base: "no-bonus",
        boxes: &[Ones, Sixes, Yahtzee, ThreeOfAKind],
        upper_threshold: 18,
    },
    Reduced {
        base: "no-bonus",
        boxes: &[Fours, FullHouse, Chance],
        upper_threshold: 12,
    },
    Reduced {
        base: "yatzy",
        boxes: &[Twos, OnePair, TwoPairs, Yahtzee],
        upper_threshold: 6,
    },
    Reduced {
        base: "yatzy",
        boxes: &[Ones, Threes, FullHouse, Chance],
        upper_threshold: 9,
    },
];

/// Larger reduced games for the report (`examples/numerical_error.rs`; a few seconds each
/// in rationals, too slow for the tests): six boxes, upper bonus and extra Yahtzees.
pub const LARGER: [Reduced; 2] = [
    Reduced {
        base: "forced",
        boxes: &[Ones, Twos, Threes, Yahtzee, FullHouse, Chance],
        upper_threshold: 12,
    },
    Reduced {
        base: "yatzy",
        boxes: &[Ones, Twos, Sixes, OnePair, Yahtzee, Chance],
        upper_threshold: 18,
    },
];
