//! Where tables live, and building one (with a progress bar) when it is missing.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use yahtzee_rules::RuleSet;
use yahtzee_table::{Table, TableError, TargetTable};

/// The folder for cached tables: `$YAHTZEE_DATA_DIR`, else this checkout's `data/` folder
/// when it still exists, else `./data`.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("YAHTZEE_DATA_DIR") {
        return PathBuf::from(dir);
    }
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    if checkout.is_dir() {
        checkout
    } else {
        PathBuf::from("data")
    }
}

/// The default table path of a rule set: `<data dir>/<rules>.table`.
pub fn default_path(rules: &RuleSet) -> PathBuf {
    data_dir().join(format!("{}.table", rules.name))
}

/// The default target-table path of a rule set: `<data dir>/<rules>.target.table`.
pub fn default_target_path(rules: &RuleSet) -> PathBuf {
    data_dir().join(format!("{}.target.table", rules.name))
}

/// True when a table should be (re)built rather than reported: there is none yet, or it
/// was written by an older version of this program (tables are derived data).
fn rebuild(e: &TableError) -> bool {
    match e {
        TableError::Open { io, .. } => io.kind() == std::io::ErrorKind::NotFound,
        TableError::Version {
            found, expected, ..
        } => found < expected,
        _ => false,
    }
}

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
    let bar = progress_bar(rules, quiet);
    let start = Instant::now();
    let values = yahtzee_solver::solve(rules, &|n| bar.inc(n));
    let secs = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    yahtzee_table::write_table(path, rules, &values)?;
    Ok((values, secs))
}

/// Opens the table at `path`; if there is no file there yet (or one of an older format),
/// builds it first.
pub fn open_or_build(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<Table> {
    match Table::open(path, rules) {
        Err(e) if rebuild(&e) => {
            if !quiet {
                eprintln!(
                    "no usable table at {} ({e}): solving '{}' once (about a second)",
                    path.display(),
                    rules.name
                );
            }
            build(rules, path, quiet)?;
            Table::open(path, rules).with_context(|| format!("reopening {}", path.display()))
        }
        other => Ok(other?),
    }
}

/// Solves the target table of `rules` with a progress bar and writes it to `path`.
/// Returns P(total >= t) from the empty card for a few targets, and the solve time.
pub fn build_target(rules: &'static RuleSet, path: &Path, quiet: bool) -> Result<f64> {
    let bar = progress_bar(rules, quiet);
    bar.set_message(format!("{} (target table)", rules.name));
    let start = Instant::now();
    let table = yahtzee_solver::solve_target(rules, &|n| bar.inc(n));
    let secs = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    yahtzee_table::write_target_table(path, rules, &table.offsets, &table.values)?;
    Ok(secs)
}

/// Opens the target table at `path`; if there is none yet (or one of an older format),
/// builds it first (about a minute on two cores for the official rules).
pub fn open_or_build_target(
    rules: &'static RuleSet,
    path: &Path,
    quiet: bool,
) -> Result<TargetTable> {
    match TargetTable::open(path, rules) {
        Err(e) if rebuild(&e) => {
            if !quiet {
                eprintln!(
                    "no usable target table at {} ({e}): solving '{}' for every target once (about a minute, 1 GB on disk)",
                    path.display(),
                    rules.name
                );
            }
            build_target(rules, path, quiet)?;
            TargetTable::open(path, rules).with_context(|| format!("reopening {}", path.display()))
        }
        other => Ok(other?),
    }
}

/// A progress bar counting `what` on stderr; hidden with `quiet`.
pub fn plain_bar(quiet: bool, len: u64, what: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template =
        format!("{{bar:40}} {{human_pos}}/{{human_len}} {what}, {{per_sec}}, eta {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("valid template"));
    bar
}
