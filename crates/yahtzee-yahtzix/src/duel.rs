//! Two players: the probability of winning under optimal play, by value iteration.
//!
//! A state is the player to move (first or second in the round), both scores, and the
//! "Go for it" offer the previous player left (her turn total and leftover dice), as in the
//! optimal two-player Farkle of Neller and Presser. Banking raises the sum of the scores, so
//! sums are solved from the highest down; within one sum only a bust links states, and it
//! links exactly two: the mover at (a, b) and the opponent at (b, a). Each such pair is a
//! fixed point X = F(1 - G(1 - X)) of the two turns, found by value iteration with a Newton
//! step on the bust value per sweep, until the Bellman residual is below [`TOLERANCE`].
//! Pairs of one sum are independent and solved in parallel, each written to its own slots,
//! so the table is the same bit for bit on any number of threads.
//!
//! Going out (rule J): when the first player reaches the target the second plays one last
//! turn and must pass her (a tie counts a half); when the second player reaches it first the
//! round is complete and she wins.

use rayon::prelude::*;

mod cache;
pub mod precision;

use crate::score::valid_score;
use crate::score::UNIT;
use crate::turn::{Endings, Rolls, Turn, Val, FIRST_MAX};
use crate::{Error, Rules, OPENING};
use cache::Accept;
pub use cache::{Layout, COMPACT_CAP};

/// Residual at which a pair's fixed point is accepted.
pub const TOLERANCE: f64 = 1e-12;

/// Most sweeps a pair may take before the solve is declared stuck.
const MAX_SWEEPS: u32 = 500;

/// Largest margin (units) beyond the target the second player can face on her last turn
/// (as the first player's score past hers): a turn total before roll 2 that
/// [`Position::check`](crate::Position::check) accepts, up to `opp.max(60) + 20`, and 20
/// more in the turn, from a score below the target: under `n + 100`. (80 until format 3:
/// a total over 400 before roll 2 near the target with the opponent near 0 was past it.)
const FINAL_SLACK: usize = 100;

/// The two-player game solved.
pub struct Duel {
    pub rules: Rules,
    n: usize,
    /// Win probability of the mover with no offer: `[seat][me][opp]`.
    none: Vec<f64>,
    /// Win probability of accepting an offer: `[seat][me][opp][total 1..=opp][dice 1..=5]`,
    /// one block per (seat, me); `f32` (as in the cache file, so a solved and a loaded table
    /// give the same advice), mapped from the cache file and checked block by block.
    accept: Accept,
    /// The second player's last turn, by the margin she must pass.
    finals: Vec<Final>,
    /// Offers above this many units are not kept: the mover facing one is valued as
    /// declining it ([`SolveOptions::offer_cap`]); `usize::MAX` for the exact game.
    offer_cap: usize,
    /// A later roll of 0 to 5 dice, by what banking it at once scores (`None`: a bust),
    /// with its probability: how a capped game values an offer past its cap.
    later_banks: Vec<Vec<LaterBank>>,
    /// The largest Bellman residual left at any pair.
    pub residual: f64,
    /// Sweeps over all pairs, and the most one pair took.
    pub sweeps: u64,
    pub max_sweeps: u32,
}

/// The second player's last turn facing a margin: her start and offer values.
pub(crate) struct Final {
    start: f64,
    before2: Vec<[f64; 6]>,
}

/// Who is to move: the player who started the game, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    First = 0,
    Second = 1,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// One pair's solution: the two no-offer values and the two rows of accept values.
struct PairSolution {
    x: f64,
    y: f64,
    accept_x: Vec<f64>,
    accept_y: Vec<f64>,
    residual: f64,
    sweeps: u32,
}

/// How [`Duel::solve_with`] solves: the precision of the offers' table, and progress.
#[derive(Clone, Copy)]
pub struct SolveOptions<'a> {
    /// Keep the offers' table in `f64` (a reference to measure the `f32` table against;
    /// twice the memory). The cache file holds `f32` either way.
    pub wide: bool,
    /// Called after the last turns and after each sum of scores with the work done and the
    /// total work (units of [`Duel::work`]), on the calling thread.
    pub progress: &'a dyn Fn(u64, u64),
    /// An approximation: offers of more than this many units are not solved or kept, and
    /// a player facing one is valued as declining it (a turn alone makes at most 74 units:
    /// larger offers come from offers taken and passed on). The advice from a position
    /// still weighs going for any offer, by solving that turn.
    pub offer_cap: Option<usize>,
    /// An approximation: each offer's value rounded to a multiple of `1 / levels` (as a
    /// table of `u8` or `u16` holds it) as it is solved.
    pub levels: Option<u32>,
}

