//! The last turns of a three-player round, solved before the game: when a seat reaches
//! the target, the seats after her in the round each play one last turn (rule J), by the
//! margins they face.

use rayon::prelude::*;

use super::seats::{rotate, unrotate, Chances, Scores};
use crate::score::UNIT;
use crate::turn::{Endings, Rolls, Turn, FIRST_MAX};
use crate::{Rules, OPENING};

/// The last turns, solved before the game: seat 2's by the margin she must pass and the
/// number of leaders (1 or 2), and seat 1's (after seat 0 went out) by her margin, seat 2's
/// margin and whether seat 1 has opened.
pub(crate) struct LastTurns {
    /// Largest turn total a seat may bank in a normal turn (units).
    most: usize,
    /// Seat 2's last turn: `[leaders - 1][margin]`.
    seat2: [Vec<LastOf2>; 2],
    /// Seat 1's last turn: `[unopened][d1][d2]`, `None` where no state reaches it.
    seat1: Vec<Option<LastOf1>>,
    /// Side of the `seat1` grid.
    side: usize,
}

/// Seat 2's last turn: her chance to win at the start and before roll 2 on an offer.
struct LastOf2 {
    start: f64,
    before2: Vec<[f64; 6]>,
}

/// Seat 1's last turn: the chances of all three at the start and on an offer.
struct LastOf1 {
    start: Chances,
    before2: Vec<[Chances; 6]>,
}

impl LastTurns {
    /// Bytes of seat 1's last turns held (seat 2's are small).
    pub(crate) fn memory_bytes(&self) -> usize {
        self.seat1
            .iter()
            .flatten()
            .map(|f| 24 * 6 * f.before2.len())
            .sum::<usize>()
    }

    pub(crate) fn solve(rules: &Rules, rolls: &Rolls, n: usize) -> LastTurns {
        let most = (n - 1).max(FIRST_MAX) + 20;
        let side = n + most;
        let seat2_len = side + most + 21;
        let seat2 = [1, 2].map(|leaders| {
            (0..seat2_len)
                .into_par_iter()
                .map(|d| last_of_2(rules, rolls, d, leaders, most + 20))
                .collect()
        });
        let mut last = LastTurns {
            most,
            seat2,
            seat1: Vec::new(),
            side,
        };
        let keys: Vec<(bool, usize, usize)> = [false, true]
            .into_iter()
            .flat_map(|z| (1..side).flat_map(move |d1| (1..side).map(move |d2| (z, d1, d2))))
            .collect();
        let seat1: Vec<Option<LastOf1>> = keys
            .par_iter()
            .map(|&(z, d1, d2)| {
                // Unopened, seat 1 has 0: her margin is seat 0's score, at least the target.
                (!z || d1 >= n).then(|| last.last_of_1(rules, rolls, n, d1, d2, z))
            })
            .collect();
        let mut grid: Vec<Option<LastOf1>> = (0..2 * side * side).map(|_| None).collect();
        for (&(z, d1, d2), v) in keys.iter().zip(seat1) {
            grid[(usize::from(z) * side + d1) * side + d2] = v;
        }
        last.seat1 = grid;
        last
    }

    /// Seat 2's chance in her last turn against margin `d` with `leaders` at the top,
    /// facing an offer of `u` on `left` dice (none if `left` is 0), going for it if better.
    pub(crate) fn seat2_value(&self, leaders: usize, d: usize, u: usize, left: u8) -> f64 {
        // The last margin is past anything one turn can make: larger ones are worth the same.
        let fin = &self.seat2[leaders - 1][d.min(self.seat2[0].len() - 1)];
        if left == 0 || u >= fin.before2.len() {
            return fin.start;
        }
        fin.start.max(fin.before2[u][usize::from(left)])
    }

    /// The chances once seat 1's last turn has ended `u` past her margin `d1` (negative:
    /// short of it), leaving `left` dice to seat 2; `None` banked nothing.
    fn after_seat1(&self, d1: usize, d2: usize, end: Option<(usize, u8)>) -> Chances {
        let (u, left) = end.unwrap_or((0, 0));
        match u.cmp(&d1) {
            std::cmp::Ordering::Less => {
                let v2 = self.seat2_value(1, d2, u, left);
                [1.0 - v2, 0.0, v2]
            }
            std::cmp::Ordering::Equal => {
                let v2 = self.seat2_value(2, d2, u, left);
                [(1.0 - v2) / 2.0, (1.0 - v2) / 2.0, v2]
            }
            std::cmp::Ordering::Greater => {
                let v2 = self.seat2_value(1, d2 + u - d1, u, left);
                [0.0, 1.0 - v2, v2]
            }
        }
    }

