//! One turn of a Painted Yahtzee game, exact over every keep of coloured dice, against any
//! value of the position after it (the exact table of the layer below, or an approximate
//! value).
//!
//! The steps are the solver's (`yahtzee-solver`'s `TurnPlan`), on the coloured keep graph:
//! (1) each final roll's best move, through continuation "slots" (box × what the score does
//! to the state: the count of an upper box's number, or the Yahtzee box's 50 / 0), so the
//! inner loop is `max(points + cont[slot])`; extra Yahtzees go through the Joker rules;
//! (2) each keep's expectation, the mean of its one-die-larger keeps; (3) each keep's best
//! sub-keep; (2)–(3) twice; then the mean over the opening roll.
//!
//! A turn evaluates `L` lanes at once: `L` states of one filled set (the solver: upper
//! totals and the Yahtzee flag), or, with `FOLLOW`, one state under `L` value functions
//! where lane 0 decides and the others follow its choices (a strategy's exact value).

use crate::dice::{Hand, Keeps};
use crate::game::{Game, State};

/// The per-game tables of the turn: each box's points and slot for each roll.
pub struct Plan {
    pub game: Game,
    pub keeps: Keeps,
    /// `points[b][r]`: the natural score of roll `r` in box `b`.
    points: Vec<Vec<u8>>,
    /// `slot[b][r]`: which continuation of box `b` roll `r` leads to.
    slot: Vec<Vec<u8>>,
    /// Number of slots of each box.
    slots: Vec<usize>,
    /// Rolls that are five of one number (Jokers once the Yahtzee box is filled).
    five_kind: Vec<u32>,
}

/// What a turn computed, for one lane layout: `fin` and the keep values with one roll left
/// (`last`, whose first `rolls` entries are the final rolls' best values) and with two rolls
/// left (`first`); `value` is the turn's expectation before the opening roll.
pub struct TurnValues<const L: usize> {
    pub last: Vec<[f64; L]>,
    pub first: Vec<[f64; L]>,
    best: Vec<[f64; L]>,
    pub value: [f64; L],
}

impl<const L: usize> TurnValues<L> {
    pub fn new(plan: &Plan) -> TurnValues<L> {
        let n = plan.keeps.len();
        TurnValues {
            last: vec![[0.0; L]; n],
            first: vec![[0.0; L]; n],
            best: vec![[0.0; L]; n],
            value: [0.0; L],
        }
    }
}

#[inline(always)]
fn pick<const L: usize, const FOLLOW: bool>(acc: &mut [f64; L], x: &[f64; L]) {
    if FOLLOW {
        if x[0] > acc[0] {
            *acc = *x;
        }
    } else {
        for l in 0..L {
            acc[l] = acc[l].max(x[l]);
        }
    }
}

impl Plan {
    pub fn new(game: &Game) -> Plan {
        let keeps = game.keeps();
        let rolls = keeps.rolls();
        let mut points = Vec::new();
        let mut slot = Vec::new();
        let mut slots = Vec::new();
        for b in game.boxes.iter() {
            let mut p = Vec::with_capacity(rolls);
            let mut s = Vec::with_capacity(rolls);
            for r in 0..rolls {
                let score = b.score(&keeps.hand(r));
                p.push(score as u8);
                s.push(Self::slot_of(*b, score) as u8);
            }
            points.push(p);
            slot.push(s);
            slots.push(match b.upper_face() {
                Some(_) => 6,
                None => 2,
            });
        }
        let five_kind = (0..rolls as u32)
            .filter(|&r| {
                let h = keeps.hand(r as usize);
                crate::game::number_dice(&h).five_of_a_kind().is_some()
            })
            .collect();
        Plan {
            game: game.clone(),
            keeps,
            points,
            slot,
            slots,
            five_kind,
        }
    }

    /// The slot of a score in a box: an upper box's count of its number, 1 for a Yahtzee
    /// box's 50, else 0.
    fn slot_of(b: crate::game::PaintedBox, score: u32) -> usize {
        use crate::game::PaintedBox::Number;
        use yahtzee_rules::Category::Yahtzee;
        match b.upper_face() {
            Some(f) => (score / u32::from(f)) as usize,
            None => usize::from(b == Number(Yahtzee) && score == 50),
        }
    }

    /// The score that leads to `slot` of box `b` (any score of that slot: only upper boxes
    /// and the Yahtzee box's 50 change the state beyond the filled bit).
    fn slot_score(b: crate::game::PaintedBox, slot: usize) -> u32 {
        match b.upper_face() {
            Some(f) => u32::from(f) * slot as u32,
            None => 50 * slot as u32,
        }
    }

