//! One turn of optimal play, evaluated for up to [`LANES`] states that share a filled set.
//!
//! This is the hot loop of the solver and the engine of the advice. For a turn starting in
//! state `s` it computes, with `V` the values of the states after this turn:
//!
//! 1. for each of the 252 final rolls, the best move: `max over legal boxes of
//!    score + bonus + V(next)`;
//! 2. for each keep, the expected value of rolling the missing dice, as the mean of its six
//!    one-die-larger keeps (sizes 4 down to 0), which is exact and needs 6 reads per keep;
//! 3. for each keep, the best sub-keep, recursively from one-die-smaller keeps;
//! 4. steps 2 and 3 again for the first reroll, and finally the mean over the opening roll.
//!
//! All arrays are indexed by keep ([`yahtzee_rules::dice::KeepIndex`]) and hold one `f64`
//! per lane, so every step is a loop over eight independent lanes that the compiler
//! vectorises; a lane's result never depends on the other lanes, which keeps the table
//! bit-identical however the states are grouped or scheduled.

use std::collections::HashMap;

use yahtzee_rules::{tables, Category, Dice, Joker, RuleSet, State, KEEPS, ROLLS};

use crate::lanes::{expect_from_larger, max};
pub use crate::lanes::{Lane, Lanes, LANES};
use crate::mega::MegaPlan;

/// Scores of a single box range over 0..MAX_SCORE.
pub(crate) const MAX_SCORE: usize = 51;

/// Reads the value of a state after this turn (a later filled set).
pub trait Values {
    fn value(&self, rules: &RuleSet, s: State) -> f64;

    /// The values as one slice indexed by [`RuleSet::state_index`], where they are held
    /// so (the solver's own table): the kernel then finds each next state by arithmetic on
    /// the index.
    fn as_slice(&self) -> Option<&[f64]> {
        None
    }
}

impl Values for [f64] {
    fn value(&self, rules: &RuleSet, s: State) -> f64 {
        self[rules.state_index(s)]
    }

    fn as_slice(&self) -> Option<&[f64]> {
        Some(self)
    }
}

/// A solved table held in memory, as [`solve()`](crate::solve()) returns it.
impl Values for Vec<f64> {
    fn value(&self, rules: &RuleSet, s: State) -> f64 {
        self[rules.state_index(s)]
    }

    fn as_slice(&self) -> Option<&[f64]> {
        Some(self)
    }
}

/// Rule-specific tables for the kernel, built once per rule set.
pub struct TurnPlan {
    rules: &'static RuleSet,
    /// Per box: the slot of scoring it 0.
    pub(crate) zero_slot: Vec<u16>,
    /// Per roll, the boxes it scores positively in: (box, slot, score), flattened with
    /// `scoring_start[r]..scoring_start[r + 1]`.
    pub(crate) scoring: Vec<(u8, u16, f64)>,
    pub(crate) scoring_start: Vec<u32>,
    /// Per slot: the box and a score with that slot's effect on the state.
    pub(crate) slots: Vec<(usize, u32)>,
    /// Slot of every (box, score) a box can hold: `slot_by_score[b * 51 + score]`.
    pub(crate) slot_by_score: Vec<u16>,
    /// For keeps with fewer than five dice: the six one-die-larger keeps.
    pub(crate) add: Vec<[u16; 6]>,
    /// One-die-smaller keeps of every keep, grouped by the number of distinct faces it
    /// holds so the inner loops have a fixed length: `subkeeps.d1` holds keeps with one
    /// distinct face, and so on. Groups are in order of size, smallest keeps first.
    pub(crate) subkeeps: SubKeeps,
    pub(crate) roll_prob: Vec<f64>,
    /// Roll indices of the six five-of-a-kinds (where Joker rules can apply).
    pub(crate) yahtzee_rolls: [usize; 6],
    /// Whether an extra Yahtzee can score other than normally (a Joker rule or a bonus).
    pub(crate) extra_yahtzees_differ: bool,
    /// Roll indices of the natural full houses (house rule "fool-house").
    pub(crate) full_house_rolls: Vec<usize>,
    /// House rule "mega-yahtzee": the six-dice tables.
    mega: Option<MegaPlan>,
}

