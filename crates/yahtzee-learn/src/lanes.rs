//! Many games' turns decided at once, eight games in SIMD lanes: their final-roll values
//! (crate::finals), then the solver's keep steps.
//! The lanes' operations are the solver's, in its order, so each game gets the values
//! [`yahtzee_advice::Strategy::decide`] gives it.

use std::cell::RefCell;

use yahtzee_rules::KEEPS;
use yahtzee_solver::turn::LANES;

use crate::env::Env;

/// Decides the pending turns of `games` (all of one model): eight at a time in lanes, or
/// alone where a house rule makes a game's turn differ (the mulligan, fool-house).
pub(crate) fn decide(games: &mut [&mut Env]) {
    thread_local! {
        static LANE_VALUES: RefCell<Vec<[f64; LANES]>> = RefCell::new(vec![[0.0; LANES]; KEEPS]);
        static CONT: RefCell<Vec<[f64; LANES]>> = const { RefCell::new(Vec::new()) };
    }
    let (alone, shared): (Vec<_>, Vec<_>) = games.iter_mut().partition(|g| g.needs_alone());
    for g in alone {
        g.decide_alone();
    }
    let mut shared = shared;
    let mut states = Vec::with_capacity(LANES);
    for group in shared.chunks_mut(LANES) {
        let model = group[0].model().expect("pending games have a model");
        let rules = model.strategy.rules();
        states.clear();
        states.extend(group.iter().map(|g| g.state()));
        LANE_VALUES.with_borrow_mut(|lanes| {
            CONT.with_borrow_mut(|cont| {
                cont.resize(model.finals.slots(), [0.0; LANES]);
                model
                    .finals
                    .fill_lanes(rules, model.values, &states, cont, lanes);
                for (i, g) in group.iter_mut().enumerate() {
                    g.set_cont(cont.iter().map(|c| c[i]));
                }
            });
            model.plan.expect_keeps_in(lanes);
            for (i, g) in group.iter_mut().enumerate() {
                g.set_keep1(lanes.iter().map(|l| l[i]));
            }
            model.plan.best_subkeeps_in(lanes, false);
            model.plan.expect_keeps_in(lanes);
            for (i, g) in group.iter_mut().enumerate() {
                g.decided(&|k| lanes[k][i]);
            }
        });
    }
}
