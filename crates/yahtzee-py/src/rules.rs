//! Rule sets from Python: the `Rules` class, `rule_sets()`, and a rule set named in any
//! form a function takes (a name, a `Rules` or `None`, with house rules added).

use pyo3::prelude::*;
use pyo3::types::PyString;
use yahtzee_rules::RuleSet;

use crate::errors::{bad_input, err};
use crate::input;

/// A rule set from Python: `rules` a name (`"forced"`, `"forced+mulligan"`), a `Rules`
/// or `None` (`"forced"`), with the house rules `house` (see `input::house`) added.
pub(crate) fn rules_of(
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
) -> PyResult<&'static RuleSet> {
    let name = match rules.filter(|r| !r.is_none()) {
        None => "forced".to_string(),
        Some(r) => {
            if let Ok(s) = r.cast::<PyString>() {
                s.to_str()?.to_string()
            } else if let Ok(r) = r.cast::<Rules>() {
                r.get().rules.name.to_string()
            } else {
                return Err(bad_input(&format!(
                    "rules: a name like \"forced\" or a yahtzee.Rules, not {}",
                    r.get_type().name()?
                )));
            }
        }
    };
    let house = input::house(house)?;
    let house: Vec<&str> = house.iter().map(String::as_str).collect();
    yahtzee_engine::rules_named(&name, &house).map_err(err)
}

/// A rule set: one of the base rules with house rules, as `yahtzee rules --json` lists it.
#[pyclass(frozen, module = "yahtzee")]
pub(crate) struct Rules {
    pub(crate) rules: &'static RuleSet,
}

#[pymethods]
impl Rules {
    /// `name` a rule set's name (or a `Rules`), `house` house rules added: a name
    /// (`"mulligan"`, `"mulligan+fool-house"`) or a list of names.
    #[new]
    #[pyo3(signature = (name = None, house = None), text_signature = "(name='forced', house=None)")]
    fn new(name: Option<&Bound<'_, PyAny>>, house: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
        Ok(Rules {
            rules: rules_of(name, house)?,
        })
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.rules.name
    }
    #[getter]
    fn base(&self) -> &'static str {
        RuleSet::get(self.rules.id).name
    }
    #[getter]
    fn house(&self) -> Vec<&'static str> {
        self.rules.house.names()
    }
    #[getter]
    fn description(&self) -> &'static str {
        self.rules.description
    }
    #[getter]
    fn boxes(&self) -> usize {
        self.rules.box_count()
    }
    #[getter]
    fn states(&self) -> usize {
        self.rules.state_count()
    }
    #[getter]
    fn expected_value(&self) -> f64 {
        self.rules.expected_value
    }
    #[getter]
    fn published_value(&self) -> Option<f64> {
        self.rules.reference_value
    }
    fn __repr__(&self) -> String {
        format!("yahtzee.Rules('{}')", self.rules.name)
    }
    fn __eq__(&self, other: &Rules) -> bool {
        self.rules == other.rules
    }
    fn __hash__(&self) -> u64 {
        self.rules.name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }
}

/// Every rule set: the base ones, then each with each combination of house rules.
#[pyfunction]
pub(crate) fn rule_sets() -> Vec<Rules> {
    yahtzee_engine::every_rule_set()
        .map(|rules| Rules { rules })
        .collect()
}
