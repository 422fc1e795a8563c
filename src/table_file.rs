//! Where tables live, and building one (with a progress bar) when it is missing.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use yahtzee_engine::cost::{Budget, Build};
use yahtzee_rules::RuleSet;
use yahtzee_table::{store, Table, TableError, TargetTable};

pub use yahtzee_table::store::{default_path, default_target_path};

/// A progress bar on stderr for a solve; hidden with `quiet` or when stderr is not a terminal.
pub fn progress_bar(rules: &RuleSet, quiet: bool) -> ProgressBar {
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
    bar.set_message(rules.name);
    bar
}

/// Solves `rules` with a progress bar and writes the table to `path`. Returns the values.
pub fn build(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<(Vec<f64>, f64)> {
    check(Build::Values(rules), path)?;
    let bar = progress_bar(rules, quiet);
    let start = Instant::now();
    let values = store::solve_to(rules, path, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok((values, start.elapsed().as_secs_f64()))
}

/// Refuses a build in one line, before it starts, when its estimate is past the memory
/// limit (`YAHTZEE_MEMORY_LIMIT`, else half the machine's) or the free disk at `path`.
fn check(build: Build, path: &Path) -> Result<()> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let budget = Budget::for_dir(folder.unwrap_or(Path::new(".")));
    yahtzee_engine::cost::check(&build, &budget)?;
    Ok(())
}

/// Opens the table at `path`; if there is no file there yet (or one of an older format),
/// builds it first, saying so: on a first run in a few words with the time it takes, for
/// an old table with the reason it is built again. (A damaged or foreign table is an
/// error, not built over: `store::load_or_solve`.)
pub fn open_or_build(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<Table> {
    if !path.exists() {
        check(Build::Values(rules), path)?;
    }
    let bar = progress_bar(rules, quiet);
    let building = |e: &TableError| {
        if !quiet {
            say(store::building_message(rules, e, false));
        }
    };
    let table = store::load_or_solve(rules, path, &building, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok(table)
}

/// Solves the target table of `rules` with a progress bar and writes it to `path`.
/// Returns the solve time.
pub fn build_target(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<f64> {
    check(Build::Target(rules), path)?;
    let bar = progress_bar(rules, quiet);
    bar.set_message(format!("{} (target table)", rules.name));
    let start = Instant::now();
    store::solve_target_to(rules, path, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok(start.elapsed().as_secs_f64())
}

/// Opens the target table at `path`; if there is none yet (or one of an older format),
/// builds it first (about 40 s on two cores for the official rules), saying so.
pub fn open_or_build_target(
    rules: &'static RuleSet,
    path: &Path,
    quiet: bool,
) -> Result<TargetTable> {
    if !path.exists() {
        check(Build::Target(rules), path)?;
    }
    let bar = progress_bar(rules, quiet);
    bar.set_message(format!("{} (target table)", rules.name));
    let building = |e: &TableError| {
        if !quiet {
            say(store::building_message(rules, e, true));
        }
    };
    let table = store::load_or_solve_target(rules, path, &building, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    Ok(table)
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
    use yahtzee_engine::PlayFor;
    yahtzee_engine::check_play_for(
        rules,
        &match target {
            Some(t) => PlayFor::Target(t),
            None if !opponents.is_empty() => PlayFor::Win(opponents.to_vec()),
            None => PlayFor::Expected,
        },
    )?;
    Ok(match target {
        Some(t) => {
            let path = target_table.map_or_else(|| default_target_path(rules), Path::to_path_buf);
            (
                PlayFor::Target(t),
                Some(open_or_build_target(rules, &path, quiet)?),
            )
        }
        None if !opponents.is_empty() => (PlayFor::Win(opponents.to_vec()), None),
        None => (PlayFor::Expected, None),
    })
}

/// A message on stderr, folded within 80 columns.
fn say(message: String) {
    eprint!(
        "{}",
        yahtzee_rules::wrap(&message, yahtzee_rules::COLUMNS, "  ")
    );
}
