//! `yahtzee export`: a compact copy of a value table for an app or another tool.

use std::path::PathBuf;

use anyhow::Result;
use yahtzee_table::export::{export, Format};

use crate::{table_file, RulesOpts};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// `f32`: single-precision values with a small header (apps; ranks the conformance
    /// positions as the full table does); `npy`: NumPy's format, full precision; `csv`:
    /// one line per state (layouts in docs/TABLE_FORMAT.md).
    #[arg(long, value_enum)]
    format: FormatArg,
    /// Only the states a game can reach (about half): with `f32`, the official table in
    /// 2.2 MB.
    #[arg(long)]
    reachable_only: bool,
    /// Table to export [default: <data folder>/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Where to write [default: <data folder>/<rules>.<format>].
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum FormatArg {
    F32,
    Npy,
    Csv,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let format = match args.format {
        FormatArg::F32 => Format::F32,
        FormatArg::Npy => Format::Npy,
        FormatArg::Csv => Format::Csv,
    };
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    let table = table_file::open_or_build(rules, &path, args.quiet)?;
    let out = args
        .out
        .unwrap_or_else(|| path.with_file_name(format!("{}.{}", rules.name, format.extension())));
    let done = export(&table, format, args.reachable_only, &out)?;
    let mut text = format!(
        "wrote {} ({} values, {} bytes)\n",
        out.display(),
        done.values,
        done.bytes
    );
    if format == Format::F32 {
        text += &format!(
            "largest difference from the f64 table: {:.3e} points\n",
            done.max_error
        );
    }
    crate::print_stdout(&text)
}
