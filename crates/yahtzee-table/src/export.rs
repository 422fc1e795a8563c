//! Compact copies of a value table for apps and other tools (`yahtzee export`), each
//! readable without this code (layouts in `docs/TABLE_FORMAT.md`):
//!
//! - [`Format::F32`]: a 128-byte header, then (reachable-only) a bitmap of the states kept,
//!   then little-endian `f32`s. The official table in 2.2 MB with `--reachable-only`.
//! - [`Format::Npy`]: a NumPy `.npy` file of the `f64` values (`numpy.load`); with
//!   reachable-only, records of (`index` `<u4`, `value` `<f8`).
//! - [`Format::Csv`]: one line per state with its index, filled boxes, upper total, flags
//!   and value.
//! - `Format::Parquet` (feature `parquet`): an Apache Parquet file with decoded columns,
//!   for expected tables and, in long form, target tables ([`export_target`]).
//!
//! A state is reachable when its value is a number (the solver leaves the rest NaN).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use yahtzee_rules::RuleSet;

use crate::error::TableError;
use crate::table::Table;
use crate::write::write_file_atomically;

#[cfg(feature = "parquet")]
mod parquet;
#[cfg(feature = "parquet")]
pub use parquet::{export_target, PARQUET_EXPORT_VERSION, ROW_GROUP_ROWS};

/// First eight bytes of an `f32` export.
pub const F32_MAGIC: [u8; 8] = *b"YZF32\0\0\0";
/// Layout version of the `f32` export.
pub const F32_VERSION: u32 = 1;
/// Size of the `f32` export's header.
pub const F32_HEADER: usize = 128;
/// `flags` bit of an `f32` export holding only reachable states (a bitmap follows).
pub const F32_REACHABLE_ONLY: u32 = 1;

/// What `yahtzee export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    F32,
    Npy,
    Csv,
    /// Apache Parquet, decoded columns (feature `parquet`).
    #[cfg(feature = "parquet")]
    Parquet,
}

impl Format {
    /// Where an export of the table of `rules` (`target`: its target table, in Parquet)
    /// goes unless told: beside the table file `table`, as `<rules>.<extension>` or
    /// `<rules>.target.parquet`.
    pub fn beside(self, table: &Path, rules: &RuleSet, target: bool) -> PathBuf {
        let name = match target {
            true => format!("{}.target.parquet", rules.name),
            false => format!("{}.{}", rules.name, self.extension()),
        };
        table.with_file_name(name)
    }

    /// The file extension (and the name on the command line, `csv` aside).
    pub fn extension(self) -> &'static str {
        match self {
            Format::F32 => "f32",
            Format::Npy => "npy",
            Format::Csv => "csv",
            #[cfg(feature = "parquet")]
            Format::Parquet => "parquet",
        }
    }
}

/// What an export wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    /// Values written (states kept; for Parquet, rows).
    pub values: u64,
    /// Size of the file.
    pub bytes: u64,
    /// The largest difference between a value written and the table's (0 when exact).
    pub max_error: f64,
}

impl Exported {
    /// What `yahtzee export` says of the file it wrote to `path` in `format` (a target
    /// table's export is Parquet): how many rows or values, how many bytes, and for `f32`
    /// the largest difference from the table.
    pub fn text(&self, path: &Path, format: Format) -> String {
        // Parquet (a feature of its own) writes rows.
        let what = match format.extension() {
            "parquet" => "rows",
            _ => "values",
        };
        let mut text = format!(
            "wrote {} ({} {what}, {} bytes)\n",
            path.display(),
            self.values,
            self.bytes
        );
        if format == Format::F32 {
            text += &format!(
                "largest difference from the f64 table: {:.3e} points\n",
                self.max_error
            );
        }
        text
    }
}

/// Writes `table` to `path` in `format`, atomically; with `reachable_only`, only the
/// states a game can reach.
pub fn export(
    table: &Table,
    format: Format,
    reachable_only: bool,
    path: &Path,
) -> Result<Exported, TableError> {
    #[cfg(feature = "parquet")]
    if format == Format::Parquet {
        return parquet::write_expected(table, reachable_only, path);
    }
    let values: Vec<f64> = (0..table.rules().state_count())
        .map(|i| table.value_at(i))
        .collect();
    let kept: Vec<usize> = (0..values.len())
        .filter(|&i| !reachable_only || !values[i].is_nan())
        .collect();
    let (bytes, max_error) = match format {
        Format::F32 => f32_file(table.rules(), &values, &kept, reachable_only),
        Format::Npy => (npy_file(&values, &kept, reachable_only), 0.0),
        Format::Csv => (csv_file(table.rules(), &values, &kept), 0.0),
        #[cfg(feature = "parquet")]
        Format::Parquet => unreachable!("written above"),
    };
    write_file_atomically(path, &[&bytes]).map_err(|io| TableError::Write {
        path: path.to_path_buf(),
        io,
    })?;
    Ok(Exported {
        values: kept.len() as u64,
        bytes: bytes.len() as u64,
        max_error,
    })
}

fn f32_file(
    rules: &RuleSet,
    values: &[f64],
    kept: &[usize],
    reachable_only: bool,
) -> (Vec<u8>, f64) {
    let mut body = Vec::new();
    if reachable_only {
        let mut bitmap = vec![0u8; values.len().div_ceil(64) * 8];
        for &i in kept {
            bitmap[i / 8] |= 1 << (i % 8);
        }
        body.extend_from_slice(&bitmap);
    }
    let mut max_error = 0.0f64;
    for &i in kept {
        let v = values[i] as f32;
        if !values[i].is_nan() {
            max_error = max_error.max((f64::from(v) - values[i]).abs());
        }
        body.extend_from_slice(&v.to_le_bytes());
    }
    let mut head = Vec::with_capacity(F32_HEADER);
    head.extend_from_slice(&F32_MAGIC);
    head.extend_from_slice(&F32_VERSION.to_le_bytes());
    let flags = if reachable_only {
        F32_REACHABLE_ONLY
    } else {
        0
    };
    head.extend_from_slice(&flags.to_le_bytes());
    head.extend_from_slice(&(values.len() as u64).to_le_bytes());
    head.extend_from_slice(&(kept.len() as u64).to_le_bytes());
    head.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    let name = rules.name.as_bytes();
    head.extend_from_slice(&name[..name.len().min(F32_HEADER - 37)]);
    head.resize(F32_HEADER, 0);
    head.extend_from_slice(&body);
    (head, max_error)
}

