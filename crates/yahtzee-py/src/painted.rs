//! Painted Yahtzee's exact solver from Python, chunk by chunk, for a cluster's workers
//! (`scripts/painted_ray.py` drives it on Ray) and whole on this machine:
//! `painted_name`, `painted_layout`, `painted_states_per_set`, `painted_solve_chunk`, `painted_write_table`,
//! `painted_solve`. Layers travel as files of raw little-endian f64 (`layer-NN.f64`, the
//! values of a layer's sets in id order, `states_per_set` each); every file is written
//! whole (a temporary file beside it, then renamed) with mode 0644. Bad game names and
//! wrong-length files are `InputError`s (a `ValueError`), missing or unreadable files
//! `OSError`s, each in one line; the kernel runs with the GIL released.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use yahtzee_painted::game::Layers;
use yahtzee_painted::turn::Plan;
use yahtzee_painted::{solve, Game};

use crate::errors::bad_input;

/// A game with what its chunks need, built once per process (a worker runs many chunks).
struct Solver {
    plan: Plan,
    layers: Layers,
}

impl Solver {
    fn game(&self) -> &Game {
        &self.plan.game
    }

    fn boxes(&self) -> usize {
        self.game().box_count()
    }

    fn layer_values(&self, n: usize) -> usize {
        self.layers.sets[n].len() * self.game().states_per_set()
    }
}

fn game_of(name: &str) -> PyResult<Game> {
    Game::named(name).map_err(|e| bad_input(&e.to_string()))
}

fn solver(py: Python<'_>, name: &str) -> PyResult<Arc<Solver>> {
    static SOLVERS: OnceLock<Mutex<HashMap<String, Arc<Solver>>>> = OnceLock::new();
    let game = game_of(name)?;
    let solvers = SOLVERS.get_or_init(Default::default);
    if let Some(s) = solvers.lock().unwrap().get(game.name()) {
        return Ok(s.clone());
    }
    let s = py.detach(|| {
        Arc::new(Solver {
            plan: Plan::new(&game),
            layers: Layers::of(&game),
        })
    });
    solvers
        .lock()
        .unwrap()
        .insert(game.name().to_string(), s.clone());
    Ok(s)
}

fn os_error(what: &str, path: &Path, e: std::io::Error) -> PyErr {
    let message = yahtzee_rules::one_line(&format!("{what} '{}': {e}", path.display()));
    if e.kind() == std::io::ErrorKind::NotFound {
        PyFileNotFoundError::new_err(message)
    } else {
        PyOSError::new_err(message)
    }
}

