//! Every game of the family from Python through the engine's one door
//! (`yahtzee_engine::Game`): `yahtzee.triple` and `yahtzee.yahtzix` (functions with the
//! games' own keyword arguments) and `yahtzee.game_advise(game, **question)` for any
//! game, present or added later. Answers are `GameAnswer`s over the engine's JSON (the
//! CLI's `--json`, docs/ENGINE.md).

use pyo3::exceptions::{PyAttributeError, PyIndexError, PyKeyError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::{json, Map, Value};
use yahtzee_engine::{EngineError, Game};

use crate::advice::json_loads;
use crate::errors::{bad_input, err};
use crate::input;
use crate::shared::shared;

/// The engine's answer to one question of any game: every field of the CLI's `--json` as
/// an attribute (`advice.p_win`, `advice.expected_final`), its options best first
/// (`advice.best`, iteration, `len`, indexing), `to_dict()` for the whole answer.
#[pyclass(frozen, module = "yahtzee")]
pub struct GameAnswer {
    answer: Py<PyDict>,
}

#[pymethods]
impl GameAnswer {
    /// The game: `yahtzee`, `triple` or `yahtzix`.
    #[getter]
    fn game(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.field(py, "game")
    }

    /// Every option, best first, each a dict of the CLI's fields.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.field(py, "options")
    }

    /// The best option.
    #[getter]
    fn best(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let options = self.field(py, "options")?;
        Ok(options.bind(py).get_item(0)?.unbind())
    }

    /// The whole answer as a dict (a copy).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("copy")?
            .getattr("deepcopy")?
            .call1((self.answer.bind(py),))
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.answer.bind(py).get_item(name)? {
            Some(v) => Ok(v.unbind()),
            None => Err(PyAttributeError::new_err(format!(
                "the answer has no field '{name}'"
            ))),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "options")?
            .bind(py)
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.field(py, "options")?.bind(py).len()
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Py<PyAny>> {
        let options = self.field(py, "options")?;
        let options = options.bind(py).cast::<PyList>()?;
        let n = options.len() as isize;
        let at = if i < 0 { i + n } else { i };
        if !(0..n).contains(&at) {
            return Err(PyIndexError::new_err("option index out of range"));
        }
        Ok(options.get_item(at as usize)?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let a = self.answer.bind(py);
        let get = |k: &str| a.get_item(k).ok().flatten().map(|v| v.to_string());
        let game = get("game").unwrap_or_default();
        let n = self.__len__(py).unwrap_or(0);
        let best = self
            .best(py)
            .ok()
            .and_then(|b| b.bind(py).get_item("option").ok().map(|o| o.to_string()))
            .unwrap_or_default();
        format!("<GameAnswer {game}: {n} options, best '{best}'>")
    }
}

impl GameAnswer {
    fn field(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        self.answer
            .bind(py)
            .get_item(name)?
            .map(Bound::unbind)
            .ok_or_else(|| PyKeyError::new_err(name.to_string()))
    }
}

/// A Python value as JSON: what `json.dumps` writes (dicts, lists, str, int, float,
/// bool, None), refused in one line otherwise.
fn to_json(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = v
        .py()
        .import("json")?
        .getattr("dumps")?
        .call1((v,))
        .map_err(|e| bad_input(&format!("the question is not JSON: {e}")))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| bad_input(&e.to_string()))
}

/// Dice as the JSON question's field: a string as given, or a list of faces.
fn dice(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(input::dice(v)?.json())
}

/// A Triple Yahtzee card: `None`, a string (`"1.ones=3 3.yahtzee=50"`), or a dict of
/// `"COLUMN.box": score`.
fn triple_card(v: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    input::card(v, "card", "a dict of \"COLUMN.box\": score")
}

/// Asks `game` the question `q` through `door`, with the GIL released.
fn ask(
    py: Python<'_>,
    game: Game,
    mut q: Map<String, Value>,
    door: fn(Game, &yahtzee_engine::Tables, &[u8]) -> Result<Value, EngineError>,
) -> PyResult<Bound<'_, PyAny>> {
    q.insert("game".into(), Value::from(game.name()));
    let body = serde_json::to_vec(&Value::Object(q)).map_err(|e| bad_input(&e.to_string()))?;
    let answer = py.detach(|| door(game, shared(), &body)).map_err(err)?;
    json_loads(py, &answer.to_string())
}

