//! How a turn ends under the table's own play, for up to [`LANES`] states that share a
//! filled set: the chance of each move the last roll writes, the points each box gets, the
//! extra-Yahtzee bonus. What the companion table (where the expected score comes from,
//! `yahtzee_stats::Companion`) needs from every turn, computed in the kernel's lanes.
//!
//! **The decisions are the advisor's** (`yahtzee_advice::Strategy`), tie for tie: among
//! equal best moves of a final roll the first box in card order; for an extra Yahtzee the
//! first best of the rules' moves
//! ([`RuleSet::for_each_move`](yahtzee_rules::RuleSet::for_each_move)); chance-chance only
//! where strictly better; under "fool-house" a natural full house in Full House; among keeps of
//! equal value the one with the lowest keep index (the advisor takes the first of a roll's
//! sub-keeps in index order). The values compared are the kernel's, which are the
//! advisor's bit for bit, so every tie falls the same way. The lowest index among equal
//! best keeps is found in the kernel's own pass over the keep lattice (each keep's best is
//! the best of its own value and its one-die-smaller keeps' bests), carrying an index
//! beside each value.
//!
//! **Then the probabilities go forward**: the opening roll's probabilities move to the
//! keeps chosen, each keep's to the rolls its missing dice make (the transpose of the
//! kernel's expectation step), twice, and each final roll's to its move.
//!
//! **The mulligan** (house rule), while in hand: after the last roll the advisor spends it
//! where keeping some dice of the roll and rolling the rest once more, in the state with
//! the mulligan spent, is strictly worth more than the roll's best move (never on a
//! natural full house under "fool-house"), keeping the lowest-index best keep. Each lane's
//! choice is found beside the kernel's own mulligan step; the final rolls' probability
//! where it is spent goes through its keep to the rolls it makes, which end as the turn
//! of the state with the mulligan spent ends them ([`TurnEnds::mulligan_slot_mass`]).
//!
//! **The sixth die** (house rule "mega-yahtzee"), while in hand: the six-dice turn beside
//! the ordinary one, taken where strictly better (the `mega` module).

#[cfg(feature = "multiversion")]
use multiversion::multiversion;
use yahtzee_rules::{tables, Move, State, KEEPS, ROLLS};

use crate::lanes::{max, Lanes, LANES};
use crate::turn::{TurnPlan, Values, Workspace, MAX_SCORE, SUM_PROBS};

mod mega;

/// One keep index per lane, as `f64` so that the lattice pass compares and selects
/// values and indices in the same vector lanes.
type Keeps = [f64; LANES];

/// How one final roll ends the turn in each lane: the slot of the move (chance-chance's:
/// the one past the plan's), its box and the points written there, and 1 where it is
/// chance-chance (spread over its rolls in the tally), as `f64` so that they are chosen in
/// the same vector lanes as the values and tallied without a branch. The rare
/// extra-Yahtzee bonuses are listed apart ([`TurnEnds::bonuses`]).
#[derive(Clone, Copy, Default)]
struct End {
    slot: Lanes,
    box_index: Lanes,
    score: Lanes,
    chance_chance: Lanes,
}

/// An extra-Yahtzee bonus a final roll's move earns in a lane.
#[derive(Clone, Copy)]
struct Bonus {
    roll: usize,
    lane: usize,
    points: u32,
}

