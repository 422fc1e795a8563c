//! Where tables live, and building one when it is missing: the one policy the command
//! line, the Python package and the C library share.

use std::path::{Path, PathBuf};

use yahtzee_rules::RuleSet;
use yahtzee_solver::MAX_POINTS_MEGA_BONUS;

use crate::{write_table, write_target_table, Table, TableError, TargetTable};

/// The folder for cached tables: `$YAHTZEE_DATA_DIR`, else the `data/` folder of the
/// checkout this was built from when it still exists, else `./data`.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("YAHTZEE_DATA_DIR") {
        return PathBuf::from(dir);
    }
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    if checkout.is_dir() {
        checkout.canonicalize().unwrap_or(checkout)
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
        TableError::Open { io, .. } => io.kind() == std::io::ErrorKind::NotFound,
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
