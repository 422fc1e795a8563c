//! One table opened, or built, at a file the caller names (a command line's `--table` and
//! `--out`): each build checked first against the memory limit and that folder's free disk
//! ([`cost::check`]), then said and reported to the [`crate::Progress`] of the [`Tables`].
//! The tables a [`Tables`] keeps in its own folder are opened through the same functions.

use std::path::Path;
use std::sync::Arc;

use yahtzee_advice::Advisor;
use yahtzee_rules::{RuleSet, COLUMNS};
use yahtzee_table::{store, Table, TableError, TargetTable};
use yahtzee_yahtzix::{Duel, Rules as YahtzixRules};

use super::progress::Watched;
use crate::cost::{self, Budget, Build, Cost};
use crate::{write_companion, EngineError, PlayFor, Tables};

impl Tables {
    /// The advisor over the value table of `rules` from `file` when given
    /// ([`Tables::table_at`]), else this folder's ([`Tables::advisor`]).
    pub fn advisor_from(
        &self,
        rules: &'static RuleSet,
        file: Option<&Path>,
    ) -> Result<Arc<Advisor>, EngineError> {
        match file {
            Some(path) => Ok(Arc::new(Advisor::new(self.table_at(rules, path)?))),
            None => self.advisor(rules),
        }
    }

    /// The target table of `rules` from `file` when given ([`Tables::target_at`]), else
    /// this folder's ([`Tables::target`]).
    pub fn target_from(
        &self,
        rules: &'static RuleSet,
        file: Option<&Path>,
    ) -> Result<Arc<TargetTable>, EngineError> {
        match file {
            Some(path) => Ok(Arc::new(self.target_at(rules, path)?)),
            None => self.target(rules),
        }
    }

    /// The target table of `rules` (the file `table`, else this folder's) when one of
    /// `aims` (the bots of a game or a duel) plays for a target or to win.
    pub fn target_for(
        &self,
        rules: &'static RuleSet,
        mut aims: impl Iterator<Item = yahtzee_play::Aim>,
        table: Option<&Path>,
    ) -> Result<Option<Arc<TargetTable>>, EngineError> {
        if !aims.any(|a| a.needs_target_table()) {
            return Ok(None);
        }
        Ok(Some(self.target_from(rules, table)?))
    }

    /// What `--target T [--target-table P]` or `--opponent CARD...` ask to play for
    /// (refused before any work when these rules cannot take it), with the target table
    /// (the file `target_table`, else this folder's) when a target is asked.
    pub fn play_for(
        &self,
        rules: &'static RuleSet,
        target: Option<u32>,
        target_table: Option<&Path>,
        opponents: &[String],
    ) -> Result<(PlayFor, Option<Arc<TargetTable>>), EngineError> {
        let play_for = PlayFor::asked(target, opponents);
        crate::check_play_for(rules, &play_for)?;
        let table = match target {
            Some(_) => Some(self.target_from(rules, target_table)?),
            None => None,
        };
        Ok((play_for, table))
    }

    /// The value table of `rules` at `path`; when there is none there yet (or one of an
    /// older format), solved and written there first, saying why
    /// ([`store::building_message`]). A damaged or foreign table is an error, not built
    /// over.
    pub fn table_at(&self, rules: &'static RuleSet, path: &Path) -> Result<Table, EngineError> {
        let watched = self.watch_missing(Build::Values(rules), path)?;
        let building = |e: &TableError| self.building(&watched, rules, e, false);
        Ok(store::load_or_solve(rules, path, &building, &|n| {
            watched.advance(n)
        })?)
    }

    /// The target table of `rules` at `path`, solved and written there first when
    /// missing, as [`Tables::table_at`].
    pub fn target_at(
        &self,
        rules: &'static RuleSet,
        path: &Path,
    ) -> Result<TargetTable, EngineError> {
        let watched = self.watch_missing(Build::Target(rules), path)?;
        let building = |e: &TableError| self.building(&watched, rules, e, true);
        Ok(store::load_or_solve_target(rules, path, &building, &|n| {
            watched.advance(n)
        })?)
    }

