//! One turn of Triple Yahtzee played exactly against a value of the next position.
//!
//! The turn is the solver's: (1) every final roll's best move, (2)–(3) the kernel's keep
//! steps ([`TurnPlan::expect_keeps_in`], [`TurnPlan::best_subkeeps_in`]) twice, then the mean
//! over the opening roll. Only step 1 is Triple-specific: a roll may go in any open box of
//! any column. The value of the position after a move depends only on (column, box, effect
//! of the score on the column's state), so it is computed once per such "slot" and turn,
//! like the solver's continuation slots, and each roll's best move is a max over the open
//! boxes of multiplied points + that value.

use std::sync::{Arc, LazyLock};

use yahtzee_rules::{tables, Category, Dice, KEEPS, ROLLS};
use yahtzee_solver::TurnPlan;

use crate::game::{Triple, TripleMove, TripleState, COLUMNS, MULTIPLIERS};
use crate::value::Valuer;

/// Distinct keeps of every roll (itself and the empty keep included), in keep index order.
static SUB_KEEPS: LazyLock<Vec<Vec<u16>>> = LazyLock::new(|| {
    (0..ROLLS)
        .map(|r| {
            let roll = tables().keep(r);
            roll.sub_keeps().iter().map(|k| k.index() as u16).collect()
        })
        .collect()
});

/// The keeps available from roll `r` (a roll index), as keep indices.
pub fn sub_keeps(r: usize) -> &'static [u16] {
    &SUB_KEEPS[r]
}

/// Step 1 for `N` lanes: `out[r]` = over the legal moves of roll `r` in `s`, the move that
/// is best in lane 0 (first in [`Triple::for_each_move`] order among equals), and in every
/// lane its points plus `next` of the position it leads to. Lane 0 decides, the other lanes
/// follow (the exact evaluation of a strategy carries its own values there).
pub fn final_values<const N: usize>(
    game: &Triple,
    s: &TripleState,
    next: &mut impl FnMut(&TripleState) -> [f64; N],
    out: &mut [[f64; N]],
) {
    let rules = game.rules;
    let nb = game.boxes();
    let open = game.open_boxes(s);
    let mut slots: Vec<Option<[f64; N]>> = vec![None; COLUMNS * nb * 7];
    // The slot of a box score: upper boxes by the count of their face, lower boxes by
    // zero / positive / 50 (only a Yahtzee box's 50 sets the column's flag).
    let slot_of = |b: usize, score: u32| match rules.boxes[b].upper_face() {
        Some(f) => (score / u32::from(f)) as usize,
        None if rules.boxes[b] == Category::Yahtzee && score == 50 => 2,
        None => usize::from(score > 0),
    };
    let mut cont = |m: &TripleMove| -> [f64; N] {
        if m.next.yahtzees != s.yahtzees {
            return next(&m.next);
        }
        let i = (m.col * nb + m.box_index) * 7 + slot_of(m.box_index, m.score);
        *slots[i].get_or_insert_with(|| next(&m.next))
    };
    for (r, o) in out.iter_mut().enumerate().take(ROLLS) {
        let dice = tables().keep(r);
        let mut best: Option<[f64; N]> = None;
        let mut consider = |m: TripleMove, best: &mut Option<[f64; N]>| {
            let v = cont(&m).map(|x| f64::from(m.points) + x);
            if best.is_none_or(|b| v[0] > b[0]) {
                *best = Some(v);
            }
        };
        if dice.five_of_a_kind().is_some() {
            game.for_each_move(s, &dice, |m| consider(m, &mut best));
        } else {
            for &(c, b) in &open {
                consider(
                    plain_move(game, s, c, b, rules.score_of_roll(b, r)),
                    &mut best,
                );
            }
        }
        *o = best.expect("a card that is not full has an open box");
    }
}

