//! The engine as a Python module, `yahtzee`: a thin layer over [`yahtzee_engine`], like the
//! command line. Answers have the fields of the CLI's `--json` output; errors are Python
//! exceptions with the CLI's one-line messages; long computations release the GIL.
//!
//! The type hints and the docs a Python user reads are in `python/yahtzee/__init__.pyi`, under this
//! crate's `pyproject.toml`.
//!
//! Over `yahtzee-rules`, `yahtzee-table`, `yahtzee-advice`,
//! `yahtzee-engine`, `yahtzee-painted` (the cluster solve's chunks) and `yahtzee-learn` (the
//! environments). Built by maturin with `extension-module`; a workspace member without a
//! Rust test target: its tests are `tests/` (pytest), run by `scripts/test.sh`.
//! docs/BINDINGS.md and docs/LEARNING.md are the users' guides.
//!
//! # The Rust side
//!
//! - Classes `Rules`, `Table` (`open`, `load_or_solve`, `values`, `index`, `value`,
//!   `advise`, `stats`, `simulate`), `Advice` / `RankedOption` (the `Report` fields;
//!   `to_dict()` is the CLI's JSON), `Stats`; exceptions `Error`, `InputError(Error,
//!   ValueError)`, `TableError(Error)`. The GIL is released (`detach`) around solves,
//!   statistics, simulations and best responses. `Table.values` is a numpy array over a
//!   read-only buffer (`__getbuffer__`) of the memory map: no copy.
//! - `yahtzee.triple`, `yahtzee.yahtzix` and `yahtzee.game_advise(game, **question)`:
//!   every game through the engine's `Game` (answers are `GameAnswer`s over its JSON), and
//!   Painted Yahtzee's answers as dicts (`painted_advise`, `painted_simulate`,
//!   `painted_review`).
//! - `Explanation`: an option's parts with `advise(..., explain=True)`, a card's with
//!   `means` (docs/EXPLAIN.md), from the companion table beside a table's file, opened or
//!   built once per session (`yahtzee_engine::companion_beside`).
//! - `EnvCore`: a `yahtzee_learn::Batch` stepped with the GIL released into numpy arrays
//!   the caller owns (the exact model made once per rule set: the table's values copied into
//!   plain memory and kept for the process).
//! - Painted Yahtzee's exact solver for a cluster's workers: `painted_layout`,
//!   `painted_states_per_set`, `painted_solve_chunk` (a chunk of a layer from layer n+1's
//!   raw `f64` file, written whole, mode 0644; each process keeps its plans and the last
//!   layer it read), `painted_write_table` (the table file from the layers), `painted_solve`
//!   (one machine). `scripts/painted_ray.py` drives them on Ray (one task per chunk, layers
//!   and checkpoint records in a shared folder, a JSON-lines log);
//!   `scripts/ray_local_cluster.py` starts a local cluster for the tests
//!   (`tests/test_painted_cluster.py`) and `scripts/painted_ray_bench.py` (docs/PAINTED.md).
//!
//! # The Python side (`python/yahtzee/`)
//!
//! `__init__.py` re-exports the extension (`_native`) and registers the Gymnasium ids when
//! Gymnasium is installed; `gym.py` (`YahtzeeEnv`, `YahtzeeVectorEnv` over `EnvCore`;
//! `register_envs`), `baselines.py` (random, greedy and optimal agents; `evaluate` by exact
//! regret), `family.py` (Triple and Painted Yahtzee as Gymnasium environments over the
//! engine's advice), `pettingzoo.py` (Yahtzix over the engine's advice, and multi-player
//! Yahtzee over one `YahtzeeEnv` per seat, as PettingZoo AEC environments).
//! `examples/train_maskable_ppo.py` trains sb3-contrib's MaskablePPO (by hand: torch is not
//! in the test environment).

mod explain;
mod games;
mod input;
mod learn;
mod painted;
mod painted_play;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyImportError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyString, PyTuple, PyType};
use yahtzee_advice::{Advisor, Report, ReportOption};
use yahtzee_engine::{EngineError, PlayFor, Summary, Tables};
use yahtzee_rules::{RuleSet, Scorecard};
use yahtzee_table::{store, Table as TableFile};

create_exception!(
    yahtzee,
    Error,
    PyException,
    "Every error the engine raises."
);
/// `InputError(Error, ValueError)` and `TableError(Error)`, made at import (a class with
/// two bases cannot come from `create_exception!`).
static INPUT_ERROR: OnceLock<Py<PyType>> = OnceLock::new();
static TABLE_ERROR: OnceLock<Py<PyType>> = OnceLock::new();

