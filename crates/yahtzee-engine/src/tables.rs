//! Tables opened once per rule set and shared: what a long-lived host (a Python session,
//! a C program, a server) keeps between questions. Each build is said and its work
//! reported to a [`Progress`] (a command line's progress bar, [`Tables::with_progress`]);
//! `files` opens or builds one table at a file the caller names (`--table`, `--out`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use yahtzee_advice::Advisor;
use yahtzee_rules::RuleSet;
use yahtzee_table::{store, CompanionTable, TargetTable};
use yahtzee_triple::{Kind, Player, Variant};

use crate::cost::{self, Budget, Build, Cost};
use crate::game_tables::{get, is_open, triple_key, triple_values, GameTables, Slots};
use crate::EngineError;
use progress::Watched;
pub use progress::{Progress, Silent};

mod files;
mod progress;

/// The value and target tables of every rule set asked about, from one folder, each
/// opened (or solved and written, when missing) on first use; the Triple Yahtzee players
/// (over the official table), the solved Yahtzix games and the Painted Yahtzee strategies
/// the same way.
pub struct Tables {
    dir: PathBuf,
    values: Slots<Advisor>,
    targets: Slots<TargetTable>,
    companions: Slots<CompanionTable>,
    triple: Slots<Player>,
    yahtzix: Slots<crate::yahtzix::Played>,
    three: Slots<yahtzee_yahtzix::trio::Trio>,
    painted: Slots<yahtzee_painted::advice::Advisor>,
    memory_limit: u64,
    /// Whether a question may solve a three-player Yahtzix game on its own thread (not in
    /// a server, which builds it through its queue: [`Tables::prepare`]).
    three_on_request: bool,
    /// Hears every build: why it starts, and its work as it is done.
    pub(crate) progress: Box<dyn Progress>,
}

/// Builds the companion table over the value table `table` (where each state's expected
/// score comes from, docs/EXPLAIN.md) and writes it to `path` atomically; `progress` hears
/// each level done (the number of boxes in all). The caller checks its cost first.
pub fn write_companion(
    table: &yahtzee_table::Table,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), EngineError> {
    let values = yahtzee_advice::TableValues(table);
    let strategy = yahtzee_advice::Strategy::new(table.rules(), &values);
    let companion = yahtzee_stats::Companion::solve(&strategy, progress);
    yahtzee_table::write_companion_table(path, table.rules(), companion.values())?;
    Ok(())
}

/// The companion table beside the value table `table` (`<rules>.companion.table` in its
/// folder, as [`Tables::companion`] keeps it), built there first when missing, its cost
/// checked against the default memory limit and the folder's free disk: for a host that
/// opened a table from its own path (Python's `Table.open`, C's `yz_table_open`).
pub fn companion_beside(table: &yahtzee_table::Table) -> Result<CompanionTable, EngineError> {
    let rules = table.rules();
    let dir = yahtzee_table::atomic::folder_of(table.path());
    let path = dir.join(format!("{}.companion.table", rules.name));
    match CompanionTable::open(&path, rules) {
        Err(e) if store::should_build(&e) => {}
        opened => return Ok(opened?),
    }
    cost::check(&Build::Companion(rules), &Budget::for_dir(dir))?;
    write_companion(table, &path, &|_| {})?;
    Ok(CompanionTable::open(&path, rules)?)
}

/// What is said as the companion table of `rules`, which failed to open with `e`, is
/// built: on a first run (no file yet) with about the time it takes, for an old table with
/// the reason it is built again.
fn companion_message(rules: &'static RuleSet, e: &yahtzee_table::TableError) -> String {
    let secs = (Build::Companion(rules).cost().cpu_seconds / 2.0).max(1.0);
    let name = rules.name;
    if store::is_missing(e) {
        format!("Building the companion table of {name} (once, about {secs:.0} s)...")
    } else {
        format!("Building the companion table of {name} again (about {secs:.0} s): {e}")
    }
}

/// Where what a build makes stands in a [`Tables`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// Open: answering from it reads no file and solves nothing.
    InMemory,
    /// Its files are in the data folder: opening them costs its held memory, no solve.
    OnDisk,
    /// Not built: a solve is needed.
    Missing,
}