    /// The endings and bust value of seat 1's last turn (rotated: hers first): seat 0 went
    /// out `d1` above her and `d2` above seat 2; `tmax2` as for [`Turn::solve`].
    pub(crate) fn seat1_endings(
        &self,
        rules: &Rules,
        d1: usize,
        d2: usize,
        unopened: bool,
        tmax2: usize,
    ) -> (Endings<Chances>, Chances) {
        let ends = Endings::new(tmax2 + 20, |u, left| {
            let pass = (unopened && (u as u32 * UNIT) < OPENING) || (rules.exact && u > d1);
            (!pass).then(|| rotate(self.after_seat1(d1, d2, Some((u, left))), 1))
        });
        (ends, rotate(self.after_seat1(d1, d2, None), 1))
    }

    /// Seat 1's last turn solved: seat 0 went out `d1` above her and `d2` above seat 2.
    fn last_of_1(
        &self,
        rules: &Rules,
        rolls: &Rolls,
        n: usize,
        d1: usize,
        d2: usize,
        unopened: bool,
    ) -> LastOf1 {
        let (ends, bust) = self.seat1_endings(rules, d1, d2, unopened, self.most);
        // Under an exact target seat 0 is at it, so seat 1 is `d1` short of it.
        let near = rules.near(n.saturating_sub(d1));
        let turn = Turn::solve(rolls, &ends, bust, near, self.most);
        LastOf1 {
            start: unrotate(turn.start.v, 1),
            before2: turn
                .before2
                .iter()
                .map(|s| s.map(|v| unrotate(v.v, 1)))
                .collect(),
        }
    }

    /// The chances after seat 0 goes out `d1` above seat 1 and `d2` above seat 2, offering
    /// `u` on `left` dice: seat 1 goes for it if that is better for her.
    pub(crate) fn seat1_value(
        &self,
        d1: usize,
        d2: usize,
        unopened: bool,
        u: usize,
        left: u8,
    ) -> Chances {
        let f = self.seat1[(usize::from(unopened) * self.side + d1) * self.side + d2]
            .as_ref()
            .expect("every reachable last turn of seat 1 is solved");
        if left == 0 || u >= f.before2.len() {
            return f.start;
        }
        let go = f.before2[u][usize::from(left)];
        if go[1] > f.start[1] {
            go
        } else {
            f.start
        }
    }
}

/// Seat 2's last turn against margin `d` with `leaders` at the top: passing wins, equalling
/// shares the win with them; under an exact target passing the target is a pass.
fn last_of_2(rules: &Rules, rolls: &Rolls, d: usize, leaders: usize, tmax2: usize) -> LastOf2 {
    let tie = 1.0 / (leaders as f64 + 1.0);
    let ends = Endings::new(tmax2 + 20, |u, _| match u.cmp(&d) {
        std::cmp::Ordering::Greater if rules.exact => None,
        std::cmp::Ordering::Greater => Some(1.0),
        std::cmp::Ordering::Equal => Some(tie),
        std::cmp::Ordering::Less => Some(0.0),
    });
    let turn = Turn::solve(rolls, &ends, 0.0, rules.exact && d <= 10, tmax2);
    LastOf2 {
        start: turn.start.v,
        before2: turn.before2.iter().map(|s| s.map(|v| v.v)).collect(),
    }
}

/// Seat 2's last turn as she plays it (rotated: hers first): the leaders are the highest
/// of seats 0 and 1, who share what she does not win.
pub(crate) fn last_of_2_endings(
    rules: &Rules,
    s: Scores,
    tmax2: usize,
) -> (Endings<Chances>, Chances) {
    let top = s[0].max(s[1]);
    let leaders = [s[0] == top, s[1] == top, false];
    let count = leaders.iter().filter(|&&l| l).count() as f64;
    let split = |mine: f64| -> Chances {
        let abs = std::array::from_fn(|j| match j {
            2 => mine,
            j if leaders[j] => (1.0 - mine) / count,
            _ => 0.0,
        });
        rotate(abs, 2)
    };
    let n = rules.target_units();
    let ends = Endings::new(tmax2 + 20, |u, _| {
        let y = s[2] + u;
        match y.cmp(&top) {
            _ if rules.exact && y > n => None,
            std::cmp::Ordering::Greater => Some(split(1.0)),
            std::cmp::Ordering::Equal => Some(split(1.0 / (count + 1.0))),
            std::cmp::Ordering::Less => Some(split(0.0)),
        }
    });
    (ends, split(0.0))
}
