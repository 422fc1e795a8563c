//! Backward induction over every scorecard state, in parallel, level by level.

#[cfg(feature = "multiversion")]
use multiversion::multiversion;
use yahtzee_rules::{RuleSet, State};

use crate::cancel::{Cancel, Cancelled};
use crate::lanes::{Lanes, LANES};
use crate::turn::{TurnPlan, Workspace};

/// The value stored for states that no game can reach from the empty card (their upper
/// total cannot be made with the filled upper boxes, or the Yahtzee flag is set with the
/// Yahtzee box open). Scorecards that pass validation never map to them.
pub const UNREACHABLE: f64 = f64::NAN;

/// The states of one filled set that a game can reach, in lane order (so states with the
/// same flags are contiguous).
pub fn reachable_states(rules: &RuleSet, filled: u32) -> Vec<State> {
    let upper = rules.reachable_upper(filled);
    let lanes = rules.lanes_per_set();
    (0..lanes)
        .filter(|lane| upper >> (lane % 64) & 1 == 1)
        .map(|lane| rules.state_at(filled as usize * lanes + lane))
        .filter(|&s| rules.flags_possible(s))
        .collect()
}

/// Computes the expected final score still to come (under optimal play) of every state of
/// `rules`, indexed by [`RuleSet::state_index`]. Unreachable states hold [`UNREACHABLE`].
///
/// Filled sets are processed from the full card down to the empty one; all sets with the
/// same number of filled boxes are independent and run in parallel. `progress` is called
/// with the number of filled sets just finished. The result is the same bit for bit
/// whatever the number of threads.
pub fn solve(rules: &'static RuleSet, progress: &(dyn Fn(u64) + Sync)) -> Vec<f64> {
    solve_cancellable(rules, progress, &Cancel::new()).expect("never cancelled")
}

/// [`solve`], stopping with [`Cancelled`] soon after `cancel` is set (it is read before
/// each filled set); never cancelled, the same values bit for bit.
pub fn solve_cancellable(
    rules: &'static RuleSet,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) -> Result<Vec<f64>, Cancelled> {
    solve_part(rules, 0, progress, cancel)
}

/// The part of the table that a card with the boxes of `need` filled (a bit per box) can
/// still reach: the values of every state whose filled boxes include `need`, the same
/// bits as [`solve`] gives them; every other state holds NaN. The filled sets of the
/// part are `2^(boxes - filled)` of the whole's `2^boxes`: a sixteenth of the work with
/// four boxes filled, which is how a page answers a position before its whole table is
/// solved. `progress` hears of each of the part's filled sets; `need` 0 is [`solve`].
pub fn solve_part(
    rules: &'static RuleSet,
    need: u32,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) -> Result<Vec<f64>, Cancelled> {
    let plan = TurnPlan::new(rules);
    let lanes = rules.lanes_per_set();
    let nb = rules.box_count() as u32;
    let mut values = vec![UNREACHABLE; rules.state_count()];
    let full = (1u32 << nb) - 1;
    let need = need & full;
    for s in reachable_states(rules, full) {
        values[rules.state_index(s)] = 0.0;
    }
    progress(1);
    for level in (need.count_ones()..nb).rev() {
        let sets: Vec<u32> = (0..full)
            .filter(|f| f.count_ones() == level && f & need == need)
            .collect();
        let done: &[f64] = &values;
        let blocks: Vec<Vec<f64>> = crate::par::map_init(
            &sets,
            || Workspace::new(&plan),
            |ws, &filled| {
                if cancel.is_cancelled() {
                    return Vec::new();
                }
                let block = solve_set(&plan, ws, filled, done);
                progress(1);
                block
            },
        );
        cancel.check()?;
        for (filled, block) in sets.iter().zip(blocks) {
            let start = *filled as usize * lanes;
            values[start..start + lanes].copy_from_slice(&block);
        }
    }
    Ok(values)
}

/// The values of one filled set's block of lanes.
fn solve_set(plan: &TurnPlan, ws: &mut Workspace, filled: u32, done: &[f64]) -> Vec<f64> {
    let rules = plan.rules();
    let mut block = vec![UNREACHABLE; rules.lanes_per_set()];
    let (states, copies) = distinct_turns(rules, filled);
    plan.prepare_set(ws, filled);
    solve_distinct(plan, ws, &states, done, &mut block);
    for (to, from) in copies {
        block[to] = block[from];
    }
    block
}

/// The reachable states of a filled set whose turns differ, in lane order, and the lanes
/// that copy one of them: (lane, lane of the state with its value). Among the states of one
/// set of flags whose upper bonus is decided ([`RuleSet::upper_decided`]), only the first
/// is computed: the others have its value bit for bit. A third of the official rules'
/// states, all but one per flags of a game without the bonus.
pub fn distinct_turns(rules: &RuleSet, filled: u32) -> (Vec<State>, Vec<(usize, usize)>) {
    let mut distinct = Vec::new();
    let mut copies = Vec::new();
    let mut decided: Option<(usize, usize)> = None; // (flags, lane) of the first decided
    let open = rules.upper_open(filled);
    for s in reachable_states(rules, filled) {
        let lane = rules.lane(s);
        if !open.contains(&u32::from(s.upper())) {
            match decided {
                Some((flags, first)) if flags == lane / 64 => {
                    copies.push((lane, first));
                    continue;
                }
                _ => decided = Some((lane / 64, lane)),
            }
        }
        distinct.push(s);
    }
    (distinct, copies)
}

