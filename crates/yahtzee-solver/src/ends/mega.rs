//! House rule "mega-yahtzee" in [`turn_ends`](super::turn_ends): the turn with the sixth
//! die. With it in hand, the advisor takes it where the six-dice turn is strictly worth
//! more than the ordinary one (`TurnDecisions::takes_sixth_die`); on that turn the keeps
//! of up to six dice are chosen as the five-dice ones are (the lowest-index best keep),
//! after the last roll of six the first best of its five-dice sub-rolls (in
//! [`MegaPlan::fives`] order) is scored as the state with the sixth die spent scores it,
//! and six of a kind earns the Mega bonus on top. The lanes that take it have their
//! ordinary turn's probability moved here: the opening roll of six's probabilities go
//! through the keeps chosen to the rolls of six, each to its five dice's move.

use yahtzee_rules::{mega_tables, State, MEGA_KEEPS, MEGA_ROLLS, ROLLS};

use super::{each, index_of, keep_best_at, scatter, select, Bonus, Branch, End, Keeps, TurnEnds};
use crate::lanes::{max, Lanes, LANES};
use crate::mega::MegaPlan;
use crate::turn::{TurnPlan, Values, Workspace};

/// The sixth die's part of a turn that starts with it in hand.
pub(super) struct MegaEnds {
    /// Per lane: 1 where the sixth die is taken.
    take: Lanes,
    /// Per lane: the six-dice turn's value.
    value: Lanes,
    /// Per roll of six: the keep each lane takes with one and with two rerolls left.
    keep_at: [Vec<[u16; LANES]>; 2],
    /// Per roll of six: the five dice each lane scores (a five-dice roll index).
    best_five: Vec<[u16; LANES]>,
    /// Per five-dice roll: how each lane's choice ends the turn, in the state with the
    /// sixth die spent.
    end: Vec<End>,
    bonuses: Vec<Bonus>,
    /// Scratch: per six-dice keep, the lowest index holding its best; probabilities, per
    /// keep and per roll of six between the rerolls.
    best_at: Vec<Keeps>,
    mass: Vec<Lanes>,
    rolls: Vec<Lanes>,
    /// Per five-dice roll, per lane: the probability the six-dice turn scores it.
    five_mass: Vec<Lanes>,
    /// As [`TurnEnds::slot_mass`], for the moves the six-dice turn writes.
    pub(super) slot_mass: Vec<Lanes>,
}

impl MegaEnds {
    fn new() -> MegaEnds {
        MegaEnds {
            take: [0.0; LANES],
            value: [0.0; LANES],
            keep_at: [vec![[0; LANES]; MEGA_ROLLS], vec![[0; LANES]; MEGA_ROLLS]],
            best_five: vec![[0; LANES]; MEGA_ROLLS],
            end: vec![End::default(); ROLLS],
            bonuses: Vec::new(),
            best_at: vec![[0.0; LANES]; MEGA_KEEPS],
            mass: vec![[0.0; LANES]; MEGA_KEEPS],
            rolls: vec![[0.0; LANES]; MEGA_ROLLS],
            five_mass: vec![[0.0; LANES]; ROLLS],
            slot_mass: Vec::new(),
        }
    }
}

/// `states` with the sixth die spent.
fn spent(states: &[State]) -> [State; LANES] {
    each(states, |s| s.with_mega_used(true))
}

impl TurnPlan {
    /// The six-dice turn of `states` (the sixth die in hand): the five-dice choices of the
    /// states with it spent, each roll of six's five dice, the keeps, and its value (the
    /// kernel's `mega_values`, the same operations).
    #[inline(always)]
    pub(super) fn mega_ends(
        &self,
        ws: &mut Workspace,
        states: &[State],
        next: &(impl Values + ?Sized),
        ends: &mut TurnEnds,
    ) {
        let mega = self.mega().expect("the rule set has mega-yahtzee");
        let spent = spent(states);
        let spent = &spent[..states.len()];
        self.final_rolls(ws, spent, next);
        self.final_choices(ws, spent, ends);
        let m = ends.mega.get_or_insert_with(|| Box::new(MegaEnds::new()));
        std::mem::swap(&mut m.end, &mut ends.end);
        std::mem::swap(&mut m.bonuses, &mut ends.bonuses);
        // Each roll of six's first best five, as the advisor picks it.
        for (r, best_five) in m.best_five.iter_mut().enumerate() {
            let subs = mega.fives(r);
            let mut best = ws.keeps[usize::from(subs[0])];
            for &j in &subs[1..] {
                let x = &ws.keeps[usize::from(j)];
                for i in 0..LANES {
                    best[i] = max(best[i], x[i]);
                }
            }
            for i in 0..LANES {
                let first = subs
                    .iter()
                    .find(|&&j| ws.keeps[usize::from(j)][i] == best[i]);
                best_five[i] = *first.expect("six dice have five-dice sub-rolls");
            }
        }
        let bonus = f64::from(self.rules().mega_bonus);
        mega.finals_in(&ws.keeps[..ROLLS], &mut ws.six, bonus);
        for keep_at in &mut m.keep_at {
            mega.expect_keeps_in(&mut ws.six);
            best_at_six(mega, &mut ws.six, &mut m.best_at);
            for (k, at) in keep_at.iter_mut().zip(&m.best_at) {
                *k = at.map(|x| index_of(x) as u16);
            }
        }
        m.value = mega.opening_mean(&ws.six);
    }

