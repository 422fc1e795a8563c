//! `Table`: a solved value table, memory-mapped and verified, with the questions it
//! answers (advice, statistics, simulation, the expected total's parts), and its values
//! as a numpy array over the memory map (`TableBytes`, no copy).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};
use yahtzee_advice::Advisor;
use yahtzee_engine::{EngineError, PlayFor};
use yahtzee_rules::{RuleSet, Scorecard};
use yahtzee_table::{store, Table as TableFile};

use crate::advice::{advice_of, Advice};
use crate::errors::{bad_input, err, table_err, Error};
use crate::frame::frame_columns;
use crate::rules::{rules_of, Rules};
use crate::shared::shared;
use crate::stats::{stats_of, Stats};
use crate::{explain, input};

/// A solved value table, memory-mapped and verified, with the questions it answers.
#[pyclass(frozen, module = "yahtzee")]
pub(crate) struct Table {
    pub(crate) advisor: Arc<Advisor>,
    /// Where the target table of these rules is looked for (built there when missing).
    pub(crate) target_path: PathBuf,
}

/// The bytes of a table's values, for numpy: a read-only buffer over the memory map.
#[pyclass(frozen, module = "yahtzee")]
pub(crate) struct TableBytes {
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
    pub(crate) fn new(advisor: Arc<Advisor>) -> Table {
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
    pub(crate) fn advise(
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
    pub(crate) fn means(
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
    pub(crate) fn stats(
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
    pub(crate) fn simulate(
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
    pub(crate) fn load_or_solve_rules(
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
