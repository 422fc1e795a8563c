//! `yahtzee._native.EnvCore`: a batch of Yahtzee games ([`yahtzee_learn::Batch`]) stepped
//! with the GIL released, writing into numpy arrays the caller owns. The Gymnasium classes
//! over it are Python (`python/yahtzee/gym.py`).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use numpy::{PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::prelude::*;
use yahtzee_learn::{Batch, Env, Layout, Model, Outputs};
use yahtzee_rules::RuleSet;

use crate::errors::bad_input;
use crate::rules::rules_of;
use crate::table::Table;

/// The exact model of `rules`, made once per rule set and process (environments share
/// it; the table stays mapped for the life of the process).
fn model(py: Python<'_>, rules: &'static RuleSet) -> PyResult<&'static Model> {
    static MODELS: OnceLock<Mutex<HashMap<&'static str, &'static Model>>> = OnceLock::new();
    let models = MODELS.get_or_init(Default::default);
    if let Some(&m) = models.lock().expect("not poisoned").get(rules.name) {
        return Ok(m);
    }
    let table = Table::load_or_solve_rules(py, rules, None)?;
    // The values copied out of the memory map once, into plain memory: the model reads
    // tens of states a turn, and a Vec is read with no indirection (measured: faster).
    let values: Vec<f64> = table
        .advisor
        .table()
        .payload()
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().expect("eight bytes")))
        .collect();
    let values: &'static [f64] = Box::leak(values.into_boxed_slice());
    let m: &'static Model = Box::leak(Box::new(Model::new(rules, values)));
    models.lock().expect("not poisoned").insert(rules.name, m);
    Ok(m)
}

/// A batch of solitaire Yahtzee games for the Gymnasium environments. `copy.deepcopy`
/// gives the same games at the same moment, to play on apart.
#[pyclass(module = "yahtzee")]
#[derive(Clone)]
pub struct EnvCore {
    batch: Batch,
    layout: Layout,
    exact: bool,
}

/// One step's arrays, as Python passes them.
type Buffers<'py> = (
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray1<'py, f64>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray2<'py, u8>,
    PyReadwriteArray1<'py, f64>,
    PyReadwriteArray2<'py, f64>,
    PyReadwriteArray1<'py, f64>,
);

#[pymethods]
impl EnvCore {
    /// `num_envs` games of `rules` (with `house` rules); with `regret`, the exact model
    /// (its table is opened, or solved on first use).
    #[new]
    #[pyo3(signature = (rules = None, house = None, num_envs = 1, regret = true))]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        house: Option<&Bound<'_, PyAny>>,
        num_envs: usize,
        regret: bool,
    ) -> PyResult<EnvCore> {
        let rules = rules_of(rules, house)?;
        let layout = Layout::new(rules);
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(bad_input("num_envs: from 1 to 1048576"));
        }
        let model = if regret {
            Some(model(py, rules)?)
        } else {
            None
        };
        let envs = (0..num_envs)
            .map(|_| Env::new(layout, model))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad_input(&e.to_string()))?;
        Ok(EnvCore {
            batch: Batch::new(envs),
            layout,
            exact: regret,
        })
    }

    fn __copy__(&self) -> EnvCore {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> EnvCore {
        self.clone()
    }

    #[getter]
    fn rules(&self) -> &'static str {
        self.layout.rules().name
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The regret comes from the exact table.
    #[getter]
    fn exact(&self) -> bool {
        self.exact
    }

    #[getter]
    fn action_count(&self) -> usize {
        self.layout.action_count()
    }

    #[getter]
    fn action_names(&self) -> Vec<String> {
        self.layout.action_names()
    }

    #[getter]
    fn observation_names(&self) -> Vec<String> {
        self.layout.observation_names()
    }

    #[getter]
    fn observation_high(&self) -> Vec<f32> {
        self.layout.observation_high()
    }

    /// Starts every game: game `i` plays episode `episode` of seed `seed + i`. Writes the
    /// buffers (observations, rewards, terminated, reset, masks, regret, action_regret,
    /// optimal_value).
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        episode: u64,
        buffers: Buffers<'_>,
    ) -> PyResult<()> {
        let mut b = buffers;
        let out = self.outputs(&mut b)?;
        let batch = &mut self.batch;
        py.detach(|| batch.reset(seed, episode, out));
        Ok(())
    }

    /// Plays `actions[i]` in game `i` (a game that ended on the last step is reset and
    /// its action ignored), writing the buffers as [`EnvCore::reset`] does. An illegal
    /// action raises `InputError` before any game moves.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        buffers: Buffers<'_>,
    ) -> PyResult<()> {
        let actions = actions.as_slice()?;
        if actions.len() != self.batch.len() {
            return Err(bad_input(&format!(
                "actions: {} for {} games",
                actions.len(),
                self.batch.len()
            )));
        }
        let mut b = buffers;
        let out = self.outputs(&mut b)?;
        let batch = &mut self.batch;
        py.detach(|| batch.step(actions, out))
            .map_err(|e| bad_input(&e.to_string()))
    }

    /// Writes into `out` (games × actions) the points each box action would write now;
    /// NaN for keeps, chance-chance and illegal actions.
    fn action_points(&self, py: Python<'_>, mut out: PyReadwriteArray2<'_, f64>) -> PyResult<()> {
        let out = out.as_slice_mut()?;
        let want = self.batch.len() * self.layout.action_count();
        if out.len() != want {
            return Err(bad_input(&format!(
                "out: {} entries, {want} wanted",
                out.len()
            )));
        }
        let batch = &self.batch;
        py.detach(|| batch.action_points(out));
        Ok(())
    }
}

impl EnvCore {
    /// The buffers as slices, each checked for its shape.
    fn outputs<'a>(&self, b: &'a mut Buffers<'_>) -> PyResult<Outputs<'a>> {
        let n = self.batch.len();
        let (ol, al) = (self.layout.observation_len(), self.layout.action_count());
        let (obs, rew, term, reset, masks, regret, ar, opt) = b;
        let shaped = |name: &str, len: usize, want: usize| {
            if len == want {
                Ok(())
            } else {
                Err(bad_input(&format!("{name}: {len} entries, {want} wanted")))
            }
        };
        let observations = obs.as_slice_mut()?;
        shaped("observations", observations.len(), n * ol)?;
        let rewards = rew.as_slice_mut()?;
        shaped("rewards", rewards.len(), n)?;
        let terminated = term.as_slice_mut()?;
        shaped("terminated", terminated.len(), n)?;
        let reset = reset.as_slice_mut()?;
        shaped("reset", reset.len(), n)?;
        let masks = masks.as_slice_mut()?;
        shaped("masks", masks.len(), n * al)?;
        let regret = regret.as_slice_mut()?;
        shaped("regret", regret.len(), n)?;
        let action_regret = ar.as_slice_mut()?;
        if !action_regret.is_empty() {
            shaped("action_regret", action_regret.len(), n * al)?;
        }
        let optimal_value = opt.as_slice_mut()?;
        shaped("optimal_value", optimal_value.len(), n)?;
        Ok(Outputs {
            observations,
            rewards,
            terminated,
            reset,
            masks,
            regret,
            action_regret,
            optimal_value,
        })
    }
}
