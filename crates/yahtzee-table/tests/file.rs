//! The table file: round trip, and each kind of damage refused with its own message.

use std::path::{Path, PathBuf};

use yahtzee_rules::{RuleSet, State};
use yahtzee_table::{write_table, Bounds, Table, TableError, FORMAT_VERSION, MAGIC};

fn forced() -> &'static RuleSet {
    RuleSet::by_name("forced").unwrap()
}

/// Distinct values per state, each possible for its state (from 0 to the most it can still
/// score; NaN where no game goes), though not solved.
fn values(rules: &RuleSet) -> Vec<f64> {
    let bounds = Bounds::new(rules);
    let mut reachable = vec![false; rules.state_count()];
    for filled in 0..1 << rules.box_count() {
        for s in yahtzee_solver::reachable_states(rules, filled) {
            reachable[rules.state_index(s)] = true;
        }
    }
    (0..rules.state_count())
        .map(|i| {
            let s = rules.state_at(i);
            if reachable[i] {
                f64::from(bounds.of(s)) * (i % 11) as f64 / 10.0
            } else {
                f64::NAN
            }
        })
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
        assert_eq!(t.value_at(i).to_bits(), v[i].to_bits());
    }
    let s = State::new(0b1_0000_0000_0011, 9, false);
    assert_eq!(t.value(s), v[forced().state_index(s)]);
    assert!(t.value(s) > 0.0);
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

/// A table rewritten with impossible values and a correct checksum (as another program
/// could write it): refused on open, naming the first bad state.
fn refused_with(change: impl Fn(usize, &mut f64)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.table");
    let mut v = values(forced());
    for (i, x) in v.iter_mut().enumerate() {
        change(i, x);
    }
    write_table(&path, forced(), &v).unwrap();
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::BadValue { .. }), "{msg}");
    msg
}

#[test]
fn impossible_values_are_refused_naming_the_state() {
    let huge = refused_with(|_, x| {
        if !x.is_nan() {
            *x = 1e308
        }
    });
    assert!(
        huge.ends_with(
            "is corrupt: state 0 (filled: none; upper total 0) holds 1e308, above 1675, \
             a bound on the points that state can still score"
        ),
        "{huge}"
    );
    let negative = refused_with(|_, x| {
        if !x.is_nan() {
            *x = -5.0
        }
    });
    assert!(
        negative.ends_with("state 0 (filled: none; upper total 0) holds -5, below 0"),
        "{negative}"
    );
    // One bad value deep in the table: the message names that state.
    let yahtzee = forced()
        .box_index(yahtzee_rules::Category::Yahtzee)
        .unwrap();
    let s = State::new(0b11 | 1 << yahtzee, 9, true);
    let at = forced().state_index(s);
    let inf = refused_with(|i, x| {
        if i == at {
            *x = f64::INFINITY
        }
    });
    assert!(
        inf.contains(&format!(
            "state {at} (filled: ones twos yahtzee; upper total 9; yahtzee holds 50) holds inf, not a finite number"
        )),
        "{inf}"
    );
    let nan = refused_with(|i, x| {
        if i == at {
            *x = f64::NAN
        }
    });
    assert!(nan.ends_with("holds NaN for a reachable state"), "{nan}");
    // Upper total 1 cannot be made with only Twos filled; the Yahtzee flag needs its box.
    for s in [State::new(0b10, 1, false), State::new(0b1, 0, true)] {
        let at = forced().state_index(s);
        let msg = refused_with(|i, x| {
            if i == at {
                *x = 12.0
            }
        });
        assert!(
            msg.contains(&format!("state {at} "))
                && msg.ends_with("holds 12 for a state no game reaches (it must hold NaN)"),
            "{msg}"
        );
    }
}

#[test]
fn the_bound_is_never_below_the_exact_maximum() {
    // Official, Yatzy and every house rule at once (Mega bonus included).
    let every = RuleSet::every()
        .find(|r| {
            r.house.mulligan && r.house.chance_chance && r.house.fool_house && r.house.mega_yahtzee
        })
        .unwrap();
    let games = [
        forced(),
        RuleSet::by_name("yatzy").unwrap(),
        every.reduced(
            &[
                yahtzee_rules::Category::Ones,
                yahtzee_rules::Category::Sixes,
                yahtzee_rules::Category::FullHouse,
                yahtzee_rules::Category::Yahtzee,
                yahtzee_rules::Category::Chance,
            ],
            20,
        ),
    ];
    for rules in games {
        let max = yahtzee_solver::max_remaining(rules);
        let bounds = Bounds::new(rules);
        let mut tight = 0;
        for (i, &m) in max.iter().enumerate() {
            let s = rules.state_at(i);
            if m != yahtzee_solver::NO_STATE {
                let bound = bounds.of(s);
                assert!(u32::from(m) <= bound, "{}: {s:?} {m} > {bound}", rules.name);
                tight += usize::from(u32::from(m) == bound);
            }
        }
        // The bound is exact on many states (it is not a loose constant).
        assert!(tight > 0, "{}", rules.name);
    }
}

#[test]
fn a_header_claiming_a_huge_string_is_a_bad_header() {
    // Found by fuzzing: the rule set name's length read as nearly 2^64 sized an allocation.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.table");
    let mut bytes = MAGIC.to_vec();
    bytes.extend(FORMAT_VERSION.to_le_bytes());
    bytes.extend(0xFFFF_FFFF_FFFF_FFF0u64.to_le_bytes());
    bytes.resize(4096, 0);
    std::fs::write(&path, bytes).unwrap();
    let (e, msg) = open_err(&path);
    assert!(matches!(e, TableError::BadHeader { .. }), "{msg}");
}

#[test]
fn a_part_of_a_table_checks_its_part_and_answers_only_there() {
    // Ones and twos filled: the part holds the states with both filled.
    let need = 0b11;
    let mut v = values(forced());
    for (i, x) in v.iter_mut().enumerate() {
        if forced().state_at(i).filled() & need != need {
            *x = f64::NAN;
        }
    }
    let part = Table::part(forced(), &v, need, Path::new("part")).unwrap();
    assert!(!part.is_whole());
    let inside = State::new(0b111, 5, false);
    assert!(part.covers(inside) && !part.covers(State::new(0b101, 4, false)));
    assert_eq!(part.value(inside), v[forced().state_index(inside)]);
    // Its bytes are no table: opened as a whole one, the first state outside the part
    // (the empty card) is refused.
    let msg = Table::from_bytes(part.file_bytes().to_vec(), Path::new("t"), forced())
        .err()
        .unwrap()
        .to_string();
    assert!(
        msg.contains("state 0 ") && msg.ends_with("holds NaN for a reachable state"),
        "{msg}"
    );
    // An impossible value inside the part is refused as in a whole table.
    let at = forced().state_index(inside);
    v[at] = -1.0;
    let msg = Table::part(forced(), &v, need, Path::new("part"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        msg.contains(&format!("state {at} ")) && msg.ends_with("holds -1, below 0"),
        "{msg}"
    );
    let whole = Table::from_bytes(
        yahtzee_table::table_bytes(forced(), &values(forced())),
        Path::new("t"),
        forced(),
    )
    .unwrap();
    assert!(whole.is_whole() && whole.covers(State::new(0, 0, false)));
}