    /// Solves the value table of `rules` and writes it to `path` (over any table there).
    /// Returns its values.
    pub fn solve_values(
        &self,
        rules: &'static RuleSet,
        path: &Path,
    ) -> Result<Vec<f64>, EngineError> {
        let watched = self.watch(Build::Values(rules), path)?;
        watched.start(filled_sets(rules));
        Ok(store::solve_to(rules, path, &|n| watched.advance(n))?)
    }

    /// Solves the target table of `rules` and writes it to `path`, as
    /// [`Tables::solve_values`].
    pub fn solve_target(&self, rules: &'static RuleSet, path: &Path) -> Result<(), EngineError> {
        let watched = self.watch(Build::Target(rules), path)?;
        watched.start(filled_sets(rules));
        Ok(store::solve_target_to(rules, path, &|n| {
            watched.advance(n)
        })?)
    }

    /// Builds the companion table of `rules` over its value table (this folder's, opened
    /// or solved first) and writes it to `path`.
    pub fn solve_companion(&self, rules: &'static RuleSet, path: &Path) -> Result<(), EngineError> {
        let advisor = self.advisor(rules)?;
        let watched = self.watch(Build::Companion(rules), path)?;
        watched.start(rules.box_count() as u64);
        write_companion(advisor.table(), path, &|n| watched.advance(n))
    }

    /// The solved two-player Yahtzix game of `rules` as a command line opens it
    /// ([`crate::yahtzix::open_or_solve`]): from the file `table` when given, else from
    /// this folder's cache, solved and written when missing, saying what it costs.
    pub fn yahtzix_at(
        &self,
        rules: &YahtzixRules,
        table: Option<&Path>,
    ) -> Result<Duel, EngineError> {
        let watched = Watched::new(&*self.progress, Build::Yahtzix(*rules));
        let say = |message: &str| self.progress.say(message);
        let progress = |done, total| watched.reach(done, total);
        crate::yahtzix::open_or_solve(rules, table, self.dir(), &say, &progress)
    }

    /// Says why `rules`' value table (`target`: its target table) is built, which failed
    /// to open with `e`, folded within 80 columns; its solve starts.
    fn building(&self, watched: &Watched, rules: &RuleSet, e: &TableError, target: bool) {
        let message = store::building_message(rules, e, target);
        self.progress
            .say(yahtzee_rules::wrap(&message, COLUMNS, "  ").trim_end());
        watched.start(filled_sets(rules));
    }

    /// `build` into `path`, checked: refused before it starts when past the memory limit
    /// or the free disk of the folder of `path`.
    fn watch(&self, build: Build, path: &Path) -> Result<Watched<'_>, EngineError> {
        self.check_at(&build, path)?;
        Ok(Watched::new(&*self.progress, build))
    }

    /// `build` into `path`, checked only when there is no file there yet (a solve is
    /// coming).
    fn watch_missing(&self, build: Build, path: &Path) -> Result<Watched<'_>, EngineError> {
        if !path.exists() {
            self.check_at(&build, path)?;
        }
        Ok(Watched::new(&*self.progress, build))
    }

    /// Refuses `build` when its estimate is past the memory limit or the free disk of
    /// the folder of `path`.
    pub(crate) fn check_at(&self, build: &Build, path: &Path) -> Result<Cost, EngineError> {
        let budget = Budget {
            memory: self.memory_limit(),
            disk_free: cost::free_disk(yahtzee_table::atomic::folder_of(path)),
        };
        cost::check(build, &budget)
    }
}

/// The steps of a value or target table's solve: its filled sets, one report each.
fn filled_sets(rules: &RuleSet) -> u64 {
    1 << rules.box_count()
}