/// The engine's error as `InputError` or `TableError`, its message on one line (control
/// characters in quoted input escaped).
fn err(e: EngineError) -> PyErr {
    let class = if e.is_bad_input() {
        &INPUT_ERROR
    } else {
        &TABLE_ERROR
    };
    let message = yahtzee_rules::one_line(&e.to_string());
    match class.get() {
        Some(c) => Python::attach(|py| PyErr::from_type(c.bind(py).clone(), message)),
        None => Error::new_err(message),
    }
}

/// A bad input found here rather than by the engine.
fn bad_input(message: &str) -> PyErr {
    err(EngineError::BadInput(message.to_string()))
}

fn exception_class<'py>(
    py: Python<'py>,
    name: &str,
    bases: Bound<'py, PyTuple>,
    doc: &str,
) -> PyResult<Bound<'py, PyType>> {
    let body = PyDict::new(py);
    body.set_item("__module__", "yahtzee")?;
    body.set_item("__doc__", doc)?;
    Ok(py
        .import("builtins")?
        .getattr("type")?
        .call1((name, bases, body))?
        .cast_into::<PyType>()?)
}

fn table_err(e: yahtzee_table::TableError) -> PyErr {
    err(EngineError::Table(e))
}

/// The tables of the module-level functions, from `$YAHTZEE_DATA_DIR` or the default folder.
fn shared() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::new(None))
}

