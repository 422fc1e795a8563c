//! The optimal strategy written out as decisions, for statistics and simulation.
//!
//! [`Advisor`](crate::Advisor) ranks the options of one position. Playing whole games, or
//! following the probability of every position through a turn, needs the decision for
//! *every* roll of a turn at once: [`Strategy::decide`] computes, for one scorecard state,
//! the box for each of the 252 final rolls and the keep for each roll with one or two
//! rerolls left, in about ten microseconds.
//!
//! House rules add two choices after the last roll: chance-chance (reroll all five into
//! Chance) and spending the mulligan (keep some dice, roll once more); see [`FinalChoice`].
//!
//! **Ties.** When options are exactly equal in value (as `f64`), the strategy takes the one
//! `yahtzee advise` lists first: among keeps the one with the lowest keep index (larger
//! keeps first, then by counts), among boxes the first in card order, and scoring before
//! chance-chance before the mulligan. The values are
//! computed with the same operations in the same order as the solver's kernel, so they are
//! bit-identical to the advice's and the choice is the advice's best option.

use std::sync::LazyLock;

use yahtzee_rules::{
    mega_tables, tables, Dice, DiceTables, Move, RuleSet, State, KEEPS, MEGA_KEEPS, MEGA_ROLLS,
    ROLLS,
};
use yahtzee_solver::{MegaPlan, Values};

/// Box scores range over 0..MAX_SCORE.
const MAX_SCORE: usize = 51;

/// The optimal strategy of a rule set, read from the values of its states.
pub struct Strategy<'v> {
    rules: &'static RuleSet,
    values: &'v (dyn Values + Sync),
    /// Every score each box can hold.
    scores: Vec<Vec<u32>>,
    /// Normal score of every box for every roll: `box_scores[b][r]`.
    box_scores: Vec<Vec<u8>>,
    /// Rolls that are five of a kind (where the Joker rule may apply).
    yahtzee_rolls: Vec<usize>,
    /// The dice tables' one-die-larger keeps (for keeps below five dice, from index 252)
    /// and one-die-smaller keeps (flattened: keep `k` has `remove[remove_at[k]..remove_at[k + 1]]`),
    /// copied out of the shared tables for the hot loops.
    add: Vec<[u16; 6]>,
    remove: Vec<u16>,
    remove_at: Vec<usize>,
    roll_prob: Vec<f64>,
    /// House rule "mega-yahtzee": the six-dice tables.
    mega: Option<MegaPlan>,
}

/// What the player does after the last roll of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalChoice {
    /// Score this move.
    Score(Move),
    /// House rule: reroll all five dice and score them in Chance
    /// ([`RuleSet::chance_chance_move`]).
    ChanceChance,
    /// House rule: spend the mulligan, keeping this keep (a keep index) and rolling the rest.
    Mulligan(usize),
}

/// Marks a roll whose best final choice is chance-chance in [`FinalTable::best_box`].
const CHANCE_CHANCE: u8 = u8::MAX;

/// The final choices of every roll in one state (with or without the mulligan in hand).
struct FinalTable {
    state: State,
    /// Best box per roll, or [`CHANCE_CHANCE`] (extra Yahtzees are in `joker_moves`).
    best_box: Vec<u8>,
    /// The moves of the five-of-a-kind rolls that are extra Yahtzees (Joker rules).
    joker_moves: Vec<(usize, Move)>,
}

impl FinalTable {
    fn new() -> FinalTable {
        FinalTable {
            state: State::START,
            best_box: vec![0; ROLLS],
            joker_moves: Vec::new(),
        }
    }

    fn choice(&self, rules: &RuleSet, roll: usize) -> FinalChoice {
        if let Some((_, m)) = self.joker_moves.iter().find(|(r, _)| *r == roll) {
            return FinalChoice::Score(*m);
        }
        match self.best_box[roll] {
            CHANCE_CHANCE => FinalChoice::ChanceChance,
            b => {
                let b = usize::from(b);
                let score = rules.score_of_roll(b, roll);
                let (next, upper_bonus) = rules.place(self.state, b, score);
                FinalChoice::Score(Move {
                    box_index: b,
                    score,
                    upper_bonus,
                    yahtzee_bonus: 0,
                    next,
                })
            }
        }
    }
}

