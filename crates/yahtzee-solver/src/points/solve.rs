//! The points solves: the target table ([`solve_target`]) and any payoff that rises with
//! the final total ([`solve_payoff`]), filled sets from full to empty, with their sizes
//! told before they start ([`payoff_size`], [`payoff_peak`]).

use yahtzee_rules::{RuleSet, State};

use super::plan::PointsPlan;
use super::prob::Prob;
use super::table::PointsTable;
use crate::cancel::{Cancel, Cancelled};
use crate::max_points::{max_remaining, NO_STATE};
use crate::solve::reachable_states;

/// The target table of `rules`: for every reachable state, P(scoring at least `c` more
/// points) under the play that maximises it, for `c` from 0 to the most the state can
/// still score. `progress` is called with the number of filled sets just finished.
pub fn solve_target(rules: &'static RuleSet, progress: &(dyn Fn(u64) + Sync)) -> PointsTable<f32> {
    let max = max_remaining(rules);
    solve_payoff(rules, &max, &[1.0], |_| true, progress)
}

/// The number of values [`solve_payoff`] would hold for these arguments (its memory is
/// this many `T`s).
pub fn payoff_size(
    rules: &RuleSet,
    max: &[u16],
    terminal_len: usize,
    include: impl Fn(State) -> bool,
) -> u64 {
    (0..rules.state_count())
        .filter(|&i| max[i] != NO_STATE)
        .filter(|&i| include(rules.state_at(i)) && rules.is_reachable(rules.state_at(i)))
        .map(|i| terminal_len as u64 + u64::from(max[i]))
        .sum()
}

/// The most values [`solve_payoff`] holds at once for these arguments: the table
/// ([`payoff_size`]) and, while a level of filled sets is solved, that level's new vectors
/// (the largest level's). Its peak memory is this many `T`s and little more.
pub fn payoff_peak(
    rules: &RuleSet,
    max: &[u16],
    terminal_len: usize,
    include: impl Fn(State) -> bool,
) -> u64 {
    let nb = rules.box_count();
    let mut per_level = vec![0u64; nb + 1];
    for i in (0..rules.state_count()).filter(|&i| max[i] != NO_STATE) {
        let s = rules.state_at(i);
        if include(s) && rules.is_reachable(s) {
            per_level[s.filled().count_ones() as usize] += terminal_len as u64 + u64::from(max[i]);
        }
    }
    // The full card's vectors are written in place; every other level is held twice.
    let largest = per_level[..nb].iter().copied().max().unwrap_or(0);
    per_level.iter().sum::<u64>() + largest
}

/// The points vectors of the reachable states that `include` accepts (and that are only
/// followed by accepted states), for a final payoff `terminal` (`terminal[c]` is the
/// payoff of a full card at coordinate `c`; 1 below 0, 0 past the end). Each state's vector
/// has `terminal.len() + max[state]` entries.
pub fn solve_payoff<T: Prob>(
    rules: &'static RuleSet,
    max: &[u16],
    terminal: &[T],
    include: impl Fn(State) -> bool + Sync,
    progress: &(dyn Fn(u64) + Sync),
) -> PointsTable<T> {
    solve_payoff_cancellable(rules, max, terminal, include, progress, &Cancel::new())
        .expect("never cancelled")
}

/// [`solve_payoff`], stopping with [`Cancelled`] soon after `cancel` is set (it is read
/// before each filled set); never cancelled, the same values bit for bit.
pub fn solve_payoff_cancellable<T: Prob>(
    rules: &'static RuleSet,
    max: &[u16],
    terminal: &[T],
    include: impl Fn(State) -> bool + Sync,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) -> Result<PointsTable<T>, Cancelled> {
    let lengths: Vec<u32> = (0..rules.state_count())
        .map(|i| {
            let s = rules.state_at(i);
            match max[i] {
                NO_STATE => 0,
                _ if !include(s) || !rules.is_reachable(s) => 0,
                m => terminal.len() as u32 + u32::from(m),
            }
        })
        .collect();
    let longest = lengths.iter().copied().max().unwrap_or(0) as usize;
    let mut table = PointsTable::new(rules, &lengths);
    let plan = PointsPlan::new(rules);
    let nb = rules.box_count() as u32;
    let full = (1u32 << nb) - 1;
    for s in reachable_states(rules, full) {
        let i = rules.state_index(s);
        if lengths[i] > 0 {
            table.at_mut(i).copy_from_slice(terminal);
        }
    }
    progress(1);
    for level in (0..nb).rev() {
        let sets: Vec<u32> = (0..full).filter(|f| f.count_ones() == level).collect();
        let done = &table;
        let blocks: Vec<Vec<(usize, Vec<T>)>> = crate::par::map_init(
            &sets,
            || plan.workspace(longest),
            |ws, &filled| {
                if cancel.is_cancelled() {
                    return Vec::new();
                }
                let block = reachable_states(rules, filled)
                    .into_iter()
                    .map(|s| (s, rules.state_index(s)))
                    .filter(|&(_, i)| lengths[i] > 0)
                    .map(|(s, i)| {
                        let mut v = vec![T::ZERO; lengths[i] as usize];
                        plan.state_vector(ws, s, done, &mut v);
                        (i, v)
                    })
                    .collect();
                progress(1);
                block
            },
        );
        cancel.check()?;
        for (i, v) in blocks.into_iter().flatten() {
            table.at_mut(i).copy_from_slice(&v);
        }
    }
    Ok(table)
}
