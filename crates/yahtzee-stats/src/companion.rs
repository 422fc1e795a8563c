//! Where the expected score comes from: for every state, under the strategy's play, the
//! expected final score of each box, the chance of the upper bonus, and the expected
//! extra-Yahtzee and Mega bonus points.
//!
//! One backward pass of policy evaluation, level by level from the nearly full cards to
//! the empty one, as the value solve goes: a state's parts are the parts its turn earns
//! (each final roll's move, weighted by the chance the strategy's keeps end the turn on
//! that roll, [`exact`](mod@crate::exact)'s own turn) plus the parts of the state each move
//! leads to. The parts of a state add up to its value (the test checks every state), and
//! from the starting card they are [`exact()`](crate::exact())'s means.
//!
//! Each state of a level is computed on its own from the level above and written to its
//! own slots, so the result is the same bit for bit on any number of threads.

use rayon::prelude::*;
use yahtzee_advice::{Choice, Strategy, TurnDecisions};
use yahtzee_rules::{tables, Dice, RuleSet, State, MEGA_DICE, ROLLS};
use yahtzee_solver::{
    distinct_turns, reachable_states, turn_ends, TurnEnds, TurnPlan, Workspace, LANES,
};

use crate::exact::{mega_turn_end, turn, turn_end, Node, Step, Sums};

/// The parts of one state's value: what each box will hold at the end of the game, the
/// chance of the upper bonus, the extra-Yahtzee and Mega bonus points (all expected, from
/// the start of a turn in that state, boxes already filled counting 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Parts {
    /// Expected points still to be written in each box, in card order.
    pub boxes: Vec<f64>,
    /// The chance the upper bonus is earned from here on (0 once it is on the card).
    pub upper_bonus: f64,
    /// Expected extra-Yahtzee bonus points still to come.
    pub yahtzee_bonus: f64,
    /// Expected Mega bonus points still to come (house rule "mega-yahtzee").
    pub mega_bonus: f64,
}

impl Parts {
    /// The expected points still to come: what the value table holds.
    pub fn total(&self, rules: &RuleSet) -> f64 {
        self.boxes.iter().sum::<f64>()
            + self.upper_bonus * f64::from(rules.upper_bonus)
            + self.yahtzee_bonus
            + self.mega_bonus
    }
}

/// Every state's [`Parts`], in state order (NaN for states no game reaches).
pub struct Companion {
    rules: &'static RuleSet,
    /// `width` values per state: the boxes, then upper bonus, Yahtzee bonus, Mega bonus.
    parts: Vec<f64>,
    width: usize,
}

impl Companion {
    /// Values per state: the boxes and the three bonuses.
    pub fn width(rules: &RuleSet) -> usize {
        rules.box_count() + 3
    }

    /// Evaluates the strategy's play from every state it can reach; `progress` hears each
    /// level done (the number of boxes in all). In the kernel's lanes
    /// ([`yahtzee_solver::ends`]), under every rule set.
    pub fn solve(strategy: &Strategy, progress: &(dyn Fn(u64) + Sync)) -> Companion {
        in_lanes(strategy, progress)
    }

    /// [`Companion::solve`] one state at a time, each turn through the exact statistics'
    /// own ([`exact`](mod@crate::exact)'s `turn`), every reachable state computed: the
    /// reference the lanes are tested against.
    pub fn solve_per_state(strategy: &Strategy, progress: &(dyn Fn(u64) + Sync)) -> Companion {
        let rules = strategy.rules();
        let width = Companion::width(rules);
        let full = (1u32 << rules.box_count()) - 1;
        let mut parts = vec![f64::NAN; rules.state_count() * width];
        for s in reachable_states(rules, full) {
            let i = rules.state_index(s);
            parts[i * width..(i + 1) * width].fill(0.0);
        }
        // Level by level from the nearly full cards.
        for level in (0..rules.box_count() as u32).rev() {
            let states: Vec<State> = (0..full)
                .filter(|f| f.count_ones() == level)
                .flat_map(|f| reachable_states(rules, f))
                .collect();
            let done: Vec<Vec<f64>> = states
                .par_iter()
                .map_init(
                    || strategy.new_decisions(),
                    |d, &s| state_parts(strategy, d, s, &parts, width),
                )
                .collect();
            for (&s, row) in states.iter().zip(done) {
                let i = rules.state_index(s);
                parts[i * width..(i + 1) * width].copy_from_slice(&row);
            }
            progress(1);
        }
        Companion {
            rules,
            parts,
            width,
        }
    }

