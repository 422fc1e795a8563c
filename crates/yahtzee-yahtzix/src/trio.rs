//! Three players, exactly: every seat's chance to win when each plays for her own (max-n).
//!
//! A state is the mover (seat 0, 1 or 2 in the round), the three scores in seat order, and
//! the "Go for it" offer the previous seat left. Its value is a vector: each seat's chance to
//! win, summing to 1. The mover picks what is best for her; the other seats' chances follow
//! her play, and where two choices are worth exactly the same to her the first is taken
//! (the tie rule of docs/RULES.md §9, Y12).
//!
//! Banking raises the sum of the scores, so sums are solved from the highest down, as for
//! two players; within one score triple only busts link states, and they link the three
//! movers in a cycle (seat 0 busts to seat 1, 1 to 2, 2 to 0). Each cycle is a fixed point
//! of the three turns, found by value iteration with a Newton step on the bust value (under
//! fixed play each turn is affine in the value of busting, with slope its bust
//! probability), until the residual is below [`TOLERANCE`]. Triples of one sum run in
//! parallel and write only their own slots: the table is the same bit for bit on any
//! number of threads.
//!
//! Going out (rule J, "all others play around to her"): when seat 0 reaches the target,
//! seats 1 and 2 each play one last turn; when seat 1 reaches it, seat 2 does; when seat 2
//! reaches it the round is complete. The highest score wins and equal highest scores share
//! the win. The last turns are solved first, by the margins they face.

mod last;
mod seats;

pub use seats::{Chances, Scores};

use rayon::prelude::*;

use crate::score::{valid_score, UNIT};
use crate::turn::{Endings, Rolls, Turn, FIRST_MAX};
use crate::{Error, Rules, OPENING};
use last::{last_of_2_endings, LastTurns};
use seats::{prev, rotate, unrotate};

/// Residual at which a cycle's fixed point is accepted.
pub const TOLERANCE: f64 = 1e-12;

/// Sweeps after which a cycle that has not settled is taken for two best responses
/// answering each other ([`Trio::mixed`]).
const PURE_SWEEPS: u32 = 12;

/// Damped sweeps that look for the plays an equilibrium mixes ([`Trio::mixed`]).
const DAMPED_SWEEPS: u32 = 400;

/// The three-player game solved.
pub struct Trio {
    pub rules: Rules,
    n: usize,
    /// Chances with no offer: `[mover][s0][s1][s2]`.
    none: Vec<Chances>,
    /// Chances of going for an offer, one row per (mover, scores): offers of totals 1 to
    /// the previous seat's score, on 1 to 5 dice.
    accept: Vec<Chances>,
    /// Where each (mover, scores) row starts in `accept`.
    rows: Vec<usize>,
    last: LastTurns,
    /// The largest residual left at any cycle.
    pub residual: f64,
    /// Sweeps over all cycles, and the most one cycle took.
    pub sweeps: u64,
    pub max_sweeps: u32,
    /// Score triples whose equilibrium mixes two plays.
    pub mixed: u64,
    /// Those triples (their equation is the mixed one, checked as they are solved).
    pub mixed_at: Vec<Scores>,
}

/// One score triple solved: the three movers' no-offer chances and accept rows.
struct TripleSolution {
    none: [Chances; 3],
    rows: [Vec<Chances>; 3],
    residual: f64,
    sweeps: u32,
    /// Whether the equilibrium mixes two plays ([`Trio::mixed`]).
    mixed: bool,
}

impl TripleSolution {
    fn pure(vals: ([Chances; 3], [Vec<Chances>; 3]), residual: f64, sweeps: u32) -> Self {
        TripleSolution {
            none: vals.0,
            rows: vals.1,
            residual,
            sweeps,
            mixed: false,
        }
    }
}

/// The cycle's map under one fixed play: F(x) = c + P·x.
#[derive(Clone, Copy)]
struct Line {
    c: Chances,
    p: f64,
}

