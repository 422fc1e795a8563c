//! Where tables live, and building one (with a progress bar) when it is missing.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use yahtzee_engine::cost::{Budget, Build};
use yahtzee_play::Aim;
use yahtzee_rules::{RuleSet, COLUMNS};
use yahtzee_table::{store, CompanionTable, Table, TableError, TargetTable};
use yahtzee_yahtzix::{Duel, Rules as YahtzixRules};

pub use yahtzee_table::store::{default_path, default_target_path};

/// Where the companion table of `rules` lives by default: beside its value table.
pub fn default_companion_path(rules: &RuleSet) -> std::path::PathBuf {
    default_path(rules).with_extension("companion.table")
}

/// A progress bar on stderr for a solve of `rules` (`target`: its target table); hidden with
/// `quiet` or when stderr is not a terminal.
pub fn progress_bar(rules: &RuleSet, target: bool, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(1 << rules.box_count());
    bar.set_style(
        ProgressStyle::with_template(
            "solving {msg} {bar:40} {percent:>3}% of scorecards, {elapsed}",
        )
        .expect("valid template"),
    );
    match target {
        true => bar.set_message(format!("{} (target table)", rules.name)),
        false => bar.set_message(rules.name),
    }
    bar
}

/// Solves `rules` with a progress bar and writes the table to `path`. Returns the values.
pub fn build(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<(Vec<f64>, f64)> {
    check(Build::Values(rules), path)?;
    let bar = progress_bar(rules, false, quiet);
    let start = Instant::now();
    let values = store::solve_to(rules, path, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok((values, start.elapsed().as_secs_f64()))
}

/// Builds the companion table of `rules` over its value table (opened, or solved first)
/// with a progress bar, writes it to `path`, and says so.
pub fn build_companion(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<String> {
    let table = open_or_build(rules, None, quiet)?;
    check(Build::Companion(rules), path)?;
    let (bar, start) = (progress_bar(rules, false, quiet), Instant::now());
    bar.set_length(rules.box_count() as u64);
    yahtzee_engine::write_companion(&table, path, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    // Its reader checks it when it is opened (open_or_build_companion, Tables::companion).
    let bytes = std::fs::metadata(path)?.len();
    let secs = start.elapsed().as_secs_f64();
    Ok(format!(
        "{}: companion table in {secs:.1} s, {bytes} bytes: {}\n",
        rules.name,
        path.display()
    ))
}

/// Opens the companion table of `rules` from the data folder, building it first when
/// missing (saying so, with its cost).
pub fn open_or_build_companion(rules: &'static RuleSet, quiet: bool) -> Result<CompanionTable> {
    let path = default_companion_path(rules);
    if !path.exists() {
        let secs = (Build::Companion(rules).cost().cpu_seconds / 2.0).max(1.0);
        if !quiet {
            let name = rules.name;
            eprintln!("Building the companion table of {name} (once, about {secs:.0} s)...");
        }
        build_companion(rules, &path, quiet)?;
    }
    Ok(CompanionTable::open(&path, rules)?)
}

/// Refuses a build in one line, before it starts, when its estimate is past the memory
/// limit (`YAHTZEE_MEMORY_LIMIT`, else half the machine's) or the free disk at `path`.
fn check(build: Build, path: &Path) -> Result<()> {
    let budget = Budget::for_dir(yahtzee_table::atomic::folder_of(path));
    yahtzee_engine::cost::check(&build, &budget)?;
    Ok(())
}

/// Opens the table of `rules` at `path` (default: the data folder's); if there is no file
/// there yet (or one of an older format), builds it first, saying so: on a first run in a
/// few words with the time it takes, for an old table with the reason it is built again.
/// (A damaged or foreign table is an error, not built over: `store::load_or_solve`.)
pub fn open_or_build(rules: &'static RuleSet, path: Option<&Path>, quiet: bool) -> Result<Table> {
    let path = path.map_or_else(|| default_path(rules), Path::to_path_buf);
    let bar = || progress_bar(rules, false, quiet);
    open(rules, false, &path, quiet, bar, |building, progress| {
        store::load_or_solve(rules, &path, building, progress)
    })
}

/// Opens the target table of `rules` at `path` (default: the data folder's); if there is
/// none yet (or one of an older format), builds it first (about 40 s on two cores for the
/// official rules), saying so.
pub fn open_or_build_target(
    rules: &'static RuleSet,
    path: Option<&Path>,
    quiet: bool,
) -> Result<TargetTable> {
    let path = path.map_or_else(|| default_target_path(rules), Path::to_path_buf);
    let bar = || progress_bar(rules, true, quiet);
    open(rules, true, &path, quiet, bar, |building, progress| {
        store::load_or_solve_target(rules, &path, building, progress)
    })
}

/// Solves the target table of `rules` with a progress bar and writes it to `path`.
/// Returns the solve time.
pub fn build_target(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<f64> {
    check(Build::Target(rules), path)?;
    let bar = progress_bar(rules, true, quiet);
    let start = Instant::now();
    store::solve_target_to(rules, path, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok(start.elapsed().as_secs_f64())
}

/// The table (the `target` table) of `rules` that `load` opens or builds at `path`: the
/// build checked first when there is no file, the reason for building said on stderr,
/// the `bar` drawn while it runs.
fn open<T>(
    rules: &'static RuleSet,
    target: bool,
    path: &Path,
    quiet: bool,
    bar: impl FnOnce() -> ProgressBar,
    load: impl FnOnce(&dyn Fn(&TableError), &(dyn Fn(u64) + Sync)) -> Result<T, TableError>,
) -> Result<T> {
    if !path.exists() {
        check(
            if target {
                Build::Target(rules)
            } else {
                Build::Values(rules)
            },
            path,
        )?;
    }
    let bar = bar();
    // Said on stderr, folded within 80 columns.
    let building = |e: &TableError| {
        if !quiet {
            let message = store::building_message(rules, e, target);
            eprint!("{}", yahtzee_rules::wrap(&message, COLUMNS, "  "));
        }
    };
    let table = load(&building, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok(table)
}

/// The target table of `rules` (at `path`, else the default place; opened, or built) when
/// one of `aims` plays for a target or to win.
pub fn target_for(
    rules: &'static RuleSet,
    mut aims: impl Iterator<Item = Aim>,
    path: Option<&Path>,
    quiet: bool,
) -> Result<Option<TargetTable>> {
    if !aims.any(|a| a.needs_target_table()) {
        return Ok(None);
    }
    Ok(Some(open_or_build_target(rules, path, quiet)?))
}

/// The solved two-player Yahtzix game of `rules` (from `table`, else the data folder), with
/// a progress bar while it is solved.
pub fn yahtzix(rules: &YahtzixRules, table: Option<&Path>, quiet: bool) -> Result<Duel> {
    let bar = bar(
        quiet,
        1,
        "solving {msg} {bar:40} {percent:>3}%, {elapsed}, eta {eta}",
    );
    // Drawn from the first report on, after the message `say` prints.
    let progress = |done: u64, total: u64| {
        if bar.length() != Some(total) {
            bar.set_message(format!("Yahtzix {}", rules.name()));
            bar.set_length(total);
        }
        bar.set_position(done);
    };
    let dir = yahtzee_table::store::data_dir();
    let duel = yahtzee_engine::yahtzix::open_or_solve(rules, table, &dir, &say(quiet), &progress);
    bar.finish_and_clear();
    Ok(duel?)
}

/// Prints a message on stderr, unless `quiet`.
pub fn say(quiet: bool) -> impl Fn(&str) {
    move |message| {
        if !quiet {
            eprintln!("{message}");
        }
    }
}

/// A progress bar on stderr with this `template`; hidden with `quiet`.
pub fn bar(quiet: bool, len: u64, template: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
    bar
}

/// A progress bar counting `what` on stderr; hidden with `quiet`.
pub fn plain_bar(quiet: bool, len: u64, what: &str) -> ProgressBar {
    let template =
        format!("{{bar:40}} {{human_pos}}/{{human_len}} {what}, {{per_sec}}, eta {{eta}}");
    bar(quiet, len, &template)
}

/// What `--target T [--target-table P]` or `--opponent CARD...` ask to play for, with the
/// target table opened (or built) when a target is asked.
pub fn play_for(
    rules: &'static RuleSet,
    target: Option<u32>,
    target_table: Option<&Path>,
    opponents: &[String],
    quiet: bool,
) -> Result<(yahtzee_engine::PlayFor, Option<TargetTable>)> {
    let play_for = yahtzee_engine::PlayFor::asked(target, opponents);
    yahtzee_engine::check_play_for(rules, &play_for)?;
    let table = match target {
        Some(_) => Some(open_or_build_target(rules, target_table, quiet)?),
        None => None,
    };
    Ok((play_for, table))
}