/// The decisions of one turn from one state (see [`Strategy::decide`]). Reused between
/// turns to avoid allocation; made by [`Strategy::new_decisions`].
pub struct TurnDecisions {
    rules: &'static RuleSet,
    value: f64,
    /// Final choices in the turn's state.
    last: FinalTable,
    /// Final choices after spending the mulligan (when it is in hand).
    after_mulligan: FinalTable,
    /// Keep (index) to spend the mulligan on, per final roll; `u16::MAX`: do not.
    mulligan_keep: Vec<u16>,
    /// Keep values with one and with two rerolls left (rolls: keeping all five).
    keep_values: [Vec<f64>; 2],
    // Scratch: continuation per (box, score), best values per keep, keep values with the
    // mulligan's roll to come.
    cont: Vec<f64>,
    best: Vec<f64>,
    spent_values: Vec<f64>,
    /// House rule "mega-yahtzee", with the sixth die in hand: the six-dice turn.
    mega: Option<Box<MegaTurn>>,
}

/// The decisions of the turn with the sixth die (house rule "mega-yahtzee").
struct MegaTurn {
    /// Taking the sixth die is strictly better than rolling five.
    take: bool,
    /// Final choices of five dice in the state with the sixth die spent.
    fives: FinalTable,
    five_values: Vec<f64>,
    /// Six-dice keep values with one and with two rerolls left.
    keep_values: [Vec<[f64; 1]>; 2],
    /// Per final roll of six: the five dice scored (a five-dice roll index).
    best_five: Vec<u16>,
    // Scratch: the five-dice final values and the six-dice keep values, as the kernel's
    // one-lane arrays.
    five: Vec<[f64; 1]>,
    six: Vec<[f64; 1]>,
}

impl TurnDecisions {
    /// Reusable room for the Mega turn's decisions.
    fn mega_scratch(&mut self) -> Box<MegaTurn> {
        self.mega.take().unwrap_or_else(|| {
            Box::new(MegaTurn {
                take: false,
                fives: FinalTable::new(),
                five_values: vec![0.0; KEEPS],
                keep_values: [vec![[0.0]; MEGA_KEEPS], vec![[0.0]; MEGA_KEEPS]],
                best_five: Vec::with_capacity(MEGA_ROLLS),
                five: vec![[0.0]; ROLLS],
                six: vec![[0.0]; MEGA_KEEPS],
            })
        })
    }

    /// House rule "mega-yahtzee": true when the turn was decided with the sixth die in
    /// hand (so the Mega turn's decisions are there, taken or not).
    pub fn sixth_die_in_hand(&self) -> bool {
        self.mega.is_some()
    }

    /// House rule "mega-yahtzee": true when this turn is best played with the sixth die
    /// (it is in hand and strictly better).
    pub fn takes_sixth_die(&self) -> bool {
        self.mega.as_ref().is_some_and(|m| m.take)
    }

    /// On the Mega turn: the keep (a six-dice keep index, [`mega_tables`]) for six-dice
    /// roll `roll` with `rolls_left` (1 or 2): the first sub-keep in index order with the
    /// highest value.
    pub fn mega_keep_for(&self, roll: usize, rolls_left: u8) -> usize {
        let m = self.mega.as_ref().expect("the sixth die in hand");
        let values = &m.keep_values[usize::from(rolls_left) - 1];
        let mut best = (f64::NEG_INFINITY, roll);
        for &k in mega_sub_keeps(roll) {
            let v = values[usize::from(k)][0];
            if v > best.0 {
                best = (v, usize::from(k));
            }
        }
        best.1
    }

    /// On the Mega turn, after the last roll of six (`roll`, a six-dice roll index): the
    /// five dice scored and what is done with them (the Mega bonus for six of a kind comes
    /// on top: [`RuleSet::mega_bonus`]).
    pub fn mega_final_choice(&self, roll: usize) -> (Dice, FinalChoice) {
        let m = self.mega.as_ref().expect("the sixth die in hand");
        let five = usize::from(m.best_five[roll]);
        (tables().keep(five), m.fives.choice(self.rules, five))
    }

