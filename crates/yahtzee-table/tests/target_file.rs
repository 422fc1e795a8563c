//! The target-table file: round trip, per-set checksums found on first use, and each kind
//! of damage and mix-up refused with its own one-line message.

use std::path::{Path, PathBuf};

use yahtzee_rules::{Category, RuleSet, State};
use yahtzee_table::{write_table, write_target_table, Table, TableError, TargetTable};

/// A small game, so the file is small: four boxes of the official rules.
fn small() -> &'static RuleSet {
    use std::sync::OnceLock;
    static R: OnceLock<&'static RuleSet> = OnceLock::new();
    R.get_or_init(|| {
        RuleSet::by_name("forced").unwrap().reduced(
            &[
                Category::Twos,
                Category::FullHouse,
                Category::Yahtzee,
                Category::Chance,
            ],
            6,
        )
    })
}

/// Offsets and values shaped like a target table: reachable states get a falling run of
/// (4 + index mod 7) probabilities, the others nothing.
fn contents(rules: &RuleSet) -> (Vec<u64>, Vec<f32>) {
    let mut offsets = vec![0u64];
    let mut values = Vec::new();
    for i in 0..rules.state_count() {
        if rules.is_reachable(rules.state_at(i)) {
            let n = 4 + i % 7;
            values.extend((0..n).map(|c| 1.0 / (1 + c) as f32));
        }
        offsets.push(values.len() as u64);
    }
    (offsets, values)
}

fn written(dir: &Path) -> PathBuf {
    let path = dir.join("t.target.table");
    let (offsets, values) = contents(small());
    write_target_table(&path, small(), &offsets, &values).unwrap();
    path
}

fn damage(path: &Path, f: impl FnOnce(&mut Vec<u8>)) {
    let mut bytes = std::fs::read(path).unwrap();
    f(&mut bytes);
    std::fs::write(path, bytes).unwrap();
}

fn one_line(e: TableError) -> (TableError, String) {
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "one line: {msg}");
    (e, msg)
}

#[test]
fn round_trip_reads_every_vector_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path());
    let t = TargetTable::open(&path, small()).unwrap();
    t.verify_all().unwrap();
    let (offsets, values) = contents(small());
    for i in 0..small().state_count() {
        let s = small().state_at(i);
        let want = &values[offsets[i] as usize..offsets[i + 1] as usize];
        assert_eq!(t.vector(s), want, "{s:?}");
        assert_eq!(
            t.max_points(s),
            (!want.is_empty()).then(|| want.len() as u32 - 1)
        );
    }
    let s = State::new(0b0101, 2, false);
    assert_eq!(t.p_at_least(s, -3), 1.0);
    assert_eq!(t.p_at_least(s, 1), 0.5);
    assert_eq!(t.p_at_least(s, 1000), 0.0);
    assert_eq!(t.header().objective, "target");
    assert_eq!(t.header().payload_offset % 64, 0);
}

#[cfg(unix)]
#[test]
fn tables_are_readable_by_everyone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path());
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o644);
    let value_table = dir.path().join("v.table");
    let values = vec![0.5; small().state_count()];
    write_table(&value_table, small(), &values).unwrap();
    let mode = std::fs::metadata(&value_table)
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

#[test]
fn a_damaged_set_is_refused_when_first_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path());
    // Flip the last byte of the payload: it belongs to the last filled set (the full card).
    damage(&path, |b| *b.last_mut().unwrap() ^= 0x40);
    let t = TargetTable::open(&path, small()).unwrap();
    // Sets not touched are fine; the full card's is not.
    t.verify_turn(State::START).unwrap();
    let full = (1u32 << small().box_count()) - 1;
    let (e, msg) = one_line(t.verify_sets([full]).unwrap_err());
    assert!(
        matches!(e, TableError::BlockChecksum { filled, .. } if filled == full),
        "{msg}"
    );
    assert!(matches!(
        t.verify_all(),
        Err(TableError::BlockChecksum { .. })
    ));
}

#[test]
fn a_damaged_index_is_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path());
    let t = TargetTable::open(&path, small()).unwrap();
    let at = t.header().index_offset as usize + 8 * 5;
    drop(t);
    damage(&path, |b| b[at] ^= 1);
    let e = TargetTable::open(&path, small()).err().unwrap();
    let (e, msg) = one_line(e);
    assert!(matches!(e, TableError::IndexChecksum { .. }), "{msg}");
}

#[test]
fn truncated_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path());
    damage(&path, |b| b.truncate(b.len() - 4));
    let (e, msg) = one_line(TargetTable::open(&path, small()).err().unwrap());
    assert!(matches!(e, TableError::Size { .. }), "{msg}");
}

#[test]
fn objectives_and_rules_are_not_mixed_up() {
    let dir = tempfile::tempdir().unwrap();
    let target = written(dir.path());
    let (e, msg) = one_line(Table::open(&target, small()).err().unwrap());
    assert!(matches!(e, TableError::WrongObjective { .. }), "{msg}");
    assert!(msg.contains("objective 'target', not 'expected'"), "{msg}");
    let value_table = dir.path().join("v.table");
    write_table(&value_table, small(), &vec![0.5; small().state_count()]).unwrap();
    let (e, msg) = one_line(TargetTable::open(&value_table, small()).err().unwrap());
    assert!(matches!(e, TableError::WrongObjective { .. }), "{msg}");
    let other = RuleSet::by_name("free").unwrap();
    let (e, msg) = one_line(TargetTable::open(&target, other).err().unwrap());
    assert!(matches!(e, TableError::WrongRules { .. }), "{msg}");
}
