//! Playing for a score instead of an average: the points-needed kernel and solver.
//!
//! Where [`crate::turn`] carries one expected value per state, this kernel carries, for one
//! state, a whole vector `v[c]` indexed by a *points coordinate* `c`: the best probability
//! (or, for a general payoff, the best expected payoff) from the start of a turn there. A
//! move that earns `p` points reads the next state's vector at `c - p`. Reads below 0 give
//! 1 and reads past the end of a vector give 0, so:
//!
//! - **Target** ([`solve_target`]): `c` is the number of points still needed, the final
//!   payoff is `[1.0]` (nothing more needed), and `v[c]` is the best P(earning at least `c`
//!   more points). One vector per state answers every target. Each state's vector runs
//!   from 0 to the most it can still score ([`crate::max_points`]).
//! - **Any payoff that rises with the final total** ([`solve_payoff`], for playing to win
//!   against opponents' score distributions): `c = top - x` for a final total `x`; the full
//!   card's vector is the payoff listed from `x = top` down, and 1 above `top`.
//!
//! The turn is the solver's: final rolls take the best move (bonuses, Joker rules and house
//! rules as in [`crate::TurnPlan`], whose keep steps run here on chunks of [`CHUNK`] `f32`
//! lanes of `c`), then two rerolls, then the mean over the opening roll (summed in `f64`).
//! Every lane is independent, so the result does not depend on how the work is split.

#[cfg(feature = "multiversion")]
use multiversion::multiversion;
use yahtzee_rules::{tables, RuleSet, State, KEEPS, MEGA_KEEPS, MEGA_ROLLS, ROLLS};

use crate::cancel::{Cancel, Cancelled};
use crate::max_points::{max_remaining, NO_STATE};
use crate::solve::reachable_states;
use crate::turn::{max, Lane, TurnPlan, MAX_SCORE};

/// Points coordinates evaluated together by one pass of the kernel.
pub const CHUNK: usize = 64;

/// What the points kernel carries per coordinate: a probability (`f32`), or a payoff with a
/// second probability that follows the same decisions ([`WinTie`]).
pub trait Prob: Lane + Default + Send + Sync + std::fmt::Debug {
    /// The value of a certain success (reads below `c = 0`).
    const ONE: Self;
    /// The value of a certain failure (reads past a vector's end).
    const ZERO: Self;
    /// Below the worst value (the start of a maximum).
    const FLOOR: Self;
    /// Accumulator of probability-weighted sums, in `f64` for accuracy.
    type Acc: Copy + Default;
    fn accumulate(acc: &mut Self::Acc, p: f64, x: Self);
    fn from_acc(acc: Self::Acc) -> Self;
}

impl Prob for f32 {
    const ONE: f32 = 1.0;
    const ZERO: f32 = 0.0;
    const FLOOR: f32 = f32::NEG_INFINITY;
    type Acc = f64;
    #[inline(always)]
    fn accumulate(acc: &mut f64, p: f64, x: f32) {
        *acc += p * f64::from(x);
    }
    #[inline(always)]
    fn from_acc(acc: f64) -> f32 {
        acc as f32
    }
}

/// A payoff to maximise (`value`: P(win) + P(tie) / 2) and the probability of a tie under
/// the same decisions: compared by `value` alone, added and scaled together.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WinTie {
    pub value: f32,
    pub tie: f32,
}

