//! Exact statistics, by following probability forward through every turn.
//!
//! From the starting card, the probability mass of each scorecard state is carried forward
//! one turn at a time. Within a turn the strategy's keeps move the mass of each roll to the
//! rolls it can become ([`TurnDecisions::final_roll_probabilities`]); the final roll's move
//! then sends it to the next state, shifted by the points the move earns. Each state holds
//! the joint distribution "reached, with x points earned since the start", so when the card
//! is full the sum over states is the exact distribution of the final total.
//!
//! Each level (cards with the same number of boxes filled) is computed in parallel: first
//! the turn of every state (independent), then every next state gathers its incoming mass
//! in a fixed order (source states in index order), so the result is the same bit for bit
//! whatever the number of threads. Only two levels are held at a time.

use rayon::prelude::*;
use yahtzee_advice::{FinalChoice, Strategy, TurnDecisions};
use yahtzee_rules::{tables, Dice, Move, RuleSet, Scorecard, State, ROLLS};
use yahtzee_solver::{Cancel, Cancelled};

/// Mean, second moment and probability of zero of a quantity that takes whole values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moments {
    pub mean: f64,
    /// E(X²).
    pub mean_square: f64,
    /// P(X = 0).
    pub p_zero: f64,
}

impl Moments {
    /// A quantity that is certainly `x`.
    pub fn fixed(x: u32) -> Moments {
        let x = f64::from(x);
        Moments {
            mean: x,
            mean_square: x * x,
            p_zero: if x == 0.0 { 1.0 } else { 0.0 },
        }
    }

    /// The moments of a distribution given as `p[x] = P(X = scale * x)`.
    pub fn of_distribution(p: &[f64], scale: f64) -> Moments {
        let mut m = Moments {
            mean: 0.0,
            mean_square: 0.0,
            p_zero: p.first().copied().unwrap_or(0.0),
        };
        for (x, &px) in p.iter().enumerate() {
            let v = x as f64 * scale;
            m.mean += px * v;
            m.mean_square += px * v * v;
        }
        m
    }

    pub fn variance(&self) -> f64 {
        (self.mean_square - self.mean * self.mean).max(0.0)
    }

    pub fn sd(&self) -> f64 {
        self.variance().sqrt()
    }
}

/// Exact statistics of the final result of a game played with the strategy from a card.
#[derive(Clone, Debug)]
pub struct Exact {
    pub rules: &'static RuleSet,
    /// Points already on the starting card.
    pub points_so_far: u32,
    /// `distribution[x]` = P(final total = x), up to the highest total with positive
    /// probability.
    pub distribution: Vec<f64>,
    /// Per box, in card order: the points written in it at the end of the game.
    pub boxes: Vec<Moments>,
    /// The upper-section bonus (0 or its value).
    pub upper_bonus: Moments,
    /// The extra-Yahtzee bonus points at the end of the game.
    pub yahtzee_bonus: Moments,
    /// House rule "mega-yahtzee": the Mega bonus (0 or its value; always 0 without it).
    pub mega_bonus: Moments,
    /// The final total.
    pub total: Moments,
    /// Expected number of turns still to play whose final roll is five of a kind.
    pub yahtzees: f64,
    /// Expected number of turns still to play that score an extra Yahtzee in a lower box
    /// as a Joker.
    pub jokers: f64,
    /// The table's expected final total (points so far plus the value of the card).
    pub table_value: f64,
}

impl Exact {
    /// P(final total >= t), within [0, 1]: a sum of many rounded terms may stray past
    /// either end by a rounding error, and a sum of none (a total past the last one with a
    /// probability) is -0.0 in Rust, which a report would print as "-0.00%".
    pub fn p_at_least(&self, t: u32) -> f64 {
        probability(self.distribution.iter().skip(t as usize).sum())
    }

    /// P(the upper bonus is earned).
    pub fn p_upper_bonus(&self) -> f64 {
        probability(1.0 - self.upper_bonus.p_zero)
    }
}

