//! Many games' turns decided at once: each game's final-roll values (crate::finals, one
//! game at a time), then the solver's keep steps over eight games in SIMD lanes.
//! The lanes' operations are the solver's, in its order, so each game gets the values
//! [`yahtzee_advice::Strategy::decide`] gives it.

use std::cell::RefCell;

use yahtzee_rules::{KEEPS, ROLLS};
use yahtzee_solver::turn::LANES;

use crate::env::Env;

/// Decides the pending turns of `games` (all of one model): eight at a time in lanes, or
/// alone where a house rule makes a game's turn differ (the mulligan, fool-house).
pub(crate) fn decide(games: &mut [&mut Env]) {
    thread_local! {
        static LANE_VALUES: RefCell<Vec<[f64; LANES]>> = RefCell::new(vec![[0.0; LANES]; KEEPS]);
        static FINALS: RefCell<Vec<f64>> = RefCell::new(vec![0.0; ROLLS]);
    }
    let (alone, shared): (Vec<_>, Vec<_>) = games.iter_mut().partition(|g| g.needs_alone());
    for g in alone {
        g.decide_alone();
    }
    let mut shared = shared;
    for group in shared.chunks_mut(LANES) {
        let model = group[0].model().expect("pending games have a model");
        LANE_VALUES.with_borrow_mut(|lanes| {
            let rules = model.strategy.rules();
            let values = model.values;
            FINALS.with_borrow_mut(|finals| {
                for (i, g) in group.iter_mut().enumerate() {
                    let state = g.state();
                    model.finals.fill(rules, values, state, &mut g.cont, finals);
                    g.cont_this_turn = true;
                    for (lane, &v) in lanes.iter_mut().zip(finals.iter()) {
                        lane[i] = v;
                    }
                }
            });
            // Unused lanes repeat the first game (any values would do: lanes are apart).
            for lane in lanes[..ROLLS].iter_mut() {
                for i in group.len()..LANES {
                    lane[i] = lane[0];
                }
            }
            model.plan.expect_keeps_in(lanes);
            for (i, g) in group.iter_mut().enumerate() {
                g.set_keep1(lanes.iter().map(|l| l[i]));
            }
            model.plan.best_subkeeps_in(lanes, false);
            model.plan.expect_keeps_in(lanes);
            let mut keep2 = [0.0; KEEPS];
            for (i, g) in group.iter_mut().enumerate() {
                for (k, l) in keep2.iter_mut().zip(lanes.iter()) {
                    *k = l[i];
                }
                g.decided(&keep2);
            }
        });
    }
}