impl Tables {
    /// Tables in `dir` (`<rules>.table`, `<rules>.target.table`), or in the default data
    /// folder ([`store::data_dir`]).
    pub fn new(dir: Option<PathBuf>) -> Tables {
        Tables {
            dir: dir.unwrap_or_else(store::data_dir),
            values: Mutex::default(),
            targets: Mutex::default(),
            companions: Mutex::default(),
            triple: Mutex::default(),
            yahtzix: Mutex::default(),
            three: Mutex::default(),
            painted: Mutex::default(),
            memory_limit: yahtzee_advice::win::default_memory_limit(),
            three_on_request: true,
            progress: Box::new(Silent),
        }
    }

    /// These tables with each build said and its work reported to `progress` (default:
    /// [`Silent`]): a command line's progress bar.
    pub fn with_progress(mut self, progress: impl Progress + 'static) -> Tables {
        self.progress = Box::new(progress);
        self
    }

    /// These tables where questions never solve a three-player Yahtzix game themselves:
    /// they use one once [`Tables::prepare`] has built it, and estimate until then.
    pub fn without_three_on_request(mut self) -> Tables {
        self.three_on_request = false;
        self
    }

    /// These tables with a build's peak memory bounded by `bytes` (default:
    /// [`yahtzee_advice::win::default_memory_limit`]); a build past it, or past the data
    /// folder's free disk, is refused before it starts ([`cost::check`]).
    pub fn with_memory_limit(mut self, bytes: u64) -> Tables {
        self.memory_limit = bytes;
        self
    }

    /// Sets the memory limit of [`Tables::with_memory_limit`].
    pub fn set_memory_limit(&mut self, bytes: u64) {
        self.memory_limit = bytes;
    }

    /// The memory limit a build is checked against.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// Refuses `build` when its estimate is past the memory limit or the free disk.
    pub fn check(&self, build: &Build) -> Result<Cost, EngineError> {
        let budget = Budget {
            memory: self.memory_limit,
            disk_free: cost::free_disk(&self.dir),
        };
        cost::check(build, &budget)
    }

    /// The files `build` writes in the data folder.
    pub fn files(&self, build: &Build) -> Vec<PathBuf> {
        match build {
            Build::Values(r) => vec![self.path(r)],
            Build::Target(r) => vec![self.target_path(r)],
            Build::Companion(r) => vec![self.companion_path(r)],
            Build::Triple(..) => Vec::new(),
            Build::Yahtzix(r) => vec![self.yahtzix_path(r)],
            Build::YahtzixThree(_) => Vec::new(),
            Build::Painted(g) => {
                yahtzee_painted::approx::Valuer::tables_for(g, crate::painted::EXACT_LIMIT)
                    .iter()
                    .map(|g| crate::painted::table_path(&self.dir, g))
                    .collect()
            }
        }
    }

    /// Where `build` stands: open, on disk, or missing.
    pub fn locate(&self, build: &Build) -> Where {
        let open = match build {
            Build::Values(r) => self.is_open(r),
            Build::Target(r) => self.is_target_open(r),
            Build::Companion(r) => is_open(&self.companions, r.name),
            Build::Triple(v, k) => self.is_triple_open(*v, *k),
            Build::Yahtzix(r) => self.is_yahtzix_open(r),
            Build::YahtzixThree(r) => is_open(&self.three, &r.name()),
            Build::Painted(g) => self.is_painted_open(g),
        };
        if open {
            Where::InMemory
        } else if matches!(build, Build::Triple(..) | Build::YahtzixThree(_)) {
            // Built in memory from other tables (their own builds): never on disk.
            Where::Missing
        } else if self.files(build).iter().all(|p| p.exists()) {
            Where::OnDisk
        } else {
            Where::Missing
        }
    }

    /// Opens `build`, or builds it first (checked: [`Tables::check`]).
    pub fn prepare(&self, build: &Build) -> Result<(), EngineError> {
        match build {
            Build::Values(r) => self.advisor(r).map(drop),
            Build::Target(r) => self.target(r).map(drop),
            Build::Companion(r) => self.companion(r).map(drop),
            Build::Triple(v, k) => self.triple_player(*v, *k).map(drop),
            Build::Yahtzix(r) => self.yahtzix(r).map(drop),
            Build::YahtzixThree(r) => self.three(r).map(drop),
            Build::Painted(g) => self.painted_advisor(g).map(drop),
        }
    }

