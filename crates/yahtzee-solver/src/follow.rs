//! Following a points strategy forward: how one turn ends, for each points coordinate.
//!
//! The statistics of the play that maximises a points payoff (reaching a target, or
//! beating opponents) follow probability forward, as for expected-score play, but the
//! decisions now depend on the points coordinate `c` as well as on the state. A
//! [`Follower`] takes one state and a chunk of [`CHUNK`] coordinates (lanes) and gives, per
//! lane, the probability of every way the turn can end ([`Outcome`]).
//!
//! **The decisions** are the kernel's ([`PointsPlan`]): every option valued from the next
//! states' points vectors, the best taken. Options of equal value are common (near a
//! target many options are certain, far from it many are hopeless); among them the one
//! with the higher expected score (from the value table) is taken, and among those the
//! first in advice order (keeps by index, boxes in card order, scoring before
//! chance-chance before the mulligan). So a lane where every option is certain, or every
//! option hopeless, plays the expected-score strategy, and the best option of every lane
//! is the one `yahtzee advise --target` lists first.
//!
//! The values are computed by the same operations as the kernel, so the chosen options
//! carry exactly the values of the table.

use std::collections::HashMap;

use yahtzee_rules::{tables, Move, RuleSet, State, KEEPS, ROLLS};

use crate::points::{PointsPlan, PointsValues, PointsWorkspace, Prob, CHUNK};
use crate::turn::{Values, Workspace, MAX_SCORE};

mod mega;
use mega::MegaFollow;

/// One way a turn can end: the move scored, with what the statistics count about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub mv: Move,
    /// The final roll was five of a kind.
    pub five: bool,
    /// The move scores an extra Yahtzee as a Joker in a lower box.
    pub joker: bool,
    /// The turn rolled six of a kind with the sixth die and earned the Mega bonus (house
    /// rule "mega-yahtzee").
    pub mega: bool,
}

impl Outcome {
    /// The points the turn earns: the move's, and the Mega bonus when earned.
    pub fn points(&self, rules: &RuleSet) -> u32 {
        self.mv.points() + if self.mega { rules.mega_bonus } else { 0 }
    }
}

/// A final-roll option of one roll: where its value is read and its expected-score key.
#[derive(Clone, Copy)]
struct Opt {
    /// Offset in the continuation buffer of coordinate 0 (`slot * stride + pad - shift`).
    at: usize,
    ev: f64,
    outcome: u16,
}

/// The final-roll options of one state (with the mulligan in hand or not).
struct Finals {
    state: State,
    /// Options of roll `r`: `opts[start[r]..start[r + 1]]`, in card order.
    opts: Vec<Opt>,
    start: Vec<usize>,
    /// Chance-chance (house rule): its expected-score key and its outcomes.
    chance_chance: Option<(f64, Vec<(u16, f64)>)>,
}

impl Finals {
    fn empty() -> Finals {
        Finals {
            state: State::START,
            opts: Vec::new(),
            start: Vec::new(),
            chance_chance: None,
        }
    }
}

/// Codes of the non-scoring final choices.
const CHANCE_CHANCE: u8 = 254;
const MULLIGAN: u8 = 255;

/// Plays the turns of one state for chunks of coordinates (see the module doc).
pub struct Follower<'a, T: Prob, N: ?Sized, E: ?Sized> {
    plan: &'a PointsPlan,
    next: &'a N,
    ev: &'a E,
    ws: PointsWorkspace<T>,
    turn_ws: Workspace,
    /// The outcomes of the current state's turns; `probs[o][lane]` after [`Follower::chunk`].
    outcomes: Vec<Outcome>,
    index: HashMap<Outcome, u16>,
    probs: Vec<[f64; CHUNK]>,
    finals: Finals,
    spent: Option<Finals>,
    /// Expected-score keep values with one and two rerolls left, and with the mulligan's
    /// roll to come (in the state with it spent).
    ev_keeps: [Vec<f64>; 3],
    sub_keeps: Vec<Vec<u16>>,
    /// Per reroll (one, two left) and roll: its sub-keeps by expected score, best first
    /// (ties: lowest index first), so the first one holding a lane's best value is the
    /// lane's choice.
    by_ev: [Vec<Vec<u16>>; 2],
    // Scratch.
    choice: Vec<[u8; CHUNK]>,
    choice_spent: Vec<[u8; CHUNK]>,
    mulligan_keep: Vec<[u16; CHUNK]>,
    keep_choice: [Vec<[u16; CHUNK]>; 2],
    spent_values: Vec<[T; CHUNK]>,
    mass: [Vec<[f64; CHUNK]>; 2],
    /// The sixth-die turn (house rule "mega-yahtzee"), for rules that have it.
    mega: Option<Box<MegaFollow>>,
    /// Per lane, whether the turn is played with five dice (1) or the sixth die (0).
    five_dice: [f64; CHUNK],
}