    /// Every state's parts in state order, [`Companion::width`] each (NaN rows where no
    /// game comes): what `yahtzee_table::write_companion_table` stores.
    pub fn values(&self) -> &[f64] {
        &self.parts
    }

    /// The parts of `state`'s value; `None` where no game reaches it.
    pub fn parts(&self, state: State) -> Option<Parts> {
        let i = self.rules.state_index(state);
        let row = &self.parts[i * self.width..(i + 1) * self.width];
        if row[0].is_nan() {
            return None;
        }
        let boxes = self.rules.box_count();
        Some(Parts {
            boxes: row[..boxes].to_vec(),
            upper_bonus: row[boxes],
            yahtzee_bonus: row[boxes + 1],
            mega_bonus: row[boxes + 2],
        })
    }
}

/// One state's parts: its turn's, plus those of the states the turn leads to (each step's
/// next state is on a fuller level, already done).
fn state_parts(
    strategy: &Strategy,
    d: &mut TurnDecisions,
    state: State,
    parts: &[f64],
    width: usize,
) -> Vec<f64> {
    let (steps, sums) = turn(strategy, d, &start(state));
    let next = |i: usize| Some(parts[i * width..(i + 1) * width].to_vec());
    row_of(strategy.rules(), &steps, &sums, &next).expect("every next state is done")
}

/// A turn from `state` with probability 1.
fn start(state: State) -> Node {
    Node {
        state,
        lo: 0,
        mass: vec![1.0],
        bonus: vec![1.0],
    }
}

/// The parts a turn's end earns (`sums`) plus those of the states it leads to (`next` by
/// state index); `None` where a next state has none.
fn row_of(
    rules: &RuleSet,
    steps: &[Step],
    sums: &Sums,
    next: &dyn Fn(usize) -> Option<Vec<f64>>,
) -> Option<Vec<f64>> {
    let boxes = rules.box_count();
    let mut row = vec![0.0; Companion::width(rules)];
    for (b, s) in sums.boxes.iter().enumerate() {
        row[b] = s[0];
    }
    row[boxes] = sums.upper_bonus;
    row[boxes + 1] = sums.bonus_points;
    row[boxes + 2] = sums.mega * f64::from(rules.mega_bonus);
    for step in steps {
        for (x, n) in row.iter_mut().zip(next(step.next)?) {
            *x += step.prob * n;
        }
    }
    Some(row)
}

/// [`Companion::solve`] in the kernel's lanes: the filled sets of a level in parallel, each
/// set's states [`LANES`] at a time through [`turn_ends`], each state's row then made from
/// its turn's ends and the rows of the states they lead to. Each row is its own lane's, in
/// a fixed order, so the table is the same bit for bit on any number of threads.
fn in_lanes(strategy: &Strategy, progress: &(dyn Fn(u64) + Sync)) -> Companion {
    let rules = strategy.rules();
    let plan = TurnPlan::new(rules);
    let width = Companion::width(rules);
    let nb = rules.box_count() as u32;
    let full = (1u32 << nb) - 1;
    // Zeros cost nothing until written; every filled set's block is written once, in
    // parallel, NaN where no game comes.
    let mut parts = vec![0.0; rules.state_count() * width];
    // Each filled set's block, taken out while its level is computed, so that the level
    // writes its own blocks and reads the level above.
    let mut blocks: Vec<&mut [f64]> = parts.chunks_mut(rules.lanes_per_set() * width).collect();
    blocks[full as usize].fill(f64::NAN);
    for s in reachable_states(rules, full) {
        let lane = rules.lane(s);
        blocks[full as usize][lane * width..(lane + 1) * width].fill(0.0);
    }
    for level in (0..nb).rev() {
        let mut level_blocks: Vec<(u32, &mut [f64])> = (0..full)
            .filter(|f| f.count_ones() == level)
            .map(|f| (f, std::mem::take(&mut blocks[f as usize])))
            .collect();
        let done: &[&mut [f64]] = &blocks;
        level_blocks.par_iter_mut().with_min_len(16).for_each_init(
            || (Workspace::new(&plan), TurnEnds::new(&plan)),
            |(ws, ends), (filled, block)| {
                set_parts(strategy, &plan, ws, ends, *filled, block, done);
            },
        );
        for (filled, block) in level_blocks {
            blocks[filled as usize] = block;
        }
        progress(1);
    }
    Companion {
        rules,
        parts,
        width,
    }
}