/// How the turns of one group of states end (see the module's documentation); reused from
/// group to group.
pub struct TurnEnds {
    /// Per slot of the plan ([`TurnPlan::slot_next`]), per lane: the chance the turn ends
    /// writing a score of that slot; one more at the end, where chance-chance's share
    /// waits to be spread over its rolls ([`TurnEnds::slot_mass`] leaves it out).
    slot_mass: Vec<Lanes>,
    /// Per box, per lane: the expected points the turn writes in it.
    pub box_points: Vec<Lanes>,
    /// Per lane: the expected extra-Yahtzee bonus points the turn earns.
    pub yahtzee_bonus: Lanes,
    /// Per lane: the expected Mega bonus points the turn earns (house rule "mega-yahtzee").
    pub mega_bonus: Lanes,
    /// Per roll: how each lane's choice ends the turn.
    end: Vec<End>,
    /// The extra-Yahtzee bonuses the final rolls' moves earn.
    bonuses: Vec<Bonus>,
    /// Per roll: the keep each lane takes with one and with two rerolls left.
    keep_at: [Vec<[u16; LANES]>; 2],
    /// Scratch: the best keep's index beside each keep's best value.
    best_at: Vec<Keeps>,
    /// Scratch: probability per keep, and per roll between the rerolls.
    mass: Vec<Lanes>,
    roll_mass: Vec<Lanes>,
    /// Scratch: each final roll's best value per lane.
    best: Vec<Lanes>,
    /// House rule "mulligan", in hand: how the turn goes on where it is spent.
    mulligan: Option<Box<Mulligan>>,
    /// House rule "mega-yahtzee", the sixth die in hand: the six-dice turn.
    mega: Option<Box<mega::MegaEnds>>,
}

/// The mulligan's part of a turn that starts with it in hand: where each lane spends it,
/// the keep it rerolls, and how the rolls it makes end, in the state with it spent.
struct Mulligan {
    /// Per final roll, per lane: 1 where the mulligan is spent on it.
    spent: Vec<Lanes>,
    /// Per final roll: the keep each lane rerolls with the mulligan.
    keep: Vec<[u16; LANES]>,
    /// Per roll the mulligan makes: how each lane's choice ends the turn, in the state
    /// with the mulligan spent.
    end: Vec<End>,
    bonuses: Vec<Bonus>,
    /// Per roll the mulligan makes, per lane: its probability.
    roll_mass: Vec<Lanes>,
    /// As [`TurnEnds::slot_mass`], for the moves written after the mulligan.
    slot_mass: Vec<Lanes>,
    /// The states with the mulligan spent whose final choices, keeps with one roll to
    /// come (`keep`, `end`, `bonuses`) and values (`Workspace::mulligan`) are held: the
    /// twins of the group of lanes that may spend it, when their own turn came just
    /// before (the value solve's `mulligan_pair` shares them the same way).
    twins: Vec<State>,
}

impl Mulligan {
    fn new() -> Mulligan {
        Mulligan {
            spent: vec![[0.0; LANES]; ROLLS],
            keep: vec![[0; LANES]; ROLLS],
            end: vec![End::default(); ROLLS],
            bonuses: Vec::new(),
            roll_mass: vec![[0.0; LANES]; ROLLS],
            slot_mass: Vec::new(),
            twins: Vec::new(),
        }
    }
}

impl TurnEnds {
    pub fn new(plan: &TurnPlan) -> TurnEnds {
        let nb = plan.rules().box_count();
        TurnEnds {
            slot_mass: vec![[0.0; LANES]; plan.slots.len() + 1],
            box_points: vec![[0.0; LANES]; nb],
            yahtzee_bonus: [0.0; LANES],
            mega_bonus: [0.0; LANES],
            end: vec![End::default(); ROLLS],
            bonuses: Vec::new(),
            keep_at: [vec![[0; LANES]; ROLLS], vec![[0; LANES]; ROLLS]],
            best_at: vec![[0.0; LANES]; KEEPS],
            mass: vec![[0.0; LANES]; KEEPS],
            roll_mass: vec![[0.0; LANES]; ROLLS],
            best: vec![[0.0; LANES]; ROLLS],
            mulligan: None,
            mega: None,
        }
    }

    /// Per slot of the plan, per lane: the chance the turn ends writing a score of that
    /// slot on the six-dice turn, in the state with the sixth die spent (its next state
    /// is that state's). Empty unless the last turn started with the sixth die in hand.
    pub fn mega_slot_mass(&self) -> &[Lanes] {
        match &self.mega {
            Some(m) if m.slot_mass.len() > 1 => &m.slot_mass[..m.slot_mass.len() - 1],
            _ => &[],
        }
    }

    /// Whether the last turn started with the mulligan in hand (house rule).
    pub fn had_mulligan(&self) -> bool {
        self.mulligan
            .as_ref()
            .is_some_and(|m| m.slot_mass.len() > 1)
    }