/// One state of a level with its mass: `mass[i]` = P(reach `state` with `lo + i` points
/// earned since the start), `bonus[n]` = P(reach it with `n` extra-Yahtzee bonuses earned).
pub(crate) struct Node {
    pub(crate) state: State,
    pub(crate) lo: u32,
    pub(crate) mass: Vec<f64>,
    pub(crate) bonus: Vec<f64>,
}

/// Where a turn's final roll leads: the next state, the points earned, whether an
/// extra-Yahtzee bonus was among them, and the probability.
pub(crate) struct Step {
    pub(crate) next: usize,
    pub(crate) points: u32,
    pub(crate) bonus: bool,
    pub(crate) prob: f64,
}

impl Step {
    /// Move `m` taken with probability `prob`.
    pub(crate) fn of(rules: &RuleSet, m: &Move, prob: f64) -> Step {
        Step {
            next: rules.state_index(m.next),
            points: m.points(),
            bonus: m.yahtzee_bonus > 0,
            prob,
        }
    }
}

/// A step arriving at a state of the next level from source node `src`.
struct Incoming {
    src: u32,
    points: u32,
    bonus: bool,
    prob: f64,
}

/// Probability-weighted sums over the turns of one level.
#[derive(Clone)]
pub(crate) struct Sums {
    /// Per box: Σ w·score, Σ w·score², Σ w·[score = 0].
    pub(crate) boxes: Vec<[f64; 3]>,
    /// Σ w over the turns earning the upper bonus.
    pub(crate) upper_bonus: f64,
    /// Σ w·(extra-Yahtzee bonus points).
    pub(crate) bonus_points: f64,
    yahtzees: f64,
    jokers: f64,
    /// Σ w over the turns earning the Mega bonus (house rule "mega-yahtzee").
    pub(crate) mega: f64,
}

impl Sums {
    pub(crate) fn new(boxes: usize) -> Sums {
        Sums {
            boxes: vec![[0.0; 3]; boxes],
            upper_bonus: 0.0,
            bonus_points: 0.0,
            yahtzees: 0.0,
            jokers: 0.0,
            mega: 0.0,
        }
    }

    /// Counts move `m`, made with final `dice` from `state`, with probability weight `w`.
    pub(crate) fn add_move(
        &mut self,
        rules: &RuleSet,
        m: &Move,
        dice: &Dice,
        state: State,
        w: f64,
    ) {
        let five = dice.five_of_a_kind().is_some();
        let joker = five && rules.is_joker(state, dice, m.box_index);
        self.add_outcome(m, five, joker, w);
    }

    /// Counts move `m` (with a final roll of five of a kind, scored as a Joker) with
    /// probability weight `w`.
    pub(crate) fn add_outcome(&mut self, m: &Move, five: bool, joker: bool, w: f64) {
        let s = f64::from(m.score);
        let b = &mut self.boxes[m.box_index];
        b[0] += w * s;
        b[1] += w * s * s;
        if m.score == 0 {
            b[2] += w;
        }
        if m.upper_bonus > 0 {
            self.upper_bonus += w;
        }
        self.bonus_points += w * f64::from(m.yahtzee_bonus);
        if five {
            self.yahtzees += w;
            if joker {
                self.jokers += w;
            }
        }
    }

    pub(crate) fn add(&mut self, o: &Sums) {
        for (a, b) in self.boxes.iter_mut().zip(&o.boxes) {
            for i in 0..3 {
                a[i] += b[i];
            }
        }
        self.upper_bonus += o.upper_bonus;
        self.bonus_points += o.bonus_points;
        self.yahtzees += o.yahtzees;
        self.jokers += o.jokers;
        self.mega += o.mega;
    }
}

/// Computes the exact statistics of the strategy's play from `card` to the end of the game.
/// `progress` is called once per turn played (the number of boxes open on `card` in all).
pub fn exact(strategy: &Strategy, card: &Scorecard, progress: &(dyn Fn(u64) + Sync)) -> Exact {
    exact_cancellable(strategy, card, progress, &Cancel::new()).expect("never cancelled")
}