impl<'a, T: Prob, N, E> Follower<'a, T, N, E>
where
    N: PointsValues<T> + ?Sized,
    E: Values + ?Sized,
{
    /// A follower reading later states' points vectors from `next` (vectors of at most
    /// `max_len` entries) and expected scores from `ev`.
    pub fn new(plan: &'a PointsPlan, next: &'a N, ev: &'a E, max_len: usize) -> Self {
        let t = tables();
        Follower {
            plan,
            next,
            ev,
            ws: plan.workspace(max_len),
            turn_ws: Workspace::new(&plan.turn),
            outcomes: Vec::new(),
            index: HashMap::new(),
            probs: Vec::new(),
            finals: Finals::empty(),
            spent: None,
            ev_keeps: [vec![0.0; KEEPS], vec![0.0; KEEPS], vec![0.0; KEEPS]],
            sub_keeps: (0..ROLLS)
                .map(|r| {
                    let mut k: Vec<u16> = t
                        .keep(r)
                        .sub_keeps()
                        .iter()
                        .map(|d| t.index(d) as u16)
                        .collect();
                    k.sort_unstable();
                    k
                })
                .collect(),
            by_ev: [vec![Vec::new(); ROLLS], vec![Vec::new(); ROLLS]],
            choice: vec![[0; CHUNK]; ROLLS],
            choice_spent: vec![[0; CHUNK]; ROLLS],
            mulligan_keep: vec![[0; CHUNK]; ROLLS],
            keep_choice: [vec![[0; CHUNK]; ROLLS], vec![[0; CHUNK]; ROLLS]],
            spent_values: vec![[T::ZERO; CHUNK]; KEEPS],
            mass: [vec![[0.0; CHUNK]; KEEPS], vec![[0.0; CHUNK]; KEEPS]],
            mega: plan
                .rules()
                .house
                .mega_yahtzee
                .then(|| Box::new(MegaFollow::new())),
            five_dice: [1.0; CHUNK],
        }
    }

    /// Prepares the turns of `state` (not full): its options, continuations and
    /// expected-score keys.
    pub fn start(&mut self, state: State) {
        let plan = self.plan;
        let rules = plan.rules();
        self.outcomes.clear();
        self.index.clear();
        plan.fill_conts(&mut self.ws, state, self.next);
        let mulligan = rules.house.mulligan && !state.mulligan_used();
        let stride = self.ws.stride;
        self.finals = self.finals_of(state, stride);
        self.spent = mulligan.then(|| self.finals_of(state.with_mulligan_used(true), stride));
        self.probs.resize(self.outcomes.len(), [0.0; CHUNK]);
        // Expected-score keys: the solver's turn on this one state.
        let turn = &plan.turn;
        let tws = &mut self.turn_ws;
        if mulligan {
            turn.final_rolls(tws, &[state.with_mulligan_used(true)], self.ev);
            turn.expect_keeps(tws);
            copy_lane(&tws.keeps, &mut self.ev_keeps[2]);
        }
        turn.final_values(tws, &[state], self.ev);
        turn.expect_keeps(tws);
        copy_lane(&tws.keeps, &mut self.ev_keeps[0]);
        turn.best_subkeeps(tws);
        turn.expect_keeps(tws);
        copy_lane(&tws.keeps, &mut self.ev_keeps[1]);
        let forced = rules.full_house_forcing(state).is_some();
        for (order, ev) in self.by_ev.iter_mut().zip(&self.ev_keeps) {
            for (r, (o, subs)) in order.iter_mut().zip(&self.sub_keeps).enumerate() {
                if forced && is_full_house(r) {
                    // House rule "fool-house": this roll is scored at once (kept whole).
                    *o = vec![r as u16];
                    continue;
                }
                o.clone_from(subs);
                o.sort_by(|&a, &b| ev[usize::from(b)].total_cmp(&ev[usize::from(a)]));
            }
        }
        self.start_mega(state);
    }

    /// The outcomes of the current state's turns.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// `probs()[o][i]`: the probability that the turn, played for coordinate `c0 + i`,
    /// ends in outcome `o` (after [`Follower::chunk`]).
    pub fn probs(&self) -> &[[f64; CHUNK]] {
        &self.probs
    }

    fn outcome(&mut self, o: Outcome) -> u16 {
        let n = self.outcomes.len() as u16;
        *self.index.entry(o).or_insert_with(|| {
            self.outcomes.push(o);
            n
        })
    }

    /// The options of every final roll in `state`.
    fn finals_of(&mut self, state: State, stride: usize) -> Finals {
        let plan = self.plan;
        let rules = plan.rules();
        let t = tables();
        let mut opts = Vec::new();
        let mut start = vec![0];
        for r in 0..ROLLS {
            let dice = t.keep(r);
            let five = dice.five_of_a_kind().is_some();
            let mut moves = Vec::new();
            rules.for_each_move(state, &dice, |m| moves.push(m));
            for m in moves {
                let joker = rules.is_joker(state, &dice, m.box_index);
                let outcome = self.outcome(Outcome {
                    mv: m,
                    five,
                    joker,
                    mega: false,
                });
                let slot = plan.turn.slot_by_score[m.box_index * MAX_SCORE + m.score as usize];
                let shift = (m.score + m.yahtzee_bonus) as usize;
                let ev = f64::from(m.score + m.yahtzee_bonus)
                    + (f64::from(m.upper_bonus) + self.ev.value(rules, m.next));
                opts.push(Opt {
                    at: usize::from(slot) * stride + plan.pad - shift,
                    ev,
                    outcome,
                });
            }
            start.push(opts.len());
        }
        let chance_chance = rules.chance_chance_box(state).map(|_| {
            let ev = crate::turn::chance_chance_value(rules, state, self.ev);
            let mut outs: Vec<(u16, f64)> = Vec::new();
            for r in 0..ROLLS {
                let dice = t.keep(r);
                let m = rules.chance_chance_move(state, &dice);
                let five = dice.five_of_a_kind().is_some();
                let o = self.outcome(Outcome {
                    mv: m,
                    five,
                    joker: false,
                    mega: false,
                });
                match outs.iter_mut().find(|(x, _)| *x == o) {
                    Some(x) => x.1 += t.roll_prob(r),
                    None => outs.push((o, t.roll_prob(r))),
                }
            }
            (ev, outs)
        });
        Finals {
            state,
            opts,
            start,
            chance_chance,
        }
    }

    /// Plays the current state's turn for coordinates `c0..c0 + CHUNK` (`c0` a multiple of
    /// [`CHUNK`] below the state's vector length); read the result with
    /// [`Follower::probs`].
    pub fn chunk(&mut self, c0: usize) {
        debug_assert_eq!(c0 % CHUNK, 0);
        let plan = self.plan;
        let turn = &plan.turn;
        let mut keeps = std::mem::take(&mut self.ws.keeps);
        let mulligan = self.spent.is_some();
        if let Some(spent) = &self.spent {
            final_choices(
                self.plan,
                spent,
                &self.ws.cont_spent,
                self.ws.stride,
                c0 as isize,
                &mut keeps,
                &mut self.choice_spent,
            );
            turn.expect_keeps_in(&mut keeps);
            self.spent_values.copy_from_slice(&keeps);
        }
        final_choices(
            self.plan,
            &self.finals,
            &self.ws.cont,
            self.ws.stride,
            c0 as isize,
            &mut keeps,
            &mut self.choice,
        );
        if mulligan {
            self.take_mulligans(&mut keeps);
        }
        for (n, ev) in [(0, 0), (1, 1)] {
            turn.expect_keeps_in(&mut keeps);
            let choice = &mut self.keep_choice[n];
            for r in 0..ROLLS {
                let (best, k) = first_best(&keeps, &self.by_ev[ev][r]);
                keeps[r] = best;
                choice[r] = k;
            }
        }
        self.ws.keeps = keeps;
        self.five_dice = [1.0; CHUNK];
        if self.mega.as_ref().is_some_and(|m| m.active) {
            self.choose_sixth_die(c0);
        }
        self.spread();
        if self.mega.as_ref().is_some_and(|m| m.active) {
            self.spread_mega();
        }
    }

    /// Final rolls where spending the mulligan (the best keep other than all five, valued
    /// with its roll to come in the spent state) is strictly better than the final choice.
    fn take_mulligans(&mut self, keeps: &mut [[T; CHUNK]]) {
        let ev_spent = &self.ev_keeps[2];
        let forced = self
            .plan
            .rules()
            .full_house_forcing(self.finals.state)
            .is_some();
        for (r, current) in keeps[..ROLLS].iter_mut().enumerate() {
            if forced && is_full_house(r) {
                continue; // scored at once (house rule "fool-house")
            }
            let (best, k) = best_keep(&self.spent_values, ev_spent, &self.sub_keeps[r], r);
            for i in 0..CHUNK {
                if k[i] == u16::MAX {
                    continue;
                }
                let evk = ev_spent[usize::from(k[i])];
                let ev_now = choice_ev(&self.finals, r, self.choice[r][i]);
                if better(best[i], evk, current[i], ev_now) {
                    current[i] = best[i];
                    self.choice[r][i] = MULLIGAN;
                    self.mulligan_keep[r][i] = k[i];
                }
            }
        }
    }

    /// Follows the probability of each lane through the chosen keeps and final choices.
    fn spread(&mut self) {
        let t = tables();
        for p in &mut self.probs {
            *p = [0.0; CHUNK];
        }
        let [a, b] = &mut self.mass;
        clear(a);
        for r in 0..ROLLS {
            let p = t.roll_prob(r);
            for (i, &k) in self.keep_choice[1][r].iter().enumerate() {
                a[usize::from(k)][i] += p * self.five_dice[i];
            }
        }
        roll_missing(a);
        clear(b);
        for (r, choice) in self.keep_choice[0].iter().enumerate() {
            for (i, &k) in choice.iter().enumerate() {
                b[usize::from(k)][i] += a[r][i];
            }
        }
        roll_missing(b);
        // b holds the final rolls; mulligan keeps gather in a.
        clear(a);
        let mut chance_chance = [0.0; CHUNK];
        for (r, mass) in b[..ROLLS].iter().enumerate() {
            let opts = &self.finals.opts[self.finals.start[r]..self.finals.start[r + 1]];
            for (i, &p) in mass.iter().enumerate() {
                match self.choice[r][i] {
                    CHANCE_CHANCE => chance_chance[i] += p,
                    MULLIGAN => a[usize::from(self.mulligan_keep[r][i])][i] += p,
                    j => self.probs[usize::from(opts[usize::from(j)].outcome)][i] += p,
                }
            }
        }
        spread_chance_chance(&self.finals, &chance_chance, &mut self.probs);
        if let Some(spent) = &self.spent {
            roll_missing(a);
            let mut chance_chance = [0.0; CHUNK];
            for (r, mass) in a[..ROLLS].iter().enumerate() {
                let opts = &spent.opts[spent.start[r]..spent.start[r + 1]];
                for (i, &p) in mass.iter().enumerate() {
                    match self.choice_spent[r][i] {
                        CHANCE_CHANCE => chance_chance[i] += p,
                        j => self.probs[usize::from(opts[usize::from(j)].outcome)][i] += p,
                    }
                }
            }
            spread_chance_chance(spent, &chance_chance, &mut self.probs);
        }
    }

    /// The state of the current turns.
    pub fn state(&self) -> State {
        self.finals.state
    }
}