/// The values of a layer file, refused unless it holds exactly `want` values. Read in
/// blocks, so a worker holds the values once (the full game's largest layer is 213 MiB).
fn read_layer(path: &Path, want: usize, what: &str) -> PyResult<Vec<f64>> {
    let io = |e| os_error("cannot read", path, e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    if len != want as u64 * 8 {
        return Err(bad_input(&format!(
            "'{}' has {len} bytes, {what} has {} ({want} values)",
            path.display(),
            want * 8
        )));
    }
    let mut values = Vec::with_capacity(want);
    let mut block = vec![0u8; 1 << 16];
    while values.len() < want {
        let n = ((want - values.len()) * 8).min(block.len());
        file.read_exact(&mut block[..n]).map_err(io)?;
        values.extend(
            block[..n]
                .chunks_exact(8)
                .map(|b| f64::from_le_bytes(b.try_into().unwrap())),
        );
    }
    Ok(values)
}

/// Layer `n + 1` as read last in this process: a worker's next chunk of the same layer
/// reads it again only if the file changed (layer files are replaced, never rewritten).
fn read_next(path: &Path, want: usize, what: &str) -> PyResult<Arc<Vec<f64>>> {
    type Key = (PathBuf, u64, Option<SystemTime>, u64);
    static LAST: Mutex<Option<(Key, Arc<Vec<f64>>)>> = Mutex::new(None);
    let meta = std::fs::metadata(path).map_err(|e| os_error("cannot read", path, e))?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    let key = (path.to_path_buf(), meta.len(), meta.modified().ok(), inode);
    let mut last = LAST.lock().unwrap();
    if let Some((k, v)) = last.as_ref() {
        if *k == key && v.len() == want {
            return Ok(v.clone());
        }
    }
    *last = None; // one layer in memory at a time
    let v = Arc::new(read_layer(path, want, what)?);
    *last = Some((key, v.clone()));
    Ok(v)
}

/// `values` as raw little-endian f64 at `path`, whole or not at all, mode 0644.
fn write_f64(path: &Path, values: &[f64]) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(values.len() * 8);
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let mut tmp = yahtzee_table::atomic::temp_beside(path, ".tmp")?;
    tmp.write_all(&bytes)?;
    tmp.as_file().sync_all()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// How many filled sets (canonical ids) each layer of `game` holds, for n = 0..=boxes.
#[pyfunction]
pub fn painted_layout(py: Python<'_>, game: &str) -> PyResult<Vec<usize>> {
    let s = solver(py, game)?;
    Ok(s.layers.sets.iter().map(Vec::len).collect())
}

/// The game's own name for `game` (box aliases and order as the game writes them): what a
/// checkpoint folder records.
#[pyfunction]
pub fn painted_name(game: &str) -> PyResult<String> {
    Ok(game_of(game)?.name().to_string())
}

/// How many values each filled set holds (upper totals × flags).
#[pyfunction]
pub fn painted_states_per_set(game: &str) -> PyResult<usize> {
    Ok(game_of(game)?.states_per_set())
}

/// The values of sets `start..end` of layer `layer`, given layer `layer + 1`'s file
/// (`None` for the full card), written to `out_path` as raw little-endian f64.
#[pyfunction]
#[pyo3(signature = (game, layer, start, end, next_layer_path, out_path))]
pub fn painted_solve_chunk(
    py: Python<'_>,
    game: &str,
    layer: usize,
    start: usize,
    end: usize,
    next_layer_path: Option<PathBuf>,
    out_path: PathBuf,
) -> PyResult<()> {
    let s = solver(py, game)?;
    let name = s.game().name().to_string();
    let boxes = s.boxes();
    if layer > boxes {
        return Err(bad_input(&format!(
            "layer {layer} of {name}: its layers are 0 to {boxes}"
        )));
    }
    let len = s.layers.sets[layer].len();
    if start > end || end > len {
        return Err(bad_input(&format!(
            "sets {start}..{end} of layer {layer} of {name}: it has {len}"
        )));
    }
    let next = match (layer == boxes, next_layer_path) {
        (true, None) => Arc::new(Vec::new()),
        (true, Some(_)) => {
            return Err(bad_input(&format!(
                "layer {layer} of {name} is the full card: it has no next layer"
            )))
        }
        (false, None) => {
            return Err(bad_input(&format!(
                "layer {layer} of {name} needs layer {}'s file",
                layer + 1
            )))
        }
        (false, Some(path)) => {
            let what = format!("layer {} of {name}", layer + 1);
            let want = s.layer_values(layer + 1);
            py.detach(|| read_next(&path, want, &what))?
        }
    };
    py.detach(|| {
        let values = solve::solve_chunk(&s.plan, &s.layers, layer, start..end, &next);
        write_f64(&out_path, &values)
    })
    .map_err(|e| os_error("cannot write", &out_path, e))
}

/// The table file of `game` (our table format) from its layer files
/// `layers_dir/layer-NN.f64`, n = 0..=boxes.
#[pyfunction]
pub fn painted_write_table(
    py: Python<'_>,
    game: &str,
    layers_dir: PathBuf,
    out_path: PathBuf,
) -> PyResult<()> {
    let s = solver(py, game)?;
    let name = s.game().name().to_string();
    py.detach(|| {
        let layers = (0..=s.boxes())
            .map(|n| {
                let path = layers_dir.join(format!("layer-{n:02}.f64"));
                read_layer(&path, s.layer_values(n), &format!("layer {n} of {name}"))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let table = solve::table_from_layers(s.game(), &s.layers, &layers);
        solve::write_table(&out_path, s.game(), &table).map_err(|e| {
            PyOSError::new_err(yahtzee_rules::one_line(&format!(
                "cannot write '{}': {e}",
                out_path.display()
            )))
        })
    })
}

/// Solves `game` exactly on this machine (every core) and writes its table file.
#[pyfunction]
pub fn painted_solve(py: Python<'_>, game: &str, out_path: PathBuf) -> PyResult<()> {
    let game = game_of(game)?;
    py.detach(|| {
        let table = solve::solve(&game);
        solve::write_table(&out_path, &game, &table).map_err(|e| {
            PyOSError::new_err(yahtzee_rules::one_line(&format!(
                "cannot write '{}': {e}",
                out_path.display()
            )))
        })
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(painted_name, m)?)?;
    m.add_function(wrap_pyfunction!(painted_layout, m)?)?;
    m.add_function(wrap_pyfunction!(painted_states_per_set, m)?)?;
    m.add_function(wrap_pyfunction!(painted_solve_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(painted_write_table, m)?)?;
    m.add_function(wrap_pyfunction!(painted_solve, m)?)?;
    Ok(())
}
