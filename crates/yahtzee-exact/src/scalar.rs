//! The arithmetics the reference solver runs in: `f64`, [`DoubleDouble`] and exact
//! rationals ([`BigRational`]), behind one small trait. The exact conversions between them
//! live with their types: [`crate::rational`] and [`crate::dd::exact_dd`].

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;

use crate::dd::{exact_dd, DoubleDouble};
use crate::rational::exact_f64;

/// A number the reference solver computes with. Every value of the game is built from
/// integers (points), ratios of small integers (probabilities), sums, products and maxima.
pub trait Scalar: Clone + PartialOrd + Send + Sync {
    /// A short name for reports: `f64`, `double-double`, `rational`.
    const NAME: &'static str;
    /// An integer (points), exact in every arithmetic here.
    fn int(n: u32) -> Self;
    /// `n / d`: exact for rationals, correctly rounded for `f64`, to ~2^-106 for
    /// double-double.
    fn ratio(n: u64, d: u64) -> Self;
    fn add(&self, b: &Self) -> Self;
    fn mul(&self, b: &Self) -> Self;
    /// The value exactly, as a rational.
    fn exact(&self) -> BigRational;
    /// `n + self`. The same as `int(n).add(self)`; rationals skip the reduction (an
    /// integer plus a reduced fraction is reduced).
    fn add_int(&self, n: u32) -> Self {
        Self::int(n).add(self)
    }
    /// `(Σ w_i x_i) / total`, summed in order, then one product by `ratio(1, total)`.
    /// Rationals do the same exactly over a common denominator, with one reduction.
    fn mean(terms: &[(u64, &Self)], total: u64) -> Self {
        let mut it = terms.iter().map(|&(w, x)| Self::ratio(w, 1).mul(x));
        let first = it.next().expect("at least one term");
        it.fold(first, |a, b| a.add(&b)).mul(&Self::ratio(1, total))
    }
}

impl Scalar for f64 {
    const NAME: &'static str = "f64";
    fn int(n: u32) -> f64 {
        f64::from(n)
    }
    fn ratio(n: u64, d: u64) -> f64 {
        assert!(n < 1 << 53 && d < 1 << 53);
        n as f64 / d as f64
    }
    fn add(&self, b: &f64) -> f64 {
        self + b
    }
    fn mul(&self, b: &f64) -> f64 {
        self * b
    }
    fn exact(&self) -> BigRational {
        exact_f64(*self)
    }
}

impl Scalar for DoubleDouble {
    const NAME: &'static str = "double-double";
    fn int(n: u32) -> DoubleDouble {
        DoubleDouble::from(n)
    }
    fn ratio(n: u64, d: u64) -> DoubleDouble {
        DoubleDouble::ratio(n, d)
    }
    fn add(&self, b: &DoubleDouble) -> DoubleDouble {
        *self + *b
    }
    fn mul(&self, b: &DoubleDouble) -> DoubleDouble {
        *self * *b
    }
    fn exact(&self) -> BigRational {
        exact_dd(*self)
    }
}

impl Scalar for BigRational {
    const NAME: &'static str = "rational";
    fn int(n: u32) -> BigRational {
        BigRational::from_integer(BigInt::from(n))
    }
    fn ratio(n: u64, d: u64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }
    fn add(&self, b: &BigRational) -> BigRational {
        self + b
    }
    fn mul(&self, b: &BigRational) -> BigRational {
        self * b
    }
    fn exact(&self) -> BigRational {
        self.clone()
    }
    fn add_int(&self, n: u32) -> BigRational {
        let numer = self.numer() + BigInt::from(n) * self.denom();
        BigRational::new_raw(numer, self.denom().clone())
    }
    fn mean(terms: &[(u64, &BigRational)], total: u64) -> BigRational {
        // A common denominator: the first one, grown to the lcm where one does not divide
        // it (the game's denominators are all of the form 2^a 3^b).
        let mut d = terms[0].1.denom().clone();
        for (_, x) in &terms[1..] {
            if x.denom() != &d && !(&d % x.denom()).is_zero() {
                d = d.lcm(x.denom());
            }
        }
        let mut n = BigInt::zero();
        for &(w, x) in terms {
            let scale = if x.denom() == &d {
                BigInt::from(w)
            } else {
                BigInt::from(w) * (&d / x.denom())
            };
            n += x.numer() * scale;
        }
        BigRational::new(n, d * BigInt::from(total))
    }
}
