//! Tables opened once per rule set and shared: what a long-lived host (a Python session,
//! a C program, a server) keeps between questions.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use yahtzee_advice::Advisor;
use yahtzee_rules::RuleSet;
use yahtzee_table::{store, TargetTable};

use crate::EngineError;

/// One slot per rule set; its own lock makes a second asker wait for a table being built
/// rather than build it again.
type Slots<T> = Mutex<HashMap<&'static str, Arc<Mutex<Option<Arc<T>>>>>>;

/// The value and target tables of every rule set asked about, from one folder, each
/// opened (or solved and written, when missing) on first use.
pub struct Tables {
    dir: PathBuf,
    values: Slots<Advisor>,
    targets: Slots<TargetTable>,
}

impl Tables {
    /// Tables in `dir` (`<rules>.table`, `<rules>.target.table`), or in the default data
    /// folder ([`store::data_dir`]).
    pub fn new(dir: Option<PathBuf>) -> Tables {
        Tables {
            dir: dir.unwrap_or_else(store::data_dir),
            values: Mutex::default(),
            targets: Mutex::default(),
        }
    }

    /// The folder the tables are read from and written to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the value table of `rules` lives.
    pub fn path(&self, rules: &RuleSet) -> PathBuf {
        self.dir.join(format!("{}.table", rules.name))
    }

    /// Where the target table of `rules` lives.
    pub fn target_path(&self, rules: &RuleSet) -> PathBuf {
        self.dir.join(format!("{}.target.table", rules.name))
    }

    /// The advisor over the value table of `rules`, solving it first when missing (about
    /// a second).
    pub fn advisor(&self, rules: &'static RuleSet) -> Result<Arc<Advisor>, EngineError> {
        let path = self.path(rules);
        get(&self.values, rules, || {
            let table = store::load_or_solve(rules, &path, &|_| {}, &|_| {})?;
            Ok(Advisor::new(table))
        })
    }

    /// The target table of `rules`, solving it first when missing (about a minute and
    /// 1 GB on disk for the official rules). Each filled set's checksum is verified when
    /// first read.
    pub fn target(&self, rules: &'static RuleSet) -> Result<Arc<TargetTable>, EngineError> {
        let path = self.target_path(rules);
        get(&self.targets, rules, || {
            Ok(store::load_or_solve_target(rules, &path, &|_| {}, &|_| {})?)
        })
    }

    /// Whether the value table of `rules` is open already (no solve would be needed).
    pub fn is_open(&self, rules: &'static RuleSet) -> bool {
        is_open(&self.values, rules)
    }

    /// Whether the target table of `rules` is open already.
    pub fn is_target_open(&self, rules: &'static RuleSet) -> bool {
        is_open(&self.targets, rules)
    }
}

fn slot<T>(slots: &Slots<T>, rules: &'static RuleSet) -> Arc<Mutex<Option<Arc<T>>>> {
    let mut map = slots.lock().unwrap_or_else(|p| p.into_inner());
    map.entry(rules.name).or_default().clone()
}

fn get<T>(
    slots: &Slots<T>,
    rules: &'static RuleSet,
    open: impl FnOnce() -> Result<T, EngineError>,
) -> Result<Arc<T>, EngineError> {
    let slot = slot(slots, rules);
    let mut held = slot.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = held.as_ref() {
        return Ok(t.clone());
    }
    let t = Arc::new(open()?);
    *held = Some(t.clone());
    Ok(t)
}

fn is_open<T>(slots: &Slots<T>, rules: &'static RuleSet) -> bool {
    let s = slot(slots, rules);
    let held = s.lock().unwrap_or_else(|p| p.into_inner());
    held.is_some()
}
