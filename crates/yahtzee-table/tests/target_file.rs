//! The target-table file: round trip, per-set checksums found on first use, and each kind
//! of damage and mix-up refused with its own one-line message.

use std::path::{Path, PathBuf};

use yahtzee_rules::{Category, RuleSet, State};
use yahtzee_table::{write_table, write_target_table, Bounds, Table, TableError, TargetTable};

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
/// (4 + index mod 7) probabilities (fewer where the state cannot score that many), the
/// others nothing.
fn contents(rules: &RuleSet) -> (Vec<u64>, Vec<f32>) {
    let bounds = Bounds::new(rules);
    let mut offsets = vec![0u64];
    let mut values = Vec::new();
    for i in 0..rules.state_count() {
        let s = rules.state_at(i);
        if rules.is_reachable(s) {
            let n = (4 + i % 7).min(bounds.of(s) as usize + 1);
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

/// The file of [`contents`] after `change(offsets, values)`, written with sound checksums.
fn rewritten(dir: &Path, change: impl FnOnce(&mut Vec<u64>, &mut Vec<f32>)) -> PathBuf {
    let path = dir.join("bad.target.table");
    let (mut offsets, mut values) = contents(small());
    change(&mut offsets, &mut values);
    write_target_table(&path, small(), &offsets, &values).unwrap();
    path
}

#[test]
fn impossible_probabilities_are_refused_when_their_set_is_first_read() {
    let dir = tempfile::tempdir().unwrap();
    let s = State::new(0b0101, 2, false);
    let at = small().state_index(s);
    let named = format!("state {at} (filled: twos yahtzee; upper total 2) has ");
    type Damage = fn(&mut [f32]);
    let cases: [(Damage, &str); 4] = [
        (|v| v[1] = 1.5, "P(at least 1 more) = 1.5 is not in [0, 1]"),
        (
            |v| v[2] = -0.25,
            "P(at least 2 more) = -0.25 is not in [0, 1]",
        ),
        (
            |v| v[0] = f32::NAN,
            "P(at least 0 more) = NaN is not in [0, 1]",
        ),
        (
            |v| v[3] = 0.75,
            "P(at least 3 more) = 0.75 is more than P(at least 2 more) = 0.33333334",
        ),
    ];
    for (change, reason) in cases {
        let path = rewritten(dir.path(), |o, v| {
            change(&mut v[o[at] as usize..o[at + 1] as usize])
        });
        // Opening reads the index only; the values are checked with their set.
        let t = TargetTable::open(&path, small()).unwrap();
        t.verify_sets([0b1111]).unwrap();
        let (e, msg) = one_line(t.verify_turn(s).unwrap_err());
        assert!(matches!(e, TableError::BadProbability { .. }), "{msg}");
        assert!(msg.ends_with(&format!("{named}{reason}")), "{msg}");
    }
}

#[test]
fn impossible_vector_lengths_are_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let rules = small();
    // Everything filled: no point can still be scored, so one probability (P(>= 0) = 1).
    let full = State::new(0b1111, 2, false);
    let unreachable = State::new(0b0001, 1, false);
    let cases: [(State, usize, &str); 3] = [
        (
            full,
            3,
            "3 probabilities, more than the 1 its 0 possible points allow",
        ),
        (full, 0, "no probabilities for a reachable state"),
        (
            unreachable,
            2,
            "2 probabilities for a state no game reaches",
        ),
    ];
    for (s, len, reason) in cases {
        let at = rules.state_index(s);
        let path = rewritten(dir.path(), |o, v| {
            let (from, to) = (o[at] as usize, o[at + 1] as usize);
            v.splice(from..to, std::iter::repeat_n(0.5, len));
            let shift = len as i64 - (to - from) as i64;
            for x in &mut o[at + 1..] {
                *x = (*x as i64 + shift) as u64;
            }
        });
        let (e, msg) = one_line(TargetTable::open(&path, rules).err().unwrap());
        assert!(matches!(e, TableError::BadProbability { .. }), "{msg}");
        assert!(
            msg.contains(&format!("state {at} ")) && msg.ends_with(reason),
            "{msg}"
        );
    }
}