impl PartialOrd for WinTie {
    fn partial_cmp(&self, other: &WinTie) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl std::ops::Add for WinTie {
    type Output = WinTie;
    #[inline(always)]
    fn add(self, o: WinTie) -> WinTie {
        WinTie {
            value: self.value + o.value,
            tie: self.tie + o.tie,
        }
    }
}

impl std::ops::Mul for WinTie {
    type Output = WinTie;
    #[inline(always)]
    fn mul(self, o: WinTie) -> WinTie {
        WinTie {
            value: self.value * o.value,
            tie: self.tie * o.tie,
        }
    }
}

impl Lane for WinTie {
    const SIXTH: WinTie = WinTie {
        value: 1.0 / 6.0,
        tie: 1.0 / 6.0,
    };
}

impl Prob for WinTie {
    const ONE: WinTie = WinTie {
        value: 1.0,
        tie: 0.0,
    };
    const ZERO: WinTie = WinTie {
        value: 0.0,
        tie: 0.0,
    };
    const FLOOR: WinTie = WinTie {
        value: f32::NEG_INFINITY,
        tie: 0.0,
    };
    type Acc = (f64, f64);
    #[inline(always)]
    fn accumulate(acc: &mut (f64, f64), p: f64, x: WinTie) {
        acc.0 += p * f64::from(x.value);
        acc.1 += p * f64::from(x.tie);
    }
    #[inline(always)]
    fn from_acc(acc: (f64, f64)) -> WinTie {
        WinTie {
            value: acc.0 as f32,
            tie: acc.1 as f32,
        }
    }
}

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
    fn new(rules: &'static RuleSet, lengths: &[u32]) -> PointsTable<T> {
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

    fn at_mut(&mut self, i: usize) -> &mut [T] {
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

/// Rule-specific tables for the points kernel, built once per rule set.
pub struct PointsPlan {
    pub(crate) turn: TurnPlan,
    /// Room below `c = 0` in the continuation buffers: the most points one move can earn
    /// besides the upper bonus (which the buffers already include), and under the house
    /// rule "mega-yahtzee" one chunk more, for the final rolls read `mega_bonus` points on
    /// ([`PointsPlan::mega_finals`]).
    pub(crate) pad: usize,
    /// Chance-chance (house rule) outcomes: (sum of the five dice, five of a kind, probability).
    chance_chance: Vec<(u32, bool, f64)>,
}

/// Scratch space of one worker.
pub struct PointsWorkspace<T> {
    pub(crate) keeps: Vec<[T; CHUNK]>,
    mulligan: Vec<[T; CHUNK]>,
    /// Per slot, the next state's vector shifted by the slot's upper bonus, from `c = -pad`
    /// up to the state's length rounded up to a chunk: `cont[slot * stride + pad + c]`.
    pub(crate) cont: Vec<T>,
    /// The same for the state with the mulligan spent (house rule).
    pub(crate) cont_spent: Vec<T>,
    /// The same for the state with the sixth die spent (house rule "mega-yahtzee").
    pub(crate) cont_mega: Vec<T>,
    /// Six-dice keep values of the Mega turn (house rule "mega-yahtzee").
    pub(crate) six: Vec<[T; CHUNK]>,
    pub(crate) stride: usize,
}

impl PointsPlan {
    pub fn new(rules: &'static RuleSet) -> PointsPlan {
        let turn = TurnPlan::new(rules);
        let t = tables();
        let mut chance_chance: Vec<(u32, bool, f64)> = Vec::new();
        for r in 0..ROLLS {
            let dice = t.keep(r);
            let key = (dice.sum(), dice.five_of_a_kind().is_some());
            match chance_chance.iter_mut().find(|g| (g.0, g.1) == key) {
                Some(g) => g.2 += t.roll_prob(r),
                None => chance_chance.push((key.0, key.1, t.roll_prob(r))),
            }
        }
        let mega_room = if rules.house.mega_yahtzee { CHUNK } else { 0 };
        let pad = (MAX_SCORE + rules.yahtzee_bonus as usize).next_multiple_of(8) + mega_room;
        PointsPlan {
            turn,
            pad,
            chance_chance,
        }
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.turn.rules()
    }

    /// The one-turn kernel this builds on.
    pub fn turn_plan(&self) -> &TurnPlan {
        &self.turn
    }

    /// Scratch for states whose vectors have at most `max_len` entries.
    pub fn workspace<T: Prob>(&self, max_len: usize) -> PointsWorkspace<T> {
        let stride = self.pad + max_len.next_multiple_of(CHUNK);
        let n = self.turn.slots.len() * stride;
        let mega = self.rules().house.mega_yahtzee;
        PointsWorkspace {
            keeps: vec![[T::ZERO; CHUNK]; KEEPS],
            mulligan: vec![[T::ZERO; CHUNK]; ROLLS],
            cont: vec![T::ZERO; n],
            cont_spent: if self.rules().house.mulligan {
                vec![T::ZERO; n]
            } else {
                Vec::new()
            },
            cont_mega: if mega { vec![T::ZERO; n] } else { Vec::new() },
            six: if mega {
                vec![[T::ZERO; CHUNK]; MEGA_KEEPS]
            } else {
                Vec::new()
            },
            stride,
        }
    }

    /// Fills `out` (the state's whole vector, `out.len()` entries) for a turn starting in
    /// `state`, reading later states from `next`.
    pub fn state_vector<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        out: &mut [T],
    ) {
        kernel(self, ws, state, next, out);
    }

    /// The continuations of `state` into `cont` (see [`PointsWorkspace::cont`]).
    fn fill_cont<T: Prob>(
        &self,
        cont: &mut [T],
        stride: usize,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
    ) {
        let rules = self.rules();
        for (slot, &(b, score)) in self.turn.slots.iter().enumerate() {
            if state.is_filled(b) {
                continue;
            }
            let (after, bonus) = rules.place(state, b, score);
            let v = next.vector(after);
            let buf = &mut cont[slot * stride..(slot + 1) * stride];
            // buf[j] is c = j - pad, which reads the next vector at c - bonus.
            let ones = (self.pad + bonus as usize).min(stride);
            buf[..ones].fill(T::ONE);
            let rest = &mut buf[ones..];
            let n = v.len().min(rest.len());
            rest[..n].copy_from_slice(&v[..n]);
            rest[n..].fill(T::ZERO);
        }
    }

    /// The continuations of `state` (and of its twin with the mulligan spent, while the
    /// mulligan is in hand) into the workspace.
    pub(crate) fn fill_conts<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
    ) {
        self.fill_cont(&mut ws.cont, ws.stride, state, next);
        if self.rules().house.mulligan && !state.mulligan_used() {
            let spent = state.with_mulligan_used(true);
            self.fill_cont(&mut ws.cont_spent, ws.stride, spent, next);
        }
        if self.takes_sixth_die(state) {
            let spent = state.with_mega_used(true);
            self.fill_cont(&mut ws.cont_mega, ws.stride, spent, next);
        }
    }

    /// True when a turn starting in `state` may take the sixth die (house rule
    /// "mega-yahtzee", die in hand).
    pub fn takes_sixth_die(&self, state: State) -> bool {
        self.rules().house.mega_yahtzee && !state.mega_used()
    }

    /// Step 1 with the house rules for the chunk at `c0`: `ws.keeps[r]` = value of final
    /// roll `r`, the best of the legal moves, chance-chance and (while the mulligan is in
    /// hand) spending it on the best keep. The continuations must be filled.
    #[inline(always)]
    fn final_chunk<T: Prob>(&self, ws: &mut PointsWorkspace<T>, state: State, c0: usize) {
        let stride = ws.stride;
        let mulligan = self.rules().house.mulligan && !state.mulligan_used();
        if mulligan {
            // Spending the mulligan: the best keep with one more roll, the mulligan gone.
            let spent = state.with_mulligan_used(true);
            self.final_rolls(&mut ws.keeps, &ws.cont_spent, stride, spent, c0 as isize);
            self.turn.expect_keeps_in(&mut ws.keeps);
            let forced = self.rules().full_house_forcing(state).is_some();
            self.turn.best_subkeeps_in(&mut ws.keeps, forced);
            ws.mulligan.copy_from_slice(&ws.keeps[..ROLLS]);
        }
        self.final_rolls(&mut ws.keeps, &ws.cont, stride, state, c0 as isize);
        if mulligan {
            let forced = self.rules().full_house_forcing(state).is_some();
            for (r, (v, m)) in ws.keeps[..ROLLS].iter_mut().zip(&ws.mulligan).enumerate() {
                if forced && self.turn.full_house_rolls.binary_search(&r).is_ok() {
                    continue; // a natural full house must be scored, not rerolled
                }
                for i in 0..CHUNK {
                    v[i] = max(v[i], m[i]);
                }
            }
        }
    }

    /// Step 1 for the chunk at `c0`: `ws.keeps[r]` = value of final roll `r`. `c0` may be
    /// below 0 by up to the pad's spare room (the Mega turn's six of a kinds).
    #[inline(always)]
    fn final_rolls<T: Prob>(
        &self,
        keeps: &mut [[T; CHUNK]],
        cont: &[T],
        stride: usize,
        state: State,
        c0: isize,
    ) {
        let rules = self.rules();
        let turn = &self.turn;
        let origin = (self.pad as isize + c0) as usize;
        let lane = |slot: usize, shift: usize| -> &[T] {
            let at = slot * stride + origin - shift;
            &cont[at..at + CHUNK]
        };
        let mut scratch = [T::FLOOR; CHUNK];
        for b in (0..rules.box_count()).filter(|&b| !state.is_filled(b)) {
            let c = lane(usize::from(turn.zero_slot[b]), 0);
            for i in 0..CHUNK {
                scratch[i] = max(scratch[i], c[i]);
            }
        }
        let chance_chance = self.chance_chance_lanes(cont, stride, state, c0);
        if let Some(cc) = &chance_chance {
            for i in 0..CHUNK {
                scratch[i] = max(scratch[i], cc[i]);
            }
        }
        let filled = state.filled();
        for (r, out) in keeps[..ROLLS].iter_mut().enumerate() {
            let range = turn.scoring_start[r] as usize..turn.scoring_start[r + 1] as usize;
            let mut acc = scratch;
            for &(b, slot, score) in &turn.scoring[range] {
                if filled >> b & 1 == 1 {
                    continue;
                }
                let c = lane(usize::from(slot), score as usize);
                for i in 0..CHUNK {
                    acc[i] = max(acc[i], c[i]);
                }
            }
            *out = acc;
        }
        if turn.extra_yahtzees_differ {
            for &r in &turn.yahtzee_rolls {
                let dice = tables().keep(r);
                if !rules.is_extra_yahtzee(state, &dice) {
                    continue;
                }
                let mut acc = [T::FLOOR; CHUNK];
                rules.for_each_move(state, &dice, |m| {
                    let slot = turn.slot_by_score[m.box_index * MAX_SCORE + m.score as usize];
                    let c = lane(usize::from(slot), (m.score + m.yahtzee_bonus) as usize);
                    for i in 0..CHUNK {
                        acc[i] = max(acc[i], c[i]);
                    }
                });
                if let Some(cc) = &chance_chance {
                    for i in 0..CHUNK {
                        acc[i] = max(acc[i], cc[i]);
                    }
                }
                keeps[r] = acc;
            }
        }
        if let Some(b) = rules.full_house_forcing(state) {
            // House rule "fool-house": a natural full house is worth its Full House move only.
            for &r in &turn.full_house_rolls {
                let score = rules.score_of_roll(b, r);
                let slot = turn.slot_by_score[b * MAX_SCORE + score as usize];
                keeps[r].copy_from_slice(lane(usize::from(slot), score as usize));
            }
        }
    }

    /// House rule "chance-chance": the chunk's values of rerolling all five into Chance.
    #[inline(never)]
    pub(crate) fn chance_chance_lanes<T: Prob>(
        &self,
        cont: &[T],
        stride: usize,
        state: State,
        c0: isize,
    ) -> Option<[T; CHUNK]> {
        let origin = (self.pad as isize + c0) as usize;
        let rules = self.rules();
        let chance = rules.chance_chance_box(state)?;
        let mut total = [T::Acc::default(); CHUNK];
        for &(sum, five, p) in &self.chance_chance {
            let slot = usize::from(self.turn.slot_by_score[chance * MAX_SCORE + sum as usize]);
            let bonus = if five && state.yahtzee_50() {
                rules.yahtzee_bonus
            } else {
                0
            };
            let at = slot * stride + origin - (sum + bonus) as usize;
            for (t, &x) in total.iter_mut().zip(&cont[at..at + CHUNK]) {
                T::accumulate(t, p, x);
            }
        }
        Some(total.map(T::from_acc))
    }
}

/// The kernel for one state, compiled for AVX2 and AVX-512 besides the baseline (the same
/// operations in every version, so the same bits).
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
fn kernel<T: Prob>(
    plan: &PointsPlan,
    ws: &mut PointsWorkspace<T>,
    state: State,
    next: &(impl PointsValues<T> + ?Sized),
    out: &mut [T],
) {
    let len = out.len();
    assert!(len <= ws.stride - plan.pad, "workspace too small");
    plan.fill_conts(ws, state, next);
    let mega = plan.takes_sixth_die(state);
    for c0 in (0..len).step_by(CHUNK) {
        let mut v = plan.five_dice_chunk(ws, state, c0);
        if mega {
            let six = plan.mega_chunk(ws, state.with_mega_used(true), c0);
            for i in 0..CHUNK {
                v[i] = max(v[i], six[i]);
            }
        }
        let n = CHUNK.min(len - c0);
        out[c0..c0 + n].copy_from_slice(&v[..n]);
    }
}

impl PointsPlan {
    /// The turn from `state` played with five dice, for the chunk at `c0` (continuations
    /// filled): final rolls, two rerolls, the mean over the opening roll.
    #[inline(always)]
    fn five_dice_chunk<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        c0: usize,
    ) -> [T; CHUNK] {
        let turn = &self.turn;
        let forced = self.rules().full_house_forcing(state).is_some();
        self.final_chunk(ws, state, c0);
        for _ in 0..2 {
            turn.expect_keeps_in(&mut ws.keeps);
            turn.best_subkeeps_in(&mut ws.keeps, forced);
        }
        let mut total = [T::Acc::default(); CHUNK];
        for (v, &p) in ws.keeps[..ROLLS].iter().zip(&turn.roll_prob) {
            for i in 0..CHUNK {
                T::accumulate(&mut total[i], p, v[i]);
            }
        }
        total.map(T::from_acc)
    }

