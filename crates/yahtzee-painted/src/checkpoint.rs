//! The exact solve, resumable: a folder of checkpoints that outlives the process.
//!
//! The full game takes hours on a small machine, longer than a process may live, so the
//! single-machine solve ([`solve_in`]) keeps its work in a folder, in the layout the Ray
//! driver (`scripts/painted_ray.py`) uses, so either can resume the other's folder:
//!
//! | file | what |
//! |------|------|
//! | `painted.json` | the game, its layout (sets per layer) and values per set |
//! | `layer-NN.chunks/SSSSSSSSSS-EEEEEEEEEE.f64` | sets S..E of layer NN, raw little-endian f64, written whole |
//! | `layer-NN.f64` | the layer, its chunks joined in set order |
//! | `layer-NN.json` | its checkpoint record: sets, bytes, SHA-256 |
//! | `driver.lock` | held by the running solve: a second one on the folder is refused |
//! | `log.jsonl` | one JSON object per line: each chunk computed, with its wall and CPU seconds |
//!
//! On start every finished layer is verified (length and SHA-256 against its record) and
//! skipped, and in the first unfinished layer every chunk of the right length is kept:
//! a killed solve loses only the chunk it was computing. The values do not depend on the
//! chunk size or the thread count (`solve_set` computes each set on its own), so the table
//! is the same bits as [`crate::solve::solve`]'s.

use std::fs::File;
use std::io::{Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::game::{Game, Layers};
use crate::solve;
use crate::turn::Plan;

/// Bytes per value (little-endian f64).
const F64: usize = 8;

/// Filled sets per chunk by default: a few seconds of the largest layers on two cores.
pub const DEFAULT_CHUNK: usize = 1024;

/// A checkpoint folder of one game, locked for this process while it lives.
pub struct Folder {
    dir: PathBuf,
    game: String,
    layout: Vec<usize>,
    states: usize,
    chunk: usize,
    _lock: File,
}

/// Where a solve stands, reported after every chunk.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The layer (filled-box count) being computed.
    pub layer: usize,
    /// Work done and in all, in the cost model's units (see [`work_of_sets`]); work found
    /// in the folder counts as done.
    pub done: u64,
    pub total: u64,
    /// Work found finished in the folder when this run started.
    pub resumed: u64,
}