/// [`exact()`], stopping with [`Cancelled`] soon after `cancel` is set (it is read before
/// each state's turn); never cancelled, the same statistics bit for bit.
pub fn exact_cancellable(
    strategy: &Strategy,
    card: &Scorecard,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) -> Result<Exact, Cancelled> {
    let rules = strategy.rules();
    let start = card.state();
    let mut level = vec![Node {
        state: start,
        lo: 0,
        mass: vec![1.0],
        bonus: vec![1.0],
    }];
    let mut sums = Sums::new(rules.box_count());
    let mut incoming: Vec<Vec<Incoming>> = Vec::new();
    incoming.resize_with(rules.state_count(), Vec::new);
    while !rules.is_full(level[0].state) {
        let turns: Vec<(Vec<Step>, Sums)> = level
            .par_iter()
            .map_init(
                || strategy.new_decisions(),
                |d, node| {
                    if cancel.is_cancelled() {
                        return (Vec::new(), Sums::new(0));
                    }
                    turn(strategy, d, node)
                },
            )
            .collect();
        cancel.check()?;
        let mut targets = Vec::new();
        for (src, (steps, s)) in turns.into_iter().enumerate() {
            sums.add(&s);
            for st in steps {
                if incoming[st.next].is_empty() {
                    targets.push(st.next);
                }
                incoming[st.next].push(Incoming {
                    src: src as u32,
                    points: st.points,
                    bonus: st.bonus,
                    prob: st.prob,
                });
            }
        }
        targets.sort_unstable();
        let gathered: &[Vec<Incoming>] = &incoming;
        let next: Vec<Node> = targets
            .par_iter()
            .map(|&i| gather(rules.state_at(i), &level, &gathered[i]))
            .collect();
        for &i in &targets {
            incoming[i] = Vec::new();
        }
        level = next;
        progress(1);
    }
    Ok(finish(strategy, card, &level, &sums))
}

/// Plays one turn from `node`: its steps (merged by next state, points and bonus) and its
/// contribution to the per-box sums.
pub(crate) fn turn(strategy: &Strategy, d: &mut TurnDecisions, node: &Node) -> (Vec<Step>, Sums) {
    strategy.decide(node.state, d);
    if d.takes_sixth_die() {
        let (steps, sums) = mega_turn_end(strategy, d, node, &d.mega_final_roll_probabilities());
        return (merge_steps(steps), sums);
    }
    let (last, after_mulligan) = d.final_roll_probabilities();
    let (steps, sums) = turn_end(strategy, d, node, &last, &after_mulligan);
    (merge_steps(steps), sums)
}

/// House rule "mega-yahtzee": the end of the turn with six dice from `node`, whose final
/// rolls of six have the probabilities `probs` (`d` decided for `node.state`, the sixth
/// die in hand): five of each are scored as the strategy scores them, six of a kind adds
/// the Mega bonus. The steps (not merged) and the per-box sums.
pub(crate) fn mega_turn_end(
    strategy: &Strategy,
    d: &TurnDecisions,
    node: &Node,
    probs: &[f64],
) -> (Vec<Step>, Sums) {
    let rules = strategy.rules();
    let reach: f64 = node.mass.iter().sum();
    let mut sums = Sums::new(rules.box_count());
    let mut steps = Vec::with_capacity(ROLLS);
    let mut record = |m: Move, dice: Dice, state: State, p: f64, mega: u32| {
        steps.push(Step {
            next: rules.state_index(m.next),
            points: m.points() + mega,
            bonus: m.yahtzee_bonus > 0,
            prob: p,
        });
        sums.add_move(rules, &m, &dice, state, reach * p);
        if mega > 0 {
            sums.mega += reach * p;
        }
    };
    let t = tables();
    let state = d.state_after_sixth_die();
    let sixes = yahtzee_rules::mega_tables();
    for (r, &p) in probs.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let mega = match sixes.keep(r).six_of_a_kind() {
            Some(_) => rules.mega_bonus,
            None => 0,
        };
        match d.mega_final_choice(r) {
            (five, FinalChoice::Score(m)) => record(m, five, state, p, mega),
            (_, FinalChoice::ChanceChance) => {
                for x in 0..ROLLS {
                    let dice = t.keep(x);
                    let m = rules.chance_chance_move(state, &dice);
                    record(m, dice, state, p * t.roll_prob(x), mega);
                }
            }
            (_, FinalChoice::Mulligan(_)) => unreachable!("no mulligan on the Mega turn"),
        }
    }
    (steps, sums)
}