    /// House rule "mega-yahtzee": the turn played with the sixth die, ending in `spent`
    /// (the state with it used; continuations in `ws.cont_mega`), for the chunk at `c0`.
    #[inline(always)]
    fn mega_chunk<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        spent: State,
        c0: usize,
    ) -> [T; CHUNK] {
        let mega = self.turn.mega().expect("the rule set has mega-yahtzee");
        self.mega_finals(ws, spent, c0);
        for _ in 0..2 {
            mega.expect_keeps_in(&mut ws.six);
            mega.best_subkeeps_in(&mut ws.six);
        }
        let mut total = [T::Acc::default(); CHUNK];
        for (r, v) in ws.six[..MEGA_ROLLS].iter().enumerate() {
            let p = mega.roll_prob(r);
            for i in 0..CHUNK {
                T::accumulate(&mut total[i], p, v[i]);
            }
        }
        total.map(T::from_acc)
    }

    /// The Mega turn's final rolls of six for the chunk at `c0`, into `ws.six`: each roll
    /// is worth its best five as the five-dice kernel scores them in `spent`. Six of a kind
    /// also earns the Mega bonus: its five of a kind is read `mega_bonus` points further
    /// on, which is certain success where fewer points than that are needed.
    #[inline(always)]
    fn mega_finals<T: Prob>(&self, ws: &mut PointsWorkspace<T>, spent: State, c0: usize) {
        let mega = self.turn.mega().expect("the rule set has mega-yahtzee");
        let stride = ws.stride;
        let bonus = self.rules().mega_bonus as usize;
        let mut kinds = [[T::ONE; CHUNK]; 6];
        if c0 + CHUNK > bonus {
            // Some lane needs more than the bonus: from c0 - bonus (above -CHUNK, which the
            // pad's spare room covers).
            let shifted = c0 as isize - bonus as isize;
            self.final_rolls(&mut ws.keeps, &ws.cont_mega, stride, spent, shifted);
            for (k, &r) in kinds.iter_mut().zip(&self.turn.yahtzee_rolls) {
                *k = ws.keeps[r];
            }
        }
        self.final_rolls(&mut ws.keeps, &ws.cont_mega, stride, spent, c0 as isize);
        mega.finals_in(&ws.keeps[..ROLLS], &mut ws.six, T::ZERO);
        for (&r, k) in mega.six_kinds().iter().zip(kinds) {
            ws.six[r] = k;
        }
    }
}

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

