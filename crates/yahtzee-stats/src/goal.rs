//! Exact statistics of playing for a goal: a target total, or winning against opponents.
//!
//! The play that maximises P(total ≥ T), or the chance of winning, decides by the points
//! still needed as well as by the state, so the probability is carried forward per
//! (state, points earned) — as in [`crate::exact()`] — but each points value of a state is
//! now played with its own decisions: the points kernel's, read off lane by lane by a
//! [`Follower`] (ties between options of equal chance go to the higher expected score, see
//! there). Points values where the goal is already certain or out of reach play the
//! expected-score [`Strategy`], which is what those ties amount to.
//!
//! The extra-Yahtzee bonus count is no longer independent of the points (a bonus is worth
//! points, and the decisions depend on points), so each (state, points) carries three
//! numbers: the probability, the probability times the bonuses earned so far, and the
//! probability with none earned; with the second moment summed as bonuses are earned,
//! that gives the bonus's exact mean, spread and P(0).
//!
//! Levels are processed as in [`crate::exact()`]; within a level, nodes are played in
//! parallel in batches and their results added to the next level in node order, so the
//! result is the same bit for bit whatever the number of threads.

use std::collections::HashMap;

use rayon::prelude::*;
use yahtzee_advice::{Strategy, TurnDecisions};
use yahtzee_rules::{Scorecard, State};
use yahtzee_solver::{Cancel, Cancelled, Follower, PointsPlan, PointsValues, Prob, CHUNK};

use crate::exact::{assemble, turn, Node, Sums};
use crate::{Exact, Moments};

/// Per (state, points earned): P(reached), E(bonuses so far; reached), P(reached, no bonus).
type Mass = [f64; 3];

/// The goal: a points vector per state (a target table, or a best response to opponents)
/// and the coordinate of the starting card: a game that has earned `e` points since the
/// start reads coordinate `base - e`.
pub struct Goal<'a, T, V: ?Sized> {
    pub values: &'a V,
    pub base: i64,
    _t: std::marker::PhantomData<T>,
}

impl<'a, T: Prob, V: PointsValues<T> + Sync + ?Sized> Goal<'a, T, V> {
    pub fn new(values: &'a V, base: i64) -> Self {
        Goal {
            values,
            base,
            _t: std::marker::PhantomData,
        }
    }
}

struct GoalNode {
    state: State,
    lo: u32,
    mass: Vec<Mass>,
}

/// A mass vector growing at both ends as contributions arrive.
#[derive(Default)]
struct Acc {
    lo: u32,
    v: Vec<Mass>,
}

impl Acc {
    fn add(&mut self, at: u32, x: Mass) {
        if self.v.is_empty() {
            self.lo = at;
        } else if at < self.lo {
            let grow = (self.lo - at) as usize;
            self.v.splice(0..0, std::iter::repeat_n([0.0; 3], grow));
            self.lo = at;
        }
        let i = (at - self.lo) as usize;
        if i >= self.v.len() {
            self.v.resize(i + 1, [0.0; 3]);
        }
        let d = &mut self.v[i];
        for k in 0..3 {
            d[k] += x[k];
        }
    }

    fn merge(&mut self, o: &Acc) {
        if o.v.is_empty() {
            return;
        }
        // Make room for the whole of `o`, then add in order.
        self.add(o.lo, [0.0; 3]);
        self.add(o.lo + o.v.len() as u32 - 1, [0.0; 3]);
        let at = (o.lo - self.lo) as usize;
        for (d, x) in self.v[at..].iter_mut().zip(&o.v) {
            for k in 0..3 {
                d[k] += x[k];
            }
        }
    }
}

/// What one node's turn sends on: per next state (in index order) its mass, and its
/// share of the sums.
struct Sent {
    next: Vec<(usize, Acc)>,
    sums: Sums,
    /// Σ over bonuses earned of P × (2 × bonuses before + 1): the growth of E(bonuses²).
    square: f64,
}