/// Scratch space of one worker: the per-keep lanes and the continuation slots.
pub struct Workspace {
    /// Values per keep; the first 252 entries are the rolls.
    pub keeps: Vec<Lanes>,
    pub(crate) cont: Vec<Lanes>,
    /// House rule "mulligan": per final roll, the value of spending the mulligan on it.
    pub(crate) mulligan: Vec<Lanes>,
    /// House rule "fool-house": the lanes' natural full houses must be scored at once.
    pub(crate) full_house_forced: bool,
    /// House rule "mega-yahtzee": values per six-dice keep (924; empty without the rule).
    pub six: Vec<Lanes>,
    /// The rule set (its address) and filled set `open_scoring` was made for.
    open_filled: Option<(usize, u32)>,
    /// Per roll, the (slot, score) of the open boxes it scores positively in, flattened
    /// with `open_start[r]..open_start[r + 1]`.
    open_scoring: Vec<(u16, f64)>,
    open_start: Vec<u32>,
}

impl Workspace {
    pub fn new(plan: &TurnPlan) -> Workspace {
        Workspace {
            keeps: vec![[0.0; LANES]; KEEPS],
            cont: vec![[0.0; LANES]; plan.slots.len()],
            mulligan: vec![[0.0; LANES]; ROLLS],
            full_house_forced: false,
            six: match plan.mega {
                Some(_) => vec![[0.0; LANES]; yahtzee_rules::MEGA_KEEPS],
                None => Vec::new(),
            },
            open_filled: None,
            open_scoring: Vec::with_capacity(plan.scoring.len()),
            open_start: Vec::with_capacity(ROLLS + 1),
        }
    }
}