fn answer(value: Bound<'_, PyAny>) -> PyResult<GameAnswer> {
    Ok(GameAnswer {
        answer: value.cast_into::<PyDict>()?.unbind(),
    })
}

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// Every option of a position of any game, best first: `game` is `yahtzee`, `triple`
/// or `yahtzix`; the keywords are the fields of `POST /api/advise` (docs/ENGINE.md).
#[pyfunction]
#[pyo3(signature = (game, **question))]
fn game_advise(
    py: Python<'_>,
    game: &str,
    question: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameAnswer> {
    let game = Game::from_name(game).map_err(err)?;
    let q = question.map(|q| to_json(q.as_any())).transpose()?;
    let a = ask(py, game, object(q.unwrap_or(json!({}))), Game::advise)?;
    answer(a)
}

/// Statistics of play of any game (`POST /api/stats`'s fields): exact for Yahtzee,
/// simulated for Triple Yahtzee and Yahtzix; the engine's JSON as Python values.
#[pyfunction]
#[pyo3(signature = (game, **question))]
fn game_stats<'py>(
    py: Python<'py>,
    game: &str,
    question: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let game = Game::from_name(game).map_err(err)?;
    let q = question.map(|q| to_json(q.as_any())).transpose()?;
    ask(py, game, object(q.unwrap_or(json!({}))), Game::stats)
}

/// Every decision of a game record (the text `yahtzee play`, `yahtzee triple play` or
/// `yahtzee yahtzix play` writes) judged against the game's strategy, as a dict.
#[pyfunction]
fn game_review<'py>(py: Python<'py>, game: &str, record: &str) -> PyResult<Bound<'py, PyAny>> {
    let game = Game::from_name(game).map_err(err)?;
    let record = record.to_string();
    let answer = py.detach(|| game.review(shared(), &record)).map_err(err)?;
    json_loads(py, &answer.to_string())
}

/// Triple Yahtzee: every option of a position ranked by the fitted strategy (expected
/// points still to come, `ev_remaining`).
#[pyfunction]
#[pyo3(name = "advise", signature = (dice, rolls_left, card = None, variant = "1978", strategy = "fitted"))]
fn triple_advise(
    py: Python<'_>,
    dice: &Bound<'_, PyAny>,
    rolls_left: u8,
    card: Option<&Bound<'_, PyAny>>,
    variant: &str,
    strategy: &str,
) -> PyResult<GameAnswer> {
    let q = json!({
        "dice": self::dice(dice)?, "rolls_left": rolls_left, "card": triple_card(card)?,
        "variant": variant, "strategy": strategy,
    });
    let a = ask(py, Game::Triple, object(q), Game::advise)?;
    answer(a)
}

/// Triple Yahtzee: seeded games with each strategy (all three by default); one summary
/// per strategy (mean, sd, 95% interval), the same for any thread count.
#[pyfunction]
#[pyo3(name = "simulate", signature = (games = 10_000, seed = 1, strategies = None, variant = "1978"))]
fn triple_simulate<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    strategies: Option<Vec<String>>,
    variant: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let q = json!({
        "games": games, "seed": seed, "strategies": strategies.unwrap_or_default(),
        "variant": variant,
    });
    ask(py, Game::Triple, object(q), Game::stats)
}

/// Triple Yahtzee: a game record judged against the fitted strategy.
#[pyfunction]
#[pyo3(name = "review")]
fn triple_review<'py>(py: Python<'py>, record: &str) -> PyResult<Bound<'py, PyAny>> {
    game_review(py, "triple", record)
}

