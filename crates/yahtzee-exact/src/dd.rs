//! Double-double arithmetic: a number as the unevaluated sum `hi + lo` of two `f64`s with
//! `|lo| <= ulp(hi) / 2`, about 106 significant bits (32 decimal digits).
//!
//! The algorithms are the classic error-free transformations (Knuth's two-sum, Dekker's
//! fast two-sum, two-prod with a fused multiply-add) combined as in the QD library (Hida, Li
//! & Bailey 2001) in their accurate forms. Joldes, Muller & Popescu ("Tight and rigorous
//! error bounds for basic building blocks of double-word arithmetic", ACM TOMS 2017) prove
//! relative error bounds of a few `u²` for such sums, products and quotients (`u = 2^-53`):
//! `3u²` for this sum, at most `7u²` for the products. This crate assumes
//! [`DoubleDouble::OP_ERROR`] = `16u²` per operation, above all of them, and its tests check
//! every operation against exact rationals.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

use num_rational::BigRational;

use crate::rational::{decimal, exact_f64};

/// `hi + lo`, normalised so that `hi` is `hi + lo` rounded to the nearest `f64`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DoubleDouble {
    pub hi: f64,
    pub lo: f64,
}

/// `a + b = s + e` exactly, `s = fl(a + b)` (Knuth; no condition on `a`, `b`).
#[inline(always)]
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// `a + b = s + e` exactly, `s = fl(a + b)`, provided `|a| >= |b|` (or `a = 0`) (Dekker).
#[inline(always)]
pub fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let e = b - (s - a);
    (s, e)
}

/// `a × b = p + e` exactly, `p = fl(a × b)` (barring underflow): the fused multiply-add
/// computes `a × b - p` with a single rounding, and that difference is representable.
#[inline(always)]
pub fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let e = a.mul_add(b, -p);
    (p, e)
}

impl DoubleDouble {
    pub const ZERO: DoubleDouble = DoubleDouble { hi: 0.0, lo: 0.0 };
    pub const ONE: DoubleDouble = DoubleDouble { hi: 1.0, lo: 0.0 };
    /// 1/6 to 107 bits: `fl(1/6)` is 1/6 rounded down to 53 bits (binary 0.0010101…01),
    /// leaving `2^-55 / 3`, which is `fl(1/3)` scaled by a power of two.
    pub const SIXTH: DoubleDouble = DoubleDouble {
        hi: 1.0 / 6.0,
        lo: (1.0 / 3.0) / 36_028_797_018_963_968.0, // 2^55
    };
    /// Unit roundoff of `f64`, `2^-53`.
    pub const U: f64 = 1.0 / 9_007_199_254_740_992.0;
    /// A bound on the relative error of any one operation of this type (sum, product,
    /// quotient), `16u²` ≈ 2.0e-31: twice the proven bounds of the sums and products
    /// (a few `u²`), and checked for every operation against rationals by the tests.
    pub const OP_ERROR: f64 = 16.0 * Self::U * Self::U;

    /// `hi + lo` normalised (any two `f64`s).
    #[inline(always)]
    pub fn new(hi: f64, lo: f64) -> DoubleDouble {
        let (hi, lo) = two_sum(hi, lo);
        DoubleDouble { hi, lo }
    }

    /// `n / d` correctly to double-double precision (both exact as `f64`s below 2^53).
    pub fn ratio(n: u64, d: u64) -> DoubleDouble {
        assert!(n < 1 << 53 && d < 1 << 53 && d > 0);
        DoubleDouble::from(n as f64) / d as f64
    }

    /// The nearest `f64`.
    #[inline(always)]
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    pub fn abs(self) -> DoubleDouble {
        if self.hi < 0.0 || (self.hi == 0.0 && self.lo < 0.0) {
            -self
        } else {
            self
        }
    }

    pub fn is_nan(self) -> bool {
        self.hi.is_nan() || self.lo.is_nan()
    }
}

impl From<f64> for DoubleDouble {
    #[inline(always)]
    fn from(x: f64) -> DoubleDouble {
        DoubleDouble { hi: x, lo: 0.0 }
    }
}

impl From<u32> for DoubleDouble {
    #[inline(always)]
    fn from(x: u32) -> DoubleDouble {
        DoubleDouble::from(f64::from(x))
    }
}

impl Add for DoubleDouble {
    type Output = DoubleDouble;