    /// Per slot of the plan, per lane: the chance the turn ends writing a score of that
    /// slot after spending the mulligan, in the state with the mulligan spent (its next
    /// state is that state's: [`TurnPlan::slot_next`] of it). Empty unless
    /// [`TurnEnds::had_mulligan`].
    pub fn mulligan_slot_mass(&self) -> &[Lanes] {
        match &self.mulligan {
            Some(m) if m.slot_mass.len() > 1 => &m.slot_mass[..m.slot_mass.len() - 1],
            _ => &[],
        }
    }

    /// Per slot of the plan ([`TurnPlan::slot_next`]), per lane: the chance the turn ends
    /// writing a score of that slot.
    pub fn slot_mass(&self) -> &[Lanes] {
        &self.slot_mass[..self.slot_mass.len() - 1]
    }
}

impl TurnPlan {
    /// The slot of writing `score` in box `b`.
    pub(crate) fn slot_of(&self, b: usize, score: u32) -> u16 {
        self.slot_by_score[b * MAX_SCORE + score as usize]
    }

    /// Where writing a score of `slot` leads from `state`: the next state and the upper
    /// bonus it earns (every score of a slot leads to the same).
    pub fn slot_next(&self, state: State, slot: usize) -> (State, u32) {
        let (b, score) = self.slots[slot];
        self.rules().place(state, b, score)
    }

    /// The turns of `states` (at most [`LANES`], one filled set, not full, agreeing on
    /// whether the mulligan and the sixth die are in hand) into `ends`, with `next` the
    /// values after this turn.
    #[inline(always)]
    pub fn turn_ends_in(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
        ends: &mut TurnEnds,
    ) {
        let in_hand = self.rules().house.mulligan && !states[0].mulligan_used();
        let sixth = self.rules().house.mega_yahtzee && !states[0].mega_used();
        debug_assert!(states
            .iter()
            .all(|s| s.mulligan_used() == states[0].mulligan_used()
                && s.mega_used() == states[0].mega_used()));
        ends.mega_bonus = [0.0; LANES];
        if sixth {
            self.mega_ends(ws, states, next, ends);
        }
        if in_hand {
            self.mulligan_ends(ws, states, next, ends);
        }
        self.final_rolls(ws, states, next);
        self.final_choices(ws, states, ends);
        let forced = ws.full_house_forced;
        if in_hand {
            self.mulligan_choices(ws, ends, forced);
            self.take_mulligan(ws);
        }
        // The mulligan spent: what this turn shares with its twins' mulligan, held for
        // them.
        let spent = self.rules().house.mulligan && !in_hand;
        if spent {
            let m = ends
                .mulligan
                .get_or_insert_with(|| Box::new(Mulligan::new()));
            m.end.copy_from_slice(&ends.end);
            m.bonuses.clone_from(&ends.bonuses);
            m.twins.clear();
        }
        for keep_at in 0..2 {
            self.expect_keeps(ws);
            self.best_subkeeps_at(&mut ws.keeps, &mut ends.best_at, forced);
            for (k, at) in ends.keep_at[keep_at].iter_mut().zip(&ends.best_at) {
                *k = at.map(|x| index_of(x) as u16);
            }
            if spent && keep_at == 0 {
                let m = ends.mulligan.as_mut().expect("made above");
                m.keep.copy_from_slice(&ends.keep_at[0]);
                ws.mulligan.copy_from_slice(&ws.keeps[..ROLLS]);
                m.twins.extend_from_slice(states);
            }
        }
        if sixth {
            let ordinary = self.opening_mean(ws);
            self.mega_take(&ordinary, ends);
        }
        self.forward(ends);
        if sixth {
            self.forward_mega(ends);
        }
        if in_hand {
            self.forward_mulligan(ends);
        }
        self.tally(states, in_hand, ends);
        if sixth {
            self.tally_mega(states, ends);
        } else if let Some(m) = &mut ends.mega {
            m.slot_mass.clear(); // no sixth die this turn: `mega_slot_mass` is empty
        }
    }