    /// The state the Mega turn's moves start from (the sixth die spent).
    pub fn state_after_sixth_die(&self) -> State {
        self.mega
            .as_ref()
            .expect("the sixth die in hand")
            .fives
            .state
    }

    /// Probability of each final roll of six (indexed by six-dice roll) on the Mega turn,
    /// following the strategy from the opening roll of six.
    pub fn mega_final_roll_probabilities(&self) -> Vec<f64> {
        let t = mega_tables();
        let mut mass: Vec<f64> = (0..MEGA_ROLLS).map(|r| t.roll_prob(r)).collect();
        for rolls_left in [2, 1] {
            mass = reroll_in(t, &mass, |r| self.mega_keep_for(r, rolls_left));
        }
        mass
    }

    /// [`TurnDecisions::mega_final_roll_probabilities`] from the moment `keep` (a six-dice
    /// keep index) is kept with `rolls_left` (1 or 2) rolls to come: its missing dice
    /// rolled, then the strategy followed.
    pub fn mega_final_roll_probabilities_after(&self, keep: usize, rolls_left: u8) -> Vec<f64> {
        let t = mega_tables();
        let mut kept = vec![0.0; t.keep_count()];
        kept[keep] = 1.0;
        let mut mass = spread(t, kept, MEGA_ROLLS);
        for left in (1..rolls_left).rev() {
            mass = reroll_in(t, &mass, |r| self.mega_keep_for(r, left));
        }
        mass
    }

    /// Expected points still to come (this turn's box and bonuses, then later turns) for
    /// every keep (by keep index) kept with `rolls_left` (1 or 2) rerolls left, the rest of
    /// the turn played optimally. Keeping all five (a roll's index) is rolling no more now:
    /// the roll's value with one reroll fewer. A research environment's regret is read
    /// from these (yahtzee-learn).
    pub fn keep_values(&self, rolls_left: u8) -> &[f64] {
        &self.keep_values[usize::from(rolls_left) - 1]
    }

    /// House rule "mulligan", in hand after the last roll: expected points still to come
    /// for every keep (of fewer than five dice) the mulligan is spent on, the boxes then
    /// scored in the "mulligan used" states. `None` when the mulligan is not in hand.
    pub fn mulligan_values(&self) -> Option<&[f64]> {
        let in_hand = self.rules.house.mulligan && !self.last.state.mulligan_used();
        in_hand.then_some(&self.spent_values[..])
    }

    /// The state the turn starts in.
    pub fn state(&self) -> State {
        self.last.state
    }

    /// Expected points still to come from the start of the turn.
    pub fn value(&self) -> f64 {
        self.value
    }

    /// What to do with final roll `roll` (a roll index below 252).
    pub fn final_choice(&self, roll: usize) -> FinalChoice {
        match self.mulligan_keep.get(roll) {
            Some(&k) if k != u16::MAX => FinalChoice::Mulligan(usize::from(k)),
            _ => self.last.choice(self.rules, roll),
        }
    }

    /// What to do with the roll `roll` that the mulligan produced (never the mulligan).
    pub fn choice_after_mulligan(&self, roll: usize) -> FinalChoice {
        self.after_mulligan.choice(self.rules, roll)
    }

    /// The state the moves after the mulligan start from (the mulligan spent).
    pub fn state_after_mulligan(&self) -> State {
        self.after_mulligan.state
    }

    /// The keep (a keep index) for roll `roll` with `rolls_left` (1 or 2) rerolls left:
    /// the first of the roll's sub-keeps, in index order, with the highest value.
    /// Keeping all five dice (`keep == roll`) means not rerolling now.
    pub fn keep_for(&self, roll: usize, rolls_left: u8) -> usize {
        if forced_roll(self.rules, self.last.state, roll) {
            return roll; // house rule "fool-house": scored at once, never rerolled
        }
        let values = &self.keep_values[usize::from(rolls_left) - 1];
        let mut best = (f64::NEG_INFINITY, roll);
        for &k in sub_keeps(roll) {
            let v = values[usize::from(k)];
            if v > best.0 {
                best = (v, usize::from(k));
            }
        }
        best.1
    }