/// The end of a turn from `node` whose final rolls have the probabilities `last` (scored
/// by the strategy's final choice, `d` decided for `node.state`) and `after_mulligan` (the
/// mulligan's rolls, scored after it): the steps to the next states (not merged) and the
/// per-box sums.
pub(crate) fn turn_end(
    strategy: &Strategy,
    d: &TurnDecisions,
    node: &Node,
    last: &[f64],
    after_mulligan: &[f64],
) -> (Vec<Step>, Sums) {
    let rules = strategy.rules();
    let reach: f64 = node.mass.iter().sum();
    let mut sums = Sums::new(rules.box_count());
    let mut steps = Vec::with_capacity(ROLLS);
    let mut record = |m: Move, dice: Dice, state: State, p: f64| {
        steps.push(Step::of(rules, &m, p));
        sums.add_move(rules, &m, &dice, state, reach * p);
    };
    let t = tables();
    for (state, probs, after) in [
        (node.state, last, false),
        (d.state_after_mulligan(), after_mulligan, true),
    ] {
        // Chance-chance rerolls are gathered and expanded once.
        let mut chance_chance = 0.0;
        for (r, &p) in probs.iter().enumerate().filter(|(_, &p)| p > 0.0) {
            let choice = if after {
                d.choice_after_mulligan(r)
            } else {
                d.final_choice(r)
            };
            match choice {
                FinalChoice::Score(m) => record(m, t.keep(r), state, p),
                FinalChoice::ChanceChance => chance_chance += p,
                // Its mass is in `after_mulligan` already.
                FinalChoice::Mulligan(_) => {}
            }
        }
        if chance_chance > 0.0 {
            for r in 0..ROLLS {
                let dice = t.keep(r);
                let m = rules.chance_chance_move(state, &dice);
                record(m, dice, state, chance_chance * t.roll_prob(r));
            }
        }
    }
    (steps, sums)
}

/// Steps with the same next state, points and bonus flag merged into one.
fn merge_steps(mut steps: Vec<Step>) -> Vec<Step> {
    steps.sort_by_key(|s| (s.next, s.points, s.bonus));
    let mut merged: Vec<Step> = Vec::with_capacity(steps.len());
    for s in steps {
        match merged.last_mut() {
            Some(l) if (l.next, l.points, l.bonus) == (s.next, s.points, s.bonus) => {
                l.prob += s.prob
            }
            _ => merged.push(s),
        }
    }
    merged
}

/// The node of `state` from the steps arriving at it, in source order.
fn gather(state: State, level: &[Node], arriving: &[Incoming]) -> Node {
    let span = |a: &Incoming| {
        let n = &level[a.src as usize];
        (n.lo + a.points, n.lo + a.points + n.mass.len() as u32)
    };
    let lo = arriving.iter().map(|a| span(a).0).min().unwrap_or(0);
    let hi = arriving.iter().map(|a| span(a).1).max().unwrap_or(0);
    let bonus_len = arriving
        .iter()
        .map(|a| level[a.src as usize].bonus.len() + usize::from(a.bonus))
        .max()
        .unwrap_or(0);
    let mut mass = vec![0.0; (hi - lo) as usize];
    let mut bonus = vec![0.0; bonus_len];
    for a in arriving {
        let n = &level[a.src as usize];
        let at = (span(a).0 - lo) as usize;
        for (dst, &src) in mass[at..at + n.mass.len()].iter_mut().zip(&n.mass) {
            *dst += a.prob * src;
        }
        let at = usize::from(a.bonus);
        for (dst, &src) in bonus[at..at + n.bonus.len()].iter_mut().zip(&n.bonus) {
            *dst += a.prob * src;
        }
    }
    Node {
        state,
        lo,
        mass,
        bonus,
    }
}