/// Yahtzix: every option of a position with the mover's chance to win (`p_win`), from
/// the solved two-player game (solved once into the data folder: about 20 s and a 1.3 GB
/// file at 2000, the default). Two players as `me`, `opp` (and `second`), or two to
/// eight as `scores` (seat order, seat 1 starts each round) and `seat` (the mover's,
/// from 1): three or more are advised by the heads-up strategy (`strategy`, `against`).
#[pyfunction]
#[pyo3(name = "advise", signature = (me = None, opp = None, dice = None, second = false, offer = None, roll = None, total = 0, held = None, target = 2000, four_of_a_kind = true, exact = false, *, scores = None, seat = None))]
#[allow(clippy::too_many_arguments)]
fn yahtzix_advise(
    py: Python<'_>,
    me: Option<u32>,
    opp: Option<u32>,
    dice: Option<&Bound<'_, PyAny>>,
    second: bool,
    offer: Option<String>,
    roll: Option<u8>,
    total: u32,
    held: Option<u8>,
    target: u32,
    four_of_a_kind: bool,
    exact: bool,
    scores: Option<&Bound<'_, PyAny>>,
    seat: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameAnswer> {
    let dice = dice.filter(|d| !d.is_none()).map(self::dice).transpose()?;
    let scores = scores.map(input::scores).transpose()?;
    let seat = seat
        .map(|s| input::whole::<u32>(s, "seat", "a seat (an int from 1)"))
        .transpose()?;
    if scores.is_some() && (me.is_some() || opp.is_some()) {
        return Err(bad_input("give scores and seat, or me and opp, not both"));
    }
    let mut q = json!({
        "dice": dice, "offer": offer, "roll": roll, "total": total, "held": held,
        "target": target, "four_of_a_kind": four_of_a_kind, "exact": exact,
    });
    if scores.is_some() || seat.is_some() {
        q["scores"] = json!(scores);
        q["seat"] = json!(seat);
        if second {
            q["second"] = json!(true);
        }
    } else {
        q["me"] = json!(me);
        q["opp"] = json!(opp);
        q["second"] = json!(second);
    }
    let a = ask(py, Game::Yahtzix, object(q), Game::advise)?;
    answer(a)
}

/// Yahtzix: simulated statistics (solitaire strategies, the optimal bot against "bank at
/// 300", and `self_play`: every seat's win rate at a table of `players`, 2 to 8) with
/// 95% intervals.
#[pyfunction]
#[pyo3(name = "stats", signature = (games = 2000, seed = 1, target = 2000, four_of_a_kind = true, exact = false, players = 2))]
fn yahtzix_stats<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    target: u32,
    four_of_a_kind: bool,
    exact: bool,
    players: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let q = json!({
        "games": games, "seed": seed, "target": target, "four_of_a_kind": four_of_a_kind,
        "exact": exact, "players": players,
    });
    ask(py, Game::Yahtzix, object(q), Game::stats)
}

/// Yahtzix: a game record judged by the chance to win each decision lost.
#[pyfunction]
#[pyo3(name = "review")]
fn yahtzix_review<'py>(py: Python<'py>, record: &str) -> PyResult<Bound<'py, PyAny>> {
    game_review(py, "yahtzix", record)
}

/// Adds `GameAnswer`, `game_advise`, `game_stats`, `game_review` and the submodules
/// `yahtzee.triple` and `yahtzee.yahtzix` (importable: they are in `sys.modules`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<GameAnswer>()?;
    m.add_function(wrap_pyfunction!(game_advise, m)?)?;
    m.add_function(wrap_pyfunction!(game_stats, m)?)?;
    m.add_function(wrap_pyfunction!(game_review, m)?)?;
    let triple = PyModule::new(py, "triple")?;
    triple.add(
        "__doc__",
        "Triple Yahtzee (three columns scored ×1, ×2, ×3) through the engine.",
    )?;
    triple.add_function(wrap_pyfunction!(triple_advise, &triple)?)?;
    triple.add_function(wrap_pyfunction!(triple_simulate, &triple)?)?;
    triple.add_function(wrap_pyfunction!(triple_review, &triple)?)?;
    let yahtzix = PyModule::new(py, "yahtzix")?;
    yahtzix.add(
        "__doc__",
        "Yahtzix (six dice, a push-your-luck race) through the engine.",
    )?;
    yahtzix.add_function(wrap_pyfunction!(yahtzix_advise, &yahtzix)?)?;
    yahtzix.add_function(wrap_pyfunction!(yahtzix_stats, &yahtzix)?)?;
    yahtzix.add_function(wrap_pyfunction!(yahtzix_review, &yahtzix)?)?;
    let modules = py.import("sys")?.getattr("modules")?;
    for sub in [triple, yahtzix] {
        let name = format!("yahtzee.{}", sub.name()?);
        m.add_submodule(&sub)?;
        modules.set_item(name, sub)?;
    }
    Ok(())
}