    /// The turn from the states `lanes` (one filled set), against `next(lane, state)`: the
    /// value of the position after the move (0 after the last box). With `FOLLOW`, lane
    /// 0's choices are every lane's.
    pub fn turn<const L: usize, const FOLLOW: bool>(
        &self,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
        out: &mut TurnValues<L>,
    ) {
        self.final_values::<L, FOLLOW>(lanes, next, &mut out.last);
        self.expect(&mut out.last);
        self.best_subkeeps::<L, FOLLOW>(&out.last, &mut out.best);
        let rolls = self.keeps.rolls();
        out.first[..rolls].copy_from_slice(&out.best[..rolls]);
        self.expect(&mut out.first);
        self.best_subkeeps::<L, FOLLOW>(&out.first, &mut out.best);
        // Weighted by the number of ordered throws of each roll (exact integers), divided
        // once at the end.
        let mut value = [0.0; L];
        for r in 0..rolls {
            let w = self.keeps.roll_weight(r);
            for l in 0..L {
                value[l] += w * out.best[r][l];
            }
        }
        let d = self.keeps.roll_denominator();
        out.value = value.map(|v| v / d);
    }

    /// The continuation of every (open box, slot) in every lane: upper bonus + next value.
    fn continuations<const L: usize>(
        &self,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
    ) -> Vec<(usize, Vec<[f64; L]>)> {
        let g = &self.game;
        (0..g.box_count())
            .filter(|&b| !lanes[0].is_filled(b))
            .map(|b| {
                let conts = (0..self.slots[b])
                    .map(|slot| {
                        let score = Self::slot_score(g.boxes[b], slot);
                        let mut c = [0.0; L];
                        for (l, s) in lanes.iter().enumerate() {
                            let (n, bonus) = g.place(*s, b, score);
                            c[l] = f64::from(bonus) + next(l, n);
                        }
                        c
                    })
                    .collect();
                (b, conts)
            })
            .collect()
    }

    /// Step 1: `out[r]` for every final roll `r`.
    fn final_values<const L: usize, const FOLLOW: bool>(
        &self,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
        out: &mut [[f64; L]],
    ) {
        let rolls = self.keeps.rolls();
        let conts = self.continuations(lanes, next);
        out[..rolls].fill([f64::NEG_INFINITY; L]);
        for (b, cont) in &conts {
            let (points, slot) = (&self.points[*b], &self.slot[*b]);
            for r in 0..rolls {
                let c = &cont[slot[r] as usize];
                let p = f64::from(points[r]);
                let mut v = [0.0; L];
                for l in 0..L {
                    v[l] = p + c[l];
                }
                pick::<L, FOLLOW>(&mut out[r], &v);
            }
        }
        // Extra Yahtzees: the Joker rules choose the boxes (the same in every lane: one
        // filled set), the 100 bonus depends on each lane's flag.
        let s0 = lanes[0];
        for &r in &self.five_kind {
            let hand = self.keeps.hand(r as usize);
            if !self.game.is_extra_yahtzee(s0, &hand) {
                break;
            }
            let mut best = [f64::NEG_INFINITY; L];
            self.game.for_each_move(s0, &hand, |m| {
                let (_, cont) = conts.iter().find(|(b, _)| *b == m.box_index).unwrap();
                let c = &cont[self.slot[m.box_index][r as usize] as usize];
                let mut v = [0.0; L];
                for l in 0..L {
                    let bonus = if lanes[l].yahtzee_50 {
                        self.game.yahtzee_bonus
                    } else {
                        0
                    };
                    v[l] = f64::from(m.score + bonus) + c[l];
                }
                pick::<L, FOLLOW>(&mut best, &v);
            });
            out[r as usize] = best;
        }
    }

    /// Step 2: each keep of fewer than five dice is worth the mean of its one-larger keeps
    /// (the rolls' values are given).
    fn expect<const L: usize>(&self, e: &mut [[f64; L]]) {
        let k = &self.keeps;
        let inv = 1.0 / k.faces as f64;
        for i in k.rolls()..k.len() {
            let mut sum = [0.0; L];
            for &j in k.adds(i) {
                let x = &e[j as usize];
                for l in 0..L {
                    sum[l] += x[l];
                }
            }
            for l in 0..L {
                e[i][l] = sum[l] * inv;
            }
        }
    }

    /// Step 3: each keep's best sub-keep (itself included), smallest keeps first.
    fn best_subkeeps<const L: usize, const FOLLOW: bool>(
        &self,
        e: &[[f64; L]],
        m: &mut [[f64; L]],
    ) {
        let k = &self.keeps;
        for i in (0..k.len()).rev() {
            let mut acc = e[i];
            for &s in k.subs(i) {
                let x = m[s as usize];
                pick::<L, FOLLOW>(&mut acc, &x);
            }
            m[i] = acc;
        }
    }

    /// The best move for a final roll in state `s` against `next` (first in box order among
    /// equals), with its value.
    pub fn best_move(
        &self,
        s: State,
        hand: &Hand,
        next: &mut impl FnMut(State) -> f64,
    ) -> (crate::game::Move, f64) {
        let mut best: Option<(crate::game::Move, f64)> = None;
        self.game.for_each_move(s, hand, |m| {
            let v = f64::from(m.points()) + next(m.next);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        });
        best.expect("a final roll always has a move")
    }
}