/// The mass `m` after a step that earns a bonus (or not), scaled by `p`.
#[inline(always)]
fn step(m: Mass, bonus: bool, p: f64) -> Mass {
    if bonus {
        [m[0] * p, (m[1] + m[0]) * p, 0.0]
    } else {
        [m[0] * p, m[1] * p, m[2] * p]
    }
}

/// Exact statistics of the play that maximises the goal's payoff from `card` (the
/// expected-score `strategy` where the goal is certain or out of reach). `progress` is
/// called once per turn played.
pub fn exact_goal<T: Prob, V: PointsValues<T> + Sync + ?Sized>(
    strategy: &Strategy,
    goal: &Goal<'_, T, V>,
    card: &Scorecard,
    progress: &(dyn Fn(u64) + Sync),
) -> Exact {
    exact_goal_cancellable(strategy, goal, card, progress, &Cancel::new()).expect("never cancelled")
}

/// [`exact_goal()`], stopping with [`Cancelled`] soon after `cancel` is set (it is read
/// before each batch of states); never cancelled, the same statistics bit for bit.
pub fn exact_goal_cancellable<T: Prob, V: PointsValues<T> + Sync + ?Sized>(
    strategy: &Strategy,
    goal: &Goal<'_, T, V>,
    card: &Scorecard,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) -> Result<Exact, Cancelled> {
    let rules = strategy.rules();
    let plan = PointsPlan::new(rules);
    // No later state can score more than the starting one, so its vector is the longest.
    let longest = goal.values.vector(card.state()).len();
    let mut level = vec![GoalNode {
        state: card.state(),
        lo: 0,
        mass: vec![[1.0, 0.0, 1.0]],
    }];
    let mut sums = Sums::new(rules.box_count());
    let mut square = 0.0;
    const BATCH: usize = 1024;
    while !rules.is_full(level[0].state) {
        let mut accs: HashMap<usize, Acc> = HashMap::new();
        for batch in level.chunks(BATCH) {
            cancel.check()?;
            let sent: Vec<Sent> = batch
                .par_iter()
                .map_init(
                    || {
                        let f = Follower::new(&plan, goal.values, strategy.values(), longest);
                        (f, strategy.new_decisions())
                    },
                    |(f, d), node| goal_turn(strategy, goal, f, d, node),
                )
                .collect();
            for s in sent {
                sums.add(&s.sums);
                square += s.square;
                for (next, acc) in s.next {
                    accs.entry(next).or_default().merge(&acc);
                }
            }
        }
        let mut next: Vec<(usize, Acc)> = accs.into_iter().collect();
        next.sort_unstable_by_key(|(i, _)| *i);
        level = next
            .into_iter()
            .map(|(i, a)| GoalNode {
                state: rules.state_at(i),
                lo: a.lo,
                mass: a.v,
            })
            .collect();
        progress(1);
    }
    let so_far = card.total();
    let top = level
        .iter()
        .map(|n| so_far + n.lo + n.mass.len() as u32)
        .max()
        .unwrap_or(so_far + 1);
    let mut distribution = vec![0.0; top as usize];
    let (mut count, mut none) = (0.0, 0.0);
    for n in &level {
        let at = (so_far + n.lo) as usize;
        for (dst, m) in distribution[at..].iter_mut().zip(&n.mass) {
            *dst += m[0];
            count += m[1];
            none += m[2];
        }
    }
    let per = f64::from(rules.yahtzee_bonus);
    let bonus = Moments {
        mean: count * per,
        mean_square: square * per * per,
        p_zero: none,
    };
    Ok(assemble(strategy, card, distribution, bonus, &sums))
}

