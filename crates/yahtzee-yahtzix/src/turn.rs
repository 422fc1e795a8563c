//! One turn solved exactly: up to three rolls, against given values of the turn's endings.
//!
//! A turn ends in a bank (the turn total and the dice left over, which become the next
//! player's "Go for it" offer) or in a bust. The caller gives the value of every bank and of
//! a bust; the solver returns the value of the turn's start and of every mid-turn state,
//! together with how much each value moves per unit of the bust value (the probability of
//! busting under the chosen play), which the value iteration uses for its Newton steps.
//!
//! A value is one number for two players and solitaire (the mover's chance to win, or minus
//! the turns left), or one chance per player with three ([`Value`]): the mover maximises her
//! own and the others' follow her play (max-n).

use crate::score::{outcomes, Outcome};
use crate::Rules;

/// Every outcome of every roll, by number of dice: premiums on the first roll only.
pub struct Rolls {
    first: Vec<Vec<Outcome>>,
    later: Vec<Vec<Outcome>>,
}

impl Rolls {
    /// The outcomes of one to six dice under `rules`.
    pub fn new(rules: &Rules) -> Rolls {
        Rolls {
            first: (0..=6).map(|k| merged(outcomes(rules, k, true))).collect(),
            later: (0..=6).map(|k| merged(outcomes(rules, k, false))).collect(),
        }
    }

    /// The outcomes of rolling `k` dice as roll number `roll` (1, 2 or 3).
    pub fn of(&self, roll: u8, k: u8) -> &[Outcome] {
        if roll == 1 {
            &self.first[usize::from(k)]
        } else {
            &self.later[usize::from(k)]
        }
    }
}

/// Outcomes that allow the same choices merged into one, their probabilities summed (on a
/// later roll only the number of 1s and 5s matters: 21 classes instead of 252 rolls of five).
fn merged(mut all: Vec<Outcome>) -> Vec<Outcome> {
    let key = |o: &Outcome| (o.bank, o.bank_plain, o.reroll, o.keeps.clone());
    all.sort_by_key(key);
    let mut out: Vec<Outcome> = Vec::new();
    for o in all {
        match out.last_mut() {
            Some(last) if key(last) == key(&o) => last.prob += o.prob,
            _ => out.push(o),
        }
    }
    out
}

/// What a state of the turn is worth to the players.
pub trait Value: Copy + PartialEq + std::fmt::Debug {
    /// Worth nothing to anyone.
    const ZERO: Self;
    /// What the mover maximises: her own share.
    fn own(&self) -> f64;
    /// `self + p · other`.
    fn add_scaled(&mut self, p: f64, other: &Self);
}

/// The mover's value alone (two players, solitaire).
impl Value for f64 {
    const ZERO: f64 = 0.0;
    fn own(&self) -> f64 {
        *self
    }
    fn add_scaled(&mut self, p: f64, other: &f64) {
        *self += p * other;
    }
}

/// Every player's chance, the mover's first, then the players after her in turn order.
impl<const N: usize> Value for [f64; N] {
    const ZERO: [f64; N] = [0.0; N];
    fn own(&self) -> f64 {
        self[0]
    }
    fn add_scaled(&mut self, p: f64, other: &[f64; N]) {
        for (x, y) in self.iter_mut().zip(other) {
            *x += p * y;
        }
    }
}

/// A value and its slope in the bust value: the probability the play behind it busts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Val<V = f64> {
    pub v: V,
    pub bust: f64,
}

impl<V: Value> Default for Val<V> {
    fn default() -> Self {
        Val {
            v: V::ZERO,
            bust: 0.0,
        }
    }
}

impl<V: Value> Val<V> {
    fn add_scaled(&mut self, p: f64, other: &Val<V>) {
        self.v.add_scaled(p, &other.v);
        self.bust += p * other.bust;
    }
}

/// The value of stopping with a turn total (units) and the dice left over; `None` where
/// stopping is a pass worth a bust (an unopened player under 30, or past an exact target).
#[derive(Clone)]
pub struct Endings<V = f64> {
    vals: Vec<[Option<V>; 6]>,
}

impl<V: Value> Endings<V> {
    /// Endings for totals `0..=tmax` units, from `value(total, left)`.
    pub fn new(tmax: usize, value: impl Fn(usize, u8) -> Option<V>) -> Endings<V> {
        let vals = (0..=tmax)
            .map(|t| std::array::from_fn(|left| value(t, left as u8)))
            .collect();
        Endings { vals }
    }

    /// The highest total it holds.
    pub fn tmax(&self) -> usize {
        self.vals.len() - 1
    }

    fn at(&self, total: usize, left: u8) -> Option<V> {
        self.vals[total][usize::from(left)]
    }
}

/// A decision after a roll that did not bust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Stop and score every scoring die (the highest score, rule D(3)).
    Bank,
    /// Stop, counting the dice separately instead of "all count" (rule L, within 50).
    BankPlain,
    /// Set aside dice worth `points` units, `kept` of them, and roll again.
    Keep { points: u16, kept: u8 },
}

/// A turn solved: the value of its start and of every state before roll 2 and roll 3.
#[derive(Clone)]
pub struct Turn<'a, V: Value + 'static = f64> {
    rolls: &'a Rolls,
    endings: std::borrow::Cow<'a, Endings<V>>,
    /// The value of busting.
    pub bust: V,
    /// Whether each roll may use fewer dice than the player holds (rule L).
    pub near: bool,
    /// Before the first roll of six fresh dice.
    pub start: Val<V>,
    /// Before roll 2: `[total][dice held]`.
    pub before2: Vec<[Val<V>; 6]>,
    /// Before roll 3: `[total][dice held]`.
    pub before3: Vec<[Val<V>; 6]>,
}

