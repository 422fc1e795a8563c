//! The module-level functions (`solve`, `advise`, `means`, `stats`, `simulate`,
//! `data_dir`): each asks the default table of its rules, from `$YAHTZEE_DATA_DIR` or the
//! default folder, opened (or built) once per session.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use yahtzee_advice::Advisor;
use yahtzee_table::{store, Table as TableFile};

use crate::advice::Advice;
use crate::errors::table_err;
use crate::explain;
use crate::rules::rules_of;
use crate::shared::shared;
use crate::stats::Stats;
use crate::table::Table;

/// Solves `rules` (always, even when a table exists) and writes the table atomically to
/// `path` (default: the data folder), then opens it.
#[pyfunction]
#[pyo3(signature = (rules = None, house = None, path = None), text_signature = "(rules='forced', house=None, path=None)")]
pub(crate) fn solve(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
    path: Option<PathBuf>,
) -> PyResult<Table> {
    let rules = rules_of(rules, house)?;
    let path = path.unwrap_or_else(|| shared().path(rules));
    let table = py
        .detach(|| {
            store::solve_to(rules, &path, &|_| {})?;
            TableFile::open(&path, rules)
        })
        .map_err(table_err)?;
    Ok(Table::new(Arc::new(Advisor::new(table))))
}

pub(crate) fn default_table(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
) -> PyResult<Table> {
    Table::load_or_solve_rules(py, rules_of(rules, house)?, None)
}

/// Every option of a position, best first (see `Table.advise`), from the default table of
/// `rules`, opened once per session.
#[pyfunction]
#[pyo3(
    signature = (card, dice, rolls_left, target = None, opponents = None, rules = None, house = None, *, mulligan_spent = false, explain = false),
    text_signature = "(card, dice, rolls_left, target=None, opponents=None, rules='forced', house=None, *, mulligan_spent=False, explain=False)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn advise(
    py: Python<'_>,
    card: Option<&Bound<'_, PyAny>>,
    dice: &Bound<'_, PyAny>,
    rolls_left: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    opponents: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
    mulligan_spent: bool,
    explain: bool,
) -> PyResult<Advice> {
    default_table(py, rules, house)?.advise(
        py,
        card,
        dice,
        rolls_left,
        target,
        opponents,
        mulligan_spent,
        explain,
    )
}

/// Where the expected final total of `card` comes from (see `Table.means`), from the
/// default tables of `rules`.
#[pyfunction]
#[pyo3(
    signature = (card = None, rules = None, house = None),
    text_signature = "(card=None, rules='forced', house=None)"
)]
pub(crate) fn means(
    py: Python<'_>,
    card: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<explain::Explanation>> {
    default_table(py, rules, house)?.means(py, card)
}

/// Exact statistics (see `Table.stats`) from the default table of `rules`.
#[pyfunction]
#[pyo3(
    signature = (card = None, target = None, opponents = None, rules = None, house = None),
    text_signature = "(card=None, target=None, opponents=None, rules='forced', house=None)"
)]
pub(crate) fn stats(
    py: Python<'_>,
    card: Option<&Bound<'_, PyAny>>,
    target: Option<&Bound<'_, PyAny>>,
    opponents: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
) -> PyResult<Stats> {
    default_table(py, rules, house)?.stats(py, card, target, opponents)
}

/// Simulated games (see `Table.simulate`) from the default table of `rules`.
#[pyfunction]
#[pyo3(
    signature = (games, seed = None, card = None, rules = None, house = None),
    text_signature = "(games, seed=1, card=None, rules='forced', house=None)"
)]
pub(crate) fn simulate(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    card: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    house: Option<&Bound<'_, PyAny>>,
) -> PyResult<Stats> {
    default_table(py, rules, house)?.simulate(py, games, seed, card)
}

/// The folder the module-level functions read tables from and write them to.
#[pyfunction]
pub(crate) fn data_dir() -> PathBuf {
    shared().dir().to_path_buf()
}