/// `a` is better than `b`: higher value, or equal value and higher expected score.
#[inline(always)]
fn better<T: Prob>(a: T, a_ev: f64, b: T, b_ev: f64) -> bool {
    a > b || (a >= b && a_ev > b_ev)
}

/// Per lane, the best value among keeps `order` and the first keep in that order that
/// holds it.
#[inline(always)]
fn first_best<T: Prob>(values: &[[T; CHUNK]], order: &[u16]) -> ([T; CHUNK], [u16; CHUNK]) {
    let mut best = [T::FLOOR; CHUNK];
    for &k in order {
        let v = &values[usize::from(k)];
        for i in 0..CHUNK {
            best[i] = crate::lanes::max(best[i], v[i]);
        }
    }
    let mut which = [u16::MAX; CHUNK];
    for &k in order {
        let v = &values[usize::from(k)];
        let mut done = true;
        for i in 0..CHUNK {
            let hit = which[i] == u16::MAX && v[i] >= best[i];
            which[i] = if hit { k } else { which[i] };
            done &= which[i] != u16::MAX;
        }
        if done {
            break;
        }
    }
    (best, which)
}

/// The expected-score key of final choice `code` of roll `r`.
fn choice_ev(f: &Finals, r: usize, code: u8) -> f64 {
    match code {
        CHANCE_CHANCE => f.chance_chance.as_ref().map_or(f64::NEG_INFINITY, |c| c.0),
        MULLIGAN => f64::NEG_INFINITY,
        j => f.opts[f.start[r] + usize::from(j)].ev,
    }
}

