//! `Stats`: the exact (or simulated) statistics of play from a card, with the fields of
//! `yahtzee stats --json`.

use pyo3::prelude::*;
use pyo3::types::PyList;
use yahtzee_engine::Summary;

use crate::advice::json_loads;
use crate::errors::Error;

/// The exact (or simulated) statistics of play from a card: `yahtzee stats --json`. Not
/// iterable: it holds a distribution (`distribution`), moments (`mean`, `sd`) and per-box
/// figures (`boxes`), none of which is the one thing a loop over it would mean.
#[pyclass(frozen, module = "yahtzee")]
pub(crate) struct Stats {
    summary: Summary,
    json: String,
}

#[pymethods]
impl Stats {
    /// P(final total = x) for x = 0, 1, ... as a numpy array.
    #[getter]
    fn distribution<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::new(py, &self.summary.distribution)?;
        py.import("numpy")?.call_method1("array", (list, "float64"))
    }
    /// The mean final total.
    #[getter]
    fn mean(&self) -> f64 {
        self.summary.total.mean.value
    }
    /// The standard deviation of the final total.
    #[getter]
    fn sd(&self) -> f64 {
        self.summary.total.sd.value
    }
    /// Per box in card order: dicts with `name`, `mean`, `variance`, `sd`, `p_zero` (each
    /// `{"value": x}`, with `"ci95"` for a simulation).
    #[getter]
    fn boxes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)?.get_item("boxes")
    }
    /// The whole report as `yahtzee stats --json` prints it, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)
    }
    fn __repr__(&self) -> String {
        format!(
            "Stats(rules='{}', mean={:.4}, sd={:.4})",
            self.summary.rules,
            self.mean(),
            self.sd()
        )
    }
}

pub(crate) fn stats_of(summary: Summary) -> PyResult<Stats> {
    let json = serde_json::to_string(&summary).map_err(|e| Error::new_err(e.to_string()))?;
    Ok(Stats { summary, json })
}