/// A `.npy` file (format 1.0): magic, header length, a Python dict literal padded with
/// spaces to a multiple of 64 bytes and ended by a newline, then the data.
fn npy_file(values: &[f64], kept: &[usize], reachable_only: bool) -> Vec<u8> {
    let descr = if reachable_only {
        "[('index', '<u4'), ('value', '<f8')]"
    } else {
        "'<f8'"
    };
    let mut dict = format!(
        "{{'descr': {descr}, 'fortran_order': False, 'shape': ({},), }}",
        kept.len()
    );
    while (10 + dict.len() + 1) % 64 != 0 {
        dict.push(' ');
    }
    dict.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    for &i in kept {
        if reachable_only {
            out.extend_from_slice(&(i as u32).to_le_bytes());
        }
        out.extend_from_slice(&values[i].to_le_bytes());
    }
    out
}

fn csv_file(rules: &RuleSet, values: &[f64], kept: &[usize]) -> Vec<u8> {
    let mut out = String::from("index,filled,upper_total,yahtzee_50,mulligan_used,value\n");
    for &i in kept {
        let s = rules.state_at(i);
        let v = values[i];
        let value = if v.is_nan() {
            "nan".to_string()
        } else {
            format!("{v}")
        };
        let _ = writeln!(
            out,
            "{i},{},{},{},{},{value}",
            s.filled(),
            s.upper(),
            u8::from(s.yahtzee_50()),
            u8::from(s.mulligan_used())
        );
    }
    out.into_bytes()
}

/// Reads an `f32` export of `rules` back as one `f64` per state (NaN for states it does
/// not hold), checking its header, size and checksum.
pub fn read_f32(path: &Path, rules: &RuleSet) -> Result<Vec<f64>, TableError> {
    let bad = |reason: String| TableError::BadExport {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|io| TableError::Open {
        path: path.to_path_buf(),
        io,
    })?;
    if bytes.len() < F32_HEADER || bytes[..8] != F32_MAGIC {
        return Err(bad(
            "not an f32 export (bad magic bytes or too short)".into()
        ));
    }
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().expect("4 bytes"));
    let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().expect("8 bytes"));
    if u32_at(8) != F32_VERSION {
        return Err(bad(format!(
            "f32 export version {}, not {F32_VERSION}",
            u32_at(8)
        )));
    }
    let name_field = &bytes[36..F32_HEADER];
    let name = std::str::from_utf8(
        &name_field[..name_field
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(name_field.len())],
    )
    .map_err(|_| bad("rules name is not UTF-8".into()))?;
    if name != rules.name {
        return Err(TableError::WrongRules {
            path: path.to_path_buf(),
            found: name.to_string(),
            expected: rules.name.to_string(),
        });
    }
    let (states, count) = (u64_at(16) as usize, u64_at(24) as usize);
    if states != rules.state_count() {
        return Err(bad(format!(
            "{states} states, the rules have {}",
            rules.state_count()
        )));
    }
    let reachable_only = u32_at(12) & F32_REACHABLE_ONLY != 0;
    let bitmap_len = if reachable_only {
        states.div_ceil(64) * 8
    } else {
        0
    };
    let body = &bytes[F32_HEADER..];
    if body.len() != bitmap_len + 4 * count {
        return Err(bad(format!(
            "expected {} bytes, found {}",
            F32_HEADER + bitmap_len + 4 * count,
            bytes.len()
        )));
    }
    if crc32fast::hash(body) != u32_at(32) {
        return Err(bad("checksum does not match".into()));
    }
    let (bitmap, data) = body.split_at(bitmap_len);
    let present: Vec<usize> = if reachable_only {
        (0..states)
            .filter(|&i| bitmap[i / 8] >> (i % 8) & 1 == 1)
            .collect()
    } else {
        (0..states).collect()
    };
    if present.len() != count {
        return Err(bad(format!(
            "the bitmap marks {} states, the header says {count}",
            present.len()
        )));
    }
    let mut out = vec![f64::NAN; states];
    for (&i, b) in present.iter().zip(data.chunks_exact(4)) {
        out[i] = f64::from(f32::from_le_bytes(b.try_into().expect("4 bytes")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_says_what_it_wrote_and_goes_beside_its_table() {
        let done = Exported {
            values: 10,
            bytes: 168,
            max_error: 1.5e-7,
        };
        let out = Path::new("d/forced.f32");
        let line = "wrote d/forced.f32 (10 values, 168 bytes)\n";
        let f32_text = format!("{line}largest difference from the f64 table: 1.500e-7 points\n");
        assert_eq!(done.text(out, Format::F32), f32_text);
        assert_eq!(done.text(out, Format::Csv), line);
        let rules = RuleSet::by_name("forced").unwrap();
        let table = Path::new("d/forced.table");
        assert_eq!(
            Format::Npy.beside(table, rules, false),
            Path::new("d/forced.npy")
        );
        let target = Format::Csv.beside(Path::new("forced.table"), rules, true);
        assert_eq!(target, Path::new("forced.target.parquet"));
    }
}