    /// Probability of each final roll (indexed by roll) when the strategy is followed from
    /// the opening roll of the turn: the rolls the turn ends on without the mulligan, and
    /// the rolls the mulligan (house rule) produced (all zero when it is not spent).
    pub fn final_roll_probabilities(&self) -> (Vec<f64>, Vec<f64>) {
        let mut mass: Vec<f64> = (0..ROLLS).map(|r| tables().roll_prob(r)).collect();
        for rolls_left in [2, 1] {
            mass = reroll(&mass, |r| self.keep_for(r, rolls_left));
        }
        self.mulligan_split(mass)
    }

    /// [`TurnDecisions::final_roll_probabilities`] from the moment `keep` (a keep index)
    /// is kept with `rolls_left` (1 or 2) rolls to come: its missing dice rolled, then the
    /// strategy followed.
    pub fn final_roll_probabilities_after(
        &self,
        keep: usize,
        rolls_left: u8,
    ) -> (Vec<f64>, Vec<f64>) {
        let mut mass = roll_missing(tables(), keep);
        for left in (1..rolls_left).rev() {
            mass = reroll(&mass, |r| self.keep_for(r, left));
        }
        self.mulligan_split(mass)
    }

    /// The rolls of the house rule's mulligan spent on the last roll, keeping `keep`: the
    /// turn ends on them, scored in [`TurnDecisions::state_after_mulligan`].
    pub fn mulligan_roll_probabilities(&self, keep: usize) -> Vec<f64> {
        roll_missing(tables(), keep)
    }

    /// Final-roll masses split into the rolls the turn ends on and, for the rolls where
    /// the strategy spends the mulligan, the rolls the mulligan produces.
    fn mulligan_split(&self, mut mass: Vec<f64>) -> (Vec<f64>, Vec<f64>) {
        let mut kept = vec![0.0; ROLLS];
        let mut spent = false;
        for (r, m) in mass.iter_mut().enumerate() {
            if let FinalChoice::Mulligan(_) = self.final_choice(r) {
                kept[r] = std::mem::take(m);
                spent = true;
            }
        }
        let after = if spent {
            reroll(&kept, |r| match self.final_choice(r) {
                FinalChoice::Mulligan(k) => k,
                _ => r,
            })
        } else {
            kept
        };
        (mass, after)
    }
}

/// The probabilities of the rolls after keeping `keep(r)` of each roll `r` (of mass
/// `mass[r]`) and rolling the missing dice.
fn reroll(mass: &[f64], keep: impl Fn(usize) -> usize) -> Vec<f64> {
    reroll_in(tables(), mass, keep)
}

/// The probabilities of the rolls after keeping `keep` and rolling the missing dice.
fn roll_missing(t: &DiceTables, keep: usize) -> Vec<f64> {
    let mut kept = vec![0.0; t.keep_count()];
    kept[keep] = 1.0;
    spread(t, kept, ROLLS)
}

/// [`reroll`] over any dice tables (five dice, or six on the Mega-Yahtzee turn).
fn reroll_in(t: &DiceTables, mass: &[f64], keep: impl Fn(usize) -> usize) -> Vec<f64> {
    let rolls = mass.len();
    let mut kept = vec![0.0; t.keep_count()];
    for (r, &p) in mass.iter().enumerate() {
        kept[keep(r)] += p;
    }
    spread(t, kept, rolls)
}

/// Keeps' masses (`kept`, by keep index) rolled out to the `rolls` full rolls.
fn spread(t: &DiceTables, mut kept: Vec<f64>, rolls: usize) -> Vec<f64> {
    // Roll the missing dice one at a time, smallest keeps first: a keep's mass goes in
    // equal sixths to its six one-die-larger keeps.
    for k in (rolls..t.keep_count()).rev() {
        let sixth = kept[k] / 6.0;
        for &j in t.add(k) {
            kept[usize::from(j)] += sixth;
        }
    }
    kept.truncate(rolls);
    kept
}

/// The sub-keeps of every roll, in index order (flattened).
static SUB_KEEPS: LazyLock<(Vec<u16>, Vec<usize>)> = LazyLock::new(|| {
    let t = tables();
    let mut all = Vec::new();
    let mut at = vec![0];
    for r in 0..ROLLS {
        all.extend(t.keep(r).sub_keeps().iter().map(|k| t.index(k) as u16));
        at.push(all.len());
    }
    (all, at)
});