    /// The mulligan's turn for `states` (the mulligan in hand): the final choices of the
    /// states with it spent, and each roll's best keep to reroll with one roll to come
    /// (the kernel's `final_values` step, the same values into `ws.mulligan`).
    #[inline(always)]
    fn mulligan_ends(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
        ends: &mut TurnEnds,
    ) {
        let spent = each(states, |s| s.with_mulligan_used(true));
        let spent = &spent[..states.len()];
        if ends.mulligan.as_ref().is_some_and(|m| m.twins == spent) {
            return; // held from the twins' own turn
        }
        self.final_rolls(ws, spent, next);
        self.final_choices(ws, spent, ends);
        let m = ends
            .mulligan
            .get_or_insert_with(|| Box::new(Mulligan::new()));
        m.twins.clear();
        std::mem::swap(&mut m.end, &mut ends.end);
        std::mem::swap(&mut m.bonuses, &mut ends.bonuses);
        self.expect_keeps(ws);
        self.best_subkeeps_at(&mut ws.keeps, &mut ends.best_at, ws.full_house_forced);
        for (k, at) in m.keep.iter_mut().zip(&ends.best_at) {
            *k = at.map(|x| index_of(x) as u16);
        }
        ws.mulligan.copy_from_slice(&ws.keeps[..ROLLS]);
    }

    /// Where each lane spends the mulligan: the best keep's value with one roll to come
    /// (`ws.mulligan`) strictly above the roll's best move (`ends.best`), never on a
    /// natural full house that must be scored. Then the best keep is another keep than
    /// the roll itself, since the roll's own value there is at most its best move.
    #[inline(always)]
    fn mulligan_choices(&self, ws: &Workspace, ends: &mut TurnEnds, forced: bool) {
        let m = ends.mulligan.as_mut().expect("the mulligan's turn first");
        for (r, spent) in m.spent.iter_mut().enumerate() {
            let (x, v) = (&ws.mulligan[r], &ends.best[r]);
            for i in 0..LANES {
                spent[i] = select(x[i] > v[i], 1.0, 0.0);
            }
        }
        if forced {
            for &r in &self.full_house_rolls {
                m.spent[r] = [0.0; LANES];
            }
        }
    }

    /// The final rolls' probability where the mulligan is spent, moved to the rolls it
    /// makes (`ends.roll_mass` keeps the rest).
    #[inline(always)]
    fn forward_mulligan(&self, ends: &mut TurnEnds) {
        let m = ends.mulligan.as_mut().expect("the mulligan's turn first");
        ends.mass.fill([0.0; LANES]);
        for ((keeps, spent), mass) in m.keep.iter().zip(&m.spent).zip(&mut ends.roll_mass) {
            for i in 0..LANES {
                let p = mass[i] * spent[i];
                ends.mass[usize::from(keeps[i])][i] += p;
                mass[i] -= p;
            }
        }
        self.roll_out(&mut ends.mass);
        m.roll_mass.copy_from_slice(&ends.mass[..ROLLS]);
    }

