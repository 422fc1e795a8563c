//! Exact rationals ([`BigRational`]) as the measurements read them: a finite `f64` exactly,
//! the nearest `f64`, relative differences, and decimal printing to any number of digits
//! (the reports print values and errors far below `f64`'s precision).

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// A finite `f64` exactly, as a rational.
pub fn exact_f64(x: f64) -> BigRational {
    BigRational::from_float(x).expect("a finite value")
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