impl Default for SolveOptions<'_> {
    fn default() -> Self {
        SolveOptions {
            wide: false,
            progress: &|_, _| {},
            offer_cap: None,
            levels: None,
        }
    }
}

/// Work of one pair beyond its offers past [`FIRST_MAX`]: its sweeps (about two, each two
/// turns with totals up to [`FIRST_MAX`]), in units of one more total of a turn's offers.
const PAIR_WORK: u64 = 390;

impl Duel {
    /// Solves the game for `rules` on the current rayon pool, offers in `f32`.
    pub fn solve(rules: &Rules) -> Result<Duel, Error> {
        Duel::solve_with(rules, SolveOptions::default())
    }

    /// The work of solving `rules` (arbitrary units, roughly proportional to time): the
    /// second player's last turns, then each sum of scores from the highest down.
    pub fn work(rules: &Rules) -> (u64, Vec<u64>) {
        let n = rules.target_units();
        let finals = ((n + FINAL_SLACK + 1) * (n + FINAL_SLACK + 40)) as u64;
        let levels = (0..=2 * (n - 1))
            .rev()
            .map(|level| pairs_of(n, level).map(|(a, b)| pair_work(a, b)).sum())
            .collect();
        (finals, levels)
    }

    /// [`Duel::solve`] with options: `f64` offers for a reference, a progress report.
    pub fn solve_with(rules: &Rules, options: SolveOptions) -> Result<Duel, Error> {
        let n = rules.target_units();
        let rolls = Rolls::new(rules);
        let cap = options.offer_cap.unwrap_or(usize::MAX);
        let len = 2 * n * 5 * rows_before(n, cap);
        let (finals_work, levels_work) = Duel::work(rules);
        let total = finals_work + levels_work.iter().sum::<u64>();
        let accept = match options.levels {
            // Two bytes an offer: the compact game's table.
            Some(Accept::NARROW_LEVELS) => Accept::narrow(len),
            _ => Accept::new(len, f64::NAN, options.wide),
        };
        let mut duel = Duel {
            rules: *rules,
            n,
            none: vec![f64::NAN; 2 * n * n],
            accept,
            finals: Vec::new(),
            offer_cap: cap,
            later_banks: later_banks(rules),
            residual: 0.0,
            sweeps: 0,
            max_sweeps: 0,
        };
        duel.finals = (0..=n + FINAL_SLACK)
            .into_par_iter()
            .map(|d| duel.final_turn(&rolls, d))
            .collect();
        let mut done = finals_work;
        (options.progress)(done, total);
        for (level, work) in (0..=2 * (n - 1)).rev().zip(levels_work) {
            let pairs: Vec<(usize, usize)> = pairs_of(n, level).collect();
            let solved: Vec<Result<PairSolution, Error>> = pairs
                .par_iter()
                .map(|&(a, b)| duel.solve_pair(&rolls, a, b))
                .collect();
            for (&(a, b), sol) in pairs.iter().zip(solved) {
                let mut sol = sol?;
                if let Some(levels) = options.levels {
                    let l = f64::from(levels);
                    for x in sol.accept_x.iter_mut().chain(&mut sol.accept_y) {
                        *x = (*x * l).round() / l;
                    }
                }
                duel.store(a, b, sol);
            }
            done += work;
            (options.progress)(done, total);
        }
        Ok(duel)
    }

