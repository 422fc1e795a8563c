//! A trainer's progress, kept in a JSON file beside the game records
//! (`records/train-<rules>.json`), written whole or not at all: each theme's puzzles seen,
//! missed and points lost, and the proficiency tests taken.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use yahtzee_engine::train::{Puzzle, Theme};

/// A choice losing more than this many points is a miss.
pub const MISSED: f64 = 1e-9;

/// One theme's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ThemeRecord {
    pub seen: u32,
    pub missed: u32,
    pub lost: f64,
}

/// Everything a player has done in the trainer under one rule set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// By theme name (`upper-bonus`).
    pub themes: BTreeMap<String, ThemeRecord>,
    /// Each proficiency test's mean loss per decision, in the order taken.
    pub tests: Vec<f64>,
}

impl Progress {
    /// The progress file of a rule set, beside the game records.
    pub fn path(rules: &str) -> PathBuf {
        let name: String = rules
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        PathBuf::from(format!("records/train-{name}.json"))
    }

    /// The progress in `path`, empty where there is no file yet; a damaged file is an
    /// error naming it, never read as empty (it would be overwritten).
    pub fn load(path: &Path) -> Result<Progress, String> {
        match std::fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map_err(|e| format!("{}: not a trainer progress file ({e})", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Writes the progress to `path` whole (a temporary file, then renamed over it).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let bytes = serde_json::to_vec_pretty(self).expect("progress serialises");
        yahtzee_table::atomic::write_whole(path, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// One answer on a puzzle of `theme` that lost `loss` points.
    pub fn record(&mut self, theme: Theme, loss: f64) {
        let r = self.themes.entry(theme.name().to_string()).or_default();
        r.seen += 1;
        r.missed += u32::from(loss > MISSED);
        r.lost += loss;
    }

    /// A proficiency test finished with a mean loss of `mean` per decision.
    pub fn record_test(&mut self, mean: f64) {
        self.tests.push(mean);
    }

    /// How much a practice session wants a puzzle of `theme` next: its share of misses,
    /// with one miss and one hit assumed (so an unseen theme stands at one half).
    pub fn weight(&self, theme: Theme) -> f64 {
        let r = self.themes.get(theme.name()).copied().unwrap_or_default();
        (f64::from(r.missed) + 1.0) / (f64::from(r.seen) + 2.0)
    }

    /// The next puzzle of a practice session among `left`: the first of the theme missed
    /// most often (by [`Progress::weight`]), so missed themes come back sooner.
    pub fn next_of(&self, left: &[&Puzzle]) -> usize {
        let mut best = 0;
        for (i, p) in left.iter().enumerate() {
            if self.weight(p.theme) > self.weight(left[best].theme) {
                best = i;
            }
        }
        best
    }
}