impl Line {
    /// The line through F(x) = f with slope `p`.
    fn through(x: Chances, f: Chances, p: f64) -> Line {
        Line {
            c: std::array::from_fn(|j| f[j] - p * x[j]),
            p,
        }
    }

    fn at(&self, x: Chances) -> Chances {
        std::array::from_fn(|j| self.c[j] + self.p * x[j])
    }

    /// Its fixed point c / (1 - P).
    fn fixed(&self) -> Chances {
        self.c.map(|c| c / (1.0 - self.p))
    }

    /// The same play: the same line to rounding.
    fn same(&self, other: &Line) -> bool {
        max_diff(&self.c, &other.c) < 1e-12 && (self.p - other.p).abs() < 1e-12
    }

    /// Play `a` with probability `q`, else `b`.
    fn blend(q: f64, a: &Line, b: &Line) -> Line {
        Line {
            c: std::array::from_fn(|j| q * a.c[j] + (1.0 - q) * b.c[j]),
            p: q * a.p + (1.0 - q) * b.p,
        }
    }
}

impl Trio {
    /// The table's frame: last turns solved, values unset (NaN).
    fn frame(rules: &Rules, rolls: &Rolls, fill: f64) -> Trio {
        let n = rules.target_units();
        let mut rows = vec![0; 3 * n * n * n + 1];
        let mut at = 0;
        for (i, start) in rows.iter_mut().enumerate().take(3 * n * n * n) {
            *start = at;
            let (m, s) = (i / (n * n * n), Self::scores_of(n, i % (n * n * n)));
            if s.iter().all(|&x| valid_score(x)) {
                at += 5 * s[prev(m)];
            }
        }
        rows[3 * n * n * n] = at;
        Trio {
            rules: *rules,
            n,
            none: vec![[fill; 3]; 3 * n * n * n],
            accept: vec![[fill; 3]; at],
            rows,
            last: LastTurns::solve(rules, rolls, n),
            residual: 0.0,
            sweeps: 0,
            max_sweeps: 0,
            mixed: 0,
            mixed_at: Vec::new(),
        }
    }

    fn scores_of(n: usize, i: usize) -> Scores {
        [i / (n * n), i / n % n, i % n]
    }

    fn index(&self, m: usize, s: Scores) -> usize {
        ((m * self.n + s[0]) * self.n + s[1]) * self.n + s[2]
    }

    /// Every valid score triple, in seat order.
    fn triples(n: usize) -> impl Iterator<Item = Scores> {
        (0..n * n * n)
            .map(move |i| Self::scores_of(n, i))
            .filter(|s| s.iter().all(|&x| valid_score(x)))
    }

    /// Solves the game for `rules` on the current rayon pool.
    pub fn solve(rules: &Rules) -> Result<Trio, Error> {
        let rolls = Rolls::new(rules);
        let mut trio = Trio::frame(rules, &rolls, f64::NAN);
        let n = trio.n;
        let mut levels: Vec<Vec<Scores>> = vec![Vec::new(); 3 * n];
        for s in Self::triples(n) {
            levels[s.iter().sum::<usize>()].push(s);
        }
        for level in levels.iter().rev() {
            let solved: Vec<Result<TripleSolution, Error>> = level
                .par_iter()
                .map(|&s| trio.solve_triple(&rolls, s))
                .collect();
            for (&s, sol) in level.iter().zip(solved) {
                trio.store(s, sol?);
            }
        }
        Ok(trio)
    }

