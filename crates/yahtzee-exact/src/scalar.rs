//! The arithmetics the reference solver runs in: `f64`, [`DoubleDouble`] and exact
//! rationals ([`BigRational`]), behind one small trait; and exact conversions between them
//! for measuring differences.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::dd::DoubleDouble;

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

/// A finite `f64` exactly, as a rational.
pub fn exact_f64(x: f64) -> BigRational {
    BigRational::from_float(x).expect("a finite value")
}

/// A finite double-double exactly: `hi + lo`.
pub fn exact_dd(x: DoubleDouble) -> BigRational {
    exact_f64(x.hi) + exact_f64(x.lo)
}

/// A rational to the nearest `f64` (through its ratio of big integers).
pub fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().expect("a finite value")
}

/// `|a - b| / |b|` as the nearest `f64` (0 when both are 0).
pub fn relative(a: &BigRational, b: &BigRational) -> f64 {
    let d = (a - b).abs();
    if d.is_zero() {
        0.0
    } else {
        to_f64(&(d / b.abs()))
    }
}

/// `x` in decimal, rounded to `digits` significant digits (half away from zero).
pub fn decimal(x: &BigRational, digits: usize) -> String {
    if x.is_zero() {
        return "0".to_string();
    }
    let negative = x.is_negative();
    let x = x.abs();
    // The exponent e with 10^e <= x < 10^(e+1).
    let ten = BigRational::from_integer(BigInt::from(10));
    let mut e: i32 = 0;
    let mut scaled = x.clone();
    while scaled >= ten {
        scaled /= &ten;
        e += 1;
    }
    while scaled < BigRational::from_integer(BigInt::from(1)) {
        scaled *= &ten;
        e -= 1;
    }
    // x × 10^(digits - 1 - e), rounded to an integer of `digits` digits.
    let shift = digits as i32 - 1 - e;
    let factor = BigRational::from_integer(BigInt::from(10).pow(shift.unsigned_abs()));
    let y = if shift >= 0 {
        &x * &factor
    } else {
        &x / &factor
    };
    let half = BigRational::new(BigInt::from(1), BigInt::from(2));
    let n = (y + half).floor().to_integer();
    let mut s = n.to_str_radix(10);
    if s.len() > digits {
        // Rounding carried into a new digit (9.99… → 10.0…).
        s.pop();
        e += 1;
    }
    let point = e + 1; // digits before the decimal point
    let body = if point <= 0 {
        format!("0.{}{}", "0".repeat(point.unsigned_abs() as usize), s)
    } else if point as usize >= s.len() {
        format!("{}{}", s, "0".repeat(point as usize - s.len()))
    } else {
        let (a, b) = s.split_at(point as usize);
        format!("{a}.{b}")
    };
    match (negative, n.sign()) {
        (true, Sign::Plus) => format!("-{body}"),
        _ => body,
    }
}

/// `x` rounded to `decimals` decimal places (half away from zero), and how far `x` lies
/// from the nearest rounding boundary (a half unit of the last place): an approximation of
/// `x` closer than that rounds to the same digits.
pub fn fixed(x: &BigRational, decimals: u32) -> (String, BigRational) {
    let scale = BigRational::from_integer(BigInt::from(10).pow(decimals));
    let y = x.abs() * &scale;
    let half = BigRational::new(BigInt::from(1), BigInt::from(2));
    let boundary = y.floor() + &half;
    let margin = (&y - &boundary)
        .abs()
        .min((&y - (&boundary - BigRational::from_integer(1.into()))).abs())
        / &scale;
    let n = (y + half).floor().to_integer();
    let mut digits = n.to_str_radix(10);
    let d = decimals as usize;
    if digits.len() <= d {
        digits = format!("{}{}", "0".repeat(d + 1 - digits.len()), digits);
    }
    let (int, frac) = digits.split_at(digits.len() - d);
    let sign = if x.is_negative() && n.sign() == Sign::Plus {
        "-"
    } else {
        ""
    };
    let text = if d == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    };
    (text, margin)
}
