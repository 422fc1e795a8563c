//! Where the expected score comes from (docs/EXPLAIN.md), in Python: `Explanation` (each
//! box's expected final score, the upper bonus chance, the bonuses and, against the best
//! option, the words that say why), the companion table of a value table (opened, or built
//! beside it, once per session) and `Table.means`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::PyDict;
use yahtzee_advice::{Advisor, Explain};
use yahtzee_rules::RuleSet;
use yahtzee_table::CompanionTable;

use crate::errors::err;

/// Where an option's (or a card's) expected final total comes from: `yahtzee advise
/// --explain --json`'s `explain` object, `yahtzee stats --means`.
#[pyclass(frozen, get_all, module = "yahtzee")]
pub struct Explanation {
    /// Each box's expected final score (points on the card included), in card order.
    boxes: Py<PyDict>,
    /// The boxes that score one value or nothing (Full House, the straights, Yahtzee): the
    /// chance each is scored.
    chances: Py<PyDict>,
    /// The chance of the upper bonus (1 once it is on the card).
    upper_bonus: f64,
    /// The upper bonus's expected points: its chance times the bonus.
    upper_bonus_points: f64,
    /// The expected extra-Yahtzee bonus points at the end (those on the card included).
    yahtzee_bonus: f64,
    /// House rule mega-yahtzee: the expected Mega bonus points at the end.
    mega_bonus: f64,
    /// The expected final total these parts make.
    total: f64,
    /// Against the best option: the parts that differ most, in the words `yahtzee advise
    /// --explain` prints ("upper bonus 65% instead of 67%"); empty for the best option and
    /// for a card's parts.
    why: Vec<String>,
    /// `yahtzee stats --means`'s table of these parts.
    text: String,
}

#[pymethods]
impl Explanation {
    fn __repr__(&self) -> String {
        format!(
            "Explanation(total={:.4}, upper_bonus={:.4}, yahtzee_bonus={:.4}, why={:?})",
            self.total, self.upper_bonus, self.yahtzee_bonus, self.why
        )
    }
}

/// `e` for Python, under `rules`.
pub fn explanation(py: Python<'_>, e: &Explain, rules: &RuleSet) -> PyResult<Py<Explanation>> {
    let boxes = PyDict::new(py);
    let chances = PyDict::new(py);
    for b in &e.boxes {
        boxes.set_item(b.name, b.points)?;
        if let Some(p) = b.chance {
            chances.set_item(b.name, p)?;
        }
    }
    Py::new(
        py,
        Explanation {
            boxes: boxes.unbind(),
            chances: chances.unbind(),
            upper_bonus: e.upper_bonus,
            upper_bonus_points: e.upper_bonus * f64::from(rules.upper_bonus),
            yahtzee_bonus: e.yahtzee_bonus,
            mega_bonus: e.mega_bonus,
            total: e.total(rules),
            why: e.why.clone(),
            text: e.table_text(rules),
        },
    )
}

/// The companion table beside `advisor`'s value table, opened (or built there, off the
/// interpreter lock) on first use and kept for the session.
pub fn companion(py: Python<'_>, advisor: &Advisor) -> PyResult<Arc<CompanionTable>> {
    /// Companion tables opened so far, by their value table's path.
    type Opened = Vec<(PathBuf, Arc<CompanionTable>)>;
    static OPENED: OnceLock<Mutex<Opened>> = OnceLock::new();
    let cache = OPENED.get_or_init(Default::default);
    let key = advisor.table().path().to_path_buf();
    let found = cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .find(|(p, _)| *p == key)
        .map(|(_, c)| c.clone());
    if let Some(c) = found {
        return Ok(c);
    }
    let c = py
        .detach(|| yahtzee_engine::companion_beside(advisor.table()))
        .map_err(err)?;
    let c = Arc::new(c);
    cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((key, c.clone()));
    Ok(c)
}
