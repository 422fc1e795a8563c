//! The value checks a table passes on open: what a table holds must be possible, whoever
//! wrote it.
//!
//! - Expected-value tables ([`crate::Table::open`]): every reachable state's value is
//!   finite, at least 0 and at most [`most_points`] of the state; every unreachable state
//!   holds NaN.
//! - Target tables ([`crate::TargetTable`]): on open, every reachable state has between 1
//!   and [`most_points`] + 1 probabilities and every unreachable one none; when a filled
//!   set is first verified, each of its probabilities is in [0, 1] and none is larger than
//!   the one before it (P(at least `c` more) never increases with `c`).
//!
//! [`most_points`] is a bound computed from the rules in constant time per state, so
//! opening stays fast (one pass over the values; the 8 MB official table in about a
//! millisecond). It is never below the exact maximum of
//! [`yahtzee_solver::max_remaining`] (tested on the official, Yatzy and house-rule games),
//! whose 0.8 s computation is too slow to run on every open.

use yahtzee_rules::{possible_scores, RuleSet, State};

/// A bound on the points a game can still earn from the start of a turn in `s`, at least
/// the exact maximum of [`yahtzee_solver::max_remaining`]: the best score of each open box,
/// the upper bonus while it is not yet earned and an upper box is open, one extra-Yahtzee
/// bonus per turn left (when the rules have that bonus) and the Mega bonus while the sixth
/// die is in hand (house rule "mega-yahtzee").
/// Each call looks at every roll; [`Bounds`] computes that once for many states.
pub fn most_points(rules: &RuleSet, s: State) -> u32 {
    Bounds::new(rules).of(s)
}

/// [`most_points`] of many states: the best score of each box computed once.
pub struct Bounds<'r> {
    rules: &'r RuleSet,
    best: Vec<u32>,
    upper_boxes: u32,
}

