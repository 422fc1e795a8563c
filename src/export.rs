//! `yahtzee export`: a copy of a table for an app or another tool.

use std::path::PathBuf;

use anyhow::{bail, Result};
use yahtzee_engine::EngineError;
use yahtzee_table::export::{export, export_target, Format};
use yahtzee_table::TableError;

use crate::solve::ObjectiveArg;
use crate::RulesOpts;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// `f32`: single-precision values with a small header (apps; ranks the conformance
    /// positions as the full table does); `npy`: NumPy's format, full precision; `csv`:
    /// one line per state; `parquet`: Apache Parquet with decoded columns (one boolean per
    /// box, filled_count, upper_total, the flags, reachable, value), for pandas, pyarrow,
    /// polars, DuckDB or R (layouts in docs/TABLE_FORMAT.md).
    #[arg(long, value_enum)]
    format: FormatArg,
    /// Which table: `expected` (expected points, the default) or `target` (the
    /// probability of scoring at least t more points, for every t; `--format parquet`
    /// only, one row per state and t).
    #[arg(long, value_enum, default_value = "expected")]
    objective: ObjectiveArg,
    /// Only the states a game can reach (about half): with `f32`, the official table in
    /// 2.2 MB. (A target export holds only reachable states anyway.)
    #[arg(long)]
    reachable_only: bool,
    /// Table to export [default: <data folder>/<rules>.table, or <rules>.target.table;
    /// built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Where to write [default: <data folder>/<rules>.<format>, or
    /// <rules>.target.parquet].
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
enum FormatArg {
    F32,
    Npy,
    Csv,
    Parquet,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let format = match args.format {
        FormatArg::F32 => Format::F32,
        FormatArg::Npy => Format::Npy,
        FormatArg::Csv => Format::Csv,
        FormatArg::Parquet => Format::Parquet,
    };
    // A table of the other objective named with --table: say which flag reads it.
    let hint = |e: EngineError| match e {
        EngineError::Table(TableError::WrongObjective { path, found, .. })
            if found == "expected" || found == "target" =>
        {
            anyhow::anyhow!(
                "{} is a table for objective '{found}': export it with --objective {found}",
                path.display()
            )
        }
        e => e.into(),
    };
    if let ObjectiveArg::Companion = args.objective {
        bail!(
            "--objective companion has no export yet: its file format is docs/TABLE_FORMAT.md §13"
        );
    }
    let tables = crate::progress::tables(args.quiet);
    if let ObjectiveArg::Target = args.objective {
        if format != Format::Parquet {
            bail!(
                "--objective target exports only as --format parquet (one row per state and points needed), not {}",
                format.extension()
            );
        }
        let path = (args.table.clone()).unwrap_or_else(|| tables.target_path(rules));
        let table = tables.target_at(rules, &path).map_err(hint)?;
        let out = (args.out).unwrap_or_else(|| format.beside(&path, rules, true));
        let done = export_target(&table, &out)?;
        return crate::print_stdout(&done.text(&out, Format::Parquet));
    }
    let path = (args.table.clone()).unwrap_or_else(|| tables.path(rules));
    let table = tables.table_at(rules, &path).map_err(hint)?;
    let out = (args.out).unwrap_or_else(|| format.beside(&path, rules, false));
    let done = export(&table, format, args.reachable_only, &out)?;
    crate::print_stdout(&done.text(&out, format))
}
