//! Painted Yahtzee from Python through the engine (`yahtzee_engine::painted`):
//! `painted_advise`, `painted_simulate` and `painted_review`, each the engine's JSON
//! (`yahtzee painted ... --json`) as Python values. The strategy of each game is built
//! once per session and its tables kept in the data folder.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use yahtzee_engine::painted::{self, DiceText};

use crate::advice::json_loads;
use crate::errors::{bad_input, err};
use crate::input;
use crate::shared::shared;

/// Dice from Python: `"5r 5y 2g 3b 1p"` or a list of `"5r"`-style strings.
fn dice(v: &Bound<'_, PyAny>) -> PyResult<DiceText> {
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(DiceText::Text(s.to_str()?.to_string()));
    }
    let refused = || {
        bad_input(
            "dice: a string like \"5r 5y 2g 3b 1p\" or a list of such dice (a number and a colour letter each)",
        )
    };
    let list = v.cast::<PyList>().map_err(|_| refused())?;
    let dice = list
        .iter()
        .map(|d| {
            d.cast::<PyString>()
                .map_err(|_| refused())
                .and_then(|s| Ok(s.to_str()?.to_string()))
        })
        .collect::<PyResult<Vec<String>>>()?;
    Ok(DiceText::List(dice))
}

/// The engine's answer, written as JSON, as Python values.
fn to_python(py: Python<'_>, json: serde_json::Result<String>) -> PyResult<Bound<'_, PyAny>> {
    let text = json.map_err(|e| bad_input(&e.to_string()))?;
    json_loads(py, &text)
}

/// Every option of a Painted Yahtzee position, best first, as a dict (`game`, `strategy`,
/// `dice`, `rolls_left`, `card_points`, `expected_total`, `options`: each with `action`,
/// `keep` or `box` and `points`, `value` (expected final total) and `loss`). `dice` is
/// `"5r 5y 2g 3b 1p"` or a list of such dice; `card` a string (`"ones=3 red=12"`), a dict of
/// box: score, or None; `game` is `painted` or a reduced game (`painted:c2:ones,...`).
#[pyfunction]
#[pyo3(signature = (dice, rolls_left, card = None, game = "painted"))]
fn painted_advise<'py>(
    py: Python<'py>,
    dice: &Bound<'py, PyAny>,
    rolls_left: u8,
    card: Option<&Bound<'py, PyAny>>,
    game: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let q = painted::Question {
        game: game.to_string(),
        card: input::card(card, "card", "a dict of box: score")?,
        dice: self::dice(dice)?,
        rolls_left,
    };
    // Checked here, so a bad question never waits for a solve.
    q.checked().map_err(err)?;
    let advice = py.detach(|| q.answer(shared())).map_err(err)?;
    to_python(py, serde_json::to_string(&advice))
}

/// Seeded games played by the strategy: a dict with `mean`, `sd`, `ci95` (the 95%
/// interval's half-width), `min`, `max`, `boxes` (each box's mean), the bonus rates; the
/// same for any thread count.
#[pyfunction]
#[pyo3(signature = (games = 1000, seed = 1, game = "painted"))]
fn painted_simulate<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    game: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let q = painted::SimulateQuestion {
        game: game.to_string(),
        games,
        seed,
        strategy: painted::Strategy::Best,
    };
    q.checked().map_err(err)?;
    let summary = py.detach(|| q.answer(shared())).map_err(err)?;
    to_python(py, serde_json::to_string(&summary))
}

/// A game record (the text `yahtzee painted play` writes) judged against the strategy:
/// a dict with each turn's and each decision's cost and the total.
#[pyfunction]
fn painted_review<'py>(py: Python<'py>, record: &str) -> PyResult<Bound<'py, PyAny>> {
    let record = record.to_string();
    let review = py
        .detach(|| painted::review(shared(), &record))
        .map_err(err)?;
    to_python(py, serde_json::to_string(&review))
}

/// Adds `painted_advise`, `painted_simulate` and `painted_review`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(painted_advise, m)?)?;
    m.add_function(wrap_pyfunction!(painted_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(painted_review, m)?)?;
    Ok(())
}