/// The value of each option of one position at one coordinate `c`, for advice.
impl PointsPlan {
    /// Keep values at coordinate `c` (one per keep index) with `rolls_left` (1 or 2) rerolls
    /// to come after the keep is made: the expectation over what the kept dice become.
    pub fn keep_values<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
        rolls_left: u8,
    ) -> Vec<T> {
        let i = c % CHUNK;
        self.keep_values_chunk(ws, state, next, c - i, rolls_left)
            .iter()
            .map(|k| k[i])
            .collect()
    }

    /// [`PointsPlan::keep_values`] for the whole chunk of coordinates from `c0` (a multiple
    /// of [`CHUNK`]): `result[keep][i]` is the value at `c0 + i`.
    pub fn keep_values_chunk<'w, T: Prob>(
        &self,
        ws: &'w mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c0: usize,
        rolls_left: u8,
    ) -> &'w [[T; CHUNK]] {
        let (c0, _) = self.prepare(ws, state, next, c0);
        self.final_chunk(ws, state, c0);
        let turn = &self.turn;
        if rolls_left == 2 {
            turn.expect_keeps_in(&mut ws.keeps);
            let forced = self.rules().full_house_forcing(state).is_some();
            turn.best_subkeeps_in(&mut ws.keeps, forced);
        }
        turn.expect_keeps_in(&mut ws.keeps);
        &ws.keeps
    }

    /// House rule "mulligan": the value at `c` of spending it on each keep after the last
    /// roll (the keep's expectation over one more roll, in the state with it spent).
    pub fn mulligan_values<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
    ) -> Vec<T> {
        let spent = state.with_mulligan_used(true);
        let (c0, i) = self.prepare(ws, spent, next, c);
        self.final_rolls(&mut ws.keeps, &ws.cont, ws.stride, spent, c0 as isize);
        self.turn.expect_keeps_in(&mut ws.keeps);
        ws.keeps.iter().map(|k| k[i]).collect()
    }

    /// House rule "chance-chance": its value at `c` from `state` (Chance open).
    pub fn chance_chance_value<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
    ) -> T {
        let (c0, i) = self.prepare(ws, state, next, c);
        let v = self.chance_chance_lanes(&ws.cont, ws.stride, state, c0 as isize);
        v.expect("Chance is open under chance-chance")[i]
    }

    /// House rule "mega-yahtzee": the values at `c` of the turn from `state` (sixth die in
    /// hand) played with five dice and with the sixth die, in that order.
    pub fn sixth_die_values<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
    ) -> (T, T) {
        debug_assert!(self.takes_sixth_die(state));
        let (c0, i) = self.prepare(ws, state, next, c);
        let five = self.five_dice_chunk(ws, state, c0)[i];
        let six = self.mega_chunk(ws, state.with_mega_used(true), c0)[i];
        (five, six)
    }

    /// House rule "mega-yahtzee": the values at `c` of every keep of up to six dice (by
    /// mega index) in the Mega turn ending in `spent`, with `rolls_left` (1 or 2) rerolls
    /// to come after the keep.
    pub fn mega_keep_values<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        spent: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
        rolls_left: u8,
    ) -> Vec<T> {
        let mega = self.turn.mega().expect("the rule set has mega-yahtzee");
        let (c0, i) = (c / CHUNK * CHUNK, c % CHUNK);
        if ws.stride < self.pad + c0 + CHUNK {
            *ws = self.workspace(c0 + CHUNK);
        }
        self.fill_cont(&mut ws.cont_mega, ws.stride, spent, next);
        self.mega_finals(ws, spent, c0);
        if rolls_left == 2 {
            mega.expect_keeps_in(&mut ws.six);
            mega.best_subkeeps_in(&mut ws.six);
        }
        mega.expect_keeps_in(&mut ws.six);
        ws.six.iter().map(|k| k[i]).collect()
    }

    /// Continuations of `state` for the chunk holding `c`: (chunk start, lane of `c`).
    fn prepare<T: Prob>(
        &self,
        ws: &mut PointsWorkspace<T>,
        state: State,
        next: &(impl PointsValues<T> + ?Sized),
        c: usize,
    ) -> (usize, usize) {
        let c0 = c / CHUNK * CHUNK;
        if ws.stride < self.pad + c0 + CHUNK {
            *ws = self.workspace(c0 + CHUNK);
        }
        self.fill_conts(ws, state, next);
        (c0, c - c0)
    }
}
