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

use std::sync::{Arc, OnceLock};

use crate::dice::{Hand, Keeps};
use crate::game::{Game, PaintedBox, State};
use crate::graph::{canonical, Graph};

/// The per-game tables of the turn: the keeps, and for each number of filled colour boxes
/// the keep graph up to colours ([`Graph`]) with each box's points and slot for each roll.
pub struct Plan {
    pub game: Game,
    pub keeps: Keeps,
    scored: Vec<OnceLock<Arc<Scored>>>,
}

/// One graph and the scores of its roll nodes.
pub struct Scored {
    pub graph: Graph,
    /// `points[b][r]`: the natural score of roll node `r` in box `b`.
    points: Vec<Vec<u8>>,
    /// `slot[b][r]`: which continuation of box `b` roll node `r` leads to.
    slot: Vec<Vec<u8>>,
    /// Roll nodes that are five of one number (Jokers once the Yahtzee box is filled).
    five_kind: Vec<u32>,
}

/// What a turn computed: the keep values with one roll left (`last`, whose first
/// `rolls` entries are the final rolls' best values) and with two rolls left (`first`),
/// per node of the turn's graph; `value` is the turn's expectation before the opening roll.
pub struct TurnValues<const L: usize> {
    pub last: Vec<[f64; L]>,
    pub first: Vec<[f64; L]>,
    best: Vec<[f64; L]>,
    pub value: [f64; L],
    /// The graph the nodes belong to and how the state's colours map onto it.
    scored: Option<Arc<Scored>>,
    map: [u8; 5],
}

impl<const L: usize> TurnValues<L> {
    pub fn new(_plan: &Plan) -> TurnValues<L> {
        TurnValues {
            last: Vec::new(),
            first: Vec::new(),
            best: Vec::new(),
            value: [0.0; L],
            scored: None,
            map: [0, 1, 2, 3, 4],
        }
    }

    /// The node of a hand (actual colours) in this turn's graph.
    pub fn node(&self, plan: &Plan, hand: &Hand) -> usize {
        let faces: Vec<u8> = hand
            .dice()
            .map(|d| self.map[d.colour as usize] * 6 + d.number - 1)
            .collect();
        let scored = self.scored.as_ref().expect("a turn was computed");
        scored
            .graph
            .node(plan.keeps.index(&Hand::from_faces(&faces)))
    }

    /// The value of keeping `kept` (actual colours) with `rolls_left` throws to come (1 or
    /// 2); with 0, the value of the final roll `kept` played best.
    pub fn keep_value(&self, plan: &Plan, kept: &Hand, rolls_left: u8) -> [f64; L] {
        let n = self.node(plan, kept);
        match rolls_left {
            0 | 1 => self.last[n],
            _ => self.first[n],
        }
    }
}

/// An open box in the final roll's loop: its points and slot by roll, its continuations.
type OpenBox<'a, const L: usize> = (&'a [u8], &'a [u8], &'a [[f64; L]]);

#[inline(always)]
fn pick<const L: usize, const FOLLOW: bool>(acc: &mut [f64; L], x: &[f64; L]) {
    if FOLLOW {
        if x[0] > acc[0] {
            *acc = *x;
        }
    } else {
        // A compare and select, not `f64::max`: no value of a turn is NaN, so the result
        // is the same, without `max`'s NaN handling in the hottest loops.
        for l in 0..L {
            if x[l] > acc[l] {
                acc[l] = x[l];
            }
        }
    }
}