    /// The reference solver: plain value iteration, every state swept (Gauss–Seidel,
    /// highest scores first) with no ordering by sums and no Newton steps, until no value
    /// moves by `tol`. Slow; it checks [`Trio::solve`] on small targets. Returns the sweeps.
    pub fn solve_plain(rules: &Rules, tol: f64) -> Result<(Trio, u32), Error> {
        let rolls = Rolls::new(rules);
        let mut trio = Trio::frame(rules, &rolls, 1.0 / 3.0);
        let mut states: Vec<(usize, Scores)> = Self::triples(trio.n)
            .flat_map(|s| (0..3).map(move |m| (m, s)))
            .collect();
        states.reverse();
        for sweep in 1..=2_000 {
            let mut change = 0f64;
            for &(m, s) in &states {
                let next = trio.none[trio.index((m + 1) % 3, s)];
                let turn = trio.turn(&rolls, m, s, next);
                let i = trio.index(m, s);
                let start = unrotate(turn.start.v, m);
                change = change.max(max_diff(&trio.none[i], &start));
                trio.none[i] = start;
                let row = trio.row_of(&turn, m, s);
                let at = trio.rows[i];
                for (slot, v) in trio.accept[at..at + row.len()].iter_mut().zip(row) {
                    change = change.max(max_diff(slot, &v));
                    *slot = v;
                }
            }
            if change < tol {
                trio.residual = change;
                return Ok((trio, sweep));
            }
        }
        // Where the equilibrium mixes two plays, pure value iteration cycles between them.
        Err(Error::Rules(
            "plain value iteration did not converge in 2,000 sweeps".into(),
        ))
    }

    /// The largest change one sweep of plain value iteration over every state would make
    /// to the table: how far it is from satisfying every state's equation. Read only. The
    /// triples whose equilibrium mixes two plays are left out: a pure sweep answers a
    /// mixed point with one of the two plays (their residual is checked as they are solved).
    pub fn bellman_residual(&self) -> f64 {
        let rolls = Rolls::new(&self.rules);
        let states: Vec<(usize, Scores)> = Self::triples(self.n)
            .filter(|s| !self.mixed_at.contains(s))
            .flat_map(|s| (0..3).map(move |m| (m, s)))
            .collect();
        states
            .par_iter()
            .map(|&(m, s)| {
                let next = self.none[self.index((m + 1) % 3, s)];
                let turn = self.turn(&rolls, m, s, next);
                let i = self.index(m, s);
                let at = self.rows[i];
                let row = self.row_of(&turn, m, s);
                self.accept[at..at + row.len()]
                    .iter()
                    .zip(&row)
                    .map(|(a, b)| max_diff(a, b))
                    .fold(
                        max_diff(&self.none[i], &unrotate(turn.start.v, m)),
                        f64::max,
                    )
            })
            .reduce(|| 0.0, f64::max)
    }

