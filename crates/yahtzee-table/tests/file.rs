//! The table file: round trip, and each kind of damage refused with its own message.

use std::path::{Path, PathBuf};

use yahtzee_rules::{RuleSet, State};
use yahtzee_table::{write_table, Table, TableError, FORMAT_VERSION, MAGIC};

fn forced() -> &'static RuleSet {
    RuleSet::by_name("forced").unwrap()
}

/// Distinct values per state (the file layer does not care whether they are solved).
fn values(rules: &RuleSet) -> Vec<f64> {
    (0..rules.state_count())
        .map(|i| i as f64 * 0.25 - 7.0)
        .collect()
}

fn written(dir: &Path, rules: &'static RuleSet) -> PathBuf {
    let path = dir.join("t.table");
    write_table(&path, rules, &values(rules)).unwrap();
    path
}

fn damage(path: &Path, f: impl FnOnce(&mut Vec<u8>)) {
    let mut bytes = std::fs::read(path).unwrap();
    f(&mut bytes);
    std::fs::write(path, bytes).unwrap();
}

fn open_err(path: &Path) -> (TableError, String) {
    let e = Table::open(path, forced()).err().expect("must be refused");
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "one line: {msg}");
    (e, msg)
}

#[test]
fn round_trip_reads_every_value_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), forced());
    let t = Table::open(&path, forced()).unwrap();
    let v = values(forced());
    for i in (0..v.len()).step_by(997) {
        assert_eq!(t.value_at(i), v[i]);
    }
    let s = State::new(0b1_0000_0000_0011, 9, false);
    assert_eq!(t.value(s), v[forced().state_index(s)]);
    assert_eq!(t.header().rules, "forced");
    assert_eq!(t.header().payload_offset % 64, 0);
    assert_eq!(&std::fs::read(&path).unwrap()[..8], &MAGIC);
    // Atomic write: only the table itself is left in the folder.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("t.table")]);
}

#[test]
fn a_flipped_payload_byte_is_a_checksum_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), forced());
    damage(&path, |b| {
        let i = b.len() - 1000;
        b[i] ^= 0x10;
    });
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::Checksum { .. }), "{msg}");
    assert!(msg.contains("corrupt") && msg.contains("checksum"), "{msg}");
}

#[test]
fn a_truncated_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), forced());
    damage(&path, |b| b.truncate(b.len() - 8));
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::Size { .. }), "{msg}");
    assert!(msg.contains("truncated"), "{msg}");
    damage(&path, |b| b.truncate(40));
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::BadHeader { .. }), "{msg}");
    damage(&path, |b| b.truncate(5));
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::TooShort { .. }), "{msg}");
}

#[test]
fn a_table_of_other_rules_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), RuleSet::by_name("free").unwrap());
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::WrongRules { .. }), "{msg}");
    assert!(msg.contains("'free', not 'forced'"), "{msg}");
}

#[test]
fn another_format_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), forced());
    damage(&path, |b| {
        b[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes())
    });
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::Version { found: 3, .. }), "{msg}");
    assert!(
        msg.contains("version 3") && msg.contains("yahtzee solve"),
        "{msg}"
    );
}

#[test]
fn other_files_are_not_tables() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "these are not the values you are looking for").unwrap();
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::BadMagic { .. }), "{msg}");
    let (e, _) = open_err(&dir.path().join("missing.table"));
    assert!(matches!(e, TableError::Open { .. }));
}

#[test]
fn a_failed_write_leaves_the_old_table_and_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), forced());
    let before = std::fs::read(&path).unwrap();
    // A folder where the table's parent should be: creating it fails, nothing is touched.
    let blocked = dir.path().join("t.table").join("inner.table");
    let e = write_table(&blocked, forced(), &values(forced())).unwrap_err();
    assert!(matches!(e, TableError::Write { .. }), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}