    /// The reference solver: plain value iteration, every state swept (Gauss–Seidel, highest
    /// scores first) with no ordering by sums and no Newton steps, until no value moves by
    /// `tol`. Slow; it checks [`Duel::solve`] on small targets. Returns the sweeps taken.
    pub fn solve_plain(rules: &Rules, tol: f64) -> Result<(Duel, u32), Error> {
        let n = rules.target_units();
        let rolls = Rolls::new(rules);
        let block = 5 * n * (n - 1) / 2;
        let mut duel = Duel {
            rules: *rules,
            n,
            none: vec![0.5; 2 * n * n],
            accept: Accept::new(2 * n * block, 0.0, true),
            finals: Vec::new(),
            offer_cap: usize::MAX,
            later_banks: Vec::new(),
            residual: 0.0,
            sweeps: 0,
            max_sweeps: 0,
        };
        duel.finals = (0..=n + FINAL_SLACK)
            .map(|d| duel.final_turn(&rolls, d))
            .collect();
        let states: Vec<(Seat, usize, usize)> = (0..n)
            .rev()
            .flat_map(|me| (0..n).rev().map(move |opp| (me, opp)))
            .filter(|&(me, opp)| valid_score(me) && valid_score(opp))
            .flat_map(|(me, opp)| [(Seat::First, me, opp), (Seat::Second, me, opp)])
            .collect();
        for sweep in 1..=10_000 {
            let mut change = 0f64;
            for &(seat, me, opp) in &states {
                let tmax2 = opp.max(FIRST_MAX);
                let ends = duel.endings(seat, me, opp, tmax2);
                let bust = 1.0 - duel.win(seat.other(), opp, me);
                let turn = Turn::solve(&rolls, &ends, bust, duel.rules.near(me), tmax2);
                let i = duel.index(seat, me, opp);
                change = change.max((duel.none[i] - turn.start.v).abs());
                duel.none[i] = turn.start.v;
                for t in 1..=opp {
                    for k in 1..=5u8 {
                        let j = duel.accept_index(seat, me, opp, t, k);
                        let v = turn.before2[t][usize::from(k)].v;
                        change = change.max((duel.accept.get(j) - v).abs());
                        duel.accept.set(j, v);
                    }
                }
            }
            if change < tol {
                duel.residual = change;
                return Ok((duel, sweep));
            }
        }
        Err(Error::Rules(
            "plain value iteration did not converge".into(),
        ))
    }