/// Per lane, the best of the roll's sub-keeps (`subs`, in index order; `skip` excluded):
/// its value and keep index (`u16::MAX` when there is none).
#[inline(always)]
fn best_keep<T: Prob>(
    values: &[[T; CHUNK]],
    ev: &[f64],
    subs: &[u16],
    skip: usize,
) -> ([T; CHUNK], [u16; CHUNK]) {
    let mut best = [T::FLOOR; CHUNK];
    let mut best_ev = [f64::NEG_INFINITY; CHUNK];
    let mut which = [u16::MAX; CHUNK];
    for &k in subs.iter().filter(|&&k| usize::from(k) != skip) {
        let v = &values[usize::from(k)];
        let e = ev[usize::from(k)];
        for i in 0..CHUNK {
            if better(v[i], e, best[i], best_ev[i]) {
                best[i] = v[i];
                best_ev[i] = e;
                which[i] = k;
            }
        }
    }
    (best, which)
}

/// Step 1 with choices: `values[r]` = the best final option of roll `r` per lane (moves in
/// card order, then chance-chance), `choice[r]` its code.
fn final_choices<T: Prob>(
    plan: &PointsPlan,
    f: &Finals,
    cont: &[T],
    stride: usize,
    c0: isize,
    values: &mut [[T; CHUNK]],
    choice: &mut [[u8; CHUNK]],
) {
    let cc = f
        .chance_chance
        .as_ref()
        .and_then(|_| plan.chance_chance_lanes(cont, stride, f.state, c0));
    let forced = plan.rules().full_house_forcing(f.state).is_some();
    for r in 0..ROLLS {
        let mut best = [T::FLOOR; CHUNK];
        let mut best_ev = [f64::NEG_INFINITY; CHUNK];
        let mut code = [0u8; CHUNK];
        for (j, o) in f.opts[f.start[r]..f.start[r + 1]].iter().enumerate() {
            let at = (o.at as isize + c0) as usize;
            let v = &cont[at..at + CHUNK];
            for i in 0..CHUNK {
                if better(v[i], o.ev, best[i], best_ev[i]) {
                    best[i] = v[i];
                    best_ev[i] = o.ev;
                    code[i] = j as u8;
                }
            }
        }
        let free = !(forced && is_full_house(r));
        if let (Some(v), Some((ev, _)), true) = (&cc, &f.chance_chance, free) {
            for i in 0..CHUNK {
                if better(v[i], *ev, best[i], best_ev[i]) {
                    best[i] = v[i];
                    best_ev[i] = *ev;
                    code[i] = CHANCE_CHANCE;
                }
            }
        }
        values[r] = best;
        choice[r] = code;
    }
}