/// The move writing `score` in (`c`, `b`) for a roll that is not five of a kind (the same
/// move [`Triple::for_each_move`] gives, without building the others).
#[inline]
fn plain_move(game: &Triple, s: &TripleState, c: usize, b: usize, score: u32) -> TripleMove {
    let (col, upper_bonus) = game.rules.place(s.cols[c], b, score);
    let mut next = *s;
    next.cols[c] = col;
    TripleMove {
        col: c,
        box_index: b,
        score,
        upper_bonus,
        yahtzee_bonus: 0,
        points: MULTIPLIERS[c] * (score + upper_bonus),
        next,
    }
}

/// Everything a player needs to make the decisions of one turn.
#[derive(Clone, Debug)]
pub struct Turn {
    /// Value of each keep with one roll to come (the second reroll's choice); the 252
    /// rolls hold their final values.
    pub one_left: Vec<[f64; 1]>,
    /// Value of each keep with two rolls to come (the first reroll's choice); rolls hold
    /// their value with one reroll left.
    pub two_left: Vec<[f64; 1]>,
    /// Expected value of the turn before the opening roll (points + next position).
    pub value: f64,
}

impl Turn {
    /// Keep values for a decision with `rolls_left` (1 or 2) rerolls to come.
    pub fn keeps(&self, rolls_left: u8) -> &[[f64; 1]] {
        if rolls_left >= 2 {
            &self.two_left
        } else {
            &self.one_left
        }
    }

    /// The best keep from `roll` with `rolls_left` rerolls to come. Ties go to keeping all
    /// five dice (stopping), then to the first keep in keep-index order.
    pub fn best_keep(&self, roll: &Dice, rolls_left: u8) -> usize {
        let r = roll.index();
        let values = self.keeps(rolls_left);
        let mut best = r;
        for &k in sub_keeps(r) {
            if values[usize::from(k)][0] > values[best][0] {
                best = usize::from(k);
            }
        }
        best
    }
}

/// A player: a valuer of positions and the solver's keep tables.
#[derive(Clone)]
pub struct Player {
    pub valuer: Valuer,
    plan: Arc<TurnPlan>,
}

impl Player {
    pub fn new(valuer: Valuer) -> Player {
        let plan = Arc::new(TurnPlan::new(valuer.game.rules));
        Player { valuer, plan }
    }

    /// The same tables with another valuer.
    pub fn with_valuer(&self, valuer: Valuer) -> Player {
        Player {
            valuer,
            plan: self.plan.clone(),
        }
    }

    pub fn game(&self) -> Triple {
        self.valuer.game
    }

    pub fn plan(&self) -> &TurnPlan {
        &self.plan
    }

    /// Plays one turn from `s` against the valuer: keep values for both rerolls and the
    /// turn's expected value.
    pub fn turn(&self, s: &TripleState) -> Turn {
        let mut a = vec![[0.0f64; 1]; KEEPS];
        let game = self.game();
        final_values(&game, s, &mut |n| [self.valuer.value(n)], &mut a[..ROLLS]);
        self.plan.expect_keeps_in(&mut a);
        let one_left = a.clone();
        self.plan.best_subkeeps_in(&mut a, false);
        self.plan.expect_keeps_in(&mut a);
        let two_left = a.clone();
        self.plan.best_subkeeps_in(&mut a, false);
        let t = tables();
        let value = (0..ROLLS).map(|r| t.roll_prob(r) * a[r][0]).sum();
        Turn {
            one_left,
            two_left,
            value,
        }
    }

    /// Every legal move of final `dice` with its value (points + value of the position
    /// after), in [`Triple::for_each_move`] order.
    pub fn move_values(&self, s: &TripleState, dice: &Dice) -> Vec<(TripleMove, f64)> {
        let mut v = Vec::new();
        self.game().for_each_move(s, dice, |m| {
            v.push((m, f64::from(m.points) + self.valuer.value(&m.next)));
        });
        v
    }

    /// The move the player makes with final `dice` (first best in move order).
    pub fn best_move(&self, s: &TripleState, dice: &Dice) -> TripleMove {
        let mut best: Option<(TripleMove, f64)> = None;
        self.game().for_each_move(s, dice, |m| {
            let v = f64::from(m.points) + self.valuer.value(&m.next);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        });
        best.expect("a card that is not full has a legal move").0
    }
}