/// The rows of one filled set's states into `block` (NaN where no game comes), in lane
/// order, from `done`: the blocks of the level above.
fn set_parts(
    strategy: &Strategy,
    plan: &TurnPlan,
    ws: &mut Workspace,
    ends: &mut TurnEnds,
    filled: u32,
    block: &mut [f64],
    done: &[&mut [f64]],
) {
    let rules = strategy.rules();
    let width = Companion::width(rules);
    let nb = rules.box_count();
    block.fill(f64::NAN);
    // The states whose upper bonus is decided share one row (the value solve's reason).
    let (states, copies) = distinct_turns(rules, filled);
    plan.prepare_set(ws, filled);
    // A group of lanes agrees on whether the mulligan and the sixth die (house rules) are
    // in hand: lane order keeps the states of each kind together.
    let kind = |s: &State| (s.mulligan_used(), s.mega_used());
    let chunks: Vec<&[State]> = states
        .chunk_by(|a, b| kind(a) == kind(b))
        .flat_map(|run| run.chunks(LANES))
        .collect();
    for chunk in twins_first(rules, chunks) {
        turn_ends(plan, ws, chunk, strategy.values(), ends);
        for (i, &state) in chunk.iter().enumerate() {
            let lane = rules.lane(state);
            let row = &mut block[lane * width..(lane + 1) * width];
            for (x, b) in row.iter_mut().zip(&ends.box_points) {
                *x = b[i];
            }
            row[nb] = 0.0;
            row[nb + 1] = ends.yahtzee_bonus[i];
            row[nb + 2] = ends.mega_bonus[i];
            // The moves written, then those written after the mulligan, from the state
            // with it spent, and those of the six-dice turn, from the state with the sixth
            // die spent.
            let ways = [
                (state, ends.slot_mass()),
                (state.with_mulligan_used(true), ends.mulligan_slot_mass()),
                (state.with_mega_used(true), ends.mega_slot_mass()),
            ];
            for (from, slots) in ways {
                for (slot, mass) in slots.iter().enumerate() {
                    let p = mass[i];
                    if p == 0.0 {
                        continue;
                    }
                    let (next, bonus) = plan.slot_next(from, slot);
                    if bonus > 0 {
                        row[nb] += p;
                    }
                    let n = rules.lane(next) * width;
                    let next_row = &done[next.filled() as usize][n..n + width];
                    for (x, y) in row.iter_mut().zip(next_row) {
                        *x += p * y;
                    }
                }
            }
        }
    }
    for (to, from) in copies {
        block.copy_within(from * width..(from + 1) * width, to * width);
    }
}

/// `chunks` of lanes reordered so that where the mulligan (house rule) is in hand, the
/// chunk of its twins (the same states with it spent) comes just before: `turn_ends`
/// then takes from the twins' turn what the mulligan's turn shares with it.
fn twins_first<'s>(rules: &RuleSet, chunks: Vec<&'s [State]>) -> Vec<&'s [State]> {
    if !rules.house.mulligan {
        return chunks;
    }
    let by_first: std::collections::HashMap<usize, usize> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| (rules.state_index(c[0]), i))
        .collect();
    let mut placed = vec![false; chunks.len()];
    let mut order = Vec::with_capacity(chunks.len());
    for (i, chunk) in chunks.iter().enumerate() {
        if placed[i] {
            continue;
        }
        if !chunk[0].mulligan_used() {
            let twin = by_first.get(&rules.state_index(chunk[0].with_mulligan_used(true)));
            if let Some(&j) = twin.filter(|&&j| !placed[j]) {
                let twins = chunks[j].len() == chunk.len()
                    && chunks[j]
                        .iter()
                        .zip(chunk.iter())
                        .all(|(b, a)| *b == a.with_mulligan_used(true));
                if twins {
                    order.push(chunks[j]);
                    placed[j] = true;
                }
            }
        }
        order.push(chunk);
        placed[i] = true;
    }
    order
}