/// Turns the full-card level and the per-turn sums into the statistics.
fn finish(strategy: &Strategy, card: &Scorecard, full: &[Node], sums: &Sums) -> Exact {
    let rules = strategy.rules();
    let so_far = card.total();
    let top = full
        .iter()
        .map(|n| so_far + n.lo + n.mass.len() as u32)
        .max()
        .unwrap_or(so_far + 1);
    let mut distribution = vec![0.0; top as usize];
    let mut bonus_count = Vec::new();
    for n in full {
        let at = (so_far + n.lo) as usize;
        for (dst, &p) in distribution[at..].iter_mut().zip(&n.mass) {
            *dst += p;
        }
        if bonus_count.len() < n.bonus.len() {
            bonus_count.resize(n.bonus.len(), 0.0);
        }
        for (dst, &p) in bonus_count.iter_mut().zip(&n.bonus) {
            *dst += p;
        }
    }
    let per = f64::from(rules.yahtzee_bonus);
    let yahtzee_bonus = Moments::of_distribution(&bonus_count, per);
    assemble(strategy, card, distribution, yahtzee_bonus, sums)
}

/// The statistics from the distribution of the final total, the moments of the
/// extra-Yahtzee bonus points earned from the starting card on, and the per-turn sums.
pub(crate) fn assemble(
    strategy: &Strategy,
    card: &Scorecard,
    distribution: Vec<f64>,
    mut yahtzee_bonus: Moments,
    sums: &Sums,
) -> Exact {
    let rules = strategy.rules();
    let so_far = card.total();
    let boxes = (0..rules.box_count())
        .map(|b| match card.score(rules.boxes[b]) {
            Some(score) => Moments::fixed(score),
            None => {
                let [s1, s2, zero] = sums.boxes[b];
                Moments {
                    mean: s1,
                    mean_square: s2,
                    p_zero: zero,
                }
            }
        })
        .collect();
    let upper_bonus = if card.upper_total() >= rules.upper_threshold {
        Moments::fixed(rules.upper_bonus)
    } else {
        let p = sums.upper_bonus;
        let v = f64::from(rules.upper_bonus);
        Moments {
            mean: p * v,
            mean_square: p * v * v,
            p_zero: 1.0 - p,
        }
    };
    // Bonuses already on the card shift the count distribution.
    let earned = card.yahtzee_bonus();
    if earned > 0 {
        let e = f64::from(earned);
        yahtzee_bonus = Moments {
            mean: yahtzee_bonus.mean + e,
            mean_square: yahtzee_bonus.mean_square + 2.0 * e * yahtzee_bonus.mean + e * e,
            p_zero: 0.0,
        };
    }
    let mega_bonus = if card.mega_used() {
        Moments::fixed(card.mega_bonus())
    } else {
        let v = f64::from(rules.mega_bonus);
        Moments {
            mean: sums.mega * v,
            mean_square: sums.mega * v * v,
            p_zero: 1.0 - sums.mega,
        }
    };
    let total = Moments::of_distribution(&distribution, 1.0);
    Exact {
        mega_bonus,
        rules,
        points_so_far: so_far,
        distribution,
        boxes,
        upper_bonus,
        yahtzee_bonus,
        total,
        yahtzees: sums.yahtzees,
        jokers: sums.jokers,
        table_value: f64::from(so_far) + strategy.value(card.state()),
    }
}

/// `p` as a probability: within [0, 1], and +0.0 for any zero (never -0.0).
pub fn probability(p: f64) -> f64 {
    if p > 0.0 {
        p.min(1.0)
    } else {
        0.0
    }
}