fn sub_keeps(roll: usize) -> &'static [u16] {
    let (all, at) = &*SUB_KEEPS;
    &all[at[roll]..at[roll + 1]]
}

/// The sub-keeps of every roll of six, in index order (flattened, six-dice keep indices).
static MEGA_SUB_KEEPS: LazyLock<(Vec<u16>, Vec<usize>)> = LazyLock::new(|| {
    let t = mega_tables();
    let mut all = Vec::new();
    let mut at = vec![0];
    for r in 0..MEGA_ROLLS {
        let roll = t.keep(r);
        all.extend(
            (0..MEGA_KEEPS)
                .filter(|&k| roll.contains(&t.keep(k)))
                .map(|k| k as u16),
        );
        at.push(all.len());
    }
    (all, at)
});

fn mega_sub_keeps(roll: usize) -> &'static [u16] {
    let (all, at) = &*MEGA_SUB_KEEPS;
    &all[at[roll]..at[roll + 1]]
}

impl<'v> Strategy<'v> {
    /// The strategy defined by `values` (the expected points still to come from every
    /// state, as in the solver's table).
    pub fn new(rules: &'static RuleSet, values: &'v (dyn Values + Sync)) -> Strategy<'v> {
        let t = tables();
        let box_scores = (0..rules.box_count())
            .map(|b| {
                (0..ROLLS)
                    .map(|r| rules.score_of_roll(b, r) as u8)
                    .collect()
            })
            .collect();
        let mut remove = Vec::new();
        let mut remove_at = vec![0];
        for k in 0..KEEPS {
            remove.extend_from_slice(t.remove(k));
            remove_at.push(remove.len());
        }
        Strategy {
            rules,
            values,
            scores: (0..rules.box_count())
                .map(|b| yahtzee_rules::possible_scores(rules, b))
                .collect(),
            box_scores,
            yahtzee_rolls: (0..ROLLS)
                .filter(|&r| t.keep(r).five_of_a_kind().is_some())
                .collect(),
            add: (ROLLS..KEEPS).map(|k| *t.add(k)).collect(),
            remove,
            remove_at,
            roll_prob: (0..ROLLS).map(|r| t.roll_prob(r)).collect(),
            mega: rules.house.mega_yahtzee.then(MegaPlan::new),
        }
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// The values the strategy is read from.
    pub fn values(&self) -> &'v (dyn Values + Sync) {
        self.values
    }

    /// Expected points still to come from the start of a turn in `state`.
    pub fn value(&self, state: State) -> f64 {
        self.values.value(self.rules, state)
    }

    /// Room for the decisions of a turn, to pass to [`Strategy::decide`].
    pub fn new_decisions(&self) -> TurnDecisions {
        TurnDecisions {
            rules: self.rules,
            value: f64::NAN,
            last: FinalTable::new(),
            after_mulligan: FinalTable::new(),
            mulligan_keep: Vec::new(),
            keep_values: [vec![0.0; KEEPS], vec![0.0; KEEPS]],
            cont: vec![0.0; self.rules.box_count() * MAX_SCORE],
            best: vec![0.0; KEEPS],
            spent_values: vec![0.0; KEEPS],
            mega: None,
        }
    }

    /// [`Strategy::decide`] for a position with `showing` dice showing in `state`: with six
    /// (house rule "mega-yahtzee") the turn is decided with the sixth die in hand, as the
    /// advice takes it this turn whatever the card says.
    pub fn decide_showing(&self, state: State, showing: usize, d: &mut TurnDecisions) {
        let six = showing == yahtzee_rules::MEGA_DICE;
        self.decide(
            if six {
                state.with_mega_used(false)
            } else {
                state
            },
            d,
        );
    }

    /// Fills `d` with the decisions of a turn starting in `state` (which must not be full):
    /// the value of every keep with one and two rerolls left and the best box of every
    /// final roll. The choices themselves are read off with [`TurnDecisions::keep_for`] and
    /// [`TurnDecisions::final_choice`].
    pub fn decide(&self, state: State, d: &mut TurnDecisions) {
        debug_assert!(!self.rules.is_full(state));
        let mulligan = self.rules.house.mulligan && !state.mulligan_used();
        d.mulligan_keep.clear();
        if mulligan {
            let spent = state.with_mulligan_used(true);
            self.final_moves(
                spent,
                &mut d.cont,
                &mut d.after_mulligan,
                &mut d.spent_values,
            );
            self.expect_keeps(&mut d.spent_values);
        }
        let [one, two] = &mut d.keep_values;
        self.final_moves(state, &mut d.cont, &mut d.last, one);
        let forced = self.rules.full_house_forcing(state).is_some();
        if mulligan {
            mulligan_choices(&d.spent_values, &mut d.mulligan_keep, one, forced);
        }
        self.expect_keeps(one);
        self.best_subkeeps(one, &mut d.best, forced);
        two[..ROLLS].copy_from_slice(&d.best[..ROLLS]);
        self.expect_keeps(two);
        self.best_subkeeps(two, &mut d.best, forced);
        let mut total = 0.0;
        for (p, v) in self.roll_prob.iter().zip(&d.best[..ROLLS]) {
            total += p * v;
        }
        d.value = total;
        d.mega = None;
        if self.rules.house.mega_yahtzee && !state.mega_used() {
            let mut m = d.mega_scratch();
            let six = self.decide_mega(state, &mut d.cont, &mut m);
            m.take = six > d.value;
            d.value = if six > d.value { six } else { d.value };
            d.mega = Some(m);
        }
    }

    /// The six-dice turn from `state` (sixth die in hand) into `m`; returns its value, with
    /// the kernel's operations in the kernel's order ([`MegaPlan`]), so the same bits.
    fn decide_mega(&self, state: State, cont: &mut [f64], m: &mut MegaTurn) -> f64 {
        let mega = self.mega.as_ref().expect("mega-yahtzee rules");
        let spent = state.with_mega_used(true);
        self.final_moves(spent, cont, &mut m.fives, &mut m.five_values);
        for (f, &v) in m.five.iter_mut().zip(&m.five_values[..ROLLS]) {
            *f = [v];
        }
        let six = &mut m.six;
        mega.finals_in(&m.five, six, f64::from(self.rules.mega_bonus));
        m.best_five.clear();
        for r in 0..MEGA_ROLLS {
            let subs = mega.fives(r);
            let best = subs
                .iter()
                .map(|&j| m.five_values[usize::from(j)])
                .fold(f64::NEG_INFINITY, f64::max);
            let first = subs
                .iter()
                .find(|&&j| m.five_values[usize::from(j)] == best);
            m.best_five
                .push(*first.expect("six dice have five-dice sub-rolls"));
        }
        for values in &mut m.keep_values {
            mega.expect_keeps_in(six);
            values.copy_from_slice(six);
            mega.best_subkeeps_in(six);
        }
        let mut total = 0.0;
        for (r, v) in six[..MEGA_ROLLS].iter().enumerate() {
            total += mega.roll_prob(r) * v[0];
        }
        total
    }

    /// The best box of every final roll, and its value in `values[roll]`. Boxes are tried in
    /// card order and only a strictly better one replaces the best so far (ties go to the
    /// first box).
    fn final_moves(
        &self,
        state: State,
        cont: &mut [f64],
        table: &mut FinalTable,
        values: &mut [f64],
    ) {
        let rules = self.rules;
        table.state = state;
        let (best_box, joker_moves) = (&mut table.best_box, &mut table.joker_moves);
        let open = (0..rules.box_count()).filter(|&b| !state.is_filled(b));
        values[..ROLLS].fill(f64::NEG_INFINITY);
        for b in open {
            // The value of writing each possible score in this box: score, bonus, later turns.
            let cont = &mut cont[b * MAX_SCORE..(b + 1) * MAX_SCORE];
            for &s in &self.scores[b] {
                let (next, bonus) = rules.place(state, b, s);
                // Same operations as the solver's kernel, so the values are bit-identical.
                cont[s as usize] = f64::from(s) + (f64::from(bonus) + self.value(next));
            }
            for ((v, best), &s) in values
                .iter_mut()
                .zip(best_box.iter_mut())
                .zip(&self.box_scores[b])
            {
                let x = cont[usize::from(s)];
                if x > *v {
                    *v = x;
                    *best = b as u8;
                }
            }
        }
        joker_moves.clear();
        for &r in &self.yahtzee_rolls {
            let dice = tables().keep(r);
            if !rules.is_extra_yahtzee(state, &dice) {
                continue;
            }
            let mut best: Option<(f64, Move)> = None;
            rules.for_each_move(state, &dice, |m| {
                let cont = f64::from(m.upper_bonus) + self.value(m.next);
                let v = f64::from(m.score + m.yahtzee_bonus) + cont;
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, m));
                }
            });
            let (v, m) = best.expect("a turn always has a legal move");
            values[r] = v;
            joker_moves.push((r, m));
        }
        if rules.chance_chance_box(state).is_some() {
            // Listed after the boxes: only a strictly better value takes it.
            let cc = yahtzee_solver::chance_chance_value(rules, state, self.values);
            for (r, v) in values[..ROLLS].iter_mut().enumerate() {
                if cc > *v {
                    *v = cc;
                    best_box[r] = CHANCE_CHANCE;
                    joker_moves.retain(|(jr, _)| *jr != r);
                }
            }
        }
        if let Some(b) = rules.full_house_forcing(state) {
            // House rule "fool-house": a natural full house goes in Full House, whatever
            // else it could do.
            for r in (0..ROLLS).filter(|&r| forced_roll(rules, state, r)) {
                values[r] = cont[b * MAX_SCORE + rules.score_of_roll(b, r) as usize];
                best_box[r] = b as u8;
            }
        }
    }

    /// Every keep of fewer than five dice gets the mean of its six one-die-larger keeps (the
    /// same operations, in the same order, as the solver's kernel).
    fn expect_keeps(&self, a: &mut [f64]) {
        for (k, add) in (ROLLS..KEEPS).zip(&self.add) {
            let mut sum = a[usize::from(add[0])];
            for &j in &add[1..] {
                sum += a[usize::from(j)];
            }
            a[k] = sum * (1.0 / 6.0);
        }
    }

    /// `best[k]` = the best value among the sub-keeps of keep `k` (itself included),
    /// smallest keeps first so each one-die-smaller keep already holds its own best.
    /// With `forced` (house rule "fool-house") a natural full house keeps its own value.
    fn best_subkeeps(&self, a: &[f64], best: &mut [f64], forced: bool) {
        for k in (0..KEEPS).rev() {
            let mut v = a[k];
            if forced && k < ROLLS && tables().keep(k).is_natural_full_house() {
                best[k] = v;
                continue;
            }
            for &j in &self.remove[self.remove_at[k]..self.remove_at[k + 1]] {
                let x = best[usize::from(j)];
                if x > v {
                    v = x;
                }
            }
            best[k] = v;
        }
    }
}

/// True when roll `r` must be scored in Full House at once in `state` (house rule
/// "fool-house").
fn forced_roll(rules: &RuleSet, state: State, r: usize) -> bool {
    r < ROLLS && rules.forced_full_house(state, &tables().keep(r)).is_some()
}

/// Where spending the mulligan (the best keep smaller than the roll, valued in
/// `spent_values` with its roll to come) strictly beats the best final choice, records the
/// keep and takes its value. Keeping all five is not a mulligan (and never beats scoring).
/// With `forced` (house rule "fool-house") a natural full house is never rerolled.
fn mulligan_choices(spent_values: &[f64], keeps: &mut Vec<u16>, values: &mut [f64], forced: bool) {
    keeps.resize(ROLLS, u16::MAX);
    for (r, v) in values[..ROLLS].iter_mut().enumerate() {
        if forced && tables().keep(r).is_natural_full_house() {
            keeps[r] = u16::MAX;
            continue;
        }
        let mut best = (*v, u16::MAX);
        for &k in sub_keeps(r) {
            let x = spent_values[usize::from(k)];
            if usize::from(k) != r && x > best.0 {
                best = (x, k);
            }
        }
        (*v, keeps[r]) = best;
    }
}
