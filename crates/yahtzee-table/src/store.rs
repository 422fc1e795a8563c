//! Where tables live, and building one when it is missing: the one policy the command
//! line, the Python package and the C library share.

use std::path::{Path, PathBuf};

use yahtzee_rules::RuleSet;
use yahtzee_solver::MAX_POINTS_MEGA_BONUS;

use crate::{write_table, write_target_table, Table, TableError, TargetTable};

/// The folder for cached tables, in this order:
///
/// 1. `$YAHTZEE_DATA_DIR`, when set and not empty;
/// 2. the `data/` folder of the source checkout this was built from, when the running
///    program is that checkout's own build (its executable lies inside the checkout, as
///    with `cargo run`, `target/release/yahtzee` or the test binaries), so developers keep
///    their tables beside the code, where the scripts and benchmarks look;
/// 3. the platform's cache folder: `$XDG_CACHE_HOME/yahtzee` or `~/.cache/yahtzee` on
///    Linux, `~/Library/Caches/yahtzee` on macOS, `%LOCALAPPDATA%\yahtzee\cache` on
///    Windows (tables are derived data: a cache may be cleared, they are solved again);
/// 4. with no home folder to find one in, `yahtzee` in the system's temporary folder.
///
/// Never the folder the user happens to stand in: an installed program (`cargo install`,
/// the Python wheel, the C library in another program) has no checkout, or is not inside
/// it, and writes its tables to the same place wherever it is run from.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("YAHTZEE_DATA_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    checkout_data_dir().unwrap_or_else(cache_dir)
}

/// The checkout's `data/` when the running executable lies inside the checkout that built
/// it (the path cargo compiled in, compared after resolving links).
fn checkout_data_dir() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .ok()?;
    let exe = std::env::current_exe().ok()?.canonicalize().ok()?;
    let data = root.join("data");
    (exe.starts_with(&root) && data.is_dir()).then_some(data)
}

/// The platform's cache folder for this program (see [`data_dir`]).
pub fn cache_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "yahtzee")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("yahtzee"))
}

/// Whether a table that failed to open is simply not there yet (the first run), rather
/// than unusable: the first is built without fuss, the second is worth a message.
pub fn is_missing(e: &TableError) -> bool {
    matches!(e, TableError::Open { io, .. } if io.kind() == std::io::ErrorKind::NotFound)
}

/// What a program says as it builds a table that failed to open with `e` (a `target`
/// table or a value table): on a first run (no file yet) in a few words with the time it
/// takes, for an old table the reason it is built again.
pub fn building_message(rules: &RuleSet, e: &TableError, target: bool) -> String {
    let (what, cost) = if target {
        let (secs, gb) = target_cost(rules);
        (
            "target table",
            format!("{}, about {gb:.0} GB on disk", about(secs)),
        )
    } else {
        ("table", about(solve_seconds(rules)))
    };
    let name = rules.name;
    if is_missing(e) {
        format!("Building the {what} for {name} (once, {cost})...")
    } else {
        format!("Building the {what} for {name} again ({cost}): {e}")
    }
}

/// A rough time to solve `rules`' value table on two cores, in seconds, for the first-run
/// message: measured 0.18 s for `forced` (2^13 filled sets × 128 states), about in
/// proportion to the states and the boxes per turn, twice that per state when the sixth
/// die ("mega-yahtzee") doubles each turn's work.
pub fn solve_seconds(rules: &RuleSet) -> f64 {
    let per_state = 1.7e-7 * rules.box_count() as f64 / 13.0;
    let mega = if rules.house.mega_yahtzee { 2.0 } else { 1.0 };
    rules.state_count() as f64 * per_state * mega
}

/// A rough time (two cores) and size of `rules`' target table: measured 37 s and 1.1 GB
/// for `forced`, 70 s and 1.0 GB for `yatzy` (twice the states, fewer points to count);
/// the sixth die's vectors are as long as its bonus, so "mega-yahtzee" costs more.
fn target_cost(rules: &RuleSet) -> (f64, f64) {
    (target_seconds(rules), target_gb(rules))
}