    /// The largest difference from `other` over every state and offer both hold.
    pub fn max_difference(&self, other: &Duel) -> f64 {
        let none = self.none.iter().zip(&other.none).map(|(&x, &y)| (x, y));
        let n = self.n.min(other.n);
        let kept = self.offer_cap.min(other.offer_cap);
        let offers = [Seat::First, Seat::Second]
            .into_iter()
            .flat_map(move |seat| {
                (0..n).flat_map(move |me| {
                    (1..n).flat_map(move |opp| {
                        (1..=opp.min(kept))
                            .flat_map(move |t| (1..=5u8).map(move |k| (seat, me, opp, t, k)))
                    })
                })
            });
        let accept = offers.map(|(seat, me, opp, t, k)| {
            let at = |d: &Duel| d.accept.get(d.accept_index(seat, me, opp, t, k));
            (at(self), at(other))
        });
        none.chain(accept)
            .filter(|(x, y)| !x.is_nan() && !y.is_nan())
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max)
    }

    fn store(&mut self, a: usize, b: usize, sol: PairSolution) {
        let ix = self.index(Seat::First, a, b);
        let iy = self.index(Seat::Second, b, a);
        self.none[ix] = sol.x;
        self.none[iy] = sol.y;
        let ox = self.accept_index(Seat::First, a, b, 1, 1);
        let oy = self.accept_index(Seat::Second, b, a, 1, 1);
        self.accept.set_row(ox, &sol.accept_x);
        self.accept.set_row(oy, &sol.accept_y);
        self.residual = self.residual.max(sol.residual);
        self.sweeps += u64::from(sol.sweeps);
        self.max_sweeps = self.max_sweeps.max(sol.sweeps);
    }

    /// The pair {first player at (a, b), second player at (b, a)}, linked by busts.
    fn solve_pair(&self, rolls: &Rolls, a: usize, b: usize) -> Result<PairSolution, Error> {
        let (near_x, near_y) = (self.rules.near(a), self.rules.near(b));
        let (kept_x, kept_y) = (b.min(self.offer_cap), a.min(self.offer_cap));
        let ends_x = self.endings(Seat::First, a, b, kept_x.max(FIRST_MAX));
        let ends_y = self.endings(Seat::Second, b, a, kept_y.max(FIRST_MAX));
        let mut x = self.start_guess(a, b);
        let mut sweeps = 0;
        let mut last_h = f64::INFINITY;
        let (residual, mut ty, mut tx) = loop {
            sweeps += 1;
            let ty = Turn::solve(rolls, &ends_y, 1.0 - x, near_y, FIRST_MAX);
            let tx = Turn::solve(rolls, &ends_x, 1.0 - ty.start.v, near_x, FIRST_MAX);
            let (y, fx) = (ty.start, tx.start);
            let h = fx.v - x;
            if h.abs() < TOLERANCE {
                break (h.abs(), ty, tx);
            }
            if sweeps >= MAX_SWEEPS {
                return Err(Error::Rules(format!(
                    "scores {a}, {b}: value iteration did not converge"
                )));
            }
            // Newton on h(x) = F(1 - G(1 - x)) - x, whose slope is P(X busts)·P(Y busts) - 1;
            // a plain sweep whenever Newton does not shrink the residual.
            let slope = 1.0 - fx.bust * y.bust;
            x = if h.abs() < last_h && slope > 1e-9 {
                x + h / slope
            } else {
                fx.v
            };
            last_h = h.abs();
        };
        // The last sweep's turns, at the fixed point, extended to every offer.
        extend(&mut ty, kept_y.max(FIRST_MAX));
        extend(&mut tx, kept_x.max(FIRST_MAX));
        // Offers past the cap are neither solved nor kept.
        let cap = self.offer_cap;
        let row = |turn: &Turn, opp: usize| -> Vec<f64> {
            (1..=opp.min(cap))
                .flat_map(|t| (1..=5).map(move |k| (t, k)))
                .map(|(t, k)| turn.before2[t][k].v)
                .collect()
        };
        Ok(PairSolution {
            x: tx.start.v,
            y: ty.start.v,
            accept_x: row(&tx, b),
            accept_y: row(&ty, a),
            residual,
            sweeps,
        })
    }

    /// Where a pair's iteration starts: the first player's value at (a, b) extrapolated
    /// from three neighbours solved already (sums one and two up), as
    /// `v(a, b + 1) + v(a + 1, b) - v(a + 1, b + 1)`; else the neighbour one sum up, or 1/2.
    /// About 2.1 sweeps a pair instead of 3 from the neighbour alone.
    fn start_guess(&self, a: usize, b: usize) -> f64 {
        let v = |a: usize, b: usize| -> Option<f64> {
            (a < self.n && b < self.n && valid_score(a) && valid_score(b))
                .then(|| self.none[self.index(Seat::First, a, b)])
        };
        let up = v(a, b + 1);
        match (up, v(a + 1, b), v(a + 1, b + 1)) {
            (Some(p), Some(q), Some(r)) => p + q - r,
            _ => up.unwrap_or(0.5),
        }
    }

    /// The values of stopping for the mover in `seat` at (me, opp), totals up to `tmax2 + 20`.
    fn endings(&self, seat: Seat, me: usize, opp: usize, tmax2: usize) -> Endings {
        Endings::new(tmax2 + 20, |t, left| {
            self.stop_value(seat, me, opp, t, left)
        })
    }

    /// The mover's win probability after banking `t` units with `left` dice over; `None` for
    /// a pass (under 30 before opening, or past an exact target).
    fn stop_value(&self, seat: Seat, me: usize, opp: usize, t: usize, left: u8) -> Option<f64> {
        let new = me + t;
        if (me == 0 && (t as u32 * UNIT) < OPENING) || (self.rules.exact && new > self.n) {
            return None;
        }
        if new < self.n {
            return Some(1.0 - self.start_value(seat.other(), opp, new, t, left));
        }
        Some(match seat {
            Seat::First => 1.0 - self.final_value(new - opp, t, left),
            Seat::Second => 1.0,
        })
    }

    /// Win probability of the mover at the start of a turn, facing offer (t, left) if
    /// `left > 0` and taking it when it is worth more.
    fn start_value(&self, seat: Seat, me: usize, opp: usize, t: usize, left: u8) -> f64 {
        let decline = self.none[self.index(seat, me, opp)];
        if left == 0 || t == 0 || t > opp {
            return decline;
        }
        if t > self.offer_cap {
            return decline.max(self.beyond_cap(seat, me, opp, t, left));
        }
        decline.max(self.accept.get(self.accept_index(seat, me, opp, t, left)))
    }

    /// A capped game's value of going for an offer past its cap: roll the dice left once
    /// and bank what scores, the other player then declining any offer (a lower bound of
    /// the exact value, close where such offers are rare: docs/GAMES.md, "Yahtzix to 2,000
    /// in a page").
    fn beyond_cap(&self, seat: Seat, me: usize, opp: usize, t: usize, left: u8) -> f64 {
        let bust = 1.0 - self.win(seat.other(), opp, me);
        self.later_banks[usize::from(left)]
            .iter()
            .map(|&(p, bank)| {
                let banked = bank.and_then(|(x, used)| {
                    let (t, left) = (t + usize::from(x), left - used);
                    self.bank_declined(seat, me, opp, t, left)
                });
                p * banked.unwrap_or(bust)
            })
            .sum()
    }

    /// [`Duel::stop_value`] with the other player declining any offer.
    fn bank_declined(&self, seat: Seat, me: usize, opp: usize, t: usize, left: u8) -> Option<f64> {
        let new = me + t;
        if new < self.n {
            return Some(1.0 - self.win(seat.other(), opp, new));
        }
        self.stop_value(seat, me, opp, t, left)
    }

    /// The second player's last turn against margin `d` (units), facing offer (t, left).
    fn final_value(&self, d: usize, t: usize, left: u8) -> f64 {
        let fin = &self.finals[d];
        if left == 0 || t >= fin.before2.len() {
            return fin.start;
        }
        fin.start.max(fin.before2[t][usize::from(left)])
    }

    /// Solves the second player's last turn: she must end more than `d` units up (exactly
    /// `d`, to tie, under an exact target, where `d` is also her distance to it).
    fn final_turn(&self, rolls: &Rolls, d: usize) -> Final {
        let tmax2 = self.n + FINAL_SLACK;
        let ends = last_turn_endings(self.rules.exact, d, tmax2);
        let near = self.rules.exact && d <= 10;
        let turn = Turn::solve(rolls, &ends, 0.0, near, tmax2);
        Final {
            start: turn.start.v,
            before2: turn.before2.iter().map(|s| s.map(|v| v.v)).collect(),
        }
    }

    fn index(&self, seat: Seat, me: usize, opp: usize) -> usize {
        (seat as usize * self.n + me) * self.n + opp
    }

    /// Where offer (`t`, `left`) of the mover in `seat` at (me, opp) is kept: one block per
    /// (seat, me), one row of `5 × min(opp, cap)` offers per opponent's score.
    fn accept_index(&self, seat: Seat, me: usize, opp: usize, t: usize, left: u8) -> usize {
        let block = 5 * rows_before(self.n, self.offer_cap);
        (seat as usize * self.n + me) * block
            + 5 * rows_before(opp, self.offer_cap)
            + (t - 1) * 5
            + usize::from(left)
            - 1
    }

    /// Whether offers past a cap are left out (the compact game).
    pub fn is_compact(&self) -> bool {
        self.offer_cap != usize::MAX
    }

    /// The target in units.
    pub fn target_units(&self) -> usize {
        self.n
    }

    /// Win probability of the mover at a turn's start with no offer (or declining one).
    pub fn win(&self, seat: Seat, me: usize, opp: usize) -> f64 {
        self.none[self.index(seat, me, opp)]
    }

    /// Win probability of going for an offer of `t` units (1 to `opp`) on `left` dice (1 to
    /// 5); refused where the block holding it is damaged.
    pub fn accept(
        &self,
        seat: Seat,
        me: usize,
        opp: usize,
        t: usize,
        left: u8,
    ) -> Result<f64, Error> {
        self.accept.check_block(self.block_of(seat, me))?;
        Ok(self.accept.get(self.accept_index(seat, me, opp, t, left)))
    }

    /// The accept block of the mover in `seat` with `me` units.
    fn block_of(&self, seat: Seat, me: usize) -> usize {
        seat as usize * self.n + me
    }

    /// Checks every block of a mapped table (in parallel); the first damaged one is refused.
    /// Tables solved in memory need no check.
    pub fn verify_all(&self) -> Result<(), Error> {
        self.accept.check_all()
    }

    /// The first player's chance of winning from the start.
    pub fn first_player_wins(&self) -> f64 {
        self.win(Seat::First, 0, 0)
    }

    /// The turn of the mover in `seat` at (me, opp) solved for play; `opp` may be at or past
    /// the target on the second player's last turn. Returns the endings, bust value and
    /// whether the mover may roll fewer dice; totals before roll 2 reach `tmax2`. Checks
    /// the one block of a mapped table the turn reads (the opponent's offers to the mover).
    pub fn turn_setup(
        &self,
        seat: Seat,
        me: usize,
        opp: usize,
        tmax2: usize,
    ) -> Result<(Endings, f64, bool), Error> {
        if opp < self.n {
            self.accept.check_block(self.block_of(seat.other(), opp))?;
        }
        Ok(self.turn_setup_checked(seat, me, opp, tmax2))
    }

    /// [`Duel::turn_setup`] once [`Duel::verify_all`] has passed.
    pub(crate) fn turn_setup_checked(
        &self,
        seat: Seat,
        me: usize,
        opp: usize,
        tmax2: usize,
    ) -> (Endings, f64, bool) {
        let near = self.rules.near(me);
        if opp >= self.n {
            return (
                last_turn_endings(self.rules.exact, opp - me, tmax2),
                0.0,
                near,
            );
        }
        let bust = 1.0 - self.win(seat.other(), opp, me);
        (self.endings(seat, me, opp, tmax2), bust, near)
    }

    /// Bytes of the tables held.
    pub fn memory_bytes(&self) -> usize {
        8 * self.none.len()
            + self.accept.bytes()
            + self
                .finals
                .iter()
                .map(|f| 48 * f.before2.len())
                .sum::<usize>()
    }
}