    /// Each final roll's choice in each lane, as the advisor makes it (`ws` holds the final
    /// rolls' values and the slots' continuations), into `ends.end` and `ends.bonuses`.
    #[inline(always)]
    fn final_choices(&self, ws: &Workspace, states: &[State], ends: &mut TurnEnds) {
        let rules = self.rules();
        let filled = states[0].filled();
        // As in the kernel: a box a roll scores 0 in is worth its zero slot's value, and a
        // box it scores in is worth at least that; so the first best among every open
        // box's zero slot, then each box the roll scores in (in card order, ties to the
        // lower box), gives the first best box of every roll.
        let mut zero = End::default();
        let mut zero_best = [f64::NEG_INFINITY; LANES];
        for b in (0..rules.box_count()).filter(|&b| filled >> b & 1 == 0) {
            let slot = self.zero_slot[b];
            let c = &ws.cont[usize::from(slot)];
            let (b, slot) = (b as f64, f64::from(slot));
            for i in 0..LANES {
                let take = c[i] > zero_best[i];
                zero_best[i] = select(take, c[i], zero_best[i]);
                zero.box_index[i] = select(take, b, zero.box_index[i]);
                zero.slot[i] = select(take, slot, zero.slot[i]);
            }
        }
        let mut best = std::mem::take(&mut ends.best);
        for (r, (best, end)) in best.iter_mut().zip(&mut ends.end).enumerate() {
            let (mut v_best, mut e) = (zero_best, zero);
            let range = self.scoring_start[r] as usize..self.scoring_start[r + 1] as usize;
            for &(b, slot, score) in &self.scoring[range] {
                if filled >> b & 1 == 1 {
                    continue;
                }
                let c = &ws.cont[usize::from(slot)];
                let (b, slot) = (f64::from(b), f64::from(slot));
                for i in 0..LANES {
                    let v = score + c[i];
                    let take = (v > v_best[i]) | ((v == v_best[i]) & (b < e.box_index[i]));
                    v_best[i] = select(take, v, v_best[i]);
                    e.box_index[i] = select(take, b, e.box_index[i]);
                    e.slot[i] = select(take, slot, e.slot[i]);
                    e.score[i] = select(take, score, e.score[i]);
                }
            }
            *best = v_best;
            *end = e;
        }
        ends.bonuses.clear();
        self.joker_choices(ws, states, &mut best, ends);
        if let Some(cc) = self.chance_chance_lanes(ws, states) {
            let sink = self.slots.len() as f64;
            for (best, end) in best.iter_mut().zip(&mut ends.end) {
                for lane in 0..LANES {
                    if cc[lane] > best[lane] {
                        best[lane] = cc[lane];
                        // Counted in its slots when spread over its rolls.
                        (end.slot[lane], end.score[lane]) = (sink, 0.0);
                        end.chance_chance[lane] = 1.0;
                    }
                }
            }
        }
        if let Some(b) = rules.full_house_forcing(states[0]) {
            for &r in &self.full_house_rolls {
                let score = rules.score_of_roll(b, r);
                ends.end[r] = End {
                    slot: [f64::from(self.slot_of(b, score)); LANES],
                    box_index: [b as f64; LANES],
                    score: [f64::from(score); LANES],
                    chance_chance: [0.0; LANES],
                };
                best[r] = ws.keeps[r];
            }
        }
        debug_assert!(best
            .iter()
            .flatten()
            .zip(ws.keeps[..ROLLS].iter().flatten())
            .all(|(a, b)| a.to_bits() == b.to_bits()));
        ends.best = best;
    }

    /// The extra Yahtzees (where the Joker rule decides the legal boxes and the Yahtzee
    /// flag the bonus): each lane's first best of the rules' moves.
    fn joker_choices(
        &self,
        ws: &Workspace,
        states: &[State],
        best: &mut [Lanes],
        ends: &mut TurnEnds,
    ) {
        let rules = self.rules();
        if !self.extra_yahtzees_differ {
            return;
        }
        let lane_state = |i: usize| states[i.min(states.len() - 1)];
        let mut moves: Vec<Move> = Vec::new();
        for &roll in &self.yahtzee_rolls {
            let dice = tables().keep(roll);
            if !rules.is_extra_yahtzee(states[0], &dice) {
                continue;
            }
            // As in the kernel, lanes with the same Yahtzee flag have the same moves (only
            // their continuations differ).
            for flag in [false, true] {
                let Some(&rep) = states.iter().find(|s| s.yahtzee_50() == flag) else {
                    continue;
                };
                moves.clear();
                rules.for_each_move(rep, &dice, |m| moves.push(m));
                for (lane, best) in best[roll].iter_mut().enumerate() {
                    if lane_state(lane).yahtzee_50() != flag {
                        continue;
                    }
                    let mut joker: Option<(f64, &Move)> = None;
                    for m in &moves {
                        let c = ws.cont[usize::from(self.slot_of(m.box_index, m.score))][lane];
                        let v = f64::from(m.score + m.yahtzee_bonus) + c;
                        if joker.is_none_or(|(bv, _)| v > bv) {
                            joker = Some((v, m));
                        }
                    }
                    let (v, m) = joker.expect("a turn always has a legal move");
                    *best = v;
                    let end = &mut ends.end[roll];
                    end.slot[lane] = f64::from(self.slot_of(m.box_index, m.score));
                    end.box_index[lane] = m.box_index as f64;
                    end.score[lane] = f64::from(m.score);
                    if m.yahtzee_bonus > 0 {
                        let points = m.yahtzee_bonus;
                        ends.bonuses.push(Bonus { roll, lane, points });
                    }
                }
            }
        }
    }

