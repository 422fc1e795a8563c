//! Rule sets by name, with house rules added by name, and every rule set listed as
//! `yahtzee rules --json` prints them: what every front end reads before it asks a
//! question.

use yahtzee_rules::{House, RuleSet};

use crate::EngineError;

/// The rule set `name` (`forced`, `yatzy`, a full name such as `forced+mulligan`, or
/// another name of the official game: `yahtzee`, `official`, `american`) with the house
/// rules `house` added.
pub fn rules_named(name: &str, house: &[&str]) -> Result<&'static RuleSet, EngineError> {
    with_house(RuleSet::named(name)?, house)
}

/// `rules` with the house rules `house` (by name) added to its own (a full name such as
/// `forced+mulligan` brings its house rules); none apply to a reduced game.
pub fn with_house(
    rules: &'static RuleSet,
    house: &[&str],
) -> Result<&'static RuleSet, EngineError> {
    let mut with = rules.house;
    for h in house {
        if !with.set(h.trim()) {
            return Err(EngineError::UnknownHouse(h.to_string()));
        }
    }
    if rules.is_reduced() && with != rules.house {
        return Err(EngineError::HouseOnReduced(rules.name.to_string()));
    }
    Ok(rules.with_house(with))
}

/// Every rule set: the base ones, then each with each combination of house rules.
pub fn every_rule_set() -> impl Iterator<Item = &'static RuleSet> {
    RuleSet::every()
}

/// One rule set as `yahtzee rules --json` lists it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RulesEntry {
    pub name: &'static str,
    pub base: &'static str,
    pub house: Vec<&'static str>,
    pub description: &'static str,
    pub boxes: usize,
    /// Entries in the table (2^boxes × 64 × 2^flags).
    pub states: usize,
    /// States a game can reach, which the solver computes (the rest hold NaN).
    pub reachable_states: usize,
    pub expected_value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub published_value: Option<f64>,
}

/// Every rule set, as `yahtzee rules --json` lists them (computed once).
pub fn rules_listing() -> &'static [RulesEntry] {
    static LIST: std::sync::OnceLock<Vec<RulesEntry>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        RuleSet::every()
            .map(|r| RulesEntry {
                name: r.name,
                base: RuleSet::get(r.id).name,
                house: r.house.names(),
                description: r.description,
                boxes: r.box_count(),
                states: r.state_count(),
                reachable_states: r.reachable_state_count(),
                expected_value: r.expected_value,
                published_value: r.reference_value,
            })
            .collect()
    })
}

/// The house rules' names, for messages and listings.
pub fn house_rule_names() -> Vec<&'static str> {
    House::SWITCHES.iter().map(|s| s.0).collect()
}
