//! A [`Model`]: the exact values of one rule set (its solved table in memory), the optimal
//! strategy over them and the solver's kernel, which the environments read to value every
//! action.

use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, State};
use yahtzee_solver::turn::TurnPlan;
use yahtzee_solver::Values;

use crate::finals::Finals;

/// The exact values of one rule set: the optimal strategy read from its solved table.
pub struct Model {
    pub(crate) values: &'static [f64],
    pub(crate) strategy: Strategy<'static>,
    /// The solver's keep steps, run over the lanes of many games at once (crate::lanes),
    /// after each game's final-roll values (crate::finals).
    pub(crate) plan: TurnPlan,
    pub(crate) finals: Finals,
}

impl Model {
    /// The model of `rules` over `values`, the expected points still to come from every
    /// state by state index (the solver's table, in memory). Environments share it for
    /// the life of the program (leak it: one per rule set).
    pub fn new(rules: &'static RuleSet, values: &'static [f64]) -> Model {
        assert_eq!(values.len(), rules.state_count(), "a value per state");
        // The scalar strategy reads them through `Values` (one small box per model).
        let by_state: &'static ByState = Box::leak(Box::new(ByState(values)));
        Model {
            values,
            strategy: Strategy::new(rules, by_state),
            plan: TurnPlan::new(rules),
            finals: Finals::new(rules),
        }
    }
}

/// A solved table in memory as the strategy's [`Values`].
struct ByState(&'static [f64]);

impl Values for ByState {
    fn value(&self, rules: &RuleSet, s: State) -> f64 {
        self.0.value(rules, s)
    }
}
