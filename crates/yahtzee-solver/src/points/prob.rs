//! The numbers the points kernel carries per coordinate: a probability (`f32`), or a
//! payoff with the probability of a tie beside it ([`WinTie`]), each summed in `f64`.

use crate::lanes::Lane;

/// What the points kernel carries per coordinate: a probability (`f32`), or a payoff with a
/// second probability that follows the same decisions ([`WinTie`]).
pub trait Prob: Lane + Default + Send + Sync + std::fmt::Debug {
    /// The value of a certain success (reads below `c = 0`).
    const ONE: Self;
    /// The value of a certain failure (reads past a vector's end).
    const ZERO: Self;
    /// Below the worst value (the start of a maximum).
    const FLOOR: Self;
    /// Accumulator of probability-weighted sums, in `f64` for accuracy.
    type Acc: Copy + Default;
    fn accumulate(acc: &mut Self::Acc, p: f64, x: Self);
    fn from_acc(acc: Self::Acc) -> Self;
}

impl Prob for f32 {
    const ONE: f32 = 1.0;
    const ZERO: f32 = 0.0;
    const FLOOR: f32 = f32::NEG_INFINITY;
    type Acc = f64;
    #[inline(always)]
    fn accumulate(acc: &mut f64, p: f64, x: f32) {
        *acc += p * f64::from(x);
    }
    #[inline(always)]
    fn from_acc(acc: f64) -> f32 {
        acc as f32
    }
}

/// A payoff to maximise (`value`: P(win) + P(tie) / 2) and the probability of a tie under
/// the same decisions: compared by `value` alone, added and scaled together.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WinTie {
    pub value: f32,
    pub tie: f32,
}

impl PartialOrd for WinTie {
    fn partial_cmp(&self, other: &WinTie) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl std::ops::Add for WinTie {
    type Output = WinTie;
    #[inline(always)]
    fn add(self, o: WinTie) -> WinTie {
        WinTie {
            value: self.value + o.value,
            tie: self.tie + o.tie,
        }
    }
}

impl std::ops::Mul for WinTie {
    type Output = WinTie;
    #[inline(always)]
    fn mul(self, o: WinTie) -> WinTie {
        WinTie {
            value: self.value * o.value,
            tie: self.tie * o.tie,
        }
    }
}

impl Lane for WinTie {
    const SIXTH: WinTie = WinTie {
        value: 1.0 / 6.0,
        tie: 1.0 / 6.0,
    };
}

impl Prob for WinTie {
    const ONE: WinTie = WinTie {
        value: 1.0,
        tie: 0.0,
    };
    const ZERO: WinTie = WinTie {
        value: 0.0,
        tie: 0.0,
    };
    const FLOOR: WinTie = WinTie {
        value: f32::NEG_INFINITY,
        tie: 0.0,
    };
    type Acc = (f64, f64);
    #[inline(always)]
    fn accumulate(acc: &mut (f64, f64), p: f64, x: WinTie) {
        acc.0 += p * f64::from(x.value);
        acc.1 += p * f64::from(x.tie);
    }
    #[inline(always)]
    fn from_acc(acc: (f64, f64)) -> WinTie {
        WinTie {
            value: acc.0 as f32,
            tie: acc.1 as f32,
        }
    }
}