/// The second player's last turn: passing the margin `d` wins, equalling it ties; under an
/// exact target only equalling counts (a tie) and passing it is a pass.
fn last_turn_endings(exact: bool, d: usize, tmax2: usize) -> Endings {
    Endings::new(tmax2 + 20, |t, _| match t.cmp(&d) {
        std::cmp::Ordering::Greater if exact => None,
        std::cmp::Ordering::Greater => Some(1.0),
        std::cmp::Ordering::Equal => Some(0.5),
        std::cmp::Ordering::Less => Some(0.0),
    })
}

/// The pairs {first player at (a, b), second at (b, a)} of one sum of scores.
fn pairs_of(n: usize, level: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n)
        .filter_map(move |a| Some((a, level.checked_sub(a)?)))
        .filter(move |&(a, b)| b < n && valid_score(a) && valid_score(b))
}

/// The work of one pair: its sweeps and its two turns' offers.
fn pair_work(a: usize, b: usize) -> u64 {
    PAIR_WORK + (a.max(FIRST_MAX) + b.max(FIRST_MAX) - 2 * FIRST_MAX) as u64
}

/// Extends a turn solved with totals up to [`FIRST_MAX`] before roll 2 to totals up to
/// `tmax2` (its endings reach `tmax2 + 20`): the values `Turn::solve` with `tmax2` gives,
/// bit for bit (a state reads only higher totals, which the smaller solve holds unchanged).
fn extend(turn: &mut Turn, tmax2: usize) {
    let stage = |turn: &Turn, roll: u8, t: usize| -> [Val; 6] {
        std::array::from_fn(|k| match k {
            0 => Val::default(),
            k => turn.before_roll(roll, t, k as u8),
        })
    };
    for t in turn.before3.len()..=tmax2 + 10 {
        let s = stage(turn, 3, t);
        turn.before3.push(s);
    }
    for t in turn.before2.len()..=tmax2 {
        let s = stage(turn, 2, t);
        turn.before2.push(s);
    }
}

/// A later roll's probability and what banking it at once scores (units, dice used), or
/// `None` for a bust.
type LaterBank = (f64, Option<(u16, u8)>);

/// Each later roll of 0 to 5 dice grouped by what banking it at once scores (units, dice
/// used), with its probability; `None` for a bust.
pub(crate) fn later_banks(rules: &Rules) -> Vec<Vec<LaterBank>> {
    (0..=5u8)
        .map(|k| {
            let mut groups: Vec<LaterBank> = Vec::new();
            for o in crate::score::outcomes(rules, k, false) {
                match groups.iter_mut().find(|g| g.1 == o.bank) {
                    Some(g) => g.0 += o.prob,
                    None => groups.push((o.prob, o.bank)),
                }
            }
            groups
        })
        .collect()
}

/// Offers kept for opponents' scores below `opp`, each row `min(score, cap)` totals long.
pub(crate) fn rows_before(opp: usize, cap: usize) -> usize {
    if opp <= cap.saturating_add(1) {
        opp * opp.saturating_sub(1) / 2
    } else {
        cap * (cap + 1) / 2 + (opp - 1 - cap) * cap
    }
}