    /// The kernel's best sub-keep step ([`TurnPlan::best_subkeeps`]: the same values) with,
    /// beside each keep's best value, the lowest keep index holding it.
    #[inline(always)]
    fn best_subkeeps_at(&self, a: &mut [Lanes], at: &mut [Keeps], forced: bool) {
        // Every keep of the groups is written below; the others hold only themselves: the
        // empty keep, and the natural full houses that may not be rerolled.
        at[KEEPS - 1] = [(KEEPS - 1) as f64; LANES];
        if forced {
            for &r in &self.full_house_rolls {
                at[r] = [r as f64; LANES];
            }
        }
        let g = &self.subkeeps;
        for size in 1..=5 {
            best_at_of(a, at, &g.d1[size]);
            if size == 5 && forced {
                best_at_of(a, at, &g.d2_free);
            } else {
                best_at_of(a, at, &g.d2[size]);
            }
            best_at_of(a, at, &g.d3[size]);
            best_at_of(a, at, &g.d4[size]);
            best_at_of(a, at, &g.d5[size]);
        }
    }

    /// The probability of each final roll per lane into `ends.mass[..ROLLS]`: the opening
    /// roll's to the keeps chosen with two rerolls left, rolled out, then again with one.
    #[inline(always)]
    fn forward(&self, ends: &mut TurnEnds) {
        for (m, &p) in ends.roll_mass.iter_mut().zip(&self.roll_prob) {
            *m = [p; LANES];
        }
        for keep_at in [1, 0] {
            ends.mass.fill([0.0; LANES]);
            for (keeps, m) in ends.keep_at[keep_at].iter().zip(&ends.roll_mass) {
                scatter(&mut ends.mass, keeps, m);
            }
            self.roll_out(&mut ends.mass);
            ends.roll_mass.copy_from_slice(&ends.mass[..ROLLS]);
        }
    }

    /// Each keep's probability rolled out to the rolls its missing dice make, smallest keeps
    /// first: a keep's probability goes in equal sixths to its six one-die-larger keeps, so
    /// each keep gathers a sixth of each one-die-smaller keep's (one per face it holds).
    #[inline(always)]
    fn roll_out(&self, mass: &mut [Lanes]) {
        let g = &self.subkeeps;
        for size in 1..=5 {
            gather_sixths(mass, &g.d1[size]);
            gather_sixths(mass, &g.d2[size]);
            gather_sixths(mass, &g.d3[size]);
            gather_sixths(mass, &g.d4[size]);
            gather_sixths(mass, &g.d5[size]);
        }
    }

    /// Each final roll's probability to its move, per lane: the turn's own final rolls,
    /// then, with the mulligan in hand, the rolls it makes (in the states with it spent).
    #[inline(always)]
    fn tally(&self, states: &[State], in_hand: bool, ends: &mut TurnEnds) {
        ends.slot_mass.fill([0.0; LANES]);
        ends.box_points.fill([0.0; LANES]);
        ends.yahtzee_bonus = [0.0; LANES];
        let branch = Branch {
            states,
            end: &ends.end,
            bonuses: &ends.bonuses,
            roll_mass: &ends.roll_mass,
        };
        self.tally_branch(
            &branch,
            &mut ends.slot_mass,
            &mut ends.box_points,
            &mut ends.yahtzee_bonus,
        );
        if !in_hand {
            if let Some(m) = &mut ends.mulligan {
                m.slot_mass.clear(); // no mulligan this turn: `had_mulligan` is false
            }
            return;
        }
        let spent = each(states, |s| s.with_mulligan_used(true));
        let m = ends.mulligan.as_mut().expect("the mulligan's turn first");
        let branch = Branch {
            states: &spent[..states.len()],
            end: &m.end,
            bonuses: &m.bonuses,
            roll_mass: &m.roll_mass,
        };
        let sums = (&mut ends.box_points[..], &mut ends.yahtzee_bonus);
        self.tally_apart(&branch, &mut m.slot_mass, sums);
    }

