//! The lanes every kernel of this crate works on: arrays `[T; N]` of independent values
//! (states, or points coordinates), the number types they hold, and the keep step that five
//! and six dice share. A lane's result never depends on the other lanes, so the compiler
//! vectorises each loop and the tables are the same bits however the work is grouped.

/// States evaluated together by one call of the kernel.
pub const LANES: usize = 8;

/// One value per lane.
pub type Lanes = [f64; LANES];

/// A number the keep steps work on: `f64` for expected scores, `f32` for the probability
/// vectors of the points kernel ([`crate::points`]). The steps are written once, over arrays
/// `[T; N]` of independent lanes, and the compiler vectorises each instantiation.
pub trait Lane:
    Copy + PartialOrd + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self>
{
    /// 1/6 in this type (the mean of six one-die-larger keeps).
    const SIXTH: Self;
}

impl Lane for f64 {
    const SIXTH: f64 = 1.0 / 6.0;
}

impl Lane for f32 {
    const SIXTH: f32 = 1.0 / 6.0;
}

#[inline(always)]
pub(crate) fn max<T: Lane>(a: T, b: T) -> T {
    // Not f64::max: this form maps to one vector max instruction (values are never NaN).
    if a > b {
        a
    } else {
        b
    }
}

/// Keeps `first..first + add.len()` (those short of a full roll) get the mean of their six
/// one-die-larger keeps `add[k - first]`: the expectation of rolling the missing dice,
/// for five dice and for six (house rule "mega-yahtzee") alike.
#[inline(always)]
pub(crate) fn expect_from_larger<T: Lane, const N: usize>(
    a: &mut [[T; N]],
    add: &[[u16; 6]],
    first: usize,
) {
    for (k, add) in (first..).zip(add) {
        let mut sum = a[usize::from(add[0])];
        for &j in &add[1..] {
            let x = &a[usize::from(j)];
            for i in 0..N {
                sum[i] = sum[i] + x[i];
            }
        }
        for s in &mut sum {
            *s = *s * T::SIXTH;
        }
        a[k] = sum;
    }
}
