//! `scripts/read_table.py`, the reference reader of docs/TABLE_FORMAT.md, against the Rust
//! side: on solved tables of both objectives (a reduced four-box game, so the solves are
//! quick) it prints exactly the numbers the solver holds, and it refuses damaged files with
//! one line and a non-zero exit.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;
use yahtzee_rules::{Category, RuleSet, State};
use yahtzee_solver::PointsTable;
use yahtzee_table::{write_table, write_target_table, Header};

/// Four boxes of the official rules: bit 0 twos, 1 full house, 2 Yahtzee, 3 chance.
fn small() -> &'static RuleSet {
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

/// Both tables of the small game, solved once and written to a shared folder.
struct Solved {
    dir: tempfile::TempDir,
    values: Vec<f64>,
    target: PointsTable,
    value_header: Header,
    target_header: Header,
}

fn solved() -> &'static Solved {
    static S: OnceLock<Solved> = OnceLock::new();
    S.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let values = yahtzee_solver::solve(small(), &|_| {});
        let target = yahtzee_solver::solve_target(small(), &|_| {});
        let value_header = write_table(&dir.path().join("v.table"), small(), &values).unwrap();
        let target_header = write_target_table(
            &dir.path().join("t.table"),
            small(),
            &target.offsets,
            &target.values,
        )
        .unwrap();
        Solved {
            dir,
            values,
            target,
            value_header,
            target_header,
        }
    })
}

fn value_file() -> PathBuf {
    solved().dir.path().join("v.table")
}

fn target_file() -> PathBuf {
    solved().dir.path().join("t.table")
}