    /// A way of ending the turn after a choice at its start or end (the mulligan, the
    /// sixth die), tallied into `slot_mass` (its own, from the states it was played in)
    /// and into the turn's box points and extra-Yahtzee bonus.
    #[inline(always)]
    fn tally_apart(
        &self,
        branch: &Branch,
        slot_mass: &mut Vec<Lanes>,
        (box_points, yahtzee_bonus): (&mut [Lanes], &mut Lanes),
    ) {
        slot_mass.clear();
        slot_mass.resize(self.slots.len() + 1, [0.0; LANES]);
        self.tally_branch(branch, slot_mass, box_points, yahtzee_bonus);
    }

    /// One way of ending the turn tallied: each final roll's probability to its move's
    /// slot, box and bonus.
    #[inline(always)]
    fn tally_branch(
        &self,
        branch: &Branch,
        slot_mass: &mut [Lanes],
        box_points: &mut [Lanes],
        yahtzee_bonus: &mut Lanes,
    ) {
        let mut chance_chance = [0.0; LANES];
        for (end, p) in branch.end.iter().zip(branch.roll_mass) {
            if end.slot.iter().all(|&x| x == end.slot[0]) {
                // Every lane ends this roll with the same move (the usual case: the
                // lanes differ only in their upper totals and flags): whole vectors.
                let (slot, b) = (index_of(end.slot[0]), index_of(end.box_index[0]));
                let (sm, bp) = (&mut slot_mass[slot as usize], &mut box_points[b as usize]);
                for i in 0..LANES {
                    sm[i] += p[i];
                    bp[i] += p[i] * end.score[i];
                    chance_chance[i] += p[i] * end.chance_chance[i];
                }
                continue;
            }
            for (i, &p) in p.iter().enumerate() {
                let (slot, b) = (index_of(end.slot[i]), index_of(end.box_index[i]));
                slot_mass[slot as usize][i] += p;
                box_points[b as usize][i] += p * end.score[i];
                chance_chance[i] += p * end.chance_chance[i];
            }
        }
        for &Bonus { roll, lane, points } in branch.bonuses {
            // Unless chance-chance was better than the extra Yahtzee's move.
            if branch.end[roll].chance_chance[lane] == 0.0 {
                yahtzee_bonus[lane] += branch.roll_mass[roll][lane] * f64::from(points);
            }
        }
        // Chance-chance's share of each lane, whatever roll it was taken on, goes to every
        // sum of five fresh dice in Chance, with the bonus of a five of a kind while the
        // Yahtzee box holds 50 (`RuleSet::chance_chance_move`, as `chance_chance_value`
        // counts it).
        let rules = self.rules();
        for (lane, (&w, &state)) in chance_chance.iter().zip(branch.states).enumerate() {
            let Some(chance) = rules.chance_chance_box(state).filter(|_| w > 0.0) else {
                continue;
            };
            for (sum, &p) in SUM_PROBS.iter().enumerate().skip(5) {
                slot_mass[usize::from(self.slot_of(chance, sum as u32))][lane] += w * p;
                box_points[chance][lane] += w * p * sum as f64;
            }
            if state.yahtzee_50() {
                yahtzee_bonus[lane] += w * (6.0 / 7776.0) * f64::from(rules.yahtzee_bonus);
            }
        }
    }
}

/// The final rolls of one way of ending a turn: in `states`, each roll's choice, bonuses
/// and probability.
struct Branch<'a> {
    states: &'a [State],
    end: &'a [End],
    bonuses: &'a [Bonus],
    roll_mass: &'a [Lanes],
}