impl Folder {
    /// Opens (or starts) the folder of `game`'s solve: refuses another game's folder and a
    /// folder another solve holds.
    pub fn open(dir: &Path, game: &Game, layers: &Layers, chunk: usize) -> Result<Folder, String> {
        if chunk == 0 {
            return Err("the chunk size must be at least 1 set".into());
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let lock = File::options()
            .create(true)
            .append(true)
            .open(dir.join("driver.lock"))
            .map_err(|e| format!("cannot open {}: {e}", dir.join("driver.lock").display()))?;
        if lock.try_lock().is_err() {
            return Err(format!("another solve is running in {}", dir.display()));
        }
        let folder = Folder {
            dir: dir.to_path_buf(),
            game: game.name().to_string(),
            layout: layers.sets.iter().map(Vec::len).collect(),
            states: game.states_per_set(),
            chunk,
            _lock: lock,
        };
        folder.check_manifest()?;
        Ok(folder)
    }

    /// The manifest as the Ray driver writes it (Python's `json.dumps(sort_keys=True)`).
    fn manifest(&self) -> String {
        let layout: Vec<String> = self.layout.iter().map(usize::to_string).collect();
        format!(
            "{{\"game\": {}, \"layout\": [{}], \"states_per_set\": {}}}\n",
            serde_json::to_string(&self.game).expect("a string"),
            layout.join(", "),
            self.states
        )
    }

    fn check_manifest(&self) -> Result<(), String> {
        let path = self.dir.join("painted.json");
        let mine: serde_json::Value = serde_json::from_str(&self.manifest()).expect("valid");
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let theirs: serde_json::Value = serde_json::from_str(&text)
                    .map_err(|e| format!("{} is damaged: {e}", path.display()))?;
                // The game as any name of it (the Ray driver records the name it was given).
                let same_game = theirs["game"]
                    .as_str()
                    .and_then(|n| Game::named(n).ok())
                    .is_some_and(|g| g.name() == self.game);
                if !same_game
                    || theirs["layout"] != mine["layout"]
                    || theirs["states_per_set"] != mine["states_per_set"]
                {
                    return Err(format!(
                        "{} holds the layers of {}, not {}: use another folder",
                        self.dir.display(),
                        theirs["game"],
                        self.game
                    ));
                }
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_whole(&path, self.manifest().as_bytes())
            }
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    fn layer_path(&self, n: usize) -> PathBuf {
        self.dir.join(format!("layer-{n:02}.f64"))
    }

    fn record_path(&self, n: usize) -> PathBuf {
        self.dir.join(format!("layer-{n:02}.json"))
    }

    fn chunk_dir(&self, n: usize) -> PathBuf {
        self.dir.join(format!("layer-{n:02}.chunks"))
    }

    fn chunk_path(&self, n: usize, r: &Range<usize>) -> PathBuf {
        self.chunk_dir(n)
            .join(format!("{:010}-{:010}.f64", r.start, r.end))
    }

    fn layer_bytes(&self, n: usize) -> u64 {
        (self.layout[n] * self.states * F64) as u64
    }

    /// The chunks of layer `n`: ranges of set positions.
    pub fn chunks(&self, n: usize) -> Vec<Range<usize>> {
        let sets = self.layout[n];
        (0..sets)
            .step_by(self.chunk)
            .map(|s| s..(s + self.chunk).min(sets))
            .collect()
    }

    /// Layer `n` finished: its record matches its file, length and SHA-256.
    pub fn layer_done(&self, n: usize) -> Result<bool, String> {
        let Ok(text) = std::fs::read_to_string(self.record_path(n)) else {
            return Ok(false);
        };
        let Ok(record) = serde_json::from_str::<serde_json::Value>(&text) else {
            return Ok(false);
        };
        let want = self.layer_bytes(n);
        let path = self.layer_path(n);
        let len = std::fs::metadata(&path).map(|m| m.len()).ok();
        if record["layer"] != n || record["bytes"] != want || len != Some(want) {
            return Ok(false);
        }
        Ok(record["sha256"] == sha256_file(&path)?.as_str())
    }

    fn chunk_done(&self, n: usize, r: &Range<usize>) -> bool {
        std::fs::metadata(self.chunk_path(n, r))
            .is_ok_and(|m| m.len() == (r.len() * self.states * F64) as u64)
    }

    /// One line of `log.jsonl` for a chunk computed here (the Ray driver's `chunk` event,
    /// with the CPU time: what the cost model is checked against). A log that cannot be
    /// written costs only the line.
    fn log_chunk(&self, n: usize, r: &Range<usize>, seconds: f64, cpu_seconds: f64) {
        let line = format!(
            "{{\"action\": \"computed\", \"cpu_seconds\": {cpu_seconds:.3}, \"end\": {}, \"event\": \"chunk\", \"ids\": {}, \"layer\": {n}, \"run\": \"single-machine\", \"seconds\": {seconds:.3}, \"start\": {}, \"threads\": {}, \"t\": {}}}\n",
            r.end,
            r.len(),
            r.start,
            rayon::current_num_threads(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0.0, |d| d.as_secs_f64()),
        );
        let _ = File::options()
            .create(true)
            .append(true)
            .open(self.dir.join("log.jsonl"))
            .and_then(|mut f| f.write_all(line.as_bytes()));
    }

    /// The values of layer `n` (finished).
    pub fn read_layer(&self, n: usize) -> Result<Vec<f64>, String> {
        read_f64(&self.layer_path(n), self.layer_bytes(n))
    }

    /// Joins layer `n`'s chunks into its file and writes its record; the chunks go last.
    fn join(&self, n: usize) -> Result<String, String> {
        let path = self.layer_path(n);
        let mut hash = Sha256::new();
        let mut tmp = yahtzee_table::atomic::temp_beside(&path, ".f64")
            .map_err(|e| format!("cannot write beside {}: {e}", path.display()))?;
        for r in self.chunks(n) {
            let bytes = std::fs::read(self.chunk_path(n, &r))
                .map_err(|e| format!("cannot read chunk {r:?} of layer {n}: {e}"))?;
            hash.update(&bytes);
            tmp.write_all(&bytes)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        persist(tmp, &path)?;
        let sha = hex(&hash.finalize());
        let record = format!(
            "{{\"bytes\": {}, \"ids\": {}, \"layer\": {n}, \"sha256\": \"{sha}\"}}\n",
            self.layer_bytes(n),
            self.layout[n]
        );
        write_whole(&self.record_path(n), record.as_bytes())?;
        let _ = std::fs::remove_dir_all(self.chunk_dir(n));
        Ok(sha)
    }
}

/// The cost model's work for the sets at `positions` of layer `n`: for each set, its
/// reachable states in groups of the solver's eight lanes, times the keep orbits of its
/// count of filled colour boxes (what one turn walks).
pub fn work_of_sets(plan: &Plan, layers: &Layers, n: usize, positions: Range<usize>) -> u64 {
    let game = &plan.game;
    let orbits: Vec<u64> = (0..=game.colour_boxes())
        .map(|k| plan.scored(k).graph.len() as u64)
        .collect();
    layers.sets[n][positions]
        .iter()
        .map(|&id| {
            let filled = game.set_of_id(id as usize);
            let lanes = game.reachable_offsets(filled).len().div_ceil(8) as u64;
            lanes * orbits[game.filled_colours(filled)]
        })
        .sum()
}

/// Solves `game` exactly with its work kept in `folder`, resuming what is there; returns
/// the table in state-index order. `progress` is told after every chunk.
pub fn solve_in(
    folder: &Folder,
    plan: &Plan,
    layers: &Layers,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<f64>, String> {
    let game = &plan.game;
    let boxes = game.box_count();
    let work: Vec<Vec<u64>> = (0..=boxes)
        .map(|n| {
            let chunks = folder.chunks(n);
            chunks
                .into_iter()
                .map(|r| work_of_sets(plan, layers, n, r))
                .collect()
        })
        .collect();
    let total = work.iter().flatten().sum();
    let mut done = 0;
    let mut resumed = None;
    let mut next: Vec<f64> = Vec::new();
    // Each finished layer's SHA-256 checked once (the full game's layers add up to 1.6 GB).
    let finished = (0..=boxes)
        .map(|n| folder.layer_done(n))
        .collect::<Result<Vec<bool>, String>>()?;
    for n in (0..=boxes).rev() {
        if finished[n] {
            let _ = std::fs::remove_dir_all(folder.chunk_dir(n));
            done += work[n].iter().sum::<u64>();
            // Only the layer below the last finished one needs these values.
            if n == 0 || !finished[n - 1] {
                next = folder.read_layer(n)?;
            }
            continue;
        }
        std::fs::create_dir_all(folder.chunk_dir(n))
            .map_err(|e| format!("cannot create {}: {e}", folder.chunk_dir(n).display()))?;
        for (r, w) in folder.chunks(n).into_iter().zip(&work[n]) {
            if folder.chunk_done(n, &r) {
                done += w;
                continue;
            }
            let resumed = *resumed.get_or_insert(done);
            progress(Progress {
                layer: n,
                done,
                total,
                resumed,
            });
            let (wall, cpu) = (std::time::Instant::now(), cpu_seconds());
            let values = solve::solve_chunk(plan, layers, n, r.clone(), &next);
            write_whole(&folder.chunk_path(n, &r), &f64_bytes(&values))?;
            folder.log_chunk(n, &r, wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
            done += w;
        }
        folder.join(n)?;
        next = folder.read_layer(n)?;
    }
    progress(Progress {
        layer: 0,
        done,
        total,
        resumed: resumed.unwrap_or(done),
    });
    let values = (0..=boxes)
        .map(|n| folder.read_layer(n))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(solve::table_from_layers(game, layers, &values))
}

/// CPU seconds this process has used, on every thread.
fn cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The SHA-256 of a file, in hex.
pub fn sha256_file(path: &Path) -> Result<String, String> {
    let mut f = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut hash = Sha256::new();
    let mut buf = vec![0; 1 << 22];
    loop {
        let got = f
            .read(&mut buf)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if got == 0 {
            return Ok(hex(&hash.finalize()));
        }
        hash.update(&buf[..got]);
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn f64_bytes(values: &[f64]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn read_f64(path: &Path, want: u64) -> Result<Vec<f64>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 != want {
        return Err(format!(
            "{} has {} bytes, expected {want}",
            path.display(),
            bytes.len()
        ));
    }
    Ok(bytes
        .chunks_exact(F64)
        .map(|c| f64::from_le_bytes(c.try_into().expect("eight bytes")))
        .collect())
}

fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    yahtzee_table::atomic::write_whole(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn persist(tmp: tempfile::NamedTempFile, path: &Path) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