    /// Checks `build` when its files are not all in the data folder yet (a solve is
    /// coming).
    fn check_if_missing(&self, build: &Build) -> Result<(), EngineError> {
        if self.files(build).iter().any(|p| !p.exists()) {
            self.check(build)?;
        }
        Ok(())
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

    /// Where the companion table of `rules` lives.
    pub fn companion_path(&self, rules: &RuleSet) -> PathBuf {
        self.dir.join(format!("{}.companion.table", rules.name))
    }

    /// The companion table of `rules` (where the expected score comes from), built from
    /// its value table (opened, or solved first) and written beside it when missing (or
    /// of an older format), saying so.
    pub fn companion(&self, rules: &'static RuleSet) -> Result<Arc<CompanionTable>, EngineError> {
        let path = self.companion_path(rules);
        get(&self.companions, rules.name, || {
            match CompanionTable::open(&path, rules) {
                Err(e) if store::should_build(&e) => {
                    self.progress.say(&companion_message(rules, &e))
                }
                opened => return Ok(opened?),
            }
            self.solve_companion(rules, &path)?;
            Ok(CompanionTable::open(&path, rules)?)
        })
    }

    /// The advisor over the value table of `rules`, solving it first when missing (about
    /// a second).
    pub fn advisor(&self, rules: &'static RuleSet) -> Result<Arc<Advisor>, EngineError> {
        let path = self.path(rules);
        get(&self.values, rules.name, || {
            Ok(Advisor::new(self.table_at(rules, &path)?))
        })
    }

    /// The target table of `rules`, solving it first when missing (about a minute and
    /// 1 GB on disk for the official rules). Each filled set's checksum is verified when
    /// first read.
    pub fn target(&self, rules: &'static RuleSet) -> Result<Arc<TargetTable>, EngineError> {
        let path = self.target_path(rules);
        get(&self.targets, rules.name, || self.target_at(rules, &path))
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
            self.check(&Build::Triple(variant, kind))?;
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
            self.check_if_missing(&Build::Yahtzix(*rules))?;
            let watched = Watched::new(&*self.progress, Build::Yahtzix(*rules));
            let say = || {
                self.progress
                    .say(&crate::yahtzix::building_message(rules, &path))
            };
            let progress = |done, total| watched.reach(done, total);
            let duel = crate::yahtzix::load_or_solve(rules, &path, true, &say, &progress)?;
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
            self.check_if_missing(&Build::Painted(game.clone()))?;
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

impl Tables {
    /// The three-player Yahtzix game of `rules`, solved once (checked: [`Tables::check`])
    /// and kept in memory.
    pub fn three(
        &self,
        rules: &yahtzee_yahtzix::Rules,
    ) -> Result<Arc<yahtzee_yahtzix::trio::Trio>, EngineError> {
        get(&self.three, &rules.name(), || {
            self.check(&Build::YahtzixThree(*rules))?;
            Ok(yahtzee_yahtzix::trio::Trio::solve(rules)?)
        })
    }
}

impl GameTables for Tables {
    fn triple_player(&self, variant: Variant, kind: Kind) -> Result<Arc<Player>, EngineError> {
        Tables::triple_player(self, variant, kind)
    }

    fn yahtzix(
        &self,
        rules: &yahtzee_yahtzix::Rules,
    ) -> Result<Arc<crate::yahtzix::Played>, EngineError> {
        Tables::yahtzix(self, rules)
    }

    fn painted_advisor(
        &self,
        game: &yahtzee_painted::Game,
    ) -> Result<Arc<yahtzee_painted::advice::Advisor>, EngineError> {
        Tables::painted_advisor(self, game)
    }

    fn yahtzix_three(
        &self,
        rules: &yahtzee_yahtzix::Rules,
    ) -> Result<Option<Arc<yahtzee_yahtzix::trio::Trio>>, EngineError> {
        if !crate::yahtzix::three_fits(rules, self.memory_limit) {
            return Ok(None);
        }
        if !self.three_on_request && !is_open(&self.three, &rules.name()) {
            return Ok(None);
        }
        self.three(rules).map(Some)
    }
}
