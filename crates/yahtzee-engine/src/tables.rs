//! Tables opened once per rule set and shared: what a long-lived host (a Python session,
//! a C program, a server) keeps between questions.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use yahtzee_advice::Advisor;
use yahtzee_rules::RuleSet;
use yahtzee_table::{store, TargetTable};
use yahtzee_triple::{Kind, Player, Variant};

use crate::EngineError;

/// One slot per rule set; its own lock makes a second asker wait for a table being built
/// rather than build it again.
type Slots<T> = Mutex<HashMap<String, Arc<Mutex<Option<Arc<T>>>>>>;

/// The value and target tables of every rule set asked about, from one folder, each
/// opened (or solved and written, when missing) on first use; the Triple Yahtzee players
/// (over the official table), the solved Yahtzix games and the Painted Yahtzee strategies
/// the same way.
pub struct Tables {
    dir: PathBuf,
    values: Slots<Advisor>,
    targets: Slots<TargetTable>,
    triple: Slots<Player>,
    yahtzix: Slots<crate::yahtzix::Played>,
    painted: Slots<yahtzee_painted::advice::Advisor>,
}

impl Tables {
    /// Tables in `dir` (`<rules>.table`, `<rules>.target.table`), or in the default data
    /// folder ([`store::data_dir`]).
    pub fn new(dir: Option<PathBuf>) -> Tables {
        Tables {
            dir: dir.unwrap_or_else(store::data_dir),
            values: Mutex::default(),
            targets: Mutex::default(),
            triple: Mutex::default(),
            yahtzix: Mutex::default(),
            painted: Mutex::default(),
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
        get(&self.values, rules.name, || {
            let table = store::load_or_solve(rules, &path, &|_| {}, &|_| {})?;
            Ok(Advisor::new(table))
        })
    }

    /// The target table of `rules`, solving it first when missing (about a minute and
    /// 1 GB on disk for the official rules). Each filled set's checksum is verified when
    /// first read.
    pub fn target(&self, rules: &'static RuleSet) -> Result<Arc<TargetTable>, EngineError> {
        let path = self.target_path(rules);
        get(&self.targets, rules.name, || {
            Ok(store::load_or_solve_target(rules, &path, &|_| {}, &|_| {})?)
        })
    }

    /// Whether the value table of `rules` is open already (no solve would be needed).
    pub fn is_open(&self, rules: &'static RuleSet) -> bool {
        is_open(&self.values, rules.name)
    }

    /// Whether the target table of `rules` is open already.
    pub fn is_target_open(&self, rules: &'static RuleSet) -> bool {
        is_open(&self.targets, rules.name)
    }

    /// The Triple Yahtzee player of `variant` with strategy `kind`, over the official
    /// rules' value table (solved first when missing).
    pub fn triple_player(&self, variant: Variant, kind: Kind) -> Result<Arc<Player>, EngineError> {
        get(&self.triple, &triple_key(variant, kind), || {
            let rules = RuleSet::by_name("forced").expect("the official rules");
            let advisor = self.advisor(rules)?;
            let values = triple_values(advisor.table());
            Ok(yahtzee_triple::standard_player(variant, kind, values))
        })
    }

    /// Whether that player is ready.
    pub fn is_triple_open(&self, variant: Variant, kind: Kind) -> bool {
        is_open(&self.triple, &triple_key(variant, kind))
    }

    /// Where the solved Yahtzix game of `rules` is cached.
    pub fn yahtzix_path(&self, rules: &yahtzee_yahtzix::Rules) -> PathBuf {
        crate::yahtzix::cache_path(&self.dir, rules)
    }

    /// The solved two-player Yahtzix game of `rules`, read from its cache file or solved
    /// and written there (about 20 s at 2,000 on two cores).
    pub fn yahtzix(
        &self,
        rules: &yahtzee_yahtzix::Rules,
    ) -> Result<Arc<crate::yahtzix::Played>, EngineError> {
        let path = self.yahtzix_path(rules);
        get(&self.yahtzix, &rules.name(), || {
            let duel = crate::yahtzix::load_or_solve(rules, &path, true, &|| {}, &|_, _| {})?;
            Ok(crate::yahtzix::Played::new(duel))
        })
    }

    /// Whether that game is in memory.
    pub fn is_yahtzix_open(&self, rules: &yahtzee_yahtzix::Rules) -> bool {
        is_open(&self.yahtzix, &rules.name())
    }
}

impl Tables {
    /// The Painted Yahtzee strategy of `game` (`crate::painted`), built once: its tables
    /// read from the data folder, or solved and written there (about 1.4 s for the full
    /// game's two halves on two cores, the first time).
    pub fn painted_advisor(
        &self,
        game: &yahtzee_painted::Game,
    ) -> Result<Arc<yahtzee_painted::advice::Advisor>, EngineError> {
        get(&self.painted, game.name(), || {
            Ok(crate::painted::advisor(
                &self.dir,
                game,
                &crate::painted::notice_on_stderr,
            ))
        })
    }

    /// Whether that strategy is in memory.
    pub fn is_painted_open(&self, game: &yahtzee_painted::Game) -> bool {
        is_open(&self.painted, game.name())
    }
}

fn triple_key(variant: Variant, kind: Kind) -> String {
    format!("{}/{}", variant.name(), kind.name())
}

/// A table's values in state order, as the Triple Yahtzee valuer reads them.
pub fn triple_values(table: &yahtzee_table::Table) -> Arc<Vec<f64>> {
    let rules = table.rules();
    Arc::new(
        (0..rules.state_count())
            .map(|i| table.value_at(i))
            .collect(),
    )
}

fn slot<T>(slots: &Slots<T>, key: &str) -> Arc<Mutex<Option<Arc<T>>>> {
    let mut map = slots.lock().unwrap_or_else(|p| p.into_inner());
    map.entry(key.to_string()).or_default().clone()
}

fn get<T>(
    slots: &Slots<T>,
    key: &str,
    open: impl FnOnce() -> Result<T, EngineError>,
) -> Result<Arc<T>, EngineError> {
    let slot = slot(slots, key);
    let mut held = slot.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = held.as_ref() {
        return Ok(t.clone());
    }
    let t = Arc::new(open()?);
    *held = Some(t.clone());
    Ok(t)
}

fn is_open<T>(slots: &Slots<T>, key: &str) -> bool {
    let s = slot(slots, key);
    let held = s.lock().unwrap_or_else(|p| p.into_inner());
    held.is_some()
}