/// A rule set from Python: `rules` a name (`"forced"`, `"forced+mulligan"`), a `Rules`
/// or `None` (`"forced"`), with the house rules `house` (see `input::house`) added.
fn rules_of(
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
struct Rules {
    rules: &'static RuleSet,
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
fn rule_sets() -> Vec<Rules> {
    yahtzee_engine::every_rule_set()
        .map(|rules| Rules { rules })
        .collect()
}

/// One option of a position, with the fields of `yahtzee advise --json`.
#[pyclass(frozen, get_all, module = "yahtzee")]
struct RankedOption {
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
struct Advice {
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

fn advice_of(py: Python<'_>, r: Report) -> PyResult<Advice> {
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

fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// The exact (or simulated) statistics of play from a card: `yahtzee stats --json`. Not
/// iterable: it holds a distribution (`distribution`), moments (`mean`, `sd`) and per-box
/// figures (`boxes`), none of which is the one thing a loop over it would mean.
#[pyclass(frozen, module = "yahtzee")]
struct Stats {
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

fn stats_of(summary: Summary) -> PyResult<Stats> {
    let json = serde_json::to_string(&summary).map_err(|e| Error::new_err(e.to_string()))?;
    Ok(Stats { summary, json })
}

/// A solved value table, memory-mapped and verified, with the questions it answers.
#[pyclass(frozen, module = "yahtzee")]
struct Table {
    advisor: Arc<Advisor>,
    /// Where the target table of these rules is looked for (built there when missing).
    target_path: PathBuf,
}

/// The bytes of a table's values, for numpy: a read-only buffer over the memory map.
#[pyclass(frozen, module = "yahtzee")]
struct TableBytes {
    advisor: Arc<Advisor>,
}

#[pymethods]
impl TableBytes {
    /// # Safety
    /// Called by Python with a `view` to fill, as the buffer protocol specifies.
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut pyo3::ffi::Py_buffer,
        flags: std::os::raw::c_int,
    ) -> PyResult<()> {
        let bytes = slf.get().advisor.table().payload();
        let len = isize::try_from(bytes.len()).map_err(|_| Error::new_err("table too large"))?;
        // SAFETY: `view` is the caller's buffer to fill. The bytes live in the memory map
        // owned by `advisor`, which stays alive as long as the buffer: PyBuffer_FillInfo
        // stores a new reference to `slf` in `view.obj`, released with the view. The
        // buffer is marked read-only (1), so a request for a writable one fails there.
        let rc = unsafe {
            pyo3::ffi::PyBuffer_FillInfo(
                view,
                slf.as_ptr(),
                bytes.as_ptr() as *mut std::os::raw::c_void,
                len,
                1,
                flags,
            )
        };
        if rc == -1 {
            return Err(PyErr::fetch(slf.py()));
        }
        Ok(())
    }
}

impl Table {
    fn new(advisor: Arc<Advisor>) -> Table {
        let target_path = store::target_path_beside(advisor.table());
        Table {
            advisor,
            target_path,
        }
    }

    /// A card in any form `input::yahtzee_card` accepts, checked against these rules.
    fn card(&self, card: Option<&Bound<'_, PyAny>>) -> PyResult<Scorecard> {
        let text = input::yahtzee_card(card)?;
        yahtzee_engine::parse_card(self.advisor.table().rules(), &text).map_err(err)
    }

    fn target_table(&self, py: Python<'_>) -> PyResult<Arc<yahtzee_table::TargetTable>> {
        let rules = self.advisor.table().rules();
        let path = self.target_path.clone();
        /// Target tables opened so far, by path.
        type Opened = Vec<(PathBuf, Arc<yahtzee_table::TargetTable>)>;
        static TARGETS: OnceLock<std::sync::Mutex<Opened>> = OnceLock::new();
        let cache = TARGETS.get_or_init(Default::default);
        if let Some((_, t)) = cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|(p, _)| *p == path)
        {
            return Ok(t.clone());
        }
        let t = py
            .detach(|| store::load_or_solve_target(rules, &path, &|_| {}, &|_| {}))
            .map_err(table_err)?;
        let t = Arc::new(t);
        cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((path, t.clone()));
        Ok(t)
    }

    /// Runs `f` off the interpreter lock, with the target table (opened, or built, first)
    /// when playing for a target.
    fn for_goal<R: Send>(
        &self,
        py: Python<'_>,
        play_for: &PlayFor,
        f: impl FnOnce(Option<&yahtzee_table::TargetTable>) -> Result<R, EngineError> + Send,
    ) -> PyResult<R> {
        let t = match play_for {
            PlayFor::Target(_) => Some(self.target_table(py)?),
            _ => None,
        };
        py.detach(|| f(t.as_deref())).map_err(err)
    }

    /// What to play for: `target` a whole number of points, `opponents` their cards.
    fn play_for(
        target: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PlayFor> {
        let target = target
            .filter(|t| !t.is_none())
            .map(|t| input::whole::<u32>(t, "target", "a whole number of points"))
            .transpose()?;
        match (target, input::opponents(opponents)?) {
            (Some(_), Some(_)) => Err(bad_input("play for a target or to win, not both")),
            (Some(t), None) => Ok(PlayFor::Target(t)),
            (None, Some(o)) => Ok(PlayFor::Win(o)),
            (None, None) => Ok(PlayFor::Expected),
        }
    }
}

#[pymethods]
impl Table {
    /// Opens and verifies the table at `path` (magic, version, objective, rules,
    /// dimensions, size, checksum), as the CLI does.
    #[staticmethod]
    #[pyo3(signature = (path, rules = None, house = None), text_signature = "(path, rules='forced', house=None)")]
    fn open(
        py: Python<'_>,
        path: PathBuf,
        rules: Option<&Bound<'_, PyAny>>,
        house: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Table> {
        let rules = rules_of(rules, house)?;
        let table = py
            .detach(|| TableFile::open(&path, rules))
            .map_err(table_err)?;
        Ok(Table::new(Arc::new(Advisor::new(table))))
    }

    /// The table of `rules` at `path` (default: the data folder, `$YAHTZEE_DATA_DIR`),
    /// solved and written there first when missing (about a second).
    #[staticmethod]
    #[pyo3(signature = (rules = None, house = None, path = None), text_signature = "(rules='forced', house=None, path=None)")]
    fn load_or_solve(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        house: Option<&Bound<'_, PyAny>>,
        path: Option<PathBuf>,
    ) -> PyResult<Table> {
        let rules = rules_of(rules, house)?;
        Table::load_or_solve_rules(py, rules, path)
    }

    /// The rule set solved.
    #[getter]
    fn rules(&self) -> Rules {
        Rules {
            rules: self.advisor.table().rules(),
        }
    }

    /// The file the table was opened from.
    #[getter]
    fn path(&self) -> PathBuf {
        self.advisor.table().path().to_path_buf()
    }

    /// The header's fields as a dict.
    #[getter]
    fn header<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let h = self.advisor.table().header();
        let d = PyDict::new(py);
        d.set_item("format_version", h.format_version)?;
        d.set_item("rules", &h.rules)?;
        d.set_item("objective", &h.objective)?;
        d.set_item("boxes", h.boxes)?;
        d.set_item("upper_totals", h.upper_totals)?;
        d.set_item("flag_bits", h.flag_bits)?;
        d.set_item("value_type", &h.value_type)?;
        d.set_item("value_count", h.value_count)?;
        d.set_item("payload_offset", h.payload_offset)?;
        d.set_item("payload_crc32", h.payload_crc32)?;
        d.set_item("producer", &h.producer)?;
        Ok(d)
    }

    /// Every state's expected points still to come, as a read-only float64 numpy array
    /// over the memory map (no copy); NaN for states no game reaches. Index it with
    /// `index(card)`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = Py::new(
            py,
            TableBytes {
                advisor: self.advisor.clone(),
            },
        )?;
        py.import("numpy")?
            .call_method1("frombuffer", (bytes, "<f8"))
    }

    /// Where a card's state is in `values`.
    #[pyo3(signature = (card = None))]
    fn index(&self, card: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let card = self.card(card)?;
        Ok(self.advisor.table().rules().state_index(card.state()))
    }

    /// Expected points still to come from the start of a turn with this card.
    #[pyo3(signature = (card = None))]
    fn value(&self, card: Option<&Bound<'_, PyAny>>) -> PyResult<f64> {
        Ok(self.advisor.value_of_card(&self.card(card)?))
    }

    /// The table as a pandas DataFrame, one row per state a game reaches (the finite
    /// entries of `values`), indexed by the state's position in `values` (so
    /// `frame.loc[table.index(card)]` is a card's row): a bool column per box (filled or
    /// not, in card order), `boxes_filled`, `upper_total` (capped at 63), the state's flags
    /// (`yahtzee_50`: the Yahtzee box holds 50, where the rules pay a bonus;
    /// `mulligan_used`, `mega_used` under those house rules) and `value`, the expected
    /// points still to come. `boxes_filled` keeps only the states with that many boxes
    /// filled. Needs pandas (imported here, not with the module).
    #[pyo3(signature = (boxes_filled = None))]
    fn to_frame<'py>(
        &self,
        py: Python<'py>,
        boxes_filled: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let boxes = self.advisor.table().rules().box_count();
        let only = boxes_filled
            .filter(|b| !b.is_none())
            .map(|b| {
                let what = format!("a number of boxes 0 to {boxes}");
                match input::whole::<u32>(b, "boxes_filled", &what)? {
                    n if n as usize <= boxes => Ok(n),
                    _ => Err(bad_input(&format!("boxes_filled: {b} is not {what}"))),
                }
            })
            .transpose()?;
        let pandas = py.import("pandas").map_err(|e| {
            PyImportError::new_err(format!(
                "Table.to_frame needs pandas (pip install pandas): {}",
                yahtzee_rules::one_line(&e.to_string())
            ))
        })?;
        let numpy = py.import("numpy")?;
        let table = self.advisor.table();
        let columns = py.detach(|| frame_columns(table, only));
        let array = |(bytes, dtype): &(Vec<u8>, &str)| {
            numpy.call_method1("frombuffer", (PyByteArray::new(py, bytes), *dtype))
        };
        let data = PyDict::new(py);
        for (name, column) in &columns.columns {
            data.set_item(name, array(column)?)?;
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("name", "index")?;
        let index = pandas.call_method("Index", (array(&columns.index)?,), Some(&kwargs))?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("index", index)?;
        kwargs.set_item("copy", false)?;
        pandas.call_method("DataFrame", (data,), Some(&kwargs))
    }

    /// Every option of the position, best first. With `target`, ranked by P(final total
    /// >= target) (target table, built next to this table when missing); with
    /// `opponents` (their cards), by the chance to win against them. `mulligan_spent`
    /// (house rule "mulligan"): the dice are the mulligan's roll, spent this turn
    /// (`rolls_left` 0, the card still holding it). `explain`: each option's `explain`
    /// says where its expected total comes from (the companion table, built beside this
    /// table when missing), for expected-score play.
    #[pyo3(signature = (card, dice, rolls_left, target = None, opponents = None, *, mulligan_spent = false, explain = false))]
    #[allow(clippy::too_many_arguments)]
    fn advise(
        &self,
        py: Python<'_>,
        card: Option<&Bound<'_, PyAny>>,
        dice: &Bound<'_, PyAny>,
        rolls_left: &Bound<'_, PyAny>,
        target: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
        mulligan_spent: bool,
        explain: bool,
    ) -> PyResult<Advice> {
        let card = self.card(card)?;
        let dice = yahtzee_engine::parse_dice(&input::dice(dice)?.text()).map_err(err)?;
        let rolls_left = input::whole::<u8>(rolls_left, "rolls_left", "0, 1 or 2")?;
        let play_for = Table::play_for(target, opponents)?;
        let mulligan = if mulligan_spent {
            yahtzee_engine::TurnMulligan::SpentThisTurn
        } else {
            yahtzee_engine::TurnMulligan::AsCard
        };
        // An impossible position is refused before a goal's table is built.
        mulligan
            .state(&card, &dice, rolls_left)
            .map_err(|e| err(e.into()))?;
        if explain && play_for != PlayFor::Expected {
            return Err(bad_input(
                "explain covers play for the expected score only (leave out target and opponents)",
            ));
        }
        let companion = explain
            .then(|| explain::companion(py, &self.advisor))
            .transpose()?;
        let mut report = self.for_goal(py, &play_for, |t| {
            yahtzee_engine::advise_in_turn(
                &self.advisor,
                t,
                &card,
                dice,
                rolls_left,
                mulligan,
                &play_for,
            )
        })?;
        if let Some(companion) = companion {
            py.detach(|| {
                yahtzee_engine::explain(
                    &self.advisor,
                    &companion,
                    &card,
                    &dice,
                    rolls_left,
                    mulligan,
                    &mut report,
                )
            })
            .map_err(err)?;
        }
        advice_of(py, report)
    }

    /// Where the expected final total of `card` (default: a new card) comes from, under
    /// expected-score play: each box's expected final score, the upper bonus chance, the
    /// bonuses (`yahtzee stats --means`), read from the companion table (built beside this
    /// table when missing).
    #[pyo3(signature = (card = None))]
    fn means(
        &self,
        py: Python<'_>,
        card: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<explain::Explanation>> {
        let card = self.card(card)?;
        let companion = explain::companion(py, &self.advisor)?;
        let parts = yahtzee_engine::card_parts(&companion, &card).map_err(err)?;
        explain::explanation(py, &parts, card.rules())
    }

    /// House rule "mega-yahtzee": before a turn's first roll, "take the sixth die" against
    /// "roll five dice", best first (options with `sixth_die` True / False); `target` and
    /// `opponents` as for `advise`.
    #[pyo3(signature = (card = None, target = None, opponents = None))]
    fn sixth_die(
        &self,
        py: Python<'_>,
        card: Option<&Bound<'_, PyAny>>,
        target: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Advice> {
        let card = self.card(card)?;
        let play_for = Table::play_for(target, opponents)?;
        let report = self.for_goal(py, &play_for, |t| {
            yahtzee_engine::advise_sixth_die(&self.advisor, t, &card, &play_for)
        })?;
        advice_of(py, report)
    }

    /// The exact distribution of the final total from `card` (default: a new card), for
    /// expected-score play, or the play for `target`, or to beat `opponents`.
    #[pyo3(signature = (card = None, target = None, opponents = None))]
    fn stats(
        &self,
        py: Python<'_>,
        card: Option<&Bound<'_, PyAny>>,
        target: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Stats> {
        let card = self.card(card)?;
        let play_for = Table::play_for(target, opponents)?;
        let summary = self.for_goal(py, &play_for, |t| {
            yahtzee_engine::stats(&self.advisor, t, &card, &play_for, &|_| {})
        })?;
        stats_of(summary)
    }

    /// `games` seeded games of optimal play from `card` (default: a new card); the same
    /// seed gives the same games whatever the thread count.
    #[pyo3(signature = (games, seed = None, card = None), text_signature = "($self, games, seed=1, card=None)")]
    fn simulate(
        &self,
        py: Python<'_>,
        games: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        card: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Stats> {
        let games = input::whole::<u64>(games, "games", "a number of games")?;
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(s) => input::whole::<u64>(s, "seed", "a whole number 0 to 2**64 - 1")?,
            None => 1,
        };
        let card = self.card(card)?;
        let summary = py
            .detach(|| yahtzee_engine::simulate(&self.advisor, &card, games, seed, &|_| {}))
            .map_err(err)?;
        stats_of(summary)
    }

    fn __repr__(&self) -> String {
        format!(
            "yahtzee.Table(rules='{}', path='{}')",
            self.advisor.table().rules().name,
            self.advisor.table().path().display()
        )
    }
}

impl Table {
    fn load_or_solve_rules(
        py: Python<'_>,
        rules: &'static RuleSet,
        path: Option<PathBuf>,
    ) -> PyResult<Table> {
        let advisor = match path {
            None => py.detach(|| shared().advisor(rules)).map_err(err)?,
            Some(path) => {
                let table = py
                    .detach(|| store::load_or_solve(rules, &path, &|_| {}, &|_| {}))
                    .map_err(table_err)?;
                Arc::new(Advisor::new(table))
            }
        };
        Ok(Table::new(advisor))
    }
}

/// `Table.to_frame`'s columns as little-endian bytes with their numpy dtypes, and its
/// index (the states' positions in `values`).
struct FrameColumns {
    columns: Vec<(String, (Vec<u8>, &'static str))>,
    index: (Vec<u8>, &'static str),
}

fn frame_columns(table: &TableFile, boxes_filled: Option<u32>) -> FrameColumns {
    let rules = table.rules();
    let n = rules.state_count();
    let boxes = rules.box_count();
    let mut index = Vec::new();
    let mut filled = vec![Vec::new(); boxes];
    let mut count = Vec::new();
    let mut upper = Vec::new();
    let mut flags: [Vec<u8>; 3] = Default::default();
    let mut value = Vec::new();
    for i in 0..n {
        let v = table.value_at(i);
        if v.is_nan() {
            continue;
        }
        let s = rules.state_at(i);
        if boxes_filled.is_some_and(|n| n != s.filled().count_ones()) {
            continue;
        }
        index.extend_from_slice(&(i as i64).to_le_bytes());
        for (b, column) in filled.iter_mut().enumerate() {
            column.push(u8::from(s.is_filled(b)));
        }
        count.extend_from_slice(&i64::from(s.filled().count_ones()).to_le_bytes());
        upper.extend_from_slice(&i64::from(s.upper()).to_le_bytes());
        flags[0].push(u8::from(s.yahtzee_50()));
        flags[1].push(u8::from(s.mulligan_used()));
        flags[2].push(u8::from(s.mega_used()));
        value.extend_from_slice(&v.to_le_bytes());
    }
    let mut columns: Vec<(String, (Vec<u8>, &'static str))> = rules
        .boxes
        .iter()
        .zip(filled)
        .map(|(c, column)| (c.name().to_string(), (column, "?")))
        .collect();
    columns.push(("boxes_filled".into(), (count, "<i8")));
    columns.push(("upper_total".into(), (upper, "<i8")));
    let [yahtzee, mulligan, mega] = flags;
    if rules.yahtzee_bonus > 0 {
        columns.push(("yahtzee_50".into(), (yahtzee, "?")));
    }
    if rules.house.mulligan {
        columns.push(("mulligan_used".into(), (mulligan, "?")));
    }
    if rules.house.mega_yahtzee {
        columns.push(("mega_used".into(), (mega, "?")));
    }
    columns.push(("value".into(), (value, "<f8")));
    FrameColumns {
        columns,
        index: (index, "<i8"),
    }
}

/// Solves `rules` (always, even when a table exists) and writes the table atomically to
/// `path` (default: the data folder), then opens it.
#[pyfunction]
#[pyo3(signature = (rules = None, house = None, path = None), text_signature = "(rules='forced', house=None, path=None)")]
fn solve(
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

fn default_table(
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
fn advise(
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
fn means(
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
fn stats(
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
fn simulate(
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
fn data_dir() -> PathBuf {
    shared().dir().to_path_buf()
}

#[pymodule(name = "_native")]
fn yahtzee_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("Error", py.get_type::<Error>())?;
    let error = py.get_type::<Error>();
    let input = exception_class(
        py,
        "InputError",
        PyTuple::new(py, [error.clone(), py.get_type::<PyValueError>()])?,
        "A question the engine cannot answer as asked: unknown rules, a bad card or dice.",
    )?;
    let table = exception_class(
        py,
        "TableError",
        PyTuple::new(py, [error])?,
        "A table that is missing, damaged, or of other rules.",
    )?;
    m.add("InputError", &input)?;
    m.add("TableError", &table)?;
    let _ = INPUT_ERROR.set(input.unbind());
    let _ = TABLE_ERROR.set(table.unbind());
    m.add_class::<Rules>()?;
    m.add_class::<RankedOption>()?;
    m.add_class::<Advice>()?;
    m.add_class::<explain::Explanation>()?;
    m.add_class::<Stats>()?;
    m.add_class::<Table>()?;
    m.add_class::<TableBytes>()?;
    m.add_class::<learn::EnvCore>()?;
    m.add_function(wrap_pyfunction!(rule_sets, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(means, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(data_dir, m)?)?;
    games::register(m)?;
    painted::register(m)?;
    painted_play::register(m)?;
    Ok(())
}