/// The values of `states` (one filled set, lane order) into their lanes of `block`.
fn solve_distinct(
    plan: &TurnPlan,
    ws: &mut Workspace,
    states: &[State],
    done: &[f64],
    block: &mut [f64],
) {
    let rules = plan.rules();
    // Lane order puts the states with the sixth die in hand (house rule "mega-yahtzee")
    // first; each half is solved as an ordinary turn, then the first half may take the
    // sixth die instead.
    let (in_hand, spent) = states.split_at(states.partition_point(|s| !s.mega_used()));
    let twins = rules.house.mega_yahtzee
        && !rules.house.mulligan
        && in_hand.len() == spent.len()
        && in_hand
            .iter()
            .zip(spent)
            .all(|(a, b)| a.with_mega_used(true) == *b);
    if twins {
        // Each spent state's final rolls serve its own turn and its twin's sixth-die turn.
        ordinary_turns(plan, ws, in_hand, done, block);
        for (a, b) in in_hand.chunks(LANES).zip(spent.chunks(LANES)) {
            let (ordinary, six) = mega_pair(plan, ws, b, done);
            for ((s, t), (x, y)) in a.iter().zip(b).zip(six.into_iter().zip(ordinary)) {
                block[rules.lane(*t)] = y;
                let v = &mut block[rules.lane(*s)];
                *v = if x > *v { x } else { *v };
            }
        }
        return;
    }
    for half in [in_hand, spent] {
        ordinary_turns(plan, ws, half, done, block);
    }
    if rules.house.mega_yahtzee {
        for chunk in in_hand.chunks(LANES) {
            let six = mega_values(plan, ws, chunk, done);
            for (s, x) in chunk.iter().zip(six) {
                let v = &mut block[rules.lane(*s)];
                *v = if x > *v { x } else { *v };
            }
        }
    }
}

/// The ordinary turn's value of `states` (of one filled set, agreeing on the sixth die)
/// into their lanes of `block`.
fn ordinary_turns(
    plan: &TurnPlan,
    ws: &mut Workspace,
    states: &[State],
    done: &[f64],
    block: &mut [f64],
) {
    let rules = plan.rules();
    let mut put = |chunk: &[State], v: Lanes| {
        for (s, x) in chunk.iter().zip(v) {
            block[rules.lane(*s)] = x;
        }
    };
    // Lane order puts the states with the mulligan in hand (house rule) first; where each
    // has its twin with the mulligan spent, the two are evaluated together.
    let (unused, used) = states.split_at(states.partition_point(|s| !s.mulligan_used()));
    let twins = rules.house.mulligan
        && unused.len() == used.len()
        && unused
            .iter()
            .zip(used)
            .all(|(a, b)| a.with_mulligan_used(true) == *b);
    if twins {
        for (a, b) in unused.chunks(LANES).zip(used.chunks(LANES)) {
            let (va, vb) = mulligan_pair(plan, ws, a, b, done);
            put(a, va);
            put(b, vb);
        }
    } else {
        for chunk in unused.chunks(LANES).chain(used.chunks(LANES)) {
            put(chunk, turn_values(plan, ws, chunk, done));
        }
    }
}

/// The kernel, compiled for AVX2 and AVX-512 besides the baseline and picked at run time.
/// Rust never fuses or reorders floating-point operations, so every version gives the same
/// bits; only the speed differs.
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
fn turn_values(plan: &TurnPlan, ws: &mut Workspace, states: &[State], done: &[f64]) -> Lanes {
    plan.turn_values(ws, states, done)
}

/// [`TurnPlan::mulligan_pair`], multiversioned like [`turn_values`].
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
fn mulligan_pair(
    plan: &TurnPlan,
    ws: &mut Workspace,
    unused: &[State],
    used: &[State],
    done: &[f64],
) -> (Lanes, Lanes) {
    plan.mulligan_pair(ws, unused, used, done)
}

/// [`TurnPlan::mega_values`], multiversioned like [`turn_values`].
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
fn mega_values(plan: &TurnPlan, ws: &mut Workspace, states: &[State], done: &[f64]) -> Lanes {
    plan.mega_values(ws, states, done)
}

/// [`TurnPlan::mega_pair`], multiversioned like [`turn_values`].
#[cfg_attr(
    feature = "multiversion",
    multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))
)]
fn mega_pair(plan: &TurnPlan, ws: &mut Workspace, spent: &[State], done: &[f64]) -> (Lanes, Lanes) {
    plan.mega_pair(ws, spent, done)
}