/// The largest first-roll total in units (six 1s: four of a kind and two singles, 270).
pub const FIRST_MAX: usize = 54;

impl<'a, V: Value + 'static> Turn<'a, V> {
    /// Solves the turn with states before roll 2 for totals up to `tmax2` units; `endings`
    /// must reach `tmax2 + 20` and [`FIRST_MAX`].
    pub fn solve(
        rolls: &'a Rolls,
        endings: impl Into<std::borrow::Cow<'a, Endings<V>>>,
        bust: V,
        near: bool,
        tmax2: usize,
    ) -> Turn<'a, V> {
        let endings = endings.into();
        debug_assert!(endings.tmax() >= (tmax2 + 20).max(FIRST_MAX));
        let mut turn = Turn {
            rolls,
            endings,
            bust,
            near,
            start: Val::default(),
            before2: Vec::new(),
            before3: Vec::new(),
        };
        let t3 = tmax2 + 10;
        turn.before3 = (0..=t3).map(|t| turn.stage(3, t)).collect();
        turn.before2 = (0..=tmax2).map(|t| turn.stage(2, t)).collect();
        turn.start = turn.before_roll(1, 0, 6);
        turn
    }

    /// The states before roll `roll` with total `t`, for one to five dice held.
    fn stage(&self, roll: u8, t: usize) -> [Val<V>; 6] {
        std::array::from_fn(|n| match n {
            0 => Val::default(),
            n => self.before_roll(roll, t, n as u8),
        })
    }

    /// The value before a roll holding `held` dice: all of them rolled, or within 50 of an
    /// exact target as many as is best.
    pub fn before_roll(&self, roll: u8, t: usize, held: u8) -> Val<V> {
        let fewest = if self.near { 1 } else { held };
        (fewest..=held)
            .map(|k| self.roll_value(roll, t, held, k))
            .fold(None, |best: Option<Val<V>>, v| {
                Some(best.map_or(v, |b| if v.v.own() > b.v.own() { v } else { b }))
            })
            .unwrap_or_default()
    }

    /// The value of rolling `k` of the `held` dice.
    pub fn roll_value(&self, roll: u8, t: usize, held: u8, k: u8) -> Val<V> {
        let mut acc = Val::default();
        for o in self.rolls.of(roll, k) {
            let best = self.best(roll, t, held, o).1;
            acc.add_scaled(o.prob, &best);
        }
        acc
    }

    /// The best choice after outcome `o` of roll `roll` (with `held` dice before it); `None`
    /// on a bust. Among choices worth the same to the mover the first is taken, in the
    /// order bank, bank counting the dice separately, then the keeps as the outcome lists
    /// them (with three players this is the tie rule of docs/RULES.md).
    pub fn best(&self, roll: u8, t: usize, held: u8, o: &Outcome) -> (Option<Choice>, Val<V>) {
        let mut best = (None, self.bust_val());
        self.each_choice(roll, t, held, o, |choice, val| {
            if best.0.is_none() || val.v.own() > best.1.v.own() {
                best = (Some(choice), val);
            }
        });
        best
    }

    /// Every choice after outcome `o`, with its value; empty on a bust.
    pub fn choices(&self, roll: u8, t: usize, held: u8, o: &Outcome) -> Vec<(Choice, Val<V>)> {
        let mut out = Vec::new();
        self.each_choice(roll, t, held, o, |choice, val| out.push((choice, val)));
        out
    }

    /// Calls `f` with every choice and its value (the solver's inner loop: no allocation).
    fn each_choice(
        &self,
        roll: u8,
        t: usize,
        held: u8,
        o: &Outcome,
        mut f: impl FnMut(Choice, Val<V>),
    ) {
        let Some((points, used)) = o.bank else {
            return;
        };
        f(
            Choice::Bank,
            self.stop(t + usize::from(points), held - used),
        );
        if self.near && o.bank_plain != o.bank {
            if let Some((points, used)) = o.bank_plain {
                f(
                    Choice::BankPlain,
                    self.stop(t + usize::from(points), held - used),
                );
            }
        }
        if roll < 3 && o.reroll {
            let next = if roll == 1 {
                &self.before2
            } else {
                &self.before3
            };
            for &(points, kept) in &o.keeps {
                if kept < held {
                    f(
                        Choice::Keep { points, kept },
                        next[t + usize::from(points)][usize::from(held - kept)],
                    );
                }
            }
        }
    }

    fn stop(&self, total: usize, left: u8) -> Val<V> {
        match self.endings.at(total, left) {
            Some(v) => Val { v, bust: 0.0 },
            None => self.bust_val(),
        }
    }

    fn bust_val(&self) -> Val<V> {
        Val {
            v: self.bust,
            bust: 1.0,
        }
    }
}

impl<'a, V: Value> From<&'a Endings<V>> for std::borrow::Cow<'a, Endings<V>> {
    fn from(e: &'a Endings<V>) -> Self {
        std::borrow::Cow::Borrowed(e)
    }
}

impl<V: Value> From<Endings<V>> for std::borrow::Cow<'_, Endings<V>> {
    fn from(e: Endings<V>) -> Self {
        std::borrow::Cow::Owned(e)
    }
}
