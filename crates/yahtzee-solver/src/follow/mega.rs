//! The sixth-die turn of a [`Follower`] (house rule "mega-yahtzee"): per lane, whether the
//! turn is played with six dice, and if so how it ends.
//!
//! The values are the kernel's ([`PointsPlan`]'s Mega turn) by the same operations, so
//! the decision to take the die is the table's; ties go to the higher expected score, as
//! everywhere in the follower. A final roll of six is scored with its best five (ties: the
//! higher expected score, then the first five in [`MegaPlan::fives`] order); six of a kind
//! reads its five of a kind `mega_bonus` points on and ends in outcomes that carry the bonus.

use yahtzee_rules::{mega_tables, State, MEGA_KEEPS, MEGA_ROLLS, ROLLS};

use super::{
    better, choice_ev, clear, final_choices, first_best, Finals, Follower, Outcome, CHANCE_CHANCE,
};
use crate::points::{PointsValues, Prob, CHUNK};
use crate::turn::Values;
use crate::MegaPlan;

/// What the follower keeps for the sixth-die turn of the current state.
pub(super) struct MegaFollow {
    /// The current state has the sixth die in hand.
    pub(super) active: bool,
    /// Per roll of six, its sub-keeps (mega keep indices), in index order.
    subs: Vec<Vec<u16>>,
    /// Per reroll (one, two left) and roll of six: its sub-keeps, best expected score first.
    by_ev: [Vec<Vec<u16>>; 2],
    /// The final rolls of five in the state with the sixth die spent.
    finals: Finals,
    /// Per face, the outcomes of the five of a kind's options with the Mega bonus.
    kind_outcomes: [Vec<u16>; 6],
    /// Chance-chance outcomes with the Mega bonus (six of a kind rerolled into Chance).
    kind_chance_chance: Vec<(u16, f64)>,
    /// Expected points still to come: the turn with five dice, and with the sixth die.
    ev_five: f64,
    ev_six: f64,
    // Scratch of one chunk.
    five_choice: Vec<[u8; CHUNK]>,
    kind_choice: Vec<[u8; CHUNK]>,
    /// Per roll of six, the chosen five (index into [`MegaPlan::fives`]).
    sub_five: Vec<[u8; CHUNK]>,
    keep_choice: [Vec<[u16; CHUNK]>; 2],
    mass: [Vec<[f64; CHUNK]>; 2],
}

impl MegaFollow {
    pub(super) fn new() -> MegaFollow {
        let t = mega_tables();
        let subs = (0..MEGA_ROLLS)
            .map(|r| {
                let six = t.keep(r);
                (0..MEGA_KEEPS)
                    .filter(|&k| six.contains(&t.keep(k)))
                    .map(|k| k as u16)
                    .collect()
            })
            .collect();
        MegaFollow {
            active: false,
            subs,
            by_ev: [vec![Vec::new(); MEGA_ROLLS], vec![Vec::new(); MEGA_ROLLS]],
            finals: Finals::empty(),
            kind_outcomes: Default::default(),
            kind_chance_chance: Vec::new(),
            ev_five: 0.0,
            ev_six: 0.0,
            five_choice: vec![[0; CHUNK]; ROLLS],
            kind_choice: vec![[0; CHUNK]; ROLLS],
            sub_five: vec![[0; CHUNK]; MEGA_ROLLS],
            keep_choice: [vec![[0; CHUNK]; MEGA_ROLLS], vec![[0; CHUNK]; MEGA_ROLLS]],
            mass: [
                vec![[0.0; CHUNK]; MEGA_KEEPS],
                vec![[0.0; CHUNK]; MEGA_KEEPS],
            ],
        }
    }
}

