//! Points vectors held in memory ([`PointsTable`], what the solves return) and how a
//! vector is read at any coordinate ([`read`]: 1 below 0, 0 past its end).

use yahtzee_rules::{RuleSet, State};

use super::prob::Prob;

/// Reads the points vector of a state after this turn.
pub trait PointsValues<T> {
    /// `v[c]` for `c` from 0; reads below 0 mean [`Prob::ONE`] and reads past the end
    /// [`Prob::ZERO`].
    fn vector(&self, s: State) -> &[T];
}

/// Points vectors of many states held in memory: state `i`'s vector is
/// `values[offsets[i]..offsets[i + 1]]` (empty for states not computed).
#[derive(Clone, Debug)]
pub struct PointsTable<T = f32> {
    pub rules: &'static RuleSet,
    /// `state_count + 1` offsets into `values`, by [`RuleSet::state_index`].
    pub offsets: Vec<u64>,
    pub values: Vec<T>,
}

impl<T: Prob> PointsTable<T> {
    pub(crate) fn new(rules: &'static RuleSet, lengths: &[u32]) -> PointsTable<T> {
        let mut offsets = Vec::with_capacity(lengths.len() + 1);
        let mut at = 0u64;
        offsets.push(0);
        for &n in lengths {
            at += u64::from(n);
            offsets.push(at);
        }
        PointsTable {
            rules,
            offsets,
            values: vec![T::ZERO; at as usize],
        }
    }

    /// The vector of the state at table index `i`.
    pub fn at(&self, i: usize) -> &[T] {
        &self.values[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    pub(crate) fn at_mut(&mut self, i: usize) -> &mut [T] {
        &mut self.values[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The value at coordinate `c` of state `s` (for target tables: P(scoring at least `c`
    /// more points)).
    pub fn get(&self, s: State, c: i64) -> T {
        read(self.vector(s), c)
    }
}

impl PointsTable<f32> {
    /// P(scoring at least `c` more points) from state `s` (target tables).
    pub fn p_at_least(&self, s: State, c: i64) -> f64 {
        f64::from(self.get(s, c))
    }
}

impl<T: Prob> PointsValues<T> for PointsTable<T> {
    fn vector(&self, s: State) -> &[T] {
        self.at(self.rules.state_index(s))
    }
}

/// `v[c]` with the conventions of [`PointsValues::vector`].
pub fn read<T: Prob>(v: &[T], c: i64) -> T {
    if c < 0 {
        T::ONE
    } else {
        v.get(c as usize).copied().unwrap_or(T::ZERO)
    }
}
