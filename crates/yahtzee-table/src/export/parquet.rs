//! `yahtzee export --format parquet` (feature `parquet`): a table as an Apache Parquet file
//! with decoded columns, so that a reader needs no bit layout (columns and metadata in
//! `docs/TABLE_FORMAT.md` section 12).
//!
//! - An expected table: one row per state (or per reachable state), its filled boxes as one
//!   boolean column per box, `filled_count`, `upper_total`, the flags, `reachable` and the
//!   `f64` `value`.
//! - A target table, in long form: one row per stored probability, the state's columns,
//!   `points_needed` (t) and the `f32` `probability` of scoring at least t more points.
//!
//! Written row group by row group (at most [`ROW_GROUP_ROWS`] rows held at once) to a
//! temporary file that is renamed into place, as the tables are.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::sync::Arc;

use ::parquet::basic::{Compression, Encoding};
use ::parquet::data_type::{BoolType, DoubleType, FloatType, Int32Type};
use ::parquet::errors::ParquetError;
use ::parquet::file::metadata::KeyValue;
use ::parquet::file::properties::{WriterProperties, WriterVersion};
use ::parquet::file::writer::SerializedFileWriter;
use ::parquet::schema::parser::parse_message_type;
use ::parquet::schema::types::ColumnPath;
use yahtzee_rules::{RuleSet, State};

use super::Exported;
use crate::error::TableError;
use crate::header::Header;
use crate::table::Table;
use crate::target::TargetTable;
use crate::write::write_file_atomically_with;

/// Layout version of the Parquet export (key `yahtzee.export_version`).
pub const PARQUET_EXPORT_VERSION: u32 = 1;
/// The most rows of a row group: what the writer holds in memory at once (about 30 MB
/// of columns for the official rules).
pub const ROW_GROUP_ROWS: usize = 1 << 20;

/// The state columns every export starts with: `index`, one boolean per box, the count of
/// filled boxes, the upper total and the rule set's flags.
struct StateColumns {
    index: Vec<i32>,
    boxes: Vec<Vec<bool>>,
    filled_count: Vec<i32>,
    upper_total: Vec<i32>,
    flags: Vec<Vec<bool>>,
    flag_of: Vec<fn(State) -> bool>,
}