/// Lanes' chance-chance probability spread over its outcomes.
fn spread_chance_chance(f: &Finals, mass: &[f64; CHUNK], probs: &mut [[f64; CHUNK]]) {
    let Some((_, outs)) = &f.chance_chance else {
        return;
    };
    if mass.iter().all(|&m| m == 0.0) {
        return;
    }
    for &(o, q) in outs {
        let p = &mut probs[usize::from(o)];
        for i in 0..CHUNK {
            p[i] += mass[i] * q;
        }
    }
}

/// True when roll `r` is a natural full house (house rule "fool-house").
fn is_full_house(r: usize) -> bool {
    tables().keep(r).is_natural_full_house()
}

fn clear(a: &mut [[f64; CHUNK]]) {
    for x in a {
        *x = [0.0; CHUNK];
    }
}

/// Each keep's probability goes in equal sixths to its six one-die-larger keeps, smallest
/// keeps first, until only five-dice rolls hold any.
fn roll_missing(a: &mut [[f64; CHUNK]]) {
    let t = tables();
    for k in (ROLLS..KEEPS).rev() {
        let mut sixth = a[k];
        for s in &mut sixth {
            *s *= 1.0 / 6.0;
        }
        for &j in t.add(k) {
            let x = &mut a[usize::from(j)];
            for i in 0..CHUNK {
                x[i] += sixth[i];
            }
        }
        a[k] = [0.0; CHUNK];
    }
}

fn copy_lane(keeps: &[crate::Lanes], out: &mut [f64]) {
    for (o, k) in out.iter_mut().zip(keeps) {
        *o = k[0];
    }
}
