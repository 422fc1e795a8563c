//! The points kernel: one turn for one state over chunks of [`CHUNK`] coordinates
//! ([`PointsPlan::state_vector`]), and the value of each option of a position at one
//! coordinate, for advice (keeps, the mulligan, chance-chance, the sixth die). One
//! cohesive kernel: the advice readers run the very steps the solve runs.

#[cfg(feature = "multiversion")]
use multiversion::multiversion;
use yahtzee_rules::{tables, RuleSet, State, KEEPS, MEGA_KEEPS, MEGA_ROLLS, ROLLS};

use super::prob::Prob;
use super::table::PointsValues;
use crate::lanes::max;
use crate::turn::{TurnPlan, MAX_SCORE};

/// Points coordinates evaluated together by one pass of the kernel.
pub const CHUNK: usize = 64;

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
