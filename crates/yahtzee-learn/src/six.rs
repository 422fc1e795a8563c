//! House rule "mega-yahtzee" in the environment: the sixth-die question's two values, the
//! six-dice turn's keep values, and the moves of six dice showing. The values come from
//! the solver's kernel as the advice reads them (`Advisor::sixth_die`, `advise_six`).

use std::cell::RefCell;

use yahtzee_rules::{Dice, Move, RuleSet, State, ROLLS};
use yahtzee_solver::Workspace;

use crate::model::Model;

/// Runs `f` with this thread's kernel workspace for `model`'s rules.
fn with_workspace<R>(model: &Model, f: impl FnOnce(&mut Workspace) -> R) -> R {
    thread_local! {
        static SCRATCH: RefCell<Vec<(&'static str, Workspace)>> = const { RefCell::new(Vec::new()) };
    }
    SCRATCH.with_borrow_mut(|scratch| {
        let name = model.plan.rules().name;
        let at = match scratch.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                scratch.push((name, Workspace::new(&model.plan)));
                scratch.len() - 1
            }
        };
        f(&mut scratch[at].1)
    })
}

/// Before a turn's first roll with the sixth die in hand in `state`: the expected points
/// still to come when it is taken and when five dice are rolled.
pub(crate) fn question(model: &Model, state: State) -> (f64, f64) {
    with_workspace(model, |ws| {
        let take = model.plan.mega_values(ws, &[state], model.values)[0];
        let five = model.plan.turn_values(ws, &[state], model.values)[0];
        (take, five)
    })
}

/// The six-dice turn from `spent` (the sixth die taken): every six-dice keep's value (by
/// `mega_index`) with one reroll left into `keep1`, with two into `keep2`.
pub(crate) fn keep_values(model: &Model, spent: State, keep1: &mut Vec<f64>, keep2: &mut Vec<f64>) {
    let mega = model.plan.mega().expect("mega-yahtzee rules");
    let bonus = f64::from(model.plan.rules().mega_bonus);
    with_workspace(model, |ws| {
        model.plan.final_rolls(ws, &[spent], model.values);
        mega.finals_in(&ws.keeps[..ROLLS], &mut ws.six, bonus);
        mega.expect_keeps_in(&mut ws.six);
        keep1.clear();
        keep1.extend(ws.six.iter().map(|v| v[0]));
        mega.best_subkeeps_in(&mut ws.six);
        mega.expect_keeps_in(&mut ws.six);
        keep2.clear();
        keep2.extend(ws.six.iter().map(|v| v[0]));
    });
}

/// Six dice showing after the last roll, in `spent`: each box's move with the best five
/// dice for it (the most points; the first five found, dropping the lowest face first, on
/// a tie) into `moves`. A five that is a natural full house under fool-house goes in Full
/// House only. Returns whether chance-chance is open (Chance open and some five free).
pub(crate) fn moves(
    rules: &RuleSet,
    spent: State,
    dice: &Dice,
    moves: &mut [Option<Move>],
) -> bool {
    moves.fill(None);
    let mut free = false;
    for five in (1..=6).filter_map(|f| dice.without(f)) {
        let forced = rules.forced_full_house(spent, &five);
        free |= forced.is_none();
        rules.for_each_move(spent, &five, |m| {
            let allowed = forced.is_none_or(|b| b == m.box_index);
            let better = moves[m.box_index].is_none_or(|x| m.points() > x.points());
            if allowed && better {
                moves[m.box_index] = Some(m);
            }
        });
    }
    free && rules.chance_chance_box(spent).is_some()
}