/// A rough time to solve `rules`' target table on two cores, in seconds ([`target_cost`]).
pub fn target_seconds(rules: &RuleSet) -> f64 {
    let states = rules.state_count() as f64 / 1_048_576.0;
    let mega = if rules.house.mega_yahtzee { 3.0 } else { 1.0 };
    35.0 * states * mega
}

fn target_gb(rules: &RuleSet) -> f64 {
    let states = rules.state_count() as f64 / 1_048_576.0;
    let mega = if rules.house.mega_yahtzee { 3.0 } else { 1.0 };
    let gb_per_state = match rules.style {
        yahtzee_rules::Style::Yatzy => 0.5,
        yahtzee_rules::Style::Yahtzee => 1.1,
    };
    (gb_per_state * states * mega).max(1.0)
}

/// A duration in the words of a first-run message: "about a second", "a few seconds", ...
fn about(secs: f64) -> String {
    match secs {
        s if s < 2.0 => "about a second".to_string(),
        s if s < 10.0 => "a few seconds".to_string(),
        s if s < 45.0 => format!("about {:.0} seconds", (s / 10.0).round() * 10.0),
        s if s < 90.0 => "about a minute".to_string(),
        s => format!("about {:.0} minutes", s / 60.0),
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

/// Where the target table of a value table's rules lives: beside it, as
/// `<rules>.target.table`.
pub fn target_path_beside(table: &Table) -> PathBuf {
    let name = format!("{}.target.table", table.rules().name);
    match table.path().parent() {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    }
}

/// True when a table should be (re)built rather than reported: there is none yet, or it
/// was written by an older version of this program (tables are derived data). A damaged
/// table, or one of other rules, is reported: rebuilding would hide the problem.
pub fn should_build(e: &TableError) -> bool {
    match e {
        TableError::Open { .. } => is_missing(e),
        TableError::Version {
            found, expected, ..
        } => found < expected,
        _ => false,
    }
}

/// Solves `rules` and writes the value table to `path` (atomically, creating the folder).
/// `progress` is called with the number of filled sets solved since the last call (2^boxes
/// in all). Returns the values.
pub fn solve_to(
    rules: &'static RuleSet,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<f64>, TableError> {
    let values = yahtzee_solver::solve(rules, progress);
    write_table(path, rules, &values)?;
    Ok(values)
}

/// Solves the target table of `rules` and writes it to `path`, as [`solve_to`].
pub fn solve_target_to(
    rules: &'static RuleSet,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), TableError> {
    check_points_rules(rules)?;
    let table = yahtzee_solver::solve_target(rules, progress);
    write_target_table(path, rules, &table.offsets, &table.values)?;
    Ok(())
}

/// Opens the table at `path`; if there is none yet (or one of an older format), solves
/// it first, calling `building` once before the solve starts.
pub fn load_or_solve(
    rules: &'static RuleSet,
    path: &Path,
    building: &dyn Fn(&TableError),
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Table, TableError> {
    match Table::open(path, rules) {
        Err(e) if should_build(&e) => {
            building(&e);
            solve_to(rules, path, progress)?;
            Table::open(path, rules)
        }
        other => other,
    }
}

/// The points kernel (target tables, best responses) plays the house rule "mega-yahtzee"
/// with a Mega bonus up to [`MAX_POINTS_MEGA_BONUS`]: refuses a larger one.
pub fn check_points_rules(rules: &RuleSet) -> Result<(), TableError> {
    if rules.house.mega_yahtzee && rules.mega_bonus > MAX_POINTS_MEGA_BONUS {
        return Err(TableError::MegaBonusTooLarge {
            rules: rules.name.to_string(),
            bonus: rules.mega_bonus,
            max: MAX_POINTS_MEGA_BONUS,
        });
    }
    Ok(())
}

/// Opens the target table at `path`, solving it first when missing, as [`load_or_solve`].
pub fn load_or_solve_target(
    rules: &'static RuleSet,
    path: &Path,
    building: &dyn Fn(&TableError),
    progress: &(dyn Fn(u64) + Sync),
) -> Result<TargetTable, TableError> {
    check_points_rules(rules)?;
    match TargetTable::open(path, rules) {
        Err(e) if should_build(&e) => {
            building(&e);
            solve_target_to(rules, path, progress)?;
            TargetTable::open(path, rules)
        }
        other => other,
    }
}