    /// The accurate sum (QD's `ieee_add`; Joldes et al.'s AccurateDWPlusDW: ≤ 3u²).
    #[inline(always)]
    fn add(self, b: DoubleDouble) -> DoubleDouble {
        let (s1, s2) = two_sum(self.hi, b.hi);
        let (t1, t2) = two_sum(self.lo, b.lo);
        let (s1, s2) = fast_two_sum(s1, s2 + t1);
        let (hi, lo) = fast_two_sum(s1, s2 + t2);
        DoubleDouble { hi, lo }
    }
}

impl Neg for DoubleDouble {
    type Output = DoubleDouble;

    #[inline(always)]
    fn neg(self) -> DoubleDouble {
        DoubleDouble {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for DoubleDouble {
    type Output = DoubleDouble;

    #[inline(always)]
    fn sub(self, b: DoubleDouble) -> DoubleDouble {
        self + -b
    }
}

impl Mul for DoubleDouble {
    type Output = DoubleDouble;

    /// The product with a fused multiply-add (QD's `operator*`; Joldes et al.'s
    /// DWTimesDW1: ≤ 7u²).
    #[inline(always)]
    fn mul(self, b: DoubleDouble) -> DoubleDouble {
        let (p, e) = two_prod(self.hi, b.hi);
        let e = e + (self.hi * b.lo + self.lo * b.hi);
        let (hi, lo) = fast_two_sum(p, e);
        DoubleDouble { hi, lo }
    }
}

impl Mul<f64> for DoubleDouble {
    type Output = DoubleDouble;

    /// A double-double times an `f64` (Joldes et al.'s DWTimesFP3: ≤ 2u²).
    #[inline(always)]
    fn mul(self, b: f64) -> DoubleDouble {
        let (p, e) = two_prod(self.hi, b);
        let e = self.lo.mul_add(b, e);
        let (hi, lo) = fast_two_sum(p, e);
        DoubleDouble { hi, lo }
    }
}

impl Div<f64> for DoubleDouble {
    type Output = DoubleDouble;

    /// A double-double over an `f64`: the quotient of the high words, corrected once by
    /// the exact remainder (within [`DoubleDouble::OP_ERROR`], as tested).
    fn div(self, b: f64) -> DoubleDouble {
        let q = self.hi / b;
        let (p, e) = two_prod(q, b);
        let (d, f) = two_sum(self.hi, -p);
        let d = d + (f + (self.lo - e));
        let (hi, lo) = fast_two_sum(q, d / b);
        DoubleDouble { hi, lo }
    }
}

impl Div for DoubleDouble {
    type Output = DoubleDouble;

    /// Long division in three partial quotients (QD's accurate `div`; within
    /// [`DoubleDouble::OP_ERROR`], as tested; the solvers never divide two double-doubles).
    fn div(self, b: DoubleDouble) -> DoubleDouble {
        let q1 = self.hi / b.hi;
        let r = self - b * q1;
        let q2 = r.hi / b.hi;
        let r = r - b * q2;
        let q3 = r.hi / b.hi;
        let (q1, q2) = fast_two_sum(q1, q2);
        DoubleDouble { hi: q1, lo: q2 } + DoubleDouble::from(q3)
    }
}

impl PartialOrd for DoubleDouble {
    /// Normalised, `hi` is the value rounded, so the order is `hi`'s, then `lo`'s.
    #[inline(always)]
    fn partial_cmp(&self, b: &DoubleDouble) -> Option<Ordering> {
        match self.hi.partial_cmp(&b.hi) {
            Some(Ordering::Equal) => self.lo.partial_cmp(&b.lo),
            other => other,
        }
    }

    #[inline(always)]
    fn gt(&self, b: &DoubleDouble) -> bool {
        self.hi > b.hi || (self.hi == b.hi && self.lo > b.lo)
    }
}

/// The kernel's keep steps ([`yahtzee_solver::TurnPlan::expect_keeps_in`],
/// [`yahtzee_solver::TurnPlan::best_subkeeps_in`]) run on double-double lanes.
impl yahtzee_solver::Lane for DoubleDouble {
    const SIXTH: DoubleDouble = DoubleDouble::SIXTH;
}

impl fmt::Display for DoubleDouble {
    /// The exact value `hi + lo` to 32 significant digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_nan() {
            return f.write_str("NaN");
        }
        f.write_str(&decimal(&exact_dd(*self), f.precision().unwrap_or(32)))
    }
}

/// A finite double-double exactly: `hi + lo`.
pub fn exact_dd(x: DoubleDouble) -> BigRational {
    exact_f64(x.hi) + exact_f64(x.lo)
}