impl TurnPlan {
    pub fn new(rules: &'static RuleSet) -> TurnPlan {
        let t = tables();
        // Two scores share a slot when they lead to the same next state from every state:
        // same box, same upper-total increase, same effect on the Yahtzee flag.
        let mut slot_of: HashMap<(usize, u32, bool), u16> = HashMap::new();
        let mut slots = Vec::new();
        let mut slot = |b: usize, score: u32| -> u16 {
            let upper = if rules.boxes[b].upper_face().is_some() {
                score
            } else {
                0
            };
            let (next, _) = rules.place(State::START, b, score);
            *slot_of
                .entry((b, upper, next.yahtzee_50()))
                .or_insert_with(|| {
                    slots.push((b, score));
                    (slots.len() - 1) as u16
                })
        };
        let zero_slot = (0..rules.box_count()).map(|b| slot(b, 0)).collect();
        let mut slot_by_score = vec![u16::MAX; rules.box_count() * MAX_SCORE];
        for b in 0..rules.box_count() {
            for score in yahtzee_rules::possible_scores(rules, b) {
                slot_by_score[b * MAX_SCORE + score as usize] = slot(b, score);
            }
        }
        let mut scoring = Vec::new();
        let mut scoring_start = vec![0];
        for r in 0..ROLLS {
            for b in 0..rules.box_count() {
                let score = rules.score_of_roll(b, r);
                if score > 0 {
                    scoring.push((b as u8, slot(b, score), f64::from(score)));
                }
            }
            scoring_start.push(scoring.len() as u32);
        }
        let add = (ROLLS..KEEPS).map(|k| *t.add(k)).collect();
        let subkeeps = SubKeeps::new();
        let yahtzee_rolls =
            std::array::from_fn(|f| Dice::from_counts(five_of(f)).expect("five dice").index());
        TurnPlan {
            rules,
            zero_slot,
            scoring,
            scoring_start,
            slots,
            slot_by_score,
            add,
            subkeeps,
            roll_prob: (0..ROLLS).map(|r| t.roll_prob(r)).collect(),
            yahtzee_rolls,
            extra_yahtzees_differ: rules.joker != Joker::None || rules.yahtzee_bonus > 0,
            full_house_rolls: (0..ROLLS)
                .filter(|&r| t.keep(r).is_natural_full_house())
                .collect(),
            mega: rules.house.mega_yahtzee.then(MegaPlan::new),
        }
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// The six-dice tables, under the house rule "mega-yahtzee".
    pub fn mega(&self) -> Option<&MegaPlan> {
        self.mega.as_ref()
    }

    /// Expected values at the start of the turn for `states` (at most [`LANES`], all with the
    /// same filled set, not full).
    #[inline(always)]
    pub fn turn_values(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
    ) -> Lanes {
        self.final_values(ws, states, next);
        self.reroll(ws);
        self.reroll(ws);
        self.opening_mean(ws)
    }

    /// [`TurnPlan::turn_values`] for matching states before and after spending the mulligan
    /// (house rule): `unused[i]` is `used[i]` with the mulligan still in hand. The value of
    /// spending it is read off the used states' first reroll instead of being computed
    /// again, so a pair costs what two ordinary states cost. Same operations, same bits, as
    /// evaluating each group alone. Returns (unused values, used values).
    #[inline(always)]
    pub fn mulligan_pair(
        &self,
        ws: &mut Workspace,
        unused: &[State],
        used: &[State],
        next: &(impl Values + ?Sized),
    ) -> (Lanes, Lanes) {
        debug_assert!(unused
            .iter()
            .zip(used)
            .all(|(a, b)| a.with_mulligan_used(true) == *b && !a.mulligan_used()));
        self.final_rolls(ws, used, next);
        self.reroll(ws);
        ws.mulligan.copy_from_slice(&ws.keeps[..ROLLS]);
        self.reroll(ws);
        let used_values = self.opening_mean(ws);
        self.final_rolls(ws, unused, next);
        self.take_mulligan(ws);
        self.reroll(ws);
        self.reroll(ws);
        (self.opening_mean(ws), used_values)
    }

    /// The mean over the opening roll of the roll values with two rerolls left.
    #[inline(always)]
    pub(crate) fn opening_mean(&self, ws: &Workspace) -> Lanes {
        let mut total = [0.0; LANES];
        for (r, v) in ws.keeps[..ROLLS].iter().enumerate() {
            let p = self.roll_prob[r];
            for i in 0..LANES {
                total[i] += p * v[i];
            }
        }
        total
    }

    /// Final roll values: the better of scoring and spending the mulligan (`ws.mulligan`).
    #[inline(always)]
    pub(crate) fn take_mulligan(&self, ws: &mut Workspace) {
        let forced = ws.full_house_forced;
        for (r, (v, m)) in ws.keeps[..ROLLS].iter_mut().zip(&ws.mulligan).enumerate() {
            if forced && self.full_house_rolls.binary_search(&r).is_ok() {
                continue; // a natural full house must be scored, not rerolled
            }
            for i in 0..LANES {
                v[i] = max(v[i], m[i]);
            }
        }
    }

    /// Step 1 with every house rule: `ws.keeps[r]` = value of final roll `r`, the best of
    /// the legal moves, chance-chance, and (while unused) spending the mulligan on a
    /// reroll. The lanes must agree on whether the mulligan is used.
    #[inline(always)]
    pub fn final_values(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
    ) {
        let mulligan = self.rules.house.mulligan && !states[0].mulligan_used();
        debug_assert!(states
            .iter()
            .all(|s| s.mulligan_used() == states[0].mulligan_used()));
        if mulligan {
            // Spending it: the best keep with one more roll to come, in the states where
            // the mulligan is gone.
            let mut used = [State::START; LANES];
            for (u, s) in used.iter_mut().zip(states) {
                *u = s.with_mulligan_used(true);
            }
            self.final_rolls(ws, &used[..states.len()], next);
            self.reroll(ws);
            ws.mulligan.copy_from_slice(&ws.keeps[..ROLLS]);
        }
        self.final_rolls(ws, states, next);
        if mulligan {
            self.take_mulligan(ws);
        }
    }

    /// Step 1: `ws.keeps[r]` = value of final roll `r` (best legal move, bonuses included,
    /// or chance-chance where that house rule applies).
    #[inline(always)]
    pub fn final_rolls(&self, ws: &mut Workspace, states: &[State], next: &(impl Values + ?Sized)) {
        assert!(!states.is_empty() && states.len() <= LANES);
        let filled = states[0].filled();
        debug_assert!(states.iter().all(|s| s.filled() == filled));
        let lane_state = |i: usize| states[i.min(states.len() - 1)];
        let nb = self.rules.box_count();
        let open = (0..nb).filter(|&b| filled >> b & 1 == 0);
        let slot_used = |slot: usize| filled >> self.slots[slot].0 & 1 == 0;
        if let Some(table) = next.as_slice() {
            self.continuations_in(ws, states, table);
        } else {
            for (slot, &(b, score)) in self.slots.iter().enumerate() {
                if !slot_used(slot) {
                    continue;
                }
                for i in 0..LANES {
                    let (after, bonus) = self.rules.place(lane_state(i), b, score);
                    ws.cont[slot][i] = f64::from(bonus) + next.value(self.rules, after);
                }
            }
        }
        // Scratching (0 in any open box) is a legal move for most rolls; where a box scores
        // more, its positive score dominates its 0 (values never fall as the upper total or
        // the Yahtzee flag grows), so starting every roll from the best scratch and adding
        // only the boxes the roll scores in gives exactly the maximum over the legal moves.
        let mut scratch = [f64::NEG_INFINITY; LANES];
        for b in open {
            let c = &ws.cont[usize::from(self.zero_slot[b])];
            for i in 0..LANES {
                scratch[i] = max(scratch[i], c[i]);
            }
        }
        // Chance-chance (house rule) is open to every roll alike, so it joins the scratch.
        let chance_chance = self.chance_chance_lanes(ws, states);
        if let Some(cc) = chance_chance {
            for i in 0..LANES {
                scratch[i] = max(scratch[i], cc[i]);
            }
        }
        if ws.open_filled == Some(self.open_key(filled)) {
            // The filled set's moves listed once ([`TurnPlan::prepare_set`]).
            let (list, start) = (&ws.open_scoring, &ws.open_start);
            roll_values(&mut ws.keeps, &ws.cont, scratch, |r| {
                list[start[r] as usize..start[r + 1] as usize]
                    .iter()
                    .copied()
            });
        } else {
            // A single position (advice): the moves filtered here, the same in the same
            // order.
            roll_values(&mut ws.keeps, &ws.cont, scratch, |r| {
                let range = self.scoring_start[r] as usize..self.scoring_start[r + 1] as usize;
                self.scoring[range]
                    .iter()
                    .filter(move |&&(b, _, _)| filled >> b & 1 == 0)
                    .map(|&(_, slot, score)| (slot, score))
            });
        }
        if self.extra_yahtzees_differ {
            self.extra_yahtzees(ws, states);
            if let Some(cc) = chance_chance {
                for &r in &self.yahtzee_rolls {
                    for (v, c) in ws.keeps[r].iter_mut().zip(cc) {
                        *v = max(*v, c);
                    }
                }
            }
        }
        ws.full_house_forced = self.rules.full_house_forcing(states[0]).is_some();
        if ws.full_house_forced {
            self.force_full_houses(ws);
        }
    }

    /// The key of a filled set's list of moves: the rule set too, as a workspace may serve
    /// another plan.
    fn open_key(&self, filled: u32) -> (usize, u32) {
        (std::ptr::from_ref(self.rules) as usize, filled)
    }

    /// Lists the moves of the open boxes of `filled` once in `ws`, for the turns of many
    /// states of that filled set to come (a solver's block): each then skips the filled
    /// boxes without a test. A single position need not (advice): the turn filters them.
    pub fn prepare_set(&self, ws: &mut Workspace, filled: u32) {
        let key = self.open_key(filled);
        if ws.open_filled == Some(key) {
            return;
        }
        ws.open_filled = Some(key);
        ws.open_scoring.clear();
        ws.open_start.clear();
        ws.open_start.push(0);
        for r in 0..ROLLS {
            let range = self.scoring_start[r] as usize..self.scoring_start[r + 1] as usize;
            for &(b, slot, score) in &self.scoring[range] {
                if filled >> b & 1 == 0 {
                    ws.open_scoring.push((slot, score));
                }
            }
            ws.open_start.push(ws.open_scoring.len() as u32);
        }
    }

    /// The continuation of every open slot (`ws.cont`), from a table indexed by
    /// [`RuleSet::state_index`]: what [`RuleSet::place`] and the index give, found by
    /// arithmetic on each lane's index (the same values, so the same bits). Writing a box
    /// moves a state to the block of the filled set with that box, at the same flags and
    /// upper total, but an upper box adds its score to the total (capped, and the bonus
    /// earned on crossing the threshold) and a 50 in Yahtzee sets the Yahtzee flag.
    #[inline(always)]
    fn continuations_in(&self, ws: &mut Workspace, states: &[State], table: &[f64]) {
        let rules = self.rules;
        let filled = states[0].filled();
        let lanes_per_set = rules.lanes_per_set();
        let lane_state = |i: usize| states[i.min(states.len() - 1)];
        let lane: [usize; LANES] = std::array::from_fn(|i| rules.lane(lane_state(i)));
        let upper: [u32; LANES] = std::array::from_fn(|i| u32::from(lane_state(i).upper()));
        let flag_step: [usize; LANES] = std::array::from_fn(|i| {
            // The Yahtzee flag is the lowest flag bit when the game has one.
            usize::from(rules.yahtzee_bonus > 0 && !lane_state(i).yahtzee_50()) * 64
        });
        let threshold = rules.upper_threshold;
        for (slot, &(b, score)) in self.slots.iter().enumerate() {
            if filled >> b & 1 == 1 {
                continue;
            }
            let base = (filled | 1 << b) as usize * lanes_per_set;
            let cont = &mut ws.cont[slot];
            let c = rules.boxes[b];
            if c.upper_face().is_some() {
                for i in 0..LANES {
                    let u = upper[i];
                    let new = (u + score).min(yahtzee_rules::UPPER_CAP);
                    let bonus = if u < threshold && u + score >= threshold {
                        rules.upper_bonus
                    } else {
                        0
                    };
                    let index = base + lane[i] - u as usize + new as usize;
                    cont[i] = f64::from(bonus) + table[index];
                }
            } else if c == Category::Yahtzee && score == 50 {
                for i in 0..LANES {
                    cont[i] = 0.0 + table[base + lane[i] + flag_step[i]];
                }
            } else {
                for i in 0..LANES {
                    cont[i] = 0.0 + table[base + lane[i]];
                }
            }
        }
    }

    /// House rule "fool-house": a natural full house is worth its Full House move only.
    #[inline(never)]
    fn force_full_houses(&self, ws: &mut Workspace) {
        let b = self
            .rules
            .full_house_forcing(State::START)
            .expect("the rule is on");
        for &r in &self.full_house_rolls {
            let score = self.rules.score_of_roll(b, r);
            let c = &ws.cont[usize::from(self.slot_by_score[b * MAX_SCORE + score as usize])];
            let points = f64::from(score);
            ws.keeps[r] = std::array::from_fn(|i| points + c[i]);
        }
    }

    /// The value of chance-chance (house rule) per lane, where it applies, from the
    /// continuations already in `ws.cont`. Kept out of line: inlined, it slows the hot loop
    /// of every rule set.
    #[inline(never)]
    pub(crate) fn chance_chance_lanes(&self, ws: &Workspace, states: &[State]) -> Option<Lanes> {
        let chance = self.rules.chance_chance_box(states[0])?;
        let slot = |sum: u32| usize::from(self.slot_by_score[chance * MAX_SCORE + sum as usize]);
        Some(std::array::from_fn(|i| {
            let s = states[i.min(states.len() - 1)];
            chance_chance_from(self.rules, s, |sum| ws.cont[slot(sum)][i])
        }))
    }

    /// Five of a kind may be an extra Yahtzee, where the Joker rule decides the legal boxes
    /// and the Yahtzee flag the bonus. Lanes with the same flag share their moves; the
    /// continuation of each move is the slot already filled for its box and score.
    #[inline(always)]
    fn extra_yahtzees(&self, ws: &mut Workspace, states: &[State]) {
        let lane_state = |i: usize| states[i.min(states.len() - 1)];
        for &r in &self.yahtzee_rolls {
            let dice = tables().keep(r);
            if !self.rules.is_extra_yahtzee(states[0], &dice) {
                continue;
            }
            for flag in [false, true] {
                let Some(rep) = states.iter().find(|s| s.yahtzee_50() == flag) else {
                    continue;
                };
                let mut acc = [f64::NEG_INFINITY; LANES];
                self.rules.for_each_move(*rep, &dice, |m| {
                    let slot = self.slot_by_score[m.box_index * MAX_SCORE + m.score as usize];
                    let c = &ws.cont[usize::from(slot)];
                    let points = f64::from(m.score + m.yahtzee_bonus);
                    for i in 0..LANES {
                        acc[i] = max(acc[i], points + c[i]);
                    }
                });
                for (i, v) in acc.into_iter().enumerate() {
                    if lane_state(i).yahtzee_50() == flag {
                        ws.keeps[r][i] = v;
                    }
                }
            }
        }
    }

    /// Steps 2 and 3: from roll values with `n` rolls left, keep values (expectations) and
    /// then roll values with `n + 1` rolls left (best sub-keep).
    #[inline(always)]
    pub fn reroll(&self, ws: &mut Workspace) {
        self.expect_keeps(ws);
        self.best_subkeeps(ws);
    }

    /// Step 2: every keep of fewer than five dice gets the mean of its six one-die-larger
    /// keeps, i.e. its expected value when the missing dice are rolled.
    #[inline(always)]
    pub fn expect_keeps(&self, ws: &mut Workspace) {
        self.expect_keeps_in(&mut ws.keeps);
    }

    /// [`TurnPlan::expect_keeps`] over any lanes (`a` has one entry per keep).
    #[inline(always)]
    pub fn expect_keeps_in<T: Lane, const N: usize>(&self, a: &mut [[T; N]]) {
        expect_from_larger(a, &self.add, ROLLS);
    }

    /// Step 3: every keep gets the best value among its sub-keeps (itself included); for a
    /// five-dice keep that is the value of holding that roll with a reroll to come.
    #[inline(always)]
    pub fn best_subkeeps(&self, ws: &mut Workspace) {
        self.best_subkeeps_in(&mut ws.keeps, ws.full_house_forced);
    }

    /// [`TurnPlan::best_subkeeps`] over any lanes. With `full_house_forced` (house rule
    /// "fool-house", Full House open) a natural full house keeps its value: it cannot be
    /// rerolled.
    #[inline(always)]
    pub fn best_subkeeps_in<T: Lane, const N: usize>(
        &self,
        a: &mut [[T; N]],
        full_house_forced: bool,
    ) {
        let g = &self.subkeeps;
        // Smallest keeps first, so each one-die-smaller keep already holds its best.
        for size in 1..=5 {
            best_of(a, &g.d1[size]);
            if size == 5 && full_house_forced {
                best_of(a, &g.d2_free);
            } else {
                best_of(a, &g.d2[size]);
            }
            best_of(a, &g.d3[size]);
            best_of(a, &g.d4[size]);
            best_of(a, &g.d5[size]);
        }
    }
}

/// House rule "mega-yahtzee": the turn with the sixth die ([`MegaPlan`] holds its tables).
impl TurnPlan {
    /// House rule "mega-yahtzee": the value of taking the sixth die this turn, for `states`
    /// (the sixth die in hand; at most [`LANES`], one filled set): the six-dice turn against
    /// the values of the states with it spent.
    #[inline(always)]
    pub fn mega_values(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
    ) -> Lanes {
        let mega = self.mega().expect("the rule set has mega-yahtzee");
        let mut spent = [State::START; LANES];
        for (s, x) in spent.iter_mut().zip(states) {
            *s = x.with_mega_used(true);
        }
        self.final_rolls(ws, &spent[..states.len()], next);
        self.mega_rolls(ws);
        mega.opening_mean(&ws.six)
    }

