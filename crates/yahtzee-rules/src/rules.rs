//! Rule sets: which boxes a game has, how they score, the bonuses and the Joker rule.
//!
//! A [`RuleSet`] is plain data plus the scoring functions; it also decides the solver's state
//! space (how many boxes, whether the "Yahtzee box holds 50" flag exists). Everything that
//! depends on the rules goes through [`RuleSet::for_each_move`] and [`RuleSet::place`], so the
//! solver, the advice and later play modes cannot disagree about a move.
//!
//! The modules, bottom up: `house` ([`House`]), `rule_set` (what a [`RuleSet`] and a
//! [`Move`] are), `catalogue` (the listed rule sets and the names read), `scoring` (the
//! scores and moves), `states` (the state space and what is reachable).

mod catalogue;
mod house;
mod rule_set;
mod scoring;
mod states;

pub use catalogue::{UnknownRules, ALIASES, MADE_LIMIT, MAX_MEGA_BONUS};
pub use house::{House, DEFAULT_MEGA_BONUS};
pub use rule_set::{Joker, Move, RuleSet, RulesId, Style};
