//! `yahtzee.puzzles`: the trainer's puzzles (`yahtzee_engine::train`, docs/TRAIN.md) as
//! dicts, the JSON of `yahtzee train list --json`, from the default table of the rules and
//! the companion table beside it.

use pyo3::prelude::*;
use pyo3::types::PyList;
use yahtzee_engine::train::{self, Difficulty, Query};

use crate::advice::json_loads;
use crate::errors::{bad_input, err};
use crate::explain;
use crate::rules::rules_of;
use crate::shared::shared;

/// `count` puzzles of the games of `seed` (one `difficulty`, or any): the same list as the
/// command line's and the web page's for the same arguments.
#[pyfunction]
#[pyo3(
    signature = (rules = None, house = None, *, seed = 0, count = 10, difficulty = None),
    text_signature = "(rules='forced', house=None, *, seed=0, count=10, difficulty=None)"
)]
pub(crate) fn puzzles<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
    seed: u64,
    count: usize,
    difficulty: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let rules = rules_of(rules, house)?;
    let difficulty = difficulty
        .map(|d| {
            Difficulty::named(d)
                .ok_or_else(|| bad_input(&format!("difficulty '{d}': easy, medium or hard")))
        })
        .transpose()?;
    let query = Query {
        seed,
        count,
        difficulty,
    };
    let advisor = py.detach(|| shared().advisor(rules)).map_err(err)?;
    let companion = explain::companion(py, &advisor)?;
    let set = py
        .detach(|| train::puzzles(&advisor, &companion, &query))
        .map_err(err)?;
    let text = serde_json::to_string(&set).expect("puzzles serialise");
    Ok(json_loads(py, &text)?.cast_into::<PyList>()?)
}