/// A flag column: its name and how a state sets it.
type Flag = (&'static str, fn(State) -> bool);

/// The flag columns of a rule set, in the order of its state index's flag bits.
fn flag_columns(rules: &RuleSet) -> Vec<Flag> {
    let mut flags: Vec<Flag> = Vec::new();
    if rules.yahtzee_bonus > 0 {
        flags.push(("yahtzee_50", State::yahtzee_50));
    }
    if rules.house.mulligan {
        flags.push(("mulligan_used", State::mulligan_used));
    }
    if rules.house.mega_yahtzee {
        flags.push(("sixth_die_used", State::mega_used));
    }
    flags
}

impl StateColumns {
    fn new(rules: &RuleSet) -> StateColumns {
        StateColumns {
            index: Vec::new(),
            boxes: vec![Vec::new(); rules.box_count()],
            filled_count: Vec::new(),
            upper_total: Vec::new(),
            flags: vec![Vec::new(); flag_columns(rules).len()],
            flag_of: flag_columns(rules).into_iter().map(|(_, f)| f).collect(),
        }
    }

    /// Appends `n` rows of the state at `index`.
    fn push(&mut self, rules: &RuleSet, index: usize, n: usize) {
        let s = rules.state_at(index);
        let rep = |column: &mut Vec<bool>, v: bool| column.extend(std::iter::repeat_n(v, n));
        self.index
            .extend(std::iter::repeat_n(i32_of(index as u32), n));
        for (b, column) in self.boxes.iter_mut().enumerate() {
            rep(column, s.is_filled(b));
        }
        self.filled_count
            .extend(std::iter::repeat_n(s.filled().count_ones() as i32, n));
        self.upper_total
            .extend(std::iter::repeat_n(i32::from(s.upper()), n));
        for (column, flag) in self.flags.iter_mut().zip(&self.flag_of) {
            rep(column, flag(s));
        }
    }

    fn len(&self) -> usize {
        self.index.len()
    }

    fn clear(&mut self) {
        self.index.clear();
        self.boxes.iter_mut().for_each(Vec::clear);
        self.filled_count.clear();
        self.upper_total.clear();
        self.flags.iter_mut().for_each(Vec::clear);
    }
}

/// An unsigned 32-bit value in Parquet's INT32 (the logical type says unsigned).
fn i32_of(v: u32) -> i32 {
    v as i32
}

/// The schema: the state columns, then `tail` (the value columns).
fn schema(rules: &RuleSet, tail: &str) -> String {
    let mut s = String::from("message yahtzee {\n  REQUIRED INT32 index (INTEGER(32,false));\n");
    for c in rules.boxes {
        s += &format!("  REQUIRED BOOLEAN {};\n", c.name());
    }
    s += "  REQUIRED INT32 filled_count (INTEGER(8,false));\n";
    s += "  REQUIRED INT32 upper_total (INTEGER(8,false));\n";
    for (name, _) in flag_columns(rules) {
        s += &format!("  REQUIRED BOOLEAN {name};\n");
    }
    s + tail + "}\n"
}

/// The key-value metadata both kinds share.
fn common_metadata(header: &Header, rules: &RuleSet, reachable_only: bool) -> Vec<KeyValue> {
    let boxes: Vec<&str> = rules.boxes.iter().map(|c| c.name()).collect();
    [
        ("export_version", PARQUET_EXPORT_VERSION.to_string()),
        ("rules", rules.name.to_string()),
        ("rules_description", rules.description.to_string()),
        ("objective", header.objective.clone()),
        ("table_format_version", header.format_version.to_string()),
        ("table_producer", header.producer.clone()),
        (
            "table_payload_crc32",
            format!("{:08x}", header.payload_crc32),
        ),
        ("boxes", boxes.join(",")),
        ("states", rules.state_count().to_string()),
        ("reachable_only", reachable_only.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| KeyValue::new(format!("yahtzee.{k}"), v))
    .collect()
}

fn properties(metadata: Vec<KeyValue>, unique: &[(&str, Encoding)]) -> Arc<WriterProperties> {
    // Data pages v2: booleans run-length encoded (a state's columns repeat down its rows).
    let mut b = WriterProperties::builder()
        .set_writer_version(WriterVersion::PARQUET_2_0)
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_key_value_metadata(Some(metadata));
    // Columns with (almost) every value different: no dictionary to build and throw away.
    // Consecutive indices delta-encode to almost nothing; floats split into byte streams
    // (the exponent bytes, alike down a column, then compress). Measured on `forced`: the
    // expected export 7.3 MB plain, 3.4 MB so; the target export 798 MB, 584 MB.
    for &(name, encoding) in unique {
        b = b
            .set_column_dictionary_enabled(ColumnPath::from(name), false)
            .set_column_encoding(ColumnPath::from(name), encoding);
    }
    Arc::new(b.build())
}

/// A Parquet or I/O failure while writing `path`, as the table errors say it.
fn write_error(path: &Path) -> impl Fn(ParquetError) -> TableError + '_ {
    move |e| TableError::Write {
        path: path.to_path_buf(),
        io: match e {
            ParquetError::External(inner) => match inner.downcast::<std::io::Error>() {
                Ok(io) => *io,
                Err(other) => std::io::Error::other(other.to_string()),
            },
            other => std::io::Error::other(other.to_string()),
        },
    }
}

type Writer<'f> = SerializedFileWriter<BufWriter<&'f File>>;

/// Writes one row group: the state columns, then the value columns `tail` writes.
fn write_group(
    w: &mut Writer<'_>,
    states: &StateColumns,
    tail: impl FnOnce(
        &mut dyn FnMut(Column<'_>) -> Result<(), ParquetError>,
    ) -> Result<(), ParquetError>,
) -> Result<(), ParquetError> {
    let mut group = w.next_row_group()?;
    let mut put = |column: Column<'_>| -> Result<(), ParquetError> {
        let mut c = group
            .next_column()?
            .ok_or_else(|| ParquetError::General("more columns than the schema".into()))?;
        match column {
            Column::Bool(v) => c.typed::<BoolType>().write_batch(v, None, None)?,
            Column::Int(v) => c.typed::<Int32Type>().write_batch(v, None, None)?,
            Column::F64(v) => c.typed::<DoubleType>().write_batch(v, None, None)?,
            Column::F32(v) => c.typed::<FloatType>().write_batch(v, None, None)?,
        };
        c.close()
    };
    put(Column::Int(&states.index))?;
    for b in &states.boxes {
        put(Column::Bool(b))?;
    }
    put(Column::Int(&states.filled_count))?;
    put(Column::Int(&states.upper_total))?;
    for f in &states.flags {
        put(Column::Bool(f))?;
    }
    tail(&mut put)?;
    group.close()?;
    Ok(())
}

/// One column's values for a row group.
enum Column<'a> {
    Bool(&'a [bool]),
    Int(&'a [i32]),
    F64(&'a [f64]),
    F32(&'a [f32]),
}

/// Writes an expected table: one row per state, or per reachable state (whose value is a
/// number) with `reachable_only`.
pub(super) fn write_expected(
    table: &Table,
    reachable_only: bool,
    path: &Path,
) -> Result<Exported, TableError> {
    write_expected_grouped(table, reachable_only, path, ROW_GROUP_ROWS)
}

pub(super) fn write_expected_grouped(
    table: &Table,
    reachable_only: bool,
    path: &Path,
    group_rows: usize,
) -> Result<Exported, TableError> {
    let rules = table.rules();
    let mut metadata = common_metadata(table.header(), rules, reachable_only);
    metadata.push(KeyValue::new(
        "yahtzee.expected_value".to_string(),
        format!("{}", table.value(State::START)),
    ));
    let tail = "  REQUIRED BOOLEAN reachable;\n  REQUIRED DOUBLE value;\n";
    let schema = Arc::new(parse_message_type(&schema(rules, tail)).map_err(write_error(path))?);
    let props = properties(
        metadata,
        &[
            ("index", Encoding::DELTA_BINARY_PACKED),
            ("value", Encoding::BYTE_STREAM_SPLIT),
        ],
    );
    let mut rows = 0u64;
    let bytes = write_file_atomically_with(path, |file| {
        let mut w =
            SerializedFileWriter::new(BufWriter::with_capacity(1 << 20, file), schema, props)?;
        let mut states = StateColumns::new(rules);
        let (mut reachable, mut values) = (Vec::new(), Vec::new());
        let count = rules.state_count();
        let mut i = 0;
        while i < count {
            states.clear();
            reachable.clear();
            values.clear();
            while i < count && states.len() < group_rows {
                let v = table.value_at(i);
                if !(reachable_only && v.is_nan()) {
                    states.push(rules, i, 1);
                    reachable.push(!v.is_nan());
                    values.push(v);
                }
                i += 1;
            }
            if states.len() == 0 {
                continue;
            }
            rows += states.len() as u64;
            write_group(&mut w, &states, |put| {
                put(Column::Bool(&reachable))?;
                put(Column::F64(&values))
            })?;
        }
        finish(w)
    })
    .map_err(write_error(path))?;
    Ok(Exported {
        values: rows,
        bytes,
        max_error: 0.0,
    })
}

/// Closes the writer and flushes its buffer; the file's size.
fn finish(w: Writer<'_>) -> Result<u64, ParquetError> {
    let mut buf = w.into_inner()?;
    std::io::Write::flush(&mut buf)?;
    let file = buf
        .into_inner()
        .map_err(|e| ParquetError::External(Box::new(e.into_error())))?;
    Ok(file.metadata()?.len())
}

/// Writes a target table in long form: for each reachable state, one row per stored
/// probability (t from 0 to the most points the state can still score). The filled sets
/// are checked against their checksums as they are read.
pub fn export_target(table: &TargetTable, path: &Path) -> Result<Exported, TableError> {
    export_target_grouped(table, path, ROW_GROUP_ROWS)
}

pub(super) fn export_target_grouped(
    table: &TargetTable,
    path: &Path,
    group_rows: usize,
) -> Result<Exported, TableError> {
    let rules = table.rules();
    table.verify_sets([0])?;
    let mut metadata = common_metadata(table.header(), rules, true);
    metadata.push(KeyValue::new(
        "yahtzee.max_points".to_string(),
        table.max_points(State::START).unwrap_or(0).to_string(),
    ));
    let tail =
        "  REQUIRED INT32 points_needed (INTEGER(16,false));\n  REQUIRED FLOAT probability;\n";
    let schema = Arc::new(parse_message_type(&schema(rules, tail)).map_err(write_error(path))?);
    let props = properties(metadata, &[("probability", Encoding::BYTE_STREAM_SPLIT)]);
    let lanes = rules.lanes_per_set();
    let sets = 1u32 << rules.box_count();
    let mut rows = 0u64;
    // A damaged set is found before anything is written (TableError, not a Parquet one).
    let mut damaged = None;
    let bytes = write_file_atomically_with(path, |file| {
        let mut w =
            SerializedFileWriter::new(BufWriter::with_capacity(1 << 20, file), schema, props)?;
        let mut states = StateColumns::new(rules);
        let (mut points, mut probs) = (Vec::new(), Vec::new());
        let mut set = 0;
        while set < sets {
            states.clear();
            points.clear();
            probs.clear();
            while set < sets && states.len() < group_rows {
                if let Err(e) = table.verify_sets([set]) {
                    damaged = Some(e);
                    return Err(ParquetError::General("damaged table".into()));
                }
                for i in set as usize * lanes..(set as usize + 1) * lanes {
                    let v = table.vector(rules.state_at(i));
                    if v.is_empty() {
                        continue;
                    }
                    states.push(rules, i, v.len());
                    points.extend(0..v.len() as i32);
                    probs.extend_from_slice(v);
                }
                set += 1;
            }
            if states.len() == 0 {
                continue;
            }
            rows += states.len() as u64;
            write_group(&mut w, &states, |put| {
                put(Column::Int(&points))?;
                put(Column::F32(&probs))
            })?;
        }
        finish(w)
    });
    if let Some(e) = damaged {
        return Err(e);
    }
    let bytes = bytes.map_err(write_error(path))?;
    Ok(Exported {
        values: rows,
        bytes,
        max_error: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use ::parquet::file::reader::{FileReader, SerializedFileReader};
    use ::parquet::record::Field;

    use super::*;
    use crate::store::{solve_target_to, solve_to};

    /// A game small enough to solve in milliseconds, with the Yahtzee flag.
    fn small() -> &'static RuleSet {
        RuleSet::named("forced:twos,full_house,yahtzee,chance@6").unwrap()
    }

    fn reader(path: &Path) -> SerializedFileReader<File> {
        SerializedFileReader::new(File::open(path).unwrap()).unwrap()
    }

    fn metadata(r: &SerializedFileReader<File>) -> HashMap<String, String> {
        r.metadata()
            .file_metadata()
            .key_value_metadata()
            .unwrap()
            .iter()
            .map(|kv| (kv.key.clone(), kv.value.clone().unwrap_or_default()))
            .collect()
    }

    fn columns(r: &SerializedFileReader<File>) -> Vec<String> {
        let schema = r.metadata().file_metadata().schema_descr_ptr();
        schema
            .columns()
            .iter()
            .map(|c| c.name().to_string())
            .collect()
    }

    #[test]
    fn an_expected_table_is_written_in_row_groups_with_its_facts() {
        let dir = tempfile::tempdir().unwrap();
        let rules = small();
        let table_path = dir.path().join("small.table");
        solve_to(rules, &table_path, &|_| {}).unwrap();
        let table = Table::open(&table_path, rules).unwrap();
        let reachable = (0..rules.state_count())
            .filter(|&i| !table.value_at(i).is_nan())
            .count();
        assert_eq!(reachable, rules.reachable_state_count());
        for (only, rows) in [(false, rules.state_count()), (true, reachable)] {
            let path = dir.path().join(format!("small-{only}.parquet"));
            // 300-row groups: several, the last one short.
            let done = write_expected_grouped(&table, only, &path, 300).unwrap();
            assert_eq!(done.values, rows as u64);
            assert_eq!(done.bytes, std::fs::metadata(&path).unwrap().len());
            let r = reader(&path);
            assert_eq!(r.metadata().file_metadata().num_rows(), rows as i64);
            assert_eq!(r.metadata().num_row_groups(), rows.div_ceil(300));
            let m = metadata(&r);
            assert_eq!(m["yahtzee.rules"], rules.name);
            assert_eq!(m["yahtzee.objective"], "expected");
            assert_eq!(m["yahtzee.table_format_version"], "2");
            assert_eq!(m["yahtzee.export_version"], "1");
            assert_eq!(m["yahtzee.reachable_only"], only.to_string());
            assert_eq!(m["yahtzee.boxes"], "twos,full_house,yahtzee,chance");
            assert_eq!(
                m["yahtzee.expected_value"].parse::<f64>().unwrap(),
                table.value(State::START)
            );
            assert_eq!(
                columns(&r),
                [
                    "index",
                    "twos",
                    "full_house",
                    "yahtzee",
                    "chance",
                    "filled_count",
                    "upper_total",
                    "yahtzee_50",
                    "reachable",
                    "value"
                ]
            );
            // Every row decodes to its state and holds the table's value, bit for bit.
            let mut seen = 0;
            for row in r.get_row_iter(None).unwrap() {
                let row = row.unwrap();
                let f: Vec<&Field> = row.get_column_iter().map(|(_, f)| f).collect();
                let Field::UInt(index) = f[0] else {
                    panic!("index is {:?}", f[0])
                };
                let s = rules.state_at(*index as usize);
                for b in 0..4 {
                    assert_eq!(f[1 + b], &Field::Bool(s.is_filled(b)));
                }
                assert_eq!(f[5], &Field::UByte(s.filled().count_ones() as u8));
                assert_eq!(f[6], &Field::UByte(s.upper()));
                assert_eq!(f[7], &Field::Bool(s.yahtzee_50()));
                let v = table.value_at(*index as usize);
                assert_eq!(f[8], &Field::Bool(!v.is_nan()));
                let Field::Double(x) = f[9] else {
                    panic!("value is {:?}", f[9])
                };
                assert_eq!(x.to_bits(), v.to_bits());
                seen += 1;
            }
            assert_eq!(seen, rows);
        }
    }

    #[test]
    fn a_target_table_is_written_long_and_a_damaged_one_refused() {
        let dir = tempfile::tempdir().unwrap();
        let rules = small();
        let table_path = dir.path().join("small.target.table");
        solve_target_to(rules, &table_path, &|_| {}).unwrap();
        let table = TargetTable::open(&table_path, rules).unwrap();
        let path = dir.path().join("small.target.parquet");
        let done = export_target_grouped(&table, &path, 1000).unwrap();
        assert_eq!(done.values, table.header().value_count);
        let r = reader(&path);
        assert_eq!(r.metadata().file_metadata().num_rows() as u64, done.values);
        assert!(r.metadata().num_row_groups() > 1);
        let m = metadata(&r);
        assert_eq!(m["yahtzee.objective"], "target");
        assert_eq!(
            m["yahtzee.max_points"],
            table.max_points(State::START).unwrap().to_string()
        );
        let names = columns(&r);
        assert_eq!(names[names.len() - 2..], ["points_needed", "probability"]);
        // Each state's rows are its vector, t = 0, 1, ...
        table.verify_all().unwrap();
        let mut next: HashMap<u32, u16> = HashMap::new();
        for row in r.get_row_iter(None).unwrap() {
            let row = row.unwrap();
            let f: Vec<&Field> = row.get_column_iter().map(|(_, f)| f).collect();
            let (Field::UInt(index), Field::UShort(t), Field::Float(p)) = (f[0], f[8], f[9]) else {
                panic!("row {row:?}")
            };
            let expect_t = next.entry(*index).or_default();
            assert_eq!(*t, *expect_t);
            *expect_t += 1;
            let v = table.vector(rules.state_at(*index as usize));
            assert_eq!(p.to_bits(), v[*t as usize].to_bits());
        }
        for (&index, &n) in &next {
            assert_eq!(
                n as usize,
                table.vector(rules.state_at(index as usize)).len()
            );
        }

        // A damaged set: an error naming it, and no file (nor temporary file) left.
        let mut bytes = std::fs::read(&table_path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x40;
        std::fs::write(&table_path, bytes).unwrap();
        let damaged = TargetTable::open(&table_path, rules).unwrap();
        let out = dir.path().join("damaged.parquet");
        let e = export_target(&damaged, &out).unwrap_err();
        assert!(matches!(e, TableError::BlockChecksum { .. }), "{e}");
        assert!(!out.exists());
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn an_unwritable_path_is_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let rules = small();
        let table_path = dir.path().join("small.table");
        solve_to(rules, &table_path, &|_| {}).unwrap();
        let table = Table::open(&table_path, rules).unwrap();
        let e = write_expected(&table, false, Path::new("/proc/small.parquet")).unwrap_err();
        let msg = e.to_string();
        assert!(matches!(e, TableError::Write { .. }), "{msg}");
        assert!(
            msg.contains("/proc/small.parquet") && !msg.contains('\n'),
            "{msg}"
        );
    }
}