/// Plays the turn of one node: each points value by the goal's decisions, or by the
/// expected-score strategy where the goal is certain or out of reach.
fn goal_turn<T: Prob, V: PointsValues<T> + Sync + ?Sized, E: yahtzee_solver::Values + ?Sized>(
    strategy: &Strategy,
    goal: &Goal<'_, T, V>,
    f: &mut Follower<'_, T, V, E>,
    d: &mut TurnDecisions,
    node: &GoalNode,
) -> Sent {
    let rules = strategy.rules();
    let len = goal.values.vector(node.state).len() as i64;
    let coordinate = |off: usize| goal.base - i64::from(node.lo) - off as i64;
    let in_goal = |off: usize| (0..len).contains(&coordinate(off));
    let mut out: HashMap<usize, Acc> = HashMap::new();
    let mut sums = Sums::new(rules.box_count());
    let mut square = 0.0;
    // Points values played for expected score.
    let ev_mass: f64 = (0..node.mass.len())
        .filter(|&o| !in_goal(o))
        .map(|o| node.mass[o][0])
        .sum();
    if ev_mass > 0.0 {
        strategy.decide(node.state, d);
        let one = Node {
            state: node.state,
            lo: 0,
            mass: vec![ev_mass],
            bonus: Vec::new(),
        };
        let (steps, s) = turn(strategy, d, &one);
        sums.add(&s);
        for st in &steps {
            let acc = out.entry(st.next).or_default();
            for (off, &m) in node.mass.iter().enumerate() {
                if in_goal(off) || m == [0.0; 3] {
                    continue;
                }
                acc.add(node.lo + off as u32 + st.points, step(m, st.bonus, st.prob));
                if st.bonus {
                    square += st.prob * (2.0 * m[1] + m[0]);
                }
            }
        }
    }
    // Points values played for the goal, a chunk of coordinates at a time.
    let c_hi = coordinate(0).min(len - 1);
    let c_lo = coordinate(node.mass.len() - 1).max(0);
    if c_lo <= c_hi {
        f.start(node.state);
        let mut weight = vec![0.0; f.outcomes().len()];
        let first = c_lo as usize / CHUNK * CHUNK;
        for c0 in (first..=c_hi as usize).step_by(CHUNK) {
            // Per lane: the offset of its points value in the node, if it has mass.
            let lanes: [Option<usize>; CHUNK] = std::array::from_fn(|i| {
                let c = (c0 + i) as i64;
                let off = goal.base - i64::from(node.lo) - c;
                ((c_lo..=c_hi).contains(&c) && node.mass[off as usize] != [0.0; 3])
                    .then_some(off as usize)
            });
            if lanes.iter().all(Option::is_none) {
                continue;
            }
            f.chunk(c0);
            for (o, (outcome, probs)) in f.outcomes().iter().zip(f.probs()).enumerate() {
                let mv = &outcome.mv;
                let bonus = mv.yahtzee_bonus > 0;
                let live = |(&q, lane): (&f64, &Option<usize>)| lane.filter(|_| q > 0.0);
                if probs.iter().zip(&lanes).all(|x| live(x).is_none()) {
                    continue;
                }
                let acc = out.entry(rules.state_index(mv.next)).or_default();
                for (&q, lane) in probs.iter().zip(&lanes) {
                    let Some(off) = live((&q, lane)) else {
                        continue;
                    };
                    let m = node.mass[off];
                    acc.add(
                        node.lo + off as u32 + outcome.points(rules),
                        step(m, bonus, q),
                    );
                    weight[o] += q * m[0];
                    if bonus {
                        square += q * (2.0 * m[1] + m[0]);
                    }
                }
            }
        }
        for (o, w) in f.outcomes().iter().zip(weight) {
            if w > 0.0 {
                sums.add_outcome(&o.mv, o.five, o.joker, w);
                if o.mega {
                    sums.mega += w;
                }
            }
        }
    }
    let mut next: Vec<(usize, Acc)> = out.into_iter().filter(|(_, a)| !a.v.is_empty()).collect();
    next.sort_unstable_by_key(|(i, _)| *i);
    Sent { next, sums, square }
}
