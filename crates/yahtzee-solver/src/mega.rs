//! House rule "mega-yahtzee": the once-per-game turn played with a sixth die.
//!
//! The turn is the ordinary one with six dice: three rolls of six, keeping any of them
//! between rolls; after the last roll the player scores five of the six. So the value of a
//! final roll of six is the best value among its five-dice sub-rolls as the ordinary
//! kernel scores them ([`crate::TurnPlan::final_rolls`], in the states with the sixth die spent),
//! plus the Mega bonus for six of a kind; then the same two keep steps as the ordinary
//! turn, over the 924 keeps of up to six dice ([`yahtzee_rules::mega_tables`]), and the mean
//! over the opening roll of six.
//!
//! This module holds the six-dice tables and steps ([`MegaPlan`]); the turn itself is
//! `TurnPlan::mega_values` (and `mega_pair`, `mega_rolls`) in [`crate::turn`], which owns
//! a `MegaPlan` under the rule.
//!
//! What the sixth die leaves out: the mulligan (house rule) is not used on the Mega turn,
//! and the "fool-house" rule applies to the five dice scored, not to six dice showing
//! (six dice are never a full house).

use yahtzee_rules::{mega_tables, tables, MEGA_KEEPS, MEGA_ROLLS};

use crate::lanes::{expect_from_larger, max, Lane, Lanes, LANES};

/// The six-dice tables the Mega turn needs, built once per plan.
pub struct MegaPlan {
    /// For keeps of fewer than six dice (mega index from 462): the six one-die-larger keeps.
    add: Vec<[u16; 6]>,
    /// One-die-smaller keeps of every keep, flattened: `remove[remove_at[k]..remove_at[k+1]]`.
    remove: Vec<u16>,
    remove_at: Vec<u32>,
    /// Per six-dice roll: its distinct five-dice sub-rolls (five-dice roll indices).
    fives: Vec<u16>,
    fives_at: Vec<u32>,
    /// Six-dice roll indices of the six of a kinds.
    six_kinds: [usize; 6],
    /// Probability of each roll of six dice.
    roll_prob: Vec<f64>,
}

impl MegaPlan {
    pub fn new() -> MegaPlan {
        let t = mega_tables();
        let t5 = tables();
        let mut remove = Vec::new();
        let mut remove_at = vec![0];
        for k in 0..MEGA_KEEPS {
            remove.extend_from_slice(t.remove(k));
            remove_at.push(remove.len() as u32);
        }
        let mut fives = Vec::new();
        let mut fives_at = vec![0];
        for r in 0..MEGA_ROLLS {
            let six = t.keep(r);
            for face in 1..=6 {
                if let Some(five) = six.without(face) {
                    fives.push(t5.index(&five) as u16);
                }
            }
            fives_at.push(fives.len() as u32);
        }
        let six_kinds = std::array::from_fn(|f| {
            let faces = [f as u8 + 1; 6];
            let six = yahtzee_rules::Dice::from_faces_up_to(&faces, 6).expect("six dice");
            t.index(&six)
        });
        debug_assert!((0..MEGA_KEEPS).all(|k| t.remove(k).iter().all(|&j| usize::from(j) > k)));
        MegaPlan {
            add: (MEGA_ROLLS..MEGA_KEEPS).map(|k| *t.add(k)).collect(),
            remove,
            remove_at,
            fives,
            fives_at,
            six_kinds,
            roll_prob: (0..MEGA_ROLLS).map(|r| t.roll_prob(r)).collect(),
        }
    }

    /// The one-die-smaller keeps of keep `k` (each once), all of higher index: keeps come
    /// largest first.
    pub fn smaller(&self, k: usize) -> &[u16] {
        &self.remove[self.remove_at[k] as usize..self.remove_at[k + 1] as usize]
    }

    /// The five-dice sub-rolls of six-dice roll `r` (five-dice roll indices).
    pub fn fives(&self, r: usize) -> &[u16] {
        &self.fives[self.fives_at[r] as usize..self.fives_at[r + 1] as usize]
    }

    /// The six one-die-larger keeps of keep `k` (a keep of fewer than six dice).
    pub fn larger(&self, k: usize) -> &[u16; 6] {
        &self.add[k - MEGA_ROLLS]
    }

    /// Six-dice roll indices of the six of a kinds, by face (1s first).
    pub fn six_kinds(&self) -> &[usize; 6] {
        &self.six_kinds
    }

    /// Probability of six-dice roll `r`.
    pub fn roll_prob(&self, r: usize) -> f64 {
        self.roll_prob[r]
    }

    /// Final six-dice roll values from the five-dice ones (`five[r5]`, the ordinary kernel's
    /// final roll values): the best five, plus `bonus` on six of a kind.
    #[inline(always)]
    pub fn finals_in<T: Lane, const N: usize>(
        &self,
        five: &[[T; N]],
        six: &mut [[T; N]],
        bonus: T,
    ) {
        for (r, out) in six[..MEGA_ROLLS].iter_mut().enumerate() {
            let subs = self.fives(r);
            let mut best = five[usize::from(subs[0])];
            for &j in &subs[1..] {
                let x = &five[usize::from(j)];
                for i in 0..N {
                    best[i] = max(best[i], x[i]);
                }
            }
            *out = best;
        }
        for &r in &self.six_kinds {
            for v in &mut six[r] {
                *v = *v + bonus;
            }
        }
    }

    /// Every keep of fewer than six dice gets the mean of its six one-die-larger keeps.
    #[inline(always)]
    pub fn expect_keeps_in<T: Lane, const N: usize>(&self, a: &mut [[T; N]]) {
        expect_from_larger(a, &self.add, MEGA_ROLLS);
    }

    /// Every keep gets the best value among its sub-keeps (itself included), smallest keeps
    /// first so each one-die-smaller keep already holds its best.
    #[inline(always)]
    pub fn best_subkeeps_in<T: Lane, const N: usize>(&self, a: &mut [[T; N]]) {
        for k in (0..MEGA_KEEPS).rev() {
            let mut best = a[k];
            for &j in &self.remove[self.remove_at[k] as usize..self.remove_at[k + 1] as usize] {
                let x = &a[usize::from(j)];
                for i in 0..N {
                    best[i] = max(best[i], x[i]);
                }
            }
            a[k] = best;
        }
    }

    /// The mean over the opening roll of six of the roll values in `six`.
    #[inline(always)]
    pub fn opening_mean(&self, six: &[Lanes]) -> Lanes {
        let mut total = [0.0; LANES];
        for (v, p) in six[..MEGA_ROLLS].iter().zip(&self.roll_prob) {
            for i in 0..LANES {
                total[i] += p * v[i];
            }
        }
        total
    }
}

impl Default for MegaPlan {
    fn default() -> MegaPlan {
        MegaPlan::new()
    }
}