    /// Where each lane takes the sixth die: the six-dice turn strictly worth more than the
    /// ordinary one (`ordinary`, the turn's value without it).
    #[inline(always)]
    pub(super) fn mega_take(&self, ordinary: &Lanes, ends: &mut TurnEnds) {
        let m = ends.mega.as_mut().expect("the six-dice turn first");
        for ((take, &six), &five) in m.take.iter_mut().zip(&m.value).zip(ordinary) {
            *take = select(six > five, 1.0, 0.0);
        }
    }

    /// The lanes' probability of taking the sixth die, from their ordinary final rolls
    /// (`ends.roll_mass`, which keeps the rest) to the rolls of six and the five dice
    /// each scores; the Mega bonus of six of a kind into `ends.mega_bonus`.
    #[inline(always)]
    pub(super) fn forward_mega(&self, ends: &mut TurnEnds) {
        let mega = self.mega().expect("the rule set has mega-yahtzee");
        let m = ends.mega.as_mut().expect("the six-dice turn first");
        for mass in &mut ends.roll_mass {
            for (p, take) in mass.iter_mut().zip(&m.take) {
                *p *= 1.0 - take;
            }
        }
        let t = mega_tables();
        for (r, mass) in m.mass[..MEGA_ROLLS].iter_mut().enumerate() {
            let p = t.roll_prob(r);
            for (x, take) in mass.iter_mut().zip(&m.take) {
                *x = p * take;
            }
        }
        for keep_at in [1, 0] {
            m.rolls.copy_from_slice(&m.mass[..MEGA_ROLLS]);
            m.mass.fill([0.0; LANES]);
            for (keeps, p) in m.keep_at[keep_at].iter().zip(&m.rolls) {
                scatter(&mut m.mass, keeps, p);
            }
            roll_out_six(mega, &mut m.mass);
        }
        m.five_mass.fill([0.0; LANES]);
        for (five, p) in m.best_five.iter().zip(&m.mass[..MEGA_ROLLS]) {
            for i in 0..LANES {
                m.five_mass[usize::from(five[i])][i] += p[i];
            }
        }
        let bonus = f64::from(self.rules().mega_bonus);
        ends.mega_bonus = [0.0; LANES];
        for &r in mega.six_kinds() {
            for i in 0..LANES {
                ends.mega_bonus[i] += m.mass[r][i] * bonus;
            }
        }
    }

    /// The six-dice turn's five dice to their moves, in the states with the sixth die
    /// spent.
    #[inline(always)]
    pub(super) fn tally_mega(&self, states: &[State], ends: &mut TurnEnds) {
        let spent = spent(states);
        let m = ends.mega.as_mut().expect("the six-dice turn first");
        let branch = Branch {
            states: &spent[..states.len()],
            end: &m.end,
            bonuses: &m.bonuses,
            roll_mass: &m.five_mass,
        };
        let sums = (&mut ends.box_points[..], &mut ends.yahtzee_bonus);
        self.tally_apart(&branch, &mut m.slot_mass, sums);
    }
}

/// [`MegaPlan::best_subkeeps_in`] (the same values) with, beside each keep's best, the
/// lowest keep index holding it ([`keep_best_at`]), smallest keeps first.
#[inline(always)]
fn best_at_six(mega: &MegaPlan, a: &mut [Lanes], at: &mut [Keeps]) {
    for k in (0..MEGA_KEEPS).rev() {
        keep_best_at(a, at, k, mega.smaller(k));
    }
}

/// Each six-dice keep's probability rolled out to the rolls of six its missing dice make,
/// smallest keeps first (each keep gathers a sixth of each one-die-smaller keep's).
#[inline(always)]
fn roll_out_six(mega: &MegaPlan, mass: &mut [Lanes]) {
    for k in (0..MEGA_KEEPS).rev() {
        let subs = mega.smaller(k);
        if subs.is_empty() {
            continue;
        }
        let mut sum = [0.0; LANES];
        for &j in subs {
            let x = &mass[usize::from(j)];
            for i in 0..LANES {
                sum[i] += x[i];
            }
        }
        let m = &mut mass[k];
        for i in 0..LANES {
            m[i] += sum[i] * (1.0 / 6.0);
        }
    }
}
