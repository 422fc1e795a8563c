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
//! - `puzzles`: the trainer's puzzles (`yahtzee_engine::train`) as dicts.
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

mod advice;
mod errors;
mod explain;
mod frame;
mod functions;
mod games;
mod input;
mod learn;
mod painted;
mod painted_play;
mod rules;
mod shared;
mod stats;
mod table;
mod train;

use pyo3::prelude::*;

use advice::{Advice, RankedOption};
use functions::{advise, data_dir, means, simulate, solve};
use rules::{rule_sets, Rules};
use stats::Stats;
use table::{Table, TableBytes};

#[pymodule(name = "_native")]
fn yahtzee_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
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
    m.add_function(wrap_pyfunction!(functions::stats, m)?)?;
    m.add_function(wrap_pyfunction!(means, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(data_dir, m)?)?;
    m.add_function(wrap_pyfunction!(train::puzzles, m)?)?;
    games::register(m)?;
    painted::register(m)?;
    painted_play::register(m)?;
    Ok(())
}