    /// Without the mulligan rule: the ordinary turn of `spent` (states with the sixth die
    /// used) and the sixth-die turn of their twins with it in hand, sharing the final rolls
    /// both start from. Same operations as [`TurnPlan::turn_values`] and
    /// [`TurnPlan::mega_values`] apart, so the same bits. Returns (spent, in hand).
    #[inline(always)]
    pub fn mega_pair(
        &self,
        ws: &mut Workspace,
        spent: &[State],
        next: &(impl Values + ?Sized),
    ) -> (Lanes, Lanes) {
        debug_assert!(!self.rules().house.mulligan && spent.iter().all(|s| s.mega_used()));
        let mega = self.mega().expect("the rule set has mega-yahtzee");
        self.final_rolls(ws, spent, next);
        let bonus = f64::from(self.rules().mega_bonus);
        mega.finals_in(&ws.keeps[..ROLLS], &mut ws.six, bonus);
        self.reroll(ws);
        self.reroll(ws);
        let ordinary = self.opening_mean(ws);
        for _ in 0..2 {
            mega.expect_keeps_in(&mut ws.six);
            mega.best_subkeeps_in(&mut ws.six);
        }
        (ordinary, mega.opening_mean(&ws.six))
    }

    /// From five-dice final roll values in `ws.keeps`: the six-dice keeps' values with two
    /// rerolls to come, in `ws.six` (rolls: the value of each opening roll of six).
    #[inline(always)]
    pub fn mega_rolls(&self, ws: &mut Workspace) {
        let mega = self.mega().expect("the rule set has mega-yahtzee");
        let bonus = f64::from(self.rules().mega_bonus);
        mega.finals_in(&ws.keeps[..ROLLS], &mut ws.six, bonus);
        for _ in 0..2 {
            mega.expect_keeps_in(&mut ws.six);
            mega.best_subkeeps_in(&mut ws.six);
        }
    }
}

/// House rule "chance-chance": the value of rerolling all five dice and scoring them in
/// Chance, from `state` (where Chance must be open): over the sums of five dice, the sum
/// plus the value after writing it, then the extra-Yahtzee bonus a five of a kind earns
/// while the Yahtzee box holds 50 ([`RuleSet::chance_chance_move`]). One shared definition
/// (the kernel reads the same continuations from its slots), so the kernel, the advice and
/// the strategy get the same bits.
pub fn chance_chance_value(rules: &RuleSet, state: State, next: &(impl Values + ?Sized)) -> f64 {
    let chance = rules.chance_chance_box(state).expect("Chance is open");
    chance_chance_from(rules, state, |sum| {
        let (after, bonus) = rules.place(state, chance, sum);
        f64::from(bonus) + next.value(rules, after)
    })
}

/// [`chance_chance_value`] with the continuation of each sum given by `cont`.
#[inline(always)]
fn chance_chance_from(rules: &RuleSet, state: State, mut cont: impl FnMut(u32) -> f64) -> f64 {
    let mut total = 0.0;
    for (sum, p) in SUM_PROBS.iter().enumerate().skip(5) {
        total += p * (sum as f64 + cont(sum as u32));
    }
    if state.yahtzee_50() {
        total += (6.0 / 7776.0) * f64::from(rules.yahtzee_bonus);
    }
    total
}

/// Probability of each sum (0..=30) of five fair dice.
pub(crate) static SUM_PROBS: std::sync::LazyLock<[f64; 31]> = std::sync::LazyLock::new(|| {
    let t = tables();
    let mut p = [0.0; 31];
    for r in 0..ROLLS {
        p[t.keep(r).sum() as usize] += t.roll_prob(r);
    }
    p
});

/// Step 1's maximum: each final roll's value, the best of `scratch` and its moves
/// `(slot, score)`: the score plus the slot's continuation.
#[inline(always)]
fn roll_values<I: Iterator<Item = (u16, f64)>>(
    keeps: &mut [Lanes],
    cont: &[Lanes],
    scratch: Lanes,
    moves: impl Fn(usize) -> I,
) {
    for (r, value) in keeps[..ROLLS].iter_mut().enumerate() {
        let mut acc = scratch;
        for (slot, score) in moves(r) {
            let c = &cont[usize::from(slot)];
            for i in 0..LANES {
                acc[i] = max(acc[i], score + c[i]);
            }
        }
        *value = acc;
    }
}

#[inline(always)]
fn best_of<T: Lane, const N: usize, const D: usize>(a: &mut [[T; N]], group: &[(u16, [u16; D])]) {
    for (k, subs) in group {
        let k = usize::from(*k);
        let mut best = a[k];
        for &j in subs {
            let x = &a[usize::from(j)];
            for i in 0..N {
                best[i] = max(best[i], x[i]);
            }
        }
        a[k] = best;
    }
}

/// Keeps with their one-die-smaller keeps, by number of distinct faces, then by size.
pub(crate) struct SubKeeps {
    pub(crate) d1: [Vec<(u16, [u16; 1])>; 6],
    pub(crate) d2: [Vec<(u16, [u16; 2])>; 6],
    pub(crate) d3: [Vec<(u16, [u16; 3])>; 6],
    pub(crate) d4: [Vec<(u16, [u16; 4])>; 6],
    pub(crate) d5: [Vec<(u16, [u16; 5])>; 6],
    /// `d2[5]` without the natural full houses (house rule "fool-house").
    pub(crate) d2_free: Vec<(u16, [u16; 2])>,
}

impl SubKeeps {
    fn new() -> SubKeeps {
        fn group<const D: usize>() -> [Vec<(u16, [u16; D])>; 6] {
            let t = tables();
            std::array::from_fn(|size| {
                t.size_range(size)
                    .filter_map(|k| {
                        let subs: [u16; D] = t.remove(k).try_into().ok()?;
                        Some((k as u16, subs))
                    })
                    .collect()
            })
        }
        let d2: [Vec<(u16, [u16; 2])>; 6] = group();
        let t = tables();
        let d2_free = d2[5]
            .iter()
            .filter(|(k, _)| !t.keep(usize::from(*k)).is_natural_full_house())
            .copied()
            .collect();
        SubKeeps {
            d1: group(),
            d2,
            d2_free,
            d3: group(),
            d4: group(),
            d5: group(),
        }
    }
}

fn five_of(face: usize) -> [u8; 6] {
    let mut c = [0; 6];
    c[face] = 5;
    c
}
