//! The double-double arithmetic against exact rationals: the error-free transformations are
//! exact, every operation is within `DoubleDouble::OP_ERROR`, and 1/6 holds 32 digits.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use yahtzee_exact::dd::{exact_dd, fast_two_sum, two_prod, two_sum};
use yahtzee_exact::rational::{decimal, exact_f64, fixed, relative, to_f64};
use yahtzee_exact::{DoubleDouble, Scalar};

/// A deterministic stream of awkward `f64`s: mantissas from a 64-bit LCG, exponents over
/// ±40 binades, both signs.
struct Gen(u64);

impl Gen {
    fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }
    fn f64(&mut self) -> f64 {
        let m = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 + 0.5;
        let e = (self.next_u64() % 81) as i32 - 40;
        let s = if self.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
        s * m * 2f64.powi(e)
    }
    fn dd(&mut self) -> DoubleDouble {
        let hi = self.f64();
        // A low word well below half an ulp of the high one.
        let lo = hi * 2f64.powi(-54) * ((self.next_u64() % 1000) as f64 / 1000.0 - 0.5);
        DoubleDouble::new(hi, lo)
    }
}

fn q(x: f64) -> BigRational {
    exact_f64(x)
}

fn is_normalised(x: DoubleDouble) -> bool {
    x.hi + x.lo == x.hi
}

#[test]
fn two_sum_and_two_prod_are_exact() {
    let mut g = Gen(1);
    for _ in 0..5_000 {
        let (a, b) = (g.f64(), g.f64());
        let (s, e) = two_sum(a, b);
        assert_eq!(s, a + b);
        assert_eq!(q(s) + q(e), q(a) + q(b), "two_sum({a:e}, {b:e})");
        let (big, small) = if a.abs() >= b.abs() { (a, b) } else { (b, a) };
        let (s, e) = fast_two_sum(big, small);
        assert_eq!(q(s) + q(e), q(a) + q(b), "fast_two_sum({big:e}, {small:e})");
        let (p, e) = two_prod(a, b);
        assert_eq!(p, a * b);
        assert_eq!(q(p) + q(e), q(a) * q(b), "two_prod({a:e}, {b:e})");
    }
}

#[test]
fn the_plain_sum_loses_what_two_sum_keeps() {
    // 1 + 2^-60 is not an f64: the rounded sum drops the small term, the error word holds
    // it, and the double-double sum is exact.
    let tiny = 2f64.powi(-60);
    assert_eq!(1.0 + tiny, 1.0);
    assert_eq!(two_sum(1.0, tiny), (1.0, tiny));
    let s = DoubleDouble::ONE + DoubleDouble::from(tiny);
    assert_eq!(exact_dd(s), q(1.0) + q(tiny));
    assert!(s > DoubleDouble::ONE);
}

#[test]
fn every_operation_is_within_its_error_bound() {
    let mut g = Gen(7);
    let bound = DoubleDouble::OP_ERROR;
    let mut worst = [0.0f64; 5];
    for _ in 0..3_000 {
        let (a, b) = (g.dd(), g.dd());
        let f = g.f64();
        let (qa, qb, qf) = (exact_dd(a), exact_dd(b), q(f));
        let checks = [
            (a + b, &qa + &qb),
            (a - b, &qa - &qb),
            (a * b, &qa * &qb),
            (a * f, &qa * &qf),
            (a / f, &qa / &qf),
        ];
        for (i, (got, want)) in checks.into_iter().enumerate() {
            assert!(is_normalised(got), "{got:?}");
            if want.is_zero() {
                assert_eq!(got.to_f64(), 0.0);
                continue;
            }
            let r = relative(&exact_dd(got), &want);
            worst[i] = worst[i].max(r);
            assert!(
                r <= bound,
                "op {i}: relative error {r:e} on {a:?}, {b:?}, {f:e}"
            );
        }
        let quotient = a / b;
        let r = relative(&exact_dd(quotient), &(&qa / &qb));
        assert!(r <= bound, "a / b: {r:e}");
    }
    // And the arithmetic is really double-double: errors far below f64's 1.1e-16.
    assert!(worst.iter().all(|&w| w < 1e-30), "{worst:?}");
}