    /// The turn of mover `m` at `s` solved for every offer she may face, busting to `bust`.
    fn turn<'r>(&self, rolls: &'r Rolls, m: usize, s: Scores, bust: Chances) -> Turn<'r, Chances> {
        let tmax2 = s[prev(m)].max(FIRST_MAX);
        let ends = self.endings(m, s, tmax2);
        Turn::solve(rolls, ends, rotate(bust, m), self.rules.near(s[m]), tmax2)
    }

    /// The accept row of mover `m` at `s` from her solved turn.
    fn row_of(&self, turn: &Turn<Chances>, m: usize, s: Scores) -> Vec<Chances> {
        (1..=s[prev(m)])
            .flat_map(|t| (1..=5).map(move |k| (t, k)))
            .map(|(t, k)| unrotate(turn.before2[t][k].v, m))
            .collect()
    }

    /// The largest difference from `other` over every state and offer.
    pub fn max_difference(&self, other: &Trio) -> f64 {
        let pairs = self
            .none
            .iter()
            .zip(&other.none)
            .chain(self.accept.iter().zip(&other.accept));
        pairs
            .filter(|(a, b)| !a[0].is_nan() && !b[0].is_nan())
            .map(|(a, b)| max_diff(a, b))
            .fold(0.0, f64::max)
    }

    fn store(&mut self, s: Scores, sol: TripleSolution) {
        for (m, row) in sol.rows.into_iter().enumerate() {
            let i = self.index(m, s);
            self.none[i] = sol.none[m];
            let at = self.rows[i];
            self.accept[at..at + row.len()].copy_from_slice(&row);
        }
        self.residual = self.residual.max(sol.residual);
        self.sweeps += u64::from(sol.sweeps);
        self.max_sweeps = self.max_sweeps.max(sol.sweeps);
        self.mixed += u64::from(sol.mixed);
        if sol.mixed {
            self.mixed_at.push(s);
        }
    }

    /// The cycle of the three movers at `s`, linked by busts.
    fn solve_triple(&self, rolls: &Rolls, s: Scores) -> Result<TripleSolution, Error> {
        let ends: [Endings<Chances>; 3] = std::array::from_fn(|m| self.endings(m, s, FIRST_MAX));
        let near = s.map(|x| self.rules.near(x));
        let short = |m: usize, bust: Chances| {
            let turn = Turn::solve(rolls, &ends[m], rotate(bust, m), near[m], FIRST_MAX);
            (unrotate(turn.start.v, m), turn.start.bust)
        };
        // One pass of the cycle: seat 0's chances again, and the chance all three bust.
        let cycle = |x: Chances| {
            let (w2, p2) = short(2, x);
            let (w1, p1) = short(1, w2);
            let (f0, p0) = short(0, w1);
            (f0, p0 * p1 * p2)
        };
        // Start from the neighbour one score up, solved already: values change little.
        let mut x = match s[2] + 1 < self.n && valid_score(s[2] + 1) {
            true => self.none[self.index(0, [s[0], s[1], s[2] + 1])],
            false => [1.0 / 3.0; 3],
        };
        let mut sweeps = 0;
        let mut last_h = f64::INFINITY;
        loop {
            sweeps += 1;
            let (f0, p) = cycle(x);
            let h = max_diff(&f0, &x);
            if h < TOLERANCE {
                let vals = self.final_pass(rolls, s, x);
                return Ok(TripleSolution::pure(vals, h, sweeps));
            }
            if sweeps >= PURE_SWEEPS {
                return self.mixed(rolls, s, &cycle, x, sweeps);
            }
            // Under fixed play F(x) = c + P·x with P = P(all three bust): Newton's step is
            // the fixed point of that line; a plain sweep whenever it does not shrink h.
            x = if h < last_h && 1.0 - p > 1e-9 {
                Line::through(x, f0, p).fixed()
            } else {
                f0
            };
            last_h = h;
        }
    }

    /// Every value of the triple `s` once seat 0's no-offer chances are `x`: the three
    /// turns solved in full (seat 2 busting to `x`, seat 1 to seat 2, seat 0 to seat 1).
    fn final_pass(
        &self,
        rolls: &Rolls,
        s: Scores,
        x: Chances,
    ) -> ([Chances; 3], [Vec<Chances>; 3]) {
        let t2 = self.turn(rolls, 2, s, x);
        let w2 = unrotate(t2.start.v, 2);
        let t1 = self.turn(rolls, 1, s, w2);
        let w1 = unrotate(t1.start.v, 1);
        let t0 = self.turn(rolls, 0, s, w1);
        (
            [unrotate(t0.start.v, 0), w1, w2],
            [
                self.row_of(&t0, 0, s),
                self.row_of(&t1, 1, s),
                self.row_of(&t2, 2, s),
            ],
        )
    }

    /// Best responses that answer each other: under play A the best answer is play B and
    /// the other way round, so no pure play is stable. The stationary equilibrium mixes two
    /// plays: A with the probability `q` at which the player who switches is indifferent.
    /// The two plays are those met near the equilibrium by damped iteration (each step a
    /// shrinking share of the way to the cycle's answer, as in fictitious play); then `q`
    /// is found by bisection on the path of the two plays' mixed fixed points. The stored
    /// values mix the two plays' values with the same `q`.
    fn mixed(
        &self,
        rolls: &Rolls,
        s: Scores,
        cycle: &dyn Fn(Chances) -> (Chances, f64),
        start: Chances,
        sweeps: u32,
    ) -> Result<TripleSolution, Error> {
        let mut x = start;
        let mut near: Vec<Line> = Vec::new();
        for k in 1..=DAMPED_SWEEPS {
            let (f, p) = cycle(x);
            let line = Line::through(x, f, p);
            if k > DAMPED_SWEEPS - 100 && !near.iter().any(|l| l.same(&line)) {
                near.push(line);
            }
            let step = 1.0 / (k as f64 + 1.0);
            x = std::array::from_fn(|j| x[j] + step * (f[j] - x[j]));
        }
        for a in &near {
            for b in &near {
                if let Some(sol) = self.mix_two(rolls, s, cycle, a, b, sweeps + DAMPED_SWEEPS) {
                    return Ok(sol);
                }
            }
        }
        Err(Error::Rules(format!(
            "scores {s:?}: no equilibrium of one or two plays found ({} plays near it)",
            near.len()
        )))
    }

    /// The equilibrium mixing plays `a` and `b`, if at `b`'s fixed point the answer is `a`
    /// and at `a`'s it is not, and the answer switches from `a` to `b` and nothing else.
    fn mix_two(
        &self,
        rolls: &Rolls,
        s: Scores,
        cycle: &dyn Fn(Chances) -> (Chances, f64),
        a: &Line,
        b: &Line,
        sweeps: u32,
    ) -> Option<TripleSolution> {
        let blend = |q: f64| Line::blend(q, a, b).fixed();
        // Whether the answer at `x` is `a` (true), `b` (false) or another play (None).
        let answer = |x: Chances| -> Option<bool> {
            let (f, _) = cycle(x);
            let (da, db) = (max_diff(&f, &a.at(x)), max_diff(&f, &b.at(x)));
            (da.min(db) <= 1e-9).then_some(da <= db)
        };
        if answer(b.fixed()) != Some(true) || answer(a.fixed()) == Some(true) {
            return None;
        }
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..64 {
            let mid = 0.5 * (lo + hi);
            if answer(blend(mid))? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let q = 0.5 * (lo + hi);
        let (va, vb) = (
            self.final_pass(rolls, s, blend(lo)),
            self.final_pass(rolls, s, blend(hi)),
        );
        let mix = |x: &Chances, y: &Chances| -> Chances {
            std::array::from_fn(|j| q * x[j] + (1.0 - q) * y[j])
        };
        let none: [Chances; 3] = std::array::from_fn(|m| mix(&va.0[m], &vb.0[m]));
        let rows: [Vec<Chances>; 3] = std::array::from_fn(|m| {
            va.1[m]
                .iter()
                .zip(&vb.1[m])
                .map(|(x, y)| mix(x, y))
                .collect()
        });
        let residual = max_diff(&none[0], &blend(q));
        (residual <= 1e-10).then_some(TripleSolution {
            none,
            rows,
            residual,
            sweeps,
            mixed: true,
        })
    }

    /// The values of stopping for mover `m` at `s` (rotated: hers first), totals up to
    /// `tmax2 + 20`.
    fn endings(&self, m: usize, s: Scores, tmax2: usize) -> Endings<Chances> {
        Endings::new(tmax2 + 20, |u, left| {
            self.stop_value(m, s, u, left).map(|v| rotate(v, m))
        })
    }

    /// The chances after mover `m` at `s` banks `u` units with `left` dice over; `None` for
    /// a pass (under 30 before opening, or past an exact target).
    fn stop_value(&self, m: usize, s: Scores, u: usize, left: u8) -> Option<Chances> {
        let x = s[m] + u;
        if (s[m] == 0 && (u as u32 * UNIT) < OPENING) || (self.rules.exact && x > self.n) {
            return None;
        }
        if x < self.n {
            let mut next = s;
            next[m] = x;
            return Some(self.start_value((m + 1) % 3, next, u, left));
        }
        Some(match m {
            2 => [0.0, 0.0, 1.0],
            1 => {
                let v2 = self.last.seat2_value(1, x - s[2], u, left);
                [0.0, 1.0 - v2, v2]
            }
            _ => self
                .last
                .seat1_value(x - s[1], x - s[2], s[1] == 0, u, left),
        })
    }

    /// The chances at the start of mover `m`'s turn at `s`, facing offer (t, left) if
    /// `left > 0`: she goes for it when it is better for her (declines on a tie).
    fn start_value(&self, m: usize, s: Scores, t: usize, left: u8) -> Chances {
        let i = self.index(m, s);
        let decline = self.none[i];
        if left == 0 || t == 0 || t > s[prev(m)] {
            return decline;
        }
        let go = self.accept[self.rows[i] + (t - 1) * 5 + usize::from(left) - 1];
        if go[m] > decline[m] {
            go
        } else {
            decline
        }
    }

    /// The target in units.
    pub fn target_units(&self) -> usize {
        self.n
    }

    /// Each seat's chance with `m` to move at `s` (units) and no offer.
    pub fn chances(&self, m: usize, s: Scores) -> Chances {
        self.none[self.index(m, s)]
    }

    /// Each seat's chance when mover `m` at `s` goes for the offer of `t` units (1 to the
    /// previous seat's score) on `left` dice (1 to 5).
    pub fn accept(&self, m: usize, s: Scores, t: usize, left: u8) -> Chances {
        self.accept[self.rows[self.index(m, s)] + (t - 1) * 5 + usize::from(left) - 1]
    }

    /// Each seat's chance from the start of the game.
    pub fn start(&self) -> Chances {
        self.chances(0, [0, 0, 0])
    }

    /// Every stored chance vector, no-offer states first, for checks (unset ones are NaN).
    pub fn all_chances(&self) -> impl Iterator<Item = &Chances> {
        self.none.iter().chain(&self.accept)
    }

    /// The turn of mover `m` at `s` (units) solved for play, offers up to `tmax2` units,
    /// values rotated so the mover's own chance comes first. In a last turn (a score at or
    /// past the target) `s` holds the scores as they stand.
    pub fn turn_for_play<'r>(
        &self,
        rolls: &'r Rolls,
        m: usize,
        s: Scores,
        tmax2: usize,
    ) -> Turn<'r, Chances> {
        let tmax2 = tmax2.max(s[prev(m)].min(self.n)).max(FIRST_MAX);
        let near = self.rules.near(s[m]);
        let (ends, bust) = if s.iter().all(|&x| x < self.n) {
            let bust = self.none[self.index((m + 1) % 3, s)];
            (self.endings(m, s, tmax2), rotate(bust, m))
        } else if m == 1 {
            let (d1, d2) = (s[0] - s[1], s[0] - s[2]);
            self.last
                .seat1_endings(&self.rules, d1, d2, s[1] == 0, tmax2)
        } else {
            last_of_2_endings(&self.rules, s, tmax2)
        };
        Turn::solve(rolls, ends, bust, near, tmax2)
    }

    /// Bytes the solve of `rules` will hold, reckoned before it starts (within a few
    /// percent of [`Trio::memory_bytes`]).
    pub fn estimate_bytes(rules: &Rules) -> u64 {
        let n = rules.target_units() as u64;
        let valid = n - 5;
        let sum_valid: u64 = (6..n).sum();
        // Each mover's row is five offers per unit of the previous seat's score.
        let offers = 5 * 3 * valid * valid * sum_valid;
        let most = (n - 1).max(FIRST_MAX as u64) + 20;
        let side = n + most;
        let last = (side * side + side * (side - n)) * (most + 1) * 6 * 24;
        24 * (3 * n * n * n + offers) + 8 * 3 * n * n * n + last
    }

    /// Bytes of the tables held.
    pub fn memory_bytes(&self) -> usize {
        24 * (self.none.len() + self.accept.len()) + 8 * self.rows.len() + self.last.memory_bytes()
    }
}

fn max_diff(a: &Chances, b: &Chances) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}