/// One group of the keep lattice gathers a sixth of each of its one-die-smaller keeps'
/// probabilities (the transpose of the kernel's expectation step).
#[inline(always)]
fn gather_sixths<const D: usize>(mass: &mut [Lanes], group: &[(u16, [u16; D])]) {
    for (k, subs) in group {
        let mut sum = mass[usize::from(subs[0])];
        for &j in &subs[1..] {
            let x = &mass[usize::from(j)];
            for i in 0..LANES {
                sum[i] += x[i];
            }
        }
        let m = &mut mass[usize::from(*k)];
        for i in 0..LANES {
            m[i] += sum[i] * (1.0 / 6.0);
        }
    }
}

/// `a` if `take`, else `b`, without a branch (a vector blend in the lanes' loops).
#[inline(always)]
fn select(take: bool, a: f64, b: f64) -> f64 {
    let m = u64::from(take).wrapping_neg();
    f64::from_bits((a.to_bits() & m) | (b.to_bits() & !m))
}

/// Each lane's probability `m[i]` added to its keep's, `mass[keeps[i]][i]`: one vector
/// add where every lane chose the same keep (the usual case), lane by lane otherwise.
/// The same additions either way.
#[inline(always)]
fn scatter(mass: &mut [Lanes], keeps: &[u16; LANES], m: &Lanes) {
    if keeps.iter().all(|&k| k == keeps[0]) {
        let dst = &mut mass[usize::from(keeps[0])];
        for i in 0..LANES {
            dst[i] += m[i];
        }
    } else {
        for i in 0..LANES {
            mass[usize::from(keeps[i])][i] += m[i];
        }
    }
}

/// `f` of each of `states` (at most [`LANES`]), in the first lanes of an array.
fn each(states: &[State], f: impl Fn(State) -> State) -> [State; LANES] {
    let mut out = [State::START; LANES];
    for (o, &s) in out.iter_mut().zip(states) {
        *o = f(s);
    }
    out
}

/// A small whole number held as `f64` (an index in the lanes), back to an integer: added
/// to 2^52 it is the low bits of the mantissa, which is cheaper in vector lanes than a
/// checked conversion.
#[inline(always)]
fn index_of(x: f64) -> u64 {
    (x + 4_503_599_627_370_496.0).to_bits() & 0xffff
}

/// One group of the keep lattice ([`TurnPlan::best_subkeeps`]'s `best_of`), with the
/// index ([`keep_best_at`]).
#[inline(always)]
fn best_at_of<const D: usize>(a: &mut [Lanes], at: &mut [Keeps], group: &[(u16, [u16; D])]) {
    for (k, subs) in group {
        keep_best_at(a, at, usize::from(*k), subs);
    }
}

/// Keep `k`'s best value among itself and its one-die-smaller keeps `subs` (the kernel's
/// operation, so the same bits), then the lowest index holding it: the keep itself where
/// its own value is the best (keeps come largest first, so its index is below all its
/// sub-keeps'), else the lowest among its sub-keeps' of that best. Five dice or six.
#[inline(always)]
fn keep_best_at(a: &mut [Lanes], at: &mut [Keeps], k: usize, subs: &[u16]) {
    let own = a[k];
    let mut best = own;
    for &j in subs {
        let x = &a[usize::from(j)];
        for i in 0..LANES {
            best[i] = max(best[i], x[i]);
        }
    }
    let mut best_at = [0.0; LANES];
    for i in 0..LANES {
        best_at[i] = select(own[i] == best[i], k as f64, f64::INFINITY);
    }
    for &j in subs {
        let (x, x_at) = (&a[usize::from(j)], &at[usize::from(j)]);
        for i in 0..LANES {
            let holds = select(x[i] == best[i], x_at[i], f64::INFINITY);
            best_at[i] = select(holds < best_at[i], holds, best_at[i]);
        }
    }
    a[k] = best;
    at[k] = best_at;
}

/// [`TurnPlan::turn_ends_in`], compiled for AVX2 and AVX-512 besides the baseline and
/// picked at run time (the same bits whichever runs, as the value solve's kernel).
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
pub fn turn_ends(
    plan: &TurnPlan,
    ws: &mut Workspace,
    states: &[State],
    next: &(dyn Values + Sync),
    ends: &mut TurnEnds,
) {
    plan.turn_ends_in(ws, states, next, ends)
}