impl<'r> Bounds<'r> {
    /// The bound for `rules`.
    pub fn new(rules: &'r RuleSet) -> Bounds<'r> {
        let best = (0..rules.box_count())
            .map(|b| possible_scores(rules, b).last().copied().unwrap_or(0))
            .collect();
        let upper_boxes = (0..rules.box_count())
            .filter(|&b| rules.boxes[b].upper_face().is_some())
            .fold(0u32, |m, b| m | 1 << b);
        Bounds {
            rules,
            best,
            upper_boxes,
        }
    }

    /// The part of [`most_points`] that depends only on the filled set.
    fn of_set(&self, filled: u32) -> u32 {
        let nb = self.rules.box_count() as u32;
        let (mut boxes, mut rest) = (0, !filled & ((1 << nb) - 1));
        while rest != 0 {
            boxes += self.best[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let open = nb - filled.count_ones();
        boxes + open * self.rules.yahtzee_bonus
    }

    /// The bonuses still to earn: the upper one (when not earned with `upper` and an upper
    /// box is open) and the Mega bonus.
    fn extra(&self, filled: u32, upper: u32, mega_used: bool) -> u32 {
        let upper_open = self.upper_boxes & !filled != 0;
        let upper = if upper_open && upper < self.rules.upper_threshold {
            self.rules.upper_bonus
        } else {
            0
        };
        let mega = if self.rules.house.mega_yahtzee && !mega_used {
            self.rules.mega_bonus
        } else {
            0
        };
        upper + mega
    }

    /// [`most_points`] of `s`.
    pub fn of(&self, s: State) -> u32 {
        self.of_set(s.filled()) + self.extra(s.filled(), u32::from(s.upper()), s.mega_used())
    }

    /// Calls `f(first_index, set_bound, pattern)` for each filled set in index order,
    /// where [`most_points`] of the set's state in lane `l` is `set_bound + pattern[l]`,
    /// NaN for an unreachable state (plain numbers, so the check of a block vectorises).
    /// The pattern (reachability and the bonuses still to earn) depends only on which
    /// upper boxes and Yahtzee box are filled and whether any box is: built once per kind
    /// of set. Stops at the first error.
    pub(crate) fn each_set<E>(
        &mut self,
        mut f: impl FnMut(usize, f64, &[f64]) -> Result<(), E>,
    ) -> Result<(), E> {
        let rules = self.rules;
        let lanes = rules.lanes_per_set();
        let key_boxes: Vec<usize> = (0..rules.box_count())
            .filter(|&b| {
                self.upper_boxes >> b & 1 == 1
                    || Some(b) == rules.box_index(yahtzee_rules::Category::Yahtzee)
            })
            .collect();
        let mut patterns: Vec<Option<Vec<f64>>> = vec![None; 2 << key_boxes.len()];
        for filled in 0..1u32 << rules.box_count() {
            let key = key_boxes.iter().fold(usize::from(filled != 0), |k, &b| {
                k << 1 | (filled >> b & 1) as usize
            });
            let base = filled as usize * lanes;
            let pattern = patterns[key].get_or_insert_with(|| self.pattern(filled));
            f(base, f64::from(self.of_set(filled)), pattern)?;
        }
        Ok(())
    }

    /// Per lane of `filled`'s set: the bonuses still to earn, NaN where unreachable.
    fn pattern(&self, filled: u32) -> Vec<f64> {
        let rules = self.rules;
        let lanes = rules.lanes_per_set();
        let reach = rules.reachable_upper(filled & self.upper_boxes);
        (0..lanes)
            .map(|l| {
                let s = rules.state_at(filled as usize * lanes + l);
                if rules.flags_possible(s) && reach >> s.upper() & 1 == 1 {
                    f64::from(self.extra(filled, u32::from(s.upper()), s.mega_used()))
                } else {
                    f64::NAN
                }
            })
            .collect()
    }
}

/// A state as the one-line messages name it: its index and what the card shows, e.g.
/// `state 8257 (filled: ones yahtzee; upper total 1; yahtzee holds 50)`.
pub fn describe_state(rules: &RuleSet, s: State) -> String {
    let filled: Vec<&str> = (0..rules.box_count())
        .filter(|&b| s.is_filled(b))
        .map(|b| rules.boxes[b].name())
        .collect();
    let mut text = format!(
        "state {} (filled: {}; upper total {}",
        rules.state_index(s),
        if filled.is_empty() {
            "none".to_string()
        } else {
            filled.join(" ")
        },
        s.upper()
    );
    if s.yahtzee_50() {
        text.push_str("; yahtzee holds 50");
    }
    if s.mulligan_used() {
        text.push_str("; mulligan used");
    }
    if s.mega_used() {
        text.push_str("; sixth die used");
    }
    text.push(')');
    text
}

/// Slack for rounding in the solver's sums when a value is at its bound.
pub(crate) const ROUNDING: f64 = 1.0 + 1e-12;

/// True when `v` is possible for a state of bound `bound` ([`Bounds::each_set`]): NaN for
/// an unreachable state (NaN bound), else from 0 to the bound. No branches.
#[inline]
pub(crate) fn sound(v: f64, bound: f64) -> bool {
    ((v >= 0.0) & (v <= bound * ROUNDING)) | (bound.is_nan() & v.is_nan())
}

/// True when every value of a set's block is possible ([`sound`] of `set_bound +
/// pattern[l]`): the fast path of the check, compiled for AVX2 and AVX-512 too and picked
/// at run time.
#[cfg_attr(
    feature = "multiversion",
    multiversion::multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
pub(crate) fn block_sound(block: &[f64], pattern: &[f64], set_bound: f64) -> bool {
    block
        .iter()
        .zip(pattern)
        .fold(true, |ok, (&v, &p)| ok & sound(v, set_bound + p))
}

/// Why an expected value is impossible for its state of `bound` (NaN: unreachable).
pub(crate) fn bad_value(v: f64, bound: f64) -> Option<String> {
    let bound = (!bound.is_nan()).then_some(bound as u32);
    match bound {
        None if v.is_nan() => None,
        None => Some(format!(
            "{} for a state no game reaches (it must hold NaN)",
            number(v)
        )),
        Some(_) if v.is_nan() => Some("NaN for a reachable state".to_string()),
        Some(_) if !v.is_finite() => Some(format!("{v}, not a finite number")),
        Some(_) if v < 0.0 => Some(format!("{}, below 0", number(v))),
        Some(most) if v > f64::from(most) * ROUNDING => Some(format!(
            "{}, above {most}, a bound on the points that state can still score",
            number(v)
        )),
        Some(_) => None,
    }
}

/// A value as a message shows it: plain, or in exponent form when huge or tiny.
fn number(v: f64) -> String {
    if v != 0.0 && !(1e-4..1e9).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Why a state's probabilities are impossible, if they are: each must be in [0, 1] and
/// none above the one before.
pub(crate) fn bad_probabilities(v: &[f32]) -> Option<String> {
    // Fast path, without branches (NaN fails every comparison).
    let first_ok = v.first().is_none_or(|&p| (0.0..=1.0).contains(&p));
    let sound = v
        .windows(2)
        .fold(first_ok, |ok, w| ok & (w[1] >= 0.0) & (w[1] <= w[0]));
    if sound {
        return None;
    }
    for (c, &p) in v.iter().enumerate() {
        if !(0.0..=1.0).contains(&p) {
            return Some(format!("P(at least {c} more) = {p} is not in [0, 1]"));
        }
        if c > 0 && p > v[c - 1] {
            return Some(format!(
                "P(at least {c} more) = {p} is more than P(at least {} more) = {}",
                c - 1,
                v[c - 1]
            ));
        }
    }
    None
}