fn script(table: &Path, args: &[&str]) -> Output {
    Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/read_table.py"
        ))
        .arg(table)
        .args(args)
        .output()
        .expect("python3 runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs the script in JSON mode; it must succeed.
fn json(table: &Path, args: &[&str]) -> Value {
    let out = script(table, &[args, &["--json"]].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Runs the script on a file it must refuse; returns its one-line message.
fn refused(table: &Path, args: &[&str]) -> String {
    let out = script(table, args);
    let err = stderr(&out);
    assert!(
        !out.status.success(),
        "{args:?} succeeded: {}",
        stdout(&out)
    );
    assert!(!err.contains("Traceback"), "{args:?} crashed: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {err}"
    );
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// The script's arguments naming a state by its boxes (as bit numbers: the card is not a
/// standard one).
fn state_args(s: State) -> Vec<String> {
    let bits: Vec<String> = (0..small().box_count())
        .filter(|&b| s.is_filled(b))
        .map(|b| b.to_string())
        .collect();
    let mut args = vec![
        "--filled".to_string(),
        bits.join(","),
        "--upper".to_string(),
        s.upper().to_string(),
    ];
    if s.yahtzee_50() {
        args.push("--yahtzee-50".to_string());
    }
    args
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Some reachable states (with and without the Yahtzee flag, below and past the upper
/// threshold) and some unreachable ones.
fn states() -> Vec<State> {
    vec![
        State::START,
        State::new(0b0100, 0, true),
        State::new(0b0100, 0, false),
        State::new(0b0101, 4, true),
        State::new(0b0111, 6, true),
        State::new(0b0011, 2, false),
        State::new(0b1110, 0, true),
        State::new(0b1011, 8, false),
        State::new(0b1111, 10, true),
        State::new(0b0001, 1, false), // upper 1 from twos alone: unreachable
        State::new(0b0000, 0, true),  // flag with the Yahtzee box open: unreachable
    ]
}

fn hex(bytes: &[u8]) -> String {
    let h: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    h.join(" ")
}

/// The script's answer for the value table at state index `i`.
fn check_value(out: &Value, i: usize) {
    let want = solved().values[i];
    assert_eq!(out["index"], i);
    assert_eq!(out["header"]["objective"], "expected");
    assert_eq!(out["bytes"], hex(&want.to_le_bytes()), "state {i}");
    if want.is_nan() {
        assert!(out["value"].is_null(), "state {i}: {out}");
    } else {
        let got = out["value"].as_f64().unwrap();
        assert!((got - want).abs() <= 1e-9, "state {i}: {got} vs {want}");
    }
}

/// The script's answer for the target table at state index `i`, asked for `needed` points.
fn check_target(out: &Value, i: usize, needed: i64) {
    let t = &solved().target;
    let want = t.at(i);
    assert_eq!(out["index"], i);
    assert_eq!(out["header"]["objective"], "target");
    let got: Vec<f32> = out["vector"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap() as f32)
        .collect();
    assert_eq!(got, want, "state {i}");
    let max = (!want.is_empty()).then(|| want.len() as u64 - 1);
    assert_eq!(out["max_points"].as_u64(), max, "state {i}");
    if want.is_empty() {
        assert!(out["p_at_least"].is_null(), "unreachable state {i}: {out}");
    } else {
        let p = out["p_at_least"].as_f64().unwrap();
        let s = small().state_at(i);
        assert!(
            (p - t.p_at_least(s, needed)).abs() <= 1e-9,
            "state {i}, {needed}"
        );
    }
}

#[test]
fn value_tables_read_as_the_solver_wrote_them() {
    let h = &solved().value_header;
    assert_eq!(h.rules, "forced:twos,full_house,yahtzee,chance@6");
    for s in states() {
        let i = small().state_index(s);
        check_value(&json(&value_file(), &strs(&state_args(s))), i);
    }
    for i in (0..small().state_count()).step_by(89) {
        check_value(&json(&value_file(), &["--index", &i.to_string()]), i);
    }
    // Text mode, header and empty card: the printed decimals are the exact f64.
    let out = script(
        &value_file(),
        &["--rules", "forced:twos,full_house,yahtzee,chance@6"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("objective       expected"), "{text}");
    assert!(
        text.contains(&format!("{:08x} (verified)", h.payload_crc32)),
        "{text}"
    );
    let value: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("value "))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(value, solved().values[0]);
}

#[test]
fn target_tables_read_as_the_solver_wrote_them() {
    let t = &solved().target;
    assert_eq!(solved().target_header.objective, "target");
    for s in states() {
        let i = small().state_index(s);
        let max = t.at(i).len() as i64 - 1;
        for needed in [-1, max / 2, max + 1] {
            let mut args = state_args(s);
            args.extend(["--vector", "--points-needed"].map(String::from));
            args.push(needed.to_string());
            check_target(&json(&target_file(), &strs(&args)), i, needed);
        }
    }
    for i in (0..small().state_count()).step_by(89) {
        let needed = (i % 150) as i64;
        let n = needed.to_string();
        let args = ["--index", &i.to_string(), "--vector", "--points-needed", &n];
        check_target(&json(&target_file(), &args), i, needed);
    }
    // Text mode: the printed probability is the exact f32.
    let s = State::new(0b0101, 4, true);
    let mut args = state_args(s);
    args.extend(["--points-needed", "30", "--verify-all"].map(String::from));
    let out = script(&target_file(), &strs(&args));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let p: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("P(at least 30 more points) = "))
        .unwrap_or_else(|| panic!("{text}"))
        .parse()
        .unwrap();
    assert_eq!(p, t.p_at_least(s, 30));
    assert!(p > 0.0 && p < 1.0, "{p}");
}

/// A copy of `from` in a fresh folder with the byte at `at` flipped.
fn damaged(from: &Path, at: u64) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.table");
    let mut bytes = std::fs::read(from).unwrap();
    bytes[at as usize] ^= 0x01;
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

#[test]
fn a_flipped_payload_byte_is_refused() {
    // Value tables are checked whole, whatever state is asked for.
    let h = &solved().value_header;
    let (_dir, path) = damaged(&value_file(), h.payload_offset + 8 * 700 + 3);
    let err = refused(&path, &[]);
    assert!(err.contains("payload checksum"), "{err}");

    // Target tables: the set read is checked; other sets still answer; --verify-all
    // checks the whole payload.
    let h = &solved().target_header;
    let t = &solved().target;
    let lanes = small().lanes_per_set();
    let set = 0b0101;
    let (_dir, path) = damaged(
        &target_file(),
        h.payload_offset + 4 * t.offsets[set * lanes],
    );
    let mut args = state_args(State::new(0b0101, 4, true));
    args.extend(["--points-needed", "10"].map(String::from));
    let err = refused(&path, &strs(&args));
    assert!(err.contains("filled set 0x5 checksum"), "{err}");
    let other = state_args(State::new(0b0100, 0, true));
    json(&path, &strs(&other));
    let err = refused(&path, &[strs(&other), vec!["--verify-all"]].concat());
    assert!(err.contains("payload checksum"), "{err}");
}

#[test]
fn damaged_indexes_and_mixed_up_tables_are_refused() {
    let h = &solved().target_header;
    let (_dir, path) = damaged(&target_file(), h.index_offset + 8 * 300 + 1);
    let err = refused(&path, &[]);
    assert!(err.contains("index checksum"), "{err}");

    let err = refused(&target_file(), &["--objective", "expected"]);
    assert!(err.contains("objective 'target'"), "{err}");
    let err = refused(&value_file(), &["--rules", "forced"]);
    assert!(
        err.contains("rules 'forced:twos,full_house,yahtzee,chance@6'"),
        "{err}"
    );
    let err = refused(&value_file(), &["--points-needed", "3"]);
    assert!(err.contains("target table"), "{err}");
    let err = refused(&value_file(), &["--filled", "ones"]);
    assert!(err.contains("unknown box"), "{err}");

    // Another format version, and a file cut short.
    let (dir, path) = damaged(&value_file(), 8);
    let err = refused(&path, &[]);
    assert!(err.contains("format version 3"), "{err}");
    let bytes = std::fs::read(target_file()).unwrap();
    let short = dir.path().join("short.table");
    std::fs::write(&short, &bytes[..bytes.len() - 4]).unwrap();
    let err = refused(&short, &[]);
    assert!(err.contains("truncated or padded"), "{err}");
}
