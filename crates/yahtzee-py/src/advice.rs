//! Advice as Python sees it: `Advice` (every option of a position, best first) and
//! `RankedOption`, with the fields of `yahtzee advise --json`; the engine's JSON as
//! Python objects.

use pyo3::prelude::*;
use pyo3::types::PyList;
use yahtzee_advice::{Report, ReportOption};
use yahtzee_rules::RuleSet;

use crate::errors::{err, Error};
use crate::explain;

/// One option of a position, with the fields of `yahtzee advise --json`.
#[pyclass(frozen, get_all, module = "yahtzee")]
pub(crate) struct RankedOption {
    // Faces as `u32`: pyo3 turns a `Vec<u8>` into `bytes`, not a list.
    keep: Option<Vec<u32>>,
    category: Option<&'static str>,
    score: Option<u32>,
    mulligan: bool,
    chance_chance: bool,
    ev_remaining: f64,
    loss: f64,
    p_at_least: Option<f64>,
    p_win: Option<f64>,
    p_tie: Option<f64>,
    /// House rule "mega-yahtzee", before a turn's first roll: take the sixth die or not.
    sixth_die: Option<bool>,
    /// On the Mega turn (six dice): the five dice this box scores.
    scored: Option<Vec<u32>>,
    /// The extra-Yahtzee bonus this box earns (0: none).
    yahtzee_bonus: u32,
    /// This box takes the dice as a Joker.
    joker: bool,
    /// Asked with `explain=True`: where this option's expected final total comes from,
    /// and against the best option why it differs.
    explain: Option<Py<explain::Explanation>>,
}

impl From<&ReportOption> for RankedOption {
    fn from(o: &ReportOption) -> Self {
        RankedOption {
            keep: o.keep.as_ref().map(|k| faces(k)),
            category: o.category,
            score: o.score,
            mulligan: o.mulligan,
            chance_chance: o.chance_chance,
            ev_remaining: o.ev_remaining,
            loss: o.loss,
            p_at_least: o.p_at_least,
            p_win: o.p_win,
            p_tie: o.p_tie,
            sixth_die: o.sixth_die,
            scored: o.scored.as_ref().map(|k| faces(k)),
            yahtzee_bonus: o.yahtzee_bonus,
            joker: o.joker,
            explain: None,
        }
    }
}

#[pymethods]
impl RankedOption {
    fn __repr__(&self) -> String {
        let what = match (&self.keep, self.category) {
            (Some(k), _) => format!(
                "keep=[{}]",
                k.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
            (None, Some(c)) => format!("category='{c}'"),
            (None, None) => match self.sixth_die {
                Some(take) => format!("sixth_die={}", if take { "True" } else { "False" }),
                None => String::new(),
            },
        };
        format!(
            "RankedOption({what}, ev_remaining={:.4}, loss={:.4})",
            self.ev_remaining, self.loss
        )
    }
}

/// Every option of a position, best first, with the fields of `yahtzee advise --json`.
#[pyclass(frozen, get_all, module = "yahtzee")]
pub(crate) struct Advice {
    rules: &'static str,
    dice: Vec<u32>,
    rolls_left: u8,
    /// `"this-turn"` when the dice are the mulligan's roll, spent this turn.
    mulligan: Option<&'static str>,
    points_so_far: u32,
    expected_final: f64,
    target: Option<u32>,
    target_status: Option<&'static str>,
    opponents: Option<Vec<String>>,
    options: Py<PyList>,
    json: String,
}

#[pymethods]
impl Advice {
    /// The best option.
    #[getter]
    fn best<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.options.bind(py).get_item(0)
    }

    /// The answer as `yahtzee advise --json` prints it, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)
    }

    /// The options, best first.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.options.bind(py).try_iter().map(Bound::into_any)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.options.bind(py).len()
    }

    /// `advice[0]` is the best option, `advice[-1]` the worst, `advice[:3]` a list.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        i: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.options.bind(py).as_any().get_item(i)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Advice(rules='{}', dice={:?}, rolls_left={}, expected_final={:.4}, {} options)",
            self.rules,
            self.dice,
            self.rolls_left,
            self.expected_final,
            self.options.bind(py).len()
        )
    }
}

pub(crate) fn advice_of(py: Python<'_>, r: Report) -> PyResult<Advice> {
    let rules = RuleSet::named(r.rules).map_err(|e| err(e.into()))?;
    let options = r.options.iter().map(|o| {
        let mut ranked = RankedOption::from(o);
        if let Some(e) = &o.explain {
            ranked.explain = Some(explain::explanation(py, e, rules)?);
        }
        Ok(ranked)
    });
    let options = options.collect::<PyResult<Vec<RankedOption>>>()?;
    let json = serde_json::to_string(&r).map_err(|e| Error::new_err(e.to_string()))?;
    Ok(Advice {
        rules: r.rules,
        dice: faces(&r.dice),
        rolls_left: r.rolls_left,
        mulligan: r.mulligan,
        points_so_far: r.points_so_far,
        expected_final: r.expected_final,
        target: r.target,
        target_status: r.target_status,
        opponents: r.opponents,
        options: PyList::new(py, options)?.unbind(),
        json,
    })
}

fn faces(dice: &[u8]) -> Vec<u32> {
    dice.iter().map(|&f| u32::from(f)).collect()
}

pub(crate) fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}