impl<T: Prob, N, E> Follower<'_, T, N, E>
where
    N: PointsValues<T> + ?Sized,
    E: Values + ?Sized,
{
    /// Prepares the sixth-die turn of `state` when the die is in hand (continuations are
    /// filled by [`Follower::start`]).
    pub(super) fn start_mega(&mut self, state: State) {
        let Some(mut m) = self.mega.take() else {
            return;
        };
        m.active = self.plan.takes_sixth_die(state);
        if m.active {
            self.prepare_mega(&mut m, state);
        }
        self.mega = Some(m);
    }

    fn prepare_mega(&mut self, m: &mut MegaFollow, state: State) {
        let plan = self.plan;
        let rules = plan.rules();
        let turn = &plan.turn;
        let mega = turn.mega().expect("mega-yahtzee rules");
        let spent = state.with_mega_used(true);
        m.finals = self.finals_of(spent, self.ws.stride);
        // The five of a kinds' options again, as outcomes with the Mega bonus.
        for (f, &r) in turn.yahtzee_rolls.iter().enumerate() {
            let opts = &m.finals.opts[m.finals.start[r]..m.finals.start[r + 1]];
            let plain: Vec<Outcome> = opts
                .iter()
                .map(|o| self.outcomes[usize::from(o.outcome)])
                .collect();
            m.kind_outcomes[f] = plain
                .into_iter()
                .map(|o| self.outcome(Outcome { mega: true, ..o }))
                .collect();
        }
        let plain_cc: Vec<(u16, f64)> = m
            .finals
            .chance_chance
            .as_ref()
            .map_or_else(Vec::new, |(_, outs)| outs.clone());
        m.kind_chance_chance = plain_cc
            .into_iter()
            .map(|(o, p)| {
                let o = self.outcomes[usize::from(o)];
                (self.outcome(Outcome { mega: true, ..o }), p)
            })
            .collect();
        self.probs.resize(self.outcomes.len(), [0.0; CHUNK]);
        // Expected-score keys: the solver's Mega turn on this one state.
        let tws = &mut self.turn_ws;
        m.ev_five = turn.turn_values(tws, &[state], self.ev)[0];
        m.ev_six = turn.mega_values(tws, &[state], self.ev)[0];
        turn.final_rolls(tws, &[spent], self.ev);
        mega.finals_in(
            &tws.keeps[..ROLLS],
            &mut tws.six,
            f64::from(rules.mega_bonus),
        );
        let mut ev_keeps = [vec![0.0; MEGA_KEEPS], vec![0.0; MEGA_KEEPS]];
        mega.expect_keeps_in(&mut tws.six);
        super::copy_lane(&tws.six, &mut ev_keeps[0]);
        mega.best_subkeeps_in(&mut tws.six);
        mega.expect_keeps_in(&mut tws.six);
        super::copy_lane(&tws.six, &mut ev_keeps[1]);
        for (order, ev) in m.by_ev.iter_mut().zip(&ev_keeps) {
            for (o, subs) in order.iter_mut().zip(&m.subs) {
                o.clone_from(subs);
                o.sort_by(|&a, &b| ev[usize::from(b)].total_cmp(&ev[usize::from(a)]));
            }
        }
    }

    /// Values the chunk's Mega turn and sets, per lane, whether it is played
    /// (`five_dice` 0) instead of the five-dice turn, whose values of the opening rolls
    /// are in `ws.keeps`.
    pub(super) fn choose_sixth_die(&mut self, c0: usize) {
        let plan = self.plan;
        let mega = plan.turn.mega().expect("mega-yahtzee rules");
        let mut m = self.mega.take().expect("mega-yahtzee rules");
        let mut five = [T::Acc::default(); CHUNK];
        for (v, &p) in self.ws.keeps[..ROLLS].iter().zip(&plan.turn.roll_prob) {
            for i in 0..CHUNK {
                T::accumulate(&mut five[i], p, v[i]);
            }
        }
        let five = five.map(T::from_acc);
        self.mega_finals(&mut m, mega, c0);
        let mut six = std::mem::take(&mut self.ws.six);
        for (n, order) in [(0, 0), (1, 1)] {
            mega.expect_keeps_in(&mut six);
            for r in 0..MEGA_ROLLS {
                let (best, k) = first_best(&six, &m.by_ev[order][r]);
                six[r] = best;
                m.keep_choice[n][r] = k;
            }
        }
        let mut total = [T::Acc::default(); CHUNK];
        for (r, v) in six[..MEGA_ROLLS].iter().enumerate() {
            let p = mega.roll_prob(r);
            for i in 0..CHUNK {
                T::accumulate(&mut total[i], p, v[i]);
            }
        }
        self.ws.six = six;
        for (i, x) in total.map(T::from_acc).into_iter().enumerate() {
            let take = better(x, m.ev_six, five[i], m.ev_five);
            self.five_dice[i] = if take { 0.0 } else { 1.0 };
        }
        self.mega = Some(m);
    }

    /// The final rolls of six into `ws.six`, with the five scored and its option.
    fn mega_finals(&mut self, m: &mut MegaFollow, mega: &MegaPlan, c0: usize) {
        let plan = self.plan;
        let stride = self.ws.stride;
        let bonus = plan.rules().mega_bonus as isize;
        let mut keeps = std::mem::take(&mut self.ws.keeps);
        // Six of a kind: its five of a kind `bonus` points on (certain below 0, where any
        // coordinate from -CHUNK reads the same).
        let shifted = (c0 as isize - bonus).max(-(CHUNK as isize));
        let cont = &self.ws.cont_mega;
        final_choices(
            plan,
            &m.finals,
            cont,
            stride,
            shifted,
            &mut keeps,
            &mut m.kind_choice,
        );
        let kinds: [[T; CHUNK]; 6] = std::array::from_fn(|f| keeps[plan.turn.yahtzee_rolls[f]]);
        let c0 = c0 as isize;
        final_choices(
            plan,
            &m.finals,
            cont,
            stride,
            c0,
            &mut keeps,
            &mut m.five_choice,
        );
        let six = &mut self.ws.six;
        let rolls = six[..MEGA_ROLLS].iter_mut().zip(&mut m.sub_five);
        for (r, (out, sub_five)) in rolls.enumerate() {
            let subs = mega.fives(r);
            let mut best = [T::FLOOR; CHUNK];
            let mut best_ev = [f64::NEG_INFINITY; CHUNK];
            let mut which = [0u8; CHUNK];
            for (j, &r5) in subs.iter().enumerate() {
                let r5 = usize::from(r5);
                for i in 0..CHUNK {
                    let ev = choice_ev(&m.finals, r5, m.five_choice[r5][i]);
                    if better(keeps[r5][i], ev, best[i], best_ev[i]) {
                        best[i] = keeps[r5][i];
                        best_ev[i] = ev;
                        which[i] = j as u8;
                    }
                }
            }
            *out = best;
            *sub_five = which;
        }
        for (f, &r) in mega.six_kinds().iter().enumerate() {
            six[r] = kinds[f];
        }
        self.ws.keeps = keeps;
    }

    /// Follows the lanes that take the sixth die through their keeps and final choices.
    pub(super) fn spread_mega(&mut self) {
        let mega = self.plan.turn.mega().expect("mega-yahtzee rules");
        let m = self.mega.as_mut().expect("mega-yahtzee rules");
        let take: [f64; CHUNK] = self.five_dice.map(|x| 1.0 - x);
        let [a, b] = &mut m.mass;
        clear(a);
        for r in 0..MEGA_ROLLS {
            let p = mega.roll_prob(r);
            for (i, &k) in m.keep_choice[1][r].iter().enumerate() {
                a[usize::from(k)][i] += p * take[i];
            }
        }
        roll_missing_six(mega, a);
        clear(b);
        for (r, choice) in m.keep_choice[0].iter().enumerate() {
            for (i, &k) in choice.iter().enumerate() {
                b[usize::from(k)][i] += a[r][i];
            }
        }
        roll_missing_six(mega, b);
        let kinds = mega.six_kinds();
        let mut chance_chance = [0.0; CHUNK];
        let mut kind_chance_chance = [0.0; CHUNK];
        let finals = &m.finals;
        for (r, mass) in b[..MEGA_ROLLS].iter().enumerate() {
            let kind = kinds.iter().position(|&k| k == r);
            for (i, &p) in mass.iter().enumerate().filter(|(_, &p)| p > 0.0) {
                match kind {
                    Some(f) => {
                        let r5 = self.plan.turn.yahtzee_rolls[f];
                        match m.kind_choice[r5][i] {
                            CHANCE_CHANCE => kind_chance_chance[i] += p,
                            j => {
                                self.probs[usize::from(m.kind_outcomes[f][usize::from(j)])][i] += p
                            }
                        }
                    }
                    None => {
                        let r5 = usize::from(mega.fives(r)[usize::from(m.sub_five[r][i])]);
                        match m.five_choice[r5][i] {
                            CHANCE_CHANCE => chance_chance[i] += p,
                            j => {
                                let o = finals.opts[finals.start[r5] + usize::from(j)].outcome;
                                self.probs[usize::from(o)][i] += p;
                            }
                        }
                    }
                }
            }
        }
        super::spread_chance_chance(finals, &chance_chance, &mut self.probs);
        for &(o, q) in &m.kind_chance_chance {
            for (p, mass) in self.probs[usize::from(o)]
                .iter_mut()
                .zip(kind_chance_chance)
            {
                *p += mass * q;
            }
        }
    }
}

/// Each keep of fewer than six dice passes its probability in equal sixths to its six
/// one-die-larger keeps, smallest keeps first, until only rolls of six hold any.
fn roll_missing_six(mega: &MegaPlan, a: &mut [[f64; CHUNK]]) {
    for k in (MEGA_ROLLS..MEGA_KEEPS).rev() {
        let sixth = a[k].map(|x| x * (1.0 / 6.0));
        for &j in mega.larger(k) {
            let x = &mut a[usize::from(j)];
            for i in 0..CHUNK {
                x[i] += sixth[i];
            }
        }
        a[k] = [0.0; CHUNK];
    }
}