#[test]
fn a_sixth_holds_32_digits() {
    let sixth = DoubleDouble::SIXTH;
    assert_eq!(
        decimal(&exact_dd(sixth), 32),
        "0.16666666666666666666666666666667"
    );
    let one_sixth = BigRational::new(1.into(), 6.into());
    let err = (exact_dd(sixth) - &one_sixth).abs() / &one_sixth;
    assert!(to_f64(&err) < 2f64.powi(-106), "{:e}", to_f64(&err));
    // f64's 1/6 is off by u/2 = 2^-54 relative, exactly.
    assert_eq!(relative(&exact_f64(1.0 / 6.0), &one_sixth), 2f64.powi(-54));
    assert_eq!(sixth, DoubleDouble::ratio(1, 6));
    let six_sixths = sixth * DoubleDouble::from(6.0);
    assert!((six_sixths - DoubleDouble::ONE).abs().to_f64() < 1e-31);
    assert_eq!(<DoubleDouble as yahtzee_solver::Lane>::SIXTH, sixth);
}

#[test]
fn ratios_are_within_the_bound() {
    for (n, d) in [
        (1, 3),
        (2, 3),
        (1, 7776),
        (120, 7776),
        (5, 1296),
        (1, 1 << 52),
        (7, 10),
    ] {
        let got = exact_dd(DoubleDouble::ratio(n, d));
        let want = BigRational::new(n.into(), d.into());
        assert!(relative(&got, &want) <= DoubleDouble::OP_ERROR, "{n}/{d}");
        assert_eq!(<BigRational as Scalar>::ratio(n, d), want);
    }
    assert_eq!(
        decimal(&exact_dd(DoubleDouble::ratio(2, 3)), 31),
        "0.6666666666666666666666666666667"
    );
}

#[test]
fn order_is_the_order_of_the_values() {
    let a = DoubleDouble::new(1.0, 1e-20);
    let b = DoubleDouble::new(1.0, -1e-20);
    assert!(a > b);
    assert!(b < a);
    assert!(a > DoubleDouble::ONE);
    assert!(b < DoubleDouble::ONE);
    assert!(DoubleDouble::from(2.0) > a);
    assert_eq!(a.partial_cmp(&a), Some(std::cmp::Ordering::Equal));
    assert!(a >= a);
    let mut g = Gen(3);
    for _ in 0..2_000 {
        let (x, y) = (g.dd(), g.dd());
        assert_eq!(x.partial_cmp(&y), exact_dd(x).partial_cmp(&exact_dd(y)));
        assert_eq!(x > y, exact_dd(x) > exact_dd(y));
    }
}

#[test]
fn decimals_round_and_carry() {
    let x = BigRational::new(2545877287i64.into(), 10_000_000i64.into());
    assert_eq!(decimal(&x, 10), "254.5877287");
    assert_eq!(decimal(&x, 7), "254.5877");
    assert_eq!(decimal(&x, 3), "255");
    assert_eq!(decimal(&x, 2), "250");
    let nines = BigRational::new(99996i64.into(), 10_000i64.into());
    assert_eq!(decimal(&nines, 4), "10.00");
    assert_eq!(
        decimal(&BigRational::new(1.into(), 8000.into()), 2),
        "0.00013"
    );
    assert_eq!(decimal(&-BigRational::new(1.into(), 3.into()), 3), "-0.333");
    assert_eq!(decimal(&BigRational::zero(), 5), "0");
    let v = BigRational::new(254_587_728_734i64.into(), 1_000_000_000i64.into());
    let (text, margin) = fixed(&v, 8);
    assert_eq!(text, "254.58772873");
    assert_eq!(margin, BigRational::new(1.into(), 1_000_000_000i64.into()));
    let (text, margin) = fixed(&BigRational::new(19_996i64.into(), 10_000i64.into()), 3);
    assert_eq!(text, "2.000");
    assert_eq!(margin, BigRational::new(1.into(), 10_000i64.into()));
    assert_eq!(
        fixed(&BigRational::new((-1).into(), 3.into()), 2).0,
        "-0.33"
    );
    assert_eq!(fixed(&BigRational::new(1.into(), 300.into()), 2).0, "0.00");
    assert_eq!(
        format!("{}", DoubleDouble::ratio(1, 3)),
        "0.33333333333333333333333333333333"
    );
}