/// Where one option of a turn leads, in parts ([`Companion::width`] values, as a state's):
/// what this turn will write, with the strategy's play after the option, plus the parts of
/// the states it leads to, read by `next_parts` (a companion table). They add up to the
/// option's expected points still to come. `state` is the state the turn's boxes are
/// scored from (`d` decided for it, once for all its options: [`Strategy::decide`]),
/// `dice` the dice showing, with `rolls_left` rolls to come. House rule "mega-yahtzee":
/// for the sixth-die question and for six dice showing, `d` is decided for the state with
/// the sixth die in hand. `None` for an option that is not one of this position's.
pub fn option_parts(
    strategy: &Strategy,
    d: &TurnDecisions,
    next_parts: &dyn Fn(State) -> Option<Vec<f64>>,
    state: State,
    dice: &Dice,
    rolls_left: u8,
    choice: &Choice,
) -> Option<Vec<f64>> {
    let rules = strategy.rules();
    let t = tables();
    let node = start(state);
    let none = vec![0.0; ROLLS];
    let six = dice.len() == MEGA_DICE;
    if (six || matches!(choice, Choice::SixthDie(_))) && !d.sixth_die_in_hand() {
        return None;
    }
    let (steps, sums) = match choice {
        Choice::SixthDie(true) => {
            mega_turn_end(strategy, d, &node, &d.mega_final_roll_probabilities())
        }
        Choice::SixthDie(false) => {
            let (last, after) = d.final_roll_probabilities();
            turn_end(strategy, d, &node, &last, &after)
        }
        Choice::Keep(keep) if six && rolls_left >= 1 => {
            let probs = d.mega_final_roll_probabilities_after(keep.mega_index(), rolls_left);
            mega_turn_end(strategy, d, &node, &probs)
        }
        Choice::Keep(keep) if rolls_left >= 1 => {
            let (last, after) = d.final_roll_probabilities_after(t.index(keep), rolls_left);
            turn_end(strategy, d, &node, &last, &after)
        }
        Choice::Mulligan(keep) => {
            let after = d.mulligan_roll_probabilities(t.index(keep));
            turn_end(strategy, d, &node, &none, &after)
        }
        Choice::Fill { category, score } => {
            let b = rules.box_index(*category)?;
            // Six dice: five of them are scored, with the sixth die spent.
            let (state, fives) = match six {
                true => {
                    let fives = (1..=MEGA_DICE as u8).filter_map(|f| dice.without(f));
                    (d.state_after_sixth_die(), fives.collect())
                }
                false => (state, vec![*dice]),
            };
            let mut found = None;
            for five in &fives {
                rules.for_each_move(state, five, |m| {
                    if m.box_index == b && m.score == *score && found.is_none() {
                        found = Some((m, *five));
                    }
                });
            }
            let (m, five) = found?;
            let mut sums = Sums::new(rules.box_count());
            sums.add_move(rules, &m, &five, state, 1.0);
            (vec![Step::of(rules, &m, 1.0)], sums)
        }
        Choice::ChanceChance => {
            let state = if six {
                d.state_after_sixth_die()
            } else {
                state
            };
            let mut sums = Sums::new(rules.box_count());
            let steps = (0..ROLLS)
                .map(|r| {
                    let dice = t.keep(r);
                    let m = rules.chance_chance_move(state, &dice);
                    sums.add_move(rules, &m, &dice, state, t.roll_prob(r));
                    Step::of(rules, &m, t.roll_prob(r))
                })
                .collect();
            (steps, sums)
        }
        _ => return None,
    };
    let mut sums = sums;
    if six && rolls_left == 0 && dice.six_of_a_kind().is_some() {
        sums.mega += 1.0; // scored now, whatever the option
    }
    row_of(rules, &steps, &sums, &|i| next_parts(rules.state_at(i)))
}