impl Plan {
    pub fn new(game: &Game) -> Plan {
        Plan {
            game: game.clone(),
            keeps: game.keeps(),
            scored: (0..=game.colour_boxes()).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The graph and scores for states with `k` colour boxes filled (built on first use).
    pub fn scored(&self, k: usize) -> Arc<Scored> {
        self.scored[k]
            .get_or_init(|| {
                let colours = self.game.colours;
                let graph = Graph::new(&self.keeps, |h| canonical(h, k as u8, colours));
                Arc::new(Scored::new(&self.game, graph))
            })
            .clone()
    }

    /// The turn from the states `lanes` (one filled set), against `next(lane, state)`: the
    /// value of the position after the move (0 after the last box). The turn is computed in
    /// the states relabelled so their filled colour boxes come first, so `next` is asked
    /// about such states. With `FOLLOW`, lane 0's choices are every lane's.
    pub fn turn<const L: usize, const FOLLOW: bool>(
        &self,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
        out: &mut TurnValues<L>,
    ) {
        let game = &self.game;
        out.map = game.colour_map(lanes[0].filled);
        let lanes: [State; L] = std::array::from_fn(|l| game.canonical_state(lanes[l]));
        let k = game.filled_colours(lanes[0].filled);
        let sc = self.scored(k);
        let g = &sc.graph;
        for v in [&mut out.last, &mut out.first, &mut out.best] {
            v.resize(g.len(), [0.0; L]);
        }
        sc.final_values::<L, FOLLOW>(game, &lanes, next, &mut out.last);
        sc.expect(&mut out.last);
        sc.best_subkeeps::<L, FOLLOW>(&out.last, &mut out.best);
        let rolls = g.rolls();
        out.first[..rolls].copy_from_slice(&out.best[..rolls]);
        sc.expect(&mut out.first);
        sc.best_subkeeps::<L, FOLLOW>(&out.first, &mut out.best);
        // Weighted by the number of ordered throws of each orbit (exact integers), divided
        // once at the end.
        let mut value = [0.0; L];
        for r in 0..rolls {
            let w = g.roll_weight(r);
            for (v, b) in value.iter_mut().zip(&out.best[r]) {
                *v += w * b;
            }
        }
        let d = g.roll_denominator();
        out.value = value.map(|v| v / d);
        out.scored = Some(sc);
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

/// The slot of a score in a box: an upper box's count of its number, 1 for a Yahtzee
/// box's 50, else 0.
fn slot_of(b: PaintedBox, score: u32) -> usize {
    use yahtzee_rules::Category::Yahtzee;
    match b.upper_face() {
        Some(f) => (score / u32::from(f)) as usize,
        None => usize::from(b == PaintedBox::Number(Yahtzee) && score == 50),
    }
}

/// Slots of a box: counts 0-5 of an upper box's number, else two.
fn slots_of(b: PaintedBox) -> usize {
    if b.upper_face().is_some() {
        6
    } else {
        2
    }
}

/// The score that leads to `slot` of box `b` (any score of that slot: only upper boxes
/// and the Yahtzee box's 50 change the state beyond the filled bit).
fn slot_score(b: PaintedBox, slot: usize) -> u32 {
    match b.upper_face() {
        Some(f) => u32::from(f) * slot as u32,
        None => 50 * slot as u32,
    }
}

impl Scored {
    fn new(game: &Game, graph: Graph) -> Scored {
        let rolls = graph.rolls();
        let mut points = Vec::new();
        let mut slot = Vec::new();
        for b in game.boxes.iter() {
            let scores: Vec<u32> = (0..rolls).map(|r| b.score(&graph.hand(r))).collect();
            points.push(scores.iter().map(|&x| x as u8).collect());
            slot.push(scores.iter().map(|&x| slot_of(*b, x) as u8).collect());
        }
        let five_kind = (0..rolls as u32)
            .filter(|&r| {
                let h = graph.hand(r as usize);
                crate::game::number_dice(&h).five_of_a_kind().is_some()
            })
            .collect();
        Scored {
            graph,
            points,
            slot,
            five_kind,
        }
    }

    /// The continuation of every (open box, slot) in every lane: upper bonus + next value.
    fn continuations<const L: usize>(
        &self,
        game: &Game,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
    ) -> Vec<(usize, Vec<[f64; L]>)> {
        let g = game;
        (0..game.box_count())
            .filter(|&b| !lanes[0].is_filled(b))
            .map(|b| {
                let conts = (0..slots_of(g.boxes[b]))
                    .map(|slot| {
                        let score = slot_score(g.boxes[b], slot);
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
        game: &Game,
        lanes: &[State; L],
        next: &mut impl FnMut(usize, State) -> f64,
        out: &mut [[f64; L]],
    ) {
        let rolls = self.graph.rolls();
        let conts = self.continuations(game, lanes, next);
        // Roll by roll, the open boxes in box order (the first best box wins a tie): each
        // roll's values stay in registers while the boxes' small tables stay in cache.
        let open: Vec<OpenBox<L>> = conts
            .iter()
            .map(|(b, cont)| (&self.points[*b][..], &self.slot[*b][..], &cont[..]))
            .collect();
        for (r, o) in out[..rolls].iter_mut().enumerate() {
            let mut best = [f64::NEG_INFINITY; L];
            for &(points, slot, cont) in &open {
                let c = &cont[slot[r] as usize];
                let p = f64::from(points[r]);
                let mut v = [0.0; L];
                for l in 0..L {
                    v[l] = p + c[l];
                }
                pick::<L, FOLLOW>(&mut best, &v);
            }
            *o = best;
        }
        // Extra Yahtzees: the Joker rules choose the boxes (the same in every lane: one
        // filled set), the 100 bonus depends on each lane's flag.
        let s0 = lanes[0];
        for &r in &self.five_kind {
            let hand = self.graph.hand(r as usize);
            if !game.is_extra_yahtzee(s0, &hand) {
                break;
            }
            let mut best = [f64::NEG_INFINITY; L];
            game.for_each_move(s0, &hand, |m| {
                let (_, cont) = conts.iter().find(|(b, _)| *b == m.box_index).unwrap();
                let c = &cont[self.slot[m.box_index][r as usize] as usize];
                let mut v = [0.0; L];
                for l in 0..L {
                    let bonus = if lanes[l].yahtzee_50 {
                        game.yahtzee_bonus
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
        let k = &self.graph;
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
        let k = &self.graph;
        for i in (0..k.len()).rev() {
            let mut acc = e[i];
            for &s in k.subs(i) {
                let x = m[s as usize];
                pick::<L, FOLLOW>(&mut acc, &x);
            }
            m[i] = acc;
        }
    }
}
